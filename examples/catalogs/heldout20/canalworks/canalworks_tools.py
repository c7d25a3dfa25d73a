"""Canalworks: the front-desk console of Canal Works, a coworking space in Ancoats, Manchester (37 calls).

Async functions over an in-memory ``State`` of the space on Wednesday 6 June 2029 at 08:15. The
community team finds members and their companies, sets up new companies and members, has each member
sign the licence agreement before a membership starts, changes, pauses, resumes and ends memberships,
issues and zones access cards and switches them off, gives fixed-desk members a desk, books meeting
rooms against the members' credits (with catering), registers and checks in guests, and logs parcels
and hands them over. Operations log building issues, give them to contractors and close them. Finance
draws up each company's monthly invoice, sends it and records payments. The plans and prices are public
and need no session.

Replies are pydantic models (a staff session, plans, a company with its members and open invoices
nested, a member with the membership and cards nested, a membership, an access credential, desks, rooms,
a booking, menu items, a catering order, a guest pass, parcels, tickets, contractors, an invoice with its
lines nested, a payment, an acknowledgement) and lists of them, and one bare list of free start times.
Every refusal is *returned* as ``{"ok": False, "reason": ...}``. Members, companies and memberships
have look-alike numbers (company ``C-1021``, member ``M-1021-2``, membership ``MS-1021-2``, invoice
``INV-1021-2029-05``); the licence agreement's current version, the door zones and the longest pause
are stated only in refusals.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as
provider means either tool satisfies it, and the text of ``what`` before its first ``:`` is the
kind.
"""

from __future__ import annotations

from enum import Enum
from typing import Literal

from pydantic import BaseModel, Field

TODAY = "2029-06-06"
AGREEMENT = "LA-2029-04"
ZONES = ("ground", "first", "roof_terrace", "bike_store", "studios", "after_hours")
MAX_PAUSE_DAYS = 62

Floor = Literal["ground", "first"]
Carrier = Literal["royal_mail", "dpd", "evri", "ups", "dhl", "courier"]
PayMethod = Literal["bacs", "card", "direct_debit"]
Trade = Literal["plumbing", "electrical", "it", "cleaning", "joinery"]


class Priority(str, Enum):
    LOW = "low"
    NORMAL = "normal"
    URGENT = "urgent"


class MembershipStatus(str, Enum):
    ACTIVE = "active"
    PAUSED = "paused"
    ENDED = "ended"
    NONE = "none"


# --------------------------------------------------------------------------- replies


class StaffSession(BaseModel):
    token: str
    name: str
    role: str


class Ack(BaseModel):
    done: bool = True
    message: str


class Plan(BaseModel):
    code: str
    name: str
    monthly_price: float
    meeting_credits: int
    access: str


class MembershipInfo(BaseModel):
    membership_id: str
    plan: str
    status: str


class Member(BaseModel):
    member_id: str
    name: str
    email: str
    company_id: str
    agreement_signed: bool
    membership: MembershipInfo | None = None
    cards: list[str] = Field(default_factory=list)


class Company(BaseModel):
    company_id: str
    name: str
    billing_email: str
    vat_number: str | None = None
    members: list[str] = Field(default_factory=list)
    open_invoices: list[str] = Field(default_factory=list)


class Membership(BaseModel):
    membership_id: str
    member_id: str
    plan: str
    status: str
    start_date: str
    end_date: str | None = None
    credits_left: int
    desk: str | None = None
    paused_until: str | None = None


class AccessCredential(BaseModel):
    credential_id: str
    member_id: str
    card_serial: str
    zones: list[str]
    status: str


class Desk(BaseModel):
    desk_id: str
    floor: str
    by_window: bool
    taken_by: str | None = None


class Room(BaseModel):
    room_id: str
    name: str
    capacity: int
    credits_per_hour: int
    screen: bool


class Booking(BaseModel):
    booking_id: str
    room_id: str
    member_id: str
    day: str
    start: str
    hours: int
    title: str
    credits: int
    status: str


class MenuItem(BaseModel):
    code: str
    description: str
    price_per_head: float


class CateringOrder(BaseModel):
    booking_id: str
    items: list[str]
    headcount: int
    total: float


class GuestPass(BaseModel):
    pass_id: str
    member_id: str
    guest_name: str
    day: str
    status: str


class Parcel(BaseModel):
    parcel_id: str
    member_id: str
    carrier: str
    tracking: str
    status: str
    collected_by: str | None = None


class Ticket(BaseModel):
    ticket_id: str
    area: str
    description: str
    priority: str
    status: str
    contractor_id: str | None = None
    resolution: str | None = None


class Contractor(BaseModel):
    contractor_id: str
    name: str
    trade: str
    phone: str


class InvoiceLine(BaseModel):
    description: str
    amount: float


class Invoice(BaseModel):
    invoice_id: str
    company_id: str
    month: str
    lines: list[InvoiceLine]
    total: float
    status: str
    paid: float = 0.0


class Payment(BaseModel):
    invoice_id: str
    amount: float
    method: str
    balance: float


# --------------------------------------------------------------------------- state


