"""Parallax: the booking and members' API of Tallowmoor Observatory and Planetarium (37 calls).

Sync functions over an in-memory ``State`` of the observatory's system on Thursday 14 February 2036 at 10:00. The box
office finds and registers customers, writes to them, takes orders for planetarium shows, observing evenings and
talks, applies gift vouchers, takes payment and issues e-tickets, cancels orders, sells gift vouchers and moves the
orders of an observing evening that the duty astronomer calls off for cloud to another evening. The education officer
registers schools, takes their visit requests, records the adults and risk assessment, confirms and invoices visits
and records the schools' payments. The membership desk enrols members and takes their subscriptions. The astronomer
inducts members onto the remote telescope, and queues, schedules, records and delivers their observations. The
manager may do everything. What's on and the observing forecast are public.

The API runs as AWS Lambda functions behind API Gateway, and every function answers as such a handler does, with an
API Gateway proxy response: a dict of ``statusCode``, ``headers`` and a ``body`` that is JSON text (or plain text for
a sentence or a bare value): ``{"statusCode": 201, "headers": {"Content-Type": "application/json"}, "body":
"{\\"order_id\\": \\"ORD-88104\\", ...}"}``. A refusal is such a response with a 4xx status and a JSON body of
``message`` and ``code``: ``{"statusCode": 409, "headers": {...}, "body": "{\\"message\\": \\"ORD-88102 has no
tickets to pay for\\", \\"code\\": \\"empty_order\\"}"}``. The runtime's common conventions read no such response (no
``error`` key, no ``success``, ``ok`` or word ``status`` at its top), so the module declares ``FAILURE``
(``api_error``: a response whose ``statusCode`` is 400 or more; it answers ``"409 empty_order: ..."``). Every tool
but the public ones sits behind the ``authorised(*roles)`` decorator (``functools.wraps``), which checks the bearer
token and the role before the tool runs and answers 401 or 403 itself. Bodies hold records and lists of them, with
rows nested as lists of lists (a customer's record, an order's lines, tickets); a bare value answers a school's
payment (the balance left, as plain text); sentences with an id in them answer a message queued, an order cancelled,
images delivered and a sign-out.
``from __future__ import annotations`` with PEP 604 unions (``str | None``, ``list[str]``), resolved by the runtime
in this module: a plain ``Enum`` input (``TicketType``), two ``str`` ``Enum`` filters (``OrderStatus``,
``VisitStatus``), ``Literal`` inputs (payment method, membership tier, school programme, filter, an observation's
outcome) and ``Literal`` filters (membership status, observation status). Google docstrings. Ids look alike: customer
``CU-5506``, order ``ORD-88104``, voucher ``GV-5821``, school ``SCH-303``, visit ``SV-614``, invoice ``INV-7002``,
membership ``MEM-2204``, observation ``OBS-1404``, message ``MSG-310``, ticket ``TK-40417``; performance
``PF-3102``; target ``M42``. Which days schools visit, how far ahead, the number of adults a class needs, the price of
a pupil, the values a gift voucher is sold in, how many member tickets a membership buys, that the remote telescope
is for the astronomer tier after an induction, and how long an exposure may be are stated only in refusals.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as provider means either
tool satisfies it, and the text of ``what`` before its first ``:`` is the kind.
"""

from __future__ import annotations

import datetime
import functools
import json
import math
from enum import Enum
from typing import Any, Literal

TODAY = "2036-02-14"  # a Thursday
NOW = "10:00"


class TicketType(Enum):
    ADULT = "adult"
    CHILD = "child"
    CONCESSION = "concession"
    MEMBER = "member"


class OrderStatus(str, Enum):
    OPEN = "open"
    PAID = "paid"
    ISSUED = "issued"
    CANCELLED = "cancelled"


class VisitStatus(str, Enum):
    REQUESTED = "requested"
    DETAILS_RECEIVED = "details_received"
    CONFIRMED = "confirmed"


ShowKind = Literal["planetarium", "observing", "talk"]
Method = Literal["card", "cash"]
Tier = Literal["stargazer", "family", "astronomer"]
Programme = Literal["solar_system", "moon_landing", "stars_and_galaxies", "space_weather"]
Filter = Literal["L", "R", "G", "B", "Ha", "OIII"]
Outcome = Literal["observed", "clouded_out"]
MembershipStatus = Literal["pending_payment", "active", "lapsed"]
ObservationStatus = Literal["queued", "scheduled", "observed", "delivered"]

PRICES = {  # kind -> ticket type -> price
    "planetarium": {"adult": 9.5, "child": 6.5, "concession": 8.0, "member": 4.5},
    "observing": {"adult": 14.0, "child": 9.0, "concession": 12.0, "member": 7.0},
    "talk": {"adult": 8.0, "child": 5.0, "concession": 6.5, "member": 4.0},
}
TIERS = {"stargazer": (45.0, 2), "family": (80.0, 4), "astronomer": (120.0, 2)}  # price, member tickets a show
PUPIL_PRICE = 6.5
FORECAST = {  # date -> cloud cover %, seeing, moon
    "2036-02-14": (90, "poor", "waxing crescent, sets 22:10"),
    "2036-02-15": (60, "fair", "first quarter, sets 23:40"),
    "2036-02-16": (15, "good", "waxing gibbous, sets 00:50"),
    "2036-02-21": (30, "good", "full, up all night"),
}
TARGETS = [  # code, name, kind, best months
    ("M31", "Andromeda Galaxy", "galaxy", "Sep-Jan"),
    ("M42", "Orion Nebula", "nebula", "Dec-Mar"),
    ("M45", "Pleiades", "open cluster", "Oct-Feb"),
    ("M81", "Bode's Galaxy", "galaxy", "Jan-May"),
    ("NGC 2244", "Rosette Nebula", "nebula", "Dec-Mar"),
    ("NGC 7000", "North America Nebula", "nebula", "Jul-Oct"),
]
ROLE_NAMES = {"boxoffice": "the box office", "education": "the education officer", "astronomer": "the astronomers",
              "membership": "the membership desk", "manager": "the manager"}


# --------------------------------------------------------------------------- API Gateway proxy responses


def _respond(status: int, body: Any) -> dict:
    if isinstance(body, str):
        return {"statusCode": status, "headers": {"Content-Type": "text/plain"}, "body": body}
    return {"statusCode": status, "headers": {"Content-Type": "application/json"}, "body": json.dumps(body)}


def _refuse(status: int, code: str, message: str) -> dict:
    return _respond(status, {"message": message, "code": code})


def api_error(reply: Any) -> Any:
    """A reply is a refusal when it is a proxy response whose ``statusCode`` is 400 or more; answers
    ``"<status> <code>: <message>"``, else False."""
    if not isinstance(reply, dict) or isinstance(reply.get("statusCode"), bool):
        return False
    status = reply.get("statusCode")
    if not isinstance(status, int) or status < 400:
        return False
    try:
        body = json.loads(reply.get("body") or "{}")
    except (TypeError, ValueError):
        body = {"message": str(reply.get("body"))}
    if not isinstance(body, dict):
        body = {"message": str(body)}
    return f"{status} {body.get('code', 'error')}: {body.get('message', '')}".strip()


FAILURE = api_error


# --------------------------------------------------------------------------- state


def _d(value: str) -> datetime.date:
    return datetime.date.fromisoformat(value)


