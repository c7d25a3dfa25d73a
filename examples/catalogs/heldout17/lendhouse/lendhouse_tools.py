"""Lendhouse: the mortgage origination desk of the Harbour & Vale Building Society (36 calls).

Plain functions over an in-memory ``State`` of the society's Bath branch on Monday 6 March 2028.
Advisers sign in, find and register applicants, record their incomes and commitments, run credit
searches with consent, start applications, set the property, pick a product, record the deposit,
ask for and upload documents, illustrate and submit; underwriters verify documents, have the
valuation recorded, set conditions, decide and issue offers; the completions team instructs the
solicitor, requests and releases the funds. Products and the affordability calculator are public.

Replies are pydantic models (a session, products, applicants with their incomes and commitments
nested, a credit report, an application with its property, documents, valuation, conditions and
offer nested, an offer, a completion, an illustration) and lists of them, bare values (a maximum
loan, a document id, a condition number, a note count, a message reference) and sentences. Every
refusal is *returned* as a plain string starting with ``"Error: "``. Applicants, applications and
offers have look-alike references (``AP-7715``, ``MA-28-0409`` and its offer ``MO-28-0409``). The
document codes an adviser may ask for, the lease length a leasehold needs, the offer validity, the
completion notice and the first-time-buyer rule are named only in refusals.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as
provider means either tool satisfies it, and the text of ``what`` before its first ``:`` is the
kind.
"""

from __future__ import annotations

from datetime import date, timedelta
from enum import Enum
from typing import Literal

from pydantic import BaseModel

TODAY = "2028-03-06"

RateType = Literal["fixed", "tracker"]
IncomeKind = Literal["employed", "self_employed", "pension", "rental"]
CommitmentKind = Literal["loan", "credit_card", "car_finance", "child_maintenance"]
Purpose = Literal["purchase", "remortgage"]
PropertyType = Literal["house", "flat", "bungalow", "maisonette"]
Tenure = Literal["freehold", "leasehold"]
DepositSource = Literal["savings", "gift", "sale_of_property", "equity"]
ValuationType = Literal["mortgage_valuation", "homebuyer_report", "building_survey"]
Outcome = Literal["accepted", "rejected"]
ConditionStage = Literal["pre_offer", "pre_completion"]


class AppStatus(str, Enum):
    DRAFT = "draft"
    UNDERWRITING = "underwriting"
    APPROVED = "approved"
    DECLINED = "declined"
    OFFERED = "offered"
    OFFER_ACCEPTED = "offer_accepted"
    FUNDS_REQUESTED = "funds_requested"
    COMPLETED = "completed"
    WITHDRAWN = "withdrawn"


class Decision(str, Enum):
    APPROVE = "approve"
    DECLINE = "decline"


_DOC_CODES = ("PAYSLIP_3M", "P60", "BANK_3M", "SA302_2Y", "ID", "PROOF_ADDRESS", "GIFT_LETTER", "PENSION_STATEMENT")
_MIN_LEASE_AFTER_TERM = 70
_OFFER_DAYS = (30, 180)
_NOTICE_DAYS = 5
_PRODUCTS = [
    ["HV2F-75", "Two-year fixed to 75%", "fixed", 4.19, 75.0, 999.0, False],
    ["HV2F-90", "Two-year fixed to 90%", "fixed", 4.89, 90.0, 0.0, False],
    ["HV5F-85", "Five-year fixed to 85%", "fixed", 4.45, 85.0, 999.0, False],
    ["HVTR-80", "Two-year tracker, base + 0.90%", "tracker", 4.65, 80.0, 0.0, False],
    ["HV5F-95", "Five-year fixed to 95%, first home", "fixed", 5.29, 95.0, 0.0, True],
]


# --------------------------------------------------------------------------- models


class Session(BaseModel):
    token: str
    user: str
    role: str
    expires_at: str


class Product(BaseModel):
    code: str
    name: str
    rate_type: str
    rate: float
    max_ltv: float
    fee: float


class Income(BaseModel):
    kind: str
    source: str
    annual_amount: float


class Commitment(BaseModel):
    kind: str
    lender: str
    monthly_payment: float


class ApplicantSummary(BaseModel):
    applicant_id: str
    name: str
    date_of_birth: str
    postcode: str
    credit_searched: bool


class Applicant(BaseModel):
    applicant_id: str
    first_name: str
    last_name: str
    date_of_birth: str
    email: str
    phone: str
    address: str
    postcode: str
    incomes: list[Income] = []
    commitments: list[Commitment] = []


class CreditReport(BaseModel):
    report_id: str
    applicant_id: str
    score: int
    defaults: int
    ccjs: int
    searched_on: str


class PropertyDetails(BaseModel):
    address: str
    postcode: str
    property_type: str
    tenure: str
    lease_years_left: int | None = None


class DepositLine(BaseModel):
    source: str
    amount: float
    donor_name: str | None = None


class Document(BaseModel):
    document_id: str
    doc_code: str
    filename: str
    verification: str
    note: str | None = None


class Valuation(BaseModel):
    valuation_ref: str
    application_no: str
    valuation_type: str
    market_value: float | None = None
    remarks: str | None = None


class Condition(BaseModel):
    condition_no: int
    text: str
    stage: str
    satisfied: bool
    evidence: str | None = None


class Offer(BaseModel):
    offer_no: str
    application_no: str
    loan_amount: float
    product_code: str
    monthly_payment: float
    expires_on: str
    accepted: bool
    signed_by: list[str] = []


class ApplicationSummary(BaseModel):
    application_no: str
    applicants: list[str]
    status: AppStatus
    loan_amount: float
    purpose: str


class Application(BaseModel):
    application_no: str
    status: AppStatus
    purpose: str
    applicants: list[list[str]]
    property_price: float
    loan_amount: float
    term_years: int
    ltv: float
    product_code: str | None = None
    property: PropertyDetails | None = None
    deposit: list[DepositLine] = []
    documents_requested: list[str] = []
    documents: list[Document] = []
    valuation: Valuation | None = None
    conditions: list[Condition] = []
    offer: Offer | None = None
    solicitor: dict[str, str] | None = None
    decision_reason: str | None = None


class Completion(BaseModel):
    completion_ref: str
    application_no: str
    amount: float
    completion_date: str
    solicitor: str
    released: bool


class Illustration(BaseModel):
    application_no: str
    product_code: str
    initial_rate: float
    monthly_payment: float
    total_repayable: float
    fee: float


# --------------------------------------------------------------------------- state


def _app(no, names, status, purpose, price, loan, term, **extra):
    base = {"application_no": no, "applicants": names, "status": status, "purpose": purpose, "property_price": price,
            "loan_amount": loan, "term_years": term, "product_code": None, "property": None, "deposit": [],
            "documents_requested": [], "documents": [], "valuation": None, "conditions": [], "offer": None,
            "solicitor": None, "decision_reason": None, "notes": []}
    base.update(extra)
    return base


