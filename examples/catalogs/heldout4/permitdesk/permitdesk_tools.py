"""PermitDesk: the staff API of a city's building-permit and code-enforcement office (44 calls).

Plain functions over an in-memory ``State`` of the City of Leiden's permit office: parcels and
zoning, applicants and licensed contractors, permit applications (work items, valuation,
documents, fees, plan review, decision), issued permits with conditions and inspections, and
enforcement (complaints, cases, citations, stop-work orders). Staff sign in with a password, then
the code the city's authenticator app shows; the session authorises every change. Lookups answer
in JSON text, changes answer with a sentence that names the record (``"Application BP-25-0143
created ..."``), a few calls answer with a bare value. Nothing raises: a refusal is a string that
starts with ``"Error: "`` (see ``FAILURE``).

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as
provider means either tool satisfies it, and the text of ``what`` before its first ``:`` is the
kind.
"""

import hashlib
import json
import re
from dataclasses import dataclass, field
from datetime import date, timedelta
from typing import List, Literal, Optional

PermitType = Literal["building", "demolition", "electrical", "sign", "tree_removal"]
Discipline = Literal["building", "zoning", "fire", "electrical", "arborist"]
Decision = Literal["approve", "approve_with_conditions", "request_corrections", "deny"]
Result = Literal["pass", "fail", "partial"]
PayMethod = Literal["card", "bank_transfer", "cash"]

_ZONES = {
    "R-2": {"name": "Residential, low density", "max_height_m": 10.0, "rear_setback_m": 3.0,
            "allowed_uses": ["dwelling", "home_office"]},
    "MU-1": {"name": "Mixed use, inner city", "max_height_m": 15.0, "rear_setback_m": 0.0,
             "allowed_uses": ["dwelling", "retail", "bakery", "office"]},
    "I-1": {"name": "Light industry", "max_height_m": 18.0, "rear_setback_m": 5.0,
            "allowed_uses": ["workshop", "storage", "office"]},
}

_PARCELS = {
    "0412-077": {"address": "Kerkstraat 14", "zone": "R-2", "ward": 4, "owner": "Noor Haddad"},
    "0388-112": {"address": "Haarlemmerstraat 201", "zone": "MU-1", "ward": 2, "owner": "Bakkerij Van Rijn BV"},
    "0519-004": {"address": "Lammenschansweg 88", "zone": "I-1", "ward": 6, "owner": "Rijnland Opslag BV"},
    "0627-015": {"address": "Rijnsburgerweg 40", "zone": "R-2", "ward": 4, "owner": "Pieter van Dam"},
}

_WORK_RULES = [  # (permit type, words, work code)
    ("building", ("deck", "terrace", "veranda"), "DECK-ATT"),
    ("building", ("extension", "extend", "conservatory"), "EXT-REAR"),
    ("building", ("dormer", "loft"), "ROOF-DORMER"),
    ("building", ("shopfront", "shop front", "window"), "FACADE-ALT"),
    ("electrical", ("charger", "charging", "ev "), "ELEC-EVSE"),
    ("electrical", ("service", "meter", "fuse board", "consumer unit"), "ELEC-SERVICE"),
    ("sign", ("projecting", "hanging", "bracket"), "SIGN-PROJ"),
    ("sign", ("wall", "lettering", "fascia"), "SIGN-WALL"),
    ("tree_removal", ("oak", "beech", "chestnut", "lime", "tree"), "TREE-PROT"),
    ("demolition", ("shed", "garage", "outbuilding"), "DEMO-ACC"),
]
_REQUIRED_DOCS = {"building": ["SITE_PLAN", "STRUCTURAL_CALC"], "demolition": ["SITE_PLAN", "ASBESTOS_SURVEY"],
                  "electrical": ["SINGLE_LINE_DIAGRAM"], "sign": ["SIGN_DRAWING"], "tree_removal": ["ARBORIST_REPORT"]}
_DOC_TYPES = ("SITE_PLAN", "STRUCTURAL_CALC", "ASBESTOS_SURVEY", "SINGLE_LINE_DIAGRAM", "SIGN_DRAWING",
              "ARBORIST_REPORT", "PHOTOS", "OWNER_CONSENT")
_INSPECTIONS = {"DECK-ATT": ["FOOTING", "FINAL"], "EXT-REAR": ["FOOTING", "FRAMING", "FINAL"],
                "ROOF-DORMER": ["FRAMING", "FINAL"], "FACADE-ALT": ["FRAMING", "FINAL"],
                "ELEC-EVSE": ["ELECTRICAL", "FINAL"], "ELEC-SERVICE": ["ELECTRICAL", "FINAL"],
                "SIGN-PROJ": ["FINAL"], "SIGN-WALL": ["FINAL"], "TREE-PROT": ["FINAL"], "DEMO-ACC": ["FINAL"]}
_NEEDS_CONTRACTOR = ("building", "demolition", "electrical")
_CODE = [
    {"section": "BV 2.4.1", "title": "Building without a permit", "fine_eur": 1500},
    {"section": "BV 2.9.3", "title": "Work contrary to a stop-work order", "fine_eur": 5000},
    {"section": "APV 4.1.6", "title": "Construction noise outside permitted hours", "fine_eur": 400},
    {"section": "APV 4.3.2", "title": "Felling a protected tree without a permit", "fine_eur": 2500},
    {"section": "APV 2.1.5", "title": "Sign or advertising without a permit", "fine_eur": 350},
]


