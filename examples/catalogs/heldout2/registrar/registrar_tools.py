"""Registrar: the back-office API of a university registrar's office (39 tools).

Staff sign in (password or an integration's service key) and elevate with a supervisor PIN for
overrides and grade-change approvals. Students are found by name and date of birth or by email, or
admitted; holds (financial, advising) block registration until paid or cleared; course sections are
searched by term; enrolment needs open registration, no holds, seats and prerequisites (or an
override); waitlists, drops, enrolment letters, grade changes, official transcripts behind an
identity check, course and section set-up with classrooms, degree audits and graduation
applications. Plain Python functions over an in-memory ``RegistrarState``; today is 2025-08-18.

Conventions, modelled on public agent back ends: every tool returns a string: JSON text on success
(sometimes a plain sentence with the new record's id inside), and ``"Error: ..."`` when it refuses;
nothing raises (``FAILURE`` is the predicate that tells such a refusal). Dates are YYYY-MM-DD; term codes, subject codes, grades, weekday codes and payment
methods are spelled out only by the error messages.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as
provider means either tool satisfies it; the text of ``what`` before its first ``:`` is the kind.
"""

import hashlib
import json
import re
from dataclasses import dataclass, field
from datetime import date, datetime
from typing import Literal, Optional

TODAY = "2025-08-18"
_GRADES = ("A", "A-", "B+", "B", "B-", "C+", "C", "C-", "D", "F")
_PASSING = _GRADES[:8]
_SUBJECTS = ("CS", "MATH", "HIST", "ECON")
_DAYS = ("MO", "TU", "WE", "TH", "FR")
_PROGRAMS = [["BSC-CS", "BSc Computer Science", "Science"], ["BA-HIST", "BA History", "Humanities"],
             ["BSC-MATH", "BSc Mathematics", "Science"], ["BA-ECON", "BA Economics", "Social Sciences"]]
_ADVISORS = {"adv-31": ("Dr. Priya Nair", "Computer Science"), "adv-44": ("Dr. Tomas Berg", "History"),
             "adv-52": ("Dr. Ines Duarte", "Mathematics")}
_INSTRUCTORS = {"ins-210": "Dr. Hana Ito", "ins-233": "Prof. Marcus Reed", "ins-257": "Dr. Hana Iverson"}
_ROOMS = [["SCI-101", "Science Hall", 120], ["SCI-214", "Science Hall", 35], ["HUM-B12", "Humanities Building", 20],
          ["LIB-305", "Library", 45]]
_MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]


def _seed_students() -> dict:
    return {
        "2023-0412": {"first": "Mia", "last": "Schulz", "dob": "2004-09-17", "email": "mia.schulz@uni.example",
                      "program": "BSC-CS", "preferred": None, "id_last4": "4471", "balance": 350.0,
                      "holds": {"H-501": ["financial", 350.0, "Bursar"], "H-502": ["advising", 0.0, "CS department"]},
                      "advising_logged": False,
                      "history": [["2024FA", "CS 201", "B-", "40112"], ["2025SP", "CS 202", "C", "40588"],
                                  ["2025SP", "MATH 110", "B+", "40601"]]},
        "2021-0088": {"first": "Luca", "last": "Moretti", "dob": "2003-01-05", "email": "luca.moretti@uni.example",
                      "program": "BA-HIST", "preferred": None, "id_last4": "9032", "balance": 0.0, "holds": {},
                      "advising_logged": True,
                      "history": [["2024FA", "HIST 380", "A-", "40230"], ["2025SP", "HIST 410", "B", "40702"],
                                  ["2025SP", "ECON 101", "C+", "40755"]]},
    }


def _seed_sections() -> dict:
    rows = [("41872", "CS 301", "Algorithms", "ins-210", 30, 12, "CS 202", ["MO", "WE"], "10:00", "SCI-214"),
            ("41873", "CS 340", "Databases", "ins-233", 25, 25, "CS 202", ["TU", "TH"], "13:00", "SCI-214"),
            ("41910", "HIST 490", "Senior seminar", "ins-233", 12, 1, None, ["FR"], "09:00", "HUM-B12"),
            ("41955", "MATH 210", "Linear algebra", "ins-257", 40, 18, None, ["MO", "WE", "FR"], "08:00", None),
            ("41990", "CS 480", "Machine learning", "ins-210", 20, 19, "CS 301", ["TU", "TH"], "15:00", "SCI-101")]
    return {("2025FA", crn): {"course": c, "title": t, "instructor": i, "capacity": cap, "enrolled": n, "prereq": p,
                              "days": d, "time": tm, "room": r} for crn, c, t, i, cap, n, p, d, tm, r in rows}


