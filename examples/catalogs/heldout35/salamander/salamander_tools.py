"""Salamander: the front desk, kitchen manager, hygiene supervisor and accounts of Larkspur Yard Kitchens (37 calls).

Async functions over an in-memory ``State`` of a shared commercial kitchen on Monday 6 March 2034 at 08:00. Larkspur
Yard hires fitted kitchens by the hour to small food businesses (caterers, bakers, street-food traders, meal-prep
firms), with equipment to hire by the day and ambient, chilled and frozen storage shelves. The front desk finds,
registers and changes members, writes to them, records their staff's food hygiene certificates and their public
liability insurance, books kitchens, takes deposits, reschedules, extends and cancels bookings, checks members in and
out, hires and takes off equipment and assigns and releases storage. The kitchen manager approves members once their
paperwork is in, suspends and reinstates them, inducts their staff, checks members in and out, logs temperatures and
reports damage. The hygiene supervisor signs off the deep clean after every session. Accounts raise invoices, record
payments, charge damage and take deposits. The director may do everything. The kitchen spaces and the equipment list are
public.

Every tool is an ``async def`` without a decorator; each checks its session and role itself (``who = _session(state,
token, "desk")``), and refuses by raising the module's own exception class: ``KitchenError("BK-3302 is provisional; a
member is checked in on a confirmed booking (deposit paid)")``, which the runtime records as an error. Replies are
pydantic models and lists of them, with rows nested as lists of lists (a member's file, a booking's equipment,
availability, an invoice's lines); bare values answer a temperature logged (whether it is within the limit), a booking
extended (the new hire total) and an induction (the names of everyone inducted for the member); sentences with an id in
them answer a message, a booking cancelled, a shelf released and a sign-out. Annotations use PEP 604 and builtin
generics evaluated at definition (``str | None``, ``list[str]``), with a ``str`` ``Enum`` input and filter
(``StorageKind``), a ``str`` ``Enum`` filter (``BookingStatus``), a plain ``Enum`` input (``Unit``), ``Literal`` inputs
(business kind, payment method) and ``Literal`` filters (damage and invoice status). reST docstrings (``:param ...:``,
``:returns:``, ``:raises KitchenError:``). Ids look alike: member ``MB-1210``, booking ``BK-3310``, shelf ``SH-70``,
damage ``DM-710``, invoice ``INV-5510``, message ``MG-880``; kitchen ``HOT-2``; equipment ``BC-10``. The hygiene
certificate levels accepted, that a certificate over three years old is not accepted, the insurance cover required, and
the checks each kind of kitchen's deep clean covers are stated only in refusals.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as provider means either
tool satisfies it, and the text of ``what`` before its first ``:`` is the kind.
"""

import datetime
from enum import Enum
from typing import Any, Literal

from pydantic import BaseModel

TODAY = "2034-03-06"  # a Monday
NOW = "08:00"
OPEN, CLOSE = 6, 22


class StorageKind(str, Enum):
    AMBIENT = "ambient"
    CHILLED = "chilled"
    FROZEN = "frozen"


class BookingStatus(str, Enum):
    PROVISIONAL = "provisional"
    CONFIRMED = "confirmed"
    IN_KITCHEN = "in_kitchen"
    AWAITING_CLEAN = "awaiting_clean"
    CLOSED = "closed"
    CANCELLED = "cancelled"


class Unit(Enum):
    FRIDGE = "fridge"
    FREEZER = "freezer"
    HOT_HOLD = "hot_hold"
    BLAST_CHILLER = "blast_chiller"


Business = Literal["caterer", "bakery", "street_food", "meal_prep", "other"]
Method = Literal["card", "bank_transfer"]
DamageStatus = Literal["reported", "charged"]
InvoiceStatus = Literal["issued", "paid"]

SPACES = {  # code -> name, kind, hourly rate, people
    "PAS-1": ("Pastry kitchen", "pastry", 32.0, 4),
    "HOT-2": ("Hot kitchen A", "hot", 38.0, 6),
    "HOT-3": ("Hot kitchen B", "hot", 38.0, 6),
    "PRP-4": ("Cold prep room", "prep", 24.0, 3),
}
EQUIPMENT = {  # code -> name, rate per day
    "BC-10": ("Blast chiller, 10 trays", 25.0),
    "CO-10": ("Combi oven, 10 grid", 40.0),
    "PM-60": ("Planetary mixer, 60 litre", 18.0),
    "SV-20": ("Sous-vide water bath, 20 litre", 12.0),
    "VP-02": ("Chamber vacuum packer", 10.0),
    "DH-05": ("Dehydrator, 5 shelf", 8.0),
}
CLEAN_CHECKS = {  # kind of kitchen -> what the deep clean covers
    "hot": ["extraction_filters", "hobs", "ovens", "surfaces", "sinks", "floor", "bins"],
    "pastry": ["ovens", "mixers", "surfaces", "sinks", "floor", "bins"],
    "prep": ["surfaces", "slicers", "sinks", "floor", "bins"],
}
LIMITS = {"fridge": (None, 5.0), "freezer": (None, -18.0), "hot_hold": (63.0, None), "blast_chiller": (None, 3.0)}
SHELVES = {"ambient": 8, "chilled": 6, "frozen": 4}
SHELF_RATE = {"ambient": 15.0, "chilled": 30.0, "frozen": 35.0}  # a month
MIN_COVER = 5_000_000.0
DEPOSIT_SHARE = 0.25
PAYMENT_DAYS = 30
ROLE_NAMES = {"desk": "the front desk", "kitchen": "the kitchen manager", "hygiene": "the hygiene supervisor",
              "accounts": "accounts"}


class KitchenError(Exception):
    """A refusal by Larkspur Yard's booking system."""


# --------------------------------------------------------------------------- replies


class Session(BaseModel):
    token: str
    name: str
    role: str


class Space(BaseModel):
    code: str
    name: str
    kind: str
    hourly_rate: float
    people: int


class EquipmentItem(BaseModel):
    code: str
    name: str
    day_rate: float


class MemberRow(BaseModel):
    member_id: str
    business: str
    contact: str
    phone: str
    status: str


class Member(BaseModel):
    member_id: str
    business: str
    kind: str
    contact: str
    phone: str
    email: str
    status: str


class MemberFile(BaseModel):
    member: Member
    certificates: list[list[Any]]
    insurance: list[Any] | None
    inducted: list[str]
    bookings: list[list[Any]]
    shelves: list[list[Any]]
    invoices: list[list[Any]]


class Certificate(BaseModel):
    member_id: str
    holder: str
    level: int
    provider: str
    issued: str
    counts_until: str


class Insurance(BaseModel):
    member_id: str
    insurer: str
    policy_number: str
    cover: float
    expires: str


class Availability(BaseModel):
    space: str
    date: str
    booked: list[list[str]]
    free: list[list[str]]


class Booking(BaseModel):
    booking_id: str
    member_id: str
    business: str
    space: str
    date: str
    start: str
    end: str
    hours: int
    hire: float
    deposit_due: float
    deposit_paid: float
    status: str
    equipment: list[list[Any]]
    people: list[str]


class Shelf(BaseModel):
    shelf_id: str
    member_id: str
    kind: str
    monthly_rate: float


class Damage(BaseModel):
    damage_id: str
    booking_id: str
    member_id: str
    item: str
    description: str
    status: str
    amount: float | None


class Invoice(BaseModel):
    invoice_id: str
    member_id: str
    issued: str
    lines: list[list[Any]]
    total: float
    paid: float
    status: str


# --------------------------------------------------------------------------- state


