"""DepotLink: the Python SDK of a warehouse and parcel-shipping back office (44 operations).

A thin client over an in-memory ``State``: operators sign in for a session token, floor work
(receiving, putaway, picking, counting, packing, return inspection) is done from a registered
RF scanner with its own device token, and supervisors co-sign stock adjustments and label voids.
Replies are what the back end answers: bare ids and tokens, numbers, and plain records. Every
refusal is raised as a ``DepotError`` subclass (or ``ValueError``/``LookupError`` from the
converters), never returned.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as
provider means either tool satisfies it, and the text of ``what`` before its first ``:`` is the
kind.
"""

from __future__ import annotations

import copy
import enum
import hashlib
import re
from dataclasses import dataclass, field
from typing import Optional


# ----------------------------------------------------------------------------- errors

class DepotError(Exception):
    """Base class of every refusal the DepotLink back end raises."""

    http_status = 400


class AuthError(DepotError):
    http_status = 401


class NotFound(DepotError):
    http_status = 404


class Conflict(DepotError):
    """The record is not in a state that allows the operation."""

    http_status = 409


class InvalidRequest(DepotError):
    http_status = 422


# ----------------------------------------------------------------------------- enums

class ServiceLevel(str, enum.Enum):
    ECONOMY = "economy"
    STANDARD = "standard"
    EXPRESS = "express"


class BoxType(str, enum.Enum):
    SMALL = "S"    # 30 x 20 x 15 cm, up to 5 kg
    MEDIUM = "M"   # 40 x 30 x 25 cm, up to 15 kg
    LARGE = "L"    # 60 x 40 x 40 cm, up to 30 kg


class OrderStatus(str, enum.Enum):
    NEW = "new"
    RELEASED = "released"
    ALLOCATED = "allocated"
    PICKING = "picking"
    PICKED = "picked"
    PACKED = "packed"
    SHIPPED = "shipped"


_BOX_LIMIT_KG = {BoxType.SMALL: 5.0, BoxType.MEDIUM: 15.0, BoxType.LARGE: 30.0}
_EU = {"NL", "BE", "DE", "FR", "LU", "AT", "DK", "IE", "IT", "ES", "PL"}
_CARRIERS = ("POSTNL", "DHLPX", "UPSNL", "DBSCH")
_DISPOSITIONS = ("RESTOCK", "REWORK", "SCRAP", "RTV")


# ----------------------------------------------------------------------------- seed data

def _seed_bins() -> dict:
    def b(site: str, zone: str, sku: Optional[str] = None, qty: int = 0, lot: Optional[str] = None,
          blocked: bool = False) -> dict:
        return {"site": site, "zone": zone, "sku": sku, "qty": qty, "lot": lot, "blocked": blocked}

    return {
        "RTM1-A-01-1": b("RTM1", "A", "MB-2210-M", 120), "RTM1-A-01-2": b("RTM1", "A", "MB-2210-M", 40),
        "RTM1-A-02-1": b("RTM1", "A", "MB-2210-L", 75), "RTM1-A-05-1": b("RTM1", "A"),
        "RTM1-B-04-1": b("RTM1", "B", "LB-7740", 60, "L2409-087"), "RTM1-B-06-2": b("RTM1", "B"),
        "RTM1-C-02-3": b("RTM1", "C", "TT-0915", 18), "RTM1-C-02-4": b("RTM1", "C", "SB-1102", 200),
        "RTM1-C-07-1": {**b("RTM1", "C", blocked=True), "block_reason": "rack repair", "blocked_by": "facilities"},
        "RTM1-C-07-2": b("RTM1", "C"),
        "DUI2-D-01-1": b("DUI2", "D", "MB-2210-M", 35), "DUI2-D-02-2": b("DUI2", "D", "LB-7740", 12, "L2409-087"),
        "DUI2-D-03-1": b("DUI2", "D", "SB-1102", 90), "DUI2-D-09-4": b("DUI2", "D"),
    }


def _seed_items() -> dict:
    return {
        "MB-2210-M": {"description": "Merino base layer crew, charcoal, size M", "weight_lb": 0.42,
                      "dims_in": [11.0, 8.5, 1.5], "un_number": None, "lot_controlled": False, "zone": "A"},
        "MB-2210-L": {"description": "Merino base layer crew, charcoal, size L", "weight_lb": 0.46,
                      "dims_in": [11.0, 8.5, 1.5], "un_number": None, "lot_controlled": False, "zone": "A"},
        "LB-7740": {"description": "Lithium-ion power bank 20000 mAh", "weight_lb": 0.95,
                    "dims_in": [6.3, 3.1, 1.0], "un_number": "UN3480", "lot_controlled": True, "zone": "B"},
        "TT-0915": {"description": "Trail tent 2-person, forest green", "weight_lb": 5.9,
                    "dims_in": [20.0, 7.0, 7.0], "un_number": None, "lot_controlled": False, "zone": "C"},
        "SB-1102": {"description": "Stainless steel bottle 750 ml, insulated", "weight_lb": 0.88,
                    "dims_in": [10.5, 3.0, 3.0], "un_number": None, "lot_controlled": False, "zone": "C"},
    }


def _seed_orders() -> dict:
    return {
        "SO-88412": {"customer": "Brightwell Outdoor Ltd", "site": "RTM1", "status": "new",
                     "ship_to": {"name": "Brightwell Outdoor Ltd", "city": "Leeds", "country": "United Kingdom", "iso": "GB"},
                     "lines": [{"sku": "MB-2210-M", "qty": 6, "unit_value_eur": 38.0},
                               {"sku": "SB-1102", "qty": 4, "unit_value_eur": 21.5}]},
        "SO-88430": {"customer": "Bergwelt Sport GmbH", "site": "RTM1", "status": "new",
                     "ship_to": {"name": "Bergwelt Sport GmbH", "city": "Munich", "country": "Germany", "iso": "DE"},
                     "lines": [{"sku": "LB-7740", "qty": 2, "unit_value_eur": 34.0}]},
        "SO-88461": {"customer": "Cafe Lente", "site": "RTM1", "status": "new",
                     "ship_to": {"name": "Cafe Lente", "city": "Utrecht", "country": "Netherlands", "iso": "NL"},
                     "lines": [{"sku": "SB-1102", "qty": 12, "unit_value_eur": 21.5}]},
        "SO-88377": {"customer": "Brightwell Outdoor Ltd", "site": "RTM1", "status": "shipped",
                     "ship_to": {"name": "Brightwell Outdoor Ltd", "city": "Leeds", "country": "United Kingdom", "iso": "GB"},
                     "lines": [{"sku": "TT-0915", "qty": 2, "unit_value_eur": 149.0}]},
        "SO-88295": {"customer": "Fjord & Fell", "site": "DUI2", "status": "new",
                     "ship_to": {"name": "Fjord & Fell", "city": "Hamburg", "country": "Germany", "iso": "DE"},
                     "lines": [{"sku": "MB-2210-M", "qty": 10, "unit_value_eur": 38.0}]},
    }