class State:
    """Harbour & Vale's Bath branch desk on Monday 6 March 2028."""

    def __init__(self) -> None:
        self.users = {
            "hpatel": {"name": "Hannah Patel", "password": "Keystone#88", "role": "adviser"},
            "gowen": {"name": "Gareth Owen", "password": "Ledger-Line-4", "role": "underwriter"},
            "cmurray": {"name": "Claire Murray", "password": "Deeds&Keys9", "role": "completions"},
        }
        self.sessions = {}
        p = lambda i, f, l, dob, em, ph, ad, pc, inc=(), com=(), cs=False: {  # noqa: E731
            "applicant_id": i, "first_name": f, "last_name": l, "date_of_birth": dob, "email": em, "phone": ph,
            "address": ad, "postcode": pc, "incomes": [dict(x) for x in inc], "commitments": [dict(x) for x in com],
            "credit_searched": cs}
        self.applicants = {
            "AP-7655": p("AP-7655", "Eleanor", "Hughes", "1979-11-02", "eleanor.hughes@example.com", "07700 900412",
                         "4 Lansdown Mews, Bath", "BA1 5DR",
                         [{"kind": "employed", "source": "Royal United Hospital", "annual_amount": 58000.0}], (), True),
            "AP-7690": p("AP-7690", "David", "Mensah", "1983-06-21", "d.mensah@example.com", "07700 900533",
                         "12 Combe Road, Bath", "BA2 5HZ",
                         [{"kind": "employed", "source": "Rotork plc", "annual_amount": 64000.0}], (), True),
            "AP-7691": p("AP-7691", "Aisha", "Mensah", "1985-02-14", "aisha.mensah@example.com", "07700 900534",
                         "12 Combe Road, Bath", "BA2 5HZ",
                         [{"kind": "self_employed", "source": "Mensah Design", "annual_amount": 38000.0}], (), True),
            "AP-7701": p("AP-7701", "James", "Whitfield", "1986-04-12", "james.whitfield@example.com", "07700 900610",
                         "Flat 2, 9 Walcot Street, Bath", "BA1 5BG",
                         [{"kind": "employed", "source": "Dyson Ltd", "annual_amount": 71000.0}],
                         [{"kind": "car_finance", "lender": "Motonovo", "monthly_payment": 289.0}], True),
            "AP-7702": p("AP-7702", "Sophie", "Whitfield", "1988-09-30", "sophie.whitfield@example.com", "07700 900611",
                         "Flat 2, 9 Walcot Street, Bath", "BA1 5BG",
                         [{"kind": "employed", "source": "Bath Spa University", "annual_amount": 44000.0}], (), True),
            "AP-7715": p("AP-7715", "Priya", "Raman", "1992-01-05", "priya.raman@example.com", "07700 900702",
                         "31 Oldfield Road, Bath", "BA2 3ND"),
            "AP-7720": p("AP-7720", "Oliver", "Grant", "1990-07-17", "oliver.grant@example.com", "07700 900745",
                         "88 Wellsway, Bath", "BA2 4SD",
                         [{"kind": "employed", "source": "Wessex Water", "annual_amount": 61000.0}], (), True),
        }
        self.applications = {
            "MA-28-0350": _app("MA-28-0350", ["AP-7655"], "offer_accepted", "purchase", 335000.0, 260000.0, 25,
                               product_code="HV5F-85",
                               property={"address": "7 Sion Hill, Bath", "postcode": "BA1 2UH", "property_type": "house",
                                         "tenure": "freehold", "lease_years_left": None},
                               deposit=[{"source": "savings", "amount": 75000.0, "donor_name": None}],
                               valuation={"valuation_ref": "VAL-5488", "application_no": "MA-28-0350",
                                          "valuation_type": "mortgage_valuation", "market_value": 340000.0,
                                          "remarks": "Good condition"},
                               conditions=[{"condition_no": 1, "text": "Buildings insurance in force from exchange",
                                            "stage": "pre_completion", "satisfied": False, "evidence": None}],
                               offer={"offer_no": "MO-28-0350", "application_no": "MA-28-0350", "loan_amount": 260000.0,
                                      "product_code": "HV5F-85", "monthly_payment": 1443.29, "expires_on": "2028-07-28",
                                      "accepted": True, "signed_by": ["Eleanor Hughes"]},
                               solicitor={"firm": "Pearce & Lowe LLP", "sra_number": "612044",
                                          "email": "completions@pearcelowe.example"}),
            "MA-28-0371": _app("MA-28-0371", ["AP-7690", "AP-7691"], "offered", "remortgage", 480000.0, 290000.0, 20,
                               product_code="HV2F-75",
                               property={"address": "12 Combe Road, Bath", "postcode": "BA2 5HZ", "property_type": "house",
                                         "tenure": "freehold", "lease_years_left": None},
                               valuation={"valuation_ref": "VAL-5502", "application_no": "MA-28-0371",
                                          "valuation_type": "mortgage_valuation", "market_value": 485000.0,
                                          "remarks": None},
                               offer={"offer_no": "MO-28-0371", "application_no": "MA-28-0371", "loan_amount": 290000.0,
                                      "product_code": "HV2F-75", "monthly_payment": 1785.31, "expires_on": "2028-08-30",
                                      "accepted": False, "signed_by": []}),
            "MA-28-0398": _app("MA-28-0398", ["AP-7701", "AP-7702"], "underwriting", "purchase", 410000.0, 320000.0, 30,
                               product_code="HV5F-85",
                               property={"address": "27 Elm Grove, Bath", "postcode": "BA1 6QT", "property_type": "house",
                                         "tenure": "freehold", "lease_years_left": None},
                               deposit=[{"source": "savings", "amount": 50000.0, "donor_name": None},
                                        {"source": "gift", "amount": 40000.0, "donor_name": "Margaret Whitfield"}],
                               documents_requested=["PAYSLIP_3M", "ID", "BANK_3M"],
                               documents=[{"document_id": "DOC-9051", "doc_code": "PAYSLIP_3M",
                                           "filename": "whitfield_payslips.pdf", "verification": "accepted", "note": None},
                                          {"document_id": "DOC-9052", "doc_code": "ID", "filename": "whitfield_passports.pdf",
                                           "verification": "accepted", "note": None},
                                          {"document_id": "DOC-9053", "doc_code": "BANK_3M",
                                           "filename": "whitfield_statements.pdf", "verification": "pending", "note": None}],
                               valuation={"valuation_ref": "VAL-5521", "application_no": "MA-28-0398",
                                          "valuation_type": "mortgage_valuation", "market_value": None, "remarks": None},
                               conditions=[{"condition_no": 1, "text": "Signed gifted-deposit letter from Margaret Whitfield",
                                            "stage": "pre_offer", "satisfied": False, "evidence": None}]),
            "MA-28-0409": _app("MA-28-0409", ["AP-7720"], "draft", "purchase", 300000.0, 240000.0, 25),
        }
        self.reports = {}
        self.completions = {}
        self.accounts = {}
        self.messages = []
        self.counters = {"session": 5120, "applicant": 7730, "application": 420, "doc": 9100, "valuation": 5530,
                         "report": 30881, "account": 50071230, "message": 612}


