"""Lingohouse: the project desk of Lingohouse Translations, Manchester (36 calls).

Plain functions over an in-memory ``State`` of the agency on Thursday 9 November 2028. Project
managers find and register client companies, upload source files, analyse them against a language
pair, quote, send quotes and turn accepted quotes into projects; they pick translators and reviewers
from the linguist pool, attach client glossaries, take the translations back, run QA, resolve its
issues, sign off reviews, certify sworn translations and deliver to the client; finance sets payment
terms, invoices delivered projects, records payments and issues credit notes; complaints lead to
rework. The rate card (language pairs) is public.

Replies are pydantic models (a session, a client with contacts and open quotes nested, a language
pair, a source file, an analysis, a quote, a project with its assignments nested, a linguist, an
assignment, a QA report with its issues nested, a certificate, a delivery, an invoice with its lines
nested, a credit note, a complaint, a glossary with its terms nested) and lists of them. Every
refusal is *raised* as an ``AgencyError`` (subclasses ``NotSignedIn``, ``NoSuchRecord``,
``NotAllowed``, ``WrongStage``, ``BadRequest``). A quote, its project and its invoice share the
client's digits and a sequence (``Q-3322-01``, ``P-3322-01``, ``INV-3322-01``). Accepted file types,
payment-term lengths, return-file formats, complaint categories, the review pass mark and the
sworn-translator rule are named only in refusals.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as
provider means either tool satisfies it, and the text of ``what`` before its first ``:`` is the
kind.
"""

import copy
from datetime import date, timedelta
from enum import Enum
from typing import Dict, List, Literal, Optional

from pydantic import BaseModel

TODAY = "2028-11-09"

Service = Literal["translation", "translation_review", "certified"]
Turnaround = Literal["standard", "express"]
LinguistRole = Literal["translator", "reviewer"]
ContactRole = Literal["requester", "finance", "reviewer"]
Method = Literal["bacs", "card", "cheque"]
Resolution = Literal["fixed", "false_positive"]


class ProjectStatus(Enum):
    CONFIRMED = "confirmed"
    IN_PROGRESS = "in_progress"
    ON_HOLD = "on_hold"
    DELIVERED = "delivered"
    CANCELLED = "cancelled"


_FILE_TYPES = ("docx", "xlsx", "pptx", "idml", "xliff", "srt")
_RETURN_TYPES = (".xliff", ".sdlxliff", ".mqxliff")
_TERMS_DAYS = (14, 30, 45, 60)
_COMPLAINTS = ("accuracy", "terminology", "style", "formatting", "omission", "late_delivery")
_PASS_MARK = 85
_MINIMUM = 45.0
_VAT = 0.2
_PAIRS = [
    ["EN>DE", "English", "German", 0.12, True], ["EN>FR", "English", "French", 0.12, True],
    ["EN>ES", "English", "Spanish", 0.11, False], ["EN>PL", "English", "Polish", 0.10, False],
    ["DE>EN", "German", "English", 0.12, True], ["FR>EN", "French", "English", 0.12, False],
    ["EN>ZH-CN", "English", "Chinese (Simplified)", 0.14, False], ["EN>AR", "English", "Arabic", 0.15, True],
]


# --------------------------------------------------------------------------- refusals


class AgencyError(Exception):
    """A refusal from the project desk."""


class NotSignedIn(AgencyError):
    pass


class NoSuchRecord(AgencyError):
    pass


class NotAllowed(AgencyError):
    pass


class WrongStage(AgencyError):
    pass


class BadRequest(AgencyError):
    pass


# --------------------------------------------------------------------------- replies


class Session(BaseModel):
    token: str
    name: str
    role: str
    expires_at: str


class ClientSummary(BaseModel):
    client_id: str
    company: str
    country: str


class Contact(BaseModel):
    name: str
    email: str
    role: str


class QuoteRef(BaseModel):
    quote_id: str
    pair: str
    status: str
    total: float


class Client(BaseModel):
    client_id: str
    company: str
    country: str
    vat_number: Optional[str] = None
    payment_terms_days: Optional[int] = None
    po_required: bool = False
    contacts: List[Contact] = []
    open_quotes: List[QuoteRef] = []


class LanguagePair(BaseModel):
    code: str
    source: str
    target: str
    rate_per_word: float
    certified_available: bool


class SourceFile(BaseModel):
    file_id: str
    client_id: str
    filename: str
    file_type: str
    word_count: int


class Analysis(BaseModel):
    analysis_id: str
    client_id: str
    pair: str
    files: List[str]
    total_words: int
    new_words: int
    fuzzy_words: int
    repetitions: int
    weighted_words: int


class Quote(BaseModel):
    quote_id: str
    client_id: str
    pair: str
    service: str
    turnaround: str
    weighted_words: int
    rate_per_word: float
    total: float
    status: str
    valid_until: str


class Assignment(BaseModel):
    assignment_id: str
    project_id: str
    linguist_id: str
    linguist: str
    role: str
    words: int
    fee: float
    due: str
    status: str


class Project(BaseModel):
    project_id: str
    client_id: str
    quote_id: str
    pair: str
    service: str
    status: str
    due: str
    words: int
    client_po: Optional[str] = None
    glossary_id: Optional[str] = None
    certificate_no: Optional[str] = None
    assignments: List[Assignment] = []
    notes: List[str] = []


class ProjectSummary(BaseModel):
    project_id: str
    client: str
    pair: str
    service: str
    status: str
    due: str


class Linguist(BaseModel):
    linguist_id: str
    name: str
    pairs: List[str]
    specialisms: List[str]
    sworn: bool
    rate_per_word: float
    available_from: str


class QaIssue(BaseModel):
    no: int
    kind: str
    segment: int
    detail: str
    resolved: bool = False
    resolution: Optional[str] = None


class QaReport(BaseModel):
    qa_id: str
    project_id: str
    issues: List[QaIssue]
    passed: bool


class Certificate(BaseModel):
    certificate_no: str
    project_id: str
    translator: str
    declared_by: str
    issued_on: str


class Delivery(BaseModel):
    delivery_id: str
    project_id: str
    recipients: List[str]
    files: List[str]
    delivered_at: str


class InvoiceLine(BaseModel):
    description: str
    amount: float


class Invoice(BaseModel):
    invoice_no: str
    project_id: str
    client_id: str
    lines: List[InvoiceLine]
    net: float
    vat: float
    total: float
    paid: float
    balance: float
    due_date: str
    status: str


class CreditNote(BaseModel):
    credit_note_no: str
    invoice_no: str
    amount: float
    reason: str


class Complaint(BaseModel):
    complaint_id: str
    project_id: str
    category: str
    description: str
    status: str


class Glossary(BaseModel):
    glossary_id: str
    client_id: str
    name: str
    pair: str
    terms: List[Dict[str, str]]


# --------------------------------------------------------------------------- state


