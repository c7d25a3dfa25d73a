"""Donorday: the donor line and session system of a regional blood service (35 calls).

Plain functions over an in-memory ``State`` of the Yorkshire region of a national blood service on
Thursday 14 October 2027. Staff sign in with a staff id and PIN: the donor line finds and enrols
donors, keeps their contact details, reminders and preferred venue, records and lifts deferrals,
and books, moves and cancels appointments at donation sessions; on the day, the session lead opens
the session, the nurses check donors in (or take walk-ins), record the health check and the
haemoglobin test, start, finish or abandon the donation and record adverse events, and the lead
closes the session. Venues, sessions and their free times are public.

Replies are dataclasses (a donor record with its deferrals nested, an appointment, a session day,
a health check, a donation, a session summary), rows as lists of lists, bare values (the session
key, the haemoglobin result, a donation number) and sentences with a reference inside. A refusal is
*returned* as ``{"error": {"code": ..., "message": ...}}``, in the style of the service's JSON API;
nothing is raised. Donor numbers and appointment references are both eight digits. The intervals
between donations, the deferral reason codes, the health-check question codes and the donation
milestones are named only in refusals.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as
provider means either tool satisfies it, and the text of ``what`` before its first ``:`` is the
kind.
"""

from dataclasses import dataclass, field
from datetime import date, timedelta
from enum import Enum, IntEnum
from typing import Literal

TODAY = "2027-10-14"

Sex = Literal["F", "M"]
Channel = Literal["sms", "email", "post"]
Region = Literal["Leeds", "Bradford", "Harrogate", "York"]
Arm = Literal["left", "right"]


class DonationType(str, Enum):
    WHOLE_BLOOD = "whole_blood"
    PLASMA = "plasma"
    PLATELETS = "platelets"


class BloodGroup(Enum):
    O_NEG = "O-"
    O_POS = "O+"
    A_NEG = "A-"
    A_POS = "A+"
    B_NEG = "B-"
    B_POS = "B+"
    AB_NEG = "AB-"
    AB_POS = "AB+"


class Severity(IntEnum):
    MILD = 1
    MODERATE = 2
    SEVERE = 3


_INTERVAL_WEEKS = {("whole_blood", "M"): 12, ("whole_blood", "F"): 16, ("plasma", "M"): 2, ("plasma", "F"): 2,
                   ("platelets", "M"): 2, ("platelets", "F"): 2}
_DEFERRAL_WEEKS = {"TRAVEL_MALARIA": 26, "TATTOO": 17, "ILLNESS": 2, "MEDICATION": 4, "PROCEDURE": 26,
                   "DENTAL": 1, "LOW_HB": 12}
_QUESTIONS = ("FEVER_14D", "NEW_MEDICATION", "TATTOO_4M", "TRAVEL_6M", "SURGERY_6M", "DENTAL_24H", "PREGNANCY_6M")
_DEFER_ANSWERS = ("FEVER_14D", "TATTOO_4M", "TRAVEL_6M", "SURGERY_6M", "PREGNANCY_6M")
_MILESTONES = (10, 25, 50, 75, 100, 125, 150)
_HB_MIN = {"F": 12.5, "M": 13.5}
_TRAVEL = {"kenya": ["Kenya", "malaria", 26], "india": ["India", "malaria", 26], "spain": ["Spain", "none", 0],
           "usa": ["USA", "west nile virus (June-November)", 4], "brazil": ["Brazil", "malaria, zika", 26],
           "thailand": ["Thailand", "malaria (border areas)", 26], "france": ["France", "none", 0]}


def _err(code: str, message: str) -> dict:
    return {"error": {"code": code, "message": message}}


# --------------------------------------------------------------------------- replies


@dataclass
class Deferral:
    deferral_id: str
    reason_code: str
    from_date: str
    until: str
    status: str
    note: str | None = None


@dataclass
class DonorRecord:
    donor_no: str
    first_name: str
    surname: str
    date_of_birth: str
    sex: str
    postcode: str
    mobile: str | None
    email: str | None
    blood_group: str | None
    donations_count: int
    next_eligible: dict
    deferrals: list
    milestones: list
    preferred_venue: str | None
    reminders: list = field(default_factory=list)


@dataclass
class Appointment:
    appointment_ref: str
    donor_no: str
    session_id: str
    date: str
    time: str
    venue_code: str
    donation_type: str
    status: str


@dataclass
class SessionDay:
    session_id: str
    date: str
    venue_code: str
    status: str
    booked: int
    checked_in: int
    opened_by: str | None


@dataclass
class HealthCheck:
    appointment_ref: str
    weight_kg: float
    pulse: int
    yes_answers: list
    outcome: str


@dataclass
class Donation:
    donation_no: str
    donor_no: str
    appointment_ref: str
    donation_type: str
    arm: str
    status: str
    volume_ml: int | None = None
    minutes: int | None = None


@dataclass
class SessionSummary:
    session_id: str
    donations: int
    abandoned: int
    did_not_attend: int
    deferred: int
    closed_by: str


# --------------------------------------------------------------------------- state


def _slots(first: str, last: str) -> list:
    h, m = map(int, first.split(":"))
    out = []
    while f"{h:02d}:{m:02d}" <= last:
        out.append(f"{h:02d}:{m:02d}")
        m += 20
        h, m = h + m // 60, m % 60
    return out


