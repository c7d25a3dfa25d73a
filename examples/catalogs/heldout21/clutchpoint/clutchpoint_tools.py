"""Clutchpoint: the office system of Wensum School of Motoring, Norwich (38 calls).

Plain functions over an in-memory ``State`` of the driving school on Monday 17 September 2029 at 08:00.
The office enrols pupils, checks their provisional licence against the DVLA record, assigns them an
instructor, sells lesson packages and gift vouchers and takes payment, books, moves and cancels
lessons, records theory-test passes, books practical tests and reserves the school's car for them,
enrols new drivers on Pass Plus, logs complaints and texts or e-mails pupils. Instructors check a new
pupil's eyesight, complete lessons against the syllabus, record mock tests, sign pupils off as ready
for their test, record test results and report defects on their cars. The manager refunds unused
hours, waives late-cancellation charges, clears car defects and resolves complaints. The price list
and the test centres are public and need no session.

Every tool is wrapped by ``desk_tool`` (``functools.wraps``), which turns the office's internal
``Stop`` into the reply: every refusal is *returned* as a string starting ``"Error: "``. Replies are
pydantic models (a session, an acknowledgement, packages, test centres, a pupil, a licence check, an
eyesight check, instructors, an order, a receipt, a refund, an account with its orders nested, a gift
voucher, lessons, a cancellation, a lesson record, a mock test, a progress report with its mock tests
nested, a theory pass, a test booking, a test result, cars, a defect, a complaint, a message) and
lists of them, and one bare list of free start times. Pupils, lessons, orders and tests have look-alike
numbers (pupil ``P-20411``, lesson ``L-20411-14``, order ``ORD-20411-3``, test ``T-20419``; instructor
``IN-03``, car ``CAR-03``); the syllabus skills, the eyesight distance, the pass mark and the 48-hour
cancellation rule are stated only in refusals.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as
provider means either tool satisfies it, and the text of ``what`` before its first ``:`` is the
kind.
"""

import datetime
import functools
from enum import Enum
from typing import Literal

from pydantic import BaseModel, Field

TODAY = "2029-09-17"
SKILLS = ("cockpit_drill", "moving_off", "junctions", "roundabouts", "pedestrian_crossings", "dual_carriageway",
          "country_roads", "reverse_parking", "bay_parking", "emergency_stop", "independent_driving", "sat_nav")
EYESIGHT_METRES = 20.0
MAX_TEST_FAULTS = 15

Transmission = Literal["manual", "automatic"]
PayMethod = Literal["card", "cash", "bank_transfer"]
Channel = Literal["sms", "email"]
Severity = Literal["advisory", "dangerous"]


class LessonStatus(Enum):
    BOOKED = "booked"
    COMPLETED = "completed"
    CANCELLED = "cancelled"


class Stop(Exception):
    """A refusal inside the office system; ``desk_tool`` turns it into an ``"Error: ..."`` reply."""


def desk_tool(fn):
    """Run an office call, answering a refusal as ``"Error: <why>"`` instead of raising it."""

    @functools.wraps(fn)
    def run(*args, **kwargs):
        try:
            return fn(*args, **kwargs)
        except Stop as stop:
            return f"Error: {stop}"

    return run


# --------------------------------------------------------------------------- replies


class Session(BaseModel):
    token: str
    name: str
    role: str
    instructor_id: str | None = None


class Ack(BaseModel):
    done: bool = True
    message: str


class Package(BaseModel):
    code: str
    name: str
    hours: int
    price_manual: float
    price_automatic: float


class TestCentre(BaseModel):
    code: str
    name: str
    address: str


class Pupil(BaseModel):
    pupil_id: str
    name: str
    date_of_birth: str
    phone: str
    email: str
    postcode: str
    transmission: str
    instructor_id: str | None = None
    licence_verified: bool
    eyesight_checked: bool
    theory_passed: bool
    ready_for_test: bool
    hours_credit: int
    test_id: str | None = None
    passed_on: str | None = None


class LicenceCheck(BaseModel):
    pupil_id: str
    licence_number: str
    entitlement: str
    verified: bool


class EyesightCheck(BaseModel):
    pupil_id: str
    distance_m: float
    passed: bool
    wears_glasses: bool
    checked_by: str


class Instructor(BaseModel):
    instructor_id: str
    name: str
    transmission: str
    car_id: str
    area: str
    pupils: int


class Order(BaseModel):
    order_id: str
    pupil_id: str
    package: str
    hours: int
    amount: float
    paid: float
    status: str


class Receipt(BaseModel):
    receipt_id: str
    order_id: str
    amount: float
    method: str
    balance: float
    order_status: str
    hours_credit: int


class Refund(BaseModel):
    order_id: str
    hours_refunded: int
    amount: float
    reason: str


class Account(BaseModel):
    pupil_id: str
    name: str
    hours_credit: int
    balance_due: float
    orders: list[Order] = Field(default_factory=list)


class GiftVoucher(BaseModel):
    code: str
    amount: float
    bought_by: str
    for_name: str
    expires: str


class Lesson(BaseModel):
    lesson_id: str
    pupil_id: str
    instructor_id: str
    car_id: str
    day: str
    start: str
    hours: int
    pickup: str
    status: str


class Cancellation(BaseModel):
    lesson_id: str
    status: str
    hours_returned: int
    late: bool
    reason: str


class LessonRecord(BaseModel):
    lesson_id: str
    pupil_id: str
    skills: list[str]
    notes: str
    hours_driven: int


class MockTest(BaseModel):
    mock_id: str
    pupil_id: str
    day: str
    minors: int
    serious: int
    dangerous: int
    result: str


class Progress(BaseModel):
    pupil_id: str
    name: str
    hours_driven: int
    skills_covered: list[str]
    mock_tests: list[MockTest]
    theory_passed: bool
    ready_for_test: bool


class TheoryPass(BaseModel):
    pupil_id: str
    certificate_number: str
    passed_on: str
    valid_until: str


class TestBooking(BaseModel):
    test_id: str
    pupil_id: str
    centre: str
    day: str
    time: str
    car_id: str | None = None
    status: str


class TestResult(BaseModel):
    test_id: str
    pupil_id: str
    passed: bool
    driving_faults: int
    serious_faults: int
    examiner_notes: str


class Car(BaseModel):
    car_id: str
    registration: str
    make_model: str
    transmission: str
    instructor_id: str
    status: str
    mot_due: str


class Defect(BaseModel):
    defect_id: str
    car_id: str
    description: str
    severity: str
    status: str
    car_status: str


class Complaint(BaseModel):
    complaint_id: str
    pupil_id: str
    instructor_id: str
    details: str
    status: str
    outcome: str | None = None


class Message(BaseModel):
    message_id: str
    pupil_id: str
    channel: str
    to: str
    text: str


# --------------------------------------------------------------------------- state


