"""Treadbay: the workshop desk of Fenland Tyre & Exhaust, Wisbech (41 calls).

Async functions over an in-memory ``State`` of the garage on Thursday 14 March 2030 at 08:00. Reception
finds and registers customers and their vehicles, opens job cards, prices tyres from the public tyre
catalogue, services from the public service menu and exhaust parts that fit the car, estimates the job and
records the customer's approval, checks stock and orders tyres and parts from the suppliers and books
deliveries in, puts jobs in a bay and with a technician, invoices finished jobs, takes payment or
charges fleet accounts and releases vehicles, texts customers, and keeps the tyre hotel (customers'
off-season sets in store). Technicians start the jobs assigned to them, record tread depths and
pressures, torque the wheel nuts, report what else they find under the car, and complete the job. The
manager can do everything, and alone gives discounts and voids invoices.

The tools are plain ``async def`` functions without a decorator; each checks its session itself.
Replies are pydantic models (a session, an acknowledgement, tyres, services, a customer with the
registrations of their vehicles nested, a vehicle with its stored tyre sets nested, exhaust parts, a job
card with its lines and inspections nested, job summaries, a job line, an estimate, a stock level, a
purchase order, bays, technicians, an inspection, an invoice, a receipt, an account charge, a release, a
stored set, a text) and lists of them. Every refusal is *raised* as a built-in exception:
``PermissionError`` (no session, wrong role, someone else's job), ``KeyError`` (no such record),
``ValueError`` (a value the desk will not take) and ``RuntimeError`` (the record is not in a state for
that). Jobs, their lines and invoices have look-alike numbers (job ``JC-30112``, line ``JC-30112-2``,
invoice ``INV-5518``, purchase order ``PO-6620``; customer ``C-1042``, vehicle ``V-3301``); wheel
positions, the tread below which the tyre hotel will not store a set, the torque figure for each model,
the largest discount and which bays take exhaust and alignment work are stated only in refusals.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as
provider means either tool satisfies it, and the text of ``what`` before its first ``:`` is the
kind.
"""

from __future__ import annotations

import re
from enum import Enum
from typing import Literal

from pydantic import BaseModel

TODAY = "2030-03-14"
VAT = 0.20
POSITIONS = ("NSF", "OSF", "NSR", "OSR", "SPARE")
LEGAL_TREAD_MM = 1.6
ADVISORY_TREAD_MM = 3.0
MAX_DISCOUNT_PCT = 15.0
FITTING = 15.50  # fitting, valve, balance and disposal, per tyre
RAMP_BAYS = ("B3", "B4")
ALIGNMENT_BAY = "B4"

Supplier = Literal["bond_tyres", "micheldever", "euro_exhaust"]
ApprovalMethod = Literal["in_person", "phone", "text"]
PayMethod = Literal["card", "cash"]


class TyreSeason(str, Enum):
    SUMMER = "summer"
    WINTER = "winter"
    ALL_SEASON = "all_season"


class JobStatus(str, Enum):
    OPEN = "open"
    ESTIMATED = "estimated"
    APPROVED = "approved"
    IN_PROGRESS = "in_progress"
    AWAITING_APPROVAL = "awaiting_approval"
    COMPLETE = "complete"
    INVOICED = "invoiced"
    COLLECTED = "collected"
    CANCELLED = "cancelled"


# --------------------------------------------------------------------------- replies


class Session(BaseModel):
    token: str
    name: str
    role: str
    technician_id: str | None = None


class Ack(BaseModel):
    done: bool = True
    message: str


class TyreProduct(BaseModel):
    sku: str
    brand: str
    pattern: str
    size: str
    season: str
    load_speed: str
    price: float
    fitted_price: float
    wet_grip: str
    noise_db: int


class Service(BaseModel):
    code: str
    name: str
    price: float
    minutes: int
    per_wheel: bool


class Customer(BaseModel):
    customer_id: str
    name: str
    phone: str
    email: str | None
    postcode: str | None
    account: str | None
    vehicles: list[str]


class StoredSet(BaseModel):
    storage_id: str
    vehicle_id: str
    registration: str
    season: str
    tread_mm: float
    rack: str
    status: str
    stored_on: str


class Vehicle(BaseModel):
    vehicle_id: str
    registration: str
    make: str
    model: str
    year: int
    tyre_size: str
    customer_id: str
    owner: str
    last_mileage: int | None
    stored_sets: list[StoredSet]


class ExhaustPart(BaseModel):
    part_number: str
    description: str
    price: float
    free_stock: int


class JobLine(BaseModel):
    line_id: str
    job_id: str
    kind: str
    code: str
    description: str
    positions: list[str]
    quantity: int
    unit_price: float
    amount: float
    approved: bool


class Inspection(BaseModel):
    position: str
    tread_mm: float
    pressure_psi: int
    condition: str


class JobCard(BaseModel):
    job_id: str
    vehicle_id: str
    registration: str
    customer: str
    status: str
    concern: str
    mileage: int
    opened: str
    bay: str | None
    technician_id: str | None
    lines: list[JobLine]
    inspections: list[Inspection]
    torque_nm: int | None
    discount_pct: float
    net: float
    vat: float
    total: float
    invoice_id: str | None
    notes: list[str]


class JobSummary(BaseModel):
    job_id: str
    registration: str
    customer: str
    status: str
    bay: str | None
    technician_id: str | None
    opened: str


class Estimate(BaseModel):
    job_id: str
    lines: list[JobLine]
    net: float
    discount: float
    vat: float
    total: float
    valid_until: str


class StockLevel(BaseModel):
    code: str
    description: str
    on_hand: int
    bin: str
    on_order: int


class PurchaseOrder(BaseModel):
    po_number: str
    code: str
    quantity: int
    supplier: str
    status: str
    received: int


class BayRow(BaseModel):
    bay: str
    kind: str
    job_id: str | None
    registration: str | None


class Technician(BaseModel):
    technician_id: str
    name: str
    status: str
    skills: list[str]


class Invoice(BaseModel):
    invoice_id: str
    job_id: str
    customer: str
    lines: list[JobLine]
    net: float
    discount: float
    vat: float
    total: float
    status: str


class Receipt(BaseModel):
    receipt_id: str
    invoice_id: str
    amount: float
    method: str
    invoice_status: str


class AccountCharge(BaseModel):
    invoice_id: str
    account: str
    order_number: str
    amount: float
    invoice_status: str


class Release(BaseModel):
    job_id: str
    registration: str
    collected_by: str
    status: str


class TextMessage(BaseModel):
    text_id: str
    job_id: str
    to: str
    message: str


# --------------------------------------------------------------------------- state


