"""Entitle: the welfare benefits casework system of the Borough of Ashworth (37 calls).

Plain functions over an in-memory ``State`` of the council's benefits service on Tuesday
16 May 2028: claimants, claims for housing benefit, council tax support, the carers' grant and
hardship payments, the household, income and capital on each claim, evidence requested from the
claimant and the scanned post that answers it, the entitlement calculation, decisions by a decision
maker and a supervisor's sign-off, payments, suspensions, changes of circumstances, overpayments and
their recovery, mandatory reconsiderations and appeals, letters and case notes.

Staff sign in with their staff id and password and pass the bare session token to every call but
the address gazetteer. A
caseworker does the casework; decisions need a decision maker (or a supervisor); a supervisor signs
off awards of 100.00 a week or more and backdated awards, writes off overpayments and works the
sign-off queue, never on a decision they made themselves; a reconsideration is decided by a
different decision maker from the one who made the decision.

Replies are a bare token, a bare amount, a sentence with the new reference inside (claimant
``CL-nnnnn``, claim ``HB-28-nnnnn``, decision ``DN-nnnnn``, reconsideration ``MR-nnnn``, overpayment
``OP-nnnn``, appeal ``AP-nnnn``, payment ``PY-nnnnnn``), rows as lists of lists (with the claims of
a claimant nested in its row), or a record dict with rows inside. Every refusal is raised: the
module's ``CaseworkError`` subclasses (``NotSignedIn`` and ``NotPermitted`` are also
``PermissionError``, ``RecordNotFound`` also ``LookupError``) and builtin ``ValueError``.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as
provider means either tool satisfies it, and the text of ``what`` before its first ``:`` is the
kind.
"""

import copy
import re
from datetime import date
from typing import List, Literal, Optional

TODAY = "2028-05-16"
SIGN_OFF_WEEKLY = 100.00
INCOME_DISREGARD = 25.00
TAPER = 0.65
CAPITAL_LIMIT = 16000.00
CAPITAL_FLOOR = 6000.00

Benefit = Literal["housing_benefit", "council_tax_support", "carers_grant", "hardship_payment"]
Relationship = Literal["partner", "child", "non_dependant"]
Outcome = Literal["award", "refuse"]
MrOutcome = Literal["revised", "not_revised"]

_PREFIX = {"housing_benefit": "HB", "council_tax_support": "CT", "carers_grant": "CG", "hardship_payment": "HP"}
_CLAIM_STATUSES = ("received", "evidence_requested", "ready_for_decision", "awaiting_sign_off", "awarded",
                   "refused", "suspended", "closed")
_EVIDENCE = ("proof_of_identity", "tenancy_agreement", "payslips", "bank_statements", "council_tax_bill",
             "childcare_costs", "medical_evidence")
_INCOME_SOURCES = ("earnings", "self_employment", "pension", "maintenance", "other_benefit", "student_finance")
_CHANGE_TYPES = ("income_change", "household_change", "moved_address", "capital_change", "left_country")
_CLOSE_REASONS = ("withdrawn", "no_contact", "duplicate", "moved_away", "ineligible")


class CaseworkError(Exception):
    """A request Entitle refuses."""


class NotSignedIn(CaseworkError, PermissionError):
    """No valid session token."""


class NotPermitted(CaseworkError, PermissionError):
    """The signed-in officer's role does not allow this, or they may not act on their own decision."""


class RecordNotFound(CaseworkError, LookupError):
    """No such claimant, claim, decision or document."""


class WrongStatus(CaseworkError):
    """The record is not in a status that allows this."""


def _claim(ref, claimant, benefit, status, claim_date, rent=0.0, income=None, capital=None, evidence=None,
           award=None, decisions=None, bank=None):
    return {"ref": ref, "claimant": claimant, "benefit": benefit, "status": status, "claim_date": claim_date,
            "eligible_rent": rent, "household": [], "income": income or [], "capital": capital,
            "evidence": evidence or {}, "entitlement": None, "award": award, "decisions": decisions or [],
            "changes": [], "notes": []}


