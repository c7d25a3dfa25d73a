"""OfficeSuite: mail, calendar, contacts and documents of a company's office suite (38 tools).

Plain Python functions over an in-memory ``SuiteState`` for one employee (Priya Raman, who is also
the workspace admin): a directory and personal contacts, a mailbox with attachments, drafts and
labels, an auto-reply, calendars with free/busy, rooms and invitations, and a drive with native
documents, uploaded files, folders, exports, sharing, links and comments.

Conventions, as a suite that grew from several products has them: the mail and calendar endpoints
always answer ``{"success": true, ...}`` or ``{"success": false, "message": ...}`` and never raise;
the drive and document endpoints return plain values and raise (``PermissionError``,
``LookupError``, ``ValueError`` and ``DriveError``). Recipients and attendees are ``list[str]`` of
email addresses; roles, response words, export formats and time zones are spelled out only by the
error messages. Times are calendar time (Europe/London).

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as
provider means either tool satisfies it; the text of ``what`` before its first ``:`` is the kind.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Optional

DOMAIN = "northwind.example"
ME = "priya.raman@northwind.example"
_EMAIL = re.compile(r"[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}")
_ZONES = {"Europe/London": 0, "Europe/Berlin": 1, "America/New_York": -4, "Asia/Singapore": 8}


class DriveError(Exception):
    """A refusal of the drive and document service."""


def _h(text: str, n: int = 6) -> str:
    return hashlib.sha1(text.encode()).hexdigest()[:n]


def _seed_mail() -> dict:
    return {
        "msg-3001": {"thread": "th-880", "from": "tomas.ortega@northwind.example", "to": [ME], "subject": "Q1 budget draft",
                     "body": "Hi Priya, the Q1 budget draft is attached. Comments by Friday please. Tomás",
                     "date": "2025-03-10T09:12", "unread": True, "labels": [],
                     "attachments": {"att-1": {"filename": "budget-q1.xlsx", "size": 48213},
                                     "att-2": {"filename": "assumptions.txt", "size": 1877}}},
        "msg-3002": {"thread": "th-881", "from": "jordan.blake@contoso.example", "to": [ME], "subject": "Contract renewal",
                     "body": "Priya, can you send over the renewal terms before our call?", "date": "2025-03-10T16:40",
                     "unread": True, "labels": [], "attachments": {}},
        "msg-3003": {"thread": "th-882", "from": "it-noreply@northwind.example", "to": [ME],
                     "subject": "Your password expires in 5 days", "body": "Change it at https://id.northwind.example.",
                     "date": "2025-03-09T07:00", "unread": False, "labels": [], "attachments": {}},
    }


def _seed_events() -> dict:
    return {
        "evt-5002": {"calendar": "cal-8f31", "title": "Weekly 1:1 with Mei", "start": "2025-03-11T10:00", "minutes": 30,
                     "organizer": ME, "attendees": ["mei.lin@northwind.example"], "room": None, "status": "confirmed"},
        "evt-5010": {"calendar": "cal-tomas", "title": "Finance offsite prep", "start": "2025-03-12T09:00", "minutes": 180,
                     "organizer": "tomas.ortega@northwind.example", "attendees": [], "room": None, "status": "confirmed"},
        "evt-5011": {"calendar": "cal-8f31", "title": "Dentist", "start": "2025-03-12T13:00", "minutes": 60,
                     "organizer": ME, "attendees": [], "room": None, "status": "confirmed"},
        "evt-5120": {"calendar": "cal-tomas", "title": "Budget review", "start": "2025-03-13T15:00", "minutes": 60,
                     "organizer": "tomas.ortega@northwind.example", "attendees": [ME], "room": "RM-5C",
                     "status": "confirmed", "responses": {ME: "needs_action"}},
    }


@dataclass
class SuiteState:
    accounts: dict = field(default_factory=lambda: {ME: {"password": "Quill-2025!", "name": "Priya Raman", "admin": True,
                                                         "app_passwords": ["qzpt-7mha-2wcx-9kfe"]}})
    sessions: dict = field(default_factory=dict)
    directory: list = field(default_factory=lambda: [
        {"name": "Tomás Ortega", "email": "tomas.ortega@northwind.example", "department": "Finance"},
        {"name": "Mei Lin", "email": "mei.lin@northwind.example", "department": "Engineering"},
        {"name": "Ade Bello", "email": "ade.bello@northwind.example", "department": "Legal"},
        {"name": "Priya Raman", "email": ME, "department": "Operations"}])
    contacts: dict = field(default_factory=lambda: {
        "ct-11": {"name": "Tomás Ortega", "email": "tomas.ortega@northwind.example", "company": "Northwind"},
        "ct-12": {"name": "Jordan Blake", "email": "jordan.blake@contoso.example", "company": "Contoso"}})
    mail: dict = field(default_factory=_seed_mail)
    drafts: dict = field(default_factory=dict)
    sent: dict = field(default_factory=dict)
    labels: dict = field(default_factory=dict)
    auto_reply: dict = field(default_factory=lambda: {"enabled": False, "message": "", "start": None, "end": None})
    calendars: dict = field(default_factory=lambda: {
        "cal-8f31": {"name": "Priya Raman", "access": "owner"},
        "cal-team-ops": {"name": "Operations team", "access": "reader"},
        "cal-holidays": {"name": "UK holidays", "access": "reader"}})
    events: dict = field(default_factory=_seed_events)
    rooms: dict = field(default_factory=lambda: {
        "RM-3A": {"name": "Thames", "building": "London HQ", "capacity": 4},
        "RM-5C": {"name": "Severn", "building": "London HQ", "capacity": 12},
        "RM-B1": {"name": "Spree", "building": "Berlin office", "capacity": 6}})
    files: dict = field(default_factory=lambda: {"file-2201": {"name": "Q4 report.pdf", "size": 804112, "folder": None,
                                                               "owner": ME}})
    folders: dict = field(default_factory=dict)
    docs: dict = field(default_factory=lambda: {"doc-7781": {
        "title": "Onboarding handbook", "body": "Welcome to Northwind Operations.", "owner": ME, "shared": {},
        "link": "off", "comments": []}})
    org: dict = field(default_factory=lambda: {"external_sharing": False})
    counter: int = 400


State = SuiteState


def _next(state: SuiteState) -> int:
    state.counter += 1
    return state.counter


def _fail(message: str) -> dict:
    return {"success": False, "message": message}


def _me(state: SuiteState, access_token: str) -> Optional[str]:
    return state.sessions.get(access_token)


def _drive_me(state: SuiteState, access_token: str) -> str:
    me = state.sessions.get(access_token)
    if me is None:
        raise PermissionError("401 Unauthorized: invalid access token")
    return me


def _bad_addresses(addresses: list[str]) -> list[str]:
    return [a for a in addresses if not isinstance(a, str) or not _EMAIL.fullmatch(a.strip())]


def _parse_time(text: str) -> Optional[datetime]:
    try:
        return datetime.strptime(text, "%Y-%m-%dT%H:%M")
    except (TypeError, ValueError):
        return None


def _busy(state: SuiteState, person: str, start: datetime, minutes: int, ignore: str = "") -> Optional[str]:
    end = start + timedelta(minutes=minutes)
    for eid, e in state.events.items():
        if eid == ignore or e["status"] != "confirmed":
            continue
        if person != e["organizer"] and person not in e["attendees"]:
            continue
        s = datetime.strptime(e["start"], "%Y-%m-%dT%H:%M")
        if s < end and start < s + timedelta(minutes=e["minutes"]):
            return e["title"]
    return None


def _doc(state: SuiteState, me: str, doc_id: str) -> dict:
    d = state.docs.get(doc_id)
    if d is None or (d["owner"] != me and me not in d["shared"]):
        raise LookupError(f"404: document {doc_id} not found")
    return d


# ----------------------------------------------------------------------------- sign-in

def sign_in(email: str, password: str, state: SuiteState) -> dict:
    """Sign in with your work email and password."""
    a = state.accounts.get(email.strip().lower())
    if a is None or a["password"] != password:
        return _fail("Incorrect email or password.")
    token = "qs_" + _h(f"{email}{_next(state)}", 20)
    state.sessions[token] = email.strip().lower()
    return {"success": True, "data": {"session": {"token": token, "expires_in": 28800}, "user": {"name": a["name"]}}}


def sign_in_with_app_password(email: str, app_password: str, state: SuiteState) -> dict:
    """Sign in a mail client or script with an app password."""
    a = state.accounts.get(email.strip().lower())
    if a is None or app_password not in a["app_passwords"]:
        return _fail("App password not recognised.")
    token = "qs_app_" + _h(f"{email}{app_password}{_next(state)}", 16)
    state.sessions[token] = email.strip().lower()
    return {"success": True, "token": token}


# ----------------------------------------------------------------------------- people

def search_directory(access_token: str, name: Optional[str] = None, department: Optional[str] = None,
                     state: SuiteState = None) -> dict:
    """Search the company directory by name and/or department."""
    if _me(state, access_token) is None:
        return _fail("Session expired. Please sign in again.")
    if name is None and department is None:
        return _fail("No search criteria")
    q = (name or "").strip().lower()
    people = [dict(p) for p in state.directory if q in p["name"].lower()
              and (department is None or p["department"].lower() == department.strip().lower())]
    return {"success": True, "people": people}


def find_contact(access_token: str, query: str, state: SuiteState) -> dict:
    """Search your personal contacts (names, companies, addresses)."""
    if _me(state, access_token) is None:
        return _fail("Session expired. Please sign in again.")
    q = query.strip().lower()
    if not q:
        return _fail("query is empty")
    hits = [{"contact_id": cid, **c} for cid, c in state.contacts.items()
            if q in c["name"].lower() or q in c["email"] or q in c["company"].lower()]
    return {"success": True, "contacts": hits}


def add_contact(access_token: str, name: str, email: str, company: Optional[str] = None,
                state: SuiteState = None) -> dict:
    if _me(state, access_token) is None:
        return _fail("Session expired. Please sign in again.")
    if _bad_addresses([email]):
        return _fail(f"'{email}' is not a valid email address")
    if any(c["email"] == email.lower() for c in state.contacts.values()):
        return _fail("A contact with this email already exists.")
    cid = f"ct-{_next(state)}"
    state.contacts[cid] = {"name": name, "email": email.lower(), "company": company or ""}
    return {"success": True, "contact_id": cid}


# ----------------------------------------------------------------------------- mail

def search_mail(access_token: str, sender: Optional[str] = None, subject: Optional[str] = None,
                unread_only: Optional[bool] = None, state: SuiteState = None) -> dict:
    """Search the mailbox. sender matches part of the sender's address, subject part of the subject."""
    if _me(state, access_token) is None:
        return _fail("Session expired. Please sign in again.")
    if sender is None and subject is None and unread_only is None:
        return _fail("No search criteria")
    out = []
    for mid, m in state.mail.items():
        if sender is not None and sender.strip().lower() not in m["from"]:
            continue
        if subject is not None and subject.strip().lower() not in m["subject"].lower():
            continue
        if unread_only and not m["unread"]:
            continue
        out.append({"id": mid, "from": m["from"], "subject": m["subject"], "date": m["date"],
                    "has_attachments": bool(m["attachments"])})
    return {"success": True, "messages": out}


