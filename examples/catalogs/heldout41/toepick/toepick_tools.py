"""Toepick: the front desk, skate school, ice, bookings and skate shop system of the Harnessford Ice Centre (40 calls).

Plain functions over an in-memory ``State`` of the rink's system on Saturday 16 January 2038 at 09:40, as the Lynx
ice hockey club's juniors come off the ice. The desk registers skaters, sells session tickets with hire skates,
memberships and course places, refunds sales, takes skates in for sharpening and hands them back, writes to skaters
and reports incidents. The skate school's coaches keep the course registers, assess skaters, move them up and book
private lessons. The ice technician resurfaces the ice, takes its readings and opens and closes the public
sessions. The bookings officer keeps the clubs' insurance, quotes and books their ice time, cancels it and takes
their invoices' payments. The skate shop sharpens blades. The duty manager may do everything. The session times, the
price list and the courses are public.

Every refusal is raised as the rink's own exception class, ``RinkError``, with a short code (``E-AUTH``,
``E-ROLE``, ``E-NOTFOUND``, ``E-INPUT``, ``E-RULE``, ``E-STATE``, ``E-DUPLICATE``) before the message:
``RinkError("E-STATE: PS-4101 is scheduled; the desk sells once the ice technician opens the session")``, which the
runtime records as an error. There is no decorator: every tool checks its own session and role with
``_who(state, token, "desk")``, which raises. Replies are plain dicts and lists of them, with rows nested as lists of
lists (a course's register, a skater's enrolments, lessons and sharpening jobs, the ice log's resurfaces and
readings); bare values answer a course fee paid (what is left to pay) and an invoice paid (what the club still owes);
sentences with an id in them answer a sale refunded, ice time cancelled, a session closed, skates collected, a
message sent and a sign-out.
``from __future__ import annotations``: every annotation is a string, resolved by the runtime in this module (PEP
604 unions such as ``str | None``, builtin ``list[str]``, ``dict[str, Any]``): a plain ``Enum`` input (``Plan``),
two ``str`` ``Enum`` filters (``InvoiceStatus``, ``JobStatus``), ``Literal`` inputs (payment, a blade) and a
``Literal`` filter (a session's kind), ``list[str]`` tickets and hire sizes, ``bool`` results and first aid, ``int``
levels and minutes, ``float`` amounts, temperatures and thicknesses. reST docstrings. Ids look alike: skater
``SK-2206``, sale ``SL-60104``, membership ``MB-418``, enrolment ``EN-5503``, lesson ``PL-7702``, quote ``IQ-331``,
ice booking ``IB-775``, invoice ``INV-3302``, resurface ``RS-1162``, incident ``IR-208``, sharpening job ``SJ-902``,
message ``MSG-880``; session ``PS-4101``; course ``LTS-03``; club ``CL-02``; coach ``CH-03``; ticket type ``CHILD``;
hire size ``C12``. The ice's working range, the skaters a guardian answers for, the lesson lengths and coaches'
days, the ice hire slots, the hollows a hockey blade takes and the plans a junior may buy are stated only in
refusals.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as provider means either
tool satisfies it, and the text of ``what`` before its first ``:`` is the kind.
"""

from __future__ import annotations

import datetime
from enum import Enum
from typing import Any, Literal

TODAY = "2038-01-16"  # a Saturday
NOW = "09:40"
JUNIOR_AGE = 16
ICE_TEMP = (-7.0, -4.0)  # the surface's working range, degrees C
ICE_MM = (25.0, 50.0)  # the ice's working thickness, mm
RESURFACE_GAP = 15  # minutes of ice between two uses, for the resurfacer
ICE_RATE = 180.0  # a club's hour of ice
ICE_SLOTS = (60, 90, 120)
LESSON_MINUTES = {15: 14.0, 30: 26.0}
HOLLOWS = ("3/8", "7/16", "1/2", "5/8", "3/4", "1")
SHARPEN_PRICE = {"hockey": 8.0, "figure": 12.0}
PRICES = {  # ticket type -> name, price, a skater on the ice
    "ADULT": ["Adult", 9.5, True], "CHILD": ["Child (under 16)", 7.0, True], "CONC": ["Concession", 7.5, True],
    "MEMBER": ["Member (free)", 0.0, True], "SPECTATOR": ["Spectator", 2.0, False],
}
HIRE_PRICE = 3.0
PLAN_PRICES = {"monthly": (32.0, 1), "annual": (320.0, 12), "junior_annual": (210.0, 12)}
COACHES = {  # code -> name, discipline, weekdays taught (0 = Monday)
    "CH-01": ["Ilaria Brockbank", "figure", (0, 2, 5)],
    "CH-02": ["Valentina Rusk", "learn to skate", (1, 2, 5)],
    "CH-03": ["Bartram Winterflood", "power skating", (3, 5)],
}
ROLE_NAMES = {"desk": "the front desk", "coach": "the skate school", "ice": "the ice technician",
              "bookings": "the bookings officer", "shop": "the skate shop", "manager": "the duty manager"}