class State:
    """The Yorkshire region on Thursday 14 October 2027."""

    def __init__(self) -> None:
        self.staff = {
            "NW4417": {"name": "Priya Shah", "pin": "2604", "role": "contact"},
            "NW5120": {"name": "Gareth Lloyd", "pin": "8817", "role": "nurse"},
            "NW5033": {"name": "Helen Marsh", "pin": "3390", "role": "lead"},
        }
        self.keys = {}
        self.donors = {
            "30417788": {"donor_no": "30417788", "first_name": "Daniel", "surname": "Okafor",
                         "date_of_birth": "1988-04-12", "sex": "M", "postcode": "LS6 2QT", "mobile": "07700 900 311",
                         "email": "d.okafor@example.com", "blood_group": "O-", "milestones": [10],
                         "preferred_venue": "LDC", "reminders": ["sms"],
                         "donations": [["2027-06-10", "whole_blood", "LDC"], ["2027-02-11", "whole_blood", "LDC"]],
                         "count": 24},
            "30420113": {"donor_no": "30420113", "first_name": "Siobhan", "surname": "Clarke",
                         "date_of_birth": "1995-09-23", "sex": "F", "postcode": "LS11 5DP",
                         "mobile": "07700 900 528", "email": "siobhan.clarke@example.com", "blood_group": "A+",
                         "milestones": [], "preferred_venue": None, "reminders": ["email"],
                         "donations": [["2027-08-19", "whole_blood", "HGP"]], "count": 3},
            "30398562": {"donor_no": "30398562", "first_name": "Arthur", "surname": "Bennett",
                         "date_of_birth": "1961-02-02", "sex": "M", "postcode": "HG1 4AP", "mobile": "07700 900 764",
                         "email": "arthur.bennett@example.com", "blood_group": "B+", "milestones": [10, 25, 50],
                         "preferred_venue": "HGP", "reminders": ["post"],
                         "donations": [["2027-05-20", "whole_blood", "HGP"]], "count": 61},
            "30433390": {"donor_no": "30433390", "first_name": "Fatima", "surname": "Haidari",
                         "date_of_birth": "1999-12-01", "sex": "F", "postcode": "LS4 2BB", "mobile": "07700 900 195",
                         "email": None, "blood_group": None, "milestones": [], "preferred_venue": None,
                         "reminders": [], "donations": [], "count": 0},
            "30429901": {"donor_no": "30429901", "first_name": "Tom", "surname": "Whitaker",
                         "date_of_birth": "1990-07-30", "sex": "M", "postcode": "LS8 1NE", "mobile": "07700 900 642",
                         "email": "tom.whitaker@example.com", "blood_group": "O+", "milestones": [],
                         "preferred_venue": "LDC", "reminders": ["sms"],
                         "donations": [["2027-04-29", "whole_blood", "LDC"]], "count": 7},
        }
        self.deferrals = {
            "DF-20931": {"deferral_id": "DF-20931", "donor_no": "30398562", "reason_code": "TRAVEL_MALARIA",
                         "from_date": "2027-06-01", "until": "2027-11-30", "status": "active",
                         "note": "Returned from Kenya 31 May"},
        }
        self.venues = [
            ["LDC", "Leeds Donor Centre", "Leeds", ["whole_blood", "plasma", "platelets"]],
            ["HGP", "Harrogate, The Pavilions", "Harrogate", ["whole_blood"]],
            ["BFD-SG", "Bradford, St George's Hall", "Bradford", ["whole_blood"]],
            ["YRK-RC", "York Racecourse", "York", ["whole_blood"]],
        ]
        self.sessions = {
            "SN-88140": {"session_id": "SN-88140", "date": "2027-10-14", "venue_code": "LDC",
                         "types": ["whole_blood", "plasma"], "start": "09:00", "end": "15:40", "status": "scheduled",
                         "opened_by": None},
            "SN-88152": {"session_id": "SN-88152", "date": "2027-10-21", "venue_code": "LDC",
                         "types": ["whole_blood", "plasma"], "start": "09:00", "end": "15:40", "status": "scheduled",
                         "opened_by": None},
            "SN-88161": {"session_id": "SN-88161", "date": "2027-10-19", "venue_code": "HGP", "types": ["whole_blood"],
                         "start": "13:20", "end": "19:00", "status": "scheduled", "opened_by": None},
            "SN-88175": {"session_id": "SN-88175", "date": "2027-10-26", "venue_code": "LDC", "types": ["plasma"],
                         "start": "08:00", "end": "12:00", "status": "scheduled", "opened_by": None},
            "SN-88180": {"session_id": "SN-88180", "date": "2027-11-03", "venue_code": "BFD-SG",
                         "types": ["whole_blood"], "start": "10:00", "end": "15:20", "status": "scheduled",
                         "opened_by": None},
            "SN-88193": {"session_id": "SN-88193", "date": "2027-12-09", "venue_code": "HGP", "types": ["whole_blood"],
                         "start": "13:20", "end": "19:00", "status": "scheduled", "opened_by": None},
        }
        self.appointments = {
            "71004512": {"appointment_ref": "71004512", "donor_no": "30433390", "session_id": "SN-88140",
                         "time": "10:20", "donation_type": "whole_blood", "status": "booked"},
            "71004518": {"appointment_ref": "71004518", "donor_no": "30429901", "session_id": "SN-88140",
                         "time": "10:40", "donation_type": "whole_blood", "status": "booked"},
            "71004521": {"appointment_ref": "71004521", "donor_no": "30420113", "session_id": "SN-88193",
                         "time": "17:00", "donation_type": "whole_blood", "status": "booked"},
        }
        self.checks = {}
        self.hb = {}
        self.donations = {}
        self.events = []
        self.referrals = []
        self.messages = []
        self.counters = {"key": 5100, "donor": 30441250, "appointment": 71004530, "donation": 104533,
                         "deferral": 20950, "event": 5501, "message": 88010}


# --------------------------------------------------------------------------- helpers


def _next(state, key):
    n = state.counters[key]
    state.counters[key] += 1
    return n


def _who(state, key, *roles):
    sid = state.keys.get(key)
    if sid is None:
        return None, _err("UNAUTHENTICATED", "session key missing or expired: sign in again")
    s = state.staff[sid]
    if roles and s["role"] not in roles:
        return None, _err("PERMISSION_DENIED", f"a {s['role']} cannot do this")
    return s, None


def _d(text):
    return date.fromisoformat(text)


def _age(dob, on):
    b, d = _d(dob), _d(on)
    return d.year - b.year - ((d.month, d.day) < (b.month, b.day))


def _next_eligible(state, donor, kind):
    last = [x for x in donor["donations"] if x[1] == "whole_blood"] if kind == "whole_blood" else donor["donations"]
    if not last:
        return TODAY
    latest = max(x[0] for x in last)
    weeks = _INTERVAL_WEEKS[(kind, donor["sex"])]
    return max(TODAY, (_d(latest) + timedelta(weeks=weeks)).isoformat())


def _active_deferral(state, donor_no, on):
    return next((x for x in state.deferrals.values() if x["donor_no"] == donor_no and x["status"] == "active"
                 and x["from_date"] <= on <= x["until"]), None)


def _record(state, d):
    return DonorRecord(
        donor_no=d["donor_no"], first_name=d["first_name"], surname=d["surname"], date_of_birth=d["date_of_birth"],
        sex=d["sex"], postcode=d["postcode"], mobile=d["mobile"], email=d["email"], blood_group=d["blood_group"],
        donations_count=d["count"],
        next_eligible={k.value: _next_eligible(state, d, k.value) for k in DonationType},
        deferrals=[Deferral(**{k: v for k, v in x.items() if k != "donor_no"})
                   for x in state.deferrals.values() if x["donor_no"] == d["donor_no"]],
        milestones=list(d["milestones"]), preferred_venue=d["preferred_venue"], reminders=list(d["reminders"]))


def _appointment(state, a):
    s = state.sessions[a["session_id"]]
    return Appointment(appointment_ref=a["appointment_ref"], donor_no=a["donor_no"], session_id=a["session_id"],
                       date=s["date"], time=a["time"], venue_code=s["venue_code"], donation_type=a["donation_type"],
                       status=a["status"])


def _free(state, session_id):
    s = state.sessions[session_id]
    taken = {a["time"] for a in state.appointments.values()
             if a["session_id"] == session_id and a["status"] not in ("cancelled", "moved")}
    return [t for t in _slots(s["start"], s["end"]) if t not in taken]


