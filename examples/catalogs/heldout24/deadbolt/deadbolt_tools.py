"""Deadbolt: the job desk of Keyguard Locksmiths & Security, Forge Street, Harrowby (40 calls).

Async functions over an in-memory ``State`` of the firm on Wednesday 5 November 2031 at 08:00. The desk
registers customers, logs emergency call-outs (lock-outs, break-ins, lock faults, snapped keys) and
books planned visits (lock changes, security surveys, alarm installs and services, safe openings) into
the engineers' diaries, reassigns and cancels jobs, invoices completed work and takes payment, quotes
intruder alarms and writes to customers. Locksmiths arrive on site, check the occupier's identity
before gaining entry to a property, fit parts, complete jobs and cut restricted keys. The firm keeps
the key registers of its customers' restricted master key systems: authorised signatories, the key
suite, key orders placed by a signatory with their passphrase, keys cut and issued, returned or
reported lost. Installers commission alarm systems, record the keyholders and apply to the police for
a unique reference number (URN). The manager may do everything. The price guide and the parts
catalogue are public.

The tools are plain ``async def`` functions without a decorator; each checks its session itself
through a helper that hands back the refusal. Replies are plain dicts (a customer, a customer's file
with jobs, key systems, alarms and invoices as rows, a job sheet with its parts as rows, a visit on
site, an identity check, an entry, a completed job, a signatory, issued keys, a returned or lost key,
a commissioned alarm, a keyholder), rows as lists of lists (customers, the engineer board, jobs, the
parts catalogue, the price guide, key systems, a key register, key holders, the alarm register), bare
values (a token, ``True``, the balance left after a payment, the key numbers cut) and sentences with
an id in them, each a message starting with the desk system's message id ending in ``I``
(``"DBT101I Call-out JB-7731 logged ..."``: a call-out, a booked visit, a cancelled job, an invoice,
a key system, a key order, an alarm quote, an accepted quote, a URN application). Every refusal is
*returned* as a message whose id ends in ``E`` (``"DBT230E Job JB-7731 is not on site."``), a
convention of the firm's old job-management package that no common convention reads, so
``FAILURE`` (``is_error_message``) is declared. Jobs, invoices, keys and key orders look alike (job
``JB-7724`` and invoice ``IN-7724``; key system ``MK-0211`` beside key code ``MK-A`` and key number
``MK-A/001``; key order ``KO-0556``; alarm ``AS-0407``, quote ``QA-0318``, URN application
``UA-0061``). Which problems need an identity check, what counts as proof of occupation, the devices an
alarm needs, who may cut a grand master key, the keyholders and response times a URN needs, which
customers may hold a restricted key system and the days planned work is done are stated only in
refusals.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as
provider means either tool satisfies it, and the text of ``what`` before its first ``:`` is the
kind.
"""

import datetime
from enum import Enum
from typing import Dict, List, Literal, Optional, Union

TODAY = "2031-11-05"  # a Wednesday
NOW = "08:00"
VAT = 0.20
CALLOUT_FEE = 85.0
CALLOUT_RATE = 60.0
VISIT_RATE = 55.0
MAX_KEYS_PER_ORDER = 5
URN_KEYHOLDERS = 2
URN_RESPONSE_MINUTES = 20
BLANKS = {"EVVA-ICS": "BLK-EVVA-ICS", "ABLOY-PROTEC2": "BLK-ABLOY-P2", "MUL-T-LOCK-MTL800": "BLK-MTL800"}

CustomerKind = Literal["domestic", "landlord", "agent", "business"]
Problem = Literal["lockout", "break_in", "lock_fault", "snapped_key"]
VisitKind = Literal["lock_change", "security_survey", "alarm_install", "alarm_service", "safe_opening"]
Slot = Literal["am", "pm"]
IdSeen = Literal["passport", "driving_licence", "utility_bill", "council_tax", "tenancy_agreement", "bank_statement"]
EntryMethod = Literal["non_destructive", "drill", "bypass", "snap"]
PartKind = Literal["lock", "alarm", "key_blank"]
Profile = Literal["EVVA-ICS", "ABLOY-PROTEC2", "MUL-T-LOCK-MTL800"]
KeyIdSeen = Literal["staff_badge", "passport", "driving_licence"]
Grade = Literal["grade_2", "grade_3"]
Monitoring = Literal["none", "keyholder", "police"]
Force = Literal["Harrowshire", "Westmere"]
PayMethod = Literal["card", "cash", "bacs", "cheque"]
Channel = Literal["sms", "email"]


class JobStatus(str, Enum):
    LOGGED = "logged"
    BOOKED = "booked"
    ASSIGNED = "assigned"
    ON_SITE = "on_site"
    COMPLETED = "completed"
    INVOICED = "invoiced"
    CANCELLED = "cancelled"


def is_error_message(reply) -> bool:
    """True for a refusal: a message whose id (``DBT`` and three digits) ends in ``E``."""
    return (isinstance(reply, str) and len(reply) > 8 and reply[:3] == "DBT" and reply[3:6].isdigit()
            and reply[6] == "E" and reply[7] == " ")


# --------------------------------------------------------------------------- state