class RinkError(Exception):
    """The rink system's refusal: a short code, then why (``E-STATE: ...``)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code


class Plan(Enum):
    MONTHLY = "monthly"
    ANNUAL = "annual"
    JUNIOR_ANNUAL = "junior_annual"


class InvoiceStatus(str, Enum):
    UNPAID = "unpaid"
    PAID = "paid"


class JobStatus(str, Enum):
    BOOKED = "booked"
    READY = "ready"
    COLLECTED = "collected"


Payment = Literal["card", "cash"]
Blade = Literal["hockey", "figure"]
SessionKind = Literal["public", "family", "disco"]


# --------------------------------------------------------------------------- state


class State:
    """The Harnessford Ice Centre's system on Saturday 16 January 2038 at 09:40."""

    def __init__(self) -> None:
        self.staff = {
            "loveday.p": {"name": "Loveday Pellow", "password": "Blade-Guard-22", "role": "desk"},
            "ilaria.b": {"name": "Ilaria Brockbank", "password": "Crossover-57", "role": "coach"},
            "idwal.p": {"name": "Idwal Prothero", "password": "Flood-Pass-31", "role": "ice"},
            "rhiannon.b": {"name": "Rhiannon Blackadder", "password": "Face-Off-64", "role": "bookings"},
            "ozzie.s": {"name": "Ozzie Scattergood", "password": "Hollow-Grind-8", "role": "shop"},
            "delphine.m": {"name": "Delphine Mountjoy", "password": "Rink-Side-45", "role": "manager"},
        }
        self.logins: dict[str, dict] = {}
        self.sessions = {  # session -> kind, date, start, end, capacity, status
            "PS-4098": ["disco", "2038-01-15", "19:30", "21:30", 250, "closed"],
            "PS-4101": ["public", TODAY, "10:00", "11:30", 250, "scheduled"],
            "PS-4102": ["public", TODAY, "12:00", "13:30", 250, "scheduled"],
            "PS-4103": ["family", TODAY, "15:00", "16:00", 120, "scheduled"],
            "PS-4104": ["disco", TODAY, "19:30", "21:30", 250, "scheduled"],
            "PS-4105": ["public", "2038-01-17", "10:00", "11:30", 250, "scheduled"],
        }
        self.skaters = {  # skater -> name, date of birth, email, phone, guardian, level, membership [plan, expiry]
            "SK-2201": ["Perdita Marchbank", "2027-05-14", "gideon.marchbank@example.com", "07700 900201",
                        "Mr Gideon Marchbank", 2, None],
            "SK-2202": ["Thaddeus Hebblethwaite", "1990-03-02", "thaddeus.h@example.net", "07700 900202", None, 8,
                        ["annual", "2038-09-30"]],
            "SK-2203": ["Saoirse Coldicott", "1999-11-20", "saoirse.coldicott@example.org", "07700 900203", None, 0,
                        None],
            "SK-2204": ["Benedikt Ambler", "2025-11-02", "greer.ambler@example.com", "07700 900204",
                        "Mrs Greer Ambler", 4, ["junior_annual", "2037-12-31"]],
            "SK-2205": ["Morfydd Skerritt", "1996-07-09", "morfydd.skerritt@example.co.uk", "07700 900205", None, 4,
                        ["monthly", "2038-01-31"]],
        }
        self.courses = {  # course -> name, level, weekday, time, coach, places, fee, adults only
            "LTS-01": ["Learn to Skate, level 0", 0, "Tuesday", "17:00", "CH-02", 12, 85.0, False],
            "LTS-02": ["Learn to Skate, level 1", 1, "Tuesday", "17:30", "CH-02", 12, 85.0, False],
            "LTS-03": ["Learn to Skate, level 2", 2, "Wednesday", "17:00", "CH-02", 12, 85.0, False],
            "LTS-04": ["Learn to Skate, level 3", 3, "Wednesday", "17:30", "CH-01", 10, 85.0, False],
            "LTS-05": ["Adult Learn to Skate, level 0", 0, "Thursday", "19:00", "CH-03", 14, 95.0, True],
            "LTS-06": ["Learn to Skate, level 4", 4, "Monday", "17:00", "CH-01", 10, 90.0, False],
            "LTS-07": ["Learn to Skate, level 0", 0, "Wednesday", "16:30", "CH-02", 12, 85.0, False],
        }
        self.enrolments = {  # enrolment -> skater, course, paid, assessed
            "EN-5501": ["SK-2201", "LTS-03", 85.0, None],
            "EN-5502": ["SK-2205", "LTS-06", 0.0, None],
        }
        self.lessons: dict[str, list] = {  # lesson -> skater, coach, date, time, minutes
            "PL-7701": ["SK-2205", "CH-01", "2038-01-18", "07:00", 30],
        }
        self.sales = {  # sale -> session, tickets, hire sizes, skater, total, payment, refunded
            "SL-60101": ["PS-4098", ["ADULT", "ADULT"], ["7", "9"], None, 25.0, "card", False],
            "SL-60102": ["PS-4101", ["ADULT", "CHILD", "CHILD"], [], None, 23.5, "card", False],
            "SL-60103": ["PS-4103", ["ADULT", "CHILD"], ["C12"], None, 19.5, "card", False],
        }
        self.stock = {"C10": 14, "C12": 18, "1": 20, "2": 22, "3": 24, "4": 26, "5": 30, "6": 30, "7": 32,
                      "8": 30, "9": 28, "10": 24, "11": 16, "12": 10}
        self.clubs = {  # club -> name, sport, contact, insurer, policy, insured until
            "CL-01": ["Harnessford Lynx Ice Hockey Club", "ice hockey", "Mr Kenver Penwarden",
                      "Pellinore Mutual", "CM-88172", "2038-06-30"],
            "CL-02": ["Harnessford Figure Skating Club", "figure skating", "Mrs Ysolde Abercrombie",
                      "Hollinwood Sports Cover", "BSC-20931", "2037-12-31"],
            "CL-03": ["Harnessford Speed Skating Club", "speed skating", "Mr Cadoc Polglase",
                      "Pellinore Mutual", "CM-90418", "2038-08-31"],
        }
        self.ice_bookings = {  # booking -> club, date, start, minutes, purpose, price, status
            "IB-771": ["CL-01", TODAY, "07:30", 120, "Junior training", 360.0, "played"],
            "IB-772": ["CL-02", TODAY, "16:15", 90, "Club patch", 270.0, "booked"],
            "IB-773": ["CL-01", "2038-01-23", "07:30", 120, "Junior training", 360.0, "booked"],
            "IB-774": ["CL-03", "2038-01-20", "20:00", 90, "Club night", 270.0, "booked"],
        }
        self.quotes: dict[str, list] = {}
        self.invoices = {  # invoice -> club, month, amount, paid, due
            "INV-3301": ["CL-01", "2037-11", 540.0, 540.0, "2037-12-31"],
            "INV-3302": ["CL-03", "2037-11", 360.0, 0.0, "2037-12-01"],
            "INV-3303": ["CL-02", "2037-12", 270.0, 270.0, "2038-01-31"],
            "INV-3304": ["CL-03", "2037-12", 180.0, 0.0, "2038-01-31"],
            "INV-3305": ["CL-01", "2037-12", 720.0, 0.0, "2038-01-31"],
        }
        self.resurfaces = {"RS-1160": ["2038-01-15", "21:40", "Idwal Prothero"],
                           "RS-1161": [TODAY, "07:10", "Idwal Prothero"]}
        self.readings = [["2038-01-15", "22:00", -5.5, 38.0]]
        self.incidents: dict[str, list] = {}
        self.jobs = {  # job -> skater, blade, hollow, status, price
            "SJ-900": ["SK-2205", "figure", None, "ready", 12.0],
            "SJ-901": ["SK-2202", "hockey", "5/8", "booked", 8.0],
        }
        self.messages: list[list] = []
        self.counters = {"token": 1, "skater": 2206, "sale": 60104, "membership": 418, "enrolment": 5503,
                         "lesson": 7702, "quote": 331, "ice": 775, "resurface": 1162, "incident": 208, "job": 902,
                         "message": 880}


# --------------------------------------------------------------------------- helpers


def _who(state: State, token: Any, *roles: str) -> dict:
    """The signed-in user; raises when the session or the role does not allow the call (the duty manager may do
    everything)."""
    who = state.logins.get(token) if isinstance(token, str) else None
    if who is None:
        raise RinkError("E-AUTH", "not signed in, or the session has ended; sign in first")
    if roles and who["role"] not in roles and who["role"] != "manager":
        raise RinkError("E-ROLE", f"{who['name']} ({who['role']}) may not do this; it is for "
                        f"{' or '.join(ROLE_NAMES[r] for r in roles)}")
    return who


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


def _count(value: Any) -> bool:
    return not isinstance(value, bool) and isinstance(value, int)


def _d(value: str) -> datetime.date:
    return datetime.date.fromisoformat(value)


def _date(value: Any, name: str) -> str:
    try:
        return _d(value).isoformat()
    except (TypeError, ValueError):
        raise RinkError("E-INPUT", f"{name} is YYYY-MM-DD, not {value!r}") from None


def _time(value: Any, name: str) -> str:
    try:
        return datetime.time.fromisoformat(value).strftime("%H:%M")
    except (TypeError, ValueError):
        raise RinkError("E-INPUT", f"{name} is HH:MM, not {value!r}") from None


def _mins(hhmm: str) -> int:
    return int(hhmm[:2]) * 60 + int(hhmm[3:])


def _clock(minutes: int) -> str:
    return f"{minutes // 60:02d}:{minutes % 60:02d}"


def _age(dob: str, on: str = TODAY) -> int:
    b, d = _d(dob), _d(on)
    return d.year - b.year - ((d.month, d.day) < (b.month, b.day))


def _fmt(day: str) -> str:
    d = _d(day)
    return f"{d.strftime('%A')} {d.day} {d.strftime('%B %Y')}"


def _get(table: dict, key: Any, what: str) -> Any:
    row = table.get(key) if isinstance(key, str) else None
    if row is None:
        raise RinkError("E-NOTFOUND", f"no {what} {key!r}")
    return row


def _payment(payment: Any) -> str:
    if payment not in ("card", "cash"):
        raise RinkError("E-INPUT", f"payment is card or cash, not {payment!r}")
    return payment


def _member(state: State, sid: str, on: str = TODAY) -> bool:
    m = state.skaters[sid][6]
    return m is not None and m[1] >= on


def _skater(state: State, sid: str) -> dict:
    s = state.skaters[sid]
    return {"skater_id": sid, "name": s[0], "date_of_birth": s[1], "age": _age(s[1]), "email": s[2], "phone": s[3],
            "guardian": s[4], "level": s[5], "membership": None if s[6] is None else {"plan": s[6][0],
                                                                                      "expires": s[6][1]}}


def _session(state: State, psid: str) -> dict:
    s = state.sessions[psid]
    skaters = sum(1 for sale in state.sales.values() if sale[0] == psid and not sale[6]
                  for t in sale[1] if PRICES[t][2])
    return {"session_id": psid, "kind": s[0], "date": s[1], "start": s[2], "end": s[3], "status": s[5],
            "places_left": s[4] - skaters}


def _sale(state: State, slid: str) -> dict:
    s = state.sales[slid]
    p = state.sessions[s[0]]
    return {"sale_id": slid, "session_id": s[0], "date": p[1], "start": p[2], "tickets": list(s[1]),
            "hire_sizes": list(s[2]), "skater_id": s[3], "total": s[4], "payment": s[5], "refunded": s[6]}


def _course(state: State, cid: str) -> dict:
    c = state.courses[cid]
    taken = sum(1 for e in state.enrolments.values() if e[1] == cid)
    return {"course_id": cid, "name": c[0], "level": c[1], "day": c[2], "time": c[3], "coach": COACHES[c[4]][0],
            "places_left": c[5] - taken, "fee": c[6], "adults_only": c[7]}


def _enrolment(state: State, eid: str) -> dict:
    e = state.enrolments[eid]
    c = state.courses[e[1]]
    return {"enrolment_id": eid, "skater_id": e[0], "skater": state.skaters[e[0]][0], "course_id": e[1],
            "course": c[0], "fee": c[6], "paid": e[2], "assessed": e[3]}


def _club(state: State, cid: str) -> dict:
    c = state.clubs[cid]
    return {"club_id": cid, "name": c[0], "sport": c[1], "contact": c[2], "insurer": c[3], "policy": c[4],
            "insured_until": c[5], "on_stop": _on_stop(state, cid)}


def _ice(state: State, bid: str) -> dict:
    b = state.ice_bookings[bid]
    return {"booking_id": bid, "club_id": b[0], "club": state.clubs[b[0]][0], "date": b[1], "start": b[2],
            "end": _clock(_mins(b[2]) + b[3]), "minutes": b[3], "purpose": b[4], "price": b[5], "status": b[6]}