# --------------------------------------------------------------------------- helpers


def _next(state, key):
    n = state.counters[key]
    state.counters[key] += 1
    return n


def _user(state, token, *roles):
    name = state.sessions.get(token)
    if name is None:
        return None, "Error: not signed in, or the session has expired."
    u = state.users[name]
    if roles and u["role"] not in roles:
        return None, f"Error: the {u['role']} role cannot do this."
    return u, None


def _names(state, a):
    return [[i, f"{state.applicants[i]['first_name']} {state.applicants[i]['last_name']}"] for i in a["applicants"]]


def _ltv(a):
    value = a["property_price"]
    if a["valuation"] and a["valuation"]["market_value"]:
        value = min(value, a["valuation"]["market_value"])
    return round(100.0 * a["loan_amount"] / value, 1)


def _application_model(state, a) -> Application:
    return Application(
        application_no=a["application_no"], status=AppStatus(a["status"]), purpose=a["purpose"],
        applicants=_names(state, a), property_price=a["property_price"], loan_amount=a["loan_amount"],
        term_years=a["term_years"], ltv=_ltv(a), product_code=a["product_code"],
        property=PropertyDetails(**a["property"]) if a["property"] else None,
        deposit=[DepositLine(**d) for d in a["deposit"]], documents_requested=list(a["documents_requested"]),
        documents=[Document(**d) for d in a["documents"]],
        valuation=Valuation(**a["valuation"]) if a["valuation"] else None,
        conditions=[Condition(**c) for c in a["conditions"]], offer=Offer(**a["offer"]) if a["offer"] else None,
        solicitor=dict(a["solicitor"]) if a["solicitor"] else None, decision_reason=a["decision_reason"])


def _applicant_model(p) -> Applicant:
    return Applicant(**{k: v for k, v in p.items() if k != "credit_searched"})


def _application(state, application_no):
    a = state.applications.get(application_no.strip().upper())
    if a is None:
        return None, f"Error: no application {application_no}."
    return a, None


def _product(code):
    return next((p for p in _PRODUCTS if p[0] == code), None)


def _monthly(loan, rate, years):
    r = rate / 1200.0
    n = years * 12
    return round(loan * r / (1 - (1 + r) ** -n), 2)


# --------------------------------------------------------------------------- sessions and public tools


def sign_in(username: str, password: str, state: State = None) -> Session:
    """Sign in to the origination desk.

    :param username: Desk user name.
    :param password: Password.
    :returns: The session, with the token every other desk call needs.
    """
    u = state.users.get(username.strip().lower())
    if u is None or u["password"] != password:
        return "Error: user name or password not recognised."
    token = f"hv-{_next(state, 'session')}"
    state.sessions[token] = username.strip().lower()
    return Session(token=token, user=u["name"], role=u["role"], expires_at=f"{TODAY}T18:00:00")


def sign_out(token: str, state: State = None) -> str:
    """End a session.

    :param token: Session token.
    :returns: Confirmation.
    """
    u, err = _user(state, token)
    if err:
        return err
    del state.sessions[token]
    return f"{u['name']} signed out."


def list_products(rate_type: RateType | None = None, max_ltv: float | None = None, state: State = None) -> list[Product]:
    """Mortgage products on sale.

    :param rate_type: Only fixed or only tracker products.
    :param max_ltv: Only products lending at least this loan-to-value, in percent.
    :returns: The products, with their codes.
    """
    return [Product(code=p[0], name=p[1], rate_type=p[2], rate=p[3], max_ltv=p[4], fee=p[5]) for p in _PRODUCTS
            if (not rate_type or p[2] == rate_type) and (max_ltv is None or p[4] >= max_ltv)]


def affordability(gross_income: float, monthly_commitments: float, dependants: int, state: State = None) -> float:
    """The most the society would lend on an income (4.5 times, less commitments and dependants).

    :param gross_income: Total gross annual income of all applicants.
    :param monthly_commitments: Monthly credit commitments.
    :param dependants: Number of dependent children.
    :returns: The maximum loan in pounds.
    """
    if gross_income <= 0:
        return "Error: income must be positive."
    return round(max(0.0, gross_income * 4.5 - monthly_commitments * 12 * 3 - dependants * 12000), -2)


# --------------------------------------------------------------------------- applicants


def find_applicant(token: str, surname: str, date_of_birth: str | None = None, state: State = None) -> list[ApplicantSummary]:
    """Find applicants by surname.

    :param token: Session token.
    :param surname: The applicant's surname.
    :param date_of_birth: ``YYYY-MM-DD``, to narrow the search.
    :returns: Matching applicants with their references.
    """
    u, err = _user(state, token)
    if err:
        return err
    return [ApplicantSummary(applicant_id=p["applicant_id"], name=f"{p['first_name']} {p['last_name']}",
                             date_of_birth=p["date_of_birth"], postcode=p["postcode"], credit_searched=p["credit_searched"])
            for p in state.applicants.values()
            if p["last_name"].lower() == surname.strip().lower() and (not date_of_birth or p["date_of_birth"] == date_of_birth)]


def create_applicant(token: str, first_name: str, last_name: str, date_of_birth: str, email: str, phone: str,
                     address: str, postcode: str, state: State = None) -> Applicant:
    """Register a new applicant.

    :param token: Adviser's session token.
    :param first_name: First name.
    :param last_name: Surname.
    :param date_of_birth: ``YYYY-MM-DD``.
    :param email: E-mail address.
    :param phone: Phone number.
    :param address: Current address.
    :param postcode: Current postcode.
    :returns: The applicant, with a new reference.
    """
    u, err = _user(state, token, "adviser")
    if err:
        return err
    if "@" not in email:
        return "Error: e-mail address is not valid."
    if any(p["last_name"].lower() == last_name.strip().lower() and p["date_of_birth"] == date_of_birth
           for p in state.applicants.values()):
        return f"Error: {first_name} {last_name} born {date_of_birth} is already registered."
    try:
        born = date.fromisoformat(date_of_birth)
    except ValueError:
        return "Error: date of birth must be YYYY-MM-DD."
    if (date.fromisoformat(TODAY) - born).days < 18 * 365:
        return "Error: applicants must be 18 or over."
    i = f"AP-{_next(state, 'applicant')}"
    state.applicants[i] = {"applicant_id": i, "first_name": first_name.strip(), "last_name": last_name.strip(),
                           "date_of_birth": date_of_birth, "email": email.strip().lower(), "phone": phone.strip(),
                           "address": address.strip(), "postcode": postcode.strip().upper(), "incomes": [],
                           "commitments": [], "credit_searched": False}
    return _applicant_model(state.applicants[i])