def _seed_pos() -> dict:
    return {
        "4500021877": {"supplier": "Nordlicht Textil GmbH", "site": "RTM1", "status": "open",
                       "lines": [{"sku": "MB-2210-M", "qty": 200}, {"sku": "MB-2210-L", "qty": 120}]},
        "4500021903": {"supplier": "Voltaris Energy BV", "site": "RTM1", "status": "open",
                       "lines": [{"sku": "LB-7740", "qty": 80}]},
        "4500021650": {"supplier": "Nordlicht Textil GmbH", "site": "RTM1", "status": "received",
                       "lines": [{"sku": "MB-2210-M", "qty": 150}]},
    }


def _seed_asns() -> dict:
    return {
        "4500021877": {"asn_id": "ASN-77104", "carrier": "Rhenus", "lines": [
            {"sku": "MB-2210-M", "qty": 200, "lot": None}, {"sku": "MB-2210-L", "qty": 120, "lot": None}]},
        "4500021903": {"asn_id": "ASN-77120", "carrier": "Voltaris own fleet", "lines": [
            {"sku": "LB-7740", "qty": 80, "lot": "L2503-114"}]},
    }


@dataclass
class State:
    """A fresh DepotLink back end: two sites, stock in bins, open purchase and sales orders."""

    users: dict = field(default_factory=lambda: {
        "m.vermeulen": {"password": "Dock!2291", "name": "Mira Vermeulen", "role": "shift_lead", "site": "RTM1"},
        "k.jansen": {"password": "Kj-88a7", "name": "Koen Jansen", "role": "clerk", "site": "RTM1"}})
    supervisors: dict = field(default_factory=lambda: {"SUP-0413": {"pin": "7730", "name": "Pieter Bakker"}})
    sessions: dict = field(default_factory=dict)
    devices: dict = field(default_factory=dict)
    approvals: dict = field(default_factory=dict)
    sites: dict = field(default_factory=lambda: {
        "RTM1": {"name": "Rotterdam Waalhaven DC", "city": "Rotterdam", "country": "NL",
                 "inbound_doors": ["D03", "D04", "D07"]},
        "DUI2": {"name": "Duisburg Logport", "city": "Duisburg", "country": "DE", "inbound_doors": ["T1", "T2"]},
        "ANR1": {"name": "Antwerp Blauwhoef", "city": "Antwerp", "country": "BE", "inbound_doors": ["P1"]}})
    items: dict = field(default_factory=_seed_items)
    bins: dict = field(default_factory=_seed_bins)
    pos: dict = field(default_factory=_seed_pos)
    asns: dict = field(default_factory=_seed_asns)
    booked_slots: dict = field(default_factory=lambda: {("RTM1", "D03", "2025-03-11T08:00"): "APT-5102"})
    appointments: dict = field(default_factory=lambda: {
        "APT-5102": {"po": "4500021650", "site": "RTM1", "door": "D03", "start": "2025-03-11T08:00", "status": "completed"}})
    lpns: dict = field(default_factory=dict)
    orders: dict = field(default_factory=_seed_orders)
    waves: dict = field(default_factory=dict)
    tasks: dict = field(default_factory=dict)
    cartons: dict = field(default_factory=dict)
    quotes: dict = field(default_factory=dict)
    labels: dict = field(default_factory=lambda: {
        "1ZUP000000190": {"carton": None, "order": "SO-88377", "carrier": "UPSNL", "status": "delivered", "manifest": None}})
    manifests: dict = field(default_factory=dict)
    counts: dict = field(default_factory=dict)
    rmas: dict = field(default_factory=dict)
    seq: int = 230


# ----------------------------------------------------------------------------- helpers

def _next(state: State, prefix: str, width: int = 6) -> str:
    state.seq += 1
    return f"{prefix}{state.seq:0{width}d}"


def _user(state: State, session: str) -> dict:
    username = state.sessions.get(session)
    if username is None:
        raise AuthError("session is missing, expired or revoked; call login()")
    return {"username": username, **state.users[username]}


def _device(state: State, device_token: str) -> dict:
    dev = state.devices.get(device_token)
    if dev is None:
        raise AuthError("unknown device token; register the scanner first")
    return dev


def _order(state: State, order_id: str) -> dict:
    order = state.orders.get(order_id)
    if order is None:
        raise NotFound(f"order {order_id!r} not found")
    return order


def _carton(state: State, carton_id: str) -> dict:
    carton = state.cartons.get(carton_id)
    if carton is None:
        raise NotFound(f"carton {carton_id!r} not found")
    return carton


def _approval(state: State, code: str) -> None:
    if state.approvals.get(code) != "unused":
        raise AuthError("supervisor approval code is invalid or already used")
    state.approvals[code] = "used"


# ----------------------------------------------------------------------------- session

def login(username: str, password: str, state: State) -> str:
    """Open an operator session.

    Returns:
        The session token to pass as ``session`` to operator endpoints (valid for one shift).
    """
    user = state.users.get(username)
    if user is None or user["password"] != password:
        raise AuthError("invalid credentials")
    state.seq += 1
    token = "dls_" + hashlib.sha256(f"{username}:{state.seq}".encode()).hexdigest()[:24]
    state.sessions[token] = username
    return token


def supervisor_sign_off(session: str, badge_id: str, pin: str, state: State) -> str:
    """A supervisor co-signs the next sensitive action (count posting, label void).

    Returns:
        A single-use approval code.
    """
    _user(state, session)
    sup = state.supervisors.get(badge_id)
    if sup is None or sup["pin"] != pin:
        raise AuthError("badge or PIN not recognised")
    state.seq += 1
    code = "SO-" + hashlib.sha1(f"{badge_id}{state.seq}".encode()).hexdigest()[:6].upper()
    state.approvals[code] = "unused"
    return code