class State:
    """Tallowmoor Observatory and Planetarium's system on Thursday 14 February 2036 at 10:00."""

    def __init__(self) -> None:
        self.staff = {
            "marisa.t": {"name": "Marisa Tregenza", "password": "Dome-Seat-41", "role": "boxoffice"},
            "tegwen.m": {"name": "Tegwen Maplin", "password": "Ticket-Stub-6", "role": "boxoffice"},
            "lysander.a": {"name": "Lysander Averill", "password": "Class-Trip-29", "role": "education"},
            "oksana.h": {"name": "Dr Oksana Hrytsenko", "password": "Seeing-Two-88", "role": "astronomer"},
            "wendell.s": {"name": "Wendell Strachan", "password": "Member-Card-13", "role": "membership"},
            "leonie.b": {"name": "Leonie Bartram", "password": "Orrery-Hall-5", "role": "manager"},
        }
        self.sessions: dict[str, dict] = {}
        self.performances = {  # performance -> title, kind, date, time, seats, status
            "PF-3101": ["Valentine's Night Sky", "planetarium", "2036-02-14", "19:00", 80, "on_sale"],
            "PF-3102": ["Stargazing for Two", "observing", "2036-02-14", "20:30", 24, "on_sale"],
            "PF-3103": ["The Solar System for Little Astronomers", "planetarium", "2036-02-15", "11:00", 80,
                        "on_sale"],
            "PF-3104": ["Winter Stargazing", "observing", "2036-02-16", "19:30", 24, "on_sale"],
            "PF-3105": ["Black Holes and Where to Find Them", "planetarium", "2036-02-16", "14:00", 80, "on_sale"],
            "PF-3106": ["The Comet of 2036", "talk", "2036-02-20", "19:30", 120, "on_sale"],
            "PF-3107": ["Winter Stargazing", "observing", "2036-02-21", "19:30", 24, "on_sale"],
        }
        self.customers = {  # customer -> name, email, phone, postcode
            "CU-5501": ["Mr Leofric Dunstable", "leofric.dunstable@example.com", "07700 900501", "TM4 2LD"],
            "CU-5502": ["Ms Cosima Trelawney", "cosima.trelawney@example.net", "07700 900502", "TM1 7CT"],
            "CU-5503": ["Mr Ptolemy Ashgrove", "ptolemy.ashgrove@example.org", "07700 900503", "TM9 3PA"],
            "CU-5504": ["Mrs Ysolde Quillon", "ysolde.quillon@example.com", "07700 900504", "TM2 8YQ"],
            "CU-5505": ["Dr Honoria Ketley", "h.ketley@example.ac.uk", "07700 900505", "TM6 1HK"],
        }
        self.orders = {  # order -> customer, status, lines [performance, type, quantity, price], voucher, paid
            "ORD-88101": ["CU-5502", "paid", [["PF-3102", "adult", 2, 14.0]], None, 28.0],
            "ORD-88102": ["CU-5504", "open", [["PF-3101", "adult", 2, 9.5], ["PF-3101", "child", 1, 6.5]], None, 0.0],
            "ORD-88103": ["CU-5501", "issued", [["PF-3104", "member", 1, 7.0]], None, 7.0],
        }
        self.tickets = {"ORD-88103": [["TK-40416", "PF-3104", "member"]]}
        self.vouchers: dict[str, list] = {}  # voucher -> value, balance, purchaser, expires
        self.schools = {  # school -> name, urn, contact, email, phone
            "SCH-301": ["St Cuthman's Primary School", "114520", "Mr Jocelyn Pellow",
                        "office@stcuthmans.example.sch.uk", "01632 960301"],
            "SCH-302": ["Merlin Brook Academy", "139087", "Ms Yasmin Yelland", "trips@merlinbrook.example.sch.uk",
                        "01632 960302"],
        }
        self.visits = {  # visit -> school, date, pupils, year group, programme, status, adults, risk assessment
            "SV-611": ["SCH-301", "2036-03-11", 56, "Year 5", "solar_system", "requested", None, None],
            "SV-612": ["SCH-302", "2036-03-05", 60, "Year 7", "stars_and_galaxies", "details_received", 6,
                       "MBA-RA-0412"],
            "SV-613": ["SCH-301", "2036-03-18", 28, "Year 3", "moon_landing", "confirmed", 4, "SCP-RA-22"],
            "SV-610": ["SCH-302", "2036-02-06", 28, "Year 4", "moon_landing", "confirmed", 3, "MBA-RA-0398"],
        }
        self.invoices = {  # invoice -> visit, amount, paid
            "INV-7001": ["SV-610", 182.0, 0.0],
        }
        self.memberships = {  # membership -> customer, tier, status, starts, expires, inducted
            "MEM-2201": ["CU-5501", "astronomer", "active", "2035-09-20", "2036-09-19", "2035-10-02"],
            "MEM-2202": ["CU-5503", "family", "pending_payment", None, None, None],
            "MEM-2203": ["CU-5505", "astronomer", "active", "2036-01-30", "2037-01-29", None],
        }
        self.observations = {  # observation -> membership, target, filter, exposure, frames, status, night
            "OBS-1401": ["MEM-2201", "M42", "Ha", 300, 12, "queued", None],
            "OBS-1402": ["MEM-2201", "M31", "L", 120, 30, "observed", "2036-02-11"],
            "OBS-1403": ["MEM-2201", "NGC 2244", "OIII", 300, 10, "scheduled", "2036-02-13"],
        }
        self.messages: list[list] = []
        self.counters = {"token": 1, "customer": 5506, "order": 88104, "voucher": 5821, "school": 303, "visit": 614,
                         "invoice": 7002, "membership": 2204, "observation": 1404, "message": 310, "ticket": 40417}


# --------------------------------------------------------------------------- helpers


def authorised(*roles: str):
    """Check the bearer token and, where ``roles`` are given, the role before the tool runs; the manager may do
    everything. Answers 401 (no session) or 403 (the wrong role) itself."""

    def wrap(fn):
        @functools.wraps(fn)
        def checked(*args, **kwargs):
            state, token = kwargs.get("state"), kwargs.get("token")
            who = state.sessions.get(token) if isinstance(token, str) else None
            if who is None:
                return _refuse(401, "unauthorized", "not signed in, or the session has ended; sign in first")
            if roles and who["role"] not in roles and who["role"] != "manager":
                return _refuse(403, "forbidden", f"{who['name']} ({who['role']}) may not do this; it is for "
                                                 f"{' or '.join(ROLE_NAMES[r] for r in roles)}")
            return fn(*args, **kwargs)

        return checked

    return wrap


def _next(state: State, kind: str) -> int:
    n = state.counters[kind]
    state.counters[kind] = n + 1
    return n


def _blank(value: Any) -> bool:
    return not isinstance(value, str) or not value.strip()


def _value(value: Any) -> Any:
    return value.value if isinstance(value, Enum) else value


def _amount(value: Any) -> bool:
    return not isinstance(value, bool) and isinstance(value, (int, float))


def _customer(state: State, cid: str) -> dict:
    c = state.customers[cid]
    return {"customer_id": cid, "name": c[0], "email": c[1], "phone": c[2], "postcode": c[3]}


def _performance(state: State, pid: str) -> dict:
    p = state.performances[pid]
    return {"performance_id": pid, "title": p[0], "kind": p[1], "date": p[2], "time": p[3],
            "seats_left": _seats_left(state, pid), "prices": dict(PRICES[p[1]]), "status": p[5]}


def _seats_left(state: State, pid: str) -> int:
    sold = sum(line[2] for o in state.orders.values() if o[1] != "cancelled" for line in o[2] if line[0] == pid)
    return state.performances[pid][4] - sold


def _total(order: list) -> float:
    return round(sum(line[2] * line[3] for line in order[2]), 2)


def _discount(state: State, order: list) -> float:
    if order[3] is None:
        return 0.0
    return round(min(state.vouchers[order[3]][1], _total(order)), 2)


def _order(state: State, oid: str) -> dict:
    o = state.orders[oid]
    lines = [[i + 1, line[0], state.performances[line[0]][0], line[1], line[2], line[3]] for i, line in enumerate(o[2])]
    total, discount = _total(o), _discount(state, o) if o[1] == "open" else 0.0
    return {"order_id": oid, "customer_id": o[0], "status": o[1], "lines": lines, "total": total, "voucher": o[3],
            "discount": discount, "to_pay": round(total - discount, 2), "paid": o[4]}


def _active_membership(state: State, cid: str) -> str | None:
    return next((mid for mid, m in sorted(state.memberships.items()) if m[0] == cid and m[2] == "active"), None)


def _membership(state: State, mid: str) -> dict:
    m = state.memberships[mid]
    return {"membership_id": mid, "customer_id": m[0], "name": state.customers[m[0]][0], "tier": m[1],
            "price": TIERS[m[1]][0], "status": m[2], "starts": m[3], "expires": m[4], "inducted": m[5]}


def _visit(state: State, vid: str) -> dict:
    v = state.visits[vid]
    invoice = next((iid for iid, i in sorted(state.invoices.items()) if i[0] == vid), None)
    return {"visit_id": vid, "school_id": v[0], "school": state.schools[v[0]][0], "date": v[1], "pupils": v[2],
            "year_group": v[3], "programme": v[4], "status": v[5], "adults": v[6], "risk_assessment": v[7],
            "invoice_id": invoice}


def _observation(state: State, oid: str) -> dict:
    o = state.observations[oid]
    return {"request_id": oid, "membership_id": o[0], "target": o[1], "filter": o[2], "exposure_s": o[3],
            "frames": o[4], "status": o[5], "night": o[6]}


def _date(value: Any) -> str | None:
    try:
        return _d(value).isoformat()
    except (TypeError, ValueError):
        return None


# --------------------------------------------------------------------------- sign-in and the public calls


def sign_in(state: State, username: str, password: str) -> dict:
    """Sign in to the observatory's API.

    Args:
        username: A staff user name, such as ``marisa.t``.
        password: The password.

    Returns:
        200 with the session: ``token`` (the bearer token for every call but the public ones), ``name`` and
        ``role`` (boxoffice, education, astronomer, membership or manager).
    """
    user = username.strip().lower() if isinstance(username, str) else ""
    s = state.staff.get(user)
    if s is None or s["password"] != password:
        return _refuse(401, "bad_credentials", "user name or password not recognised")
    token = f"tmo-{user.split('.')[0]}-{_next(state, 'token'):03d}"
    state.sessions[token] = {"user": user, "name": s["name"], "role": s["role"]}
    return _respond(200, {"token": token, "name": s["name"], "role": s["role"]})