@dataclass
class RegistrarState:
    staff: dict = field(default_factory=lambda: {"rg-1187": {"password": "Quad!Reg2025", "pin": "660914",
                                                             "name": "Oskar Lind"}})
    service_keys: dict = field(default_factory=lambda: {"svc_reg_9f2c71d04b": "rg-1187"})
    tokens: dict = field(default_factory=dict)
    elevated: dict = field(default_factory=dict)
    students: dict = field(default_factory=_seed_students)
    terms: list = field(default_factory=lambda: [["2025SU", "Summer 2025", "closed"], ["2025FA", "Fall 2025", "open"],
                                                  ["2026SP", "Spring 2026", "not yet open"]])
    sections: dict = field(default_factory=_seed_sections)
    enrollments: dict = field(default_factory=lambda: {("2021-0088", "2025FA", "41910"): "enrolled"})
    waitlists: dict = field(default_factory=dict)
    overrides: dict = field(default_factory=dict)
    payments: list = field(default_factory=list)
    advising: list = field(default_factory=list)
    grade_changes: dict = field(default_factory=lambda: {"GC-77": {"student": "2021-0088", "term": "2025SP", "crn": "40755",
                                                                   "old": "C+", "new": "B-", "status": "pending",
                                                                   "reason": "Final exam re-marked"}})
    verifications: dict = field(default_factory=dict)
    transcript_orders: dict = field(default_factory=dict)
    courses: dict = field(default_factory=lambda: {"CRS-1201": ["CS", "301", "Algorithms", 4],
                                                   "CRS-1202": ["CS", "340", "Databases", 4],
                                                   "CRS-1260": ["HIST", "490", "Senior seminar", 6]})
    audits: dict = field(default_factory=dict)
    graduation: dict = field(default_factory=dict)
    counter: int = 300


State = RegistrarState


def _next(state: RegistrarState) -> int:
    state.counter += 1
    return state.counter


def _h(text: str, n: int = 6) -> str:
    return hashlib.sha1(text.encode()).hexdigest()[:n]


def _j(obj) -> str:
    return json.dumps(obj)


def FAILURE(reply) -> bool:
    """True for a refusal: these tools refuse by returning an ``"Error: ..."`` string."""
    return isinstance(reply, str) and reply.startswith("Error: ")


def _who(state: RegistrarState, token: str) -> Optional[str]:
    return state.tokens.get(token)


_BAD_TOKEN = "Error: session expired or invalid token"


def _iso(text: str) -> bool:
    try:
        datetime.strptime(text, "%Y-%m-%d")
        return True
    except (TypeError, ValueError):
        return False


def _term(state: RegistrarState, term_code: str) -> Optional[list]:
    return next((t for t in state.terms if t[0] == term_code), None)


# ----------------------------------------------------------------------------- sign-in

def staff_sign_in(staff_id: str, password: str, state: RegistrarState) -> str:
    """Sign in to the registrar back office."""
    s = state.staff.get(staff_id.strip().lower())
    if s is None or s["password"] != password:
        return "Error: invalid staff id or password"
    tok = "rg_" + _h(staff_id + str(_next(state)), 16)
    state.tokens[tok] = staff_id.strip().lower()
    return _j({"token": tok, "name": s["name"], "role": "registrar_clerk"})


def sign_in_with_service_key(service_key: str, state: RegistrarState) -> str:
    """Sign in as an integration with a service key."""
    staff = state.service_keys.get(service_key.strip())
    if staff is None:
        return "Error: unknown service key"
    tok = "rg_" + _h(service_key + str(_next(state)), 16)
    state.tokens[tok] = staff
    return _j({"token": tok, "role": "integration"})


def elevate_session(token: str, supervisor_pin: str, state: RegistrarState) -> str:
    """Step up to supervisor rights (overrides, grade-change approvals) with the supervisor PIN."""
    user = _who(state, token)
    if user is None:
        return _BAD_TOKEN
    if state.staff[user]["pin"] != supervisor_pin:
        return "Error: wrong PIN"
    et = "rgx_" + _h(token + str(_next(state)), 16)
    state.elevated[et] = user
    return _j({"elevated_token": et, "expires_in": 900})


def parse_date(text: str) -> str:
    """A date as people write it ('17 September 2004', 'Sept 17, 2004', '17.09.2004') as YYYY-MM-DD."""
    t = text.strip().lower().replace(",", " ")
    m = re.fullmatch(r"(\d{1,2})[./](\d{1,2})[./](\d{4})", t)
    try:
        if m:
            return date(int(m.group(3)), int(m.group(2)), int(m.group(1))).isoformat()
        parts = t.split()
        month = next((i + 1 for i, mn in enumerate(_MONTHS) for p in parts if p.isalpha() and p.startswith(mn)), None)
        nums = [int(p) for p in parts if p.isdigit()]
        if month is None or len(nums) != 2:
            return f"Error: cannot read a date from {text!r}"
        day, year = (nums[0], nums[1]) if nums[1] > 31 else (nums[1], nums[0])
        return date(year, month, day).isoformat()
    except ValueError:
        return f"Error: no such date {text!r}"


# ----------------------------------------------------------------------------- students

