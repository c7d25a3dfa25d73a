"""Redcell: the transfusion laboratory system of a hospital blood bank, as its Python API exposes it (42 calls).

Plain functions over an in-memory ``State`` of the blood transfusion laboratory at St Aldhelm's
Hospital on Tuesday 9 November 2027 at 14:20: staff sign-on at the workstation and second-checker
witnessing; patients (hospital numbers, emergency registrations, merges); samples, ABO/RhD
grouping, antibody screens and identification, special requirements; blood stock (components,
donation numbers, stock searches page by page, deliveries from the blood service, quarantine,
discards); fridges and remote issue; transfusion requests, crossmatching, allocation and labels,
issue, bedside checks, transfusion episodes, observations, reactions and returns; traceability;
the major haemorrhage protocol; anti-D immunoglobulin.

The API is a thin layer over the laboratory's HL7 interface engine, and it answers the way the
engine does. Every call that *changes* something is a message and gets an acknowledgement: a dict
with ``ack`` ``"AA"`` (application accept) and the result, or ``"AE"`` (application error: a
business rule refused it) or ``"AR"`` (application reject: the message was malformed, a field has
the wrong type or format, or nobody is signed on), with an HL7-style ``err`` (``code``, ``text``).
Those refusals are *returned*, never raised (``FAILURE``). Enquiries that only read are plain
calls: they answer bare values (a blood group, a count), rows as lists of lists, or a record, and
*raise* when they cannot (``NotSignedOn``, a ``PermissionError``; ``LookupError``; ``ValueError``).

Signing on is workstation state: ``sign_on`` makes its user the one every later call runs as, until
``sign_off`` or another ``sign_on``. Laboratory work needs a biomedical scientist (BMS); bedside
work and transfusion episodes need a registered nurse or midwife (RN). ``witness_check`` records a
second checker by staff number and PIN and answers a witness reference for the bedside check and
for anti-D.

Formats: hospital numbers ``SAHnnnnnnn`` (emergency registrations ``U27-nnnn``), sample numbers
``YY.MMDD.nnnn``, donation numbers (DIN) ``G0712 27 418201`` (spaces optional), dates of birth and
event dates ``DD/MM/YYYY``, HL7 timestamps ``YYYYMMDDHHMM``. Docstrings are Google style.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as
provider means either tool satisfies it, and the text of ``what`` before its first ``:`` is the
kind.
"""

import copy
import re
from enum import Enum
from typing import List, Literal, Optional

NOW = "202711091420"
TODAY = "20271109"

SampleType = Literal["GS", "XM", "DAT", "FMH"]


class ABO(str, Enum):
    O = "O"
    A = "A"
    B = "B"
    AB = "AB"


class RhD(str, Enum):
    POS = "POS"
    NEG = "NEG"


class ScreenResult(str, Enum):
    NEGATIVE = "NEGATIVE"
    POSITIVE = "POSITIVE"


class XmMethod(str, Enum):
    ELECTRONIC = "ELECTRONIC"
    SEROLOGICAL = "SEROLOGICAL"


class SpecialRequirement(str, Enum):
    IRRADIATED = "IRRADIATED"
    CMV_NEGATIVE = "CMV_NEGATIVE"
    HEV_NEGATIVE = "HEV_NEGATIVE"


class ReactionType(str, Enum):
    FEBRILE = "FEBRILE"
    ALLERGIC = "ALLERGIC"
    ANAPHYLAXIS = "ANAPHYLAXIS"
    TACO = "TACO"
    TRALI = "TRALI"
    HAEMOLYTIC = "HAEMOLYTIC"


class Severity(str, Enum):
    MILD = "MILD"
    MODERATE = "MODERATE"
    SEVERE = "SEVERE"


class DiscardReason(str, Enum):
    EXPIRED = "EXPIRED"
    DAMAGED = "DAMAGED"
    OUT_OF_TEMPERATURE = "OUT_OF_TEMPERATURE"
    RETURNED_LATE = "RETURNED_LATE"
    RECALLED = "RECALLED"


class NotSignedOn(PermissionError):
    """No user is signed on at the workstation, or the user's role may not do this."""


# Indication codes are the national ones; the API documents them nowhere but in its refusal.
_INDICATIONS = {"RCC": ("R1", "R2", "R3", "R4"), "FFP": ("F1", "F2", "F3", "F4"), "PLT": ("P1", "P2", "P3"),
                "CRYO": ("C1", "C2")}
# Antibody specificities the laboratory reports, and the antigen a unit must lack for each.
_ANTIBODIES = {"anti-D": "D-", "anti-C": "C-", "anti-c": "c-", "anti-E": "E-", "anti-e": "e-", "anti-K": "K-",
               "anti-Fya": "Fya-", "anti-Jka": "Jka-", "anti-M": "M-", "anti-S": "S-"}
_REQ_FLAG = {"IRRADIATED": "IRR", "CMV_NEGATIVE": "CMV-", "HEV_NEGATIVE": "HEV-"}
_COMPAT = {"O": {"O"}, "A": {"A", "O"}, "B": {"B", "O"}, "AB": {"AB", "A", "B", "O"}}
_PAGE = 4


def FAILURE(reply) -> bool:  # noqa: N802 - the name the oracle looks for
    """A Redcell refusal: an acknowledgement that is not ``AA`` (``AE`` or ``AR``)."""
    return isinstance(reply, dict) and reply.get("ack") in ("AE", "AR")


def _unit(comp, abo, rhd, expiry, flags=(), status="available", location="LAB-F1", volume=280, patient=None,
          xm=None):
    return {"component": comp, "abo": abo, "rhd": rhd, "expiry": expiry, "flags": list(flags), "status": status,
            "location": location, "volume_ml": volume, "patient": patient, "xm": xm, "events": [],
            "consignment": None}