class State:
    """Canal Works, Ancoats, on Wednesday 6 June 2029 at 08:15."""

    def __init__(self) -> None:
        self.staff = {
            "fern@canalworks.example": {"name": "Fern Adebayo", "password": "Towpath-2291", "role": "community"},
            "marco@canalworks.example": {"name": "Marco Bellini", "password": "Lockgate-7740", "role": "operations"},
            "aisha@canalworks.example": {"name": "Aisha Karim", "password": "Ledger-Mill-58", "role": "finance"},
        }
        self.sessions = {}
        self.plans = {
            "HOT_DESK": ("Hot desk", 180.0, 4, "weekdays 8:00-19:00"),
            "FIXED_DESK": ("Fixed desk", 290.0, 8, "24/7"),
            "STUDIO_2": ("Two-person studio", 900.0, 20, "24/7"),
            "STUDIO_6": ("Six-person studio", 2400.0, 40, "24/7"),
            "VIRTUAL": ("Virtual office (address and post)", 45.0, 0, "post only"),
        }
        self.companies = {
            "C-1021": {"name": "Northern Quarter Pixels Ltd", "billing": "accounts@nqpixels.example",
                       "vat": "GB 318 4472 06"},
            "C-1034": {"name": "Sable & Finch Architects", "billing": "studio@sableandfinch.example", "vat": None},
            "C-1038": {"name": "Quinn Copywriting", "billing": "rory@quinncopy.example", "vat": None},
        }
        self.members = {
            "M-1021-1": {"name": "Hannah Oyelaran", "email": "hannah@nqpixels.example", "company": "C-1021",
                         "agreement": True},
            "M-1021-2": {"name": "Josh Pemberton", "email": "josh@nqpixels.example", "company": "C-1021",
                         "agreement": True},
            "M-1034-1": {"name": "Ines Sable", "email": "ines@sableandfinch.example", "company": "C-1034",
                         "agreement": True},
            "M-1034-2": {"name": "Tom Finch", "email": "tom@sableandfinch.example", "company": "C-1034",
                         "agreement": True},
            "M-1034-3": {"name": "Priya Natarajan", "email": "priya@sableandfinch.example", "company": "C-1034",
                         "agreement": False},
            "M-1038-1": {"name": "Rory Quinn", "email": "rory@quinncopy.example", "company": "C-1038",
                         "agreement": True},
        }

        def ms(member, plan, status, start, credits, desk=None, until=None):
            return {"member": member, "plan": plan, "status": status, "start": start, "end": None,
                    "credits": credits, "desk": desk, "until": until}

        self.memberships = {
            "MS-1021-1": ms("M-1021-1", "FIXED_DESK", "active", "2028-09-01", 8, desk="D1-04"),
            "MS-1021-2": ms("M-1021-2", "HOT_DESK", "active", "2029-02-01", 3),
            "MS-1034-1": ms("M-1034-1", "STUDIO_2", "active", "2027-05-01", 17),
            "MS-1034-2": ms("M-1034-2", "STUDIO_2", "paused", "2027-05-01", 0, until="2029-07-31"),
            "MS-1038-1": ms("M-1038-1", "VIRTUAL", "active", "2029-01-15", 0),
        }
        self.cards = {
            "KEY-5502": {"member": "M-1021-1", "serial": "04A1-77C2", "zones": ["ground", "first", "after_hours"],
                         "status": "active"},
            "KEY-5517": {"member": "M-1034-1", "serial": "04A1-80F3", "zones": ["ground", "studios", "after_hours"],
                         "status": "active"},
        }
        self.desks = {f"D0-{n:02d}": {"floor": "ground", "window": n <= 2, "taken": None} for n in range(1, 7)}
        self.desks.update({f"D1-{n:02d}": {"floor": "first", "window": n in (1, 2, 3, 4), "taken": None}
                           for n in range(1, 13)})
        self.desks["D1-04"]["taken"] = "MS-1021-1"
        self.desks["D1-01"]["taken"] = "MS-0990-1"
        self.rooms = {
            "R-SNUG": ("The Snug", 2, 1, False),
            "R-TOWPATH": ("Towpath", 6, 2, True),
            "R-LOCK": ("Lock Keeper", 10, 3, True),
            "R-BOILER": ("Boiler House", 16, 5, True),
        }
        self.bookings = {
            "BK-40702": {"room": "R-TOWPATH", "member": "M-1034-1", "day": "2029-06-07", "start": "10:00",
                         "hours": 2, "title": "Client review: Ancoats Mill flats", "credits": 4,
                         "status": "confirmed", "catering": None},
        }
        self.menu = {"COFFEE_POT": ("Pot of coffee and tea", 2.5), "PASTRIES": ("Morning pastries", 3.0),
                     "LUNCH_PLATTER": ("Sandwich and salad platter", 9.5), "FRUIT": ("Fruit bowl", 1.5)}
        self.guests = {}
        self.parcels = {
            "PCL-7731": {"member": "M-1021-1", "carrier": "dpd", "tracking": "15501234987612", "status": "waiting",
                         "by": None},
        }
        self.tickets = {
            "TK-3310": {"area": "Boiler House", "description": "Radiator under the window leaking onto the floor",
                        "priority": "normal", "status": "open", "contractor": None, "resolution": None},
        }
        self.contractors = {
            "CT-04": ("Ancoats Heating & Plumbing", "plumbing", "0161 496 0404"),
            "CT-07": ("Spark Bros Electrical", "electrical", "0161 496 0707"),
            "CT-09": ("Red Brick IT", "it", "0161 496 0909"),
            "CT-12": ("Irwell Joinery", "joinery", "0161 496 1212"),
        }
        self.invoices = {
            "INV-1021-2029-05": {"company": "C-1021", "month": "2029-05",
                                 "lines": [["Fixed desk, Hannah Oyelaran", 290.0],
                                           ["Hot desk, Josh Pemberton", 180.0]],
                                 "total": 470.0, "status": "sent", "paid": 0.0},
        }
        self.counters = {"company": 1043, "credential": 5531, "booking": 40711, "guest": 880, "parcel": 7740,
                         "ticket": 3322}


# --------------------------------------------------------------------------- helpers


def _refuse(reason: str) -> dict:
    return {"ok": False, "reason": reason}


def _auth(state: State, token: str, *roles: str) -> dict | None:
    who = state.sessions.get(token)
    if who is None:
        return _refuse("session expired or unknown; log in again")
    if roles and who["role"] not in roles:
        return _refuse(f"the {who['role']} team cannot do this ({' or '.join(roles)} only)")
    return None


def _next(state: State, kind: str) -> int:
    n = state.counters[kind]
    state.counters[kind] = n + 1
    return n


def _membership_of(state: State, member_id: str) -> tuple[str, dict] | tuple[None, None]:
    found = [(mid, m) for mid, m in state.memberships.items() if m["member"] == member_id and m["status"] != "ended"]
    return found[-1] if found else (None, None)


def _member(state: State, member_id: str) -> Member:
    m = state.members[member_id]
    mid, ms = _membership_of(state, member_id)
    info = MembershipInfo(membership_id=mid, plan=ms["plan"], status=ms["status"]) if mid else None
    cards = [c for c, v in state.cards.items() if v["member"] == member_id and v["status"] == "active"]
    return Member(member_id=member_id, name=m["name"], email=m["email"], company_id=m["company"],
                  agreement_signed=m["agreement"], membership=info, cards=cards)


def _company(state: State, company_id: str) -> Company:
    c = state.companies[company_id]
    members = [m for m, v in state.members.items() if v["company"] == company_id]
    unpaid = [i for i, v in sorted(state.invoices.items()) if v["company"] == company_id and v["status"] != "paid"]
    return Company(company_id=company_id, name=c["name"], billing_email=c["billing"], vat_number=c["vat"],
                   members=members, open_invoices=unpaid)


