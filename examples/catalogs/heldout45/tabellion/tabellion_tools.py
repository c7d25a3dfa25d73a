"""Tabellion: the case and protocol system of Penhallow & Yarrow, Notaries Public (38 calls).

Plain functions over an in-memory ``State`` of a two-notary practice on Tuesday 13 May 2042 at 09:10. The clerk
finds and registers clients, opens matters for them, adds the documents they bring, keeps the notaries' diaries,
checks people in, takes money on account for the disbursements, orders translations, sends acts to the Foreign,
Commonwealth and Development Office (FCDO) for an apostille, records the apostilles that come back, has documents
for countries outside the Hague Convention legalised at their embassies and sends the finished documents out. The
notaries verify their clients' identity, check companies against the register and record who may sign for them,
screen clients for money laundering before a power of attorney, make the notarial acts (entered in the protocol,
the notary's register of acts) and lodge their specimen signatures with the FCDO. Accounts raise and settle the
invoices. The principal notary may do everything. The fee schedule and the list of destinations are public, as the
practice prints them for its clients.

The practice's system answers in the style of a classic name-value-pair payment API: every record carries an
``ACK`` (``"Success"``, or ``"SuccessWithWarning"`` with ``L_`` warning fields), and a refusal is a ``Failure``
with ``ACK="Failure"``, an ``L_ERRORCODE0``, an ``L_SHORTMESSAGE0``, an ``L_LONGMESSAGE0`` that says why and
``L_SEVERITYCODE0="Error"``: 10002 Security error (no session, a wrong password), 10007 Permission denied (the wrong
role), 10004 Invalid argument (a bad input), 10009 Record not found (an unknown id), 10412 Duplicate request (a
change made already), 10417 Wrong status (a record in the wrong state) and 10486 Refused by rule (a rule of the
practice's, the FCDO's or the law's). ``FAILURE`` (``nvp_failure``) reads a refusal from its ``ACK``. There is no
decorator: every tool checks its own session and role (``_staff(state, token, NOTARIES)``) and answers the
``_Refused`` it raises inside itself as the ``Failure``.

Annotations are evaluated at definition, in PEP 604 spelling (``Client | Failure``, ``str | None``, builtin
``list[str]`` and ``list[list[Any]]``). reST docstrings (``:param:``, ``:returns:``). Replies are pydantic models and
lists of them (session, fee schedule with its fees as rows, destinations, notaries, clients, an identity check, a
company check with its officers as rows, a signatory, a screening, matters, a matter's file with its documents,
appointments and events as rows, documents, appointments, acts, translators, translations, submissions, a
legalisation, invoices with their lines as rows); the free slots and the protocol as bare rows; bare values (money on
account after a payment, what an invoice still owes); sentences with an id in them (a specimen lodged, an
appointment cancelled, documents dispatched, a matter closed, an e-mail, a sign-out). Typed inputs: plain ``Enum``
inputs (``IdDocument``, ``ActKind``), a ``str`` ``Enum`` input (``PayMethod``) and a ``str`` ``Enum`` filter
(``MatterStatus``), ``Literal`` inputs (a client's kind, a signatory's authority, the FCDO service, how documents
go out) and ``Literal`` filters (appointments, submissions, invoices), ``list[str]`` attendees and fee codes. Ids
look alike: client ``CL-2207``, matter ``M-6106``, document ``DC-9016``, appointment ``AP-4511``, slot ``SL-3301``,
act ``NA-0843``, submission ``FC-1706``, translation ``TN-5208``, signatory ``SG-62``, invoice ``IV-3811``,
legalisation ``LG-2701``, translator ``TL-11``; notaries ``OP`` and ``BY``. The fee codes are shown only by the fee
schedule; the officers a company may sign through only by the company check; the identity rules, the screening's
age, the FCDO's fees and the apostille number's form are stated only in refusals.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as provider means either
tool satisfies it, and the text of ``what`` before its first ``:`` is the kind.
"""

import datetime
import re
from enum import Enum
from typing import Any, Literal

from pydantic import BaseModel

TODAY = "2042-05-13"  # a Tuesday
NOW = "2042-05-13 09:10"
FCDO_FEE = {"standard": 45.0, "premium": 75.0}
VAT = 0.2
CLERKS = ("clerk", "notary")
NOTARIES = ("notary",)
ACCOUNTS = ("accounts",)
ClientKind = Literal["individual", "company"]
Authority = Literal["board_resolution", "articles"]
Service = Literal["standard", "premium"]
Delivery = Literal["collection", "courier", "post"]
AppointmentStatus = Literal["booked", "attended", "cancelled"]
SubmissionStatus = Literal["sent", "returned"]
InvoiceStatus = Literal["unpaid", "paid"]


class IdDocument(Enum):
    PASSPORT = "passport"
    DRIVING_LICENCE = "driving_licence"
    NATIONAL_ID_CARD = "national_id_card"


class ActKind(Enum):
    SIGNATURE = "signature"
    POWER_OF_ATTORNEY = "power_of_attorney"
    COMPANY_EXECUTION = "company_execution"
    CERTIFIED_COPY = "certified_copy"
    TRANSLATION_CERTIFICATE = "translation_certificate"


class PayMethod(str, Enum):
    CARD = "card"
    BANK_TRANSFER = "bank_transfer"
    CHEQUE = "cheque"


class MatterStatus(str, Enum):
    OPEN = "open"
    DISPATCHED = "dispatched"
    CLOSED = "closed"


# --------------------------------------------------------------------------- replies


class Ack(BaseModel):
    ACK: str = "Success"


class Failure(Ack):
    ACK: str = "Failure"
    L_ERRORCODE0: str
    L_SHORTMESSAGE0: str
    L_LONGMESSAGE0: str
    L_SEVERITYCODE0: str = "Error"


class Session(Ack):
    token: str
    name: str
    role: str
    notary: str | None


class FeeSchedule(Ack):
    currency: str
    rows: list[list[Any]]


class Destination(Ack):
    country: str
    route: str
    embassy_fee: float | None


class Notary(Ack):
    code: str
    name: str
    admitted: str
    specimen_lodged: bool


class Client(Ack):
    client_id: str
    name: str
    kind: str
    address: str
    email: str
    phone: str
    company_number: str | None
    identity_verified: str | None
    company_verified: str | None
    screened: str | None


class IdentityCheck(Ack):
    client_id: str
    name: str
    document: str
    number: str
    expires: str
    address_proof: str
    verified_on: str
    L_ERRORCODE0: str | None = None
    L_SHORTMESSAGE0: str | None = None
    L_LONGMESSAGE0: str | None = None
    L_SEVERITYCODE0: str | None = None


class CompanyCheck(Ack):
    client_id: str
    company_number: str
    registered_name: str
    company_status: str
    officers: list[list[str]]
    checked_on: str


class Signatory(Ack):
    signatory_id: str
    client_id: str
    name: str
    capacity: str
    authority: str
    resolution_date: str | None


class Screening(Ack):
    client_id: str
    name: str
    result: str
    lists_checked: list[str]
    screened_on: str


class Matter(Ack):
    matter_id: str
    client_id: str
    client: str
    title: str
    notary: str
    opened: str
    matter_status: str
    on_account: float


class MatterFile(Ack):
    matter: Matter
    documents: list[list[Any]]
    appointments: list[list[Any]]
    translations: list[list[Any]]
    events: list[list[str]]


class Document(Ack):
    document_id: str
    matter_id: str
    title: str
    language: str
    pages: int
    destination: str
    route: str


class Appointment(Ack):
    appointment_id: str
    matter_id: str
    client: str
    date: str
    time: str
    notary: str
    attendees: list[str]
    appointment_status: str


class NotarialAct(Ack):
    act_no: str
    document_id: str
    matter_id: str
    act: str
    notary: str
    date: str
    signatory: str | None
    destination: str


class Translator(Ack):
    translator_id: str
    name: str
    languages: list[str]
    rate_per_word: float


class Translation(Ack):
    translation_id: str
    document_id: str
    translator: str
    target_language: str
    translation_status: str
    words: int | None


class Submission(Ack):
    submission_id: str
    act_no: str
    matter_id: str
    service: str
    fee: float
    sent: str
    submission_status: str
    apostille_number: str | None
    issued: str | None


class Legalisation(Ack):
    legalisation_id: str
    act_no: str
    country: str
    embassy_fee: float
    legalised_on: str


class Invoice(Ack):
    invoice_id: str
    matter_id: str
    client: str
    lines: list[list[Any]]
    total: float
    paid: float
    invoice_status: str


# --------------------------------------------------------------------------- refusals

_CODES = {
    "security": ("10002", "Security error"),
    "permission": ("10007", "Permission denied"),
    "invalid": ("10004", "Invalid argument"),
    "missing": ("10009", "Record not found"),
    "duplicate": ("10412", "Duplicate request"),
    "status": ("10417", "Wrong status"),
    "rule": ("10486", "Refused by rule"),
}


def nvp_failure(reply: Any) -> Any:
    """A reply is a refusal when its ``ACK`` is ``Failure`` or ``FailureWithWarning`` (a ``Failure``, as JSON or as
    the model); answers ``"<L_ERRORCODE0> <L_SHORTMESSAGE0>: <L_LONGMESSAGE0>"``, else False."""
    if isinstance(reply, dict):
        get = reply.get
    else:
        def get(key: str) -> Any:
            return getattr(reply, key, None)
    if get("ACK") not in ("Failure", "FailureWithWarning"):
        return False
    return f"{get('L_ERRORCODE0')} {get('L_SHORTMESSAGE0')}: {get('L_LONGMESSAGE0')}"


FAILURE = nvp_failure


class _Refused(Exception):
    """A refusal inside a tool, answered as a ``Failure``."""

    def __init__(self, kind: str, text: str) -> None:
        super().__init__(text)
        self.kind = kind
        self.text = text

    def reply(self) -> Failure:
        code, short = _CODES[self.kind]
        return Failure(L_ERRORCODE0=code, L_SHORTMESSAGE0=short, L_LONGMESSAGE0=self.text)


# --------------------------------------------------------------------------- the practice's state