class State:
    """Larkspur Yard Kitchens on Monday 6 March 2034 at 08:00."""

    def __init__(self) -> None:
        self.staff = {
            "beth.a": {"name": "Beth Amos", "password": "Mise-En-Place-4", "role": "desk"},
            "ravi.k": {"name": "Ravi Kapoor", "password": "Walk-In-Cold-12", "role": "desk"},
            "marta.s": {"name": "Marta Sokol", "password": "Salamander-Grill-7", "role": "kitchen"},
            "colm.o": {"name": "Colm O'Rourke", "password": "Blue-Roll-Daily-3", "role": "hygiene"},
            "fen.w": {"name": "Fen Walsh", "password": "Ledger-Line-88", "role": "accounts"},
            "jules.d": {"name": "Jules Darby", "password": "Larkspur-2027", "role": "director"},
        }
        self.tokens: dict[str, dict] = {}
        self.members = {
            "MB-1201": {"business": "Crumb & Co Patisserie", "kind": "bakery", "contact": "Ms Aisha Bello",
                        "phone": "07700 911201", "email": "aisha@crumbandco.example", "status": "approved",
                        "inducted": ["Aisha Bello", "Tomasz Wrona"]},
            "MB-1202": {"business": "Nonna Rosa's Pasta", "kind": "caterer", "contact": "Mr Marco Ferri",
                        "phone": "07700 911202", "email": "marco@nonnarosa.example", "status": "approved",
                        "inducted": ["Marco Ferri"]},
            "MB-1203": {"business": "Green Lane Meal Prep", "kind": "meal_prep", "contact": "Ms Hannah Oyelaran",
                        "phone": "07700 911203", "email": "hannah@greenlanemeals.example", "status": "pending",
                        "inducted": []},
            "MB-1204": {"business": "Ember & Oak BBQ", "kind": "street_food", "contact": "Mr Dev Malhotra",
                        "phone": "07700 911204", "email": "dev@emberandoak.example", "status": "suspended",
                        "inducted": ["Dev Malhotra"], "reason": "Invoice INV-5501 unpaid after 30 days"},
        }
        self.certificates = [
            {"member": "MB-1201", "holder": "Aisha Bello", "level": 3, "provider": "Hollinsford College",
             "issued": "2032-09-14"},
            {"member": "MB-1202", "holder": "Marco Ferri", "level": 2, "provider": "Highfield e-learning",
             "issued": "2033-05-02"},
            {"member": "MB-1203", "holder": "Hannah Oyelaran", "level": 2, "provider": "CIEH online",
             "issued": "2034-01-20"},
            {"member": "MB-1204", "holder": "Dev Malhotra", "level": 2, "provider": "Highfield e-learning",
             "issued": "2032-06-30"},
        ]
        self.insurance = {
            "MB-1201": {"insurer": "Bakers' Mutual", "policy": "BM-PL-448120", "cover": 5_000_000.0,
                        "expires": "2034-11-30"},
            "MB-1202": {"insurer": "Hollin Insurance", "policy": "HI-77031", "cover": 10_000_000.0,
                        "expires": "2034-08-31"},
            "MB-1204": {"insurer": "Street Trader Cover", "policy": "STC-55102", "cover": 5_000_000.0,
                        "expires": "2034-05-31"},
        }

        def booking(member, space, date, start, hours, status, paid, equipment=(), people=()):
            hire = SPACES[space][2] * hours
            return {"member": member, "space": space, "date": date, "start": start, "hours": hours,
                    "status": status, "deposit_paid": paid, "equipment": list(equipment), "people": list(people),
                    "hire": hire, "invoice": None}

        self.bookings = {
            "BK-3296": booking("MB-1201", "PAS-1", "2034-02-27", "07:00", 5, "closed", 40.0),
            "BK-3300": booking("MB-1202", "HOT-3", TODAY, "06:00", 4, "in_kitchen", 38.0, people=["Marco Ferri"]),
            "BK-3301": booking("MB-1201", "PAS-1", TODAY, "06:00", 6, "confirmed", 48.0),
            "BK-3302": booking("MB-1202", "HOT-2", TODAY, "10:00", 6, "provisional", 0.0),
            "BK-3303": booking("MB-1201", "PAS-1", "2034-03-03", "06:00", 4, "awaiting_clean", 32.0,
                               people=["Aisha Bello"]),
            "BK-3304": booking("MB-1202", "HOT-3", "2034-03-08", "09:00", 8, "confirmed", 76.0, equipment=["CO-10"]),
        }
        self.bookings["BK-3296"]["invoice"] = "INV-5502"
        self.shelves = {
            "SH-61": {"member": "MB-1201", "kind": "chilled"},
            "SH-62": {"member": "MB-1202", "kind": "frozen"},
            "SH-63": {"member": "MB-1204", "kind": "ambient"},
        }
        self.damages = {
            "DM-701": {"booking": "BK-3296", "item": "Mixer bowl, 20 litre", "description": "Bowl cracked at the rim",
                       "status": "reported", "amount": None, "invoice": None},
        }
        self.invoices = {
            "INV-5501": {"member": "MB-1204", "issued": "2034-01-31",
                         "lines": [["BK-3251", "2034-01-12", "HOT-2", 8, 304.0, -76.0, 228.0],
                                   ["BK-3262", "2034-01-19", "HOT-2", 8, 304.0, -120.0, 184.0]],
                         "total": 412.0, "paid": 0.0, "status": "issued"},
            "INV-5502": {"member": "MB-1201", "issued": "2034-02-28",
                         "lines": [["BK-3296", "2034-02-27", "PAS-1", 5, 160.0, -40.0, 120.0]],
                         "total": 120.0, "paid": 0.0, "status": "issued"},
        }
        self.temperatures: list[list] = []
        self.messages: list[list] = []
        self.counters = {"token": 1, "member": 1210, "booking": 3310, "shelf": 70, "damage": 710, "invoice": 5510,
                         "message": 880}


# --------------------------------------------------------------------------- helpers


def _session(state: State, token: Any, *roles: str) -> dict:
    who = state.tokens.get(token) if isinstance(token, str) else None
    if who is None:
        raise KitchenError("not signed in, or the session has ended; sign in first")
    if roles and who["role"] not in roles and who["role"] != "director":
        raise KitchenError(f"{who['name']} ({who['role']}) may not do this; it is for "
                           f"{' or '.join(ROLE_NAMES[r] for r in roles)}")
    return who


def _next(state: State, kind: str) -> int:
    n = state.counters[kind]
    state.counters[kind] = n + 1
    return n


def _get(table: dict, key: Any, what: str) -> dict:
    row = table.get(key) if isinstance(key, str) else None
    if row is None:
        raise KitchenError(f"no {what} {key}")
    return row