class State:
    """Fenland Tyre & Exhaust, Cromwell Road, Wisbech, on Thursday 14 March 2030 at 08:00."""

    def __init__(self) -> None:
        self.staff = {
            "kerry.w": {"name": "Kerry Wainwright", "password": "Valve-Cap-2291", "role": "reception", "tech": None},
            "dale.h": {"name": "Dale Hammond", "password": "Torque-Wrench-110", "role": "technician", "tech": "T-02"},
            "priya.s": {"name": "Priya Sandhu", "password": "Wheel-Nut-57", "role": "technician", "tech": "T-03"},
            "gary.f": {"name": "Gary Fincham", "password": "Bead-Breaker-8", "role": "manager", "tech": None},
        }
        self.sessions = {}
        self.technicians = {
            "T-01": {"name": "Mick Lowe", "status": "on_holiday", "skills": ["tyres", "exhausts"]},
            "T-02": {"name": "Dale Hammond", "status": "on_shift", "skills": ["tyres", "alignment"]},
            "T-03": {"name": "Priya Sandhu", "status": "on_shift", "skills": ["tyres", "exhausts"]},
        }
        self.bays = {"B1": "tyre bay", "B2": "tyre bay", "B3": "ramp", "B4": "alignment ramp"}
        self.services = {
            "ALIGN-4W": ("Four-wheel laser alignment", 49.0, 60, False),
            "BALANCE": ("Wheel balance", 10.0, 10, True),
            "EMISSIONS": ("Exhaust emissions check", 25.0, 20, False),
            "EXH-LAB": ("Exhaust fitting labour", 45.0, 60, False),
            "PUNCTURE": ("Puncture repair (BS AU 159)", 22.0, 30, False),
            "SEASON-SWAP": ("Seasonal swap: stored set fitted, removed set bagged", 30.0, 45, False),
            "TPMS-KIT": ("TPMS sensor service kit", 18.0, 10, True),
        }
        self.tyres = {}
        for sku, brand, pattern, size, season, ls, price, grip, noise in [
            ("CO-2055516-PC6", "Continental", "PremiumContact 6", "205/55 R16", "summer", "91V", 96.0, "A", 71),
            ("MI-2055516-P4", "Michelin", "Primacy 4+", "205/55 R16", "summer", "91V", 104.0, "A", 69),
            ("NX-2055516-SB", "Nexen", "N'blue HD Plus", "205/55 R16", "summer", "91V", 58.0, "C", 72),
            ("MI-2055516-CC2", "Michelin", "CrossClimate 2", "205/55 R16", "all_season", "91H", 112.0, "B", 69),
            ("CO-2055516-TS8", "Continental", "WinterContact TS 870", "205/55 R16", "winter", "91H", 99.0, "B", 71),
            ("CO-21565R16C-VC2", "Continental", "VanContact Eco", "215/65 R16 C", "summer", "109/107T", 118.0, "A", 72),
            ("NX-21565R16C-CT8", "Nexen", "Roadian CT8", "215/65 R16 C", "summer", "109/107T", 79.0, "C", 73),
            ("MI-2254517-PS5", "Michelin", "Pilot Sport 5", "225/45 R17", "summer", "94Y", 139.0, "A", 71),
            ("NX-2254517-SU1", "Nexen", "N'Fera SU1", "225/45 R17", "summer", "94W", 71.0, "B", 72),
            ("CO-1756515-EC6", "Continental", "EcoContact 6", "175/65 R15", "summer", "84T", 72.0, "A", 70),
            ("MI-1756515-AL6", "Michelin", "Alpin 6", "175/65 R15", "winter", "84T", 84.0, "B", 68),
        ]:
            self.tyres[sku] = {"brand": brand, "pattern": pattern, "size": size, "season": season, "ls": ls,
                               "price": price, "grip": grip, "noise": noise}
        self.parts = {
            "EX-FO1127": ("Ford", "Focus", "Rear silencer (back box)", 96.0),
            "EX-FO1130": ("Ford", "Focus", "Centre pipe", 118.0),
            "EX-FT1902": ("Ford", "Transit Custom", "Rear silencer", 132.0),
            "EX-FT1905": ("Ford", "Transit Custom", "Tailpipe clamp", 6.5),
            "EX-SK3301": ("Skoda", "Octavia", "Rear silencer (back box)", 118.0),
            "EX-SK3302": ("Skoda", "Octavia", "Centre silencer", 142.0),
            "EX-SK3305": ("Skoda", "Octavia", "Front pipe gasket", 9.5),
            "EX-VX2210": ("Vauxhall", "Astra", "Rear silencer (back box)", 104.0),
        }
        self.stock = {
            "CO-2055516-PC6": [0, "T-A1"], "MI-2055516-P4": [6, "T-A2"], "NX-2055516-SB": [8, "T-A3"],
            "MI-2055516-CC2": [2, "T-A4"], "CO-2055516-TS8": [4, "T-A5"], "CO-21565R16C-VC2": [0, "T-C1"],
            "NX-21565R16C-CT8": [4, "T-C2"], "MI-2254517-PS5": [2, "T-B1"], "NX-2254517-SU1": [4, "T-B2"],
            "CO-1756515-EC6": [4, "T-D1"], "MI-1756515-AL6": [2, "T-D2"],
            "EX-FO1127": [1, "X-01"], "EX-FO1130": [0, "X-02"], "EX-FT1902": [0, "X-03"], "EX-FT1905": [10, "X-04"],
            "EX-SK3301": [1, "X-05"], "EX-SK3302": [0, "X-06"], "EX-SK3305": [5, "X-07"], "EX-VX2210": [1, "X-08"],
        }
        self.torque = {("Ford", "Focus"): 135, ("Ford", "Transit Custom"): 200, ("Volkswagen", "Transporter"): 180,
                       ("Vauxhall", "Astra"): 140, ("Toyota", "Yaris"): 103, ("Skoda", "Octavia"): 120}
        self.customers = {
            "C-1042": {"name": "Janet Cole", "phone": "07700 900142", "email": "janet.cole@mail.example",
                       "postcode": "PE13 2AB", "account": None},
            "C-1057": {"name": "Wisbech Fresh Produce Ltd (Tom Bellamy)", "phone": "01945 470157",
                       "email": "accounts@wisbechfresh.example", "postcode": "PE13 3QX", "account": "A-1057"},
            "C-1063": {"name": "Arjun Mehta", "phone": "01945 588213", "email": "arjun.mehta@mail.example",
                       "postcode": "PE14 0HG", "account": None},
            "C-1071": {"name": "Bernadette Quigley", "phone": "07700 900171", "email": None, "postcode": "PE13 1LN",
                       "account": None},
        }
        self.vehicles = {
            "V-3301": {"reg": "AK17 FGH", "make": "Ford", "model": "Focus", "year": 2017, "size": "205/55 R16",
                       "customer": "C-1042", "mileage": 61240},
            "V-3305": {"reg": "WF68 PRD", "make": "Volkswagen", "model": "Transporter", "year": 2018,
                       "size": "215/65 R16 C", "customer": "C-1057", "mileage": 98410},
            "V-3306": {"reg": "WF19 VEG", "make": "Ford", "model": "Transit Custom", "year": 2019,
                       "size": "215/65 R16 C", "customer": "C-1057", "mileage": 74020},
            "V-3308": {"reg": "EY66 KTL", "make": "Vauxhall", "model": "Astra", "year": 2016, "size": "225/45 R17",
                       "customer": "C-1063", "mileage": 70115},
            "V-3311": {"reg": "FN15 WZR", "make": "Toyota", "model": "Yaris", "year": 2015, "size": "175/65 R15",
                       "customer": "C-1071", "mileage": 43870},
        }

        def line(job, n, kind, code, desc, qty, unit, positions=()):
            return {"id": f"{job}-{n}", "kind": kind, "code": code, "desc": desc, "positions": list(positions),
                    "qty": qty, "unit": unit, "approved": True}

        def job(vehicle, status, opened, mileage, concern, lines, bay=None, tech=None, invoice=None, n=None):
            return {"vehicle": vehicle, "status": status, "opened": opened, "mileage": mileage, "concern": concern,
                    "lines": lines, "next_line": n or len(lines) + 1, "bay": bay, "tech": tech, "inspections": {},
                    "torque": None, "discount": 0.0, "invoice": invoice, "notes": [], "collected_by": None}

        self.jobs = {
            "JC-30109": job("V-3308", "invoiced", "2030-03-13", 70115, "Blowing exhaust at the back",
                            [line("JC-30109", 1, "part", "EX-VX2210", "Rear silencer (back box)", 1, 104.0),
                             line("JC-30109", 2, "service", "EXH-LAB", "Exhaust fitting labour", 1, 45.0)],
                            tech="T-03", invoice="INV-5518"),
            "JC-30112": job("V-3301", "open", "2030-03-14", 61240,
                            "Both front tyres near the limit; would like a price for two", []),
            "JC-30114": job("V-3306", "in_progress", "2030-03-14", 74020, "Rear silencer hanging off",
                            [line("JC-30114", 1, "part", "EX-FT1902", "Rear silencer", 1, 132.0),
                             line("JC-30114", 2, "service", "EXH-LAB", "Exhaust fitting labour", 1, 45.0)],
                            bay="B3", tech="T-03"),
            "JC-30115": job("V-3305", "approved", "2030-03-14", 98410, "Fleet check: rear tyres worn",
                            [line("JC-30115", 1, "tyre", "CO-21565R16C-VC2", "Continental VanContact Eco 215/65 R16 C",
                                  2, 118.0 + FITTING, ("NSR", "OSR"))]),
        }
        self.invoices = {"INV-5518": {"job": "JC-30109", "net": 149.0, "discount": 0.0, "vat": 29.8, "total": 178.8,
                                      "status": "unpaid", "paid_by": None}}
        self.orders = {}
        self.storage = {"ST-207": {"vehicle": "V-3311", "season": "summer", "tread": 6.5, "rack": "R2-07",
                                   "status": "stored", "stored_on": "2029-10-29"}}
        self.texts = []
        self.counters = {"session": 1, "customer": 1084, "vehicle": 3312, "job": 30116, "invoice": 5519, "po": 6620,
                         "storage": 208, "receipt": 7740, "text": 901, "rack": 8}


# --------------------------------------------------------------------------- helpers


def _session(state: State, token: str, *roles: str) -> dict:
    who = state.sessions.get(token)
    if who is None:
        raise PermissionError("not signed in: no session for that token")
    if roles and who["role"] not in roles and who["role"] != "manager":
        raise PermissionError(f"{who['name']} is signed in as {who['role']}; this is for {' or '.join(roles)}")
    return who


def _next(state: State, kind: str) -> int:
    n = state.counters[kind]
    state.counters[kind] = n + 1
    return n


def _plate(registration: str) -> str:
    return "".join(registration.split()).upper()


def _job(state: State, job_id: str) -> dict:
    j = state.jobs.get(job_id)
    if j is None:
        raise KeyError(f"no job card {job_id}")
    return j


def _vehicle(state: State, vehicle_id: str) -> dict:
    v = state.vehicles.get(vehicle_id)
    if v is None:
        raise KeyError(f"no vehicle {vehicle_id}")
    return v


def _customer(state: State, customer_id: str) -> dict:
    c = state.customers.get(customer_id)
    if c is None:
        raise KeyError(f"no customer {customer_id}")
    return c


def _invoice(state: State, invoice_id: str) -> dict:
    i = state.invoices.get(invoice_id)
    if i is None:
        raise KeyError(f"no invoice {invoice_id}")
    return i


def _live(j: dict) -> bool:
    return j["status"] not in ("collected", "cancelled")


def _line(job_id: str, ln: dict) -> JobLine:
    return JobLine(line_id=ln["id"], job_id=job_id, kind=ln["kind"], code=ln["code"], description=ln["desc"],
                   positions=list(ln["positions"]), quantity=ln["qty"], unit_price=round(ln["unit"], 2),
                   amount=round(ln["unit"] * ln["qty"], 2), approved=ln["approved"])


def _sums(j: dict, approved_only: bool = False) -> tuple[float, float, float, float]:
    net = round(sum(ln["unit"] * ln["qty"] for ln in j["lines"] if ln["approved"] or not approved_only), 2)
    discount = round(net * j["discount"] / 100, 2)
    vat = round((net - discount) * VAT, 2)
    return net, discount, vat, round(net - discount + vat, 2)


