"""Pollard: the office, surveyors and crews of Greenhalgh & Rook Tree Surgery, The Wood Yard, Fenby Lane (41 calls).

Async functions over an in-memory ``State`` of the firm on Wednesday 8 October 2031 at 08:30. The office
registers customers and the properties (sites) where their trees stand, checks each site against the
council's tree preservation orders and conservation areas, and books the surveyor's visits from his free
slots. The surveyor records the trees on a survey (species, height, stem diameter, condition), completes it,
prices the work as a quote (a line per tree and operation: felling, sectional felling, crown reduction,
thinning and lifting, deadwooding, pollarding, stump grinding) and sends it. Accepted quotes become jobs; a
job on a protected site waits for the council's consent (an application under a tree preservation order, or
six weeks' notice of work in a conservation area) before it is scheduled with a crew. The office and the
crews book the kit (chippers, the stump grinder, the MEWP, climbing kit); the manager records the LOLER
thorough examinations of climbing kit and the MEWP. On the day the crew leader writes the site risk
assessment, starts the job, tips the arisings at a waste site against a ticket and signs the job off; the
office invoices it and takes payments, and may cancel a job that has not started. The work catalogue, the
species list and the surveyor's free slots are public.

The module is written the way a Django Ninja service returns from its views: every tool answers a pair
``(status_code, body)``, ``(200, Job)`` or ``(201, Quote)`` on success and ``(404, Problem)`` with a
``detail`` text on a refusal (401 not signed in, 403 not allowed, 404 no such record, 409 a record not in
the state the call needs, or nothing to change, 422 a value the firm does not take). Through the runtime the
pair is a JSON list ``[409, {"detail": "..."}]``; the runtime's common conventions (as
``llama_index_libra/runtime/failures.py`` writes them) read a dict's ``error``, ``success``, ``ok`` or
failed ``status``, a string's ``Error:`` prefix and a list of one refusal, none of which such a list is, so
the module declares ``FAILURE`` (``http_error``: a pair whose status is 400 or more). Every tool is an
``async def`` without a decorator; each checks its session and role itself. Bodies are pydantic models and
lists of them; bare values answer a line taken off a quote (the new total) and a payment (the balance left);
sentences with an id in them answer a quote sent, kit released, a job cancelled and a sign-out. Annotations
are PEP 604, evaluated at definition (no ``from __future__ import annotations``), with a plain ``Enum``
input (``ConsentKind``), ``Literal`` inputs (tree condition, decision, waste kind, payment method, channel)
and ``Literal`` filters (survey, quote and job status, kit kind). Google docstrings. Ids look alike, all from
the firm's one job sequence: survey ``SV-6120``, quote ``QU-6121``, job ``JB-6122``, consent application
``CA-6123``, risk assessment ``RA-6124``, waste ticket ``WT-6125``, invoice ``IN-6126``; customer
``CU-2317``; site ``ST-4407``; tree ``TR-882``; crew ``CR-2``; kit ``CK-02``. The postcode areas the firm
works in, which consent a protected site needs and what a council may answer to each, which species are
pollarded, that a stump is ground only where its tree is felled, which tickets crown work asks of a crew,
the kit each operation needs, which kit is LOLER examined, the hazards on the risk assessment form, the
nesting-bird check, the days the crews do not work and the largest load a tipper takes are stated only in
refusals.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as provider means
either tool satisfies it, and the text of ``what`` before its first ``:`` is the kind.
"""

import datetime
from enum import Enum
from typing import Any, Literal

from pydantic import BaseModel

TODAY = "2031-10-08"  # a Wednesday
NOW = "08:30"
VAT = 0.2
QUOTE_DAYS = 60
MAX_LOAD_T = 3.5
LOLER_MONTHS = 6


class ConsentKind(Enum):
    TPO_APPLICATION = "tpo_application"
    S211_NOTICE = "s211_notice"


Condition = Literal["good", "fair", "poor", "dead", "dangerous"]
Decision = Literal["granted", "refused", "no_objection"]
WasteKind = Literal["woodchip", "timber", "green_waste", "stumps"]
PayMethod = Literal["card", "bank_transfer", "cheque"]
Channel = Literal["email", "post"]
SurveyStatus = Literal["booked", "completed"]
QuoteStatus = Literal["draft", "sent", "accepted", "expired"]
JobStatus = Literal["awaiting_consent", "consent_refused", "to_schedule", "scheduled", "in_progress", "completed",
                    "cancelled"]
KitKind = Literal["chipper", "stump_grinder", "mewp", "climbing_kit"]

WORK = {  # code -> name, rate (per tree, before the size factor), climbing work
    "FELL": ("Fell to ground level", 380.0, False),
    "SECT": ("Sectional fell (dismantled by a climber)", 620.0, True),
    "CRRD": ("Crown reduction", 450.0, True),
    "CRTH": ("Crown thin", 320.0, True),
    "CRLF": ("Crown lift", 180.0, True),
    "DEAD": ("Remove deadwood", 220.0, True),
    "POLL": ("Pollard", 300.0, True),
    "STMP": ("Grind the stump out", 140.0, False),
}
SPECIES = {  # code -> common name, botanical name
    "OAK": ("English oak", "Quercus robur"),
    "ASH": ("Ash", "Fraxinus excelsior"),
    "SYC": ("Sycamore", "Acer pseudoplatanus"),
    "BEE": ("Beech", "Fagus sylvatica"),
    "LIM": ("Common lime", "Tilia x europaea"),
    "WIL": ("Willow", "Salix spp."),
    "HOR": ("Horse chestnut", "Aesculus hippocastanum"),
    "BIR": ("Silver birch", "Betula pendula"),
    "YEW": ("Yew", "Taxus baccata"),
    "LEY": ("Leyland cypress", "x Cuprocyparis leylandii"),
    "CHE": ("Wild cherry", "Prunus avium"),
    "HBM": ("Hornbeam", "Carpinus betulus"),
}
POLLARDED = ("WIL", "LIM", "ASH", "OAK", "HBM")
COUNCILS = {"AS": "Ashcombe District Council", "WB": "Wendle Borough Council", "KT": "Kettlebury District Council"}
# the councils' own maps, by postcode: (tree preservation order, conservation area)
PROTECTION_MAP = {
    "AS2 4RT": (None, "Ashcombe Old Town"),
    "AS2 4TW": (None, "Ashcombe Old Town"),
    "AS3 7BN": ("TPO/ADC/1987/14", None),
    "AS1 9LL": ("TPO/ADC/2004/3", None),
    "KT1 2PQ": (None, "Fenby Village"),
}
HAZARDS = ("overhead_power", "highway", "footpath", "buildings", "underground_services", "glasshouse", "livestock",
           "water")
WASTE_SITES = {  # code -> name, kinds taken, gate fee per tonne
    "ASH-GWC": ("Ashcombe Green Waste Centre", ("woodchip", "green_waste"), 38.0),
    "FEN-BIO": ("Holt Farm biomass store, Fenby", ("woodchip", "timber"), 0.0),
    "KET-TS": ("Kettlebury Transfer Station", ("green_waste", "timber", "stumps"), 62.0),
    "YARD": ("Our wood yard, Fenby Lane (firewood and chip)", ("timber", "woodchip"), 0.0),
}
SURVEY_TIMES = ("09:00", "11:00", "14:00")


def http_error(reply: Any) -> bool | str:
    """A reply is a refusal when it is a ``(status, body)`` pair whose status is 400 or more: the status and
    the body's ``detail``."""
    if isinstance(reply, (list, tuple)) and len(reply) == 2 and isinstance(reply[0], int) and reply[0] >= 400:
        body = reply[1]
        detail = body.get("detail") if isinstance(body, dict) else getattr(body, "detail", body)
        return f"HTTP {reply[0]}: {detail}"
    return False


FAILURE = http_error


# --------------------------------------------------------------------------- bodies


class Problem(BaseModel):
    detail: str


class Session(BaseModel):
    token: str
    name: str
    role: str
    crew_id: str | None = None


class WorkType(BaseModel):
    code: str
    name: str
    rate: float


class Species(BaseModel):
    code: str
    common_name: str
    botanical_name: str


class SurveySlot(BaseModel):
    slot_id: str
    date: str
    time: str
    surveyor: str


class CustomerRow(BaseModel):
    customer_id: str
    name: str
    phone: str
    email: str | None


class Customer(BaseModel):
    customer_id: str
    name: str
    phone: str
    email: str | None


class SiteRow(BaseModel):
    site_id: str
    address: str
    postcode: str
    council: str
    protection: str


class Site(BaseModel):
    site_id: str
    customer_id: str
    address: str
    postcode: str
    council: str
    access_notes: str | None
    protection_checked: str | None


class Protection(BaseModel):
    site_id: str
    council: str
    tpo: str | None
    conservation_area: str | None
    consent_needed: bool
    checked_on: str


class SurveyRow(BaseModel):
    survey_id: str
    site_id: str
    address: str
    customer: str
    date: str
    time: str
    surveyor: str
    status: str


class TreeRecord(BaseModel):
    tree_id: str
    tag: str
    species: str
    height_m: float
    dbh_cm: int
    condition: str
    notes: str


class SurveyReport(BaseModel):
    survey_id: str
    site_id: str
    address: str
    date: str
    surveyor: str
    status: str
    summary: str | None
    trees: list[TreeRecord]


class QuoteLine(BaseModel):
    line_no: int
    tree_id: str
    tag: str
    species: str
    work_code: str
    work: str
    detail: str | None
    price: float


class Quote(BaseModel):
    quote_id: str
    survey_id: str
    customer_id: str
    customer: str
    site_id: str
    address: str
    status: str
    lines: list[QuoteLine]
    subtotal: float
    vat: float
    total: float
    sent_on: str | None
    valid_until: str | None
    trees: list[TreeRecord]


class QuoteRow(BaseModel):
    quote_id: str
    survey_id: str
    customer: str
    address: str
    lines: list[str]
    total: float
    status: str
    sent_on: str | None


class JobRow(BaseModel):
    job_id: str
    quote_id: str
    customer: str
    address: str
    status: str
    date: str | None
    crew_id: str | None


class InvoiceRow(BaseModel):
    invoice_id: str
    job_id: str
    customer: str
    total: float
    paid: float
    balance: float
    due: str


class CustomerFile(BaseModel):
    customer: Customer
    sites: list[SiteRow]
    quotes: list[QuoteRow]
    jobs: list[JobRow]
    balance_owed: float


class Application(BaseModel):
    application_id: str
    job_id: str
    site_id: str
    kind: str
    council: str
    reasons: str
    lodged: str
    decision_due: str
    status: str
    decided: str | None
    conditions: str | None


class Crew(BaseModel):
    crew_id: str
    leader: str
    members: list[str]
    tickets: list[str]


class Kit(BaseModel):
    kit_code: str
    kind: str
    name: str
    status: str
    examined_until: str | None


class Arisings(BaseModel):
    kind: str
    tonnes: float
    loads: int


class Job(BaseModel):
    job_id: str
    quote_id: str
    customer_id: str
    customer: str
    site_id: str
    address: str
    status: str
    date: str | None
    crew_id: str | None
    lines: list[QuoteLine]
    kit: list[str]
    application_id: str | None
    risk_assessed: bool
    arisings: list[Arisings]
    total: float
    invoice_id: str | None
    notes: str | None


class RiskAssessment(BaseModel):
    assessment_id: str
    job_id: str
    hazards: list[str]
    nesting_birds_checked: bool
    rescue_plan: str
    assessed_by: str
    assessed_on: str


class WasteSite(BaseModel):
    code: str
    name: str
    accepts: list[str]
    gate_fee_per_tonne: float


