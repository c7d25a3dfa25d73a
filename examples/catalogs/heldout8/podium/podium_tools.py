"""Podium: the back office of a conference management service (41 calls).

Plain functions over an in-memory ``State`` of Podium's hosted instance for the Nordic Systems
Conference 2026 (``nsc26``, Uppsala, 15-18 June 2026) and its co-located workshop (``wasp26``)
on Tuesday 10 March 2026: people, submissions and their authors, the programme committee,
reviews and decisions, the conference programme (sessions, rooms, talks), registrations,
invoices, badges and check-in, and mail to authors and reviewers.

Sign-in is by e-mailed one-time code: ``request_sign_in_code`` mails a six-digit code, and
``verify_sign_in_code`` exchanges it for a session (``session.token`` in its JSON reply). Chair
actions also need the session *elevated* to the chair role the person holds, by typing their
password again (``elevate_session``); the elevation is kept on the session.

Replies are JSON text (``json.dumps``) or a sentence with the new record's id inside; refusals are
raised (``PodiumError`` subclasses with a machine code). Docstrings are NumPy style.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as
provider means either tool satisfies it, and the text of ``what`` before its first ``:`` is the
kind.
"""

import copy
import enum
import json
from datetime import date, datetime, timedelta
from typing import Literal, Optional

TODAY = date(2026, 3, 10)
NOW = datetime(2026, 3, 10, 10, 15)


class PodiumError(Exception):
    """A refusal from Podium; ``code`` is the machine-readable reason."""

    code = "podium.error"

    def __init__(self, message: str) -> None:
        super().__init__(f"[{self.code}] {message}")


class NotSignedIn(PodiumError):
    code = "auth.session_invalid"


class Forbidden(PodiumError):
    code = "auth.forbidden"


class NotFound(PodiumError):
    code = "not_found"


class Conflict(PodiumError):
    code = "conflict"


class Invalid(PodiumError):
    code = "invalid_request"


class Role(str, enum.Enum):
    """Chair roles a session can be elevated to."""

    PROGRAM_CHAIR = "program_chair"
    REGISTRATION_CHAIR = "registration_chair"


class Decision(str, enum.Enum):
    ACCEPT = "accept"
    REJECT = "reject"


Confidence = Literal["low", "medium", "high"]
PaymentMethod = Literal["card", "bank_transfer"]

_CONFLICT_RELATIONS = ("coauthor_last_3_years", "same_institution", "advisor_or_advisee", "family_or_friend",
                       "financial")


def _person(name, affiliation, email, code=None, password=None, roles=()):
    return {"name": name, "affiliation": affiliation, "email": email, "otp": code, "password": password,
            "roles": list(roles), "bio": ""}


def _sub(title, track, status, authors, abstract="", decision=None):
    return {"conference": "nsc26", "title": title, "track": track, "status": status, "authors": list(authors),
            "abstract": abstract, "decision": decision, "pdf": None, "camera_ready": None, "presenter": None,
            "conflicts": []}