_LINGUISTS = {
    "LN-041": {"name": "Katrin Vogel", "pairs": ["EN>DE"], "specialisms": ["pharma", "medical"], "sworn": True,
               "rate": 0.075, "available_from": "2028-11-09"},
    "LN-057": {"name": "Jonas Brandt", "pairs": ["EN>DE"], "specialisms": ["legal", "technical"], "sworn": False,
               "rate": 0.065, "available_from": "2028-11-13"},
    "LN-063": {"name": "Helga Maier", "pairs": ["EN>DE", "DE>EN"], "specialisms": ["pharma"], "sworn": True,
               "rate": 0.08, "available_from": "2028-11-09"},
    "LN-072": {"name": "Camille Durand", "pairs": ["EN>FR"], "specialisms": ["legal"], "sworn": True,
               "rate": 0.07, "available_from": "2028-11-10"},
    "LN-088": {"name": "Piotr Zielinski", "pairs": ["EN>PL"], "specialisms": ["games", "software"], "sworn": False,
               "rate": 0.055, "available_from": "2028-11-09"},
    "LN-090": {"name": "Agnieszka Wrobel", "pairs": ["EN>PL"], "specialisms": ["games", "marketing"], "sworn": False,
               "rate": 0.06, "available_from": "2028-11-09"},
    "LN-095": {"name": "Lucia Ortega", "pairs": ["EN>ES"], "specialisms": ["games", "marketing"], "sworn": False,
               "rate": 0.055, "available_from": "2028-11-09"},
    "LN-102": {"name": "Markus Hahn", "pairs": ["DE>EN"], "specialisms": ["technical", "engineering"], "sworn": False,
               "rate": 0.07, "available_from": "2028-11-09"},
    "LN-108": {"name": "Sarah Whitcombe", "pairs": ["DE>EN"], "specialisms": ["technical"], "sworn": True,
               "rate": 0.075, "available_from": "2028-11-09"},
}


class State:
    """Lingohouse Translations on Thursday 9 November 2028."""

    def __init__(self) -> None:
        self.staff = {
            "nadia.rahman@lingohouse.co.uk": {"name": "Nadia Rahman", "password": "Quill-2231", "role": "pm"},
            "owen.price@lingohouse.co.uk": {"name": "Owen Price", "password": "Ledger-5519", "role": "finance"},
        }
        self.sessions = {}
        self.clients = {
            "CL-3301": {"company": "Harbour Pharma Ltd", "country": "GB", "vat": "GB 284 1170 52", "terms": 30,
                        "po_required": True,
                        "contacts": [{"name": "Dr Ellen Marsh", "email": "e.marsh@harbourpharma.co.uk", "role": "requester"},
                                     {"name": "Accounts Payable", "email": "ap@harbourpharma.co.uk", "role": "finance"}]},
            "CL-3307": {"company": "Brightwater Legal LLP", "country": "GB", "vat": "GB 771 0423 18", "terms": 45,
                        "po_required": False,
                        "contacts": [{"name": "James Okoro", "email": "j.okoro@brightwaterlegal.com", "role": "requester"}]},
            "CL-3315": {"company": "Kessler Maschinenbau GmbH", "country": "DE", "vat": "DE 811 902 447", "terms": 30,
                        "po_required": False,
                        "contacts": [{"name": "Petra Kessler", "email": "p.kessler@kessler-mb.de", "role": "requester"}]},
        }
        self.files = {
            "SF-77010": {"client": "CL-3301", "filename": "HP-CTP-0192_protocol_v3.docx", "type": "docx", "words": 6400},
        }
        self.analyses = {
            "AN-4402": {"client": "CL-3301", "pair": "EN>FR", "files": ["SF-77010"], "total": 6400, "new": 5200,
                        "fuzzy": 800, "reps": 400, "weighted": 5800},
        }
        self.quotes = {
            "Q-3301-10": {"client": "CL-3301", "pair": "EN>FR", "service": "translation_review", "turnaround": "standard",
                          "weighted": 5800, "rate": 0.17, "total": 986.0, "status": "sent", "valid_until": "2028-11-30",
                          "analysis": "AN-4402"},
        }
        self.projects = {
            "P-3301-09": {"client": "CL-3301", "quote": "Q-3301-09", "pair": "EN>DE", "service": "certified",
                          "status": "in_progress", "due": "2028-11-14", "words": 2100, "po": "HP-PO-44702",
                          "glossary": None, "certificate": None, "net": 357.0, "notes": []},
            "P-3307-04": {"client": "CL-3307", "quote": "Q-3307-04", "pair": "EN>FR", "service": "translation_review",
                          "status": "delivered", "due": "2028-11-06", "words": 3900, "po": None, "glossary": "GL-15",
                          "certificate": None, "net": 663.0, "notes": []},
            "P-3315-02": {"client": "CL-3315", "quote": "Q-3315-02", "pair": "DE>EN", "service": "translation_review",
                          "status": "in_progress", "due": "2028-11-24", "words": 11800, "po": None, "glossary": None,
                          "certificate": None, "net": 2124.0, "notes": []},
        }
        self.assignments = {
            "AS-5093": {"project": "P-3307-04", "linguist": "LN-072", "role": "translator", "words": 3900, "fee": 273.0,
                        "due": "2028-11-03", "status": "delivered"},
            "AS-5094": {"project": "P-3307-04", "linguist": "LN-057", "role": "reviewer", "words": 3900, "fee": 97.5,
                        "due": "2028-11-05", "status": "approved"},
            "AS-5101": {"project": "P-3301-09", "linguist": "LN-041", "role": "translator", "words": 2100, "fee": 157.5,
                        "due": "2028-11-13", "status": "delivered"},
            "AS-5107": {"project": "P-3315-02", "linguist": "LN-102", "role": "translator", "words": 11800, "fee": 826.0,
                        "due": "2028-11-20", "status": "assigned"},
        }
        self.linguists = copy.deepcopy(_LINGUISTS)
        self.qa = {}
        self.certificates = {}
        self.deliveries = {}
        self.invoices = {}
        self.credit_notes = {}
        self.complaints = {}
        self.glossaries = {
            "GL-14": {"client": "CL-3301", "name": "Harbour Pharma regulatory terms", "pair": "EN>DE",
                      "terms": [{"source": "marketing authorisation", "target": "Zulassung"},
                                {"source": "summary of product characteristics", "target": "Fachinformation"}]},
            "GL-15": {"client": "CL-3307", "name": "Brightwater contract terms", "pair": "EN>FR",
                      "terms": [{"source": "governing law", "target": "droit applicable"}]},
        }
        self.counters = {"session": 1, "client": 3322, "file": 77031, "analysis": 4410, "assignment": 5120, "qa": 880,
                         "certificate": 2290, "delivery": 9950, "credit": 310, "complaint": 61, "glossary": 16}


# --------------------------------------------------------------------------- helpers


def _next(state, key):
    n = state.counters[key]
    state.counters[key] += 1
    return n


def _user(state, token, *roles):
    email = state.sessions.get(token)
    if email is None:
        raise NotSignedIn("session expired or unknown; sign in again")
    u = state.staff[email]
    if roles and u["role"] not in roles:
        raise NotAllowed(f"{u['role']} staff cannot do this")
    return u


def _get(table, key, what):
    row = table.get(str(key).strip().upper())
    if row is None:
        raise NoSuchRecord(f"no {what} {key}")
    return row


def _pair(code):
    p = next((x for x in _PAIRS if x[0] == code), None)
    if p is None:
        raise BadRequest(f"unknown language pair {code}")
    return p


def _client_model(state, cid):
    c = state.clients[cid]
    quotes = [QuoteRef(quote_id=q, pair=x["pair"], status=x["status"], total=x["total"])
              for q, x in sorted(state.quotes.items()) if x["client"] == cid and x["status"] in ("draft", "sent")]
    return Client(client_id=cid, company=c["company"], country=c["country"], vat_number=c["vat"],
                  payment_terms_days=c["terms"], po_required=c["po_required"],
                  contacts=[Contact(**x) for x in c["contacts"]], open_quotes=quotes)