def read_message(access_token: str, message_id: str, state: SuiteState) -> dict:
    """Open a message (marks it read)."""
    if _me(state, access_token) is None:
        return _fail("Session expired. Please sign in again.")
    m = state.mail.get(message_id)
    if m is None:
        return _fail(f"Message {message_id} not found.")
    m["unread"] = False
    return {"success": True, "message": {
        "id": message_id, "thread_id": m["thread"], "from": m["from"], "to": list(m["to"]), "subject": m["subject"],
        "body": m["body"], "date": m["date"],
        "attachments": [{"attachment_id": aid, **a} for aid, a in m["attachments"].items()]}}


def send_email(access_token: str, to: list[str], subject: str, body: str, cc: Optional[list[str]] = None,
               state: SuiteState = None) -> dict:
    """Send a new email.

    Args:
        access_token: your session.
        to: recipient email addresses.
        subject: subject line.
        body: plain-text body.
        cc: more recipient addresses, optional.
    """
    me = _me(state, access_token)
    if me is None:
        return _fail("Session expired. Please sign in again.")
    if not to:
        return _fail("Add at least one recipient.")
    bad = _bad_addresses(list(to) + list(cc or []))
    if bad:
        return _fail(f"Not an email address: {bad[0]!r}")
    mid = f"sent-{_next(state)}"
    state.sent[mid] = {"to": list(to), "cc": list(cc or []), "subject": subject, "body": body, "attachments": []}
    return {"success": True, "message_id": mid}