class State:
    """Podium on Tuesday 10 March 2026, 10:15, reviewing closes on Thursday."""

    def __init__(self) -> None:
        self.people = {
            "u_1001": _person("Marta Lindqvist", "KTH Royal Institute of Technology", "marta.lindqvist@kth.example",
                              "604918", "Gotland-Ferry-9", ["program_chair"]),
            "u_1002": _person("Ana Sousa", "NSC Conference Office", "ana.sousa@nsc-office.example", "250316",
                              "Tram28-Lisboa", ["registration_chair"]),
            "u_1003": _person("Tomasz Wren", "University of Warsaw", "t.wren@uw.example", "771205"),
            "u_1004": _person("Hiroko Sato", "Tohoku University", "h.sato@tohoku.example"),
            "u_1005": _person("Felix Brandt", "ETH Zurich", "felix.brandt@eth.example"),
            "u_1006": _person("Priya Raman", "Aalto University", "priya.raman@aalto.example", "552047"),
            "u_1007": _person("Jonas Berg", "KTH Royal Institute of Technology", "jonas.berg@kth.example"),
            "u_1008": _person("Lena Okafor", "Chalmers University of Technology", "lena.okafor@chalmers.example",
                              "118822"),
            "u_1009": _person("Samuel Ortiz", "Uppsala University", "samuel.ortiz@uu.example"),
            "u_1010": _person("Claire Dubois", "Inria Rennes", "claire.dubois@inria.example"),
            "u_1011": _person("Mikael Nyström", "Ericsson Research", "mikael.nystrom@ericsson.example"),
        }
        self.conferences = {
            "nsc26": {"name": "Nordic Systems Conference 2026", "city": "Uppsala", "start": "2026-06-15",
                      "end": "2026-06-18", "currency": "EUR", "program_published": False,
                      "tracks": [{"code": "SYS", "name": "Systems", "call_open": False},
                                 {"code": "NET", "name": "Networking", "call_open": False},
                                 {"code": "SEC", "name": "Security and Privacy", "call_open": False},
                                 {"code": "IND", "name": "Industry and Experience", "call_open": True}],
                      "deadlines": {"papers": "2026-02-20", "industry": "2026-03-31", "reviews": "2026-03-12",
                                    "notification": "2026-03-20", "camera_ready": "2026-04-24"},
                      "rooms": [{"code": "AULA", "name": "Aula Magna", "capacity": 400},
                                {"code": "HALL-B", "name": "Hall B", "capacity": 120},
                                {"code": "HALL-C", "name": "Hall C", "capacity": 120},
                                {"code": "ROOM-4", "name": "Seminar room 4", "capacity": 40}],
                      "tickets": [{"code": "FULL-ACAD", "label": "Full conference, academic", "price": 450.0},
                                  {"code": "FULL-IND", "label": "Full conference, industry", "price": 690.0},
                                  {"code": "STUDENT", "label": "Full conference, student", "price": 220.0},
                                  {"code": "DAY-PASS", "label": "One day", "price": 180.0}]},
            "wasp26": {"name": "Workshop on Adaptive Storage Pipelines 2026", "city": "Uppsala", "start": "2026-06-15",
                       "end": "2026-06-15", "currency": "EUR", "program_published": False,
                       "tracks": [{"code": "MAIN", "name": "Workshop papers", "call_open": True}],
                       "deadlines": {"papers": "2026-04-10"},
                       "rooms": [{"code": "ROOM-4", "name": "Seminar room 4", "capacity": 40}],
                       "tickets": [{"code": "WORKSHOP", "label": "Workshop day", "price": 150.0}]},
        }
        self.submissions = {
            101: _sub("Tail-Latency Aware Scheduling for Disaggregated Memory", "SYS", "submitted",
                      ["u_1008", "u_1007"]),
            102: _sub("Verified Zero-Copy Networking in Rust", "NET", "submitted", ["u_1006", "u_1008"]),
            103: _sub("A Measurement Study of Post-Quantum TLS Handshakes", "SEC", "submitted", ["u_1007"]),
            104: _sub("Energy Accounting for Serverless Functions", "SYS", "accepted", ["u_1008", "u_1006"],
                      decision="accept"),
            105: _sub("Learned Index Structures on Persistent Memory", "SYS", "draft", ["u_1008"]),
            106: _sub("Kernel Bypass for Industrial PLC Gateways", "IND", "draft", ["u_1008", "u_1011"]),
        }
        self.pc = [
            {"conference": "nsc26", "person": "u_1003", "track": "SYS"},
            {"conference": "nsc26", "person": "u_1004", "track": "SYS"},
            {"conference": "nsc26", "person": "u_1009", "track": "SYS"},
            {"conference": "nsc26", "person": "u_1005", "track": "NET"},
            {"conference": "nsc26", "person": "u_1009", "track": "NET"},
            {"conference": "nsc26", "person": "u_1010", "track": "SEC"},
            {"conference": "nsc26", "person": "u_1005", "track": "IND"},
            {"conference": "nsc26", "person": "u_1003", "track": "NET"},
        ]
        self.reviews = {
            "R-5011": {"submission": 101, "reviewer": "u_1004", "due": "2026-03-12", "state": "submitted",
                       "overall": 2, "confidence": "high", "comments": "Solid evaluation; clarify the tail model."},
            "R-5012": {"submission": 101, "reviewer": "u_1003", "due": "2026-03-12", "state": "pending",
                       "overall": None, "confidence": None, "comments": None},
            "R-5021": {"submission": 102, "reviewer": "u_1005", "due": "2026-03-12", "state": "submitted",
                       "overall": 1, "confidence": "medium", "comments": "Nice proofs, small benchmark."},
            "R-5022": {"submission": 102, "reviewer": "u_1009", "due": "2026-03-12", "state": "submitted",
                       "overall": 2, "confidence": "medium", "comments": "Convincing; please compare to DPDK."},
            "R-5041": {"submission": 104, "reviewer": "u_1003", "due": "2026-02-27", "state": "submitted",
                       "overall": 3, "confidence": "high", "comments": "Strong accept."},
            "R-5042": {"submission": 104, "reviewer": "u_1009", "due": "2026-02-27", "state": "submitted",
                       "overall": 2, "confidence": "medium", "comments": "Useful tool, good artifact."},
        }
        self.program = {
            "S-01": {"conference": "nsc26", "title": "Opening and keynote", "room": "AULA", "day": "2026-06-16",
                     "start": "09:00", "minutes": 60, "talks": []},
            "S-02": {"conference": "nsc26", "title": "Memory systems", "room": "HALL-B", "day": "2026-06-16",
                     "start": "11:00", "minutes": 90, "talks": []},
            "S-03": {"conference": "nsc26", "title": "Networks I", "room": "HALL-C", "day": "2026-06-16",
                     "start": "14:00", "minutes": 90, "talks": []},
        }
        self.registrations = {
            "REG-3001": {"conference": "nsc26", "name": "Lena Okafor", "email": "lena.okafor@chalmers.example",
                         "ticket": "FULL-ACAD", "invoice": "INV-7001", "state": "confirmed", "badge": None,
                         "checked_in": False},
            "REG-3002": {"conference": "nsc26", "name": "Priya Raman", "email": "priya.raman@aalto.example",
                         "ticket": "STUDENT", "invoice": "INV-7002", "state": "confirmed", "badge": None,
                         "checked_in": False},
            "REG-3003": {"conference": "nsc26", "name": "Jonas Berg", "email": "jonas.berg@kth.example",
                         "ticket": "FULL-ACAD", "invoice": "INV-7003", "state": "confirmed", "badge": "B-0007",
                         "checked_in": False},
        }
        self.invoices = {
            "INV-7001": {"registration": "REG-3001", "amount": 450.0, "paid": 450.0, "currency": "EUR"},
            "INV-7002": {"registration": "REG-3002", "amount": 220.0, "paid": 0.0, "currency": "EUR"},
            "INV-7003": {"registration": "REG-3003", "amount": 405.0, "paid": 405.0, "currency": "EUR"},
        }
        self.discounts = {"NORDIC10": 10, "SPEAKER15": 15}
        self.badges = {"B-0007": {"registration": "REG-3003", "name": "Jonas Berg", "checked_in": False}}
        self.pending_codes = {}
        self.sessions = {}
        self.outbox = []
        self.payments = []
        self.letters = []
        self.counters = {"session": 0, "submission": 106, "review": 5100, "program": 3, "registration": 3003,
                         "invoice": 7003, "badge": 7, "payment": 880, "letter": 40}


# ----------------------------------------------------------------------------- helpers

def _next(state: State, key: str) -> int:
    state.counters[key] += 1
    return state.counters[key]


def _session(state: State, token: str) -> dict:
    s = state.sessions.get(token)
    if s is None:
        raise NotSignedIn("session token is missing, unknown or expired; sign in again")
    return s


def _elevated(state: State, token: str, role: Role) -> dict:
    s = _session(state, token)
    if role.value not in state.people[s["person"]]["roles"]:
        raise Forbidden(f"this action needs the {role.value} role")
    if s.get("elevated") != role.value:
        raise Forbidden(f"this action needs a session elevated to {role.value}; confirm your password first")
    return s


def _conf(state: State, conference_id: str) -> dict:
    c = state.conferences.get(str(conference_id).strip().lower())
    if c is None:
        raise NotFound(f"no conference {conference_id!r}")
    return c


def _submission(state: State, submission_id: int) -> dict:
    try:
        s = state.submissions.get(int(submission_id))
    except (TypeError, ValueError):
        s = None
    if s is None:
        raise NotFound(f"no submission #{submission_id}")
    return s


def _author_of(state: State, token: str, submission_id: int) -> dict:
    s = _session(state, token)
    sub = _submission(state, submission_id)
    if s["person"] not in sub["authors"]:
        raise Forbidden(f"you are not an author of submission #{submission_id}")
    return sub


def _registration(state: State, registration_id: str) -> dict:
    r = state.registrations.get(str(registration_id).strip().upper())
    if r is None:
        raise NotFound(f"no registration {registration_id!r}")
    return r


def _paid(state: State, reg: dict) -> bool:
    inv = state.invoices[reg["invoice"]]
    return inv["paid"] >= inv["amount"] - 0.005


