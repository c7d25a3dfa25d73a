"""Inverter: the membership office, treasurer, technical officer, meter readers and company secretary of Tanwell
Community Energy (41 calls).

Async functions over an in-memory ``State`` of a community energy co-operative on Thursday 21 September 2034 at
09:00, the day of its annual general meeting (at seven in the evening, at the Tanwell Institute). The co-operative
raises money by share offers to its members and puts solar panels on the roofs of community buildings, whose hosts
buy the electricity used on site at an agreed rate; what the panels export goes to the grid under a Smart Export
Guarantee tariff, claimed from the supplier. The membership office finds, signs up and changes members, writes to
them, sells shares and takes withdrawal requests. The treasurer records members' bank details, pays withdrawals and
share interest, claims export payments and invoices hosts. The technical officer registers sites, surveys roofs, fits
generation meters and commissions installations. The meter readers record and void readings. The company secretary
admits members, signs host agreements and runs the AGM: motions, attendance, voting. The chair may do everything. The
share offers, the export tariffs and the AGM motions are public.

Every tool is an ``async def`` without a decorator; each checks its session and role itself (``who, err =
_session(state, token, "membership")``, then ``if err: return None, err``). The co-operative's back office was written
in the errors-as-values style: every call answers a pair ``(value, error)``, ``(member, None)`` on success and
``(None, "MB-1107 has 40 shares; a member is admitted holding at least 100")`` on a refusal. The runtime's common
conventions read no such pair (a two-item list), so the module declares ``FAILURE`` (``go_error``: a two-item reply
whose second item is a non-empty string; it answers that string). Replies (the first item) are ``TypedDict`` records
(plain dicts at run time) and lists of them, with rows nested as lists of lists (a member's statement, the
withdrawals, an installation's readings, claims and invoices, the readings list); bare values answer a withdrawal paid
and share interest paid (an amount) and the meters in stock (a list of serials); sentences with an id in them answer a
message, a site cancelled, a reading voided, a withdrawal cancelled, a motion withdrawn, a vote recorded and a
sign-out. Annotations are spelled with ``typing`` (``Optional``, ``List``, ``Dict``, ``Tuple``, ``TypedDict``,
``Literal``) and evaluated at definition, with two ``str`` ``Enum`` filters (``InstallationStatus``, ``MotionStatus``),
a plain ``Enum`` input (``ReadingSource``), ``Literal`` inputs (roof, payment method, survey result, motion kind,
attendance, vote) and a ``Literal`` filter (withdrawal status). reST docstrings (``:param ...:``, ``:returns:``). Ids
look alike: member ``MB-1108``, withdrawal ``WD-63``, installation ``SI-307``, reading ``RD-5521``, export claim
``EC-914``, host invoice ``HI-418``, motion ``MOT-45``, message ``MS-2207``; share offer ``TCE2``; tariff ``SEG-COM``;
meter ``GM-40217``. The minimum and largest holdings, that shares are withdrawn only after three years, the terms a host
agreement runs for, that the account name must match the member, that applicants are 16 or over, and that meters do
not run backwards are stated only in refusals.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as provider means either
tool satisfies it, and the text of ``what`` before its first ``:`` is the kind.
"""

import datetime
import re
from enum import Enum
from typing import Any, Dict, List, Literal, Optional, Tuple, TypedDict

TODAY = "2034-09-21"  # a Thursday, the day of the AGM
YEAR_END = "2034-03-31"  # the end of the financial year the AGM's interest is paid for
THREE_YEARS_AGO = "2031-09-21"
SHARE_PRICE = 1.0
MIN_HOLDING = 100
MAX_HOLDING = 20000


class InstallationStatus(str, Enum):
    PROPOSED = "proposed"
    SURVEYED = "surveyed"
    UNSUITABLE = "unsuitable"
    AGREED = "agreed"
    LIVE = "live"
    CANCELLED = "cancelled"


class MotionStatus(str, Enum):
    TABLED = "tabled"
    VOTING = "voting"
    CARRIED = "carried"
    LOST = "lost"
    WITHDRAWN = "withdrawn"


class ReadingSource(Enum):
    SITE_VISIT = "site_visit"
    HOST_PHOTO = "host_photo"
    REMOTE_LOGGER = "remote_logger"


Roof = Literal["pitched_tile", "pitched_slate", "flat_membrane", "metal_sheet"]
ShareMethod = Literal["bank_transfer", "cheque", "debit_card"]
HostMethod = Literal["bacs", "cheque"]
SurveyResult = Literal["suitable", "unsuitable"]
MotionKind = Literal["ordinary", "special"]
Attendance = Literal["in_person", "online", "proxy"]
Vote = Literal["for", "against", "abstain"]
WithdrawalStatus = Literal["requested", "paid", "cancelled"]

SHARE_OFFERS = {  # code -> name, opened, closes, target (pounds), open
    "TCE1": ("Tanwell Schools Solar share offer", "2029-05-01", "2029-07-31", 60000, False),
    "TCE2": ("Community Buildings Solar share offer", "2034-06-01", "2034-10-31", 85000, True),
}
TARIFFS = {  # code -> name, pence per kWh exported, open to new installations
    "SEG-FLAT": ("Smart Export Guarantee, flat rate (Northmere Energy)", 15.0, True),
    "SEG-COM": ("Smart Export Guarantee, community generator rate (Cooperative Power)", 18.5, True),
    "FIT-OLD": ("Feed-in Tariff export (legacy)", 5.5, False),
}
ROLE_NAMES = {"membership": "the membership office", "treasurer": "the treasurer", "technical": "the technical officer",
              "readings": "the meter readers", "secretary": "the company secretary", "chair": "the chair"}
SORT_CODE = re.compile(r"^\d{2}-\d{2}-\d{2}$")
ACCOUNT = re.compile(r"^\d{8}$")


# --------------------------------------------------------------------------- replies


class Session(TypedDict):
    token: str
    name: str
    role: str


class ShareOffer(TypedDict):
    code: str
    name: str
    opened: str
    closes: str
    target: int
    raised: int
    open: bool


class Tariff(TypedDict):
    code: str
    name: str
    pence_per_kwh: float
    open: bool


class MemberRow(TypedDict):
    member_id: str
    name: str
    status: str
    postcode: str
    shares: int


class Member(TypedDict):
    member_id: str
    name: str
    status: str
    email: str
    phone: str
    address: str
    postcode: str
    joined: Optional[str]
    shares: int
    bank_details: bool
    attending: Optional[str]


class Statement(TypedDict):
    member: Member
    shares: List[List[Any]]
    withdrawals: List[List[Any]]
    interest: List[List[Any]]


class Withdrawals(TypedDict):
    total: int
    rows: List[List[Any]]


class InstallationRow(TypedDict):
    installation_id: str
    host: str
    postcode: str
    status: str
    kwp: Optional[float]


class Installation(TypedDict):
    installation_id: str
    host: str
    address: str
    postcode: str
    contact: str
    roof: str
    status: str
    max_kwp: Optional[float]
    kwp: Optional[float]
    ppa_rate_p: Optional[float]
    agreement_until: Optional[str]
    meter: Optional[str]
    tariff: Optional[str]
    commissioned: Optional[str]
    readings: List[List[Any]]
    claims: List[List[Any]]
    invoices: List[List[Any]]


class Reading(TypedDict):
    reading_id: str
    installation_id: str
    read_on: str
    generation_kwh: float
    export_kwh: float
    source: str
    generated_since_last: float
    exported_since_last: float


class ExportClaim(TypedDict):
    claim_id: str
    installation_id: str
    tariff: str
    period_from: str
    period_to: str
    export_kwh: float
    amount: float
    status: str


class HostInvoice(TypedDict):
    invoice_id: str
    installation_id: str
    host: str
    period_from: str
    period_to: str
    kwh_used: float
    rate_p: float
    amount: float
    status: str


class Motion(TypedDict):
    motion_id: str
    title: str
    kind: str
    proposer: str
    seconder: str
    status: str


class AttendanceRecord(TypedDict):
    member_id: str
    name: str
    mode: str
    voting_card: int


class MotionResult(TypedDict):
    motion_id: str
    title: str
    kind: str
    votes_for: int
    votes_against: int
    abstentions: int
    result: str


# --------------------------------------------------------------------------- refusals


def go_error(reply: Any) -> Any:
    """A reply is a refusal when it is a ``(value, error)`` pair whose error is set (a non-empty string); answers
    the error."""
    if isinstance(reply, (list, tuple)) and len(reply) == 2 and isinstance(reply[1], str) and reply[1].strip():
        return reply[1]
    return False


FAILURE = go_error


# --------------------------------------------------------------------------- state


def _member(name, email, phone, address, postcode, dob, status, joined, bank=None):
    return {"name": name, "email": email, "phone": phone, "address": address, "postcode": postcode, "dob": dob,
            "status": status, "joined": joined, "bank": bank}


def _site(host, address, postcode, contact, roof, status, max_kwp=None, kwp=None, ppa=None, until=None, meter=None,
          tariff=None, commissioned=None):
    return {"host": host, "address": address, "postcode": postcode, "contact": contact, "roof": roof,
            "status": status, "max_kwp": max_kwp, "kwp": kwp, "ppa": ppa, "until": until, "meter": meter,
            "tariff": tariff, "commissioned": commissioned, "survey_notes": None, "note": None}