def _can_donate(state, donor, session, kind, skip=None):
    """None when ``donor`` may give ``kind`` at ``session``, else the refusal."""
    day = session["date"]
    if kind not in session["types"]:
        return _err("INVALID_ARGUMENT", f"session {session['session_id']} does not take {kind} donations")
    age = _age(donor["date_of_birth"], day)
    if donor["count"] == 0 and not 17 <= age <= 65:
        return _err("FAILED_PRECONDITION", "new donors must be 17 to 65")
    if age > 70:
        return _err("FAILED_PRECONDITION", "donors over 70 cannot give")
    dfr = _active_deferral(state, donor["donor_no"], day)
    if dfr is not None:
        return _err("FAILED_PRECONDITION", f"donor is deferred ({dfr['reason_code']}) until {dfr['until']}")
    eligible = _next_eligible(state, donor, kind)
    if day < eligible:
        weeks = _INTERVAL_WEEKS[(kind, donor["sex"])]
        who = "women" if donor["sex"] == "F" else "men"
        return _err("FAILED_PRECONDITION", f"{who} wait {weeks} weeks between {kind} donations; "
                                           f"next eligible {eligible}")
    for a in state.appointments.values():
        if a["donor_no"] == donor["donor_no"] and a["status"] == "booked" and a["appointment_ref"] != skip:
            return _err("ALREADY_EXISTS", f"donor already has appointment {a['appointment_ref']} on "
                                          f"{state.sessions[a['session_id']]['date']}")
    return None


# --------------------------------------------------------------------------- staff sign-in


def staff_login(staff_id: str, pin: str, state: State = None) -> str:
    """Sign a member of staff in.

    :param staff_id: the staff id on the badge (``NW`` and four digits).
    :param pin: the staff member's PIN.
    :returns: the session key to pass as ``key`` to staff calls.
    """
    s = state.staff.get(staff_id.strip().upper())
    if s is None or s["pin"] != pin:
        return _err("UNAUTHENTICATED", "staff id or PIN not recognised")
    key = f"k{_next(state, 'key')}{staff_id.strip().upper()[-2:]}"
    state.keys[key] = staff_id.strip().upper()
    return key


def staff_logout(key: str, state: State = None) -> bool:
    """Sign out.

    :param key: the session key.
    :returns: True.
    """
    s, err = _who(state, key)
    if err:
        return err
    del state.keys[key]
    return True


# --------------------------------------------------------------------------- donors


def find_donor(key: str, surname: str, date_of_birth: str | None = None, postcode: str | None = None,
               state: State = None) -> list[list]:
    """Find donors by surname, narrowed by date of birth or postcode.

    :param key: a staff session key.
    :param surname: the donor's surname.
    :param date_of_birth: YYYY-MM-DD.
    :param postcode: full or outward postcode.
    :returns: rows ``[donor_no, full name, date of birth, postcode, blood group or None]``.
    """
    s, err = _who(state, key)
    if err:
        return err
    rows = []
    for d in state.donors.values():
        if d["surname"].lower() != surname.strip().lower():
            continue
        if date_of_birth and d["date_of_birth"] != date_of_birth:
            continue
        if postcode and not d["postcode"].replace(" ", "").upper().startswith(postcode.replace(" ", "").upper()):
            continue
        rows.append([d["donor_no"], f"{d['first_name']} {d['surname']}", d["date_of_birth"], d["postcode"],
                     d["blood_group"]])
    return rows


def enrol_donor(key: str, first_name: str, surname: str, date_of_birth: str, sex: Sex, postcode: str, mobile: str,
                email: str | None = None, state: State = None) -> DonorRecord:
    """Enrol a new donor.

    :param key: a staff session key.
    :param first_name: first name.
    :param surname: surname.
    :param date_of_birth: YYYY-MM-DD.
    :param sex: ``F`` or ``M``, which sets the donation intervals and haemoglobin threshold.
    :param postcode: home postcode.
    :param mobile: mobile number.
    :param email: e-mail address, if the donor has one.
    :returns: the new donor record with its ``donor_no``.
    """
    s, err = _who(state, key)
    if err:
        return err
    if sex not in ("F", "M"):
        return _err("INVALID_ARGUMENT", "sex must be F or M")
    try:
        age = _age(date_of_birth, TODAY)
    except ValueError:
        return _err("INVALID_ARGUMENT", "date_of_birth must be YYYY-MM-DD")
    if not 17 <= age <= 65:
        return _err("FAILED_PRECONDITION", "new donors must be 17 to 65")
    for d in state.donors.values():
        if (d["surname"].lower(), d["first_name"].lower(), d["date_of_birth"]) == (
                surname.strip().lower(), first_name.strip().lower(), date_of_birth):
            return _err("ALREADY_EXISTS", f"already enrolled as donor {d['donor_no']}")
    no = str(_next(state, "donor"))
    state.donors[no] = {"donor_no": no, "first_name": first_name.strip(), "surname": surname.strip(),
                        "date_of_birth": date_of_birth, "sex": sex, "postcode": postcode.strip().upper(),
                        "mobile": mobile.strip(), "email": email, "blood_group": None, "milestones": [],
                        "preferred_venue": None, "reminders": [], "donations": [], "count": 0}
    return _record(state, state.donors[no])


def get_donor(key: str, donor_no: str, state: State = None) -> DonorRecord:
    """A donor's record: contact details, donations, next eligible dates, deferrals, milestones.

    :param key: a staff session key.
    :param donor_no: the donor number.
    :returns: the donor record, deferrals nested with their ``deferral_id``.
    """
    s, err = _who(state, key)
    if err:
        return err
    d = state.donors.get(donor_no)
    if d is None:
        return _err("NOT_FOUND", f"no donor {donor_no}")
    return _record(state, d)


def update_contact(key: str, donor_no: str, mobile: str | None = None, email: str | None = None,
                   postcode: str | None = None, state: State = None) -> DonorRecord:
    """Change a donor's mobile number, e-mail address or postcode.

    :param key: a staff session key.
    :param donor_no: the donor number.
    :param mobile: new mobile number.
    :param email: new e-mail address.
    :param postcode: new postcode.
    :returns: the updated donor record.
    """
    s, err = _who(state, key)
    if err:
        return err
    d = state.donors.get(donor_no)
    if d is None:
        return _err("NOT_FOUND", f"no donor {donor_no}")
    new = {"mobile": mobile.strip() if mobile else d["mobile"], "email": email.strip() if email else d["email"],
           "postcode": postcode.strip().upper() if postcode else d["postcode"]}
    if new["email"] is not None and "@" not in new["email"]:
        return _err("INVALID_ARGUMENT", "that is not an e-mail address")
    if all(new[k] == d[k] for k in new):
        return _err("INVALID_ARGUMENT", "nothing to change")
    d.update(new)
    return _record(state, d)