@authorised()
def sign_out(state: State, token: str) -> dict:
    """End a session.

    Args:
        token: The bearer token.

    Returns:
        200 with a sentence naming who was signed out.
    """
    who = state.sessions.pop(token)
    return _respond(200, f"Signed out {who['name']} (session {token}).")


def whats_on(state: State, kind: ShowKind | None = None, date: str | None = None) -> dict:
    """What's on, as the website lists it (public).

    Args:
        kind: Only ``planetarium`` shows, ``observing`` evenings or a ``talk``.
        date: Only those on this day (YYYY-MM-DD).

    Returns:
        200 with each performance's ``performance_id``, ``title``, ``kind``, ``date``, ``time``, ``seats_left``,
        ``prices`` by ticket type and ``status`` (on_sale or called_off), in performance id order.
    """
    if kind is not None and kind not in PRICES:
        return _refuse(400, "bad_kind", f"kind is planetarium, observing or talk, not {kind!r}")
    if date is not None and _date(date) is None:
        return _refuse(400, "bad_date", f"date is YYYY-MM-DD, not {date!r}")
    return _respond(200, [_performance(state, pid) for pid, p in sorted(state.performances.items())
                          if (kind is None or p[1] == kind) and (date is None or p[2] == _date(date))])


def observing_forecast(date: str) -> dict:
    """The observing forecast for a night (public).

    Args:
        date: The night (YYYY-MM-DD).

    Returns:
        200 with the ``cloud_cover_pct``, ``seeing``, the ``moon`` and a ``verdict`` (good, marginal or poor).
    """
    day = _date(date)
    if day is None:
        return _refuse(400, "bad_date", f"date is YYYY-MM-DD, not {date!r}")
    if day not in FORECAST:
        return _refuse(404, "no_forecast", f"no forecast for {day} yet")
    cloud, seeing, moon = FORECAST[day]
    verdict = "good" if cloud < 40 else "marginal" if cloud < 70 else "poor"
    return _respond(200, {"date": day, "cloud_cover_pct": cloud, "seeing": seeing, "moon": moon, "verdict": verdict})


# --------------------------------------------------------------------------- customers


@authorised("boxoffice", "membership")
def find_customer(state: State, token: str, text: str) -> dict:
    """Find customers by part of their name, e-mail address or postcode.

    Args:
        token: The bearer token.
        text: What to look for.

    Returns:
        200 with each customer's ``customer_id``, ``name``, ``email`` and ``postcode``, in customer id order.
    """
    if _blank(text):
        return _refuse(400, "required", "text is required")
    needle = text.strip().lower()
    return _respond(200, [{"customer_id": cid, "name": c[0], "email": c[1], "postcode": c[3]}
                          for cid, c in sorted(state.customers.items())
                          if needle in c[0].lower() or needle in c[1].lower() or needle in c[3].lower()])


@authorised("boxoffice", "membership")
def register_customer(state: State, token: str, name: str, email: str, phone: str, postcode: str) -> dict:
    """Register a customer.

    Args:
        token: The bearer token.
        name: Full name, with a title.
        email: E-mail address (e-tickets go to it).
        phone: Phone number.
        postcode: Postcode.

    Returns:
        201 with the customer and a new ``customer_id``.
    """
    if _blank(name) or _blank(phone) or _blank(postcode):
        return _refuse(400, "required", "name, phone and postcode are required")
    if _blank(email) or "@" not in email:
        return _refuse(400, "bad_email", f"{email!r} is not an e-mail address")
    for cid, c in state.customers.items():
        if c[1].lower() == email.strip().lower():
            return _refuse(409, "duplicate", f"{email} is registered already to {c[0]} ({cid})")
    cid = f"CU-{_next(state, 'customer')}"
    state.customers[cid] = [name.strip(), email.strip(), phone.strip(), postcode.strip().upper()]
    return _respond(201, _customer(state, cid))


@authorised("boxoffice", "membership")
def update_customer(state: State, token: str, customer_id: str, email: str | None = None, phone: str | None = None,
                    postcode: str | None = None) -> dict:
    """Change a customer's contact details.

    Args:
        token: The bearer token.
        customer_id: The customer.
        email: A new e-mail address.
        phone: A new phone number.
        postcode: A new postcode.

    Returns:
        200 with the customer as now on file.
    """
    c = state.customers.get(customer_id) if isinstance(customer_id, str) else None
    if c is None:
        return _refuse(404, "not_found", f"no customer {customer_id}")
    new = list(c)
    if email is not None:
        if _blank(email) or "@" not in email:
            return _refuse(400, "bad_email", f"{email!r} is not an e-mail address")
        new[1] = email.strip()
    if phone is not None:
        if _blank(phone):
            return _refuse(400, "required", "phone may not be blank")
        new[2] = phone.strip()
    if postcode is not None:
        if _blank(postcode):
            return _refuse(400, "required", "postcode may not be blank")
        new[3] = postcode.strip().upper()
    if new == c:
        return _refuse(409, "no_change", f"those are {c[0]}'s details already")
    state.customers[customer_id] = new
    return _respond(200, _customer(state, customer_id))


@authorised("boxoffice", "membership")
def customer_record(state: State, token: str, customer_id: str) -> dict:
    """A customer's whole record.

    Args:
        token: The bearer token.
        customer_id: The customer.

    Returns:
        200 with the ``customer``; ``orders`` as rows ``[order_id, status, performance_ids, total]``;
        ``memberships`` as rows ``[membership_id, tier, status, expires]``; ``observations`` as rows
        ``[request_id, target, status]``.
    """
    if customer_id not in state.customers:
        return _refuse(404, "not_found", f"no customer {customer_id}")
    orders = [[oid, o[1], sorted({line[0] for line in o[2]}), _total(o)] for oid, o in sorted(state.orders.items())
              if o[0] == customer_id]
    mine = [mid for mid, m in sorted(state.memberships.items()) if m[0] == customer_id]
    memberships = [[mid, state.memberships[mid][1], state.memberships[mid][2], state.memberships[mid][4]]
                   for mid in mine]
    observations = [[oid, o[1], o[5]] for oid, o in sorted(state.observations.items()) if o[0] in mine]
    return _respond(200, {"customer": _customer(state, customer_id), "orders": orders, "memberships": memberships,
                          "observations": observations})


@authorised("boxoffice", "membership", "astronomer")
def message_customer(state: State, token: str, customer_id: str, subject: str, body: str) -> dict:
    """E-mail a customer.

    Args:
        token: The bearer token.
        customer_id: The customer.
        subject: The subject line.
        body: The message.

    Returns:
        202 with a sentence naming the message queued.
    """
    c = state.customers.get(customer_id) if isinstance(customer_id, str) else None
    if c is None:
        return _refuse(404, "not_found", f"no customer {customer_id}")
    if _blank(subject) or _blank(body):
        return _refuse(400, "required", "subject and body are required")
    mid = f"MSG-{_next(state, 'message')}"
    state.messages.append([mid, customer_id, subject.strip(), body.strip()])
    return _respond(202, f"Message {mid} queued for {c[0]} at {c[1]}.")


# --------------------------------------------------------------------------- orders


@authorised("boxoffice")
def create_order(state: State, token: str, customer_id: str) -> dict:
    """Open an order for a customer.

    Args:
        token: The bearer token.
        customer_id: The customer.

    Returns:
        201 with the order and a new ``order_id``, ``open`` and empty.
    """
    if customer_id not in state.customers:
        return _refuse(404, "not_found", f"no customer {customer_id}")
    oid = f"ORD-{_next(state, 'order')}"
    state.orders[oid] = [customer_id, "open", [], None, 0.0]
    return _respond(201, _order(state, oid))