def _card(state: State, job_id: str) -> JobCard:
    j = state.jobs[job_id]
    v = state.vehicles[j["vehicle"]]
    net, _, vat, total = _sums(j)
    inspections = [Inspection(position=p, tread_mm=t, pressure_psi=psi, condition=c)
                   for p, (t, psi, c) in j["inspections"].items()]
    return JobCard(job_id=job_id, vehicle_id=j["vehicle"], registration=v["reg"],
                   customer=state.customers[v["customer"]]["name"], status=j["status"], concern=j["concern"],
                   mileage=j["mileage"], opened=j["opened"], bay=j["bay"], technician_id=j["tech"],
                   lines=[_line(job_id, ln) for ln in j["lines"]], inspections=inspections, torque_nm=j["torque"],
                   discount_pct=j["discount"], net=net, vat=vat, total=total, invoice_id=j["invoice"],
                   notes=list(j["notes"]))


def _customer_row(state: State, customer_id: str) -> Customer:
    c = state.customers[customer_id]
    regs = [v["reg"] for _, v in sorted(state.vehicles.items()) if v["customer"] == customer_id]
    return Customer(customer_id=customer_id, name=c["name"], phone=c["phone"], email=c["email"],
                    postcode=c["postcode"], account=c["account"], vehicles=regs)


def _stored(state: State, storage_id: str) -> StoredSet:
    s = state.storage[storage_id]
    return StoredSet(storage_id=storage_id, vehicle_id=s["vehicle"], registration=state.vehicles[s["vehicle"]]["reg"],
                     season=s["season"], tread_mm=s["tread"], rack=s["rack"], status=s["status"],
                     stored_on=s["stored_on"])


def _vehicle_row(state: State, vehicle_id: str) -> Vehicle:
    v = state.vehicles[vehicle_id]
    sets = [_stored(state, sid) for sid, s in sorted(state.storage.items())
            if s["vehicle"] == vehicle_id and s["status"] == "stored"]
    return Vehicle(vehicle_id=vehicle_id, registration=v["reg"], make=v["make"], model=v["model"], year=v["year"],
                   tyre_size=v["size"], customer_id=v["customer"], owner=state.customers[v["customer"]]["name"],
                   last_mileage=v["mileage"], stored_sets=sets)


def _editable(j: dict, job_id: str) -> None:
    if j["status"] not in ("open", "estimated"):
        raise RuntimeError(f"job {job_id} is {j['status']}; lines can only change before the customer approves")


def _description(state: State, code: str) -> str:
    if code in state.tyres:
        t = state.tyres[code]
        return f"{t['brand']} {t['pattern']} {t['size']}"
    if code in state.parts:
        return state.parts[code][2]
    raise KeyError(f"no tyre or part {code}")


def _invoice_row(state: State, invoice_id: str) -> Invoice:
    inv = state.invoices[invoice_id]
    j = state.jobs[inv["job"]]
    v = state.vehicles[j["vehicle"]]
    return Invoice(invoice_id=invoice_id, job_id=inv["job"], customer=state.customers[v["customer"]]["name"],
                   lines=[_line(inv["job"], ln) for ln in j["lines"] if ln["approved"]], net=inv["net"],
                   discount=inv["discount"], vat=inv["vat"], total=inv["total"], status=inv["status"])


# --------------------------------------------------------------------------- sign-in


async def sign_in(state: State, username: str, password: str) -> Session:
    """Sign in at the workshop desk.

    :param username: The staff user name, such as ``kerry.w``.
    :param password: The password.
    :returns: A session whose ``token`` every other call takes, with the role (reception, technician or
        manager) and, for a technician, their technician id.
    :raises PermissionError: The user name or password is wrong.
    """
    user = state.staff.get(username)
    if user is None or user["password"] != password:
        raise PermissionError("wrong user name or password")
    token = f"tb-{_next(state, 'session'):04d}"
    state.sessions[token] = {"user": username, "name": user["name"], "role": user["role"], "tech": user["tech"]}
    return Session(token=token, name=user["name"], role=user["role"], technician_id=user["tech"])


async def sign_out(state: State, token: str) -> Ack:
    """Sign out and end the session.

    :param token: The session token.
    :returns: An acknowledgement.
    :raises PermissionError: Not signed in.
    """
    who = _session(state, token)
    del state.sessions[token]
    return Ack(message=f"{who['name']} signed out")


# --------------------------------------------------------------------------- public lists


async def tyre_catalogue(state: State, size: str, season: TyreSeason | None = None) -> list[TyreProduct]:
    """The tyres the garage sells in one size, with prices (public, no sign-in).

    :param size: The tyre size as printed on the sidewall, such as ``205/55 R16`` (``C`` for van tyres).
    :param season: Only summer, winter or all-season tyres.
    :returns: The tyres, by SKU, each with its price and its fitted price (fitting, valve, balance and
        disposal of the old tyre included).
    """
    want = TyreSeason(season).value if season is not None else None
    size = " ".join(size.upper().split())
    return [TyreProduct(sku=sku, brand=t["brand"], pattern=t["pattern"], size=t["size"], season=t["season"],
                        load_speed=t["ls"], price=t["price"], fitted_price=round(t["price"] + FITTING, 2),
                        wet_grip=t["grip"], noise_db=t["noise"])
            for sku, t in sorted(state.tyres.items()) if t["size"] == size and (want is None or t["season"] == want)]


async def service_menu(state: State) -> list[Service]:
    """The workshop's service menu: alignment, balancing, punctures, exhaust labour and the rest
    (public, no sign-in).

    :returns: The services by code, with price, time and whether the price is per wheel.
    """
    return [Service(code=code, name=n, price=p, minutes=m, per_wheel=w)
            for code, (n, p, m, w) in sorted(state.services.items())]


# --------------------------------------------------------------------------- customers and vehicles


async def find_customer(state: State, token: str, query: str) -> list[Customer]:
    """Search customers by name, phone number or postcode.

    :param token: The session token.
    :param query: Part of a name, a phone number or a postcode.
    :returns: The matching customers, each with the registrations of their vehicles.
    :raises PermissionError: Not signed in.
    """
    _session(state, token)
    q = query.strip().lower()
    digits = "".join(ch for ch in q if ch.isdigit())
    out = []
    for cid, c in sorted(state.customers.items()):
        phone = "".join(ch for ch in c["phone"] if ch.isdigit())
        if (q and q in c["name"].lower()) or (len(digits) >= 6 and digits in phone) or \
                (c["postcode"] and q.replace(" ", "") == c["postcode"].lower().replace(" ", "")):
            out.append(_customer_row(state, cid))
    return out


async def register_customer(state: State, token: str, name: str, phone: str, email: str | None = None,
                            postcode: str | None = None) -> Customer:
    """Register a new customer.

    :param token: The session token.
    :param name: The customer's name, or a business name with a contact.
    :param phone: A UK phone number; texts go only to mobiles (``07...``).
    :param email: An e-mail address for invoices.
    :param postcode: The customer's postcode.
    :returns: The new customer.
    :raises PermissionError: Not signed in, or not reception.
    :raises ValueError: The phone number is not a UK number, or is already on file for a customer.
    """
    _session(state, token, "reception")
    digits = "".join(ch for ch in phone if ch.isdigit())
    if not (digits.startswith("0") and len(digits) in (10, 11)):
        raise ValueError(f"{phone!r} is not a UK phone number")
    for c in state.customers.values():
        if "".join(ch for ch in c["phone"] if ch.isdigit()) == digits:
            raise ValueError(f"that number is already on file for {c['name']}")
    cid = f"C-{_next(state, 'customer')}"
    state.customers[cid] = {"name": name.strip(), "phone": phone.strip(), "email": email, "postcode": postcode,
                            "account": None}
    return _customer_row(state, cid)


async def update_customer(state: State, token: str, customer_id: str, phone: str | None = None,
                          email: str | None = None, postcode: str | None = None) -> Customer:
    """Change a customer's phone number, e-mail address or postcode.

    :param token: The session token.
    :param customer_id: The customer (``C-...``).
    :param phone: A new phone number.
    :param email: A new e-mail address.
    :param postcode: A new postcode.
    :returns: The customer as now on file.
    :raises PermissionError: Not signed in, or not reception.
    :raises KeyError: No such customer.
    :raises ValueError: Nothing given, a bad phone number, or nothing would change.
    """
    _session(state, token, "reception")
    c = _customer(state, customer_id)
    changes = {k: v for k, v in (("phone", phone), ("email", email), ("postcode", postcode)) if v is not None}
    if not changes:
        raise ValueError("give a phone number, an e-mail address or a postcode to change")
    if "phone" in changes:
        digits = "".join(ch for ch in changes["phone"] if ch.isdigit())
        if not (digits.startswith("0") and len(digits) in (10, 11)):
            raise ValueError(f"{changes['phone']!r} is not a UK phone number")
    if all(c[k] == v for k, v in changes.items()):
        raise ValueError("those details are already on file")
    c.update(changes)
    return _customer_row(state, customer_id)