def _assignment_model(state, aid):
    a = state.assignments[aid]
    return Assignment(assignment_id=aid, project_id=a["project"], linguist_id=a["linguist"],
                      linguist=state.linguists[a["linguist"]]["name"], role=a["role"], words=a["words"], fee=a["fee"],
                      due=a["due"], status=a["status"])


def _project_model(state, pid):
    p = state.projects[pid]
    return Project(project_id=pid, client_id=p["client"], quote_id=p["quote"], pair=p["pair"], service=p["service"],
                   status=p["status"], due=p["due"], words=p["words"], client_po=p["po"], glossary_id=p["glossary"],
                   certificate_no=p["certificate"],
                   assignments=[_assignment_model(state, a) for a in sorted(state.assignments)
                                if state.assignments[a]["project"] == pid],
                   notes=list(p["notes"]))


def _qa_model(state, qid):
    q = state.qa[qid]
    return QaReport(qa_id=qid, project_id=q["project"], issues=[QaIssue(**i) for i in q["issues"]],
                    passed=all(i["resolved"] for i in q["issues"]))


def _invoice_model(state, no):
    i = state.invoices[no]
    return Invoice(invoice_no=no, project_id=i["project"], client_id=i["client"],
                   lines=[InvoiceLine(**x) for x in i["lines"]], net=i["net"], vat=i["vat"], total=i["total"],
                   paid=i["paid"], balance=round(i["total"] - i["paid"] - i["credited"], 2), due_date=i["due_date"],
                   status=i["status"])


def _glossary_model(state, gid):
    g = state.glossaries[gid]
    return Glossary(glossary_id=gid, client_id=g["client"], name=g["name"], pair=g["pair"],
                    terms=[dict(t) for t in g["terms"]])


def _open(p, pid):
    if p["status"] in ("on_hold", "cancelled", "delivered"):
        raise WrongStage(f"project {pid} is {p['status']}")


def _latest_qa(state, pid):
    runs = [q for q in sorted(state.qa) if state.qa[q]["project"] == pid]
    return state.qa[runs[-1]] if runs else None


# --------------------------------------------------------------------------- sign-in and rate card


def pm_login(email: str, password: str, state: State = None) -> Session:
    """Sign in to the project desk.

    Parameters
    ----------
    email : str
        Staff e-mail address.
    password : str
        Password.

    Returns
    -------
    Session
        ``token`` (passed to every other call), ``name``, ``role`` (``pm`` or ``finance``), ``expires_at``.
    """
    u = state.staff.get(email.strip().lower())
    if u is None or u["password"] != password:
        raise NotSignedIn("e-mail or password not recognised")
    token = f"lh_{_next(state, 'session'):03d}_{email.split('.')[0][:4]}"
    state.sessions[token] = email.strip().lower()
    return Session(token=token, name=u["name"], role=u["role"], expires_at="2028-11-09T18:00")


def pm_logout(token: str, state: State = None) -> str:
    """Sign out.

    Parameters
    ----------
    token : str
        Session token.

    Returns
    -------
    str
        Confirmation.
    """
    u = _user(state, token)
    del state.sessions[token]
    return f"{u['name']} signed out."


def list_language_pairs(state: State = None) -> List[LanguagePair]:
    """The public rate card: language pairs the agency works in, with base rates.

    Returns
    -------
    list of LanguagePair
        ``code`` (used by the other calls), ``source``, ``target``, ``rate_per_word`` (GBP, translation
        only), ``certified_available``.
    """
    return [LanguagePair(code=c, source=s, target=t, rate_per_word=r, certified_available=cert)
            for c, s, t, r, cert in _PAIRS]


# --------------------------------------------------------------------------- clients


def search_clients(token: str, name: str, state: State = None) -> List[ClientSummary]:
    """Find client companies by part of their name.

    Parameters
    ----------
    token : str
        Session token.
    name : str
        Part of the company name.

    Returns
    -------
    list of ClientSummary
        ``client_id``, ``company``, ``country``.
    """
    _user(state, token)
    return [ClientSummary(client_id=k, company=c["company"], country=c["country"])
            for k, c in sorted(state.clients.items()) if name.strip().lower() in c["company"].lower()]


def create_client(token: str, company: str, contact_name: str, email: str, country: str,
                  vat_number: Optional[str] = None, state: State = None) -> Client:
    """Register a new client company with its first contact.

    Parameters
    ----------
    token : str
        Session token.
    company : str
        Registered company name.
    contact_name : str
        The person who asked for the work.
    email : str
        Their e-mail address.
    country : str
        ISO country code, e.g. ``GB``.
    vat_number : str, optional
        VAT registration number.

    Returns
    -------
    Client
        The new client (payment terms are left for finance to set).
    """
    _user(state, token, "pm")
    if any(c["company"].lower() == company.strip().lower() for c in state.clients.values()):
        raise WrongStage(f"{company.strip()} is already a client")
    cid = f"CL-{_next(state, 'client')}"
    state.clients[cid] = {"company": company.strip(), "country": country.strip().upper(), "vat": vat_number,
                          "terms": None, "po_required": False,
                          "contacts": [{"name": contact_name.strip(), "email": email.strip().lower(), "role": "requester"}]}
    return _client_model(state, cid)


def get_client(token: str, client_id: str, state: State = None) -> Client:
    """A client's record.

    Parameters
    ----------
    token : str
        Session token.
    client_id : str
        Client id.

    Returns
    -------
    Client
        With contacts, payment terms and open (draft or sent) quotes.
    """
    _user(state, token)
    _get(state.clients, client_id, "client")
    return _client_model(state, client_id.strip().upper())


def add_contact(token: str, client_id: str, name: str, email: str, role: ContactRole,
                state: State = None) -> Client:
    """Add a contact person to a client.

    Parameters
    ----------
    token : str
        Session token.
    client_id : str
        Client id.
    name : str
        Contact's name.
    email : str
        Contact's e-mail.
    role : {'requester', 'finance', 'reviewer'}
        What they do for the client.

    Returns
    -------
    Client
        The updated client.
    """
    _user(state, token)
    c = _get(state.clients, client_id, "client")
    if any(x["email"] == email.strip().lower() for x in c["contacts"]):
        raise WrongStage(f"{email.strip()} is already a contact")
    c["contacts"].append({"name": name.strip(), "email": email.strip().lower(), "role": role})
    return _client_model(state, client_id.strip().upper())


def set_payment_terms(token: str, client_id: str, days: int, po_required: bool, state: State = None) -> Client:
    """Set a client's credit terms (finance).

    Parameters
    ----------
    token : str
        Session token.
    client_id : str
        Client id.
    days : int
        Days from invoice to payment.
    po_required : bool
        Whether the client's purchase-order number must be given on acceptance.

    Returns
    -------
    Client
        The updated client.
    """
    _user(state, token, "finance")
    c = _get(state.clients, client_id, "client")
    if days not in _TERMS_DAYS:
        raise BadRequest(f"payment terms are {', '.join(map(str, _TERMS_DAYS))} days")
    if c["terms"] == days and c["po_required"] == po_required:
        raise WrongStage("those terms are already set")
    c["terms"], c["po_required"] = days, po_required
    return _client_model(state, client_id.strip().upper())


# --------------------------------------------------------------------------- files, analysis, quotes


