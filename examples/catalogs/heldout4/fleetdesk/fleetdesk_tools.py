"""FleetDesk: the counter API of a car-rental company's branches in the Netherlands (41 endpoints).

Plain functions over an in-memory ``State``: branches, vehicle classes, availability quotes,
customers and licence checks, bookings (extras, extra drivers, promotions, deposits), the fleet
(assignment, damage, maintenance, transfers), rental agreements (check-out, extension, vehicle
swap, accidents, traffic fines, check-in), invoices, payments, waivers and refunds. Counter staff
sign in for a token; waivers, refunds and free upgrades need a duty manager's single-use override.
Every endpoint answers with a dict; lists come as rows (lists of lists, quotes nested inside class
rows). A refusal is a dict with an ``error`` key and a ``code``, never an exception.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as
provider means either tool satisfies it, and the text of ``what`` before its first ``:`` is the
kind.
"""

import copy
import hashlib
import re
from dataclasses import dataclass, field
from datetime import datetime
from typing import Literal, Optional

Severity = Literal["scratch", "dent", "crack", "broken"]
UnitStatus = Literal["available", "assigned", "on_rent", "maintenance", "in_transfer"]

_BRANCHES = {
    "AMS-CS": {"name": "Amsterdam Centraal", "city": "Amsterdam", "hours": [["Mon-Fri", "07:00", "22:00"],
                                                                           ["Sat-Sun", "08:00", "20:00"]]},
    "AMS-SPL": {"name": "Schiphol Airport", "city": "Amsterdam", "hours": [["Mon-Sun", "05:30", "23:59"]]},
    "UTR-CS": {"name": "Utrecht Centraal", "city": "Utrecht", "hours": [["Mon-Sat", "08:00", "20:00"]]},
}
_CLASSES = {  # ACRISS code -> (description, seats, transmission, daily rate EUR, rank)
    "ECMR": ("Economy, manual (VW Polo or similar)", 5, "manual", 39.0, 1),
    "CDAR": ("Compact, automatic (VW Golf or similar)", 5, "automatic", 58.0, 2),
    "IDAR": ("Intermediate, automatic (Skoda Octavia or similar)", 5, "automatic", 71.0, 3),
    "SFAR": ("SUV, automatic (Kia Sportage or similar)", 5, "automatic", 89.0, 4),
    "PVMR": ("Passenger van, manual, 9 seats", 9, "manual", 112.0, 5),
}
_EXTRAS = {"GPS": ("Satnav", 6.5), "CSI": ("Child seat, infant", 9.0), "CSB": ("Booster seat", 7.0),
           "XDRV": ("Additional driver", 12.0), "SNOW": ("Snow chains", 8.0), "WIFI": ("Mobile hotspot", 5.0)}
_BRANCH_EXTRAS = {"AMS-CS": ["GPS", "CSI", "CSB", "XDRV", "WIFI"], "AMS-SPL": ["GPS", "CSI", "CSB", "XDRV", "SNOW", "WIFI"],
                  "UTR-CS": ["GPS", "CSB", "XDRV"]}
_PANELS = ("FB", "RB", "LF", "RF", "LR", "RR", "WS", "RO", "HD")
_PROMOS = {"SPRING25": 10, "KLM-FLY": 15, "STUDENT": 5}
_DEPOSIT = 300.0


def _err(message: str, code: str) -> dict:
    return {"error": message, "code": code}


def _seed_units() -> dict:
    def unit(branch, cls, plate, model, km, status="available"):
        return {"branch": branch, "class": cls, "plate": plate, "model": model, "odometer": km, "status": status,
                "damage": []}

    return {
        "U-1182": unit("AMS-CS", "ECMR", "KX-482-N", "Volkswagen Polo", 18230),
        "U-1205": unit("AMS-CS", "CDAR", "HV-221-P", "Volkswagen Golf", 24110),
        "U-1207": unit("AMS-CS", "CDAR", "ZT-903-B", "Volkswagen Golf", 31877, "on_rent"),
        "U-1211": unit("AMS-CS", "CDAR", "RS-540-L", "Seat Leon", 9120),
        "U-1301": unit("AMS-CS", "IDAR", "NB-118-T", "Skoda Octavia", 40321),
        "U-1402": unit("AMS-CS", "SFAR", "GL-777-D", "Kia Sportage", 12007),
        "U-2201": unit("AMS-SPL", "CDAR", "PP-310-V", "Toyota Corolla", 5220),
        "U-3105": unit("UTR-CS", "ECMR", "DX-064-K", "Kia Picanto", 27840),
    }


