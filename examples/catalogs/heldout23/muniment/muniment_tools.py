"""Muniment: the search room system of Dorrington County Record Office (39 calls).

Async functions over an in-memory ``State`` of the record office on Wednesday 16 October 2030 at 09:30,
when the search room opens. The search room assistants register readers and issue readers' tickets,
renew expired tickets, book visits to a desk, a microfilm reader or the map table, admit readers
(bags in a locker), move them between seats, take document orders, fetch documents from the
strongrooms to the reader's seat, return them or hold them for the next visit, cancel orders and sign
readers out; they sell photography permits and log the frames taken, take copy orders with their
copyright declarations, quote and take payment for them, and log postal and e-mail enquiries. The
duty archivist decides applications to see closed records, records depositors' permission to publish
and answers enquiries; the conservator assesses documents a condition report has withdrawn; the
reprographics officer sends out paid copies. The county archivist may do everything. The online
catalogue, item descriptions and the seating plan are public.

The tools are plain ``async def`` functions without a decorator; each checks its session itself.
Replies are plain dicts (a reader, a renewed ticket, a reader's record with visits, orders, copy
orders and applications as rows, an admission, a seat, a produced or returned document, a signing
out, an assessment, an access decision, a copyright declaration, a permission, copies sent, an
answered enquiry, an item description), rows as lists of lists (catalogue search, free seats,
readers, today's visits, the order queue, copy orders), bare values (a token, ``True``, frames taken
on a permit, a copy order's price) and sentences with an id in them (a reader's ticket, a visit, a
document order, a hold, a cancelled visit or order, a condition report, an access application, a
photography permit, a copy order, a permission request, a receipt, an enquiry). Every refusal is
*returned* as a string starting ``"Error: "``. Document references and office numbers look alike
(parish register ``PR/ALD/1/2`` and permission request ``PR-0045``; reader's ticket ``RT-20402``,
visit ``VIS-5569``, order ``DO-4468``, copy order ``CO-0911``, condition report ``CR-0233``); the days
the search room opens, the number of documents a reader may have out, the seat a microfilm or a map
needs, the deposits that may not be photographed, how long a document may be held and when a ticket
may be renewed are stated only in refusals.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as
provider means either tool satisfies it, and the text of ``what`` before its first ``:`` is the
kind.
"""

from __future__ import annotations

import datetime
from enum import Enum
from typing import Literal

TODAY = "2030-10-16"
OPEN_DAYS = (1, 2, 3, 4, 5)  # Tuesday to Saturday
MAX_OUT = 3
HOLD_DAYS = 14
LOCKERS = 40
PERMIT_FEE = 8.00
PAGE_PRICES = {"pdf_scan": 4.00, "a4_print": 1.50, "tiff_master": 12.00}
RESEARCH_RATE = 30.00

IdDocument = Literal["passport", "driving_licence", "national_id_card"]
AddressProof = Literal["utility_bill", "bank_statement", "council_tax", "tenancy_agreement"]
Purpose = Literal["private_study", "non_commercial_research", "publication"]
Outcome = Literal["fit", "handle_with_care", "unfit"]
PayMethod = Literal["card", "cash", "cheque"]


class OrderStatus(Enum):
    ORDERED = "ordered"
    PRODUCED = "produced"
    HELD = "held"
    RETURNED = "returned"
    CANCELLED = "cancelled"
    WITHDRAWN = "withdrawn"


class CopyFormat(Enum):
    PDF_SCAN = "pdf_scan"
    A4_PRINT = "a4_print"
    TIFF_MASTER = "tiff_master"


class State:
    """Dorrington County Record Office, The Old Gaol, Castle Street, on Wednesday 16 October 2030, 09:30."""

    def __init__(self) -> None:
        self.staff = {
            "kit.m": {"name": "Kit Marlow", "password": "Strongroom-3", "role": "searchroom"},
            "anne.b": {"name": "Dr Anne Bellamy", "password": "Provenance-1742", "role": "archivist"},
            "tom.w": {"name": "Tom Wren", "password": "Wheat-Starch-9", "role": "conservator"},
            "sian.l": {"name": "Sian Lloyd", "password": "Flatbed-600dpi", "role": "repro"},
            "gill.r": {"name": "Gill Rowe", "password": "Accession-Reg-88", "role": "manager"},
        }
        self.sessions = {}
        self.seats = {**{f"D{i}": "desk" for i in range(1, 9)}, **{f"M{i}": "microfilm" for i in range(1, 4)},
                      "T1": "map table"}

        def doc(title, dates, fmt, extent, depositor, access="open", photography=True, closed_until=None,
                surrogate=None, condition="ok"):
            return {"title": title, "dates": dates, "format": fmt, "extent": extent, "depositor": depositor,
                    "access": access, "photography": photography, "closed_until": closed_until,
                    "surrogate": surrogate, "condition": condition}

        self.documents = {
            "BG/3/12": doc("Dorrington Borough building control: plans of the Regal cinema, Castle Street", "1934",
                           "map", "6 sheets", "Dorrington Borough Council"),
            "DD/HAR/12/3": doc("Harcourt estate: lease of Mill Farm, Aldbourne, to John Pike, yeoman", "1788", "document",
                               "1 membrane, seal", "Harcourt family (Aldbourne estate)", photography=False),
            "DD/HAR/14/1": doc("Harcourt estate: survey map of the manor of Aldbourne", "1792", "map", "1 sheet",
                               "Harcourt family (Aldbourne estate)", photography=False),
            "DD/PIKE/1": doc("Pike family of Mill Farm: letters", "1790-1815", "bundle", "43 letters",
                             "Mrs E Pike", condition="hold"),
            "HO/DOR/2/7": doc("Dorrington Union workhouse: admission and discharge register", "1912-1920", "volume",
                              "1 volume", "Dorrington County Council", access="closed", closed_until="2031-01-01"),
            "MF/PR/ALD/1": doc("Microfilm: Aldbourne St Michael parish registers", "1538-1812", "microfilm", "1 reel",
                               "Aldbourne parochial church council"),
            "P/ALD/5/1": doc("Aldbourne National School log book", "1876-1902", "volume", "1 volume",
                             "Aldbourne C of E Primary School"),
            "PR/ALD/1/2": doc("Aldbourne St Michael register of baptisms, marriages and burials", "1754-1812", "volume",
                              "1 volume", "Aldbourne parochial church council", access="surrogate",
                              surrogate="MF/PR/ALD/1"),
            "QS/1/45": doc("Quarter sessions order book", "1801-1806", "volume", "1 volume", "Dorrington County Council"),
        }
        self.readers = {
            "RT-19876": {"name": "Mrs Jean Copley", "email": "jean.copley@mail.example", "phone": "07700 900876",
                         "postcode": "DR7 2LN", "valid_until": "2030-08-31"},
            "RT-20311": {"name": "Mr Arthur Pennington", "email": None, "phone": "01632 960311", "postcode": "DR3 4JT",
                         "valid_until": "2032-03-14"},
            "RT-20402": {"name": "Dr Samuel Okafor", "email": "s.okafor@dorrington-uni.example", "phone": "07700 900402",
                         "postcode": "DR1 6QA", "valid_until": "2033-01-20"},
            "RT-20455": {"name": "Ms Lucy Harker", "email": "lucy.harker@mail.example", "phone": "07700 900455",
                         "postcode": "DR4 9EZ", "valid_until": "2034-05-02"},
        }
        self.visits = {
            "VIS-5560": {"ticket": "RT-20311", "day": "2030-10-09", "seat": "T1", "status": "left", "locker": None},
            "VIS-5568": {"ticket": "RT-20311", "day": TODAY, "seat": "D2", "status": "booked", "locker": None},
            "VIS-5569": {"ticket": "RT-20402", "day": TODAY, "seat": "D3", "status": "in_room", "locker": 7},
            "VIS-5570": {"ticket": "RT-20455", "day": TODAY, "seat": "M1", "status": "in_room", "locker": 9},
        }
        self.orders = {
            "DO-4466": {"visit": "VIS-5560", "ticket": "RT-20311", "reference": "DD/HAR/14/1", "status": "held",
                        "held_until": "2030-10-19"},
            "DO-4468": {"visit": "VIS-5569", "ticket": "RT-20402", "reference": "P/ALD/5/1", "status": "produced",
                        "held_until": None},
            "DO-4469": {"visit": "VIS-5569", "ticket": "RT-20402", "reference": "BG/3/12", "status": "ordered",
                        "held_until": None},
        }
        self.reports = {}
        self.applications = {}
        self.permits = {}
        self.copy_orders = {
            "CO-0907": {"ticket": "RT-20402", "reference": "QS/1/45", "pages": ["f.3r", "f.3v"], "format": "pdf_scan",
                        "purpose": "private_study", "signed_by": "Samuel Okafor", "permission": None, "fee": 0.0,
                        "status": "paid"},
            "CO-0911": {"ticket": "RT-20402", "reference": "P/ALD/5/1", "pages": ["p.112"], "format": "a4_print",
                        "purpose": "private_study", "signed_by": "Samuel Okafor", "permission": None, "fee": 0.0,
                        "status": "declared"},
        }
        self.permissions = {}
        self.receipts = {}
        self.enquiries = {}
        self.counters = {"session": 1, "ticket": 20488, "visit": 5571, "order": 4471, "report": 233, "application": 87,
                         "permit": 388, "copy": 912, "permission": 45, "receipt": 7719, "enquiry": 1204}


