"""Inkwell: the learning platform and MIS of a secondary school, as its assistant tools see it (40 calls).

Plain functions over an in-memory ``InkwellState`` of Northfield Academy on Wednesday 3 March 2027:
teachers' classes and timetable, class lists and student profiles, assignments and rubrics,
extensions, submissions, similarity checks, grading and the gradebook, lesson registers and
absence reasons, behaviour points and detentions, guardian contacts and messages (sensitive), the
spring report cycle, room bookings and cover requests.

A teacher signs in with their username and password (``session.key`` in the reply). Sensitive
records (guardian contacts, support plans, messages to guardians) also need the password confirmed
again within the session (``confirm_password``), as the school's safeguarding policy requires.

Replies are Python dicts with the records nested, rows as lists of lists (with lists inside), bare
values (a rubric id, a similarity percentage, a report cycle code) or one sentence with the new
record's number in it. Every refusal is a *returned* string that starts with ``"Error: "``
(``FAILURE``), never an exception. Docstrings are NumPy style where there is something to say
about parameters or replies, one line elsewhere. The module uses ``from __future__ import annotations``; the
rubric body is a dataclass (``Criterion``), and plain dicts are accepted too.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as
provider means either tool satisfies it, and the text of ``what`` before its first ``:`` is the
kind.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, Optional

TODAY = "2027-03-03"
WEEKDAYS = {"2027-03-01": "Mon", "2027-03-02": "Tue", "2027-03-03": "Wed", "2027-03-04": "Thu", "2027-03-05": "Fri",
            "2027-03-08": "Mon", "2027-03-09": "Tue", "2027-03-10": "Wed", "2027-03-11": "Thu", "2027-03-12": "Fri"}
PERIODS = {1: ["08:50", "09:50"], 2: ["09:50", "10:50"], 3: ["11:10", "12:10"], 4: ["12:10", "13:10"],
           5: ["14:00", "15:00"], 6: ["15:00", "16:00"]}

Category = Literal["homework", "classwork", "coursework", "assessment"]
BehaviourKind = Literal["praise", "concern", "sanction"]
AssignmentStatus = Literal["draft", "published", "returned"]
SubmissionStatus = Literal["submitted", "graded", "returned"]

_ABSENCE_CODES = {"I": "illness", "M": "medical or dental appointment", "C": "other authorised circumstances",
                  "R": "religious observance", "O": "unauthorised", "G": "unauthorised holiday"}
_GRADES = ("9", "8", "7", "6", "5", "4", "3", "2", "1", "U")
_SIMILARITY = {"S-88120": 12.5, "S-88121": 47.0, "S-88101": 3.0, "S-88102": 8.5, "S-88104": 5.0, "S-88140": 9.0}


@dataclass
class Criterion:
    """One row of a marking rubric."""

    name: str
    points: int
    description: str = ""


def FAILURE(output) -> bool:  # noqa: N802 - the name the oracle looks for
    """An Inkwell refusal: a returned string that starts with ``"Error: "``."""
    return isinstance(output, str) and output.startswith("Error: ")


def _student(name, year, form, flags=()):
    return {"name": name, "year": year, "form": form, "flags": list(flags)}


def _assignment(cls, title, category, max_points, due, status, rubric=None, instructions=""):
    return {"class": cls, "title": title, "category": category, "max_points": max_points, "due": due,
            "status": status, "rubric": rubric, "instructions": instructions, "extensions": {}, "excused": []}


def _sub(assignment, student, at, points=None, feedback=None, status="submitted"):
    return {"assignment": assignment, "student": student, "submitted_at": at, "points": points,
            "feedback": feedback, "status": status, "files": [], "similarity": None, "rubric_scores": None}


class InkwellState:
    """Northfield Academy, Wednesday 3 March 2027, 08:35."""

    def __init__(self) -> None:
        self.staff = {
            "fadeyemi": {"id": "T-014", "name": "Ms Funmi Adeyemi", "password": "Pythagoras-1987!", "subject": "Mathematics",
                         "roles": ["teacher", "head_of_department:maths"]},
            "johalloran": {"id": "T-022", "name": "Mr James O'Halloran", "password": "Bronte-Moors-22", "subject": "English",
                           "roles": ["teacher", "form_tutor:10X"]},
            "kmurray": {"id": "T-031", "name": "Mrs Kate Murray", "password": "Hockey&Sticks5", "subject": "Learning support",
                        "roles": ["teacher"]},
        }
        self.students = {
            40112: _student("Amelia Hart", 10, "10X"),
            40127: _student("Bilal Rahman", 10, "10X", ["PP"]),
            40133: _student("Chloe Nwosu", 10, "10X", ["EAL"]),
            40141: _student("Dylan Price", 10, "10X", ["SEN"]),
            40158: _student("Eva Lindgren", 10, "10X"),
            40203: _student("Farah Siddiqui", 10, "10Y"),
            40219: _student("George Tan", 10, "10Y"),
            41710: _student("Harry Bell", 7, "7C"),
            41722: _student("Isla Morgan", 7, "7C", ["PP"]),
        }
        self.classes = {
            "MA-10X1-27": {"subject": "Mathematics", "year": 10, "label": "10X maths set 1", "teacher": "fadeyemi",
                           "students": [40112, 40127, 40133, 40158]},
            "MA-10Y2-27": {"subject": "Mathematics", "year": 10, "label": "10Y maths set 2", "teacher": "fadeyemi",
                           "students": [40141, 40203, 40219]},
            "MA-7C-27": {"subject": "Mathematics", "year": 7, "label": "7C maths", "teacher": "fadeyemi",
                         "students": [41710, 41722]},
            "EN-10X-27": {"subject": "English", "year": 10, "label": "10X English", "teacher": "johalloran",
                          "students": [40112, 40127, 40133, 40141, 40158]},
        }
        self.timetable = {
            "fadeyemi": {"Mon": [[2, "MA-10Y2-27", "M4"], [5, "MA-10X1-27", "M4"]],
                         "Tue": [[1, "MA-7C-27", "M2"], [4, "MA-10X1-27", "M4"]],
                         "Wed": [[1, "MA-10X1-27", "M4"], [3, "MA-10Y2-27", "M4"], [5, "MA-7C-27", "M2"]],
                         "Thu": [[2, "MA-10Y2-27", "M4"], [6, "MA-7C-27", "M2"]],
                         "Fri": [[2, "MA-10X1-27", "M4"], [4, "MA-7C-27", "M2"]]},
            "johalloran": {"Mon": [[1, "EN-10X-27", "E3"]], "Tue": [], "Wed": [[2, "EN-10X-27", "E3"]],
                           "Thu": [[4, "EN-10X-27", "E3"]], "Fri": [[1, "EN-10X-27", "E3"]]},
            "kmurray": {"Mon": [], "Tue": [], "Wed": [], "Thu": [], "Fri": []},
        }
        self.rubrics = {
            "RB-27": {"title": "Homework quality (20)", "subject": "Mathematics", "owner": "fadeyemi",
                      "criteria": [["Accuracy", 10], ["Working shown", 10]]},
            "RB-29": {"title": "Short homework (10)", "subject": "Mathematics", "owner": "fadeyemi",
                      "criteria": [["Accuracy", 5], ["Method", 5]]},
            "RB-31": {"title": "Statistics investigation (40)", "subject": "Mathematics", "owner": "fadeyemi",
                      "criteria": [["Planning", 10], ["Data collection", 10], ["Analysis", 10], ["Conclusions", 10]]},
            "RB-24": {"title": "GCSE literature essay (30)", "subject": "English", "owner": "johalloran",
                      "criteria": [["AO1 response", 12], ["AO2 language and structure", 12], ["AO3 context", 6]]},
        }
        self.assignments = {
            4462: _assignment("MA-10X1-27", "Simultaneous equations practice", "homework", 20, "2027-03-01",
                              "published", instructions="Exercise 7C, questions 1-15."),
            4465: _assignment("MA-10X1-27", "Statistics coursework: how students travel to school", "coursework", 40,
                              "2027-03-02", "published", rubric="RB-31",
                              instructions="Plan, collect, analyse and conclude; 1,500 words maximum."),
            4468: _assignment("EN-10X-27", "An Inspector Calls: how does Priestley present Sheila?", "coursework", 30,
                              "2027-03-12", "published", rubric="RB-24"),
            4470: _assignment("MA-10Y2-27", "Angles in polygons", "homework", 10, "2027-03-09", "draft",
                              instructions="Worksheet 12, all questions."),
        }
        self.submissions = {
            "S-88101": _sub(4462, 40112, "2027-02-28T19:12", 18.0, "Excellent, all correct.", "graded"),
            "S-88102": _sub(4462, 40127, "2027-03-01T07:55", 15.0, "Check your signs in Q9.", "graded"),
            "S-88104": _sub(4462, 40158, "2027-03-01T21:40"),
            "S-88120": _sub(4465, 40112, "2027-03-02T16:03"),
            "S-88121": _sub(4465, 40133, "2027-03-02T23:58"),
            "S-88140": _sub(4468, 40141, "2027-03-02T18:20"),
        }
        self.registers = {}
        self.absences = {40127: [["2027-02-22", "AM", "I"]], 40141: [["2027-02-25", "PM", "M"]]}
        self.behaviour = {"BH-7711": {"student": 40127, "kind": "praise", "points": 2, "note": "Helped a peer",
                                      "by": "fadeyemi", "detention": None}}
        self.detention_slots = {"DT-0304": ["2027-03-04", "Room H1, 15:20-16:00", 20, 7],
                                "DT-0305": ["2027-03-05", "Room H1, 15:20-16:00", 20, 20],
                                "DT-0309": ["2027-03-09", "Room H1, 15:20-16:00", 20, 3]}
        self.guardians = {
            40141: [{"id": "GU-3301", "name": "Karen Price", "relationship": "mother", "email": "karen.price@example.com",
                     "phone": "07700 900541", "contact_order": 1, "no_contact": False},
                    {"id": "GU-3302", "name": "Mark Price", "relationship": "father", "email": None, "phone": None,
                     "contact_order": 2, "no_contact": True}],
            40127: [{"id": "GU-3288", "name": "Nasreen Rahman", "relationship": "mother",
                     "email": "n.rahman@example.org", "phone": "07700 900118", "contact_order": 1, "no_contact": False}],
            40133: [{"id": "GU-3290", "name": "Ifeoma Nwosu", "relationship": "mother", "email": "ifeoma.n@example.net",
                     "phone": "07700 900822", "contact_order": 1, "no_contact": False},
                    {"id": "GU-3291", "name": "Chidi Nwosu", "relationship": "father", "email": "chidi.n@example.net",
                     "phone": "07700 900823", "contact_order": 2, "no_contact": False}],
            40158: [{"id": "GU-3296", "name": "Per Lindgren", "relationship": "father", "email": "per.l@example.se",
                     "phone": "07700 900604", "contact_order": 1, "no_contact": False}],
        }
        self.support_plans = {40141: {"need": "Dyslexia (assessed 2024)", "strategies": [
            "Print handouts on cream paper, 14pt", "Allow 25% extra time in assessments",
            "Check homework instructions are written down"], "key_worker": "Mrs Kate Murray"}}
        self.report_cycles = {10: {"code": "Y10-SPRING-2027", "open": True}, 11: {"code": "Y11-MOCKS-2027",
                                                                                  "open": False},
                              7: {"code": "Y7-SPRING-2027", "open": False}}
        self.report_comments = {
            "Y10-SPRING-2027|MA-10X1-27|40112": ["7", 1, "Amelia works with real precision."],
            "Y10-SPRING-2027|MA-10X1-27|40127": ["6", 2, "Bilal is making steady progress in algebra."],
            "Y10-SPRING-2027|MA-10X1-27|40158": ["6", 2, "Eva participates well and asks good questions."],
        }
        self.reports_submitted = []
        self.rooms = [["IT2", "ICT suite 2", 30, ["30 PCs", "projector"]], ["LIB", "Library study room", 16, ["6 PCs"]],
                      ["M4", "Maths room 4", 32, ["projector"]], ["IT1", "ICT suite 1", 28, ["28 PCs", "projector"]]]
        self.bookings = {"IT1|2027-03-05|4": "Mr James O'Halloran"}
        self.cover_requests = []
        self.moves = []
        self.messages = []
        self.sessions = {}
        self.counters = {"session": 0, "assignment": 4470, "rubric": 31, "register": 5500, "behaviour": 7719,
                         "message": 1200, "booking": 880, "cover": 61}


def _who(state: InkwellState, session_key: str):
    s = state.sessions.get(session_key)
    return None if s is None else s


def _err_session() -> str:
    return "Error: not signed in (session missing or expired)"


def _class(state: InkwellState, code: str):
    return state.classes.get(str(code).strip().upper())


def _int(value):
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


def _asg(state: InkwellState, assignment_id):
    n = _int(assignment_id)
    return n, (state.assignments.get(n) if n is not None else None)


def _stu(state: InkwellState, student_id):
    n = _int(student_id)
    return n, (state.students.get(n) if n is not None else None)


def _next(state: InkwellState, what: str) -> int:
    state.counters[what] += 1
    return state.counters[what]


def _teaches(state: InkwellState, user: str, class_code: str) -> bool:
    c = state.classes.get(class_code)
    return c is not None and c["teacher"] == user


def _sensitive(state: InkwellState, s: dict):
    if not s["sensitive"]:
        return "Error: sensitive records need your password confirmed again (confirm_password)"
    return None


# ----------------------------------------------------------------------------- sign-in

def sign_in(username: str, password: str, state: InkwellState) -> dict | str:
    """Sign in as a member of staff.

    Parameters
    ----------
    username : str
        The school network username (initial and surname, e.g. ``jsmith``).
    password : str

    Returns
    -------
    dict
        ``{"session": {"key", "expires"}, "user": {"id", "name", "roles"}}``; ``session.key`` is the
        ``session_key`` of every other call.
    """
    u = state.staff.get(username.strip().lower())
    if u is None or u["password"] != password:
        return "Error: username or password is incorrect"
    n = _next(state, "session")
    key = f"ink-{username.strip().lower()[:4]}-{(n * 6151) % 10007:04d}"
    state.sessions[key] = {"user": username.strip().lower(), "sensitive": False}
    return {"session": {"key": key, "expires": "2027-03-03T16:30:00"},
            "user": {"id": u["id"], "name": u["name"], "roles": list(u["roles"])}}


def confirm_password(session_key: str, password: str, state: InkwellState) -> dict | str:
    """Confirm your password again to open sensitive records for 30 minutes.

    Guardian contacts, messages to guardians and support plans need it.
    """
    s = _who(state, session_key)
    if s is None:
        return _err_session()
    if state.staff[s["user"]]["password"] != password:
        return "Error: password is incorrect"
    if s["sensitive"]:
        return "Error: sensitive access is already confirmed for this session"
    s["sensitive"] = True
    return {"sensitive_access": {"granted": True, "until": "2027-03-03T09:05:00"}}


# ----------------------------------------------------------------------------- classes and students

def list_my_classes(session_key: str, state: InkwellState) -> list | str:
    """Your classes this year.

    Returns
    -------
    list
        Rows ``[class_code, label, subject, year_group, [student_count, teacher]]``.
    """
    s = _who(state, session_key)
    if s is None:
        return _err_session()
    return [[code, c["label"], c["subject"], c["year"], [len(c["students"]), state.staff[c["teacher"]]["name"]]]
            for code, c in state.classes.items() if c["teacher"] == s["user"]]


def get_timetable(session_key: str, date: str, state: InkwellState) -> list | str:
    """Your lessons on a school day.

    Parameters
    ----------
    date : str
        ``YYYY-MM-DD``.

    Returns
    -------
    list
        Rows ``[period, class_code, room, [start, end]]``.
    """
    s = _who(state, session_key)
    if s is None:
        return _err_session()
    day = WEEKDAYS.get(date.strip())
    if day is None:
        return "Error: date must be a school day this fortnight, written YYYY-MM-DD"
    return [[p, code, room, list(PERIODS[p])] for p, code, room in state.timetable[s["user"]][day]]


def get_class_roster(session_key: str, class_code: str, state: InkwellState) -> list | str:
    """The students in a class as rows [student_id, name, [flags]] (flags: SEN, EAL, PP)."""
    s = _who(state, session_key)
    if s is None:
        return _err_session()
    c = _class(state, class_code)
    if c is None:
        return f"Error: no class {class_code!r}"
    return [[sid, state.students[sid]["name"], list(state.students[sid]["flags"])] for sid in c["students"]]


def find_student(session_key: str, name: str, year_group: Optional[int] = None,
                 state: InkwellState = None) -> dict | str:
    """Find students by name, optionally in one year group."""
    s = _who(state, session_key)
    if s is None:
        return _err_session()
    q = name.strip().lower()
    if len(q) < 3:
        return "Error: type at least 3 letters of the name"
    return {"matches": [{"student": {"id": sid, "name": st["name"], "year": st["year"], "form": st["form"]}}
                        for sid, st in state.students.items()
                        if q in st["name"].lower() and (year_group is None or st["year"] == int(year_group))]}


def get_student_profile(session_key: str, student_id: int, state: InkwellState) -> dict | str:
    """A student's form, classes, attendance percentage and behaviour points this year."""
    s = _who(state, session_key)
    if s is None:
        return _err_session()
    sid, st = _stu(state, student_id)
    if st is None:
        return f"Error: no student {student_id}"
    absences = len(state.absences.get(sid, []))
    points = sum(b["points"] for b in state.behaviour.values() if b["student"] == sid)
    return {"student": {"id": sid, "name": st["name"], "year": st["year"], "form": st["form"], "flags": st["flags"],
                        "classes": [[code, c["label"]] for code, c in state.classes.items() if sid in c["students"]],
                        "attendance": {"percentage": round(100 - absences * 0.4, 1), "absences": absences},
                        "behaviour_points": points}}


