"""Bowline: the office and water-front system of Gullhaven Sailing & Watersports, The Hard, Gullhaven (39 calls).

Async functions over an in-memory ``State`` of the school on Saturday 19 June 2032 at 08:30, the second
day of a Level 1 dinghy course and the first of a windsurf course. The office enrols students, takes
their medical and consent forms, books and moves course places, cancels them, takes payment, sells and
redeems gift vouchers, books hire boats and boards on the tide, hands them out, takes them back,
cancels hires and writes to students. Instructors launch their sessions with a safety boat and a
driver, recover them from the launch log and sign students off; the senior instructor puts instructors on course runs,
renews instructors' tickets, issues certificates and calls runs off in bad weather and back on. The
bosun keeps the fleet and the defect book. The principal may do everything. The course list and the
hire rates are public.

Every tool is an ``async def`` wrapped by ``school(*roles)`` (``functools.wraps``, an async wrapper),
which checks the session and the role and raises ``PermissionError``. Refusals are *raised* as Python's
built-in exceptions: ``PermissionError`` (no session, wrong role), ``LookupError`` (no such student, run,
booking, boat, defect, hire, voucher, invoice or instructor), ``ValueError`` (a bad value or a rule of
the school) and ``RuntimeError`` (a record in the wrong state). Replies are pydantic models and lists
of them (a student's record with certificates, bookings, hires and invoices nested; a course run; a
register with its rows nested; the instructors' board with tickets nested; a forecast with the wind
nested; a launch with who is afloat; free hire slots with their boats nested). Ids look alike:
course run ``DL1-0618`` beside ``DL2-0626``; booking ``BK-3100``, its invoice ``IN-3100`` and a hire
``HR-3101`` with its invoice ``IN-3101``; student ``S-10492``; medical form ``MF-2047``; certificate
``CT-0826``; launch ``LN-0441``; defect ``DF-0412``; gift voucher ``GV-7731``; receipt ``RC-5520``;
instructor ``INS-04``; boats ``Q-02``, ``WB-01``, ``RIB-1``. The wind limit of each course and each kind of
hire, the tide window on the slipway, which certificate each course and each hire needs, the ages of
each course, which tickets an instructor and a safety-boat driver need, that the driver is not the
instructor teaching, that vouchers are for courses, the cancellation terms and that a non-swimmer or
a student not fit to sail is not taken afloat are stated only in refusals.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as
provider means either tool satisfies it, and the text of ``what`` before its first ``:`` is the
kind.
"""

from __future__ import annotations

import datetime
import functools
import inspect
from enum import Enum
from typing import Literal

from pydantic import BaseModel

TODAY = "2032-06-19"  # a Saturday
NOW = "08:30"
SEASON = 2032
TIDE_HOURS = 3  # the slipway is usable this long either side of high water
HIRE_SLOTS = ("09:00", "11:00", "13:00", "15:00", "17:00")
ADMIN_FEE = 25.0
FULL_REFUND_DAYS = 14

RunStatus = Literal["scheduled", "running", "called_off", "finished"]
DefectStatus = Literal["open", "fixed"]
PayMethod = Literal["card", "cash", "bank_transfer"]
Channel = Literal["email", "sms"]
Ticket = Literal["dinghy_instructor", "windsurf_instructor", "sup_instructor", "powerboat_instructor",
                 "safety_boat", "first_aid"]


FORECASTS = {  # day -> high waters, low waters, am (mean, gust, direction), pm: the tide tables and the met feed
    "2032-06-19": (["10:42", "23:05"], ["04:31", "16:55"], (11, 16, "SW"), (15, 21, "SW")),
    "2032-06-20": (["11:31", "23:52"], ["05:20", "17:41"], (9, 13, "W"), (12, 17, "W")),
    "2032-06-21": (["12:18"], ["06:04", "18:27"], (7, 10, "NW"), (8, 12, "NW")),
    "2032-06-22": (["00:38", "13:03"], ["06:49", "19:10"], (13, 18, "S"), (16, 23, "S")),
    "2032-06-26": (["03:31", "15:49"], ["09:40", "21:58"], (10, 14, "SE"), (11, 15, "SE")),
    "2032-06-27": (["04:15", "16:33"], ["10:24", "22:41"], (8, 11, "E"), (9, 12, "E")),
}


class Craft(str, Enum):
    DINGHY = "dinghy"
    WINDSURF = "windsurf"
    PADDLEBOARD = "paddleboard"
    KAYAK = "kayak"
    POWERBOAT = "powerboat"


COURSES = {  # code -> title, craft, days, price, min age, max age, certificate needed, mean wind limit, ticket
    "DL1": ("Dinghy Level 1: Start Sailing", "dinghy", 2, 210.0, 16, None, None, 14, "dinghy_instructor"),
    "DL2": ("Dinghy Level 2: Basic Skills", "dinghy", 2, 210.0, 16, None, "DL1", 16, "dinghy_instructor"),
    "WS1": ("Windsurf Start", "windsurf", 2, 180.0, 12, None, None, 12, "windsurf_instructor"),
    "SUP": ("Paddleboard Discover", "paddleboard", 1, 45.0, 10, None, None, 10, "sup_instructor"),
    "PB2": ("Powerboat Level 2", "powerboat", 2, 295.0, 12, None, None, 25, "powerboat_instructor"),
    "YS1": ("Youth Sailing Stage 1", "dinghy", 3, 160.0, 8, 15, None, 12, "dinghy_instructor"),
}
HIRE = {  # craft -> price a slot, certificate needed, mean wind limit
    "dinghy": (45.0, "DL2", 16), "windsurf": (35.0, "WS1", 14), "paddleboard": (20.0, None, 10),
    "kayak": (18.0, None, 12),
}


# --------------------------------------------------------------------------- replies


class Session(BaseModel):
    token: str
    name: str
    role: str


class Ack(BaseModel):
    done: str


class CourseInfo(BaseModel):
    code: str
    title: str
    craft: str
    days: int
    price: float


class HireRate(BaseModel):
    craft: str
    boats: str
    price_per_slot: float


class StudentRow(BaseModel):
    student_id: str
    name: str
    born: str
    phone: str


class Student(BaseModel):
    student_id: str
    name: str
    born: str
    age: int
    phone: str
    email: str | None
    emergency_contact: str
    guardian: str | None


class MedicalForm(BaseModel):
    form_id: str
    student_id: str
    season: int
    signed_by: str
    conditions: str


class StudentRecord(Student):
    medical_form: MedicalForm | None
    certificates: list[list[str]]
    bookings: list[list]
    hires: list[list]
    invoices: list[list]


class Run(BaseModel):
    run_id: str
    course: str
    title: str
    days: list[str]
    instructor: str | None
    places_left: int
    status: str


class Booking(BaseModel):
    booking_id: str
    run_id: str
    student_id: str
    status: str
    invoice_id: str
    price: float
    balance: float
    outcome: str | None


class Receipt(BaseModel):
    receipt_id: str
    invoice_id: str
    amount: float
    method: str
    balance: float


class Voucher(BaseModel):
    code: str
    buyer: str
    recipient: str
    value: float
    balance: float
    expires: str


class RegisterRow(BaseModel):
    booking_id: str
    student_id: str
    name: str
    paid: bool
    medical_form: bool
    outcome: str | None


class Register(BaseModel):
    run_id: str
    title: str
    instructor: str | None
    rows: list[RegisterRow]


class InstructorRow(BaseModel):
    instructor_id: str
    name: str
    tickets: list[list[str]]
    teaching: str | None


class Wind(BaseModel):
    mean_knots: int
    gust_knots: int
    direction: str


class Forecast(BaseModel):
    day: str
    high_water: list[str]
    low_water: list[str]
    am: Wind
    pm: Wind


class Launch(BaseModel):
    launch_id: str
    run_id: str
    instructor: str
    safety_boat: str
    driver: str
    afloat: list[str]
    launched_at: str
    status: str
    notes: str | None


class Certificate(BaseModel):
    cert_id: str
    student_id: str
    name: str
    course: str
    title: str
    issued: str


class Boat(BaseModel):
    boat_id: str
    craft: str
    boat_class: str
    status: str


class Defect(BaseModel):
    defect_id: str
    boat_id: str
    defect: str
    grounds_boat: bool
    status: str
    reported_by: str
    work_done: str | None


class Slot(BaseModel):
    start: str
    end: str
    boats: list[str]


class Hire(BaseModel):
    hire_id: str
    invoice_id: str
    student_id: str
    boat_id: str
    day: str
    start: str
    end: str
    price: float
    balance: float
    status: str


class HireRow(BaseModel):
    hire_id: str
    student: str
    boat_id: str
    start: str
    end: str
    status: str
    paid: bool


# --------------------------------------------------------------------------- state


