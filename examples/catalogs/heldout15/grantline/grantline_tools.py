"""Grantline: the grants portal of the Tidewell Community Foundation (39 calls).

Plain functions over an in-memory ``State`` of a regional community foundation's grants portal on
Tuesday 16 March 2027. Applicants sign in for their own organisation, register it, keep its bank
details, draft applications with a budget and attachments and submit them; once funded they
accept the award, draw it down, report on it and ask for variations. Programme officers check
eligibility, appoint assessors, put assessed applications to a panel, record its decisions, run
due diligence, make and close awards. Assessors score the applications assigned to them; the
finance officer verifies bank details and approves payments.

Replies are pydantic models (and lists of them), which the runtime converts to JSON. Every refusal
is *raised* as a ``GrantlineError`` subclass carrying a short ``code``. The attachment kinds a
programme requires, the attachment kinds the portal knows and the reasons an officer may give for
declining are named only in refusals.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as
provider means either tool satisfies it, and the text of ``what`` before its first ``:`` is the
kind.
"""

import copy
from enum import Enum
from typing import List, Literal, Optional

from pydantic import BaseModel

TODAY = "2027-03-16"

OrgType = Literal["registered_charity", "cic", "community_group", "school", "parish_council"]
Recommendation = Literal["fund", "fund_with_conditions", "do_not_fund"]
PanelDecision = Literal["approve", "decline", "defer"]
ReportPeriod = Literal["interim", "final"]


class ApplicationStatus(str, Enum):
    """Where an application stands."""

    DRAFT = "draft"
    SUBMITTED = "submitted"
    ELIGIBLE = "eligible"
    INELIGIBLE = "ineligible"
    UNDER_ASSESSMENT = "under_assessment"
    ASSESSED = "assessed"
    ON_PANEL = "on_panel"
    APPROVED = "approved"
    DECLINED = "declined"
    WITHDRAWN = "withdrawn"
    AWARDED = "awarded"


_ATTACHMENT_KINDS = ("constitution", "annual_accounts", "safeguarding_policy", "quote", "letter_of_support",
                     "photo", "other")
_DECLINE_CODES = ("INELIGIBLE_ORG", "OUTSIDE_AREA", "OUT_OF_SCOPE", "LOW_SCORE", "OVERSUBSCRIBED",
                  "DUPLICATE")
_AREA = ("CM", "SG", "EN", "HP")


# --------------------------------------------------------------------------- refusals


class GrantlineError(Exception):
    """A refusal by the portal."""

    code = "refused"

    def __init__(self, message: str) -> None:
        super().__init__(f"[{self.code}] {message}")
        self.message = message


class NotSignedIn(GrantlineError):
    code = "unauthenticated"


class Forbidden(GrantlineError):
    code = "forbidden"


class NotFound(GrantlineError):
    code = "not_found"


class InvalidState(GrantlineError):
    code = "invalid_state"


class ValidationFailed(GrantlineError):
    code = "validation"


class NoChange(GrantlineError):
    code = "no_change"


# --------------------------------------------------------------------------- replies


class Session(BaseModel):
    token: str
    username: str
    name: str
    role: str
    organisation_id: Optional[str] = None
    expires_at: str


class SignedOut(BaseModel):
    username: str
    signed_out: bool


class Programme(BaseModel):
    code: str
    name: str
    status: str
    opens: str
    closes: str
    min_award: float
    max_award: float


class ProgrammeDetail(Programme):
    description: str
    eligible_org_types: List[str]
    criteria: List[str]
    budget_categories: List[str]
    area_postcodes: List[str]


class BankAccountSummary(BaseModel):
    bank_account_id: str
    account_name: str
    last4: str
    verified: bool


class Organisation(BaseModel):
    org_id: str
    name: str
    org_type: str
    charity_number: Optional[str] = None
    postcode: str
    contact_email: Optional[str] = None
    phone: Optional[str] = None
    due_diligence: Optional[str] = None
    bank_accounts: List[BankAccountSummary] = []


class BankAccount(BaseModel):
    bank_account_id: str
    org_id: str
    account_name: str
    sort_code: str
    last4: str
    verified: bool
    verified_by: Optional[str] = None


class BudgetLine(BaseModel):
    line_no: int
    category: str
    description: str
    amount: float


class Attachment(BaseModel):
    attachment_id: str
    application_id: str
    kind: str
    filename: str


class Application(BaseModel):
    application_id: str
    programme_code: str
    org_id: str
    org_name: str
    project_title: str
    status: str
    summary: Optional[str] = None
    amount_requested: Optional[float] = None
    start_date: Optional[str] = None
    end_date: Optional[str] = None
    beneficiaries: Optional[int] = None
    budget: List[BudgetLine] = []
    budget_total: float = 0.0
    attachments: List[Attachment] = []
    award_id: Optional[str] = None


class ApplicationSummary(BaseModel):
    application_id: str
    org_name: str
    project_title: str
    programme_code: str
    status: str
    amount_requested: Optional[float] = None
    award_id: Optional[str] = None


class EligibilityResult(BaseModel):
    application_id: str
    eligible: bool
    checks: List[str]
    status: str


class Assessor(BaseModel):
    assessor_id: str
    name: str
    specialisms: List[str]
    open_assignments: int


class Assignment(BaseModel):
    assignment_id: str
    application_id: str
    project_title: str
    assessor_id: str
    status: str
    due: str


class Assessment(BaseModel):
    assignment_id: str
    application_id: str
    total_score: int
    max_score: int
    recommendation: str
    status: str


class Panel(BaseModel):
    panel_id: str
    programme_code: str
    meets_on: str
    status: str
    agenda: List[str]


class DueDiligence(BaseModel):
    org_id: str
    result: str
    checks: List[str]
    checked_on: str


class Payment(BaseModel):
    payment_id: str
    award_id: str
    amount: float
    bank_account_id: str
    status: str


class Award(BaseModel):
    award_id: str
    application_id: str
    org_id: str
    project_title: str
    amount: float
    conditions: List[str]
    status: str
    end_date: str
    paid: float
    payments: List[Payment] = []
    reports: List[str] = []
    variations: List[str] = []


class Report(BaseModel):
    report_id: str
    award_id: str
    period: str
    status: str


class Variation(BaseModel):
    variation_id: str
    award_id: str
    description: str
    new_end_date: Optional[str] = None
    status: str


class MessageReceipt(BaseModel):
    message_id: str
    application_id: str
    sent_to: List[str]
    subject: str


# --------------------------------------------------------------------------- state


