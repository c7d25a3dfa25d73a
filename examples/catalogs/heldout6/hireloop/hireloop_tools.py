"""HireLoop: the recruiting (applicant tracking) SDK of a mid-sized software company (42 calls).

Plain functions over an in-memory ``State`` of Northwind's ATS on Tuesday 10 June 2025:
requisitions (opened by recruiters, approved in admin mode, published to job boards, closed),
candidates and their data-protection consent, tags, duplicates and erasure, applications moving
through each department's pipeline, interviews in UTC with interviewers' calendars, scorecards
against the requisition's template, offers with an approval by the head of talent, offer
responses, background checks and hires, email templates, talent pools and notes.

The SDK keeps its session in the client, as many Python SDKs do: ``sign_in`` sets the session on
the state and answers a sentence; later calls take no token and refuse without a session.
``elevate`` (re-entering the password of a user allowed to) turns admin mode on for the session.
Reference calls (departments, stages, tags, scorecard templates, background-check packages, time
zone conversion) are served by the public configuration API and need no session.

Replies are what a hand-written SDK gives: sentences naming the new record ("Requisition REQ-0412
opened ..."), bare numbers (a new candidate id, a note id) and bare statuses ("approved"), rows as
lists of lists, and dicts nested two levels (a candidate with its consent and applications, a
requisition's postings per board, a scorecard template, calendars). Refusals come two ways: a
missing session or admin mode and a malformed time raise (``PermissionError``, ``ValueError``),
and the ATS's own refusals are returned as ``{"status": "failed", "reason": ...}`` (``FAILURE``).

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as
provider means either tool satisfies it, and the text of ``what`` before its first ``:`` is the
kind.
"""

import re
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta, timezone
from typing import Dict, List, Literal, Optional

TODAY = date(2025, 6, 10)

Role = Literal["recruiter", "head_of_talent", "hiring_manager", "interviewer"]
Source = Literal["referral", "linkedin", "careers_site", "agency", "event"]
Purpose = Literal["processing", "talent_pool", "marketing"]
Recommendation = Literal["strong_yes", "yes", "no", "strong_no"]

_USERS = {
    11: {"name": "Priya Raman", "role": "recruiter", "email": "priya.raman@northwind.example",
         "password": "Talent#2025", "admin": False},
    12: {"name": "Dana Whitfield", "role": "head_of_talent", "email": "dana.whitfield@northwind.example",
         "password": "Offer-Desk-77", "admin": True},
    21: {"name": "Omar Haddad", "role": "hiring_manager", "email": "omar.haddad@northwind.example",
         "password": "Gopher!42", "admin": False},
    22: {"name": "Sofia Lindqvist", "role": "hiring_manager", "email": "sofia.lindqvist@northwind.example",
         "password": "Quota-Q3", "admin": False},
    31: {"name": "Kenji Mori", "role": "interviewer", "email": "kenji.mori@northwind.example",
         "password": "Kanban*9", "admin": False},
    32: {"name": "Aisha Bello", "role": "interviewer", "email": "aisha.bello@northwind.example",
         "password": "Lambda=1", "admin": False},
    33: {"name": "Ruth Adler", "role": "interviewer", "email": "ruth.adler@northwind.example",
         "password": "Pipeline$5", "admin": False},
}
_DEPARTMENTS = {"ENG": ("Engineering", 21), "OPS": ("Operations", 12), "SALES": ("Sales", 22)}
_BANDS = {"B3": (32000, 42000), "B4": (42000, 56000), "B5": (56000, 72000), "B6": (72000, 92000),
          "B7": (92000, 120000)}  # named in refusals only
_PIPELINES = {
    "ENG": ["applied", "recruiter_screen", "tech_interview", "onsite", "offer", "hired"],
    "SALES": ["applied", "recruiter_screen", "role_play", "panel", "offer", "hired"],
    "OPS": ["applied", "recruiter_screen", "case_study", "panel", "offer", "hired"],
}
_TEMPLATES = {
    "ENG": ("tpl_eng_v3", [("problem_solving", 0.3), ("system_design", 0.3), ("code_quality", 0.2),
                           ("communication", 0.2)]),
    "SALES": ("tpl_sales_v2", [("discovery", 0.3), ("objection_handling", 0.3), ("pipeline_management", 0.2),
                               ("communication", 0.2)]),
    "OPS": ("tpl_ops_v1", [("analysis", 0.4), ("stakeholders", 0.3), ("communication", 0.3)]),
}
_BOARDS = {"linkedin": "li", "company_site": "cs", "stackoverflow_jobs": "so", "otta": "ot"}  # refusals only
_REJECT_REASONS = ("not_a_fit", "withdrew", "position_filled", "unsuccessful_interview", "no_show")  # refusals only
_TAGS = ["backend", "frontend", "python", "go", "sales", "saas", "leadership", "relocation", "visa_needed",
         "silver_medallist"]
_PACKAGES = {"GB": [["BASIC-UK", "Right to work and basic DBS", 3], ["STANDARD-UK", "Basic DBS, references, education", 5],
                    ["FINANCE-UK", "Standard plus credit and sanctions", 8]],
             "IE": [["STANDARD-IE", "Garda vetting and references", 7]]}
_EMAIL_TEMPLATES = [[41, "Interview invitation", "invite", ["first_name", "role", "slot"]],
                    [42, "Rejection after interview", "rejection", ["first_name", "role"]],
                    [43, "Offer cover note", "offer", ["first_name", "role", "start_date"]],
                    [44, "General update", "general", ["first_name", "body"]]]
_ZONES = {  # (standard offset, summer offset, rule) when the system has no time zone database
    "UTC": (0, 0, None), "Europe/London": (0, 1, "eu"), "Europe/Dublin": (0, 1, "eu"),
    "Europe/Berlin": (1, 2, "eu"), "Europe/Stockholm": (1, 2, "eu"), "America/New_York": (-5, -4, "us"),
}


def _req(title, dept, location, headcount, band, manager, status, filled=0, postings=None) -> dict:
    return {"title": title, "dept": dept, "location": location, "headcount": headcount, "band": band,
            "manager": manager, "status": status, "filled": filled, "postings": postings or {}}


def _cand(name, email, phone, source, tags, consent, resume="") -> dict:
    return {"name": name, "email": email, "phone": phone, "source": source, "tags": list(tags), "consent": consent,
            "resume": resume, "notes": [], "merged_into": None}


def _ok(given: str, evidence: str) -> dict:
    return {"given": given, "evidence": evidence}