async def find_vehicle(state: State, token: str, registration: str) -> Vehicle:
    """Look a vehicle up by its registration.

    :param token: The session token.
    :param registration: The number plate, with or without the space.
    :returns: The vehicle, its owner, its tyre size, the last mileage seen and any tyre sets of its in
        the tyre hotel.
    :raises PermissionError: Not signed in.
    :raises KeyError: No vehicle with that registration on file.
    """
    _session(state, token)
    plate = _plate(registration)
    for vid, v in sorted(state.vehicles.items()):
        if _plate(v["reg"]) == plate:
            return _vehicle_row(state, vid)
    raise KeyError(f"no vehicle {registration} on file; add it to the customer first")


async def add_vehicle(state: State, token: str, customer_id: str, registration: str, make: str, model: str,
                      year: int, tyre_size: str) -> Vehicle:
    """Add a vehicle to a customer.

    :param token: The session token.
    :param customer_id: The owner (``C-...``).
    :param registration: The number plate.
    :param make: The make, such as ``Ford``.
    :param model: The model, such as ``Focus``.
    :param year: The year of first registration.
    :param tyre_size: The size on the sidewall, such as ``205/55 R16``.
    :returns: The new vehicle.
    :raises PermissionError: Not signed in, or not reception.
    :raises KeyError: No such customer.
    :raises ValueError: The registration is already on file, or the tyre size is not a size.
    """
    _session(state, token, "reception")
    _customer(state, customer_id)
    plate = _plate(registration)
    if any(_plate(v["reg"]) == plate for v in state.vehicles.values()):
        raise ValueError(f"{registration} is already on file")
    size = " ".join(tyre_size.upper().split())
    if not re.fullmatch(r"\d{3}/\d{2} R\d{2}( C)?", size):
        raise ValueError(f"{tyre_size!r} is not a tyre size (width/profile Rrim, such as 205/55 R16)")
    if not 1980 <= year <= 2030:
        raise ValueError(f"{year} is not a year of registration")
    vid = f"V-{_next(state, 'vehicle')}"
    state.vehicles[vid] = {"reg": registration.strip().upper(), "make": make.strip().title(),
                           "model": model.strip().title() if model.strip().islower() else model.strip(),
                           "year": year, "size": size, "customer": customer_id, "mileage": None}
    return _vehicle_row(state, vid)


async def exhaust_parts(state: State, token: str, vehicle_id: str) -> list[ExhaustPart]:
    """The exhaust parts that fit a vehicle, with the free stock of each.

    :param token: The session token.
    :param vehicle_id: The vehicle (``V-...``).
    :returns: The parts by part number.
    :raises PermissionError: Not signed in.
    :raises KeyError: No such vehicle.
    """
    _session(state, token)
    v = _vehicle(state, vehicle_id)
    return [ExhaustPart(part_number=pn, description=d, price=p, free_stock=state.stock[pn][0])
            for pn, (make, model, d, p) in sorted(state.parts.items()) if (make, model) == (v["make"], v["model"])]


# --------------------------------------------------------------------------- job cards


async def open_job(state: State, token: str, vehicle_id: str, mileage: int, concern: str) -> JobCard:
    """Open a job card for a vehicle that has come in, booked or on spec.

    :param token: The session token.
    :param vehicle_id: The vehicle (``V-...``).
    :param mileage: The odometer reading, in miles.
    :param concern: What the customer asked for or noticed, in their words.
    :returns: The new job card, status ``open``.
    :raises PermissionError: Not signed in, or not reception.
    :raises KeyError: No such vehicle.
    :raises RuntimeError: The vehicle already has a job that is not collected or cancelled.
    :raises ValueError: The mileage is lower than the last reading.
    """
    _session(state, token, "reception")
    v = _vehicle(state, vehicle_id)
    for jid, j in state.jobs.items():
        if j["vehicle"] == vehicle_id and _live(j):
            raise RuntimeError(f"{v['reg']} already has job {jid} ({j['status']})")
    if v["mileage"] is not None and mileage < v["mileage"]:
        raise ValueError(f"{mileage} miles is below the last reading of {v['mileage']}")
    if not concern.strip():
        raise ValueError("say what the customer wants done")
    jid = f"JC-{_next(state, 'job')}"
    v["mileage"] = mileage
    state.jobs[jid] = {"vehicle": vehicle_id, "status": "open", "opened": TODAY, "mileage": mileage,
                       "concern": concern.strip(), "lines": [], "next_line": 1, "bay": None, "tech": None,
                       "inspections": {}, "torque": None, "discount": 0.0, "invoice": None, "notes": [],
                       "collected_by": None}
    return _card(state, jid)


async def list_jobs(state: State, token: str, status: JobStatus | None = None) -> list[JobSummary]:
    """The workshop's job board: every job card not yet collected or cancelled.

    :param token: The session token.
    :param status: Only jobs in this status.
    :returns: The jobs, oldest first.
    :raises PermissionError: Not signed in.
    """
    _session(state, token)
    want = JobStatus(status).value if status is not None else None
    out = []
    for jid, j in sorted(state.jobs.items()):
        if (want is None and _live(j)) or j["status"] == want:
            v = state.vehicles[j["vehicle"]]
            out.append(JobSummary(job_id=jid, registration=v["reg"], customer=state.customers[v["customer"]]["name"],
                                  status=j["status"], bay=j["bay"], technician_id=j["tech"], opened=j["opened"]))
    return out


async def job_card(state: State, token: str, job_id: str) -> JobCard:
    """One job card in full: its lines, inspections, torque figure, totals and invoice.

    :param token: The session token.
    :param job_id: The job (``JC-...``).
    :returns: The job card.
    :raises PermissionError: Not signed in.
    :raises KeyError: No such job.
    """
    _session(state, token)
    _job(state, job_id)
    return _card(state, job_id)


async def add_tyre_line(state: State, token: str, job_id: str, sku: str, positions: list[str]) -> JobLine:
    """Put tyres on a job, one per wheel position, at the fitted price.

    :param token: The session token.
    :param job_id: The job (``JC-...``).
    :param sku: The tyre's SKU from the tyre catalogue.
    :param positions: The wheel positions the new tyres go on.
    :returns: The new line. A job that was estimated goes back to ``open``.
    :raises PermissionError: Not signed in, or not reception.
    :raises KeyError: No such job or tyre.
    :raises RuntimeError: The job is past its estimate's approval.
    :raises ValueError: The tyre is not the vehicle's size, or a position is wrong or already taken.
    """
    _session(state, token, "reception")
    j = _job(state, job_id)
    _editable(j, job_id)
    t = state.tyres.get(sku)
    if t is None:
        raise KeyError(f"no tyre {sku}")
    v = state.vehicles[j["vehicle"]]
    if t["size"] != v["size"]:
        raise ValueError(f"{sku} is {t['size']}; {v['reg']} takes {v['size']}")
    if not positions:
        raise ValueError("give at least one wheel position")
    taken = {p for ln in j["lines"] if ln["kind"] == "tyre" for p in ln["positions"]}
    want = [p.strip().upper() for p in positions]
    for p in want:
        if p not in POSITIONS:
            raise ValueError(f"no wheel position {p!r}; positions are {', '.join(POSITIONS)}")
        if p in taken:
            raise ValueError(f"{p} already has a tyre on this job")
    if len(set(want)) != len(want):
        raise ValueError("a position is given twice")
    ln = {"id": f"{job_id}-{j['next_line']}", "kind": "tyre", "code": sku, "desc": _description(state, sku),
          "positions": want, "qty": len(want), "unit": t["price"] + FITTING, "approved": True}
    j["next_line"] += 1
    j["lines"].append(ln)
    j["status"] = "open"
    return _line(job_id, ln)


async def add_service_line(state: State, token: str, job_id: str, service_code: str, quantity: int = 1) -> JobLine:
    """Put a service from the menu on a job.

    :param token: The session token.
    :param job_id: The job (``JC-...``).
    :param service_code: The service's code from the service menu.
    :param quantity: How many (wheels, for per-wheel services).
    :returns: The new line. A job that was estimated goes back to ``open``.
    :raises PermissionError: Not signed in, or not reception.
    :raises KeyError: No such job or service.
    :raises RuntimeError: The job is past its estimate's approval.
    :raises ValueError: The service is already on the job, or the quantity is wrong.
    """
    _session(state, token, "reception")
    j = _job(state, job_id)
    _editable(j, job_id)
    svc = state.services.get(service_code)
    if svc is None:
        raise KeyError(f"no service {service_code}")
    if any(ln["code"] == service_code for ln in j["lines"]):
        raise ValueError(f"{service_code} is already on job {job_id}")
    if not 1 <= quantity <= (5 if svc[3] else 1):
        raise ValueError(f"quantity {quantity} is not possible for {service_code}")
    ln = {"id": f"{job_id}-{j['next_line']}", "kind": "service", "code": service_code, "desc": svc[0],
          "positions": [], "qty": quantity, "unit": svc[1], "approved": True}
    j["next_line"] += 1
    j["lines"].append(ln)
    j["status"] = "open"
    return _line(job_id, ln)