def reply_to_message(access_token: str, message_id: str, body: str, reply_all: bool = False,
                     state: SuiteState = None) -> dict:
    me = _me(state, access_token)
    if me is None:
        return _fail("Session expired. Please sign in again.")
    m = state.mail.get(message_id)
    if m is None:
        return _fail(f"Message {message_id} not found.")
    to = [m["from"]] + ([a for a in m["to"] if a != me] if reply_all else [])
    mid = f"sent-{_next(state)}"
    state.sent[mid] = {"to": to, "cc": [], "subject": "Re: " + m["subject"], "body": body, "attachments": [],
                       "thread": m["thread"]}
    return {"success": True, "message_id": mid, "to": to}


def forward_message(access_token: str, message_id: str, to: list[str], note: str = "",
                    state: SuiteState = None) -> dict:
    """Forward a message with its attachments."""
    if _me(state, access_token) is None:
        return _fail("Session expired. Please sign in again.")
    m = state.mail.get(message_id)
    if m is None:
        return _fail(f"Message {message_id} not found.")
    bad = _bad_addresses(list(to))
    if not to or bad:
        return _fail(f"Not an email address: {bad[0]!r}" if bad else "Add at least one recipient.")
    mid = f"sent-{_next(state)}"
    state.sent[mid] = {"to": list(to), "cc": [], "subject": "Fwd: " + m["subject"], "body": note + "\n\n" + m["body"],
                       "attachments": list(m["attachments"])}
    return {"success": True, "message_id": mid}


def create_draft(access_token: str, to: list[str], subject: str, body: str, state: SuiteState) -> dict:
    """Save a draft."""
    if _me(state, access_token) is None:
        return _fail("Session expired. Please sign in again.")
    bad = _bad_addresses(list(to))
    if bad:
        return _fail(f"Not an email address: {bad[0]!r}")
    did = f"dr-{_next(state)}"
    state.drafts[did] = {"to": list(to), "subject": subject, "body": body, "attachments": []}
    return {"success": True, "draft": {"id": did, "to": list(to), "subject": subject}}


