"""Leadline: the pilotage system of the Caldernish Harbour Authority, a port's marine pilotage service: ship agents
and their credit, vessels and their insurance, pilot bookings, tides, tugs, the pilots' roster, launches, boarding,
acts, incidents, pilotage dues and pilotage exemption certificates (39 calls).

Coroutines without a decorator, each checking its own session and role and answering its refusals, over an in-memory
``State`` of the port on Wednesday 18 June 2059 at 06:00. The bookings clerk takes on ship agents and their vessels,
files a vessel's wreck-removal insurance, books pilots, attaches a movement's papers, sets and orders its tugs, cancels
bookings and takes applications for pilotage exemption certificates. The VTS officer (vessel traffic services)
confirms bookings and books the pilot launch. The pilot master keeps the roster (who is on duty), assigns pilots,
examines exemption candidates, issues certificates and closes incidents. A pilot checks the pilot ladder, boards,
completes the act and reports incidents. Accounts approve agents' credit, invoice acts and record payments. The
harbour master may make every call. The pilotage tariff and the berths are public.

Refusals are *returned* in the style of Twilio's REST API error: a dict with a numeric ``code``, a ``message``, a
``more_info`` link to the code's page and the HTTP ``status``, as in ``{"code": 82002, "message": "BK-30412 is not
confirmed by VTS", "more_info": "https://api.caldernish-harbour.example/docs/errors/82002", "status": 422}``.
The codes for a missing or ended session or a wrong password (20003, 401), a role that may not make the call (20403,
403) and an unknown id or code (20404, 404) are Twilio's; the authority's own five-digit codes, in the same manner,
are 82001 for a malformed input (400), 82002 for a rule of the port's or a record in the wrong state (422) and 82009
for a change made already (409). No common convention of a runtime reads that, so the module declares ``FAILURE``
(``twilio_error``).

Annotations are evaluated at definition and spelled with ``typing`` (``Optional[str]``, ``List[str]``,
``List[List[Any]]``, ``Dict[str, Any]``, ``Union[Booking, ApiError]``), with ``Literal`` aliases and ``Enum``s.
Docstrings are reStructuredText field lists (``:param name:``, ``:returns:``). Replies are ``TypedDict``s and lists of
them (a session, agents, vessels, an insurance certificate, bookings, a booking's detail with its papers, launch trip,
ladder check and incidents as rows, a document, a launch trip, an act, an incident, invoices, a receipt, an exemption
application, an exemption certificate); the tariff, the berths, the tide windows, the tugs, the pilots and the launches
as bare rows; a bare value (what is left to pay on an invoice); sentences with ids in them (a draught declared, a tug
requirement set, tugs ordered, a pilot's duty, a ladder check, an incident closed, a booking cancelled, a sign-out).
Typed inputs: a plain ``Enum`` input (``MovementDoc``), a ``str`` ``Enum`` input (``PayMethod``), ``Literal`` inputs (a
movement, an incident's kind) and ``Literal`` filters (bookings, invoices, exemption applications, the pilots' licence
class), a ``List[str]`` of tug names, ``bool`` answers and settings, ``int`` tonnages, counts and trips, ``float``
lengths, draughts and amounts, ``Optional[str]`` filters and details. Ids look alike: agent ``AG-2041``, vessel
``VS-5101``, insurance ``IC-6604``, booking ``BK-30411``, document ``DOC-9120``, launch trip ``LT-4410``, act
``ACT-8830``, incident ``INC-0561``, invoice ``INV-7701``, receipt ``RC-3307``, application ``PEA-0142``, certificate
``PEC-0318``, pilot ``P-03``. The IMO number's check digit, the credit reference's form, the draught's age, the
insurance threshold, the deep-draught rule, the notice and the horizon for a booking, the tugs each length needs, the
licence classes' limits and the exemption's trips are stated only in refusals.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as provider means either
tool satisfies it, and the text of ``what`` before its first ``:`` is the kind.
"""

import datetime
import json
import re
from enum import Enum
from typing import Any, Dict, List, Literal, Optional, Tuple, TypedDict, Union

TODAY = "2059-06-18"  # a Wednesday
NOW = "06:00"
CLERK = "bookings_clerk"
VTS = "vts_officer"
PILOT_MASTER = "pilot_master"
PILOT = "pilot"
ACCOUNTS = "accounts"
HARBOUR_MASTER = "harbour_master"

Movement = Literal["inbound", "outbound", "shift"]
BookingStatus = Literal["requested", "confirmed", "assigned", "boarded", "completed", "cancelled"]
InvoiceStatus = Literal["unpaid", "overdue", "paid"]
LicenceClass = Literal["A", "B", "C"]
IncidentKind = Literal["near_miss", "contact", "ladder_defect", "injury", "pollution"]
ApplicationStatus = Literal["awaiting_exam", "passed", "failed", "issued"]


class MovementDoc(Enum):
    PASSAGE_PLAN = "passage_plan"
    DG_DECLARATION = "dg_declaration"
    STOWAGE_PLAN = "stowage_plan"


class PayMethod(str, Enum):
    BACS = "bacs"
    CARD = "card"
    DIRECT_DEBIT = "direct_debit"


TARIFF = [  # band, gross tonnage from, to, fee an act
    ["P1", 0, 2999, 420.0],
    ["P2", 3000, 7999, 760.0],
    ["P3", 8000, 19999, 1240.0],
    ["P4", 20000, 49999, 1980.0],
    ["P5", 50000, None, 2850.0],
]
BERTHS = [  # code, name, max draught (m), max length overall (m), dangerous goods
    ["NQ1", "North Quay 1", 8.5, 140.0, False],
    ["NQ2", "North Quay 2", 9.0, 160.0, False],
    ["OT1", "Oil Terminal 1", 12.5, 250.0, True],
    ["RR1", "Ro-ro Linkspan", 7.0, 185.0, False],
    ["SQ", "South Quay", 6.0, 110.0, False],
]
BERTH = {row[0]: row for row in BERTHS}
TIDES = {  # day -> window code, high water, opens, closes, max draught (m)
    "2059-06-18": [["HW-0618-A", "05:52", "03:52", "07:52", 11.8], ["HW-0618-B", "18:14", "16:14", "20:14", 11.5]],
    "2059-06-19": [["HW-0619-A", "06:37", "04:37", "08:37", 11.9], ["HW-0619-B", "18:59", "16:59", "20:59", 11.6]],
    "2059-06-20": [["HW-0620-A", "07:21", "05:21", "09:21", 12.0], ["HW-0620-B", "19:44", "17:44", "21:44", 11.7]],
}
WINDOW = {row[0]: (day, row) for day, rows in TIDES.items() for row in rows}
DEEP_DRAUGHT = 9.0
DRAUGHT_DAYS = 7
INSURED_GT = 300
NOTICE_HOURS = 2
BOOKING_DAYS = 14
LATE_HOURS = 2
CLASS_LIMITS = {"A": (None, None), "B": (30000, 200.0), "C": (8000, 120.0)}  # gross tonnage, length overall
TUGS_FOR = [(150.0, 2), (100.0, 1)]  # length overall from, tugs needed
CREDIT_FORM = re.compile(r"CRA-\d{6}")
EXEMPTION_TRIPS = 12
EXEMPTION_FEE = 650.0
PAYMENT_DAYS = 30

# --------------------------------------------------------------------------- refusals (Twilio-style)

DOCS = "https://api.caldernish-harbour.example/docs/errors/"


class ApiError(TypedDict):
    code: int
    message: str
    more_info: str
    status: int


def twilio_error(reply: Any) -> Any:
    """Whether a reply is a Twilio-style REST error.

    :param reply: a tool's reply (a dict, or JSON text of one).
    :returns: ``"code (status): message"`` when the reply has a numeric ``code``, a ``more_info`` link and an HTTP
        ``status`` of 400 or more, else False.
    """
    if isinstance(reply, str) and reply[:1] == "{":
        try:
            reply = json.loads(reply)
        except ValueError:
            return False
    if not isinstance(reply, dict):
        return False
    code, status = reply.get("code"), reply.get("status")
    if not (isinstance(code, int) and not isinstance(code, bool) and isinstance(status, int)
            and not isinstance(status, bool) and status >= 400 and isinstance(reply.get("more_info"), str)):
        return False
    return f"{code} ({status}): {reply.get('message')}"


FAILURE = twilio_error


