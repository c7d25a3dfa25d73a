"""Venire: the jury management system of the Crown Court at Kelderby (37 calls).

Plain functions, each behind the ``signed_on(*roles)`` session decorator, over an in-memory ``State`` of a Crown
Court's jury office on Monday 14 October 2047 at 08:40. The jury bureau summons jurors from the electoral register
into weekly pools, records their replies to the summons, has each juror checked on the Police National Computer,
confirms their service, deals with requests to defer or to be excused (with the documents that support them), moves
jurors between pools and writes to them. The jury manager opens pools for the Mondays the court sits, asks for a jury
for a trial once the defendant has pleaded not guilty, selects the panel by ballot from the jurors checked in that
day, concludes trials and signs off jurors whose service is over. The jury usher checks jurors in, swears them on the
panel, stands down those who cannot serve and records each day's attendance. Finance records employers' certificates
of lost earnings and jurors' bank details, enters their expense claims against the published allowances, approves
and pays them. The senior jury officer may do everything. The allowances are public.

The system is an old transaction-processing application reached through a Python gateway: every reply is a
pydantic model that carries the transaction's response condition the way a CICS program sees it, ``resp`` (the
EIBRESP value, 0 NORMAL) and ``resp2`` (the reason), and a refusal is a ``Condition`` model with a non-zero ``resp``,
its condition name and the application's message (``VNR...E``): 70 NOTAUTH (resp2 1 not signed on, 2 not authorised
for the transaction, 3 sign-on refused), 13 NOTFND (no such record), 16 INVREQ (resp2 1 a bad input, 2 a rule of the
court's or the Juries Act's, 3 a record in the wrong state) and 14 DUPREC (done already). A few calls answer with a
bare value, bare rows or a sentence instead. ``FAILURE`` (``resp_failure``) reads a refusal from its ``resp``. The
decorator checks the session and the role before the tool runs and answers the tool's own ``_Cond`` as the
``Condition``; two calls are public and undecorated (``sign_on``, ``allowance_rates``).

Annotations are PEP 604 unions evaluated at definition (``str | None``, ``Juror | Condition``), builtin ``list[str]``
and ``list[list[Any]]``, ``Literal`` aliases and ``Enum``s. Google docstrings (``Args:``, ``Returns:``). Replies are
pydantic models and lists of them (a session, the allowance table with its rates as rows, jurors, a juror's record
with its documents, attendance and history as rows, a reply to the summons, a police check, deferrals, excusals,
pools, a pool's members as rows, trials with their sworn jurors as rows, a panel with its members as rows, an
earnings certificate, bank details, claims with their lines as rows); the jurors a summons draws as bare rows; bare
values (the days a juror has attended, what a claim is approved for); sentences with an id in them (a check-in, a
juror sworn or stood down, service completed with its certificate, a payment, a letter, a sign-off). Typed inputs: a
plain ``Enum`` input (``ExcusalReason``), a ``str`` ``Enum`` input (``LetterKind``), ``Literal`` inputs (a decision,
a document, the form of oath, a trial's outcome, a day's attendance) and ``Literal`` filters (deferrals, excusals,
claims), ``list[str]`` allowance codes, ``bool`` answers on the summons form, ``int`` counts, sizes and miles,
``float`` losses, ``str | None`` details and filters. Ids look alike: juror numbers such as ``470113`` (six digits),
pool ``PL-4471``, trial ``T20470117``, panel ``PN-318``, deferral ``DF-2210``, excusal ``EX-1187``, claim ``EC-5520``,
payment ``BP-88120``, letter ``LT-9041``, certificate ``CA-3307``. The allowance codes are shown only by the public
table; the ages of jury service, the deferral rules, the documents each ground of excusal needs, the panel's size,
the sort code's and account number's forms and the caps on lost earnings are stated only in refusals.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as provider means either
tool satisfies it, and the text of ``what`` before its first ``:`` is the kind.
"""

import datetime
import functools
import json
import random
import re
from enum import Enum
from typing import Any, Callable, Literal

from pydantic import BaseModel

TODAY = "2047-10-14"  # a Monday
NOW = "2047-10-14 08:40"
BUREAU = ("bureau",)
MANAGER = ("manager",)
USHER = ("usher",)
FINANCE = ("finance",)
Decision = Literal["grant", "refuse"]
Document = Literal["gp_letter", "hospital_letter", "care_letter", "employer_letter", "travel_booking",
                   "college_letter"]
OathForm = Literal["oath", "affirmation"]
Outcome = Literal["verdicts", "hung_jury", "discharged"]
DayType = Literal["full", "half"]
RequestStatus = Literal["pending", "granted", "refused"]
ClaimStatus = Literal["submitted", "approved", "paid"]


class ExcusalReason(Enum):
    ILLNESS = "illness"
    CARER = "carer"
    CHILDCARE = "childcare"
    WORK = "work"
    TRAVEL = "travel"
    STUDENT = "student"
    RECENT_SERVICE = "recent_service"


class LetterKind(str, Enum):
    REMINDER = "reminder"
    CONFIRMATION = "confirmation"
    DEFERRAL_DECISION = "deferral_decision"
    EXCUSAL_DECISION = "excusal_decision"


# --------------------------------------------------------------------------- response conditions

_CONDITIONS = {  # kind -> (resp, resp2, condition)
    "signon": (70, 3, "NOTAUTH"),
    "session": (70, 1, "NOTAUTH"),
    "role": (70, 2, "NOTAUTH"),
    "missing": (13, 1, "NOTFND"),
    "input": (16, 1, "INVREQ"),
    "rule": (16, 2, "INVREQ"),
    "state": (16, 3, "INVREQ"),
    "done": (14, 1, "DUPREC"),
}


class Condition(BaseModel):
    """A refusal: the transaction's response condition and the application's message."""

    resp: int
    resp2: int
    condition: str
    msg: str


def resp_failure(reply: Any) -> Any:
    """A reply is a refusal when it carries a non-zero ``resp`` (a dict, JSON text of one, or a model with the
    field); answers ``"RESP <n> <condition> RESP2 <n>: <message>"``, else False."""
    if isinstance(reply, str) and reply[:1] == "{":
        try:
            reply = json.loads(reply)
        except ValueError:
            return False
    if isinstance(reply, BaseModel):
        reply = reply.model_dump()
    if isinstance(reply, dict) and isinstance(reply.get("resp"), int) and reply["resp"] != 0:
        return f"RESP {reply['resp']} {reply.get('condition')} RESP2 {reply.get('resp2')}: {reply.get('msg')}"
    return False


FAILURE = resp_failure


class _Cond(Exception):
    """A refusal inside a transaction, answered as a ``Condition``."""

    def __init__(self, kind: str, number: int, text: str) -> None:
        super().__init__(text)
        self.kind = kind
        self.number = number
        self.text = text

    def reply(self) -> Condition:
        resp, resp2, name = _CONDITIONS[self.kind]
        return Condition(resp=resp, resp2=resp2, condition=name, msg=f"VNR{self.number:03d}E {self.text}")


# --------------------------------------------------------------------------- replies


class Reply(BaseModel):
    """What every transaction answers: its response condition, NORMAL."""

    resp: int = 0
    resp2: int = 0


class Session(Reply):
    token: str
    name: str
    role: str
    signed_on: str


class AllowanceTable(Reply):
    currency: str
    rows: list[list[Any]]
    notes: str


class Juror(Reply):
    juror_number: str
    name: str
    address: str
    postcode: str
    phone: str | None
    email: str | None
    pool_id: str
    court_date: str
    juror_status: str


class JurorRecord(Juror):
    date_of_birth: str | None
    police_check: str | None
    documents: list[list[Any]]
    attendance: list[list[Any]]
    bank_on_file: bool
    earnings_certificate: bool
    history: list[list[Any]]


class SummonsReply(Reply):
    juror_number: str
    name: str
    eligible: bool
    reasons: list[str]
    juror_status: str


class PoliceCheck(Reply):
    juror_number: str
    name: str
    result: str
    reference: str
    checked_at: str


class Deferral(Reply):
    deferral_id: str
    juror_number: str
    name: str
    reason: str
    preferred_date: str
    deferral_status: str
    new_pool_id: str | None


class Excusal(Reply):
    excusal_id: str
    juror_number: str
    name: str
    reason: str
    details: str
    excusal_status: str
    decided_by: str | None


class Documents(Reply):
    juror_number: str
    name: str
    documents: list[list[Any]]


class Pool(Reply):
    pool_id: str
    court_date: str
    wanted: int
    members: int
    confirmed: int
    attending: int


class PoolMembers(Reply):
    pool_id: str
    court_date: str
    rows: list[list[Any]]


class Trial(Reply):
    trial_id: str
    case: str
    courtroom: str
    judge: str
    estimate_days: int
    trial_status: str
    panel_id: str | None
    sworn: list[list[Any]]


class Panel(Reply):
    panel_id: str
    trial_id: str
    case: str
    courtroom: str
    members: list[list[Any]]


class EarningsCertificate(Reply):
    juror_number: str
    name: str
    employer: str
    daily_loss: float


class BankDetails(Reply):
    juror_number: str
    account_name: str
    sort_code: str
    account_ending: str


class Claim(Reply):
    claim_id: str
    juror_number: str
    name: str
    date: str
    lines: list[list[Any]]
    total: float
    claim_status: str


# --------------------------------------------------------------------------- the court's state

