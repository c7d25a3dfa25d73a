"""Gavel: the case-management API of a county court's civil and small claims office (40 calls).

Plain functions over an in-memory ``State`` of Harwick County Court on Tuesday 9 March 2027:
parties and their legal representatives, claims and their fees, service of the claim, documents on
the court file, allocation to a judge, the judges' diaries and courtrooms, hearings (listing,
adjournment, interpreters, check-in at the usher's desk, outcomes, transcripts), applications,
orders, judgments, enforcement and satisfaction, mediation referrals, the office's work queue, and
electronic service on the parties.

Court staff and judges sign in with username and password (``session.token`` in the reply, passed
as ``session_token``). Judicial acts (deciding applications, approving orders, entering judgment,
sealing documents) also need the judge's signing key unlocked on the session with their signing
PIN (``unlock_signing``). Messages and orders go to parties electronically only on a case where
electronic service has been switched on (``set_e_service``).

Replies are dicts in the style of a chat-platform web API, ``{"ok": true, ...}`` with the record
nested under a key (rows as lists of lists, some holding lists), or, for a few calls, one sentence
with the new reference in it. Every refusal is *returned*, never raised: ``{"ok": false,
"error_code": ..., "message": ...}`` (``FAILURE``). Docstrings are Google style.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as
provider means either tool satisfies it, and the text of ``what`` before its first ``:`` is the
kind.
"""

import datetime as _dt
import enum
import functools
from typing import Literal, Optional

TODAY = "2027-03-09"


class CaseTrack(str, enum.Enum):
    """The track a defended claim is allocated to (small claims up to £10,000)."""

    SMALL_CLAIMS = "small_claims"
    FAST_TRACK = "fast_track"
    MULTI_TRACK = "multi_track"


class PartyType(str, enum.Enum):
    INDIVIDUAL = "individual"
    COMPANY = "company"
    SOLE_TRADER = "sole_trader"
    PUBLIC_BODY = "public_body"


class HearingType(str, enum.Enum):
    SMALL_CLAIMS_HEARING = "small_claims_hearing"
    CASE_MANAGEMENT = "case_management"
    TRIAL = "trial"
    APPLICATION = "application"
    DISPOSAL = "disposal"


FeeEvent = Literal["issue", "hearing", "application", "enforcement"]
ServiceMethod = Literal["first_class_post", "personal", "electronic"]
Outcome = Literal["heard", "adjourned", "settled", "struck_out"]
JudgmentKind = Literal["default", "after_hearing", "consent"]
Enforcement = Literal["warrant_of_control", "attachment_of_earnings", "charging_order"]
PayMethod = Literal["card", "fee_account", "help_with_fees"]

_DOC_TYPES = ("particulars_of_claim", "defence", "counterclaim", "reply", "witness_statement", "expert_report",
              "skeleton_argument", "directions_questionnaire")
_APPLICATION_TYPES = ("set_aside", "extension_of_time", "strike_out", "summary_judgment", "adjournment",
                      "relief_from_sanctions")
_LANGUAGES = ("polish", "romanian", "punjabi", "urdu", "portuguese", "arabic", "lithuanian", "bsl")
_REMEDIES = {"mediation": ("settled", "not_settled", "withdrawn")}