class State:
    """St Aldhelm's Hospital blood transfusion laboratory, Tuesday 9 November 2027, 14:20."""

    def __init__(self) -> None:
        self.staff = {
            "praman": {"name": "Priya Raman", "role": "BMS", "password": "Rh-Kell-2027!", "staff_number": "B40917",
                       "pin": "5521"},
            "mlewis": {"name": "Marcus Lewis", "role": "BMS", "password": "Coombs#Lab4", "staff_number": "B41022",
                       "pin": "8834"},
            "ntaylor": {"name": "Nia Taylor", "role": "RN", "password": "Ward12-Bleep-4410", "staff_number": "N22871",
                        "pin": "3390"},
            "gboateng": {"name": "George Boateng", "role": "RN", "password": "Obs-Round-66", "staff_number": "N23310",
                         "pin": "6157"},
            "sdavies": {"name": "Sian Davies", "role": "RN", "password": "Midwife-DS-2027", "staff_number": "M10554",
                        "pin": "7702"},
        }
        self.session = None
        self.witnesses = {}
        self.patients = {
            "SAH1042277": {"surname": "OKONKWO", "forename": "Adaeze", "sex": "F", "dob": "14/03/1961",
                           "nhs_number": "9434765919", "ward": "Ward 7 (Haematology)",
                           "group_history": [["27.0412.0087", "O", "POS"], ["27.1109.0031", "O", "POS"]],
                           "antibodies": [], "requirements": [],
                           "transfusions": [], "merged_from": []},
            "SAH1038814": {"surname": "FERREIRA", "forename": "Tomas", "sex": "M", "dob": "02/07/1948",
                           "nhs_number": "4857730126", "ward": "Ward 12 (Surgical)",
                           "group_history": [["26.0915.0233", "A", "POS"], ["27.0301.0419", "A", "POS"],
                                             ["27.1109.0018", "A", "POS"]],
                           "antibodies": [], "requirements": [], "transfusions": [], "merged_from": []},
            "SAH1051190": {"surname": "WALSH", "forename": "Niamh", "sex": "F", "dob": "22/09/1994",
                           "nhs_number": "6120448830", "ward": "Delivery Suite",
                           "group_history": [["27.0514.0302", "O", "NEG"], ["27.0820.0145", "O", "NEG"]],
                           "antibodies": [], "requirements": [], "transfusions": [], "merged_from": []},
            "SAH1060032": {"surname": "BAKER", "forename": "Chloe", "sex": "F", "dob": "05/05/1999",
                           "nhs_number": "7310925584", "ward": "Delivery Suite", "group_history": [],
                           "antibodies": [], "requirements": [], "transfusions": [], "merged_from": []},
            "SAH0987712": {"surname": "HUGHES", "forename": "Gareth", "sex": "M", "dob": "30/11/1955",
                           "nhs_number": "5029917743", "ward": "Ward 4 (Cardiology)",
                           "group_history": [["27.1012.0051", "B", "POS"], ["27.1108.0102", "B", "POS"]],
                           "antibodies": [], "requirements": ["IRRADIATED"],
                           "transfusions": [["G0712 27 397114", "20271012", "TRANSFUSED"]], "merged_from": []},
            "SAH1022208": {"surname": "PATEL", "forename": "Ravi", "sex": "M", "dob": "19/01/1972",
                           "nhs_number": "3387104452", "ward": "Emergency Department", "group_history": [],
                           "antibodies": [], "requirements": [], "transfusions": [], "merged_from": []},
            "SAH1022391": {"surname": "PATEL", "forename": "Rina", "sex": "F", "dob": "08/12/1980",
                           "nhs_number": "3387551208", "ward": "Ward 9 (Gynaecology)", "group_history": [],
                           "antibodies": [], "requirements": [], "transfusions": [], "merged_from": []},
        }
        self.samples = {
            "27.1109.0031": {"mrn": "SAH1042277", "type": "GS", "collected": "202711090810", "collector": "N20114",
                             "group": ["O", "POS"], "screen": None, "antibodies": []},
            "27.1109.0018": {"mrn": "SAH1038814", "type": "GS", "collected": "202711090645", "collector": "N22871",
                             "group": ["A", "POS"], "screen": "NEGATIVE", "antibodies": []},
            "27.1109.0044": {"mrn": "SAH1060032", "type": "GS", "collected": "202711091150", "collector": "M10554",
                             "group": None, "screen": None, "antibodies": []},
            "27.1108.0102": {"mrn": "SAH0987712", "type": "GS", "collected": "202711081530", "collector": "N19902",
                             "group": ["B", "POS"], "screen": "NEGATIVE", "antibodies": []},
            "27.0820.0145": {"mrn": "SAH1051190", "type": "GS", "collected": "202708200930", "collector": "M10554",
                             "group": ["O", "NEG"], "screen": "NEGATIVE", "antibodies": []},
        }
        self.components = [["RCC", "Red cells in additive solution", "2-6 C", 35],
                           ["FFP", "Fresh frozen plasma", "-25 C or below", 730],
                           ["PLT", "Platelets, apheresis", "20-24 C, agitated", 7],
                           ["CRYO", "Cryoprecipitate, pooled", "-25 C or below", 730]]
        u = {
            "G071227418201": _unit("RCC", "O", "POS", "20271128", ["K-", "E-"]),
            "G071227418202": _unit("RCC", "O", "POS", "20271124", ["K-"]),
            "G071227418203": _unit("RCC", "O", "POS", "20271130", ["K-", "E-", "c-"]),
            "G071227418204": _unit("RCC", "O", "POS", "20271120", []),
            "G071227418210": _unit("RCC", "A", "POS", "20271126", ["K-"]),
            "G071227418211": _unit("RCC", "A", "POS", "20271201", ["K-", "E-"]),
            "G071227418212": _unit("RCC", "A", "POS", "20271203", ["K-"]),
            "G071227418220": _unit("RCC", "O", "NEG", "20271125", ["K-", "EMERG"], status="emergency_stock",
                                   location="ED-SF1"),
            "G071227418221": _unit("RCC", "O", "NEG", "20271127", ["K-", "EMERG"], status="emergency_stock",
                                   location="ED-SF1"),
            "G071227418222": _unit("RCC", "O", "NEG", "20271129", ["K-", "CMV-"]),
            "G071227418230": _unit("RCC", "B", "POS", "20271122", ["K-", "IRR"], status="allocated",
                                   patient="SAH0987712", xm="XM27-0511"),
            "G071227418231": _unit("RCC", "B", "POS", "20271125", ["K-"]),
            "G071227418232": _unit("RCC", "B", "POS", "20271202", ["K-", "IRR"]),
            "G071227418240": _unit("RCC", "O", "POS", "20271108", ["K-"], location="LAB-F2"),
            "G071227418250": _unit("RCC", "O", "POS", "20271214", ["K-", "E-"], status="in_transit", location=None),
            "G071227418251": _unit("RCC", "A", "NEG", "20271213", ["K-"], status="in_transit", location=None),
            "G071227418252": _unit("RCC", "O", "NEG", "20271215", ["K-", "CMV-"], status="in_transit", location=None),
            "G071227550101": _unit("FFP", "A", "POS", "20290301", [], location="LAB-FZ1", volume=300),
            "G071227550102": _unit("FFP", "O", "POS", "20290214", [], location="LAB-FZ1", volume=300),
            "G071227550103": _unit("FFP", "AB", "POS", "20290120", [], location="LAB-FZ1", volume=300),
            "G071227660011": _unit("PLT", "A", "POS", "20271112", [], location="LAB-PA1", volume=220),
            "G071227397114": _unit("RCC", "B", "POS", "20271030", ["K-", "IRR"], status="transfused",
                                   location=None, patient="SAH0987712", xm="XM27-0377"),
        }
        for din in ("G071227418250", "G071227418251", "G071227418252"):
            u[din]["consignment"] = "NHSBT-CN-88120"
        u["G071227397114"]["events"] = [["202710111605", "RECEIVED", "B40917", "consignment NHSBT-CN-86411"],
                                        ["202710120915", "ISSUED", "B41022", "SAH0987712"],
                                        ["202710121140", "TRANSFUSED", "N19902", "SAH0987712"]]
        u["G071227418230"]["events"] = [["202711081710", "ALLOCATED", "B41022", "SAH0987712 XM27-0511"]]
        self.units = u
        self.consignments = {"NHSBT-CN-88120": {"received": False, "units": ["G071227418250", "G071227418251",
                                                                            "G071227418252"]}}
        self.fridges = {"LAB-F1": ["Transfusion lab, issue fridge", False],
                        "LAB-F2": ["Transfusion lab, stock fridge", False],
                        "THR-SF1": ["Main theatres, satellite fridge", False],
                        "DEL-SF1": ["Delivery Suite, satellite fridge", True],
                        "ED-SF1": ["Emergency Department, emergency O negative fridge", True]}
        self.requests = {
            "TR27-0409": {"mrn": "SAH1038814", "component": "RCC", "quantity": 2, "indication": "R1",
                          "required_by": "202711100800", "requested_by": "Mr A. Kamara (Vascular)",
                          "status": "received", "xm": None},
        }
        self.crossmatches = {"XM27-0511": {"request": None, "sample": "27.1108.0102", "units": ["G071227418230"],
                                           "method": "SEROLOGICAL", "allocated": True}}
        self.episodes = {}
        self.incidents = []
        self.mhps = {}
        self.anti_d = []
        self.counters = {"msg": 40, "sample": 61, "request": 412, "xm": 519, "label": 88030, "episode": 1140,
                         "witness": 3307, "mhp": 9, "incident": 214, "unknown": 19, "anti_d": 77}


# ----------------------------------------------------------------------------- helpers

def _ack(state: State, **payload) -> dict:
    state.counters["msg"] += 1
    return {"ack": "AA", "control_id": f"RC{state.counters['msg']:06d}", **payload}


def _nak(state: State, code: str, text: str, ack: str = "AE") -> dict:
    state.counters["msg"] += 1
    return {"ack": ack, "control_id": f"RC{state.counters['msg']:06d}", "err": {"code": code, "text": text}}


def _user(state: State):
    return state.staff.get(state.session) if state.session else None


def _need(state: State, role: Optional[str] = None):
    """For enquiries: raise unless signed on (with ``role`` if given)."""
    user = _user(state)
    if user is None:
        raise NotSignedOn("No user is signed on at this workstation")
    if role and user["role"] != role:
        raise NotSignedOn(f"{user['name']} ({user['role']}) is not authorised for this enquiry")
    return user


def _msg_user(state: State, role: Optional[str] = None):
    """For messages: (user, None) or (None, an AR/AE acknowledgement)."""
    user = _user(state)
    if user is None:
        return None, _nak(state, "207", "No user is signed on at this workstation", ack="AR")
    if role and user["role"] != role:
        return None, _nak(state, "207", f"{user['name']} ({user['role']}) is not authorised for this message; "
                                        f"it needs a {role} sign-on")
    return user, None


def _din(value) -> Optional[str]:
    d = str(value).replace(" ", "").upper()
    return d if re.fullmatch(r"[A-Z]\d{4}\d{2}\d{6}", d) else None


def _show(din: str) -> str:
    return f"{din[:5]} {din[5:7]} {din[7:]}"


def _mrn_ok(value) -> bool:
    return bool(re.fullmatch(r"SAH\d{7}|U27-\d{4}", str(value).strip().upper()))


def _acc_ok(value) -> bool:
    return bool(re.fullmatch(r"\d{2}\.\d{4}\.\d{4}", str(value).strip()))


def _ts_ok(value) -> bool:
    v = str(value).strip()
    if not re.fullmatch(r"\d{12}", v):
        return False
    return 1 <= int(v[4:6]) <= 12 and 1 <= int(v[6:8]) <= 31 and int(v[8:10]) < 24 and int(v[10:12]) < 60


def _dmy(value) -> Optional[str]:
    m = re.fullmatch(r"(\d{2})/(\d{2})/(\d{4})", str(value).strip())
    return f"{m.group(3)}{m.group(2)}{m.group(1)}" if m else None


def _enum(cls, value):
    try:
        return cls(value.value if isinstance(value, Enum) else str(value).strip().upper())
    except ValueError:
        return None


def _event(state: State, din: str, what: str, detail: str) -> None:
    user = _user(state)
    state.units[din]["events"].append([NOW, what, user["staff_number"] if user else "", detail])


def _valid_sample(sample: dict) -> bool:
    """A sample is valid for crossmatching for 72 hours after collection (a simplification of the rule)."""
    c = sample["collected"]
    day = int(c[6:8]) + (int(c[8:10]) * 60 + int(c[10:12])) / 1440.0
    now = int(NOW[6:8]) + (int(NOW[8:10]) * 60 + int(NOW[10:12])) / 1440.0
    return c[:6] == NOW[:6] and now - day <= 3


def _group_of(state: State, mrn: str) -> Optional[tuple]:
    hist = state.patients[mrn]["group_history"]
    return (hist[-1][1], hist[-1][2], len(hist)) if hist else None


def _row(din: str, u: dict) -> list:
    status = "EXPIRED" if u["expiry"] < TODAY and u["status"] == "available" else u["status"].upper()
    return [_show(din), u["component"], f"{u['abo']} {u['rhd']}", u["expiry"], status, list(u["flags"])]