# --------------------------------------------------------------------------- helpers


def _gate(state: State, token: str, *roles: str) -> str | None:
    who = state.sessions.get(token)
    if who is None:
        return "Error: not signed in (no session for that token)."
    if roles and who["role"] not in roles and who["role"] != "manager":
        return f"Error: {who['name']} is signed in as {who['role']}; this is for {' or '.join(roles)}."
    return None


def _next(state: State, kind: str) -> int:
    n = state.counters[kind]
    state.counters[kind] = n + 1
    return n


def _date(text: str) -> datetime.date | None:
    try:
        return datetime.date.fromisoformat(text)
    except (TypeError, ValueError):
        return None


def _long(day: str) -> str:
    d = datetime.date.fromisoformat(day)
    return f"{d.strftime('%A')} {d.day} {d.strftime('%B %Y')}"


def _valid(reader: dict) -> bool:
    return reader["valid_until"] >= TODAY


def _taken(state: State, day: str) -> set:
    return {v["seat"] for v in state.visits.values() if v["day"] == day and v["status"] in ("booked", "in_room")}


def _out(state: State, ticket: str) -> list:
    return [oid for oid, o in state.orders.items() if o["ticket"] == ticket and o["status"] in ("ordered", "produced", "held")]


def _in_room(state: State, ticket: str) -> str | None:
    return next((vid for vid, v in state.visits.items()
                 if v["ticket"] == ticket and v["day"] == TODAY and v["status"] == "in_room"), None)


def _price(state: State, copy_order_id: str) -> float:
    c = state.copy_orders[copy_order_id]
    return round(len(c["pages"]) * PAGE_PRICES[c["format"]] + c["fee"], 2)


def _order_rows(state: State, ticket: str) -> list:
    return [[oid, o["reference"], o["status"]] for oid, o in sorted(state.orders.items()) if o["ticket"] == ticket]


# --------------------------------------------------------------------------- sign-in and the public pages


async def sign_in(state: State, username: str, password: str) -> str:
    """Sign in to the search room system with a staff user name (such as kit.m) and password. Replies
    with the bare session token that every other call takes."""
    user = state.staff.get(username)
    if user is None or user["password"] != password:
        return "Error: wrong user name or password."
    token = f"drc-{username.split('.')[0]}-{_next(state, 'session'):02d}"
    state.sessions[token] = {"user": username, "name": user["name"], "role": user["role"]}
    return token


async def sign_out(state: State, token: str) -> bool:
    """End a staff session. Replies True."""
    if (err := _gate(state, token)):
        return err
    del state.sessions[token]
    return True


async def catalogue_search(state: State, text: str, date_from: int | None = None, date_to: int | None = None) -> list:
    """Search the online catalogue (public, no sign-in) for words in a title or a reference, optionally
    only records whose dates overlap the years given. Replies with rows of [reference, title, dates,
    access], by reference; access is open, closed or surrogate (seen on a copy)."""
    words = [w for w in text.lower().split() if w]
    if not words:
        return "Error: give at least one word to search for."
    rows = []
    for ref, d in sorted(state.documents.items()):
        hay = f"{ref} {d['title']}".lower()
        if not all(w in hay for w in words):
            continue
        first, last = int(d["dates"][:4]), int(d["dates"][-4:])
        if (date_from is not None and last < date_from) or (date_to is not None and first > date_to):
            continue
        rows.append([ref, d["title"], d["dates"], d["access"]])
    return rows


async def item_description(state: State, reference: str) -> dict:
    """The catalogue description of one record (public, no sign-in): title, dates, format and extent,
    depositor, access (with the date a closed record opens, and the reference of the copy a
    surrogate-only record is seen on) and whether it may be photographed."""
    d = state.documents.get(reference.strip().upper())
    if d is None:
        return f"Error: no record {reference} in the catalogue."
    return {"reference": reference.strip().upper(), "title": d["title"], "dates": d["dates"], "format": d["format"],
            "extent": d["extent"], "depositor": d["depositor"], "access": d["access"],
            "closed_until": d["closed_until"], "surrogate": d["surrogate"], "photography": d["photography"],
            "available": d["condition"] == "ok"}


async def free_seats(state: State, day: str) -> list:
    """The seats still free in the search room on a day (public, no sign-in), as rows of [seat, kind]:
    desks D1-D8, microfilm readers M1-M3 and the map table T1."""
    d = _date(day)
    if d is None:
        return f"Error: {day!r} is not a date (YYYY-MM-DD)."
    if d.weekday() not in OPEN_DAYS:
        return "Error: the search room is closed on Sundays and Mondays."
    if d.isoformat() < TODAY:
        return "Error: that day has passed."
    taken = _taken(state, d.isoformat())
    return [[seat, kind] for seat, kind in state.seats.items() if seat not in taken]


# --------------------------------------------------------------------------- readers