def upload_source(token: str, client_id: str, filename: str, word_count: int, file_type: str,
                  state: State = None) -> SourceFile:
    """Register a client's source file.

    Parameters
    ----------
    token : str
        Session token.
    client_id : str
        Client id.
    filename : str
        File name as received.
    word_count : int
        Words counted by the client or by the intake tool.
    file_type : str
        Format of the file.

    Returns
    -------
    SourceFile
        ``file_id`` and the file's details.
    """
    _user(state, token, "pm")
    _get(state.clients, client_id, "client")
    if file_type.lower() not in _FILE_TYPES:
        raise BadRequest(f"we cannot process {file_type} files; accepted: {', '.join(_FILE_TYPES)}")
    if word_count <= 0:
        raise BadRequest("word count must be positive")
    fid = f"SF-{_next(state, 'file')}"
    state.files[fid] = {"client": client_id.strip().upper(), "filename": filename.strip(), "type": file_type.lower(),
                        "words": word_count}
    return SourceFile(file_id=fid, client_id=client_id.strip().upper(), filename=filename.strip(),
                      file_type=file_type.lower(), word_count=word_count)


def analyse_files(token: str, file_ids: List[str], pair_code: str, state: State = None) -> Analysis:
    """Analyse source files against the translation memory for one language pair.

    Parameters
    ----------
    token : str
        Session token.
    file_ids : list of str
        Source files of one client.
    pair_code : str
        Language-pair code from the rate card.

    Returns
    -------
    Analysis
        ``analysis_id``, word counts by match band and the weighted word count a quote is priced on.
    """
    _user(state, token, "pm")
    _pair(pair_code)
    if not file_ids:
        raise BadRequest("name at least one file")
    files = [_get(state.files, f, "source file") for f in file_ids]
    clients = {f["client"] for f in files}
    if len(clients) != 1:
        raise BadRequest("files of one client at a time")
    total = sum(f["words"] for f in files)
    reps, fuzzy = total // 10, total // 8
    new = total - reps - fuzzy
    weighted = int(new + 0.6 * fuzzy + 0.3 * reps)
    aid = f"AN-{_next(state, 'analysis')}"
    state.analyses[aid] = {"client": clients.pop(), "pair": pair_code, "files": [f.strip().upper() for f in file_ids],
                           "total": total, "new": new, "fuzzy": fuzzy, "reps": reps, "weighted": weighted}
    a = state.analyses[aid]
    return Analysis(analysis_id=aid, client_id=a["client"], pair=pair_code, files=a["files"], total_words=total,
                    new_words=new, fuzzy_words=fuzzy, repetitions=reps, weighted_words=weighted)


def create_quote(token: str, client_id: str, analysis_id: str, service: Service, turnaround: Turnaround,
                 state: State = None) -> Quote:
    """Price an analysis for a client.

    Parameters
    ----------
    token : str
        Session token.
    client_id : str
        Client id.
    analysis_id : str
        Analysis of the client's files.
    service : {'translation', 'translation_review', 'certified'}
        Translation only, translation with a second linguist's review, or a sworn, certified translation.
    turnaround : {'standard', 'express'}
        Express costs more.

    Returns
    -------
    Quote
        A draft quote.
    """
    _user(state, token, "pm")
    _get(state.clients, client_id, "client")
    a = _get(state.analyses, analysis_id, "analysis")
    cid = client_id.strip().upper()
    if a["client"] != cid:
        raise BadRequest(f"analysis {analysis_id} is of another client's files")
    p = _pair(a["pair"])
    if service == "certified" and not p[4]:
        raise BadRequest(f"we have no sworn translators for {p[0]}")
    rate = p[3] + (0.05 if service == "translation_review" else 0.0) + (0.08 if service == "certified" else 0.0)
    if turnaround == "express":
        rate *= 1.4
    rate = round(rate, 3)
    total = max(_MINIMUM, round(a["weighted"] * rate, 2))
    used = [int(k.split("-")[2]) for k in list(state.quotes) + list(state.projects) if k[2:].startswith(cid[3:] + "-")]
    seq = 1 + max(used or [0])
    qid = f"Q-{cid[3:]}-{seq:02d}"
    state.quotes[qid] = {"client": cid, "pair": a["pair"], "service": service, "turnaround": turnaround,
                         "weighted": a["weighted"], "rate": rate, "total": total, "status": "draft",
                         "valid_until": "2028-12-09", "analysis": analysis_id.strip().upper()}
    return Quote(quote_id=qid, client_id=cid, pair=a["pair"], service=service, turnaround=turnaround,
                 weighted_words=a["weighted"], rate_per_word=rate, total=total, status="draft", valid_until="2028-12-09")


def _quote_model(qid, q):
    return Quote(quote_id=qid, client_id=q["client"], pair=q["pair"], service=q["service"], turnaround=q["turnaround"],
                 weighted_words=q["weighted"], rate_per_word=q["rate"], total=q["total"], status=q["status"],
                 valid_until=q["valid_until"])


def send_quote(token: str, quote_id: str, to_email: str, note: str = "", state: State = None) -> Quote:
    """E-mail a draft quote to the client.

    Parameters
    ----------
    token : str
        Session token.
    quote_id : str
        Quote id.
    to_email : str
        Recipient.
    note : str, optional
        Covering note.

    Returns
    -------
    Quote
        The quote, now ``sent``.
    """
    _user(state, token, "pm")
    q = _get(state.quotes, quote_id, "quote")
    if q["status"] != "draft":
        raise WrongStage(f"quote {quote_id} is already {q['status']}")
    if "@" not in to_email:
        raise BadRequest("give an e-mail address")
    q["status"] = "sent"
    q["sent_to"] = to_email.strip().lower()
    return _quote_model(quote_id.strip().upper(), q)


def accept_quote(token: str, quote_id: str, client_po: Optional[str] = None, state: State = None) -> Project:
    """Record the client's acceptance of a sent quote; the quote becomes a project.

    Parameters
    ----------
    token : str
        Session token.
    quote_id : str
        Quote id.
    client_po : str, optional
        The client's purchase-order number.

    Returns
    -------
    Project
        The new project, ``confirmed``, with its due date.
    """
    _user(state, token, "pm")
    q = _get(state.quotes, quote_id, "quote")
    qid = quote_id.strip().upper()
    if q["status"] != "sent":
        raise WrongStage(f"quote {qid} is {q['status']}; only a sent quote can be accepted")
    c = state.clients[q["client"]]
    if c["terms"] is None:
        raise WrongStage(f"finance has not set payment terms for {q['client']}")
    if c["po_required"] and not client_po:
        raise BadRequest(f"{c['company']} requires a purchase-order number")
    days = 2 + q["weighted"] // (4000 if q["turnaround"] == "express" else 2000)
    due = (date.fromisoformat(TODAY) + timedelta(days=days)).isoformat()
    pid = "P-" + qid[2:]
    q["status"] = "accepted"
    state.projects[pid] = {"client": q["client"], "quote": qid, "pair": q["pair"], "service": q["service"],
                           "status": "confirmed", "due": due, "words": q["weighted"], "po": client_po, "glossary": None,
                           "certificate": None, "net": q["total"], "notes": []}
    return _project_model(state, pid)


# --------------------------------------------------------------------------- projects


def list_projects(token: str, client_id: Optional[str] = None, status: Optional[ProjectStatus] = None,
                  state: State = None) -> List[ProjectSummary]:
    """Projects, optionally of one client or in one status.

    Parameters
    ----------
    token : str
        Session token.
    client_id : str, optional
        Only this client's projects.
    status : ProjectStatus, optional
        ``confirmed``, ``in_progress``, ``on_hold``, ``delivered`` or ``cancelled``.

    Returns
    -------
    list of ProjectSummary
        By project id.
    """
    _user(state, token)
    want = None
    if status is not None:
        try:
            want = ProjectStatus(status.value if isinstance(status, ProjectStatus) else status).value
        except ValueError:
            raise BadRequest(f"unknown status {status}") from None
    cid = None if client_id is None else client_id.strip().upper()
    return [ProjectSummary(project_id=k, client=state.clients[p["client"]]["company"], pair=p["pair"],
                           service=p["service"], status=p["status"], due=p["due"])
            for k, p in sorted(state.projects.items())
            if (cid is None or p["client"] == cid) and (want is None or p["status"] == want)]