# ----------------------------------------------------------------------------- sign-on

def sign_on(username: str, password: str, state: State) -> dict:
    """Sign a user on at the workstation (replacing whoever was signed on).

    Args:
        username: The user's network name, e.g. ``praman``.
        password: The user's password.

    Returns:
        An acknowledgement with the user's name, staff number and role (``BMS`` or ``RN``).
    """
    user = state.staff.get(username.strip().lower())
    if user is None or user["password"] != password:
        return _nak(state, "207", "Sign-on refused: unknown user or wrong password", ack="AR")
    state.session = username.strip().lower()
    return _ack(state, user={"name": user["name"], "staff_number": user["staff_number"], "role": user["role"]})


def sign_off(state: State) -> dict:
    """Sign the current user off the workstation."""
    user, bad = _msg_user(state)
    if bad:
        return bad
    state.session = None
    return _ack(state, text=f"{user['name']} signed off")


def witness_check(staff_number: str, pin: str, state: State) -> dict:
    """Record a second checker (another member of staff) by staff number and PIN.

    Args:
        staff_number: The second checker's staff number from their badge.
        pin: The second checker's four-digit PIN, entered by them.

    Returns:
        An acknowledgement holding ``witness.ref``, valid for this workstation session.
    """
    user, bad = _msg_user(state)
    if bad:
        return bad
    other = next((s for s in state.staff.values() if s["staff_number"] == staff_number.strip().upper()), None)
    if other is None or other["pin"] != str(pin).strip():
        return _nak(state, "207", "Second checker not verified: staff number or PIN wrong")
    if other is user:
        return _nak(state, "207", "The second checker must be someone other than the signed-on user")
    ref = f"WT-{state.counters['witness']}"
    state.counters["witness"] += 1
    state.witnesses[ref] = {"staff_number": other["staff_number"], "session": state.session}
    return _ack(state, witness={"ref": ref, "name": other["name"], "role": other["role"]})


def _witness_ok(state: State, ref: str) -> bool:
    w = state.witnesses.get(str(ref).strip().upper())
    return bool(w) and w["session"] == state.session


# ----------------------------------------------------------------------------- patients

def find_patient(surname: Optional[str] = None, forename: Optional[str] = None,
                 date_of_birth: Optional[str] = None, nhs_number: Optional[str] = None,
                 state: State = None) -> List[list]:
    """Find patients by any of surname, forename, date of birth and NHS number.

    Args:
        surname: Family name (case does not matter).
        forename: Given name.
        date_of_birth: ``DD/MM/YYYY``.
        nhs_number: Ten digits, spaces allowed.

    Returns:
        Rows ``[hospital_number, "SURNAME, Forename", date_of_birth, sex, ward]``.

    Raises:
        NotSignedOn: Nobody is signed on.
        ValueError: No criteria were given, or a date is not ``DD/MM/YYYY``.
    """
    _need(state)
    if surname is None and forename is None and date_of_birth is None and nhs_number is None:
        raise ValueError("No search criteria given")
    if date_of_birth is not None and _dmy(date_of_birth) is None:
        raise ValueError(f"date_of_birth must be DD/MM/YYYY, got {date_of_birth!r}")
    nhs = None if nhs_number is None else "".join(ch for ch in nhs_number if ch.isdigit())
    rows = []
    for mrn, p in state.patients.items():
        if surname is not None and p["surname"] != surname.strip().upper():
            continue
        if forename is not None and p["forename"].lower() != forename.strip().lower():
            continue
        if date_of_birth is not None and p["dob"] != date_of_birth.strip():
            continue
        if nhs is not None and p["nhs_number"] != nhs:
            continue
        rows.append([mrn, f"{p['surname']}, {p['forename']}", p["dob"], p["sex"], p["ward"]])
    return rows


def get_patient(hospital_number: str, state: State) -> dict:
    """A patient's transfusion record: demographics, blood group history, antibodies, special
    requirements, units allocated to them and past transfusions.

    Args:
        hospital_number: ``SAHnnnnnnn`` or an emergency number ``U27-nnnn``.

    Returns:
        The record; ``allocated`` and ``transfusions`` are rows ``[din, ...]``.

    Raises:
        NotSignedOn: Nobody is signed on.
        LookupError: No such patient.
    """
    _need(state)
    mrn = str(hospital_number).strip().upper()
    p = state.patients.get(mrn)
    if p is None:
        raise LookupError(f"No patient {hospital_number}")
    out = copy.deepcopy(p)
    out["hospital_number"] = mrn
    out["allocated"] = [[_show(d), u["xm"], u["location"]] for d, u in state.units.items()
                        if u["patient"] == mrn and u["status"] == "allocated"]
    return out


def get_blood_group(hospital_number: str, state: State) -> str:
    """The patient's ABO/RhD group on record, e.g. ``"A RhD negative (1 sample)"``.

    Raises:
        NotSignedOn: Nobody is signed on.
        LookupError: No such patient, or no group on record yet.
    """
    _need(state)
    mrn = str(hospital_number).strip().upper()
    if mrn not in state.patients:
        raise LookupError(f"No patient {hospital_number}")
    g = _group_of(state, mrn)
    if g is None:
        raise LookupError(f"No blood group on record for {mrn}")
    rh = "positive" if g[1] == "POS" else "negative"
    return f"{g[0]} RhD {rh} ({g[2]} sample{'s' if g[2] > 1 else ''})"


def register_emergency_patient(sex: Literal["M", "F", "U"], estimated_age: int, arrival_reference: str,
                               state: State) -> dict:
    """Register an unidentified emergency patient under a temporary number.

    Args:
        sex: ``M``, ``F`` or ``U`` (unknown).
        estimated_age: Years.
        arrival_reference: The ambulance or ED arrival reference.

    Returns:
        An acknowledgement holding ``patient.hospital_number`` (``U27-nnnn``).
    """
    user, bad = _msg_user(state)
    if bad:
        return bad
    if sex not in ("M", "F", "U"):
        return _nak(state, "103", f"Table value not found: sex {sex!r}", ack="AR")
    mrn = f"U27-{state.counters['unknown']:04d}"
    state.counters["unknown"] += 1
    state.patients[mrn] = {"surname": "UNKNOWN", "forename": f"{'Male' if sex == 'M' else 'Female' if sex == 'F' else 'Patient'} "
                                                            f"{arrival_reference.strip()}", "sex": sex,
                           "dob": None, "nhs_number": None, "ward": "Emergency Department", "group_history": [],
                           "antibodies": [], "requirements": [], "transfusions": [], "merged_from": [],
                           "estimated_age": int(estimated_age)}
    return _ack(state, patient={"hospital_number": mrn, "name": state.patients[mrn]["forename"]})


def merge_patient_records(temporary_number: str, permanent_number: str, state: State) -> dict:
    """Merge an emergency registration into the patient's permanent record once they are identified.

    Args:
        temporary_number: The ``U27-nnnn`` number.
        permanent_number: The patient's ``SAHnnnnnnn`` hospital number.
    """
    user, bad = _msg_user(state, "BMS")
    if bad:
        return bad
    t, p = str(temporary_number).strip().upper(), str(permanent_number).strip().upper()
    if not t.startswith("U27-"):
        return _nak(state, "102", f"Data type error: {temporary_number!r} is not an emergency number", ack="AR")
    if t not in state.patients:
        return _nak(state, "204", f"Unknown key identifier: patient {t}")
    if p not in state.patients or p.startswith("U27-"):
        return _nak(state, "204", f"Unknown key identifier: permanent patient {permanent_number}")
    tp, pp = state.patients.pop(t), state.patients[p]
    pp["group_history"] += tp["group_history"]
    pp["merged_from"].append(t)
    for s in state.samples.values():
        if s["mrn"] == t:
            s["mrn"] = p
    for u in state.units.values():
        if u["patient"] == t:
            u["patient"] = p
    return _ack(state, patient={"hospital_number": p, "merged_from": t})


# ----------------------------------------------------------------------------- samples and serology

def book_in_sample(hospital_number: str, sample_type: SampleType, collected_at: str, collected_by: str,
                   state: State) -> dict:
    """Book a sample into the laboratory.

    Args:
        hospital_number: The patient's number as on the request form.
        sample_type: ``GS`` (group and screen), ``XM`` (crossmatch), ``DAT`` or ``FMH`` (Kleihauer).
        collected_at: When it was taken, ``YYYYMMDDHHMM``.
        collected_by: Staff number of whoever took it.

    Returns:
        An acknowledgement holding ``sample.sample_number``.
    """
    user, bad = _msg_user(state, "BMS")
    if bad:
        return bad
    mrn = str(hospital_number).strip().upper()
    if not _mrn_ok(mrn):
        return _nak(state, "102", f"Data type error: {hospital_number!r} is not a hospital number", ack="AR")
    if mrn not in state.patients:
        return _nak(state, "204", f"Unknown key identifier: patient {mrn}")
    if sample_type not in ("GS", "XM", "DAT", "FMH"):
        return _nak(state, "103", f"Table value not found: sample type {sample_type!r}", ack="AR")
    if not _ts_ok(collected_at):
        return _nak(state, "102", f"Data type error: collected_at {collected_at!r} is not YYYYMMDDHHMM", ack="AR")
    if collected_at > NOW:
        return _nak(state, "207", "Collection time is in the future")
    acc = f"27.1109.{state.counters['sample']:04d}"
    state.counters["sample"] += 1
    state.samples[acc] = {"mrn": mrn, "type": sample_type, "collected": collected_at.strip(),
                          "collector": collected_by.strip().upper(), "group": None, "screen": None, "antibodies": []}
    return _ack(state, sample={"sample_number": acc, "hospital_number": mrn, "type": sample_type})