def find_student(token: str, last_name: str, birth_date: str, state: RegistrarState) -> str:
    """Find students by last name and date of birth (YYYY-MM-DD)."""
    if _who(state, token) is None:
        return _BAD_TOKEN
    if not _iso(birth_date):
        return "Error: birth_date must be YYYY-MM-DD"
    hits = [{"student_id": sid, "name": f"{s['first']} {s['last']}", "program": s["program"]}
            for sid, s in state.students.items() if s["last"].lower() == last_name.strip().lower() and s["dob"] == birth_date]
    return _j({"students": hits})


def find_student_by_email(token: str, email: str, state: RegistrarState) -> str:
    if _who(state, token) is None:
        return _BAD_TOKEN
    sid = next((k for k, s in state.students.items() if s["email"] == email.strip().lower()), None)
    if sid is None:
        return "Error: no student with that email"
    return _j({"student_id": sid, "name": f"{state.students[sid]['first']} {state.students[sid]['last']}"})


def list_programs(token: str, state: RegistrarState) -> str:
    """Degree programmes as rows [program_code, name, faculty]."""
    if _who(state, token) is None:
        return _BAD_TOKEN
    return _j(_PROGRAMS)


def admit_student(token: str, first_name: str, last_name: str, birth_date: str, email: str, program_code: str,
                  state: RegistrarState) -> str:
    """Admit a new student into a programme, starting Fall 2025."""
    if _who(state, token) is None:
        return _BAD_TOKEN
    if not _iso(birth_date):
        return "Error: birth_date must be YYYY-MM-DD"
    if program_code not in [p[0] for p in _PROGRAMS]:
        return f"Error: unknown program {program_code!r}"
    if any(s["email"] == email.strip().lower() for s in state.students.values()):
        return "Error: a student with this email exists"
    sid = f"2025-{_next(state):04d}"
    state.students[sid] = {"first": first_name.strip(), "last": last_name.strip(), "dob": birth_date,
                           "email": email.strip().lower(), "program": program_code, "preferred": None, "id_last4": None,
                           "balance": 0.0, "holds": {}, "advising_logged": False, "history": []}
    return f"Admitted {first_name.strip()} {last_name.strip()} as student {sid} to {program_code}, starting 2025FA."


def get_student_record(token: str, student_id: str, state: RegistrarState) -> str:
    if _who(state, token) is None:
        return _BAD_TOKEN
    s = state.students.get(student_id)
    if s is None:
        return f"Error: student {student_id} not found"
    return _j({"student_id": student_id, "name": f"{s['first']} {s['last']}", "preferred_name": s["preferred"],
               "email": s["email"], "program": s["program"], "birth_date": s["dob"], "holds": len(s["holds"])})


def set_preferred_name(token: str, student_id: str, preferred_name: str, state: RegistrarState) -> str:
    """Record the name a student wants used on class lists and their ID card."""
    if _who(state, token) is None:
        return _BAD_TOKEN
    s = state.students.get(student_id)
    if s is None:
        return f"Error: student {student_id} not found"
    if not preferred_name.strip() or len(preferred_name) > 60:
        return "Error: preferred name must be 1-60 characters"
    if s["preferred"] == preferred_name.strip():
        return f"Error: preferred name is already {s['preferred']!r}"
    s["preferred"] = preferred_name.strip()
    return f"Preferred name for {student_id} set to {s['preferred']}."


def list_holds(token: str, student_id: str, state: RegistrarState) -> str:
    """Holds on a student's account as rows [hold_id, type, amount, placed_by]."""
    if _who(state, token) is None:
        return _BAD_TOKEN
    s = state.students.get(student_id)
    if s is None:
        return f"Error: student {student_id} not found"
    return _j([[h, *v] for h, v in s["holds"].items()])


def get_account_balance(token: str, student_id: str, state: RegistrarState) -> str:
    if _who(state, token) is None:
        return _BAD_TOKEN
    s = state.students.get(student_id)
    if s is None:
        return f"Error: student {student_id} not found"
    return f"{s['balance']:.2f}"


def record_payment(token: str, student_id: str, amount: float,
                   method: Literal["card", "bank_transfer", "cash", "scholarship"], reference: str,
                   state: RegistrarState) -> str:
    """Record a payment against a student's balance."""
    if _who(state, token) is None:
        return _BAD_TOKEN
    s = state.students.get(student_id)
    if s is None:
        return f"Error: student {student_id} not found"
    if method not in ("card", "bank_transfer", "cash", "scholarship"):
        return f"Error: unknown payment method {method!r}"
    if s["balance"] <= 0:
        return "Error: no balance due"
    if not 0 < amount <= s["balance"]:
        return f"Error: amount must be between 0 and the balance"
    s["balance"] = round(s["balance"] - amount, 2)
    pid = f"PM-{_next(state)}"
    state.payments.append([pid, student_id, amount, method, reference])
    return f"Payment {pid} of {amount:.2f} recorded; balance now {s['balance']:.2f}."


def find_advisor(token: str, department: str, state: RegistrarState) -> str:
    if _who(state, token) is None:
        return _BAD_TOKEN
    hits = [{"advisor_id": a, "name": n, "department": d} for a, (n, d) in _ADVISORS.items()
            if department.strip().lower() in d.lower()]
    return _j({"advisors": hits})