class State:
    """The Tidewell Community Foundation's grants portal, Tuesday 16 March 2027."""

    def __init__(self) -> None:
        self.users = {
            "m.okafor": {"password": "Polytunnel#27", "name": "Mary Okafor", "role": "applicant", "org": "ORG-1017"},
            "dev.sharma": {"password": "RopeADope-88", "name": "Dev Sharma", "role": "applicant", "org": "ORG-1022"},
            "lwhite": {"password": "Brambles&Bees4", "name": "Lucy White", "role": "applicant", "org": None},
            "priya.n": {"password": "Tidewell!Grants1", "name": "Priya Nair", "role": "officer", "org": None},
            "tom.b": {"password": "ScoreCard-31", "name": "Tom Brennan", "role": "assessor", "org": None,
                      "assessor": "R-07"},
            "aisha.k": {"password": "Kettle&Kiln9", "name": "Aisha Khan", "role": "assessor", "org": None,
                        "assessor": "R-11"},
            "gdunn": {"password": "Ledger2027!", "name": "Gareth Dunn", "role": "finance", "org": None},
        }
        self.sessions = {}
        self.programmes = {
            "CGF-27": {"code": "CGF-27", "name": "Community Grants Fund 2027", "status": "open", "opens": "2027-01-10",
                       "closes": "2027-04-30", "min_award": 2000.0, "max_award": 10000.0,
                       "description": "Grants for projects that bring people together and reduce isolation.",
                       "eligible_org_types": ["registered_charity", "cic", "community_group"],
                       "criteria": ["need", "outcomes", "delivery", "value_for_money"],
                       "budget_categories": ["staff", "sessional_workers", "equipment", "venue_hire", "materials",
                                             "volunteer_expenses", "overheads"],
                       "required": ["constitution", "annual_accounts"]},
            "SPARK-27": {"code": "SPARK-27", "name": "Small Sparks 2027", "status": "open", "opens": "2027-02-01",
                         "closes": "2027-09-30", "min_award": 250.0, "max_award": 1500.0,
                         "description": "Small grants for new and informal groups.",
                         "eligible_org_types": ["community_group", "cic", "registered_charity", "parish_council"],
                         "criteria": ["need", "community_led", "deliverable"],
                         "budget_categories": ["equipment", "materials", "venue_hire", "refreshments", "publicity"],
                         "required": ["constitution"]},
            "HER-26": {"code": "HER-26", "name": "Heritage Stories 2026", "status": "closed", "opens": "2026-03-01",
                       "closes": "2026-06-30", "min_award": 1000.0, "max_award": 5000.0,
                       "description": "Oral history and local heritage projects.",
                       "eligible_org_types": ["registered_charity", "community_group"],
                       "criteria": ["heritage", "participation", "legacy"],
                       "budget_categories": ["staff", "equipment", "materials", "publicity"],
                       "required": ["constitution", "annual_accounts"]},
        }
        self.orgs = {
            "ORG-1017": {"org_id": "ORG-1017", "name": "Marsh Lane Community Garden CIC", "org_type": "cic",
                         "charity_number": None, "postcode": "CM20 2QT", "contact_email": "hello@marshlanegarden.org",
                         "phone": "01279 555 610", "due_diligence": None},
            "ORG-1022": {"org_id": "ORG-1022", "name": "Stortside Youth Boxing Club", "org_type": "registered_charity",
                         "charity_number": "1187442", "postcode": "CM23 3DH",
                         "contact_email": "dev@stortsideboxing.org.uk", "phone": "01279 555 284",
                         "due_diligence": "passed"},
            "ORG-1031": {"org_id": "ORG-1031", "name": "Hertford Road Food Share", "org_type": "registered_charity",
                         "charity_number": "1179310", "postcode": "EN11 8AB", "contact_email": "info@hrfoodshare.org",
                         "phone": "01992 555 407", "due_diligence": "passed"},
        }
        self.banks = {
            "BA-302": {"bank_account_id": "BA-302", "org_id": "ORG-1022", "account_name": "Stortside Youth Boxing Club",
                       "sort_code": "30-94-57", "account_number": "41882736", "verified": True,
                       "verified_by": "Gareth Dunn"},
        }

        def app(aid, prog, org, title, status, summary, amount, start, end, ben, budget, atts, award=None):
            return {"application_id": aid, "programme_code": prog, "org_id": org, "project_title": title,
                    "status": status, "summary": summary, "amount_requested": amount, "start_date": start,
                    "end_date": end, "beneficiaries": ben,
                    "budget": [{"line_no": i + 1, "category": c, "description": d, "amount": a}
                               for i, (c, d, a) in enumerate(budget)],
                    "attachments": [{"attachment_id": f"ATT-{aid[-4:]}-{i + 1}", "application_id": aid, "kind": k,
                                     "filename": f} for i, (k, f) in enumerate(atts)],
                    "award_id": award, "assessments": []}

        self.applications = {a["application_id"]: a for a in [
            app("A-26-0044", "HER-26", "ORG-1022", "Ring Stories: sixty years of boxing in Bishop's Stortford",
                "awarded", "Oral histories from the club's founders, recorded by its young members.", 3200.0,
                "2026-09-01", "2027-02-28", 40,
                [("staff", "Oral history trainer, 8 sessions", 1600.0), ("equipment", "Two recorders", 900.0),
                 ("publicity", "Launch evening and booklet", 700.0)],
                [("constitution", "stortside_constitution.pdf"), ("annual_accounts", "stortside_accounts_2025.pdf")],
                award="G-26-0044"),
            app("A-27-0019", "CGF-27", "ORG-1017", "Polytunnel and accessible raised beds", "approved",
                "A polytunnel and waist-height beds so that older and disabled growers can garden all year.", 6200.0,
                "2027-05-01", "2028-04-30", 85,
                [("equipment", "Polytunnel 6m x 12m", 3900.0), ("materials", "Raised bed timber and soil", 1700.0),
                 ("volunteer_expenses", "Volunteer travel", 600.0)],
                [("constitution", "marsh_lane_articles.pdf"), ("annual_accounts", "marsh_lane_accounts_2026.pdf"),
                 ("quote", "polytunnel_quote.pdf")]),
            app("A-27-0027", "CGF-27", "ORG-1031", "A cold store for the Share", "under_assessment",
                "A walk-in cold room so the Share can accept chilled and frozen surplus food.", 8800.0,
                "2027-06-01", "2028-05-31", 620,
                [("equipment", "Walk-in cold room", 7400.0), ("staff", "Installation electrician", 900.0),
                 ("overheads", "Extra electricity, year one", 500.0)],
                [("constitution", "hrfs_constitution.pdf"), ("annual_accounts", "hrfs_accounts_2026.pdf")]),
            app("A-27-0031", "CGF-27", "ORG-1022", "Girls on the Ropes", "submitted",
                "Weekly girls-only boxing and wellbeing sessions for 11-16 year olds.", 8400.0,
                "2027-06-01", "2028-05-31", 36,
                [("sessional_workers", "Two female coaches, 48 sessions", 5760.0),
                 ("venue_hire", "Hall hire", 1440.0), ("equipment", "Gloves, pads and mats", 1200.0)],
                [("constitution", "stortside_constitution.pdf"), ("annual_accounts", "stortside_accounts_2026.pdf"),
                 ("safeguarding_policy", "stortside_safeguarding.pdf")]),
            app("A-27-0034", "CGF-27", "ORG-1017", "Seed library and swap days", "draft",
                "A free seed library in the garden's cabin with monthly swap days.", None, None, None, None,
                [], [("constitution", "marsh_lane_articles.pdf")]),
        ]}
        self.applications["A-27-0027"]["assessments"] = ["AS-501", "AS-502"]
        self.assessors = {
            "R-07": {"assessor_id": "R-07", "name": "Tom Brennan", "specialisms": ["sport", "young people"],
                     "programmes": ["CGF-27", "SPARK-27"], "conflicts": []},
            "R-11": {"assessor_id": "R-11", "name": "Aisha Khan", "specialisms": ["food", "older people"],
                     "programmes": ["CGF-27"], "conflicts": []},
            "R-15": {"assessor_id": "R-15", "name": "Graham Lowe", "specialisms": ["sport", "heritage"],
                     "programmes": ["CGF-27", "HER-26"], "conflicts": ["ORG-1022"]},
        }
        self.assignments = {
            "AS-501": {"assignment_id": "AS-501", "application_id": "A-27-0027", "assessor_id": "R-07",
                       "status": "completed", "due": "2027-03-12", "scores": [4, 4, 3, 4],
                       "recommendation": "fund", "comments": "Clear need; sensible running costs."},
            "AS-502": {"assignment_id": "AS-502", "application_id": "A-27-0027", "assessor_id": "R-11",
                       "status": "open", "due": "2027-03-19", "scores": None, "recommendation": None,
                       "comments": None},
        }
        self.panels = {
            "PNL-27-02": {"panel_id": "PNL-27-02", "programme_code": "CGF-27", "meets_on": "2027-02-25",
                          "status": "closed", "agenda": ["A-27-0019"]},
            "PNL-27-03": {"panel_id": "PNL-27-03", "programme_code": "CGF-27", "meets_on": "2027-03-25",
                          "status": "open", "agenda": []},
            "PNL-26-05": {"panel_id": "PNL-26-05", "programme_code": "HER-26", "meets_on": "2026-07-21",
                          "status": "closed", "agenda": ["A-26-0044"]},
        }
        self.awards = {
            "G-26-0044": {"award_id": "G-26-0044", "application_id": "A-26-0044", "org_id": "ORG-1022",
                          "amount": 3200.0, "conditions": ["Credit the Foundation in the booklet"],
                          "status": "accepted", "end_date": "2027-02-28", "paid": 1600.0, "reports": []},
        }
        self.payments = {
            "PAY-8801": {"payment_id": "PAY-8801", "award_id": "G-26-0044", "amount": 1600.0,
                         "bank_account_id": "BA-302", "status": "paid"},
            "PAY-8810": {"payment_id": "PAY-8810", "award_id": "G-26-0044", "amount": 800.0,
                         "bank_account_id": "BA-302", "status": "requested"},
        }
        self.reports = {}
        self.variations = {}
        self.messages = []
        self.counters = {"session": 5100, "org": 1100, "bank": 340, "app": 100, "att": 900, "assignment": 520,
                         "report": 230, "payment": 8830, "variation": 61, "message": 7700}