def _seed_applications() -> dict:
    return {
        "BP-24-0871": {"applicant": "APL-0290", "parcel": "0388-112", "type": "sign", "title": "Projecting bakery sign",
                       "status": "submitted", "work": ["SIGN-PROJ"], "valuation": 2400.0, "fee": 186.6, "paid": 186.6,
                       "documents": ["SIGN_DRAWING"], "contractor": None, "review": None, "permit": None},
        "BP-25-0102": {"applicant": "APL-0231", "parcel": "0627-015", "type": "building", "title": "Dormer on rear roof",
                       "status": "draft", "work": [], "valuation": None, "fee": None, "paid": 0.0,
                       "documents": ["SITE_PLAN"], "contractor": None, "review": None, "permit": None},
    }


def _seed_permits() -> dict:
    return {
        "PM-24-0498": {"application": None, "parcel": "0388-112", "type": "sign", "status": "issued",
                       "expires": "2025-06-30", "required": ["FINAL"], "conditions": [], "certificate": None},
        "PM-24-0533": {"application": None, "parcel": "0388-112", "type": "building", "status": "issued",
                       "expires": "2025-09-30", "required": ["FRAMING", "ELECTRICAL", "FINAL"],
                       "conditions": ["Work hours 07:00-19:00 on weekdays"], "certificate": None},
    }


@dataclass
class State:
    """A fresh permit office: three staff, four parcels, two applicants, two applications, two permits."""

    staff: dict = field(default_factory=lambda: {
        "mkowal": {"password": "Perm1t!Desk", "name": "Marta Kowal", "role": "permit_technician"},
        "jdekker": {"password": "Insp-2291", "name": "Joost Dekker", "role": "inspector"},
        "hbos": {"password": "Handh#77", "name": "Hanna Bos", "role": "enforcement_officer"}})
    authenticator: str = "731904"
    challenges: dict = field(default_factory=dict)
    sessions: dict = field(default_factory=dict)
    applicants: dict = field(default_factory=lambda: {
        "APL-0231": {"name": "Pieter van Dam", "email": "p.vandam@example.nl", "phone": "+31 71 512 3344"},
        "APL-0290": {"name": "Kees van Rijn", "email": "kees@bakkerijvanrijn.nl", "phone": "+31 71 514 0021"}})
    contractors: dict = field(default_factory=lambda: {
        "C-22817": {"business": "Bouwbedrijf De Vries", "trade": "general", "expires": "2026-01-31", "insured": True},
        "C-19044": {"business": "Elektro Jansen", "trade": "electrical", "expires": "2025-11-30", "insured": True},
        "C-15530": {"business": "Dakwerken Smit", "trade": "roofing", "expires": "2024-08-31", "insured": False},
        "C-22901": {"business": "De Vries Installatietechniek", "trade": "electrical", "expires": "2026-05-31",
                    "insured": True}})
    verified: list = field(default_factory=list)
    applications: dict = field(default_factory=_seed_applications)
    documents: dict = field(default_factory=dict)
    receipts: dict = field(default_factory=dict)
    reviewers: dict = field(default_factory=lambda: {
        "RVW-07": {"name": "Sanne Verhoef", "discipline": "building"},
        "RVW-11": {"name": "Ahmed Bouali", "discipline": "zoning"},
        "RVW-15": {"name": "Lotte Mulder", "discipline": "electrical"},
        "RVW-19": {"name": "Bram Kok", "discipline": "arborist"}})
    reviews: dict = field(default_factory=dict)
    permits: dict = field(default_factory=_seed_permits)
    inspectors: dict = field(default_factory=lambda: {
        "INSP-3": {"name": "Joost Dekker", "wards": [1, 2, 3]},
        "INSP-5": {"name": "Fleur de Graaf", "wards": [4, 5]},
        "INSP-8": {"name": "Youssef Amrani", "wards": [6, 7]}})
    inspections: dict = field(default_factory=lambda: {
        "IN-4388": {"permit": "PM-24-0498", "type": "FINAL", "date": "2024-12-10", "inspector": "INSP-3",
                    "result": "pass", "notes": "Sign fixed as drawn"},
        "IN-4410": {"permit": "PM-24-0533", "type": "FRAMING", "date": "2025-03-04", "inspector": None,
                    "result": None, "notes": None}})
    notices: dict = field(default_factory=dict)
    complaints: dict = field(default_factory=lambda: {
        "CMP-25-0290": {"parcel": "0519-004", "text": "Hammering and a crane in the yard every Sunday morning.",
                        "status": "new"}})
    cases: dict = field(default_factory=lambda: {
        "ENF-24-066": {"parcel": "0519-004", "complaint": None, "status": "open", "citations": []}})
    stop_orders: dict = field(default_factory=lambda: {
        "SWO-24-019": {"case": "ENF-24-066", "parcel": "0519-004", "in_force": True, "reason": "Mezzanine built without a permit"}})
    counters: dict = field(default_factory=lambda: {
        "APL-": 411, "BP-25-": 142, "DOC-": 9300, "RC-": 88120, "RV-25-": 39, "PM-25-": 87, "IN-": 5520,
        "CN-25-": 14, "CMP-25-": 300, "ENF-25-": 70, "CIT-25-": 208, "SWO-25-": 20, "CO-25-": 55})


# ----------------------------------------------------------------------------- helpers

def _next(state: State, prefix: str, width: int = 4) -> str:
    state.counters[prefix] += 1
    return f"{prefix}{state.counters[prefix]:0{width}d}"


def _staff(state: State, session: str) -> Optional[str]:
    return state.sessions.get(session)


def _iso(value: str) -> bool:
    if not isinstance(value, str) or not re.fullmatch(r"\d{4}-\d{2}-\d{2}", value):
        return False
    try:
        date.fromisoformat(value)
    except ValueError:
        return False
    return True


def _fee(app: dict) -> float:
    base = {"building": 150.0, "demolition": 120.0, "electrical": 90.0, "sign": 60.0, "tree_removal": 45.0}[app["type"]]
    return round(base + 0.045 * app["valuation"] + 12.5 * len(app["work"]), 2)


