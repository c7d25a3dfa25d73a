"""Washout: the trial management system of the ARBOUR-HF trial at the Hallowfield Clinical Trials Unit, a university
hospital's clinical trials unit running a multi-site, double-blind trial of corvastrin against placebo in heart
failure (39 calls).

Coroutines without a decorator, each checking its own session and role through ``_session(state, token, roles)``,
over an in-memory ``State`` of the trial on Wednesday 18 November 2054 at 08:30. The trial manager files each site's
essential documents, puts its principal investigator and staff on the delegation log, activates the site, opens or
pauses its recruitment and orders blinded treatment kits from the depot, which the trial pharmacist receipts into
the site pharmacy. Research nurses screen patients at a site open to recruitment, record their consent on the
current form (taken by someone delegated consent at the site), book and record visits, report adverse events, answer
data queries, submit participants' travel expense claims and put their bank details on file, and end a participant's
time in the trial. Investigators assess eligibility, randomise (as nurses may), assess the causality of adverse
events and report serious ones to the sponsor, and sign casebooks. The data manager raises and closes data queries;
finance pays expense claims, raises the unit's payments to sites for completed visits and records them; the trial
manager closes a site whose participants have all finished, their casebooks signed and its payments made. The visit
schedule, the adverse event dictionary and the eligibility criteria are public.

Refusals are raised as Python's built-in exceptions: ``PermissionError`` when there is no session or the role may not
make the call, ``LookupError`` for an unknown id or code, ``ValueError`` for a bad input or a rule of the trial's, and
``RuntimeError`` for a record in the wrong state or a change made already.

Annotations are postponed (``from __future__ import annotations``) and spelled with PEP 604 unions and builtin
generics (``str | None``, ``bool | None``, ``list[str]``, ``list[list[Any]]``, ``dict[str, Any]``), with ``Literal``
aliases and an ``Enum``, which the runtime resolves in the module. Docstrings are plain prose (what the call does, its
inputs in a sentence, what it returns). Replies are plain dicts and lists of them (a session, sites, a site's file
with its documents, delegation log and shipments as rows, a filed document, a delegation, a shipment, participants,
visits, adverse events, an SAE report, queries, an expense claim, bank details, a paid claim, a site invoice); the
visit schedule, the adverse event dictionary, the eligibility criteria and the consent form versions as bare rows; a
bare value (what is left to pay a site); sentences with an id in them (a kit dispensed, a casebook signed, a site
closed, a sign-out). Typed inputs: a plain ``Enum`` input (``SiteDocument``), ``Literal`` inputs (a sex, a staff
role, a causality, an ending) and ``Literal`` filters (sites, participants, queries), ``list[str]`` duties and
criteria, ``bool`` settings and answers and a filter, ``int`` kits and vital signs, ``float`` weights and amounts,
``str | None`` filters. Ids look alike: site ``SITE-04``, document ``DOC-3141``, shipment ``SHP-0652``, kit
``K-40212``, participant ``ARB-01-0038``, randomisation ``R-0117``, visit ``VIS-8803``, adverse event ``AE-0571``,
query ``Q-1406``, expense claim ``EXP-0716``, invoice ``INV-2230``; visit codes ``W24``; term codes ``TRM-152``;
criteria ``I3``; consent forms ``ICF v4.0``. The duties a delegation log may give, who may be given the medical
duties and dispensing, the documents a site needs before activation, a visit's window, the vital signs' ranges, the
largest expense claim and the bank details' forms are stated only in refusals.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as provider means either
tool satisfies it, and the text of ``what`` before its first ``:`` is the kind.
"""

from __future__ import annotations

import datetime
import re
from enum import Enum
from typing import Any, Literal

TODAY = "2054-11-18"  # a Wednesday
NOW = "2054-11-18 08:30"
MANAGER = "trial_manager"
NURSE = "research_nurse"
PHARMACIST = "pharmacist"
DATA = "data_manager"
INVESTIGATOR = "investigator"
FINANCE = "finance"
SiteStatus = Literal["setup", "active", "closed"]
ParticipantStatus = Literal["screening", "screen_failed", "eligible", "randomised", "completed", "withdrawn",
                            "lost_to_follow_up"]
Sex = Literal["female", "male"]
StaffRole = Literal["principal_investigator", "sub_investigator", "research_nurse", "pharmacist"]
Relatedness = Literal["not_related", "unlikely", "possible", "probable", "definite"]
Ending = Literal["completed", "withdrawn", "lost_to_follow_up"]
QueryStatus = Literal["open", "answered", "closed"]
DUTIES = ("consent", "eligibility", "randomisation", "dispensing", "visits", "ae_assessment", "crf_entry")
REQUIRED_DOCUMENTS = ("ethics_approval", "capacity_capability", "site_agreement")
VISIT_FEE = 420.0
MAX_CLAIM = 150.0


class SiteDocument(Enum):
    ETHICS_APPROVAL = "ethics_approval"
    CAPACITY_CAPABILITY = "capacity_capability"
    SITE_AGREEMENT = "site_agreement"
    PI_CV = "pi_cv"
    PHARMACY_PLAN = "pharmacy_plan"


VISITS = [  # code, visit, day after randomisation, window in days either side
    ["BL", "Baseline and first dose", 0, 0],
    ["W02", "Week 2 safety visit", 14, 3],
    ["W06", "Week 6 visit", 42, 7],
    ["W12", "Week 12 visit", 84, 7],
    ["W24", "Week 24 visit", 168, 14],
    ["EOS", "End of study visit", 196, 14],
    ["UNS", "Unscheduled visit", None, None],
]
VISIT = {row[0]: row for row in VISITS}
AE_TERMS = [  # term code, term, system organ class
    ["TRM-104", "Headache", "Nervous system disorders"],
    ["TRM-117", "Dizziness", "Nervous system disorders"],
    ["TRM-152", "Hypotension", "Vascular disorders"],
    ["TRM-208", "Peripheral oedema", "General disorders"],
    ["TRM-233", "Acute kidney injury", "Renal and urinary disorders"],
    ["TRM-261", "Hyperkalaemia", "Metabolism and nutrition disorders"],
    ["TRM-305", "Cardiac failure, worsening", "Cardiac disorders"],
    ["TRM-342", "Fall", "Injury and procedural complications"],
]
AE_TERM = {row[0]: row for row in AE_TERMS}
CRITERIA = [  # code, inclusion or exclusion, criterion
    ["I1", "inclusion", "Aged 50 or over"],
    ["I2", "inclusion", "Heart failure with left ventricular ejection fraction of 50% or more"],
    ["I3", "inclusion", "NT-proBNP of 300 pg/ml or more within 30 days"],
    ["I4", "inclusion", "NYHA class II to IV"],
    ["E1", "exclusion", "eGFR below 25 ml/min/1.73m2"],
    ["E2", "exclusion", "Systolic blood pressure below 100 mmHg"],
    ["E3", "exclusion", "Serum potassium above 5.0 mmol/l"],
    ["E4", "exclusion", "Another investigational medicine within 30 days"],
    ["E5", "exclusion", "Pregnant, breastfeeding or of childbearing potential without contraception"],
]
INCLUSIONS = {row[0] for row in CRITERIA if row[1] == "inclusion"}
EXCLUSIONS = {row[0] for row in CRITERIA if row[1] == "exclusion"}
CONSENT_FORMS = [  # version, approved, status
    ["ICF v2.0", "2052-09-14", "superseded"],
    ["ICF v3.1", "2053-06-02", "superseded"],
    ["ICF v4.0", "2054-08-19", "current"],
]


def _site(name: str, status: str, recruitment: str, pi: str | None, documents: list[str]) -> dict[str, Any]:
    return {"name": name, "status": status, "recruitment": recruitment, "pi": pi, "documents": documents,
            "activated": None}


def _person(site: str, initials: str, born: str, sex: str, status: str, **more: Any) -> dict[str, Any]:
    row = {"site": site, "initials": initials, "born": born, "sex": sex, "status": status, "screened": "2054-10-01",
           "consent": None, "eligibility": None, "randomised": None, "rand_no": None, "kit": None,
           "home_visits": False, "payee": None, "ended": None, "signed": None}
    row.update(more)
    return row