@authorised("boxoffice")
def add_tickets(state: State, token: str, order_id: str, performance_id: str, ticket_type: TicketType,
                quantity: int) -> dict:
    """Add tickets for a performance to an open order.

    Args:
        token: The bearer token.
        order_id: The order.
        performance_id: The performance.
        ticket_type: ``adult``, ``child``, ``concession`` or ``member``.
        quantity: How many.

    Returns:
        200 with the order; its ``lines`` as rows ``[line, performance_id, title, ticket_type, quantity,
        unit_price]``.
    """
    o = state.orders.get(order_id) if isinstance(order_id, str) else None
    if o is None:
        return _refuse(404, "not_found", f"no order {order_id}")
    p = state.performances.get(performance_id) if isinstance(performance_id, str) else None
    if p is None:
        return _refuse(404, "not_found", f"no performance {performance_id}")
    kind = _value(ticket_type)
    if kind not in [t.value for t in TicketType]:
        return _refuse(400, "bad_ticket_type", f"ticket_type is adult, child, concession or member, not {kind!r}")
    if isinstance(quantity, bool) or not isinstance(quantity, int) or not 1 <= quantity <= 10:
        return _refuse(400, "bad_quantity", f"quantity is 1 to 10, not {quantity!r}")
    if o[1] != "open":
        return _refuse(409, "not_open", f"{order_id} is {o[1]}")
    if p[5] != "on_sale":
        return _refuse(409, "not_on_sale", f"{performance_id} is {p[5]}")
    if (p[2], p[3]) <= (TODAY, NOW):
        return _refuse(409, "started", f"{performance_id} has started")
    if _seats_left(state, performance_id) < quantity:
        return _refuse(409, "sold_out", f"{performance_id} has {_seats_left(state, performance_id)} seats left")
    if kind == "member":
        mid = _active_membership(state, o[0])
        if mid is None:
            return _refuse(422, "no_membership", f"member tickets need an active membership; "
                                                 f"{state.customers[o[0]][0]} has none")
        allowed = TIERS[state.memberships[mid][1]][1]
        have = sum(line[2] for line in o[2] if line[0] == performance_id and line[1] == "member")
        if have + quantity > allowed:
            return _refuse(422, "member_limit", f"a {state.memberships[mid][1]} membership buys {allowed} member "
                                                "tickets a performance")
    o[2].append([performance_id, kind, quantity, PRICES[p[1]][kind]])
    return _respond(200, _order(state, order_id))


@authorised("boxoffice")
def apply_voucher(state: State, token: str, order_id: str, voucher_code: str) -> dict:
    """Put a gift voucher against an open order; its balance comes off the order when it is paid.

    Args:
        token: The bearer token.
        order_id: The order.
        voucher_code: The voucher's code.

    Returns:
        200 with the order, its ``discount`` and what is left ``to_pay``.
    """
    o = state.orders.get(order_id) if isinstance(order_id, str) else None
    if o is None:
        return _refuse(404, "not_found", f"no order {order_id}")
    v = state.vouchers.get(voucher_code) if isinstance(voucher_code, str) else None
    if v is None:
        return _refuse(404, "not_found", f"no gift voucher {voucher_code}")
    if o[1] != "open":
        return _refuse(409, "not_open", f"{order_id} is {o[1]}")
    if o[3] == voucher_code:
        return _refuse(409, "already", f"{voucher_code} is on {order_id} already")
    if o[3] is not None:
        return _refuse(409, "one_voucher", f"{order_id} has {o[3]} on it; an order takes one voucher")
    if v[1] <= 0:
        return _refuse(409, "spent", f"{voucher_code} is spent")
    if v[3] < TODAY:
        return _refuse(409, "expired", f"{voucher_code} expired on {v[3]}")
    o[3] = voucher_code
    return _respond(200, _order(state, order_id))


@authorised("boxoffice")
def pay_order(state: State, token: str, order_id: str, amount: float, method: Method) -> dict:
    """Take payment for an open order (what is left once any voucher is taken off).

    Args:
        token: The bearer token.
        order_id: The order.
        amount: The amount paid in pounds.
        method: ``card`` or ``cash``.

    Returns:
        200 with the order, ``paid``.
    """
    o = state.orders.get(order_id) if isinstance(order_id, str) else None
    if o is None:
        return _refuse(404, "not_found", f"no order {order_id}")
    if method not in ("card", "cash"):
        return _refuse(400, "bad_method", f"method is card or cash, not {method!r}")
    if o[1] != "open":
        return _refuse(409, "not_open", f"{order_id} is {o[1]}" + (" already" if o[1] in ("paid", "issued") else ""))
    if not o[2]:
        return _refuse(409, "empty_order", f"{order_id} has no tickets to pay for")
    due = round(_total(o) - _discount(state, o), 2)
    if not _amount(amount) or abs(float(amount) - due) > 0.005:
        return _refuse(422, "wrong_amount", f"{order_id} comes to {due:.2f}, not {amount!r}")
    if o[3] is not None:
        state.vouchers[o[3]][1] = round(state.vouchers[o[3]][1] - _discount(state, o), 2)
    o[1], o[4] = "paid", due
    return _respond(200, _order(state, order_id))


@authorised("boxoffice")
def issue_tickets(state: State, token: str, order_id: str) -> dict:
    """Issue the e-tickets of a paid order (they go to the customer's e-mail address).

    Args:
        token: The bearer token.
        order_id: The order.

    Returns:
        200 with the ``order_id`` and its ``tickets`` as rows ``[ticket_ref, performance_id, ticket_type]``.
    """
    o = state.orders.get(order_id) if isinstance(order_id, str) else None
    if o is None:
        return _refuse(404, "not_found", f"no order {order_id}")
    if o[1] == "issued":
        return _refuse(409, "already", f"the tickets for {order_id} were issued already")
    if o[1] != "paid":
        return _refuse(409, "not_paid", f"{order_id} is {o[1]}; tickets are issued once it is paid")
    rows = []
    for line in o[2]:
        for _ in range(line[2]):
            rows.append([f"TK-{_next(state, 'ticket')}", line[0], line[1]])
    state.tickets[order_id] = rows
    o[1] = "issued"
    return _respond(200, {"order_id": order_id, "email": state.customers[o[0]][1], "tickets": rows})


@authorised("boxoffice")
def orders(state: State, token: str, status: OrderStatus | None = None, performance_id: str | None = None) -> dict:
    """The orders, in order id order.

    Args:
        token: The bearer token.
        status: Only those ``open``, ``paid``, ``issued`` or ``cancelled``.
        performance_id: Only those with tickets for this performance.

    Returns:
        200 with each order as ``create_order`` gives it.
    """
    want = _value(status)
    if want is not None and want not in [s.value for s in OrderStatus]:
        return _refuse(400, "bad_status", f"status is open, paid, issued or cancelled, not {want!r}")
    return _respond(200, [_order(state, oid) for oid, o in sorted(state.orders.items())
                          if (want is None or o[1] == want)
                          and (performance_id is None or any(line[0] == performance_id for line in o[2]))])


@authorised("boxoffice")
def cancel_order(state: State, token: str, order_id: str, reason: str) -> dict:
    """Cancel a paid order before its performances and refund it (a voucher's part goes back on the voucher).

    Args:
        token: The bearer token.
        order_id: The order.
        reason: Why.

    Returns:
        200 with a sentence naming the order and the refund.
    """
    o = state.orders.get(order_id) if isinstance(order_id, str) else None
    if o is None:
        return _refuse(404, "not_found", f"no order {order_id}")
    if _blank(reason):
        return _refuse(400, "required", "reason is required")
    if o[1] == "cancelled":
        return _refuse(409, "already", f"{order_id} is cancelled already")
    if o[1] == "open":
        return _refuse(409, "not_paid", f"{order_id} is open; only a paid order is cancelled and refunded")
    if any((state.performances[line[0]][2], state.performances[line[0]][3]) <= (TODAY, NOW) for line in o[2]):
        return _refuse(409, "started", f"a performance on {order_id} has started")
    back = round(_total(o) - o[4], 2)
    if o[3] is not None and back > 0:
        state.vouchers[o[3]][1] = round(state.vouchers[o[3]][1] + back, 2)
    o[1] = "cancelled"
    state.tickets.pop(order_id, None)
    extra = f" and {back:.2f} put back on {o[3]}" if o[3] is not None and back > 0 else ""
    return _respond(200, f"Order {order_id} cancelled; {o[4]:.2f} refunded to the customer's card{extra}.")


@authorised("boxoffice")
def sell_gift_voucher(state: State, token: str, value: float, purchaser: str, method: Method) -> dict:
    """Sell a gift voucher, valid for a year.

    Args:
        token: The bearer token.
        value: Its value in pounds.
        purchaser: Who is buying it.
        method: ``card`` or ``cash``.

    Returns:
        201 with the ``voucher_code``, ``value``, ``balance`` and ``expires``.
    """
    if method not in ("card", "cash"):
        return _refuse(400, "bad_method", f"method is card or cash, not {method!r}")
    if _blank(purchaser):
        return _refuse(400, "required", "purchaser is required")
    if not _amount(value) or not 10 <= value <= 200 or abs(value / 5 - round(value / 5)) > 1e-9:
        return _refuse(400, "bad_value", f"gift vouchers are sold in fives from 10 to 200 pounds, not {value!r}")
    code = f"GV-{_next(state, 'voucher')}"
    expires = (_d(TODAY) + datetime.timedelta(days=365)).isoformat()
    state.vouchers[code] = [float(value), float(value), purchaser.strip(), expires]
    return _respond(201, {"voucher_code": code, "value": float(value), "balance": float(value), "expires": expires})