class State:
    """Tanwell Community Energy on Thursday 21 September 2034 at 09:00, the day of its AGM."""

    def __init__(self) -> None:
        self.staff = {
            "ruth.m": {"name": "Ruth Mallinson", "password": "Share-Ledger-100", "role": "membership"},
            "anwen.p": {"name": "Anwen Prothero", "password": "Balance-Sheet-34", "role": "treasurer"},
            "tomasz.w": {"name": "Tomasz Kaczmarek", "password": "Inverter-Fan-7", "role": "technical"},
            "hattie.s": {"name": "Hattie Gledhill", "password": "Meter-Torch-21", "role": "readings"},
            "clem.f": {"name": "Clem Ormerod", "password": "Minute-Book-9", "role": "secretary"},
            "colin.b": {"name": "Colin Birtwistle", "password": "Tanwell-Sun-2011", "role": "chair"},
        }
        self.sessions: Dict[str, dict] = {}
        self.members = {
            "MB-1101": _member("Mrs Edith Talbot", "edith.talbot@example.com", "01632 960101", "4 Church Walk, Tanwell",
                               "TW1 3AB", "1951-02-11", "member", "2029-06-12",
                               {"account_name": "Mrs E Talbot", "sort_code": "20-45-77", "account_number": "53018842"}),
            "MB-1102": _member("Mr Rohan Iyer", "rohan.iyer@example.net", "07700 960102", "17 Mill Lane, Tanwell",
                               "TW2 1QD", "1984-07-30", "member", "2030-03-02"),
            "MB-1103": _member("Ms Lowri Evans", "lowri.evans@example.org", "07700 960103",
                               "2 Quarry Cottages, Tanwell",
                               "TW4 7HS", "1993-10-05", "member", "2033-01-20",
                               {"account_name": "Lowri Evans", "sort_code": "30-91-04", "account_number": "11873205"}),
            "MB-1104": _member("Mr Frank Nuttall", "frank.nuttall@example.com", "01632 960104",
                               "The Forge, Top Road, Tanwell",
                               "TW3 9PL", "1947-12-01", "member", "2029-05-20",
                               {"account_name": "F Nuttall", "sort_code": "40-12-19", "account_number": "70442918"}),
            "MB-1105": _member("Ms Sadie Rourke", "sadie.rourke@example.net", "07700 960105", "9 Station Road, Tanwell",
                               "TW1 5RT", "1979-04-22", "member", "2031-02-14"),
            "MB-1106": _member("Mrs Ivy Chen", "ivy.chen@example.com", "07700 960106", "23 Orchard Way, Tanwell",
                               "TW2 8EE", "1968-08-09", "applicant", None),
            "MB-1107": _member("Mr Oliver Brindley", "oliver.brindley@example.org", "07700 960107",
                               "5 Beck Side, Tanwell",
                               "TW4 2NN", "2001-01-17", "applicant", None),
        }
        self.holdings: List[list] = [  # member, date, offer, shares, method
            ["MB-1101", "2029-06-12", "TCE1", 2500, "cheque"],
            ["MB-1102", "2030-03-02", "TCE1", 500, "bank_transfer"],
            ["MB-1103", "2033-01-20", "TCE1", 250, "debit_card"],
            ["MB-1104", "2029-05-20", "TCE1", 4000, "cheque"],
            ["MB-1105", "2031-02-14", "TCE1", 1000, "bank_transfer"],
            ["MB-1101", "2034-06-15", "TCE2", 1000, "bank_transfer"],
            ["MB-1106", "2034-09-04", "TCE2", 300, "bank_transfer"],
            ["MB-1107", "2034-09-18", "TCE2", 40, "debit_card"],
        ]
        self.withdrawals = {
            "WD-61": {"member": "MB-1104", "shares": 1500, "reason": "Moving into a care home", "status": "requested",
                      "requested": "2034-09-08", "amount": None},
            "WD-62": {"member": "MB-1105", "shares": 400, "reason": "Helping with a deposit for her daughter",
                      "status": "requested", "requested": "2034-09-15", "amount": None},
        }
        self.interest: List[list] = [["MB-1101", "2033-10-02", "2032-33", 75.0], ["MB-1104", "2033-10-02", "2032-33",
                                                                                  120.0]]
        self.sites = {
            "SI-301": _site("Tanwell Primary School", "Tanwell Primary School, School Lane, Tanwell", "TW2 4JB",
                            "Mrs Alison Kerr, business manager, office@tanwell-primary.example", "pitched_tile",
                            "live", 32.0, 30.0, 14.0, "2049-08-31", "GM-40101", "SEG-COM", "2029-09-01"),
            "SI-302": _site("St Bride's Church Hall", "St Bride's Church Hall, Church Walk, Tanwell", "TW1 3AC",
                            "Rev. Tom Pargeter, vicar@stbrides-tanwell.example", "pitched_slate", "live", 14.5, 12.0,
                            13.0, "2046-04-30", "GM-40102", "SEG-FLAT", "2030-05-15"),
            "SI-303": _site("Tanwell Leisure Centre", "Tanwell Leisure Centre, Recreation Road, Tanwell", "TW3 2LC",
                            "Mr Gary Pilling, centre manager, gary.pilling@tanwell-leisure.example", "flat_membrane",
                            "proposed"),
            "SI-304": _site("Cragg Farm barn", "Cragg Farm, Moor Road, Tanwell", "TW4 9HF",
                            "Mrs Jean Cragg, jean@craggfarm.example", "metal_sheet", "surveyed", 40.0),
            "SI-305": _site("Tanwell Library and Hub", "The Old Library, Market Street, Tanwell", "TW1 2ML",
                            "Ms Priti Shah, hub coordinator, hub@tanwell-library.example", "pitched_slate", "agreed",
                            10.0, None, 12.5, "2054-08-31"),
        }
        self.sites["SI-304"]["survey_notes"] = "Steel portal frame, sound; 40 kWp fits the south slope"
        self.sites["SI-305"]["survey_notes"] = "Listed building; panels on the rear slope only"
        self.meters = {"GM-40101": "SI-301", "GM-40102": "SI-302", "GM-40217": None, "GM-40218": None,
                       "GM-40219": None}
        self.readings = {  # reading -> installation, date, generation, export, source, voided
            "RD-5501": ["SI-301", "2034-03-31", 181204.0, 60110.0, "site_visit", False],
            "RD-5502": ["SI-302", "2034-03-31", 39850.0, 21907.0, "host_photo", False],
            "RD-5511": ["SI-301", "2034-06-30", 192310.0, 63960.0, "site_visit", False],
            "RD-5512": ["SI-302", "2034-06-30", 43320.0, 23977.0, "host_photo", False],
            "RD-5520": ["SI-301", "2034-09-01", 199885.0, 66722.0, "remote_logger", False],
        }
        self.claims = {  # claim -> installation, tariff, from reading, to reading, kwh, amount, status
            "EC-911": ["SI-301", "SEG-COM", "RD-5501", "RD-5511", 3850.0, 712.25, "paid"],
            "EC-912": ["SI-302", "SEG-FLAT", "RD-5502", "RD-5512", 2070.0, 310.5, "submitted"],
        }
        self.invoices = {  # invoice -> installation, from reading, to reading, kwh, rate, amount, status
            "HI-415": ["SI-301", "RD-5501", "RD-5511", 7256.0, 14.0, 1015.84, "paid"],
            "HI-416": ["SI-302", "RD-5502", "RD-5512", 1400.0, 13.0, 182.0, "unpaid"],
        }
        self.motions = {
            "MOT-41": {"title": "Receive and adopt the accounts for 2033-34", "kind": "ordinary",
                       "text": "That the accounts for the year to 31 March 2034 be received and adopted.",
                       "proposer": "MB-1104", "seconder": "MB-1101", "status": "tabled", "interest": None},
            "MOT-42": {"title": "Pay interest on shares for 2033-34 at 3 per cent", "kind": "ordinary",
                       "text": "That interest of 3 per cent be paid on members' shares held at 31 March 2034.",
                       "proposer": "MB-1101", "seconder": "MB-1102", "status": "tabled", "interest": 3.0},
            "MOT-43": {"title": "Re-elect Colin Birtwistle to the board", "kind": "ordinary",
                       "text": "That Colin Birtwistle be re-elected as a director.", "proposer": "MB-1103",
                       "seconder": "MB-1105", "status": "tabled", "interest": None},
            "MOT-44": {"title": "Amend rule 31 to allow online voting", "kind": "special",
                       "text": "That rule 31 be amended so that members may vote online at general meetings.",
                       "proposer": "MB-1102", "seconder": "MB-1103", "status": "tabled", "interest": None},
        }
        self.attendance: Dict[str, list] = {}  # member -> mode, voting card
        self.votes: Dict[str, Dict[str, str]] = {}
        self.messages: List[list] = []
        self.counters = {"token": 1, "member": 1108, "withdrawal": 63, "site": 306, "reading": 5521, "claim": 913,
                         "invoice": 417, "motion": 45, "message": 2207, "card": 1}


# --------------------------------------------------------------------------- helpers


def _session(state: State, token: Any, *roles: str) -> Tuple[Optional[dict], Optional[str]]:
    who = state.sessions.get(token) if isinstance(token, str) else None
    if who is None:
        return None, "not signed in, or the session has ended; sign in first"
    if roles and who["role"] not in roles and who["role"] != "chair":
        return None, (f"{who['name']} ({who['role']}) may not do this; it is for "
                      f"{' or '.join(ROLE_NAMES[r] for r in roles)}")
    return who, None


def _next(state: State, kind: str) -> int:
    n = state.counters[kind]
    state.counters[kind] = n + 1
    return n


def _blank(value: Any) -> bool:
    return not isinstance(value, str) or not value.strip()


def _value(value: Any) -> Any:
    return value.value if isinstance(value, Enum) else value


def _date(text: Any) -> Optional[str]:
    try:
        return datetime.date.fromisoformat(text).isoformat() if isinstance(text, str) else None
    except ValueError:
        return None


def _number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _shares(state: State, mid: str, upto: str = "9999-12-31") -> int:
    return sum(h[3] for h in state.holdings if h[0] == mid and h[1] <= upto)


def _member_out(state: State, mid: str) -> Member:
    m = state.members[mid]
    seat = state.attendance.get(mid)
    return Member(member_id=mid, name=m["name"], status=m["status"], email=m["email"], phone=m["phone"],
                  address=m["address"], postcode=m["postcode"], joined=m["joined"], shares=_shares(state, mid),
                  bank_details=m["bank"] is not None, attending=seat[0] if seat else None)


def _get_member(state: State, mid: Any) -> Tuple[Optional[dict], Optional[str]]:
    m = state.members.get(mid) if isinstance(mid, str) else None
    if m is None:
        return None, f"no member {mid}"
    return m, None


def _get_site(state: State, sid: Any) -> Tuple[Optional[dict], Optional[str]]:
    s = state.sites.get(sid) if isinstance(sid, str) else None
    if s is None:
        return None, f"no installation {sid}"
    return s, None


def _get_motion(state: State, mid: Any) -> Tuple[Optional[dict], Optional[str]]:
    m = state.motions.get(mid) if isinstance(mid, str) else None
    if m is None:
        return None, f"no motion {mid}"
    return m, None


