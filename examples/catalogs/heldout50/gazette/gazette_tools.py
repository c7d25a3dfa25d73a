"""Gazette: the back office of the Companies Registry of the Isle of Rennick, an island's registrar of companies
(36 calls).

Plain functions without a decorator, each checking its own session and role and answering its refusals, over an
in-memory ``State`` of the registry on Tuesday 9 June 2054 at 09:30. The contact centre opens presenter accounts for
the accountants and formation agents who file for companies, takes their top-ups (from which the registry takes its
fees), reserves company names, issues a company's authentication code (every filing quotes it) and orders certified
copies of filed documents. Examiners take incorporations from a reserved name to a registered company (articles of
association, a statement of capital, first directors and persons with significant control, each of whom has had
their identity verified and holds a personal code), examine and register or reject them, and take a company's
filings: its registered e-mail address and registered office, directors appointed and leaving, a changed accounting
reference date, the yearly confirmation statement and the accounts, which bring a late filing penalty when they come
after their due date. Finance takes penalty payments. Compliance proposes companies for striking off, records
objections, dissolves a company two months after its first gazette notice, and restores a dissolved company on a
former director's application once its accounts are delivered and its penalties paid. The registrar may make every
call. The SIC codes and the natures of control are public.

Refusals are returned as strings that start ``"Error: "`` (``"Error: 098812C's next accounts are made up to
2053-06-30"``), as in public agent-benchmark back ends; the runtime reads that convention by itself. Inside a call a
refusal is raised as the private ``_Refused`` and answered by the call's own ``try``/``except``.

Annotations are evaluated at definition and spelled with ``typing`` (``Optional[str]``, ``List[str]``,
``List[List[Any]]``, ``Dict[str, Any]``, ``Union[Company, str]``), with ``Literal`` aliases and ``Enum``s. Docstrings
are Google style (``Args:``, ``Returns:``). Replies are pydantic models and lists of them (a session, presenters, a
top-up, a presenter's account with its ledger as rows, a name reservation, incorporations with their capital,
directors and PSCs as rows, an identity verification, an examination, companies, a company's profile with its
officers and filings as rows, an authentication code, an officer, a confirmation statement filed, accounts filed,
penalties, gazette notices, a certified copy order); the SIC codes and the natures of control as bare rows; a bare
value (what is left to pay on a penalty); sentences with an id in them (a director's appointment ended, a company
dissolved, a sign-out). Typed inputs: a plain ``Enum`` input (``IdDocument``), ``str`` ``Enum`` inputs
(``CompanyType``, ``PayMethod``), ``Literal`` inputs (a decision, the kind of accounts, a strike-off's reason) and
``Literal`` filters (incorporations, penalties), ``List[str]`` SIC codes, holders and natures of control,
``List[int]`` shares, ``bool`` answers (model articles, the lawful purpose statement, a former director), ``int``
copies, ``float`` amounts, nominal values, turnover and net assets, ``Optional[str]`` details and filters. Ids look
alike: presenter ``PRS-3301``, name reservation ``NR-1208``, incorporation ``INC-6601``, company ``104417C``, officer
``OF-5502``, filing ``FIL-88107``, penalty ``LFP-4102``, notice ``GN-2214``, certified copy order ``CC-0301``;
personal codes ``PC-8Q3N5K2W``; SIC codes ``43320``; natures of control ``OS-75``. The endings a company name takes,
the words that need the registrar's consent, the island's postcodes for a registered office, the forms of a passport
and a driving licence number, the smallest top-up, a public company's capital, the fees, the one-director rule, the
limits on changing an accounting reference date, the lawful purpose statement, the accounts' types and the
restoration fee are stated only in refusals.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as provider means either
tool satisfies it, and the text of ``what`` before its first ``:`` is the kind.
"""

import datetime
import re
import zlib
from enum import Enum
from typing import Any, Dict, List, Literal, Optional, Tuple, Union

from pydantic import BaseModel

TODAY = "2054-06-09"  # a Tuesday
NOW = "2054-06-09 09:30"
CONTACT = "contact"
EXAMINER = "examiner"
COMPLIANCE = "compliance"
FINANCE = "finance"
REGISTRAR = "registrar"
IncorporationStatus = Literal["draft", "submitted", "registered", "rejected"]
Decision = Literal["register", "reject"]
AccountsType = Literal["micro", "small", "dormant", "full"]
StrikeOffReason = Literal["overdue_filings", "voluntary"]
PenaltyStatus = Literal["unpaid", "paid"]
FEES = {"incorporation": 100.0, "confirmation": 40.0, "copy": 10.0, "restoration": 250.0}
PENALTY_BANDS = [(30, 150.0), (90, 375.0), (180, 750.0)]
PENALTY_TOP = 1500.0
SENSITIVE = ("royal", "bank", "chartered", "institute", "trust", "insurance")
NOTICE_DAYS = 61


class CompanyType(str, Enum):
    PRIVATE_SHARES = "private_shares"
    PRIVATE_GUARANTEE = "private_guarantee"
    PUBLIC = "public"


class IdDocument(Enum):
    PASSPORT = "passport"
    DRIVING_LICENCE = "driving_licence"
    NATIONAL_ID = "national_id"


class PayMethod(str, Enum):
    CARD = "card"
    BANK_TRANSFER = "bank_transfer"
    CHEQUE = "cheque"


SIC_CODES = [  # code, description
    ["01300", "Plant propagation"],
    ["10710", "Manufacture of bread; manufacture of fresh pastry goods and cakes"],
    ["16230", "Manufacture of other builders' carpentry and joinery"],
    ["43320", "Joinery installation"],
    ["47640", "Retail sale of sporting equipment in specialised stores"],
    ["47710", "Retail sale of clothing in specialised stores"],
    ["56101", "Licensed restaurants"],
    ["62012", "Business and domestic software development"],
    ["68209", "Other letting and operating of own or leased real estate"],
    ["70229", "Management consultancy activities other than financial management"],
    ["74100", "Specialised design activities"],
    ["95290", "Repair of other personal and household goods"],
    ["99999", "Dormant company"],
]
SIC = {code for code, _ in SIC_CODES}
CONTROL_NATURES = [  # code, nature of control
    ["OS-25", "Holds more than 25% but not more than 50% of the shares"],
    ["OS-50", "Holds more than 50% but less than 75% of the shares"],
    ["OS-75", "Holds 75% or more of the shares"],
    ["VR-25", "Holds more than 25% but not more than 50% of the voting rights"],
    ["VR-50", "Holds more than 50% but less than 75% of the voting rights"],
    ["VR-75", "Holds 75% or more of the voting rights"],
    ["AD", "Has the right to appoint or remove a majority of the directors"],
    ["SI", "Has significant influence or control"],
]
NATURE = {code for code, _ in CONTROL_NATURES}


# --------------------------------------------------------------------------- replies


class Session(BaseModel):
    token: str
    name: str
    role: str
    signed_in: str


class Presenter(BaseModel):
    presenter_id: str
    firm: str
    contact: str
    email: str
    phone: str
    balance: float


class TopUp(BaseModel):
    presenter_id: str
    firm: str
    paid_in: float
    balance: float


class PresenterAccount(BaseModel):
    presenter_id: str
    firm: str
    balance: float
    ledger: List[List[Any]]


class Reservation(BaseModel):
    reservation_id: str
    name: str
    expires: str


class Incorporation(BaseModel):
    incorporation_id: str
    presenter_id: str
    proposed_name: str
    company_type: str
    registered_office: str
    sic_codes: List[str]
    articles: Optional[str]
    capital: List[List[Any]]
    directors: List[List[str]]
    pscs: List[List[Any]]
    incorporation_status: str
    company_number: Optional[str]


class Identity(BaseModel):
    personal_code: str
    name: str
    date_of_birth: str
    verified_on: str


class Examination(BaseModel):
    incorporation_id: str
    decision: str
    company_number: Optional[str]
    company_name: str
    incorporated_on: Optional[str]


class Company(BaseModel):
    company_number: str
    name: str
    company_type: str
    company_status: str
    incorporated: str
    registered_office: str
    registered_email: Optional[str]
    accounts_made_up_to: str
    accounts_due: str
    confirmation_due: str


class CompanyProfile(Company):
    officers: List[List[Any]]
    filings: List[List[str]]


class AuthCode(BaseModel):
    company_number: str
    auth_code: str
    posted_to: str
    issued_on: str


class Officer(BaseModel):
    officer_id: str
    company_number: str
    name: str
    role: str
    appointed: str


class ConfirmationFiling(BaseModel):
    filing_id: str
    company_number: str
    made_up_to: str
    next_due: str


class AccountsFiling(BaseModel):
    filing_id: str
    company_number: str
    made_up_to: str
    days_late: int
    penalty_id: Optional[str]
    penalty_amount: Optional[float]
    next_made_up_to: str


class Penalty(BaseModel):
    penalty_id: str
    company_number: str
    company: str
    accounts_made_up_to: str
    days_late: int
    amount: float
    paid: float
    penalty_status: str


class Notice(BaseModel):
    notice_id: str
    company_number: str
    company: str
    reason: str
    published: str
    objections_until: str
    objections: int
    notice_status: str


class CopyOrder(BaseModel):
    order_id: str
    company_number: str
    filing_id: str
    copies: int
    fee: float
    dispatch_by: str


def _co(name: str, kind: str, incorporated: str, office: str, ard: str, last_accounts: Optional[str], cs_made_up: str,
        officers: List[str], status: str = "active", email: Optional[str] = None) -> Dict[str, Any]:
    return {"name": name, "type": kind, "incorporated": incorporated, "office": office, "ard": ard,
            "last_accounts": last_accounts, "cs_made_up": cs_made_up, "officers": officers, "status": status,
            "email": email, "auth": None, "ard_extended": None, "dissolved": None}