@dataclass
class State:
    """A fresh rental company: three branches, eight cars, two customers, two bookings, one car on rent."""

    staff: dict = field(default_factory=lambda: {
        "ams-0412": {"pin": "5521", "name": "Lotte Jansen", "branch": "AMS-CS"},
        "spl-0087": {"pin": "1948", "name": "Ravi Doshi", "branch": "AMS-SPL"}})
    manager_codes: dict = field(default_factory=lambda: {"7781-4410": "Marieke Smit"})
    tokens: dict = field(default_factory=dict)
    overrides: dict = field(default_factory=dict)
    quotes: dict = field(default_factory=dict)
    customers: dict = field(default_factory=lambda: {
        "CU-7731": {"name": "Daniel Okafor", "email": "d.okafor@example.com", "born": "1988-04-19",
                    "licence": "NL5523019876", "country": "NL", "verified": False},
        "CU-7790": {"name": "Ingrid Solberg", "email": "ingrid.solberg@example.no", "born": "1975-11-02",
                    "licence": "NO19751102-44", "country": "NO", "verified": True}})
    bookings: dict = field(default_factory=lambda: {
        "H4T9ZP": {"customer": "CU-7731", "branch": "AMS-CS", "class": "CDAR", "pickup": "2025-05-03T10:00",
                   "dropoff": "2025-05-06T10:00", "days": 3, "rate": 58.0, "extras": [], "drivers": [],
                   "promo": None, "preauth": None, "unit": None, "status": "confirmed"},
        "W2M7QD": {"customer": "CU-7790", "branch": "AMS-CS", "class": "CDAR", "pickup": "2025-04-28T09:00",
                   "dropoff": "2025-05-02T09:00", "days": 4, "rate": 58.0, "extras": [], "drivers": [],
                   "promo": None, "preauth": "A-90412", "unit": "U-1207", "status": "checked_out"}})
    units: dict = field(default_factory=_seed_units)
    cards: dict = field(default_factory=dict)
    preauths: dict = field(default_factory=lambda: {
        "A-90412": {"booking": "W2M7QD", "card": "ctok_seed", "amount": 300.0, "captured": 0.0}})
    agreements: dict = field(default_factory=lambda: {
        "RA-55012": {"booking": "W2M7QD", "customer": "CU-7790", "unit": "U-1207", "out": "2025-04-28T09:00",
                     "due": "2025-05-02T09:00", "km_out": 31877, "status": "open", "fines": [], "incidents": [],
                     "rate": 58.0, "returned": None}})
    invoices: dict = field(default_factory=dict)
    receipts: dict = field(default_factory=dict)
    damages: dict = field(default_factory=dict)
    work_orders: dict = field(default_factory=dict)
    counters: dict = field(default_factory=lambda: {
        "Q": 880, "CU-": 7800, "BK": 0, "LV-": 310, "A-": 90500, "RA-": 55100, "INV-": 21040, "RC-": 6400,
        "DMG-": 150, "WO-": 77, "INC-": 18, "FN-": 402, "OVR-": 30, "ctok": 0})


# ----------------------------------------------------------------------------- helpers

def _next(state: State, prefix: str) -> int:
    state.counters[prefix] += 1
    return state.counters[prefix]


def _staff(state: State, token: str) -> Optional[dict]:
    user = state.tokens.get(token)
    return state.staff[user] if user else None


def _iso(value: str) -> Optional[datetime]:
    if not isinstance(value, str) or not re.fullmatch(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}", value):
        return None
    try:
        return datetime.fromisoformat(value)
    except ValueError:
        return None


def _use_override(state: State, override: str) -> bool:
    if state.overrides.get(override) is not True:
        return False
    state.overrides[override] = False  # single use
    return True


def _booking_view(state: State, code: str) -> dict:
    b = state.bookings[code]
    cust = state.customers[b["customer"]]
    return {"booking_code": code, "status": b["status"], "branch": b["branch"], "vehicle_class": b["class"],
            "pickup": b["pickup"], "dropoff": b["dropoff"],
            "customer": {"id": b["customer"], "name": cust["name"], "licence_checked": cust["verified"]},
            "extras": list(b["extras"]), "drivers": [[d, state.customers[d]["name"]] for d in b["drivers"]],
            "promo": b["promo"], "deposit": {"amount_eur": _DEPOSIT, "auth_code": b["preauth"]}, "unit": b["unit"]}


# ----------------------------------------------------------------------------- sign-in

def counter_login(staff_id: str, pin: str, state: State) -> dict:
    """Sign in at the counter; the token authorises every change, and the reply names the staff's branch."""
    user = state.staff.get(staff_id.strip().lower())
    if user is None or user["pin"] != pin:
        return _err("staff id or PIN not recognised", "AUTH")
    token = "ctr." + hashlib.sha1(f"{staff_id}|{len(state.tokens)}".encode()).hexdigest()[:18]
    state.tokens[token] = staff_id.strip().lower()
    return {"token": token, "staff": user["name"], "branch": user["branch"]}


def manager_override(token: str, manager_code: str, reason: str, state: State) -> dict:
    """A duty manager authorises one waiver, refund or free upgrade."""
    if _staff(state, token) is None:
        return _err("not signed in", "AUTH")
    manager = state.manager_codes.get(manager_code.strip())
    if manager is None:
        return _err("manager code not recognised", "AUTH")
    ovr = f"OVR-{_next(state, 'OVR-')}"
    state.overrides[ovr] = True
    return {"override": ovr, "approved_by": manager, "uses": 1, "reason": reason}


# ----------------------------------------------------------------------------- reference

def list_branches(city: Optional[str] = None) -> dict:
    """Branches as ``[code, name, [[days, opens, closes], ...]]`` rows."""
    rows = [[code, b["name"], copy.deepcopy(b["hours"])] for code, b in _BRANCHES.items()
            if city is None or b["city"].lower() == city.strip().lower()]
    return {"branches": rows}


def vehicle_classes() -> dict:
    """The vehicle classes as ``[code, description, seats, transmission]`` rows."""
    return {"classes": [[code, c[0], c[1], c[2]] for code, c in _CLASSES.items()]}


def parse_datetime(text: str) -> dict:
    """A pick-up or return time as people say it ('3 May 2025 10:00', '03-05-2025 10.00') in ISO form."""
    months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
    t = re.sub(r"\s+", " ", text.strip().lower().replace(",", " ").replace(" at ", " "))
    m = re.fullmatch(r"(\d{1,2}) ([a-z]+) (\d{4}) (\d{1,2})[:.](\d{2})", t)
    if m and m[2][:3] in months:
        d, mo, y, hh, mm = int(m[1]), months.index(m[2][:3]) + 1, int(m[3]), int(m[4]), int(m[5])
    elif (m := re.fullmatch(r"(\d{1,2})[-/](\d{1,2})[-/](\d{4}) (\d{1,2})[:.](\d{2})", t)):
        d, mo, y, hh, mm = int(m[1]), int(m[2]), int(m[3]), int(m[4]), int(m[5])
    else:
        return _err(f"cannot read a date and time in {text!r}", "BAD_REQUEST")
    try:
        return {"datetime": datetime(y, mo, d, hh, mm).strftime("%Y-%m-%dT%H:%M")}
    except ValueError:
        return _err(f"{text!r} is not a real date and time", "BAD_REQUEST")