def register_scanner(session: str, site_code: str, device_serial: str, state: State) -> str:
    """Bind an RF scanner to a site for this operator; floor endpoints take the device token it returns."""
    user = _user(state, session)
    if site_code not in state.sites:
        raise NotFound(f"site {site_code!r} not found")
    if not re.fullmatch(r"[A-Z]{2}-[A-Z0-9]{4}-\d{4}", device_serial):
        raise InvalidRequest("device_serial must look like ZB-TC52-0093")
    state.seq += 1
    token = "dev_" + hashlib.sha1(f"{device_serial}{state.seq}".encode()).hexdigest()[:16]
    state.devices[token] = {"serial": device_serial, "site": site_code, "operator": user["username"]}
    return token


# ----------------------------------------------------------------------------- reference data

def list_sites(country: Optional[str] = None, state: State = None) -> list[dict]:
    """Warehouse sites, optionally only those in one country (ISO code such as 'NL')."""
    return [{"site_code": code, "name": s["name"], "city": s["city"], "country": s["country"]}
            for code, s in state.sites.items() if country is None or s["country"] == country.upper()]


def convert_weight(value: float, from_unit: str, to_unit: str) -> float:
    """Convert a weight between 'lb', 'oz', 'kg' and 'g' (rounded to 3 decimals)."""
    grams = {"g": 1.0, "kg": 1000.0, "lb": 453.59237, "oz": 28.349523125}
    try:
        return round(value * grams[from_unit.lower()] / grams[to_unit.lower()], 3)
    except KeyError:
        raise ValueError(f"unsupported unit; use one of {', '.join(grams)}") from None


def country_code(country_name: str) -> str:
    """ISO 3166 alpha-2 code of a country name ('Germany' -> 'DE')."""
    table = {"netherlands": "NL", "the netherlands": "NL", "belgium": "BE", "germany": "DE", "france": "FR",
             "united kingdom": "GB", "great britain": "GB", "uk": "GB", "norway": "NO", "switzerland": "CH",
             "denmark": "DK", "austria": "AT", "poland": "PL", "united states": "US"}
    try:
        return table[country_name.strip().lower()]
    except KeyError:
        raise LookupError(f"unknown country {country_name!r}") from None


def classify_commodity(description: str) -> dict:
    """Suggest the 6-digit HS tariff code for a goods description, for customs paperwork."""
    rules = [(("merino", "wool", "base layer", "jersey", "sweater"), "6110.11", "Jerseys and pullovers, of wool"),
             (("bottle", "flask", "stainless"), "7323.93", "Table or household articles of stainless steel"),
             (("tent",), "6306.22", "Tents of synthetic fibres"),
             (("power bank", "lithium", "battery"), "8507.60", "Lithium-ion accumulators")]
    text = description.lower()
    for words, code, title in rules:
        if any(w in text for w in words):
            return {"hs_code": code, "heading": title}
    raise NotFound("no tariff heading matches this description")


# ----------------------------------------------------------------------------- items and stock

def search_items(text: str, limit: int = 10, state: State = None) -> list[dict]:
    """Find SKUs whose description contains every word of ``text``."""
    words = text.lower().split()
    hits = [{"sku": sku, "description": it["description"]} for sku, it in state.items.items()
            if words and all(w in it["description"].lower() for w in words)]
    return hits[:limit]


def get_item(sku: str, state: State) -> dict:
    """Item master data: weight (lb), dimensions (in), UN number for dangerous goods, lot control."""
    item = state.items.get(sku)
    if item is None:
        raise NotFound(f"sku {sku!r} not found")
    return {"sku": sku, **copy.deepcopy({k: v for k, v in item.items() if k != "zone"})}


def get_stock(sku: str, site_code: str, state: State) -> int:
    """Units of ``sku`` available at a site (bins that are not blocked)."""
    if sku not in state.items:
        raise NotFound(f"sku {sku!r} not found")
    if site_code not in state.sites:
        raise NotFound(f"site {site_code!r} not found")
    return sum(b["qty"] for b in state.bins.values() if b["sku"] == sku and b["site"] == site_code and not b["blocked"])


def locate_stock(sku: str, site_code: Optional[str] = None, state: State = None) -> list[dict]:
    """Bins holding ``sku``, with quantity and lot."""
    if sku not in state.items:
        raise NotFound(f"sku {sku!r} not found")
    return [{"bin": code, "site": b["site"], "qty": b["qty"], "lot": b["lot"], "blocked": b["blocked"]}
            for code, b in state.bins.items() if b["sku"] == sku and (site_code is None or b["site"] == site_code)]


def block_bin(session: str, bin_code: str, reason: str, state: State) -> str:
    """Take a bin out of use (damage, spill, investigation); its stock stops counting as available."""
    _user(state, session)
    b = state.bins.get(bin_code)
    if b is None:
        raise NotFound(f"bin {bin_code!r} not found")
    if b["blocked"]:
        raise Conflict(f"bin {bin_code} is already blocked")
    if not reason.strip():
        raise InvalidRequest("reason is required")
    b["blocked"] = True
    b["block_reason"] = reason
    b["blocked_by"] = _user(state, session)["username"]
    return "blocked"


def unblock_bin(session: str, bin_code: str, state: State) -> str:
    _user(state, session)
    b = state.bins.get(bin_code)
    if b is None:
        raise NotFound(f"bin {bin_code!r} not found")
    if not b["blocked"]:
        raise Conflict(f"bin {bin_code} is not blocked")
    if b.get("blocked_by") == "facilities":
        raise Conflict(f"bin {bin_code} is blocked by facilities ({b['block_reason']}); only they can lift it")
    b["blocked"] = False
    b.pop("block_reason", None)
    b.pop("blocked_by", None)
    return "unblocked"


# ----------------------------------------------------------------------------- cycle counts

def create_cycle_count(session: str, bins: list[str], state: State) -> str:
    """Open a blind cycle count over one or more bins of the same site. Returns the count id."""
    _user(state, session)
    if not bins:
        raise InvalidRequest("bins must not be empty")
    unknown = [b for b in bins if b not in state.bins]
    if unknown:
        raise NotFound(f"unknown bins: {', '.join(unknown)}")
    if len({state.bins[b]["site"] for b in bins}) != 1:
        raise InvalidRequest("all bins of a count must be at the same site")
    count_id = _next(state, "CC-", 5)
    state.counts[count_id] = {"bins": {b: None for b in bins}, "status": "open"}
    return count_id