async def find_reader(state: State, token: str, text: str) -> list:
    """Look readers up by part of a name, a ticket number, an e-mail address or a postcode. Replies with
    rows of [ticket, name, postcode, valid_until, status], status being valid or expired."""
    if (err := _gate(state, token)):
        return err
    t = text.strip().lower()
    if not t:
        return "Error: give part of a name, a ticket, an e-mail or a postcode."
    rows = []
    for ticket, r in sorted(state.readers.items()):
        hay = " ".join([ticket, r["name"], r["email"] or "", r["postcode"]]).lower()
        if t in hay:
            rows.append([ticket, r["name"], r["postcode"], r["valid_until"], "valid" if _valid(r) else "expired"])
    return rows


async def register_reader(state: State, token: str, name: str, email: str, postcode: str, id_document: IdDocument,
                          id_number: str, address_proof: AddressProof) -> str:
    """Register a new reader on proof of identity (the document and its number) and of address, and issue
    a reader's ticket valid for four years. Replies with a sentence giving the ticket number."""
    if (err := _gate(state, token, "searchroom")):
        return err
    if "@" not in email:
        return f"Error: {email!r} is not an e-mail address."
    if len(id_number.strip()) < 6:
        return "Error: give the identity document's number as printed on it."
    for ticket, r in state.readers.items():
        if (r["email"] or "").lower() == email.strip().lower():
            return f"Error: {r['name']} already holds ticket {ticket} with that e-mail address."
    ticket = f"RT-{_next(state, 'ticket')}"
    until = datetime.date.fromisoformat(TODAY) + datetime.timedelta(days=4 * 365)
    state.readers[ticket] = {"name": name.strip(), "email": email.strip(), "phone": None,
                             "postcode": postcode.strip().upper(), "valid_until": until.isoformat(),
                             "id": (id_document, id_number.strip(), address_proof)}
    return f"Reader's ticket {ticket} issued to {name.strip()}, valid until {_long(until.isoformat())}."


async def renew_ticket(state: State, token: str, ticket: str, id_document: IdDocument, id_number: str) -> dict:
    """Renew a reader's ticket that has expired or is about to, on fresh proof of identity. Replies with
    the ticket, the reader's name, the new expiry date and its status."""
    if (err := _gate(state, token, "searchroom")):
        return err
    r = state.readers.get(ticket)
    if r is None:
        return f"Error: no reader's ticket {ticket}."
    due = datetime.date.fromisoformat(r["valid_until"]) - datetime.timedelta(days=90)
    if TODAY < due.isoformat():
        return f"Error: ticket {ticket} is valid until {r['valid_until']}; it can be renewed from {due.isoformat()}."
    if len(id_number.strip()) < 6:
        return "Error: give the identity document's number as printed on it."
    until = datetime.date.fromisoformat(TODAY) + datetime.timedelta(days=4 * 365)
    r["valid_until"] = until.isoformat()
    r["id"] = (id_document, id_number.strip(), None)
    return {"ticket": ticket, "name": r["name"], "valid_until": r["valid_until"], "status": "valid"}


async def update_reader(state: State, token: str, ticket: str, email: str | None = None, phone: str | None = None,
                        postcode: str | None = None) -> dict:
    """Change a reader's e-mail address, phone number or postcode. Replies with the reader's contact
    details as now held."""
    if (err := _gate(state, token, "searchroom")):
        return err
    r = state.readers.get(ticket)
    if r is None:
        return f"Error: no reader's ticket {ticket}."
    changes = {}
    if email is not None and email.strip() != r["email"]:
        if "@" not in email:
            return f"Error: {email!r} is not an e-mail address."
        changes["email"] = email.strip()
    if phone is not None and phone.strip() != r["phone"]:
        changes["phone"] = phone.strip()
    if postcode is not None and postcode.strip().upper() != r["postcode"]:
        changes["postcode"] = postcode.strip().upper()
    if not changes:
        return f"Error: nothing to change; those are already {r['name']}'s details."
    r.update(changes)
    return {"ticket": ticket, "name": r["name"], "email": r["email"], "phone": r["phone"], "postcode": r["postcode"]}


async def reader_record(state: State, token: str, ticket: str) -> dict:
    """A reader's record: contact details and ticket, with their visits as rows of [visit_id, day, seat,
    status], document orders as rows of [order_id, reference, status], copy orders as rows of
    [copy_order_id, reference, status] and access applications as rows of [application_id, reference,
    decision]."""
    if (err := _gate(state, token)):
        return err
    r = state.readers.get(ticket)
    if r is None:
        return f"Error: no reader's ticket {ticket}."
    return {"ticket": ticket, "name": r["name"], "email": r["email"], "phone": r["phone"], "postcode": r["postcode"],
            "valid_until": r["valid_until"], "status": "valid" if _valid(r) else "expired",
            "visits": [[vid, v["day"], v["seat"], v["status"]] for vid, v in sorted(state.visits.items())
                       if v["ticket"] == ticket],
            "orders": _order_rows(state, ticket),
            "copy_orders": [[cid, c["reference"], c["status"]] for cid, c in sorted(state.copy_orders.items())
                            if c["ticket"] == ticket],
            "applications": [[aid, a["reference"], a["decision"]] for aid, a in sorted(state.applications.items())
                             if a["ticket"] == ticket]}


# --------------------------------------------------------------------------- visits and seats


async def book_visit(state: State, token: str, ticket: str, day: str, seat: str) -> str:
    """Book a reader a seat in the search room for a day. Replies with a sentence giving the visit number."""
    if (err := _gate(state, token, "searchroom")):
        return err
    r = state.readers.get(ticket)
    if r is None:
        return f"Error: no reader's ticket {ticket}."
    if not _valid(r):
        return f"Error: ticket {ticket} expired on {r['valid_until']}; renew it before booking."
    d = _date(day)
    if d is None:
        return f"Error: {day!r} is not a date (YYYY-MM-DD)."
    if d.isoformat() < TODAY:
        return "Error: that day has passed."
    if d.weekday() not in OPEN_DAYS:
        return "Error: the search room is closed on Sundays and Mondays."
    if seat not in state.seats:
        return f"Error: no seat {seat} in the search room."
    if seat in _taken(state, d.isoformat()):
        return f"Error: {seat} is already booked on {d.isoformat()}."
    for vid, v in state.visits.items():
        if v["ticket"] == ticket and v["day"] == d.isoformat() and v["status"] in ("booked", "in_room"):
            return f"Error: {r['name']} already has visit {vid} that day."
    vid = f"VIS-{_next(state, 'visit')}"
    state.visits[vid] = {"ticket": ticket, "day": d.isoformat(), "seat": seat, "status": "booked", "locker": None}
    return f"Visit {vid} booked for {r['name']} on {_long(d.isoformat())} at {seat} ({state.seats[seat]})."


async def cancel_visit(state: State, token: str, visit_id: str, reason: str) -> str:
    """Cancel a booked visit (and any documents ordered in advance for it). Replies with a sentence."""
    if (err := _gate(state, token, "searchroom")):
        return err
    v = state.visits.get(visit_id)
    if v is None:
        return f"Error: no visit {visit_id}."
    if v["status"] != "booked":
        return f"Error: visit {visit_id} is {v['status'].replace('_', ' ')}; only a booked visit can be cancelled."
    if not reason.strip():
        return "Error: give a reason."
    v["status"], v["reason"] = "cancelled", reason.strip()
    n = 0
    for o in state.orders.values():
        if o["visit"] == visit_id and o["status"] == "ordered":
            o["status"] = "cancelled"
            n += 1
    return f"Visit {visit_id} cancelled; {n} advance order{'s' if n != 1 else ''} cancelled with it."