class State:
    """Keyguard Locksmiths & Security, Unit 4, Forge Street, Harrowby, on Wednesday 5 November 2031 at 08:00."""

    def __init__(self) -> None:
        self.staff = {
            "amy.f": {"name": "Amy Ford", "password": "Job-Desk-24h", "role": "desk"},
            "sean.c": {"name": "Sean Cole", "password": "Pin-Tumbler-5", "role": "locksmith", "engineer": "ENG-01"},
            "dan.w": {"name": "Dan Whyte", "password": "Mortice-BS3621", "role": "locksmith", "engineer": "ENG-02"},
            "kerry.n": {"name": "Kerry Nash", "password": "Key-Cutter-12", "role": "locksmith", "engineer": "ENG-03"},
            "rhys.p": {"name": "Rhys Price", "password": "Grade-Two-PIR", "role": "installer", "engineer": "ENG-04"},
            "gail.k": {"name": "Gail Keyworth", "password": "Keyguard-1987", "role": "manager"},
        }
        self.sessions = {}
        self.prices = [
            ["callout_day", "Emergency call-out, 07:00-19:00, first 30 minutes", CALLOUT_FEE],
            ["callout_rate", "Call-out labour after the first 30 minutes, per hour", CALLOUT_RATE],
            ["visit_rate", "Planned work, per hour", VISIT_RATE],
            ["key_cut_restricted", "Restricted key cut from a registered system, each", 9.5],
            ["alarm_install_day", "Alarm installation labour, per hour", VISIT_RATE],
        ]
        self.parts = {  # code -> description, kind, price, stock
            "CYL-EURO-35/35": ["Anti-snap euro cylinder 35/35, TS007 3 star", "lock", 48.0, 12],
            "CYL-EURO-40/45": ["Anti-snap euro cylinder 40/45, TS007 3 star", "lock", 52.0, 6],
            "NL-5L-BS": ["5-lever mortice sashlock, BS3621", "lock", 38.0, 8],
            "NL-5L-DL": ["5-lever mortice deadlock, BS3621", "lock", 34.0, 5],
            "RIM-BS": ["Rim nightlatch, BS3621", "lock", 89.0, 3],
            "ALM-PANEL-G2": ["Grade 2 control panel with communicator", "alarm", 310.0, 2],
            "ALM-KP": ["Keypad with proximity reader", "alarm", 85.0, 3],
            "ALM-SNDR": ["External sounder with strobe", "alarm", 95.0, 4],
            "ALM-PIR": ["PIR movement detector", "alarm", 28.0, 20],
            "ALM-DC": ["Door contact", "alarm", 9.5, 40],
            "BLK-EVVA-ICS": ["Key blank, EVVA ICS", "key_blank", 14.0, 30],
            "BLK-ABLOY-P2": ["Key blank, Abloy Protec2", "key_blank", 16.0, 0],
            "BLK-MTL800": ["Key blank, Mul-T-Lock MTL800", "key_blank", 12.0, 10],
        }
        self.engineers = {
            "ENG-01": {"name": "Sean Cole", "skills": ["lockout", "lock_change", "safe_opening"]},
            "ENG-02": {"name": "Dan Whyte", "skills": ["lockout", "lock_change", "security_survey"]},
            "ENG-03": {"name": "Kerry Nash", "skills": ["lock_change", "safe_opening", "key_cutting"]},
            "ENG-04": {"name": "Rhys Price", "skills": ["alarm_install", "alarm_service", "security_survey"]},
        }
        self.customers = {
            "CU-1180": {"name": "Mrs Patricia Kemp", "kind": "domestic", "phone": "07700 900180", "email": None,
                        "address": "14 Alder Road, Harrowby", "postcode": "HB2 4JS"},
            "CU-1184": {"name": "Harrowby Community College", "kind": "business", "phone": "01632 961184",
                        "email": "estates@harrowby-college.example", "address": "College Road, Harrowby",
                        "postcode": "HB3 1CC"},
            "CU-1191": {"name": "Castle Lettings", "kind": "agent", "phone": "01632 961191",
                        "email": "maintenance@castlelettings.example", "address": "8 Castle Street, Harrowby",
                        "postcode": "HB1 2AA"},
            "CU-1195": {"name": "Mr Derek Stannard", "kind": "domestic", "phone": "07700 900195", "email": None,
                        "address": "27 Weavers Row, Harrowby", "postcode": "HB4 6NE"},
            "CU-1202": {"name": "The Old Mill Surgery", "kind": "business", "phone": "01632 961202",
                        "email": "practice.manager@oldmillsurgery.example", "address": "Mill Street, Harrowby",
                        "postcode": "HB1 5MS"},
            "CU-1207": {"name": "Mrs Amrit Dhillon", "kind": "domestic", "phone": "07700 900207",
                        "email": "amrit.dhillon@mail.example", "address": "3 Orchard Close, Little Harrow",
                        "postcode": "HB6 2PL"},
        }

        def job(customer, kind, status, day, slot=None, engineer=None, address=None, notes="", problem=None):
            return {"customer": customer, "kind": kind, "problem": problem, "status": status, "day": day, "slot": slot,
                    "engineer": engineer, "address": address or self.customers[customer]["address"], "notes": notes,
                    "arrived": None, "verified": None, "entry": None, "parts": [], "work": None, "minutes": None,
                    "alarm": None, "reason": None}

        self.jobs = {
            "JB-7702": job("CU-1191", "lock_change", "invoiced", "2031-10-29", "am", "ENG-02",
                           "Flat 1, 22 Quarry Street, Harrowby", "Change both cylinders after tenant left"),
            "JB-7724": job("CU-1191", "lock_change", "booked", TODAY, "am", "ENG-02",
                           "Flat 3, 22 Quarry Street, Harrowby", "New tenant Friday: change the mortice sashlock"),
            "JB-7727": job("CU-1207", "alarm_install", "booked", TODAY, "pm", "ENG-04", None,
                           "Quote QA-0312 accepted: grade 2, keyholder monitoring"),
            "JB-7729": job("CU-1184", "safe_opening", "booked", "2031-11-06", "am", "ENG-03",
                           "Bursar's office, College Road", "Bursar's safe: combination lost"),
            "JB-7730": job("CU-1195", "callout", "logged", TODAY, None, None, None,
                           "Locked out since 07:40; key snapped in the front door cylinder", "lockout"),
        }
        self.jobs["JB-7727"]["quote"] = "QA-0312"
        self.jobs["JB-7702"].update(work="Changed two euro cylinders", minutes=60,
                                    parts=[["CYL-EURO-35/35", 2, 96.0]])
        self.invoices = {"IN-7702": {"job": "JB-7702", "customer": "CU-1191", "issued": "2031-10-29", "net": 151.0,
                                     "vat": 30.2, "paid": 0.0}}
        self.quotes = {"QA-0312": {"customer": "CU-1207", "grade": "grade_2", "monitoring": "keyholder",
                                   "devices": ["ALM-PANEL-G2", "ALM-KP", "ALM-SNDR", "ALM-PIR", "ALM-PIR", "ALM-PIR",
                                               "ALM-DC", "ALM-DC", "ALM-DC"],
                                   "total": 1180.8, "status": "accepted", "signed_by": "Mrs Amrit Dhillon",
                                   "job": "JB-7727"}}
        self.alarms = {
            "AS-0401": {"customer": "CU-1184", "grade": "grade_3", "monitoring": "police", "panel": "G3-2271-0410",
                        "zones": 24, "keyholders": [["Mr Ian Thorne", "01632 961190", 15],
                                                    ["Mr Paul Rees", "07700 900411", 10]], "urn": "HP/4471/19"},
            "AS-0407": {"customer": "CU-1202", "grade": "grade_2", "monitoring": "police", "panel": "G2-3380-1175",
                        "zones": 10, "keyholders": [["Mr Graham Lowe", "07700 900407", 15]], "urn": None},
        }
        self.key_systems = {
            "MK-0211": {"customer": "CU-1184", "name": "College main site", "profile": "EVVA-ICS",
                        "signatories": {"Mr Ian Thorne": "Kestrel-Ridge"},
                        "suite": [["GMK", "grand master", "all doors"], ["MK-A", "master", "Science block"],
                                  ["MK-B", "master", "Sports hall"], ["SUB-A1", "sub-master", "Science labs 1-4"],
                                  ["CK-A101", "change", "Lab 1 prep room"]]},
        }
        self.keys = {
            "GMK/001": {"system": "MK-0211", "code": "GMK", "holder": "Mr Ian Thorne, bursar", "issued": "2024-09-02",
                        "status": "issued"},
            "GMK/002": {"system": "MK-0211", "code": "GMK", "holder": "Mr Paul Rees, caretaker", "issued": "2024-09-02",
                        "status": "issued"},
            "MK-A/001": {"system": "MK-0211", "code": "MK-A", "holder": "Dr Susan Hart, head of science",
                         "issued": "2025-01-06", "status": "issued"},
            "SUB-A1/001": {"system": "MK-0211", "code": "SUB-A1", "holder": "Mr Tom Avery, science technician",
                           "issued": "2025-01-06", "status": "issued"},
        }
        self.key_orders = {}
        self.urn_applications = {}
        self.messages = []
        self.counters = {"session": 1, "customer": 1214, "job": 7731, "quote": 318, "system": 219, "order": 556,
                         "alarm": 412, "urn": 61, "message": 830}


# --------------------------------------------------------------------------- helpers


def _session(state: State, token: str, *roles: str) -> Optional[str]:
    """The refusal for a missing session or a role that may not make the call (the manager may do
    everything), else None."""
    who = state.sessions.get(token)
    if who is None:
        return "DBT001E No session for that token; sign in again."
    if roles and who["role"] not in roles and who["role"] != "manager":
        return f"DBT002E {who['name']} ({who['role']}) may not do this; it is for {' or '.join(roles)}."
    return None


def _next(state: State, kind: str) -> int:
    n = state.counters[kind]
    state.counters[kind] = n + 1
    return n


def _date(text: str) -> Optional[datetime.date]:
    try:
        return datetime.date.fromisoformat(text)
    except (TypeError, ValueError):
        return None


def _money(x: float) -> float:
    return round(x + 1e-9, 2)


def _customer_dict(state: State, customer_id: str) -> Dict:
    c = state.customers[customer_id]
    return {"customer_id": customer_id, "name": c["name"], "kind": c["kind"], "phone": c["phone"], "email": c["email"],
            "address": c["address"], "postcode": c["postcode"]}


def _part_rows(state: State, j: Dict) -> List[list]:
    return [[code, state.parts[code][0], qty, amount] for code, qty, amount in j["parts"]]


def _labour(j: Dict) -> float:
    if j["kind"] == "callout":
        return _money(CALLOUT_FEE + max(0, j["minutes"] - 30) / 60 * CALLOUT_RATE)
    return _money(j["minutes"] / 60 * VISIT_RATE)


def _job_sheet(state: State, job_id: str) -> Dict:
    j = state.jobs[job_id]
    c = state.customers[j["customer"]]
    eng = state.engineers[j["engineer"]]["name"] if j["engineer"] else None
    return {"job_id": job_id, "customer_id": j["customer"], "customer": c["name"], "kind": j["kind"],
            "problem": j["problem"], "status": j["status"], "day": j["day"], "slot": j["slot"], "engineer": eng,
            "address": j["address"], "notes": j["notes"], "arrived": j["arrived"], "occupier_checked": j["verified"],
            "entry": j["entry"], "parts": _part_rows(state, j), "work_done": j["work"], "minutes": j["minutes"],
            "quote_id": j.get("quote"), "alarm_id": j["alarm"]}


def _job(state: State, job_id: str) -> Union[Dict, str]:
    j = state.jobs.get(job_id)
    if j is None:
        return f"DBT010E No job {job_id}."
    return j


def _system(state: State, system_id: str) -> Union[Dict, str]:
    s = state.key_systems.get(system_id)
    if s is None:
        return f"DBT010E No key system {system_id}."
    return s


def _busy(state: State, engineer_id: str, day: str, slot: str) -> Optional[str]:
    for jid, j in state.jobs.items():
        if j["engineer"] == engineer_id and j["day"] == day and j["slot"] == slot and j["status"] in ("booked", "on_site"):
            return jid
    return None


# --------------------------------------------------------------------------- sign-in and public lists


async def sign_in(state: State, username: str, password: str) -> str:
    """Sign in to the job desk.

    :param username: The staff user name, such as ``amy.f``.
    :param password: The password.
    :returns: The session token (a bare string) that every other call takes.
    """
    user = state.staff.get(username)
    if user is None or user["password"] != password:
        return "DBT003E Wrong user name or password."
    token = f"kg-{username.split('.')[0]}-{_next(state, 'session'):03d}"
    state.sessions[token] = {"user": username, "name": user["name"], "role": user["role"]}
    return token


async def sign_out(state: State, token: str) -> Union[bool, str]:
    """Sign out and end the session.

    :param token: The session token.
    :returns: ``True``.
    """
    if (err := _session(state, token)):
        return err
    state.sessions.pop(token)
    return True