class State:
    """Wensum School of Motoring, Norwich, on Monday 17 September 2029 at 08:00."""

    def __init__(self) -> None:
        self.staff = {
            "priya": {"name": "Priya Raman", "password": "Roundabout-41", "role": "office", "instructor": None},
            "dean": {"name": "Dean Halloran", "password": "Mirror-Signal-7", "role": "instructor",
                     "instructor": "IN-03"},
            "sophie": {"name": "Sophie Clarke", "password": "Clutch-Bite-22", "role": "instructor",
                       "instructor": "IN-05"},
            "martin": {"name": "Martin Blyth", "password": "Ledger-Gear-90", "role": "manager", "instructor": None},
        }
        self.sessions = {}
        self.packages = {
            "SINGLE_1H": ("Single lesson, one hour", 1, 38.0, 40.0),
            "SINGLE_2H": ("Double lesson, two hours", 2, 74.0, 78.0),
            "BLOCK_10": ("Block of ten hours", 10, 350.0, 370.0),
            "INTENSIVE_20": ("Intensive course, twenty hours in a fortnight", 20, 760.0, 800.0),
        }
        self.pass_plus = ("PASS_PLUS", "Pass Plus, six hours", 6, 210.0, 220.0)
        self.centres = {
            "NOR": ("Norwich (Hellesdon)", "Jupiter Road, Hellesdon, NR6 6SS"),
            "KLY": ("King's Lynn", "Hardwick Narrows, King's Lynn, PE30 4WW"),
            "LOW": ("Lowestoft", "Mobbs Way, Oulton, NR32 3AL"),
            "CRO": ("Cromer", "Holt Road, Cromer, NR27 9EB"),
        }
        self.instructors = {
            "IN-03": {"name": "Dean Halloran", "transmission": "manual", "car": "CAR-03", "area": "Norwich north and city",
                      "off": ()},
            "IN-05": {"name": "Sophie Clarke", "transmission": "automatic", "car": "CAR-05", "area": "Norwich south",
                      "off": ()},
            "IN-07": {"name": "Gary Nkemelu", "transmission": "manual", "car": "CAR-07", "area": "Wymondham and Hethersett",
                      "off": (0,)},
        }
        self.cars = {
            "CAR-03": {"reg": "AK72 WSM", "model": "Ford Fiesta", "transmission": "manual", "instructor": "IN-03",
                       "status": "on_road", "mot": "2030-03-02"},
            "CAR-05": {"reg": "AK23 WSA", "model": "Toyota Yaris Hybrid", "transmission": "automatic",
                       "instructor": "IN-05", "status": "on_road", "mot": "2032-05-30"},
            "CAR-07": {"reg": "AK21 WSN", "model": "Volkswagen Polo", "transmission": "manual", "instructor": "IN-07",
                       "status": "on_road", "mot": "2029-11-14"},
        }
        self.defects = {}

        def pupil(first, last, dob, phone, email, postcode, transmission, instructor=None, licence=None,
                  eyesight=None, theory=None, ready=False, hours=0, driven=0, skills=(), passed=None):
            return {"first": first, "last": last, "dob": dob, "phone": phone, "email": email, "postcode": postcode,
                    "transmission": transmission, "instructor": instructor, "licence": licence, "eyesight": eyesight,
                    "theory": theory, "ready": ready, "hours": hours, "driven": driven, "skills": list(skills),
                    "passed": passed, "pass_plus": False}

        self.pupils = {
            "P-20408": pupil("Kieran", "Doyle", "2011-11-02", "07700 900408", "kieran.doyle@mail.example", "NR5 8AB",
                             "manual", "IN-07", "DOYLE111021K99ZT", "2029-03-04", ("61850339", "2029-04-20"), True,
                             0, 42, SKILLS),
            "P-20411": pupil("Olivia", "Sharman", "2012-01-23", "07700 900411", "olivia.sharman@mail.example", "NR2 3PL",
                             "manual", "IN-03", "SHARM151232O99QW", "2029-04-14", ("71234488", "2029-07-02"), False, 4,
                             30, SKILLS[:9]),
            "P-20415": pupil("Jamal", "Osei", "2011-08-30", "07700 900415", "jamal.osei@mail.example", "NR1 2DX",
                             "automatic", "IN-05", "OSEI9108301J99LM", "2029-06-01", None, False, 0, 12,
                             SKILLS[:6]),
            "P-20419": pupil("Ellie", "Brundall", "2011-05-17", "07700 900419", "ellie.brundall@mail.example",
                             "NR7 0HS", "manual", "IN-03", "BRUND155171E99KP", "2029-02-11", ("59910427", "2029-05-09"),
                             True, 2, 38, SKILLS),
            "P-20423": pupil("Tomasz", "Wrobel", "2010-06-10", "07700 900423", "tomasz.wrobel@mail.example", "NR3 4JQ",
                             "manual"),
            "P-20427": pupil("Hannah", "Lister", "2010-12-05", "07700 900427", "hannah.lister@mail.example", "NR4 7TJ",
                             "automatic", "IN-05", "LISTE162050H99RS", "2028-11-20", ("48810563", "2029-03-15"), True,
                             6, 36, SKILLS, passed="2029-09-12"),
        }
        self.orders = {
            "ORD-20411-3": {"pupil": "P-20411", "package": "BLOCK_10", "hours": 10, "amount": 350.0, "paid": 350.0,
                            "status": "paid", "credited": True},
            "ORD-20415-2": {"pupil": "P-20415", "package": "BLOCK_10", "hours": 10, "amount": 370.0, "paid": 0.0,
                            "status": "unpaid", "credited": False},
            "ORD-20427-4": {"pupil": "P-20427", "package": "BLOCK_10", "hours": 10, "amount": 370.0, "paid": 370.0,
                            "status": "paid", "credited": True},
        }
        self.vouchers = {}

        def lesson(pupil, instructor, day, start, hours, pickup, status="booked"):
            return {"pupil": pupil, "instructor": instructor, "car": self.instructors[instructor]["car"], "day": day,
                    "start": start, "hours": hours, "pickup": pickup, "status": status, "skills": [], "notes": None}

        self.lessons = {
            "L-20411-13": lesson("P-20411", "IN-03", "2029-09-10", "10:00", 2, "Home, 3 Earlham Grove", "completed"),
            "L-20411-14": lesson("P-20411", "IN-03", "2029-09-17", "10:00", 2, "Home, 3 Earlham Grove"),
            "L-20415-06": lesson("P-20415", "IN-05", "2029-09-19", "14:00", 1, "City College, Ipswich Road"),
            "L-20415-07": lesson("P-20415", "IN-05", "2029-09-18", "09:00", 2, "Home, 22 Rosary Road"),
            "L-20419-19": lesson("P-20419", "IN-03", "2029-09-17", "15:00", 2, "Sprowston High School"),
        }
        self.mocks = {
            "MK-20411-1": {"pupil": "P-20411", "day": "2029-09-03", "minors": 9, "serious": 1, "dangerous": 0},
            "MK-20419-1": {"pupil": "P-20419", "day": "2029-08-22", "minors": 6, "serious": 0, "dangerous": 0},
        }
        self.tests = {
            "T-20408": {"pupil": "P-20408", "centre": "NOR", "day": "2029-09-14", "time": "11:07", "car": "CAR-07",
                        "status": "booked", "result": None},
            "T-20419": {"pupil": "P-20419", "centre": "NOR", "day": "2029-09-24", "time": "08:40", "car": None,
                        "status": "booked", "result": None},
            "T-20427": {"pupil": "P-20427", "centre": "NOR", "day": "2029-09-12", "time": "13:12", "car": "CAR-05",
                        "status": "passed", "result": {"faults": 4, "serious": 0, "notes": "Calm, good observation"}},
        }
        self.complaints = {}
        self.messages = {}
        self.counters = {"pupil": 20433, "receipt": 7710, "voucher": 8830, "defect": 118, "complaint": 31,
                         "message": 4402, "session": 1}


# --------------------------------------------------------------------------- helpers


def _session(state: State, token: str, *roles: str) -> dict:
    who = state.sessions.get(token)
    if who is None:
        raise Stop("not logged in (unknown or expired token)")
    if roles and who["role"] not in roles and who["role"] != "manager":
        raise Stop(f"{who['name']} is {who['role']} staff; this needs {' or '.join(roles)}")
    return who


def _next(state: State, kind: str) -> int:
    n = state.counters[kind]
    state.counters[kind] = n + 1
    return n


def _pupil_rec(state: State, pupil_id: str) -> dict:
    p = state.pupils.get(pupil_id)
    if p is None:
        raise Stop(f"no pupil {pupil_id}")
    return p


def _live_test(state: State, pupil_id: str) -> str | None:
    live = [t for t, v in sorted(state.tests.items()) if v["pupil"] == pupil_id and v["status"] == "booked"]
    return live[-1] if live else None


def _pupil(state: State, pupil_id: str) -> Pupil:
    p = state.pupils[pupil_id]
    return Pupil(pupil_id=pupil_id, name=f"{p['first']} {p['last']}", date_of_birth=p["dob"], phone=p["phone"],
                 email=p["email"], postcode=p["postcode"], transmission=p["transmission"],
                 instructor_id=p["instructor"], licence_verified=p["licence"] is not None,
                 eyesight_checked=p["eyesight"] is not None, theory_passed=p["theory"] is not None,
                 ready_for_test=p["ready"], hours_credit=p["hours"], test_id=_live_test(state, pupil_id),
                 passed_on=p["passed"])


def _order(state: State, order_id: str) -> Order:
    o = state.orders[order_id]
    return Order(order_id=order_id, pupil_id=o["pupil"], package=o["package"], hours=o["hours"], amount=o["amount"],
                 paid=o["paid"], status=o["status"])