async def todays_visits(state: State, token: str) -> list:
    """Today's visits to the search room as rows of [visit_id, ticket, name, seat, status], by visit
    number; status is booked, in_room, left or cancelled."""
    if (err := _gate(state, token)):
        return err
    return [[vid, v["ticket"], state.readers[v["ticket"]]["name"], v["seat"], v["status"]]
            for vid, v in sorted(state.visits.items()) if v["day"] == TODAY]


async def admit_reader(state: State, token: str, visit_id: str, locker: int) -> dict:
    """Admit a reader with today's booking to the search room, their bag in a numbered locker (1-40).
    Replies with the visit, ticket, name, seat, locker and status."""
    if (err := _gate(state, token, "searchroom")):
        return err
    v = state.visits.get(visit_id)
    if v is None:
        return f"Error: no visit {visit_id}."
    if v["day"] != TODAY:
        return f"Error: visit {visit_id} is on {v['day']}, not today."
    if v["status"] != "booked":
        return f"Error: visit {visit_id} is {v['status'].replace('_', ' ')}."
    if not 1 <= locker <= LOCKERS:
        return f"Error: the lockers are numbered 1 to {LOCKERS}."
    if any(w["locker"] == locker and w["status"] == "in_room" for w in state.visits.values()):
        return f"Error: locker {locker} is in use."
    if not _valid(state.readers[v["ticket"]]):
        return f"Error: ticket {v['ticket']} has expired; renew it first."
    v["status"], v["locker"] = "in_room", locker
    return {"visit_id": visit_id, "ticket": v["ticket"], "name": state.readers[v["ticket"]]["name"], "seat": v["seat"],
            "locker": locker, "status": "in_room"}


async def desk_change(state: State, token: str, visit_id: str, seat: str) -> dict:
    """Move a visit to another free seat that day. Replies with the visit, the new seat and its kind."""
    if (err := _gate(state, token, "searchroom")):
        return err
    v = state.visits.get(visit_id)
    if v is None:
        return f"Error: no visit {visit_id}."
    if v["status"] not in ("booked", "in_room"):
        return f"Error: visit {visit_id} is {v['status']}."
    if seat not in state.seats:
        return f"Error: no seat {seat} in the search room."
    if seat == v["seat"]:
        return f"Error: visit {visit_id} is already at {seat}."
    if seat in _taken(state, v["day"]):
        return f"Error: {seat} is taken on {v['day']}."
    v["seat"] = seat
    return {"visit_id": visit_id, "seat": seat, "kind": state.seats[seat], "day": v["day"]}


# --------------------------------------------------------------------------- document orders


async def order_document(state: State, token: str, visit_id: str, reference: str) -> str:
    """Order a record up from the strongroom for a visit: for today once the reader is in the room, or in
    advance for a booked visit on a later day. Replies with a sentence giving the order number."""
    if (err := _gate(state, token, "searchroom")):
        return err
    v = state.visits.get(visit_id)
    if v is None:
        return f"Error: no visit {visit_id}."
    if v["day"] == TODAY and v["status"] != "in_room":
        if v["status"] == "booked":
            return f"Error: orders for today are taken once the reader is in the room; visit {visit_id} is not admitted."
        return f"Error: visit {visit_id} is {v['status']}."
    if v["day"] != TODAY and v["status"] != "booked":
        return f"Error: visit {visit_id} is {v['status']}."
    ref = reference.strip().upper()
    d = state.documents.get(ref)
    if d is None:
        return f"Error: no record {reference} in the catalogue."
    if d["access"] == "surrogate":
        return f"Error: {ref} is seen on its surrogate only; order {d['surrogate']} instead."
    if d["access"] == "closed":
        granted = any(a["ticket"] == v["ticket"] and a["reference"] == ref and a["decision"] == "granted"
                      for a in state.applications.values())
        if not granted:
            return f"Error: {ref} is closed until {d['closed_until']}; the reader needs an access application granted."
    if d["condition"] != "ok":
        return f"Error: {ref} is withdrawn for conservation and cannot be produced."
    for oid, o in state.orders.items():
        if o["reference"] == ref and o["status"] in ("ordered", "produced", "held"):
            who = "this reader" if o["ticket"] == v["ticket"] else "another reader"
            return f"Error: {ref} is already out to {who} ({oid})."
    if len(_out(state, v["ticket"])) >= MAX_OUT:
        return f"Error: a reader may have {MAX_OUT} documents ordered, out or held at a time."
    oid = f"DO-{_next(state, 'order')}"
    state.orders[oid] = {"visit": visit_id, "ticket": v["ticket"], "reference": ref, "status": "ordered",
                         "held_until": None}
    return f"Order {oid}: {ref} for {state.readers[v['ticket']]['name']}, seat {v['seat']}, {_long(v['day'])}."


async def produce_document(state: State, token: str, order_id: str) -> dict:
    """Fetch an ordered (or held) document from the strongroom to the reader's seat. Replies with the
    order, reference, seat and status."""
    if (err := _gate(state, token, "searchroom")):
        return err
    o = state.orders.get(order_id)
    if o is None:
        return f"Error: no document order {order_id}."
    if o["status"] not in ("ordered", "held"):
        return f"Error: {order_id} is {o['status']}; only an ordered or held document is fetched."
    vid = _in_room(state, o["ticket"])
    if vid is None:
        return f"Error: the reader for {order_id} is not in the search room."
    d = state.documents[o["reference"]]
    seat = state.visits[vid]["seat"]
    if d["condition"] != "ok":
        return f"Error: {o['reference']} is withdrawn for conservation."
    if d["format"] == "microfilm" and not seat.startswith("M"):
        return f"Error: a microfilm is read at a microfilm reader (M1-M3); the reader is at {seat}."
    if d["format"] == "map" and seat != "T1":
        return f"Error: maps and plans are produced at the map table (T1); the reader is at {seat}."
    o["status"], o["visit"], o["held_until"] = "produced", vid, None
    return {"order_id": order_id, "reference": o["reference"], "seat": seat, "status": "produced"}


async def return_document(state: State, token: str, order_id: str) -> dict:
    """Take a produced document back to the strongroom. Replies with the order, reference and status."""
    if (err := _gate(state, token, "searchroom")):
        return err
    o = state.orders.get(order_id)
    if o is None:
        return f"Error: no document order {order_id}."
    if o["status"] != "produced":
        return f"Error: {order_id} is {o['status']}; only a document on a reader's seat is returned."
    o["status"] = "returned"
    return {"order_id": order_id, "reference": o["reference"], "status": "returned"}