def _text(value: Any, what: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise KitchenError(f"{what} is required")
    return value.strip()


def _date(text: Any, what: str) -> datetime.date:
    try:
        return datetime.date.fromisoformat(text)
    except (TypeError, ValueError):
        raise KitchenError(f"{what} {text!r} is not a date (YYYY-MM-DD)") from None


def _hour(text: Any) -> int:
    try:
        h, m = text.split(":")
        if m != "00":
            raise ValueError
        return int(h)
    except (AttributeError, ValueError):
        raise KitchenError(f"start {text!r} is not on the hour (HH:00)") from None


def _value(value: Any) -> Any:
    return value.value if isinstance(value, Enum) else value


def _member(state: State, mid: str) -> Member:
    m = state.members[mid]
    return Member(member_id=mid, business=m["business"], kind=m["kind"], contact=m["contact"], phone=m["phone"],
                  email=m["email"], status=m["status"])


def _end(b: dict) -> str:
    return f"{int(b['start'][:2]) + b['hours']:02d}:00"


def _booking(state: State, bid: str) -> Booking:
    b = state.bookings[bid]
    return Booking(booking_id=bid, member_id=b["member"], business=state.members[b["member"]]["business"],
                   space=b["space"], date=b["date"], start=b["start"], end=_end(b), hours=b["hours"],
                   hire=b["hire"], deposit_due=round(b["hire"] * DEPOSIT_SHARE, 2), deposit_paid=b["deposit_paid"],
                   status=b["status"], equipment=[[c, EQUIPMENT[c][0], EQUIPMENT[c][1]] for c in b["equipment"]],
                   people=b["people"])


def _damage(state: State, did: str) -> Damage:
    d = state.damages[did]
    return Damage(damage_id=did, booking_id=d["booking"], member_id=state.bookings[d["booking"]]["member"],
                  item=d["item"], description=d["description"], status=d["status"], amount=d["amount"])


def _invoice(state: State, iid: str) -> Invoice:
    i = state.invoices[iid]
    return Invoice(invoice_id=iid, member_id=i["member"], issued=i["issued"], lines=i["lines"], total=i["total"],
                   paid=i["paid"], status=i["status"])


def _clash(state: State, space: str, date: str, start: int, hours: int, skip: str | None = None) -> str | None:
    for bid, b in sorted(state.bookings.items()):
        if bid == skip or b["space"] != space or b["date"] != date or b["status"] == "cancelled":
            continue
        s = int(b["start"][:2])
        if start < s + b["hours"] and s < start + hours:
            return bid
    return None


def _open_booking(b: dict, bid: str, *statuses: str) -> None:
    if b["status"] not in statuses:
        raise KitchenError(f"{bid} is {b['status'].replace('_', ' ')}")


# --------------------------------------------------------------------------- sign-in and the public lists


async def sign_in(state: State, username: str, password: str) -> Session:
    """Sign in to Larkspur Yard's booking system.

    :param username: The staff user name, e.g. ``beth.a``.
    :param password: The password.
    :returns: The session: a ``token`` to pass to every call but the public ones, the person's name and role (desk,
        kitchen, hygiene, accounts or director).
    :raises KitchenError: when the user name or password is not recognised.
    """
    s = state.staff.get(username.strip().lower()) if isinstance(username, str) else None
    if s is None or s["password"] != password:
        raise KitchenError("user name or password not recognised")
    token = f"ly-{username.split('.')[0]}-{_next(state, 'token'):04d}"
    state.tokens[token] = {"user": username.strip().lower(), "name": s["name"], "role": s["role"]}
    return Session(token=token, name=s["name"], role=s["role"])


async def sign_out(state: State, token: str) -> str:
    """End a session.

    :param token: The session token.
    :returns: A sentence naming who was signed out.
    :raises KitchenError: when the session is not open.
    """
    who = _session(state, token)
    state.tokens.pop(token)
    return f"Signed out {who['name']} (session {token})."


async def kitchen_spaces() -> list[Space]:
    """The kitchens Larkspur Yard hires out, as on the website.

    :returns: One entry per kitchen: its code, name, kind (hot, pastry or prep), hourly rate and how many people
        can work in it.
    """
    return [Space(code=code, name=s[0], kind=s[1], hourly_rate=s[2], people=s[3]) for code, s in SPACES.items()]


async def equipment_list() -> list[EquipmentItem]:
    """The equipment members may hire with a kitchen, as on the website.

    :returns: One entry per item: its code, name and rate per day.
    """
    return [EquipmentItem(code=code, name=e[0], day_rate=e[1]) for code, e in EQUIPMENT.items()]


# --------------------------------------------------------------------------- members


async def find_member(state: State, token: str, text: str) -> list[MemberRow]:
    """Find members by part of their business name, contact or phone number.

    :param token: The session token.
    :param text: What to look for.
    :returns: One row per member found: member id, business, contact, phone and status (pending, approved or
        suspended).
    :raises KitchenError: when the session is not open.
    """
    _session(state, token)
    needle = _text(text, "text").lower()
    return [MemberRow(member_id=mid, business=m["business"], contact=m["contact"], phone=m["phone"],
                      status=m["status"]) for mid, m in sorted(state.members.items())
            if any(needle in m[k].lower() for k in ("business", "contact", "phone"))]


async def register_member(state: State, token: str, business: str, kind: Business, contact: str, phone: str,
                          email: str) -> Member:
    """Register a food business as a member; it may book once its paperwork is in and the kitchen manager has
    approved it.

    :param token: The session token.
    :param business: The business's trading name.
    :param kind: ``caterer``, ``bakery``, ``street_food``, ``meal_prep`` or ``other``.
    :param contact: The person Larkspur Yard deals with.
    :param phone: Their phone number.
    :param email: Their e-mail address.
    :returns: The member with its new member id, status ``pending``.
    :raises KitchenError: when a value is missing or the business is a member already.
    """
    _session(state, token, "desk")
    business, contact, phone, email = (_text(business, "business"), _text(contact, "contact"),
                                       _text(phone, "phone"), _text(email, "email").lower())
    if kind not in ("caterer", "bakery", "street_food", "meal_prep", "other"):
        raise KitchenError(f"kind {kind!r} is not a kind of business the system knows")
    for mid, m in state.members.items():
        if m["business"].lower() == business.lower():
            raise KitchenError(f"{m['business']} is a member already ({mid})")
    mid = f"MB-{_next(state, 'member')}"
    state.members[mid] = {"business": business, "kind": kind, "contact": contact, "phone": phone, "email": email,
                          "status": "pending", "inducted": []}
    return _member(state, mid)


async def update_member(state: State, token: str, member_id: str, contact: str | None = None,
                        phone: str | None = None, email: str | None = None) -> Member:
    """Change a member's contact, phone number or e-mail address; what is left out stays as it is.

    :param token: The session token.
    :param member_id: The member.
    :param contact: The new contact.
    :param phone: The new phone number.
    :param email: The new e-mail address.
    :returns: The member as changed.
    :raises KitchenError: when nothing would change.
    """
    _session(state, token, "desk")
    m = _get(state.members, member_id, "member")
    new = {k: v.strip() for k, v in (("contact", contact), ("phone", phone), ("email", email))
           if isinstance(v, str) and v.strip()}
    if "email" in new:
        new["email"] = new["email"].lower()
    changed = {k: v for k, v in new.items() if m[k] != v}
    if not changed:
        raise KitchenError(f"nothing to change for {m['business']}; those are the details on file")
    m.update(changed)
    return _member(state, member_id)


async def member_file(state: State, token: str, member_id: str) -> MemberFile:
    """A member's whole file.

    :param token: The session token.
    :param member_id: The member.
    :returns: The member; its hygiene certificates as rows of ``[holder, level, provider, issued, counts_until]``;
        its insurance as ``[insurer, policy_number, cover, expires]`` (or null); the people inducted; its bookings as
        rows of ``[booking_id, date, space, start, hours, status]``; its shelves as rows of ``[shelf_id, kind]``; its
        invoices as rows of ``[invoice_id, issued, total, paid, status]``.
    :raises KitchenError: when there is no such member.
    """
    _session(state, token)
    m = _get(state.members, member_id, "member")
    ins = state.insurance.get(member_id)
    return MemberFile(
        member=_member(state, member_id),
        certificates=[[c["holder"], c["level"], c["provider"], c["issued"], _counts_until(c["issued"])]
                      for c in state.certificates if c["member"] == member_id],
        insurance=None if ins is None else [ins["insurer"], ins["policy"], ins["cover"], ins["expires"]],
        inducted=list(m["inducted"]),
        bookings=[[bid, b["date"], b["space"], b["start"], b["hours"], b["status"]]
                  for bid, b in sorted(state.bookings.items()) if b["member"] == member_id],
        shelves=[[sid, s["kind"]] for sid, s in sorted(state.shelves.items()) if s["member"] == member_id],
        invoices=[[iid, i["issued"], i["total"], i["paid"], i["status"]] for iid, i in sorted(state.invoices.items())
                  if i["member"] == member_id])


async def message_member(state: State, token: str, member_id: str, subject: str, body: str) -> str:
    """E-mail a member's contact.

    :param token: The session token.
    :param member_id: The member.
    :param subject: The subject line.
    :param body: The message.
    :returns: A sentence with the message's id.
    :raises KitchenError: when a value is missing.
    """
    who = _session(state, token)
    m = _get(state.members, member_id, "member")
    subject, body = _text(subject, "subject"), _text(body, "body")
    mid = f"MG-{_next(state, 'message')}"
    state.messages.append([mid, member_id, subject, body, who["name"]])
    return f"Message {mid} sent to {m['contact']} at {m['email']}."


def _counts_until(issued: str) -> str:
    d = datetime.date.fromisoformat(issued)
    return d.replace(year=d.year + 3).isoformat()


async def record_hygiene_certificate(state: State, token: str, member_id: str, holder: str, level: int,
                                     provider: str, issued: str) -> Certificate:
    """Record a food hygiene certificate held by someone who works for a member.

    :param token: The session token.
    :param member_id: The member.
    :param holder: The name on the certificate.
    :param level: The level on the certificate.
    :param provider: Who awarded it.
    :param issued: The date on the certificate (YYYY-MM-DD).
    :returns: The certificate, with the day until which Larkspur Yard counts it.
    :raises KitchenError: when the certificate is not one the kitchen accepts, or is on file already.
    """
    _session(state, token, "desk", "kitchen")
    _get(state.members, member_id, "member")
    holder, provider = _text(holder, "holder"), _text(provider, "provider")
    day = _date(issued, "issued")
    if isinstance(level, bool) or level not in (2, 3):
        raise KitchenError(f"a level {level} certificate is not accepted; people handling open food here hold "
                           "Level 2 or Level 3 Food Hygiene and Safety for Catering")
    if day.isoformat() > TODAY:
        raise KitchenError(f"{issued} is in the future")
    if _counts_until(day.isoformat()) <= TODAY:
        raise KitchenError(f"a certificate issued on {issued} is more than three years old; the holder needs a "
                           "refresher")
    for c in state.certificates:
        if c["member"] == member_id and c["holder"].lower() == holder.lower() and c["issued"] == day.isoformat():
            raise KitchenError(f"{holder}'s certificate of {issued} is on file already")
    state.certificates.append({"member": member_id, "holder": holder, "level": level, "provider": provider,
                               "issued": day.isoformat()})
    return Certificate(member_id=member_id, holder=holder, level=level, provider=provider, issued=day.isoformat(),
                       counts_until=_counts_until(day.isoformat()))


async def record_insurance(state: State, token: str, member_id: str, insurer: str, policy_number: str, cover: float,
                           expires: str) -> Insurance:
    """Record a member's public liability insurance (it replaces any policy on file).

    :param token: The session token.
    :param member_id: The member.
    :param insurer: The insurer.
    :param policy_number: The policy number.
    :param cover: The public liability cover in pounds.
    :param expires: The day the policy ends (YYYY-MM-DD).
    :returns: The policy as recorded.
    :raises KitchenError: when the policy is not one the kitchen accepts, or is on file already.
    """
    _session(state, token, "desk", "kitchen")
    _get(state.members, member_id, "member")
    insurer, policy = _text(insurer, "insurer"), _text(policy_number, "policy_number").upper()
    end = _date(expires, "expires").isoformat()
    if isinstance(cover, bool) or not isinstance(cover, (int, float)) or cover < MIN_COVER:
        raise KitchenError(f"public liability cover of £{cover:,} is too little; members hold at least £5,000,000"
                           if isinstance(cover, (int, float)) else f"cover {cover!r} is not an amount")
    if end <= TODAY:
        raise KitchenError(f"a policy that ends on {end} has ended")
    old = state.insurance.get(member_id)
    if old is not None and old["policy"] == policy and old["expires"] == end:
        raise KitchenError(f"policy {policy} to {end} is on file already")
    state.insurance[member_id] = {"insurer": insurer, "policy": policy, "cover": float(cover), "expires": end}
    return Insurance(member_id=member_id, insurer=insurer, policy_number=policy, cover=float(cover), expires=end)


async def approve_member(state: State, token: str, member_id: str) -> Member:
    """Approve a pending member once its paperwork is in; an approved member may book and rent storage.

    :param token: The session token.
    :param member_id: The member.
    :returns: The member, now ``approved``.
    :raises KitchenError: when the paperwork is missing or the member is not pending.
    """
    _session(state, token, "kitchen")
    m = _get(state.members, member_id, "member")
    if m["status"] == "approved":
        raise KitchenError(f"{m['business']} is approved already")
    if m["status"] == "suspended":
        raise KitchenError(f"{m['business']} is suspended; a suspended member is reinstated, not approved")
    if not any(c["member"] == member_id and _counts_until(c["issued"]) > TODAY for c in state.certificates):
        raise KitchenError(f"{m['business']} has no food hygiene certificate on file")
    ins = state.insurance.get(member_id)
    if ins is None or ins["expires"] <= TODAY:
        raise KitchenError(f"{m['business']} has no public liability insurance on file")
    m["status"] = "approved"
    return _member(state, member_id)


async def suspend_member(state: State, token: str, member_id: str, reason: str) -> Member:
    """Suspend a member: no bookings, check-ins or storage until reinstated.

    :param token: The session token.
    :param member_id: The member.
    :param reason: Why.
    :returns: The member, now ``suspended``.
    :raises KitchenError: when the member is not approved.
    """
    _session(state, token, "kitchen")
    m = _get(state.members, member_id, "member")
    reason = _text(reason, "reason")
    if m["status"] == "suspended":
        raise KitchenError(f"{m['business']} is suspended already ({m.get('reason')})")
    if m["status"] != "approved":
        raise KitchenError(f"{m['business']} is {m['status']}")
    m.update({"status": "suspended", "reason": reason})
    return _member(state, member_id)


async def reinstate_member(state: State, token: str, member_id: str) -> Member:
    """Reinstate a suspended member.

    :param token: The session token.
    :param member_id: The member.
    :returns: The member, ``approved`` again.
    :raises KitchenError: when the member is not suspended or owes an invoice.
    """
    _session(state, token, "kitchen")
    m = _get(state.members, member_id, "member")
    if m["status"] != "suspended":
        raise KitchenError(f"{m['business']} is not suspended")
    for iid, i in sorted(state.invoices.items()):
        due = datetime.date.fromisoformat(i["issued"]) + datetime.timedelta(days=PAYMENT_DAYS)
        if i["member"] == member_id and i["status"] != "paid" and due.isoformat() < TODAY:
            raise KitchenError(f"{iid} (£{i['total'] - i['paid']:.2f}) is unpaid and overdue; a member who owes is "
                               "not reinstated")
    m["status"] = "approved"
    m.pop("reason", None)
    return _member(state, member_id)


async def record_induction(state: State, token: str, member_id: str, person: str) -> list[str]:
    """Record that the kitchen manager has inducted one of a member's staff (fire exits, gas isolation, allergens,
    cleaning down); only inducted people work in the kitchens.

    :param token: The session token.
    :param member_id: The member.
    :param person: The person inducted.
    :returns: Everyone now inducted for the member.
    :raises KitchenError: when the person is inducted already or the member suspended.
    """
    _session(state, token, "kitchen")
    m = _get(state.members, member_id, "member")
    person = _text(person, "person")
    if m["status"] == "suspended":
        raise KitchenError(f"{m['business']} is suspended")
    if person.lower() in (p.lower() for p in m["inducted"]):
        raise KitchenError(f"{person} is inducted for {m['business']} already")
    m["inducted"].append(person)
    return list(m["inducted"])


# --------------------------------------------------------------------------- bookings


async def availability(state: State, token: str, space_code: str, date: str) -> Availability:
    """What is booked and free in one kitchen on one day (open 06:00 to 22:00).

    :param token: The session token.
    :param space_code: The kitchen.
    :param date: The day (YYYY-MM-DD).
    :returns: The kitchen and day, with ``booked`` and ``free`` as rows of ``[from, to]``.
    :raises KitchenError: when there is no such kitchen.
    """
    _session(state, token)
    if space_code not in SPACES:
        raise KitchenError(f"no kitchen {space_code}")
    day = _date(date, "date").isoformat()
    taken = sorted((int(b["start"][:2]), int(b["start"][:2]) + b["hours"]) for b in state.bookings.values()
                   if b["space"] == space_code and b["date"] == day and b["status"] != "cancelled")
    free, at = [], OPEN
    for s, e in taken:
        if s > at:
            free.append([f"{at:02d}:00", f"{s:02d}:00"])
        at = max(at, e)
    if at < CLOSE:
        free.append([f"{at:02d}:00", f"{CLOSE:02d}:00"])
    return Availability(space=space_code, date=day, booked=[[f"{s:02d}:00", f"{e:02d}:00"] for s, e in taken],
                        free=free)


async def book_session(state: State, token: str, member_id: str, space_code: str, date: str, start: str,
                       hours: int) -> Booking:
    """Book a kitchen for an approved member; the booking is provisional until its deposit (a quarter of the hire)
    is paid.

    :param token: The session token.
    :param member_id: The member.
    :param space_code: The kitchen.
    :param date: The day (YYYY-MM-DD).
    :param start: The hour it starts (``HH:00``).
    :param hours: How many hours.
    :returns: The booking with its new id, status ``provisional`` and the deposit due.
    :raises KitchenError: when the member may not book or the kitchen is taken.
    """
    _session(state, token, "desk")
    m = _get(state.members, member_id, "member")
    if space_code not in SPACES:
        raise KitchenError(f"no kitchen {space_code}")
    day = _date(date, "date").isoformat()
    at = _hour(start)
    if isinstance(hours, bool) or not isinstance(hours, int) or hours < 1:
        raise KitchenError(f"{hours!r} is not a number of hours")
    if m["status"] != "approved":
        raise KitchenError(f"{m['business']} is {m['status']}; only an approved member books a kitchen")
    if day < TODAY:
        raise KitchenError(f"{day} has passed")
    if at < OPEN or at + hours > CLOSE:
        raise KitchenError(f"the kitchens are open {OPEN:02d}:00 to {CLOSE:02d}:00")
    clash = _clash(state, space_code, day, at, hours)
    if clash is not None:
        raise KitchenError(f"{space_code} is booked at that time ({clash})")
    bid = f"BK-{_next(state, 'booking')}"
    state.bookings[bid] = {"member": member_id, "space": space_code, "date": day, "start": f"{at:02d}:00",
                           "hours": hours, "status": "provisional", "deposit_paid": 0.0, "equipment": [],
                           "people": [], "hire": SPACES[space_code][2] * hours, "invoice": None}
    return _booking(state, bid)


async def bookings(state: State, token: str, date: str | None = None, member_id: str | None = None,
                   status: BookingStatus | None = None) -> list[Booking]:
    """Bookings, optionally on one day, of one member or in one status.

    :param token: The session token.
    :param date: Only bookings on this day.
    :param member_id: Only this member's bookings.
    :param status: ``provisional``, ``confirmed``, ``in_kitchen``, ``awaiting_clean``, ``closed`` or ``cancelled``.
    :returns: The bookings, in id order.
    :raises KitchenError: when the session is not open.
    """
    _session(state, token)
    want = _value(status)
    return [_booking(state, bid) for bid, b in sorted(state.bookings.items())
            if (date is None or b["date"] == date) and (member_id is None or b["member"] == member_id)
            and (want is None or b["status"] == want)]


async def take_deposit(state: State, token: str, booking_id: str, amount: float, method: Method) -> Booking:
    """Take a provisional booking's deposit; the booking is then confirmed.

    :param token: The session token.
    :param booking_id: The booking.
    :param amount: The amount paid, which is the deposit due.
    :param method: ``card`` or ``bank_transfer``.
    :returns: The booking, now ``confirmed``.
    :raises KitchenError: when the booking is not provisional or the amount is not the deposit due.
    """
    _session(state, token, "desk", "accounts")
    b = _get(state.bookings, booking_id, "booking")
    if b["status"] == "confirmed":
        raise KitchenError(f"{booking_id}'s deposit was paid already")
    _open_booking(b, booking_id, "provisional")
    if method not in ("card", "bank_transfer"):
        raise KitchenError(f"method {method!r} is not taken")
    due = round(b["hire"] * DEPOSIT_SHARE, 2)
    if isinstance(amount, bool) or not isinstance(amount, (int, float)) or round(float(amount), 2) != due:
        raise KitchenError(f"the deposit on {booking_id} is £{due:.2f}")
    b.update({"status": "confirmed", "deposit_paid": due})
    return _booking(state, booking_id)


async def reschedule_booking(state: State, token: str, booking_id: str, date: str, start: str) -> Booking:
    """Move a booking to another day or hour in the same kitchen, for the same length.

    :param token: The session token.
    :param booking_id: The booking.
    :param date: The new day (YYYY-MM-DD).
    :param start: The new starting hour (``HH:00``).
    :returns: The booking as moved.
    :raises KitchenError: when the booking has started or the kitchen is taken.
    """
    _session(state, token, "desk")
    b = _get(state.bookings, booking_id, "booking")
    _open_booking(b, booking_id, "provisional", "confirmed")
    day, at = _date(date, "date").isoformat(), _hour(start)
    if day < TODAY:
        raise KitchenError(f"{day} has passed")
    if at < OPEN or at + b["hours"] > CLOSE:
        raise KitchenError(f"the kitchens are open {OPEN:02d}:00 to {CLOSE:02d}:00")
    if (day, f"{at:02d}:00") == (b["date"], b["start"]):
        raise KitchenError(f"{booking_id} is at that time already")
    clash = _clash(state, b["space"], day, at, b["hours"], skip=booking_id)
    if clash is not None:
        raise KitchenError(f"{b['space']} is booked at that time ({clash})")
    for code in b["equipment"]:
        other = _equipment_out(state, code, day, skip=booking_id)
        if other is not None:
            raise KitchenError(f"{code} is hired to {other} that day")
    b.update({"date": day, "start": f"{at:02d}:00"})
    return _booking(state, booking_id)


async def extend_booking(state: State, token: str, booking_id: str, extra_hours: int) -> float:
    """Add hours to the end of a booking.

    :param token: The session token.
    :param booking_id: The booking.
    :param extra_hours: How many hours to add.
    :returns: The booking's new hire total in pounds.
    :raises KitchenError: when the kitchen is taken after it or it would run past closing.
    """
    _session(state, token, "desk")
    b = _get(state.bookings, booking_id, "booking")
    _open_booking(b, booking_id, "provisional", "confirmed", "in_kitchen")
    if isinstance(extra_hours, bool) or not isinstance(extra_hours, int) or extra_hours < 1:
        raise KitchenError(f"{extra_hours!r} is not a number of hours")
    end = int(b["start"][:2]) + b["hours"]
    if end + extra_hours > CLOSE:
        raise KitchenError(f"the kitchens close at {CLOSE:02d}:00")
    clash = _clash(state, b["space"], b["date"], end, extra_hours, skip=booking_id)
    if clash is not None:
        raise KitchenError(f"{b['space']} is booked after {booking_id} ({clash})")
    b["hours"] += extra_hours
    b["hire"] = SPACES[b["space"]][2] * b["hours"]
    return b["hire"]


async def cancel_booking(state: State, token: str, booking_id: str, reason: str) -> str:
    """Cancel a booking that has not started; a deposit is refunded when the booking is two or more days away.

    :param token: The session token.
    :param booking_id: The booking.
    :param reason: Why.
    :returns: A sentence saying what was cancelled and refunded.
    :raises KitchenError: when the booking has started or is cancelled already.
    """
    _session(state, token, "desk")
    b = _get(state.bookings, booking_id, "booking")
    reason = _text(reason, "reason")
    if b["status"] == "cancelled":
        raise KitchenError(f"{booking_id} is cancelled already")
    _open_booking(b, booking_id, "provisional", "confirmed")
    away = (datetime.date.fromisoformat(b["date"]) - datetime.date.fromisoformat(TODAY)).days
    refund = b["deposit_paid"] if away >= 2 else 0.0
    b.update({"status": "cancelled", "equipment": [], "reason": reason})
    return (f"{booking_id} ({b['space']} on {b['date']}) cancelled; "
            + (f"deposit of £{refund:.2f} refunded." if refund else "no deposit refunded."))


async def check_in(state: State, token: str, booking_id: str, people: list[str]) -> Booking:
    """Check a member's team into the kitchen at the start of their booking.

    :param token: The session token.
    :param booking_id: The booking.
    :param people: Who is working in the kitchen.
    :returns: The booking, now ``in_kitchen``.
    :raises KitchenError: when the booking is not confirmed for today or someone is not inducted.
    """
    _session(state, token, "desk", "kitchen")
    b = _get(state.bookings, booking_id, "booking")
    m = state.members[b["member"]]
    if b["status"] == "in_kitchen":
        raise KitchenError(f"{booking_id} is checked in already")
    if b["status"] == "provisional":
        raise KitchenError(f"{booking_id} is provisional; a member is checked in on a confirmed booking (deposit "
                           "paid)")
    _open_booking(b, booking_id, "confirmed")
    if b["date"] != TODAY:
        raise KitchenError(f"{booking_id} is on {b['date']}, not today")
    if m["status"] != "approved":
        raise KitchenError(f"{m['business']} is {m['status']}")
    names = [_text(p, "person") for p in people] if isinstance(people, list) else []
    if not names:
        raise KitchenError("name the people working")
    if len(names) > SPACES[b["space"]][3]:
        raise KitchenError(f"{b['space']} takes {SPACES[b['space']][3]} people")
    inducted = {p.lower() for p in m["inducted"]}
    missing = [p for p in names if p.lower() not in inducted]
    if missing:
        raise KitchenError(f"{', '.join(missing)} {'has' if len(missing) == 1 else 'have'} not been inducted for "
                           f"{m['business']}")
    b.update({"status": "in_kitchen", "people": names})
    return _booking(state, booking_id)


async def log_temperature(state: State, token: str, booking_id: str, unit: Unit, reading_c: float) -> bool:
    """Log a temperature check during a session (the kitchen's HACCP record).

    :param token: The session token.
    :param booking_id: The booking in the kitchen.
    :param unit: ``fridge``, ``freezer``, ``hot_hold`` or ``blast_chiller``.
    :param reading_c: The reading in degrees Celsius.
    :returns: Whether the reading is within the unit's limit (fridge 5 or below, freezer -18 or below, hot holding 63
        or above, blast chiller 3 or below).
    :raises KitchenError: when the booking is not in the kitchen.
    """
    who = _session(state, token, "kitchen", "hygiene")
    b = _get(state.bookings, booking_id, "booking")
    try:
        u = Unit(_value(unit)).value
    except ValueError:
        raise KitchenError(f"unit {unit!r} is not one the log takes") from None
    if isinstance(reading_c, bool) or not isinstance(reading_c, (int, float)):
        raise KitchenError(f"{reading_c!r} is not a reading")
    if b["status"] != "in_kitchen":
        raise KitchenError(f"{booking_id} is {b['status'].replace('_', ' ')}; temperatures are logged while a member "
                           "is in the kitchen")
    low, high = LIMITS[u]
    ok = (low is None or reading_c >= low) and (high is None or reading_c <= high)
    state.temperatures.append([booking_id, NOW, u, float(reading_c), ok, who["name"]])
    return ok


async def check_out(state: State, token: str, booking_id: str, notes: str) -> Booking:
    """Check a member out of the kitchen at the end of their session; the kitchen then waits for its deep clean to be
    signed off.

    :param token: The session token.
    :param booking_id: The booking.
    :param notes: The walk-round notes (what was left, anything to report).
    :returns: The booking, now ``awaiting_clean``.
    :raises KitchenError: when the member is not in the kitchen.
    """
    _session(state, token, "desk", "kitchen")
    b = _get(state.bookings, booking_id, "booking")
    notes = _text(notes, "notes")
    if b["status"] == "awaiting_clean":
        raise KitchenError(f"{booking_id} is checked out already")
    _open_booking(b, booking_id, "in_kitchen")
    b.update({"status": "awaiting_clean", "out_notes": notes})
    return _booking(state, booking_id)


async def sign_off_clean(state: State, token: str, booking_id: str, checklist: list[str], notes: str) -> Booking:
    """Sign off the deep clean of a kitchen after a session; the booking is then closed and ready to invoice.

    :param token: The session token.
    :param booking_id: The booking.
    :param checklist: What was checked clean.
    :param notes: The supervisor's notes.
    :returns: The booking, now ``closed``.
    :raises KitchenError: when the booking is not waiting for its clean, or the checklist falls short.
    """
    _session(state, token, "hygiene")
    b = _get(state.bookings, booking_id, "booking")
    notes = _text(notes, "notes")
    if b["status"] == "closed":
        raise KitchenError(f"{booking_id}'s clean was signed off already")
    _open_booking(b, booking_id, "awaiting_clean")
    kind = SPACES[b["space"]][1]
    done = {x.strip().lower() for x in checklist if isinstance(x, str)} if isinstance(checklist, list) else set()
    missing = [x for x in CLEAN_CHECKS[kind] if x not in done]
    if missing:
        raise KitchenError(f"the deep clean of a {kind} kitchen covers {', '.join(CLEAN_CHECKS[kind])}; "
                           f"{', '.join(missing)} not signed")
    b.update({"status": "closed", "clean_notes": notes})
    return _booking(state, booking_id)


# --------------------------------------------------------------------------- equipment and storage


def _equipment_out(state: State, code: str, date: str, skip: str | None = None) -> str | None:
    return next((bid for bid, b in sorted(state.bookings.items()) if bid != skip and b["date"] == date
                 and b["status"] not in ("cancelled",) and code in b["equipment"]), None)


async def hire_equipment(state: State, token: str, booking_id: str, codes: list[str]) -> Booking:
    """Hire equipment for the day of a confirmed booking.

    :param token: The session token.
    :param booking_id: The booking.
    :param codes: The equipment codes.
    :returns: The booking with its equipment as rows of ``[code, name, day_rate]``.
    :raises KitchenError: when the booking is not confirmed or an item is out that day.
    """
    _session(state, token, "desk")
    b = _get(state.bookings, booking_id, "booking")
    codes = list(codes) if isinstance(codes, list) else []
    if not codes:
        raise KitchenError("name the equipment")
    for code in codes:
        if code not in EQUIPMENT:
            raise KitchenError(f"no equipment {code!r}")
    if b["status"] == "provisional":
        raise KitchenError(f"{booking_id} is provisional; equipment is hired on a confirmed booking (deposit paid)")
    _open_booking(b, booking_id, "confirmed", "in_kitchen")
    for code in codes:
        if code in b["equipment"]:
            raise KitchenError(f"{code} is on {booking_id} already")
        other = _equipment_out(state, code, b["date"], skip=booking_id)
        if other is not None:
            raise KitchenError(f"{code} ({EQUIPMENT[code][0]}) is hired to {other} that day")
    b["equipment"].extend(codes)
    return _booking(state, booking_id)


async def remove_equipment(state: State, token: str, booking_id: str, code: str) -> Booking:
    """Take an item of equipment off a booking that has not started.

    :param token: The session token.
    :param booking_id: The booking.
    :param code: The equipment code.
    :returns: The booking with its equipment.
    :raises KitchenError: when the item is not on the booking or the booking has started.
    """
    _session(state, token, "desk")
    b = _get(state.bookings, booking_id, "booking")
    if code not in b["equipment"]:
        raise KitchenError(f"{code} is not on {booking_id}")
    _open_booking(b, booking_id, "provisional", "confirmed")
    b["equipment"].remove(code)
    return _booking(state, booking_id)


async def assign_storage(state: State, token: str, member_id: str, kind: StorageKind) -> Shelf:
    """Rent an approved member a storage shelf (ambient, chilled or frozen), billed monthly.

    :param token: The session token.
    :param member_id: The member.
    :param kind: ``ambient``, ``chilled`` or ``frozen``.
    :returns: The shelf with its id and monthly rate.
    :raises KitchenError: when the member is not approved, has such a shelf already, or none is free.
    """
    _session(state, token, "desk")
    m = _get(state.members, member_id, "member")
    k = _value(kind)
    if k not in SHELVES:
        raise KitchenError(f"storage {kind!r} is not a kind of storage")
    if m["status"] != "approved":
        raise KitchenError(f"{m['business']} is {m['status']}; storage is rented to approved members")
    for sid, s in sorted(state.shelves.items()):
        if s["member"] == member_id and s["kind"] == k:
            raise KitchenError(f"{m['business']} rents {k} shelf {sid} already")
    if sum(1 for s in state.shelves.values() if s["kind"] == k) >= SHELVES[k]:
        raise KitchenError(f"every {k} shelf is taken")
    sid = f"SH-{_next(state, 'shelf')}"
    state.shelves[sid] = {"member": member_id, "kind": k}
    return Shelf(shelf_id=sid, member_id=member_id, kind=k, monthly_rate=SHELF_RATE[k])


async def storage(state: State, token: str, member_id: str | None = None,
                  kind: StorageKind | None = None) -> list[Shelf]:
    """The storage shelves rented out, optionally to one member or of one kind.

    :param token: The session token.
    :param member_id: Only this member's shelves.
    :param kind: ``ambient``, ``chilled`` or ``frozen``.
    :returns: The shelves, in id order.
    :raises KitchenError: when the session is not open.
    """
    _session(state, token)
    k = _value(kind)
    return [Shelf(shelf_id=sid, member_id=s["member"], kind=s["kind"], monthly_rate=SHELF_RATE[s["kind"]])
            for sid, s in sorted(state.shelves.items())
            if (member_id is None or s["member"] == member_id) and (k is None or s["kind"] == k)]


async def release_storage(state: State, token: str, shelf_id: str) -> str:
    """Release a storage shelf a member no longer needs.

    :param token: The session token.
    :param shelf_id: The shelf.
    :returns: A sentence saying the shelf was released.
    :raises KitchenError: when there is no such shelf.
    """
    _session(state, token, "desk")
    s = _get(state.shelves, shelf_id, "shelf")
    del state.shelves[shelf_id]
    return f"Shelf {shelf_id} ({s['kind']}) released by {state.members[s['member']]['business']}."


# --------------------------------------------------------------------------- damage, invoices and payments


async def report_damage(state: State, token: str, booking_id: str, item: str, description: str) -> Damage:
    """Report damage found during or after a member's session.

    :param token: The session token.
    :param booking_id: The booking.
    :param item: What was damaged.
    :param description: What happened to it.
    :returns: The damage report with its new id, status ``reported``.
    :raises KitchenError: when the member has not been in the kitchen on that booking.
    """
    _session(state, token, "kitchen", "hygiene")
    b = _get(state.bookings, booking_id, "booking")
    item, description = _text(item, "item"), _text(description, "description")
    if b["status"] not in ("in_kitchen", "awaiting_clean", "closed"):
        raise KitchenError(f"{booking_id} is {b['status'].replace('_', ' ')}; damage is reported on a booking the "
                           "member has been in the kitchen for")
    did = f"DM-{_next(state, 'damage')}"
    state.damages[did] = {"booking": booking_id, "item": item, "description": description, "status": "reported",
                          "amount": None, "invoice": None}
    return _damage(state, did)


async def damages(state: State, token: str, status: DamageStatus | None = None) -> list[Damage]:
    """The damage reports, optionally in one status.

    :param token: The session token.
    :param status: ``reported`` or ``charged``.
    :returns: The damage reports, in id order.
    :raises KitchenError: when the session is not open.
    """
    _session(state, token)
    return [_damage(state, did) for did, d in sorted(state.damages.items()) if status is None or d["status"] == status]


async def charge_damage(state: State, token: str, damage_id: str, amount: float) -> Damage:
    """Charge a member for damage; the charge goes on their next invoice.

    :param token: The session token.
    :param damage_id: The damage report.
    :param amount: The charge in pounds.
    :returns: The damage report, now ``charged``.
    :raises KitchenError: when it is charged already.
    """
    _session(state, token, "accounts")
    d = _get(state.damages, damage_id, "damage report")
    if d["status"] == "charged":
        raise KitchenError(f"{damage_id} was charged already (£{d['amount']:.2f})")
    if isinstance(amount, bool) or not isinstance(amount, (int, float)) or amount <= 0:
        raise KitchenError(f"{amount!r} is not an amount")
    d.update({"status": "charged", "amount": round(float(amount), 2)})
    return _damage(state, damage_id)


async def raise_invoice(state: State, token: str, member_id: str) -> Invoice:
    """Invoice a member for every closed booking and charged damage not yet invoiced.

    :param token: The session token.
    :param member_id: The member.
    :returns: The invoice with its new id and its lines as rows of ``[booking_id, date, space, hours, hire,
        deposit, due]`` for bookings (equipment in the hire) and ``[damage_id, item, amount]`` for damage.
    :raises KitchenError: when there is nothing to invoice.
    """
    _session(state, token, "accounts")
    m = _get(state.members, member_id, "member")
    lines, total, used = [], 0.0, []
    for bid, b in sorted(state.bookings.items()):
        if b["member"] == member_id and b["status"] == "closed" and b["invoice"] is None:
            hire = b["hire"] + sum(EQUIPMENT[c][1] for c in b["equipment"])
            lines.append([bid, b["date"], b["space"], b["hours"], hire, -b["deposit_paid"], hire - b["deposit_paid"]])
            total += hire - b["deposit_paid"]
            used.append(("booking", bid))
    for did, d in sorted(state.damages.items()):
        if state.bookings[d["booking"]]["member"] == member_id and d["status"] == "charged" and d["invoice"] is None:
            lines.append([did, d["item"], d["amount"]])
            total += d["amount"]
            used.append(("damage", did))
    if not lines:
        raise KitchenError(f"nothing to invoice for {m['business']}; bookings are invoiced once their clean is signed "
                           "off")
    iid = f"INV-{_next(state, 'invoice')}"
    for kind, key in used:
        (state.bookings if kind == "booking" else state.damages)[key]["invoice"] = iid
    state.invoices[iid] = {"member": member_id, "issued": TODAY, "lines": lines, "total": round(total, 2),
                           "paid": 0.0, "status": "issued"}
    return _invoice(state, iid)


async def invoices(state: State, token: str, member_id: str | None = None,
                   status: InvoiceStatus | None = None) -> list[Invoice]:
    """Invoices, optionally of one member or in one status.

    :param token: The session token.
    :param member_id: Only this member's invoices.
    :param status: ``issued`` or ``paid``.
    :returns: The invoices, in id order.
    :raises KitchenError: when the session is not open.
    """
    _session(state, token)
    return [_invoice(state, iid) for iid, i in sorted(state.invoices.items())
            if (member_id is None or i["member"] == member_id) and (status is None or i["status"] == status)]


async def record_payment(state: State, token: str, invoice_id: str, amount: float, method: Method) -> Invoice:
    """Record a payment against an invoice.

    :param token: The session token.
    :param invoice_id: The invoice.
    :param amount: The amount paid in pounds.
    :param method: ``card`` or ``bank_transfer``.
    :returns: The invoice, ``paid`` once the total is reached.
    :raises KitchenError: when the invoice is paid already or the amount is more than is owed.
    """
    _session(state, token, "accounts")
    i = _get(state.invoices, invoice_id, "invoice")
    if i["status"] == "paid":
        raise KitchenError(f"{invoice_id} is paid already")
    if method not in ("card", "bank_transfer"):
        raise KitchenError(f"method {method!r} is not taken")
    owed = round(i["total"] - i["paid"], 2)
    if isinstance(amount, bool) or not isinstance(amount, (int, float)) or not 0 < amount <= owed:
        raise KitchenError(f"{invoice_id} has £{owed:.2f} owing")
    i["paid"] = round(i["paid"] + float(amount), 2)
    if i["paid"] >= i["total"]:
        i["status"] = "paid"
    return _invoice(state, invoice_id)


TOOLS = [
    sign_in, sign_out, kitchen_spaces, equipment_list, find_member, register_member, update_member, member_file,
    message_member, record_hygiene_certificate, record_insurance, approve_member, suspend_member, reinstate_member,
    record_induction, availability, book_session, bookings, take_deposit, reschedule_booking, extend_booking,
    cancel_booking, check_in, log_temperature, check_out, sign_off_clean, hire_equipment, remove_equipment,
    assign_storage, storage, release_storage, report_damage, damages, charge_damage, raise_invoice, invoices,
    record_payment,
]

FIXTURES = {
    "kitchen": {"name": "Larkspur Yard Kitchens, Unit 4 Larkspur Yard, Hollinsford",
                "today": "Monday 6 March 2034, eight in the morning"},
    "staff": [
        {"name": "Beth Amos", "role": "front desk", "username": "beth.a", "password": "Mise-En-Place-4"},
        {"name": "Ravi Kapoor", "role": "front desk", "username": "ravi.k", "password": "Walk-In-Cold-12"},
        {"name": "Marta Sokol", "role": "kitchen manager", "username": "marta.s", "password": "Salamander-Grill-7"},
        {"name": "Colm O'Rourke", "role": "hygiene supervisor", "username": "colm.o",
         "password": "Blue-Roll-Daily-3"},
        {"name": "Fen Walsh", "role": "accounts", "username": "fen.w", "password": "Ledger-Line-88"},
        {"name": "Jules Darby", "role": "director", "username": "jules.d", "password": "Larkspur-2027"},
    ],
    "new_member": {"business": "Saffron Street Kitchen", "kind": "street_food", "contact": "Mr Kwame Asante",
                   "phone": "07700 911230", "email": "kwame@saffronstreet.example",
                   "hygiene_certificate": {"holder": "Kwame Asante", "level": 2, "provider": "Highfield e-learning",
                                           "issued": "2033-10-11"},
                   "insurance": {"insurer": "Street Trader Cover", "policy_number": "STC-60418", "cover": 5000000,
                                 "expires": "2035-02-28"},
                   "staff": ["Kwame Asante", "Efua Asante"],
                   "wants": "Hot kitchen A on Wednesday 8 March from 12:00 for five hours, and a blast chiller"},
    "notes": [
        "Nonna Rosa's deposit for this morning's booking is coming in by card",
        "Lucia Ferri is joining Marco in the kitchen from today and has not been inducted",
        "Ember & Oak have paid their January invoice by bank transfer",
        "Green Lane Meal Prep's insurance certificate arrived in the post",
        "Colm signs off last Friday's pastry kitchen clean this morning",
        "A mixer bowl was cracked on Crumb & Co's booking last month; accounts are to charge it",
    ],
}

# --------------------------------------------------------------------------- the designed prerequisites

_TOKEN = "auth: session token (token of sign_in's reply)"
PUBLIC = ("sign_in", "kitchen_spaces", "equipment_list")
TOKEN_CONSUMERS = [t.__name__ for t in TOOLS if t.__name__ not in PUBLIC]
MEMBER_CONSUMERS = ["update_member", "member_file", "message_member", "record_hygiene_certificate",
                    "record_insurance", "approve_member", "suspend_member", "reinstate_member", "record_induction",
                    "book_session", "assign_storage", "raise_invoice"]
BOOKING_CONSUMERS = ["take_deposit", "reschedule_booking", "extend_booking", "cancel_booking", "check_in",
                     "log_temperature", "check_out", "sign_off_clean", "hire_equipment", "remove_equipment",
                     "report_damage"]
_MEMBER = "id lookup/create: member (member_id of register_member, or of a find_member row)"
_BOOKING = "id lookup/create: booking (booking_id of book_session, or of a bookings entry)"

GROUND_TRUTH = (
    [("sign_in", c, _TOKEN) for c in TOKEN_CONSUMERS]
    + [("register_member|find_member", c, _MEMBER) for c in MEMBER_CONSUMERS]
    + [("book_session|bookings", c, _BOOKING) for c in BOOKING_CONSUMERS]
    + [
        ("assign_storage|storage", "release_storage",
         "id lookup/create: shelf (shelf_id of assign_storage, or of a storage entry)"),
        ("report_damage|damages", "charge_damage",
         "id lookup/create: damage report (damage_id of report_damage, or of a damages entry)"),
        ("raise_invoice|invoices", "record_payment",
         "id lookup/create: invoice (invoice_id of raise_invoice, or of an invoices entry)"),
        ("kitchen_spaces", "book_session", "vocabulary: kitchen codes (code of a kitchen_spaces entry)"),
        ("kitchen_spaces", "availability", "vocabulary: kitchen codes (code of a kitchen_spaces entry)"),
        ("equipment_list", "hire_equipment", "vocabulary: equipment codes (code of an equipment_list entry)"),
        ("record_hygiene_certificate", "approve_member", "compliance: a current food hygiene certificate on file"),
        ("record_insurance", "approve_member", "compliance: public liability insurance on file"),
        ("approve_member", "book_session", "state: the member approved"),
        ("approve_member", "assign_storage", "state: the member approved"),
        ("approve_member", "suspend_member", "state: the member approved"),
        ("suspend_member", "reinstate_member", "state: the member suspended"),
        ("record_payment", "reinstate_member", "payment: no overdue invoice unpaid"),
        ("take_deposit", "check_in", "payment: the booking's deposit paid (confirmed)"),
        ("take_deposit", "hire_equipment", "payment: the booking's deposit paid (confirmed)"),
        ("record_induction", "check_in", "compliance: everyone working inducted for the member"),
        ("check_in", "log_temperature", "state: the member in the kitchen"),
        ("check_in", "check_out", "state: the member in the kitchen"),
        ("check_in", "report_damage", "state: the member has been in the kitchen on the booking"),
        ("check_out", "sign_off_clean", "state: the booking awaiting its clean"),
        ("sign_off_clean|charge_damage", "raise_invoice",
         "state: something to invoice (a booking closed after its clean, or damage charged)"),
        ("hire_equipment", "remove_equipment", "state: the item on the booking"),
    ]
)

_DESIGNED = {(p, c) for ps, c, _ in GROUND_TRUTH for p in ps.split("|")}
PLAUSIBLE = (
    # ids shown in other lists and records: members on bookings, shelves, damage reports and invoices; bookings in a
    # member's file, on damage reports and on invoice lines; shelves and invoices in a member's file; kitchen codes on
    # bookings and availability
    {(p, c) for p in ("bookings", "storage", "damages", "invoices") for c in MEMBER_CONSUMERS}
    | {(p, c) for p in ("member_file", "damages", "invoices") for c in BOOKING_CONSUMERS}
    | {("member_file", "release_storage"), ("member_file", "record_payment"), ("bookings", "book_session"),
       ("bookings", "availability"), ("availability", "book_session")}
    # one step further along the designed chains (two designed pairs in a row, and real in the proofs: the later
    # call fails when the earlier one is dropped)
    | {
        ("approve_member", "cancel_booking"), ("approve_member", "check_in"), ("approve_member", "check_out"),
        ("approve_member", "extend_booking"), ("approve_member", "hire_equipment"),
        ("approve_member", "log_temperature"), ("approve_member", "reinstate_member"),
        ("approve_member", "release_storage"), ("approve_member", "remove_equipment"),
        ("approve_member", "report_damage"), ("approve_member", "reschedule_booking"),
        ("approve_member", "sign_off_clean"), ("approve_member", "take_deposit"), ("book_session", "charge_damage"),
        ("book_session", "raise_invoice"), ("bookings", "raise_invoice"), ("check_in", "charge_damage"),
        ("check_in", "sign_off_clean"), ("check_out", "raise_invoice"), ("equipment_list", "remove_equipment"),
        ("find_member", "check_in"), ("find_member", "record_payment"), ("invoices", "reinstate_member"),
        ("kitchen_spaces", "cancel_booking"), ("kitchen_spaces", "check_in"), ("kitchen_spaces", "check_out"),
        ("kitchen_spaces", "extend_booking"), ("kitchen_spaces", "hire_equipment"),
        ("kitchen_spaces", "log_temperature"), ("kitchen_spaces", "remove_equipment"),
        ("kitchen_spaces", "report_damage"), ("kitchen_spaces", "reschedule_booking"),
        ("kitchen_spaces", "sign_off_clean"), ("kitchen_spaces", "take_deposit"),
        ("record_hygiene_certificate", "assign_storage"), ("record_hygiene_certificate", "book_session"),
        ("record_hygiene_certificate", "suspend_member"), ("record_induction", "check_out"),
        ("record_induction", "log_temperature"), ("record_induction", "report_damage"),
        ("record_insurance", "assign_storage"), ("record_insurance", "book_session"),
        ("record_insurance", "suspend_member"), ("register_member", "cancel_booking"), ("register_member", "check_in"),
        ("register_member", "check_out"), ("register_member", "extend_booking"), ("register_member", "hire_equipment"),
        ("register_member", "log_temperature"), ("register_member", "record_payment"),
        ("register_member", "release_storage"), ("register_member", "remove_equipment"),
        ("register_member", "report_damage"), ("register_member", "reschedule_booking"),
        ("register_member", "sign_off_clean"), ("register_member", "take_deposit"), ("report_damage", "raise_invoice"),
        ("sign_off_clean", "record_payment"), ("take_deposit", "check_out"), ("take_deposit", "log_temperature"),
        ("take_deposit", "remove_equipment"), ("take_deposit", "report_damage"),
    }
    # a record created or changed, then seen in the lists and records that show it
    | {
        ("register_member", "find_member"), ("update_member", "find_member"), ("update_member", "member_file"),
        ("record_hygiene_certificate", "member_file"), ("record_insurance", "member_file"),
        ("approve_member", "find_member"), ("approve_member", "member_file"), ("suspend_member", "find_member"),
        ("suspend_member", "member_file"), ("reinstate_member", "find_member"), ("reinstate_member", "member_file"),
        ("record_induction", "member_file"), ("book_session", "bookings"), ("book_session", "availability"),
        ("book_session", "member_file"), ("take_deposit", "bookings"), ("reschedule_booking", "bookings"),
        ("reschedule_booking", "availability"), ("extend_booking", "bookings"), ("extend_booking", "availability"),
        ("cancel_booking", "bookings"), ("cancel_booking", "availability"), ("check_in", "bookings"),
        ("check_out", "bookings"), ("sign_off_clean", "bookings"), ("hire_equipment", "bookings"),
        ("remove_equipment", "bookings"), ("assign_storage", "storage"), ("assign_storage", "member_file"),
        ("release_storage", "storage"), ("release_storage", "member_file"), ("report_damage", "damages"),
        ("charge_damage", "damages"), ("raise_invoice", "invoices"), ("raise_invoice", "member_file"),
        ("record_payment", "invoices"), ("record_payment", "member_file"),
    }
) - _DESIGNED - {(t.__name__, t.__name__) for t in TOOLS}  # not the designed pairs, nor a tool with itself