def get_project(token: str, project_id: str, state: State = None) -> Project:
    """A project with its linguist assignments.

    Parameters
    ----------
    token : str
        Session token.
    project_id : str
        Project id.

    Returns
    -------
    Project
        Status, due date, glossary, certificate and assignments.
    """
    _user(state, token)
    _get(state.projects, project_id, "project")
    return _project_model(state, project_id.strip().upper())


def extend_deadline(token: str, project_id: str, new_due: str, reason: str, state: State = None) -> Project:
    """Move a project's due date later, with the client's agreement.

    Parameters
    ----------
    token : str
        Session token.
    project_id : str
        Project id.
    new_due : str
        ``YYYY-MM-DD``.
    reason : str
        Why, as agreed with the client.

    Returns
    -------
    Project
        The updated project.
    """
    _user(state, token, "pm")
    p = _get(state.projects, project_id, "project")
    if p["status"] in ("delivered", "cancelled"):
        raise WrongStage(f"project {project_id} is {p['status']}")
    if new_due <= p["due"]:
        raise BadRequest(f"the new date must be after {p['due']}")
    p["due"] = new_due
    p["notes"].append(f"Deadline moved to {new_due}: {reason.strip()}")
    return _project_model(state, project_id.strip().upper())


def put_on_hold(token: str, project_id: str, reason: str, state: State = None) -> Project:
    """Pause a project (linguists are told to stop).

    Parameters
    ----------
    token : str
        Session token.
    project_id : str
        Project id.
    reason : str
        Why.

    Returns
    -------
    Project
        The project, ``on_hold``.
    """
    _user(state, token, "pm")
    p = _get(state.projects, project_id, "project")
    if p["status"] == "on_hold":
        raise WrongStage(f"project {project_id} is already on hold")
    _open(p, project_id)
    p["held_from"] = p["status"]
    p["status"] = "on_hold"
    p["notes"].append(f"On hold: {reason.strip()}")
    return _project_model(state, project_id.strip().upper())


def release_hold(token: str, project_id: str, state: State = None) -> Project:
    """Resume a project that is on hold.

    Parameters
    ----------
    token : str
        Session token.
    project_id : str
        Project id.

    Returns
    -------
    Project
        The project, back in its earlier status.
    """
    _user(state, token, "pm")
    p = _get(state.projects, project_id, "project")
    if p["status"] != "on_hold":
        raise WrongStage(f"project {project_id} is not on hold")
    p["status"] = p.pop("held_from")
    return _project_model(state, project_id.strip().upper())


def cancel_project(token: str, project_id: str, reason: str, state: State = None) -> Project:
    """Cancel a project that has not been delivered; open assignments are cancelled too.

    Parameters
    ----------
    token : str
        Session token.
    project_id : str
        Project id.
    reason : str
        Why.

    Returns
    -------
    Project
        The project, ``cancelled``.
    """
    _user(state, token, "pm")
    p = _get(state.projects, project_id, "project")
    pid = project_id.strip().upper()
    if p["status"] in ("delivered", "cancelled"):
        raise WrongStage(f"project {pid} is {p['status']}")
    p["status"] = "cancelled"
    p["notes"].append(f"Cancelled: {reason.strip()}")
    for a in state.assignments.values():
        if a["project"] == pid and a["status"] == "assigned":
            a["status"] = "cancelled"
    return _project_model(state, pid)


# --------------------------------------------------------------------------- linguists


def search_linguists(token: str, pair_code: str, specialism: Optional[str] = None, sworn_only: bool = False,
                     state: State = None) -> List[Linguist]:
    """Linguists in the pool for a language pair.

    Parameters
    ----------
    token : str
        Session token.
    pair_code : str
        Language-pair code from the rate card.
    specialism : str, optional
        e.g. ``pharma``, ``legal``, ``games``, ``technical``.
    sworn_only : bool, optional
        Only sworn (certifying) translators.

    Returns
    -------
    list of Linguist
        By linguist id.
    """
    _user(state, token)
    _pair(pair_code)
    return [Linguist(linguist_id=k, name=x["name"], pairs=list(x["pairs"]), specialisms=list(x["specialisms"]),
                     sworn=x["sworn"], rate_per_word=x["rate"], available_from=x["available_from"])
            for k, x in sorted(state.linguists.items())
            if pair_code in x["pairs"] and (specialism is None or specialism in x["specialisms"])
            and (not sworn_only or x["sworn"])]


def assign_linguist(token: str, project_id: str, linguist_id: str, role: LinguistRole, due: str,
                    state: State = None) -> Assignment:
    """Give a project to a translator or a reviewer (a purchase order to the linguist).

    Parameters
    ----------
    token : str
        Session token.
    project_id : str
        Project id.
    linguist_id : str
        Linguist id.
    role : {'translator', 'reviewer'}
        What they do.
    due : str
        When their work is due, ``YYYY-MM-DD``.

    Returns
    -------
    Assignment
        ``assignment_id``, fee and due date.
    """
    _user(state, token, "pm")
    p = _get(state.projects, project_id, "project")
    ling = _get(state.linguists, linguist_id, "linguist")
    pid, lid = project_id.strip().upper(), linguist_id.strip().upper()
    _open(p, pid)
    if p["pair"] not in ling["pairs"]:
        raise BadRequest(f"{ling['name']} does not work in {p['pair']}")
    mine = [a for a in state.assignments.values() if a["project"] == pid and a["status"] != "cancelled"]
    if any(a["role"] == role for a in mine):
        raise WrongStage(f"project {pid} already has a {role}")
    if role == "reviewer":
        if p["service"] == "translation":
            raise BadRequest(f"project {pid} was quoted without review")
        if any(a["linguist"] == lid for a in mine):
            raise BadRequest("the reviewer must not be the translator")
    if role == "translator" and p["service"] == "certified" and not ling["sworn"]:
        raise BadRequest("a certified translation needs a sworn translator")
    if due > p["due"] or due < ling["available_from"]:
        raise BadRequest(f"due date must be between {ling['available_from']} and the project's {p['due']}")
    aid = f"AS-{_next(state, 'assignment')}"
    rate = ling["rate"] * (0.25 if role == "reviewer" else 1.0)
    state.assignments[aid] = {"project": pid, "linguist": lid, "role": role, "words": p["words"],
                              "fee": round(p["words"] * rate, 2), "due": due, "status": "assigned"}
    if p["status"] == "confirmed":
        p["status"] = "in_progress"
    return _assignment_model(state, aid)


def receive_translation(token: str, assignment_id: str, filename: str, words_done: int,
                        state: State = None) -> Assignment:
    """Take a translator's returned file in.

    Parameters
    ----------
    token : str
        Session token.
    assignment_id : str
        The translator's assignment.
    filename : str
        The returned bilingual file.
    words_done : int
        Words translated.

    Returns
    -------
    Assignment
        The assignment, ``delivered``.
    """
    _user(state, token, "pm")
    a = _get(state.assignments, assignment_id, "assignment")
    if a["role"] != "translator":
        raise BadRequest("only a translator's assignment returns a translation")
    if a["status"] != "assigned":
        raise WrongStage(f"assignment {assignment_id} is {a['status']}")
    if not filename.lower().endswith(_RETURN_TYPES):
        raise BadRequest(f"return files must be bilingual: {', '.join(_RETURN_TYPES)}")
    if words_done < a["words"]:
        raise WrongStage(f"only {words_done} of {a['words']} words done")
    a["status"] = "delivered"
    a["file"] = filename.strip()
    return _assignment_model(state, assignment_id.strip().upper())