def log_advising_meeting(token: str, student_id: str, advisor_id: str, notes: str, state: RegistrarState) -> str:
    """Record that a student met their advisor (clears the way for lifting an advising hold)."""
    if _who(state, token) is None:
        return _BAD_TOKEN
    s = state.students.get(student_id)
    if s is None:
        return f"Error: student {student_id} not found"
    if advisor_id not in _ADVISORS:
        return f"Error: advisor {advisor_id} not found"
    if not notes.strip():
        return "Error: meeting notes are required"
    s["advising_logged"] = True
    state.advising.append([student_id, advisor_id, notes.strip()])
    return _j({"student_id": student_id, "advisor_id": advisor_id, "logged": True})


def release_hold(token: str, student_id: str, hold_id: str, justification: str, state: RegistrarState) -> str:
    """Lift a hold. Financial holds need the balance paid; advising holds need a logged advising meeting."""
    if _who(state, token) is None:
        return _BAD_TOKEN
    s = state.students.get(student_id)
    if s is None:
        return f"Error: student {student_id} not found"
    h = s["holds"].get(hold_id)
    if h is None:
        return f"Error: hold {hold_id} not found on {student_id}"
    if h[0] == "financial" and s["balance"] > 0:
        return f"Error: outstanding balance {s['balance']:.2f}"
    if h[0] == "advising" and not s["advising_logged"]:
        return "Error: no advising meeting on record"
    del s["holds"][hold_id]
    return _j({"released": hold_id, "remaining_holds": len(s["holds"])})


# ----------------------------------------------------------------------------- terms, sections, enrolment

def list_terms(token: str, state: RegistrarState) -> str:
    if _who(state, token) is None:
        return _BAD_TOKEN
    return _j([{"term_code": c, "name": n, "registration": r} for c, n, r in state.terms])


def search_sections(token: str, term_code: str, subject: str, course_number: Optional[str] = None,
                    instructor: Optional[str] = None, state: RegistrarState = None) -> str:
    """Sections offered in a term for a subject, optionally one course or one instructor."""
    if _who(state, token) is None:
        return _BAD_TOKEN
    if _term(state, term_code) is None:
        return f"Error: unknown term {term_code!r}"
    if subject not in _SUBJECTS:
        return f"Error: unknown subject {subject!r}"
    out = []
    for (t, crn), s in state.sections.items():
        subj, num = s["course"].split()
        if t == term_code and subj == subject and (course_number is None or num == str(course_number)) and (
                instructor is None or instructor.strip().lower() in _INSTRUCTORS[s["instructor"]].lower()):
            out.append({"crn": crn, "course": s["course"], "title": s["title"], "instructor": _INSTRUCTORS[s["instructor"]],
                        "seats_open": s["capacity"] - s["enrolled"], "prerequisite": s["prereq"],
                        "days": list(s["days"]), "time": s["time"], "room": s["room"]})
    return _j({"term": term_code, "sections": out})


def _passed(student: dict, course: Optional[str]) -> bool:
    return course is None or any(row[1] == course and row[2] in _PASSING for row in student["history"])


def enroll_student(token: str, student_id: str, term_code: str, crn: str, override_code: Optional[str] = None,
                   state: RegistrarState = None) -> str:
    """Enrol a student in a section (an override code lifts a prerequisite or capacity check)."""
    if _who(state, token) is None:
        return _BAD_TOKEN
    s = state.students.get(student_id)
    if s is None:
        return f"Error: student {student_id} not found"
    t = _term(state, term_code)
    if t is None:
        return f"Error: unknown term {term_code!r}"
    if t[2] != "open":
        return f"Error: registration for {term_code} is {t[2]}"
    sec = state.sections.get((term_code, crn))
    if sec is None:
        return f"Error: no section {crn} in {term_code}"
    if s["holds"]:
        return f"Error: registration blocked by {len(s['holds'])} hold(s)"
    if state.enrollments.get((student_id, term_code, crn)) == "enrolled":
        return "Error: already enrolled"
    ov = state.overrides.get(override_code) if override_code else None
    if ov is not None and (ov["student"], ov["crn"]) != (student_id, crn):
        return "Error: override belongs to another student or section"
    kinds = {ov["type"]} if ov else set()
    if not _passed(s, sec["prereq"]) and "prerequisite" not in kinds:
        return f"Error: prerequisite {sec['prereq']} not met"
    if sec["enrolled"] >= sec["capacity"] and "capacity" not in kinds:
        return "Error: section is full"
    sec["enrolled"] += 1
    state.enrollments[(student_id, term_code, crn)] = "enrolled"
    return f"Enrolled {student_id} in {sec['course']} (CRN {crn}) for {t[1]}."