def _membership(state: State, membership_id: str) -> Membership:
    m = state.memberships[membership_id]
    return Membership(membership_id=membership_id, member_id=m["member"], plan=m["plan"], status=m["status"],
                      start_date=m["start"], end_date=m["end"], credits_left=m["credits"], desk=m["desk"],
                      paused_until=m["until"])


def _credential(state: State, credential_id: str) -> AccessCredential:
    c = state.cards[credential_id]
    return AccessCredential(credential_id=credential_id, member_id=c["member"], card_serial=c["serial"],
                            zones=list(c["zones"]), status=c["status"])


def _booking(state: State, booking_id: str) -> Booking:
    b = state.bookings[booking_id]
    return Booking(booking_id=booking_id, room_id=b["room"], member_id=b["member"], day=b["day"], start=b["start"],
                   hours=b["hours"], title=b["title"], credits=b["credits"], status=b["status"])


def _ticket(state: State, ticket_id: str) -> Ticket:
    t = state.tickets[ticket_id]
    return Ticket(ticket_id=ticket_id, area=t["area"], description=t["description"], priority=t["priority"],
                  status=t["status"], contractor_id=t["contractor"], resolution=t["resolution"])


def _invoice(state: State, invoice_id: str) -> Invoice:
    v = state.invoices[invoice_id]
    return Invoice(invoice_id=invoice_id, company_id=v["company"], month=v["month"],
                   lines=[InvoiceLine(description=d, amount=a) for d, a in v["lines"]], total=v["total"],
                   status=v["status"], paid=v["paid"])


def _parcel(state: State, parcel_id: str) -> Parcel:
    p = state.parcels[parcel_id]
    return Parcel(parcel_id=parcel_id, member_id=p["member"], carrier=p["carrier"], tracking=p["tracking"],
                  status=p["status"], collected_by=p["by"])


def _free_times(state: State, room_id: str, day: str) -> list[str]:
    taken = set()
    for b in state.bookings.values():
        if b["room"] == room_id and b["day"] == day and b["status"] == "confirmed":
            h = int(b["start"][:2])
            taken.update(range(h, h + b["hours"]))
    return [f"{h:02d}:00" for h in range(8, 19) if h not in taken]


# --------------------------------------------------------------------------- session and plans


async def staff_login(state: State, email: str, password: str) -> StaffSession | dict:
    """Log a member of staff in to the console.

    Args:
        email: The staff e-mail address.
        password: The password.

    Returns:
        The session; its ``token`` goes with every other call but the plans.
    """
    who = state.staff.get(email.strip().lower())
    if who is None or who["password"] != password:
        return _refuse("e-mail or password not recognised")
    token = f"cw_{who['role'][:3]}_{len(state.sessions) + 1:04d}"
    state.sessions[token] = {"email": email, "name": who["name"], "role": who["role"]}
    return StaffSession(token=token, name=who["name"], role=who["role"])


async def staff_logout(state: State, token: str) -> Ack | dict:
    """End a staff session.

    Args:
        token: The session token.

    Returns:
        An acknowledgement.
    """
    if (no := _auth(state, token)):
        return no
    name = state.sessions.pop(token)["name"]
    return Ack(message=f"{name} logged out")


async def plans_and_prices(state: State) -> list[Plan]:
    """The public membership plans and their prices.

    Returns:
        Every plan with its code, monthly price, meeting-room credits and access hours.
    """
    return [Plan(code=c, name=n, monthly_price=p, meeting_credits=cr, access=a)
            for c, (n, p, cr, a) in state.plans.items()]


# --------------------------------------------------------------------------- companies and members


async def find_company(state: State, token: str, name: str) -> list[Company] | dict:
    """Find member companies by name.

    Args:
        token: The session token.
        name: Part of the company's name.

    Returns:
        Matching companies with their member ids and unpaid invoices.
    """
    if (no := _auth(state, token)):
        return no
    needle = name.strip().lower()
    return [_company(state, c) for c, v in state.companies.items() if needle and needle in v["name"].lower()]


async def create_company(state: State, token: str, name: str, billing_email: str,
                         vat_number: str | None = None) -> Company | dict:
    """Set up a new member company (the party that is invoiced).

    Args:
        token: The session token (community or finance).
        name: The company's registered or trading name.
        billing_email: Where invoices go.
        vat_number: The VAT number, if registered.

    Returns:
        The new company.
    """
    if (no := _auth(state, token, "community", "finance")):
        return no
    if any(v["name"].lower() == name.strip().lower() for v in state.companies.values()):
        return _refuse(f"{name} is already a member company")
    if "@" not in billing_email:
        return _refuse("billing_email is not an e-mail address")
    cid = f"C-{_next(state, 'company')}"
    state.companies[cid] = {"name": name.strip(), "billing": billing_email, "vat": vat_number}
    return _company(state, cid)


async def find_member(state: State, token: str, query: str,
                      status: MembershipStatus | None = None) -> list[Member] | dict:
    """Find members by name or e-mail.

    Args:
        token: The session token.
        query: Part of the member's name or e-mail.
        status: Only members whose membership is in this status (``none``: no membership).

    Returns:
        Matching members, each with its current membership and active cards.
    """
    if (no := _auth(state, token)):
        return no
    needle = query.strip().lower()
    want = MembershipStatus(status).value if status is not None else None
    out = []
    for mid, m in state.members.items():
        if not needle or (needle not in m["name"].lower() and needle not in m["email"].lower()):
            continue
        member = _member(state, mid)
        current = member.membership.status if member.membership else "none"
        if want is None or current == want:
            out.append(member)
    return out


async def add_member(state: State, token: str, company_id: str, name: str, email: str) -> Member | dict:
    """Add a person to a member company.

    Args:
        token: The session token (community).
        company_id: The company, e.g. ``C-1021``.
        name: The person's full name.
        email: Their e-mail address.

    Returns:
        The new member, with no membership yet and the licence agreement unsigned.
    """
    if (no := _auth(state, token, "community")):
        return no
    if company_id not in state.companies:
        return _refuse(f"no company {company_id}")
    if any(m["email"].lower() == email.strip().lower() for m in state.members.values()):
        return _refuse(f"{email} is already a member")
    n = 1 + sum(1 for m in state.members.values() if m["company"] == company_id)
    mid = f"M-{company_id[2:]}-{n}"
    state.members[mid] = {"name": name.strip(), "email": email.strip(), "company": company_id, "agreement": False}
    return _member(state, mid)