DESTINATIONS = {  # country -> route, embassy fee
    "France": ("apostille", None), "Germany": ("apostille", None), "Italy": ("apostille", None),
    "Japan": ("apostille", None), "Portugal": ("apostille", None), "Spain": ("apostille", None),
    "United States": ("apostille", None), "Kuwait": ("apostille_and_legalisation", 110.0),
    "Qatar": ("apostille_and_legalisation", 95.0), "United Arab Emirates": ("apostille_and_legalisation", 150.0),
    "Vietnam": ("apostille_and_legalisation", 60.0),
}
FEES = [  # code, description, net, VAT rate
    ["NS-1", "Notarial certificate: signature witnessed", 95.0, VAT],
    ["PA-1", "Power of attorney: execution and certificate", 145.0, VAT],
    ["CE-1", "Company document: execution by a signatory", 175.0, VAT],
    ["CC-1", "Certified copy, each document", 75.0, VAT],
    ["TC-1", "Certificate of translation", 85.0, VAT],
    ["FC-S", "FCDO apostille, standard service (disbursement)", 45.0, 0.0],
    ["FC-P", "FCDO apostille, premium service (disbursement)", 75.0, 0.0],
    ["EL-1", "Embassy legalisation through our agent", 60.0, VAT],
    ["EL-D", "Embassy fee (disbursement, at cost)", 0.0, 0.0],
    ["CR-1", "Courier, UK next day", 25.0, VAT],
]


class State:
    """Penhallow & Yarrow's case and protocol system on Tuesday 13 May 2042 at 09:10."""

    def __init__(self) -> None:
        self.staff = {
            "lettice.r": {"name": "Lettice Rowcliffe", "password": "Ribbon-Seal-62", "role": "clerk", "notary": None},
            "oriel.p": {"name": "Oriel Penhallow", "password": "Protocol-1998", "role": "principal",
                        "notary": "OP"},
            "benedict.y": {"name": "Benedict Yarrow", "password": "Wafer-Red-77", "role": "notary", "notary": "BY"},
            "jocasta.f": {"name": "Jocasta Fennimore", "password": "Ledger-Sum-40", "role": "accounts",
                          "notary": None},
        }
        self.logins: dict[str, dict] = {}
        self.notaries = {  # code -> name, admitted, specimen lodged with the FCDO
            "OP": ["Oriel Penhallow", "2009-10-02", True],
            "BY": ["Benedict Yarrow", "2042-03-18", False],
        }
        self.registry = {  # the companies register: number -> name, status, officers [name, role, appointed]
            "07731245": ["SCARROWBY MARINE ENGINEERING LIMITED", "active",
                         [["Ruairi Penvose", "director", "2015-06-01"], ["Hester Quayle", "director", "2019-11-14"],
                          ["Jago Trethewey", "secretary", "2015-06-01"]]],
            "09920417": ["CORVELL LINE SHIPPING LIMITED", "active",
                         [["Marten Corvell", "director", "2016-02-09"], ["Ingrith Corvell", "director", "2016-02-09"]]],
            "12208841": ["BRINKWATER OYSTER COMPANY LIMITED", "active",
                         [["Gideon Halsewell", "director", "2019-08-30"], ["Perpetua Halsewell", "director",
                                                                          "2019-08-30"]]],
            "05517302": ["SCARROWBY YACHT SERVICES LIMITED", "dissolved", []],
        }
        self.clients = {
            "CL-2201": {"name": "Mrs Elspeth Cardinham", "kind": "individual",
                        "address": "Flat 4, 18 Shingle Road, Mardlecombe MC3 7PL",
                        "email": "elspeth.cardinham@example.co.uk", "phone": "01632 960441", "company_number": None,
                        "identity": None, "company": None, "screened": None},
            "CL-2202": {"name": "Scarrowby Marine Engineering Ltd", "kind": "company",
                        "address": "Unit 9, Ropewalk Works, Mardlecombe MC1 2QW", "email": "office@scarrowby.example",
                        "phone": "01632 960452", "company_number": "07731245", "identity": None, "company": None,
                        "screened": None},
            "CL-2203": {"name": "Mr Dmitri Vasko", "kind": "individual",
                        "address": "27 Quillet Row, Mardlecombe MC2 4JD", "email": "d.vasko@example.com",
                        "phone": "07700 900463",
                        "company_number": None, "identity": ["passport", "533018427", "2049-02-11", "2042-05-12"],
                        "company": None, "screened": None},
            "CL-2204": {"name": "Ms Saoirse Trewartha", "kind": "individual",
                        "address": "Samphire Cottage, Wyke Lane, Pollardstow MC7 1EB", "email": "saoirse.k@example.org",
                        "phone": "07700 900474",
                        "company_number": None, "identity": ["passport", "548112093", "2050-08-30", "2042-05-07"],
                        "company": None, "screened": None},
            "CL-2205": {"name": "Corvell Line Shipping Ltd", "kind": "company",
                        "address": "Bowsprit Chambers, 2 Ropery Steps, Mardlecombe MC1 1HS",
                        "email": "accounts@corvell-line.example", "phone": "01632 960485",
                        "company_number": "09920417", "identity": None, "company": "2042-04-22", "screened": None},
            "CL-2206": {"name": "Mr Faisal Haddadin", "kind": "individual",
                        "address": "11 Chandlers Yard, Mardlecombe MC1 3RT", "email": "faisal.haddadin@example.net",
                        "phone": "07700 900496",
                        "company_number": None, "identity": ["passport", "519774630", "2046-12-01", "2042-05-02"],
                        "company": None, "screened": None},
        }
        self.signatories = {"SG-61": ["CL-2205", "Marten Corvell", "director", "board_resolution", "2042-04-20"]}
        self.matters = {  # matter -> client, title, notary, opened, status, money on account
            "M-6100": ["CL-2206", "Declaration of single status for marriage in Qatar", "OP", "2042-04-28", "open",
                       0.0],
            "M-6101": ["CL-2205", "Bill of sale of MV Corvell Tern for registration in Japan", "OP", "2042-04-22",
                       "dispatched", 0.0],
            "M-6102": ["CL-2201", "Power of attorney for the sale of a flat in Alicante", "OP", "2042-05-06", "open",
                       0.0],
            "M-6103": ["CL-2202", "Distribution agreement with Gulf Marine Supplies, Dubai", "OP", "2042-05-08",
                       "open", 0.0],
            "M-6104": ["CL-2203", "Certified copy of a degree certificate for Italy", "BY", "2042-05-12", "open",
                       0.0],
            "M-6105": ["CL-2204", "Decree absolute with a Portuguese translation", "OP", "2042-05-09", "open", 0.0],
        }
        self.documents = {  # document -> matter, title, language, pages, destination
            "DC-9010": ["M-6100", "Statutory declaration of single status", "English", 1, "Qatar"],
            "DC-9011": ["M-6101", "Bill of sale, MV Corvell Tern", "English", 3, "Japan"],
            "DC-9012": ["M-6102", "Power of attorney (Spanish and English)", "Spanish and English", 6, "Spain"],
            "DC-9013": ["M-6103", "Exclusive distribution agreement", "English", 14, "United Arab Emirates"],
            "DC-9014": ["M-6104", "Degree certificate, University of Mardlecombe", "English", 1, "Italy"],
            "DC-9015": ["M-6105", "Decree absolute", "English", 2, "Portugal"],
        }
        self.acts = {  # act -> document, kind, notary, date, signatory
            "NA-0835": ["DC-9011", "company_execution", "OP", "2042-05-02", "SG-61"],
            "NA-0838": ["DC-9010", "signature", "OP", "2042-05-06", None],
            "NA-0842": ["DC-9014", "certified_copy", "BY", "2042-05-12", None],
        }
        self.submissions = {  # submission -> act, service, fee, sent, status, apostille number, issued
            "FC-1702": ["NA-0835", "standard", 45.0, "2042-05-03", "returned", "J0418827", "2042-05-07"],
            "FC-1705": ["NA-0838", "standard", 45.0, "2042-05-07", "sent", None, None],
        }
        self.legalisations: dict[str, list] = {}
        self.translators = {  # translator -> name, languages, rate a word
            "TL-11": ["Inês Cordeiro", ["Portuguese"], 0.11], "TL-12": ["Tommaso Bassanini", ["Italian"], 0.10],
            "TL-13": ["Layla Mansour", ["Arabic"], 0.14], "TL-14": ["Itziar Ibarra", ["Spanish", "Portuguese"], 0.10],
        }
        self.translations = {"TN-5207": ["DC-9013", "TL-13", "Arabic", "ordered", None]}  # document, translator,
        # language, status, words
        self.slots = {  # slot -> date, time, notary, appointment
            "SL-3301": ["2042-05-13", "09:30", "OP", None], "SL-3302": ["2042-05-13", "11:00", "OP", "AP-4508"],
            "SL-3303": ["2042-05-13", "12:00", "BY", None], "SL-3304": ["2042-05-13", "14:00", "OP", None],
            "SL-3305": ["2042-05-13", "15:00", "OP", "AP-4509"], "SL-3306": ["2042-05-13", "16:00", "BY", None],
            "SL-3307": ["2042-05-14", "10:00", "BY", "AP-4510"], "SL-3308": ["2042-05-14", "11:30", "OP", None],
            "SL-3309": ["2042-05-14", "14:30", "BY", None],
        }
        self.appointments = {  # appointment -> matter, slot, attendees, status
            "AP-4507": ["M-6100", None, ["Mr Faisal Haddadin"], "attended", "2042-05-06", "10:00", "OP"],
            "AP-4508": ["M-6102", "SL-3302", ["Mrs Elspeth Cardinham"], "booked", "2042-05-13", "11:00", "OP"],
            "AP-4509": ["M-6103", "SL-3305", ["Ruairi Penvose"], "booked", "2042-05-13", "15:00", "OP"],
            "AP-4510": ["M-6105", "SL-3307", ["Ms Saoirse Trewartha"], "booked", "2042-05-14", "10:00", "BY"],
        }
        self.invoices = {  # invoice -> matter, lines, total, paid
            "IV-3810": ["M-6101", [["CE-1", "Company document: execution by a signatory", 175.0, 35.0],
                                   ["FC-S", "FCDO apostille, standard service (disbursement)", 45.0, 0.0],
                                   ["CR-1", "Courier, UK next day", 25.0, 5.0]], 285.0, 0.0],
        }
        self.events = {  # matter -> [when, what, who]
            "M-6100": [["2042-05-06 10:20", "NA-0838 signature witnessed", "Oriel Penhallow"],
                       ["2042-05-07 16:00", "FC-1705 sent to the FCDO", "Lettice Rowcliffe"]],
            "M-6103": [["2042-05-08 14:30", "TN-5207 ordered from Layla Mansour", "Lettice Rowcliffe"]],
            "M-6101": [["2042-05-02 12:10", "NA-0835 company execution", "Oriel Penhallow"],
                       ["2042-05-09 11:45", "dispatched by courier, DS-118", "Lettice Rowcliffe"]],
            "M-6104": [["2042-05-12 15:30", "NA-0842 certified copy", "Benedict Yarrow"]],
        }
        self.outbox: list[list[str]] = []
        self.counters = {"client": 2207, "matter": 6106, "document": 9016, "appointment": 4511, "act": 843,
                         "submission": 1706, "translation": 5208, "signatory": 62, "invoice": 3811,
                         "legalisation": 2701, "email": 5531, "dispatch": 119, "specimen": 77}