class WasteTicket(BaseModel):
    ticket_no: str
    job_id: str
    site_code: str
    kind: str
    tonnes: float
    gate_fee: float


class Invoice(BaseModel):
    invoice_id: str
    job_id: str
    customer_id: str
    customer: str
    subtotal: float
    vat: float
    total: float
    paid: float
    balance: float
    issued: str
    due: str


# --------------------------------------------------------------------------- state


def _line(tree: str, work: str, detail: str | None = None) -> dict:
    return {"tree": tree, "work": work, "detail": detail}


class State:
    """Greenhalgh & Rook Tree Surgery on Wednesday 8 October 2031 at 08:30."""

    def __init__(self) -> None:
        self.staff = {
            "kerry.d": {"name": "Kerry Doyle", "password": "Holly-Bough-7", "role": "office", "crew": None},
            "owain.p": {"name": "Owain Price", "password": "Girth-Tape-31", "role": "surveyor", "crew": None},
            "dean.s": {"name": "Dean Sutton", "password": "Top-Handle-200", "role": "crew", "crew": "CR-1"},
            "aisha.b": {"name": "Aisha Barker", "password": "Friction-Hitch-9", "role": "crew", "crew": "CR-2"},
            "ruth.g": {"name": "Ruth Greenhalgh", "password": "Wood-Yard-1994", "role": "manager", "crew": None},
        }
        self.sessions: dict[str, dict] = {}
        self.customers = {
            "CU-2301": {"name": "Mrs Margaret Ellison", "phone": "07700 900301", "email": "m.ellison@mail.example"},
            "CU-2304": {"name": "Mr David Okonjo", "phone": "07700 900304", "email": "d.okonjo@mail.example"},
            "CU-2307": {"name": "St Aldhelm's Parochial Church Council (Revd Ann Porter)", "phone": "01632 960307",
                        "email": "parish.office@staldhelm.example"},
            "CU-2310": {"name": "Ms Freya Lindqvist", "phone": "07700 900310", "email": None},
            "CU-2313": {"name": "Ashcombe Lodge Care Home (Mr Neil Hardy)", "phone": "01632 960313",
                        "email": "manager@ashcombelodge.example"},
            "CU-2316": {"name": "Mr Colin Pettifer", "phone": "07700 900316", "email": "colin.pettifer@mail.example"},
        }
        self.sites = {
            "ST-4401": {"customer": "CU-2301", "address": "The Old Rectory, 4 Church Lane, Ashcombe",
                        "postcode": "AS2 4RT", "access": "Gravel drive; the lane is single track",
                        "checked": "2031-09-02"},
            "ST-4402": {"customer": "CU-2304", "address": "17 Beech Avenue, Ashcombe", "postcode": "AS3 7BN",
                        "access": None, "checked": None},
            "ST-4403": {"customer": "CU-2307", "address": "St Aldhelm's Churchyard, The Green, Fenby",
                        "postcode": "KT1 2PQ", "access": "Lychgate too narrow for the chipper; use the field gate",
                        "checked": "2031-08-20"},
            "ST-4404": {"customer": "CU-2310", "address": "Orchard Cottage, Mill Road, Wendle", "postcode": "WB5 1HE",
                        "access": None, "checked": "2031-09-15"},
            "ST-4405": {"customer": "CU-2313", "address": "Ashcombe Lodge, London Road, Ashcombe",
                        "postcode": "AS1 9LL", "access": "Residents' car park; keep the fire lane clear",
                        "checked": "2031-08-18"},
            "ST-4406": {"customer": "CU-2316", "address": "3 Pound Close, Fenby", "postcode": "KT2 4AA",
                        "access": "Side gate, 1.1 m", "checked": "2031-09-10"},
        }
        self.surveys = {
            "SV-6055": {"site": "ST-4404", "date": "2031-09-15", "time": "11:00", "status": "completed",
                        "summary": "Dead birch by the road; fell and grind out"},
            "SV-6070": {"site": "ST-4403", "date": "2031-08-20", "time": "09:00", "status": "completed",
                        "summary": "Churchyard lime and yew; reduce the lime off the church roof"},
            "SV-6080": {"site": "ST-4406", "date": "2031-09-10", "time": "14:00", "status": "completed",
                        "summary": "Leylandii on the boundary, to come down in sections"},
            "SV-6088": {"site": "ST-4405", "date": "2031-08-18", "time": "11:00", "status": "completed",
                        "summary": "Horse chestnut with bleeding canker over the car park; fell (TPO)"},
            "SV-6093": {"site": "ST-4404", "date": "2031-09-25", "time": "09:00", "status": "completed",
                        "summary": "Mature oak over the cottage roof; reduce by about 2.5 m"},
            "SV-6095": {"site": "ST-4401", "date": "2031-09-02", "time": "09:00", "status": "completed",
                        "summary": "Oak deadwood over the lane; willow due for pollarding"},
            "SV-6099": {"site": "ST-4406", "date": "2031-10-06", "time": "11:00", "status": "completed",
                        "summary": "Cherry with heart rot by the patio; fell"},
            "SV-6101": {"site": "ST-4402", "date": "2031-10-08", "time": "11:00", "status": "booked", "summary": None},
            "SV-6104": {"site": "ST-4403", "date": "2031-10-10", "time": "09:00", "status": "booked", "summary": None},
        }
        self.trees = {
            "TR-860": {"survey": "SV-6055", "tag": "T1", "species": "BIR", "height": 10.0, "dbh": 30,
                       "condition": "dead", "notes": "Standing dead birch leaning over Mill Road"},
            "TR-866": {"survey": "SV-6070", "tag": "T1", "species": "YEW", "height": 11.0, "dbh": 60,
                       "condition": "good", "notes": "Yew by the south porch"},
            "TR-867": {"survey": "SV-6070", "tag": "T2", "species": "LIM", "height": 22.0, "dbh": 90,
                       "condition": "fair", "notes": "Lime touching the nave roof"},
            "TR-870": {"survey": "SV-6080", "tag": "T1", "species": "LEY", "height": 12.0, "dbh": 35,
                       "condition": "fair", "notes": "Leylandii on the rear boundary, over the shed"},
            "TR-872": {"survey": "SV-6088", "tag": "T1", "species": "HOR", "height": 16.0, "dbh": 70,
                       "condition": "poor", "notes": "Bleeding canker; limbs shed onto the car park"},
            "TR-874": {"survey": "SV-6093", "tag": "T1", "species": "OAK", "height": 21.0, "dbh": 95,
                       "condition": "good", "notes": "Mature oak, crown over the cottage roof"},
            "TR-875": {"survey": "SV-6095", "tag": "T1", "species": "OAK", "height": 18.0, "dbh": 85,
                       "condition": "fair", "notes": "Deadwood over the lane and the footpath"},
            "TR-876": {"survey": "SV-6095", "tag": "T2", "species": "WIL", "height": 9.0, "dbh": 40,
                       "condition": "fair", "notes": "Willow by the pond, last pollarded about 2024"},
            "TR-879": {"survey": "SV-6099", "tag": "T1", "species": "CHE", "height": 7.0, "dbh": 25,
                       "condition": "poor", "notes": "Heart rot at the base; by the patio"},
        }
        self.quotes = {
            "QU-6058": {"survey": "SV-6055", "lines": [_line("TR-860", "FELL"), _line("TR-860", "STMP")],
                        "status": "accepted", "sent": "2031-09-16"},
            "QU-6071": {"survey": "SV-6070", "lines": [_line("TR-867", "CRRD", "Reduce by 3 m off the roof"),
                                                       _line("TR-866", "CRLF", "Lift to 3 m over the path")],
                        "status": "accepted", "sent": "2031-08-22"},
            "QU-6081": {"survey": "SV-6080", "lines": [_line("TR-870", "SECT")], "status": "accepted",
                        "sent": "2031-09-11"},
            "QU-6089": {"survey": "SV-6088", "lines": [_line("TR-872", "FELL"), _line("TR-872", "STMP")],
                        "status": "accepted", "sent": "2031-08-19"},
            "QU-6096": {"survey": "SV-6095", "lines": [_line("TR-875", "DEAD", "Over the lane and the footpath"),
                                                       _line("TR-876", "POLL")],
                        "status": "sent", "sent": "2031-09-05"},
            "QU-6097": {"survey": "SV-6093", "lines": [_line("TR-874", "CRRD", "Reduce by 2.5 m")],
                        "status": "accepted", "sent": "2031-09-26"},
            "QU-6100": {"survey": "SV-6099", "lines": [_line("TR-879", "FELL")], "status": "draft", "sent": None},
        }
        self.jobs = {
            "JB-6045": {"quote": None, "customer": "CU-2304", "site": "ST-4402", "status": "completed",
                        "date": "2031-07-14", "crew": "CR-1", "kit": ["CH-01", "CK-01"], "application": "CA-6040",
                        "assessment": "RA-6046", "notes": "Lifted the front lime over the pavement",
                        "lines": [{"tree": None, "work": "CRLF", "detail": "Front lime over the pavement",
                                   "price": 450.0}], "invoice": "IN-6050"},
            "JB-6060": {"quote": "QU-6058", "status": "completed", "date": "2031-10-06", "crew": "CR-3",
                        "kit": ["CH-02", "SG-01"], "application": None, "assessment": "RA-6061",
                        "notes": "Birch down and ground out; verge raked", "invoice": None},
            "JB-6074": {"quote": "QU-6071", "status": "in_progress", "date": "2031-10-07", "crew": "CR-2",
                        "kit": ["CH-02", "CK-03", "MW-01"], "application": "CA-6076", "assessment": "RA-6077",
                        "notes": None, "invoice": None},
            "JB-6082": {"quote": "QU-6081", "status": "scheduled", "date": "2031-10-08", "crew": "CR-1",
                        "kit": ["CH-01"], "application": None, "assessment": None, "notes": None, "invoice": None},
            "JB-6090": {"quote": "QU-6089", "status": "awaiting_consent", "date": None, "crew": None, "kit": [],
                        "application": "CA-6092", "assessment": None, "notes": None, "invoice": None},
            "JB-6098": {"quote": "QU-6097", "status": "to_schedule", "date": None, "crew": None, "kit": [],
                        "application": None, "assessment": None, "notes": None, "invoice": None},
        }
        self.applications = {
            "CA-6040": {"job": "JB-6045", "kind": "tpo_application", "council": "Ashcombe District Council",
                        "reasons": "Lift the lime to 5.2 m over the pavement", "lodged": "2031-05-12",
                        "due": "2031-07-07", "status": "granted", "decided": "2031-06-30", "conditions": None},
            "CA-6076": {"job": "JB-6074", "kind": "s211_notice", "council": "Kettlebury District Council",
                        "reasons": "Reduce the lime off the nave roof; lift the yew over the path",
                        "lodged": "2031-08-25", "due": "2031-10-06", "status": "no_objection",
                        "decided": "2031-09-20", "conditions": None},
            "CA-6092": {"job": "JB-6090", "kind": "tpo_application", "council": "Ashcombe District Council",
                        "reasons": "Fell a horse chestnut with bleeding canker shedding limbs onto the car park",
                        "lodged": "2031-08-29", "due": "2031-10-24", "status": "pending", "decided": None,
                        "conditions": None},
        }
        self.assessments = {
            "RA-6046": {"job": "JB-6045", "hazards": ["highway", "footpath"], "birds": True,
                        "plan": "Aerial rescue by Kyle Marsh", "by": "Dean Sutton", "on": "2031-07-14"},
            "RA-6061": {"job": "JB-6060", "hazards": ["highway"], "birds": True, "plan": "No climbing",
                        "by": "Gary Holt", "on": "2031-10-06"},
            "RA-6077": {"job": "JB-6074", "hazards": ["buildings", "footpath"], "birds": True,
                        "plan": "MEWP in the churchyard; aerial rescue by Lewis Penn", "by": "Aisha Barker",
                        "on": "2031-10-07"},
        }
        self.crews = {
            "CR-1": {"leader": "Dean Sutton", "members": ["Dean Sutton", "Kyle Marsh", "Tom Beale"],
                     "tickets": ["CS30", "CS31", "CS38", "CS39"]},
            "CR-2": {"leader": "Aisha Barker", "members": ["Aisha Barker", "Lewis Penn"],
                     "tickets": ["CS30", "CS31", "CS38", "CS39"]},
            "CR-3": {"leader": "Gary Holt", "members": ["Gary Holt", "Sam Webb"], "tickets": ["CS30", "CS31"]},
        }
        self.kit = {
            "CH-01": {"kind": "chipper", "name": "Timberwolf TW 230 chipper", "status": "in_service",
                      "examined": None},
            "CH-02": {"kind": "chipper", "name": "Forst ST8 chipper", "status": "in_service", "examined": None},
            "SG-01": {"kind": "stump_grinder", "name": "Predator 38 stump grinder", "status": "in_service",
                      "examined": None},
            "MW-01": {"kind": "mewp", "name": "Niftylift HR21 tracked MEWP", "status": "in_service",
                      "examined": "2032-01-20"},
            "CK-01": {"kind": "climbing_kit", "name": "Climbing kit, set A", "status": "in_service",
                      "examined": "2032-02-28"},
            "CK-02": {"kind": "climbing_kit", "name": "Climbing kit, set B", "status": "in_service",
                      "examined": "2031-09-30"},
            "CK-03": {"kind": "climbing_kit", "name": "Climbing kit, set C", "status": "in_service",
                      "examined": "2032-03-15"},
        }
        self.examinations: list[list] = [["CK-01", "2031-08-28", "H. Cole (LOLER examiner)", True]]
        self.waste = {
            "WT-6064": {"job": "JB-6060", "site": "KET-TS", "kind": "stumps", "tonnes": 0.4},
            "WT-6065": {"job": "JB-6060", "site": "FEN-BIO", "kind": "woodchip", "tonnes": 1.2},
        }
        self.invoices = {
            "IN-6050": {"job": "JB-6045", "issued": "2031-07-15", "due": "2031-08-14", "paid": 200.0},
        }
        self.payments: list[list] = [["IN-6050", 200.0, "bank_transfer", "2031-07-30"]]
        self.counters = {"session": 1, "job": 6120, "customer": 2317, "site": 4407, "tree": 882}