def _applicant(state, applicant_id):
    p = state.applicants.get(applicant_id.strip().upper())
    if p is None:
        return None, f"Error: no applicant {applicant_id}."
    return p, None


def update_applicant(token: str, applicant_id: str, email: str | None = None, phone: str | None = None,
                     address: str | None = None, postcode: str | None = None, state: State = None) -> Applicant:
    """Change an applicant's contact details.

    :param token: Adviser's session token.
    :param applicant_id: The applicant.
    :param email: New e-mail address.
    :param phone: New phone number.
    :param address: New address.
    :param postcode: New postcode.
    :returns: The applicant.
    """
    u, err = _user(state, token, "adviser")
    if err:
        return err
    p, err = _applicant(state, applicant_id)
    if err:
        return err
    new = {"email": email.strip().lower() if email else p["email"], "phone": phone.strip() if phone else p["phone"],
           "address": address.strip() if address else p["address"],
           "postcode": postcode.strip().upper() if postcode else p["postcode"]}
    if all(new[k] == p[k] for k in new):
        return "Error: nothing to change; the details are the same."
    p.update(new)
    return _applicant_model(p)


def add_income(token: str, applicant_id: str, kind: IncomeKind, source: str, annual_amount: float,
               state: State = None) -> Applicant:
    """Record an income.

    :param token: Adviser's session token.
    :param applicant_id: The applicant.
    :param kind: Employed, self-employed, pension or rental income.
    :param source: Employer, business, pension scheme or property.
    :param annual_amount: Gross annual amount in pounds.
    :returns: The applicant with incomes and commitments.
    """
    u, err = _user(state, token, "adviser")
    if err:
        return err
    p, err = _applicant(state, applicant_id)
    if err:
        return err
    if annual_amount <= 0:
        return "Error: the amount must be positive."
    if any(i["source"].lower() == source.strip().lower() and i["kind"] == kind for i in p["incomes"]):
        return f"Error: {source} is already recorded as {kind} income."
    p["incomes"].append({"kind": kind, "source": source.strip(), "annual_amount": float(annual_amount)})
    return _applicant_model(p)


def add_commitment(token: str, applicant_id: str, kind: CommitmentKind, lender: str, monthly_payment: float,
                   state: State = None) -> Applicant:
    """Record a credit commitment.

    :param token: Adviser's session token.
    :param applicant_id: The applicant.
    :param kind: Loan, credit card, car finance or child maintenance.
    :param lender: Lender or payee.
    :param monthly_payment: Monthly payment in pounds.
    :returns: The applicant with incomes and commitments.
    """
    u, err = _user(state, token, "adviser")
    if err:
        return err
    p, err = _applicant(state, applicant_id)
    if err:
        return err
    if monthly_payment <= 0:
        return "Error: the payment must be positive."
    p["commitments"].append({"kind": kind, "lender": lender.strip(), "monthly_payment": float(monthly_payment)})
    return _applicant_model(p)


def run_credit_search(token: str, applicant_id: str, consent_given: bool, state: State = None) -> CreditReport:
    """Run a full credit search (leaves a footprint; needs the applicant's consent).

    :param token: Adviser's session token.
    :param applicant_id: The applicant.
    :param consent_given: The applicant agreed to the search.
    :returns: The credit report.
    """
    u, err = _user(state, token, "adviser")
    if err:
        return err
    p, err = _applicant(state, applicant_id)
    if err:
        return err
    if not consent_given:
        return "Error: a full search needs the applicant's recorded consent."
    if p["credit_searched"]:
        return f"Error: {p['applicant_id']} was already searched; the report is on file."
    p["credit_searched"] = True
    rid = f"CR-{_next(state, 'report')}"
    state.reports[rid] = p["applicant_id"]
    return CreditReport(report_id=rid, applicant_id=p["applicant_id"], score=912, defaults=0, ccjs=0, searched_on=TODAY)


# --------------------------------------------------------------------------- applications


def start_application(token: str, applicant_ids: list[str], purpose: Purpose, property_price: float,
                      loan_amount: float, term_years: int, state: State = None) -> Application:
    """Start a mortgage application for one or two applicants.

    :param token: Adviser's session token.
    :param applicant_ids: The applicants (one or two).
    :param purpose: Purchase or remortgage.
    :param property_price: Purchase price or estimated value, pounds.
    :param loan_amount: Amount to borrow, pounds.
    :param term_years: Mortgage term, 5 to 40 years.
    :returns: The new application in draft.
    """
    u, err = _user(state, token, "adviser")
    if err:
        return err
    if not 1 <= len(applicant_ids) <= 2:
        return "Error: one or two applicants."
    for i in applicant_ids:
        p, err = _applicant(state, i)
        if err:
            return err
        if not p["credit_searched"]:
            return f"Error: {p['first_name']} {p['last_name']} has no credit search on file."
        if not p["incomes"]:
            return f"Error: {p['first_name']} {p['last_name']} has no income recorded."
    if not 5 <= term_years <= 40:
        return "Error: the term must be 5 to 40 years."
    if not 0 < loan_amount < property_price:
        return "Error: the loan must be less than the price."
    no = f"MA-28-{_next(state, 'application'):04d}"
    state.applications[no] = _app(no, [i.strip().upper() for i in applicant_ids], "draft", purpose,
                                  float(property_price), float(loan_amount), int(term_years))
    return _application_model(state, state.applications[no])


def get_application(token: str, application_no: str, state: State = None) -> Application:
    """One application in full.

    :param token: Session token.
    :param application_no: The application.
    :returns: The application with property, documents, valuation, conditions and offer.
    """
    u, err = _user(state, token)
    if err:
        return err
    a, err = _application(state, application_no)
    if err:
        return err
    return _application_model(state, a)


def list_applications(token: str, status: AppStatus | None = None, applicant_id: str | None = None,
                      state: State = None) -> list[ApplicationSummary]:
    """Applications on the desk.

    :param token: Session token.
    :param status: Only applications at this status.
    :param applicant_id: Only this applicant's applications.
    :returns: Summaries with application numbers.
    """
    u, err = _user(state, token)
    if err:
        return err
    want = AppStatus(status).value if status else None
    return [ApplicationSummary(application_no=a["application_no"], applicants=[n for _, n in _names(state, a)],
                               status=AppStatus(a["status"]), loan_amount=a["loan_amount"], purpose=a["purpose"])
            for a in state.applications.values()
            if (not want or a["status"] == want) and (not applicant_id or applicant_id.strip().upper() in a["applicants"])]