@authorised("astronomer")
def call_off_evening(state: State, token: str, performance_id: str, reason: str) -> dict:
    """Call off an observing evening (for cloud, mostly); its orders may then be moved to another evening.

    Args:
        token: The bearer token.
        performance_id: The observing evening.
        reason: Why.

    Returns:
        200 with the performance, ``called_off``, and the ``orders`` on it.
    """
    p = state.performances.get(performance_id) if isinstance(performance_id, str) else None
    if p is None:
        return _refuse(404, "not_found", f"no performance {performance_id}")
    if _blank(reason):
        return _refuse(400, "required", "reason is required")
    if p[1] != "observing":
        return _refuse(409, "not_observing", f"{performance_id} is a {p[1]}; only an observing evening is called off")
    if p[5] == "called_off":
        return _refuse(409, "already", f"{performance_id} is called off already")
    if p[2] < TODAY:
        return _refuse(409, "past", f"{performance_id} was on {p[2]}")
    p[5] = "called_off"
    on_it = [oid for oid, o in sorted(state.orders.items())
             if o[1] in ("paid", "issued") and any(line[0] == performance_id for line in o[2])]
    return _respond(200, {**_performance(state, performance_id), "orders": on_it})


@authorised("boxoffice")
def rebook_order(state: State, token: str, order_id: str, performance_id: str) -> dict:
    """Move a paid order from an observing evening that was called off to another observing evening.

    Args:
        token: The bearer token.
        order_id: The order.
        performance_id: The observing evening to move it to.

    Returns:
        200 with the order on its new evening.
    """
    o = state.orders.get(order_id) if isinstance(order_id, str) else None
    if o is None:
        return _refuse(404, "not_found", f"no order {order_id}")
    p = state.performances.get(performance_id) if isinstance(performance_id, str) else None
    if p is None:
        return _refuse(404, "not_found", f"no performance {performance_id}")
    if o[1] not in ("paid", "issued"):
        return _refuse(409, "not_paid", f"{order_id} is {o[1]}")
    off = [line for line in o[2] if state.performances[line[0]][5] == "called_off"]
    if not off:
        return _refuse(409, "not_called_off", f"no evening on {order_id} was called off")
    if p[1] != "observing" or p[5] != "on_sale":
        return _refuse(409, "not_available", f"{performance_id} is not an observing evening on sale")
    if any(line[0] == performance_id for line in o[2]):
        return _refuse(409, "already", f"{order_id} is on {performance_id} already")
    need = sum(line[2] for line in off)
    if _seats_left(state, performance_id) < need:
        return _refuse(409, "sold_out", f"{performance_id} has {_seats_left(state, performance_id)} seats left")
    for line in off:
        line[0] = performance_id
    if o[1] == "issued":
        state.tickets[order_id] = [[t[0], performance_id, t[2]] for t in state.tickets.get(order_id, [])]
    return _respond(200, _order(state, order_id))


# --------------------------------------------------------------------------- schools


@authorised("education")
def find_school(state: State, token: str, text: str) -> dict:
    """Find schools by part of their name or their URN.

    Args:
        token: The bearer token.
        text: What to look for.

    Returns:
        200 with each school's ``school_id``, ``name``, ``urn`` and ``contact``, in school id order.
    """
    if _blank(text):
        return _refuse(400, "required", "text is required")
    needle = text.strip().lower()
    return _respond(200, [{"school_id": sid, "name": s[0], "urn": s[1], "contact": s[2]}
                          for sid, s in sorted(state.schools.items()) if needle in s[0].lower() or needle == s[1]])


@authorised("education")
def register_school(state: State, token: str, name: str, urn: str, contact: str, email: str, phone: str) -> dict:
    """Register a school.

    Args:
        token: The bearer token.
        name: The school's name.
        urn: Its unique reference number (six digits).
        contact: The teacher who arranges visits.
        email: Their e-mail address.
        phone: The school's phone number.

    Returns:
        201 with the school and a new ``school_id``.
    """
    if _blank(name) or _blank(contact) or _blank(phone):
        return _refuse(400, "required", "name, contact and phone are required")
    if not isinstance(urn, str) or not (urn.strip().isdigit() and len(urn.strip()) == 6):
        return _refuse(400, "bad_urn", f"urn is the school's six-digit reference, not {urn!r}")
    if _blank(email) or "@" not in email:
        return _refuse(400, "bad_email", f"{email!r} is not an e-mail address")
    for sid, s in state.schools.items():
        if s[1] == urn.strip():
            return _refuse(409, "duplicate", f"URN {urn} is registered already as {s[0]} ({sid})")
    sid = f"SCH-{_next(state, 'school')}"
    state.schools[sid] = [name.strip(), urn.strip(), contact.strip(), email.strip(), phone.strip()]
    return _respond(201, {"school_id": sid, "name": name.strip(), "urn": urn.strip(), "contact": contact.strip(),
                          "email": email.strip(), "phone": phone.strip()})


@authorised("education")
def request_school_visit(state: State, token: str, school_id: str, date: str, pupils: int, year_group: str,
                         programme: Programme) -> dict:
    """Take a school's request for a visit (a planetarium show and a workshop).

    Args:
        token: The bearer token.
        school_id: The school.
        date: The day (YYYY-MM-DD).
        pupils: How many pupils.
        year_group: Their year group, such as ``Year 5``.
        programme: ``solar_system``, ``moon_landing``, ``stars_and_galaxies`` or ``space_weather``.

    Returns:
        201 with the visit and a new ``visit_id``, ``requested``.
    """
    if school_id not in state.schools:
        return _refuse(404, "not_found", f"no school {school_id}")
    day = _date(date)
    if day is None:
        return _refuse(400, "bad_date", f"date is YYYY-MM-DD, not {date!r}")
    if programme not in ("solar_system", "moon_landing", "stars_and_galaxies", "space_weather"):
        return _refuse(400, "bad_programme", f"programme is solar_system, moon_landing, stars_and_galaxies or "
                                             f"space_weather, not {programme!r}")
    if _blank(year_group):
        return _refuse(400, "required", "year_group is required")
    if isinstance(pupils, bool) or not isinstance(pupils, int) or not 10 <= pupils <= 90:
        return _refuse(400, "bad_pupils", f"a visit is for 10 to 90 pupils, not {pupils!r}")
    if _d(day).weekday() not in (1, 2, 3, 4):
        return _refuse(422, "bad_day", f"{day} is a {_d(day).strftime('%A')}; schools visit Tuesday to Friday")
    if (_d(day) - _d(TODAY)).days < 14:
        return _refuse(422, "too_soon", "a school visit is booked at least 14 days ahead")
    if any(v[1] == day for v in state.visits.values()):
        return _refuse(409, "taken", f"{day} has a school visit already")
    vid = f"SV-{_next(state, 'visit')}"
    state.visits[vid] = [school_id, day, pupils, year_group.strip(), programme, "requested", None, None]
    return _respond(201, _visit(state, vid))


@authorised("education")
def school_visits(state: State, token: str, status: VisitStatus | None = None) -> dict:
    """The school visits, in visit id order.

    Args:
        token: The bearer token.
        status: Only those ``requested``, ``details_received`` or ``confirmed``.

    Returns:
        200 with each visit's id, school, date, pupils, year group, programme, status, adults, risk assessment and
        ``invoice_id`` once invoiced.
    """
    want = _value(status)
    if want is not None and want not in [s.value for s in VisitStatus]:
        return _refuse(400, "bad_status", f"status is requested, details_received or confirmed, not {want!r}")
    return _respond(200, [_visit(state, vid) for vid, v in sorted(state.visits.items())
                          if want is None or v[5] == want])


@authorised("education")
def record_visit_details(state: State, token: str, visit_id: str, adults: int, risk_assessment: str,
                         access_needs: str | None = None) -> dict:
    """Record the adults coming with a school and the reference of its risk assessment.

    Args:
        token: The bearer token.
        visit_id: The visit.
        adults: How many adults come with the pupils.
        risk_assessment: The school's risk assessment reference.
        access_needs: Any access needs, if any.

    Returns:
        200 with the visit, ``details_received``.
    """
    v = state.visits.get(visit_id) if isinstance(visit_id, str) else None
    if v is None:
        return _refuse(404, "not_found", f"no school visit {visit_id}")
    if _blank(risk_assessment):
        return _refuse(400, "required", "risk_assessment is required")
    if isinstance(adults, bool) or not isinstance(adults, int) or adults < 1:
        return _refuse(400, "bad_adults", f"adults is a number of at least 1, not {adults!r}")
    if v[5] == "confirmed":
        return _refuse(409, "confirmed", f"{visit_id} is confirmed already")
    need = math.ceil(v[2] / 10)
    if adults < need:
        return _refuse(422, "ratio", f"{v[2]} pupils come with at least {need} adults, one to ten pupils")
    if v[6] == adults and v[7] == risk_assessment.strip():
        return _refuse(409, "no_change", f"those are {visit_id}'s details already")
    v[5], v[6], v[7] = "details_received", adults, risk_assessment.strip()
    return _respond(200, _visit(state, visit_id))