async def sign_agreement(state: State, token: str, member_id: str, agreement_version: str) -> Member | dict:
    """Record that a member has signed the licence agreement (the house rules).

    Args:
        token: The session token (community).
        member_id: The member.
        agreement_version: The version of the agreement they signed.

    Returns:
        The member.
    """
    if (no := _auth(state, token, "community")):
        return no
    m = state.members.get(member_id)
    if m is None:
        return _refuse(f"no member {member_id}")
    if agreement_version != AGREEMENT:
        return _refuse(f"agreement_version must be the current licence agreement, {AGREEMENT}")
    if m["agreement"]:
        return _refuse(f"{member_id} has already signed {AGREEMENT}")
    m["agreement"] = True
    return _member(state, member_id)


# --------------------------------------------------------------------------- memberships


async def start_membership(state: State, token: str, member_id: str, plan_code: str,
                           start_date: str) -> Membership | dict:
    """Start a member on a plan.

    Args:
        token: The session token (community).
        member_id: A member who has signed the licence agreement.
        plan_code: The plan's code.
        start_date: First day, ``YYYY-MM-DD``.

    Returns:
        The active membership with the plan's meeting-room credits.
    """
    if (no := _auth(state, token, "community")):
        return no
    m = state.members.get(member_id)
    if m is None:
        return _refuse(f"no member {member_id}")
    if plan_code not in state.plans:
        return _refuse(f"no plan {plan_code}")
    if not m["agreement"]:
        return _refuse(f"{m['name']} has not signed the licence agreement")
    if _membership_of(state, member_id)[0]:
        return _refuse(f"{member_id} already has a membership; change its plan instead")
    if start_date < TODAY:
        return _refuse("memberships cannot start in the past")
    msid = "MS-" + member_id[2:]
    state.memberships[msid] = {"member": member_id, "plan": plan_code, "status": "active", "start": start_date,
                               "end": None, "credits": state.plans[plan_code][2], "desk": None, "until": None}
    return _membership(state, msid)


async def change_plan(state: State, token: str, membership_id: str, plan_code: str,
                      effective: str) -> Membership | dict:
    """Move an active membership to another plan.

    Args:
        token: The session token (community).
        membership_id: The membership, e.g. ``MS-1021-2``.
        plan_code: The new plan's code.
        effective: Day the change takes effect.

    Returns:
        The membership on its new plan.
    """
    if (no := _auth(state, token, "community")):
        return no
    ms = state.memberships.get(membership_id)
    if ms is None:
        return _refuse(f"no membership {membership_id}")
    if ms["status"] != "active":
        return _refuse(f"{membership_id} is {ms['status']}")
    if plan_code not in state.plans:
        return _refuse(f"no plan {plan_code}")
    if ms["plan"] == plan_code:
        return _refuse(f"{membership_id} is already on {plan_code}")
    if effective < TODAY:
        return _refuse("a plan change cannot be backdated")
    if ms["desk"] and plan_code != "FIXED_DESK":
        state.desks[ms["desk"]]["taken"] = None
        ms["desk"] = None
    ms["plan"] = plan_code
    ms["credits"] = max(ms["credits"], state.plans[plan_code][2])
    return _membership(state, membership_id)


async def pause_membership(state: State, token: str, membership_id: str, from_date: str, until_date: str,
                           reason: str) -> Membership | dict:
    """Pause an active membership (no fee, no access) between two dates.

    Args:
        token: The session token (community).
        membership_id: The membership.
        from_date: First paused day.
        until_date: Last paused day.
        reason: Why (parental leave, travel, a quiet month).

    Returns:
        The paused membership.
    """
    if (no := _auth(state, token, "community")):
        return no
    ms = state.memberships.get(membership_id)
    if ms is None:
        return _refuse(f"no membership {membership_id}")
    if ms["status"] != "active":
        return _refuse(f"{membership_id} is {ms['status']}, not active")
    import datetime as _dt
    days = (_dt.date.fromisoformat(until_date) - _dt.date.fromisoformat(from_date)).days
    if days < 0 or days > MAX_PAUSE_DAYS:
        return _refuse(f"a pause lasts between 1 and {MAX_PAUSE_DAYS} days")
    ms.update(status="paused", until=until_date)
    return _membership(state, membership_id)


async def resume_membership(state: State, token: str, membership_id: str) -> Membership | dict:
    """End a pause early; the membership is active again from today.

    Args:
        token: The session token (community).
        membership_id: A paused membership.

    Returns:
        The active membership.
    """
    if (no := _auth(state, token, "community")):
        return no
    ms = state.memberships.get(membership_id)
    if ms is None:
        return _refuse(f"no membership {membership_id}")
    if ms["status"] != "paused":
        return _refuse(f"{membership_id} is not paused")
    ms.update(status="active", until=None)
    return _membership(state, membership_id)


async def end_membership(state: State, token: str, membership_id: str, end_date: str,
                         reason: str) -> Membership | dict:
    """Give notice and end a membership; the member's cards must be switched off first.

    Args:
        token: The session token (community).
        membership_id: The membership.
        end_date: Last day.
        reason: Why the member is leaving.

    Returns:
        The ended membership.
    """
    if (no := _auth(state, token, "community")):
        return no
    ms = state.memberships.get(membership_id)
    if ms is None:
        return _refuse(f"no membership {membership_id}")
    if ms["status"] == "ended":
        return _refuse(f"{membership_id} has already ended")
    live = [c for c, v in state.cards.items() if v["member"] == ms["member"] and v["status"] == "active"]
    if live:
        return _refuse(f"switch off the member's access cards first ({len(live)} still active)")
    if ms["desk"]:
        state.desks[ms["desk"]]["taken"] = None
    ms.update(status="ended", end=end_date, desk=None)
    return _membership(state, membership_id)


# --------------------------------------------------------------------------- access and desks


async def issue_access_card(state: State, token: str, member_id: str, card_serial: str) -> AccessCredential | dict:
    """Issue a door card to a member with an active membership (ground floor only to begin with).

    Args:
        token: The session token (community).
        member_id: The member.
        card_serial: The serial printed on the back of the blank card.

    Returns:
        The access credential.
    """
    if (no := _auth(state, token, "community")):
        return no
    if member_id not in state.members:
        return _refuse(f"no member {member_id}")
    _, ms = _membership_of(state, member_id)
    if ms is None or ms["status"] != "active":
        return _refuse(f"{member_id} has no active membership")
    if ms["plan"] == "VIRTUAL":
        return _refuse("virtual office members do not get door cards")
    if any(v["serial"] == card_serial and v["status"] == "active" for v in state.cards.values()):
        return _refuse(f"card {card_serial} is already in use")
    cid = f"KEY-{_next(state, 'credential')}"
    state.cards[cid] = {"member": member_id, "serial": card_serial, "zones": ["ground"], "status": "active"}
    return _credential(state, cid)