def _live_readings(state: State, sid: str) -> List[str]:
    return sorted((rid for rid, r in state.readings.items() if r[0] == sid and not r[5]),
                  key=lambda rid: (state.readings[rid][1], rid))


def _installation(state: State, sid: str) -> Installation:
    s = state.sites[sid]
    return Installation(
        installation_id=sid, host=s["host"], address=s["address"], postcode=s["postcode"], contact=s["contact"],
        roof=s["roof"], status=s["status"], max_kwp=s["max_kwp"], kwp=s["kwp"], ppa_rate_p=s["ppa"],
        agreement_until=s["until"], meter=s["meter"], tariff=s["tariff"], commissioned=s["commissioned"],
        readings=[[rid, r[1], r[2], r[3], r[4]] for rid in _live_readings(state, sid) for r in [state.readings[rid]]],
        claims=[[cid, c[4], c[5], c[6]] for cid, c in sorted(state.claims.items()) if c[0] == sid],
        invoices=[[iid, i[3], i[5], i[6]] for iid, i in sorted(state.invoices.items()) if i[0] == sid])


def _reading(state: State, rid: str) -> Reading:
    r = state.readings[rid]
    earlier = [x for x in _live_readings(state, r[0]) if x != rid and (state.readings[x][1], x) < (r[1], rid)]
    prev = state.readings[earlier[-1]] if earlier else None
    return Reading(reading_id=rid, installation_id=r[0], read_on=r[1], generation_kwh=r[2], export_kwh=r[3],
                   source=r[4], generated_since_last=round(r[2] - (prev[2] if prev else 0.0), 1),
                   exported_since_last=round(r[3] - (prev[3] if prev else 0.0), 1))


def _claim(state: State, cid: str) -> ExportClaim:
    c = state.claims[cid]
    return ExportClaim(claim_id=cid, installation_id=c[0], tariff=c[1], period_from=state.readings[c[2]][1],
                       period_to=state.readings[c[3]][1], export_kwh=c[4], amount=c[5], status=c[6])


def _invoice(state: State, iid: str) -> HostInvoice:
    i = state.invoices[iid]
    return HostInvoice(invoice_id=iid, installation_id=i[0], host=state.sites[i[0]]["host"],
                       period_from=state.readings[i[1]][1], period_to=state.readings[i[2]][1], kwh_used=i[3],
                       rate_p=i[4], amount=i[5], status=i[6])


def _motion(state: State, mid: str) -> Motion:
    m = state.motions[mid]
    return Motion(motion_id=mid, title=m["title"], kind=m["kind"], proposer=state.members[m["proposer"]]["name"],
                  seconder=state.members[m["seconder"]]["name"], status=m["status"])


def _last_billed(state: State, table: dict, sid: str, at: int) -> Optional[str]:
    """The latest reading a claim or invoice of the installation ran to (``at`` is the column of the end reading)."""
    ends = [row[at] for row in table.values() if row[0] == sid]
    return max(ends, key=lambda rid: (state.readings[rid][1], rid)) if ends else None


# --------------------------------------------------------------------------- sign-in and the public lists


async def sign_in(state: State, username: str, password: str) -> Tuple[Optional[Session], Optional[str]]:
    """Sign in to the co-operative's back office.

    :param username: a volunteer's or officer's user name, such as ``ruth.m``
    :param password: their password
    :returns: ``(session, None)``: the session's ``token`` (for every call but the public ones), ``name`` and
        ``role`` (membership, treasurer, technical, readings, secretary or chair); or ``(None, why)``
    """
    user = username.strip().lower() if isinstance(username, str) else ""
    s = state.staff.get(user)
    if s is None or s["password"] != password:
        return None, "user name or password not recognised"
    token = f"tce-{user.split('.')[0]}-{_next(state, 'token'):03d}"
    state.sessions[token] = {"user": user, "name": s["name"], "role": s["role"]}
    return Session(token=token, name=s["name"], role=s["role"]), None


async def sign_out(state: State, token: str) -> Tuple[Optional[str], Optional[str]]:
    """End a session.

    :param token: the session token
    :returns: ``(sentence, None)`` naming who was signed out; or ``(None, why)``
    """
    who, err = _session(state, token)
    if err:
        return None, err
    del state.sessions[token]
    return f"Signed out {who['name']} (session {token}).", None


async def share_offers(state: State) -> Tuple[Optional[List[ShareOffer]], Optional[str]]:
    """The co-operative's share offers, as the website lists them.

    :returns: ``(offers, None)``: each offer's ``code``, ``name``, the dates it ``opened`` and ``closes``, its
        ``target`` and the pounds ``raised`` so far, and whether it is ``open``
    """
    return [ShareOffer(code=code, name=o[0], opened=o[1], closes=o[2], target=o[3],
                       raised=int(sum(h[3] for h in state.holdings if h[2] == code) * SHARE_PRICE), open=o[4])
            for code, o in SHARE_OFFERS.items()], None


async def tariffs() -> Tuple[Optional[List[Tariff]], Optional[str]]:
    """The export tariffs the co-operative's installations are registered on.

    :returns: ``(tariffs, None)``: each tariff's ``code``, ``name``, ``pence_per_kwh`` exported and whether it is
        ``open`` to new installations
    """
    return [Tariff(code=code, name=t[0], pence_per_kwh=t[1], open=t[2]) for code, t in TARIFFS.items()], None


async def agm_motions(state: State, status: Optional[MotionStatus] = None) -> Tuple[Optional[List[Motion]],
                                                                                   Optional[str]]:
    """The motions for tonight's annual general meeting, as the notice of the meeting lists them.

    :param status: only motions in this status: ``tabled``, ``voting``, ``carried``, ``lost`` or ``withdrawn``
    :returns: ``(motions, None)``: each motion's ``motion_id``, ``title``, ``kind`` (ordinary or special),
        ``proposer``, ``seconder`` and ``status``, in motion id order; or ``(None, why)``
    """
    want = _value(status)
    if want is not None and want not in [s.value for s in MotionStatus]:
        return None, f"status is tabled, voting, carried, lost or withdrawn, not {want!r}"
    return [_motion(state, mid) for mid, m in sorted(state.motions.items())
            if want is None or m["status"] == want], None


# --------------------------------------------------------------------------- members


async def find_member(state: State, token: str, text: str) -> Tuple[Optional[List[MemberRow]], Optional[str]]:
    """Find members and applicants by part of their name, e-mail address or postcode.

    :param token: the session token
    :param text: what to look for
    :returns: ``(members, None)``: each one's ``member_id``, ``name``, ``status`` (applicant, member or ceased),
        ``postcode`` and ``shares`` held, in member id order; or ``(None, why)``
    """
    _, err = _session(state, token)
    if err:
        return None, err
    if _blank(text):
        return None, "text is required"
    needle = text.strip().lower()
    return [MemberRow(member_id=mid, name=m["name"], status=m["status"], postcode=m["postcode"],
                      shares=_shares(state, mid))
            for mid, m in sorted(state.members.items())
            if needle in m["name"].lower() or needle in m["email"].lower()
            or needle in m["postcode"].lower()], None


async def apply_membership(state: State, token: str, name: str, email: str, phone: str, address: str, postcode: str,
                           date_of_birth: str) -> Tuple[Optional[Member], Optional[str]]:
    """Take a membership application; the applicant is admitted by the board once their shares are paid for.

    :param token: the session token
    :param name: the applicant's name, with their title
    :param email: their e-mail address
    :param phone: their phone number
    :param address: their postal address
    :param postcode: their postcode
    :param date_of_birth: their date of birth (YYYY-MM-DD)
    :returns: ``(member, None)``: the applicant with a new ``member_id``, status ``applicant``; or ``(None, why)``
    """
    _, err = _session(state, token, "membership")
    if err:
        return None, err
    for what, value in (("name", name), ("email", email), ("phone", phone), ("address", address),
                        ("postcode", postcode)):
        if _blank(value):
            return None, f"{what} is required"
    if "@" not in email:
        return None, f"{email!r} is not an e-mail address"
    dob = _date(date_of_birth)
    if dob is None:
        return None, f"{date_of_birth!r} is not a date of birth (YYYY-MM-DD)"
    born = datetime.date.fromisoformat(dob)
    on = datetime.date.fromisoformat(TODAY)
    age = on.year - born.year - ((on.month, on.day) < (born.month, born.day))
    if age < 16:
        return None, f"{name.strip()} is {age}; members of the co-operative are 16 or over"
    for mid, m in state.members.items():
        if m["email"].lower() == email.strip().lower():
            return None, f"{email.strip()} belongs to {m['name']} ({mid}) already"
    mid = f"MB-{_next(state, 'member')}"
    state.members[mid] = _member(name.strip(), email.strip(), phone.strip(), address.strip(), postcode.strip().upper(),
                                 dob, "applicant", None)
    return _member_out(state, mid), None


async def update_member(state: State, token: str, member_id: str, email: Optional[str] = None,
                        phone: Optional[str] = None, address: Optional[str] = None,
                        postcode: Optional[str] = None) -> Tuple[Optional[Member], Optional[str]]:
    """Change a member's contact details; what is left out stays as it is.

    :param token: the session token
    :param member_id: the member
    :param email: a new e-mail address
    :param phone: a new phone number
    :param address: a new postal address
    :param postcode: a new postcode
    :returns: ``(member, None)``: the member as changed; or ``(None, why)``
    """
    _, err = _session(state, token, "membership")
    if err:
        return None, err
    m, err = _get_member(state, member_id)
    if err:
        return None, err
    new = {k: v.strip() for k, v in (("email", email), ("phone", phone), ("address", address),
                                     ("postcode", postcode)) if not _blank(v)}
    if "postcode" in new:
        new["postcode"] = new["postcode"].upper()
    if "email" in new and "@" not in new["email"]:
        return None, f"{email!r} is not an e-mail address"
    changed = {k: v for k, v in new.items() if m[k] != v}
    if not changed:
        return None, f"nothing to change for {m['name']}; those are the details on file"
    m.update(changed)
    return _member_out(state, member_id), None