@authorised("education")
def confirm_school_visit(state: State, token: str, visit_id: str) -> dict:
    """Confirm a school visit once its adults and risk assessment are in.

    Args:
        token: The bearer token.
        visit_id: The visit.

    Returns:
        200 with the visit, ``confirmed``.
    """
    v = state.visits.get(visit_id) if isinstance(visit_id, str) else None
    if v is None:
        return _refuse(404, "not_found", f"no school visit {visit_id}")
    if v[5] == "confirmed":
        return _refuse(409, "already", f"{visit_id} is confirmed already")
    if v[5] != "details_received":
        return _refuse(409, "no_details", f"{visit_id} is {v[5]}; a visit is confirmed once the adults and the risk "
                                          "assessment are in")
    v[5] = "confirmed"
    return _respond(200, _visit(state, visit_id))


@authorised("education")
def invoice_school_visit(state: State, token: str, visit_id: str) -> dict:
    """Invoice a confirmed school visit (the adults come free).

    Args:
        token: The bearer token.
        visit_id: The visit.

    Returns:
        201 with the ``invoice_id``, the visit and the ``amount``.
    """
    v = state.visits.get(visit_id) if isinstance(visit_id, str) else None
    if v is None:
        return _refuse(404, "not_found", f"no school visit {visit_id}")
    if v[5] != "confirmed":
        return _refuse(409, "not_confirmed", f"{visit_id} is {v[5]}; a visit is invoiced once confirmed")
    if any(i[0] == visit_id for i in state.invoices.values()):
        return _refuse(409, "already", f"{visit_id} is invoiced already")
    iid = f"INV-{_next(state, 'invoice')}"
    amount = round(v[2] * PUPIL_PRICE, 2)
    state.invoices[iid] = [visit_id, amount, 0.0]
    return _respond(201, {"invoice_id": iid, "visit_id": visit_id, "school": state.schools[v[0]][0],
                          "amount": amount, "due": (_d(v[1]) - datetime.timedelta(days=7)).isoformat()})


@authorised("education")
def record_invoice_payment(state: State, token: str, invoice_id: str, amount: float, reference: str) -> dict:
    """Record a school's payment of an invoice.

    Args:
        token: The bearer token.
        invoice_id: The invoice.
        amount: The amount paid in pounds.
        reference: The payment's reference.

    Returns:
        200 with the balance left on the invoice, as plain text (such as ``0.00``).
    """
    i = state.invoices.get(invoice_id) if isinstance(invoice_id, str) else None
    if i is None:
        return _refuse(404, "not_found", f"no invoice {invoice_id}")
    if _blank(reference):
        return _refuse(400, "required", "reference is required")
    left = round(i[1] - i[2], 2)
    if left <= 0:
        return _refuse(409, "paid", f"{invoice_id} is paid already")
    if not _amount(amount) or not 0 < amount <= left + 0.005:
        return _refuse(422, "wrong_amount", f"{invoice_id} has {left:.2f} to pay, not {amount!r}")
    i[2] = round(i[2] + float(amount), 2)
    return _respond(200, f"{max(i[1] - i[2], 0.0):.2f}")


# --------------------------------------------------------------------------- membership and the remote telescope


@authorised("membership")
def join_membership(state: State, token: str, customer_id: str, tier: Tier) -> dict:
    """Enrol a customer as a member; the membership starts once the subscription is paid.

    Args:
        token: The bearer token.
        customer_id: The customer.
        tier: ``stargazer``, ``family`` or ``astronomer``.

    Returns:
        201 with the membership and a new ``membership_id``, ``pending_payment``, and its price.
    """
    if customer_id not in state.customers:
        return _refuse(404, "not_found", f"no customer {customer_id}")
    if tier not in TIERS:
        return _refuse(400, "bad_tier", f"tier is stargazer, family or astronomer, not {tier!r}")
    for mid, m in state.memberships.items():
        if m[0] == customer_id and m[2] in ("active", "pending_payment"):
            return _refuse(409, "already", f"{state.customers[customer_id][0]} has {mid} ({m[2]}) already")
    mid = f"MEM-{_next(state, 'membership')}"
    state.memberships[mid] = [customer_id, tier, "pending_payment", None, None, None]
    return _respond(201, _membership(state, mid))


@authorised("membership")
def pay_membership(state: State, token: str, membership_id: str, amount: float, method: Method) -> dict:
    """Take a membership's subscription; it runs for a year from today.

    Args:
        token: The bearer token.
        membership_id: The membership.
        amount: The amount paid in pounds.
        method: ``card`` or ``cash``.

    Returns:
        200 with the membership, ``active``.
    """
    m = state.memberships.get(membership_id) if isinstance(membership_id, str) else None
    if m is None:
        return _refuse(404, "not_found", f"no membership {membership_id}")
    if method not in ("card", "cash"):
        return _refuse(400, "bad_method", f"method is card or cash, not {method!r}")
    if m[2] != "pending_payment":
        return _refuse(409, "already", f"{membership_id} is {m[2]} already")
    price = TIERS[m[1]][0]
    if not _amount(amount) or abs(float(amount) - price) > 0.005:
        return _refuse(422, "wrong_amount", f"a {m[1]} membership is {price:.2f}, not {amount!r}")
    m[2], m[3] = "active", TODAY
    m[4] = (_d(TODAY) + datetime.timedelta(days=365)).isoformat()
    return _respond(200, _membership(state, membership_id))


@authorised("membership", "astronomer")
def memberships(state: State, token: str, status: MembershipStatus | None = None) -> dict:
    """The memberships, in membership id order.

    Args:
        token: The bearer token.
        status: Only those ``pending_payment``, ``active`` or ``lapsed``.

    Returns:
        200 with each membership's id, customer, name, tier, price, status, start, expiry and induction date.
    """
    if status is not None and status not in ("pending_payment", "active", "lapsed"):
        return _refuse(400, "bad_status", f"status is pending_payment, active or lapsed, not {status!r}")
    return _respond(200, [_membership(state, mid) for mid, m in sorted(state.memberships.items())
                          if status is None or m[2] == status])


@authorised("astronomer")
def record_induction(state: State, token: str, membership_id: str, notes: str) -> dict:
    """Record a member's induction onto the remote telescope.

    Args:
        token: The bearer token.
        membership_id: The membership.
        notes: What was covered.

    Returns:
        200 with the membership and the day it was ``inducted``.
    """
    m = state.memberships.get(membership_id) if isinstance(membership_id, str) else None
    if m is None:
        return _refuse(404, "not_found", f"no membership {membership_id}")
    if _blank(notes):
        return _refuse(400, "required", "notes is required")
    if m[5] is not None:
        return _refuse(409, "already", f"{membership_id} was inducted on {m[5]}")
    if m[2] != "active":
        return _refuse(409, "not_active", f"{membership_id} is {m[2]}")
    if m[1] != "astronomer":
        return _refuse(422, "tier", f"the remote telescope is for the astronomer tier; {membership_id} is {m[1]}")
    m[5] = TODAY
    return _respond(200, _membership(state, membership_id))


@authorised("astronomer", "membership")
def telescope_targets(state: State, token: str) -> dict:
    """The remote telescope's target list.

    Args:
        token: The bearer token.

    Returns:
        200 with each target's ``code``, ``name``, ``kind`` and the ``best_months`` to image it.
    """
    return _respond(200, [{"code": c, "name": n, "kind": k, "best_months": b} for c, n, k, b in TARGETS])


