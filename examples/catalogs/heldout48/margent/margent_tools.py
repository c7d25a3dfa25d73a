"""Margent: the registration and ceremonies system of Quarrendon Register Office (41 calls).

Async functions, each behind the ``desk(*roles)`` session decorator, over an in-memory ``State`` of a register office
for births and deaths on Tuesday 11 March 2053 at 09:00. Registrars see informants by appointment: they open the
day's registers, mark an informant arrived, take the particulars of a birth or a death into a draft entry, have the
informant sign it and register it, which gives it its entry number; a death is registered on the medical examiner's
certificate of cause of death (MCCD) from the office's inbox, or, where the certificate says the coroner must be told,
only once the coroner's office has cleared it (form 100A or 100B); the registrar then issues the certificate for
burial or cremation and the Tell Us Once reference. The certificates team searches the office's indexes, takes orders
for certified copies, prints them once paid, and takes applications to correct an entry with the evidence for them;
the cashier takes the payments. The ceremonies team books citizenship ceremonies for the people the Home Office has
invited, checks their identity, records the oath or affirmation, presents their certificates and sends the return,
and runs the nationality checking service (NCS). The superintendent registrar may do everything, and alone authorises
a birth registered more than three months late and approves corrections. The fee schedule and the ceremony calendar
are public.

The system is an old Windows registration application reached through an automation bridge: every call answers what
the application's COM method answers, a ``TypedDict`` record carrying the method's ``HRESULT`` as ``hr`` (0 for
``S_OK``, 1 for ``S_FALSE``: a search that matched nothing) or, for a few calls, a bare value, bare rows or a
sentence; a refusal is a ``Fault`` record with a negative ``hr`` (the failure bit set), its code in hex, its symbol,
the component that raised it and the application's description, as ``IErrorInfo`` gives them:
``E_ACCESSDENIED`` (0x80070005, a role that may not make the call), ``E_INVALIDARG`` (0x80070057, a bad input),
``E_NOTFOUND`` (0x80070490, no such record), ``ERROR_ALREADY_EXISTS`` (0x800700B7, done already) and the
application's own ``MRG_E_NOSESSION`` (0x80040201), ``MRG_E_LOGON`` (0x80040202), ``MRG_E_WRONGSTATE``
(0x80040210, a record in the wrong state) and ``MRG_E_STATUTE`` (0x80040211, a rule of the Registration Acts or the
office's). ``FAILURE`` (``hresult_failure``) reads a refusal from its ``hr``, as the ``FAILED()`` macro does.

Annotations are spelled with ``typing`` and evaluated at definition (``Optional[str]``, ``List[str]``,
``List[List[Any]]``, ``Union[Entry, Fault]``), with ``Literal`` aliases and ``Enum``s. reST docstrings (``:param:``,
``:returns:``). Replies are ``TypedDict`` records and lists of them (a session, the fee schedule with its fees as
rows, appointments, a register's state, drafts with their particulars as rows, MCCDs, coroner referrals, entries with
their particulars and marginal notes as rows, an index search with its matches as rows, certificate orders,
corrections with their evidence as rows, citizenship candidates, NCS cases with their documents as rows); the
ceremony calendar as bare rows; a bare value (a receipt number); sentences with an id in them (an arrival, a
cancellation, a certificate for burial or cremation, a Tell Us Once reference, certificates printed, an order
cancelled, a certificate presented, a ceremony's return, an NCS fee, an NCS application sent, a log-off). Typed
inputs: plain ``Enum`` inputs (``Service``, ``Sex``, ``Particular``, ``IdDocument``, ``RegisterBook``), ``str``
``Enum`` inputs (``Event``, ``Qualification``, ``PayMethod``), ``Literal`` inputs (a parent, a coroner's form, a
disposal, a delivery, the form of words, an NCS route, a correction's document) and ``Literal`` filters
(appointments, MCCDs, orders, corrections), ``List[str]`` documents, ``bool`` settings and answers, ``int`` copies
and years, ``float`` amounts, ``Optional[str]`` details and filters. Ids look alike: appointment ``AP-6201``, draft
``DR-7105``, MCCD ``MC-3301``, referral ``CR-0417``, birth entry ``BE-41290``, death entry ``DE-23310``, order
``CO-8801``, correction ``CX-0402``, candidate ``CZ-5301``, ceremony ``CC-112``, NCS case ``NC-0931``, receipt
``RC-7702``. The fee codes are shown only by the fee schedule and the ceremonies only by the calendar; the time
limits for registering, the informants a death allows, the documents each correction and each NCS route needs, the
NCS fee for each route, the invitation's life and the copies an order may hold are stated only in refusals.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as provider means either
tool satisfies it, and the text of ``what`` before its first ``:`` is the kind.
"""

import datetime
import functools
import json
from enum import Enum
from typing import Any, Callable, Dict, List, Literal, Optional, Tuple, TypedDict, Union

TODAY = "2053-03-11"  # a Tuesday
NOW = "2053-03-11 09:00"
REGISTRAR = ("registrar",)
CERTIFICATES = ("certificates",)
CEREMONIES = ("ceremonies",)
CASHIER = ("cashier",)
SUPERINTENDENT = ("superintendent",)
ServiceFilter = Literal["birth", "death", "ncs"]
Parent = Literal["mother", "father"]
CoronerForm = Literal["100A", "100B"]
Disposal = Literal["burial", "cremation"]
Delivery = Literal["collect", "post"]
Words = Literal["oath", "affirmation"]
NcsRoute = Literal["naturalisation", "registration_child"]
EvidenceDocument = Literal["passport", "birth_certificate", "marriage_certificate", "deed_poll", "employer_letter",
                           "hospital_record"]
MccdState = Literal["received", "referred", "cleared", "used"]
OrderState = Literal["awaiting_payment", "paid", "printed", "cancelled"]
CorrectionState = Literal["pending", "approved"]


class Service(Enum):
    BIRTH = "birth"
    DEATH = "death"
    NCS = "ncs"


class Sex(Enum):
    MALE = "male"
    FEMALE = "female"


class RegisterBook(Enum):
    BIRTHS = "births"
    DEATHS = "deaths"


class Particular(Enum):
    FORENAMES = "forenames"
    SURNAME = "surname"
    PLACE_OF_BIRTH = "place_of_birth"
    FATHER_OCCUPATION = "father_occupation"
    MOTHER_OCCUPATION = "mother_occupation"
    OCCUPATION = "occupation"
    USUAL_ADDRESS = "usual_address"


class IdDocument(Enum):
    PASSPORT = "passport"
    RESIDENCE_PERMIT = "residence_permit"
    NATIONAL_ID_CARD = "national_id_card"


class Event(str, Enum):
    BIRTH = "birth"
    DEATH = "death"


class Qualification(str, Enum):
    RELATIVE_PRESENT = "relative_present_at_death"
    RELATIVE_ATTENDANCE = "relative_in_attendance"
    RELATIVE_DISTRICT = "relative_in_district"
    PERSON_PRESENT = "person_present_at_death"
    OCCUPIER = "occupier_of_premises"
    ARRANGING_FUNERAL = "person_arranging_funeral"


class PayMethod(str, Enum):
    CARD = "card"
    CASH = "cash"
    CHEQUE = "cheque"


# --------------------------------------------------------------------------- HRESULTs

E_ACCESSDENIED = 0x80070005
E_INVALIDARG = 0x80070057
E_NOTFOUND = 0x80070490
E_ALREADY = 0x800700B7
MRG_E_NOSESSION = 0x80040201
MRG_E_LOGON = 0x80040202
MRG_E_WRONGSTATE = 0x80040210
MRG_E_STATUTE = 0x80040211
SYMBOLS = {E_ACCESSDENIED: "E_ACCESSDENIED", E_INVALIDARG: "E_INVALIDARG", E_NOTFOUND: "E_NOTFOUND",
           E_ALREADY: "ERROR_ALREADY_EXISTS", MRG_E_NOSESSION: "MRG_E_NOSESSION", MRG_E_LOGON: "MRG_E_LOGON",
           MRG_E_WRONGSTATE: "MRG_E_WRONGSTATE", MRG_E_STATUTE: "MRG_E_STATUTE"}
S_OK = 0
S_FALSE = 1


class Fault(TypedDict):
    """A refusal: the method's failed HRESULT and the error information the application set."""

    hr: int
    hresult: str
    symbol: str
    source: str
    description: str


def hresult_failure(reply: Any) -> Any:
    """A reply is a refusal when it carries an integer ``hr`` below zero (the severity bit set, as ``FAILED(hr)``
    reads it), in a dict or in JSON text of one; answers ``"HRESULT 0x... SYMBOL (source): description"``, else
    False. ``S_FALSE`` (1) is a success."""
    if isinstance(reply, str) and reply[:1] == "{":
        try:
            reply = json.loads(reply)
        except ValueError:
            return False
    if isinstance(reply, dict) and isinstance(reply.get("hr"), int) and not isinstance(reply["hr"], bool) \
            and reply["hr"] < 0:
        return (f"HRESULT {reply.get('hresult')} {reply.get('symbol')} ({reply.get('source')}): "
                f"{reply.get('description')}")
    return False


FAILURE = hresult_failure


class _Fail(Exception):
    """A refusal inside a method, answered as a ``Fault``."""

    def __init__(self, code: int, text: str) -> None:
        super().__init__(text)
        self.code = code
        self.text = text

    def fault(self, source: str) -> Fault:
        return Fault(hr=self.code - (1 << 32), hresult=f"0x{self.code:08X}", symbol=SYMBOLS[self.code],
                     source=source, description=self.text)


# --------------------------------------------------------------------------- replies


class Session(TypedDict):
    hr: int
    token: str
    name: str
    role: str
    logged_on: str


class FeeSchedule(TypedDict):
    hr: int
    currency: str
    rows: List[List[Any]]
    notes: str


class Appointment(TypedDict):
    hr: int
    appointment_id: str
    date: str
    time: str
    service: str
    name: str
    phone: str
    appointment_state: str


class RegisterState(TypedDict):
    hr: int
    register: str
    is_open: bool
    changed_by: str
    entries_today: int


class Draft(TypedDict):
    hr: int
    draft_id: str
    event: str
    appointment_id: str
    informant: str
    particulars: List[List[Any]]
    late_authority: Optional[str]
    draft_state: str


class Mccd(TypedDict):
    hr: int
    mccd_id: str
    deceased: str
    date_of_death: str
    place_of_death: str
    causes: List[str]
    medical_examiner: str
    notify_coroner: Optional[str]
    mccd_state: str


class Referral(TypedDict):
    hr: int
    referral_id: str
    mccd_id: str
    deceased: str
    reason: str
    form: Optional[str]
    coroner_officer: Optional[str]


class Entry(TypedDict):
    hr: int
    entry_id: str
    event: str
    name: str
    date: str
    district: str
    registered_on: str
    particulars: List[List[Any]]
    marginal_notes: List[List[Any]]


class IndexSearch(TypedDict):
    hr: int
    event: str
    surname: str
    rows: List[List[Any]]


class Order(TypedDict):
    hr: int
    order_id: str
    entry_id: str
    name: str
    fee_code: str
    copies: int
    amount_due: float
    applicant: str
    delivery: str
    address: Optional[str]
    order_state: str


class Correction(TypedDict):
    hr: int
    correction_id: str
    entry_id: str
    particular: str
    recorded_value: str
    correct_value: str
    applicant: str
    evidence: List[List[Any]]
    correction_state: str


class Candidate(TypedDict):
    hr: int
    candidate_id: str
    name: str
    home_office_ref: str
    route: str
    invited_on: str
    ceremony_id: Optional[str]
    identity_checked: bool
    words: Optional[str]
    certificate_presented: bool


class NcsCase(TypedDict):
    hr: int
    case_id: str
    appointment_id: str
    applicant: str
    route: str
    documents: List[List[Any]]
    fee_paid: bool
    case_state: str


