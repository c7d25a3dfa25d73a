"""LockerPost: the partner and operations API of a parcel-locker network (41 calls).

Plain functions over an in-memory ``State`` of the network's Bristol and Bath lockers on Tuesday
10 June 2025. A merchant's integration quotes and creates shipments to a locker, prints labels,
tracks parcels, extends holds, raises returns, reads its invoices and disputes charges, and
registers webhooks; the operations console runs courier routes (loading parcels, reserving a
compartment, depositing, picking up returns), the support desk verifies a recipient and reissues
a pickup code, and field operations block compartments, change a locker's mode and send
technicians to faults. Recipients collect at the locker's kiosk with their code and drop returns
off with a drop code, without signing in.

Replies are envelopes in the style of Slack's Web API: ``{"ok": true, ...}`` with the records
nested under a key, and every refusal ``{"ok": false, "error": "<snake_case_code>", "detail": ...}``
(never raised). Two calls answer differently: ``format_phone`` answers a bare string, and the
support desk's ``verify_recipient`` and ``reissue_pickup_code`` answer a sentence with the
reference or code inside. Sign-in is OAuth client credentials: ``auth_token`` answers the bearer
token nested two levels down (``auth.access.token``), with the scopes it was granted.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as
provider means either tool satisfies it, and the text of ``what`` before its first ``:`` is the
kind.
"""

from __future__ import annotations

import enum
import hashlib
import re
from dataclasses import dataclass, field
from datetime import date, timedelta
from typing import Literal


class Size(enum.Enum):
    """Compartment and parcel sizes (S: 8 x 38 x 64 cm, M: 19 x 38 x 64 cm, L: 41 x 38 x 64 cm)."""

    S = "S"
    M = "M"
    L = "L"


_RANK = {"S": 1, "M": 2, "L": 3}
_MAX_KG = {"S": 5.0, "M": 15.0, "L": 25.0}
TODAY = date(2025, 6, 10)
NOW = "2025-06-10T10:00"

_SCOPES = ("shipments", "billing", "webhooks", "courier", "support", "ops")
_CLIENTS = {
    "hg_live_7731": {"secret": "sk_9f2c4e1b77a0", "name": "Harbour Goods Ltd",
                     "allowed": ("shipments", "billing", "webhooks")},
    "ops-console": {"secret": "oc_51de0a9b3c", "name": "LockerPost operations",
                    "allowed": ("shipments", "courier", "support", "ops")},
}
_SERVICES = {"ECONOMY": 2.79, "NEXT_DAY": 3.49, "SAME_DAY": 6.90}   # named in error details only
_SIZE_EXTRA = {"S": 0.0, "M": 0.80, "L": 2.10}
_RETURN_REASONS = ("DAMAGED", "WRONG_ITEM", "NOT_AS_DESCRIBED", "NO_LONGER_NEEDED")  # error details only
_EVENTS = ("shipment.created", "parcel.loaded", "parcel.deposited", "parcel.collected", "hold.expiring",
           "return.dropped")  # error details only
_COURIERS = {"C-4471": "Jon Price", "C-5108": "Marta Nowak"}
_TECHNICIANS = {"TECH-14": ("Sam Reid", "BRS", ["lock", "door", "screen"]),
                "TECH-19": ("Ife Bello", "BRS", ["door", "cleaning"]),
                "TECH-22": ("Lou Grant", "BTH", ["lock", "door", "screen", "power"])}


def _cells(locker_id: str, spec: str) -> dict:
    """``"A1:S A2:S B1:M"`` -> door label -> compartment (opaque id, size, state), all free."""
    return {c: {"id": "cmp_" + hashlib.sha256(f"{locker_id}:{c}".encode()).hexdigest()[:8], "size": s,
                "state": "free", "item": None} for c, s in (x.split(":") for x in spec.split())}


def _seed_lockers() -> dict:
    lockers = {
        "LK-BRS-014": {"name": "Temple Meads Station", "postcode": "BS1 6QF", "town": "Bristol", "mode": "live",
                       "cells": _cells("LK-BRS-014", "A1:S A2:S A3:S A4:S B1:M B2:M B3:M C1:L")},
        "LK-BRS-022": {"name": "Cabot Circus car park", "postcode": "BS1 3BX", "town": "Bristol", "mode": "live",
                       "cells": _cells("LK-BRS-022", "A1:S A2:S B1:M B2:M C1:L")},
        "LK-BRS-031": {"name": "Gloucester Road Co-op", "postcode": "BS7 8AE", "town": "Bristol", "mode": "live",
                       "cells": _cells("LK-BRS-031", "A1:S A2:S B1:M C1:L")},
        "LK-BTH-003": {"name": "Bath Spa station", "postcode": "BA1 1SU", "town": "Bath", "mode": "maintenance",
                       "cells": _cells("LK-BTH-003", "A1:S A2:S B1:M C1:L")},
    }
    lockers["LK-BRS-014"]["cells"]["A1"].update(state="occupied", item="LP100000001GB")
    lockers["LK-BRS-014"]["cells"]["A2"].update(state="blocked", item="door_jammed")
    lockers["LK-BRS-014"]["cells"]["B1"].update(state="occupied", item="RMA-7001")
    lockers["LK-BRS-022"]["cells"]["A2"].update(state="occupied", item="LP100000005GB")
    return lockers


def _ship(client, sender, name, phone, email, locker, size, service, status, price, **more) -> dict:
    return {"client": client, "sender": sender, "recipient": {"name": name, "phone": phone, "email": email},
            "locker": locker, "size": size, "service": service, "status": status, "price": price, "cell": None,
            "code": None, "hold_until": None, "extended": False, "route": None, **more}


def _seed_shipments() -> dict:
    return {
        "LP100000001GB": _ship("hg_live_7731", "SND-01", "Ana Costa", "+447700900417", "ana.costa@example.com",
                               "LK-BRS-014", "S", "NEXT_DAY", "in_locker", 3.49, cell="A1", code="512804",
                               hold_until="2025-06-12"),
        "LP100000002GB": _ship("hg_live_7731", "SND-01", "Ben Okoye", "+447700900552", None, "LK-BRS-022", "M",
                               "ECONOMY", "label_created", 3.59),
        "LP100000003GB": _ship("hg_live_7731", "SND-01", "Chloe Dubois", "+447700900610", "chloe.d@example.com",
                               "LK-BRS-031", "S", "NEXT_DAY", "label_printed", 3.49),
        "LP100000004GB": _ship("hg_live_7731", "SND-02", "Dev Malhotra", "+447700900733", "dev.m@example.com",
                               "LK-BRS-014", "S", "NEXT_DAY", "collected", 3.49),
        "LP100000005GB": _ship("hg_live_7731", "SND-01", "Ellie Ward", "+447700900268", None, "LK-BRS-022", "S",
                               "ECONOMY", "in_locker", 2.79, cell="A2", code="377120", hold_until="2025-06-13",
                               extended=True),
    }