ALLOWANCES = [  # code, description, unit, rate
    ["MIL-CAR", "Travel by car or van, per mile", "mile", 0.314],
    ["MIL-MCY", "Travel by motorcycle, per mile", "mile", 0.314],
    ["MIL-BIC", "Travel by bicycle, per mile", "mile", 0.096],
    ["PARK", "Parking at the court's car park, per day", "day", 4.5],
    ["SUB-UP10", "Food and drink, away up to 10 hours", "day", 5.71],
    ["SUB-OV10", "Food and drink, away more than 10 hours", "day", 12.17],
    ["LOE-FULL", "Loss of earnings, a full day (as certified)", "day", 0.0],
    ["LOE-HALF", "Loss of earnings, a half day (as certified)", "day", 0.0],
]
LOSS_CAP = {"LOE-FULL": 64.95, "LOE-HALF": 32.47}
NEEDS = {  # excusal reason -> the documents that support it
    "illness": ("gp_letter", "hospital_letter"), "carer": ("care_letter",), "work": ("employer_letter",),
    "travel": ("travel_booking",), "student": ("college_letter",), "childcare": (), "recent_service": (),
}
SECOND_WEEK = [  # juror number -> name, address, postcode (the pool of Monday 7 October, in its second week)
    ("470101", "Alastair Penberthy", "3 Mallow Close, Kelderby", "KY2 4DW"),
    ("470102", "Bronwen Kellow", "18 Rookery Way, Kelderby", "KY3 1TS"),
    ("470103", "Crispian Dewhirst", "7 Saddlers Court, Kelderby", "KY1 6PN"),
    ("470104", "Delia Farquharson", "41 Ostler Street, Kelderby", "KY4 2LB"),
    ("470105", "Everard Gowland", "2 Thimble Row, Amblecote Magna", "KY7 3RE"),
    ("470106", "Fenella Hopcraft", "12 Linnet Drive, Kelderby", "KY2 8HU"),
    ("470107", "Gulshan Iqbal", "66 Gannet Road, Kelderby", "KY5 1AG"),
    ("470108", "Honora Jessop", "5 Wickham Yard, Kelderby", "KY1 2QF"),
    ("470109", "Ivo Kershaw", "29 Pelham Crescent, Kelderby", "KY3 7NX"),
    ("470110", "Jocasta Pucklechurch", "14 Fernlea Avenue, Amblecote Magna", "KY7 5JD"),
    ("470111", "Kwabena Asamoah", "8 Linhay Court, Kelderby", "KY4 9SW"),
    ("470112", "Evadne Noakes", "33 Brewer's Lane, Kelderby", "KY2 3GH"),
    ("470113", "Marmaduke Thwaites", "21 Quillet Street, Kelderby", "KY1 4ZA"),
    ("470114", "Rowena Pickersgill", "9 Starling Walk, Kelderby", "KY6 2EY"),
    ("470115", "Orrin Quayle", "44 Sandpiper Road, Amblecote Magna", "KY7 8BT"),
    ("470116", "Albinia Rushworth", "1 Chantry Gardens, Kelderby", "KY3 5MU"),
    ("470117", "Quentin Lathbury", "17 Mossgiel Terrace, Kelderby", "KY5 6LP"),
    ("470118", "Rhiannon Tebbutt", "52 Heron Bank, Kelderby", "KY2 9CR"),
    ("470119", "Solveig Underhay", "6 Cobbler's Yard, Kelderby", "KY1 7WD"),
    ("470120", "Tancred Hollinshead", "23 Sloe Bank, Kelderby", "KY4 1KE"),
    ("470121", "Ulrika Wadsworth", "15 Plover Close, Amblecote Magna", "KY7 2TN"),
    ("470122", "Valentine Yeardley", "38 Bellfounder's Row, Kelderby", "KY6 4HQ"),
    ("470123", "Wilhelmina Zouch", "10 Glebe Court, Kelderby", "KY3 3XS"),
    ("470124", "Xanthe Abernethy", "27 Clinker Street, Kelderby", "KY5 8RF"),
    ("470125", "Yestin Blamire", "4 Spinner's Place, Kelderby", "KY1 9GJ"),
]
SWORN_ON_DUNMORE = [n for n, *_ in SECOND_WEEK[:12]]
WEEK_ONE = ["2047-10-07", "2047-10-08", "2047-10-09", "2047-10-10", "2047-10-11"]


def _juror(name: str, address: str, postcode: str, pool: str, status: str, **more: Any) -> dict[str, Any]:
    row = {"name": name, "address": address, "postcode": postcode, "phone": None, "email": None, "pool": pool,
           "status": status, "dob": None, "check": None, "documents": [], "checkins": [], "attendance": {},
           "bank": None, "earnings": None, "panel": None, "trial": None, "history": []}
    row.update(more)
    return row


class State:
    """The Crown Court at Kelderby's jury system on Monday 14 October 2047 at 08:40."""

    def __init__(self) -> None:
        self.staff = {
            "ysolde.s": {"name": "Ysolde Scantlebury", "password": "Summons-Oak-47", "role": "bureau"},
            "barnaby.d": {"name": "Barnaby Dimmery", "password": "Ballot-Card-12", "role": "manager"},
            "mercy.o": {"name": "Mercy Oxenbury", "password": "Oath-Card-58", "role": "usher"},
            "gideon.v": {"name": "Gideon Vowles", "password": "Mileage-Rate-31", "role": "finance"},
            "lavinia.c": {"name": "Lavinia Cheverell", "password": "Jury-Room-96", "role": "senior"},
        }
        self.logins: dict[str, dict[str, Any]] = {}
        self.pools = {  # pool -> court date, jurors wanted
            "PL-4470": ["2047-10-07", 26], "PL-4471": ["2047-10-14", 20], "PL-4472": ["2047-10-21", 20],
            "PL-4473": ["2047-10-28", 20],
        }
        self.jurors: dict[str, dict[str, Any]] = {}
        for number, name, address, postcode in SECOND_WEEK:
            days = WEEK_ONE if number not in ("470113", "470114", "470115", "470116") else WEEK_ONE[:4]
            self.jurors[number] = _juror(
                name, address, postcode, "PL-4470", "attending", dob="1970-01-01", check="clear",
                checkins=WEEK_ONE + [TODAY], attendance={d: "full" for d in days},
                history=[["2047-10-07 08:35", "checked in, first day", "Mercy Oxenbury"]])
        for number in SWORN_ON_DUNMORE:
            self.jurors[number]["trial"] = "T20470108"
        self.jurors["470118"]["bank"] = ["R Tebbutt", "60-83-71", "20417736"]
        self.jurors["470120"]["bank"] = ["T Hollinshead", "40-11-62", "51180294"]
        self.jurors.update({
            # the pool sitting today
            "471101": _juror("Aurelio Mancini", "11 Damson Lane, Kelderby", "KY2 6JR", "PL-4471", "responded",
                             dob="1979-02-03", phone="07700 900417",
                             history=[["2047-10-02 10:12", "reply recorded", "Ysolde Scantlebury"]]),
            "471102": _juror("Winifred Oyebanji", "30 Garth Road, Kelderby", "KY4 5NP", "PL-4471", "confirmed",
                             dob="1966-09-21", check="clear", phone="07700 900522"),
            "471103": _juror("Thaddeus Prowse", "2 Millrace Cottages, Amblecote Magna", "KY7 1DS", "PL-4471",
                             "confirmed", dob="1991-12-08", check="clear"),
            "471104": _juror("Thomasina Holdsworth", "58 Lapwing Street, Kelderby", "KY6 7BN", "PL-4471",
                             "confirmed", dob="1985-04-17", check="clear", email="thomasina.h@example.net"),
            # next Monday's pool
            "472101": _juror("Euphemia Tresidder", "4 Ropewalk Yard, Kelderby", "KY1 3PT", "PL-4472", "summoned"),
            "472102": _juror("Cosmo Quennevais", "19 Burdock Close, Kelderby", "KY3 2WN", "PL-4472", "responded",
                             dob="1958-11-30", email="cosmo.lindqvist@example.org"),
            "472103": _juror("Araminta Gorringe", "6 Perry Steps, Amblecote Magna", "KY7 6HL", "PL-4472",
                             "confirmed", dob="1974-07-05", check="clear", phone="07700 900638"),
            "472104": _juror("Jethro Scholes", "77 Weavers' Row, Kelderby", "KY5 3ET", "PL-4472", "summoned"),
            # the Monday after
            "473101": _juror("Drusilla Mewburn", "25 Hollyhock Lane, Kelderby", "KY2 1RX", "PL-4473", "confirmed",
                             dob="1962-03-12", check="clear", phone="07700 900749"),
            "473102": _juror("Caradoc Bairstow", "3 Fulling Close, Kelderby", "KY4 8QD", "PL-4473", "responded",
                             dob="1988-10-26"),
            "473103": _juror("Peregrine Wakelin", "50 Fuller's Walk, Kelderby", "KY6 1SB", "PL-4473", "confirmed",
                             dob="1969-05-19", check="clear"),
        })
        self.register = [  # electors not yet summoned: name, address, postcode
            ["Fennimore Cragside", "12 Wagtail Way, Kelderby", "KY6 3LS"],
            ["Henrietta Dimmock", "40 Coopers Field, Kelderby", "KY2 5TA"],
            ["Ignatius Elphick", "8 Martlet Row, Amblecote Magna", "KY7 4NG"],
            ["Seraphina Goodyear", "16 Wharfside, Kelderby", "KY1 8UB"],
            ["Lucasta Sopwith", "71 Tallow Street, Kelderby", "KY5 9DC"],
        ]
        self.pnc = {"Caradoc Bairstow": "a custodial sentence of 8 months in 2043 (disqualified for 10 years)"}
        self.trials = {  # trial -> case, courtroom, judge, estimate days, status, panel, sworn
            "T20470108": ["R v Dunmore", "Court 2", "HHJ Fennimore", 5, "jury_sworn", None, list(SWORN_ON_DUNMORE)],
            "T20470115": ["R v Haskins", "Court 1", "HHJ Brimblecombe", 3, "listed", None, []],
            "T20470117": ["R v Ferrand", "Court 3", "Recorder Mallinder", 4, "jury_requested", None, []],
        }
        self.panels: dict[str, list[Any]] = {}  # panel -> trial, members
        self.deferrals: dict[str, list[Any]] = {  # deferral -> juror, reason, preferred date, status, new pool
            "DF-2208": ["473103", "Harvest work on the family farm until the end of November", "2047-11-25",
                        "pending", None],
            "DF-2209": ["471104", "Her sister's wedding abroad", "2047-12-09", "refused", None],
        }
        self.excusals: dict[str, list[Any]] = {  # excusal -> juror, reason, details, status, decided by
            "EX-1186": ["473101", "carer", "Sole carer for her mother, who has dementia", "pending", None],
        }
        self.claims: dict[str, list[Any]] = {  # claim -> juror, date, lines, status
            "EC-5520": ["470117", "2047-10-07", [["MIL-CAR", "Travel by car or van, per mile", 18, 0.314, 5.65],
                                                 ["PARK", "Parking at the court's car park, per day", 1, 4.5, 4.5]],
                        "submitted"],
            "EC-5521": ["470118", "2047-10-07", [["SUB-UP10", "Food and drink, away up to 10 hours", 1, 5.71,
                                                  5.71]], "approved"],
        }
        self.letters: list[list[Any]] = []
        self.payments: list[list[Any]] = []
        self.counters = {"pool": 4474, "panel": 318, "deferral": 2210, "excusal": 1187, "claim": 5522,
                         "payment": 88120, "letter": 9041, "certificate": 3307, "juror": 474101, "check": 61520}