def record_count(device_token: str, count_id: str, bin_code: str, counted: int, state: State) -> dict:
    """Record the quantity found in one bin of an open cycle count (scanned on the floor)."""
    dev = _device(state, device_token)
    count = state.counts.get(count_id)
    if count is None or count["status"] != "open":
        raise NotFound(f"no open count {count_id!r}")
    if bin_code not in count["bins"]:
        raise InvalidRequest(f"bin {bin_code} is not part of count {count_id}")
    if state.bins[bin_code]["site"] != dev["site"]:
        raise Conflict("scanner is registered at another site")
    if counted < 0:
        raise InvalidRequest("counted must be >= 0")
    count["bins"][bin_code] = counted
    expected = state.bins[bin_code]["qty"]
    return {"bin": bin_code, "counted": counted, "variance": counted - expected}


def approve_count(session: str, count_id: str, approval_code: str, state: State) -> dict:
    """Post a fully counted cycle count; stock is adjusted to the counted quantities. Needs a supervisor code."""
    _user(state, session)
    count = state.counts.get(count_id)
    if count is None:
        raise NotFound(f"count {count_id!r} not found")
    missing = [b for b, q in count["bins"].items() if q is None]
    if missing:
        raise Conflict(f"bins not yet counted: {', '.join(missing)}")
    if count["status"] != "open":
        raise Conflict(f"count {count_id} is {count['status']}")
    _approval(state, approval_code)
    adjustments = []
    for b, q in count["bins"].items():
        adjustments.append({"bin": b, "delta": q - state.bins[b]["qty"]})
        state.bins[b]["qty"] = q
    count["status"] = "posted"
    return {"count_id": count_id, "status": "posted", "adjustments": adjustments}


# ----------------------------------------------------------------------------- inbound

def find_purchase_orders(supplier: Optional[str] = None, status: Optional[str] = None, state: State = None) -> list[dict]:
    """Purchase orders, filtered by supplier name (substring) and status ('open', 'received')."""
    out = []
    for po, p in state.pos.items():
        if supplier and supplier.lower() not in p["supplier"].lower():
            continue
        if status and p["status"] != status:
            continue
        out.append({"po_number": po, "supplier": p["supplier"], "site": p["site"], "status": p["status"],
                    "lines": copy.deepcopy(p["lines"])})
    return out


def get_asn(po_number: str, state: State) -> dict:
    """The supplier's advance shipping notice for a purchase order (expected lines, lots)."""
    asn = state.asns.get(po_number)
    if asn is None:
        raise NotFound(f"no ASN for purchase order {po_number!r}")
    return {"po_number": po_number, **copy.deepcopy(asn)}


def list_dock_slots(site_code: str, date: str, state: State) -> list[dict]:
    """Free inbound dock slots of a site on a date ('YYYY-MM-DD'), two-hour slots from 06:00."""
    site = state.sites.get(site_code)
    if site is None:
        raise NotFound(f"site {site_code!r} not found")
    if not re.fullmatch(r"\d{4}-\d{2}-\d{2}", date):
        raise InvalidRequest("date must be YYYY-MM-DD")
    return [{"door": door, "start": f"{date}T{h:02d}:00"} for h in range(6, 18, 2) for door in site["inbound_doors"]
            if (site_code, door, f"{date}T{h:02d}:00") not in state.booked_slots]


def book_dock_appointment(session: str, po_number: str, door: str, start: str, state: State) -> str:
    """Book a free inbound slot for the delivery of an open purchase order. Returns the appointment id."""
    _user(state, session)
    po = state.pos.get(po_number)
    if po is None:
        raise NotFound(f"purchase order {po_number!r} not found")
    if po["status"] != "open":
        raise Conflict(f"purchase order {po_number} is {po['status']}")
    site = po["site"]
    if door not in state.sites[site]["inbound_doors"] or not re.fullmatch(r"\d{4}-\d{2}-\d{2}T(0[68]|1[0246]):00", start):
        raise InvalidRequest(f"no such inbound slot at {site}")
    if (site, door, start) in state.booked_slots:
        raise Conflict("slot already booked")
    appt = _next(state, "APT-", 4)
    state.booked_slots[(site, door, start)] = appt
    state.appointments[appt] = {"po": po_number, "site": site, "door": door, "start": start, "status": "booked"}
    return appt


def check_in_trailer(session: str, appointment_id: str, trailer_plate: str, state: State) -> str:
    """Gate check-in of the delivering trailer against its appointment. Returns the appointment's new status."""
    _user(state, session)
    appt = state.appointments.get(appointment_id)
    if appt is None:
        raise NotFound(f"appointment {appointment_id!r} not found")
    if appt["status"] != "booked":
        raise Conflict(f"appointment is {appt['status']}")
    appt["status"] = "arrived"
    appt["trailer"] = trailer_plate.upper()
    return "arrived"


def receive_goods(device_token: str, appointment_id: str, sku: str, qty: int, lot: Optional[str] = None,
                  state: State = None) -> str:
    """Receive one pallet of a purchase-order line at the dock. Returns the new licence plate number (LPN)."""
    dev = _device(state, device_token)
    appt = state.appointments.get(appointment_id)
    if appt is None:
        raise NotFound(f"appointment {appointment_id!r} not found")
    if appt["status"] != "arrived":
        raise Conflict("trailer has not been checked in for this appointment")
    if appt["site"] != dev["site"]:
        raise Conflict("scanner is registered at another site")
    line = next((ln for ln in state.pos[appt["po"]]["lines"] if ln["sku"] == sku), None)
    if line is None:
        raise InvalidRequest(f"sku {sku} is not on purchase order {appt['po']}")
    if not 0 < qty <= line["qty"]:
        raise InvalidRequest(f"qty must be between 1 and {line['qty']}")
    if state.items[sku]["lot_controlled"]:
        expected = {ln["lot"] for ln in state.asns.get(appt["po"], {}).get("lines", []) if ln["sku"] == sku}
        if lot not in expected:
            raise InvalidRequest("lot does not match the advance shipping notice")
    state.seq += 1
    lpn = f"LPN{state.seq:08d}"
    state.lpns[lpn] = {"sku": sku, "qty": qty, "lot": lot, "site": appt["site"], "bin": None}
    return lpn