# --------------------------------------------------------------------------- helpers


def _next(state, key):
    n = state.counters[key]
    state.counters[key] += 1
    return n


def _user(state, token, *roles):
    username = state.sessions.get(token)
    if username is None:
        raise NotSignedIn("sign in first: the token is unknown or has been signed out")
    u = state.users[username]
    if roles and u["role"] not in roles:
        raise Forbidden(f"{u['name']} ({u['role']}) cannot do this; it needs: {', '.join(roles)}")
    return u


def _org(state, org_id):
    o = state.orgs.get(org_id)
    if o is None:
        raise NotFound(f"no organisation {org_id}")
    return o


def _app(state, application_id):
    a = state.applications.get(application_id)
    if a is None:
        raise NotFound(f"no application {application_id}")
    return a


def _award(state, award_id):
    g = state.awards.get(award_id)
    if g is None:
        raise NotFound(f"no award {award_id}")
    return g


def _own(u, org_id):
    if u["role"] == "applicant" and u["org"] != org_id:
        raise Forbidden(f"{u['name']} does not act for organisation {org_id}")


def _organisation(state, o):
    banks = [BankAccountSummary(bank_account_id=b["bank_account_id"], account_name=b["account_name"],
                                last4=b["account_number"][-4:], verified=b["verified"])
             for b in state.banks.values() if b["org_id"] == o["org_id"]]
    return Organisation(**{k: o[k] for k in ("org_id", "name", "org_type", "charity_number", "postcode",
                                             "contact_email", "phone", "due_diligence")}, bank_accounts=banks)


def _application(state, a):
    total = round(sum(b["amount"] for b in a["budget"]), 2)
    return Application(**{k: a[k] for k in ("application_id", "programme_code", "org_id", "project_title",
                                            "status", "summary", "amount_requested", "start_date", "end_date",
                                            "beneficiaries", "award_id")},
                       org_name=state.orgs[a["org_id"]]["name"], budget=[BudgetLine(**b) for b in a["budget"]],
                       budget_total=total, attachments=[Attachment(**t) for t in a["attachments"]])


def _award_model(state, g):
    a = state.applications[g["application_id"]]
    pays = [Payment(**p) for p in state.payments.values() if p["award_id"] == g["award_id"]]
    vars_ = [v["variation_id"] for v in state.variations.values() if v["award_id"] == g["award_id"]]
    return Award(**{k: g[k] for k in ("award_id", "application_id", "org_id", "amount", "conditions", "status",
                                      "end_date", "paid", "reports")},
                 project_title=a["project_title"], payments=pays, variations=vars_)


def _draft(state, u, application_id):
    a = _app(state, application_id)
    _own(u, a["org_id"])
    if a["status"] != "draft":
        raise InvalidState(f"application {application_id} is {a['status']}; only a draft can be changed")
    return a


# --------------------------------------------------------------------------- sessions


def sign_in(username: str, password: str, state: State = None) -> Session:
    """Sign in to the grants portal.

    :param username: the portal user name.
    :param password: the user's password.
    :returns: the session, whose ``token`` every other signed-in call takes.
    :raises NotSignedIn: for a wrong user name or password.
    """
    u = state.users.get(username.strip().lower())
    if u is None or u["password"] != password:
        raise NotSignedIn("wrong user name or password")
    token = f"gl-{_next(state, 'session')}-{u['role']}"
    state.sessions[token] = username.strip().lower()
    return Session(token=token, username=username.strip().lower(), name=u["name"], role=u["role"],
                   organisation_id=u["org"], expires_at="2027-03-16T18:00:00Z")


def sign_out(token: str, state: State = None) -> SignedOut:
    """End a portal session.

    :param token: the session token from ``sign_in``.
    :returns: confirmation that the token no longer works.
    """
    u = _user(state, token)
    username = state.sessions.pop(token)
    return SignedOut(username=username, signed_out=u is not None)


# --------------------------------------------------------------------------- programmes (public)


def list_programmes(open_only: bool = True, state: State = None) -> List[Programme]:
    """The Foundation's funding programmes.

    :param open_only: only programmes open for applications today (default), else every programme.
    :returns: the programmes, each with its code, window and award range.
    """
    out = []
    for p in state.programmes.values():
        if open_only and p["status"] != "open":
            continue
        out.append(Programme(**{k: p[k] for k in Programme.model_fields}))
    return out


def get_programme(programme_code: str, state: State = None) -> ProgrammeDetail:
    """A programme's guidance: who may apply, the criteria assessors score and the budget categories.

    :param programme_code: the programme's code.
    :returns: the programme in full.
    :raises NotFound: for an unknown programme code.
    """
    p = state.programmes.get(programme_code)
    if p is None:
        raise NotFound(f"no programme {programme_code}")
    return ProgrammeDetail(**{k: p[k] for k in ProgrammeDetail.model_fields if k != "area_postcodes"},
                           area_postcodes=list(_AREA))


# --------------------------------------------------------------------------- organisations


def find_organisation(token: str, name: str, state: State = None) -> List[Organisation]:
    """Search the organisations known to the portal by name (applicants see only their own).

    :param token: the session token.
    :param name: part of the organisation's name.
    :returns: matching organisations with their bank accounts (last four digits only).
    """
    u = _user(state, token)
    q = name.strip().lower()
    if len(q) < 3:
        raise ValidationFailed("type at least three letters of the name")
    out = []
    for o in state.orgs.values():
        if q in o["name"].lower() and (u["role"] != "applicant" or u["org"] == o["org_id"]):
            out.append(_organisation(state, o))
    return out


def register_organisation(token: str, name: str, org_type: OrgType, postcode: str, contact_email: str,
                          charity_number: Optional[str] = None, state: State = None) -> Organisation:
    """Register the applicant's organisation with the portal.

    :param token: an applicant's session token.
    :param name: the organisation's full name.
    :param org_type: its legal form.
    :param postcode: the postcode of its main address.
    :param contact_email: where the Foundation writes to.
    :param charity_number: the Charity Commission number (registered charities only).
    :returns: the new organisation record.
    """
    u = _user(state, token, "applicant")
    if u["org"] is not None:
        raise InvalidState(f"{u['name']} already acts for {state.orgs[u['org']]['name']}")
    if any(o["name"].lower() == name.strip().lower() for o in state.orgs.values()):
        raise ValidationFailed(f"{name} is already registered; ask its lead contact to add you")
    if org_type == "registered_charity" and not (charity_number or "").isdigit():
        raise ValidationFailed("a registered charity needs its charity number")
    if "@" not in contact_email:
        raise ValidationFailed("contact_email is not an e-mail address")
    oid = f"ORG-{_next(state, 'org')}"
    state.orgs[oid] = {"org_id": oid, "name": name.strip(), "org_type": org_type, "charity_number": charity_number,
                       "postcode": postcode.strip().upper(), "contact_email": contact_email, "phone": None,
                       "due_diligence": None}
    u["org"] = oid
    return _organisation(state, state.orgs[oid])


def update_organisation(token: str, org_id: str, contact_email: Optional[str] = None, phone: Optional[str] = None,
                        postcode: Optional[str] = None, state: State = None) -> Organisation:
    """Change an organisation's contact details.

    :param token: the session token (the organisation's applicant or an officer).
    :param org_id: the organisation.
    :param contact_email: a new contact e-mail address.
    :param phone: a new phone number.
    :param postcode: a new postcode.
    :returns: the organisation as it now stands.
    :raises NoChange: when nothing given differs from what is held.
    """
    u = _user(state, token, "applicant", "officer")
    o = _org(state, org_id)
    _own(u, org_id)
    changes = {k: v for k, v in (("contact_email", contact_email), ("phone", phone), ("postcode", postcode))
               if v is not None and v != o[k]}
    if not changes:
        raise NoChange("nothing to change: the details given are the ones held")
    o.update(changes)
    return _organisation(state, o)


