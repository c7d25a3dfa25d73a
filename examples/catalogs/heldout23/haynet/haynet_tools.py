"""Haynet: the office system of Fernhill Livery, Little Haddon (40 calls).

Async functions over an in-memory ``State`` of the livery yard on Thursday 6 March 2031 at 07:00, a
farrier day. The office registers owners and their horses, checks passports, records vaccinations,
starts livery agreements in a free box on a package, changes packages and boxes, adds extras, books
the farrier and the vet, invoices livery monthly in advance, takes payments, takes notice and sees
horses off the yard. The grooms turn horses out in the right field and keep their care plans, record
the farrier's and the vet's visits, take worm egg counts and dose, and report injuries. The instructor
books the arena. The manager may do everything. The livery packages and the list of extras are public.

Every tool is an ``async def`` wrapped by ``yard_call(*roles)`` (``functools.wraps``, an async wrapper),
which checks the session and the role and turns the yard's internal ``Decline`` into the reply. Every
reply is a Go-style pair: ``(result, None)`` on success and ``(None, why)`` when the yard declines,
which reaches a caller as the JSON list ``[null, "why"]``. The runtime's common conventions read no
such pair (a two-item list, no ``error`` key, no ``Error:`` prefix), so ``FAILURE`` (``is_declined``)
is declared. Results are pydantic models (a session, an acknowledgement, packages, extras, owners,
horses with their vaccinations, worm counts, farrier visits and incidents nested, horse summaries,
boxes, fields, livery agreements with their extras and care plan nested, a care plan, farrier and vet
visits, worm counts and doses, incidents, messages, arena bookings, diary entries, invoices with their
lines nested, receipts, an owner's account with horses, agreements and invoices nested, a departure)
and lists of them; the farrier's days and the free arena times are bare lists of strings. Owners,
horses, agreements and invoices share a number (owner ``OW-311``, horse ``H-3111``, agreement
``LA-3111``, invoice ``INV-3111-02``) beside boxes ``B04`` and fields ``F2``; how heights are written,
the yard's stallion rule, which boxes a big horse needs, which field takes mares, geldings or ponies,
how recent a flu vaccination must be, the worm count the yard doses on, the notice period, when jumps
are out and which extras each package already includes are stated only in declines.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as
provider means either tool satisfies it, and the text of ``what`` before its first ``:`` is the
kind.
"""

import datetime
import functools
import inspect
from enum import Enum
from typing import Literal

from pydantic import BaseModel

TODAY = "2031-03-06"
FARRIER_DAYS = ("2031-03-06", "2031-03-13", "2031-03-20", "2031-03-27")
FARRIER_PER_DAY = 6
VET_ROUTINE_DAY = "2031-03-11"
ARENA_TIMES = tuple(f"{h:02d}:00" for h in range(8, 20))
FLU_DAYS = 365
DOSE_EPG = 200
COUNT_DAYS = 14
NOTICE_DAYS = 28
LARGE_BOXES = ("B01", "B02", "B03", "B04")

Sex = Literal["mare", "gelding", "stallion"]
Vaccine = Literal["flu", "tetanus", "flu_tetanus", "herpes"]
Wormer = Literal["ivermectin", "pyrantel", "moxidectin", "praziquantel"]
Severity = Literal["minor", "vet_needed", "emergency"]
Channel = Literal["sms", "email"]
PayMethod = Literal["bank_transfer", "card", "cash"]
FarrierWork = Literal["trim", "front_shoes", "full_set", "remedial"]


class Package(Enum):
    FULL = "full"
    PART = "part"
    DIY = "diy"
    GRASS = "grass"
    RETIREMENT = "retirement"


class BoxStatus(str, Enum):
    FREE = "free"
    OCCUPIED = "occupied"
    MAINTENANCE = "maintenance"


class Decline(Exception):
    """The yard declines a request; ``yard_call`` answers ``(None, why)``."""


def is_declined(reply) -> bool:
    """True for a declined request: the pair ``(None, why)`` (a JSON ``[null, "why"]``)."""
    return isinstance(reply, (list, tuple)) and len(reply) == 2 and reply[0] is None and isinstance(reply[1], str)


# --------------------------------------------------------------------------- replies


class Session(BaseModel):
    token: str
    name: str
    role: str


class Ack(BaseModel):
    done: bool = True
    message: str


class PackageInfo(BaseModel):
    code: str
    name: str
    weekly_price: float
    stabled: bool
    includes: list[str]


class Extra(BaseModel):
    code: str
    name: str
    unit: str
    price: float
    included_in: list[str]


class Owner(BaseModel):
    owner_id: str
    name: str
    phone: str
    email: str | None
    address: str
    emergency_contact: str
    horses: list[str]


class Vaccination(BaseModel):
    vaccine: str
    given_on: str
    vet_practice: str


class WormRow(BaseModel):
    count_id: str
    taken: str
    eggs_per_gram: int
    dosed: str | None


class FarrierRow(BaseModel):
    visit_id: str
    day: str
    work: str
    status: str


class Horse(BaseModel):
    horse_id: str
    name: str
    owner_id: str
    owner: str
    sex: str
    born: int
    height_hands: float
    ueln: str
    microchip: str
    passport_checked: bool
    livery: str | None
    vaccinations: list[Vaccination]
    worm_counts: list[WormRow]
    farrier: list[FarrierRow]
    incidents: list[str]


class HorseSummary(BaseModel):
    horse_id: str
    name: str
    owner: str
    sex: str
    height_hands: float
    livery: str | None
    box: str | None


class Box(BaseModel):
    box: str
    size: str
    status: str
    horse: str | None


class Field(BaseModel):
    field: str
    name: str
    group: str
    capacity: int
    horses: list[str]
    rested_until: str | None


class ExtraLine(BaseModel):
    code: str
    name: str
    quantity: int
    amount: float


class CarePlan(BaseModel):
    agreement_id: str
    horse: str
    feed: str
    hay_kg: float
    rugs: str
    turnout_hours: int
    field: str | None


class Agreement(BaseModel):
    agreement_id: str
    horse_id: str
    horse: str
    owner_id: str
    owner: str
    package: str
    weekly_price: float
    box: str | None
    field: str | None
    start_on: str
    status: str
    leaving_on: str | None
    extras: list[ExtraLine]
    care_plan: CarePlan | None


class FarrierVisit(BaseModel):
    visit_id: str
    horse_id: str
    horse: str
    day: str
    work: str
    status: str
    notes: str | None
    charge: float | None


class VetVisit(BaseModel):
    visit_id: str
    horse_id: str
    horse: str
    day: str
    reason: str
    urgent: bool
    incident_id: str | None
    status: str
    findings: str | None
    charge: float | None
    box_rest_days: int


class WormCount(BaseModel):
    count_id: str
    horse_id: str
    horse: str
    eggs_per_gram: int
    taken: str
    advice: str


class WormDose(BaseModel):
    dose_id: str
    horse_id: str
    horse: str
    product: str
    count_id: str
    given_on: str


class Incident(BaseModel):
    incident_id: str
    horse_id: str
    horse: str
    description: str
    severity: str
    reported_by: str
    reported_on: str


class Message(BaseModel):
    message_id: str
    owner_id: str
    channel: str
    to: str
    text: str


class ArenaBooking(BaseModel):
    booking_id: str
    owner_id: str
    owner: str
    day: str
    time: str
    jumps: bool
    status: str


class DiaryEntry(BaseModel):
    time: str
    kind: str
    ref: str
    horse: str | None
    owner: str | None
    detail: str


class InvoiceLine(BaseModel):
    description: str
    amount: float


class Invoice(BaseModel):
    invoice_id: str
    agreement_id: str
    owner: str
    month: str
    lines: list[InvoiceLine]
    total: float
    paid: float
    balance: float
    status: str


class Receipt(BaseModel):
    receipt_id: str
    invoice_id: str
    amount: float
    method: str
    balance: float


class AgreementRow(BaseModel):
    agreement_id: str
    horse: str
    package: str
    box: str | None
    status: str
    leaving_on: str | None


class InvoiceRow(BaseModel):
    invoice_id: str
    agreement_id: str
    month: str
    total: float
    balance: float
    status: str


class OwnerAccount(BaseModel):
    owner: Owner
    horses: list[HorseSummary]
    agreements: list[AgreementRow]
    invoices: list[InvoiceRow]
    balance: float


class Departure(BaseModel):
    agreement_id: str
    horse: str
    owner: str
    left_on: str
    collected_by: str
    box_freed: str | None


# --------------------------------------------------------------------------- state