def _lesson(state: State, lesson_id: str) -> Lesson:
    v = state.lessons[lesson_id]
    return Lesson(lesson_id=lesson_id, pupil_id=v["pupil"], instructor_id=v["instructor"], car_id=v["car"],
                  day=v["day"], start=v["start"], hours=v["hours"], pickup=v["pickup"], status=v["status"])


def _test(state: State, test_id: str) -> TestBooking:
    t = state.tests[test_id]
    return TestBooking(test_id=test_id, pupil_id=t["pupil"], centre=t["centre"], day=t["day"], time=t["time"],
                       car_id=t["car"], status=t["status"])


def _mock(mock_id: str, m: dict) -> MockTest:
    ok = m["serious"] == 0 and m["dangerous"] == 0 and m["minors"] <= MAX_TEST_FAULTS
    return MockTest(mock_id=mock_id, pupil_id=m["pupil"], day=m["day"], minors=m["minors"], serious=m["serious"],
                    dangerous=m["dangerous"], result="pass" if ok else "fail")


def _day(day: str) -> datetime.date:
    try:
        return datetime.date.fromisoformat(day)
    except ValueError:
        raise Stop(f"{day!r} is not a date (YYYY-MM-DD)") from None


def _busy(state: State, instructor_id: str, day: str, skip: str | None = None) -> set[int]:
    hours = set()
    for lid, v in state.lessons.items():
        if lid != skip and v["instructor"] == instructor_id and v["day"] == day and v["status"] == "booked":
            h = int(v["start"][:2])
            hours.update(range(h, h + v["hours"]))
    car = state.instructors[instructor_id]["car"]
    for t in state.tests.values():
        if t["car"] == car and t["day"] == day and t["status"] == "booked":
            h = int(t["time"][:2])
            hours.update({h - 1, h})
    return hours


def _free(state: State, instructor_id: str, day: str, skip: str | None = None) -> list[str]:
    if _day(day).weekday() in state.instructors[instructor_id]["off"] or _day(day).weekday() == 6:
        return []
    busy = _busy(state, instructor_id, day, skip)
    return [f"{h:02d}:00" for h in range(8, 18) if h not in busy]


def _fits(state: State, instructor_id: str, day: str, start: str, hours: int, skip: str | None = None) -> None:
    free = _free(state, instructor_id, day, skip)
    if start not in free:
        raise Stop(f"{state.instructors[instructor_id]['name']} is not free at {start} on {day}; see the diary")
    h = int(start[:2])
    if any(f"{x:02d}:00" not in free for x in range(h, h + hours)):
        raise Stop(f"{state.instructors[instructor_id]['name']} is not free for {hours} hours from {start} on {day}")


def _credit(state: State, pupil_id: str) -> None:
    """Pay the pupil's fully paid orders into their hours (once)."""
    for o in state.orders.values():
        if o["pupil"] == pupil_id and o["status"] == "paid" and not o.get("credited"):
            o["credited"] = True
            state.pupils[pupil_id]["hours"] += o["hours"]


def _pay(state: State, order_id: str, amount: float) -> None:
    o = state.orders[order_id]
    o["paid"] = round(o["paid"] + amount, 2)
    if o["paid"] >= o["amount"] - 0.005:
        o["status"] = "paid"
        _credit(state, o["pupil"])
    else:
        o["status"] = "part_paid"


def _next_suffix(ids, prefix: str) -> int:
    used = [int(i[len(prefix):]) for i in ids if i.startswith(prefix) and i[len(prefix):].isdigit()]
    return max(used, default=0) + 1


def _licence_stem(last: str, dob: str, female: bool) -> str:
    name = "".join(ch for ch in last.upper() if ch.isalpha())[:5].ljust(5, "9")
    month = int(dob[5:7]) + (50 if female else 0)
    return f"{name}{dob[2]}{month:02d}{dob[8:10]}{dob[3]}"


# --------------------------------------------------------------------------- session and public


@desk_tool
def log_in(state: State, username: str, password: str) -> Session | str:
    """Log a member of staff in.

    Args:
        username: The staff user name (first name, lower case).
        password: The password.

    Returns:
        The session; its token goes with every call but the price list and the test centres.
    """
    who = state.staff.get(username.strip().lower())
    if who is None or who["password"] != password:
        raise Stop("user name or password not recognised")
    token = f"wsm-{username.strip().lower()}-{_next(state, 'session'):03d}"
    state.sessions[token] = {"name": who["name"], "role": who["role"], "instructor": who["instructor"]}
    return Session(token=token, name=who["name"], role=who["role"], instructor_id=who["instructor"])


@desk_tool
def log_out(state: State, token: str) -> Ack | str:
    """End a staff session.

    Args:
        token: The session token.

    Returns:
        An acknowledgement.
    """
    _session(state, token)
    name = state.sessions.pop(token)["name"]
    return Ack(message=f"{name} logged out")


@desk_tool
def price_list(state: State) -> list[Package]:
    """The school's public price list of lesson packages.

    Returns:
        Every package with its code, hours and price in a manual and in an automatic car.
    """
    return [Package(code=c, name=n, hours=h, price_manual=m, price_automatic=a)
            for c, (n, h, m, a) in state.packages.items()]


@desk_tool
def test_centres(state: State) -> list[TestCentre]:
    """The DVSA practical test centres the school's pupils use.

    Returns:
        Each centre's code, name and address.
    """
    return [TestCentre(code=c, name=n, address=a) for c, (n, a) in state.centres.items()]


# --------------------------------------------------------------------------- pupils


@desk_tool
def find_pupil(state: State, token: str, query: str) -> list[Pupil] | str:
    """Find pupils by name, phone number or e-mail.

    Args:
        token: The session token.
        query: Part of the pupil's name, phone number or e-mail address.

    Returns:
        Matching pupils, with their instructor, hours on account and any booked test.
    """
    _session(state, token)
    needle = query.strip().lower()
    if len(needle) < 3:
        raise Stop("search on at least three characters")
    out = []
    for pid, p in state.pupils.items():
        hay = f"{p['first']} {p['last']} {p['email']}".lower()
        if needle in hay or needle.replace(" ", "") in p["phone"].replace(" ", ""):
            out.append(_pupil(state, pid))
    return out


@desk_tool
def enrol_pupil(state: State, token: str, first_name: str, last_name: str, date_of_birth: str, phone: str,
                email: str, postcode: str, transmission: Transmission) -> Pupil | str:
    """Enrol a new pupil.

    Args:
        token: The session token (office).
        first_name: The pupil's first name.
        last_name: The pupil's surname, as on the provisional licence.
        date_of_birth: Date of birth, YYYY-MM-DD; pupils must be 17 or over to drive on the road.
        phone: Mobile number, for lesson reminders.
        email: E-mail address.
        postcode: Home postcode (for pick-ups).
        transmission: Whether they learn in a manual or an automatic car.

    Returns:
        The new pupil.
    """
    _session(state, token, "office")
    dob = _day(date_of_birth)
    today = _day(TODAY)
    if (today.year - dob.year - ((today.month, today.day) < (dob.month, dob.day))) < 17:
        raise Stop("pupils must be at least 17 to have lessons on the road")
    if "@" not in email:
        raise Stop("email is not an e-mail address")
    if any(p["email"].lower() == email.strip().lower() for p in state.pupils.values()):
        raise Stop(f"{email} already belongs to a pupil; find them instead")
    pid = f"P-{_next(state, 'pupil')}"
    state.pupils[pid] = {"first": first_name.strip(), "last": last_name.strip(), "dob": date_of_birth,
                         "phone": phone.strip(), "email": email.strip(), "postcode": postcode.strip().upper(),
                         "transmission": transmission, "instructor": None, "licence": None, "eyesight": None,
                         "theory": None, "ready": False, "hours": 0, "driven": 0, "skills": [], "passed": None,
                         "pass_plus": False}
    return _pupil(state, pid)


@desk_tool
def update_pupil(state: State, token: str, pupil_id: str, phone: str | None = None, email: str | None = None,
                 postcode: str | None = None) -> Pupil | str:
    """Change a pupil's phone number, e-mail address or postcode.

    Args:
        token: The session token (office).
        pupil_id: The pupil.
        phone: New mobile number.
        email: New e-mail address.
        postcode: New home postcode.

    Returns:
        The pupil as now held.
    """
    _session(state, token, "office")
    p = _pupil_rec(state, pupil_id)
    changes = {}
    for key, value in (("phone", phone), ("email", email), ("postcode", postcode)):
        if value is not None and value.strip().lower() != p[key].lower():
            changes[key] = value.strip().upper() if key == "postcode" else value.strip()
    if not changes:
        raise Stop(f"nothing to change for {pupil_id}: the details given are the ones held")
    if "email" in changes and "@" not in changes["email"]:
        raise Stop("email is not an e-mail address")
    p.update(changes)
    return _pupil(state, pupil_id)