class State:
    """Gullhaven Sailing & Watersports, The Hard, Gullhaven, on Saturday 19 June 2032 at 08:30."""

    def __init__(self) -> None:
        self.staff = {
            "nell.b": {"name": "Nell Barrow", "password": "Mainsheet-42", "role": "office"},
            "finn.o": {"name": "Finn O'Hara", "password": "Tacking-Duck-9", "role": "instructor", "ins": "INS-04"},
            "ruby.k": {"name": "Ruby Kaur", "password": "Gybe-Set-17", "role": "instructor", "ins": "INS-05"},
            "tam.w": {"name": "Tamsin Wray", "password": "Chief-Of-Water-3", "role": "senior_instructor",
                      "ins": "INS-02"},
            "jed.p": {"name": "Jed Penhale", "password": "Shackle-Pin-88", "role": "bosun"},
            "cora.l": {"name": "Cora Lowe", "password": "Gullhaven-1994", "role": "principal"},
        }
        self.sessions = {}
        self.instructors = {
            "INS-02": {"name": "Tamsin Wray", "tickets": {
                "dinghy_instructor": "2034-03-31", "windsurf_instructor": "2033-10-31", "sup_instructor": "2034-02-28",
                "powerboat_instructor": "2033-06-30", "safety_boat": "2033-06-30", "first_aid": "2033-03-01"}},
            "INS-04": {"name": "Finn O'Hara", "tickets": {
                "dinghy_instructor": "2034-04-30", "powerboat_instructor": "2033-09-30", "safety_boat": "2033-09-30",
                "first_aid": "2032-05-30"}},
            "INS-05": {"name": "Ruby Kaur", "tickets": {
                "windsurf_instructor": "2033-11-30", "sup_instructor": "2034-02-28", "first_aid": "2033-08-15"}},
            "INS-07": {"name": "Ollie Grant", "tickets": {"safety_boat": "2034-05-31", "first_aid": "2033-10-10"}},
        }
        self.fleet = {  # boat -> craft, class, status
            "K-01": ["kayak", "Sit-on-top double", "serviceable"],
            "K-02": ["kayak", "Sit-on-top single", "serviceable"],
            "P-04": ["dinghy", "Pico", "serviceable"],
            "P-05": ["dinghy", "Pico", "serviceable"],
            "Q-01": ["dinghy", "RS Quest", "serviceable"],
            "Q-02": ["dinghy", "RS Quest", "serviceable"],
            "Q-03": ["dinghy", "RS Quest", "serviceable"],
            "RIB-1": ["powerboat", "Ribcraft 4.8 safety boat", "out_of_service"],
            "RIB-2": ["powerboat", "Ribcraft 5.0 safety boat", "serviceable"],
            "SUP-01": ["paddleboard", "Inflatable 10'6", "serviceable"],
            "SUP-02": ["paddleboard", "Inflatable 10'6", "serviceable"],
            "SUP-03": ["paddleboard", "Inflatable 11'", "serviceable"],
            "WB-01": ["windsurf", "Beginner board, 6.0 rig", "serviceable"],
            "WB-02": ["windsurf", "Beginner board, 6.0 rig", "serviceable"],
            "WB-03": ["windsurf", "Beginner board, 5.0 rig", "serviceable"],
        }
        self.defects = {
            "DF-0409": {"boat": "Q-03", "defect": "Centreboard slot gasket split", "grounds": False,
                        "status": "fixed", "by": "Jed Penhale", "work": "Gasket replaced"},
            "DF-0411": {"boat": "RIB-1", "defect": "Kill cord switch cuts out intermittently", "grounds": True,
                        "status": "open", "by": "Finn O'Hara", "work": None},
        }
        self.students = {
            "S-10471": {"name": "Mr Alex Dunn", "born": "1988-03-02", "phone": "07700 900171",
                        "email": "alex.dunn@mail.example", "emergency": "Ms Kate Dunn (wife), 07700 900172",
                        "guardian": None, "certs": []},
            "S-10473": {"name": "Ms Grace Tan", "born": "1995-09-17", "phone": "07700 900173",
                        "email": "grace.tan@mail.example", "emergency": "Mr Wei Tan (father), 07700 900174",
                        "guardian": None, "certs": []},
            "S-10476": {"name": "Mrs Jenny Cole", "born": "1979-12-05", "phone": "07700 900176", "email": None,
                        "emergency": "Mr Rob Cole (husband), 07700 900177", "guardian": None, "certs": []},
            "S-10480": {"name": "Mr Dev Patel", "born": "1991-05-28", "phone": "07700 900180",
                        "email": "dev.patel@mail.example", "emergency": "Mrs Asha Patel (mother), 07700 900181",
                        "guardian": None, "certs": ["CT-0788", "CT-0803"]},
            "S-10482": {"name": "Mrs Amira Haddad", "born": "1985-02-14", "phone": "07700 900182",
                        "email": "amira.haddad@mail.example", "emergency": "Mr Karim Haddad (husband), 07700 900183",
                        "guardian": None, "certs": []},
            "S-10484": {"name": "Isaac Haddad", "born": "2020-04-09", "phone": "07700 900182",
                        "email": "amira.haddad@mail.example", "emergency": "Mrs Amira Haddad (mother), 07700 900182",
                        "guardian": "Mrs Amira Haddad", "certs": []},
            "S-10486": {"name": "Ms Lucy Fenn", "born": "2001-07-30", "phone": "07700 900186", "email": None,
                        "emergency": "Mr Omar Fenn (brother), 07700 900187", "guardian": None, "certs": []},
            "S-10487": {"name": "Mr Omar Fenn", "born": "1998-01-22", "phone": "07700 900187", "email": None,
                        "emergency": "Ms Lucy Fenn (sister), 07700 900186", "guardian": None, "certs": []},
            "S-10490": {"name": "Mr Hugh Armitage", "born": "1966-10-11", "phone": "07700 900190",
                        "email": "hugh.armitage@mail.example", "emergency": "Mrs Jean Armitage (wife), 07700 900191",
                        "guardian": None, "certs": ["CT-0815"]},
        }
        self.certificates = {
            "CT-0788": {"student": "S-10480", "course": "DL1", "issued": "2030-07-14"},
            "CT-0803": {"student": "S-10480", "course": "DL2", "issued": "2031-08-08"},
            "CT-0815": {"student": "S-10490", "course": "DL1", "issued": "2032-05-23"},
        }
        self.forms = {
            "MF-2031": {"student": "S-10471", "season": SEASON, "signed_by": "Mr Alex Dunn", "conditions": "None"},
            "MF-2032": {"student": "S-10473", "season": SEASON, "signed_by": "Ms Grace Tan",
                        "conditions": "Contact lenses; spare glasses in her bag"},
            "MF-2035": {"student": "S-10480", "season": SEASON, "signed_by": "Mr Dev Patel", "conditions": "None"},
            "MF-2038": {"student": "S-10482", "season": SEASON, "signed_by": "Mrs Amira Haddad", "conditions": "None"},
            "MF-2041": {"student": "S-10486", "season": SEASON, "signed_by": "Ms Lucy Fenn", "conditions": "None"},
            "MF-2042": {"student": "S-10487", "season": SEASON, "signed_by": "Mr Omar Fenn",
                        "conditions": "Type 1 diabetes; glucose tablets in his buoyancy aid"},
        }

        def run(code, days, instructor=None, capacity=6, status="scheduled"):
            return {"course": code, "days": days, "instructor": instructor, "capacity": capacity, "status": status,
                    "reason": None, "recovered": []}

        self.runs = {
            "DL1-0618": run("DL1", ["2032-06-18", "2032-06-19"], "INS-02", status="running"),
            "DL1-0703": run("DL1", ["2032-07-03", "2032-07-04"]),
            "DL1-0717": run("DL1", ["2032-07-17", "2032-07-18"]),
            "DL2-0626": run("DL2", ["2032-06-26", "2032-06-27"]),
            "DL2-0710": run("DL2", ["2032-07-10", "2032-07-11"]),
            "PB2-0717": run("PB2", ["2032-07-17", "2032-07-18"], capacity=3),
            "SUP-0619": run("SUP", ["2032-06-19"], capacity=8),
            "WS1-0619": run("WS1", ["2032-06-19", "2032-06-20"], capacity=4),
            "YS1-0722": run("YS1", ["2032-07-22", "2032-07-23", "2032-07-24"], capacity=8),
        }
        self.bookings = {  # id -> run, student, status, outcome, certificate
            "BK-3088": {"run": "YS1-0722", "student": "S-10484", "status": "booked", "outcome": None, "cert": None},
            "BK-3090": {"run": "DL1-0618", "student": "S-10471", "status": "booked", "outcome": None, "cert": None},
            "BK-3091": {"run": "DL1-0618", "student": "S-10473", "status": "booked", "outcome": None, "cert": None},
            "BK-3092": {"run": "DL1-0618", "student": "S-10476", "status": "booked", "outcome": None, "cert": None},
            "BK-3096": {"run": "WS1-0619", "student": "S-10486", "status": "booked", "outcome": None, "cert": None},
            "BK-3097": {"run": "WS1-0619", "student": "S-10487", "status": "booked", "outcome": None, "cert": None},
            "BK-3099": {"run": "DL2-0626", "student": "S-10490", "status": "booked", "outcome": None, "cert": None},
        }
        self.hires = {  # id -> student, boat, day, start, status
            "HR-3094": {"student": "S-10480", "boat": "Q-02", "day": TODAY, "start": "09:00", "status": "booked"},
            "HR-3095": {"student": "S-10482", "boat": "SUP-02", "day": TODAY, "start": "11:00", "status": "booked"},
        }
        self.invoices = {  # id -> for, student, amount, paid
            "IN-3088": {"for": "BK-3088", "student": "S-10484", "amount": 160.0, "paid": 160.0},
            "IN-3090": {"for": "BK-3090", "student": "S-10471", "amount": 210.0, "paid": 210.0},
            "IN-3091": {"for": "BK-3091", "student": "S-10473", "amount": 210.0, "paid": 210.0},
            "IN-3092": {"for": "BK-3092", "student": "S-10476", "amount": 210.0, "paid": 0.0},
            "IN-3094": {"for": "HR-3094", "student": "S-10480", "amount": 45.0, "paid": 45.0},
            "IN-3095": {"for": "HR-3095", "student": "S-10482", "amount": 20.0, "paid": 0.0},
            "IN-3096": {"for": "BK-3096", "student": "S-10486", "amount": 180.0, "paid": 180.0},
            "IN-3097": {"for": "BK-3097", "student": "S-10487", "amount": 180.0, "paid": 180.0},
            "IN-3099": {"for": "BK-3099", "student": "S-10490", "amount": 210.0, "paid": 210.0},
        }
        self.launches = {}
        self.vouchers = {}
        self.receipts = {}
        self.messages = []
        self.counters = {"session": 1, "student": 10492, "booking": 3100, "form": 2047, "cert": 826, "launch": 441,
                         "defect": 412, "voucher": 7731, "receipt": 5520, "message": 310}


# --------------------------------------------------------------------------- the session decorator


def school(*roles: str, public: bool = False):
    """Check the session, and the role where ``roles`` are given (the principal may do everything);
    raise ``PermissionError`` when they fail."""

    def wrap(fn):
        sig = inspect.signature(fn)

        @functools.wraps(fn)
        async def call(*args, **kwargs):
            if not public:
                bound = sig.bind_partial(*args, **kwargs)
                _who(bound.arguments.get("state"), bound.arguments.get("token"), *roles)
            return await fn(*args, **kwargs)

        return call

    return wrap


# --------------------------------------------------------------------------- helpers


def _next(state: State, kind: str) -> int:
    n = state.counters[kind]
    state.counters[kind] = n + 1
    return n


def _who(state: State, token: str, *roles: str) -> dict:
    who = state.sessions.get(token) if state is not None else None
    if who is None:
        raise PermissionError("not signed in (no session for that token)")
    if roles and who["role"] not in roles and who["role"] != "principal":
        raise PermissionError(f"{who['name']} ({who['role']}) may not do this; it is for the "
                              f"{' or '.join(r.replace('_', ' ') for r in roles)}")
    return who