class State:
    """Fernhill Livery, Fernhill Lane, Little Haddon, on Thursday 6 March 2031 at 07:00."""

    def __init__(self) -> None:
        self.staff = {
            "meg.o": {"name": "Megan Orr", "password": "Hay-Net-22", "role": "office"},
            "jack.t": {"name": "Jack Tilley", "password": "Hoof-Pick-7", "role": "groom"},
            "rosa.k": {"name": "Rosa Kent", "password": "Ten-Metre-Circle", "role": "instructor"},
            "helen.f": {"name": "Helen Fernley", "password": "Full-Livery-1998", "role": "manager"},
        }
        self.sessions = {}
        self.packages = {
            "full": ("Full livery", 185.0, True, ["stable", "grazing", "hay", "bedding", "mucking out", "turnout",
                                                  "bring-in", "rug changes", "holding for farrier and vet"]),
            "part": ("Part livery", 120.0, True, ["stable", "grazing", "hay", "turnout", "bring-in"]),
            "diy": ("DIY livery", 55.0, True, ["stable", "grazing"]),
            "grass": ("Grass livery", 35.0, False, ["grazing", "daily check"]),
            "retirement": ("Retirement livery", 95.0, False, ["grazing", "field shelter", "hay in winter",
                                                              "twice-daily check"]),
        }
        self.extras = {
            "BRING-IN": ("Bring in from the field", "per day", 4.0, ("full", "part")),
            "CLIP-FULL": ("Full clip", "each", 55.0, ()),
            "EXERCISE": ("Lunge or ride by a groom", "per session", 20.0, ()),
            "HAY-EXTRA": ("Extra haynet", "per net", 3.0, ()),
            "HOLD-FARRIER": ("Hold for the farrier or vet", "per visit", 8.0, ("full",)),
            "RUG-CHANGE": ("Change rugs", "per change", 2.5, ("full",)),
            "TURNOUT": ("Turn out to the field", "per day", 4.0, ("full", "part")),
        }
        self.boxes = {f"B{i:02d}": {"status": "free", "agreement": None} for i in range(1, 15)}
        self.boxes["B06"]["status"] = "maintenance"
        self.fields = {
            "F1": {"name": "Top Paddock", "group": "mares", "capacity": 6, "rested_until": None},
            "F2": {"name": "Long Meadow", "group": "geldings", "capacity": 8, "rested_until": None},
            "F3": {"name": "Brook Field", "group": "geldings", "capacity": 6, "rested_until": "2031-04-01"},
            "F4": {"name": "Orchard", "group": "ponies", "capacity": 4, "rested_until": None},
            "F5": {"name": "Sick Paddock", "group": "individual", "capacity": 1, "rested_until": None},
        }
        self.owners = {
            "OW-305": {"name": "Mr Robert Hale", "phone": "07700 900305", "email": "robert.hale@mail.example",
                       "address": "2 Church Row, Little Haddon", "emergency": "Sue Hale, 07700 900306"},
            "OW-311": {"name": "Mrs Caroline Ashby", "phone": "07700 900311", "email": "caroline.ashby@mail.example",
                       "address": "The Old Forge, Great Haddon", "emergency": "Tom Ashby, 07700 900313"},
            "OW-318": {"name": "Mr Daniel Kerr", "phone": "07700 900318", "email": None,
                       "address": "14 Station Road, Haddon Cross", "emergency": "Anna Kerr, 07700 900319"},
            "OW-322": {"name": "Ms Imogen Lacey", "phone": "07700 900322", "email": "imogen.lacey@mail.example",
                       "address": "Rose Farm Cottages, Little Haddon", "emergency": "Joan Lacey, 07700 900323"},
        }

        def horse(owner, name, sex, born, height, ueln, chip, checked=True, vacc=(), worms=()):
            return {"owner": owner, "name": name, "sex": sex, "born": born, "height": height, "ueln": ueln,
                    "chip": chip, "checked": checked, "vaccinations": [list(v) for v in vacc],
                    "worms": [dict(w) for w in worms], "agreement": None}

        self.horses = {
            "H-3051": horse("OW-305", "Hector", "gelding", 2012, 17.0, "826002120030511", "826098100030511",
                            vacc=[("flu_tetanus", "2030-04-01", "Haddon Equine Vets")]),
            "H-3111": horse("OW-311", "Bramble", "gelding", 2014, 16.1, "826002140031115", "826098100031115",
                            vacc=[("flu_tetanus", "2030-09-12", "Haddon Equine Vets")],
                            worms=[{"id": "WC-0109", "taken": "2031-01-10", "epg": 50, "dosed": None}]),
            "H-3112": horse("OW-311", "Teasel", "mare", 2020, 15.1, "826002200117784", "826098100117784",
                            checked=False),
            "H-3181": horse("OW-318", "Mistral", "mare", 2010, 15.2, "826002100031812", "826098100031812",
                            vacc=[("flu", "2030-05-20", "Haddon Equine Vets")]),
            "H-3221": horse("OW-322", "Pip", "gelding", 2016, 13.2, "826002160032216", "826098100032216",
                            vacc=[("flu_tetanus", "2030-11-02", "Haddon Equine Vets")],
                            worms=[{"id": "WC-0117", "taken": "2031-03-01", "epg": 450, "dosed": None}]),
        }

        def agreement(horse_id, package, box, fld, start, plan, leaving=None, notice_on=None):
            return {"horse": horse_id, "package": package, "box": box, "field": fld, "start": start,
                    "status": "active", "leaving": leaving, "notice_on": notice_on, "extras": {}, "plan": plan}

        self.agreements = {
            "LA-3051": agreement("H-3051", "full", "B02", "F2", "2024-05-01",
                                 ("Conditioning cubes, two scoops twice a day", 12.0, "Heavy stable rug", 6)),
            "LA-3111": agreement("H-3111", "full", "B04", "F2", "2026-10-01",
                                 ("Alfa-A and balancer twice a day", 10.0, "Medium stable rug at night", 6)),
            "LA-3181": agreement("H-3181", "part", "B09", "F1", "2027-04-15", None, "2031-03-06", "2031-02-06"),
            "LA-3221": agreement("H-3221", "diy", "B11", "F4", "2029-06-01", None),
        }
        for aid, a in self.agreements.items():
            self.horses[a["horse"]]["agreement"] = aid
            self.boxes[a["box"]].update(status="occupied", agreement=aid)
        self.invoices = {
            "INV-3111-02": {"agreement": "LA-3111", "month": "2031-02",
                            "lines": [("Full livery, 4 weeks", 740.0)], "paid": 740.0},
            "INV-3181-02": {"agreement": "LA-3181", "month": "2031-02",
                            "lines": [("Part livery, 4 weeks", 480.0)], "paid": 0.0},
        }
        self.farrier_visits = {
            "FV-0209": {"horse": "H-3111", "day": TODAY, "work": "front_shoes", "status": "booked", "notes": None,
                        "charge": None},
        }
        self.vet_visits = {
            "VV-0087": {"horse": "H-3051", "day": TODAY, "time": "10:00", "reason": "Annual flu and tetanus booster; teeth",
                        "urgent": False, "incident": None, "status": "booked", "findings": None, "charge": None,
                        "rest": 0},
        }
        self.incidents = {}
        self.doses = {}
        self.arena = {
            "AB-0628": {"owner": "OW-311", "day": TODAY, "time": "09:00", "jumps": False, "status": "booked"},
            "AB-0629": {"owner": "OW-322", "day": TODAY, "time": "18:00", "jumps": False, "status": "booked"},
        }
        self.messages = []
        self.receipts = {}
        self.departures = {}
        self.counters = {"session": 1, "owner": 330, "farrier": 210, "vet": 88, "worm": 118, "dose": 41,
                         "incident": 42, "arena": 630, "receipt": 5120, "message": 771}


# --------------------------------------------------------------------------- the wrapper


def yard_call(*roles: str, public: bool = False):
    """Check the session (and the role, where ``roles`` are given; the manager may do everything) and answer
    the yard's ``Decline`` as the pair ``(None, why)``."""

    def wrap(fn):
        sig = inspect.signature(fn)

        @functools.wraps(fn)
        async def call(*args, **kwargs):
            try:
                if not public:
                    bound = sig.bind(*args, **kwargs)
                    state, token = bound.arguments["state"], bound.arguments["token"]
                    who = state.sessions.get(token)
                    if who is None:
                        raise Decline("no session for that token; sign in again")
                    if roles and who["role"] not in roles and who["role"] != "manager":
                        raise Decline(f"{who['name']} ({who['role']}) may not do this; it is for {' or '.join(roles)}")
                return await fn(*args, **kwargs)
            except Decline as decline:
                return None, str(decline)

        return call

    return wrap


# --------------------------------------------------------------------------- helpers


def _next(state: State, kind: str) -> int:
    n = state.counters[kind]
    state.counters[kind] = n + 1
    return n


def _day(text: str) -> datetime.date:
    try:
        return datetime.date.fromisoformat(text)
    except (TypeError, ValueError):
        raise Decline(f"{text!r} is not a date (YYYY-MM-DD)") from None


def _days_since(day: str) -> int:
    return (datetime.date.fromisoformat(TODAY) - datetime.date.fromisoformat(day)).days


def _inches(height: float) -> int:
    hands = int(height)
    return hands * 4 + round((height - hands) * 10)


def _owner(state: State, owner_id: str) -> dict:
    o = state.owners.get(owner_id)
    if o is None:
        raise Decline(f"no owner {owner_id}")
    return o


def _horse(state: State, horse_id: str) -> dict:
    h = state.horses.get(horse_id)
    if h is None:
        raise Decline(f"no horse {horse_id}")
    return h


def _agreement(state: State, agreement_id: str, live: bool = True) -> dict:
    a = state.agreements.get(agreement_id)
    if a is None:
        raise Decline(f"no livery agreement {agreement_id}")
    if live and a["status"] != "active":
        raise Decline(f"agreement {agreement_id} has {a['status']}")
    return a


def _on_livery(state: State, horse_id: str) -> dict:
    h = _horse(state, horse_id)
    if h["agreement"] is None or state.agreements[h["agreement"]]["status"] != "active":
        raise Decline(f"{h['name']} is not on livery at Fernhill")
    return h


def _money(x: float) -> float:
    return round(x + 1e-9, 2)