def _seed_events() -> dict:
    return {
        "LP100000001GB": [["2025-06-08T16:40", "LABEL_CREATED", "online"], ["2025-06-09T07:55", "LOADED", "RT-0609-01"],
                          ["2025-06-09T11:20", "DEPOSITED", "LK-BRS-014"]],
        "LP100000002GB": [["2025-06-10T08:12", "LABEL_CREATED", "online"]],
        "LP100000003GB": [["2025-06-09T18:03", "LABEL_CREATED", "online"], ["2025-06-09T18:05", "LABEL_PRINTED", "online"]],
        "LP100000004GB": [["2025-06-05T09:00", "LABEL_CREATED", "online"], ["2025-06-06T12:31", "DEPOSITED", "LK-BRS-014"],
                          ["2025-06-07T17:48", "COLLECTED", "LK-BRS-014"]],
        "LP100000005GB": [["2025-06-06T10:10", "LABEL_CREATED", "online"], ["2025-06-07T13:02", "DEPOSITED", "LK-BRS-022"],
                          ["2025-06-09T09:30", "HOLD_EXTENDED", "online"]],
    }


@dataclass
class State:
    """The network at 10:00 on a Tuesday: four lockers, five shipments, one return awaiting pickup."""

    tokens: dict = field(default_factory=dict)
    lockers: dict = field(default_factory=_seed_lockers)
    senders: dict = field(default_factory=lambda: {
        "SND-01": {"client": "hg_live_7731", "name": "Harbour Goods warehouse",
                   "address": ["Unit 4, Portside Park", "Avonmouth", "Bristol"], "postcode": "BS11 9YA",
                   "phone": "+441179460100"},
        "SND-02": {"client": "hg_live_7731", "name": "Harbour Goods returns desk",
                   "address": ["Unit 5, Portside Park", "Avonmouth", "Bristol"], "postcode": "BS11 9YA",
                   "phone": "+441179460101"},
    })
    quotes: dict = field(default_factory=dict)
    shipments: dict = field(default_factory=_seed_shipments)
    events: dict = field(default_factory=_seed_events)
    routes: dict = field(default_factory=dict)
    reservations: dict = field(default_factory=dict)
    verifications: dict = field(default_factory=dict)
    returns: dict = field(default_factory=lambda: {
        "RMA-7001": {"client": "hg_live_7731", "tracking": "LP099999850GB", "reason": "WRONG_ITEM",
                     "items": ["Canvas tote, navy"], "size": "M", "drop_code": "R318805", "status": "dropped",
                     "locker": "LK-BRS-014", "cell": "B1", "outcome": None},
    })
    faults: dict = field(default_factory=lambda: {
        3298: {"locker": "LK-BRS-014", "summary": "A2 door jams half open", "severity": 2, "doors": ["A2"],
               "status": "open", "technician": None, "resolution": None},
    })
    invoices: dict = field(default_factory=lambda: {
        "INV-2505-0113": {"client": "hg_live_7731", "period": "2025-05", "issued": "2025-06-02",
                          "lines": [[1, "LP099999871GB", "NEXT_DAY S", 3.49], [2, "LP099999872GB", "NEXT_DAY M", 4.29],
                                    [3, "LP099999873GB", "Redelivery surcharge", 1.50],
                                    [4, "LP099999874GB", "ECONOMY S", 2.79], [5, "LP099999874GB", "Oversize surcharge", 2.00]],
                          "disputed": []},
        "INV-2504-0097": {"client": "hg_live_7731", "period": "2025-04", "issued": "2025-05-02",
                          "lines": [[1, "LP099999702GB", "NEXT_DAY S", 3.49]], "disputed": []},
    })
    disputes: dict = field(default_factory=dict)
    webhooks: dict = field(default_factory=dict)
    counters: dict = field(default_factory=lambda: {
        "token": 0, "Q-": 5500, "LP": 100000005, "SND-": 2, "RT-": 0, "RSV-": 8800, "code": 0, "VR-": 2200,
        "RMA-": 7001, "fault": 3298, "DSP-": 90, "wh": 0})


# ----------------------------------------------------------------------------- helpers

def _next(state: State, key: str) -> int:
    state.counters[key] += 1
    return state.counters[key]


def _err(error: str, detail: str | None = None, **more) -> dict:
    out = {"ok": False, "error": error}
    if detail:
        out["detail"] = detail
    return {**out, **more}


def _deny(state: State, token: str, scope: str) -> dict | None:
    t = state.tokens.get(token)
    if t is None:
        return _err("invalid_auth", "bearer token missing, expired or revoked")
    if scope not in t["scopes"]:
        return _err("missing_scope", f"this call needs the '{scope}' scope", needed=scope, provided=t["scopes"])
    return None


def _client(state: State, token: str) -> str:
    return state.tokens[token]["client"]


def _shipment(state: State, token: str, tracking: str) -> dict | None:
    s = state.shipments.get((tracking or "").strip().upper())
    if s is None:
        return None
    client = _client(state, token)
    return s if client == "ops-console" or s["client"] == client else None


def _event(state: State, tracking: str, code: str, where: str) -> None:
    state.events.setdefault(tracking, []).append([NOW, code, where])


def _pickup_code(state: State) -> str:
    n = _next(state, "code")
    return f"{int(hashlib.sha256(f'pickup-{n}'.encode()).hexdigest(), 16) % 900000 + 100000}"


def _spaced(code: str) -> str:
    return f"{code[:3]} {code[3:]}"


def _free_cell(locker: dict, size: str) -> str | None:
    return next((c for c, x in sorted(locker["cells"].items()) if x["state"] == "free" and x["size"] == size), None)


def _region(locker_id: str) -> str:
    return locker_id.split("-")[1]


def _norm_postcode(text: str) -> str:
    return re.sub(r"\s+", "", text or "").upper()


# ----------------------------------------------------------------------------- sign-in and webhooks

def auth_token(client_id: str, client_secret: str, scopes: list[str], state: State) -> dict:
    """Get a bearer token by OAuth client credentials.

    ``scopes`` are some of shipments, billing, webhooks, courier, support and ops; a client is only
    granted the scopes its contract allows. The token is under ``auth.access.token``.
    """
    c = _CLIENTS.get(client_id)
    if c is None or c["secret"] != client_secret:
        return _err("invalid_client", "unknown client id or wrong secret")
    unknown = [s for s in scopes if s not in _SCOPES]
    if unknown or not scopes:
        return _err("invalid_scope", f"unknown scopes: {unknown}" if unknown else "ask for at least one scope")
    refused = [s for s in scopes if s not in c["allowed"]]
    if refused:
        return _err("scope_not_allowed", f"{c['name']} may not use: {', '.join(refused)}")
    n = _next(state, "token")
    token = "lpat_" + hashlib.sha256(f"{client_id}:{n}".encode()).hexdigest()[:24]
    state.tokens[token] = {"client": client_id, "scopes": sorted(set(scopes))}
    return {"ok": True, "auth": {"token_type": "bearer", "access": {"token": token, "expires_in": 3600},
                                 "granted": sorted(set(scopes)), "client": c["name"]}}


