"""Follicle: the clinic system of the Quillmarsh Fertility Centre, a licensed IVF clinic's patients, consents,
screening, treatment cycles, theatre, embryology laboratory, storage and accounts (38 calls).

Plain functions without a decorator, each checking its own session and role and answering its refusals, over an
in-memory ``State`` of the centre on Thursday 9 March 2056 at 08:30. The patient coordinator registers patients and
their partners, links couples, takes their consent forms, opens treatment cycles (a self-funded cycle is invoiced) and
books egg collections in theatre. The nurses take the viral screen, scan the ovaries during stimulation and record the
trigger injection; the consultant reviews the screen, starts stimulation once the cycle is paid for or its NHS funding
approved, and sets how many embryos are to be transferred. The counsellor sees patients before treatment with donor
sperm. The embryologists reserve donor sperm, record the collection and the sperm sample, fertilise the eggs, grade,
transfer and freeze the embryos and renew storage; finance records the funding panel's approvals, invoices storage and
records payments. The person responsible may make every call. The treatment tariff and the consent forms are public.

Refusals are *returned* in the style of the Stack Exchange API's error wrapper: a dict with a numeric ``error_id``, an
``error_name`` and an ``error_message``, as in ``{"error_id": 407, "error_name": "write_failed", "error_message":
"CY-3307's treatment fee (INV-55016) is unpaid"}`` (``bad_parameter`` 400 for a malformed input or an unknown id,
``access_token_required`` 401, ``invalid_access_token`` 402, ``access_denied`` 403 for a wrong password or role,
``write_failed`` 407 for a rule of the centre's or a record in the wrong state, ``duplicate_request`` 409 for a change
made already). No common convention of a runtime reads that, so the module declares ``FAILURE`` (``stack_error``).

Annotations are evaluated at definition and spelled with PEP 604 and builtin generics (``str | None``, ``list[str]``,
``list[float]``, ``list[list[Any]]``, ``dict[str, Any]``, ``Patient | dict[str, Any]``), with ``Literal`` aliases and
``Enum``s. Docstrings are Google style (``Args:`` and ``Returns:``). Replies are pydantic models and lists of them (a
session, patients, a patient's record with consents, screens, cycles and storage as rows, a screen, a consent, a
counselling note, a cycle, a cycle's detail with its scans and embryos as rows, invoices, a scan, a sperm sample, a
fertilisation with its embryos as rows, a transfer, storage records); the tariff, the consent forms, the donors, the
theatre list and a cycle's embryos as bare rows; a bare value (what is left to pay on an invoice); sentences with ids in
them (partners linked, a donor reserved, a collection booked, an embryo graded, a regulator's form, a sign-out). Typed
inputs: a plain ``Enum`` input (``StimDrug``), ``str`` ``Enum`` inputs (``PayMethod``, ``SpermSource``, ``Method``),
``Literal`` inputs (sex, funding, a counselling session's kind, a trigger drug, a test result, a cycle's outcome) and
``Literal`` filters (cycles, invoices), a ``list[str]`` of screening tests and of embryos, a ``list[float]`` of follicle
sizes, ``bool`` answers, ``int`` doses, counts and years, ``float`` amounts and measurements, ``str | None`` details
and filters. Ids look alike: patient ``FP-40211``, screen ``SCR-7708``, consent ``CN-4431``, counselling note
``CS-0562``, cycle ``CY-3301``, invoice ``INV-55016``, donor ``DN-0412``, theatre slot ``TH1-0309-0900``, embryo
``E-3303-2``, storage ``ST-0871``, regulator's form ``RF-11870``. The viral screen's tests, the ages for treatment and
for NHS funding, the screen's age, a panel reference's form, the dose range, the trigger's rules, the window for a
collection, the blastocyst grades, the rule for a double transfer, the timing of a pregnancy test, the storage period
and when storage may be renewed are stated only in refusals.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as provider means either
tool satisfies it, and the text of ``what`` before its first ``:`` is the kind.
"""

import datetime
import json
import re
from enum import Enum
from typing import Any, Literal

from pydantic import BaseModel

TODAY = "2056-03-09"  # a Thursday
NOW = "08:30"
COORDINATOR = "coordinator"
NURSE = "nurse"
CONSULTANT = "consultant"
EMBRYOLOGIST = "embryologist"
COUNSELLOR = "counsellor"
FINANCE = "finance"
PERSON_RESPONSIBLE = "person_responsible"

Sex = Literal["female", "male"]
Funding = Literal["self", "nhs"]
CounsellingKind = Literal["implications", "support", "therapeutic"]
TriggerDrug = Literal["hcg", "agonist"]
TestResult = Literal["positive", "negative"]
Outcome = Literal["pregnant", "not_pregnant", "abandoned", "frozen_all"]
CycleStatus = Literal["open", "stimulating", "triggered", "collected", "transferred", "closed"]
InvoiceStatus = Literal["unpaid", "paid"]


class PayMethod(str, Enum):
    CARD = "card"
    BANK_TRANSFER = "bank_transfer"
    FINANCE_PLAN = "finance_plan"


class SpermSource(str, Enum):
    PARTNER = "partner"
    DONOR = "donor"


class Method(str, Enum):
    IVF = "IVF"
    ICSI = "ICSI"


class StimDrug(Enum):
    FOLLITROPIN_ALFA = "follitropin_alfa"
    FOLLITROPIN_DELTA = "follitropin_delta"
    MENOTROPIN = "menotropin"


TARIFF = [  # code, treatment, fee, sperm
    ["IVF", "In vitro fertilisation, one cycle", 3950.0, "partner"],
    ["ICSI", "IVF with intracytoplasmic sperm injection, one cycle", 5150.0, "partner"],
    ["IVFD", "IVF with donor sperm, one cycle", 4650.0, "donor"],
    ["FET", "Frozen embryo transfer", 1750.0, "stored embryos"],
]
FEES = {row[0]: row[2] for row in TARIFF}
CONSENT_FORMS = [  # code, title, signed by
    ["WT", "Woman's consent to treatment", "the woman being treated"],
    ["MT", "Man's consent to the use of his sperm in treatment", "the partner providing sperm"],
    ["DC", "Consent to treatment with donated sperm", "the woman being treated"],
    ["WS", "Woman's consent to storing eggs and embryos", "the woman being treated"],
    ["MS", "Man's consent to storing sperm and embryos", "the partner providing sperm"],
    ["PP", "Consent to being the legal parent", "a partner who is not the sperm provider"],
]
FORM_SIGNER = {"WT": "female", "MT": "male", "DC": "female", "WS": "female", "MS": "male", "PP": "any"}
VIRAL_SCREEN = ("HIV", "HBsAg", "anti-HBc", "HCV")
SCREEN_DAYS = 90
AGES = (18, 50)
NHS_AGE = 40
PANEL_FORM = re.compile(r"ICB-[A-Z]{3}-\d{4}-\d{4}")
DOSE = (75, 450)
TRIGGER_DAY = 8
LEAD_SIZE = 17.0
LEADS = 3
COLLECTION_HOURS = (34, 38)
GRADE_FORM = re.compile(r"[1-6][ABC][ABC]")
DOUBLE_TRANSFER_AGE = 38
TEST_DAYS = 9
STORAGE_YEARS = (1, 10)
STORAGE_LIMIT = 55
RENEW_WINDOW = 365
STORAGE_FEE = 395.0  # a year

# --------------------------------------------------------------------------- refusals (Stack Exchange-style)

ERRORS = {"bad_parameter": 400, "access_token_required": 401, "invalid_access_token": 402, "access_denied": 403,
          "write_failed": 407, "duplicate_request": 409}


def stack_error(reply: Any) -> Any:
    """Whether a reply is a Stack Exchange-style error wrapper.

    Args:
        reply: A tool's reply (a dict, or JSON text of one).

    Returns:
        ``"error_name (error_id): error_message"`` when the reply has a numeric ``error_id`` and a string
        ``error_name``, else False.
    """
    if isinstance(reply, str) and reply[:1] == "{":
        try:
            reply = json.loads(reply)
        except ValueError:
            return False
    if not (isinstance(reply, dict) and isinstance(reply.get("error_id"), int)
            and not isinstance(reply.get("error_id"), bool) and isinstance(reply.get("error_name"), str)):
        return False
    return f"{reply['error_name']} ({reply['error_id']}): {reply.get('error_message')}"


FAILURE = stack_error


class _Refused(Exception):
    """A refusal inside a call, answered as the error wrapper."""

    def __init__(self, name: str, message: str) -> None:
        super().__init__(message)
        self.name = name
        self.message = message

    def wrapper(self) -> dict[str, Any]:
        return {"error_id": ERRORS[self.name], "error_name": self.name, "error_message": self.message}


def _bad(message: str) -> _Refused:
    return _Refused("bad_parameter", message)


def _rule(message: str) -> _Refused:
    return _Refused("write_failed", message)


def _again(message: str) -> _Refused:
    return _Refused("duplicate_request", message)


# --------------------------------------------------------------------------- replies


class Session(BaseModel):
    token: str
    name: str
    role: str
    signed_in: str


class Patient(BaseModel):
    patient_id: str
    name: str
    date_of_birth: str
    sex: str
    email: str
    phone: str | None
    partner_id: str | None


class PatientRecord(Patient):
    consents: list[list[Any]]
    screens: list[list[Any]]
    cycles: list[list[Any]]
    storage: list[list[Any]]


class Screen(BaseModel):
    screening_id: str
    patient_id: str
    tests: list[str]
    taken_on: str
    screen_status: str
    reviewed_by: str | None


class Consent(BaseModel):
    consent_id: str
    patient_id: str
    form: str
    title: str
    signed_on: str
    storage_years: int | None
    witness: str


class CounsellingNote(BaseModel):
    note_id: str
    patient_id: str
    kind: str
    held_on: str
    counsellor: str


class Cycle(BaseModel):
    cycle_id: str
    patient_id: str
    partner_id: str | None
    treatment: str
    funding: str
    fee: float
    invoice_id: str | None
    cycle_status: str
    stimulation_day: int | None
    transfer_plan: int | None


class CycleDetail(Cycle):
    scans: list[list[Any]]
    trigger: str | None
    collection_slot: str | None
    donor_id: str | None
    embryos: list[list[Any]]
    pregnancy_test: str | None
    outcome: str | None


class Invoice(BaseModel):
    invoice_id: str
    patient_id: str
    description: str
    amount: float
    paid: float
    invoice_status: str


class Scan(BaseModel):
    cycle_id: str
    scanned_on: str
    stimulation_day: int
    follicles: int
    lead_follicles: int
    endometrium_mm: float


class SpermSample(BaseModel):
    cycle_id: str
    source: str
    donor_id: str | None
    motile_million: float
    logged_at: str


class Fertilisation(BaseModel):
    cycle_id: str
    method: str
    inseminated: int
    fertilised: int
    embryos: list[list[Any]]


class Transfer(BaseModel):
    cycle_id: str
    embryo_id: str
    grade: str
    transferred_on: str
    planned: int
    transferred: int


class StorageRecord(BaseModel):
    storage_id: str
    patient_id: str
    embryos: list[str]
    frozen_on: str
    expires_on: str
    consent_years: int


# --------------------------------------------------------------------------- state


def _patient(name: str, born: str, sex: str, email: str, partner: str | None = None,
             phone: str | None = None) -> dict[str, Any]:
    return {"name": name, "born": born, "sex": sex, "email": email, "phone": phone, "partner": partner}