async def set_card_zones(state: State, token: str, credential_id: str, zones: list[str]) -> AccessCredential | dict:
    """Set the door zones an access card opens.

    Args:
        token: The session token (community or operations).
        credential_id: The credential, e.g. ``KEY-5502``.
        zones: The zones it should open.

    Returns:
        The credential with its zones.
    """
    if (no := _auth(state, token, "community", "operations")):
        return no
    c = state.cards.get(credential_id)
    if c is None:
        return _refuse(f"no credential {credential_id}")
    if c["status"] != "active":
        return _refuse(f"{credential_id} is {c['status']}")
    bad = [z for z in zones if z not in ZONES]
    if bad:
        return _refuse(f"unknown zone {bad[0]}; zones are {', '.join(ZONES)}")
    _, ms = _membership_of(state, c["member"])
    plan = ms["plan"] if ms else ""
    if "after_hours" in zones and state.plans.get(plan, ("", 0, 0, ""))[3] != "24/7":
        return _refuse(f"after_hours needs a 24/7 plan; this member is on {plan or 'no plan'}")
    if "studios" in zones and not plan.startswith("STUDIO"):
        return _refuse("the studios zone is for studio members only")
    if sorted(zones) == sorted(c["zones"]):
        return _refuse(f"{credential_id} already opens exactly those zones")
    c["zones"] = list(zones)
    return _credential(state, credential_id)


async def deactivate_card(state: State, token: str, credential_id: str, reason: str) -> AccessCredential | dict:
    """Switch an access card off (lost, returned, member leaving).

    Args:
        token: The session token (community or operations).
        credential_id: The credential.
        reason: Why.

    Returns:
        The deactivated credential.
    """
    if (no := _auth(state, token, "community", "operations")):
        return no
    c = state.cards.get(credential_id)
    if c is None:
        return _refuse(f"no credential {credential_id}")
    if c["status"] == "deactivated":
        return _refuse(f"{credential_id} is already deactivated")
    c["status"] = "deactivated"
    return _credential(state, credential_id)


async def list_desks(state: State, token: str, floor: Floor | None = None, free_only: bool = True) -> list[Desk] | dict:
    """Desks in the fixed-desk area.

    Args:
        token: The session token.
        floor: Only this floor.
        free_only: Only desks nobody holds.

    Returns:
        Desks with their floor and whether they are by a window.
    """
    if (no := _auth(state, token)):
        return no
    return [Desk(desk_id=d, floor=v["floor"], by_window=v["window"], taken_by=v["taken"])
            for d, v in state.desks.items()
            if (floor is None or v["floor"] == floor) and (not free_only or v["taken"] is None)]


async def assign_desk(state: State, token: str, membership_id: str, desk_id: str) -> Membership | dict:
    """Give a fixed-desk membership its desk.

    Args:
        token: The session token (community).
        membership_id: An active fixed-desk membership.
        desk_id: A free desk, e.g. ``D1-07``.

    Returns:
        The membership with its desk.
    """
    if (no := _auth(state, token, "community")):
        return no
    ms = state.memberships.get(membership_id)
    if ms is None:
        return _refuse(f"no membership {membership_id}")
    if ms["status"] != "active" or ms["plan"] != "FIXED_DESK":
        return _refuse(f"{membership_id} is not an active fixed-desk membership")
    d = state.desks.get(desk_id)
    if d is None:
        return _refuse(f"no desk {desk_id}")
    if d["taken"]:
        return _refuse(f"desk {desk_id} is taken")
    if ms["desk"]:
        state.desks[ms["desk"]]["taken"] = None
    d["taken"], ms["desk"] = membership_id, desk_id
    return _membership(state, membership_id)


# --------------------------------------------------------------------------- rooms


async def list_rooms(state: State, token: str, min_capacity: int | None = None) -> list[Room] | dict:
    """The meeting rooms.

    Args:
        token: The session token.
        min_capacity: Only rooms that seat at least this many.

    Returns:
        Rooms with capacity and credits per hour.
    """
    if (no := _auth(state, token)):
        return no
    return [Room(room_id=r, name=n, capacity=c, credits_per_hour=cr, screen=s)
            for r, (n, c, cr, s) in state.rooms.items() if min_capacity is None or c >= min_capacity]


async def room_availability(state: State, token: str, room_id: str, day: str) -> list[str] | dict:
    """Free start times of a room on a day (hourly, 08:00 to 18:00).

    Args:
        token: The session token.
        room_id: The room.
        day: ``YYYY-MM-DD``.

    Returns:
        Free start times.
    """
    if (no := _auth(state, token)):
        return no
    if room_id not in state.rooms:
        return _refuse(f"no room {room_id}")
    return _free_times(state, room_id, day)


async def book_room(state: State, token: str, room_id: str, member_id: str, day: str, start: str, hours: int,
                    title: str) -> Booking | dict:
    """Book a meeting room for a member, paid from their membership's credits.

    Args:
        token: The session token.
        room_id: The room.
        member_id: The member it is for (active membership).
        day: ``YYYY-MM-DD``.
        start: A free start time that day.
        hours: Length in whole hours.
        title: Shown on the screen by the door.

    Returns:
        The confirmed booking.
    """
    if (no := _auth(state, token, "community")):
        return no
    if room_id not in state.rooms:
        return _refuse(f"no room {room_id}")
    if member_id not in state.members:
        return _refuse(f"no member {member_id}")
    _, ms = _membership_of(state, member_id)
    if ms is None or ms["status"] != "active":
        return _refuse(f"{member_id} has no active membership")
    free = _free_times(state, room_id, day)
    h0 = int(start[:2]) if start[:2].isdigit() else -1
    if start not in free or any(f"{h:02d}:00" not in free for h in range(h0, h0 + hours)):
        return _refuse(f"{room_id} is not free from {start} for {hours} hour(s) on {day}")
    cost = hours * state.rooms[room_id][2]
    if cost > ms["credits"]:
        return _refuse(f"the booking needs {cost} credits and the member has {ms['credits']}")
    ms["credits"] -= cost
    bid = f"BK-{_next(state, 'booking')}"
    state.bookings[bid] = {"room": room_id, "member": member_id, "day": day, "start": start, "hours": hours,
                           "title": title, "credits": cost, "status": "confirmed", "catering": None}
    return _booking(state, bid)