class State:
    """The ARBOUR-HF trial's management system at the Hallowfield Clinical Trials Unit on Wednesday 18 November 2054 at
    08:30."""

    def __init__(self) -> None:
        self.staff = {
            "berenike.k": {"name": "Berenike Kettleborough", "password": "Protocol-Amber-44", "role": MANAGER,
                          "site": None},
            "nephele.b": {"name": "Nephele Bramhall", "password": "Cannula-Swan-19", "role": NURSE,
                            "site": "SITE-01"},
            "jehane.s": {"name": "Jehane Spurway", "password": "Cuff-Lantern-62", "role": NURSE,
                          "site": "SITE-07"},
            "pernell.h": {"name": "Pernell Hollingdrake", "password": "Blister-Pack-37", "role": PHARMACIST,
                          "site": None},
            "quintilla.d": {"name": "Quintilla Dunwoody", "password": "Audit-Trail-58", "role": DATA, "site": None},
            "rajan.m": {"name": "Dr Rajan Mehrotra", "password": "Stetho-Lark-23", "role": INVESTIGATOR,
                        "site": None},
            "saffira.l": {"name": "Saffira Lumbard", "password": "Invoice-Heron-81", "role": FINANCE, "site": None},
        }
        self.sessions: dict[str, dict[str, Any]] = {}
        self.sites: dict[str, dict[str, Any]] = {
            "SITE-01": _site("Hallowfield Royal Infirmary", "active", "open", "Dr Rajan Mehrotra",
                             ["DOC-3101", "DOC-3102", "DOC-3103"]),
            "SITE-04": _site("Tarnbridge General Hospital", "setup", "not_open", None, ["DOC-3140", "DOC-3141"]),
            "SITE-07": _site("Pellworth Community Hospital", "active", "paused", "Dr Ysolt Vivash",
                             ["DOC-3170", "DOC-3171", "DOC-3172"]),
            "SITE-09": _site("Saint Eanswythe's Hospital, Marchby", "active", "open", "Dr Mabyn Chubbuck",
                             ["DOC-3190", "DOC-3191", "DOC-3192"]),
        }
        self.sites["SITE-01"]["activated"] = "2053-01-16"
        self.sites["SITE-07"]["activated"] = "2053-05-30"
        self.sites["SITE-09"]["activated"] = "2054-09-02"
        self.documents: dict[str, list[Any]] = {  # id: [site, kind, reference, dated]
            "DOC-3101": ["SITE-01", "ethics_approval", "REC 52/NW/0417", "2052-11-03"],
            "DOC-3102": ["SITE-01", "capacity_capability", "HRI R&D 2052-188", "2052-12-20"],
            "DOC-3103": ["SITE-01", "site_agreement", "mCTA HRI-ARB-01", "2053-01-09"],
            "DOC-3140": ["SITE-04", "ethics_approval", "REC 52/NW/0417", "2054-09-30"],
            "DOC-3141": ["SITE-04", "site_agreement", "mCTA TGH-ARB-04", "2054-10-21"],
            "DOC-3170": ["SITE-07", "ethics_approval", "REC 52/NW/0417", "2053-03-11"],
            "DOC-3171": ["SITE-07", "capacity_capability", "PCH R&D 0093", "2053-05-02"],
            "DOC-3172": ["SITE-07", "site_agreement", "mCTA PCH-ARB-07", "2053-05-19"],
            "DOC-3190": ["SITE-09", "ethics_approval", "REC 52/NW/0417", "2054-06-12"],
            "DOC-3191": ["SITE-09", "capacity_capability", "SWH R&D 54/031", "2054-08-08"],
            "DOC-3192": ["SITE-09", "site_agreement", "mCTA SWH-ARB-09", "2054-08-22"],
        }
        self.delegation: list[list[Any]] = [  # site, person, role, duties, added
            ["SITE-01", "Dr Rajan Mehrotra", "principal_investigator", ["consent", "eligibility", "ae_assessment"],
             "2053-01-10"],
            ["SITE-01", "Nephele Bramhall", "research_nurse", ["consent", "randomisation", "visits", "crf_entry"],
             "2053-01-10"],
            ["SITE-01", "Pernell Hollingdrake", "pharmacist", ["dispensing"], "2053-01-10"],
            ["SITE-07", "Dr Ysolt Vivash", "principal_investigator", ["consent", "eligibility", "ae_assessment"],
             "2053-05-20"],
            ["SITE-07", "Jehane Spurway", "research_nurse", ["randomisation", "visits", "crf_entry"], "2053-05-20"],
            ["SITE-09", "Dr Mabyn Chubbuck", "principal_investigator", ["consent", "eligibility", "ae_assessment"],
             "2054-08-25"],
        ]
        self.kits: dict[str, dict[str, Any]] = {  # kit: site, status (available, allocated, dispensed), who
            **{f"K-4{n:04d}": {"site": "SITE-01", "status": "available", "participant": None, "shipment": "SHP-0611"}
               for n in (212, 215, 219, 224)},
            **{f"K-4{n:04d}": {"site": "SITE-07", "status": "available", "participant": None, "shipment": "SHP-0640"}
               for n in (301, 306)},
            **{f"K-4{n:04d}": {"site": "SITE-09", "status": "in_transit", "participant": None, "shipment": "SHP-0652"}
               for n in (410, 413, 417)},
            "K-40208": {"site": "SITE-01", "status": "dispensed", "participant": "ARB-01-0031", "shipment": "SHP-0611"},
            "K-40296": {"site": "SITE-07", "status": "dispensed", "participant": "ARB-07-0012", "shipment": "SHP-0640"},
        }
        self.shipments: dict[str, dict[str, Any]] = {
            "SHP-0611": {"site": "SITE-01", "kits": ["K-40208", "K-40212", "K-40215", "K-40219", "K-40224"],
                         "sent": "2054-09-15", "status": "received"},
            "SHP-0640": {"site": "SITE-07", "kits": ["K-40296", "K-40301", "K-40306"], "sent": "2054-06-03",
                         "status": "received"},
            "SHP-0652": {"site": "SITE-09", "kits": ["K-40410", "K-40413", "K-40417"], "sent": "2054-11-16",
                         "status": "in_transit"},
        }
        self.participants: dict[str, dict[str, Any]] = {
            "ARB-01-0031": _person("SITE-01", "H-B", "1981-04-22", "male", "randomised", screened="2054-05-06",
                                   consent="ICF v3.1", eligibility=True, randomised="2054-05-13", rand_no="R-0117",
                                   kit="K-40208", payee=["30-94-57", "61034418", "H BRANSCOMBE"]),
            "ARB-01-0038": _person("SITE-01", "M-O", "1976-12-02", "female", "screening", screened="2054-11-16",
                                   consent="ICF v4.0"),
            "ARB-07-0012": _person("SITE-07", "E-T", "1985-08-09", "female", "randomised", screened="2054-04-14",
                                   consent="ICF v3.1", eligibility=True, randomised="2054-04-22", rand_no="R-0104",
                                   kit="K-40296"),
            "ARB-09-0002": _person("SITE-09", "W-A", "1988-01-30", "male", "eligible", screened="2054-11-09",
                                   consent="ICF v4.0", eligibility=True),
            "ARB-09-0003": _person("SITE-09", "D-F", "1980-06-14", "female", "screening", screened="2054-11-17"),
        }
        self.visits: dict[str, dict[str, Any]] = {
            "VIS-8801": {"participant": "ARB-01-0031", "code": "W24", "date": "2054-10-28", "home": False,
                         "status": "done", "vitals": [128, 76, 81.4], "invoice": "INV-2230"},
            "VIS-8803": {"participant": "ARB-07-0012", "code": "W24", "date": "2054-10-09", "home": False,
                         "status": "done", "vitals": [134, 82, 69.0], "invoice": None},
        }
        self.participants["ARB-07-0012"]["home_visits"] = True
        self.adverse_events: dict[str, dict[str, Any]] = {
            "AE-0560": {"participant": "ARB-01-0031", "term": "TRM-117", "onset": "2054-06-02", "serious": False,
                        "description": "Light-headed on standing, settled in a week", "relatedness": "possible",
                        "expected": True, "reported": None},
            "AE-0571": {"participant": "ARB-07-0012", "term": "TRM-233", "onset": "2054-11-15", "serious": True,
                        "description": "Admitted with creatinine 212; study drug held", "relatedness": None,
                        "expected": None, "reported": None},
        }
        self.queries: dict[str, dict[str, Any]] = {
            "Q-1406": {"participant": "ARB-01-0031", "field": "W24 weight", "question": "81.4 kg is 6 kg up on W12; "
                       "please confirm", "answer": None, "status": "open"},
            "Q-1398": {"participant": "ARB-07-0012", "field": "W24 blood pressure", "question": "Diastolic 82 "
                       "recorded as 28 on the CRF; please check", "answer": "Transcription error; 82 is right",
                       "status": "answered"},
        }
        self.claims: dict[str, dict[str, Any]] = {
            "EXP-0716": {"participant": "ARB-01-0031", "amount": 38.6, "description": "Taxi to the W24 visit",
                         "status": "paid"},
        }
        self.invoices: dict[str, dict[str, Any]] = {
            "INV-2230": {"site": "SITE-01", "visits": ["VIS-8801"], "amount": VISIT_FEE, "paid": VISIT_FEE,
                         "raised": "2054-11-02"},
        }
        self.counters = {"document": 3193, "shipment": 653, "kit": 40418, "participant": {"SITE-01": 39,
                         "SITE-04": 1, "SITE-07": 13, "SITE-09": 4}, "randomisation": 118, "visit": 8804,
                         "ae": 572, "query": 1407, "claim": 721, "invoice": 2231}