def _draft(state, token, application_no, *roles):
    u, err = _user(state, token, *(roles or ("adviser",)))
    if err:
        return None, None, err
    a, err = _application(state, application_no)
    if err:
        return None, None, err
    if a["status"] != "draft":
        return None, None, f"Error: {a['application_no']} is {a['status']}; only a draft can be changed."
    return u, a, None


def set_property(token: str, application_no: str, address: str, postcode: str, property_type: PropertyType,
                 tenure: Tenure, lease_years_left: int | None = None, state: State = None) -> Application:
    """Set the property to be mortgaged.

    :param token: Adviser's session token.
    :param application_no: A draft application.
    :param address: The property's address.
    :param postcode: Its postcode.
    :param property_type: House, flat, bungalow or maisonette.
    :param tenure: Freehold or leasehold.
    :param lease_years_left: Years left on a lease.
    :returns: The application.
    """
    u, a, err = _draft(state, token, application_no)
    if err:
        return err
    if tenure == "leasehold":
        need = a["term_years"] + _MIN_LEASE_AFTER_TERM
        if lease_years_left is None or lease_years_left < need:
            return (f"Error: a leasehold needs at least {_MIN_LEASE_AFTER_TERM} years left at the end of the term "
                    f"({need} years now).")
    new = {"address": address.strip(), "postcode": postcode.strip().upper(), "property_type": property_type,
           "tenure": tenure, "lease_years_left": lease_years_left}
    if a["property"] == new:
        return "Error: the property is already set to these details."
    a["property"] = new
    return _application_model(state, a)


def select_product(token: str, application_no: str, product_code: str, state: State = None) -> Application:
    """Choose the mortgage product.

    :param token: Adviser's session token.
    :param application_no: A draft application.
    :param product_code: The product.
    :returns: The application.
    """
    u, a, err = _draft(state, token, application_no)
    if err:
        return err
    p = _product(product_code)
    if p is None:
        return f"Error: no product {product_code}."
    if _ltv(a) > p[4]:
        return f"Error: {product_code} lends to {p[4]}% LTV; this application is at {_ltv(a)}%."
    others = [b for b in state.applications.values() if b is not a and set(b["applicants"]) & set(a["applicants"])]
    if p[6] and (a["purpose"] != "purchase" or others):
        return f"Error: {product_code} is for first-time buyers purchasing their first home only."
    if a["product_code"] == p[0]:
        return f"Error: {product_code} is already selected."
    a["product_code"] = p[0]
    return _application_model(state, a)


def record_deposit(token: str, application_no: str, source: DepositSource, amount: float,
                   donor_name: str | None = None, state: State = None) -> Application:
    """Record where (part of) the deposit comes from.

    :param token: Adviser's session token.
    :param application_no: A draft application.
    :param source: Savings, a gift, a sale or equity.
    :param amount: Pounds.
    :param donor_name: Who gives a gifted deposit.
    :returns: The application.
    """
    u, a, err = _draft(state, token, application_no)
    if err:
        return err
    if source == "gift" and not (donor_name or "").strip():
        return "Error: a gifted deposit needs the donor's name."
    if amount <= 0:
        return "Error: the amount must be positive."
    a["deposit"].append({"source": source, "amount": float(amount), "donor_name": (donor_name or "").strip() or None})
    return _application_model(state, a)


def request_documents(token: str, application_no: str, documents: list[str], state: State = None) -> list[str]:
    """Ask the applicants for documents.

    :param token: Adviser's session token.
    :param application_no: A draft application.
    :param documents: Document codes.
    :returns: The codes still outstanding.
    """
    u, a, err = _draft(state, token, application_no)
    if err:
        return err
    bad = [d for d in documents if d not in _DOC_CODES]
    if bad or not documents:
        return f"Error: unknown document code(s) {', '.join(bad) or '(none given)'}; use {', '.join(_DOC_CODES)}."
    new = [d for d in documents if d not in a["documents_requested"]]
    if not new:
        return "Error: those documents are already requested."
    a["documents_requested"].extend(new)
    have = {d["doc_code"] for d in a["documents"]}
    return [d for d in a["documents_requested"] if d not in have]


def upload_document(token: str, application_no: str, doc_code: str, filename: str, state: State = None) -> str:
    """Attach a requested document the applicant sent.

    :param token: Adviser's session token.
    :param application_no: The application.
    :param doc_code: Which requested document it is.
    :param filename: The file.
    :returns: The document id.
    """
    u, err = _user(state, token, "adviser")
    if err:
        return err
    a, err = _application(state, application_no)
    if err:
        return err
    if a["status"] not in ("draft", "underwriting"):
        return f"Error: {a['application_no']} is {a['status']}."
    if doc_code not in a["documents_requested"]:
        return f"Error: {doc_code} was not requested on {a['application_no']}."
    if not filename.lower().endswith((".pdf", ".jpg", ".png")):
        return "Error: upload a PDF, JPG or PNG."
    did = f"DOC-{_next(state, 'doc')}"
    a["documents"].append({"document_id": did, "doc_code": doc_code, "filename": filename.strip(), "verification": "pending",
                           "note": None})
    return did


def list_documents(token: str, application_no: str, state: State = None) -> list[Document]:
    """Documents uploaded to an application.

    :param token: Session token.
    :param application_no: The application.
    :returns: The documents with their ids and verification.
    """
    u, err = _user(state, token)
    if err:
        return err
    a, err = _application(state, application_no)
    if err:
        return err
    return [Document(**d) for d in a["documents"]]


def verify_document(token: str, document_id: str, outcome: Outcome, note: str, state: State = None) -> Document:
    """Accept or reject an uploaded document (underwriter).

    :param token: Underwriter's session token.
    :param document_id: The document.
    :param outcome: Accepted or rejected.
    :param note: The underwriter's note.
    :returns: The document.
    """
    u, err = _user(state, token, "underwriter")
    if err:
        return err
    d = next((d for a in state.applications.values() for d in a["documents"] if d["document_id"] == document_id), None)
    if d is None:
        return f"Error: no document {document_id}."
    if d["verification"] == outcome:
        return f"Error: {document_id} is already {outcome}."
    d.update(verification=outcome, note=note.strip())
    return Document(**d)


def illustrate(token: str, application_no: str, state: State = None) -> Illustration:
    """The illustration (ESIS) for the product chosen.

    :param token: Session token.
    :param application_no: The application.
    :returns: Monthly payment, total repayable and fee.
    """
    u, err = _user(state, token)
    if err:
        return err
    a, err = _application(state, application_no)
    if err:
        return err
    if not a["product_code"]:
        return f"Error: {a['application_no']} has no product selected."
    p = _product(a["product_code"])
    m = _monthly(a["loan_amount"], p[3], a["term_years"])
    return Illustration(application_no=a["application_no"], product_code=p[0], initial_rate=p[3], monthly_payment=m,
                        total_repayable=round(m * 12 * a["term_years"] + p[5], 2), fee=p[5])