@dataclass
class State:
    """Tuesday morning at Northwind: five requisitions, six candidates, three applications, two interviews."""

    session: Optional[int] = None
    elevated: bool = False
    requisitions: dict = field(default_factory=lambda: {
        "REQ-0390": _req("Site Reliability Engineer", "ENG", "London", 1, "B6", 21, "closed", filled=1),
        "REQ-0395": _req("Sales Development Representative", "SALES", "Manchester", 2, "B3", 22, "open",
                         postings={"linkedin": {"posting_id": "li-55102", "url": "https://linkedin.example/jobs/55102"}}),
        "REQ-0398": _req("Backend Engineer (Payments)", "ENG", "London", 2, "B6", 21, "open",
                         postings={"company_site": {"posting_id": "cs-0398", "url": "https://careers.northwind.example/0398"}}),
        "REQ-0401": _req("Account Executive", "SALES", "Manchester", 1, "B5", 22, "approved"),
        "REQ-0405": _req("Data Analyst", "OPS", "Leeds", 1, "B4", 12, "draft"),
    })
    candidates: dict = field(default_factory=lambda: {
        3107: _cand("Lena Fischer", "lena.fischer@example.com", "+44 7700 900201", "linkedin", ["backend", "python"],
                    {"processing": _ok("2025-05-02", "Applied via LinkedIn, privacy notice accepted")}),
        3112: _cand("Marcus Lee", "marcus.lee@example.com", "+44 7700 900244", "referral", ["backend", "go"],
                    {"processing": _ok("2025-04-28", "Referral form"), "talent_pool": _ok("2025-04-28", "Referral form")}),
        3115: _cand("Hannah Price", "hannah.price@example.com", "+44 7700 900287", "careers_site", ["sales"],
                    {"processing": _ok("2025-06-01", "Careers site application")}),
        3119: _cand("Lena Fischer", "lena.f@mailbox.example", "+44 7700 900201", "agency", ["backend"],
                    {"processing": _ok("2025-05-20", "Agency submission, consent attached")}),
        3120: _cand("Tom Becker", "tom.becker@example.com", "+44 7700 900356", "event", [],
                    {"processing": _ok("2023-03-09", "Careers fair sign-up")}),
        3123: _cand("Priyanka Das", "priyanka.das@example.com", "+44 7700 900390", "careers_site", ["frontend"],
                    {"processing": _ok("2025-06-06", "Careers site profile")}),
    })
    applications: dict = field(default_factory=lambda: {
        "APP-88097": {"candidate": 3112, "req": "REQ-0398", "stage": "onsite", "since": "2025-06-02", "status": "active"},
        "APP-88102": {"candidate": 3107, "req": "REQ-0398", "stage": "tech_interview", "since": "2025-06-04",
                      "status": "active"},
        "APP-88110": {"candidate": 3115, "req": "REQ-0395", "stage": "applied", "since": "2025-06-01", "status": "active"},
    })
    interviews: dict = field(default_factory=lambda: {
        "INT-5504": {"app": "APP-88097", "start": "2025-06-05T13:00:00Z", "minutes": 60, "kind": "video",
                     "interviewers": [31], "status": "completed"},
        "INT-5510": {"app": "APP-88102", "start": "2025-06-09T10:00:00Z", "minutes": 60, "kind": "video",
                     "interviewers": [32], "status": "completed"},
        "INT-5515": {"app": "APP-88097", "start": "2025-06-13T09:00:00Z", "minutes": 120, "kind": "onsite",
                     "interviewers": [21, 32], "status": "scheduled"},
    })
    scorecards: dict = field(default_factory=lambda: {
        "SC-7690": {"interview": "INT-5504", "template": "tpl_eng_v3", "ratings": [3, 3, 4, 3], "recommendation": "yes",
                    "notes": "Solid Go, clear on trade-offs."},
    })
    calendars: dict = field(default_factory=lambda: {
        31: [["2025-06-12T09:00:00Z", "2025-06-12T10:30:00Z"]],
        32: [["2025-06-12T13:30:00Z", "2025-06-12T15:00:00Z"], ["2025-06-13T09:00:00Z", "2025-06-13T11:00:00Z"]],
        21: [["2025-06-13T09:00:00Z", "2025-06-13T11:00:00Z"]],
    })
    offers: dict = field(default_factory=dict)
    approvals: dict = field(default_factory=dict)
    checks: dict = field(default_factory=dict)
    employees: dict = field(default_factory=dict)
    pools: dict = field(default_factory=lambda: {
        "pool_backend_silver": {"name": "Backend silver medallists", "members": [3001, 3044]},
        "pool_sales_2025": {"name": "Sales pipeline 2025", "members": []},
    })
    notes: dict = field(default_factory=dict)
    outbox: list = field(default_factory=list)
    counters: dict = field(default_factory=lambda: {
        "REQ": 411, "cand": 3123, "APP": 88130, "INT": 5520, "SC": 7700, "OF": 2206, "AR": 3300, "BG": 5011,
        "E": 10441, "MSG": 60090, "note": 900})


# ----------------------------------------------------------------------------- helpers

def _next(state: State, key: str) -> int:
    state.counters[key] += 1
    return state.counters[key]


def _failed(reason: str) -> dict:
    return {"status": "failed", "reason": reason}


def _me(state: State) -> dict:
    if state.session is None:
        raise PermissionError("not signed in: call sign_in first")
    return _USERS[state.session]


def _admin(state: State) -> dict:
    me = _me(state)
    if not state.elevated:
        raise PermissionError("this needs admin mode: call elevate first")
    return me


def _candidate(state: State, candidate_id: int) -> Optional[dict]:
    c = state.candidates.get(candidate_id)
    return c if c is not None and c["merged_into"] is None else None


def _first(name: str) -> str:
    return name.split()[0]