def suggest_putaway(lpn: str, state: State) -> str:
    """The bin the slotting engine proposes for a received pallet."""
    pallet = state.lpns.get(lpn)
    if pallet is None:
        raise NotFound(f"LPN {lpn!r} not found")
    zone = state.items[pallet["sku"]]["zone"]
    for code, b in state.bins.items():
        if b["site"] == pallet["site"] and b["zone"] == zone and b["sku"] is None and not b["blocked"]:
            return code
    for code, b in state.bins.items():
        if b["site"] == pallet["site"] and b["sku"] is None and not b["blocked"]:
            return code
    raise Conflict("no empty bin at this site")


def putaway(device_token: str, lpn: str, bin_code: str, state: State) -> dict:
    """Confirm a received pallet was put into a bin."""
    dev = _device(state, device_token)
    pallet = state.lpns.get(lpn)
    if pallet is None:
        raise NotFound(f"LPN {lpn!r} not found")
    if pallet["bin"] is not None:
        raise Conflict(f"LPN {lpn} is already stored in {pallet['bin']}")
    b = state.bins.get(bin_code)
    if b is None or b["site"] != dev["site"]:
        raise NotFound(f"bin {bin_code!r} not found at {dev['site']}")
    if b["blocked"]:
        raise Conflict(f"bin {bin_code} is blocked")
    if b["sku"] not in (None, pallet["sku"]):
        raise Conflict(f"bin {bin_code} holds another sku")
    b.update(sku=pallet["sku"], qty=b["qty"] + pallet["qty"], lot=pallet["lot"])
    pallet["bin"] = bin_code
    return {"lpn": lpn, "bin": bin_code, "status": "stored"}


# ----------------------------------------------------------------------------- outbound

def search_orders(customer: Optional[str] = None, status: Optional[OrderStatus] = None,
                  site_code: Optional[str] = None, state: State = None) -> list[dict]:
    """Sales orders, filtered by customer name (substring), status and site."""
    want = OrderStatus(status).value if status is not None else None
    out = []
    for oid, o in state.orders.items():
        if customer and customer.lower() not in o["customer"].lower():
            continue
        if want and o["status"] != want:
            continue
        if site_code and o["site"] != site_code:
            continue
        out.append({"order_id": oid, "customer": o["customer"], "status": o["status"], "site": o["site"]})
    return out


def get_order(order_id: str, state: State) -> dict:
    """A sales order with its lines, ship-to address, status and cartons."""
    o = _order(state, order_id)
    cartons = [cid for cid, c in state.cartons.items() if c["order"] == order_id]
    return {"order_id": order_id, **copy.deepcopy(o), "cartons": cartons}


def release_order(session: str, order_id: str, state: State) -> str:
    """Release a new order to the warehouse floor. Returns the new status."""
    _user(state, session)
    o = _order(state, order_id)
    if o["status"] != "new":
        raise Conflict(f"order {order_id} is {o['status']}")
    o["status"] = "released"
    return "released"


def allocate_order(session: str, order_id: str, state: State) -> list[dict]:
    """Reserve stock bins for each line of a released order."""
    _user(state, session)
    o = _order(state, order_id)
    if o["status"] != "released":
        raise Conflict(f"only released orders can be allocated (order is {o['status']})")
    allocations = []
    for line in o["lines"]:
        b = next((code for code, b in state.bins.items() if b["site"] == o["site"] and b["sku"] == line["sku"]
                  and not b["blocked"] and b["qty"] >= line["qty"]), None)
        if b is None:
            raise Conflict(f"not enough stock of {line['sku']} at {o['site']}")
        allocations.append({"sku": line["sku"], "bin": b, "qty": line["qty"]})
    o["allocations"] = allocations
    o["status"] = "allocated"
    return allocations


def create_wave(session: str, order_ids: list[str], state: State) -> str:
    """Group allocated orders of one site into a pick wave. Returns the wave id."""
    _user(state, session)
    if not order_ids:
        raise InvalidRequest("order_ids must not be empty")
    orders = [_order(state, oid) for oid in order_ids]
    bad = [oid for oid, o in zip(order_ids, orders) if o["status"] != "allocated"]
    if bad:
        raise Conflict(f"orders not allocated: {', '.join(bad)}")
    if len({o["site"] for o in orders}) != 1:
        raise InvalidRequest("a wave covers one site")
    wave_id = _next(state, "WV-")
    for oid, o in zip(order_ids, orders):
        for a in o["allocations"]:
            task_id = _next(state, "PT-")
            state.tasks[task_id] = {"wave": wave_id, "order": oid, "sku": a["sku"], "bin": a["bin"], "qty": a["qty"],
                                    "status": "open"}
        o["status"] = "picking"
    state.waves[wave_id] = {"orders": list(order_ids), "site": orders[0]["site"]}
    return wave_id


def get_wave(wave_id: str, state: State) -> dict:
    """A pick wave and its pick tasks (bin, sku, quantity, status)."""
    wave = state.waves.get(wave_id)
    if wave is None:
        raise NotFound(f"wave {wave_id!r} not found")
    tasks = [{"task_id": tid, **{k: v for k, v in t.items() if k != "wave"}}
             for tid, t in state.tasks.items() if t["wave"] == wave_id]
    return {"wave_id": wave_id, "site": wave["site"], "orders": list(wave["orders"]), "tasks": tasks}


def confirm_pick(device_token: str, task_id: str, qty: int, state: State) -> str:
    """Confirm a pick task from the scanner; a quantity below the task's is a short pick."""
    dev = _device(state, device_token)
    task = state.tasks.get(task_id)
    if task is None:
        raise NotFound(f"task {task_id!r} not found")
    if task["status"] != "open":
        raise Conflict(f"task is {task['status']}")
    if state.bins[task["bin"]]["site"] != dev["site"]:
        raise Conflict("scanner is registered at another site")
    if not 0 <= qty <= task["qty"]:
        raise InvalidRequest(f"qty must be between 0 and {task['qty']}")
    task["status"] = "picked" if qty == task["qty"] else "short"
    state.bins[task["bin"]]["qty"] -= qty
    o = state.orders[task["order"]]
    if all(t["status"] == "picked" for t in state.tasks.values() if t["order"] == task["order"]):
        o["status"] = "picked"
    return task["status"]