def _invoice(state: State, iid: str) -> dict:
    i = state.invoices[iid]
    return {"invoice_id": iid, "club_id": i[0], "club": state.clubs[i[0]][0], "month": i[1], "amount": i[2],
            "paid": i[3], "outstanding": round(i[2] - i[3], 2), "due": i[4],
            "status": "paid" if i[3] >= i[2] else "unpaid"}


def _job(state: State, jid: str) -> dict:
    j = state.jobs[jid]
    return {"job_id": jid, "skater_id": j[0], "skater": state.skaters[j[0]][0], "blade": j[1], "hollow": j[2],
            "status": j[3], "price": j[4]}


def _on_stop(state: State, cid: str) -> bool:
    return any(i[0] == cid and i[3] < i[2] and i[4] < TODAY for i in state.invoices.values())


def _uses(state: State, day: str, skip: str | None = None) -> list[tuple[int, int, str]]:
    """The ice's uses on ``day``: (start, end, id) in minutes, sessions and club bookings not cancelled."""
    out = [(_mins(s[2]), _mins(s[3]), psid) for psid, s in state.sessions.items()
           if s[1] == day and s[5] != "cancelled"]
    out += [(_mins(b[2]), _mins(b[2]) + b[3], bid) for bid, b in state.ice_bookings.items()
            if b[1] == day and b[6] != "cancelled" and bid != skip]
    return sorted(out)


# --------------------------------------------------------------------------- sign-in and the public calls


def sign_in(state: State, username: str, password: str) -> dict:
    """Sign in to the rink's system.

    :param username: a staff user name, such as ``loveday.p``
    :param password: its password
    :returns: the session: ``token`` (for every call but the public ones), ``name`` and ``role`` (desk, coach, ice,
        bookings, shop or manager)
    :rtype: dict
    """
    user = username.strip().lower() if isinstance(username, str) else ""
    s = state.staff.get(user)
    if s is None or s["password"] != password:
        raise RinkError("E-AUTH", "user name or password not recognised")
    token = f"hic-{user.split('.')[0]}-{_next(state, 'token'):03d}"
    state.logins[token] = {"user": user, "name": s["name"], "role": s["role"]}
    return {"token": token, "name": s["name"], "role": s["role"]}


def sign_out(state: State, token: str) -> str:
    """End a session.

    :param token: the session's token
    :returns: a sentence naming who was signed out
    :rtype: str
    """
    who = _who(state, token)
    state.logins.pop(token)
    return f"Signed out {who['name']} (session {token})."


def session_times(state: State, date: str | None = None, kind: SessionKind | None = None) -> list[dict]:
    """The public skating sessions (public), by date and start.

    :param date: only this day (YYYY-MM-DD); today and after when left out
    :param kind: only ``public``, ``family`` or ``disco`` sessions
    :returns: each session's ``session_id``, kind, date, start, end, status (scheduled, open, closed, cancelled)
        and places left
    :rtype: list[dict]
    """
    day = None if date is None else _date(date, "date")
    if kind is not None and kind not in ("public", "family", "disco"):
        raise RinkError("E-INPUT", f"kind is public, family or disco, not {kind!r}")
    return [_session(state, psid) for psid, s in sorted(state.sessions.items(), key=lambda kv: (kv[1][1], kv[1][2]))
            if (s[1] == day if day else s[1] >= TODAY) and (kind is None or s[0] == kind)]


def price_list(state: State) -> list[dict]:
    """The rink's prices (public).

    :returns: each ticket type's ``code``, name, price and whether it puts a skater on the ice, and the hire of a
        pair of skates (code ``HIRE``)
    :rtype: list[dict]
    """
    out = [{"code": code, "name": p[0], "price": p[1], "skater": p[2]} for code, p in sorted(PRICES.items())]
    return out + [{"code": "HIRE", "name": "Skate hire, a pair", "price": HIRE_PRICE, "skater": False}]


def course_list(state: State, level: int | None = None) -> list[dict]:
    """The skate school's courses this term (public).

    :param level: only courses for skaters who have passed this level (0 for beginners)
    :returns: each course's ``course_id``, name, level, day, time, coach, places left, fee and whether it is for
        adults only
    :rtype: list[dict]
    """
    if level is not None and not _count(level):
        raise RinkError("E-INPUT", f"level is a whole number, not {level!r}")
    return [_course(state, cid) for cid, c in sorted(state.courses.items()) if level is None or c[1] == level]


# --------------------------------------------------------------------------- skaters


def find_skater(state: State, token: str, text: str) -> list[dict]:
    """Find skaters.

    :param token: the session's token
    :param text: part of a name, an e-mail address or a phone number
    :returns: each skater's ``skater_id``, name, age and level
    :rtype: list[dict]
    """
    _who(state, token, "desk", "coach", "shop")
    if _blank(text):
        raise RinkError("E-INPUT", "text is required")
    needle = text.strip().lower()
    return [{"skater_id": sid, "name": s[0], "age": _age(s[1]), "level": s[5]}
            for sid, s in sorted(state.skaters.items())
            if needle in s[0].lower() or needle in s[2].lower() or needle in s[3].replace(" ", "")]


def register_skater(state: State, token: str, name: str, date_of_birth: str, email: str, phone: str,
                    guardian: str | None = None) -> dict:
    """Register a new skater.

    :param token: the session's token
    :param name: the skater's name
    :param date_of_birth: YYYY-MM-DD
    :param email: an e-mail address (a junior's guardian's)
    :param phone: a phone number
    :param guardian: the parent or guardian who answers for a junior
    :returns: the skater with their new ``skater_id``, at level 0
    :rtype: dict
    """
    _who(state, token, "desk")
    if _blank(name) or _blank(email) or _blank(phone):
        raise RinkError("E-INPUT", "name, email and phone are required")
    dob = _date(date_of_birth, "date_of_birth")
    if dob >= TODAY:
        raise RinkError("E-INPUT", f"{dob} is no date of birth")
    if "@" not in email:
        raise RinkError("E-INPUT", f"{email!r} is no e-mail address")
    if _age(dob) < JUNIOR_AGE and _blank(guardian):
        raise RinkError("E-RULE", f"a skater under {JUNIOR_AGE} is registered with a parent or guardian")
    for sid, s in state.skaters.items():
        if s[0].lower() == name.strip().lower() and s[1] == dob:
            raise RinkError("E-DUPLICATE", f"{s[0]} is registered already ({sid})")
    sid = f"SK-{_next(state, 'skater')}"
    state.skaters[sid] = [name.strip(), dob, email.strip(), phone.strip(),
                          None if _blank(guardian) else guardian.strip(), 0, None]
    return _skater(state, sid)


def update_skater(state: State, token: str, skater_id: str, email: str | None = None, phone: str | None = None,
                  guardian: str | None = None) -> dict:
    """Change a skater's contact details (only those given).

    :param token: the session's token
    :param skater_id: the skater
    :param email: a new e-mail address
    :param phone: a new phone number
    :param guardian: a new parent or guardian
    :returns: the skater
    :rtype: dict
    """
    _who(state, token, "desk")
    s = _get(state.skaters, skater_id, "skater")
    new = list(s)
    for i, v in ((2, email), (3, phone), (4, guardian)):
        if v is not None:
            if _blank(v):
                raise RinkError("E-INPUT", "a detail may not be blank")
            new[i] = v.strip()
    if email is not None and "@" not in new[2]:
        raise RinkError("E-INPUT", f"{email!r} is no e-mail address")
    if new == s:
        raise RinkError("E-RULE", f"{skater_id} has those details already")
    s[:] = new
    return _skater(state, skater_id)


def skater_record(state: State, token: str, skater_id: str) -> dict:
    """A skater's whole record.

    :param token: the session's token
    :param skater_id: the skater
    :returns: the skater's details, level and membership, with ``enrolments`` as rows of [enrolment, course,
        level, fee, paid, assessed], ``lessons`` as rows of [lesson, coach, date, time, minutes] and ``sharpening``
        as rows of [job, blade, hollow, status]
    :rtype: dict
    """
    _who(state, token, "desk", "coach", "shop")
    _get(state.skaters, skater_id, "skater")
    out = _skater(state, skater_id)
    out["enrolments"] = [[eid, e[1], state.courses[e[1]][1], state.courses[e[1]][6], e[2], e[3]]
                         for eid, e in sorted(state.enrolments.items()) if e[0] == skater_id]
    out["lessons"] = [[lid, COACHES[v[1]][0], v[2], v[3], v[4]] for lid, v in sorted(state.lessons.items())
                      if v[0] == skater_id]
    out["sharpening"] = [[jid, j[1], j[2], j[3]] for jid, j in sorted(state.jobs.items()) if j[0] == skater_id]
    return out