async def hold_document(state: State, token: str, order_id: str, until: str) -> str:
    """Keep a produced document aside for the reader's next visit, until a day. Replies with a sentence."""
    if (err := _gate(state, token, "searchroom")):
        return err
    o = state.orders.get(order_id)
    if o is None:
        return f"Error: no document order {order_id}."
    if o["status"] != "produced":
        return f"Error: {order_id} is {o['status']}; only a document on a reader's seat is held."
    d = _date(until)
    if d is None:
        return f"Error: {until!r} is not a date (YYYY-MM-DD)."
    if d.isoformat() <= TODAY or (d - datetime.date.fromisoformat(TODAY)).days > HOLD_DAYS:
        return f"Error: documents are held for up to {HOLD_DAYS} days from tomorrow."
    if d.weekday() not in OPEN_DAYS:
        return "Error: the search room is closed on Sundays and Mondays."
    o["status"], o["held_until"] = "held", d.isoformat()
    return f"{order_id} ({o['reference']}) held for {o['ticket']} until {_long(d.isoformat())}."


async def cancel_order(state: State, token: str, order_id: str) -> str:
    """Cancel a document order that has not yet been fetched. Replies with a sentence."""
    if (err := _gate(state, token, "searchroom")):
        return err
    o = state.orders.get(order_id)
    if o is None:
        return f"Error: no document order {order_id}."
    if o["status"] != "ordered":
        return f"Error: {order_id} is {o['status']}; only an order not yet fetched can be cancelled."
    o["status"] = "cancelled"
    return f"Order {order_id} for {o['reference']} cancelled."


async def order_queue(state: State, token: str, status: OrderStatus | None = None) -> list:
    """The document orders, optionally only those with one status (ordered, produced, held, returned,
    cancelled, withdrawn), as rows of [order_id, reference, ticket, seat, status] by order number."""
    if (err := _gate(state, token)):
        return err
    if status is not None and not isinstance(status, OrderStatus):
        try:
            status = OrderStatus(status)
        except ValueError:
            return f"Error: {status!r} is not an order status."
    return [[oid, o["reference"], o["ticket"], state.visits[o["visit"]]["seat"], o["status"]]
            for oid, o in sorted(state.orders.items()) if status is None or o["status"] == status.value]


async def sign_out_reader(state: State, token: str, visit_id: str) -> dict:
    """Sign a reader out of the search room: no document may be left on their seat (return it or hold
    it); documents ordered but not fetched are cancelled. Replies with the visit, the locker to
    empty and the documents held for them."""
    if (err := _gate(state, token, "searchroom")):
        return err
    v = state.visits.get(visit_id)
    if v is None:
        return f"Error: no visit {visit_id}."
    if v["status"] != "in_room":
        return f"Error: visit {visit_id} is {v['status'].replace('_', ' ')}, not in the room."
    on_seat = [oid for oid, o in state.orders.items() if o["ticket"] == v["ticket"] and o["status"] == "produced"]
    if on_seat:
        return f"Error: {', '.join(sorted(on_seat))} still on the reader's seat; return or hold first."
    for o in state.orders.values():
        if o["ticket"] == v["ticket"] and o["status"] == "ordered" and o["visit"] == visit_id:
            o["status"] = "cancelled"
    v["status"] = "left"
    held = [o["reference"] for _, o in sorted(state.orders.items()) if o["ticket"] == v["ticket"] and o["status"] == "held"]
    return {"visit_id": visit_id, "ticket": v["ticket"], "status": "left", "locker": v["locker"], "held": held}


# --------------------------------------------------------------------------- condition and access


async def report_condition(state: State, token: str, order_id: str, note: str) -> str:
    """Report damage or fragility found in a produced document; it is withdrawn to the conservation studio
    until the conservator assesses it. Replies with a sentence giving the report number."""
    if (err := _gate(state, token, "searchroom", "archivist")):
        return err
    o = state.orders.get(order_id)
    if o is None:
        return f"Error: no document order {order_id}."
    if o["status"] != "produced":
        return f"Error: {order_id} is {o['status']}; report the condition of a document on a reader's seat."
    if not note.strip():
        return "Error: describe what was found."
    rid = f"CR-{_next(state, 'report'):04d}"
    state.reports[rid] = {"reference": o["reference"], "order": order_id, "note": note.strip(), "outcome": None}
    state.documents[o["reference"]]["condition"] = "hold"
    o["status"] = "withdrawn"
    return f"Condition report {rid} on {o['reference']}; the document is withdrawn to the conservation studio."


async def assess_condition(state: State, token: str, report_id: str, outcome: Outcome, note: str) -> dict:
    """The conservator's assessment on a condition report: fit or fit to handle with care puts the
    document back into use, unfit keeps it withdrawn. Replies with the report, reference and outcome."""
    if (err := _gate(state, token, "conservator")):
        return err
    rep = state.reports.get(report_id)
    if rep is None:
        return f"Error: no condition report {report_id}."
    if rep["outcome"] is not None:
        return f"Error: {report_id} was already assessed ({rep['outcome']})."
    rep["outcome"], rep["assessment"] = outcome, note.strip()
    if outcome != "unfit":
        state.documents[rep["reference"]]["condition"] = "ok"
    return {"report_id": report_id, "reference": rep["reference"], "outcome": outcome,
            "in_use": outcome != "unfit", "note": note.strip()}


async def apply_for_access(state: State, token: str, ticket: str, reference: str, purpose: str) -> str:
    """Apply, for a reader, to see a closed record; the duty archivist decides. Replies with a sentence
    giving the application number."""
    if (err := _gate(state, token, "searchroom", "archivist")):
        return err
    r = state.readers.get(ticket)
    if r is None:
        return f"Error: no reader's ticket {ticket}."
    ref = reference.strip().upper()
    d = state.documents.get(ref)
    if d is None:
        return f"Error: no record {reference} in the catalogue."
    if d["access"] != "closed":
        return f"Error: {ref} is not closed; order it in the usual way."
    if not purpose.strip():
        return "Error: say what the reader's research is."
    for aid, a in state.applications.items():
        if a["ticket"] == ticket and a["reference"] == ref and a["decision"] != "refused":
            return f"Error: {r['name']} already has application {aid} for {ref}."
    aid = f"AA-{_next(state, 'application'):04d}"
    state.applications[aid] = {"ticket": ticket, "reference": ref, "purpose": purpose.strip(), "decision": "pending",
                               "conditions": None}
    return f"Access application {aid}: {ref} for {r['name']}, sent to the duty archivist."


async def decide_access(state: State, token: str, application_id: str, granted: bool, conditions: str) -> dict:
    """The duty archivist's decision on an access application, with any conditions (no copies, names not
    to be published...). Replies with the application, reference, ticket, decision and conditions."""
    if (err := _gate(state, token, "archivist")):
        return err
    a = state.applications.get(application_id)
    if a is None:
        return f"Error: no access application {application_id}."
    if a["decision"] != "pending":
        return f"Error: {application_id} was already {a['decision']}."
    a["decision"], a["conditions"] = ("granted" if granted else "refused"), conditions.strip()
    return {"application_id": application_id, "reference": a["reference"], "ticket": a["ticket"],
            "decision": a["decision"], "conditions": a["conditions"]}


# --------------------------------------------------------------------------- photography and copies