def _permit_row(k: str, p: dict) -> list:
    return [k, p["type"], p["status"]]


# ----------------------------------------------------------------------------- sign-in

def sign_in(username: str, password: str, state: State) -> str:
    """First step of staff sign-in: check the password and send a one-time-code challenge."""
    user = state.staff.get(username)
    if user is None or user["password"] != password:
        return "Error: unknown user or wrong password"
    challenge = "chl-" + hashlib.md5(f"{username}/{len(state.challenges)}".encode()).hexdigest()[:12]
    state.challenges[challenge] = username
    return json.dumps({"challenge_id": challenge, "method": "authenticator app", "valid_seconds": 90})


def enter_code(challenge_id: str, code: str, state: State) -> str:
    """Second step of sign-in: the six digits the authenticator app shows (spaces allowed)."""
    user = state.challenges.pop(challenge_id, None)
    if user is None:
        return "Error: challenge expired or unknown; sign in again"
    if re.sub(r"\s+", "", code) != state.authenticator:
        return "Error: code not accepted"
    session = "sess-" + hashlib.md5(f"{challenge_id}:{code}".encode()).hexdigest()[:18]
    state.sessions[session] = user
    return json.dumps({"session": session, "user": state.staff[user]["name"], "role": state.staff[user]["role"]})


# ----------------------------------------------------------------------------- reference

def normalize_date(text: str) -> str:
    """A date as people write it ('14 April 2025', '14/04/2025', 'April 14, 2025') as YYYY-MM-DD."""
    months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
    t = text.strip().lower().replace(",", " ")
    m = re.fullmatch(r"(\d{4})-(\d{1,2})-(\d{1,2})", t)
    if m:
        y, mo, d = int(m[1]), int(m[2]), int(m[3])
    elif (m := re.fullmatch(r"(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})", t)):
        d, mo, y = int(m[1]), int(m[2]), int(m[3])
    elif (m := re.fullmatch(r"(\d{1,2})\s+([a-z]+)\s+(\d{4})", t)) and m[2][:3] in months:
        d, mo, y = int(m[1]), months.index(m[2][:3]) + 1, int(m[3])
    elif (m := re.fullmatch(r"([a-z]+)\s+(\d{1,2})\s+(\d{4})", t)) and m[1][:3] in months:
        d, mo, y = int(m[2]), months.index(m[1][:3]) + 1, int(m[3])
    else:
        return f"Error: cannot read a date in {text!r}"
    try:
        return date(y, mo, d).isoformat()
    except ValueError:
        return f"Error: {text!r} is not a calendar date"


def lookup_parcel(address: str, state: State) -> str:
    """The parcel at a street address in Leiden: parcel id, zoning district, ward and owner."""
    want = re.sub(r"\s+", " ", address.strip().lower()).replace(", leiden", "")
    for pid, p in _PARCELS.items():
        if p["address"].lower() == want:
            return json.dumps({"parcel_id": pid, **p})
    return f"Error: no parcel at {address!r}"


def get_zoning(zone: str) -> str:
    """The rules of a zoning district (height, setbacks, allowed uses)."""
    z = _ZONES.get(zone.strip().upper())
    if z is None:
        return f"Error: unknown zoning district {zone!r}"
    return json.dumps({"zone": zone.strip().upper(), **z})


def classify_work(description: str, permit_type: PermitType) -> str:
    """Suggest the work codes for a description of the works, for a given permit type."""
    t = f" {description.lower()} "
    codes = [code for kind, words, code in _WORK_RULES if kind == permit_type and any(w in t for w in words)]
    if not codes:
        return "Error: no work code matches; describe the works in more detail"
    return json.dumps({"permit_type": permit_type, "work_codes": codes})


def lookup_code_section(keyword: str) -> str:
    """Sections of the building and local bye-laws that mention a keyword, with their standard fines."""
    k = keyword.strip().lower()
    rows = [c for c in _CODE if k in c["title"].lower()]
    return json.dumps(rows)


# ----------------------------------------------------------------------------- applicants and contractors

def find_applicant(last_name: str, email: Optional[str] = None, state: State = None) -> str:
    """Registered applicants by last name (and email)."""
    rows = [{"applicant": k, "name": a["name"], "email": a["email"]} for k, a in state.applicants.items()
            if a["name"].lower().endswith(last_name.strip().lower()) and (email is None or a["email"] == email)]
    return json.dumps(rows)


def register_applicant(session: str, full_name: str, email: str, phone: str, state: State) -> str:
    if _staff(state, session) is None:
        return "Error: not signed in"
    if "@" not in email:
        return "Error: email address is not valid"
    aid = _next(state, "APL-")
    state.applicants[aid] = {"name": full_name.strip(), "email": email.strip(), "phone": phone.strip()}
    return f"Applicant {aid} registered: {full_name.strip()}."


def search_contractors(name: str, trade: Optional[str] = None, state: State = None) -> str:
    """Licensed contractors whose business name contains ``name``."""
    rows = [{"licence_no": k, "business": c["business"], "trade": c["trade"]} for k, c in state.contractors.items()
            if name.strip().lower() in c["business"].lower() and (trade is None or c["trade"] == trade)]
    return json.dumps(rows)


def verify_licence(licence_no: str, state: State) -> str:
    """Check a contractor licence with the national register (recorded for this office)."""
    c = state.contractors.get(licence_no)
    if c is None:
        return f"Error: licence {licence_no} not in the register"
    valid = c["expires"] >= "2025-03-01" and c["insured"]
    if valid and licence_no not in state.verified:
        state.verified.append(licence_no)
    return json.dumps({"licence_no": licence_no, "business": c["business"], "valid": valid, "expires": c["expires"],
                       "insured": c["insured"]})