def message_skater(state: State, token: str, skater_id: str, subject: str, body: str) -> str:
    """E-mail a skater (a junior's guardian).

    :param token: the session's token
    :param skater_id: the skater
    :param subject: the subject
    :param body: the message
    :returns: a sentence naming the message sent
    :rtype: str
    """
    who = _who(state, token, "desk", "coach")
    s = _get(state.skaters, skater_id, "skater")
    if _blank(subject) or _blank(body):
        raise RinkError("E-INPUT", "subject and body are required")
    mid = f"MSG-{_next(state, 'message')}"
    state.messages.append([mid, skater_id, subject.strip(), body.strip(), who["name"]])
    return f"Message {mid} sent to {s[4] or s[0]} at {s[2]}."


# --------------------------------------------------------------------------- the desk


def sell_tickets(state: State, token: str, session_id: str, tickets: list[str], payment: Payment,
                 hire_sizes: list[str] = [], skater_id: str | None = None) -> dict:
    """Sell tickets for an open session, with hire skates.

    :param token: the session's token
    :param session_id: the skating session
    :param tickets: ticket type codes, one a person
    :param payment: ``card`` or ``cash``
    :param hire_sizes: the hire skate sizes wanted, one a pair
    :param skater_id: the member skating on a member's ticket
    :returns: the sale with its ``sale_id`` and total
    :rtype: dict
    """
    _who(state, token, "desk")
    s = _get(state.sessions, session_id, "session")
    pay = _payment(payment)
    if not isinstance(tickets, list) or not tickets or not all(isinstance(t, str) for t in tickets):
        raise RinkError("E-INPUT", "tickets is a list of ticket type codes")
    codes = [t.strip().upper() for t in tickets]
    for code in codes:
        if code not in PRICES:
            raise RinkError("E-INPUT", f"no ticket type {code!r}")
    if not isinstance(hire_sizes, list) or not all(isinstance(h, str) for h in hire_sizes):
        raise RinkError("E-INPUT", "hire_sizes is a list of skate sizes")
    sizes = [h.strip().upper() for h in hire_sizes]
    for size in sizes:
        if size not in state.stock:
            raise RinkError("E-INPUT", f"no hire skates in size {size!r}")
    if s[5] != "open":
        raise RinkError("E-STATE", f"{session_id} is {s[5]}; the desk sells once the ice technician opens the "
                                   "session")
    on_ice = sum(1 for c in codes if PRICES[c][2])
    if len(sizes) > on_ice:
        raise RinkError("E-RULE", f"{len(sizes)} pairs of skates for {on_ice} skaters")
    if "MEMBER" in codes:
        if codes.count("MEMBER") > 1:
            raise RinkError("E-RULE", "a member's ticket is for the member alone")
        if skater_id is None:
            raise RinkError("E-RULE", "a member's ticket names the member (skater_id)")
        _get(state.skaters, skater_id, "skater")
        if not _member(state, skater_id):
            raise RinkError("E-RULE", f"{state.skaters[skater_id][0]} has no current membership")
    elif skater_id is not None:
        _get(state.skaters, skater_id, "skater")
    if _session(state, session_id)["places_left"] < on_ice:
        raise RinkError("E-RULE", f"{session_id} is full")
    for size in sizes:
        if state.stock[size] < sizes.count(size):
            raise RinkError("E-RULE", f"no hire skates left in size {size}")
    for size in sizes:
        state.stock[size] -= 1
    total = round(sum(PRICES[c][1] for c in codes) + HIRE_PRICE * len(sizes), 2)
    slid = f"SL-{_next(state, 'sale')}"
    state.sales[slid] = [session_id, codes, sizes, skater_id, total, pay, False]
    return _sale(state, slid)


def refund_sale(state: State, token: str, sale_id: str, reason: str) -> str:
    """Refund a sale for a session that has not ended.

    :param token: the session's token
    :param sale_id: the sale
    :param reason: why
    :returns: a sentence with the amount refunded
    :rtype: str
    """
    _who(state, token, "desk")
    s = _get(state.sales, sale_id, "sale")
    if s[6]:
        raise RinkError("E-STATE", f"{sale_id} is refunded already")
    p = state.sessions[s[0]]
    if (p[1], p[3]) <= (TODAY, NOW) or p[5] == "closed":
        raise RinkError("E-STATE", f"{s[0]} has ended")
    if _blank(reason):
        raise RinkError("E-INPUT", "reason is required")
    s[6] = True
    for size in s[2]:
        state.stock[size] += 1  # the hire skates go back on the shelf
    return f"Sale {sale_id} refunded: {s[4]:.2f} to {s[5]} ({reason.strip()})."


def sales(state: State, token: str, session_id: str | None = None) -> list[dict]:
    """The sales, by sale id.

    :param token: the session's token
    :param session_id: only one session's
    :returns: each sale's ``sale_id``, session, tickets, hire sizes, member, total, payment and whether refunded
    :rtype: list[dict]
    """
    _who(state, token, "desk")
    if session_id is not None:
        _get(state.sessions, session_id, "session")
    return [_sale(state, slid) for slid, s in sorted(state.sales.items()) if session_id in (None, s[0])]


def skate_hire_stock(state: State, token: str) -> list[dict]:
    """The hire skates on the shelf.

    :param token: the session's token
    :returns: each ``size`` (the code the desk sells it under) with the pairs left
    :rtype: list[dict]
    """
    _who(state, token, "desk", "shop")
    return [{"size": size, "pairs": n} for size, n in state.stock.items()]