def pack_carton(device_token: str, order_id: str, box: BoxType, weight_kg: float, state: State) -> str:
    """Close a carton for a fully picked order at the pack station.

    Args:
        box: carton size.
        weight_kg: gross weight in kilograms, one decimal is enough.

    Returns:
        The carton id.
    """
    _device(state, device_token)
    o = _order(state, order_id)
    if o["status"] != "picked":
        raise Conflict(f"order {order_id} is not fully picked (status {o['status']})")
    box = BoxType(box)
    if not 0 < weight_kg <= _BOX_LIMIT_KG[box]:
        raise InvalidRequest(f"weight_kg must be above 0 and at most {_BOX_LIMIT_KG[box]} for box {box.value}")
    carton_id = _next(state, "CTN-")
    hazmat = sorted({state.items[ln["sku"]]["un_number"] for ln in o["lines"] if state.items[ln["sku"]]["un_number"]})
    state.cartons[carton_id] = {"order": order_id, "box": box.value, "weight_kg": round(weight_kg, 1),
                                "un_numbers": hazmat, "dg": None, "customs": None, "label": None}
    o["status"] = "packed"
    return carton_id


def rate_shop(carton_id: str, service: ServiceLevel, state: State) -> list[dict]:
    """Carrier quotes for a packed carton at a service level, cheapest first."""
    c = _carton(state, carton_id)
    service = ServiceLevel(service)
    dest = state.orders[c["order"]]["ship_to"]["iso"]
    table = {
        ServiceLevel.ECONOMY: [("POSTNL", "PNL-PAKKET", 5.1), ("DBSCH", "DBS-PARCEL", 6.4)],
        ServiceLevel.STANDARD: [("POSTNL", "PNL-EPS", 7.9), ("DHLPX", "DHL-PAKET", 8.6), ("UPSNL", "UPS-STD", 11.2)],
        ServiceLevel.EXPRESS: [("DHLPX", "DHL-EXP", 19.5), ("UPSNL", "UPS-SAVER", 23.0)],
    }[service]
    if dest not in _EU:
        table = [t for t in table if t[0] in ("UPSNL", "DHLPX")] or [("UPSNL", "UPS-STD", 14.8)]
    if c["un_numbers"]:
        table = [t for t in table if t[0] == "DHLPX"] or [("DHLPX", "DHL-PAKET", 12.4)]
    quotes = []
    for carrier, code, base in table:
        qid = f"Q-{carton_id[4:]}-{len(state.quotes) + 1:03d}"
        amount = round(base + 0.45 * c["weight_kg"], 2)
        state.quotes[qid] = {"carton": carton_id, "carrier": carrier, "service_code": code, "amount_eur": amount}
        quotes.append({"quote_id": qid, "carrier": carrier, "service_code": code, "amount_eur": amount})
    return sorted(quotes, key=lambda q: q["amount_eur"])


def declare_dangerous_goods(session: str, carton_id: str, un_number: str, state: State) -> str:
    """Attach a dangerous-goods declaration (UN number of the contents) to a carton. Returns its id."""
    _user(state, session)
    c = _carton(state, carton_id)
    if un_number not in c["un_numbers"]:
        raise InvalidRequest("UN number does not match the carton's contents")
    c["dg"] = _next(state, "DG-", 5)
    return c["dg"]


def create_customs_invoice(session: str, carton_id: str, hs_codes: list[str], destination_country: str,
                           declared_value_eur: float, state: State) -> str:
    """Commercial invoice for a carton leaving the EU: one HS code per order line, in line order."""
    _user(state, session)
    c = _carton(state, carton_id)
    o = state.orders[c["order"]]
    if destination_country != o["ship_to"]["iso"]:
        raise InvalidRequest("destination_country does not match the ship-to address")
    if len(hs_codes) != len(o["lines"]) or not all(re.fullmatch(r"\d{4}\.\d{2}", h or "") for h in hs_codes):
        raise InvalidRequest(f"hs_codes must hold {len(o['lines'])} codes of the form 0000.00")
    if declared_value_eur <= 0:
        raise InvalidRequest("declared_value_eur must be positive")
    c["customs"] = _next(state, "CI-", 5)
    return c["customs"]


def buy_label(session: str, carton_id: str, quote_id: str, state: State) -> str:
    """Buy the shipping label of a quote. Returns the tracking number."""
    _user(state, session)
    c = _carton(state, carton_id)
    q = state.quotes.get(quote_id)
    if q is None or q["carton"] != carton_id:
        raise NotFound("quote not found for this carton")
    if c["label"] is not None:
        raise Conflict(f"carton already has label {c['label']}")
    if c["un_numbers"] and c["dg"] is None:
        raise Conflict("carton holds dangerous goods and has no DG declaration")
    if state.orders[c["order"]]["ship_to"]["iso"] not in _EU and c["customs"] is None:
        raise Conflict("shipment leaves the EU and has no customs invoice")
    prefix = {"POSTNL": "3SPNL", "DHLPX": "JJD0", "UPSNL": "1ZUP", "DBSCH": "DBS"}[q["carrier"]]
    state.seq += 1
    tracking = f"{prefix}{state.seq:09d}"
    c["label"] = tracking
    state.labels[tracking] = {"carton": carton_id, "order": c["order"], "carrier": q["carrier"], "status": "label_created",
                              "manifest": None}
    return tracking


def void_label(session: str, tracking_number: str, approval_code: str, state: State) -> bool:
    """Cancel a label that has not been handed to the carrier; needs a supervisor code."""
    _user(state, session)
    label = state.labels.get(tracking_number)
    if label is None:
        raise NotFound("unknown tracking number")
    if label["status"] != "label_created":
        raise Conflict(f"label is {label['status']}")
    _approval(state, approval_code)
    label["status"] = "voided"
    state.cartons[label["carton"]]["label"] = None
    return True


def track_parcel(tracking_number: str, state: State) -> dict:
    """Carrier status of a parcel."""
    label = state.labels.get(tracking_number)
    if label is None:
        raise NotFound("unknown tracking number")
    return {"tracking_number": tracking_number, "carrier": label["carrier"], "status": label["status"],
            "order_id": label["order"]}


def open_manifest(session: str, site_code: str, carrier: str, state: State) -> str:
    """Open today's end-of-day manifest of one carrier at a site. Returns the manifest id."""
    _user(state, session)
    if site_code not in state.sites:
        raise NotFound(f"site {site_code!r} not found")
    if carrier not in _CARRIERS:
        raise InvalidRequest(f"unknown carrier {carrier!r}; expected one of {', '.join(_CARRIERS)}")
    if any(m["site"] == site_code and m["carrier"] == carrier and m["status"] == "open" for m in state.manifests.values()):
        raise Conflict("an open manifest already exists for this carrier")
    mid = f"MF-{site_code}-{carrier}-{len(state.manifests) + 1:03d}"
    state.manifests[mid] = {"site": site_code, "carrier": carrier, "status": "open", "parcels": []}
    return mid