def _owner_reply(state: State, owner_id: str) -> Owner:
    o = state.owners[owner_id]
    horses = [h["name"] for _, h in sorted(state.horses.items()) if h["owner"] == owner_id]
    return Owner(owner_id=owner_id, name=o["name"], phone=o["phone"], email=o["email"], address=o["address"],
                 emergency_contact=o["emergency"], horses=horses)


def _summary(state: State, horse_id: str) -> HorseSummary:
    h = state.horses[horse_id]
    a = state.agreements[h["agreement"]] if h["agreement"] else None
    live = a is not None and a["status"] == "active"
    return HorseSummary(horse_id=horse_id, name=h["name"], owner=state.owners[h["owner"]]["name"], sex=h["sex"],
                        height_hands=h["height"], livery=a["package"] if live else None, box=a["box"] if live else None)


def _horse_reply(state: State, horse_id: str) -> Horse:
    h = state.horses[horse_id]
    farrier = [FarrierRow(visit_id=vid, day=v["day"], work=v["work"], status=v["status"])
               for vid, v in sorted(state.farrier_visits.items()) if v["horse"] == horse_id]
    incidents = [iid for iid, i in sorted(state.incidents.items()) if i["horse"] == horse_id]
    return Horse(horse_id=horse_id, name=h["name"], owner_id=h["owner"], owner=state.owners[h["owner"]]["name"],
                 sex=h["sex"], born=h["born"], height_hands=h["height"], ueln=h["ueln"], microchip=h["chip"],
                 passport_checked=h["checked"],
                 livery=_summary(state, horse_id).livery,
                 vaccinations=[Vaccination(vaccine=v[0], given_on=v[1], vet_practice=v[2]) for v in h["vaccinations"]],
                 worm_counts=[WormRow(count_id=w["id"], taken=w["taken"], eggs_per_gram=w["epg"], dosed=w["dosed"])
                              for w in h["worms"]],
                 farrier=farrier, incidents=incidents)


def _plan_reply(state: State, agreement_id: str) -> CarePlan | None:
    a = state.agreements[agreement_id]
    if a["plan"] is None:
        return None
    feed, hay, rugs, hours = a["plan"]
    return CarePlan(agreement_id=agreement_id, horse=state.horses[a["horse"]]["name"], feed=feed, hay_kg=hay, rugs=rugs,
                    turnout_hours=hours, field=a["field"])


def _agreement_reply(state: State, agreement_id: str) -> Agreement:
    a = state.agreements[agreement_id]
    h = state.horses[a["horse"]]
    extras = [ExtraLine(code=code, name=state.extras[code][0], quantity=q, amount=_money(state.extras[code][2] * q))
              for code, q in sorted(a["extras"].items())]
    return Agreement(agreement_id=agreement_id, horse_id=a["horse"], horse=h["name"], owner_id=h["owner"],
                     owner=state.owners[h["owner"]]["name"], package=a["package"],
                     weekly_price=state.packages[a["package"]][1], box=a["box"], field=a["field"], start_on=a["start"],
                     status=a["status"], leaving_on=a["leaving"], extras=extras, care_plan=_plan_reply(state, agreement_id))


def _invoice_total(inv: dict) -> float:
    return _money(sum(amount for _, amount in inv["lines"]))


def _invoice_reply(state: State, invoice_id: str) -> Invoice:
    inv = state.invoices[invoice_id]
    a = state.agreements[inv["agreement"]]
    total = _invoice_total(inv)
    balance = _money(total - inv["paid"])
    return Invoice(invoice_id=invoice_id, agreement_id=inv["agreement"],
                   owner=state.owners[state.horses[a["horse"]]["owner"]]["name"], month=inv["month"],
                   lines=[InvoiceLine(description=d, amount=m) for d, m in inv["lines"]], total=total, paid=inv["paid"],
                   balance=balance, status="paid" if balance <= 0 else "part paid" if inv["paid"] else "unpaid")


def _field_group(h: dict) -> str:
    if _inches(h["height"]) < _inches(14.2):
        return "ponies"
    return "mares" if h["sex"] == "mare" else "geldings"


# --------------------------------------------------------------------------- sign-in and public lists


@yard_call(public=True)
async def sign_in(state: State, username: str, password: str) -> tuple[Session | None, str | None]:
    """Sign in to the yard office system.

    :param username: The staff user name, such as ``meg.o``.
    :param password: The password.
    :returns: ``(session, None)``: the session's ``token`` (which every other call takes) and the role
        (office, groom, instructor or manager); or ``(None, why)``.
    """
    user = state.staff.get(username)
    if user is None or user["password"] != password:
        raise Decline("wrong user name or password")
    token = f"fh-{username.split('.')[0]}-{_next(state, 'session'):03d}"
    state.sessions[token] = {"user": username, "name": user["name"], "role": user["role"]}
    return Session(token=token, name=user["name"], role=user["role"]), None


@yard_call()
async def sign_out(state: State, token: str) -> tuple[Ack | None, str | None]:
    """Sign out and end the session.

    :param token: The session token.
    :returns: ``(acknowledgement, None)``, or ``(None, why)``.
    """
    who = state.sessions.pop(token)
    return Ack(message=f"{who['name']} signed out"), None


@yard_call(public=True)
async def livery_packages(state: State) -> tuple[list[PackageInfo] | None, str | None]:
    """The yard's livery packages and their weekly prices (public, no sign-in).

    :returns: ``(packages, None)``: each package's code, name, weekly price, whether it comes with a
        stable and what it includes.
    """
    return [PackageInfo(code=code, name=p[0], weekly_price=p[1], stabled=p[2], includes=list(p[3]))
            for code, p in state.packages.items()], None


@yard_call(public=True)
async def yard_extras(state: State) -> tuple[list[Extra] | None, str | None]:
    """The extra services the yard charges for on top of a package (public, no sign-in).

    :returns: ``(extras, None)``: each extra by code, with its unit, price and the packages that
        already include it.
    """
    return [Extra(code=code, name=e[0], unit=e[1], price=e[2], included_in=list(e[3]))
            for code, e in sorted(state.extras.items())], None


# --------------------------------------------------------------------------- owners and horses


@yard_call()
async def find_owner(state: State, token: str, text: str) -> tuple[list[Owner] | None, str | None]:
    """Look owners up by part of a name, a phone number or an e-mail address.

    :param token: The session token.
    :param text: What to look for.
    :returns: ``(owners, None)``: the matching owners by owner id, each with their horses' names.
    """
    t = text.strip().lower()
    if not t:
        raise Decline("say what to look for")
    squeezed = t.replace(" ", "")
    out = []
    for oid, o in sorted(state.owners.items()):
        if t in o["name"].lower() or t in (o["email"] or "").lower() or (len(squeezed) >= 6 and squeezed in o["phone"].replace(" ", "")):
            out.append(_owner_reply(state, oid))
    return out, None


@yard_call("office")
async def register_owner(state: State, token: str, name: str, phone: str, email: str, address: str,
                         emergency_contact: str) -> tuple[Owner | None, str | None]:
    """Register a new horse owner.

    :param token: The session token.
    :param name: The owner's name, with title.
    :param phone: Their mobile number.
    :param email: Their e-mail address.
    :param address: Their address.
    :param emergency_contact: Someone to ring if the owner cannot be reached, with a number.
    :returns: ``(owner, None)`` with the new owner id, or ``(None, why)``.
    """
    if "@" not in email:
        raise Decline(f"{email!r} is not an e-mail address")
    if not emergency_contact.strip():
        raise Decline("the yard needs an emergency contact for every owner")
    for oid, o in state.owners.items():
        if (o["email"] or "").lower() == email.strip().lower():
            raise Decline(f"{o['name']} is already registered as {oid} with that e-mail address")
    oid = f"OW-{_next(state, 'owner')}"
    state.owners[oid] = {"name": name.strip(), "phone": phone.strip(), "email": email.strip(), "address": address.strip(),
                         "emergency": emergency_contact.strip()}
    return _owner_reply(state, oid), None


@yard_call("office")
async def update_owner(state: State, token: str, owner_id: str, phone: str | None = None, email: str | None = None,
                       address: str | None = None, emergency_contact: str | None = None) -> tuple[Owner | None, str | None]:
    """Change an owner's phone number, e-mail address, address or emergency contact.

    :param token: The session token.
    :param owner_id: The owner (``OW-...``).
    :param phone: A new phone number.
    :param email: A new e-mail address.
    :param address: A new address.
    :param emergency_contact: A new emergency contact.
    :returns: ``(owner, None)`` as now recorded, or ``(None, why)``; nothing to change is declined.
    """
    o = _owner(state, owner_id)
    changes = {}
    for key, value in (("phone", phone), ("email", email), ("address", address), ("emergency", emergency_contact)):
        if value is not None and value.strip() != o[key]:
            changes[key] = value.strip()
    if "email" in changes and "@" not in changes["email"]:
        raise Decline(f"{email!r} is not an e-mail address")
    if not changes:
        raise Decline(f"nothing to change: those are already {o['name']}'s details")
    o.update(changes)
    return _owner_reply(state, owner_id), None