@desk_tool
def verify_licence(state: State, token: str, pupil_id: str, licence_number: str, check_code: str) -> LicenceCheck | str:
    """Check a pupil's provisional licence with the DVLA, using the check code the pupil generated.

    Args:
        token: The session token (office).
        pupil_id: The pupil.
        licence_number: The 16-character driving licence number.
        check_code: The pupil's DVLA licence check code (eight characters).

    Returns:
        The check; lessons can be booked once the licence is verified.
    """
    _session(state, token, "office")
    p = _pupil_rec(state, pupil_id)
    if p["licence"]:
        raise Stop(f"the licence of {pupil_id} is already verified ({p['licence']})")
    number = licence_number.replace(" ", "").upper()
    if len(number) != 16:
        raise Stop("a driving licence number has 16 characters")
    if len(check_code.replace(" ", "")) != 8:
        raise Stop("the DVLA check code has 8 characters; ask the pupil to generate one")
    stems = {_licence_stem(p["last"], p["dob"], female) for female in (False, True)}
    if number[:11] not in stems:
        raise Stop(f"{number} does not match {p['first']} {p['last']}'s surname and date of birth")
    p["licence"] = number
    return LicenceCheck(pupil_id=pupil_id, licence_number=number, entitlement="B provisional", verified=True)


@desk_tool
def record_eyesight_check(state: State, token: str, pupil_id: str, distance_m: float, passed: bool,
                          wears_glasses: bool = False) -> EyesightCheck | str:
    """Record the number-plate eyesight check an instructor does before a pupil's first drive.

    Args:
        token: The session token (instructor).
        pupil_id: The pupil.
        distance_m: The distance in metres at which the pupil read a number plate.
        passed: Whether the pupil read it.
        wears_glasses: Whether the pupil wore glasses or lenses for it (and must when driving).

    Returns:
        The eyesight check.
    """
    who = _session(state, token, "instructor")
    p = _pupil_rec(state, pupil_id)
    if p["eyesight"]:
        raise Stop(f"{pupil_id}'s eyesight was checked on {p['eyesight']}")
    if passed and distance_m < EYESIGHT_METRES:
        raise Stop(f"a pass needs a number plate read at {EYESIGHT_METRES:.0f} metres or more")
    if passed:
        p["eyesight"] = TODAY
    return EyesightCheck(pupil_id=pupil_id, distance_m=distance_m, passed=passed, wears_glasses=wears_glasses,
                         checked_by=who["name"])


# --------------------------------------------------------------------------- instructors


@desk_tool
def list_instructors(state: State, token: str, transmission: Transmission | None = None) -> list[Instructor] | str:
    """The school's instructors.

    Args:
        token: The session token.
        transmission: Only instructors teaching in a manual or an automatic car.

    Returns:
        Each instructor with their car, area and number of pupils.
    """
    _session(state, token)
    out = []
    for iid, i in state.instructors.items():
        if transmission is None or i["transmission"] == transmission:
            n = sum(1 for p in state.pupils.values() if p["instructor"] == iid and not p["passed"])
            out.append(Instructor(instructor_id=iid, name=i["name"], transmission=i["transmission"], car_id=i["car"],
                                  area=i["area"], pupils=n))
    return out


@desk_tool
def instructor_diary(state: State, token: str, instructor_id: str, day: str) -> list[str] | str:
    """An instructor's free lesson start times on a day.

    Args:
        token: The session token.
        instructor_id: The instructor.
        day: The day, YYYY-MM-DD.

    Returns:
        Free start times on the hour (an empty list on their day off).
    """
    _session(state, token)
    if instructor_id not in state.instructors:
        raise Stop(f"no instructor {instructor_id}")
    return _free(state, instructor_id, day)


@desk_tool
def assign_instructor(state: State, token: str, pupil_id: str, instructor_id: str) -> Pupil | str:
    """Give a pupil an instructor (whose car must match the pupil's transmission).

    Args:
        token: The session token (office).
        pupil_id: The pupil.
        instructor_id: The instructor.

    Returns:
        The pupil with their instructor.
    """
    _session(state, token, "office")
    p = _pupil_rec(state, pupil_id)
    i = state.instructors.get(instructor_id)
    if i is None:
        raise Stop(f"no instructor {instructor_id}")
    if p["instructor"] == instructor_id:
        raise Stop(f"{i['name']} is already {pupil_id}'s instructor")
    if i["transmission"] != p["transmission"]:
        raise Stop(f"{i['name']} teaches in a {i['transmission']} car and {pupil_id} learns in a {p['transmission']} one")
    if any(v["pupil"] == pupil_id and v["status"] == "booked" for v in state.lessons.values()):
        raise Stop(f"{pupil_id} has lessons booked; cancel them before changing instructor")
    p["instructor"] = instructor_id
    return _pupil(state, pupil_id)


# --------------------------------------------------------------------------- money


@desk_tool
def sell_package(state: State, token: str, pupil_id: str, package_code: str) -> Order | str:
    """Sell a lesson package to a pupil; its hours go on their account once it is paid.

    Args:
        token: The session token (office).
        pupil_id: The pupil.
        package_code: A code from the price list.

    Returns:
        The unpaid order, priced for the pupil's transmission.
    """
    _session(state, token, "office")
    p = _pupil_rec(state, pupil_id)
    pkg = state.packages.get(package_code)
    if pkg is None:
        raise Stop(f"no package {package_code!r} on the price list")
    if package_code == "INTENSIVE_20" and not p["theory"]:
        raise Stop("an intensive course needs the theory test passed first")
    if p["passed"]:
        raise Stop(f"{pupil_id} passed on {p['passed']}; offer Pass Plus instead")
    oid = f"ORD-{pupil_id[2:]}-{_next_suffix(state.orders, f'ORD-{pupil_id[2:]}-')}"
    amount = pkg[2] if p["transmission"] == "manual" else pkg[3]
    state.orders[oid] = {"pupil": pupil_id, "package": package_code, "hours": pkg[1], "amount": amount, "paid": 0.0,
                         "status": "unpaid"}
    return _order(state, oid)


@desk_tool
def take_payment(state: State, token: str, order_id: str, amount: float, method: PayMethod) -> Receipt | str:
    """Take a payment against an order; once it is paid in full its hours go on the pupil's account.

    Args:
        token: The session token (office).
        order_id: The order.
        amount: The amount taken, in pounds.
        method: card, cash or bank_transfer.

    Returns:
        The receipt, the balance left and the pupil's hours.
    """
    _session(state, token, "office")
    o = state.orders.get(order_id)
    if o is None:
        raise Stop(f"no order {order_id}")
    if o["status"] in ("paid", "refunded"):
        raise Stop(f"{order_id} is {o['status']}")
    left = round(o["amount"] - o["paid"], 2)
    if not 0 < amount <= left:
        raise Stop(f"the amount must be more than 0 and at most the balance, {left:.2f}")
    _pay(state, order_id, amount)
    rid = f"RC-{_next(state, 'receipt')}"
    return Receipt(receipt_id=rid, order_id=order_id, amount=amount, method=method,
                   balance=round(o["amount"] - o["paid"], 2), order_status=o["status"],
                   hours_credit=state.pupils[o["pupil"]]["hours"])


@desk_tool
def sell_gift_voucher(state: State, token: str, bought_by: str, amount: float, for_name: str) -> GiftVoucher | str:
    """Sell a gift voucher (paid at the desk) that pays towards any order.

    Args:
        token: The session token (office).
        bought_by: The buyer's name.
        amount: The voucher's value in pounds (20 to 1000).
        for_name: Who it is for, as printed on the card.

    Returns:
        The voucher and its code.
    """
    _session(state, token, "office")
    if not 20 <= amount <= 1000:
        raise Stop("gift vouchers are sold for 20 to 1000 pounds")
    code = f"GV-{_next(state, 'voucher')}"
    state.vouchers[code] = {"amount": amount, "left": amount, "by": bought_by.strip(), "for": for_name.strip()}
    return GiftVoucher(code=code, amount=amount, bought_by=bought_by.strip(), for_name=for_name.strip(),
                       expires="2030-09-17")