class CourtError(Exception):
    """A refusal; the endpoint returns it as ``{"ok": false, ...}``."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


def _endpoint(fn):
    @functools.wraps(fn)
    def call(*args, **kwargs):
        try:
            return fn(*args, **kwargs)
        except CourtError as exc:
            return {"ok": False, "error_code": exc.code, "message": str(exc)}

    return call


def FAILURE(reply) -> bool:  # noqa: N802 - the name the oracle looks for
    """A Gavel refusal: a dict with ``ok`` false."""
    return isinstance(reply, dict) and reply.get("ok") is False


def _slot_times():
    return ["10:00", "11:30", "14:00", "15:30"]


class State:
    """Harwick County Court, civil and small claims office, Tuesday 9 March 2027, 08:45."""

    def __init__(self) -> None:
        self.users = {
            "dpatel": {"name": "Dev Patel", "role": "clerk", "password": "Quill&Ledger-22", "pin": None},
            "lmorrow": {"name": "Lena Morrow", "role": "listing_officer", "password": "Assize-Lane-90", "pin": None},
            "dj.okafor": {"name": "District Judge Ama Okafor", "role": "judge", "password": "Bench-Mark-7781",
                          "pin": "4417", "judge_id": "J-11"},
        }
        self.parties = {
            "PTY-3095": {"name": "Carys Bevan", "type": "individual", "postcode": "HW4 6TG",
                         "address": "17 Kiln Street, Harwick", "email": "carys.bevan@example.co.uk"},
            "PTY-3096": {"name": "Priya Raman", "type": "individual", "postcode": "HW7 3RF",
                         "address": "The Coach House, Mill Lane, Oakley", "email": "priya.raman@example.com"},
            "PTY-3097": {"name": "Oakley Kitchens Ltd", "type": "company", "postcode": "HW7 2AB",
                         "address": "4 Station Yard, Oakley", "email": None},
            "PTY-3101": {"name": "Marlow Plant Hire Ltd", "type": "company", "postcode": "HW3 8QT",
                         "address": "Unit 4, Fenwick Trading Estate, Harwick", "email": "accounts@marlowplant.example"},
            "PTY-3102": {"name": "Gareth Pryce", "type": "individual", "postcode": "HW2 5LN",
                         "address": "22 Alder Close, Harwick", "email": None},
            "PTY-3104": {"name": "Susan Achterberg", "type": "individual", "postcode": "HW7 1DE",
                         "address": "9 Mill Lane, Oakley", "email": "s.achterberg@example.com"},
            "PTY-3105": {"name": "Brightwell Roofing Ltd", "type": "company", "postcode": "HW7 2AA",
                         "address": "2 Station Yard, Oakley", "email": "office@brightwellroofing.example"},
            "PTY-3106": {"name": "Tomasz Wieczorek", "type": "individual", "postcode": "HW1 4RS",
                         "address": "Flat 3, 41 Queen Street, Harwick", "email": "t.wieczorek@example.pl"},
            "PTY-3107": {"name": "Harwick Motors Ltd", "type": "company", "postcode": "HW1 9BB",
                         "address": "Ring Road Garage, Harwick", "email": "service@harwickmotors.example"},
            "PTY-3108": {"name": "Danvers Groundworks Ltd", "type": "company", "postcode": "HW5 3PD",
                         "address": "Orchard Farm Yard, Little Wendon", "email": None},
        }
        self.attorneys = {
            "ATT-552": {"name": "Rhiannon Lloyd", "firm": "Lloyd & Baptiste LLP", "email": "rl@lloydbaptiste.example"},
            "ATT-560": {"name": "Kwame Asante", "firm": "Asante Law", "email": "kwame@asantelaw.example"},
            "ATT-571": {"name": "Fiona McBride", "firm": "Harwick Law Centre", "email": "fmcbride@hlc.example"},
            "ATT-574": {"name": "Peter Lloyd-Evans", "firm": "Carver Lloyd-Evans", "email": "ple@carverle.example"},
        }
        self.judges = {
            "J-11": {"name": "District Judge Ama Okafor", "tickets": ["small_claims", "fast_track"]},
            "J-14": {"name": "District Judge Colin Reeve", "tickets": ["small_claims"]},
            "J-17": {"name": "HHJ Miriam Sall", "tickets": ["fast_track", "multi_track"]},
        }
        self.courtrooms = {"CR1": ["Court 1", True, True], "CR2": ["Court 2", True, False],
                           "CR3": ["Court 3 (small claims)", False, True], "CR5": ["Hearing room 5", False, False]}
        self.cases = {
            "CV-27-00391": self._case("Marlow Plant Hire Ltd v Gareth Pryce", "small_claims", 4200.0,
                                      [["PTY-3101", "claimant"], ["PTY-3102", "defendant"]], "served",
                                      issued="2027-01-28", served="2027-02-04"),
            "CV-27-00402": self._case("Susan Achterberg v Brightwell Roofing Ltd", "fast_track", 18500.0,
                                      [["PTY-3104", "claimant"], ["PTY-3105", "defendant"]], "defended",
                                      issued="2027-02-01", served="2027-02-05"),
            "CV-27-00407": self._case("Priya Raman v Oakley Kitchens Ltd", "small_claims", 3480.0,
                                      [["PTY-3096", "claimant"], ["PTY-3097", "defendant"]], "defended",
                                      issued="2027-02-08", served="2027-02-10"),
            "CV-27-00415": self._case("Harwick Motors Ltd v Carys Bevan", "small_claims", 1275.0,
                                      [["PTY-3107", "claimant"], ["PTY-3095", "defendant"]], "issued",
                                      issued="2027-03-05"),
            "CV-26-01177": self._case("Tomasz Wieczorek v Harwick Motors Ltd", "small_claims", 2650.0,
                                      [["PTY-3106", "claimant"], ["PTY-3107", "defendant"]], "listed",
                                      issued="2026-11-16", served="2026-11-20", judge="J-11"),
            "CV-26-01120": self._case("Marlow Plant Hire Ltd v Danvers Groundworks Ltd", "small_claims", 6100.0,
                                      [["PTY-3101", "claimant"], ["PTY-3108", "defendant"]], "judgment",
                                      issued="2026-10-30", served="2026-11-03", judge="J-14"),
        }
        self.cases["CV-27-00402"]["representation"] = [["PTY-3104", "ATT-552"]]
        self.cases["CV-26-01120"]["judgment"] = "JDG-2291"
        self.documents = {
            "D-70411": {"case": "CV-27-00391", "type": "particulars_of_claim", "title": "Particulars of claim",
                        "party": "PTY-3101", "filed": "2027-01-28", "sealed": False},
            "D-70452": {"case": "CV-27-00402", "type": "defence", "title": "Defence of Brightwell Roofing Ltd",
                        "party": "PTY-3105", "filed": "2027-02-26", "sealed": False},
            "D-70460": {"case": "CV-26-01177", "type": "witness_statement",
                        "title": "Witness statement of Tomasz Wieczorek", "party": "PTY-3106", "filed": "2027-02-23",
                        "sealed": False},
            "D-70461": {"case": "CV-26-01177", "type": "witness_statement",
                        "title": "Medical letter re claimant's hearing loss", "party": "PTY-3106",
                        "filed": "2027-02-23", "sealed": False},
        }
        self.booked = {("J-11", TODAY, "10:00"): "HRG-8840", ("J-11", "2027-03-16", "10:00"): "HRG-8829",
                       ("J-14", TODAY, "11:30"): "HRG-8836"}
        self.hearings = {
            "HRG-8840": {"case": "CV-26-01177", "type": "small_claims_hearing", "judge": "J-11", "date": TODAY,
                         "time": "10:00", "courtroom": "CR3", "status": "listed", "checked_in": [],
                         "interpreter": None, "outcome": None, "notes": None},
            "HRG-8829": {"case": "CV-26-01098", "type": "disposal", "judge": "J-11", "date": "2027-03-16",
                         "time": "10:00", "courtroom": "CR2", "status": "listed", "checked_in": [],
                         "interpreter": None, "outcome": None, "notes": None},
            "HRG-8836": {"case": "CV-26-01004", "type": "case_management", "judge": "J-14", "date": TODAY,
                         "time": "11:30", "courtroom": "CR2", "status": "listed", "checked_in": [],
                         "interpreter": None, "outcome": None, "notes": None},
        }
        self.fees = {}
        self.receipts = {}
        self.judgments = {"JDG-2291": {"case": "CV-26-01120", "kind": "after_hearing", "debtor": "PTY-3108",
                                       "creditor": "PTY-3101", "total": 6340.0, "paid": 0.0, "entered": "2027-01-12",
                                       "satisfied": False, "enforcement": []}}
        self.applications = {}
        self.orders = {}
        self.referrals = {}
        self.messages = []
        self.transcripts = []
        self.tasks = {
            "TQ-1451": ["CV-27-00402", "Defence filed: refer to judge for allocation", "open"],
            "TQ-1453": ["CV-27-00391", "Claimant asks about default judgment", "open"],
            "TQ-1458": ["CV-26-01177", "Interpreter request (Polish) for hearing on 9 March", "open"],
        }
        self.notes = []
        self.sessions = {}
        self.counters = {"session": 0, "case": 418, "party": 3108, "fee": 5120, "receipt": 88010, "document": 70461,
                         "hearing": 8841, "judgment": 2301, "application": 640, "order": 910, "referral": 77,
                         "enforcement": 330, "message": 1200, "transcript": 40}

    @staticmethod
    def _case(title, track, amount, parties, status, issued, served=None, judge=None):
        return {"title": title, "track": track, "amount": amount, "parties": parties, "status": status,
                "issued": issued, "served": served, "judge": judge, "e_service": False, "representation": [],
                "judgment": None, "fee_paid": True, "particulars": ""}


def _next(state: State, what: str) -> int:
    state.counters[what] += 1
    return state.counters[what]


def _user(state: State, session_token: str) -> dict:
    session = state.sessions.get(session_token)
    if session is None:
        raise CourtError("not_authed", "no valid session token; sign in first")
    return session


def _signing(state: State, session_token: str) -> dict:
    session = _user(state, session_token)
    if state.users[session["username"]]["role"] != "judge":
        raise CourtError("not_judicial", "only a judge may perform a judicial act")
    if not session["signing"]:
        raise CourtError("signing_locked", "the judicial signing key is locked on this session; unlock it first")
    return session


def _case(state: State, case_number: str) -> dict:
    case = state.cases.get(str(case_number).strip().upper())
    if case is None:
        raise CourtError("case_not_found", f"no case {case_number!r}")
    return case


def _party(state: State, party_id: str) -> dict:
    party = state.parties.get(str(party_id).strip().upper())
    if party is None:
        raise CourtError("party_not_found", f"no party {party_id!r}")
    return party


def _hearing(state: State, hearing_id: str) -> dict:
    hearing = state.hearings.get(str(hearing_id).strip().upper())
    if hearing is None:
        raise CourtError("hearing_not_found", f"no hearing {hearing_id!r}")
    return hearing


def _date(value: str) -> str:
    try:
        return _dt.date.fromisoformat(str(value).strip()).isoformat()
    except ValueError:
        raise CourtError("invalid_date", f"dates are YYYY-MM-DD, got {value!r}") from None


def _issue_fee(amount: float) -> float:
    for limit, fee in ((300, 35.0), (500, 50.0), (1000, 70.0), (1500, 80.0), (3000, 115.0), (5000, 205.0),
                       (10000, 455.0)):
        if amount <= limit:
            return fee
    return round(min(amount * 0.05, 10000.0), 2)


def _party_row(state: State, pid: str, role: str) -> list:
    return [pid, state.parties[pid]["name"], role]


# ----------------------------------------------------------------------------- sign-in

@_endpoint
def login(username: str, password: str, state: State) -> dict:
    """Sign in to the case-management system.

    Args:
        username: Court network username.
        password: Password.

    Returns:
        ``{"ok": true, "session": {"token", "user": {"name", "role"}, "expires_at"}}``.
    """
    name = username.strip().lower()
    user = state.users.get(name)
    if user is None or user["password"] != password:
        raise CourtError("invalid_auth", "username or password not recognised")
    n = _next(state, "session")
    token = f"hcc-{name.split('.')[-1][:4]}-{(n * 4391) % 10000:04d}"
    state.sessions[token] = {"username": name, "signing": False}
    return {"ok": True, "session": {"token": token, "user": {"name": user["name"], "role": user["role"]},
                                    "expires_at": f"{TODAY}T17:30:00"}}


@_endpoint
def unlock_signing(session_token: str, signing_pin: str, state: State) -> dict:
    """Unlock the judge's signing key on this session, for judicial acts.

    Args:
        session_token: From ``login`` (a judge's session).
        signing_pin: The judge's four-digit signing PIN.
    """
    session = _user(state, session_token)
    user = state.users[session["username"]]
    if user["role"] != "judge":
        raise CourtError("not_judicial", "only judges hold a signing key")
    if session["signing"]:
        raise CourtError("already_unlocked", "the signing key is already unlocked on this session")
    if str(signing_pin).strip() != user["pin"]:
        raise CourtError("bad_pin", "signing PIN not accepted")
    session["signing"] = True
    return {"ok": True, "signing": {"judge": user["name"], "unlocked_until": f"{TODAY}T17:30:00"}}


# ----------------------------------------------------------------------------- parties and representatives

@_endpoint
def search_parties(session_token: str, name: str, postcode: Optional[str] = None, state: State = None) -> dict:
    """Find parties known to the court by name, optionally narrowed by postcode.

    Returns:
        ``{"ok": true, "parties": [{"party": {"id", "name", "type", "postcode"}, "cases": [case numbers]}]}``.
    """
    _user(state, session_token)
    q = name.strip().lower()
    if len(q) < 3:
        raise CourtError("query_too_short", "search needs at least three letters of the name")
    pc = (postcode or "").replace(" ", "").upper()
    found = []
    for pid, p in state.parties.items():
        if q in p["name"].lower() and (not pc or p["postcode"].replace(" ", "") == pc):
            cases = [c for c, v in state.cases.items() if any(row[0] == pid for row in v["parties"])]
            found.append({"party": {"id": pid, "name": p["name"], "type": p["type"], "postcode": p["postcode"]},
                          "cases": cases})
    return {"ok": True, "parties": found}


@_endpoint
def register_party(session_token: str, full_name: str, party_type: PartyType, address: str, postcode: str,
                   email: Optional[str] = None, state: State = None) -> str:
    """Register a new party (claimant or defendant) with the court.

    Args:
        full_name: The person's or organisation's full name as it will appear on the claim.
        party_type: Individual, company, sole trader or public body.
        email: For electronic service, if the party agrees to it.

    Returns:
        A sentence with the new party reference.
    """
    _user(state, session_token)
    pc = postcode.strip().upper()
    if len(pc.replace(" ", "")) < 5:
        raise CourtError("invalid_postcode", f"{postcode!r} is not a postcode")
    for pid, p in state.parties.items():
        if p["name"].lower() == full_name.strip().lower() and p["postcode"] == pc:
            raise CourtError("duplicate_party", f"{full_name} at {pc} is already registered")
    pid = f"PTY-{_next(state, 'party')}"
    state.parties[pid] = {"name": full_name.strip(), "type": PartyType(party_type).value, "postcode": pc,
                          "address": address.strip(), "email": (email or None)}
    return f"Party {pid} registered: {full_name.strip()}, {address.strip()}, {pc}."


@_endpoint
def find_attorney(session_token: str, name_or_firm: str, state: State) -> dict:
    """Find a solicitor on the court's register of legal representatives.

    Returns:
        ``{"ok": true, "representatives": [[id, name, firm, email]]}``.
    """
    _user(state, session_token)
    q = name_or_firm.strip().lower()
    rows = [[aid, a["name"], a["firm"], a["email"]] for aid, a in state.attorneys.items()
            if q and (q in a["name"].lower() or q in a["firm"].lower())]
    return {"ok": True, "representatives": rows}


@_endpoint
def enter_appearance(session_token: str, case_number: str, party_id: str, attorney_id: str, state: State) -> str:
    """Record that a solicitor now acts for a party on a case.

    Returns:
        A sentence confirming the notice of acting.
    """
    _user(state, session_token)
    case = _case(state, case_number)
    _party(state, party_id)
    pid, aid = party_id.strip().upper(), attorney_id.strip().upper()
    if aid not in state.attorneys:
        raise CourtError("representative_not_found", f"no legal representative {attorney_id!r}")
    if not any(row[0] == pid for row in case["parties"]):
        raise CourtError("not_a_party", f"{pid} is not a party to {case_number}")
    if [pid, aid] in case["representation"]:
        raise CourtError("already_acting", f"{state.attorneys[aid]['name']} already acts for {pid}")
    case["representation"] = [r for r in case["representation"] if r[0] != pid] + [[pid, aid]]
    return (f"Notice of acting recorded on {case_number.strip().upper()}: {state.attorneys[aid]['name']} "
            f"({state.attorneys[aid]['firm']}) for {state.parties[pid]['name']}.")


# ----------------------------------------------------------------------------- claims and fees

@_endpoint
def issue_claim(session_token: str, claimant_party_id: str, defendant_party_id: str, amount_claimed: float,
                particulars: str, state: State) -> str:
    """Issue a money claim. The claim is not served until its issue fee is paid.

    Args:
        claimant_party_id: The party bringing the claim.
        defendant_party_id: The party the claim is against.
        amount_claimed: In pounds, excluding interest and costs.
        particulars: Brief details of the claim, as on the claim form.

    Returns:
        A sentence with the new claim number.
    """
    _user(state, session_token)
    cl, de = _party(state, claimant_party_id), _party(state, defendant_party_id)
    if claimant_party_id.strip().upper() == defendant_party_id.strip().upper():
        raise CourtError("same_party", "the claimant and the defendant must differ")
    if amount_claimed <= 0 or amount_claimed > 100000:
        raise CourtError("invalid_amount", "money claims here are between £0.01 and £100,000")
    if len(particulars.strip()) < 10:
        raise CourtError("particulars_required", "give brief particulars of the claim")
    number = f"CV-27-{_next(state, 'case'):05d}"
    track = "small_claims" if amount_claimed <= 10000 else "fast_track" if amount_claimed <= 25000 else "multi_track"
    state.cases[number] = State._case(f"{cl['name']} v {de['name']}", track, float(amount_claimed),
                                      [[claimant_party_id.strip().upper(), "claimant"],
                                       [defendant_party_id.strip().upper(), "defendant"]], "awaiting_fee", TODAY)
    state.cases[number]["fee_paid"] = False
    state.cases[number]["particulars"] = particulars.strip()
    return (f"Claim {number} ({cl['name']} v {de['name']}, £{amount_claimed:,.2f}) issued on {TODAY}; "
            f"it will be served once the issue fee is paid.")


@_endpoint
def search_cases(session_token: str, text: str, status: Optional[str] = None, state: State = None) -> dict:
    """Search cases by words of the title, a party's name or the claim number.

    Args:
        status: Only cases in this status, if given.

    Returns:
        ``{"ok": true, "matches": [[case_number, title, status, [[party_id, name, role]]]]}``.
    """
    _user(state, session_token)
    q = text.strip().lower()
    if not q:
        raise CourtError("query_required", "give words to search for")
    rows = []
    for number, c in state.cases.items():
        hay = " ".join([number.lower(), c["title"].lower()] + [state.parties[p]["name"].lower() for p, _ in c["parties"]])
        if all(w in hay for w in q.split()) and (status is None or c["status"] == status):
            rows.append([number, c["title"], c["status"], [_party_row(state, p, r) for p, r in c["parties"]]])
    return {"ok": True, "matches": rows}


@_endpoint
def get_case(session_token: str, case_number: str, state: State) -> dict:
    """The court file summary for a case.

    Returns:
        ``{"ok": true, "case": {"number", "title", "track", "status", "amount_claimed", "issued", "served",
        "judge": {"id", "name"} or null, "parties": [[party_id, name, role]], "representatives": [[party_id,
        attorney_id]], "e_service", "hearings": [[hearing_id, type, date, time, status]], "judgment": {"id",
        "balance"} or null}}``.
    """
    _user(state, session_token)
    c = _case(state, case_number)
    number = case_number.strip().upper()
    judge = {"id": c["judge"], "name": state.judges[c["judge"]]["name"]} if c["judge"] else None
    judgment = None
    if c["judgment"]:
        j = state.judgments[c["judgment"]]
        judgment = {"id": c["judgment"], "balance": round(j["total"] - j["paid"], 2)}
    hearings = [[h, v["type"], v["date"], v["time"], v["status"]] for h, v in state.hearings.items()
                if v["case"] == number]
    return {"ok": True, "case": {"number": number, "title": c["title"], "track": c["track"], "status": c["status"],
                                "amount_claimed": c["amount"], "issued": c["issued"], "served": c["served"],
                                "judge": judge, "parties": [_party_row(state, p, r) for p, r in c["parties"]],
                                "representatives": c["representation"], "e_service": c["e_service"],
                                "hearings": hearings, "judgment": judgment}}


@_endpoint
def assess_fee(session_token: str, case_number: str, fee_event: FeeEvent, state: State) -> dict:
    """Work out the court fee due for an event on a case and raise it for payment.

    Args:
        fee_event: ``issue``, ``hearing``, ``application`` or ``enforcement``.

    Returns:
        ``{"ok": true, "fee": {"id", "case", "event", "amount", "status"}}``.
    """
    _user(state, session_token)
    c = _case(state, case_number)
    number = case_number.strip().upper()
    if fee_event == "issue":
        if c["fee_paid"]:
            raise CourtError("fee_already_paid", f"the issue fee on {number} has been paid")
        amount = _issue_fee(c["amount"])
    elif fee_event == "hearing":
        amount = 27.0 if c["amount"] <= 300 else 59.0 if c["amount"] <= 500 else 85.0 if c["amount"] <= 1000 else \
            123.0 if c["amount"] <= 1500 else 181.0 if c["amount"] <= 3000 else 346.0 if c["amount"] <= 10000 else 681.0
    elif fee_event == "application":
        amount = 303.0
    elif fee_event == "enforcement":
        if not c["judgment"]:
            raise CourtError("no_judgment", f"there is no judgment to enforce on {number}")
        amount = 83.0
    else:
        raise CourtError("invalid_fee_event", f"unknown fee event {fee_event!r}")
    fid = f"FEE-{_next(state, 'fee')}"
    state.fees[fid] = {"case": number, "event": fee_event, "amount": amount, "status": "due"}
    return {"ok": True, "fee": {"id": fid, "case": number, "event": fee_event, "amount": amount, "status": "due"}}


@_endpoint
def pay_fee(session_token: str, fee_id: str, amount: float, method: PayMethod, payer_reference: str,
            state: State) -> dict:
    """Take payment of a court fee.

    Args:
        fee_id: From ``assess_fee``.
        amount: Exactly the fee due, in pounds.
        method: ``card``, ``fee_account`` or ``help_with_fees`` (with the HWF reference).
        payer_reference: Card authorisation, fee account number or help with fees reference.

    Returns:
        ``{"ok": true, "receipt": {"number", "fee_id", "amount", "case"}}``.
    """
    _user(state, session_token)
    fee = state.fees.get(str(fee_id).strip().upper())
    if fee is None:
        raise CourtError("fee_not_found", f"no fee {fee_id!r}")
    if fee["status"] == "paid":
        raise CourtError("already_paid", f"{fee_id} is already paid")
    if round(float(amount), 2) != fee["amount"]:
        raise CourtError("wrong_amount", f"{fee_id} is £{fee['amount']:.2f}, not £{float(amount):.2f}")
    if len(payer_reference.strip()) < 4:
        raise CourtError("reference_required", "give the payment or help with fees reference")
    fee["status"] = "paid"
    number = f"RC-{_next(state, 'receipt')}"
    state.receipts[number] = {"fee": fee_id.strip().upper(), "used": False}
    case = state.cases[fee["case"]]
    if fee["event"] == "issue":
        case["fee_paid"] = True
        case["status"] = "issued"
    return {"ok": True, "receipt": {"number": number, "fee_id": fee_id.strip().upper(), "amount": fee["amount"],
                                    "case": fee["case"], "method": method}}


@_endpoint
def serve_claim(session_token: str, case_number: str, method: ServiceMethod, served_on: str, state: State) -> dict:
    """Record service of the claim form on the defendant.

    Args:
        method: ``first_class_post``, ``personal`` or ``electronic`` (only on a case with electronic service on).
        served_on: The date of service, YYYY-MM-DD, not before issue and not in the future.

    Returns:
        ``{"ok": true, "service": {"case", "method", "served_on", "response_due"}}``.
    """
    _user(state, session_token)
    c = _case(state, case_number)
    if c["status"] == "awaiting_fee":
        raise CourtError("fee_unpaid", "the claim cannot be served until the issue fee is paid")
    if c["status"] != "issued":
        raise CourtError("already_served", f"{case_number} was served on {c['served']}")
    day = _date(served_on)
    if day < c["issued"] or day > TODAY:
        raise CourtError("invalid_service_date", f"service must fall between {c['issued']} and {TODAY}")
    if method == "electronic" and not c["e_service"]:
        raise CourtError("e_service_off", "electronic service is not switched on for this case")
    c["served"], c["status"] = day, "served"
    due = (_dt.date.fromisoformat(day) + _dt.timedelta(days=14)).isoformat()
    return {"ok": True, "service": {"case": case_number.strip().upper(), "method": method, "served_on": day,
                                    "response_due": due}}


@_endpoint
def set_e_service(session_token: str, case_number: str, enabled: bool, state: State) -> dict:
    """Switch electronic service (e-mail to the parties) on or off for a case.

    Returns:
        ``{"ok": true, "case": number, "e_service": bool}``.
    """
    _user(state, session_token)
    c = _case(state, case_number)
    if bool(enabled) == c["e_service"]:
        raise CourtError("no_change", f"electronic service is already {'on' if enabled else 'off'} for this case")
    if enabled and not all(state.parties[p]["email"] or any(r[0] == p for r in c["representation"])
                           for p, _ in c["parties"]):
        raise CourtError("no_address", "every party needs an e-mail address or a representative for e-service")
    c["e_service"] = bool(enabled)
    return {"ok": True, "case": case_number.strip().upper(), "e_service": c["e_service"]}


@_endpoint
def send_case_message(session_token: str, case_number: str, party_ids: list[str], subject: str, body: str,
                      state: State) -> dict:
    """E-mail parties on a case (or their solicitors) from the court office.

    Args:
        party_ids: The parties to write to; each must be a party to the case.
        subject: Subject line; the claim number is added in front.
        body: The message.

    Returns:
        ``{"ok": true, "sent": [[message_id, party_id, address]]}``.
    """
    _user(state, session_token)
    c = _case(state, case_number)
    if not c["e_service"]:
        raise CourtError("e_service_off", "electronic service is not switched on for this case")
    if not party_ids or not body.strip():
        raise CourtError("invalid_message", "name at least one party and write a message")
    sent = []
    for pid in party_ids:
        pid = str(pid).strip().upper()
        if not any(row[0] == pid for row in c["parties"]):
            raise CourtError("not_a_party", f"{pid} is not a party to {case_number}")
        rep = next((r[1] for r in c["representation"] if r[0] == pid), None)
        address = state.attorneys[rep]["email"] if rep else state.parties[pid]["email"]
        mid = f"MSG-{_next(state, 'message')}"
        state.messages.append([mid, case_number.strip().upper(), pid, address, subject, body])
        sent.append([mid, pid, address])
    return {"ok": True, "sent": sent}


# ----------------------------------------------------------------------------- documents

@_endpoint
def file_document(session_token: str, case_number: str, document_type: str, title: str, filed_by_party_id: str,
                  state: State) -> str:
    """Put a document on the court file.

    Args:
        document_type: The kind of document, e.g. ``defence`` or ``witness_statement``.
        title: The title as it will appear in the index of the court file.
        filed_by_party_id: The party filing it.

    Returns:
        A sentence with the new document number.
    """
    _user(state, session_token)
    c = _case(state, case_number)
    kind = document_type.strip().lower().replace(" ", "_")
    if kind not in _DOC_TYPES:
        raise CourtError("invalid_document_type", f"unknown document type {document_type!r}; one of "
                                                  f"{', '.join(_DOC_TYPES)}")
    pid = filed_by_party_id.strip().upper()
    role = next((r for p, r in c["parties"] if p == pid), None)
    if role is None:
        raise CourtError("not_a_party", f"{filed_by_party_id} is not a party to {case_number}")
    if kind == "defence":
        if role != "defendant":
            raise CourtError("wrong_party", "only a defendant files a defence")
        if c["status"] != "served":
            raise CourtError("not_served" if c["status"] in ("awaiting_fee", "issued") else "defence_closed",
                             f"a defence cannot be filed on a case that is {c['status'].replace('_', ' ')}")
        c["status"] = "defended"
    did = f"D-{_next(state, 'document')}"
    state.documents[did] = {"case": case_number.strip().upper(), "type": kind, "title": title.strip(),
                            "party": pid, "filed": TODAY, "sealed": False}
    return f"Filed {did} on {case_number.strip().upper()}: {title.strip()} ({kind.replace('_', ' ')})."


@_endpoint
def list_documents(session_token: str, case_number: str, document_type: Optional[str] = None,
                   state: State = None) -> dict:
    """The index of the court file for a case.

    Returns:
        ``{"ok": true, "documents": [[document_id, type, title, filed_by, filed_on, sealed]]}``.
    """
    _user(state, session_token)
    _case(state, case_number)
    number = case_number.strip().upper()
    return {"ok": True, "documents": [[d, v["type"], v["title"], v["party"], v["filed"], v["sealed"]]
                                      for d, v in state.documents.items()
                                      if v["case"] == number and (document_type is None or v["type"] == document_type)]}


@_endpoint
def list_judges(track: Optional[CaseTrack] = None, state: State = None) -> dict:
    """Judges sitting at the court, with the tracks they hold tickets for (public; no sign-in).

    Returns:
        ``{"ok": true, "judges": [[judge_id, name, [tracks]]]}``.
    """
    want = CaseTrack(track).value if track is not None else None
    return {"ok": True, "judges": [[j, v["name"], list(v["tickets"])] for j, v in state.judges.items()
                                   if want is None or want in v["tickets"]]}


@_endpoint
def allocate_case(session_token: str, case_number: str, judge_id: str, state: State) -> dict:
    """Allocate a defended claim to its track and to a judge for case management.

    Returns:
        ``{"ok": true, "allocation": {"case", "track", "judge_id", "judge"}}``.
    """
    _user(state, session_token)
    c = _case(state, case_number)
    jid = judge_id.strip().upper()
    if jid not in state.judges:
        raise CourtError("judge_not_found", f"no judge {judge_id!r}")
    if c["status"] != "defended":
        raise CourtError("not_defended", f"only a defended claim is allocated; {case_number} is {c['status']}")
    if c["track"] not in state.judges[jid]["tickets"]:
        raise CourtError("no_ticket", f"{state.judges[jid]['name']} does not sit on the {c['track']} track")
    c["judge"], c["status"] = jid, "allocated"
    return {"ok": True, "allocation": {"case": case_number.strip().upper(), "track": c["track"], "judge_id": jid,
                                       "judge": state.judges[jid]["name"]}}


@_endpoint
def get_judge_diary(session_token: str, judge_id: str, date: str, state: State) -> dict:
    """A judge's sitting diary for one day.

    Returns:
        ``{"ok": true, "diary": {"judge", "date", "slots": [[slot_id, time, free]]}}``.
    """
    _user(state, session_token)
    jid = judge_id.strip().upper()
    if jid not in state.judges:
        raise CourtError("judge_not_found", f"no judge {judge_id!r}")
    day = _date(date)
    if _dt.date.fromisoformat(day).weekday() >= 5:
        raise CourtError("not_sitting", "the court does not sit at weekends")
    slots = [[f"SL-{jid[2:]}-{day.replace('-', '')}-{t.replace(':', '')}", t, (jid, day, t) not in state.booked]
             for t in _slot_times()]
    return {"ok": True, "diary": {"judge": state.judges[jid]["name"], "date": day, "slots": slots}}


@_endpoint
def list_courtrooms(state: State) -> dict:
    """Courtrooms and hearing rooms, with a hearing loop and video link marked (public; no sign-in).

    Returns:
        ``{"ok": true, "courtrooms": [[code, name, hearing_loop, video_link]]}``.
    """
    return {"ok": True, "courtrooms": [[code] + list(v) for code, v in state.courtrooms.items()]}


def _slot(state: State, slot_id: str) -> tuple:
    parts = str(slot_id).strip().upper().split("-")
    if len(parts) != 4 or parts[0] != "SL" or f"J-{parts[1]}" not in state.judges:
        raise CourtError("slot_not_found", f"no diary slot {slot_id!r}")
    try:
        day = _dt.datetime.strptime(parts[2], "%Y%m%d").date().isoformat()
    except ValueError:
        raise CourtError("slot_not_found", f"no diary slot {slot_id!r}") from None
    t = f"{parts[3][:2]}:{parts[3][2:]}"
    if t not in _slot_times():
        raise CourtError("slot_not_found", f"no diary slot {slot_id!r}")
    return f"J-{parts[1]}", day, t


@_endpoint
def list_hearing(session_token: str, case_number: str, hearing_type: HearingType, slot_id: str, courtroom: str,
                 state: State) -> dict:
    """List a hearing in a free slot of the allocated judge's diary.

    Args:
        slot_id: A free slot from the allocated judge's diary.
        courtroom: The courtroom code.

    Returns:
        ``{"ok": true, "hearing": {"id", "case", "type", "judge", "date", "time", "courtroom"}}``.
    """
    _user(state, session_token)
    c = _case(state, case_number)
    if not c["judge"]:
        raise CourtError("not_allocated", "the case has no allocated judge yet")
    jid, day, t = _slot(state, slot_id)
    if jid != c["judge"]:
        raise CourtError("wrong_judge", f"the slot is in {state.judges[jid]['name']}'s diary, not the allocated "
                                        f"judge's")
    if (jid, day, t) in state.booked:
        raise CourtError("slot_taken", "that slot is already booked")
    if day < TODAY:
        raise CourtError("slot_in_past", "that slot has passed")
    room = courtroom.strip().upper()
    if room not in state.courtrooms:
        raise CourtError("courtroom_not_found", f"no courtroom {courtroom!r}")
    hid = f"HRG-{_next(state, 'hearing')}"
    state.booked[(jid, day, t)] = hid
    state.hearings[hid] = {"case": case_number.strip().upper(), "type": HearingType(hearing_type).value, "judge": jid,
                           "date": day, "time": t, "courtroom": room, "status": "listed", "checked_in": [],
                           "interpreter": None, "outcome": None, "notes": None}
    c["status"] = "listed"
    return {"ok": True, "hearing": {"id": hid, "case": case_number.strip().upper(), "type": HearingType(hearing_type).value,
                                    "judge": state.judges[jid]["name"], "date": day, "time": t, "courtroom": room}}


@_endpoint
def search_hearings(date: str, courtroom: Optional[str] = None, state: State = None) -> dict:
    """The published cause list: hearings on a date, optionally in one courtroom (public; no sign-in).

    Returns:
        ``{"ok": true, "list": [[hearing_id, time, courtroom, case_number, case_title, type, status]]}``.
    """
    day = _date(date)
    rows = []
    for h, v in sorted(state.hearings.items(), key=lambda kv: kv[1]["time"]):
        if v["date"] == day and (courtroom is None or v["courtroom"] == courtroom.strip().upper()):
            title = state.cases[v["case"]]["title"] if v["case"] in state.cases else "(archived file)"
            rows.append([h, v["time"], v["courtroom"], v["case"], title, v["type"], v["status"]])
    return {"ok": True, "list": rows}


@_endpoint
def adjourn_hearing(session_token: str, hearing_id: str, new_slot_id: str, reason: str, state: State) -> dict:
    """Move a listed hearing to another free slot in the same judge's diary.

    Returns:
        ``{"ok": true, "hearing": {"id", "date", "time", "status"}}``.
    """
    _user(state, session_token)
    h = _hearing(state, hearing_id)
    if h["status"] != "listed":
        raise CourtError("not_listed", f"{hearing_id} is {h['status']}, not listed")
    jid, day, t = _slot(state, new_slot_id)
    if jid != h["judge"]:
        raise CourtError("wrong_judge", "an adjourned hearing stays with its judge")
    if (jid, day, t) in state.booked or day < TODAY:
        raise CourtError("slot_taken", "that slot is not free")
    if not reason.strip():
        raise CourtError("reason_required", "give the reason for the adjournment")
    del state.booked[(h["judge"], h["date"], h["time"])]
    state.booked[(jid, day, t)] = hearing_id.strip().upper()
    h["date"], h["time"], h["notes"] = day, t, f"Adjourned: {reason.strip()}"
    return {"ok": True, "hearing": {"id": hearing_id.strip().upper(), "date": day, "time": t, "status": "listed"}}


@_endpoint
def book_interpreter(session_token: str, hearing_id: str, language: str, state: State) -> str:
    """Book a court interpreter for a hearing.

    Returns:
        A sentence with the booking reference.
    """
    _user(state, session_token)
    h = _hearing(state, hearing_id)
    lang = language.strip().lower()
    if lang not in _LANGUAGES:
        raise CourtError("language_unavailable", f"no interpreter contract for {language!r}; available: "
                                                 f"{', '.join(_LANGUAGES)}")
    if h["status"] != "listed":
        raise CourtError("not_listed", f"{hearing_id} is {h['status']}")
    if h["interpreter"] == lang:
        raise CourtError("already_booked", f"a {lang} interpreter is already booked")
    h["interpreter"] = lang
    return f"Interpreter ({lang}) booked for {hearing_id.strip().upper()} on {h['date']} at {h['time']}, ref IB-{h['date'][5:7]}{h['time'][:2]}{len(lang)}."


@_endpoint
def check_in(session_token: str, hearing_id: str, party_id: str, state: State) -> dict:
    """Check a party in at the usher's desk for today's hearing.

    Returns:
        ``{"ok": true, "checked_in": [[party_id, name]]}``.
    """
    _user(state, session_token)
    h = _hearing(state, hearing_id)
    if h["date"] != TODAY:
        raise CourtError("not_today", f"{hearing_id} is on {h['date']}, not today")
    if h["status"] != "listed":
        raise CourtError("not_listed", f"{hearing_id} is {h['status']}")
    pid = party_id.strip().upper()
    if not any(p == pid for p, _ in state.cases[h["case"]]["parties"]):
        raise CourtError("not_a_party", f"{party_id} is not a party to {h['case']}")
    if pid in h["checked_in"]:
        raise CourtError("already_checked_in", f"{party_id} is already checked in")
    h["checked_in"].append(pid)
    return {"ok": True, "checked_in": [[p, state.parties[p]["name"]] for p in h["checked_in"]]}


@_endpoint
def record_outcome(session_token: str, hearing_id: str, outcome: Outcome, notes: str, state: State) -> dict:
    """Record the outcome of today's hearing once it has sat.

    Args:
        outcome: ``heard``, ``adjourned``, ``settled`` or ``struck_out``.
        notes: The clerk's note of what happened.

    Returns:
        ``{"ok": true, "hearing": {"id", "outcome", "case_status"}}``.
    """
    _user(state, session_token)
    h = _hearing(state, hearing_id)
    if h["status"] != "listed":
        raise CourtError("outcome_recorded", f"{hearing_id} already has an outcome ({h['outcome']})")
    if h["date"] != TODAY:
        raise CourtError("not_today", "outcomes are recorded on the day of the hearing")
    if not h["checked_in"] and outcome != "struck_out":
        raise CourtError("nobody_attended", "no party has been checked in; only struck_out can be recorded")
    h["status"], h["outcome"], h["notes"] = "concluded", outcome, notes.strip()
    case = state.cases[h["case"]]
    case["status"] = {"heard": "heard", "settled": "settled", "struck_out": "struck_out"}.get(outcome, case["status"])
    return {"ok": True, "hearing": {"id": hearing_id.strip().upper(), "outcome": outcome, "case_status": case["status"]}}


@_endpoint
def order_transcript(session_token: str, hearing_id: str, requested_by: str, state: State) -> dict:
    """Order a transcript of a concluded hearing from the recording.

    Args:
        requested_by: Who is ordering it and in what capacity, e.g. "Tomasz Wieczorek (claimant)".

    Returns:
        ``{"ok": true, "transcript": {"id", "hearing", "ready_by"}}``.
    """
    _user(state, session_token)
    h = _hearing(state, hearing_id)
    if h["status"] != "concluded":
        raise CourtError("not_concluded", "a transcript is ordered once the hearing has concluded")
    if len(requested_by.strip()) < 3:
        raise CourtError("requester_required", "say who is ordering the transcript")
    tid = f"TR-{_next(state, 'transcript')}"
    state.transcripts.append([tid, hearing_id.strip().upper(), requested_by.strip()])
    return {"ok": True, "transcript": {"id": tid, "hearing": hearing_id.strip().upper(), "ready_by": "2027-03-30"}}


# ----------------------------------------------------------------------------- applications, orders, judgments

@_endpoint
def make_application(session_token: str, case_number: str, application_type: str, applicant_party_id: str,
                     grounds: str, fee_receipt_number: str, state: State) -> dict:
    """File an application notice on a case (the application fee must have been paid).

    Args:
        application_type: What is asked for, e.g. ``set_aside`` or ``extension_of_time``.
        fee_receipt_number: The receipt for the application fee.

    Returns:
        ``{"ok": true, "application": {"id", "case", "type", "status"}}``.
    """
    _user(state, session_token)
    c = _case(state, case_number)
    kind = application_type.strip().lower().replace(" ", "_")
    if kind not in _APPLICATION_TYPES:
        raise CourtError("invalid_application_type", f"unknown application type {application_type!r}")
    pid = applicant_party_id.strip().upper()
    if not any(p == pid for p, _ in c["parties"]):
        raise CourtError("not_a_party", f"{applicant_party_id} is not a party")
    receipt = state.receipts.get(str(fee_receipt_number).strip().upper())
    if receipt is None or state.fees[receipt["fee"]]["event"] != "application" \
            or state.fees[receipt["fee"]]["case"] != case_number.strip().upper():
        raise CourtError("fee_unpaid", "quote the receipt for this case's application fee")
    if receipt["used"]:
        raise CourtError("receipt_used", "that receipt has already been used")
    receipt["used"] = True
    aid = f"APP-{_next(state, 'application')}"
    state.applications[aid] = {"case": case_number.strip().upper(), "type": kind, "party": pid,
                               "grounds": grounds.strip(), "status": "pending"}
    return {"ok": True, "application": {"id": aid, "case": case_number.strip().upper(), "type": kind,
                                        "status": "pending"}}


@_endpoint
def decide_application(session_token: str, application_id: str, decision: Literal["granted", "refused"],
                       reasons: str, state: State) -> dict:
    """Decide a pending application (a judicial act).

    Returns:
        ``{"ok": true, "application": {"id", "status"}}``.
    """
    _signing(state, session_token)
    app = state.applications.get(str(application_id).strip().upper())
    if app is None:
        raise CourtError("application_not_found", f"no application {application_id!r}")
    if app["status"] != "pending":
        raise CourtError("already_decided", f"{application_id} was {app['status']}")
    app["status"], app["reasons"] = decision, reasons.strip()
    return {"ok": True, "application": {"id": application_id.strip().upper(), "status": decision}}


@_endpoint
def draft_order(session_token: str, case_number: str, order_text: str, state: State) -> dict:
    """Draft an order on a case for the judge to approve.

    Returns:
        ``{"ok": true, "order": {"id", "case", "status": "draft"}}``.
    """
    _user(state, session_token)
    _case(state, case_number)
    if len(order_text.strip()) < 20:
        raise CourtError("order_too_short", "write out the terms of the order")
    oid = f"ORD-{_next(state, 'order')}"
    state.orders[oid] = {"case": case_number.strip().upper(), "text": order_text.strip(), "status": "draft"}
    return {"ok": True, "order": {"id": oid, "case": case_number.strip().upper(), "status": "draft"}}


@_endpoint
def approve_order(session_token: str, order_id: str, state: State) -> dict:
    """Approve and seal a draft order (a judicial act).

    Returns:
        ``{"ok": true, "order": {"id", "status": "sealed", "sealed_on"}}``.
    """
    _signing(state, session_token)
    order = state.orders.get(str(order_id).strip().upper())
    if order is None:
        raise CourtError("order_not_found", f"no order {order_id!r}")
    if order["status"] != "draft":
        raise CourtError("already_approved", f"{order_id} is already {order['status']}")
    order["status"] = "sealed"
    return {"ok": True, "order": {"id": order_id.strip().upper(), "status": "sealed", "sealed_on": TODAY}}


@_endpoint
def serve_order(session_token: str, order_id: str, party_ids: list[str], state: State) -> dict:
    """Send a sealed order to parties electronically.

    Returns:
        ``{"ok": true, "served": [[party_id, address]]}``.
    """
    _user(state, session_token)
    order = state.orders.get(str(order_id).strip().upper())
    if order is None:
        raise CourtError("order_not_found", f"no order {order_id!r}")
    if order["status"] == "draft":
        raise CourtError("not_sealed", "a draft order cannot be served; it needs the judge's approval")
    case = state.cases[order["case"]]
    if not case["e_service"]:
        raise CourtError("e_service_off", "electronic service is not switched on for this case")
    out = []
    for pid in party_ids:
        pid = str(pid).strip().upper()
        if not any(p == pid for p, _ in case["parties"]):
            raise CourtError("not_a_party", f"{pid} is not a party")
        rep = next((r[1] for r in case["representation"] if r[0] == pid), None)
        out.append([pid, state.attorneys[rep]["email"] if rep else state.parties[pid]["email"]])
    if not out:
        raise CourtError("no_recipients", "name the parties to serve")
    order["status"] = "served"
    return {"ok": True, "served": out}


@_endpoint
def enter_judgment(session_token: str, case_number: str, kind: JudgmentKind, amount: float, costs: float,
                   state: State) -> dict:
    """Enter judgment on a claim (a judicial act).

    Args:
        kind: ``default`` (served, no defence, 14 days passed), ``after_hearing`` (the claim heard) or ``consent``.
        amount: Judgment sum in pounds.
        costs: Fixed costs and court fees allowed.

    Returns:
        ``{"ok": true, "judgment": {"id", "case", "total", "pay_by"}}``.
    """
    _signing(state, session_token)
    c = _case(state, case_number)
    if c["judgment"]:
        raise CourtError("judgment_exists", f"judgment is already entered on {case_number}")
    if kind == "default":
        if c["status"] != "served" or (_dt.date.fromisoformat(c["served"]) + _dt.timedelta(days=14)).isoformat() > TODAY:
            raise CourtError("default_unavailable", "default judgment needs a served claim, no defence and 14 days")
    elif kind == "after_hearing":
        if c["status"] != "heard":
            raise CourtError("not_heard", "the claim has not been heard")
    elif kind == "consent":
        if c["status"] not in ("settled", "heard"):
            raise CourtError("no_consent", "no settlement is recorded on the file")
    if amount <= 0 or amount > c["amount"] or costs < 0:
        raise CourtError("invalid_amount", f"judgment is at most the £{c['amount']:,.2f} claimed")
    jid = f"JDG-{_next(state, 'judgment')}"
    debtor = next(p for p, r in c["parties"] if r == "defendant")
    creditor = next(p for p, r in c["parties"] if r == "claimant")
    state.judgments[jid] = {"case": case_number.strip().upper(), "kind": kind, "debtor": debtor, "creditor": creditor,
                            "total": round(amount + costs, 2), "paid": 0.0, "entered": TODAY, "satisfied": False,
                            "enforcement": []}
    c["judgment"], c["status"] = jid, "judgment"
    return {"ok": True, "judgment": {"id": jid, "case": case_number.strip().upper(), "total": round(amount + costs, 2),
                                     "pay_by": "2027-03-23"}}


@_endpoint
def get_judgment(session_token: str, judgment_id: str, state: State) -> dict:
    """A judgment with what has been paid and what remains.

    Returns:
        ``{"ok": true, "judgment": {"id", "case", "debtor", "total", "paid", "balance", "satisfied",
        "enforcement": [[ref, method, status]]}}``.
    """
    _user(state, session_token)
    j = state.judgments.get(str(judgment_id).strip().upper())
    if j is None:
        raise CourtError("judgment_not_found", f"no judgment {judgment_id!r}")
    return {"ok": True, "judgment": {"id": judgment_id.strip().upper(), "case": j["case"],
                                     "debtor": state.parties[j["debtor"]]["name"], "total": j["total"],
                                     "paid": j["paid"], "balance": round(j["total"] - j["paid"], 2),
                                     "satisfied": j["satisfied"], "enforcement": j["enforcement"]}}


@_endpoint
def request_enforcement(session_token: str, judgment_id: str, method: Enforcement, fee_receipt_number: str,
                        state: State) -> dict:
    """Issue enforcement of an unpaid judgment (the enforcement fee must have been paid).

    Returns:
        ``{"ok": true, "enforcement": {"ref", "judgment", "method", "balance"}}``.
    """
    _user(state, session_token)
    j = state.judgments.get(str(judgment_id).strip().upper())
    if j is None:
        raise CourtError("judgment_not_found", f"no judgment {judgment_id!r}")
    if j["satisfied"] or j["paid"] >= j["total"]:
        raise CourtError("judgment_paid", "the judgment has been paid")
    receipt = state.receipts.get(str(fee_receipt_number).strip().upper())
    if receipt is None or state.fees[receipt["fee"]]["event"] != "enforcement" \
            or state.fees[receipt["fee"]]["case"] != j["case"]:
        raise CourtError("fee_unpaid", "quote the receipt for the enforcement fee on this case")
    if receipt["used"]:
        raise CourtError("receipt_used", "that receipt has already been used")
    receipt["used"] = True
    ref = f"WC-{_next(state, 'enforcement')}" if method == "warrant_of_control" else \
        f"AE-{_next(state, 'enforcement')}" if method == "attachment_of_earnings" else f"CO-{_next(state, 'enforcement')}"
    j["enforcement"].append([ref, method, "issued"])
    return {"ok": True, "enforcement": {"ref": ref, "judgment": judgment_id.strip().upper(), "method": method,
                                        "balance": round(j["total"] - j["paid"], 2)}}


@_endpoint
def record_payment_in(session_token: str, judgment_id: str, amount: float, paid_on: str, state: State) -> dict:
    """Record a payment the judgment debtor made (into court or reported by the creditor).

    Returns:
        ``{"ok": true, "judgment": {"id", "paid", "balance"}}``.
    """
    _user(state, session_token)
    j = state.judgments.get(str(judgment_id).strip().upper())
    if j is None:
        raise CourtError("judgment_not_found", f"no judgment {judgment_id!r}")
    day = _date(paid_on)
    balance = round(j["total"] - j["paid"], 2)
    if amount <= 0 or round(amount, 2) > balance:
        raise CourtError("invalid_amount", f"a payment is between £0.01 and the £{balance:,.2f} outstanding")
    if day > TODAY:
        raise CourtError("invalid_date", "a payment cannot be dated in the future")
    j["paid"] = round(j["paid"] + amount, 2)
    return {"ok": True, "judgment": {"id": judgment_id.strip().upper(), "paid": j["paid"],
                                     "balance": round(j["total"] - j["paid"], 2)}}


@_endpoint
def issue_certificate_of_satisfaction(session_token: str, judgment_id: str, state: State) -> str:
    """Certify that a judgment has been paid in full (it is then marked satisfied on the register).

    Returns:
        A sentence with the certificate number.
    """
    _user(state, session_token)
    j = state.judgments.get(str(judgment_id).strip().upper())
    if j is None:
        raise CourtError("judgment_not_found", f"no judgment {judgment_id!r}")
    if j["satisfied"]:
        raise CourtError("already_satisfied", f"{judgment_id} is already marked satisfied")
    if j["paid"] < j["total"]:
        raise CourtError("balance_outstanding", f"£{j['total'] - j['paid']:,.2f} is still outstanding")
    j["satisfied"] = True
    state.cases[j["case"]]["status"] = "satisfied"
    return f"Certificate of satisfaction CS-{judgment_id.strip().upper()[4:]} issued: {j['case']} judgment paid in full."


# ----------------------------------------------------------------------------- mediation, closure, work queue

@_endpoint
def refer_to_mediation(session_token: str, case_number: str, state: State) -> dict:
    """Refer a defended small claim to the small claims mediation service.

    Returns:
        ``{"ok": true, "referral": {"id", "case", "appointment_window"}}``.
    """
    _user(state, session_token)
    c = _case(state, case_number)
    if c["track"] != "small_claims":
        raise CourtError("not_small_claims", "only small claims are referred to mediation")
    if c["status"] not in ("defended", "allocated"):
        raise CourtError("not_defended", f"a case is referred once defended; {case_number} is {c['status']}")
    if any(r["case"] == case_number.strip().upper() for r in state.referrals.values()):
        raise CourtError("already_referred", f"{case_number} has already been referred")
    rid = f"MED-{_next(state, 'referral')}"
    state.referrals[rid] = {"case": case_number.strip().upper(), "result": None}
    return {"ok": True, "referral": {"id": rid, "case": case_number.strip().upper(),
                                     "appointment_window": ["2027-03-22", "2027-04-09"]}}


@_endpoint
def record_mediation_result(session_token: str, referral_id: str, result: str, terms: Optional[str] = None,
                            state: State = None) -> dict:
    """Record what came of a mediation appointment.

    Args:
        result: What the mediator reported.
        terms: The agreed terms, when it settled.

    Returns:
        ``{"ok": true, "referral": {"id", "result", "case_status"}}``.
    """
    _user(state, session_token)
    ref = state.referrals.get(str(referral_id).strip().upper())
    if ref is None:
        raise CourtError("referral_not_found", f"no mediation referral {referral_id!r}")
    value = result.strip().lower().replace(" ", "_")
    if value not in _REMEDIES["mediation"]:
        raise CourtError("invalid_result", f"result must be one of {', '.join(_REMEDIES['mediation'])}")
    if ref["result"] is not None:
        raise CourtError("already_recorded", f"the result of {referral_id} is already recorded")
    if value == "settled" and not (terms or "").strip():
        raise CourtError("terms_required", "give the agreed terms")
    ref["result"] = value
    case = state.cases[ref["case"]]
    if value == "settled":
        case["status"] = "settled"
    return {"ok": True, "referral": {"id": referral_id.strip().upper(), "result": value, "case_status": case["status"]}}


@_endpoint
def close_case(session_token: str, case_number: str, reason: str, state: State) -> dict:
    """Close a case file that has been settled or whose judgment has been satisfied.

    Returns:
        ``{"ok": true, "case": {"number", "status": "closed"}}``.
    """
    _user(state, session_token)
    c = _case(state, case_number)
    if c["status"] == "closed":
        raise CourtError("already_closed", f"{case_number} is already closed")
    if c["status"] not in ("settled", "satisfied", "struck_out"):
        raise CourtError("case_live", f"{case_number} is {c['status']}; close it once settled or satisfied")
    c["status"], c["closed_reason"] = "closed", reason.strip()
    return {"ok": True, "case": {"number": case_number.strip().upper(), "status": "closed"}}


TOOLS = [
    login, unlock_signing,
    search_parties, register_party, find_attorney, enter_appearance,
    issue_claim, search_cases, get_case, assess_fee, pay_fee, serve_claim, set_e_service, send_case_message,
    file_document, list_documents,
    list_judges, allocate_case, get_judge_diary, list_courtrooms, list_hearing, search_hearings, adjourn_hearing,
    book_interpreter, check_in, record_outcome, order_transcript,
    make_application, decide_application, draft_order, approve_order, serve_order,
    enter_judgment, get_judgment, request_enforcement, record_payment_in, issue_certificate_of_satisfaction,
    refer_to_mediation, record_mediation_result, close_case,
]

FIXTURES = {
    "court": {"name": "Harwick County Court", "office": "civil and small claims", "today": "Tuesday 9 March 2027"},
    "clerk": {"name": "Dev Patel", "username": "dpatel", "password": "Quill&Ledger-22"},
    "listing_officer": {"name": "Lena Morrow", "username": "lmorrow", "password": "Assize-Lane-90"},
    "judge": {"name": "District Judge Ama Okafor", "username": "dj.okafor", "password": "Bench-Mark-7781",
              "signing_pin": "4417"},
    "claimant": {"name": "Marlow Plant Hire Ltd", "as_they_write": "Marlow Plant Hire Ltd, Unit 4 Fenwick Trading "
                                                                  "Estate, Harwick HW3 8QT"},
    "new_defendant": {"name": "Ffion Jarvis", "trading_as": "Jarvis Garden Design (sole trader)",
                      "address": "3 Tanners Row, Harwick", "postcode": "HW2 7JE",
                      "email": "ffion@jarvisgardens.example",
                      "dispute": "unpaid hire of a mini digger and dumper, March to May 2026, GBP 3,850"},
    "cases_as_people_name_them": ["the Achterberg roofing claim", "Marlow Plant Hire against Gareth Pryce",
                                  "Tomasz Wieczorek's claim against Harwick Motors (today, Court 3)",
                                  "Marlow against Danvers Groundworks (judgment unpaid)",
                                  "Priya Raman's kitchen claim", "Harwick Motors against Carys Bevan"],
    "solicitor": {"name": "Kwame Asante", "firm": "Asante Law", "acts_for": "Brightwell Roofing Ltd"},
}

_SESSION = ["unlock_signing", "search_parties", "register_party", "find_attorney", "enter_appearance", "issue_claim",
            "search_cases", "get_case", "assess_fee", "pay_fee", "serve_claim", "set_e_service", "send_case_message",
            "file_document", "list_documents", "allocate_case", "get_judge_diary", "list_hearing", "adjourn_hearing",
            "book_interpreter", "check_in", "record_outcome", "order_transcript", "make_application",
            "decide_application", "draft_order", "approve_order", "serve_order", "enter_judgment", "get_judgment",
            "request_enforcement", "record_payment_in", "issue_certificate_of_satisfaction", "refer_to_mediation",
            "record_mediation_result", "close_case"]
_SIGNED = ["decide_application", "approve_order", "enter_judgment"]
_CASE = ["get_case", "assess_fee", "serve_claim", "set_e_service", "file_document", "list_documents",
         "refer_to_mediation", "draft_order", "enter_judgment", "send_case_message", "enter_appearance"]
_PARTY = ["enter_appearance", "check_in", "send_case_message", "serve_order"]
_HEARING = ["check_in", "book_interpreter", "adjourn_hearing", "record_outcome", "order_transcript"]
_JUDGMENT = ["get_judgment", "record_payment_in", "request_enforcement"]

GROUND_TRUTH = (
    [("login", c, "auth: session token (session.token)") for c in _SESSION]
    + [("unlock_signing", c, "auth: the judge's signing key unlocked on the session") for c in _SIGNED]
    + [("issue_claim|search_cases", c, "id lookup/create: case number (CV-nn-nnnnn in the sentence, or "
        "matches[] row cell)") for c in _CASE]
    + [("search_parties|get_case", c, "id lookup: party id (parties[].party.id, or case.parties row cell)")
       for c in _PARTY]
    + [("list_hearing|search_hearings", c, "id lookup/create: hearing id (hearing.id, or a cause list row cell)")
       for c in _HEARING]
    + [("enter_judgment|get_case", c, "id lookup/create: judgment id (judgment.id, or case.judgment.id)")
       for c in _JUDGMENT]
    + [
        ("search_parties|register_party", "issue_claim", "id lookup/create: party ids of claimant and defendant "
                                                         "(parties[].party.id, or PTY-nnnn in the sentence)"),
        ("find_attorney", "enter_appearance", "id lookup: representative id (representatives row cell)"),
        ("search_cases", "make_application", "id lookup: case number and applicant party id (matches[] row)"),
        ("list_judges", "allocate_case", "id lookup: judge id (judges row cell)"),
        ("list_judges|get_case", "get_judge_diary", "id lookup: judge id (judges row cell, or case.judge.id)"),
        ("get_judge_diary", "list_hearing", "id lookup: free diary slot id (diary.slots row cell)"),
        ("get_judge_diary", "adjourn_hearing", "id lookup: free diary slot id (diary.slots row cell)"),
        ("list_courtrooms", "list_hearing", "vocabulary: courtroom code (courtrooms row cell)"),
        ("assess_fee", "pay_fee", "value: fee id and its amount, together (fee.id, fee.amount)"),
        ("pay_fee", "make_application", "id create: application fee receipt number (receipt.number)"),
        ("pay_fee", "request_enforcement", "id create: enforcement fee receipt number (receipt.number)"),
        ("make_application", "decide_application", "id create: application id (application.id)"),
        ("draft_order", "approve_order", "id create: order id (order.id)"),
        ("draft_order", "serve_order", "id create: order id (order.id)"),
        ("refer_to_mediation", "record_mediation_result", "id create: mediation referral id (referral.id)"),
        ("pay_fee", "serve_claim", "state: a claim is served once its issue fee is paid"),
        ("serve_claim", "file_document", "state: a defence is filed on a served claim"),
        ("file_document", "allocate_case", "state: only a defended claim is allocated"),
        ("file_document", "refer_to_mediation", "state: only a defended small claim is referred to mediation"),
        ("allocate_case", "list_hearing", "state: hearings are listed before the allocated judge"),
        ("check_in", "record_outcome", "state: an outcome other than struck out needs a party checked in"),
        ("record_outcome", "order_transcript", "state: transcripts are of concluded hearings"),
        ("record_outcome", "enter_judgment", "state: judgment after a hearing needs the claim heard"),
        ("approve_order", "serve_order", "state: only a sealed (approved) order is served"),
        ("record_payment_in", "issue_certificate_of_satisfaction", "state: the judgment paid in full"),
        ("issue_certificate_of_satisfaction|record_mediation_result", "close_case",
         "state: a case closes once satisfied or settled"),
        ("set_e_service", "send_case_message", "setting: electronic service switched on for the case"),
        ("set_e_service", "serve_order", "setting: electronic service switched on for the case"),
    ]
)

PLAUSIBLE = {
    ("assess_fee", "serve_claim"), ("assess_fee", "make_application"), ("assess_fee", "request_enforcement"),
    ("get_judgment", "record_payment_in"), ("get_judgment", "issue_certificate_of_satisfaction"),
    ("search_cases", "check_in"), ("search_cases", "serve_order"),
    ("issue_claim", "make_application"), ("get_case", "make_application"), ("search_parties", "make_application"),
    ("search_cases", "get_judgment"), ("search_cases", "record_payment_in"), ("search_cases", "request_enforcement"),
    ("search_hearings", "enter_judgment"), ("search_cases", "allocate_case"), ("search_cases", "list_hearing"),
    ("search_parties", "file_document"), ("get_case", "file_document"),
    ("search_cases", "close_case"), ("search_cases", "pay_fee"), ("issue_claim", "pay_fee"),
    ("get_case", "adjourn_hearing"), ("get_case", "book_interpreter"), ("get_case", "record_outcome"),
    ("login", "list_judges"), ("login", "list_courtrooms"),
    ("login", "search_hearings"), ("list_hearing", "enter_judgment"), ("get_case", "list_hearing"),
}