# --------------------------------------------------------------------------- helpers


def _staff(state: State, token: Any, roles: tuple[str, ...] = ()) -> dict:
    """The login behind ``token``, if its role is one of ``roles`` (the principal may do everything)."""
    login = state.logins.get(token) if isinstance(token, str) else None
    if login is None:
        raise _Refused("security", "no session for this token, or it has ended; sign in first")
    if roles and login["role"] != "principal" and login["role"] not in roles:
        raise _Refused("permission", f"{login['name']} ({login['role']}) may not do this")
    return login


def _next(state: State, kind: str) -> int:
    n = state.counters[kind]
    state.counters[kind] = n + 1
    return n


def _blank(value: Any) -> bool:
    return not isinstance(value, str) or not value.strip()


def _number(value: Any) -> bool:
    return not isinstance(value, bool) and isinstance(value, (int, float))


def _get(table: dict, key: Any, what: str) -> Any:
    row = table.get(key) if isinstance(key, str) else None
    if row is None:
        raise _Refused("missing", f"no {what} {key!r}")
    return row


def _date(value: Any, name: str) -> str:
    try:
        return datetime.date.fromisoformat(value).isoformat()
    except (TypeError, ValueError):
        raise _Refused("invalid", f"{name} is a date written YYYY-MM-DD, not {value!r}") from None


def _days(a: str, b: str) -> int:
    return (datetime.date.fromisoformat(b) - datetime.date.fromisoformat(a)).days


def _enum(kind: type, value: Any, name: str) -> Any:
    try:
        return value if isinstance(value, kind) else kind(value)
    except ValueError:
        allowed = ", ".join(m.value for m in kind)
        raise _Refused("invalid", f"{name} is one of {allowed}, not {value!r}") from None


def _event(state: State, matter_id: str, what: str, who: str) -> None:
    state.events.setdefault(matter_id, []).append([NOW, what, who])


def _client(state: State, cid: str) -> Client:
    c = state.clients[cid]
    return Client(client_id=cid, name=c["name"], kind=c["kind"], address=c["address"], email=c["email"],
                  phone=c["phone"], company_number=c["company_number"],
                  identity_verified=c["identity"][3] if c["identity"] else None, company_verified=c["company"],
                  screened=c["screened"])


def _matter(state: State, mid: str) -> Matter:
    m = state.matters[mid]
    return Matter(matter_id=mid, client_id=m[0], client=state.clients[m[0]]["name"], title=m[1], notary=m[2],
                  opened=m[3], matter_status=m[4], on_account=round(m[5], 2))


def _open_matter(state: State, mid: Any) -> list:
    m = _get(state.matters, mid, "matter")
    if m[4] != "open":
        raise _Refused("status", f"{mid} is {m[4]}")
    return m


def _appointment(state: State, aid: str) -> Appointment:
    a = state.appointments[aid]
    return Appointment(appointment_id=aid, matter_id=a[0], client=state.clients[state.matters[a[0]][0]]["name"],
                       date=a[4], time=a[5], notary=a[6], attendees=list(a[2]), appointment_status=a[3])


def _act_of(state: State, did: str) -> str | None:
    return next((n for n, a in state.acts.items() if a[0] == did), None)


def _submission_of(state: State, act_no: str) -> str | None:
    return next((s for s, x in state.submissions.items() if x[0] == act_no), None)


def _submission(state: State, sid: str) -> Submission:
    s = state.submissions[sid]
    return Submission(submission_id=sid, act_no=s[0], matter_id=state.documents[state.acts[s[0]][0]][0], service=s[1],
                      fee=s[2], sent=s[3], submission_status=s[4], apostille_number=s[5], issued=s[6])


def _invoice(state: State, iid: str) -> Invoice:
    i = state.invoices[iid]
    return Invoice(invoice_id=iid, matter_id=i[0], client=state.clients[state.matters[i[0]][0]]["name"],
                   lines=[list(x) for x in i[1]], total=i[2], paid=i[3],
                   invoice_status="paid" if i[3] + 0.005 >= i[2] else "unpaid")


def _translation(state: State, tid: str) -> Translation:
    t = state.translations[tid]
    return Translation(translation_id=tid, document_id=t[0], translator=state.translators[t[1]][0],
                       target_language=t[2], translation_status=t[3], words=t[4])


# --------------------------------------------------------------------------- sessions and public lists


def sign_in(state: State, username: str, password: str) -> Session | Failure:
    """Sign in to the practice's system.

    :param username: the user name, such as ``lettice.r``
    :param password: the password
    :returns: the session, with the ``token`` every other call but the public ones needs
    """
    user = state.staff.get(username) if isinstance(username, str) else None
    if user is None or user["password"] != password:
        return _Refused("security", "unknown user name or wrong password").reply()
    token = f"pyn-{username}-{len(state.logins) + 1}"
    state.logins[token] = {"username": username, **user}
    return Session(token=token, name=user["name"], role=user["role"], notary=user["notary"])


def sign_out(state: State, token: str) -> str | Failure:
    """End a session.

    :param token: the session's token
    :returns: a sentence saying who signed out
    """
    try:
        login = _staff(state, token)
        del state.logins[token]
        return f"Signed out {login['name']} at {NOW[11:]}."
    except _Refused as r:
        return r.reply()


def fee_schedule() -> FeeSchedule:
    """The practice's published fee schedule (public; no session needed).

    :returns: the fees as rows of ``[fee code, description, net fee, VAT rate]``; invoices are raised by fee code
    """
    return FeeSchedule(currency="GBP", rows=[list(r) for r in FEES])


def destinations() -> list[Destination]:
    """The countries the practice prepares documents for (public; no session needed).

    :returns: each country with its route (``apostille``, or ``apostille_and_legalisation`` for a country outside the
        Hague Convention, whose embassy legalises the apostilled document) and the embassy's fee
    """
    return [Destination(country=c, route=r, embassy_fee=f) for c, (r, f) in sorted(DESTINATIONS.items())]


def notaries(state: State, token: str) -> list[Notary] | Failure:
    """The practice's notaries.

    :param token: the session's token
    :returns: each notary with the ``code`` matters and diaries use, the date admitted and whether the FCDO holds the
        notary's specimen signature
    """
    try:
        _staff(state, token)
        return [Notary(code=k, name=n[0], admitted=n[1], specimen_lodged=n[2]) for k, n in state.notaries.items()]
    except _Refused as r:
        return r.reply()


def lodge_specimen(state: State, token: str, notary_code: str) -> str | Failure:
    """Lodge a notary's specimen signature and seal with the FCDO Legalisation Office (the notary, or the principal).

    :param token: the session's token
    :param notary_code: the notary's code
    :returns: a sentence with the FCDO's specimen reference
    """
    try:
        login = _staff(state, token, NOTARIES)
        n = _get(state.notaries, notary_code, "notary")
        if login["role"] != "principal" and login["notary"] != notary_code:
            raise _Refused("permission", f"only {n[0]} or the principal may lodge {n[0]}'s specimen")
        if n[2]:
            raise _Refused("duplicate", f"the FCDO holds {n[0]}'s specimen signature already")
        n[2] = True
        return f"Specimen signature and seal of {n[0]} ({notary_code}) lodged with the FCDO, reference " \
               f"SPC-{_next(state, 'specimen')}."
    except _Refused as r:
        return r.reply()


# --------------------------------------------------------------------------- clients


def find_client(state: State, token: str, text: str) -> list[Client] | Failure:
    """Find clients by part of their name, e-mail address or company number.

    :param token: the session's token
    :param text: what to look for
    :returns: the matching clients, by client id
    """
    try:
        _staff(state, token)
        if _blank(text):
            raise _Refused("invalid", "text is required")
        t = text.strip().lower()
        return [_client(state, cid) for cid, c in sorted(state.clients.items())
                if t in c["name"].lower() or t in c["email"].lower() or t == (c["company_number"] or "")]
    except _Refused as r:
        return r.reply()


def register_client(state: State, token: str, name: str, kind: ClientKind, address: str, email: str, phone: str,
                    company_number: str | None = None) -> Client | Failure:
    """Register a new client (the clerk or a notary).

    :param token: the session's token
    :param name: the person's name with their title, or the company's name
    :param kind: ``individual`` or ``company``
    :param address: the postal address
    :param email: the e-mail address
    :param phone: the telephone number
    :param company_number: a company's eight-digit registered number
    :returns: the client with the new ``client_id``
    """
    try:
        _staff(state, token, CLERKS)
        if kind not in ("individual", "company"):
            raise _Refused("invalid", f"kind is individual or company, not {kind!r}")
        if any(_blank(v) for v in (name, address, email, phone)):
            raise _Refused("invalid", "name, address, e-mail and phone are required")
        if "@" not in email:
            raise _Refused("invalid", f"{email!r} is not an e-mail address")
        if kind == "company":
            if not isinstance(company_number, str) or not re.fullmatch(r"\d{8}", company_number.strip()):
                raise _Refused("invalid", "a company client needs its eight-digit company number")
            company_number = company_number.strip()
        else:
            company_number = None
        for cid, c in state.clients.items():
            if c["name"].lower() == name.strip().lower() and c["email"].lower() == email.strip().lower():
                raise _Refused("duplicate", f"{name.strip()} is client {cid} already")
        cid = f"CL-{_next(state, 'client')}"
        state.clients[cid] = {"name": name.strip(), "kind": kind, "address": address.strip(), "email": email.strip(),
                              "phone": phone.strip(), "company_number": company_number, "identity": None,
                              "company": None, "screened": None}
        return _client(state, cid)
    except _Refused as r:
        return r.reply()