def move_student(session_key: str, student_id: int, from_class_code: str, to_class_code: str, reason: str,
                 state: InkwellState) -> str:
    """Move a student between two sets of the same subject and year (head of department only)."""
    s = _who(state, session_key)
    if s is None:
        return _err_session()
    sid, st = _stu(state, student_id)
    if st is None:
        return f"Error: no student {student_id}"
    src, dst = _class(state, from_class_code), _class(state, to_class_code)
    if src is None or dst is None:
        return f"Error: no class {from_class_code if src is None else to_class_code!r}"
    dept = {"Mathematics": "maths", "English": "english"}[src["subject"]]
    if f"head_of_department:{dept}" not in state.staff[s["user"]]["roles"]:
        return f"Error: only the head of {dept} can change {dept} sets"
    if src["subject"] != dst["subject"] or src["year"] != dst["year"]:
        return "Error: students move between sets of the same subject and year group"
    if sid not in src["students"]:
        return f"Error: {st['name']} is not in {from_class_code}"
    if sid in dst["students"]:
        return f"Error: {st['name']} is already in {to_class_code}"
    src["students"].remove(sid)
    dst["students"].append(sid)
    state.moves.append({"student": sid, "from": from_class_code.strip().upper(), "to": to_class_code.strip().upper(),
                        "reason": reason})
    return f"{st['name']} moved from {src['label']} to {dst['label']}; both teachers have been told."