def list_extras(branch_code: str) -> dict:
    """Extras a branch can supply, as ``[code, name, price per day]`` rows."""
    if branch_code not in _BRANCHES:
        return _err(f"unknown branch {branch_code!r}", "NOT_FOUND")
    return {"branch": branch_code, "extras": [[c, _EXTRAS[c][0], _EXTRAS[c][1]] for c in _BRANCH_EXTRAS[branch_code]]}


def validate_promo(promo_text: str) -> dict:
    """Read a promotion code as printed on a voucher or e-mail and return its canonical form."""
    code = re.sub(r"[\s_]+", "", promo_text.strip().upper())
    if code not in _PROMOS:
        return _err("promotion not recognised", "NOT_FOUND")
    return {"promo_code": code, "discount_percent": _PROMOS[code]}


def tokenize_card(card_number: str, expiry: str, state: State) -> dict:
    """Replace a card number by a token for deposits (expiry as MM/YY)."""
    digits = re.sub(r"\D", "", card_number)
    check = sum(int(d) if i % 2 == 0 else (int(d) * 2 - 9 if int(d) > 4 else int(d) * 2)
                for i, d in enumerate(reversed(digits)))
    if len(digits) < 13 or check % 10 or not re.fullmatch(r"(0[1-9]|1[0-2])/\d{2}", expiry.strip()):
        return _err("card number or expiry not valid", "BAD_REQUEST")
    tok = f"ctok_{_next(state, 'ctok'):03d}{digits[-4:]}"
    state.cards[tok] = {"last4": digits[-4:], "expiry": expiry.strip()}
    return {"card_token": tok, "brand": "VISA" if digits[0] == "4" else "MASTERCARD", "last4": digits[-4:]}


# ----------------------------------------------------------------------------- quotes and customers