async def member_statement(state: State, token: str, member_id: str) -> Tuple[Optional[Statement], Optional[str]]:
    """A member's statement: their details and the history of their shareholding.

    :param token: the session token
    :param member_id: the member
    :returns: ``(statement, None)``: ``member`` (as ``update_member`` answers it), ``shares`` as rows of ``[date,
        offer, shares, method]``, ``withdrawals`` as rows of ``[withdrawal_id, shares, status, requested]`` and
        ``interest`` as rows of ``[paid_on, year, amount]``; or ``(None, why)``
    """
    _, err = _session(state, token)
    if err:
        return None, err
    _, err = _get_member(state, member_id)
    if err:
        return None, err
    return Statement(
        member=_member_out(state, member_id),
        shares=[[h[1], h[2], h[3], h[4]] for h in state.holdings if h[0] == member_id],
        withdrawals=[[wid, w["shares"], w["status"], w["requested"]] for wid, w in sorted(state.withdrawals.items())
                     if w["member"] == member_id],
        interest=[[i[1], i[2], i[3]] for i in state.interest if i[0] == member_id]), None


async def message_member(state: State, token: str, member_id: str, subject: str,
                         body: str) -> Tuple[Optional[str], Optional[str]]:
    """E-mail a member from the membership office.

    :param token: the session token
    :param member_id: the member
    :param subject: the subject line
    :param body: the message
    :returns: ``(sentence, None)`` with the message's id; or ``(None, why)``
    """
    who, err = _session(state, token, "membership", "treasurer", "secretary")
    if err:
        return None, err
    m, err = _get_member(state, member_id)
    if err:
        return None, err
    if _blank(subject) or _blank(body):
        return None, "subject and body are required"
    mid = f"MS-{_next(state, 'message')}"
    state.messages.append([mid, member_id, subject.strip(), body.strip(), who["name"]])
    return f"Message {mid} sent to {m['name']} at {m['email']}.", None


async def record_bank_details(state: State, token: str, member_id: str, account_name: str, sort_code: str,
                              account_number: str) -> Tuple[Optional[Member], Optional[str]]:
    """Record the bank account a member's withdrawals and share interest are paid into.

    :param token: the session token
    :param member_id: the member
    :param account_name: the name on the account
    :param sort_code: the sort code (``NN-NN-NN``)
    :param account_number: the eight-digit account number
    :returns: ``(member, None)``: the member, with bank details on file; or ``(None, why)``
    """
    _, err = _session(state, token, "treasurer", "membership")
    if err:
        return None, err
    m, err = _get_member(state, member_id)
    if err:
        return None, err
    if _blank(account_name):
        return None, "account_name is required"
    if not isinstance(sort_code, str) or not SORT_CODE.match(sort_code.strip()):
        return None, f"{sort_code!r} is not a sort code (NN-NN-NN)"
    if not isinstance(account_number, str) or not ACCOUNT.match(account_number.strip()):
        return None, f"{account_number!r} is not an eight-digit account number"
    surname = m["name"].split()[-1].lower()
    if surname not in account_name.lower():
        return None, (f"the account is in the name of {account_name.strip()!r}; members are paid only into an account "
                      f"in their own name ({m['name']})")
    bank = {"account_name": account_name.strip(), "sort_code": sort_code.strip(),
            "account_number": account_number.strip()}
    if m["bank"] == bank:
        return None, f"those bank details are on file for {m['name']} already"
    m["bank"] = bank
    return _member_out(state, member_id), None


# --------------------------------------------------------------------------- shares


async def buy_shares(state: State, token: str, member_id: str, offer_code: str, shares: int,
                     method: ShareMethod) -> Tuple[Optional[Statement], Optional[str]]:
    """Record a member's or applicant's payment for shares in a share offer (shares are one pound each).

    :param token: the session token
    :param member_id: the member or applicant
    :param offer_code: the share offer's code
    :param shares: how many shares
    :param method: ``bank_transfer``, ``cheque`` or ``debit_card``
    :returns: ``(statement, None)``: the member's statement with the purchase on it; or ``(None, why)``
    """
    _, err = _session(state, token, "membership")
    if err:
        return None, err
    m, err = _get_member(state, member_id)
    if err:
        return None, err
    o = SHARE_OFFERS.get(offer_code) if isinstance(offer_code, str) else None
    if o is None:
        return None, f"no share offer {offer_code!r}"
    if not o[4]:
        return None, f"the {o[0]} closed on {o[2]}"
    if isinstance(shares, bool) or not isinstance(shares, int) or shares <= 0:
        return None, f"shares is a number of shares, not {shares!r}"
    if method not in ("bank_transfer", "cheque", "debit_card"):
        return None, f"method is bank_transfer, cheque or debit_card, not {method!r}"
    if m["status"] == "ceased":
        return None, f"{m['name']} is no longer a member"
    held = _shares(state, member_id)
    if held + shares < MIN_HOLDING:
        return None, (f"{m['name']} would hold {held + shares} shares; a member holds at least {MIN_HOLDING} "
                      f"(pounds {MIN_HOLDING})")
    if held + shares > MAX_HOLDING:
        return None, (f"{m['name']} would hold {held + shares} shares; the rules cap a holding at {MAX_HOLDING}")
    state.holdings.append([member_id, TODAY, offer_code, shares, method])
    return (await member_statement(state, token, member_id))[0], None


async def admit_member(state: State, token: str, member_id: str) -> Tuple[Optional[Member], Optional[str]]:
    """Admit an applicant to membership, as the board has resolved.

    :param token: the session token
    :param member_id: the applicant
    :returns: ``(member, None)``: the member, status ``member`` and joined today; or ``(None, why)``
    """
    _, err = _session(state, token, "secretary")
    if err:
        return None, err
    m, err = _get_member(state, member_id)
    if err:
        return None, err
    if m["status"] != "applicant":
        return None, f"{m['name']} is a {m['status']}, not an applicant"
    held = _shares(state, member_id)
    if held < MIN_HOLDING:
        return None, f"{member_id} has {held} shares; a member is admitted holding at least {MIN_HOLDING}"
    m.update({"status": "member", "joined": TODAY})
    return _member_out(state, member_id), None


async def request_withdrawal(state: State, token: str, member_id: str, shares: int,
                             reason: str) -> Tuple[Optional[Withdrawals], Optional[str]]:
    """Take a member's request to withdraw shares (the money is paid once the treasurer approves it).

    :param token: the session token
    :param member_id: the member
    :param shares: how many shares to withdraw
    :param reason: why the member is withdrawing
    :returns: ``(withdrawals, None)``: the member's withdrawals, ``total`` and ``rows`` of ``[withdrawal_id,
        member_id, name, shares, status, requested]``, the new one last; or ``(None, why)``
    """
    _, err = _session(state, token, "membership")
    if err:
        return None, err
    m, err = _get_member(state, member_id)
    if err:
        return None, err
    if _blank(reason):
        return None, "reason is required"
    if m["status"] != "member":
        return None, f"{m['name']} is a {m['status']}; members withdraw shares"
    if isinstance(shares, bool) or not isinstance(shares, int) or shares <= 0:
        return None, f"shares is a number of shares, not {shares!r}"
    first = min((h[1] for h in state.holdings if h[0] == member_id), default=TODAY)
    if first > THREE_YEARS_AGO:
        return None, (f"{m['name']} first bought shares on {first}; shares are withdrawn once they have been held "
                      f"for three years")
    pending = sum(w["shares"] for w in state.withdrawals.values() if w["member"] == member_id
                  and w["status"] == "requested")
    left = _shares(state, member_id) - pending - shares
    if left < 0:
        return None, f"{m['name']} holds {_shares(state, member_id) - pending} shares not already being withdrawn"
    if 0 < left < MIN_HOLDING:
        return None, (f"{m['name']} would keep {left} shares; a member keeps at least {MIN_HOLDING} or withdraws "
                      f"them all")
    wid = f"WD-{_next(state, 'withdrawal')}"
    state.withdrawals[wid] = {"member": member_id, "shares": shares, "reason": reason.strip(), "status": "requested",
                              "requested": TODAY, "amount": None}
    return _withdrawals(state, lambda w: w["member"] == member_id), None


def _withdrawals(state: State, keep) -> Withdrawals:
    rows = [[wid, w["member"], state.members[w["member"]]["name"], w["shares"], w["status"], w["requested"]]
            for wid, w in sorted(state.withdrawals.items(), key=lambda kv: int(kv[0][3:])) if keep(w)]
    return Withdrawals(total=len(rows), rows=rows)


async def withdrawals(state: State, token: str,
                      status: Optional[WithdrawalStatus] = None) -> Tuple[Optional[Withdrawals], Optional[str]]:
    """The share withdrawal requests, oldest first.

    :param token: the session token
    :param status: only those ``requested``, ``paid`` or ``cancelled``
    :returns: ``(withdrawals, None)``: ``total`` and ``rows`` of ``[withdrawal_id, member_id, name, shares, status,
        requested]``; or ``(None, why)``
    """
    _, err = _session(state, token, "membership", "treasurer")
    if err:
        return None, err
    if status is not None and status not in ("requested", "paid", "cancelled"):
        return None, f"status is requested, paid or cancelled, not {status!r}"
    return _withdrawals(state, lambda w: status is None or w["status"] == status), None


async def approve_withdrawal(state: State, token: str, withdrawal_id: str) -> Tuple[Optional[float], Optional[str]]:
    """Approve a withdrawal and pay the member for their shares at par.

    :param token: the session token
    :param withdrawal_id: the withdrawal request
    :returns: ``(amount, None)``: the pounds paid to the member's bank account; or ``(None, why)``
    """
    _, err = _session(state, token, "treasurer")
    if err:
        return None, err
    w = state.withdrawals.get(withdrawal_id) if isinstance(withdrawal_id, str) else None
    if w is None:
        return None, f"no withdrawal {withdrawal_id}"
    if w["status"] != "requested":
        return None, f"{withdrawal_id} is {w['status']}"
    m = state.members[w["member"]]
    if m["bank"] is None:
        return None, f"no bank details on file for {m['name']}; the treasurer records them before paying"
    amount = round(w["shares"] * SHARE_PRICE, 2)
    w.update({"status": "paid", "amount": amount})
    state.holdings.append([w["member"], TODAY, "withdrawal " + withdrawal_id, -w["shares"], "bacs"])
    if _shares(state, w["member"]) == 0:
        m["status"] = "ceased"
    return amount, None