def set_reminders(key: str, donor_no: str, channel: Channel, enabled: bool, state: State = None) -> str:
    """Turn appointment reminders on or off for one channel.

    :param key: a staff session key.
    :param donor_no: the donor number.
    :param channel: ``sms``, ``email`` or ``post``.
    :param enabled: on or off.
    :returns: a confirmation.
    """
    s, err = _who(state, key)
    if err:
        return err
    d = state.donors.get(donor_no)
    if d is None:
        return _err("NOT_FOUND", f"no donor {donor_no}")
    if channel not in ("sms", "email", "post"):
        return _err("INVALID_ARGUMENT", "channel must be sms, email or post")
    if enabled and channel == "email" and not d["email"]:
        return _err("FAILED_PRECONDITION", "no e-mail address on file")
    if (channel in d["reminders"]) == enabled:
        return _err("ALREADY_EXISTS", f"{channel} reminders already {'on' if enabled else 'off'}")
    if enabled:
        d["reminders"].append(channel)
    else:
        d["reminders"].remove(channel)
    return f"{channel} reminders {'on' if enabled else 'off'} for donor {donor_no}."


def set_preferred_venue(key: str, donor_no: str, venue_code: str, state: State = None) -> str:
    """Record the venue a donor prefers (invitations go out for its sessions).

    :param key: a staff session key.
    :param donor_no: the donor number.
    :param venue_code: the venue.
    :returns: a confirmation.
    """
    s, err = _who(state, key)
    if err:
        return err
    d = state.donors.get(donor_no)
    if d is None:
        return _err("NOT_FOUND", f"no donor {donor_no}")
    v = next((x for x in state.venues if x[0] == venue_code), None)
    if v is None:
        return _err("NOT_FOUND", f"no venue {venue_code}")
    if d["preferred_venue"] == venue_code:
        return _err("ALREADY_EXISTS", f"{v[1]} is already the preferred venue")
    d["preferred_venue"] = venue_code
    return f"Donor {donor_no} now prefers {v[1]}."


def record_deferral(key: str, donor_no: str, reason_code: str, note: str | None = None,
                    state: State = None) -> Deferral:
    """Defer a donor for a while; the length follows from the reason.

    :param key: a staff session key.
    :param donor_no: the donor number.
    :param reason_code: the deferral reason.
    :param note: what the donor said.
    :returns: the deferral, with its ``deferral_id`` and end date.
    """
    s, err = _who(state, key)
    if err:
        return err
    if donor_no not in state.donors:
        return _err("NOT_FOUND", f"no donor {donor_no}")
    code = reason_code.strip().upper()
    if code not in _DEFERRAL_WEEKS:
        return _err("INVALID_ARGUMENT", f"unknown reason {reason_code}; use one of {', '.join(_DEFERRAL_WEEKS)}")
    if any(x["donor_no"] == donor_no and x["reason_code"] == code and x["status"] == "active"
           for x in state.deferrals.values()):
        return _err("ALREADY_EXISTS", f"donor already deferred for {code}")
    did = f"DF-{_next(state, 'deferral')}"
    until = (_d(TODAY) + timedelta(weeks=_DEFERRAL_WEEKS[code])).isoformat()
    state.deferrals[did] = {"deferral_id": did, "donor_no": donor_no, "reason_code": code, "from_date": TODAY,
                            "until": until, "status": "active", "note": note}
    for a in state.appointments.values():
        if a["donor_no"] == donor_no and a["status"] == "booked" and state.sessions[a["session_id"]]["date"] <= until:
            a["status"] = "cancelled"
    return Deferral(**{k: v for k, v in state.deferrals[did].items() if k != "donor_no"})


def lift_deferral(key: str, donor_no: str, deferral_id: str, note: str, state: State = None) -> DonorRecord:
    """Lift a deferral early, on a clinician's decision (session leads only).

    :param key: a session lead's session key.
    :param donor_no: the donor number.
    :param deferral_id: the deferral.
    :param note: why it is lifted.
    :returns: the donor record.
    """
    s, err = _who(state, key, "lead")
    if err:
        return err
    x = state.deferrals.get(deferral_id)
    if x is None or x["donor_no"] != donor_no:
        return _err("NOT_FOUND", f"donor {donor_no} has no deferral {deferral_id}")
    if x["status"] != "active":
        return _err("FAILED_PRECONDITION", f"deferral {deferral_id} is {x['status']}")
    if not note.strip():
        return _err("INVALID_ARGUMENT", "say why the deferral is lifted")
    x["status"], x["note"] = "lifted", f"{x['note'] or ''} / lifted: {note.strip()}".strip(" /")
    return _record(state, state.donors[donor_no])


def check_travel(country: str, state: State = None) -> list:
    """The deferral a trip abroad leads to.

    :param country: the country visited.
    :returns: ``[country, risk, weeks of deferral after return]``.
    """
    row = _TRAVEL.get(country.strip().lower())
    if row is None:
        return _err("NOT_FOUND", f"no travel advice for {country}; ask the session nurse")
    return list(row)


def stock_levels(blood_group: BloodGroup | None = None, state: State = None) -> list[list]:
    """Days of stock by blood group, with appeals.

    :param blood_group: only this group.
    :returns: rows ``[group, days of stock, appeal]``.
    """
    rows = [["O-", 2.1, True], ["O+", 4.8, False], ["A-", 3.0, True], ["A+", 6.2, False], ["B-", 5.5, False],
            ["B+", 7.4, False], ["AB-", 8.0, False], ["AB+", 9.1, False]]
    if blood_group is None:
        return rows
    g = getattr(blood_group, "value", blood_group)
    return [r for r in rows if r[0] == g]


# --------------------------------------------------------------------------- sessions and appointments


def list_venues(region: Region | None = None, state: State = None) -> list[list]:
    """Donation venues.

    :param region: only venues in this area.
    :returns: rows ``[venue_code, name, town, [donation types]]``.
    """
    return [[v[0], v[1], v[2], list(v[3])] for v in state.venues if region is None or v[2] == region]


def find_sessions(venue_code: str, from_date: str, donation_type: DonationType, to_date: str | None = None,
                  state: State = None) -> list[list]:
    """Sessions at a venue taking a donation type.

    :param venue_code: the venue.
    :param from_date: YYYY-MM-DD, first day to search.
    :param donation_type: ``whole_blood``, ``plasma`` or ``platelets``.
    :param to_date: YYYY-MM-DD, last day (default: eight weeks on).
    :returns: rows ``[session_id, date, venue_code, start, end, free places]``.
    """
    if not any(v[0] == venue_code for v in state.venues):
        return _err("NOT_FOUND", f"no venue {venue_code}")
    kind = getattr(donation_type, "value", donation_type)
    end = to_date or (_d(from_date) + timedelta(weeks=8)).isoformat()
    rows = [[s["session_id"], s["date"], s["venue_code"], s["start"], s["end"], len(_free(state, s["session_id"]))]
            for s in state.sessions.values()
            if s["venue_code"] == venue_code and kind in s["types"] and from_date <= s["date"] <= end]
    return sorted(rows, key=lambda r: r[1])


def list_slots(session_id: str, state: State = None) -> list[str]:
    """Free appointment times at a session.

    :param session_id: the session.
    :returns: times, ``HH:MM``.
    """
    if session_id not in state.sessions:
        return _err("NOT_FOUND", f"no session {session_id}")
    return _free(state, session_id)