def _sub_view(state: State, sid: int) -> dict:
    s = state.submissions[sid]
    return {"id": sid, "conference": s["conference"], "title": s["title"], "track": s["track"], "status": s["status"],
            "authors": [{"person_id": a, "name": state.people[a]["name"]} for a in s["authors"]]}


# ----------------------------------------------------------------------------- sign-in

def request_sign_in_code(email: str, state: State) -> str:
    """Mail a one-time sign-in code to a person's address.

    Parameters
    ----------
    email : str
        The address the person registered with Podium.

    Returns
    -------
    str
        A confirmation sentence; the code itself only arrives by e-mail and expires in 10 minutes.
    """
    address = email.strip().lower()
    for pid, p in state.people.items():
        if p["email"] == address:
            if p["otp"] is None:
                raise Forbidden("this account has no verified e-mail sign-in; ask the conference office")
            state.pending_codes[address] = p["otp"]
            user, _, domain = address.partition("@")
            return f"A 6-digit sign-in code was sent to {user[0]}***@{domain}. It expires in 10 minutes."
    raise NotFound("no Podium account with that e-mail address")


def verify_sign_in_code(email: str, code: str, state: State) -> str:
    """Exchange the e-mailed code for a session.

    Parameters
    ----------
    email : str
        The address the code was sent to.
    code : str
        The six digits from the e-mail.

    Returns
    -------
    str
        JSON: ``session`` (``token``, ``expires_at``), ``person`` (``id``, ``name``, ``affiliation``) and the
        chair ``roles`` the person holds.
    """
    address = email.strip().lower()
    expected = state.pending_codes.get(address)
    if expected is None:
        raise NotSignedIn("no sign-in code is pending for this address; request a new one")
    if str(code).replace(" ", "") != expected:
        raise NotSignedIn("the code does not match")
    del state.pending_codes[address]
    pid = next(k for k, p in state.people.items() if p["email"] == address)
    n = _next(state, "session")
    token = f"pst_{n:03d}{pid[-4:]}x{(n * 7919) % 9973:04d}"
    state.sessions[token] = {"person": pid, "elevated": None}
    p = state.people[pid]
    return json.dumps({"session": {"token": token, "expires_at": "2026-03-10T18:15:00+01:00"},
                       "person": {"id": pid, "name": p["name"], "affiliation": p["affiliation"]},
                       "roles": p["roles"]})


def elevate_session(session_token: str, role: Role, password: str, state: State) -> str:
    """Elevate a session to a chair role the person holds by confirming their password.

    Parameters
    ----------
    session_token : str
        From ``verify_sign_in_code``.
    role : Role
        ``program_chair`` or ``registration_chair``.
    password : str
        The person's Podium password.
    """
    s = _session(state, session_token)
    role = Role(role)
    p = state.people[s["person"]]
    if role.value not in p["roles"]:
        raise Forbidden(f"{p['name']} does not hold the {role.value} role")
    if p["password"] != password:
        raise NotSignedIn("password does not match")
    if s["elevated"] == role.value:
        raise Conflict(f"session is already elevated to {role.value}")
    s["elevated"] = role.value
    return f"Session elevated to {role.value} for {p['name']} until 10:45."


# ----------------------------------------------------------------------------- conferences

def list_conferences(state: State) -> str:
    """List the conferences hosted on this instance as rows ``[id, name, start, end]``."""
    return json.dumps([[k, c["name"], c["start"], c["end"]] for k, c in state.conferences.items()])


def get_conference(conference_id: str, state: State) -> str:
    """Get a conference's dates, deadlines and tracks (with each track's code and whether its call is open).

    Parameters
    ----------
    conference_id : str
        Short id such as ``nsc26``.
    """
    c = _conf(state, conference_id)
    return json.dumps({"id": conference_id.strip().lower(), "name": c["name"], "city": c["city"],
                       "dates": [c["start"], c["end"]], "deadlines": c["deadlines"], "tracks": c["tracks"],
                       "program_published": c["program_published"]})


def list_rooms(conference_id: str, state: State) -> str:
    """List the rooms of a conference venue with their codes and capacity."""
    return json.dumps({"rooms": _conf(state, conference_id)["rooms"]})


def list_ticket_types(conference_id: str, state: State) -> str:
    """List a conference's registration ticket types and prices (EUR)."""
    c = _conf(state, conference_id)
    return json.dumps([dict(t, currency=c["currency"]) for t in c["tickets"]])


# ----------------------------------------------------------------------------- people

def find_people(session_token: str, name: str, state: State) -> str:
    """Search people by (part of) their name.

    Returns
    -------
    str
        JSON rows ``[person_id, name, affiliation, email]``.
    """
    _session(state, session_token)
    q = name.strip().lower()
    if len(q) < 3:
        raise Invalid("search needs at least 3 characters")
    return json.dumps([[pid, p["name"], p["affiliation"], p["email"]] for pid, p in state.people.items()
                       if q in p["name"].lower()])


def get_my_profile(session_token: str, state: State) -> str:
    """The signed-in person's profile, submissions and review load."""
    s = _session(state, session_token)
    pid = s["person"]
    p = state.people[pid]
    return json.dumps({"id": pid, "name": p["name"], "affiliation": p["affiliation"], "email": p["email"],
                       "bio": p["bio"], "roles": p["roles"], "elevated": s["elevated"],
                       "submissions": [k for k, v in state.submissions.items() if pid in v["authors"]],
                       "open_reviews": sum(1 for r in state.reviews.values()
                                           if r["reviewer"] == pid and r["state"] == "pending")})


def update_my_profile(session_token: str, affiliation: Optional[str] = None, bio: Optional[str] = None,
                      state: State = None) -> str:
    """Change the signed-in person's affiliation or short bio (shown in the programme)."""
    s = _session(state, session_token)
    p = state.people[s["person"]]
    changes = {k: v for k, v in (("affiliation", affiliation), ("bio", bio)) if v is not None and p[k] != v}
    if not changes:
        raise Conflict("nothing to change: the profile already says that")
    p.update(changes)
    return f"Profile of {p['name']} updated ({', '.join(sorted(changes))})."


# ----------------------------------------------------------------------------- submissions