async def buy_photo_permit(state: State, token: str, visit_id: str) -> str:
    """Sell a reader in the room a day permit to photograph documents with their own camera (the fee is
    taken at the desk). Replies with a sentence giving the permit number."""
    if (err := _gate(state, token, "searchroom")):
        return err
    v = state.visits.get(visit_id)
    if v is None:
        return f"Error: no visit {visit_id}."
    if v["day"] != TODAY or v["status"] != "in_room":
        return f"Error: a permit is sold to a reader in the room today; visit {visit_id} is {v['status'].replace('_', ' ')}."
    for pid, p in state.permits.items():
        if p["visit"] == visit_id:
            return f"Error: visit {visit_id} already has permit {pid}."
    pid = f"PP-{_next(state, 'permit'):04d}"
    state.permits[pid] = {"visit": visit_id, "ticket": v["ticket"], "frames": 0, "log": []}
    return f"Photography permit {pid} for {state.readers[v['ticket']]['name']}, today only; {PERMIT_FEE:.2f} paid."


async def record_photographs(state: State, token: str, permit_id: str, order_id: str, frames: int) -> int:
    """Log the frames a reader has photographed of a document on their seat under their permit. Replies
    with the frames taken on the permit so far today."""
    if (err := _gate(state, token, "searchroom")):
        return err
    p = state.permits.get(permit_id)
    if p is None:
        return f"Error: no photography permit {permit_id}."
    o = state.orders.get(order_id)
    if o is None:
        return f"Error: no document order {order_id}."
    if o["ticket"] != p["ticket"]:
        return f"Error: {order_id} is not the permit holder's document."
    if o["status"] != "produced":
        return f"Error: {order_id} is {o['status']}; only a document on the reader's seat is photographed."
    d = state.documents[o["reference"]]
    if not d["photography"]:
        return f"Error: the depositor ({d['depositor']}) does not allow photography of {o['reference']}; order copies instead."
    if not 1 <= frames <= 200:
        return "Error: log between 1 and 200 frames."
    p["frames"] += frames
    p["log"].append((order_id, frames))
    return p["frames"]


async def new_copy_order(state: State, token: str, ticket: str, reference: str, pages: list[str],
                         copy_format: CopyFormat) -> str:
    """Take a copy order from a reader for pages (folio or page numbers) of a record, as a PDF scan, A4
    prints or TIFF masters. Replies with a sentence giving the copy order number."""
    if (err := _gate(state, token, "searchroom")):
        return err
    r = state.readers.get(ticket)
    if r is None:
        return f"Error: no reader's ticket {ticket}."
    if not _valid(r):
        return f"Error: ticket {ticket} has expired."
    ref = reference.strip().upper()
    d = state.documents.get(ref)
    if d is None:
        return f"Error: no record {reference} in the catalogue."
    if d["access"] == "closed":
        return f"Error: {ref} is closed; no copies are made of closed records."
    if d["access"] == "surrogate":
        return f"Error: copies of {ref} are made from its surrogate, {d['surrogate']}."
    try:
        fmt = copy_format if isinstance(copy_format, CopyFormat) else CopyFormat(copy_format)
    except ValueError:
        return f"Error: {copy_format!r} is not a copy format."
    if not pages or len(pages) > 50 or not all(p.strip() for p in pages):
        return "Error: give between 1 and 50 pages or folios."
    cid = f"CO-{_next(state, 'copy'):04d}"
    state.copy_orders[cid] = {"ticket": ticket, "reference": ref, "pages": [p.strip() for p in pages],
                              "format": fmt.value, "purpose": None, "signed_by": None, "permission": None, "fee": 0.0,
                              "status": "new"}
    return f"Copy order {cid}: {len(pages)} page{'s' if len(pages) != 1 else ''} of {ref} as {fmt.value.replace('_', ' ')}, for {r['name']}."


async def declare_copyright(state: State, token: str, copy_order_id: str, purpose: Purpose, signed_by: str) -> dict:
    """Record the reader's signed copyright declaration on a copy order: private study, non-commercial
    research, or publication (which also needs the depositor's permission). Replies with the copy
    order, purpose, signatory, status and whether permission is needed."""
    if (err := _gate(state, token, "searchroom")):
        return err
    c = state.copy_orders.get(copy_order_id)
    if c is None:
        return f"Error: no copy order {copy_order_id}."
    if c["status"] not in ("new", "declared"):
        return f"Error: {copy_order_id} is {c['status']}; the declaration can no longer change."
    if not signed_by.strip():
        return "Error: the declaration must be signed."
    if (c["purpose"], c["signed_by"]) == (purpose, signed_by.strip()):
        return f"Error: that declaration is already on {copy_order_id}."
    c["purpose"], c["signed_by"], c["status"] = purpose, signed_by.strip(), "declared"
    if purpose != "publication":
        c["permission"], c["fee"] = None, 0.0
    return {"copy_order_id": copy_order_id, "purpose": purpose, "signed_by": c["signed_by"], "status": "declared",
            "needs_permission": purpose == "publication"}


async def request_permission(state: State, token: str, copy_order_id: str, publication: str) -> str:
    """Ask the depositor's permission to publish copies ordered for publication, naming the publication.
    Replies with a sentence giving the permission request number."""
    if (err := _gate(state, token, "searchroom", "archivist")):
        return err
    c = state.copy_orders.get(copy_order_id)
    if c is None:
        return f"Error: no copy order {copy_order_id}."
    if c["purpose"] != "publication":
        return f"Error: permission is asked only for copies declared for publication; {copy_order_id} is declared for {c['purpose'] or 'nothing yet'}."
    if c["permission"] is not None:
        return f"Error: permission for {copy_order_id} was already asked for."
    if not publication.strip():
        return "Error: name the publication."
    rid = f"PR-{_next(state, 'permission'):04d}"
    c["permission"] = "requested"
    state.permissions[rid] = {"copy_order": copy_order_id, "publication": publication.strip(), "decision": None}
    depositor = state.documents[c["reference"]]["depositor"]
    return f"Permission request {rid} sent to {depositor} for {copy_order_id} ({c['reference']})."


async def record_permission(state: State, token: str, request_id: str, granted: bool, fee: float, note: str) -> dict:
    """Record the depositor's answer to a permission request, with the reproduction fee they ask. Replies
    with the request, the copy order, the decision and the fee."""
    if (err := _gate(state, token, "archivist")):
        return err
    req = state.permissions.get(request_id)
    if req is None:
        return f"Error: no permission request {request_id}."
    if req["decision"] is not None:
        return f"Error: the answer to {request_id} is already recorded ({req['decision']})."
    if fee < 0:
        return "Error: the fee cannot be negative."
    req["decision"] = "granted" if granted else "refused"
    c = state.copy_orders[req["copy_order"]]
    c["permission"] = req["decision"]
    c["fee"] = round(fee, 2) if granted else 0.0
    return {"request_id": request_id, "copy_order_id": req["copy_order"], "decision": req["decision"],
            "fee": c["fee"], "note": note.strip()}


async def quote_copy_order(state: State, token: str, copy_order_id: str) -> float:
    """The price of a copy order: pages at the format's rate plus any reproduction fee. Replies with the
    bare amount in pounds."""
    if (err := _gate(state, token)):
        return err
    if copy_order_id not in state.copy_orders:
        return f"Error: no copy order {copy_order_id}."
    return _price(state, copy_order_id)