def list_samples(hospital_number: str, state: State) -> List[list]:
    """A patient's samples, newest first.

    Returns:
        Rows ``[sample_number, collected_at, type, [abo, rhd] or None, screen or None]``.

    Raises:
        NotSignedOn: Nobody is signed on.
        LookupError: No such patient.
    """
    _need(state)
    mrn = str(hospital_number).strip().upper()
    if mrn not in state.patients:
        raise LookupError(f"No patient {hospital_number}")
    rows = [[acc, s["collected"], s["type"], s["group"], s["screen"]] for acc, s in state.samples.items()
            if s["mrn"] == mrn]
    return sorted(rows, key=lambda r: r[1], reverse=True)


def _sample(state: State, sample_number: str):
    acc = str(sample_number).strip()
    if not _acc_ok(acc):
        return None, _nak(state, "102", f"Data type error: {sample_number!r} is not a sample number (YY.MMDD.nnnn)",
                          ack="AR")
    s = state.samples.get(acc)
    if s is None:
        return None, _nak(state, "204", f"Unknown key identifier: sample {acc}")
    return s, None


def record_abo_rhd(sample_number: str, abo: ABO, rhd: RhD, state: State) -> dict:
    """Record the ABO and RhD group read on a sample; it joins the patient's group history.

    Args:
        sample_number: ``YY.MMDD.nnnn``.
        abo: ``O``, ``A``, ``B`` or ``AB``.
        rhd: ``POS`` or ``NEG``.
    """
    user, bad = _msg_user(state, "BMS")
    if bad:
        return bad
    s, bad = _sample(state, sample_number)
    if bad:
        return bad
    a, r = _enum(ABO, abo), _enum(RhD, rhd)
    if a is None or r is None:
        return _nak(state, "103", f"Table value not found: group {abo!r} {rhd!r}", ack="AR")
    if s["group"] is not None:
        return _nak(state, "205", "Duplicate: this sample is already grouped")
    g = _group_of(state, s["mrn"])
    if g and (g[0], g[1]) != (a.value, r.value):
        return _nak(state, "207", f"Group discrepancy with history ({g[0]} {g[1]}): request a repeat sample")
    s["group"] = [a.value, r.value]
    state.patients[s["mrn"]]["group_history"].append([str(sample_number).strip(), a.value, r.value])
    return _ack(state, sample={"sample_number": str(sample_number).strip(), "group": s["group"]})


def record_antibody_screen(sample_number: str, result: ScreenResult, state: State) -> dict:
    """Record the antibody screen result on a grouped or ungrouped sample.

    Args:
        result: ``NEGATIVE`` or ``POSITIVE``.
    """
    user, bad = _msg_user(state, "BMS")
    if bad:
        return bad
    s, bad = _sample(state, sample_number)
    if bad:
        return bad
    res = _enum(ScreenResult, result)
    if res is None:
        return _nak(state, "103", f"Table value not found: screen result {result!r}", ack="AR")
    if s["screen"] is not None:
        return _nak(state, "205", "Duplicate: the screen on this sample is already recorded")
    s["screen"] = res.value
    return _ack(state, sample={"sample_number": str(sample_number).strip(), "screen": res.value})


def record_antibody_identification(sample_number: str, specificities: List[str], state: State) -> dict:
    """Record the antibodies identified on a sample with a positive screen; they join the patient's record
    and later units must lack the matching antigens.

    Args:
        specificities: E.g. ``["anti-K"]``.
    """
    user, bad = _msg_user(state, "BMS")
    if bad:
        return bad
    s, bad = _sample(state, sample_number)
    if bad:
        return bad
    if s["screen"] != "POSITIVE":
        return _nak(state, "207", "Antibody identification needs a positive screen on this sample")
    if not specificities:
        return _nak(state, "101", "Required field missing: specificities", ack="AR")
    for sp in specificities:
        if sp not in _ANTIBODIES:
            return _nak(state, "103", f"Table value not found: specificity {sp!r}. Reported specificities: "
                                      f"{', '.join(_ANTIBODIES)}", ack="AR")
    s["antibodies"] = list(dict.fromkeys(specificities))
    p = state.patients[s["mrn"]]
    p["antibodies"] = list(dict.fromkeys(p["antibodies"] + s["antibodies"]))
    return _ack(state, patient={"hospital_number": s["mrn"], "antibodies": p["antibodies"]})


def add_special_requirement(hospital_number: str, requirement: SpecialRequirement, reason: str,
                            state: State) -> dict:
    """Flag a special requirement on a patient (irradiated, CMV negative or HEV negative components).

    Args:
        reason: The clinical reason, e.g. the treatment that calls for it.
    """
    user, bad = _msg_user(state, "BMS")
    if bad:
        return bad
    mrn = str(hospital_number).strip().upper()
    if mrn not in state.patients:
        return _nak(state, "204", f"Unknown key identifier: patient {hospital_number}")
    req = _enum(SpecialRequirement, requirement)
    if req is None:
        return _nak(state, "103", f"Table value not found: requirement {requirement!r}", ack="AR")
    p = state.patients[mrn]
    if req.value in p["requirements"]:
        return _nak(state, "205", f"{req.value} is already in place for {mrn}")
    p["requirements"].append(req.value)
    return _ack(state, patient={"hospital_number": mrn, "requirements": list(p["requirements"]),
                                "reason": reason.strip()})


# ----------------------------------------------------------------------------- stock

def list_component_codes(state: State) -> List[list]:
    """The component codes the laboratory stocks (reference data: no sign-on needed).

    Returns:
        Rows ``[code, description, storage, shelf_life_days]``.
    """
    return [list(r) for r in state.components]


def _code(state: State, component_code) -> Optional[str]:
    c = str(component_code).strip().upper()
    return c if any(r[0] == c for r in state.components) else None


def search_stock(component_code: str, abo: Optional[ABO] = None, rhd: Optional[RhD] = None,
                 antigen_negative: Optional[List[str]] = None, irradiated: Optional[bool] = None,
                 page_token: Optional[str] = None, state: State = None) -> dict:
    """Units in laboratory stock (available or expired, earliest expiry first), four to a page.

    Args:
        component_code: A stocked component code.
        abo: Only units of this ABO group.
        rhd: Only units of this RhD type.
        antigen_negative: Only units typed negative for all of these, e.g. ``["K-", "E-"]``.
        irradiated: Only irradiated (True) or non-irradiated (False) units.
        page_token: The ``next_page_token`` of the previous page.

    Returns:
        ``{"units": [[din, component, group, expiry, status, flags], ...], "next_page_token": str or None}``.

    Raises:
        NotSignedOn: Nobody is signed on.
        ValueError: Unknown component code or page token.
    """
    _need(state)
    code = _code(state, component_code)
    if code is None:
        raise ValueError(f"Unknown component code {component_code!r}")
    a = None if abo is None else _enum(ABO, abo)
    r = None if rhd is None else _enum(RhD, rhd)
    rows = []
    for din, u in sorted(state.units.items(), key=lambda kv: (kv[1]["expiry"], kv[0])):
        if u["component"] != code or u["status"] != "available":
            continue
        if a is not None and u["abo"] != a.value or r is not None and u["rhd"] != r.value:
            continue
        if antigen_negative and not all(f in u["flags"] for f in antigen_negative):
            continue
        if irradiated is not None and ("IRR" in u["flags"]) != bool(irradiated):
            continue
        rows.append(_row(din, u))
    start = 0
    if page_token:
        m = re.fullmatch(r"p(\d+)", str(page_token))
        if not m:
            raise ValueError("Invalid page token")
        start = int(m.group(1))
    nxt = f"p{start + _PAGE}" if start + _PAGE < len(rows) else None
    return {"units": rows[start:start + _PAGE], "next_page_token": nxt}


def count_stock(component_code: str, abo: Optional[ABO] = None, state: State = None) -> int:
    """How many units of a component are available and in date (optionally of one ABO group)."""
    _need(state)
    code = _code(state, component_code)
    if code is None:
        raise ValueError(f"Unknown component code {component_code!r}")
    a = None if abo is None else _enum(ABO, abo)
    return sum(1 for u in state.units.values() if u["component"] == code and u["status"] == "available"
               and u["expiry"] >= TODAY and (a is None or u["abo"] == a.value))


def get_unit(din: str, state: State) -> dict:
    """One unit: component, group, expiry, antigen and processing flags, status, location, volume, the
    patient it is allocated or issued to, and the transfusion episode it was started in.

    Raises:
        NotSignedOn: Nobody is signed on.
        ValueError: Not a donation number.
        LookupError: No such unit.
    """
    _need(state)
    d = _din(din)
    if d is None:
        raise ValueError(f"{din!r} is not a donation number")
    u = state.units.get(d)
    if u is None:
        raise LookupError(f"No unit {din}")
    out = {k: copy.deepcopy(v) for k, v in u.items() if k not in ("events", "bedside")}
    out["din"] = _show(d)
    out["episode_number"] = next((ep for ep, e in state.episodes.items() if e["din"] == d), None)
    return out


def trace_unit(din: str, state: State) -> List[list]:
    """The unit's traceability record, oldest first: rows ``[timestamp, event, staff_number, detail]``.

    Raises:
        NotSignedOn: Nobody is signed on.
        ValueError: Not a donation number.
        LookupError: No such unit.
    """
    _need(state)
    d = _din(din)
    if d is None:
        raise ValueError(f"{din!r} is not a donation number")
    if d not in state.units:
        raise LookupError(f"No unit {din}")
    return [list(e) for e in state.units[d]["events"]]