def book_appointment(key: str, donor_no: str, session_id: str, time: str,
                     donation_type: DonationType = DonationType.WHOLE_BLOOD, state: State = None) -> Appointment:
    """Book a donor into a session at a free time.

    :param key: a staff session key.
    :param donor_no: the donor number.
    :param session_id: the session.
    :param time: a free time at the session.
    :param donation_type: what the donor will give (whole blood unless said).
    :returns: the appointment with its ``appointment_ref``.
    """
    s, err = _who(state, key)
    if err:
        return err
    d = state.donors.get(donor_no)
    if d is None:
        return _err("NOT_FOUND", f"no donor {donor_no}")
    ses = state.sessions.get(session_id)
    if ses is None:
        return _err("NOT_FOUND", f"no session {session_id}")
    if ses["date"] < TODAY:
        return _err("FAILED_PRECONDITION", f"session {session_id} is over")
    kind = getattr(donation_type, "value", donation_type)
    if kind not in [k.value for k in DonationType]:
        return _err("INVALID_ARGUMENT", f"unknown donation type {kind}")
    if time not in _free(state, session_id):
        return _err("FAILED_PRECONDITION", f"{time} is not free at session {session_id}")
    refusal = _can_donate(state, d, ses, kind)
    if refusal:
        return refusal
    ref = str(_next(state, "appointment"))
    state.appointments[ref] = {"appointment_ref": ref, "donor_no": donor_no, "session_id": session_id, "time": time,
                               "donation_type": kind, "status": "booked"}
    return _appointment(state, state.appointments[ref])


def list_appointments(key: str, donor_no: str, state: State = None) -> list[list]:
    """A donor's appointments.

    :param key: a staff session key.
    :param donor_no: the donor number.
    :returns: rows ``[appointment_ref, date, time, venue_code, donation type, status]``.
    """
    s, err = _who(state, key)
    if err:
        return err
    if donor_no not in state.donors:
        return _err("NOT_FOUND", f"no donor {donor_no}")
    rows = []
    for a in state.appointments.values():
        if a["donor_no"] == donor_no:
            ses = state.sessions[a["session_id"]]
            rows.append([a["appointment_ref"], ses["date"], a["time"], ses["venue_code"], a["donation_type"],
                         a["status"]])
    return rows


def reschedule_appointment(key: str, appointment_ref: str, session_id: str, time: str,
                           state: State = None) -> Appointment:
    """Move a booked appointment to another session or time.

    :param key: a staff session key.
    :param appointment_ref: the appointment.
    :param session_id: the new session.
    :param time: a free time there.
    :returns: the new appointment (the old one is marked moved).
    """
    s, err = _who(state, key)
    if err:
        return err
    a = state.appointments.get(appointment_ref)
    if a is None:
        return _err("NOT_FOUND", f"no appointment {appointment_ref}")
    if a["status"] != "booked":
        return _err("FAILED_PRECONDITION", f"appointment {appointment_ref} is {a['status']}")
    if (a["session_id"], a["time"]) == (session_id, time):
        return _err("INVALID_ARGUMENT", "that is the appointment's current time")
    ses = state.sessions.get(session_id)
    if ses is None:
        return _err("NOT_FOUND", f"no session {session_id}")
    if ses["date"] < TODAY:
        return _err("FAILED_PRECONDITION", f"session {session_id} is over")
    if time not in _free(state, session_id):
        return _err("FAILED_PRECONDITION", f"{time} is not free at session {session_id}")
    refusal = _can_donate(state, state.donors[a["donor_no"]], ses, a["donation_type"], skip=appointment_ref)
    if refusal:
        return refusal
    a["status"] = "moved"
    ref = str(_next(state, "appointment"))
    state.appointments[ref] = {"appointment_ref": ref, "donor_no": a["donor_no"], "session_id": session_id,
                               "time": time, "donation_type": a["donation_type"], "status": "booked"}
    return _appointment(state, state.appointments[ref])


def cancel_appointment(key: str, appointment_ref: str, reason: str, state: State = None) -> str:
    """Cancel a booked appointment.

    :param key: a staff session key.
    :param appointment_ref: the appointment.
    :param reason: why, as the donor put it.
    :returns: a confirmation.
    """
    s, err = _who(state, key)
    if err:
        return err
    a = state.appointments.get(appointment_ref)
    if a is None:
        return _err("NOT_FOUND", f"no appointment {appointment_ref}")
    if a["status"] != "booked":
        return _err("FAILED_PRECONDITION", f"appointment {appointment_ref} is {a['status']}")
    a["status"] = "cancelled"
    ses = state.sessions[a["session_id"]]
    return f"Appointment {appointment_ref} on {ses['date']} at {a['time']} cancelled ({reason.strip() or 'no reason'})."


# --------------------------------------------------------------------------- on the day


def open_session(key: str, session_id: str, state: State = None) -> SessionDay:
    """Open today's session so donors can be checked in (session leads only).

    :param key: a session lead's session key.
    :param session_id: the session.
    :returns: the session day.
    """
    s, err = _who(state, key, "lead")
    if err:
        return err
    ses = state.sessions.get(session_id)
    if ses is None:
        return _err("NOT_FOUND", f"no session {session_id}")
    if ses["date"] != TODAY:
        return _err("FAILED_PRECONDITION", f"session {session_id} is on {ses['date']}")
    if ses["status"] != "scheduled":
        return _err("ALREADY_EXISTS", f"session {session_id} is already {ses['status']}")
    ses["status"], ses["opened_by"] = "open", s["name"]
    return _session_day(state, ses)


def _session_day(state, ses):
    appts = [a for a in state.appointments.values() if a["session_id"] == ses["session_id"]]
    return SessionDay(session_id=ses["session_id"], date=ses["date"], venue_code=ses["venue_code"],
                      status=ses["status"], booked=sum(1 for a in appts if a["status"] == "booked"),
                      checked_in=sum(1 for a in appts if a["status"] not in ("booked", "cancelled", "moved", "dna")),
                      opened_by=ses["opened_by"])


def session_register(key: str, session_id: str, state: State = None) -> list[list]:
    """The day's register of a session.

    :param key: a staff session key.
    :param session_id: the session.
    :returns: rows ``[appointment_ref, time, donor_no, donor name, status]`` by time.
    """
    s, err = _who(state, key)
    if err:
        return err
    if session_id not in state.sessions:
        return _err("NOT_FOUND", f"no session {session_id}")
    rows = []
    for a in state.appointments.values():
        if a["session_id"] == session_id and a["status"] not in ("cancelled", "moved"):
            d = state.donors[a["donor_no"]]
            rows.append([a["appointment_ref"], a["time"], a["donor_no"], f"{d['first_name']} {d['surname']}",
                         a["status"]])
    return sorted(rows, key=lambda r: r[1])