async def pay_copy_order(state: State, token: str, copy_order_id: str, amount: float, method: PayMethod) -> str:
    """Take payment in full for a declared copy order. Replies with a sentence giving the receipt number."""
    if (err := _gate(state, token, "searchroom")):
        return err
    c = state.copy_orders.get(copy_order_id)
    if c is None:
        return f"Error: no copy order {copy_order_id}."
    if c["status"] == "new":
        return f"Error: the reader has not signed the copyright declaration for {copy_order_id}."
    if c["status"] != "declared":
        return f"Error: {copy_order_id} is {c['status']}."
    if c["purpose"] == "publication" and c["permission"] != "granted":
        return f"Error: {copy_order_id} is for publication and the depositor's permission is {c['permission'] or 'not asked for'}."
    price = _price(state, copy_order_id)
    if abs(amount - price) > 0.005:
        return f"Error: {copy_order_id} is paid in full; take exactly {price:.2f}."
    c["status"] = "paid"
    rid = f"RC-{_next(state, 'receipt')}"
    state.receipts[rid] = {"copy_order": copy_order_id, "amount": price, "method": method}
    return f"Receipt {rid}: {price:.2f} by {method} for copy order {copy_order_id}."


async def fulfil_copy_order(state: State, token: str, copy_order_id: str) -> dict:
    """Make and send the copies on a paid copy order (digital copies by e-mail, prints by post). Replies
    with the copy order, status, how they were sent, and the files as rows of [file, page]."""
    if (err := _gate(state, token, "repro")):
        return err
    c = state.copy_orders.get(copy_order_id)
    if c is None:
        return f"Error: no copy order {copy_order_id}."
    if c["status"] != "paid":
        return f"Error: {copy_order_id} is {c['status']}; only paid copy orders are made."
    r = state.readers[c["ticket"]]
    digital = c["format"] != "a4_print"
    if digital and not r["email"]:
        return f"Error: {r['name']} has no e-mail address on file for digital copies."
    ext = {"pdf_scan": "pdf", "tiff_master": "tif", "a4_print": "print"}[c["format"]]
    files = [[f"{c['reference'].replace('/', '_')}_{p.replace('.', '')}.{ext}", p] for p in c["pages"]]
    c["status"] = "sent"
    return {"copy_order_id": copy_order_id, "status": "sent", "sent_to": r["email"] if digital else r["postcode"],
            "by": "e-mail" if digital else "post", "files": files}


async def copy_orders(state: State, token: str, ticket: str | None = None) -> list:
    """Copy orders, optionally one reader's, as rows of [copy_order_id, ticket, reference, pages, format,
    price, status] by number; status is new, declared, paid, sent or cancelled."""
    if (err := _gate(state, token)):
        return err
    return [[cid, c["ticket"], c["reference"], len(c["pages"]), c["format"], _price(state, cid), c["status"]]
            for cid, c in sorted(state.copy_orders.items()) if ticket in (None, c["ticket"])]


async def cancel_copy_order(state: State, token: str, copy_order_id: str, reason: str) -> str:
    """Cancel a copy order that has not been sent, refunding any payment. Replies with a sentence."""
    if (err := _gate(state, token, "searchroom")):
        return err
    c = state.copy_orders.get(copy_order_id)
    if c is None:
        return f"Error: no copy order {copy_order_id}."
    if c["status"] in ("sent", "cancelled"):
        return f"Error: {copy_order_id} is {c['status']}."
    if not reason.strip():
        return "Error: give a reason."
    refund = _price(state, copy_order_id) if c["status"] == "paid" else 0.0
    c["status"], c["reason"] = "cancelled", reason.strip()
    return f"Copy order {copy_order_id} cancelled; {refund:.2f} refunded."


# --------------------------------------------------------------------------- enquiries


async def log_enquiry(state: State, token: str, name: str, email: str, question: str) -> str:
    """Log a postal or e-mail research enquiry from someone who cannot visit. Replies with a sentence
    giving the enquiry number."""
    if (err := _gate(state, token, "searchroom", "archivist")):
        return err
    if "@" not in email:
        return f"Error: {email!r} is not an e-mail address."
    if not question.strip():
        return "Error: the enquiry is empty."
    eid = f"EQ-{_next(state, 'enquiry')}"
    state.enquiries[eid] = {"name": name.strip(), "email": email.strip(), "question": question.strip(),
                            "status": "open", "answer": None}
    return f"Enquiry {eid} logged for {name.strip()}."


async def answer_enquiry(state: State, token: str, enquiry_id: str, answer: str, hours: float) -> dict:
    """The archivist's answer to an enquiry, with the research time spent in quarter hours (the first
    half hour is free). Replies with the enquiry, status, hours and the fee charged."""
    if (err := _gate(state, token, "archivist")):
        return err
    e = state.enquiries.get(enquiry_id)
    if e is None:
        return f"Error: no enquiry {enquiry_id}."
    if e["status"] != "open":
        return f"Error: {enquiry_id} is already answered."
    if hours <= 0 or abs(hours * 4 - round(hours * 4)) > 1e-9:
        return "Error: research time is recorded in quarter hours (0.25, 0.5, ...)."
    if not answer.strip():
        return "Error: the answer is empty."
    fee = round(max(hours - 0.5, 0.0) * RESEARCH_RATE, 2)
    e.update(status="answered", answer=answer.strip(), hours=hours, fee=fee)
    return {"enquiry_id": enquiry_id, "status": "answered", "hours": hours, "fee": fee, "to": e["email"]}


# --------------------------------------------------------------------------- catalog


TOOLS = [
    sign_in, sign_out, catalogue_search, item_description, free_seats, find_reader, register_reader, renew_ticket,
    update_reader, reader_record, book_visit, cancel_visit, todays_visits, admit_reader, desk_change, order_document,
    produce_document, return_document, hold_document, cancel_order, order_queue, sign_out_reader, report_condition,
    assess_condition, apply_for_access, decide_access, buy_photo_permit, record_photographs, new_copy_order,
    declare_copyright, request_permission, record_permission, quote_copy_order, pay_copy_order, fulfil_copy_order,
    copy_orders, cancel_copy_order, log_enquiry, answer_enquiry,
]

FIXTURES = {
    "office": {"name": "Dorrington County Record Office, The Old Gaol, Castle Street, Dorrington",
               "today": "Wednesday 16 October 2030, the search room opening at half past nine",
               "open": "Tuesday to Saturday"},
    "staff": [
        {"name": "Kit Marlow", "role": "search room assistant", "username": "kit.m", "password": "Strongroom-3"},
        {"name": "Dr Anne Bellamy", "role": "duty archivist", "username": "anne.b", "password": "Provenance-1742"},
        {"name": "Tom Wren", "role": "conservator", "username": "tom.w", "password": "Wheat-Starch-9"},
        {"name": "Sian Lloyd", "role": "reprographics", "username": "sian.l", "password": "Flatbed-600dpi"},
        {"name": "Gill Rowe", "role": "county archivist", "username": "gill.r", "password": "Accession-Reg-88"},
    ],
    "new_reader": {"name": "Mrs Ruth Amesbury", "email": "ruth.amesbury@mail.example", "phone": "07700 900318",
                   "postcode": "DR5 8PW", "identity": "passport 533419087", "address": "a council tax bill",
                   "research": "her ancestors, the Pike family of Mill Farm, Aldbourne"},
    "desk_notes": [
        "Mrs Copley's ticket has run out; she brought her driving licence, COPLE607153J99AB",
        "Dr Okafor is writing a book on crime in Dorrington, 1790-1830, for Dorrington University Press",
        "Mr Pennington is coming back for the Aldbourne manor map we held for him",
        "An e-mail from Mr Graham Pike (g.pike@mail.example) asking when John Pike's lease of Mill Farm began",
    ],
}