async def price_guide(state: State) -> List[list]:
    """The firm's published prices (public, no sign-in).

    :returns: Rows of ``[code, description, price]``.
    """
    return [list(row) for row in state.prices]


async def parts_catalogue(state: State, kind: Optional[PartKind] = None) -> List[list]:
    """The parts catalogue (public, no sign-in): locks and cylinders, alarm devices and key blanks.

    :param kind: Only ``lock``, ``alarm`` or ``key_blank`` parts.
    :returns: Rows of ``[code, description, kind, price, in_stock]``, by code.
    """
    return [[code, p[0], p[1], p[2], p[3]] for code, p in sorted(state.parts.items()) if kind is None or p[1] == kind]


# --------------------------------------------------------------------------- customers


async def find_customer(state: State, token: str, text: str) -> Union[List[list], str]:
    """Look customers up by part of a name, an address, a postcode or a phone number.

    :param token: The session token.
    :param text: What to look for.
    :returns: Rows of ``[customer_id, name, kind, postcode, phone]``.
    """
    if (err := _session(state, token)):
        return err
    t = text.strip().lower()
    if not t:
        return "DBT020E Say what to look for."
    return [[cid, c["name"], c["kind"], c["postcode"], c["phone"]] for cid, c in sorted(state.customers.items())
            if t in " ".join([c["name"], c["address"], c["postcode"], c["phone"]]).lower()]


async def new_customer(state: State, token: str, name: str, kind: CustomerKind, phone: str, address: str,
                       postcode: str, email: Optional[str] = None) -> Union[Dict, str]:
    """Register a new customer.

    :param token: The session token.
    :param name: The customer's name (a person with title, or a business).
    :param kind: ``domestic``, ``landlord``, ``agent`` or ``business``.
    :param phone: A contact number.
    :param address: The address.
    :param postcode: The postcode.
    :param email: An e-mail address, if they have one.
    :returns: The customer, with the new customer id.
    """
    if (err := _session(state, token, "desk")):
        return err
    if kind not in ("domestic", "landlord", "agent", "business"):
        return f"DBT020E {kind!r} is not a kind of customer."
    if email is not None and "@" not in email:
        return f"DBT020E {email!r} is not an e-mail address."
    if not postcode.strip().upper().startswith("HB"):
        return f"DBT040E {postcode} is outside the Harrowby area the firm covers."
    for cid, c in state.customers.items():
        if c["phone"].replace(" ", "") == phone.replace(" ", ""):
            return f"DBT030E {c['name']} is already customer {cid} with that phone number."
    cid = f"CU-{_next(state, 'customer')}"
    state.customers[cid] = {"name": name.strip(), "kind": kind, "phone": phone.strip(),
                            "email": email.strip() if email else None, "address": address.strip(),
                            "postcode": postcode.strip().upper()}
    return _customer_dict(state, cid)


async def update_customer(state: State, token: str, customer_id: str, phone: Optional[str] = None,
                          email: Optional[str] = None, address: Optional[str] = None) -> Union[Dict, str]:
    """Change a customer's phone number, e-mail address or address; nothing to change is refused.

    :param token: The session token.
    :param customer_id: The customer (``CU-....``).
    :param phone: A new phone number.
    :param email: A new e-mail address.
    :param address: A new address.
    :returns: The customer as now recorded.
    """
    if (err := _session(state, token, "desk")):
        return err
    c = state.customers.get(customer_id)
    if c is None:
        return f"DBT010E No customer {customer_id}."
    changes = {}
    for key, value in (("phone", phone), ("email", email), ("address", address)):
        if value is not None and value.strip() != (c[key] or ""):
            changes[key] = value.strip()
    if "email" in changes and "@" not in changes["email"]:
        return f"DBT020E {email!r} is not an e-mail address."
    if not changes:
        return f"DBT031E Nothing to change: those are already {c['name']}'s details."
    c.update(changes)
    return _customer_dict(state, customer_id)


async def customer_file(state: State, token: str, customer_id: str) -> Union[Dict, str]:
    """A customer's file.

    :param token: The session token.
    :param customer_id: The customer (``CU-....``).
    :returns: The customer's details, with ``jobs`` as rows of ``[job_id, kind, day, status]``,
        ``key_systems`` as rows of ``[system_id, name, profile]``, ``alarms`` as rows of
        ``[alarm_id, grade, monitoring, urn]`` and ``invoices`` as rows of
        ``[invoice_id, job_id, total, balance, status]``.
    """
    if (err := _session(state, token)):
        return err
    if customer_id not in state.customers:
        return f"DBT010E No customer {customer_id}."
    out = _customer_dict(state, customer_id)
    out["jobs"] = [[jid, j["kind"], j["day"], j["status"]] for jid, j in sorted(state.jobs.items())
                   if j["customer"] == customer_id]
    out["key_systems"] = [[sid, s["name"], s["profile"]] for sid, s in sorted(state.key_systems.items())
                          if s["customer"] == customer_id]
    out["alarms"] = [[aid, a["grade"], a["monitoring"], a["urn"]] for aid, a in sorted(state.alarms.items())
                     if a["customer"] == customer_id]
    rows = []
    for iid, inv in sorted(state.invoices.items()):
        if inv["customer"] == customer_id:
            total = _money(inv["net"] + inv["vat"])
            balance = _money(total - inv["paid"])
            rows.append([iid, inv["job"], total, balance, "paid" if balance <= 0 else "unpaid"])
    out["invoices"] = rows
    return out


async def notify_customer(state: State, token: str, customer_id: str, channel: Channel, message: str) -> Union[bool, str]:
    """Send a customer a text or an e-mail from the desk.

    :param token: The session token.
    :param customer_id: The customer (``CU-....``).
    :param channel: ``sms`` or ``email``.
    :param message: The text.
    :returns: ``True`` once sent.
    """
    if (err := _session(state, token, "desk")):
        return err
    c = state.customers.get(customer_id)
    if c is None:
        return f"DBT010E No customer {customer_id}."
    if not message.strip():
        return "DBT020E The message is empty."
    if channel == "email" and not c["email"]:
        return f"DBT032E No e-mail address on file for {c['name']}."
    if channel not in ("sms", "email"):
        return f"DBT020E {channel!r} is not a channel."
    state.messages.append({"id": f"MSG-{_next(state, 'message')}", "customer": customer_id, "channel": channel,
                           "to": c["email"] if channel == "email" else c["phone"], "text": message.strip()})
    return True


# --------------------------------------------------------------------------- jobs


async def log_callout(state: State, token: str, customer_id: str, problem: Problem, notes: str,
                      address: Optional[str] = None) -> str:
    """Log an emergency call-out for a customer.

    :param token: The session token.
    :param customer_id: The customer (``CU-....``).
    :param problem: ``lockout``, ``break_in``, ``lock_fault`` or ``snapped_key``.
    :param notes: What the caller says, in their words.
    :param address: Where, if not the customer's own address.
    :returns: A sentence giving the call-out's job number and the call-out charge.
    """
    if (err := _session(state, token, "desk")):
        return err
    c = state.customers.get(customer_id)
    if c is None:
        return f"DBT010E No customer {customer_id}."
    if problem not in ("lockout", "break_in", "lock_fault", "snapped_key"):
        return f"DBT020E {problem!r} is not a call-out problem."
    if not notes.strip():
        return "DBT020E Take down what the caller says."
    jid = f"JB-{_next(state, 'job')}"
    state.jobs[jid] = {"customer": customer_id, "kind": "callout", "problem": problem, "status": "logged", "day": TODAY,
                       "slot": None, "engineer": None, "address": (address or c["address"]).strip(),
                       "notes": notes.strip(), "arrived": None, "verified": None, "entry": None, "parts": [],
                       "work": None, "minutes": None, "alarm": None, "reason": None}
    return (f"DBT101I Call-out {jid} logged for {c['name']} at {state.jobs[jid]['address']} ({problem.replace('_', ' ')}); "
            f"call-out charge {CALLOUT_FEE:.2f} plus VAT.")


async def engineer_board(state: State, token: str, day: str) -> Union[List[list], str]:
    """The engineers' board for a day.

    :param token: The session token.
    :param day: The day (``YYYY-MM-DD``).
    :returns: Rows of ``[engineer_id, name, skills, am_job, pm_job, on_site_now]``: the morning's and
        afternoon's jobs (``None`` when free) and the job the engineer is on site at now.
    """
    if (err := _session(state, token)):
        return err
    d = _date(day)
    if d is None:
        return f"DBT020E {day!r} is not a date (YYYY-MM-DD)."
    out = []
    for eid, e in state.engineers.items():
        on_site = next((jid for jid, j in state.jobs.items() if j["engineer"] == eid and j["status"] == "on_site"), None)
        out.append([eid, e["name"], list(e["skills"]), _busy(state, eid, d.isoformat(), "am"),
                    _busy(state, eid, d.isoformat(), "pm"), on_site if d.isoformat() == TODAY else None])
    return out