# --------------------------------------------------------------------------- refusals and the session check
# Refusals are Python's built-in exceptions: PermissionError (no session, or the wrong role), LookupError (an unknown
# id or code), ValueError (a bad input, or a rule of the trial's) and RuntimeError (a record in the wrong state, or a
# change made already).
_RAISES = {"auth": PermissionError, "role": PermissionError, "missing": LookupError, "invalid": ValueError,
           "rule": ValueError, "state": RuntimeError}


def _fail(kind: str, message: str) -> Exception:
    return _RAISES[kind](message)


def _session(state: Any, token: Any, roles: tuple[str, ...] = ()) -> dict[str, Any]:
    session = state.sessions.get(token) if isinstance(token, str) and state is not None else None
    if session is None:
        raise _fail("auth", "not signed in, or the session has ended; sign in first")
    if roles and session["role"] not in roles:
        raise _fail("role", f"{session['name']} ({session['role']}) may not do this")
    return session


def _next(state: State, kind: str) -> int:
    n = state.counters[kind]
    state.counters[kind] = n + 1
    return n


def _blank(value: Any) -> bool:
    return not isinstance(value, str) or not value.strip()


def _get(table: dict[str, Any], key: Any, what: str) -> Any:
    row = table.get(key) if isinstance(key, str) else None
    if row is None:
        raise _fail("missing", f"no {what} {key!r}")
    return row


def _date(value: Any, name: str) -> str:
    try:
        return datetime.date.fromisoformat(value).isoformat()
    except (TypeError, ValueError):
        raise _fail("invalid", f"{name} is a date written YYYY-MM-DD, not {value!r}") from None


def _number(value: Any) -> bool:
    return not isinstance(value, bool) and isinstance(value, (int, float))


def _codes(value: Any, name: str) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(v, str) and v.strip() for v in value):
        raise _fail("invalid", f"{name} is a list of codes")
    return [v.strip() for v in value]


def _enum(kind: type, value: Any, name: str) -> Any:
    try:
        return value if isinstance(value, kind) else kind(value)
    except ValueError:
        raise _fail("invalid", f"{name} is one of {', '.join(m.value for m in kind)}, not {value!r}") from None


def _choice(value: Any, allowed: tuple[str, ...], name: str) -> str:
    if value not in allowed:
        raise _fail("invalid", f"{name} is one of {', '.join(allowed)}, not {value!r}")
    return value


def _days(a: str, b: str) -> int:
    return (datetime.date.fromisoformat(b) - datetime.date.fromisoformat(a)).days


def _site_reply(state: State, sid: str) -> dict[str, Any]:
    s = state.sites[sid]
    return {"site_id": sid, "name": s["name"], "principal_investigator": s["pi"], "site_status": s["status"],
            "recruitment": s["recruitment"],
            "kits_available": sum(1 for k in state.kits.values() if k["site"] == sid and k["status"] == "available"),
            "participants": sum(1 for p in state.participants.values() if p["site"] == sid)}


def _participant(state: State, pid: str) -> dict[str, Any]:
    p = state.participants[pid]
    return {"participant_id": pid, "site_id": p["site"], "initials": p["initials"], "date_of_birth": p["born"],
            "sex": p["sex"], "participant_status": p["status"], "consent": p["consent"], "eligible": p["eligibility"],
            "randomised_on": p["randomised"], "randomisation_number": p["rand_no"], "kit_number": p["kit"],
            "home_visits": p["home_visits"], "casebook_signed": p["signed"] is not None}


def _visit(state: State, vid: str) -> dict[str, Any]:
    v = state.visits[vid]
    return {"visit_id": vid, "participant_id": v["participant"], "visit_code": v["code"], "date": v["date"],
            "home": v["home"], "visit_status": v["status"], "vitals": list(v["vitals"]) if v["vitals"] else None}


def _ae(state: State, aid: str) -> dict[str, Any]:
    a = state.adverse_events[aid]
    return {"ae_id": aid, "participant_id": a["participant"], "term_code": a["term"], "term": AE_TERM[a["term"]][1],
            "onset": a["onset"], "serious": a["serious"], "description": a["description"],
            "relatedness": a["relatedness"], "expected": a["expected"], "reported_on": a["reported"]}


def _query(state: State, qid: str) -> dict[str, Any]:
    q = state.queries[qid]
    return {"query_id": qid, "participant_id": q["participant"], "field": q["field"], "question": q["question"],
            "answer": q["answer"], "query_status": q["status"]}


def _delegated(state: State, site: str, person: str, duty: str) -> bool:
    return any(r[0] == site and r[1].lower() == person.lower() and duty in r[3] for r in state.delegation)


# --------------------------------------------------------------------------- sessions and public lists


async def sign_in(state: State, username: str, password: str) -> dict[str, Any]:
    """Signs in to the trial management system. username is the team member's user name, such as berenike.k; password is
    their password. Returns the session: its token (every call but sign_in, visit_schedule, ae_dictionary and
    eligibility_criteria needs it), the name and the role."""
    user = state.staff.get(username) if isinstance(username, str) else None
    if user is None or user["password"] != password:
        raise _fail("auth", "unknown user name or wrong password")
    token = f"arb-{username}-{len(state.sessions) + 1}"
    state.sessions[token] = {"username": username, **user}
    return {"token": token, "name": user["name"], "role": user["role"], "signed_in": NOW}


async def sign_out(state: State, token: str) -> str:
    """Ends a session. The token is the session token. Returns a sentence saying who signed out."""
    _session(state, token)
    who = state.sessions.pop(token)["name"]
    return f"{who} signed out at {NOW[11:]}."


async def visit_schedule() -> list[list[Any]]:
    """The protocol's schedule of visits (public). Returns one row per visit: [visit code, visit, day after
    randomisation, window in days either side]; the unscheduled visit has no day."""
    return [list(row) for row in VISITS]


async def ae_dictionary() -> list[list[str]]:
    """The adverse event terms the trial codes events with (public). Returns one row per term: [term code, term, system
    organ class]."""
    return [list(row) for row in AE_TERMS]


async def eligibility_criteria() -> list[list[str]]:
    """The protocol's inclusion and exclusion criteria, as the trial registry publishes them (public). Returns one row
    per criterion: [code, inclusion or exclusion, criterion]."""
    return [list(row) for row in CRITERIA]


async def consent_forms(state: State, token: str) -> list[list[str]]:
    """The versions of the participant information sheet and consent form the ethics committee has approved. The token
    is the session token (a research nurse, an investigator or the trial manager). Returns one row per version:
    [version, approved, current or superseded]."""
    _session(state, token, (NURSE, INVESTIGATOR, MANAGER))
    return [list(row) for row in CONSENT_FORMS]


# --------------------------------------------------------------------------- sites


async def sites(state: State, token: str, status: SiteStatus | None = None) -> list[dict[str, Any]]:
    """Lists the trial's sites. The token is the session token; status is only sites in this status: setup, active or
    closed. Returns the sites: site_id, name, principal_investigator, site_status, recruitment (not_open, open, paused
    or closed), kits_available, participants."""
    _session(state, token)
    if status is not None:
        _choice(status, ("setup", "active", "closed"), "status")
    return [_site_reply(state, sid) for sid, s in sorted(state.sites.items())
            if status is None or s["status"] == status]


async def site_file(state: State, token: str, site_id: str) -> dict[str, Any]:
    """A site's file. The token is the session token; site_id is the site, such as SITE-04. Returns the site, with
    documents as rows [document_id, kind, reference, dated], the delegation log as rows [person, role, duties, added]
    and shipments as rows [shipment_id, kits, sent, status]."""
    _session(state, token)
    _get(state.sites, site_id, "site")
    reply = _site_reply(state, site_id)
    reply["documents"] = [[did] + list(d[1:]) for did, d in sorted(state.documents.items()) if d[0] == site_id]
    reply["delegation_log"] = [[r[1], r[2], list(r[3]), r[4]] for r in state.delegation if r[0] == site_id]
    reply["shipments"] = [[shid, len(s["kits"]), s["sent"], s["status"]] for shid, s in sorted(state.shipments.items())
                          if s["site"] == site_id]
    return reply