def register_webhook(token: str, url: str, events: list[str], state: State) -> dict:
    """Ask for event callbacks to an https URL. Pass the event names to subscribe to."""
    if (e := _deny(state, token, "webhooks")):
        return e
    if not url.startswith("https://"):
        return _err("invalid_url", "webhook URLs must use https")
    bad = [ev for ev in events if ev not in _EVENTS]
    if bad or not events:
        return _err("unknown_event", f"no such events: {bad}; known events: {', '.join(_EVENTS)}")
    client = _client(state, token)
    if any(w["url"] == url and w["client"] == client for w in state.webhooks.values()):
        return _err("already_registered", "this URL already has a webhook; delete it first")
    n = _next(state, "wh")
    wid = "wh_" + hashlib.sha256(f"{client}:{n}".encode()).hexdigest()[:10]
    state.webhooks[wid] = {"client": client, "url": url, "events": list(events), "deliveries": 0}
    return {"ok": True, "webhook": {"id": wid, "url": url, "events": list(events),
                                    "signing_secret": "whsec_" + hashlib.sha256(wid.encode()).hexdigest()[:16]}}


def test_webhook(token: str, webhook_id: str, state: State) -> dict:
    """Send a ping event to a registered webhook and report what its endpoint answered."""
    if (e := _deny(state, token, "webhooks")):
        return e
    w = state.webhooks.get(webhook_id)
    if w is None or w["client"] != _client(state, token):
        return _err("webhook_not_found")
    w["deliveries"] += 1
    return {"ok": True, "delivery": {"event": "ping", "url": w["url"], "response_code": 200, "attempt": w["deliveries"]}}


def delete_webhook(token: str, webhook_id: str, state: State) -> dict:
    """Stop a webhook's callbacks."""
    if (e := _deny(state, token, "webhooks")):
        return e
    w = state.webhooks.get(webhook_id)
    if w is None or w["client"] != _client(state, token):
        return _err("webhook_not_found")
    del state.webhooks[webhook_id]
    return {"ok": True, "deleted": webhook_id}


# ----------------------------------------------------------------------------- network and prices

def format_phone(number: str, country: str = "GB") -> str | dict:
    """The number in E.164 form (``+447700900123``), which recipient phone numbers must be in.

    Pass the number as the customer wrote it, and the ISO country it belongs to (only GB and IE
    numbers are served).
    """
    digits = re.sub(r"\D", "", number or "")
    prefix = {"GB": "44", "IE": "353"}.get(country.upper())
    if prefix is None:
        return _err("unsupported_country", "recipients must have a GB or IE mobile number")
    if number.strip().startswith("+") or digits.startswith("00"):
        digits = digits[2:] if digits.startswith("00") else digits
        if not digits.startswith(prefix):
            return _err("invalid_number", f"not a {country.upper()} number")
        digits = digits[len(prefix):]
    digits = digits.lstrip("0")
    if not (9 <= len(digits) <= 10):
        return _err("invalid_number", "wrong number of digits")
    return f"+{prefix}{digits}"


def find_lockers(postcode: str | None = None, town: str | None = None, size: Size | None = None,
                 state: State = None) -> dict:
    """Lockers near a postcode (exact postcode first, then the same postcode district) or in a town,
    with how many compartments of each size are free. Pass ``size`` to keep only lockers with one of
    that size free."""
    want = Size(size).value if size is not None else None
    pc = _norm_postcode(postcode) if postcode else None
    rows = []
    for lid, lk in state.lockers.items():
        lpc = _norm_postcode(lk["postcode"])
        if pc and not (lpc == pc or lpc[:-3] == pc[:-3]):
            continue
        if town and town.strip().lower() != lk["town"].lower():
            continue
        free = {s: sum(1 for x in lk["cells"].values() if x["size"] == s and x["state"] == "free") for s in _RANK}
        if want and (lk["mode"] != "live" or not free[want]):
            continue
        rows.append({"locker_id": lid, "name": lk["name"], "postcode": lk["postcode"], "region": _region(lid),
                     "mode": lk["mode"], "free": free, "exact": bool(pc) and lpc == pc})
    rows.sort(key=lambda r: (not r["exact"], r["locker_id"]))
    return {"ok": True, "lockers": [{k: v for k, v in r.items() if k != "exact"} for r in rows]}


def locker_status(token: str, locker_id: str, state: State) -> dict:
    """A locker's compartments as its bank of columns (one list per column, top to bottom), each with
    its compartment id, the label on its door, size and state."""
    if (e := _deny(state, token, "ops")):
        return e
    lk = state.lockers.get(locker_id)
    if lk is None:
        return _err("locker_not_found")
    columns: dict = {}
    for cell, x in sorted(lk["cells"].items()):
        columns.setdefault(cell[0], []).append({"compartment_id": x["id"], "door": cell, "size": x["size"],
                                                "state": x["state"],
                                                "note": x["item"] if x["state"] == "blocked" else None})
    return {"ok": True, "locker": {"locker_id": locker_id, "name": lk["name"], "mode": lk["mode"],
                                   "bank": [columns[k] for k in sorted(columns)]}}


def quote_shipment(size: Size, service: str, weight_kg: float, state: State) -> dict:
    """Price a parcel of a size and weight for a service; the quote id holds the price for 24 hours."""
    try:
        size = Size(size).value
    except ValueError:
        return _err("invalid_size", "size must be S, M or L")
    code = service.strip().upper().replace(" ", "_").replace("-", "_")
    if code not in _SERVICES:
        return _err("invalid_service", f"no service {service!r}; services: {', '.join(sorted(_SERVICES))}")
    if not 0 < weight_kg <= _MAX_KG[size]:
        return _err("too_heavy", f"a size {size} parcel may weigh up to {_MAX_KG[size]:g} kg")
    qid = f"Q-{_next(state, 'Q-')}"
    price = round(_SERVICES[code] + _SIZE_EXTRA[size], 2)
    state.quotes[qid] = {"size": size, "service": code, "price": price, "used": False}
    return {"ok": True, "quote": {"quote_id": qid, "size": size, "service": code, "price": price,
                                  "valid_until": "2025-06-11T10:00"}}


# ----------------------------------------------------------------------------- merchant: senders and shipments

def list_senders(token: str, state: State) -> dict:
    """The merchant's saved sender addresses."""
    if (e := _deny(state, token, "shipments")):
        return e
    client = _client(state, token)
    return {"ok": True, "senders": [{"sender_id": sid, "name": s["name"], "postcode": s["postcode"]}
                                    for sid, s in state.senders.items() if s["client"] == client]}


def add_sender(token: str, name: str, address_lines: list[str], postcode: str, phone: str, state: State) -> dict:
    """Save a sender address (a warehouse, a shop, a returns desk)."""
    if (e := _deny(state, token, "shipments")):
        return e
    client = _client(state, token)
    if any(s["name"].lower() == name.strip().lower() and s["client"] == client for s in state.senders.values()):
        return _err("sender_exists", "a sender with this name is saved already")
    if not address_lines:
        return _err("invalid_address", "give at least one address line")
    sid = f"SND-{_next(state, 'SND-'):02d}"
    state.senders[sid] = {"client": client, "name": name.strip(), "address": list(address_lines),
                          "postcode": postcode.strip().upper(), "phone": phone}
    return {"ok": True, "sender": {"sender_id": sid, "name": name.strip()}}