def update_client(state: State, token: str, client_id: str, address: str | None = None, email: str | None = None,
                  phone: str | None = None) -> Client | Failure:
    """Change a client's address, e-mail address or telephone number (the clerk or a notary).

    :param token: the session's token
    :param client_id: the client
    :param address: the new postal address
    :param email: the new e-mail address
    :param phone: the new telephone number
    :returns: the client as it now stands
    """
    try:
        _staff(state, token, CLERKS)
        c = _get(state.clients, client_id, "client")
        new = {k: v.strip() for k, v in (("address", address), ("email", email), ("phone", phone))
               if isinstance(v, str) and v.strip()}
        if not new:
            raise _Refused("invalid", "give an address, an e-mail address or a phone number")
        if "email" in new and "@" not in new["email"]:
            raise _Refused("invalid", f"{new['email']!r} is not an e-mail address")
        if all(c[k] == v for k, v in new.items()):
            raise _Refused("duplicate", f"{client_id} has those details already")
        c.update(new)
        return _client(state, client_id)
    except _Refused as r:
        return r.reply()


def verify_identity(state: State, token: str, client_id: str, document: IdDocument, number: str, expires: str,
                    address_proof: str, address_proof_date: str) -> IdentityCheck | Failure:
    """Verify an individual client's identity from an original photographic document and a proof of address (a
    notary). A document that runs out within six months is accepted with a warning.

    :param token: the session's token
    :param client_id: the client, an individual
    :param document: ``passport``, ``driving_licence`` or ``national_id_card``
    :param number: the document's number
    :param expires: when the document runs out, YYYY-MM-DD
    :param address_proof: what the proof of address is (a bank statement, a council tax bill)
    :param address_proof_date: the proof of address's date, YYYY-MM-DD
    :returns: the identity check
    """
    try:
        _staff(state, token, NOTARIES)
        c = _get(state.clients, client_id, "client")
        doc = _enum(IdDocument, document, "document")
        if c["kind"] != "individual":
            raise _Refused("rule", f"{c['name']} is a company; a company is checked with verify_company")
        if _blank(number) or _blank(address_proof):
            raise _Refused("invalid", "the document's number and the proof of address are required")
        expires, proof_date = _date(expires, "expires"), _date(address_proof_date, "address_proof_date")
        if c["identity"] and c["identity"][1] == number.strip():
            raise _Refused("duplicate", f"{c['name']} was verified on {c['identity'][3]} with that document already")
        if expires < TODAY:
            raise _Refused("rule", f"that {doc.value.replace('_', ' ')} ran out on {expires}; we need a current one")
        if proof_date > TODAY or _days(proof_date, TODAY) > 92:
            raise _Refused("rule", f"a proof of address must be dated within the last three months, not {proof_date}")
        c["identity"] = [doc.value, number.strip(), expires, TODAY]
        check = IdentityCheck(client_id=client_id, name=c["name"], document=doc.value, number=number.strip(),
                              expires=expires, address_proof=address_proof.strip(), verified_on=TODAY)
        if _days(TODAY, expires) < 183:
            check.ACK, check.L_ERRORCODE0, check.L_SEVERITYCODE0 = "SuccessWithWarning", "11610", "Warning"
            check.L_SHORTMESSAGE0 = "Document expiring"
            check.L_LONGMESSAGE0 = f"the document runs out on {expires}; some countries refuse papers signed on it"
        return check
    except _Refused as r:
        return r.reply()


def verify_company(state: State, token: str, client_id: str) -> CompanyCheck | Failure:
    """Check a company client against the companies register (a notary).

    :param token: the session's token
    :param client_id: the client, a company
    :returns: the company check with its officers as rows of ``[name, role, appointed]``
    """
    try:
        _staff(state, token, NOTARIES)
        c = _get(state.clients, client_id, "client")
        if c["kind"] != "company":
            raise _Refused("rule", f"{c['name']} is an individual; a person's identity is checked with "
                                   "verify_identity")
        if c["company"]:
            raise _Refused("duplicate", f"{c['name']} was checked against the register on {c['company']} already")
        reg = state.registry.get(c["company_number"])
        if reg is None:
            raise _Refused("missing", f"the register has no company {c['company_number']}")
        if reg[1] != "active":
            raise _Refused("rule", f"{reg[0]} is {reg[1]} on the register; a notary cannot act for it")
        c["company"] = TODAY
        return CompanyCheck(client_id=client_id, company_number=c["company_number"], registered_name=reg[0],
                            company_status=reg[1], officers=[list(o) for o in reg[2]], checked_on=TODAY)
    except _Refused as r:
        return r.reply()


def record_signatory(state: State, token: str, client_id: str, officer_name: str, authority: Authority,
                     resolution_date: str | None = None) -> Signatory | Failure:
    """Record who may sign for a company client, and on what authority (a notary).

    :param token: the session's token
    :param client_id: the client, a company checked against the register
    :param officer_name: the officer's name as the register has it
    :param authority: ``board_resolution`` or ``articles``
    :param resolution_date: a board resolution's date, YYYY-MM-DD
    :returns: the signatory with the new ``signatory_id``
    """
    try:
        _staff(state, token, NOTARIES)
        c = _get(state.clients, client_id, "client")
        if c["kind"] != "company":
            raise _Refused("rule", f"{c['name']} is an individual and signs for themselves")
        if authority not in ("board_resolution", "articles"):
            raise _Refused("invalid", f"authority is board_resolution or articles, not {authority!r}")
        if not c["company"]:
            raise _Refused("status", f"{c['name']} has not been checked against the companies register")
        if _blank(officer_name):
            raise _Refused("invalid", "officer_name is required")
        officer = next((o for o in state.registry[c["company_number"]][2]
                        if o[0].lower() == officer_name.strip().lower()), None)
        if officer is None:
            raise _Refused("rule", f"{officer_name.strip()} is not an officer of {c['name']} on the register")
        if authority == "board_resolution":
            resolution_date = _date(resolution_date, "resolution_date")
            if resolution_date > TODAY:
                raise _Refused("rule", "a board resolution cannot be dated in the future")
        else:
            resolution_date = None
        for sid, s in state.signatories.items():
            if s[0] == client_id and s[1] == officer[0]:
                raise _Refused("duplicate", f"{officer[0]} is signatory {sid} for {c['name']} already")
        sid = f"SG-{_next(state, 'signatory')}"
        state.signatories[sid] = [client_id, officer[0], officer[1], authority, resolution_date]
        return Signatory(signatory_id=sid, client_id=client_id, name=officer[0], capacity=officer[1],
                         authority=authority, resolution_date=resolution_date)
    except _Refused as r:
        return r.reply()


def aml_screen(state: State, token: str, client_id: str) -> Screening | Failure:
    """Screen a client against the sanctions and politically exposed persons lists (a notary).

    :param token: the session's token
    :param client_id: the client
    :returns: the screening and its result
    """
    try:
        _staff(state, token, NOTARIES)
        c = _get(state.clients, client_id, "client")
        if c["screened"] and _days(c["screened"], TODAY) <= 30:
            raise _Refused("duplicate", f"{c['name']} was screened on {c['screened']} already")
        c["screened"] = TODAY
        return Screening(client_id=client_id, name=c["name"], result="clear",
                         lists_checked=["UK sanctions list", "UN consolidated list", "politically exposed persons"],
                         screened_on=TODAY)
    except _Refused as r:
        return r.reply()


# --------------------------------------------------------------------------- matters and documents


def open_matter(state: State, token: str, client_id: str, title: str, notary_code: str) -> Matter | Failure:
    """Open a matter for a client (the clerk or a notary).

    :param token: the session's token
    :param client_id: the client
    :param title: what the matter is about
    :param notary_code: the notary in charge
    :returns: the matter with the new ``matter_id``
    """
    try:
        _staff(state, token, CLERKS)
        _get(state.clients, client_id, "client")
        _get(state.notaries, notary_code, "notary")
        if _blank(title):
            raise _Refused("invalid", "title is required")
        mid = f"M-{_next(state, 'matter')}"
        state.matters[mid] = [client_id, title.strip(), notary_code, TODAY, "open", 0.0]
        _event(state, mid, "matter opened", state.logins[token]["name"])
        return _matter(state, mid)
    except _Refused as r:
        return r.reply()


def matters(state: State, token: str, status: MatterStatus | None = None,
            client_id: str | None = None) -> list[Matter] | Failure:
    """List the matters, optionally by status and client.

    :param token: the session's token
    :param status: ``open``, ``dispatched`` or ``closed``
    :param client_id: only this client's matters
    :returns: the matters, by matter id
    """
    try:
        _staff(state, token)
        wanted = None if status is None else _enum(MatterStatus, status, "status").value
        return [_matter(state, mid) for mid, m in sorted(state.matters.items())
                if (wanted is None or m[4] == wanted) and (client_id is None or m[0] == client_id)]
    except _Refused as r:
        return r.reply()