# ----------------------------------------------------------------------------- applications

def start_application(session: str, applicant_id: str, parcel_id: str, permit_type: PermitType, title: str,
                      state: State) -> str:
    """Open a draft permit application for an applicant on a parcel."""
    if _staff(state, session) is None:
        return "Error: not signed in"
    if applicant_id not in state.applicants:
        return f"Error: no applicant {applicant_id}"
    if parcel_id not in _PARCELS:
        return f"Error: no parcel {parcel_id}"
    if permit_type not in _REQUIRED_DOCS:
        return "Error: unknown permit type"
    no = _next(state, "BP-25-")
    state.applications[no] = {"applicant": applicant_id, "parcel": parcel_id, "type": permit_type, "title": title,
                              "status": "draft", "work": [], "valuation": None, "fee": None, "paid": 0.0,
                              "documents": [], "contractor": None, "review": None, "permit": None}
    return f"Application {no} created as a draft ({permit_type}) for {_PARCELS[parcel_id]['address']}."


def _draft(state: State, application_no: str):
    app = state.applications.get(application_no)
    if app is None:
        return None, f"Error: no application {application_no}"
    if app["status"] != "draft":
        return None, f"Error: application {application_no} is {app['status']}, not a draft"
    return app, None


def add_work_items(session: str, application_no: str, work_codes: List[str], state: State) -> int:
    """Declare the work items of a draft application; returns how many it now has."""
    if _staff(state, session) is None:
        return "Error: not signed in"
    app, err = _draft(state, application_no)
    if err:
        return err
    for code in work_codes:
        if not any(c == code and kind == app["type"] for kind, _, c in _WORK_RULES):
            return f"Error: {code!r} is not a work code for a {app['type']} permit"
    app["work"] += [c for c in work_codes if c not in app["work"]]
    return len(app["work"])


def set_valuation(session: str, application_no: str, amount_eur: float, state: State) -> str:
    """Record the declared construction value of a draft application (the fee is based on it)."""
    if _staff(state, session) is None:
        return "Error: not signed in"
    app, err = _draft(state, application_no)
    if err:
        return err
    if amount_eur <= 0:
        return "Error: valuation must be positive"
    app["valuation"] = float(amount_eur)
    return f"Valuation of {application_no} set to {amount_eur:,.2f} EUR."


def get_application(application_no: str, state: State) -> str:
    app = state.applications.get(application_no)
    if app is None:
        return f"Error: no application {application_no}"
    missing = [d for d in _REQUIRED_DOCS[app["type"]] if d not in app["documents"]]
    return json.dumps({"application_no": application_no, "applicant_id": app["applicant"], "parcel_id": app["parcel"],
                       "permit_type": app["type"], "title": app["title"], "status": app["status"],
                       "work_codes": app["work"], "valuation": app["valuation"], "fee_due": app["fee"],
                       "paid": app["paid"], "missing_documents": missing, "contractor": app["contractor"],
                       "review": app["review"], "permit": app["permit"]})


def search_applications(parcel_id: Optional[str] = None, status: Optional[str] = None,
                        applicant_id: Optional[str] = None, state: State = None) -> str:
    """Applications as ``[application_no, permit_type, status, title]`` rows, with optional filters."""
    rows = [[k, a["type"], a["status"], a["title"]] for k, a in state.applications.items()
            if (parcel_id is None or a["parcel"] == parcel_id) and (status is None or a["status"] == status)
            and (applicant_id is None or a["applicant"] == applicant_id)]
    return json.dumps(rows)


def upload_document(session: str, application_no: str, doc_type: str, file_name: str, state: State) -> str:
    if _staff(state, session) is None:
        return "Error: not signed in"
    app, err = _draft(state, application_no)
    if err:
        return err
    if doc_type not in _DOC_TYPES:
        return f"Error: unknown document type {doc_type!r}"
    did = _next(state, "DOC-")
    state.documents[did] = {"application": application_no, "type": doc_type, "file": file_name}
    if doc_type not in app["documents"]:
        app["documents"].append(doc_type)
    return f"Document {did} ({doc_type}, {file_name}) attached to {application_no}."


def calculate_fee(application_no: str, state: State) -> float:
    """Assess the permit fee of a draft application from its type, valuation and work items (bare amount, EUR)."""
    app = state.applications.get(application_no)
    if app is None:
        return f"Error: no application {application_no}"
    if app["valuation"] is None:
        return "Error: set the valuation before the fee can be assessed"
    if not app["work"]:
        return "Error: declare the work items before the fee can be assessed"
    app["fee"] = _fee(app)
    return app["fee"]


def pay_fee(session: str, application_no: str, amount: float, method: PayMethod, state: State) -> str:
    """Record payment of the assessed fee; the amount must match the assessment to the cent."""
    if _staff(state, session) is None:
        return "Error: not signed in"
    app, err = _draft(state, application_no)
    if err:
        return err
    if app["fee"] is None:
        return "Error: no fee has been assessed on this application"
    if round(amount, 2) != app["fee"]:
        return "Error: amount does not match the assessed fee"
    app["paid"] = app["fee"]
    rc = _next(state, "RC-", 5)
    state.receipts[rc] = {"application": application_no, "amount": amount, "method": method}
    return f"Receipt {rc}: {amount:,.2f} EUR received by {method} for {application_no}."


def link_contractor(session: str, application_no: str, licence_no: str, state: State) -> str:
    """Name the contractor who will do the work; the licence must have been verified."""
    if _staff(state, session) is None:
        return "Error: not signed in"
    app, err = _draft(state, application_no)
    if err:
        return err
    if licence_no not in state.contractors:
        return f"Error: licence {licence_no} not in the register"
    if licence_no not in state.verified:
        return "Error: licence has not been verified as valid"
    app["contractor"] = licence_no
    return f"{state.contractors[licence_no]['business']} linked to {application_no}."