async def cancel_booking(state: State, token: str, booking_id: str, reason: str) -> Booking | dict:
    """Cancel a room booking; its credits go back to the member.

    Args:
        token: The session token.
        booking_id: The booking, e.g. ``BK-40711``.
        reason: Why.

    Returns:
        The cancelled booking.
    """
    if (no := _auth(state, token, "community")):
        return no
    b = state.bookings.get(booking_id)
    if b is None:
        return _refuse(f"no booking {booking_id}")
    if b["status"] == "cancelled":
        return _refuse(f"{booking_id} is already cancelled")
    b["status"] = "cancelled"
    _, ms = _membership_of(state, b["member"])
    if ms is not None:
        ms["credits"] += b["credits"]
    return _booking(state, booking_id)


async def catering_menu(state: State, token: str) -> list[MenuItem] | dict:
    """The meeting-room catering menu.

    Args:
        token: The session token.

    Returns:
        Items with their codes and price per head.
    """
    if (no := _auth(state, token)):
        return no
    return [MenuItem(code=c, description=d, price_per_head=p) for c, (d, p) in state.menu.items()]


async def add_catering(state: State, token: str, booking_id: str, items: list[str],
                       headcount: int) -> CateringOrder | dict:
    """Order catering for a confirmed booking (charged on the company's invoice).

    Args:
        token: The session token.
        booking_id: The booking.
        items: Menu item codes.
        headcount: How many people.

    Returns:
        The catering order.
    """
    if (no := _auth(state, token, "community")):
        return no
    b = state.bookings.get(booking_id)
    if b is None:
        return _refuse(f"no booking {booking_id}")
    if b["status"] != "confirmed":
        return _refuse(f"{booking_id} is {b['status']}")
    if b["catering"]:
        return _refuse(f"{booking_id} already has catering")
    bad = [i for i in items if i not in state.menu]
    if bad or not items:
        return _refuse(f"unknown menu item {bad[0] if bad else '(none)'}")
    cap = state.rooms[b["room"]][1]
    if not 1 <= headcount <= cap:
        return _refuse(f"headcount must be between 1 and the room's {cap} seats")
    total = round(sum(state.menu[i][1] for i in items) * headcount, 2)
    b["catering"] = {"items": list(items), "headcount": headcount, "total": total}
    return CateringOrder(booking_id=booking_id, items=list(items), headcount=headcount, total=total)


# --------------------------------------------------------------------------- guests and post


async def register_guest(state: State, token: str, member_id: str, guest_name: str, day: str) -> GuestPass | dict:
    """Register a member's guest for a day.

    Args:
        token: The session token.
        member_id: The host (active membership).
        guest_name: The guest's full name.
        day: ``YYYY-MM-DD``.

    Returns:
        The guest pass.
    """
    if (no := _auth(state, token, "community")):
        return no
    if member_id not in state.members:
        return _refuse(f"no member {member_id}")
    _, ms = _membership_of(state, member_id)
    if ms is None or ms["status"] != "active":
        return _refuse(f"{member_id} has no active membership")
    if day < TODAY:
        return _refuse("that day has passed")
    pid = f"GP-{_next(state, 'guest')}"
    state.guests[pid] = {"member": member_id, "name": guest_name, "day": day, "status": "expected"}
    return GuestPass(pass_id=pid, member_id=member_id, guest_name=guest_name, day=day, status="expected")


async def check_in_guest(state: State, token: str, pass_id: str) -> GuestPass | dict:
    """Check a registered guest in at the front desk (on the day of their pass).

    Args:
        token: The session token.
        pass_id: The guest pass.

    Returns:
        The checked-in pass.
    """
    if (no := _auth(state, token, "community")):
        return no
    g = state.guests.get(pass_id)
    if g is None:
        return _refuse(f"no guest pass {pass_id}")
    if g["day"] != TODAY:
        return _refuse(f"{pass_id} is for {g['day']}")
    if g["status"] == "checked_in":
        return _refuse(f"{g['name']} is already checked in")
    g["status"] = "checked_in"
    return GuestPass(pass_id=pass_id, member_id=g["member"], guest_name=g["name"], day=g["day"], status="checked_in")


async def log_parcel(state: State, token: str, member_id: str, carrier: Carrier, tracking: str) -> Parcel | dict:
    """Log a parcel or letter that arrived for a member.

    Args:
        token: The session token.
        member_id: The addressee.
        carrier: Who delivered it.
        tracking: The tracking number, or ``letter``.

    Returns:
        The parcel, waiting at the desk.
    """
    if (no := _auth(state, token, "community")):
        return no
    if member_id not in state.members:
        return _refuse(f"no member {member_id}")
    if _membership_of(state, member_id)[0] is None:
        return _refuse(f"{member_id} has no membership; return the parcel to the carrier")
    pid = f"PCL-{_next(state, 'parcel')}"
    state.parcels[pid] = {"member": member_id, "carrier": carrier, "tracking": tracking, "status": "waiting",
                          "by": None}
    return _parcel(state, pid)


async def list_parcels(state: State, token: str, member_id: str | None = None,
                       waiting_only: bool = True) -> list[Parcel] | dict:
    """Parcels at the front desk.

    Args:
        token: The session token.
        member_id: Only this member's parcels.
        waiting_only: Only parcels not yet collected.

    Returns:
        Parcels.
    """
    if (no := _auth(state, token)):
        return no
    return [_parcel(state, p) for p, v in state.parcels.items()
            if (member_id is None or v["member"] == member_id) and (not waiting_only or v["status"] == "waiting")]


async def hand_over_parcel(state: State, token: str, parcel_id: str, collected_by: str) -> Parcel | dict:
    """Hand a waiting parcel over.

    Args:
        token: The session token.
        parcel_id: The parcel.
        collected_by: Who took it.

    Returns:
        The collected parcel.
    """
    if (no := _auth(state, token, "community")):
        return no
    p = state.parcels.get(parcel_id)
    if p is None:
        return _refuse(f"no parcel {parcel_id}")
    if p["status"] != "waiting":
        return _refuse(f"{parcel_id} was already collected by {p['by']}")
    p.update(status="collected", by=collected_by)
    return _parcel(state, parcel_id)


# --------------------------------------------------------------------------- building issues