def add_bank_details(token: str, org_id: str, account_name: str, sort_code: str, account_number: str,
                     state: State = None) -> BankAccount:
    """Add a bank account for grant payments (unverified until finance confirms it).

    :param token: an applicant's session token.
    :param org_id: the organisation the account belongs to.
    :param account_name: the name on the account (must be the organisation's).
    :param sort_code: six digits, as ``nn-nn-nn``.
    :param account_number: eight digits.
    :returns: the account, ``verified`` false.
    """
    u = _user(state, token, "applicant")
    o = _org(state, org_id)
    _own(u, org_id)
    digits = sort_code.replace("-", "")
    if len(digits) != 6 or not digits.isdigit() or len(account_number) != 8 or not account_number.isdigit():
        raise ValidationFailed("sort code must be six digits and account number eight")
    if account_name.strip().lower() != o["name"].lower():
        raise ValidationFailed(f"the account must be in the organisation's name ({o['name']}), not a person's")
    if any(b["account_number"] == account_number and b["org_id"] == org_id for b in state.banks.values()):
        raise NoChange("that account is already held for the organisation")
    bid = f"BA-{_next(state, 'bank')}"
    state.banks[bid] = {"bank_account_id": bid, "org_id": org_id, "account_name": account_name.strip(),
                        "sort_code": f"{digits[:2]}-{digits[2:4]}-{digits[4:]}", "account_number": account_number,
                        "verified": False, "verified_by": None}
    b = state.banks[bid]
    return BankAccount(**{k: b[k] for k in ("bank_account_id", "org_id", "account_name", "sort_code", "verified",
                                            "verified_by")}, last4=account_number[-4:])


def verify_bank_details(token: str, bank_account_id: str, confirmed_by_phone: bool, state: State = None) -> BankAccount:
    """Mark a bank account verified after confirming it with the organisation by phone (finance).

    :param token: the finance officer's session token.
    :param bank_account_id: the account.
    :param confirmed_by_phone: that the details were confirmed on a call to the number held.
    :returns: the account, ``verified`` true.
    :raises NoChange: for an account already verified.
    """
    u = _user(state, token, "finance")
    b = state.banks.get(bank_account_id)
    if b is None:
        raise NotFound(f"no bank account {bank_account_id}")
    if b["verified"]:
        raise NoChange(f"{bank_account_id} is already verified")
    if not confirmed_by_phone:
        raise ValidationFailed("bank details are verified only after a call-back to the number held")
    b["verified"], b["verified_by"] = True, u["name"]
    return BankAccount(**{k: b[k] for k in ("bank_account_id", "org_id", "account_name", "sort_code", "verified",
                                            "verified_by")}, last4=b["account_number"][-4:])


# --------------------------------------------------------------------------- applications


def start_application(token: str, programme_code: str, org_id: str, project_title: str,
                      state: State = None) -> Application:
    """Start a draft application to an open programme.

    :param token: an applicant's session token.
    :param programme_code: the programme applied to.
    :param org_id: the applying organisation.
    :param project_title: a short title for the project.
    :returns: the draft.
    """
    u = _user(state, token, "applicant")
    p = state.programmes.get(programme_code)
    if p is None:
        raise NotFound(f"no programme {programme_code}")
    if p["status"] != "open":
        raise InvalidState(f"{p['name']} closed on {p['closes']}")
    o = _org(state, org_id)
    _own(u, org_id)
    if not project_title.strip():
        raise ValidationFailed("give the project a title")
    aid = f"A-27-{_next(state, 'app'):04d}"
    state.applications[aid] = {"application_id": aid, "programme_code": programme_code, "org_id": o["org_id"],
                               "project_title": project_title.strip(), "status": "draft", "summary": None,
                               "amount_requested": None, "start_date": None, "end_date": None, "beneficiaries": None,
                               "budget": [], "attachments": [], "award_id": None, "assessments": []}
    return _application(state, state.applications[aid])


def update_application(token: str, application_id: str, summary: Optional[str] = None,
                       amount_requested: Optional[float] = None, start_date: Optional[str] = None,
                       end_date: Optional[str] = None, beneficiaries: Optional[int] = None,
                       state: State = None) -> Application:
    """Fill in or change a draft's answers.

    :param token: the applicant's session token.
    :param application_id: the draft.
    :param summary: what the project will do, in a few sentences.
    :param amount_requested: the grant asked for, in pounds.
    :param start_date: ISO date the project starts.
    :param end_date: ISO date it ends.
    :param beneficiaries: how many people will take part or benefit.
    :returns: the draft as it now stands.
    :raises NoChange: when nothing given differs.
    """
    u = _user(state, token, "applicant")
    a = _draft(state, u, application_id)
    changes = {k: v for k, v in (("summary", summary), ("amount_requested", amount_requested),
                                 ("start_date", start_date), ("end_date", end_date),
                                 ("beneficiaries", beneficiaries)) if v is not None and v != a[k]}
    if not changes:
        raise NoChange("nothing to change")
    start, end = changes.get("start_date", a["start_date"]), changes.get("end_date", a["end_date"])
    if start and start <= TODAY:
        raise ValidationFailed("the project must start after today")
    if start and end and end <= start:
        raise ValidationFailed("the end date must be after the start date")
    a.update(changes)
    return _application(state, a)


def add_budget_line(token: str, application_id: str, category: str, description: str, amount: float,
                    state: State = None) -> BudgetLine:
    """Add a line to a draft's budget.

    :param token: the applicant's session token.
    :param application_id: the draft.
    :param category: one of the programme's budget categories.
    :param description: what the money buys.
    :param amount: the cost in pounds.
    :returns: the new line with its number.
    """
    u = _user(state, token, "applicant")
    a = _draft(state, u, application_id)
    cats = state.programmes[a["programme_code"]]["budget_categories"]
    if category not in cats:
        raise ValidationFailed(f"{category!r} is not a budget category of {a['programme_code']}")
    if amount <= 0:
        raise ValidationFailed("amount must be positive")
    line_no = max([b["line_no"] for b in a["budget"]], default=0) + 1
    line = {"line_no": line_no, "category": category, "description": description.strip(), "amount": float(amount)}
    a["budget"].append(line)
    return BudgetLine(**line)


def remove_budget_line(token: str, application_id: str, line_no: int, state: State = None) -> Application:
    """Remove a line from a draft's budget.

    :param token: the applicant's session token.
    :param application_id: the draft.
    :param line_no: the line's number.
    :returns: the draft as it now stands.
    """
    u = _user(state, token, "applicant")
    a = _draft(state, u, application_id)
    keep = [b for b in a["budget"] if b["line_no"] != line_no]
    if len(keep) == len(a["budget"]):
        raise NotFound(f"no budget line {line_no} on {application_id}")
    a["budget"] = keep
    return _application(state, a)


def upload_attachment(token: str, application_id: str, kind: str, filename: str, state: State = None) -> Attachment:
    """Attach a supporting document to a draft.

    :param token: the applicant's session token.
    :param application_id: the draft.
    :param kind: what the document is.
    :param filename: the uploaded file's name (PDF, DOCX or JPG).
    :returns: the attachment.
    """
    u = _user(state, token, "applicant")
    a = _draft(state, u, application_id)
    if kind not in _ATTACHMENT_KINDS:
        raise ValidationFailed(f"unknown attachment kind {kind!r}; the portal accepts: {', '.join(_ATTACHMENT_KINDS)}")
    if not filename.lower().endswith((".pdf", ".docx", ".jpg")):
        raise ValidationFailed("upload a PDF, DOCX or JPG file")
    if any(t["filename"] == filename for t in a["attachments"]):
        raise NoChange(f"{filename} is already attached")
    att = {"attachment_id": f"ATT-{_next(state, 'att')}", "application_id": application_id, "kind": kind,
           "filename": filename}
    a["attachments"].append(att)
    return Attachment(**att)