def add_to_manifest(session: str, manifest_id: str, tracking_number: str, state: State) -> int:
    """Add a labelled parcel to an open manifest. Returns the number of parcels on it."""
    _user(state, session)
    m = state.manifests.get(manifest_id)
    if m is None or m["status"] != "open":
        raise NotFound(f"no open manifest {manifest_id!r}")
    label = state.labels.get(tracking_number)
    if label is None or label["status"] != "label_created":
        raise NotFound("no active label with this tracking number")
    if label["carrier"] != m["carrier"] or state.orders[label["order"]]["site"] != m["site"]:
        raise Conflict("parcel belongs to another carrier or site")
    m["parcels"].append(tracking_number)
    label["manifest"] = manifest_id
    return len(m["parcels"])


def close_manifest(session: str, manifest_id: str, state: State) -> str:
    """Close a manifest and hand its parcels to the carrier. Returns the pickup reference."""
    _user(state, session)
    m = state.manifests.get(manifest_id)
    if m is None:
        raise NotFound(f"manifest {manifest_id!r} not found")
    if m["status"] != "open":
        raise Conflict("manifest is already closed")
    if not m["parcels"]:
        raise Conflict("cannot close an empty manifest")
    m["status"] = "closed"
    for t in m["parcels"]:
        state.labels[t]["status"] = "in_transit"
        state.orders[state.labels[t]["order"]]["status"] = "shipped"
    return f"PU-{manifest_id[3:]}"


# ----------------------------------------------------------------------------- returns

def create_rma(session: str, order_id: str, sku: str, qty: int, reason: str, state: State) -> str:
    """Authorise a customer return of a shipped order line. Returns the RMA number."""
    _user(state, session)
    o = _order(state, order_id)
    if o["status"] != "shipped":
        raise Conflict("only shipped orders can be returned")
    line = next((ln for ln in o["lines"] if ln["sku"] == sku), None)
    if line is None:
        raise InvalidRequest(f"sku {sku} is not on order {order_id}")
    if not 0 < qty <= line["qty"]:
        raise InvalidRequest(f"qty must be between 1 and {line['qty']}")
    rma = _next(state, "RMA-", 5)
    state.rmas[rma] = {"order": order_id, "sku": sku, "qty": qty, "reason": reason, "status": "authorised"}
    return rma


def inspect_return(device_token: str, rma_id: str, notes: str, state: State) -> dict:
    """Grade returned goods at the returns bench; the reply carries the recommended disposition."""
    _device(state, device_token)
    r = state.rmas.get(rma_id)
    if r is None:
        raise NotFound(f"RMA {rma_id!r} not found")
    if r["status"] != "authorised":
        raise Conflict(f"RMA is {r['status']}")
    text = notes.lower()
    grade, disposition = (("C", "SCRAP") if any(w in text for w in ("broken", "torn", "mould", "missing"))
                          else ("B", "REWORK") if any(w in text for w in ("dirty", "used", "repack"))
                          else ("A", "RESTOCK"))
    r.update(status="inspected", grade=grade, recommended=disposition, notes=notes)
    return {"rma_id": rma_id, "grade": grade, "recommended": disposition}


def dispose_return(session: str, rma_id: str, disposition: str, state: State) -> str:
    """Decide what happens to inspected returned goods."""
    _user(state, session)
    r = state.rmas.get(rma_id)
    if r is None:
        raise NotFound(f"RMA {rma_id!r} not found")
    if r["status"] != "inspected":
        raise Conflict("returned goods must be inspected first")
    if disposition not in _DISPOSITIONS:
        raise InvalidRequest(f"disposition must be one of {', '.join(_DISPOSITIONS)}")
    r["status"] = "closed"
    r["disposition"] = disposition
    return f"{rma_id} closed as {disposition}"


TOOLS = [
    login, supervisor_sign_off, register_scanner,
    list_sites, convert_weight, country_code, classify_commodity,
    search_items, get_item, get_stock, locate_stock, block_bin, unblock_bin,
    create_cycle_count, record_count, approve_count,
    find_purchase_orders, get_asn, list_dock_slots, book_dock_appointment, check_in_trailer, receive_goods,
    suggest_putaway, putaway,
    search_orders, get_order, release_order, allocate_order, create_wave, get_wave, confirm_pick, pack_carton,
    rate_shop, declare_dangerous_goods, create_customs_invoice, buy_label, void_label, track_parcel,
    open_manifest, add_to_manifest, close_manifest,
    create_rma, inspect_return, dispose_return,
]

# What a tester is handed: an operator account, a supervisor's badge, a scanner, and what people said.
FIXTURES = {
    "username": "m.vermeulen",
    "password": "Dock!2291",
    "supervisor_badge": "SUP-0413",
    "supervisor_pin": "7730",
    "scanner_serial": "ZB-TC52-0093",
    "warehouse_city": "Rotterdam",
    "customer": "Brightwell Outdoor Ltd",
    "other_customers": ["Bergwelt Sport GmbH", "Cafe Lente"],
    "supplier": "Voltaris Energy BV",
    "delivery_date": "2025-03-11",
    "trailer_plate": "bx-27-lk",
    "scale_reading": "11.9 lb",
    "product": "stainless bottle",
}

_SESSION_USERS = ["supervisor_sign_off", "register_scanner", "block_bin", "unblock_bin", "create_cycle_count",
                  "approve_count", "book_dock_appointment", "check_in_trailer", "release_order", "allocate_order",
                  "create_wave", "declare_dangerous_goods", "create_customs_invoice", "buy_label", "void_label",
                  "open_manifest", "add_to_manifest", "close_manifest", "create_rma", "dispose_return"]
_DEVICE_USERS = ["receive_goods", "putaway", "confirm_pick", "record_count", "pack_carton", "inspect_return"]
_ORDER_ID_USERS = ["get_order", "release_order", "allocate_order", "create_wave", "pack_carton", "create_rma"]
_CARTON_USERS = ["rate_shop", "declare_dangerous_goods", "create_customs_invoice", "buy_label"]