@yard_call("office")
async def add_horse(state: State, token: str, owner_id: str, name: str, sex: Sex, born: int, height_hands: float,
                    ueln: str, microchip: str) -> tuple[Horse | None, str | None]:
    """Add a horse to an owner's record, from its passport.

    :param token: The session token.
    :param owner_id: The owner (``OW-...``).
    :param name: The horse's stable name.
    :param sex: ``mare``, ``gelding`` or ``stallion``.
    :param born: The year of birth.
    :param height_hands: The height in hands, as written on the passport (``15.3``).
    :param ueln: The passport's 15-character Universal Equine Life Number.
    :param microchip: The 15-digit microchip number.
    :returns: ``(horse, None)`` with the new horse id, or ``(None, why)``.
    """
    _owner(state, owner_id)
    if sex == "stallion":
        raise Decline("Fernhill does not take stallions")
    hands, inches = int(height_hands), round((height_hands - int(height_hands)) * 10, 6)
    if not 9 <= hands <= 19 or inches not in (0, 1, 2, 3):
        raise Decline(f"{height_hands} is not a height: hands and inches (the inches 0 to 3), as 15.3")
    if not 1995 <= born <= int(TODAY[:4]):
        raise Decline(f"{born} is not a year of birth")
    if len(ueln.replace(" ", "")) != 15 or len(microchip.replace(" ", "")) != 15 or not microchip.replace(" ", "").isdigit():
        raise Decline("a UELN has 15 characters and a microchip number 15 digits")
    for hid, h in state.horses.items():
        if h["ueln"] == ueln.replace(" ", ""):
            raise Decline(f"that passport is already on file for {h['name']} ({hid})")
    n = 1 + sum(1 for h in state.horses.values() if h["owner"] == owner_id)
    hid = f"H-{owner_id.split('-')[1]}{n}"
    state.horses[hid] = {"owner": owner_id, "name": name.strip(), "sex": sex, "born": born, "height": height_hands,
                         "ueln": ueln.replace(" ", ""), "chip": microchip.replace(" ", ""), "checked": False,
                         "vaccinations": [], "worms": [], "agreement": None}
    return _horse_reply(state, hid), None


@yard_call()
async def find_horse(state: State, token: str, text: str) -> tuple[list[HorseSummary] | None, str | None]:
    """Look horses up by part of a name, an owner's name or a box.

    :param token: The session token.
    :param text: What to look for.
    :returns: ``(horses, None)``: the matching horses by horse id, with owner, livery package and box.
    """
    t = text.strip().lower()
    if not t:
        raise Decline("say what to look for")
    out = []
    for hid, h in sorted(state.horses.items()):
        s = _summary(state, hid)
        if t in h["name"].lower() or t in s.owner.lower() or t == (s.box or "").lower():
            out.append(s)
    return out, None


@yard_call()
async def horse_record(state: State, token: str, horse_id: str) -> tuple[Horse | None, str | None]:
    """A horse's record: passport details, vaccinations, worm counts, farrier visits and incidents.

    :param token: The session token.
    :param horse_id: The horse (``H-....``).
    :returns: ``(horse, None)`` or ``(None, why)``.
    """
    _horse(state, horse_id)
    return _horse_reply(state, horse_id), None


@yard_call("office")
async def check_passport(state: State, token: str, horse_id: str, ueln: str, microchip: str) -> tuple[Horse | None, str | None]:
    """Record that the horse's passport has been seen and its microchip scanned, matching the record.

    :param token: The session token.
    :param horse_id: The horse (``H-....``).
    :param ueln: The UELN read from the passport.
    :param microchip: The number the scanner read.
    :returns: ``(horse, None)`` or ``(None, why)``; a passport already checked is declined.
    """
    h = _horse(state, horse_id)
    if h["checked"]:
        raise Decline(f"{h['name']}'s passport is already checked")
    if ueln.replace(" ", "") != h["ueln"]:
        raise Decline(f"that UELN does not match the one on {h['name']}'s record")
    if microchip.replace(" ", "") != h["chip"]:
        raise Decline(f"the scanned chip does not match {h['name']}'s passport")
    h["checked"] = True
    return _horse_reply(state, horse_id), None


@yard_call("office", "groom")
async def record_vaccination(state: State, token: str, horse_id: str, vaccine: Vaccine, given_on: str,
                             vet_practice: str) -> tuple[Horse | None, str | None]:
    """Record a vaccination from the horse's passport or the vet's certificate.

    :param token: The session token.
    :param horse_id: The horse (``H-....``).
    :param vaccine: ``flu``, ``tetanus``, ``flu_tetanus`` or ``herpes``.
    :param given_on: The date it was given (YYYY-MM-DD).
    :param vet_practice: The practice that gave it.
    :returns: ``(horse, None)`` or ``(None, why)``.
    """
    h = _horse(state, horse_id)
    d = _day(given_on).isoformat()
    if d > TODAY:
        raise Decline("a vaccination cannot be in the future")
    if int(d[:4]) < h["born"]:
        raise Decline(f"{h['name']} was not born in {d[:4]}")
    if [vaccine, d, vet_practice.strip()] in h["vaccinations"] or any(v[0] == vaccine and v[1] == d for v in h["vaccinations"]):
        raise Decline(f"that {vaccine} vaccination is already recorded")
    h["vaccinations"].append([vaccine, d, vet_practice.strip()])
    h["vaccinations"].sort(key=lambda v: v[1])
    return _horse_reply(state, horse_id), None


# --------------------------------------------------------------------------- boxes, fields, agreements


@yard_call()
async def stable_board(state: State, token: str, status: BoxStatus | None = None) -> tuple[list[Box] | None, str | None]:
    """The stable block: every box with its size, status and horse.

    :param token: The session token.
    :param status: Only boxes that are ``free``, ``occupied`` or under ``maintenance``.
    :returns: ``(boxes, None)`` by box.
    """
    want = BoxStatus(status).value if status is not None else None
    out = []
    for box, b in state.boxes.items():
        if want is not None and b["status"] != want:
            continue
        horse = state.horses[state.agreements[b["agreement"]]["horse"]]["name"] if b["agreement"] else None
        out.append(Box(box=box, size="large" if box in LARGE_BOXES else "standard", status=b["status"], horse=horse))
    return out, None


@yard_call()
async def field_list(state: State, token: str) -> tuple[list[Field] | None, str | None]:
    """The yard's fields, with the group each takes, capacity, the horses turned out and any rest.

    :param token: The session token.
    :returns: ``(fields, None)`` by field.
    """
    out = []
    for fid, f in state.fields.items():
        horses = [state.horses[a["horse"]]["name"] for a in state.agreements.values()
                  if a["field"] == fid and a["status"] == "active"]
        out.append(Field(field=fid, name=f["name"], group=f["group"], capacity=f["capacity"], horses=horses,
                         rested_until=f["rested_until"]))
    return out, None


@yard_call("office")
async def start_livery(state: State, token: str, horse_id: str, package: Package, start_on: str,
                       box: str | None = None) -> tuple[Agreement | None, str | None]:
    """Start a livery agreement for a horse on a package, in a free box for a stabled package.

    :param token: The session token.
    :param horse_id: The horse (``H-....``).
    :param package: ``full``, ``part``, ``diy``, ``grass`` or ``retirement``.
    :param start_on: The day the horse arrives (YYYY-MM-DD).
    :param box: A free box, for a stabled package.
    :returns: ``(agreement, None)`` with the agreement id, or ``(None, why)``.
    """
    h = _horse(state, horse_id)
    try:
        pkg = package.value if isinstance(package, Package) else Package(package).value
    except ValueError:
        raise Decline(f"{package!r} is not a livery package") from None
    if h["agreement"] and state.agreements[h["agreement"]]["status"] == "active":
        raise Decline(f"{h['name']} is already on livery ({h['agreement']})")
    if not h["checked"]:
        raise Decline(f"{h['name']}'s passport has not been checked")
    flu = [v[1] for v in h["vaccinations"] if v[0] in ("flu", "flu_tetanus")]
    if not flu or _days_since(max(flu)) > FLU_DAYS:
        raise Decline(f"Fernhill needs an equine flu vaccination within the last 12 months; {h['name']}'s last is "
                      f"{max(flu) if flu else 'not recorded'}")
    start = _day(start_on).isoformat()
    if start < TODAY:
        raise Decline("an agreement cannot start in the past")
    stabled = state.packages[pkg][2]
    if stabled:
        if box is None:
            raise Decline(f"{state.packages[pkg][0]} comes with a stable; give a free box")
        b = state.boxes.get(box)
        if b is None:
            raise Decline(f"no box {box}")
        if b["status"] != "free":
            raise Decline(f"{box} is {b['status']}")
        if _inches(h["height"]) > _inches(16.2) and box not in LARGE_BOXES:
            raise Decline(f"{h['name']} is over 16.2 hh and needs a large box ({', '.join(LARGE_BOXES)})")
    elif box is not None:
        raise Decline(f"{state.packages[pkg][0]} has no stable")
    aid = "LA-" + horse_id.split("-")[1]
    state.agreements[aid] = {"horse": horse_id, "package": pkg, "box": box if stabled else None, "field": None,
                             "start": start, "status": "active", "leaving": None, "notice_on": None, "extras": {},
                             "plan": None}
    h["agreement"] = aid
    if stabled:
        state.boxes[box].update(status="occupied", agreement=aid)
    return _agreement_reply(state, aid), None


@yard_call("office")
async def change_package(state: State, token: str, agreement_id: str, package: Package) -> tuple[Agreement | None, str | None]:
    """Move an agreement to another stabled package (full, part, DIY) from the next invoice.

    :param token: The session token.
    :param agreement_id: The agreement (``LA-....``).
    :param package: The new package.
    :returns: ``(agreement, None)`` or ``(None, why)``.
    """
    a = _agreement(state, agreement_id)
    try:
        pkg = package.value if isinstance(package, Package) else Package(package).value
    except ValueError:
        raise Decline(f"{package!r} is not a livery package") from None
    if pkg == a["package"]:
        raise Decline(f"{agreement_id} is already on {state.packages[pkg][0].lower()}")
    if a["leaving"]:
        raise Decline(f"notice is given on {agreement_id}; the package cannot change")
    if not (state.packages[pkg][2] and state.packages[a["package"]][2]):
        raise Decline("a change to or from grass or retirement livery is a new agreement")
    a["package"] = pkg
    for code in list(a["extras"]):
        if pkg in state.extras[code][3]:
            del a["extras"][code]
    return _agreement_reply(state, agreement_id), None