def _money(x: float) -> float:
    return round(x + 1e-9, 2)


def _date(text: str) -> str:
    try:
        return datetime.date.fromisoformat(text).isoformat()
    except (TypeError, ValueError):
        raise ValueError(f"{text!r} is not a date (YYYY-MM-DD)") from None


def _add_days(day: str, n: int) -> str:
    return (datetime.date.fromisoformat(day) + datetime.timedelta(days=n)).isoformat()


def _age(born: str, on: str = TODAY) -> int:
    b, t = datetime.date.fromisoformat(born), datetime.date.fromisoformat(on)
    return t.year - b.year - ((t.month, t.day) < (b.month, b.day))


def _minutes(hhmm: str) -> int:
    h, m = hhmm.split(":")
    return int(h) * 60 + int(m)


def _hhmm(minutes: int) -> str:
    return f"{minutes // 60:02d}:{minutes % 60:02d}"


def _on_the_tide(day: str, start: str, end: str) -> bool:
    f = _forecast_of(day)
    return any(_minutes(hw) - 60 * TIDE_HOURS <= _minutes(start) and _minutes(end) <= _minutes(hw) + 60 * TIDE_HOURS
               for hw in f[0])


def _forecast_of(day: str) -> tuple:
    f = FORECASTS.get(day)
    if f is None:
        raise LookupError(f"no forecast for {day} yet; forecasts run a week ahead")
    return f


def _student(state: State, student_id: str) -> dict:
    s = state.students.get(student_id)
    if s is None:
        raise LookupError(f"no student {student_id}")
    return s


def _run(state: State, run_id: str) -> dict:
    r = state.runs.get(run_id)
    if r is None:
        raise LookupError(f"no course run {run_id}")
    return r


def _booking(state: State, booking_id: str) -> dict:
    b = state.bookings.get(booking_id)
    if b is None:
        raise LookupError(f"no booking {booking_id}")
    return b


def _hire(state: State, hire_id: str) -> dict:
    h = state.hires.get(hire_id)
    if h is None:
        raise LookupError(f"no hire {hire_id}")
    return h


def _form_of(state: State, student_id: str) -> str | None:
    return next((fid for fid, f in sorted(state.forms.items()) if f["student"] == student_id and f["season"] == SEASON),
                None)


def _held(state: State, student_id: str) -> list[str]:
    return [state.certificates[c]["course"] for c in state.students[student_id]["certs"]]


def _balance(inv: dict) -> float:
    return _money(inv["amount"] - inv["paid"])


def _invoice_of(record_id: str) -> str:
    return "IN-" + record_id[3:]


def _taken(state: State, run_id: str) -> int:
    return sum(1 for b in state.bookings.values() if b["run"] == run_id and b["status"] != "cancelled")


def _ticket_ok(state: State, instructor_id: str, ticket: str, until: str) -> bool:
    exp = state.instructors[instructor_id]["tickets"].get(ticket)
    return exp is not None and exp >= until


def _student_reply(state: State, student_id: str) -> Student:
    s = state.students[student_id]
    return Student(student_id=student_id, name=s["name"], born=s["born"], age=_age(s["born"]), phone=s["phone"],
                   email=s["email"], emergency_contact=s["emergency"], guardian=s["guardian"])


def _form_reply(state: State, form_id: str) -> MedicalForm:
    f = state.forms[form_id]
    return MedicalForm(form_id=form_id, student_id=f["student"], season=f["season"], signed_by=f["signed_by"],
                       conditions=f["conditions"])


def _run_reply(state: State, run_id: str) -> Run:
    r = state.runs[run_id]
    return Run(run_id=run_id, course=r["course"], title=COURSES[r["course"]][0], days=list(r["days"]),
               instructor=state.instructors[r["instructor"]]["name"] if r["instructor"] else None,
               places_left=max(r["capacity"] - _taken(state, run_id), 0), status=_run_status(r))


def _run_status(r: dict) -> str:
    if r["status"] == "called_off":
        return "called_off"
    if r["days"][-1] < TODAY or (r["days"][-1] == TODAY and TODAY in r["recovered"]):
        return "finished"
    if r["days"][0] <= TODAY:
        return "running"
    return "scheduled"


def _booking_reply(state: State, booking_id: str) -> Booking:
    b = state.bookings[booking_id]
    inv = state.invoices[_invoice_of(booking_id)]
    return Booking(booking_id=booking_id, run_id=b["run"], student_id=b["student"], status=b["status"],
                   invoice_id=_invoice_of(booking_id), price=inv["amount"], balance=_balance(inv), outcome=b["outcome"])


def _hire_reply(state: State, hire_id: str) -> Hire:
    h = state.hires[hire_id]
    inv = state.invoices[_invoice_of(hire_id)]
    return Hire(hire_id=hire_id, invoice_id=_invoice_of(hire_id), student_id=h["student"], boat_id=h["boat"],
                day=h["day"], start=h["start"], end=_hhmm(_minutes(h["start"]) + 120), price=inv["amount"],
                balance=_balance(inv), status=h["status"])


def _defect_reply(state: State, defect_id: str) -> Defect:
    d = state.defects[defect_id]
    return Defect(defect_id=defect_id, boat_id=d["boat"], defect=d["defect"], grounds_boat=d["grounds"],
                  status=d["status"], reported_by=d["by"], work_done=d["work"])


def _launch_reply(state: State, launch_id: str) -> Launch:
    x = state.launches[launch_id]
    return Launch(launch_id=launch_id, run_id=x["run"], instructor=state.instructors[x["instructor"]]["name"],
                  safety_boat=x["boat"], driver=state.instructors[x["driver"]]["name"], afloat=list(x["afloat"]),
                  launched_at=x["at"], status=x["status"], notes=x["notes"])


def _pay(state: State, invoice_id: str, amount: float, method: str) -> Receipt:
    inv = state.invoices[invoice_id]
    inv["paid"] = _money(inv["paid"] + amount)
    rid = f"RC-{_next(state, 'receipt')}"
    state.receipts[rid] = {"invoice": invoice_id, "amount": amount, "method": method}
    return Receipt(receipt_id=rid, invoice_id=invoice_id, amount=_money(amount), method=method, balance=_balance(inv))


def _session_now() -> str:
    return "am" if NOW < "13:00" else "pm"


# --------------------------------------------------------------------------- sign-in and public lists


@school(public=True)
async def sign_in(state: State, username: str, password: str) -> Session:
    """Sign in to the school's system.

    Parameters
    ----------
    username : str
        The staff user name, such as ``nell.b``.
    password : str
        The password.

    Returns
    -------
    Session
        The session, whose ``token`` goes with every other call.

    Raises
    ------
    PermissionError
        On a wrong user name or password.
    """
    user = state.staff.get(username)
    if user is None or user["password"] != password:
        raise PermissionError("wrong user name or password")
    token = f"gsw-{_next(state, 'session'):04d}-{username.split('.')[0]}"
    state.sessions[token] = {"user": username, "name": user["name"], "role": user["role"], "ins": user.get("ins")}
    return Session(token=token, name=user["name"], role=user["role"])


@school()
async def sign_out(state: State, token: str) -> Ack:
    """Sign out and end the session.

    Parameters
    ----------
    token : str
        The session token.

    Returns
    -------
    Ack
        What was done.
    """
    who = state.sessions.pop(token)
    return Ack(done=f"{who['name']} signed out")


@school(public=True)
async def course_list(state: State) -> list[CourseInfo]:
    """The courses the school teaches (public, no sign-in).

    Returns
    -------
    list of CourseInfo
        Each course's ``code``, title, craft, length in days and price.
    """
    return [CourseInfo(code=code, title=c[0], craft=c[1], days=c[2], price=c[3]) for code, c in COURSES.items()]


@school(public=True)
async def hire_rates(state: State) -> list[HireRate]:
    """The hire rates for a two-hour slot (public, no sign-in).

    Returns
    -------
    list of HireRate
        The craft, the boats or boards and the price a slot.
    """
    boats = {"dinghy": "RS Quest or Pico", "windsurf": "Beginner board and rig", "paddleboard": "Inflatable SUP",
             "kayak": "Sit-on-top kayak"}
    return [HireRate(craft=craft, boats=boats[craft], price_per_slot=h[0]) for craft, h in HIRE.items()]


# --------------------------------------------------------------------------- students


@school()
async def find_student(state: State, token: str, text: str) -> list[StudentRow]:
    """Look students up by part of a name or a phone number.

    Parameters
    ----------
    token : str
        The session token.
    text : str
        What to look for.

    Returns
    -------
    list of StudentRow
        Matching students, by student id.
    """
    t = text.strip().lower()
    if not t:
        raise ValueError("say what to look for")
    return [StudentRow(student_id=sid, name=s["name"], born=s["born"], phone=s["phone"])
            for sid, s in sorted(state.students.items())
            if t in s["name"].lower() or t.replace(" ", "") in s["phone"].replace(" ", "")]


@school("office")
async def enrol_student(state: State, token: str, name: str, date_of_birth: str, phone: str, emergency_contact: str,
                        can_swim: bool, email: str | None = None, guardian: str | None = None) -> Student:
    """Enrol a new student with the school.

    Parameters
    ----------
    token : str
        The session token.
    name : str
        The student's name, with a title for adults.
    date_of_birth : str
        ``YYYY-MM-DD``.
    phone : str
        A contact number.
    emergency_contact : str
        Who to call in an emergency, with their number.
    can_swim : bool
        Whether the student can swim 50 metres in a buoyancy aid.
    email : str, optional
        An e-mail address.
    guardian : str, optional
        The parent or guardian, for a student under 18.

    Returns
    -------
    Student
        The student, with the new ``student_id``.

    Raises
    ------
    ValueError
        For a student too young, under 18 without a guardian, a non-swimmer, or a phone number already a
        student's.
    """
    born = _date(date_of_birth)
    if born >= TODAY:
        raise ValueError("a date of birth is in the past")
    age = _age(born)
    if age < 8:
        raise ValueError("the school teaches from the age of eight")
    if age < 18 and not (guardian or "").strip():
        raise ValueError(f"{name.strip()} is {age}; a student under 18 is enrolled with a parent or guardian")
    if not can_swim:
        raise ValueError("every student must be able to swim 50 metres in a buoyancy aid")
    if not name.strip() or not emergency_contact.strip():
        raise ValueError("a student needs a name and an emergency contact")
    if email is not None and "@" not in email:
        raise ValueError(f"{email!r} is not an e-mail address")
    if age >= 18:
        for sid, s in state.students.items():
            if s["phone"].replace(" ", "") == phone.replace(" ", "") and s["guardian"] is None:
                raise ValueError(f"{s['name']} is already student {sid} with that number")
    sid = f"S-{_next(state, 'student')}"
    state.students[sid] = {"name": name.strip(), "born": born, "phone": phone.strip(),
                           "email": email.strip() if email else None, "emergency": emergency_contact.strip(),
                           "guardian": guardian.strip() if age < 18 else None, "certs": []}
    return _student_reply(state, sid)