# (provider, consumer, what): the real prerequisites designed into the catalog.
GROUND_TRUTH = (
    [("login", c, "auth: operator session token") for c in _SESSION_USERS]
    + [("register_scanner", c, "device auth: scanner device token") for c in _DEVICE_USERS]
    + [("list_sites", c, "id lookup: site_code") for c in ("get_stock", "list_dock_slots", "register_scanner", "open_manifest")]
    + [("search_items", c, "id lookup: sku") for c in ("get_item", "get_stock", "locate_stock")]
    + [("locate_stock", c, "id lookup: bin code") for c in ("create_cycle_count", "block_bin", "record_count")]
    + [("search_orders", c, "id lookup: order_id") for c in _ORDER_ID_USERS]
    + [("pack_carton", c, "id create: carton_id") for c in _CARTON_USERS]
    + [
        ("block_bin", "unblock_bin", "no-op: unblocking a bin that is not blocked raises Conflict"),
        ("supervisor_sign_off", "approve_count", "second factor: single-use supervisor approval code"),
        ("supervisor_sign_off", "void_label", "second factor: single-use supervisor approval code"),
        ("create_cycle_count", "record_count", "id create: count_id"),
        ("create_cycle_count", "approve_count", "id create: count_id"),
        ("record_count", "approve_count", "state: every bin of the count must be counted"),
        ("find_purchase_orders", "get_asn", "id lookup: po_number"),
        ("find_purchase_orders", "book_dock_appointment", "id lookup: po_number"),
        ("list_dock_slots", "book_dock_appointment", "id lookup: door and start of a free slot"),
        ("book_dock_appointment", "check_in_trailer", "id create: appointment_id"),
        ("book_dock_appointment", "receive_goods", "id create: appointment_id"),
        ("check_in_trailer", "receive_goods", "state: appointment must be 'arrived'"),
        ("get_asn", "receive_goods", "id lookup: lot of a lot-controlled line"),
        ("receive_goods", "suggest_putaway", "id create: LPN (bare string reply)"),
        ("receive_goods", "putaway", "id create: LPN (bare string reply)"),
        ("suggest_putaway", "putaway", "id lookup: bin code (bare string reply)"),
        ("release_order", "allocate_order", "state: order must be 'released'"),
        ("allocate_order", "create_wave", "state: orders must be 'allocated'"),
        ("create_wave", "get_wave", "id create: wave_id"),
        ("get_wave", "confirm_pick", "id lookup: tasks[*].task_id (nested)"),
        ("confirm_pick", "pack_carton", "state: every pick task of the order must be picked"),
        ("convert_weight", "pack_carton", "unit: weight in kg (scales read lb)"),
        ("rate_shop", "buy_label", "id lookup: quote_id of the carton"),
        ("rate_shop", "open_manifest", "vocabulary: carrier code, listed only in open_manifest's error"),
        ("get_item", "declare_dangerous_goods", "id lookup: un_number"),
        ("declare_dangerous_goods", "buy_label", "state: dangerous goods need a DG declaration"),
        ("country_code", "create_customs_invoice", "format: ISO alpha-2 destination country"),
        ("classify_commodity", "create_customs_invoice", "format: HS codes 0000.00 (list[str])"),
        ("create_customs_invoice", "buy_label", "state: a parcel leaving the EU needs a customs invoice"),
        ("buy_label", "void_label", "id create: tracking number"),
        ("buy_label", "add_to_manifest", "id create: tracking number"),
        ("buy_label", "track_parcel", "id create: tracking number"),
        ("open_manifest", "add_to_manifest", "id create: manifest_id"),
        ("open_manifest", "close_manifest", "id create: manifest_id"),
        ("add_to_manifest", "close_manifest", "state: an empty manifest cannot be closed"),
        ("get_order", "create_rma", "id lookup: sku of an order line"),
        ("create_rma", "inspect_return", "id create: RMA number"),
        ("create_rma", "dispose_return", "id create: RMA number"),
        ("inspect_return", "dispose_return", "vocabulary: disposition code, and the RMA must be inspected"),
    ]
)

# Real dependencies the ground truth does not list (transitive ones and alternative sources).
PLAUSIBLE = {
    *[("login", c) for c in ("receive_goods", "putaway", "confirm_pick", "record_count", "pack_carton", "inspect_return",
                             "get_wave", "rate_shop", "suggest_putaway", "track_parcel")],
    *[("list_sites", c) for c in ("receive_goods", "putaway", "confirm_pick", "record_count", "pack_carton",
                                  "inspect_return", "book_dock_appointment", "add_to_manifest", "close_manifest")],
    *[("register_scanner", c) for c in ("suggest_putaway", "rate_shop", "buy_label", "declare_dangerous_goods",
                                        "create_customs_invoice", "dispose_return")],
    *[("search_items", c) for c in ("create_cycle_count", "block_bin", "record_count", "declare_dangerous_goods",
                                    "classify_commodity", "create_rma", "receive_goods")],
    *[("search_orders", c) for c in ("create_customs_invoice", "buy_label", "rate_shop", "confirm_pick", "get_wave",
                                     "inspect_return", "dispose_return", "declare_dangerous_goods")],
    ("get_item", "classify_commodity"), ("get_item", "convert_weight"), ("locate_stock", "approve_count"),
    ("get_order", "country_code"), ("get_order", "create_customs_invoice"), ("get_order", "get_item"),
    ("release_order", "create_wave"), ("release_order", "pack_carton"), ("allocate_order", "get_wave"),
    ("allocate_order", "pack_carton"), ("create_wave", "confirm_pick"), ("create_wave", "pack_carton"),
    ("get_wave", "pack_carton"), ("pack_carton", "void_label"), ("pack_carton", "add_to_manifest"),
    ("rate_shop", "add_to_manifest"), ("rate_shop", "void_label"), ("buy_label", "close_manifest"),
    ("find_purchase_orders", "receive_goods"), ("find_purchase_orders", "check_in_trailer"),
    ("find_purchase_orders", "list_dock_slots"), ("list_dock_slots", "receive_goods"),
    ("list_dock_slots", "check_in_trailer"), ("book_dock_appointment", "putaway"), ("check_in_trailer", "putaway"),
    ("get_asn", "putaway"), ("putaway", "locate_stock"), ("putaway", "get_stock"), ("suggest_putaway", "block_bin"),
    ("close_manifest", "create_rma"), ("close_manifest", "track_parcel"), ("confirm_pick", "get_stock"),
    ("approve_count", "get_stock"), ("block_bin", "get_stock"), ("void_label", "track_parcel"),
}