async def assign_engineer(state: State, token: str, job_id: str, engineer_id: str) -> Union[Dict, str]:
    """Send an engineer to a logged call-out, or hand a booked visit to another engineer.

    :param token: The session token.
    :param job_id: The job (``JB-....``).
    :param engineer_id: The engineer (``ENG-..``).
    :returns: The job sheet.
    """
    if (err := _session(state, token, "desk")):
        return err
    j = _job(state, job_id)
    if isinstance(j, str):
        return j
    e = state.engineers.get(engineer_id)
    if e is None:
        return f"DBT010E No engineer {engineer_id}."
    if j["status"] not in ("logged", "assigned", "booked"):
        return f"DBT230E Job {job_id} is {j['status'].replace('_', ' ')}; only a logged, assigned or booked job is assigned."
    if j["engineer"] == engineer_id:
        return f"DBT031E {e['name']} already has job {job_id}."
    skill = "lockout" if j["kind"] == "callout" else j["kind"]
    if skill not in e["skills"]:
        return f"DBT240E {e['name']} does not do {skill.replace('_', ' ')} work."
    if j["kind"] == "callout":
        if any(o["engineer"] == engineer_id and o["status"] == "on_site" and o is not j for o in state.jobs.values()):
            return f"DBT241E {e['name']} is on site at another job."
        j["status"] = "assigned"
    else:
        taken = _busy(state, engineer_id, j["day"], j["slot"])
        if taken:
            return f"DBT241E {e['name']} has job {taken} that {j['slot']}."
    j["engineer"] = engineer_id
    return _job_sheet(state, job_id)


async def book_visit(state: State, token: str, customer_id: str, kind: VisitKind, day: str, slot: Slot,
                     engineer_id: str, notes: str, address: Optional[str] = None) -> str:
    """Book a planned visit into an engineer's diary, morning or afternoon.

    :param token: The session token.
    :param customer_id: The customer (``CU-....``).
    :param kind: ``lock_change``, ``security_survey``, ``alarm_install``, ``alarm_service`` or
        ``safe_opening``.
    :param day: The day (``YYYY-MM-DD``).
    :param slot: ``am`` or ``pm``.
    :param engineer_id: The engineer (``ENG-..``).
    :param notes: What the visit is for.
    :param address: Where, if not the customer's own address.
    :returns: A sentence giving the visit's job number.
    """
    if (err := _session(state, token, "desk")):
        return err
    c = state.customers.get(customer_id)
    if c is None:
        return f"DBT010E No customer {customer_id}."
    d = _date(day)
    if d is None:
        return f"DBT020E {day!r} is not a date (YYYY-MM-DD)."
    if d.isoformat() < TODAY or (d - datetime.date.fromisoformat(TODAY)).days > 42:
        return "DBT040E Visits are booked from today up to six weeks ahead."
    if d.weekday() == 6:
        return "DBT040E No planned work on Sundays; Sunday is for call-outs only."
    if slot not in ("am", "pm"):
        return f"DBT020E {slot!r} is not a slot (am or pm)."
    e = state.engineers.get(engineer_id)
    if e is None:
        return f"DBT010E No engineer {engineer_id}."
    if kind not in e["skills"]:
        return f"DBT240E {e['name']} does not do {kind.replace('_', ' ')} work."
    taken = _busy(state, engineer_id, d.isoformat(), slot)
    if taken:
        return f"DBT241E {e['name']} has job {taken} on {d.isoformat()} {slot}."
    if kind == "alarm_install":
        quote = next((qid for qid, q in sorted(state.quotes.items())
                      if q["customer"] == customer_id and q["status"] == "accepted" and not q.get("job")), None)
        if quote is None:
            return f"DBT250E {c['name']} has no accepted alarm quote to install."
        notes = f"{notes.strip()} (quote {quote})"
    else:
        quote = None
    jid = f"JB-{_next(state, 'job')}"
    if quote:
        state.quotes[quote]["job"] = jid
    state.jobs[jid] = {"customer": customer_id, "kind": kind, "problem": None, "status": "booked", "day": d.isoformat(),
                       "slot": slot, "engineer": engineer_id, "address": (address or c["address"]).strip(),
                       "notes": notes.strip(), "arrived": None, "verified": None, "entry": None, "parts": [],
                       "work": None, "minutes": None, "alarm": None, "reason": None, "quote": quote}
    return (f"DBT102I Visit {jid} booked: {kind.replace('_', ' ')} for {c['name']} on {d.isoformat()} {slot} "
            f"with {e['name']}.")


async def job_list(state: State, token: str, status: Optional[JobStatus] = None, day: Optional[str] = None) -> Union[List[list], str]:
    """The jobs, by job number.

    :param token: The session token.
    :param status: Only jobs in this status: ``logged``, ``booked``, ``assigned``, ``on_site``,
        ``completed``, ``invoiced`` or ``cancelled``.
    :param day: Only jobs on this day (``YYYY-MM-DD``).
    :returns: Rows of ``[job_id, customer, kind, status, day, slot, engineer_id]``.
    """
    if (err := _session(state, token)):
        return err
    want = None
    if status is not None:
        try:
            want = status.value if isinstance(status, JobStatus) else JobStatus(status).value
        except ValueError:
            return f"DBT020E {status!r} is not a job status."
    return [[jid, state.customers[j["customer"]]["name"], j["kind"], j["status"], j["day"], j["slot"], j["engineer"]]
            for jid, j in sorted(state.jobs.items())
            if (want is None or j["status"] == want) and (day is None or j["day"] == day)]


async def job_sheet(state: State, token: str, job_id: str) -> Union[Dict, str]:
    """A job's sheet.

    :param token: The session token.
    :param job_id: The job (``JB-....``).
    :returns: The job with its customer, kind, status, day, engineer, address, notes, arrival, identity
        check, entry, ``parts`` as rows of ``[code, description, quantity, amount]``, work done and any
        alarm commissioned.
    """
    if (err := _session(state, token)):
        return err
    j = _job(state, job_id)
    if isinstance(j, str):
        return j
    return _job_sheet(state, job_id)


async def arrive_on_site(state: State, token: str, job_id: str) -> Union[Dict, str]:
    """Record the engineer's arrival at a job today.

    :param token: The session token.
    :param job_id: The job (``JB-....``).
    :returns: The job, its engineer, the address and the time of arrival.
    """
    if (err := _session(state, token, "locksmith", "installer")):
        return err
    j = _job(state, job_id)
    if isinstance(j, str):
        return j
    if j["day"] != TODAY:
        return f"DBT230E Job {job_id} is on {j['day']}, not today."
    if j["status"] == "logged":
        return f"DBT230E Call-out {job_id} has no engineer assigned yet."
    if j["status"] not in ("assigned", "booked"):
        return f"DBT230E Job {job_id} is {j['status'].replace('_', ' ')}."
    j["status"], j["arrived"] = "on_site", "08:40" if j["kind"] == "callout" else ("09:00" if j["slot"] == "am" else "13:00")
    return {"job_id": job_id, "engineer": state.engineers[j["engineer"]]["name"], "address": j["address"],
            "arrived": j["arrived"], "status": "on_site"}


async def verify_occupier(state: State, token: str, job_id: str, id_seen: IdSeen, name_on_document: str,
                          address_matches: bool) -> Union[Dict, str]:
    """Record the check of the occupier's right to enter before a locksmith gains entry.

    :param token: The session token.
    :param job_id: The call-out (``JB-....``).
    :param id_seen: The document seen: ``passport``, ``driving_licence``, ``utility_bill``,
        ``council_tax``, ``tenancy_agreement`` or ``bank_statement``.
    :param name_on_document: The name on it.
    :param address_matches: Whether it shows the address of the property.
    :returns: The check as recorded.
    """
    if (err := _session(state, token, "locksmith")):
        return err
    j = _job(state, job_id)
    if isinstance(j, str):
        return j
    if j["kind"] != "callout":
        return f"DBT230E Job {job_id} is a planned visit; the occupier check is for call-outs."
    if j["status"] != "on_site":
        return f"DBT230E Job {job_id} is {j['status'].replace('_', ' ')}; the check is made on site."
    if j["verified"]:
        return f"DBT031E The occupier for {job_id} is already checked ({j['verified']})."
    if not address_matches:
        return "DBT260E The document must show the property's address; without it the firm does not gain entry."
    if id_seen not in ("passport", "driving_licence", "utility_bill", "council_tax", "tenancy_agreement",
                       "bank_statement"):
        return f"DBT020E {id_seen!r} is not a document the firm accepts."
    surname = state.customers[j["customer"]]["name"].split()[-1].lower()
    if surname not in name_on_document.lower():
        return f"DBT260E {name_on_document} is not the customer on the job; the person named on the job must be there."
    j["verified"] = f"{id_seen.replace('_', ' ')} in the name of {name_on_document.strip()}"
    return {"job_id": job_id, "checked": j["verified"], "address": j["address"], "by": state.engineers[j["engineer"]]["name"]}