@desk_tool
def redeem_voucher(state: State, token: str, order_id: str, voucher_code: str) -> Receipt | str:
    """Pay an order, in part or in full, with a gift voucher.

    Args:
        token: The session token (office).
        order_id: The order.
        voucher_code: The code on the voucher (GV-....).

    Returns:
        The receipt, the balance left and the pupil's hours.
    """
    _session(state, token, "office")
    o = state.orders.get(order_id)
    if o is None:
        raise Stop(f"no order {order_id}")
    v = state.vouchers.get(voucher_code.strip().upper())
    if v is None:
        raise Stop(f"no gift voucher {voucher_code}")
    if v["left"] <= 0:
        raise Stop(f"{voucher_code} has been spent")
    if o["status"] in ("paid", "refunded"):
        raise Stop(f"{order_id} is {o['status']}")
    use = min(v["left"], round(o["amount"] - o["paid"], 2))
    v["left"] = round(v["left"] - use, 2)
    _pay(state, order_id, use)
    rid = f"RC-{_next(state, 'receipt')}"
    return Receipt(receipt_id=rid, order_id=order_id, amount=use, method="gift_voucher",
                   balance=round(o["amount"] - o["paid"], 2), order_status=o["status"],
                   hours_credit=state.pupils[o["pupil"]]["hours"])


@desk_tool
def refund_order(state: State, token: str, order_id: str, reason: str) -> Refund | str:
    """Refund the unused hours of a paid order (manager).

    Args:
        token: The session token (manager).
        order_id: The order.
        reason: Why the pupil is refunded.

    Returns:
        The hours taken off the account and the money refunded.
    """
    _session(state, token, "manager")
    o = state.orders.get(order_id)
    if o is None:
        raise Stop(f"no order {order_id}")
    if o["status"] == "refunded":
        raise Stop(f"{order_id} is already refunded")
    if o["status"] != "paid":
        raise Stop(f"{order_id} is {o['status']}; only a paid order is refunded")
    p = state.pupils[o["pupil"]]
    hours = min(p["hours"], o["hours"])
    if hours <= 0:
        raise Stop(f"{o['pupil']} has no unused hours")
    amount = round(o["amount"] * hours / o["hours"], 2)
    p["hours"] -= hours
    o["status"] = "refunded"
    return Refund(order_id=order_id, hours_refunded=hours, amount=amount, reason=reason.strip())


@desk_tool
def pupil_account(state: State, token: str, pupil_id: str) -> Account | str:
    """A pupil's account: hours on account, orders and what is owed.

    Args:
        token: The session token.
        pupil_id: The pupil.

    Returns:
        The account with its orders nested.
    """
    _session(state, token)
    p = _pupil_rec(state, pupil_id)
    orders = [_order(state, o) for o, v in sorted(state.orders.items()) if v["pupil"] == pupil_id]
    due = round(sum(o.amount - o.paid for o in orders if o.status in ("unpaid", "part_paid")), 2)
    return Account(pupil_id=pupil_id, name=f"{p['first']} {p['last']}", hours_credit=p["hours"], balance_due=due,
                   orders=orders)


# --------------------------------------------------------------------------- lessons


@desk_tool
def book_lesson(state: State, token: str, pupil_id: str, day: str, start: str, hours: int,
                pickup: str) -> Lesson | str:
    """Book a lesson with the pupil's instructor, paid from the hours on their account.

    Args:
        token: The session token (office or instructor).
        pupil_id: The pupil.
        day: The day, YYYY-MM-DD.
        start: A free start time in the instructor's diary, HH:MM.
        hours: Length in hours (1 to 3).
        pickup: Where the instructor picks the pupil up.

    Returns:
        The booked lesson.
    """
    _session(state, token, "office", "instructor")
    p = _pupil_rec(state, pupil_id)
    if not p["licence"]:
        raise Stop(f"{pupil_id}'s provisional licence has not been verified")
    if not p["instructor"]:
        raise Stop(f"{pupil_id} has no instructor yet")
    if not 1 <= hours <= 3:
        raise Stop("lessons are one to three hours")
    if p["hours"] < hours:
        raise Stop(f"{pupil_id} has {p['hours']} hours on account; sell a package first")
    if _day(day) < _day(TODAY):
        raise Stop(f"{day} is in the past")
    if not pickup.strip():
        raise Stop("give the pick-up point")
    iid = p["instructor"]
    if state.cars[state.instructors[iid]["car"]]["status"] != "on_road":
        raise Stop(f"{state.instructors[iid]['name']}'s car is off the road")
    _fits(state, iid, day, start, hours)
    lid = f"L-{pupil_id[2:]}-{_next_suffix(state.lessons, f'L-{pupil_id[2:]}-')}"
    state.lessons[lid] = {"pupil": pupil_id, "instructor": iid, "car": state.instructors[iid]["car"], "day": day,
                          "start": start, "hours": hours, "pickup": pickup.strip(), "status": "booked", "skills": [],
                          "notes": None}
    p["hours"] -= hours
    return _lesson(state, lid)


@desk_tool
def list_lessons(state: State, token: str, pupil_id: str | None = None, instructor_id: str | None = None,
                 day: str | None = None, status: LessonStatus | None = None) -> list[Lesson] | str:
    """Lessons, filtered by pupil, instructor, day or status.

    Args:
        token: The session token.
        pupil_id: Only this pupil's lessons.
        instructor_id: Only this instructor's lessons.
        day: Only lessons on this day, YYYY-MM-DD.
        status: Only lessons in this status (booked, completed, cancelled).

    Returns:
        The lessons in date order.
    """
    _session(state, token)
    want = LessonStatus(status).value if status is not None else None
    rows = [_lesson(state, lid) for lid, v in state.lessons.items()
            if (pupil_id is None or v["pupil"] == pupil_id) and (instructor_id is None or v["instructor"] == instructor_id)
            and (day is None or v["day"] == day) and (want is None or v["status"] == want)]
    return sorted(rows, key=lambda x: (x.day, x.start))


@desk_tool
def move_lesson(state: State, token: str, lesson_id: str, day: str, start: str) -> Lesson | str:
    """Move a booked lesson to another free time in the same instructor's diary.

    Args:
        token: The session token (office or instructor).
        lesson_id: The lesson.
        day: The new day, YYYY-MM-DD.
        start: A free start time that day, HH:MM.

    Returns:
        The lesson at its new time.
    """
    _session(state, token, "office", "instructor")
    v = state.lessons.get(lesson_id)
    if v is None:
        raise Stop(f"no lesson {lesson_id}")
    if v["status"] != "booked":
        raise Stop(f"{lesson_id} is {v['status']}")
    if v["day"] == day and v["start"] == start:
        raise Stop(f"{lesson_id} is already at {start} on {day}")
    if _day(day) < _day(TODAY):
        raise Stop(f"{day} is in the past")
    _fits(state, v["instructor"], day, start, v["hours"], skip=lesson_id)
    v["day"], v["start"] = day, start
    return _lesson(state, lesson_id)


@desk_tool
def cancel_lesson(state: State, token: str, lesson_id: str, reason: str, waive_charge: bool = False) -> Cancellation | str:
    """Cancel a booked lesson. Its hours go back on the pupil's account unless the cancellation is late.

    Args:
        token: The session token (office; the manager to waive the charge).
        lesson_id: The lesson.
        reason: Why it is cancelled.
        waive_charge: Return the hours even though the cancellation is late (manager only).

    Returns:
        The cancellation and the hours returned.
    """
    who = _session(state, token, "office")
    v = state.lessons.get(lesson_id)
    if v is None:
        raise Stop(f"no lesson {lesson_id}")
    if v["status"] != "booked":
        raise Stop(f"{lesson_id} is {v['status']}")
    if not reason.strip():
        raise Stop("give the reason for cancelling")
    late = (_day(v["day"]) - _day(TODAY)).days < 2
    if waive_charge and who["role"] != "manager":
        raise Stop("only the manager can waive the charge for a cancellation with under 48 hours' notice")
    back = v["hours"] if (not late or waive_charge) else 0
    v["status"] = "cancelled"
    state.pupils[v["pupil"]]["hours"] += back
    return Cancellation(lesson_id=lesson_id, status="cancelled", hours_returned=back, late=late, reason=reason.strip())