# ----------------------------------------------------------------------------- assignments

def create_assignment(session_key: str, class_code: str, title: str, instructions: str, due_date: str,
                      max_points: int, category: Category, state: InkwellState) -> str:
    """Create a draft assignment for one of your classes; students see it once it is published.

    Parameters
    ----------
    class_code : str
        One of your classes (``list_my_classes``).
    title, instructions : str
        What students see.
    due_date : str
        ``YYYY-MM-DD``, today or later.
    max_points : int
        The mark the assignment is out of.
    category : {"homework", "classwork", "coursework", "assessment"}
        Coursework is similarity-checked before grading.

    Returns
    -------
    str
        A sentence with the new assignment's number (``#n``).
    """
    s = _who(state, session_key)
    if s is None:
        return _err_session()
    code = str(class_code).strip().upper()
    if not _teaches(state, s["user"], code):
        return f"Error: you do not teach a class {class_code!r}"
    if due_date.strip() < TODAY or len(due_date.strip()) != 10:
        return "Error: due_date must be today or later, written YYYY-MM-DD"
    if not 1 <= int(max_points) <= 200:
        return "Error: max_points must be between 1 and 200"
    if len(title.strip()) < 4:
        return "Error: the title is too short"
    aid = _next(state, "assignment")
    state.assignments[aid] = _assignment(code, title.strip(), category, int(max_points), due_date.strip(), "draft",
                                         instructions=instructions)
    return (f"Assignment #{aid} \"{title.strip()}\" created as a draft for {state.classes[code]['label']}, "
            f"due {due_date.strip()}.")