async def gain_entry(state: State, token: str, job_id: str, method: EntryMethod, notes: str) -> Union[Dict, str]:
    """Record how the locksmith got into the property on a call-out.

    :param token: The session token.
    :param job_id: The call-out (``JB-....``).
    :param method: ``non_destructive``, ``drill``, ``bypass`` or ``snap``.
    :param notes: What was done and found.
    :returns: The entry as recorded.
    """
    if (err := _session(state, token, "locksmith")):
        return err
    j = _job(state, job_id)
    if isinstance(j, str):
        return j
    if j["kind"] != "callout" or j["problem"] not in ("lockout", "break_in", "snapped_key"):
        return f"DBT230E Job {job_id} is not a call-out to get someone in."
    if j["status"] != "on_site":
        return f"DBT230E Job {job_id} is {j['status'].replace('_', ' ')}; entry is gained on site."
    if not j["verified"]:
        return f"DBT261E The occupier's right to enter has not been checked for {job_id}; check it before entry."
    if j["entry"]:
        return f"DBT031E Entry for {job_id} is already recorded."
    if method not in ("non_destructive", "drill", "bypass", "snap"):
        return f"DBT020E {method!r} is not an entry method."
    j["entry"] = f"{method.replace('_', ' ')}: {notes.strip()}"
    return {"job_id": job_id, "entry": j["entry"], "time": "08:55"}


async def add_part(state: State, token: str, job_id: str, part_code: str, quantity: int) -> Union[Dict, str]:
    """Fit parts from the van stock on a job that is on site.

    :param token: The session token.
    :param job_id: The job (``JB-....``).
    :param part_code: The part's code.
    :param quantity: How many.
    :returns: The job sheet with its parts.
    """
    if (err := _session(state, token, "locksmith", "installer")):
        return err
    j = _job(state, job_id)
    if isinstance(j, str):
        return j
    if j["status"] != "on_site":
        return f"DBT230E Job {job_id} is {j['status'].replace('_', ' ')}; parts are fitted on site."
    p = state.parts.get(part_code)
    if p is None:
        return f"DBT010E No part {part_code!r}."
    if p[1] == "key_blank":
        return "DBT020E Key blanks go on key orders, not jobs."
    if not 1 <= quantity <= 10:
        return "DBT020E 1 to 10 of a part."
    used = sum(q for code, q, _ in j["parts"] if code == part_code)
    if p[3] < quantity:
        return f"DBT270E Only {p[3]} of {part_code} in stock."
    p[3] -= quantity
    for line in j["parts"]:
        if line[0] == part_code:
            line[1] = used + quantity
            line[2] = _money(p[2] * line[1])
            break
    else:
        j["parts"].append([part_code, quantity, _money(p[2] * quantity)])
    return _job_sheet(state, job_id)


async def remove_part(state: State, token: str, job_id: str, part_code: str) -> Union[Dict, str]:
    """Take a part off a job that is on site (back into stock).

    :param token: The session token.
    :param job_id: The job (``JB-....``).
    :param part_code: The part's code.
    :returns: The job sheet with its parts.
    """
    if (err := _session(state, token, "locksmith", "installer")):
        return err
    j = _job(state, job_id)
    if isinstance(j, str):
        return j
    if j["status"] != "on_site":
        return f"DBT230E Job {job_id} is {j['status'].replace('_', ' ')}; parts change on site."
    for line in j["parts"]:
        if line[0] == part_code:
            j["parts"].remove(line)
            state.parts[part_code][3] += line[1]
            return _job_sheet(state, job_id)
    return f"DBT271E Job {job_id} has no {part_code} fitted."


async def complete_job(state: State, token: str, job_id: str, work_done: str, minutes: int) -> Union[Dict, str]:
    """Complete a job that is on site.

    :param token: The session token.
    :param job_id: The job (``JB-....``).
    :param work_done: What was done, for the invoice.
    :param minutes: The minutes on site.
    :returns: The completed job with its labour and parts charges.
    """
    if (err := _session(state, token, "locksmith", "installer")):
        return err
    j = _job(state, job_id)
    if isinstance(j, str):
        return j
    if j["status"] != "on_site":
        return f"DBT230E Job {job_id} is {j['status'].replace('_', ' ')}; only a job on site is completed."
    if j["kind"] == "callout" and j["problem"] in ("lockout", "break_in", "snapped_key") and not j["entry"]:
        return f"DBT262E No entry is recorded for call-out {job_id}."
    if j["kind"] == "alarm_install" and not j["alarm"]:
        return f"DBT280E The alarm on {job_id} is not commissioned."
    if not work_done.strip():
        return "DBT020E Say what was done."
    if not 5 <= minutes <= 600:
        return "DBT020E Minutes on site run from 5 to 600."
    j["status"], j["work"], j["minutes"] = "completed", work_done.strip(), minutes
    return {"job_id": job_id, "status": "completed", "work_done": j["work"], "minutes": minutes,
            "labour": _labour(j), "parts": _money(sum(a for _, _, a in j["parts"]))}


async def invoice_job(state: State, token: str, job_id: str) -> str:
    """Invoice a completed job: labour, parts and VAT.

    :param token: The session token.
    :param job_id: The job (``JB-....``).
    :returns: A sentence giving the invoice number and the total.
    """
    if (err := _session(state, token, "desk")):
        return err
    j = _job(state, job_id)
    if isinstance(j, str):
        return j
    if j["status"] != "completed":
        return f"DBT230E Job {job_id} is {j['status'].replace('_', ' ')}; jobs are invoiced once completed."
    if j.get("quote"):  # an installation is billed at the accepted quote, plus any parts added on the day
        net = _money(state.quotes[j["quote"]]["total"] / (1 + VAT) + sum(a for _, _, a in j["parts"]))
    else:
        net = _money(_labour(j) + sum(a for _, _, a in j["parts"]))
    vat = _money(net * VAT)
    iid = f"IN-{job_id[3:]}"
    state.invoices[iid] = {"job": job_id, "customer": j["customer"], "issued": TODAY, "net": net, "vat": vat, "paid": 0.0}
    j["status"] = "invoiced"
    return f"DBT201I Invoice {iid} raised for job {job_id}: {net:.2f} plus VAT {vat:.2f}, total {net + vat:.2f}."


async def take_payment(state: State, token: str, invoice_id: str, amount: float, method: PayMethod) -> Union[float, str]:
    """Take a payment against an invoice.

    :param token: The session token.
    :param invoice_id: The invoice (``IN-....``).
    :param amount: The amount in pounds, up to the balance.
    :param method: ``card``, ``cash``, ``bacs`` or ``cheque``.
    :returns: The balance left on the invoice (a bare number).
    """
    if (err := _session(state, token, "desk")):
        return err
    inv = state.invoices.get(invoice_id)
    if inv is None:
        return f"DBT010E No invoice {invoice_id}."
    balance = _money(inv["net"] + inv["vat"] - inv["paid"])
    if balance <= 0:
        return f"DBT031E Invoice {invoice_id} is already paid."
    if not 0 < amount <= balance + 1e-9:
        return f"DBT020E A payment is more than nothing and at most the balance of {balance:.2f}."
    if method not in ("card", "cash", "bacs", "cheque"):
        return f"DBT020E {method!r} is not a payment method."
    inv["paid"] = _money(inv["paid"] + amount)
    return _money(balance - amount)


async def cancel_job(state: State, token: str, job_id: str, reason: str) -> str:
    """Cancel a job before anyone is on site.

    :param token: The session token.
    :param job_id: The job (``JB-....``).
    :param reason: Why.
    :returns: A sentence confirming the cancellation.
    """
    if (err := _session(state, token, "desk")):
        return err
    j = _job(state, job_id)
    if isinstance(j, str):
        return j
    if j["status"] not in ("logged", "assigned", "booked"):
        return f"DBT230E Job {job_id} is {j['status'].replace('_', ' ')}; it can no longer be cancelled."
    if not reason.strip():
        return "DBT020E Give a reason."
    j["status"], j["reason"] = "cancelled", reason.strip()
    return f"DBT103I Job {job_id} cancelled: {reason.strip()}"


# --------------------------------------------------------------------------- restricted key systems


async def key_systems(state: State, token: str, customer_id: Optional[str] = None) -> Union[List[list], str]:
    """The restricted master key systems the firm registers.

    :param token: The session token.
    :param customer_id: Only this customer's systems.
    :returns: Rows of ``[system_id, customer, name, profile, signatories, keys_issued]``.
    """
    if (err := _session(state, token)):
        return err
    out = []
    for sid, s in sorted(state.key_systems.items()):
        if customer_id is None or s["customer"] == customer_id:
            issued = sum(1 for k in state.keys.values() if k["system"] == sid and k["status"] == "issued")
            out.append([sid, state.customers[s["customer"]]["name"], s["name"], s["profile"], sorted(s["signatories"]),
                        issued])
    return out