def matter_file(state: State, token: str, matter_id: str) -> MatterFile | Failure:
    """A matter's file.

    :param token: the session's token
    :param matter_id: the matter
    :returns: the matter, its documents as rows of ``[document_id, title, language, pages, destination, act_no,
        apostille number, legalised]``, its appointments as rows of ``[appointment_id, date, time, notary,
        status]``, its translations as rows of ``[translation_id, document_id, translator, language, status]`` and
        its events as rows of ``[when, what, who]``
    """
    try:
        _staff(state, token)
        _get(state.matters, matter_id, "matter")
        docs = []
        for did, d in sorted(state.documents.items()):
            if d[0] != matter_id:
                continue
            act = _act_of(state, did)
            sub = _submission_of(state, act) if act else None
            legalised = any(x[0] == act for x in state.legalisations.values()) if act else False
            docs.append([did, d[1], d[2], d[3], d[4], act, state.submissions[sub][5] if sub else None, legalised])
        appts = [[aid, a[4], a[5], a[6], a[3]] for aid, a in sorted(state.appointments.items()) if a[0] == matter_id]
        trans = [[tid, t[0], state.translators[t[1]][0], t[2], t[3]] for tid, t in sorted(state.translations.items())
                 if state.documents[t[0]][0] == matter_id]
        return MatterFile(matter=_matter(state, matter_id), documents=docs, appointments=appts, translations=trans,
                          events=[list(e) for e in state.events.get(matter_id, [])])
    except _Refused as r:
        return r.reply()


def add_document(state: State, token: str, matter_id: str, title: str, language: str, pages: int,
                 destination: str) -> Document | Failure:
    """Add a document the client has brought to a matter (the clerk or a notary).

    :param token: the session's token
    :param matter_id: the matter, open
    :param title: what the document is
    :param language: the language or languages it is written in
    :param pages: how many pages it has
    :param destination: the country it is for, as the destinations list names it
    :returns: the document with the new ``document_id`` and its route
    """
    try:
        _staff(state, token, CLERKS)
        _open_matter(state, matter_id)
        if _blank(title) or _blank(language):
            raise _Refused("invalid", "title and language are required")
        if not isinstance(pages, int) or isinstance(pages, bool) or not 1 <= pages <= 200:
            raise _Refused("invalid", f"pages is a whole number from 1 to 200, not {pages!r}")
        country = next((c for c in DESTINATIONS if isinstance(destination, str)
                        and c.lower() == destination.strip().lower()), None)
        if country is None:
            raise _Refused("invalid", f"we prepare no documents for {destination!r}; see the destinations list")
        did = f"DC-{_next(state, 'document')}"
        state.documents[did] = [matter_id, title.strip(), language.strip(), pages, country]
        _event(state, matter_id, f"{did} added", state.logins[token]["name"])
        return Document(document_id=did, matter_id=matter_id, title=title.strip(), language=language.strip(),
                        pages=pages, destination=country, route=DESTINATIONS[country][0])
    except _Refused as r:
        return r.reply()


def take_money(state: State, token: str, matter_id: str, amount: float, method: PayMethod) -> float | Failure:
    """Take money on account of a matter's disbursements (FCDO and embassy fees).

    :param token: the session's token
    :param matter_id: the matter, open
    :param amount: the sum taken
    :param method: ``card``, ``bank_transfer`` or ``cheque``
    :returns: the money now on account of the matter
    """
    try:
        _staff(state, token, CLERKS + ACCOUNTS)
        m = _open_matter(state, matter_id)
        how = _enum(PayMethod, method, "method")
        if not _number(amount) or not 0 < amount <= 5000:
            raise _Refused("invalid", f"amount is more than nothing and at most 5000.00, not {amount!r}")
        m[5] = round(m[5] + amount, 2)
        _event(state, matter_id, f"{amount:.2f} on account by {how.value}", state.logins[token]["name"])
        return m[5]
    except _Refused as r:
        return r.reply()


# --------------------------------------------------------------------------- the diary


def free_slots(state: State, token: str, date: str, notary_code: str | None = None) -> list[list[Any]] | Failure:
    """The free appointment slots in the notaries' diaries on a day.

    :param token: the session's token
    :param date: the day, YYYY-MM-DD
    :param notary_code: only this notary's slots
    :returns: rows of ``[slot_id, date, time, notary]``
    """
    try:
        _staff(state, token)
        day = _date(date, "date")
        return [[sid, s[0], s[1], s[2]] for sid, s in sorted(state.slots.items())
                if s[0] == day and s[3] is None and (notary_code is None or s[2] == notary_code)]
    except _Refused as r:
        return r.reply()


def book_appointment(state: State, token: str, matter_id: str, slot_id: str,
                     attendees: list[str]) -> Appointment | Failure:
    """Book an appointment with a notary for a matter (the clerk or a notary).

    :param token: the session's token
    :param matter_id: the matter, open
    :param slot_id: a free slot
    :param attendees: the names of the people who will come
    :returns: the appointment with the new ``appointment_id``
    """
    try:
        _staff(state, token, CLERKS)
        _open_matter(state, matter_id)
        s = _get(state.slots, slot_id, "slot")
        if s[3] is not None:
            raise _Refused("status", f"{slot_id} is taken by {s[3]}")
        if not isinstance(attendees, list) or not attendees or any(_blank(a) for a in attendees):
            raise _Refused("invalid", "attendees is a list of the names of the people coming")
        aid = f"AP-{_next(state, 'appointment')}"
        state.appointments[aid] = [matter_id, slot_id, [a.strip() for a in attendees], "booked", s[0], s[1], s[2]]
        s[3] = aid
        _event(state, matter_id, f"{aid} booked for {s[0]} {s[1]}", state.logins[token]["name"])
        return _appointment(state, aid)
    except _Refused as r:
        return r.reply()


def appointments(state: State, token: str, date: str | None = None,
                 status: AppointmentStatus | None = None) -> list[Appointment] | Failure:
    """List the appointments, optionally on a day and by status.

    :param token: the session's token
    :param date: the day, YYYY-MM-DD
    :param status: ``booked``, ``attended`` or ``cancelled``
    :returns: the appointments, by appointment id
    """
    try:
        _staff(state, token)
        day = None if date is None else _date(date, "date")
        if status is not None and status not in ("booked", "attended", "cancelled"):
            raise _Refused("invalid", f"status is booked, attended or cancelled, not {status!r}")
        return [_appointment(state, aid) for aid, a in sorted(state.appointments.items())
                if (day is None or a[4] == day) and (status is None or a[3] == status)]
    except _Refused as r:
        return r.reply()


def cancel_appointment(state: State, token: str, appointment_id: str, reason: str) -> str | Failure:
    """Cancel a booked appointment and free its slot (the clerk or a notary).

    :param token: the session's token
    :param appointment_id: the appointment, booked
    :param reason: why
    :returns: a sentence saying what was cancelled
    """
    try:
        _staff(state, token, CLERKS)
        a = _get(state.appointments, appointment_id, "appointment")
        if a[3] == "cancelled":
            raise _Refused("duplicate", f"{appointment_id} is cancelled already")
        if a[3] != "booked":
            raise _Refused("status", f"{appointment_id} is {a[3]}")
        if _blank(reason):
            raise _Refused("invalid", "reason is required")
        a[3] = "cancelled"
        if a[1]:
            state.slots[a[1]][3] = None
        _event(state, a[0], f"{appointment_id} cancelled: {reason.strip()}", state.logins[token]["name"])
        return f"Appointment {appointment_id} on {a[4]} at {a[5]} cancelled; the slot is free again."
    except _Refused as r:
        return r.reply()


def check_in(state: State, token: str, appointment_id: str, attendees_present: list[str]) -> Appointment | Failure:
    """Check in the people who have come for today's appointment (the clerk or a notary).

    :param token: the session's token
    :param appointment_id: the appointment, booked for today
    :param attendees_present: the names of the people who have come
    :returns: the appointment, attended
    """
    try:
        _staff(state, token, CLERKS)
        a = _get(state.appointments, appointment_id, "appointment")
        if a[3] == "attended":
            raise _Refused("duplicate", f"{appointment_id} is checked in already")
        if a[3] != "booked":
            raise _Refused("status", f"{appointment_id} is {a[3]}")
        if a[4] != TODAY:
            raise _Refused("rule", f"{appointment_id} is on {a[4]}, not today")
        if not isinstance(attendees_present, list) or not attendees_present or any(_blank(x)
                                                                                   for x in attendees_present):
            raise _Refused("invalid", "attendees_present is a list of the names of the people who have come")
        a[2], a[3] = [x.strip() for x in attendees_present], "attended"
        _event(state, a[0], f"{appointment_id} attended", state.logins[token]["name"])
        return _appointment(state, appointment_id)
    except _Refused as r:
        return r.reply()


# --------------------------------------------------------------------------- notarial acts


def notarise(state: State, token: str, document_id: str, act: ActKind,
             signatory_id: str | None = None) -> NotarialAct | Failure:
    """Make a notarial act on a document and enter it in the protocol (a notary, in their own name).

    :param token: the session's token
    :param document_id: the document
    :param act: ``signature``, ``power_of_attorney``, ``company_execution``, ``certified_copy`` or
        ``translation_certificate``
    :param signatory_id: for ``company_execution``, the company's signatory
    :returns: the act with its new ``act_no`` in the protocol
    """
    try:
        login = _staff(state, token, NOTARIES)
        d = _get(state.documents, document_id, "document")
        kind = _enum(ActKind, act, "act")
        m = _open_matter(state, d[0])
        c = state.clients[m[0]]
        done = _act_of(state, document_id)
        if done:
            raise _Refused("duplicate", f"{document_id} is notarised already, {done}")
        signer = None
        if kind in (ActKind.SIGNATURE, ActKind.POWER_OF_ATTORNEY, ActKind.COMPANY_EXECUTION):
            if kind == ActKind.COMPANY_EXECUTION:
                if c["kind"] != "company":
                    raise _Refused("rule", f"{c['name']} is not a company")
                if not c["company"]:
                    raise _Refused("status", f"{c['name']} has not been checked against the companies register")
                s = _get(state.signatories, signatory_id, "signatory")
                if s[0] != m[0]:
                    raise _Refused("rule", f"{signatory_id} does not sign for {c['name']}")
                signer = signatory_id
            else:
                if c["kind"] != "individual":
                    raise _Refused("rule", f"{c['name']} is a company and executes through a signatory")
                if not c["identity"]:
                    raise _Refused("status", f"{c['name']}'s identity has not been verified")
                if c["identity"][2] < TODAY:
                    raise _Refused("rule", f"{c['name']}'s identity document ran out on {c['identity'][2]}")
                if kind == ActKind.POWER_OF_ATTORNEY and (not c["screened"] or _days(c["screened"], TODAY) > 30):
                    raise _Refused("rule", f"a power of attorney needs {c['name']} screened in the last 30 days")
            if not any(a[0] == d[0] and a[3] == "attended" and a[4] == TODAY for a in state.appointments.values()):
                raise _Refused("status", f"nobody has been checked in for {d[0]} today; the signer must be before "
                                         "the notary")
        elif kind == ActKind.TRANSLATION_CERTIFICATE:
            if not any(t[0] == document_id and t[3] == "received" for t in state.translations.values()):
                raise _Refused("status", f"no translation of {document_id} has come back from a translator")
        no = f"NA-{_next(state, 'act'):04d}"
        state.acts[no] = [document_id, kind.value, login["notary"], TODAY, signer]
        _event(state, d[0], f"{no} {kind.value.replace('_', ' ')}", login["name"])
        return NotarialAct(act_no=no, document_id=document_id, matter_id=d[0], act=kind.value, notary=login["notary"],
                           date=TODAY, signatory=signer, destination=d[4])
    except _Refused as r:
        return r.reply()