def list_assignments(session_key: str, class_code: str, status: Optional[AssignmentStatus] = None,
                     state: InkwellState = None) -> list | str:
    """A class's assignments as rows [assignment_id, title, category, due, status, [submitted, class size]]."""
    s = _who(state, session_key)
    if s is None:
        return _err_session()
    code = str(class_code).strip().upper()
    c = _class(state, code)
    if c is None:
        return f"Error: no class {class_code!r}"
    rows = []
    for aid, a in sorted(state.assignments.items()):
        if a["class"] != code or (status and a["status"] != status):
            continue
        n = sum(1 for x in state.submissions.values() if x["assignment"] == aid)
        rows.append([aid, a["title"], a["category"], a["due"], a["status"], [n, len(c["students"])]])
    return rows


def get_assignment(session_key: str, assignment_id: int, state: InkwellState) -> dict | str:
    """One assignment with its instructions, extensions and rubric criteria."""
    s = _who(state, session_key)
    if s is None:
        return _err_session()
    aid, a = _asg(state, assignment_id)
    if a is None:
        return f"Error: no assignment {assignment_id}"
    rub = state.rubrics.get(a["rubric"]) if a["rubric"] else None
    return {"assignment": {"id": aid, "class": a["class"], "title": a["title"], "category": a["category"],
                           "max_points": a["max_points"], "due": a["due"], "status": a["status"],
                           "instructions": a["instructions"],
                           "extensions": [[k, v] for k, v in a["extensions"].items()], "excused": list(a["excused"]),
                           "rubric": None if rub is None else {"id": a["rubric"], "criteria": rub["criteria"]}}}


def publish_assignment(session_key: str, assignment_id: int, notify_students: bool, state: InkwellState) -> str:
    """Publish a draft assignment to the class."""
    s = _who(state, session_key)
    if s is None:
        return _err_session()
    aid, a = _asg(state, assignment_id)
    if a is None:
        return f"Error: no assignment {assignment_id}"
    if not _teaches(state, s["user"], a["class"]):
        return "Error: this assignment belongs to another teacher's class"
    if a["status"] != "draft":
        return f"Error: assignment #{aid} is already {a['status']}"
    a["status"] = "published"
    n = len(state.classes[a["class"]]["students"])
    told = " and they have been notified." if notify_students else "."
    return f"Assignment #{aid} published to {n} students{told}"


def update_assignment_due_date(session_key: str, assignment_id: int, new_due_date: str,
                               state: InkwellState) -> str:
    """Move an assignment's due date for the whole class."""
    s = _who(state, session_key)
    if s is None:
        return _err_session()
    aid, a = _asg(state, assignment_id)
    if a is None:
        return f"Error: no assignment {assignment_id}"
    if not _teaches(state, s["user"], a["class"]):
        return "Error: this assignment belongs to another teacher's class"
    if a["status"] == "returned":
        return "Error: grades for this assignment were already returned"
    if new_due_date.strip() == a["due"]:
        return f"Error: #{aid} is already due on {a['due']}"
    if new_due_date.strip() < TODAY or len(new_due_date.strip()) != 10:
        return "Error: new_due_date must be today or later, written YYYY-MM-DD"
    a["due"] = new_due_date.strip()
    return f"#{aid} is now due on {a['due']}."


def create_rubric(session_key: str, title: str, criteria: list[Criterion], state: InkwellState) -> str:
    """Create a marking rubric.

    Parameters
    ----------
    criteria : list of Criterion
        Each ``{"name", "points", "description"}``; the points add up to the rubric's total.

    Returns
    -------
    str
        The new rubric's id.
    """
    s = _who(state, session_key)
    if s is None:
        return _err_session()
    rows = []
    for c in criteria:
        name = c["name"] if isinstance(c, dict) else c.name
        points = c["points"] if isinstance(c, dict) else c.points
        if not str(name).strip() or _int(points) is None or _int(points) < 1:
            return "Error: each criterion needs a name and at least 1 point"
        rows.append([str(name).strip(), _int(points)])
    if not rows:
        return "Error: a rubric needs at least one criterion"
    rid = f"RB-{_next(state, 'rubric')}"
    state.rubrics[rid] = {"title": title.strip(), "subject": state.staff[s["user"]]["subject"], "owner": s["user"],
                          "criteria": rows}
    return rid


def list_rubrics(session_key: str, subject: Optional[str] = None, state: InkwellState = None) -> list | str:
    """Rubrics you can use as rows [rubric_id, title, total_points, [criterion names]]."""
    s = _who(state, session_key)
    if s is None:
        return _err_session()
    return [[rid, r["title"], sum(p for _, p in r["criteria"]), [n for n, _ in r["criteria"]]]
            for rid, r in sorted(state.rubrics.items())
            if subject is None or r["subject"].lower().startswith(subject.strip().lower()[:4])]


def attach_rubric(session_key: str, assignment_id: int, rubric_id: str, state: InkwellState) -> str:
    """Attach a rubric to a draft assignment; its total must equal the assignment's maximum points."""
    s = _who(state, session_key)
    if s is None:
        return _err_session()
    aid, a = _asg(state, assignment_id)
    if a is None:
        return f"Error: no assignment {assignment_id}"
    r = state.rubrics.get(str(rubric_id).strip().upper())
    if r is None:
        return f"Error: no rubric {rubric_id!r}"
    if a["status"] != "draft":
        return "Error: rubrics can only be changed while the assignment is a draft"
    if a["rubric"] == rubric_id.strip().upper():
        return f"Error: #{aid} already uses {a['rubric']}"
    total = sum(p for _, p in r["criteria"])
    if total != a["max_points"]:
        return f"Error: the rubric totals {total} points but #{aid} is out of {a['max_points']}"
    a["rubric"] = rubric_id.strip().upper()
    return f"Rubric {a['rubric']} ({r['title']}) attached to #{aid}."


def grant_extension(session_key: str, assignment_id: int, student_id: int, new_due_date: str, reason: str,
                    state: InkwellState) -> str:
    """Give one student a later due date on a published assignment."""
    s = _who(state, session_key)
    if s is None:
        return _err_session()
    aid, a = _asg(state, assignment_id)
    if a is None:
        return f"Error: no assignment {assignment_id}"
    sid, st = _stu(state, student_id)
    if st is None:
        return f"Error: no student {student_id}"
    if a["status"] != "published":
        return f"Error: extensions are for published assignments; #{aid} is {a['status']}"
    if sid not in state.classes[a["class"]]["students"]:
        return f"Error: {st['name']} is not in this class"
    if new_due_date.strip() <= a["due"]:
        return f"Error: the extension must be later than the class due date ({a['due']})"
    a["extensions"][sid] = new_due_date.strip()
    return f"{st['name']} now has until {new_due_date.strip()} for #{aid}."


def excuse_student(session_key: str, assignment_id: int, student_ids: list[int], reason: str,
                   state: InkwellState) -> str:
    """Excuse students from an assignment so missing work does not count against them."""
    s = _who(state, session_key)
    if s is None:
        return _err_session()
    aid, a = _asg(state, assignment_id)
    if a is None:
        return f"Error: no assignment {assignment_id}"
    ids = [_int(x) for x in student_ids]
    if not ids or None in ids or any(i not in state.classes[a["class"]]["students"] for i in ids):
        return "Error: every student_id must be a student in the assignment's class"
    new = [i for i in ids if i not in a["excused"]]
    if not new:
        return "Error: those students are already excused"
    a["excused"] += new
    return f"{len(new)} student(s) excused from #{aid}."


