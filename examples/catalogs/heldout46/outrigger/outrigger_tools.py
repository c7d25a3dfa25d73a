"""Outrigger: the hire desk, lift planning, yard and accounts system of Stannery Crane Hire (40 calls).

Plain functions, each behind the ``requires(*roles)`` session decorator, over an in-memory ``State`` of a mobile
crane hire firm at its Furnace Lane depot in Ottermead on Tuesday 10 March 2043 at 07:40. The hire desk finds and
opens customer accounts, adds their sites, quotes hires (a crane with its operator, either hired to the customer's own
lift plan, "CPA hire", or as a contract lift planned and supervised by the firm), confirms them, takes deposits from
cash customers, applies to the council for permits where a crane stands on the highway, allocates a crane and an
operator, sends the crane out and records the signed timesheet. The firm's appointed person (the lift planner)
surveys sites and writes and approves the lift plans for contract lifts. The yard records the cranes' thorough
examinations, defects and daily pre-use checks and the operators' CPCS cards. Accounts check credit, invoice completed
hires and record payments. The operations manager may do everything. The rate card is public.

The firm's hire system answers in the style of a photo-sharing site's classic REST API: every record comes in an
envelope with ``"stat": "ok"``, and a refusal is ``{"stat": "fail", "code": <number>, "message": <why>}``: 96 Login
failed, 98 Invalid auth token, 99 Insufficient permissions, 1 Not found, 2 Invalid argument, 3 Wrong state, 4 Already
done, 5 Refused by rule. A few calls answer with a bare value, bare rows or a sentence instead of an envelope.
``FAILURE`` (``stat_failure``) reads a refusal from its ``stat``. The decorator checks the session and the role before
the tool runs and answers the tool's own ``_Fail`` as the refusal; two calls are public and undecorated (``sign_in``,
``rate_card``).

Annotations are spelled with ``typing`` (``Optional[str]``, ``List[str]``, ``Dict[str, Any]``, ``Union[...]``,
``Literal`` aliases, ``Enum``s), evaluated at definition. numpy docstrings (``Parameters``, ``Returns``). Replies are
plain dicts: envelopes holding a session, a rate card with its rates as rows, customers, a site, a customer's sites
as rows, hires, a hire sheet with its lines, allocation and events as rows, a survey, lift plans, permit applications,
cranes, defects, a pre-use check, operators with their cards as rows, invoices with their lines as rows and a
statement with its entries as rows; the free cranes as bare rows; bare values (the deposit held on a hire, what an
invoice still owes); sentences with an id in them (a sign-out, a hire cancelled, a lift plan approved, a crane
dispatched, a message). Typed inputs: plain ``Enum`` inputs and filters (``CraneClass``, ``Severity``), two
``str`` ``Enum`` inputs (``PayMethod``, ``HireType``), ``Literal`` inputs (an account's type, a permit's closure, an
examination's result, a CPCS category) and ``Literal`` filters (hires, lift plans, permits, invoices), ``List[str]``
extras, ``bool`` highway, overhead lines and a filter, ``int`` ground bearing and hours meter, ``float`` hours,
loads, radii, limits and amounts. Ids look alike: customer ``CU-3106``, site ``ST-207``, hire ``HJ-50416``, survey
``SV-63``, lift plan ``LP-2208``, permit application ``PA-119``, crane ``MC-07``, defect ``DF-312``, operator
``OP-21``, invoice ``IN-7712``, message ``MS-640``. The rate codes of extras are shown only by the rate card; the
minimum hire, the deposit, the credit rules, the cranes' duty charts, the survey's age, the permit number's form and
the CPCS categories each crane needs are stated only in refusals.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as provider means either
tool satisfies it, and the text of ``what`` before its first ``:`` is the kind.
"""

import datetime
import functools
import json
import re
from enum import Enum
from typing import Any, Callable, Dict, List, Literal, Optional, Union

TODAY = "2043-03-10"  # a Tuesday
NOW = "2043-03-10 07:40"
DESK = ("desk",)
PLANNER = ("planner",)
YARD = ("yard",)
ACCOUNTS = ("accounts",)
VAT = 0.2
Closure = Literal["footway", "lane", "full_road"]
ExamResult = Literal["pass", "defects"]
Category = Literal["A02", "A40", "A60"]
HireStatus = Literal["quoted", "confirmed", "dispatched", "completed", "invoiced", "cancelled"]
PlanStatus = Literal["draft", "approved"]
PermitStatus = Literal["applied", "granted"]
InvoiceStatus = Literal["unpaid", "paid"]
Reply = Dict[str, Any]


class CraneClass(Enum):
    MINI = "MINI"
    C30 = "C30"
    C60 = "C60"
    C100 = "C100"
    CITY = "CITY"


class Severity(Enum):
    ADVISORY = "advisory"
    MINOR = "minor"
    DANGEROUS = "dangerous"


class PayMethod(str, Enum):
    CARD = "card"
    BANK_TRANSFER = "bank_transfer"
    CHEQUE = "cheque"


class HireType(str, Enum):
    CPA_HIRE = "cpa_hire"
    CONTRACT_LIFT = "contract_lift"


# --------------------------------------------------------------------------- refusals

_CODES = {
    "login": (96, "Login failed"),
    "token": (98, "Invalid auth token"),
    "permission": (99, "Insufficient permissions"),
    "missing": (1, "Not found"),
    "invalid": (2, "Invalid argument"),
    "state": (3, "Wrong state"),
    "done": (4, "Already done"),
    "rule": (5, "Refused by rule"),
}


def stat_failure(reply: Any) -> Any:
    """A reply is a refusal when it is an envelope (a dict, or JSON text of one) whose ``stat`` is ``fail``;
    answers ``"<code> <message>"``, else False."""
    if isinstance(reply, str) and reply[:1] == "{":
        try:
            reply = json.loads(reply)
        except ValueError:
            return False
    if isinstance(reply, dict) and reply.get("stat") == "fail":
        return f"{reply.get('code')} {reply.get('message')}"
    return False


FAILURE = stat_failure


class _Fail(Exception):
    """A refusal inside a tool, answered as a ``stat: fail`` envelope."""

    def __init__(self, kind: str, text: str) -> None:
        super().__init__(text)
        self.kind = kind
        self.text = text

    def reply(self) -> Reply:
        code, title = _CODES[self.kind]
        return {"stat": "fail", "code": code, "message": f"{title}: {self.text}"}


# --------------------------------------------------------------------------- the firm's state

RATES = [  # code, description, unit, rate
    ["C30", "Mobile crane, 30 to 35 tonnes, with operator", "hour", 95.0],
    ["C60", "Mobile crane, 55 to 60 tonnes, with operator", "hour", 135.0],
    ["C100", "Mobile crane, 100 tonnes, with operator", "hour", 185.0],
    ["CITY", "City crane (Spierings), with operator", "hour", 110.0],
    ["MINI", "Mini crawler crane, with operator", "hour", 65.0],
    ["SLG", "Slinger/signaller", "hour", 38.0],
    ["LSV", "Lift supervisor on site", "hour", 55.0],
    ["APV", "Appointed person's site visit and lift plan", "each", 240.0],
    ["MAT", "Outrigger spreader mats, set of four", "day", 45.0],
    ["RIG", "Rigging gear: chains, shackles and a spreader beam", "day", 60.0],
]
CLASS_CATEGORY = {"MINI": "A02", "C30": "A60", "C60": "A60", "C100": "A60", "CITY": "A60"}
CREDIT_CEILING = 50000.0