class State:
    """Borough of Ashworth benefits service, Tuesday 16 May 2028."""

    def __init__(self) -> None:
        self.staff = {
            "OA1042": {"name": "Olu Adeyemi", "role": "caseworker", "password": "Ledger#Olu42"},
            "GW2210": {"name": "Grace Whitfield", "role": "decision_maker", "password": "Decide-Gw-2210"},
            "RB3318": {"name": "Rhian Bevan", "role": "decision_maker", "password": "Rb!reconsider8"},
            "MK0907": {"name": "Martin Kowal", "role": "supervisor", "password": "Sup.Kowal.0907"},
        }
        self.sessions = {}
        self.claimants = {
            "CL-27003": {"forename": "Imran", "surname": "KHAN", "dob": "1979-08-22", "ni": "JK482210A",
                         "address": "3 Tanner Row", "postcode": "AW1 4DX", "phone": "01632960411", "bank": None},
            "CL-30118": {"forename": "Ayesha", "surname": "KHAN", "dob": "1987-02-14", "ni": "JT482193C",
                         "address": "14 Mill Lane", "postcode": "AW3 7PL", "phone": "07700900734",
                         "bank": {"sort_code": "20-44-91", "account": "****2231", "name": "A KHAN"}},
            "CL-31190": {"forename": "Zainab", "surname": "KHAN", "dob": "1995-11-30", "ni": "PL093317B",
                         "address": "Flat 6, 80 Bridge St", "postcode": "AW1 2JQ", "phone": None, "bank": None},
            "CL-29740": {"forename": "Peter", "surname": "DOYLE", "dob": "1958-09-30", "ni": "AB120984D",
                         "address": "27 Slater Court", "postcode": "AW2 9HE", "phone": "01632960188",
                         "bank": {"sort_code": "30-96-26", "account": "****7102", "name": "P J DOYLE"}},
            "CL-31502": {"forename": "Lena", "surname": "NOWAK", "dob": "1992-06-03", "ni": "SN551207A",
                         "address": "9 Weavers Yard", "postcode": "AW3 1TT", "phone": "07700900582", "bank": None},
            "CL-31877": {"forename": "Joseph", "surname": "MENSAH", "dob": "1975-12-01", "ni": "WE774310B",
                         "address": "41 Hollins Road", "postcode": "AW2 3RB", "phone": "07700900915", "bank": None},
            "CL-28855": {"forename": "Barbara", "surname": "OKAFOR", "dob": "1949-04-17", "ni": "CE330918C",
                         "address": "2 Chapel Fold", "postcode": "AW4 6LN", "phone": "01632960370",
                         "bank": {"sort_code": "40-11-62", "account": "****5530", "name": "MRS B OKAFOR"}},
        }
        self.claims = {c["ref"]: c for c in [
            _claim("HB-28-00412", "CL-30118", "housing_benefit", "evidence_requested", "2028-04-24", rent=131.50,
                   evidence={"tenancy_agreement": {"status": "requested", "doc": None},
                             "payslips": {"status": "requested", "doc": None}}),
            _claim("HB-26-03310", "CL-27003", "housing_benefit", "closed", "2026-09-01", rent=98.00),
            _claim("HB-27-01988", "CL-29740", "housing_benefit", "awarded", "2027-10-30", rent=104.00,
                   income=[["pension", 142.00]], capital=3100.00,
                   award={"weekly": 86.40, "from": "2027-11-06", "live": True},
                   decisions=[["DN-61877", "award", 86.40, "2027-11-06", "live", "GW2210", "2027-11-09"]]),
            _claim("CT-28-00230", "CL-31502", "council_tax_support", "refused", "2028-03-29",
                   income=[["earnings", 412.00]], capital=900.00,
                   decisions=[["DN-70412", "refuse", 0.0, "2028-03-29", "issued", "GW2210", "2028-04-20"]]),
            _claim("HB-28-00519", "CL-31877", "housing_benefit", "awaiting_sign_off", "2028-04-11", rent=152.75,
                   income=[["other_benefit", 10.00]], capital=0.0,
                   award={"weekly": 142.75, "from": "2028-04-17", "live": False},
                   decisions=[["DN-70533", "award", 142.75, "2028-04-17", "awaiting_sign_off", "GW2210", "2028-05-12"]]),
            _claim("HB-27-01502", "CL-28855", "housing_benefit", "suspended", "2027-06-12", rent=88.00,
                   income=[["pension", 181.00]], capital=7400.00,
                   award={"weekly": 13.15, "from": "2027-06-19", "live": True},
                   decisions=[["DN-58120", "award", 13.15, "2027-06-19", "live", "RB3318", "2027-06-28"]]),
        ]}
        self.claims["HB-27-01502"]["suspension"] = "Address check: post returned undelivered"
        self.mailroom = [
            ["SCN-0511-0042", "2028-05-11", "Ms A Khan", "Tenancy agreement, 14 Mill Lane"],
            ["SCN-0511-0043", "2028-05-11", "Ayesha Khan", "Payslips March-April, Brightside Care Ltd"],
            ["SCN-0512-0007", "2028-05-12", "A. KHAN", "Bank statements February-April"],
            ["SCN-0512-0015", "2028-05-12", "Mr P Doyle", "Letter about new job at garden centre"],
            ["SCN-0514-0019", "2028-05-14", "Lena Nowak", "Letter asking council to look again at decision"],
            ["SCN-0515-0003", "2028-05-15", "J Mensah", "Bank details form"],
            ["SCN-0515-0011", "2028-05-15", "Mrs B Okafor", "Letter confirming still at 2 Chapel Fold"],
        ]
        self.gazetteer = {
            "AW1 9BD": ["1 Canal Wharf", "3 Canal Wharf", "5 Canal Wharf", "7 Canal Wharf", "Flat 1, 9 Canal Wharf"],
            "AW3 7PL": ["10 Mill Lane", "12 Mill Lane", "14 Mill Lane", "16 Mill Lane"],
            "AW3 7PN": ["2 Mill Lane Court", "4 Mill Lane Court", "6 Mill Lane Court"],
            "AW2 9HE": ["25 Slater Court", "27 Slater Court", "29 Slater Court"],
        }
        self.linked = {}
        self.payments = [
            ["PY-118204", "HB-27-01988", "2028-05-02", 172.80, "****7102"],
            ["PY-117655", "HB-27-01988", "2028-04-18", 172.80, "****7102"],
        ]
        self.overpayments = {}
        self.reconsiderations = {}
        self.appeals = {}
        self.letters = []
        self.templates = [["EV-REM", "Evidence reminder"], ["AW-NOT", "Award notice"], ["RF-NOT", "Refusal notice"],
                          ["OP-NOT", "Overpayment notice"], ["GEN-01", "General letter"],
                          ["SUS-NOT", "Suspension notice"]]
        self.counters = {"CL": 41001, "claim": 801, "DN": 88001, "MR": 6001, "OP": 3001, "AP": 1201,
                         "PY": 120001, "ER": 5501, "CC": 2301, "session": 1}


# --------------------------------------------------------------------------- helpers


def _next(state, key):
    n = state.counters[key]
    state.counters[key] += 1
    return n


def _officer(state, token, roles=None):
    staff_id = state.sessions.get(token)
    if staff_id is None:
        raise NotSignedIn("Session token not recognised; sign in again")
    person = state.staff[staff_id]
    if roles and person["role"] not in roles:
        raise NotPermitted(f"{person['name']} ({person['role']}) may not do this; needs {' or '.join(roles)}")
    return staff_id


def _claimant(state, ref):
    c = state.claimants.get(ref)
    if c is None:
        raise RecordNotFound(f"No claimant {ref}")
    return c


def _get_claim(state, ref):
    c = state.claims.get(ref)
    if c is None:
        raise RecordNotFound(f"No claim {ref}")
    return c


def _date(text, what="date"):
    if not re.fullmatch(r"\d{4}-\d{2}-\d{2}", text or ""):
        raise ValueError(f"{what} must be YYYY-MM-DD")
    return date.fromisoformat(text)


def _name(c):
    return f"{c['surname']}, {c['forename']}"


def _decision(claim, ref):
    return next((d for d in claim["decisions"] if d[0] == ref), None)


def _find_decision(state, ref):
    for claim in state.claims.values():
        d = _decision(claim, ref)
        if d is not None:
            return claim, d
    raise RecordNotFound(f"No decision {ref}")


# --------------------------------------------------------------------------- sign-in and claimants


def sign_in(staff_id: str, password: str, state: State) -> str:
    """Sign in to Entitle.

    @param staff_id: Staff id as on the officer's badge, e.g. OA1042.
    @param password: The officer's password.
    @return: The session token (a bare string) to pass as C{token}.
    @raise NotSignedIn: Wrong staff id or password.
    """
    person = state.staff.get(staff_id.strip().upper())
    if person is None or person["password"] != password:
        raise NotSignedIn("Staff id or password incorrect")
    token = f"ent-{staff_id.strip().upper()}-{_next(state, 'session'):04d}"
    state.sessions[token] = staff_id.strip().upper()
    return token


def lookup_address(postcode: str, state: State) -> list:
    """Premises at a postcode, from the council's address gazetteer (no sign-in needed).

    @param postcode: Any spacing or case.
    @return: First lines of the addresses at that postcode.
    @raise RecordNotFound: Postcode not in the gazetteer.
    """
    pc = re.sub(r"\s", "", postcode).upper()
    pc = pc[:-3] + " " + pc[-3:]
    if pc not in state.gazetteer:
        raise RecordNotFound(f"Postcode {postcode} is not in the Ashworth gazetteer")
    return list(state.gazetteer[pc])