@school("office")
async def update_student(state: State, token: str, student_id: str, phone: str | None = None, email: str | None = None,
                         emergency_contact: str | None = None) -> Student:
    """Change a student's phone number, e-mail address or emergency contact; only what is given changes.

    Parameters
    ----------
    token : str
        The session token.
    student_id : str
        The student (``S-.....``).
    phone : str, optional
        A new phone number.
    email : str, optional
        A new e-mail address.
    emergency_contact : str, optional
        A new emergency contact, with their number.

    Returns
    -------
    Student
        The student as now recorded.

    Raises
    ------
    ValueError
        When nothing would change.
    """
    s = _student(state, student_id)
    changes = {}
    for key, value in (("phone", phone), ("email", email), ("emergency", emergency_contact)):
        if value is not None and value.strip() != (s[key] or ""):
            changes[key] = value.strip()
    if not changes:
        raise ValueError(f"nothing to change: those are already {s['name']}'s details")
    if "email" in changes and "@" not in changes["email"]:
        raise ValueError(f"{email!r} is not an e-mail address")
    s.update(changes)
    return _student_reply(state, student_id)


@school()
async def student_record(state: State, token: str, student_id: str) -> StudentRecord:
    """A student's record.

    Parameters
    ----------
    token : str
        The session token.
    student_id : str
        The student (``S-.....``).

    Returns
    -------
    StudentRecord
        The student, this season's ``medical_form`` (or ``None``), ``certificates`` as rows of
        ``[cert_id, course, title, issued]``, ``bookings`` as rows of ``[booking_id, run_id, status, outcome]``,
        ``hires`` as rows of ``[hire_id, boat_id, day, start, status]`` and ``invoices`` as rows of
        ``[invoice_id, for, amount, balance]``.
    """
    s = _student(state, student_id)
    fid = _form_of(state, student_id)
    return StudentRecord(
        **_student_reply(state, student_id).model_dump(),
        medical_form=_form_reply(state, fid) if fid else None,
        certificates=[[cid, state.certificates[cid]["course"], COURSES[state.certificates[cid]["course"]][0],
                       state.certificates[cid]["issued"]] for cid in s["certs"]],
        bookings=[[bid, b["run"], b["status"], b["outcome"]] for bid, b in sorted(state.bookings.items())
                  if b["student"] == student_id],
        hires=[[hid, h["boat"], h["day"], h["start"], h["status"]] for hid, h in sorted(state.hires.items())
               if h["student"] == student_id],
        invoices=[[iid, i["for"], i["amount"], _balance(i)] for iid, i in sorted(state.invoices.items())
                  if i["student"] == student_id])


@school("office", "instructor", "senior_instructor")
async def medical_form(state: State, token: str, student_id: str, signed_by: str, conditions: str,
                       fit_to_sail: bool) -> MedicalForm:
    """Record this season's medical and consent form for a student.

    Parameters
    ----------
    token : str
        The session token.
    student_id : str
        The student (``S-.....``).
    signed_by : str
        Who signed the form.
    conditions : str
        Medical conditions and medication declared, or ``None``.
    fit_to_sail : bool
        Whether the form declares the student fit to go afloat.

    Returns
    -------
    MedicalForm
        The form, with its ``form_id``.

    Raises
    ------
    ValueError
        When the wrong person signs it or the student is not declared fit.
    RuntimeError
        When there is already a form for this season.
    """
    s = _student(state, student_id)
    current = _form_of(state, student_id)
    if current:
        raise RuntimeError(f"{s['name']} already has form {current} for {SEASON}")
    who = signed_by.strip()
    if s["guardian"] and _age(s["born"]) < 18:
        if who.lower() != s["guardian"].lower():
            raise ValueError(f"{s['name']} is under 18; the form is signed by {s['guardian']}")
    elif who.lower() != s["name"].lower():
        raise ValueError(f"an adult signs their own form; it should be signed by {s['name']}")
    if not fit_to_sail:
        raise ValueError("a student the form does not declare fit to sail brings a letter from their doctor first")
    if not conditions.strip():
        raise ValueError("write None when nothing is declared")
    fid = f"MF-{_next(state, 'form')}"
    state.forms[fid] = {"student": student_id, "season": SEASON, "signed_by": who, "conditions": conditions.strip()}
    return _form_reply(state, fid)


@school("office", "instructor", "senior_instructor")
async def notify_student(state: State, token: str, student_id: str, channel: Channel, message: str) -> Ack:
    """Send a student a text or an e-mail.

    Parameters
    ----------
    token : str
        The session token.
    student_id : str
        The student (``S-.....``).
    channel : {"email", "sms"}
        How to send it.
    message : str
        The text.

    Returns
    -------
    Ack
        What was sent.

    Raises
    ------
    ValueError
        Without an e-mail address on file for an e-mail.
    """
    s = _student(state, student_id)
    if channel not in ("email", "sms"):
        raise ValueError(f"{channel!r} is not a channel")
    if not message.strip():
        raise ValueError("the message is empty")
    if channel == "email" and not s["email"]:
        raise ValueError(f"no e-mail address on file for {s['name']}")
    mid = f"MSG-{_next(state, 'message')}"
    state.messages.append({"id": mid, "student": student_id, "channel": channel, "text": message.strip()})
    return Ack(done=f"{mid} sent to {s['name']} by {channel}")


# --------------------------------------------------------------------------- courses


@school()
async def course_runs(state: State, token: str, code: str | None = None, status: RunStatus | None = None) -> list[Run]:
    """The dated runs of the courses, optionally of one course or in one status.

    Parameters
    ----------
    token : str
        The session token.
    code : str, optional
        A course code, such as ``DL1``.
    status : {"scheduled", "running", "called_off", "finished"}, optional
        Only runs in this status.

    Returns
    -------
    list of Run
        Runs by run id, each with its days, instructor and places left.
    """
    if code is not None and code not in COURSES:
        raise LookupError(f"no course {code!r}")
    if status is not None and status not in ("scheduled", "running", "called_off", "finished"):
        raise ValueError(f"{status!r} is not a run status")
    return [_run_reply(state, rid) for rid, r in sorted(state.runs.items())
            if (code is None or r["course"] == code) and (status is None or _run_status(r) == status)]


@school("office")
async def book_course(state: State, token: str, run_id: str, student_id: str) -> Booking:
    """Book a student a place on a course run; the fee is invoiced.

    Parameters
    ----------
    token : str
        The session token.
    run_id : str
        The run (``DL1-0703`` ...).
    student_id : str
        The student (``S-.....``).

    Returns
    -------
    Booking
        The booking, with its ``booking_id`` and ``invoice_id``.

    Raises
    ------
    ValueError
        For a student outside the course's ages or without the certificate it needs.
    RuntimeError
        For a run that has started, is full or is called off, or a student already on it.
    """
    s = _student(state, student_id)
    r = _run(state, run_id)
    course = COURSES[r["course"]]
    if r["status"] == "called_off":
        raise RuntimeError(f"{run_id} is called off")
    if r["days"][0] <= TODAY:
        raise RuntimeError(f"{run_id} started on {r['days'][0]}; book a later run")
    for bid, b in sorted(state.bookings.items()):
        if b["run"] == run_id and b["student"] == student_id and b["status"] != "cancelled":
            raise RuntimeError(f"{s['name']} is already on {run_id} ({bid})")
    if _taken(state, run_id) >= r["capacity"]:
        raise RuntimeError(f"{run_id} is full")
    age = _age(s["born"], r["days"][0])
    if age < course[4] or (course[5] is not None and age > course[5]):
        limit = f"{course[4]} to {course[5]}" if course[5] is not None else f"{course[4]} and over"
        raise ValueError(f"{course[0]} is for ages {limit}; {s['name']} will be {age}")
    if course[6] and course[6] not in _held(state, student_id):
        raise ValueError(f"{course[0]} follows {COURSES[course[6]][0]}; {s['name']} holds no such certificate")
    n = _next(state, "booking")
    bid = f"BK-{n}"
    state.bookings[bid] = {"run": run_id, "student": student_id, "status": "booked", "outcome": None, "cert": None}
    state.invoices[_invoice_of(bid)] = {"for": bid, "student": student_id, "amount": course[3], "paid": 0.0}
    return _booking_reply(state, bid)


@school("office")
async def move_booking(state: State, token: str, booking_id: str, run_id: str) -> Booking:
    """Move a booking to another run of the same course.

    Parameters
    ----------
    token : str
        The session token.
    booking_id : str
        The booking (``BK-....``).
    run_id : str
        The run to move to.

    Returns
    -------
    Booking
        The booking on its new run.

    Raises
    ------
    ValueError
        For a run of another course, or the run it is already on.
    RuntimeError
        For a booking not booked, or a run started, full or called off.
    """
    b = _booking(state, booking_id)
    if b["status"] != "booked":
        raise RuntimeError(f"{booking_id} is {b['status']}")
    r = _run(state, run_id)
    if run_id == b["run"]:
        raise ValueError(f"{booking_id} is already on {run_id}")
    if r["course"] != state.runs[b["run"]]["course"]:
        raise ValueError("a booking moves to another run of the same course; cancel it and book the other course")
    if r["status"] == "called_off":
        raise RuntimeError(f"{run_id} is called off")
    if r["days"][0] <= TODAY:
        raise RuntimeError(f"{run_id} started on {r['days'][0]}")
    if _taken(state, run_id) >= r["capacity"]:
        raise RuntimeError(f"{run_id} is full")
    b["run"] = run_id
    return _booking_reply(state, booking_id)