# --------------------------------------------------------------------------- the office's state

FEES = [  # code, description, amount
    ["CERT-STD", "Certified copy of an entry, ordered at the office or by post (each)", 12.5],
    ["CERT-PRI", "Certified copy of an entry, priority service, ready next working day (each)", 38.5],
    ["NCS-ADULT", "Nationality checking service, one adult applicant", 80.0],
    ["NCS-CHILD", "Nationality checking service, one child registration applicant", 60.0],
    ["CITZ-PRIV", "Private citizenship ceremony at the office (on request)", 145.0],
    ["CORR-S29", "Consideration of a correction to an entry", 0.0],
]
FEE_AMOUNT = {code: amount for code, _, amount in FEES}
NCS_FEE = {"naturalisation": "NCS-ADULT", "registration_child": "NCS-CHILD"}
NCS_NEEDS = {  # route -> the documents the Home Office needs seen (any one of each group)
    "naturalisation": [("passport", "residence_permit"), ("life_in_uk_pass",), ("english_test",),
                       ("referee_declaration",)],
    "registration_child": [("birth_certificate",), ("passport",), ("parent_passport",)],
}
NCS_DOCUMENTS = ("passport", "residence_permit", "life_in_uk_pass", "english_test", "referee_declaration",
                 "birth_certificate", "parent_passport", "council_tax_bill")
EVIDENCE_FOR = {  # particular -> documents that support correcting it
    "forenames": ("passport", "birth_certificate", "deed_poll", "hospital_record"),
    "surname": ("passport", "birth_certificate", "marriage_certificate", "deed_poll"),
    "place_of_birth": ("hospital_record", "birth_certificate", "passport"),
    "father_occupation": ("employer_letter",),
    "mother_occupation": ("employer_letter",),
    "occupation": ("employer_letter",),
    "usual_address": ("passport", "marriage_certificate", "employer_letter"),
}
DISTRICT = "Quarrendon"


def _entry(event: str, name: str, date: str, registered: str, particulars: Dict[str, str],
           notes: Optional[List[List[str]]] = None) -> Dict[str, Any]:
    return {"event": event, "name": name, "date": date, "registered": registered, "particulars": dict(particulars),
            "notes": [list(n) for n in (notes or [])]}


class State:
    """Quarrendon Register Office on Tuesday 11 March 2053 at 09:00."""

    def __init__(self) -> None:
        self.staff = {
            "odile.f": {"name": "Odile Trewhella", "password": "Entry-Folio-31", "role": "registrar"},
            "hepzibah.m": {"name": "Hepzibah Morcombe", "password": "Certified-Copy-46", "role": "certificates"},
            "lemuel.a": {"name": "Lemuel Tremayne", "password": "Union-Flag-27", "role": "ceremonies"},
            "prudence.w": {"name": "Prudence Wyndlow", "password": "Till-Float-58", "role": "cashier"},
            "ignatia.b": {"name": "Ignatia Borrowdale", "password": "Strong-Room-83", "role": "superintendent"},
        }
        self.logins: Dict[str, Dict[str, Any]] = {}
        self.registers = {"births": [False, None], "deaths": [False, None]}  # open?, changed by
        self.appointments: Dict[str, Dict[str, Any]] = {
            "AP-6199": {"date": "2053-03-10", "time": "15:00", "service": "birth", "name": "Wilfrith Dandridge",
                        "phone": "07700 900311", "state": "done"},
            "AP-6201": {"date": TODAY, "time": "09:30", "service": "birth", "name": "Rosamund Carlyon",
                        "phone": "07700 900142", "state": "booked"},
            "AP-6202": {"date": TODAY, "time": "10:00", "service": "birth", "name": "Madoc Trethewey",
                        "phone": "07700 900267", "state": "booked"},
            "AP-6203": {"date": TODAY, "time": "10:30", "service": "death", "name": "Marguerite Ellacombe",
                        "phone": "07700 900388", "state": "booked"},
            "AP-6204": {"date": TODAY, "time": "11:15", "service": "death", "name": "Kenelm Hoskyns",
                        "phone": "07700 900415", "state": "booked"},
            "AP-6205": {"date": TODAY, "time": "12:00", "service": "ncs", "name": "Oluwaseun Adebanjo",
                        "phone": "07700 900520", "state": "booked"},
            "AP-6206": {"date": TODAY, "time": "14:30", "service": "birth", "name": "Morwenna Trelawny-Jago",
                        "phone": "07700 900633", "state": "booked"},
            "AP-6207": {"date": TODAY, "time": "15:30", "service": "ncs", "name": "Farida Qureshi-Lowe",
                        "phone": "07700 900748", "state": "booked"},
            "AP-6208": {"date": "2053-03-12", "time": "09:30", "service": "death", "name": "Zebedee Quiller",
                        "phone": "07700 900852", "state": "booked"},
            "AP-6209": {"date": "2053-03-12", "time": "10:30", "service": "birth", "name": "Meliora Hargreaves",
                        "phone": "07700 900963", "state": "booked"},
        }
        self.drafts: Dict[str, Dict[str, Any]] = {}
        self.mccds: Dict[str, Dict[str, Any]] = {
            "MC-3301": {"deceased": "Aldous Ellacombe", "date_of_death": "2053-03-07",
                        "place_of_death": "Quarrendon General Hospital",
                        "causes": ["1a Bronchopneumonia", "1b Chronic obstructive pulmonary disease"],
                        "examiner": "Dr Clemency Carnsew", "notify": None, "state": "received"},
            "MC-3302": {"deceased": "Gervase Hoskyns", "date_of_death": "2053-03-08",
                        "place_of_death": "14 Ropehaven Terrace, Quarrendon",
                        "causes": ["1a Malignant mesothelioma of the pleura",
                                   "2 Worked as a lagger at Pendower shipyard 1968-1979"],
                        "examiner": "Dr Clemency Carnsew",
                        "notify": "industrial disease (asbestos exposure at work)", "state": "received"},
            "MC-3303": {"deceased": "Hephzibah Quiller", "date_of_death": "2053-03-09",
                        "place_of_death": "Tregony House Care Home, Quarrendon",
                        "causes": ["1a Frailty of old age"], "examiner": "Dr Casimir Nankervis", "notify": None,
                        "state": "received"},
        }
        self.referrals: Dict[str, Dict[str, Any]] = {}
        self.entries: Dict[str, Dict[str, Any]] = {
            "BE-41102": _entry("birth", "Bryluen Morwen Dandridge", "2052-06-04", "2052-06-30",
                               {"forenames": "Bryluen Morwen", "surname": "Dandridge", "sex": "female",
                                "place_of_birth": "Quarrendon General Hospital", "mother": "Keziah Dandridge",
                                "mother_occupation": "Pharmacist", "father": "Wilfrith Dandridge",
                                "father_occupation": "Jointer", "informant": "Keziah Dandridge"}),
            "BE-41287": _entry("birth", "Cador Ruan Dandridge", "2053-02-19", "2053-03-10",
                               {"forenames": "Cador Ruan", "surname": "Dandridge", "sex": "male",
                                "place_of_birth": "Quarrendon General Hospital", "mother": "Keziah Dandridge",
                                "mother_occupation": "Pharmacist", "father": "Wilfrith Dandridge",
                                "father_occupation": "Joiner", "informant": "Wilfrith Dandridge"}),
            "BE-38814": _entry("birth", "Gerens Austell Pengelly", "2019-09-23", "2019-10-11",
                               {"forenames": "Gerens Austell", "surname": "Pengelly", "sex": "male",
                                "place_of_birth": "Quarrendon General Hospital", "mother": "Morvoren Pengelly",
                                "mother_occupation": "Teacher", "father": "Hedyn Pengelly",
                                "father_occupation": "Fisherman", "informant": "Morvoren Pengelly"}),
            "DE-22871": _entry("death", "Hedyn Pengelly", "2051-11-02", "2051-11-06",
                               {"forenames": "Hedyn", "surname": "Pengelly", "date_of_birth": "1984-05-17",
                                "place_of_birth": "Quarrendon", "occupation": "Fisherman (retired)",
                                "usual_address": "3 Pilchard Row, Quarrendon",
                                "cause": "1a Myocardial infarction", "informant": "Morvoren Pengelly"}),
            "DE-23307": _entry("death", "Thomasin Arbery", "2053-03-03", "2053-03-06",
                               {"forenames": "Thomasin", "surname": "Arbery", "date_of_birth": "1941-12-01",
                                "place_of_birth": "Penwithick", "occupation": "Schoolteacher (retired)",
                                "usual_address": "8 Kiddlywink Steps, Quarrendon", "cause": "1a Old age",
                                "informant": "Demelza Arbery"}),
            "DE-23309": _entry("death", "Lowenna Clare Carveth", "2053-03-05", "2053-03-10",
                               {"forenames": "Lowenna Clare", "surname": "Carveth", "date_of_birth": "1950-08-22",
                                "place_of_birth": "Quarrendon", "occupation": "Nurse (retired)",
                                "usual_address": "17 Fore Street, Quarrendon",
                                "cause": "1a Metastatic carcinoma of the breast", "informant": "Piran Carveth"}),
        }
        self.disposals: Dict[str, str] = {"DE-23307": "GF-30187"}
        self.tell_us_once: Dict[str, str] = {"DE-23307": "TU-550914"}
        self.orders: Dict[str, Dict[str, Any]] = {
            "CO-8801": {"entry": "DE-22871", "fee": "CERT-STD", "copies": 2, "due": 25.0,
                        "applicant": "Morvoren Pengelly", "delivery": "post",
                        "address": "3 Pilchard Row, Quarrendon QN4 2HT", "state": "awaiting_payment"},
            "CO-8802": {"entry": "DE-23307", "fee": "CERT-STD", "copies": 3, "due": 0.0,
                        "applicant": "Demelza Arbery", "delivery": "collect", "address": None, "state": "paid"},
        }
        self.corrections: Dict[str, Dict[str, Any]] = {
            "CX-0402": {"entry": "BE-41102", "particular": "father_occupation", "recorded": "Jointer",
                        "correct": "Joiner", "applicant": "Wilfrith Dandridge", "evidence": [], "state": "pending"},
        }
        self.ceremonies: Dict[str, List[Any]] = {  # ceremony -> date, time, venue, kind, places
            "CC-111": ["2053-03-04", "14:00", "Council Chamber, Moot Hall", "group", 20],
            "CC-112": [TODAY, "14:00", "Council Chamber, Moot Hall", "group", 20],
            "CC-113": ["2053-03-18", "11:00", "Ceremony Room, Register Office", "group", 8],
            "CC-114": ["2053-04-08", "14:00", "Council Chamber, Moot Hall", "group", 20],
        }
        self.candidates: Dict[str, Dict[str, Any]] = {
            "CZ-5301": {"name": "Ebere Okonkwo-Lind", "ref": "O1184207/NAT", "route": "naturalisation",
                        "invited": "2053-01-20", "ceremony": "CC-112", "identity": None, "words": None,
                        "certificate": None},
            "CZ-5302": {"name": "Radoslaw Wierzbicki", "ref": "W2290133/NAT", "route": "naturalisation",
                        "invited": "2053-02-02", "ceremony": "CC-112", "identity": ["passport", "EK4471093"],
                        "words": None, "certificate": None},
            "CZ-5303": {"name": "Anjali Raghunathan", "ref": "R3307719/NAT", "route": "naturalisation",
                        "invited": "2053-02-24", "ceremony": None, "identity": None, "words": None,
                        "certificate": None},
            "CZ-5304": {"name": "Mateus Albuquerque", "ref": "A4410256/REG", "route": "registration",
                        "invited": "2053-02-27", "ceremony": "CC-114", "identity": None, "words": None,
                        "certificate": None},
            "CZ-5305": {"name": "Yevgenia Sokolova-Pryce", "ref": "S5521804/NAT", "route": "naturalisation",
                        "invited": "2052-11-15", "ceremony": None, "identity": None, "words": None,
                        "certificate": None},
            "CZ-5306": {"name": "Kojo Ofori-Atta", "ref": "O6632995/NAT", "route": "naturalisation",
                        "invited": "2053-01-28", "ceremony": "CC-112", "identity": None, "words": None,
                        "certificate": None},
        }
        self.ncs: Dict[str, Dict[str, Any]] = {}
        self.returns: Dict[str, str] = {}
        self.receipts: List[List[Any]] = []
        self.counters = {"appointment": 6210, "draft": 7105, "referral": 417, "birth": 41290, "death": 23310,
                         "order": 8803, "correction": 403, "ncs": 931, "receipt": 7702, "green": 30188,
                         "tuo": 550915, "serial": 100231, "return": 61}