async def register_key_system(state: State, token: str, customer_id: str, name: str, profile: Profile, doors: int,
                              signatory: str, passphrase: str) -> str:
    """Register a new restricted master key system for a customer, with its first authorised signatory.

    :param token: The session token.
    :param customer_id: The customer (``CU-....``).
    :param name: The site or building.
    :param profile: ``EVVA-ICS``, ``ABLOY-PROTEC2`` or ``MUL-T-LOCK-MTL800``.
    :param doors: How many doors have their own change key.
    :param signatory: The person who may order keys.
    :param passphrase: The passphrase the signatory gives with every order.
    :returns: A sentence giving the key system's number and its suite.
    """
    if (err := _session(state, token, "desk")):
        return err
    c = state.customers.get(customer_id)
    if c is None:
        return f"DBT010E No customer {customer_id}."
    if c["kind"] == "domestic":
        return "DBT300E Restricted key systems are registered for business, agent or landlord customers only."
    if profile not in BLANKS:
        return f"DBT020E {profile!r} is not a profile the firm supplies."
    if not 1 <= doors <= 40:
        return "DBT020E A system has 1 to 40 doors."
    if not signatory.strip() or len(passphrase.strip()) < 8:
        return "DBT020E Name the signatory and give a passphrase of 8 characters or more."
    sid = f"MK-{_next(state, 'system'):04d}"
    suite = [["GMK", "grand master", "all doors"], ["MK", "master", name.strip()]]
    suite += [[f"CK-{n:02d}", "change", f"door {n}"] for n in range(1, doors + 1)]
    state.key_systems[sid] = {"customer": customer_id, "name": name.strip(), "profile": profile,
                              "signatories": {signatory.strip(): passphrase.strip()}, "suite": suite}
    return (f"DBT301I Key system {sid} '{name.strip()}' registered for {c['name']}: {profile}, GMK, MK and {doors} change "
            f"keys; signatory {signatory.strip()}.")


async def add_signatory(state: State, token: str, system_id: str, name: str, passphrase: str) -> Union[Dict, str]:
    """Add an authorised signatory to a key system, on the customer's written instruction.

    :param token: The session token.
    :param system_id: The key system (``MK-....``).
    :param name: The new signatory.
    :param passphrase: Their passphrase.
    :returns: The system's signatories.
    """
    if (err := _session(state, token, "desk")):
        return err
    s = _system(state, system_id)
    if isinstance(s, str):
        return s
    if name.strip() in s["signatories"]:
        return f"DBT031E {name} is already a signatory on {system_id}."
    if len(passphrase.strip()) < 8:
        return "DBT020E A passphrase has 8 characters or more."
    if len(s["signatories"]) >= 4:
        return f"DBT300E {system_id} has four signatories; remove one first."
    s["signatories"][name.strip()] = passphrase.strip()
    return {"system_id": system_id, "signatories": sorted(s["signatories"]), "added": name.strip()}


async def key_register(state: State, token: str, system_id: str) -> Union[List[list], str]:
    """A key system's suite: every key code in its hierarchy.

    :param token: The session token.
    :param system_id: The key system (``MK-....``).
    :returns: Rows of ``[key_code, level, opens, keys_issued]``.
    """
    if (err := _session(state, token)):
        return err
    s = _system(state, system_id)
    if isinstance(s, str):
        return s
    return [[code, level, opens, sum(1 for k in state.keys.values()
                                     if k["system"] == system_id and k["code"] == code and k["status"] == "issued")]
            for code, level, opens in s["suite"]]


async def order_keys(state: State, token: str, system_id: str, key_code: str, quantity: int, signatory: str,
                     passphrase: str) -> str:
    """Take an order for keys of one code on a key system from an authorised signatory.

    :param token: The session token.
    :param system_id: The key system (``MK-....``).
    :param key_code: The key code in the suite.
    :param quantity: How many keys.
    :param signatory: The signatory placing the order.
    :param passphrase: The signatory's passphrase.
    :returns: A sentence giving the key order's number.
    """
    if (err := _session(state, token, "desk")):
        return err
    s = _system(state, system_id)
    if isinstance(s, str):
        return s
    if s["signatories"].get(signatory.strip()) != passphrase.strip():
        return f"DBT310E {signatory} is not an authorised signatory on {system_id}, or the passphrase is wrong."
    if key_code not in [row[0] for row in s["suite"]]:
        return f"DBT010E No key code {key_code!r} in {system_id}'s suite."
    if not 1 <= quantity <= MAX_KEYS_PER_ORDER:
        return f"DBT020E 1 to {MAX_KEYS_PER_ORDER} keys an order."
    oid = f"KO-{_next(state, 'order'):04d}"
    state.key_orders[oid] = {"system": system_id, "code": key_code, "quantity": quantity, "signatory": signatory.strip(),
                             "status": "ordered", "keys": []}
    return f"DBT311I Key order {oid}: {quantity} x {key_code} on {system_id}, ordered by {signatory.strip()}."


async def cut_keys(state: State, token: str, order_id: str) -> Union[List[str], str]:
    """Cut and stamp the keys of a key order.

    :param token: The session token.
    :param order_id: The key order (``KO-....``).
    :returns: The key numbers stamped (a bare list).
    """
    if (err := _session(state, token, "locksmith")):
        return err
    o = state.key_orders.get(order_id)
    if o is None:
        return f"DBT010E No key order {order_id}."
    if o["status"] != "ordered":
        return f"DBT230E Key order {order_id} is already {o['status']}."
    who = state.sessions[token]
    if o["code"] == "GMK" and who["role"] != "manager":
        return "DBT312E Only the manager cuts grand master keys."
    blank = BLANKS[state.key_systems[o["system"]]["profile"]]
    if state.parts[blank][3] < o["quantity"]:
        return f"DBT270E Only {state.parts[blank][3]} {blank} blanks in stock."
    state.parts[blank][3] -= o["quantity"]
    start = 1 + sum(1 for k in state.keys if k.startswith(f"{o['code']}/") and state.keys[k]["system"] == o["system"])
    start += sum(len(x["keys"]) for x in state.key_orders.values()
                 if x["system"] == o["system"] and x["code"] == o["code"] and x["status"] == "cut")
    o["keys"] = [f"{o['code']}/{n:03d}" for n in range(start, start + o["quantity"])]
    o["status"] = "cut"
    return list(o["keys"])


async def issue_keys(state: State, token: str, order_id: str, issued_to: str, id_seen: KeyIdSeen) -> Union[Dict, str]:
    """Issue the cut keys of a key order to the person collecting them, entering them in the register.

    :param token: The session token.
    :param order_id: The key order (``KO-....``).
    :param issued_to: Who collects and holds the keys.
    :param id_seen: ``staff_badge``, ``passport`` or ``driving_licence``.
    :returns: The keys issued and their holder.
    """
    if (err := _session(state, token, "desk", "locksmith")):
        return err
    o = state.key_orders.get(order_id)
    if o is None:
        return f"DBT010E No key order {order_id}."
    if o["status"] == "ordered":
        return f"DBT230E The keys on {order_id} are not cut yet."
    if o["status"] != "cut":
        return f"DBT230E Key order {order_id} is already {o['status']}."
    if id_seen not in ("staff_badge", "passport", "driving_licence"):
        return f"DBT020E {id_seen!r} is not an identity the firm accepts for keys."
    for k in o["keys"]:
        state.keys[k] = {"system": o["system"], "code": o["code"], "holder": issued_to.strip(), "issued": TODAY,
                         "status": "issued"}
    o["status"] = "issued"
    return {"order_id": order_id, "system_id": o["system"], "keys": list(o["keys"]), "issued_to": issued_to.strip(),
            "id_seen": id_seen}


async def key_holders(state: State, token: str, system_id: str) -> Union[List[list], str]:
    """Every key of a system entered in the register, by key number.

    :param token: The session token.
    :param system_id: The key system (``MK-....``).
    :returns: Rows of ``[key_number, key_code, holder, issued_on, status]``.
    """
    if (err := _session(state, token)):
        return err
    s = _system(state, system_id)
    if isinstance(s, str):
        return s
    return [[kid, k["code"], k["holder"], k["issued"], k["status"]] for kid, k in sorted(state.keys.items())
            if k["system"] == system_id]


async def return_key(state: State, token: str, system_id: str, key_number: str, returned_by: str) -> Union[Dict, str]:
    """Record an issued key handed back to the firm.

    :param token: The session token.
    :param system_id: The key system (``MK-....``).
    :param key_number: The stamped key number.
    :param returned_by: Who handed it in.
    :returns: The key as now recorded.
    """
    if (err := _session(state, token, "desk", "locksmith")):
        return err
    s = _system(state, system_id)
    if isinstance(s, str):
        return s
    k = state.keys.get(key_number)
    if k is None or k["system"] != system_id:
        return f"DBT010E No key {key_number} on {system_id}."
    if k["status"] != "issued":
        return f"DBT230E Key {key_number} is {k['status']}."
    k["status"], k["holder"] = "returned", f"returned by {returned_by.strip()}"
    return {"key_number": key_number, "key_code": k["code"], "status": "returned", "returned_by": returned_by.strip()}