def approve_review(token: str, assignment_id: str, score: int, comments: str, state: State = None) -> Assignment:
    """Sign off a reviewer's quality score.

    Parameters
    ----------
    token : str
        Session token.
    assignment_id : str
        The reviewer's assignment.
    score : int
        The reviewer's quality score, 0-100.
    comments : str
        The reviewer's comments.

    Returns
    -------
    Assignment
        The review, ``approved``.
    """
    _user(state, token, "pm")
    a = _get(state.assignments, assignment_id, "assignment")
    aid = assignment_id.strip().upper()
    if a["role"] != "reviewer":
        raise BadRequest(f"{aid} is not a review")
    if a["status"] == "approved":
        raise WrongStage(f"review {aid} is already approved")
    if a["status"] != "assigned":
        raise WrongStage(f"review {aid} is {a['status']}")
    if not any(x["project"] == a["project"] and x["role"] == "translator" and x["status"] == "delivered"
               for x in state.assignments.values()):
        raise WrongStage("the translator has not delivered yet")
    if not 0 <= score <= 100:
        raise BadRequest("score is 0-100")
    if score < _PASS_MARK:
        raise WrongStage(f"score {score} is below the pass mark of {_PASS_MARK}; send it back for rework")
    a["status"] = "approved"
    a["comments"] = comments.strip()
    return _assignment_model(state, aid)


# --------------------------------------------------------------------------- QA, certification, delivery


def run_qa(token: str, project_id: str, state: State = None) -> QaReport:
    """Run the automatic QA checks on a project's translation.

    Parameters
    ----------
    token : str
        Session token.
    project_id : str
        Project id.

    Returns
    -------
    QaReport
        ``qa_id``, the numbered issues found and whether it passed.
    """
    _user(state, token, "pm")
    p = _get(state.projects, project_id, "project")
    pid = project_id.strip().upper()
    _open(p, pid)
    if not any(a["project"] == pid and a["role"] == "translator" and a["status"] == "delivered"
               for a in state.assignments.values()):
        raise WrongStage(f"no translation delivered on {pid} yet")
    qid = f"QA-{_next(state, 'qa')}"
    issues = [{"no": 1, "kind": "numbers", "segment": 14, "detail": "Number 0.5 in source, 5 in target"},
              {"no": 2, "kind": "consistency", "segment": 37, "detail": "Same source segment translated two ways"}]
    if p["glossary"]:
        issues.append({"no": 3, "kind": "terminology", "segment": 52, "detail": "Glossary term not used"})
    state.qa[qid] = {"project": pid, "issues": [{**i, "resolved": False, "resolution": None} for i in issues]}
    return _qa_model(state, qid)


def resolve_qa_issue(token: str, qa_id: str, issue_no: int, resolution: Resolution, note: str,
                     state: State = None) -> QaReport:
    """Close one QA issue.

    Parameters
    ----------
    token : str
        Session token.
    qa_id : str
        QA run id.
    issue_no : int
        Issue number in that run.
    resolution : {'fixed', 'false_positive'}
        What was done.
    note : str
        Explanation.

    Returns
    -------
    QaReport
        The report, ``passed`` once every issue is resolved.
    """
    _user(state, token, "pm")
    q = _get(state.qa, qa_id, "QA run")
    issue = next((i for i in q["issues"] if i["no"] == issue_no), None)
    if issue is None:
        raise NoSuchRecord(f"no issue {issue_no} in {qa_id}")
    if issue["resolved"]:
        raise WrongStage(f"issue {issue_no} is already resolved")
    issue["resolved"], issue["resolution"] = True, f"{resolution}: {note.strip()}"
    return _qa_model(state, qa_id.strip().upper())


def certify_translation(token: str, project_id: str, declaration_by: str, state: State = None) -> Certificate:
    """Issue the certificate of accuracy for a certified translation.

    Parameters
    ----------
    token : str
        Session token.
    project_id : str
        Project id.
    declaration_by : str
        Who signs the declaration.

    Returns
    -------
    Certificate
        ``certificate_no`` and who declared it.
    """
    _user(state, token, "pm")
    p = _get(state.projects, project_id, "project")
    pid = project_id.strip().upper()
    if p["service"] != "certified":
        raise BadRequest(f"{pid} was not quoted as a certified translation")
    if p["certificate"]:
        raise WrongStage(f"{pid} already has certificate {p['certificate']}")
    qa = _latest_qa(state, pid)
    if qa is None or not all(i["resolved"] for i in qa["issues"]):
        raise WrongStage("QA must pass before certification")
    tr = next(a for a in state.assignments.values() if a["project"] == pid and a["role"] == "translator")
    name = state.linguists[tr["linguist"]]["name"]
    if declaration_by.strip().lower() != name.lower():
        raise BadRequest(f"the declaration must be signed by the sworn translator, {name}")
    cno = f"CT-{_next(state, 'certificate')}"
    p["certificate"] = cno
    state.certificates[cno] = {"project": pid, "translator": name}
    return Certificate(certificate_no=cno, project_id=pid, translator=name, declared_by=name, issued_on=TODAY)


def deliver_to_client(token: str, project_id: str, recipients: List[str], message: str,
                      state: State = None) -> Delivery:
    """Send the finished translation to the client.

    Parameters
    ----------
    token : str
        Session token.
    project_id : str
        Project id.
    recipients : list of str
        E-mail addresses.
    message : str
        Covering message.

    Returns
    -------
    Delivery
        ``delivery_id``, files sent and when.
    """
    _user(state, token, "pm")
    p = _get(state.projects, project_id, "project")
    pid = project_id.strip().upper()
    _open(p, pid)
    qa = _latest_qa(state, pid)
    if qa is None:
        raise WrongStage(f"QA has not been run on {pid}")
    if not all(i["resolved"] for i in qa["issues"]):
        raise WrongStage(f"{sum(not i['resolved'] for i in qa['issues'])} QA issues are still open")
    if p["service"] == "translation_review" and not any(
            a["project"] == pid and a["role"] == "reviewer" and a["status"] == "approved" for a in state.assignments.values()):
        raise WrongStage("the review has not been approved")
    if p["service"] == "certified" and not p["certificate"]:
        raise WrongStage("a certified translation goes out with its certificate")
    if not recipients:
        raise BadRequest("name at least one recipient")
    did = f"DL-{_next(state, 'delivery')}"
    files = [f"{pid}_{p['pair'].replace('>', '-')}.docx"] + ([f"{p['certificate']}.pdf"] if p["certificate"] else [])
    state.deliveries[did] = {"project": pid, "recipients": list(recipients), "message": message.strip()}
    p["status"] = "delivered"
    return Delivery(delivery_id=did, project_id=pid, recipients=list(recipients), files=files,
                    delivered_at=f"{TODAY}T15:30")


# --------------------------------------------------------------------------- glossaries