def submit_application(session: str, application_no: str, state: State) -> str:
    """Submit a complete draft for plan review: fee paid, documents in, contractor named where needed."""
    if _staff(state, session) is None:
        return "Error: not signed in"
    app, err = _draft(state, application_no)
    if err:
        return err
    if app["fee"] is None or app["paid"] < app["fee"]:
        return "Error: the fee has not been paid"
    missing = [d for d in _REQUIRED_DOCS[app["type"]] if d not in app["documents"]]
    if missing:
        return "Error: required documents are missing"
    if app["type"] in _NEEDS_CONTRACTOR and app["contractor"] is None:
        return "Error: a licensed contractor must be linked"
    app["status"] = "submitted"
    return f"Application {application_no} submitted for plan review."


def withdraw_application(session: str, application_no: str, reason: str, state: State) -> str:
    if _staff(state, session) is None:
        return "Error: not signed in"
    app = state.applications.get(application_no)
    if app is None:
        return f"Error: no application {application_no}"
    if app["status"] in ("withdrawn", "approved", "denied"):
        return f"Error: application {application_no} is {app['status']}"
    app["prior_status"] = app["status"]
    app["status"] = "withdrawn"
    app["withdraw_reason"] = reason
    return f"Application {application_no} withdrawn."


def reinstate_application(session: str, application_no: str, state: State) -> str:
    if _staff(state, session) is None:
        return "Error: not signed in"
    app = state.applications.get(application_no)
    if app is None:
        return f"Error: no application {application_no}"
    if app["status"] != "withdrawn":
        return f"Error: application {application_no} is not withdrawn"
    app["status"] = app.pop("prior_status")
    return f"Application {application_no} reinstated as {app['status']}."


# ----------------------------------------------------------------------------- review and permits

def list_reviewers(discipline: Discipline, state: State) -> str:
    return json.dumps([{"staff_id": k, "name": r["name"]} for k, r in state.reviewers.items()
                       if r["discipline"] == discipline])


def assign_review(session: str, application_no: str, reviewer_id: str, state: State) -> str:
    """Hand a submitted application to a plan reviewer."""
    if _staff(state, session) is None:
        return "Error: not signed in"
    app = state.applications.get(application_no)
    if app is None:
        return f"Error: no application {application_no}"
    if app["status"] != "submitted":
        return f"Error: application {application_no} is {app['status']}; only submitted applications are reviewed"
    if reviewer_id not in state.reviewers:
        return f"Error: no reviewer {reviewer_id}"
    rv = _next(state, "RV-25-")
    state.reviews[rv] = {"application": application_no, "reviewer": reviewer_id, "decision": None}
    app["status"] = "in_review"
    app["review"] = rv
    return f"Review {rv} of {application_no} assigned to {state.reviewers[reviewer_id]['name']}."


def record_decision(session: str, review_id: str, decision: Decision, comments: str, state: State) -> str:
    if _staff(state, session) is None:
        return "Error: not signed in"
    rv = state.reviews.get(review_id)
    if rv is None:
        return f"Error: no review {review_id}"
    if rv["decision"] is not None:
        return f"Error: review {review_id} already decided"
    rv["decision"] = decision
    rv["comments"] = comments
    app = state.applications[rv["application"]]
    app["status"] = {"approve": "approved", "approve_with_conditions": "approved", "request_corrections": "draft",
                     "deny": "denied"}[decision]
    return f"Decision on {rv['application']}: {decision.replace('_', ' ')}."


def issue_permit(session: str, application_no: str, state: State) -> str:
    """Issue the permit of an approved application; valid for one year."""
    if _staff(state, session) is None:
        return "Error: not signed in"
    app = state.applications.get(application_no)
    if app is None:
        return f"Error: no application {application_no}"
    if app["status"] != "approved":
        return f"Error: application {application_no} is {app['status']}, not approved"
    if app["permit"]:
        return f"Error: permit {app['permit']} was already issued"
    pm = _next(state, "PM-25-")
    order = ["FOOTING", "FRAMING", "ELECTRICAL", "FINAL"]
    required = sorted({i for w in app["work"] for i in _INSPECTIONS[w]}, key=order.index)
    state.permits[pm] = {"application": application_no, "parcel": app["parcel"], "type": app["type"], "status": "issued",
                         "expires": "2026-03-31", "required": required, "conditions": [], "certificate": None}
    app["permit"] = pm
    return f"Permit {pm} issued for {application_no}, valid until 2026-03-31."


def get_permit(permit_no: str, state: State) -> str:
    """A permit with its required inspections and its inspections as [id, type, result, inspector] rows."""
    p = state.permits.get(permit_no)
    if p is None:
        return f"Error: no permit {permit_no}"
    return json.dumps({"permit_no": permit_no, "parcel_id": p["parcel"], "ward": _PARCELS[p["parcel"]]["ward"],
                       "permit_type": p["type"], "status": p["status"], "expires": p["expires"],
                       "inspections_required": p["required"], "conditions": p["conditions"],
                       "inspections": [[k, i["type"], i["result"], i["inspector"]] for k, i in state.inspections.items()
                                       if i["permit"] == permit_no]})


def add_condition(session: str, permit_no: str, text: str, state: State) -> int:
    """Attach a condition to an issued permit; returns the number of conditions."""
    if _staff(state, session) is None:
        return "Error: not signed in"
    p = state.permits.get(permit_no)
    if p is None:
        return f"Error: no permit {permit_no}"
    p["conditions"].append(text.strip())
    return len(p["conditions"])