@yard_call("office", "groom")
async def move_box(state: State, token: str, agreement_id: str, box: str) -> tuple[Agreement | None, str | None]:
    """Move a horse to another free box.

    :param token: The session token.
    :param agreement_id: The agreement (``LA-....``).
    :param box: The free box to move to.
    :returns: ``(agreement, None)`` or ``(None, why)``.
    """
    a = _agreement(state, agreement_id)
    if a["box"] is None:
        raise Decline(f"{agreement_id} is a grass agreement with no box")
    if box == a["box"]:
        raise Decline(f"the horse is already in {box}")
    b = state.boxes.get(box)
    if b is None:
        raise Decline(f"no box {box}")
    if b["status"] != "free":
        raise Decline(f"{box} is {b['status']}")
    h = state.horses[a["horse"]]
    if _inches(h["height"]) > _inches(16.2) and box not in LARGE_BOXES:
        raise Decline(f"{h['name']} is over 16.2 hh and needs a large box ({', '.join(LARGE_BOXES)})")
    state.boxes[a["box"]].update(status="free", agreement=None)
    state.boxes[box].update(status="occupied", agreement=agreement_id)
    a["box"] = box
    return _agreement_reply(state, agreement_id), None


@yard_call("groom")
async def assign_turnout(state: State, token: str, agreement_id: str, field: str) -> tuple[Agreement | None, str | None]:
    """Give a horse its turnout field.

    :param token: The session token.
    :param agreement_id: The agreement (``LA-....``).
    :param field: The field (``F1``...).
    :returns: ``(agreement, None)`` or ``(None, why)``.
    """
    a = _agreement(state, agreement_id)
    f = state.fields.get(field)
    if f is None:
        raise Decline(f"no field {field}")
    if a["field"] == field:
        raise Decline(f"the horse already goes out in {field}")
    if f["rested_until"] and f["rested_until"] > TODAY:
        raise Decline(f"{field} {f['name']} is rested until {f['rested_until']}")
    h = state.horses[a["horse"]]
    group = _field_group(h)
    if f["group"] != "individual" and f["group"] != group:
        raise Decline(f"{field} {f['name']} is the {f['group']}' field; {h['name']} goes out with the {group}")
    out = sum(1 for b in state.agreements.values() if b["field"] == field and b["status"] == "active")
    if out >= f["capacity"]:
        raise Decline(f"{field} {f['name']} is full")
    a["field"] = field
    return _agreement_reply(state, agreement_id), None


@yard_call("groom")
async def set_care_plan(state: State, token: str, agreement_id: str, feed: str, hay_kg: float, rugs: str,
                        turnout_hours: int) -> tuple[CarePlan | None, str | None]:
    """Set a horse's care plan: hard feed, hay, rugs and hours out in its field.

    :param token: The session token.
    :param agreement_id: The agreement (``LA-....``).
    :param feed: The hard feed, as the grooms make it up.
    :param hay_kg: Hay a day, in kilograms.
    :param rugs: Rugging instructions.
    :param turnout_hours: Hours out a day (0 to stay in).
    :returns: ``(care plan, None)`` or ``(None, why)``; the same plan again is declined.
    """
    a = _agreement(state, agreement_id)
    if not 0 <= hay_kg <= 20:
        raise Decline("hay is 0 to 20 kg a day")
    if not 0 <= turnout_hours <= 24:
        raise Decline("turnout is 0 to 24 hours a day")
    if turnout_hours > 0 and a["field"] is None:
        raise Decline(f"{state.horses[a['horse']]['name']} has no field yet; give it its turnout first")
    plan = (feed.strip(), hay_kg, rugs.strip(), turnout_hours)
    if a["plan"] == plan:
        raise Decline("that is already the care plan")
    a["plan"] = plan
    return _plan_reply(state, agreement_id), None


@yard_call("office", "groom")
async def add_extra(state: State, token: str, agreement_id: str, code: str, quantity: int) -> tuple[Agreement | None, str | None]:
    """Put an extra service on an agreement for the month (or change its quantity).

    :param token: The session token.
    :param agreement_id: The agreement (``LA-....``).
    :param code: The extra's code.
    :param quantity: How many (days, sessions, nets...).
    :returns: ``(agreement, None)`` or ``(None, why)``.
    """
    a = _agreement(state, agreement_id)
    e = state.extras.get(code)
    if e is None:
        raise Decline(f"no extra {code}")
    if a["package"] in e[3]:
        raise Decline(f"{e[0].lower()} is included in {state.packages[a['package']][0].lower()}")
    if not 1 <= quantity <= 31:
        raise Decline("a quantity is 1 to 31")
    if a["extras"].get(code) == quantity:
        raise Decline(f"{code} x{quantity} is already on {agreement_id}")
    a["extras"][code] = quantity
    return _agreement_reply(state, agreement_id), None


@yard_call("office", "groom")
async def remove_extra(state: State, token: str, agreement_id: str, code: str) -> tuple[Agreement | None, str | None]:
    """Take an extra off an agreement.

    :param token: The session token.
    :param agreement_id: The agreement (``LA-....``).
    :param code: The extra's code.
    :returns: ``(agreement, None)`` or ``(None, why)``.
    """
    a = _agreement(state, agreement_id)
    if code not in a["extras"]:
        raise Decline(f"{code} is not on {agreement_id}")
    del a["extras"][code]
    return _agreement_reply(state, agreement_id), None


# --------------------------------------------------------------------------- farrier, vet, worms, injuries


@yard_call()
async def farrier_days(state: State, token: str) -> tuple[list[str] | None, str | None]:
    """The days the farrier comes to the yard this month.

    :param token: The session token.
    :returns: ``(days, None)``: the farrier's days from today (YYYY-MM-DD).
    """
    return [d for d in FARRIER_DAYS if d >= TODAY], None


@yard_call("office")
async def book_farrier(state: State, token: str, horse_id: str, day: str, work: FarrierWork) -> tuple[FarrierVisit | None, str | None]:
    """Book a horse in with the farrier on one of his days.

    :param token: The session token.
    :param horse_id: The horse (``H-....``), on livery.
    :param day: One of the farrier's days (YYYY-MM-DD).
    :param work: ``trim``, ``front_shoes``, ``full_set`` or ``remedial``.
    :returns: ``(visit, None)`` with the visit id, or ``(None, why)``.
    """
    h = _on_livery(state, horse_id)
    d = _day(day).isoformat()
    if d not in FARRIER_DAYS or d < TODAY:
        raise Decline(f"the farrier is not coming on {d}")
    booked = [v for v in state.farrier_visits.values() if v["day"] == d and v["status"] == "booked"]
    if any(v["horse"] == horse_id for v in booked):
        raise Decline(f"{h['name']} is already booked with the farrier on {d}")
    if len(booked) >= FARRIER_PER_DAY:
        raise Decline(f"the farrier does {FARRIER_PER_DAY} horses a visit and {d} is full")
    vid = f"FV-{_next(state, 'farrier'):04d}"
    state.farrier_visits[vid] = {"horse": horse_id, "day": d, "work": work, "status": "booked", "notes": None,
                                 "charge": None}
    return FarrierVisit(visit_id=vid, horse_id=horse_id, horse=h["name"], day=d, work=work, status="booked", notes=None,
                        charge=None), None


@yard_call("groom")
async def record_farrier_visit(state: State, token: str, visit_id: str, notes: str,
                               charge: float) -> tuple[FarrierVisit | None, str | None]:
    """Record today's farrier visit as done, with the farrier's notes and charge (recharged to the owner).

    :param token: The session token.
    :param visit_id: The farrier visit (``FV-....``).
    :param notes: What was done and found.
    :param charge: The farrier's charge in pounds.
    :returns: ``(visit, None)`` or ``(None, why)``.
    """
    v = state.farrier_visits.get(visit_id)
    if v is None:
        raise Decline(f"no farrier visit {visit_id}")
    if v["status"] != "booked":
        raise Decline(f"{visit_id} is already {v['status']}")
    if v["day"] != TODAY:
        raise Decline(f"{visit_id} is on {v['day']}, not today")
    if charge <= 0:
        raise Decline("give the farrier's charge")
    v.update(status="done", notes=notes.strip(), charge=_money(charge))
    return FarrierVisit(visit_id=visit_id, horse_id=v["horse"], horse=state.horses[v["horse"]]["name"], day=v["day"],
                        work=v["work"], status="done", notes=v["notes"], charge=v["charge"]), None


def _vet_reply(state: State, visit_id: str) -> VetVisit:
    v = state.vet_visits[visit_id]
    return VetVisit(visit_id=visit_id, horse_id=v["horse"], horse=state.horses[v["horse"]]["name"], day=v["day"],
                    reason=v["reason"], urgent=v["urgent"], incident_id=v["incident"], status=v["status"],
                    findings=v["findings"], charge=v["charge"], box_rest_days=v["rest"])