def list_glossaries(token: str, client_id: str, state: State = None) -> List[Glossary]:
    """A client's glossaries.

    Parameters
    ----------
    token : str
        Session token.
    client_id : str
        Client id.

    Returns
    -------
    list of Glossary
        With their terms.
    """
    _user(state, token)
    _get(state.clients, client_id, "client")
    cid = client_id.strip().upper()
    return [_glossary_model(state, g) for g in sorted(state.glossaries) if state.glossaries[g]["client"] == cid]


def create_glossary(token: str, client_id: str, name: str, pair_code: str, state: State = None) -> Glossary:
    """Start a glossary for a client and language pair.

    Parameters
    ----------
    token : str
        Session token.
    client_id : str
        Client id.
    name : str
        Glossary name.
    pair_code : str
        Language-pair code from the rate card.

    Returns
    -------
    Glossary
        The empty glossary.
    """
    _user(state, token, "pm")
    _get(state.clients, client_id, "client")
    _pair(pair_code)
    cid = client_id.strip().upper()
    if any(g["client"] == cid and g["name"].lower() == name.strip().lower() for g in state.glossaries.values()):
        raise WrongStage(f"{cid} already has a glossary called {name.strip()}")
    gid = f"GL-{_next(state, 'glossary')}"
    state.glossaries[gid] = {"client": cid, "name": name.strip(), "pair": pair_code, "terms": []}
    return _glossary_model(state, gid)


def add_term(token: str, glossary_id: str, source_term: str, target_term: str, state: State = None) -> Glossary:
    """Add a term to a glossary.

    Parameters
    ----------
    token : str
        Session token.
    glossary_id : str
        Glossary id.
    source_term : str
        Term in the source language.
    target_term : str
        Approved translation.

    Returns
    -------
    Glossary
        The glossary with the term added.
    """
    _user(state, token, "pm")
    g = _get(state.glossaries, glossary_id, "glossary")
    if any(t["source"].lower() == source_term.strip().lower() for t in g["terms"]):
        raise WrongStage(f"'{source_term.strip()}' is already in the glossary")
    g["terms"].append({"source": source_term.strip(), "target": target_term.strip()})
    return _glossary_model(state, glossary_id.strip().upper())


def attach_glossary(token: str, project_id: str, glossary_id: str, state: State = None) -> Project:
    """Attach a client glossary to a project so linguists and QA use it.

    Parameters
    ----------
    token : str
        Session token.
    project_id : str
        Project id.
    glossary_id : str
        Glossary id.

    Returns
    -------
    Project
        The project with its glossary.
    """
    _user(state, token, "pm")
    p = _get(state.projects, project_id, "project")
    g = _get(state.glossaries, glossary_id, "glossary")
    pid, gid = project_id.strip().upper(), glossary_id.strip().upper()
    _open(p, pid)
    if g["client"] != p["client"] or g["pair"] != p["pair"]:
        raise BadRequest(f"{gid} is not a {p['pair']} glossary of this client")
    if p["glossary"] == gid:
        raise WrongStage(f"{gid} is already attached")
    p["glossary"] = gid
    return _project_model(state, pid)


# --------------------------------------------------------------------------- finance and complaints


def raise_invoice(token: str, project_id: str, state: State = None) -> Invoice:
    """Invoice a delivered project (finance).

    Parameters
    ----------
    token : str
        Session token.
    project_id : str
        Project id.

    Returns
    -------
    Invoice
        ``invoice_no``, lines, totals and due date by the client's terms.
    """
    _user(state, token, "finance")
    p = _get(state.projects, project_id, "project")
    pid = project_id.strip().upper()
    if p["status"] != "delivered":
        raise WrongStage(f"project {pid} has not been delivered")
    no = "INV-" + pid[2:]
    if no in state.invoices:
        raise WrongStage(f"{pid} is already invoiced as {no}")
    c = state.clients[p["client"]]
    vat = round(p["net"] * _VAT, 2) if c["country"] == "GB" else 0.0
    lines = [{"description": f"{p['service'].replace('_', ' ')} {p['pair']}, {p['words']} weighted words", "amount": p["net"]}]
    due = (date.fromisoformat(TODAY) + timedelta(days=c["terms"] or 30)).isoformat()
    state.invoices[no] = {"project": pid, "client": p["client"], "lines": lines, "net": p["net"], "vat": vat,
                          "total": round(p["net"] + vat, 2), "paid": 0.0, "credited": 0.0, "due_date": due,
                          "status": "issued"}
    return _invoice_model(state, no)


def record_payment(token: str, invoice_no: str, amount: float, method: Method, state: State = None) -> Invoice:
    """Record money received against an invoice (finance).

    Parameters
    ----------
    token : str
        Session token.
    invoice_no : str
        Invoice number.
    amount : float
        Amount received, GBP.
    method : {'bacs', 'card', 'cheque'}
        How it was paid.

    Returns
    -------
    Invoice
        The invoice with its balance.
    """
    _user(state, token, "finance")
    i = _get(state.invoices, invoice_no, "invoice")
    bal = round(i["total"] - i["paid"] - i["credited"], 2)
    if bal <= 0:
        raise WrongStage(f"{invoice_no} is already settled")
    if amount <= 0 or amount > bal + 0.005:
        raise BadRequest(f"amount must be between 0 and the balance {bal:.2f}")
    i["paid"] = round(i["paid"] + amount, 2)
    if i["total"] - i["paid"] - i["credited"] < 0.005:
        i["status"] = "paid"
    return _invoice_model(state, invoice_no.strip().upper())


def issue_credit_note(token: str, invoice_no: str, amount: float, reason: str, state: State = None) -> CreditNote:
    """Credit part or all of an invoice (finance).

    Parameters
    ----------
    token : str
        Session token.
    invoice_no : str
        Invoice number.
    amount : float
        Amount to credit, GBP.
    reason : str
        Why.

    Returns
    -------
    CreditNote
        ``credit_note_no``.
    """
    _user(state, token, "finance")
    i = _get(state.invoices, invoice_no, "invoice")
    bal = round(i["total"] - i["credited"], 2)
    if amount <= 0 or amount > bal + 0.005:
        raise BadRequest(f"a credit must be between 0 and {bal:.2f}")
    cn = f"CN-{_next(state, 'credit')}"
    i["credited"] = round(i["credited"] + amount, 2)
    state.credit_notes[cn] = {"invoice": invoice_no.strip().upper(), "amount": amount, "reason": reason.strip()}
    return CreditNote(credit_note_no=cn, invoice_no=invoice_no.strip().upper(), amount=amount, reason=reason.strip())


def log_complaint(token: str, project_id: str, category: str, description: str, state: State = None) -> Complaint:
    """Log a client's complaint about a delivered project.

    Parameters
    ----------
    token : str
        Session token.
    project_id : str
        Project id.
    category : str
        Kind of complaint.
    description : str
        What the client said.

    Returns
    -------
    Complaint
        ``complaint_id``, ``open``.
    """
    _user(state, token, "pm")
    p = _get(state.projects, project_id, "project")
    pid = project_id.strip().upper()
    if p["status"] != "delivered":
        raise WrongStage(f"project {pid} has not been delivered")
    if category not in _COMPLAINTS:
        raise BadRequest(f"complaint category must be one of {', '.join(_COMPLAINTS)}")
    cid = f"CP-{_next(state, 'complaint')}"
    state.complaints[cid] = {"project": pid, "category": category, "description": description.strip(), "status": "open"}
    return Complaint(complaint_id=cid, project_id=pid, category=category, description=description.strip(), status="open")