async def file_site_document(state: State, token: str, site_id: str, kind: SiteDocument, reference: str,
                             dated: str) -> dict[str, Any]:
    """Files an essential document in a site's file. The token is the session token (the trial manager); site_id is the
    site; kind is ethics_approval, capacity_capability, site_agreement, pi_cv or pharmacy_plan; reference is the
    document's reference; dated is the document's date, YYYY-MM-DD, not in the future. Returns document_id, site_id,
    kind, reference, dated."""
    _session(state, token, (MANAGER,))
    _get(state.sites, site_id, "site")
    doc = _enum(SiteDocument, kind, "kind").value
    day = _date(dated, "dated")
    if _blank(reference):
        raise _fail("invalid", "reference is required")
    if day > TODAY:
        raise _fail("invalid", "dated is not in the future")
    if any(d[0] == site_id and d[1] == doc and d[2] == reference.strip() for d in state.documents.values()):
        raise _fail("state", f"{site_id}'s file holds that {doc.replace('_', ' ')} already")
    did = f"DOC-{_next(state, 'document')}"
    state.documents[did] = [site_id, doc, reference.strip(), day]
    state.sites[site_id]["documents"].append(did)
    return {"document_id": did, "site_id": site_id, "kind": doc, "reference": reference.strip(), "dated": day}


async def delegate(state: State, token: str, site_id: str, person: str, staff_role: StaffRole,
                   duties: list[str]) -> dict[str, Any]:
    """Adds someone to a site's delegation log with the trial duties the principal investigator gives them. The token is
    the session token (the trial manager); site_id is the site; person is their name; staff_role is
    principal_investigator, sub_investigator, research_nurse or pharmacist; duties is the duties delegated. Returns
    site_id, person, staff_role, duties, added."""
    _session(state, token, (MANAGER,))
    s = _get(state.sites, site_id, "site")
    role = _choice(staff_role, ("principal_investigator", "sub_investigator", "research_nurse", "pharmacist"),
                   "staff_role")
    tasks = _codes(duties, "duties")
    if _blank(person) or not tasks:
        raise _fail("invalid", "person and at least one duty are required")
    wrong = [d for d in tasks if d not in DUTIES]
    if wrong:
        raise _fail("invalid", f"{wrong[0]!r} is not a duty; duties are {', '.join(DUTIES)}")
    medical = {"eligibility", "ae_assessment"}
    if role in ("research_nurse", "pharmacist") and medical & set(tasks):
        raise _fail("rule", "eligibility and adverse event assessment are delegated only to doctors")
    if "dispensing" in tasks and role != "pharmacist":
        raise _fail("rule", "dispensing is delegated only to a pharmacist")
    name = " ".join(person.split())
    if any(r[0] == site_id and r[1].lower() == name.lower() for r in state.delegation):
        raise _fail("state", f"{name} is on {site_id}'s delegation log already")
    if s["status"] == "closed":
        raise _fail("state", f"{site_id} is closed")
    state.delegation.append([site_id, name, role, tasks, TODAY])
    if role == "principal_investigator":
        s["pi"] = name
    return {"site_id": site_id, "person": name, "staff_role": role, "duties": tasks, "added": TODAY}


async def activate_site(state: State, token: str, site_id: str) -> dict[str, Any]:
    """Gives a site in set-up the green light, once its ethics approval, capacity and capability confirmation and site
    agreement are filed and a principal investigator is on its delegation log. Recruitment opens separately. The token
    is the session token (the trial manager); site_id is the site. Returns the site, active."""
    _session(state, token, (MANAGER,))
    s = _get(state.sites, site_id, "site")
    if s["status"] != "setup":
        raise _fail("state", f"{site_id} is {s['status']} already")
    held = {state.documents[d][1] for d in s["documents"]}
    missing = [k for k in REQUIRED_DOCUMENTS if k not in held]
    if missing:
        raise _fail("rule", f"{site_id}'s file has no {missing[0].replace('_', ' ')}")
    if not any(r[0] == site_id and r[2] == "principal_investigator" for r in state.delegation):
        raise _fail("rule", f"{site_id} has no principal investigator on its delegation log")
    s["status"] = "active"
    s["activated"] = TODAY
    return _site_reply(state, site_id)


async def set_recruitment(state: State, token: str, site_id: str, recruiting: bool) -> dict[str, Any]:
    """Opens an active site to recruitment, or pauses it. The token is the session token (the trial manager); site_id is
    the site; recruiting is true to open (or reopen) recruitment, False to pause it. Returns the site."""
    _session(state, token, (MANAGER,))
    s = _get(state.sites, site_id, "site")
    if not isinstance(recruiting, bool):
        raise _fail("invalid", "recruiting is true or false")
    if s["status"] != "active":
        raise _fail("state", f"{site_id} is {s['status']}; only an active site recruits")
    wanted = "open" if recruiting else "paused"
    if s["recruitment"] == wanted:
        raise _fail("state", f"{site_id}'s recruitment is {wanted} already")
    s["recruitment"] = wanted
    return _site_reply(state, site_id)


async def ship_drug(state: State, token: str, site_id: str, kits: int) -> dict[str, Any]:
    """Orders blinded treatment kits from the depot for an active site. The token is the session token (the trial
    manager); site_id is the site; kits is how many kits (2 to 12). Returns shipment_id, site_id, kits (their numbers),
    sent, shipment_status (in_transit)."""
    _session(state, token, (MANAGER,))
    s = _get(state.sites, site_id, "site")
    if isinstance(kits, bool) or not isinstance(kits, int) or not 2 <= kits <= 12:
        raise _fail("invalid", "kits is a whole number from 2 to 12")
    if s["status"] != "active":
        raise _fail("state", f"{site_id} is {s['status']}; kits go only to an active site")
    shid = f"SHP-{_next(state, 'shipment'):04d}"
    numbers = []
    for _ in range(kits):
        kit = f"K-{_next(state, 'kit')}"
        state.kits[kit] = {"site": site_id, "status": "in_transit", "participant": None, "shipment": shid}
        numbers.append(kit)
    state.shipments[shid] = {"site": site_id, "kits": numbers, "sent": TODAY, "status": "in_transit"}
    return {"shipment_id": shid, "site_id": site_id, "kits": numbers, "sent": TODAY, "shipment_status": "in_transit"}


async def receive_shipment(state: State, token: str, shipment_id: str, temperature_ok: bool) -> dict[str, Any]:
    """Receipts a shipment into the site pharmacy. Kits whose temperature logger shows an excursion are quarantined. The
    token is the session token (a pharmacist); shipment_id is the shipment, such as SHP-0652; temperature_ok is whether
    the logger stayed within 2 to 8 degrees. Returns shipment_id, site_id, kits, sent, shipment_status (received or
    quarantined)."""
    _session(state, token, (PHARMACIST,))
    sh = _get(state.shipments, shipment_id, "shipment")
    if not isinstance(temperature_ok, bool):
        raise _fail("invalid", "temperature_ok is true or false")
    if sh["status"] != "in_transit":
        raise _fail("state", f"{shipment_id} is {sh['status']} already")
    sh["status"] = "received" if temperature_ok else "quarantined"
    for kit in sh["kits"]:
        state.kits[kit]["status"] = "available" if temperature_ok else "quarantined"
    return {"shipment_id": shipment_id, "site_id": sh["site"], "kits": list(sh["kits"]), "sent": sh["sent"],
            "shipment_status": sh["status"]}


# --------------------------------------------------------------------------- participants


async def screen_participant(state: State, token: str, site_id: str, initials: str, date_of_birth: str,
                             sex: Sex) -> dict[str, Any]:
    """Registers a patient for screening at a site open to recruitment, giving them a participant number. The token is
    the session token (a research nurse); site_id is the site; initials is the patient's initials, first and last, such
    as H-B; date_of_birth is YYYY-MM-DD; sex is female or male. Returns the participant: participant_id, site_id,
    initials, date_of_birth, sex, participant_status (screening), consent, eligible, randomised_on,
    randomisation_number, kit_number, home_visits, casebook_signed."""
    _session(state, token, (NURSE,))
    s = _get(state.sites, site_id, "site")
    if not isinstance(initials, str) or not re.fullmatch(r"[A-Z]-[A-Z]", initials.strip().upper()):
        raise _fail("invalid", "initials are two letters with a hyphen between, such as H-B")
    born = _date(date_of_birth, "date_of_birth")
    _choice(sex, ("female", "male"), "sex")
    if s["status"] != "active" or s["recruitment"] != "open":
        raise _fail("state", f"{site_id} is not open to recruitment (recruitment {s['recruitment'].replace('_', ' ')})")
    if any(p["site"] == site_id and p["initials"] == initials.strip().upper() and p["born"] == born
           for p in state.participants.values()):
        raise _fail("state", f"{initials.strip().upper()}, born {born}, is registered at {site_id} already")
    n = state.counters["participant"][site_id]
    state.counters["participant"][site_id] = n + 1
    pid = f"ARB-{site_id[-2:]}-{n:04d}"
    state.participants[pid] = _person(site_id, initials.strip().upper(), born, sex, "screening", screened=TODAY)
    return _participant(state, pid)