def create_shipment(token: str, sender_id: str, quote_id: str, locker_id: str, recipient: dict,
                    reference: str | None = None, state: State = None) -> dict:
    """Create a shipment to a locker at a quoted price.

    ``recipient`` is ``{"name": ..., "phone": ..., "email": ...}`` (email optional); the phone is
    where the pickup code goes, in E.164 form.
    """
    if (e := _deny(state, token, "shipments")):
        return e
    client = _client(state, token)
    s = state.senders.get(sender_id)
    if s is None or s["client"] != client:
        return _err("unknown_sender", "no such sender for this account")
    q = state.quotes.get(quote_id)
    if q is None or q["used"]:
        return _err("invalid_quote", "quote not found, used or expired; quote again")
    lk = state.lockers.get(locker_id)
    if lk is None:
        return _err("locker_not_found")
    if lk["mode"] != "live":
        return _err("locker_unavailable", f"{lk['name']} is in {lk['mode']} mode")
    if not any(x["size"] == q["size"] for x in lk["cells"].values()):
        return _err("size_not_served", f"{lk['name']} has no size {q['size']} compartments")
    phone = str(recipient.get("phone", ""))
    if not re.fullmatch(r"\+\d{11,13}", phone):
        return _err("invalid_recipient_phone", "recipient phone must be in E.164 form, like +447700900123")
    if not str(recipient.get("name", "")).strip():
        return _err("invalid_recipient", "recipient name is required")
    q["used"] = True
    tracking = f"LP{_next(state, 'LP')}GB"
    state.shipments[tracking] = _ship(client, sender_id, recipient["name"].strip(), phone, recipient.get("email"),
                                      locker_id, q["size"], q["service"], "label_created", q["price"],
                                      reference=reference)
    _event(state, tracking, "LABEL_CREATED", "online")
    return {"ok": True, "shipment": {"tracking": tracking, "status": "label_created", "locker_id": locker_id,
                                     "size": q["size"], "service": q["service"], "price": q["price"]}}


def print_label(token: str, tracking: str, format: Literal["pdf", "zpl"] = "pdf", state: State = None) -> dict:
    """The shipping label of a shipment (a courier only takes a parcel whose label was printed)."""
    if (e := _deny(state, token, "shipments")):
        return e
    s = _shipment(state, token, tracking)
    if s is None:
        return _err("shipment_not_found")
    if s["status"] not in ("label_created", "label_printed"):
        return _err("label_locked", f"the parcel is already {s['status']}")
    tracking = tracking.strip().upper()
    if s["status"] == "label_created":
        s["status"] = "label_printed"
        _event(state, tracking, "LABEL_PRINTED", "online")
    body = (f"^XA^FO40,40^BCN,120^FD{tracking}^FS^FO40,200^FD{s['recipient']['name']} / {s['locker']}^FS^XZ"
            if format == "zpl" else hashlib.sha256(tracking.encode()).hexdigest())
    return {"ok": True, "label": {"tracking": tracking, "format": format, "content": body}}


def track(tracking: str, state: State) -> dict:
    """Where a parcel is: its status and its events as ``[time, event, where]`` rows (no sign-in)."""
    t = (tracking or "").strip().upper()
    s = state.shipments.get(t)
    if s is None:
        return _err("shipment_not_found")
    return {"ok": True, "tracking": t, "status": s["status"], "locker_id": s["locker"],
            "locker": state.lockers[s["locker"]]["name"],
            "hold_until": s["hold_until"], "events": [list(ev) for ev in state.events.get(t, [])]}


def find_shipments(token: str, status: str | None = None, locker_id: str | None = None,
                   recipient: str | None = None, state: State = None) -> dict:
    """Shipments as ``[tracking, status, locker_id, recipient, size]`` rows, newest first; filter by
    status, destination locker or part of the recipient's name."""
    if (e := _deny(state, token, "shipments")):
        return e
    client = _client(state, token)
    rows = [[t, s["status"], s["locker"], s["recipient"]["name"], s["size"]]
            for t, s in sorted(state.shipments.items(), reverse=True)
            if (client == "ops-console" or s["client"] == client) and (status is None or s["status"] == status)
            and (locker_id is None or s["locker"] == locker_id)
            and (recipient is None or recipient.strip().lower() in s["recipient"]["name"].lower())]
    return {"ok": True, "count": len(rows), "results": rows}


def cancel_shipment(token: str, tracking: str, reason: str, state: State) -> dict:
    """Cancel a shipment that no courier has taken yet; its price is credited."""
    if (e := _deny(state, token, "shipments")):
        return e
    s = _shipment(state, token, tracking)
    if s is None:
        return _err("shipment_not_found")
    if s["status"] not in ("label_created", "label_printed"):
        return _err("cannot_cancel", f"the parcel is {s['status']}")
    s["status"], s["cancel_reason"] = "cancelled", reason
    _event(state, tracking.strip().upper(), "CANCELLED", "online")
    return {"ok": True, "cancelled": tracking.strip().upper(), "credit": s["price"]}


def redirect_parcel(token: str, tracking: str, locker_id: str, state: State) -> dict:
    """Send a parcel that is not yet in a locker to another locker."""
    if (e := _deny(state, token, "shipments")):
        return e
    s = _shipment(state, token, tracking)
    if s is None:
        return _err("shipment_not_found")
    if s["status"] not in ("label_created", "label_printed", "loaded"):
        return _err("cannot_redirect", f"the parcel is {s['status']}")
    lk = state.lockers.get(locker_id)
    if lk is None:
        return _err("locker_not_found")
    if locker_id == s["locker"]:
        return _err("same_locker", "the parcel is already going there")
    if lk["mode"] != "live":
        return _err("locker_unavailable", f"{lk['name']} is in {lk['mode']} mode")
    s["locker"] = locker_id
    _event(state, tracking.strip().upper(), "REDIRECTED", locker_id)
    return {"ok": True, "tracking": tracking.strip().upper(), "locker": {"locker_id": locker_id, "name": lk["name"]}}


def extend_hold(token: str, tracking: str, days: int, state: State) -> dict:
    """Keep a parcel in its locker 1 to 3 days longer (once per parcel)."""
    if (e := _deny(state, token, "shipments")):
        return e
    s = _shipment(state, token, tracking)
    if s is None:
        return _err("shipment_not_found")
    if s["status"] != "in_locker":
        return _err("not_in_locker", f"the parcel is {s['status']}")
    if not 1 <= days <= 3:
        return _err("invalid_days", "a hold can be extended by 1 to 3 days")
    if s["extended"]:
        return _err("already_extended", "a parcel's hold can be extended once")
    s["extended"] = True
    s["hold_until"] = (date.fromisoformat(s["hold_until"]) + timedelta(days=days)).isoformat()
    _event(state, tracking.strip().upper(), "HOLD_EXTENDED", "online")
    return {"ok": True, "tracking": tracking.strip().upper(), "hold_until": s["hold_until"]}