@school("office")
async def cancel_booking(state: State, token: str, booking_id: str, reason: str) -> Booking:
    """Cancel a course booking.

    Parameters
    ----------
    token : str
        The session token.
    booking_id : str
        The booking (``BK-....``).
    reason : str
        Why.

    Returns
    -------
    Booking
        The booking, cancelled, with what is still owed or refunded in ``balance``.

    Raises
    ------
    RuntimeError
        For a booking not booked.
    """
    b = _booking(state, booking_id)
    if b["status"] != "booked":
        raise RuntimeError(f"{booking_id} is {b['status']}")
    if not reason.strip():
        raise ValueError("say why")
    inv = state.invoices[_invoice_of(booking_id)]
    first = state.runs[b["run"]]["days"][0]
    if first > _add_days(TODAY, FULL_REFUND_DAYS):
        inv["amount"] = min(ADMIN_FEE, inv["amount"]) if inv["paid"] > 0 else 0.0
    b["status"] = "cancelled"
    return _booking_reply(state, booking_id)


@school("office")
async def take_payment(state: State, token: str, invoice_id: str, amount: float, method: PayMethod) -> Receipt:
    """Take a payment against an invoice for a course or a hire.

    Parameters
    ----------
    token : str
        The session token.
    invoice_id : str
        The invoice (``IN-....``).
    amount : float
        Pounds.
    method : {"card", "cash", "bank_transfer"}
        How it is paid.

    Returns
    -------
    Receipt
        The receipt, with the balance left.

    Raises
    ------
    ValueError
        For more than is owed.
    RuntimeError
        For an invoice already paid.
    """
    inv = state.invoices.get(invoice_id)
    if inv is None:
        raise LookupError(f"no invoice {invoice_id}")
    if method not in ("card", "cash", "bank_transfer"):
        raise ValueError(f"{method!r} is not a way to pay")
    if _balance(inv) <= 0:
        raise RuntimeError(f"{invoice_id} is paid")
    if amount <= 0 or _money(amount) > _balance(inv):
        raise ValueError(f"{invoice_id} has {_balance(inv):.2f} to pay")
    return _pay(state, invoice_id, _money(amount), method)


@school("office")
async def sell_voucher(state: State, token: str, buyer: str, recipient: str, amount: float,
                       method: PayMethod) -> Voucher:
    """Sell a gift voucher, good for a year.

    Parameters
    ----------
    token : str
        The session token.
    buyer : str
        Who is buying it.
    recipient : str
        Whose name goes on it.
    amount : float
        Its value in pounds.
    method : {"card", "cash", "bank_transfer"}
        How it is paid.

    Returns
    -------
    Voucher
        The voucher, with its ``code``.

    Raises
    ------
    ValueError
        For a value the school does not sell.
    """
    if not buyer.strip() or not recipient.strip():
        raise ValueError("a voucher needs a buyer and a name on it")
    if method not in ("card", "cash", "bank_transfer"):
        raise ValueError(f"{method!r} is not a way to pay")
    if not 25 <= amount <= 500 or round(amount) % 5:
        raise ValueError("vouchers are sold from 25 to 500 pounds, in fives")
    code = f"GV-{_next(state, 'voucher')}"
    state.vouchers[code] = {"buyer": buyer.strip(), "recipient": recipient.strip(), "value": float(amount),
                            "balance": float(amount), "expires": _add_days(TODAY, 365), "method": method}
    v = state.vouchers[code]
    return Voucher(code=code, buyer=v["buyer"], recipient=v["recipient"], value=v["value"], balance=v["balance"],
                   expires=v["expires"])


@school("office")
async def redeem_voucher(state: State, token: str, voucher_code: str, invoice_id: str) -> Receipt:
    """Pay a course invoice from a gift voucher, as far as the voucher goes.

    Parameters
    ----------
    token : str
        The session token.
    voucher_code : str
        The voucher (``GV-....``).
    invoice_id : str
        The invoice (``IN-....``).

    Returns
    -------
    Receipt
        The receipt, with the balance left on the invoice.

    Raises
    ------
    ValueError
        For an invoice that is not for a course.
    RuntimeError
        For a voucher used up or out of date, or an invoice already paid.
    """
    v = state.vouchers.get(voucher_code)
    if v is None:
        raise LookupError(f"no voucher {voucher_code}")
    inv = state.invoices.get(invoice_id)
    if inv is None:
        raise LookupError(f"no invoice {invoice_id}")
    if v["balance"] <= 0 or v["expires"] < TODAY:
        raise RuntimeError(f"{voucher_code} is used up or out of date")
    if not inv["for"].startswith("BK-"):
        raise ValueError("gift vouchers pay for courses, not hire")
    if _balance(inv) <= 0:
        raise RuntimeError(f"{invoice_id} is paid")
    amount = min(v["balance"], _balance(inv))
    v["balance"] = _money(v["balance"] - amount)
    return _pay(state, invoice_id, amount, f"voucher {voucher_code}")


@school()
async def run_register(state: State, token: str, run_id: str) -> Register:
    """A course run's register.

    Parameters
    ----------
    token : str
        The session token.
    run_id : str
        The run (``DL1-0618`` ...).

    Returns
    -------
    Register
        The run, with ``rows`` for its bookings (not cancelled): booking, student, whether paid, whether
        this season's medical form is in, and the outcome.
    """
    r = _run(state, run_id)
    rows = []
    for bid, b in sorted(state.bookings.items()):
        if b["run"] == run_id and b["status"] != "cancelled":
            rows.append(RegisterRow(booking_id=bid, student_id=b["student"], name=state.students[b["student"]]["name"],
                                    paid=_balance(state.invoices[_invoice_of(bid)]) <= 0,
                                    medical_form=_form_of(state, b["student"]) is not None, outcome=b["outcome"]))
    return Register(run_id=run_id, title=COURSES[r["course"]][0],
                    instructor=state.instructors[r["instructor"]]["name"] if r["instructor"] else None, rows=rows)


# --------------------------------------------------------------------------- instructors and the water


@school()
async def instructor_board(state: State, token: str, day: str) -> list[InstructorRow]:
    """The instructors on a day, with their tickets and what they are teaching.

    Parameters
    ----------
    token : str
        The session token.
    day : str
        ``YYYY-MM-DD``.

    Returns
    -------
    list of InstructorRow
        By instructor id: ``tickets`` as rows of ``[ticket, expires]`` and the run they teach that day.
    """
    d = _date(day)
    out = []
    for iid, i in sorted(state.instructors.items()):
        teaching = next((rid for rid, r in sorted(state.runs.items())
                         if r["instructor"] == iid and d in r["days"] and r["status"] != "called_off"), None)
        out.append(InstructorRow(instructor_id=iid, name=i["name"], tickets=[[t, e] for t, e in sorted(i["tickets"].items())],
                                 teaching=teaching))
    return out


@school("office", "senior_instructor")
async def assign_instructor(state: State, token: str, run_id: str, instructor_id: str) -> Run:
    """Put an instructor on a course run, or another instructor in place of the one on it.

    Parameters
    ----------
    token : str
        The session token.
    run_id : str
        The run (``DL1-0703`` ...).
    instructor_id : str
        The instructor (``INS-..``).

    Returns
    -------
    Run
        The run with its instructor.

    Raises
    ------
    ValueError
        For an instructor without the tickets the course needs, or the instructor already on it.
    RuntimeError
        For an instructor teaching another run on one of its days, or a run finished or called off.
    """
    r = _run(state, run_id)
    i = state.instructors.get(instructor_id)
    if i is None:
        raise LookupError(f"no instructor {instructor_id}")
    if r["instructor"] == instructor_id:
        raise ValueError(f"{i['name']} is already on {run_id}")
    if _run_status(r) in ("finished", "called_off"):
        raise RuntimeError(f"{run_id} is {_run_status(r).replace('_', ' ')}")
    ticket = COURSES[r["course"]][8]
    last = r["days"][-1]
    if not _ticket_ok(state, instructor_id, ticket, last):
        raise ValueError(f"{COURSES[r['course']][0]} is taught by an instructor holding a {ticket.replace('_', ' ')} "
                         f"ticket in date; {i['name']} holds none to {last}")
    if not _ticket_ok(state, instructor_id, "first_aid", last):
        raise ValueError(f"{i['name']}'s first aid certificate runs out before {last}; instructors hold one in date")
    for rid, other in sorted(state.runs.items()):
        if rid != run_id and other["instructor"] == instructor_id and other["status"] != "called_off" and \
                set(other["days"]) & set(r["days"]):
            raise RuntimeError(f"{i['name']} is teaching {rid} then")
    r["instructor"] = instructor_id
    return _run_reply(state, run_id)


@school("senior_instructor")
async def renew_ticket(state: State, token: str, instructor_id: str, ticket: Ticket, expires: str) -> InstructorRow:
    """Record an instructor's renewed (or new) ticket and its expiry date.

    Parameters
    ----------
    token : str
        The session token.
    instructor_id : str
        The instructor (``INS-..``).
    ticket : {"dinghy_instructor", "windsurf_instructor", "sup_instructor", "powerboat_instructor", "safety_boat", "first_aid"}
        The ticket.
    expires : str
        The new expiry date, ``YYYY-MM-DD``.

    Returns
    -------
    InstructorRow
        The instructor with their tickets.

    Raises
    ------
    ValueError
        For an expiry that is not later than the one on file.
    """
    i = state.instructors.get(instructor_id)
    if i is None:
        raise LookupError(f"no instructor {instructor_id}")
    if ticket not in ("dinghy_instructor", "windsurf_instructor", "sup_instructor", "powerboat_instructor",
                      "safety_boat", "first_aid"):
        raise ValueError(f"{ticket!r} is not a ticket the school records")
    exp = _date(expires)
    if exp <= TODAY:
        raise ValueError("a renewed ticket expires in the future")
    if i["tickets"].get(ticket) and exp <= i["tickets"][ticket]:
        raise ValueError(f"{i['name']}'s {ticket.replace('_', ' ')} ticket already runs to {i['tickets'][ticket]}")
    i["tickets"][ticket] = exp
    return InstructorRow(instructor_id=instructor_id, name=i["name"],
                         tickets=[[t, e] for t, e in sorted(i["tickets"].items())], teaching=None)


@school()
async def forecast(state: State, token: str, day: str) -> Forecast:
    """The tides and the wind forecast for a day at Gullhaven.

    Parameters
    ----------
    token : str
        The session token.
    day : str
        ``YYYY-MM-DD``.

    Returns
    -------
    Forecast
        High and low water times, and the morning and afternoon wind in knots.
    """
    f = _forecast_of(_date(day))
    return Forecast(day=day, high_water=list(f[0]), low_water=list(f[1]),
                    am=Wind(mean_knots=f[2][0], gust_knots=f[2][1], direction=f[2][2]),
                    pm=Wind(mean_knots=f[3][0], gust_knots=f[3][1], direction=f[3][2]))