def find_claimant(token: str, surname: str, forename: Optional[str] = None, date_of_birth: Optional[str] = None,
                  page: int = 1, state: State = None) -> dict:
    """Find claimants by surname, narrowed by forename and date of birth, three to a page.

    @param token: Session token.
    @param surname: Surname (any case).
    @param forename: Forename, to narrow the search.
    @param date_of_birth: YYYY-MM-DD.
    @param page: Page number, from 1.
    @return: C{{"page", "more", "rows"}}; each row is
        C{[claimant_ref, "SURNAME, Forename", date_of_birth, postcode, [[claim_ref, benefit, status], ...]]}.
    """
    _officer(state, token)
    rows = []
    for ref, c in sorted(state.claimants.items()):
        if c["surname"].lower() != surname.strip().lower():
            continue
        if forename and c["forename"].lower() != forename.strip().lower():
            continue
        if date_of_birth and c["dob"] != date_of_birth:
            continue
        claims = [[k, v["benefit"], v["status"]] for k, v in state.claims.items() if v["claimant"] == ref]
        rows.append([ref, _name(c), c["dob"], c["postcode"], claims])
    if page < 1:
        raise ValueError("page starts at 1")
    return {"page": page, "more": len(rows) > page * 3, "rows": rows[(page - 1) * 3: page * 3]}


def register_claimant(token: str, forename: str, surname: str, date_of_birth: str, ni_number: str,
                      address_line: str, postcode: str, state: State) -> str:
    """Register a new claimant.

    @param token: Session token.
    @param forename: As the claimant writes it.
    @param surname: As the claimant writes it.
    @param date_of_birth: YYYY-MM-DD.
    @param ni_number: National Insurance number (spaces allowed).
    @param address_line: First line of the address.
    @param postcode: Postcode.
    @return: A sentence with the new claimant reference.
    @raise ValueError: A claimant with that NI number already exists, or a malformed field.
    """
    _officer(state, token)
    ni = re.sub(r"\s", "", ni_number).upper()
    if not re.fullmatch(r"[A-Z]{2}\d{6}[A-D]", ni):
        raise ValueError("NI number must look like QQ 12 34 56 C")
    if any(c["ni"] == ni for c in state.claimants.values()):
        raise ValueError(f"A claimant with NI number {ni_number} is already registered")
    _date(date_of_birth, "date_of_birth")
    ref = f"CL-{_next(state, 'CL')}"
    state.claimants[ref] = {"forename": forename.strip(), "surname": surname.strip().upper(), "dob": date_of_birth,
                            "ni": ni, "address": address_line, "postcode": postcode.upper(), "phone": None,
                            "bank": None}
    return f"Claimant {ref} registered: {forename.strip()} {surname.strip().upper()}, born {date_of_birth}."


def get_claimant(token: str, claimant_ref: str, state: State) -> dict:
    """A claimant's details and claims.

    @param token: Session token.
    @param claimant_ref: CL-nnnnn.
    @return: The claimant record, with C{claims} rows C{[claim_ref, benefit, status]}.
    """
    _officer(state, token)
    c = copy.deepcopy(_claimant(state, claimant_ref))
    c["ref"] = claimant_ref
    c["claims"] = [[k, v["benefit"], v["status"]] for k, v in state.claims.items() if v["claimant"] == claimant_ref]
    return c


def update_contact(token: str, claimant_ref: str, phone: Optional[str] = None, address_line: Optional[str] = None,
                   postcode: Optional[str] = None, state: State = None) -> str:
    """Change a claimant's phone number or address.

    @param token: Session token.
    @param claimant_ref: CL-nnnnn.
    @param phone: New phone number.
    @param address_line: New first line of the address.
    @param postcode: New postcode.
    @return: A sentence confirming the change.
    @raise ValueError: Nothing would change.
    """
    _officer(state, token)
    c = _claimant(state, claimant_ref)
    new = {"phone": re.sub(r"\D", "", phone) if phone else None, "address": address_line,
           "postcode": postcode.upper() if postcode else None}
    changes = {k: v for k, v in new.items() if v is not None and v != c[k]}
    if not changes:
        raise ValueError("No change: the record already holds these details")
    c.update(changes)
    return f"Contact details for {claimant_ref} updated ({', '.join(sorted(changes))})."


def set_bank_details(token: str, claimant_ref: str, sort_code: str, account_number: str, account_name: str,
                     state: State) -> str:
    """Record the bank account benefit is paid into.

    @param token: Session token.
    @param claimant_ref: CL-nnnnn.
    @param sort_code: Six digits, dashes allowed.
    @param account_number: Eight digits.
    @param account_name: Name on the account.
    @return: A sentence confirming the account.
    @raise ValueError: Malformed details, or the same account is already held.
    """
    _officer(state, token)
    c = _claimant(state, claimant_ref)
    sc, acc = re.sub(r"\D", "", sort_code), re.sub(r"\D", "", account_number)
    if len(sc) != 6 or len(acc) != 8:
        raise ValueError("Sort code needs 6 digits and account number 8")
    bank = {"sort_code": f"{sc[:2]}-{sc[2:4]}-{sc[4:]}", "account": "****" + acc[-4:], "name": account_name.upper()}
    if c["bank"] == bank:
        raise ValueError("These bank details are already on the record")
    c["bank"] = bank
    return f"Bank account {bank['account']} ({bank['sort_code']}) recorded for {claimant_ref}."


# --------------------------------------------------------------------------- claims


def open_claim(token: str, claimant_ref: str, benefit: Benefit, claim_date: str, eligible_rent: float = 0.0,
               state: State = None) -> str:
    """Open a claim for a benefit.

    @param token: Session token.
    @param claimant_ref: CL-nnnnn.
    @param benefit: The benefit claimed.
    @param claim_date: Date the claim was made, YYYY-MM-DD (not in the future).
    @param eligible_rent: Weekly eligible rent (housing benefit only).
    @return: A sentence with the new claim reference.
    @raise WrongStatus: The claimant already has an open claim for that benefit.
    """
    _officer(state, token)
    _claimant(state, claimant_ref)
    if benefit not in _PREFIX:
        raise ValueError(f"Unknown benefit {benefit}")
    if _date(claim_date, "claim_date") > date.fromisoformat(TODAY):
        raise ValueError("claim_date cannot be in the future")
    for c in state.claims.values():
        if c["claimant"] == claimant_ref and c["benefit"] == benefit and c["status"] not in ("closed", "refused"):
            raise WrongStatus(f"{claimant_ref} already has an open {benefit} claim ({c['ref']})")
    ref = f"{_PREFIX[benefit]}-28-{_next(state, 'claim'):05d}"
    state.claims[ref] = _claim(ref, claimant_ref, benefit, "received", claim_date, rent=eligible_rent)
    return f"Claim {ref} opened: {benefit} for {claimant_ref} from {claim_date}."