def sell_membership(state: State, token: str, skater_id: str, plan: Plan, payment: Payment) -> dict:
    """Sell a skater a membership (free public sessions, and private lessons).

    :param token: the session's token
    :param skater_id: the skater
    :param plan: ``monthly``, ``annual`` or ``junior_annual``
    :param payment: ``card`` or ``cash``
    :returns: the membership with its ``membership_id``, price and expiry
    :rtype: dict
    """
    _who(state, token, "desk")
    s = _get(state.skaters, skater_id, "skater")
    p = _value(plan)
    if not isinstance(p, str) or p not in PLAN_PRICES:
        raise RinkError("E-INPUT", f"no plan {plan!r}")
    pay = _payment(payment)
    if _member(state, skater_id):
        raise RinkError("E-STATE", f"{s[0]} is a member already, until {_fmt(s[6][1])}")
    if p == "junior_annual" and _age(s[1]) >= JUNIOR_AGE:
        raise RinkError("E-RULE", f"the junior plan is for skaters under {JUNIOR_AGE}")
    price, months = PLAN_PRICES[p]
    d = _d(TODAY)
    m = d.month - 1 + months
    expiry = (datetime.date(d.year + m // 12, m % 12 + 1, min(d.day, 28)) - datetime.timedelta(days=1)).isoformat()
    s[6] = [p, expiry]
    mid = f"MB-{_next(state, 'membership')}"
    return {"membership_id": mid, "skater_id": skater_id, "skater": s[0], "plan": p, "price": price,
            "payment": pay, "expires": expiry}


def pay_course_fee(state: State, token: str, enrolment_id: str, amount: float, payment: Payment) -> float:
    """Take a course fee, or part of it.

    :param token: the session's token
    :param enrolment_id: the enrolment
    :param amount: the amount paid
    :param payment: ``card`` or ``cash``
    :returns: what is left to pay (0.0 once the fee is paid)
    :rtype: float
    """
    _who(state, token, "desk")
    e = _get(state.enrolments, enrolment_id, "enrolment")
    _payment(payment)
    fee = state.courses[e[1]][6]
    if e[2] >= fee:
        raise RinkError("E-STATE", f"{enrolment_id} is paid already")
    if not _amount(amount) or amount <= 0 or round(amount, 2) > round(fee - e[2], 2):
        raise RinkError("E-INPUT", f"{enrolment_id} has {fee - e[2]:.2f} to pay, not {amount!r}")
    e[2] = round(e[2] + amount, 2)
    return round(fee - e[2], 2)


def report_incident(state: State, token: str, session_id: str, description: str, first_aid: bool,
                    skater_id: str | None = None) -> dict:
    """Record an accident or incident on the ice during an open session.

    :param token: the session's token
    :param session_id: the session
    :param description: what happened
    :param first_aid: whether first aid was given
    :param skater_id: the skater hurt, if registered
    :returns: the incident with its ``incident_id``
    :rtype: dict
    """
    who = _who(state, token, "desk", "ice")
    s = _get(state.sessions, session_id, "session")
    if s[5] != "open":
        raise RinkError("E-STATE", f"{session_id} is {s[5]}; an incident is recorded for a session on the ice")
    if _blank(description):
        raise RinkError("E-INPUT", "description is required")
    if not isinstance(first_aid, bool):
        raise RinkError("E-INPUT", "first_aid is true or false")
    if skater_id is not None:
        _get(state.skaters, skater_id, "skater")
    iid = f"IR-{_next(state, 'incident')}"
    state.incidents[iid] = [session_id, description.strip(), first_aid, skater_id, who["name"], NOW]
    return {"incident_id": iid, "session_id": session_id, "description": description.strip(),
            "first_aid": first_aid, "skater_id": skater_id, "recorded_by": who["name"], "at": NOW}


# --------------------------------------------------------------------------- the skate school


def enrol_course(state: State, token: str, skater_id: str, course_id: str) -> dict:
    """Enrol a skater on a course for their level; the fee is then due.

    :param token: the session's token
    :param skater_id: the skater
    :param course_id: the course
    :returns: the enrolment with its ``enrolment_id``, fee and what is paid
    :rtype: dict
    """
    _who(state, token, "desk", "coach")
    s = _get(state.skaters, skater_id, "skater")
    c = _get(state.courses, course_id, "course")
    for eid, e in state.enrolments.items():
        if e[0] == skater_id and e[1] == course_id:
            raise RinkError("E-DUPLICATE", f"{s[0]} is on {course_id} already ({eid})")
    if s[5] != c[1]:
        raise RinkError("E-RULE", f"{s[0]} has passed level {s[5]}, so skates on a level {s[5]} course, not "
                                  f"level {c[1]}")
    if c[7] and _age(s[1]) < JUNIOR_AGE:
        raise RinkError("E-RULE", f"{c[0]} is for adults")
    if not c[7] and _age(s[1]) >= JUNIOR_AGE and c[1] == 0:
        raise RinkError("E-RULE", f"{c[0]} is for juniors; adults begin on the adult course")
    if _course(state, course_id)["places_left"] < 1:
        raise RinkError("E-RULE", f"{course_id} is full")
    eid = f"EN-{_next(state, 'enrolment')}"
    state.enrolments[eid] = [skater_id, course_id, 0.0, None]
    return _enrolment(state, eid)


def course_roster(state: State, token: str, course_id: str) -> list[list[Any]]:
    """A course's register.

    :param token: the session's token
    :param course_id: the course
    :returns: rows of [enrolment id, skater id, name, fee paid, assessed], by enrolment
    :rtype: list[list]
    """
    _who(state, token, "coach", "desk")
    _get(state.courses, course_id, "course")
    return [[eid, e[0], state.skaters[e[0]][0], e[2], e[3]] for eid, e in sorted(state.enrolments.items())
            if e[1] == course_id]


def record_assessment(state: State, token: str, enrolment_id: str, passed: bool, notes: str) -> dict:
    """Record a skater's end-of-course assessment; a pass moves them up a level.

    :param token: the session's token
    :param enrolment_id: the enrolment assessed
    :param passed: whether the skater passed the level
    :param notes: the coach's notes
    :returns: the skater, with the level now passed
    :rtype: dict
    """
    who = _who(state, token, "coach")
    e = _get(state.enrolments, enrolment_id, "enrolment")
    if e[3] is not None:
        raise RinkError("E-STATE", f"{enrolment_id} is assessed already ({e[3]})")
    fee = state.courses[e[1]][6]
    if e[2] < fee:
        raise RinkError("E-STATE", f"{enrolment_id} has {fee - e[2]:.2f} of its fee to pay; a skater is assessed "
                                   "on a paid course")
    if not isinstance(passed, bool):
        raise RinkError("E-INPUT", "passed is true or false")
    if _blank(notes):
        raise RinkError("E-INPUT", "notes are required")
    s = state.skaters[e[0]]
    e[3] = f"{'passed' if passed else 'not yet'} ({who['name']}: {notes.strip()})"
    if passed and s[5] == state.courses[e[1]][1]:
        s[5] += 1
    return _skater(state, e[0])


def transfer_course(state: State, token: str, enrolment_id: str, course_id: str) -> dict:
    """Move an enrolment to another course for the skater's level (a skater who has passed moves up).

    :param token: the session's token
    :param enrolment_id: the enrolment
    :param course_id: the course it moves to
    :returns: the enrolment
    :rtype: dict
    """
    _who(state, token, "coach")
    e = _get(state.enrolments, enrolment_id, "enrolment")
    c = _get(state.courses, course_id, "course")
    if e[1] == course_id:
        raise RinkError("E-STATE", f"{enrolment_id} is on {course_id} already")
    s = state.skaters[e[0]]
    if s[5] != c[1]:
        raise RinkError("E-RULE", f"{s[0]} has passed level {s[5]}, so skates on a level {s[5]} course, not "
                                  f"level {c[1]}")
    if _course(state, course_id)["places_left"] < 1:
        raise RinkError("E-RULE", f"{course_id} is full")
    e[1], e[3] = course_id, None
    e[2] = min(e[2], c[6])
    return _enrolment(state, enrolment_id)


def coaches(state: State, token: str) -> list[dict]:
    """The skate school's coaches.

    :param token: the session's token
    :returns: each coach's ``code``, name and discipline
    :rtype: list[dict]
    """
    _who(state, token, "coach", "desk")
    return [{"code": code, "name": c[0], "discipline": c[1]} for code, c in sorted(COACHES.items())]


def book_private_lesson(state: State, token: str, skater_id: str, coach_code: str, date: str, time: str,
                        minutes: int) -> dict:
    """Book a member a private lesson with a coach.

    :param token: the session's token
    :param skater_id: the skater (a member on the day)
    :param coach_code: the coach
    :param date: YYYY-MM-DD
    :param time: HH:MM
    :param minutes: the lesson's length
    :returns: the lesson with its ``lesson_id`` and price
    :rtype: dict
    """
    _who(state, token, "coach")
    s = _get(state.skaters, skater_id, "skater")
    coach = COACHES.get(coach_code) if isinstance(coach_code, str) else None
    if coach is None:
        raise RinkError("E-NOTFOUND", f"no coach {coach_code!r}")
    day, at = _date(date, "date"), _time(time, "time")
    if day < TODAY:
        raise RinkError("E-RULE", f"{_fmt(day)} has gone")
    if not _count(minutes) or minutes not in LESSON_MINUTES:
        raise RinkError("E-RULE", f"a private lesson is 15 or 30 minutes, not {minutes!r}")
    if _d(day).weekday() not in coach[2]:
        days = [["Mondays", "Tuesdays", "Wednesdays", "Thursdays", "Fridays", "Saturdays", "Sundays"][w]
                for w in coach[2]]
        raise RinkError("E-RULE", f"{coach[0]} teaches on {', '.join(days[:-1])} and {days[-1]}")
    if not _member(state, skater_id, day):
        raise RinkError("E-RULE", f"{s[0]} is no member on {_fmt(day)}; private lessons are for members")
    start = _mins(at)
    for lid, v in state.lessons.items():
        if v[1] == coach_code and v[2] == day and start < _mins(v[3]) + v[4] and _mins(v[3]) < start + minutes:
            raise RinkError("E-RULE", f"{coach[0]} is teaching then ({lid})")
    lid = f"PL-{_next(state, 'lesson')}"
    state.lessons[lid] = [skater_id, coach_code, day, at, minutes]
    return {"lesson_id": lid, "skater_id": skater_id, "skater": s[0], "coach": coach[0], "date": day, "time": at,
            "minutes": minutes, "price": LESSON_MINUTES[minutes]}


# --------------------------------------------------------------------------- the ice


def log_resurface(state: State, token: str, at: str, driver: str) -> dict:
    """Log a resurface of the ice.

    :param token: the session's token
    :param at: when it finished today (HH:MM, not later than now)
    :param driver: who drove the resurfacer
    :returns: the resurface with its ``resurface_id``
    :rtype: dict
    """
    _who(state, token, "ice")
    when = _time(at, "at")
    if when > NOW:
        raise RinkError("E-RULE", f"{when} has not come yet; it is {NOW}")
    if _blank(driver):
        raise RinkError("E-INPUT", "driver is required")
    for rid, r in state.resurfaces.items():
        if r[0] == TODAY and r[1] == when:
            raise RinkError("E-DUPLICATE", f"a resurface at {when} is logged already ({rid})")
    rid = f"RS-{_next(state, 'resurface')}"
    state.resurfaces[rid] = [TODAY, when, driver.strip()]
    return {"resurface_id": rid, "date": TODAY, "at": when, "driver": driver.strip()}


def record_ice_reading(state: State, token: str, at: str, surface_temp: float, thickness_mm: float) -> dict:
    """Record the ice's surface temperature and thickness.

    :param token: the session's token
    :param at: when it was taken today (HH:MM)
    :param surface_temp: degrees C
    :param thickness_mm: millimetres
    :returns: the reading and whether it is within the working range
    :rtype: dict
    """
    _who(state, token, "ice")
    when = _time(at, "at")
    if when > NOW:
        raise RinkError("E-RULE", f"{when} has not come yet; it is {NOW}")
    if not _amount(surface_temp) or not _amount(thickness_mm) or thickness_mm <= 0:
        raise RinkError("E-INPUT", "surface_temp and thickness_mm are numbers")
    state.readings.append([TODAY, when, float(surface_temp), float(thickness_mm)])
    ok = ICE_TEMP[0] <= surface_temp <= ICE_TEMP[1] and ICE_MM[0] <= thickness_mm <= ICE_MM[1]
    return {"date": TODAY, "at": when, "surface_temp": float(surface_temp), "thickness_mm": float(thickness_mm),
            "in_range": ok}


def ice_log(state: State, token: str, date: str | None = None) -> dict:
    """The ice log for a day.

    :param token: the session's token
    :param date: YYYY-MM-DD (today when left out)
    :returns: ``resurfaces`` as rows of [resurface id, time, driver] and ``readings`` as rows of [time, surface
        temperature, thickness]
    :rtype: dict
    """
    _who(state, token, "ice")
    day = TODAY if date is None else _date(date, "date")
    return {"date": day,
            "resurfaces": [[rid, r[1], r[2]] for rid, r in sorted(state.resurfaces.items()) if r[0] == day],
            "readings": [[r[1], r[2], r[3]] for r in state.readings if r[0] == day]}


def open_session(state: State, token: str, session_id: str) -> dict:
    """Open a public session to the desk's sales, once the ice is resurfaced and its reading is good.

    :param token: the session's token
    :param session_id: today's session
    :returns: the session, now open
    :rtype: dict
    """
    _who(state, token, "ice")
    s = _get(state.sessions, session_id, "session")
    if s[5] == "open":
        raise RinkError("E-STATE", f"{session_id} is open already")
    if s[5] != "scheduled":
        raise RinkError("E-STATE", f"{session_id} is {s[5]}")
    if s[1] != TODAY:
        raise RinkError("E-RULE", f"{session_id} is on {_fmt(s[1])}; sessions are opened on the day")
    start = _mins(s[2])
    before = [u for u in _uses(state, TODAY) if u[1] <= start and u[2] != session_id]
    since = max((u[1] for u in before), default=0)
    if not any(r[0] == TODAY and since <= _mins(r[1]) <= start for r in state.resurfaces.values()):
        raise RinkError("E-STATE", f"the ice has not been resurfaced since {_clock(since)}")
    today = [r for r in state.readings if r[0] == TODAY]
    if not today:
        raise RinkError("E-STATE", "no ice reading has been taken today")
    last = today[-1]
    if not (ICE_TEMP[0] <= last[2] <= ICE_TEMP[1] and ICE_MM[0] <= last[3] <= ICE_MM[1]):
        raise RinkError("E-RULE", f"the {last[1]} reading ({last[2]} C, {last[3]} mm) is outside the ice's working "
                                  f"range of {ICE_TEMP[0]} to {ICE_TEMP[1]} C and {ICE_MM[0]:.0f} to "
                                  f"{ICE_MM[1]:.0f} mm")
    s[5] = "open"
    return _session(state, session_id)


def close_session(state: State, token: str, session_id: str, reason: str) -> str:
    """Close an open session early (the ice damaged, an evacuation).

    :param token: the session's token
    :param session_id: the session
    :param reason: why
    :returns: a sentence naming the session closed and the sales to refund
    :rtype: str
    """
    _who(state, token, "ice")
    s = _get(state.sessions, session_id, "session")
    if s[5] != "open":
        raise RinkError("E-STATE", f"{session_id} is {s[5]}; only an open session is closed")
    if _blank(reason):
        raise RinkError("E-INPUT", "reason is required")
    s[5] = "closed"
    to_refund = [slid for slid, sale in sorted(state.sales.items()) if sale[0] == session_id and not sale[6]]
    return f"Session {session_id} closed ({reason.strip()}); sales to refund: {', '.join(to_refund) or 'none'}."


# --------------------------------------------------------------------------- clubs and ice time


def clubs(state: State, token: str) -> list[dict]:
    """The clubs that hire ice.

    :param token: the session's token
    :returns: each club's ``club_id``, name, sport, contact, insurer, policy, insured-until date and whether it is
        on stop
    :rtype: list[dict]
    """
    _who(state, token, "bookings")
    return [_club(state, cid) for cid in sorted(state.clubs)]


def record_club_insurance(state: State, token: str, club_id: str, insurer: str, policy: str, expires: str) -> dict:
    """Record a club's public liability insurance.

    :param token: the session's token
    :param club_id: the club
    :param insurer: the insurer's name
    :param policy: the policy number
    :param expires: the last day it covers (YYYY-MM-DD)
    :returns: the club
    :rtype: dict
    """
    _who(state, token, "bookings")
    c = _get(state.clubs, club_id, "club")
    if _blank(insurer) or _blank(policy):
        raise RinkError("E-INPUT", "insurer and policy are required")
    until = _date(expires, "expires")
    if until <= TODAY:
        raise RinkError("E-RULE", f"a policy that ends on {_fmt(until)} covers nothing ahead")
    if [c[3], c[4], c[5]] == [insurer.strip(), policy.strip(), until]:
        raise RinkError("E-STATE", f"{club_id} has that policy already")
    c[3], c[4], c[5] = insurer.strip(), policy.strip(), until
    return _club(state, club_id)


def quote_ice_time(state: State, token: str, club_id: str, date: str, start: str, minutes: int) -> dict:
    """Quote a club a slot of ice.

    :param token: the session's token
    :param club_id: the club
    :param date: YYYY-MM-DD
    :param start: HH:MM
    :param minutes: the slot's length
    :returns: the quote with its ``quote_id``, price and the day it is good until
    :rtype: dict
    """
    _who(state, token, "bookings")
    c = _get(state.clubs, club_id, "club")
    day, at = _date(date, "date"), _time(start, "start")
    if day <= TODAY:
        raise RinkError("E-RULE", "ice time is quoted from tomorrow")
    if not _count(minutes) or minutes not in ICE_SLOTS:
        raise RinkError("E-RULE", f"ice is hired in slots of 60, 90 or 120 minutes, not {minutes!r}")
    if c[5] < day:
        raise RinkError("E-RULE", f"{c[0]}'s insurance ({c[4]}) ends on {_fmt(c[5])}, before {_fmt(day)}")
    if _on_stop(state, club_id):
        overdue = [iid for iid, i in sorted(state.invoices.items())
                   if i[0] == club_id and i[3] < i[2] and i[4] < TODAY]
        raise RinkError("E-RULE", f"{c[0]} is on stop until {', '.join(overdue)} is paid")
    a = _mins(at)
    if a < 6 * 60 or a + minutes > 23 * 60:
        raise RinkError("E-RULE", "the ice is hired between 06:00 and 23:00")
    for u0, u1, uid in _uses(state, day):
        if a < u1 + RESURFACE_GAP and u0 < a + minutes + RESURFACE_GAP:
            raise RinkError("E-RULE", f"the ice is taken then ({uid}, {_clock(u0)} to {_clock(u1)})")
    qid = f"IQ-{_next(state, 'quote')}"
    price = round(ICE_RATE * minutes / 60, 2)
    valid = (_d(TODAY) + datetime.timedelta(days=7)).isoformat()
    state.quotes[qid] = [club_id, day, at, minutes, price, valid, None]
    return {"quote_id": qid, "club_id": club_id, "club": c[0], "date": day, "start": at,
            "end": _clock(a + minutes), "price": price, "valid_until": valid}


def book_ice_time(state: State, token: str, quote_id: str, purpose: str) -> dict:
    """Book the slot a quote holds.

    :param token: the session's token
    :param quote_id: the quote
    :param purpose: what the club will use it for
    :returns: the ice booking with its ``booking_id``
    :rtype: dict
    """
    _who(state, token, "bookings")
    q = _get(state.quotes, quote_id, "quote")
    if q[6] is not None:
        raise RinkError("E-STATE", f"{quote_id} is booked already ({q[6]})")
    if _blank(purpose):
        raise RinkError("E-INPUT", "purpose is required")
    a = _mins(q[2])
    for u0, u1, uid in _uses(state, q[1]):
        if a < u1 + RESURFACE_GAP and u0 < a + q[3] + RESURFACE_GAP:
            raise RinkError("E-RULE", f"the ice has been taken since the quote ({uid})")
    bid = f"IB-{_next(state, 'ice')}"
    state.ice_bookings[bid] = [q[0], q[1], q[2], q[3], purpose.strip(), q[4], "booked"]
    q[6] = bid
    return _ice(state, bid)


def ice_bookings(state: State, token: str, date: str | None = None, club_id: str | None = None) -> list[dict]:
    """The clubs' ice bookings, by booking id.

    :param token: the session's token
    :param date: only this day (YYYY-MM-DD)
    :param club_id: only this club's
    :returns: each booking's ``booking_id``, club, date, start, end, purpose, price and status
    :rtype: list[dict]
    """
    _who(state, token, "bookings", "ice")
    day = None if date is None else _date(date, "date")
    if club_id is not None:
        _get(state.clubs, club_id, "club")
    return [_ice(state, bid) for bid, b in sorted(state.ice_bookings.items())
            if (day is None or b[1] == day) and club_id in (None, b[0])]


def cancel_ice_time(state: State, token: str, booking_id: str, reason: str) -> str:
    """Cancel a club's ice booking that has not been played.

    :param token: the session's token
    :param booking_id: the ice booking
    :param reason: why
    :returns: a sentence naming the booking cancelled
    :rtype: str
    """
    _who(state, token, "bookings")
    b = _get(state.ice_bookings, booking_id, "ice booking")
    if b[6] == "cancelled":
        raise RinkError("E-STATE", f"{booking_id} is cancelled already")
    if b[6] != "booked":
        raise RinkError("E-STATE", f"{booking_id} is {b[6]}")
    if _blank(reason):
        raise RinkError("E-INPUT", "reason is required")
    b[6] = "cancelled"
    return (f"Ice booking {booking_id} for {state.clubs[b[0]][0]} on {_fmt(b[1])} at {b[2]} cancelled "
            f"({reason.strip()}).")


def invoices(state: State, token: str, club_id: str | None = None, status: InvoiceStatus | None = None) -> list[dict]:
    """The clubs' invoices for ice, by invoice id.

    :param token: the session's token
    :param club_id: only this club's
    :param status: only ``unpaid`` or ``paid`` invoices
    :returns: each invoice's ``invoice_id``, club, month, amount, paid, outstanding, due date and status
    :rtype: list[dict]
    """
    _who(state, token, "bookings")
    st = _value(status)
    if st is not None and st not in ("unpaid", "paid"):
        raise RinkError("E-INPUT", f"status is unpaid or paid, not {status!r}")
    if club_id is not None:
        _get(state.clubs, club_id, "club")
    return [_invoice(state, iid) for iid, i in sorted(state.invoices.items())
            if club_id in (None, i[0]) and (st is None or _invoice(state, iid)["status"] == st)]


def pay_invoice(state: State, token: str, invoice_id: str, amount: float, payment: Payment) -> float:
    """Take a club's payment of an invoice, or part of it.

    :param token: the session's token
    :param invoice_id: the invoice
    :param amount: the amount paid
    :param payment: ``card`` or ``cash``
    :returns: what the club still owes on all its invoices
    :rtype: float
    """
    _who(state, token, "bookings")
    i = _get(state.invoices, invoice_id, "invoice")
    _payment(payment)
    if i[3] >= i[2]:
        raise RinkError("E-STATE", f"{invoice_id} is paid already")
    if not _amount(amount) or amount <= 0 or round(amount, 2) > round(i[2] - i[3], 2):
        raise RinkError("E-INPUT", f"{invoice_id} has {i[2] - i[3]:.2f} to pay, not {amount!r}")
    i[3] = round(i[3] + amount, 2)
    return round(sum(x[2] - x[3] for x in state.invoices.values() if x[0] == i[0]), 2)


# --------------------------------------------------------------------------- the skate shop


def book_sharpening(state: State, token: str, skater_id: str, blade: Blade, hollow: str | None = None) -> dict:
    """Take a skater's skates in for sharpening.

    :param token: the session's token
    :param skater_id: the skater
    :param blade: ``hockey`` or ``figure``
    :param hollow: the radius of hollow a hockey blade is ground to, in inches
    :returns: the job with its ``job_id`` and price
    :rtype: dict
    """
    _who(state, token, "desk", "shop")
    s = _get(state.skaters, skater_id, "skater")
    if not isinstance(blade, str) or blade not in SHARPEN_PRICE:
        raise RinkError("E-INPUT", f"blade is hockey or figure, not {blade!r}")
    if blade == "hockey" and hollow not in HOLLOWS:
        raise RinkError("E-INPUT", f"a hockey blade is ground to a hollow of {', '.join(HOLLOWS[:-1])} or "
                                   f"{HOLLOWS[-1]} inch, not {hollow!r}")
    if blade == "figure" and hollow is not None:
        raise RinkError("E-INPUT", "a figure blade is sharpened to its own hollow; give none")
    for jid, j in state.jobs.items():
        if j[0] == skater_id and j[3] == "booked":
            raise RinkError("E-DUPLICATE", f"{s[0]}'s skates are in already ({jid})")
    jid = f"SJ-{_next(state, 'job')}"
    state.jobs[jid] = [skater_id, blade, hollow, "booked", SHARPEN_PRICE[blade]]
    return _job(state, jid)


def sharpening_jobs(state: State, token: str, status: JobStatus | None = None) -> list[dict]:
    """The sharpening jobs, by job id.

    :param token: the session's token
    :param status: only ``booked``, ``ready`` or ``collected`` jobs
    :returns: each job's ``job_id``, skater, blade, hollow, status and price
    :rtype: list[dict]
    """
    _who(state, token, "desk", "shop")
    st = _value(status)
    if st is not None and st not in ("booked", "ready", "collected"):
        raise RinkError("E-INPUT", f"status is booked, ready or collected, not {status!r}")
    return [_job(state, jid) for jid, j in sorted(state.jobs.items()) if st is None or j[3] == st]


def complete_sharpening(state: State, token: str, job_id: str, notes: str) -> dict:
    """Mark a sharpening job done and ready to collect.

    :param token: the session's token
    :param job_id: the job
    :param notes: what was done
    :returns: the job
    :rtype: dict
    """
    _who(state, token, "shop")
    j = _get(state.jobs, job_id, "sharpening job")
    if j[3] != "booked":
        raise RinkError("E-STATE", f"{job_id} is {j[3]} already")
    if _blank(notes):
        raise RinkError("E-INPUT", "notes are required")
    j[3] = "ready"
    return _job(state, job_id)


def collect_sharpening(state: State, token: str, job_id: str, payment: Payment) -> str:
    """Hand back sharpened skates and take the payment.

    :param token: the session's token
    :param job_id: the job
    :param payment: ``card`` or ``cash``
    :returns: a sentence naming the job collected and the amount paid
    :rtype: str
    """
    _who(state, token, "desk", "shop")
    j = _get(state.jobs, job_id, "sharpening job")
    pay = _payment(payment)
    if j[3] == "collected":
        raise RinkError("E-STATE", f"{job_id} is collected already")
    if j[3] != "ready":
        raise RinkError("E-STATE", f"{job_id} is {j[3]}; the skates are not sharpened yet")
    j[3] = "collected"
    return f"Job {job_id} collected by {state.skaters[j[0]][0]}; {j[4]:.2f} paid by {pay}."


TOOLS = [
    sign_in, sign_out, session_times, price_list, course_list, find_skater, register_skater, update_skater,
    skater_record, message_skater, sell_tickets, refund_sale, sales, skate_hire_stock, sell_membership,
    pay_course_fee, report_incident, enrol_course, course_roster, record_assessment, transfer_course, coaches,
    book_private_lesson, log_resurface, record_ice_reading, ice_log, open_session, close_session, clubs,
    record_club_insurance, quote_ice_time, book_ice_time, ice_bookings, cancel_ice_time, invoices, pay_invoice,
    book_sharpening, sharpening_jobs, complete_sharpening, collect_sharpening,
]

FIXTURES = {
    "rink": {"name": "The Harnessford Ice Centre",
             "today": "Saturday 16 January 2038, twenty to ten in the morning"},
    "staff": [
        {"name": "Loveday Pellow", "role": "front desk", "username": "loveday.p", "password": "Blade-Guard-22"},
        {"name": "Ilaria Brockbank", "role": "head coach", "username": "ilaria.b", "password": "Crossover-57"},
        {"name": "Idwal Prothero", "role": "ice technician", "username": "idwal.p", "password": "Flood-Pass-31"},
        {"name": "Rhiannon Blackadder", "role": "bookings officer", "username": "rhiannon.b",
         "password": "Face-Off-64"},
        {"name": "Ozzie Scattergood", "role": "skate shop", "username": "ozzie.s", "password": "Hollow-Grind-8"},
        {"name": "Delphine Mountjoy", "role": "duty manager", "username": "delphine.m", "password": "Rink-Side-45"},
    ],
    "new_skater": {
        "name": "Tansy Orchardson", "date_of_birth": "2029-08-22", "guardian": "Mrs Bryher Orchardson",
        "email": "bryher.orchardson@example.com", "phone": "07700 900617",
        "wants": "The beginners' course on Tuesdays, paid by card; a junior membership by card; her new figure "
                 "skates sharpened; later a fifteen-minute lesson with Valentina Rusk on Tuesday 19 January at "
                 "half past four",
    },
    "notes": [
        "The Lynx juniors came off at half past nine; Idwal resurfaced at 09:35 and read the ice at 09:36 at "
        "minus 5.5 degrees and 36 millimetres, so the ten o'clock public session can open",
        "A family of two adults and a child want the ten o'clock session with hire skates in sizes 7 and C12, by "
        "card",
        "Saoirse Coldicott wants a monthly membership by card and then to skate at ten on her member's ticket in "
        "hire skates, size 5",
        "The online booking for two children and an adult at ten is to be refunded: the children are ill",
        "Perdita Marchbank has passed level 2, so she moves up to the level 3 course on Wednesdays",
        "Morfydd Skerritt is paying her 90-pound level 4 course fee by card before her assessment; she passed",
        "Benedikt Ambler's junior membership ran out at the new year; renew it by card and book him half an hour "
        "with Bartram Winterflood on Thursday 21 January at five; his hockey skates go in for a half-inch hollow",
        "The figure skating club's new policy with Hollinwood Sports Cover is BSC-31187, to the end of 2038; they "
        "want ninety minutes of ice on Saturday 23 January from a quarter past four for their club patch",
        "The speed skating club will pay its November invoice of 360 pounds by card and wants ninety minutes on "
        "Wednesday 27 January from eight in the evening",
        "The Lynx have cancelled their junior training on Saturday 23 January and want an hour's goalkeeping "
        "clinic from eight instead",
        "Thaddeus Hebblethwaite's hockey skates are sharpened and he will pay cash",
        "Benedikt Ambler's mother has a new phone number, 07700 900214",
    ],
}

# --------------------------------------------------------------------------- the designed prerequisites

_TOKEN = "auth: session token (token of sign_in)"
PUBLIC = ("sign_in", "session_times", "price_list", "course_list")
TOKEN_CONSUMERS = [t.__name__ for t in TOOLS if t.__name__ not in PUBLIC]
SESSION_CONSUMERS = ["sell_tickets", "open_session", "close_session", "report_incident"]
SKATER_CONSUMERS = ["update_skater", "skater_record", "sell_membership", "enrol_course", "book_private_lesson",
                    "book_sharpening", "message_skater"]
COURSE_CONSUMERS = ["enrol_course", "transfer_course", "course_roster"]
ENROLMENT_CONSUMERS = ["pay_course_fee", "record_assessment", "transfer_course"]
JOB_CONSUMERS = ["complete_sharpening", "collect_sharpening"]
_SESSION = "id lookup: skating session (session_id of a session_times entry)"
_SKATER = "id lookup/create: skater (skater_id of register_skater, or of a find_skater entry)"
_COURSE = "id lookup: course (course_id of a course_list entry)"
_ENROLMENT = "id lookup/create: enrolment (enrolment_id of enrol_course, or the first column of a course_roster row)"
_JOB = "id lookup/create: sharpening job (job_id of book_sharpening, or of a sharpening_jobs entry)"

GROUND_TRUTH = (
    [("sign_in", c, _TOKEN) for c in TOKEN_CONSUMERS]
    + [("session_times", c, _SESSION) for c in SESSION_CONSUMERS]
    + [("register_skater|find_skater", c, _SKATER) for c in SKATER_CONSUMERS]
    + [("course_list", c, _COURSE) for c in COURSE_CONSUMERS]
    + [("enrol_course|course_roster", c, _ENROLMENT) for c in ENROLMENT_CONSUMERS]
    + [("book_sharpening|sharpening_jobs", c, _JOB) for c in JOB_CONSUMERS]
    + [
        ("price_list", "sell_tickets", "vocabulary: ticket type codes (code of a price_list entry)"),
        ("skate_hire_stock", "sell_tickets", "vocabulary: hire skate sizes (size of a skate_hire_stock entry)"),
        ("coaches", "book_private_lesson", "vocabulary: coach codes (code of a coaches entry)"),
        ("sell_tickets|sales", "refund_sale", "id lookup/create: sale (sale_id of sell_tickets, or of a sales entry)"),
        ("clubs", "record_club_insurance", "id lookup: club (club_id of a clubs entry)"),
        ("clubs", "quote_ice_time", "id lookup: club (club_id of a clubs entry)"),
        ("quote_ice_time", "book_ice_time", "id create: ice quote (quote_id of quote_ice_time)"),
        ("book_ice_time|ice_bookings", "cancel_ice_time",
         "id lookup/create: ice booking (booking_id of book_ice_time, or of an ice_bookings entry)"),
        ("invoices", "pay_invoice", "id lookup: invoice (invoice_id of an invoices entry)"),
        ("log_resurface", "open_session", "state: the ice resurfaced since its last use"),
        ("open_session", "sell_tickets", "state: the session open"),
        ("open_session", "close_session", "state: the session open"),
        ("open_session", "report_incident", "state: the session open, skaters on the ice"),
        ("record_assessment", "transfer_course", "state: the skater's next level passed"),
        ("complete_sharpening", "collect_sharpening", "state: the skates sharpened, ready to collect"),
        ("cancel_ice_time", "quote_ice_time", "state: the ice freed by a cancellation"),
        ("pay_course_fee", "record_assessment", "payment: the course fee paid"),
        ("sell_membership", "sell_tickets", "payment: a current membership for a member's ticket"),
        ("sell_membership", "book_private_lesson", "payment: a current membership (lessons are for members)"),
        ("pay_invoice", "quote_ice_time", "payment: the club's overdue invoice paid (the club off stop)"),
        ("record_club_insurance", "quote_ice_time", "vetting: the club's insurance covers the date"),
        ("record_ice_reading", "open_session", "vetting: today's ice reading taken, in the working range"),
    ]
)

_DESIGNED = {(p, c) for ps, c, _ in GROUND_TRUTH for p in ps.split("|")}
_SKATER_SHOWN = ("find_skater", "register_skater", "update_skater", "skater_record", "sell_membership",
                 "enrol_course", "course_roster", "book_private_lesson", "book_sharpening", "sharpening_jobs",
                 "complete_sharpening", "sell_tickets", "sales", "record_assessment", "transfer_course")
_CLUB_SHOWN = ("clubs", "record_club_insurance", "quote_ice_time", "book_ice_time", "ice_bookings", "invoices")
_CLUB_CONSUMERS = ("record_club_insurance", "quote_ice_time", "ice_bookings", "invoices")
_ENROLMENT_CHANGES = ("enrol_course", "pay_course_fee", "record_assessment", "transfer_course")
_JOB_CHANGES = ("book_sharpening", "complete_sharpening", "collect_sharpening")
PLAUSIBLE = (
    # ids and codes shown in other lists and records: sessions on sales and the records that answer with one;
    # skaters on the records that name them; courses and enrolments on enrolments, registers and skaters' records;
    # sales on the sales list; clubs on quotes, bookings and invoices; ice bookings, invoices and sharpening jobs on
    # the lists and records that show them
    {(p, c) for p in ("session_times", "open_session", "sell_tickets", "sales", "report_incident")
     for c in SESSION_CONSUMERS + ["sales"]}
    | {(p, c) for p in _SKATER_SHOWN for c in SKATER_CONSUMERS + ["sell_tickets", "report_incident"]}
    | {(p, c) for p in ("course_list", "enrol_course", "transfer_course", "skater_record", "course_roster")
       for c in COURSE_CONSUMERS}
    | {(p, c) for p in ("enrol_course", "course_roster", "transfer_course", "skater_record")
       for c in ENROLMENT_CONSUMERS}
    | {(p, "refund_sale") for p in ("sell_tickets", "sales")}
    | {(p, c) for p in _CLUB_SHOWN for c in _CLUB_CONSUMERS}
    | {(p, "cancel_ice_time") for p in ("book_ice_time", "ice_bookings")}
    | {(p, c) for p in ("book_sharpening", "sharpening_jobs", "complete_sharpening", "skater_record")
       for c in JOB_CONSUMERS}
    # one step further along the designed chains (two designed pairs in a row, and real in the proofs: the later
    # call fails when the earlier one is dropped)
    | {
        ("clubs", "book_ice_time"), ("course_list", "pay_course_fee"), ("course_list", "record_assessment"),
        ("find_skater", "sell_tickets"), ("ice_bookings", "quote_ice_time"), ("invoices", "quote_ice_time"),
        ("log_resurface", "close_session"), ("log_resurface", "report_incident"), ("log_resurface", "sell_tickets"),
        ("open_session", "refund_sale"), ("price_list", "refund_sale"), ("quote_ice_time", "cancel_ice_time"),
        ("record_club_insurance", "book_ice_time"), ("record_ice_reading", "close_session"),
        ("record_ice_reading", "report_incident"), ("record_ice_reading", "sell_tickets"),
        ("register_skater", "collect_sharpening"), ("register_skater", "complete_sharpening"),
        ("register_skater", "pay_course_fee"), ("register_skater", "record_assessment"),
        ("register_skater", "transfer_course"), ("session_times", "refund_sale"), ("skate_hire_stock", "refund_sale"),
    }
    # a record created or changed, then seen in the lists and records that show it
    | {(p, c) for p in ("sell_tickets", "refund_sale") for c in ("sales", "session_times", "skate_hire_stock")}
    | {(p, "session_times") for p in ("open_session", "close_session")}
    | {(p, "ice_log") for p in ("log_resurface", "record_ice_reading")}
    | {(p, c) for p in ("register_skater", "update_skater", "sell_membership", "record_assessment",
                        "book_private_lesson") for c in ("find_skater", "skater_record")}
    | {(p, c) for p in _ENROLMENT_CHANGES for c in ("course_roster", "skater_record", "course_list")}
    | {(p, c) for p in ("record_club_insurance", "pay_invoice") for c in ("clubs", "invoices")}
    | {(p, "ice_bookings") for p in ("book_ice_time", "cancel_ice_time")}
    | {(p, c) for p in _JOB_CHANGES for c in ("sharpening_jobs", "skater_record")}
) - _DESIGNED - {(t.__name__, t.__name__) for t in TOOLS}  # not the designed pairs, nor a tool with itself