async def participants(state: State, token: str, site_id: str | None = None,
                       status: ParticipantStatus | None = None) -> list[dict[str, Any]]:
    """Lists participants. The token is the session token; site_id is only this site's participants; status is only
    participants in this status: screening, screen_failed, eligible, randomised, completed, withdrawn or
    lost_to_follow_up. Returns the participants, as screen_participant gives them, by participant number."""
    _session(state, token)
    if status is not None:
        _choice(status, ("screening", "screen_failed", "eligible", "randomised", "completed", "withdrawn",
                         "lost_to_follow_up"), "status")
    return [_participant(state, pid) for pid, p in sorted(state.participants.items())
            if (site_id is None or p["site"] == site_id) and (status is None or p["status"] == status)]


async def record_consent(state: State, token: str, participant_id: str, form_version: str, taken_by: str,
                         consented_on: str) -> dict[str, Any]:
    """Records a participant's signed consent on the current approved form, taken by someone the delegation log allows
    to take consent at their site. The token is the session token (a research nurse or an investigator); participant_id
    is the participant; form_version is the consent form's version, such as ICF v3.1; taken_by is who took consent;
    consented_on is YYYY-MM-DD, not in the future. Returns the participant."""
    _session(state, token, (NURSE, INVESTIGATOR))
    p = _get(state.participants, participant_id, "participant")
    day = _date(consented_on, "consented_on")
    if _blank(taken_by):
        raise _fail("invalid", "taken_by is required")
    row = next((r for r in CONSENT_FORMS if r[0] == form_version), None)
    if row is None:
        raise _fail("missing", f"no consent form version {form_version!r}")
    if row[2] != "current":
        raise _fail("rule", f"{form_version} is superseded; consent is taken on the current version")
    if day > TODAY or day < p["screened"]:
        raise _fail("invalid", "consented_on is between screening and today")
    if p["consent"] is not None:
        raise _fail("state", f"{participant_id} consented on {p['consent']} already")
    if not _delegated(state, p["site"], taken_by.strip(), "consent"):
        raise _fail("rule", f"{taken_by.strip()} is not delegated consent at {p['site']}")
    p["consent"] = form_version
    return _participant(state, participant_id)


async def record_eligibility(state: State, token: str, participant_id: str, inclusion_met: list[str],
                             exclusions_present: list[str]) -> dict[str, Any]:
    """Records an investigator's eligibility assessment of a consented participant: every inclusion criterion must be
    met and no exclusion present, or the participant is a screen failure. The token is the session token (an
    investigator); participant_id is the participant; inclusion_met is the codes of the inclusion criteria met;
    exclusions_present is the codes of the exclusion criteria present (an empty list for none). Returns the participant,
    eligible or screen_failed."""
    _session(state, token, (INVESTIGATOR,))
    p = _get(state.participants, participant_id, "participant")
    met = _codes(inclusion_met, "inclusion_met")
    present = _codes(exclusions_present, "exclusions_present")
    unknown = [c for c in met if c not in INCLUSIONS] + [c for c in present if c not in EXCLUSIONS]
    if unknown:
        raise _fail("missing", f"no such criterion {unknown[0]!r}")
    if p["status"] != "screening":
        raise _fail("state", f"{participant_id} is {p['status'].replace('_', ' ')}; eligibility was assessed already")
    if p["consent"] is None:
        raise _fail("rule", f"{participant_id} has not consented; no trial procedure comes before consent")
    eligible = set(met) == INCLUSIONS and not present
    p["eligibility"] = eligible
    p["status"] = "eligible" if eligible else "screen_failed"
    return _participant(state, participant_id)


async def randomise(state: State, token: str, participant_id: str) -> dict[str, Any]:
    """Randomises an eligible participant and allocates the next blinded kit in the site pharmacy. The token is the
    session token (a research nurse or an investigator); participant_id is the participant. Returns the participant,
    with the randomisation_number and the kit_number allocated."""
    _session(state, token, (NURSE, INVESTIGATOR))
    p = _get(state.participants, participant_id, "participant")
    if p["status"] != "eligible":
        raise _fail("state", f"{participant_id} is {p['status'].replace('_', ' ')}; only an eligible participant is "
                    "randomised")
    if p["consent"] is None:
        raise _fail("rule", f"{participant_id} has not consented")
    kit = next((k for k, v in sorted(state.kits.items()) if v["site"] == p["site"] and v["status"] == "available"),
               None)
    if kit is None:
        raise _fail("rule", f"{p['site']} has no treatment kit available")
    state.kits[kit]["status"] = "allocated"
    state.kits[kit]["participant"] = participant_id
    p["status"] = "randomised"
    p["randomised"] = TODAY
    p["rand_no"] = f"R-{_next(state, 'randomisation'):04d}"
    p["kit"] = kit
    return _participant(state, participant_id)


async def dispense_kit(state: State, token: str, kit_number: str) -> str:
    """Dispenses an allocated kit to its participant. The token is the session token (a pharmacist); kit_number is the
    kit, such as K-40212. Returns a sentence saying who it went to."""
    _session(state, token, (PHARMACIST,))
    k = _get(state.kits, kit_number, "kit")
    if k["status"] == "dispensed":
        raise _fail("state", f"{kit_number} was dispensed to {k['participant']} already")
    if k["status"] != "allocated":
        raise _fail("state", f"{kit_number} is {k['status'].replace('_', ' ')}, not allocated to a participant")
    k["status"] = "dispensed"
    return f"{kit_number} dispensed to {k['participant']} at {state.sites[k['site']]['name']}."


async def set_home_visits(state: State, token: str, participant_id: str, enabled: bool) -> dict[str, Any]:
    """Allows or stops visits at the participant's home by the community research team. The token is the session token
    (a research nurse); participant_id is the participant; enabled is true to allow home visits. Returns the
    participant."""
    _session(state, token, (NURSE,))
    p = _get(state.participants, participant_id, "participant")
    if not isinstance(enabled, bool):
        raise _fail("invalid", "enabled is true or false")
    if p["home_visits"] == enabled:
        raise _fail("state", f"home visits are {'on' if enabled else 'off'} for {participant_id} already")
    p["home_visits"] = enabled
    return _participant(state, participant_id)


async def book_visit(state: State, token: str, participant_id: str, visit_code: str, date: str,
                     home: bool = False) -> dict[str, Any]:
    """Books a randomised participant's visit, within the protocol's window for it. The token is the session token (a
    research nurse); participant_id is the participant; visit_code is the visit's code in the schedule; date is
    YYYY-MM-DD, today or later; home is whether the visit is at home. Returns the visit: visit_id, participant_id,
    visit_code, date, home, visit_status (booked), vitals."""
    _session(state, token, (NURSE,))
    p = _get(state.participants, participant_id, "participant")
    row = VISIT.get(visit_code) if isinstance(visit_code, str) else None
    if row is None:
        raise _fail("missing", f"no visit {visit_code!r} in the schedule")
    day = _date(date, "date")
    if not isinstance(home, bool):
        raise _fail("invalid", "home is true or false")
    if day < TODAY:
        raise _fail("invalid", "date is today or later")
    if p["status"] != "randomised":
        raise _fail("state", f"{participant_id} is {p['status'].replace('_', ' ')}; visits are booked once randomised")
    if row[2] is not None and abs(_days(p["randomised"], day) - row[2]) > row[3]:
        raise _fail("rule", f"{visit_code} falls {row[2]} days after randomisation, within {row[3]} days")
    if row[2] is not None and any(v["participant"] == participant_id and v["code"] == visit_code
                                  for v in state.visits.values()):
        raise _fail("state", f"{participant_id} has a {visit_code} visit already")
    if home and not p["home_visits"]:
        raise _fail("rule", f"home visits are not allowed for {participant_id}")
    vid = f"VIS-{_next(state, 'visit')}"
    state.visits[vid] = {"participant": participant_id, "code": visit_code, "date": day, "home": home,
                         "status": "booked", "vitals": None, "invoice": None}
    return _visit(state, vid)