# --------------------------------------------------------------------------- refusals and helpers


class _Refused(Exception):
    """A refusal inside a tool; the tool answers it as ``(status, Problem)``."""

    def __init__(self, status: int, detail: str) -> None:
        super().__init__(detail)
        self.status = status
        self.detail = detail

    def reply(self) -> tuple[int, Problem]:
        return self.status, Problem(detail=self.detail)


def _fail(status: int, detail: str):
    raise _Refused(status, detail)


def _staff(state: State, token: str, *roles: str) -> dict:
    who = state.sessions.get(token) if isinstance(token, str) else None
    if who is None:
        _fail(401, "not signed in, or the session has ended; sign in first")
    if roles and who["role"] not in roles and who["role"] != "manager":
        _fail(403, f"{who['name']} ({who['role']}) may not do this; it is for the {' or '.join(roles)}")
    return who


def _next(state: State, kind: str) -> int:
    n = state.counters[kind]
    state.counters[kind] = n + 1
    return n


def _day(text: str) -> datetime.date:
    try:
        return datetime.date.fromisoformat(text)
    except (TypeError, ValueError):
        _fail(422, f"{text!r} is not a date (YYYY-MM-DD)")


def _today() -> datetime.date:
    return datetime.date.fromisoformat(TODAY)


def _customer(state: State, customer_id: str) -> dict:
    c = state.customers.get(customer_id)
    if c is None:
        _fail(404, f"no customer {customer_id}")
    return c


def _site(state: State, site_id: str) -> dict:
    s = state.sites.get(site_id)
    if s is None:
        _fail(404, f"no site {site_id}")
    return s


def _survey(state: State, survey_id: str) -> dict:
    s = state.surveys.get(survey_id)
    if s is None:
        _fail(404, f"no survey {survey_id}")
    return s


def _quote(state: State, quote_id: str) -> dict:
    q = state.quotes.get(quote_id)
    if q is None:
        _fail(404, f"no quote {quote_id}")
    return q


def _job(state: State, job_id: str) -> dict:
    j = state.jobs.get(job_id)
    if j is None:
        _fail(404, f"no job {job_id}")
    return j


def _kit(state: State, kit_code: str) -> dict:
    k = state.kit.get(kit_code)
    if k is None:
        _fail(404, f"no kit {kit_code}")
    return k


def _council(postcode: str) -> str:
    return COUNCILS[postcode.strip().upper()[:2]]


def _protection(site: dict) -> tuple[str | None, str | None]:
    return PROTECTION_MAP.get(site["postcode"], (None, None))


def _protection_text(site: dict) -> str:
    if site["checked"] is None:
        return "not checked"
    tpo, area = _protection(site)
    if tpo:
        return f"TPO {tpo}"
    if area:
        return f"conservation area ({area})"
    return "none"


def _size_factor(height: float) -> float:
    return 1.0 if height <= 10 else (1.5 if height <= 20 else 2.2)


def _price(state: State, line: dict) -> float:
    if "price" in line:
        return line["price"]
    tree = state.trees[line["tree"]]
    return round(WORK[line["work"]][1] * _size_factor(tree["height"]), 2)


def _tree_reply(state: State, tid: str) -> TreeRecord:
    t = state.trees[tid]
    return TreeRecord(tree_id=tid, tag=t["tag"], species=t["species"], height_m=t["height"], dbh_cm=t["dbh"],
                      condition=t["condition"], notes=t["notes"])


def _lines(state: State, lines: list) -> list[QuoteLine]:
    out = []
    for n, line in enumerate(lines, start=1):
        t = state.trees.get(line["tree"]) if line["tree"] else None
        out.append(QuoteLine(line_no=n, tree_id=line["tree"] or "-", tag=t["tag"] if t else "-",
                             species=t["species"] if t else "-", work_code=line["work"], work=WORK[line["work"]][0],
                             detail=line["detail"], price=_price(state, line)))
    return out


def _quote_status(q: dict) -> str:
    if q["status"] == "sent" and (_today() - _day(q["sent"])).days > QUOTE_DAYS:
        return "expired"
    return q["status"]


def _quote_site(state: State, q: dict) -> str:
    return state.surveys[q["survey"]]["site"]


def _subtotal(state: State, lines: list) -> float:
    return round(sum(_price(state, line) for line in lines), 2)


def _quote_reply(state: State, qid: str) -> Quote:
    q = state.quotes[qid]
    sid = _quote_site(state, q)
    site = state.sites[sid]
    sub = _subtotal(state, q["lines"])
    valid = None
    if q["sent"]:
        valid = (_day(q["sent"]) + datetime.timedelta(days=QUOTE_DAYS)).isoformat()
    return Quote(quote_id=qid, survey_id=q["survey"], customer_id=site["customer"],
                 customer=state.customers[site["customer"]]["name"], site_id=sid, address=site["address"],
                 status=_quote_status(q), lines=_lines(state, q["lines"]), subtotal=sub, vat=round(sub * VAT, 2),
                 total=round(sub * (1 + VAT), 2), sent_on=q["sent"], valid_until=valid,
                 trees=[_tree_reply(state, tid) for tid, t in sorted(state.trees.items())
                        if t["survey"] == q["survey"]])


def _quote_row(state: State, qid: str) -> QuoteRow:
    q = state.quotes[qid]
    site = state.sites[_quote_site(state, q)]
    lines = [f"{n.line_no}. {n.tag} {n.species} {n.work_code} £{n.price:,.2f}" for n in _lines(state, q["lines"])]
    return QuoteRow(quote_id=qid, survey_id=q["survey"], customer=state.customers[site["customer"]]["name"],
                    address=site["address"], lines=lines, total=round(_subtotal(state, q["lines"]) * (1 + VAT), 2),
                    status=_quote_status(q), sent_on=q["sent"])


def _job_site(state: State, j: dict) -> str:
    return j["site"] if j["quote"] is None else _quote_site(state, state.quotes[j["quote"]])


def _job_lines(state: State, j: dict) -> list:
    return j["lines"] if j["quote"] is None else state.quotes[j["quote"]]["lines"]


def _job_total(state: State, j: dict) -> float:
    return round(_subtotal(state, _job_lines(state, j)) * (1 + VAT), 2)


def _job_row(state: State, jid: str) -> JobRow:
    j = state.jobs[jid]
    site = state.sites[_job_site(state, j)]
    return JobRow(job_id=jid, quote_id=j["quote"] or "-", customer=state.customers[site["customer"]]["name"],
                  address=site["address"], status=j["status"], date=j["date"], crew_id=j["crew"])


def _arisings(state: State, jid: str) -> list[Arisings]:
    out: dict[str, list] = {}
    for t in state.waste.values():
        if t["job"] == jid:
            a = out.setdefault(t["kind"], [0.0, 0])
            a[0] += t["tonnes"]
            a[1] += 1
    return [Arisings(kind=k, tonnes=round(v[0], 2), loads=v[1]) for k, v in sorted(out.items())]


def _job_reply(state: State, jid: str) -> Job:
    j = state.jobs[jid]
    sid = _job_site(state, j)
    site = state.sites[sid]
    return Job(job_id=jid, quote_id=j["quote"] or "-", customer_id=site["customer"],
               customer=state.customers[site["customer"]]["name"], site_id=sid, address=site["address"],
               status=j["status"], date=j["date"], crew_id=j["crew"], lines=_lines(state, _job_lines(state, j)),
               kit=list(j["kit"]), application_id=j["application"], risk_assessed=j["assessment"] is not None,
               arisings=_arisings(state, jid), total=_job_total(state, j), invoice_id=j["invoice"], notes=j["notes"])


def _invoice_paid(state: State, iid: str) -> float:
    return round(state.invoices[iid]["paid"], 2)


def _invoice_reply(state: State, iid: str) -> Invoice:
    inv = state.invoices[iid]
    j = state.jobs[inv["job"]]
    site = state.sites[_job_site(state, j)]
    total = _job_total(state, j)
    sub = round(total / (1 + VAT), 2)
    paid = _invoice_paid(state, iid)
    return Invoice(invoice_id=iid, job_id=inv["job"], customer_id=site["customer"],
                   customer=state.customers[site["customer"]]["name"], subtotal=sub, vat=round(total - sub, 2),
                   total=total, paid=paid, balance=round(total - paid, 2), issued=inv["issued"], due=inv["due"])


def _application_reply(state: State, aid: str) -> Application:
    a = state.applications[aid]
    return Application(application_id=aid, job_id=a["job"], site_id=_job_site(state, state.jobs[a["job"]]),
                       kind=a["kind"], council=a["council"], reasons=a["reasons"], lodged=a["lodged"],
                       decision_due=a["due"], status=a["status"], decided=a["decided"], conditions=a["conditions"])


def _kit_reply(state: State, code: str) -> Kit:
    k = state.kit[code]
    return Kit(kit_code=code, kind=k["kind"], name=k["name"], status=k["status"], examined_until=k["examined"])