def add_attachment(access_token: str, draft_id: str, file_id: str, state: SuiteState) -> dict:
    """Attach a file from your drive to a draft (25 MB at most)."""
    if _me(state, access_token) is None:
        return _fail("Session expired. Please sign in again.")
    d = state.drafts.get(draft_id)
    if d is None:
        return _fail(f"Draft {draft_id} not found.")
    if file_id in state.docs:
        return _fail("Native documents cannot be attached. Export the document to a file first.")
    f = state.files.get(file_id)
    if f is None:
        return _fail(f"File {file_id} not found in your drive.")
    if f["size"] > 25 * 1024 * 1024:
        return _fail("Attachments are limited to 25 MB.")
    d["attachments"].append(file_id)
    return {"success": True, "draft_id": draft_id, "attachments": [state.files[x]["name"] for x in d["attachments"]]}


def send_draft(access_token: str, draft_id: str, state: SuiteState) -> dict:
    if _me(state, access_token) is None:
        return _fail("Session expired. Please sign in again.")
    d = state.drafts.pop(draft_id, None)
    if d is None:
        return _fail(f"Draft {draft_id} not found.")
    if not d["to"]:
        state.drafts[draft_id] = d
        return _fail("The draft has no recipients.")
    mid = f"sent-{_next(state)}"
    state.sent[mid] = {**d, "cc": []}
    return {"success": True, "message_id": mid}


def save_attachment_to_drive(access_token: str, message_id: str, attachment_id: str,
                             folder_id: Optional[str] = None, state: SuiteState = None) -> dict:
    """Copy an attachment of a message into your drive."""
    me = _me(state, access_token)
    if me is None:
        return _fail("Session expired. Please sign in again.")
    m = state.mail.get(message_id)
    if m is None:
        return _fail(f"Message {message_id} not found.")
    a = m["attachments"].get(attachment_id)
    if a is None:
        return _fail(f"Message {message_id} has no attachment {attachment_id}.")
    if folder_id is not None and folder_id not in state.folders:
        return _fail(f"Folder {folder_id} not found.")
    fid = f"file-{_next(state)}"
    state.files[fid] = {"name": a["filename"], "size": a["size"], "folder": folder_id, "owner": me}
    return {"success": True, "file_id": fid, "name": a["filename"]}


def create_label(access_token: str, name: str, state: SuiteState) -> dict:
    if _me(state, access_token) is None:
        return _fail("Session expired. Please sign in again.")
    if any(l["name"].lower() == name.strip().lower() for l in state.labels.values()):
        return _fail(f"A label named '{name}' already exists.")
    lid = f"Label_{_next(state)}"
    state.labels[lid] = {"name": name.strip()}
    return {"success": True, "label_id": lid}


def apply_label(access_token: str, message_id: str, label_id: str, state: SuiteState) -> dict:
    if _me(state, access_token) is None:
        return _fail("Session expired. Please sign in again.")
    m = state.mail.get(message_id)
    if m is None:
        return _fail(f"Message {message_id} not found.")
    if label_id not in state.labels:
        return _fail(f"Label {label_id} does not exist.")
    if label_id in m["labels"]:
        return _fail("The message already has this label.")
    m["labels"].append(label_id)
    return {"success": True, "message_id": message_id, "labels": [state.labels[l]["name"] for l in m["labels"]]}


def set_auto_reply(access_token: str, enabled: bool, message: str, start_date: str, end_date: str,
                   state: SuiteState) -> dict:
    """Turn the out-of-office reply on or off for a date range."""
    if _me(state, access_token) is None:
        return _fail("Session expired. Please sign in again.")
    for d in (start_date, end_date):
        if not re.fullmatch(r"\d{4}-\d{2}-\d{2}", d or ""):
            return _fail("Dates must be YYYY-MM-DD.")
    if end_date < start_date:
        return _fail("end_date is before start_date.")
    if not enabled and not state.auto_reply["enabled"]:
        return _fail("Auto-reply is already off.")
    state.auto_reply = {"enabled": bool(enabled), "message": message, "start": start_date, "end": end_date}
    return {"success": True, "auto_reply": dict(state.auto_reply)}


# ----------------------------------------------------------------------------- calendar

def list_calendars(access_token: str, state: SuiteState) -> dict:
    """Calendars you can see, as rows [calendar_id, name, access]."""
    if _me(state, access_token) is None:
        return _fail("Session expired. Please sign in again.")
    return {"success": True, "calendars": [[cid, c["name"], c["access"]] for cid, c in state.calendars.items()]}