def get_submissions(session_key: str, assignment_id: int, status: Optional[SubmissionStatus] = None,
                    state: InkwellState = None) -> dict | str:
    """An assignment's submissions, as rows [submission_id, student_id, name, submitted_at, status, [points, max]]."""
    s = _who(state, session_key)
    if s is None:
        return _err_session()
    aid, a = _asg(state, assignment_id)
    if a is None:
        return f"Error: no assignment {assignment_id}"
    rows = [[k, x["student"], state.students[x["student"]]["name"], x["submitted_at"], x["status"],
             [x["points"], a["max_points"]]]
            for k, x in sorted(state.submissions.items())
            if x["assignment"] == aid and (not status or x["status"] == status)]
    missing = [sid for sid in state.classes[a["class"]]["students"]
               if sid not in a["excused"] and not any(x["assignment"] == aid and x["student"] == sid
                                                      for x in state.submissions.values())]
    return {"assignment": {"id": aid, "title": a["title"], "due": a["due"]}, "submissions": rows, "missing": missing}


def run_similarity_check(session_key: str, submission_id: str, state: InkwellState) -> float | str:
    """Run the similarity check on a submission; the reply is the percentage of matched text."""
    s = _who(state, session_key)
    if s is None:
        return _err_session()
    x = state.submissions.get(str(submission_id).strip().upper())
    if x is None:
        return f"Error: no submission {submission_id!r}"
    x["similarity"] = _SIMILARITY.get(str(submission_id).strip().upper(), 6.0)
    return x["similarity"]


def grade_submission(session_key: str, submission_id: str, points: float, feedback: str,
                     rubric_scores: Optional[list[int]] = None, state: InkwellState = None) -> dict | str:
    """Grade a submission.

    Parameters
    ----------
    submission_id : str
        From ``get_submissions``.
    points : float
        The mark, at most the assignment's maximum.
    feedback : str
        Comments the student sees when grades are returned.
    rubric_scores : list of int, optional
        One score per rubric criterion, in order; required when the assignment has a rubric, and
        they must add up to ``points``.

    Returns
    -------
    dict
        ``{"grade": {"submission_id", "student", "points", "max_points", "percentage"}}``.
    """
    s = _who(state, session_key)
    if s is None:
        return _err_session()
    key = str(submission_id).strip().upper()
    x = state.submissions.get(key)
    if x is None:
        return f"Error: no submission {submission_id!r}"
    a = state.assignments[x["assignment"]]
    if not _teaches(state, s["user"], a["class"]):
        return "Error: this submission belongs to another teacher's class"
    if x["status"] == "returned":
        return "Error: grades were already returned; ask the head of department to change them"
    if a["category"] == "coursework":
        if x["similarity"] is None:
            return "Error: coursework must pass the similarity check before it is graded"
        if x["similarity"] > 40:
            return f"Error: similarity is {x['similarity']}%; refer the work to the exams officer before grading"
    if not 0 <= float(points) <= a["max_points"]:
        return f"Error: points must be between 0 and {a['max_points']}"
    if a["rubric"]:
        crit = state.rubrics[a["rubric"]]["criteria"]
        if not rubric_scores or len(rubric_scores) != len(crit):
            return f"Error: give one rubric score for each of the {len(crit)} criteria"
        if any(_int(v) is None or not 0 <= _int(v) <= p for v, (_, p) in zip(rubric_scores, crit)):
            return "Error: a rubric score is outside its criterion's range"
        if sum(_int(v) for v in rubric_scores) != float(points):
            return "Error: points must equal the sum of the rubric scores"
    if len(feedback.strip()) < 10:
        return "Error: write some feedback for the student"
    x.update(points=float(points), feedback=feedback.strip(), status="graded",
             rubric_scores=[_int(v) for v in rubric_scores] if rubric_scores else None)
    return {"grade": {"submission_id": key, "student": state.students[x["student"]]["name"], "points": float(points),
                      "max_points": a["max_points"], "percentage": round(100 * float(points) / a["max_points"], 1)}}


def return_grades(session_key: str, assignment_id: int, state: InkwellState) -> str:
    """Release an assignment's grades and feedback to students once every submission is graded."""
    s = _who(state, session_key)
    if s is None:
        return _err_session()
    aid, a = _asg(state, assignment_id)
    if a is None:
        return f"Error: no assignment {assignment_id}"
    if not _teaches(state, s["user"], a["class"]):
        return "Error: this assignment belongs to another teacher's class"
    subs = [x for x in state.submissions.values() if x["assignment"] == aid]
    if a["status"] == "returned":
        return f"Error: grades for #{aid} were already returned"
    if not subs:
        return f"Error: #{aid} has no submissions to return"
    ungraded = [x for x in subs if x["status"] != "graded"]
    if ungraded:
        return f"Error: {len(ungraded)} submission(s) of #{aid} are not graded yet"
    for x in subs:
        x["status"] = "returned"
    a["status"] = "returned"
    return f"Grades for #{aid} released to {len(subs)} students."


def get_gradebook(session_key: str, class_code: str, state: InkwellState) -> dict | str:
    """A class's gradebook: each student with their points on every assignment."""
    s = _who(state, session_key)
    if s is None:
        return _err_session()
    code = str(class_code).strip().upper()
    c = _class(state, code)
    if c is None:
        return f"Error: no class {class_code!r}"
    asg = [(aid, a) for aid, a in sorted(state.assignments.items()) if a["class"] == code and a["status"] != "draft"]
    out = []
    for sid in c["students"]:
        grades = []
        for aid, a in asg:
            x = next((v for v in state.submissions.values() if v["assignment"] == aid and v["student"] == sid), None)
            grades.append([aid, None if x is None else x["points"], a["max_points"]])
        out.append({"student": {"id": sid, "name": state.students[sid]["name"]}, "grades": grades})
    return {"class": {"code": code, "label": c["label"]}, "assignments": [[aid, a["title"]] for aid, a in asg],
            "students": out}


# ----------------------------------------------------------------------------- attendance

def open_register(session_key: str, class_code: str, date: str, period: int, state: InkwellState) -> dict | str:
    """Open (or reopen) the register of one of your timetabled lessons.

    Parameters
    ----------
    class_code : str
    date : str
        ``YYYY-MM-DD``; today or earlier.
    period : int
        1 to 6.

    Returns
    -------
    dict
        ``{"register": {"id", "class", "date", "period", "submitted", "students": [[student_id, name, mark]]}}``.
    """
    s = _who(state, session_key)
    if s is None:
        return _err_session()
    code = str(class_code).strip().upper()
    day = WEEKDAYS.get(date.strip())
    p = _int(period)
    if day is None or date.strip() > TODAY:
        return "Error: registers are taken on the day of the lesson (YYYY-MM-DD)"
    if not any(row[0] == p and row[1] == code for row in state.timetable[s["user"]][day]):
        return f"Error: you have no lesson with {class_code!r} in period {period} on {date}"
    key = (code, date.strip(), p)
    reg = next((rid for rid, r in state.registers.items() if (r["class"], r["date"], r["period"]) == key), None)
    if reg is None:
        reg = f"REG-{_next(state, 'register')}"
        state.registers[reg] = {"class": code, "date": date.strip(), "period": p, "marks": {}, "submitted": False}
    r = state.registers[reg]
    return {"register": {"id": reg, "class": code, "date": r["date"], "period": p, "submitted": r["submitted"],
                         "students": [[sid, state.students[sid]["name"], r["marks"].get(sid, "")]
                                      for sid in state.classes[code]["students"]]}}


