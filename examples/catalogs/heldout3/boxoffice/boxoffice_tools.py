"""BoxOffice: the ticketing API a venue's box office counter works with (43 endpoints).

Plain functions over an in-memory ``State`` of one venue, the Harbourside Playhouse in Bristol:
events and their performances, seat maps (sections of rows of seats, as nested lists), holds and
orders, patrons and memberships, a cash till, card terminals, gift vouchers, ticket printers,
door scanners and will-call collection. Clerks sign in for a token; refunds, comps and seat kills
need a duty manager's override. Amounts are integer pence. Every endpoint answers with a dict;
a refusal is a dict with an ``error`` key (and a ``code``), never an exception.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as
provider means either tool satisfies it, and the text of ``what`` before its first ``:`` is the
kind.
"""

import copy
import hashlib
import re
from dataclasses import dataclass, field
from typing import Literal, Optional

Genre = Literal["theatre", "concert", "comedy", "family", "dance"]
Delivery = Literal["collect_now", "print", "email", "will_call"]
DeviceKind = Literal["printer", "card_terminal", "scanner"]

_PRICE_TYPES = ("FULL", "CONC", "U26", "MEMBER")
_PRICES = {  # zone -> price type -> pence
    "P1": {"FULL": 4200, "CONC": 3500, "U26": 1500, "MEMBER": 3800},
    "P2": {"FULL": 3200, "CONC": 2600, "U26": 1500, "MEMBER": 2900},
    "P3": {"FULL": 2200, "CONC": 1800, "U26": 1200, "MEMBER": 2000},
}
_FAMILY_PRICES = {"P1": {"FULL": 1800, "CONC": 1400, "U26": 1200, "MEMBER": 1600},
                  "P2": {"FULL": 1500, "CONC": 1200, "U26": 1000, "MEMBER": 1300},
                  "P3": {"FULL": 1200, "CONC": 1000, "U26": 900, "MEMBER": 1000}}


def _err(message: str, code: str) -> dict:
    return {"error": message, "code": code}


def _seats(sold: set, killed: set = frozenset()) -> dict:
    """seat_id -> {zone, status} for the main house: stalls rows A-D of 8, circle rows A-B of 6."""
    out = {}
    for section, rows, per_row in (("STL", "ABCD", 8), ("CIR", "AB", 6)):
        for row in rows:
            for n in range(1, per_row + 1):
                sid = f"{section}-{row}-{n:02d}"
                zone = "P3" if section == "CIR" else "P1" if row in "AB" else "P2"
                status = "sold" if sid in sold else "killed" if sid in killed else "free"
                out[sid] = {"zone": zone, "status": status}
    return out


def _barcode(seed: str) -> str:
    return "HP" + hashlib.sha1(seed.encode()).hexdigest()[:10].upper()


def _seed_performances() -> dict:
    every = set(_seats(set()))
    return {
        "PF-1042-01": {"event": "EV-1042", "starts": "2025-06-13T19:30", "status": "on_sale",
                       "seats": _seats({"STL-A-04", "STL-A-05", "STL-C-01", "STL-C-02"}, {"STL-D-08"})},
        "PF-1042-02": {"event": "EV-1042", "starts": "2025-06-14T14:30", "status": "on_sale",
                       "seats": _seats({"STL-A-01", "STL-A-02"})},
        "PF-1042-03": {"event": "EV-1042", "starts": "2025-06-14T19:30", "status": "on_sale",
                       "seats": _seats({"STL-B-05", "STL-B-06", "STL-A-03"})},
        "PF-1077-01": {"event": "EV-1077", "starts": "2025-06-20T20:00", "status": "on_sale",
                       "seats": _seats({"CIR-A-02", "CIR-A-03"})},
        "PF-1090-01": {"event": "EV-1090", "starts": "2025-06-21T11:00", "status": "sold_out", "seats": _seats(every)},
        "PF-1090-02": {"event": "EV-1090", "starts": "2025-06-21T14:00", "status": "on_sale",
                       "seats": _seats({"STL-A-01", "STL-A-02", "STL-A-03"})},
        "PF-0998-04": {"event": "EV-0998", "starts": "2025-03-02T19:30", "status": "past", "seats": _seats(set())},
    }


def _ticket(order: str, perf: str, seat: str, price_type: str, pence: int) -> dict:
    return {"barcode": _barcode(f"{order}{seat}"), "performance_id": perf, "seat_id": seat, "price_type": price_type,
            "pence": pence, "scanned": False}


def _seed_orders() -> dict:
    return {
        "ORD-55087": {"patron": "PAT-20533", "status": "complete", "delivery": "print", "printed": False,
                      "lines": [_ticket("ORD-55087", "PF-1077-01", "CIR-A-02", "MEMBER", 2000),
                                _ticket("ORD-55087", "PF-1077-01", "CIR-A-03", "MEMBER", 2000)],
                      "donations": [], "payments": [{"method": "card", "pence": 4000}], "holds": []},
        "ORD-55102": {"patron": "PAT-20418", "status": "complete", "delivery": "will_call", "printed": False,
                      "lines": [_ticket("ORD-55102", "PF-1042-03", "STL-B-05", "FULL", 4200),
                                _ticket("ORD-55102", "PF-1042-03", "STL-B-06", "CONC", 3500)],
                      "donations": [], "payments": [{"method": "card", "pence": 7700}], "holds": []},
    }