async def report_issue(state: State, token: str, area: str, description: str,
                       priority: Priority = Priority.NORMAL) -> Ticket | dict:
    """Log a building issue.

    Args:
        token: The session token.
        area: Where (a room, a floor, the kitchen).
        description: What is wrong.
        priority: low, normal or urgent.

    Returns:
        The open ticket.
    """
    if (no := _auth(state, token)):
        return no
    if not description.strip():
        return _refuse("describe the issue")
    tid = f"TK-{_next(state, 'ticket')}"
    state.tickets[tid] = {"area": area, "description": description, "priority": Priority(priority).value,
                          "status": "open", "contractor": None, "resolution": None}
    return _ticket(state, tid)


async def list_tickets(state: State, token: str, open_only: bool = True) -> list[Ticket] | dict:
    """Building issue tickets.

    Args:
        token: The session token.
        open_only: Only tickets not closed.

    Returns:
        Tickets, oldest first.
    """
    if (no := _auth(state, token)):
        return no
    return [_ticket(state, t) for t in sorted(state.tickets)
            if not open_only or state.tickets[t]["status"] != "closed"]


async def list_contractors(state: State, token: str, trade: Trade | None = None) -> list[Contractor] | dict:
    """The building's approved contractors.

    Args:
        token: The session token.
        trade: Only this trade.

    Returns:
        Contractors.
    """
    if (no := _auth(state, token)):
        return no
    return [Contractor(contractor_id=c, name=n, trade=t, phone=p) for c, (n, t, p) in state.contractors.items()
            if trade is None or t == trade]


async def assign_ticket(state: State, token: str, ticket_id: str, contractor_id: str) -> Ticket | dict:
    """Give an open ticket to a contractor.

    Args:
        token: The session token (operations).
        ticket_id: The ticket.
        contractor_id: The contractor.

    Returns:
        The assigned ticket.
    """
    if (no := _auth(state, token, "operations")):
        return no
    t = state.tickets.get(ticket_id)
    if t is None:
        return _refuse(f"no ticket {ticket_id}")
    if contractor_id not in state.contractors:
        return _refuse(f"no contractor {contractor_id}")
    if t["status"] == "closed":
        return _refuse(f"{ticket_id} is closed")
    if t["contractor"] == contractor_id:
        return _refuse(f"{ticket_id} is already with {contractor_id}")
    t.update(contractor=contractor_id, status="assigned")
    return _ticket(state, ticket_id)


async def close_ticket(state: State, token: str, ticket_id: str, resolution: str) -> Ticket | dict:
    """Close a ticket once the contractor has fixed it.

    Args:
        token: The session token (operations).
        ticket_id: An assigned ticket.
        resolution: What was done.

    Returns:
        The closed ticket.
    """
    if (no := _auth(state, token, "operations")):
        return no
    t = state.tickets.get(ticket_id)
    if t is None:
        return _refuse(f"no ticket {ticket_id}")
    if t["status"] == "closed":
        return _refuse(f"{ticket_id} is already closed")
    if t["status"] != "assigned":
        return _refuse(f"{ticket_id} has not been given to a contractor")
    t.update(status="closed", resolution=resolution)
    return _ticket(state, ticket_id)


# --------------------------------------------------------------------------- invoices


async def generate_invoice(state: State, token: str, company_id: str, month: str) -> Invoice | dict:
    """Draw up a company's invoice for a month (its members' plans and catering), as a draft.

    Args:
        token: The session token (finance).
        company_id: The company.
        month: ``YYYY-MM``.

    Returns:
        The draft invoice with its lines.
    """
    if (no := _auth(state, token, "finance")):
        return no
    if company_id not in state.companies:
        return _refuse(f"no company {company_id}")
    iid = f"INV-{company_id[2:]}-{month}"
    if iid in state.invoices:
        return _refuse(f"{company_id} is already invoiced for {month} ({iid})")
    lines = []
    for msid, ms in sorted(state.memberships.items()):
        m = state.members[ms["member"]]
        if m["company"] == company_id and ms["status"] == "active":
            lines.append([f"{state.plans[ms['plan']][0]}, {m['name']}", state.plans[ms["plan"]][1]])
    for b in state.bookings.values():
        if b["catering"] and state.members[b["member"]]["company"] == company_id and b["status"] == "confirmed":
            lines.append([f"Catering, {b['title']}", b["catering"]["total"]])
    if not lines:
        return _refuse(f"{company_id} has no active membership to invoice")
    state.invoices[iid] = {"company": company_id, "month": month, "lines": lines,
                           "total": round(sum(a for _, a in lines), 2), "status": "draft", "paid": 0.0}
    return _invoice(state, iid)


async def send_invoice(state: State, token: str, invoice_id: str) -> Invoice | dict:
    """E-mail a draft invoice to the company's billing address.

    Args:
        token: The session token (finance).
        invoice_id: The invoice.

    Returns:
        The sent invoice.
    """
    if (no := _auth(state, token, "finance")):
        return no
    v = state.invoices.get(invoice_id)
    if v is None:
        return _refuse(f"no invoice {invoice_id}")
    if v["status"] != "draft":
        return _refuse(f"{invoice_id} has already been sent")
    v["status"] = "sent"
    return _invoice(state, invoice_id)


async def record_payment(state: State, token: str, invoice_id: str, amount: float,
                         method: PayMethod) -> Payment | dict:
    """Record a payment against a sent invoice.

    Args:
        token: The session token (finance).
        invoice_id: The invoice.
        amount: Amount in pounds.
        method: bacs, card or direct_debit.

    Returns:
        The payment and the balance left.
    """
    if (no := _auth(state, token, "finance")):
        return no
    v = state.invoices.get(invoice_id)
    if v is None:
        return _refuse(f"no invoice {invoice_id}")
    if v["status"] == "draft":
        return _refuse(f"{invoice_id} has not been sent")
    if v["status"] == "paid":
        return _refuse(f"{invoice_id} is already paid")
    left = round(v["total"] - v["paid"], 2)
    if amount <= 0 or amount > left:
        return _refuse(f"amount must be more than 0 and no more than {left:.2f}")
    v["paid"] = round(v["paid"] + amount, 2)
    if v["paid"] >= v["total"]:
        v["status"] = "paid"
    return Payment(invoice_id=invoice_id, amount=amount, method=method, balance=round(v["total"] - v["paid"], 2))