def extend_permit(session: str, permit_no: str, days: int, reason: str, state: State) -> str:
    if _staff(state, session) is None:
        return "Error: not signed in"
    p = state.permits.get(permit_no)
    if p is None:
        return f"Error: no permit {permit_no}"
    if p["status"] != "issued" or not 0 < days <= 365:
        return "Error: only an issued permit can be extended, by 1 to 365 days"
    p["expires"] = (date.fromisoformat(p["expires"]) + timedelta(days=days)).isoformat()
    return f"Permit {permit_no} extended to {p['expires']}."


def request_inspection(session: str, permit_no: str, inspection_type: str, preferred_date: str, state: State) -> str:
    """Book an inspection the permit requires on a working day (YYYY-MM-DD)."""
    if _staff(state, session) is None:
        return "Error: not signed in"
    p = state.permits.get(permit_no)
    if p is None:
        return f"Error: no permit {permit_no}"
    if inspection_type not in p["required"]:
        return f"Error: {inspection_type!r} is not an inspection this permit requires"
    if not _iso(preferred_date) or date.fromisoformat(preferred_date).weekday() > 4:
        return "Error: preferred_date must be a working day as YYYY-MM-DD"
    iid = _next(state, "IN-")
    state.inspections[iid] = {"permit": permit_no, "type": inspection_type, "date": preferred_date,
                              "inspector": None, "result": None, "notes": None}
    return f"Inspection {iid} ({inspection_type}) requested for {preferred_date}."


def list_inspectors(ward: int, state: State) -> str:
    """Building inspectors who cover a ward (1-7)."""
    if not 1 <= ward <= 7:
        return f"Error: Leiden has no ward {ward}"
    return json.dumps([{"inspector_id": k, "name": i["name"]} for k, i in state.inspectors.items() if ward in i["wards"]])


def assign_inspector(session: str, inspection_id: str, inspector_id: str, state: State) -> str:
    if _staff(state, session) is None:
        return "Error: not signed in"
    ins = state.inspections.get(inspection_id)
    if ins is None:
        return f"Error: no inspection {inspection_id}"
    inspector = state.inspectors.get(inspector_id)
    ward = _PARCELS[state.permits[ins["permit"]]["parcel"]]["ward"]
    if inspector is None or ward not in inspector["wards"]:
        return "Error: inspector does not cover the ward of this permit"
    ins["inspector"] = inspector_id
    return f"{inspector['name']} will carry out inspection {inspection_id}."


def record_result(session: str, inspection_id: str, result: Result, notes: str, state: State) -> str:
    if _staff(state, session) is None:
        return "Error: not signed in"
    ins = state.inspections.get(inspection_id)
    if ins is None:
        return f"Error: no inspection {inspection_id}"
    if ins["inspector"] is None:
        return "Error: no inspector is assigned to this inspection"
    if result not in ("pass", "fail", "partial"):
        return "Error: result must be pass, fail or partial"
    ins["result"] = result
    ins["notes"] = notes
    return f"Inspection {inspection_id} recorded as {result}."


def issue_correction_notice(session: str, inspection_id: str, items: List[str], due_date: str, state: State) -> str:
    """List what must be corrected after a failed inspection, by a date (YYYY-MM-DD)."""
    if _staff(state, session) is None:
        return "Error: not signed in"
    ins = state.inspections.get(inspection_id)
    if ins is None:
        return f"Error: no inspection {inspection_id}"
    if ins["result"] not in ("fail", "partial"):
        return "Error: correction notices follow a failed or partial inspection"
    if not items or not _iso(due_date):
        return "Error: give at least one item and a due_date as YYYY-MM-DD"
    cn = _next(state, "CN-25-")
    state.notices[cn] = {"inspection": inspection_id, "items": list(items), "due": due_date}
    return f"Correction notice {cn} issued: {len(items)} items due {due_date}."


def final_certificate(session: str, permit_no: str, state: State) -> str:
    """Close out a permit once every required inspection has passed."""
    if _staff(state, session) is None:
        return "Error: not signed in"
    p = state.permits.get(permit_no)
    if p is None:
        return f"Error: no permit {permit_no}"
    passed = {i["type"] for i in state.inspections.values() if i["permit"] == permit_no and i["result"] == "pass"}
    if any(r not in passed for r in p["required"]):
        return "Error: not every required inspection has passed"
    co = _next(state, "CO-25-")
    p["status"] = "finaled"
    p["certificate"] = co
    return f"Certificate {co} issued; permit {permit_no} is finaled."


# ----------------------------------------------------------------------------- enforcement

def get_parcel_history(parcel_id: str, state: State) -> str:
    """Everything on file for a parcel: applications, permits, complaints, cases and stop-work orders (rows)."""
    if parcel_id not in _PARCELS:
        return f"Error: no parcel {parcel_id}"
    return json.dumps({
        "parcel_id": parcel_id,
        "applications": [[k, a["type"], a["status"]] for k, a in state.applications.items() if a["parcel"] == parcel_id],
        "permits": [_permit_row(k, p) for k, p in state.permits.items() if p["parcel"] == parcel_id],
        "complaints": [[k, c["status"]] for k, c in state.complaints.items() if c["parcel"] == parcel_id],
        "cases": [[k, c["status"]] for k, c in state.cases.items() if c["parcel"] == parcel_id],
        "stop_work_orders": [[k, o["in_force"]] for k, o in state.stop_orders.items() if o["parcel"] == parcel_id]})


def file_complaint(parcel_id: str, description: str, state: State) -> str:
    """Log a complaint from the public about a parcel (no sign-in)."""
    if parcel_id not in _PARCELS:
        return f"Error: no parcel {parcel_id}"
    if len(description.strip()) < 10:
        return "Error: describe the problem"
    cmp_no = _next(state, "CMP-25-")
    state.complaints[cmp_no] = {"parcel": parcel_id, "text": description.strip(), "status": "new"}
    return f"Complaint {cmp_no} logged for {_PARCELS[parcel_id]['address']}."