class _Refused(Exception):
    """A refusal inside a call, answered as the REST error."""

    def __init__(self, code: int, status: int, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.status = status
        self.message = message

    def reply(self) -> ApiError:
        return {"code": self.code, "message": self.message, "more_info": f"{DOCS}{self.code}", "status": self.status}


def _unknown(message: str) -> _Refused:
    return _Refused(20404, 404, message)


def _bad(message: str) -> _Refused:
    return _Refused(82001, 400, message)


def _rule(message: str) -> _Refused:
    return _Refused(82002, 422, message)


def _again(message: str) -> _Refused:
    return _Refused(82009, 409, message)


# --------------------------------------------------------------------------- replies


class Session(TypedDict):
    token: str
    name: str
    role: str
    signed_in: str


class Agent(TypedDict):
    agent_id: str
    company: str
    email: str
    phone: str
    credit: str


class Vessel(TypedDict):
    vessel_id: str
    name: str
    imo: str
    gross_tonnage: int
    length_overall: float
    draught: float
    draught_declared: str
    dangerous_cargo: bool
    agent_id: str


class Insurance(TypedDict):
    insurance_id: str
    vessel_id: str
    insurer: str
    certificate_no: str
    expires_on: str


class Booking(TypedDict):
    booking_id: str
    vessel_id: str
    vessel: str
    agent_id: str
    movement: str
    berth: str
    eta: str
    window: Optional[str]
    booking_status: str
    pilot_id: Optional[str]


class BookingDetail(Booking):
    documents: List[List[Any]]
    tugs_required: Optional[int]
    tugs: List[str]
    launch: Optional[List[Any]]
    ladder: Optional[List[Any]]
    boarded_at: Optional[str]
    completed_at: Optional[str]
    incidents: List[List[Any]]
    invoice_id: Optional[str]


class Document(TypedDict):
    document_id: str
    booking_id: str
    kind: str
    reference: str
    attached_on: str


class LaunchTrip(TypedDict):
    trip_id: str
    booking_id: str
    launch: str
    departs: str
    pilot_id: str


class Act(TypedDict):
    act_id: str
    booking_id: str
    pilot_id: str
    boarded_at: str
    completed_at: str


class Incident(TypedDict):
    incident_id: str
    booking_id: str
    kind: str
    description: str
    reported_by: str
    incident_status: str


class Invoice(TypedDict):
    invoice_id: str
    agent_id: str
    item: str
    amount: float
    issued_on: str
    due_on: str
    invoice_status: str


class Receipt(TypedDict):
    receipt_id: str
    invoice_id: str
    amount: float
    method: str
    paid_on: str


class Application(TypedDict):
    application_id: str
    vessel_id: str
    master: str
    trips: int
    application_status: str
    invoice_id: str
    fee: float


class Exemption(TypedDict):
    certificate_no: str
    application_id: str
    vessel_id: str
    master: str
    issued_on: str
    expires_on: str


# --------------------------------------------------------------------------- state


def _vessel(name: str, imo: str, gt: int, loa: float, draught: float, declared: str, agent: str,
            dangerous: bool = False) -> Dict[str, Any]:
    return {"name": name, "imo": imo, "gt": gt, "loa": loa, "draught": draught, "declared": declared,
            "agent": agent, "dangerous": dangerous}


def _booking(vessel: str, movement: str, berth: str, eta: str, status: str, **more: Any) -> Dict[str, Any]:
    booking = {"vessel": vessel, "movement": movement, "berth": berth, "eta": eta, "status": status, "window": None,
               "docs": {}, "tugs_required": None, "tugs": [], "pilot": None, "launch": None, "ladder": None,
               "boarded_at": None, "completed_at": None, "invoice": None, "cancel_reason": None}
    booking.update(more)
    return booking


def _invoice(agent: str, item: str, amount: float, issued: str, due: str, paid: Optional[str] = None,
             booking: Optional[str] = None) -> Dict[str, Any]:
    return {"agent": agent, "item": item, "amount": amount, "issued": issued, "due": due, "paid": paid,
            "booking": booking}


class State:
    """The Caldernish Harbour Authority's pilotage service on Wednesday 18 June 2059 at 06:00."""

    def __init__(self) -> None:
        self.staff = {
            "sabelle.f": {"name": "Sabelle Fairbarn", "password": "Berth-Board-42", "role": CLERK},
            "corentin.a": {"name": "Corentin Ablewhite", "password": "Radar-Sweep-17", "role": VTS},
            "halvard.e": {"name": "Halvard Ellerbeck", "password": "Roster-Card-63", "role": PILOT_MASTER},
            "odran.d": {"name": "Odran Dewsnap", "password": "Ladder-Rung-28", "role": PILOT, "pilot": "P-03"},
            "merewyn.t": {"name": "Merewyn Tuckfield", "password": "Fairway-Buoy-54", "role": PILOT, "pilot": "P-05"},
            "jacinta.o": {"name": "Jacinta Orrick", "password": "Leading-Light-39", "role": PILOT, "pilot": "P-07"},
            "wendel.p": {"name": "Wendel Pendry", "password": "Sounding-Line-71", "role": PILOT, "pilot": "P-09"},
            "idony.c": {"name": "Idony Crewdson", "password": "Slack-Water-86", "role": PILOT, "pilot": "P-11"},
            "oriane.v": {"name": "Oriane Vennimore", "password": "Dues-Ledger-25", "role": ACCOUNTS},
            "athelstan.h": {"name": "Athelstan Hardcastle", "password": "Harbour-Seal-90", "role": HARBOUR_MASTER},
        }
        self.sessions: Dict[str, Dict[str, Any]] = {}
        self.pilots: Dict[str, Dict[str, Any]] = {
            "P-03": {"name": "Odran Dewsnap", "class": "A", "on_duty": True, "acts": 1},
            "P-05": {"name": "Merewyn Tuckfield", "class": "B", "on_duty": True, "acts": 0},
            "P-07": {"name": "Jacinta Orrick", "class": "C", "on_duty": True, "acts": 0},
            "P-09": {"name": "Wendel Pendry", "class": "A", "on_duty": False, "acts": 0},
            "P-11": {"name": "Idony Crewdson", "class": "B", "on_duty": False, "acts": 0},
        }
        self.agents: Dict[str, Dict[str, Any]] = {
            "AG-2041": {"company": "Skerryvore Ship Agency", "email": "ops@skerryvore-agency.example",
                        "phone": "01632 960 201", "credit": "approved", "reference": "CRA-410275"},
            "AG-2044": {"company": "Merriott & Outhwaite Shipping Services", "email": "port@merriott-outhwaite.example",
                        "phone": "01632 960 244", "credit": "approved", "reference": "CRA-388104"},
            "AG-2047": {"company": "Tollbooth Maritime Ltd", "email": "desk@tollbooth-maritime.example",
                        "phone": "01632 960 347", "credit": "pending", "reference": None},
            "AG-2050": {"company": "Gannetsand Agencies", "email": "agency@gannetsand.example",
                        "phone": "01632 960 450", "credit": "approved", "reference": "CRA-402318"},
        }
        self.vessels: Dict[str, Dict[str, Any]] = {
            "VS-5101": _vessel("Brisingr Trader", "9412775", 4800, 98.0, 6.2, "2059-06-17", "AG-2041"),
            "VS-5102": _vessel("Nordkap Spirit", "9520388", 28500, 182.0, 10.4, "2059-06-17", "AG-2050", True),
            "VS-5103": _vessel("Amberly Dawn", "9306146", 2950, 88.0, 5.1, "2059-05-30", "AG-2041"),
            "VS-5104": _vessel("Coralline Bay", "9711559", 12400, 139.0, 7.8, "2059-06-17", "AG-2044"),
            "VS-5105": _vessel("Pelerin Star", "9268435", 6100, 112.0, 6.9, "2059-06-16", "AG-2050"),
            "VS-5106": _vessel("Halcyon Reach", "9583029", 1450, 72.0, 4.2, "2059-06-10", "AG-2047"),
            "VS-5107": _vessel("Smew Venture", "9477191", 3200, 95.0, 5.6, "2059-06-15", "AG-2041"),
            "VS-5110": _vessel("Pipit Harvester", "9633410", 5400, 101.0, 6.6, "2059-06-17", "AG-2050"),
            "VS-5111": _vessel("Garganey Prospect", "9188269", 3900, 89.0, 5.9, "2059-06-17", "AG-2041"),
            "VS-5112": _vessel("Godwit Quay", "9555606", 7700, 118.0, 7.1, "2059-06-16", "AG-2050"),
            "VS-5113": _vessel("Sanderling Glory", "9344875", 4100, 94.0, 5.8, "2059-06-17", "AG-2041"),
            "VS-5114": _vessel("Orwell Courant", "9622198", 9800, 131.0, 7.6, "2059-06-17", "AG-2044"),
            "VS-5115": _vessel("Marrowby Venturer", "9277589", 15200, 148.0, 7.2, "2059-06-16", "AG-2050"),
            "VS-5116": _vessel("Solway Lark", "9499319", 6900, 109.0, 6.4, "2059-06-17", "AG-2041"),
            "VS-5117": _vessel("Rookholme Vale", "9155729", 11800, 136.0, 7.5, "2059-06-16", "AG-2050"),
            "VS-5118": _vessel("Dorado Light", "9680140", 2400, 79.0, 4.6, "2059-06-17", "AG-2041"),
        }
        self.insurance: Dict[str, Dict[str, Any]] = {
            iid: {"vessel": vid, "insurer": insurer, "number": number, "expires": expires}
            for iid, vid, insurer, number, expires in [
                ("IC-6581", "VS-5101", "Wolstenholme Mutual P&I", "HM-WR-57118", "2060-02-20"),
                ("IC-6582", "VS-5102", "Orrisdale Shipowners' Club", "OSC-41173", "2060-02-20"),
                ("IC-6583", "VS-5103", "Wolstenholme Mutual P&I", "HM-WR-57124", "2060-02-20"),
                ("IC-6584", "VS-5104", "Orrisdale Shipowners' Club", "OSC-41190", "2060-02-20"),
                ("IC-6585", "VS-5105", "Wolstenholme Mutual P&I", "HM-WR-55802", "2059-05-31"),
                ("IC-6586", "VS-5106", "Orrisdale Shipowners' Club", "OSC-40877", "2060-02-20"),
                ("IC-6587", "VS-5107", "Wolstenholme Mutual P&I", "HM-WR-57131", "2060-02-20"),
                ("IC-6590", "VS-5110", "Wolstenholme Mutual P&I", "HM-WR-57140", "2060-02-20"),
                ("IC-6591", "VS-5111", "Orrisdale Shipowners' Club", "OSC-41201", "2060-02-20"),
                ("IC-6592", "VS-5112", "Wolstenholme Mutual P&I", "HM-WR-57146", "2060-02-20"),
                ("IC-6593", "VS-5113", "Orrisdale Shipowners' Club", "OSC-41207", "2060-02-20"),
                ("IC-6594", "VS-5114", "Wolstenholme Mutual P&I", "HM-WR-57152", "2060-02-20"),
                ("IC-6595", "VS-5115", "Orrisdale Shipowners' Club", "OSC-41213", "2060-02-20"),
                ("IC-6596", "VS-5116", "Wolstenholme Mutual P&I", "HM-WR-57158", "2060-02-20"),
                ("IC-6597", "VS-5117", "Orrisdale Shipowners' Club", "OSC-41219", "2060-02-20"),
                ("IC-6598", "VS-5118", "Wolstenholme Mutual P&I", "HM-WR-57164", "2060-02-20"),
            ]
        }
        plan = {"passage_plan": ["DOC-9101", "PP-30411"]}
        self.bookings: Dict[str, Dict[str, Any]] = {
            "BK-30342": _booking("VS-5104", "inbound", "NQ2", "2059-04-19 14:00", "completed", pilot="P-05",
                                 boarded_at="13:40", completed_at="15:05", invoice="INV-7701", tugs_required=1,
                                 tugs=["Dunlin"], docs={"passage_plan": ["DOC-8711", "PP-30342"]}),
            "BK-30388": _booking("VS-5103", "outbound", "NQ1", "2059-06-01 16:30", "completed", pilot="P-07",
                                 boarded_at="16:20", completed_at="17:25", invoice="INV-7702",
                                 docs={"passage_plan": ["DOC-9044", "PP-30388"]}),
            "BK-30391": _booking("VS-5102", "outbound", "OT1", "2059-06-03 06:20", "completed", pilot="P-03",
                                 boarded_at="06:05", completed_at="07:50", invoice="INV-7703", tugs_required=2,
                                 tugs=["Turnstone", "Greenshank"], window="HW-0603-A",
                                 docs={"passage_plan": ["DOC-9051", "PP-30391"],
                                       "dg_declaration": ["DOC-9052", "DGD-30391"]}),
            "BK-30411": _booking("VS-5110", "inbound", "NQ2", "2059-06-18 09:30", "confirmed", tugs_required=1,
                                 tugs=["Dunlin"], docs=plan),
            "BK-30412": _booking("VS-5111", "inbound", "NQ1", "2059-06-18 11:00", "requested",
                                 docs={"passage_plan": ["DOC-9104", "PP-30412"]}),
            "BK-30413": _booking("VS-5112", "outbound", "NQ2", "2059-06-18 08:00", "assigned", pilot="P-07",
                                 tugs_required=1, tugs=["Turnstone"], docs={"passage_plan": ["DOC-9106", "PP-30413"]}),
            "BK-30414": _booking("VS-5113", "shift", "NQ1", "2059-06-18 07:30", "assigned", pilot="P-05",
                                 launch=["LT-4402", "L2", "07:05"], docs={"passage_plan": ["DOC-9107", "PP-30414"]}),
            "BK-30415": _booking("VS-5114", "inbound", "NQ2", "2059-06-18 07:00", "assigned", pilot="P-03",
                                 launch=["LT-4403", "L1", "06:30"], ladder=[True, "combination ladder, rigged well",
                                                                           "Odran Dewsnap"],
                                 tugs_required=1, tugs=["Turnstone"], docs={"passage_plan": ["DOC-9108", "PP-30415"]}),
            "BK-30416": _booking("VS-5115", "inbound", "NQ2", "2059-06-18 07:45", "assigned", pilot="P-05",
                                 ladder=[True, "rigged on the lee side, man ropes in place", "Merewyn Tuckfield"],
                                 tugs_required=1, tugs=["Greenshank"], docs={"passage_plan": ["DOC-9110", "PP-30416"]}),
            "BK-30417": _booking("VS-5116", "inbound", "NQ1", "2059-06-18 05:30", "boarded", pilot="P-07",
                                 launch=["LT-4401", "L1", "04:50"], ladder=[True, "good", "Jacinta Orrick"],
                                 boarded_at="05:10", tugs_required=1, tugs=["Dunlin"],
                                 docs={"passage_plan": ["DOC-9111", "PP-30417"]}),
            "BK-30418": _booking("VS-5117", "outbound", "NQ2", "2059-06-17 22:00", "completed", pilot="P-03",
                                 launch=["LT-4398", "L2", "21:30"], ladder=[True, "good", "Odran Dewsnap"],
                                 boarded_at="21:50", completed_at="23:35", tugs_required=1, tugs=["Turnstone"],
                                 docs={"passage_plan": ["DOC-9096", "PP-30418"]}),
            "BK-30419": _booking("VS-5106", "inbound", "SQ", "2059-06-17 15:00", "cancelled",
                                 cancel_reason="the vessel diverted to another port"),
            "BK-30420": _booking("VS-5118", "inbound", "NQ1", "2059-06-19 10:15", "requested"),
            "BK-30421": _booking("VS-5102", "inbound", "OT1", "2059-06-19 05:30", "requested", window="HW-0619-A"),
        }
        self.invoices: Dict[str, Dict[str, Any]] = {
            "INV-7701": _invoice("AG-2044", "Pilotage act BK-30342 (P3)", 1240.0, "2059-04-20", "2059-05-20",
                                 booking="BK-30342"),
            "INV-7702": _invoice("AG-2041", "Pilotage act BK-30388 (P1)", 420.0, "2059-06-02", "2059-07-02",
                                 booking="BK-30388"),
            "INV-7703": _invoice("AG-2050", "Pilotage act BK-30391 (P4)", 1980.0, "2059-06-04", "2059-07-04",
                                 paid="2059-06-11", booking="BK-30391"),
            "INV-7704": _invoice("AG-2041", "Pilotage exemption examination PEA-0140", 650.0, "2059-05-28",
                                 "2059-06-27", paid="2059-06-05"),
            "INV-7705": _invoice("AG-2041", "Pilotage exemption examination PEA-0141", 650.0, "2059-06-10",
                                 "2059-07-10"),
        }
        self.documents: Dict[str, Dict[str, Any]] = {}
        self.trips: Dict[str, Dict[str, Any]] = {}
        self.acts: Dict[str, Dict[str, Any]] = {
            "ACT-8826": {"booking": "BK-30418", "pilot": "P-03", "boarded": "21:50", "completed": "23:35"},
        }
        self.incidents: Dict[str, Dict[str, Any]] = {
            "INC-0558": {"booking": "BK-30342", "kind": "near_miss", "description": "a yacht crossed ahead in the "
                         "narrows", "by": "Merewyn Tuckfield", "status": "closed", "findings": "reported to the yacht "
                         "club"},
        }
        self.receipts: Dict[str, Dict[str, Any]] = {
            "RC-3304": {"invoice": "INV-7703", "amount": 1980.0, "method": "bacs", "paid": "2059-06-11"},
        }
        self.applications: Dict[str, Dict[str, Any]] = {
            "PEA-0139": {"vessel": "VS-5111", "master": "Meical Brearley", "trips": 22, "status": "issued",
                         "invoice": "INV-7688", "notes": "a clear, confident passage"},
            "PEA-0140": {"vessel": "VS-5101", "master": "Ansgar Cudworth", "trips": 16, "status": "passed",
                         "invoice": "INV-7704", "notes": "knows the buoyage and the tidal streams well"},
            "PEA-0141": {"vessel": "VS-5103", "master": "Finola Jowett", "trips": 13, "status": "awaiting_exam",
                         "invoice": "INV-7705", "notes": None},
        }
        self.exemptions: Dict[str, Dict[str, Any]] = {
            "PEC-0317": {"application": "PEA-0139", "vessel": "VS-5111", "master": "Meical Brearley",
                         "issued": "2059-03-14", "expires": "2060-03-13"},
        }
        self.counters = {"session": 1, "agent": 2053, "vessel": 5120, "insurance": 6604, "booking": 30422,
                         "document": 9120, "trip": 4410, "act": 8830, "incident": 561, "invoice": 7706,
                         "receipt": 3307, "application": 142, "certificate": 318}


# --------------------------------------------------------------------------- helpers


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


def _day(value: Any) -> Optional[datetime.date]:
    if not isinstance(value, str):
        return None
    try:
        return datetime.date.fromisoformat(value)
    except ValueError:
        return None


def _moment(value: Any) -> Optional[datetime.datetime]:
    if not isinstance(value, str):
        return None
    try:
        return datetime.datetime.strptime(value, "%Y-%m-%d %H:%M")
    except ValueError:
        return None


def _clock(value: Any) -> bool:
    return isinstance(value, str) and re.fullmatch(r"([01]\d|2[0-3]):[0-5]\d", value) is not None


def _now() -> datetime.datetime:
    return datetime.datetime.fromisoformat(f"{TODAY} {NOW}")


def _session(state: State, token: str, roles: Tuple[str, ...] = ()) -> Dict[str, Any]:
    session = state.sessions.get(token) if isinstance(token, str) else None
    if session is None:
        raise _Refused(20003, 401, "not signed in, or the session has ended; sign in")
    if roles and session["role"] not in roles and session["role"] != HARBOUR_MASTER:
        raise _Refused(20403, 403, f"a {session['role'].replace('_', ' ')} may not make this call")
    return session


def _get(table: Dict[str, Dict[str, Any]], key: Any, what: str) -> Dict[str, Any]:
    if not isinstance(key, str) or key not in table:
        raise _unknown(f"no {what} {key}")
    return table[key]


def _imo_ok(imo: str) -> bool:
    if not re.fullmatch(r"\d{7}", imo):
        return False
    return sum(int(d) * w for d, w in zip(imo[:6], range(7, 1, -1))) % 10 == int(imo[6])


def _band(gt: int) -> List[Any]:
    for row in TARIFF:
        if gt >= row[1] and (row[2] is None or gt <= row[2]):
            return row
    return TARIFF[-1]


def _invoice_status(inv: Dict[str, Any]) -> str:
    if inv["paid"]:
        return "paid"
    return "overdue" if inv["due"] < TODAY else "unpaid"


def _agent_out(aid: str, a: Dict[str, Any]) -> Agent:
    return {"agent_id": aid, "company": a["company"], "email": a["email"], "phone": a["phone"],
            "credit": a["credit"]}


def _vessel_out(vid: str, v: Dict[str, Any]) -> Vessel:
    return {"vessel_id": vid, "name": v["name"], "imo": v["imo"], "gross_tonnage": v["gt"],
            "length_overall": v["loa"], "draught": v["draught"], "draught_declared": v["declared"],
            "dangerous_cargo": v["dangerous"], "agent_id": v["agent"]}


def _booking_out(state: State, bid: str) -> Booking:
    b = state.bookings[bid]
    v = state.vessels[b["vessel"]]
    return {"booking_id": bid, "vessel_id": b["vessel"], "vessel": v["name"], "agent_id": v["agent"],
            "movement": b["movement"], "berth": b["berth"], "eta": b["eta"], "window": b["window"],
            "booking_status": b["status"], "pilot_id": b["pilot"]}


def _invoice_out(iid: str, inv: Dict[str, Any]) -> Invoice:
    return {"invoice_id": iid, "agent_id": inv["agent"], "item": inv["item"], "amount": inv["amount"],
            "issued_on": inv["issued"], "due_on": inv["due"], "invoice_status": _invoice_status(inv)}


def _application_out(aid: str, a: Dict[str, Any]) -> Application:
    return {"application_id": aid, "vessel_id": a["vessel"], "master": a["master"], "trips": a["trips"],
            "application_status": a["status"], "invoice_id": a["invoice"], "fee": EXEMPTION_FEE}


def _raise_invoice(state: State, agent: str, item: str, amount: float, booking: Optional[str] = None) -> str:
    iid = f"INV-{_next(state, 'invoice')}"
    due = (datetime.date.fromisoformat(TODAY) + datetime.timedelta(days=PAYMENT_DAYS)).isoformat()
    state.invoices[iid] = _invoice(agent, item, amount, TODAY, due, booking=booking)
    return iid


def _outstanding(state: State, iid: str) -> float:
    inv = state.invoices[iid]
    return 0.0 if inv["paid"] else inv["amount"]


def _own_booking(state: State, session: Dict[str, Any], bid: str) -> Dict[str, Any]:
    """The booking, checked to be the signed-in pilot's own (the harbour master may act for any pilot)."""
    b = state.bookings[bid]
    if b["pilot"] is None:
        raise _rule(f"{bid} has no pilot assigned")
    if session["role"] != HARBOUR_MASTER and session.get("pilot") != b["pilot"]:
        raise _Refused(20403, 403, f"{bid} is {b['pilot']}'s act, not yours")
    return b


# --------------------------------------------------------------------------- sign-in and the public pages


async def sign_in(state: State, username: str, password: str) -> Union[Session, ApiError]:
    """Sign a member of the pilotage service in.

    :param username: the user name, such as sabelle.f.
    :param password: the password.
    :returns: the session: its token (every call but sign_in, pilotage_tariff and berths needs it), the name and the
        role.
    """
    try:
        user = state.staff.get(username) if isinstance(username, str) else None
        if user is None or user["password"] != password:
            raise _Refused(20003, 401, "unknown user name or wrong password")
        token = f"chl-{username.split('.')[0]}-{_next(state, 'session')}"
        state.sessions[token] = {"username": username, **user}
        return {"token": token, "name": user["name"], "role": user["role"], "signed_in": f"{TODAY} {NOW}"}
    except _Refused as refused:
        return refused.reply()


async def sign_out(state: State, token: str) -> Union[str, ApiError]:
    """End a session.

    :param token: the session token.
    :returns: a sentence saying who signed out.
    """
    try:
        session = _session(state, token)
        del state.sessions[token]
        return f"{session['name']} is signed out; token {token} has ended."
    except _Refused as refused:
        return refused.reply()


async def pilotage_tariff() -> List[List[Any]]:
    """The published pilotage tariff: the dues for one act of pilotage, by the vessel's gross tonnage.

    :returns: rows of ``[band, gross tonnage from, gross tonnage to (None: no upper limit), fee in pounds]``.
    """
    return [list(row) for row in TARIFF]


async def berths() -> List[List[Any]]:
    """The port's berths and their limits.

    :returns: rows of ``[berth code, name, max draught (m), max length overall (m), dangerous goods handled]``.
    """
    return [list(row) for row in BERTHS]


# --------------------------------------------------------------------------- agents and vessels


async def find_agent(state: State, token: str, name: Optional[str] = None) -> Union[List[Agent], ApiError]:
    """Find ship agents by company name.

    :param token: the session token.
    :param name: part of the company name; every agent when left out.
    :returns: the agents that match, with their credit standing (pending or approved).
    """
    try:
        _session(state, token)
        if name is not None and not isinstance(name, str):
            raise _bad("name is text")
        return [_agent_out(aid, a) for aid, a in sorted(state.agents.items())
                if name is None or name.strip().lower() in a["company"].lower()]
    except _Refused as refused:
        return refused.reply()


async def register_agent(state: State, token: str, company: str, email: str,
                         phone: str) -> Union[Agent, ApiError]:
    """Take on a ship agent (the bookings clerk's call); its credit account starts pending.

    :param token: the session token.
    :param company: the agency's company name.
    :param email: the agency's operations e-mail address.
    :param phone: the agency's telephone number.
    :returns: the new agent.
    """
    try:
        _session(state, token, (CLERK,))
        if _blank(company) or _blank(phone):
            raise _bad("company and phone are required")
        if not isinstance(email, str) or not re.fullmatch(r"[^@\s]+@[^@\s]+\.[^@\s]+", email):
            raise _bad(f"{email} is not an e-mail address")
        for aid, a in state.agents.items():
            if a["company"].lower() == company.strip().lower():
                raise _again(f"{company} is agent {aid} already")
        aid = f"AG-{_next(state, 'agent')}"
        state.agents[aid] = {"company": company.strip(), "email": email, "phone": phone.strip(),
                             "credit": "pending", "reference": None}
        return _agent_out(aid, state.agents[aid])
    except _Refused as refused:
        return refused.reply()


async def approve_credit(state: State, token: str, agent_id: str,
                         credit_reference: str) -> Union[Agent, ApiError]:
    """Approve an agent's credit account on the credit agency's report (accounts' call); an agent books pilots on
    credit only once approved.

    :param token: the session token.
    :param agent_id: the agent.
    :param credit_reference: the credit agency's report reference.
    :returns: the agent, approved.
    """
    try:
        _session(state, token, (ACCOUNTS,))
        a = _get(state.agents, agent_id, "agent")
        if a["credit"] == "approved":
            raise _again(f"{agent_id}'s credit is approved already ({a['reference']})")
        if not isinstance(credit_reference, str) or not CREDIT_FORM.fullmatch(credit_reference.strip()):
            raise _bad(f"{credit_reference} is not a credit agency reference (CRA- and six digits)")
        a["credit"] = "approved"
        a["reference"] = credit_reference.strip()
        return _agent_out(agent_id, a)
    except _Refused as refused:
        return refused.reply()


async def find_vessel(state: State, token: str, name: Optional[str] = None,
                      imo: Optional[str] = None) -> Union[List[Vessel], ApiError]:
    """Find vessels by name or IMO number.

    :param token: the session token.
    :param name: part of the vessel's name.
    :param imo: the vessel's IMO number.
    :returns: the vessels that match (every vessel when both are left out).
    """
    try:
        _session(state, token)
        if (name is not None and not isinstance(name, str)) or (imo is not None and not isinstance(imo, str)):
            raise _bad("name and imo are text")
        return [_vessel_out(vid, v) for vid, v in sorted(state.vessels.items())
                if (name is None or name.strip().lower() in v["name"].lower())
                and (imo is None or imo.strip() == v["imo"])]
    except _Refused as refused:
        return refused.reply()


async def register_vessel(state: State, token: str, agent_id: str, name: str, imo: str, gross_tonnage: int,
                          length_overall: float, draught: float,
                          dangerous_cargo: bool = False) -> Union[Vessel, ApiError]:
    """Register a vessel with the agent that acts for her (the bookings clerk's call); her draught counts as declared
    today.

    :param token: the session token.
    :param agent_id: the agent.
    :param name: the vessel's name.
    :param imo: her IMO number.
    :param gross_tonnage: her gross tonnage.
    :param length_overall: her length overall in metres.
    :param draught: her present draught in metres.
    :param dangerous_cargo: whether she carries dangerous goods.
    :returns: the new vessel.
    """
    try:
        _session(state, token, (CLERK,))
        _get(state.agents, agent_id, "agent")
        if _blank(name):
            raise _bad("the vessel's name is required")
        if not isinstance(imo, str) or not _imo_ok(imo.strip()):
            raise _bad(f"{imo} is not an IMO number (seven digits, the last a check digit)")
        if not _whole(gross_tonnage) or gross_tonnage <= 0:
            raise _bad("gross_tonnage is a whole number of tonnes")
        if not _number(length_overall) or not 10 <= length_overall <= 400:
            raise _bad("length_overall is in metres, 10 to 400")
        if not _number(draught) or not 1 <= draught <= 25:
            raise _bad("draught is in metres, 1 to 25")
        if not isinstance(dangerous_cargo, bool):
            raise _bad("dangerous_cargo is true or false")
        for vid, v in state.vessels.items():
            if v["imo"] == imo.strip():
                raise _again(f"IMO {imo} is {v['name']} ({vid}) already")
        vid = f"VS-{_next(state, 'vessel')}"
        state.vessels[vid] = _vessel(name.strip(), imo.strip(), gross_tonnage, float(length_overall),
                                     float(draught), TODAY, agent_id, dangerous_cargo)
        return _vessel_out(vid, state.vessels[vid])
    except _Refused as refused:
        return refused.reply()


async def update_draught(state: State, token: str, vessel_id: str, draught: float) -> Union[str, ApiError]:
    """Declare a vessel's present draught (the bookings clerk's call).

    :param token: the session token.
    :param vessel_id: the vessel.
    :param draught: her draught in metres.
    :returns: a sentence with the draught declared.
    """
    try:
        _session(state, token, (CLERK,))
        v = _get(state.vessels, vessel_id, "vessel")
        if not _number(draught) or not 1 <= draught <= 25:
            raise _bad("draught is in metres, 1 to 25")
        if float(draught) == v["draught"] and v["declared"] == TODAY:
            raise _again(f"{vessel_id}'s draught of {draught} m is declared already today")
        v["draught"] = float(draught)
        v["declared"] = TODAY
        return f"{v['name']} ({vessel_id}) is declared at a draught of {float(draught)} m on {TODAY}."
    except _Refused as refused:
        return refused.reply()


async def file_insurance(state: State, token: str, vessel_id: str, insurer: str, certificate_no: str,
                         expires_on: str) -> Union[Insurance, ApiError]:
    """File a vessel's wreck-removal insurance certificate (the bookings clerk's call).

    :param token: the session token.
    :param vessel_id: the vessel.
    :param insurer: the insurer (the P&I club).
    :param certificate_no: the certificate's number.
    :param expires_on: the date the cover ends, YYYY-MM-DD.
    :returns: the certificate on file.
    """
    try:
        _session(state, token, (CLERK,))
        _get(state.vessels, vessel_id, "vessel")
        if _blank(insurer) or _blank(certificate_no):
            raise _bad("insurer and certificate_no are required")
        end = _day(expires_on)
        if end is None:
            raise _bad(f"{expires_on} is not a date (YYYY-MM-DD)")
        if expires_on <= TODAY:
            raise _rule(f"the cover ended on {expires_on}")
        for iid, c in state.insurance.items():
            if c["number"] == certificate_no.strip():
                raise _again(f"certificate {certificate_no} is on file already ({iid})")
        iid = f"IC-{_next(state, 'insurance')}"
        state.insurance[iid] = {"vessel": vessel_id, "insurer": insurer.strip(), "number": certificate_no.strip(),
                                "expires": expires_on}
        return {"insurance_id": iid, "vessel_id": vessel_id, "insurer": insurer.strip(),
                "certificate_no": certificate_no.strip(), "expires_on": expires_on}
    except _Refused as refused:
        return refused.reply()


# --------------------------------------------------------------------------- bookings


async def tide_windows(state: State, token: str, day: str) -> Union[List[List[Any]], ApiError]:
    """The tidal windows of a day, when deep-draught vessels may move.

    :param token: the session token.
    :param day: the day, YYYY-MM-DD.
    :returns: rows of ``[window code, high water, opens, closes, max draught (m)]``.
    """
    try:
        _session(state, token)
        if _day(day) is None:
            raise _bad(f"{day} is not a date (YYYY-MM-DD)")
        if day not in TIDES:
            raise _rule(f"tidal windows are published for {', '.join(TIDES)} only")
        return [list(row) for row in TIDES[day]]
    except _Refused as refused:
        return refused.reply()


async def book_pilot(state: State, token: str, vessel_id: str, movement: Movement, berth_code: str, eta: str,
                     window_code: Optional[str] = None) -> Union[Booking, ApiError]:
    """Book a pilot for a vessel's movement (the bookings clerk's call); the booking is requested until VTS confirms
    it.

    :param token: the session token.
    :param vessel_id: the vessel.
    :param movement: inbound, outbound or shift.
    :param berth_code: the berth she arrives at, leaves or shifts to, by its code.
    :param eta: when the pilot is wanted, YYYY-MM-DD HH:MM.
    :param window_code: the tidal window she moves in.
    :returns: the booking.
    """
    try:
        _session(state, token, (CLERK,))
        v = _get(state.vessels, vessel_id, "vessel")
        if movement not in ("inbound", "outbound", "shift"):
            raise _bad("movement is inbound, outbound or shift")
        if not isinstance(berth_code, str) or berth_code not in BERTH:
            raise _unknown(f"no berth {berth_code}")
        when = _moment(eta)
        if when is None:
            raise _bad(f"{eta} is not a time (YYYY-MM-DD HH:MM)")
        if when < _now() + datetime.timedelta(hours=NOTICE_HOURS):
            raise _rule(f"a pilot is booked at least {NOTICE_HOURS} hours ahead")
        if when > _now() + datetime.timedelta(days=BOOKING_DAYS):
            raise _rule(f"bookings open {BOOKING_DAYS} days ahead")
        if window_code is not None and (not isinstance(window_code, str) or window_code not in WINDOW):
            raise _unknown(f"no tidal window {window_code}")
        agent = state.agents[v["agent"]]
        if agent["credit"] != "approved":
            raise _rule(f"{v['agent']} ({agent['company']}) has no approved credit account")
        for iid, inv in sorted(state.invoices.items()):
            if inv["agent"] == v["agent"] and _invoice_status(inv) == "overdue":
                raise _rule(f"{v['agent']} is on credit stop: {iid} was due on {inv['due']}")
        day = eta[:10]
        if v["gt"] >= INSURED_GT and not any(c["vessel"] == vessel_id and c["expires"] >= day
                                            for c in state.insurance.values()):
            raise _rule(f"{vessel_id} has no wreck-removal insurance in force on {day} (vessels of {INSURED_GT} gt "
                        "and over)")
        declared = datetime.date.fromisoformat(v["declared"])
        if (datetime.date.fromisoformat(TODAY) - declared).days > DRAUGHT_DAYS:
            raise _rule(f"{vessel_id}'s draught was declared on {v['declared']}; declare it again (a draught counts "
                        f"for {DRAUGHT_DAYS} days)")
        berth = BERTH[berth_code]
        if v["draught"] > berth[2] or v["loa"] > berth[3]:
            raise _rule(f"{berth[1]} takes {berth[2]} m draught and {berth[3]} m length at most")
        if v["dangerous"] and not berth[4]:
            raise _rule(f"{berth[1]} does not handle dangerous goods")
        if v["draught"] > DEEP_DRAUGHT:
            if window_code is None:
                raise _rule(f"a vessel drawing over {DEEP_DRAUGHT} m moves in a tidal window; give its code")
            wday, row = WINDOW[window_code]
            if wday != day or not row[2] <= eta[11:] <= row[3]:
                raise _rule(f"{eta} is outside window {window_code} ({wday} {row[2]}-{row[3]})")
            if v["draught"] > row[4]:
                raise _rule(f"window {window_code} takes {row[4]} m draught at most")
        for bid, b in state.bookings.items():
            if b["vessel"] == vessel_id and b["movement"] == movement and b["eta"] == eta and \
                    b["status"] != "cancelled":
                raise _again(f"{vessel_id}'s {movement} at {eta} is booked already ({bid})")
        bid = f"BK-{_next(state, 'booking')}"
        state.bookings[bid] = _booking(vessel_id, movement, berth_code, eta, "requested", window=window_code)
        return _booking_out(state, bid)
    except _Refused as refused:
        return refused.reply()


async def bookings(state: State, token: str, day: Optional[str] = None,
                   status: Optional[BookingStatus] = None) -> Union[List[Booking], ApiError]:
    """List pilot bookings.

    :param token: the session token.
    :param day: only the bookings wanted on this day, YYYY-MM-DD.
    :param status: only bookings in this state (requested, confirmed, assigned, boarded, completed, cancelled).
    :returns: the bookings, oldest first.
    """
    try:
        _session(state, token)
        if day is not None and _day(day) is None:
            raise _bad(f"{day} is not a date (YYYY-MM-DD)")
        if status is not None and status not in ("requested", "confirmed", "assigned", "boarded", "completed",
                                                 "cancelled"):
            raise _bad(f"no booking status {status}")
        return [_booking_out(state, bid) for bid, b in sorted(state.bookings.items())
                if (day is None or b["eta"][:10] == day) and (status is None or b["status"] == status)]
    except _Refused as refused:
        return refused.reply()


async def booking_detail(state: State, token: str, booking_id: str) -> Union[BookingDetail, ApiError]:
    """One booking in full.

    :param token: the session token.
    :param booking_id: the booking.
    :returns: the booking with its papers (rows of ``[document id, kind, reference]``), tugs, launch trip (``[trip
        id, launch, departs]``), ladder check (``[compliant, remarks, by]``), times, incidents (rows of ``[incident
        id, kind, status]``) and invoice.
    """
    try:
        _session(state, token)
        b = _get(state.bookings, booking_id, "booking")
        out: Dict[str, Any] = dict(_booking_out(state, booking_id))
        out.update({
            "documents": [[d[0], kind, d[1]] for kind, d in b["docs"].items()],
            "tugs_required": b["tugs_required"], "tugs": list(b["tugs"]),
            "launch": list(b["launch"]) if b["launch"] else None,
            "ladder": list(b["ladder"]) if b["ladder"] else None,
            "boarded_at": b["boarded_at"], "completed_at": b["completed_at"],
            "incidents": [[iid, i["kind"], i["status"]] for iid, i in sorted(state.incidents.items())
                          if i["booking"] == booking_id],
            "invoice_id": b["invoice"],
        })
        return out  # type: ignore[return-value]
    except _Refused as refused:
        return refused.reply()


async def attach_document(state: State, token: str, booking_id: str, kind: MovementDoc,
                          reference: str) -> Union[Document, ApiError]:
    """Attach a paper to a movement before VTS confirms it (the bookings clerk's call): the master's passage plan,
    the dangerous goods declaration or the stowage plan.

    :param token: the session token.
    :param booking_id: the booking.
    :param kind: passage_plan, dg_declaration or stowage_plan.
    :param reference: the paper's reference.
    :returns: the document attached.
    """
    try:
        _session(state, token, (CLERK,))
        b = _get(state.bookings, booking_id, "booking")
        try:
            kind = MovementDoc(kind)
        except ValueError:
            raise _bad(f"no kind of paper {kind}") from None
        if _blank(reference):
            raise _bad("reference is required")
        if b["status"] not in ("requested", "confirmed"):
            raise _rule(f"{booking_id} is {b['status']}")
        if kind is MovementDoc.DG_DECLARATION and not state.vessels[b["vessel"]]["dangerous"]:
            raise _rule(f"{b['vessel']} carries no dangerous goods")
        held = b["docs"].get(kind.value)
        if held and held[1] == reference.strip():
            raise _again(f"{reference} is attached to {booking_id} already ({held[0]})")
        did = f"DOC-{_next(state, 'document')}"
        b["docs"][kind.value] = [did, reference.strip()]
        state.documents[did] = {"booking": booking_id, "kind": kind.value, "reference": reference.strip()}
        return {"document_id": did, "booking_id": booking_id, "kind": kind.value, "reference": reference.strip(),
                "attached_on": TODAY}
    except _Refused as refused:
        return refused.reply()


async def set_tug_requirement(state: State, token: str, booking_id: str, tugs: int) -> Union[str, ApiError]:
    """Set how many tugs a movement takes (the bookings clerk's call); a change drops the tugs ordered.

    :param token: the session token.
    :param booking_id: the booking.
    :param tugs: the number of tugs, 0 to 4.
    :returns: a sentence with the requirement.
    """
    try:
        _session(state, token, (CLERK,))
        b = _get(state.bookings, booking_id, "booking")
        if not _whole(tugs) or not 0 <= tugs <= 4:
            raise _bad("tugs is a whole number, 0 to 4")
        if b["status"] != "requested":
            raise _rule(f"{booking_id} is {b['status']}; tugs are set before VTS confirms")
        loa = state.vessels[b["vessel"]]["loa"]
        for length, needed in TUGS_FOR:
            if loa >= length and tugs < needed:
                raise _rule(f"a vessel of {length:.0f} m or more takes {needed} tugs at least")
        if b["tugs_required"] == tugs:
            raise _again(f"{booking_id} takes {tugs} tugs already")
        b["tugs_required"] = tugs
        b["tugs"] = []
        return f"{booking_id} takes {tugs} tug{'s' if tugs != 1 else ''}."
    except _Refused as refused:
        return refused.reply()


async def tugs(state: State, token: str) -> Union[List[List[Any]], ApiError]:
    """The harbour tugs.

    :param token: the session token.
    :returns: rows of ``[tug name, bollard pull (t), status]``.
    """
    try:
        _session(state, token)
        return [["Redshank", 32, "in refit"], ["Dunlin", 45, "available"], ["Turnstone", 60, "available"],
                ["Greenshank", 60, "available"]]
    except _Refused as refused:
        return refused.reply()


TUG_STATUS = {"Redshank": "in refit", "Dunlin": "available", "Turnstone": "available", "Greenshank": "available"}


async def order_tugs(state: State, token: str, booking_id: str, tug_names: List[str]) -> Union[str, ApiError]:
    """Order tugs for a movement (the bookings clerk's call), as many as its requirement.

    :param token: the session token.
    :param booking_id: the booking.
    :param tug_names: the tugs, by name.
    :returns: a sentence with the tugs ordered.
    """
    try:
        _session(state, token, (CLERK,))
        b = _get(state.bookings, booking_id, "booking")
        if not isinstance(tug_names, list) or not all(isinstance(t, str) for t in tug_names):
            raise _bad("tug_names is a list of tug names")
        for name in tug_names:
            if name not in TUG_STATUS:
                raise _unknown(f"no tug {name}")
            if TUG_STATUS[name] != "available":
                raise _rule(f"{name} is {TUG_STATUS[name]}")
        if b["status"] != "requested":
            raise _rule(f"{booking_id} is {b['status']}")
        if b["tugs_required"] is None:
            raise _rule(f"{booking_id} has no tug requirement set")
        if len(set(tug_names)) != len(tug_names) or len(tug_names) != b["tugs_required"]:
            raise _rule(f"{booking_id} takes {b['tugs_required']} tugs")
        if sorted(tug_names) == sorted(b["tugs"]):
            raise _again(f"{', '.join(tug_names)} are ordered for {booking_id} already")
        b["tugs"] = list(tug_names)
        return f"{' and '.join(tug_names)} ordered for {booking_id} at {b['eta']}."
    except _Refused as refused:
        return refused.reply()


async def confirm_booking(state: State, token: str, booking_id: str) -> Union[Booking, ApiError]:
    """Confirm a requested booking once its papers and tugs are in order (the VTS officer's call).

    :param token: the session token.
    :param booking_id: the booking.
    :returns: the booking, confirmed.
    """
    try:
        _session(state, token, (VTS,))
        b = _get(state.bookings, booking_id, "booking")
        if b["status"] == "confirmed":
            raise _again(f"{booking_id} is confirmed already")
        if b["status"] != "requested":
            raise _rule(f"{booking_id} is {b['status']}")
        v = state.vessels[b["vessel"]]
        if "passage_plan" not in b["docs"]:
            raise _rule(f"{booking_id} has no passage plan attached")
        if v["dangerous"] and "dg_declaration" not in b["docs"]:
            raise _rule(f"{booking_id} carries dangerous goods and has no declaration attached")
        if v["loa"] >= TUGS_FOR[-1][0]:
            if b["tugs_required"] is None:
                raise _rule(f"{booking_id} has no tug requirement set (vessels of {TUGS_FOR[-1][0]:.0f} m or more)")
            if len(b["tugs"]) != b["tugs_required"]:
                raise _rule(f"{booking_id} has {len(b['tugs'])} of its {b['tugs_required']} tugs ordered")
        b["status"] = "confirmed"
        return _booking_out(state, booking_id)
    except _Refused as refused:
        return refused.reply()


async def cancel_booking(state: State, token: str, booking_id: str, reason: str) -> Union[str, ApiError]:
    """Cancel a booking (the bookings clerk's or VTS's call); an assigned pilot stood down within the last hours is
    charged.

    :param token: the session token.
    :param booking_id: the booking.
    :param reason: why.
    :returns: a sentence, with the late-cancellation invoice where one is raised.
    """
    try:
        _session(state, token, (CLERK, VTS))
        b = _get(state.bookings, booking_id, "booking")
        if _blank(reason):
            raise _bad("a reason is required")
        if b["status"] == "cancelled":
            raise _again(f"{booking_id} is cancelled already")
        if b["status"] not in ("requested", "confirmed", "assigned"):
            raise _rule(f"{booking_id} is {b['status']}")
        late = None
        if b["status"] == "assigned" and _moment(b["eta"]) - _now() < datetime.timedelta(hours=LATE_HOURS):
            v = state.vessels[b["vessel"]]
            fee = round(_band(v["gt"])[3] / 2, 2)
            late = _raise_invoice(state, v["agent"], f"Late cancellation {booking_id}", fee, booking_id)
        b["status"] = "cancelled"
        b["cancel_reason"] = reason.strip()
        if b["pilot"]:
            b["pilot"] = None
        return f"{booking_id} is cancelled" + (f"; late cancellation invoiced as {late}." if late else ".")
    except _Refused as refused:
        return refused.reply()


# --------------------------------------------------------------------------- pilots, launches and acts


async def pilots(state: State, token: str,
                 licence_class: Optional[LicenceClass] = None) -> Union[List[List[Any]], ApiError]:
    """The pilots' roster.

    :param token: the session token.
    :param licence_class: only pilots holding this class of licence (A, B or C).
    :returns: rows of ``[pilot id, name, licence class, on duty, acts today]``.
    """
    try:
        _session(state, token)
        if licence_class is not None and (not isinstance(licence_class, str) or licence_class not in CLASS_LIMITS):
            raise _bad("licence_class is A, B or C")
        return [[pid, p["name"], p["class"], p["on_duty"], p["acts"]] for pid, p in sorted(state.pilots.items())
                if licence_class is None or p["class"] == licence_class]
    except _Refused as refused:
        return refused.reply()


async def set_duty(state: State, token: str, pilot_id: str, on_duty: bool) -> Union[str, ApiError]:
    """Put a pilot on or off duty (the pilot master's call).

    :param token: the session token.
    :param pilot_id: the pilot.
    :param on_duty: true to put the pilot on duty.
    :returns: a sentence with the pilot's duty.
    """
    try:
        _session(state, token, (PILOT_MASTER,))
        p = _get(state.pilots, pilot_id, "pilot")
        if not isinstance(on_duty, bool):
            raise _bad("on_duty is true or false")
        if p["on_duty"] == on_duty:
            raise _again(f"{pilot_id} is {'on' if on_duty else 'off'} duty already")
        if not on_duty and any(b["pilot"] == pilot_id and b["status"] in ("assigned", "boarded")
                               for b in state.bookings.values()):
            raise _rule(f"{pilot_id} has an act in hand")
        p["on_duty"] = on_duty
        return f"{p['name']} ({pilot_id}) is {'on' if on_duty else 'off'} duty."
    except _Refused as refused:
        return refused.reply()


async def assign_pilot(state: State, token: str, booking_id: str, pilot_id: str) -> Union[Booking, ApiError]:
    """Assign a pilot on duty to a confirmed booking (the pilot master's call).

    :param token: the session token.
    :param booking_id: the booking.
    :param pilot_id: the pilot.
    :returns: the booking, assigned.
    """
    try:
        _session(state, token, (PILOT_MASTER,))
        b = _get(state.bookings, booking_id, "booking")
        p = _get(state.pilots, pilot_id, "pilot")
        if b["status"] == "assigned":
            raise _again(f"{booking_id} has {b['pilot']} assigned already")
        if b["status"] == "requested":
            raise _rule(f"{booking_id} is not confirmed by VTS")
        if b["status"] != "confirmed":
            raise _rule(f"{booking_id} is {b['status']}")
        if not p["on_duty"]:
            raise _rule(f"{pilot_id} is off duty")
        v = state.vessels[b["vessel"]]
        gt, loa = CLASS_LIMITS[p["class"]]
        if (gt is not None and v["gt"] > gt) or (loa is not None and v["loa"] > loa):
            raise _rule(f"a class {p['class']} licence covers {gt} gt and {loa:.0f} m at most")
        b["pilot"] = pilot_id
        b["status"] = "assigned"
        return _booking_out(state, booking_id)
    except _Refused as refused:
        return refused.reply()


async def launches(state: State, token: str) -> Union[List[List[Any]], ApiError]:
    """The pilot launches.

    :param token: the session token.
    :returns: rows of ``[launch code, name, status]``.
    """
    try:
        _session(state, token)
        return [["L1", "Pilot launch Scaup", "in service"], ["L2", "Pilot launch Pintail", "in service"],
                ["L3", "Pilot launch Shag", "slipped for repairs"]]
    except _Refused as refused:
        return refused.reply()


LAUNCH_STATUS = {"L1": "in service", "L2": "in service", "L3": "slipped for repairs"}


async def book_launch(state: State, token: str, booking_id: str, launch_code: str,
                      departs: str) -> Union[LaunchTrip, ApiError]:
    """Book the launch that takes the assigned pilot out to the vessel (the VTS officer's call).

    :param token: the session token.
    :param booking_id: the booking.
    :param launch_code: the launch, by its code.
    :param departs: when the launch leaves the pilot station, HH:MM.
    :returns: the launch trip.
    """
    try:
        _session(state, token, (VTS,))
        b = _get(state.bookings, booking_id, "booking")
        if not isinstance(launch_code, str) or launch_code not in LAUNCH_STATUS:
            raise _unknown(f"no launch {launch_code}")
        if LAUNCH_STATUS[launch_code] != "in service":
            raise _rule(f"launch {launch_code} is {LAUNCH_STATUS[launch_code]}")
        if not _clock(departs):
            raise _bad(f"{departs} is not a time (HH:MM)")
        if b["status"] in ("requested", "confirmed") or b["pilot"] is None:
            raise _rule(f"{booking_id} has no pilot assigned")
        if b["status"] != "assigned":
            raise _rule(f"{booking_id} is {b['status']}")
        if b["launch"]:
            raise _again(f"{booking_id} has launch trip {b['launch'][0]} already")
        tid = f"LT-{_next(state, 'trip')}"
        b["launch"] = [tid, launch_code, departs]
        state.trips[tid] = {"booking": booking_id, "launch": launch_code, "departs": departs}
        return {"trip_id": tid, "booking_id": booking_id, "launch": launch_code, "departs": departs,
                "pilot_id": b["pilot"]}
    except _Refused as refused:
        return refused.reply()


async def record_ladder_check(state: State, token: str, booking_id: str, compliant: bool,
                              remarks: str) -> Union[str, ApiError]:
    """Record the assigned pilot's check of the vessel's pilot ladder, as the master reports it before boarding.

    :param token: the session token.
    :param booking_id: the booking.
    :param compliant: whether the ladder is rigged as the rules require.
    :param remarks: what was seen.
    :returns: a sentence with the check.
    """
    try:
        session = _session(state, token, (PILOT,))
        _get(state.bookings, booking_id, "booking")
        if not isinstance(compliant, bool):
            raise _bad("compliant is true or false")
        if _blank(remarks):
            raise _bad("remarks are required")
        b = _own_booking(state, session, booking_id)
        if b["status"] != "assigned":
            raise _rule(f"{booking_id} is {b['status']}")
        b["ladder"] = [compliant, remarks.strip(), session["name"]]
        return (f"The pilot ladder for {booking_id} is {'compliant' if compliant else 'NOT compliant'}: "
                f"{remarks.strip()}.")
    except _Refused as refused:
        return refused.reply()


async def board_vessel(state: State, token: str, booking_id: str, boarded_at: str) -> Union[Booking, ApiError]:
    """Record the assigned pilot aboard (the pilot's call).

    :param token: the session token.
    :param booking_id: the booking.
    :param boarded_at: when the pilot boarded, HH:MM today.
    :returns: the booking, boarded.
    """
    try:
        session = _session(state, token, (PILOT,))
        _get(state.bookings, booking_id, "booking")
        if not _clock(boarded_at):
            raise _bad(f"{boarded_at} is not a time (HH:MM)")
        b = _own_booking(state, session, booking_id)
        if b["status"] == "boarded":
            raise _again(f"{booking_id}'s pilot is aboard already")
        if b["status"] != "assigned":
            raise _rule(f"{booking_id} is {b['status']}")
        if b["eta"][:10] != TODAY:
            raise _rule(f"{booking_id} is for {b['eta'][:10]}")
        if not b["launch"]:
            raise _rule(f"{booking_id} has no launch trip booked")
        if not b["ladder"]:
            raise _rule(f"{booking_id}'s pilot ladder is not checked")
        if not b["ladder"][0]:
            raise _rule(f"{booking_id}'s pilot ladder is not compliant: {b['ladder'][1]}")
        b["boarded_at"] = boarded_at
        b["status"] = "boarded"
        return _booking_out(state, booking_id)
    except _Refused as refused:
        return refused.reply()


async def complete_act(state: State, token: str, booking_id: str, completed_at: str) -> Union[Act, ApiError]:
    """Record an act of pilotage completed: the vessel berthed, or dropped at the fairway buoy (the pilot's call).

    :param token: the session token.
    :param booking_id: the booking.
    :param completed_at: when the act ended, HH:MM today.
    :returns: the act.
    """
    try:
        session = _session(state, token, (PILOT,))
        _get(state.bookings, booking_id, "booking")
        if not _clock(completed_at):
            raise _bad(f"{completed_at} is not a time (HH:MM)")
        b = _own_booking(state, session, booking_id)
        if b["status"] == "completed":
            raise _again(f"{booking_id} is completed already")
        if b["status"] != "boarded":
            raise _rule(f"{booking_id}'s pilot is not aboard")
        if completed_at <= b["boarded_at"]:
            raise _rule(f"the pilot boarded at {b['boarded_at']}")
        b["completed_at"] = completed_at
        b["status"] = "completed"
        state.pilots[b["pilot"]]["acts"] += 1
        aid = f"ACT-{_next(state, 'act')}"
        state.acts[aid] = {"booking": booking_id, "pilot": b["pilot"], "boarded": b["boarded_at"],
                           "completed": completed_at}
        return {"act_id": aid, "booking_id": booking_id, "pilot_id": b["pilot"], "boarded_at": b["boarded_at"],
                "completed_at": completed_at}
    except _Refused as refused:
        return refused.reply()


async def report_incident(state: State, token: str, booking_id: str, kind: IncidentKind,
                          description: str) -> Union[Incident, ApiError]:
    """Report an incident during an act of pilotage (a pilot's, VTS's or the pilot master's call); the act is not
    invoiced while it is open.

    :param token: the session token.
    :param booking_id: the booking.
    :param kind: near_miss, contact, ladder_defect, injury or pollution.
    :param description: what happened.
    :returns: the incident, open.
    """
    try:
        session = _session(state, token, (PILOT, VTS, PILOT_MASTER))
        b = _get(state.bookings, booking_id, "booking")
        if kind not in ("near_miss", "contact", "ladder_defect", "injury", "pollution"):
            raise _bad(f"no kind of incident {kind}")
        if _blank(description):
            raise _bad("a description is required")
        if b["status"] not in ("boarded", "completed"):
            raise _rule(f"{booking_id} has no pilot aboard nor an act completed")
        if b["invoice"]:
            raise _rule(f"{booking_id} is invoiced ({b['invoice']}); report it to the harbour master")
        iid = f"INC-{_next(state, 'incident'):04d}"
        state.incidents[iid] = {"booking": booking_id, "kind": kind, "description": description.strip(),
                                "by": session["name"], "status": "open", "findings": None}
        return {"incident_id": iid, "booking_id": booking_id, "kind": kind, "description": description.strip(),
                "reported_by": session["name"], "incident_status": "open"}
    except _Refused as refused:
        return refused.reply()


async def close_incident(state: State, token: str, incident_id: str, findings: str) -> Union[str, ApiError]:
    """Close an incident with the investigation's findings (the pilot master's call).

    :param token: the session token.
    :param incident_id: the incident.
    :param findings: what the investigation found.
    :returns: a sentence with the incident closed.
    """
    try:
        _session(state, token, (PILOT_MASTER,))
        i = _get(state.incidents, incident_id, "incident")
        if _blank(findings):
            raise _bad("findings are required")
        if i["status"] == "closed":
            raise _again(f"{incident_id} is closed already")
        i["status"] = "closed"
        i["findings"] = findings.strip()
        return f"Incident {incident_id} on {i['booking']} is closed: {findings.strip()}."
    except _Refused as refused:
        return refused.reply()


# --------------------------------------------------------------------------- dues


async def invoice_act(state: State, token: str, booking_id: str) -> Union[Invoice, ApiError]:
    """Invoice the agent for a completed act of pilotage at its tariff band (accounts' call).

    :param token: the session token.
    :param booking_id: the booking.
    :returns: the invoice.
    """
    try:
        _session(state, token, (ACCOUNTS,))
        b = _get(state.bookings, booking_id, "booking")
        if b["invoice"]:
            raise _again(f"{booking_id} is invoiced already ({b['invoice']})")
        if b["status"] != "completed":
            raise _rule(f"{booking_id}'s act is not completed")
        for iid, i in sorted(state.incidents.items()):
            if i["booking"] == booking_id and i["status"] == "open":
                raise _rule(f"incident {iid} on {booking_id} is open")
        v = state.vessels[b["vessel"]]
        band = _band(v["gt"])
        iid = _raise_invoice(state, v["agent"], f"Pilotage act {booking_id} ({band[0]})", band[3], booking_id)
        b["invoice"] = iid
        return _invoice_out(iid, state.invoices[iid])
    except _Refused as refused:
        return refused.reply()


async def invoices(state: State, token: str, agent_id: Optional[str] = None,
                   status: Optional[InvoiceStatus] = None) -> Union[List[Invoice], ApiError]:
    """List invoices.

    :param token: the session token.
    :param agent_id: only this agent's invoices.
    :param status: only invoices that are unpaid (and not yet due), overdue or paid.
    :returns: the invoices, oldest first.
    """
    try:
        _session(state, token)
        if agent_id is not None:
            _get(state.agents, agent_id, "agent")
        if status is not None and status not in ("unpaid", "overdue", "paid"):
            raise _bad("status is unpaid, overdue or paid")
        return [_invoice_out(iid, inv) for iid, inv in sorted(state.invoices.items())
                if (agent_id is None or inv["agent"] == agent_id)
                and (status is None or _invoice_status(inv) == status)]
    except _Refused as refused:
        return refused.reply()


async def record_payment(state: State, token: str, invoice_id: str, amount: float,
                         method: PayMethod) -> Union[Receipt, ApiError]:
    """Record an agent's payment of an invoice in full (accounts' call).

    :param token: the session token.
    :param invoice_id: the invoice.
    :param amount: the amount paid, in pounds.
    :param method: bacs, card or direct_debit.
    :returns: the receipt.
    """
    try:
        _session(state, token, (ACCOUNTS,))
        inv = _get(state.invoices, invoice_id, "invoice")
        try:
            method = PayMethod(method)
        except ValueError:
            raise _bad(f"no payment method {method}") from None
        if not _number(amount):
            raise _bad("amount is a number of pounds")
        if inv["paid"]:
            raise _again(f"{invoice_id} was paid on {inv['paid']}")
        if round(float(amount), 2) != inv["amount"]:
            raise _rule(f"{invoice_id} is paid in full: {inv['amount']:.2f}")
        rid = f"RC-{_next(state, 'receipt')}"
        inv["paid"] = TODAY
        state.receipts[rid] = {"invoice": invoice_id, "amount": inv["amount"], "method": method.value,
                               "paid": TODAY}
        return {"receipt_id": rid, "invoice_id": invoice_id, "amount": inv["amount"], "method": method.value,
                "paid_on": TODAY}
    except _Refused as refused:
        return refused.reply()


async def balance_due(state: State, token: str, invoice_id: str) -> Union[float, ApiError]:
    """What is left to pay on an invoice.

    :param token: the session token.
    :param invoice_id: the invoice.
    :returns: the amount in pounds (0.0 once paid).
    """
    try:
        _session(state, token)
        _get(state.invoices, invoice_id, "invoice")
        return _outstanding(state, invoice_id)
    except _Refused as refused:
        return refused.reply()


# --------------------------------------------------------------------------- pilotage exemption certificates


async def apply_exemption(state: State, token: str, vessel_id: str, master_name: str,
                          trips_completed: int) -> Union[Application, ApiError]:
    """Take a master's application for a pilotage exemption certificate for a vessel (the bookings clerk's call);
    the examination fee is invoiced to the vessel's agent.

    :param token: the session token.
    :param vessel_id: the vessel the certificate is for.
    :param master_name: the master's name.
    :param trips_completed: the trips into the port the master has made in command or under pilotage in the last
        twelve months.
    :returns: the application, awaiting examination, with its fee invoice.
    """
    try:
        _session(state, token, (CLERK,))
        v = _get(state.vessels, vessel_id, "vessel")
        if _blank(master_name):
            raise _bad("master_name is required")
        if not _whole(trips_completed) or trips_completed < 0:
            raise _bad("trips_completed is a whole number")
        if trips_completed < EXEMPTION_TRIPS:
            raise _rule(f"a candidate has made {EXEMPTION_TRIPS} trips in the last twelve months at least")
        for aid, a in state.applications.items():
            if a["vessel"] == vessel_id and a["master"].lower() == master_name.strip().lower() and \
                    a["status"] in ("awaiting_exam", "passed"):
                raise _again(f"{master_name} has application {aid} for {vessel_id} already")
        aid = f"PEA-{_next(state, 'application'):04d}"
        iid = _raise_invoice(state, v["agent"], f"Pilotage exemption examination {aid}", EXEMPTION_FEE)
        state.applications[aid] = {"vessel": vessel_id, "master": master_name.strip(), "trips": trips_completed,
                                   "status": "awaiting_exam", "invoice": iid, "notes": None}
        return _application_out(aid, state.applications[aid])
    except _Refused as refused:
        return refused.reply()


async def applications(state: State, token: str,
                       status: Optional[ApplicationStatus] = None) -> Union[List[Application], ApiError]:
    """List applications for pilotage exemption certificates.

    :param token: the session token.
    :param status: only applications awaiting_exam, passed, failed or issued.
    :returns: the applications, oldest first, each with its fee invoice.
    """
    try:
        _session(state, token)
        if status is not None and status not in ("awaiting_exam", "passed", "failed", "issued"):
            raise _bad("status is awaiting_exam, passed, failed or issued")
        return [_application_out(aid, a) for aid, a in sorted(state.applications.items())
                if status is None or a["status"] == status]
    except _Refused as refused:
        return refused.reply()


async def examine_exemption(state: State, token: str, application_id: str, passed: bool,
                            notes: str) -> Union[Application, ApiError]:
    """Record the pilot master's examination of an exemption candidate.

    :param token: the session token.
    :param application_id: the application.
    :param passed: whether the candidate passed.
    :param notes: the examiner's notes.
    :returns: the application, passed or failed.
    """
    try:
        _session(state, token, (PILOT_MASTER,))
        a = _get(state.applications, application_id, "application")
        if not isinstance(passed, bool):
            raise _bad("passed is true or false")
        if _blank(notes):
            raise _bad("notes are required")
        if a["status"] != "awaiting_exam":
            raise _again(f"{application_id} is examined already ({a['status']})")
        a["status"] = "passed" if passed else "failed"
        a["notes"] = notes.strip()
        return _application_out(application_id, a)
    except _Refused as refused:
        return refused.reply()


async def issue_exemption(state: State, token: str, application_id: str) -> Union[Exemption, ApiError]:
    """Issue a pilotage exemption certificate to a candidate who passed, once the fee is paid (the pilot master's
    call).

    :param token: the session token.
    :param application_id: the application.
    :returns: the certificate, for a year.
    """
    try:
        _session(state, token, (PILOT_MASTER,))
        a = _get(state.applications, application_id, "application")
        if a["status"] == "issued":
            raise _again(f"{application_id}'s certificate is issued already")
        if a["status"] == "awaiting_exam":
            raise _rule(f"{application_id}'s candidate is not examined")
        if a["status"] != "passed":
            raise _rule(f"{application_id}'s candidate did not pass")
        if _outstanding(state, a["invoice"]) > 0:
            raise _rule(f"{application_id}'s fee ({a['invoice']}) is unpaid")
        cert = f"PEC-{_next(state, 'certificate'):04d}"
        a["status"] = "issued"
        expires = (datetime.date.fromisoformat(TODAY) + datetime.timedelta(days=365)).isoformat()
        state.exemptions[cert] = {"application": application_id, "vessel": a["vessel"], "master": a["master"],
                                  "issued": TODAY, "expires": expires}
        return {"certificate_no": cert, "application_id": application_id, "vessel_id": a["vessel"],
                "master": a["master"], "issued_on": TODAY, "expires_on": expires}
    except _Refused as refused:
        return refused.reply()


TOOLS = [
    sign_in, sign_out, pilotage_tariff, berths, find_agent, register_agent, approve_credit, find_vessel,
    register_vessel, update_draught, file_insurance, tide_windows, book_pilot, bookings, booking_detail,
    attach_document, set_tug_requirement, tugs, order_tugs, confirm_booking, cancel_booking, pilots, set_duty,
    assign_pilot, launches, book_launch, record_ladder_check, board_vessel, complete_act, report_incident,
    close_incident, invoice_act, invoices, record_payment, balance_due, apply_exemption, applications,
    examine_exemption, issue_exemption,
]

FIXTURES = {
    "authority": "The Caldernish Harbour Authority, Pilot Station, Mariners' Walk, Caldernish",
    "today": "Wednesday 18 June 2059, 06:00",
    "staff": [
        {"name": "Sabelle Fairbarn", "role": "bookings clerk", "username": "sabelle.f", "password": "Berth-Board-42"},
        {"name": "Corentin Ablewhite", "role": "VTS officer", "username": "corentin.a",
         "password": "Radar-Sweep-17"},
        {"name": "Halvard Ellerbeck", "role": "pilot master", "username": "halvard.e", "password": "Roster-Card-63"},
        {"name": "Odran Dewsnap", "role": "pilot", "username": "odran.d", "password": "Ladder-Rung-28"},
        {"name": "Merewyn Tuckfield", "role": "pilot", "username": "merewyn.t", "password": "Fairway-Buoy-54"},
        {"name": "Jacinta Orrick", "role": "pilot", "username": "jacinta.o", "password": "Leading-Light-39"},
        {"name": "Wendel Pendry", "role": "pilot", "username": "wendel.p", "password": "Sounding-Line-71"},
        {"name": "Idony Crewdson", "role": "pilot", "username": "idony.c", "password": "Slack-Water-86"},
        {"name": "Oriane Vennimore", "role": "accounts", "username": "oriane.v", "password": "Dues-Ledger-25"},
        {"name": "Athelstan Hardcastle", "role": "harbour master", "username": "athelstan.h",
         "password": "Harbour-Seal-90"},
    ],
    "new_agent": {
        "company": "Corrievale Port Agency Ltd, ops@corrievale.example, telephone 01632 960 718",
        "credit": "the credit agency's report, reference CRA-417730, recommends an account",
        "vessel": "Glenfinlas Spray, IMO 9744362, 9,850 gt, 124 m long, drawing 7.4 m, no dangerous goods; "
                  "wreck-removal cover with Wolstenholme Mutual P&I, certificate HM-WR-58270, to 20 February 2060",
        "first_call": "inbound to North Quay 1 at 16:30 today; passage plan PP-GLS-0618; one tug",
    },
    "notes": [
        "Skerryvore Ship Agency's new coaster Tarbet Wren (IMO 9588172, 2,650 gt, 84 m, drawing 4.9 m, no dangerous "
        "goods) is to be registered",
        "Tollbooth Maritime Ltd's credit report has come in, reference CRA-420981",
        "Amberly Dawn's master declares a draught of 5.3 m; she sails from North Quay 1 at 12:30 today",
        "Brisingr Trader (IMO 9412775) sails from North Quay 1 at 13:00 today",
        "Pelerin Star's new wreck-removal certificate is HM-WR-58304 with Wolstenholme Mutual P&I, to 17 June 2060; "
        "she comes in to North Quay 1 at 14:00 today",
        "Merriott & Outhwaite have paid their overdue invoice by BACS; Coralline Bay comes in to North Quay 2 at 15:00 "
        "today",
        "Nordkap Spirit sails from the oil terminal on Friday's morning tide at 06:10; her dangerous goods "
        "declaration for Thursday's arrival is DGD-NKS-0619 and she takes two tugs",
        "Wendel Pendry comes on duty this morning",
        "Captain Amyas Fearnley of Smew Venture applies for a pilotage exemption certificate, with 18 trips in "
        "the last year; the pilot master passes him and the fee is paid by card",
        "Dorado Light's call tomorrow is off: her charterers have cancelled",
    ],
}

# --------------------------------------------------------------------------- the designed prerequisites

_TOKEN = "auth: session token (token of sign_in)"
PUBLIC = ("sign_in", "pilotage_tariff", "berths")
TOKEN_CONSUMERS = [t.__name__ for t in TOOLS if t.__name__ not in PUBLIC]
AGENT_CONSUMERS = ["approve_credit", "register_vessel"]
VESSEL_CONSUMERS = ["update_draught", "file_insurance", "book_pilot", "apply_exemption"]
NEW_BOOKING_CONSUMERS = ["attach_document", "set_tug_requirement", "order_tugs", "confirm_booking", "cancel_booking"]
BOOKING_CONSUMERS = ["booking_detail", "assign_pilot", "book_launch", "record_ladder_check", "board_vessel",
                     "complete_act", "report_incident", "invoice_act"]
PILOT_CONSUMERS = ["set_duty", "assign_pilot"]
APPLICATION_CONSUMERS = ["examine_exemption", "issue_exemption"]
_AGENT = "id lookup/create: agent (agent_id of a find_agent entry, or of register_agent's agent)"
_VESSEL = "id lookup/create: vessel (vessel_id of a find_vessel entry, or of register_vessel's vessel)"
_NEW_BOOKING = "id lookup/create: booking (booking_id of book_pilot's booking, or of a bookings entry)"
_BOOKING = "id lookup: booking (booking_id of a bookings entry)"
_PILOT = "id lookup: pilot (the first column of a pilots row)"
_APPLICATION = ("id lookup/create: exemption application (application_id of apply_exemption's application, or of "
                "an applications entry)")

GROUND_TRUTH = (
    [("sign_in", c, _TOKEN) for c in TOKEN_CONSUMERS]
    + [("find_agent|register_agent", c, _AGENT) for c in AGENT_CONSUMERS]
    + [("find_vessel|register_vessel", c, _VESSEL) for c in VESSEL_CONSUMERS]
    + [("book_pilot|bookings", c, _NEW_BOOKING) for c in NEW_BOOKING_CONSUMERS]
    + [("bookings", c, _BOOKING) for c in BOOKING_CONSUMERS]
    + [("pilots", c, _PILOT) for c in PILOT_CONSUMERS]
    + [("apply_exemption|applications", c, _APPLICATION) for c in APPLICATION_CONSUMERS]
    + [
        ("report_incident", "close_incident", "id create: incident (incident_id of report_incident)"),
        ("invoice_act|invoices", "record_payment", "id lookup/create: invoice (invoice_id of invoice_act's invoice "
         "or of an invoices entry, with its amount from the same reply)"),
        ("apply_exemption", "record_payment", "id create: exemption fee invoice (invoice_id of apply_exemption's "
         "application, with its fee from the same reply)"),
        ("invoices", "balance_due", "id lookup: invoice (invoice_id of an invoices entry)"),
        ("berths", "book_pilot", "vocabulary: the berth codes (the first column of a berths row)"),
        ("tide_windows", "book_pilot", "vocabulary: the tidal window codes a deep-draught vessel moves in (the first "
         "column of a tide_windows row)"),
        ("tugs", "order_tugs", "vocabulary: the tug names (the first column of a tugs row)"),
        ("launches", "book_launch", "vocabulary: the launch codes (the first column of a launches row)"),
        ("approve_credit", "book_pilot", "vetting: the agent's credit account approved on the credit agency's "
         "report"),
        ("examine_exemption", "issue_exemption", "vetting: the candidate examined and passed by the pilot master"),
        ("confirm_booking", "assign_pilot", "approval: the booking confirmed by VTS"),
        ("file_insurance", "book_pilot", "document: the vessel's wreck-removal insurance certificate in force on the "
         "day"),
        ("attach_document", "confirm_booking", "document: the passage plan (and, for dangerous goods, the "
         "declaration) attached to the movement"),
        ("set_tug_requirement", "order_tugs", "setting: the movement's tug requirement"),
        ("set_tug_requirement", "confirm_booking", "setting: the tug requirement of a vessel of 100 m or more"),
        ("set_duty", "assign_pilot", "setting: the pilot put on duty"),
        ("update_draught", "book_pilot", "state: the vessel's draught declared in the last 7 days"),
        ("order_tugs", "confirm_booking", "state: the tugs the movement takes ordered"),
        ("assign_pilot", "book_launch", "state: a pilot assigned to the booking"),
        ("assign_pilot", "record_ladder_check", "state: the booking assigned to the pilot who checks the ladder"),
        ("book_launch", "board_vessel", "state: a launch trip booked for the pilot"),
        ("record_ladder_check", "board_vessel", "state: the pilot ladder checked and compliant"),
        ("board_vessel", "complete_act", "state: the pilot aboard"),
        ("board_vessel", "report_incident", "state: the pilot aboard (an incident during the act)"),
        ("complete_act", "invoice_act", "state: the act completed"),
        ("close_incident", "invoice_act", "state: no incident on the act left open"),
        ("record_payment", "issue_exemption", "payment: the examination fee paid"),
        ("record_payment", "book_pilot", "payment: the agent's overdue invoice paid (no credit stop)"),
    ]
)

_DESIGNED = {(p, c) for ps, c, _ in GROUND_TRUTH for p in ps.split("|")}

# Real, direct prerequisites that are not designed (see README.md). (1) A reply that shows an id to someone who did
# not give it, paired with the calls that take that kind of id: a new booking's id (book_pilot), a vessel's id on a
# booking, an agent's id on a vessel, a booking or an invoice, a pilot's id on a booking, a launch trip or an act, an
# invoice's id on a booking's detail, a new invoice, an exemption application (new or listed) or a late
# cancellation, an incident's id on a booking's detail. (2) A check a later call makes itself: boarding and
# completing an act check that the signed-in pilot is the one assigned.
_VESSEL_READERS = ("bookings", "booking_detail")
_AGENT_READERS = ("find_vessel", "register_vessel", "bookings", "booking_detail", "invoices", "find_agent",
                  "register_agent")
_AGENT_TAKERS = ("register_vessel", "invoices")
_PILOT_READERS = ("bookings", "booking_detail", "book_launch", "complete_act")
PLAUSIBLE = (
    {("book_pilot", c) for c in BOOKING_CONSUMERS}
    | {(r, c) for r in _VESSEL_READERS for c in VESSEL_CONSUMERS}
    | {(r, c) for r in _AGENT_READERS for c in _AGENT_TAKERS if r != c}
    | {(r, c) for r in _PILOT_READERS for c in PILOT_CONSUMERS}
    | {("booking_detail", c) for c in ("record_payment", "balance_due", "close_incident")}
    | {(r, "balance_due") for r in ("invoice_act", "apply_exemption", "cancel_booking", "applications")}
    | {("applications", "record_payment")}
    | {("cancel_booking", "record_payment"), ("assign_pilot", "board_vessel"), ("assign_pilot", "complete_act")}
) - _DESIGNED