_TOKEN = "auth: session token (the bare token sign_in returns)"
PUBLIC = ("sign_in", "catalogue_search", "item_description", "free_seats")
TOKEN_CONSUMERS = [t.__name__ for t in TOOLS if t.__name__ not in PUBLIC]
READER_CONSUMERS = ["update_reader", "reader_record", "book_visit", "apply_for_access", "new_copy_order"]
VISIT_CONSUMERS = ["admit_reader", "order_document", "cancel_visit", "desk_change", "buy_photo_permit",
                   "sign_out_reader"]
ORDER_CONSUMERS = ["produce_document", "return_document", "hold_document", "report_condition", "cancel_order",
                   "record_photographs"]
ON_SEAT_CONSUMERS = ["return_document", "hold_document", "report_condition", "record_photographs"]
COPY_CONSUMERS = ["declare_copyright", "request_permission", "quote_copy_order"]
LISTED_COPY_CONSUMERS = ["pay_copy_order", "fulfil_copy_order", "cancel_copy_order"]
_READER = "id lookup/create: reader's ticket (in register_reader's sentence, or the first column of find_reader's rows)"
_VISIT = "id lookup/create: visit number (in book_visit's sentence, or the first column of todays_visits' rows)"
_ORDER = "id lookup/create: document order number (in order_document's sentence, or the first column of order_queue's rows)"
_COPY = "id create: copy order number (in new_copy_order's sentence)"
_LISTED_COPY = "id lookup/create: copy order number (in new_copy_order's sentence, or the first column of copy_orders' rows)"
_REFERENCE = "vocabulary: a document reference (the first column of catalogue_search's rows)"

GROUND_TRUTH = (
    [("sign_in", c, _TOKEN) for c in TOKEN_CONSUMERS]
    + [("register_reader|find_reader", c, _READER) for c in READER_CONSUMERS]
    + [("book_visit|todays_visits", c, _VISIT) for c in VISIT_CONSUMERS]
    + [("order_document|order_queue", c, _ORDER) for c in ORDER_CONSUMERS]
    + [("new_copy_order", c, _COPY) for c in COPY_CONSUMERS]
    + [("new_copy_order|copy_orders", c, _LISTED_COPY) for c in LISTED_COPY_CONSUMERS]
    + [("catalogue_search", c, _REFERENCE) for c in ("order_document", "apply_for_access", "new_copy_order")]
    + [("admit_reader", c, "state: the reader admitted to the room (today)")
       for c in ("order_document", "buy_photo_permit", "sign_out_reader")]
    + [("produce_document", c, "state: the document on the reader's seat") for c in ON_SEAT_CONSUMERS]
    + [
        ("find_reader", "renew_ticket", "id lookup: reader's ticket (the first column of find_reader's rows)"),
        ("report_condition", "assess_condition", "id create: condition report number (in report_condition's sentence)"),
        ("apply_for_access", "decide_access", "id create: access application number (in apply_for_access's sentence)"),
        ("buy_photo_permit", "record_photographs", "id create: permit number (in buy_photo_permit's sentence)"),
        ("request_permission", "record_permission", "id create: permission request number (in request_permission's sentence)"),
        ("log_enquiry", "answer_enquiry", "id create: enquiry number (in log_enquiry's sentence)"),
        ("item_description", "order_document", "vocabulary: the surrogate's reference (surrogate of item_description)"),
        ("free_seats", "book_visit", "vocabulary: a free seat (the first column of free_seats' rows)"),
        ("free_seats", "desk_change", "vocabulary: a free seat (the first column of free_seats' rows)"),
        ("quote_copy_order", "pay_copy_order", "value: the price to take (the bare amount quote_copy_order returns)"),
        ("renew_ticket", "book_visit", "state: the reader's ticket valid again"),
        ("desk_change", "produce_document", "state: the reader at the seat the document needs (the map table)"),
        ("return_document|hold_document", "sign_out_reader", "state: no document left on the reader's seat"),
        ("assess_condition", "order_document", "state: the document back in use after conservation"),
        ("decide_access", "order_document", "state: access to the closed record granted"),
        ("declare_copyright", "pay_copy_order", "state: the copyright declaration signed"),
        ("declare_copyright", "request_permission", "state: the copies declared for publication"),
        ("record_permission", "pay_copy_order", "state: the depositor's permission granted (publication)"),
        ("pay_copy_order", "fulfil_copy_order", "state: the copy order paid"),
    ]
)

PLAUSIBLE = {
    ("register_reader", "find_reader"), ("renew_ticket", "reader_record"), ("book_visit", "todays_visits"),
    ("book_visit", "free_seats"), ("cancel_visit", "free_seats"), ("desk_change", "free_seats"),
    ("admit_reader", "todays_visits"), ("admit_reader", "produce_document"), ("book_visit", "reader_record"),
    ("order_document", "order_queue"), ("order_document", "reader_record"), ("produce_document", "order_queue"),
    ("return_document", "order_queue"), ("hold_document", "order_queue"), ("cancel_order", "order_queue"),
    ("item_description", "apply_for_access"), ("item_description", "new_copy_order"),
    ("catalogue_search", "item_description"), ("apply_for_access", "order_document"),
    ("apply_for_access", "reader_record"), ("decide_access", "reader_record"), ("report_condition", "order_queue"),
    ("buy_photo_permit", "new_copy_order"), ("new_copy_order", "copy_orders"), ("declare_copyright", "quote_copy_order"),
    ("record_permission", "quote_copy_order"), ("pay_copy_order", "copy_orders"), ("fulfil_copy_order", "copy_orders"),
    ("update_reader", "fulfil_copy_order"), ("new_copy_order", "reader_record"), ("todays_visits", "order_queue"),
    ("order_queue", "sign_out_reader"), ("sign_out_reader", "todays_visits"), ("order_queue", "order_document"),
    ("report_condition", "order_document"), ("request_permission", "pay_copy_order"),
    ("reader_record", "cancel_visit"), ("reader_record", "admit_reader"), ("reader_record", "order_document"),
    ("reader_record", "desk_change"), ("reader_record", "sign_out_reader"), ("reader_record", "buy_photo_permit"),
    ("reader_record", "produce_document"), ("reader_record", "return_document"), ("reader_record", "hold_document"),
    ("reader_record", "cancel_order"), ("reader_record", "report_condition"),
    ("reader_record", "record_photographs"), ("reader_record", "declare_copyright"),
    ("reader_record", "request_permission"), ("reader_record", "quote_copy_order"),
    ("reader_record", "pay_copy_order"), ("reader_record", "fulfil_copy_order"),
    ("reader_record", "cancel_copy_order"), ("reader_record", "decide_access"), ("todays_visits", "reader_record"),
    ("todays_visits", "update_reader"), ("todays_visits", "apply_for_access"), ("todays_visits", "new_copy_order"),
    ("order_queue", "reader_record"), ("copy_orders", "reader_record"), ("copy_orders", "declare_copyright"),
    ("copy_orders", "quote_copy_order"), ("find_reader", "copy_orders"),
}