def submit_application(token: str, application_no: str, state: State = None) -> Application:
    """Submit a complete draft to underwriting.

    :param token: Adviser's session token.
    :param application_no: A draft application.
    :returns: The application, in underwriting.
    """
    u, a, err = _draft(state, token, application_no)
    if err:
        return err
    if not a["product_code"]:
        return "Error: choose a product first."
    if not a["property"]:
        return "Error: set the property first."
    have = {d["doc_code"] for d in a["documents"]}
    missing = [d for d in a["documents_requested"] if d not in have]
    if missing:
        return f"Error: documents outstanding: {', '.join(missing)}."
    a["status"] = "underwriting"
    return _application_model(state, a)


def order_valuation(token: str, application_no: str, valuation_type: ValuationType, state: State = None) -> Valuation:
    """Instruct the panel valuer for an application in underwriting.

    :param token: Adviser's or underwriter's session token.
    :param application_no: The application.
    :param valuation_type: Mortgage valuation, HomeBuyer report or building survey.
    :returns: The valuation instruction with its reference.
    """
    u, err = _user(state, token, "adviser", "underwriter")
    if err:
        return err
    a, err = _application(state, application_no)
    if err:
        return err
    if a["status"] != "underwriting":
        return f"Error: {a['application_no']} is {a['status']}; valuations are ordered in underwriting."
    if a["valuation"]:
        return f"Error: valuation {a['valuation']['valuation_ref']} is already instructed."
    ref = f"VAL-{_next(state, 'valuation')}"
    a["valuation"] = {"valuation_ref": ref, "application_no": a["application_no"], "valuation_type": valuation_type,
                      "market_value": None, "remarks": None}
    return Valuation(**a["valuation"])


def record_valuation(token: str, valuation_ref: str, market_value: float, remarks: str, state: State = None) -> Valuation:
    """Record the valuer's figure (underwriter).

    :param token: Underwriter's session token.
    :param valuation_ref: The valuation.
    :param market_value: The valuer's market value, pounds.
    :param remarks: The valuer's remarks.
    :returns: The valuation.
    """
    u, err = _user(state, token, "underwriter")
    if err:
        return err
    a = next((a for a in state.applications.values() if a["valuation"] and a["valuation"]["valuation_ref"] == valuation_ref),
             None)
    if a is None:
        return f"Error: no valuation {valuation_ref}."
    if a["valuation"]["market_value"] is not None:
        return f"Error: {valuation_ref} is already recorded."
    a["valuation"].update(market_value=float(market_value), remarks=remarks.strip())
    return Valuation(**a["valuation"])


def add_condition(token: str, application_no: str, text: str, stage: ConditionStage, state: State = None) -> int:
    """Set a condition on an application in underwriting (underwriter).

    :param token: Underwriter's session token.
    :param application_no: The application.
    :param text: The condition.
    :param stage: Before the offer, or before completion.
    :returns: The condition's number.
    """
    u, err = _user(state, token, "underwriter")
    if err:
        return err
    a, err = _application(state, application_no)
    if err:
        return err
    if a["status"] != "underwriting":
        return f"Error: {a['application_no']} is {a['status']}; conditions are set in underwriting."
    n = len(a["conditions"]) + 1
    a["conditions"].append({"condition_no": n, "text": text.strip(), "stage": stage, "satisfied": False, "evidence": None})
    return n


def satisfy_condition(token: str, application_no: str, condition_no: int, evidence: str, state: State = None) -> Application:
    """Mark a condition satisfied.

    :param token: Session token.
    :param application_no: The application.
    :param condition_no: The condition.
    :param evidence: What satisfies it.
    :returns: The application.
    """
    u, err = _user(state, token)
    if err:
        return err
    a, err = _application(state, application_no)
    if err:
        return err
    c = next((c for c in a["conditions"] if c["condition_no"] == condition_no), None)
    if c is None:
        return f"Error: {a['application_no']} has no condition {condition_no}."
    if c["satisfied"]:
        return f"Error: condition {condition_no} is already satisfied."
    c.update(satisfied=True, evidence=evidence.strip())
    return _application_model(state, a)


def decide_application(token: str, application_no: str, decision: Decision, reason: str, state: State = None) -> Application:
    """Approve or decline an application in underwriting (underwriter).

    :param token: Underwriter's session token.
    :param application_no: The application.
    :param decision: Approve or decline.
    :param reason: The underwriter's rationale.
    :returns: The application.
    """
    u, err = _user(state, token, "underwriter")
    if err:
        return err
    a, err = _application(state, application_no)
    if err:
        return err
    if a["status"] != "underwriting":
        return f"Error: {a['application_no']} is {a['status']}."
    d = Decision(decision).value
    if d == "approve":
        if not a["valuation"] or a["valuation"]["market_value"] is None:
            return "Error: no valuation figure recorded."
        if any(doc["verification"] != "accepted" for doc in a["documents"]):
            return "Error: every document must be verified and accepted."
        if any(c["stage"] == "pre_offer" and not c["satisfied"] for c in a["conditions"]):
            return "Error: pre-offer conditions outstanding."
        if _ltv(a) > _product(a["product_code"])[4]:
            return f"Error: at the valuation the LTV is {_ltv(a)}%, above the product's limit."
    a.update(status="approved" if d == "approve" else "declined", decision_reason=reason.strip())
    return _application_model(state, a)


def issue_offer(token: str, application_no: str, valid_days: int, state: State = None) -> Offer:
    """Issue the mortgage offer for an approved application (underwriter).

    :param token: Underwriter's session token.
    :param application_no: The application.
    :param valid_days: How long the offer stands.
    :returns: The offer, numbered after its application.
    """
    u, err = _user(state, token, "underwriter")
    if err:
        return err
    a, err = _application(state, application_no)
    if err:
        return err
    if a["status"] != "approved":
        return f"Error: {a['application_no']} is {a['status']}; offers are issued on approved applications."
    if not _OFFER_DAYS[0] <= valid_days <= _OFFER_DAYS[1]:
        return f"Error: an offer stands for {_OFFER_DAYS[0]} to {_OFFER_DAYS[1]} days."
    p = _product(a["product_code"])
    a["offer"] = {"offer_no": "MO-" + a["application_no"][3:], "application_no": a["application_no"],
                  "loan_amount": a["loan_amount"], "product_code": p[0],
                  "monthly_payment": _monthly(a["loan_amount"], p[3], a["term_years"]),
                  "expires_on": (date.fromisoformat(TODAY) + timedelta(days=valid_days)).isoformat(), "accepted": False,
                  "signed_by": []}
    a["status"] = "offered"
    return Offer(**a["offer"])