@school("instructor", "senior_instructor")
async def launch_session(state: State, token: str, run_id: str, safety_boat: str, driver_id: str) -> Launch:
    """Launch a course run's session today, with a safety boat and its driver.

    Parameters
    ----------
    token : str
        The session token.
    run_id : str
        The run (``DL1-0618`` ...).
    safety_boat : str
        The safety boat (``RIB-1`` ...).
    driver_id : str
        The instructor driving it (``INS-..``).

    Returns
    -------
    Launch
        The launch log entry, with its ``launch_id`` and who is afloat.

    Raises
    ------
    ValueError
        For a boat that is not a serviceable safety boat, a driver without the tickets, wind over the
        course's limit, or a slipway out of the tide window.
    RuntimeError
        For a run not on today, without an instructor, already afloat, or with a student without this
        season's medical form.
    """
    r = _run(state, run_id)
    if TODAY not in r["days"] or r["status"] == "called_off":
        raise RuntimeError(f"{run_id} is not on the water today")
    if not r["instructor"]:
        raise RuntimeError(f"{run_id} has no instructor")
    if any(x["run"] == run_id and x["status"] == "afloat" for x in state.launches.values()):
        raise RuntimeError(f"{run_id} is already afloat")
    if TODAY in r["recovered"]:
        raise RuntimeError(f"today's session of {run_id} is done")
    afloat = [bid for bid, b in sorted(state.bookings.items()) if b["run"] == run_id and b["status"] == "booked"]
    missing = [state.students[state.bookings[bid]["student"]]["name"] for bid in afloat
               if _form_of(state, state.bookings[bid]["student"]) is None]
    if missing:
        raise RuntimeError(f"no {SEASON} medical form for {', '.join(missing)}; nobody goes afloat without one")
    boat = state.fleet.get(safety_boat)
    if boat is None:
        raise LookupError(f"no boat {safety_boat}")
    if boat[0] != "powerboat":
        raise ValueError(f"{safety_boat} is a {boat[1]}, not a safety boat")
    if boat[2] != "serviceable":
        raise ValueError(f"{safety_boat} is out of service; see the defect book")
    if any(x["boat"] == safety_boat and x["status"] == "afloat" for x in state.launches.values()):
        raise RuntimeError(f"{safety_boat} is covering another session")
    driver = state.instructors.get(driver_id)
    if driver is None:
        raise LookupError(f"no instructor {driver_id}")
    if driver_id == r["instructor"]:
        raise ValueError("the safety boat is driven by someone other than the instructor teaching")
    if not (_ticket_ok(state, driver_id, "safety_boat", TODAY) and _ticket_ok(state, driver_id, "first_aid", TODAY)):
        raise ValueError(f"{driver['name']} needs safety boat and first aid tickets in date to drive cover")
    if any(x["driver"] == driver_id and x["status"] == "afloat" for x in state.launches.values()):
        raise RuntimeError(f"{driver['name']} is already driving cover")
    f = _forecast_of(TODAY)
    wind = f[2] if _session_now() == "am" else f[3]
    limit = COURSES[r["course"]][7]
    if wind[0] > limit:
        raise ValueError(f"{wind[0]} knots forecast; {COURSES[r['course']][0]} goes afloat in up to {limit} knots")
    if not _on_the_tide(TODAY, NOW, NOW):
        raise ValueError(f"the slipway is usable {TIDE_HOURS} hours either side of high water "
                         f"({', '.join(f[0])})")
    lid = f"LN-{_next(state, 'launch'):04d}"
    state.launches[lid] = {"run": run_id, "instructor": r["instructor"], "boat": safety_boat, "driver": driver_id,
                           "afloat": [state.students[state.bookings[bid]["student"]]["name"] for bid in afloat],
                           "at": NOW, "status": "afloat", "notes": None}
    return _launch_reply(state, lid)


@school()
async def launch_log(state: State, token: str, afloat_only: bool = False) -> list[Launch]:
    """Today's launch log.

    Parameters
    ----------
    token : str
        The session token.
    afloat_only : bool
        Only sessions still on the water.

    Returns
    -------
    list of Launch
        By launch id, with who is afloat and the status.
    """
    return [_launch_reply(state, lid) for lid, x in sorted(state.launches.items())
            if not afloat_only or x["status"] == "afloat"]


@school("instructor", "senior_instructor")
async def recover_session(state: State, token: str, launch_id: str, all_ashore: bool, notes: str) -> Launch:
    """Close a launch once everyone is ashore.

    Parameters
    ----------
    token : str
        The session token.
    launch_id : str
        The launch (``LN-....``).
    all_ashore : bool
        Whether every student and boat is counted back ashore.
    notes : str
        How the session went.

    Returns
    -------
    Launch
        The launch, recovered.

    Raises
    ------
    ValueError
        When not everyone is counted ashore.
    RuntimeError
        For a launch already recovered.
    """
    x = state.launches.get(launch_id)
    if x is None:
        raise LookupError(f"no launch {launch_id}")
    if x["status"] != "afloat":
        raise RuntimeError(f"{launch_id} is already recovered")
    if not all_ashore:
        raise ValueError("count every student and boat ashore before closing the launch; call the coastguard if "
                         "anyone is missing")
    if not notes.strip():
        raise ValueError("note how the session went")
    x["status"], x["notes"] = "recovered", notes.strip()
    r = state.runs[x["run"]]
    if TODAY not in r["recovered"]:
        r["recovered"].append(TODAY)
    return _launch_reply(state, launch_id)


@school("instructor", "senior_instructor")
async def sign_off_student(state: State, token: str, booking_id: str, passed: bool, notes: str) -> Booking:
    """Sign a student off at the end of a course, once its last session is ashore.

    Parameters
    ----------
    token : str
        The session token.
    booking_id : str
        The booking (``BK-....``).
    passed : bool
        Whether the student met the course's standard.
    notes : str
        The instructor's notes for the logbook.

    Returns
    -------
    Booking
        The booking with its ``outcome``.

    Raises
    ------
    RuntimeError
        For a booking not booked, a course whose last session is not ashore, or a fee not paid.
    """
    b = _booking(state, booking_id)
    if b["status"] != "booked":
        raise RuntimeError(f"{booking_id} is {b['status']}")
    r = state.runs[b["run"]]
    if r["days"][-1] > TODAY or r["days"][-1] not in r["recovered"]:
        raise RuntimeError(f"{b['run']}'s last session ({r['days'][-1]}) is not ashore yet")
    inv = state.invoices[_invoice_of(booking_id)]
    if _balance(inv) > 0:
        raise RuntimeError(f"{_balance(inv):.2f} is still owed on {_invoice_of(booking_id)}")
    if not notes.strip():
        raise ValueError("add the instructor's notes")
    b["status"], b["outcome"] = "signed_off", "passed" if passed else "not yet"
    return _booking_reply(state, booking_id)


@school("senior_instructor")
async def issue_certificate(state: State, token: str, booking_id: str) -> Certificate:
    """Issue the course certificate for a student signed off as passed.

    Parameters
    ----------
    token : str
        The session token.
    booking_id : str
        The booking (``BK-....``).

    Returns
    -------
    Certificate
        The certificate, with its ``cert_id``.

    Raises
    ------
    RuntimeError
        For a student not signed off as passed, or a certificate already issued.
    """
    b = _booking(state, booking_id)
    if b["cert"]:
        raise RuntimeError(f"certificate {b['cert']} was issued for {booking_id}")
    if b["status"] != "signed_off" or b["outcome"] != "passed":
        raise RuntimeError(f"{booking_id} is not signed off as passed")
    code = state.runs[b["run"]]["course"]
    cid = f"CT-{_next(state, 'cert'):04d}"
    state.certificates[cid] = {"student": b["student"], "course": code, "issued": TODAY}
    state.students[b["student"]]["certs"].append(cid)
    b["cert"] = cid
    return Certificate(cert_id=cid, student_id=b["student"], name=state.students[b["student"]]["name"], course=code,
                       title=COURSES[code][0], issued=TODAY)


@school("senior_instructor")
async def call_off_run(state: State, token: str, run_id: str, reason: str) -> Run:
    """Call a course run off for the weather or the sea state.

    Parameters
    ----------
    token : str
        The session token.
    run_id : str
        The run.
    reason : str
        Why.

    Returns
    -------
    Run
        The run, called off.

    Raises
    ------
    RuntimeError
        For a run already called off or finished.
    """
    r = _run(state, run_id)
    if _run_status(r) in ("called_off", "finished"):
        raise RuntimeError(f"{run_id} is {_run_status(r).replace('_', ' ')}")
    if any(x["run"] == run_id and x["status"] == "afloat" for x in state.launches.values()):
        raise RuntimeError(f"{run_id} is afloat; recover it first")
    if not reason.strip():
        raise ValueError("say why")
    r["status"], r["reason"] = "called_off", reason.strip()
    return _run_reply(state, run_id)


@school("senior_instructor")
async def reinstate_run(state: State, token: str, run_id: str) -> Run:
    """Put a called-off run back on, when the weather comes right.

    Parameters
    ----------
    token : str
        The session token.
    run_id : str
        The run.

    Returns
    -------
    Run
        The run, back on.

    Raises
    ------
    RuntimeError
        For a run that is not called off.
    """
    r = _run(state, run_id)
    if r["status"] != "called_off":
        raise RuntimeError(f"{run_id} is not called off")
    r["status"], r["reason"] = "scheduled", None
    return _run_reply(state, run_id)


# --------------------------------------------------------------------------- the fleet


@school()
async def fleet_list(state: State, token: str, craft: Craft | None = None, serviceable_only: bool = False) -> list[Boat]:
    """The school's boats and boards.

    Parameters
    ----------
    token : str
        The session token.
    craft : {"dinghy", "windsurf", "paddleboard", "kayak", "powerboat"}, optional
        Only boats of this kind.
    serviceable_only : bool
        Leave out boats out of service.

    Returns
    -------
    list of Boat
        By boat id.
    """
    kind = None
    if craft is not None:
        try:
            kind = craft.value if isinstance(craft, Craft) else Craft(craft).value
        except ValueError:
            raise ValueError(f"{craft!r} is not a kind of craft") from None
    return [Boat(boat_id=bid, craft=b[0], boat_class=b[1], status=b[2]) for bid, b in sorted(state.fleet.items())
            if (kind is None or b[0] == kind) and (not serviceable_only or b[2] == "serviceable")]