def _cycle(patient: str, partner: str | None, treatment: str, funding: str, status: str, **more: Any) -> dict[str, Any]:
    cycle = {"patient": patient, "partner": partner, "treatment": treatment, "funding": funding, "status": status,
             "invoice": None, "approved": None, "stim_start": None, "drug": None, "scans": [], "trigger": None,
             "slot": None, "collected_on": None, "eggs": None, "sample": None, "donor": None, "method": None,
             "plan": None, "transferred": [], "transferred_on": None, "test": None, "result": None, "outcome": None,
             "form": None}
    cycle.update(more)
    return cycle


class State:
    """The Quillmarsh Fertility Centre on Thursday 9 March 2056 at 08:30."""

    def __init__(self) -> None:
        self.staff = {
            "derval.p": {"name": "Derval Pembleton", "password": "Consent-Folder-38", "role": COORDINATOR},
            "dagny.c": {"name": "Dagny Cresswick", "password": "Scan-Trolley-51", "role": NURSE},
            "abelard.n": {"name": "Abelard Nevison-Ewbank", "password": "Follicle-Chart-77", "role": CONSULTANT},
            "feodora.m": {"name": "Feodora Maartens", "password": "Culture-Dish-24", "role": EMBRYOLOGIST},
            "benedicta.y": {"name": "Benedicta Yewdall", "password": "Quiet-Room-63", "role": COUNSELLOR},
            "godwyn.m": {"name": "Godwyn Mounsey", "password": "Invoice-Ledger-19", "role": FINANCE},
            "maelona.k": {"name": "Maelona Kerrigan", "password": "Licence-Holder-86", "role": PERSON_RESPONSIBLE},
        }
        self.sessions: dict[str, dict[str, Any]] = {}
        self.patients: dict[str, dict[str, Any]] = {
            "FP-40211": _patient("Orianne Vanstraaten", "2021-05-17", "female", "orianne.v@example.org", "FP-40212"),
            "FP-40212": _patient("Ambrus Vanstraaten", "2019-11-02", "male", "ambrus.v@example.org", "FP-40211"),
            "FP-40214": _patient("Corvina Rushbrook", "2022-08-30", "female", "corvina@rushbrook.example",
                                 "FP-40215"),
            "FP-40215": _patient("Iorwerth Rushbrook", "2020-01-19", "male", "iorwerth@rushbrook.example", "FP-40214"),
            "FP-40218": _patient("Ketura Tarrowby", "2020-03-11", "female", "ketura.tarrowby@example.net",
                                 "FP-40219"),
            "FP-40219": _patient("Leofwine Tarrowby", "2019-07-04", "male", "leofwine.tarrowby@example.net",
                                 "FP-40218"),
            "FP-40222": _patient("Dympna Blakiston-Sempill", "2018-12-01", "female", "dbs@example.com"),
            "FP-40225": _patient("Zilla Friedlander-Mba", "2023-02-14", "female", "zilla.fm@example.org",
                                 "FP-40226"),
            "FP-40226": _patient("Pirran Friedlander-Mba", "2021-09-09", "male", "pirran.fm@example.org",
                                 "FP-40225"),
            "FP-40229": _patient("Kerenza Satterly-Gaulter", "2019-06-25", "female", "kerenza.sg@example.com",
                                 "FP-40230"),
            "FP-40230": _patient("Jolyan Satterly-Gaulter", "2018-04-12", "male", "jolyan.sg@example.com",
                                 "FP-40229"),
            "FP-40233": _patient("Eirwen Dransfield-Haigh", "2024-10-03", "female", "eirwen.dh@example.net",
                                 "FP-40234"),
            "FP-40234": _patient("Crispen Dransfield-Haigh", "2022-12-22", "male", "crispen.dh@example.net",
                                 "FP-40233"),
            "FP-40237": _patient("Brannagh Holmwood-Kitteridge", "2017-07-29", "female", "brannagh.hk@example.com"),
            "FP-40240": _patient("Nerida Lammiman", "2020-11-15", "female", "nerida.l@example.org"),
            "FP-40243": _patient("Hafwen Postlethwaite", "2015-01-08", "female", "hafwen.postlethwaite@example.com"),
            "FP-40244": _patient("Caedmon Postlethwaite", "2012-08-19", "male", "caedmon.postlethwaite@example.com"),
        }
        self.screens: dict[str, dict[str, Any]] = {
            sid: {"patient": pid, "tests": list(VIRAL_SCREEN), "taken": taken, "status": "cleared",
                  "reviewer": "Abelard Nevison-Ewbank"}
            for sid, pid, taken in [
                ("SCR-7690", "FP-40211", "2056-01-12"), ("SCR-7691", "FP-40212", "2056-01-12"),
                ("SCR-7693", "FP-40214", "2056-01-19"), ("SCR-7694", "FP-40215", "2056-01-19"),
                ("SCR-7696", "FP-40218", "2056-01-26"), ("SCR-7697", "FP-40219", "2056-01-26"),
                ("SCR-7699", "FP-40225", "2056-02-02"), ("SCR-7700", "FP-40226", "2056-02-02"),
                ("SCR-7702", "FP-40229", "2056-02-09"), ("SCR-7703", "FP-40230", "2056-02-09"),
                ("SCR-7704", "FP-40237", "2056-01-05"), ("SCR-7705", "FP-40233", "2056-02-16"),
                ("SCR-7706", "FP-40234", "2056-02-16"), ("SCR-7707", "FP-40240", "2056-02-20"),
            ]
        }
        self.consents: dict[str, dict[str, Any]] = {
            cid: {"patient": pid, "form": form, "signed": signed, "years": years, "witness": "Derval Pembleton"}
            for cid, pid, form, signed, years in [
                ("CN-4390", "FP-40243", "WS", "2046-06-20", 10),
                ("CN-4401", "FP-40222", "WT", "2055-12-01", None), ("CN-4402", "FP-40222", "DC", "2055-12-01", None),
                ("CN-4404", "FP-40237", "WT", "2056-01-05", None), ("CN-4405", "FP-40237", "DC", "2056-01-05", None),
                ("CN-4407", "FP-40211", "WT", "2056-01-12", None), ("CN-4408", "FP-40212", "MT", "2056-01-12", None),
                ("CN-4410", "FP-40214", "WT", "2056-01-19", None), ("CN-4411", "FP-40215", "MT", "2056-01-19", None),
                ("CN-4413", "FP-40218", "WT", "2056-01-26", None), ("CN-4414", "FP-40219", "MT", "2056-01-26", None),
                ("CN-4416", "FP-40225", "WT", "2056-02-02", None), ("CN-4417", "FP-40226", "MT", "2056-02-02", None),
                ("CN-4419", "FP-40229", "WT", "2056-02-09", None), ("CN-4420", "FP-40230", "MT", "2056-02-09", None),
                ("CN-4422", "FP-40233", "WT", "2056-02-16", None), ("CN-4423", "FP-40234", "MT", "2056-02-16", None),
                ("CN-4425", "FP-40240", "WT", "2056-02-20", None),
            ]
        }
        self.counselling: dict[str, dict[str, Any]] = {
            "CS-0551": {"patient": "FP-40222", "kind": "implications", "held": "2055-11-24",
                        "counsellor": "Benedicta Yewdall"},
            "CS-0557": {"patient": "FP-40237", "kind": "implications", "held": "2055-12-29",
                        "counsellor": "Benedicta Yewdall"},
        }
        self.cycles: dict[str, dict[str, Any]] = {
            "CY-3301": _cycle("FP-40211", "FP-40212", "ICSI", "self", "stimulating", invoice="INV-55008",
                              stim_start="2056-02-28", drug="follitropin_alfa",
                              scans=[["2056-03-03", [10.0, 11.5, 9.0, 12.0], 6.5],
                                     ["2056-03-07", [14.0, 15.5, 13.0, 16.0, 12.0], 8.0]]),
            "CY-3302": _cycle("FP-40214", "FP-40215", "IVF", "self", "triggered", invoice="INV-55010",
                              stim_start="2056-02-25", drug="follitropin_delta",
                              scans=[["2056-03-07", [17.5, 18.0, 19.5, 16.0, 14.0, 17.0], 9.5]],
                              trigger="2056-03-07 21:00"),
            "CY-3303": _cycle("FP-40218", "FP-40219", "IVF", "self", "collected", invoice="INV-55011",
                              stim_start="2056-02-20", drug="menotropin", trigger="2056-03-02 20:00",
                              slot="TH1-0304-0800", collected_on="2056-03-04", eggs=[11, 9],
                              sample=["partner", None, 38.0, "2056-03-04 08:40"], method="IVF"),
            "CY-3304": _cycle("FP-40222", None, "IVFD", "self", "transferred", invoice="INV-55013",
                              stim_start="2056-02-03", drug="follitropin_alfa", trigger="2056-02-16 21:30",
                              slot="TH1-0218-0900", collected_on="2056-02-18", eggs=[8, 7], donor="DN-0398",
                              sample=["donor", "DN-0398", 12.5, "2056-02-18 09:20"], method="ICSI", plan=1,
                              transferred=["E-3304-2"], transferred_on="2056-02-23"),
            "CY-3305": _cycle("FP-40225", "FP-40226", "IVF", "nhs", "open", approved="ICB-QMH-2056-0147"),
            "CY-3307": _cycle("FP-40229", "FP-40230", "ICSI", "self", "open", invoice="INV-55016"),
            "CY-3308": _cycle("FP-40237", None, "IVFD", "self", "triggered", invoice="INV-55017",
                              stim_start="2056-02-24", drug="follitropin_alfa",
                              scans=[["2056-03-07", [18.0, 17.5, 19.0, 15.0], 10.0]], trigger="2056-03-07 22:00",
                              slot="TH1-0309-1000"),
            "CY-3309": _cycle("FP-40233", "FP-40234", "IVF", "nhs", "open"),
        }
        self.embryos: dict[str, dict[str, Any]] = {
            "E-3303-1": {"cycle": "CY-3303", "grade": None, "status": "in culture"},
            "E-3303-2": {"cycle": "CY-3303", "grade": None, "status": "in culture"},
            "E-3303-3": {"cycle": "CY-3303", "grade": None, "status": "in culture"},
            "E-3303-4": {"cycle": "CY-3303", "grade": None, "status": "in culture"},
            "E-3303-5": {"cycle": "CY-3303", "grade": None, "status": "in culture"},
            "E-3304-1": {"cycle": "CY-3304", "grade": "3BC", "status": "discarded"},
            "E-3304-2": {"cycle": "CY-3304", "grade": "4AB", "status": "transferred"},
            "E-3304-3": {"cycle": "CY-3304", "grade": "4BB", "status": "frozen"},
        }
        self.storage: dict[str, dict[str, Any]] = {
            "ST-0871": {"patient": "FP-40243", "embryos": ["E-1642-2", "E-1642-4"], "frozen": "2046-06-20",
                        "expires": "2056-06-20", "years": 10},
            "ST-0880": {"patient": "FP-40222", "embryos": ["E-3304-3"], "frozen": "2056-02-23",
                        "expires": "2066-02-23", "years": 10},
        }
        self.invoices: dict[str, dict[str, Any]] = {
            "INV-55008": {"patient": "FP-40211", "description": "CY-3301, ICSI", "amount": 5150.0, "paid": 5150.0,
                          "cycle": "CY-3301", "storage": None, "years": None},
            "INV-55010": {"patient": "FP-40214", "description": "CY-3302, IVF", "amount": 3950.0, "paid": 3950.0,
                          "cycle": "CY-3302", "storage": None, "years": None},
            "INV-55011": {"patient": "FP-40218", "description": "CY-3303, IVF", "amount": 3950.0, "paid": 3950.0,
                          "cycle": "CY-3303", "storage": None, "years": None},
            "INV-55013": {"patient": "FP-40222", "description": "CY-3304, IVF with donor sperm", "amount": 4650.0,
                          "paid": 4650.0, "cycle": "CY-3304", "storage": None, "years": None},
            "INV-55016": {"patient": "FP-40229", "description": "CY-3307, ICSI", "amount": 5150.0, "paid": 0.0,
                          "cycle": "CY-3307", "storage": None, "years": None},
            "INV-55017": {"patient": "FP-40237", "description": "CY-3308, IVF with donor sperm", "amount": 4650.0,
                          "paid": 4650.0, "cycle": "CY-3308", "storage": None, "years": None},
        }
        self.donors: dict[str, dict[str, Any]] = {
            "DN-0398": {"ethnicity": "White British", "blood": "A+", "eyes": "blue", "height": 183, "units": 3},
            "DN-0405": {"ethnicity": "Black Caribbean", "blood": "O+", "eyes": "brown", "height": 178, "units": 0},
            "DN-0412": {"ethnicity": "White Irish", "blood": "O-", "eyes": "green", "height": 188, "units": 5},
            "DN-0417": {"ethnicity": "British Indian", "blood": "B+", "eyes": "brown", "height": 175, "units": 4},
            "DN-0421": {"ethnicity": "White British", "blood": "A+", "eyes": "grey", "height": 180, "units": 2},
        }
        self.bookings: dict[str, str] = {"TH1-0304-0800": "CY-3303", "TH1-0218-0900": "CY-3304",
                                         "TH1-0309-1000": "CY-3308"}
        self.forms: dict[str, dict[str, Any]] = {}
        self.counters = {"session": 1, "patient": 40246, "screen": 7708, "consent": 4431, "note": 562,
                         "cycle": 3310, "invoice": 55021, "storage": 881, "form": 11870}