def issue_override(elevated_token: str, student_id: str, crn: str,
                   override_type: Literal["prerequisite", "capacity", "time_conflict"], reason: str,
                   state: RegistrarState) -> str:
    """Supervisor: let one student into one section despite a prerequisite, capacity or time conflict."""
    if elevated_token not in state.elevated:
        return "Error: supervisor rights required"
    if student_id not in state.students:
        return f"Error: student {student_id} not found"
    if not any(c == crn for _, c in state.sections):
        return f"Error: no section {crn}"
    if override_type not in ("prerequisite", "capacity", "time_conflict"):
        return f"Error: unknown override type {override_type!r}"
    code = f"OVR-{_next(state)}"
    state.overrides[code] = {"student": student_id, "crn": crn, "type": override_type, "reason": reason}
    return f"Override {code} ({override_type}) issued for {student_id} in CRN {crn}."


def join_waitlist(token: str, student_id: str, term_code: str, crn: str, state: RegistrarState) -> str:
    """Put a student on the waitlist of a full section."""
    if _who(state, token) is None:
        return _BAD_TOKEN
    if student_id not in state.students:
        return f"Error: student {student_id} not found"
    sec = state.sections.get((term_code, crn))
    if sec is None:
        return f"Error: no section {crn} in {term_code}"
    if sec["enrolled"] < sec["capacity"]:
        return "Error: section has open seats; enrol instead"
    wl = state.waitlists.setdefault((term_code, crn), [])
    if student_id in wl:
        return "Error: already on the waitlist"
    wl.append(student_id)
    return f"Added {student_id} to the waitlist for CRN {crn} at position {len(wl)}."


def drop_enrollment(token: str, student_id: str, term_code: str, crn: str, reason: str, state: RegistrarState) -> str:
    if _who(state, token) is None:
        return _BAD_TOKEN
    if state.enrollments.get((student_id, term_code, crn)) != "enrolled":
        return f"Error: {student_id} is not enrolled in CRN {crn} for {term_code}"
    state.enrollments[(student_id, term_code, crn)] = "dropped"
    state.sections[(term_code, crn)]["enrolled"] -= 1
    return _j({"dropped": crn, "term": term_code, "reason": reason})


def get_class_schedule(token: str, student_id: str, term_code: str, state: RegistrarState) -> str:
    """A student's sections in a term as rows [crn, course, days, time, room]."""
    if _who(state, token) is None:
        return _BAD_TOKEN
    if student_id not in state.students:
        return f"Error: student {student_id} not found"
    if _term(state, term_code) is None:
        return f"Error: unknown term {term_code!r}"
    rows = []
    for (sid, t, crn), st in state.enrollments.items():
        if sid == student_id and t == term_code and st == "enrolled":
            sec = state.sections[(t, crn)]
            rows.append([crn, sec["course"], list(sec["days"]), sec["time"], sec["room"]])
    return _j(rows)


def request_enrollment_letter(token: str, student_id: str, term_code: str, addressee: str,
                              state: RegistrarState) -> str:
    """A letter confirming enrolment in a term (for visas, insurers, landlords)."""
    if _who(state, token) is None:
        return _BAD_TOKEN
    if student_id not in state.students:
        return f"Error: student {student_id} not found"
    if not any(sid == student_id and t == term_code and st == "enrolled"
               for (sid, t, _), st in state.enrollments.items()):
        return f"Error: {student_id} has no enrolment in {term_code}"
    return _j({"letter": f"EL-{student_id}-{term_code}", "addressee": addressee.strip(), "status": "queued"})


# ----------------------------------------------------------------------------- grades and transcripts

def get_unofficial_transcript(token: str, student_id: str, state: RegistrarState) -> str:
    """Completed courses as rows [term_code, course, grade, crn]."""
    if _who(state, token) is None:
        return _BAD_TOKEN
    s = state.students.get(student_id)
    if s is None:
        return f"Error: student {student_id} not found"
    return _j({"student_id": student_id, "courses": [list(r) for r in s["history"]]})


def submit_grade_change(token: str, student_id: str, term_code: str, crn: str, new_grade: str, reason: str,
                        state: RegistrarState) -> str:
    """Ask for a recorded grade to be changed; a supervisor must approve it."""
    if _who(state, token) is None:
        return _BAD_TOKEN
    s = state.students.get(student_id)
    if s is None:
        return f"Error: student {student_id} not found"
    row = next((r for r in s["history"] if r[0] == term_code and r[3] == crn), None)
    if row is None:
        return f"Error: no grade for CRN {crn} in {term_code}"
    if new_grade not in _GRADES:
        return f"Error: invalid grade {new_grade!r}"
    if new_grade == row[2]:
        return "Error: grade unchanged"
    rid = f"GC-{_next(state)}"
    state.grade_changes[rid] = {"student": student_id, "term": term_code, "crn": crn, "old": row[2], "new": new_grade,
                                "status": "pending", "reason": reason}
    return _j({"request": {"id": rid, "status": "pending", "from": row[2], "to": new_grade}})


def list_pending_grade_changes(elevated_token: str, state: RegistrarState) -> str:
    """Supervisor: grade-change requests awaiting approval."""
    if elevated_token not in state.elevated:
        return "Error: supervisor rights required"
    return _j([{"request_id": r, **{k: v for k, v in g.items() if k != "status"}}
               for r, g in state.grade_changes.items() if g["status"] == "pending"])