class State:
    """The Companies Registry of the Isle of Rennick on Tuesday 9 June 2054 at 09:30."""

    def __init__(self) -> None:
        self.staff = {
            "hilarion.p": {"name": "Hilarion Pagnell", "password": "Ledger-Quire-38", "role": CONTACT},
            "wilma.o": {"name": "Wilma Ogundipe", "password": "Memo-Articles-51", "role": EXAMINER},
            "osmund.s": {"name": "Osmund Stanbury", "password": "Notice-Struck-26", "role": COMPLIANCE},
            "thurstan.g": {"name": "Thurstan Gedling", "password": "Penny-Receipt-73", "role": FINANCE},
            "sibylla.h": {"name": "Sibylla Haverfield", "password": "Seal-Register-19", "role": REGISTRAR},
        }
        self.sessions: Dict[str, Dict[str, Any]] = {}
        self.presenters: Dict[str, Dict[str, Any]] = {
            "PRS-3301": {"firm": "Nettleship Quelch LLP", "contact": "Ursell Nettleship",
                         "email": "filings@nettleshipquelch.example", "phone": "01632 960412", "balance": 90.0,
                         "ledger": [["2054-05-02", "top-up", 200.0], ["2054-05-12", "certified copy 104417C", -10.0],
                                    ["2054-05-19", "incorporation INC-6598", -100.0]]},
            "PRS-3302": {"firm": "Quickform Company Services", "contact": "Godwin Atherley",
                         "email": "desk@quickform.example", "phone": "01632 960538", "balance": 1240.0,
                         "ledger": [["2054-06-01", "top-up", 1240.0]]},
            "PRS-3305": {"firm": "Wimbush & Daw", "contact": "Melior Wimbush", "email": "melior@wimbushdaw.example",
                         "phone": "01632 960655", "balance": 0.0, "ledger": []},
        }
        self.reservations: Dict[str, Dict[str, Any]] = {}
        self.companies: Dict[str, Dict[str, Any]] = {
            "104417C": _co("Trevanion Joinery Limited", "private_shares", "2019-03-14",
                           "7 Adzeworth Lane, Rennick RN2 4HT",
                           "2054-03-31", "2053-03-31", "2053-06-20", ["OF-5501", "OF-5502"]),
            "098812C": _co("Larchmere Software Limited", "private_shares", "2016-06-21",
                           "Unit 4, Winch Yard, Rennick RN1 7QS",
                           "2053-06-30", "2052-06-30", "2053-06-21", ["OF-5510"], email="office@larchmere.example"),
            "110236C": _co("Quernstone Loaves Limited", "private_shares", "2053-11-02",
                           "2 Mealmarket, Portskerra RN5 2LD",
                           "2054-11-30", None, "2053-11-02", ["OF-5520", "OF-5521"], email="hello@quernstone.example"),
            "087745C": _co("Egremont Lettings Limited", "private_shares", "2012-02-08",
                           "19 Tithebarn Row, Rennick RN3 9PB",
                           "2052-12-31", "2051-12-31", "2053-02-08", ["OF-5530"], status="proposed_strike_off"),
            "101958C": _co("Oakhanger Consulting Limited", "private_shares", "2017-09-05",
                           "3 Cockatrice Court, Rennick RN1 2AX",
                           "2053-08-31", "2052-08-31", "2053-09-05", ["OF-5540"], email="admin@oakhanger.example"),
            "093304C": _co("Mistley Yarns Limited", "private_guarantee", "2015-04-17",
                           "The Dye Works, Kilbrack RN6 1TW",
                           "2053-04-30", "2052-04-30", "2053-04-17", ["OF-5550"], status="proposed_strike_off"),
            "079961C": _co("Tregaskis Design Limited", "private_shares", "2010-10-11",
                           "11 Lorimers' Walk, Rennick RN2 8EF",
                           "2052-10-31", "2051-10-31", "2052-10-11", ["OF-5560"], status="dissolved"),
        }
        self.companies["079961C"]["dissolved"] = "2053-12-01"
        self.officers: Dict[str, Dict[str, Any]] = {
            "OF-5501": {"company": "104417C", "name": "Kenrick Trevanion", "role": "director",
                        "appointed": "2019-03-14", "resigned": None, "code": "PC-8Q3N5K2W"},
            "OF-5502": {"company": "104417C", "name": "Hawise Trevanion", "role": "director", "appointed": "2019-03-14",
                        "resigned": None, "code": "PC-4T7B9M1R"},
            "OF-5510": {"company": "098812C", "name": "Ishaan Larchmere-Rao", "role": "director",
                        "appointed": "2016-06-21", "resigned": None, "code": "PC-2H6D8V3X"},
            "OF-5520": {"company": "110236C", "name": "Bronagh Quernstone", "role": "director",
                        "appointed": "2053-11-02", "resigned": None, "code": "PC-9L2F4C7Q"},
            "OF-5521": {"company": "110236C", "name": "Umfrey Tolhurst", "role": "director", "appointed": "2053-11-02",
                        "resigned": None, "code": "PC-5W1R3J8N"},
            "OF-5530": {"company": "087745C", "name": "Zuleika Egremont", "role": "director", "appointed": "2012-02-08",
                        "resigned": None, "code": "PC-7M4X2P6H"},
            "OF-5540": {"company": "101958C", "name": "Wulfric Oakhanger", "role": "director",
                        "appointed": "2017-09-05", "resigned": None, "code": "PC-3K8G5T1D"},
            "OF-5550": {"company": "093304C", "name": "Norberta Mistley", "role": "director", "appointed": "2015-04-17",
                        "resigned": None, "code": "PC-6B9Q4L2S"},
            "OF-5560": {"company": "079961C", "name": "Petronel Tregaskis", "role": "director",
                        "appointed": "2010-10-11", "resigned": None, "code": "PC-1V5N7C9K"},
        }
        self.filings: Dict[str, List[Any]] = {  # id: [company, form, description, date]
            "FIL-88102": ["104417C", "AA", "Accounts made up to 2053-03-31 (micro)", "2054-01-20"],
            "FIL-88107": ["104417C", "CS01", "Confirmation statement made up to 2053-06-20", "2053-06-24"],
            "FIL-88110": ["098812C", "AA", "Accounts made up to 2052-06-30 (small)", "2053-03-02"],
            "FIL-88113": ["110236C", "IN01", "Incorporation", "2053-11-02"],
            "FIL-88115": ["087745C", "GAZ1", "First notice of proposed strike-off", "2054-03-24"],
            "FIL-88118": ["093304C", "GAZ1", "First notice of proposed strike-off", "2054-05-26"],
        }
        self.identities: Dict[str, Dict[str, Any]] = {  # personal code: who was verified
            "PC-8Q3N5K2W": {"name": "Kenrick Trevanion", "born": "1996-08-30", "verified": "2053-05-02"},
            "PC-4T7B9M1R": {"name": "Hawise Trevanion", "born": "1999-01-12", "verified": "2053-05-02"},
            "PC-2H6D8V3X": {"name": "Ishaan Larchmere-Rao", "born": "2008-04-09", "verified": "2053-06-15"},
            "PC-9L2F4C7Q": {"name": "Bronagh Quernstone", "born": "2015-12-03", "verified": "2053-10-28"},
            "PC-5W1R3J8N": {"name": "Umfrey Tolhurst", "born": "2013-07-21", "verified": "2053-10-28"},
            "PC-7M4X2P6H": {"name": "Zuleika Egremont", "born": "1991-03-15", "verified": "2053-09-01"},
            "PC-3K8G5T1D": {"name": "Wulfric Oakhanger", "born": "2004-11-02", "verified": "2053-09-12"},
            "PC-6B9Q4L2S": {"name": "Norberta Mistley", "born": "1983-05-27", "verified": "2053-04-30"},
            "PC-1V5N7C9K": {"name": "Petronel Tregaskis", "born": "1994-02-19", "verified": "2052-12-01"},
            "PC-2R8T6Y4M": {"name": "Ottavia Cinderford", "born": "2017-09-08", "verified": "2054-06-02"},
            "PC-7D3J9W5B": {"name": "Ambrosia Rundle", "born": "1986-06-30", "verified": "2054-05-14"},
        }
        self.incorporations: Dict[str, Dict[str, Any]] = {
            "INC-6598": {"presenter": "PRS-3301", "name": "Orache Plant Nursery Limited", "type": "private_shares",
                         "office": "Glasshouse Farm, Kilbrack RN6 4NE", "sic": ["01300"], "articles": "model",
                         "capital": [["Ambrosia Rundle", 100, 1.0]], "directors": [["Ambrosia Rundle",
                                                                                        "PC-7D3J9W5B"]],
                         "pscs": [["Ambrosia Rundle", "PC-7D3J9W5B", ["OS-75", "VR-75", "AD"]]],
                         "status": "submitted", "submitted": "2054-05-19", "company": None},
            "INC-6601": {"presenter": "PRS-3302", "name": "Cinderford Studio Limited", "type": "private_shares",
                         "office": "Loft 2, Hawser Wharf, Rennick RN1 5DU", "sic": ["74100"], "articles": "model",
                         "capital": [["Ottavia Cinderford", 1, 1.0]],
                         "directors": [["Ottavia Cinderford", "PC-2R8T6Y4M"]], "pscs": [], "status": "draft",
                         "submitted": None, "company": None},
        }
        self.penalties: Dict[str, Dict[str, Any]] = {
            "LFP-4102": {"company": "079961C", "made_up_to": "2051-10-31", "days_late": 212, "amount": 1500.0,
                         "paid": 0.0, "raised": "2053-01-29"},
            "LFP-4107": {"company": "104417C", "made_up_to": "2053-03-31", "days_late": 20, "amount": 150.0,
                         "paid": 150.0, "raised": "2054-01-20"},
        }
        self.notices: Dict[str, Dict[str, Any]] = {
            "GN-2207": {"company": "087745C", "reason": "overdue_filings", "published": "2054-03-24",
                        "objections": [], "status": "first_notice"},
            "GN-2214": {"company": "093304C", "reason": "overdue_filings", "published": "2054-05-26",
                        "objections": [], "status": "first_notice"},
        }
        self.copies: List[List[Any]] = []
        self.counters = {"presenter": 3306, "reservation": 1208, "incorporation": 6602, "company": 112905,
                         "officer": 5561, "filing": 88119, "penalty": 4108, "notice": 2215, "copy": 301}