# --------------------------------------------------------------------------- helpers


def _session(state: State, token: Any, roles: tuple[str, ...] = ()) -> dict[str, Any]:
    if not isinstance(token, str) or not token.strip():
        raise _Refused("access_token_required", "this method needs the session token sign_in gives")
    session = state.sessions.get(token)
    if session is None:
        raise _Refused("invalid_access_token", "the session token is not valid, or the session has ended; sign in")
    if roles and session["role"] != PERSON_RESPONSIBLE and session["role"] not in roles:
        raise _Refused("access_denied", f"{session['name']} ({session['role'].replace('_', ' ')}) may not do this")
    return session


def _next(state: State, kind: str) -> int:
    n = state.counters[kind]
    state.counters[kind] = n + 1
    return n


def _blank(value: Any) -> bool:
    return not isinstance(value, str) or not value.strip()


def _number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _get(table: dict[str, Any], key: Any, what: str) -> dict[str, Any]:
    if not isinstance(key, str) or key not in table:
        raise _bad(f"no {what} {key}")
    return table[key]


def _enum(kind: Any, value: Any, what: str) -> str:
    if isinstance(value, kind):
        return value.value
    allowed = [m.value for m in kind]
    if value not in allowed:
        raise _bad(f"{what} is one of {', '.join(allowed)}")
    return value


def _date(value: Any, what: str) -> str:
    try:
        return datetime.date.fromisoformat(value).isoformat()
    except (TypeError, ValueError):
        raise _bad(f"{what} is a date, YYYY-MM-DD") from None


def _days(a: str, b: str) -> int:
    return (datetime.date.fromisoformat(b) - datetime.date.fromisoformat(a)).days


def _age(born: str, on: str = TODAY) -> int:
    b, d = datetime.date.fromisoformat(born), datetime.date.fromisoformat(on)
    return d.year - b.year - ((d.month, d.day) < (b.month, b.day))


def _add_years(day: str, years: int) -> str:
    d = datetime.date.fromisoformat(day)
    return d.replace(year=d.year + years, day=min(d.day, 28) if d.month == 2 else d.day).isoformat()


def _patient_reply(state: State, pid: str) -> Patient:
    p = state.patients[pid]
    return Patient(patient_id=pid, name=p["name"], date_of_birth=p["born"], sex=p["sex"], email=p["email"],
                   phone=p["phone"], partner_id=p["partner"])


def _screen_reply(state: State, sid: str) -> Screen:
    s = state.screens[sid]
    return Screen(screening_id=sid, patient_id=s["patient"], tests=list(s["tests"]), taken_on=s["taken"],
                  screen_status=s["status"], reviewed_by=s["reviewer"])


def _consent_reply(state: State, cid: str) -> Consent:
    c = state.consents[cid]
    title = next(row[1] for row in CONSENT_FORMS if row[0] == c["form"])
    return Consent(consent_id=cid, patient_id=c["patient"], form=c["form"], title=title, signed_on=c["signed"],
                   storage_years=c["years"], witness=c["witness"])


def _stim_day(c: dict[str, Any]) -> int | None:
    return _days(c["stim_start"], TODAY) + 1 if c["stim_start"] else None


def _fee(state: State, c: dict[str, Any]) -> float:
    return FEES[c["treatment"]] if c["funding"] == "self" else 0.0


def _cycle_reply(state: State, cid: str) -> Cycle:
    c = state.cycles[cid]
    return Cycle(cycle_id=cid, patient_id=c["patient"], partner_id=c["partner"], treatment=c["treatment"],
                 funding=c["funding"], fee=_fee(state, c), invoice_id=c["invoice"], cycle_status=c["status"],
                 stimulation_day=_stim_day(c) if c["status"] == "stimulating" else None, transfer_plan=c["plan"])


def _embryo_rows(state: State, cid: str) -> list[list[Any]]:
    c = state.cycles[cid]
    day = _days(c["collected_on"], TODAY) if c["collected_on"] else None
    return [[eid, day, e["grade"], e["status"]] for eid, e in sorted(state.embryos.items()) if e["cycle"] == cid]


def _invoice_reply(state: State, iid: str) -> Invoice:
    i = state.invoices[iid]
    return Invoice(invoice_id=iid, patient_id=i["patient"], description=i["description"], amount=i["amount"],
                   paid=round(i["paid"], 2), invoice_status="paid" if i["paid"] >= i["amount"] else "unpaid")


def _storage_reply(state: State, sid: str) -> StorageRecord:
    s = state.storage[sid]
    return StorageRecord(storage_id=sid, patient_id=s["patient"], embryos=list(s["embryos"]), frozen_on=s["frozen"],
                         expires_on=s["expires"], consent_years=s["years"])


def _signed(state: State, pid: str, form: str, since: str = "0000-01-01") -> list[dict[str, Any]]:
    return [c for c in state.consents.values() if c["patient"] == pid and c["form"] == form and c["signed"] >= since]


def _cleared(state: State, pid: str) -> bool:
    return any(s["patient"] == pid and s["status"] == "cleared" and _days(s["taken"], TODAY) <= SCREEN_DAYS
               for s in state.screens.values())


def _slot_time(code: str) -> datetime.datetime | None:
    m = re.fullmatch(r"TH1-(\d\d)(\d\d)-(\d\d)(\d\d)", code) if isinstance(code, str) else None
    if not m:
        return None
    try:
        return datetime.datetime(2056, int(m[1]), int(m[2]), int(m[3]), int(m[4]))
    except ValueError:
        return None


# --------------------------------------------------------------------------- sign-in and the public lists


def sign_in(state: State, username: str, password: str) -> Session | dict[str, Any]:
    """Signs a member of staff in to the clinic system.

    Args:
        username: The user name, such as derval.p.
        password: The password.

    Returns:
        The session: its token (every call but sign_in, treatment_tariff and consent_forms needs it), the name and
        the role.
    """
    try:
        user = state.staff.get(username) if isinstance(username, str) else None
        if user is None or user["password"] != password:
            raise _Refused("access_denied", "unknown user name or wrong password")
        token = f"qfc-{username.split('.')[0]}-{_next(state, 'session')}"
        state.sessions[token] = {"username": username, **user}
        return Session(token=token, name=user["name"], role=user["role"], signed_in=f"{TODAY} {NOW}")
    except _Refused as refused:
        return refused.wrapper()


def sign_out(state: State, token: str) -> str | dict[str, Any]:
    """Ends a session.

    Args:
        token: The session token.

    Returns:
        A sentence saying who signed out.
    """
    try:
        _session(state, token)
        who = state.sessions.pop(token)["name"]
        return f"{who} signed out of session {token} at {NOW}."
    except _Refused as refused:
        return refused.wrapper()


def treatment_tariff() -> list[list[Any]]:
    """The centre's treatment tariff (public).

    Returns:
        Rows of [treatment code, treatment, fee in pounds, whose sperm or embryos], one a treatment.
    """
    return [list(row) for row in TARIFF]


def consent_forms() -> list[list[str]]:
    """The regulator's consent forms the centre takes (public).

    Returns:
        Rows of [form code, title, who signs it].
    """
    return [list(row) for row in CONSENT_FORMS]


# --------------------------------------------------------------------------- patients


def find_patient(state: State, token: str, text: str) -> list[Patient] | dict[str, Any]:
    """Finds patients and partners by name.

    Args:
        token: The session token.
        text: Part of a name, such as "Tarrowby".

    Returns:
        The matching patients, by patient id.
    """
    try:
        _session(state, token)
        if _blank(text) or len(text.strip()) < 3:
            raise _bad("text is at least three letters of a name")
        t = text.strip().lower()
        return [_patient_reply(state, pid) for pid in sorted(state.patients)
                if t in state.patients[pid]["name"].lower()]
    except _Refused as refused:
        return refused.wrapper()


def register_patient(state: State, token: str, full_name: str, date_of_birth: str, sex: Sex,
                     email: str) -> Patient | dict[str, Any]:
    """Registers a new patient or partner (the coordinator's call).

    Args:
        token: The session token.
        full_name: The person's full name.
        date_of_birth: YYYY-MM-DD.
        sex: female or male.
        email: An e-mail address for letters and results.

    Returns:
        The new patient.
    """
    try:
        _session(state, token, (COORDINATOR,))
        born = _date(date_of_birth, "date_of_birth")
        if _blank(full_name) or len(full_name.split()) < 2:
            raise _bad("full_name is a first name and a surname")
        if sex not in ("female", "male"):
            raise _bad("sex is female or male")
        if _blank(email) or not re.fullmatch(r"[^@\s]+@[^@\s]+\.[a-z]{2,}", email.strip()):
            raise _bad("email is an e-mail address")
        if not AGES[0] <= _age(born) <= AGES[1]:
            raise _rule(f"the centre treats patients aged {AGES[0]} to {AGES[1]}")
        for pid, p in state.patients.items():
            if p["name"].lower() == full_name.strip().lower() and p["born"] == born:
                raise _again(f"{full_name.strip()} is registered already as {pid}")
        pid = f"FP-{_next(state, 'patient')}"
        state.patients[pid] = _patient(full_name.strip(), born, sex, email.strip())
        return _patient_reply(state, pid)
    except _Refused as refused:
        return refused.wrapper()