def submit_application(token: str, application_id: str, declaration_name: str, state: State = None) -> Application:
    """Submit a completed draft, signing the declaration.

    :param token: the applicant's session token.
    :param application_id: the draft.
    :param declaration_name: the full name of the person signing the declaration.
    :returns: the application, now ``submitted``.
    """
    u = _user(state, token, "applicant")
    a = _draft(state, u, application_id)
    p = state.programmes[a["programme_code"]]
    missing = [f for f in ("summary", "amount_requested", "start_date", "end_date", "beneficiaries") if a[f] is None]
    if missing:
        raise ValidationFailed(f"answer every question first; still blank: {', '.join(missing)}")
    if not p["min_award"] <= a["amount_requested"] <= p["max_award"]:
        raise ValidationFailed(f"{p['name']} gives between {p['min_award']:.0f} and {p['max_award']:.0f} pounds")
    total = round(sum(b["amount"] for b in a["budget"]), 2)
    if abs(total - a["amount_requested"]) > 0.005:
        raise ValidationFailed(f"the budget adds up to {total:.2f}, not the {a['amount_requested']:.2f} requested")
    have = {t["kind"] for t in a["attachments"]}
    need = [k for k in p["required"] if k not in have]
    if need:
        raise ValidationFailed(f"{p['name']} needs these attachments: {', '.join(need)}")
    if declaration_name.strip().lower() != u["name"].lower():
        raise ValidationFailed("the declaration must be signed in the signed-in applicant's own name")
    a["status"] = "submitted"
    return _application(state, a)


def withdraw_application(token: str, application_id: str, reason: str, state: State = None) -> Application:
    """Withdraw an application that has not been decided.

    :param token: the applicant's session token.
    :param application_id: the application.
    :param reason: why it is withdrawn.
    :returns: the application, now ``withdrawn``.
    """
    u = _user(state, token, "applicant")
    a = _app(state, application_id)
    _own(u, a["org_id"])
    if a["status"] in ("approved", "declined", "withdrawn", "awarded", "ineligible"):
        raise InvalidState(f"application {application_id} is {a['status']} and can no longer be withdrawn")
    if not reason.strip():
        raise ValidationFailed("say why the application is withdrawn")
    for pnl in state.panels.values():
        if application_id in pnl["agenda"] and pnl["status"] == "open":
            pnl["agenda"].remove(application_id)
    a["status"] = "withdrawn"
    return _application(state, a)


def get_application(token: str, application_id: str, state: State = None) -> Application:
    """An application in full, with its budget and attachments.

    :param token: the session token.
    :param application_id: the application.
    :returns: the application.
    """
    u = _user(state, token)
    a = _app(state, application_id)
    _own(u, a["org_id"])
    return _application(state, a)


def list_applications(token: str, programme_code: Optional[str] = None, status: Optional[ApplicationStatus] = None,
                      state: State = None) -> List[ApplicationSummary]:
    """Applications the signed-in user may see (an applicant's own; every one for staff).

    :param token: the session token.
    :param programme_code: only this programme's applications.
    :param status: only applications in this status.
    :returns: summaries, with the award id of funded ones.
    """
    u = _user(state, token)
    want = None if status is None else ApplicationStatus(status).value
    out = []
    for a in state.applications.values():
        if u["role"] == "applicant" and a["org_id"] != u["org"]:
            continue
        if programme_code is not None and a["programme_code"] != programme_code:
            continue
        if want is not None and a["status"] != want:
            continue
        out.append(ApplicationSummary(application_id=a["application_id"], org_name=state.orgs[a["org_id"]]["name"],
                                      project_title=a["project_title"], programme_code=a["programme_code"],
                                      status=a["status"], amount_requested=a["amount_requested"],
                                      award_id=a["award_id"]))
    return out


# --------------------------------------------------------------------------- assessment


def check_eligibility(token: str, application_id: str, state: State = None) -> EligibilityResult:
    """Run the eligibility checks on a submitted application (officer).

    :param token: an officer's session token.
    :param application_id: a submitted application.
    :returns: the checks and the outcome; the application becomes ``eligible`` or ``ineligible``.
    """
    _user(state, token, "officer")
    a = _app(state, application_id)
    if a["status"] != "submitted":
        raise InvalidState(f"application {application_id} is {a['status']}; eligibility is checked on submission")
    o, p = state.orgs[a["org_id"]], state.programmes[a["programme_code"]]
    checks = [f"organisation type {o['org_type']}: " + ("ok" if o["org_type"] in p["eligible_org_types"] else "no"),
              f"postcode {o['postcode']}: " + ("in area" if o["postcode"][:2] in _AREA else "outside area"),
              f"amount {a['amount_requested']:.0f}: within range"]
    ok = o["org_type"] in p["eligible_org_types"] and o["postcode"][:2] in _AREA
    a["status"] = "eligible" if ok else "ineligible"
    return EligibilityResult(application_id=application_id, eligible=ok, checks=checks, status=a["status"])


def list_assessors(token: str, programme_code: str, state: State = None) -> List[Assessor]:
    """The assessors on a programme's pool (officer).

    :param token: an officer's session token.
    :param programme_code: the programme.
    :returns: the assessors with their specialisms and open assignments.
    """
    _user(state, token, "officer")
    if programme_code not in state.programmes:
        raise NotFound(f"no programme {programme_code}")
    return [Assessor(assessor_id=r["assessor_id"], name=r["name"], specialisms=r["specialisms"],
                     open_assignments=sum(1 for s in state.assignments.values()
                                          if s["assessor_id"] == r["assessor_id"] and s["status"] == "open"))
            for r in state.assessors.values() if programme_code in r["programmes"]]


def assign_assessor(token: str, application_id: str, assessor_id: str, state: State = None) -> Assignment:
    """Give an eligible application to an assessor (officer).

    :param token: an officer's session token.
    :param application_id: an eligible (or already under assessment) application.
    :param assessor_id: an assessor on the programme's pool with no conflict of interest.
    :returns: the assignment, due in fourteen days.
    """
    _user(state, token, "officer")
    a = _app(state, application_id)
    if a["status"] not in ("eligible", "under_assessment"):
        raise InvalidState(f"application {application_id} is {a['status']}; only eligible applications are assessed")
    r = state.assessors.get(assessor_id)
    if r is None or a["programme_code"] not in r["programmes"]:
        raise NotFound(f"no assessor {assessor_id} on the {a['programme_code']} pool")
    if a["org_id"] in r["conflicts"]:
        raise Forbidden(f"{r['name']} has declared a conflict of interest with {state.orgs[a['org_id']]['name']}")
    if any(state.assignments[s]["assessor_id"] == assessor_id for s in a["assessments"]):
        raise NoChange(f"{r['name']} is already assessing {application_id}")
    sid = f"AS-{_next(state, 'assignment')}"
    state.assignments[sid] = {"assignment_id": sid, "application_id": application_id, "assessor_id": assessor_id,
                              "status": "open", "due": "2027-03-30", "scores": None, "recommendation": None,
                              "comments": None}
    a["assessments"].append(sid)
    a["status"] = "under_assessment"
    return Assignment(assignment_id=sid, application_id=application_id, project_title=a["project_title"],
                      assessor_id=assessor_id, status="open", due="2027-03-30")


def list_my_assignments(token: str, include_completed: bool = False, state: State = None) -> List[Assignment]:
    """The signed-in assessor's assignments.

    :param token: an assessor's session token.
    :param include_completed: include assessments already submitted.
    :returns: the assignments, oldest first.
    """
    u = _user(state, token, "assessor")
    return [Assignment(assignment_id=s["assignment_id"], application_id=s["application_id"],
                       project_title=state.applications[s["application_id"]]["project_title"],
                       assessor_id=s["assessor_id"], status=s["status"], due=s["due"])
            for s in state.assignments.values()
            if s["assessor_id"] == u["assessor"] and (include_completed or s["status"] == "open")]