# ----------------------------------------------------------------------------- courier

def start_route(token: str, badge: str, vehicle_reg: str, state: State) -> dict:
    """Open a courier's route for the day (one open route per courier)."""
    if (e := _deny(state, token, "courier")):
        return e
    driver = _COURIERS.get(badge.strip().upper())
    if driver is None:
        return _err("unknown_badge")
    if any(r["badge"] == badge.strip().upper() and r["open"] for r in state.routes.values()):
        return _err("route_already_open", "end the open route first")
    rid = f"RT-0610-{_next(state, 'RT-'):02d}"
    state.routes[rid] = {"badge": badge.strip().upper(), "driver": driver, "vehicle": vehicle_reg.strip().upper(),
                         "open": True, "parcels": [], "returns": []}
    return {"ok": True, "route": {"route_id": rid, "driver": driver, "vehicle": vehicle_reg.strip().upper()}}


def _route(state: State, route_id: str) -> dict | None:
    r = state.routes.get(route_id)
    return r if r is not None and r["open"] else None


def load_parcel(token: str, route_id: str, tracking: str, state: State) -> dict:
    """Scan a labelled parcel into the van on a route."""
    if (e := _deny(state, token, "courier")):
        return e
    r = _route(state, route_id)
    if r is None:
        return _err("route_not_open")
    s = _shipment(state, token, tracking)
    if s is None:
        return _err("shipment_not_found")
    if s["status"] == "label_created":
        return _err("label_not_printed", "the parcel has no printed label")
    if s["status"] != "label_printed":
        return _err("not_loadable", f"the parcel is {s['status']}")
    t = tracking.strip().upper()
    s["status"], s["route"] = "loaded", route_id
    r["parcels"].append(t)
    _event(state, t, "LOADED", route_id)
    return {"ok": True, "loaded": t, "on_board": sum(1 for p in r["parcels"] if state.shipments[p]["status"] == "loaded")}


def route_manifest(token: str, route_id: str, state: State) -> dict:
    """A route's parcels as ``[tracking, locker_id, size, status]`` rows and its returns picked up."""
    if (e := _deny(state, token, "courier")):
        return e
    r = state.routes.get(route_id)
    if r is None:
        return _err("route_not_found")
    return {"ok": True, "route_id": route_id, "open": r["open"],
            "manifest": [[t, state.shipments[t]["locker"], state.shipments[t]["size"], state.shipments[t]["status"]]
                         for t in r["parcels"]], "returns": list(r["returns"])}


def reserve_compartment(token: str, locker_id: str, size: Size, state: State) -> dict:
    """Hold a free compartment of a size in a live locker for 15 minutes, ready for a deposit."""
    if (e := _deny(state, token, "courier")):
        return e
    lk = state.lockers.get(locker_id)
    if lk is None:
        return _err("locker_not_found")
    if lk["mode"] != "live":
        return _err("locker_unavailable", f"{lk['name']} is in {lk['mode']} mode")
    try:
        size = Size(size).value
    except ValueError:
        return _err("invalid_size", "size must be S, M or L")
    cell = _free_cell(lk, size)
    if cell is None:
        return _err("no_free_compartment", f"no free size {size} compartment at {lk['name']}")
    rid = f"RSV-{_next(state, 'RSV-')}"
    lk["cells"][cell].update(state="reserved", item=rid)
    state.reservations[rid] = {"locker": locker_id, "cell": cell, "size": size, "used": False}
    return {"ok": True, "reservation": {"id": rid, "locker_id": locker_id, "cell": cell, "size": size,
                                        "expires_in": 900}}


def deposit_parcel(token: str, route_id: str, tracking: str, reservation_id: str, state: State) -> dict:
    """Put a parcel from the van into its reserved compartment; the recipient is sent a pickup code."""
    if (e := _deny(state, token, "courier")):
        return e
    r = _route(state, route_id)
    if r is None:
        return _err("route_not_open")
    t = (tracking or "").strip().upper()
    s = state.shipments.get(t)
    if s is None or t not in r["parcels"] or s["status"] != "loaded":
        return _err("not_on_route", "the parcel is not loaded on this route")
    rsv = state.reservations.get(reservation_id)
    if rsv is None or rsv["used"]:
        return _err("reservation_not_found")
    if rsv["locker"] != s["locker"]:
        return _err("wrong_locker", "the reservation is at another locker than the parcel's destination")
    if _RANK[s["size"]] > _RANK[rsv["size"]]:
        return _err("too_big", f"a size {s['size']} parcel does not fit a size {rsv['size']} compartment")
    rsv["used"] = True
    state.lockers[rsv["locker"]]["cells"][rsv["cell"]].update(state="occupied", item=t)
    code = _pickup_code(state)
    s.update(status="in_locker", cell=rsv["cell"], code=code, hold_until=(TODAY + timedelta(days=3)).isoformat())
    _event(state, t, "DEPOSITED", rsv["locker"])
    phone = s["recipient"]["phone"]
    return {"ok": True, "deposit": {"tracking": t, "cell": rsv["cell"], "hold_until": s["hold_until"],
                                    "notify": {"channel": "sms", "to": phone[:3] + "*" * (len(phone) - 6) + phone[-3:],
                                               "pickup_code": _spaced(code)}}}


def end_route(token: str, route_id: str, state: State) -> dict:
    """Close a route; every parcel loaded on it must have been deposited (or taken off)."""
    if (e := _deny(state, token, "courier")):
        return e
    r = _route(state, route_id)
    if r is None:
        return _err("route_not_open")
    left = [t for t in r["parcels"] if state.shipments[t]["status"] == "loaded"]
    if left:
        return _err("parcels_still_on_board", f"deposit these first: {', '.join(left)}")
    r["open"] = False
    return {"ok": True, "route_id": route_id, "delivered": len(r["parcels"]), "returns": len(r["returns"])}


# ----------------------------------------------------------------------------- support desk and kiosk

def verify_recipient(token: str, tracking: str, name: str, phone_last4: str, state: State) -> str | dict:
    """Check a caller is a parcel's recipient (full name and the last four digits of the phone); the
    verification reference is good for one reissued code."""
    if (e := _deny(state, token, "support")):
        return e
    s = _shipment(state, token, tracking)
    if s is None:
        return _err("shipment_not_found")
    if s["status"] != "in_locker":
        return _err("not_in_locker", f"the parcel is {s['status']}")
    if name.strip().lower() != s["recipient"]["name"].lower() or re.sub(r"\D", "", phone_last4) != s["recipient"]["phone"][-4:]:
        return _err("verification_failed", "name or phone digits do not match the recipient")
    ref = f"VR-{_next(state, 'VR-')}"
    state.verifications[ref] = {"tracking": tracking.strip().upper(), "used": False}
    return f"Recipient verified for {tracking.strip().upper()}: reference {ref}, valid for 10 minutes."