@dataclass
class State:
    """A fresh box office: two clerks, a duty manager code, six performances on sale, three patrons."""

    clerks: dict = field(default_factory=lambda: {
        "niamh.box": {"password": "Curtain-Up7", "clerk_id": "CLK-14", "name": "Niamh Doyle"},
        "tom.box": {"password": "Stalls#22", "clerk_id": "CLK-09", "name": "Tom Hearn"}})
    manager_codes: dict = field(default_factory=lambda: {"4417": "Ruth Adeyemi"})
    tokens: dict = field(default_factory=dict)
    overrides: dict = field(default_factory=dict)
    events: dict = field(default_factory=lambda: {
        "EV-1042": {"title": "The Cherry Orchard", "genre": "theatre", "company": "Harbourside Rep"},
        "EV-1077": {"title": "Bristol Jazz Collective: Summer Nights", "genre": "concert", "company": "BJC"},
        "EV-1090": {"title": "The Gruffalo's Child", "genre": "family", "company": "Tall Stories"},
        "EV-0998": {"title": "An Evening with Mae Okafor", "genre": "comedy", "company": "Off The Kerb"}})
    performances: dict = field(default_factory=_seed_performances)
    patrons: dict = field(default_factory=lambda: {
        "PAT-20418": {"first": "Siobhan", "last": "Kelly", "email": "siobhan.kelly@example.ie", "phone": "+447700900412",
                      "membership": None},
        "PAT-20533": {"first": "Marcus", "last": "Obi", "email": "m.obi@example.co.uk", "phone": "+447700900218",
                      "membership": {"tier": "friend", "expires": "2026-01-31"}},
        "PAT-20601": {"first": "Dev", "last": "Patel", "email": None, "phone": "+441179460033", "membership": None}})
    holds: dict = field(default_factory=dict)
    orders: dict = field(default_factory=_seed_orders)
    tills: dict = field(default_factory=dict)
    devices: dict = field(default_factory=lambda: {
        "PRN-01": {"kind": "printer", "location": "Counter 1", "online": True},
        "PRN-02": {"kind": "printer", "location": "Counter 2", "online": False},
        "TRM-03": {"kind": "card_terminal", "location": "Counter 1", "online": True},
        "SCN-11": {"kind": "scanner", "location": "Main doors", "online": True}})
    card_auths: dict = field(default_factory=dict)
    vouchers: dict = field(default_factory=lambda: {"GV482177301159": {"balance": 2500, "expires": "2025-12-31"},
                                                   "GV100200300400": {"balance": 0, "expires": "2024-12-31"}})
    scanners: dict = field(default_factory=dict)
    waitlist: list = field(default_factory=list)
    messages: list = field(default_factory=list)
    funds: dict = field(default_factory=lambda: {"EDU": "Schools & Learning", "RESTORE": "Auditorium Restoration",
                                                 "ACCESS": "Access for All"})
    counters: dict = field(default_factory=lambda: {"HLD-": 3000, "ORD-": 55200, "TILL-": 40, "PAT-": 20700,
                                                   "OVR-": 500, "SMS-": 81000, "WL-": 120})


# ----------------------------------------------------------------------------- helpers

def _next(state: State, prefix: str) -> str:
    state.counters[prefix] += 1
    return f"{prefix}{state.counters[prefix]}"


def _clerk(state: State, token: str) -> Optional[dict]:
    return state.tokens.get(token)


def _use_override(state: State, override_token: str) -> bool:
    if state.overrides.get(override_token) != "unused":
        return False
    state.overrides[override_token] = "used"
    return True


def _balance(state: State, order: dict) -> int:
    due = sum(t["pence"] for t in order["lines"]) + sum(d["pence"] for d in order["donations"])
    return due - sum(p["pence"] for p in order["payments"])


def _order_view(state: State, order_id: str) -> dict:
    o = state.orders[order_id]
    return {"order_id": order_id, "patron_id": o["patron"], "status": o["status"], "delivery": o["delivery"],
            "lines": [{k: t[k] for k in ("performance_id", "seat_id", "price_type", "pence")} for t in o["lines"]],
            "donations": copy.deepcopy(o["donations"]), "balance_pence": _balance(state, o)}


def _tickets(order: dict) -> list:
    return [{"barcode": t["barcode"], "performance_id": t["performance_id"], "seat_id": t["seat_id"]}
            for t in order["lines"]]


# ----------------------------------------------------------------------------- sign-in and cash

def clerk_login(username: str, password: str, state: State) -> dict:
    """Sign a clerk in at the counter. The token authorises every sale, payment and change."""
    c = state.clerks.get(username)
    if c is None or c["password"] != password:
        return _err("invalid username or password", "AUTH_FAILED")
    token = "bo_" + hashlib.sha256(f"{username}{len(state.tokens)}".encode()).hexdigest()[:22]
    state.tokens[token] = {"username": username, "clerk_id": c["clerk_id"]}
    return {"token": token, "clerk_id": c["clerk_id"], "name": c["name"], "venue": "Harbourside Playhouse"}


def manager_override(token: str, manager_code: str, state: State) -> dict:
    """The duty manager keys in their code to authorise one refund, comp or seat kill."""
    if _clerk(state, token) is None:
        return _err("not signed in", "UNAUTHENTICATED")
    manager = state.manager_codes.get(manager_code)
    if manager is None:
        return _err("manager code not recognised", "FORBIDDEN")
    ovr = _next(state, "OVR-")
    state.overrides[ovr] = "unused"
    return {"override_token": ovr, "manager": manager, "uses": 1}


def open_till(token: str, float_pence: int, state: State) -> dict:
    """Open a cash drawer session with its starting float."""
    clerk = _clerk(state, token)
    if clerk is None:
        return _err("not signed in", "UNAUTHENTICATED")
    if float_pence < 0:
        return _err("float_pence must not be negative", "INVALID")
    till = _next(state, "TILL-")
    state.tills[till] = {"clerk": clerk["clerk_id"], "float": float_pence, "cash": 0, "status": "open"}
    return {"till_id": till, "float_pence": float_pence, "status": "open"}


def close_till(token: str, till_id: str, counted_pence: int, state: State) -> dict:
    """Cash up: close a till and report the difference between counted and expected cash."""
    if _clerk(state, token) is None:
        return _err("not signed in", "UNAUTHENTICATED")
    till = state.tills.get(till_id)
    if till is None:
        return _err(f"no till {till_id}", "NOT_FOUND")
    if till["status"] != "open":
        return _err(f"till {till_id} is already closed", "CONFLICT")
    till["status"] = "closed"
    expected = till["float"] + till["cash"]
    return {"till_id": till_id, "expected_pence": expected, "counted_pence": counted_pence,
            "difference_pence": counted_pence - expected}


def list_devices(kind: Optional[DeviceKind] = None, state: State = None) -> dict:
    """Printers, card terminals and door scanners, with location and whether they are online."""
    return {"devices": [{"device_id": d, **v} for d, v in state.devices.items()
                        if (kind is None or v["kind"] == kind) and v["online"]]}


# ----------------------------------------------------------------------------- events and seats

def search_events(text: Optional[str] = None, genre: Optional[Genre] = None, month: Optional[str] = None,
                  state: State = None) -> dict:
    """Find events by words of the title, genre and month ('YYYY-MM' of a performance)."""
    out = []
    for eid, e in state.events.items():
        if text and not all(w in e["title"].lower() for w in text.lower().split()):
            continue
        if genre and e["genre"] != genre:
            continue
        if month and not any(p["event"] == eid and p["starts"].startswith(month) for p in state.performances.values()):
            continue
        out.append({"event_id": eid, "title": e["title"], "genre": e["genre"]})
    return {"events": out}