async def add_part_line(state: State, token: str, job_id: str, part_number: str) -> JobLine:
    """Put an exhaust part on a job.

    :param token: The session token.
    :param job_id: The job (``JC-...``).
    :param part_number: The part, from the parts that fit the vehicle.
    :returns: The new line. A job that was estimated goes back to ``open``.
    :raises PermissionError: Not signed in, or not reception.
    :raises KeyError: No such job or part.
    :raises RuntimeError: The job is past its estimate's approval.
    :raises ValueError: The part does not fit the vehicle or is already on the job.
    """
    _session(state, token, "reception")
    j = _job(state, job_id)
    _editable(j, job_id)
    part = state.parts.get(part_number)
    if part is None:
        raise KeyError(f"no part {part_number}")
    v = state.vehicles[j["vehicle"]]
    if (part[0], part[1]) != (v["make"], v["model"]):
        raise ValueError(f"{part_number} is for a {part[0]} {part[1]}, not a {v['make']} {v['model']}")
    if any(ln["code"] == part_number for ln in j["lines"]):
        raise ValueError(f"{part_number} is already on job {job_id}")
    ln = {"id": f"{job_id}-{j['next_line']}", "kind": "part", "code": part_number, "desc": part[2], "positions": [],
          "qty": 1, "unit": part[3], "approved": True}
    j["next_line"] += 1
    j["lines"].append(ln)
    j["status"] = "open"
    return _line(job_id, ln)


async def remove_line(state: State, token: str, line_id: str) -> JobCard:
    """Take a line off a job before the customer approves it.

    :param token: The session token.
    :param line_id: The line (``JC-.....-n``).
    :returns: The job card without the line. A job that was estimated goes back to ``open``.
    :raises PermissionError: Not signed in, or not reception.
    :raises KeyError: No such line.
    :raises RuntimeError: The job is past its estimate's approval.
    """
    _session(state, token, "reception")
    job_id = line_id.rsplit("-", 1)[0]
    j = state.jobs.get(job_id)
    ln = next((x for x in j["lines"] if x["id"] == line_id), None) if j else None
    if ln is None:
        raise KeyError(f"no job line {line_id}")
    _editable(j, job_id)
    j["lines"].remove(ln)
    j["status"] = "open"
    return _card(state, job_id)


async def estimate_job(state: State, token: str, job_id: str) -> Estimate:
    """Price a job for the customer, VAT included.

    :param token: The session token.
    :param job_id: The job (``JC-...``).
    :returns: The estimate with its lines; the job becomes ``estimated``.
    :raises PermissionError: Not signed in, or not reception.
    :raises KeyError: No such job.
    :raises RuntimeError: The job has no lines, or is already approved or further on.
    """
    _session(state, token, "reception")
    j = _job(state, job_id)
    _editable(j, job_id)
    if not j["lines"]:
        raise RuntimeError(f"job {job_id} has nothing on it to estimate")
    j["status"] = "estimated"
    net, discount, vat, total = _sums(j)
    return Estimate(job_id=job_id, lines=[_line(job_id, ln) for ln in j["lines"]], net=net, discount=discount,
                    vat=vat, total=total, valid_until="2030-03-28")


async def record_approval(state: State, token: str, job_id: str, approved_by: str, method: ApprovalMethod) -> JobCard:
    """Record that the customer approved the estimate, or the extra work found under the car.

    :param token: The session token.
    :param job_id: The job (``JC-...``).
    :param approved_by: Who approved it.
    :param method: How they approved it.
    :returns: The job card: ``approved`` (an estimate) or back ``in_progress`` (extra work).
    :raises PermissionError: Not signed in, or not reception.
    :raises KeyError: No such job.
    :raises RuntimeError: Nothing on the job is waiting for the customer.
    :raises ValueError: No name given, or extra work in a part that is out of stock.
    """
    _session(state, token, "reception")
    j = _job(state, job_id)
    if not approved_by.strip():
        raise ValueError("say who approved it")
    if j["status"] == "estimated":
        j["status"] = "approved"
    elif j["status"] == "awaiting_approval":
        for ln in j["lines"]:
            if not ln["approved"] and ln["kind"] == "part":
                if state.stock[ln["code"]][0] < ln["qty"]:
                    raise ValueError(f"{ln['code']} is out of stock; order it before the customer approves")
        for ln in j["lines"]:
            if not ln["approved"]:
                if ln["kind"] == "part":
                    state.stock[ln["code"]][0] -= ln["qty"]
                ln["approved"] = True
        j["status"] = "in_progress"
    else:
        raise RuntimeError(f"job {job_id} is {j['status']}; nothing is waiting for the customer's approval")
    j["notes"].append(f"approved by {approved_by.strip()} ({method})")
    return _card(state, job_id)


# --------------------------------------------------------------------------- stock


async def stock_check(state: State, token: str, code: str) -> StockLevel:
    """Stock of a tyre or an exhaust part in the stores.

    :param token: The session token.
    :param code: A tyre SKU or an exhaust part number.
    :returns: How many are on the shelf, where, and how many are on order.
    :raises PermissionError: Not signed in.
    :raises KeyError: No such tyre or part.
    """
    _session(state, token)
    desc = _description(state, code)
    on_order = sum(o["quantity"] - o["received"] for o in state.orders.values() if o["code"] == code
                   and o["status"] == "ordered")
    return StockLevel(code=code, description=desc, on_hand=state.stock[code][0], bin=state.stock[code][1],
                      on_order=on_order)


async def order_stock(state: State, token: str, code: str, quantity: int, supplier: Supplier) -> PurchaseOrder:
    """Order tyres or exhaust parts from a supplier for delivery today.

    :param token: The session token.
    :param code: A tyre SKU or an exhaust part number.
    :param quantity: How many.
    :param supplier: The supplier.
    :returns: The purchase order, status ``ordered``.
    :raises PermissionError: Not signed in, or not reception.
    :raises KeyError: No such tyre or part.
    :raises ValueError: The supplier does not carry it, or the quantity is wrong.
    """
    _session(state, token, "reception")
    _description(state, code)
    if not 1 <= quantity <= 20:
        raise ValueError("order between 1 and 20")
    if (supplier == "euro_exhaust") != (code in state.parts):
        raise ValueError(f"{supplier} does not supply {code}: tyres come from bond_tyres or micheldever, "
                         "exhaust parts from euro_exhaust")
    po = f"PO-{_next(state, 'po')}"
    state.orders[po] = {"code": code, "quantity": quantity, "supplier": supplier, "status": "ordered", "received": 0}
    return PurchaseOrder(po_number=po, code=code, quantity=quantity, supplier=supplier, status="ordered", received=0)


async def receive_delivery(state: State, token: str, po_number: str, quantity: int) -> PurchaseOrder:
    """Book a supplier's delivery in against its purchase order.

    :param token: The session token.
    :param po_number: The purchase order (``PO-...``).
    :param quantity: How many arrived.
    :returns: The order, ``received`` (or ``short`` when fewer came than ordered); the stock goes up.
    :raises PermissionError: Not signed in.
    :raises KeyError: No such order.
    :raises RuntimeError: The order was already booked in.
    :raises ValueError: More arrived than were ordered, or none.
    """
    _session(state, token, "reception", "technician")
    o = state.orders.get(po_number)
    if o is None:
        raise KeyError(f"no purchase order {po_number}")
    if o["status"] != "ordered":
        raise RuntimeError(f"{po_number} was already booked in")
    if not 1 <= quantity <= o["quantity"]:
        raise ValueError(f"{po_number} was for {o['quantity']}")
    o["received"] = quantity
    o["status"] = "received" if quantity == o["quantity"] else "short"
    state.stock[o["code"]][0] += quantity
    return PurchaseOrder(po_number=po_number, code=o["code"], quantity=o["quantity"], supplier=o["supplier"],
                         status=o["status"], received=quantity)


# --------------------------------------------------------------------------- bays and technicians


async def bay_board(state: State, token: str) -> list[BayRow]:
    """The workshop's bays and the job in each.

    :param token: The session token.
    :returns: One row per bay.
    :raises PermissionError: Not signed in.
    """
    _session(state, token)
    out = []
    for bay, kind in sorted(state.bays.items()):
        busy = next((jid for jid, j in sorted(state.jobs.items()) if j["bay"] == bay
                     and j["status"] in ("open", "estimated", "approved", "in_progress", "awaiting_approval")), None)
        out.append(BayRow(bay=bay, kind=kind, job_id=busy,
                          registration=state.vehicles[state.jobs[busy]["vehicle"]]["reg"] if busy else None))
    return out


async def list_technicians(state: State, token: str) -> list[Technician]:
    """The technicians, whether they are on shift today, and their skills.

    :param token: The session token.
    :returns: The technicians by id.
    :raises PermissionError: Not signed in.
    """
    _session(state, token)
    return [Technician(technician_id=tid, name=t["name"], status=t["status"], skills=list(t["skills"]))
            for tid, t in sorted(state.technicians.items())]


async def assign_bay(state: State, token: str, job_id: str, bay: str) -> JobCard:
    """Put a job in a bay.

    :param token: The session token.
    :param job_id: The job (``JC-...``).
    :param bay: The bay.
    :returns: The job card.
    :raises PermissionError: Not signed in, or not reception.
    :raises KeyError: No such job or bay.
    :raises RuntimeError: The job is finished, or the bay holds another job.
    :raises ValueError: The job is already in that bay, or its work cannot be done in that bay.
    """
    _session(state, token, "reception")
    j = _job(state, job_id)
    if bay not in state.bays:
        raise KeyError(f"no bay {bay}")
    if j["status"] not in ("open", "estimated", "approved"):
        raise RuntimeError(f"job {job_id} is {j['status']}; its bay can no longer change")
    if j["bay"] == bay:
        raise ValueError(f"job {job_id} is already in {bay}")
    for other, o in state.jobs.items():
        if other != job_id and o["bay"] == bay and o["status"] in ("open", "estimated", "approved", "in_progress",
                                                                   "awaiting_approval"):
            raise RuntimeError(f"{bay} is taken by job {other}")
    if any(ln["kind"] == "part" or ln["code"] == "EXH-LAB" for ln in j["lines"]) and bay not in RAMP_BAYS:
        raise ValueError(f"exhaust work needs a ramp; {bay} is a {state.bays[bay]} (ramps: {', '.join(RAMP_BAYS)})")
    if any(ln["code"] == "ALIGN-4W" for ln in j["lines"]) and bay != ALIGNMENT_BAY:
        raise ValueError(f"alignment is done on the alignment ramp, {ALIGNMENT_BAY}")
    j["bay"] = bay
    return _card(state, job_id)