@desk_tool
def complete_lesson(state: State, token: str, lesson_id: str, skills: list[str], notes: str) -> LessonRecord | str:
    """Complete a lesson the instructor has given, with the syllabus skills covered.

    Args:
        token: The session token (the lesson's instructor).
        lesson_id: The lesson.
        skills: The syllabus skills covered.
        notes: The instructor's notes for the pupil's record.

    Returns:
        The lesson record and the pupil's hours driven so far.
    """
    who = _session(state, token, "instructor")
    v = state.lessons.get(lesson_id)
    if v is None:
        raise Stop(f"no lesson {lesson_id}")
    if v["status"] != "booked":
        raise Stop(f"{lesson_id} is {v['status']}")
    if who["role"] == "instructor" and who["instructor"] != v["instructor"]:
        raise Stop(f"{lesson_id} is {state.instructors[v['instructor']]['name']}'s lesson")
    if _day(v["day"]) > _day(TODAY):
        raise Stop(f"{lesson_id} is on {v['day']}; complete it on the day")
    p = state.pupils[v["pupil"]]
    if not p["eyesight"]:
        raise Stop(f"no eyesight check on record for {v['pupil']}; do it before the pupil drives")
    bad = [s for s in skills if s not in SKILLS]
    if not skills or bad:
        raise Stop(f"unknown skill(s) {bad or skills}; the syllabus skills are {', '.join(SKILLS)}")
    v["status"], v["skills"], v["notes"] = "completed", list(skills), notes.strip()
    p["driven"] += v["hours"]
    p["skills"] = sorted(set(p["skills"]) | set(skills), key=SKILLS.index)
    return LessonRecord(lesson_id=lesson_id, pupil_id=v["pupil"], skills=list(skills), notes=notes.strip(),
                        hours_driven=p["driven"])


@desk_tool
def progress_report(state: State, token: str, pupil_id: str) -> Progress | str:
    """A pupil's progress: hours driven, skills covered, mock tests, theory and readiness for the test.

    Args:
        token: The session token.
        pupil_id: The pupil.

    Returns:
        The progress report with the mock tests nested.
    """
    _session(state, token)
    p = _pupil_rec(state, pupil_id)
    mocks = [_mock(m, v) for m, v in sorted(state.mocks.items()) if v["pupil"] == pupil_id]
    return Progress(pupil_id=pupil_id, name=f"{p['first']} {p['last']}", hours_driven=p["driven"],
                    skills_covered=list(p["skills"]), mock_tests=mocks, theory_passed=p["theory"] is not None,
                    ready_for_test=p["ready"])


# --------------------------------------------------------------------------- tests


@desk_tool
def record_mock_test(state: State, token: str, pupil_id: str, minors: int, serious: int, dangerous: int,
                     route_notes: str) -> MockTest | str:
    """Record a mock driving test marked as the examiner would.

    Args:
        token: The session token (instructor).
        pupil_id: The pupil.
        minors: Driving (minor) faults.
        serious: Serious faults.
        dangerous: Dangerous faults.
        route_notes: The route and what went well or badly.

    Returns:
        The mock test and its result.
    """
    _session(state, token, "instructor")
    p = _pupil_rec(state, pupil_id)
    if p["passed"]:
        raise Stop(f"{pupil_id} has passed the practical test")
    if min(minors, serious, dangerous) < 0:
        raise Stop("fault counts cannot be negative")
    mid = f"MK-{pupil_id[2:]}-{_next_suffix(state.mocks, f'MK-{pupil_id[2:]}-')}"
    state.mocks[mid] = {"pupil": pupil_id, "day": TODAY, "minors": minors, "serious": serious, "dangerous": dangerous,
                        "notes": route_notes.strip()}
    if state.mocks[mid]["serious"] or state.mocks[mid]["dangerous"] or minors > MAX_TEST_FAULTS:
        p["ready"] = False
    return _mock(mid, state.mocks[mid])


@desk_tool
def sign_off_ready(state: State, token: str, pupil_id: str) -> Pupil | str:
    """Sign a pupil off as ready for the practical test; their latest mock test must be a pass.

    Args:
        token: The session token (instructor).
        pupil_id: The pupil.

    Returns:
        The pupil, now ready for the test.
    """
    _session(state, token, "instructor")
    p = _pupil_rec(state, pupil_id)
    if p["ready"]:
        raise Stop(f"{pupil_id} is already signed off as ready")
    mocks = [v for _, v in sorted(state.mocks.items()) if v["pupil"] == pupil_id]
    if not mocks:
        raise Stop(f"{pupil_id} has no mock test on record")
    last = mocks[-1]
    if last["serious"] or last["dangerous"] or last["minors"] > MAX_TEST_FAULTS:
        raise Stop(f"{pupil_id}'s latest mock test ({last['day']}) was a fail")
    p["ready"] = True
    return _pupil(state, pupil_id)


@desk_tool
def record_theory_pass(state: State, token: str, pupil_id: str, certificate_number: str,
                       passed_on: str) -> TheoryPass | str:
    """Record a pupil's theory-test pass from their pass certificate.

    Args:
        token: The session token (office).
        pupil_id: The pupil.
        certificate_number: The eight-digit certificate number.
        passed_on: The day they passed, YYYY-MM-DD.

    Returns:
        The theory pass and its expiry.
    """
    _session(state, token, "office")
    p = _pupil_rec(state, pupil_id)
    if p["theory"]:
        raise Stop(f"{pupil_id}'s theory pass ({p['theory'][0]}) is already recorded")
    number = certificate_number.replace(" ", "")
    if len(number) != 8 or not number.isdigit():
        raise Stop("a theory certificate number has eight digits")
    day = _day(passed_on)
    if day > _day(TODAY):
        raise Stop(f"{passed_on} is in the future")
    if (_day(TODAY) - day).days > 730:
        raise Stop("the certificate has expired; theory passes are valid for two years")
    p["theory"] = (number, passed_on)
    until = day.replace(year=day.year + 2).isoformat()
    return TheoryPass(pupil_id=pupil_id, certificate_number=number, passed_on=passed_on, valid_until=until)


@desk_tool
def book_practical_test(state: State, token: str, pupil_id: str, centre_code: str, day: str,
                        time: str) -> TestBooking | str:
    """Book a pupil's practical driving test at a test centre.

    Args:
        token: The session token (office).
        pupil_id: The pupil.
        centre_code: The test centre's code.
        day: The test day, YYYY-MM-DD (today for a short-notice cancellation slot).
        time: The test time, HH:MM.

    Returns:
        The test booking (without a car until one is reserved).
    """
    _session(state, token, "office")
    p = _pupil_rec(state, pupil_id)
    if centre_code not in state.centres:
        raise Stop(f"no test centre {centre_code!r}")
    if not p["theory"]:
        raise Stop(f"{pupil_id} has no theory pass on record")
    if not p["ready"]:
        raise Stop(f"{pupil_id} has not been signed off as ready by an instructor")
    if p["passed"]:
        raise Stop(f"{pupil_id} passed on {p['passed']}")
    if _live_test(state, pupil_id):
        raise Stop(f"{pupil_id} already has test {_live_test(state, pupil_id)} booked")
    if _day(day) < _day(TODAY):
        raise Stop(f"{day} is in the past")
    tid = f"T-{pupil_id[2:]}"
    n = 2
    while tid in state.tests:
        tid = f"T-{pupil_id[2:]}-{n}"
        n += 1
    state.tests[tid] = {"pupil": pupil_id, "centre": centre_code, "day": day, "time": time, "car": None,
                        "status": "booked", "result": None}
    return _test(state, tid)


@desk_tool
def reserve_test_car(state: State, token: str, test_id: str) -> TestBooking | str:
    """Reserve the pupil's instructor's car (and the instructor) for a booked test.

    Args:
        token: The session token (office).
        test_id: The test.

    Returns:
        The test booking with its car.
    """
    _session(state, token, "office")
    t = state.tests.get(test_id)
    if t is None:
        raise Stop(f"no test {test_id}")
    if t["status"] != "booked":
        raise Stop(f"{test_id} is {t['status']}")
    if t["car"]:
        raise Stop(f"{t['car']} is already reserved for {test_id}")
    iid = state.pupils[t["pupil"]]["instructor"]
    if not iid:
        raise Stop(f"{t['pupil']} has no instructor, so there is no school car to reserve")
    car = state.instructors[iid]["car"]
    if state.cars[car]["status"] != "on_road":
        raise Stop(f"{car} is off the road")
    h = int(t["time"][:2])
    if {h - 1, h} & _busy(state, iid, t["day"]):
        raise Stop(f"{state.instructors[iid]['name']} has a lesson then; move it first")
    t["car"] = car
    return _test(state, test_id)