def reissue_pickup_code(token: str, tracking: str, verification: str, state: State) -> str | dict:
    """Give a verified caller a new pickup code for their parcel (the old code stops working)."""
    if (e := _deny(state, token, "support")):
        return e
    t = (tracking or "").strip().upper()
    v = state.verifications.get(verification)
    if v is None or v["used"] or v["tracking"] != t:
        return _err("not_verified", "verify the recipient first (verify_recipient)")
    s = state.shipments[t]
    if s["status"] != "in_locker":
        return _err("not_in_locker", f"the parcel is {s['status']}")
    v["used"] = True
    s["code"] = _pickup_code(state)
    lk = state.lockers[s["locker"]]
    return (f"New pickup code for {t} at {lk['name']}: {_spaced(s['code'])} (valid until {s['hold_until']} 20:00; "
            "the old code no longer opens the door).")


def resend_pickup_code(token: str, tracking: str, channel: Literal["sms", "email"] = "sms",
                       state: State = None) -> dict:
    """Send the recipient their current pickup code again, by text or by email."""
    if (e := _deny(state, token, "support")):
        return e
    s = _shipment(state, token, tracking)
    if s is None:
        return _err("shipment_not_found")
    if s["status"] != "in_locker":
        return _err("not_in_locker", f"the parcel is {s['status']}")
    to = s["recipient"]["phone"] if channel == "sms" else s["recipient"]["email"]
    if not to:
        return _err("no_email_on_file", "the recipient gave no email address")
    return {"ok": True, "sent": {"channel": channel, "to": to[:3] + "***" + to[-4:]}}


def collect_parcel(locker_id: str, code: str, state: State) -> dict:
    """At a locker's kiosk: type the pickup code and the compartment opens (no sign-in)."""
    lk = state.lockers.get(locker_id)
    if lk is None:
        return _err("locker_not_found")
    digits = re.sub(r"\D", "", code or "")
    hit = next((t for t, s in state.shipments.items()
                if s["locker"] == locker_id and s["status"] == "in_locker" and s["code"] == digits), None)
    if hit is None:
        return _err("invalid_code", "that code does not open anything here")
    s = state.shipments[hit]
    lk["cells"][s["cell"]].update(state="free", item=None)
    door = s["cell"]
    s.update(status="collected", cell=None, code=None)
    _event(state, hit, "COLLECTED", locker_id)
    return {"ok": True, "door": door, "tracking": hit}


# ----------------------------------------------------------------------------- returns

def create_return(token: str, tracking: str, reason: str, items: list[str], state: State) -> dict:
    """Raise a free return for a collected parcel; the customer gets a drop code for any locker."""
    if (e := _deny(state, token, "shipments")):
        return e
    s = _shipment(state, token, tracking)
    if s is None:
        return _err("shipment_not_found")
    if s["status"] != "collected":
        return _err("not_collected", "only a collected parcel can be returned")
    code = reason.strip().upper().replace(" ", "_")
    if code not in _RETURN_REASONS:
        return _err("invalid_reason", f"reason must be one of {', '.join(_RETURN_REASONS)}")
    if not items:
        return _err("no_items", "list the items coming back")
    rma = f"RMA-{_next(state, 'RMA-')}"
    drop = "R" + f"{int(hashlib.sha256(rma.encode()).hexdigest(), 16) % 900000 + 100000}"
    state.returns[rma] = {"client": s["client"], "tracking": tracking.strip().upper(), "reason": code,
                          "items": list(items), "size": s["size"], "drop_code": drop, "status": "created",
                          "locker": None, "cell": None, "outcome": None}
    return {"ok": True, "return": {"rma": rma, "drop_code": drop, "size": s["size"], "drop_by": "2025-06-24"}}


def drop_off_return(locker_id: str, drop_code: str, size: Size, state: State) -> dict:
    """At a locker's kiosk: type the drop code and put the return into the compartment that opens."""
    lk = state.lockers.get(locker_id)
    if lk is None:
        return _err("locker_not_found")
    if lk["mode"] != "live":
        return _err("locker_unavailable", f"{lk['name']} is in {lk['mode']} mode")
    rma = next((k for k, r in state.returns.items()
                if r["drop_code"] == drop_code.strip().upper() and r["status"] == "created"), None)
    if rma is None:
        return _err("invalid_drop_code")
    try:
        size = Size(size).value
    except ValueError:
        return _err("invalid_size", "size must be S, M or L")
    cell = _free_cell(lk, size)
    if cell is None:
        return _err("no_free_compartment", f"no free size {size} compartment here; try another locker")
    lk["cells"][cell].update(state="occupied", item=rma)
    state.returns[rma].update(status="dropped", locker=locker_id, cell=cell)
    return {"ok": True, "door": cell, "rma": rma}


def collect_returns(token: str, route_id: str, locker_id: str, state: State) -> dict:
    """Take every dropped return out of a locker into the van on a route."""
    if (e := _deny(state, token, "courier")):
        return e
    r = _route(state, route_id)
    if r is None:
        return _err("route_not_open")
    lk = state.lockers.get(locker_id)
    if lk is None:
        return _err("locker_not_found")
    picked = [k for k, x in sorted(state.returns.items()) if x["status"] == "dropped" and x["locker"] == locker_id]
    if not picked:
        return _err("nothing_to_collect", f"no returns waiting at {lk['name']}")
    for k in picked:
        x = state.returns[k]
        lk["cells"][x["cell"]].update(state="free", item=None)
        x.update(status="in_transit", cell=None)
        r["returns"].append(k)
    return {"ok": True, "picked_up": picked}


def close_return(token: str, rma: str, outcome: Literal["refund", "replace", "reject"], note: str,
                 state: State) -> dict:
    """Record what the merchant did with a return that a courier has picked up."""
    if (e := _deny(state, token, "shipments")):
        return e
    x, client = state.returns.get(rma), _client(state, token)
    if x is None or (client != "ops-console" and x["client"] != client):
        return _err("return_not_found")
    if x["status"] != "in_transit":
        return _err("not_received", f"the return is {x['status']}; it can be closed once a courier has it")
    x.update(status="closed", outcome=outcome, note=note)
    return {"ok": True, "rma": rma, "outcome": outcome}


# ----------------------------------------------------------------------------- field operations

def _compartment(state: State, locker_id: str, compartment_id: str) -> tuple[str, dict] | None:
    lk = state.lockers.get(locker_id)
    hit = [(door, x) for door, x in (lk or {"cells": {}})["cells"].items() if x["id"] == compartment_id]
    return hit[0] if hit else None


def block_compartment(token: str, locker_id: str, compartment_id: str,
                      fault: Literal["door_jammed", "lock_fault", "screen_fault", "dirty"], state: State) -> dict:
    """Take an empty compartment out of use."""
    if (e := _deny(state, token, "ops")):
        return e
    hit = _compartment(state, locker_id, compartment_id)
    if hit is None:
        return _err("compartment_not_found")
    cell, x = hit
    if x["state"] == "blocked":
        return _err("already_blocked")
    if x["state"] != "free":
        return _err("compartment_occupied", f"door {cell} is {x['state']}")
    x.update(state="blocked", item=fault)
    return {"ok": True, "locker_id": locker_id, "compartment": {"id": compartment_id, "door": cell, "state": "blocked"}}