def mark_register(session_key: str, register_id: str, absent: list[int], late: list[int],
                  state: InkwellState) -> str:
    """Submit a register: everyone not listed as absent or late is marked present.

    Parameters
    ----------
    absent, late : list of int
        Student ids on the register.
    """
    s = _who(state, session_key)
    if s is None:
        return _err_session()
    r = state.registers.get(str(register_id).strip().upper())
    if r is None:
        return f"Error: no register {register_id!r}"
    if r["submitted"]:
        return "Error: this register was already submitted; ask the attendance office to amend it"
    roster = state.classes[r["class"]]["students"]
    ab, la = [_int(x) for x in absent], [_int(x) for x in late]
    if any(x not in roster for x in ab + la):
        return "Error: every student in absent and late must be on this register"
    for sid in roster:
        r["marks"][sid] = "N" if sid in ab else ("L" if sid in la else "/")
    r["submitted"] = True
    for sid in ab:
        state.absences.setdefault(sid, []).append([r["date"], "AM" if r["period"] <= 4 else "PM", None])
    return (f"Register {register_id.strip().upper()} submitted: {len(roster) - len(ab) - len(la)} present, "
            f"{len(ab)} absent, {len(la)} late.")


def record_absence_reason(session_key: str, student_id: int, date: str, code: str, state: InkwellState) -> str:
    """Record why a student was absent on a day.

    Parameters
    ----------
    code : str
        The school's attendance code for the reason.
    """
    s = _who(state, session_key)
    if s is None:
        return _err_session()
    sid, st = _stu(state, student_id)
    if st is None:
        return f"Error: no student {student_id}"
    if code not in _ABSENCE_CODES:
        return "Error: code must be one of " + ", ".join(f"{k} ({v})" for k, v in _ABSENCE_CODES.items())
    marks = [m for m in state.absences.get(sid, []) if m[0] == date.strip()]
    if not marks:
        return f"Error: {st['name']} has no absence marked on {date}"
    if all(m[2] == code for m in marks):
        return f"Error: the absence is already coded {code}"
    for m in marks:
        m[2] = code
    return f"Absence of {st['name']} on {date.strip()} coded {code} ({_ABSENCE_CODES[code]})."


def get_attendance(session_key: str, student_id: int, state: InkwellState) -> dict | str:
    """A student's attendance this term: percentage and each absence as [date, session, code]."""
    s = _who(state, session_key)
    if s is None:
        return _err_session()
    sid, st = _stu(state, student_id)
    if st is None:
        return f"Error: no student {student_id}"
    marks = state.absences.get(sid, [])
    return {"student": {"id": sid, "name": st["name"]}, "attendance": {
        "percentage": round(100 - len(marks) * 0.4, 1), "absences": [list(m) for m in marks],
        "unexplained": sum(1 for m in marks if m[2] is None)}}


# ----------------------------------------------------------------------------- behaviour

def log_behaviour(session_key: str, student_id: int, kind: BehaviourKind, points: int, note: str,
                  state: InkwellState) -> str:
    """Log praise, a concern or a sanction.

    Parameters
    ----------
    kind : {"praise", "concern", "sanction"}
    points : int
        Praise +1 to +5, sanctions -1 to -5.
    note : str
        What happened.

    Returns
    -------
    str
        A sentence with the new entry's number.
    """
    s = _who(state, session_key)
    if s is None:
        return _err_session()
    sid, st = _stu(state, student_id)
    if st is None:
        return f"Error: no student {student_id}"
    p = _int(points)
    if p is None or (kind == "praise" and p <= 0) or (kind == "sanction" and p >= 0) or abs(p) > 5:
        return "Error: praise is +1 to +5 points, sanctions -1 to -5, concerns -5 to +5"
    if len(note.strip()) < 5:
        return "Error: add a note saying what happened"
    bid = f"BH-{_next(state, 'behaviour')}"
    state.behaviour[bid] = {"student": sid, "kind": kind, "points": p, "note": note.strip(), "by": s["user"],
                            "detention": None}
    return f"Behaviour entry {bid} logged for {st['name']} ({kind}, {p:+d})."


def list_detention_slots(session_key: str, state: InkwellState) -> list | str:
    """Upcoming after-school detention slots as rows [slot_id, date, place and time, [capacity, booked]]."""
    s = _who(state, session_key)
    if s is None:
        return _err_session()
    return [[k, v[0], v[1], [v[2], v[3]]] for k, v in sorted(state.detention_slots.items())]


def assign_detention(session_key: str, behaviour_entry_id: str, slot_id: str, state: InkwellState) -> str:
    """Put the student of a sanction entry into a detention slot; guardians are told through the parent app."""
    s = _who(state, session_key)
    if s is None:
        return _err_session()
    b = state.behaviour.get(str(behaviour_entry_id).strip().upper())
    if b is None:
        return f"Error: no behaviour entry {behaviour_entry_id!r}"
    if b["kind"] != "sanction":
        return "Error: detentions follow a sanction entry"
    if b["detention"]:
        return f"Error: a detention is already set for this entry ({b['detention']})"
    slot = state.detention_slots.get(str(slot_id).strip().upper())
    if slot is None:
        return f"Error: no detention slot {slot_id!r}"
    if slot[3] >= slot[2]:
        return f"Error: the {slot[0]} detention is full"
    slot[3] += 1
    b["detention"] = slot_id.strip().upper()
    return f"Detention set for {state.students[b['student']]['name']} on {slot[0]} ({slot[1]}); guardians notified."


# ----------------------------------------------------------------------------- guardians and messages

def get_guardian_contacts(session_key: str, student_id: int, state: InkwellState) -> dict | str:
    """A student's guardians and how to contact them (sensitive: confirm your password first)."""
    s = _who(state, session_key)
    if s is None:
        return _err_session()
    why = _sensitive(state, s)
    if why:
        return why
    sid, st = _stu(state, student_id)
    if st is None:
        return f"Error: no student {student_id}"
    return {"student": {"id": sid, "name": st["name"]},
            "guardians": [dict(g) for g in sorted(state.guardians.get(sid, []), key=lambda g: g["contact_order"])]}


def get_support_plan(session_key: str, student_id: int, state: InkwellState) -> dict | str:
    """A student's special educational needs support plan (sensitive: confirm your password first)."""
    s = _who(state, session_key)
    if s is None:
        return _err_session()
    why = _sensitive(state, s)
    if why:
        return why
    sid, st = _stu(state, student_id)
    if st is None:
        return f"Error: no student {student_id}"
    plan = state.support_plans.get(sid)
    if plan is None:
        return f"Error: {st['name']} has no support plan"
    return {"student": {"id": sid, "name": st["name"]}, "plan": dict(plan, strategies=list(plan["strategies"]))}