@desk_tool
def record_test_result(state: State, token: str, test_id: str, passed: bool, driving_faults: int,
                       serious_faults: int, examiner_notes: str) -> TestResult | str:
    """Record the result of a practical test taken in a school car.

    Args:
        token: The session token (office or instructor).
        test_id: The test.
        passed: Whether the pupil passed.
        driving_faults: Driving (minor) faults marked.
        serious_faults: Serious or dangerous faults marked.
        examiner_notes: What the examiner said at the debrief.

    Returns:
        The result.
    """
    _session(state, token, "office", "instructor")
    t = state.tests.get(test_id)
    if t is None:
        raise Stop(f"no test {test_id}")
    if t["status"] != "booked":
        raise Stop(f"{test_id} is {t['status']}")
    if not t["car"]:
        raise Stop(f"{test_id} was not taken in a school car; DVSA records it")
    if _day(t["day"]) > _day(TODAY):
        raise Stop(f"{test_id} is on {t['day']}; record the result after the test")
    if passed and (serious_faults > 0 or driving_faults > MAX_TEST_FAULTS):
        raise Stop(f"a pass allows at most {MAX_TEST_FAULTS} driving faults and no serious or dangerous ones")
    t["status"] = "passed" if passed else "failed"
    t["result"] = {"faults": driving_faults, "serious": serious_faults, "notes": examiner_notes.strip()}
    p = state.pupils[t["pupil"]]
    p["ready"] = False
    if passed:
        p["passed"] = t["day"]
    return TestResult(test_id=test_id, pupil_id=t["pupil"], passed=passed, driving_faults=driving_faults,
                      serious_faults=serious_faults, examiner_notes=examiner_notes.strip())


@desk_tool
def cancel_test(state: State, token: str, test_id: str, reason: str) -> TestBooking | str:
    """Cancel a booked practical test (and release the school car).

    Args:
        token: The session token (office).
        test_id: The test.
        reason: Why it is cancelled.

    Returns:
        The cancelled test booking.
    """
    _session(state, token, "office")
    t = state.tests.get(test_id)
    if t is None:
        raise Stop(f"no test {test_id}")
    if t["status"] != "booked":
        raise Stop(f"{test_id} is {t['status']}")
    if not reason.strip():
        raise Stop("give the reason for cancelling")
    t["status"], t["car"] = "cancelled", None
    return _test(state, test_id)


@desk_tool
def enrol_pass_plus(state: State, token: str, pupil_id: str) -> Order | str:
    """Enrol a newly qualified driver on Pass Plus (six hours), raising the order for it.

    Args:
        token: The session token (office).
        pupil_id: The pupil.

    Returns:
        The unpaid Pass Plus order.
    """
    _session(state, token, "office")
    p = _pupil_rec(state, pupil_id)
    if not p["passed"]:
        raise Stop(f"{pupil_id} has not passed the practical test; Pass Plus is for new drivers")
    if p["pass_plus"]:
        raise Stop(f"{pupil_id} is already enrolled on Pass Plus")
    code, _, hours, manual, auto = state.pass_plus
    oid = f"ORD-{pupil_id[2:]}-{_next_suffix(state.orders, f'ORD-{pupil_id[2:]}-')}"
    state.orders[oid] = {"pupil": pupil_id, "package": code, "hours": hours,
                         "amount": manual if p["transmission"] == "manual" else auto, "paid": 0.0, "status": "unpaid"}
    p["pass_plus"] = True
    return _order(state, oid)


# --------------------------------------------------------------------------- cars


@desk_tool
def list_cars(state: State, token: str) -> list[Car] | str:
    """The school's dual-controlled cars.

    Args:
        token: The session token.

    Returns:
        Each car with its instructor, status and MOT due date.
    """
    _session(state, token)
    return [Car(car_id=c, registration=v["reg"], make_model=v["model"], transmission=v["transmission"],
                instructor_id=v["instructor"], status=v["status"], mot_due=v["mot"]) for c, v in state.cars.items()]


@desk_tool
def report_car_defect(state: State, token: str, car_id: str, description: str, severity: Severity) -> Defect | str:
    """Report a defect on a school car; a dangerous one takes the car off the road.

    Args:
        token: The session token (instructor).
        car_id: The car.
        description: What is wrong.
        severity: advisory or dangerous.

    Returns:
        The defect and the car's status.
    """
    _session(state, token, "instructor")
    car = state.cars.get(car_id)
    if car is None:
        raise Stop(f"no car {car_id}")
    if not description.strip():
        raise Stop("describe the defect")
    did = f"DF-{_next(state, 'defect')}"
    state.defects[did] = {"car": car_id, "description": description.strip(), "severity": severity, "status": "open",
                          "repair": None}
    if severity == "dangerous":
        car["status"] = "off_road"
    return Defect(defect_id=did, car_id=car_id, description=description.strip(), severity=severity, status="open",
                  car_status=car["status"])


@desk_tool
def clear_car_defect(state: State, token: str, defect_id: str, repair_notes: str) -> Defect | str:
    """Clear a repaired defect (manager); the car goes back on the road when no dangerous defect is open.

    Args:
        token: The session token (manager).
        defect_id: The defect.
        repair_notes: What was done, and by whom.

    Returns:
        The cleared defect and the car's status.
    """
    _session(state, token, "manager")
    d = state.defects.get(defect_id)
    if d is None:
        raise Stop(f"no defect {defect_id}")
    if d["status"] == "cleared":
        raise Stop(f"{defect_id} is already cleared")
    d["status"], d["repair"] = "cleared", repair_notes.strip()
    car = state.cars[d["car"]]
    if not any(v["car"] == d["car"] and v["status"] == "open" and v["severity"] == "dangerous"
               for v in state.defects.values()):
        car["status"] = "on_road"
    return Defect(defect_id=defect_id, car_id=d["car"], description=d["description"], severity=d["severity"],
                  status="cleared", car_status=car["status"])


# --------------------------------------------------------------------------- complaints and messages


@desk_tool
def log_complaint(state: State, token: str, pupil_id: str, instructor_id: str, details: str) -> Complaint | str:
    """Log a complaint from a pupil (or their parent) about an instructor.

    Args:
        token: The session token (office).
        pupil_id: The pupil the complaint concerns.
        instructor_id: The instructor complained about.
        details: What happened, in the complainant's words.

    Returns:
        The open complaint.
    """
    _session(state, token, "office")
    _pupil_rec(state, pupil_id)
    if instructor_id not in state.instructors:
        raise Stop(f"no instructor {instructor_id}")
    if not details.strip():
        raise Stop("write down what the complaint is about")
    cid = f"CP-{_next(state, 'complaint')}"
    state.complaints[cid] = {"pupil": pupil_id, "instructor": instructor_id, "details": details.strip(),
                             "status": "open", "outcome": None}
    return Complaint(complaint_id=cid, pupil_id=pupil_id, instructor_id=instructor_id, details=details.strip(),
                     status="open")


@desk_tool
def resolve_complaint(state: State, token: str, complaint_id: str, outcome: str) -> Complaint | str:
    """Resolve a complaint (manager).

    Args:
        token: The session token (manager).
        complaint_id: The complaint.
        outcome: What was found and done.

    Returns:
        The resolved complaint.
    """
    _session(state, token, "manager")
    c = state.complaints.get(complaint_id)
    if c is None:
        raise Stop(f"no complaint {complaint_id}")
    if c["status"] == "resolved":
        raise Stop(f"{complaint_id} is already resolved")
    if not outcome.strip():
        raise Stop("write down the outcome")
    c["status"], c["outcome"] = "resolved", outcome.strip()
    return Complaint(complaint_id=complaint_id, pupil_id=c["pupil"], instructor_id=c["instructor"],
                     details=c["details"], status="resolved", outcome=c["outcome"])