def unblock_compartment(token: str, locker_id: str, compartment_id: str, state: State) -> dict:
    """Put a blocked compartment back into use."""
    if (e := _deny(state, token, "ops")):
        return e
    hit = _compartment(state, locker_id, compartment_id)
    if hit is None:
        return _err("compartment_not_found")
    cell, x = hit
    if x["state"] != "blocked":
        return _err("not_blocked")
    x.update(state="free", item=None)
    return {"ok": True, "locker_id": locker_id, "compartment": {"id": compartment_id, "door": cell, "state": "free"}}


def set_locker_mode(token: str, locker_id: str, mode: Literal["live", "maintenance", "closed"], state: State) -> dict:
    """Switch a locker between live, maintenance and closed."""
    if (e := _deny(state, token, "ops")):
        return e
    lk = state.lockers.get(locker_id)
    if lk is None:
        return _err("locker_not_found")
    if lk["mode"] == mode:
        return _err("mode_unchanged", f"{lk['name']} is already {mode}")
    lk["mode"] = mode
    return {"ok": True, "locker_id": locker_id, "mode": mode}


def open_fault(token: str, locker_id: str, summary: str, severity: int, doors: list[str] | None = None,
               state: State = None) -> dict:
    """Report a fault at a locker (severity 1 = out of service, 3 = cosmetic), naming the doors it
    affects by the labels printed on them (``["A3"]``); the fault id is a number."""
    if (e := _deny(state, token, "ops")):
        return e
    lk = state.lockers.get(locker_id)
    if lk is None:
        return _err("locker_not_found")
    if severity not in (1, 2, 3):
        return _err("invalid_severity", "severity is 1, 2 or 3")
    doors = [d.strip().upper() for d in doors or []]
    bad = [d for d in doors if d not in lk["cells"]]
    if bad:
        return _err("door_not_found", f"no doors {bad} at {lk['name']}")
    fid = _next(state, "fault")
    state.faults[fid] = {"locker": locker_id, "summary": summary, "severity": severity, "doors": doors,
                         "status": "open", "technician": None, "resolution": None}
    return {"ok": True, "fault": {"id": fid, "locker_id": locker_id, "severity": severity, "state": "open"}}


def list_technicians(token: str, region: str | None = None, state: State = None) -> dict:
    """Field technicians, optionally of one region (the middle part of a locker id, like BRS)."""
    if (e := _deny(state, token, "ops")):
        return e
    return {"ok": True, "technicians": [{"id": k, "name": n, "region": r, "skills": sk}
                                        for k, (n, r, sk) in _TECHNICIANS.items()
                                        if region is None or r == region.strip().upper()]}


def assign_technician(token: str, fault_id: int, technician_id: str, state: State) -> dict:
    """Send a technician of the locker's region to an open fault."""
    if (e := _deny(state, token, "ops")):
        return e
    f = state.faults.get(fault_id)
    if f is None:
        return _err("fault_not_found")
    if f["status"] not in ("open", "assigned"):
        return _err("fault_closed")
    tech = _TECHNICIANS.get(technician_id)
    if tech is None:
        return _err("technician_not_found")
    if tech[1] != _region(f["locker"]):
        return _err("wrong_region", f"{tech[0]} covers {tech[1]}")
    f.update(status="assigned", technician=technician_id)
    return {"ok": True, "fault": {"id": fault_id, "technician": tech[0], "state": "assigned"}}


def resolve_faults(token: str, fault_ids: list[int], resolution: str, state: State) -> dict:
    """Close faults a technician has fixed (each must have a technician assigned)."""
    if (e := _deny(state, token, "ops")):
        return e
    if not fault_ids:
        return _err("no_faults")
    missing = [i for i in fault_ids if i not in state.faults]
    if missing:
        return _err("fault_not_found", f"no faults {missing}")
    unassigned = [i for i in fault_ids if state.faults[i]["status"] != "assigned"]
    if unassigned:
        return _err("unassigned_fault", f"faults {unassigned} have no technician on them")
    for i in fault_ids:
        state.faults[i].update(status="resolved", resolution=resolution)
    return {"ok": True, "resolved": list(fault_ids)}


# ----------------------------------------------------------------------------- billing

def list_invoices(token: str, month: str, state: State) -> dict:
    """The merchant's invoices for a billing month (``YYYY-MM``)."""
    if (e := _deny(state, token, "billing")):
        return e
    if not re.fullmatch(r"\d{4}-\d{2}", month or ""):
        return _err("invalid_month", "month is YYYY-MM")
    client = _client(state, token)
    return {"ok": True, "invoices": [{"invoice_no": k, "period": v["period"], "issued": v["issued"],
                                      "total": round(sum(x[3] for x in v["lines"]), 2), "lines": len(v["lines"])}
                                     for k, v in state.invoices.items() if v["client"] == client and v["period"] == month]}


def invoice_lines(token: str, invoice_no: str, state: State) -> dict:
    """An invoice's lines as ``[line_no, tracking, description, amount]`` rows."""
    if (e := _deny(state, token, "billing")):
        return e
    v = state.invoices.get(invoice_no)
    if v is None or v["client"] != _client(state, token):
        return _err("invoice_not_found")
    return {"ok": True, "invoice_no": invoice_no, "lines": [list(x) for x in v["lines"]], "disputed": list(v["disputed"])}


def dispute_charge(token: str, invoice_no: str, line_nos: list[int], reason: str, state: State) -> dict:
    """Dispute lines of an invoice by their line numbers."""
    if (e := _deny(state, token, "billing")):
        return e
    v = state.invoices.get(invoice_no)
    if v is None or v["client"] != _client(state, token):
        return _err("invoice_not_found")
    known = {x[0]: x for x in v["lines"]}
    bad = [n for n in line_nos if n not in known]
    if bad or not line_nos:
        return _err("unknown_line", f"invoice {invoice_no} has no lines {bad}" if bad else "give line numbers")
    again = [n for n in line_nos if n in v["disputed"]]
    if again:
        return _err("already_disputed", f"lines {again} are disputed already")
    v["disputed"].extend(line_nos)
    did = f"DSP-{_next(state, 'DSP-'):04d}"
    state.disputes[did] = {"invoice": invoice_no, "lines": list(line_nos), "reason": reason}
    return {"ok": True, "dispute": {"id": did, "invoice_no": invoice_no, "lines": list(line_nos),
                                    "amount": round(sum(known[n][3] for n in line_nos), 2)}}


TOOLS = [
    auth_token, register_webhook, test_webhook, delete_webhook,
    format_phone, find_lockers, locker_status, quote_shipment,
    list_senders, add_sender, create_shipment, print_label, track, find_shipments, cancel_shipment, redirect_parcel,
    extend_hold,
    start_route, load_parcel, route_manifest, reserve_compartment, deposit_parcel, end_route,
    verify_recipient, reissue_pickup_code, resend_pickup_code, collect_parcel,
    create_return, drop_off_return, collect_returns, close_return,
    block_compartment, unblock_compartment, set_locker_mode, open_fault, list_technicians, assign_technician,
    resolve_faults,
    list_invoices, invoice_lines, dispute_charge,
]