async def assign_technician(state: State, token: str, job_id: str, technician_id: str) -> JobCard:
    """Give a job to a technician.

    :param token: The session token.
    :param job_id: The job (``JC-...``).
    :param technician_id: The technician (``T-..``).
    :returns: The job card.
    :raises PermissionError: Not signed in, or not reception.
    :raises KeyError: No such job or technician.
    :raises RuntimeError: The job is finished, or the technician is not on shift.
    :raises ValueError: The job is already theirs, or the work needs a skill they do not have.
    """
    _session(state, token, "reception")
    j = _job(state, job_id)
    t = state.technicians.get(technician_id)
    if t is None:
        raise KeyError(f"no technician {technician_id}")
    if j["status"] not in ("open", "estimated", "approved"):
        raise RuntimeError(f"job {job_id} is {j['status']}; its technician can no longer change")
    if t["status"] != "on_shift":
        raise RuntimeError(f"{t['name']} is not on shift today ({t['status']})")
    if j["tech"] == technician_id:
        raise ValueError(f"job {job_id} is already {t['name']}'s")
    if any(ln["kind"] == "part" for ln in j["lines"]) and "exhausts" not in t["skills"]:
        raise ValueError(f"{t['name']} does not fit exhausts")
    if any(ln["code"] == "ALIGN-4W" for ln in j["lines"]) and "alignment" not in t["skills"]:
        raise ValueError(f"{t['name']} is not trained on the alignment rig")
    j["tech"] = technician_id
    return _card(state, job_id)


# --------------------------------------------------------------------------- the workshop


async def start_job(state: State, token: str, job_id: str) -> JobCard:
    """Clock on to a job: the technician it is assigned to starts work and takes the stock off the shelf.

    :param token: The session token (the assigned technician's, or the manager's).
    :param job_id: The job (``JC-...``).
    :returns: The job card, ``in_progress``.
    :raises PermissionError: Not signed in, not a technician, or someone else's job.
    :raises KeyError: No such job.
    :raises RuntimeError: Not approved, no bay or technician, or a tyre or part is not in stock.
    """
    who = _session(state, token, "technician")
    j = _job(state, job_id)
    if j["status"] != "approved":
        raise RuntimeError(f"job {job_id} is {j['status']}; only an approved job can start")
    if j["bay"] is None:
        raise RuntimeError(f"job {job_id} has no bay")
    if j["tech"] is None:
        raise RuntimeError(f"job {job_id} has no technician")
    if who["role"] == "technician" and who["tech"] != j["tech"]:
        raise PermissionError(f"job {job_id} is {state.technicians[j['tech']]['name']}'s, not {who['name']}'s")
    for ln in j["lines"]:
        if ln["kind"] in ("tyre", "part") and state.stock[ln["code"]][0] < ln["qty"]:
            raise RuntimeError(f"{ln['code']}: {state.stock[ln['code']][0]} in stock, {ln['qty']} needed")
    for ln in j["lines"]:
        if ln["kind"] in ("tyre", "part"):
            state.stock[ln["code"]][0] -= ln["qty"]
    j["status"] = "in_progress"
    return _card(state, job_id)


async def record_inspection(state: State, token: str, job_id: str, position: str, tread_mm: float,
                            pressure_psi: int) -> Inspection:
    """Record the tread depth and pressure of one tyre on a job in progress.

    :param token: The session token.
    :param job_id: The job (``JC-...``).
    :param position: The wheel position.
    :param tread_mm: The tread depth, in millimetres.
    :param pressure_psi: The pressure found, in psi.
    :returns: The reading, with the tyre's condition (ok, advisory or illegal).
    :raises PermissionError: Not signed in, or not a technician.
    :raises KeyError: No such job.
    :raises RuntimeError: The job is not in progress.
    :raises ValueError: A wrong position, an impossible reading, or the position already recorded.
    """
    _session(state, token, "technician")
    j = _job(state, job_id)
    if j["status"] not in ("in_progress", "awaiting_approval"):
        raise RuntimeError(f"job {job_id} is {j['status']}; readings are taken while it is being worked on")
    p = position.strip().upper()
    if p not in POSITIONS:
        raise ValueError(f"no wheel position {position!r}; positions are {', '.join(POSITIONS)}")
    if p in j["inspections"]:
        raise ValueError(f"{p} is already recorded on job {job_id}")
    if not 0 <= tread_mm <= 12 or not 10 <= pressure_psi <= 90:
        raise ValueError("tread is 0-12 mm and pressure 10-90 psi")
    cond = "illegal" if tread_mm < LEGAL_TREAD_MM else "advisory" if tread_mm < ADVISORY_TREAD_MM else "ok"
    j["inspections"][p] = (tread_mm, pressure_psi, cond)
    return Inspection(position=p, tread_mm=tread_mm, pressure_psi=pressure_psi, condition=cond)


async def record_torque(state: State, token: str, job_id: str, torque_nm: int) -> JobCard:
    """Record the torque the wheel nuts were tightened to, on a job in progress.

    :param token: The session token.
    :param job_id: The job (``JC-...``).
    :param torque_nm: The torque, in newton metres.
    :returns: The job card.
    :raises PermissionError: Not signed in, or not a technician.
    :raises KeyError: No such job.
    :raises RuntimeError: The job is not in progress.
    :raises ValueError: The figure is off the maker's figure, or already recorded.
    """
    _session(state, token, "technician")
    j = _job(state, job_id)
    if j["status"] not in ("in_progress", "awaiting_approval"):
        raise RuntimeError(f"job {job_id} is {j['status']}; torque is recorded while it is being worked on")
    v = state.vehicles[j["vehicle"]]
    spec = state.torque.get((v["make"], v["model"]), 120)
    if abs(torque_nm - spec) > 5:
        raise ValueError(f"{torque_nm} Nm is off the figure for a {v['make']} {v['model']}: {spec} Nm (+/- 5)")
    if j["torque"] == torque_nm:
        raise ValueError(f"{torque_nm} Nm is already recorded")
    j["torque"] = torque_nm
    return _card(state, job_id)


async def report_finding(state: State, token: str, job_id: str, finding: str, code: str) -> JobCard:
    """Report extra work found on a job in progress; the job waits for the customer's approval of it.

    :param token: The session token.
    :param job_id: The job (``JC-...``).
    :param finding: What was found, in the technician's words.
    :param code: The service code or exhaust part number the extra work needs.
    :returns: The job card with the extra line (not yet approved), ``awaiting_approval``.
    :raises PermissionError: Not signed in, or not a technician.
    :raises KeyError: No such job, service or part.
    :raises RuntimeError: The job is not in progress.
    :raises ValueError: No finding given, the part does not fit, or it is already on the job.
    """
    _session(state, token, "technician")
    j = _job(state, job_id)
    if j["status"] != "in_progress":
        raise RuntimeError(f"job {job_id} is {j['status']}; findings are reported while it is being worked on")
    if not finding.strip():
        raise ValueError("describe what was found")
    if any(ln["code"] == code for ln in j["lines"]):
        raise ValueError(f"{code} is already on job {job_id}")
    if code in state.services:
        name, price, _, _ = state.services[code]
        ln = {"kind": "service", "desc": name, "unit": price}
    elif code in state.parts:
        v = state.vehicles[j["vehicle"]]
        make, model, name, price = state.parts[code]
        if (make, model) != (v["make"], v["model"]):
            raise ValueError(f"{code} is for a {make} {model}")
        ln = {"kind": "part", "desc": name, "unit": price}
    else:
        raise KeyError(f"no service or part {code}")
    ln.update({"id": f"{job_id}-{j['next_line']}", "code": code, "positions": [], "qty": 1, "approved": False})
    j["next_line"] += 1
    j["lines"].append(ln)
    j["notes"].append(f"found: {finding.strip()}")
    j["status"] = "awaiting_approval"
    return _card(state, job_id)


async def complete_job(state: State, token: str, job_id: str, notes: str) -> JobCard:
    """Finish a job: the technician signs it off as done.

    :param token: The session token.
    :param job_id: The job (``JC-...``).
    :param notes: The technician's closing notes.
    :returns: The job card, ``complete``.
    :raises PermissionError: Not signed in, or not a technician.
    :raises KeyError: No such job.
    :raises RuntimeError: The job is not in progress, waits for approval, or its wheel nuts were not torqued.
    """
    _session(state, token, "technician")
    j = _job(state, job_id)
    if j["status"] == "awaiting_approval":
        raise RuntimeError(f"job {job_id} is waiting for the customer's approval of extra work")
    if j["status"] != "in_progress":
        raise RuntimeError(f"job {job_id} is {j['status']}; only a job in progress can be completed")
    if any(ln["kind"] == "tyre" for ln in j["lines"]) and j["torque"] is None:
        raise RuntimeError(f"wheels were changed on job {job_id}; record the wheel-nut torque first")
    j["status"] = "complete"
    if notes.strip():
        j["notes"].append(notes.strip())
    return _card(state, job_id)