def receipt_consignment(consignment_number: str, temperature_c: float, state: State) -> dict:
    """Receipt a delivery from the blood service into stock (the consignment number is on the delivery note).

    Args:
        consignment_number: E.g. ``NHSBT-CN-12345``.
        temperature_c: Temperature of the box on arrival; red cells must arrive at 2 to 10 C.

    Returns:
        An acknowledgement listing the units received as rows ``[din, component, group, expiry]``.
    """
    user, bad = _msg_user(state, "BMS")
    if bad:
        return bad
    c = state.consignments.get(consignment_number.strip().upper())
    if c is None:
        return _nak(state, "204", f"Unknown key identifier: consignment {consignment_number}")
    if c["received"]:
        return _nak(state, "205", "Duplicate: this consignment is already receipted")
    if not 2.0 <= temperature_c <= 10.0:
        return _nak(state, "207", "Box temperature out of range: quarantine the consignment and call the blood "
                                  "service")
    c["received"] = True
    rows = []
    for d in c["units"]:
        u = state.units[d]
        u["status"], u["location"] = "available", "LAB-F2"
        _event(state, d, "RECEIVED", f"consignment {consignment_number.strip().upper()}")
        rows.append([_show(d), u["component"], f"{u['abo']} {u['rhd']}", u["expiry"]])
    return _ack(state, received=rows)


def _stock_unit(state: State, din: str):
    d = _din(din)
    if d is None:
        return None, None, _nak(state, "102", f"Data type error: {din!r} is not a donation number", ack="AR")
    u = state.units.get(d)
    if u is None:
        return None, None, _nak(state, "204", f"Unknown key identifier: unit {din}")
    return d, u, None


def quarantine_unit(din: str, reason: str, state: State) -> dict:
    """Take a unit in stock out of use pending investigation (damage, a query from the blood service)."""
    user, bad = _msg_user(state, "BMS")
    if bad:
        return bad
    d, u, bad = _stock_unit(state, din)
    if bad:
        return bad
    if u["status"] == "quarantined":
        return _nak(state, "205", "This unit is already quarantined")
    if u["status"] != "available":
        return _nak(state, "207", f"Only a unit in stock can be quarantined; this one is {u['status']}")
    u["status"] = "quarantined"
    _event(state, d, "QUARANTINED", reason.strip())
    return _ack(state, unit={"din": _show(d), "status": "quarantined"})


def release_from_quarantine(din: str, outcome: str, state: State) -> dict:
    """Return a quarantined unit to stock once the investigation clears it."""
    user, bad = _msg_user(state, "BMS")
    if bad:
        return bad
    d, u, bad = _stock_unit(state, din)
    if bad:
        return bad
    if u["status"] != "quarantined":
        return _nak(state, "207", f"The unit is not quarantined (it is {u['status']})")
    u["status"] = "available"
    _event(state, d, "RELEASED", outcome.strip())
    return _ack(state, unit={"din": _show(d), "status": "available"})


def discard_unit(din: str, reason: DiscardReason, state: State) -> dict:
    """Discard a unit held in the laboratory (in stock, expired or quarantined).

    Args:
        reason: ``EXPIRED``, ``DAMAGED``, ``OUT_OF_TEMPERATURE``, ``RETURNED_LATE`` or ``RECALLED``.
    """
    user, bad = _msg_user(state, "BMS")
    if bad:
        return bad
    d, u, bad = _stock_unit(state, din)
    if bad:
        return bad
    why = _enum(DiscardReason, reason)
    if why is None:
        return _nak(state, "103", f"Table value not found: discard reason {reason!r}", ack="AR")
    if u["status"] not in ("available", "quarantined"):
        return _nak(state, "207", f"A {u['status']} unit cannot be discarded from stock")
    if why is DiscardReason.EXPIRED and u["expiry"] >= TODAY:
        return _nak(state, "207", f"The unit is in date until {u['expiry']}")
    u["status"], u["location"] = "discarded", None
    _event(state, d, "DISCARDED", why.value)
    return _ack(state, unit={"din": _show(d), "status": "discarded", "reason": why.value})


# ----------------------------------------------------------------------------- fridges

def list_fridges(state: State) -> List[list]:
    """Blood fridges (reference data: no sign-on needed): rows ``[fridge_id, location, remote_issue_enabled]``."""
    return [[k, v[0], v[1]] for k, v in state.fridges.items()]


def set_remote_issue(fridge_id: str, enabled: bool, state: State) -> dict:
    """Switch remote (electronic) issue on or off for a satellite fridge."""
    user, bad = _msg_user(state, "BMS")
    if bad:
        return bad
    f = state.fridges.get(fridge_id.strip().upper())
    if f is None:
        return _nak(state, "204", f"Unknown key identifier: fridge {fridge_id}")
    if "-SF" not in fridge_id.strip().upper():
        return _nak(state, "207", "Remote issue applies to satellite fridges only")
    if f[1] == bool(enabled):
        return _nak(state, "205", f"Remote issue is already {'enabled' if enabled else 'disabled'} on "
                                  f"{fridge_id.strip().upper()}")
    f[1] = bool(enabled)
    return _ack(state, fridge={"fridge_id": fridge_id.strip().upper(), "remote_issue": f[1]})


def move_to_fridge(din: str, fridge_id: str, state: State) -> dict:
    """Send a unit allocated to a patient to a satellite fridge that has remote issue enabled."""
    user, bad = _msg_user(state, "BMS")
    if bad:
        return bad
    d, u, bad = _stock_unit(state, din)
    if bad:
        return bad
    fid = fridge_id.strip().upper()
    f = state.fridges.get(fid)
    if f is None:
        return _nak(state, "204", f"Unknown key identifier: fridge {fridge_id}")
    if u["status"] != "allocated":
        return _nak(state, "207", "Only a unit allocated to a patient can go to a satellite fridge")
    if fid == "ED-SF1":
        return _nak(state, "207", "ED-SF1 holds emergency O negative stock only")
    if not f[1]:
        return _nak(state, "207", f"Remote issue is not enabled on {fid}")
    if u["location"] == fid:
        return _nak(state, "205", f"The unit is already in {fid}")
    u["location"] = fid
    _event(state, d, "MOVED", fid)
    return _ack(state, unit={"din": _show(d), "location": fid})


# ----------------------------------------------------------------------------- requests and crossmatch

def create_request(hospital_number: str, component_code: str, quantity: int, indication_code: str,
                   required_by: str, requested_by: str, state: State) -> dict:
    """Record a request for blood components.

    Args:
        hospital_number: The patient's number.
        component_code: A stocked component code.
        quantity: Units (1 to 6).
        indication_code: The national indication code for the component.
        required_by: ``YYYYMMDDHHMM``.
        requested_by: The requesting clinician, free text.

    Returns:
        An acknowledgement holding ``request.request_number``.
    """
    user, bad = _msg_user(state, "BMS")
    if bad:
        return bad
    mrn = str(hospital_number).strip().upper()
    if not _mrn_ok(mrn):
        return _nak(state, "102", f"Data type error: {hospital_number!r} is not a hospital number", ack="AR")
    if mrn not in state.patients:
        return _nak(state, "204", f"Unknown key identifier: patient {mrn}")
    code = _code(state, component_code)
    if code is None:
        return _nak(state, "103", f"Table value not found: component {component_code!r}", ack="AR")
    ind = str(indication_code).strip().upper()
    if ind not in _INDICATIONS[code]:
        return _nak(state, "103", f"Table value not found: indication {indication_code!r}. Valid for {code}: "
                                  f"{' '.join(_INDICATIONS[code])}", ack="AR")
    if not 1 <= int(quantity) <= 6:
        return _nak(state, "207", "Quantity must be 1 to 6 units; call the haematologist for more")
    if not _ts_ok(required_by):
        return _nak(state, "102", f"Data type error: required_by {required_by!r} is not YYYYMMDDHHMM", ack="AR")
    rn = f"TR27-{state.counters['request']:04d}"
    state.counters["request"] += 1
    state.requests[rn] = {"mrn": mrn, "component": code, "quantity": int(quantity), "indication": ind,
                          "required_by": required_by.strip(), "requested_by": requested_by.strip(),
                          "status": "received", "xm": None}
    return _ack(state, request={"request_number": rn, "hospital_number": mrn, "status": "received"})


def list_requests(status: Optional[Literal["received", "crossmatched", "allocated", "cancelled"]] = None,
                  hospital_number: Optional[str] = None, state: State = None) -> List[list]:
    """Transfusion requests: rows ``[request_number, hospital_number, component, quantity, indication,
    required_by, status]``, optionally only of one status or one patient."""
    _need(state)
    mrn = None if hospital_number is None else str(hospital_number).strip().upper()
    return [[rn, r["mrn"], r["component"], r["quantity"], r["indication"], r["required_by"], r["status"]]
            for rn, r in state.requests.items()
            if (status is None or r["status"] == status) and (mrn is None or r["mrn"] == mrn)]