def submit_assessment(token: str, assignment_id: str, criterion_scores: List[int], recommendation: Recommendation,
                      comments: str, state: State = None) -> Assessment:
    """Score an assigned application, one score from 1 to 5 for each of the programme's criteria, in order.

    :param token: the assessor's session token.
    :param assignment_id: the assignment.
    :param criterion_scores: the scores, in the order of the programme's criteria.
    :param recommendation: the assessor's recommendation to the panel.
    :param comments: the assessor's comments for the panel.
    :returns: the assessment; the application is ``assessed`` once every assessor has scored it.
    """
    u = _user(state, token, "assessor")
    s = state.assignments.get(assignment_id)
    if s is None or s["assessor_id"] != u["assessor"]:
        raise NotFound(f"no assignment {assignment_id} for {u['name']}")
    if s["status"] != "open":
        raise NoChange(f"assignment {assignment_id} has already been scored")
    a = state.applications[s["application_id"]]
    criteria = state.programmes[a["programme_code"]]["criteria"]
    if len(criterion_scores) != len(criteria) or not all(1 <= x <= 5 for x in criterion_scores):
        raise ValidationFailed(f"give {len(criteria)} scores from 1 to 5, one for each criterion")
    if len(comments.strip()) < 20:
        raise ValidationFailed("the panel needs a sentence or two of comments")
    s.update(status="completed", scores=list(criterion_scores), recommendation=recommendation, comments=comments)
    if all(state.assignments[x]["status"] == "completed" for x in a["assessments"]):
        a["status"] = "assessed"
    return Assessment(assignment_id=assignment_id, application_id=a["application_id"],
                      total_score=sum(criterion_scores), max_score=5 * len(criteria), recommendation=recommendation,
                      status="completed")


# --------------------------------------------------------------------------- panels and decisions


def list_panels(token: str, programme_code: str, state: State = None) -> List[Panel]:
    """A programme's decision panels, past and coming (staff).

    :param token: a staff session token.
    :param programme_code: the programme.
    :returns: the panels with their agendas.
    """
    _user(state, token, "officer", "finance")
    if programme_code not in state.programmes:
        raise NotFound(f"no programme {programme_code}")
    return [Panel(**p) for p in state.panels.values() if p["programme_code"] == programme_code]


def add_to_panel(token: str, panel_id: str, application_ids: List[str], state: State = None) -> Panel:
    """Put assessed applications on an open panel's agenda (officer).

    :param token: an officer's session token.
    :param panel_id: an open panel of the applications' programme.
    :param application_ids: the applications, each fully assessed.
    :returns: the panel with its agenda.
    """
    _user(state, token, "officer")
    p = state.panels.get(panel_id)
    if p is None:
        raise NotFound(f"no panel {panel_id}")
    if p["status"] != "open":
        raise InvalidState(f"panel {panel_id} met on {p['meets_on']} and is closed")
    if not application_ids:
        raise ValidationFailed("name at least one application")
    apps = [_app(state, x) for x in application_ids]
    for a in apps:
        if a["programme_code"] != p["programme_code"]:
            raise ValidationFailed(f"{a['application_id']} is not a {p['programme_code']} application")
        if a["application_id"] in p["agenda"]:
            raise NoChange(f"{a['application_id']} is already on the agenda")
        if a["status"] != "assessed":
            raise InvalidState(f"{a['application_id']} is {a['status']}; every assessment must be in first")
    for a in apps:
        p["agenda"].append(a["application_id"])
        a["status"] = "on_panel"
    return Panel(**p)


def record_panel_decision(token: str, panel_id: str, application_id: str, decision: PanelDecision, minute: str,
                          amount: Optional[float] = None, state: State = None) -> Application:
    """Record the panel's decision on an application on its agenda (officer).

    :param token: an officer's session token.
    :param panel_id: the panel.
    :param application_id: an application on its agenda.
    :param decision: approve, decline or defer to a later panel.
    :param minute: the panel's minute of the decision.
    :param amount: the amount approved, when less than requested.
    :returns: the application, ``approved``, ``declined`` or back to ``assessed``.
    """
    _user(state, token, "officer")
    p = state.panels.get(panel_id)
    if p is None:
        raise NotFound(f"no panel {panel_id}")
    a = _app(state, application_id)
    if application_id not in p["agenda"] or a["status"] != "on_panel":
        raise InvalidState(f"{application_id} is not on the agenda of {panel_id}")
    if not minute.strip():
        raise ValidationFailed("record the panel's minute")
    if decision == "approve":
        if amount is not None:
            if not 0 < amount <= a["amount_requested"]:
                raise ValidationFailed("the approved amount cannot exceed the request")
            a["amount_requested"] = float(amount)
        a["status"] = "approved"
    elif decision == "decline":
        a["status"] = "declined"
    else:
        p["agenda"].remove(application_id)
        a["status"] = "assessed"
    return _application(state, a)


def decline_application(token: str, application_id: str, reason_code: str, note: str,
                        state: State = None) -> Application:
    """Decline an application before it reaches a panel (officer).

    :param token: an officer's session token.
    :param application_id: a submitted, eligible, ineligible or assessed application.
    :param reason_code: the standard reason given to the applicant.
    :param note: a note to the applicant.
    :returns: the application, now ``declined``.
    """
    _user(state, token, "officer")
    a = _app(state, application_id)
    if a["status"] not in ("submitted", "eligible", "ineligible", "under_assessment", "assessed"):
        raise InvalidState(f"application {application_id} is {a['status']} and cannot be declined here")
    if reason_code not in _DECLINE_CODES:
        raise ValidationFailed(f"unknown reason code {reason_code!r}; use one of {', '.join(_DECLINE_CODES)}")
    if not note.strip():
        raise ValidationFailed("write a note to the applicant")
    a["status"] = "declined"
    return _application(state, a)


def run_due_diligence(token: str, org_id: str, state: State = None) -> DueDiligence:
    """Run the due-diligence checks on an organisation before any award (officer).

    :param token: an officer's session token.
    :param org_id: the organisation.
    :returns: the checks and the result.
    :raises NoChange: when the organisation has already passed.
    """
    _user(state, token, "officer")
    o = _org(state, org_id)
    if o["due_diligence"] == "passed":
        raise NoChange(f"{o['name']} has already passed due diligence")
    checks = ["governing document on file", "accounts filed on time", "sanctions list: clear",
              "charity register: " + ("registered" if o["charity_number"] else "not applicable")]
    o["due_diligence"] = "passed"
    return DueDiligence(org_id=org_id, result="passed", checks=checks, checked_on=TODAY)


# --------------------------------------------------------------------------- awards


def make_award(token: str, application_id: str, conditions: List[str], state: State = None) -> Award:
    """Offer a grant on an approved application (officer).

    :param token: an officer's session token.
    :param application_id: an application the panel approved.
    :param conditions: the offer's conditions (may be empty).
    :returns: the award, ``offered`` until the organisation accepts it.
    """
    _user(state, token, "officer")
    a = _app(state, application_id)
    if a["status"] != "approved":
        raise InvalidState(f"application {application_id} is {a['status']}; only a panel approval can be awarded")
    o = state.orgs[a["org_id"]]
    if o["due_diligence"] != "passed":
        raise InvalidState(f"{o['name']} has not passed due diligence")
    gid = "G-" + application_id[2:]
    state.awards[gid] = {"award_id": gid, "application_id": application_id, "org_id": a["org_id"],
                         "amount": a["amount_requested"], "conditions": list(conditions), "status": "offered",
                         "end_date": a["end_date"], "paid": 0.0, "reports": []}
    a["status"], a["award_id"] = "awarded", gid
    return _award_model(state, state.awards[gid])


def accept_award(token: str, award_id: str, signatory_name: str, signatory_role: str, state: State = None) -> Award:
    """Accept a grant offer and its conditions (applicant).

    :param token: the applicant's session token.
    :param award_id: the offered award.
    :param signatory_name: who signs the acceptance for the organisation.
    :param signatory_role: their role (chair, treasurer, director, ...).
    :returns: the award, ``accepted``.
    """
    u = _user(state, token, "applicant")
    g = _award(state, award_id)
    _own(u, g["org_id"])
    if g["status"] != "offered":
        raise NoChange(f"award {award_id} is already {g['status']}")
    if not signatory_name.strip() or not signatory_role.strip():
        raise ValidationFailed("name the signatory and their role")
    g["status"] = "accepted"
    return _award_model(state, g)