def approve_grade_change(elevated_token: str, request_id: str, state: RegistrarState) -> str:
    if elevated_token not in state.elevated:
        return "Error: supervisor rights required"
    g = state.grade_changes.get(request_id)
    if g is None:
        return f"Error: request {request_id} not found"
    if g["status"] != "pending":
        return f"Error: request is {g['status']}"
    g["status"] = "approved"
    for row in state.students[g["student"]]["history"]:
        if row[0] == g["term"] and row[3] == g["crn"]:
            row[2] = g["new"]
    return f"Grade change {request_id} approved: {g['old']} -> {g['new']}."


def verify_identity(token: str, student_id: str, id_last4: str, birth_date: str, state: RegistrarState) -> str:
    """Check a caller is the student (last 4 digits of the national ID and date of birth)."""
    if _who(state, token) is None:
        return _BAD_TOKEN
    s = state.students.get(student_id)
    if s is None:
        return f"Error: student {student_id} not found"
    if s["id_last4"] != id_last4 or s["dob"] != birth_date:
        return "Error: identity could not be verified"
    vid = f"IDV-{_h(student_id + str(_next(state)), 8)}"
    state.verifications[vid] = student_id
    return _j({"verification_id": vid, "valid_minutes": 30})


def order_official_transcript(token: str, student_id: str, verification_id: str, delivery: Literal["email", "post"],
                              recipient: str, state: RegistrarState) -> str:
    """Order an official transcript. Needs a fresh identity verification and no financial hold."""
    if _who(state, token) is None:
        return _BAD_TOKEN
    s = state.students.get(student_id)
    if s is None:
        return f"Error: student {student_id} not found"
    if state.verifications.get(verification_id) != student_id:
        return "Error: identity not verified"
    if any(h[0] == "financial" for h in s["holds"].values()):
        return "Error: financial hold on the account"
    if delivery not in ("email", "post"):
        return f"Error: unknown delivery {delivery!r}"
    if not recipient.strip():
        return "Error: recipient required"
    oid = f"TR-{_next(state)}"
    state.transcript_orders[oid] = {"student": student_id, "delivery": delivery, "recipient": recipient.strip(),
                                    "status": "processing"}
    return f"Transcript order {oid} placed ({delivery} to {recipient.strip()})."


def get_transcript_order_status(token: str, order_id: str, state: RegistrarState) -> str:
    if _who(state, token) is None:
        return _BAD_TOKEN
    o = state.transcript_orders.get(order_id)
    if o is None:
        return f"Error: order {order_id} not found"
    return o["status"]


# ----------------------------------------------------------------------------- courses, sections, rooms

def find_instructor(token: str, name: str, state: RegistrarState) -> str:
    if _who(state, token) is None:
        return _BAD_TOKEN
    return _j({"instructors": [{"instructor_id": i, "name": n} for i, n in _INSTRUCTORS.items()
                               if name.strip().lower() in n.lower()]})


def list_courses(token: str, subject: str, state: RegistrarState) -> str:
    """Catalogue courses of a subject as rows [course_id, subject, number, title, credits]."""
    if _who(state, token) is None:
        return _BAD_TOKEN
    if subject not in _SUBJECTS:
        return f"Error: unknown subject {subject!r}"
    return _j([[c, *v] for c, v in state.courses.items() if v[0] == subject])


def create_course(token: str, subject: str, number: str, title: str, credits: int, state: RegistrarState) -> str:
    """Add a course to the catalogue."""
    if _who(state, token) is None:
        return _BAD_TOKEN
    if subject not in _SUBJECTS:
        return f"Error: unknown subject {subject!r}"
    if not re.fullmatch(r"\d{3}", str(number)):
        return "Error: course number must have 3 digits"
    if any(v[0] == subject and v[1] == str(number) for v in state.courses.values()):
        return f"Error: {subject} {number} exists"
    if not 1 <= credits <= 10 or not title.strip():
        return "Error: title required and 1-10 credits"
    cid = f"CRS-{_next(state) + 1000}"
    state.courses[cid] = [subject, str(number), title.strip(), credits]
    return _j({"course_id": cid, "course": f"{subject} {number}"})


def create_section(token: str, course_id: str, term_code: str, instructor_id: str, capacity: int, days: list[str],
                   start_time: str, state: RegistrarState) -> str:
    """Open a section of a catalogue course in a term."""
    if _who(state, token) is None:
        return _BAD_TOKEN
    c = state.courses.get(course_id)
    if c is None:
        return f"Error: course {course_id} not found"
    if _term(state, term_code) is None:
        return f"Error: unknown term {term_code!r}"
    if instructor_id not in _INSTRUCTORS:
        return f"Error: instructor {instructor_id} not found"
    if not days or any(d not in _DAYS for d in days):
        return f"Error: invalid meeting days {days}"
    if not re.fullmatch(r"(0[8-9]|1[0-9]):(00|30)", start_time):
        return f"Error: invalid start time {start_time!r}"
    if not 5 <= capacity <= 300:
        return "Error: capacity 5-300"
    crn = str(42000 + _next(state))
    state.sections[(term_code, crn)] = {"course": f"{c[0]} {c[1]}", "title": c[2], "instructor": instructor_id,
                                        "capacity": capacity, "enrolled": 0, "prereq": None, "days": list(days),
                                        "time": start_time, "room": None}
    return _j({"crn": crn, "term": term_code, "course": f"{c[0]} {c[1]}", "room": None})