def patient_record(state: State, token: str, patient_id: str) -> PatientRecord | dict[str, Any]:
    """A patient's whole record.

    Args:
        token: The session token.
        patient_id: The patient, such as FP-40211.

    Returns:
        The patient with consents as [consent id, form, signed on, storage years], screens as [screening id, taken
        on, status], cycles as [cycle id, treatment, status] and storage as [storage id, embryos, expires on].
    """
    try:
        _session(state, token)
        _get(state.patients, patient_id, "patient")
        base = _patient_reply(state, patient_id).model_dump()
        return PatientRecord(
            **base,
            consents=[[cid, c["form"], c["signed"], c["years"]] for cid, c in sorted(state.consents.items())
                      if c["patient"] == patient_id],
            screens=[[sid, s["taken"], s["status"]] for sid, s in sorted(state.screens.items())
                     if s["patient"] == patient_id],
            cycles=[[cid, c["treatment"], c["status"]] for cid, c in sorted(state.cycles.items())
                    if c["patient"] == patient_id or c["partner"] == patient_id],
            storage=[[sid, len(s["embryos"]), s["expires"]] for sid, s in sorted(state.storage.items())
                     if s["patient"] == patient_id])
    except _Refused as refused:
        return refused.wrapper()


def update_contact(state: State, token: str, patient_id: str, email: str | None = None,
                   phone: str | None = None) -> Patient | dict[str, Any]:
    """Changes a patient's e-mail address or telephone number (the coordinator's call).

    Args:
        token: The session token.
        patient_id: The patient.
        email: The new e-mail address, if it changes.
        phone: The new telephone number, if it changes.

    Returns:
        The patient as now recorded.
    """
    try:
        _session(state, token, (COORDINATOR,))
        p = _get(state.patients, patient_id, "patient")
        if email is None and phone is None:
            raise _bad("give an email or a phone")
        if email is not None and (_blank(email) or not re.fullmatch(r"[^@\s]+@[^@\s]+\.[a-z]{2,}", email.strip())):
            raise _bad("email is an e-mail address")
        if phone is not None and (_blank(phone) or len(re.sub(r"\D", "", phone)) < 10):
            raise _bad("phone is a telephone number of at least ten digits")
        new = {"email": email.strip() if email is not None else p["email"],
               "phone": phone.strip() if phone is not None else p["phone"]}
        if new["email"] == p["email"] and new["phone"] == p["phone"]:
            raise _again(f"{patient_id}'s contact details are those already")
        p.update(new)
        return _patient_reply(state, patient_id)
    except _Refused as refused:
        return refused.wrapper()


def link_partner(state: State, token: str, patient_id: str, partner_id: str) -> str | dict[str, Any]:
    """Records two registered people as partners in treatment (the coordinator's call).

    Args:
        token: The session token.
        patient_id: The woman to be treated.
        partner_id: Her partner.

    Returns:
        A sentence naming both.
    """
    try:
        _session(state, token, (COORDINATOR,))
        p = _get(state.patients, patient_id, "patient")
        q = _get(state.patients, partner_id, "patient")
        if patient_id == partner_id:
            raise _bad("a patient is not her own partner")
        if p["sex"] != "female":
            raise _rule(f"{patient_id} is the partner; give the woman to be treated as patient_id")
        if p["partner"] == partner_id:
            raise _again(f"{patient_id} and {partner_id} are linked already")
        if p["partner"] or q["partner"]:
            raise _rule("one of them is linked to someone else already")
        p["partner"], q["partner"] = partner_id, patient_id
        return f"{p['name']} ({patient_id}) and {q['name']} ({partner_id}) are linked as partners from {TODAY}."
    except _Refused as refused:
        return refused.wrapper()


def record_screening(state: State, token: str, patient_id: str, tests: list[str],
                     taken_on: str) -> Screen | dict[str, Any]:
    """Records a viral screen whose results the laboratory has reported, all negative (a nurse's call).

    Args:
        token: The session token.
        patient_id: The patient or partner screened.
        tests: The tests of the screen, such as ["HIV", ...].
        taken_on: The day the blood was taken, YYYY-MM-DD.

    Returns:
        The screen, awaiting the consultant's review.
    """
    try:
        _session(state, token, (NURSE,))
        _get(state.patients, patient_id, "patient")
        taken = _date(taken_on, "taken_on")
        if not isinstance(tests, list) or not all(isinstance(t, str) for t in tests):
            raise _bad("tests is a list of test names")
        if sorted(set(tests)) != sorted(VIRAL_SCREEN) or len(tests) != len(VIRAL_SCREEN):
            raise _bad(f"the viral screen is {', '.join(VIRAL_SCREEN)}, each once")
        if taken > TODAY or _days(taken, TODAY) > 14:
            raise _rule("a screen is recorded within 14 days of the blood being taken")
        for sid, s in state.screens.items():
            if s["patient"] == patient_id and s["taken"] == taken:
                raise _again(f"that screen is recorded already as {sid}")
        sid = f"SCR-{_next(state, 'screen')}"
        state.screens[sid] = {"patient": patient_id, "tests": list(VIRAL_SCREEN), "taken": taken,
                              "status": "awaiting review", "reviewer": None}
        return _screen_reply(state, sid)
    except _Refused as refused:
        return refused.wrapper()


def review_screening(state: State, token: str, screening_id: str, cleared: bool,
                     note: str | None = None) -> Screen | dict[str, Any]:
    """Records the consultant's review of a viral screen.

    Args:
        token: The session token.
        screening_id: The screen.
        cleared: True to clear the patient for treatment, False to refer to the virology clinic.
        note: The reason, when not cleared.

    Returns:
        The screen as reviewed.
    """
    try:
        session = _session(state, token, (CONSULTANT,))
        s = _get(state.screens, screening_id, "screen")
        if not isinstance(cleared, bool):
            raise _bad("cleared is true or false")
        if s["status"] != "awaiting review":
            raise _again(f"{screening_id} is reviewed already ({s['status']})")
        if not cleared and _blank(note):
            raise _bad("a referral needs a note")
        s["status"] = "cleared" if cleared else "referred"
        s["reviewer"] = session["name"]
        return _screen_reply(state, screening_id)
    except _Refused as refused:
        return refused.wrapper()


def sign_consent(state: State, token: str, patient_id: str, form_code: str, witness: str,
                 storage_years: int | None = None) -> Consent | dict[str, Any]:
    """Files a consent form a patient or partner has signed (the coordinator's call).

    Args:
        token: The session token.
        patient_id: Who signed it.
        form_code: The form, by its code in the consent forms.
        witness: The member of staff who witnessed the signature.
        storage_years: For a storage form, the years of storage consented to.

    Returns:
        The consent.
    """
    try:
        _session(state, token, (COORDINATOR,))
        p = _get(state.patients, patient_id, "patient")
        codes = [row[0] for row in CONSENT_FORMS]
        if form_code not in codes:
            raise _bad(f"no consent form {form_code}")
        if _blank(witness):
            raise _bad("witness is the name of the member of staff who witnessed it")
        signer = FORM_SIGNER[form_code]
        if signer != "any" and p["sex"] != signer:
            raise _rule(f"form {form_code} is signed by {next(r[2] for r in CONSENT_FORMS if r[0] == form_code)}")
        if form_code in ("WS", "MS"):
            if not _whole(storage_years) or not STORAGE_YEARS[0] <= storage_years <= STORAGE_YEARS[1]:
                raise _bad(f"a storage form gives storage_years, {STORAGE_YEARS[0]} to {STORAGE_YEARS[1]}")
        elif storage_years is not None:
            raise _bad("storage_years is given only on a storage form")
        since = (datetime.date.fromisoformat(TODAY) - datetime.timedelta(days=180)).isoformat()
        if _signed(state, patient_id, form_code, since):
            raise _again(f"{patient_id} has signed form {form_code} within the last six months already")
        cid = f"CN-{_next(state, 'consent')}"
        state.consents[cid] = {"patient": patient_id, "form": form_code, "signed": TODAY, "years": storage_years,
                               "witness": witness.strip()}
        return _consent_reply(state, cid)
    except _Refused as refused:
        return refused.wrapper()


def counselling(state: State, token: str, patient_id: str, kind: CounsellingKind,
                notes: str) -> CounsellingNote | dict[str, Any]:
    """Records a counselling session held today (the counsellor's call).

    Args:
        token: The session token.
        patient_id: The patient seen.
        kind: implications (before treatment with donated sperm), support or therapeutic.
        notes: The counsellor's notes.

    Returns:
        The counselling note.
    """
    try:
        session = _session(state, token, (COUNSELLOR,))
        _get(state.patients, patient_id, "patient")
        if kind not in ("implications", "support", "therapeutic"):
            raise _bad("kind is implications, support or therapeutic")
        if _blank(notes):
            raise _bad("notes are required")
        for nid, n in state.counselling.items():
            if n["patient"] == patient_id and n["kind"] == kind and n["held"] == TODAY:
                raise _again(f"that session is recorded already as {nid}")
        nid = f"CS-{_next(state, 'note'):04d}"
        state.counselling[nid] = {"patient": patient_id, "kind": kind, "held": TODAY, "counsellor": session["name"]}
        return CounsellingNote(note_id=nid, patient_id=patient_id, kind=kind, held_on=TODAY,
                               counsellor=session["name"])
    except _Refused as refused:
        return refused.wrapper()


# --------------------------------------------------------------------------- cycles and accounts


def open_cycle(state: State, token: str, patient_id: str, treatment_code: str, funding: Funding,
               partner_id: str | None = None) -> Cycle | dict[str, Any]:
    """Opens a treatment cycle for a woman (the coordinator's or the consultant's call); a self-funded cycle is
    invoiced its tariff fee.

    Args:
        token: The session token.
        patient_id: The woman to be treated.
        treatment_code: The treatment, by its code in the tariff.
        funding: self or nhs.
        partner_id: Her partner, for treatment with a partner's sperm.

    Returns:
        The new cycle, with its invoice for a self-funded cycle.
    """
    try:
        _session(state, token, (COORDINATOR, CONSULTANT))
        p = _get(state.patients, patient_id, "patient")
        if not isinstance(treatment_code, str) or treatment_code not in FEES:
            raise _bad(f"no treatment {treatment_code} on the tariff")
        if funding not in ("self", "nhs"):
            raise _bad("funding is self or nhs")
        if p["sex"] != "female":
            raise _rule(f"{patient_id} is not a woman to be treated")
        if funding == "nhs" and _age(p["born"]) >= NHS_AGE:
            raise _rule(f"NHS funding is for women under {NHS_AGE}")
        for cid, c in state.cycles.items():
            if c["patient"] == patient_id and c["status"] != "closed":
                raise _rule(f"{patient_id} has a cycle in progress already ({cid})")
        if not _cleared(state, patient_id):
            raise _rule(f"{patient_id} has no viral screen cleared in the last {SCREEN_DAYS} days")
        if not _signed(state, patient_id, "WT"):
            raise _rule(f"{patient_id} has not signed form WT")
        sperm = next(row[3] for row in TARIFF if row[0] == treatment_code)
        if sperm == "partner":
            if partner_id is None:
                raise _bad(f"a {treatment_code} cycle gives the partner_id")
            _get(state.patients, partner_id, "patient")
            if p["partner"] != partner_id:
                raise _rule(f"{partner_id} is not linked as {patient_id}'s partner")
            if not _cleared(state, partner_id):
                raise _rule(f"{partner_id} has no viral screen cleared in the last {SCREEN_DAYS} days")
            if not _signed(state, partner_id, "MT"):
                raise _rule(f"{partner_id} has not signed form MT")
        elif partner_id is not None:
            raise _bad(f"a {treatment_code} cycle takes no partner_id")
        if sperm == "donor" and not _signed(state, patient_id, "DC"):
            raise _rule(f"{patient_id} has not signed form DC")
        if sperm == "stored embryos" and not any(s["patient"] == patient_id for s in state.storage.values()):
            raise _rule(f"{patient_id} has no embryos in storage")
        cid = f"CY-{_next(state, 'cycle')}"
        state.cycles[cid] = _cycle(patient_id, partner_id, treatment_code, funding, "open")
        if funding == "self":
            iid = f"INV-{_next(state, 'invoice')}"
            name = next(row[1] for row in TARIFF if row[0] == treatment_code)
            state.invoices[iid] = {"patient": patient_id, "description": f"{cid}, {name}",
                                   "amount": FEES[treatment_code], "paid": 0.0, "cycle": cid, "storage": None,
                                   "years": None}
            state.cycles[cid]["invoice"] = iid
        return _cycle_reply(state, cid)
    except _Refused as refused:
        return refused.wrapper()