# --------------------------------------------------------------------------- refusals and the session check
class _Refused(Exception):
    """A refusal inside a call; the call answers it as an ``"Error: ..."`` string."""


def _session(state: Any, token: Any, roles: Tuple[str, ...] = ()) -> Dict[str, Any]:
    session = state.sessions.get(token) if isinstance(token, str) and state is not None else None
    if session is None:
        raise _Refused("not signed in, or the session has ended; sign in first")
    if roles and session["role"] != REGISTRAR and session["role"] not in roles:
        raise _Refused(f"{session['name']} ({session['role']}) may not do this")
    return session


def _next(state: State, kind: str) -> int:
    n = state.counters[kind]
    state.counters[kind] = n + 1
    return n


def _blank(value: Any) -> bool:
    return not isinstance(value, str) or not value.strip()


def _get(table: Dict[str, Any], key: Any, what: str) -> Any:
    row = table.get(key) if isinstance(key, str) else None
    if row is None:
        raise _Refused(f"no {what} {key!r}")
    return row


def _date(value: Any, name: str) -> str:
    try:
        return datetime.date.fromisoformat(value).isoformat()
    except (TypeError, ValueError):
        raise _Refused(f"{name} is a date written YYYY-MM-DD, not {value!r}") from None


def _number(value: Any) -> bool:
    return not isinstance(value, bool) and isinstance(value, (int, float))


def _money(value: Any, name: str) -> float:
    if not _number(value) or value <= 0:
        raise _Refused(f"{name} is an amount above zero, not {value!r}")
    return round(float(value), 2)


def _strings(value: Any, name: str) -> List[str]:
    if not isinstance(value, list) or not value or not all(isinstance(v, str) and v.strip() for v in value):
        raise _Refused(f"{name} is a list of at least one text")
    return [" ".join(v.split()) for v in value]


def _enum(kind: type, value: Any, name: str) -> Any:
    try:
        return value if isinstance(value, kind) else kind(value)
    except ValueError:
        raise _Refused(f"{name} is one of {', '.join(m.value for m in kind)}, not {value!r}") from None


def _choice(value: Any, allowed: Tuple[str, ...], name: str) -> str:
    if value not in allowed:
        raise _Refused(f"{name} is one of {', '.join(allowed)}, not {value!r}")
    return value


def _address(value: Any, name: str) -> str:
    if _blank(value):
        raise _Refused(f"{name} is required")
    text = " ".join(value.split())
    if not re.search(r"\bRN\d{1,2} \d[A-Z]{2}$", text):
        raise _Refused(f"{name} must be in the Isle of Rennick, ending with a postcode that starts RN")
    return text


def _plain(name: str) -> str:
    words = re.sub(r"[^a-z0-9& ]", " ", name.lower()).replace("&", " and ").split()
    return " ".join(w for w in words if w not in ("limited", "ltd", "plc", "the", "and"))