def create_submission(session_token: str, conference_id: str, track: str, title: str, abstract: str,
                      coauthor_emails: list[str], state: State) -> str:
    """Start a draft submission with the signed-in person as first author.

    Parameters
    ----------
    track : str
        A track code of the conference whose call is open.
    coauthor_emails : list[str]
        Co-authors' Podium e-mail addresses (may be empty).
    """
    s = _session(state, session_token)
    c = _conf(state, conference_id)
    tr = next((t for t in c["tracks"] if t["code"] == track), None)
    if tr is None:
        raise Invalid(f"unknown track {track!r} for {conference_id}")
    if not tr["call_open"]:
        raise Conflict(f"the call for track {track} is closed")
    if len(title.strip()) < 10:
        raise Invalid("title is too short")
    authors = [s["person"]]
    for e in coauthor_emails:
        pid = next((k for k, p in state.people.items() if p["email"] == e.strip().lower()), None)
        if pid is None:
            raise NotFound(f"no Podium account for co-author {e}; they must sign up first")
        if pid not in authors:
            authors.append(pid)
    sid = _next(state, "submission")
    state.submissions[sid] = _sub(title.strip(), track, "draft", authors, abstract)
    state.submissions[sid]["conference"] = conference_id.strip().lower()
    return f"Draft submission #{sid} \"{title.strip()}\" created in track {track}; upload the PDF to submit it."


def search_submissions(session_token: str, conference_id: str, query: Optional[str] = None,
                       track: Optional[str] = None, status: Optional[str] = None, state: State = None) -> str:
    """Search a conference's submissions by words of the title or an author's name.

    Authors see their own submissions; the programme chair and PC members see all but drafts.

    Returns
    -------
    str
        JSON ``{"total": n, "hits": [{"submission": {"id", "title", "track", "status", ...}}]}``.
    """
    s = _session(state, session_token)
    conf = conference_id.strip().lower()
    _conf(state, conf)
    pid = s["person"]
    privileged = "program_chair" in state.people[pid]["roles"] or any(m["person"] == pid for m in state.pc)
    hits = []
    for sid, sub in state.submissions.items():
        if sub["conference"] != conf:
            continue
        mine = pid in sub["authors"]
        if not mine and (not privileged or sub["status"] == "draft"):
            continue
        names = " ".join(state.people[a]["name"] for a in sub["authors"]).lower()
        if query and not all(w in (sub["title"].lower() + " " + names) for w in query.lower().split()):
            continue
        if track and sub["track"] != track:
            continue
        if status and sub["status"] != status:
            continue
        hits.append({"submission": _sub_view(state, sid)})
    return json.dumps({"total": len(hits), "hits": hits})


def get_submission(session_token: str, submission_id: int, state: State) -> str:
    """Get one submission: title, abstract, authors, status, files and presenter."""
    _session(state, session_token)
    sub = _submission(state, submission_id)
    out = _sub_view(state, int(submission_id))
    out.update({"abstract": sub["abstract"], "pdf": sub["pdf"], "camera_ready": sub["camera_ready"],
                "presenter": sub["presenter"]})
    return json.dumps(out)


def submit_submission(session_token: str, submission_id: int, pdf_file_name: str, page_count: int,
                      state: State) -> str:
    """Upload the PDF of a draft and submit it for review (the track's call must be open)."""
    sub = _author_of(state, session_token, submission_id)
    if sub["status"] != "draft":
        raise Conflict(f"submission #{submission_id} is {sub['status']}, not a draft")
    tr = next(t for t in state.conferences[sub["conference"]]["tracks"] if t["code"] == sub["track"])
    if not tr["call_open"]:
        raise Conflict(f"the call for track {sub['track']} closed; the draft can no longer be submitted")
    if not pdf_file_name.lower().endswith(".pdf"):
        raise Invalid("the paper must be a PDF")
    if not 1 <= int(page_count) <= 12:
        raise Invalid("papers are limited to 12 pages")
    sub.update(status="submitted", pdf=pdf_file_name)
    return f"Submission #{submission_id} submitted for review ({page_count} pages)."


def withdraw_submission(session_token: str, submission_id: int, reason: str, state: State) -> str:
    """Withdraw a submission; reviews in progress are cancelled."""
    sub = _author_of(state, session_token, submission_id)
    if sub["status"] == "withdrawn":
        raise Conflict("already withdrawn")
    if sub["status"] == "accepted":
        raise Conflict("accepted papers are withdrawn through the programme chair")
    sub.update(status="withdrawn", withdraw_reason=reason)
    for r in state.reviews.values():
        if r["submission"] == int(submission_id) and r["state"] == "pending":
            r["state"] = "cancelled"
    return f"Submission #{submission_id} withdrawn."


def upload_camera_ready(session_token: str, submission_id: int, pdf_file_name: str, page_count: int,
                        copyright_form_signed: bool, state: State) -> str:
    """Upload the final version of an accepted paper (copyright form required)."""
    sub = _author_of(state, session_token, submission_id)
    if sub["status"] != "accepted":
        raise Conflict(f"submission #{submission_id} is {sub['status']}; only accepted papers have a camera-ready")
    if not copyright_form_signed:
        raise Invalid("the copyright form must be signed")
    if not 1 <= int(page_count) <= 14:
        raise Invalid("camera-ready papers are limited to 14 pages")
    sub["camera_ready"] = pdf_file_name
    return f"Camera-ready {pdf_file_name} stored for submission #{submission_id}."


def confirm_presenter(session_token: str, submission_id: int, presenter_email: str, state: State) -> str:
    """Name which author presents an accepted paper; they need a paid registration for the conference."""
    sub = _author_of(state, session_token, submission_id)
    if sub["status"] != "accepted":
        raise Conflict("only accepted papers have a presenter")
    address = presenter_email.strip().lower()
    pid = next((a for a in sub["authors"] if state.people[a]["email"] == address), None)
    if pid is None:
        raise Invalid("the presenter must be one of the paper's authors")
    regs = [r for r in state.registrations.values()
            if r["email"] == address and r["conference"] == sub["conference"] and r["state"] == "confirmed"]
    if not any(_paid(state, r) for r in regs):
        raise Conflict("the presenter has no paid registration for this conference")
    if sub["presenter"] == pid:
        raise Conflict("that author is already the presenter")
    sub["presenter"] = pid
    return f"{state.people[pid]['name']} will present #{submission_id}."


# ----------------------------------------------------------------------------- committee and reviews

def list_pc_members(session_token: str, conference_id: str, track: Optional[str] = None,
                    state: State = None) -> str:
    """List the programme committee as rows ``[person_id, name, track, open_reviews]``."""
    _session(state, session_token)
    conf = conference_id.strip().lower()
    _conf(state, conf)
    return json.dumps([[m["person"], state.people[m["person"]]["name"], m["track"],
                        sum(1 for r in state.reviews.values() if r["reviewer"] == m["person"] and r["state"] == "pending")]
                       for m in state.pc if m["conference"] == conf and (track is None or m["track"] == track)])