def find_classroom(token: str, min_seats: int, building: Optional[str] = None, state: RegistrarState = None) -> str:
    """Teaching rooms with at least ``min_seats`` seats, as rows [room_code, building, seats]."""
    if _who(state, token) is None:
        return _BAD_TOKEN
    return _j([list(r) for r in _ROOMS if r[2] >= min_seats and (building is None or building.lower() in r[1].lower())])


def assign_classroom(token: str, term_code: str, crn: str, room_code: str, state: RegistrarState) -> str:
    if _who(state, token) is None:
        return _BAD_TOKEN
    sec = state.sections.get((term_code, crn))
    if sec is None:
        return f"Error: no section {crn} in {term_code}"
    room = next((r for r in _ROOMS if r[0] == room_code), None)
    if room is None:
        return f"Error: room {room_code} not found"
    if room[2] < sec["capacity"]:
        return f"Error: {room_code} seats {room[2]}, section capacity {sec['capacity']}"
    if sec["room"] is not None:
        return f"Error: section already in {sec['room']}"
    sec["room"] = room_code
    return f"CRN {crn} will meet in {room_code}."


# ----------------------------------------------------------------------------- graduation

def run_degree_audit(token: str, student_id: str, state: RegistrarState) -> str:
    """Check a student's record against the programme's requirements."""
    if _who(state, token) is None:
        return _BAD_TOKEN
    s = state.students.get(student_id)
    if s is None:
        return f"Error: student {student_id} not found"
    complete = s["program"] == "BA-HIST" and len(s["history"]) >= 3
    aid = f"DA-{_next(state)}"
    state.audits[aid] = {"student": student_id, "complete": complete}
    return _j({"audit": {"id": aid, "complete": complete,
                         "missing": [] if complete else ["core requirements not yet completed"]}})


def apply_for_graduation(token: str, student_id: str, audit_id: str, term_code: str, diploma_name: str,
                         state: RegistrarState) -> str:
    """Apply to graduate at the end of a term; needs a complete degree audit of the student."""
    if _who(state, token) is None:
        return _BAD_TOKEN
    a = state.audits.get(audit_id)
    if a is None or a["student"] != student_id:
        return "Error: run a degree audit for this student first"
    if not a["complete"]:
        return "Error: degree audit shows missing requirements"
    if _term(state, term_code) is None:
        return f"Error: unknown term {term_code!r}"
    if not diploma_name.strip():
        return "Error: diploma name required"
    state.graduation[student_id] = {"term": term_code, "diploma_name": diploma_name.strip()}
    return _j({"student_id": student_id, "graduation_term": term_code, "diploma_name": diploma_name.strip(),
               "status": "submitted"})


TOOLS = [
    staff_sign_in, sign_in_with_service_key, elevate_session, parse_date,
    find_student, find_student_by_email, list_programs, admit_student, get_student_record, set_preferred_name,
    list_holds, get_account_balance, record_payment, find_advisor, log_advising_meeting, release_hold,
    list_terms, search_sections, enroll_student, issue_override, join_waitlist, drop_enrollment, get_class_schedule,
    request_enrollment_letter, get_unofficial_transcript, submit_grade_change, list_pending_grade_changes,
    approve_grade_change, verify_identity, order_official_transcript, get_transcript_order_status,
    find_instructor, list_courses, create_course, create_section, find_classroom, assign_classroom,
    run_degree_audit, apply_for_graduation,
]

# What a tester is handed: a clerk's sign-in and the supervisor's PIN, an integration key, and what
# students tell the desk.
FIXTURES = {
    "staff_id": "RG-1187",
    "password": "Quad!Reg2025",
    "supervisor_pin": "660914",
    "service_key": "svc_reg_9f2c71d04b",
    "student_last_name": "Schulz",
    "student_birth_date_spoken": "17 September 2004",
    "student_id_last4": "4471",
    "senior_email": "luca.moretti@uni.example",
    "senior_birth_date_spoken": "Jan 5, 2003",
    "senior_id_last4": "9032",
    "applicant_first_name": "Jonas",
    "applicant_last_name": "Weber",
    "applicant_birth_date_spoken": "03.11.2006",
    "applicant_email": "jonas.weber@mail.example",
    "term_name": "Fall 2025",
    "instructor_name": "Hana Ito",
}

_TOKEN_USERS = [t.__name__ for t in TOOLS if t.__name__ not in (
    "staff_sign_in", "sign_in_with_service_key", "parse_date", "issue_override", "list_pending_grade_changes",
    "approve_grade_change")]