def _survey_row(state: State, svid: str) -> SurveyRow:
    s = state.surveys[svid]
    site = state.sites[s["site"]]
    return SurveyRow(survey_id=svid, site_id=s["site"], address=site["address"],
                     customer=state.customers[site["customer"]]["name"], date=s["date"], time=s["time"],
                     surveyor="Owain Price", status=s["status"])


def _survey_report(state: State, svid: str) -> SurveyReport:
    s = state.surveys[svid]
    return SurveyReport(survey_id=svid, site_id=s["site"], address=state.sites[s["site"]]["address"], date=s["date"],
                        surveyor="Owain Price", status=s["status"], summary=s["summary"],
                        trees=[_tree_reply(state, tid) for tid, t in sorted(state.trees.items())
                               if t["survey"] == svid])


def _site_reply(state: State, sid: str) -> Site:
    s = state.sites[sid]
    return Site(site_id=sid, customer_id=s["customer"], address=s["address"], postcode=s["postcode"],
                council=_council(s["postcode"]), access_notes=s["access"], protection_checked=s["checked"])


def _add_months(day: datetime.date, months: int) -> datetime.date:
    m = day.month - 1 + months
    return day.replace(year=day.year + m // 12, month=m % 12 + 1)


# --------------------------------------------------------------------------- sign-in and public lists


async def sign_in(state: State, username: str, password: str) -> tuple[int, Session | Problem]:
    """Sign in to the firm's system.

    Args:
        username: The user name, ``kerry.d`` for example.
        password: The password.

    Returns:
        ``(200, Session)``: ``token``, ``name``, ``role`` and, for a crew leader, ``crew_id``; the token goes
        with every call but the public ones.
    """
    try:
        s = state.staff.get(username.strip().lower())
        if s is None or s["password"] != password:
            _fail(401, "user name or password not recognised")
    except _Refused as r:
        return r.reply()
    token = f"gr-{username.split('.')[0]}-{_next(state, 'session'):04d}"
    state.sessions[token] = {"user": username, "name": s["name"], "role": s["role"], "crew": s["crew"]}
    return 200, Session(token=token, name=s["name"], role=s["role"], crew_id=s["crew"])


async def sign_out(state: State, token: str) -> tuple[int, str | Problem]:
    """End a session.

    Args:
        token: The session token.

    Returns:
        ``(200, sentence)`` naming who was signed out.
    """
    try:
        who = _staff(state, token)
    except _Refused as r:
        return r.reply()
    del state.sessions[token]
    return 200, f"Signed out {who['name']} (session {token})."


async def work_catalogue() -> tuple[int, list[WorkType]]:
    """The operations we price, with the rate for a tree up to 10 m (taller trees cost more).

    Returns:
        ``(200, rows)``: ``code``, ``name`` and ``rate`` of each operation.
    """
    return 200, [WorkType(code=code, name=w[0], rate=w[1]) for code, w in WORK.items()]


async def species_list() -> tuple[int, list[Species]]:
    """The species codes the surveyors record trees under.

    Returns:
        ``(200, rows)``: ``code``, ``common_name`` and ``botanical_name``.
    """
    return 200, [Species(code=code, common_name=s[0], botanical_name=s[1]) for code, s in SPECIES.items()]


async def survey_slots(state: State, date_from: str, days: int = 7) -> tuple[int, list[SurveySlot] | Problem]:
    """The surveyor's free visits, weekdays at 09:00, 11:00 and 14:00.

    Args:
        date_from: The first day, ``YYYY-MM-DD``.
        days: How many days to look over (7 unless given; up to 21).

    Returns:
        ``(200, rows)``: ``slot_id``, ``date``, ``time`` and ``surveyor``, earliest first.
    """
    try:
        start = _day(date_from)
        if not 1 <= days <= 21:
            _fail(422, "look 1 to 21 days ahead")
    except _Refused as r:
        return r.reply()
    taken = {(s["date"], s["time"]) for s in state.surveys.values() if s["status"] == "booked"}
    out = []
    for n in range(days):
        day = start + datetime.timedelta(days=n)
        if day < _today() or day.weekday() >= 5:
            continue
        for time in SURVEY_TIMES:
            if (day.isoformat() == TODAY and time <= NOW) or (day.isoformat(), time) in taken:
                continue
            out.append(SurveySlot(slot_id=f"OP-{day.strftime('%Y%m%d')}-{time.replace(':', '')}",
                                  date=day.isoformat(), time=time, surveyor="Owain Price"))
    return 200, out


# --------------------------------------------------------------------------- customers and sites


async def find_customer(state: State, token: str, text: str) -> tuple[int, list[CustomerRow] | Problem]:
    """Look customers up by part of a name, a phone number, an e-mail address, or a site's address or postcode.

    Args:
        token: The session token.
        text: What to look for.

    Returns:
        ``(200, rows)``: ``customer_id``, ``name``, ``phone`` and ``email`` of each match.
    """
    try:
        _staff(state, token)
        t = text.strip().lower()
        if not t:
            _fail(422, "say what to look for")
    except _Refused as r:
        return r.reply()
    out = []
    for cid, c in sorted(state.customers.items()):
        hay = [c["name"], c["phone"], c["email"] or ""] + [
            f"{s['address']} {s['postcode']}" for s in state.sites.values() if s["customer"] == cid]
        if t in " ".join(hay).lower():
            out.append(CustomerRow(customer_id=cid, name=c["name"], phone=c["phone"], email=c["email"]))
    return 200, out


async def register_customer(state: State, token: str, name: str, phone: str,
                            email: str | None = None) -> tuple[int, Customer | Problem]:
    """Register a new customer.

    Args:
        token: The session token (the office).
        name: The customer's name, or an organisation with its contact.
        phone: A phone number.
        email: An e-mail address (quotes go by e-mail where there is one).

    Returns:
        ``(201, Customer)`` with its ``customer_id``.
    """
    try:
        _staff(state, token, "office")
        if not name.strip() or not phone.strip():
            _fail(422, "a customer needs a name and a phone number")
        for cid, c in state.customers.items():
            if c["phone"].replace(" ", "") == phone.replace(" ", ""):
                _fail(409, f"{phone} belongs to {c['name']} ({cid}) already")
    except _Refused as r:
        return r.reply()
    cid = f"CU-{_next(state, 'customer')}"
    state.customers[cid] = {"name": name.strip(), "phone": phone.strip(), "email": (email or "").strip() or None}
    c = state.customers[cid]
    return 201, Customer(customer_id=cid, name=c["name"], phone=c["phone"], email=c["email"])


async def update_customer(state: State, token: str, customer_id: str, phone: str | None = None,
                          email: str | None = None) -> tuple[int, Customer | Problem]:
    """Change a customer's phone number or e-mail address.

    Args:
        token: The session token (the office).
        customer_id: The customer.
        phone: A new phone number; what is not given stays.
        email: A new e-mail address.

    Returns:
        ``(200, Customer)`` as now recorded.
    """
    try:
        _staff(state, token, "office")
        c = _customer(state, customer_id)
        new = {"phone": phone.strip() if phone else c["phone"], "email": email.strip() if email else c["email"]}
        if new == {"phone": c["phone"], "email": c["email"]}:
            _fail(409, f"nothing to change: {c['name']}'s details are already these")
        for cid, other in state.customers.items():
            if cid != customer_id and other["phone"].replace(" ", "") == new["phone"].replace(" ", ""):
                _fail(409, f"{new['phone']} belongs to {other['name']} ({cid})")
    except _Refused as r:
        return r.reply()
    c.update(new)
    return 200, Customer(customer_id=customer_id, name=c["name"], phone=c["phone"], email=c["email"])


async def customer_file(state: State, token: str, customer_id: str) -> tuple[int, CustomerFile | Problem]:
    """A customer's whole file: details, sites, quotes, jobs and what they owe.

    Args:
        token: The session token.
        customer_id: The customer.

    Returns:
        ``(200, CustomerFile)``: ``customer``, ``sites`` (rows with each site's protection), ``quotes`` and
        ``jobs`` (rows), and ``balance_owed`` on their invoices.
    """
    try:
        _staff(state, token)
        c = _customer(state, customer_id)
    except _Refused as r:
        return r.reply()
    sites = [sid for sid, s in sorted(state.sites.items()) if s["customer"] == customer_id]
    owed = sum(_invoice_reply(state, iid).balance for iid, inv in state.invoices.items()
               if _job_site(state, state.jobs[inv["job"]]) in sites)
    return 200, CustomerFile(
        customer=Customer(customer_id=customer_id, name=c["name"], phone=c["phone"], email=c["email"]),
        sites=[SiteRow(site_id=sid, address=state.sites[sid]["address"], postcode=state.sites[sid]["postcode"],
                       council=_council(state.sites[sid]["postcode"]), protection=_protection_text(state.sites[sid]))
               for sid in sites],
        quotes=[_quote_row(state, qid) for qid, q in sorted(state.quotes.items()) if _quote_site(state, q) in sites],
        jobs=[_job_row(state, jid) for jid, j in sorted(state.jobs.items()) if _job_site(state, j) in sites],
        balance_owed=round(owed, 2))


async def add_site(state: State, token: str, customer_id: str, address: str, postcode: str,
                   access_notes: str | None = None) -> tuple[int, Site | Problem]:
    """Add a property where a customer's trees stand.

    Args:
        token: The session token (the office).
        customer_id: The customer (the owner, or who acts for the owner).
        address: The address.
        postcode: Its postcode; the council follows from it.
        access_notes: Gates, parking, overhead lines, what the crew should know.

    Returns:
        ``(201, Site)`` with its ``site_id``, its council, and ``protection_checked`` still empty.
    """
    try:
        _staff(state, token, "office")
        _customer(state, customer_id)
        pc = postcode.strip().upper()
        if not address.strip():
            _fail(422, "give the site's address")
        if pc[:2] not in COUNCILS or not pc[2:3].isdigit():
            _fail(422, f"{postcode} is outside our area: we work in the AS, WB and KT postcode areas "
                       "(Ashcombe, Wendle and Kettlebury)")
        for sid, s in state.sites.items():
            if s["customer"] == customer_id and s["address"].lower() == address.strip().lower():
                _fail(409, f"{address} is already site {sid}")
    except _Refused as r:
        return r.reply()
    sid = f"ST-{_next(state, 'site')}"
    state.sites[sid] = {"customer": customer_id, "address": address.strip(), "postcode": pc,
                        "access": (access_notes or "").strip() or None, "checked": None}
    return 201, _site_reply(state, sid)


async def check_protection(state: State, token: str, site_id: str) -> tuple[int, Protection | Problem]:
    """Look a site up on its council's map of tree preservation orders and conservation areas, and record
    that it was checked (a site is checked before its work is quoted).

    Args:
        token: The session token (the office or a surveyor).
        site_id: The site.

    Returns:
        ``(200, Protection)``: the council, any ``tpo`` and ``conservation_area``, and whether the work will
        need the council's consent.
    """
    try:
        _staff(state, token, "office", "surveyor")
        s = _site(state, site_id)
    except _Refused as r:
        return r.reply()
    s["checked"] = TODAY
    tpo, area = _protection(s)
    return 200, Protection(site_id=site_id, council=_council(s["postcode"]), tpo=tpo, conservation_area=area,
                           consent_needed=bool(tpo or area), checked_on=TODAY)


# --------------------------------------------------------------------------- surveys


async def book_survey(state: State, token: str, site_id: str, slot_id: str,
                      notes: str | None = None) -> tuple[int, SurveyRow | Problem]:
    """Book the surveyor's visit to a site in one of his free slots.

    Args:
        token: The session token (the office).
        site_id: The site.
        slot_id: A free slot.
        notes: What the customer wants looked at.

    Returns:
        ``(201, SurveyRow)`` with its ``survey_id``.
    """
    try:
        _staff(state, token, "office")
        _site(state, site_id)
        parts = slot_id.split("-") if isinstance(slot_id, str) else []
        if len(parts) != 3 or parts[0] != "OP" or len(parts[1]) != 8 or len(parts[2]) != 4:
            _fail(404, f"no survey slot {slot_id}")
        date = f"{parts[1][:4]}-{parts[1][4:6]}-{parts[1][6:]}"
        time = f"{parts[2][:2]}:{parts[2][2:]}"
        found, free = await survey_slots(state, date, 1)
        if found != 200 or not any(s.slot_id == slot_id for s in free):
            _fail(409, f"{slot_id} is not free")
        for svid, s in state.surveys.items():
            if s["site"] == site_id and s["status"] == "booked":
                _fail(409, f"{site_id} already has survey {svid} booked for {s['date']} at {s['time']}")
    except _Refused as r:
        return r.reply()
    svid = f"SV-{_next(state, 'job')}"
    state.surveys[svid] = {"site": site_id, "date": date, "time": time, "status": "booked",
                           "summary": None, "notes": (notes or "").strip() or None}
    return 201, _survey_row(state, svid)


async def surveys(state: State, token: str, date: str | None = None,
                  status: SurveyStatus | None = None) -> tuple[int, list[SurveyRow] | Problem]:
    """Surveys, by day and status.

    Args:
        token: The session token.
        date: Only surveys on this day, ``YYYY-MM-DD``.
        status: Only ``booked`` or ``completed`` surveys.

    Returns:
        ``(200, rows)``: ``survey_id``, ``site_id``, ``address``, ``customer``, ``date``, ``time``,
        ``surveyor`` and ``status``, by date and time.
    """
    try:
        _staff(state, token)
        if date is not None:
            _day(date)
    except _Refused as r:
        return r.reply()
    rows = [_survey_row(state, svid) for svid, s in state.surveys.items()
            if (date is None or s["date"] == date) and (status is None or s["status"] == status)]
    return 200, sorted(rows, key=lambda r: (r.date, r.time, r.survey_id))


async def survey_report(state: State, token: str, survey_id: str) -> tuple[int, SurveyReport | Problem]:
    """A survey with the trees recorded on it.

    Args:
        token: The session token.
        survey_id: The survey.

    Returns:
        ``(200, SurveyReport)``: the site, the date, the status, the summary and ``trees`` (``tree_id``,
        ``tag``, species code, height, stem diameter, condition, notes).
    """
    try:
        _staff(state, token)
        _survey(state, survey_id)
    except _Refused as r:
        return r.reply()
    return 200, _survey_report(state, survey_id)


async def record_tree(state: State, token: str, survey_id: str, species_code: str, height_m: float, dbh_cm: int,
                      condition: Condition, notes: str) -> tuple[int, TreeRecord | Problem]:
    """Record a tree on an open survey.

    Args:
        token: The session token (a surveyor).
        survey_id: The survey.
        species_code: The species.
        height_m: Height in metres.
        dbh_cm: Stem diameter at 1.5 m, in centimetres.
        condition: ``good``, ``fair``, ``poor``, ``dead`` or ``dangerous``.
        notes: Where it stands and what is wrong with it.

    Returns:
        ``(201, TreeRecord)`` with its ``tree_id`` and its tag on the survey (``T1``, ``T2``, ...).
    """
    try:
        _staff(state, token, "surveyor")
        s = _survey(state, survey_id)
        if s["status"] != "booked":
            _fail(409, f"{survey_id} is {s['status']}; trees are recorded while a survey is open")
        if species_code not in SPECIES:
            _fail(404, f"no species {species_code}")
        if not 0.5 <= height_m <= 45 or not 1 <= dbh_cm <= 400:
            _fail(422, "a height is 0.5 to 45 m and a stem 1 to 400 cm")
        if not notes.strip():
            _fail(422, "say where the tree stands")
    except _Refused as r:
        return r.reply()
    tid = f"TR-{_next(state, 'tree')}"
    n = sum(1 for t in state.trees.values() if t["survey"] == survey_id) + 1
    state.trees[tid] = {"survey": survey_id, "tag": f"T{n}", "species": species_code, "height": float(height_m),
                        "dbh": int(dbh_cm), "condition": condition, "notes": notes.strip()}
    return 201, _tree_reply(state, tid)


async def complete_survey(state: State, token: str, survey_id: str,
                          summary: str) -> tuple[int, SurveyReport | Problem]:
    """Complete a survey once its trees are recorded.

    Args:
        token: The session token (a surveyor).
        survey_id: The survey.
        summary: What the surveyor recommends.

    Returns:
        ``(200, SurveyReport)``, completed.
    """
    try:
        _staff(state, token, "surveyor")
        s = _survey(state, survey_id)
        if s["status"] != "booked":
            _fail(409, f"{survey_id} is {s['status']} already")
        if not any(t["survey"] == survey_id for t in state.trees.values()):
            _fail(409, f"no trees are recorded on {survey_id}; record them before it is completed")
        if not summary.strip():
            _fail(422, "write the survey's summary")
    except _Refused as r:
        return r.reply()
    s["status"] = "completed"
    s["summary"] = summary.strip()
    return 200, _survey_report(state, survey_id)


# --------------------------------------------------------------------------- quotes


async def create_quote(state: State, token: str, survey_id: str) -> tuple[int, Quote | Problem]:
    """Open a draft quote for the work found on a completed survey.

    Args:
        token: The session token (a surveyor).
        survey_id: The survey.

    Returns:
        ``(201, Quote)``: the draft with its ``quote_id``, no lines yet, and the survey's ``trees``.
    """
    try:
        _staff(state, token, "surveyor")
        s = _survey(state, survey_id)
        if s["status"] != "completed":
            _fail(409, f"{survey_id} is {s['status']}; a quote follows a completed survey")
        site = state.sites[s["site"]]
        if site["checked"] is None:
            _fail(409, f"{s['site']}'s protection (tree preservation orders and conservation area) has not been "
                       "checked; check it before the work is quoted")
        for qid, q in state.quotes.items():
            if q["survey"] == survey_id and _quote_status(q) in ("draft", "sent"):
                _fail(409, f"{qid} is already open for {survey_id}")
    except _Refused as r:
        return r.reply()
    qid = f"QU-{_next(state, 'job')}"
    state.quotes[qid] = {"survey": survey_id, "lines": [], "status": "draft", "sent": None}
    return 201, _quote_reply(state, qid)


async def add_work(state: State, token: str, quote_id: str, tree_id: str, work_code: str,
                   detail: str | None = None) -> tuple[int, Quote | Problem]:
    """Put an operation on a tree onto a draft quote; it is priced from the rate and the tree's height.

    Args:
        token: The session token (a surveyor).
        quote_id: The draft quote.
        tree_id: A tree recorded on the quote's survey.
        work_code: The operation.
        detail: How much, where to, what stays (``Reduce by 2 m``).

    Returns:
        ``(200, Quote)`` with its lines and totals.
    """
    try:
        _staff(state, token, "surveyor")
        q = _quote(state, quote_id)
        if q["status"] != "draft":
            _fail(409, f"{quote_id} is {_quote_status(q)}; work goes onto a draft quote")
        t = state.trees.get(tree_id)
        if t is None or t["survey"] != q["survey"]:
            _fail(404, f"{tree_id} is not a tree recorded on {q['survey']}")
        if work_code not in WORK:
            _fail(404, f"no operation {work_code}")
        if any(line["tree"] == tree_id and line["work"] == work_code for line in q["lines"]):
            _fail(409, f"{work_code} is on {quote_id} for {tree_id} already")
        if work_code == "STMP" and not any(line["tree"] == tree_id and line["work"] in ("FELL", "SECT")
                                           for line in q["lines"]):
            _fail(409, f"a stump is ground out only where its tree is felled: put FELL or SECT on {tree_id} first")
        if work_code == "POLL" and t["species"] not in POLLARDED:
            _fail(409, f"{SPECIES[t['species']][0]} is not pollarded; we pollard willow, lime, ash, oak and "
                       "hornbeam")
    except _Refused as r:
        return r.reply()
    q["lines"].append(_line(tree_id, work_code, (detail or "").strip() or None))
    return 200, _quote_reply(state, quote_id)


async def remove_work(state: State, token: str, quote_id: str, line_no: int) -> tuple[int, float | Problem]:
    """Take a line off a draft quote.

    Args:
        token: The session token (a surveyor).
        quote_id: The draft quote.
        line_no: The line's number on the quote.

    Returns:
        ``(200, total)``: the quote's new total with VAT.
    """
    try:
        _staff(state, token, "surveyor")
        q = _quote(state, quote_id)
        if q["status"] != "draft":
            _fail(409, f"{quote_id} is {_quote_status(q)}; only a draft quote is changed")
        if not 1 <= line_no <= len(q["lines"]):
            _fail(404, f"{quote_id} has no line {line_no}")
        gone = q["lines"][line_no - 1]
        if gone["work"] in ("FELL", "SECT") and any(line["tree"] == gone["tree"] and line["work"] == "STMP"
                                                    for line in q["lines"]):
            _fail(409, f"take the stump grinding on {gone['tree']} off first")
    except _Refused as r:
        return r.reply()
    del q["lines"][line_no - 1]
    return 200, round(_subtotal(state, q["lines"]) * (1 + VAT), 2)


async def send_quote(state: State, token: str, quote_id: str, channel: Channel) -> tuple[int, str | Problem]:
    """Send a draft quote to the customer; it then stands 60 days.

    Args:
        token: The session token (the office or a surveyor).
        quote_id: The draft quote.
        channel: ``email`` or ``post``.

    Returns:
        ``(200, sentence)`` with the quote, its total and where it went.
    """
    try:
        _staff(state, token, "office", "surveyor")
        q = _quote(state, quote_id)
        if q["status"] != "draft":
            _fail(409, f"{quote_id} was sent on {q['sent']} already")
        if not q["lines"]:
            _fail(409, f"{quote_id} has no work on it")
        site = state.sites[_quote_site(state, q)]
        c = state.customers[site["customer"]]
        if channel == "email" and not c["email"]:
            _fail(409, f"no e-mail address for {c['name']}; send it by post")
    except _Refused as r:
        return r.reply()
    q["status"] = "sent"
    q["sent"] = TODAY
    total = round(_subtotal(state, q["lines"]) * (1 + VAT), 2)
    where = c["email"] if channel == "email" else site["address"]
    return 200, f"Quote {quote_id} for £{total:,.2f} sent by {channel} to {c['name']} ({where}); valid 60 days."


async def quotes(state: State, token: str, customer_id: str | None = None,
                 status: QuoteStatus | None = None) -> tuple[int, list[QuoteRow] | Problem]:
    """Quotes, by customer and status.

    Args:
        token: The session token.
        customer_id: Only this customer's quotes.
        status: Only ``draft``, ``sent``, ``accepted`` or ``expired`` quotes.

    Returns:
        ``(200, rows)``: ``quote_id``, ``survey_id``, ``customer``, ``address``, ``lines`` (one text per line:
        number, tree tag, species, operation and price), ``total``, ``status`` and ``sent_on``.
    """
    try:
        _staff(state, token)
        if customer_id is not None:
            _customer(state, customer_id)
    except _Refused as r:
        return r.reply()
    return 200, [_quote_row(state, qid) for qid, q in sorted(state.quotes.items())
                 if (customer_id is None or state.sites[_quote_site(state, q)]["customer"] == customer_id)
                 and (status is None or _quote_status(q) == status)]


async def accept_quote(state: State, token: str, quote_id: str) -> tuple[int, Job | Problem]:
    """Record the customer's acceptance of a sent quote; the work becomes a job.

    Args:
        token: The session token (the office).
        quote_id: The quote.

    Returns:
        ``(201, Job)`` with its ``job_id``: ``to_schedule``, or ``awaiting_consent`` on a protected site.
    """
    try:
        _staff(state, token, "office")
        q = _quote(state, quote_id)
        status = _quote_status(q)
        if status == "draft":
            _fail(409, f"{quote_id} has not been sent to the customer")
        if status == "expired":
            _fail(409, f"{quote_id} was sent on {q['sent']} and has expired; quote again")
        if status != "sent":
            _fail(409, f"{quote_id} is {status} already")
    except _Refused as r:
        return r.reply()
    tpo, area = _protection(state.sites[_quote_site(state, q)])
    q["status"] = "accepted"
    jid = f"JB-{_next(state, 'job')}"
    state.jobs[jid] = {"quote": quote_id, "status": "awaiting_consent" if (tpo or area) else "to_schedule",
                       "date": None, "crew": None, "kit": [], "application": None, "assessment": None,
                       "notes": None, "invoice": None}
    return 201, _job_reply(state, jid)


# --------------------------------------------------------------------------- council consent


async def apply_for_consent(state: State, token: str, job_id: str, kind: ConsentKind,
                            reasons: str) -> tuple[int, Application | Problem]:
    """Lodge a job's consent with the council: an application to work on trees under a preservation order, or
    notice of work on trees in a conservation area.

    Args:
        token: The session token (the office).
        job_id: The job awaiting consent.
        kind: ``tpo_application`` or ``s211_notice``.
        reasons: The work and why it is needed, as the council will read it.

    Returns:
        ``(201, Application)`` with its ``application_id`` and the date a decision is due.
    """
    try:
        _staff(state, token, "office")
        j = _job(state, job_id)
        kind_value = kind.value if isinstance(kind, ConsentKind) else str(kind)
        if j["status"] != "awaiting_consent":
            if j["application"]:
                _fail(409, f"{job_id} is {j['status']}; its consent is {j['application']}")
            _fail(409, f"{job_id} needs no consent: its site has no preservation order and is in no "
                       "conservation area")
        if j["application"] and state.applications[j["application"]]["status"] == "pending":
            _fail(409, f"{job_id}'s consent is lodged already as {j['application']}")
        site_id = _job_site(state, j)
        tpo, area = _protection(state.sites[site_id])
        needed = "tpo_application" if tpo else "s211_notice"
        if kind_value not in ("tpo_application", "s211_notice"):
            _fail(422, f"{kind_value} is not a consent we lodge")
        if kind_value != needed:
            _fail(422, f"{site_id} is under {tpo}: apply for consent (tpo_application)" if tpo else
                  f"{site_id} is in the {area} conservation area with no preservation order: give the council "
                  "six weeks' notice (s211_notice)")
        if not reasons.strip():
            _fail(422, "give the work and the reasons for it")
    except _Refused as r:
        return r.reply()
    aid = f"CA-{_next(state, 'job')}"
    weeks = 8 if needed == "tpo_application" else 6
    state.applications[aid] = {"job": job_id, "kind": needed, "council": _council(state.sites[site_id]["postcode"]),
                               "reasons": reasons.strip(), "lodged": TODAY,
                               "due": (_today() + datetime.timedelta(weeks=weeks)).isoformat(), "status": "pending",
                               "decided": None, "conditions": None}
    j["application"] = aid
    return 201, _application_reply(state, aid)


async def record_decision(state: State, token: str, application_id: str, decision: Decision,
                          conditions: str | None = None) -> tuple[int, Application | Problem]:
    """Record the council's answer to a consent application or notice; consent lets the job be scheduled.

    Args:
        token: The session token (the office).
        application_id: The application.
        decision: ``granted``, ``refused`` or ``no_objection``.
        conditions: Conditions the council attached.

    Returns:
        ``(200, Application)`` as decided.
    """
    try:
        _staff(state, token, "office")
        a = state.applications.get(application_id)
        if a is None:
            _fail(404, f"no consent application {application_id}")
        if a["status"] != "pending":
            _fail(409, f"{application_id} was decided on {a['decided']} ({a['status']})")
        if a["kind"] == "s211_notice" and decision == "granted":
            _fail(422, "a s211 notice is not granted: the council raises no_objection, or refused when it serves "
                       "a preservation order")
        if a["kind"] == "tpo_application" and decision == "no_objection":
            _fail(422, "a TPO application is granted or refused")
    except _Refused as r:
        return r.reply()
    a.update(status=decision, decided=TODAY, conditions=(conditions or "").strip() or None)
    j = state.jobs[a["job"]]
    j["status"] = "consent_refused" if decision == "refused" else "to_schedule"
    return 200, _application_reply(state, application_id)


# --------------------------------------------------------------------------- crews and kit


async def crews(state: State, token: str) -> tuple[int, list[Crew] | Problem]:
    """The crews, their members and their tickets.

    Args:
        token: The session token.

    Returns:
        ``(200, rows)``: ``crew_id``, ``leader``, ``members`` and ``tickets`` (CS30 to CS39).
    """
    try:
        _staff(state, token)
    except _Refused as r:
        return r.reply()
    return 200, [Crew(crew_id=cid, leader=c["leader"], members=list(c["members"]), tickets=list(c["tickets"]))
                 for cid, c in state.crews.items()]


async def equipment(state: State, token: str, kind: KitKind | None = None) -> tuple[int, list[Kit] | Problem]:
    """The kit, by kind.

    Args:
        token: The session token.
        kind: Only ``chipper``, ``stump_grinder``, ``mewp`` or ``climbing_kit``.

    Returns:
        ``(200, rows)``: ``kit_code``, ``kind``, ``name``, ``status`` and ``examined_until``.
    """
    try:
        _staff(state, token)
    except _Refused as r:
        return r.reply()
    return 200, [_kit_reply(state, code) for code, k in state.kit.items() if kind is None or k["kind"] == kind]


async def record_examination(state: State, token: str, kit_code: str, examiner: str, passed: bool,
                             notes: str | None = None) -> tuple[int, Kit | Problem]:
    """Record a LOLER thorough examination; a pass is good for six months, a fail takes the kit out of use.

    Args:
        token: The session token (the manager).
        kit_code: The kit.
        examiner: Who examined it.
        passed: Whether it passed.
        notes: What was found or replaced.

    Returns:
        ``(200, Kit)`` with its new ``examined_until`` or status.
    """
    try:
        _staff(state, token, "manager")
        k = _kit(state, kit_code)
        if k["kind"] not in ("climbing_kit", "mewp"):
            _fail(422, f"{kit_code} is a {k['kind'].replace('_', ' ')}; LOLER thorough examinations are for "
                       "climbing kit and the MEWP")
        if any(e[0] == kit_code and e[1] == TODAY for e in state.examinations):
            _fail(409, f"{kit_code} was examined today already")
        if not examiner.strip():
            _fail(422, "say who examined it")
    except _Refused as r:
        return r.reply()
    state.examinations.append([kit_code, TODAY, examiner.strip(), bool(passed)])
    if passed:
        k["examined"] = _add_months(_today(), LOLER_MONTHS).isoformat()
        k["status"] = "in_service"
    else:
        k["status"] = "quarantined"
    return 200, _kit_reply(state, kit_code)


# --------------------------------------------------------------------------- jobs


def _needs(state: State, j: dict) -> dict:
    works = {line["work"] for line in _job_lines(state, j)}
    return {"climbing": any(WORK[w][2] for w in works), "chipper": bool(works - {"STMP"}),
            "grinder": "STMP" in works}


async def schedule_job(state: State, token: str, job_id: str, date: str, crew_id: str) -> tuple[int, Job | Problem]:
    """Give a job its day and its crew (or move it); moving a job lets its kit go.

    Args:
        token: The session token (the office).
        job_id: The job.
        date: The day, ``YYYY-MM-DD``, from tomorrow.
        crew_id: The crew.

    Returns:
        ``(200, Job)``, scheduled.
    """
    try:
        _staff(state, token, "office")
        j = _job(state, job_id)
        if j["status"] == "awaiting_consent":
            _fail(409, f"{job_id} is awaiting the council's consent" +
                  (f" ({j['application']})" if j["application"] else "; none has been lodged"))
        if j["status"] not in ("to_schedule", "scheduled"):
            _fail(409, f"{job_id} is {j['status'].replace('_', ' ')}")
        day = _day(date)
        if day <= _today():
            _fail(422, "jobs are scheduled from tomorrow")
        if day.weekday() == 6:
            _fail(422, "the crews do not work on Sundays")
        c = state.crews.get(crew_id)
        if c is None:
            _fail(404, f"no crew {crew_id}")
        if j["status"] == "scheduled" and j["date"] == date and j["crew"] == crew_id:
            _fail(409, f"{job_id} is with {crew_id} on {date} already")
        if _needs(state, j)["climbing"] and not {"CS38", "CS39"} <= set(c["tickets"]):
            _fail(409, f"{crew_id} has no CS38 climber and CS39 aerial rescuer; climbing work needs both")
        for other, oj in state.jobs.items():
            if other != job_id and oj["crew"] == crew_id and oj["date"] == date and oj["status"] == "scheduled":
                _fail(409, f"{crew_id} is on {other} that day")
    except _Refused as r:
        return r.reply()
    if j["date"] != date:
        j["kit"] = []
    j.update(status="scheduled", date=date, crew=crew_id)
    return 200, _job_reply(state, job_id)


async def book_kit(state: State, token: str, job_id: str, kit_codes: list[str]) -> tuple[int, Job | Problem]:
    """Book kit for a scheduled job's day.

    Args:
        token: The session token (the office or a crew).
        job_id: The scheduled job.
        kit_codes: The kit to book, ``["CH-01", "CK-01"]`` for example.

    Returns:
        ``(200, Job)`` with its ``kit``.
    """
    try:
        _staff(state, token, "office", "crew")
        j = _job(state, job_id)
        if j["status"] != "scheduled":
            _fail(409, f"{job_id} is {j['status'].replace('_', ' ')}; kit is booked for a scheduled job")
        if not kit_codes:
            _fail(422, "say which kit to book")
        for code in kit_codes:
            k = _kit(state, code)
            if code in j["kit"]:
                _fail(409, f"{code} is on {job_id} already")
            if k["status"] != "in_service":
                _fail(409, f"{code} is {k['status']}")
            if k["kind"] in ("climbing_kit", "mewp") and (k["examined"] is None or k["examined"] < j["date"]):
                _fail(409, f"{code}'s LOLER thorough examination ran out on {k['examined']}; it is examined "
                           "before it is used")
            for other, oj in state.jobs.items():
                if other != job_id and code in oj["kit"] and (oj["status"] == "in_progress" or (
                        oj["status"] == "scheduled" and oj["date"] == j["date"])):
                    _fail(409, f"{code} is on {other}" + (" that day" if oj["status"] == "scheduled" else
                                                          ", which is still being worked"))
    except _Refused as r:
        return r.reply()
    j["kit"].extend(code for code in kit_codes if code not in j["kit"])
    return 200, _job_reply(state, job_id)


async def release_kit(state: State, token: str, job_id: str, kit_code: str) -> tuple[int, str | Problem]:
    """Let a piece of kit booked on a job go.

    Args:
        token: The session token (the office or a crew).
        job_id: The job.
        kit_code: The kit booked on it.

    Returns:
        ``(200, sentence)`` naming the kit released.
    """
    try:
        _staff(state, token, "office", "crew")
        j = _job(state, job_id)
        if kit_code not in j["kit"]:
            _fail(409, f"{kit_code} is not booked on {job_id}")
        if j["status"] != "scheduled":
            _fail(409, f"{job_id} is {j['status'].replace('_', ' ')}")
    except _Refused as r:
        return r.reply()
    j["kit"].remove(kit_code)
    return 200, f"{kit_code} ({state.kit[kit_code]['name']}) released from {job_id} on {j['date']}."


async def jobs(state: State, token: str, date: str | None = None, status: JobStatus | None = None,
               crew_id: str | None = None) -> tuple[int, list[JobRow] | Problem]:
    """Jobs, by day, status and crew.

    Args:
        token: The session token.
        date: Only jobs on this day, ``YYYY-MM-DD``.
        status: Only jobs in this state: ``awaiting_consent``, ``consent_refused``, ``to_schedule``,
            ``scheduled``, ``in_progress``, ``completed`` or ``cancelled``.
        crew_id: Only this crew's jobs.

    Returns:
        ``(200, rows)``: ``job_id``, ``quote_id``, ``customer``, ``address``, ``status``, ``date`` and
        ``crew_id``.
    """
    try:
        _staff(state, token)
        if date is not None:
            _day(date)
    except _Refused as r:
        return r.reply()
    return 200, [_job_row(state, jid) for jid, j in sorted(state.jobs.items())
                 if (date is None or j["date"] == date) and (status is None or j["status"] == status)
                 and (crew_id is None or j["crew"] == crew_id)]


async def job_sheet(state: State, token: str, job_id: str) -> tuple[int, Job | Problem]:
    """A job in full: its work, crew, kit, consent, risk assessment, arisings and invoice.

    Args:
        token: The session token.
        job_id: The job.

    Returns:
        ``(200, Job)``.
    """
    try:
        _staff(state, token)
        _job(state, job_id)
    except _Refused as r:
        return r.reply()
    return 200, _job_reply(state, job_id)


async def risk_assessment(state: State, token: str, job_id: str, hazards: list[str], nesting_birds_checked: bool,
                          rescue_plan: str) -> tuple[int, RiskAssessment | Problem]:
    """Write a scheduled job's site risk assessment.

    Args:
        token: The session token (a crew).
        job_id: The scheduled job.
        hazards: The hazards on site, from the assessment form.
        nesting_birds_checked: Whether the trees were checked for nesting birds.
        rescue_plan: Who does the aerial rescue, and how.

    Returns:
        ``(201, RiskAssessment)`` with its ``assessment_id``, which the crew gives when the job starts.
    """
    try:
        who = _staff(state, token, "crew")
        j = _job(state, job_id)
        if j["status"] != "scheduled":
            _fail(409, f"{job_id} is {j['status'].replace('_', ' ')}; a risk assessment is for a scheduled job")
        if j["assessment"]:
            _fail(409, f"{job_id} was assessed already ({j['assessment']})")
        bad = [h for h in hazards if h not in HAZARDS]
        if bad:
            _fail(422, f"{', '.join(bad)} is not on the form; the hazards are {', '.join(HAZARDS)}")
        if not nesting_birds_checked:
            _fail(409, "check the trees for nesting birds before work is planned (Wildlife and Countryside Act)")
        if not rescue_plan.strip():
            _fail(422, "write the rescue plan")
    except _Refused as r:
        return r.reply()
    ra = f"RA-{_next(state, 'job')}"
    state.assessments[ra] = {"job": job_id, "hazards": list(hazards), "birds": True, "plan": rescue_plan.strip(),
                             "by": who["name"], "on": TODAY}
    j["assessment"] = ra
    return 201, RiskAssessment(assessment_id=ra, job_id=job_id, hazards=list(hazards), nesting_birds_checked=True,
                               rescue_plan=rescue_plan.strip(), assessed_by=who["name"], assessed_on=TODAY)


async def start_job(state: State, token: str, job_id: str, assessment_id: str) -> tuple[int, Job | Problem]:
    """Start a job on its day, on its risk assessment, with the kit its work needs booked.

    Args:
        token: The session token (a crew).
        job_id: The job, scheduled for today.
        assessment_id: Its site risk assessment.

    Returns:
        ``(200, Job)``, in progress.
    """
    try:
        _staff(state, token, "crew")
        j = _job(state, job_id)
        if j["status"] != "scheduled":
            _fail(409, f"{job_id} is {j['status'].replace('_', ' ')}")
        if j["date"] != TODAY:
            _fail(409, f"{job_id} is booked for {j['date']}; it starts on its day")
        a = state.assessments.get(assessment_id)
        if a is None or a["job"] != job_id:
            _fail(409, f"{assessment_id} is not {job_id}'s risk assessment; it is written before work starts")
        kinds = {state.kit[code]["kind"] for code in j["kit"]}
        need = _needs(state, j)
        if need["chipper"] and "chipper" not in kinds:
            _fail(409, f"no chipper is booked on {job_id}; the brash goes through a chipper")
        if need["grinder"] and "stump_grinder" not in kinds:
            _fail(409, f"no stump grinder is booked on {job_id}")
        if need["climbing"] and not kinds & {"climbing_kit", "mewp"}:
            _fail(409, f"no climbing kit or MEWP is booked on {job_id}; its crown work needs one")
    except _Refused as r:
        return r.reply()
    j["status"] = "in_progress"
    return 200, _job_reply(state, job_id)


async def waste_sites(state: State, token: str) -> tuple[int, list[WasteSite] | Problem]:
    """Where the arisings may be tipped, what each takes and its gate fee.

    Args:
        token: The session token.

    Returns:
        ``(200, rows)``: ``code``, ``name``, ``accepts`` and ``gate_fee_per_tonne``.
    """
    try:
        _staff(state, token)
    except _Refused as r:
        return r.reply()
    return 200, [WasteSite(code=code, name=w[0], accepts=list(w[1]), gate_fee_per_tonne=w[2])
                 for code, w in WASTE_SITES.items()]


async def log_waste(state: State, token: str, job_id: str, site_code: str, kind: WasteKind,
                    tonnes: float) -> tuple[int, WasteTicket | Problem]:
    """Log a load of a job's arisings tipped at a waste site, against the site's ticket.

    Args:
        token: The session token (a crew).
        job_id: The job in progress.
        site_code: The waste site.
        kind: ``woodchip``, ``timber``, ``green_waste`` or ``stumps``.
        tonnes: The load's weight on the weighbridge.

    Returns:
        ``(201, WasteTicket)`` with its ``ticket_no`` and the gate fee.
    """
    try:
        _staff(state, token, "crew")
        j = _job(state, job_id)
        if j["status"] != "in_progress":
            _fail(409, f"{job_id} is {j['status'].replace('_', ' ')}; arisings are logged while a job is worked")
        w = WASTE_SITES.get(site_code)
        if w is None:
            _fail(404, f"no waste site {site_code}")
        if kind not in w[1]:
            _fail(409, f"{w[0]} does not take {kind.replace('_', ' ')}")
        if not 0.05 <= tonnes <= MAX_LOAD_T:
            _fail(422, f"a load is up to {MAX_LOAD_T} tonnes, the tipper's limit")
    except _Refused as r:
        return r.reply()
    wt = f"WT-{_next(state, 'job')}"
    state.waste[wt] = {"job": job_id, "site": site_code, "kind": kind, "tonnes": float(tonnes)}
    return 201, WasteTicket(ticket_no=wt, job_id=job_id, site_code=site_code, kind=kind, tonnes=float(tonnes),
                            gate_fee=round(tonnes * w[2], 2))


async def complete_job(state: State, token: str, job_id: str, notes: str) -> tuple[int, Job | Problem]:
    """Sign a job off once its arisings are tipped and ticketed.

    Args:
        token: The session token (a crew).
        job_id: The job in progress.
        notes: What was done and how the site was left.

    Returns:
        ``(200, Job)``, completed.
    """
    try:
        _staff(state, token, "crew")
        j = _job(state, job_id)
        if j["status"] != "in_progress":
            _fail(409, f"{job_id} is {j['status'].replace('_', ' ')}")
        if not any(t["job"] == job_id for t in state.waste.values()):
            _fail(409, f"no waste tickets are logged for {job_id}; log the arisings before it is signed off")
        if not notes.strip():
            _fail(422, "write what was done")
    except _Refused as r:
        return r.reply()
    j["status"] = "completed"
    j["notes"] = notes.strip()
    return 200, _job_reply(state, job_id)


async def cancel_job(state: State, token: str, job_id: str, reason: str) -> tuple[int, str | Problem]:
    """Cancel a job that has not started; its kit is let go and a pending consent withdrawn.

    Args:
        token: The session token (the office).
        job_id: The job.
        reason: Why.

    Returns:
        ``(200, sentence)`` naming the job and what was let go.
    """
    try:
        _staff(state, token, "office")
        j = _job(state, job_id)
        if j["status"] in ("in_progress", "completed", "cancelled"):
            _fail(409, f"{job_id} is {j['status'].replace('_', ' ')}")
        if not reason.strip():
            _fail(422, "give a reason")
    except _Refused as r:
        return r.reply()
    let_go = list(j["kit"])
    j.update(status="cancelled", kit=[], notes=reason.strip())
    withdrawn = ""
    if j["application"] and state.applications[j["application"]]["status"] == "pending":
        state.applications[j["application"]].update(status="withdrawn", decided=TODAY)
        withdrawn = f"; {j['application']} withdrawn"
    kit = f"; {', '.join(let_go)} released" if let_go else ""
    return 200, f"Job {job_id} cancelled ({reason.strip()}){kit}{withdrawn}."


# --------------------------------------------------------------------------- invoices


async def raise_invoice(state: State, token: str, job_id: str) -> tuple[int, Invoice | Problem]:
    """Invoice a completed job, due in 30 days.

    Args:
        token: The session token (the office).
        job_id: The completed job.

    Returns:
        ``(201, Invoice)`` with its ``invoice_id``.
    """
    try:
        _staff(state, token, "office")
        j = _job(state, job_id)
        if j["invoice"]:
            _fail(409, f"{job_id} was invoiced already as {j['invoice']}")
        if j["status"] != "completed":
            _fail(409, f"{job_id} is {j['status'].replace('_', ' ')}; a job is invoiced once completed")
    except _Refused as r:
        return r.reply()
    iid = f"IN-{_next(state, 'job')}"
    state.invoices[iid] = {"job": job_id, "issued": TODAY,
                           "due": (_today() + datetime.timedelta(days=30)).isoformat(), "paid": 0.0}
    j["invoice"] = iid
    return 201, _invoice_reply(state, iid)


async def invoices(state: State, token: str, unpaid_only: bool = False) -> tuple[int, list[InvoiceRow] | Problem]:
    """Invoices, or only those with a balance left.

    Args:
        token: The session token.
        unpaid_only: Only invoices not paid in full.

    Returns:
        ``(200, rows)``: ``invoice_id``, ``job_id``, ``customer``, ``total``, ``paid``, ``balance`` and ``due``.
    """
    try:
        _staff(state, token)
    except _Refused as r:
        return r.reply()
    rows = []
    for iid in sorted(state.invoices):
        inv = _invoice_reply(state, iid)
        if not unpaid_only or inv.balance > 0:
            rows.append(InvoiceRow(invoice_id=iid, job_id=inv.job_id, customer=inv.customer, total=inv.total,
                                   paid=inv.paid, balance=inv.balance, due=inv.due))
    return 200, rows


async def take_payment(state: State, token: str, invoice_id: str, amount: float,
                       method: PayMethod) -> tuple[int, float | Problem]:
    """Take a payment against an invoice.

    Args:
        token: The session token (the office).
        invoice_id: The invoice.
        amount: How much.
        method: ``card``, ``bank_transfer`` or ``cheque``.

    Returns:
        ``(200, balance)``: what is left to pay.
    """
    try:
        _staff(state, token, "office")
        if invoice_id not in state.invoices:
            _fail(404, f"no invoice {invoice_id}")
        inv = _invoice_reply(state, invoice_id)
        if inv.balance <= 0:
            _fail(409, f"{invoice_id} is paid in full")
        if amount <= 0:
            _fail(422, "the amount must be more than nothing")
        if amount > inv.balance + 0.001:
            _fail(422, f"£{amount:,.2f} is more than the £{inv.balance:,.2f} left on {invoice_id}")
    except _Refused as r:
        return r.reply()
    state.invoices[invoice_id]["paid"] = round(state.invoices[invoice_id]["paid"] + amount, 2)
    state.payments.append([invoice_id, float(amount), method, TODAY])
    return 200, round(inv.balance - amount, 2)


TOOLS = [
    sign_in, sign_out, work_catalogue, species_list, survey_slots, find_customer, register_customer,
    update_customer, customer_file, add_site, check_protection, book_survey, surveys, survey_report, record_tree,
    complete_survey, create_quote, add_work, remove_work, send_quote, quotes, accept_quote, apply_for_consent,
    record_decision, crews, equipment, record_examination, schedule_job, book_kit, release_kit, jobs, job_sheet,
    risk_assessment, start_job, waste_sites, log_waste, complete_job, cancel_job, raise_invoice, invoices,
    take_payment,
]

FIXTURES = {
    "firm": {"name": "Greenhalgh & Rook Tree Surgery, The Wood Yard, Fenby Lane, Ashcombe",
             "today": "Wednesday 8 October, half past eight in the morning"},
    "staff": [
        {"name": "Kerry Doyle", "role": "office", "username": "kerry.d", "password": "Holly-Bough-7"},
        {"name": "Owain Price", "role": "surveyor", "username": "owain.p", "password": "Girth-Tape-31"},
        {"name": "Dean Sutton", "role": "crew leader", "username": "dean.s", "password": "Top-Handle-200"},
        {"name": "Aisha Barker", "role": "crew leader", "username": "aisha.b", "password": "Friction-Hitch-9"},
        {"name": "Ruth Greenhalgh", "role": "manager", "username": "ruth.g", "password": "Wood-Yard-1994"},
    ],
    "new_customer": {"name": "Mrs Helen Achebe", "mobile": "07700 900319", "email": "helen.achebe@mail.example",
                     "site": "The Coach House, 9 Abbey Road, Ashcombe", "postcode": "AS2 4TW",
                     "access": "Park on Abbey Road; the drive is shared with the Old Coach House",
                     "wants": "a sycamore over her garage reduced and a leylandii by the gate taken down and "
                              "ground out, and a survey as soon as we can"},
    "office_notes": [
        "Mr Okonjo's survey is this morning at eleven; the beech at the back is his worry",
        "Mrs Ellison has rung to say yes to the deadwood and the willow pollard",
        "The council's decision on the Ashcombe Lodge horse chestnut came in the post: granted, replant a lime",
        "Ms Lindqvist's oak reduction needs a climbing crew; she would like it done next week",
        "Climbing kit set B went for its LOLER examination with H. Cole yesterday and passed",
        "Dean's crew finishes the Pettifers' leylandii today; chip goes to Holt Farm",
        "Aisha's crew finishes the churchyard today",
        "Mr Okonjo is paying off his July invoice by bank transfer",
    ],
}

# --------------------------------------------------------------------------- the designed prerequisites

_TOKEN = "auth: session token (token of sign_in's reply)"
PUBLIC = ("sign_in", "work_catalogue", "species_list", "survey_slots")
TOKEN_CONSUMERS = [t.__name__ for t in TOOLS if t.__name__ not in PUBLIC]
CUSTOMER_CONSUMERS = ["update_customer", "customer_file", "add_site"]
SITE_CONSUMERS = ["check_protection", "book_survey"]
SURVEY_CONSUMERS = ["record_tree", "complete_survey", "create_quote", "survey_report"]
QUOTE_CONSUMERS = ["add_work", "remove_work", "send_quote", "accept_quote"]
JOB_CONSUMERS = ["apply_for_consent", "schedule_job", "book_kit", "release_kit", "job_sheet", "risk_assessment",
                 "cancel_job"]
DAY_CONSUMERS = ["start_job", "log_waste", "complete_job", "raise_invoice"]
_CUSTOMER = "id lookup/create: customer (customer_id of register_customer, or of a find_customer row)"
_SITE = "id lookup/create: site (site_id of add_site, or of a site in customer_file)"
_SURVEY = "id lookup/create: survey (survey_id of book_survey, or of a surveys row)"
_QUOTE = "id lookup/create: quote (quote_id of create_quote, or of a quotes row)"
_JOB = "id lookup/create: job (job_id of accept_quote, or of a jobs row)"
_DAY = "id lookup: a job on its day or done (job_id of a jobs row)"

GROUND_TRUTH = (
    [("sign_in", c, _TOKEN) for c in TOKEN_CONSUMERS]
    + [("register_customer|find_customer", c, _CUSTOMER) for c in CUSTOMER_CONSUMERS]
    + [("add_site|customer_file", c, _SITE) for c in SITE_CONSUMERS]
    + [("book_survey|surveys", c, _SURVEY) for c in SURVEY_CONSUMERS]
    + [("create_quote|quotes", c, _QUOTE) for c in QUOTE_CONSUMERS]
    + [("accept_quote|jobs", c, _JOB) for c in JOB_CONSUMERS]
    + [("jobs", c, _DAY) for c in DAY_CONSUMERS]
    + [
        ("survey_slots", "book_survey", "id lookup: a free survey slot (slot_id of a survey_slots row)"),
        ("record_tree|survey_report", "add_work",
         "id lookup/create: tree (tree_id of record_tree, or of a tree in survey_report)"),
        ("apply_for_consent|job_sheet", "record_decision",
         "id lookup/create: consent application (application_id of apply_for_consent, or of job_sheet)"),
        ("crews", "schedule_job", "id lookup: crew (crew_id of a crews row)"),
        ("equipment", "book_kit", "id lookup: kit code (kit_code of an equipment row)"),
        ("equipment", "record_examination", "id lookup: kit code (kit_code of an equipment row)"),
        ("raise_invoice|invoices", "take_payment",
         "id lookup/create: invoice (invoice_id of raise_invoice, or of an invoices row)"),
        ("risk_assessment", "start_job", "id create: site risk assessment (assessment_id of risk_assessment)"),
        ("work_catalogue", "add_work", "vocabulary: operation codes (code of work_catalogue rows)"),
        ("species_list", "record_tree", "vocabulary: species codes (code of species_list rows)"),
        ("waste_sites", "log_waste", "vocabulary: waste site codes (code of waste_sites rows)"),
        ("check_protection", "create_quote", "state: the site's protection checked"),
        ("record_tree", "complete_survey", "state: a tree recorded on the survey"),
        ("complete_survey", "create_quote", "state: the survey completed"),
        ("add_work", "send_quote", "state: work on the quote"),
        ("add_work", "remove_work", "state: the line on the quote"),
        ("send_quote", "accept_quote", "state: the quote sent to the customer"),
        ("record_decision", "schedule_job", "state: the council's consent recorded"),
        ("schedule_job", "book_kit", "state: the job scheduled"),
        ("schedule_job", "risk_assessment", "state: the job scheduled"),
        ("record_examination", "book_kit", "state: the kit's LOLER examination current"),
        ("book_kit", "start_job", "state: the kit the work needs booked"),
        ("book_kit", "release_kit", "state: the kit booked on the job"),
        ("start_job", "log_waste", "state: the job in progress"),
        ("start_job", "complete_job", "state: the job in progress"),
        ("log_waste", "complete_job", "state: the arisings tipped and ticketed"),
        ("complete_job", "raise_invoice", "state: the job completed"),
    ]
)

PLAUSIBLE = (
    # a customer's file shows the ids of their quotes and jobs; a survey row its site; a quote row its survey;
    # a job sheet its kit and invoice
    {("customer_file", c) for c in QUOTE_CONSUMERS + JOB_CONSUMERS + DAY_CONSUMERS}
    | {("surveys", "check_protection"), ("surveys", "book_survey"), ("quotes", "survey_report"),
       ("job_sheet", "release_kit"), ("job_sheet", "take_payment"), ("equipment", "release_kit"),
       ("crews", "jobs"), ("find_customer", "quotes"), ("find_customer", "check_protection"),
       ("find_customer", "book_survey"), ("register_customer", "check_protection"),
       ("register_customer", "book_survey")}
    # one step further along the designed chains
    | {
        ("accept_quote", "record_decision"), ("add_work", "accept_quote"), ("apply_for_consent", "schedule_job"),
        ("book_kit", "log_waste"), ("book_kit", "complete_job"), ("check_protection", "add_work"),
        ("check_protection", "send_quote"), ("check_protection", "accept_quote"), ("complete_survey", "add_work"),
        ("complete_survey", "send_quote"), ("create_quote", "apply_for_consent"), ("create_quote", "schedule_job"),
        ("crews", "risk_assessment"), ("equipment", "start_job"), ("job_sheet", "schedule_job"),
        ("jobs", "record_decision"), ("jobs", "take_payment"), ("log_waste", "raise_invoice"),
        ("quotes", "apply_for_consent"), ("quotes", "cancel_job"), ("quotes", "job_sheet"),
        ("record_decision", "book_kit"), ("record_decision", "risk_assessment"), ("record_tree", "create_quote"),
        ("record_tree", "send_quote"), ("risk_assessment", "log_waste"), ("risk_assessment", "complete_job"),
        ("schedule_job", "release_kit"), ("schedule_job", "start_job"), ("send_quote", "schedule_job"),
        ("send_quote", "apply_for_consent"), ("start_job", "raise_invoice"), ("waste_sites", "complete_job"),
        ("add_site", "create_quote"), ("book_survey", "add_work"), ("book_survey", "send_quote"),
    }
    # a record created, then seen in the lists and files that show it
    | {
        ("register_customer", "find_customer"), ("add_site", "customer_file"), ("book_survey", "surveys"),
        ("book_survey", "survey_slots"), ("record_tree", "survey_report"), ("complete_survey", "survey_report"),
        ("complete_survey", "surveys"), ("create_quote", "quotes"), ("send_quote", "quotes"), ("accept_quote", "jobs"),
        ("accept_quote", "quotes"), ("schedule_job", "jobs"), ("schedule_job", "job_sheet"),
        ("apply_for_consent", "job_sheet"), ("record_decision", "jobs"), ("record_decision", "job_sheet"),
        ("book_kit", "job_sheet"), ("risk_assessment", "job_sheet"), ("log_waste", "job_sheet"),
        ("start_job", "jobs"), ("complete_job", "jobs"), ("raise_invoice", "invoices"),
        ("raise_invoice", "customer_file"), ("raise_invoice", "job_sheet"), ("take_payment", "invoices"),
        ("take_payment", "customer_file"), ("record_examination", "equipment"), ("cancel_job", "jobs"),
        ("check_protection", "customer_file"), ("update_customer", "customer_file"), ("update_customer", "send_quote"),
        ("add_site", "find_customer"),
    }
)