def add_pc_member(session_token: str, conference_id: str, person_id: str, track: str, state: State) -> str:
    """Add a person to a track's programme committee (programme chair, elevated session)."""
    _elevated(state, session_token, Role.PROGRAM_CHAIR)
    conf = conference_id.strip().lower()
    c = _conf(state, conf)
    if person_id not in state.people:
        raise NotFound(f"no person {person_id}")
    if track not in [t["code"] for t in c["tracks"]]:
        raise Invalid(f"unknown track {track!r}")
    if any(m["conference"] == conf and m["person"] == person_id and m["track"] == track for m in state.pc):
        raise Conflict(f"{state.people[person_id]['name']} is already on the {track} committee")
    state.pc.append({"conference": conf, "person": person_id, "track": track})
    return f"{state.people[person_id]['name']} added to the {track} programme committee of {conf}."


def declare_conflict(session_token: str, submission_id: int, person_id: str, relation: str, state: State) -> str:
    """Record a conflict of interest between a submission and a person (by an author or the chair)."""
    s = _session(state, session_token)
    sub = _submission(state, submission_id)
    if s["person"] not in sub["authors"] and "program_chair" not in state.people[s["person"]]["roles"]:
        raise Forbidden("only the authors or the programme chair can declare conflicts")
    if person_id not in state.people:
        raise NotFound(f"no person {person_id}")
    if relation not in _CONFLICT_RELATIONS:
        raise Invalid(f"relation must be one of {', '.join(_CONFLICT_RELATIONS)}")
    if any(c["person"] == person_id for c in sub["conflicts"]):
        raise Conflict("a conflict with this person is already recorded")
    sub["conflicts"].append({"person": person_id, "relation": relation})
    return f"Conflict recorded: {state.people[person_id]['name']} ({relation}) on #{submission_id}."


def assign_reviewer(session_token: str, submission_id: int, person_id: str, state: State) -> str:
    """Assign a PC member of the paper's track to review a submitted paper (programme chair, elevated).

    Returns
    -------
    str
        JSON ``{"assignment": {"review_id", "submission_id", "reviewer", "due"}}``.
    """
    _elevated(state, session_token, Role.PROGRAM_CHAIR)
    sub = _submission(state, submission_id)
    sid = int(submission_id)
    if sub["status"] != "submitted":
        raise Conflict(f"submission #{sid} is {sub['status']}; only submitted papers are reviewed")
    if not any(m["person"] == person_id and m["track"] == sub["track"] and m["conference"] == sub["conference"]
               for m in state.pc):
        raise Conflict(f"{person_id} is not on the {sub['track']} programme committee")
    if person_id in sub["authors"] or any(c["person"] == person_id for c in sub["conflicts"]):
        raise Conflict("the reviewer has a conflict of interest with this submission")
    if any(r["submission"] == sid and r["reviewer"] == person_id for r in state.reviews.values()):
        raise Conflict("already assigned")
    rid = f"R-{_next(state, 'review')}"
    state.reviews[rid] = {"submission": sid, "reviewer": person_id, "due": "2026-03-24", "state": "pending",
                          "overall": None, "confidence": None, "comments": None}
    return json.dumps({"assignment": {"review_id": rid, "submission_id": sid,
                                      "reviewer": {"id": person_id, "name": state.people[person_id]["name"]},
                                      "due": "2026-03-24"}})


def list_my_reviews(session_token: str, state: State) -> str:
    """The signed-in reviewer's assignments as rows ``[review_id, submission_id, title, due, state]``."""
    s = _session(state, session_token)
    return json.dumps([[rid, r["submission"], state.submissions[r["submission"]]["title"], r["due"], r["state"]]
                       for rid, r in state.reviews.items() if r["reviewer"] == s["person"]])


def submit_review(session_token: str, review_id: str, overall: int, confidence: Confidence, comments: str,
                  state: State) -> str:
    """Submit a review assigned to the signed-in reviewer.

    Parameters
    ----------
    overall : int
        From -3 (strong reject) to 3 (strong accept).
    confidence : {"low", "medium", "high"}
    comments : str
        Comments for the authors, at least 20 characters.
    """
    s = _session(state, session_token)
    r = state.reviews.get(review_id)
    if r is None:
        raise NotFound(f"no review {review_id}")
    if r["reviewer"] != s["person"]:
        raise Forbidden("this review is assigned to someone else")
    if r["state"] != "pending":
        raise Conflict(f"review {review_id} is {r['state']}")
    if not -3 <= int(overall) <= 3:
        raise Invalid("overall must be between -3 and 3")
    if len(comments.strip()) < 20:
        raise Invalid("comments must be at least 20 characters")
    r.update(state="submitted", overall=int(overall), confidence=confidence, comments=comments.strip())
    return f"Review {review_id} for #{r['submission']} submitted."


def get_reviews(session_token: str, submission_id: int, state: State) -> str:
    """All reviews of a submission with scores (programme chair, elevated)."""
    _elevated(state, session_token, Role.PROGRAM_CHAIR)
    _submission(state, submission_id)
    rows = [{"review_id": rid, "reviewer": state.people[r["reviewer"]]["name"], "state": r["state"],
             "overall": r["overall"], "confidence": r["confidence"], "comments": r["comments"]}
            for rid, r in state.reviews.items() if r["submission"] == int(submission_id)]
    done = [r["overall"] for r in rows if r["state"] == "submitted"]
    return json.dumps({"submission_id": int(submission_id), "reviews": rows,
                       "average": round(sum(done) / len(done), 2) if done else None})


def make_decision(session_token: str, submission_id: int, decision: Decision, note: str, state: State) -> str:
    """Accept or reject a submission once all its reviews are in (programme chair, elevated)."""
    _elevated(state, session_token, Role.PROGRAM_CHAIR)
    sub = _submission(state, submission_id)
    decision = Decision(decision)
    sid = int(submission_id)
    revs = [r for r in state.reviews.values() if r["submission"] == sid and r["state"] != "cancelled"]
    if sub["status"] not in ("submitted", "accepted", "rejected"):
        raise Conflict(f"submission #{sid} is {sub['status']}")
    if len(revs) < 2 or any(r["state"] != "submitted" for r in revs):
        raise Conflict(f"submission #{sid} has {sum(r['state'] == 'submitted' for r in revs)} of "
                       f"{max(len(revs), 2)} reviews in; decide once all are submitted")
    new = "accepted" if decision is Decision.ACCEPT else "rejected"
    if sub["status"] == new:
        raise Conflict(f"submission #{sid} is already {new}")
    sub.update(status=new, decision=decision.value, decision_note=note)
    return f"Submission #{sid} {new}."