async def cancel_withdrawal(state: State, token: str, withdrawal_id: str) -> Tuple[Optional[str], Optional[str]]:
    """Cancel a withdrawal request the member no longer wants, before it is paid.

    :param token: the session token
    :param withdrawal_id: the withdrawal request
    :returns: ``(sentence, None)`` naming the request and the member; or ``(None, why)``
    """
    _, err = _session(state, token, "membership", "treasurer")
    if err:
        return None, err
    w = state.withdrawals.get(withdrawal_id) if isinstance(withdrawal_id, str) else None
    if w is None:
        return None, f"no withdrawal {withdrawal_id}"
    if w["status"] != "requested":
        return None, f"{withdrawal_id} is {w['status']} already"
    w["status"] = "cancelled"
    name = state.members[w["member"]]["name"]
    return f"Withdrawal {withdrawal_id} of {w['shares']} shares for {name} cancelled.", None


# --------------------------------------------------------------------------- sites and installations


async def register_site(state: State, token: str, host: str, address: str, postcode: str, contact: str,
                        roof: Roof) -> Tuple[Optional[Installation], Optional[str]]:
    """Register a community building whose roof may take panels.

    :param token: the session token
    :param host: the host organisation or building
    :param address: the building's address
    :param postcode: its postcode
    :param contact: who to deal with there, and how
    :param roof: ``pitched_tile``, ``pitched_slate``, ``flat_membrane`` or ``metal_sheet``
    :returns: ``(installation, None)``: the installation with a new ``installation_id``, status ``proposed``; or
        ``(None, why)``
    """
    _, err = _session(state, token, "technical")
    if err:
        return None, err
    for what, value in (("host", host), ("address", address), ("postcode", postcode), ("contact", contact)):
        if _blank(value):
            return None, f"{what} is required"
    if roof not in ("pitched_tile", "pitched_slate", "flat_membrane", "metal_sheet"):
        return None, f"roof is pitched_tile, pitched_slate, flat_membrane or metal_sheet, not {roof!r}"
    for sid, s in state.sites.items():
        if s["address"].lower() == address.strip().lower() and s["status"] != "cancelled":
            return None, f"{s['host']} is registered already ({sid})"
    sid = f"SI-{_next(state, 'site')}"
    state.sites[sid] = _site(host.strip(), address.strip(), postcode.strip().upper(), contact.strip(), roof, "proposed")
    return _installation(state, sid), None


async def survey_roof(state: State, token: str, installation_id: str, result: SurveyResult, max_kwp: float,
                      notes: str) -> Tuple[Optional[Installation], Optional[str]]:
    """Record the structural and shading survey of a proposed site's roof.

    :param token: the session token
    :param installation_id: the installation
    :param result: ``suitable`` or ``unsuitable``
    :param max_kwp: the most panel capacity the roof takes, in kWp (0 when unsuitable)
    :param notes: the surveyor's notes
    :returns: ``(installation, None)``: the installation, ``surveyed`` or ``unsuitable``; or ``(None, why)``
    """
    _, err = _session(state, token, "technical")
    if err:
        return None, err
    s, err = _get_site(state, installation_id)
    if err:
        return None, err
    if result not in ("suitable", "unsuitable"):
        return None, f"result is suitable or unsuitable, not {result!r}"
    if not _number(max_kwp) or max_kwp < 0 or (result == "suitable" and max_kwp <= 0):
        return None, f"max_kwp is the capacity in kWp the roof takes, not {max_kwp!r}"
    if _blank(notes):
        return None, "notes are required"
    if s["status"] != "proposed":
        return None, f"{installation_id} is {s['status']}; a proposed site is surveyed once"
    s.update({"status": "surveyed" if result == "suitable" else "unsuitable",
              "max_kwp": float(max_kwp) if result == "suitable" else 0.0, "survey_notes": notes.strip()})
    return _installation(state, installation_id), None


async def sign_host_agreement(state: State, token: str, installation_id: str, ppa_rate_p: float,
                              term_years: int) -> Tuple[Optional[Installation], Optional[str]]:
    """Record the roof lease and power purchase agreement signed with the host.

    :param token: the session token
    :param installation_id: the installation
    :param ppa_rate_p: the pence per kWh the host pays for the electricity it uses
    :param term_years: how many years the agreement runs
    :returns: ``(installation, None)``: the installation, ``agreed``, with the rate and the end of the agreement; or
        ``(None, why)``
    """
    _, err = _session(state, token, "secretary")
    if err:
        return None, err
    s, err = _get_site(state, installation_id)
    if err:
        return None, err
    if not _number(ppa_rate_p) or ppa_rate_p <= 0:
        return None, f"ppa_rate_p is pence per kWh, not {ppa_rate_p!r}"
    if isinstance(term_years, bool) or not isinstance(term_years, int):
        return None, f"term_years is a number of years, not {term_years!r}"
    if s["status"] in ("agreed", "live"):
        return None, f"{s['host']} signed its agreement already (until {s['until']})"
    if s["status"] != "surveyed":
        return None, (f"{installation_id} is {s['status']}; an agreement is signed once the roof is surveyed "
                      f"as suitable")
    if not 10 <= term_years <= 25:
        return None, f"a host agreement runs 10 to 25 years, not {term_years}"
    end = datetime.date.fromisoformat(TODAY)
    s.update({"status": "agreed", "ppa": float(ppa_rate_p),
              "until": end.replace(year=end.year + term_years).isoformat()})
    return _installation(state, installation_id), None


async def meter_stock(state: State, token: str) -> Tuple[Optional[List[str]], Optional[str]]:
    """The generation meters in the store, not yet fitted.

    :param token: the session token
    :returns: ``(serials, None)``: the meters' serial numbers, in order; or ``(None, why)``
    """
    _, err = _session(state, token, "technical")
    if err:
        return None, err
    return [serial for serial, sid in sorted(state.meters.items()) if sid is None], None


async def fit_meter(state: State, token: str, installation_id: str,
                    meter_serial: str) -> Tuple[Optional[Installation], Optional[str]]:
    """Record a generation meter from the store fitted at an installation by the installer.

    :param token: the session token
    :param installation_id: the installation
    :param meter_serial: the meter's serial number
    :returns: ``(installation, None)``: the installation with its meter; or ``(None, why)``
    """
    _, err = _session(state, token, "technical")
    if err:
        return None, err
    s, err = _get_site(state, installation_id)
    if err:
        return None, err
    if not isinstance(meter_serial, str) or meter_serial not in state.meters:
        return None, f"no meter {meter_serial!r}"
    if s["meter"] is not None:
        return None, f"{installation_id} has meter {s['meter']} already"
    if state.meters[meter_serial] is not None:
        return None, f"{meter_serial} is fitted at {state.meters[meter_serial]}"
    if s["status"] != "agreed":
        return None, (f"{installation_id} is {s['status']}; the installer goes on the roof once the host agreement "
                      f"is signed")
    s["meter"] = meter_serial
    state.meters[meter_serial] = installation_id
    return _installation(state, installation_id), None


async def commission_installation(state: State, token: str, installation_id: str, kwp: float,
                                  tariff_code: str) -> Tuple[Optional[Installation], Optional[str]]:
    """Commission an installation: the panels are live today, registered on an export tariff, with an opening reading
    of nought.

    :param token: the session token
    :param installation_id: the installation
    :param kwp: the capacity installed, in kWp
    :param tariff_code: the export tariff's code
    :returns: ``(installation, None)``: the installation, ``live``; or ``(None, why)``
    """
    _, err = _session(state, token, "technical")
    if err:
        return None, err
    s, err = _get_site(state, installation_id)
    if err:
        return None, err
    t = TARIFFS.get(tariff_code) if isinstance(tariff_code, str) else None
    if t is None:
        return None, f"no tariff {tariff_code!r}"
    if not t[2]:
        return None, f"{tariff_code} is closed to new installations"
    if not _number(kwp) or kwp <= 0:
        return None, f"kwp is the capacity installed, not {kwp!r}"
    if s["status"] == "live":
        return None, f"{installation_id} was commissioned on {s['commissioned']}"
    if s["status"] != "agreed":
        return None, f"{installation_id} is {s['status']}; an installation is commissioned under a signed agreement"
    if s["meter"] is None:
        return None, f"{installation_id} has no generation meter; one is fitted before commissioning"
    if s["max_kwp"] is None or kwp > s["max_kwp"]:
        return None, f"the survey allows {s['max_kwp']} kWp on {s['host']}'s roof, not {kwp}"
    s.update({"status": "live", "kwp": float(kwp), "tariff": tariff_code, "commissioned": TODAY})
    rid = f"RD-{_next(state, 'reading')}"
    state.readings[rid] = [installation_id, TODAY, 0.0, 0.0, "site_visit", False]
    return _installation(state, installation_id), None


async def installations(state: State, token: str, status: Optional[InstallationStatus] = None,
                        host: Optional[str] = None) -> Tuple[Optional[List[InstallationRow]], Optional[str]]:
    """The installations and proposed sites, in installation id order.

    :param token: the session token
    :param status: only those ``proposed``, ``surveyed``, ``unsuitable``, ``agreed``, ``live`` or ``cancelled``
    :param host: only hosts whose name contains this
    :returns: ``(installations, None)``: each one's ``installation_id``, ``host``, ``postcode``, ``status`` and
        ``kwp``; or ``(None, why)``
    """
    _, err = _session(state, token)
    if err:
        return None, err
    want = _value(status)
    if want is not None and want not in [s.value for s in InstallationStatus]:
        return None, f"status is proposed, surveyed, unsuitable, agreed, live or cancelled, not {want!r}"
    return [InstallationRow(installation_id=sid, host=s["host"], postcode=s["postcode"], status=s["status"],
                            kwp=s["kwp"])
            for sid, s in sorted(state.sites.items())
            if (want is None or s["status"] == want)
            and (_blank(host) or host.strip().lower() in s["host"].lower())], None


async def installation_detail(state: State, token: str,
                              installation_id: str) -> Tuple[Optional[Installation], Optional[str]]:
    """One installation in full.

    :param token: the session token
    :param installation_id: the installation
    :returns: ``(installation, None)``: its host, address, contact, roof, status, surveyed and installed capacity,
        agreement, meter, tariff and commissioning date, with ``readings`` as rows of ``[reading_id, read_on,
        generation_kwh, export_kwh, source]``, ``claims`` as rows of ``[claim_id, export_kwh, amount, status]`` and
        ``invoices`` as rows of ``[invoice_id, kwh_used, amount, status]``; or ``(None, why)``
    """
    _, err = _session(state, token)
    if err:
        return None, err
    _, err = _get_site(state, installation_id)
    if err:
        return None, err
    return _installation(state, installation_id), None