async def report_lost_key(state: State, token: str, system_id: str, key_number: str, reported_by: str) -> Union[Dict, str]:
    """Record an issued key as lost, with the firm's advice on the locks it opens.

    :param token: The session token.
    :param system_id: The key system (``MK-....``).
    :param key_number: The stamped key number.
    :param reported_by: Who reported the loss.
    :returns: The key and the advice.
    """
    if (err := _session(state, token, "desk")):
        return err
    s = _system(state, system_id)
    if isinstance(s, str):
        return s
    k = state.keys.get(key_number)
    if k is None or k["system"] != system_id:
        return f"DBT010E No key {key_number} on {system_id}."
    if k["status"] != "issued":
        return f"DBT230E Key {key_number} is {k['status']}."
    k["status"] = "lost"
    opens = next(row[2] for row in s["suite"] if row[0] == k["code"])
    advice = ("re-pin every cylinder in the system" if k["code"] == "GMK"
              else f"re-pin the cylinders of {opens}")
    return {"key_number": key_number, "key_code": k["code"], "status": "lost", "reported_by": reported_by.strip(),
            "advice": advice}


# --------------------------------------------------------------------------- alarms


async def quote_alarm(state: State, token: str, customer_id: str, grade: Grade, devices: List[str],
                      monitoring: Monitoring) -> str:
    """Quote an intruder alarm for a customer from the parts catalogue's alarm devices.

    :param token: The session token.
    :param customer_id: The customer (``CU-....``).
    :param grade: ``grade_2`` or ``grade_3``.
    :param devices: The part codes of the devices, one entry per device.
    :param monitoring: ``none``, ``keyholder`` or ``police``.
    :returns: A sentence giving the quote's number and the total.
    """
    if (err := _session(state, token, "desk", "installer")):
        return err
    c = state.customers.get(customer_id)
    if c is None:
        return f"DBT010E No customer {customer_id}."
    for code in devices:
        if code not in state.parts or state.parts[code][1] != "alarm":
            return f"DBT010E {code!r} is not an alarm device in the catalogue."
    if devices.count("ALM-PANEL-G2") != 1 or "ALM-KP" not in devices or "ALM-SNDR" not in devices:
        return "DBT400E A system needs one control panel, at least one keypad and an external sounder."
    if grade == "grade_3":
        return "DBT400E Grade 3 systems are quoted after a security survey."
    if monitoring not in ("none", "keyholder", "police"):
        return f"DBT020E {monitoring!r} is not a kind of monitoring."
    parts = sum(state.parts[code][2] for code in devices)
    labour = VISIT_RATE * (3 + 0.25 * len(devices))
    total = _money((parts + labour) * (1 + VAT))
    qid = f"QA-{_next(state, 'quote'):04d}"
    state.quotes[qid] = {"customer": customer_id, "grade": grade, "devices": list(devices), "monitoring": monitoring,
                         "total": total, "status": "quoted", "signed_by": None}
    return (f"DBT401I Quote {qid} for {c['name']}: {grade.replace('_', ' ')}, {len(devices)} devices, {monitoring} "
            f"monitoring, {total:.2f} including VAT.")


async def accept_quote(state: State, token: str, quote_id: str, signed_by: str) -> str:
    """Record a customer's signed acceptance of an alarm quote.

    :param token: The session token.
    :param quote_id: The quote (``QA-....``).
    :param signed_by: Who signed it.
    :returns: A sentence confirming the acceptance.
    """
    if (err := _session(state, token, "desk")):
        return err
    q = state.quotes.get(quote_id)
    if q is None:
        return f"DBT010E No quote {quote_id}."
    if q["status"] != "quoted":
        return f"DBT230E Quote {quote_id} is already {q['status']}."
    if not signed_by.strip():
        return "DBT020E Say who signed."
    q["status"], q["signed_by"] = "accepted", signed_by.strip()
    return f"DBT402I Quote {quote_id} accepted, signed by {signed_by.strip()}; book the installation."


async def commission_alarm(state: State, token: str, job_id: str, panel_serial: str, zones: int,
                           tested: bool) -> Union[Dict, str]:
    """Commission the alarm on an installation job that is on site.

    :param token: The session token.
    :param job_id: The installation job (``JB-....``).
    :param panel_serial: The control panel's serial number.
    :param zones: The number of zones programmed.
    :param tested: Whether every zone and the sounder were walk-tested.
    :returns: The alarm system as registered, with its alarm id.
    """
    if (err := _session(state, token, "installer")):
        return err
    j = _job(state, job_id)
    if isinstance(j, str):
        return j
    if j["kind"] != "alarm_install":
        return f"DBT230E Job {job_id} is not an alarm installation."
    if j["status"] != "on_site":
        return f"DBT230E Job {job_id} is {j['status'].replace('_', ' ')}; alarms are commissioned on site."
    if j["alarm"]:
        return f"DBT031E The alarm on {job_id} is already commissioned ({j['alarm']})."
    if not tested:
        return "DBT410E Walk-test every zone and the sounder before commissioning."
    serial = panel_serial.strip().upper()
    if not (serial.startswith("G2-") and len(serial) == 12):
        return "DBT020E A grade 2 panel serial reads G2-nnnn-nnnn."
    quote = state.quotes.get(j.get("quote"))
    detectors = sum(1 for d in quote["devices"] if d in ("ALM-PIR", "ALM-DC")) if quote else 0
    detectors += sum(q for code, q, _ in j["parts"] if code in ("ALM-PIR", "ALM-DC"))
    if not detectors <= zones <= 32:
        return f"DBT411E Program a zone for each of the {detectors} detectors, and at most 32."
    aid = f"AS-{_next(state, 'alarm'):04d}"
    state.alarms[aid] = {"customer": j["customer"], "grade": quote["grade"] if quote else "grade_2",
                         "monitoring": quote["monitoring"] if quote else "none", "panel": serial, "zones": zones,
                         "keyholders": [], "urn": None}
    j["alarm"] = aid
    return {"alarm_id": aid, "job_id": job_id, "customer": state.customers[j["customer"]]["name"], "panel": serial,
            "zones": zones, "monitoring": state.alarms[aid]["monitoring"]}


async def alarm_register(state: State, token: str, customer_id: Optional[str] = None) -> Union[List[list], str]:
    """The alarm systems the firm maintains.

    :param token: The session token.
    :param customer_id: Only this customer's systems.
    :returns: Rows of ``[alarm_id, customer, grade, monitoring, keyholders, urn]``.
    """
    if (err := _session(state, token)):
        return err
    return [[aid, state.customers[a["customer"]]["name"], a["grade"], a["monitoring"], len(a["keyholders"]), a["urn"]]
            for aid, a in sorted(state.alarms.items()) if customer_id is None or a["customer"] == customer_id]


async def add_keyholder(state: State, token: str, alarm_id: str, name: str, phone: str,
                        response_minutes: int) -> Union[Dict, str]:
    """Add a keyholder to an alarm system.

    :param token: The session token.
    :param alarm_id: The alarm (``AS-....``).
    :param name: The keyholder.
    :param phone: Their phone number.
    :param response_minutes: How many minutes they take to reach the premises.
    :returns: The alarm's keyholders as rows of ``[name, phone, response_minutes]``.
    """
    if (err := _session(state, token, "installer", "desk")):
        return err
    a = state.alarms.get(alarm_id)
    if a is None:
        return f"DBT010E No alarm {alarm_id}."
    if any(k[0] == name.strip() for k in a["keyholders"]):
        return f"DBT031E {name} is already a keyholder for {alarm_id}."
    if not 1 <= response_minutes <= 120:
        return "DBT020E A response time is 1 to 120 minutes."
    a["keyholders"].append([name.strip(), phone.strip(), response_minutes])
    return {"alarm_id": alarm_id, "keyholders": [list(k) for k in a["keyholders"]]}


async def request_urn(state: State, token: str, alarm_id: str, police_force: Force) -> str:
    """Apply to the police force for a unique reference number for a police-monitored alarm.

    :param token: The session token.
    :param alarm_id: The alarm (``AS-....``).
    :param police_force: ``Harrowshire`` or ``Westmere``.
    :returns: A sentence giving the URN application's number.
    """
    if (err := _session(state, token, "installer", "desk")):
        return err
    a = state.alarms.get(alarm_id)
    if a is None:
        return f"DBT010E No alarm {alarm_id}."
    if a["monitoring"] != "police":
        return f"DBT420E {alarm_id} is not police-monitored."
    if a["urn"]:
        return f"DBT031E {alarm_id} already has URN {a['urn']}."
    if any(x["alarm"] == alarm_id for x in state.urn_applications.values()):
        return f"DBT031E A URN application for {alarm_id} is already with the police."
    quick = [k for k in a["keyholders"] if k[2] <= URN_RESPONSE_MINUTES]
    if len(quick) < URN_KEYHOLDERS:
        return (f"DBT421E The police need {URN_KEYHOLDERS} keyholders who can attend within {URN_RESPONSE_MINUTES} "
                f"minutes; {alarm_id} has {len(quick)}.")
    if police_force not in ("Harrowshire", "Westmere"):
        return f"DBT020E {police_force!r} is not a police force the firm applies to."
    uid = f"UA-{_next(state, 'urn'):04d}"
    state.urn_applications[uid] = {"alarm": alarm_id, "force": police_force, "status": "sent"}
    return f"DBT422I URN application {uid} for {alarm_id} sent to {police_force} Police."