def send_reviewer_reminder(session_token: str, review_ids: list[str], message: str, state: State) -> str:
    """Mail a reminder to the reviewers of pending reviews (programme chair, elevated)."""
    _elevated(state, session_token, Role.PROGRAM_CHAIR)
    if not review_ids:
        raise Invalid("no reviews given")
    to = []
    for rid in review_ids:
        r = state.reviews.get(rid)
        if r is None:
            raise NotFound(f"no review {rid}")
        if r["state"] != "pending":
            raise Conflict(f"review {rid} is already {r['state']}")
        to.append(state.people[r["reviewer"]]["email"])
    state.outbox.append({"to": to, "subject": "Review reminder", "body": message})
    return f"Reminder sent to {len(to)} reviewer(s)."


def email_authors(session_token: str, submission_ids: list[int], subject: str, body: str, state: State) -> str:
    """Mail the authors of some submissions (programme chair, elevated)."""
    _elevated(state, session_token, Role.PROGRAM_CHAIR)
    to = []
    for sid in submission_ids:
        to += [state.people[a]["email"] for a in _submission(state, sid)["authors"]]
    if not to:
        raise Invalid("no recipients")
    if not subject.strip() or not body.strip():
        raise Invalid("subject and body are required")
    state.outbox.append({"to": sorted(set(to)), "subject": subject, "body": body})
    return f"Message \"{subject}\" queued to {len(set(to))} author(s)."


# ----------------------------------------------------------------------------- programme

def list_program(conference_id: str, day: Optional[str] = None, state: State = None) -> str:
    """The conference programme by day, with each session's id, room, time and talks."""
    conf = conference_id.strip().lower()
    _conf(state, conf)
    days = {}
    for pid, p in sorted(state.program.items(), key=lambda kv: (kv[1]["day"], kv[1]["start"])):
        if p["conference"] != conf or (day and p["day"] != day):
            continue
        days.setdefault(p["day"], []).append({
            "id": pid, "title": p["title"], "room": p["room"], "start": p["start"], "minutes": p["minutes"],
            "talks": [[t["submission"], state.submissions[t["submission"]]["title"], t["minutes"]] for t in p["talks"]]})
    return json.dumps({"days": [{"date": d, "sessions": s} for d, s in days.items()]})


def _check_slot(state: State, conf: str, room: str, day: str, start: str, minutes: int, skip: str = None) -> None:
    c = state.conferences[conf]
    if room not in [r["code"] for r in c["rooms"]]:
        raise Invalid(f"unknown room {room!r}")
    if not c["start"] <= day <= c["end"]:
        raise Invalid("day is outside the conference dates")
    try:
        t0 = datetime.strptime(f"{day} {start}", "%Y-%m-%d %H:%M")
    except ValueError:
        raise Invalid("day must be YYYY-MM-DD and start HH:MM") from None
    t1 = t0 + timedelta(minutes=int(minutes))
    for pid, p in state.program.items():
        if pid == skip or p["conference"] != conf or p["room"] != room or p["day"] != day:
            continue
        p0 = datetime.strptime(f"{p['day']} {p['start']}", "%Y-%m-%d %H:%M")
        if t0 < p0 + timedelta(minutes=p["minutes"]) and p0 < t1:
            raise Conflict(f"{room} is taken by {pid} at that time")


def create_program_session(session_token: str, conference_id: str, title: str, room: str, day: str, start: str,
                           minutes: int, state: State) -> str:
    """Create a programme session in a room (programme chair, elevated)."""
    _elevated(state, session_token, Role.PROGRAM_CHAIR)
    conf = conference_id.strip().lower()
    _conf(state, conf)
    _check_slot(state, conf, room, day, start, minutes)
    pid = f"S-{_next(state, 'program'):02d}"
    state.program[pid] = {"conference": conf, "title": title, "room": room, "day": day, "start": start,
                          "minutes": int(minutes), "talks": []}
    return f"Session {pid} \"{title}\" created in {room} on {day} at {start}."


def schedule_talk(session_token: str, program_session_id: str, submission_id: int, minutes: int,
                  state: State) -> str:
    """Put an accepted paper's talk into a programme session (programme chair, elevated)."""
    _elevated(state, session_token, Role.PROGRAM_CHAIR)
    p = state.program.get(program_session_id)
    if p is None:
        raise NotFound(f"no programme session {program_session_id}")
    sub = _submission(state, submission_id)
    if sub["status"] != "accepted":
        raise Conflict(f"submission #{submission_id} is {sub['status']}; only accepted papers get a talk")
    if any(t["submission"] == int(submission_id) for q in state.program.values() for t in q["talks"]):
        raise Conflict("this paper already has a talk slot")
    if sum(t["minutes"] for t in p["talks"]) + int(minutes) > p["minutes"]:
        raise Conflict("the session is full")
    p["talks"].append({"submission": int(submission_id), "minutes": int(minutes)})
    return f"#{submission_id} scheduled in {program_session_id} ({minutes} min)."


def move_program_session(session_token: str, program_session_id: str, room: str, start: str,
                         state: State) -> str:
    """Move a programme session to another room or start time on its day (programme chair, elevated)."""
    _elevated(state, session_token, Role.PROGRAM_CHAIR)
    p = state.program.get(program_session_id)
    if p is None:
        raise NotFound(f"no programme session {program_session_id}")
    if (p["room"], p["start"]) == (room, start):
        raise Conflict("the session is already there")
    _check_slot(state, p["conference"], room, p["day"], start, p["minutes"], skip=program_session_id)
    p.update(room=room, start=start)
    return f"{program_session_id} moved to {room} at {start}."


def publish_program(session_token: str, conference_id: str, state: State) -> str:
    """Publish the programme on the conference website (programme chair, elevated)."""
    _elevated(state, session_token, Role.PROGRAM_CHAIR)
    c = _conf(state, conference_id)
    if c["program_published"]:
        raise Conflict("the programme is already published")
    c["program_published"] = True
    return f"Programme of {c['name']} published."


# ----------------------------------------------------------------------------- registration

def register_attendee(session_token: str, conference_id: str, ticket_type: str, attendee_name: str,
                      attendee_email: str, discount_code: Optional[str] = None, state: State = None) -> str:
    """Register someone for a conference and raise their invoice.

    Returns
    -------
    str
        JSON ``{"registration": {"id", "ticket", "invoice": {"number", "amount_due", "currency"}}}``.
    """
    _session(state, session_token)
    conf = conference_id.strip().lower()
    c = _conf(state, conf)
    t = next((t for t in c["tickets"] if t["code"] == ticket_type), None)
    if t is None:
        raise Invalid(f"unknown ticket type {ticket_type!r}")
    if "@" not in attendee_email:
        raise Invalid("attendee_email is not an address")
    email = attendee_email.strip().lower()
    if any(r["email"] == email and r["conference"] == conf and r["state"] == "confirmed"
           for r in state.registrations.values()):
        raise Conflict(f"{email} is already registered for {conf}")
    amount = t["price"]
    if discount_code:
        pct = state.discounts.get(discount_code.strip().upper())
        if pct is None:
            raise Invalid("discount code not recognised")
        amount = round(amount * (100 - pct) / 100, 2)
    rid = f"REG-{_next(state, 'registration')}"
    inv = f"INV-{_next(state, 'invoice')}"
    state.registrations[rid] = {"conference": conf, "name": attendee_name, "email": email, "ticket": ticket_type,
                                "invoice": inv, "state": "confirmed", "badge": None, "checked_in": False}
    state.invoices[inv] = {"registration": rid, "amount": amount, "paid": 0.0, "currency": c["currency"]}
    return json.dumps({"registration": {"id": rid, "ticket": ticket_type, "name": attendee_name,
                                        "invoice": {"number": inv, "amount_due": amount, "currency": c["currency"]}}})