def protocol(state: State, token: str, notary_code: str | None = None,
             since: str | None = None) -> list[list[Any]] | Failure:
    """The protocol, the register of the practice's notarial acts.

    :param token: the session's token
    :param notary_code: only this notary's acts
    :param since: only acts from this day on, YYYY-MM-DD
    :returns: rows of ``[act_no, date, notary, matter_id, document_id, act, destination]``, by act number
    """
    try:
        _staff(state, token)
        day = None if since is None else _date(since, "since")
        return [[n, a[3], a[2], state.documents[a[0]][0], a[0], a[1], state.documents[a[0]][4]]
                for n, a in sorted(state.acts.items())
                if (notary_code is None or a[2] == notary_code) and (day is None or a[3] >= day)]
    except _Refused as r:
        return r.reply()


def translators(state: State, token: str, language: str | None = None) -> list[Translator] | Failure:
    """The sworn translators the practice uses.

    :param token: the session's token
    :param language: only those who translate into this language
    :returns: the translators, by translator id
    """
    try:
        _staff(state, token)
        return [Translator(translator_id=k, name=t[0], languages=list(t[1]), rate_per_word=t[2])
                for k, t in sorted(state.translators.items())
                if language is None or any(x.lower() == str(language).strip().lower() for x in t[1])]
    except _Refused as r:
        return r.reply()


def order_translation(state: State, token: str, document_id: str, translator_id: str,
                      target_language: str) -> Translation | Failure:
    """Send a document to a translator (the clerk or a notary).

    :param token: the session's token
    :param document_id: the document
    :param translator_id: the translator
    :param target_language: the language to translate into
    :returns: the translation with the new ``translation_id``
    """
    try:
        _staff(state, token, CLERKS)
        d = _get(state.documents, document_id, "document")
        _open_matter(state, d[0])
        t = _get(state.translators, translator_id, "translator")
        lang = next((x for x in t[1] if isinstance(target_language, str)
                     and x.lower() == target_language.strip().lower()), None)
        if lang is None:
            raise _Refused("rule", f"{t[0]} translates into {', '.join(t[1])}, not {target_language!r}")
        for tid, x in state.translations.items():
            if x[0] == document_id and x[2] == lang:
                raise _Refused("duplicate", f"{document_id} is with a translator for {lang} already, {tid}")
        tid = f"TN-{_next(state, 'translation')}"
        state.translations[tid] = [document_id, translator_id, lang, "ordered", None]
        _event(state, d[0], f"{tid} ordered from {t[0]}", state.logins[token]["name"])
        return _translation(state, tid)
    except _Refused as r:
        return r.reply()


def receive_translation(state: State, token: str, translation_id: str, words: int) -> Translation | Failure:
    """Record a translation as back from the translator (the clerk or a notary).

    :param token: the session's token
    :param translation_id: the translation
    :param words: the translator's word count
    :returns: the translation, received
    """
    try:
        _staff(state, token, CLERKS)
        t = _get(state.translations, translation_id, "translation")
        if t[3] == "received":
            raise _Refused("duplicate", f"{translation_id} is received already")
        if not isinstance(words, int) or isinstance(words, bool) or words <= 0:
            raise _Refused("invalid", f"words is a whole number above nothing, not {words!r}")
        t[3], t[4] = "received", words
        _event(state, state.documents[t[0]][0], f"{translation_id} received", state.logins[token]["name"])
        return _translation(state, translation_id)
    except _Refused as r:
        return r.reply()


# --------------------------------------------------------------------------- apostilles and legalisation


def submit_apostille(state: State, token: str, act_no: str, service: Service) -> Submission | Failure:
    """Send a notarial act to the FCDO for an apostille, paying its fee from the matter's money on account (the
    clerk or a notary).

    :param token: the session's token
    :param act_no: the act
    :param service: ``standard`` or ``premium``
    :returns: the submission with the new ``submission_id``
    """
    try:
        _staff(state, token, CLERKS)
        a = _get(state.acts, act_no, "act")
        if service not in ("standard", "premium"):
            raise _Refused("invalid", f"service is standard or premium, not {service!r}")
        sub = _submission_of(state, act_no)
        if sub:
            raise _Refused("duplicate", f"{act_no} went to the FCDO already, {sub}")
        n = state.notaries[a[2]]
        if not n[2]:
            raise _Refused("status", f"the FCDO holds no specimen signature for {n[0]} ({a[2]}), so it cannot "
                                     f"apostille {act_no}")
        m = _open_matter(state, state.documents[a[0]][0])
        fee = FCDO_FEE[service]
        if m[5] + 0.005 < fee:
            raise _Refused("rule", f"{state.documents[a[0]][0]} has {m[5]:.2f} on account; the FCDO's {service} fee "
                                   f"is {fee:.2f}")
        m[5] = round(m[5] - fee, 2)
        sid = f"FC-{_next(state, 'submission')}"
        state.submissions[sid] = [act_no, service, fee, TODAY, "sent", None, None]
        _event(state, state.documents[a[0]][0], f"{sid} sent to the FCDO", state.logins[token]["name"])
        return _submission(state, sid)
    except _Refused as r:
        return r.reply()


def submissions(state: State, token: str, status: SubmissionStatus | None = None) -> list[Submission] | Failure:
    """List the submissions to the FCDO.

    :param token: the session's token
    :param status: ``sent`` or ``returned``
    :returns: the submissions, by submission id
    """
    try:
        _staff(state, token)
        if status is not None and status not in ("sent", "returned"):
            raise _Refused("invalid", f"status is sent or returned, not {status!r}")
        return [_submission(state, sid) for sid, s in sorted(state.submissions.items())
                if status is None or s[4] == status]
    except _Refused as r:
        return r.reply()


def record_apostille(state: State, token: str, submission_id: str, apostille_number: str,
                     issued: str) -> Submission | Failure:
    """Record the apostille the FCDO has put on a submitted act (the clerk or a notary).

    :param token: the session's token
    :param submission_id: the submission, sent
    :param apostille_number: the number on the apostille
    :param issued: the apostille's date, YYYY-MM-DD
    :returns: the submission, returned
    """
    try:
        _staff(state, token, CLERKS)
        s = _get(state.submissions, submission_id, "submission")
        if s[4] == "returned":
            raise _Refused("duplicate", f"{submission_id} came back with apostille {s[5]} already")
        if not isinstance(apostille_number, str) or not re.fullmatch(r"[A-Z]\d{7}", apostille_number.strip()):
            raise _Refused("invalid", f"an FCDO apostille number is a capital letter and seven digits, not "
                                      f"{apostille_number!r}")
        day = _date(issued, "issued")
        if not s[3] <= day <= TODAY:
            raise _Refused("rule", f"the apostille's date falls between {s[3]}, when it was sent, and today")
        s[4], s[5], s[6] = "returned", apostille_number.strip(), day
        _event(state, state.documents[state.acts[s[0]][0]][0], f"{submission_id} back, apostille "
                                                               f"{s[5]}", state.logins[token]["name"])
        return _submission(state, submission_id)
    except _Refused as r:
        return r.reply()


def legalise(state: State, token: str, act_no: str) -> Legalisation | Failure:
    """Have an apostilled act legalised at the embassy of a country outside the Hague Convention, paying the
    embassy's fee from the matter's money on account (the clerk or a notary).

    :param token: the session's token
    :param act_no: the act, apostilled
    :returns: the legalisation with the new ``legalisation_id``
    """
    try:
        _staff(state, token, CLERKS)
        a = _get(state.acts, act_no, "act")
        country = state.documents[a[0]][4]
        route, fee = DESTINATIONS[country]
        if route == "apostille":
            raise _Refused("rule", f"{country} is party to the Hague Convention; the apostille is all it needs")
        done = next((lid for lid, x in state.legalisations.items() if x[0] == act_no), None)
        if done:
            raise _Refused("duplicate", f"{act_no} is legalised already, {done}")
        sub = _submission_of(state, act_no)
        if sub is None or state.submissions[sub][4] != "returned":
            raise _Refused("status", f"{act_no} has no apostille yet; the embassy legalises the apostille")
        m = _open_matter(state, state.documents[a[0]][0])
        if m[5] + 0.005 < fee:
            raise _Refused("rule", f"{state.documents[a[0]][0]} has {m[5]:.2f} on account; the embassy of "
                                   f"{country} charges {fee:.2f}")
        m[5] = round(m[5] - fee, 2)
        lid = f"LG-{_next(state, 'legalisation')}"
        state.legalisations[lid] = [act_no, country, fee, TODAY]
        _event(state, state.documents[a[0]][0], f"{lid} legalised by the embassy of {country}",
               state.logins[token]["name"])
        return Legalisation(legalisation_id=lid, act_no=act_no, country=country, embassy_fee=fee, legalised_on=TODAY)
    except _Refused as r:
        return r.reply()