def list_claims(token: str, claimant_ref: str, status: Optional[str] = None, state: State = None) -> list:
    """A claimant's claims.

    @param token: Session token.
    @param claimant_ref: CL-nnnnn.
    @param status: Only claims in this status.
    @return: Rows C{[claim_ref, benefit, status, claim_date, weekly_award]}.
    """
    _officer(state, token)
    _claimant(state, claimant_ref)
    if status is not None and status not in _CLAIM_STATUSES:
        raise ValueError(f"Unknown status {status!r}; one of {', '.join(_CLAIM_STATUSES)}")
    return [[k, v["benefit"], v["status"], v["claim_date"], (v["award"] or {}).get("weekly")]
            for k, v in state.claims.items() if v["claimant"] == claimant_ref and (status is None
                                                                                  or v["status"] == status)]


def get_claim(token: str, claim_ref: str, state: State) -> dict:
    """A claim in full.

    @param token: Session token.
    @param claim_ref: e.g. HB-28-00412.
    @return: The claim, with C{household}, C{income} and C{decisions} as rows
        (C{[decision_ref, outcome, weekly, effective_from, status, made_by, decided_on]}) and C{evidence} by type.
    """
    _officer(state, token)
    return copy.deepcopy(_get_claim(state, claim_ref))


def add_household_member(token: str, claim_ref: str, name: str, relationship: Relationship, date_of_birth: str,
                         weekly_income: float = 0.0, state: State = None) -> str:
    """Add someone who lives with the claimant to a claim.

    @param token: Session token.
    @param claim_ref: The claim.
    @param name: Full name as the claimant gives it.
    @param relationship: partner, child or non_dependant.
    @param date_of_birth: YYYY-MM-DD.
    @param weekly_income: Their weekly income, if any.
    @return: A sentence confirming the member.
    @raise ValueError: Already in the household.
    """
    _officer(state, token)
    claim = _get_claim(state, claim_ref)
    if claim["status"] in ("closed", "awarded", "awaiting_sign_off"):
        raise WrongStatus(f"Claim {claim_ref} is {claim['status']}; report a change instead")
    if any(m[0].lower() == name.strip().lower() for m in claim["household"]):
        raise ValueError(f"{name} is already in the household")
    _date(date_of_birth, "date_of_birth")
    claim["household"].append([name.strip(), relationship, date_of_birth, weekly_income])
    return f"{name.strip()} added to the household on {claim_ref} as {relationship}."


def declare_income(token: str, claim_ref: str, source: str, weekly_amount: float, state: State) -> str:
    """Record a weekly income on a claim (use 0 for a source that has stopped).

    @param token: Session token.
    @param claim_ref: The claim.
    @param source: Kind of income.
    @param weekly_amount: Pounds a week.
    @return: A sentence confirming it.
    """
    _officer(state, token)
    claim = _get_claim(state, claim_ref)
    if source not in _INCOME_SOURCES:
        raise ValueError(f"Unknown income source {source!r}; use one of {', '.join(_INCOME_SOURCES)}")
    if claim["status"] in ("closed", "awarded", "awaiting_sign_off"):
        raise WrongStatus(f"Claim {claim_ref} is {claim['status']}; report a change instead")
    for row in claim["income"]:
        if row[0] == source:
            if row[1] == weekly_amount:
                raise ValueError(f"{source} of {weekly_amount:.2f} a week is already declared")
            row[1] = weekly_amount
            break
    else:
        claim["income"].append([source, weekly_amount])
    return f"Income recorded on {claim_ref}: {source} {weekly_amount:.2f} a week."


def declare_capital(token: str, claim_ref: str, amount: float, state: State) -> str:
    """Record the household's savings and capital on a claim.

    @param token: Session token.
    @param claim_ref: The claim.
    @param amount: Pounds.
    @return: A sentence confirming it.
    """
    _officer(state, token)
    claim = _get_claim(state, claim_ref)
    if amount < 0:
        raise ValueError("Capital cannot be negative")
    if claim["status"] in ("closed", "awarded", "awaiting_sign_off"):
        raise WrongStatus(f"Claim {claim_ref} is {claim['status']}; report a change instead")
    if claim["capital"] == amount:
        raise ValueError(f"Capital of {amount:.2f} is already declared")
    claim["capital"] = amount
    return f"Capital recorded on {claim_ref}: {amount:.2f}."


def request_evidence(token: str, claim_ref: str, evidence_types: List[str], due_date: str, state: State) -> str:
    """Ask the claimant for evidence; the claim waits for it.

    @param token: Session token.
    @param claim_ref: The claim.
    @param evidence_types: Kinds of evidence wanted.
    @param due_date: YYYY-MM-DD, at least a week ahead.
    @return: A sentence with the evidence request reference.
    """
    _officer(state, token)
    claim = _get_claim(state, claim_ref)
    if claim["status"] not in ("received", "evidence_requested", "ready_for_decision"):
        raise WrongStatus(f"Claim {claim_ref} is {claim['status']}")
    bad = [t for t in evidence_types if t not in _EVIDENCE]
    if bad or not evidence_types:
        raise ValueError(f"Unknown evidence type(s) {bad}; known: {', '.join(_EVIDENCE)}")
    if _date(due_date, "due_date") < date(2028, 5, 23):
        raise ValueError("Allow at least seven days (due 2028-05-23 or later)")
    new = [t for t in evidence_types if t not in claim["evidence"]]
    if not new:
        raise ValueError("All of that evidence has already been requested")
    for t in new:
        claim["evidence"][t] = {"status": "requested", "doc": None}
    claim["status"], claim["entitlement"] = "evidence_requested", None
    return f"Evidence request ER-{_next(state, 'ER')} sent for {claim_ref}: {', '.join(new)}, due {due_date}."


def list_mailroom(token: str, claimant_surname: Optional[str] = None, page: int = 1, state: State = None) -> dict:
    """Scanned post not yet linked to a claim, four to a page, oldest first.

    @param token: Session token.
    @param claimant_surname: Only items whose sender's name contains this.
    @param page: From 1.
    @return: C{{"page", "more", "items"}}; items are C{[document_id, received, sender as written, title]}.
    """
    _officer(state, token)
    rows = [r for r in state.mailroom if r[0] not in state.linked
            and (claimant_surname is None or claimant_surname.lower() in r[2].lower())]
    return {"page": page, "more": len(rows) > page * 4, "items": copy.deepcopy(rows[(page - 1) * 4: page * 4])}