def search_availability(branch_code: str, pickup: str, dropoff: str, vehicle_class: Optional[str] = None,
                        state: State = None) -> dict:
    """Offers per class for a rental period (ISO times): ``[class, description, [[quote_id, total, terms], ...]]``."""
    if branch_code not in _BRANCHES:
        return _err(f"unknown branch {branch_code!r}", "NOT_FOUND")
    start, end = _iso(pickup), _iso(dropoff)
    if start is None or end is None:
        return _err("pickup and dropoff must be YYYY-MM-DDTHH:MM", "BAD_REQUEST")
    if end <= start:
        return _err("dropoff must be after pickup", "BAD_REQUEST")
    if vehicle_class is not None and vehicle_class not in _CLASSES:
        return _err("unknown vehicle class", "BAD_REQUEST")
    days = max(1, -(-int((end - start).total_seconds()) // 86400))
    offers = []
    for cls, c in _CLASSES.items():
        if vehicle_class not in (None, cls):
            continue
        if not any(u["branch"] == branch_code and u["class"] == cls and u["status"] == "available"
                   for u in state.units.values()):
            continue
        row = []
        for terms, factor in (("pay_at_counter", 1.0), ("prepaid", 0.9)):
            qid = f"Q{_next(state, 'Q')}"
            state.quotes[qid] = {"branch": branch_code, "class": cls, "pickup": pickup, "dropoff": dropoff,
                                 "days": days, "rate": round(c[3] * factor, 2), "terms": terms}
            row.append([qid, round(days * c[3] * factor, 2), terms])
        offers.append([cls, c[0], row])
    return {"branch": branch_code, "days": days, "offers": offers}


def get_quote(quote_id: str, state: State) -> dict:
    q = state.quotes.get(quote_id)
    if q is None:
        return _err(f"no quote {quote_id}", "NOT_FOUND")
    return {"quote_id": quote_id, **q, "total_eur": round(q["days"] * q["rate"], 2)}


def find_customer(surname: str, email: Optional[str] = None, state: State = None) -> dict:
    """Customers by surname (and e-mail): ``{"matches": [{"customer": {"id", "name"}, "licence": [...]}]}``."""
    matches = [{"customer": {"id": k, "name": c["name"]}, "licence": [c["country"], c["verified"]]}
               for k, c in state.customers.items()
               if c["name"].lower().endswith(surname.strip().lower()) and email in (None, c["email"])]
    return {"matches": matches}


def register_customer(token: str, full_name: str, email: str, date_of_birth: str, licence_number: str,
                      licence_country: str, state: State) -> dict:
    if _staff(state, token) is None:
        return _err("not signed in", "AUTH")
    if not re.fullmatch(r"\d{4}-\d{2}-\d{2}", date_of_birth) or date_of_birth > "2004-05-01":
        return _err("date_of_birth must be YYYY-MM-DD and the driver at least 21", "BAD_REQUEST")
    if not re.fullmatch(r"[A-Z]{2}", licence_country):
        return _err("licence_country is a two-letter country code", "BAD_REQUEST")
    cid = f"CU-{_next(state, 'CU-')}"
    state.customers[cid] = {"name": full_name.strip(), "email": email.strip(), "born": date_of_birth,
                            "licence": licence_number.strip(), "country": licence_country, "verified": False}
    return {"customer": {"id": cid, "name": full_name.strip()}, "created": True}


def verify_licence(token: str, customer_id: str, state: State) -> dict:
    """Check a customer's driving licence with the issuing country's register (needed before check-out)."""
    if _staff(state, token) is None:
        return _err("not signed in", "AUTH")
    c = state.customers.get(customer_id)
    if c is None:
        return _err(f"no customer {customer_id}", "NOT_FOUND")
    c["verified"] = True
    return {"customer_id": customer_id, "licence": {"number": c["licence"], "country": c["country"], "valid": True,
                                                    "points": 0}, "check_ref": f"LV-{_next(state, 'LV-')}"}


# ----------------------------------------------------------------------------- bookings

def create_booking(token: str, quote_id: str, customer_id: str, state: State) -> dict:
    """Book a quoted offer for a customer; the reply's ``ref`` is the booking code."""
    if _staff(state, token) is None:
        return _err("not signed in", "AUTH")
    q = state.quotes.get(quote_id)
    if q is None:
        return _err(f"no quote {quote_id}", "NOT_FOUND")
    if customer_id not in state.customers:
        return _err(f"no customer {customer_id}", "NOT_FOUND")
    n = _next(state, "BK")
    ref = "".join("ABCDEFGHJKLMNPQRSTUVWXYZ23456789"[b % 32] for b in hashlib.sha1(f"bk{n}".encode()).digest()[:6])
    state.bookings[ref] = {"customer": customer_id, "branch": q["branch"], "class": q["class"], "pickup": q["pickup"],
                           "dropoff": q["dropoff"], "days": q["days"], "rate": q["rate"], "extras": [], "drivers": [],
                           "promo": None, "preauth": None, "unit": None, "status": "confirmed"}
    return {"ref": ref, "status": "confirmed", "pickup": q["pickup"], "vehicle_class": q["class"]}


def find_booking(surname: str, pickup_date: Optional[str] = None, state: State = None) -> dict:
    """Bookings by the main driver's surname: ``[ref, name, pickup, class, status]`` rows."""
    rows = [[k, state.customers[b["customer"]]["name"], b["pickup"], b["class"], b["status"]]
            for k, b in state.bookings.items()
            if state.customers[b["customer"]]["name"].lower().endswith(surname.strip().lower())
            and (pickup_date is None or b["pickup"].startswith(pickup_date))]
    return {"bookings": rows}


def get_booking(booking_code: str, state: State) -> dict:
    if booking_code not in state.bookings:
        return _err(f"no booking {booking_code}", "NOT_FOUND")
    return _booking_view(state, booking_code)


def _open_booking(state: State, booking_code: str):
    b = state.bookings.get(booking_code)
    if b is None:
        return None, _err(f"no booking {booking_code}", "NOT_FOUND")
    if b["status"] != "confirmed":
        return None, _err(f"booking {booking_code} is {b['status']}", "CONFLICT")
    return b, None


def add_extras(token: str, booking_code: str, extras: list[str], state: State) -> dict:
    if _staff(state, token) is None:
        return _err("not signed in", "AUTH")
    b, err = _open_booking(state, booking_code)
    if err:
        return err
    for code in extras:
        if code not in _BRANCH_EXTRAS[b["branch"]]:
            return _err(f"extra {code!r} is not offered at this branch", "BAD_REQUEST")
    b["extras"] += [c for c in extras if c not in b["extras"]]
    return {"booking_code": booking_code, "extras": list(b["extras"])}


def add_driver(token: str, booking_code: str, customer_id: str, state: State) -> dict:
    """Add a second driver; the booking must carry the additional-driver extra."""
    if _staff(state, token) is None:
        return _err("not signed in", "AUTH")
    b, err = _open_booking(state, booking_code)
    if err:
        return err
    if customer_id not in state.customers or customer_id == b["customer"]:
        return _err("customer_id must be another registered customer", "BAD_REQUEST")
    if "XDRV" not in b["extras"]:
        return _err("add the additional-driver extra to the booking first", "CONFLICT")
    if customer_id not in b["drivers"]:
        b["drivers"].append(customer_id)
    return {"booking_code": booking_code, "drivers": [[d, state.customers[d]["name"]] for d in b["drivers"]]}


def apply_promo(token: str, booking_code: str, promo_code: str, state: State) -> dict:
    if _staff(state, token) is None:
        return _err("not signed in", "AUTH")
    b, err = _open_booking(state, booking_code)
    if err:
        return err
    if promo_code not in _PROMOS:
        return _err("unknown promotion code", "BAD_REQUEST")
    if b["promo"]:
        return _err(f"promotion {b['promo']} is already applied", "CONFLICT")
    b["promo"] = promo_code
    return {"booking_code": booking_code, "promo": promo_code, "discount_percent": _PROMOS[promo_code]}


def preauthorize(token: str, booking_code: str, card_token: str, amount_eur: float, state: State) -> dict:
    """Hold the deposit on the customer's card (at least the booking's deposit)."""
    if _staff(state, token) is None:
        return _err("not signed in", "AUTH")
    b, err = _open_booking(state, booking_code)
    if err:
        return err
    if card_token not in state.cards:
        return _err("unknown card token", "BAD_REQUEST")
    if amount_eur < _DEPOSIT:
        return _err(f"the deposit is at least {_DEPOSIT:.0f} EUR", "BAD_REQUEST")
    code = f"A-{_next(state, 'A-')}"
    state.preauths[code] = {"booking": booking_code, "card": card_token, "amount": float(amount_eur), "captured": 0.0}
    b["preauth"] = code
    return {"auth_code": code, "held_eur": float(amount_eur), "card": state.cards[card_token]["last4"]}


def cancel_booking(token: str, booking_code: str, reason: str, state: State) -> dict:
    if _staff(state, token) is None:
        return _err("not signed in", "AUTH")
    b = state.bookings.get(booking_code)
    if b is None:
        return _err(f"no booking {booking_code}", "NOT_FOUND")
    if b["status"] == "cancelled":
        return _err(f"booking {booking_code} is already cancelled", "CONFLICT")
    if b["status"] != "confirmed":
        return _err(f"booking {booking_code} is {b['status']}", "CONFLICT")
    b["status"] = "cancelled"
    b["cancel_reason"] = reason
    if b["unit"]:
        state.units[b["unit"]]["status"] = "available"
    return {"booking_code": booking_code, "cancelled": True, "fee_eur": 0.0}


def upgrade_booking(token: str, override: str, booking_code: str, vehicle_class: str, state: State) -> dict:
    """Move a booking to a higher class at no charge (manager override)."""
    if _staff(state, token) is None:
        return _err("not signed in", "AUTH")
    b, err = _open_booking(state, booking_code)
    if err:
        return err
    if vehicle_class not in _CLASSES:
        return _err("unknown vehicle class", "BAD_REQUEST")
    if _CLASSES[vehicle_class][4] <= _CLASSES[b["class"]][4]:
        return _err("an upgrade must be to a higher class", "BAD_REQUEST")
    if not _use_override(state, override):
        return _err("a free upgrade needs a manager override", "FORBIDDEN")
    if b["unit"]:
        state.units[b["unit"]]["status"] = "available"
        b["unit"] = None
    b["class"] = vehicle_class
    return {"booking_code": booking_code, "vehicle_class": vehicle_class, "rate_eur": b["rate"]}


# ----------------------------------------------------------------------------- fleet

def list_fleet(branch_code: str, vehicle_class: Optional[str] = None, status: Optional[UnitStatus] = None,
               state: State = None) -> dict:
    """Cars at a branch as ``[unit_id, plate, model, odometer_km, status]`` rows."""
    if branch_code not in _BRANCHES:
        return _err(f"unknown branch {branch_code!r}", "NOT_FOUND")
    return {"branch": branch_code,
            "units": [[k, u["plate"], u["model"], u["odometer"], u["status"]] for k, u in state.units.items()
                      if u["branch"] == branch_code and vehicle_class in (None, u["class"])
                      and status in (None, u["status"])]}


def assign_vehicle(token: str, booking_code: str, unit_id: str, state: State) -> dict:
    if _staff(state, token) is None:
        return _err("not signed in", "AUTH")
    b, err = _open_booking(state, booking_code)
    if err:
        return err
    u = state.units.get(unit_id)
    if u is None:
        return _err(f"no unit {unit_id}", "NOT_FOUND")
    if u["branch"] != b["branch"] or u["class"] != b["class"] or u["status"] != "available":
        return _err("unit must be an available car of the booked class at the pick-up branch", "CONFLICT")
    if b["unit"]:
        state.units[b["unit"]]["status"] = "available"
    u["status"] = "assigned"
    b["unit"] = unit_id
    return {"booking_code": booking_code, "unit": unit_id, "plate": u["plate"], "model": u["model"]}


def record_damage(token: str, unit_id: str, panel: str, severity: Severity, note: str, state: State) -> dict:
    if _staff(state, token) is None:
        return _err("not signed in", "AUTH")
    u = state.units.get(unit_id)
    if u is None:
        return _err(f"no unit {unit_id}", "NOT_FOUND")
    if panel not in _PANELS:
        return _err(f"unknown panel {panel!r}; panels are {', '.join(_PANELS)}", "BAD_REQUEST")
    did = f"DMG-{_next(state, 'DMG-')}"
    state.damages[did] = {"unit": unit_id, "panel": panel, "severity": severity, "note": note}
    u["damage"].append(did)
    return {"damage_id": did, "unit": unit_id, "panel": panel}


def send_to_maintenance(token: str, unit_id: str, issue: str, state: State) -> dict:
    if _staff(state, token) is None:
        return _err("not signed in", "AUTH")
    u = state.units.get(unit_id)
    if u is None:
        return _err(f"no unit {unit_id}", "NOT_FOUND")
    if u["status"] != "available":
        return _err(f"unit {unit_id} is {u['status']}", "CONFLICT")
    wo = f"WO-{_next(state, 'WO-'):04d}"
    state.work_orders[wo] = {"unit": unit_id, "issue": issue, "open": True}
    u["status"] = "maintenance"
    return {"work_order": wo, "unit": unit_id}


def release_from_maintenance(token: str, work_order: str, odometer_km: int, state: State) -> dict:
    if _staff(state, token) is None:
        return _err("not signed in", "AUTH")
    wo = state.work_orders.get(work_order)
    if wo is None:
        return _err(f"no work order {work_order}", "NOT_FOUND")
    if not wo["open"]:
        return _err(f"work order {work_order} is already released", "CONFLICT")
    u = state.units[wo["unit"]]
    if odometer_km < u["odometer"]:
        return _err("odometer cannot go backwards", "BAD_REQUEST")
    wo["open"] = False
    u["status"] = "available"
    u["odometer"] = odometer_km
    return {"work_order": work_order, "unit": wo["unit"], "available": True}


def transfer_vehicle(token: str, unit_id: str, to_branch: str, state: State) -> dict:
    if _staff(state, token) is None:
        return _err("not signed in", "AUTH")
    u = state.units.get(unit_id)
    if u is None:
        return _err(f"no unit {unit_id}", "NOT_FOUND")
    if to_branch not in _BRANCHES or to_branch == u["branch"]:
        return _err("to_branch must be another branch code", "BAD_REQUEST")
    if u["status"] != "available":
        return _err(f"unit {unit_id} is {u['status']}", "CONFLICT")
    u["status"] = "in_transfer"
    u["branch"] = to_branch
    return {"unit": unit_id, "to_branch": to_branch, "eta_hours": 4}


# ----------------------------------------------------------------------------- agreements

def check_out(token: str, booking_code: str, state: State) -> dict:
    """Hand over the car: needs an assigned car, a checked licence and a deposit held."""
    if _staff(state, token) is None:
        return _err("not signed in", "AUTH")
    b, err = _open_booking(state, booking_code)
    if err:
        return err
    if b["unit"] is None:
        return _err("assign a car to the booking first", "CONFLICT")
    if not state.customers[b["customer"]]["verified"]:
        return _err("the main driver's licence has not been checked", "CONFLICT")
    if b["preauth"] is None:
        return _err("no deposit is held for this booking", "CONFLICT")
    ra = f"RA-{_next(state, 'RA-')}"
    u = state.units[b["unit"]]
    state.agreements[ra] = {"booking": booking_code, "customer": b["customer"], "unit": b["unit"], "out": b["pickup"],
                            "due": b["dropoff"], "km_out": u["odometer"], "status": "open", "fines": [],
                            "incidents": [], "rate": b["rate"], "returned": None}
    u["status"] = "on_rent"
    b["status"] = "checked_out"
    return {"agreement": {"number": ra, "unit": b["unit"], "plate": u["plate"], "due": b["dropoff"]}}


def get_agreement(agreement_no: str, state: State) -> dict:
    a = state.agreements.get(agreement_no)
    if a is None:
        return _err(f"no agreement {agreement_no}", "NOT_FOUND")
    return {"agreement_no": agreement_no, **copy.deepcopy(a)}


def lookup_rental(plate: str, when: str, state: State) -> dict:
    """Which agreement had a car (by plate) at a moment (ISO time); used for fines and accidents."""
    norm = re.sub(r"[\s-]+", "", plate.upper())
    moment = _iso(when)
    if moment is None:
        return _err("when must be YYYY-MM-DDTHH:MM", "BAD_REQUEST")
    for k, a in state.agreements.items():
        u = state.units[a["unit"]]
        if u["plate"].replace("-", "") == norm and a["out"] <= when <= (a["returned"] or "9999"):
            return {"rental": [k, state.customers[a["customer"]]["name"], a["out"], a["due"]]}
    return _err("no rental of that car at that time", "NOT_FOUND")


def _open_agreement(state: State, agreement_no: str):
    a = state.agreements.get(agreement_no)
    if a is None:
        return None, _err(f"no agreement {agreement_no}", "NOT_FOUND")
    if a["status"] != "open":
        return None, _err(f"agreement {agreement_no} is {a['status']}", "CONFLICT")
    return a, None


def extend_rental(token: str, agreement_no: str, new_dropoff: str, state: State) -> dict:
    if _staff(state, token) is None:
        return _err("not signed in", "AUTH")
    a, err = _open_agreement(state, agreement_no)
    if err:
        return err
    if _iso(new_dropoff) is None or new_dropoff <= a["due"]:
        return _err("new_dropoff must be YYYY-MM-DDTHH:MM and later than the current return", "BAD_REQUEST")
    a["due"] = new_dropoff
    return {"agreement_no": agreement_no, "due": new_dropoff}


def swap_vehicle(token: str, agreement_no: str, unit_id: str, reason: str, state: State) -> dict:
    if _staff(state, token) is None:
        return _err("not signed in", "AUTH")
    a, err = _open_agreement(state, agreement_no)
    if err:
        return err
    old = state.units[a["unit"]]
    new = state.units.get(unit_id)
    if new is None or new["status"] != "available" or new["class"] != old["class"]:
        return _err("the replacement must be an available car of the same class", "CONFLICT")
    old["status"] = "available"
    new["status"] = "on_rent"
    a["unit"] = unit_id
    a.setdefault("swaps", []).append(reason)
    return {"agreement_no": agreement_no, "unit": unit_id, "plate": new["plate"]}


def report_accident(token: str, agreement_no: str, description: str, police_reference: Optional[str] = None,
                    state: State = None) -> dict:
    if _staff(state, token) is None:
        return _err("not signed in", "AUTH")
    a = state.agreements.get(agreement_no)
    if a is None:
        return _err(f"no agreement {agreement_no}", "NOT_FOUND")
    inc = f"INC-{_next(state, 'INC-'):04d}"
    a["incidents"].append({"id": inc, "text": description, "police": police_reference})
    return {"incident": inc, "agreement_no": agreement_no}


def add_fine(token: str, agreement_no: str, amount_eur: float, authority: str, reference: str, state: State) -> dict:
    """Pass a traffic or parking fine on to the renter, with the admin fee."""
    if _staff(state, token) is None:
        return _err("not signed in", "AUTH")
    a = state.agreements.get(agreement_no)
    if a is None:
        return _err(f"no agreement {agreement_no}", "NOT_FOUND")
    fid = f"FN-{_next(state, 'FN-')}"
    a["fines"].append([fid, authority, reference, amount_eur, 25.0])
    return {"fine": fid, "charged_eur": amount_eur + 25.0}


def check_in(token: str, agreement_no: str, mileage_km: int, fuel_eighths: int, state: State) -> dict:
    """Take the car back: odometer and fuel (in eighths of a tank)."""
    if _staff(state, token) is None:
        return _err("not signed in", "AUTH")
    a, err = _open_agreement(state, agreement_no)
    if err:
        return err
    if mileage_km < a["km_out"] or not 0 <= fuel_eighths <= 8:
        return _err("mileage below the check-out reading, or fuel not 0-8 eighths", "BAD_REQUEST")
    u = state.units[a["unit"]]
    u["odometer"] = mileage_km
    u["status"] = "available"
    a["status"] = "returned"
    a["km_in"] = mileage_km
    a["fuel"] = fuel_eighths
    a["returned"] = a["due"]
    return {"agreement_no": agreement_no, "driven_km": mileage_km - a["km_out"], "fuel_eighths": fuel_eighths,
            "returned": True}


def close_agreement(token: str, agreement_no: str, state: State) -> dict:
    """Price a returned rental and issue its invoice."""
    if _staff(state, token) is None:
        return _err("not signed in", "AUTH")
    a = state.agreements.get(agreement_no)
    if a is None:
        return _err(f"no agreement {agreement_no}", "NOT_FOUND")
    if a["status"] != "returned":
        return _err(f"agreement {agreement_no} is {a['status']}; check the car in first", "CONFLICT")
    days = max(1, -(-int((datetime.fromisoformat(a["due"]) - datetime.fromisoformat(a["out"])).total_seconds()) // 86400))
    lines = [["RENT", f"{days} days", round(days * a["rate"], 2)]]
    if a["fuel"] < 8:
        lines.append(["FUEL", f"refuel {8 - a['fuel']}/8 tank", round((8 - a["fuel"]) * 9.5, 2)])
    b = state.bookings.get(a["booking"])
    if b and b["promo"]:
        lines.append(["PROMO", b["promo"], -round(days * a["rate"] * _PROMOS[b["promo"]] / 100, 2)])
    lines += [["FINE", f"{f[1]} {f[2]}", f[3] + f[4]] for f in a["fines"]]
    lines.append(["CLEAN", "valeting", 35.0])
    inv = f"INV-{_next(state, 'INV-')}"
    state.invoices[inv] = {"agreement": agreement_no, "lines": lines, "captured": 0.0, "refunded": 0.0}
    a["status"] = "closed"
    return {"invoice": inv, "total_eur": round(sum(line[2] for line in lines), 2)}


def get_invoice(invoice_no: str, state: State) -> dict:
    """An invoice with its charges as ``[charge_code, text, amount]`` rows."""
    inv = state.invoices.get(invoice_no)
    if inv is None:
        return _err(f"no invoice {invoice_no}", "NOT_FOUND")
    return {"invoice_no": invoice_no, "agreement_no": inv["agreement"], "lines": copy.deepcopy(inv["lines"]),
            "total_eur": round(sum(line[2] for line in inv["lines"]), 2), "captured_eur": inv["captured"]}


def capture_payment(token: str, invoice_no: str, auth_code: str, state: State) -> dict:
    """Charge an invoice to the deposit card held under ``auth_code``."""
    if _staff(state, token) is None:
        return _err("not signed in", "AUTH")
    inv = state.invoices.get(invoice_no)
    if inv is None:
        return _err(f"no invoice {invoice_no}", "NOT_FOUND")
    pre = state.preauths.get(auth_code)
    booking = state.agreements[inv["agreement"]]["booking"]
    if pre is None or pre["booking"] != booking:
        return _err("auth_code is not the deposit held for this rental", "BAD_REQUEST")
    total = round(sum(line[2] for line in inv["lines"]), 2)
    if inv["captured"] >= total:
        return _err(f"invoice {invoice_no} is already paid", "CONFLICT")
    inv["captured"] = total
    rc = f"RC-{_next(state, 'RC-')}"
    state.receipts[rc] = {"invoice": invoice_no, "amount": total}
    return {"receipt": rc, "captured_eur": total}


def waive_charge(token: str, override: str, invoice_no: str, charge_code: str, state: State) -> dict:
    """Remove one charge from an unpaid invoice (manager override)."""
    if _staff(state, token) is None:
        return _err("not signed in", "AUTH")
    inv = state.invoices.get(invoice_no)
    if inv is None:
        return _err(f"no invoice {invoice_no}", "NOT_FOUND")
    if inv["captured"]:
        return _err("the invoice is paid; refund instead", "CONFLICT")
    line = next((x for x in inv["lines"] if x[0] == charge_code), None)
    if line is None:
        return _err(f"no charge {charge_code!r} on the invoice", "BAD_REQUEST")
    if not _use_override(state, override):
        return _err("waivers need a manager override", "FORBIDDEN")
    inv["lines"].remove(line)
    return {"invoice_no": invoice_no, "waived": charge_code, "total_eur": round(sum(x[2] for x in inv["lines"]), 2)}


def refund_payment(token: str, override: str, invoice_no: str, amount_eur: float, reason: str, state: State) -> dict:
    """Refund part of a captured payment (manager override)."""
    if _staff(state, token) is None:
        return _err("not signed in", "AUTH")
    inv = state.invoices.get(invoice_no)
    if inv is None:
        return _err(f"no invoice {invoice_no}", "NOT_FOUND")
    if not 0 < amount_eur <= inv["captured"] - inv["refunded"]:
        return _err("nothing captured to refund, or amount too large", "CONFLICT")
    if not _use_override(state, override):
        return _err("refunds need a manager override", "FORBIDDEN")
    inv["refunded"] += amount_eur
    return {"invoice_no": invoice_no, "refunded_eur": amount_eur, "reason": reason}


TOOLS = [
    counter_login, manager_override,
    list_branches, vehicle_classes, parse_datetime, list_extras, validate_promo, tokenize_card,
    search_availability, get_quote, find_customer, register_customer, verify_licence,
    create_booking, find_booking, get_booking, add_extras, add_driver, apply_promo, preauthorize, cancel_booking,
    upgrade_booking,
    list_fleet, assign_vehicle, record_damage, send_to_maintenance, release_from_maintenance, transfer_vehicle,
    check_out, get_agreement, lookup_rental, extend_rental, swap_vehicle, report_accident, add_fine, check_in,
    close_agreement, get_invoice, capture_payment, waive_charge, refund_payment,
]

# What a tester is handed: the clerk's badge and PIN, the duty manager's code, what customers said.
FIXTURES = {
    "staff_id": "AMS-0412",
    "pin": "5521",
    "manager_code": "7781-4410",
    "branch_name": "Amsterdam Centraal",
    "walk_in": {"name": "Daniel Okafor", "email": "d.okafor@example.com", "pickup": "3 May 2025 10:00",
                "return": "6 May 2025 10:00", "card_number": "4111 1111 1111 1111", "expiry": "09/27",
                "voucher": "spring 25"},
    "second_driver": {"name": "Amara Okafor", "email": "amara.okafor@example.com", "born": "1990-08-30",
                      "licence": "NL7710448812", "country": "NL"},
    "returning_renter": {"name": "Ingrid Solberg", "plate": "zt 903 b", "fine_moment": "30-04-2025 14.20",
                         "fine": "EUR 95, Gemeente Amsterdam, ref 2025-8841207"},
}

_TOKEN_USERS = ["manager_override", "register_customer", "verify_licence", "create_booking", "add_extras", "add_driver",
                "apply_promo", "preauthorize", "cancel_booking", "upgrade_booking", "assign_vehicle", "record_damage",
                "send_to_maintenance", "release_from_maintenance", "transfer_vehicle", "check_out", "extend_rental",
                "swap_vehicle", "report_accident", "add_fine", "check_in", "close_agreement", "capture_payment",
                "waive_charge", "refund_payment"]
_BOOKING_USERS = ["get_booking", "add_extras", "add_driver", "apply_promo", "preauthorize", "cancel_booking",
                  "upgrade_booking", "assign_vehicle", "check_out"]
_AGREEMENT_USERS = ["get_agreement", "extend_rental", "swap_vehicle", "report_accident", "add_fine", "check_in",
                    "close_agreement"]
_UNIT_USERS = ["assign_vehicle", "record_damage", "send_to_maintenance", "transfer_vehicle", "swap_vehicle"]

GROUND_TRUTH = (
    [("counter_login", c, "auth: counter token") for c in _TOKEN_USERS]
    + [("manager_override", c, "role: single-use manager override") for c in ("upgrade_booking", "waive_charge",
                                                                              "refund_payment")]
    + [("create_booking|find_booking", c, "id lookup/create: booking code (create's 'ref', or find's rows)")
       for c in _BOOKING_USERS]
    + [("check_out|lookup_rental", c, "id lookup/create: agreement number (nested in 'agreement', or 'rental' row)")
       for c in _AGREEMENT_USERS]
    + [("list_fleet", c, "id lookup: unit_id in fleet rows") for c in _UNIT_USERS]
    + [("close_agreement", c, "id create: invoice number ('invoice', consumer calls it invoice_no)")
       for c in ("get_invoice", "capture_payment", "waive_charge", "refund_payment")]
    + [("find_customer|register_customer", c, "id lookup/create: customer id nested in customer.id")
       for c in ("verify_licence", "create_booking", "add_driver")]
    + [("list_branches", c, "vocabulary: branch code (people name the branch)")
       for c in ("search_availability", "list_extras", "transfer_vehicle")]
    + [
        ("list_branches|counter_login", "list_fleet", "id lookup: branch code (a branch row, or the clerk's branch)"),
        ("search_availability", "create_booking", "id lookup: quote id nested in offers rows"),
        ("search_availability", "get_quote", "id lookup: quote id nested in offers rows"),
        ("parse_datetime", "search_availability", "format: ISO date-time"),
        ("parse_datetime", "extend_rental", "format: ISO date-time"),
        ("parse_datetime", "lookup_rental", "format: ISO date-time"),
        ("vehicle_classes", "upgrade_booking", "vocabulary: vehicle class code"),
        ("list_extras", "add_extras", "vocabulary: extra codes"),
        ("add_extras", "add_driver", "state: the booking must carry the additional-driver extra"),
        ("validate_promo", "apply_promo", "format: canonical promotion code"),
        ("tokenize_card", "preauthorize", "id create: card token"),
        ("assign_vehicle", "check_out", "state: a car must be assigned"),
        ("verify_licence", "check_out", "state: the main driver's licence must be checked"),
        ("preauthorize", "check_out", "state: a deposit must be held"),
        ("check_in", "close_agreement", "state: the car must be checked in"),
        ("preauthorize|get_booking", "capture_payment", "two values: auth_code of the deposit held on the booking"),
        ("get_invoice", "waive_charge", "vocabulary: charge code of an invoice line"),
        ("capture_payment", "refund_payment", "state: a payment must have been captured"),
        ("send_to_maintenance", "release_from_maintenance", "id create: work order"),
    ]
)

PLAUSIBLE = {
    *[("parse_datetime", c) for c in ("create_booking", "get_quote", "check_out", "add_fine", "report_accident")],
    *[("search_availability", c) for c in ("get_booking", "add_extras", "check_out", "preauthorize", "assign_vehicle")],
    *[("find_customer", c) for c in ("find_booking", "check_out")],
    *[("register_customer", c) for c in ("check_out",)],
    *[("list_branches", c) for c in ("assign_vehicle", "get_quote", "create_booking")],
    *[("get_booking", c) for c in ("list_fleet", "add_driver", "refund_payment", "check_out", "list_extras",
                                   "upgrade_booking", "assign_vehicle", "preauthorize")],
    *[("create_booking", c) for c in ("get_agreement", "check_in", "close_agreement", "capture_payment")],
    ("get_agreement", "check_in"), ("get_agreement", "close_agreement"), ("get_agreement", "swap_vehicle"),
    ("get_agreement", "capture_payment"), ("check_out", "capture_payment"), ("check_out", "get_invoice"),
    ("check_in", "get_invoice"), ("check_in", "capture_payment"), ("get_invoice", "capture_payment"),
    ("get_invoice", "refund_payment"), ("counter_login", "search_availability"), ("counter_login", "list_extras"),
    ("vehicle_classes", "search_availability"), ("vehicle_classes", "list_fleet"),
    ("get_quote", "create_booking"), ("tokenize_card", "check_out"), ("list_fleet", "check_out"),
    ("record_damage", "send_to_maintenance"), ("check_out", "lookup_rental"),
    ("lookup_rental", "get_invoice"), ("lookup_rental", "capture_payment"), ("upgrade_booking", "assign_vehicle"),
    ("list_extras", "add_driver"), ("validate_promo", "close_agreement"), ("apply_promo", "close_agreement"),
    ("add_fine", "close_agreement"), ("manager_override", "cancel_booking"), ("waive_charge", "capture_payment"),
    *[("get_booking", c) for c in ("verify_licence", "record_damage", "send_to_maintenance", "transfer_vehicle",
                                   "get_agreement")],
    *[("get_agreement", c) for c in ("record_damage", "send_to_maintenance", "transfer_vehicle", "verify_licence",
                                     "get_booking")],
    *[("get_invoice", c) for c in _AGREEMENT_USERS],
    ("check_out", "record_damage"), ("assign_vehicle", "record_damage"),
}