# --------------------------------------------------------------------------- money


async def apply_discount(state: State, token: str, job_id: str, percent: float, reason: str) -> JobCard:
    """Give a discount on a job before it is invoiced (manager only).

    :param token: The session token.
    :param job_id: The job (``JC-...``).
    :param percent: The discount, as a percentage of the net price.
    :param reason: Why.
    :returns: The job card with its new totals.
    :raises PermissionError: Not signed in, or not the manager.
    :raises KeyError: No such job.
    :raises RuntimeError: The job is invoiced, collected or cancelled.
    :raises ValueError: The discount is too large, not positive, or the same as now.
    """
    _session(state, token, "manager")
    j = _job(state, job_id)
    if j["status"] in ("invoiced", "collected", "cancelled"):
        raise RuntimeError(f"job {job_id} is {j['status']}")
    if not 0 < percent <= MAX_DISCOUNT_PCT:
        raise ValueError(f"discounts are more than 0 and at most {MAX_DISCOUNT_PCT:g}%")
    if j["discount"] == percent:
        raise ValueError(f"job {job_id} already has {percent:g}% off")
    j["discount"] = float(percent)
    j["notes"].append(f"{percent:g}% off: {reason.strip()}")
    return _card(state, job_id)


async def invoice_job(state: State, token: str, job_id: str) -> Invoice:
    """Invoice a completed job.

    :param token: The session token.
    :param job_id: The job (``JC-...``).
    :returns: The invoice, ``unpaid``; the job becomes ``invoiced``.
    :raises PermissionError: Not signed in, or not reception.
    :raises KeyError: No such job.
    :raises RuntimeError: The job is not complete.
    """
    _session(state, token, "reception")
    j = _job(state, job_id)
    if j["status"] != "complete":
        raise RuntimeError(f"job {job_id} is {j['status']}; only a complete job is invoiced")
    net, discount, vat, total = _sums(j, approved_only=True)
    iid = f"INV-{_next(state, 'invoice')}"
    state.invoices[iid] = {"job": job_id, "net": net, "discount": discount, "vat": vat, "total": total,
                           "status": "unpaid", "paid_by": None}
    j["invoice"] = iid
    j["status"] = "invoiced"
    return _invoice_row(state, iid)


async def take_payment(state: State, token: str, invoice_id: str, amount: float, method: PayMethod) -> Receipt:
    """Take payment of an invoice in full at the desk.

    :param token: The session token.
    :param invoice_id: The invoice (``INV-....``).
    :param amount: The amount, which must be the invoice total.
    :param method: Card or cash.
    :returns: The receipt; the invoice is ``paid``.
    :raises PermissionError: Not signed in, or not reception.
    :raises KeyError: No such invoice.
    :raises RuntimeError: The invoice is not unpaid.
    :raises ValueError: The amount is not the total.
    """
    _session(state, token, "reception")
    inv = _invoice(state, invoice_id)
    if inv["status"] != "unpaid":
        raise RuntimeError(f"invoice {invoice_id} is {inv['status']}")
    if round(amount, 2) != inv["total"]:
        raise ValueError(f"invoice {invoice_id} is for {inv['total']:.2f}")
    inv["status"] = "paid"
    inv["paid_by"] = method
    return Receipt(receipt_id=f"RC-{_next(state, 'receipt')}", invoice_id=invoice_id, amount=inv["total"],
                   method=method, invoice_status="paid")


async def charge_to_account(state: State, token: str, invoice_id: str, order_number: str) -> AccountCharge:
    """Charge an invoice to a fleet customer's account against their order number.

    :param token: The session token.
    :param invoice_id: The invoice (``INV-....``).
    :param order_number: The customer's own purchase order number.
    :returns: The charge; the invoice is ``on_account``.
    :raises PermissionError: Not signed in, or not reception.
    :raises KeyError: No such invoice.
    :raises RuntimeError: The invoice is not unpaid, or the customer has no account.
    :raises ValueError: No order number.
    """
    _session(state, token, "reception")
    inv = _invoice(state, invoice_id)
    if inv["status"] != "unpaid":
        raise RuntimeError(f"invoice {invoice_id} is {inv['status']}")
    c = state.customers[state.vehicles[state.jobs[inv["job"]]["vehicle"]]["customer"]]
    if c["account"] is None:
        raise RuntimeError(f"{c['name']} has no account with us; take payment at the desk")
    if not order_number.strip():
        raise ValueError("fleet accounts need their order number")
    inv["status"] = "on_account"
    inv["paid_by"] = f"account {c['account']} order {order_number.strip()}"
    return AccountCharge(invoice_id=invoice_id, account=c["account"], order_number=order_number.strip(),
                         amount=inv["total"], invoice_status="on_account")


async def release_vehicle(state: State, token: str, job_id: str, collected_by: str) -> Release:
    """Hand the keys back: the vehicle of an invoiced and settled job is collected.

    :param token: The session token.
    :param job_id: The job (``JC-...``).
    :param collected_by: Who collected it.
    :returns: The release; the job is ``collected``.
    :raises PermissionError: Not signed in, or not reception.
    :raises KeyError: No such job.
    :raises RuntimeError: The job is not invoiced, or its invoice is not paid or charged to account.
    """
    _session(state, token, "reception")
    j = _job(state, job_id)
    if j["status"] != "invoiced":
        raise RuntimeError(f"job {job_id} is {j['status']}; vehicles go once the job is invoiced and settled")
    inv = state.invoices[j["invoice"]]
    if inv["status"] not in ("paid", "on_account"):
        raise RuntimeError(f"invoice {j['invoice']} is {inv['status']}; take payment before the keys go")
    j["status"] = "collected"
    j["collected_by"] = collected_by.strip()
    return Release(job_id=job_id, registration=state.vehicles[j["vehicle"]]["reg"], collected_by=collected_by.strip(),
                   status="collected")


async def void_invoice(state: State, token: str, invoice_id: str, reason: str) -> JobCard:
    """Void an unpaid invoice raised in error (manager only); its job goes back to ``complete``.

    :param token: The session token.
    :param invoice_id: The invoice (``INV-....``).
    :param reason: Why.
    :returns: The job card.
    :raises PermissionError: Not signed in, or not the manager.
    :raises KeyError: No such invoice.
    :raises RuntimeError: The invoice is paid, charged or already void.
    """
    _session(state, token, "manager")
    inv = _invoice(state, invoice_id)
    if inv["status"] != "unpaid":
        raise RuntimeError(f"invoice {invoice_id} is {inv['status']}; only an unpaid invoice is voided")
    inv["status"] = "void"
    j = state.jobs[inv["job"]]
    j["status"] = "complete"
    j["invoice"] = None
    j["notes"].append(f"invoice {invoice_id} voided: {reason.strip()}")
    return _card(state, inv["job"])


async def cancel_job(state: State, token: str, job_id: str, reason: str) -> JobCard:
    """Cancel a job that has not started.

    :param token: The session token.
    :param job_id: The job (``JC-...``).
    :param reason: Why.
    :returns: The job card, ``cancelled``; its bay is free again.
    :raises PermissionError: Not signed in, or not reception.
    :raises KeyError: No such job.
    :raises RuntimeError: Work has started on it, or it is already cancelled.
    """
    _session(state, token, "reception")
    j = _job(state, job_id)
    if j["status"] not in ("open", "estimated", "approved"):
        raise RuntimeError(f"job {job_id} is {j['status']}; only a job not yet started is cancelled")
    j["status"] = "cancelled"
    j["notes"].append(f"cancelled: {reason.strip()}")
    return _card(state, job_id)


# --------------------------------------------------------------------------- tyre hotel and texts


async def store_tyres(state: State, token: str, vehicle_id: str, season: TyreSeason, tread_mm: float) -> StoredSet:
    """Put a customer's set of four tyres on a rack in the tyre hotel.

    :param token: The session token.
    :param vehicle_id: The vehicle the set belongs to (``V-...``).
    :param season: The kind of tyres in the set.
    :param tread_mm: The lowest tread depth in the set, in millimetres.
    :returns: The stored set with its rack.
    :raises PermissionError: Not signed in.
    :raises KeyError: No such vehicle.
    :raises ValueError: A set of that kind for the vehicle is already stored, or the tread is too low to keep.
    """
    _session(state, token, "reception", "technician")
    _vehicle(state, vehicle_id)
    kind = TyreSeason(season).value
    if any(s["vehicle"] == vehicle_id and s["season"] == kind and s["status"] == "stored"
           for s in state.storage.values()):
        raise ValueError(f"a {kind} set for this vehicle is already in store")
    if tread_mm < ADVISORY_TREAD_MM:
        raise ValueError(f"we do not store sets worn below {ADVISORY_TREAD_MM:g} mm; they would need replacing "
                         "before they were refitted")
    sid = f"ST-{_next(state, 'storage')}"
    state.storage[sid] = {"vehicle": vehicle_id, "season": kind, "tread": tread_mm,
                          "rack": f"R2-{_next(state, 'rack'):02d}", "status": "stored", "stored_on": TODAY}
    return _stored(state, sid)