def crossmatch_units(request_number: str, sample_number: str, dins: List[str], method: XmMethod,
                     state: State) -> dict:
    """Crossmatch units against a patient's sample for a request.

    The sample must be the request's patient's, taken within 72 hours, grouped and screened. Electronic
    issue is allowed only with a negative screen and a group confirmed on two samples; a positive screen
    needs its antibodies identified first, and units must lack the matching antigens. Units must be in
    stock, in date, ABO/RhD compatible and meet the patient's special requirements.

    Args:
        request_number: ``TR27-nnnn``.
        sample_number: ``YY.MMDD.nnnn``.
        dins: Donation numbers, no more than the request's quantity.
        method: ``ELECTRONIC`` or ``SEROLOGICAL``.

    Returns:
        An acknowledgement holding ``crossmatch.crossmatch_number`` and the units as rows ``[din, result]``.
    """
    user, bad = _msg_user(state, "BMS")
    if bad:
        return bad
    rn = str(request_number).strip().upper()
    if not re.fullmatch(r"TR27-\d{4}", rn):
        return _nak(state, "102", f"Data type error: {request_number!r} is not a request number", ack="AR")
    req = state.requests.get(rn)
    if req is None:
        return _nak(state, "204", f"Unknown key identifier: request {rn}")
    if req["status"] != "received":
        return _nak(state, "207", f"Request {rn} is {req['status']}")
    s, bad = _sample(state, sample_number)
    if bad:
        return bad
    if s["mrn"] != req["mrn"]:
        return _nak(state, "207", "The sample is not from the request's patient")
    if not _valid_sample(s):
        return _nak(state, "207", "Sample older than 72 hours: a new sample is needed")
    if s["group"] is None:
        return _nak(state, "207", "The sample has not been grouped")
    if s["screen"] is None:
        return _nak(state, "207", "No antibody screen on the sample")
    p = state.patients[req["mrn"]]
    m = _enum(XmMethod, method)
    if m is None:
        return _nak(state, "103", f"Table value not found: method {method!r}", ack="AR")
    if s["screen"] == "POSITIVE" and not p["antibodies"]:
        return _nak(state, "207", "Positive screen: the antibodies must be identified before crossmatching")
    if m is XmMethod.ELECTRONIC and (s["screen"] != "NEGATIVE" or p["antibodies"] or len(p["group_history"]) < 2):
        return _nak(state, "207", "Not eligible for electronic issue (needs a negative screen, no antibodies and "
                                  "a group confirmed on two samples)")
    if not dins or len(dins) > req["quantity"]:
        return _nak(state, "207", f"Give 1 to {req['quantity']} units for this request")
    abo, rhd = s["group"]
    rows, picked = [], []
    for raw in dins:
        d = _din(raw)
        if d is None:
            return _nak(state, "102", f"Data type error: {raw!r} is not a donation number", ack="AR")
        u = state.units.get(d)
        if u is None:
            return _nak(state, "204", f"Unknown key identifier: unit {raw}")
        if u["component"] != req["component"]:
            return _nak(state, "207", f"{_show(d)} is {u['component']}, the request is for {req['component']}")
        if u["status"] != "available":
            return _nak(state, "207", f"{_show(d)} is not in stock ({u['status']})")
        if u["expiry"] < TODAY:
            return _nak(state, "207", f"{_show(d)} expired on {u['expiry']}")
        if u["abo"] not in _COMPAT[abo] or (rhd == "NEG" and u["rhd"] == "POS"):
            return _nak(state, "207", f"{_show(d)} ({u['abo']} {u['rhd']}) is not compatible with {abo} {rhd}")
        for need in p["requirements"]:
            if _REQ_FLAG[need] not in u["flags"]:
                return _nak(state, "207", f"{_show(d)} does not meet the patient's requirement {need}")
        for ab in p["antibodies"]:
            if _ANTIBODIES[ab] not in u["flags"]:
                return _nak(state, "207", f"{_show(d)} is not typed {_ANTIBODIES[ab]} ({ab} on record)")
        rows.append([_show(d), "COMPATIBLE"])
        picked.append(d)
    xm = f"XM27-{state.counters['xm']:04d}"
    state.counters["xm"] += 1
    state.crossmatches[xm] = {"request": rn, "sample": str(sample_number).strip(), "units": picked,
                              "method": m.value, "allocated": False}
    for d in picked:
        state.units[d]["status"] = "crossmatched"
        state.units[d]["xm"] = xm
        _event(state, d, "CROSSMATCHED", f"{req['mrn']} {xm} {m.value}")
    req["status"], req["xm"] = "crossmatched", xm
    return _ack(state, crossmatch={"crossmatch_number": xm, "method": m.value, "units": rows})


def allocate_and_label(crossmatch_number: str, state: State) -> dict:
    """Allocate a crossmatch's units to the patient and print their compatibility labels; the units are
    reserved for 24 hours in the issue fridge.

    Returns:
        An acknowledgement with ``labels`` as rows ``[din, label_number, reserved_until]``.
    """
    user, bad = _msg_user(state, "BMS")
    if bad:
        return bad
    xm = str(crossmatch_number).strip().upper()
    if not re.fullmatch(r"XM27-\d{4}", xm):
        return _nak(state, "102", f"Data type error: {crossmatch_number!r} is not a crossmatch number", ack="AR")
    x = state.crossmatches.get(xm)
    if x is None:
        return _nak(state, "204", f"Unknown key identifier: crossmatch {xm}")
    if x["allocated"]:
        return _nak(state, "205", "Duplicate: this crossmatch is already allocated")
    mrn = state.requests[x["request"]]["mrn"]
    rows = []
    for d in x["units"]:
        u = state.units[d]
        u["status"], u["patient"], u["location"] = "allocated", mrn, "LAB-F1"
        _event(state, d, "ALLOCATED", f"{mrn} {xm}")
        rows.append([_show(d), f"CL{state.counters['label']}", "202711101420"])
        state.counters["label"] += 1
    x["allocated"] = True
    state.requests[x["request"]]["status"] = "allocated"
    return _ack(state, labels=rows, hospital_number=mrn)


def cancel_allocation(din: str, reason: str, state: State) -> dict:
    """Take a unit allocated to a patient back into general stock (no longer needed)."""
    user, bad = _msg_user(state, "BMS")
    if bad:
        return bad
    d, u, bad = _stock_unit(state, din)
    if bad:
        return bad
    if u["status"] != "allocated":
        return _nak(state, "207", f"The unit is not allocated (it is {u['status']})")
    u["status"], u["patient"], u["xm"], u["location"] = "available", None, None, "LAB-F1"
    _event(state, d, "DEALLOCATED", reason.strip())
    return _ack(state, unit={"din": _show(d), "status": "available"})


def issue_unit(din: str, collected_by: str, state: State) -> dict:
    """Issue an allocated unit from the laboratory to whoever collects it for the ward.

    Args:
        din: The allocated unit's donation number.
        collected_by: Name and staff number of the porter or nurse collecting it.

    Returns:
        An acknowledgement holding ``issue`` (the unit, the patient, the time it left the fridge).
    """
    user, bad = _msg_user(state, "BMS")
    if bad:
        return bad
    d, u, bad = _stock_unit(state, din)
    if bad:
        return bad
    if u["status"] == "issued":
        return _nak(state, "205", "Duplicate: this unit is already issued")
    if u["status"] != "allocated":
        return _nak(state, "207", f"Only an allocated unit can be issued; this one is {u['status']}")
    if u["expiry"] < TODAY:
        return _nak(state, "207", "The unit has expired")
    u["status"], u["issued_at"] = "issued", NOW
    _event(state, d, "ISSUED", f"{u['patient']} collected by {collected_by.strip()}")
    return _ack(state, issue={"din": _show(d), "hospital_number": u["patient"], "issued_at": NOW,
                              "use_by": "202711091820"})


def return_unit(din: str, minutes_out_of_storage: int, state: State) -> dict:
    """Return an issued unit that was not started: back to allocated stock within 30 minutes out of the
    fridge, otherwise discarded."""
    user, bad = _msg_user(state)
    if bad:
        return bad
    d, u, bad = _stock_unit(state, din)
    if bad:
        return bad
    if u["status"] != "issued":
        return _nak(state, "207", f"Only an issued unit can be returned; this one is {u['status']}")
    if any(e["din"] == d for e in state.episodes.values()):
        return _nak(state, "207", "This unit has been started on a patient")
    if int(minutes_out_of_storage) <= 30:
        u["status"], u["location"] = "allocated", "LAB-F1"
        _event(state, d, "RETURNED", f"{int(minutes_out_of_storage)} min out of storage")
        return _ack(state, unit={"din": _show(d), "status": "allocated"})
    u["status"], u["location"] = "discarded", None
    _event(state, d, "DISCARDED", "RETURNED_LATE")
    return _ack(state, unit={"din": _show(d), "status": "discarded", "reason": "RETURNED_LATE"})


# ----------------------------------------------------------------------------- bedside

def record_bedside_check(din: str, hospital_number: str, wristband_checked: bool, witness_ref: str,
                         state: State) -> dict:
    """Record the bedside check of an issued unit against the patient's wristband, with a second checker.

    Args:
        din: The unit at the bedside.
        hospital_number: The number on the patient's wristband.
        wristband_checked: The wristband was read against the unit's label.
        witness_ref: The second checker's reference from ``witness_check``.
    """
    user, bad = _msg_user(state, "RN")
    if bad:
        return bad
    d, u, bad = _stock_unit(state, din)
    if bad:
        return bad
    if not _witness_ok(state, witness_ref):
        return _nak(state, "207", "Second checker not recorded for this session")
    if not wristband_checked:
        return _nak(state, "207", "STOP: the wristband must be checked")
    if u["status"] != "issued":
        return _nak(state, "207", f"The unit has not been issued (it is {u['status']})")
    if u["patient"] != str(hospital_number).strip().upper():
        return _nak(state, "207", "STOP: this unit is not for this patient")
    if u.get("bedside"):
        return _nak(state, "205", "Duplicate: the bedside check is already recorded")
    u["bedside"] = {"by": user["staff_number"], "witness": str(witness_ref).strip().upper()}
    _event(state, d, "BEDSIDE_CHECK", f"{u['patient']} witness {str(witness_ref).strip().upper()}")
    return _ack(state, text=f"Bedside check complete for {_show(d)}")