@authorised("astronomer", "membership")
def request_observation(state: State, token: str, membership_id: str, target: str, filter: Filter, exposure_s: int,
                        frames: int) -> dict:
    """Queue a member's request for remote telescope images.

    Args:
        token: The bearer token.
        membership_id: The member's membership.
        target: The target's code.
        filter: ``L``, ``R``, ``G``, ``B``, ``Ha`` or ``OIII``.
        exposure_s: Seconds an exposure.
        frames: How many exposures.

    Returns:
        201 with the request and a new ``request_id``, ``queued``.
    """
    m = state.memberships.get(membership_id) if isinstance(membership_id, str) else None
    if m is None:
        return _refuse(404, "not_found", f"no membership {membership_id}")
    if not any(t[0] == target for t in TARGETS):
        return _refuse(404, "no_target", f"no target {target!r} on the telescope's list")
    if filter not in ("L", "R", "G", "B", "Ha", "OIII"):
        return _refuse(400, "bad_filter", f"filter is L, R, G, B, Ha or OIII, not {filter!r}")
    if isinstance(exposure_s, bool) or not isinstance(exposure_s, int) or not 10 <= exposure_s <= 600:
        return _refuse(400, "bad_exposure", f"an exposure is 10 to 600 seconds, not {exposure_s!r}")
    if isinstance(frames, bool) or not isinstance(frames, int) or not 1 <= frames <= 60:
        return _refuse(400, "bad_frames", f"frames is 1 to 60, not {frames!r}")
    if m[2] != "active":
        return _refuse(409, "not_active", f"{membership_id} is {m[2]}")
    if m[1] != "astronomer":
        return _refuse(422, "tier", f"the remote telescope is for the astronomer tier; {membership_id} is {m[1]}")
    if m[5] is None:
        return _refuse(422, "no_induction", f"{state.customers[m[0]][0]} has not been inducted onto the telescope")
    oid = f"OBS-{_next(state, 'observation')}"
    state.observations[oid] = [membership_id, target, filter, exposure_s, frames, "queued", None]
    return _respond(201, _observation(state, oid))


@authorised("astronomer")
def observation_queue(state: State, token: str, status: ObservationStatus | None = None) -> dict:
    """The remote telescope's requests, in request id order.

    Args:
        token: The bearer token.
        status: Only those ``queued``, ``scheduled``, ``observed`` or ``delivered``.

    Returns:
        200 with each request's id, membership, target, filter, exposure, frames, status and night.
    """
    if status is not None and status not in ("queued", "scheduled", "observed", "delivered"):
        return _refuse(400, "bad_status", f"status is queued, scheduled, observed or delivered, not {status!r}")
    return _respond(200, [_observation(state, oid) for oid, o in sorted(state.observations.items())
                          if status is None or o[5] == status])


@authorised("astronomer")
def schedule_observation(state: State, token: str, request_id: str, night: str) -> dict:
    """Schedule a queued request for a night in the next 30.

    Args:
        token: The bearer token.
        request_id: The request.
        night: The night (YYYY-MM-DD).

    Returns:
        200 with the request, ``scheduled``.
    """
    o = state.observations.get(request_id) if isinstance(request_id, str) else None
    if o is None:
        return _refuse(404, "not_found", f"no observation request {request_id}")
    day = _date(night)
    if day is None or not 0 <= (_d(day) - _d(TODAY)).days <= 30:
        return _refuse(400, "bad_night", f"night is a date in the next 30 days, not {night!r}")
    if o[5] != "queued":
        return _refuse(409, "not_queued", f"{request_id} is {o[5]}")
    o[5], o[6] = "scheduled", day
    return _respond(200, _observation(state, request_id))


@authorised("astronomer")
def record_observation_result(state: State, token: str, request_id: str, outcome: Outcome, frames_taken: int) -> dict:
    """Record how a scheduled night went: observed, or clouded out and back in the queue.

    Args:
        token: The bearer token.
        request_id: The request.
        outcome: ``observed`` or ``clouded_out``.
        frames_taken: How many frames were taken.

    Returns:
        200 with the request, ``observed`` or ``queued`` again.
    """
    o = state.observations.get(request_id) if isinstance(request_id, str) else None
    if o is None:
        return _refuse(404, "not_found", f"no observation request {request_id}")
    if outcome not in ("observed", "clouded_out"):
        return _refuse(400, "bad_outcome", f"outcome is observed or clouded_out, not {outcome!r}")
    if isinstance(frames_taken, bool) or not isinstance(frames_taken, int) or frames_taken < 0:
        return _refuse(400, "bad_frames", f"frames_taken is a number of at least 0, not {frames_taken!r}")
    if o[5] != "scheduled":
        return _refuse(409, "not_scheduled", f"{request_id} is {o[5]}; a result is recorded for a scheduled night")
    if outcome == "observed" and frames_taken == 0:
        return _refuse(422, "no_frames", "an observed night has at least one frame")
    o[5] = "observed" if outcome == "observed" else "queued"
    if outcome == "clouded_out":
        o[6] = None
    return _respond(200, {**_observation(state, request_id), "frames_taken": frames_taken})


@authorised("astronomer")
def deliver_images(state: State, token: str, request_id: str) -> dict:
    """Send an observed request's calibrated images to the member.

    Args:
        token: The bearer token.
        request_id: The request.

    Returns:
        200 with a sentence naming the request and where the images went.
    """
    o = state.observations.get(request_id) if isinstance(request_id, str) else None
    if o is None:
        return _refuse(404, "not_found", f"no observation request {request_id}")
    if o[5] == "delivered":
        return _refuse(409, "already", f"the images for {request_id} were delivered already")
    if o[5] != "observed":
        return _refuse(409, "not_observed", f"{request_id} is {o[5]}; images are delivered once observed")
    o[5] = "delivered"
    c = state.customers[state.memberships[o[0]][0]]
    return _respond(200, f"Images for {request_id} ({o[1]}, {o[4]} x {o[3]} s, {o[2]}) sent to {c[0]} at {c[1]}.")


TOOLS = [
    sign_in, sign_out, whats_on, observing_forecast, find_customer, register_customer, update_customer,
    customer_record, message_customer, create_order, add_tickets, apply_voucher, pay_order, issue_tickets, orders,
    cancel_order, sell_gift_voucher, call_off_evening, rebook_order, find_school, register_school,
    request_school_visit, school_visits, record_visit_details, confirm_school_visit, invoice_school_visit,
    record_invoice_payment, join_membership, pay_membership, memberships, record_induction, telescope_targets,
    request_observation, observation_queue, schedule_observation, record_observation_result, deliver_images,
]

FIXTURES = {
    "observatory": {"name": "Tallowmoor Observatory and Planetarium",
                    "today": "Thursday 14 February 2036, ten in the morning"},
    "staff": [
        {"name": "Marisa Tregenza", "role": "box office", "username": "marisa.t", "password": "Dome-Seat-41"},
        {"name": "Tegwen Maplin", "role": "box office", "username": "tegwen.m", "password": "Ticket-Stub-6"},
        {"name": "Lysander Averill", "role": "education officer", "username": "lysander.a",
         "password": "Class-Trip-29"},
        {"name": "Dr Oksana Hrytsenko", "role": "duty astronomer", "username": "oksana.h",
         "password": "Seeing-Two-88"},
        {"name": "Wendell Strachan", "role": "membership desk", "username": "wendell.s", "password": "Member-Card-13"},
        {"name": "Leonie Bartram", "role": "manager", "username": "leonie.b", "password": "Orrery-Hall-5"},
    ],
    "new_customer": {
        "name": "Ms Philomena Garrow", "email": "philomena.garrow@example.com", "phone": "07700 900566",
        "postcode": "TM3 5PG",
        "wants": "to join as an astronomer member, 120 pounds by card; her induction on the remote telescope with "
                 "Dr Hrytsenko this afternoon; images of the Orion Nebula, 20 frames of 300 seconds through the "
                 "hydrogen-alpha filter, on the night of Saturday 16 February; and two member tickets for the Winter "
                 "Stargazing evening on Thursday 21 February, paid by card",
    },
    "new_school": {
        "name": "Harebell Primary School", "urn": "118832", "contact": "Mrs Felicity Nightingale",
        "email": "f.nightingale@harebell.example.sch.uk", "phone": "01632 960377",
        "wants": "a space weather visit for 58 Year 6 pupils on Thursday 13 March 2036; six adults are coming and "
                 "the risk assessment is HPS-RA-2036-07; the school pays its invoice by BACS, reference BACS HPS 0313",
    },
    "notes": [
        "Tonight's Stargazing for Two is to be called off: the forecast is 90 per cent cloud",
        "Ms Trelawney would like her Stargazing for Two tickets moved to the Winter Stargazing evening on Saturday "
        "16 February",
        "Mrs Quillon's son, Mr Jago Quillon, is buying her a 20-pound gift voucher by card towards her Valentine's "
        "Night Sky tickets; she pays the rest by card",
        "Mr Ashgrove is paying his family membership, 80 pounds by card, and wants two member tickets for Saturday "
        "afternoon's Black Holes show",
        "Dr Ketley had her telescope induction last night and would like the Rosette Nebula: 15 frames of 300 "
        "seconds through the OIII filter",
        "Dr Ketley's students have bought her a 10-pound gift voucher for two adult tickets to the comet talk",
        "Mr Dunstable's Orion Nebula request is to go on the telescope on the night of 16 February",
        "Last night's Rosette Nebula run for Mr Dunstable was observed: all 10 frames",
        "Mr Dunstable's Andromeda images are ready to send",
        "Mr Dunstable cannot come to Saturday's Winter Stargazing; cancel his ticket",
        "Mr Dunstable's e-mail address is now leofric@dunstable.example.com",
        "St Cuthman's have sent the details for their Year 5 visit: 6 adults, risk assessment SCP-RA-31",
        "St Cuthman's would also like a Year 6 visit, 30 pupils, on Wednesday 12 March, the moon landing programme",
        "Merlin Brook Academy's Year 7 visit can be confirmed",
        "St Cuthman's Year 3 visit on 18 March is confirmed and ready to invoice",
        "Merlin Brook Academy have paid for their February visit: 182 pounds, reference BACS MBA 4471",
    ],
}