def _on_the_day(state, appointment_ref, *statuses):
    a = state.appointments.get(appointment_ref)
    if a is None:
        return None, _err("NOT_FOUND", f"no appointment {appointment_ref}")
    ses = state.sessions[a["session_id"]]
    if ses["status"] != "open":
        return None, _err("FAILED_PRECONDITION", f"session {ses['session_id']} is not open")
    if statuses and a["status"] not in statuses:
        return None, _err("FAILED_PRECONDITION", f"appointment {appointment_ref} is {a['status']}")
    return a, None


def check_in(key: str, appointment_ref: str, state: State = None) -> str:
    """Check a booked donor in at an open session.

    :param key: a nurse's or session lead's session key.
    :param appointment_ref: the appointment.
    :returns: a confirmation.
    """
    s, err = _who(state, key, "nurse", "lead")
    if err:
        return err
    a, err = _on_the_day(state, appointment_ref, "booked")
    if err:
        return err
    a["status"] = "checked_in"
    d = state.donors[a["donor_no"]]
    return f"{d['first_name']} {d['surname']} checked in for {a['time']} (appointment {appointment_ref})."


def walk_in(key: str, session_id: str, donor_no: str, state: State = None) -> Appointment:
    """Take an eligible donor without an appointment at an open session; they are checked in at once.

    :param key: a nurse's or session lead's session key.
    :param session_id: today's session.
    :param donor_no: the donor number.
    :returns: the walk-in appointment, already checked in.
    """
    s, err = _who(state, key, "nurse", "lead")
    if err:
        return err
    ses = state.sessions.get(session_id)
    if ses is None:
        return _err("NOT_FOUND", f"no session {session_id}")
    if ses["status"] != "open":
        return _err("FAILED_PRECONDITION", f"session {session_id} is not open")
    d = state.donors.get(donor_no)
    if d is None:
        return _err("NOT_FOUND", f"no donor {donor_no}")
    refusal = _can_donate(state, d, ses, "whole_blood")
    if refusal:
        return refusal
    ref = str(_next(state, "appointment"))
    state.appointments[ref] = {"appointment_ref": ref, "donor_no": donor_no, "session_id": session_id,
                               "time": "walk-in", "donation_type": "whole_blood", "status": "checked_in"}
    return _appointment(state, state.appointments[ref])


def record_health_check(key: str, appointment_ref: str, weight_kg: float, pulse: int, yes_answers: list[str],
                        state: State = None) -> HealthCheck:
    """Record the donor health check of a checked-in donor.

    :param key: a nurse's or session lead's session key.
    :param appointment_ref: the appointment.
    :param weight_kg: the donor's weight.
    :param pulse: beats a minute.
    :param yes_answers: the codes of the questions the donor answered yes to (empty when none).
    :returns: the health check and its outcome, ``proceed`` or ``defer``.
    """
    s, err = _who(state, key, "nurse", "lead")
    if err:
        return err
    a, err = _on_the_day(state, appointment_ref, "checked_in")
    if err:
        return err
    codes = [x.strip().upper() for x in yes_answers]
    bad = [x for x in codes if x not in _QUESTIONS]
    if bad:
        return _err("INVALID_ARGUMENT", f"unknown question codes {', '.join(bad)}; codes are {', '.join(_QUESTIONS)}")
    if appointment_ref in state.checks:
        return _err("ALREADY_EXISTS", "health check already recorded")
    outcome = "defer" if weight_kg < 50 or not 50 <= pulse <= 100 or any(x in _DEFER_ANSWERS for x in codes) \
        else "proceed"
    state.checks[appointment_ref] = {"weight_kg": weight_kg, "pulse": pulse, "yes_answers": codes, "outcome": outcome}
    if outcome == "defer":
        a["status"] = "deferred"
    return HealthCheck(appointment_ref=appointment_ref, weight_kg=weight_kg, pulse=pulse, yes_answers=codes,
                       outcome=outcome)


def record_haemoglobin(key: str, appointment_ref: str, hb_g_dl: float, state: State = None) -> bool:
    """Record the haemoglobin test after a health check that allows donation.

    :param key: a nurse's or session lead's session key.
    :param appointment_ref: the appointment.
    :param hb_g_dl: haemoglobin in g/dL.
    :returns: True when the donor may donate.
    """
    s, err = _who(state, key, "nurse", "lead")
    if err:
        return err
    a, err = _on_the_day(state, appointment_ref, "checked_in")
    if err:
        return err
    chk = state.checks.get(appointment_ref)
    if chk is None:
        return _err("FAILED_PRECONDITION", "record the health check first")
    if not 5.0 <= hb_g_dl <= 22.0:
        return _err("INVALID_ARGUMENT", "haemoglobin must be 5 to 22 g/dL")
    passed = hb_g_dl >= _HB_MIN[state.donors[a["donor_no"]]["sex"]]
    state.hb[appointment_ref] = passed
    if not passed:
        a["status"] = "hb_fail"
    return passed


def start_donation(key: str, appointment_ref: str, arm: Arm, state: State = None) -> str:
    """Start the donation: a pack is labelled with a donation number.

    :param key: a nurse's or session lead's session key.
    :param appointment_ref: the appointment.
    :param arm: the arm the needle goes in.
    :returns: the donation number on the pack.
    """
    s, err = _who(state, key, "nurse", "lead")
    if err:
        return err
    a, err = _on_the_day(state, appointment_ref, "checked_in")
    if err:
        return err
    if not state.hb.get(appointment_ref):
        return _err("FAILED_PRECONDITION", "no passed haemoglobin test for this appointment")
    if arm not in ("left", "right"):
        return _err("INVALID_ARGUMENT", "arm must be left or right")
    no = f"G0812 27 {_next(state, 'donation')}"
    a["status"] = "donating"
    state.donations[no] = {"donation_no": no, "donor_no": a["donor_no"], "appointment_ref": appointment_ref,
                           "donation_type": a["donation_type"], "arm": arm, "status": "in_progress",
                           "volume_ml": None, "minutes": None}
    return no


def complete_donation(key: str, donation_no: str, volume_ml: int, minutes: int, state: State = None) -> Donation:
    """Finish a donation.

    :param key: a nurse's or session lead's session key.
    :param donation_no: the donation number.
    :param volume_ml: volume collected.
    :param minutes: how long the bleed took.
    :returns: the donation.
    """
    s, err = _who(state, key, "nurse", "lead")
    if err:
        return err
    x = state.donations.get(donation_no)
    if x is None:
        return _err("NOT_FOUND", f"no donation {donation_no}")
    if x["status"] != "in_progress":
        return _err("FAILED_PRECONDITION", f"donation {donation_no} is {x['status']}")
    if not 200 <= volume_ml <= 550:
        return _err("INVALID_ARGUMENT", "volume must be 200 to 550 ml")
    x.update(status="complete", volume_ml=volume_ml, minutes=minutes)
    state.appointments[x["appointment_ref"]]["status"] = "donated"
    d = state.donors[x["donor_no"]]
    d["count"] += 1
    d["donations"].insert(0, [TODAY, x["donation_type"], state.sessions[state.appointments[x["appointment_ref"]]
                                                                        ["session_id"]]["venue_code"]])
    return Donation(**x)