async def retrieve_tyres(state: State, token: str, storage_id: str) -> StoredSet:
    """Take a stored set out of the tyre hotel.

    :param token: The session token.
    :param storage_id: The stored set (``ST-...``).
    :returns: The set, ``retrieved``.
    :raises PermissionError: Not signed in.
    :raises KeyError: No such stored set.
    :raises RuntimeError: It was already taken out.
    """
    _session(state, token, "reception", "technician")
    s = state.storage.get(storage_id)
    if s is None:
        raise KeyError(f"no stored set {storage_id}")
    if s["status"] != "stored":
        raise RuntimeError(f"{storage_id} was already taken out")
    s["status"] = "retrieved"
    return _stored(state, storage_id)


async def send_text(state: State, token: str, job_id: str, message: str) -> TextMessage:
    """Text the customer of a job on their mobile.

    :param token: The session token.
    :param job_id: The job (``JC-...``).
    :param message: The text, at most 160 characters.
    :returns: The text as sent.
    :raises PermissionError: Not signed in, or not reception.
    :raises KeyError: No such job.
    :raises RuntimeError: The customer has no mobile number on file.
    :raises ValueError: The message is empty or too long.
    """
    _session(state, token, "reception")
    j = _job(state, job_id)
    c = state.customers[state.vehicles[j["vehicle"]]["customer"]]
    if not c["phone"].replace(" ", "").startswith("07"):
        raise RuntimeError(f"{c['name']} has no mobile number on file ({c['phone']})")
    if not 0 < len(message.strip()) <= 160:
        raise ValueError("a text is 1-160 characters")
    tid = f"SMS-{_next(state, 'text')}"
    state.texts.append({"id": tid, "job": job_id, "to": c["phone"], "message": message.strip()})
    return TextMessage(text_id=tid, job_id=job_id, to=c["phone"], message=message.strip())


# --------------------------------------------------------------------------- catalog

TOOLS = [
    sign_in, sign_out, tyre_catalogue, service_menu, find_customer, register_customer, update_customer,
    find_vehicle, add_vehicle, exhaust_parts, open_job, list_jobs, job_card, add_tyre_line, add_service_line,
    add_part_line, remove_line, estimate_job, record_approval, stock_check, order_stock, receive_delivery,
    bay_board, list_technicians, assign_bay, assign_technician, start_job, record_inspection, record_torque,
    report_finding, complete_job, apply_discount, invoice_job, take_payment, charge_to_account, release_vehicle,
    void_invoice, cancel_job, store_tyres, retrieve_tyres, send_text,
]

FIXTURES = {
    "garage": {"name": "Fenland Tyre & Exhaust, Cromwell Road, Wisbech", "today": "Thursday 14 March 2030",
               "bays": "two tyre bays, a ramp and the alignment ramp"},
    "staff": [
        {"name": "Kerry Wainwright", "role": "reception", "username": "kerry.w", "password": "Valve-Cap-2291"},
        {"name": "Dale Hammond", "role": "technician", "username": "dale.h", "password": "Torque-Wrench-110"},
        {"name": "Priya Sandhu", "role": "technician", "username": "priya.s", "password": "Wheel-Nut-57"},
        {"name": "Gary Fincham", "role": "manager", "username": "gary.f", "password": "Bead-Breaker-8"},
    ],
    "walk_in": {"name": "Marek Nowak", "phone": "07700 900377", "email": "marek.nowak@mail.example",
                "postcode": "PE14 7QJ", "car": "GX19 MNK, a 2019 Skoda Octavia on 205/55 R16 tyres, 48,210 miles",
                "wants": "the blowing back box replaced and two new rear tyres; a winter set in the boot to store"},
    "desk_notes": [
        "Arjun Mehta rang: new mobile 07700 900188; text him when the Astra is ready to collect",
        "Wisbech Fresh Produce: charge the Transit to their account, their order number WFP-4471",
        "Bernadette Quigley is in at 10:00 for her summer tyres to go back on the Yaris; store the winters",
        "Janet Cole wants the cheapest summer tyres for the front of the Focus",
    ],
}

_TOKEN = "auth: session token (token of sign_in)"
PUBLIC = ("sign_in", "tyre_catalogue", "service_menu")
TOKEN_CONSUMERS = [t.__name__ for t in TOOLS if t.__name__ not in PUBLIC]
CUSTOMER_CONSUMERS = ["update_customer", "add_vehicle"]
VEHICLE_CONSUMERS = ["open_job", "exhaust_parts", "store_tyres"]
JOB_CONSUMERS = ["job_card", "add_tyre_line", "add_service_line", "add_part_line", "estimate_job", "record_approval",
                 "assign_bay", "assign_technician", "start_job", "record_inspection", "record_torque", "report_finding",
                 "complete_job", "apply_discount", "invoice_job", "release_vehicle", "cancel_job", "send_text"]
INVOICE_CONSUMERS = ["take_payment", "charge_to_account", "void_invoice"]
_CUSTOMER = "id lookup/create: customer id (customer_id of find_customer's rows, or of register_customer)"
_VEHICLE = "id lookup/create: vehicle id (vehicle_id of find_vehicle, or of add_vehicle)"
_JOB = "id lookup/create: job id (job_id of open_job, or of a list_jobs row)"
_INVOICE = "id lookup/create: invoice id (invoice_id of invoice_job, or of job_card)"

GROUND_TRUTH = (
    [("sign_in", c, _TOKEN) for c in TOKEN_CONSUMERS]
    + [("find_customer|register_customer", c, _CUSTOMER) for c in CUSTOMER_CONSUMERS]
    + [("find_vehicle|add_vehicle", c, _VEHICLE) for c in VEHICLE_CONSUMERS]
    + [("open_job|list_jobs", c, _JOB) for c in JOB_CONSUMERS]
    + [("invoice_job|job_card", c, _INVOICE) for c in INVOICE_CONSUMERS]
    + [
        ("add_tyre_line|add_service_line|add_part_line|job_card", "remove_line",
         "id lookup/create: job line id (line_id of an add_*_line reply, or of job_card's lines)"),
        ("store_tyres|find_vehicle", "retrieve_tyres",
         "id lookup/create: stored set id (storage_id of store_tyres, or of find_vehicle's stored_sets)"),
        ("order_stock", "receive_delivery", "id create: purchase order number (po_number of order_stock)"),
        ("list_technicians", "assign_technician", "id lookup: technician id (technician_id of list_technicians)"),
        ("tyre_catalogue", "add_tyre_line", "vocabulary: tyre SKU (sku of tyre_catalogue)"),
        ("service_menu", "add_service_line", "vocabulary: service code (code of service_menu)"),
        ("exhaust_parts", "add_part_line", "vocabulary: part number (part_number of exhaust_parts)"),
        ("bay_board", "assign_bay", "vocabulary: bay code (bay of bay_board)"),
        ("tyre_catalogue|exhaust_parts", "order_stock",
         "vocabulary: tyre SKU or part number (sku of tyre_catalogue, part_number of exhaust_parts)"),
        ("service_menu|exhaust_parts", "report_finding",
         "vocabulary: service code or part number (code of service_menu, part_number of exhaust_parts)"),
        ("add_tyre_line|add_service_line|add_part_line", "estimate_job", "state: a line on the job"),
        ("estimate_job|report_finding", "record_approval",
         "state: an estimate, or extra work found, waiting for the customer"),
        ("record_approval", "start_job", "state: the job approved"),
        ("assign_bay", "start_job", "state: the job in a bay"),
        ("assign_technician", "start_job", "state: the job assigned to the technician"),
        ("receive_delivery", "start_job", "state: the job's tyres or parts in stock"),
        ("start_job", "record_inspection", "state: the job in progress"),
        ("start_job", "record_torque", "state: the job in progress"),
        ("start_job", "report_finding", "state: the job in progress"),
        ("start_job", "complete_job", "state: the job in progress"),
        ("record_torque", "complete_job", "state: the wheel-nut torque recorded (wheels changed)"),
        ("complete_job", "invoice_job", "state: the job complete"),
        ("take_payment|charge_to_account", "release_vehicle", "state: the invoice paid or charged to account"),
        ("update_customer", "send_text", "state: a mobile number on file"),
    ]
)

PLAUSIBLE = {
    ("register_customer", "find_customer"), ("update_customer", "find_customer"), ("add_vehicle", "find_vehicle"),
    ("add_vehicle", "find_customer"), ("find_customer", "find_vehicle"), ("find_customer", "send_text"),
    ("open_job", "list_jobs"), ("find_vehicle", "job_card"), ("estimate_job", "job_card"),
    ("cancel_job", "open_job"), ("release_vehicle", "open_job"),
    ("tyre_catalogue", "stock_check"), ("exhaust_parts", "stock_check"), ("order_stock", "stock_check"),
    ("receive_delivery", "stock_check"), ("receive_delivery", "exhaust_parts"), ("stock_check", "order_stock"),
    ("receive_delivery", "record_approval"), ("start_job", "stock_check"), ("start_job", "exhaust_parts"),
    ("estimate_job", "start_job"), ("start_job", "record_approval"), ("report_finding", "complete_job"),
    ("record_approval", "complete_job"), ("assign_bay", "bay_board"), ("cancel_job", "bay_board"),
    ("invoice_job", "release_vehicle"), ("complete_job", "take_payment"), ("complete_job", "charge_to_account"),
    ("complete_job", "void_invoice"), ("job_card", "release_vehicle"), ("estimate_job", "take_payment"),
    ("void_invoice", "invoice_job"), ("void_invoice", "apply_discount"), ("apply_discount", "invoice_job"),
    ("retrieve_tyres", "store_tyres"),
}