@yard_call("office", "groom")
async def book_vet(state: State, token: str, horse_id: str, reason: str, urgent: bool,
                   incident_id: str | None = None) -> tuple[VetVisit | None, str | None]:
    """Book the vet: on the practice's next routine visit to the yard, or urgently today for an injury.

    :param token: The session token.
    :param horse_id: The horse (``H-....``), on livery.
    :param reason: Why the vet is needed.
    :param urgent: Whether the vet is called out today.
    :param incident_id: For an urgent call, the injury report (``INC-....``).
    :returns: ``(visit, None)`` with the visit id and day, or ``(None, why)``.
    """
    h = _on_livery(state, horse_id)
    if not reason.strip():
        raise Decline("say why the vet is needed")
    if urgent:
        inc = state.incidents.get(incident_id or "")
        if inc is None or inc["horse"] != horse_id or inc["reported_on"] != TODAY or inc["severity"] == "minor":
            raise Decline("an urgent call-out is for an injury to this horse reported today as needing the vet; "
                          "report it first and give its incident id")
    for vid, v in state.vet_visits.items():
        if v["horse"] == horse_id and v["status"] == "booked" and v["urgent"] == urgent:
            raise Decline(f"{h['name']} already has vet visit {vid} booked")
    vid = f"VV-{_next(state, 'vet'):04d}"
    state.vet_visits[vid] = {"horse": horse_id, "day": TODAY if urgent else VET_ROUTINE_DAY,
                             "time": "asap" if urgent else "09:00", "reason": reason.strip(), "urgent": urgent,
                             "incident": incident_id if urgent else None, "status": "booked", "findings": None,
                             "charge": None, "rest": 0}
    return _vet_reply(state, vid), None


@yard_call("groom")
async def record_vet_visit(state: State, token: str, visit_id: str, findings: str, charge: float,
                           box_rest_days: int) -> tuple[VetVisit | None, str | None]:
    """Record the vet's visit today: findings, charge (recharged to the owner) and any box rest.

    :param token: The session token.
    :param visit_id: The vet visit (``VV-....``).
    :param findings: What the vet found and did.
    :param charge: The vet's charge in pounds.
    :param box_rest_days: Days of box rest (0 for none); the horse stops going out meanwhile.
    :returns: ``(visit, None)`` or ``(None, why)``.
    """
    v = state.vet_visits.get(visit_id)
    if v is None:
        raise Decline(f"no vet visit {visit_id}")
    if v["status"] != "booked":
        raise Decline(f"{visit_id} is already {v['status']}")
    if v["day"] != TODAY:
        raise Decline(f"{visit_id} is on {v['day']}, not today")
    if not 0 <= box_rest_days <= 90:
        raise Decline("box rest is 0 to 90 days")
    v.update(status="done", findings=findings.strip(), charge=_money(charge), rest=box_rest_days)
    if box_rest_days:
        h = state.horses[v["horse"]]
        if h["agreement"]:
            a = state.agreements[h["agreement"]]
            a["field"] = None
            if a["plan"]:
                a["plan"] = (a["plan"][0], a["plan"][1], a["plan"][2], 0)
    return _vet_reply(state, visit_id), None


@yard_call("groom")
async def record_worm_count(state: State, token: str, horse_id: str, eggs_per_gram: int) -> tuple[WormCount | None, str | None]:
    """Record a faecal worm egg count result for a horse.

    :param token: The session token.
    :param horse_id: The horse (``H-....``).
    :param eggs_per_gram: The count, in eggs per gram.
    :returns: ``(count, None)`` with the count id and the yard's advice, or ``(None, why)``.
    """
    h = _horse(state, horse_id)
    if not 0 <= eggs_per_gram <= 5000:
        raise Decline("a count is 0 to 5000 eggs per gram")
    cid = f"WC-{_next(state, 'worm'):04d}"
    h["worms"].append({"id": cid, "taken": TODAY, "epg": eggs_per_gram, "dosed": None})
    advice = "dose" if eggs_per_gram >= DOSE_EPG else "no dose needed; count again in 8 weeks"
    return WormCount(count_id=cid, horse_id=horse_id, horse=h["name"], eggs_per_gram=eggs_per_gram, taken=TODAY,
                     advice=advice), None


@yard_call("groom")
async def dose_wormer(state: State, token: str, horse_id: str, product: Wormer) -> tuple[WormDose | None, str | None]:
    """Worm a horse whose recent egg count calls for it.

    :param token: The session token.
    :param horse_id: The horse (``H-....``).
    :param product: ``ivermectin``, ``pyrantel``, ``moxidectin`` or ``praziquantel``.
    :returns: ``(dose, None)`` or ``(None, why)``.
    """
    h = _horse(state, horse_id)
    if product == "praziquantel":
        raise Decline("praziquantel is for tapeworm, given in spring and autumn on a saliva test, not on an egg count")
    recent = [w for w in h["worms"] if _days_since(w["taken"]) <= COUNT_DAYS]
    due = [w for w in recent if w["epg"] >= DOSE_EPG and w["dosed"] is None]
    if not due:
        last = h["worms"][-1] if h["worms"] else None
        raise Decline(f"Fernhill doses on an egg count of {DOSE_EPG} epg or more taken in the last {COUNT_DAYS} days; "
                      + (f"{h['name']}'s last count was {last['epg']} on {last['taken']}" if last else
                         f"{h['name']} has no count"))
    w = due[-1]
    w["dosed"] = TODAY
    did = f"WD-{_next(state, 'dose'):04d}"
    state.doses[did] = {"horse": horse_id, "product": product, "count": w["id"]}
    return WormDose(dose_id=did, horse_id=horse_id, horse=h["name"], product=product, count_id=w["id"], given_on=TODAY), None


@yard_call()
async def report_injury(state: State, token: str, horse_id: str, description: str,
                        severity: Severity) -> tuple[Incident | None, str | None]:
    """Report an injury or illness found on the yard.

    :param token: The session token.
    :param horse_id: The horse (``H-....``).
    :param description: What was found.
    :param severity: ``minor``, ``vet_needed`` or ``emergency``.
    :returns: ``(incident, None)`` with the incident id, or ``(None, why)``.
    """
    h = _horse(state, horse_id)
    if not description.strip():
        raise Decline("describe the injury")
    who = state.sessions[token]
    iid = f"INC-{_next(state, 'incident'):04d}"
    state.incidents[iid] = {"horse": horse_id, "description": description.strip(), "severity": severity,
                            "by": who["name"], "reported_on": TODAY}
    return Incident(incident_id=iid, horse_id=horse_id, horse=h["name"], description=description.strip(),
                    severity=severity, reported_by=who["name"], reported_on=TODAY), None


@yard_call("office")
async def notify_owner(state: State, token: str, owner_id: str, message: str, channel: Channel) -> tuple[Message | None, str | None]:
    """Text or e-mail an owner.

    :param token: The session token.
    :param owner_id: The owner (``OW-...``).
    :param message: The message.
    :param channel: ``sms`` or ``email``.
    :returns: ``(message, None)`` or ``(None, why)``.
    """
    o = _owner(state, owner_id)
    if not message.strip():
        raise Decline("the message is empty")
    to = o["phone"] if channel == "sms" else o["email"]
    if not to:
        raise Decline(f"{o['name']} has no e-mail address on file")
    mid = f"MSG-{_next(state, 'message')}"
    state.messages.append({"id": mid, "owner": owner_id, "channel": channel, "to": to, "text": message.strip()})
    return Message(message_id=mid, owner_id=owner_id, channel=channel, to=to, text=message.strip()), None


# --------------------------------------------------------------------------- the arena and the diary


@yard_call()
async def arena_times(state: State, token: str, day: str) -> tuple[list[str] | None, str | None]:
    """The free hour-long slots in the arena on a day.

    :param token: The session token.
    :param day: The day (YYYY-MM-DD).
    :returns: ``(times, None)``: the free start times (HH:MM).
    """
    d = _day(day).isoformat()
    if d < TODAY:
        raise Decline("that day has passed")
    taken = {b["time"] for b in state.arena.values() if b["day"] == d and b["status"] == "booked"}
    return [t for t in ARENA_TIMES if t not in taken], None


@yard_call("office", "instructor")
async def book_arena(state: State, token: str, owner_id: str, day: str, time: str,
                     jumps: bool) -> tuple[ArenaBooking | None, str | None]:
    """Book the arena for an owner for an hour.

    :param token: The session token.
    :param owner_id: The owner (``OW-...``), with a horse on livery.
    :param day: The day (YYYY-MM-DD).
    :param time: A free start time (HH:MM).
    :param jumps: Whether the show jumps are wanted out.
    :returns: ``(booking, None)`` with the booking id, or ``(None, why)``.
    """
    o = _owner(state, owner_id)
    if not any(h["owner"] == owner_id and h["agreement"] and state.agreements[h["agreement"]]["status"] == "active"
               for h in state.horses.values()):
        raise Decline(f"{o['name']} has no horse on livery; the arena is for liveries")
    d = _day(day)
    if d.isoformat() < TODAY:
        raise Decline("that day has passed")
    if time not in ARENA_TIMES:
        raise Decline(f"{time} is not an arena slot")
    if any(b["day"] == d.isoformat() and b["time"] == time and b["status"] == "booked" for b in state.arena.values()):
        raise Decline(f"the arena is booked at {time} on {d.isoformat()}")
    if jumps and d.weekday() < 5:
        raise Decline("the jumps are put out on Saturdays and Sundays only")
    if any(b["owner"] == owner_id and b["day"] == d.isoformat() and b["status"] == "booked" for b in state.arena.values()):
        raise Decline(f"{o['name']} already has the arena booked on {d.isoformat()}")
    bid = f"AB-{_next(state, 'arena'):04d}"
    state.arena[bid] = {"owner": owner_id, "day": d.isoformat(), "time": time, "jumps": jumps, "status": "booked"}
    return ArenaBooking(booking_id=bid, owner_id=owner_id, owner=o["name"], day=d.isoformat(), time=time, jumps=jumps,
                        status="booked"), None