@school("bosun", "instructor", "senior_instructor")
async def report_defect(state: State, token: str, boat_id: str, defect: str, grounds_boat: bool) -> Defect:
    """Enter a defect in the defect book; a defect that grounds the boat takes it out of service.

    Parameters
    ----------
    token : str
        The session token.
    boat_id : str
        The boat (``Q-02`` ...).
    defect : str
        What is wrong.
    grounds_boat : bool
        Whether the boat must not go afloat until it is fixed.

    Returns
    -------
    Defect
        The defect, with its ``defect_id``.
    """
    who = _who(state, token)
    b = state.fleet.get(boat_id)
    if b is None:
        raise LookupError(f"no boat {boat_id}")
    if not defect.strip():
        raise ValueError("say what is wrong")
    did = f"DF-{_next(state, 'defect'):04d}"
    state.defects[did] = {"boat": boat_id, "defect": defect.strip(), "grounds": bool(grounds_boat), "status": "open",
                          "by": who["name"], "work": None}
    if grounds_boat:
        b[2] = "out_of_service"
    return _defect_reply(state, did)


@school()
async def defect_book(state: State, token: str, status: DefectStatus | None = None) -> list[Defect]:
    """The defect book.

    Parameters
    ----------
    token : str
        The session token.
    status : {"open", "fixed"}, optional
        Only defects in this status.

    Returns
    -------
    list of Defect
        By defect id.
    """
    if status is not None and status not in ("open", "fixed"):
        raise ValueError(f"{status!r} is not a defect status")
    return [_defect_reply(state, did) for did, d in sorted(state.defects.items()) if status is None or d["status"] == status]


@school("bosun")
async def fix_defect(state: State, token: str, defect_id: str, work_done: str) -> Defect:
    """Sign a defect off as fixed; the boat goes back into service once nothing grounds it.

    Parameters
    ----------
    token : str
        The session token.
    defect_id : str
        The defect (``DF-....``).
    work_done : str
        What was done.

    Returns
    -------
    Defect
        The defect, fixed.

    Raises
    ------
    RuntimeError
        For a defect already fixed.
    """
    d = state.defects.get(defect_id)
    if d is None:
        raise LookupError(f"no defect {defect_id}")
    if d["status"] != "open":
        raise RuntimeError(f"{defect_id} is already fixed")
    if not work_done.strip():
        raise ValueError("say what was done")
    d["status"], d["work"] = "fixed", work_done.strip()
    if not any(o["boat"] == d["boat"] and o["grounds"] and o["status"] == "open" for o in state.defects.values()):
        state.fleet[d["boat"]][2] = "serviceable"
    return _defect_reply(state, defect_id)


# --------------------------------------------------------------------------- hire


def _hire_craft(craft) -> str:
    try:
        kind = craft.value if isinstance(craft, Craft) else Craft(craft).value
    except ValueError:
        raise ValueError(f"{craft!r} is not a kind of craft") from None
    if kind not in HIRE:
        raise ValueError(f"{kind} is not for hire; powerboats go out with an instructor")
    return kind


def _boat_free(state: State, boat_id: str, day: str, start: str, skip: str | None = None) -> bool:
    return not any(h["boat"] == boat_id and h["day"] == day and h["start"] == start and h["status"] in ("booked", "out")
                   and hid != skip for hid, h in state.hires.items())


@school()
async def hire_slots(state: State, token: str, day: str, craft: Craft) -> list[Slot]:
    """The hire slots open on a day for a kind of craft, with the boats free in each.

    Parameters
    ----------
    token : str
        The session token.
    day : str
        ``YYYY-MM-DD``.
    craft : {"dinghy", "windsurf", "paddleboard", "kayak"}
        What to hire.

    Returns
    -------
    list of Slot
        Two-hour slots on the tide, each with its free ``boats``.
    """
    d = _date(day)
    kind = _hire_craft(craft)
    if d < TODAY:
        raise ValueError(f"{d} has passed")
    out = []
    for start in HIRE_SLOTS:
        end = _hhmm(_minutes(start) + 120)
        if d == TODAY and start < NOW:
            continue
        if not _on_the_tide(d, start, end):
            continue
        boats = [bid for bid, b in sorted(state.fleet.items())
                 if b[0] == kind and b[2] == "serviceable" and _boat_free(state, bid, d, start)]
        if boats:
            out.append(Slot(start=start, end=end, boats=boats))
    return out


@school("office")
async def book_hire(state: State, token: str, student_id: str, boat_id: str, day: str, start: str) -> Hire:
    """Book a student a boat or board for a two-hour slot; the hire is invoiced.

    Parameters
    ----------
    token : str
        The session token.
    student_id : str
        The student (``S-.....``).
    boat_id : str
        The boat or board.
    day : str
        ``YYYY-MM-DD``.
    start : str
        The slot's start, ``HH:MM``.

    Returns
    -------
    Hire
        The hire, with its ``hire_id`` and ``invoice_id``.

    Raises
    ------
    ValueError
        For a student without the certificate the craft needs, a slot off the tide, or a boat not for hire.
    RuntimeError
        For a boat already hired then or out of service.
    """
    s = _student(state, student_id)
    boat = state.fleet.get(boat_id)
    if boat is None:
        raise LookupError(f"no boat {boat_id}")
    kind = _hire_craft(boat[0])
    d = _date(day)
    if d < TODAY:
        raise ValueError(f"{d} has passed")
    if start not in HIRE_SLOTS:
        raise ValueError(f"{start!r} is not a hire slot")
    end = _hhmm(_minutes(start) + 120)
    if not _on_the_tide(d, start, end):
        raise ValueError(f"{start}-{end} is off the tide; the slipway is usable {TIDE_HOURS} hours either side of "
                         "high water")
    need = HIRE[kind][1]
    if need and need not in _held(state, student_id):
        raise ValueError(f"{kind} hire is for students holding {COURSES[need][0]} or better")
    if boat[2] != "serviceable":
        raise RuntimeError(f"{boat_id} is out of service")
    if not _boat_free(state, boat_id, d, start):
        raise RuntimeError(f"{boat_id} is hired then")
    if any(h["student"] == student_id and h["day"] == d and h["start"] == start and h["status"] in ("booked", "out")
           for h in state.hires.values()):
        raise RuntimeError(f"{s['name']} already has a hire then")
    n = _next(state, "booking")
    hid = f"HR-{n}"
    state.hires[hid] = {"student": student_id, "boat": boat_id, "day": d, "start": start, "status": "booked"}
    state.invoices[_invoice_of(hid)] = {"for": hid, "student": student_id, "amount": HIRE[kind][0], "paid": 0.0}
    return _hire_reply(state, hid)


@school()
async def hire_sheet(state: State, token: str, day: str) -> list[HireRow]:
    """The hires on a day.

    Parameters
    ----------
    token : str
        The session token.
    day : str
        ``YYYY-MM-DD``.

    Returns
    -------
    list of HireRow
        By hire id, with the student's name, the boat, the slot, the status and whether it is paid.
    """
    d = _date(day)
    return [HireRow(hire_id=hid, student=state.students[h["student"]]["name"], boat_id=h["boat"], start=h["start"],
                    end=_hhmm(_minutes(h["start"]) + 120), status=h["status"],
                    paid=_balance(state.invoices[_invoice_of(hid)]) <= 0)
            for hid, h in sorted(state.hires.items()) if h["day"] == d]


@school("office", "instructor", "senior_instructor")
async def hand_out_hire(state: State, token: str, hire_id: str) -> Hire:
    """Hand a hired boat or board out on the day.

    Parameters
    ----------
    token : str
        The session token.
    hire_id : str
        The hire (``HR-....``).

    Returns
    -------
    Hire
        The hire, out.

    Raises
    ------
    ValueError
        For wind over the limit for the craft.
    RuntimeError
        For a hire not booked for today, unpaid, a student without this season's medical form, or a boat
        out of service.
    """
    h = _hire(state, hire_id)
    if h["status"] != "booked":
        raise RuntimeError(f"{hire_id} is {h['status']}")
    if h["day"] != TODAY:
        raise RuntimeError(f"{hire_id} is for {h['day']}")
    if _balance(state.invoices[_invoice_of(hire_id)]) > 0:
        raise RuntimeError(f"{_invoice_of(hire_id)} is not paid; hires are paid before they go out")
    if _form_of(state, h["student"]) is None:
        raise RuntimeError(f"no {SEASON} medical form for {state.students[h['student']]['name']}")
    boat = state.fleet[h["boat"]]
    if boat[2] != "serviceable":
        raise RuntimeError(f"{h['boat']} is out of service")
    f = _forecast_of(TODAY)
    wind = f[2] if _session_now() == "am" else f[3]
    limit = HIRE[boat[0]][2]
    if wind[0] > limit:
        raise ValueError(f"{wind[0]} knots forecast; {boat[0]} hire goes out in up to {limit} knots")
    h["status"] = "out"
    return _hire_reply(state, hire_id)


@school("office", "instructor", "senior_instructor")
async def return_hire(state: State, token: str, hire_id: str, damage: str | None = None) -> Hire:
    """Take a hired boat or board back; damage is entered in the defect book.

    Parameters
    ----------
    token : str
        The session token.
    hire_id : str
        The hire (``HR-....``).
    damage : str, optional
        Any damage found.

    Returns
    -------
    Hire
        The hire, returned.

    Raises
    ------
    RuntimeError
        For a hire that is not out.
    """
    who = _who(state, token)
    h = _hire(state, hire_id)
    if h["status"] != "out":
        raise RuntimeError(f"{hire_id} is {h['status']}, not out")
    h["status"] = "returned"
    if damage and damage.strip():
        did = f"DF-{_next(state, 'defect'):04d}"
        state.defects[did] = {"boat": h["boat"], "defect": damage.strip(), "grounds": False, "status": "open",
                              "by": who["name"], "work": None}
    return _hire_reply(state, hire_id)