def message_guardians(session_key: str, student_id: int, guardian_ids: list[str], subject: str, body: str,
                      state: InkwellState) -> str:
    """E-mail some of a student's guardians (sensitive: confirm your password first).

    Parameters
    ----------
    guardian_ids : list of str
        Guardians of the student (``get_guardian_contacts``).
    subject, body : str
    """
    s = _who(state, session_key)
    if s is None:
        return _err_session()
    why = _sensitive(state, s)
    if why:
        return why
    sid, st = _stu(state, student_id)
    if st is None:
        return f"Error: no student {student_id}"
    known = {g["id"]: g for g in state.guardians.get(sid, [])}
    if not guardian_ids or any(str(g).strip().upper() not in known for g in guardian_ids):
        return f"Error: guardian_ids must be guardians of {st['name']}"
    if any(known[str(g).strip().upper()]["no_contact"] for g in guardian_ids):
        return "Error: one of those guardians must not be contacted by the school; see the safeguarding lead"
    if not subject.strip() or len(body.strip()) < 10:
        return "Error: write a subject and a message"
    n = f"MSG-{_next(state, 'message')}"
    state.messages.append({"id": n, "to": [str(g).strip().upper() for g in guardian_ids], "subject": subject,
                           "body": body, "student": sid})
    return f"Message {n} sent to {len(guardian_ids)} guardian(s) of {st['name']}."


def message_class(session_key: str, class_code: str, subject: str, body: str, state: InkwellState) -> str:
    """Post a message to every student in one of your classes."""
    s = _who(state, session_key)
    if s is None:
        return _err_session()
    code = str(class_code).strip().upper()
    if not _teaches(state, s["user"], code):
        return f"Error: you do not teach a class {class_code!r}"
    if not subject.strip() or len(body.strip()) < 10:
        return "Error: write a subject and a message"
    n = f"MSG-{_next(state, 'message')}"
    state.messages.append({"id": n, "to": code, "subject": subject, "body": body})
    return f"Message {n} posted to {len(state.classes[code]['students'])} students in {state.classes[code]['label']}."


# ----------------------------------------------------------------------------- reports

def get_report_cycle(year_group: int, state: InkwellState) -> str:
    """The code of the report cycle that is open for a year group."""
    cyc = state.report_cycles.get(_int(year_group))
    if cyc is None or not cyc["open"]:
        return f"Error: no report cycle is open for Year {year_group}"
    return cyc["code"]


def write_report_comment(session_key: str, cycle: str, class_code: str, student_id: int, attainment: str,
                         effort: int, comment: str, state: InkwellState) -> str:
    """Write or replace a student's report entry for your class.

    Parameters
    ----------
    cycle : str
        The open report cycle's code.
    attainment : str
        The working-at grade.
    effort : int
        1 (excellent) to 4 (cause for concern).
    comment : str
        The teacher's comment as parents will read it.
    """
    s = _who(state, session_key)
    if s is None:
        return _err_session()
    cyc = next((y for y, c in state.report_cycles.items()
                if c["code"] == str(cycle).strip().upper() and c["open"]), None)
    if cyc is None:
        return f"Error: no open report cycle {cycle!r}"
    code = str(class_code).strip().upper()
    if not _teaches(state, s["user"], code):
        return f"Error: you do not teach a class {class_code!r}"
    if state.classes[code]["year"] != cyc:
        return f"Error: {cycle} is for Year {cyc}"
    sid, st = _stu(state, student_id)
    if st is None or sid not in state.classes[code]["students"]:
        return f"Error: student {student_id} is not in {code}"
    if attainment not in _GRADES:
        return "Error: attainment must be a GCSE grade 9 to 1, or U"
    if _int(effort) not in (1, 2, 3, 4):
        return "Error: effort is 1 (excellent) to 4 (cause for concern)"
    if len(comment.strip()) < 15:
        return "Error: the comment is too short for a report"
    state.report_comments[f"{str(cycle).strip().upper()}|{code}|{sid}"] = [attainment, _int(effort), comment.strip()]
    done = sum(1 for x in state.classes[code]["students"]
               if f"{str(cycle).strip().upper()}|{code}|{x}" in state.report_comments)
    return f"Report entry saved for {st['name']} ({done} of {len(state.classes[code]['students'])} done for {code})."


def submit_reports(session_key: str, cycle: str, class_code: str, state: InkwellState) -> str:
    """Submit a class's report entries to the head of year once every student has one."""
    s = _who(state, session_key)
    if s is None:
        return _err_session()
    c = str(cycle).strip().upper()
    if not any(v["code"] == c and v["open"] for v in state.report_cycles.values()):
        return f"Error: no open report cycle {cycle!r}"
    code = str(class_code).strip().upper()
    if not _teaches(state, s["user"], code):
        return f"Error: you do not teach a class {class_code!r}"
    if f"{c}|{code}" in state.reports_submitted:
        return "Error: these reports were already submitted"
    missing = [state.students[x]["name"] for x in state.classes[code]["students"]
               if f"{c}|{code}|{x}" not in state.report_comments]
    if missing:
        return f"Error: no report entry yet for {', '.join(missing)}"
    state.reports_submitted.append(f"{c}|{code}")
    return f"{len(state.classes[code]['students'])} report entries for {code} submitted to the head of year."


# ----------------------------------------------------------------------------- rooms and cover

def list_rooms(state: InkwellState) -> list:
    """Bookable rooms as rows [room_code, name, capacity, [equipment]]."""
    return [[r[0], r[1], r[2], list(r[3])] for r in state.rooms]


def book_room(session_key: str, room_code: str, date: str, period: int, purpose: str, state: InkwellState) -> str:
    """Book a room for one period."""
    s = _who(state, session_key)
    if s is None:
        return _err_session()
    room = next((r for r in state.rooms if r[0] == str(room_code).strip().upper()), None)
    if room is None:
        return f"Error: no bookable room {room_code!r}"
    p = _int(period)
    if date.strip() not in WEEKDAYS or date.strip() < TODAY or p not in PERIODS:
        return "Error: book a school day from today (YYYY-MM-DD) and a period from 1 to 6"
    key = f"{room[0]}|{date.strip()}|{p}"
    if key in state.bookings:
        return f"Error: {room[0]} is booked by {state.bookings[key]} then"
    state.bookings[key] = state.staff[s["user"]]["name"]
    return f"{room[1]} booked for period {p} on {date.strip()} (booking BK-{_next(state, 'booking')}): {purpose}."