def get_award(token: str, award_id: str, state: State = None) -> Award:
    """An award with its payments and reports.

    :param token: the session token.
    :param award_id: the award.
    :returns: the award.
    """
    u = _user(state, token)
    g = _award(state, award_id)
    _own(u, g["org_id"])
    return _award_model(state, g)


def request_payment(token: str, award_id: str, bank_account_id: str, amount: float, state: State = None) -> Payment:
    """Ask for (part of) an accepted grant to be paid into a verified account (applicant).

    :param token: the applicant's session token.
    :param award_id: an accepted award.
    :param bank_account_id: a verified account of the organisation.
    :param amount: the amount drawn down, at most what is left of the grant.
    :returns: the payment, ``requested``.
    """
    u = _user(state, token, "applicant")
    g = _award(state, award_id)
    _own(u, g["org_id"])
    if g["status"] != "accepted":
        raise InvalidState(f"award {award_id} is {g['status']}; accept the offer first")
    b = state.banks.get(bank_account_id)
    if b is None or b["org_id"] != g["org_id"]:
        raise NotFound(f"no bank account {bank_account_id} for this organisation")
    if not b["verified"]:
        raise InvalidState(f"bank account {bank_account_id} has not been verified by finance yet")
    pending = sum(p["amount"] for p in state.payments.values()
                  if p["award_id"] == award_id and p["status"] == "requested")
    if amount <= 0 or g["paid"] + pending + amount > g["amount"] + 0.005:
        raise ValidationFailed(f"at most {g['amount'] - g['paid'] - pending:.2f} is left to draw down")
    pid = f"PAY-{_next(state, 'payment')}"
    state.payments[pid] = {"payment_id": pid, "award_id": award_id, "amount": float(amount),
                           "bank_account_id": bank_account_id, "status": "requested"}
    return Payment(**state.payments[pid])


def approve_payment(token: str, payment_id: str, state: State = None) -> Payment:
    """Approve a requested payment for the next payment run (finance).

    :param token: the finance officer's session token.
    :param payment_id: a requested payment.
    :returns: the payment, ``approved``.
    """
    _user(state, token, "finance")
    p = state.payments.get(payment_id)
    if p is None:
        raise NotFound(f"no payment {payment_id}")
    if p["status"] != "requested":
        raise NoChange(f"payment {payment_id} is already {p['status']}")
    if not state.banks[p["bank_account_id"]]["verified"]:
        raise InvalidState("the account is not verified")
    p["status"] = "approved"
    state.awards[p["award_id"]]["paid"] += p["amount"]
    return Payment(**p)


def submit_report(token: str, award_id: str, period: ReportPeriod, narrative: str, spend_to_date: float,
                  people_reached: int, state: State = None) -> Report:
    """Send a progress report on an award (applicant).

    :param token: the applicant's session token.
    :param award_id: an accepted award.
    :param period: interim, or final at the end of the project.
    :param narrative: what happened, what changed, what was learned.
    :param spend_to_date: the grant spent so far, in pounds.
    :param people_reached: how many people took part.
    :returns: the report, ``submitted``.
    """
    u = _user(state, token, "applicant")
    g = _award(state, award_id)
    _own(u, g["org_id"])
    if g["status"] != "accepted":
        raise InvalidState(f"award {award_id} is {g['status']}; reports are for accepted awards")
    if len(narrative.strip()) < 40:
        raise ValidationFailed("tell the Foundation a little more: at least a few sentences")
    if spend_to_date < 0 or spend_to_date > g["amount"] + 0.005:
        raise ValidationFailed("spend to date cannot exceed the grant")
    rid = f"RPT-{_next(state, 'report')}"
    state.reports[rid] = {"report_id": rid, "award_id": award_id, "period": period, "status": "submitted",
                          "narrative": narrative, "spend": spend_to_date, "reached": people_reached}
    g["reports"].append(rid)
    return Report(report_id=rid, award_id=award_id, period=period, status="submitted")


def approve_report(token: str, report_id: str, feedback: Optional[str] = None, state: State = None) -> Report:
    """Sign off a submitted report (officer).

    :param token: an officer's session token.
    :param report_id: the report.
    :param feedback: a note back to the organisation.
    :returns: the report, ``approved``.
    """
    _user(state, token, "officer")
    r = state.reports.get(report_id)
    if r is None:
        raise NotFound(f"no report {report_id}")
    if r["status"] != "submitted":
        raise NoChange(f"report {report_id} is already {r['status']}")
    r["status"] = "approved"
    r["feedback"] = feedback
    return Report(report_id=report_id, award_id=r["award_id"], period=r["period"], status="approved")


def request_variation(token: str, award_id: str, description: str, new_end_date: Optional[str] = None,
                      state: State = None) -> Variation:
    """Ask to change an accepted award: its end date or what the money is spent on (applicant).

    :param token: the applicant's session token.
    :param award_id: an accepted award.
    :param description: the change asked for and why.
    :param new_end_date: a later end date, if the project needs more time.
    :returns: the variation request, ``pending``.
    """
    u = _user(state, token, "applicant")
    g = _award(state, award_id)
    _own(u, g["org_id"])
    if g["status"] != "accepted":
        raise InvalidState(f"award {award_id} is {g['status']}")
    if new_end_date is not None and new_end_date <= g["end_date"]:
        raise ValidationFailed(f"the new end date must be after {g['end_date']}")
    if not description.strip():
        raise ValidationFailed("describe the change")
    vid = f"VAR-{_next(state, 'variation')}"
    state.variations[vid] = {"variation_id": vid, "award_id": award_id, "description": description.strip(),
                             "new_end_date": new_end_date, "status": "pending"}
    return Variation(**state.variations[vid])


def decide_variation(token: str, variation_id: str, approve: bool, note: str, state: State = None) -> Variation:
    """Approve or refuse a variation request (officer).

    :param token: an officer's session token.
    :param variation_id: a pending variation.
    :param approve: true to approve it.
    :param note: the reason, sent to the organisation.
    :returns: the variation, ``approved`` or ``refused``.
    """
    _user(state, token, "officer")
    v = state.variations.get(variation_id)
    if v is None:
        raise NotFound(f"no variation {variation_id}")
    if v["status"] != "pending":
        raise NoChange(f"variation {variation_id} was already {v['status']}")
    v["status"] = "approved" if approve else "refused"
    if approve and v["new_end_date"]:
        state.awards[v["award_id"]]["end_date"] = v["new_end_date"]
    return Variation(**v)


def close_award(token: str, award_id: str, state: State = None) -> Award:
    """Close an award once its final report is approved (officer).

    :param token: an officer's session token.
    :param award_id: the award.
    :returns: the award, ``closed``.
    """
    _user(state, token, "officer")
    g = _award(state, award_id)
    if g["status"] == "closed":
        raise NoChange(f"award {award_id} is already closed")
    if not any(state.reports[r]["period"] == "final" and state.reports[r]["status"] == "approved"
               for r in g["reports"]):
        raise InvalidState(f"award {award_id} has no approved final report")
    g["status"] = "closed"
    return _award_model(state, g)


def send_message(token: str, application_id: str, subject: str, body: str, state: State = None) -> MessageReceipt:
    """Write to the other side about an application: the officer to the applicant, or back.

    :param token: the session token.
    :param application_id: the application the message is about.
    :param subject: the subject line.
    :param body: the message.
    :returns: a receipt naming the message id and the recipients.
    """
    u = _user(state, token, "applicant", "officer")
    a = _app(state, application_id)
    _own(u, a["org_id"])
    if not subject.strip() or not body.strip():
        raise ValidationFailed("a message needs a subject and a body")
    to = ([state.orgs[a["org_id"]]["contact_email"]] if u["role"] == "officer" else ["grants@tidewellfoundation.org"])
    mid = f"MSG-{_next(state, 'message')}"
    state.messages.append({"message_id": mid, "application_id": application_id, "from": u["name"], "to": to,
                           "subject": subject, "body": body})
    return MessageReceipt(message_id=mid, application_id=application_id, sent_to=to, subject=subject)