def cycles(state: State, token: str, status: CycleStatus | None = None,
           patient_id: str | None = None) -> list[Cycle] | dict[str, Any]:
    """Lists treatment cycles.

    Args:
        token: The session token.
        status: Only cycles in this status (open, stimulating, triggered, collected, transferred, closed).
        patient_id: Only this patient's cycles.

    Returns:
        The cycles, by cycle id.
    """
    try:
        _session(state, token)
        if status is not None and status not in ("open", "stimulating", "triggered", "collected", "transferred",
                                                 "closed"):
            raise _bad("status is open, stimulating, triggered, collected, transferred or closed")
        if patient_id is not None:
            _get(state.patients, patient_id, "patient")
        return [_cycle_reply(state, cid) for cid, c in sorted(state.cycles.items())
                if (status is None or c["status"] == status) and (patient_id is None or c["patient"] == patient_id)]
    except _Refused as refused:
        return refused.wrapper()


def cycle_detail(state: State, token: str, cycle_id: str) -> CycleDetail | dict[str, Any]:
    """A cycle in full.

    Args:
        token: The session token.
        cycle_id: The cycle, such as CY-3301.

    Returns:
        The cycle with its scans as [day, follicle sizes, endometrium], its trigger, collection slot, donor, embryos
        as [embryo id, day, grade, status], pregnancy test and outcome.
    """
    try:
        _session(state, token)
        c = _get(state.cycles, cycle_id, "cycle")
        return CycleDetail(**_cycle_reply(state, cycle_id).model_dump(), scans=[list(s) for s in c["scans"]],
                           trigger=c["trigger"], collection_slot=c["slot"], donor_id=c["donor"],
                           embryos=_embryo_rows(state, cycle_id), pregnancy_test=c["test"], outcome=c["outcome"])
    except _Refused as refused:
        return refused.wrapper()


def invoices(state: State, token: str, patient_id: str | None = None,
             status: InvoiceStatus | None = None) -> list[Invoice] | dict[str, Any]:
    """Lists invoices.

    Args:
        token: The session token.
        patient_id: Only this patient's invoices.
        status: unpaid or paid.

    Returns:
        The invoices, by invoice id.
    """
    try:
        _session(state, token)
        if patient_id is not None:
            _get(state.patients, patient_id, "patient")
        if status is not None and status not in ("unpaid", "paid"):
            raise _bad("status is unpaid or paid")
        out = [_invoice_reply(state, iid) for iid in sorted(state.invoices)
               if patient_id is None or state.invoices[iid]["patient"] == patient_id]
        return [i for i in out if status is None or i.invoice_status == status]
    except _Refused as refused:
        return refused.wrapper()


def record_payment(state: State, token: str, invoice_id: str, amount: float,
                   method: PayMethod) -> float | dict[str, Any]:
    """Records a payment against an invoice (finance's call).

    Args:
        token: The session token.
        invoice_id: The invoice.
        amount: Pounds paid, up to what is owed.
        method: card, bank_transfer or finance_plan.

    Returns:
        What is left to pay on the invoice, in pounds.
    """
    try:
        _session(state, token, (FINANCE,))
        i = _get(state.invoices, invoice_id, "invoice")
        _enum(PayMethod, method, "method")
        if not _number(amount) or amount <= 0:
            raise _bad("amount is a positive number of pounds")
        owed = round(i["amount"] - i["paid"], 2)
        if owed <= 0:
            raise _again(f"{invoice_id} is paid already")
        if amount > owed + 0.005:
            raise _rule(f"{invoice_id} has {owed:.2f} left to pay")
        i["paid"] = round(i["paid"] + amount, 2)
        return round(i["amount"] - i["paid"], 2)
    except _Refused as refused:
        return refused.wrapper()


def approve_funding(state: State, token: str, cycle_id: str, panel_reference: str) -> Cycle | dict[str, Any]:
    """Records the funding panel's approval of an NHS-funded cycle (finance's call).

    Args:
        token: The session token.
        cycle_id: The NHS-funded cycle.
        panel_reference: The panel's reference on its letter of approval.

    Returns:
        The cycle.
    """
    try:
        _session(state, token, (FINANCE,))
        c = _get(state.cycles, cycle_id, "cycle")
        if _blank(panel_reference) or not PANEL_FORM.fullmatch(panel_reference.strip()):
            raise _bad("a panel reference is ICB-, three letters, the year and four digits, such as ICB-ABC-2056-0001")
        if c["funding"] != "nhs":
            raise _rule(f"{cycle_id} is self-funded")
        if c["approved"]:
            raise _again(f"{cycle_id}'s funding is approved already ({c['approved']})")
        if c["status"] != "open":
            raise _rule(f"{cycle_id} is {c['status']}")
        c["approved"] = panel_reference.strip()
        return _cycle_reply(state, cycle_id)
    except _Refused as refused:
        return refused.wrapper()


# --------------------------------------------------------------------------- stimulation, trigger and theatre


def start_stimulation(state: State, token: str, cycle_id: str, drug: StimDrug,
                      daily_dose_iu: int) -> Cycle | dict[str, Any]:
    """Starts ovarian stimulation on an open cycle (the consultant's call).

    Args:
        token: The session token.
        cycle_id: The cycle.
        drug: follitropin_alfa, follitropin_delta or menotropin.
        daily_dose_iu: The daily dose in international units.

    Returns:
        The cycle, stimulating from today.
    """
    try:
        _session(state, token, (CONSULTANT,))
        c = _get(state.cycles, cycle_id, "cycle")
        name = _enum(StimDrug, drug, "drug")
        if not _whole(daily_dose_iu) or not DOSE[0] <= daily_dose_iu <= DOSE[1]:
            raise _bad(f"daily_dose_iu is a whole number from {DOSE[0]} to {DOSE[1]}")
        if c["status"] != "open":
            raise _again(f"{cycle_id} is {c['status']} already") if c["stim_start"] else _rule(
                f"{cycle_id} is {c['status']}")
        if c["treatment"] == "FET":
            raise _rule("a frozen embryo transfer needs no stimulation")
        if c["funding"] == "self":
            i = state.invoices[c["invoice"]]
            if i["paid"] < i["amount"]:
                raise _rule(f"{cycle_id}'s treatment fee ({c['invoice']}) is unpaid")
        elif not c["approved"]:
            raise _rule(f"{cycle_id}'s NHS funding is not approved by the panel")
        c.update(status="stimulating", stim_start=TODAY, drug=name)
        return _cycle_reply(state, cycle_id)
    except _Refused as refused:
        return refused.wrapper()


def record_scan(state: State, token: str, cycle_id: str, follicle_sizes_mm: list[float],
                endometrium_mm: float) -> Scan | dict[str, Any]:
    """Records today's ultrasound scan of a stimulating cycle (a nurse's call).

    Args:
        token: The session token.
        cycle_id: The cycle.
        follicle_sizes_mm: Each follicle's diameter in millimetres.
        endometrium_mm: The lining's thickness in millimetres.

    Returns:
        The scan, with the number of lead follicles.
    """
    try:
        _session(state, token, (NURSE,))
        c = _get(state.cycles, cycle_id, "cycle")
        if (not isinstance(follicle_sizes_mm, list) or not 1 <= len(follicle_sizes_mm) <= 40
                or not all(_number(s) and 2 <= s <= 35 for s in follicle_sizes_mm)):
            raise _bad("follicle_sizes_mm is a list of 1 to 40 sizes, each 2 to 35")
        if not _number(endometrium_mm) or not 2 <= endometrium_mm <= 20:
            raise _bad("endometrium_mm is 2 to 20")
        if c["status"] != "stimulating":
            raise _rule(f"{cycle_id} is {c['status']}, not stimulating")
        if any(s[0] == TODAY for s in c["scans"]):
            raise _again(f"{cycle_id} is scanned today already")
        sizes = [float(s) for s in follicle_sizes_mm]
        c["scans"].append([TODAY, sizes, float(endometrium_mm)])
        return Scan(cycle_id=cycle_id, scanned_on=TODAY, stimulation_day=_stim_day(c), follicles=len(sizes),
                    lead_follicles=sum(s >= LEAD_SIZE for s in sizes), endometrium_mm=float(endometrium_mm))
    except _Refused as refused:
        return refused.wrapper()


def record_trigger(state: State, token: str, cycle_id: str, drug: TriggerDrug,
                   given_at: str) -> Cycle | dict[str, Any]:
    """Records the trigger injection that ends stimulation (a nurse's call).

    Args:
        token: The session token.
        cycle_id: The cycle.
        drug: hcg or agonist.
        given_at: When it is given today, YYYY-MM-DD HH:MM.

    Returns:
        The cycle, triggered.
    """
    try:
        _session(state, token, (NURSE,))
        c = _get(state.cycles, cycle_id, "cycle")
        if drug not in ("hcg", "agonist"):
            raise _bad("drug is hcg or agonist")
        try:
            at = datetime.datetime.strptime(given_at, "%Y-%m-%d %H:%M")
        except (TypeError, ValueError):
            raise _bad("given_at is YYYY-MM-DD HH:MM") from None
        if at.date().isoformat() != TODAY:
            raise _rule("a trigger is recorded on the day it is given")
        if c["status"] != "stimulating":
            raise _rule(f"{cycle_id} is {c['status']}, not stimulating")
        if _stim_day(c) < TRIGGER_DAY:
            raise _rule(f"a trigger is given from day {TRIGGER_DAY} of stimulation; {cycle_id} is on day "
                        f"{_stim_day(c)}")
        latest = c["scans"][-1] if c["scans"] else None
        if latest is None or latest[0] != TODAY or sum(s >= LEAD_SIZE for s in latest[1]) < LEADS:
            raise _rule(f"a trigger needs today's scan to show {LEADS} follicles of {LEAD_SIZE:.0f} mm or more")
        c.update(status="triggered", trigger=at.strftime("%Y-%m-%d %H:%M"))
        return _cycle_reply(state, cycle_id)
    except _Refused as refused:
        return refused.wrapper()


def theatre_list(state: State, token: str, day: str) -> list[list[Any]] | dict[str, Any]:
    """The theatre's egg collection slots on a day.

    Args:
        token: The session token.
        day: YYYY-MM-DD.

    Returns:
        Rows of [slot code, time, theatre, the cycle booked or None].
    """
    try:
        _session(state, token)
        d = _date(day, "day")
        if not 0 <= _days(TODAY, d) <= 14:
            raise _bad("the theatre list covers today and the next 14 days")
        out = []
        for hour in (8, 9, 10, 11):
            code = f"TH1-{d[5:7]}{d[8:10]}-{hour:02d}00"
            out.append([code, f"{hour:02d}:00", "Theatre 1", state.bookings.get(code)])
        return out
    except _Refused as refused:
        return refused.wrapper()