@school("office")
async def cancel_hire(state: State, token: str, hire_id: str, reason: str) -> Hire:
    """Cancel a hire that has not gone out; anything paid is refunded.

    Parameters
    ----------
    token : str
        The session token.
    hire_id : str
        The hire (``HR-....``).
    reason : str
        Why.

    Returns
    -------
    Hire
        The hire, cancelled.

    Raises
    ------
    RuntimeError
        For a hire not booked.
    """
    h = _hire(state, hire_id)
    if h["status"] != "booked":
        raise RuntimeError(f"{hire_id} is {h['status']}")
    if not reason.strip():
        raise ValueError("say why")
    inv = state.invoices[_invoice_of(hire_id)]
    inv["amount"], inv["paid"] = 0.0, 0.0
    h["status"] = "cancelled"
    return _hire_reply(state, hire_id)


TOOLS = [
    sign_in, sign_out, course_list, hire_rates, find_student, enrol_student, update_student, student_record,
    medical_form, notify_student, course_runs, book_course, move_booking, cancel_booking, take_payment,
    sell_voucher, redeem_voucher, run_register, instructor_board, assign_instructor, renew_ticket, forecast,
    launch_session, launch_log, recover_session, sign_off_student, issue_certificate, call_off_run, reinstate_run, fleet_list,
    report_defect, defect_book, fix_defect, hire_slots, book_hire, hire_sheet, hand_out_hire, return_hire,
    cancel_hire,
]

FIXTURES = {
    "school": {"name": "Gullhaven Sailing & Watersports, The Hard, Gullhaven",
               "today": "Saturday 19 June 2032, 08:30"},
    "staff": [
        {"name": "Nell Barrow", "role": "office", "username": "nell.b", "password": "Mainsheet-42"},
        {"name": "Finn O'Hara", "role": "dinghy and powerboat instructor", "username": "finn.o",
         "password": "Tacking-Duck-9"},
        {"name": "Ruby Kaur", "role": "windsurf and paddleboard instructor", "username": "ruby.k",
         "password": "Gybe-Set-17"},
        {"name": "Tamsin Wray", "role": "senior instructor", "username": "tam.w", "password": "Chief-Of-Water-3"},
        {"name": "Jed Penhale", "role": "bosun", "username": "jed.p", "password": "Shackle-Pin-88"},
        {"name": "Cora Lowe", "role": "principal", "username": "cora.l", "password": "Gullhaven-1994"},
    ],
    "new_student": {"name": "Ms Carys Hughes", "date_of_birth": "1993-08-14", "phone": "07700 900312",
                    "emergency_contact": "Mr Ifan Hughes (partner), 07700 900313", "can_swim": True,
                    "email_later": "carys.hughes@mail.example", "conditions": "None",
                    "wants": "Dinghy Level 1 in July, and to try a kayak today"},
    "office_notes": [
        "Mrs Jenny Cole's form came in by post: mild asthma, inhaler kept in her buoyancy aid pocket; fit to sail",
        "Mr Rob Cole wants to buy a 210-pound gift voucher for his wife Jenny's Level 1 course, by card",
        "Finn's first aid certificate has been renewed on the course this week, to 18 June 2035",
        "Dr Hugh Armitage can't make the Level 2 on the 26th; any later run will do",
        "Jed: the jib halyard on one of the Quests is frayed at the masthead",
        "Mrs Haddad's afternoon paddleboard is off if the wind gets up",
    ],
}

_TOKEN = "auth: session token (token of sign_in's Session)"
PUBLIC = ("sign_in", "course_list", "hire_rates")
TOKEN_CONSUMERS = [t.__name__ for t in TOOLS if t.__name__ not in PUBLIC]
STUDENT_CONSUMERS = ["update_student", "student_record", "medical_form", "notify_student", "book_course", "book_hire"]
RUN_CONSUMERS = ["book_course", "move_booking", "run_register", "assign_instructor", "launch_session", "call_off_run",
                 "reinstate_run"]
BOOKING_CONSUMERS = ["move_booking", "cancel_booking"]
SIGNED_CONSUMERS = ["sign_off_student", "issue_certificate"]
INSTRUCTOR_CONSUMERS = ["assign_instructor", "renew_ticket", "launch_session"]
HIRE_CONSUMERS = ["hand_out_hire", "return_hire", "cancel_hire"]
_STUDENT = "id lookup/create: student id (student_id of enrol_student, or of a find_student row)"
_RUN = "id lookup: course run id (run_id of a course_runs row)"
_BOOKING = "id lookup/create: booking id (booking_id of book_course, or of a run_register row)"
_SIGNED = "id lookup: a booking on a run ending today (of a run_register row, or of student_record's bookings)"
_INSTRUCTOR = "id lookup: instructor id (instructor_id of an instructor_board row)"
_HIRE = "id lookup/create: hire id (hire_id of book_hire, or of a hire_sheet row)"

GROUND_TRUTH = (
    [("sign_in", c, _TOKEN) for c in TOKEN_CONSUMERS]
    + [("enrol_student|find_student", c, _STUDENT) for c in STUDENT_CONSUMERS]
    + [("course_runs", c, _RUN) for c in RUN_CONSUMERS]
    + [("book_course|run_register", c, _BOOKING) for c in BOOKING_CONSUMERS]
    + [("run_register|student_record", c, _SIGNED) for c in SIGNED_CONSUMERS]
    + [("instructor_board", c, _INSTRUCTOR) for c in INSTRUCTOR_CONSUMERS]
    + [("book_hire|hire_sheet", c, _HIRE) for c in HIRE_CONSUMERS]
    + [
        ("book_course|book_hire|student_record", "take_payment",
         "id lookup/create: invoice id (invoice_id of book_course or book_hire, or of student_record's invoices)"),
        ("book_course|student_record", "redeem_voucher",
         "id lookup/create: a course invoice id (invoice_id of book_course, or of student_record's invoices)"),
        ("sell_voucher", "redeem_voucher", "id create: voucher code (code of sell_voucher)"),
        ("fleet_list", "report_defect", "id lookup: boat id (boat_id of a fleet_list row)"),
        ("fleet_list", "launch_session", "vocabulary: a safety boat (boat_id of a fleet_list powerboat)"),
        ("report_defect|defect_book", "fix_defect",
         "id lookup/create: defect id (defect_id of report_defect, or of a defect_book row)"),
        ("hire_slots", "book_hire", "vocabulary: a slot on the tide and a boat free in it (of hire_slots)"),
        ("launch_session|launch_log", "recover_session",
         "id lookup/create: launch id (launch_id of launch_session, or of a launch_log row)"),
        ("medical_form", "launch_session", "state: every student's medical form in"),
        ("medical_form", "hand_out_hire", "state: the hirer's medical form in"),
        ("assign_instructor", "launch_session", "state: an instructor on the run"),
        ("renew_ticket", "assign_instructor", "state: the instructor's tickets in date"),
        ("fix_defect", "launch_session", "state: the safety boat back in service"),
        ("recover_session", "sign_off_student", "state: the course's last session ashore"),
        ("sign_off_student", "issue_certificate", "state: signed off as passed"),
        ("issue_certificate", "book_course", "state: the certificate the course follows on from"),
        ("take_payment", "hand_out_hire", "state: the hire paid"),
        ("hand_out_hire", "return_hire", "state: the hire out"),
        ("call_off_run", "reinstate_run", "state: the run called off"),
        ("update_student", "notify_student", "state: an e-mail address on file"),
        ("take_payment|redeem_voucher", "sign_off_student", "state: the course fee paid"),
    ]
)

PLAUSIBLE = {
    ("enrol_student", "find_student"), ("update_student", "student_record"),
    ("medical_form", "student_record"), ("medical_form", "run_register"), ("book_course", "student_record"),
    ("book_course", "run_register"), ("book_course", "course_runs"), ("move_booking", "run_register"),
    ("move_booking", "course_runs"), ("cancel_booking", "run_register"), ("cancel_booking", "course_runs"),
    ("cancel_booking", "student_record"), ("take_payment", "student_record"), ("take_payment", "run_register"),
    ("take_payment", "hire_sheet"), ("redeem_voucher", "student_record"), ("redeem_voucher", "run_register"),
    ("student_record", "move_booking"), ("student_record", "cancel_booking"), ("student_record", "hand_out_hire"), ("student_record", "return_hire"),
    ("student_record", "cancel_hire"), ("student_record", "run_register"), ("run_register", "student_record"),
    ("run_register", "update_student"), ("run_register", "medical_form"), ("run_register", "notify_student"),
    ("run_register", "book_course"), ("find_student", "run_register"), ("course_runs", "sign_off_student"),
    ("assign_instructor", "course_runs"), ("assign_instructor", "instructor_board"), ("assign_instructor", "run_register"),
    ("renew_ticket", "instructor_board"), ("renew_ticket", "launch_session"), ("launch_session", "call_off_run"),
    ("recover_session", "course_runs"), ("recover_session", "launch_session"), ("recover_session", "call_off_run"),
    ("sign_off_student", "run_register"), ("sign_off_student", "student_record"), ("issue_certificate", "student_record"),
    ("issue_certificate", "book_hire"), ("call_off_run", "course_runs"), ("call_off_run", "launch_session"),
    ("call_off_run", "book_course"), ("call_off_run", "move_booking"), ("reinstate_run", "course_runs"),
    ("reinstate_run", "launch_session"), ("report_defect", "defect_book"), ("report_defect", "fleet_list"),
    ("report_defect", "launch_session"), ("report_defect", "hand_out_hire"), ("report_defect", "hire_slots"),
    ("report_defect", "book_hire"), ("fix_defect", "defect_book"), ("fix_defect", "fleet_list"),
    ("fix_defect", "hand_out_hire"), ("fix_defect", "hire_slots"), ("fix_defect", "book_hire"),
    ("fleet_list", "book_hire"), ("defect_book", "launch_session"), ("book_hire", "hire_sheet"),
    ("book_hire", "hire_slots"), ("book_hire", "student_record"), ("hand_out_hire", "hire_sheet"),
    ("return_hire", "hire_sheet"), ("return_hire", "defect_book"), ("cancel_hire", "hire_sheet"),
    ("cancel_hire", "hire_slots"), ("cancel_hire", "book_hire"), ("forecast", "launch_session"),
    ("forecast", "hire_slots"), ("forecast", "book_hire"), ("forecast", "hand_out_hire"),
    ("launch_session", "sign_off_student"), ("instructor_board", "recover_session"),
    ("course_runs", "recover_session"), ("find_student", "hand_out_hire"), ("sell_voucher", "sign_off_student"),
    ("launch_session", "launch_log"), ("recover_session", "launch_log"),
}