async def record_visit(state: State, token: str, visit_id: str, systolic: int, diastolic: int,
                       weight_kg: float) -> dict[str, Any]:
    """Records a visit booked for today as done, with its vital signs. The token is the session token (a research
    nurse); visit_id is the visit, such as VIS-8807; systolic is systolic blood pressure, mmHg; diastolic is diastolic
    blood pressure, mmHg; weight_kg is weight, kg. Returns the visit, done."""
    _session(state, token, (NURSE,))
    v = _get(state.visits, visit_id, "visit")
    if any(isinstance(x, bool) or not isinstance(x, int) for x in (systolic, diastolic)) or not _number(weight_kg):
        raise _fail("invalid", "systolic and diastolic are whole numbers and weight_kg a number")
    if not (60 <= systolic <= 250 and 30 <= diastolic <= 150 and diastolic < systolic and 30 <= weight_kg <= 250):
        raise _fail("invalid", "those vital signs are out of range")
    if v["status"] != "booked":
        raise _fail("state", f"{visit_id} is {v['status']} already")
    if v["date"] != TODAY:
        raise _fail("rule", f"{visit_id} is booked for {v['date']}")
    v["status"] = "done"
    v["vitals"] = [systolic, diastolic, float(weight_kg)]
    return _visit(state, visit_id)


# --------------------------------------------------------------------------- safety


async def report_adverse_event(state: State, token: str, participant_id: str, term_code: str, onset: str, serious: bool,
                               description: str) -> dict[str, Any]:
    """Records an adverse event a randomised participant has had. The token is the session token (a research nurse or an
    investigator); participant_id is the participant; term_code is the event's term code in the dictionary; onset is
    YYYY-MM-DD, on or after randomisation and not in the future; serious is whether it is serious (death,
    life-threatening, admission, disability); description is what happened. Returns the event: ae_id, participant_id,
    term_code, term, onset, serious, description, relatedness, expected, reported_on."""
    _session(state, token, (NURSE, INVESTIGATOR))
    p = _get(state.participants, participant_id, "participant")
    if not isinstance(term_code, str) or term_code not in AE_TERM:
        raise _fail("missing", f"no term {term_code!r} in the dictionary")
    day = _date(onset, "onset")
    if not isinstance(serious, bool) or _blank(description):
        raise _fail("invalid", "serious is true or false and description is required")
    if p["randomised"] is None:
        raise _fail("state", f"{participant_id} is not randomised; events before randomisation are medical history")
    if day < p["randomised"] or day > TODAY:
        raise _fail("invalid", "onset is between randomisation and today")
    if any(a["participant"] == participant_id and a["term"] == term_code and a["onset"] == day
           for a in state.adverse_events.values()):
        raise _fail("state", f"that event is recorded for {participant_id} already")
    aid = f"AE-{_next(state, 'ae'):04d}"
    state.adverse_events[aid] = {"participant": participant_id, "term": term_code, "onset": day, "serious": serious,
                                 "description": description.strip(), "relatedness": None, "expected": None,
                                 "reported": None}
    return _ae(state, aid)


async def adverse_events(state: State, token: str, participant_id: str | None = None,
                         serious: bool | None = None) -> list[dict[str, Any]]:
    """Lists adverse events. The token is the session token; participant_id is only this participant's events; serious
    is only serious (True) or non-serious (False) events. Returns the events, as report_adverse_event gives them, oldest
    first."""
    _session(state, token)
    return [_ae(state, aid) for aid, a in sorted(state.adverse_events.items())
            if (participant_id is None or a["participant"] == participant_id)
            and (serious is None or a["serious"] == serious)]


async def assess_causality(state: State, token: str, ae_id: str, relatedness: Relatedness,
                           expected: bool) -> dict[str, Any]:
    """Records an investigator's assessment of whether the trial medicine caused an adverse event, and whether the event
    is expected from the reference safety information. The token is the session token (an investigator); ae_id is the
    event, such as AE-0571; relatedness is not_related, unlikely, possible, probable or definite; expected is whether
    the event is listed in the reference safety information. Returns the event."""
    _session(state, token, (INVESTIGATOR,))
    a = _get(state.adverse_events, ae_id, "adverse event")
    _choice(relatedness, ("not_related", "unlikely", "possible", "probable", "definite"), "relatedness")
    if not isinstance(expected, bool):
        raise _fail("invalid", "expected is true or false")
    if a["relatedness"] is not None:
        raise _fail("state", f"{ae_id} was assessed already ({a['relatedness'].replace('_', ' ')})")
    a["relatedness"] = relatedness
    a["expected"] = expected
    return _ae(state, ae_id)


async def submit_sae_report(state: State, token: str, ae_id: str) -> dict[str, Any]:
    """Reports a serious adverse event to the sponsor's pharmacovigilance desk, once an investigator has assessed it; a
    related, unexpected event goes as a suspected unexpected serious adverse reaction (SUSAR). The token is the session
    token (an investigator or the trial manager); ae_id is the serious event. Returns ae_id, participant_id,
    reported_on, report (sae or susar), deadline for the follow-up report."""
    _session(state, token, (INVESTIGATOR, MANAGER))
    a = _get(state.adverse_events, ae_id, "adverse event")
    if not a["serious"]:
        raise _fail("rule", f"{ae_id} is not serious; it goes on the CRF only")
    if a["reported"] is not None:
        raise _fail("state", f"{ae_id} was reported on {a['reported']} already")
    if a["relatedness"] is None:
        raise _fail("rule", f"{ae_id} has no investigator's causality assessment")
    a["reported"] = TODAY
    related = a["relatedness"] in ("possible", "probable", "definite")
    kind = "susar" if related and not a["expected"] else "sae"
    due = (datetime.date.fromisoformat(TODAY) + datetime.timedelta(days=7 if kind == "susar" else 15)).isoformat()
    return {"ae_id": ae_id, "participant_id": a["participant"], "reported_on": TODAY, "report": kind,
            "follow_up_due": due}


# --------------------------------------------------------------------------- data queries


async def raise_query(state: State, token: str, participant_id: str, field: str, question: str) -> dict[str, Any]:
    """Raises a data query on a participant's case report form. The token is the session token (a data manager);
    participant_id is the participant; field is the form's field, such as "W24 weight"; question is what the site is
    asked. Returns the query: query_id, participant_id, field, question, answer, query_status (open)."""
    _session(state, token, (DATA,))
    p = _get(state.participants, participant_id, "participant")
    if _blank(field) or _blank(question):
        raise _fail("invalid", "field and question are required")
    if p["signed"] is not None:
        raise _fail("state", f"{participant_id}'s casebook is signed and locked")
    if any(q["participant"] == participant_id and q["field"].lower() == field.strip().lower()
           and q["status"] != "closed"
           for q in state.queries.values()):
        raise _fail("state", f"{participant_id} has a query on {field.strip()} open already")
    qid = f"Q-{_next(state, 'query')}"
    state.queries[qid] = {"participant": participant_id, "field": field.strip(), "question": question.strip(),
                          "answer": None, "status": "open"}
    return _query(state, qid)


async def queries(state: State, token: str, status: QueryStatus | None = None,
                  participant_id: str | None = None) -> list[dict[str, Any]]:
    """Lists data queries. The token is the session token; status is only queries in this status: open, answered or
    closed; participant_id is only this participant's queries. Returns the queries, as raise_query gives them, oldest
    first."""
    _session(state, token)
    if status is not None:
        _choice(status, ("open", "answered", "closed"), "status")
    return [_query(state, qid) for qid, q in sorted(state.queries.items())
            if (status is None or q["status"] == status)
            and (participant_id is None or q["participant"] == participant_id)]


async def answer_query(state: State, token: str, query_id: str, answer: str) -> dict[str, Any]:
    """Answers an open data query from the site. The token is the session token (a research nurse or an investigator);
    query_id is the query, such as Q-1406; answer is the site's answer. Returns the query, answered."""
    _session(state, token, (NURSE, INVESTIGATOR))
    q = _get(state.queries, query_id, "query")
    if _blank(answer):
        raise _fail("invalid", "answer is required")
    if q["status"] != "open":
        raise _fail("state", f"{query_id} is {q['status']} already")
    q["answer"] = answer.strip()
    q["status"] = "answered"
    return _query(state, query_id)


async def close_query(state: State, token: str, query_id: str) -> dict[str, Any]:
    """Closes an answered data query. The token is the session token (a data manager); query_id is the query. Returns
    the query, closed."""
    _session(state, token, (DATA,))
    q = _get(state.queries, query_id, "query")
    if q["status"] != "answered":
        raise _fail("state", f"{query_id} is {q['status']}; only an answered query is closed")
    q["status"] = "closed"
    return _query(state, query_id)


# --------------------------------------------------------------------------- the end of a participant's time