async def cancel_site(state: State, token: str, installation_id: str,
                      reason: str) -> Tuple[Optional[str], Optional[str]]:
    """Drop a site that will not go ahead (before it is commissioned); a meter fitted goes back to the store.

    :param token: the session token
    :param installation_id: the installation
    :param reason: why
    :returns: ``(sentence, None)`` naming the installation; or ``(None, why)``
    """
    _, err = _session(state, token, "technical")
    if err:
        return None, err
    s, err = _get_site(state, installation_id)
    if err:
        return None, err
    if _blank(reason):
        return None, "reason is required"
    if s["status"] == "cancelled":
        return None, f"{installation_id} is cancelled already"
    if s["status"] == "live":
        return None, f"{installation_id} is live; a commissioned installation is not cancelled"
    if s["meter"] is not None:
        state.meters[s["meter"]] = None
        s["meter"] = None
    s.update({"status": "cancelled", "note": reason.strip()})
    return f"Site {installation_id} ({s['host']}) cancelled.", None


# --------------------------------------------------------------------------- readings


async def record_reading(state: State, token: str, installation_id: str, generation_kwh: float, export_kwh: float,
                         read_on: str, source: ReadingSource) -> Tuple[Optional[Reading], Optional[str]]:
    """Record a reading of a live installation's generation and export meters.

    :param token: the session token
    :param installation_id: the installation
    :param generation_kwh: the generation meter's register, in kWh
    :param export_kwh: the export meter's register, in kWh
    :param read_on: the date read (YYYY-MM-DD)
    :param source: ``site_visit``, ``host_photo`` or ``remote_logger``
    :returns: ``(reading, None)``: the reading with a new ``reading_id`` and what was generated and exported since
        the last one; or ``(None, why)``
    """
    _, err = _session(state, token, "readings", "technical")
    if err:
        return None, err
    s, err = _get_site(state, installation_id)
    if err:
        return None, err
    src = _value(source)
    if src not in [x.value for x in ReadingSource]:
        return None, f"source is site_visit, host_photo or remote_logger, not {src!r}"
    day = _date(read_on)
    if day is None or day > TODAY:
        return None, f"{read_on!r} is not a date read (YYYY-MM-DD, not after today)"
    if not _number(generation_kwh) or not _number(export_kwh) or generation_kwh < 0 or export_kwh < 0:
        return None, "generation_kwh and export_kwh are meter registers in kWh"
    if s["status"] != "live":
        return None, f"{installation_id} is {s['status']}; readings are taken from a live installation"
    ours = _live_readings(state, installation_id)
    last = state.readings[ours[-1]] if ours else None
    if last is not None:
        if day < last[1]:
            return None, f"the last reading of {installation_id} was on {last[1]}; readings are recorded in order"
        if generation_kwh < last[2] or export_kwh < last[3]:
            return None, (f"the last reading was {last[2]} generated and {last[3]} exported; meters do not run "
                          f"backwards, so check the digits")
        if generation_kwh == last[2] and export_kwh == last[3]:
            return None, f"that is the reading of {last[1]} already"
        if export_kwh - last[3] > generation_kwh - last[2]:
            return None, "more was exported than generated since the last reading; check which meter is which"
    rid = f"RD-{_next(state, 'reading')}"
    state.readings[rid] = [installation_id, day, float(generation_kwh), float(export_kwh), src, False]
    return _reading(state, rid), None


async def readings(state: State, token: str, installation_id: str,
                   since: Optional[str] = None) -> Tuple[Optional[List[List[Any]]], Optional[str]]:
    """An installation's meter readings, oldest first.

    :param token: the session token
    :param installation_id: the installation
    :param since: only readings on or after this date (YYYY-MM-DD)
    :returns: ``(rows, None)``: rows of ``[reading_id, read_on, generation_kwh, export_kwh, source]``; or ``(None,
        why)``
    """
    _, err = _session(state, token)
    if err:
        return None, err
    _, err = _get_site(state, installation_id)
    if err:
        return None, err
    if since is not None and _date(since) is None:
        return None, f"{since!r} is not a date (YYYY-MM-DD)"
    return [[rid, r[1], r[2], r[3], r[4]] for rid in _live_readings(state, installation_id)
            for r in [state.readings[rid]] if since is None or r[1] >= since], None


async def void_reading(state: State, token: str, reading_id: str, reason: str) -> Tuple[Optional[str], Optional[str]]:
    """Void a misread reading: the latest of its installation, not yet claimed or invoiced.

    :param token: the session token
    :param reading_id: the reading
    :param reason: what was wrong with it
    :returns: ``(sentence, None)`` naming the reading; or ``(None, why)``
    """
    _, err = _session(state, token, "readings", "technical")
    if err:
        return None, err
    r = state.readings.get(reading_id) if isinstance(reading_id, str) else None
    if r is None:
        return None, f"no reading {reading_id}"
    if _blank(reason):
        return None, "reason is required"
    if r[5]:
        return None, f"{reading_id} is void already"
    if _live_readings(state, r[0])[-1] != reading_id:
        return None, f"{reading_id} is not the latest reading of {r[0]}; only the latest is voided"
    if any(reading_id in (c[2], c[3]) for c in state.claims.values()) or any(
            reading_id in (i[1], i[2]) for i in state.invoices.values()):
        return None, f"{reading_id} has been claimed or invoiced on"
    if r[2] == 0.0 and r[3] == 0.0:
        return None, f"{reading_id} is {r[0]}'s opening reading"
    r[5] = True
    return f"Reading {reading_id} of {r[0]} ({r[1]}) voided.", None


# --------------------------------------------------------------------------- export claims and host invoices


async def submit_export_claim(state: State, token: str,
                              installation_id: str) -> Tuple[Optional[ExportClaim], Optional[str]]:
    """Claim from the supplier for what a live installation has exported since its last claim, up to its latest
    reading, at its tariff's rate.

    :param token: the session token
    :param installation_id: the installation
    :returns: ``(claim, None)``: the claim with a new ``claim_id``, ``submitted``; or ``(None, why)``
    """
    _, err = _session(state, token, "treasurer")
    if err:
        return None, err
    s, err = _get_site(state, installation_id)
    if err:
        return None, err
    if s["status"] != "live":
        return None, f"{installation_id} is {s['status']}; claims are made for live installations"
    ours = _live_readings(state, installation_id)
    start = _last_billed(state, state.claims, installation_id, 3) or ours[0]
    end = ours[-1]
    if end == start:
        return None, (f"no reading of {installation_id} since {state.readings[start][1]}, where the last claim "
                      f"ended; take a reading first")
    kwh = round(state.readings[end][3] - state.readings[start][3], 1)
    cid = f"EC-{_next(state, 'claim')}"
    state.claims[cid] = [installation_id, s["tariff"], start, end, kwh,
                         round(kwh * TARIFFS[s["tariff"]][1] / 100, 2), "submitted"]
    return _claim(state, cid), None


async def export_claims(state: State, token: str, installation_id: Optional[str] = None,
                        unpaid_only: bool = False) -> Tuple[Optional[List[ExportClaim]], Optional[str]]:
    """The export claims, in claim id order.

    :param token: the session token
    :param installation_id: only this installation's
    :param unpaid_only: only those the supplier has not paid
    :returns: ``(claims, None)``: each claim's ``claim_id``, ``installation_id``, ``tariff``, period, ``export_kwh``,
        ``amount`` and ``status``; or ``(None, why)``
    """
    _, err = _session(state, token, "treasurer")
    if err:
        return None, err
    return [_claim(state, cid) for cid, c in sorted(state.claims.items())
            if (installation_id is None or c[0] == installation_id)
            and (not unpaid_only or c[6] == "submitted")], None


async def record_export_payment(state: State, token: str, claim_id: str,
                                amount: float) -> Tuple[Optional[ExportClaim], Optional[str]]:
    """Record the supplier's payment of an export claim, as it shows on the bank statement.

    :param token: the session token
    :param claim_id: the claim
    :param amount: the pounds received
    :returns: ``(claim, None)``: the claim, ``paid``; or ``(None, why)``
    """
    _, err = _session(state, token, "treasurer")
    if err:
        return None, err
    c = state.claims.get(claim_id) if isinstance(claim_id, str) else None
    if c is None:
        return None, f"no export claim {claim_id}"
    if c[6] == "paid":
        return None, f"{claim_id} is paid already"
    if not _number(amount) or abs(amount - c[5]) > 0.005:
        return None, f"{claim_id} is for {c[5]:.2f}; a short or over payment is queried with the supplier first"
    c[6] = "paid"
    return _claim(state, claim_id), None


async def invoice_host(state: State, token: str, installation_id: str) -> Tuple[Optional[HostInvoice], Optional[str]]:
    """Invoice a host for the electricity it used on site (generated less exported) since its last invoice, up to the
    latest reading, at its agreed rate.

    :param token: the session token
    :param installation_id: the installation
    :returns: ``(invoice, None)``: the invoice with a new ``invoice_id``, ``unpaid``; or ``(None, why)``
    """
    _, err = _session(state, token, "treasurer")
    if err:
        return None, err
    s, err = _get_site(state, installation_id)
    if err:
        return None, err
    if s["status"] != "live":
        return None, f"{installation_id} is {s['status']}; hosts are invoiced for live installations"
    ours = _live_readings(state, installation_id)
    start = _last_billed(state, state.invoices, installation_id, 2) or ours[0]
    end = ours[-1]
    if end == start:
        return None, (f"no reading of {installation_id} since {state.readings[start][1]}, where the last invoice "
                      f"ended; take a reading first")
    a, b = state.readings[start], state.readings[end]
    kwh = round((b[2] - a[2]) - (b[3] - a[3]), 1)
    iid = f"HI-{_next(state, 'invoice')}"
    state.invoices[iid] = [installation_id, start, end, kwh, s["ppa"], round(kwh * s["ppa"] / 100, 2), "unpaid"]
    return _invoice(state, iid), None