def book_collection(state: State, token: str, cycle_id: str, slot_code: str) -> str | dict[str, Any]:
    """Books a triggered cycle's egg collection into a theatre slot (the coordinator's call).

    Args:
        token: The session token.
        cycle_id: The cycle.
        slot_code: The slot, by its code in the theatre list.

    Returns:
        A sentence with the slot and the cycle.
    """
    try:
        _session(state, token, (COORDINATOR,))
        c = _get(state.cycles, cycle_id, "cycle")
        at = _slot_time(slot_code)
        if at is None:
            raise _bad(f"no theatre slot {slot_code}")
        if c["status"] != "triggered":
            raise _rule(f"{cycle_id} is {c['status']}, not triggered")
        if c["slot"]:
            raise _again(f"{cycle_id} is booked already ({c['slot']})")
        if slot_code in state.bookings:
            raise _rule(f"{slot_code} is taken by {state.bookings[slot_code]}")
        if at < datetime.datetime.strptime(f"{TODAY} {NOW}", "%Y-%m-%d %H:%M"):
            raise _rule(f"{slot_code} has passed")
        hours = (at - datetime.datetime.strptime(c["trigger"], "%Y-%m-%d %H:%M")).total_seconds() / 3600
        if not COLLECTION_HOURS[0] <= hours <= COLLECTION_HOURS[1]:
            raise _rule(f"a collection is {COLLECTION_HOURS[0]} to {COLLECTION_HOURS[1]} hours after the trigger "
                        f"({c['trigger']})")
        c["slot"] = slot_code
        state.bookings[slot_code] = cycle_id
        return (f"{cycle_id}'s egg collection is booked for {at:%Y-%m-%d at %H:%M} in Theatre 1 (slot "
                f"{slot_code}).")
    except _Refused as refused:
        return refused.wrapper()


# --------------------------------------------------------------------------- laboratory


def donors(state: State, token: str, blood_group: str | None = None,
           ethnicity: str | None = None) -> list[list[Any]] | dict[str, Any]:
    """The sperm bank's donors with units available.

    Args:
        token: The session token.
        blood_group: Only donors of this blood group, such as O+.
        ethnicity: Only donors whose ethnicity includes this.

    Returns:
        Rows of [donor id, ethnicity, blood group, eye colour, height in cm, units available].
    """
    try:
        _session(state, token)
        if blood_group is not None and blood_group not in ("A+", "A-", "B+", "B-", "AB+", "AB-", "O+", "O-"):
            raise _bad("blood_group is A, B, AB or O with + or -")
        return [[did, d["ethnicity"], d["blood"], d["eyes"], d["height"], d["units"]]
                for did, d in sorted(state.donors.items()) if d["units"] > 0
                and (blood_group is None or d["blood"] == blood_group)
                and (ethnicity is None or str(ethnicity).lower() in d["ethnicity"].lower())]
    except _Refused as refused:
        return refused.wrapper()


def reserve_donor(state: State, token: str, cycle_id: str, donor_id: str) -> str | dict[str, Any]:
    """Reserves a unit of a donor's sperm for a donor-sperm cycle (an embryologist's call).

    Args:
        token: The session token.
        cycle_id: The cycle.
        donor_id: The donor.

    Returns:
        A sentence naming the donor and the cycle.
    """
    try:
        _session(state, token, (EMBRYOLOGIST,))
        c = _get(state.cycles, cycle_id, "cycle")
        d = _get(state.donors, donor_id, "donor")
        if c["treatment"] != "IVFD":
            raise _rule(f"{cycle_id} is not a donor-sperm cycle")
        if c["donor"]:
            raise _again(f"{cycle_id} has donor {c['donor']} reserved already")
        if c["status"] in ("collected", "transferred", "closed"):
            raise _rule(f"{cycle_id} is {c['status']}")
        if not any(n["patient"] == c["patient"] and n["kind"] == "implications" for n in state.counselling.values()):
            raise _rule(f"{c['patient']} has had no implications counselling")
        if d["units"] < 1:
            raise _rule(f"{donor_id} has no units left")
        d["units"] -= 1
        c["donor"] = donor_id
        return f"One unit of donor {donor_id}'s sperm is reserved for {cycle_id} ({c['patient']})."
    except _Refused as refused:
        return refused.wrapper()


def record_collection(state: State, token: str, cycle_id: str, eggs_collected: int,
                      mature_eggs: int) -> Cycle | dict[str, Any]:
    """Records today's egg collection (an embryologist's call).

    Args:
        token: The session token.
        cycle_id: The cycle collected.
        eggs_collected: Eggs collected.
        mature_eggs: Of those, the mature eggs.

    Returns:
        The cycle, collected.
    """
    try:
        _session(state, token, (EMBRYOLOGIST,))
        c = _get(state.cycles, cycle_id, "cycle")
        if not _whole(eggs_collected) or not _whole(mature_eggs) or not 0 <= mature_eggs <= eggs_collected <= 60:
            raise _bad("eggs_collected and mature_eggs are whole numbers, mature_eggs no more than eggs_collected")
        if c["status"] == "collected" and c["collected_on"] == TODAY:
            raise _again(f"{cycle_id}'s collection is recorded already")
        if c["status"] != "triggered":
            raise _rule(f"{cycle_id} is {c['status']}, not triggered")
        if not c["slot"] or c["slot"][4:8] != TODAY[5:7] + TODAY[8:10]:
            raise _rule(f"{cycle_id} has no collection booked for today")
        c.update(status="collected", collected_on=TODAY, eggs=[eggs_collected, mature_eggs])
        return _cycle_reply(state, cycle_id)
    except _Refused as refused:
        return refused.wrapper()


def log_sperm_sample(state: State, token: str, cycle_id: str, source: SpermSource,
                     motile_million: float) -> SpermSample | dict[str, Any]:
    """Logs the sperm sample prepared for a cycle collected today (an embryologist's call).

    Args:
        token: The session token.
        cycle_id: The cycle.
        source: partner, or donor for a donor unit reserved for the cycle.
        motile_million: Motile sperm after preparation, in millions.

    Returns:
        The sample.
    """
    try:
        _session(state, token, (EMBRYOLOGIST,))
        c = _get(state.cycles, cycle_id, "cycle")
        src = _enum(SpermSource, source, "source")
        if not _number(motile_million) or not 0 < motile_million <= 500:
            raise _bad("motile_million is a positive number up to 500")
        if c["sample"]:
            raise _again(f"{cycle_id} has a sample logged already")
        if not c["slot"] or c["slot"][4:8] != TODAY[5:7] + TODAY[8:10]:
            raise _rule(f"{cycle_id} has no collection today")
        if src == "partner":
            if not c["partner"]:
                raise _rule(f"{cycle_id} has no partner; its sperm is a donor's")
            donor = None
        else:
            if not c["donor"]:
                raise _rule(f"{cycle_id} has no donor unit reserved")
            donor = c["donor"]
        c["sample"] = [src, donor, float(motile_million), f"{TODAY} {NOW}"]
        return SpermSample(cycle_id=cycle_id, source=src, donor_id=donor, motile_million=float(motile_million),
                           logged_at=f"{TODAY} {NOW}")
    except _Refused as refused:
        return refused.wrapper()


def fertilise(state: State, token: str, cycle_id: str, method: Method) -> Fertilisation | dict[str, Any]:
    """Inseminates the mature eggs of a cycle collected today (an embryologist's call); the eggs that fertilise
    become the cycle's embryos.

    Args:
        token: The session token.
        cycle_id: The cycle.
        method: IVF or ICSI.

    Returns:
        The fertilisation, with the embryos as [embryo id, day, grade, status].
    """
    try:
        _session(state, token, (EMBRYOLOGIST,))
        c = _get(state.cycles, cycle_id, "cycle")
        m = _enum(Method, method, "method")
        if c["method"]:
            raise _again(f"{cycle_id} is inseminated already ({c['method']})")
        if c["status"] != "collected" or c["collected_on"] != TODAY:
            raise _rule(f"{cycle_id} has no eggs collected today")
        if not c["sample"]:
            raise _rule(f"{cycle_id} has no sperm sample logged")
        if c["treatment"] == "ICSI" and m != "ICSI":
            raise _rule(f"{cycle_id} is an ICSI cycle")
        mature = c["eggs"][1]
        fertilised = (mature * 7) // 10
        c["method"] = m
        for k in range(1, fertilised + 1):
            state.embryos[f"E-{cycle_id[3:]}-{k}"] = {"cycle": cycle_id, "grade": None, "status": "in culture"}
        return Fertilisation(cycle_id=cycle_id, method=m, inseminated=mature, fertilised=fertilised,
                             embryos=_embryo_rows(state, cycle_id))
    except _Refused as refused:
        return refused.wrapper()


def embryos(state: State, token: str, cycle_id: str) -> list[list[Any]] | dict[str, Any]:
    """A cycle's embryos.

    Args:
        token: The session token.
        cycle_id: The cycle.

    Returns:
        Rows of [embryo id, day of culture, grade, status].
    """
    try:
        _session(state, token)
        _get(state.cycles, cycle_id, "cycle")
        return _embryo_rows(state, cycle_id)
    except _Refused as refused:
        return refused.wrapper()


def grade_embryo(state: State, token: str, embryo_id: str, grade: str) -> str | dict[str, Any]:
    """Grades a blastocyst (an embryologist's call).

    Args:
        token: The session token.
        embryo_id: The embryo.
        grade: Its grade.

    Returns:
        A sentence with the embryo and its grade.
    """
    try:
        _session(state, token, (EMBRYOLOGIST,))
        e = _get(state.embryos, embryo_id, "embryo")
        if _blank(grade) or not GRADE_FORM.fullmatch(grade.strip().upper()):
            raise _bad("a blastocyst grade is its expansion, 1 to 6, then its inner cell mass and trophectoderm, "
                       "each A to C, such as 4AB")
        g = grade.strip().upper()
        c = state.cycles[e["cycle"]]
        if e["status"] != "in culture":
            raise _rule(f"{embryo_id} is {e['status']}")
        day = _days(c["collected_on"], TODAY)
        if day not in (5, 6):
            raise _rule(f"a blastocyst is graded on day 5 or 6; {embryo_id} is on day {day}")
        if e["grade"] == g:
            raise _again(f"{embryo_id} is graded {g} already")
        e["grade"] = g
        return f"Embryo {embryo_id} ({e['cycle']}, day {day}) is graded {g}."
    except _Refused as refused:
        return refused.wrapper()


def set_transfer_plan(state: State, token: str, cycle_id: str, embryos_to_transfer: int,
                      reason: str | None = None) -> Cycle | dict[str, Any]:
    """Sets how many embryos are to be transferred in a cycle (the consultant's call).

    Args:
        token: The session token.
        cycle_id: The cycle.
        embryos_to_transfer: 1, or 2 with a reason.
        reason: Why two embryos are to be transferred.

    Returns:
        The cycle with its plan.
    """
    try:
        _session(state, token, (CONSULTANT,))
        c = _get(state.cycles, cycle_id, "cycle")
        if embryos_to_transfer not in (1, 2) or isinstance(embryos_to_transfer, bool):
            raise _bad("embryos_to_transfer is 1 or 2")
        if c["status"] in ("transferred", "closed"):
            raise _rule(f"{cycle_id} is {c['status']}")
        if c["plan"] == embryos_to_transfer:
            raise _again(f"{cycle_id}'s plan is {embryos_to_transfer} already")
        if embryos_to_transfer == 2 and (_age(state.patients[c["patient"]]["born"]) < DOUBLE_TRANSFER_AGE
                                         or _blank(reason)):
            raise _rule(f"two embryos are transferred only for a woman of {DOUBLE_TRANSFER_AGE} or over, with a "
                        "reason")
        c["plan"] = embryos_to_transfer
        return _cycle_reply(state, cycle_id)
    except _Refused as refused:
        return refused.wrapper()