def dispatch(state: State, token: str, matter_id: str, method: Delivery, address: str | None = None) -> str | Failure:
    """Send a matter's finished documents out, or hand them over (the clerk or a notary).

    :param token: the session's token
    :param matter_id: the matter, open, every document notarised and apostilled (and legalised where its country
        needs it)
    :param method: ``collection``, ``courier`` or ``post``
    :param address: where a courier or the post takes them
    :returns: a sentence with the dispatch reference
    """
    try:
        _staff(state, token, CLERKS)
        m = _get(state.matters, matter_id, "matter")
        if m[4] != "open":
            raise _Refused("duplicate", f"{matter_id} is {m[4]} already")
        if method not in ("collection", "courier", "post"):
            raise _Refused("invalid", f"method is collection, courier or post, not {method!r}")
        if method != "collection" and _blank(address):
            raise _Refused("invalid", f"an address is needed for the {method}")
        docs = [did for did, d in sorted(state.documents.items()) if d[0] == matter_id]
        if not docs:
            raise _Refused("status", f"{matter_id} has no documents")
        for did in docs:
            act = _act_of(state, did)
            if act is None:
                raise _Refused("status", f"{did} is not notarised")
            sub = _submission_of(state, act)
            if sub is None or state.submissions[sub][4] != "returned":
                raise _Refused("status", f"{act} has no apostille yet")
            country = state.documents[did][4]
            if DESTINATIONS[country][0] != "apostille" and not any(x[0] == act
                                                                   for x in state.legalisations.values()):
                raise _Refused("status", f"{act} is not legalised by the embassy of {country}")
        m[4] = "dispatched"
        ref = f"DS-{_next(state, 'dispatch')}"
        where = "for collection at the office" if method == "collection" else f"by {method} to {address.strip()}"
        _event(state, matter_id, f"dispatched {where}, {ref}", state.logins[token]["name"])
        return f"The documents of {matter_id} are out {where}, reference {ref}."
    except _Refused as r:
        return r.reply()


# --------------------------------------------------------------------------- accounts


def raise_invoice(state: State, token: str, matter_id: str, fee_codes: list[str]) -> Invoice | Failure:
    """Raise a matter's invoice from the fee schedule (accounts).

    :param token: the session's token
    :param matter_id: the matter, with at least one notarial act
    :param fee_codes: the fee schedule's codes, one a line
    :returns: the invoice with the new ``invoice_id`` and its lines as rows of ``[code, description, net, VAT]``
    """
    try:
        _staff(state, token, ACCOUNTS)
        m = _get(state.matters, matter_id, "matter")
        if m[4] == "closed":
            raise _Refused("status", f"{matter_id} is closed")
        if not any(state.documents[a[0]][0] == matter_id for a in state.acts.values()):
            raise _Refused("status", f"nothing has been notarised on {matter_id} yet")
        for iid, i in state.invoices.items():
            if i[0] == matter_id and i[3] + 0.005 < i[2]:
                raise _Refused("duplicate", f"{matter_id} has an unpaid invoice already, {iid}")
        if not isinstance(fee_codes, list) or not fee_codes:
            raise _Refused("invalid", "fee_codes is a list of the fee schedule's codes")
        fees = {r[0]: r for r in FEES}
        lines = []
        for code in fee_codes:
            if code not in fees:
                raise _Refused("invalid", f"no fee code {code!r} in the fee schedule")
            r = fees[code]
            lines.append([code, r[1], r[2], round(r[2] * r[3], 2)])
        total = round(sum(x[2] + x[3] for x in lines), 2)
        iid = f"IV-{_next(state, 'invoice')}"
        state.invoices[iid] = [matter_id, lines, total, 0.0]
        _event(state, matter_id, f"{iid} raised for {total:.2f}", state.logins[token]["name"])
        return _invoice(state, iid)
    except _Refused as r:
        return r.reply()


def invoices(state: State, token: str, status: InvoiceStatus | None = None) -> list[Invoice] | Failure:
    """List the invoices.

    :param token: the session's token
    :param status: ``unpaid`` or ``paid``
    :returns: the invoices, by invoice id
    """
    try:
        _staff(state, token)
        if status is not None and status not in ("unpaid", "paid"):
            raise _Refused("invalid", f"status is unpaid or paid, not {status!r}")
        out = [_invoice(state, iid) for iid in sorted(state.invoices)]
        return [i for i in out if status is None or i.invoice_status == status]
    except _Refused as r:
        return r.reply()


def pay_invoice(state: State, token: str, invoice_id: str, amount: float, method: PayMethod) -> float | Failure:
    """Record a client's payment of an invoice (accounts or the clerk).

    :param token: the session's token
    :param invoice_id: the invoice
    :param amount: the sum paid
    :param method: ``card``, ``bank_transfer`` or ``cheque``
    :returns: what the invoice still owes
    """
    try:
        _staff(state, token, ACCOUNTS + ("clerk",))
        i = _get(state.invoices, invoice_id, "invoice")
        _enum(PayMethod, method, "method")
        due = round(i[2] - i[3], 2)
        if due <= 0:
            raise _Refused("duplicate", f"{invoice_id} is paid already")
        if not _number(amount) or amount <= 0 or amount > due + 0.005:
            raise _Refused("invalid", f"amount is more than nothing and at most the {due:.2f} due, not {amount!r}")
        i[3] = round(i[3] + amount, 2)
        return round(i[2] - i[3], 2)
    except _Refused as r:
        return r.reply()


def close_matter(state: State, token: str, matter_id: str) -> str | Failure:
    """Close a matter whose documents have gone out and whose invoices are paid (accounts or a notary).

    :param token: the session's token
    :param matter_id: the matter, dispatched
    :returns: a sentence saying the matter is closed
    """
    try:
        _staff(state, token, ACCOUNTS + NOTARIES)
        m = _get(state.matters, matter_id, "matter")
        if m[4] == "closed":
            raise _Refused("duplicate", f"{matter_id} is closed already")
        if m[4] != "dispatched":
            raise _Refused("status", f"{matter_id} is {m[4]}; its documents have not gone out")
        mine = [i for i in state.invoices.values() if i[0] == matter_id]
        if not mine:
            raise _Refused("rule", f"{matter_id} has not been invoiced")
        if any(i[3] + 0.005 < i[2] for i in mine):
            raise _Refused("rule", f"{matter_id} has an invoice not paid in full")
        m[4] = "closed"
        _event(state, matter_id, "closed", state.logins[token]["name"])
        return f"Matter {matter_id} is closed; {m[5]:.2f} remains on account to return to the client."
    except _Refused as r:
        return r.reply()


def send_email(state: State, token: str, client_id: str, subject: str, body: str) -> str | Failure:
    """E-mail a client.

    :param token: the session's token
    :param client_id: the client
    :param subject: the subject line
    :param body: the message
    :returns: a sentence with the e-mail's reference
    """
    try:
        login = _staff(state, token)
        c = _get(state.clients, client_id, "client")
        if _blank(subject) or _blank(body):
            raise _Refused("invalid", "subject and body are required")
        eid = f"EM-{_next(state, 'email')}"
        state.outbox.append([eid, client_id, subject.strip(), body.strip(), login["name"]])
        return f"E-mail {eid} sent to {c['name']} at {c['email']}."
    except _Refused as r:
        return r.reply()


TOOLS = [
    sign_in, sign_out, fee_schedule, destinations, notaries, lodge_specimen, find_client, register_client,
    update_client, verify_identity, verify_company, record_signatory, aml_screen, open_matter, matters, matter_file,
    add_document, take_money, free_slots, book_appointment, appointments, cancel_appointment, check_in, notarise,
    protocol, translators, order_translation, receive_translation, submit_apostille, submissions, record_apostille,
    legalise, dispatch, raise_invoice, invoices, pay_invoice, close_matter, send_email,
]

FIXTURES = {
    "practice": {"name": "Penhallow & Yarrow, Notaries Public", "where": "3 Cordwainer Row, Mardlecombe",
                 "today": "Tuesday 13 May 2042, ten past nine in the morning"},
    "staff": [
        {"name": "Lettice Rowcliffe", "role": "clerk", "username": "lettice.r", "password": "Ribbon-Seal-62"},
        {"name": "Oriel Penhallow", "role": "principal (notary OP)", "username": "oriel.p",
         "password": "Protocol-1998"},
        {"name": "Benedict Yarrow", "role": "notary (BY)", "username": "benedict.y", "password": "Wafer-Red-77"},
        {"name": "Jocasta Fennimore", "role": "accounts", "username": "jocasta.f", "password": "Ledger-Sum-40"},
    ],
    "new_client": {
        "name": "Mr Tobiah Wren", "address": "9 Netherby Terrace, Mardlecombe MC4 8SL",
        "email": "tobiah.wren@example.com", "phone": "07700 900512",
        "passport": "number 561209384, valid to 20 March 2051",
        "proof_of_address": "a council tax bill dated 2 April 2042",
        "wants": "a two-page statutory declaration of identity, in English, for his bank in the United States, "
                 "signed before Mrs Penhallow today; he will collect it",
    },
    "new_company": {
        "name": "Brinkwater Oyster Company Ltd", "company_number": "12208841",
        "address": "The Oyster Stores, Pollardstow Hard MC7 3TQ", "email": "orders@brinkwater-oysters.example",
        "phone": "01632 960530",
        "signatory": "Gideon Halsewell, a director, under a board resolution of 9 May 2042",
        "wants": "an eight-page supply agreement, in English, for a restaurant group in Japan",
    },
    "notes": [
        "Mrs Cardinham's new mobile number is 07700 900447",
        "Mrs Cardinham brings her passport, number 507733192, valid to 15 September 2048, and a bank statement "
        "dated 30 April 2042",
        "Scarrowby's board resolved on 7 May 2042 that Ruairi Penvose, a director, signs the distribution "
        "agreement; he comes at three",
        "Mr Vasko has paid 45 pounds by card for the apostille on his degree certificate",
        "The FCDO has sent back Mr Haddadin's declaration with apostille J0431176 dated 12 May 2042; he has paid "
        "95 pounds by bank transfer for the embassy of Qatar and wants it couriered to 11 Chandlers Yard",
        "Ms Trewartha's Portuguese translation is to go to Inês Cordeiro; it came to 640 words",
        "Corvell Line have paid their 285 pounds by bank transfer",
        "Ms Trewartha cannot come tomorrow at ten; she can come at half past two instead",
        "Layla Mansour's Arabic translation of Scarrowby's agreement has come back: 5180 words",
        "Mr Vasko also wants a certified copy of his marriage certificate for Italy, with an Italian translation",
        "Mr Wren has since asked us to write to his work e-mail, t.wren@wrenandlowe.example",
    ],
}