def request_rework(token: str, complaint_id: str, assignment_id: str, due: str, state: State = None) -> Assignment:
    """Send a complained-about project back to one of its linguists, at no charge to the client.

    Parameters
    ----------
    token : str
        Session token.
    complaint_id : str
        Complaint id.
    assignment_id : str
        The linguist's assignment on that project.
    due : str
        When the rework is due, ``YYYY-MM-DD``.

    Returns
    -------
    Assignment
        The assignment, back in ``rework``.
    """
    _user(state, token, "pm")
    c = _get(state.complaints, complaint_id, "complaint")
    a = _get(state.assignments, assignment_id, "assignment")
    if a["project"] != c["project"]:
        raise BadRequest(f"{assignment_id} is not on {c['project']}")
    if c["status"] != "open":
        raise WrongStage(f"complaint {complaint_id} is {c['status']}")
    if due <= TODAY:
        raise BadRequest("rework is due after today")
    a["status"] = "rework"
    a["due"] = due
    c["status"] = "in_rework"
    return _assignment_model(state, assignment_id.strip().upper())


TOOLS = [
    pm_login, pm_logout, list_language_pairs, search_clients, create_client, get_client, add_contact,
    set_payment_terms, upload_source, analyse_files, create_quote, send_quote, accept_quote, list_projects,
    get_project, extend_deadline, put_on_hold, release_hold, cancel_project, search_linguists, assign_linguist,
    receive_translation, approve_review, run_qa, resolve_qa_issue, certify_translation, deliver_to_client,
    list_glossaries, create_glossary, add_term, attach_glossary, raise_invoice, record_payment, issue_credit_note,
    log_complaint, request_rework,
]

FIXTURES = {
    "agency": {"name": "Lingohouse Translations, Manchester", "today": "Thursday 9 November 2028"},
    "staff": [
        {"name": "Nadia Rahman", "role": "project manager", "email": "nadia.rahman@lingohouse.co.uk",
         "password": "Quill-2231"},
        {"name": "Owen Price", "role": "finance", "email": "owen.price@lingohouse.co.uk", "password": "Ledger-5519"},
    ],
    "new_client": {"company": "Ostara Games Ltd", "contact_name": "Rhys Bevan", "email": "rhys@ostaragames.com",
                   "country": "GB", "vat_number": "GB 402 8817 60",
                   "files": [{"filename": "ostara_ui_strings_v12.xlsx", "word_count": 8200, "file_type": "xlsx"}],
                   "wants": "English into Polish, translated and reviewed, standard turnaround; 30 days, no PO"},
    "inbox": [
        "Dr Ellen Marsh (Harbour Pharma): accepting the French protocol quote, our PO is HP-PO-44817",
        "Dr Ellen Marsh (Harbour Pharma): new leaflet HP-PIL-0207_v2.docx, 2600 words, certified German please, PO HP-PO-44851",
        "Petra Kessler (Kessler Maschinenbau): manual review can wait, the machine launch slipped to January",
        "James Okoro (Brightwater Legal): clause 14.2 of the French contract mistranslates 'indemnify'",
        "Brightwater Legal paid 795.60 by BACS",
    ],
}

_TOKEN = "auth: session token (token of pm_login)"
_CLIENT = "id lookup/create: client id (client_id of create_client, or of a search_clients result)"
_PROJECT = "id lookup/create: project id (project_id of accept_quote, or of a list_projects result)"
_QUOTE = "id lookup/create: quote id (quote_id of create_quote, or of get_client's open_quotes)"
_ASSIGN = "id lookup/create: assignment id (assignment_id of assign_linguist, or of get_project's assignments)"
_GLOSSARY = "id lookup/create: glossary id (glossary_id of create_glossary, or of a list_glossaries result)"
_PAIR = "vocabulary: language-pair code (code of a list_language_pairs entry)"

TOKEN_CONSUMERS = [t.__name__ for t in TOOLS if t.__name__ not in ("pm_login", "list_language_pairs")]
CLIENT_CONSUMERS = ["get_client", "add_contact", "set_payment_terms", "upload_source", "create_quote", "list_glossaries",
                    "create_glossary"]
PROJECT_CONSUMERS = ["get_project", "extend_deadline", "put_on_hold", "release_hold", "cancel_project",
                     "assign_linguist", "run_qa", "certify_translation", "deliver_to_client", "attach_glossary",
                     "raise_invoice", "log_complaint"]
PAIR_CONSUMERS = ["analyse_files", "search_linguists", "create_glossary"]

GROUND_TRUTH = (
    [("pm_login", c, _TOKEN) for c in TOKEN_CONSUMERS]
    + [("search_clients|create_client", c, _CLIENT) for c in CLIENT_CONSUMERS]
    + [("accept_quote|list_projects", c, _PROJECT) for c in PROJECT_CONSUMERS]
    + [("list_language_pairs", c, _PAIR) for c in PAIR_CONSUMERS]
    + [("create_quote|get_client", c, _QUOTE) for c in ("send_quote", "accept_quote")]
    + [("assign_linguist|get_project", c, _ASSIGN) for c in ("receive_translation", "approve_review", "request_rework")]
    + [("create_glossary|list_glossaries", c, _GLOSSARY) for c in ("add_term", "attach_glossary")]
    + [
        ("upload_source", "analyse_files", "id create: source file id (file_id)"),
        ("analyse_files", "create_quote", "id create: analysis id (analysis_id)"),
        ("search_linguists", "assign_linguist", "id lookup: linguist id (linguist_id of a result)"),
        ("run_qa", "resolve_qa_issue", "id create: QA run id and its issue numbers (qa_id, issues[].no)"),
        ("raise_invoice", "record_payment", "id create: invoice number (invoice_no)"),
        ("raise_invoice", "issue_credit_note", "id create: invoice number (invoice_no)"),
        ("log_complaint", "request_rework", "id create: complaint id (complaint_id)"),
        ("send_quote", "accept_quote", "state: the quote sent to the client"),
        ("set_payment_terms", "accept_quote", "state: the client's payment terms set"),
        ("receive_translation", "run_qa", "state: the translation delivered"),
        ("receive_translation", "approve_review", "state: the translation delivered"),
        ("run_qa", "deliver_to_client", "state: QA run on the project"),
        ("resolve_qa_issue", "deliver_to_client", "state: every QA issue resolved"),
        ("run_qa", "certify_translation", "state: QA run on the project"),
        ("resolve_qa_issue", "certify_translation", "state: every QA issue resolved"),
        ("approve_review", "deliver_to_client", "state: the review approved"),
        ("certify_translation", "deliver_to_client", "state: the certificate issued"),
        ("deliver_to_client", "raise_invoice", "state: the project delivered"),
        ("deliver_to_client", "log_complaint", "state: the project delivered"),
        ("put_on_hold", "release_hold", "state: the project on hold"),
    ]
)

PLAUSIBLE = {
    ("get_client", "create_quote"), ("get_client", "upload_source"), ("analyse_files", "accept_quote"),
    ("list_language_pairs", "create_quote"), ("get_project", "run_qa"), ("get_project", "deliver_to_client"),
    ("get_project", "raise_invoice"), ("get_project", "certify_translation"), ("get_client", "deliver_to_client"),
    ("search_linguists", "receive_translation"), ("list_projects", "get_client"), ("get_project", "assign_linguist"),
    ("run_qa", "approve_review"), ("list_glossaries", "create_glossary"),
    ("search_clients", "create_client"), ("get_client", "list_projects"), ("search_clients", "list_projects"),
    ("raise_invoice", "log_complaint"), ("add_contact", "send_quote"), ("get_project", "log_complaint"),
    ("attach_glossary", "run_qa"), ("extend_deadline", "assign_linguist"),
}