FAILURE = is_error_message

TOOLS = [
    sign_in, sign_out, price_guide, parts_catalogue, find_customer, new_customer, update_customer, customer_file,
    notify_customer, log_callout, engineer_board, assign_engineer, book_visit, job_list, job_sheet, arrive_on_site,
    verify_occupier, gain_entry, add_part, remove_part, complete_job, invoice_job, take_payment, cancel_job,
    key_systems, register_key_system, add_signatory, key_register, order_keys, cut_keys, issue_keys, key_holders,
    return_key, report_lost_key, quote_alarm, accept_quote, commission_alarm, alarm_register, add_keyholder,
    request_urn,
]

FIXTURES = {
    "firm": {"name": "Keyguard Locksmiths & Security, Unit 4, Forge Street, Harrowby",
             "today": "Wednesday 5 November 2031, 08:00", "police": "Harrowshire Police alarm URNs"},
    "staff": [
        {"name": "Amy Ford", "role": "job desk controller", "username": "amy.f", "password": "Job-Desk-24h"},
        {"name": "Sean Cole", "role": "locksmith (on call)", "username": "sean.c", "password": "Pin-Tumbler-5"},
        {"name": "Dan Whyte", "role": "locksmith", "username": "dan.w", "password": "Mortice-BS3621"},
        {"name": "Kerry Nash", "role": "locksmith and key cutter", "username": "kerry.n", "password": "Key-Cutter-12"},
        {"name": "Rhys Price", "role": "alarm installer", "username": "rhys.p", "password": "Grade-Two-PIR"},
        {"name": "Gail Keyworth", "role": "owner and manager", "username": "gail.k", "password": "Keyguard-1987"},
    ],
    "new_caller": {"name": "Ms Leah Moran", "kind": "domestic", "phone": "07700 900488",
                   "email": "leah.moran@mail.example", "address": "Flat 6, Coopers Court, Mill Lane, Harrowby",
                   "postcode": "HB1 3QT", "problem": "her flat was broken into overnight and the door will not open",
                   "identity": "driving licence in her name at the flat's address",
                   "alarm": "wants a grade 2 alarm, police-monitored; her brother Owen Moran, 07700 900521, "
                            "is her second keyholder"},
    "desk_notes": [
        "Derek Stannard's e-mail address is derek.stannard@mail.example; he wants his invoice by e-mail",
        "Mrs Joanne Platt, the college's new site manager, is to be a signatory on the college's key system; "
        "her passphrase is Heron-Lake-41",
        "Castle Lettings want a restricted key system for the Quarry Street flats, six doors, Mul-T-Lock, "
        "Ms Rachel Obi as signatory with passphrase Slate-Harbour-9",
        "Dr Fiona Reid is the Old Mill Surgery's second alarm keyholder, 07700 900614, 12 minutes away",
        "Mr Paul Rees, the college caretaker, retires on Friday and hands in his grand master key",
    ],
}

_TOKEN = "auth: session token (bare token of sign_in)"
PUBLIC = ("sign_in", "price_guide", "parts_catalogue")
TOKEN_CONSUMERS = [t.__name__ for t in TOOLS if t.__name__ not in PUBLIC]
CUSTOMER_CONSUMERS = ["update_customer", "customer_file", "log_callout", "book_visit", "quote_alarm",
                      "notify_customer"]
JOB_CONSUMERS = ["assign_engineer", "job_sheet", "arrive_on_site", "add_part", "complete_job", "invoice_job",
                 "cancel_job"]
CALLOUT_CONSUMERS = ["verify_occupier", "gain_entry"]
SYSTEM_CONSUMERS = ["add_signatory", "key_register", "order_keys", "key_holders", "return_key", "report_lost_key"]
ALARM_CONSUMERS = ["add_keyholder", "request_urn"]
_CUSTOMER = "id lookup/create: customer id (customer_id of new_customer, or of a find_customer row)"
_JOB = "id lookup/create: job number (in log_callout's or book_visit's sentence, or of a job_list row)"
_CALLOUT = "id lookup/create: call-out job number (in log_callout's sentence, or of a job_list row)"
_SYSTEM = "id lookup/create: key system number (in register_key_system's sentence, or of a key_systems row)"
_ALARM = "id lookup/create: alarm id (alarm_id of commission_alarm, or of an alarm_register row)"
_KEY = "id lookup/create: key number (of issue_keys' keys, or of a key_holders row)"

GROUND_TRUTH = (
    [("sign_in", c, _TOKEN) for c in TOKEN_CONSUMERS]
    + [("new_customer|find_customer", c, _CUSTOMER) for c in CUSTOMER_CONSUMERS]
    + [("log_callout|book_visit|job_list", c, _JOB) for c in JOB_CONSUMERS]
    + [("log_callout|job_list", c, _CALLOUT) for c in CALLOUT_CONSUMERS]
    + [("register_key_system|key_systems", c, _SYSTEM) for c in SYSTEM_CONSUMERS]
    + [("commission_alarm|alarm_register", c, _ALARM) for c in ALARM_CONSUMERS]
    + [
        ("find_customer", "register_key_system", "id lookup: customer id (customer_id of a find_customer row)"),
        ("book_visit|job_list", "commission_alarm",
         "id lookup/create: installation job number (in book_visit's sentence, or of a job_list row)"),
        ("invoice_job|customer_file", "take_payment",
         "id lookup/create: invoice number (in invoice_job's sentence, or of customer_file's invoices)"),
        ("order_keys", "cut_keys", "id create: key order number (in order_keys' sentence)"),
        ("order_keys", "issue_keys", "id create: key order number (in order_keys' sentence)"),
        ("issue_keys|key_holders", "return_key", _KEY),
        ("issue_keys|key_holders", "report_lost_key", _KEY),
        ("quote_alarm", "accept_quote", "id create: quote number (in quote_alarm's sentence)"),
        ("engineer_board", "assign_engineer", "vocabulary: engineer id (of an engineer_board row)"),
        ("engineer_board", "book_visit", "vocabulary: a free engineer with the skill (of an engineer_board row)"),
        ("parts_catalogue", "add_part", "vocabulary: part code (of a parts_catalogue row)"),
        ("parts_catalogue", "quote_alarm", "vocabulary: alarm device codes (of parts_catalogue rows)"),
        ("key_register", "order_keys", "vocabulary: key code in the suite (of a key_register row)"),
        ("assign_engineer", "arrive_on_site", "state: an engineer on the call-out"),
        ("arrive_on_site", "verify_occupier", "state: the engineer on site"),
        ("verify_occupier", "gain_entry", "state: the occupier's right to enter checked"),
        ("arrive_on_site", "complete_job", "state: the engineer on site"),
        ("arrive_on_site", "add_part", "state: the engineer on site"),
        ("gain_entry", "complete_job", "state: entry recorded on a call-out"),
        ("commission_alarm", "complete_job", "state: the alarm commissioned on an installation"),
        ("arrive_on_site", "commission_alarm", "state: the installer on site"),
        ("add_part", "remove_part", "state: the part fitted on the job"),
        ("complete_job", "invoice_job", "state: the job completed"),
        ("accept_quote", "book_visit", "state: an accepted alarm quote (for an installation)"),
        ("add_signatory", "order_keys", "state: the signatory authorised on the system"),
        ("cut_keys", "issue_keys", "state: the keys cut"),
        ("add_keyholder", "request_urn", "state: two keyholders within the response time"),
        ("update_customer", "notify_customer", "state: an e-mail address on file"),
    ]
)

PLAUSIBLE = {
    ("new_customer", "find_customer"), ("log_callout", "job_list"), ("book_visit", "job_list"),
    ("book_visit", "engineer_board"), ("assign_engineer", "engineer_board"), ("arrive_on_site", "engineer_board"),
    ("log_callout", "customer_file"), ("book_visit", "customer_file"), ("invoice_job", "customer_file"),
    ("take_payment", "customer_file"), ("register_key_system", "key_systems"), ("register_key_system", "customer_file"),
    ("commission_alarm", "alarm_register"), ("commission_alarm", "customer_file"), ("add_keyholder", "alarm_register"),
    ("issue_keys", "key_holders"), ("return_key", "key_holders"), ("report_lost_key", "key_holders"),
    ("issue_keys", "key_register"), ("add_signatory", "key_systems"), ("cut_keys", "parts_catalogue"),
    ("add_part", "parts_catalogue"), ("add_part", "job_sheet"), ("complete_job", "job_sheet"),
    ("verify_occupier", "job_sheet"), ("gain_entry", "job_sheet"), ("customer_file", "assign_engineer"),
    ("customer_file", "job_sheet"), ("customer_file", "arrive_on_site"), ("customer_file", "cancel_job"),
    ("customer_file", "invoice_job"), ("customer_file", "key_register"), ("customer_file", "add_keyholder"),
    ("customer_file", "order_keys"), ("key_systems", "register_key_system"), ("find_customer", "add_signatory"),
    ("find_customer", "key_register"), ("find_customer", "order_keys"), ("find_customer", "key_holders"),
    ("find_customer", "return_key"), ("find_customer", "report_lost_key"),
}
