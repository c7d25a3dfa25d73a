"""ShelfWise: the circulation API of a public library's integrated library system (41 calls).

Plain functions over an in-memory ``State`` of Riverside Public Library's three branches on
Tuesday 18 November 2025: the staff console and its API keys, patrons (registration, PIN
verification at the desk, contact details, card renewal, blocks), the public catalogue (titles,
items, ISBN lookups, events), collection work (new items, transfers, withdrawals), circulation
(checkouts, check-ins, renewals, lost and claimed-returned loans), holds and the hold shelf, fees
and payments, interlibrary loan requests, and meeting rooms.

Signing in follows the vendor's console: ``console_login`` opens a short console session, and
``create_api_key`` mints a key (the secret is nested in the reply, ``key.secret``) with a list of
scopes; every staff call takes the secret as ``api_key``. The scope names are only spelled out by
the refusal for an unknown one. A supervisor's ``supervisor_override`` answers a bare, single-use
override code bound to one action (waiving a fee, lifting a block, withdrawing an item). The
public catalogue, branch list, events list and date parser need no key.

Bodies are dataclasses (``NewPatron``); dates are ISO ``YYYY-MM-DD`` everywhere and
``parse_date`` turns what people say ("Friday", "3 May 1990") into one. Refusals are raised:
``IlsError`` subclasses carrying an HTTP-like ``status``.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as
provider means either tool satisfies it, and the text of ``what`` before its first ``:`` is the
kind.
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass, field
from datetime import date, timedelta
from typing import Literal, Optional

TODAY = date(2025, 11, 18)  # a Tuesday

PatronType = Literal["adult", "child", "senior"]
Format = Literal["book", "dvd", "audiobook", "ebook"]
Tender = Literal["cash", "card"]
OverrideAction = Literal["waive_fee", "lift_block", "withdraw_item"]
WithdrawReason = Literal["damaged", "lost", "outdated", "duplicate"]

_SCOPES = ("circulation", "patrons", "catalog", "fees", "rooms", "programs")  # named in refusals only
_STAFF = {
    "mreyes": {"name": "Marta Reyes", "password": "Dewey-500", "role": "circulation"},
    "tokafor": {"name": "Tunde Okafor", "password": "Stacks&9", "role": "supervisor"},
}
_BRANCHES = {
    "CEN": ("Central Library", "1 Library Square, Riverside RV1 1AA", "01632 960100"),
    "HRB": ("Harbour Branch", "14 Quay Street, Riverside RV2 4QS", "01632 960150"),
    "NTH": ("Northgate Branch", "220 Northgate Road, Riverside RV5 2NG", "01632 960180"),
}
_COLLECTIONS = [("ADULT-FIC", "Adult fiction"), ("ADULT-NF", "Adult non-fiction"), ("JUV-PIC", "Children's picture books"),
                ("YA", "Young adult"), ("AV-DVD", "DVDs"), ("AV-AUD", "Audiobooks"), ("LOCAL", "Local studies")]
_ROOMS = {"R-CEN-1": ("CEN", "Study Room 1", 4), "R-CEN-2": ("CEN", "Meeting Room", 12),
          "R-NTH-1": ("NTH", "Quiet Room", 2), "R-HRB-1": ("HRB", "Community Room", 20)}
_WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
_MONTHS = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
           "november", "december"]


class IlsError(Exception):
    """A refusal from the ILS, with an HTTP-like status."""

    status = 400

    def __init__(self, message: str) -> None:
        super().__init__(f"{self.status} {message}")


class Unauthorized(IlsError):
    status = 401


class Forbidden(IlsError):
    status = 403


class NotFound(IlsError):
    status = 404


class Conflict(IlsError):
    status = 409


class Invalid(IlsError):
    status = 422


@dataclass
class NewPatron:
    """A registration form as the desk types it in."""

    name: str
    date_of_birth: str
    email: str
    phone: str
    address: str
    home_branch: str
    patron_type: PatronType = "adult"


def _patron(name, card, pin, ptype, branch, valid_until, email, phone, blocked=None) -> dict:
    return {"name": name, "card": card, "pin": pin, "type": ptype, "home_branch": branch, "valid_until": valid_until,
            "email": email, "phone": phone, "blocked": blocked}


def _item(bib, branch, collection, status="available", loan=None, hold=None) -> dict:
    return {"bib": bib, "branch": branch, "collection": collection, "status": status, "loan": loan, "hold": hold}


@dataclass
class State:
    """Riverside Public Library on a Tuesday morning."""

    consoles: dict = field(default_factory=dict)
    api_keys: dict = field(default_factory=dict)
    overrides: dict = field(default_factory=dict)
    verified: list = field(default_factory=list)
    patrons: dict = field(default_factory=lambda: {
        "P-20417": _patron("Nora Quinn", "29100045998", "4417", "adult", "CEN", "2027-03-01", "nora.quinn@example.com",
                           "02079460321"),
        "P-20388": _patron("Dev Anand", "29100038112", "8020", "adult", "NTH", "2025-11-01", "dev.anand@example.com",
                           "07700900456"),
        "P-20452": _patron("Leila Haddad", "29100052773", "1357", "adult", "HRB", "2026-09-30", "leila.h@example.org",
                           "07700900512"),
        "P-20460": _patron("Sam Ortiz", "29100060214", "2468", "adult", "CEN", "2026-05-12", "sam.ortiz@example.net",
                           "07700900877", blocked="Referred to collections agency, 2025-10-02"),
    })
    bibs: dict = field(default_factory=lambda: {
        "b1002345": {"title": "The Overstory", "author": "Richard Powers", "isbn": "9780393635522", "format": "book"},
        "b1002361": {"title": "Piranesi", "author": "Susanna Clarke", "isbn": "9781526622426", "format": "book"},
        "b1002377": {"title": "Braiding Sweetgrass", "author": "Robin Wall Kimmerer", "isbn": "9781571313560",
                     "format": "book"},
        "b1002390": {"title": "The Lost Thing", "author": "Shaun Tan", "isbn": "9780734411389", "format": "book"},
        "b1002402": {"title": "Dune", "author": "Denis Villeneuve (director)", "isbn": "5051892238562", "format": "dvd"},
        "b1002415": {"title": "Project Hail Mary", "author": "Andy Weir", "isbn": "9781603935470",
                     "format": "audiobook"},
        "b1002428": {"title": "Intermezzo", "author": "Sally Rooney", "isbn": "9780571365463", "format": "book"},
    })
    items: dict = field(default_factory=lambda: {
        "31234000488120": _item("b1002345", "CEN", "ADULT-FIC", "checked_out", loan="L-77120"),
        "31234000488138": _item("b1002345", "NTH", "ADULT-FIC"),
        "31234000502233": _item("b1002361", "CEN", "ADULT-FIC", "checked_out", loan="L-77121"),
        "31234000519900": _item("b1002377", "CEN", "ADULT-NF"),
        "31234000519918": _item("b1002377", "HRB", "ADULT-NF"),
        "31234000533301": _item("b1002390", "HRB", "JUV-PIC", "on_hold_shelf", hold="H-7695"),
        "31234000540017": _item("b1002402", "CEN", "AV-DVD"),
        "31234000552208": _item("b1002415", "NTH", "AV-AUD", "checked_out", loan="L-77090"),
        "31234000561120": _item("b1002428", "HRB", "ADULT-FIC", "checked_out", loan="L-77125"),
    })
    loans: dict = field(default_factory=lambda: {
        "L-77090": {"patron": "P-20388", "barcode": "31234000552208", "out": "2025-10-20", "due": "2025-11-10",
                    "renewals": 1, "status": "active"},
        "L-77120": {"patron": "P-20417", "barcode": "31234000488120", "out": "2025-11-04", "due": "2025-11-25",
                    "renewals": 0, "status": "active"},
        "L-77121": {"patron": "P-20417", "barcode": "31234000502233", "out": "2025-10-30", "due": "2025-11-20",
                    "renewals": 0, "status": "active"},
        "L-77125": {"patron": "P-20452", "barcode": "31234000561120", "out": "2025-11-07", "due": "2025-11-28",
                    "renewals": 0, "status": "active"},
    })
    holds: dict = field(default_factory=lambda: {
        "H-7690": {"patron": "P-20452", "bib": "b1002361", "pickup": "HRB", "status": "waiting", "placed": "2025-11-02",
                   "suspended_until": None},
        "H-7695": {"patron": "P-20417", "bib": "b1002390", "pickup": "HRB", "status": "ready", "placed": "2025-11-10",
                   "suspended_until": None, "pickup_by": "2025-11-22", "barcode": "31234000533301"},
        "H-7698": {"patron": "P-20417", "bib": "b1002428", "pickup": "CEN", "status": "waiting", "placed": "2025-11-12",
                   "suspended_until": None},
    })
    fees: dict = field(default_factory=lambda: {
        "F-3301": {"patron": "P-20388", "kind": "overdue", "amount": 4.5, "status": "open", "note": "Project Hail Mary"},
        "F-3302": {"patron": "P-20388", "kind": "overdue", "amount": 3.0, "status": "open", "note": "The Overstory"},
        "F-3310": {"patron": "P-20452", "kind": "damaged", "amount": 12.4, "status": "open", "note": "Water damage"},
        "F-3315": {"patron": "P-20460", "kind": "replacement", "amount": 24.0, "status": "open", "note": "Lost DVD"},
    })
    payments: dict = field(default_factory=dict)
    ill: dict = field(default_factory=dict)
    bookings: dict = field(default_factory=lambda: {
        "RB-4398": {"room": "R-CEN-1", "patron": "P-20452", "date": "2025-11-21", "start": 10, "hours": 2,
                    "status": "booked"},
    })
    events: dict = field(default_factory=lambda: {
        512: {"title": "Author talk: Riverside's river trade", "branch": "CEN", "date": "2025-11-25", "start": "18:30",
              "audience": "adults", "seats": 40, "registered": {}},
        515: {"title": "Toddler rhyme time", "branch": "HRB", "date": "2025-11-20", "start": "10:00",
              "audience": "children", "seats": 15, "registered": {}},
        519: {"title": "Code club", "branch": "NTH", "date": "2025-11-22", "start": "14:00", "audience": "teens",
              "seats": 12, "registered": {}},
    })
    registrations: dict = field(default_factory=dict)
    counters: dict = field(default_factory=lambda: {
        "cs": 40, "key": 6, "OVR": 4101, "P": 20460, "card": 29100060300, "L": 77130, "H": 7701, "F": 3320, "R": 5011,
        "ILL": 2206, "RB": 4410, "REG": 880})


# ----------------------------------------------------------------------------- helpers

def _next(state: State, key: str) -> int:
    state.counters[key] += 1
    return state.counters[key]


def _staff(state: State, api_key: str, scope: str) -> dict:
    key = state.api_keys.get(api_key)
    if key is None:
        raise Unauthorized("invalid API key")
    if scope not in key["scopes"]:
        raise Forbidden(f"this key lacks the '{scope}' scope")
    return _STAFF[key["user"]]


def _get_patron(state: State, patron_id: str) -> dict:
    p = state.patrons.get(patron_id)
    if p is None:
        raise NotFound(f"no patron {patron_id}")
    return p


def _iso(text: str, what: str) -> date:
    if not re.fullmatch(r"\d{4}-\d{2}-\d{2}", text or ""):
        raise Invalid(f"{what} must be YYYY-MM-DD (see parse_date)")
    return date.fromisoformat(text)


def _branch(code: str, what: str = "branch_code") -> str:
    if code not in _BRANCHES:
        raise Invalid(f"{what} {code!r} is not a branch code")
    return code


def _balance(state: State, patron_id: str) -> float:
    return round(sum(f["amount"] for f in state.fees.values() if f["patron"] == patron_id and f["status"] == "open"), 2)


def _use_override(state: State, code: str, action: str) -> dict:
    o = state.overrides.get(code)
    if o is None or o["used"]:
        raise Forbidden("override code invalid or already used")
    if o["action"] != action:
        raise Forbidden(f"override code was issued for {o['action']}")
    o["used"] = True
    return o


def _loan(state: State, loan_id: str) -> dict:
    loan = state.loans.get(loan_id)
    if loan is None:
        raise NotFound(f"no loan {loan_id}")
    return loan


def _hold(state: State, hold_id: str) -> dict:
    h = state.holds.get(hold_id)
    if h is None:
        raise NotFound(f"no hold {hold_id}")
    return h


def _queue(state: State, bib: str) -> list:
    return sorted((hid for hid, h in state.holds.items() if h["bib"] == bib and h["status"] == "waiting"),
                  key=lambda hid: state.holds[hid]["placed"] + hid)


# ----------------------------------------------------------------------------- console and keys

def console_login(username: str, password: str, state: State) -> dict:
    """Sign in to the staff console.

    :param username: the staff member's console user name
    :param password: their console password
    :returns: ``{"console": {"session": ..., "user": {...}}, "expires_in": 900}``
    :raises Unauthorized: on a wrong user name or password
    """
    user = _STAFF.get(username.strip().lower())
    if user is None or user["password"] != password:
        raise Unauthorized("wrong user name or password")
    sid = f"cs_{_next(state, 'cs'):04d}"
    state.consoles[sid] = username.strip().lower()
    return {"console": {"session": sid, "user": {"username": username.strip().lower(), "name": user["name"],
                                                 "role": user["role"]}}, "expires_in": 900}


def create_api_key(console_session: str, label: str, scopes: list[str], state: State) -> dict:
    """Mint an API key in the console for the signed-in staff member.

    :param console_session: the console session from ``console_login``
    :param label: what the key is for, shown in the console
    :param scopes: the areas the key may use
    :returns: ``{"key": {"id": ..., "secret": ..., "scopes": [...]}, "owner": ...}``; the secret is what
        every staff call takes as ``api_key``
    """
    user = state.consoles.get(console_session)
    if user is None:
        raise Unauthorized("console session expired or unknown")
    bad = [s for s in scopes if s not in _SCOPES]
    if bad or not scopes:
        raise Invalid(f"unknown scope {bad[0] if bad else '(none)'}; valid scopes: {', '.join(_SCOPES)}")
    n = _next(state, "key")
    secret = f"rpl_live_{n:03d}{sum(map(ord, label)) % 997:03d}{len(scopes)}"
    state.api_keys[secret] = {"user": user, "scopes": list(scopes), "label": label}
    return {"key": {"id": f"key_{n:04d}", "secret": secret, "scopes": list(scopes)}, "owner": _STAFF[user]["name"]}


def supervisor_override(username: str, password: str, action: OverrideAction, state: State) -> str:
    """A supervisor authorises one action at the desk.

    :param username: the supervisor's console user name
    :param password: the supervisor's password
    :param action: the action the code is good for
    :returns: a single-use override code such as ``OVR-4102``
    """
    user = _STAFF.get(username.strip().lower())
    if user is None or user["password"] != password:
        raise Unauthorized("wrong user name or password")
    if user["role"] != "supervisor":
        raise Forbidden(f"{user['name']} cannot authorise overrides")
    code = f"OVR-{_next(state, 'OVR')}"
    state.overrides[code] = {"action": action, "by": username, "used": False}
    return code


# ----------------------------------------------------------------------------- public reference

def list_branches() -> list:
    """The library's branches.

    :returns: rows ``[code, name, [address, phone]]``
    """
    return [[code, name, [addr, phone]] for code, (name, addr, phone) in sorted(_BRANCHES.items())]


def parse_date(text: str) -> str:
    """Turn a date as people say it into ``YYYY-MM-DD``.

    :param text: "today", "tomorrow", a weekday ("Friday", "next Friday"), "21 November", "November 21",
        "21/11/2025", "3 May 1990" or an ISO date
    :returns: the ISO date
    """
    t = " ".join(text.strip().lower().replace(",", " ").split())
    if t == "today":
        return TODAY.isoformat()
    if t == "tomorrow":
        return (TODAY + timedelta(days=1)).isoformat()
    m = re.fullmatch(r"(next |this )?(\w+day)", t)
    if m and m.group(2) in _WEEKDAYS:
        ahead = (_WEEKDAYS.index(m.group(2)) - TODAY.weekday()) % 7 or 7
        return (TODAY + timedelta(days=ahead)).isoformat()
    if re.fullmatch(r"\d{4}-\d{2}-\d{2}", t):
        return date.fromisoformat(t).isoformat()
    m = re.fullmatch(r"(\d{1,2})/(\d{1,2})/(\d{4})", t)
    if m:
        return date(int(m.group(3)), int(m.group(2)), int(m.group(1))).isoformat()
    m = re.fullmatch(r"(\d{1,2})(?:st|nd|rd|th)? (\w+)(?: (\d{4}))?", t) or None
    day = month = year = None
    if m and m.group(2) in _MONTHS:
        day, month, year = int(m.group(1)), _MONTHS.index(m.group(2)) + 1, m.group(3)
    m2 = re.fullmatch(r"(\w+) (\d{1,2})(?:st|nd|rd|th)?(?: (\d{4}))?", t)
    if m2 and m2.group(1) in _MONTHS:
        day, month, year = int(m2.group(2)), _MONTHS.index(m2.group(1)) + 1, m2.group(3)
    if day is None:
        raise Invalid(f"cannot read {text!r} as a date")
    if year is None:
        d = date(TODAY.year, month, day)
        return (d if d >= TODAY else date(TODAY.year + 1, month, day)).isoformat()
    return date(int(year), month, day).isoformat()


def search_catalog(query: str, format: Optional[Format] = None, state: State = None) -> list:
    """Search the public catalogue by title, author or ISBN.

    :param query: words from the title or author, or an ISBN
    :param format: only this format
    :returns: rows ``[bib_id, title, author, format, [[barcode, branch, status], ...]]``
    """
    words = query.lower().split()
    rows = []
    for bid, b in sorted(state.bibs.items()):
        hay = f"{b['title']} {b['author']} {b['isbn']}".lower()
        if all(w in hay for w in words) and (format is None or b["format"] == format):
            items = [[bc, it["branch"], it["status"]] for bc, it in sorted(state.items.items()) if it["bib"] == bid]
            rows.append([bid, b["title"], b["author"], b["format"], items])
    return rows


def get_title(bib_id: str, state: State) -> dict:
    """A title's record with its items and the length of its hold queue.

    :param bib_id: the bibliographic record id
    """
    b = state.bibs.get(bib_id)
    if b is None:
        raise NotFound(f"no title {bib_id}")
    items = [{"barcode": bc, "branch": it["branch"], "status": it["status"],
              "due": state.loans[it["loan"]]["due"] if it["loan"] else None}
             for bc, it in sorted(state.items.items()) if it["bib"] == bib_id]
    return {"bib": {"id": bib_id, **b}, "items": items, "holds_queue": len(_queue(state, bib_id))}


def lookup_isbn(isbn: str, state: State) -> str:
    """The catalogue record for an ISBN (or EAN) the library holds.

    :param isbn: digits, hyphens allowed
    :returns: the bib id, such as ``b1002345``
    :raises NotFound: when the library holds no copy (an interlibrary loan may help)
    """
    digits = re.sub(r"[^0-9X]", "", isbn.upper())
    for bid, b in state.bibs.items():
        if b["isbn"] == digits:
            return bid
    raise NotFound(f"ISBN {digits} is not held by Riverside Public Library")


def list_events(branch_code: Optional[str] = None, audience: Optional[Literal["adults", "teens", "children"]] = None,
                state: State = None) -> list:
    """Upcoming library events.

    :param branch_code: only this branch
    :param audience: only events for this audience
    :returns: ``[{"event": {"id", "title", "branch", "date", "start", "audience"}, "seats_left": n}]``
    """
    out = []
    for eid, e in sorted(state.events.items()):
        if (branch_code is None or e["branch"] == branch_code) and (audience is None or e["audience"] == audience):
            taken = sum(e["registered"].values())
            out.append({"event": {"id": eid, **{k: v for k, v in e.items() if k not in ("seats", "registered")}},
                        "seats_left": e["seats"] - taken})
    return out


# ----------------------------------------------------------------------------- patrons

def search_patrons(api_key: str, name: Optional[str] = None, phone: Optional[str] = None, email: Optional[str] = None,
                   state: State = None) -> dict:
    """Find patrons by name, phone or email (any given field must match).

    :param api_key: a key with the ``patrons`` scope
    :returns: ``{"results": [{"patron": {"id", "name"}, "card": ..., "status": ..., "home_branch": ...}]}``
    """
    _staff(state, api_key, "patrons")
    if not (name or phone or email):
        raise Invalid("give a name, phone or email")
    res = []
    for pid, p in sorted(state.patrons.items()):
        if name and not all(w in p["name"].lower() for w in name.lower().split()):
            continue
        if phone and re.sub(r"\D", "", phone)[-10:] != p["phone"][-10:]:
            continue
        if email and email.strip().lower() != p["email"]:
            continue
        status = "blocked" if p["blocked"] else ("expired" if p["valid_until"] < TODAY.isoformat() else "active")
        res.append({"patron": {"id": pid, "name": p["name"]}, "card": p["card"], "status": status,
                    "home_branch": p["home_branch"]})
    return {"results": res}


def register_patron(api_key: str, patron: NewPatron, state: State) -> dict:
    """Register a new patron and issue a card.

    :param api_key: a key with the ``patrons`` scope
    :param patron: the registration form; ``date_of_birth`` is ISO, ``home_branch`` a branch code
    :returns: ``{"patron": {"id", "name", "card_number", "valid_until", ...}}``
    """
    _staff(state, api_key, "patrons")
    form = patron if isinstance(patron, NewPatron) else NewPatron(**patron)
    dob = _iso(form.date_of_birth, "date_of_birth")
    _branch(form.home_branch, "home_branch")
    if "@" not in form.email:
        raise Invalid("email looks wrong")
    if any(p["email"] == form.email.lower() for p in state.patrons.values()):
        raise Conflict("a patron with this email is registered; search for them instead")
    ptype = form.patron_type
    if (TODAY - dob).days < 16 * 365 and ptype == "adult":
        ptype = "child"
    pid = f"P-{_next(state, 'P')}"
    card = str(_next(state, "card"))
    valid = date(TODAY.year + 3, TODAY.month, TODAY.day).isoformat()
    state.patrons[pid] = _patron(form.name, card, "0000", ptype, form.home_branch, valid, form.email.lower(),
                                 re.sub(r"\D", "", form.phone))
    return {"patron": {"id": pid, "name": form.name, "card_number": card, "type": ptype, "valid_until": valid,
                       "home_branch": form.home_branch, "pin": "set at first login"}}


def verify_patron(api_key: str, card_number: str, pin: str, state: State) -> dict:
    """Check a patron's card and PIN at the desk; privacy-sensitive changes need this first.

    :param api_key: a key with the ``patrons`` scope
    :param card_number: the card number as read from the card (spaces allowed)
    :param pin: the four-digit PIN the patron types on the keypad
    :returns: ``{"verified": true, "patron": {"id", "name"}, "valid_until": ...}``
    """
    _staff(state, api_key, "patrons")
    card = re.sub(r"\s", "", card_number)
    pid = next((k for k, p in state.patrons.items() if p["card"] == card), None)
    if pid is None:
        raise NotFound("no patron with this card")
    if state.patrons[pid]["pin"] != pin:
        raise Forbidden("PIN does not match")
    if pid not in state.verified:
        state.verified.append(pid)
    return {"verified": True, "patron": {"id": pid, "name": state.patrons[pid]["name"]},
            "valid_until": state.patrons[pid]["valid_until"]}


def get_patron(api_key: str, patron_id: str, state: State) -> dict:
    """A patron's record with counts of loans and holds and the fee balance.

    :param api_key: a key with the ``patrons`` scope
    :param patron_id: the patron id
    """
    _staff(state, api_key, "patrons")
    p = _get_patron(state, patron_id)
    return {"id": patron_id, "name": p["name"], "type": p["type"], "home_branch": p["home_branch"],
            "valid_until": p["valid_until"], "email": p["email"], "phone": p["phone"], "blocked": p["blocked"],
            "loans": sum(1 for x in state.loans.values() if x["patron"] == patron_id and x["status"] == "active"),
            "holds": sum(1 for h in state.holds.values() if h["patron"] == patron_id and h["status"] != "cancelled"),
            "balance": _balance(state, patron_id)}


def update_contact(api_key: str, patron_id: str, email: Optional[str] = None, phone: Optional[str] = None,
                   state: State = None) -> dict:
    """Change a patron's email or phone; the patron must have been verified at the desk.

    :param api_key: a key with the ``patrons`` scope
    :param patron_id: the patron id
    :param email: the new email
    :param phone: the new phone
    :raises Conflict: when nothing would change
    """
    _staff(state, api_key, "patrons")
    p = _get_patron(state, patron_id)
    if patron_id not in state.verified:
        raise Forbidden("verify the patron's card and PIN first")
    changes = {}
    if email is not None and email.strip().lower() != p["email"]:
        changes["email"] = email.strip().lower()
    if phone is not None and re.sub(r"\D", "", phone) != p["phone"]:
        changes["phone"] = re.sub(r"\D", "", phone)
    if not changes:
        raise Conflict("nothing to change")
    p.update(changes)
    return {"id": patron_id, "email": p["email"], "phone": p["phone"]}


def renew_card(api_key: str, patron_id: str, years: int = 1, state: State = None) -> dict:
    """Renew a card that has expired or expires within 30 days.

    :param api_key: a key with the ``patrons`` scope
    :param patron_id: the patron id (verified at the desk)
    :param years: one to three years
    :raises Forbidden: while the fee balance is over £5.00
    """
    _staff(state, api_key, "patrons")
    p = _get_patron(state, patron_id)
    if patron_id not in state.verified:
        raise Forbidden("verify the patron's card and PIN first")
    if date.fromisoformat(p["valid_until"]) > TODAY + timedelta(days=30):
        raise Conflict(f"card is valid until {p['valid_until']}; renew within 30 days of expiry")
    if _balance(state, patron_id) > 5.0:
        raise Forbidden(f"fees of £{_balance(state, patron_id):.2f} must be paid down to £5.00 first")
    if not 1 <= years <= 3:
        raise Invalid("years must be 1 to 3")
    p["valid_until"] = date(TODAY.year + years, TODAY.month, TODAY.day).isoformat()
    return {"patron_id": patron_id, "valid_until": p["valid_until"]}


def lift_block(api_key: str, patron_id: str, override_code: str, note: str, state: State) -> str:
    """Lift a block on a patron's account with a supervisor's override.

    :param api_key: a key with the ``patrons`` scope
    :param patron_id: the patron id
    :param override_code: a ``lift_block`` override from ``supervisor_override``
    :param note: why the block is lifted
    """
    _staff(state, api_key, "patrons")
    p = _get_patron(state, patron_id)
    if not p["blocked"]:
        raise Conflict("patron is not blocked")
    _use_override(state, override_code, "lift_block")
    p["blocked"] = None
    return f"Block lifted for {p['name']}: {note}"


# ----------------------------------------------------------------------------- collection

def list_collections(api_key: str, state: State) -> dict:
    """Collection codes new items are shelved under.

    :param api_key: a key with the ``catalog`` scope
    :returns: ``{"collections": [{"code", "name"}]}``
    """
    _staff(state, api_key, "catalog")
    return {"collections": [{"code": c, "name": n} for c, n in _COLLECTIONS]}


def add_item(api_key: str, bib_id: str, barcode: str, branch_code: str, collection_code: str, state: State) -> dict:
    """Add a new copy of a title.

    :param api_key: a key with the ``catalog`` scope
    :param bib_id: the title's record id
    :param barcode: the new 14-digit item barcode on the sticker
    :param branch_code: the owning branch
    :param collection_code: where it is shelved
    """
    _staff(state, api_key, "catalog")
    if bib_id not in state.bibs:
        raise NotFound(f"no title {bib_id}")
    if not re.fullmatch(r"3123\d{10}", barcode):
        raise Invalid("item barcodes are 14 digits starting 3123")
    if barcode in state.items:
        raise Conflict("barcode already in use")
    _branch(branch_code)
    if collection_code not in dict(_COLLECTIONS):
        raise Invalid(f"unknown collection code {collection_code!r}")
    state.items[barcode] = _item(bib_id, branch_code, collection_code)
    return {"item": {"barcode": barcode, "bib_id": bib_id, "branch": branch_code, "collection": collection_code,
                     "status": "available"}}


def transfer_item(api_key: str, barcode: str, to_branch: str, state: State) -> dict:
    """Move an available item to another branch's collection.

    :param api_key: a key with the ``catalog`` scope
    :param barcode: the item barcode
    :param to_branch: the receiving branch code
    """
    _staff(state, api_key, "catalog")
    it = state.items.get(barcode)
    if it is None:
        raise NotFound(f"no item {barcode}")
    _branch(to_branch, "to_branch")
    if it["status"] != "available":
        raise Conflict(f"item is {it['status']}")
    if it["branch"] == to_branch:
        raise Conflict("item already belongs to that branch")
    it["branch"], it["status"] = to_branch, "in_transit"
    return {"barcode": barcode, "branch": to_branch, "status": "in_transit"}


def withdraw_item(api_key: str, barcode: str, override_code: str, reason: WithdrawReason, state: State) -> dict:
    """Withdraw an item from stock with a supervisor's override.

    :param api_key: a key with the ``catalog`` scope
    :param barcode: the item barcode
    :param override_code: a ``withdraw_item`` override
    :param reason: why it is withdrawn
    """
    _staff(state, api_key, "catalog")
    it = state.items.get(barcode)
    if it is None:
        raise NotFound(f"no item {barcode}")
    if it["status"] in ("checked_out", "withdrawn"):
        raise Conflict(f"item is {it['status']}")
    _use_override(state, override_code, "withdraw_item")
    it["status"] = "withdrawn"
    return {"barcode": barcode, "status": "withdrawn", "reason": reason}


# ----------------------------------------------------------------------------- circulation

def checkout(api_key: str, patron_id: str, barcodes: list[str], state: State) -> dict:
    """Lend items to a patron.

    :param api_key: a key with the ``circulation`` scope
    :param patron_id: the borrower
    :param barcodes: item barcodes; an item on the hold shelf only goes to the patron it is held for
    :returns: ``{"patron_id": ..., "loans": [{"loan_id", "barcode", "title", "due"}]}``
    :raises Forbidden: blocked account, expired card, or fees over £10.00
    """
    _staff(state, api_key, "circulation")
    p = _get_patron(state, patron_id)
    if p["blocked"]:
        raise Forbidden(f"account blocked: {p['blocked']}")
    if p["valid_until"] < TODAY.isoformat():
        raise Forbidden(f"card expired on {p['valid_until']}; renew it first")
    if _balance(state, patron_id) > 10.0:
        raise Forbidden(f"fees of £{_balance(state, patron_id):.2f} exceed the £10.00 borrowing limit")
    if not barcodes:
        raise Invalid("no barcodes")
    for bc in barcodes:
        it = state.items.get(bc)
        if it is None:
            raise NotFound(f"no item {bc}")
        if it["status"] == "on_hold_shelf":
            if state.holds[it["hold"]]["patron"] != patron_id:
                raise Conflict(f"{bc} is on the hold shelf for another patron")
        elif it["status"] != "available":
            raise Conflict(f"{bc} is {it['status']}")
    loans = []
    for bc in barcodes:
        it = state.items[bc]
        if it["hold"]:
            state.holds[it["hold"]]["status"] = "fulfilled"
            it["hold"] = None
        days = 7 if state.bibs[it["bib"]]["format"] == "dvd" else 21
        lid = f"L-{_next(state, 'L')}"
        due = (TODAY + timedelta(days=days)).isoformat()
        state.loans[lid] = {"patron": patron_id, "barcode": bc, "out": TODAY.isoformat(), "due": due, "renewals": 0,
                            "status": "active"}
        it["status"], it["loan"] = "checked_out", lid
        loans.append({"loan_id": lid, "barcode": bc, "title": state.bibs[it["bib"]]["title"], "due": due})
    return {"patron_id": patron_id, "loans": loans}


def checkin(api_key: str, barcode: str, branch_code: str, state: State) -> str:
    """Check in a returned item at a branch.

    :param api_key: a key with the ``circulation`` scope
    :param barcode: the item barcode as scanned
    :param branch_code: the branch where it was returned
    :returns: a sentence saying where the item goes next
    """
    _staff(state, api_key, "circulation")
    _branch(branch_code)
    it = state.items.get(barcode)
    if it is None:
        raise NotFound(f"no item {barcode}")
    if it["status"] not in ("checked_out", "claimed_returned"):
        raise Conflict(f"item is {it['status']}, not on loan")
    loan = state.loans[it["loan"]]
    loan["status"], it["loan"] = "returned", None
    title = state.bibs[it["bib"]]["title"]
    queue = _queue(state, it["bib"])
    if queue:
        h = state.holds[queue[0]]
        h.update(status="in_transit" if h["pickup"] != branch_code else "ready", barcode=barcode,
                 pickup_by=(TODAY + timedelta(days=7)).isoformat())
        it.update(status="on_hold_shelf", hold=queue[0])
        return f"Checked in '{title}' at {_BRANCHES[branch_code][0]}; trapped for a hold, send to the " \
               f"{_BRANCHES[h['pickup']][0]} hold shelf."
    it["status"] = "available" if it["branch"] == branch_code else "in_transit"
    where = "shelve here" if it["branch"] == branch_code else f"route to {_BRANCHES[it['branch']][0]}"
    return f"Checked in '{title}' at {_BRANCHES[branch_code][0]}; {where}."


def list_loans(api_key: str, patron_id: str, state: State) -> list:
    """A patron's current loans.

    :param api_key: a key with the ``circulation`` scope
    :param patron_id: the patron id
    :returns: rows ``[loan_id, [barcode, title], due, renewals, status]``
    """
    _staff(state, api_key, "circulation")
    _get_patron(state, patron_id)
    return [[lid, [x["barcode"], state.bibs[state.items[x["barcode"]]["bib"]]["title"]], x["due"], x["renewals"],
             x["status"]] for lid, x in sorted(state.loans.items())
            if x["patron"] == patron_id and x["status"] in ("active", "claimed_returned")]


def renew_loan(api_key: str, loan_id: str, state: State) -> dict:
    """Renew a loan for 21 more days from today.

    :param api_key: a key with the ``circulation`` scope
    :param loan_id: the loan id
    :raises Conflict: when another patron is waiting for the title or the loan was renewed twice
    """
    _staff(state, api_key, "circulation")
    loan = _loan(state, loan_id)
    if loan["status"] != "active":
        raise Conflict(f"loan is {loan['status']}")
    if loan["renewals"] >= 2:
        raise Conflict("loan has been renewed twice already")
    if _queue(state, state.items[loan["barcode"]]["bib"]):
        raise Conflict("another patron is waiting for this title")
    loan["renewals"] += 1
    loan["due"] = (TODAY + timedelta(days=21)).isoformat()
    return {"loan_id": loan_id, "due": loan["due"], "renewals": loan["renewals"]}


def mark_lost(api_key: str, loan_id: str, state: State) -> dict:
    """Declare a borrowed item lost and bill its replacement.

    :param api_key: a key with the ``circulation`` scope
    :param loan_id: the loan id
    :returns: ``{"loan": {...}, "fee": {"fee_id", "amount"}}``
    """
    _staff(state, api_key, "circulation")
    loan = _loan(state, loan_id)
    if loan["status"] != "active":
        raise Conflict(f"loan is {loan['status']}")
    loan["status"] = "lost"
    it = state.items[loan["barcode"]]
    it["status"], it["loan"] = "lost", None
    amount = {"book": 18.99, "dvd": 14.5, "audiobook": 32.0, "ebook": 0.0}[state.bibs[it["bib"]]["format"]]
    fid = f"F-{_next(state, 'F')}"
    state.fees[fid] = {"patron": loan["patron"], "kind": "replacement", "amount": amount, "status": "open",
                       "note": state.bibs[it["bib"]]["title"]}
    return {"loan": {"loan_id": loan_id, "status": "lost"}, "fee": {"fee_id": fid, "amount": amount}}


def claim_returned(api_key: str, loan_id: str, note: str, state: State) -> dict:
    """Record that the patron says they returned an item the system still shows on loan.

    :param api_key: a key with the ``circulation`` scope
    :param loan_id: the loan id
    :param note: what the patron says
    """
    _staff(state, api_key, "circulation")
    loan = _loan(state, loan_id)
    if loan["status"] != "active":
        raise Conflict(f"loan is {loan['status']}")
    loan["status"], loan["claim"] = "claimed_returned", note
    state.items[loan["barcode"]]["status"] = "claimed_returned"
    return {"loan_id": loan_id, "status": "claimed_returned", "search_by": (TODAY + timedelta(days=14)).isoformat()}


# ----------------------------------------------------------------------------- holds

def place_hold(api_key: str, patron_id: str, bib_id: str, pickup_branch: str, state: State) -> str:
    """Place a hold on a title for pickup at a branch.

    :param api_key: a key with the ``circulation`` scope
    :param patron_id: the patron id
    :param bib_id: the title's record id
    :param pickup_branch: the branch code to collect from
    :returns: a sentence with the hold id and queue position
    """
    _staff(state, api_key, "circulation")
    p = _get_patron(state, patron_id)
    if p["blocked"]:
        raise Forbidden(f"account blocked: {p['blocked']}")
    b = state.bibs.get(bib_id)
    if b is None:
        raise NotFound(f"no title {bib_id}")
    _branch(pickup_branch, "pickup_branch")
    if any(h["patron"] == patron_id and h["bib"] == bib_id and h["status"] in ("waiting", "ready", "in_transit")
           for h in state.holds.values()):
        raise Conflict("patron already has a hold on this title")
    hid = f"H-{_next(state, 'H')}"
    state.holds[hid] = {"patron": patron_id, "bib": bib_id, "pickup": pickup_branch, "status": "waiting",
                        "placed": TODAY.isoformat(), "suspended_until": None}
    pos = len(_queue(state, bib_id))
    return f"Hold {hid} placed for {p['name']} on '{b['title']}'; position {pos} in the queue, pickup at " \
           f"{_BRANCHES[pickup_branch][0]}."


def list_holds(api_key: str, patron_id: str, state: State) -> list:
    """A patron's holds.

    :param api_key: a key with the ``circulation`` scope
    :param patron_id: the patron id
    :returns: rows ``[hold_id, bib_id, title, status, pickup_branch, position]``
    """
    _staff(state, api_key, "circulation")
    _get_patron(state, patron_id)
    rows = []
    for hid, h in sorted(state.holds.items()):
        if h["patron"] == patron_id and h["status"] in ("waiting", "ready", "in_transit", "suspended"):
            q = _queue(state, h["bib"])
            rows.append([hid, h["bib"], state.bibs[h["bib"]]["title"], h["status"], h["pickup"],
                         q.index(hid) + 1 if hid in q else None])
    return rows


def suspend_hold(api_key: str, hold_id: str, until: str, state: State) -> dict:
    """Pause a waiting hold until a date (the patron keeps their place).

    :param api_key: a key with the ``circulation`` scope
    :param hold_id: the hold id
    :param until: ISO date, in the future
    """
    _staff(state, api_key, "circulation")
    h = _hold(state, hold_id)
    d = _iso(until, "until")
    if h["status"] not in ("waiting", "suspended"):
        raise Conflict(f"hold is {h['status']}; only waiting holds can be suspended")
    if d <= TODAY:
        raise Invalid("until must be in the future")
    if h["suspended_until"] == until:
        raise Conflict(f"hold is already suspended until {until}")
    h["status"], h["suspended_until"] = "suspended", until
    return {"hold_id": hold_id, "status": "suspended", "until": until}


def cancel_hold(api_key: str, hold_id: str, reason: str, state: State) -> dict:
    """Cancel a hold.

    :param api_key: a key with the ``circulation`` scope
    :param hold_id: the hold id
    :param reason: why
    """
    _staff(state, api_key, "circulation")
    h = _hold(state, hold_id)
    if h["status"] in ("cancelled", "fulfilled"):
        raise Conflict(f"hold is already {h['status']}")
    if h.get("barcode") and h["status"] == "ready":
        state.items[h["barcode"]].update(status="available", hold=None)
    h["status"], h["cancel_reason"] = "cancelled", reason
    return {"hold_id": hold_id, "status": "cancelled"}


def hold_shelf(api_key: str, branch_code: str, state: State) -> list:
    """Items waiting on a branch's hold shelf.

    :param api_key: a key with the ``circulation`` scope
    :param branch_code: the branch code
    :returns: rows ``[hold_id, patron_id, barcode, title, pickup_by]``
    """
    _staff(state, api_key, "circulation")
    _branch(branch_code)
    return [[hid, h["patron"], h["barcode"], state.bibs[h["bib"]]["title"], h["pickup_by"]]
            for hid, h in sorted(state.holds.items()) if h["status"] == "ready" and h["pickup"] == branch_code]


# ----------------------------------------------------------------------------- fees

def list_fees(api_key: str, patron_id: str, status: Optional[Literal["open", "paid", "waived"]] = "open",
              state: State = None) -> dict:
    """A patron's fees.

    :param api_key: a key with the ``fees`` scope
    :param patron_id: the patron id
    :param status: only fees in this status (open by default)
    :returns: ``{"patron_id", "fees": [[fee_id, kind, amount, status, note]], "balance": open total}``
    """
    _staff(state, api_key, "fees")
    _get_patron(state, patron_id)
    rows = [[fid, f["kind"], f["amount"], f["status"], f["note"]] for fid, f in sorted(state.fees.items())
            if f["patron"] == patron_id and (status is None or f["status"] == status)]
    return {"patron_id": patron_id, "fees": rows, "balance": _balance(state, patron_id)}


def pay_fees(api_key: str, patron_id: str, fee_ids: list[str], amount: float, tender: Tender, state: State) -> str:
    """Take a payment for some of a patron's open fees.

    :param api_key: a key with the ``fees`` scope
    :param patron_id: the patron id
    :param fee_ids: the fees paid
    :param amount: exactly their total
    :param tender: cash or card
    :returns: a sentence with the receipt number
    """
    _staff(state, api_key, "fees")
    p = _get_patron(state, patron_id)
    if not fee_ids:
        raise Invalid("no fees given")
    total = 0.0
    for fid in fee_ids:
        f = state.fees.get(fid)
        if f is None or f["patron"] != patron_id:
            raise NotFound(f"no fee {fid} for this patron")
        if f["status"] != "open":
            raise Conflict(f"fee {fid} is {f['status']}")
        total += f["amount"]
    if abs(round(total, 2) - float(amount)) > 0.001:
        raise Invalid(f"amount must be exactly the fees' total")
    for fid in fee_ids:
        state.fees[fid]["status"] = "paid"
    rid = f"R-{_next(state, 'R')}"
    state.payments[rid] = {"patron": patron_id, "fees": list(fee_ids), "amount": round(total, 2), "tender": tender}
    return f"Payment {rid} of £{total:.2f} taken by {tender} from {p['name']}; balance now " \
           f"£{_balance(state, patron_id):.2f}."


def waive_fee(api_key: str, fee_id: str, reason: str, override_code: str, state: State) -> dict:
    """Waive an open fee with a supervisor's override.

    :param api_key: a key with the ``fees`` scope
    :param fee_id: the fee id
    :param reason: why it is waived
    :param override_code: a ``waive_fee`` override
    """
    _staff(state, api_key, "fees")
    f = state.fees.get(fee_id)
    if f is None:
        raise NotFound(f"no fee {fee_id}")
    if f["status"] != "open":
        raise Conflict(f"fee is {f['status']}")
    _use_override(state, override_code, "waive_fee")
    f["status"], f["waive_reason"] = "waived", reason
    return {"fee_id": fee_id, "status": "waived", "balance": _balance(state, f["patron"])}


# ----------------------------------------------------------------------------- interlibrary loan

def request_ill(api_key: str, patron_id: str, isbn: str, title: str, need_by: str, note: str = "",
                state: State = None) -> str:
    """Ask the regional network for a title the library does not hold.

    :param api_key: a key with the ``circulation`` scope
    :param patron_id: the patron id
    :param isbn: the ISBN
    :param title: the title as the patron gives it
    :param need_by: ISO date after which the patron no longer needs it
    :param note: anything the lending library should know
    :returns: a sentence with the request id
    """
    _staff(state, api_key, "circulation")
    p = _get_patron(state, patron_id)
    if p["blocked"]:
        raise Forbidden(f"account blocked: {p['blocked']}")
    d = _iso(need_by, "need_by")
    if d < TODAY + timedelta(days=7):
        raise Invalid("interlibrary loans take at least a week; need_by is too soon")
    digits = re.sub(r"[^0-9X]", "", isbn.upper())
    held = next((bid for bid, b in state.bibs.items() if b["isbn"] == digits), None)
    if held:
        raise Conflict(f"held locally as {held}; place a hold instead")
    rid = f"ILL-{_next(state, 'ILL')}"
    state.ill[rid] = {"patron": patron_id, "isbn": digits, "title": title, "need_by": need_by, "note": note,
                      "status": "requested"}
    return f"ILL request {rid} for '{title}' sent to the regional network for {p['name']} (needed by {need_by})."


def ill_status(api_key: str, request_id: str, state: State) -> dict:
    """Where an interlibrary loan request stands.

    :param api_key: a key with the ``circulation`` scope
    :param request_id: the ILL request id
    """
    _staff(state, api_key, "circulation")
    r = state.ill.get(request_id)
    if r is None:
        raise NotFound(f"no ILL request {request_id}")
    return {"request_id": request_id, **r, "lender": None if r["status"] == "requested" else "Lakeside Libraries"}


def cancel_ill(api_key: str, request_id: str, reason: str, state: State) -> dict:
    """Withdraw an interlibrary loan request.

    :param api_key: a key with the ``circulation`` scope
    :param request_id: the ILL request id
    :param reason: why
    """
    _staff(state, api_key, "circulation")
    r = state.ill.get(request_id)
    if r is None:
        raise NotFound(f"no ILL request {request_id}")
    if r["status"] == "cancelled":
        raise Conflict("request is already cancelled")
    r["status"], r["cancel_reason"] = "cancelled", reason
    return {"request_id": request_id, "status": "cancelled"}


# ----------------------------------------------------------------------------- rooms and events

def room_availability(api_key: str, branch_code: str, date: str, state: State) -> list:
    """Free start hours of a branch's bookable rooms on a day (rooms open 09:00-20:00).

    :param api_key: a key with the ``rooms`` scope
    :param branch_code: the branch code
    :param date: ISO date
    :returns: rows ``[room_id, name, capacity, [free start times]]``
    """
    _staff(state, api_key, "rooms")
    _branch(branch_code)
    _iso(date, "date")
    rows = []
    for rid, (branch, name, cap) in sorted(_ROOMS.items()):
        if branch != branch_code:
            continue
        busy = {h for b in state.bookings.values() if b["room"] == rid and b["date"] == date and b["status"] == "booked"
                for h in range(b["start"], b["start"] + b["hours"])}
        rows.append([rid, name, cap, [f"{h:02d}:00" for h in range(9, 20) if h not in busy]])
    return rows


def book_room(api_key: str, patron_id: str, room_id: str, date: str, start: str, hours: int, state: State) -> str:
    """Book a room for a patron.

    :param api_key: a key with the ``rooms`` scope
    :param patron_id: the patron id
    :param room_id: the room id
    :param date: ISO date
    :param start: ``HH:00``
    :param hours: one to three hours
    :returns: the booking reference, such as ``RB-4411``
    """
    _staff(state, api_key, "rooms")
    p = _get_patron(state, patron_id)
    if p["blocked"]:
        raise Forbidden(f"account blocked: {p['blocked']}")
    if room_id not in _ROOMS:
        raise NotFound(f"no room {room_id}")
    d = _iso(date, "date")
    if d < TODAY:
        raise Invalid("date is in the past")
    m = re.fullmatch(r"(\d{2}):00", start)
    if not m or not 9 <= int(m.group(1)) <= 19:
        raise Invalid("start must be on the hour between 09:00 and 19:00")
    if not 1 <= hours <= 3 or int(m.group(1)) + hours > 20:
        raise Invalid("one to three hours, ending by 20:00")
    h0 = int(m.group(1))
    for b in state.bookings.values():
        if b["room"] == room_id and b["date"] == date and b["status"] == "booked" and \
                h0 < b["start"] + b["hours"] and b["start"] < h0 + hours:
            raise Conflict("room is booked at that time")
    ref = f"RB-{_next(state, 'RB')}"
    state.bookings[ref] = {"room": room_id, "patron": patron_id, "date": date, "start": h0, "hours": hours,
                           "status": "booked"}
    return ref


def cancel_room_booking(api_key: str, booking_id: str, state: State) -> dict:
    """Cancel a room booking.

    :param api_key: a key with the ``rooms`` scope
    :param booking_id: the booking reference
    """
    _staff(state, api_key, "rooms")
    b = state.bookings.get(booking_id)
    if b is None:
        raise NotFound(f"no booking {booking_id}")
    if b["status"] == "cancelled":
        raise Conflict("booking is already cancelled")
    b["status"] = "cancelled"
    return {"booking_id": booking_id, "status": "cancelled"}


def register_event(api_key: str, event_id: int, patron_id: str, seats: int = 1, state: State = None) -> dict:
    """Register a patron for an event.

    :param api_key: a key with the ``programs`` scope
    :param event_id: the event id
    :param patron_id: the patron id
    :param seats: places wanted (up to 4)
    """
    _staff(state, api_key, "programs")
    e = state.events.get(event_id)
    if e is None:
        raise NotFound(f"no event {event_id}")
    _get_patron(state, patron_id)
    if not 1 <= seats <= 4:
        raise Invalid("one to four seats")
    if patron_id in e["registered"]:
        raise Conflict("patron is already registered")
    if e["seats"] - sum(e["registered"].values()) < seats:
        raise Conflict("not enough seats left")
    e["registered"][patron_id] = seats
    rid = f"REG-{_next(state, 'REG')}"
    state.registrations[rid] = {"event": event_id, "patron": patron_id, "seats": seats}
    return {"registration": {"id": rid, "event_id": event_id, "patron_id": patron_id, "seats": seats}}


TOOLS = [
    console_login, create_api_key, supervisor_override,
    list_branches, parse_date, search_catalog, get_title, lookup_isbn, list_events,
    search_patrons, register_patron, verify_patron, get_patron, update_contact, renew_card, lift_block,
    list_collections, add_item, transfer_item, withdraw_item,
    checkout, checkin, list_loans, renew_loan, mark_lost, claim_returned,
    place_hold, list_holds, suspend_hold, cancel_hold, hold_shelf,
    list_fees, pay_fees, waive_fee,
    request_ill, ill_status, cancel_ill,
    room_availability, book_room, cancel_room_booking, register_event,
]

# What a tester is handed: the desk assistant's and the supervisor's console logins, patrons at the desk
# (names, cards as read off the card, PINs typed on the keypad), a returned book's barcode as scanned,
# a new sticker's barcode, a registration form as filled in, and dates as people say them.
FIXTURES = {
    "desk_login": {"username": "mreyes", "password": "Dewey-500"},
    "supervisor_login": {"username": "tokafor", "password": "Stacks&9"},
    "patrons_at_desk": {
        "Nora Quinn": {"card": "2910 0045 998", "pin": "4417", "phone": "020 7946 0321"},
        "Dev Anand": {"card": "2910 0038 112", "pin": "8020"},
        "Leila Haddad": {"card": "2910 0052 773", "pin": "1357"},
        "Sam Ortiz": {"card": "2910 0060 214", "pin": "2468"},
    },
    "returned_book": {"barcode": "31234000488120", "returned_at": "Northgate"},
    "new_copy": {"title": "Braiding Sweetgrass", "barcode": "31234000599017", "branch": "Harbour",
                 "shelved_as": "adult non-fiction"},
    "registration_form": {"name": "Tomasz Wojcik", "date_of_birth": "3 May 1990", "email": "t.wojcik@example.com",
                          "phone": "07700 900632", "address": "9 Mill Lane, Riverside RV3 8LP", "home_branch": "Central"},
    "ill_wish": {"patron": "Nora Quinn", "isbn": "9780593321201", "title": "Tomorrow, and Tomorrow, and Tomorrow",
                 "need_by": "15 December"},
    "room_wish": {"patron": "Nora Quinn", "branch": "Central", "day": "Friday", "start": "14:00", "hours": 2},
}

_KEYED = [
    "verify_patron", "search_patrons", "register_patron", "get_patron", "update_contact", "renew_card", "lift_block",
    "list_collections", "add_item", "transfer_item", "withdraw_item", "checkout", "checkin", "list_loans", "renew_loan",
    "mark_lost", "claim_returned", "place_hold", "list_holds", "suspend_hold", "cancel_hold", "hold_shelf", "list_fees",
    "pay_fees", "waive_fee", "request_ill", "ill_status", "cancel_ill", "room_availability", "book_room",
    "cancel_room_booking", "register_event",
]
_PATRON_ANY = "search_patrons|register_patron|verify_patron"

GROUND_TRUTH = (
    [("console_login", "create_api_key", "auth: console session (nested under console.session)")]
    + [("create_api_key", c, "auth: API key secret (nested under key.secret) with the right scopes") for c in _KEYED]
    + [(_PATRON_ANY, c, "id lookup/create: patron id (search results, a new registration, or the verified card)")
       for c in ("get_patron", "checkout", "place_hold", "list_holds", "list_loans", "list_fees", "book_room",
                 "register_event", "request_ill")]
    + [("search_patrons|verify_patron", c, "id lookup: patron id of an existing patron")
       for c in ("lift_block", "pay_fees")]
    + [("search_patrons", c, "id lookup: patron id (search results)") for c in ("update_contact", "renew_card")]
    + [("verify_patron", c, "state: card and PIN verified at the desk") for c in ("update_contact", "renew_card")]
    + [("place_hold|list_holds", c, "id lookup/create: hold id (in a sentence, or rows)")
       for c in ("suspend_hold", "cancel_hold")]
    + [("checkout|list_loans", c, "id lookup/create: loan id (a new loan, or rows)")
       for c in ("renew_loan", "mark_lost", "claim_returned")]
    + [("supervisor_override", c, "role: a supervisor's single-use override code (a bare string)")
       for c in ("waive_fee", "lift_block", "withdraw_item")]
    + [("search_catalog|lookup_isbn", c, "id lookup: bib id (rows, or a bare string)")
       for c in ("place_hold", "get_title", "add_item")]
    + [("search_catalog|get_title|hold_shelf", "checkout",
        "id lookup: item barcodes (nested rows, item records, or the hold shelf)")]
    + [("search_catalog|get_title", c, "id lookup: item barcode (nested rows, or item records)")
       for c in ("transfer_item", "withdraw_item")]
    + [("list_branches", c, "vocabulary: branch codes (people say 'Northgate')")
       for c in ("place_hold", "checkin", "transfer_item", "hold_shelf", "room_availability", "add_item",
                 "register_patron")]
    + [("parse_date", c, "format: ISO date (a bare string)")
       for c in ("register_patron", "suspend_hold", "request_ill", "room_availability", "book_room")]
    + [("request_ill", c, "id create: ILL request id (in a sentence)") for c in ("ill_status", "cancel_ill")]
    + [
        ("list_fees", "pay_fees", "id lookup: fee ids and their exact total"),
        ("list_fees|mark_lost", "waive_fee", "id lookup/create: fee id (rows, or a new replacement fee)"),
        ("list_collections", "add_item", "vocabulary: collection codes"),
        ("room_availability", "book_room", "id lookup: room id (rows)"),
        ("book_room", "cancel_room_booking", "id create: booking reference (a bare string)"),
        ("list_events", "register_event", "id lookup: event id (int, nested under event.id)"),
        ("pay_fees", "renew_card", "state: fees paid down to £5.00 before a card renewal"),
        ("pay_fees", "checkout", "state: fees paid down to £10.00 before borrowing"),
        ("renew_card", "checkout", "state: an expired card is renewed before borrowing"),
        ("lift_block", "place_hold", "state: a blocked account cannot place holds"),
    ]
)

PLAUSIBLE = {
    ("search_patrons", "verify_patron"), ("get_patron", "checkout"), ("get_patron", "renew_card"),
    ("list_fees", "renew_card"), ("list_fees", "checkout"), ("search_catalog", "lookup_isbn"),
    ("lookup_isbn", "request_ill"), ("search_catalog", "request_ill"), ("get_title", "place_hold"),
    ("list_branches", "list_events"), ("list_loans", "checkin"),
    ("get_patron", "list_loans"), ("checkout", "checkin"), ("list_holds", "hold_shelf"),
    ("place_hold", "list_holds"), ("checkout", "list_loans"), ("mark_lost", "list_fees"),
    ("mark_lost", "pay_fees"), ("list_loans", "checkout"), ("list_events", "get_patron"),
    ("supervisor_override", "renew_card"), ("list_branches", "list_collections"), ("get_title", "add_item"),
    ("list_branches", "book_room"), ("room_availability", "cancel_room_booking"), ("hold_shelf", "cancel_hold"),
    ("search_patrons", "hold_shelf"), ("parse_date", "renew_card"), ("console_login", "supervisor_override"),
    ("get_patron", "lift_block"),
}