def list_performances(event_id: str, include_past: bool = False, state: State = None) -> dict:
    """Performances of an event with their local start time and sale status."""
    if event_id not in state.events:
        return _err(f"no event {event_id}", "NOT_FOUND")
    return {"event_id": event_id, "performances": [
        {"performance_id": pid, "starts": p["starts"], "status": p["status"]}
        for pid, p in state.performances.items()
        if p["event"] == event_id and (include_past or p["status"] != "past")]}


def get_seat_map(performance_id: str, section: Optional[Literal["STL", "CIR"]] = None, state: State = None) -> dict:
    """The house for a performance: sections of rows of seats, each seat [seat_id, status, zone]."""
    p = state.performances.get(performance_id)
    if p is None:
        return _err(f"no performance {performance_id}", "NOT_FOUND")
    held = {s for h in state.holds.values() if h["performance"] == performance_id and h["status"] == "active"
            for s in h["seats"]}
    sections: list = []
    for sid, seat in p["seats"].items():
        sec, row, _ = sid.split("-")
        if section and sec != section:
            continue
        if not sections or sections[-1][0] != sec:
            sections.append([sec, []])
        rows = sections[-1][1]
        if not rows or rows[-1][0] != row:
            rows.append([row, []])
        rows[-1][1].append([sid, "held" if sid in held else seat["status"], seat["zone"]])
    return {"performance_id": performance_id, "sections": sections}


def get_price_list(performance_id: str, state: State) -> dict:
    """Ticket prices of a performance by price zone and price type."""
    p = state.performances.get(performance_id)
    if p is None:
        return _err(f"no performance {performance_id}", "NOT_FOUND")
    table = _FAMILY_PRICES if state.events[p["event"]]["genre"] == "family" else _PRICES
    return {"performance_id": performance_id, "currency": "GBP",
            "prices": [{"zone": z, "price_type": t, "pence": v} for z, row in table.items() for t, v in row.items()]}


def best_available(performance_id: str, quantity: int, zone: Optional[str] = None, state: State = None) -> dict:
    """The best free seats side by side in one row, optionally in one price zone."""
    p = state.performances.get(performance_id)
    if p is None:
        return _err(f"no performance {performance_id}", "NOT_FOUND")
    if not 1 <= quantity <= 8:
        return _err("quantity must be 1 to 8", "INVALID")
    held = {s for h in state.holds.values() if h["performance"] == performance_id and h["status"] == "active"
            for s in h["seats"]}
    rows: dict = {}
    for sid, seat in p["seats"].items():
        if seat["status"] == "free" and sid not in held and (zone is None or seat["zone"] == zone):
            rows.setdefault(sid.rsplit("-", 1)[0], []).append(sid)
    for seats in rows.values():
        for i in range(len(seats) - quantity + 1):
            block = seats[i:i + quantity]
            if int(block[-1][-2:]) - int(block[0][-2:]) == quantity - 1:
                return {"performance_id": performance_id, "seat_ids": block, "zone": p["seats"][block[0]]["zone"]}
    return _err("no block of free seats that size", "SOLD_OUT")


def hold_seats(token: str, performance_id: str, seat_ids: list[str], state: State) -> dict:
    """Hold free seats for ten minutes while the customer decides."""
    if _clerk(state, token) is None:
        return _err("not signed in", "UNAUTHENTICATED")
    p = state.performances.get(performance_id)
    if p is None:
        return _err(f"no performance {performance_id}", "NOT_FOUND")
    if not isinstance(seat_ids, list) or not seat_ids:
        return _err("seat_ids must be a non-empty list", "INVALID")
    held = {s for h in state.holds.values() if h["performance"] == performance_id and h["status"] == "active"
            for s in h["seats"]}
    bad = [s for s in seat_ids if s not in p["seats"] or p["seats"][s]["status"] != "free" or s in held]
    if bad:
        return _err(f"seats not available: {', '.join(map(str, bad))}", "SEAT_UNAVAILABLE")
    hid = _next(state, "HLD-")
    state.holds[hid] = {"performance": performance_id, "seats": list(seat_ids), "status": "active"}
    return {"hold_id": hid, "performance_id": performance_id, "seat_ids": list(seat_ids), "expires_in_s": 600}


def release_hold(token: str, hold_id: str, state: State) -> dict:
    if _clerk(state, token) is None:
        return _err("not signed in", "UNAUTHENTICATED")
    h = state.holds.get(hold_id)
    if h is None or h["status"] != "active":
        return _err(f"no active hold {hold_id}", "NOT_FOUND")
    h["status"] = "released"
    return {"hold_id": hold_id, "released": list(h["seats"])}


def kill_seats(token: str, override_token: str, performance_id: str, seat_ids: list[str], note: str,
               state: State) -> dict:
    """Take free seats off sale for one performance (camera position, sightline problem). Needs a manager override."""
    if _clerk(state, token) is None:
        return _err("not signed in", "UNAUTHENTICATED")
    p = state.performances.get(performance_id)
    if p is None:
        return _err(f"no performance {performance_id}", "NOT_FOUND")
    if not isinstance(seat_ids, list) or not seat_ids:
        return _err("seat_ids must be a non-empty list", "INVALID")
    bad = [s for s in seat_ids if p["seats"].get(s, {}).get("status") != "free"]
    if bad:
        return _err(f"only free seats can be killed: {', '.join(map(str, bad))}", "SEAT_UNAVAILABLE")
    if not _use_override(state, override_token):
        return _err("a manager override is required", "OVERRIDE_REQUIRED")
    for s in seat_ids:
        p["seats"][s]["status"] = "killed"
        p["seats"][s]["note"] = note
    return {"performance_id": performance_id, "killed": list(seat_ids)}


def restore_seats(token: str, performance_id: str, seat_ids: list[str], state: State) -> dict:
    """Put killed seats back on sale."""
    if _clerk(state, token) is None:
        return _err("not signed in", "UNAUTHENTICATED")
    p = state.performances.get(performance_id)
    if p is None:
        return _err(f"no performance {performance_id}", "NOT_FOUND")
    if not isinstance(seat_ids, list) or not seat_ids:
        return _err("seat_ids must be a non-empty list", "INVALID")
    bad = [s for s in seat_ids if p["seats"].get(s, {}).get("status") != "killed" or "note" not in p["seats"][s]]
    if bad:
        return _err(f"seats are not killed from the box office: {', '.join(map(str, bad))}", "NOTHING_TO_RESTORE")
    for s in seat_ids:
        p["seats"][s]["status"] = "free"
        p["seats"][s].pop("note")
    return {"performance_id": performance_id, "restored": list(seat_ids)}