def transfer_embryo(state: State, token: str, embryo_id: str) -> Transfer | dict[str, Any]:
    """Records the transfer of a graded blastocyst to the woman's uterus (an embryologist's or the consultant's
    call).

    Args:
        token: The session token.
        embryo_id: The embryo transferred.

    Returns:
        The transfer, with the plan and the embryos transferred so far.
    """
    try:
        _session(state, token, (EMBRYOLOGIST, CONSULTANT))
        e = _get(state.embryos, embryo_id, "embryo")
        c = state.cycles[e["cycle"]]
        if e["status"] != "in culture":
            raise _rule(f"{embryo_id} is {e['status']}")
        if not e["grade"]:
            raise _rule(f"{embryo_id} is not graded")
        if not c["plan"]:
            raise _rule(f"{e['cycle']} has no transfer plan")
        if len(c["transferred"]) >= c["plan"]:
            raise _rule(f"{e['cycle']}'s plan of {c['plan']} is transferred already")
        if c["status"] not in ("collected", "transferred"):
            raise _rule(f"{e['cycle']} is {c['status']}")
        e["status"] = "transferred"
        c["transferred"].append(embryo_id)
        c.update(status="transferred", transferred_on=TODAY)
        return Transfer(cycle_id=e["cycle"], embryo_id=embryo_id, grade=e["grade"], transferred_on=TODAY,
                        planned=c["plan"], transferred=len(c["transferred"]))
    except _Refused as refused:
        return refused.wrapper()


def freeze_embryos(state: State, token: str, embryo_ids: list[str]) -> StorageRecord | dict[str, Any]:
    """Freezes graded blastocysts of one cycle into storage for the period the woman has consented to (an
    embryologist's call).

    Args:
        token: The session token.
        embryo_ids: The embryos frozen, all of one cycle.

    Returns:
        The storage record.
    """
    try:
        _session(state, token, (EMBRYOLOGIST,))
        if not isinstance(embryo_ids, list) or not embryo_ids or len(set(map(str, embryo_ids))) != len(embryo_ids):
            raise _bad("embryo_ids is a list of different embryos")
        found = [_get(state.embryos, eid, "embryo") for eid in embryo_ids]
        if len({e["cycle"] for e in found}) != 1:
            raise _bad("the embryos are of one cycle")
        cid = found[0]["cycle"]
        c = state.cycles[cid]
        for eid, e in zip(embryo_ids, found):
            if e["status"] != "in culture":
                raise _rule(f"{eid} is {e['status']}")
            if not e["grade"]:
                raise _rule(f"{eid} is not graded")
        ws = _signed(state, c["patient"], "WS", c["stim_start"] or TODAY)
        if not ws:
            raise _rule(f"{c['patient']} has not signed form WS for this cycle")
        years = ws[-1]["years"]
        if c["partner"] and c["sample"] and c["sample"][0] == "partner":
            ms = _signed(state, c["partner"], "MS", c["stim_start"] or TODAY)
            if not ms:
                raise _rule(f"{c['partner']} has not signed form MS for this cycle")
            years = min(years, ms[-1]["years"])
        sid = f"ST-{_next(state, 'storage'):04d}"
        for e in found:
            e["status"] = "frozen"
        state.storage[sid] = {"patient": c["patient"], "embryos": list(embryo_ids), "frozen": TODAY,
                              "expires": _add_years(TODAY, years), "years": years}
        return _storage_reply(state, sid)
    except _Refused as refused:
        return refused.wrapper()


def storage(state: State, token: str, patient_id: str | None = None,
            expiring_before: str | None = None) -> list[StorageRecord] | dict[str, Any]:
    """Lists frozen embryos in storage.

    Args:
        token: The session token.
        patient_id: Only this patient's storage.
        expiring_before: Only storage whose consented period ends before this day, YYYY-MM-DD.

    Returns:
        The storage records, by storage id.
    """
    try:
        _session(state, token)
        if patient_id is not None:
            _get(state.patients, patient_id, "patient")
        before = _date(expiring_before, "expiring_before") if expiring_before is not None else None
        return [_storage_reply(state, sid) for sid, s in sorted(state.storage.items())
                if (patient_id is None or s["patient"] == patient_id) and (before is None or s["expires"] < before)]
    except _Refused as refused:
        return refused.wrapper()


def invoice_storage(state: State, token: str, storage_id: str, years: int) -> Invoice | dict[str, Any]:
    """Invoices the storage fee for extending a storage record (finance's call).

    Args:
        token: The session token.
        storage_id: The storage record.
        years: The years of extension invoiced.

    Returns:
        The invoice.
    """
    try:
        _session(state, token, (FINANCE,))
        s = _get(state.storage, storage_id, "storage record")
        if not _whole(years) or not STORAGE_YEARS[0] <= years <= STORAGE_YEARS[1]:
            raise _bad(f"years is {STORAGE_YEARS[0]} to {STORAGE_YEARS[1]}")
        for iid, i in state.invoices.items():
            if i["storage"] == storage_id and i["paid"] < i["amount"]:
                raise _again(f"{storage_id} has an unpaid storage invoice already ({iid})")
        iid = f"INV-{_next(state, 'invoice')}"
        state.invoices[iid] = {"patient": s["patient"], "description": f"{storage_id}, storage for {years} years",
                               "amount": STORAGE_FEE * years, "paid": 0.0, "cycle": None, "storage": storage_id,
                               "years": years}
        return _invoice_reply(state, iid)
    except _Refused as refused:
        return refused.wrapper()


def renew_storage(state: State, token: str, storage_id: str, years: int) -> StorageRecord | dict[str, Any]:
    """Extends a storage record in its last year, on the woman's new storage consent and a paid storage invoice
    (an embryologist's call).

    Args:
        token: The session token.
        storage_id: The storage record.
        years: The years of extension.

    Returns:
        The storage record, extended.
    """
    try:
        _session(state, token, (EMBRYOLOGIST,))
        s = _get(state.storage, storage_id, "storage record")
        if not _whole(years) or not STORAGE_YEARS[0] <= years <= STORAGE_YEARS[1]:
            raise _bad(f"years is {STORAGE_YEARS[0]} to {STORAGE_YEARS[1]}")
        if _days(TODAY, s["expires"]) > RENEW_WINDOW:
            raise _rule(f"storage is renewed in its last year; {storage_id} runs to {s['expires']}")
        if _days(s["frozen"], _add_years(s["expires"], years)) > STORAGE_LIMIT * 366:
            raise _rule(f"embryos are stored for {STORAGE_LIMIT} years at most")
        if not [c for c in _signed(state, s["patient"], "WS", TODAY) if c["years"] >= years]:
            raise _rule(f"{s['patient']} has not signed a new form WS for {years} years")
        if not any(i["storage"] == storage_id and i["years"] == years and i["paid"] >= i["amount"]
                   for i in state.invoices.values()):
            raise _rule(f"{storage_id}'s storage fee for {years} years is not paid")
        s["expires"] = _add_years(s["expires"], years)
        s["years"] += years
        return _storage_reply(state, storage_id)
    except _Refused as refused:
        return refused.wrapper()


# --------------------------------------------------------------------------- outcomes


def record_pregnancy_test(state: State, token: str, cycle_id: str, result: TestResult,
                          hcg_iu_per_l: float) -> Cycle | dict[str, Any]:
    """Records the pregnancy test after a transfer (a nurse's call).

    Args:
        token: The session token.
        cycle_id: The cycle.
        result: positive or negative.
        hcg_iu_per_l: The blood hCG level, IU/L.

    Returns:
        The cycle.
    """
    try:
        _session(state, token, (NURSE,))
        c = _get(state.cycles, cycle_id, "cycle")
        if result not in ("positive", "negative"):
            raise _bad("result is positive or negative")
        if not _number(hcg_iu_per_l) or hcg_iu_per_l < 0:
            raise _bad("hcg_iu_per_l is a number, 0 or more")
        if c["test"]:
            raise _again(f"{cycle_id}'s test is recorded already ({c['test']})")
        if c["status"] != "transferred":
            raise _rule(f"{cycle_id} is {c['status']}; a test follows a transfer")
        if _days(c["transferred_on"], TODAY) < TEST_DAYS:
            raise _rule(f"a pregnancy test is at least {TEST_DAYS} days after the transfer ({c['transferred_on']})")
        c["test"] = f"{result}, hCG {float(hcg_iu_per_l):g} IU/L on {TODAY}"
        c["result"] = result
        return _cycle_reply(state, cycle_id)
    except _Refused as refused:
        return refused.wrapper()


def close_cycle(state: State, token: str, cycle_id: str, outcome: Outcome) -> Cycle | dict[str, Any]:
    """Closes a cycle with its outcome (the consultant's call).

    Args:
        token: The session token.
        cycle_id: The cycle.
        outcome: pregnant, not_pregnant, abandoned or frozen_all.

    Returns:
        The cycle, closed.
    """
    try:
        _session(state, token, (CONSULTANT,))
        c = _get(state.cycles, cycle_id, "cycle")
        if outcome not in ("pregnant", "not_pregnant", "abandoned", "frozen_all"):
            raise _bad("outcome is pregnant, not_pregnant, abandoned or frozen_all")
        if c["status"] == "closed":
            raise _again(f"{cycle_id} is closed already ({c['outcome']})")
        if outcome in ("pregnant", "not_pregnant"):
            want = "positive" if outcome == "pregnant" else "negative"
            if c.get("result") != want:
                raise _rule(f"{cycle_id} has no {want} pregnancy test recorded")
        elif outcome == "abandoned":
            if c["status"] not in ("open", "stimulating", "triggered"):
                raise _rule(f"a cycle is abandoned before its collection; {cycle_id} is {c['status']}")
        elif c["status"] != "collected" or not any(e["cycle"] == cycle_id and e["status"] == "frozen"
                                                  for e in state.embryos.values()):
            raise _rule(f"{cycle_id} has no frozen embryos without a transfer")
        c.update(status="closed", outcome=outcome)
        return _cycle_reply(state, cycle_id)
    except _Refused as refused:
        return refused.wrapper()


def submit_regulator_form(state: State, token: str, cycle_id: str) -> str | dict[str, Any]:
    """Submits a closed cycle's outcome form to the regulator (the person responsible's or the consultant's
    call).

    Args:
        token: The session token.
        cycle_id: The closed cycle.

    Returns:
        A sentence with the form's number.
    """
    try:
        _session(state, token, (CONSULTANT,))
        c = _get(state.cycles, cycle_id, "cycle")
        if c["form"]:
            raise _again(f"{cycle_id}'s form is submitted already ({c['form']})")
        if c["status"] != "closed":
            raise _rule(f"{cycle_id} is {c['status']}; the form follows the cycle's close")
        fid = f"RF-{_next(state, 'form')}"
        c["form"] = fid
        state.forms[fid] = {"cycle": cycle_id, "outcome": c["outcome"], "submitted": TODAY}
        return f"Form {fid} for {cycle_id} (outcome: {c['outcome'].replace('_', ' ')}) is submitted to the regulator."
    except _Refused as refused:
        return refused.wrapper()