def find_registration(session_token: str, conference_id: str, email: str, state: State) -> str:
    """Find a conference registration by the attendee's e-mail address."""
    _session(state, session_token)
    conf = conference_id.strip().lower()
    for rid, r in state.registrations.items():
        if r["conference"] == conf and r["email"] == email.strip().lower():
            inv = state.invoices[r["invoice"]]
            return json.dumps({"registration_id": rid, "name": r["name"], "ticket": r["ticket"], "state": r["state"],
                               "invoice_number": r["invoice"], "paid": _paid(state, r), "badge": r["badge"]})
    raise NotFound(f"no registration for {email} at {conference_id}")


def get_invoice(session_token: str, invoice_number: str, state: State) -> str:
    """An invoice's amount, what is paid and the balance due."""
    _session(state, session_token)
    inv = state.invoices.get(invoice_number.strip().upper())
    if inv is None:
        raise NotFound(f"no invoice {invoice_number}")
    return json.dumps({"number": invoice_number.strip().upper(), "registration_id": inv["registration"],
                       "amount": inv["amount"], "paid": inv["paid"], "balance_due": round(inv["amount"] - inv["paid"], 2),
                       "currency": inv["currency"]})


def pay_invoice(session_token: str, invoice_number: str, amount: float, method: PaymentMethod,
                state: State) -> str:
    """Record a payment of an invoice's full balance."""
    _session(state, session_token)
    inv = state.invoices.get(invoice_number.strip().upper())
    if inv is None:
        raise NotFound(f"no invoice {invoice_number}")
    due = round(inv["amount"] - inv["paid"], 2)
    if due <= 0:
        raise Conflict("invoice is already paid")
    if abs(float(amount) - due) > 0.005:
        raise Invalid(f"amount must be the balance due of the invoice")
    inv["paid"] = inv["amount"]
    pay = f"PAY-{_next(state, 'payment')}"
    state.payments.append({"id": pay, "invoice": invoice_number, "amount": due, "method": method})
    return f"Payment {pay} of EUR {due:.2f} by {method} recorded on {invoice_number.strip().upper()}."


def cancel_registration(session_token: str, registration_id: str, reason: str, state: State) -> str:
    """Cancel a registration and refund what was paid (registration chair, elevated)."""
    _elevated(state, session_token, Role.REGISTRATION_CHAIR)
    r = _registration(state, registration_id)
    if r["state"] == "cancelled":
        raise Conflict("already cancelled")
    if r["checked_in"]:
        raise Conflict("the attendee has checked in")
    r.update(state="cancelled", cancel_reason=reason)
    inv = state.invoices[r["invoice"]]
    refund, inv["paid"] = inv["paid"], 0.0
    return f"Registration {registration_id} cancelled; EUR {refund:.2f} refunded."


def issue_badge(session_token: str, registration_id: str, name_on_badge: Optional[str] = None,
                state: State = None) -> str:
    """Print the badge of a paid registration (registration chair, elevated)."""
    _elevated(state, session_token, Role.REGISTRATION_CHAIR)
    r = _registration(state, registration_id)
    if r["state"] != "confirmed":
        raise Conflict(f"registration is {r['state']}")
    if not _paid(state, r):
        raise Conflict("the invoice is not paid; badges are printed for paid registrations only")
    if r["badge"]:
        raise Conflict(f"a badge ({r['badge']}) was already printed; reprints go through the office")
    b = f"B-{_next(state, 'badge'):04d}"
    r["badge"] = b
    state.badges[b] = {"registration": registration_id.strip().upper(), "name": name_on_badge or r["name"],
                       "checked_in": False}
    return f"Badge {b} printed for {name_on_badge or r['name']}."


def check_in(session_token: str, badge_number: str, state: State) -> str:
    """Check an attendee in at the desk by badge number (registration chair, elevated)."""
    _elevated(state, session_token, Role.REGISTRATION_CHAIR)
    b = state.badges.get(badge_number.strip().upper())
    if b is None:
        raise NotFound(f"no badge {badge_number}")
    if b["checked_in"]:
        raise Conflict("already checked in")
    b["checked_in"] = True
    state.registrations[b["registration"]]["checked_in"] = True
    return f"{b['name']} checked in."


def request_invitation_letter(session_token: str, registration_id: str, passport_number: str, nationality: str,
                              state: State) -> str:
    """Issue a visa invitation letter for a paid registration."""
    _session(state, session_token)
    r = _registration(state, registration_id)
    if not _paid(state, r):
        raise Conflict("invitation letters are issued for paid registrations only")
    if len(passport_number.strip()) < 6:
        raise Invalid("passport number looks incomplete")
    n = f"LTR-{_next(state, 'letter')}"
    state.letters.append({"id": n, "registration": registration_id, "passport": passport_number,
                          "nationality": nationality})
    return f"Invitation letter {n} for {r['name']} ({nationality}) will be mailed as PDF within one working day."


TOOLS = [
    request_sign_in_code, verify_sign_in_code, elevate_session,
    list_conferences, get_conference, list_rooms, list_ticket_types,
    find_people, get_my_profile, update_my_profile,
    create_submission, search_submissions, get_submission, submit_submission, withdraw_submission,
    upload_camera_ready, confirm_presenter,
    list_pc_members, add_pc_member, declare_conflict, assign_reviewer, list_my_reviews, submit_review, get_reviews,
    make_decision, send_reviewer_reminder, email_authors,
    list_program, create_program_session, schedule_talk, move_program_session, publish_program,
    register_attendee, find_registration, get_invoice, pay_invoice, cancel_registration, issue_badge, check_in,
    request_invitation_letter,
]