def abandon_donation(key: str, donation_no: str, reason: str, state: State = None) -> Donation:
    """Stop a donation that cannot be finished (slow flow, the donor unwell).

    :param key: a nurse's or session lead's session key.
    :param donation_no: the donation number.
    :param reason: what happened.
    :returns: the donation.
    """
    s, err = _who(state, key, "nurse", "lead")
    if err:
        return err
    x = state.donations.get(donation_no)
    if x is None:
        return _err("NOT_FOUND", f"no donation {donation_no}")
    if x["status"] != "in_progress":
        return _err("FAILED_PRECONDITION", f"donation {donation_no} is {x['status']}")
    if not reason.strip():
        return _err("INVALID_ARGUMENT", "say why")
    x["status"] = "abandoned"
    state.appointments[x["appointment_ref"]]["status"] = "abandoned"
    return Donation(**x)


def record_adverse_event(key: str, donation_no: str, severity: Severity, description: str,
                         state: State = None) -> str:
    """Record a donor's reaction (faint, bruise, nerve pain) during or after a donation.

    :param key: a nurse's or session lead's session key.
    :param donation_no: the donation number.
    :param severity: 1 mild, 2 moderate, 3 severe.
    :param description: what happened and what was done.
    :returns: a confirmation with the event reference.
    """
    s, err = _who(state, key, "nurse", "lead")
    if err:
        return err
    if donation_no not in state.donations:
        return _err("NOT_FOUND", f"no donation {donation_no}")
    try:
        sev = Severity(int(severity))
    except (TypeError, ValueError):
        return _err("INVALID_ARGUMENT", "severity must be 1, 2 or 3")
    if len(description.strip()) < 10:
        return _err("INVALID_ARGUMENT", "describe the event")
    ref = f"AE-{_next(state, 'event')}"
    state.events.append({"ref": ref, "donation_no": donation_no, "severity": int(sev), "description": description})
    return f"Adverse event {ref} ({sev.name.lower()}) recorded against donation {donation_no}."


def refer_to_doctor(key: str, appointment_ref: str, reason: str, state: State = None) -> str:
    """Refer a checked-in donor to the session doctor.

    :param key: a nurse's or session lead's session key.
    :param appointment_ref: the appointment.
    :param reason: the question for the doctor.
    :returns: a confirmation.
    """
    s, err = _who(state, key, "nurse", "lead")
    if err:
        return err
    a, err = _on_the_day(state, appointment_ref, "checked_in")
    if err:
        return err
    if not reason.strip():
        return _err("INVALID_ARGUMENT", "give the doctor a question")
    state.referrals.append([appointment_ref, reason.strip()])
    return f"Appointment {appointment_ref} referred to the session doctor: {reason.strip()}"


def record_did_not_attend(key: str, appointment_ref: str, state: State = None) -> str:
    """Mark a booked donor who did not come as did-not-attend (session leads only).

    :param key: a session lead's session key.
    :param appointment_ref: the appointment.
    :returns: a confirmation.
    """
    s, err = _who(state, key, "lead")
    if err:
        return err
    a, err = _on_the_day(state, appointment_ref, "booked")
    if err:
        return err
    a["status"] = "dna"
    return f"Appointment {appointment_ref} marked did not attend."


def close_session(key: str, session_id: str, state: State = None) -> SessionSummary:
    """Close an open session once no donation is in progress; booked donors not seen are marked
    did-not-attend (session leads only).

    :param key: a session lead's session key.
    :param session_id: the session.
    :returns: the day's summary.
    """
    s, err = _who(state, key, "lead")
    if err:
        return err
    ses = state.sessions.get(session_id)
    if ses is None:
        return _err("NOT_FOUND", f"no session {session_id}")
    if ses["status"] != "open":
        return _err("FAILED_PRECONDITION", f"session {session_id} is {ses['status']}")
    appts = [a for a in state.appointments.values() if a["session_id"] == session_id]
    if any(a["status"] == "donating" for a in appts):
        return _err("FAILED_PRECONDITION", "a donation is still in progress")
    for a in appts:
        if a["status"] in ("booked", "checked_in"):
            a["status"] = "dna"
    ses["status"] = "closed"
    return SessionSummary(session_id=session_id, donations=sum(1 for a in appts if a["status"] == "donated"),
                          abandoned=sum(1 for a in appts if a["status"] == "abandoned"),
                          did_not_attend=sum(1 for a in appts if a["status"] == "dna"),
                          deferred=sum(1 for a in appts if a["status"] in ("deferred", "hb_fail")),
                          closed_by=s["name"])


# --------------------------------------------------------------------------- history and messages


def donation_history(key: str, donor_no: str, state: State = None) -> list[list]:
    """A donor's past donations, newest first.

    :param key: a staff session key.
    :param donor_no: the donor number.
    :returns: rows ``[date, donation type, venue_code]``.
    """
    s, err = _who(state, key)
    if err:
        return err
    d = state.donors.get(donor_no)
    if d is None:
        return _err("NOT_FOUND", f"no donor {donor_no}")
    return [list(x) for x in d["donations"]]


def award_milestone(key: str, donor_no: str, milestone: int, state: State = None) -> str:
    """Award a donor the certificate and pin for a number of donations.

    :param key: a staff session key.
    :param donor_no: the donor number.
    :param milestone: the number of donations reached.
    :returns: a confirmation.
    """
    s, err = _who(state, key)
    if err:
        return err
    d = state.donors.get(donor_no)
    if d is None:
        return _err("NOT_FOUND", f"no donor {donor_no}")
    if milestone not in _MILESTONES:
        return _err("INVALID_ARGUMENT", f"milestones are {', '.join(map(str, _MILESTONES))} donations")
    if d["count"] < milestone:
        return _err("FAILED_PRECONDITION", f"donor has given {d['count']} times, not {milestone}")
    if milestone in d["milestones"]:
        return _err("ALREADY_EXISTS", f"the {milestone} award was already made")
    d["milestones"].append(milestone)
    return f"{d['first_name']} {d['surname']} awarded the {milestone} donations pin; the certificate goes by post."


def send_message(key: str, donor_nos: list[str], channel: Channel, body: str, state: State = None) -> str:
    """Send a message to one or more donors.

    :param key: a staff session key.
    :param donor_nos: the donor numbers.
    :param channel: ``sms``, ``email`` or ``post``.
    :param body: the message.
    :returns: a confirmation with the message reference.
    """
    s, err = _who(state, key)
    if err:
        return err
    if not donor_nos:
        return _err("INVALID_ARGUMENT", "name at least one donor")
    if channel not in ("sms", "email", "post"):
        return _err("INVALID_ARGUMENT", "channel must be sms, email or post")
    for no in donor_nos:
        d = state.donors.get(no)
        if d is None:
            return _err("NOT_FOUND", f"no donor {no}")
        if channel == "email" and not d["email"]:
            return _err("FAILED_PRECONDITION", f"donor {no} has no e-mail address on file")
    if len(body.strip()) < 5:
        return _err("INVALID_ARGUMENT", "the message is empty")
    ref = f"MSG-{_next(state, 'message')}"
    state.messages.append({"ref": ref, "to": list(donor_nos), "channel": channel, "body": body})
    return f"Message {ref} sent by {channel} to {len(donor_nos)} donor{'s' if len(donor_nos) > 1 else ''}."