@yard_call("office", "instructor")
async def cancel_arena(state: State, token: str, booking_id: str) -> tuple[ArenaBooking | None, str | None]:
    """Cancel an arena booking.

    :param token: The session token.
    :param booking_id: The booking (``AB-....``).
    :returns: ``(booking, None)`` now cancelled, or ``(None, why)``.
    """
    b = state.arena.get(booking_id)
    if b is None:
        raise Decline(f"no arena booking {booking_id}")
    if b["status"] != "booked":
        raise Decline(f"{booking_id} is already {b['status']}")
    b["status"] = "cancelled"
    return ArenaBooking(booking_id=booking_id, owner_id=b["owner"], owner=state.owners[b["owner"]]["name"], day=b["day"],
                        time=b["time"], jumps=b["jumps"], status="cancelled"), None


@yard_call()
async def yard_diary(state: State, token: str, day: str | None = None) -> tuple[list[DiaryEntry] | None, str | None]:
    """The yard diary for a day: farrier and vet visits and arena bookings.

    :param token: The session token.
    :param day: The day (YYYY-MM-DD); today when omitted.
    :returns: ``(entries, None)`` by time, each with its kind and reference (visit or booking id).
    """
    d = _day(day).isoformat() if day else TODAY
    out = []
    for vid, v in state.farrier_visits.items():
        if v["day"] == d and v["status"] == "booked":
            h = state.horses[v["horse"]]
            out.append(DiaryEntry(time="08:30", kind="farrier", ref=vid, horse=h["name"],
                                  owner=state.owners[h["owner"]]["name"], detail=v["work"].replace("_", " ")))
    for vid, v in state.vet_visits.items():
        if v["day"] == d and v["status"] == "booked":
            h = state.horses[v["horse"]]
            out.append(DiaryEntry(time=v["time"], kind="vet", ref=vid, horse=h["name"],
                                  owner=state.owners[h["owner"]]["name"], detail=v["reason"]))
    for bid, b in state.arena.items():
        if b["day"] == d and b["status"] == "booked":
            out.append(DiaryEntry(time=b["time"], kind="arena", ref=bid, horse=None, owner=state.owners[b["owner"]]["name"],
                                  detail="jumps out" if b["jumps"] else "flat"))
    return sorted(out, key=lambda e: (e.time, e.ref)), None


# --------------------------------------------------------------------------- money, notice, departure


@yard_call("office")
async def monthly_invoice(state: State, token: str, agreement_id: str, month: str) -> tuple[Invoice | None, str | None]:
    """Invoice an agreement for a month in advance: livery, extras, and farrier and vet charges recharged.

    :param token: The session token.
    :param agreement_id: The agreement (``LA-....``).
    :param month: This month or next (YYYY-MM).
    :returns: ``(invoice, None)`` with the invoice id, or ``(None, why)``.
    """
    a = _agreement(state, agreement_id)
    if month not in (TODAY[:7], "2031-04"):
        raise Decline("invoices are raised for this month or next")
    iid = f"INV-{agreement_id.split('-')[1]}-{month[5:]}"
    if iid in state.invoices:
        raise Decline(f"{agreement_id} is already invoiced for {month} ({iid})")
    if a["start"][:7] > month:
        raise Decline(f"{agreement_id} starts on {a['start']}")
    name, weekly = state.packages[a["package"]][0], state.packages[a["package"]][1]
    days = 28
    if a["start"][:7] == month:
        days = min(28, 31 - int(a["start"][8:]) + 1)
    lines = [(f"{name}, {days} days", _money(weekly * days / 7))]
    for code, q in sorted(a["extras"].items()):
        lines.append((f"{state.extras[code][0]} x{q}", _money(state.extras[code][2] * q)))
    for v in state.farrier_visits.values():
        if v["horse"] == a["horse"] and v["status"] == "done" and v["day"][:7] <= month and not v.get("billed"):
            lines.append((f"Farrier, {v['work'].replace('_', ' ')}, {v['day']}", v["charge"]))
            v["billed"] = iid
    for v in state.vet_visits.values():
        if v["horse"] == a["horse"] and v["status"] == "done" and v["day"][:7] <= month and not v.get("billed"):
            lines.append((f"Vet, {v['day']}", v["charge"]))
            v["billed"] = iid
    state.invoices[iid] = {"agreement": agreement_id, "month": month, "lines": lines, "paid": 0.0}
    return _invoice_reply(state, iid), None


@yard_call("office")
async def take_payment(state: State, token: str, invoice_id: str, amount: float,
                       method: PayMethod) -> tuple[Receipt | None, str | None]:
    """Take a payment against an invoice.

    :param token: The session token.
    :param invoice_id: The invoice (``INV-....-..``).
    :param amount: The amount in pounds, up to the balance.
    :param method: ``bank_transfer``, ``card`` or ``cash``.
    :returns: ``(receipt, None)`` or ``(None, why)``.
    """
    inv = state.invoices.get(invoice_id)
    if inv is None:
        raise Decline(f"no invoice {invoice_id}")
    balance = _money(_invoice_total(inv) - inv["paid"])
    if balance <= 0:
        raise Decline(f"{invoice_id} is paid")
    if amount <= 0 or amount > balance + 1e-9:
        raise Decline(f"the balance on {invoice_id} is {balance:.2f}")
    inv["paid"] = _money(inv["paid"] + amount)
    rid = f"RC-{_next(state, 'receipt')}"
    state.receipts[rid] = {"invoice": invoice_id, "amount": amount, "method": method}
    return Receipt(receipt_id=rid, invoice_id=invoice_id, amount=amount, method=method,
                   balance=_money(balance - amount)), None


@yard_call()
async def owner_account(state: State, token: str, owner_id: str) -> tuple[OwnerAccount | None, str | None]:
    """An owner's account: their details, horses, livery agreements and invoices.

    :param token: The session token.
    :param owner_id: The owner (``OW-...``).
    :returns: ``(account, None)`` with horses, agreements and invoices nested and the balance owed.
    """
    _owner(state, owner_id)
    horses = [_summary(state, hid) for hid, h in sorted(state.horses.items()) if h["owner"] == owner_id]
    agreements, invoices, owed = [], [], 0.0
    for aid, a in sorted(state.agreements.items()):
        if state.horses[a["horse"]]["owner"] != owner_id:
            continue
        agreements.append(AgreementRow(agreement_id=aid, horse=state.horses[a["horse"]]["name"], package=a["package"],
                                       box=a["box"], status=a["status"], leaving_on=a["leaving"]))
        for iid, inv in sorted(state.invoices.items()):
            if inv["agreement"] == aid:
                r = _invoice_reply(state, iid)
                owed += r.balance
                invoices.append(InvoiceRow(invoice_id=iid, agreement_id=aid, month=r.month, total=r.total,
                                           balance=r.balance, status=r.status))
    return OwnerAccount(owner=_owner_reply(state, owner_id), horses=horses, agreements=agreements, invoices=invoices,
                        balance=_money(owed)), None


@yard_call("office")
async def give_notice(state: State, token: str, agreement_id: str, leaving_on: str) -> tuple[Agreement | None, str | None]:
    """Record an owner's notice to leave the yard.

    :param token: The session token.
    :param agreement_id: The agreement (``LA-....``).
    :param leaving_on: The day the horse leaves (YYYY-MM-DD).
    :returns: ``(agreement, None)`` with the leaving date, or ``(None, why)``.
    """
    a = _agreement(state, agreement_id)
    if a["leaving"]:
        raise Decline(f"notice is already given on {agreement_id}: leaving {a['leaving']}")
    d = _day(leaving_on)
    if (d - datetime.date.fromisoformat(TODAY)).days < NOTICE_DAYS:
        raise Decline(f"Fernhill needs {NOTICE_DAYS} days' notice; the earliest leaving day is "
                      f"{(datetime.date.fromisoformat(TODAY) + datetime.timedelta(days=NOTICE_DAYS)).isoformat()}")
    a["leaving"], a["notice_on"] = d.isoformat(), TODAY
    return _agreement_reply(state, agreement_id), None


@yard_call("office")
async def withdraw_notice(state: State, token: str, agreement_id: str) -> tuple[Agreement | None, str | None]:
    """Withdraw an owner's notice: the horse stays.

    :param token: The session token.
    :param agreement_id: The agreement (``LA-....``).
    :returns: ``(agreement, None)`` or ``(None, why)``.
    """
    a = _agreement(state, agreement_id)
    if not a["leaving"]:
        raise Decline(f"no notice is given on {agreement_id}")
    if a["leaving"] <= TODAY:
        raise Decline(f"{agreement_id} ends today; it is too late to withdraw the notice")
    a["leaving"], a["notice_on"] = None, None
    return _agreement_reply(state, agreement_id), None