FIXTURES = {
    "conference": {"id": "nsc26", "name": "the Nordic Systems Conference in Uppsala this June"},
    "attendee_at_desk": {"name": "Jonas Berg", "badge": "B-0007"},
    "program_chair": {"name": "Marta Lindqvist", "email": "marta.lindqvist@kth.example",
                      "code_from_email": "604918", "password": "Gotland-Ferry-9"},
    "registration_chair": {"name": "Ana Sousa", "email": "ana.sousa@nsc-office.example",
                           "code_from_email": "250316", "password": "Tram28-Lisboa"},
    "reviewer": {"name": "Tomasz Wren", "email": "t.wren@uw.example", "code_from_email": "771205"},
    "author": {"name": "Lena Okafor", "email": "lena.okafor@chalmers.example", "code_from_email": "118822",
               "passport": "A07718254", "nationality": "Nigerian"},
    "student_author": {"name": "Priya Raman", "email": "priya.raman@aalto.example", "code_from_email": "552047",
                       "passport": "N4471920", "nationality": "Indian"},
    "new_paper": {"title": "Lessons from Migrating a PLC Fleet to eBPF Telemetry", "track": "Industry and Experience",
                  "coauthor": "mikael.nystrom@ericsson.example"},
    "new_attendee": {"name": "Mikael Nyström", "email": "mikael.nystrom@ericsson.example", "ticket": "industry",
                     "discount_code": "NORDIC10"},
}

_SESSION = ["find_people", "get_my_profile", "update_my_profile", "create_submission", "search_submissions",
            "get_submission", "submit_submission", "withdraw_submission", "upload_camera_ready", "confirm_presenter",
            "list_pc_members", "declare_conflict", "list_my_reviews", "submit_review", "register_attendee",
            "find_registration", "get_invoice", "pay_invoice", "request_invitation_letter", "elevate_session"]
_PROGRAM_CHAIR = ["add_pc_member", "assign_reviewer", "get_reviews", "make_decision", "send_reviewer_reminder",
                  "email_authors", "create_program_session", "schedule_talk", "move_program_session",
                  "publish_program"]
_REG_CHAIR = ["cancel_registration", "issue_badge", "check_in"]
_SUB = "search_submissions|create_submission"

GROUND_TRUTH = (
    [("request_sign_in_code", "verify_sign_in_code", "auth: a code must be mailed before it is verified")]
    + [("verify_sign_in_code", c, "auth: session token (session.token)") for c in _SESSION + _PROGRAM_CHAIR + _REG_CHAIR]
    + [("elevate_session", c, "auth: session elevated to the programme chair role") for c in _PROGRAM_CHAIR]
    + [("elevate_session", c, "auth: session elevated to the registration chair role") for c in _REG_CHAIR]
    + [(_SUB, c, "id lookup/create: submission id (hits[].submission.id, or #n in the sentence)")
       for c in ("get_submission", "submit_submission", "withdraw_submission", "declare_conflict", "email_authors")]
    + [("search_submissions", c, "id lookup: submission id (hits[].submission.id)")
       for c in ("assign_reviewer", "get_reviews", "make_decision", "upload_camera_ready", "confirm_presenter",
                 "schedule_talk")]
    + [("find_people", c, "id lookup: person id (row cell)") for c in ("add_pc_member", "declare_conflict")]
    + [("list_pc_members|find_people", "assign_reviewer", "id lookup: person id of a PC member (row cell)")]
    + [("list_my_reviews|assign_reviewer", "submit_review",
        "id lookup/create: review id (row cell, or assignment.review_id)")]
    + [("get_reviews|assign_reviewer", "send_reviewer_reminder",
        "id lookup/create: review ids of pending reviews (reviews[].review_id, or assignment.review_id)")]
    + [("list_program|create_program_session", c, "id lookup/create: programme session id (days[].sessions[].id, "
        "or S-nn in the sentence)") for c in ("schedule_talk", "move_program_session")]
    + [("register_attendee|find_registration", c, "id lookup/create: registration id (registration.id or "
        "registration_id)") for c in ("cancel_registration", "issue_badge", "request_invitation_letter")]
    + [("register_attendee|find_registration", c, "id lookup/create: invoice number (registration.invoice.number "
        "or invoice_number)") for c in ("get_invoice", "pay_invoice")]
    + [("issue_badge", "check_in", "id create: badge number (B-nnnn in the sentence)")]
    + [
        ("get_conference", "create_submission", "vocabulary: track codes (tracks[].code, call open)"),
        ("get_conference", "add_pc_member", "vocabulary: track codes (tracks[].code)"),
        ("list_rooms", "create_program_session", "vocabulary: room codes (rooms[].code)"),
        ("list_rooms", "move_program_session", "vocabulary: room codes (rooms[].code)"),
        ("list_ticket_types", "register_attendee", "vocabulary: ticket type codes"),
        ("get_invoice", "pay_invoice", "value: amount is the invoice's balance due"),
        ("submit_submission", "assign_reviewer", "state: only submitted papers are reviewed"),
        ("add_pc_member", "assign_reviewer", "state: the reviewer must be on the track's committee"),
        ("submit_review", "make_decision", "state: all reviews must be submitted before a decision"),
        ("make_decision", "upload_camera_ready", "state: only accepted papers have a camera-ready"),
        ("make_decision", "schedule_talk", "state: only accepted papers get a talk"),
        ("make_decision", "confirm_presenter", "state: only accepted papers have a presenter"),
        ("pay_invoice", "confirm_presenter", "state: the presenter needs a paid registration"),
        ("pay_invoice", "issue_badge", "state: badges are printed for paid registrations"),
        ("pay_invoice", "request_invitation_letter", "state: letters are issued for paid registrations"),
    ]
)

PLAUSIBLE = {
    ("list_conferences", "get_conference"), ("list_conferences", "list_rooms"), ("list_conferences", "list_ticket_types"),
    ("list_conferences", "search_submissions"), ("list_conferences", "list_program"),
    ("get_my_profile", "search_submissions"), ("get_my_profile", "list_my_reviews"),
    ("get_my_profile", "update_my_profile"), ("get_submission", "assign_reviewer"),
    ("get_submission", "make_decision"), ("get_reviews", "make_decision"), ("list_pc_members", "add_pc_member"),
    ("get_conference", "search_submissions"), ("get_conference", "list_pc_members"),
    ("list_program", "create_program_session"), ("create_program_session", "list_program"),
    ("get_invoice", "cancel_registration"), ("find_registration", "confirm_presenter"),
    ("register_attendee", "confirm_presenter"), ("find_registration", "check_in"), ("issue_badge", "find_registration"),
    ("get_submission", "upload_camera_ready"), ("get_submission", "confirm_presenter"),
    ("declare_conflict", "assign_reviewer"), ("assign_reviewer", "list_my_reviews"),
    ("find_people", "get_my_profile"), ("make_decision", "email_authors"),
}