def open_case(session: str, complaint_no: str, state: State) -> str:
    """Open an enforcement case from a new complaint."""
    if _staff(state, session) is None:
        return "Error: not signed in"
    c = state.complaints.get(complaint_no)
    if c is None:
        return f"Error: no complaint {complaint_no}"
    if c["status"] != "new":
        return f"Error: complaint {complaint_no} is already {c['status']}"
    case = _next(state, "ENF-25-", 3)
    state.cases[case] = {"parcel": c["parcel"], "complaint": complaint_no, "status": "open", "citations": []}
    c["status"] = "case_opened"
    return f"Case {case} opened from complaint {complaint_no}."


def issue_citation(session: str, case_no: str, section: str, state: State) -> str:
    """Cite the owner under a bye-law section; the fine is the section's standard fine."""
    if _staff(state, session) is None:
        return "Error: not signed in"
    case = state.cases.get(case_no)
    if case is None or case["status"] != "open":
        return f"Error: no open case {case_no}"
    rule = next((c for c in _CODE if c["section"] == section), None)
    if rule is None:
        return f"Error: {section!r} is not a section of the code"
    cit = _next(state, "CIT-25-")
    case["citations"].append(cit)
    return f"Citation {cit} under {section}: fine {rule['fine_eur']:,} EUR."


def stop_work_order(session: str, case_no: str, reason: str, state: State) -> str:
    if _staff(state, session) is None:
        return "Error: not signed in"
    case = state.cases.get(case_no)
    if case is None or case["status"] != "open":
        return f"Error: no open case {case_no}"
    swo = _next(state, "SWO-25-", 3)
    state.stop_orders[swo] = {"case": case_no, "parcel": case["parcel"], "in_force": True, "reason": reason}
    return f"Stop-work order {swo} posted at {_PARCELS[case['parcel']]['address']}."


def lift_stop_work(session: str, order_no: str, reason: str, state: State) -> str:
    if _staff(state, session) is None:
        return "Error: not signed in"
    o = state.stop_orders.get(order_no)
    if o is None:
        return f"Error: no stop-work order {order_no}"
    if not o["in_force"]:
        return f"Error: stop-work order {order_no} is not in force"
    o["in_force"] = False
    o["lifted"] = reason
    return f"Stop-work order {order_no} lifted."


def close_case(session: str, case_no: str, resolution: str, state: State) -> str:
    """Close an enforcement case; a stop-work order still in force blocks it."""
    if _staff(state, session) is None:
        return "Error: not signed in"
    case = state.cases.get(case_no)
    if case is None or case["status"] != "open":
        return f"Error: no open case {case_no}"
    if any(o["in_force"] for o in state.stop_orders.values() if o["case"] == case_no):
        return "Error: lift the stop-work order before closing the case"
    case["status"] = "closed"
    case["resolution"] = resolution
    return f"Case {case_no} closed."


def FAILURE(reply) -> bool:  # noqa: N802 - the catalog convention's name
    """A PermitDesk refusal: a string reply that starts with 'Error:'."""
    return isinstance(reply, str) and reply.startswith("Error:")


TOOLS = [
    sign_in, enter_code,
    normalize_date, lookup_parcel, get_zoning, classify_work, lookup_code_section,
    find_applicant, register_applicant, search_contractors, verify_licence,
    start_application, add_work_items, set_valuation, get_application, search_applications, upload_document,
    calculate_fee, pay_fee, link_contractor, submit_application, withdraw_application, reinstate_application,
    list_reviewers, assign_review, record_decision, issue_permit, get_permit, add_condition, extend_permit,
    request_inspection, list_inspectors, assign_inspector, record_result, issue_correction_notice, final_certificate,
    get_parcel_history, file_complaint, open_case, issue_citation, stop_work_order, lift_stop_work, close_case,
]

# What a tester is handed: a technician's sign-in and authenticator code, and what residents said.
FIXTURES = {
    "username": "mkowal",
    "password": "Perm1t!Desk",
    "authenticator_code": "731 904",
    "resident": {"name": "Noor Haddad", "email": "noor.haddad@example.nl", "phone": "06 4129 8830",
                 "address": "Kerkstraat 14, Leiden",
                 "works": "A timber deck attached to the back of the house, about 4 by 5 metres",
                 "valuation": "EUR 8,500", "contractor": "Bouwbedrijf De Vries", "inspection_day": "14 April 2025"},
    "returning_applicant": {"name": "Pieter van Dam", "address": "Rijnsburgerweg 40"},
    "shop": {"name": "Kees van Rijn", "business": "Bakkerij Van Rijn", "address": "Haarlemmerstraat 201"},
    "neighbour_complaint": {"address": "Lammenschansweg 88",
                            "text": "They are building a second storey on the warehouse without any permit sign."},
}

_SESSION_USERS = ["register_applicant", "start_application", "add_work_items", "set_valuation", "upload_document",
                  "pay_fee", "link_contractor", "submit_application", "withdraw_application", "reinstate_application",
                  "assign_review", "record_decision", "issue_permit", "add_condition", "extend_permit",
                  "request_inspection", "assign_inspector", "record_result", "issue_correction_notice",
                  "final_certificate", "open_case", "issue_citation", "stop_work_order", "lift_stop_work", "close_case"]
_APPLICATION_USERS = ["add_work_items", "set_valuation", "get_application", "upload_document", "calculate_fee",
                      "pay_fee", "link_contractor", "submit_application", "withdraw_application",
                      "reinstate_application", "assign_review", "issue_permit"]
_PERMIT_USERS = ["get_permit", "add_condition", "extend_permit", "request_inspection", "final_certificate"]
_INSPECTION_USERS = ["assign_inspector", "record_result", "issue_correction_notice"]
_CASE_USERS = ["issue_citation", "stop_work_order", "close_case"]