@yard_call("office")
async def depart(state: State, token: str, agreement_id: str, collected_by: str) -> tuple[Departure | None, str | None]:
    """See a horse off the yard at the end of its notice, its account settled; the box is freed.

    :param token: The session token.
    :param agreement_id: The agreement (``LA-....``).
    :param collected_by: Who took the horse away.
    :returns: ``(departure, None)`` or ``(None, why)``.
    """
    a = _agreement(state, agreement_id)
    h = state.horses[a["horse"]]
    if not a["leaving"]:
        raise Decline(f"no notice is given on {agreement_id}")
    if a["leaving"] > TODAY:
        raise Decline(f"{h['name']} is not due to leave until {a['leaving']}")
    owing = [(iid, _money(_invoice_total(inv) - inv["paid"])) for iid, inv in sorted(state.invoices.items())
             if inv["agreement"] == agreement_id and _invoice_total(inv) - inv["paid"] > 0.005]
    if owing:
        raise Decline("the account must be settled first: " + ", ".join(f"{iid} owes {amt:.2f}" for iid, amt in owing))
    box = a["box"]
    if box:
        state.boxes[box].update(status="free", agreement=None)
    a.update(status="ended", box=None, field=None)
    state.departures[agreement_id] = {"by": collected_by.strip(), "on": TODAY}
    return Departure(agreement_id=agreement_id, horse=h["name"], owner=state.owners[h["owner"]]["name"], left_on=TODAY,
                     collected_by=collected_by.strip(), box_freed=box), None


# --------------------------------------------------------------------------- catalog


FAILURE = is_declined

TOOLS = [
    sign_in, sign_out, livery_packages, yard_extras, find_owner, register_owner, update_owner, add_horse, find_horse,
    horse_record, check_passport, record_vaccination, stable_board, field_list, start_livery, change_package,
    move_box, assign_turnout, set_care_plan, add_extra, remove_extra, farrier_days, book_farrier,
    record_farrier_visit, book_vet, record_vet_visit, record_worm_count, dose_wormer, report_injury, notify_owner,
    arena_times, book_arena, cancel_arena, yard_diary, monthly_invoice, take_payment, owner_account, give_notice,
    withdraw_notice, depart,
]

FIXTURES = {
    "yard": {"name": "Fernhill Livery, Fernhill Lane, Little Haddon", "today": "Thursday 6 March 2031, a farrier day",
             "vets": "Haddon Equine Vets"},
    "staff": [
        {"name": "Megan Orr", "role": "yard office", "username": "meg.o", "password": "Hay-Net-22"},
        {"name": "Jack Tilley", "role": "groom", "username": "jack.t", "password": "Hoof-Pick-7"},
        {"name": "Rosa Kent", "role": "instructor", "username": "rosa.k", "password": "Ten-Metre-Circle"},
        {"name": "Helen Fernley", "role": "yard owner and manager", "username": "helen.f", "password": "Full-Livery-1998"},
    ],
    "new_owner": {"name": "Miss Harriet Cole", "phone": "07700 900644", "email": "harriet.cole@mail.example",
                  "address": "Willow Cottage, Mill Lane, Long Haddon", "emergency_contact": "Peter Cole, 07700 900645",
                  "horse": {"name": "Juniper", "sex": "mare", "born": "2017", "height": "15.3 hh",
                            "ueln": "826002170041235", "microchip": "826098100412357",
                            "vaccination": "flu and tetanus booster given 27 February 2031 by Haddon Equine Vets"}},
    "office_notes": [
        "Mrs Ashby's youngster Teasel is coming in off grass; her passport shows UELN 826002200117784 and "
        "chip 826098100117784, flu and tetanus given 14 January 2031 by Haddon Equine Vets",
        "Mr Kerr collects Mistral this afternoon and will pay February by bank transfer first",
        "Jack found Pip lame in the Orchard this morning",
        "Mrs Ashby's new mobile is 07700 900312",
        "Mr Hale is bringing a second horse: Rufus, a gelding born 2015, 16.0 hh, UELN 826002150030527, "
        "chip 826098100030527",
    ],
}

_TOKEN = "auth: session token (token of sign_in's session)"
PUBLIC = ("sign_in", "livery_packages", "yard_extras")
TOKEN_CONSUMERS = [t.__name__ for t in TOOLS if t.__name__ not in PUBLIC]
OWNER_CONSUMERS = ["update_owner", "add_horse", "notify_owner", "book_arena", "owner_account"]
HORSE_CONSUMERS = ["horse_record", "check_passport", "record_vaccination", "start_livery"]
FOUND_HORSE_CONSUMERS = ["book_farrier", "book_vet", "record_worm_count", "report_injury", "dose_wormer"]
AGREEMENT_CONSUMERS = ["change_package", "move_box", "assign_turnout", "set_care_plan", "add_extra", "remove_extra",
                       "monthly_invoice", "give_notice", "withdraw_notice"]
_OWNER = "id lookup/create: owner id (owner_id of register_owner, or of a find_owner row)"
_HORSE = "id lookup/create: horse id (horse_id of add_horse, or of a find_horse row)"
_FOUND_HORSE = "id lookup: horse id (horse_id of a find_horse row: a horse on livery)"
_AGREEMENT = "id lookup/create: agreement id (agreement_id of start_livery, or of owner_account's agreements)"

GROUND_TRUTH = (
    [("sign_in", c, _TOKEN) for c in TOKEN_CONSUMERS]
    + [("register_owner|find_owner", c, _OWNER) for c in OWNER_CONSUMERS]
    + [("add_horse|find_horse", c, _HORSE) for c in HORSE_CONSUMERS]
    + [("find_horse", c, _FOUND_HORSE) for c in FOUND_HORSE_CONSUMERS]
    + [("start_livery|owner_account", c, _AGREEMENT) for c in AGREEMENT_CONSUMERS]
    + [
        ("owner_account", "depart", "id lookup: agreement id (agreement_id of owner_account's agreements)"),
        ("monthly_invoice|owner_account", "take_payment",
         "id lookup/create: invoice id (invoice_id of monthly_invoice, or of owner_account's invoices)"),
        ("book_farrier|yard_diary", "record_farrier_visit",
         "id lookup/create: farrier visit id (visit_id of book_farrier, or the ref of a yard_diary entry)"),
        ("book_vet|yard_diary", "record_vet_visit",
         "id lookup/create: vet visit id (visit_id of book_vet, or the ref of a yard_diary entry)"),
        ("book_arena|yard_diary", "cancel_arena",
         "id lookup/create: arena booking id (booking_id of book_arena, or the ref of a yard_diary entry)"),
        ("report_injury", "book_vet", "id create: incident id (incident_id of report_injury, for an urgent call-out)"),
        ("stable_board", "start_livery", "vocabulary: a free box (box of a stable_board row)"),
        ("stable_board", "move_box", "vocabulary: a free box (box of a stable_board row)"),
        ("field_list", "assign_turnout", "vocabulary: a field (field of a field_list row)"),
        ("yard_extras", "add_extra", "vocabulary: extra code (code of a yard_extras row)"),
        ("farrier_days", "book_farrier", "vocabulary: one of the farrier's days (bare list)"),
        ("arena_times", "book_arena", "vocabulary: a free arena time (bare list)"),
        ("check_passport", "start_livery", "state: the passport checked"),
        ("record_vaccination", "start_livery", "state: a flu vaccination within twelve months"),
        ("assign_turnout", "set_care_plan", "state: a turnout field (a plan with hours out)"),
        ("add_extra", "remove_extra", "state: the extra on the agreement"),
        ("give_notice", "withdraw_notice", "state: notice given"),
        ("record_worm_count", "dose_wormer", "state: a recent egg count over the dosing level"),
        ("take_payment", "depart", "state: the account settled"),
    ]
)

PLAUSIBLE = {
    ("register_owner", "find_owner"), ("add_horse", "find_horse"), ("add_horse", "owner_account"),
    ("register_owner", "find_horse"), ("start_livery", "owner_account"), ("start_livery", "stable_board"),
    ("start_livery", "find_horse"), ("move_box", "stable_board"), ("depart", "stable_board"),
    ("assign_turnout", "field_list"), ("add_horse", "book_farrier"), ("add_horse", "book_vet"),
    ("add_horse", "record_worm_count"), ("add_horse", "report_injury"), ("add_horse", "dose_wormer"),
    ("start_livery", "book_farrier"), ("start_livery", "book_vet"), ("start_livery", "book_arena"),
    ("book_farrier", "yard_diary"), ("book_vet", "yard_diary"), ("book_arena", "yard_diary"),
    ("book_arena", "arena_times"), ("cancel_arena", "arena_times"), ("record_farrier_visit", "monthly_invoice"),
    ("record_vet_visit", "monthly_invoice"), ("add_extra", "monthly_invoice"), ("change_package", "monthly_invoice"),
    ("monthly_invoice", "owner_account"), ("take_payment", "owner_account"), ("give_notice", "depart"),
    ("owner_account", "notify_owner"), ("update_owner", "notify_owner"), ("record_worm_count", "horse_record"),
    ("report_injury", "horse_record"), ("check_passport", "horse_record"), ("record_vaccination", "horse_record"),
    ("horse_record", "check_passport"), ("find_horse", "owner_account"), ("record_vet_visit", "set_care_plan"),
    ("owner_account", "horse_record"), ("owner_account", "check_passport"), ("owner_account", "record_vaccination"),
    ("owner_account", "start_livery"), ("owner_account", "book_farrier"), ("owner_account", "book_vet"),
    ("owner_account", "record_worm_count"), ("owner_account", "report_injury"), ("owner_account", "dose_wormer"),
    ("horse_record", "notify_owner"), ("horse_record", "owner_account"), ("horse_record", "book_arena"),
    ("horse_record", "update_owner"), ("start_livery", "notify_owner"), ("add_horse", "notify_owner"),
    ("report_injury", "notify_owner"),
}