def sales_summary(performance_id: str, state: State) -> dict:
    """Seats sold, held, killed and free, and gross takings of a performance."""
    p = state.performances.get(performance_id)
    if p is None:
        return _err(f"no performance {performance_id}", "NOT_FOUND")
    counts = {"sold": 0, "killed": 0, "free": 0}
    for seat in p["seats"].values():
        counts[seat["status"]] += 1
    held = sum(len(h["seats"]) for h in state.holds.values() if h["performance"] == performance_id and h["status"] == "active")
    gross = sum(t["pence"] for o in state.orders.values() if o["status"] == "complete" for t in o["lines"]
                if t["performance_id"] == performance_id)
    return {"performance_id": performance_id, **counts, "held": held, "gross_pence": gross}


# ----------------------------------------------------------------------------- patrons

def normalize_phone(raw_phone: str, country: Literal["GB", "IE"] = "GB") -> dict:
    """A phone number as people say it ('07700 900 877') in international E.164 form ('+447700900877')."""
    digits = re.sub(r"\D", "", raw_phone)
    cc = {"GB": "44", "IE": "353"}[country]
    if raw_phone.strip().startswith("+") or raw_phone.strip().startswith("00"):
        digits = digits[2:] if raw_phone.strip().startswith("00") else digits
        e164 = "+" + digits
    elif digits.startswith("0"):
        e164 = "+" + cc + digits[1:]
    else:
        return _err("number has no trunk prefix or country code", "INVALID_PHONE")
    if not 11 <= len(e164) <= 14:
        return _err("not a valid phone number", "INVALID_PHONE")
    return {"e164": e164, "country": country}


def find_patron(email: Optional[str] = None, phone_e164: Optional[str] = None, last_name: Optional[str] = None,
                state: State = None) -> dict:
    """Find patron accounts by email, phone (E.164) or last name; at least one is needed."""
    if not (email or phone_e164 or last_name):
        return _err("give an email, a phone number or a last name", "INVALID")
    out = [{"patron_id": pid, "name": f"{p['first']} {p['last']}", "email": p["email"]}
           for pid, p in state.patrons.items()
           if (not email or (p["email"] or "").lower() == email.strip().lower())
           and (not phone_e164 or p["phone"] == phone_e164)
           and (not last_name or p["last"].lower() == last_name.strip().lower())]
    return {"patrons": out}


def create_patron(token: str, first_name: str, last_name: str, email: Optional[str] = None,
                  phone_e164: Optional[str] = None, state: State = None) -> dict:
    """Create a patron account. The phone number must be in E.164 form."""
    if _clerk(state, token) is None:
        return _err("not signed in", "UNAUTHENTICATED")
    if not first_name.strip() or not last_name.strip():
        return _err("first and last name are required", "INVALID")
    if email is not None and not re.fullmatch(r"[^@\s]+@[^@\s]+\.[a-z]{2,}", email, re.IGNORECASE):
        return _err("invalid email address", "INVALID")
    if phone_e164 is not None and not re.fullmatch(r"\+\d{10,14}", phone_e164):
        return _err("phone_e164 must look like +447700900877", "INVALID_PHONE")
    if email and any((p["email"] or "").lower() == email.lower() for p in state.patrons.values()):
        return _err("a patron with this email exists", "DUPLICATE")
    pid = _next(state, "PAT-")
    state.patrons[pid] = {"first": first_name.strip(), "last": last_name.strip(), "email": email, "phone": phone_e164,
                          "membership": None}
    return {"patron_id": pid, "name": f"{first_name.strip()} {last_name.strip()}"}


def get_patron(patron_id: str, state: State) -> dict:
    """A patron's contact details, membership, and orders as [order_id, status, delivery] rows."""
    p = state.patrons.get(patron_id)
    if p is None:
        return _err(f"no patron {patron_id}", "NOT_FOUND")
    rows = [[oid, o["status"], o["delivery"]] for oid, o in state.orders.items() if o["patron"] == patron_id]
    return {"patron_id": patron_id, "name": f"{p['first']} {p['last']}", "email": p["email"], "phone": p["phone"],
            "membership": copy.deepcopy(p["membership"]), "orders": rows}


def enrol_membership(token: str, patron_id: str, tier: Literal["friend", "patron", "benefactor"], state: State) -> dict:
    """Enrol a patron in the membership scheme (billed by the membership office)."""
    if _clerk(state, token) is None:
        return _err("not signed in", "UNAUTHENTICATED")
    p = state.patrons.get(patron_id)
    if p is None:
        return _err(f"no patron {patron_id}", "NOT_FOUND")
    if p["membership"] is not None:
        return _err(f"{p['first']} {p['last']} is already a {p['membership']['tier']} member", "CONFLICT")
    p["membership"] = {"tier": tier, "expires": "2026-06-30"}
    return {"patron_id": patron_id, "tier": tier, "expires": "2026-06-30"}


def join_waitlist(token: str, performance_id: str, patron_id: str, quantity: int, state: State) -> dict:
    """Put a patron on the returns waiting list of a sold-out performance."""
    if _clerk(state, token) is None:
        return _err("not signed in", "UNAUTHENTICATED")
    p = state.performances.get(performance_id)
    if p is None:
        return _err(f"no performance {performance_id}", "NOT_FOUND")
    if p["status"] != "sold_out":
        return _err("the waiting list is only for sold-out performances", "CONFLICT")
    if patron_id not in state.patrons:
        return _err(f"no patron {patron_id}", "NOT_FOUND")
    if not 1 <= quantity <= 4:
        return _err("quantity must be 1 to 4", "INVALID")
    wid = _next(state, "WL-")
    state.waitlist.append({"id": wid, "performance": performance_id, "patron": patron_id, "quantity": quantity})
    return {"waitlist_id": wid, "position": sum(1 for w in state.waitlist if w["performance"] == performance_id)}