def accept_offer(token: str, offer_no: str, signed_by: list[str], state: State = None) -> Offer:
    """Record the applicants' signed acceptance of an offer.

    :param token: Adviser's session token.
    :param offer_no: The offer.
    :param signed_by: Full names of everyone who signed.
    :returns: The offer.
    """
    u, err = _user(state, token, "adviser")
    if err:
        return err
    a = next((a for a in state.applications.values() if a["offer"] and a["offer"]["offer_no"] == offer_no), None)
    if a is None:
        return f"Error: no offer {offer_no}."
    if a["offer"]["accepted"]:
        return f"Error: {offer_no} is already accepted."
    names = [n for _, n in _names(state, a)]
    missing = [n for n in names if n not in signed_by]
    if missing:
        return f"Error: every applicant must sign; missing {', '.join(missing)}."
    a["offer"].update(accepted=True, signed_by=list(signed_by))
    a["status"] = "offer_accepted"
    return Offer(**a["offer"])


def instruct_solicitor(token: str, application_no: str, firm: str, sra_number: str, email: str,
                       state: State = None) -> Application:
    """Instruct the conveyancing solicitor once an offer is out (completions).

    :param token: Completions session token.
    :param application_no: The application.
    :param firm: The firm's name.
    :param sra_number: Its SRA number (six digits).
    :param email: Its completions e-mail address.
    :returns: The application.
    """
    u, err = _user(state, token, "completions")
    if err:
        return err
    a, err = _application(state, application_no)
    if err:
        return err
    if a["status"] not in ("offered", "offer_accepted"):
        return f"Error: {a['application_no']} is {a['status']}; a solicitor is instructed once an offer is issued."
    if not (sra_number.isdigit() and len(sra_number) == 6):
        return "Error: an SRA number is six digits."
    new = {"firm": firm.strip(), "sra_number": sra_number, "email": email.strip().lower()}
    if a["solicitor"] == new:
        return f"Error: {firm} is already instructed."
    a["solicitor"] = new
    return _application_model(state, a)


def request_funds(token: str, application_no: str, completion_date: str, state: State = None) -> Completion:
    """Book the advance for completion (completions).

    :param token: Completions session token.
    :param application_no: The application.
    :param completion_date: ``YYYY-MM-DD``, a working day.
    :returns: The completion booking.
    """
    u, err = _user(state, token, "completions")
    if err:
        return err
    a, err = _application(state, application_no)
    if err:
        return err
    if a["status"] != "offer_accepted":
        return f"Error: {a['application_no']} is {a['status']}; the offer must be accepted."
    if not a["solicitor"]:
        return "Error: no solicitor instructed."
    if any(c["stage"] == "pre_completion" and not c["satisfied"] for c in a["conditions"]):
        return "Error: pre-completion conditions outstanding."
    try:
        day = date.fromisoformat(completion_date)
    except ValueError:
        return "Error: the date must be YYYY-MM-DD."
    if day.weekday() >= 5 or (day - date.fromisoformat(TODAY)).days < _NOTICE_DAYS:
        return f"Error: completion needs a working day at least {_NOTICE_DAYS} days ahead."
    ref = "CP-" + a["application_no"][3:]
    state.completions[ref] = {"application_no": a["application_no"], "amount": a["loan_amount"],
                              "completion_date": completion_date, "solicitor": a["solicitor"]["firm"], "released": False}
    a["status"] = "funds_requested"
    return Completion(completion_ref=ref, **state.completions[ref])


def release_funds(token: str, completion_ref: str, state: State = None) -> str:
    """Release the advance to the solicitor on the completion date and open the mortgage account.

    :param token: Completions session token.
    :param completion_ref: The completion booking.
    :returns: A line with the new mortgage account number.
    """
    u, err = _user(state, token, "completions")
    if err:
        return err
    c = state.completions.get(completion_ref)
    if c is None:
        return f"Error: no completion {completion_ref}."
    if c["released"]:
        return f"Error: funds for {completion_ref} are already released."
    c["released"] = True
    acct = str(_next(state, "account"))
    state.accounts[acct] = {"application_no": c["application_no"], "balance": c["amount"], "direct_debit": None}
    state.applications[c["application_no"]]["status"] = "completed"
    return (f"Funds of {c['amount']:,.2f} pounds released to {c['solicitor']} for {c['application_no']}; "
            f"mortgage account {acct} opened.")


def set_up_direct_debit(token: str, mortgage_account: str, sort_code: str, account_number: str, payment_day: int,
                        state: State = None) -> str:
    """Set up the monthly direct debit on a mortgage account.

    :param token: Session token.
    :param mortgage_account: The mortgage account number.
    :param sort_code: Paying bank's sort code, ``nn-nn-nn``.
    :param account_number: Paying account, eight digits.
    :param payment_day: Day of the month, 1 to 28.
    :returns: Confirmation.
    """
    u, err = _user(state, token)
    if err:
        return err
    acc = state.accounts.get(mortgage_account.strip())
    if acc is None:
        return f"Error: no mortgage account {mortgage_account}."
    if not 1 <= payment_day <= 28:
        return "Error: the payment day must be 1 to 28."
    if not (len(account_number) == 8 and account_number.isdigit()):
        return "Error: the account number must be eight digits."
    new = {"sort_code": sort_code, "account_number": account_number, "payment_day": payment_day}
    if acc["direct_debit"] == new:
        return "Error: that direct debit is already in place."
    acc["direct_debit"] = new
    return f"Direct debit set on mortgage account {mortgage_account} for day {payment_day} of each month."


def withdraw_application(token: str, application_no: str, reason: str, state: State = None) -> Application:
    """Withdraw an application that has not completed.

    :param token: Adviser's session token.
    :param application_no: The application.
    :param reason: Why.
    :returns: The application.
    """
    u, err = _user(state, token, "adviser")
    if err:
        return err
    a, err = _application(state, application_no)
    if err:
        return err
    if a["status"] in ("completed", "withdrawn", "funds_requested"):
        return f"Error: {a['application_no']} is {a['status']} and cannot be withdrawn."
    a.update(status="withdrawn", decision_reason=reason.strip())
    return _application_model(state, a)


def add_note(token: str, application_no: str, text: str, state: State = None) -> int:
    """Add a case note.

    :param token: Session token.
    :param application_no: The application.
    :param text: The note.
    :returns: How many notes the case has.
    """
    u, err = _user(state, token)
    if err:
        return err
    a, err = _application(state, application_no)
    if err:
        return err
    if not text.strip():
        return "Error: the note is empty."
    a["notes"].append(f"{u['name']}: {text.strip()}")
    return len(a["notes"])


def send_message(token: str, applicant_id: str, subject: str, body: str, state: State = None) -> str:
    """Send a secure message to an applicant.

    :param token: Session token.
    :param applicant_id: The applicant.
    :param subject: Subject line.
    :param body: Message text.
    :returns: The message reference.
    """
    u, err = _user(state, token)
    if err:
        return err
    p, err = _applicant(state, applicant_id)
    if err:
        return err
    if not body.strip():
        return "Error: the message is empty."
    ref = f"SM-{_next(state, 'message')}"
    state.messages.append([ref, p["applicant_id"], subject.strip(), body.strip()])
    return ref