_ELEVATED_USERS = ["issue_override", "list_pending_grade_changes", "approve_grade_change"]
# consumers of a student id that an admitted (new) student can also satisfy
_ANY_STUDENT = ["get_student_record", "set_preferred_name", "list_holds", "get_account_balance", "run_degree_audit",
                "get_unofficial_transcript", "enroll_student", "get_class_schedule"]
# consumers that need an existing student's record (balance, holds, history, identity, enrolments)
_EXISTING_STUDENT = ["record_payment", "release_hold", "log_advising_meeting", "verify_identity",
                     "submit_grade_change", "apply_for_graduation", "request_enrollment_letter", "join_waitlist",
                     "drop_enrollment"]

GROUND_TRUTH = (
    [("staff_sign_in|sign_in_with_service_key", c, "auth: session token (JSON text)") for c in _TOKEN_USERS]
    + [("elevate_session", c, "auth: supervisor token") for c in _ELEVATED_USERS]
    + [("find_student|find_student_by_email|admit_student", c, "id lookup/create: student_id (admit's inside a sentence)")
       for c in _ANY_STUDENT]
    + [("find_student|find_student_by_email", c, "id lookup: student_id") for c in _EXISTING_STUDENT]
    + [
        ("parse_date", "find_student", "format: birth date as YYYY-MM-DD"),
        ("parse_date", "admit_student", "format: birth date as YYYY-MM-DD"),
        ("parse_date", "verify_identity", "format: birth date as YYYY-MM-DD"),
        ("list_programs", "admit_student", "id lookup: program code (rows)"),
        ("list_terms", "search_sections", "id lookup: term code"),
        ("search_sections", "enroll_student", "id lookup: CRN"),
        ("search_sections", "join_waitlist", "id lookup: CRN of a full section"),
        ("search_sections|create_section", "assign_classroom", "id lookup/create: CRN of a section without a room"),
        ("list_holds", "release_hold", "id lookup: hold id (rows)"),
        ("find_advisor", "log_advising_meeting", "id lookup: advisor id"),
        ("get_unofficial_transcript", "submit_grade_change", "two values: term code and CRN of one row"),
        ("list_pending_grade_changes|submit_grade_change", "approve_grade_change", "id lookup/create: request id"),
        ("find_instructor", "create_section", "id lookup: instructor id"),
        ("list_courses|create_course", "create_section", "id lookup/create: course id (rows)"),
        ("find_classroom", "assign_classroom", "id lookup: room code (rows)"),
        ("record_payment", "release_hold", "state: a financial hold needs the balance paid"),
        ("log_advising_meeting", "release_hold", "state: an advising hold needs a logged meeting"),
        ("release_hold", "enroll_student", "state: registration blocked by holds"),
        ("release_hold", "order_official_transcript", "state: no financial hold"),
        ("enroll_student", "drop_enrollment", "state: must be enrolled"),
        ("enroll_student", "request_enrollment_letter", "state: must be enrolled in the term"),
        ("issue_override", "enroll_student", "provenance: override code (inside a sentence) for a full or gated section"),
        ("verify_identity", "order_official_transcript", "provenance: verification id"),
        ("order_official_transcript", "get_transcript_order_status", "provenance: order id inside a sentence"),
        ("run_degree_audit", "apply_for_graduation", "provenance: a complete audit of the student"),
    ]
)

PLAUSIBLE = (
    {("staff_sign_in", c) for c in _ELEVATED_USERS} | {("sign_in_with_service_key", c) for c in _ELEVATED_USERS}
    | {("list_terms", c) for c in ("enroll_student", "join_waitlist", "drop_enrollment", "get_class_schedule",
                                   "request_enrollment_letter", "create_section", "apply_for_graduation",
                                   "assign_classroom", "submit_grade_change")}
    | {("find_student", c) for c in ("order_official_transcript", "issue_override")}
    | {("find_student_by_email", c) for c in ("order_official_transcript", "issue_override")}
    | {("search_sections", c) for c in ("issue_override", "drop_enrollment")}
    | {("get_class_schedule", "drop_enrollment"), ("get_account_balance", "record_payment"), ("list_holds", "record_payment"),
       ("get_student_record", "list_holds"), ("enroll_student", "get_class_schedule"), ("drop_enrollment", "get_class_schedule"),
       ("approve_grade_change", "get_unofficial_transcript"), ("submit_grade_change", "list_pending_grade_changes"),
       ("create_section", "search_sections"), ("create_course", "list_courses"), ("assign_classroom", "search_sections"),
       ("get_student_record", "verify_identity"), ("admit_student", "find_student"), ("admit_student", "find_student_by_email"),
       ("set_preferred_name", "get_student_record"), ("record_payment", "get_account_balance"),
       ("release_hold", "list_holds"), ("release_hold", "get_student_record"), ("record_payment", "order_official_transcript"),
       ("join_waitlist", "enroll_student"), ("drop_enrollment", "enroll_student"), ("get_unofficial_transcript", "run_degree_audit"),
       ("list_programs", "get_student_record"), ("parse_date", "get_student_record"), ("search_sections", "create_section"),
       ("list_courses", "search_sections"), ("run_degree_audit", "get_unofficial_transcript")}
)