# --------------------------------------------------------------------------- helpers


def desk(*roles: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """The session check in front of a method: the token of a logged-on user whose role is one of ``roles`` (the
    superintendent registrar may make every call; no roles: anyone logged on). A refusal, the check's or the
    method's own, is answered as a ``Fault``."""

    def decorate(fn: Callable[..., Any]) -> Callable[..., Any]:
        source = f"Margent.{fn.__name__}"

        @functools.wraps(fn)
        async def checked(*args: Any, **kwargs: Any) -> Any:
            try:
                _login(kwargs.get("state"), kwargs.get("token"), roles)
                return await fn(*args, **kwargs)
            except _Fail as refusal:
                return refusal.fault(source)

        return checked

    return decorate


def _login(state: Any, token: Any, roles: Tuple[str, ...] = ()) -> Dict[str, Any]:
    login = state.logins.get(token) if isinstance(token, str) and state is not None else None
    if login is None:
        raise _Fail(MRG_E_NOSESSION, "not logged on: no session for this token, or it has ended; log on first")
    if roles and login["role"] != "superintendent" and login["role"] not in roles:
        raise _Fail(E_ACCESSDENIED, f"access denied: {login['name']} ({login['role']}) may not make this call")
    return login


def _who(state: State, token: str) -> str:
    return state.logins[token]["name"]


def _next(state: State, kind: str) -> int:
    n = state.counters[kind]
    state.counters[kind] = n + 1
    return n


def _blank(value: Any) -> bool:
    return not isinstance(value, str) or not value.strip()


def _get(table: Dict[str, Any], key: Any, what: str) -> Any:
    row = table.get(key) if isinstance(key, str) else None
    if row is None:
        raise _Fail(E_NOTFOUND, f"no {what} {key!r}")
    return row


def _date(value: Any, name: str) -> str:
    try:
        return datetime.date.fromisoformat(value).isoformat()
    except (TypeError, ValueError):
        raise _Fail(E_INVALIDARG, f"{name} is a date written YYYY-MM-DD, not {value!r}") from None


def _days(a: str, b: str) -> int:
    return (datetime.date.fromisoformat(b) - datetime.date.fromisoformat(a)).days


def _enum(kind: type, value: Any, name: str) -> Any:
    try:
        return value if isinstance(value, kind) else kind(value)
    except ValueError:
        allowed = ", ".join(m.value for m in kind)
        raise _Fail(E_INVALIDARG, f"{name} is one of {allowed}, not {value!r}") from None


def _choice(value: Any, allowed: Tuple[str, ...], name: str) -> str:
    if value not in allowed:
        raise _Fail(E_INVALIDARG, f"{name} is one of {', '.join(allowed)}, not {value!r}")
    return value


def _number(value: Any) -> bool:
    return not isinstance(value, bool) and isinstance(value, (int, float))


def _same(a: Any, b: Any) -> bool:
    return isinstance(a, str) and isinstance(b, str) and " ".join(a.split()).lower() == " ".join(b.split()).lower()


def _appointment(state: State, aid: str) -> Appointment:
    a = state.appointments[aid]
    return Appointment(hr=S_OK, appointment_id=aid, date=a["date"], time=a["time"], service=a["service"],
                       name=a["name"], phone=a["phone"], appointment_state=a["state"])


def _draft(state: State, did: str) -> Draft:
    d = state.drafts[did]
    return Draft(hr=S_OK, draft_id=did, event=d["event"], appointment_id=d["appointment"], informant=d["informant"],
                 particulars=[[k, v] for k, v in d["particulars"].items()], late_authority=d["authority"],
                 draft_state=d["state"])


def _mccd(state: State, mid: str) -> Mccd:
    m = state.mccds[mid]
    return Mccd(hr=S_OK, mccd_id=mid, deceased=m["deceased"], date_of_death=m["date_of_death"],
                place_of_death=m["place_of_death"], causes=list(m["causes"]), medical_examiner=m["examiner"],
                notify_coroner=m["notify"], mccd_state=m["state"])


def _referral(state: State, rid: str) -> Referral:
    r = state.referrals[rid]
    return Referral(hr=S_OK, referral_id=rid, mccd_id=r["mccd"], deceased=state.mccds[r["mccd"]]["deceased"],
                    reason=r["reason"], form=r["form"], coroner_officer=r["officer"])


def _entry_reply(state: State, eid: str) -> Entry:
    e = state.entries[eid]
    return Entry(hr=S_OK, entry_id=eid, event=e["event"], name=e["name"], date=e["date"], district=DISTRICT,
                 registered_on=e["registered"], particulars=[[k, v] for k, v in e["particulars"].items()],
                 marginal_notes=[list(n) for n in e["notes"]])


def _order(state: State, oid: str) -> Order:
    o = state.orders[oid]
    return Order(hr=S_OK, order_id=oid, entry_id=o["entry"], name=state.entries[o["entry"]]["name"],
                 fee_code=o["fee"], copies=o["copies"], amount_due=o["due"], applicant=o["applicant"],
                 delivery=o["delivery"], address=o["address"], order_state=o["state"])


def _correction(state: State, cid: str) -> Correction:
    c = state.corrections[cid]
    return Correction(hr=S_OK, correction_id=cid, entry_id=c["entry"], particular=c["particular"],
                      recorded_value=c["recorded"], correct_value=c["correct"], applicant=c["applicant"],
                      evidence=[list(x) for x in c["evidence"]], correction_state=c["state"])


def _candidate(state: State, cid: str) -> Candidate:
    c = state.candidates[cid]
    return Candidate(hr=S_OK, candidate_id=cid, name=c["name"], home_office_ref=c["ref"], route=c["route"],
                     invited_on=c["invited"], ceremony_id=c["ceremony"], identity_checked=c["identity"] is not None,
                     words=c["words"], certificate_presented=c["certificate"] is not None)


def _case(state: State, nid: str) -> NcsCase:
    n = state.ncs[nid]
    return NcsCase(hr=S_OK, case_id=nid, appointment_id=n["appointment"], applicant=n["applicant"],
                   route=n["route"], documents=[list(d) for d in n["documents"]], fee_paid=n["fee"] is not None,
                   case_state=n["state"])


def _arrived_for(state: State, aid: Any, services: Tuple[str, ...]) -> Dict[str, Any]:
    a = _get(state.appointments, aid, "appointment")
    if a["service"] not in services:
        raise _Fail(E_INVALIDARG, f"{aid} is an appointment for a {a['service']} registration, not "
                                  f"{' or '.join(services)}")
    if a["state"] == "done":
        raise _Fail(E_ALREADY, f"{aid} has been seen already")
    if a["state"] != "arrived":
        raise _Fail(MRG_E_WRONGSTATE, f"{aid} is {a['state']}: the informant has not been marked arrived")
    return a


# --------------------------------------------------------------------------- sessions and public information


async def log_on(state: State, username: str, password: str) -> Union[Session, Fault]:
    """Log on to the registration system.

    :param username: The user name, such as ``odile.f``.
    :param password: The password.
    :returns: The session, with the token every call but ``log_on``, ``fee_schedule`` and ``ceremony_calendar``
        needs, the user's name and role.
    """
    user = state.staff.get(username) if isinstance(username, str) else None
    if user is None or user["password"] != password:
        return _Fail(MRG_E_LOGON, "logon refused: unknown user name or wrong password").fault("Margent.Session")
    token = f"qro-{username}-{len(state.logins) + 1}"
    state.logins[token] = {"username": username, **user}
    return Session(hr=S_OK, token=token, name=user["name"], role=user["role"], logged_on=NOW)


@desk()
async def log_off(state: State, token: str) -> Union[str, Fault]:
    """End a session.

    :param token: The session's token.
    :returns: A sentence saying who logged off.
    """
    login = state.logins.pop(token)
    return f"Logged off {login['name']} at {NOW[11:]}."


async def fee_schedule() -> FeeSchedule:
    """The office's statutory and local fees (public; no session needed).

    :returns: The fees as rows ``[code, description, amount]``; an order and an NCS fee name their fee by its code.
    """
    return FeeSchedule(hr=S_OK, currency="GBP", rows=[list(f) for f in FEES],
                       notes="Statutory fees are set by the General Register Office; local fees by the council.")


async def ceremony_calendar(state: State) -> List[List[Any]]:
    """The citizenship ceremonies from today on, with the places left at each (public; no session needed).

    :returns: Rows ``[ceremony_id, date, time, venue, kind, places_left]``, by date.
    """
    return [[cid, date, time, venue, kind, places - _booked(state, cid)]
            for cid, (date, time, venue, kind, places) in sorted(state.ceremonies.items(), key=lambda c: c[1][0])
            if date >= TODAY]


def _booked(state: State, ceremony_id: str) -> int:
    return sum(c["ceremony"] == ceremony_id for c in state.candidates.values())


# --------------------------------------------------------------------------- appointments and the registers


@desk()
async def office_diary(state: State, token: str, date: str,
                       service: Optional[ServiceFilter] = None) -> Union[List[Appointment], Fault]:
    """The appointments booked for a day.

    :param token: The session's token.
    :param date: The day, written YYYY-MM-DD.
    :param service: Only appointments for this service: ``birth``, ``death`` or ``ncs``.
    :returns: The day's appointments by time, each with the informant's or applicant's name and phone and its state
        (``booked``, ``arrived``, ``done`` or ``cancelled``).
    """
    day = _date(date, "date")
    if service is not None:
        _choice(service, ("birth", "death", "ncs"), "service")
    return [_appointment(state, aid) for aid, a in sorted(state.appointments.items(), key=lambda x: x[1]["time"])
            if a["date"] == day and (service is None or a["service"] == service)]


@desk("registrar", "ceremonies")
async def book_appointment(state: State, token: str, service: Service, date: str, time: str, name: str,
                           phone: str) -> Union[Appointment, Fault]:
    """Book an appointment to register a birth or a death, or for the nationality checking service.

    :param token: The session's token.
    :param service: What the appointment is for.
    :param date: The day, written YYYY-MM-DD (today or later, not a Sunday).
    :param time: The time, written HH:MM.
    :param name: The informant's or applicant's full name.
    :param phone: A phone number for them.
    :returns: The appointment booked.
    """
    kind = _enum(Service, service, "service").value
    day = _date(date, "date")
    if day < TODAY:
        raise _Fail(E_INVALIDARG, f"{day} is in the past")
    if datetime.date.fromisoformat(day).weekday() == 6:
        raise _Fail(MRG_E_STATUTE, "the office does not open on Sundays")
    if not isinstance(time, str) or len(time) != 5 or time[2] != ":" or not (time[:2] + time[3:]).isdigit() \
            or time[3:] not in ("00", "15", "30", "45") or not "09:00" <= time <= "16:30":
        raise _Fail(E_INVALIDARG, "time is a quarter hour from 09:00 to 16:30, written HH:MM")
    if _blank(name) or _blank(phone):
        raise _Fail(E_INVALIDARG, "name and phone are required")
    if any(a["date"] == day and a["time"] == time and a["state"] != "cancelled" for a in state.appointments.values()):
        raise _Fail(MRG_E_STATUTE, f"{day} {time} is taken; choose another time")
    aid = f"AP-{_next(state, 'appointment')}"
    state.appointments[aid] = {"date": day, "time": time, "service": kind, "name": " ".join(name.split()),
                               "phone": phone.strip(), "state": "booked"}
    return _appointment(state, aid)


@desk("registrar", "ceremonies")
async def record_arrival(state: State, token: str, appointment_id: str) -> Union[str, Fault]:
    """Mark an informant or applicant arrived for today's appointment.

    :param token: The session's token.
    :param appointment_id: The appointment.
    :returns: A sentence saying who arrived for which appointment.
    """
    a = _get(state.appointments, appointment_id, "appointment")
    if a["state"] == "arrived":
        raise _Fail(E_ALREADY, f"{a['name']} has been marked arrived already")
    if a["state"] != "booked":
        raise _Fail(MRG_E_WRONGSTATE, f"{appointment_id} is {a['state']}")
    if a["date"] != TODAY:
        raise _Fail(MRG_E_STATUTE, f"{appointment_id} is on {a['date']}; arrivals are marked on the day")
    a["state"] = "arrived"
    return f"{a['name']} marked arrived for {appointment_id} ({a['service']}, {a['time']})."


@desk("registrar", "ceremonies")
async def cancel_appointment(state: State, token: str, appointment_id: str, reason: str) -> Union[str, Fault]:
    """Cancel an appointment that has not been seen.

    :param token: The session's token.
    :param appointment_id: The appointment.
    :param reason: Why it is cancelled.
    :returns: A sentence saying which appointment was cancelled.
    """
    a = _get(state.appointments, appointment_id, "appointment")
    if _blank(reason):
        raise _Fail(E_INVALIDARG, "reason is required")
    if a["state"] == "cancelled":
        raise _Fail(E_ALREADY, f"{appointment_id} is cancelled already")
    if a["state"] != "booked":
        raise _Fail(MRG_E_WRONGSTATE, f"{appointment_id} is {a['state']}; only a booked appointment is cancelled")
    a["state"] = "cancelled"
    return f"Cancelled {appointment_id} ({a['name']}, {a['date']} {a['time']}): {reason.strip()}"


@desk("registrar")
async def set_register(state: State, token: str, book: RegisterBook, is_open: bool) -> Union[RegisterState, Fault]:
    """Open or close the day's register of births or of deaths.

    :param token: The session's token.
    :param book: Which register: ``births`` or ``deaths``.
    :param is_open: True to open it, False to close it.
    :returns: The register's state.
    """
    book = _enum(RegisterBook, book, "book").value
    if not isinstance(is_open, bool):
        raise _Fail(E_INVALIDARG, "is_open is true or false")
    if state.registers[book][0] == is_open:
        raise _Fail(E_ALREADY, f"the {book} register is {'open' if is_open else 'closed'} already")
    state.registers[book] = [is_open, _who(state, token)]
    prefix = "BE-" if book == "births" else "DE-"
    today = sum(eid.startswith(prefix) and e["registered"] == TODAY for eid, e in state.entries.items())
    return RegisterState(hr=S_OK, register=book, is_open=is_open, changed_by=_who(state, token), entries_today=today)


# --------------------------------------------------------------------------- drafts: births and deaths


@desk("registrar")
async def start_birth(state: State, token: str, appointment_id: str, forenames: str, surname: str, sex: Sex,
                      date_of_birth: str, place_of_birth: str, parents_married: bool) -> Union[Draft, Fault]:
    """Take the particulars of a birth into a draft entry, for the informant who has arrived.

    :param token: The session's token.
    :param appointment_id: The informant's appointment for a birth, marked arrived.
    :param forenames: The child's forenames.
    :param surname: The child's surname.
    :param sex: The child's sex.
    :param date_of_birth: The date of birth, written YYYY-MM-DD.
    :param place_of_birth: Where the child was born.
    :param parents_married: Whether the parents were married to each other (or civil partners) at the birth.
    :returns: The draft, open for the parents' particulars.
    """
    a = _arrived_for(state, appointment_id, ("birth",))
    if _blank(forenames) or _blank(surname) or _blank(place_of_birth):
        raise _Fail(E_INVALIDARG, "forenames, surname and place_of_birth are required")
    kind = _enum(Sex, sex, "sex").value
    born = _date(date_of_birth, "date_of_birth")
    if not isinstance(parents_married, bool):
        raise _Fail(E_INVALIDARG, "parents_married is true or false")
    if born > TODAY:
        raise _Fail(E_INVALIDARG, "date_of_birth is in the future")
    if _days(born, TODAY) > 365:
        raise _Fail(MRG_E_STATUTE, "a birth more than twelve months ago is registered only with the Registrar "
                                   "General's authority; refer the informant to the General Register Office")
    if any(d["appointment"] == appointment_id and d["state"] != "registered" for d in state.drafts.values()):
        raise _Fail(E_ALREADY, f"a draft is open for {appointment_id} already")
    did = f"DR-{_next(state, 'draft')}"
    state.drafts[did] = {"event": "birth", "appointment": appointment_id, "informant": a["name"],
                         "particulars": {"forenames": " ".join(forenames.split()), "surname": surname.strip(),
                                         "sex": kind, "date_of_birth": born, "place_of_birth": place_of_birth.strip(),
                                         "parents_married": parents_married},
                         "authority": None, "state": "open"}
    return _draft(state, did)


@desk("registrar")
async def add_parent(state: State, token: str, draft_id: str, parent: Parent, forenames: str, surname: str,
                     place_of_birth: str, occupation: Optional[str] = None,
                     attending: bool = False) -> Union[Draft, Fault]:
    """Enter a parent's particulars on a draft birth entry.

    :param token: The session's token.
    :param draft_id: The draft birth entry.
    :param parent: ``mother`` or ``father``.
    :param forenames: The parent's forenames.
    :param surname: The parent's surname.
    :param place_of_birth: Where the parent was born.
    :param occupation: The parent's occupation.
    :param attending: Whether the father is at the office with the mother to sign.
    :returns: The draft with the parent's particulars.
    """
    d = _get(state.drafts, draft_id, "draft")
    if d["event"] != "birth":
        raise _Fail(E_INVALIDARG, f"{draft_id} is a draft {d['event']} entry; parents go on a birth")
    if d["state"] != "open":
        raise _Fail(MRG_E_WRONGSTATE, f"{draft_id} is {d['state']}; a signed draft is not changed")
    who = _choice(parent, ("mother", "father"), "parent")
    if _blank(forenames) or _blank(surname) or _blank(place_of_birth):
        raise _Fail(E_INVALIDARG, "forenames, surname and place_of_birth are required")
    if who in d["particulars"]:
        raise _Fail(E_ALREADY, f"the {who}'s particulars are on {draft_id} already")
    if who == "father" and not d["particulars"]["parents_married"] and attending is not True:
        raise _Fail(MRG_E_STATUTE, "the father of a child whose parents are not married is entered only when he "
                                   "attends and signs with the mother, or on a statutory declaration (section 10)")
    d["particulars"][who] = f"{' '.join(forenames.split())} {surname.strip()}"
    d["particulars"][f"{who}_place_of_birth"] = place_of_birth.strip()
    if isinstance(occupation, str) and occupation.strip():
        d["particulars"][f"{who}_occupation"] = occupation.strip()
    return _draft(state, draft_id)


@desk("superintendent")
async def authorise_late_registration(state: State, token: str, draft_id: str, reason: str) -> Union[Draft, Fault]:
    """Authorise a birth registered more than three months after it (the superintendent registrar's authority).

    :param token: The session's token.
    :param draft_id: The draft birth entry.
    :param reason: Why the birth was not registered in time.
    :returns: The draft with the authority noted.
    """
    d = _get(state.drafts, draft_id, "draft")
    if d["event"] != "birth":
        raise _Fail(E_INVALIDARG, f"{draft_id} is a draft {d['event']} entry")
    if _blank(reason):
        raise _Fail(E_INVALIDARG, "reason is required")
    if d["authority"] is not None:
        raise _Fail(E_ALREADY, f"{draft_id} is authorised already")
    if d["state"] != "open":
        raise _Fail(MRG_E_WRONGSTATE, f"{draft_id} is {d['state']}")
    if _days(d["particulars"]["date_of_birth"], TODAY) <= 91:
        raise _Fail(MRG_E_STATUTE, "the birth is within three months: no authority is needed")
    d["authority"] = f"{_who(state, token)}, {TODAY}: {reason.strip()}"
    return _draft(state, draft_id)


@desk("registrar")
async def mccd_inbox(state: State, token: str, mccd_state: Optional[MccdState] = None) -> Union[List[Mccd], Fault]:
    """The medical certificates of cause of death sent to the office by the medical examiners.

    :param token: The session's token.
    :param mccd_state: Only certificates in this state: ``received``, ``referred``, ``cleared`` or ``used``.
    :returns: The certificates by number, each with the deceased, the causes, the examiner and, where the coroner
        must be told, why.
    """
    if mccd_state is not None:
        _choice(mccd_state, ("received", "referred", "cleared", "used"), "mccd_state")
    return [_mccd(state, mid) for mid, m in sorted(state.mccds.items())
            if mccd_state is None or m["state"] == mccd_state]


@desk("registrar")
async def refer_to_coroner(state: State, token: str, mccd_id: str, reason: str) -> Union[Referral, Fault]:
    """Refer a death to the coroner before it is registered.

    :param token: The session's token.
    :param mccd_id: The medical certificate of cause of death.
    :param reason: Why the coroner must be told.
    :returns: The referral, awaiting the coroner's decision.
    """
    m = _get(state.mccds, mccd_id, "certificate")
    if _blank(reason):
        raise _Fail(E_INVALIDARG, "reason is required")
    if m["state"] in ("referred", "cleared"):
        raise _Fail(E_ALREADY, f"{mccd_id} has been referred already")
    if m["state"] != "received":
        raise _Fail(MRG_E_WRONGSTATE, f"{mccd_id} is {m['state']}")
    rid = f"CR-{_next(state, 'referral'):04d}"
    state.referrals[rid] = {"mccd": mccd_id, "reason": reason.strip(), "form": None, "officer": None}
    m["state"] = "referred"
    return _referral(state, rid)


@desk("registrar")
async def record_coroner_decision(state: State, token: str, referral_id: str, form: CoronerForm,
                                  coroner_officer: str) -> Union[Referral, Fault]:
    """Record the coroner's form clearing a referred death for registration.

    :param token: The session's token.
    :param referral_id: The referral.
    :param form: ``100A`` (no post-mortem needed) or ``100B`` (after a post-mortem).
    :param coroner_officer: The coroner's officer who sent it.
    :returns: The referral, decided.
    """
    r = _get(state.referrals, referral_id, "referral")
    kind = _choice(form, ("100A", "100B"), "form")
    if _blank(coroner_officer):
        raise _Fail(E_INVALIDARG, "coroner_officer is required")
    if r["form"] is not None:
        raise _Fail(E_ALREADY, f"{referral_id} has the coroner's form {r['form']} already")
    r["form"], r["officer"] = kind, coroner_officer.strip()
    state.mccds[r["mccd"]]["state"] = "cleared"
    return _referral(state, referral_id)


@desk("registrar")
async def start_death(state: State, token: str, appointment_id: str, mccd_id: str, qualification: Qualification,
                      date_of_birth: str, place_of_birth: str, occupation: str,
                      usual_address: str) -> Union[Draft, Fault]:
    """Take the particulars of a death into a draft entry, on its medical certificate, for the informant who has
    arrived.

    :param token: The session's token.
    :param appointment_id: The informant's appointment for a death, marked arrived.
    :param mccd_id: The medical certificate of cause of death.
    :param qualification: How the informant is qualified to register the death.
    :param date_of_birth: The deceased's date of birth, written YYYY-MM-DD.
    :param place_of_birth: Where the deceased was born.
    :param occupation: The deceased's occupation.
    :param usual_address: The deceased's usual address.
    :returns: The draft, ready for the informant to sign.
    """
    a = _arrived_for(state, appointment_id, ("death",))
    m = _get(state.mccds, mccd_id, "certificate")
    qual = _enum(Qualification, qualification, "qualification").value
    born = _date(date_of_birth, "date_of_birth")
    if _blank(place_of_birth) or _blank(occupation) or _blank(usual_address):
        raise _Fail(E_INVALIDARG, "place_of_birth, occupation and usual_address are required")
    if m["state"] == "used":
        raise _Fail(E_ALREADY, f"{mccd_id} has been used for a registration already")
    if m["state"] == "referred":
        raise _Fail(MRG_E_WRONGSTATE, f"{mccd_id} is with the coroner; wait for the coroner's form 100A or 100B")
    if m["notify"] and m["state"] != "cleared":
        raise _Fail(MRG_E_STATUTE, f"the death must be referred to the coroner first ({m['notify']}); it is "
                                   "registered on the coroner's form 100A or 100B")
    if born >= m["date_of_death"]:
        raise _Fail(E_INVALIDARG, "date_of_birth is after the date of death")
    if qual == "person_arranging_funeral" and m["place_of_death"].endswith("Hospital"):
        raise _Fail(MRG_E_STATUTE, "for a death in a hospital the informant is a relative or a person present at "
                                   "the death; the person arranging the funeral is not qualified")
    if any(d["appointment"] == appointment_id and d["state"] != "registered" for d in state.drafts.values()):
        raise _Fail(E_ALREADY, f"a draft is open for {appointment_id} already")
    did = f"DR-{_next(state, 'draft')}"
    state.drafts[did] = {"event": "death", "appointment": appointment_id, "informant": a["name"], "mccd": mccd_id,
                         "particulars": {"name": m["deceased"], "date_of_death": m["date_of_death"],
                                         "place_of_death": m["place_of_death"], "date_of_birth": born,
                                         "place_of_birth": place_of_birth.strip(),
                                         "occupation": occupation.strip(), "usual_address": usual_address.strip(),
                                         "cause": "; ".join(m["causes"]), "informant_qualification": qual},
                         "authority": None, "state": "open"}
    return _draft(state, did)


@desk("registrar")
async def sign_entry(state: State, token: str, draft_id: str, signed_by: str) -> Union[Draft, Fault]:
    """Take the informant's signature on a draft entry they have checked.

    :param token: The session's token.
    :param draft_id: The draft entry.
    :param signed_by: The name the informant signs in, as on the appointment.
    :returns: The draft, signed.
    """
    d = _get(state.drafts, draft_id, "draft")
    if d["state"] != "open":
        raise _Fail(E_ALREADY if d["state"] == "signed" else MRG_E_WRONGSTATE, f"{draft_id} is {d['state']}")
    if not _same(signed_by, d["informant"]):
        raise _Fail(MRG_E_STATUTE, f"the informant, {d['informant']}, signs the entry in person")
    if d["event"] == "birth":
        if "mother" not in d["particulars"]:
            raise _Fail(MRG_E_WRONGSTATE, f"{draft_id} has no mother's particulars; a birth entry needs them")
        if _days(d["particulars"]["date_of_birth"], TODAY) > 91 and d["authority"] is None:
            raise _Fail(MRG_E_STATUTE, "the birth was more than three months ago: the superintendent registrar "
                                       "must authorise the registration before the informant signs")
        if _days(d["particulars"]["date_of_birth"], TODAY) > 42:
            d["particulars"]["late"] = "registered after 42 days"
    d["state"] = "signed"
    return _draft(state, draft_id)


@desk("registrar")
async def register_entry(state: State, token: str, draft_id: str) -> Union[Entry, Fault]:
    """Register a signed draft in the day's register, which gives it its entry number.

    :param token: The session's token.
    :param draft_id: The signed draft entry.
    :returns: The entry as registered.
    """
    d = _get(state.drafts, draft_id, "draft")
    if d["state"] == "registered":
        raise _Fail(E_ALREADY, f"{draft_id} is registered already")
    if d["state"] != "signed":
        raise _Fail(MRG_E_WRONGSTATE, f"{draft_id} is {d['state']}; the informant signs it first")
    book = "births" if d["event"] == "birth" else "deaths"
    if not state.registers[book][0]:
        raise _Fail(MRG_E_WRONGSTATE, f"the {book} register is closed; open it first")
    p = d["particulars"]
    if d["event"] == "birth":
        eid = f"BE-{_next(state, 'birth')}"
        name, date = f"{p['forenames']} {p['surname']}", p["date_of_birth"]
        keep = {k: v for k, v in p.items() if k not in ("parents_married", "late", "date_of_birth")}
    else:
        eid = f"DE-{_next(state, 'death')}"
        name, date = p["name"], p["date_of_death"]
        keep = {k: v for k, v in p.items() if k not in ("name", "date_of_death")}
        state.mccds[d["mccd"]]["state"] = "used"
    keep["informant"] = d["informant"]
    state.entries[eid] = _entry(d["event"], name, date, TODAY, keep)
    d["state"] = "registered"
    state.appointments[d["appointment"]]["state"] = "done"
    return _entry_reply(state, eid)


def _death_entry(state: State, entry_id: Any) -> Dict[str, Any]:
    e = _get(state.entries, entry_id, "entry")
    if e["event"] != "death":
        raise _Fail(E_INVALIDARG, f"{entry_id} is a {e['event']} entry, not a death")
    return e


@desk("registrar")
async def issue_disposal_certificate(state: State, token: str, entry_id: str,
                                     disposal: Disposal) -> Union[str, Fault]:
    """Issue the certificate for burial or cremation (the green form) for a registered death.

    :param token: The session's token.
    :param entry_id: The death entry.
    :param disposal: ``burial`` or ``cremation``.
    :returns: A sentence with the certificate's number.
    """
    e = _death_entry(state, entry_id)
    kind = _choice(disposal, ("burial", "cremation"), "disposal")
    if _days(e["registered"], TODAY) > 30:
        raise _Fail(MRG_E_STATUTE, f"{entry_id} was registered on {e['registered']}: a certificate for burial or "
                                   "cremation this long after registration is issued by the superintendent registrar "
                                   "on a statutory declaration")
    if entry_id in state.disposals:
        raise _Fail(E_ALREADY, f"the certificate for burial or cremation for {entry_id} is {state.disposals[entry_id]}"
                               " already; a replacement is asked of the superintendent registrar")
    number = f"GF-{_next(state, 'green')}"
    state.disposals[entry_id] = number
    return f"Issued certificate for {kind} {number} for {e['name']} ({entry_id}) to the informant."


@desk("registrar")
async def tell_us_once(state: State, token: str, entry_id: str) -> Union[str, Fault]:
    """Give the informant a Tell Us Once reference for a registered death, so that government services are told.

    :param token: The session's token.
    :param entry_id: The death entry.
    :returns: A sentence with the reference.
    """
    e = _death_entry(state, entry_id)
    if entry_id in state.tell_us_once:
        raise _Fail(E_ALREADY, f"{entry_id} has Tell Us Once reference {state.tell_us_once[entry_id]} already")
    ref = f"TU-{_next(state, 'tuo')}"
    state.tell_us_once[entry_id] = ref
    return f"Tell Us Once reference {ref} given for {e['name']} ({entry_id}); it is valid for 28 days."


# --------------------------------------------------------------------------- the indexes and certificates


@desk()
async def search_index(state: State, token: str, event: Event, surname: str, year: Optional[int] = None,
                       forenames: Optional[str] = None) -> Union[IndexSearch, Fault]:
    """Search the office's index of registered births or deaths.

    :param token: The session's token.
    :param event: ``birth`` or ``death``.
    :param surname: The surname on the entry.
    :param year: Only entries of this year (of the birth or death).
    :param forenames: Only entries whose forenames start so.
    :returns: The matches as rows ``[entry_id, name, date, district, registered_on]``, by date; ``hr`` is 1
        (``S_FALSE``) when nothing matched.
    """
    kind = _enum(Event, event, "event").value
    if _blank(surname):
        raise _Fail(E_INVALIDARG, "surname is required")
    if year is not None and (isinstance(year, bool) or not isinstance(year, int)):
        raise _Fail(E_INVALIDARG, "year is a whole number such as 2051")
    s = surname.strip().lower()
    f = forenames.strip().lower() if isinstance(forenames, str) and forenames.strip() else None
    rows = [[eid, e["name"], e["date"], DISTRICT, e["registered"]]
            for eid, e in sorted(state.entries.items(), key=lambda x: (x[1]["date"], x[0]))
            if e["event"] == kind and e["name"].split()[-1].lower() == s
            and (year is None or e["date"][:4] == str(year)) and (f is None or e["name"].lower().startswith(f))]
    return IndexSearch(hr=S_OK if rows else S_FALSE, event=kind, surname=surname.strip(), rows=rows)


@desk()
async def entry_details(state: State, token: str, entry_id: str) -> Union[Entry, Fault]:
    """A registered entry in full.

    :param token: The session's token.
    :param entry_id: The entry.
    :returns: The entry with its particulars as rows ``[particular, value]`` and its marginal notes as rows
        ``[date, note, by]``.
    """
    _get(state.entries, entry_id, "entry")
    return _entry_reply(state, entry_id)


@desk("certificates")
async def order_certificate(state: State, token: str, entry_id: str, fee_code: str, copies: int, applicant: str,
                            delivery: Delivery, address: Optional[str] = None) -> Union[Order, Fault]:
    """Take an order for certified copies of an entry.

    :param token: The session's token.
    :param entry_id: The entry.
    :param fee_code: The certificate fee's code, from the fee schedule.
    :param copies: How many copies.
    :param applicant: Who is ordering.
    :param delivery: ``collect`` or ``post``.
    :param address: The address to post to.
    :returns: The order, awaiting payment.
    """
    _get(state.entries, entry_id, "entry")
    if not isinstance(fee_code, str) or fee_code not in FEE_AMOUNT:
        raise _Fail(E_INVALIDARG, f"no fee {fee_code!r} in the fee schedule")
    if not str(fee_code).startswith("CERT-"):
        raise _Fail(E_INVALIDARG, f"{fee_code} is not a certificate fee")
    if isinstance(copies, bool) or not isinstance(copies, int) or not 1 <= copies <= 10:
        raise _Fail(MRG_E_STATUTE, "an order is for 1 to 10 copies; more are a bulk order for the GRO")
    if _blank(applicant):
        raise _Fail(E_INVALIDARG, "applicant is required")
    how = _choice(delivery, ("collect", "post"), "delivery")
    if how == "post" and _blank(address):
        raise _Fail(E_INVALIDARG, "address is required to post the copies")
    if any(o["entry"] == entry_id and _same(o["applicant"], applicant) and o["state"] == "awaiting_payment"
           for o in state.orders.values()):
        raise _Fail(E_ALREADY, f"{applicant.strip()} has an unpaid order for {entry_id} already")
    oid = f"CO-{_next(state, 'order')}"
    state.orders[oid] = {"entry": entry_id, "fee": fee_code, "copies": copies,
                         "due": round(FEE_AMOUNT[fee_code] * copies, 2), "applicant": " ".join(applicant.split()),
                         "delivery": how, "address": address.strip() if how == "post" else None,
                         "state": "awaiting_payment"}
    return _order(state, oid)


@desk("certificates", "cashier")
async def orders(state: State, token: str, order_state: Optional[OrderState] = None) -> Union[List[Order], Fault]:
    """The certificate orders.

    :param token: The session's token.
    :param order_state: Only orders in this state: ``awaiting_payment``, ``paid``, ``printed`` or ``cancelled``.
    :returns: The orders by number, each with its entry, copies, what is due and the applicant.
    """
    if order_state is not None:
        _choice(order_state, ("awaiting_payment", "paid", "printed", "cancelled"), "order_state")
    return [_order(state, oid) for oid, o in sorted(state.orders.items())
            if order_state is None or o["state"] == order_state]


@desk("cashier")
async def take_payment(state: State, token: str, order_id: str, amount: float,
                       method: PayMethod) -> Union[str, Fault]:
    """Take payment for a certificate order.

    :param token: The session's token.
    :param order_id: The order.
    :param amount: The amount paid, which must be what is due.
    :param method: ``card``, ``cash`` or ``cheque``.
    :returns: The receipt number.
    """
    o = _get(state.orders, order_id, "order")
    how = _enum(PayMethod, method, "method").value
    if o["state"] != "awaiting_payment":
        raise _Fail(E_ALREADY if o["state"] in ("paid", "printed") else MRG_E_WRONGSTATE,
                    f"{order_id} is {o['state'].replace('_', ' ')}")
    if not _number(amount) or round(amount, 2) != o["due"]:
        raise _Fail(E_INVALIDARG, f"{order_id} is paid in full: {o['due']:.2f} is due")
    receipt = f"RC-{_next(state, 'receipt')}"
    state.receipts.append([receipt, order_id, o["due"], how, _who(state, token)])
    o["due"], o["state"] = 0.0, "paid"
    return receipt


@desk("certificates")
async def print_certificate(state: State, token: str, order_id: str) -> Union[str, Fault]:
    """Print the certified copies of a paid order.

    :param token: The session's token.
    :param order_id: The order.
    :returns: A sentence with the copies' serial numbers.
    """
    o = _get(state.orders, order_id, "order")
    if o["state"] == "printed":
        raise _Fail(E_ALREADY, f"{order_id} is printed already")
    if o["state"] != "paid":
        raise _Fail(MRG_E_WRONGSTATE, f"{order_id} is {o['state'].replace('_', ' ')}; it is printed once paid")
    first = _next(state, "serial")
    for _ in range(o["copies"] - 1):
        _next(state, "serial")
    o["state"] = "printed"
    serials = f"QRD {first}" + (f" to QRD {first + o['copies'] - 1}" if o["copies"] > 1 else "")
    notes = len(state.entries[o["entry"]]["notes"])
    return (f"Printed {o['copies']} certified cop{'ies' if o['copies'] > 1 else 'y'} of {o['entry']} "
            f"({state.entries[o['entry']]['name']}), serial {serials}, for {order_id}"
            + (f", with {notes} marginal note{'s' if notes > 1 else ''}" if notes else "")
            + (f"; to be posted to {o['address']}." if o["delivery"] == "post" else "; for collection."))


@desk("certificates")
async def cancel_order(state: State, token: str, order_id: str, reason: str) -> Union[str, Fault]:
    """Cancel a certificate order that has not been printed.

    :param token: The session's token.
    :param order_id: The order.
    :param reason: Why it is cancelled.
    :returns: A sentence saying the order was cancelled, and whether a refund is due.
    """
    o = _get(state.orders, order_id, "order")
    if _blank(reason):
        raise _Fail(E_INVALIDARG, "reason is required")
    if o["state"] == "cancelled":
        raise _Fail(E_ALREADY, f"{order_id} is cancelled already")
    if o["state"] == "printed":
        raise _Fail(MRG_E_WRONGSTATE, f"{order_id} is printed; a printed certificate is not refunded")
    paid = o["state"] == "paid"
    o["state"] = "cancelled"
    refund = round(FEE_AMOUNT[o["fee"]] * o["copies"], 2)
    return f"Cancelled {order_id}: {reason.strip()}" + (f"; refund {refund:.2f} to the applicant." if paid else ".")


# --------------------------------------------------------------------------- corrections


@desk("certificates")
async def request_correction(state: State, token: str, entry_id: str, particular: Particular, correct_value: str,
                             applicant: str) -> Union[Correction, Fault]:
    """Take an application to correct a particular of a registered entry (section 29).

    :param token: The session's token.
    :param entry_id: The entry.
    :param particular: The particular that is wrong.
    :param correct_value: What it should say.
    :param applicant: Who applies.
    :returns: The correction, pending its evidence and the superintendent registrar's approval.
    """
    e = _get(state.entries, entry_id, "entry")
    what = _enum(Particular, particular, "particular").value
    if what not in e["particulars"]:
        raise _Fail(E_INVALIDARG, f"{entry_id} has no particular {what}")
    if _blank(correct_value) or _blank(applicant):
        raise _Fail(E_INVALIDARG, "correct_value and applicant are required")
    if _same(e["particulars"][what], correct_value):
        raise _Fail(E_ALREADY, f"{entry_id} already says {e['particulars'][what]!r}")
    if any(c["entry"] == entry_id and c["particular"] == what and c["state"] == "pending"
           for c in state.corrections.values()):
        raise _Fail(E_ALREADY, f"a correction of {what} on {entry_id} is pending already")
    cid = f"CX-{_next(state, 'correction'):04d}"
    state.corrections[cid] = {"entry": entry_id, "particular": what, "recorded": e["particulars"][what],
                              "correct": correct_value.strip(), "applicant": " ".join(applicant.split()),
                              "evidence": [], "state": "pending"}
    return _correction(state, cid)


@desk("certificates")
async def add_evidence(state: State, token: str, correction_id: str, document: EvidenceDocument,
                       reference: str) -> Union[Correction, Fault]:
    """File a document that supports a pending correction.

    :param token: The session's token.
    :param correction_id: The correction.
    :param document: ``passport``, ``birth_certificate``, ``marriage_certificate``, ``deed_poll``,
        ``employer_letter`` or ``hospital_record``.
    :param reference: The document's number or a note of who issued it.
    :returns: The correction with its evidence as rows ``[document, reference, filed_by]``.
    """
    c = _get(state.corrections, correction_id, "correction")
    kind = _choice(document, ("passport", "birth_certificate", "marriage_certificate", "deed_poll",
                              "employer_letter", "hospital_record"), "document")
    if _blank(reference):
        raise _Fail(E_INVALIDARG, "reference is required")
    if c["state"] != "pending":
        raise _Fail(MRG_E_WRONGSTATE, f"{correction_id} is {c['state']}")
    if any(x[0] == kind for x in c["evidence"]):
        raise _Fail(E_ALREADY, f"a {kind.replace('_', ' ')} is filed on {correction_id} already")
    c["evidence"].append([kind, reference.strip(), _who(state, token)])
    return _correction(state, correction_id)


@desk("superintendent")
async def approve_correction(state: State, token: str, correction_id: str) -> Union[Correction, Fault]:
    """Approve a correction, which is written in the margin of the entry.

    :param token: The session's token.
    :param correction_id: The correction.
    :returns: The correction, approved.
    """
    c = _get(state.corrections, correction_id, "correction")
    if c["state"] == "approved":
        raise _Fail(E_ALREADY, f"{correction_id} is approved already")
    supports = EVIDENCE_FOR[c["particular"]]
    if not any(x[0] in supports for x in c["evidence"]):
        raise _Fail(MRG_E_STATUTE, f"a correction of {c['particular'].replace('_', ' ')} needs one of: "
                                   f"{', '.join(supports)}; none is filed")
    c["state"] = "approved"
    state.entries[c["entry"]]["notes"].append(
        [TODAY, f"In column {c['particular']}, for {c['recorded']!r} read {c['correct']!r}; corrected on "
                f"the application of {c['applicant']}", _who(state, token)])
    return _correction(state, correction_id)


@desk("certificates", "cashier")
async def corrections(state: State, token: str,
                      correction_state: Optional[CorrectionState] = None) -> Union[List[Correction], Fault]:
    """The applications to correct entries.

    :param token: The session's token.
    :param correction_state: Only corrections in this state: ``pending`` or ``approved``.
    :returns: The corrections by number, with their evidence as rows.
    """
    if correction_state is not None:
        _choice(correction_state, ("pending", "approved"), "correction_state")
    return [_correction(state, cid) for cid, c in sorted(state.corrections.items())
            if correction_state is None or c["state"] == correction_state]


# --------------------------------------------------------------------------- citizenship ceremonies


@desk("ceremonies")
async def find_candidate(state: State, token: str, surname: str) -> Union[List[Candidate], Fault]:
    """Find the people the Home Office has invited to a citizenship ceremony.

    :param token: The session's token.
    :param surname: The surname, or the start of it.
    :returns: The candidates by number, each with the Home Office's reference, the date of the invitation, the
        ceremony booked and where they stand.
    """
    if _blank(surname):
        raise _Fail(E_INVALIDARG, "surname is required")
    s = surname.strip().lower()
    return [_candidate(state, cid) for cid, c in sorted(state.candidates.items())
            if c["name"].split()[-1].lower().startswith(s)]


@desk("ceremonies")
async def book_ceremony(state: State, token: str, candidate_id: str, ceremony_id: str) -> Union[Candidate, Fault]:
    """Book a candidate onto a citizenship ceremony (moving them from any other they were booked on).

    :param token: The session's token.
    :param candidate_id: The candidate.
    :param ceremony_id: The ceremony, from the calendar.
    :returns: The candidate, booked.
    """
    c = _get(state.candidates, candidate_id, "candidate")
    cer = _get(state.ceremonies, ceremony_id, "ceremony")
    if c["words"] is not None:
        raise _Fail(MRG_E_WRONGSTATE, f"{c['name']} has made the oath or affirmation already")
    if c["ceremony"] == ceremony_id:
        raise _Fail(E_ALREADY, f"{c['name']} is booked on {ceremony_id} already")
    if cer[0] < TODAY:
        raise _Fail(E_INVALIDARG, f"{ceremony_id} was held on {cer[0]}")
    if _days(c["invited"], cer[0]) > 91:
        raise _Fail(MRG_E_STATUTE, f"the Home Office's invitation of {c['invited']} lapses after three months; "
                                   "the candidate asks the Home Office to extend it")
    if cer[4] - _booked(state, ceremony_id) <= 0:
        raise _Fail(MRG_E_STATUTE, f"{ceremony_id} is full")
    c["ceremony"] = ceremony_id
    return _candidate(state, candidate_id)


@desk("ceremonies")
async def verify_identity(state: State, token: str, candidate_id: str, document: IdDocument,
                          number: str) -> Union[Candidate, Fault]:
    """Check a candidate's identity document before the ceremony.

    :param token: The session's token.
    :param candidate_id: The candidate.
    :param document: The document seen.
    :param number: Its number.
    :returns: The candidate, identity checked.
    """
    c = _get(state.candidates, candidate_id, "candidate")
    kind = _enum(IdDocument, document, "document").value
    if _blank(number):
        raise _Fail(E_INVALIDARG, "number is required")
    if c["identity"] is not None:
        raise _Fail(E_ALREADY, f"{c['name']}'s identity was checked already ({c['identity'][0]})")
    c["identity"] = [kind, number.strip()]
    return _candidate(state, candidate_id)


@desk("ceremonies")
async def record_oath(state: State, token: str, candidate_id: str, words: Words) -> Union[Candidate, Fault]:
    """Record that a candidate made the oath or affirmation of allegiance and the pledge at today's ceremony.

    :param token: The session's token.
    :param candidate_id: The candidate.
    :param words: ``oath`` or ``affirmation``.
    :returns: The candidate.
    """
    c = _get(state.candidates, candidate_id, "candidate")
    form = _choice(words, ("oath", "affirmation"), "words")
    if c["words"] is not None:
        raise _Fail(E_ALREADY, f"{c['name']} made the {c['words']} already")
    if c["ceremony"] is None or state.ceremonies[c["ceremony"]][0] != TODAY:
        raise _Fail(MRG_E_WRONGSTATE, f"{c['name']} is not booked on today's ceremony")
    if c["identity"] is None:
        raise _Fail(MRG_E_WRONGSTATE, f"{c['name']}'s identity has not been checked")
    c["words"] = form
    return _candidate(state, candidate_id)


@desk("ceremonies")
async def present_certificate(state: State, token: str, candidate_id: str) -> Union[str, Fault]:
    """Present a candidate's certificate of naturalisation or registration after the oath or affirmation.

    :param token: The session's token.
    :param candidate_id: The candidate.
    :returns: A sentence with the certificate's number.
    """
    c = _get(state.candidates, candidate_id, "candidate")
    if c["certificate"] is not None:
        raise _Fail(E_ALREADY, f"{c['name']}'s certificate was presented already")
    if c["words"] is None:
        raise _Fail(MRG_E_WRONGSTATE, f"{c['name']} has not made the oath or affirmation")
    kind = "naturalisation" if c["route"] == "naturalisation" else "registration"
    number = ("N" if kind == "naturalisation" else "R") + c["ref"][1:8]
    c["certificate"] = number
    return f"Presented certificate of {kind} {number} to {c['name']} ({candidate_id}) at {c['ceremony']}."


@desk("ceremonies")
async def ceremony_return(state: State, token: str, ceremony_id: str) -> Union[str, Fault]:
    """Send the Home Office the return of a ceremony held today: who attended and who did not.

    :param token: The session's token.
    :param ceremony_id: The ceremony.
    :returns: A sentence with the return's number and its counts.
    """
    cer = _get(state.ceremonies, ceremony_id, "ceremony")
    if ceremony_id in state.returns:
        raise _Fail(E_ALREADY, f"the return for {ceremony_id} is {state.returns[ceremony_id]} already")
    if cer[0] != TODAY:
        raise _Fail(MRG_E_WRONGSTATE, f"{ceremony_id} is on {cer[0]}; a return is sent on the day")
    booked = [c for c in state.candidates.values() if c["ceremony"] == ceremony_id]
    done = [c for c in booked if c["certificate"] is not None]
    if not done:
        raise _Fail(MRG_E_WRONGSTATE, f"no certificate has been presented at {ceremony_id}")
    number = f"HOR-{_next(state, 'return'):03d}"
    state.returns[ceremony_id] = number
    return (f"Return {number} for {ceremony_id} sent to the Home Office: {len(done)} certificate"
            f"{'s' if len(done) != 1 else ''} presented, {len(booked) - len(done)} did not attend.")


# --------------------------------------------------------------------------- the nationality checking service


def _ncs(state: State, case_id: Any) -> Dict[str, Any]:
    return _get(state.ncs, case_id, "NCS case")


@desk("ceremonies")
async def open_ncs_case(state: State, token: str, appointment_id: str, route: NcsRoute) -> Union[NcsCase, Fault]:
    """Open a nationality checking service case for the applicant who has arrived.

    :param token: The session's token.
    :param appointment_id: The applicant's NCS appointment, marked arrived.
    :param route: ``naturalisation`` (an adult) or ``registration_child`` (a child registered as a citizen).
    :returns: The case, open for its documents.
    """
    a = _arrived_for(state, appointment_id, ("ncs",))
    kind = _choice(route, ("naturalisation", "registration_child"), "route")
    if any(n["appointment"] == appointment_id for n in state.ncs.values()):
        raise _Fail(E_ALREADY, f"a case is open for {appointment_id} already")
    nid = f"NC-{_next(state, 'ncs'):04d}"
    state.ncs[nid] = {"appointment": appointment_id, "applicant": a["name"], "route": kind, "documents": [],
                      "fee": None, "state": "open"}
    a["state"] = "done"
    return _case(state, nid)


@desk("ceremonies")
async def check_documents(state: State, token: str, case_id: str, documents: List[str]) -> Union[NcsCase, Fault]:
    """Record the original documents seen and copied for an NCS case.

    :param token: The session's token.
    :param case_id: The case.
    :param documents: The documents seen, such as ``passport`` and ``english_test``.
    :returns: The case with its documents as rows ``[document, seen_by, seen_at]``.
    """
    n = _ncs(state, case_id)
    if not isinstance(documents, list) or not documents or not all(isinstance(d, str) for d in documents):
        raise _Fail(E_INVALIDARG, "documents is a list of document names")
    bad = [d for d in documents if d not in NCS_DOCUMENTS]
    if bad:
        raise _Fail(E_INVALIDARG, f"unknown documents {', '.join(map(repr, bad))}; the documents are "
                                  f"{', '.join(NCS_DOCUMENTS)}")
    if n["state"] != "open":
        raise _Fail(MRG_E_WRONGSTATE, f"{case_id} is {n['state']}")
    new = [d for d in dict.fromkeys(documents) if all(x[0] != d for x in n["documents"])]
    if not new:
        raise _Fail(E_ALREADY, f"those documents are recorded on {case_id} already")
    n["documents"].extend([d, _who(state, token), NOW] for d in new)
    return _case(state, case_id)


@desk("ceremonies")
async def charge_ncs_fee(state: State, token: str, case_id: str, fee_code: str,
                         method: PayMethod) -> Union[str, Fault]:
    """Take the nationality checking service's fee for a case.

    :param token: The session's token.
    :param case_id: The case.
    :param fee_code: The NCS fee's code, from the fee schedule.
    :param method: ``card``, ``cash`` or ``cheque``.
    :returns: A sentence with the receipt number.
    """
    n = _ncs(state, case_id)
    how = _enum(PayMethod, method, "method").value
    if not isinstance(fee_code, str) or fee_code not in FEE_AMOUNT:
        raise _Fail(E_INVALIDARG, f"no fee {fee_code!r} in the fee schedule")
    if n["fee"] is not None:
        raise _Fail(E_ALREADY, f"the fee for {case_id} was taken already ({n['fee']})")
    if fee_code != NCS_FEE[n["route"]]:
        raise _Fail(MRG_E_STATUTE, f"{fee_code} is not the NCS fee for a {n['route'].replace('_', ' ')} case")
    receipt = f"RC-{_next(state, 'receipt')}"
    state.receipts.append([receipt, case_id, FEE_AMOUNT[fee_code], how, _who(state, token)])
    n["fee"] = receipt
    return f"Took {FEE_AMOUNT[fee_code]:.2f} by {how} for {case_id}, receipt {receipt}."


@desk("ceremonies")
async def submit_ncs(state: State, token: str, case_id: str) -> Union[str, Fault]:
    """Send a checked NCS case to the Home Office.

    :param token: The session's token.
    :param case_id: The case.
    :returns: A sentence with the Home Office's reference for the application.
    """
    n = _ncs(state, case_id)
    if n["state"] == "submitted":
        raise _Fail(E_ALREADY, f"{case_id} was sent already")
    seen = {d[0] for d in n["documents"]}
    missing = [" or ".join(group) for group in NCS_NEEDS[n["route"]] if not seen & set(group)]
    if missing:
        raise _Fail(MRG_E_STATUTE, f"a {n['route'].replace('_', ' ')} case needs sight of: {'; '.join(missing)}")
    if n["fee"] is None:
        raise _Fail(MRG_E_WRONGSTATE, f"the NCS fee for {case_id} has not been taken")
    n["state"] = "submitted"
    ref = f"HO/NCS/{case_id[3:]}/{TODAY[:4]}"
    return f"Sent {case_id} ({n['applicant']}) to the Home Office, reference {ref}."


TOOLS = [log_on, log_off, fee_schedule, ceremony_calendar, office_diary, book_appointment, record_arrival,
         cancel_appointment, set_register, start_birth, add_parent, authorise_late_registration, mccd_inbox,
         refer_to_coroner, record_coroner_decision, start_death, sign_entry, register_entry,
         issue_disposal_certificate, tell_us_once, search_index, entry_details, order_certificate, orders,
         take_payment, print_certificate, cancel_order, request_correction, add_evidence, approve_correction,
         corrections, find_candidate, book_ceremony, verify_identity, record_oath, present_certificate,
         ceremony_return, open_ncs_case, check_documents, charge_ncs_fee, submit_ncs]

FIXTURES = {
    "office": "Quarrendon Register Office, the Moot Hall, Quarrendon; registration district of Quarrendon",
    "today": "Tuesday 11 March 2053, 09:00; the office opens its registers each morning and closes them at night",
    "staff": [
        {"name": "Odile Trewhella", "role": "registrar", "username": "odile.f", "password": "Entry-Folio-31"},
        {"name": "Hepzibah Morcombe", "role": "certificates team", "username": "hepzibah.m",
         "password": "Certified-Copy-46"},
        {"name": "Lemuel Tremayne", "role": "ceremonies and nationality checking", "username": "lemuel.a",
         "password": "Union-Flag-27"},
        {"name": "Prudence Wyndlow", "role": "cashier", "username": "prudence.w", "password": "Till-Float-58"},
        {"name": "Ignatia Borrowdale", "role": "superintendent registrar", "username": "ignatia.b",
         "password": "Strong-Room-83"},
    ],
    "walk_in": {
        "informant": "Zebedee Quiller, whose mother Hephzibah died at Tregony House Care Home on Sunday; he was "
                     "booked for tomorrow morning but has come in today, and the half past one slot is free",
        "deceased": "Hephzibah Quiller, born 2 April 1931 in St Keverne, a retired seamstress, of Tregony House "
                    "Care Home, Quarrendon",
        "phone": "07700 900852",
    },
    "notes": [
        "Rosamund Carlyon registers her daughter Kerensa Lowdy Carlyon, born on 20 February at Quarrendon General "
        "Hospital; Rosamund is a potter born in Truro, and she is not married to the father, who is not coming",
        "Madoc Trethewey registers his son Cadan Madoc Trethewey, born on 1 March at home, 9 Netloft Lane; Madoc "
        "(an electrician, born in Quarrendon) is married to the mother, Tamara Trethewey (a midwife, born in "
        "Bodmin)",
        "Marguerite Ellacombe registers the death of her father, Aldous Ellacombe, who died in hospital on "
        "7 March with her at his bedside; he was born on 3 January 1939 in Quarrendon, a retired harbour master, "
        "of 22 Netloft Lane; the family want a cremation",
        "Kenelm Hoskyns registers the death of his brother Gervase; the certificate says the coroner must be told "
        "(asbestos at the shipyard); the coroner's officer, Jacoby Treloar, has said a form 100A will follow "
        "today; Gervase was born on 19 July 1951 in Falmouth, a retired lagger, of 14 Ropehaven Terrace, and "
        "Kenelm was with him when he died; burial at Quarrendon cemetery",
        "Morwenna Trelawny-Jago registers her son Jowan Trelawny-Jago, born on 2 October last year at Quarrendon "
        "General Hospital: she was in hospital herself for months afterwards; she is a solicitor born in "
        "Helston, and she is married to the father, Hedley Jago (a chef, born in Redruth)",
        "Morvoren Pengelly has posted a cheque for the two copies of her husband Hedyn's death entry she ordered",
        "Demelza Arbery is collecting the three copies of her mother's death entry she paid for last week",
        "Wilfrith Dandridge has brought a letter from his employer, Kittowe Joinery (ref KJ/2053/114), showing he "
        "is a joiner, not a 'jointer' as his daughter Bryluen's birth entry says",
        "Morvoren Pengelly asks for Hedyn's occupation to read 'Harbour pilot (retired)'; she has a letter from "
        "Quarrendon Pilotage Board, ref QHC/PEN/77",
        "Piran Carveth, who registered his mother Lowenna's death yesterday, now wants the green form for a "
        "burial and a Tell Us Once reference",
        "Today's ceremony: Radoslaw Wierzbicki's passport was checked at booking; Ebere Okonkwo-Lind brings her "
        "passport, number 533918276; Kojo Ofori-Atta has rung to say he is ill and cannot come",
        "Anjali Raghunathan asks to join today's ceremony rather than wait; she will show her residence permit, "
        "number ZR4471920, and will make the affirmation",
        "Yevgenia Sokolova-Pryce asks for a place at next Tuesday's ceremony",
        "Oluwaseun Adebanjo (NCS, naturalisation) has brought his passport, Life in the UK pass, English test "
        "certificate and his referee's declaration; he pays by card",
        "Farida Qureshi-Lowe (NCS, registering her son as a citizen) has his birth certificate and passport but "
        "has left her own passport at home",
        "Meliora Hargreaves has rung to cancel tomorrow's birth appointment: the baby's father will register instead",
    ],
}

# --------------------------------------------------------------------------- the designed prerequisites

_TOKEN = "auth: session token (token of log_on)"
PUBLIC = ("log_on", "fee_schedule", "ceremony_calendar")
TOKEN_CONSUMERS = [t.__name__ for t in TOOLS if t.__name__ not in PUBLIC]
APPOINTMENT_CONSUMERS = ["record_arrival", "cancel_appointment", "start_birth", "start_death", "open_ncs_case"]
ENTRY_CONSUMERS = ["issue_disposal_certificate", "tell_us_once", "entry_details", "order_certificate",
                   "request_correction"]
ORDER_CONSUMERS = ["take_payment", "print_certificate", "cancel_order"]
CORRECTION_CONSUMERS = ["add_evidence", "approve_correction"]
CANDIDATE_CONSUMERS = ["book_ceremony", "verify_identity", "record_oath", "present_certificate"]
NCS_CONSUMERS = ["check_documents", "charge_ncs_fee", "submit_ncs"]
_APPOINTMENT = ("id lookup/create: appointment (appointment_id of book_appointment's appointment, or of an "
                "office_diary entry)")
_ENTRY = "id lookup/create: entry (entry_id of register_entry's entry, or the first column of a search_index row)"
_ORDER = "id lookup/create: certificate order (order_id of order_certificate's order, or of an orders entry)"
_CORRECTION = "id lookup/create: correction (correction_id of request_correction's, or of a corrections entry)"
_CANDIDATE = "id lookup: candidate (candidate_id of a find_candidate entry)"
_NCS = "id create: NCS case (case_id of open_ncs_case's case)"

GROUND_TRUTH = (
    [("log_on", c, _TOKEN) for c in TOKEN_CONSUMERS]
    + [("office_diary|book_appointment", c, _APPOINTMENT) for c in APPOINTMENT_CONSUMERS]
    + [("register_entry|search_index", c, _ENTRY) for c in ENTRY_CONSUMERS]
    + [("order_certificate|orders", c, _ORDER) for c in ORDER_CONSUMERS]
    + [("request_correction|corrections", c, _CORRECTION) for c in CORRECTION_CONSUMERS]
    + [("find_candidate", c, _CANDIDATE) for c in CANDIDATE_CONSUMERS]
    + [("open_ncs_case", c, _NCS) for c in NCS_CONSUMERS]
    + [
        ("start_birth", "add_parent", "id create: draft (draft_id of start_birth's draft)"),
        ("start_birth", "authorise_late_registration", "id create: draft (draft_id of start_birth's draft)"),
        ("start_birth|start_death", "sign_entry", "id create: draft (draft_id of start_birth's or start_death's)"),
        ("start_birth|start_death", "register_entry",
         "id create: draft (draft_id of start_birth's or start_death's)"),
        ("mccd_inbox", "refer_to_coroner", "id lookup: MCCD (mccd_id of an mccd_inbox entry)"),
        ("refer_to_coroner", "record_coroner_decision", "id create: referral (referral_id of refer_to_coroner's)"),
        ("ceremony_calendar", "book_ceremony", "id lookup: ceremony (the first column of a ceremony_calendar row)"),
        ("ceremony_calendar", "ceremony_return", "id lookup: ceremony (the first column of a ceremony_calendar row)"),
        ("fee_schedule", "order_certificate", "vocabulary: the certificate fee codes (the first column of a fee row)"),
        ("fee_schedule", "charge_ncs_fee", "vocabulary: the NCS fee codes (the first column of a fee row)"),
        ("mccd_inbox", "start_death", "document: the medical certificate of cause of death, received"),
        ("add_evidence", "approve_correction", "document: the evidence that supports the correction, filed"),
        ("check_documents", "submit_ncs", "document: the original documents the route needs, seen"),
        ("verify_identity", "record_oath", "vetting: the candidate's identity checked"),
        ("authorise_late_registration", "sign_entry",
         "authority: the superintendent registrar's authority for a birth registered over three months late"),
        ("take_payment", "print_certificate", "payment: the order paid"),
        ("charge_ncs_fee", "submit_ncs", "payment: the NCS fee taken"),
        ("record_arrival", "start_birth", "state: the informant marked arrived"),
        ("record_arrival", "start_death", "state: the informant marked arrived"),
        ("record_arrival", "open_ncs_case", "state: the applicant marked arrived"),
        ("add_parent", "sign_entry", "state: the mother's particulars on the draft birth entry"),
        ("sign_entry", "register_entry", "state: the draft signed by the informant"),
        ("record_coroner_decision", "start_death", "state: the death cleared by the coroner (form 100A or 100B)"),
        ("book_ceremony", "record_oath", "state: the candidate booked on today's ceremony"),
        ("record_oath", "present_certificate", "state: the oath or affirmation made"),
        ("present_certificate", "ceremony_return", "state: a certificate presented at the ceremony"),
        ("set_register", "register_entry", "setting: the day's register of that kind open"),
    ]
)

# every pair the proofs make real (the later call fails when the earlier one is dropped) that is not designed: each
# lies two or three designed pairs along a chain (an appointment, a draft, an entry, an order, a case)
ALONG_THE_CHAINS = {
    ('add_parent', 'register_entry'), ('book_appointment', 'entry_details'),
    ('book_appointment', 'order_certificate'), ('book_appointment', 'register_entry'),
    ('book_appointment', 'sign_entry'), ('ceremony_calendar', 'record_oath'), ('fee_schedule', 'cancel_order'),
    ('fee_schedule', 'print_certificate'), ('fee_schedule', 'submit_ncs'), ('fee_schedule', 'take_payment'),
    ('find_candidate', 'ceremony_return'), ('mccd_inbox', 'entry_details'),
    ('mccd_inbox', 'issue_disposal_certificate'), ('mccd_inbox', 'order_certificate'),
    ('mccd_inbox', 'record_coroner_decision'), ('mccd_inbox', 'register_entry'),
    ('mccd_inbox', 'request_correction'), ('mccd_inbox', 'sign_entry'), ('mccd_inbox', 'tell_us_once'),
    ('office_diary', 'add_parent'), ('office_diary', 'authorise_late_registration'),
    ('office_diary', 'charge_ncs_fee'), ('office_diary', 'check_documents'),
    ('office_diary', 'issue_disposal_certificate'), ('office_diary', 'register_entry'),
    ('office_diary', 'request_correction'), ('office_diary', 'sign_entry'), ('office_diary', 'submit_ncs'),
    ('office_diary', 'tell_us_once'), ('record_arrival', 'add_parent'),
    ('record_arrival', 'authorise_late_registration'), ('record_arrival', 'charge_ncs_fee'),
    ('record_arrival', 'check_documents'), ('record_arrival', 'entry_details'),
    ('record_arrival', 'issue_disposal_certificate'), ('record_arrival', 'order_certificate'),
    ('record_arrival', 'register_entry'), ('record_arrival', 'request_correction'),
    ('record_arrival', 'sign_entry'), ('record_arrival', 'submit_ncs'), ('record_arrival', 'tell_us_once'),
    ('record_oath', 'ceremony_return'), ('refer_to_coroner', 'start_death'), ('search_index', 'add_evidence'),
    ('search_index', 'approve_correction'), ('search_index', 'cancel_order'), ('search_index', 'print_certificate'),
    ('search_index', 'take_payment'), ('set_register', 'entry_details'),
    ('set_register', 'issue_disposal_certificate'), ('set_register', 'order_certificate'),
    ('set_register', 'request_correction'), ('set_register', 'tell_us_once'), ('sign_entry', 'entry_details'),
    ('sign_entry', 'issue_disposal_certificate'), ('sign_entry', 'order_certificate'),
    ('sign_entry', 'request_correction'), ('sign_entry', 'tell_us_once'), ('start_death', 'entry_details'),
    ('start_death', 'issue_disposal_certificate'), ('start_death', 'order_certificate'),
    ('start_death', 'request_correction'), ('start_death', 'tell_us_once'),
    ('verify_identity', 'present_certificate'),
}
_DESIGNED = {(p, c) for ps, c, _ in GROUND_TRUTH for p in ps.split("|")}
_APPOINTMENT_SHOWN = ("office_diary", "book_appointment", "start_birth", "start_death", "add_parent",
                      "authorise_late_registration", "sign_entry", "open_ncs_case", "check_documents")
_ENTRY_SHOWN = ("search_index", "register_entry", "entry_details", "order_certificate", "orders",
                "request_correction", "corrections", "add_evidence", "approve_correction")
_ORDER_SHOWN = ("order_certificate", "orders")
_CORRECTION_SHOWN = ("request_correction", "corrections", "add_evidence", "approve_correction")
_CANDIDATE_SHOWN = ("find_candidate", "book_ceremony", "verify_identity", "record_oath")
_CEREMONY_SHOWN = ("ceremony_calendar", "find_candidate", "book_ceremony", "verify_identity", "record_oath")
_DRAFT_SHOWN = ("start_birth", "start_death", "add_parent", "authorise_late_registration", "sign_entry")
_DRAFT_CONSUMERS = ("add_parent", "authorise_late_registration", "sign_entry", "register_entry")
_MCCD_SHOWN = ("mccd_inbox", "refer_to_coroner", "record_coroner_decision")
_NCS_SHOWN = ("open_ncs_case", "check_documents")
PLAUSIBLE = (
    # ids shown in other lists and records: appointments on drafts and cases, entries on orders and corrections,
    # drafts, certificates of cause of death on referrals, candidates and ceremonies on candidates, fee codes on orders
    {(p, c) for p in _APPOINTMENT_SHOWN for c in APPOINTMENT_CONSUMERS}
    | {(p, c) for p in _ENTRY_SHOWN for c in ENTRY_CONSUMERS}
    | {(p, c) for p in _ORDER_SHOWN for c in ORDER_CONSUMERS}
    | {(p, c) for p in _CORRECTION_SHOWN for c in CORRECTION_CONSUMERS}
    | {(p, c) for p in _CANDIDATE_SHOWN for c in CANDIDATE_CONSUMERS}
    | {(p, c) for p in _CEREMONY_SHOWN for c in ("book_ceremony", "ceremony_return")}
    | {(p, c) for p in _DRAFT_SHOWN for c in _DRAFT_CONSUMERS}
    | {(p, c) for p in _MCCD_SHOWN for c in ("refer_to_coroner", "start_death")}
    | {(p, c) for p in _NCS_SHOWN for c in NCS_CONSUMERS}
    | {("orders", "order_certificate"), ("mccd_inbox", "record_coroner_decision")}
    | ALONG_THE_CHAINS
    # a record created or changed, then seen in the lists and records that show it
    | {(p, "office_diary") for p in ("book_appointment", "record_arrival", "cancel_appointment", "register_entry",
                                     "open_ncs_case")}
    | {(p, c) for p in ("register_entry", "approve_correction") for c in ("search_index", "entry_details")}
    | {(p, "orders") for p in ("order_certificate", "take_payment", "print_certificate", "cancel_order")}
    | {(p, "corrections") for p in ("request_correction", "add_evidence", "approve_correction")}
    | {(p, "find_candidate") for p in ("book_ceremony", "verify_identity", "record_oath", "present_certificate")}
    | {("book_ceremony", "ceremony_calendar")}
    | {(p, "mccd_inbox") for p in ("refer_to_coroner", "record_coroner_decision", "register_entry")}
) - _DESIGNED - {(t.__name__, t.__name__) for t in TOOLS}  # not the designed pairs, nor a tool with itself