@desk_tool
def send_message(state: State, token: str, pupil_id: str, channel: Channel, text: str) -> Message | str:
    """Text or e-mail a pupil.

    Args:
        token: The session token (office).
        pupil_id: The pupil.
        channel: sms or email.
        text: The message (an SMS is at most 320 characters).

    Returns:
        The message as sent.
    """
    _session(state, token, "office")
    p = _pupil_rec(state, pupil_id)
    if not text.strip():
        raise Stop("the message is empty")
    if channel == "sms" and len(text) > 320:
        raise Stop("an SMS is at most 320 characters; send an e-mail instead")
    mid = f"MSG-{_next(state, 'message')}"
    to = p["phone"] if channel == "sms" else p["email"]
    state.messages[mid] = {"pupil": pupil_id, "channel": channel, "to": to, "text": text.strip()}
    return Message(message_id=mid, pupil_id=pupil_id, channel=channel, to=to, text=text.strip())


TOOLS = [
    log_in, log_out, price_list, test_centres, find_pupil, enrol_pupil, update_pupil, verify_licence,
    record_eyesight_check, list_instructors, instructor_diary, assign_instructor, sell_package, take_payment,
    sell_gift_voucher, redeem_voucher, refund_order, pupil_account, book_lesson, list_lessons, move_lesson,
    cancel_lesson, complete_lesson, progress_report, record_mock_test, sign_off_ready, record_theory_pass,
    book_practical_test, reserve_test_car, record_test_result, cancel_test, enrol_pass_plus, list_cars,
    report_car_defect, clear_car_defect, log_complaint, resolve_complaint, send_message,
]

FIXTURES = {
    "school": {"name": "Wensum School of Motoring, Norwich", "today": "Monday 17 September 2029"},
    "staff": [
        {"name": "Priya Raman", "role": "office", "username": "priya", "password": "Roundabout-41"},
        {"name": "Dean Halloran", "role": "instructor (manual)", "username": "dean", "password": "Mirror-Signal-7"},
        {"name": "Sophie Clarke", "role": "instructor (automatic)", "username": "sophie", "password": "Clutch-Bite-22"},
        {"name": "Martin Blyth", "role": "manager", "username": "martin", "password": "Ledger-Gear-90"},
    ],
    "new_pupil": {"first_name": "Freya", "last_name": "Mottram", "date_of_birth": "2012-03-14",
                  "phone": "07700 900731", "email": "freya.mottram@mail.example", "postcode": "NR3 2PT",
                  "transmission": "manual", "licence_number": "MOTTR153142F99AB", "check_code": "WX7KP2QD",
                  "home": "14 Magdalen Road", "theory_certificate": "80251167, passed 2029-08-30",
                  "history": "forty hours with another school that has closed; wants a mock test and a test soon"},
    "gift_voucher_buyer": {"name": "Margaret Mottram", "for": "Freya Mottram", "amount": "350.00"},
    "front_desk_notes": [
        "Tomasz Wrobel enrolled online last week: licence WROBE106100T99CD, check code HT4R9ZL2; manual; "
        "lives at 9 Aylsham Road; new mobile 07700 900424",
        "Jamal Osei passed his theory test on Saturday: certificate 90413378",
        "Jamal's mother rang: Sophie Clarke arrived 25 minutes late for his last two lessons",
        "Ellie Brundall has broken her wrist: her test and lessons are off for six weeks",
        "Hannah Lister passed on 12 September and wants the rest of her hours refunded",
    ],
}

_TOKEN = "auth: session token (token of log_in)"
PUBLIC = ("log_in", "price_list", "test_centres")
TOKEN_CONSUMERS = [t.__name__ for t in TOOLS if t.__name__ not in PUBLIC]
PUPIL_CONSUMERS = ["update_pupil", "verify_licence", "record_eyesight_check", "assign_instructor", "sell_package",
                   "book_lesson", "pupil_account", "progress_report", "record_mock_test", "sign_off_ready",
                   "record_theory_pass", "book_practical_test", "enrol_pass_plus", "log_complaint", "send_message"]
ORDER_CONSUMERS = ["take_payment", "redeem_voucher", "refund_order"]
LESSON_CONSUMERS = ["move_lesson", "cancel_lesson", "complete_lesson"]
TEST_CONSUMERS = ["reserve_test_car", "record_test_result", "cancel_test"]
_PUPIL = "id lookup/create: pupil id (pupil_id of find_pupil's rows, or of enrol_pupil)"
_ORDER = "id lookup/create: order id (order_id of sell_package, or orders of pupil_account)"
_LESSON = "id lookup/create: lesson id (lesson_id of book_lesson, or of a list_lessons row)"
_TEST = "id lookup/create: test id (test_id of book_practical_test, or test_id of find_pupil's rows)"

GROUND_TRUTH = (
    [("log_in", c, _TOKEN) for c in TOKEN_CONSUMERS]
    + [("find_pupil|enrol_pupil", c, _PUPIL) for c in PUPIL_CONSUMERS]
    + [("sell_package|pupil_account", c, _ORDER) for c in ORDER_CONSUMERS]
    + [("book_lesson|list_lessons", c, _LESSON) for c in LESSON_CONSUMERS]
    + [("book_practical_test|find_pupil", c, _TEST) for c in TEST_CONSUMERS]
    + [
        ("list_instructors", "instructor_diary", "id lookup: instructor id (instructor_id)"),
        ("list_instructors", "assign_instructor", "id lookup: instructor id (instructor_id)"),
        ("list_instructors", "log_complaint", "id lookup: instructor id (instructor_id)"),
        ("sell_gift_voucher", "redeem_voucher", "id create: gift voucher code (code)"),
        ("list_cars", "report_car_defect", "id lookup: car id (car_id)"),
        ("report_car_defect", "clear_car_defect", "id create: defect id (defect_id)"),
        ("log_complaint", "resolve_complaint", "id create: complaint id (complaint_id)"),
        ("price_list", "sell_package", "vocabulary: package code (code of price_list)"),
        ("instructor_diary", "book_lesson", "vocabulary: a free start time (bare list)"),
        ("instructor_diary", "move_lesson", "vocabulary: a free start time (bare list)"),
        ("test_centres", "book_practical_test", "vocabulary: test centre code (code of test_centres)"),
        ("verify_licence", "book_lesson", "state: the provisional licence verified"),
        ("assign_instructor", "book_lesson", "state: an instructor assigned"),
        ("take_payment|redeem_voucher", "book_lesson", "state: paid hours on the pupil's account"),
        ("record_eyesight_check", "complete_lesson", "state: the pupil's eyesight checked"),
        ("record_mock_test", "sign_off_ready", "state: a passed mock test"),
        ("record_theory_pass", "book_practical_test", "state: the theory test passed"),
        ("sign_off_ready", "book_practical_test", "state: signed off as ready by an instructor"),
        ("assign_instructor", "reserve_test_car", "state: an instructor, whose car is reserved"),
        ("reserve_test_car", "record_test_result", "state: the test taken in a school car"),
        ("record_test_result", "enrol_pass_plus", "state: the practical test passed"),
        ("take_payment", "refund_order", "state: the order paid"),
    ]
)

PLAUSIBLE = {
    ("enrol_pupil", "find_pupil"), ("list_instructors", "book_lesson"), ("instructor_diary", "assign_instructor"),
    ("price_list", "take_payment"), ("sell_package", "book_lesson"), ("pupil_account", "book_lesson"),
    ("pupil_account", "sell_package"), ("book_lesson", "instructor_diary"), ("book_lesson", "list_lessons"),
    ("list_lessons", "instructor_diary"), ("progress_report", "complete_lesson"), ("complete_lesson", "progress_report"),
    ("record_mock_test", "progress_report"), ("progress_report", "sign_off_ready"),
    ("record_mock_test", "book_practical_test"), ("book_practical_test", "find_pupil"),
    ("record_test_result", "sell_package"), ("list_cars", "clear_car_defect"), ("report_car_defect", "book_lesson"),
    ("report_car_defect", "reserve_test_car"), ("find_pupil", "list_lessons"), ("find_pupil", "instructor_diary"),
    ("list_lessons", "cancel_test"), ("book_lesson", "assign_instructor"), ("cancel_lesson", "assign_instructor"),
    ("list_instructors", "list_lessons"), ("sell_gift_voucher", "book_lesson"), ("find_pupil", "move_lesson"),
    ("find_pupil", "cancel_lesson"), ("find_pupil", "complete_lesson"),
}