# --------------------------------------------------------------------------- helpers


def signed_on(*roles: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """The session check in front of a transaction: the token of a signed-on user whose role is one of ``roles``
    (the senior jury officer may do everything; no roles: anyone signed on). A refusal, the check's or the
    transaction's own ``_Cond``, is answered as a ``Condition``."""

    def decorate(fn: Callable[..., Any]) -> Callable[..., Any]:
        @functools.wraps(fn)
        def checked(*args: Any, **kwargs: Any) -> Any:
            try:
                _login(kwargs.get("state"), kwargs.get("token"), roles)
                return fn(*args, **kwargs)
            except _Cond as refusal:
                return refusal.reply()

        return checked

    return decorate


def _login(state: Any, token: Any, roles: tuple[str, ...] = ()) -> dict[str, Any]:
    login = state.logins.get(token) if isinstance(token, str) and state is not None else None
    if login is None:
        raise _Cond("session", 1, "NOT SIGNED ON: no session for this token, or it has ended; sign on first")
    if roles and login["role"] != "senior" and login["role"] not in roles:
        raise _Cond("role", 2, f"NOT AUTHORISED: {login['name']} ({login['role']}) may not run this transaction")
    return login


def _who(state: State, token: str) -> str:
    return state.logins[token]["name"]


def _next(state: State, kind: str) -> int:
    n = state.counters[kind]
    state.counters[kind] = n + 1
    return n


def _blank(value: Any) -> bool:
    return not isinstance(value, str) or not value.strip()


def _get(table: dict[str, Any], key: Any, what: str) -> Any:
    row = table.get(key) if isinstance(key, str) else None
    if row is None:
        raise _Cond("missing", 13, f"RECORD NOT FOUND: no {what} {key!r}")
    return row


def _date(value: Any, name: str) -> str:
    try:
        return datetime.date.fromisoformat(value).isoformat()
    except (TypeError, ValueError):
        raise _Cond("input", 20, f"INVALID DATE: {name} is a date written YYYY-MM-DD, not {value!r}") from None


def _days(a: str, b: str) -> int:
    return (datetime.date.fromisoformat(b) - datetime.date.fromisoformat(a)).days


def _monday(value: str) -> bool:
    return datetime.date.fromisoformat(value).weekday() == 0


def _choice(value: Any, allowed: tuple, name: str) -> str:
    if value not in allowed:
        raise _Cond("input", 21, f"INVALID VALUE: {name} is one of {', '.join(allowed)}, not {value!r}")
    return value


def _enum(kind: type, value: Any, name: str) -> Any:
    try:
        return value if isinstance(value, kind) else kind(value)
    except ValueError:
        allowed = ", ".join(m.value for m in kind)
        raise _Cond("input", 21, f"INVALID VALUE: {name} is one of {allowed}, not {value!r}") from None


def _whole(value: Any) -> bool:
    return not isinstance(value, bool) and isinstance(value, int)


def _number(value: Any) -> bool:
    return not isinstance(value, bool) and isinstance(value, (int, float))


def _log(state: State, number: str, what: str, who: str) -> None:
    state.jurors[number]["history"].append([NOW, what, who])


def _court_date(state: State, number: str) -> str:
    return state.pools[state.jurors[number]["pool"]][0]


def _juror_reply(state: State, number: str) -> Juror:
    j = state.jurors[number]
    return Juror(juror_number=number, name=j["name"], address=j["address"], postcode=j["postcode"], phone=j["phone"],
                 email=j["email"], pool_id=j["pool"], court_date=_court_date(state, number),
                 juror_status=j["status"])


def _record(state: State, number: str) -> JurorRecord:
    j = state.jurors[number]
    return JurorRecord(**_juror_reply(state, number).model_dump(), date_of_birth=j["dob"], police_check=j["check"],
                       documents=[list(d) for d in j["documents"]],
                       attendance=[[d, t] for d, t in sorted(j["attendance"].items())],
                       bank_on_file=j["bank"] is not None, earnings_certificate=j["earnings"] is not None,
                       history=[list(h) for h in j["history"]])


def _deferral(state: State, did: str) -> Deferral:
    d = state.deferrals[did]
    return Deferral(deferral_id=did, juror_number=d[0], name=state.jurors[d[0]]["name"], reason=d[1],
                    preferred_date=d[2], deferral_status=d[3], new_pool_id=d[4])


def _excusal(state: State, eid: str) -> Excusal:
    e = state.excusals[eid]
    return Excusal(excusal_id=eid, juror_number=e[0], name=state.jurors[e[0]]["name"], reason=e[1], details=e[2],
                   excusal_status=e[3], decided_by=e[4])


def _pool(state: State, pid: str) -> Pool:
    date, wanted = state.pools[pid]
    members = [j for j in state.jurors.values() if j["pool"] == pid]
    return Pool(pool_id=pid, court_date=date, wanted=wanted, members=len(members),
                confirmed=sum(j["status"] == "confirmed" for j in members),
                attending=sum(j["status"] == "attending" for j in members))


def _trial(state: State, tid: str) -> Trial:
    t = state.trials[tid]
    return Trial(trial_id=tid, case=t[0], courtroom=t[1], judge=t[2], estimate_days=t[3], trial_status=t[4],
                 panel_id=t[5], sworn=[[n, state.jurors[n]["name"]] for n in t[6]])


def _panel(state: State, pid: str) -> Panel:
    p = state.panels[pid]
    t = state.trials[p[0]]
    return Panel(panel_id=pid, trial_id=p[0], case=t[0], courtroom=t[1],
                 members=[[n, state.jurors[n]["name"]] for n in p[1]])


def _claim(state: State, cid: str) -> Claim:
    c = state.claims[cid]
    return Claim(claim_id=cid, juror_number=c[0], name=state.jurors[c[0]]["name"], date=c[1],
                 lines=[list(x) for x in c[2]], total=round(sum(x[4] for x in c[2]), 2), claim_status=c[3])


def _available(state: State) -> list[str]:
    """Jurors checked in today and free for a ballot: attending, on no panel and sworn on no trial."""
    return [n for n, j in sorted(state.jurors.items())
            if j["status"] == "attending" and TODAY in j["checkins"] and j["panel"] is None and j["trial"] is None]


# --------------------------------------------------------------------------- sessions and the allowances


def sign_on(state: State, username: str, password: str) -> Session | Condition:
    """Sign on to the jury system.

    Args:
        username: The user name, such as ``ysolde.s``.
        password: The password.

    Returns:
        The session, with the token every transaction but ``sign_on`` and ``allowance_rates`` needs, the user's
        name and role.
    """
    user = state.staff.get(username) if isinstance(username, str) else None
    if user is None or user["password"] != password:
        return _Cond("signon", 3, "SIGN-ON REFUSED: unknown user name or wrong password").reply()
    token = f"kjs-{username}-{len(state.logins) + 1}"
    state.logins[token] = {"username": username, **user}
    return Session(token=token, name=user["name"], role=user["role"], signed_on=NOW)


@signed_on()
def sign_off(state: State, token: str) -> str | Condition:
    """End a session.

    Args:
        token: The session's token.

    Returns:
        A sentence saying who signed off.
    """
    login = state.logins.pop(token)
    return f"Signed off {login['name']} at {NOW[11:]}."


def allowance_rates() -> AllowanceTable:
    """The published allowances for jurors' travel, food and lost earnings (public; no session needed).

    Returns:
        The allowances as rows ``[code, description, unit, rate]``; a claim names its items by these codes. Lost
        earnings are paid as an employer certifies them, up to a cap for a full or a half day.
    """
    return AllowanceTable(currency="GBP", rows=[list(a) for a in ALLOWANCES],
                          notes="Mileage is paid for the return journey; claims are paid by bank transfer.")


# --------------------------------------------------------------------------- jurors


@signed_on()
def find_juror(state: State, token: str, surname: str, postcode: str | None = None) -> list[Juror] | Condition:
    """Find jurors by surname, and optionally postcode.

    Args:
        token: The session's token.
        surname: The juror's surname, or the start of it.
        postcode: Only jurors at this postcode.

    Returns:
        The matching jurors, by juror number, each with the pool they are summoned to and their status
        (``summoned``, ``responded``, ``ineligible``, ``disqualified``, ``confirmed``, ``excused``, ``attending`` or
        ``completed``).
    """
    if _blank(surname):
        raise _Cond("input", 22, "INVALID VALUE: surname is required")
    s = surname.strip().lower()
    p = postcode.strip().upper() if isinstance(postcode, str) and postcode.strip() else None
    return [_juror_reply(state, n) for n, j in sorted(state.jurors.items())
            if j["name"].split()[-1].lower().startswith(s) and (p is None or j["postcode"] == p)]


@signed_on()
def juror_record(state: State, token: str, juror_number: str) -> JurorRecord | Condition:
    """A juror's whole record.

    Args:
        token: The session's token.
        juror_number: The juror's number.

    Returns:
        The juror with their date of birth, police check, documents as rows ``[document, reference, received]``,
        attendance as rows ``[date, full or half]``, whether bank details and an earnings certificate are on file,
        and their history as rows ``[when, what, who]``.
    """
    _get(state.jurors, juror_number, "juror")
    return _record(state, juror_number)


@signed_on("bureau", "manager")
def update_contact(state: State, token: str, juror_number: str, address: str | None = None,
                   postcode: str | None = None, phone: str | None = None,
                   email: str | None = None) -> Juror | Condition:
    """Change a juror's address or contact details.

    Args:
        token: The session's token.
        juror_number: The juror's number.
        address: The new address (with the postcode given too).
        postcode: The new postcode.
        phone: The new phone number.
        email: The new e-mail address.

    Returns:
        The juror as now recorded.
    """
    j = _get(state.jurors, juror_number, "juror")
    changes = {k: v.strip() for k, v in (("address", address), ("postcode", postcode), ("phone", phone),
                                          ("email", email)) if isinstance(v, str) and v.strip()}
    if not changes:
        raise _Cond("input", 23, "INVALID VALUE: give an address, postcode, phone or email to change")
    if "address" in changes and "postcode" not in changes:
        raise _Cond("input", 24, "INVALID VALUE: a new address needs its postcode")
    if "email" in changes and "@" not in changes["email"]:
        raise _Cond("input", 25, f"INVALID VALUE: {changes['email']!r} is not an e-mail address")
    if all(j[k] == v for k, v in changes.items()):
        raise _Cond("done", 26, f"DUPLICATE: {juror_number} has those details already")
    j.update(changes)
    _log(state, juror_number, "contact details changed: " + ", ".join(sorted(changes)), _who(state, token))
    return _juror_reply(state, juror_number)


@signed_on(*BUREAU)
def record_reply(state: State, token: str, juror_number: str, date_of_birth: str, resident_five_years: bool,
                 on_bail: bool, convicted: bool, detained_mental_health: bool) -> SummonsReply | Condition:
    """Record a juror's reply to the summons (the eligibility form).

    Args:
        token: The session's token.
        juror_number: The juror's number.
        date_of_birth: The date of birth, YYYY-MM-DD.
        resident_five_years: Whether the juror has lived in the United Kingdom for five years since turning 13.
        on_bail: Whether the juror is on bail in criminal proceedings.
        convicted: Whether the juror has ever been sentenced to prison or a community order.
        detained_mental_health: Whether the juror is detained or treated under the mental health acts.

    Returns:
        The reply: whether the juror is eligible, why not, and their status now (``responded`` or ``ineligible``).
    """
    j = _get(state.jurors, juror_number, "juror")
    if j["status"] != "summoned":
        raise _Cond("done", 30, f"DUPLICATE: {juror_number}'s reply is recorded already ({j['status']})")
    dob = _date(date_of_birth, "date_of_birth")
    answers = (resident_five_years, on_bail, convicted, detained_mental_health)
    if not all(isinstance(a, bool) for a in answers):
        raise _Cond("input", 31, "INVALID VALUE: the four answers are true or false")
    court = _court_date(state, juror_number)
    born = datetime.date.fromisoformat(dob)
    sits = datetime.date.fromisoformat(court)
    age = sits.year - born.year - ((sits.month, sits.day) < (born.month, born.day))
    reasons = []
    if not 18 <= age <= 75:
        reasons.append(f"aged {age} on {court}: jurors are 18 to 75 on their first day")
    if not resident_five_years:
        reasons.append("not resident for five years since the age of 13")
    if on_bail:
        reasons.append("on bail in criminal proceedings")
    if convicted:
        reasons.append("a sentence that may disqualify (checked by the police check)")
    if detained_mental_health:
        reasons.append("detained or treated under the mental health acts")
    eligible = not reasons or reasons == ["a sentence that may disqualify (checked by the police check)"]
    j["dob"], j["status"] = dob, "responded" if eligible else "ineligible"
    _log(state, juror_number, f"reply recorded: {'eligible' if eligible else 'ineligible'}", _who(state, token))
    return SummonsReply(juror_number=juror_number, name=j["name"], eligible=eligible, reasons=reasons,
                        juror_status=j["status"])


@signed_on(*BUREAU)
def police_check(state: State, token: str, juror_number: str) -> PoliceCheck | Condition:
    """Check a juror who has replied against the Police National Computer.

    Args:
        token: The session's token.
        juror_number: The juror's number.

    Returns:
        The check: ``clear`` or ``disqualified`` (then the juror is disqualified), with its reference.
    """
    j = _get(state.jurors, juror_number, "juror")
    if j["check"] is not None:
        raise _Cond("done", 32, f"DUPLICATE: {juror_number} was checked already ({j['check']})")
    if j["status"] != "responded" or j["dob"] is None:
        raise _Cond("state", 33, f"WRONG STATE: {juror_number} is {j['status']}; the check needs the reply with the "
                                 "date of birth")
    record = state.pnc.get(j["name"])
    j["check"] = "disqualified" if record else "clear"
    if record:
        j["status"] = "disqualified"
    ref = f"PNC-{_next(state, 'check')}"
    _log(state, juror_number, f"police check {ref}: {j['check']}", _who(state, token))
    return PoliceCheck(juror_number=juror_number, name=j["name"], result=j["check"], reference=ref, checked_at=NOW)


@signed_on(*BUREAU)
def confirm_service(state: State, token: str, juror_number: str) -> Juror | Condition:
    """Confirm that an eligible juror will serve on their pool's date.

    Args:
        token: The session's token.
        juror_number: The juror's number.

    Returns:
        The juror, now ``confirmed``.
    """
    j = _get(state.jurors, juror_number, "juror")
    if j["status"] in ("confirmed", "attending", "completed"):
        raise _Cond("done", 34, f"DUPLICATE: {juror_number} is {j['status']} already")
    if j["status"] != "responded":
        raise _Cond("state", 35, f"WRONG STATE: {juror_number} is {j['status']}, not responded")
    if j["check"] != "clear":
        raise _Cond("rule", 36, f"NOT CLEARED: {juror_number} has no clear police check")
    j["status"] = "confirmed"
    _log(state, juror_number, "service confirmed", _who(state, token))
    return _juror_reply(state, juror_number)


@signed_on(*BUREAU)
def request_deferral(state: State, token: str, juror_number: str, reason: str,
                     preferred_date: str) -> Deferral | Condition:
    """Record a juror's request to serve on a later date.

    Args:
        token: The session's token.
        juror_number: The juror's number.
        reason: Why the juror cannot serve on the summons date.
        preferred_date: The Monday the juror would serve instead, YYYY-MM-DD.

    Returns:
        The deferral request, ``pending``.
    """
    j = _get(state.jurors, juror_number, "juror")
    if _blank(reason):
        raise _Cond("input", 40, "INVALID VALUE: reason is required")
    when = _date(preferred_date, "preferred_date")
    if j["status"] not in ("responded", "confirmed"):
        raise _Cond("state", 41, f"WRONG STATE: {juror_number} is {j['status']}; a deferral is for a juror who has "
                                 "replied and not yet served")
    if any(d[0] == juror_number and d[3] != "refused" for d in state.deferrals.values()):
        raise _Cond("done", 42, f"DUPLICATE: {juror_number} has a deferral already; a juror may defer once")
    court = _court_date(state, juror_number)
    if not _monday(when) or _days(court, when) <= 0 or _days(court, when) > 365:
        raise _Cond("rule", 43, f"DEFERRAL DATE: {when} is not a Monday after {court} and within a year of it")
    did = f"DF-{_next(state, 'deferral')}"
    state.deferrals[did] = [juror_number, reason.strip(), when, "pending", None]
    _log(state, juror_number, f"deferral {did} requested to {when}", _who(state, token))
    return _deferral(state, did)


@signed_on("bureau", "manager")
def deferrals(state: State, token: str, status: RequestStatus | None = None) -> list[Deferral] | Condition:
    """Deferral requests, by deferral id.

    Args:
        token: The session's token.
        status: Only requests that are ``pending``, ``granted`` or ``refused``.

    Returns:
        The deferral requests.
    """
    if status is not None:
        _choice(status, ("pending", "granted", "refused"), "status")
    return [_deferral(state, did) for did, d in sorted(state.deferrals.items()) if status in (None, d[3])]


@signed_on(*BUREAU)
def decide_deferral(state: State, token: str, deferral_id: str, decision: Decision,
                    pool_id: str | None = None) -> Deferral | Condition:
    """Grant or refuse a deferral; a grant moves the juror to the pool sitting on the date they asked for.

    Args:
        token: The session's token.
        deferral_id: The deferral request.
        decision: ``grant`` or ``refuse``.
        pool_id: For a grant, the pool sitting on the preferred date.

    Returns:
        The deferral, now ``granted`` (with its new pool) or ``refused``.
    """
    d = _get(state.deferrals, deferral_id, "deferral")
    _choice(decision, ("grant", "refuse"), "decision")
    if d[3] != "pending":
        raise _Cond("done", 44, f"DUPLICATE: {deferral_id} is {d[3]} already")
    if decision == "grant":
        pool = _get(state.pools, pool_id, "pool")
        if pool[0] != d[2]:
            raise _Cond("rule", 45, f"WRONG POOL: {pool_id} sits on {pool[0]}, not on {d[2]}, the date asked for")
        state.jurors[d[0]]["pool"] = pool_id
        d[4] = pool_id
    d[3] = "granted" if decision == "grant" else "refused"
    _log(state, d[0], f"deferral {deferral_id} {d[3]}", _who(state, token))
    return _deferral(state, deferral_id)


@signed_on(*BUREAU)
def request_excusal(state: State, token: str, juror_number: str, reason: ExcusalReason,
                    details: str) -> Excusal | Condition:
    """Record a juror's request to be excused from jury service.

    Args:
        token: The session's token.
        juror_number: The juror's number.
        reason: The ground, one of ``illness``, ``carer``, ``childcare``, ``work``, ``travel``, ``student`` or
            ``recent_service``.
        details: What the juror says.

    Returns:
        The excusal request, ``pending``.
    """
    j = _get(state.jurors, juror_number, "juror")
    ground = _enum(ExcusalReason, reason, "reason")
    if _blank(details):
        raise _Cond("input", 46, "INVALID VALUE: details are required")
    if j["status"] not in ("summoned", "responded", "confirmed"):
        raise _Cond("state", 47, f"WRONG STATE: {juror_number} is {j['status']}")
    if any(e[0] == juror_number and e[3] == "pending" for e in state.excusals.values()):
        raise _Cond("done", 48, f"DUPLICATE: {juror_number} has an excusal request pending already")
    eid = f"EX-{_next(state, 'excusal')}"
    state.excusals[eid] = [juror_number, ground.value, details.strip(), "pending", None]
    _log(state, juror_number, f"excusal {eid} requested ({ground.value})", _who(state, token))
    return _excusal(state, eid)


@signed_on("bureau", "manager")
def excusals(state: State, token: str, status: RequestStatus | None = None) -> list[Excusal] | Condition:
    """Excusal requests, by excusal id.

    Args:
        token: The session's token.
        status: Only requests that are ``pending``, ``granted`` or ``refused``.

    Returns:
        The excusal requests.
    """
    if status is not None:
        _choice(status, ("pending", "granted", "refused"), "status")
    return [_excusal(state, eid) for eid, e in sorted(state.excusals.items()) if status in (None, e[3])]


@signed_on("bureau", "finance")
def add_evidence(state: State, token: str, juror_number: str, document: Document,
                 reference: str) -> Documents | Condition:
    """Put a document a juror has sent on file.

    Args:
        token: The session's token.
        juror_number: The juror's number.
        document: ``gp_letter``, ``hospital_letter``, ``care_letter``, ``employer_letter``, ``travel_booking`` or
            ``college_letter``.
        reference: The document's reference or a short description of it.

    Returns:
        The juror's documents as rows ``[document, reference, received]``.
    """
    j = _get(state.jurors, juror_number, "juror")
    _choice(document, ("gp_letter", "hospital_letter", "care_letter", "employer_letter", "travel_booking",
                       "college_letter"), "document")
    if _blank(reference):
        raise _Cond("input", 50, "INVALID VALUE: reference is required")
    if any(d[0] == document and d[1] == reference.strip() for d in j["documents"]):
        raise _Cond("done", 51, f"DUPLICATE: that {document} is on file already")
    j["documents"].append([document, reference.strip(), TODAY])
    _log(state, juror_number, f"{document} received", _who(state, token))
    return Documents(juror_number=juror_number, name=j["name"], documents=[list(d) for d in j["documents"]])


@signed_on(*BUREAU)
def decide_excusal(state: State, token: str, excusal_id: str, decision: Decision) -> Excusal | Condition:
    """Grant or refuse an excusal; a grant excuses the juror.

    Args:
        token: The session's token.
        excusal_id: The excusal request.
        decision: ``grant`` or ``refuse``.

    Returns:
        The excusal, now ``granted`` or ``refused``.
    """
    e = _get(state.excusals, excusal_id, "excusal")
    _choice(decision, ("grant", "refuse"), "decision")
    if e[3] != "pending":
        raise _Cond("done", 52, f"DUPLICATE: {excusal_id} is {e[3]} already")
    login = state.logins[token]
    if decision == "grant":
        if e[1] == "work" and login["role"] != "senior":
            raise _Cond("rule", 53, "SENIOR ONLY: an excusal for work is granted by a senior jury officer")
        needs = NEEDS[e[1]]
        held = {d[0] for d in state.jurors[e[0]]["documents"]}
        if needs and not held & set(needs):
            raise _Cond("rule", 54, f"NO EVIDENCE: an excusal for {e[1]} needs a {' or a '.join(needs)} on file")
        state.jurors[e[0]]["status"] = "excused"
    e[3], e[4] = ("granted" if decision == "grant" else "refused"), login["name"]
    _log(state, e[0], f"excusal {excusal_id} {e[3]}", login["name"])
    return _excusal(state, excusal_id)


@signed_on("bureau", "manager")
def transfer_juror(state: State, token: str, juror_number: str, pool_id: str) -> Juror | Condition:
    """Move a juror who has not yet served to another pool (at the juror's or the court's request).

    Args:
        token: The session's token.
        juror_number: The juror's number.
        pool_id: The pool to move the juror to.

    Returns:
        The juror in their new pool.
    """
    j = _get(state.jurors, juror_number, "juror")
    pool = _get(state.pools, pool_id, "pool")
    if j["pool"] == pool_id:
        raise _Cond("done", 55, f"DUPLICATE: {juror_number} is in {pool_id} already")
    if j["status"] not in ("summoned", "responded", "confirmed"):
        raise _Cond("state", 56, f"WRONG STATE: {juror_number} is {j['status']}")
    if pool[0] < TODAY:
        raise _Cond("rule", 57, f"PAST POOL: {pool_id} sat on {pool[0]}")
    j["pool"] = pool_id
    _log(state, juror_number, f"moved to {pool_id}", _who(state, token))
    return _juror_reply(state, juror_number)


@signed_on(*BUREAU)
def send_letter(state: State, token: str, juror_number: str, letter: LetterKind,
                note: str | None = None) -> str | Condition:
    """Send a juror one of the standard letters.

    Args:
        token: The session's token.
        juror_number: The juror's number.
        letter: ``reminder`` (no reply yet), ``confirmation`` (service confirmed), ``deferral_decision`` or
            ``excusal_decision`` (a request decided).
        note: A line to add to the letter.

    Returns:
        A sentence with the letter's id and where it went.
    """
    j = _get(state.jurors, juror_number, "juror")
    kind = _enum(LetterKind, letter, "letter")
    if kind is LetterKind.REMINDER and j["status"] != "summoned":
        raise _Cond("state", 60, f"WRONG STATE: {juror_number} has replied ({j['status']}); no reminder is due")
    if kind is LetterKind.CONFIRMATION and j["status"] != "confirmed":
        raise _Cond("state", 61, f"WRONG STATE: {juror_number} is {j['status']}, not confirmed")
    if kind is LetterKind.DEFERRAL_DECISION and not any(d[0] == juror_number and d[3] != "pending"
                                                         for d in state.deferrals.values()):
        raise _Cond("state", 62, f"WRONG STATE: {juror_number} has no decided deferral")
    if kind is LetterKind.EXCUSAL_DECISION and not any(e[0] == juror_number and e[3] != "pending"
                                                        for e in state.excusals.values()):
        raise _Cond("state", 63, f"WRONG STATE: {juror_number} has no decided excusal")
    lid = f"LT-{_next(state, 'letter')}"
    state.letters.append([lid, juror_number, kind.value, (note or "").strip()])
    _log(state, juror_number, f"letter {lid} ({kind.value})", _who(state, token))
    to = j["email"] or f"{j['address']}, {j['postcode']}"
    return f"Letter {lid} ({kind.value.replace('_', ' ')}) sent to {j['name']} at {to}."


# --------------------------------------------------------------------------- pools


@signed_on()
def pools(state: State, token: str, date: str | None = None) -> list[Pool] | Condition:
    """The jury pools, by pool id.

    Args:
        token: The session's token.
        date: Only the pool sitting on this date, YYYY-MM-DD.

    Returns:
        The pools with their court date, the jurors wanted and how many are summoned, confirmed and attending.
    """
    if date is not None:
        _date(date, "date")
    return [_pool(state, pid) for pid, p in sorted(state.pools.items()) if date is None or p[0] == date]


@signed_on(*MANAGER)
def create_pool(state: State, token: str, court_date: str, jurors_wanted: int) -> Pool | Condition:
    """Open a pool for a Monday the court sits.

    Args:
        token: The session's token.
        court_date: The Monday, YYYY-MM-DD.
        jurors_wanted: How many jurors the court wants that week.

    Returns:
        The new pool.
    """
    when = _date(court_date, "court_date")
    if not _whole(jurors_wanted) or not 1 <= jurors_wanted <= 80:
        raise _Cond("input", 70, "INVALID VALUE: jurors_wanted is a whole number from 1 to 80")
    if any(p[0] == when for p in state.pools.values()):
        raise _Cond("done", 71, f"DUPLICATE: a pool sits on {when} already")
    if not _monday(when) or when <= TODAY:
        raise _Cond("rule", 72, f"NOT A SITTING DAY: pools start on a Monday after today, and {when} is not one")
    pid = f"PL-{_next(state, 'pool')}"
    state.pools[pid] = [when, jurors_wanted]
    return _pool(state, pid)


@signed_on(*BUREAU)
def summon_jurors(state: State, token: str, pool_id: str, count: int) -> list[list[Any]] | Condition:
    """Summon jurors to a pool from the electoral register.

    Args:
        token: The session's token.
        pool_id: The pool.
        count: How many to summon.

    Returns:
        The jurors summoned as rows ``[juror number, name, postcode]``.
    """
    pool = _get(state.pools, pool_id, "pool")
    if not _whole(count) or count < 1:
        raise _Cond("input", 73, "INVALID VALUE: count is a whole number of at least 1")
    if pool[0] <= TODAY:
        raise _Cond("rule", 74, f"TOO LATE: {pool_id} sits on {pool[0]}")
    if count > len(state.register):
        raise _Cond("rule", 75, f"REGISTER: only {len(state.register)} electors are left to summon")
    rows = []
    for name, address, postcode in state.register[:count]:
        number = str(_next(state, "juror"))
        state.jurors[number] = _juror(name, address, postcode, pool_id, "summoned",
                                      history=[[NOW, f"summoned to {pool_id}", _who(state, token)]])
        rows.append([number, name, postcode])
    del state.register[:count]
    return rows


@signed_on()
def pool_members(state: State, token: str, pool_id: str) -> PoolMembers | Condition:
    """The jurors in a pool.

    Args:
        token: The session's token.
        pool_id: The pool.

    Returns:
        The pool's jurors as rows ``[juror number, name, status, checked in today]``, by juror number.
    """
    pool = _get(state.pools, pool_id, "pool")
    rows = [[n, j["name"], j["status"], TODAY in j["checkins"]] for n, j in sorted(state.jurors.items())
            if j["pool"] == pool_id]
    return PoolMembers(pool_id=pool_id, court_date=pool[0], rows=rows)


# --------------------------------------------------------------------------- the court day


@signed_on("usher", "manager")
def check_in(state: State, token: str, juror_number: str) -> str | Condition:
    """Check in a juror who has come to court today.

    Args:
        token: The session's token.
        juror_number: The juror's number.

    Returns:
        A sentence saying who was checked in, to which pool, at what time.
    """
    j = _get(state.jurors, juror_number, "juror")
    if TODAY in j["checkins"]:
        raise _Cond("done", 80, f"DUPLICATE: {juror_number} is checked in today already")
    court = _court_date(state, juror_number)
    if j["status"] == "confirmed" and court != TODAY:
        raise _Cond("state", 81, f"WRONG DAY: {juror_number}'s pool {j['pool']} sits on {court}")
    if j["status"] not in ("confirmed", "attending"):
        raise _Cond("state", 82, f"WRONG STATE: {juror_number} is {j['status']}, not confirmed")
    j["status"] = "attending"
    j["checkins"].append(TODAY)
    _log(state, juror_number, "checked in", _who(state, token))
    return f"Juror {juror_number}, {j['name']}, checked in to {j['pool']} at {NOW[11:]}."


@signed_on()
def trials(state: State, token: str, courtroom: str | None = None) -> list[Trial] | Condition:
    """The trials listed this week, by trial number.

    Args:
        token: The session's token.
        courtroom: Only trials in this courtroom, such as ``Court 2``.

    Returns:
        The trials with their courtroom, judge, estimate, status (``listed``, ``jury_requested``, ``jury_sworn`` or
        ``concluded``), panel and sworn jurors as rows ``[juror number, name]``.
    """
    return [_trial(state, tid) for tid, t in sorted(state.trials.items())
            if courtroom is None or t[1].lower() == str(courtroom).strip().lower()]


@signed_on(*MANAGER)
def request_jury(state: State, token: str, trial_id: str) -> Trial | Condition:
    """Ask for a jury for a trial whose defendant has pleaded not guilty.

    Args:
        token: The session's token.
        trial_id: The trial.

    Returns:
        The trial, now ``jury_requested``.
    """
    t = _get(state.trials, trial_id, "trial")
    if t[4] != "listed":
        raise _Cond("done", 83, f"DUPLICATE: {trial_id} is {t[4]} already")
    t[4] = "jury_requested"
    return _trial(state, trial_id)


@signed_on(*MANAGER)
def select_panel(state: State, token: str, trial_id: str, size: int) -> Panel | Condition:
    """Select a panel for a trial by ballot from the jurors checked in today.

    Args:
        token: The session's token.
        trial_id: The trial.
        size: How many jurors to send to the courtroom.

    Returns:
        The panel with its members as rows ``[juror number, name]``, in the order the ballot drew them.
    """
    t = _get(state.trials, trial_id, "trial")
    if t[5] is not None:
        raise _Cond("done", 84, f"DUPLICATE: {trial_id} has panel {t[5]} already")
    if t[4] != "jury_requested":
        raise _Cond("state", 85, f"WRONG STATE: {trial_id} is {t[4]}; no jury has been asked for")
    if not _whole(size) or not 12 <= size <= 16:
        raise _Cond("rule", 86, "PANEL SIZE: a panel is 12 to 16 jurors")
    free = _available(state)
    if len(free) < size:
        raise _Cond("rule", 87, f"TOO FEW JURORS: {len(free)} checked in and free, {size} asked for")
    drawn = random.Random(trial_id).sample(free, size)
    pid = f"PN-{_next(state, 'panel')}"
    state.panels[pid] = [trial_id, drawn]
    t[5] = pid
    for n in drawn:
        state.jurors[n]["panel"] = pid
        _log(state, n, f"balloted on to {pid} for {trial_id}", _who(state, token))
    return _panel(state, pid)


@signed_on("usher", "manager")
def swear_juror(state: State, token: str, panel_id: str, juror_number: str, form: OathForm) -> str | Condition:
    """Swear a juror from the panel on to the trial's jury.

    Args:
        token: The session's token.
        panel_id: The panel.
        juror_number: The juror called from the panel.
        form: ``oath`` or ``affirmation``.

    Returns:
        A sentence saying who was sworn and how many of the twelve are sworn now.
    """
    p = _get(state.panels, panel_id, "panel")
    _choice(form, ("oath", "affirmation"), "form")
    t = state.trials[p[0]]
    if juror_number in t[6]:
        raise _Cond("done", 88, f"DUPLICATE: {juror_number} is sworn already")
    if juror_number not in p[1] or state.jurors[juror_number]["panel"] != panel_id:
        raise _Cond("state", 89, f"NOT ON PANEL: {juror_number} is not on {panel_id}")
    if len(t[6]) >= 12:
        raise _Cond("rule", 90, f"JURY FULL: twelve are sworn on {p[0]} already")
    j = state.jurors[juror_number]
    t[6].append(juror_number)
    j["trial"], j["panel"] = p[0], None
    _log(state, juror_number, f"sworn ({form}) on {p[0]}", _who(state, token))
    if len(t[6]) == 12:
        t[4] = "jury_sworn"
        for n in p[1]:
            if state.jurors[n]["panel"] == panel_id:
                state.jurors[n]["panel"] = None
    return f"Juror {juror_number}, {j['name']}, sworn by {form} on {p[0]} ({t[0]}): {len(t[6])} of 12."


@signed_on("usher", "manager")
def stand_down(state: State, token: str, juror_number: str, reason: str) -> str | Condition:
    """Stand a juror down from their panel (they know someone in the case, say) and send them back to the pool.

    Args:
        token: The session's token.
        juror_number: The juror's number.
        reason: Why.

    Returns:
        A sentence saying who was stood down from which panel.
    """
    j = _get(state.jurors, juror_number, "juror")
    if _blank(reason):
        raise _Cond("input", 91, "INVALID VALUE: reason is required")
    if j["panel"] is None:
        raise _Cond("state", 92, f"NOT ON PANEL: {juror_number} is on no panel")
    panel = j["panel"]
    j["panel"] = None
    state.panels[panel][1].remove(juror_number)
    _log(state, juror_number, f"stood down from {panel}: {reason.strip()}", _who(state, token))
    return f"Juror {juror_number}, {j['name']}, stood down from {panel} and back in the jury lounge."


@signed_on(*MANAGER)
def conclude_trial(state: State, token: str, trial_id: str, outcome: Outcome) -> Trial | Condition:
    """Record that a trial's jury has finished (verdicts given, a hung jury, or discharged).

    Args:
        token: The session's token.
        trial_id: The trial.
        outcome: ``verdicts``, ``hung_jury`` or ``discharged``.

    Returns:
        The trial, now ``concluded``; its jurors go back to the pool.
    """
    t = _get(state.trials, trial_id, "trial")
    _choice(outcome, ("verdicts", "hung_jury", "discharged"), "outcome")
    if t[4] == "concluded":
        raise _Cond("done", 93, f"DUPLICATE: {trial_id} is concluded already")
    if t[4] != "jury_sworn":
        raise _Cond("state", 94, f"WRONG STATE: {trial_id} is {t[4]}; it has no sworn jury")
    t[4] = "concluded"
    for n in t[6]:
        state.jurors[n]["trial"] = None
        _log(state, n, f"{trial_id} concluded ({outcome})", _who(state, token))
    return _trial(state, trial_id)


@signed_on("usher", "manager")
def record_attendance(state: State, token: str, juror_number: str, date: str, day: DayType) -> int | Condition:
    """Record a juror's attendance for a day they were checked in.

    Args:
        token: The session's token.
        juror_number: The juror's number.
        date: The day, YYYY-MM-DD.
        day: ``full`` or ``half``.

    Returns:
        The number of days the juror has attended.
    """
    j = _get(state.jurors, juror_number, "juror")
    when = _date(date, "date")
    _choice(day, ("full", "half"), "day")
    if when in j["attendance"]:
        raise _Cond("done", 95, f"DUPLICATE: {juror_number}'s attendance on {when} is recorded already")
    if when not in j["checkins"]:
        raise _Cond("state", 96, f"NOT CHECKED IN: {juror_number} was not checked in on {when}")
    j["attendance"][when] = day
    _log(state, juror_number, f"attendance {when}: {day} day", _who(state, token))
    return len(j["attendance"])


@signed_on(*MANAGER)
def complete_service(state: State, token: str, juror_number: str) -> str | Condition:
    """Sign off a juror whose service is over and issue their certificate of attendance.

    Args:
        token: The session's token.
        juror_number: The juror's number.

    Returns:
        A sentence with the certificate's id and the days attended.
    """
    j = _get(state.jurors, juror_number, "juror")
    if j["status"] == "completed":
        raise _Cond("done", 97, f"DUPLICATE: {juror_number}'s service is completed already")
    if j["status"] != "attending":
        raise _Cond("state", 98, f"WRONG STATE: {juror_number} is {j['status']}, not attending")
    if j["trial"] is not None:
        raise _Cond("state", 99, f"ON A TRIAL: {juror_number} is sworn on {j['trial']}, which has not concluded")
    if j["panel"] is not None:
        raise _Cond("state", 100, f"ON A PANEL: {juror_number} is on {j['panel']}")
    if not j["attendance"]:
        raise _Cond("state", 101, f"NO ATTENDANCE: {juror_number} has no day recorded")
    j["status"] = "completed"
    cid = f"CA-{_next(state, 'certificate')}"
    _log(state, juror_number, f"service completed, certificate {cid}", _who(state, token))
    return f"Service of juror {juror_number}, {j['name']}, completed: certificate {cid} for " \
           f"{len(j['attendance'])} days."


# --------------------------------------------------------------------------- expenses


@signed_on(*FINANCE)
def record_earnings(state: State, token: str, juror_number: str, employer: str,
                    daily_loss: float) -> EarningsCertificate | Condition:
    """Record an employer's certificate of a juror's lost earnings.

    Args:
        token: The session's token.
        juror_number: The juror's number.
        employer: The employer (or "self-employed").
        daily_loss: The earnings lost for a full day, in pounds.

    Returns:
        The certificate as recorded.
    """
    j = _get(state.jurors, juror_number, "juror")
    if _blank(employer):
        raise _Cond("input", 110, "INVALID VALUE: employer is required")
    if not _number(daily_loss) or daily_loss <= 0:
        raise _Cond("input", 111, "INVALID VALUE: daily_loss is a positive amount")
    if j["earnings"] == [employer.strip(), float(daily_loss)]:
        raise _Cond("done", 112, f"DUPLICATE: that certificate is on file for {juror_number} already")
    j["earnings"] = [employer.strip(), float(daily_loss)]
    _log(state, juror_number, "earnings certificate recorded", _who(state, token))
    return EarningsCertificate(juror_number=juror_number, name=j["name"], employer=employer.strip(),
                               daily_loss=float(daily_loss))


@signed_on(*FINANCE)
def bank_details(state: State, token: str, juror_number: str, account_name: str, sort_code: str,
                 account_number: str) -> BankDetails | Condition:
    """Record the bank account a juror's expenses are paid into.

    Args:
        token: The session's token.
        juror_number: The juror's number.
        account_name: The name on the account.
        sort_code: The sort code.
        account_number: The account number.

    Returns:
        The details as recorded, the account number shortened to its last four digits.
    """
    j = _get(state.jurors, juror_number, "juror")
    if _blank(account_name):
        raise _Cond("input", 113, "INVALID VALUE: account_name is required")
    if not isinstance(sort_code, str) or not re.fullmatch(r"\d\d-\d\d-\d\d", sort_code.strip()):
        raise _Cond("input", 114, f"INVALID VALUE: a sort code is written 12-34-56, not {sort_code!r}")
    if not isinstance(account_number, str) or not re.fullmatch(r"\d{8}", account_number.strip()):
        raise _Cond("input", 115, "INVALID VALUE: an account number is 8 digits")
    details = [account_name.strip(), sort_code.strip(), account_number.strip()]
    if j["bank"] == details:
        raise _Cond("done", 116, f"DUPLICATE: {juror_number} has those bank details already")
    j["bank"] = details
    _log(state, juror_number, "bank details recorded", _who(state, token))
    return BankDetails(juror_number=juror_number, account_name=details[0], sort_code=details[1],
                       account_ending=details[2][-4:])


@signed_on(*FINANCE)
def submit_claim(state: State, token: str, juror_number: str, date: str, items: list[str], miles: int = 0,
                 loss_of_earnings: float = 0.0) -> Claim | Condition:
    """Enter a juror's expense claim for a day they attended.

    Args:
        token: The session's token.
        juror_number: The juror's number.
        date: The day claimed for, YYYY-MM-DD.
        items: The allowance codes claimed (the first column of the allowances).
        miles: The miles travelled there and back, for a mileage item.
        loss_of_earnings: The earnings lost that day, in pounds, for a loss-of-earnings item.

    Returns:
        The claim, ``submitted``, with its lines as rows ``[code, description, quantity, rate, amount]``.
    """
    j = _get(state.jurors, juror_number, "juror")
    when = _date(date, "date")
    if not isinstance(items, list) or not items or not all(isinstance(i, str) for i in items):
        raise _Cond("input", 120, "INVALID VALUE: items is a list of allowance codes")
    if len(set(items)) != len(items):
        raise _Cond("input", 121, "INVALID VALUE: an allowance code is claimed once a day")
    table = {a[0]: a for a in ALLOWANCES}
    unknown = [i for i in items if i not in table]
    if unknown:
        raise _Cond("missing", 122, f"RECORD NOT FOUND: no allowance {unknown[0]!r}")
    if when not in j["attendance"]:
        raise _Cond("state", 123, f"NO ATTENDANCE: {juror_number} has no attendance recorded on {when}")
    if any(c[0] == juror_number and c[1] == when for c in state.claims.values()):
        raise _Cond("done", 124, f"DUPLICATE: {juror_number} has a claim for {when} already")
    lines = []
    for code in items:
        _, description, unit, rate = table[code]
        if unit == "mile":
            if not _whole(miles) or miles <= 0:
                raise _Cond("input", 125, f"INVALID VALUE: {code} needs the miles travelled")
            lines.append([code, description, miles, rate, round(miles * rate, 2)])
        elif code in LOSS_CAP:
            if j["earnings"] is None:
                raise _Cond("rule", 126, f"NO CERTIFICATE: {code} needs an employer's certificate of lost earnings "
                                         "on file")
            cap = min(LOSS_CAP[code], j["earnings"][1] if code == "LOE-FULL" else j["earnings"][1] / 2)
            if not _number(loss_of_earnings) or not 0 < loss_of_earnings <= cap + 0.005:
                raise _Cond("rule", 127, f"LOSS CAP: {code} pays more than 0 and at most {cap:.2f} a day")
            lines.append([code, description, 1, round(float(loss_of_earnings), 2), round(float(loss_of_earnings), 2)])
        else:
            lines.append([code, description, 1, rate, rate])
    cid = f"EC-{_next(state, 'claim')}"
    state.claims[cid] = [juror_number, when, lines, "submitted"]
    _log(state, juror_number, f"claim {cid} for {when}", _who(state, token))
    return _claim(state, cid)


@signed_on(*FINANCE)
def claims(state: State, token: str, status: ClaimStatus | None = None,
           juror_number: str | None = None) -> list[Claim] | Condition:
    """Expense claims, by claim id.

    Args:
        token: The session's token.
        status: Only claims that are ``submitted``, ``approved`` or ``paid``.
        juror_number: Only this juror's claims.

    Returns:
        The claims with their lines.
    """
    if status is not None:
        _choice(status, ("submitted", "approved", "paid"), "status")
    return [_claim(state, cid) for cid, c in sorted(state.claims.items())
            if status in (None, c[3]) and juror_number in (None, c[0])]


@signed_on(*FINANCE)
def approve_claim(state: State, token: str, claim_id: str) -> float | Condition:
    """Approve a submitted claim for payment.

    Args:
        token: The session's token.
        claim_id: The claim.

    Returns:
        The amount approved, in pounds.
    """
    c = _get(state.claims, claim_id, "claim")
    if c[3] != "submitted":
        raise _Cond("done", 130, f"DUPLICATE: {claim_id} is {c[3]} already")
    c[3] = "approved"
    _log(state, c[0], f"claim {claim_id} approved", _who(state, token))
    return _claim(state, claim_id).total


@signed_on(*FINANCE)
def pay_claim(state: State, token: str, claim_id: str) -> str | Condition:
    """Pay an approved claim by bank transfer.

    Args:
        token: The session's token.
        claim_id: The claim.

    Returns:
        A sentence with the payment's id, the amount and the account it went to.
    """
    c = _get(state.claims, claim_id, "claim")
    if c[3] == "paid":
        raise _Cond("done", 131, f"DUPLICATE: {claim_id} is paid already")
    if c[3] != "approved":
        raise _Cond("state", 132, f"WRONG STATE: {claim_id} is {c[3]}, not approved")
    j = state.jurors[c[0]]
    if j["bank"] is None:
        raise _Cond("rule", 133, f"NO BANK DETAILS: {c[0]} has no bank account on file")
    c[3] = "paid"
    bid = f"BP-{_next(state, 'payment')}"
    total = _claim(state, claim_id).total
    state.payments.append([bid, claim_id, total])
    _log(state, c[0], f"claim {claim_id} paid, {bid}", _who(state, token))
    return f"Payment {bid} of {total:.2f} pounds to {j['bank'][0]} (account ending {j['bank'][2][-4:]}) for " \
           f"claim {claim_id}."


TOOLS = [
    sign_on, sign_off, allowance_rates, find_juror, juror_record, update_contact, record_reply, police_check,
    confirm_service, request_deferral, deferrals, decide_deferral, request_excusal, excusals, add_evidence,
    decide_excusal, transfer_juror, send_letter, pools, create_pool, summon_jurors, pool_members, check_in, trials,
    request_jury, select_panel, swear_juror, stand_down, conclude_trial, record_attendance, complete_service,
    record_earnings, bank_details, submit_claim, claims, approve_claim, pay_claim,
]

FIXTURES = {
    "court": {"name": "The Crown Court at Kelderby", "office": "Jury office, first floor",
              "today": "Monday 14 October 2047, twenty to nine in the morning"},
    "staff": [
        {"name": "Ysolde Scantlebury", "role": "jury bureau officer", "username": "ysolde.s",
         "password": "Summons-Oak-47"},
        {"name": "Barnaby Dimmery", "role": "jury manager", "username": "barnaby.d", "password": "Ballot-Card-12"},
        {"name": "Mercy Oxenbury", "role": "jury usher", "username": "mercy.o", "password": "Oath-Card-58"},
        {"name": "Gideon Vowles", "role": "finance officer", "username": "gideon.v",
         "password": "Mileage-Rate-31"},
        {"name": "Lavinia Cheverell", "role": "senior jury officer", "username": "lavinia.c",
         "password": "Jury-Room-96"},
    ],
    "new_reply": {
        "juror": "Euphemia Tresidder of 4 Ropewalk Yard, Kelderby KY1 3PT, summoned for Monday 21 October",
        "date_of_birth": "14 June 1983",
        "answers": "lived in the UK all her life; not on bail; never sentenced; not detained under the mental "
                   "health acts",
        "contact": "her new mobile number is 07700 900861",
    },
    "notes": [
        "Aurelio Mancini is in the jury lounge, but his police check was never run after his reply came in",
        "Winifred Oyebanji, Thaddeus Prowse and Thomasina Holdsworth have arrived for their first day",
        "Thaddeus Prowse rang at a quarter past eight: his wife went into labour in the night, and he asks to "
        "serve from Monday 2 December instead; no pool has been opened for that week yet",
        "Araminta Gorringe is having an operation on 16 October and asks to serve from Monday 28 October",
        "Cosmo Quennevais asks to be excused on health grounds: surgery in November; his GP's letter, from Dr "
        "Ainsworth at Mossbank Surgery and dated 9 October, came with it",
        "Drusilla Mewburn's care letter from Kelderby Adult Social Care, reference KSC/44817, has arrived",
        "Jethro Scholes has not replied to his summons for 21 October",
        "Caradoc Bairstow's reply is in; his police check is still to run",
        "The defendant in R v Haskins pleaded not guilty this morning; HHJ Brimblecombe wants a panel of 12 in "
        "Court 1",
        "Recorder Mallinder wants a panel of 14 in Court 3 for R v Ferrand",
        "Valentine Yeardley has told the usher that she knows a witness in R v Ferrand",
        "The jury in R v Dunmore gave its verdicts on Friday afternoon; the system still shows the trial running",
        "Friday's attendance sheet: Marmaduke Thwaites, Rowena Pickersgill and Orrin Quayle full days, Albinia "
        "Rushworth a half day",
        "Marmaduke Thwaites claims for Friday: 22 miles there and back by car, parking, and lunch",
        "Solveig Underhay's employer, Ottery Veterinary Supplies, certifies she loses 96 pounds a day; she "
        "claims a full day's loss for Tuesday 8 October, with lunch",
        "Quentin Lathbury's bank details: Q Lathbury, sort code 30-94-57, account 71264408",
        "Rhiannon Tebbutt's approved claim for 7 October is still to be paid",
        "Rowena Pickersgill's new phone number is 07700 900913",
        "The bureau is to summon three more jurors for the pool of Monday 28 October",
        "Tancred Hollinshead is released: his service is over",
        "Winifred Oyebanji has to go home at eleven to a family emergency; she is released with a half day",
    ],
}

# --------------------------------------------------------------------------- the designed prerequisites

_TOKEN = "auth: session token (token of sign_on)"
PUBLIC = ("sign_on", "allowance_rates")
TOKEN_CONSUMERS = [t.__name__ for t in TOOLS if t.__name__ not in PUBLIC]
JUROR_CONSUMERS = ["juror_record", "update_contact", "record_reply", "police_check", "confirm_service",
                   "request_deferral", "request_excusal", "add_evidence", "transfer_juror", "send_letter", "check_in",
                   "stand_down", "record_attendance", "complete_service", "record_earnings", "bank_details",
                   "submit_claim"]
POOL_CONSUMERS = ["summon_jurors", "pool_members", "decide_deferral", "transfer_juror"]
TRIAL_CONSUMERS = ["request_jury", "select_panel", "conclude_trial"]
CLAIM_CONSUMERS = ["approve_claim", "pay_claim"]
_JUROR = "id lookup: juror (juror_number of a find_juror entry, or the first column of a pool_members row)"
_POOL = "id lookup/create: pool (pool_id of create_pool's pool, or of a pools entry)"
_TRIAL = "id lookup: trial (trial_id of a trials entry)"
_CLAIM = "id lookup/create: claim (claim_id of submit_claim's claim, or of a claims entry)"

GROUND_TRUTH = (
    [("sign_on", c, _TOKEN) for c in TOKEN_CONSUMERS]
    + [("find_juror|pool_members", c, _JUROR) for c in JUROR_CONSUMERS]
    + [("create_pool|pools", c, _POOL) for c in POOL_CONSUMERS]
    + [("trials", c, _TRIAL) for c in TRIAL_CONSUMERS]
    + [("submit_claim|claims", c, _CLAIM) for c in CLAIM_CONSUMERS]
    + [
        ("select_panel", "swear_juror",
         "id lookup/create: panel (panel_id of select_panel's panel, and its members' juror numbers)"),
        ("request_deferral|deferrals", "decide_deferral",
         "id lookup/create: deferral (deferral_id of request_deferral's deferral, or of a deferrals entry)"),
        ("request_excusal|excusals", "decide_excusal",
         "id lookup/create: excusal (excusal_id of request_excusal's excusal, or of an excusals entry)"),
        ("allowance_rates", "submit_claim", "vocabulary: the allowance codes (the first column of an allowance row)"),
        ("police_check", "confirm_service", "vetting: a clear Police National Computer check"),
        ("add_evidence", "decide_excusal", "document: the letter that supports the ground of excusal, on file"),
        ("record_earnings", "submit_claim", "document: the employer's certificate of lost earnings, on file"),
        ("record_reply", "police_check", "state: the reply to the summons recorded, with the date of birth"),
        ("confirm_service", "check_in", "state: the juror's service confirmed"),
        ("check_in", "select_panel", "state: enough jurors checked in today for the panel"),
        ("request_jury", "select_panel", "state: a jury asked for the trial"),
        ("select_panel", "stand_down", "state: the juror on a panel"),
        ("swear_juror", "conclude_trial", "state: twelve jurors sworn on the trial"),
        ("conclude_trial", "complete_service", "state: the juror's trial concluded"),
        ("check_in", "record_attendance", "state: the juror checked in on the day"),
        ("record_attendance", "complete_service", "state: at least one day's attendance recorded"),
        ("record_attendance", "submit_claim", "state: the juror's attendance recorded on the day claimed"),
        ("approve_claim", "pay_claim", "state: the claim approved"),
        ("confirm_service", "send_letter", "state: the juror confirmed (a confirmation letter)"),
        ("decide_deferral", "send_letter", "state: the juror's deferral decided (a deferral decision letter)"),
        ("decide_excusal", "send_letter", "state: the juror's excusal decided (an excusal decision letter)"),
        ("bank_details", "pay_claim", "payment: the juror's bank account on file to pay into"),
    ]
)

ONE_STEP_FURTHER = {
    ("add_evidence", "send_letter"), ("allowance_rates", "approve_claim"), ("allowance_rates", "pay_claim"),
    ("check_in", "complete_service"), ("check_in", "stand_down"), ("find_juror", "approve_claim"),
    ("find_juror", "decide_deferral"), ("find_juror", "decide_excusal"), ("find_juror", "pay_claim"),
    ("find_juror", "select_panel"), ("police_check", "check_in"), ("police_check", "send_letter"),
    ("pools", "add_evidence"), ("pools", "bank_details"), ("pools", "check_in"), ("pools", "complete_service"),
    ("pools", "confirm_service"), ("pools", "juror_record"), ("pools", "police_check"),
    ("pools", "record_attendance"), ("pools", "record_earnings"), ("pools", "record_reply"),
    ("pools", "request_deferral"), ("pools", "request_excusal"), ("pools", "send_letter"), ("pools", "stand_down"),
    ("pools", "submit_claim"), ("pools", "update_contact"), ("record_reply", "confirm_service"),
    ("request_deferral", "send_letter"), ("request_excusal", "send_letter"), ("select_panel", "conclude_trial"),
    ("trials", "complete_service"), ("trials", "stand_down"), ("trials", "swear_juror"),
}
_DESIGNED = {(p, c) for ps, c, _ in GROUND_TRUTH for p in ps.split("|")}
_JUROR_SHOWN = ("find_juror", "pool_members", "juror_record", "update_contact", "record_reply", "police_check",
                "confirm_service", "request_deferral", "deferrals", "decide_deferral", "request_excusal", "excusals",
                "add_evidence", "transfer_juror", "summon_jurors", "trials", "select_panel", "conclude_trial",
                "record_earnings", "bank_details", "submit_claim", "claims")
_POOL_SHOWN = ("pools", "create_pool", "find_juror", "juror_record", "update_contact", "confirm_service",
               "transfer_juror", "pool_members", "decide_deferral")
_TRIAL_SHOWN = ("trials", "request_jury", "select_panel", "conclude_trial")
_JUROR_CHANGES = ("update_contact", "record_reply", "police_check", "confirm_service", "request_deferral",
                  "decide_deferral", "request_excusal", "decide_excusal", "transfer_juror", "add_evidence",
                  "send_letter", "check_in", "record_attendance", "complete_service", "record_earnings",
                  "bank_details", "summon_jurors", "select_panel", "swear_juror", "stand_down", "conclude_trial",
                  "submit_claim", "approve_claim", "pay_claim")
PLAUSIBLE = (
    # ids shown in other lists and records: juror numbers wherever a juror, a request, a panel, a trial's sworn
    # jurors, a certificate or a claim names one, pools on jurors and deferrals, trials on panels, panels on trials
    {(p, c) for p in _JUROR_SHOWN for c in JUROR_CONSUMERS}
    | {(p, c) for p in _POOL_SHOWN for c in POOL_CONSUMERS}
    | {(p, c) for p in _TRIAL_SHOWN for c in TRIAL_CONSUMERS}
    | {(p, "decide_deferral") for p in ("request_deferral", "deferrals", "juror_record")}
    | {(p, "decide_excusal") for p in ("request_excusal", "excusals", "juror_record")}
    | {(p, c) for p in ("submit_claim", "claims") for c in CLAIM_CONSUMERS}
    | {(p, "submit_claim") for p in ("claims", "allowance_rates")}
    # one step further along the designed chains (two designed pairs in a row, and real in the proofs: the later
    # call fails when the earlier one is dropped)
    | ONE_STEP_FURTHER
    # a record created or changed, then seen in the lists and records that show it
    | {(p, c) for p in _JUROR_CHANGES for c in ("find_juror", "juror_record", "pool_members")}
    | {(p, "pools") for p in ("create_pool", "summon_jurors", "transfer_juror", "decide_deferral", "check_in",
                               "confirm_service", "decide_excusal", "police_check", "record_reply")}
    | {(p, "trials") for p in ("request_jury", "select_panel", "swear_juror", "conclude_trial", "stand_down")}
    | {(p, "deferrals") for p in ("request_deferral", "decide_deferral")}
    | {(p, "excusals") for p in ("request_excusal", "decide_excusal")}
    | {(p, "claims") for p in ("submit_claim", "approve_claim", "pay_claim")}
) - _DESIGNED - {(t.__name__, t.__name__) for t in TOOLS}  # not the designed pairs, nor a tool with itself