def _month_end(day: str, months: int) -> str:
    d = datetime.date.fromisoformat(day)
    y, m = divmod(d.month - 1 + months, 12)
    first_next = datetime.date(d.year + y + (m + 1) // 12, (m + 1) % 12 + 1, 1)
    return (first_next - datetime.timedelta(days=1)).isoformat()


def _accounts_due(c: Dict[str, Any]) -> str:
    return _month_end(c["ard"], 6 if c["type"] == "public" else 9)


def _cs_due(c: Dict[str, Any]) -> str:
    d = datetime.date.fromisoformat(c["cs_made_up"])
    return (d.replace(year=d.year + 1) + datetime.timedelta(days=14)).isoformat()


def _company(state: State, number: str) -> Company:
    c = state.companies[number]
    return Company(company_number=number, name=c["name"], company_type=c["type"], company_status=c["status"],
                   incorporated=c["incorporated"], registered_office=c["office"], registered_email=c["email"],
                   accounts_made_up_to=c["ard"], accounts_due=_accounts_due(c), confirmation_due=_cs_due(c))


def _incorporation(state: State, iid: str) -> Incorporation:
    i = state.incorporations[iid]
    return Incorporation(incorporation_id=iid, presenter_id=i["presenter"], proposed_name=i["name"],
                         company_type=i["type"], registered_office=i["office"], sic_codes=list(i["sic"]),
                         articles=i["articles"], capital=[list(r) for r in i["capital"]],
                         directors=[list(r) for r in i["directors"]],
                         pscs=[[p[0], p[1], list(p[2])] for p in i["pscs"]], incorporation_status=i["status"],
                         company_number=i["company"])


def _penalty(state: State, pid: str) -> Penalty:
    p = state.penalties[pid]
    return Penalty(penalty_id=pid, company_number=p["company"], company=state.companies[p["company"]]["name"],
                   accounts_made_up_to=p["made_up_to"], days_late=p["days_late"], amount=p["amount"], paid=p["paid"],
                   penalty_status="paid" if p["paid"] >= p["amount"] else "unpaid")


def _notice(state: State, nid: str) -> Notice:
    n = state.notices[nid]
    until = (datetime.date.fromisoformat(n["published"]) + datetime.timedelta(days=NOTICE_DAYS)).isoformat()
    return Notice(notice_id=nid, company_number=n["company"], company=state.companies[n["company"]]["name"],
                  reason=n["reason"], published=n["published"], objections_until=until, objections=len(n["objections"]),
                  notice_status=n["status"])


def _code(state: State, number: str, auth_code: Any) -> Dict[str, Any]:
    c = _get(state.companies, number, "company")
    if c["auth"] is None or not isinstance(auth_code, str) or auth_code.strip().upper() != c["auth"]:
        raise _Refused(f"that is not {number}'s authentication code")
    return c


def _file(state: State, number: str, form: str, description: str) -> str:
    fid = f"FIL-{_next(state, 'filing')}"
    state.filings[fid] = [number, form, description, TODAY]
    return fid


def _debit(state: State, pid: str, amount: float, what: str) -> None:
    p = state.presenters[pid]
    if p["balance"] < amount:
        raise _Refused(f"{pid}'s account holds {p['balance']:,.2f} pounds; {what} costs {amount:,.2f}")
    p["balance"] = round(p["balance"] - amount, 2)
    p["ledger"].append([TODAY, what, -amount])


# --------------------------------------------------------------------------- sessions and public lists


def sign_in(state: State, username: str, password: str) -> Union[Session, str]:
    """Signs in to the registry's back office.

    Args:
        username: The member of staff's user name, such as hilarion.p.
        password: Their password.

    Returns:
        The session: its token (every call but sign_in, sic_codes and control_natures needs it), the name and the
        role.
    """
    user = state.staff.get(username) if isinstance(username, str) else None
    if user is None or user["password"] != password:
        return "Error: unknown user name or wrong password"
    token = f"rcr-{username}-{len(state.sessions) + 1}"
    state.sessions[token] = {"username": username, **user}
    return Session(token=token, name=user["name"], role=user["role"], signed_in=NOW)


def sign_out(state: State, token: str) -> str:
    """Ends a session.

    Args:
        token: The session token.

    Returns:
        A sentence saying who signed out.
    """
    try:
        _session(state, token)
        who = state.sessions.pop(token)["name"]
        return f"{who} signed out at {NOW[11:]}."
    except _Refused as refusal:
        return f"Error: {refusal}"


def sic_codes() -> List[List[str]]:
    """The standard industrial classification codes a company states its business by (public).

    Returns:
        One row per code: [code, description].
    """
    return [list(row) for row in SIC_CODES]


def control_natures() -> List[List[str]]:
    """The natures of control a person with significant control may have (public).

    Returns:
        One row per nature: [code, nature of control].
    """
    return [list(row) for row in CONTROL_NATURES]


# --------------------------------------------------------------------------- presenters


def find_presenter(state: State, token: str, text: str) -> Union[List[Presenter], str]:
    """Finds presenters (the accountants and formation agents who file for companies) by part of the firm's name.

    Args:
        token: The session token.
        text: Part of the firm's name.

    Returns:
        The presenters: presenter_id, firm, contact, email, phone, balance.
    """
    try:
        _session(state, token)
        if _blank(text):
            raise _Refused("text is required")
        return [Presenter(presenter_id=pid, firm=p["firm"], contact=p["contact"], email=p["email"],
                 phone=p["phone"], balance=p["balance"])
                for pid, p in sorted(state.presenters.items()) if text.strip().lower() in p["firm"].lower()]
    except _Refused as refusal:
        return f"Error: {refusal}"


def register_presenter(state: State, token: str, firm: str, contact: str, email: str,
                       phone: str) -> Union[Presenter, str]:
    """Opens a presenter account for a firm that files for companies; the account starts empty.

    Args:
        token: The session token (contact centre).
        firm: The firm's name.
        contact: The person the registry deals with.
        email: The firm's e-mail address.
        phone: The firm's phone number.

    Returns:
        The presenter: presenter_id, firm, contact, email, phone, balance.
    """
    try:
        _session(state, token, (CONTACT,))
        if any(_blank(v) for v in (firm, contact, email, phone)):
            raise _Refused("firm, contact, email and phone are required")
        if "@" not in email:
            raise _Refused(f"email is an e-mail address, not {email!r}")
        name = " ".join(firm.split())
        if any(p["firm"].lower() == name.lower() for p in state.presenters.values()):
            raise _Refused(f"{name} has a presenter account already")
        pid = f"PRS-{_next(state, 'presenter')}"
        state.presenters[pid] = {"firm": name, "contact": " ".join(contact.split()), "email": email.strip(),
                                 "phone": phone.strip(), "balance": 0.0, "ledger": []}
        return Presenter(presenter_id=pid, firm=name, contact=state.presenters[pid]["contact"], email=email.strip(),
                         phone=phone.strip(), balance=0.0)
    except _Refused as refusal:
        return f"Error: {refusal}"


def top_up_account(state: State, token: str, presenter_id: str, amount: float, method: PayMethod) -> Union[TopUp, str]:
    """Pays money into a presenter's account, from which the registry takes its fees.

    Args:
        token: The session token (contact centre or finance).
        presenter_id: The presenter.
        amount: Pounds paid in.
        method: card, bank_transfer or cheque.

    Returns:
        presenter_id, firm, paid_in, balance.
    """
    try:
        _session(state, token, (CONTACT, FINANCE))
        p = _get(state.presenters, presenter_id, "presenter")
        paid = _money(amount, "amount")
        how = _enum(PayMethod, method, "method").value
        if paid < 20:
            raise _Refused("a top-up is 20 pounds or more")
        p["balance"] = round(p["balance"] + paid, 2)
        p["ledger"].append([TODAY, f"top-up ({how})", paid])
        return TopUp(presenter_id=presenter_id, firm=p["firm"], paid_in=paid, balance=p["balance"])
    except _Refused as refusal:
        return f"Error: {refusal}"


def presenter_account(state: State, token: str, presenter_id: str) -> Union[PresenterAccount, str]:
    """A presenter's account.

    Args:
        token: The session token.
        presenter_id: The presenter, such as PRS-3301.

    Returns:
        presenter_id, firm, balance, and the ledger as rows [date, what, pounds].
    """
    try:
        _session(state, token)
        p = _get(state.presenters, presenter_id, "presenter")
        return PresenterAccount(presenter_id=presenter_id, firm=p["firm"], balance=p["balance"],
                                ledger=[list(r) for r in p["ledger"]])
    except _Refused as refusal:
        return f"Error: {refusal}"


# --------------------------------------------------------------------------- incorporations


def reserve_name(state: State, token: str, name: str) -> Union[Reservation, str]:
    """Reserves a company name for 30 days, if it is free.

    Args:
        token: The session token (contact centre or an examiner).
        name: The name, ending Limited, Ltd or PLC.

    Returns:
        The reservation: reservation_id, name, expires.
    """
    try:
        _session(state, token, (CONTACT, EXAMINER))
        if _blank(name):
            raise _Refused("name is required")
        full = " ".join(name.split())
        if not re.search(r"\s(Limited|Ltd|PLC)$", full):
            raise _Refused("a company name ends Limited, Ltd or PLC")
        key = _plain(full)
        hits = [c["name"] for c in state.companies.values() if c["status"] != "dissolved" and _plain(c["name"]) == key]
        hits += [i["name"] for i in state.incorporations.values() if i["status"] in ("draft", "submitted")
                 and _plain(i["name"]) == key]
        hits += [r["name"] for r in state.reservations.values() if not r["used"] and _plain(r["name"]) == key]
        if hits:
            raise _Refused(f"{full} is the same as {hits[0]}")
        if any(w in key.split() for w in SENSITIVE):
            raise _Refused("that name uses a sensitive word and needs the registrar's written consent")
        rid = f"NR-{_next(state, 'reservation')}"
        expires = (datetime.date.fromisoformat(TODAY) + datetime.timedelta(days=30)).isoformat()
        state.reservations[rid] = {"name": full, "expires": expires, "used": False}
        return Reservation(reservation_id=rid, name=full, expires=expires)
    except _Refused as refusal:
        return f"Error: {refusal}"


def start_incorporation(state: State, token: str, presenter_id: str, reservation_id: str, company_type: CompanyType,
                        registered_office: str, sic_codes: List[str]) -> Union[Incorporation, str]:
    """Starts an application to incorporate a company under a reserved name.

    Args:
        token: The session token (an examiner or contact centre).
        presenter_id: The presenter filing it.
        reservation_id: The name reservation.
        company_type: private_shares, private_guarantee or public.
        registered_office: The registered office address.
        sic_codes: One to four codes from the SIC list.

    Returns:
        The incorporation: incorporation_id, presenter_id, proposed_name, company_type, registered_office,
        sic_codes, articles, capital, directors, pscs, incorporation_status (draft), company_number.
    """
    try:
        _session(state, token, (EXAMINER, CONTACT))
        _get(state.presenters, presenter_id, "presenter")
        r = _get(state.reservations, reservation_id, "name reservation")
        kind = _enum(CompanyType, company_type, "company_type").value
        office = _address(registered_office, "registered_office")
        codes = _strings(sic_codes, "sic_codes")
        unknown = [c for c in codes if c not in SIC]
        if unknown:
            raise _Refused(f"no SIC code {unknown[0]!r}")
        if len(codes) > 4:
            raise _Refused("a company gives four SIC codes at most")
        if r["used"]:
            raise _Refused(f"{reservation_id} has been used already")
        if r["expires"] < TODAY:
            raise _Refused(f"{reservation_id} expired on {r['expires']}")
        if (kind == "public") != r["name"].endswith("PLC"):
            raise _Refused("a public company's name ends PLC, and only a public company's does")
        r["used"] = True
        iid = f"INC-{_next(state, 'incorporation')}"
        state.incorporations[iid] = {"presenter": presenter_id, "name": r["name"], "type": kind, "office": office,
                                     "sic": codes, "articles": None, "capital": [], "directors": [], "pscs": [],
                                     "status": "draft", "submitted": None, "company": None}
        return _incorporation(state, iid)
    except _Refused as refusal:
        return f"Error: {refusal}"


def incorporations(state: State, token: str,
                   status: Optional[IncorporationStatus] = None) -> Union[List[Incorporation], str]:
    """Lists incorporation applications.

    Args:
        token: The session token (an examiner or contact centre).
        status: Only those in this status: draft, submitted, registered or rejected.

    Returns:
        The incorporations, oldest first, as start_incorporation gives them.
    """
    try:
        _session(state, token, (EXAMINER, CONTACT))
        if status is not None:
            _choice(status, ("draft", "submitted", "registered", "rejected"), "status")
        return [_incorporation(state, iid) for iid, i in sorted(state.incorporations.items())
                if status is None or i["status"] == status]
    except _Refused as refusal:
        return f"Error: {refusal}"


def _draft(state: State, iid: Any) -> Dict[str, Any]:
    i = _get(state.incorporations, iid, "incorporation")
    if i["status"] != "draft":
        raise _Refused(f"{iid} is {i['status']}; only a draft changes")
    return i


def attach_articles(state: State, token: str, incorporation_id: str, model_articles: bool,
                    document_ref: Optional[str] = None) -> Union[Incorporation, str]:
    """Attaches the articles of association: the model articles, or the company's own as a scanned document.

    Args:
        token: The session token (an examiner or contact centre).
        incorporation_id: The draft incorporation.
        model_articles: True for the model articles unamended.
        document_ref: The scanned articles' reference, when they are the company's own.

    Returns:
        The incorporation.
    """
    try:
        _session(state, token, (EXAMINER, CONTACT))
        i = _draft(state, incorporation_id)
        if not isinstance(model_articles, bool):
            raise _Refused("model_articles is true or false")
        if model_articles:
            articles = "model"
        elif _blank(document_ref):
            raise _Refused("bespoke articles need the scanned document's reference")
        else:
            articles = document_ref.strip()
        if i["articles"] == articles:
            raise _Refused(f"{incorporation_id} has those articles already")
        i["articles"] = articles
        return _incorporation(state, incorporation_id)
    except _Refused as refusal:
        return f"Error: {refusal}"


def set_share_capital(state: State, token: str, incorporation_id: str, holders: List[str], shares: List[int],
                      nominal_value: float) -> Union[Incorporation, str]:
    """Sets the statement of capital: who takes how many ordinary shares, and each share's nominal value.

    Args:
        token: The session token (an examiner or contact centre).
        incorporation_id: The draft incorporation.
        holders: The subscribers, by name.
        shares: How many shares each takes, in the same order.
        nominal_value: Each share's nominal value, in pounds.

    Returns:
        The incorporation, its capital as rows [holder, shares, nominal value].
    """
    try:
        _session(state, token, (EXAMINER, CONTACT))
        i = _draft(state, incorporation_id)
        names = _strings(holders, "holders")
        if not isinstance(shares, list) or len(shares) != len(names) or not all(
                not isinstance(n, bool) and isinstance(n, int) and n > 0 for n in shares):
            raise _Refused("shares is a list of whole numbers above zero, one for each holder")
        value = _money(nominal_value, "nominal_value")
        if i["type"] == "private_guarantee":
            raise _Refused("a company limited by guarantee has no share capital")
        if i["type"] == "public" and sum(shares) * value < 50000:
            raise _Refused("a public company's allotted capital is 50,000 pounds or more")
        rows = [[n, s, value] for n, s in zip(names, shares)]
        if rows == i["capital"]:
            raise _Refused(f"{incorporation_id} has that capital already")
        i["capital"] = rows
        return _incorporation(state, incorporation_id)
    except _Refused as refusal:
        return f"Error: {refusal}"


def verify_identity(state: State, token: str, full_name: str, date_of_birth: str, document: IdDocument,
                    document_number: str) -> Union[Identity, str]:
    """Verifies a person's identity, as every director and person with significant control must, and gives them a
    personal code.

    Args:
        token: The session token (an examiner or contact centre).
        full_name: The person's full name.
        date_of_birth: YYYY-MM-DD.
        document: passport, driving_licence or national_id.
        document_number: The document's number.

    Returns:
        personal_code, name, date_of_birth, verified_on.
    """
    try:
        _session(state, token, (EXAMINER, CONTACT))
        if _blank(full_name) or _blank(document_number):
            raise _Refused("full_name and document_number are required")
        born = _date(date_of_birth, "date_of_birth")
        doc = _enum(IdDocument, document, "document").value
        number = re.sub(r"\s", "", document_number.upper())
        if doc == "passport" and not re.fullmatch(r"\d{9}", number):
            raise _Refused("a passport number is nine digits")
        if doc == "driving_licence" and not re.fullmatch(r"[A-Z0-9]{16}", number):
            raise _Refused("a driving licence number is sixteen letters and digits")
        name = " ".join(full_name.split())
        for code, who in state.identities.items():
            if who["name"].lower() == name.lower() and who["born"] == born:
                raise _Refused(f"{name} was verified on {who['verified']}; they hold their personal code")
        if born > "2038-06-09":
            raise _Refused("a director is 16 or over")
        alphabet = "BCDFGHJKLMNPQRSTVWXZ23456789"
        code = "PC-" + "".join(alphabet[zlib.crc32(f"{name}|{born}|{k}".encode()) % len(alphabet)] for k in range(8))
        state.identities[code] = {"name": name, "born": born, "verified": TODAY}
        return Identity(personal_code=code, name=name, date_of_birth=born, verified_on=TODAY)
    except _Refused as refusal:
        return f"Error: {refusal}"


def _person(state: State, name: Any, code: Any) -> str:
    who = state.identities.get(code) if isinstance(code, str) else None
    if who is None:
        raise _Refused(f"{code!r} is not a personal code; verify the person's identity first")
    if _blank(name) or who["name"].lower() != " ".join(name.split()).lower():
        raise _Refused(f"{code} belongs to someone else")
    return who["name"]


def propose_director(state: State, token: str, incorporation_id: str, name: str, personal_code: str,
                     service_address: str) -> Union[Incorporation, str]:
    """Names a first director on a draft incorporation.

    Args:
        token: The session token (an examiner or contact centre).
        incorporation_id: The draft incorporation.
        name: The director's full name.
        personal_code: Their personal code from identity verification.
        service_address: Where documents may be served on them.

    Returns:
        The incorporation, its directors as rows [name, personal code].
    """
    try:
        _session(state, token, (EXAMINER, CONTACT))
        i = _draft(state, incorporation_id)
        if _blank(service_address):
            raise _Refused("service_address is required")
        who = _person(state, name, personal_code)
        if any(d[1] == personal_code for d in i["directors"]):
            raise _Refused(f"{who} is a proposed director of {incorporation_id} already")
        i["directors"].append([who, personal_code])
        return _incorporation(state, incorporation_id)
    except _Refused as refusal:
        return f"Error: {refusal}"


def add_psc(state: State, token: str, incorporation_id: str, name: str, personal_code: str,
            natures: List[str]) -> Union[Incorporation, str]:
    """Names a person with significant control on a draft incorporation.

    Args:
        token: The session token (an examiner or contact centre).
        incorporation_id: The draft incorporation.
        name: The person's full name.
        personal_code: Their personal code from identity verification.
        natures: The codes of their natures of control.

    Returns:
        The incorporation, its PSCs as rows [name, personal code, natures].
    """
    try:
        _session(state, token, (EXAMINER, CONTACT))
        i = _draft(state, incorporation_id)
        who = _person(state, name, personal_code)
        codes = _strings(natures, "natures")
        unknown = [c for c in codes if c not in NATURE]
        if unknown:
            raise _Refused(f"no nature of control {unknown[0]!r}")
        if sum(c.startswith("OS-") for c in codes) > 1 or sum(c.startswith("VR-") for c in codes) > 1:
            raise _Refused("one share band and one voting band at most")
        if any(p[1] == personal_code for p in i["pscs"]):
            raise _Refused(f"{who} is a PSC of {incorporation_id} already")
        i["pscs"].append([who, personal_code, codes])
        return _incorporation(state, incorporation_id)
    except _Refused as refusal:
        return f"Error: {refusal}"


def submit_incorporation(state: State, token: str, incorporation_id: str) -> Union[Incorporation, str]:
    """Submits a complete draft for examination, taking the incorporation fee from the presenter's account.

    Args:
        token: The session token (an examiner or contact centre).
        incorporation_id: The draft incorporation.

    Returns:
        The incorporation, submitted.
    """
    try:
        _session(state, token, (EXAMINER, CONTACT))
        i = _draft(state, incorporation_id)
        if i["articles"] is None:
            raise _Refused(f"{incorporation_id} has no articles of association")
        if i["type"] != "private_guarantee" and not i["capital"]:
            raise _Refused(f"{incorporation_id} has no statement of capital")
        if not i["directors"]:
            raise _Refused(f"{incorporation_id} names no director")
        if not i["pscs"]:
            raise _Refused(f"{incorporation_id} names no person with significant control")
        _debit(state, i["presenter"], FEES["incorporation"], f"incorporation {incorporation_id}")
        i["status"] = "submitted"
        i["submitted"] = TODAY
        return _incorporation(state, incorporation_id)
    except _Refused as refusal:
        return f"Error: {refusal}"


def examine_incorporation(state: State, token: str, incorporation_id: str, decision: Decision,
                          note: Optional[str] = None) -> Union[Examination, str]:
    """Examines a submitted incorporation: registers the company, or rejects the application.

    Args:
        token: The session token (an examiner).
        incorporation_id: The submitted incorporation.
        decision: register or reject.
        note: The examiner's note (needed to reject).

    Returns:
        incorporation_id, decision, company_number (when registered), company_name, incorporated_on.
    """
    try:
        _session(state, token, (EXAMINER,))
        i = _get(state.incorporations, incorporation_id, "incorporation")
        _choice(decision, ("register", "reject"), "decision")
        if i["status"] != "submitted":
            raise _Refused(f"{incorporation_id} is {i['status']}; only a submitted application is examined")
        if decision == "reject":
            if _blank(note):
                raise _Refused("a rejection needs a note")
            i["status"] = "rejected"
            return Examination(incorporation_id=incorporation_id, decision="reject", company_number=None,
                               company_name=i["name"], incorporated_on=None)
        number = f"{_next(state, 'company'):06d}C"
        ard = _month_end(TODAY, 12)
        state.companies[number] = _co(i["name"], i["type"], TODAY, i["office"], ard, None, TODAY, [])
        for name, code in i["directors"]:
            oid = f"OF-{_next(state, 'officer')}"
            state.officers[oid] = {"company": number, "name": name, "role": "director", "appointed": TODAY,
                                   "resigned": None, "code": code}
            state.companies[number]["officers"].append(oid)
        _file(state, number, "IN01", "Incorporation")
        i["status"] = "registered"
        i["company"] = number
        return Examination(incorporation_id=incorporation_id, decision="register", company_number=number,
                           company_name=i["name"], incorporated_on=TODAY)
    except _Refused as refusal:
        return f"Error: {refusal}"


# --------------------------------------------------------------------------- companies


def find_company(state: State, token: str, text: str) -> Union[List[Company], str]:
    """Finds companies on the register by part of the name or by company number.

    Args:
        token: The session token.
        text: Part of the name, or the company number.

    Returns:
        The companies: company_number, name, company_type, company_status, incorporated, registered_office,
        registered_email, accounts_made_up_to (the next accounts' date), accounts_due, confirmation_due.
    """
    try:
        _session(state, token)
        if _blank(text):
            raise _Refused("text is required")
        needle = text.strip().lower()
        return [_company(state, n) for n, c in sorted(state.companies.items())
                if needle in c["name"].lower() or needle == n.lower()]
    except _Refused as refusal:
        return f"Error: {refusal}"


def company_profile(state: State, token: str, company_number: str) -> Union[CompanyProfile, str]:
    """A company's page on the register.

    Args:
        token: The session token.
        company_number: The company number, such as 104417C.

    Returns:
        The company (as find_company gives it), with officers as rows [officer_id, name, role, appointed, resigned]
        and the filing history as rows [filing_id, form, description, date], newest last.
    """
    try:
        _session(state, token)
        _get(state.companies, company_number, "company")
        officers = [[oid, state.officers[oid]["name"], state.officers[oid]["role"], state.officers[oid]["appointed"],
                     state.officers[oid]["resigned"]] for oid in state.companies[company_number]["officers"]]
        filings = [[fid, f[1], f[2], f[3]] for fid, f in sorted(state.filings.items()) if f[0] == company_number]
        return CompanyProfile(**_company(state, company_number).model_dump(), officers=officers, filings=filings)
    except _Refused as refusal:
        return f"Error: {refusal}"


def issue_auth_code(state: State, token: str, company_number: str) -> Union[AuthCode, str]:
    """Issues a new authentication code for a company (posted to its registered office); every filing for the
    company quotes it, and a new code replaces the old one.

    Args:
        token: The session token (contact centre).
        company_number: The company.

    Returns:
        company_number, auth_code, posted_to, issued_on.
    """
    try:
        _session(state, token, (CONTACT,))
        c = _get(state.companies, company_number, "company")
        alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
        n = len(state.filings) + sum(1 for x in state.companies.values() if x["auth"])
        c["auth"] = "".join(alphabet[zlib.crc32(f"{company_number}|{n}|{k}".encode()) % 32] for k in range(6))
        return AuthCode(company_number=company_number, auth_code=c["auth"], posted_to=c["office"], issued_on=TODAY)
    except _Refused as refusal:
        return f"Error: {refusal}"


def set_registered_email(state: State, token: str, company_number: str, auth_code: str,
                         email: str) -> Union[Company, str]:
    """Sets the company's registered e-mail address, where the registry writes to it.

    Args:
        token: The session token (an examiner).
        company_number: The company.
        auth_code: The company's authentication code.
        email: The address.

    Returns:
        The company.
    """
    try:
        _session(state, token, (EXAMINER,))
        c = _code(state, company_number, auth_code)
        if not isinstance(email, str) or not re.fullmatch(r"[^@\s]+@[^@\s]+\.[a-z]{2,}", email.strip()):
            raise _Refused(f"email is an e-mail address, not {email!r}")
        if c["email"] == email.strip():
            raise _Refused(f"{company_number}'s registered e-mail address is {c['email']} already")
        c["email"] = email.strip()
        return _company(state, company_number)
    except _Refused as refusal:
        return f"Error: {refusal}"


def change_registered_office(state: State, token: str, company_number: str, auth_code: str,
                             address: str) -> Union[Company, str]:
    """Moves a company's registered office.

    Args:
        token: The session token (an examiner).
        company_number: The company.
        auth_code: The company's authentication code.
        address: The new address.

    Returns:
        The company.
    """
    try:
        _session(state, token, (EXAMINER,))
        c = _code(state, company_number, auth_code)
        office = _address(address, "address")
        if c["status"] == "dissolved":
            raise _Refused(f"{company_number} is dissolved")
        if office == c["office"]:
            raise _Refused(f"{company_number}'s registered office is there already")
        c["office"] = office
        _file(state, company_number, "AD01", f"Registered office moved to {office}")
        return _company(state, company_number)
    except _Refused as refusal:
        return f"Error: {refusal}"


def appoint_director(state: State, token: str, company_number: str, auth_code: str, name: str, personal_code: str,
                     appointed_on: str) -> Union[Officer, str]:
    """Appoints a director of a company.

    Args:
        token: The session token (an examiner).
        company_number: The company.
        auth_code: The company's authentication code.
        name: The director's full name.
        personal_code: Their personal code from identity verification.
        appointed_on: YYYY-MM-DD, not in the future.

    Returns:
        officer_id, company_number, name, role, appointed.
    """
    try:
        _session(state, token, (EXAMINER,))
        c = _code(state, company_number, auth_code)
        day = _date(appointed_on, "appointed_on")
        who = _person(state, name, personal_code)
        if day > TODAY or day < c["incorporated"]:
            raise _Refused("appointed_on is between the incorporation and today")
        if c["status"] != "active":
            raise _Refused(f"{company_number} is {c['status'].replace('_', ' ')}")
        if any(state.officers[o]["code"] == personal_code and state.officers[o]["resigned"] is None
               for o in c["officers"]):
            raise _Refused(f"{who} is a director of {company_number} already")
        oid = f"OF-{_next(state, 'officer')}"
        state.officers[oid] = {"company": company_number, "name": who, "role": "director", "appointed": day,
                               "resigned": None, "code": personal_code}
        c["officers"].append(oid)
        _file(state, company_number, "AP01", f"Appointment of {who} as a director")
        return Officer(officer_id=oid, company_number=company_number, name=who, role="director", appointed=day)
    except _Refused as refusal:
        return f"Error: {refusal}"


def terminate_appointment(state: State, token: str, company_number: str, auth_code: str, officer_id: str,
                          resigned_on: str) -> str:
    """Ends an officer's appointment. A company keeps at least one director.

    Args:
        token: The session token (an examiner).
        company_number: The company.
        auth_code: The company's authentication code.
        officer_id: The officer, from the company's officers.
        resigned_on: YYYY-MM-DD, not in the future.

    Returns:
        A sentence saying so.
    """
    try:
        _session(state, token, (EXAMINER,))
        c = _code(state, company_number, auth_code)
        o = _get(state.officers, officer_id, "officer")
        day = _date(resigned_on, "resigned_on")
        if o["company"] != company_number:
            raise _Refused(f"{officer_id} is not an officer of {company_number}")
        if o["resigned"] is not None:
            raise _Refused(f"{o['name']} resigned on {o['resigned']} already")
        if day > TODAY or day < o["appointed"]:
            raise _Refused("resigned_on is between the appointment and today")
        if sum(1 for x in c["officers"] if state.officers[x]["resigned"] is None) < 2:
            raise _Refused(f"{company_number} must keep at least one director")
        o["resigned"] = day
        _file(state, company_number, "TM01", f"Termination of {o['name']} as a director")
        return f"{officer_id} {o['name']} ceased to be a director of {company_number} on {day}."
    except _Refused as refusal:
        return f"Error: {refusal}"


def change_accounting_date(state: State, token: str, company_number: str, auth_code: str,
                           made_up_to: str) -> Union[Company, str]:
    """Changes the date the company's next accounts are made up to (its accounting reference date): shortened as
    often as needed, lengthened once in five years, never beyond 18 months from the last.

    Args:
        token: The session token (an examiner).
        company_number: The company.
        auth_code: The company's authentication code.
        made_up_to: The new date, the last day of a month, YYYY-MM-DD.

    Returns:
        The company.
    """
    try:
        _session(state, token, (EXAMINER,))
        c = _code(state, company_number, auth_code)
        day = _date(made_up_to, "made_up_to")
        if _month_end(day, 0) != day:
            raise _Refused("made_up_to is the last day of a month")
        if day == c["ard"]:
            raise _Refused(f"{company_number}'s accounts are made up to {day} already")
        if _accounts_due(c) < TODAY:
            raise _Refused(f"{company_number}'s accounts are overdue; an overdue period cannot be changed")
        start = c["last_accounts"] or c["incorporated"]
        if day <= start or day > _month_end(start, 18):
            raise _Refused("the period runs 18 months at most from the last accounts or the incorporation")
        if day > c["ard"]:
            if c["ard_extended"] and c["ard_extended"] > f"{int(TODAY[:4]) - 5}{TODAY[4:]}":
                raise _Refused("the period was lengthened in the last five years")
            c["ard_extended"] = TODAY
        c["ard"] = day
        _file(state, company_number, "AA01", f"Accounting reference date changed to {day}")
        return _company(state, company_number)
    except _Refused as refusal:
        return f"Error: {refusal}"


def file_confirmation_statement(state: State, token: str, presenter_id: str, company_number: str, auth_code: str,
                                made_up_to: str, sic_codes: List[str],
                                lawful_purpose: bool) -> Union[ConfirmationFiling, str]:
    """Files the yearly confirmation statement, taking the fee from the presenter's account.

    Args:
        token: The session token (an examiner).
        presenter_id: The presenter filing it.
        company_number: The company.
        auth_code: The company's authentication code.
        made_up_to: The statement's date, YYYY-MM-DD, within a year of the last and not in the future.
        sic_codes: The company's SIC codes now.
        lawful_purpose: The statement that the company's intended future activities are lawful.

    Returns:
        filing_id, company_number, made_up_to, next_due.
    """
    try:
        _session(state, token, (EXAMINER,))
        _get(state.presenters, presenter_id, "presenter")
        c = _code(state, company_number, auth_code)
        day = _date(made_up_to, "made_up_to")
        codes = _strings(sic_codes, "sic_codes")
        unknown = [x for x in codes if x not in SIC]
        if unknown:
            raise _Refused(f"no SIC code {unknown[0]!r}")
        if not isinstance(lawful_purpose, bool):
            raise _Refused("lawful_purpose is true or false")
        if c["status"] != "active":
            raise _Refused(f"{company_number} is {c['status'].replace('_', ' ')}")
        last = datetime.date.fromisoformat(c["cs_made_up"])
        if day <= c["cs_made_up"] or day > TODAY or day > last.replace(year=last.year + 1).isoformat():
            raise _Refused(f"made_up_to is after {c['cs_made_up']}, within a year of it, and not in the future")
        if c["email"] is None:
            raise _Refused(f"{company_number} has no registered e-mail address; set one before the statement")
        if not lawful_purpose:
            raise _Refused("the statement confirms that the company's intended future activities are lawful")
        _debit(state, presenter_id, FEES["confirmation"], f"confirmation statement {company_number}")
        c["cs_made_up"] = day
        fid = _file(state, company_number, "CS01", f"Confirmation statement made up to {day}")
        return ConfirmationFiling(filing_id=fid, company_number=company_number, made_up_to=day, next_due=_cs_due(c))
    except _Refused as refusal:
        return f"Error: {refusal}"


def file_accounts(state: State, token: str, company_number: str, auth_code: str, made_up_to: str,
                  accounts_type: AccountsType, turnover: float, net_assets: float) -> Union[AccountsFiling, str]:
    """Files a company's accounts for the period ending on its accounting reference date; accounts filed after
    they were due raise a late filing penalty.

    Args:
        token: The session token (an examiner).
        company_number: The company.
        auth_code: The company's authentication code.
        made_up_to: The date the accounts are made up to.
        accounts_type: micro, small, dormant or full.
        turnover: Turnover for the period, in pounds.
        net_assets: Net assets at the period's end, in pounds (negative for liabilities).

    Returns:
        filing_id, company_number, made_up_to, days_late, penalty_id and penalty_amount (when late),
        next_made_up_to.
    """
    try:
        _session(state, token, (EXAMINER,))
        c = _code(state, company_number, auth_code)
        day = _date(made_up_to, "made_up_to")
        kind = _choice(accounts_type, ("micro", "small", "dormant", "full"), "accounts_type")
        if not _number(turnover) or turnover < 0 or not _number(net_assets):
            raise _Refused("turnover is zero or more and net_assets a number")
        if day != c["ard"]:
            raise _Refused(f"{company_number}'s next accounts are made up to {c['ard']}")
        if day >= TODAY:
            raise _Refused("the period has not ended")
        if kind == "dormant" and turnover > 0:
            raise _Refused("a dormant company has no turnover")
        if kind == "micro" and turnover > 1_000_000:
            raise _Refused("micro-entity accounts are for a turnover of 1,000,000 pounds at most")
        due = _accounts_due(c)
        late = max(0, (datetime.date.fromisoformat(TODAY) - datetime.date.fromisoformat(due)).days)
        fid = _file(state, company_number, "AA", f"Accounts made up to {day} ({kind})")
        pid, amount = None, None
        if late:
            pid = f"LFP-{_next(state, 'penalty')}"
            amount = next((fee for days, fee in PENALTY_BANDS if late <= days), PENALTY_TOP)
            state.penalties[pid] = {"company": company_number, "made_up_to": day, "days_late": late, "amount": amount,
                                    "paid": 0.0, "raised": TODAY}
        c["last_accounts"] = day
        c["ard"] = _month_end(day, 12)
        return AccountsFiling(filing_id=fid, company_number=company_number, made_up_to=day, days_late=late,
                              penalty_id=pid, penalty_amount=amount, next_made_up_to=c["ard"])
    except _Refused as refusal:
        return f"Error: {refusal}"


def penalties(state: State, token: str, company_number: Optional[str] = None,
              status: Optional[PenaltyStatus] = None) -> Union[List[Penalty], str]:
    """Lists late filing penalties.

    Args:
        token: The session token (compliance or finance).
        company_number: Only this company's penalties.
        status: unpaid or paid.

    Returns:
        The penalties: penalty_id, company_number, company, accounts_made_up_to, days_late, amount, paid,
        penalty_status.
    """
    try:
        _session(state, token, (COMPLIANCE, FINANCE))
        if status is not None:
            _choice(status, ("unpaid", "paid"), "status")
        if company_number is not None:
            _get(state.companies, company_number, "company")
        rows = [_penalty(state, pid) for pid in sorted(state.penalties)
                if company_number is None or state.penalties[pid]["company"] == company_number]
        return [r for r in rows if status is None or r.penalty_status == status]
    except _Refused as refusal:
        return f"Error: {refusal}"


def pay_penalty(state: State, token: str, penalty_id: str, amount: float, method: PayMethod) -> Union[float, str]:
    """Records a payment against a late filing penalty.

    Args:
        token: The session token (finance).
        penalty_id: The penalty, such as LFP-4102.
        amount: Pounds paid.
        method: card, bank_transfer or cheque.

    Returns:
        What is left to pay, in pounds.
    """
    try:
        _session(state, token, (FINANCE,))
        p = _get(state.penalties, penalty_id, "penalty")
        paid = _money(amount, "amount")
        _enum(PayMethod, method, "method")
        owed = round(p["amount"] - p["paid"], 2)
        if owed <= 0:
            raise _Refused(f"{penalty_id} is paid already")
        if paid > owed:
            raise _Refused(f"only {owed:,.2f} is owed on {penalty_id}")
        p["paid"] = round(p["paid"] + paid, 2)
        return round(p["amount"] - p["paid"], 2)
    except _Refused as refusal:
        return f"Error: {refusal}"


# --------------------------------------------------------------------------- striking off and restoration


def propose_strike_off(state: State, token: str, company_number: str, reason: StrikeOffReason) -> Union[Notice, str]:
    """Publishes the first gazette notice that a company will be struck off: for overdue filings, or at its
    directors' request. Objections may be made for two months.

    Args:
        token: The session token (compliance).
        company_number: The company.
        reason: overdue_filings or voluntary.

    Returns:
        The notice: notice_id, company_number, company, reason, published, objections_until, objections,
        notice_status (first_notice).
    """
    try:
        _session(state, token, (COMPLIANCE,))
        c = _get(state.companies, company_number, "company")
        why = _choice(reason, ("overdue_filings", "voluntary"), "reason")
        if c["status"] != "active":
            raise _Refused(f"{company_number} is {c['status'].replace('_', ' ')}")
        if why == "overdue_filings" and _accounts_due(c) >= TODAY and _cs_due(c) >= TODAY:
            raise _Refused(f"{company_number} has nothing overdue")
        nid = f"GN-{_next(state, 'notice')}"
        state.notices[nid] = {"company": company_number, "reason": why, "published": TODAY, "objections": [],
                              "status": "first_notice"}
        c["status"] = "proposed_strike_off"
        _file(state, company_number, "GAZ1", "First notice of proposed strike-off")
        return _notice(state, nid)
    except _Refused as refusal:
        return f"Error: {refusal}"


def gazette_notices(state: State, token: str, company_number: Optional[str] = None) -> Union[List[Notice], str]:
    """Lists strike-off notices.

    Args:
        token: The session token (compliance).
        company_number: Only this company's notices.

    Returns:
        The notices, as propose_strike_off gives them, oldest first.
    """
    try:
        _session(state, token, (COMPLIANCE,))
        return [_notice(state, nid) for nid, n in sorted(state.notices.items())
                if company_number is None or n["company"] == company_number]
    except _Refused as refusal:
        return f"Error: {refusal}"


def object_to_strike_off(state: State, token: str, notice_id: str, objector: str, grounds: str) -> Union[Notice, str]:
    """Records an objection to a proposed strike-off, which suspends it.

    Args:
        token: The session token (compliance).
        notice_id: The first gazette notice.
        objector: Who objects (a creditor, a member, HM Revenue).
        grounds: Why.

    Returns:
        The notice, suspended.
    """
    try:
        _session(state, token, (COMPLIANCE,))
        n = _get(state.notices, notice_id, "notice")
        if _blank(objector) or _blank(grounds):
            raise _Refused("objector and grounds are required")
        if n["status"] not in ("first_notice", "suspended"):
            raise _Refused(f"{notice_id} is {n['status'].replace('_', ' ')}")
        if any(o[0].lower() == objector.strip().lower() for o in n["objections"]):
            raise _Refused(f"{objector.strip()} has objected to {notice_id} already")
        n["objections"].append([" ".join(objector.split()), grounds.strip(), TODAY])
        n["status"] = "suspended"
        return _notice(state, notice_id)
    except _Refused as refusal:
        return f"Error: {refusal}"


def dissolve_company(state: State, token: str, notice_id: str) -> str:
    """Publishes the final gazette notice and dissolves the company, two months after the first notice if no one
    has objected.

    Args:
        token: The session token (compliance).
        notice_id: The first gazette notice.

    Returns:
        A sentence saying so.
    """
    try:
        _session(state, token, (COMPLIANCE,))
        n = _get(state.notices, notice_id, "notice")
        if n["status"] != "first_notice":
            raise _Refused(f"{notice_id} is {n['status'].replace('_', ' ')}")
        until = (datetime.date.fromisoformat(n["published"]) + datetime.timedelta(days=NOTICE_DAYS)).isoformat()
        if until >= TODAY:
            raise _Refused(f"objections to {notice_id} may be made until {until}")
        c = state.companies[n["company"]]
        n["status"] = "final"
        c["status"] = "dissolved"
        c["dissolved"] = TODAY
        _file(state, n["company"], "GAZ2", "Final notice: struck off and dissolved")
        return f"{n['company']} {c['name']} struck off and dissolved on {TODAY} (notice {notice_id})."
    except _Refused as refusal:
        return f"Error: {refusal}"


def apply_restoration(state: State, token: str, company_number: str, applicant: str, former_director: bool,
                      fee_paid: float) -> Union[Company, str]:
    """Restores a dissolved company to the register on a former director's application, once its overdue accounts
    are delivered and its penalties paid.

    Args:
        token: The session token (compliance).
        company_number: The dissolved company.
        applicant: Who applies.
        former_director: Whether the applicant was a director when it was dissolved.
        fee_paid: The restoration fee paid with the application, in pounds.

    Returns:
        The company, restored.
    """
    try:
        _session(state, token, (COMPLIANCE,))
        c = _get(state.companies, company_number, "company")
        if _blank(applicant) or not isinstance(former_director, bool) or not _number(fee_paid):
            raise _Refused("applicant, former_director (true or false) and fee_paid are required")
        if c["status"] != "dissolved":
            raise _Refused(f"{company_number} is {c['status'].replace('_', ' ')}, not dissolved")
        if not former_director:
            raise _Refused("only a former director or member may apply for administrative restoration")
        if c["dissolved"] < f"{int(TODAY[:4]) - 6}{TODAY[4:]}":
            raise _Refused("a company dissolved over six years ago is restored only by the court")
        if fee_paid != FEES["restoration"]:
            raise _Refused(f"the restoration fee is {FEES['restoration']:,.2f} pounds")
        if _accounts_due(c) < TODAY:
            raise _Refused(f"{company_number}'s accounts made up to {c['ard']} are still to be delivered")
        owed = [pid for pid, p in state.penalties.items() if p["company"] == company_number and p["paid"] < p["amount"]]
        if owed:
            raise _Refused(f"{company_number} has an unpaid penalty, {owed[0]}")
        c["status"] = "active"
        c["dissolved"] = None
        _file(state, company_number, "RT01", f"Administrative restoration on the application of {applicant.strip()}")
        return _company(state, company_number)
    except _Refused as refusal:
        return f"Error: {refusal}"


def order_certified_copy(state: State, token: str, presenter_id: str, company_number: str, filing_id: str,
                         copies: int) -> Union[CopyOrder, str]:
    """Orders certified copies of a document on a company's file, taking the fee from the presenter's account.

    Args:
        token: The session token (contact centre).
        presenter_id: The presenter ordering.
        company_number: The company.
        filing_id: A filing in the company's history.
        copies: How many copies (1 to 5).

    Returns:
        order_id, company_number, filing_id, copies, fee, dispatch_by.
    """
    try:
        _session(state, token, (CONTACT,))
        _get(state.presenters, presenter_id, "presenter")
        _get(state.companies, company_number, "company")
        f = _get(state.filings, filing_id, "filing")
        if isinstance(copies, bool) or not isinstance(copies, int) or not 1 <= copies <= 5:
            raise _Refused("copies is a whole number from 1 to 5")
        if f[0] != company_number:
            raise _Refused(f"{filing_id} is not on {company_number}'s file")
        fee = FEES["copy"] * copies
        _debit(state, presenter_id, fee, f"certified copy {company_number}")
        cid = f"CC-{_next(state, 'copy'):04d}"
        dispatch = (datetime.date.fromisoformat(TODAY) + datetime.timedelta(days=3)).isoformat()
        state.copies.append([cid, presenter_id, company_number, filing_id, copies, TODAY])
        return CopyOrder(order_id=cid, company_number=company_number, filing_id=filing_id, copies=copies, fee=fee,
                         dispatch_by=dispatch)
    except _Refused as refusal:
        return f"Error: {refusal}"


TOOLS = [
    sign_in, sign_out, sic_codes, control_natures, find_presenter, register_presenter, top_up_account,
    presenter_account, reserve_name, start_incorporation, incorporations, attach_articles, set_share_capital,
    verify_identity, propose_director, add_psc, submit_incorporation, examine_incorporation, find_company,
    company_profile, issue_auth_code, set_registered_email, change_registered_office, appoint_director,
    terminate_appointment, change_accounting_date, file_confirmation_statement, file_accounts, penalties, pay_penalty,
    propose_strike_off, gazette_notices, object_to_strike_off, dissolve_company, apply_restoration,
    order_certified_copy,
]

FIXTURES = {
    "registry": "The Companies Registry of the Isle of Rennick, Registry House, Rennick RN1 1AA",
    "today": "Tuesday 9 June 2054, 09:30",
    "staff": [
        {"name": "Hilarion Pagnell", "role": "contact centre", "username": "hilarion.p", "password": "Ledger-Quire-38"},
        {"name": "Wilma Ogundipe", "role": "examiner", "username": "wilma.o", "password": "Memo-Articles-51"},
        {"name": "Osmund Stanbury", "role": "compliance", "username": "osmund.s", "password": "Notice-Struck-26"},
        {"name": "Thurstan Gedling", "role": "finance", "username": "thurstan.g", "password": "Penny-Receipt-73"},
        {"name": "Sibylla Haverfield", "role": "registrar", "username": "sibylla.h", "password": "Seal-Register-19"},
    ],
    "new_presenter": {"firm": "Saltwort Formations", "contact": "Yseult Vossberg",
                      "email": "forms@saltwort.example", "phone": "01632 960771"},
    "new_company": {
        "name": "Wherryman Bicycle Works Limited", "type": "a private company limited by shares",
        "registered_office": "14 Chainmakers' Row, Rennick RN2 6JD", "business": "repair of bicycles, sold new "
        "and used (retail sale, clothing and the like not included)",
        "director": "Rainald Wherryman, born 22 February 2012, passport 551923047",
        "shares": "100 ordinary shares of 1 pound, all his; he holds 75% or more of the shares and the votes",
    },
    "notes": [
        "Trevanion Joinery wants its registered e-mail address set to accounts@trevanion.example and its "
        "confirmation statement made up to today, through Nettleship Quelch, still a joinery business",
        "Larchmere Software's accounts to 30 June 2053 came in today: small, turnover 412,000 pounds, net assets "
        "88,500 pounds; the penalty is paid by card",
        "Quernstone Loaves is shortening its first period to 31 March 2054 and filing micro accounts to that date: "
        "turnover 96,300 pounds, net assets 4,100 pounds",
        "Oakhanger Consulting's accounts are overdue; Foolscap Office Supplies, a creditor owed 3,800 pounds, "
        "objects to any strike-off",
        "Norberta Mistley objects to Mistley Yarns being struck off: the accounts are with the auditors",
        "Petronel Tregaskis, a former director, wants Tregaskis Design restored: accounts to 31 October 2052, micro, "
        "turnover 58,000 pounds, net liabilities 2,300 pounds; the penalties paid by bank transfer and the "
        "restoration fee with the form",
        "Venetia Wherryman, born 5 October 2014, driving licence WHERR110054VW9QX, joins Wherryman Bicycle Works as a "
        "director from today",
    ],
}

# --------------------------------------------------------------------------- the designed prerequisites

_TOKEN = "auth: session token (token of sign_in)"
PUBLIC = ("sign_in", "sic_codes", "control_natures")
TOKEN_CONSUMERS = [t.__name__ for t in TOOLS if t.__name__ not in PUBLIC]
PRESENTER_CONSUMERS = ["top_up_account", "presenter_account", "start_incorporation", "file_confirmation_statement",
                       "order_certified_copy"]
INCORPORATION_CONSUMERS = ["attach_articles", "set_share_capital", "propose_director", "add_psc",
                           "submit_incorporation", "examine_incorporation"]
NEW_COMPANY_CONSUMERS = ["company_profile", "issue_auth_code", "set_registered_email", "change_registered_office",
                         "appoint_director"]
COMPANY_CONSUMERS = ["terminate_appointment", "change_accounting_date", "file_confirmation_statement", "file_accounts",
                     "penalties", "propose_strike_off", "apply_restoration", "order_certified_copy"]
AUTH_CODE_CONSUMERS = ["set_registered_email", "change_registered_office", "appoint_director", "terminate_appointment",
                       "change_accounting_date", "file_confirmation_statement", "file_accounts"]
_PRESENTER = ("id lookup/create: presenter (presenter_id of register_presenter's presenter, or of a find_presenter "
              "entry)")
_INCORPORATION = ("id lookup/create: incorporation (incorporation_id of start_incorporation's incorporation, or of an "
                  "incorporations entry)")
_NEW_COMPANY = ("id lookup/create: company (company_number of a find_company entry, or of examine_incorporation's "
                "registration)")
_COMPANY = "id lookup: company (company_number of a find_company entry)"
_AUTH_CODE = "id create: authentication code (auth_code of issue_auth_code)"

GROUND_TRUTH = (
    [("sign_in", c, _TOKEN) for c in TOKEN_CONSUMERS]
    + [("find_presenter|register_presenter", c, _PRESENTER) for c in PRESENTER_CONSUMERS]
    + [("start_incorporation|incorporations", c, _INCORPORATION) for c in INCORPORATION_CONSUMERS]
    + [("find_company|examine_incorporation", c, _NEW_COMPANY) for c in NEW_COMPANY_CONSUMERS]
    + [("find_company", c, _COMPANY) for c in COMPANY_CONSUMERS]
    + [("issue_auth_code", c, _AUTH_CODE) for c in AUTH_CODE_CONSUMERS]
    + [
        ("reserve_name", "start_incorporation", "id create: name reservation (reservation_id of reserve_name)"),
        ("company_profile", "terminate_appointment", "id lookup: officer (the officer_id column of a company_profile "
         "officers row)"),
        ("company_profile", "order_certified_copy", "id lookup: filing (the filing_id column of a company_profile "
         "filings row)"),
        ("penalties|file_accounts", "pay_penalty", "id lookup/create: penalty (penalty_id of a penalties entry, or "
         "of file_accounts' late filing)"),
        ("propose_strike_off|gazette_notices", "object_to_strike_off", "id lookup/create: notice (notice_id of "
         "propose_strike_off's notice, or of a gazette_notices entry)"),
        ("gazette_notices", "dissolve_company", "id lookup: notice (notice_id of a gazette_notices entry whose "
         "objection period has run)"),
        ("sic_codes", "start_incorporation", "vocabulary: the SIC codes (the first column of a sic_codes row)"),
        ("sic_codes", "file_confirmation_statement", "vocabulary: the SIC codes (the first column of a sic_codes "
         "row)"),
        ("control_natures", "add_psc", "vocabulary: the natures of control (the first column of a control_natures "
         "row)"),
        ("verify_identity", "propose_director", "vetting: the director's identity verified (name and "
         "personal_code of one verify_identity reply)"),
        ("verify_identity", "add_psc", "vetting: the PSC's identity verified (name and personal_code of one "
         "verify_identity reply)"),
        ("verify_identity", "appoint_director", "vetting: the director's identity verified (name and "
         "personal_code of one verify_identity reply)"),
        ("attach_articles", "submit_incorporation", "document: the articles of association attached"),
        ("file_accounts", "apply_restoration", "document: the overdue accounts delivered"),
        ("set_registered_email", "file_confirmation_statement", "setting: a registered e-mail address for the "
         "company"),
        ("change_accounting_date", "file_accounts", "setting: the accounting reference date the accounts are made "
         "up to"),
        ("set_share_capital", "submit_incorporation", "state: a statement of capital"),
        ("propose_director", "submit_incorporation", "state: a director named"),
        ("add_psc", "submit_incorporation", "state: a person with significant control named"),
        ("submit_incorporation", "examine_incorporation", "state: the application submitted"),
        ("dissolve_company", "apply_restoration", "state: the company dissolved"),
        ("top_up_account", "submit_incorporation", "payment: the incorporation fee in the presenter's account"),
        ("top_up_account", "file_confirmation_statement", "payment: the confirmation statement fee in the "
         "presenter's account"),
        ("top_up_account", "order_certified_copy", "payment: the copies' fee in the presenter's account"),
        ("pay_penalty", "apply_restoration", "payment: the company's late filing penalties paid"),
    ]
)

_DESIGNED = {(p, c) for ps, c, _ in GROUND_TRUTH for p in ps.split("|")}

# Real, direct prerequisites that are not designed (see README.md): a reader whose reply shows an id (or a verified
# person's name and personal code) to someone who did not give it, paired with each call that takes it and can accept
# one it shows.
_ALL_COMPANY_CONSUMERS = NEW_COMPANY_CONSUMERS + COMPANY_CONSUMERS
PLAUSIBLE = (
    {("incorporations", c) for c in PRESENTER_CONSUMERS}
    | {("incorporations", c) for c in _ALL_COMPANY_CONSUMERS if c not in ("propose_strike_off", "apply_restoration")}
    | {("incorporations", "appoint_director")}
    | {("penalties", c) for c in _ALL_COMPANY_CONSUMERS if c != "penalties"}
    | {("gazette_notices", c) for c in ("company_profile", "issue_auth_code", "set_registered_email",
                                        "change_registered_office", "terminate_appointment", "file_accounts",
                                        "penalties", "apply_restoration", "order_certified_copy")}
) - _DESIGNED