def link_document(token: str, document_id: str, claim_ref: str, evidence_type: str, state: State) -> str:
    """Link a scanned document to a claim as the evidence it was asked for.

    @param token: Session token.
    @param document_id: From the mailroom.
    @param claim_ref: The claim.
    @param evidence_type: One of the kinds requested on the claim.
    @return: A sentence confirming the link.
    """
    _officer(state, token)
    claim = _get_claim(state, claim_ref)
    if not any(r[0] == document_id for r in state.mailroom) or document_id in state.linked:
        raise RecordNotFound(f"No unlinked document {document_id} in the mailroom")
    ev = claim["evidence"].get(evidence_type)
    if ev is None:
        raise WrongStatus(f"{evidence_type} has not been requested on {claim_ref}")
    if ev["status"] != "requested":
        raise WrongStatus(f"{evidence_type} on {claim_ref} is already {ev['status']}")
    ev["status"], ev["doc"] = "received", document_id
    state.linked[document_id] = claim_ref
    return f"Document {document_id} linked to {claim_ref} as {evidence_type}."


def verify_evidence(token: str, claim_ref: str, evidence_type: str, verified: bool, note: str, state: State) -> str:
    """Record whether received evidence checks out.

    @param token: Session token.
    @param claim_ref: The claim.
    @param evidence_type: A kind of evidence received on the claim.
    @param verified: True if it is acceptable.
    @param note: What was checked.
    @return: A sentence.
    """
    _officer(state, token)
    claim = _get_claim(state, claim_ref)
    ev = claim["evidence"].get(evidence_type)
    if ev is None or ev["status"] != "received":
        raise WrongStatus(f"No {evidence_type} received on {claim_ref} to verify")
    ev["status"], ev["note"] = ("verified" if verified else "rejected"), note
    return f"{evidence_type} on {claim_ref} marked {ev['status']}."