async def record_host_payment(state: State, token: str, invoice_id: str, amount: float,
                              method: HostMethod) -> Tuple[Optional[HostInvoice], Optional[str]]:
    """Record a host's payment of its invoice in full.

    :param token: the session token
    :param invoice_id: the invoice
    :param amount: the pounds paid
    :param method: ``bacs`` or ``cheque``
    :returns: ``(invoice, None)``: the invoice, ``paid``; or ``(None, why)``
    """
    _, err = _session(state, token, "treasurer")
    if err:
        return None, err
    i = state.invoices.get(invoice_id) if isinstance(invoice_id, str) else None
    if i is None:
        return None, f"no host invoice {invoice_id}"
    if method not in ("bacs", "cheque"):
        return None, f"method is bacs or cheque, not {method!r}"
    if i[6] == "paid":
        return None, f"{invoice_id} is paid already"
    if not _number(amount) or abs(amount - i[5]) > 0.005:
        return None, f"{invoice_id} is for {i[5]:.2f}, not {amount!r}"
    i[6] = "paid"
    return _invoice(state, invoice_id), None


# --------------------------------------------------------------------------- the AGM


async def propose_motion(state: State, token: str, title: str, text: str, kind: MotionKind, proposer_id: str,
                         seconder_id: str) -> Tuple[Optional[Motion], Optional[str]]:
    """Table a members' motion for the AGM, proposed and seconded by two members.

    :param token: the session token
    :param title: a short title
    :param text: the wording of the resolution
    :param kind: ``ordinary`` (a simple majority) or ``special`` (three quarters of the votes cast)
    :param proposer_id: the member proposing it
    :param seconder_id: the member seconding it
    :returns: ``(motion, None)``: the motion with a new ``motion_id``, ``tabled``; or ``(None, why)``
    """
    _, err = _session(state, token, "secretary")
    if err:
        return None, err
    if _blank(title) or _blank(text):
        return None, "title and text are required"
    if kind not in ("ordinary", "special"):
        return None, f"kind is ordinary or special, not {kind!r}"
    for mid in (proposer_id, seconder_id):
        m, err = _get_member(state, mid)
        if err:
            return None, err
        if m["status"] != "member":
            return None, f"{m['name']} is a {m['status']}; motions are proposed and seconded by members"
    if proposer_id == seconder_id:
        return None, "a motion is seconded by a second member"
    for mid, m in state.motions.items():
        if m["title"].lower() == title.strip().lower() and m["status"] != "withdrawn":
            return None, f"{mid} has that title already"
    mid = f"MOT-{_next(state, 'motion')}"
    state.motions[mid] = {"title": title.strip(), "kind": kind, "text": text.strip(), "proposer": proposer_id,
                          "seconder": seconder_id, "status": "tabled", "interest": None}
    return _motion(state, mid), None


async def withdraw_motion(state: State, token: str, motion_id: str, reason: str) -> Tuple[Optional[str], Optional[str]]:
    """Withdraw a motion at its proposer's request, before the vote on it opens.

    :param token: the session token
    :param motion_id: the motion
    :param reason: why
    :returns: ``(sentence, None)`` naming the motion; or ``(None, why)``
    """
    _, err = _session(state, token, "secretary")
    if err:
        return None, err
    m, err = _get_motion(state, motion_id)
    if err:
        return None, err
    if _blank(reason):
        return None, "reason is required"
    if m["status"] == "withdrawn":
        return None, f"{motion_id} is withdrawn already"
    if m["status"] != "tabled":
        return None, f"{motion_id} is {m['status']}; a motion is withdrawn before the vote opens"
    m["status"] = "withdrawn"
    return f"Motion {motion_id} ({m['title']}) withdrawn.", None


async def register_attendance(state: State, token: str, member_id: str, mode: Attendance,
                              proxy_name: Optional[str] = None) -> Tuple[Optional[AttendanceRecord], Optional[str]]:
    """Register a member at the AGM and hand them a voting card.

    :param token: the session token
    :param member_id: the member
    :param mode: ``in_person``, ``online`` or ``proxy``
    :param proxy_name: who holds the member's proxy (for ``proxy``)
    :returns: ``(attendance, None)``: the member, how they attend and their ``voting_card`` number; or ``(None,
        why)``
    """
    _, err = _session(state, token, "secretary", "membership")
    if err:
        return None, err
    m, err = _get_member(state, member_id)
    if err:
        return None, err
    if mode not in ("in_person", "online", "proxy"):
        return None, f"mode is in_person, online or proxy, not {mode!r}"
    if mode == "proxy" and _blank(proxy_name):
        return None, "proxy_name is required for a proxy"
    if m["status"] != "member":
        return None, f"{m['name']} is a {m['status']}; only members attend and vote"
    if member_id in state.attendance:
        return None, f"{m['name']} is registered already (card {state.attendance[member_id][1]})"
    card = _next(state, "card")
    state.attendance[member_id] = [mode, card]
    return AttendanceRecord(member_id=member_id, name=m["name"], mode=mode, voting_card=card), None


async def open_voting(state: State, token: str, motion_id: str) -> Tuple[Optional[Motion], Optional[str]]:
    """Open the vote on a tabled motion, once it has been moved and debated.

    :param token: the session token
    :param motion_id: the motion
    :returns: ``(motion, None)``: the motion, ``voting``; or ``(None, why)``
    """
    _, err = _session(state, token, "secretary")
    if err:
        return None, err
    m, err = _get_motion(state, motion_id)
    if err:
        return None, err
    if m["status"] != "tabled":
        return None, f"{motion_id} is {m['status']}; the vote opens on a tabled motion"
    m["status"] = "voting"
    state.votes[motion_id] = {}
    return _motion(state, motion_id), None


async def cast_vote(state: State, token: str, motion_id: str, member_id: str,
                    vote: Vote) -> Tuple[Optional[str], Optional[str]]:
    """Record a registered member's vote on a motion that is open for voting (one member, one vote).

    :param token: the session token
    :param motion_id: the motion
    :param member_id: the member
    :param vote: ``for``, ``against`` or ``abstain``
    :returns: ``(sentence, None)`` naming the motion, the member's card and the vote; or ``(None, why)``
    """
    _, err = _session(state, token, "secretary")
    if err:
        return None, err
    mo, err = _get_motion(state, motion_id)
    if err:
        return None, err
    m, err = _get_member(state, member_id)
    if err:
        return None, err
    if vote not in ("for", "against", "abstain"):
        return None, f"vote is for, against or abstain, not {vote!r}"
    if mo["status"] != "voting":
        return None, f"{motion_id} is {mo['status']}; votes are cast while the vote is open"
    if member_id not in state.attendance:
        return None, f"{m['name']} is not registered at the meeting; members vote with their voting card"
    if member_id in state.votes[motion_id]:
        return None, f"{m['name']} has voted on {motion_id} already"
    state.votes[motion_id][member_id] = vote
    return f"Vote {vote} on {motion_id} recorded for {m['name']} (card {state.attendance[member_id][1]}).", None


async def close_voting(state: State, token: str, motion_id: str) -> Tuple[Optional[MotionResult], Optional[str]]:
    """Close the vote on a motion and declare the result.

    :param token: the session token
    :param motion_id: the motion
    :returns: ``(result, None)``: the votes for and against, the abstentions and the ``result`` (carried or lost);
        or ``(None, why)``
    """
    _, err = _session(state, token, "secretary")
    if err:
        return None, err
    m, err = _get_motion(state, motion_id)
    if err:
        return None, err
    if m["status"] != "voting":
        return None, f"{motion_id} is {m['status']}; only an open vote is closed"
    cast = list(state.votes[motion_id].values())
    if not cast:
        return None, f"no votes have been cast on {motion_id}; the vote stays open"
    yes, no, abstain = cast.count("for"), cast.count("against"), cast.count("abstain")
    carried = yes * 4 >= (yes + no) * 3 if m["kind"] == "special" else yes > no
    m["status"] = "carried" if carried else "lost"
    return MotionResult(motion_id=motion_id, title=m["title"], kind=m["kind"], votes_for=yes, votes_against=no,
                        abstentions=abstain, result=m["status"]), None


async def pay_interest(state: State, token: str, member_id: str) -> Tuple[Optional[float], Optional[str]]:
    """Pay a member the share interest the AGM has voted for, on the shares they held at the year end.

    :param token: the session token
    :param member_id: the member
    :returns: ``(amount, None)``: the pounds paid to the member's bank account; or ``(None, why)``
    """
    _, err = _session(state, token, "treasurer")
    if err:
        return None, err
    m, err = _get_member(state, member_id)
    if err:
        return None, err
    rate = next((mo["interest"] for mo in state.motions.values()
                 if mo["interest"] is not None and mo["status"] == "carried"), None)
    if rate is None:
        return None, "no interest resolution has been carried at the AGM; interest is paid as the members vote it"
    if any(i[0] == member_id and i[2] == "2033-34" for i in state.interest):
        return None, f"{m['name']}'s interest for 2033-34 is paid already"
    held = _shares(state, member_id, YEAR_END)
    if held <= 0:
        return None, f"{m['name']} held no shares at {YEAR_END}"
    if m["bank"] is None:
        return None, f"no bank details on file for {m['name']}; the treasurer records them before paying"
    amount = round(held * SHARE_PRICE * rate / 100, 2)
    state.interest.append([member_id, TODAY, "2033-34", amount])
    return amount, None


TOOLS = [
    sign_in, sign_out, share_offers, tariffs, agm_motions, find_member, apply_membership, update_member,
    member_statement, message_member, record_bank_details, buy_shares, admit_member, request_withdrawal, withdrawals,
    approve_withdrawal, cancel_withdrawal, register_site, survey_roof, sign_host_agreement, meter_stock, fit_meter,
    commission_installation, installations, installation_detail, cancel_site, record_reading, readings, void_reading,
    submit_export_claim, export_claims, record_export_payment, invoice_host, record_host_payment, propose_motion,
    withdraw_motion, register_attendance, open_voting, cast_vote, close_voting, pay_interest,
]