TOOLS = [
    sign_in, sign_out, treatment_tariff, consent_forms, find_patient, register_patient, patient_record, update_contact,
    link_partner, record_screening, review_screening, sign_consent, counselling, open_cycle, cycles, cycle_detail,
    invoices, record_payment, approve_funding, start_stimulation, record_scan, record_trigger, theatre_list,
    book_collection, donors, reserve_donor, record_collection, log_sperm_sample, fertilise, embryos, grade_embryo,
    set_transfer_plan, transfer_embryo, freeze_embryos, storage, invoice_storage, renew_storage,
    record_pregnancy_test, close_cycle, submit_regulator_form,
]

FIXTURES = {
    "centre": "The Quillmarsh Fertility Centre, 12 Wyndcombe Road, Quillmarsh",
    "today": "Thursday 9 March 2056, 08:30",
    "staff": [
        {"name": "Derval Pembleton", "role": "patient coordinator", "username": "derval.p",
         "password": "Consent-Folder-38"},
        {"name": "Dagny Cresswick", "role": "nurse", "username": "dagny.c", "password": "Scan-Trolley-51"},
        {"name": "Abelard Nevison-Ewbank", "role": "consultant", "username": "abelard.n",
         "password": "Follicle-Chart-77"},
        {"name": "Feodora Maartens", "role": "embryologist", "username": "feodora.m", "password": "Culture-Dish-24"},
        {"name": "Benedicta Yewdall", "role": "counsellor", "username": "benedicta.y", "password": "Quiet-Room-63"},
        {"name": "Godwyn Mounsey", "role": "finance", "username": "godwyn.m", "password": "Invoice-Ledger-19"},
        {"name": "Maelona Kerrigan", "role": "person responsible", "username": "maelona.k",
         "password": "Licence-Holder-86"},
    ],
    "new_couple": {
        "woman": "Talitha Brenchley, born 14 June 2024, talitha.brenchley@example.org",
        "partner": "Goronwy Brenchley, born 3 February 2022, goronwy.brenchley@example.org",
        "screen": "blood taken from both for the viral screen on Thursday 2 March 2056; the laboratory reports every "
                  "test negative and the consultant clears them",
        "treatment": "ICSI, self-funded, the fee paid by card; stimulation with follitropin alfa, 225 units a day",
    },
    "notes": [
        "Nerida Lammiman is seen by the counsellor about treatment with donor sperm, signs the donor consent form and "
        "starts a self-funded cycle of IVF with donor sperm; the donor chosen is the first listed with the blood group"
        " O-",
        "Kerenza Satterly-Gaulter's ICSI fee is paid in full by bank transfer; she starts follitropin delta at 150 "
        "units a day",
        "Eirwen Dransfield-Haigh's NHS cycle is approved by the funding panel, reference ICB-QMH-2056-0172; she starts"
        " follitropin alfa at 200 units a day",
        "Zilla Friedlander-Mba starts menotropin at 300 units a day; her baseline scan shows follicles of 4, 5.5, 6 "
        "and 5 mm and a lining of 4.5 mm",
        "Orianne Vanstraaten's scan today shows follicles of 18, 19.5, 17.5, 16 and 15 mm and a lining of 9 mm; her "
        "hCG trigger is at 21:00 tonight and her collection on Saturday morning",
        "Corvina Rushbrook's collection is this morning at 09:00: 12 eggs, 10 mature; her partner's sample has 42.5 "
        "million motile sperm after preparation; conventional IVF",
        "Brannagh Holmwood-Kitteridge's collection is at 10:00: 9 eggs, 8 mature; a unit from the first O- donor "
        "listed is reserved and thawed (14 million motile); ICSI",
        "Ketura Tarrowby's day-5 blastocysts: the first graded 4AA, the second 4AB, the third 3BB; a single embryo "
        "transfer of the best; the other two frozen for ten years, both partners signing their storage forms",
        "Dympna Blakiston-Sempill's pregnancy test is positive, hCG 212 IU/L; the cycle is closed as a pregnancy and "
        "reported to the regulator",
        "Hafwen Postlethwaite renews the storage of her embryos for 5 years, paying the storage fee by card and "
        "signing a new storage form; her husband Caedmon Postlethwaite is to be linked as her partner and screened "
        "(blood taken on Monday 6 March 2056)",
        "Orianne Vanstraaten has a new mobile number, 07700 900418",
    ],
}

# --------------------------------------------------------------------------- the designed prerequisites

_TOKEN = "auth: session token (token of sign_in)"
PUBLIC = ("sign_in", "treatment_tariff", "consent_forms")
TOKEN_CONSUMERS = [t.__name__ for t in TOOLS if t.__name__ not in PUBLIC]
PATIENT_CONSUMERS = ["patient_record", "link_partner", "record_screening", "sign_consent", "counselling", "open_cycle"]
NEW_CYCLE_CONSUMERS = ["approve_funding", "start_stimulation", "reserve_donor", "set_transfer_plan", "record_scan"]
CYCLE_CONSUMERS = ["record_trigger", "book_collection", "record_collection", "log_sperm_sample", "fertilise",
                   "record_pregnancy_test", "close_cycle", "submit_regulator_form"]
EMBRYO_CONSUMERS = ["grade_embryo", "transfer_embryo", "freeze_embryos"]
STORAGE_CONSUMERS = ["invoice_storage", "renew_storage"]
_PATIENT = ("id lookup/create: patient (patient_id of a find_patient entry, or of register_patient's patient)")
_NEW_CYCLE = "id lookup/create: cycle (cycle_id of open_cycle's cycle, or of a cycles entry)"
_CYCLE = "id lookup: cycle (cycle_id of a cycles entry)"
_EMBRYO = "id lookup: embryo (the first column of an embryos row)"
_STORAGE = "id lookup: storage (storage_id of a storage entry)"

GROUND_TRUTH = (
    [("sign_in", c, _TOKEN) for c in TOKEN_CONSUMERS]
    + [("find_patient|register_patient", c, _PATIENT) for c in PATIENT_CONSUMERS]
    + [("open_cycle|cycles", c, _NEW_CYCLE) for c in NEW_CYCLE_CONSUMERS]
    + [("cycles", c, _CYCLE) for c in CYCLE_CONSUMERS]
    + [("embryos", c, _EMBRYO) for c in EMBRYO_CONSUMERS]
    + [("storage", c, _STORAGE) for c in STORAGE_CONSUMERS]
    + [
        ("open_cycle|invoices", "record_payment", "id lookup/create: invoice (invoice_id of open_cycle's cycle, or "
         "of an invoices entry, with its amount from the same reply)"),
        ("invoice_storage", "record_payment", "id create: storage invoice (invoice_id of invoice_storage's invoice)"),
        ("record_screening", "review_screening", "id create: viral screen (screening_id of record_screening)"),
        ("donors", "reserve_donor", "id lookup: donor (the first column of a donors row)"),
        ("treatment_tariff", "open_cycle", "vocabulary: the treatment codes (the first column of a treatment_tariff "
         "row)"),
        ("consent_forms", "sign_consent", "vocabulary: the consent form codes (the first column of a consent_forms "
         "row)"),
        ("theatre_list", "book_collection", "vocabulary: the theatre slot codes (the first column of a theatre_list "
         "row)"),
        ("review_screening", "open_cycle", "vetting: the woman's and the partner's viral screens cleared by the "
         "consultant"),
        ("sign_consent", "open_cycle", "document: the treatment consent forms signed (WT, and MT or DC)"),
        ("sign_consent", "freeze_embryos", "document: the storage consent forms signed (WS, and MS for a partner's "
         "sperm)"),
        ("sign_consent", "renew_storage", "document: a new storage consent form (WS) for the extension"),
        ("link_partner", "open_cycle", "state: the partner linked to the woman"),
        ("counselling", "reserve_donor", "state: implications counselling before treatment with donor sperm"),
        ("record_payment", "start_stimulation", "payment: a self-funded cycle's treatment fee paid"),
        ("approve_funding", "start_stimulation", "approval: an NHS cycle's funding approved by the panel"),
        ("record_payment", "renew_storage", "payment: the storage fee for the extension paid"),
        ("start_stimulation", "record_scan", "state: the cycle stimulating"),
        ("record_scan", "record_trigger", "state: today's scan shows the lead follicles"),
        ("record_trigger", "book_collection", "state: the cycle triggered (the collection follows the trigger)"),
        ("book_collection", "record_collection", "state: a collection booked for today"),
        ("record_collection", "fertilise", "state: the eggs collected today"),
        ("log_sperm_sample", "fertilise", "state: a sperm sample prepared"),
        ("reserve_donor", "log_sperm_sample", "state: a donor unit reserved for a donor-sperm cycle"),
        ("grade_embryo", "transfer_embryo", "state: the embryo graded"),
        ("grade_embryo", "freeze_embryos", "state: the embryos graded"),
        ("set_transfer_plan", "transfer_embryo", "setting: the cycle's transfer plan (how many embryos)"),
        ("record_pregnancy_test", "close_cycle", "state: the pregnancy test recorded (for a pregnant or not "
         "pregnant outcome)"),
        ("close_cycle", "submit_regulator_form", "state: the cycle closed"),
    ]
)

_DESIGNED = {(p, c) for ps, c, _ in GROUND_TRUTH for p in ps.split("|")}

# Real, direct prerequisites that are not designed (see README.md). (1) A reply that shows an id or a code to
# someone who did not give it, paired with the calls that take that kind of id or code and can accept one it shows:
# patient ids (the patient finders and creators, a record's partner, a cycle's woman and partner, an invoice's and a
# storage record's patient), cycle ids (a record's cycles, the cycles list, a new cycle, the theatre list's bookings),
# embryo ids (a cycle's detail), invoice ids (a cycle's invoice), storage ids (a record's storage, a new freeze),
# screens on a record, a donor on a cycle's detail, consent form codes on a record, treatment codes in cycles. (2) A
# call whose effect a later call checks itself: a booking for today before a sperm sample, frozen embryos before a
# cycle closes as frozen_all, a closed cycle before a new one opens, a paid storage invoice before another.
_PATIENT_READERS = ("find_patient", "register_patient", "patient_record", "cycles", "cycle_detail", "invoices",
                    "storage")
_PATIENT_TAKERS = ("patient_record", "update_contact", "link_partner", "record_screening", "sign_consent",
                   "counselling", "open_cycle", "cycles", "invoices", "storage")
_CYCLE_TAKERS = tuple(NEW_CYCLE_CONSUMERS + CYCLE_CONSUMERS + ["cycle_detail", "embryos"])
PLAUSIBLE = (
    {(r, c) for r in _PATIENT_READERS for c in _PATIENT_TAKERS if r != c}
    | {("patient_record", c) for c in _CYCLE_TAKERS}
    | {("cycles", c) for c in ("cycle_detail", "embryos", "record_payment", "open_cycle")}
    | {("open_cycle", c) for c in ("cycle_detail", "embryos", "close_cycle")}
    | {("theatre_list", c) for c in ("record_collection", "log_sperm_sample", "fertilise", "reserve_donor",
                                     "cycle_detail", "embryos", "close_cycle", "set_transfer_plan")}
    | {("cycle_detail", c) for c in ("grade_embryo", "transfer_embryo", "freeze_embryos", "record_payment",
                                     "reserve_donor", "open_cycle")}
    | {("patient_record", c) for c in ("invoice_storage", "renew_storage", "review_screening")}
    | {("freeze_embryos", "invoice_storage"), ("book_collection", "log_sperm_sample"),
       ("freeze_embryos", "close_cycle"), ("close_cycle", "open_cycle"), ("record_payment", "invoice_storage")}
) - _DESIGNED