TOOLS = [
    sign_in, sign_out,
    list_programmes, get_programme,
    find_organisation, register_organisation, update_organisation, add_bank_details, verify_bank_details,
    start_application, update_application, add_budget_line, remove_budget_line, upload_attachment,
    submit_application, withdraw_application, get_application, list_applications,
    check_eligibility, list_assessors, assign_assessor, list_my_assignments, submit_assessment,
    list_panels, add_to_panel, record_panel_decision, decline_application, run_due_diligence,
    make_award, accept_award, get_award, request_payment, approve_payment,
    submit_report, approve_report, request_variation, decide_variation, close_award,
    send_message,
]

FIXTURES = {
    "foundation": {"name": "Tidewell Community Foundation", "portal": "Grantline",
                   "today": "Tuesday 16 March 2027"},
    "users": [
        {"name": "Mary Okafor", "role": "applicant, director of Marsh Lane Community Garden CIC",
         "username": "m.okafor", "password": "Polytunnel#27"},
        {"name": "Dev Sharma", "role": "applicant, head coach and trustee of Stortside Youth Boxing Club",
         "username": "dev.sharma", "password": "RopeADope-88"},
        {"name": "Lucy White", "role": "applicant, founder of a new group, not yet registered on the portal",
         "username": "lwhite", "password": "Brambles&Bees4"},
        {"name": "Priya Nair", "role": "programme officer", "username": "priya.n", "password": "Tidewell!Grants1"},
        {"name": "Tom Brennan", "role": "assessor", "username": "tom.b", "password": "ScoreCard-31"},
        {"name": "Aisha Khan", "role": "assessor", "username": "aisha.k", "password": "Kettle&Kiln9"},
        {"name": "Gareth Dunn", "role": "finance officer", "username": "gdunn", "password": "Ledger2027!"},
    ],
    "paperwork": {
        "marsh_lane_bank": {"account_name": "Marsh Lane Community Garden CIC", "sort_code": "20-45-77",
                            "account_number": "63019852"},
        "lucy_group": {"name": "Bramble Bank Bee Keepers", "org_type": "community_group", "postcode": "SG12 9JR",
                       "contact_email": "brambles.bees@example.org"},
        "marsh_lane_new_phone": "01279 555 733",
    },
}

_TOKEN = "auth: session token (token of the signed-in user)"
_APP = "id lookup/create: application id (application_id of a new draft, or of a listed application)"
_AWARD = "id lookup/create: award id (award_id of a new award, or of a funded application's summary)"
_ORG = "id lookup/create: organisation id (org_id of a found or newly registered organisation)"
_PROG = "vocabulary: programme code (code of a listed programme)"

_SIGNED_IN = [
    "sign_out", "find_organisation", "register_organisation", "update_organisation", "add_bank_details",
    "verify_bank_details", "start_application", "update_application", "add_budget_line", "remove_budget_line",
    "upload_attachment", "submit_application", "withdraw_application", "get_application", "list_applications",
    "check_eligibility", "list_assessors", "assign_assessor", "list_my_assignments", "submit_assessment",
    "list_panels", "add_to_panel", "record_panel_decision", "decline_application", "run_due_diligence",
    "make_award", "accept_award", "get_award", "request_payment", "approve_payment", "submit_report",
    "approve_report", "request_variation", "decide_variation", "close_award", "send_message",
]

GROUND_TRUTH = (
    [("sign_in", c, _TOKEN) for c in _SIGNED_IN]
    + [("list_programmes", c, _PROG) for c in ["start_application", "list_assessors", "list_panels"]]
    + [("find_organisation|register_organisation", c, _ORG) for c in [
        "start_application", "update_organisation", "add_bank_details"]]
    + [("find_organisation", "run_due_diligence", "id lookup: organisation id (org_id of a found organisation)")]
    + [("start_application|list_applications", c, _APP) for c in [
        "update_application", "add_budget_line", "upload_attachment", "submit_application", "get_application",
        "withdraw_application", "send_message"]]
    + [("list_applications", c, "id lookup: application id (application_id of a listed application)") for c in [
        "check_eligibility", "assign_assessor", "decline_application", "add_to_panel", "record_panel_decision",
        "make_award"]]
    + [("make_award|list_applications", c, _AWARD) for c in [
        "get_award", "request_payment", "submit_report", "request_variation", "close_award"]]
    + [
        ("get_programme", "add_budget_line", "vocabulary: budget category (budget_categories of the programme)"),
        ("add_budget_line|get_application", "remove_budget_line",
         "id lookup/create: budget line number (line_no, or budget[i].line_no of the draft)"),
        ("update_application", "submit_application", "state: the draft's answers filled in (amount, dates, summary)"),
        ("add_budget_line", "submit_application", "state: a budget that adds up to the amount requested"),
        ("upload_attachment", "submit_application", "state: the programme's required attachments uploaded"),
        ("submit_application", "check_eligibility", "state: the application submitted"),
        ("check_eligibility", "assign_assessor", "state: the application found eligible"),
        ("list_assessors", "assign_assessor", "id lookup: assessor id (assessor_id)"),
        ("assign_assessor|list_my_assignments", "submit_assessment",
         "id lookup/create: assignment id (assignment_id of a new or a listed assignment)"),
        ("submit_assessment", "add_to_panel", "state: every assessment of the application in"),
        ("list_panels", "add_to_panel", "id lookup: panel id (panel_id)"),
        ("list_panels", "record_panel_decision", "id lookup: panel id (panel_id)"),
        ("add_to_panel", "record_panel_decision", "state: the application on the panel's agenda"),
        ("record_panel_decision", "make_award", "state: the application approved by the panel"),
        ("run_due_diligence", "make_award", "state: the organisation has passed due diligence"),
        ("make_award", "accept_award", "id create: award id (award_id of the offer)"),
        ("accept_award", "request_payment", "state: the award accepted"),
        ("add_bank_details", "verify_bank_details", "id create: bank account id (bank_account_id)"),
        ("add_bank_details|find_organisation", "request_payment",
         "id lookup/create: bank account id (bank_account_id, or bank_accounts[i] of the organisation)"),
        ("verify_bank_details", "request_payment", "state: the bank account verified"),
        ("request_payment|get_award", "approve_payment",
         "id lookup/create: payment id (payment_id, or payments[i] of the award)"),
        ("submit_report|get_award", "approve_report", "id lookup/create: report id (report_id, or reports[i] of the award)"),
        ("approve_report", "close_award", "state: the final report approved"),
        ("request_variation|get_award", "decide_variation",
         "id lookup/create: variation id (variation_id, or variations[i] of the award)"),
    ]
)

PLAUSIBLE = {
    ("get_programme", "start_application"), ("list_programmes", "get_programme"),
    ("list_programmes", "list_applications"), ("get_application", "submit_application"),
    ("get_application", "check_eligibility"), ("get_application", "assign_assessor"),
    ("get_application", "submit_assessment"), ("get_programme", "submit_assessment"),
    ("list_assessors", "submit_assessment"), ("get_award", "accept_award"), ("get_award", "request_payment"),
    ("get_award", "submit_report"), ("get_award", "request_variation"), ("find_organisation", "make_award"),
    ("run_due_diligence", "accept_award"), ("check_eligibility", "decline_application"),
    ("submit_application", "decline_application"), ("get_programme", "check_eligibility"),
    ("submit_application", "withdraw_application"), ("list_panels", "make_award"),
    ("record_panel_decision", "send_message"), ("make_award", "send_message"),
    ("find_organisation", "verify_bank_details"),
    ("submit_report", "close_award"), ("register_organisation", "run_due_diligence"),
    ("get_application", "add_budget_line"), ("find_organisation", "get_award"),
    ("list_applications", "accept_award"), ("get_application", "get_award"),
    ("list_applications", "get_programme"), ("start_application", "get_programme"),
    ("get_application", "get_programme"), ("get_application", "upload_attachment"),
}