# What a tester is handed: the merchant's API credentials and the operations console's, a courier's
# badge and van, an order to send as the shop has it, a caller on the support line, a customer
# returning an order, a fault a passer-by reported, and the month to reconcile.
FIXTURES = {
    "merchant_api": {"client_id": "hg_live_7731", "client_secret": "sk_9f2c4e1b77a0"},
    "ops_console": {"client_id": "ops-console", "client_secret": "oc_51de0a9b3c"},
    "courier": {"badge": "C-4471", "vehicle_reg": "WX24 KPL"},
    "order_to_send": {"recipient": "Priya Shah", "phone": "07700 900 881", "email": "priya.shah@example.com",
                      "deliver_near": "BS1 6QF", "parcel": "small, 1.2 kg", "service": "next day"},
    "support_caller": {"name": "Ana Costa", "phone_ends": "0417", "lost": "the text with her pickup code"},
    "returning_customer": {"name": "Dev Malhotra", "items": ["Linen shirt, blue, size M"],
                           "why": "arrived with a torn seam"},
    "fault_report": {"locker": "Temple Meads Station", "postcode": "BS1 6QF", "compartment": "A3",
                     "what": "door does not latch"},
    "billing_month": "2025-05",
}

_AUTH_USERS = [
    "register_webhook", "test_webhook", "delete_webhook", "locker_status", "list_senders", "add_sender",
    "create_shipment", "print_label", "find_shipments", "cancel_shipment", "redirect_parcel", "extend_hold",
    "start_route", "load_parcel", "route_manifest", "reserve_compartment", "deposit_parcel", "end_route",
    "verify_recipient", "reissue_pickup_code", "resend_pickup_code", "create_return", "collect_returns", "close_return",
    "block_compartment", "unblock_compartment", "set_locker_mode", "open_fault", "list_technicians",
    "assign_technician", "resolve_faults", "list_invoices", "invoice_lines", "dispute_charge",
]
_LOCKER_USERS = ["locker_status", "create_shipment", "redirect_parcel", "reserve_compartment", "drop_off_return",
                 "collect_returns", "set_locker_mode", "open_fault", "block_compartment", "unblock_compartment"]
_TRACKING_USERS = ["print_label", "cancel_shipment", "redirect_parcel", "load_parcel", "extend_hold",
                   "verify_recipient", "reissue_pickup_code", "resend_pickup_code"]
_ROUTE_USERS = ["load_parcel", "route_manifest", "deposit_parcel", "collect_returns", "end_route"]

GROUND_TRUTH = (
    [("auth_token", c, "auth: bearer token (auth.access.token)") for c in _AUTH_USERS]
    + [("find_lockers", c, "id lookup: locker id (people name the place or the postcode)") for c in _LOCKER_USERS]
    + [("create_shipment|find_shipments", c, "id lookup/create: tracking number (nested, or rows)")
       for c in _TRACKING_USERS]
    + [("start_route", c, "id create: route id") for c in _ROUTE_USERS]
    + [("register_webhook", c, "id create: webhook id") for c in ("test_webhook", "delete_webhook")]
    + [("locker_status", c, "id lookup: compartment id (people read the door label; records nested in columns)")
       for c in ("block_compartment", "unblock_compartment")]
    + [
        ("find_lockers|find_shipments|track", "collect_parcel", "id lookup: the locker the parcel is in"),
        ("list_senders|add_sender", "create_shipment", "id lookup/create: sender id"),
        ("format_phone", "create_shipment", "format: recipient phone in E.164 (bare string)"),
        ("quote_shipment", "create_shipment", "id create: quote id holding the price"),
        ("print_label", "load_parcel", "state: a courier only loads a parcel with a printed label"),
        ("reserve_compartment", "deposit_parcel", "id create: reservation id"),
        ("load_parcel", "deposit_parcel", "state: the parcel must be loaded on the route"),
        ("deposit_parcel", "end_route", "state: a route ends only when every loaded parcel is deposited"),
        ("deposit_parcel|reissue_pickup_code", "collect_parcel", "id create: pickup code (nested, or in a sentence)"),
        ("verify_recipient", "reissue_pickup_code", "verification: reference in a sentence"),
        ("collect_parcel|find_shipments", "create_return", "id lookup/create: a collected parcel's tracking number"),
        ("create_return", "drop_off_return", "id create: drop code"),
        ("drop_off_return", "collect_returns", "state: a return must be waiting in the locker"),
        ("create_return", "close_return", "id create: RMA"),
        ("collect_returns", "close_return", "state: a return closes once a courier has it"),
        ("block_compartment", "unblock_compartment", "no-op: only a blocked compartment can be unblocked"),
        ("open_fault", "assign_technician", "id create: fault id (int)"),
        ("open_fault", "resolve_faults", "id create: fault ids (list[int])"),
        ("list_technicians", "assign_technician", "id lookup: technician id of the region"),
        ("assign_technician", "resolve_faults", "state: a fault resolves only with a technician on it"),
        ("list_invoices", "invoice_lines", "id lookup: invoice number"),
        ("list_invoices", "dispute_charge", "id lookup: invoice number"),
        ("invoice_lines", "dispute_charge", "id lookup: line numbers (list[int])"),
    ]
)

PLAUSIBLE = {
    ("deposit_parcel", "extend_hold"), ("deposit_parcel", "verify_recipient"), ("deposit_parcel", "resend_pickup_code"),
    ("deposit_parcel", "reissue_pickup_code"),
    ("find_lockers", "deposit_parcel"), ("find_lockers", "load_parcel"), ("find_lockers", "print_label"),
    ("find_lockers", "extend_hold"), ("format_phone", "verify_recipient"), ("quote_shipment", "print_label"),
    ("quote_shipment", "reserve_compartment"), ("create_shipment", "reserve_compartment"),
    ("create_shipment", "deposit_parcel"), ("create_shipment", "collect_parcel"), ("create_shipment", "end_route"),
    ("print_label", "deposit_parcel"), ("load_parcel", "end_route"), ("load_parcel", "collect_parcel"),
    ("reserve_compartment", "collect_parcel"), ("route_manifest", "deposit_parcel"),
    ("verify_recipient", "collect_parcel"), ("find_shipments", "deposit_parcel"), ("find_shipments", "track"),
    ("create_shipment", "track"), ("track", "verify_recipient"),
    ("start_route", "close_return"), ("drop_off_return", "close_return"), ("find_lockers", "close_return"),
    ("find_lockers", "assign_technician"), ("find_lockers", "list_technicians"), ("open_fault", "block_compartment"),
    ("locker_status", "open_fault"), ("find_shipments", "collect_returns"), ("collect_parcel", "drop_off_return"),
    ("find_shipments", "drop_off_return"), ("list_senders", "print_label"), ("collect_returns", "end_route"),
}