TOOLS = [
    sign_in, sign_out, list_products, affordability, find_applicant, create_applicant, update_applicant, add_income,
    add_commitment, run_credit_search, start_application, get_application, list_applications, set_property,
    select_product, record_deposit, request_documents, upload_document, list_documents, verify_document, illustrate,
    submit_application, order_valuation, record_valuation, add_condition, satisfy_condition, decide_application,
    issue_offer, accept_offer, instruct_solicitor, request_funds, release_funds, set_up_direct_debit,
    withdraw_application, add_note, send_message,
]

FIXTURES = {
    "desk": {"society": "Harbour & Vale Building Society, Bath branch", "today": "Monday 6 March 2028"},
    "staff": [
        {"name": "Hannah Patel", "role": "mortgage adviser", "username": "hpatel", "password": "Keystone#88"},
        {"name": "Gareth Owen", "role": "underwriter", "username": "gowen", "password": "Ledger-Line-4"},
        {"name": "Claire Murray", "role": "completions", "username": "cmurray", "password": "Deeds&Keys9"},
    ],
    "new_enquiry": {"first_name": "Tomasz", "last_name": "Nowak", "date_of_birth": "1994-03-28",
                    "email": "tomasz.nowak@example.com", "phone": "07700 900818", "address": "5 Moorland Road, Bath",
                    "postcode": "BA2 3PL", "employer": "Bath Cider Works", "salary": 47000},
    "callers": [
        "Priya Raman (born 5 January 1992), a first-time buyer, salary 52,000 at the Holburne Museum",
        "Oliver Grant, whose draft application for 14 Entry Hill is waiting for its paperwork",
        "the Whitfields' gifted-deposit letter from Margaret Whitfield has arrived",
        "David and Aisha Mensah have signed their remortgage offer",
        "Eleanor Hughes's buildings insurance starts on exchange",
    ],
}

_TOKEN = "auth: session token (token of the sign_in session)"
_APPLICANT = "id lookup/create: applicant reference (applicant_id of find_applicant or create_applicant)"
_APPLICATION = "id lookup/create: application number (application_no of start_application or list_applications)"

_SIGNED_IN = [
    "sign_out", "find_applicant", "create_applicant", "update_applicant", "add_income", "add_commitment",
    "run_credit_search", "start_application", "get_application", "list_applications", "set_property", "select_product",
    "record_deposit", "request_documents", "upload_document", "list_documents", "verify_document", "illustrate",
    "submit_application", "order_valuation", "record_valuation", "add_condition", "satisfy_condition",
    "decide_application", "issue_offer", "accept_offer", "instruct_solicitor", "request_funds", "release_funds",
    "set_up_direct_debit", "withdraw_application", "add_note", "send_message",
]
APPLICANT_CONSUMERS = ["update_applicant", "add_income", "add_commitment", "run_credit_search", "start_application"]
APPLICATION_CONSUMERS = [
    "get_application", "set_property", "select_product", "record_deposit", "request_documents", "upload_document",
    "list_documents", "illustrate", "submit_application", "order_valuation", "add_condition", "satisfy_condition",
    "decide_application", "issue_offer", "instruct_solicitor", "request_funds", "add_note",
]

GROUND_TRUTH = (
    [("sign_in", c, _TOKEN) for c in _SIGNED_IN]
    + [("find_applicant|create_applicant", c, _APPLICANT) for c in APPLICANT_CONSUMERS]
    + [("start_application|list_applications", c, _APPLICATION) for c in APPLICATION_CONSUMERS]
    + [
        ("find_applicant", "send_message", "id lookup: applicant reference of an existing customer (applicant_id)"),
        ("list_applications", "withdraw_application",
         "id lookup: application number of a case in progress (application_no of list_applications)"),
        ("upload_document|list_documents", "verify_document",
         "id lookup/create: document id (bare id from upload_document, or document_id of list_documents)"),
        ("order_valuation|get_application", "record_valuation",
         "id lookup/create: valuation reference (valuation_ref, or valuation.valuation_ref of the application)"),
        ("add_condition|get_application", "satisfy_condition",
         "id lookup/create: condition number (bare int from add_condition, or conditions[i].condition_no)"),
        ("issue_offer|get_application", "accept_offer",
         "id lookup/create: offer number (offer_no, or offer.offer_no of the application)"),
        ("request_funds", "release_funds", "id create: completion reference (completion_ref)"),
        ("release_funds", "set_up_direct_debit", "id create: mortgage account number (in the funds-released line)"),
        ("list_products", "select_product", "vocabulary: product code (code)"),
        ("run_credit_search", "start_application", "state: a credit search on file for every applicant"),
        ("add_income", "start_application", "state: an income recorded for every applicant"),
        ("request_documents", "upload_document", "state: the document requested"),
        ("select_product", "submit_application", "state: a product selected"),
        ("set_property", "submit_application", "state: the property set"),
        ("upload_document", "submit_application", "state: every requested document uploaded"),
        ("select_product", "illustrate", "state: a product selected"),
        ("submit_application", "order_valuation", "state: the application in underwriting"),
        ("submit_application", "add_condition", "state: the application in underwriting"),
        ("record_valuation", "decide_application", "state: the valuation figure recorded"),
        ("verify_document", "decide_application", "state: every document verified and accepted"),
        ("satisfy_condition", "decide_application", "state: pre-offer conditions satisfied"),
        ("decide_application", "issue_offer", "state: the application approved"),
        ("issue_offer", "instruct_solicitor", "state: an offer issued"),
        ("accept_offer", "request_funds", "state: the offer accepted"),
        ("instruct_solicitor", "request_funds", "state: a solicitor instructed"),
        ("satisfy_condition", "request_funds", "state: pre-completion conditions satisfied"),
    ]
)

PLAUSIBLE = {
    ("create_applicant", "send_message"), ("start_application", "withdraw_application"),
    ("affordability", "start_application"), ("find_applicant", "list_applications"),
    ("get_application", "set_property"), ("get_application", "select_product"), ("illustrate", "submit_application"),
    ("list_products", "illustrate"), ("get_application", "issue_offer"), ("get_application", "decide_application"),
    ("list_documents", "decide_application"),
    ("get_application", "request_funds"), ("add_commitment", "start_application"), ("record_deposit", "submit_application"),
    ("list_applications", "accept_offer"), ("get_application", "instruct_solicitor"), ("order_valuation", "decide_application"),
    ("add_condition", "decide_application"), ("request_documents", "submit_application"),
    ("issue_offer", "request_funds"), ("decide_application", "accept_offer"), ("list_applications", "release_funds"),
}