GROUND_TRUTH = (
    [("enter_code", c, "auth: session") for c in _SESSION_USERS]
    + [("start_application|search_applications", c,
        "id lookup/create: application number (in a sentence, or [no, type, status, title] rows)")
       for c in _APPLICATION_USERS]
    + [("issue_permit|get_parcel_history", c, "id lookup/create: permit number (in a sentence, or history rows)")
       for c in _PERMIT_USERS]
    + [("request_inspection|get_permit", c, "id lookup/create: inspection id (in a sentence, or inspections rows)")
       for c in _INSPECTION_USERS]
    + [("open_case|get_parcel_history", c, "id lookup/create: case number (in a sentence, or history rows)")
       for c in _CASE_USERS]
    + [("lookup_parcel", c, "id lookup: parcel_id") for c in ("start_application", "file_complaint", "get_parcel_history")]
    + [
        ("sign_in", "enter_code", "two-step auth: challenge_id"),
        ("find_applicant|register_applicant", "start_application",
         "id lookup/create: applicant id ('applicant' field, or in a sentence)"),
        ("lookup_parcel", "get_zoning", "id lookup: zoning district code"),
        ("classify_work", "add_work_items", "vocabulary: work codes, listed nowhere else"),
        ("get_application", "upload_document", "vocabulary: document type (missing_documents), listed only in errors"),
        ("calculate_fee", "pay_fee", "two values: assessed fee (bare number) must match to the cent"),
        ("set_valuation", "calculate_fee", "state: a valuation must be on file"),
        ("add_work_items", "calculate_fee", "state: work items must be declared"),
        ("pay_fee", "submit_application", "state: the fee must be paid"),
        ("upload_document", "submit_application", "state: required documents must be attached"),
        ("link_contractor", "submit_application", "state: building work needs a contractor"),
        ("search_contractors", "verify_licence", "id lookup: licence_no"),
        ("search_contractors", "link_contractor", "id lookup: licence_no"),
        ("verify_licence", "link_contractor", "state: the licence must have been verified"),
        ("submit_application", "assign_review", "state: only submitted applications are reviewed"),
        ("list_reviewers", "assign_review", "id lookup: reviewer staff_id"),
        ("assign_review", "record_decision", "id create: review id (in a sentence)"),
        ("record_decision", "issue_permit", "state: the application must be approved"),
        ("withdraw_application", "reinstate_application", "no-op: reinstating an application that is not withdrawn"),
        ("get_permit", "request_inspection", "vocabulary: inspection type (inspections_required)"),
        ("normalize_date", "request_inspection", "format: ISO date"),
        ("normalize_date", "issue_correction_notice", "format: ISO due date"),
        ("lookup_parcel|get_permit", "list_inspectors", "id lookup: ward number"),
        ("list_inspectors", "assign_inspector", "id lookup: inspector_id"),
        ("assign_inspector", "record_result", "state: an inspector must be assigned"),
        ("record_result", "issue_correction_notice", "state: the inspection must have failed"),
        ("record_result", "final_certificate", "state: every required inspection must have passed"),
        ("file_complaint|get_parcel_history", "open_case", "id lookup/create: complaint number"),
        ("lookup_code_section", "issue_citation", "vocabulary: code section"),
        ("stop_work_order|get_parcel_history", "lift_stop_work", "id lookup/create: stop-work order number"),
        ("lift_stop_work", "close_case", "state: a stop-work order in force blocks closing"),
    ]
)

PLAUSIBLE = {
    *[("sign_in", c) for c in _SESSION_USERS],
    *[("lookup_parcel", c) for c in ("search_applications", "classify_work", "open_case",
                                     "stop_work_order", "issue_citation", "close_case", "lift_stop_work")],
    *[("find_applicant", c) for c in ("search_applications", "add_work_items", "set_valuation", "upload_document")],
    *[("start_application", c) for c in ("record_decision", "get_permit", "request_inspection")],
    *[("issue_permit", c) for c in ("list_inspectors", "assign_inspector", "record_result", "issue_correction_notice")],
    ("get_application", "calculate_fee"), ("get_application", "pay_fee"), ("get_application", "submit_application"),
    ("get_application", "assign_review"), ("get_application", "issue_permit"), ("get_application", "link_contractor"),
    ("classify_work", "calculate_fee"), ("classify_work", "start_application"), ("get_zoning", "start_application"),
    ("calculate_fee", "submit_application"), ("verify_licence", "submit_application"),
    ("search_contractors", "submit_application"), ("assign_review", "issue_permit"),
    ("submit_application", "record_decision"), ("list_reviewers", "record_decision"),
    ("issue_permit", "get_application"), ("request_inspection", "get_permit"), ("request_inspection", "final_certificate"),
    ("assign_inspector", "issue_correction_notice"), ("assign_inspector", "final_certificate"),
    ("list_inspectors", "record_result"), ("get_permit", "extend_permit"),
    ("normalize_date", "extend_permit"), ("file_complaint", "issue_citation"), ("file_complaint", "stop_work_order"),
    ("open_case", "lift_stop_work"), ("get_parcel_history", "search_applications"), ("stop_work_order", "close_case"),
    ("issue_citation", "close_case"), ("withdraw_application", "get_application"),
    ("search_applications", "record_decision"), ("get_parcel_history", "get_application"),
    *[("get_parcel_history", c) for c in _APPLICATION_USERS],
    *[("get_application", c) for c in ("file_complaint", "get_parcel_history", "start_application")],
    *[("get_permit", c) for c in ("file_complaint", "get_parcel_history")],
    ("get_application", "get_permit"), ("get_application", "record_decision"),
}