def request_cover(session_key: str, date: str, periods: list[int], reason: str, state: InkwellState) -> str:
    """Ask the cover manager to cover some of your lessons on a day you will be away.

    Parameters
    ----------
    periods : list of int
        Periods you teach that day.
    reason : str
        Shared with the cover manager only.
    """
    s = _who(state, session_key)
    if s is None:
        return _err_session()
    day = WEEKDAYS.get(date.strip())
    if day is None or date.strip() < TODAY:
        return "Error: date must be a school day from today, written YYYY-MM-DD"
    mine = {row[0]: row for row in state.timetable[s["user"]][day]}
    ps = [_int(p) for p in periods]
    if not ps or any(p not in mine for p in ps):
        return f"Error: you teach periods {sorted(mine)} on {date.strip()}; list only those"
    n = f"CV-{_next(state, 'cover')}"
    state.cover_requests.append({"id": n, "date": date.strip(), "periods": ps, "reason": reason, "by": s["user"]})
    return f"Cover request {n} sent for {date.strip()}, periods {', '.join(str(p) for p in ps)}."


TOOLS = [
    sign_in, confirm_password,
    list_my_classes, get_timetable, get_class_roster, find_student, get_student_profile, move_student,
    create_assignment, list_assignments, get_assignment, publish_assignment, update_assignment_due_date,
    create_rubric, list_rubrics, attach_rubric, grant_extension, excuse_student,
    get_submissions, run_similarity_check, grade_submission, return_grades, get_gradebook,
    open_register, mark_register, record_absence_reason, get_attendance,
    log_behaviour, list_detention_slots, assign_detention,
    get_guardian_contacts, get_support_plan, message_guardians, message_class,
    get_report_cycle, write_report_comment, submit_reports,
    list_rooms, book_room, request_cover,
]

State = InkwellState

FIXTURES = {
    "school": {"name": "Northfield Academy", "today": "Wednesday 3 March 2027"},
    "maths_teacher": {"name": "Ms Funmi Adeyemi", "username": "fadeyemi", "password": "Pythagoras-1987!",
                      "also": "head of maths"},
    "english_teacher": {"name": "Mr James O'Halloran", "username": "johalloran", "password": "Bronte-Moors-22",
                        "also": "form tutor of 10X"},
    "senco": {"name": "Mrs Kate Murray", "username": "kmurray", "password": "Hockey&Sticks5"},
    "students": {"10X": ["Amelia Hart", "Bilal Rahman", "Chloe Nwosu", "Dylan Price", "Eva Lindgren"],
                 "10Y": ["Farah Siddiqui", "George Tan"], "7C": ["Harry Bell", "Isla Morgan"]},
    "classes_as_teachers_say_them": ["my Year 10 top set", "the Year 10 set 2 group in 10Y", "Year 7 maths in 7C",
                                     "10X's English class"],
}

_SESSION = ["confirm_password", "list_my_classes", "get_timetable", "get_class_roster", "find_student",
            "get_student_profile", "move_student", "create_assignment", "list_assignments", "get_assignment",
            "publish_assignment", "update_assignment_due_date", "create_rubric", "list_rubrics", "attach_rubric",
            "grant_extension", "excuse_student", "get_submissions", "run_similarity_check", "grade_submission",
            "return_grades", "get_gradebook", "open_register", "mark_register", "record_absence_reason",
            "get_attendance", "log_behaviour", "list_detention_slots", "assign_detention", "get_guardian_contacts",
            "get_support_plan", "message_guardians", "message_class", "write_report_comment", "submit_reports",
            "book_room", "request_cover"]
_SENSITIVE = ["get_guardian_contacts", "get_support_plan", "message_guardians"]
_CLASS = ["get_class_roster", "create_assignment", "list_assignments", "get_gradebook", "message_class",
          "write_report_comment", "submit_reports", "move_student"]
_STUDENT = ["get_student_profile", "move_student", "grant_extension", "excuse_student", "record_absence_reason",
            "get_attendance", "log_behaviour", "get_guardian_contacts", "get_support_plan", "message_guardians",
            "write_report_comment"]
_ASSIGNMENT = ["get_assignment", "publish_assignment", "update_assignment_due_date", "attach_rubric",
               "grant_extension", "excuse_student", "get_submissions"]

GROUND_TRUTH = (
    [("sign_in", c, "auth: session key (session.key)") for c in _SESSION]
    + [("confirm_password", c, "auth: password confirmed for sensitive records") for c in _SENSITIVE]
    + [("list_my_classes", c, "id lookup: class code (row cell)") for c in _CLASS]
    + [("list_my_classes|get_timetable", "open_register", "id lookup: class code (and period) of a timetabled "
        "lesson (row cells)")]
    + [("find_student|get_class_roster", c, "id lookup: student id (matches[].student.id, or a roster row cell)")
       for c in _STUDENT]
    + [("create_assignment|list_assignments", c, "id lookup/create: assignment id (#n in the sentence, or a row "
        "cell)") for c in _ASSIGNMENT]
    + [
        ("list_assignments", "return_grades", "id lookup: assignment id (row cell)"),
        ("create_rubric|list_rubrics", "attach_rubric", "id lookup/create: rubric id (bare, or a row cell)"),
        ("get_submissions", "run_similarity_check", "id lookup: submission id (submissions row cell)"),
        ("get_submissions", "grade_submission", "id lookup: submission id (submissions row cell)"),
        ("open_register", "mark_register", "id lookup/create: register id and its students (register.id, "
                                           "register.students cells)"),
        ("log_behaviour", "assign_detention", "id create: sanction entry (BH-nnnn in the sentence)"),
        ("list_detention_slots", "assign_detention", "vocabulary: detention slot id (row cell)"),
        ("get_guardian_contacts", "message_guardians", "id lookup: guardian ids (guardians[].id)"),
        ("get_report_cycle", "write_report_comment", "vocabulary: open report cycle code (bare)"),
        ("get_report_cycle", "submit_reports", "vocabulary: open report cycle code (bare)"),
        ("list_rooms", "book_room", "vocabulary: room code (row cell)"),
        ("get_timetable", "request_cover", "value: the periods taught that day (row cells)"),
        ("run_similarity_check", "grade_submission", "state: coursework is similarity-checked before grading"),
        ("grade_submission", "return_grades", "state: every submission graded before grades are returned"),
        ("publish_assignment", "grant_extension", "state: extensions are for published assignments"),
        ("mark_register", "record_absence_reason", "state: an absence must be marked before it is coded"),
        ("write_report_comment", "submit_reports", "state: every student needs a report entry before submitting"),
    ]
)

PLAUSIBLE = {
    ("list_my_classes", "get_timetable"), ("get_timetable", "get_class_roster"), ("list_my_classes", "find_student"),
    ("get_class_roster", "open_register"), ("open_register", "record_absence_reason"),
    ("get_assignment", "grade_submission"), ("get_assignment", "attach_rubric"), ("list_rubrics", "grade_submission"),
    ("get_submissions", "return_grades"), ("get_submissions", "excuse_student"), ("get_student_profile",
                                                                                  "move_student"),
    ("get_attendance", "record_absence_reason"), ("get_student_profile", "get_guardian_contacts"),
    ("get_support_plan", "message_guardians"), ("log_behaviour", "message_guardians"),
    ("list_assignments", "run_similarity_check"), ("list_assignments", "grade_submission"),
    ("list_my_classes", "return_grades"), ("list_my_classes", "get_submissions"), ("get_gradebook", "return_grades"),
    ("get_class_roster", "mark_register"), ("find_student", "assign_detention"), ("get_class_roster",
                                                                                  "assign_detention"),
}