TOOLS = [
    staff_login, staff_logout, plans_and_prices, find_company, create_company, find_member, add_member,
    sign_agreement, start_membership, change_plan, pause_membership, resume_membership, end_membership,
    issue_access_card, set_card_zones, deactivate_card, list_desks, assign_desk, list_rooms, room_availability,
    book_room, cancel_booking, catering_menu, add_catering, register_guest, check_in_guest, log_parcel,
    list_parcels, hand_over_parcel, report_issue, list_tickets, list_contractors, assign_ticket, close_ticket,
    generate_invoice, send_invoice, record_payment,
]

FIXTURES = {
    "space": {"name": "Canal Works, Ancoats, Manchester", "today": "Wednesday 6 June 2029"},
    "staff": [
        {"name": "Fern Adebayo", "team": "community", "email": "fern@canalworks.example", "password": "Towpath-2291"},
        {"name": "Marco Bellini", "team": "operations", "email": "marco@canalworks.example",
         "password": "Lockgate-7740"},
        {"name": "Aisha Karim", "team": "finance", "email": "aisha@canalworks.example", "password": "Ledger-Mill-58"},
    ],
    "new_company": {"name": "Cottonfield Games Ltd", "billing_email": "finance@cottonfield.example",
                    "vat_number": "GB 402 1187 33", "founder": "Sam Okonjo", "founder_email": "sam@cottonfield.example"},
    "desk_drawer": {"blank_cards": ["04A1-91D0", "04A1-91D1", "04A1-91D2"]},
    "front_desk_notes": [
        "Josh Pemberton (Northern Quarter Pixels) wants to move from a hot desk to a fixed desk by a window",
        "Hannah Oyelaran is leaving at the end of June; her card must be handed in",
        "A DPD parcel came for Rory Quinn this morning",
    ],
}

_TOKEN = "auth: session token (token of staff_login)"
TOKEN_CONSUMERS = [t.__name__ for t in TOOLS if t.__name__ not in ("staff_login", "plans_and_prices")]
MEMBER_CONSUMERS = ["sign_agreement", "start_membership", "issue_access_card", "book_room", "register_guest",
                    "log_parcel"]
MEMBERSHIP_CONSUMERS = ["change_plan", "pause_membership", "resume_membership", "end_membership", "assign_desk"]
_MEMBER = "id lookup/create: member id (member_id of find_member's rows, or of add_member)"
_MEMBERSHIP = ("id lookup/create: membership id (membership_id of start_membership, or membership.membership_id "
               "of find_member)")

GROUND_TRUTH = (
    [("staff_login", c, _TOKEN) for c in TOKEN_CONSUMERS]
    + [("find_member|add_member", c, _MEMBER) for c in MEMBER_CONSUMERS]
    + [("start_membership|find_member", c, _MEMBERSHIP) for c in MEMBERSHIP_CONSUMERS]
    + [
        ("find_company|create_company", "add_member",
         "id lookup/create: company id (company_id of find_company's rows, or of create_company)"),
        ("find_company|create_company", "generate_invoice",
         "id lookup/create: company id (company_id of find_company's rows, or of create_company)"),
        ("issue_access_card|find_member", "set_card_zones",
         "id lookup/create: credential id (credential_id of issue_access_card, or cards of find_member)"),
        ("issue_access_card|find_member", "deactivate_card",
         "id lookup/create: credential id (credential_id of issue_access_card, or cards of find_member)"),
        ("list_desks", "assign_desk", "id lookup: a free desk (desk_id)"),
        ("list_rooms", "room_availability", "id lookup: room id (room_id)"),
        ("list_rooms", "book_room", "id lookup: room id (room_id)"),
        ("book_room", "add_catering", "id create: booking id (booking_id)"),
        ("book_room", "cancel_booking", "id create: booking id (booking_id)"),
        ("register_guest", "check_in_guest", "id create: guest pass (pass_id)"),
        ("log_parcel|list_parcels", "hand_over_parcel",
         "id lookup/create: parcel id (parcel_id of log_parcel, or of a list_parcels row)"),
        ("report_issue|list_tickets", "assign_ticket",
         "id lookup/create: ticket id (ticket_id of report_issue, or of a list_tickets row)"),
        ("report_issue|list_tickets", "close_ticket",
         "id lookup/create: ticket id (ticket_id of report_issue, or of a list_tickets row)"),
        ("list_contractors", "assign_ticket", "id lookup: contractor id (contractor_id)"),
        ("generate_invoice", "send_invoice", "id create: invoice id (invoice_id)"),
        ("generate_invoice|find_company", "record_payment",
         "id lookup/create: invoice id (invoice_id of generate_invoice, or open_invoices of find_company)"),
        ("plans_and_prices", "start_membership", "vocabulary: plan code (code of plans_and_prices)"),
        ("plans_and_prices", "change_plan", "vocabulary: plan code (code of plans_and_prices)"),
        ("room_availability", "book_room", "vocabulary: a free start time (bare list)"),
        ("catering_menu", "add_catering", "vocabulary: menu item codes (code)"),
        ("sign_agreement", "start_membership", "state: the licence agreement signed"),
        ("start_membership", "issue_access_card", "state: an active membership"),
        ("start_membership", "register_guest", "state: an active membership"),
        ("start_membership", "book_room", "state: an active membership with meeting-room credits"),
        ("start_membership", "log_parcel", "state: a membership (post is only taken in for members)"),
        ("change_plan", "assign_desk", "state: the membership on the fixed-desk plan"),
        ("pause_membership", "resume_membership", "state: the membership paused"),
        ("deactivate_card", "end_membership", "state: the member's cards switched off"),
        ("send_invoice", "record_payment", "state: the invoice sent"),
        ("assign_ticket", "close_ticket", "state: the ticket given to a contractor"),
    ]
)

PLAUSIBLE = {
    ("find_member", "cancel_booking"), ("find_member", "hand_over_parcel"), ("find_member", "list_parcels"),
    ("list_rooms", "cancel_booking"), ("room_availability", "cancel_booking"), ("catering_menu", "book_room"),
    ("plans_and_prices", "generate_invoice"), ("find_company", "find_member"), ("find_company", "send_invoice"),
    ("list_desks", "change_plan"), ("issue_access_card", "end_membership"), ("set_card_zones", "end_membership"),
    ("find_member", "check_in_guest"), ("list_tickets", "report_issue"), ("list_contractors", "close_ticket"),
    ("book_room", "generate_invoice"), ("add_catering", "generate_invoice"), ("start_membership", "generate_invoice"),
    ("start_membership", "set_card_zones"), ("find_member", "generate_invoice"),
    ("pause_membership", "book_room"), ("end_membership", "deactivate_card"),
}