def _utc(text: str) -> datetime:
    if not re.fullmatch(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00Z", text or ""):
        raise ValueError("start_utc must be UTC ISO 8601, like 2025-06-12T14:00:00Z (see to_utc)")
    return datetime.strptime(text, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=timezone.utc)


def _last_sunday(year: int, month: int) -> date:
    d = date(year, month + 1, 1) - timedelta(days=1)
    return d - timedelta(days=(d.weekday() + 1) % 7)


def _nth_sunday(year: int, month: int, n: int) -> date:
    d = date(year, month, 1)
    return d + timedelta(days=(6 - d.weekday()) % 7 + 7 * (n - 1))


def _offset_hours(zone: str, local: datetime) -> int:
    try:
        from zoneinfo import ZoneInfo

        return int(local.replace(tzinfo=ZoneInfo(zone)).utcoffset().total_seconds() // 3600)
    except Exception:  # noqa: BLE001 - no time zone database on this system: the office zones' rules
        std, summer, rule = _ZONES[zone]
        d = local.date()
        if rule == "eu":
            return summer if _last_sunday(d.year, 3) <= d < _last_sunday(d.year, 10) else std
        if rule == "us":
            return summer if _nth_sunday(d.year, 3, 2) <= d < _nth_sunday(d.year, 11, 1) else std
        return std


# ----------------------------------------------------------------------------- session

def sign_in(email: str, password: str, state: State) -> str:
    """Sign in; the session is kept by the client for the calls that follow.

    Parameters
    ----------
    email : str
        The user's work email.
    password : str
        The user's password.

    Returns
    -------
    str
        A sentence naming who is signed in. Signing in again replaces the session.
    """
    uid = next((k for k, u in _USERS.items() if u["email"] == email.strip().lower()), None)
    if uid is None or _USERS[uid]["password"] != password:
        return _failed("invalid email or password")
    state.session, state.elevated = uid, False
    return f"Signed in as {_USERS[uid]['name']} ({_USERS[uid]['role'].replace('_', ' ')})."


def elevate(password: str, state: State) -> str:
    """Turn admin mode on for this session by entering the password again (admins only).

    Parameters
    ----------
    password : str
        The signed-in user's password.
    """
    me = _me(state)
    if not me["admin"]:
        return _failed(f"{me['name']} has no admin rights")
    if password != me["password"]:
        return _failed("password does not match")
    state.elevated = True
    return f"Admin mode on for {me['name']} until 10:45."


# ----------------------------------------------------------------------------- configuration (no session)

def list_departments() -> List[list]:
    """Departments as ``[code, name, [head_user_id, head_name]]`` rows."""
    return [[code, name, [head, _USERS[head]["name"]]] for code, (name, head) in sorted(_DEPARTMENTS.items())]


def list_stages(requisition_id: str, state: State) -> List[str]:
    """The pipeline stage keys of a requisition (they depend on its department)."""
    r = state.requisitions.get(requisition_id)
    if r is None:
        return _failed(f"no requisition {requisition_id}")
    return list(_PIPELINES[r["dept"]])


def list_tags() -> List[str]:
    """The tag taxonomy candidates can be tagged with."""
    return list(_TAGS)


def scorecard_template(requisition_id: str, state: State) -> dict:
    """The scorecard template of a requisition: its id, competencies (weight, scale) in order, and the
    recommendations an interviewer can give."""
    r = state.requisitions.get(requisition_id)
    if r is None:
        return _failed(f"no requisition {requisition_id}")
    tid, comps = _TEMPLATES[r["dept"]]
    return {"template_id": tid, "competencies": {c: {"order": i + 1, "weight": w, "scale": [1, 4]}
                                                 for i, (c, w) in enumerate(comps)},
            "recommendations": ["strong_yes", "yes", "no", "strong_no"]}


def list_check_packages(country: str) -> List[list]:
    """Background-check packages offered in a country (ISO code) as ``[code, what, working_days]`` rows."""
    rows = _PACKAGES.get(country.strip().upper())
    if rows is None:
        return _failed(f"no background-check provider for {country}")
    return [list(r) for r in rows]


def to_utc(local_time: str, timezone_name: str) -> str:
    """Convert a local date and time to the UTC form interviews are booked in.

    Parameters
    ----------
    local_time : str
        ``YYYY-MM-DD HH:MM``, ``DD/MM/YYYY HH:MM`` or ``12 June 2025 15:00``.
    timezone_name : str
        An IANA zone such as ``Europe/London``.

    Returns
    -------
    str
        ``2025-06-12T14:00:00Z``.
    """
    text = " ".join(local_time.split())
    for fmt in ("%Y-%m-%d %H:%M", "%d/%m/%Y %H:%M", "%d %B %Y %H:%M", "%d %b %Y %H:%M"):
        try:
            local = datetime.strptime(text, fmt)
            break
        except ValueError:
            continue
    else:
        return _failed(f"cannot read {local_time!r} as a date and time")
    if timezone_name not in _ZONES:
        return _failed(f"unsupported time zone {timezone_name!r}")
    return (local - timedelta(hours=_offset_hours(timezone_name, local))).strftime("%Y-%m-%dT%H:%M:00Z")


# ----------------------------------------------------------------------------- people and requisitions

def list_users(role: Optional[Role] = None, state: State = None) -> List[list]:
    """ATS users as ``[user_id, name, role, email]`` rows.

    Parameters
    ----------
    role : {"recruiter", "head_of_talent", "hiring_manager", "interviewer"}, optional
        Keep only users with this role.
    """
    _me(state)
    return [[uid, u["name"], u["role"], u["email"]] for uid, u in sorted(_USERS.items())
            if role is None or u["role"] == role]


def open_requisition(title: str, dept_code: str, location: str, headcount: int, band: str,
                     hiring_manager_id: int, state: State) -> str:
    """Open a requisition as a draft.

    Parameters
    ----------
    title, location : str
        The job title and office.
    dept_code : str
        Department code.
    headcount : int
        Openings, 1 to 10.
    band : str
        Salary band.
    hiring_manager_id : int
        User id of a hiring manager.
    """
    me = _me(state)
    if dept_code not in _DEPARTMENTS:
        return _failed(f"unknown department {dept_code!r}")
    if band not in _BANDS:
        return _failed(f"unknown salary band {band!r}; bands are {', '.join(_BANDS)}")
    manager = _USERS.get(hiring_manager_id)
    if manager is None or manager["role"] != "hiring_manager":
        return _failed(f"user {hiring_manager_id} is not a hiring manager")
    if not 1 <= headcount <= 10:
        return _failed("headcount must be 1 to 10")
    rid = f"REQ-{_next(state, 'REQ'):04d}"
    state.requisitions[rid] = _req(title.strip(), dept_code, location.strip(), headcount, band, hiring_manager_id, "draft")
    state.requisitions[rid]["opened_by"] = me["name"]
    return f"Requisition {rid} opened as a draft: {title.strip()} ({_DEPARTMENTS[dept_code][0]}, {location.strip()})."


def find_requisitions(status: Optional[Literal["draft", "approved", "open", "on_hold", "closed"]] = None,
                      dept_code: Optional[str] = None, state: State = None) -> List[list]:
    """Requisitions as ``[requisition_id, title, dept_code, status, openings_left]`` rows."""
    _me(state)
    return [[rid, r["title"], r["dept"], r["status"], r["headcount"] - r["filled"]]
            for rid, r in sorted(state.requisitions.items())
            if (status is None or r["status"] == status) and (dept_code is None or r["dept"] == dept_code)]


def approve_requisition(requisition_id: str, state: State) -> str:
    """Approve a draft requisition (admin mode). Returns the new status."""
    _admin(state)
    r = state.requisitions.get(requisition_id)
    if r is None:
        return _failed(f"no requisition {requisition_id}")
    if r["status"] != "draft":
        return _failed(f"{requisition_id} is {r['status']}, not a draft")
    r["status"] = "approved"
    return "approved"


def publish_requisition(requisition_id: str, boards: List[str], state: State) -> dict:
    """Post an approved requisition to job boards; it opens for applications.

    Returns
    -------
    dict
        ``{"requisition_id": ..., "status": "open", "postings": {board: {"posting_id": ..., "url": ...}}}``.
    """
    _me(state)
    r = state.requisitions.get(requisition_id)
    if r is None:
        return _failed(f"no requisition {requisition_id}")
    if r["status"] not in ("approved", "open"):
        return _failed(f"{requisition_id} is {r['status']}; it must be approved before it is posted")
    bad = [b for b in boards if b not in _BOARDS]
    if bad or not boards:
        return _failed(f"unknown job boards {bad}; boards: {', '.join(_BOARDS)}" if bad else "name at least one board")
    new = [b for b in boards if b not in r["postings"]]
    if not new:
        return _failed("already posted on those boards")
    for b in new:
        pid = f"{_BOARDS[b]}-{requisition_id[4:]}{len(r['postings']) + 1}"
        r["postings"][b] = {"posting_id": pid, "url": f"https://jobs.example/{b}/{pid}"}
    r["status"] = "open"
    return {"requisition_id": requisition_id, "status": "open", "postings": {k: dict(v) for k, v in r["postings"].items()}}


def close_requisition(requisition_id: str, reason: Literal["filled", "cancelled", "on_hold"], state: State) -> str:
    """Close a requisition, or put it on hold."""
    _me(state)
    r = state.requisitions.get(requisition_id)
    if r is None:
        return _failed(f"no requisition {requisition_id}")
    target = "on_hold" if reason == "on_hold" else "closed"
    if r["status"] == target:
        return _failed(f"{requisition_id} is already {target}")
    r["status"], r["close_reason"] = target, reason
    return f"Requisition {requisition_id} is now {target} ({reason})."


# ----------------------------------------------------------------------------- candidates

def search_candidates(query: str, tag: Optional[str] = None, state: State = None) -> List[list]:
    """Candidates whose name or email matches, as ``[candidate_id, name, email, source, tags]`` rows."""
    _me(state)
    q = query.strip().lower()
    return [[cid, c["name"], c["email"], c["source"], list(c["tags"])] for cid, c in sorted(state.candidates.items())
            if c["merged_into"] is None and (q in c["name"].lower() or q in c["email"]) and (tag is None or tag in c["tags"])]


def add_candidate(name: str, email: str, phone: str, source: Source, resume_text: str, state: State) -> int:
    """Add a candidate; returns the new candidate id."""
    _me(state)
    email = email.strip().lower()
    dup = next((cid for cid, c in state.candidates.items() if c["email"] == email and c["merged_into"] is None), None)
    if dup is not None:
        return _failed(f"a candidate with this email exists already ({dup})")
    cid = _next(state, "cand")
    state.candidates[cid] = _cand(name.strip(), email, phone.strip(), source, [], {}, resume_text)
    return cid


def get_candidate(candidate_id: int, state: State) -> dict:
    """A candidate with their consent (by purpose) and applications (by requisition id)."""
    _me(state)
    c = _candidate(state, candidate_id)
    if c is None:
        return _failed(f"no candidate {candidate_id}")
    apps = {a["req"]: {"application_id": aid, "stage": a["stage"], "status": a["status"],
                       "requisition": state.requisitions[a["req"]]["title"]}
            for aid, a in sorted(state.applications.items()) if a["candidate"] == candidate_id}
    return {"candidate": {"candidate_id": candidate_id, "name": c["name"], "email": c["email"], "phone": c["phone"],
                          "source": c["source"], "tags": list(c["tags"])},
            "consent": {k: dict(v) for k, v in c["consent"].items()}, "applications": apps}


def record_consent(candidate_id: int, purpose: Purpose, evidence: str, state: State) -> str:
    """Record a candidate's consent for a purpose (processing their application, the talent pool, marketing)."""
    _me(state)
    c = _candidate(state, candidate_id)
    if c is None:
        return _failed(f"no candidate {candidate_id}")
    if purpose in c["consent"]:
        return _failed(f"consent for {purpose} is already on file")
    c["consent"][purpose] = _ok(TODAY.isoformat(), evidence)
    return f"Consent for {purpose.replace('_', ' ')} recorded for {c['name']}."


def tag_candidate(candidate_id: int, tags: List[str], state: State) -> List[str]:
    """Add taxonomy tags to a candidate; returns their tags."""
    _me(state)
    c = _candidate(state, candidate_id)
    if c is None:
        return _failed(f"no candidate {candidate_id}")
    unknown = [t for t in tags if t not in _TAGS]
    if unknown:
        return _failed(f"unknown tags {unknown}")
    new = [t for t in tags if t not in c["tags"]]
    if not new:
        return _failed("the candidate has those tags already")
    c["tags"].extend(new)
    return list(c["tags"])


def merge_candidates(keep_id: int, duplicate_ids: List[int], state: State) -> str:
    """Merge duplicate profiles (same email or phone) into one (admin mode)."""
    _admin(state)
    keep = _candidate(state, keep_id)
    if keep is None:
        return _failed(f"no candidate {keep_id}")
    if not duplicate_ids:
        return _failed("name the duplicates")
    for d in duplicate_ids:
        dup = _candidate(state, d) if d != keep_id else None
        if dup is None:
            return _failed(f"no candidate {d} to merge")
        if dup["email"] != keep["email"] and dup["phone"] != keep["phone"]:
            return _failed(f"{d} does not share an email or phone with {keep_id}")
    for d in duplicate_ids:
        state.candidates[d]["merged_into"] = keep_id
        for a in state.applications.values():
            if a["candidate"] == d:
                a["candidate"] = keep_id
    return f"Merged {', '.join(str(d) for d in duplicate_ids)} into {keep_id} ({keep['name']})."


def erase_candidate(candidate_id: int, confirm_name: str, state: State) -> str:
    """Erase a candidate's personal data for good (admin mode; no active applications)."""
    _admin(state)
    c = _candidate(state, candidate_id)
    if c is None:
        return _failed(f"no candidate {candidate_id}")
    if confirm_name.strip().lower() != c["name"].lower():
        return _failed("the name typed to confirm does not match")
    if any(a["candidate"] == candidate_id and a["status"] == "active" for a in state.applications.values()):
        return _failed("reject or withdraw the candidate's active applications first")
    state.candidates[candidate_id] = _cand("[erased]", f"erased-{candidate_id}@invalid", "", c["source"], [], {})
    return f"Candidate {candidate_id} erased."


# ----------------------------------------------------------------------------- applications

def apply_to_requisition(candidate_id: int, requisition_id: str, cover_note: Optional[str] = None,
                         state: State = None) -> str:
    """Put a candidate forward for an open requisition (they must have consented to processing)."""
    _me(state)
    c = _candidate(state, candidate_id)
    if c is None:
        return _failed(f"no candidate {candidate_id}")
    r = state.requisitions.get(requisition_id)
    if r is None:
        return _failed(f"no requisition {requisition_id}")
    if r["status"] != "open":
        return _failed(f"{requisition_id} is {r['status']}: it is not open for applications")
    if "processing" not in c["consent"]:
        return _failed(f"{c['name']} has not consented to processing their application")
    if any(a["candidate"] == candidate_id and a["req"] == requisition_id for a in state.applications.values()):
        return _failed(f"{c['name']} has applied for {requisition_id} already")
    aid = f"APP-{_next(state, 'APP')}"
    state.applications[aid] = {"candidate": candidate_id, "req": requisition_id, "stage": "applied",
                               "since": TODAY.isoformat(), "status": "active", "note": cover_note}
    return f"Application {aid} created at stage 'applied' for {r['title']}."


def find_applications(requisition_id: Optional[str] = None, stage: Optional[str] = None,
                      candidate_id: Optional[int] = None, state: State = None) -> List[list]:
    """Active applications as ``[application_id, candidate_id, name, requisition_id, stage, days_in_stage]`` rows."""
    _me(state)
    rows = []
    for aid, a in sorted(state.applications.items()):
        if a["status"] != "active" or (requisition_id and a["req"] != requisition_id) or (stage and a["stage"] != stage) \
                or (candidate_id is not None and a["candidate"] != candidate_id):
            continue
        days = (TODAY - date.fromisoformat(a["since"])).days
        rows.append([aid, a["candidate"], state.candidates[a["candidate"]]["name"], a["req"], a["stage"], days])
    return rows


def _application(state: State, application_id: str) -> Optional[dict]:
    a = state.applications.get(application_id)
    return a if a is not None and a["status"] == "active" else None


def move_stage(application_id: str, to_stage: str, state: State) -> str:
    """Move an application to another stage of its requisition's pipeline (not to offer or hired)."""
    _me(state)
    a = _application(state, application_id)
    if a is None:
        return _failed(f"no active application {application_id}")
    pipeline = _PIPELINES[state.requisitions[a["req"]]["dept"]]
    if to_stage not in pipeline:
        return _failed(f"unknown stage {to_stage!r} for this requisition")
    if to_stage in ("offer", "hired"):
        return _failed(f"applications reach {to_stage} through the offer workflow")
    if to_stage == a["stage"]:
        return _failed(f"{application_id} is at {to_stage} already")
    a["stage"], a["since"] = to_stage, TODAY.isoformat()
    return f"{application_id} moved to {to_stage}."


def reject_application(application_id: str, reason: str, notify: bool = True, state: State = None) -> str:
    """Reject an application with a reason code, and tell the candidate unless ``notify`` is false."""
    _me(state)
    a = _application(state, application_id)
    if a is None:
        return _failed(f"no active application {application_id}")
    if reason not in _REJECT_REASONS:
        return _failed(f"unknown rejection reason {reason!r}; use one of: {', '.join(_REJECT_REASONS)}")
    a["status"], a["reason"] = "rejected", reason
    return f"{application_id} rejected ({reason})" + ("; the candidate has been emailed." if notify else ".")


# ----------------------------------------------------------------------------- interviews and scorecards

def free_busy(user_ids: List[int], day: str, state: State) -> Dict[str, dict]:
    """Busy UTC intervals of users on a day, keyed by user id (unknown ids are left out)."""
    _me(state)
    return {str(u): {"name": _USERS[u]["name"],
                     "busy": [list(b) for b in state.calendars.get(u, []) if b[0].startswith(day)]}
            for u in user_ids if u in _USERS}


def schedule_interview(application_id: str, interviewer_ids: List[int], start_utc: str, minutes: int,
                       kind: Literal["phone", "video", "onsite"], state: State) -> str:
    """Book an interview for an application at an interview stage, with free interviewers.

    Parameters
    ----------
    start_utc : str
        UTC time, ``2025-06-12T14:00:00Z``.
    minutes : int
        Length, 15 to 240.
    """
    _me(state)
    start = _utc(start_utc)
    a = _application(state, application_id)
    if a is None:
        return _failed(f"no active application {application_id}")
    pipeline = _PIPELINES[state.requisitions[a["req"]]["dept"]]
    if a["stage"] not in pipeline[1:4]:
        return _failed(f"{application_id} is at '{a['stage']}'; move it to an interview stage first")
    if not interviewer_ids or not 15 <= minutes <= 240:
        return _failed("name at least one interviewer and a length of 15 to 240 minutes")
    end = start + timedelta(minutes=minutes)
    for u in interviewer_ids:
        user = _USERS.get(u)
        if user is None or user["role"] not in ("interviewer", "hiring_manager"):
            return _failed(f"user {u} cannot interview")
        for b0, b1 in state.calendars.get(u, []):
            if _utc(b0) < end and start < _utc(b1):
                return _failed(f"{user['name']} is busy from {b0[11:16]} to {b1[11:16]} UTC")
    iid = f"INT-{_next(state, 'INT')}"
    state.interviews[iid] = {"app": application_id, "start": start_utc, "minutes": minutes, "kind": kind,
                             "interviewers": list(interviewer_ids), "status": "scheduled"}
    for u in interviewer_ids:
        state.calendars.setdefault(u, []).append([start_utc, end.strftime("%Y-%m-%dT%H:%M:00Z")])
    names = ", ".join(_USERS[u]["name"] for u in interviewer_ids)
    cand = state.candidates[a["candidate"]]["name"]
    return f"Interview {iid} booked: {cand}, {kind}, {start_utc[:10]} {start_utc[11:16]} UTC, with {names}."


def interviews_for(application_id: str, state: State) -> List[list]:
    """An application's interviews as ``[interview_id, start_utc, kind, [interviewers], status, scorecard_id]`` rows."""
    _me(state)
    if application_id not in state.applications:
        return _failed(f"no application {application_id}")
    rows = []
    for iid, x in sorted(state.interviews.items(), key=lambda kv: kv[1]["start"]):
        if x["app"] == application_id:
            card = next((k for k, s in state.scorecards.items() if s["interview"] == iid), None)
            rows.append([iid, x["start"], x["kind"], [_USERS[u]["name"] for u in x["interviewers"]], x["status"], card])
    return rows


def cancel_interview(interview_id: str, reason: str, state: State) -> str:
    """Cancel a scheduled interview."""
    _me(state)
    x = state.interviews.get(interview_id)
    if x is None:
        return _failed(f"no interview {interview_id}")
    if x["status"] != "scheduled":
        return _failed(f"{interview_id} is {x['status']}")
    x["status"], x["reason"] = "cancelled", reason
    end = (_utc(x["start"]) + timedelta(minutes=x["minutes"])).strftime("%Y-%m-%dT%H:%M:00Z")
    for u in x["interviewers"]:
        if [x["start"], end] in state.calendars.get(u, []):
            state.calendars[u].remove([x["start"], end])
    return f"Interview {interview_id} cancelled."


def submit_scorecard(interview_id: str, template_id: str, ratings: List[int], recommendation: Recommendation,
                     notes: str, state: State) -> str:
    """Submit the scorecard of an interview: one rating (1-4) per competency of the template, in order."""
    _me(state)
    x = state.interviews.get(interview_id)
    if x is None:
        return _failed(f"no interview {interview_id}")
    if x["status"] == "cancelled":
        return _failed(f"{interview_id} was cancelled")
    if any(s["interview"] == interview_id for s in state.scorecards.values()):
        return _failed(f"{interview_id} has a scorecard already")
    tid, comps = _TEMPLATES[state.requisitions[state.applications[x["app"]]["req"]]["dept"]]
    if template_id != tid:
        return _failed(f"template {template_id!r} is not this requisition's scorecard template")
    if len(ratings) != len(comps) or not all(1 <= r <= 4 for r in ratings):
        return _failed(f"give {len(comps)} ratings from 1 to 4, in the template's order")
    sid = f"SC-{_next(state, 'SC')}"
    state.scorecards[sid] = {"interview": interview_id, "template": tid, "ratings": list(ratings),
                             "recommendation": recommendation, "notes": notes}
    return f"Scorecard {sid} submitted for {interview_id} ({recommendation})."


# ----------------------------------------------------------------------------- offers and hiring

def make_offer(application_id: str, base_salary: int, currency: Literal["GBP", "EUR"], start_date: str,
               state: State) -> str:
    """Draft an offer for an application with a positive scorecard, within the requisition's band."""
    _me(state)
    a = _application(state, application_id)
    if a is None:
        return _failed(f"no active application {application_id}")
    cards = [s for s in state.scorecards.values() if state.interviews[s["interview"]]["app"] == application_id]
    if not any(s["recommendation"] in ("yes", "strong_yes") for s in cards):
        return _failed(f"no positive scorecard on {application_id}")
    r = state.requisitions[a["req"]]
    low, high = _BANDS[r["band"]]
    if not low <= base_salary <= high:
        return _failed(f"salary {base_salary} is outside band {r['band']} ({low}-{high})")
    try:
        start = date.fromisoformat(start_date)
    except ValueError:
        return _failed("start_date is YYYY-MM-DD")
    if start <= TODAY:
        return _failed("the start date must be in the future")
    oid = f"OF-{_next(state, 'OF')}"
    state.offers[oid] = {"app": application_id, "salary": base_salary, "currency": currency, "start": start_date,
                         "status": "draft", "approval": None}
    a["stage"] = "offer"
    name = state.candidates[a["candidate"]]["name"]
    return f"Draft offer {oid} for {name}: {currency} {base_salary:,} from {start_date}."


def request_offer_approval(offer_id: str, approver_id: int, state: State) -> str:
    """Ask the head of talent to approve a draft offer."""
    _me(state)
    o = state.offers.get(offer_id)
    if o is None:
        return _failed(f"no offer {offer_id}")
    if o["status"] != "draft":
        return _failed(f"{offer_id} is {o['status']}")
    approver = _USERS.get(approver_id)
    if approver is None or approver["role"] != "head_of_talent":
        return _failed("offers are approved by the head of talent")
    aid = f"AR-{_next(state, 'AR')}"
    state.approvals[aid] = {"offer": offer_id, "approver": approver_id, "decision": None}
    o["status"], o["approval"] = "pending_approval", aid
    return f"Approval {aid} requested from {approver['name']} for offer {offer_id}."


def approve_offer(approval_id: str, decision: Literal["approve", "reject"], comment: str, state: State) -> str:
    """Decide an offer approval; only the approver it was sent to can. Returns the offer's new status."""
    me = _me(state)
    ap = state.approvals.get(approval_id)
    if ap is None:
        return _failed(f"no approval {approval_id}")
    if ap["decision"] is not None:
        return _failed(f"{approval_id} was decided already")
    if _USERS[ap["approver"]] is not me:
        return _failed(f"only {_USERS[ap['approver']]['name']} can decide {approval_id}")
    ap["decision"], ap["comment"] = decision, comment
    o = state.offers[ap["offer"]]
    o["status"] = "approved" if decision == "approve" else "draft"
    return o["status"]


def send_offer(offer_id: str, message: str, state: State) -> str:
    """Email an approved offer to the candidate; it stays open for seven days."""
    _me(state)
    o = state.offers.get(offer_id)
    if o is None:
        return _failed(f"no offer {offer_id}")
    if o["status"] != "approved":
        return _failed(f"{offer_id} is {o['status'].replace('_', ' ')}; it must be approved before it is sent")
    o["status"], o["message"] = "sent", message
    cand = state.candidates[state.applications[o["app"]]["candidate"]]
    expires = (TODAY + timedelta(days=7)).isoformat()
    state.outbox.append([cand["email"], f"Your offer from Northwind ({offer_id})"])
    return f"Offer {offer_id} sent to {cand['email']}; it expires on {expires}."


def record_offer_response(offer_id: str, response: Literal["accepted", "declined"], note: str, state: State) -> str:
    """Record the candidate's answer to a sent offer. Returns the offer's new status."""
    _me(state)
    o = state.offers.get(offer_id)
    if o is None:
        return _failed(f"no offer {offer_id}")
    if o["status"] != "sent":
        return _failed(f"{offer_id} is {o['status'].replace('_', ' ')}, not sent")
    o["status"], o["response_note"] = response, note
    return response


def _accepted(state: State, application_id: str) -> Optional[dict]:
    return next((o for o in state.offers.values() if o["app"] == application_id and o["status"] == "accepted"), None)


def start_background_check(application_id: str, package_code: str, state: State) -> str:
    """Order a background check once the candidate has accepted an offer."""
    _me(state)
    if _application(state, application_id) is None:
        return _failed(f"no active application {application_id}")
    if _accepted(state, application_id) is None:
        return _failed(f"no accepted offer on {application_id}")
    pkg = next((p for rows in _PACKAGES.values() for p in rows if p[0] == package_code), None)
    if pkg is None:
        return _failed(f"unknown package {package_code!r}")
    bid = f"BG-{_next(state, 'BG')}"
    state.checks[bid] = {"app": application_id, "package": package_code, "status": "in_progress"}
    return f"Background check {bid} started ({package_code}: {pkg[1]}), about {pkg[2]} working days."


def hire(application_id: str, start_date: str, state: State) -> dict:
    """Mark an application hired after an accepted offer; creates the employee record for HR.

    Returns
    -------
    dict
        ``{"employee": {...}, "requisition": {"requisition_id", "openings_left", "status"}}``.
    """
    _me(state)
    a = _application(state, application_id)
    if a is None:
        return _failed(f"no active application {application_id}")
    offer = _accepted(state, application_id)
    if offer is None:
        return _failed(f"no accepted offer on {application_id}")
    r = state.requisitions[a["req"]]
    eid = f"E-{_next(state, 'E')}"
    cand = state.candidates[a["candidate"]]
    state.employees[eid] = {"candidate": a["candidate"], "start": start_date, "req": a["req"]}
    a["stage"], a["status"] = "hired", "hired"
    r["filled"] += 1
    if r["filled"] >= r["headcount"]:
        r["status"] = "closed"
    return {"employee": {"employee_id": eid, "name": cand["name"], "start_date": start_date,
                         "salary": f"{offer['currency']} {offer['salary']}"},
            "requisition": {"requisition_id": a["req"], "openings_left": r["headcount"] - r["filled"],
                            "status": r["status"]}}


# ----------------------------------------------------------------------------- email, pools, notes

def list_email_templates(kind: Optional[Literal["invite", "rejection", "offer", "general"]] = None,
                         state: State = None) -> List[list]:
    """Email templates as ``[template_id, name, kind, merge_fields]`` rows."""
    _me(state)
    return [[t[0], t[1], t[2], list(t[3])] for t in _EMAIL_TEMPLATES if kind is None or t[2] == kind]


def send_email(candidate_id: int, template_id: int, merge: Dict[str, str], state: State) -> str:
    """Email a candidate from a template, filling its merge fields."""
    _me(state)
    c = _candidate(state, candidate_id)
    if c is None:
        return _failed(f"no candidate {candidate_id}")
    t = next((x for x in _EMAIL_TEMPLATES if x[0] == template_id), None)
    if t is None:
        return _failed(f"no email template {template_id}")
    missing = [f for f in t[3] if not str(merge.get(f, "")).strip()]
    if missing:
        return _failed(f"missing merge fields: {', '.join(missing)}")
    mid = f"MSG-{_next(state, 'MSG')}"
    state.outbox.append([c["email"], t[1], mid])
    return f"Email {mid} queued to {c['email']} ({t[1]})."


def list_pools(state: State) -> List[dict]:
    """Talent pools with their size."""
    _me(state)
    return [{"pool_id": k, "name": p["name"], "members": len(p["members"])} for k, p in sorted(state.pools.items())]


def add_to_pool(pool_id: str, candidate_ids: List[int], state: State) -> str:
    """Add candidates to a talent pool (each must have consented to being kept in one)."""
    _me(state)
    p = state.pools.get(pool_id)
    if p is None:
        return _failed(f"no pool {pool_id}")
    unknown = [c for c in candidate_ids if _candidate(state, c) is None]
    if unknown or not candidate_ids:
        return _failed(f"no candidates {unknown}" if unknown else "name at least one candidate")
    no_consent = [c for c in candidate_ids if "talent_pool" not in state.candidates[c]["consent"]]
    if no_consent:
        return _failed(f"no talent-pool consent for {no_consent}")
    new = [c for c in candidate_ids if c not in p["members"]]
    if not new:
        return _failed("already in the pool")
    p["members"].extend(new)
    return f"Added {len(new)} to {p['name']} ({len(p['members'])} members)."


def add_note(candidate_id: int, text: str, visibility: Literal["private", "hiring_team"], state: State) -> int:
    """Add a note to a candidate's profile; returns the note id."""
    me = _me(state)
    if _candidate(state, candidate_id) is None:
        return _failed(f"no candidate {candidate_id}")
    if not text.strip():
        return _failed("empty note")
    nid = _next(state, "note")
    state.notes[nid] = {"candidate": candidate_id, "by": me["name"], "text": text, "visibility": visibility}
    return nid


def FAILURE(reply) -> bool:  # noqa: N802 - the catalog convention's name
    """A HireLoop refusal that is returned rather than raised: ``{"status": "failed", ...}``."""
    return isinstance(reply, dict) and reply.get("status") == "failed"


TOOLS = [
    sign_in, elevate,
    list_departments, list_stages, list_tags, scorecard_template, list_check_packages, to_utc,
    list_users, open_requisition, find_requisitions, approve_requisition, publish_requisition, close_requisition,
    search_candidates, add_candidate, get_candidate, record_consent, tag_candidate, merge_candidates, erase_candidate,
    apply_to_requisition, find_applications, move_stage, reject_application,
    free_busy, schedule_interview, interviews_for, cancel_interview, submit_scorecard,
    make_offer, request_offer_approval, approve_offer, send_offer, record_offer_response, start_background_check, hire,
    list_email_templates, send_email, list_pools, add_to_pool, add_note,
]

# What a tester is handed: the recruiter's and the head of talent's logins, a new role as the
# hiring manager asked for it, a referral's details, an interview request in local time, and an
# agreed offer.
FIXTURES = {
    "recruiter_login": {"email": "priya.raman@northwind.example", "password": "Talent#2025"},
    "head_of_talent_login": {"email": "dana.whitfield@northwind.example", "password": "Offer-Desk-77"},
    "new_role": {"title": "Platform Engineer", "department": "Engineering", "location": "London", "headcount": 1,
                 "band": "B6", "hiring_manager": "Omar Haddad", "boards": ["linkedin", "company_site"]},
    "referral": {"name": "Jonas Berg", "email": "jonas.berg@example.com", "phone": "+44 7700 900318",
                 "source": "referral", "resume": "Eight years of Python and Kubernetes at two fintechs."},
    "interview_request": {"candidate": "Lena Fischer", "when": "2025-06-12 15:00", "timezone": "Europe/London",
                          "interviewer": "Kenji Mori", "minutes": 60, "kind": "video"},
    "agreed_offer": {"candidate": "Marcus Lee", "salary": 84000, "currency": "GBP", "start": "2025-08-04"},
}

_SESSION_USERS = [
    "elevate", "list_users", "open_requisition", "find_requisitions", "approve_requisition", "publish_requisition",
    "close_requisition", "search_candidates", "add_candidate", "get_candidate", "record_consent", "tag_candidate",
    "merge_candidates", "erase_candidate", "apply_to_requisition", "find_applications", "move_stage",
    "reject_application", "free_busy", "schedule_interview", "interviews_for", "cancel_interview", "submit_scorecard",
    "make_offer", "request_offer_approval", "approve_offer", "send_offer", "record_offer_response",
    "start_background_check", "hire", "list_email_templates", "send_email", "list_pools", "add_to_pool", "add_note",
]
_REQ_ANY = "open_requisition|find_requisitions"
_CAND_ANY = "search_candidates|add_candidate"
_APP_ANY = "apply_to_requisition|find_applications|get_candidate"
_APP_KNOWN = "find_applications|get_candidate"

GROUND_TRUTH = (
    [("sign_in", c, "auth: session kept in the client (state, not a token)") for c in _SESSION_USERS]
    + [("elevate", c, "role: admin mode on the session") for c in ("approve_requisition", "merge_candidates",
                                                                   "erase_candidate")]
    + [(_REQ_ANY, c, "id lookup/create: requisition id (in a sentence, or rows)")
       for c in ("approve_requisition", "publish_requisition", "close_requisition", "apply_to_requisition",
                 "list_stages", "scorecard_template")]
    + [(_CAND_ANY, c, "id lookup/create: candidate id (rows, or a bare int)")
       for c in ("get_candidate", "record_consent", "tag_candidate", "apply_to_requisition", "send_email",
                 "add_to_pool", "add_note", "erase_candidate")]
    + [(_APP_ANY, c, "id lookup/create: application id (sentence, rows, or nested by requisition)")
       for c in ("move_stage", "reject_application", "interviews_for", "schedule_interview")]
    + [(_APP_KNOWN, c, "id lookup: application id of a candidate far along")
       for c in ("make_offer", "start_background_check", "hire")]
    + [("list_users", c, "id lookup: user id (people name the person)")
       for c in ("open_requisition", "schedule_interview", "request_offer_approval")]
    + [("make_offer", c, "id create: offer id (in a sentence)")
       for c in ("request_offer_approval", "send_offer", "record_offer_response")]
    + [("schedule_interview|interviews_for", c, "id lookup/create: interview id (sentence, or rows)")
       for c in ("cancel_interview", "submit_scorecard")]
    + [("record_offer_response", c, "state: the offer must be accepted") for c in ("start_background_check", "hire")]
    + [
        ("list_departments", "open_requisition", "id lookup: department code (people say 'Engineering')"),
        ("search_candidates", "merge_candidates", "id lookup: the duplicate profiles"),
        ("approve_requisition", "publish_requisition", "state: only an approved requisition is posted"),
        ("publish_requisition", "apply_to_requisition", "state: applications need an open requisition"),
        ("record_consent", "apply_to_requisition", "state: consent to processing comes first"),
        ("record_consent", "add_to_pool", "state: talent-pool consent"),
        ("list_tags", "tag_candidate", "vocabulary: tag taxonomy"),
        ("list_stages", "move_stage", "vocabulary: the requisition's pipeline stage keys"),
        ("list_check_packages", "start_background_check", "vocabulary: background-check package codes"),
        ("list_email_templates", "send_email", "id lookup: template id (int)"),
        ("list_pools", "add_to_pool", "id lookup: pool id"),
        ("to_utc", "schedule_interview", "format: UTC start time (a bare string)"),
        ("move_stage", "schedule_interview", "state: the application must be at an interview stage"),
        ("scorecard_template", "submit_scorecard", "id lookup: template id and its number of competencies"),
        ("submit_scorecard", "make_offer", "state: an offer needs a positive scorecard"),
        ("request_offer_approval", "approve_offer", "id create: approval id (in a sentence)"),
        ("approve_offer", "send_offer", "state: only an approved offer is sent"),
        ("send_offer", "record_offer_response", "state: only a sent offer is answered"),
    ]
)

PLAUSIBLE = {
    ("list_users", "free_busy"), ("free_busy", "schedule_interview"), ("find_applications", "list_stages"),
    ("find_applications", "scorecard_template"), ("find_requisitions", "find_applications"),
    ("open_requisition", "find_applications"), ("search_candidates", "find_applications"),
    ("add_candidate", "find_applications"), ("get_candidate", "list_stages"), ("get_candidate", "scorecard_template"),
    ("interviews_for", "make_offer"), ("schedule_interview", "make_offer"), ("scorecard_template", "make_offer"),
    ("make_offer", "approve_offer"), ("make_offer", "start_background_check"), ("make_offer", "hire"),
    ("request_offer_approval", "send_offer"), ("approve_offer", "record_offer_response"),
    ("send_offer", "start_background_check"), ("send_offer", "hire"), ("list_users", "approve_offer"),
    ("search_candidates", "find_applications"), ("search_candidates", "make_offer"),
    ("search_candidates", "move_stage"), ("search_candidates", "reject_application"),
    ("search_candidates", "interviews_for"), ("search_candidates", "schedule_interview"),
    ("apply_to_requisition", "cancel_interview"), ("apply_to_requisition", "submit_scorecard"),
    ("find_applications", "cancel_interview"), ("find_applications", "submit_scorecard"),
    ("list_departments", "find_requisitions"), ("approve_requisition", "apply_to_requisition"),
    ("list_email_templates", "send_offer"), ("get_candidate", "send_email"),
    ("elevate", "publish_requisition"), ("add_candidate", "merge_candidates"), ("list_tags", "search_candidates"),
    ("move_stage", "interviews_for"), ("list_stages", "schedule_interview"),
}