def start_transfusion(din: str, rate_ml_per_hour: int, state: State) -> dict:
    """Start a transfusion of a bedside-checked unit.

    Returns:
        An acknowledgement holding ``episode.episode_number``.
    """
    user, bad = _msg_user(state, "RN")
    if bad:
        return bad
    d, u, bad = _stock_unit(state, din)
    if bad:
        return bad
    if u["status"] != "issued" or not u.get("bedside"):
        return _nak(state, "207", "The unit needs a completed bedside check first")
    if any(e["din"] == d for e in state.episodes.values()):
        return _nak(state, "205", "Duplicate: this unit is already started")
    if not 10 <= int(rate_ml_per_hour) <= 500:
        return _nak(state, "207", "Rate must be 10 to 500 mL/h")
    ep = f"TX27-{state.counters['episode']}"
    state.counters["episode"] += 1
    state.episodes[ep] = {"din": d, "mrn": u["patient"], "started": NOW, "rate": int(rate_ml_per_hour),
                          "observations": [], "status": "running"}
    _event(state, d, "STARTED", ep)
    return _ack(state, episode={"episode_number": ep, "din": _show(d), "hospital_number": u["patient"]})


def _episode(state: State, episode_number: str):
    ep = str(episode_number).strip().upper()
    if not re.fullmatch(r"TX27-\d{4}", ep):
        return None, None, _nak(state, "102", f"Data type error: {episode_number!r} is not an episode number",
                                ack="AR")
    e = state.episodes.get(ep)
    if e is None:
        return None, None, _nak(state, "204", f"Unknown key identifier: episode {ep}")
    return ep, e, None


def record_observations(episode_number: str, temperature_c: float, pulse: int, systolic_bp: int,
                        state: State) -> dict:
    """Record a set of observations during a running transfusion."""
    user, bad = _msg_user(state, "RN")
    if bad:
        return bad
    ep, e, bad = _episode(state, episode_number)
    if bad:
        return bad
    if e["status"] != "running":
        return _nak(state, "207", f"Episode {ep} is {e['status']}")
    e["observations"].append([NOW, float(temperature_c), int(pulse), int(systolic_bp)])
    return _ack(state, episode={"episode_number": ep, "observations": len(e["observations"])})


def complete_transfusion(episode_number: str, volume_ml: int, state: State) -> dict:
    """Record a transfusion as complete; the unit's fate becomes transfused."""
    user, bad = _msg_user(state, "RN")
    if bad:
        return bad
    ep, e, bad = _episode(state, episode_number)
    if bad:
        return bad
    if e["status"] != "running":
        return _nak(state, "207", f"Episode {ep} is {e['status']}")
    u = state.units[e["din"]]
    if not 0 < int(volume_ml) <= u["volume_ml"]:
        return _nak(state, "207", f"Volume must be 1 to {u['volume_ml']} mL")
    e["status"], u["status"] = "complete", "transfused"
    state.patients[e["mrn"]]["transfusions"].append([_show(e["din"]), TODAY, "TRANSFUSED"])
    _event(state, e["din"], "TRANSFUSED", f"{e['mrn']} {int(volume_ml)} mL")
    return _ack(state, episode={"episode_number": ep, "status": "complete"})


def report_reaction(episode_number: str, reaction: ReactionType, severity: Severity, notes: str,
                    state: State) -> dict:
    """Report a suspected transfusion reaction; the transfusion is stopped and an incident opened.

    Returns:
        An acknowledgement holding ``incident.reference``.
    """
    user, bad = _msg_user(state, "RN")
    if bad:
        return bad
    ep, e, bad = _episode(state, episode_number)
    if bad:
        return bad
    r, s = _enum(ReactionType, reaction), _enum(Severity, severity)
    if r is None or s is None:
        return _nak(state, "103", f"Table value not found: {reaction!r} / {severity!r}", ack="AR")
    if e["status"] != "running":
        return _nak(state, "207", f"Episode {ep} is {e['status']}")
    e["status"] = "stopped"
    state.units[e["din"]]["status"] = "reaction"
    ref = f"HV27-{state.counters['incident']}"
    state.counters["incident"] += 1
    state.incidents.append({"ref": ref, "episode": ep, "reaction": r.value, "severity": s.value, "notes": notes})
    _event(state, e["din"], "REACTION", f"{r.value} {s.value} {ref}")
    return _ack(state, incident={"reference": ref, "episode_number": ep,
                                 "next": "Return the bag and giving set to the laboratory; send post-transfusion "
                                         "samples"})


# ----------------------------------------------------------------------------- major haemorrhage

def activate_major_haemorrhage(location: str, activated_by: str, hospital_number: Optional[str] = None,
                               state: State = None) -> dict:
    """Activate the major haemorrhage protocol for a location (and a patient, when known).

    Returns:
        An acknowledgement holding ``mhp.reference``.
    """
    user, bad = _msg_user(state)
    if bad:
        return bad
    if hospital_number is not None and str(hospital_number).strip().upper() not in state.patients:
        return _nak(state, "204", f"Unknown key identifier: patient {hospital_number}")
    ref = f"MH27-{state.counters['mhp']:03d}"
    state.counters["mhp"] += 1
    state.mhps[ref] = {"location": location.strip(), "by": activated_by.strip(), "mrn": hospital_number,
                       "active": True, "issued": []}
    return _ack(state, mhp={"reference": ref, "location": location.strip(), "pack": "MHP pack 1: 4 RCC, 4 FFP"})


def issue_emergency_units(mhp_reference: str, quantity: int, state: State) -> dict:
    """Issue emergency O RhD negative red cells from the emergency fridge under an active major haemorrhage
    activation.

    Returns:
        An acknowledgement listing the donation numbers issued.
    """
    user, bad = _msg_user(state)
    if bad:
        return bad
    ref = str(mhp_reference).strip().upper()
    m = state.mhps.get(ref)
    if m is None:
        return _nak(state, "204", f"Unknown key identifier: major haemorrhage activation {mhp_reference}")
    if not m["active"]:
        return _nak(state, "207", f"{ref} has been stood down")
    stock = [d for d, u in sorted(state.units.items()) if u["status"] == "emergency_stock"]
    if not 1 <= int(quantity) <= len(stock):
        return _nak(state, "207", f"{len(stock)} emergency units available")
    out = []
    for d in stock[:int(quantity)]:
        state.units[d]["status"] = "issued"
        state.units[d]["patient"] = m["mrn"]
        _event(state, d, "EMERGENCY_ISSUE", ref)
        out.append(_show(d))
        m["issued"].append(d)
    return _ack(state, issued=out, mhp={"reference": ref})


def stand_down_major_haemorrhage(mhp_reference: str, notes: str, state: State) -> dict:
    """Stand down a major haemorrhage activation."""
    user, bad = _msg_user(state)
    if bad:
        return bad
    ref = str(mhp_reference).strip().upper()
    m = state.mhps.get(ref)
    if m is None:
        return _nak(state, "204", f"Unknown key identifier: major haemorrhage activation {mhp_reference}")
    if not m["active"]:
        return _nak(state, "205", f"{ref} is already stood down")
    m["active"] = False
    return _ack(state, mhp={"reference": ref, "active": False, "units_issued": len(m["issued"]),
                            "notes": notes.strip()})


# ----------------------------------------------------------------------------- anti-D

def issue_anti_d(hospital_number: str, dose_iu: int, sensitising_event: str, event_date: str, witness_ref: str,
                 state: State) -> dict:
    """Issue anti-D immunoglobulin for an RhD negative woman after a sensitising event.

    Args:
        dose_iu: 250, 500, 1500 or 2500 IU.
        sensitising_event: What happened, e.g. delivery of an RhD positive baby.
        event_date: ``DD/MM/YYYY``; anti-D must be given within 72 hours.
        witness_ref: The second checker's reference from ``witness_check``.
    """
    user, bad = _msg_user(state)
    if bad:
        return bad
    mrn = str(hospital_number).strip().upper()
    p = state.patients.get(mrn)
    if p is None:
        return _nak(state, "204", f"Unknown key identifier: patient {hospital_number}")
    if not _witness_ok(state, witness_ref):
        return _nak(state, "207", "Second checker not recorded for this session")
    ev = _dmy(event_date)
    if ev is None:
        return _nak(state, "102", f"Data type error: event_date {event_date!r} is not DD/MM/YYYY", ack="AR")
    if int(dose_iu) not in (250, 500, 1500, 2500):
        return _nak(state, "207", "Dose must be 250, 500, 1500 or 2500 IU")
    if not ev[:6] == TODAY[:6] or not 0 <= int(TODAY[6:]) - int(ev[6:]) <= 3:
        return _nak(state, "207", "Anti-D must be given within 72 hours of the event")
    g = _group_of(state, mrn)
    if g is None:
        return _nak(state, "207", "No RhD type on record: group the patient first")
    if g[1] != "NEG":
        return _nak(state, "207", "The patient is RhD positive; anti-D is not indicated")
    ref = f"AD27-{state.counters['anti_d']:04d}"
    state.counters["anti_d"] += 1
    state.anti_d.append({"ref": ref, "mrn": mrn, "dose": int(dose_iu), "event": sensitising_event.strip()})
    return _ack(state, anti_d={"reference": ref, "hospital_number": mrn, "dose_iu": int(dose_iu)})