def calculate_entitlement(token: str, claim_ref: str, state: State) -> float:
    """Work out the weekly entitlement: every requested item of evidence verified, income and
    capital declared.

    @param token: Session token.
    @param claim_ref: The claim.
    @return: Pounds a week (a bare number); the claim becomes ready for a decision.
    """
    _officer(state, token)
    claim = _get_claim(state, claim_ref)
    if claim["status"] not in ("received", "evidence_requested", "ready_for_decision"):
        raise WrongStatus(f"Claim {claim_ref} is {claim['status']}")
    waiting = [t for t, ev in claim["evidence"].items() if ev["status"] != "verified"]
    if waiting:
        raise WrongStatus(f"Evidence not yet verified: {', '.join(sorted(waiting))}")
    if not claim["income"]:
        raise WrongStatus("No income declared (declare 0 if the household has none)")
    if claim["capital"] is None:
        raise WrongStatus("No capital declared")
    income = sum(r[1] for r in claim["income"]) + sum(m[3] for m in claim["household"])
    if claim["capital"] > CAPITAL_LIMIT:
        weekly = 0.0
    else:
        tariff = max(0.0, (claim["capital"] - CAPITAL_FLOOR) // 250)
        base = claim["eligible_rent"] if claim["benefit"] == "housing_benefit" else 28.40
        weekly = round(max(0.0, base - TAPER * max(0.0, income + tariff - INCOME_DISREGARD)), 2)
    claim["entitlement"], claim["status"] = weekly, "ready_for_decision"
    return weekly


def make_decision(token: str, claim_ref: str, outcome: Outcome, weekly_amount: float, effective_from: str,
                  reasons: str, state: State) -> str:
    """Decide a claim that is ready for a decision (decision makers and supervisors).

    An award must be for the calculated entitlement. Awards of 100.00 a week or more, and awards
    from before the claim date, wait for a supervisor's sign-off before they go live.

    @param token: Session token.
    @param claim_ref: The claim.
    @param outcome: award or refuse.
    @param weekly_amount: Pounds a week (0 for a refusal).
    @param effective_from: YYYY-MM-DD.
    @param reasons: The reasons, as they will appear in the notice.
    @return: A sentence with the decision reference.
    """
    maker = _officer(state, token, ("decision_maker", "supervisor"))
    claim = _get_claim(state, claim_ref)
    if claim["status"] != "ready_for_decision" or claim["entitlement"] is None:
        raise WrongStatus(f"Claim {claim_ref} is {claim['status']}; calculate the entitlement first")
    start = _date(effective_from, "effective_from")
    if outcome == "award" and round(weekly_amount, 2) != claim["entitlement"]:
        raise ValueError(f"Award must equal the calculated entitlement for {claim_ref}")
    if outcome == "award" and weekly_amount <= 0:
        raise ValueError("Nothing to award; refuse the claim instead")
    if not reasons.strip():
        raise ValueError("Give reasons")
    ref = f"DN-{_next(state, 'DN')}"
    if outcome == "refuse":
        claim["status"] = "refused"
        claim["decisions"].append([ref, "refuse", 0.0, effective_from, "issued", maker, TODAY])
        return f"Decision {ref} recorded: {claim_ref} refused."
    backdated = start < date.fromisoformat(claim["claim_date"])
    needs = weekly_amount >= SIGN_OFF_WEEKLY or backdated
    status = "awaiting_sign_off" if needs else "live"
    claim["decisions"].append([ref, "award", weekly_amount, effective_from, status, maker, TODAY])
    claim["award"] = {"weekly": weekly_amount, "from": effective_from, "live": not needs}
    claim["status"] = "awaiting_sign_off" if needs else "awarded"
    tail = " (awaiting supervisor sign-off)" if needs else ""
    return f"Decision {ref} recorded: award of {weekly_amount:.2f} a week from {effective_from}{tail}."


def list_sign_off_queue(token: str, page: int = 1, state: State = None) -> list:
    """Decisions waiting for a supervisor's sign-off, five to a page (supervisors only).

    @param token: Session token.
    @param page: From 1.
    @return: Rows C{[decision_ref, claim_ref, made_by, weekly, effective_from]}.
    """
    _officer(state, token, ("supervisor",))
    rows = [[d[0], c["ref"], d[5], d[2], d[3]] for c in state.claims.values() for d in c["decisions"]
            if d[4] == "awaiting_sign_off"]
    return rows[(page - 1) * 5: page * 5]


def sign_off_decision(token: str, decision_ref: str, note: str, state: State) -> str:
    """Sign off an award waiting for it; the award goes live. A supervisor may not sign off a
    decision they made.

    @param token: Session token of a supervisor.
    @param decision_ref: DN-nnnnn.
    @param note: What was checked.
    @return: A sentence.
    """
    who = _officer(state, token, ("supervisor",))
    claim, d = _find_decision(state, decision_ref)
    if d[4] != "awaiting_sign_off":
        raise WrongStatus(f"{decision_ref} is {d[4]}, not awaiting sign-off")
    if d[5] == who:
        raise NotPermitted("A decision must be signed off by someone other than its maker")
    d[4] = "live"
    claim["award"]["live"] = True
    claim["status"] = "awarded"
    claim["notes"].append(f"Signed off by {who}: {note}")
    return f"Decision {decision_ref} signed off; {claim['ref']} award of {d[2]:.2f} a week is live."


# --------------------------------------------------------------------------- payments and awards


def issue_payment(token: str, claim_ref: str, state: State) -> str:
    """Pay the next fortnight of a live award into the claimant's bank account (once a day per claim).

    @param token: Session token.
    @param claim_ref: The claim.
    @return: A sentence with the payment reference.
    """
    _officer(state, token)
    claim = _get_claim(state, claim_ref)
    if claim["status"] != "awarded" or not (claim["award"] or {}).get("live"):
        raise WrongStatus(f"Claim {claim_ref} has no live award (status {claim['status']})")
    bank = state.claimants[claim["claimant"]]["bank"]
    if bank is None:
        raise WrongStatus(f"No bank details for {claim['claimant']}")
    if any(p[1] == claim_ref and p[2] == TODAY for p in state.payments):
        raise ValueError(f"A payment on {claim_ref} has already been issued today")
    ref = f"PY-{_next(state, 'PY')}"
    amount = round(claim["award"]["weekly"] * 2, 2)
    state.payments.insert(0, [ref, claim_ref, TODAY, amount, bank["account"]])
    return f"Payment {ref} of {amount:.2f} issued to {bank['account']} for {claim_ref}."


def list_payments(token: str, claimant_ref: str, state: State) -> list:
    """Payments made to a claimant, newest first.

    @param token: Session token.
    @param claimant_ref: CL-nnnnn.
    @return: Rows C{[payment_ref, claim_ref, date, amount, account]}.
    """
    _officer(state, token)
    _claimant(state, claimant_ref)
    mine = {k for k, v in state.claims.items() if v["claimant"] == claimant_ref}
    return [list(p) for p in state.payments if p[1] in mine]


def suspend_award(token: str, claim_ref: str, reason: str, state: State) -> str:
    """Stop payments on a live award while something is checked.

    @param token: Session token.
    @param claim_ref: The claim.
    @param reason: Why.
    @return: A sentence.
    """
    _officer(state, token)
    claim = _get_claim(state, claim_ref)
    if claim["status"] == "suspended":
        raise WrongStatus(f"{claim_ref} is already suspended")
    if claim["status"] != "awarded":
        raise WrongStatus(f"Only an awarded claim can be suspended ({claim_ref} is {claim['status']})")
    claim["status"], claim["suspension"] = "suspended", reason
    return f"Award on {claim_ref} suspended: {reason}."


def reinstate_award(token: str, claim_ref: str, state: State) -> str:
    """Lift a suspension; payments restart.

    @param token: Session token.
    @param claim_ref: The claim.
    @return: A sentence.
    """
    _officer(state, token)
    claim = _get_claim(state, claim_ref)
    if claim["status"] != "suspended":
        raise WrongStatus(f"{claim_ref} is not suspended (status {claim['status']})")
    claim["status"] = "awarded"
    claim.pop("suspension", None)
    return f"Award on {claim_ref} reinstated."


def report_change(token: str, claim_ref: str, change_type: str, effective_date: str, details: str,
                  new_weekly_income: Optional[float] = None, state: State = None) -> str:
    """Record a change of circumstances on an awarded claim.

    @param token: Session token.
    @param claim_ref: The claim.
    @param change_type: Kind of change.
    @param effective_date: When it happened, YYYY-MM-DD.
    @param details: What the claimant said.
    @param new_weekly_income: For an income change, the new total weekly income.
    @return: A sentence with the change reference.
    """
    _officer(state, token)
    claim = _get_claim(state, claim_ref)
    if change_type not in _CHANGE_TYPES:
        raise ValueError(f"Unknown change type {change_type!r}; one of {', '.join(_CHANGE_TYPES)}")
    if claim["status"] not in ("awarded", "suspended"):
        raise WrongStatus(f"Changes are reported on awarded claims ({claim_ref} is {claim['status']})")
    if _date(effective_date, "effective_date") > date.fromisoformat(TODAY):
        raise ValueError("effective_date cannot be in the future")
    if change_type == "income_change" and new_weekly_income is None:
        raise ValueError("An income change needs new_weekly_income")
    ref = f"CC-{_next(state, 'CC')}"
    claim["changes"].append({"ref": ref, "type": change_type, "effective": effective_date, "details": details,
                             "new_income": new_weekly_income, "overpayment": None})
    return f"Change {ref} recorded on {claim_ref}: {change_type} from {effective_date}."


def calculate_overpayment(token: str, claim_ref: str, state: State) -> float:
    """The overpayment caused by the latest reported income change, from its effective date to today.

    @param token: Session token.
    @param claim_ref: The claim.
    @return: Pounds overpaid (a bare number).
    """
    _officer(state, token)
    claim = _get_claim(state, claim_ref)
    change = next((c for c in reversed(claim["changes"]) if c["type"] == "income_change"), None)
    if change is None:
        raise WrongStatus(f"No income change reported on {claim_ref}")
    old_income = sum(r[1] for r in claim["income"])
    weekly_cut = min(claim["award"]["weekly"], round(TAPER * max(0.0, change["new_income"] - old_income), 2))
    weeks = (date.fromisoformat(TODAY) - date.fromisoformat(change["effective"])).days // 7
    change["overpayment"] = round(weekly_cut * weeks, 2)
    return change["overpayment"]


def raise_overpayment(token: str, claim_ref: str, amount: float, reason: str, state: State) -> str:
    """Raise the calculated overpayment as a debt.

    @param token: Session token.
    @param claim_ref: The claim.
    @param amount: The calculated overpayment.
    @param reason: As it will appear on the notice.
    @return: A sentence with the overpayment reference.
    """
    _officer(state, token)
    claim = _get_claim(state, claim_ref)
    change = next((c for c in reversed(claim["changes"]) if c["overpayment"] is not None), None)
    if change is None:
        raise WrongStatus(f"No overpayment calculated on {claim_ref}")
    if round(amount, 2) != change["overpayment"] or amount <= 0:
        raise ValueError(f"Amount must be the calculated overpayment on {claim_ref}")
    if change.get("raised"):
        raise ValueError(f"The overpayment for change {change['ref']} has already been raised")
    ref = f"OP-{_next(state, 'OP')}"
    change["raised"] = ref
    state.overpayments[ref] = {"claim": claim_ref, "amount": amount, "reason": reason, "status": "outstanding",
                               "recovery": None}
    return f"Overpayment {ref} of {amount:.2f} raised on {claim_ref}."


def set_recovery_plan(token: str, overpayment_ref: str, weekly_deduction: float, state: State) -> str:
    """Recover an outstanding overpayment by weekly deductions (5.00 to 50.00).

    @param token: Session token.
    @param overpayment_ref: OP-nnnn.
    @param weekly_deduction: Pounds a week.
    @return: A sentence.
    """
    _officer(state, token)
    op = state.overpayments.get(overpayment_ref)
    if op is None:
        raise RecordNotFound(f"No overpayment {overpayment_ref}")
    if op["status"] != "outstanding":
        raise WrongStatus(f"{overpayment_ref} is {op['status']}")
    if not 5 <= weekly_deduction <= 50:
        raise ValueError("Weekly deduction must be between 5.00 and 50.00")
    if op["recovery"] == weekly_deduction:
        raise ValueError("That recovery plan is already in place")
    op["recovery"] = weekly_deduction
    return f"Recovery of {overpayment_ref} set at {weekly_deduction:.2f} a week."


def write_off_overpayment(token: str, overpayment_ref: str, reason: str, state: State) -> str:
    """Write off an outstanding overpayment (supervisors only).

    @param token: Session token of a supervisor.
    @param overpayment_ref: OP-nnnn.
    @param reason: Why it is not recoverable.
    @return: A sentence.
    """
    _officer(state, token, ("supervisor",))
    op = state.overpayments.get(overpayment_ref)
    if op is None:
        raise RecordNotFound(f"No overpayment {overpayment_ref}")
    if op["status"] != "outstanding":
        raise WrongStatus(f"{overpayment_ref} is {op['status']}")
    op["status"], op["write_off_reason"] = "written_off", reason
    return f"Overpayment {overpayment_ref} of {op['amount']:.2f} written off."


# --------------------------------------------------------------------------- reconsiderations and appeals


def request_reconsideration(token: str, decision_ref: str, grounds: str, received_date: str, state: State) -> str:
    """Record a claimant's request to look again at a decision (within a month of it).

    @param token: Session token.
    @param decision_ref: DN-nnnnn.
    @param grounds: What the claimant says is wrong.
    @param received_date: When the request arrived, YYYY-MM-DD.
    @return: A sentence with the reconsideration reference.
    """
    _officer(state, token)
    claim, d = _find_decision(state, decision_ref)
    received = _date(received_date, "received_date")
    if not 0 <= (received - date.fromisoformat(d[6])).days <= 31 or received > date.fromisoformat(TODAY):
        raise WrongStatus(f"Requests must arrive within one month of the decision (made {d[6]})")
    if any(m["decision"] == decision_ref for m in state.reconsiderations.values()):
        raise ValueError(f"A reconsideration of {decision_ref} is already recorded")
    ref = f"MR-{_next(state, 'MR')}"
    state.reconsiderations[ref] = {"decision": decision_ref, "claim": claim["ref"], "grounds": grounds,
                                   "outcome": None, "original_maker": d[5]}
    return f"Reconsideration {ref} of {decision_ref} recorded."


def record_reconsideration(token: str, mr_ref: str, outcome: MrOutcome, notes: str, state: State) -> str:
    """Decide a reconsideration (a decision maker other than the one who made the decision).

    @param token: Session token.
    @param mr_ref: MR-nnnn.
    @param outcome: revised or not_revised.
    @param notes: The reasoning.
    @return: A sentence.
    """
    who = _officer(state, token, ("decision_maker", "supervisor"))
    mr = state.reconsiderations.get(mr_ref)
    if mr is None:
        raise RecordNotFound(f"No reconsideration {mr_ref}")
    if mr["outcome"] is not None:
        raise WrongStatus(f"{mr_ref} was already decided: {mr['outcome']}")
    if mr["original_maker"] == who:
        raise NotPermitted("A reconsideration must be decided by a different decision maker")
    mr["outcome"], mr["notes"] = outcome, notes
    return f"Reconsideration {mr_ref}: decision {mr['decision']} {outcome.replace('_', ' ')}."


def lodge_appeal(token: str, decision_ref: str, grounds: str, state: State) -> str:
    """Send an appeal against a decision to the tribunal; only after a reconsideration that did not
    revise it.

    @param token: Session token.
    @param decision_ref: DN-nnnnn.
    @param grounds: The claimant's grounds.
    @return: A sentence with the appeal reference.
    """
    _officer(state, token)
    _find_decision(state, decision_ref)
    mr = next((m for m in state.reconsiderations.values() if m["decision"] == decision_ref), None)
    if mr is None or mr["outcome"] is None:
        raise WrongStatus("An appeal needs a mandatory reconsideration decided first")
    if mr["outcome"] != "not_revised":
        raise WrongStatus("The decision was revised; appeal the revised decision instead")
    if any(a["decision"] == decision_ref for a in state.appeals.values()):
        raise ValueError(f"{decision_ref} has already been appealed")
    ref = f"AP-{_next(state, 'AP')}"
    state.appeals[ref] = {"decision": decision_ref, "grounds": grounds, "status": "lodged"}
    return f"Appeal {ref} against {decision_ref} lodged with the tribunal."


# --------------------------------------------------------------------------- notes, letters, closure


def add_case_note(token: str, claim_ref: str, text: str, state: State) -> str:
    """Add a note to a claim's history.

    @param token: Session token.
    @param claim_ref: The claim.
    @param text: The note.
    @return: A sentence.
    """
    who = _officer(state, token)
    claim = _get_claim(state, claim_ref)
    if not text.strip():
        raise ValueError("Empty note")
    claim["notes"].append(f"{who}: {text.strip()}")
    return f"Note added to {claim_ref}."


def list_letter_templates(token: str, state: State) -> list:
    """The letter templates.

    @param token: Session token.
    @return: Rows C{[template_code, title]}.
    """
    _officer(state, token)
    return copy.deepcopy(state.templates)


def send_letter(token: str, claimant_ref: str, template_code: str, extra_text: Optional[str] = None,
                state: State = None) -> str:
    """Post a letter to a claimant from a template.

    @param token: Session token.
    @param claimant_ref: CL-nnnnn.
    @param template_code: A template's code.
    @param extra_text: A paragraph added to the template.
    @return: A sentence.
    """
    _officer(state, token)
    c = _claimant(state, claimant_ref)
    if template_code not in {t[0] for t in state.templates}:
        raise RecordNotFound(f"No letter template {template_code}")
    state.letters.append([claimant_ref, template_code, extra_text])
    return f"Letter {template_code} queued for posting to {c['forename']} {c['surname']}, {c['postcode']}."


def close_claim(token: str, claim_ref: str, reason: str, state: State) -> str:
    """Close a claim that is not awarded.

    @param token: Session token.
    @param claim_ref: The claim.
    @param reason: A closure reason code.
    @return: A sentence.
    """
    _officer(state, token)
    claim = _get_claim(state, claim_ref)
    if reason not in _CLOSE_REASONS:
        raise ValueError(f"Unknown closure reason {reason!r}; one of {', '.join(_CLOSE_REASONS)}")
    if claim["status"] in ("closed", "awarded", "awaiting_sign_off"):
        raise WrongStatus(f"{claim_ref} is {claim['status']} and cannot be closed")
    claim["status"] = "closed"
    return f"Claim {claim_ref} closed ({reason})."


TOOLS = [
    sign_in, lookup_address, find_claimant, register_claimant, get_claimant, update_contact, set_bank_details, open_claim,
    list_claims, get_claim, add_household_member, declare_income, declare_capital, request_evidence, list_mailroom,
    link_document, verify_evidence, calculate_entitlement, make_decision, list_sign_off_queue, sign_off_decision,
    issue_payment, list_payments, suspend_award, reinstate_award, report_change, calculate_overpayment,
    raise_overpayment, set_recovery_plan, write_off_overpayment, request_reconsideration, record_reconsideration,
    lodge_appeal, add_case_note, list_letter_templates, send_letter, close_claim,
]

FIXTURES = {
    "service": {"name": "Borough of Ashworth - Benefits Service", "today": "Tuesday 16 May 2028"},
    "staff": [
        {"name": "Olu Adeyemi", "role": "caseworker", "staff_id": "OA1042", "password": "Ledger#Olu42"},
        {"name": "Grace Whitfield", "role": "decision maker", "staff_id": "GW2210", "password": "Decide-Gw-2210"},
        {"name": "Rhian Bevan", "role": "decision maker", "staff_id": "RB3318", "password": "Rb!reconsider8"},
        {"name": "Martin Kowal", "role": "supervisor", "staff_id": "MK0907", "password": "Sup.Kowal.0907"},
    ],
    "claimants_as_they_write": [
        "Ayesha Khan, 14 Mill Lane, born 14/02/1987; earns £180 a week as a care worker; £2,400 in savings; "
        "says her landlord is charging her for the three weeks before she claimed",
        "Peter Doyle, 27 Slater Court, born 30/09/1958; started at the garden centre on 1 March, his income is "
        "now £267 a week including his pension",
        "Lena Nowak, 9 Weavers Yard, born 03/06/1992; thinks her council tax support refusal is wrong because "
        "her hours were cut in March",
        "Joseph Mensah, 41 Hollins Road, born 01/12/1975; bank form: sort code 60-83-71, account 31926819, "
        "J MENSAH",
        "Barbara Okafor, 2 Chapel Fold, born 17/04/1949; wrote to say she still lives there",
        "Dylan Pryce, new claimant, 5 Canal Wharf, AW1 9BD, born 21/07/1990, NI number JZ 50 41 88 D; "
        "phone 07700 900247; bank: sort code 09-01-28, account 40318852, name D PRYCE",
    ],
}

_CLAIMANT_CONSUMERS = ["get_claimant", "update_contact", "set_bank_details", "open_claim", "list_claims",
                       "list_payments", "send_letter"]
_CLAIM_NEW_OR_LISTED = ["get_claim", "add_household_member", "declare_income", "declare_capital", "request_evidence",
                        "add_case_note", "close_claim"]
_CLAIM_LISTED = ["link_document", "verify_evidence", "calculate_entitlement", "make_decision", "issue_payment",
                 "suspend_award", "reinstate_award", "report_change", "calculate_overpayment", "raise_overpayment"]

GROUND_TRUTH = (
    [("sign_in", t.__name__, "auth: session token (bare string)") for t in TOOLS if t not in (sign_in, lookup_address)]
    + [("find_claimant|register_claimant", c,
        "id lookup/create: claimant reference (rows[][0], or the CL-nnnnn inside the sentence)")
       for c in _CLAIMANT_CONSUMERS]
    + [("find_claimant|list_claims|open_claim", c,
        "id lookup/create: claim reference (rows[][4][][0] nested claim rows, list rows [][0], or the claim "
        "reference inside the sentence)") for c in _CLAIM_NEW_OR_LISTED]
    + [("find_claimant|list_claims", c, "id lookup: claim reference (rows[][4][][0] nested claim rows, or list "
                                        "rows [][0])") for c in _CLAIM_LISTED]
    + [
        ("request_evidence", "link_document", "state: the evidence type requested on the claim"),
        ("list_mailroom", "link_document", "id lookup: scanned document id (items[][0])"),
        ("link_document", "verify_evidence", "state: evidence received before it is verified"),
        ("verify_evidence", "calculate_entitlement", "state: every requested item of evidence verified"),
        ("declare_income", "calculate_entitlement", "state: income declared"),
        ("declare_capital", "calculate_entitlement", "state: capital declared"),
        ("calculate_entitlement", "make_decision", "value: the calculated weekly entitlement (bare number), and the "
                                                   "claim ready for a decision"),
        ("make_decision|list_sign_off_queue", "sign_off_decision",
         "id lookup/create: decision reference (the DN-nnnnn inside the sentence, or queue rows [][0])"),
        ("sign_off_decision", "issue_payment", "state: award live after sign-off"),
        ("set_bank_details", "issue_payment", "state: bank details on the claimant record"),
        ("report_change", "calculate_overpayment", "state: an income change reported"),
        ("calculate_overpayment", "raise_overpayment", "value: the calculated overpayment (bare number)"),
        ("raise_overpayment", "set_recovery_plan", "id create: overpayment reference (OP-nnnn inside the sentence)"),
        ("raise_overpayment", "write_off_overpayment",
         "id create: overpayment reference (OP-nnnn inside the sentence)"),
        ("get_claim", "request_reconsideration", "id lookup: decision reference (decisions[][0])"),
        ("get_claim", "lodge_appeal", "id lookup: decision reference (decisions[][0])"),
        ("request_reconsideration", "record_reconsideration",
         "id create: reconsideration reference (MR-nnnn inside the sentence)"),
        ("record_reconsideration", "lodge_appeal", "state: reconsideration decided (not revised) before an appeal"),
        ("suspend_award", "reinstate_award", "state: award suspended before it is reinstated"),
        ("list_letter_templates", "send_letter", "vocabulary: letter template code (rows [][0])"),
    ]
)

PLAUSIBLE = {
    ("get_claimant", "open_claim"), ("get_claim", "make_decision"), ("get_claim", "link_document"),
    ("get_claim", "verify_evidence"), ("get_claim", "issue_payment"), ("get_claim", "sign_off_decision"),
    ("list_claims", "request_reconsideration"), ("list_claims", "lodge_appeal"), ("open_claim", "link_document"),
    ("open_claim", "verify_evidence"), ("open_claim", "calculate_entitlement"), ("open_claim", "make_decision"),
    ("open_claim", "issue_payment"), ("open_claim", "report_change"), ("add_household_member", "calculate_entitlement"),
    ("get_claimant", "list_claims"), ("get_claimant", "send_letter"), ("make_decision", "issue_payment"),
    ("list_mailroom", "verify_evidence"), ("make_decision", "request_reconsideration"),
    ("find_claimant", "request_reconsideration"), ("get_claim", "report_change"), ("list_payments", "issue_payment"),
    ("add_case_note", "close_claim"), ("get_claim", "calculate_overpayment"),
}