async def end_participation(state: State, token: str, participant_id: str, reason: Ending, note: str) -> dict[str, Any]:
    """Ends a randomised participant's time in the trial: completed (after the end of study visit, with their expense
    claims paid), withdrawn or lost to follow-up. The token is the session token (a research nurse); participant_id is
    the participant; reason is completed, withdrawn or lost_to_follow_up; note is A note for the file. Returns the
    participant."""
    _session(state, token, (NURSE,))
    p = _get(state.participants, participant_id, "participant")
    why = _choice(reason, ("completed", "withdrawn", "lost_to_follow_up"), "reason")
    if _blank(note):
        raise _fail("invalid", "note is required")
    if p["status"] != "randomised":
        raise _fail("state", f"{participant_id} is {p['status'].replace('_', ' ')}")
    if why == "completed":
        if not any(v["participant"] == participant_id and v["code"] == "EOS" and v["status"] == "done"
                   for v in state.visits.values()):
            raise _fail("rule", f"{participant_id} has not had the end of study visit")
        unpaid = [cid for cid, c in sorted(state.claims.items()) if c["participant"] == participant_id
                  and c["status"] != "paid"]
        if unpaid:
            raise _fail("rule", f"{participant_id}'s expense claim {unpaid[0]} is not paid")
    p["status"] = why
    p["ended"] = TODAY
    return _participant(state, participant_id)


async def sign_casebook(state: State, token: str, participant_id: str) -> str:
    """Signs off and locks a participant's casebook once their time in the trial has ended and no query is open or
    waiting to be closed. The token is the session token (an investigator); participant_id is the participant. Returns a
    sentence saying so."""
    _session(state, token, (INVESTIGATOR,))
    p = _get(state.participants, participant_id, "participant")
    if p["signed"] is not None:
        raise _fail("state", f"{participant_id}'s casebook was signed on {p['signed']} already")
    if p["ended"] is None:
        raise _fail("state", f"{participant_id} is still {p['status'].replace('_', ' ')}")
    pending = [qid for qid, q in sorted(state.queries.items()) if q["participant"] == participant_id
               and q["status"] != "closed"]
    if pending:
        raise _fail("rule", f"{participant_id} has query {pending[0]} {state.queries[pending[0]]['status']}")
    p["signed"] = TODAY
    return f"{participant_id}'s casebook signed and locked by {state.sessions[token]['name']} on {TODAY}."


# --------------------------------------------------------------------------- money


async def expense_claim(state: State, token: str, participant_id: str, amount: float,
                        description: str) -> dict[str, Any]:
    """Submits a participant's travel expenses claim. The token is the session token (a research nurse); participant_id
    is the participant; amount is pounds claimed; description is what for. Returns claim_id, participant_id, amount,
    description, claim_status (submitted)."""
    _session(state, token, (NURSE,))
    p = _get(state.participants, participant_id, "participant")
    if not _number(amount) or amount <= 0 or _blank(description):
        raise _fail("invalid", "amount is above zero and description is required")
    if amount > MAX_CLAIM:
        raise _fail("rule", f"a claim is {MAX_CLAIM:,.0f} pounds at most; split it by visit")
    if p["randomised"] is None:
        raise _fail("state", f"{participant_id} is not randomised")
    cid = f"EXP-{_next(state, 'claim'):04d}"
    state.claims[cid] = {"participant": participant_id, "amount": round(float(amount), 2),
                         "description": description.strip(), "status": "submitted"}
    return {"claim_id": cid, "participant_id": participant_id, "amount": round(float(amount), 2),
            "description": description.strip(), "claim_status": "submitted"}


async def set_payee_details(state: State, token: str, participant_id: str, sort_code: str, account_number: str,
                            account_name: str) -> dict[str, Any]:
    """Puts a participant's bank details on file for paying their expenses. The token is the session token (a research
    nurse or finance); participant_id is the participant; sort_code is six digits, as 30-94-57; account_number is eight
    digits; account_name is the name on the account. Returns participant_id, sort_code, account_ending, account_name."""
    _session(state, token, (NURSE, FINANCE))
    p = _get(state.participants, participant_id, "participant")
    if not isinstance(sort_code, str) or not re.fullmatch(r"\d{2}-\d{2}-\d{2}", sort_code.strip()):
        raise _fail("invalid", "sort_code is six digits written 12-34-56")
    if not isinstance(account_number, str) or not re.fullmatch(r"\d{8}", account_number.strip()):
        raise _fail("invalid", "account_number is eight digits")
    if _blank(account_name):
        raise _fail("invalid", "account_name is required")
    details = [sort_code.strip(), account_number.strip(), account_name.strip().upper()]
    if p["payee"] == details:
        raise _fail("state", f"{participant_id} has those bank details already")
    p["payee"] = details
    return {"participant_id": participant_id, "sort_code": details[0], "account_ending": details[1][-4:],
            "account_name": details[2]}


async def pay_expense(state: State, token: str, claim_id: str) -> dict[str, Any]:
    """Pays a participant's expense claim to the bank account on their file. The token is the session token (finance);
    claim_id is the claim, such as EXP-0716. Returns claim_id, participant_id, amount, paid_on, account_ending."""
    _session(state, token, (FINANCE,))
    c = _get(state.claims, claim_id, "expense claim")
    if c["status"] == "paid":
        raise _fail("state", f"{claim_id} is paid already")
    payee = state.participants[c["participant"]]["payee"]
    if payee is None:
        raise _fail("rule", f"{c['participant']} has no bank details on file")
    c["status"] = "paid"
    return {"claim_id": claim_id, "participant_id": c["participant"], "amount": c["amount"], "paid_on": TODAY,
            "account_ending": payee[1][-4:]}


async def raise_site_invoice(state: State, token: str, site_id: str) -> dict[str, Any]:
    """Raises the unit's payment to a site for its participants' completed visits not yet paid for. The token is the
    session token (finance); site_id is the site. Returns invoice_id, site_id, visits (their ids), amount, paid and
    raised."""
    _session(state, token, (FINANCE,))
    _get(state.sites, site_id, "site")
    due = [vid for vid, v in sorted(state.visits.items()) if v["status"] == "done" and v["invoice"] is None
           and state.participants[v["participant"]]["site"] == site_id]
    if not due:
        raise _fail("state", f"{site_id} has no completed visit waiting to be paid for")
    iid = f"INV-{_next(state, 'invoice')}"
    for vid in due:
        state.visits[vid]["invoice"] = iid
    state.invoices[iid] = {"site": site_id, "visits": due, "amount": VISIT_FEE * len(due), "paid": 0.0,
                           "raised": TODAY}
    return {"invoice_id": iid, "site_id": site_id, "visits": due, "amount": VISIT_FEE * len(due), "paid": 0.0,
            "raised": TODAY}


async def record_site_payment(state: State, token: str, invoice_id: str, amount: float) -> float:
    """Records a payment made to a site against its invoice. The token is the session token (finance); invoice_id is the
    invoice, such as INV-2230; amount is pounds paid. Returns what is left to pay on the invoice, in pounds."""
    _session(state, token, (FINANCE,))
    i = _get(state.invoices, invoice_id, "invoice")
    if not _number(amount) or amount <= 0:
        raise _fail("invalid", "amount is above zero")
    owed = round(i["amount"] - i["paid"], 2)
    if owed <= 0:
        raise _fail("state", f"{invoice_id} is paid already")
    if amount > owed:
        raise _fail("rule", f"only {owed:,.2f} is owed on {invoice_id}")
    i["paid"] = round(i["paid"] + float(amount), 2)
    return round(i["amount"] - i["paid"], 2)


async def close_site(state: State, token: str, site_id: str) -> str:
    """Closes a site once every participant's time has ended and their casebook is signed, and every payment to it has
    been made. The token is the session token (the trial manager); site_id is the site. Returns a sentence saying so."""
    _session(state, token, (MANAGER,))
    s = _get(state.sites, site_id, "site")
    if s["status"] == "closed":
        raise _fail("state", f"{site_id} is closed already")
    if s["status"] != "active":
        raise _fail("state", f"{site_id} was never activated")
    open_ = [pid for pid, p in sorted(state.participants.items()) if p["site"] == site_id
             and p["status"] in ("screening", "eligible", "randomised")]
    if open_:
        raise _fail("rule", f"{open_[0]} is still in the trial")
    unsigned = [pid for pid, p in sorted(state.participants.items()) if p["site"] == site_id
                and p["status"] in ("completed", "withdrawn", "lost_to_follow_up") and p["signed"] is None]
    if unsigned:
        raise _fail("rule", f"{unsigned[0]}'s casebook is not signed")
    unpaid = [iid for iid, i in sorted(state.invoices.items()) if i["site"] == site_id and i["paid"] < i["amount"]]
    if unpaid:
        raise _fail("rule", f"{unpaid[0]} is not paid")
    s["status"] = "closed"
    s["recruitment"] = "closed"
    return f"{site_id} {s['name']} closed on {TODAY}."