TOOLS = [
    staff_login, staff_logout, find_donor, enrol_donor, get_donor, update_contact, set_reminders,
    set_preferred_venue, record_deferral, lift_deferral, check_travel, stock_levels,
    list_venues, find_sessions, list_slots, book_appointment, list_appointments, reschedule_appointment,
    cancel_appointment, open_session, session_register, check_in, walk_in, record_health_check,
    record_haemoglobin, start_donation, complete_donation, abandon_donation, record_adverse_event,
    refer_to_doctor, record_did_not_attend, close_session, donation_history, award_milestone, send_message,
]

FIXTURES = {
    "service": {"region": "Yorkshire", "today": "Thursday 14 October 2027"},
    "staff": [
        {"name": "Priya Shah", "role": "donor line", "staff_id": "NW4417", "pin": "2604"},
        {"name": "Gareth Lloyd", "role": "session nurse", "staff_id": "NW5120", "pin": "8817"},
        {"name": "Helen Marsh", "role": "session lead, Leeds Donor Centre", "staff_id": "NW5033", "pin": "3390"},
    ],
    "callers": [
        {"name": "Daniel Okafor", "date_of_birth": "1988-04-12", "postcode": "LS6 2QT"},
        {"name": "Siobhan Clarke", "date_of_birth": "1995-09-23"},
        {"name": "Arthur Bennett", "date_of_birth": "1961-02-02", "says": "the doctor cleared me after Kenya"},
        {"name": "Fatima Haidari", "new_email": "fatima.haidari@example.com"},
        {"name": "Tom Whitaker", "new_mobile": "07700 900 871"},
        {"name": "Kwame Mensah", "new_donor": {"date_of_birth": "1996-07-15", "sex": "M", "postcode": "LS7 3HB",
                                               "mobile": "07700 900 412", "email": "kwame.m@example.com"}},
    ],
}

_KEY = "auth: staff session key (bare string from staff_login)"
_DONOR = "id lookup/create: donor number (row [0] of a found donor, or donor_no of the enrolment)"
_SESSION = "id lookup: session id (row [0] of find_sessions)"
_AT_SESSION = "id lookup/create: appointment reference (row [0] of the register, or of the walk-in)"

_SIGNED_IN = [
    "staff_logout", "find_donor", "enrol_donor", "get_donor", "update_contact", "set_reminders",
    "set_preferred_venue", "record_deferral", "lift_deferral", "book_appointment", "list_appointments",
    "reschedule_appointment", "cancel_appointment", "open_session", "session_register", "check_in", "walk_in",
    "record_health_check", "record_haemoglobin", "start_donation", "complete_donation", "abandon_donation",
    "record_adverse_event", "refer_to_doctor", "record_did_not_attend", "close_session", "donation_history",
    "award_milestone", "send_message",
]

GROUND_TRUTH = (
    [("staff_login", c, _KEY) for c in _SIGNED_IN]
    + [("find_donor|enrol_donor", c, _DONOR) for c in [
        "get_donor", "update_contact", "set_reminders", "set_preferred_venue", "record_deferral", "lift_deferral",
        "book_appointment", "list_appointments", "walk_in", "donation_history", "send_message"]]
    + [("find_sessions", c, _SESSION) for c in [
        "list_slots", "book_appointment", "reschedule_appointment", "open_session", "session_register", "walk_in",
        "close_session"]]
    + [("book_appointment|list_appointments", c,
        "id lookup/create: appointment reference (appointment_ref of the booking, or row [0] of the donor's list)")
       for c in ["reschedule_appointment", "cancel_appointment"]]
    + [("session_register|walk_in", c, _AT_SESSION) for c in [
        "record_health_check", "record_haemoglobin", "start_donation", "refer_to_doctor"]]
    + [("open_session", c, "state: the session open") for c in [
        "check_in", "walk_in", "record_did_not_attend", "close_session"]]
    + [("start_donation", c, "id create: donation number (bare string)") for c in [
        "complete_donation", "abandon_donation", "record_adverse_event"]]
    + [
        ("find_donor", "award_milestone", "id lookup: donor number (row [0] of a found donor)"),
        ("get_donor|record_deferral", "lift_deferral",
         "id lookup/create: deferral id (deferrals[i].deferral_id, or of the new deferral)"),
        ("list_venues", "find_sessions", "vocabulary: venue code (row [0])"),
        ("list_venues", "set_preferred_venue", "vocabulary: venue code (row [0])"),
        ("list_slots", "book_appointment", "vocabulary: a free time at the session"),
        ("list_slots", "reschedule_appointment", "vocabulary: a free time at the session"),
        ("session_register|book_appointment", "check_in",
         "id lookup/create: appointment reference (row [0] of the register, or of today's booking)"),
        ("session_register", "record_did_not_attend", "id lookup: appointment reference (row [0] of the register)"),
        ("check_in", "record_health_check", "state: the donor checked in"),
        ("check_in", "refer_to_doctor", "state: the donor checked in"),
        ("record_health_check", "record_haemoglobin", "state: a health check allowing donation"),
        ("record_haemoglobin", "start_donation", "state: a passed haemoglobin test"),
        ("complete_donation", "award_milestone", "state: the donation count reaching the milestone"),
        ("update_contact", "send_message", "state: an e-mail address on file"),
        ("update_contact", "set_reminders", "state: an e-mail address on file"),
        ("lift_deferral", "book_appointment", "state: the donor's active deferral lifted"),
    ]
)

PLAUSIBLE = {
    ("get_donor", "book_appointment"), ("check_travel", "record_deferral"), ("stock_levels", "send_message"),
    ("find_donor", "find_sessions"), ("get_donor", "find_sessions"), ("get_donor", "send_message"),
    ("list_appointments", "check_in"), ("donation_history", "award_milestone"), ("get_donor", "award_milestone"),
    ("find_sessions", "check_in"), ("find_sessions", "record_did_not_attend"), ("session_register", "close_session"),
    ("complete_donation", "close_session"), ("check_in", "record_haemoglobin"), ("check_in", "start_donation"),
    ("record_health_check", "start_donation"), ("get_donor", "update_contact"), ("list_slots", "walk_in"),
    ("list_venues", "list_slots"), ("record_deferral", "book_appointment"), ("get_donor", "reschedule_appointment"),
    ("find_donor", "session_register"), ("walk_in", "check_in"), ("session_register", "walk_in"),
    ("list_appointments", "record_health_check"), ("start_donation", "close_session"),
}