FIXTURES = {
    "cooperative": {"name": "Tanwell Community Energy, a community benefit society, office at the Tanwell Institute",
                    "today": "Thursday 21 September 2034 at nine in the morning; the annual general meeting is at "
                             "seven tonight at the Tanwell Institute"},
    "staff": [
        {"name": "Ruth Mallinson", "role": "membership secretary", "username": "ruth.m",
         "password": "Share-Ledger-100"},
        {"name": "Anwen Prothero", "role": "treasurer", "username": "anwen.p", "password": "Balance-Sheet-34"},
        {"name": "Tomasz Kaczmarek", "role": "technical officer", "username": "tomasz.w", "password": "Inverter-Fan-7"},
        {"name": "Hattie Gledhill", "role": "meter reader (volunteer)", "username": "hattie.s",
         "password": "Meter-Torch-21"},
        {"name": "Clem Ormerod", "role": "company secretary", "username": "clem.f", "password": "Minute-Book-9"},
        {"name": "Colin Birtwistle", "role": "chair", "username": "colin.b", "password": "Tanwell-Sun-2011"},
    ],
    "new_member": {"name": "Ms Bryony Ackroyd", "email": "bryony.ackroyd@example.com", "phone": "07700 961204",
                   "address": "3 Mill Row, Tanwell", "postcode": "TW2 1QF", "date_of_birth": "1991-05-17",
                   "investment": "500 pounds in the Community Buildings Solar share offer, by bank transfer",
                   "bank": {"account_name": "Ms B Ackroyd", "sort_code": "40-11-62", "account_number": "31926640"},
                   "wants": "to be admitted today and to vote in person at tonight's AGM"},
    "new_site": {"host": "1st Tanwell Scout Group", "address": "Scout Hut, Bridge Lane, Tanwell",
                 "postcode": "TW3 4BL", "contact": "Mr Huw Pennant, group scout leader, huw.pennant@example.org",
                 "roof": "metal sheet",
                 "survey": "suitable for up to 9.5 kWp; sound purlins, no shading from the south",
                 "agreement": "12 pence per kWh for 20 years",
                 "installation": "8.2 kWp, on the community generator export tariff"},
    "notes": [
        "Mrs Ivy Chen's share payment has cleared; the board admitted her at its last meeting",
        "Mr Frank Nuttall is moving into a care home and wants his withdrawal paid",
        "Mr Rohan Iyer has sent his bank details for his share interest",
        "Hattie read St Bride's Church Hall's meters yesterday",
        "The supplier's remittance for St Bride's export claim came in this morning",
        "Mr Oliver Brindley wants to buy enough shares to become a member",
    ],
}

# --------------------------------------------------------------------------- the designed prerequisites

_TOKEN = "auth: session token (token of sign_in's reply)"
PUBLIC = ("sign_in", "share_offers", "tariffs", "agm_motions")
TOKEN_CONSUMERS = [t.__name__ for t in TOOLS if t.__name__ not in PUBLIC]
MEMBER_CONSUMERS = ["update_member", "member_statement", "message_member", "record_bank_details", "buy_shares",
                    "admit_member", "propose_motion", "register_attendance", "cast_vote"]
SITE_CONSUMERS = ["survey_roof", "sign_host_agreement", "fit_meter", "commission_installation", "installation_detail",
                  "cancel_site", "record_reading", "readings", "submit_export_claim", "invoice_host"]
MOTION_CONSUMERS = ["withdraw_motion", "open_voting", "cast_vote", "close_voting"]
_MEMBER = "id lookup/create: member (member_id of apply_membership, or of a find_member row)"
_OLD_MEMBER = "id lookup: a member of three years or more (a find_member row's member_id)"
_YEAR_END_MEMBER = "id lookup: a member who held shares at the year end (a find_member row's member_id)"
_SITE = "id lookup/create: installation (installation_id of register_site, or of an installations row)"
_MOTION = "id lookup/create: motion (motion_id of propose_motion, or of an agm_motions entry)"

GROUND_TRUTH = (
    [("sign_in", c, _TOKEN) for c in TOKEN_CONSUMERS]
    + [("apply_membership|find_member", c, _MEMBER) for c in MEMBER_CONSUMERS]
    + [("find_member", "request_withdrawal", _OLD_MEMBER), ("find_member", "pay_interest", _YEAR_END_MEMBER)]
    + [("register_site|installations", c, _SITE) for c in SITE_CONSUMERS]
    + [("propose_motion|agm_motions", c, _MOTION) for c in MOTION_CONSUMERS]
    + [("request_withdrawal|withdrawals", c,
        "id lookup/create: withdrawal (a withdrawal_id in request_withdrawal's or withdrawals' rows)")
       for c in ("approve_withdrawal", "cancel_withdrawal")]
    + [
        ("share_offers", "buy_shares", "vocabulary: share offer codes (code of a share_offers entry)"),
        ("tariffs", "commission_installation", "vocabulary: export tariff codes (code of a tariffs entry)"),
        ("meter_stock", "fit_meter", "id lookup: a meter in the store (a meter_stock serial)"),
        ("record_reading|readings", "void_reading",
         "id lookup/create: reading (reading_id of record_reading, or of a readings row)"),
        ("submit_export_claim|export_claims", "record_export_payment",
         "id lookup/create: export claim (claim_id of submit_export_claim, or of an export_claims entry)"),
        ("invoice_host|installation_detail", "record_host_payment",
         "id lookup/create: host invoice (invoice_id of invoice_host, or of an installation_detail invoices row)"),
        ("buy_shares", "admit_member", "shares: the minimum holding paid for"),
        ("admit_member", "propose_motion", "membership: the proposer admitted"),
        ("admit_member", "register_attendance", "membership: the member admitted"),
        ("record_bank_details", "approve_withdrawal", "vetting: bank details on file"),
        ("record_bank_details", "pay_interest", "vetting: bank details on file"),
        ("survey_roof", "sign_host_agreement", "state: the roof surveyed as suitable"),
        ("sign_host_agreement", "fit_meter", "state: the host agreement signed"),
        ("sign_host_agreement", "commission_installation", "state: the host agreement signed"),
        ("fit_meter", "commission_installation", "state: a generation meter fitted"),
        ("commission_installation", "record_reading", "state: the installation live"),
        ("record_reading", "submit_export_claim", "state: a reading since the last claim"),
        ("record_reading", "invoice_host", "state: a reading since the last invoice"),
        ("open_voting", "cast_vote", "meeting: the vote open"),
        ("register_attendance", "cast_vote", "meeting: the member registered at the meeting"),
        ("cast_vote", "close_voting", "meeting: votes cast"),
        ("close_voting", "pay_interest", "meeting: the interest resolution carried"),
    ]
)

_DESIGNED = {(p, c) for ps, c, _ in GROUND_TRUTH for p in ps.split("|")}
_MEMBER_CHANGES = ("apply_membership", "update_member", "record_bank_details", "buy_shares", "admit_member",
                   "approve_withdrawal", "register_attendance", "pay_interest")
_SITE_CHANGES = ("register_site", "survey_roof", "sign_host_agreement", "fit_meter", "commission_installation",
                 "cancel_site", "record_reading", "void_reading", "submit_export_claim", "record_export_payment",
                 "invoice_host", "record_host_payment")
PLAUSIBLE = (
    # ids and codes shown in other lists and records: members on a statement, the withdrawals and an attendance;
    # installations on a reading, a claim and an installation's record; readings and claims on an installation's
    # record; motions as the votes open and close; share offers on a statement; tariffs on a record and the claims
    {(p, c) for p in ("member_statement", "withdrawals", "request_withdrawal", "register_attendance")
     for c in MEMBER_CONSUMERS + ["request_withdrawal", "pay_interest"]}
    | {("apply_membership", "request_withdrawal"), ("apply_membership", "pay_interest")}
    | {(p, c) for p in ("installation_detail", "export_claims", "record_reading") for c in SITE_CONSUMERS}
    | {("installation_detail", "void_reading"), ("installation_detail", "record_export_payment")}
    | {(p, c) for p in ("open_voting", "close_voting") for c in MOTION_CONSUMERS}
    | {("member_statement", "buy_shares"), ("installation_detail", "commission_installation"),
       ("export_claims", "commission_installation")}
    # one step further along the designed chains (two designed pairs in a row, and real in the proofs: the later
    # call fails when the earlier one is dropped)
    | {
        ("admit_member", "cast_vote"), ("agm_motions", "pay_interest"), ("buy_shares", "propose_motion"),
        ("buy_shares", "register_attendance"), ("cast_vote", "pay_interest"),
        ("commission_installation", "invoice_host"),
        ("commission_installation", "submit_export_claim"), ("commission_installation", "void_reading"),
        ("find_member", "approve_withdrawal"), ("find_member", "cancel_withdrawal"), ("find_member", "close_voting"),
        ("find_member", "open_voting"), ("find_member", "withdraw_motion"), ("fit_meter", "record_reading"),
        ("installations", "record_host_payment"), ("installations", "void_reading"),
        ("meter_stock", "commission_installation"), ("open_voting", "close_voting"),
        ("record_reading", "record_export_payment"), ("record_reading", "record_host_payment"),
        ("register_attendance", "close_voting"), ("register_site", "record_export_payment"),
        ("register_site", "record_host_payment"), ("register_site", "void_reading"), ("share_offers", "admit_member"),
        ("sign_host_agreement", "record_reading"), ("survey_roof", "commission_installation"),
        ("survey_roof", "fit_meter"), ("tariffs", "record_reading"),
    }
    # a record created or changed, then seen in the lists and records that show it
    | {(p, c) for p in _MEMBER_CHANGES for c in ("find_member", "member_statement")}
    | {(p, c) for p in ("request_withdrawal", "approve_withdrawal", "cancel_withdrawal")
       for c in ("withdrawals", "member_statement")}
    | {(p, c) for p in _SITE_CHANGES for c in ("installations", "installation_detail")}
    | {(p, c) for p in ("commission_installation", "record_reading", "void_reading") for c in ("readings",)}
    | {(p, "export_claims") for p in ("submit_export_claim", "record_export_payment")}
    | {(p, "agm_motions") for p in ("propose_motion", "withdraw_motion", "open_voting", "close_voting")}
    | {("fit_meter", "meter_stock"), ("cancel_site", "meter_stock"), ("buy_shares", "share_offers"),
       ("approve_withdrawal", "share_offers")}
) - _DESIGNED - {(t.__name__, t.__name__) for t in TOOLS}  # not the designed pairs, nor a tool with itself