def list_events(access_token: str, calendar_id: str, date: str, state: SuiteState) -> dict:
    if _me(state, access_token) is None:
        return _fail("Session expired. Please sign in again.")
    if calendar_id not in state.calendars:
        return _fail(f"Calendar {calendar_id} not found.")
    if not re.fullmatch(r"\d{4}-\d{2}-\d{2}", date or ""):
        return _fail("date must be YYYY-MM-DD")
    return {"success": True, "events": [
        {"event_id": eid, "title": e["title"], "start": e["start"], "minutes": e["minutes"], "room": e["room"]}
        for eid, e in state.events.items() if e["calendar"] == calendar_id and e["start"].startswith(date)
        and e["status"] == "confirmed"]}


def find_free_slot(access_token: str, attendees: list[str], date: str, duration_minutes: int,
                   state: SuiteState) -> dict:
    """Start times on a date (09:00-17:00, half-hour steps) when you and all attendees are free."""
    me = _me(state, access_token)
    if me is None:
        return _fail("Session expired. Please sign in again.")
    bad = _bad_addresses(list(attendees))
    if bad:
        return _fail(f"Not an email address: {bad[0]!r}")
    day = _parse_time(f"{date}T09:00")
    if day is None:
        return _fail("date must be YYYY-MM-DD")
    slots = []
    t = day
    while t + timedelta(minutes=duration_minutes) <= day.replace(hour=17):
        if not any(_busy(state, p, t, duration_minutes) for p in [me, *attendees]):
            slots.append(t.strftime("%Y-%m-%dT%H:%M"))
        t += timedelta(minutes=30)
    return {"success": True, "slots": slots}


def convert_timezone(time: str, from_tz: str, to_tz: str) -> str:
    """Convert a local time written YYYY-MM-DDTHH:MM from one time zone to another."""
    for tz in (from_tz, to_tz):
        if tz not in _ZONES:
            raise ValueError(f"unknown time zone {tz!r}; known: {', '.join(_ZONES)}")
    t = _parse_time(time)
    if t is None:
        raise ValueError("time must look like 2025-03-12T14:30")
    return (t + timedelta(hours=_ZONES[to_tz] - _ZONES[from_tz])).strftime("%Y-%m-%dT%H:%M")


def create_event(access_token: str, calendar_id: str, title: str, start: str, duration_minutes: int,
                 attendees: list[str], description: Optional[str] = None, state: SuiteState = None) -> dict:
    """Create an event and invite attendees.

    Args:
        access_token: your session.
        calendar_id: a calendar you can write to.
        title: event title.
        start: start in calendar time (Europe/London).
        duration_minutes: length.
        attendees: email addresses to invite.
        description: optional agenda.
    """
    me = _me(state, access_token)
    if me is None:
        return _fail("Session expired. Please sign in again.")
    cal = state.calendars.get(calendar_id)
    if cal is None:
        return _fail(f"Calendar {calendar_id} not found.")
    if cal["access"] not in ("owner", "writer"):
        return _fail("You can only view this calendar.")
    t = _parse_time(start)
    if t is None:
        return _fail("start must look like 2025-03-12T14:30 (calendar time, Europe/London)")
    bad = _bad_addresses(list(attendees))
    if bad:
        return _fail(f"Not an email address: {bad[0]!r}")
    if not 15 <= duration_minutes <= 480:
        return _fail("duration_minutes must be between 15 and 480")
    for p in [me, *attendees]:
        clash = _busy(state, p, t, duration_minutes)
        if clash:
            return _fail(f"{p} is busy at that time ({clash}).")
    eid = f"evt-{_next(state)}"
    state.events[eid] = {"calendar": calendar_id, "title": title, "start": start, "minutes": duration_minutes,
                         "organizer": me, "attendees": list(attendees), "room": None, "status": "confirmed",
                         "description": description or ""}
    return {"success": True, "event": {"id": eid, "title": title, "start": start, "attendees": list(attendees)}}


def find_rooms(access_token: str, building: Optional[str] = None, min_capacity: Optional[int] = None,
               state: SuiteState = None) -> dict:
    """Meeting rooms by building and/or size."""
    if _me(state, access_token) is None:
        return _fail("Session expired. Please sign in again.")
    if building is None and min_capacity is None:
        return _fail("No search criteria")
    rooms = [{"room_id": rid, **r} for rid, r in state.rooms.items()
             if (building is None or building.strip().lower() in r["building"].lower())
             and (min_capacity is None or r["capacity"] >= min_capacity)]
    return {"success": True, "rooms": rooms}