# --------------------------------------------------------------------------- the designed prerequisites

_TOKEN = "auth: session token (token of sign_in)"
PUBLIC = ("sign_in", "fee_schedule", "destinations")
TOKEN_CONSUMERS = [t.__name__ for t in TOOLS if t.__name__ not in PUBLIC]
CLIENT_CONSUMERS = ["update_client", "verify_identity", "verify_company", "record_signatory", "aml_screen",
                    "open_matter", "send_email"]
MATTER_CONSUMERS = ["matter_file", "add_document", "take_money", "book_appointment", "dispatch", "raise_invoice",
                    "close_matter"]
DOCUMENT_CONSUMERS = ["notarise", "order_translation"]
APPOINTMENT_CONSUMERS = ["check_in", "cancel_appointment"]
ACT_CONSUMERS = ["submit_apostille", "legalise"]
_CLIENT = "id lookup/create: client (client_id of register_client, or of a find_client entry)"
_MATTER = "id lookup/create: matter (matter_id of open_matter, or of a matters entry)"
_DOCUMENT = ("id lookup/create: document (document_id of add_document, or the first column of a documents row of "
             "matter_file)")
_APPOINTMENT = "id lookup/create: appointment (appointment_id of book_appointment, or of an appointments entry)"
_ACT = "id lookup/create: notarial act (act_no of notarise, or the first column of a protocol row)"

GROUND_TRUTH = (
    [("sign_in", c, _TOKEN) for c in TOKEN_CONSUMERS]
    + [("register_client|find_client", c, _CLIENT) for c in CLIENT_CONSUMERS]
    + [("open_matter|matters", c, _MATTER) for c in MATTER_CONSUMERS]
    + [("add_document|matter_file", c, _DOCUMENT) for c in DOCUMENT_CONSUMERS]
    + [("book_appointment|appointments", c, _APPOINTMENT) for c in APPOINTMENT_CONSUMERS]
    + [("notarise|protocol", c, _ACT) for c in ACT_CONSUMERS]
    + [
        ("submit_apostille|submissions", "record_apostille",
         "id lookup/create: submission (submission_id of submit_apostille, or of a submissions entry)"),
        ("raise_invoice|invoices", "pay_invoice",
         "id lookup/create: invoice (invoice_id of raise_invoice, or of an invoices entry)"),
        ("order_translation|matter_file", "receive_translation",
         "id lookup/create: translation (translation_id of order_translation, or the first column of a translations "
         "row of matter_file)"),
        ("record_signatory", "notarise", "id lookup/create: signatory (signatory_id of record_signatory)"),
        ("notaries", "open_matter", "id lookup: notary (code of a notaries entry)"),
        ("notaries", "lodge_specimen", "id lookup: notary (code of a notaries entry)"),
        ("free_slots", "book_appointment", "id lookup: slot (the first column of a free_slots row)"),
        ("translators", "order_translation", "id lookup: translator (translator_id of a translators entry)"),
        ("fee_schedule", "raise_invoice", "vocabulary: fee codes (the first column of a fee_schedule row)"),
        ("verify_identity", "notarise", "vetting: an individual signer's identity verified"),
        ("aml_screen", "notarise", "vetting: a power of attorney's donor screened in the last 30 days"),
        ("verify_company", "record_signatory", "vetting: the company checked against the companies register"),
        ("lodge_specimen", "submit_apostille", "setting: the act's notary's specimen signature held by the FCDO"),
        ("check_in", "notarise", "state: the signer checked in for today's appointment"),
        ("receive_translation", "notarise", "state: the document's translation back from the translator"),
        ("notarise", "raise_invoice", "state: an act made on the matter"),
        ("record_apostille", "legalise", "state: the act apostilled"),
        ("record_apostille", "dispatch", "state: every act of the matter apostilled"),
        ("legalise", "dispatch", "state: every act for a country outside the Hague Convention legalised"),
        ("dispatch", "close_matter", "state: the matter's documents dispatched"),
        ("take_money", "submit_apostille", "payment: the FCDO's fee on account"),
        ("take_money", "legalise", "payment: the embassy's fee on account"),
        ("pay_invoice", "close_matter", "payment: the matter's invoices paid"),
    ]
)

ONE_STEP_FURTHER = {
    ("add_document", "raise_invoice"), ("add_document", "submit_apostille"), ("appointments", "notarise"),
    ("book_appointment", "notarise"), ("check_in", "legalise"), ("check_in", "raise_invoice"),
    ("check_in", "submit_apostille"), ("fee_schedule", "pay_invoice"), ("find_client", "notarise"),
    ("free_slots", "cancel_appointment"), ("free_slots", "check_in"), ("invoices", "close_matter"),
    ("matter_file", "legalise"), ("matter_file", "submit_apostille"), ("matters", "legalise"),
    ("matters", "notarise"), ("matters", "order_translation"), ("matters", "receive_translation"),
    ("matters", "submit_apostille"), ("notaries", "add_document"), ("notaries", "book_appointment"),
    ("notaries", "close_matter"), ("notaries", "dispatch"), ("notaries", "matter_file"),
    ("notaries", "raise_invoice"), ("notaries", "submit_apostille"), ("notaries", "take_money"),
    ("notarise", "dispatch"), ("notarise", "pay_invoice"), ("notarise", "record_apostille"),
    ("open_matter", "cancel_appointment"), ("open_matter", "check_in"), ("open_matter", "notarise"),
    ("open_matter", "pay_invoice"), ("open_matter", "submit_apostille"), ("order_translation", "notarise"),
    ("protocol", "dispatch"), ("raise_invoice", "close_matter"), ("record_apostille", "close_matter"),
    ("record_signatory", "legalise"), ("record_signatory", "submit_apostille"), ("register_client", "add_document"),
    ("register_client", "book_appointment"), ("register_client", "close_matter"), ("register_client", "dispatch"),
    ("register_client", "matter_file"), ("register_client", "notarise"), ("register_client", "raise_invoice"),
    ("register_client", "take_money"), ("submissions", "dispatch"), ("submissions", "legalise"),
    ("submit_apostille", "dispatch"), ("submit_apostille", "legalise"), ("take_money", "dispatch"),
    ("take_money", "record_apostille"), ("translators", "receive_translation"), ("verify_company", "notarise"),
    ("verify_identity", "raise_invoice"), ("verify_identity", "submit_apostille"),
}
_DESIGNED = {(p, c) for ps, c, _ in GROUND_TRUTH for p in ps.split("|")}
_CLIENT_SHOWN = ("find_client", "register_client", "update_client", "verify_identity", "verify_company",
                 "record_signatory", "aml_screen", "matters", "open_matter", "matter_file")
_MATTER_SHOWN = ("matters", "open_matter", "matter_file", "add_document", "book_appointment", "appointments",
                 "check_in", "notarise", "protocol", "invoices", "raise_invoice", "submissions", "submit_apostille",
                 "record_apostille")
_DOCUMENT_SHOWN = ("add_document", "matter_file", "notarise", "protocol", "order_translation", "receive_translation")
_APPOINTMENT_SHOWN = ("appointments", "book_appointment", "matter_file", "check_in")
_ACT_SHOWN = ("notarise", "protocol", "matter_file", "submissions", "submit_apostille", "record_apostille")
_NOTARY_SHOWN = ("notaries", "matters", "open_matter", "matter_file", "appointments", "book_appointment",
                 "free_slots", "protocol", "sign_in", "notarise")
_MATTER_CHANGES = ("open_matter", "add_document", "take_money", "book_appointment", "cancel_appointment", "check_in",
                   "notarise", "order_translation", "receive_translation", "submit_apostille", "record_apostille",
                   "legalise", "dispatch", "raise_invoice", "close_matter")
PLAUSIBLE = (
    # ids and codes shown in other lists and records: clients on matters and files, matters on appointments, acts,
    # the protocol and invoices, documents on acts, the protocol and translations, appointments on files, acts on
    # files and submissions, submissions, invoices, notaries wherever a matter, a slot or an act names one, fee
    # codes on invoices, signatories on acts
    {(p, c) for p in _CLIENT_SHOWN for c in CLIENT_CONSUMERS}
    | {(p, c) for p in _MATTER_SHOWN for c in MATTER_CONSUMERS}
    | {(p, c) for p in _DOCUMENT_SHOWN for c in DOCUMENT_CONSUMERS}
    | {(p, c) for p in _APPOINTMENT_SHOWN for c in APPOINTMENT_CONSUMERS}
    | {(p, c) for p in _ACT_SHOWN for c in ACT_CONSUMERS}
    | {(p, "record_apostille") for p in ("submissions", "submit_apostille", "matter_file")}
    | {(p, "pay_invoice") for p in ("invoices", "raise_invoice")}
    | {(p, c) for p in _NOTARY_SHOWN for c in ("open_matter", "lodge_specimen")}
    | {(p, "raise_invoice") for p in ("invoices", "raise_invoice")}
    | {(p, "notarise") for p in ("record_signatory", "notarise")}
    # one step further along the designed chains (two designed pairs in a row, and real in the proofs: the later
    # call fails when the earlier one is dropped)
    | ONE_STEP_FURTHER
    # a record created or changed, then seen in the lists and records that show it
    | {(p, "find_client") for p in ("register_client", "update_client", "verify_identity", "verify_company",
                                    "aml_screen")}
    | {(p, c) for p in _MATTER_CHANGES for c in ("matters", "matter_file")}
    | {(p, c) for p in ("book_appointment", "cancel_appointment", "check_in") for c in ("appointments", "free_slots")}
    | {("notarise", "protocol"), ("lodge_specimen", "notaries")}
    | {(p, "submissions") for p in ("submit_apostille", "record_apostille")}
    | {(p, "invoices") for p in ("raise_invoice", "pay_invoice", "close_matter")}
) - _DESIGNED - {(t.__name__, t.__name__) for t in TOOLS}  # not the designed pairs, nor a tool with itself