def send_sms(token: str, to_e164: str, body: str, state: State) -> dict:
    """Text a patron (collection reminders, changes to a performance)."""
    if _clerk(state, token) is None:
        return _err("not signed in", "UNAUTHENTICATED")
    if not re.fullmatch(r"\+\d{10,14}", to_e164):
        return _err("to_e164 must be an E.164 number such as +447700900877", "INVALID_PHONE")
    if not body.strip() or len(body) > 459:
        return _err("body must be 1 to 459 characters", "INVALID")
    mid = _next(state, "SMS-")
    state.messages.append({"id": mid, "to": to_e164, "body": body})
    return {"message_id": mid, "segments": (len(body) - 1) // 153 + 1}


# ----------------------------------------------------------------------------- orders and payment

def create_order(token: str, patron_id: Optional[str] = None, state: State = None) -> dict:
    """Start an order at the counter, for a patron account or anonymous."""
    if _clerk(state, token) is None:
        return _err("not signed in", "UNAUTHENTICATED")
    if patron_id is not None and patron_id not in state.patrons:
        return _err(f"no patron {patron_id}", "NOT_FOUND")
    oid = _next(state, "ORD-")
    state.orders[oid] = {"patron": patron_id, "status": "open", "delivery": None, "printed": False, "lines": [],
                         "donations": [], "payments": [], "holds": []}
    return {"order_id": oid, "status": "open"}


def get_order(order_id: str, state: State) -> dict:
    """An order: lines, donations, delivery, balance due, and its tickets once complete."""
    if order_id not in state.orders:
        return _err(f"no order {order_id}", "NOT_FOUND")
    view = _order_view(state, order_id)
    o = state.orders[order_id]
    view["tickets"] = _tickets(o) if o["status"] == "complete" else []
    return view


def cancel_order(token: str, order_id: str, state: State) -> dict:
    """Abandon an open order: its seats go back on sale and any payment taken is reversed."""
    if _clerk(state, token) is None:
        return _err("not signed in", "UNAUTHENTICATED")
    o = state.orders.get(order_id)
    if o is None or o["status"] != "open":
        return _err(f"no open order {order_id}", "NOT_FOUND")
    released = []
    for hid in o["holds"]:
        state.holds[hid]["status"] = "released"
        released += state.holds[hid]["seats"]
    o["status"] = "cancelled"
    return {"order_id": order_id, "status": "cancelled", "released": released,
            "reversed_pence": sum(p["pence"] for p in o["payments"])}


def add_to_order(token: str, order_id: str, hold_id: str, price_type: str, state: State) -> dict:
    """Add the seats of a hold to an open order at one price type."""
    if _clerk(state, token) is None:
        return _err("not signed in", "UNAUTHENTICATED")
    o = state.orders.get(order_id)
    if o is None or o["status"] != "open":
        return _err(f"no open order {order_id}", "NOT_FOUND")
    h = state.holds.get(hold_id)
    if h is None or h["status"] != "active":
        return _err(f"no active hold {hold_id}", "NOT_FOUND")
    if price_type not in _PRICE_TYPES:
        return _err(f"unknown price type {price_type!r}; valid price types: {', '.join(_PRICE_TYPES)}", "INVALID_PRICE_TYPE")
    if price_type == "MEMBER" and (o["patron"] is None or state.patrons[o["patron"]]["membership"] is None):
        return _err("member prices need an order for a patron with a current membership", "NOT_A_MEMBER")
    perf = state.performances[h["performance"]]
    table = _FAMILY_PRICES if state.events[perf["event"]]["genre"] == "family" else _PRICES
    for s in h["seats"]:
        pence = table[perf["seats"][s]["zone"]][price_type]
        o["lines"].append({"barcode": None, "performance_id": h["performance"], "seat_id": s, "price_type": price_type,
                           "pence": pence, "scanned": False})
    h["status"] = "in_order"
    o["holds"].append(hold_id)
    return _order_view(state, order_id)


def add_donation(token: str, order_id: str, fund_code: str, amount_pence: int, state: State) -> dict:
    """Add a donation to one of the theatre's funds to an open order."""
    if _clerk(state, token) is None:
        return _err("not signed in", "UNAUTHENTICATED")
    o = state.orders.get(order_id)
    if o is None or o["status"] != "open":
        return _err(f"no open order {order_id}", "NOT_FOUND")
    if fund_code not in state.funds:
        return _err(f"unknown fund {fund_code!r}", "INVALID")
    if amount_pence < 100:
        return _err("donations start at 100 pence", "INVALID")
    o["donations"].append({"fund": fund_code, "pence": amount_pence})
    return _order_view(state, order_id)


def set_delivery(token: str, order_id: str, method: Delivery, state: State) -> dict:
    """How the customer gets the tickets. 'email' needs a patron with an email; 'will_call' a named patron."""
    if _clerk(state, token) is None:
        return _err("not signed in", "UNAUTHENTICATED")
    o = state.orders.get(order_id)
    if o is None or o["status"] != "open":
        return _err(f"no open order {order_id}", "NOT_FOUND")
    patron = state.patrons.get(o["patron"]) if o["patron"] else None
    if method == "email" and not (patron and patron["email"]):
        return _err("email delivery needs a patron with an email address", "INVALID")
    if method == "will_call" and patron is None:
        return _err("will-call needs a named patron on the order", "INVALID")
    o["delivery"] = method
    return {"order_id": order_id, "delivery": method}


def pay_cash(token: str, order_id: str, till_id: str, tendered_pence: int, state: State) -> dict:
    """Take cash for an order into an open till; returns the change."""
    if _clerk(state, token) is None:
        return _err("not signed in", "UNAUTHENTICATED")
    o = state.orders.get(order_id)
    if o is None or o["status"] != "open":
        return _err(f"no open order {order_id}", "NOT_FOUND")
    till = state.tills.get(till_id)
    if till is None or till["status"] != "open":
        return _err("cash needs an open till", "TILL_CLOSED")
    due = _balance(state, o)
    if due <= 0:
        return _err("nothing to pay on this order", "NOTHING_DUE")
    if tendered_pence <= 0:
        return _err("tendered_pence must be positive", "INVALID")
    taken = min(due, tendered_pence)
    o["payments"].append({"method": "cash", "pence": taken})
    till["cash"] += taken
    return {"order_id": order_id, "paid_pence": taken, "change_pence": tendered_pence - taken,
            "balance_pence": due - taken}


def card_terminal_charge(terminal_id: str, amount_pence: int, reference: Optional[str] = None,
                         state: State = None) -> dict:
    """Push an amount to a card terminal and wait for the customer's card; returns the authorisation."""
    t = state.devices.get(terminal_id)
    if t is None or t["kind"] != "card_terminal" or not t["online"]:
        return _err(f"no online card terminal {terminal_id}", "DEVICE_UNAVAILABLE")
    if amount_pence <= 0:
        return _err("amount_pence must be positive", "INVALID")
    auth = hashlib.sha1(f"{terminal_id}{amount_pence}{len(state.card_auths)}".encode()).hexdigest()[:6].upper()
    state.card_auths[auth] = {"amount": amount_pence, "used": False, "reference": reference}
    return {"approved": True, "auth_code": auth, "amount_pence": amount_pence, "card": "VISA ****4417"}


def record_card_payment(token: str, order_id: str, auth_code: str, state: State) -> dict:
    """Record an approved card-terminal authorisation as payment of an order."""
    if _clerk(state, token) is None:
        return _err("not signed in", "UNAUTHENTICATED")
    o = state.orders.get(order_id)
    if o is None or o["status"] != "open":
        return _err(f"no open order {order_id}", "NOT_FOUND")
    auth = state.card_auths.get(auth_code)
    if auth is None or auth["used"]:
        return _err("unknown or already used authorisation code", "INVALID_AUTH")
    due = _balance(state, o)
    if due <= 0:
        return _err("nothing to pay on this order", "NOTHING_DUE")
    if auth["amount"] > due:
        return _err("authorised amount is more than the balance due", "OVERPAYMENT")
    auth["used"] = True
    o["payments"].append({"method": "card", "pence": auth["amount"]})
    return {"order_id": order_id, "paid_pence": auth["amount"], "balance_pence": due - auth["amount"]}


def check_voucher(printed_code: str, state: State) -> dict:
    """Read a gift voucher as printed ('GV 4821-7730-1159'): its code, balance and expiry."""
    code = re.sub(r"[\s-]", "", printed_code).upper()
    v = state.vouchers.get(code)
    if v is None:
        return _err("voucher not found", "NOT_FOUND")
    return {"voucher_code": code, "balance_pence": v["balance"], "expires": v["expires"]}


def redeem_voucher(token: str, order_id: str, voucher_code: str, amount_pence: int, state: State) -> dict:
    """Pay part or all of an order from a gift voucher's balance."""
    if _clerk(state, token) is None:
        return _err("not signed in", "UNAUTHENTICATED")
    o = state.orders.get(order_id)
    if o is None or o["status"] != "open":
        return _err(f"no open order {order_id}", "NOT_FOUND")
    if not re.fullmatch(r"GV\d{12}", voucher_code):
        return _err("voucher_code must be the 14-character code, e.g. GV123456789012", "INVALID")
    v = state.vouchers.get(voucher_code)
    if v is None or v["expires"] < "2025-06-01":
        return _err("voucher not found or expired", "NOT_FOUND")
    due = _balance(state, o)
    if due <= 0:
        return _err("nothing to pay on this order", "NOTHING_DUE")
    if not 0 < amount_pence <= min(v["balance"], due):
        return _err(f"amount_pence must be between 1 and {min(v['balance'], due)}", "INVALID")
    v["balance"] -= amount_pence
    o["payments"].append({"method": "voucher", "pence": amount_pence})
    return {"order_id": order_id, "paid_pence": amount_pence, "voucher_balance_pence": v["balance"],
            "balance_pence": due - amount_pence}


def complete_order(token: str, order_id: str, state: State) -> dict:
    """Complete a fully paid order: seats become sold and tickets are issued."""
    if _clerk(state, token) is None:
        return _err("not signed in", "UNAUTHENTICATED")
    o = state.orders.get(order_id)
    if o is None or o["status"] != "open":
        return _err(f"no open order {order_id}", "NOT_FOUND")
    if not o["lines"]:
        return _err("order has no tickets", "EMPTY_ORDER")
    if o["delivery"] is None:
        return _err("choose a delivery method first", "NO_DELIVERY")
    if _balance(state, o) != 0:
        return _err(f"balance due: {_balance(state, o)} pence", "UNPAID")
    for t in o["lines"]:
        state.performances[t["performance_id"]]["seats"][t["seat_id"]]["status"] = "sold"
        t["barcode"] = _barcode(f"{order_id}{t['seat_id']}")
    for hid in o["holds"]:
        state.holds[hid]["status"] = "sold"
    o["status"] = "complete"
    return {"order_id": order_id, "status": "complete", "delivery": o["delivery"], "tickets": _tickets(o)}


def print_tickets(token: str, order_id: str, printer_id: str, state: State) -> dict:
    """Print the tickets of a completed order that is for printing at the box office."""
    if _clerk(state, token) is None:
        return _err("not signed in", "UNAUTHENTICATED")
    o = state.orders.get(order_id)
    if o is None or o["status"] != "complete":
        return _err(f"no completed order {order_id}", "NOT_FOUND")
    if o["delivery"] not in ("print", "collect_now"):
        return _err(f"tickets of this order are delivered by {o['delivery']}", "WRONG_DELIVERY")
    d = state.devices.get(printer_id)
    if d is None or d["kind"] != "printer" or not d["online"]:
        return _err(f"printer {printer_id} is not available", "DEVICE_UNAVAILABLE")
    o["printed"] = True
    return {"order_id": order_id, "printer_id": printer_id, "printed": len(o["lines"])}


def refund_order(token: str, order_id: str, override_token: str, reason: str, state: State) -> dict:
    """Refund a completed order to its original payment methods and release the seats. Needs a manager override."""
    if _clerk(state, token) is None:
        return _err("not signed in", "UNAUTHENTICATED")
    o = state.orders.get(order_id)
    if o is None or o["status"] != "complete":
        return _err(f"no completed order {order_id}", "NOT_FOUND")
    if any(t["scanned"] for t in o["lines"]):
        return _err("tickets of this order were already used", "CONFLICT")
    if not reason.strip():
        return _err("reason is required", "INVALID")
    if not _use_override(state, override_token):
        return _err("refunds need a manager override", "OVERRIDE_REQUIRED")
    for t in o["lines"]:
        state.performances[t["performance_id"]]["seats"][t["seat_id"]]["status"] = "free"
    o["status"] = "refunded"
    return {"order_id": order_id, "status": "refunded", "refunded_pence": sum(p["pence"] for p in o["payments"]),
            "methods": sorted({p["method"] for p in o["payments"]})}


def exchange_seats(token: str, order_id: str, new_hold_id: str, state: State) -> dict:
    """Swap all tickets of a completed order for held seats at another performance of the same event."""
    if _clerk(state, token) is None:
        return _err("not signed in", "UNAUTHENTICATED")
    o = state.orders.get(order_id)
    if o is None or o["status"] != "complete":
        return _err(f"no completed order {order_id}", "NOT_FOUND")
    h = state.holds.get(new_hold_id)
    if h is None or h["status"] != "active":
        return _err(f"no active hold {new_hold_id}", "NOT_FOUND")
    old_perf = o["lines"][0]["performance_id"]
    if state.performances[h["performance"]]["event"] != state.performances[old_perf]["event"]:
        return _err("exchanges are within the same event", "INVALID")
    if h["performance"] == old_perf or len(h["seats"]) != len(o["lines"]):
        return _err("hold the same number of seats at a different performance", "INVALID")
    for t in o["lines"]:
        state.performances[t["performance_id"]]["seats"][t["seat_id"]]["status"] = "free"
    for t, s in zip(o["lines"], h["seats"]):
        t.update(performance_id=h["performance"], seat_id=s, barcode=_barcode(f"{order_id}{s}x"), scanned=False)
        state.performances[h["performance"]]["seats"][s]["status"] = "sold"
    h["status"] = "sold"
    return {"order_id": order_id, "tickets": _tickets(o), "difference_pence": 0}


# ----------------------------------------------------------------------------- will-call and the doors

def will_call_search(performance_id: str, last_name: str, state: State) -> dict:
    """Orders waiting at the will-call desk for a performance, by the patron's last name."""
    if performance_id not in state.performances:
        return _err(f"no performance {performance_id}", "NOT_FOUND")
    out = []
    for oid, o in state.orders.items():
        p = state.patrons.get(o["patron"]) if o["patron"] else None
        if (o["status"] == "complete" and o["delivery"] == "will_call" and p and p["last"].lower() == last_name.strip().lower()
                and any(t["performance_id"] == performance_id for t in o["lines"])):
            out.append({"order_id": oid, "name": f"{p['first']} {p['last']}", "seats": [t["seat_id"] for t in o["lines"]]})
    return {"orders": out}


def release_will_call(token: str, order_id: str, photo_id_checked: bool, state: State) -> dict:
    """Hand over will-call tickets once the collector's photo ID was checked."""
    if _clerk(state, token) is None:
        return _err("not signed in", "UNAUTHENTICATED")
    o = state.orders.get(order_id)
    if o is None or o["status"] != "complete" or o["delivery"] != "will_call":
        return _err(f"no will-call order {order_id}", "NOT_FOUND")
    if o["printed"]:
        return _err("these tickets were already collected", "CONFLICT")
    if not photo_id_checked:
        return _err("check the collector's photo ID first", "ID_REQUIRED")
    o["printed"] = True
    return {"order_id": order_id, "status": "collected", "tickets": _tickets(o)}


def register_scanner(token: str, device_id: str, gate: Literal["main", "stage_door", "circle"], state: State) -> dict:
    """Start a door-scanning session on a handheld scanner; scans use the scanner token it returns."""
    if _clerk(state, token) is None:
        return _err("not signed in", "UNAUTHENTICATED")
    d = state.devices.get(device_id)
    if d is None or d["kind"] != "scanner" or not d["online"]:
        return _err(f"no online scanner {device_id}", "DEVICE_UNAVAILABLE")
    st = "scn_" + hashlib.sha1(f"{device_id}{gate}{len(state.scanners)}".encode()).hexdigest()[:14]
    state.scanners[st] = {"device": device_id, "gate": gate}
    return {"scanner_token": st, "gate": gate}


def scan_ticket(scanner_token: str, barcode: str, state: State) -> dict:
    """Admit a ticket holder at the door."""
    if scanner_token not in state.scanners:
        return _err("scanner session not recognised", "UNAUTHENTICATED")
    for o in state.orders.values():
        if o["status"] != "complete":
            continue
        for t in o["lines"]:
            if t["barcode"] == barcode:
                if t["scanned"]:
                    return _err("ticket already scanned", "ALREADY_ADMITTED")
                t["scanned"] = True
                return {"result": "admitted", "seat_id": t["seat_id"], "performance_id": t["performance_id"]}
    return _err("unknown or cancelled ticket", "INVALID_TICKET")


def issue_comps(token: str, override_token: str, hold_id: str, recipient_name: str, reason: str, state: State) -> dict:
    """Issue complimentary tickets for held seats (press, company, house seats). Needs a manager override."""
    if _clerk(state, token) is None:
        return _err("not signed in", "UNAUTHENTICATED")
    h = state.holds.get(hold_id)
    if h is None or h["status"] != "active":
        return _err(f"no active hold {hold_id}", "NOT_FOUND")
    if len(recipient_name.split()) < 2 or not reason.strip():
        return _err("recipient's full name and a reason are required", "INVALID")
    if not _use_override(state, override_token):
        return _err("comps need a manager override", "OVERRIDE_REQUIRED")
    oid = _next(state, "ORD-")
    lines = [_ticket(oid, h["performance"], s, "COMP", 0) for s in h["seats"]]
    for s in h["seats"]:
        state.performances[h["performance"]]["seats"][s]["status"] = "sold"
    h["status"] = "sold"
    state.orders[oid] = {"patron": None, "status": "complete", "delivery": "will_call", "printed": False, "lines": lines,
                         "donations": [], "payments": [], "holds": [hold_id], "comp_for": recipient_name}
    return {"order_id": oid, "recipient": recipient_name, "tickets": _tickets(state.orders[oid])}


def list_funds(state: State) -> dict:
    """The theatre's funds that accept donations."""
    return {"funds": [{"fund_code": k, "name": v} for k, v in state.funds.items()]}


TOOLS = [
    clerk_login, manager_override, open_till, close_till, list_devices,
    search_events, list_performances, get_seat_map, get_price_list, best_available, hold_seats, release_hold,
    kill_seats, restore_seats, sales_summary,
    normalize_phone, find_patron, create_patron, get_patron, enrol_membership, join_waitlist, send_sms,
    create_order, get_order, cancel_order, add_to_order, add_donation, set_delivery, pay_cash, card_terminal_charge,
    record_card_payment, check_voucher, redeem_voucher, complete_order, print_tickets, refund_order, exchange_seats,
    will_call_search, release_will_call, register_scanner, scan_ticket, issue_comps, list_funds,
]

# What a tester is handed: a clerk's sign-in, the duty manager's code, and what customers said or showed.
FIXTURES = {
    "username": "niamh.box",
    "password": "Curtain-Up7",
    "duty_manager_code": "4417",
    "walk_in": {"name": "Aoife Brennan", "email": "aoife.b@example.com", "phone": "07700 900 877"},
    "regular": {"name": "Siobhan Kelly", "email": "siobhan.kelly@example.ie"},
    "member": {"name": "Marcus Obi", "email": "m.obi@example.co.uk"},
    "gift_voucher_as_printed": "GV 4821-7730-1159",
    "show": "The Cherry Orchard",
    "matinee_for_families": "The Gruffalo's Child",
    "cash_float": "150 pounds",
}

_TOKEN_USERS = ["manager_override", "open_till", "close_till", "hold_seats", "release_hold", "kill_seats",
                "restore_seats", "create_patron", "enrol_membership", "join_waitlist", "send_sms", "create_order",
                "add_to_order", "add_donation", "set_delivery", "pay_cash", "record_card_payment", "redeem_voucher",
                "complete_order", "print_tickets", "refund_order", "exchange_seats", "release_will_call",
                "register_scanner", "issue_comps", "cancel_order"]
_PERFORMANCE_USERS = ["get_seat_map", "get_price_list", "best_available", "hold_seats", "kill_seats", "restore_seats",
                      "join_waitlist", "sales_summary", "will_call_search"]
_OPEN_ORDER_USERS = ["add_to_order", "add_donation", "set_delivery", "pay_cash", "record_card_payment",
                     "redeem_voucher", "complete_order", "cancel_order"]
_DONE_ORDER_USERS = ["print_tickets", "refund_order", "exchange_seats"]

# (provider, consumer, what): the real prerequisites designed into the catalog.
GROUND_TRUTH = (
    [("clerk_login", c, "auth: clerk token") for c in _TOKEN_USERS]
    + [("list_performances", c, "id lookup: performance_id") for c in _PERFORMANCE_USERS]
    + [("create_order", c, "id create: order_id of an open order") for c in _OPEN_ORDER_USERS]
    + [("create_order|get_patron", c, "id lookup/create: order_id of a completed order "
                                      "(get_patron's orders are [order_id, status, delivery] rows)")
       for c in _DONE_ORDER_USERS]
    + [("complete_order", c, "state: the order must be complete") for c in _DONE_ORDER_USERS]
    + [("add_to_order", c, "state: the order must have tickets and a balance due")
       for c in ("pay_cash", "record_card_payment", "redeem_voucher", "complete_order")]
    + [("hold_seats", c, "id create: hold_id") for c in ("add_to_order", "release_hold", "exchange_seats", "issue_comps")]
    + [("manager_override", c, "second factor: single-use manager override") for c in
       ("refund_order", "kill_seats", "issue_comps")]
    + [("find_patron|create_patron", c, "id lookup/create: patron_id") for c in
       ("get_patron", "enrol_membership", "join_waitlist")]
    + [("list_devices", c, "id lookup: device_id of an online device of the right kind") for c in
       ("card_terminal_charge", "print_tickets", "register_scanner")]
    + [
        ("search_events", "list_performances", "id lookup: event_id"),
        ("get_seat_map|best_available", "hold_seats", "id lookup: seat ids (get_seat_map nests them in sections of rows)"),
        ("get_seat_map|best_available", "kill_seats", "id lookup: seat ids (list[str])"),
        ("create_order|get_patron", "get_order", "id lookup/create: order_id"),
        ("will_call_search|get_patron", "release_will_call", "id lookup: order_id of a will-call order"),
        ("get_price_list", "add_to_order", "vocabulary: price type code, listed only in add_to_order's error"),
        ("enrol_membership", "add_to_order", "state: MEMBER prices need a patron with a membership"),
        ("normalize_phone", "create_patron", "format: phone number in E.164"),
        ("normalize_phone", "send_sms", "format: phone number in E.164"),
        ("open_till", "pay_cash", "id create: till_id of an open till"),
        ("open_till", "close_till", "id create: till_id"),
        ("card_terminal_charge", "record_card_payment", "id create: card authorisation code"),
        ("check_voucher", "redeem_voucher", "format: voucher code as stored (printed with spaces and dashes)"),
        ("pay_cash|record_card_payment|redeem_voucher", "complete_order", "state: the balance must be paid"),
        ("set_delivery", "complete_order", "state: a delivery method must be chosen"),
        ("complete_order|get_order", "scan_ticket", "id lookup: ticket barcode"),
        ("register_scanner", "scan_ticket", "device auth: scanner token"),
        ("kill_seats", "restore_seats", "no-op: restoring seats that are not killed is refused"),
        ("list_funds", "add_donation", "id lookup: fund_code"),
    ]
)

# Real dependencies the ground truth does not list (transitive ones and alternative sources).
PLAUSIBLE = {
    *[("search_events", c) for c in _PERFORMANCE_USERS + ["add_to_order", "exchange_seats", "issue_comps",
                                                          "release_hold", "release_will_call"]],
    *[("list_performances", c) for c in ("add_to_order", "release_hold", "exchange_seats", "issue_comps",
                                         "release_will_call", "complete_order")],
    *[("find_patron", c) for c in ("create_order", "set_delivery", "get_order", "print_tickets", "refund_order",
                                   "exchange_seats", "release_will_call", "scan_ticket", "add_to_order", "send_sms")],
    *[("create_patron", c) for c in ("create_order", "set_delivery", "add_to_order")],
    *[(p, c) for p in ("get_seat_map", "best_available")
      for c in ("add_to_order", "release_hold", "exchange_seats", "issue_comps", "restore_seats")],
    ("get_patron", "send_sms"), ("get_patron", "create_order"), ("get_patron", "scan_ticket"),
    ("get_patron", "will_call_search"), ("normalize_phone", "find_patron"), ("normalize_phone", "get_patron"),
    ("get_order", "refund_order"), ("get_order", "print_tickets"), ("get_order", "exchange_seats"),
    ("get_order", "release_will_call"), ("get_order", "card_terminal_charge"), ("get_order", "pay_cash"),
    ("get_order", "redeem_voucher"), ("add_to_order", "get_order"), ("add_to_order", "card_terminal_charge"),
    ("check_voucher", "complete_order"), ("card_terminal_charge", "complete_order"), ("open_till", "complete_order"),
    ("set_delivery", "print_tickets"), ("set_delivery", "release_will_call"), ("add_to_order", "print_tickets"),
    ("add_to_order", "refund_order"), ("add_to_order", "exchange_seats"), ("add_to_order", "scan_ticket"),
    ("pay_cash", "print_tickets"), ("pay_cash", "refund_order"), ("pay_cash", "close_till"),
    ("complete_order", "get_order"), ("complete_order", "sales_summary"), ("complete_order", "release_will_call"),
    ("complete_order", "will_call_search"), ("issue_comps", "scan_ticket"), ("issue_comps", "release_will_call"),
    ("exchange_seats", "scan_ticket"), ("release_will_call", "scan_ticket"), ("hold_seats", "get_seat_map"),
    ("hold_seats", "best_available"), ("hold_seats", "sales_summary"), ("kill_seats", "get_seat_map"),
    ("refund_order", "get_seat_map"), ("refund_order", "sales_summary"), ("manager_override", "restore_seats"),
    ("list_devices", "scan_ticket"), ("list_devices", "record_card_payment"), ("clerk_login", "scan_ticket"),
    ("clerk_login", "get_order"), ("create_order", "scan_ticket"), ("set_delivery", "scan_ticket"),
}