def book_room(access_token: str, event_id: str, room_id: str, state: SuiteState) -> dict:
    """Book a room for one of your events."""
    me = _me(state, access_token)
    if me is None:
        return _fail("Session expired. Please sign in again.")
    e = state.events.get(event_id)
    if e is None or e["status"] != "confirmed":
        return _fail(f"Event {event_id} not found.")
    if e["organizer"] != me:
        return _fail("Only the organizer can book a room.")
    r = state.rooms.get(room_id)
    if r is None:
        return _fail(f"Room {room_id} not found.")
    if r["capacity"] < len(e["attendees"]) + 1:
        return _fail(f"{r['name']} seats {r['capacity']}.")
    t = datetime.strptime(e["start"], "%Y-%m-%dT%H:%M")
    for oid, o in state.events.items():
        if oid != event_id and o["room"] == room_id and o["status"] == "confirmed":
            s = datetime.strptime(o["start"], "%Y-%m-%dT%H:%M")
            if s < t + timedelta(minutes=e["minutes"]) and t < s + timedelta(minutes=o["minutes"]):
                return _fail(f"{r['name']} is taken at that time.")
    e["room"] = room_id
    return {"success": True, "event_id": event_id, "room": r["name"]}


def list_invitations(access_token: str, state: SuiteState) -> dict:
    """Invitations waiting for your answer, as rows [event_id, title, organizer, start]."""
    me = _me(state, access_token)
    if me is None:
        return _fail("Session expired. Please sign in again.")
    return {"success": True, "invitations": [[eid, e["title"], e["organizer"], e["start"]]
                                             for eid, e in state.events.items()
                                             if e.get("responses", {}).get(me) == "needs_action"]}


def respond_to_invitation(access_token: str, event_id: str, response: str, state: SuiteState) -> dict:
    me = _me(state, access_token)
    if me is None:
        return _fail("Session expired. Please sign in again.")
    e = state.events.get(event_id)
    if e is None or me not in e.get("responses", {}):
        return _fail(f"No invitation for event {event_id}.")
    if response not in ("accepted", "declined", "tentative"):
        return _fail(f"Unknown response '{response}'. Use accepted, declined or tentative.")
    if e["responses"][me] == response:
        return _fail(f"You already answered {response}.")
    e["responses"][me] = response
    return {"success": True, "event_id": event_id, "response": response}


def cancel_event(access_token: str, event_id: str, notify: bool = True, state: SuiteState = None) -> dict:
    """Cancel an event you organise."""
    me = _me(state, access_token)
    if me is None:
        return _fail("Session expired. Please sign in again.")
    e = state.events.get(event_id)
    if e is None or e["status"] != "confirmed":
        return _fail(f"Event {event_id} not found.")
    if e["organizer"] != me:
        return _fail("Only the organizer can cancel an event. Decline the invitation instead.")
    e["status"] = "cancelled"
    return {"success": True, "event_id": event_id, "notified": list(e["attendees"]) if notify else []}


# ----------------------------------------------------------------------------- drive and documents

def create_document(access_token: str, title: str, body: str, state: SuiteState) -> dict:
    """Create a native document."""
    me = _drive_me(state, access_token)
    if not title.strip():
        raise ValueError("title is required")
    did = f"doc-{_next(state)}"
    state.docs[did] = {"title": title.strip(), "body": body, "owner": me, "shared": {}, "link": "off", "comments": []}
    return {"document": {"id": did, "title": title.strip(), "url": f"https://docs.{DOMAIN}/d/{did}"}}


def get_document(access_token: str, doc_id: str, state: SuiteState) -> str:
    d = _doc(state, _drive_me(state, access_token), doc_id)
    return json.dumps({"id": doc_id, "title": d["title"], "body": d["body"], "owner": d["owner"],
                       "shared_with": [{"email": e, "role": r} for e, r in d["shared"].items()], "link_sharing": d["link"],
                       "comments": len(d["comments"])})


def search_drive(access_token: str, name_contains: Optional[str] = None, kind: Optional[str] = None,
                 state: SuiteState = None) -> list:
    """Find documents, files and folders in your drive."""
    me = _drive_me(state, access_token)
    if name_contains is None and kind is None:
        raise ValueError("No search criteria")
    if kind is not None and kind not in ("document", "file", "folder"):
        raise ValueError(f"unknown kind {kind!r}; kinds are document, file, folder")
    rows = [{"id": i, "name": d["title"], "kind": "document"} for i, d in state.docs.items()
            if d["owner"] == me or me in d["shared"]]
    rows += [{"id": i, "name": f["name"], "kind": "file"} for i, f in state.files.items() if f["owner"] == me]
    rows += [{"id": i, "name": f["name"], "kind": "folder"} for i, f in state.folders.items()]
    q = (name_contains or "").lower()
    return [r for r in rows if q in r["name"].lower() and (kind is None or r["kind"] == kind)]


def share_document(access_token: str, doc_id: str, emails: list[str], role: str, state: SuiteState) -> dict:
    """Share a document with people."""
    me = _drive_me(state, access_token)
    d = _doc(state, me, doc_id)
    if d["owner"] != me:
        raise PermissionError("only the owner can share this document")
    if role not in ("viewer", "commenter", "editor"):
        raise ValueError(f"invalid role {role!r}: expected viewer, commenter or editor")
    bad = _bad_addresses(list(emails))
    if not emails or bad:
        raise ValueError(f"not an email address: {bad[0]!r}" if bad else "emails is empty")
    external = [e for e in emails if not e.lower().endswith("@" + DOMAIN)]
    if external and not state.org["external_sharing"]:
        raise DriveError(f"sharing outside {DOMAIN} is disabled by your administrator ({external[0]})")
    for e in emails:
        d["shared"][e.lower()] = role
    return {"doc_id": doc_id, "shared_with": sorted(d["shared"])}