TOOLS = [
    sign_on, sign_off, witness_check, find_patient, get_patient, get_blood_group, register_emergency_patient,
    merge_patient_records, book_in_sample, list_samples, record_abo_rhd, record_antibody_screen,
    record_antibody_identification, add_special_requirement, list_component_codes, search_stock, count_stock,
    get_unit, trace_unit, receipt_consignment, quarantine_unit, release_from_quarantine, discard_unit, list_fridges,
    set_remote_issue, move_to_fridge, create_request, list_requests, crossmatch_units, allocate_and_label,
    cancel_allocation, issue_unit, return_unit, record_bedside_check, start_transfusion, record_observations,
    complete_transfusion, report_reaction, activate_major_haemorrhage, issue_emergency_units,
    stand_down_major_haemorrhage, issue_anti_d,
]

FIXTURES = {
    "site": {"hospital": "St Aldhelm's Hospital", "department": "Blood transfusion laboratory",
             "now": "Tuesday 9 November 2027, 14:20"},
    "staff": [
        {"name": "Priya Raman", "role": "biomedical scientist", "username": "praman", "password": "Rh-Kell-2027!",
         "staff_number": "B40917", "pin": "5521"},
        {"name": "Marcus Lewis", "role": "biomedical scientist", "username": "mlewis", "password": "Coombs#Lab4",
         "staff_number": "B41022", "pin": "8834"},
        {"name": "Nia Taylor", "role": "staff nurse, Ward 12", "username": "ntaylor", "password": "Ward12-Bleep-4410",
         "staff_number": "N22871", "pin": "3390"},
        {"name": "George Boateng", "role": "staff nurse, Ward 12", "username": "gboateng", "password": "Obs-Round-66",
         "staff_number": "N23310", "pin": "6157"},
        {"name": "Sian Davies", "role": "midwife, Delivery Suite", "username": "sdavies", "password": "Midwife-DS-2027",
         "staff_number": "M10554", "pin": "7702"},
    ],
    "patients_as_named": [
        {"name": "Adaeze Okonkwo", "date_of_birth": "14/03/1961", "ward": "Ward 7",
         "says": "haematology day patient; two units of red cells for symptomatic anaemia (Hb 64 g/L) tomorrow "
                 "morning; this morning's sample screens positive and the panel shows anti-E"},
        {"name": "Tomas Ferreira", "date_of_birth": "02/07/1948", "ward": "Ward 12",
         "says": "aortic aneurysm repair first on the list tomorrow; two units requested by Mr Kamara"},
        {"name": "Niamh Walsh", "date_of_birth": "22/09/1994", "ward": "Delivery Suite",
         "says": "delivered an RhD positive baby at 09:40 today"},
        {"name": "Chloe Baker", "date_of_birth": "05/05/1999", "ward": "Delivery Suite",
         "says": "first pregnancy, booked elsewhere; delivered at 11:05 today, baby's cord blood O RhD positive; her sample came in before lunch and "
                 "is not grouped yet; bleeding heavily since 13:50"},
        {"name": "Gareth Hughes", "date_of_birth": "30/11/1955", "ward": "Ward 4",
         "says": "needs irradiated blood (purine analogue last year); a unit was crossmatched for him yesterday "
                 "evening; transfused on 12 October"},
        {"name": "Ravi Patel", "date_of_birth": "19/01/1972", "nhs_number": "338 710 4452",
         "says": "brought into ED unconscious after a road traffic collision at 13:55, later identified by his wife"},
    ],
    "deliveries": [{"consignment_number": "NHSBT-CN-88120", "from": "NHS Blood and Transplant, Filton",
                    "arrived": "14:05", "box_temperature_c": 4.5}],
    "wards": {"trauma": "Emergency Department resus bay 2, ambulance ref AMB-55102"},
}

_SIGNED = [t.__name__ for t in TOOLS if t.__name__ not in ("sign_on", "list_component_codes", "list_fridges")]

GROUND_TRUTH = (
    [("sign_on", c, "auth: a user signed on at the workstation (BMS for laboratory work, RN at the bedside)")
     for c in _SIGNED]
    + [("find_patient|register_emergency_patient", c, "id lookup/create: hospital number (find_patient row cell, or "
        "patient.hospital_number of the emergency registration)")
       for c in ("get_patient", "book_in_sample", "create_request")]
    + [("find_patient", c, "id lookup: hospital number (row cell [0])")
       for c in ("get_blood_group", "list_samples", "add_special_requirement", "issue_anti_d",
                 "merge_patient_records", "record_bedside_check")]
    + [("book_in_sample|list_samples", c, "id lookup/create: sample number (sample.sample_number, or a "
        "list_samples row cell)")
       for c in ("record_abo_rhd", "record_antibody_screen", "record_antibody_identification", "crossmatch_units")]
    + [("allocate_and_label|get_patient", c, "id lookup/create: an allocated unit's DIN (labels[][0], or the "
        "patient's allocated[][0])") for c in ("issue_unit", "cancel_allocation", "move_to_fridge")]
    + [("start_transfusion|get_unit", c, "id lookup/create: episode number (episode.episode_number, or the "
        "unit's episode_number)")
       for c in ("record_observations", "complete_transfusion", "report_reaction")]
    + [("activate_major_haemorrhage", c, "id create: activation reference (mhp.reference)")
       for c in ("issue_emergency_units", "stand_down_major_haemorrhage")]
    + [("list_component_codes", c, "vocabulary: component code (row cell [0])")
       for c in ("search_stock", "count_stock", "create_request")]
    + [("witness_check", c, "witness: second checker's reference (witness.ref)")
       for c in ("record_bedside_check", "issue_anti_d")]
    + [
        ("register_emergency_patient", "merge_patient_records", "id create: temporary number "
                                                                 "(patient.hospital_number)"),
        ("create_request|list_requests", "crossmatch_units", "id lookup/create: request number "
                                                             "(request.request_number, or row cell [0])"),
        ("search_stock|receipt_consignment", "crossmatch_units", "id lookup/create: DINs of suitable units in stock "
                                                                 "(units[][0], or received[][0])"),
        ("search_stock|receipt_consignment", "quarantine_unit", "id lookup/create: DIN of a unit in stock "
                                                                "(units[][0], or received[][0])"),
        ("search_stock|receipt_consignment", "get_unit", "id lookup/create: DIN (units[][0], or received[][0])"),
        ("search_stock", "discard_unit", "id lookup: DIN of an expired unit (units[][0] with status EXPIRED)"),
        ("search_stock|get_patient", "trace_unit", "id lookup: DIN (units[][0], or the patient's "
                                                   "transfusions[][0])"),
        ("crossmatch_units", "allocate_and_label", "id create: crossmatch number (crossmatch.crossmatch_number)"),
        ("record_abo_rhd", "crossmatch_units", "state: the sample grouped"),
        ("record_antibody_screen", "crossmatch_units", "state: the sample screened"),
        ("record_antibody_screen", "record_antibody_identification", "state: a positive screen on the sample"),
        ("record_antibody_identification", "crossmatch_units", "state: antibodies identified after a positive "
                                                               "screen"),
        ("record_abo_rhd", "issue_anti_d", "state: RhD negative on record for a woman not grouped before"),
        ("record_abo_rhd", "get_blood_group", "state: a group on record for a patient not grouped before"),
        ("quarantine_unit", "release_from_quarantine", "state: the unit quarantined"),
        ("issue_unit", "record_bedside_check", "state: the unit issued"),
        ("issue_unit", "return_unit", "state: the unit issued"),
        ("record_bedside_check", "start_transfusion", "state: bedside check recorded"),
        ("list_fridges", "move_to_fridge", "vocabulary: fridge id (row cell [0])"),
        ("list_fridges", "set_remote_issue", "vocabulary: fridge id (row cell [0])"),
        ("set_remote_issue", "move_to_fridge", "setting: remote issue enabled on the satellite fridge"),
    ]
)

PLAUSIBLE = {
    ("get_patient", "crossmatch_units"), ("get_patient", "create_request"),
    ("get_blood_group", "crossmatch_units"), ("get_blood_group", "search_stock"), ("get_patient", "search_stock"),
    ("list_samples", "record_bedside_check"), ("count_stock", "search_stock"), ("get_unit", "quarantine_unit"),
    ("get_unit", "discard_unit"), ("get_unit", "issue_unit"), ("trace_unit", "quarantine_unit"),
    ("list_requests", "allocate_and_label"), ("get_patient", "record_bedside_check"),
    ("issue_unit", "start_transfusion"), ("allocate_and_label", "record_bedside_check"),
    ("crossmatch_units", "issue_unit"), ("crossmatch_units", "move_to_fridge"),
    ("crossmatch_units", "cancel_allocation"), ("get_patient", "issue_anti_d"), ("get_blood_group", "issue_anti_d"),
    ("find_patient", "activate_major_haemorrhage"), ("register_emergency_patient", "activate_major_haemorrhage"),
    ("issue_emergency_units", "stand_down_major_haemorrhage"), ("record_observations", "report_reaction"),
    ("record_observations", "complete_transfusion"), ("get_unit", "return_unit"), ("find_patient", "list_requests"),
    ("search_stock", "count_stock"), ("issue_emergency_units", "trace_unit"),
    ("witness_check", "issue_unit"),
}