class State:
    """Stannery Crane Hire's hire system on Tuesday 10 March 2043 at 07:40."""

    def __init__(self) -> None:
        self.staff = {
            "sabine.c": {"name": "Sabine Corderoy", "password": "Jib-Angle-41", "role": "desk"},
            "cormac.f": {"name": "Cormac Furlong", "password": "Radius-Chart-27", "role": "planner"},
            "hamish.r": {"name": "Hamish Roebuck", "password": "Grease-Nipple-63", "role": "yard"},
            "anjali.v": {"name": "Anjali Venkatesan", "password": "Ledger-Cross-85", "role": "accounts"},
            "gwendolen.t": {"name": "Gwendolen Tapp", "password": "Counterweight-19", "role": "manager"},
        }
        self.logins: Dict[str, Dict[str, Any]] = {}
        self.customers = {
            "CU-3101": {"name": "Blackmore Civils Ltd", "account_type": "credit", "credit": "approved",
                        "limit": 25000.0, "contact": "Conrad Bellairs", "email": "conrad.bellairs@blackmore.example",
                        "phone": "01632 961101", "address": "Unit 4, Tenterfield Park, Ottermead OT2 5JN"},
            "CU-3102": {"name": "Tregellas Steel Erectors Ltd", "account_type": "credit", "credit": "approved",
                        "limit": 15000.0, "contact": "Kenver Penhale", "email": "kenver@tregellas-steel.example",
                        "phone": "01632 961122", "address": "Anvil Works, Wherry Street, Ottermead OT1 3HL"},
            "CU-3103": {"name": "Hartnoll & Dunster Builders", "account_type": "cash", "credit": "n/a", "limit": 0.0,
                        "contact": "Maxine Hartnoll", "email": "maxine@hartnoll-dunster.example",
                        "phone": "07700 900633", "address": "2 Cooper's Row, Ottermead OT3 8AE"},
            "CU-3104": {"name": "Elmcroft Roofing Ltd", "account_type": "credit", "credit": "pending", "limit": 0.0,
                        "contact": "Dougal Fettes", "email": "dougal@elmcroft-roofing.example",
                        "phone": "01632 961144", "address": "Batten Yard, Dingle Lane, Ottermead OT5 1QP"},
            "CU-3105": {"name": "St Cuthman's Church PCC", "account_type": "cash", "credit": "n/a", "limit": 0.0,
                        "contact": "Rosamund Marchbank", "email": "churchwarden@stcuthmans.example",
                        "phone": "01632 961155", "address": "The Vestry, Church Walk, Ottermead OT1 2DS"},
        }
        self.sites = {  # site -> customer, name, address, postcode, on the highway
            "ST-201": ["CU-3101", "Sedgebrook Bridge compound", "A391 Sedgebrook Road, Ottermead", "OT6 4LR", False],
            "ST-202": ["CU-3102", "Tidemill Sheds", "Wherry Street, Ottermead", "OT1 3HN", False],
            "ST-203": ["CU-3103", "14 Cloister Lane", "14 Cloister Lane, Ottermead", "OT2 7BW", True],
            "ST-204": ["CU-3104", "Bastion Yard", "Bastion Yard, Ottermead", "OT1 5GT", True],
            "ST-205": ["CU-3105", "St Cuthman's Church", "Church Walk, Ottermead", "OT1 2DS", False],
            "ST-206": ["CU-3101", "Ottermead Leisure Centre", "Parkside Road, Ottermead", "OT4 1NJ", False],
        }
        self.surveys = {  # survey -> site, date, ground bearing kPa, overhead lines, notes, surveyor
            "SV-61": ["ST-201", "2043-02-24", 180, False, "Hardcore compound, level", "Cormac Furlong"],
            "SV-62": ["ST-205", "2043-03-03", 150, False, "Set up on the tarmac path, mats needed", "Cormac Furlong"],
        }
        self.cranes = {  # crane -> model, class, rated tonnes, exam due, off road
            "MC-03": ["Maeda MC-285C mini crawler, 2.8 t", "MINI", 2.8, "2043-09-01", False],
            "MC-05": ["Liebherr LTM 1030-2.1, 35 t", "C30", 35.0, "2043-03-06", False],
            "MC-07": ["Liebherr LTM 1060-3.1, 60 t", "C60", 60.0, "2043-07-19", False],
            "MC-08": ["Tadano AC 3.055-1, 55 t", "C60", 55.0, "2043-11-02", True],
            "MC-11": ["Liebherr LTM 1100-4.2, 100 t", "C100", 100.0, "2043-05-30", False],
            "MC-14": ["Spierings SK599-AT4 city crane, 10 t", "CITY", 10.0, "2043-08-15", False],
        }
        self.checks = {"MC-11": [TODAY, 41877, "Hamish Roebuck"], "MC-07": ["2043-03-09", 18250, "Hamish Roebuck"]}
        self.examinations = {"MC-05": [["2042-03-06", "Tennant Lifting Inspection", "TLI-80455", "pass"]]}
        self.defects = {  # defect -> crane, description, severity, reported, open, repair
            "DF-309": ["MC-07", "Slew brake noisy", "minor", "2043-02-27", False, "Brake pads replaced"],
            "DF-311": ["MC-08", "Hydraulic leak on the front outrigger jack", "dangerous", "2043-03-06", True, None],
        }
        self.operators = {  # operator -> name, cards [[category, number, expires]]
            "OP-21": ["Kasimir Wieczorek", [["A60", "40718829", "2044-06-30"], ["A40", "40718829", "2044-06-30"]]],
            "OP-22": ["Rhodri Bevan", [["A60", "39920417", "2043-02-28"]]],
            "OP-23": ["Fenella Gaunt", [["A60", "41103356", "2045-01-31"], ["A02", "41103356", "2045-01-31"]]],
            "OP-24": ["Lachlan Gillanders", [["A40", "42260913", "2043-12-31"]]],
            "OP-25": ["Bleddyn Cadwallader", [["A60", "40299871", "2044-10-31"], ["A02", "40299871", "2044-10-31"]]],
        }
        self.hires = {
            "HJ-50408": self._hire("CU-3102", "ST-202", "2043-03-09", "C60", "cpa_hire", 9.0, ["SLG"], "completed",
                                   "MC-07", "OP-21", "TSE-2291"),
            "HJ-50409": self._hire("CU-3104", "ST-204", "2043-03-12", "C30", "cpa_hire", 6.0, [], "quoted",
                                   None, None, None),
            "HJ-50410": self._hire("CU-3101", "ST-201", TODAY, "C60", "cpa_hire", 8.0, ["SLG", "MAT"], "confirmed",
                                   "MC-07", "OP-21", "BC-PO-7731"),
            "HJ-50411": self._hire("CU-3105", "ST-205", TODAY, "C100", "contract_lift", 6.0, ["APV", "LSV", "MAT"],
                                   "confirmed", "MC-11", "OP-23", "Bells, letter of 2 March"),
            "HJ-50412": self._hire("CU-3103", "ST-203", TODAY, "CITY", "cpa_hire", 4.0, [], "quoted",
                                   None, None, None),
            "HJ-50413": self._hire("CU-3102", "ST-202", "2043-03-13", "C30", "cpa_hire", 8.0, [], "quoted",
                                   None, None, None),
            "HJ-50414": self._hire("CU-3101", "ST-206", "2043-03-11", "C30", "cpa_hire", 8.0, [], "confirmed",
                                   None, None, "BC-PO-7745"),
            "HJ-50415": self._hire("CU-3101", "ST-201", "2043-03-12", "C60", "cpa_hire", 8.0, ["MAT"], "confirmed",
                                   None, None, "BC-PO-7750"),
        }
        self.hires["HJ-50408"]["timesheet"] = [9.0, "Kenver Penhale"]
        self.hires["HJ-50411"]["deposit"] = 1035.0
        self.hires["HJ-50411"]["plan"] = "LP-2207"
        self.hires["HJ-50412"]["permit"] = "PA-118"
        self.plans = {  # plan -> hire, survey, crane, load, tonnes, radius, lifts, status, approved by, accepted by
            "LP-2207": ["HJ-50411", "SV-62", "MC-11", "Two bells and their headstocks, through the tower roof", 1.4,
                        24.0, 4, "draft", None, None],
        }
        self.permits = {  # application -> hire, closure, start, status, permit number, conditions, applied
            "PA-117": ["HJ-50398", "lane", "08:00", "granted", "OT/40611", "Traffic management by others",
                       "2043-02-20"],
            "PA-118": ["HJ-50412", "footway", "12:30", "applied", None, None, "2043-03-04"],
        }
        self.invoices = {  # invoice -> hire, customer, dated, lines, net, deposit, paid
            "IN-7705": ["HJ-50395", "CU-3102", "2043-01-20", [["C60", "Mobile crane, 55 to 60 tonnes, with operator",
                                                                 16.0, 135.0, 2160.0],
                                                                ["SLG", "Slinger/signaller", 6.0, 38.0, 228.0],
                                                                ["MAT", "Outrigger spreader mats, set of four",
                                                                 2.0, 45.0, 90.0]], 2478.0, 0.0, 0.0],
            "IN-7709": ["HJ-50401", "CU-3101", "2043-02-17", [["C30", "Mobile crane, 30 to 35 tonnes, with operator",
                                                                 8.0, 95.0, 760.0]], 760.0, 0.0, 912.0],
        }
        self.events: Dict[str, List[List[str]]] = {
            "HJ-50408": [["2043-03-09 07:05", "dispatched MC-07 with Kasimir Wieczorek", "Sabine Corderoy"],
                         ["2043-03-09 17:10", "timesheet 9.0 h signed by Kenver Penhale", "Sabine Corderoy"]],
            "HJ-50411": [["2043-03-03 15:00", "site surveyed, SV-62", "Cormac Furlong"],
                         ["2043-03-05 11:20", "lift plan LP-2207 drafted", "Cormac Furlong"]],
        }
        self.messages: List[List[str]] = []
        self.counters = {"customer": 3106, "site": 207, "hire": 50416, "survey": 63, "plan": 2208, "permit": 119,
                         "defect": 312, "invoice": 7712, "message": 640}

    @staticmethod
    def _hire(customer: str, site: str, date: str, crane_class: str, hire_type: str, hours: float,
              extras: List[str], status: str, crane: Optional[str], operator: Optional[str],
              order_ref: Optional[str]) -> Dict[str, Any]:
        return {"customer": customer, "site": site, "date": date, "class": crane_class, "type": hire_type,
                "hours": hours, "extras": list(extras), "status": status, "crane": crane, "operator": operator,
                "order_ref": order_ref, "deposit": 0.0, "plan": None, "permit": None, "timesheet": None,
                "invoice": None, "charge": 0.0}


# --------------------------------------------------------------------------- helpers