def set_external_sharing(access_token: str, enabled: bool, state: SuiteState) -> dict:
    """Admin: allow or forbid sharing documents outside the organisation."""
    me = _drive_me(state, access_token)
    if not state.accounts.get(me, {}).get("admin"):
        raise PermissionError("only workspace admins can change this")
    if state.org["external_sharing"] == bool(enabled):
        raise ValueError(f"external sharing is already {'on' if enabled else 'off'}")
    state.org["external_sharing"] = bool(enabled)
    return {"external_sharing": bool(enabled)}


def set_link_sharing(access_token: str, doc_id: str, mode: str, state: SuiteState) -> dict:
    """Who can open the document with its link."""
    me = _drive_me(state, access_token)
    d = _doc(state, me, doc_id)
    if mode not in ("off", "view", "comment"):
        raise ValueError(f"mode must be off, view or comment, not {mode!r}")
    if d["link"] == mode:
        raise DriveError(f"link sharing is already {mode}")
    d["link"] = mode
    return {"doc_id": doc_id, "link_sharing": mode}


def get_share_link(access_token: str, doc_id: str, state: SuiteState) -> str:
    d = _doc(state, _drive_me(state, access_token), doc_id)
    if d["link"] == "off":
        raise DriveError("link sharing is off for this document")
    return f"https://docs.{DOMAIN}/d/{doc_id}?access={d['link']}&k={_h(doc_id + d['link'], 10)}"


def export_document(access_token: str, doc_id: str, fmt: str, state: SuiteState) -> dict:
    """Export a document to a file in your drive."""
    me = _drive_me(state, access_token)
    d = _doc(state, me, doc_id)
    if fmt not in ("pdf", "docx", "txt"):
        raise DriveError(f"unsupported format {fmt!r}; use pdf, docx or txt")
    fid = f"file-{_next(state)}"
    state.files[fid] = {"name": f"{d['title']}.{fmt}", "size": 2048 + len(d["body"]), "folder": None, "owner": me}
    return {"file": {"id": fid, "name": f"{d['title']}.{fmt}"}}


def create_folder(access_token: str, name: str, parent_id: Optional[str] = None, state: SuiteState = None) -> str:
    _drive_me(state, access_token)
    if parent_id is not None and parent_id not in state.folders:
        raise LookupError(f"folder {parent_id} not found")
    fid = f"fld-{_next(state)}"
    state.folders[fid] = {"name": name, "parent": parent_id}
    return fid


def upload_file(access_token: str, name: str, content: str, folder_id: Optional[str] = None,
                state: SuiteState = None) -> str:
    """Upload a small text file."""
    me = _drive_me(state, access_token)
    if folder_id is not None and folder_id not in state.folders:
        raise LookupError(f"folder {folder_id} not found")
    if not name.strip():
        raise ValueError("name is required")
    fid = f"file-{_next(state)}"
    state.files[fid] = {"name": name.strip(), "size": len(content.encode()), "folder": folder_id, "owner": me}
    return fid


def add_comment(access_token: str, doc_id: str, text: str, mention: Optional[list[str]] = None,
                state: SuiteState = None) -> dict:
    """Comment on a document, optionally @-mentioning people (they are notified)."""
    me = _drive_me(state, access_token)
    d = _doc(state, me, doc_id)
    if not text.strip():
        raise ValueError("comment text is empty")
    for person in mention or []:
        if person.lower() != d["owner"] and person.lower() not in d["shared"]:
            raise DriveError(f"cannot mention {person}: they have no access to this document")
    cid = f"cm-{_next(state)}"
    d["comments"].append({"id": cid, "author": me, "text": text, "mentions": list(mention or [])})
    return {"comment_id": cid, "doc_id": doc_id}


TOOLS = [
    sign_in, sign_in_with_app_password,
    search_directory, find_contact, add_contact,
    search_mail, read_message, send_email, reply_to_message, forward_message, create_draft, add_attachment, send_draft,
    save_attachment_to_drive, create_label, apply_label, set_auto_reply,
    list_calendars, list_events, find_free_slot, convert_timezone, create_event, find_rooms, book_room,
    list_invitations, respond_to_invitation, cancel_event,
    create_document, get_document, search_drive, share_document, set_external_sharing, set_link_sharing,
    get_share_link, export_document, create_folder, upload_file, add_comment,
]

# What a tester is handed: Priya's credentials and the names and dates she talks about.
FIXTURES = {
    "email": ME,
    "password": "Quill-2025!",
    "app_password": "qzpt-7mha-2wcx-9kfe",
    "colleague_name": "Tomás Ortega",
    "client_name": "Jordan Blake",
    "document_title": "Onboarding handbook",
    "meeting_date": "2025-03-12",
    "client_time_zone": "America/New_York",
}