# --------------------------------------------------------------------------- the designed prerequisites

_TOKEN = "auth: bearer token (token of sign_in's body)"
PUBLIC = ("sign_in", "whats_on", "observing_forecast")
TOKEN_CONSUMERS = [t.__name__ for t in TOOLS if t.__name__ not in PUBLIC]
CUSTOMER_CONSUMERS = ["update_customer", "customer_record", "message_customer", "create_order", "join_membership"]
ORDER_CONSUMERS = ["add_tickets", "apply_voucher", "pay_order", "issue_tickets", "cancel_order", "rebook_order"]
VISIT_CONSUMERS = ["record_visit_details", "confirm_school_visit", "invoice_school_visit"]
MEMBERSHIP_CONSUMERS = ["pay_membership", "record_induction", "request_observation"]
OBSERVATION_CONSUMERS = ["schedule_observation", "record_observation_result", "deliver_images"]
_CUSTOMER = "id lookup/create: customer (customer_id of register_customer, or of a find_customer entry)"
_ORDER = "id lookup/create: order (order_id of create_order, or of an orders entry)"
_PERFORMANCE = "id lookup: performance (performance_id of a whats_on entry)"
_VISIT = "id lookup/create: school visit (visit_id of request_school_visit, or of a school_visits entry)"
_MEMBERSHIP = "id lookup/create: membership (membership_id of join_membership, or of a memberships entry)"
_OBSERVATION = ("id lookup/create: observation request (request_id of request_observation, or of an "
                "observation_queue entry)")
_MEMBER = "payment: an active (paid) membership"

GROUND_TRUTH = (
    [("sign_in", c, _TOKEN) for c in TOKEN_CONSUMERS]
    + [("register_customer|find_customer", c, _CUSTOMER) for c in CUSTOMER_CONSUMERS]
    + [("create_order|orders", c, _ORDER) for c in ORDER_CONSUMERS]
    + [("whats_on", c, _PERFORMANCE) for c in ("add_tickets", "call_off_evening", "rebook_order")]
    + [("request_school_visit|school_visits", c, _VISIT) for c in VISIT_CONSUMERS]
    + [("join_membership|memberships", c, _MEMBERSHIP) for c in MEMBERSHIP_CONSUMERS]
    + [("request_observation|observation_queue", c, _OBSERVATION) for c in OBSERVATION_CONSUMERS]
    + [("pay_membership", c, _MEMBER) for c in ("add_tickets", "record_induction", "request_observation")]
    + [
        ("sell_gift_voucher", "apply_voucher", "id create: gift voucher (voucher_code of sell_gift_voucher)"),
        ("register_school|find_school", "request_school_visit",
         "id lookup/create: school (school_id of register_school, or of a find_school entry)"),
        ("invoice_school_visit|school_visits", "record_invoice_payment",
         "id lookup/create: invoice (invoice_id of invoice_school_visit, or of a school_visits entry)"),
        ("telescope_targets", "request_observation", "vocabulary: target codes (code of a telescope_targets entry)"),
        ("pay_order", "issue_tickets", "payment: the order paid"),
        ("record_induction", "request_observation", "verification: the member inducted onto the telescope"),
        ("add_tickets", "pay_order", "state: tickets in the order"),
        ("pay_order", "cancel_order", "state: a paid order (to refund)"),
        ("call_off_evening", "rebook_order", "state: the order's evening called off"),
        ("record_visit_details", "confirm_school_visit", "state: the adults and risk assessment in"),
        ("confirm_school_visit", "invoice_school_visit", "state: the visit confirmed"),
        ("schedule_observation", "record_observation_result", "state: the request scheduled for a night"),
        ("record_observation_result", "deliver_images", "state: the request observed"),
    ]
)

_DESIGNED = {(p, c) for ps, c, _ in GROUND_TRUTH for p in ps.split("|")}
_ORDER_CHANGES = ("create_order", "add_tickets", "apply_voucher", "pay_order", "issue_tickets", "cancel_order",
                  "rebook_order")
_OBSERVATION_CHANGES = ("request_observation", "schedule_observation", "record_observation_result", "deliver_images")
PLAUSIBLE = (
    # ids and codes shown in other lists and records: customers on orders and memberships; orders on a customer's
    # record and an evening called off; performances on order lines, tickets and a customer's record; schools on
    # visits; visits on invoices; memberships on a customer's record and on observation requests; observation
    # requests on a customer's record; target codes on requests; vouchers on orders
    {(p, c) for p in ("orders", "memberships", "create_order", "join_membership", "add_tickets", "pay_order",
                      "pay_membership", "customer_record")
     for c in CUSTOMER_CONSUMERS}
    | {(p, c) for p in ("customer_record", "call_off_evening", "add_tickets", "apply_voucher", "pay_order",
                        "issue_tickets", "rebook_order")
       for c in ORDER_CONSUMERS}
    | {(p, c) for p in ("orders", "customer_record", "issue_tickets", "add_tickets", "rebook_order", "create_order",
                        "call_off_evening")
       for c in ("add_tickets", "call_off_evening", "rebook_order")}
    | {(p, "request_school_visit") for p in ("school_visits", "request_school_visit")}
    | {(p, c) for p in ("invoice_school_visit", "record_visit_details", "confirm_school_visit")
       for c in VISIT_CONSUMERS}
    | {(p, c) for p in ("customer_record", "observation_queue", "request_observation", "pay_membership",
                        "record_induction")
       for c in MEMBERSHIP_CONSUMERS}
    | {(p, c) for p in ("customer_record", "schedule_observation", "record_observation_result")
       for c in OBSERVATION_CONSUMERS}
    | {(p, "request_observation") for p in ("observation_queue", "customer_record")}
    | {(p, "apply_voucher") for p in ("orders", "apply_voucher")}
    # one step further along the designed chains (two designed pairs in a row, and real in the proofs: the later
    # call fails when the earlier one is dropped)
    | {
        ("add_tickets", "cancel_order"), ("add_tickets", "issue_tickets"),
        ("confirm_school_visit", "record_invoice_payment"), ("find_customer", "add_tickets"),
        ("find_customer", "apply_voucher"), ("find_customer", "pay_order"), ("find_customer", "rebook_order"),
        ("join_membership", "add_tickets"), ("join_membership", "deliver_images"),
        ("join_membership", "record_observation_result"), ("join_membership", "schedule_observation"),
        ("memberships", "add_tickets"), ("pay_membership", "deliver_images"), ("pay_membership", "pay_order"),
        ("pay_membership", "record_observation_result"), ("pay_membership", "schedule_observation"),
        ("record_induction", "deliver_images"), ("record_induction", "record_observation_result"),
        ("record_induction", "schedule_observation"), ("record_visit_details", "invoice_school_visit"),
        ("register_customer", "add_tickets"), ("register_customer", "cancel_order"),
        ("register_customer", "issue_tickets"), ("register_customer", "pay_membership"),
        ("register_customer", "pay_order"), ("register_customer", "record_induction"),
        ("register_customer", "request_observation"), ("register_school", "confirm_school_visit"),
        ("register_school", "invoice_school_visit"), ("register_school", "record_visit_details"),
        ("request_school_visit", "record_invoice_payment"), ("schedule_observation", "deliver_images"),
        ("telescope_targets", "deliver_images"), ("telescope_targets", "record_observation_result"),
        ("telescope_targets", "schedule_observation"), ("whats_on", "pay_order"),
    }
    # a record created or changed, then seen in the lists and records that show it
    | {(p, c) for p in ("register_customer", "update_customer") for c in ("find_customer", "customer_record")}
    | {(p, c) for p in _ORDER_CHANGES for c in ("orders", "customer_record")}
    | {(p, "whats_on") for p in ("add_tickets", "cancel_order", "rebook_order", "call_off_evening")}
    | {(p, c) for p in ("join_membership", "pay_membership", "record_induction")
       for c in ("memberships", "customer_record")}
    | {(p, c) for p in _OBSERVATION_CHANGES for c in ("observation_queue", "customer_record")}
    | {("register_school", "find_school")}
    | {(p, "school_visits") for p in ("request_school_visit", "record_visit_details", "confirm_school_visit",
                                      "invoice_school_visit", "record_invoice_payment")}
) - _DESIGNED - {(t.__name__, t.__name__) for t in TOOLS}  # not the designed pairs, nor a tool with itself