def requires(*roles: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """The session check in front of a tool: the token of a signed-in user whose role is one of ``roles`` (the
    operations manager may do everything; no roles: anyone signed in). A refusal, the check's or the tool's own
    ``_Fail``, is answered as a ``stat: fail`` envelope."""

    def decorate(fn: Callable[..., Any]) -> Callable[..., Any]:
        @functools.wraps(fn)
        def checked(*args: Any, **kwargs: Any) -> Any:
            try:
                _login(kwargs.get("state"), kwargs.get("token"), roles)
                return fn(*args, **kwargs)
            except _Fail as refusal:
                return refusal.reply()

        return checked

    return decorate


def _login(state: Any, token: Any, roles: tuple = ()) -> Dict[str, Any]:
    login = state.logins.get(token) if isinstance(token, str) and state is not None else None
    if login is None:
        raise _Fail("token", "no session for this token, or it has ended; sign in first")
    if roles and login["role"] != "manager" and login["role"] not in roles:
        raise _Fail("permission", f"{login['name']} ({login['role']}) may not do this")
    return login


def _who(state: State, token: str) -> str:
    return state.logins[token]["name"]


def _next(state: State, kind: str) -> int:
    n = state.counters[kind]
    state.counters[kind] = n + 1
    return n


def _blank(value: Any) -> bool:
    return not isinstance(value, str) or not value.strip()


def _number(value: Any) -> bool:
    return not isinstance(value, bool) and isinstance(value, (int, float))


def _get(table: Dict[str, Any], key: Any, what: str) -> Any:
    row = table.get(key) if isinstance(key, str) else None
    if row is None:
        raise _Fail("missing", f"no {what} {key!r}")
    return row


def _date(value: Any, name: str) -> str:
    try:
        return datetime.date.fromisoformat(value).isoformat()
    except (TypeError, ValueError):
        raise _Fail("invalid", f"{name} is a date written YYYY-MM-DD, not {value!r}") from None


def _days(a: str, b: str) -> int:
    return (datetime.date.fromisoformat(b) - datetime.date.fromisoformat(a)).days


def _enum(kind: type, value: Any, name: str) -> Any:
    try:
        return value if isinstance(value, kind) else kind(value)
    except ValueError:
        allowed = ", ".join(m.value for m in kind)
        raise _Fail("invalid", f"{name} is one of {allowed}, not {value!r}") from None


def _choice(value: Any, allowed: tuple, name: str) -> str:
    if value not in allowed:
        raise _Fail("invalid", f"{name} is one of {', '.join(allowed)}, not {value!r}")
    return value


def _event(state: State, hire_id: str, what: str, who: str) -> None:
    state.events.setdefault(hire_id, []).append([NOW, what, who])


def _rate(code: str) -> List[Any]:
    return next(r for r in RATES if r[0] == code)


def _lines(h: Dict[str, Any]) -> List[List[Any]]:
    """The priced lines of a hire: the crane by the hour (four hours at least), then its extras."""
    hours = max(h["hours"], 4.0)
    code, description, _, rate = _rate(h["class"])
    lines = [[code, description, hours, rate, round(hours * rate, 2)]]
    for extra in h["extras"]:
        code, description, unit, rate = _rate(extra)
        qty = hours if unit == "hour" else 1.0
        lines.append([code, description, qty, rate, round(qty * rate, 2)])
    return lines


def _net(h: Dict[str, Any]) -> float:
    return round(sum(line[4] for line in _lines(h)), 2)


def _customer(state: State, cid: str) -> Reply:
    c = state.customers[cid]
    return {"customer_id": cid, "name": c["name"], "account_type": c["account_type"], "credit": c["credit"],
            "credit_limit": c["limit"], "on_stop": _on_stop(state, cid) is not None, "contact": c["contact"],
            "email": c["email"], "phone": c["phone"], "address": c["address"]}


def _invoice_total(inv: List[Any]) -> float:
    return round(inv[4] * (1 + VAT), 2)


def _owing(inv: List[Any]) -> float:
    return round(_invoice_total(inv) - inv[5] - inv[6], 2)


def _on_stop(state: State, cid: str) -> Optional[str]:
    """The first invoice of the customer's that is unpaid more than 30 days after its date, if any."""
    for iid, inv in sorted(state.invoices.items()):
        if inv[1] == cid and _owing(inv) > 0.005 and _days(inv[2], TODAY) > 30:
            return iid
    return None


def _exposure(state: State, cid: str) -> float:
    owed = sum(_owing(inv) for inv in state.invoices.values() if inv[1] == cid)
    booked = sum(_net(h) * (1 + VAT) for h in state.hires.values()
                 if h["customer"] == cid and h["status"] in ("confirmed", "dispatched", "completed"))
    return round(owed + booked, 2)


def _hire(state: State, hid: str) -> Reply:
    h = state.hires[hid]
    c = state.customers[h["customer"]]
    return {"hire_id": hid, "customer_id": h["customer"], "customer": c["name"], "site_id": h["site"],
            "site": state.sites[h["site"]][1], "date": h["date"], "crane_class": h["class"], "hire_type": h["type"],
            "hours": h["hours"], "extras": list(h["extras"]), "hire_status": h["status"], "order_ref": h["order_ref"],
            "quote_net": _net(h), "deposit": h["deposit"], "crane_id": h["crane"],
            "operator_id": h["operator"], "plan_id": h["plan"], "permit_application": h["permit"],
            "invoice_id": h["invoice"]}


def _capacity(state: State, crane_id: str, radius: float) -> float:
    """The crane's duty at ``radius`` metres (its rated load out to 3 m, then falling off with the radius)."""
    rated = state.cranes[crane_id][2]
    return round(rated * 3.0 / max(radius, 3.0), 1)


def _crane(state: State, mid: str) -> Reply:
    m = state.cranes[mid]
    check = state.checks.get(mid)
    return {"crane_id": mid, "model": m[0], "crane_class": m[1], "rated_tonnes": m[2], "exam_due": m[3],
            "fleet_state": "off_road" if m[4] else "available", "checked_today": bool(check and check[0] == TODAY)}


def _booked(state: State, date: str, crane: Optional[str] = None, operator: Optional[str] = None,
            other_than: Optional[str] = None) -> Optional[str]:
    for hid, h in sorted(state.hires.items()):
        if hid == other_than or h["date"] != date or h["status"] not in ("confirmed", "dispatched"):
            continue
        if (crane and h["crane"] == crane) or (operator and h["operator"] == operator):
            return hid
    return None


def _card(state: State, oid: str, category: str) -> Optional[List[str]]:
    return next((c for c in state.operators[oid][1] if c[0] == category), None)


def _operator(state: State, oid: str) -> Reply:
    o = state.operators[oid]
    return {"operator_id": oid, "name": o[0], "cards": [list(c) for c in o[1]],
            "on_today": _booked(state, TODAY, operator=oid)}


def _plan(state: State, pid: str) -> Reply:
    p = state.plans[pid]
    return {"plan_id": pid, "hire_id": p[0], "survey_id": p[1], "crane_id": p[2], "load": p[3], "load_tonnes": p[4],
            "radius_m": p[5], "lifts": p[6], "capacity_tonnes": _capacity(state, p[2], p[5]), "plan_status": p[7],
            "approved_by": p[8], "accepted_by": p[9]}


def _permit(state: State, aid: str) -> Reply:
    a = state.permits[aid]
    site = state.sites[state.hires[a[0]]["site"]] if a[0] in state.hires else None
    return {"application_id": aid, "hire_id": a[0], "site": site[1] if site else None, "closure": a[1],
            "start_time": a[2], "permit_status": a[3], "permit_number": a[4], "conditions": a[5], "applied": a[6]}


def _defect(state: State, did: str) -> Reply:
    d = state.defects[did]
    return {"defect_id": did, "crane_id": d[0], "description": d[1], "severity": d[2], "reported": d[3],
            "open": d[4], "repair": d[5]}


def _invoice(state: State, iid: str) -> Reply:
    inv = state.invoices[iid]
    owing = _owing(inv)
    return {"invoice_id": iid, "hire_id": inv[0], "customer_id": inv[1], "customer": state.customers[inv[1]]["name"],
            "dated": inv[2], "lines": [list(x) for x in inv[3]], "net": inv[4], "vat": round(inv[4] * VAT, 2),
            "total": _invoice_total(inv), "deposit": inv[5], "paid": inv[6], "owing": owing,
            "invoice_status": "paid" if owing <= 0.005 else "unpaid"}


def _open_hire(state: State, hid: Any, *allowed: str) -> Dict[str, Any]:
    h = _get(state.hires, hid, "hire")
    if h["status"] not in allowed:
        raise _Fail("state", f"{hid} is {h['status']}, not {' or '.join(allowed)}")
    return h


# --------------------------------------------------------------------------- sessions and the rate card


def sign_in(state: State, username: str, password: str) -> Reply:
    """Sign in to the hire system.

    Parameters
    ----------
    username : str
        The user name, such as ``sabine.c``.
    password : str
        The password.

    Returns
    -------
    dict
        ``{"stat": "ok", "token", "name", "role"}``; every call but ``sign_in`` and ``rate_card`` needs the token.
    """
    user = state.staff.get(username) if isinstance(username, str) else None
    if user is None or user["password"] != password:
        return _Fail("login", "unknown user name or wrong password").reply()
    token = f"sch-{username}-{len(state.logins) + 1}"
    state.logins[token] = {"username": username, **user}
    return {"stat": "ok", "token": token, "name": user["name"], "role": user["role"]}


@requires()
def sign_out(state: State, token: str) -> Union[str, Reply]:
    """End a session.

    Parameters
    ----------
    token : str
        The session's token.

    Returns
    -------
    str
        A sentence saying who signed out.
    """
    login = state.logins.pop(token)
    return f"Signed out {login['name']} at {NOW[11:]}."


def rate_card() -> Reply:
    """The firm's published rate card (public; no session needed).

    Returns
    -------
    dict
        ``{"stat": "ok", "currency": "GBP", "rows"}``, each row ``[rate code, description, unit, rate]``: the cranes
        by class and the extras a quote may add by their rate codes. Rates are before VAT.
    """
    return {"stat": "ok", "currency": "GBP", "rows": [list(r) for r in RATES]}


# --------------------------------------------------------------------------- customers and sites


@requires()
def find_customer(state: State, token: str, text: str) -> Reply:
    """Find customer accounts by part of their name, their contact's name or their e-mail address.

    Parameters
    ----------
    token : str
        The session's token.
    text : str
        What to look for.

    Returns
    -------
    dict
        ``{"stat": "ok", "customers"}``: the matching accounts by customer id, each with its account type, credit
        state, credit limit, whether it is on stop, and its contact details.
    """
    if _blank(text):
        raise _Fail("invalid", "text is required")
    t = text.strip().lower()
    found = [_customer(state, cid) for cid, c in sorted(state.customers.items())
             if t in c["name"].lower() or t in c["contact"].lower() or t in c["email"].lower()]
    return {"stat": "ok", "customers": found}


@requires(*DESK)
def open_account(state: State, token: str, name: str, account_type: Literal["credit", "cash"], contact: str,
                 address: str, email: str, phone: str) -> Reply:
    """Open a customer account (the hire desk).

    Parameters
    ----------
    token : str
        The session's token.
    name : str
        The customer's name (a firm, a person, a parish).
    account_type : {"credit", "cash"}
        ``credit`` (invoiced monthly, once accounts have checked it) or ``cash`` (a deposit before each hire).
    contact : str
        The person we deal with.
    address : str
        The postal address.
    email : str
        The contact's e-mail address.
    phone : str
        The contact's phone number.

    Returns
    -------
    dict
        ``{"stat": "ok", "customer"}`` with the new ``customer_id``; a credit account starts ``pending``.
    """
    _choice(account_type, ("credit", "cash"), "account_type")
    if any(_blank(v) for v in (name, contact, address, phone)):
        raise _Fail("invalid", "name, contact, address and phone are required")
    if not isinstance(email, str) or "@" not in email:
        raise _Fail("invalid", f"{email!r} is not an e-mail address")
    for cid, c in state.customers.items():
        if c["name"].lower() == name.strip().lower():
            raise _Fail("done", f"{c['name']} has an account already, {cid}")
    cid = f"CU-{_next(state, 'customer')}"
    state.customers[cid] = {"name": name.strip(), "account_type": account_type,
                            "credit": "pending" if account_type == "credit" else "n/a", "limit": 0.0,
                            "contact": contact.strip(), "email": email.strip(), "phone": phone.strip(),
                            "address": address.strip()}
    return {"stat": "ok", "customer": _customer(state, cid)}


@requires(*DESK)
def update_customer(state: State, token: str, customer_id: str, contact: Optional[str] = None,
                    email: Optional[str] = None, phone: Optional[str] = None,
                    address: Optional[str] = None) -> Reply:
    """Change an account's contact details (the hire desk).

    Parameters
    ----------
    token : str
        The session's token.
    customer_id : str
        The customer.
    contact, email, phone, address : str, optional
        The new values; leave out what does not change.

    Returns
    -------
    dict
        ``{"stat": "ok", "customer"}`` as it now stands.
    """
    c = _get(state.customers, customer_id, "customer")
    new = {k: v.strip() for k, v in (("contact", contact), ("email", email), ("phone", phone),
                                     ("address", address)) if v is not None and not _blank(v)}
    if not new:
        raise _Fail("invalid", "give at least one of contact, email, phone, address")
    if "email" in new and "@" not in new["email"]:
        raise _Fail("invalid", f"{new['email']!r} is not an e-mail address")
    if all(c[k] == v for k, v in new.items()):
        raise _Fail("done", f"{c['name']} has those details already")
    c.update(new)
    return {"stat": "ok", "customer": _customer(state, customer_id)}


@requires(*ACCOUNTS)
def credit_check(state: State, token: str, customer_id: str, limit: float) -> Reply:
    """Check a new credit account and set its credit limit (accounts).

    Parameters
    ----------
    token : str
        The session's token.
    customer_id : str
        The customer.
    limit : float
        The credit limit in pounds.

    Returns
    -------
    dict
        ``{"stat": "ok", "customer"}`` with its credit ``approved``.
    """
    c = _get(state.customers, customer_id, "customer")
    if c["account_type"] != "credit":
        raise _Fail("state", f"{c['name']} has a cash account, which takes a deposit instead of credit")
    if c["credit"] == "approved":
        raise _Fail("done", f"{c['name']}'s credit is approved already, to {c['limit']:.2f}")
    if not _number(limit) or limit <= 0:
        raise _Fail("invalid", "limit is a positive amount")
    if limit > CREDIT_CEILING:
        raise _Fail("rule", f"our credit insurer covers an account to {CREDIT_CEILING:.2f} at most")
    c["credit"], c["limit"] = "approved", round(float(limit), 2)
    return {"stat": "ok", "customer": _customer(state, customer_id)}


@requires(*DESK)
def add_site(state: State, token: str, customer_id: str, name: str, address: str, postcode: str,
             on_highway: bool) -> Reply:
    """Add a site where a customer wants a crane (the hire desk).

    Parameters
    ----------
    token : str
        The session's token.
    customer_id : str
        The customer.
    name : str
        What the site is called.
    address : str
        Where it is.
    postcode : str
        Its postcode.
    on_highway : bool
        Whether the crane will stand on a public road or footway (which needs the council's permit).

    Returns
    -------
    dict
        ``{"stat": "ok", "site"}`` with the new ``site_id``.
    """
    _get(state.customers, customer_id, "customer")
    if _blank(name) or _blank(address):
        raise _Fail("invalid", "name and address are required")
    if not isinstance(postcode, str) or not re.fullmatch(r"[A-Z]{1,2}\d{1,2}[A-Z]? \d[A-Z]{2}", postcode.strip()):
        raise _Fail("invalid", f"{postcode!r} is not a postcode")
    if not isinstance(on_highway, bool):
        raise _Fail("invalid", "on_highway is true or false")
    sid = f"ST-{_next(state, 'site')}"
    state.sites[sid] = [customer_id, name.strip(), address.strip(), postcode.strip(), on_highway]
    return {"stat": "ok", "site": {"site_id": sid, "customer_id": customer_id, "name": name.strip(),
                                   "address": address.strip(), "postcode": postcode.strip(),
                                   "on_highway": on_highway}}


@requires()
def sites(state: State, token: str, customer_id: str) -> Reply:
    """A customer's sites.

    Parameters
    ----------
    token : str
        The session's token.
    customer_id : str
        The customer.

    Returns
    -------
    dict
        ``{"stat": "ok", "customer_id", "sites"}``, each site a row ``[site id, name, address, postcode, on the
        highway, last surveyed]``.
    """
    _get(state.customers, customer_id, "customer")
    rows = []
    for sid, s in sorted(state.sites.items()):
        if s[0] == customer_id:
            surveyed = max((v[1] for v in state.surveys.values() if v[0] == sid), default=None)
            rows.append([sid, s[1], s[2], s[3], s[4], surveyed])
    return {"stat": "ok", "customer_id": customer_id, "sites": rows}


# --------------------------------------------------------------------------- hires


@requires(*DESK)
def quote_hire(state: State, token: str, customer_id: str, site_id: str, date: str, crane_class: CraneClass,
               hours: float, hire_type: HireType, extras: List[str]) -> Reply:
    """Quote a crane hire (the hire desk).

    Parameters
    ----------
    token : str
        The session's token.
    customer_id : str
        The customer.
    site_id : str
        One of the customer's sites.
    date : str
        The day of the hire, ``YYYY-MM-DD``.
    crane_class : CraneClass
        ``MINI``, ``C30``, ``C60``, ``C100`` or ``CITY``.
    hours : float
        Hours on site.
    hire_type : HireType
        ``cpa_hire`` (crane and operator to the customer's own lift plan) or ``contract_lift`` (planned and
        supervised by our appointed person).
    extras : list of str
        Rate codes of the extras wanted, from the rate card; may be empty.

    Returns
    -------
    dict
        ``{"stat": "ok", "hire"}`` with the new ``hire_id``, ``hire_status`` ``quoted`` and the net quote.
    """
    _get(state.customers, customer_id, "customer")
    site = _get(state.sites, site_id, "site")
    if site[0] != customer_id:
        raise _Fail("rule", f"{site_id} is not one of {state.customers[customer_id]['name']}'s sites")
    day = _date(date, "date")
    if day < TODAY:
        raise _Fail("invalid", f"{day} has passed")
    crane_class = _enum(CraneClass, crane_class, "crane_class")
    hire_type = _enum(HireType, hire_type, "hire_type")
    if not _number(hours) or hours <= 0 or hours > 24:
        raise _Fail("invalid", "hours is a number of hours on site, more than 0 and at most 24")
    if hours < 4:
        raise _Fail("rule", "the shortest hire is four hours on site")
    if not isinstance(extras, list) or not all(isinstance(x, str) for x in extras):
        raise _Fail("invalid", "extras is a list of rate codes")
    classes = {c.value for c in CraneClass}
    for x in extras:
        if x in classes:
            raise _Fail("invalid", f"{x} is a crane; give it as crane_class")
        if not any(r[0] == x for r in RATES):
            raise _Fail("invalid", f"unknown rate code {x!r}; the rate card lists the extras by code")
    if len(set(extras)) != len(extras):
        raise _Fail("invalid", "an extra is given twice")
    if hire_type is HireType.CONTRACT_LIFT and "APV" not in extras:
        raise _Fail("rule", "a contract lift includes the appointed person's site visit and lift plan; add its "
                            "rate code")
    hid = f"HJ-{_next(state, 'hire')}"
    state.hires[hid] = State._hire(customer_id, site_id, day, crane_class.value, hire_type.value, float(hours),
                                   extras, "quoted", None, None, None)
    _event(state, hid, "quoted", _who(state, token))
    return {"stat": "ok", "hire": _hire(state, hid)}


@requires()
def hires(state: State, token: str, date: Optional[str] = None, status: Optional[HireStatus] = None,
          customer_id: Optional[str] = None) -> Reply:
    """Hires, by hire id, filtered as asked.

    Parameters
    ----------
    token : str
        The session's token.
    date : str, optional
        Only hires on this day.
    status : {"quoted", "confirmed", "dispatched", "completed", "invoiced", "cancelled"}, optional
        Only hires in this state.
    customer_id : str, optional
        Only this customer's hires.

    Returns
    -------
    dict
        ``{"stat": "ok", "hires"}``.
    """
    day = _date(date, "date") if date is not None else None
    if status is not None:
        _choice(status, ("quoted", "confirmed", "dispatched", "completed", "invoiced", "cancelled"), "status")
    found = [_hire(state, hid) for hid, h in sorted(state.hires.items())
             if (day is None or h["date"] == day) and (status is None or h["status"] == status)
             and (customer_id is None or h["customer"] == customer_id)]
    return {"stat": "ok", "hires": found}


@requires()
def hire_sheet(state: State, token: str, hire_id: str) -> Reply:
    """A hire's whole sheet.

    Parameters
    ----------
    token : str
        The session's token.
    hire_id : str
        The hire.

    Returns
    -------
    dict
        ``{"stat": "ok", "hire", "lines", "allocation", "events"}``: the priced lines as rows ``[rate code,
        description, quantity, rate, amount]``, the allocation as rows ``[crane id, crane, operator id, operator]``
        (none until allocated) and what happened as rows ``[when, what, who]``.
    """
    h = _get(state.hires, hire_id, "hire")
    allocation = []
    if h["crane"]:
        allocation.append([h["crane"], state.cranes[h["crane"]][0], h["operator"],
                           state.operators[h["operator"]][0]])
    return {"stat": "ok", "hire": _hire(state, hire_id), "lines": _lines(h), "allocation": allocation,
            "events": [list(e) for e in state.events.get(hire_id, [])]}


@requires(*DESK)
def reschedule_hire(state: State, token: str, hire_id: str, new_date: str) -> Reply:
    """Move a quoted or confirmed hire to another day (the hire desk); its crane and operator are released.

    Parameters
    ----------
    token : str
        The session's token.
    hire_id : str
        The hire.
    new_date : str
        The new day, ``YYYY-MM-DD``.

    Returns
    -------
    dict
        ``{"stat": "ok", "hire"}`` on its new day, without an allocation.
    """
    h = _open_hire(state, hire_id, "quoted", "confirmed")
    day = _date(new_date, "new_date")
    if day < TODAY:
        raise _Fail("invalid", f"{day} has passed")
    if day == h["date"]:
        raise _Fail("done", f"{hire_id} is on {day} already")
    was = h["date"]
    h["date"], h["crane"], h["operator"] = day, None, None
    _event(state, hire_id, f"moved from {was} to {day}; allocation released", _who(state, token))
    return {"stat": "ok", "hire": _hire(state, hire_id)}


@requires(*DESK)
def confirm_hire(state: State, token: str, hire_id: str, order_ref: str) -> Reply:
    """Confirm a quoted hire on the customer's order (the hire desk).

    Parameters
    ----------
    token : str
        The session's token.
    hire_id : str
        The hire.
    order_ref : str
        The customer's purchase order number, or how they ordered.

    Returns
    -------
    dict
        ``{"stat": "ok", "hire"}`` with ``hire_status`` ``confirmed``.
    """
    h = _get(state.hires, hire_id, "hire")
    if h["status"] == "confirmed":
        raise _Fail("done", f"{hire_id} is confirmed already")
    if h["status"] != "quoted":
        raise _Fail("state", f"{hire_id} is {h['status']}, not quoted")
    if _blank(order_ref):
        raise _Fail("invalid", "order_ref is required")
    c = state.customers[h["customer"]]
    gross = round(_net(h) * (1 + VAT), 2)
    if c["account_type"] == "credit":
        if c["credit"] != "approved":
            raise _Fail("state", f"{c['name']}'s credit account is waiting for its credit check")
        stop = _on_stop(state, h["customer"])
        if stop:
            raise _Fail("rule", f"{c['name']} is on stop: {stop} is more than 30 days overdue; it must be paid "
                                "before any hire is confirmed")
        if _exposure(state, h["customer"]) + gross > c["limit"] + 0.005:
            raise _Fail("rule", f"{c['name']}'s hires and unpaid invoices would pass the credit limit of "
                                f"{c['limit']:.2f}")
    elif h["deposit"] + 0.005 < gross / 2:
        raise _Fail("rule", f"a cash customer pays half the quote with VAT ({gross / 2:.2f}) as a deposit before "
                            f"a hire is confirmed; {h['deposit']:.2f} is held")
    h["status"], h["order_ref"] = "confirmed", order_ref.strip()
    _event(state, hire_id, f"confirmed on order {order_ref.strip()}", _who(state, token))
    return {"stat": "ok", "hire": _hire(state, hire_id)}


@requires("desk", "accounts")
def take_deposit(state: State, token: str, hire_id: str, amount: float, method: PayMethod) -> Union[float, Reply]:
    """Take a cash customer's deposit for a hire (the hire desk or accounts).

    Parameters
    ----------
    token : str
        The session's token.
    hire_id : str
        The hire.
    amount : float
        The amount in pounds.
    method : PayMethod
        ``card``, ``bank_transfer`` or ``cheque``.

    Returns
    -------
    float
        The deposit now held on the hire.
    """
    h = _open_hire(state, hire_id, "quoted", "confirmed")
    method = _enum(PayMethod, method, "method")
    c = state.customers[h["customer"]]
    if c["account_type"] != "cash":
        raise _Fail("state", f"{c['name']} has a credit account and is invoiced; no deposit is taken")
    if not _number(amount) or amount <= 0:
        raise _Fail("invalid", "amount is a positive amount")
    h["deposit"] = round(h["deposit"] + amount, 2)
    _event(state, hire_id, f"deposit {amount:.2f} by {method.value}", _who(state, token))
    return h["deposit"]


@requires(*DESK)
def cancel_hire(state: State, token: str, hire_id: str, reason: str) -> Union[str, Reply]:
    """Cancel a hire that has not gone out (the hire desk).

    Parameters
    ----------
    token : str
        The session's token.
    hire_id : str
        The hire.
    reason : str
        Why.

    Returns
    -------
    str
        A sentence with the hire and any cancellation charge.
    """
    h = _get(state.hires, hire_id, "hire")
    if h["status"] == "cancelled":
        raise _Fail("done", f"{hire_id} is cancelled already")
    if h["status"] not in ("quoted", "confirmed"):
        raise _Fail("state", f"{hire_id} is {h['status']}")
    if _blank(reason):
        raise _Fail("invalid", "reason is required")
    charge = 0.0
    if h["status"] == "confirmed" and _days(TODAY, h["date"]) <= 1:
        charge = round(_net(h) / 2, 2)
    h["status"], h["crane"], h["operator"], h["charge"] = "cancelled", None, None, charge
    _event(state, hire_id, f"cancelled: {reason.strip()}", _who(state, token))
    if charge:
        return f"Hire {hire_id} cancelled; a late cancellation charge of {charge:.2f} (half the quote) is due."
    return f"Hire {hire_id} cancelled; no charge."


# --------------------------------------------------------------------------- lift planning


@requires(*PLANNER)
def site_survey(state: State, token: str, site_id: str, ground_bearing_kpa: int, overhead_lines: bool,
                notes: str) -> Reply:
    """Record the appointed person's survey of a site (the lift planner).

    Parameters
    ----------
    token : str
        The session's token.
    site_id : str
        The site.
    ground_bearing_kpa : int
        The allowable ground bearing pressure where the crane will stand, in kPa.
    overhead_lines : bool
        Whether there are overhead lines within reach of the jib.
    notes : str
        What the surveyor saw.

    Returns
    -------
    dict
        ``{"stat": "ok", "survey"}`` with the new ``survey_id``.
    """
    site = _get(state.sites, site_id, "site")
    if isinstance(ground_bearing_kpa, bool) or not isinstance(ground_bearing_kpa, int) or ground_bearing_kpa <= 0:
        raise _Fail("invalid", "ground_bearing_kpa is a whole number of kPa")
    if not isinstance(overhead_lines, bool):
        raise _Fail("invalid", "overhead_lines is true or false")
    if _blank(notes):
        raise _Fail("invalid", "notes are required")
    for sv, v in state.surveys.items():
        if v[0] == site_id and v[1] == TODAY:
            raise _Fail("done", f"{site[1]} was surveyed today already, {sv}")
    svid = f"SV-{_next(state, 'survey')}"
    state.surveys[svid] = [site_id, TODAY, ground_bearing_kpa, overhead_lines, notes.strip(), _who(state, token)]
    return {"stat": "ok", "survey": {"survey_id": svid, "site_id": site_id, "site": site[1], "surveyed_on": TODAY,
                                     "ground_bearing_kpa": ground_bearing_kpa, "overhead_lines": overhead_lines,
                                     "notes": notes.strip(), "surveyor": _who(state, token)}}


@requires(*PLANNER)
def write_lift_plan(state: State, token: str, hire_id: str, survey_id: str, load: str, load_tonnes: float,
                    radius_m: float, lifts: int) -> Reply:
    """Write the lift plan for a contract lift (the lift planner).

    Parameters
    ----------
    token : str
        The session's token.
    hire_id : str
        The contract lift.
    survey_id : str
        The survey of the hire's site the plan rests on.
    load : str
        What is lifted.
    load_tonnes : float
        The heaviest lift, with its rigging, in tonnes.
    radius_m : float
        The largest working radius, in metres.
    lifts : int
        How many lifts.

    Returns
    -------
    dict
        ``{"stat": "ok", "plan"}`` with the new ``plan_id``, ``plan_status`` ``draft`` and the crane's capacity at
        the radius.
    """
    h = _get(state.hires, hire_id, "hire")
    if h["type"] != "contract_lift":
        raise _Fail("state", f"{hire_id} is a CPA hire: the customer plans its own lifts")
    if h["status"] != "confirmed":
        raise _Fail("state", f"{hire_id} is {h['status']}, not confirmed")
    if h["plan"]:
        raise _Fail("done", f"{hire_id} has lift plan {h['plan']} already")
    if not h["crane"]:
        raise _Fail("state", f"no crane is allocated to {hire_id}; a lift plan is made for the crane that goes")
    sv = _get(state.surveys, survey_id, "survey")
    if sv[0] != h["site"]:
        raise _Fail("rule", f"{survey_id} surveys {state.sites[sv[0]][1]}, not {state.sites[h['site']][1]}")
    if _days(sv[1], h["date"]) > 90:
        raise _Fail("rule", f"{survey_id} is more than 90 days older than the lift; survey the site again")
    if _blank(load):
        raise _Fail("invalid", "load is required")
    if not _number(load_tonnes) or load_tonnes <= 0 or not _number(radius_m) or radius_m <= 0:
        raise _Fail("invalid", "load_tonnes and radius_m are positive numbers")
    if isinstance(lifts, bool) or not isinstance(lifts, int) or lifts < 1:
        raise _Fail("invalid", "lifts is a whole number, at least 1")
    capacity = _capacity(state, h["crane"], float(radius_m))
    if load_tonnes > capacity:
        raise _Fail("rule", f"{h['crane']} lifts {capacity:.1f} t at {float(radius_m):.1f} m on its duty chart; "
                            f"{float(load_tonnes):.1f} t is over it")
    pid = f"LP-{_next(state, 'plan')}"
    state.plans[pid] = [hire_id, survey_id, h["crane"], load.strip(), float(load_tonnes), float(radius_m), lifts,
                        "draft", None, None]
    h["plan"] = pid
    _event(state, hire_id, f"lift plan {pid} drafted", _who(state, token))
    return {"stat": "ok", "plan": _plan(state, pid)}


@requires()
def lift_plans(state: State, token: str, hire_id: Optional[str] = None,
               status: Optional[PlanStatus] = None) -> Reply:
    """Lift plans, by plan id.

    Parameters
    ----------
    token : str
        The session's token.
    hire_id : str, optional
        Only this hire's plan.
    status : {"draft", "approved"}, optional
        Only plans in this state.

    Returns
    -------
    dict
        ``{"stat": "ok", "plans"}``.
    """
    if status is not None:
        _choice(status, ("draft", "approved"), "status")
    found = [_plan(state, pid) for pid, p in sorted(state.plans.items())
             if (hire_id is None or p[0] == hire_id) and (status is None or p[7] == status)]
    return {"stat": "ok", "plans": found}


@requires(*PLANNER)
def approve_lift_plan(state: State, token: str, plan_id: str, accepted_by: str) -> Union[str, Reply]:
    """Approve a drafted lift plan as the appointed person, once the customer's site manager has accepted it.

    Parameters
    ----------
    token : str
        The session's token.
    plan_id : str
        The plan.
    accepted_by : str
        Who accepted it for the customer.

    Returns
    -------
    str
        A sentence with the plan, its hire and who approved and accepted it.
    """
    p = _get(state.plans, plan_id, "lift plan")
    if p[7] == "approved":
        raise _Fail("done", f"{plan_id} is approved already")
    if _blank(accepted_by):
        raise _Fail("invalid", "accepted_by is required")
    who = _who(state, token)
    p[7], p[8], p[9] = "approved", who, accepted_by.strip()
    _event(state, p[0], f"lift plan {plan_id} approved", who)
    return f"Lift plan {plan_id} for {p[0]} approved by {who} (appointed person) and accepted by " \
           f"{accepted_by.strip()}."


# --------------------------------------------------------------------------- permits


@requires(*DESK)
def apply_permit(state: State, token: str, hire_id: str, closure: Closure, start_time: str) -> Reply:
    """Apply to the council for a permit to stand a crane on the highway (the hire desk).

    Parameters
    ----------
    token : str
        The session's token.
    hire_id : str
        The hire.
    closure : {"footway", "lane", "full_road"}
        What the crane closes.
    start_time : str
        When the crane sets up, ``HH:MM``.

    Returns
    -------
    dict
        ``{"stat": "ok", "application"}`` with the new ``application_id`` and ``permit_status`` ``applied``.
    """
    h = _open_hire(state, hire_id, "quoted", "confirmed")
    _choice(closure, ("footway", "lane", "full_road"), "closure")
    if not isinstance(start_time, str) or not re.fullmatch(r"([01]\d|2[0-3]):[0-5]\d", start_time):
        raise _Fail("invalid", f"start_time is written HH:MM, not {start_time!r}")
    site = state.sites[h["site"]]
    if not site[4]:
        raise _Fail("rule", f"{site[1]} is off the highway; no permit is needed")
    if h["permit"]:
        raise _Fail("done", f"{hire_id} has permit application {h['permit']} already")
    aid = f"PA-{_next(state, 'permit')}"
    state.permits[aid] = [hire_id, closure, start_time, "applied", None, None, TODAY]
    h["permit"] = aid
    _event(state, hire_id, f"permit applied for, {aid}", _who(state, token))
    return {"stat": "ok", "application": _permit(state, aid)}


@requires(*DESK)
def record_permit(state: State, token: str, application_id: str, permit_number: str,
                  conditions: Optional[str] = None) -> Reply:
    """Record the permit the council has granted (the hire desk).

    Parameters
    ----------
    token : str
        The session's token.
    application_id : str
        The application.
    permit_number : str
        The council's permit number.
    conditions : str, optional
        The permit's conditions.

    Returns
    -------
    dict
        ``{"stat": "ok", "application"}`` with ``permit_status`` ``granted``.
    """
    a = _get(state.permits, application_id, "permit application")
    if a[3] == "granted":
        raise _Fail("done", f"{application_id} is granted already, permit {a[4]}")
    if not isinstance(permit_number, str) or not re.fullmatch(r"[A-Z]{2}/\d{5}", permit_number.strip()):
        raise _Fail("invalid", f"the council's permit numbers are written like AB/12345, not {permit_number!r}")
    a[3], a[4] = "granted", permit_number.strip()
    a[5] = conditions.strip() if isinstance(conditions, str) and conditions.strip() else None
    _event(state, a[0], f"permit {a[4]} granted", _who(state, token))
    return {"stat": "ok", "application": _permit(state, application_id)}


@requires()
def permits(state: State, token: str, status: Optional[PermitStatus] = None) -> Reply:
    """Permit applications, by application id.

    Parameters
    ----------
    token : str
        The session's token.
    status : {"applied", "granted"}, optional
        Only applications in this state.

    Returns
    -------
    dict
        ``{"stat": "ok", "applications"}``.
    """
    if status is not None:
        _choice(status, ("applied", "granted"), "status")
    found = [_permit(state, aid) for aid, a in sorted(state.permits.items()) if status is None or a[3] == status]
    return {"stat": "ok", "applications": found}


# --------------------------------------------------------------------------- the fleet


@requires()
def cranes(state: State, token: str, crane_class: Optional[CraneClass] = None) -> Reply:
    """The fleet, by crane id.

    Parameters
    ----------
    token : str
        The session's token.
    crane_class : CraneClass, optional
        Only cranes of this class.

    Returns
    -------
    dict
        ``{"stat": "ok", "cranes"}``, each with its model, class, rated tonnes, when its thorough examination falls
        due, whether it is ``available`` or ``off_road`` and whether it has had today's pre-use check.
    """
    wanted = _enum(CraneClass, crane_class, "crane_class").value if crane_class is not None else None
    return {"stat": "ok", "cranes": [_crane(state, mid) for mid, m in sorted(state.cranes.items())
                                     if wanted is None or m[1] == wanted]}


@requires()
def free_cranes(state: State, token: str, date: str,
                crane_class: Optional[CraneClass] = None) -> Union[List[List[Any]], Reply]:
    """The cranes on the road and not booked on a day.

    Parameters
    ----------
    token : str
        The session's token.
    date : str
        The day, ``YYYY-MM-DD``.
    crane_class : CraneClass, optional
        Only cranes of this class.

    Returns
    -------
    list of list
        Rows ``[crane id, model, class, thorough examination due]``.
    """
    day = _date(date, "date")
    wanted = _enum(CraneClass, crane_class, "crane_class").value if crane_class is not None else None
    return [[mid, m[0], m[1], m[3]] for mid, m in sorted(state.cranes.items())
            if not m[4] and (wanted is None or m[1] == wanted) and not _booked(state, day, crane=mid)]


@requires(*YARD)
def record_examination(state: State, token: str, crane_id: str, examined_on: str, examiner: str,
                       report_number: str, result: ExamResult) -> Reply:
    """Record a crane's thorough examination under LOLER (the yard).

    Parameters
    ----------
    token : str
        The session's token.
    crane_id : str
        The crane.
    examined_on : str
        The day of the examination, ``YYYY-MM-DD``.
    examiner : str
        The competent person's firm.
    report_number : str
        The examiner's report number.
    result : {"pass", "defects"}
        ``pass``, or ``defects`` (the crane comes off the road with a dangerous defect raised).

    Returns
    -------
    dict
        ``{"stat": "ok", "crane"}`` with its next examination date (twelve months on, after a pass).
    """
    m = _get(state.cranes, crane_id, "crane")
    day = _date(examined_on, "examined_on")
    if day > TODAY:
        raise _Fail("invalid", f"{day} has not come yet")
    _choice(result, ("pass", "defects"), "result")
    if _blank(examiner) or _blank(report_number):
        raise _Fail("invalid", "examiner and report_number are required")
    history = state.examinations.setdefault(crane_id, [])
    if any(e[2] == report_number.strip() for e in history):
        raise _Fail("done", f"report {report_number.strip()} is recorded for {crane_id} already")
    history.append([day, examiner.strip(), report_number.strip(), result])
    if result == "pass":
        due = datetime.date.fromisoformat(day)
        m[3] = due.replace(year=due.year + 1).isoformat()
    else:
        did = f"DF-{_next(state, 'defect')}"
        state.defects[did] = [crane_id, f"Thorough examination {report_number.strip()}: defects found",
                              "dangerous", day, True, None]
        m[4] = True
    return {"stat": "ok", "crane": _crane(state, crane_id)}


@requires("desk", "yard")
def report_defect(state: State, token: str, crane_id: str, description: str, severity: Severity) -> Reply:
    """Report a defect on a crane (the hire desk or the yard); a dangerous defect takes the crane off the road.

    Parameters
    ----------
    token : str
        The session's token.
    crane_id : str
        The crane.
    description : str
        What is wrong.
    severity : Severity
        ``advisory``, ``minor`` or ``dangerous``.

    Returns
    -------
    dict
        ``{"stat": "ok", "defect"}`` with the new ``defect_id``.
    """
    m = _get(state.cranes, crane_id, "crane")
    severity = _enum(Severity, severity, "severity")
    if _blank(description):
        raise _Fail("invalid", "description is required")
    for did, d in state.defects.items():
        if d[0] == crane_id and d[4] and d[1].lower() == description.strip().lower():
            raise _Fail("done", f"that defect is reported already, {did}")
    did = f"DF-{_next(state, 'defect')}"
    state.defects[did] = [crane_id, description.strip(), severity.value, TODAY, True, None]
    if severity is Severity.DANGEROUS:
        m[4] = True
    return {"stat": "ok", "defect": _defect(state, did)}


@requires()
def defects(state: State, token: str, crane_id: Optional[str] = None, open_only: bool = True) -> Reply:
    """Defects, by defect id.

    Parameters
    ----------
    token : str
        The session's token.
    crane_id : str, optional
        Only this crane's defects.
    open_only : bool, default True
        Only defects not yet cleared.

    Returns
    -------
    dict
        ``{"stat": "ok", "defects"}``.
    """
    found = [_defect(state, did) for did, d in sorted(state.defects.items())
             if (crane_id is None or d[0] == crane_id) and (d[4] or not open_only)]
    return {"stat": "ok", "defects": found}


@requires(*YARD)
def clear_defect(state: State, token: str, defect_id: str, repair: str) -> Reply:
    """Clear a repaired defect (the yard); a crane with no dangerous defect left goes back on the road.

    Parameters
    ----------
    token : str
        The session's token.
    defect_id : str
        The defect.
    repair : str
        What was done.

    Returns
    -------
    dict
        ``{"stat": "ok", "defect", "crane"}``.
    """
    d = _get(state.defects, defect_id, "defect")
    if not d[4]:
        raise _Fail("done", f"{defect_id} is cleared already")
    if _blank(repair):
        raise _Fail("invalid", "repair is required")
    d[4], d[5] = False, repair.strip()
    if not any(x[0] == d[0] and x[4] and x[2] == "dangerous" for x in state.defects.values()):
        state.cranes[d[0]][4] = False
    return {"stat": "ok", "defect": _defect(state, defect_id), "crane": _crane(state, d[0])}


@requires(*YARD)
def pre_use_check(state: State, token: str, crane_id: str, hours_meter: int) -> Reply:
    """Record a crane's daily pre-use check before it leaves the yard (the yard).

    Parameters
    ----------
    token : str
        The session's token.
    crane_id : str
        The crane.
    hours_meter : int
        The hours meter reading.

    Returns
    -------
    dict
        ``{"stat": "ok", "check"}``.
    """
    m = _get(state.cranes, crane_id, "crane")
    if m[4]:
        raise _Fail("state", f"{crane_id} is off the road with an open dangerous defect")
    if isinstance(hours_meter, bool) or not isinstance(hours_meter, int) or hours_meter < 0:
        raise _Fail("invalid", "hours_meter is a whole number of hours")
    last = state.checks.get(crane_id)
    if last and last[0] == TODAY:
        raise _Fail("done", f"{crane_id} had its pre-use check today already, by {last[2]}")
    if last and hours_meter < last[1]:
        raise _Fail("invalid", f"{crane_id}'s hours meter read {last[1]} at its last check")
    state.checks[crane_id] = [TODAY, hours_meter, _who(state, token)]
    return {"stat": "ok", "check": {"crane_id": crane_id, "checked_on": TODAY, "hours_meter": hours_meter,
                                    "by": _who(state, token)}}


# --------------------------------------------------------------------------- operators and allocation


@requires()
def operators(state: State, token: str, category: Optional[Category] = None) -> Reply:
    """The crane operators and slingers, by operator id.

    Parameters
    ----------
    token : str
        The session's token.
    category : {"A02", "A40", "A60"}, optional
        Only those holding a card in this CPCS category (A02 crawler crane, A40 slinger/signaller, A60 mobile
        crane), in date or not.

    Returns
    -------
    dict
        ``{"stat": "ok", "operators"}``, each with its cards as rows ``[category, card number, expires]`` and the
        hire it is on today, if any.
    """
    if category is not None:
        _choice(category, ("A02", "A40", "A60"), "category")
    return {"stat": "ok", "operators": [_operator(state, oid) for oid, o in sorted(state.operators.items())
                                        if category is None or any(c[0] == category for c in o[1])]}


@requires(*YARD)
def record_card(state: State, token: str, operator_id: str, category: Category, card_number: str,
                expires: str) -> Reply:
    """Record an operator's new or renewed CPCS card (the yard).

    Parameters
    ----------
    token : str
        The session's token.
    operator_id : str
        The operator.
    category : {"A02", "A40", "A60"}
        The card's category.
    card_number : str
        The card's number.
    expires : str
        Its expiry date, ``YYYY-MM-DD``.

    Returns
    -------
    dict
        ``{"stat": "ok", "operator"}`` with its cards.
    """
    o = _get(state.operators, operator_id, "operator")
    _choice(category, ("A02", "A40", "A60"), "category")
    if not isinstance(card_number, str) or not re.fullmatch(r"\d{8}", card_number.strip()):
        raise _Fail("invalid", f"a CPCS card number is eight digits, not {card_number!r}")
    day = _date(expires, "expires")
    if day <= TODAY:
        raise _Fail("invalid", f"a card that ran out on {day} is no card")
    card = _card(state, operator_id, category)
    if card and card[1] == card_number.strip() and card[2] == day:
        raise _Fail("done", f"{o[0]} holds that {category} card already")
    if card:
        card[1], card[2] = card_number.strip(), day
    else:
        o[1].append([category, card_number.strip(), day])
    return {"stat": "ok", "operator": _operator(state, operator_id)}


@requires(*DESK)
def allocate(state: State, token: str, hire_id: str, crane_id: str, operator_id: str) -> Reply:
    """Allocate a crane and its operator to a confirmed hire (the hire desk).

    Parameters
    ----------
    token : str
        The session's token.
    hire_id : str
        The hire.
    crane_id : str
        A crane of the hire's class.
    operator_id : str
        An operator with a CPCS card for the crane.

    Returns
    -------
    dict
        ``{"stat": "ok", "hire"}`` with its crane and operator.
    """
    h = _get(state.hires, hire_id, "hire")
    if h["status"] != "confirmed":
        raise _Fail("state", f"{hire_id} is {h['status']}, not confirmed")
    m = _get(state.cranes, crane_id, "crane")
    o = _get(state.operators, operator_id, "operator")
    if h["crane"] == crane_id and h["operator"] == operator_id:
        raise _Fail("done", f"{crane_id} and {o[0]} are allocated to {hire_id} already")
    if m[1] != h["class"]:
        raise _Fail("rule", f"{crane_id} is a {m[1]} crane; {hire_id} is for a {h['class']}")
    if m[4]:
        raise _Fail("state", f"{crane_id} is off the road with an open dangerous defect")
    if m[3] < h["date"]:
        raise _Fail("rule", f"{crane_id}'s thorough examination ran out on {m[3]}; it may not lift until examined")
    other = _booked(state, h["date"], crane=crane_id, other_than=hire_id)
    if other:
        raise _Fail("state", f"{crane_id} is on {other} that day")
    need = CLASS_CATEGORY[m[1]]
    card = _card(state, operator_id, need)
    if card is None:
        raise _Fail("rule", f"{o[0]} holds no CPCS {need} card, which {crane_id} needs")
    if card[2] < h["date"]:
        raise _Fail("rule", f"{o[0]}'s CPCS {need} card ran out on {card[2]}")
    other = _booked(state, h["date"], operator=operator_id, other_than=hire_id)
    if other:
        raise _Fail("state", f"{o[0]} is on {other} that day")
    h["crane"], h["operator"] = crane_id, operator_id
    _event(state, hire_id, f"allocated {crane_id} with {o[0]}", _who(state, token))
    return {"stat": "ok", "hire": _hire(state, hire_id)}


@requires(*DESK)
def dispatch(state: State, token: str, hire_id: str) -> Union[str, Reply]:
    """Send a hire's crane out from the yard on the day (the hire desk).

    Parameters
    ----------
    token : str
        The session's token.
    hire_id : str
        The hire.

    Returns
    -------
    str
        A sentence with the hire, the crane and its operator.
    """
    h = _get(state.hires, hire_id, "hire")
    if h["status"] == "dispatched":
        raise _Fail("done", f"{hire_id} has gone out already")
    if h["status"] != "confirmed":
        raise _Fail("state", f"{hire_id} is {h['status']}, not confirmed")
    if h["date"] != TODAY:
        raise _Fail("rule", f"{hire_id} is for {h['date']}; a crane goes out on the day")
    if not h["crane"]:
        raise _Fail("state", f"no crane is allocated to {hire_id}")
    m = state.cranes[h["crane"]]
    if m[4]:
        raise _Fail("state", f"{h['crane']} is off the road with an open dangerous defect")
    check = state.checks.get(h["crane"])
    if not check or check[0] != TODAY:
        raise _Fail("rule", f"{h['crane']} has had no pre-use check today")
    if h["type"] == "contract_lift" and (not h["plan"] or state.plans[h["plan"]][7] != "approved"):
        raise _Fail("state", f"{hire_id} is a contract lift without an approved lift plan")
    site = state.sites[h["site"]]
    if site[4] and (not h["permit"] or state.permits[h["permit"]][3] != "granted"):
        raise _Fail("state", f"{site[1]} is on the highway and {hire_id} has no granted permit")
    h["status"] = "dispatched"
    operator = state.operators[h["operator"]][0]
    _event(state, hire_id, f"dispatched {h['crane']} with {operator}", _who(state, token))
    return f"Hire {hire_id} dispatched at {NOW[11:]}: {h['crane']} ({m[0]}) with {operator} to {site[1]}."


@requires(*DESK)
def record_timesheet(state: State, token: str, hire_id: str, hours_on_site: float, signed_by: str) -> Reply:
    """Record the timesheet the customer signed on site, which completes the hire (the hire desk).

    Parameters
    ----------
    token : str
        The session's token.
    hire_id : str
        The hire.
    hours_on_site : float
        The hours signed for.
    signed_by : str
        Who signed for the customer.

    Returns
    -------
    dict
        ``{"stat": "ok", "hire", "timesheet"}`` with ``hire_status`` ``completed`` and the timesheet as
        ``[hours, signed by]``.
    """
    h = _get(state.hires, hire_id, "hire")
    if h["status"] in ("completed", "invoiced"):
        raise _Fail("done", f"{hire_id}'s timesheet is recorded already")
    if h["status"] != "dispatched":
        raise _Fail("state", f"{hire_id} is {h['status']}, not out on site")
    if not _number(hours_on_site) or hours_on_site <= 0 or hours_on_site > 24:
        raise _Fail("invalid", "hours_on_site is more than 0 and at most 24")
    if _blank(signed_by):
        raise _Fail("invalid", "signed_by is required")
    h["status"], h["timesheet"] = "completed", [float(hours_on_site), signed_by.strip()]
    h["hours"] = float(hours_on_site)
    _event(state, hire_id, f"timesheet {float(hours_on_site):.1f} h signed by {signed_by.strip()}",
           _who(state, token))
    return {"stat": "ok", "hire": _hire(state, hire_id), "timesheet": list(h["timesheet"])}


# --------------------------------------------------------------------------- accounts and messages


@requires(*ACCOUNTS)
def invoice_hire(state: State, token: str, hire_id: str) -> Reply:
    """Invoice a completed hire from its timesheet (accounts).

    Parameters
    ----------
    token : str
        The session's token.
    hire_id : str
        The hire.

    Returns
    -------
    dict
        ``{"stat": "ok", "invoice"}`` with the new ``invoice_id``, its lines as rows ``[rate code, description,
        quantity, rate, amount]``, net, VAT, total, the deposit taken off and what is owed.
    """
    h = _get(state.hires, hire_id, "hire")
    if h["status"] == "invoiced":
        raise _Fail("done", f"{hire_id} is invoiced already, {h['invoice']}")
    if h["status"] != "completed":
        raise _Fail("state", f"{hire_id} is {h['status']}, not completed")
    iid = f"IN-{_next(state, 'invoice')}"
    state.invoices[iid] = [hire_id, h["customer"], TODAY, _lines(h), _net(h), h["deposit"], 0.0]
    h["status"], h["invoice"] = "invoiced", iid
    _event(state, hire_id, f"invoiced, {iid}", _who(state, token))
    return {"stat": "ok", "invoice": _invoice(state, iid)}


@requires()
def invoices(state: State, token: str, status: Optional[InvoiceStatus] = None,
             customer_id: Optional[str] = None) -> Reply:
    """Invoices, by invoice id.

    Parameters
    ----------
    token : str
        The session's token.
    status : {"unpaid", "paid"}, optional
        Only invoices in this state.
    customer_id : str, optional
        Only this customer's invoices.

    Returns
    -------
    dict
        ``{"stat": "ok", "invoices"}``.
    """
    if status is not None:
        _choice(status, ("unpaid", "paid"), "status")
    found = [_invoice(state, iid) for iid, inv in sorted(state.invoices.items())
             if customer_id is None or inv[1] == customer_id]
    return {"stat": "ok", "invoices": [i for i in found if status is None or i["invoice_status"] == status]}


@requires("accounts", "desk")
def record_payment(state: State, token: str, invoice_id: str, amount: float,
                   method: PayMethod) -> Union[float, Reply]:
    """Record a payment against an invoice (accounts or the hire desk).

    Parameters
    ----------
    token : str
        The session's token.
    invoice_id : str
        The invoice.
    amount : float
        The amount paid, in pounds.
    method : PayMethod
        ``card``, ``bank_transfer`` or ``cheque``.

    Returns
    -------
    float
        What the invoice still owes.
    """
    inv = _get(state.invoices, invoice_id, "invoice")
    method = _enum(PayMethod, method, "method")
    owing = _owing(inv)
    if owing <= 0.005:
        raise _Fail("done", f"{invoice_id} is paid already")
    if not _number(amount) or amount <= 0:
        raise _Fail("invalid", "amount is a positive amount")
    if amount > owing + 0.005:
        raise _Fail("rule", f"{invoice_id} owes {owing:.2f}; {float(amount):.2f} is more than that")
    inv[6] = round(inv[6] + amount, 2)
    if inv[0] in state.hires:
        _event(state, inv[0], f"{float(amount):.2f} paid by {method.value} on {invoice_id}", _who(state, token))
    return _owing(inv)


@requires()
def statement(state: State, token: str, customer_id: str) -> Reply:
    """A customer's account statement.

    Parameters
    ----------
    token : str
        The session's token.
    customer_id : str
        The customer.

    Returns
    -------
    dict
        ``{"stat": "ok", "customer_id", "customer", "on_stop", "rows", "balance"}``, the rows ``[date, reference,
        description, debit, credit, balance]``.
    """
    c = _get(state.customers, customer_id, "customer")
    rows, balance = [], 0.0
    for iid, inv in sorted(state.invoices.items()):
        if inv[1] != customer_id:
            continue
        balance = round(balance + _invoice_total(inv), 2)
        rows.append([inv[2], iid, f"Invoice for {inv[0]}", _invoice_total(inv), 0.0, balance])
        taken = round(inv[5] + inv[6], 2)
        if taken:
            balance = round(balance - taken, 2)
            rows.append([inv[2], iid, "Deposit and payments", 0.0, taken, balance])
    return {"stat": "ok", "customer_id": customer_id, "customer": c["name"],
            "on_stop": _on_stop(state, customer_id) is not None, "rows": rows, "balance": balance}


@requires()
def send_message(state: State, token: str, customer_id: str, subject: str, body: str) -> Union[str, Reply]:
    """E-mail a customer's contact.

    Parameters
    ----------
    token : str
        The session's token.
    customer_id : str
        The customer.
    subject : str
        The subject line.
    body : str
        The message.

    Returns
    -------
    str
        A sentence with the message's id and where it went.
    """
    c = _get(state.customers, customer_id, "customer")
    if _blank(subject) or _blank(body):
        raise _Fail("invalid", "subject and body are required")
    mid = f"MS-{_next(state, 'message')}"
    state.messages.append([mid, customer_id, subject.strip(), body.strip(), _who(state, token)])
    return f"Message {mid} sent to {c['contact']} of {c['name']} at {c['email']}."


TOOLS = [
    sign_in, sign_out, rate_card, find_customer, open_account, update_customer, credit_check, add_site, sites,
    quote_hire, hires, hire_sheet, reschedule_hire, confirm_hire, take_deposit, cancel_hire, site_survey,
    write_lift_plan, lift_plans, approve_lift_plan, apply_permit, record_permit, permits, cranes, free_cranes,
    record_examination, report_defect, defects, clear_defect, pre_use_check, operators, record_card, allocate,
    dispatch, record_timesheet, invoice_hire, invoices, record_payment, statement, send_message,
]

FIXTURES = {
    "firm": {"name": "Stannery Crane Hire Ltd", "where": "Furnace Lane Depot, Ottermead",
             "today": "Tuesday 10 March 2043, twenty to eight in the morning"},
    "staff": [
        {"name": "Sabine Corderoy", "role": "hire desk", "username": "sabine.c", "password": "Jib-Angle-41"},
        {"name": "Cormac Furlong", "role": "lift planner (appointed person)", "username": "cormac.f",
         "password": "Radius-Chart-27"},
        {"name": "Hamish Roebuck", "role": "yard (fleet engineer)", "username": "hamish.r",
         "password": "Grease-Nipple-63"},
        {"name": "Anjali Venkatesan", "role": "accounts", "username": "anjali.v", "password": "Ledger-Cross-85"},
        {"name": "Gwendolen Tapp", "role": "operations manager", "username": "gwendolen.t",
         "password": "Counterweight-19"},
    ],
    "new_customer": {
        "name": "Orme Valley Timber Frames Ltd", "account": "credit, with a limit of 12,000 pounds agreed by accounts",
        "contact": "Ansel Threadgold", "address": "Sawpit Yard, Orme Valley, Ottermead OT7 2RB",
        "email": "ansel@ormevalley-frames.example", "phone": "01632 961177",
        "site": "Plot 3, Sparrowhawk Heath, Ottermead OT4 9DS, off the highway",
        "wants": "a contract lift of timber-frame roof cassettes on Thursday 12 March: a 60-tonne crane for 8 hours "
                 "with a slinger/signaller; the heaviest cassette weighs 2.6 tonnes at a 16-metre radius, 14 lifts; "
                 "their order number is OVTF-0312",
    },
    "notes": [
        "Maxine Hartnoll has paid a 264-pound deposit by card for today's city crane; she ordered by phone",
        "The council has granted the footway permit for 14 Cloister Lane: permit OT/40877, with barriers and a "
        "banksman",
        "Rosamund Marchbank accepted the bell lift plan for St Cuthman's at half past seven",
        "The 35-tonne Liebherr passed its thorough examination yesterday: Tennant Lifting Inspection, report "
        "TLI-81302",
        "Rhodri Bevan has brought in his renewed CPCS A60 card, number 39920417, valid to 28 February 2048",
        "The Tadano's front outrigger jack has a new seal and passed its pressure test",
        "Tregellas have paid their overdue invoice of 2,973.60 pounds by bank transfer and confirm Friday's crane "
        "on order TSE-2304",
        "Elmcroft Roofing's credit check came back well: a limit of 8,000 pounds; they confirm Thursday's crane on "
        "order ER-1187",
        "Blackmore's timesheet for today's bridge job: 8.5 hours, signed by Conrad Bellairs",
        "Kenver Penhale's e-mail address is now kenver.penhale@tregellas-steel.example",
        "This morning's hours meters: the 60-tonne Liebherr 18262, the city crane 9120, the mini crawler 2210",
        "Blackmore's Thursday job at the bridge moves to Friday 13 March",
        "Ansel Threadgold accepted the roof cassette lift plan on the phone",
    ],
}

# --------------------------------------------------------------------------- the designed prerequisites

_TOKEN = "auth: session token (token of sign_in)"
PUBLIC = ("sign_in", "rate_card")
TOKEN_CONSUMERS = [t.__name__ for t in TOOLS if t.__name__ not in PUBLIC]
CUSTOMER_CONSUMERS = ["update_customer", "credit_check", "add_site", "sites", "quote_hire", "statement",
                      "send_message"]
SITE_CONSUMERS = ["quote_hire", "site_survey"]
HIRE_CONSUMERS = ["hire_sheet", "reschedule_hire", "confirm_hire", "take_deposit", "cancel_hire", "apply_permit",
                  "allocate", "write_lift_plan", "dispatch", "record_timesheet", "invoice_hire"]
CRANE_CONSUMERS = ["allocate", "pre_use_check", "record_examination", "report_defect"]
_CUSTOMER = "id lookup/create: customer (customer_id of open_account's customer, or of a find_customer entry)"
_SITE = "id lookup/create: site (site_id of add_site's site, or the first column of a sites row)"
_HIRE = "id lookup/create: hire (hire_id of quote_hire's hire, or of a hires entry)"
_CRANE = "id lookup: crane (crane_id of a cranes entry, or the first column of a free_cranes row)"

GROUND_TRUTH = (
    [("sign_in", c, _TOKEN) for c in TOKEN_CONSUMERS]
    + [("open_account|find_customer", c, _CUSTOMER) for c in CUSTOMER_CONSUMERS]
    + [("add_site|sites", c, _SITE) for c in SITE_CONSUMERS]
    + [("quote_hire|hires", c, _HIRE) for c in HIRE_CONSUMERS]
    + [("cranes|free_cranes", c, _CRANE) for c in CRANE_CONSUMERS]
    + [
        ("write_lift_plan|lift_plans", "approve_lift_plan",
         "id lookup/create: lift plan (plan_id of write_lift_plan's plan, or of a lift_plans entry)"),
        ("apply_permit|permits", "record_permit",
         "id lookup/create: permit application (application_id of apply_permit's application, or of a permits "
         "entry)"),
        ("report_defect|defects", "clear_defect",
         "id lookup/create: defect (defect_id of report_defect's defect, or of a defects entry)"),
        ("invoice_hire|invoices", "record_payment",
         "id lookup/create: invoice (invoice_id of invoice_hire's invoice, or of an invoices entry)"),
        ("operators", "allocate", "id lookup: operator (operator_id of an operators entry)"),
        ("operators", "record_card", "id lookup: operator (operator_id of an operators entry)"),
        ("rate_card", "quote_hire", "vocabulary: the extras' rate codes (the first column of a rate_card row)"),
        ("credit_check", "confirm_hire", "vetting: a credit account's credit checked and approved"),
        ("site_survey", "write_lift_plan", "vetting: the hire's site surveyed by the appointed person (survey_id of "
                                           "site_survey's survey)"),
        ("record_examination", "allocate", "vetting: the crane's thorough examination in date on the hire's day"),
        ("record_card", "allocate", "vetting: the operator's CPCS card for the crane in date on the hire's day"),
        ("confirm_hire", "allocate", "state: the hire confirmed"),
        ("clear_defect", "allocate", "state: the crane back on the road, its dangerous defect cleared"),
        ("allocate", "write_lift_plan", "state: a crane allocated to the contract lift (the plan is made for it)"),
        ("allocate", "dispatch", "state: a crane and an operator allocated to the hire"),
        ("approve_lift_plan", "dispatch", "state: a contract lift's lift plan approved"),
        ("record_permit", "dispatch", "state: the council's permit granted for a crane on the highway"),
        ("pre_use_check", "dispatch", "state: the crane's pre-use check done today"),
        ("dispatch", "record_timesheet", "state: the crane out on site"),
        ("record_timesheet", "invoice_hire", "state: the hire completed with its signed timesheet"),
        ("take_deposit", "confirm_hire", "payment: a cash customer's deposit of half the quote with VAT"),
        ("record_payment", "confirm_hire", "payment: a customer on stop has paid its overdue invoice"),
    ]
)

ONE_STEP_FURTHER = {
    ("add_site", "allocate"), ("add_site", "confirm_hire"), ("add_site", "hire_sheet"),
    ("add_site", "write_lift_plan"), ("allocate", "approve_lift_plan"), ("allocate", "record_timesheet"),
    ("confirm_hire", "dispatch"), ("confirm_hire", "write_lift_plan"), ("cranes", "clear_defect"),
    ("cranes", "dispatch"), ("credit_check", "allocate"), ("defects", "allocate"), ("dispatch", "invoice_hire"),
    ("find_customer", "allocate"), ("find_customer", "apply_permit"), ("find_customer", "cancel_hire"),
    ("find_customer", "confirm_hire"), ("find_customer", "dispatch"), ("find_customer", "invoice_hire"),
    ("find_customer", "record_timesheet"), ("find_customer", "reschedule_hire"), ("find_customer", "site_survey"),
    ("find_customer", "take_deposit"), ("free_cranes", "dispatch"), ("free_cranes", "write_lift_plan"),
    ("hires", "record_payment"), ("hires", "record_permit"), ("invoices", "confirm_hire"), ("lift_plans", "dispatch"),
    ("open_account", "allocate"), ("open_account", "confirm_hire"), ("open_account", "hire_sheet"),
    ("open_account", "site_survey"), ("open_account", "write_lift_plan"), ("operators", "dispatch"),
    ("operators", "write_lift_plan"), ("permits", "dispatch"), ("pre_use_check", "record_timesheet"),
    ("quote_hire", "approve_lift_plan"), ("rate_card", "allocate"), ("rate_card", "confirm_hire"),
    ("rate_card", "hire_sheet"), ("rate_card", "write_lift_plan"), ("record_timesheet", "record_payment"),
    ("site_survey", "approve_lift_plan"), ("sites", "allocate"), ("sites", "apply_permit"), ("sites", "cancel_hire"),
    ("sites", "confirm_hire"), ("sites", "dispatch"), ("sites", "invoice_hire"), ("sites", "record_timesheet"),
    ("sites", "reschedule_hire"), ("sites", "take_deposit"), ("take_deposit", "allocate"),
}
_DESIGNED = {(p, c) for ps, c, _ in GROUND_TRUTH for p in ps.split("|")}
_CUSTOMER_SHOWN = ("find_customer", "open_account", "update_customer", "credit_check", "hires", "quote_hire",
                   "hire_sheet", "reschedule_hire", "confirm_hire", "allocate", "record_timesheet", "invoices",
                   "invoice_hire", "statement", "sites", "add_site")
_SITE_SHOWN = ("add_site", "sites", "hires", "quote_hire", "hire_sheet", "reschedule_hire", "confirm_hire",
               "allocate", "record_timesheet", "site_survey")
_HIRE_SHOWN = ("quote_hire", "hires", "hire_sheet", "reschedule_hire", "confirm_hire", "allocate",
               "record_timesheet", "lift_plans", "write_lift_plan", "permits", "apply_permit", "record_permit",
               "invoices", "invoice_hire", "operators")
_CRANE_SHOWN = ("cranes", "free_cranes", "hires", "quote_hire", "hire_sheet", "reschedule_hire", "confirm_hire",
                "allocate", "record_timesheet", "defects", "report_defect", "clear_defect", "record_examination",
                "pre_use_check", "lift_plans", "write_lift_plan")
_OPERATOR_SHOWN = ("operators", "hires", "hire_sheet", "allocate", "confirm_hire", "record_timesheet", "record_card")
_PLAN_SHOWN = ("write_lift_plan", "lift_plans", "hires", "hire_sheet", "allocate", "confirm_hire", "record_timesheet")
_PERMIT_SHOWN = ("apply_permit", "permits", "hires", "hire_sheet", "allocate", "confirm_hire", "record_timesheet",
                 "record_permit")
_INVOICE_SHOWN = ("invoice_hire", "invoices", "hires", "hire_sheet", "statement")
_HIRE_CHANGES = ("quote_hire", "reschedule_hire", "confirm_hire", "take_deposit", "cancel_hire", "write_lift_plan",
                 "approve_lift_plan", "apply_permit", "record_permit", "allocate", "dispatch", "record_timesheet",
                 "invoice_hire", "record_payment")
_CRANE_CHANGES = ("record_examination", "report_defect", "clear_defect", "pre_use_check", "allocate",
                  "reschedule_hire", "cancel_hire")
PLAUSIBLE = (
    # ids shown in other lists and records: customers on hires, sheets, invoices and statements, sites on hires and
    # surveys, hires on lift plans, permits, invoices and operators, cranes wherever a hire, a defect, a check or a
    # plan names one, operators on hires, plans and permit applications on hires, invoices on hires and statements
    {(p, c) for p in _CUSTOMER_SHOWN for c in CUSTOMER_CONSUMERS}
    | {(p, c) for p in _SITE_SHOWN for c in SITE_CONSUMERS}
    | {(p, c) for p in _HIRE_SHOWN for c in HIRE_CONSUMERS}
    | {(p, c) for p in _CRANE_SHOWN for c in CRANE_CONSUMERS}
    | {(p, c) for p in _OPERATOR_SHOWN for c in ("allocate", "record_card")}
    | {(p, "approve_lift_plan") for p in _PLAN_SHOWN}
    | {(p, "record_permit") for p in _PERMIT_SHOWN}
    | {(p, "clear_defect") for p in ("report_defect", "defects", "record_examination", "clear_defect")}
    | {(p, "record_payment") for p in _INVOICE_SHOWN}
    | {(p, "write_lift_plan") for p in ("site_survey", "lift_plans")}
    | {(p, "quote_hire") for p in ("rate_card", "hire_sheet", "invoices", "invoice_hire")}
    # one step further along the designed chains (two designed pairs in a row, and real in the proofs: the later
    # call fails when the earlier one is dropped)
    | ONE_STEP_FURTHER
    # a record created or changed, then seen in the lists and records that show it
    | {(p, c) for p in ("open_account", "update_customer", "credit_check", "record_payment", "invoice_hire")
       for c in ("find_customer", "statement")}
    | {(p, "sites") for p in ("add_site", "site_survey")}
    | {(p, c) for p in _HIRE_CHANGES for c in ("hires", "hire_sheet")}
    | {(p, c) for p in _CRANE_CHANGES for c in ("cranes", "free_cranes")}
    | {(p, "defects") for p in ("report_defect", "clear_defect", "record_examination")}
    | {(p, "operators") for p in ("record_card", "allocate", "reschedule_hire", "cancel_hire")}
    | {(p, "lift_plans") for p in ("write_lift_plan", "approve_lift_plan")}
    | {(p, "permits") for p in ("apply_permit", "record_permit")}
    | {(p, "invoices") for p in ("invoice_hire", "record_payment")}
) - _DESIGNED - {(t.__name__, t.__name__) for t in TOOLS}  # not the designed pairs, nor a tool with itself