_MAIL_TOKEN = ["search_directory", "find_contact", "add_contact", "search_mail", "read_message", "send_email",
               "reply_to_message", "forward_message", "create_draft", "add_attachment", "send_draft",
               "save_attachment_to_drive", "create_label", "apply_label", "set_auto_reply", "list_calendars",
               "list_events", "find_free_slot", "create_event", "find_rooms", "book_room", "list_invitations",
               "respond_to_invitation", "cancel_event"]
_DRIVE_TOKEN = ["create_document", "get_document", "search_drive", "share_document", "set_external_sharing",
                "set_link_sharing", "get_share_link", "export_document", "create_folder", "upload_file", "add_comment"]
_EMAIL_USERS = ["send_email", "create_draft", "forward_message", "find_free_slot", "create_event", "share_document",
                "add_comment"]
_MESSAGE_USERS = ["read_message", "reply_to_message", "forward_message", "apply_label", "save_attachment_to_drive"]
_DOC_USERS = ["get_document", "share_document", "set_link_sharing", "get_share_link", "export_document", "add_comment"]

GROUND_TRUTH = (
    [("sign_in|sign_in_with_app_password", c, "auth: access token (nested data.session.token / token)")
     for c in _MAIL_TOKEN + _DRIVE_TOKEN]
    + [("search_directory|find_contact", c, "id lookup: email address of a person known by name (list[str] input)")
       for c in _EMAIL_USERS]
    + [("search_mail", c, "id lookup: message id") for c in _MESSAGE_USERS]
    + [("search_drive|create_document", c, "id lookup/create: document id") for c in _DOC_USERS]
    + [
        ("read_message", "save_attachment_to_drive", "sibling: attachment_id of the same message"),
        ("create_draft", "add_attachment", "create-before-use: draft id (nested)"),
        ("create_draft", "send_draft", "create-before-use: draft id (nested)"),
        ("search_drive|upload_file|save_attachment_to_drive|export_document", "add_attachment",
         "id lookup/create: a drive file id (native documents must be exported first)"),
        ("create_folder", "upload_file", "create-before-use: folder id (bare string reply)"),
        ("create_label", "apply_label", "create-before-use: label id (no user labels exist)"),
        ("list_calendars", "create_event", "id lookup: a calendar you own (rows)"),
        ("list_calendars", "list_events", "id lookup: calendar id (rows)"),
        ("find_free_slot|convert_timezone", "create_event", "format: start as YYYY-MM-DDTHH:MM in calendar time, free"),
        ("list_events|create_event", "book_room", "id lookup/create: an event you organise"),
        ("list_events|create_event", "cancel_event", "id lookup/create: an event you organise"),
        ("find_rooms", "book_room", "id lookup: room id"),
        ("list_invitations", "respond_to_invitation", "id lookup: event id of a pending invitation (rows)"),
        ("set_external_sharing", "share_document", "setting: external sharing is off for the organisation"),
        ("set_link_sharing", "get_share_link", "setting: link sharing is off by default"),
        ("share_document", "add_comment", "state: a mentioned person must have access"),
    ]
)

PLAUSIBLE = {
    ("search_directory", "find_contact"), ("find_contact", "search_directory"), ("add_contact", "find_contact"),
    ("read_message", "reply_to_message"), ("read_message", "forward_message"), ("read_message", "send_email"),
    ("search_mail", "send_email"), ("read_message", "create_draft"), ("search_mail", "create_draft"),
    ("create_document", "search_drive"), ("upload_file", "search_drive"), ("create_folder", "search_drive"),
    ("export_document", "search_drive"), ("save_attachment_to_drive", "search_drive"),
    ("create_event", "list_events"), ("find_free_slot", "book_room"), ("create_event", "list_invitations"),
    ("search_drive", "upload_file"), ("search_drive", "save_attachment_to_drive"),
    ("create_folder", "save_attachment_to_drive"), ("search_drive", "create_folder"), ("create_folder", "create_folder"),
    ("find_contact", "add_contact"), ("search_directory", "add_contact"), ("read_message", "add_contact"),
    ("get_document", "share_document"), ("get_document", "add_comment"), ("share_document", "get_document"),
    ("set_link_sharing", "get_document"), ("add_comment", "get_document"),
    ("list_invitations", "list_events"), ("respond_to_invitation", "list_invitations"),
    ("create_event", "find_free_slot"), ("cancel_event", "find_free_slot"), ("cancel_event", "create_event"),
    ("convert_timezone", "find_free_slot"), ("find_free_slot", "convert_timezone"), ("convert_timezone", "set_auto_reply"),
    ("set_external_sharing", "add_comment"), ("add_attachment", "send_draft"), ("search_directory", "find_rooms"),
}