TOOLS = [
    sign_in, sign_out, visit_schedule, ae_dictionary, eligibility_criteria, consent_forms, sites, site_file,
    file_site_document, delegate, activate_site, set_recruitment, ship_drug, receive_shipment, screen_participant,
    participants, record_consent, record_eligibility, randomise, dispense_kit, set_home_visits, book_visit,
    record_visit, report_adverse_event, adverse_events, assess_causality, submit_sae_report, raise_query, queries,
    answer_query, close_query, end_participation, sign_casebook, expense_claim, set_payee_details, pay_expense,
    raise_site_invoice, record_site_payment, close_site,
]

FIXTURES = {
    "unit": "Hallowfield Clinical Trials Unit, Jenner Building, Hallowfield; the ARBOUR-HF trial of corvastrin against "
            "placebo in heart failure",
    "today": "Wednesday 18 November 2054, 08:30",
    "staff": [
        {"name": "Berenike Kettleborough", "role": "trial manager", "username": "berenike.k",
         "password": "Protocol-Amber-44"},
        {"name": "Nephele Bramhall", "role": "research nurse, Hallowfield Royal Infirmary", "username": "nephele.b",
         "password": "Cannula-Swan-19"},
        {"name": "Jehane Spurway", "role": "research nurse, Pellworth Community Hospital", "username": "jehane.s",
         "password": "Cuff-Lantern-62"},
        {"name": "Pernell Hollingdrake", "role": "trial pharmacist", "username": "pernell.h",
         "password": "Blister-Pack-37"},
        {"name": "Quintilla Dunwoody", "role": "data manager", "username": "quintilla.d", "password": "Audit-Trail-58"},
        {"name": "Dr Rajan Mehrotra", "role": "investigator", "username": "rajan.m", "password": "Stetho-Lark-23"},
        {"name": "Saffira Lumbard", "role": "finance", "username": "saffira.l", "password": "Invoice-Heron-81"},
    ],
    "notes": [
        "Tarnbridge's capacity and capability letter came today: reference TGH R&D 54/117, dated 16 November 2054; "
        "their principal investigator will be Dr Anselma Quartey, delegated consent, eligibility and adverse event "
        "assessment; six kits go to them once they are active",
        "Pellworth reopens to recruitment; its new research nurse, Eglantine Hoblyn, is delegated consent, "
        "randomisation and visits, and takes consent today from Mrs P-L, born 11 February 1984",
        "Tarnbridge's research nurse, Rohesia Brocklebank, is delegated consent, randomisation and visits, and takes "
        "consent today from Mrs N-S, born 27 July 1982",
        "A new patient at Hallowfield Royal Infirmary: initials G-P, born 3 March 1979, male; Nephele took his "
        "consent today, and he meets every inclusion criterion and has no exclusion",
        "Saint Eanswythe's shipment arrived this morning with the logger in range; Mr W-A there is eligible and "
        "waiting, and Dr Mabyn Chubbuck took Mrs D-F's consent today",
        "Mrs M-O at Hallowfield meets every inclusion criterion and has no exclusion",
        "Mrs E-T at Pellworth: Dr Mehrotra judges her acute kidney injury probably related and not expected; her "
        "end of study visit is at home today",
        "Mrs E-T at Pellworth wants 46.20 pounds for taxis to and from her week 24 visit, paid to sort code "
        "40-11-62, account 72018844, E TREVELYAN",
    ],
}

# --------------------------------------------------------------------------- the designed prerequisites

_TOKEN = "auth: session token (token of sign_in)"
PUBLIC = ("sign_in", "visit_schedule", "ae_dictionary", "eligibility_criteria")
TOKEN_CONSUMERS = [t.__name__ for t in TOOLS if t.__name__ not in PUBLIC]
SITE_CONSUMERS = ["site_file", "file_site_document", "delegate", "activate_site", "set_recruitment", "ship_drug",
                  "screen_participant", "raise_site_invoice", "close_site"]
PARTICIPANT_CONSUMERS = ["record_consent", "record_eligibility", "randomise", "set_home_visits", "book_visit",
                         "report_adverse_event", "raise_query", "end_participation", "sign_casebook",
                         "expense_claim", "set_payee_details"]
_SITE = "id lookup: site (site_id of a sites entry)"
_PARTICIPANT = ("id lookup/create: participant (participant_id of screen_participant's participant, or of a "
                "participants entry)")
_AE = ("id lookup/create: adverse event (ae_id of report_adverse_event's event, or of an adverse_events entry)")
_QUERY = "id lookup/create: query (query_id of raise_query's query, or of a queries entry)"

GROUND_TRUTH = (
    [("sign_in", c, _TOKEN) for c in TOKEN_CONSUMERS]
    + [("sites", c, _SITE) for c in SITE_CONSUMERS]
    + [("screen_participant|participants", c, _PARTICIPANT) for c in PARTICIPANT_CONSUMERS]
    + [("report_adverse_event|adverse_events", c, _AE) for c in ("assess_causality", "submit_sae_report")]
    + [("raise_query|queries", c, _QUERY) for c in ("answer_query", "close_query")]
    + [
        ("randomise|participants", "dispense_kit",
         "id lookup/create: kit (kit_number of randomise's participant, or of a participants entry)"),
        ("ship_drug|site_file", "receive_shipment",
         "id lookup/create: shipment (shipment_id of ship_drug's shipment, or the first column of a site_file "
         "shipments row)"),
        ("book_visit", "record_visit", "id create: visit (visit_id of book_visit)"),
        ("expense_claim", "pay_expense", "id create: expense claim (claim_id of expense_claim)"),
        ("raise_site_invoice", "record_site_payment", "id create: site invoice (invoice_id of raise_site_invoice)"),
        ("consent_forms", "record_consent", "vocabulary: the consent form versions (the first column of the "
         "consent_forms row that is current)"),
        ("eligibility_criteria", "record_eligibility", "vocabulary: the criterion codes (the first column of the "
         "eligibility_criteria rows)"),
        ("visit_schedule", "book_visit", "vocabulary: the visit codes (the first column of a visit_schedule row)"),
        ("ae_dictionary", "report_adverse_event", "vocabulary: the term codes (the first column of an ae_dictionary "
         "row)"),
        ("file_site_document", "activate_site", "document: the site's ethics approval, capacity and capability "
         "confirmation and site agreement filed"),
        ("record_consent", "record_eligibility", "document: the participant's signed consent on the current form"),
        ("delegate", "record_consent", "vetting: the person taking consent is delegated consent at the site"),
        ("record_eligibility", "randomise", "vetting: an investigator has found the participant eligible"),
        ("assess_causality", "submit_sae_report", "vetting: an investigator's causality assessment"),
        ("set_recruitment", "screen_participant", "setting: the site open to recruitment"),
        ("set_home_visits", "book_visit", "setting: home visits allowed for the participant"),
        ("set_payee_details", "pay_expense", "setting: the participant's bank details on file"),
        ("delegate", "activate_site", "state: a principal investigator on the site's delegation log"),
        ("activate_site", "set_recruitment", "state: the site active"),
        ("activate_site", "ship_drug", "state: the site active"),
        ("receive_shipment", "randomise", "state: a treatment kit available in the site pharmacy"),
        ("randomise", "book_visit", "state: the participant randomised"),
        ("record_visit", "end_participation", "state: the end of study visit done"),
        ("record_visit", "raise_site_invoice", "state: a completed visit not yet paid for"),
        ("answer_query", "close_query", "state: the query answered"),
        ("close_query", "sign_casebook", "state: no query open or waiting to be closed"),
        ("end_participation", "sign_casebook", "state: the participant's time in the trial ended"),
        ("sign_casebook", "close_site", "state: every ended participant's casebook signed"),
        ("pay_expense", "end_participation", "payment: the participant's expense claims paid"),
        ("record_site_payment", "close_site", "payment: every invoice to the site paid"),
    ]
)

_DESIGNED = {(p, c) for ps, c, _ in GROUND_TRUTH for p in ps.split("|")}

# Real, direct prerequisites that are not designed (see README.md): a reader whose reply shows an id (or the people a
# site's delegation log names) to someone who did not give it, paired with each call that takes it and can accept one
# it shows; and a call whose effect the later call checks itself, one step away.
_RANDOMISED_CONSUMERS = ["set_home_visits", "book_visit", "report_adverse_event", "raise_query", "end_participation",
                         "sign_casebook", "expense_claim", "set_payee_details"]
PLAUSIBLE = (
    {("participants", c) for c in SITE_CONSUMERS if c != "activate_site"}
    | {("queries", c) for c in PARTICIPANT_CONSUMERS}
    | {("adverse_events", c) for c in _RANDOMISED_CONSUMERS}
    | {("site_file", "record_consent")}
    | {("randomise", "end_participation"), ("randomise", "expense_claim"), ("randomise", "report_adverse_event"),
       ("record_consent", "randomise"), ("end_participation", "close_site"), ("activate_site", "screen_participant")}
) - _DESIGNED
