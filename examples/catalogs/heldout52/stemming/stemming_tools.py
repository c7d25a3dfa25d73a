"""Stemming: the blasting system of Ravensdyke Drilling & Blasting, a contractor that drills and fires production
blasts in its client quarries: quarries and their accounts, blast designs, face surveys, drilling, shotfirers,
explosives requisitions and the magazine, loading, exclusion zones, neighbour notices, vibration monitoring, firing,
misfires, sign-off and invoices (37 calls).

Coroutines without a decorator, each checking its own session and role and answering its refusals, over an in-memory
``State`` of the contractor on Monday 18 September 2056 at 07:30. The blast engineer plans blasts on the quarries'
benches, sets their charge designs and files the face surveys; the explosives manager takes on quarries, approves the
designs, verifies shotfirers' certificates, appoints them to blasts, authorises explosives requisitions and signs
fired blasts off. The driller records the holes drilled. The shotfirer requisitions explosives for a drilled blast,
loads it, sets its exclusion zone, fires it and records and clears misfires. The magazine keeper issues the explosives
and takes back what is not fired. The environmental officer notifies the neighbours, places the vibration monitors
and records their readings. Accounts invoice signed-off blasts and record payments; a quarry with an overdue invoice
is on stop and may not have blasts planned. The director may make every call. The explosive products and the detonator
delay series are public.

Refusals are *returned* as strings that start with ``Error:``, as in ``"Error: BL-5042 has no explosives issued"``;
the runtime reads them as refusals by its common convention. Every call is a coroutine, awaited by the runtime.

Annotations are postponed (``from __future__ import annotations``) and spelled with PEP 604 and builtin generics
(``str | None``, ``list[str]``, ``Blast | str``), resolved by the runtime from the module's globals, with ``Literal``
aliases and an ``Enum``. Docstrings are numpy style (``Parameters`` and ``Returns`` sections). Replies are
``TypedDict``s and lists of them (a session, quarries, a quarry's detail with its monitoring points, blasts and
invoices as rows, blasts, a blast's detail with its documents, requisitions, issues, monitors and misfires as rows, a
document, a requisition, a kit of explosives issued, a notice, a monitor, a misfire, a vibration reading, invoices and
a receipt); the explosive products, the delay series, the monitoring points, the shotfirers and the magazine's stock
as bare rows; a bare value (what a quarry owes); sentences with ids in them (a shotfirer verified and appointed, a
misfire cleared, explosives returned, a sign-out). Typed inputs: a plain ``Enum`` input (``DocKind``), ``Literal``
inputs (a notice's method, a misfire's clearance, a payment method) and ``Literal`` filters (blasts, requisitions,
invoices), a ``list[str]`` of sentries, ``int`` holes and radii, ``float`` depths, charges, limits, readings and
amounts, ``str | None`` filters. Ids look alike: quarry ``QRY-314``, blast ``BL-5042``, document ``DOC-3318``,
requisition ``RQ-2233``, explosives issue ``EX-0810``, shotfirer ``SF-25``, monitor ``MON-0458``, misfire ``MF-0091``,
invoice ``INV-7710``, reading ``VR-1377``; products ``ANFO-B``, delay series ``MS42``, monitoring points ``YRB-MP1``.
A blast's notice and size, a hole's charge, the vibration prediction, the limits of an exclusion zone, a certificate's
re-verification, the sentries needed and what a quarry on stop may do are stated only in refusals.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as provider means either
tool satisfies it, and the text of ``what`` before its first ``:`` is the kind.
"""

from __future__ import annotations

import datetime
import math
import re
from enum import Enum
from typing import Any, Literal, TypedDict

TODAY = "2056-09-18"  # a Monday
NOW = "07:30"
ENGINEER = "blast_engineer"
MANAGER = "explosives_manager"
DRILLER = "driller"
SHOTFIRER = "shotfirer"
MAGAZINE = "magazine_keeper"
ENVIRONMENT = "environmental_officer"
ACCOUNTS = "accounts"
DIRECTOR = "director"

NoticeMethod = Literal["letter", "text", "door"]
Clearance = Literal["re-fired", "washed out", "recovered"]
PayMethod = Literal["bacs", "cheque", "card"]
BlastStatus = Literal["planned", "approved", "drilled", "loaded", "fired", "signed_off"]
RequisitionStatus = Literal["requested", "authorised", "issued"]
InvoiceStatus = Literal["unpaid", "overdue", "paid"]


class DocKind(Enum):
    FACE_PROFILE = "face_profile"
    DRILL_LOG = "drill_log"
    BLAST_SPECIFICATION = "blast_specification"


PRODUCTS = [  # code, product, hazard division, unit, kg a unit
    ["ANFO-B", "Bulk ammonium nitrate fuel oil", "1.1D", "kg", 1.0],
    ["EMUL-90", "Packaged emulsion, 90 mm cartridges", "1.1D", "cartridge", 5.0],
    ["EMUL-65", "Packaged emulsion, 65 mm cartridges", "1.1D", "cartridge", 2.5],
    ["BOOST-400", "Cast booster, 400 g", "1.1D", "each", 0.4],
    ["DET-NE", "Non-electric detonator, 15 m lead", "1.1B", "each", 0.0],
]
PRODUCT = {row[0]: row for row in PRODUCTS}
MAIN_CHARGES = ("ANFO-B", "EMUL-90", "EMUL-65")
DELAYS = [  # code, description, hole-to-hole delay (ms)
    ["MS25", "Millisecond series, 25 ms hole to hole", 25],
    ["MS42", "Millisecond series, 42 ms hole to hole", 42],
    ["MS67", "Millisecond series, 67 ms hole to hole", 67],
]
DELAY = {row[0]: row for row in DELAYS}
CHARGE_PER_METRE = 8.5  # kg a metre of a 110 mm hole
PPV_K, PPV_B = 1140.0, 1.6
HOLES = (4, 80)
DEPTH = (3.0, 25.0)
NOTICE_DAYS = 60
EXCLUSION = (300, 1000)
SENTRIES = 2
VERIFY_DAYS = 365
DRILLING_RATE = 6.0  # pounds a metre drilled
EXPLOSIVE_RATE = 1.2  # pounds a kilogram fired
INVOICE_DAYS = 30

# --------------------------------------------------------------------------- replies


class Session(TypedDict):
    token: str
    name: str
    role: str
    signed_in: str


class Quarry(TypedDict):
    quarry_id: str
    name: str
    operator: str
    grid_reference: str
    ppv_limit_mm_s: float
    on_stop: bool


class QuarryDetail(Quarry):
    monitoring_points: list[list[Any]]
    blasts: list[list[Any]]
    invoices: list[list[Any]]


class Blast(TypedDict):
    blast_id: str
    quarry_id: str
    bench: str
    blast_date: str
    holes: int
    hole_depth_m: float
    product_code: str | None
    kg_per_hole: float | None
    delay_series: str | None
    predicted_ppv_mm_s: float | None
    blast_status: str


class BlastDetail(Blast):
    shotfirer_id: str | None
    holes_drilled: int | None
    exclusion_radius_m: int | None
    notified: str | None
    documents: list[list[Any]]
    requisitions: list[list[Any]]
    issues: list[list[Any]]
    monitors: list[list[Any]]
    misfires: list[list[Any]]


class Document(TypedDict):
    document_id: str
    blast_id: str
    kind: str
    reference: str
    dated: str


class Requisition(TypedDict):
    requisition_id: str
    blast_id: str
    items: list[list[Any]]
    requisition_status: str


class ExplosivesIssue(TypedDict):
    issue_id: str
    requisition_id: str
    blast_id: str
    items: list[list[Any]]
    issued_at: str


class Notice(TypedDict):
    blast_id: str
    method: str
    properties: int
    given_on: str


class Monitor(TypedDict):
    monitor_id: str
    blast_id: str
    point_code: str
    location: str
    distance_m: int
    serial: str


class Misfire(TypedDict):
    misfire_id: str
    blast_id: str
    holes: int
    description: str
    misfire_status: str


class Reading(TypedDict):
    reading_id: str
    monitor_id: str
    ppv_mm_s: float
    air_overpressure_db: float
    within_limit: bool


class Invoice(TypedDict):
    invoice_id: str
    quarry_id: str
    description: str
    amount: float
    paid: float
    due: str
    invoice_status: str


class Receipt(TypedDict):
    invoice_id: str
    paid_now: float
    left_to_pay: float
    quarry_on_stop: bool


# --------------------------------------------------------------------------- state


def _blast(quarry: str, bench: str, day: str, holes: int, depth: float, status: str, **more: Any) -> dict[str, Any]:
    blast = {"quarry": quarry, "bench": bench, "date": day, "holes": holes, "depth": depth, "burden": 3.5,
             "spacing": 4.0, "product": None, "kg": None, "delay": None, "status": status, "shotfirer": None,
             "drilled": None, "loaded": None, "radius": None, "sentries": [], "notified": None, "fired": None,
             "signed_off": None, "invoice": None}
    blast.update(more)
    return blast


class State:
    """Ravensdyke Drilling & Blasting on Monday 18 September 2056 at 07:30."""

    def __init__(self) -> None:
        self.staff = {
            "dilwen.l": {"name": "Dilwen Larkworthy", "password": "Burden-Spacing-31", "role": ENGINEER},
            "giffard.v": {"name": "Giffard Vause-Durant", "password": "Magazine-Key-64", "role": MANAGER},
            "padarn.r": {"name": "Padarn Rawsthorne", "password": "Drill-Rig-52", "role": DRILLER},
            "islwyn.e": {"name": "Islwyn Eckersley", "password": "Detonator-Line-27", "role": SHOTFIRER},
            "basilia.m": {"name": "Basilia Midgley", "password": "Stock-Ledger-45", "role": MAGAZINE},
            "nimue.s": {"name": "Nimue Stapleton", "password": "Geophone-Trace-19", "role": ENVIRONMENT},
            "serlo.d": {"name": "Serlo Dunstan", "password": "Invoice-Quarry-73", "role": ACCOUNTS},
            "amicia.b": {"name": "Amicia Blackett", "password": "Bench-Face-90", "role": DIRECTOR},
        }
        self.sessions: dict[str, dict[str, Any]] = {}
        self.quarries: dict[str, dict[str, Any]] = {
            "QRY-311": {"name": "Yarrowby Quarry", "operator": "Yarrowby Aggregates Ltd",
                        "grid": "SD 7412 6630", "limit": 10.0},
            "QRY-314": {"name": "Hobgill Limestone Quarry", "operator": "Hobgill Minerals plc", "grid": "NY 8015 0722",
                        "limit": 6.0},
            "QRY-317": {"name": "Thrupp Moor Quarry", "operator": "Thrupp Stone Ltd", "grid": "SE 0931 8450",
                        "limit": 12.5},
        }
        self.points: dict[str, dict[str, Any]] = {
            "YRB-MP1": {"quarry": "QRY-311", "location": "Rowantree Cottage, Yarrowby Lane", "distance": 420},
            "YRB-MP2": {"quarry": "QRY-311", "location": "Low Fairholme Farm", "distance": 610},
            "HBG-MP1": {"quarry": "QRY-314", "location": "Hobgill Chapel", "distance": 380},
            "HBG-MP2": {"quarry": "QRY-314", "location": "Moor End", "distance": 520},
            "TPM-MP1": {"quarry": "QRY-317", "location": "Thrupp Moor Road layby", "distance": 300},
        }
        self.blasts: dict[str, dict[str, Any]] = {
            "BL-5036": _blast("QRY-317", "Bench 2 north", "2056-09-14", 16, 12.0, "signed_off", product="ANFO-B",
                              kg=70.0, delay="MS42", shotfirer="SF-22", drilled=16, loaded=16, radius=350,
                              sentries=["Brychan Brierley", "Ffraid Ibbetson"], notified="2056-09-11",
                              fired="2056-09-14 11:05", signed_off="2056-09-15"),
            "BL-5038": _blast("QRY-314", "Bench 1 south", "2056-09-15", 20, 14.0, "fired", product="EMUL-90",
                              kg=80.0, delay="MS67", shotfirer="SF-22", drilled=20, loaded=20, radius=450,
                              sentries=["Brychan Brierley", "Ffraid Ibbetson"], notified="2056-09-12",
                              fired="2056-09-15 12:40"),
            "BL-5040": _blast("QRY-311", "Bench 3 west", TODAY, 24, 15.0, "drilled", product="ANFO-B", kg=95.0,
                              delay="MS42", shotfirer="SF-22", drilled=24, notified="2056-09-15"),
            "BL-5042": _blast("QRY-317", "Bench 4 east", TODAY, 18, 12.0, "drilled", product="ANFO-B", kg=72.0,
                              delay="MS25", drilled=18),
            "BL-5044": _blast("QRY-311", "Bench 4 west", "2056-09-20", 20, 15.0, "planned"),
        }
        self.documents: dict[str, dict[str, Any]] = {
            "DOC-3301": {"blast": "BL-5036", "kind": "face_profile", "reference": "FP-TPM-B2-0909",
                         "dated": "2056-09-09"},
            "DOC-3304": {"blast": "BL-5038", "kind": "face_profile", "reference": "FP-HBG-B1-0911",
                         "dated": "2056-09-11"},
            "DOC-3308": {"blast": "BL-5040", "kind": "face_profile", "reference": "FP-YRB-B3-0912",
                         "dated": "2056-09-12"},
            "DOC-3311": {"blast": "BL-5042", "kind": "face_profile", "reference": "FP-TPM-B4-0913",
                         "dated": "2056-09-13"},
        }
        self.shotfirers: dict[str, dict[str, Any]] = {
            "SF-22": {"name": "Islwyn Eckersley", "certificate": "SFC-0417-2204", "expires": "2058-03-31",
                      "verified": "2056-02-10"},
            "SF-25": {"name": "Helewise Calderbank", "certificate": "SFC-0522-7719", "expires": "2057-11-30",
                      "verified": "2055-06-01"},
            "SF-27": {"name": "Drogo Featherstonhaugh", "certificate": "SFC-0391-0046", "expires": "2056-08-31",
                      "verified": "2055-09-02"},
        }
        self.requisitions: dict[str, dict[str, Any]] = {
            "RQ-2226": {"blast": "BL-5036", "items": [["ANFO-B", 1120, "kg"], ["BOOST-400", 16, "each"],
                                                      ["DET-NE", 16, "each"]], "status": "issued"},
            "RQ-2228": {"blast": "BL-5038", "items": [["EMUL-90", 320, "cartridge"], ["BOOST-400", 20, "each"],
                                                      ["DET-NE", 20, "each"]], "status": "issued"},
            "RQ-2230": {"blast": "BL-5040", "items": [["ANFO-B", 2280, "kg"], ["BOOST-400", 24, "each"],
                                                      ["DET-NE", 24, "each"]], "status": "issued"},
            "RQ-2233": {"blast": "BL-5042", "items": [["ANFO-B", 1296, "kg"], ["BOOST-400", 18, "each"],
                                                      ["DET-NE", 18, "each"]], "status": "requested"},
        }
        self.issues: dict[str, dict[str, Any]] = {
            "EX-0802": {"requisition": "RQ-2226", "blast": "BL-5036", "issued": "2056-09-14 07:40",
                        "returned": "2056-09-14 13:10", "unused": [0.0, 0]},
            "EX-0806": {"requisition": "RQ-2228", "blast": "BL-5038", "issued": "2056-09-15 07:45",
                        "returned": None, "unused": None},
            "EX-0810": {"requisition": "RQ-2230", "blast": "BL-5040", "issued": "2056-09-18 07:10",
                        "returned": None, "unused": None},
        }
        self.stock: dict[str, float] = {"ANFO-B": 9500.0, "EMUL-90": 260.0, "EMUL-65": 180.0, "BOOST-400": 140.0,
                                        "DET-NE": 150.0}
        self.monitors: dict[str, dict[str, Any]] = {
            "MON-0451": {"blast": "BL-5036", "point": "TPM-MP1", "serial": "GEO-4402", "reading": "VR-1371"},
            "MON-0455": {"blast": "BL-5038", "point": "HBG-MP1", "serial": "GEO-4471", "reading": "VR-1374"},
        }
        self.readings: dict[str, dict[str, Any]] = {
            "VR-1371": {"monitor": "MON-0451", "ppv": 4.1, "aop": 114.0},
            "VR-1374": {"monitor": "MON-0455", "ppv": 3.3, "aop": 109.5},
        }
        self.misfires: dict[str, dict[str, Any]] = {
            "MF-0091": {"blast": "BL-5038", "holes": 2, "description": "Holes 17 and 18 of the back row did not "
                        "fire; their shock tube was cut by flyrock from hole 16", "status": "open", "cleared": None},
        }
        self.invoices: dict[str, dict[str, Any]] = {
            "INV-7710": {"quarry": "QRY-314", "description": "BL-5031, Bench 2 south", "amount": 8420.0, "paid": 0.0,
                         "due": "2056-08-31"},
            "INV-7716": {"quarry": "QRY-311", "description": "BL-5033, Bench 3 east", "amount": 11870.0,
                         "paid": 11870.0, "due": "2056-09-29"},
            "INV-7719": {"quarry": "QRY-317", "description": "BL-5034, Bench 2 south", "amount": 6230.0, "paid": 0.0,
                         "due": "2056-10-14"},
        }
        self.counters = {"session": 1, "quarry": 320, "blast": 5046, "document": 3318, "requisition": 2235,
                         "issue": 812, "monitor": 458, "misfire": 93, "reading": 1377, "invoice": 7722}


# --------------------------------------------------------------------------- helpers


def _who(state: State, token: Any, *roles: str) -> tuple[dict[str, Any] | None, str | None]:
    session = state.sessions.get(token) if isinstance(token, str) else None
    if session is None:
        return None, "Error: not signed in, or the session has ended; sign in first"
    if roles and session["role"] != DIRECTOR and session["role"] not in roles:
        return None, f"Error: {session['name']} ({session['role'].replace('_', ' ')}) may not make this call"
    return session, None


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


def _iso(value: Any) -> str | None:
    try:
        return datetime.date.fromisoformat(value).isoformat()
    except (TypeError, ValueError):
        return None


def _days(a: str, b: str) -> int:
    return (datetime.date.fromisoformat(b) - datetime.date.fromisoformat(a)).days


def _invoice_status(i: dict[str, Any]) -> str:
    if i["paid"] >= i["amount"]:
        return "paid"
    return "overdue" if i["due"] < TODAY else "unpaid"


def _on_stop(state: State, qid: str) -> bool:
    return any(i["quarry"] == qid and _invoice_status(i) == "overdue" for i in state.invoices.values())


def _quarry(state: State, qid: str) -> Quarry:
    q = state.quarries[qid]
    return Quarry(quarry_id=qid, name=q["name"], operator=q["operator"], grid_reference=q["grid"],
                  ppv_limit_mm_s=q["limit"], on_stop=_on_stop(state, qid))


def _nearest(state: State, qid: str) -> int | None:
    distances = [p["distance"] for p in state.points.values() if p["quarry"] == qid]
    return min(distances) if distances else None


def _predicted(state: State, b: dict[str, Any]) -> float | None:
    distance = _nearest(state, b["quarry"])
    if b["kg"] is None or distance is None:
        return None
    return round(PPV_K * (distance / math.sqrt(b["kg"])) ** -PPV_B, 2)


def _blast_reply(state: State, bid: str) -> Blast:
    b = state.blasts[bid]
    return Blast(blast_id=bid, quarry_id=b["quarry"], bench=b["bench"], blast_date=b["date"], holes=b["holes"],
                 hole_depth_m=b["depth"], product_code=b["product"], kg_per_hole=b["kg"], delay_series=b["delay"],
                 predicted_ppv_mm_s=_predicted(state, b), blast_status=b["status"])


def _invoice_reply(state: State, iid: str) -> Invoice:
    i = state.invoices[iid]
    return Invoice(invoice_id=iid, quarry_id=i["quarry"], description=i["description"], amount=i["amount"],
                   paid=round(i["paid"], 2), due=i["due"], invoice_status=_invoice_status(i))


def _blast_or_error(state: State, blast_id: Any) -> tuple[dict[str, Any] | None, str | None]:
    if not isinstance(blast_id, str) or blast_id not in state.blasts:
        return None, f"Error: no blast {blast_id}"
    return state.blasts[blast_id], None


def _issued(state: State, bid: str) -> bool:
    return any(s["blast"] == bid for s in state.issues.values())


# --------------------------------------------------------------------------- sign-in and the public lists


async def sign_in(state: State, username: str, password: str) -> Session | str:
    """Sign a member of staff in to the blasting system.

    Parameters
    ----------
    username : str
        The user name, such as islwyn.e.
    password : str
        The password.

    Returns
    -------
    Session
        The session: its token (every call but sign_in, explosive_products and delay_series needs it), the name and the
        role.
    """
    user = state.staff.get(username) if isinstance(username, str) else None
    if user is None or user["password"] != password:
        return "Error: unknown user name or wrong password"
    token = f"rdb-{username.split('.')[0]}-{_next(state, 'session')}"
    state.sessions[token] = {"username": username, **user}
    return Session(token=token, name=user["name"], role=user["role"], signed_in=f"{TODAY} {NOW}")


async def sign_out(state: State, token: str) -> str:
    """End a session.

    Parameters
    ----------
    token : str
        The session token.

    Returns
    -------
    str
        A sentence saying who signed out.
    """
    _, error = _who(state, token)
    if error:
        return error
    who = state.sessions.pop(token)["name"]
    return f"{who} signed out of {token} at {NOW}."


async def explosive_products() -> list[list[Any]]:
    """The explosives and initiators the contractor uses (public).

    Returns
    -------
    list of list
        Rows of [product code, product, hazard division, unit, kilograms of explosive a unit].
    """
    return [list(row) for row in PRODUCTS]


async def delay_series() -> list[list[Any]]:
    """The detonator delay series the contractor fires with (public).

    Returns
    -------
    list of list
        Rows of [delay series code, description, hole-to-hole delay in milliseconds].
    """
    return [list(row) for row in DELAYS]


# --------------------------------------------------------------------------- quarries


async def find_quarry(state: State, token: str, text: str) -> list[Quarry] | str:
    """Find client quarries by name or operator.

    Parameters
    ----------
    token : str
        The session token.
    text : str
        Part of the quarry's or its operator's name, such as "Hobgill".

    Returns
    -------
    list of Quarry
        The matching quarries, by quarry id.
    """
    _, error = _who(state, token)
    if error:
        return error
    if _blank(text) or len(text.strip()) < 3:
        return "Error: text is at least three letters of a name"
    t = text.strip().lower()
    return [_quarry(state, qid) for qid, q in sorted(state.quarries.items())
            if t in q["name"].lower() or t in q["operator"].lower()]


async def add_quarry(state: State, token: str, name: str, operator: str, grid_reference: str, ppv_limit_mm_s: float,
                     nearest_property: str, distance_m: int) -> Quarry | str:
    """Take on a new client quarry with its planning limit on ground vibration and its nearest property, which becomes
    its first monitoring point (the explosives manager's call).

    Parameters
    ----------
    token : str
        The session token.
    name : str
        The quarry's name.
    operator : str
        The company that operates it.
    grid_reference : str
        Its Ordnance Survey grid reference, such as NY 6120 1245.
    ppv_limit_mm_s : float
        The planning limit on peak particle velocity at a property, mm/s.
    nearest_property : str
        The nearest property to the working faces.
    distance_m : int
        Its distance from the faces, in metres.

    Returns
    -------
    Quarry
        The new quarry.
    """
    _, error = _who(state, token, MANAGER)
    if error:
        return error
    if _blank(name) or _blank(operator) or _blank(nearest_property):
        return "Error: name, operator and nearest_property are required"
    if _blank(grid_reference) or not re.fullmatch(r"[A-Z]{2} \d{4} \d{4}", grid_reference.strip()):
        return "Error: grid_reference is two letters and two groups of four digits, such as SD 0000 0000"
    if not _number(ppv_limit_mm_s) or not 1 <= ppv_limit_mm_s <= 25:
        return "Error: ppv_limit_mm_s is 1 to 25"
    if not _whole(distance_m) or not 50 <= distance_m <= 5000:
        return "Error: distance_m is a whole number of metres from 50 to 5000"
    for qid, q in state.quarries.items():
        if q["name"].lower() == name.strip().lower():
            return f"Error: {name.strip()} is a client already ({qid})"
    qid = f"QRY-{_next(state, 'quarry')}"
    state.quarries[qid] = {"name": name.strip(), "operator": operator.strip(), "grid": grid_reference.strip(),
                           "limit": float(ppv_limit_mm_s)}
    prefix = re.sub(r"[^A-Z]", "", name.strip().upper())[:3]
    code, n = f"{prefix}-MP1", 1
    while code in state.points:
        n += 1
        code = f"{prefix}{n}-MP1"
    state.points[code] = {"quarry": qid, "location": nearest_property.strip(), "distance": distance_m}
    return _quarry(state, qid)


async def quarry_detail(state: State, token: str, quarry_id: str) -> QuarryDetail | str:
    """A quarry in full.

    Parameters
    ----------
    token : str
        The session token.
    quarry_id : str
        The quarry, such as QRY-311.

    Returns
    -------
    QuarryDetail
        The quarry with its monitoring points as [point code, location, distance], its blasts as [blast id, bench, date,
        status] and its invoices as [invoice id, amount, paid, due, status].
    """
    _, error = _who(state, token)
    if error:
        return error
    if not isinstance(quarry_id, str) or quarry_id not in state.quarries:
        return f"Error: no quarry {quarry_id}"
    return QuarryDetail(
        **_quarry(state, quarry_id),
        monitoring_points=[[pid, p["location"], p["distance"]] for pid, p in sorted(state.points.items())
                           if p["quarry"] == quarry_id],
        blasts=[[bid, b["bench"], b["date"], b["status"]] for bid, b in sorted(state.blasts.items())
                if b["quarry"] == quarry_id],
        invoices=[[iid, i["amount"], i["paid"], i["due"], _invoice_status(i)]
                  for iid, i in sorted(state.invoices.items())
                  if i["quarry"] == quarry_id])


async def account_balance(state: State, token: str, quarry_id: str) -> float | str:
    """What a quarry owes.

    Parameters
    ----------
    token : str
        The session token.
    quarry_id : str
        The quarry.

    Returns
    -------
    float
        The pounds outstanding on its invoices.
    """
    _, error = _who(state, token)
    if error:
        return error
    if not isinstance(quarry_id, str) or quarry_id not in state.quarries:
        return f"Error: no quarry {quarry_id}"
    return round(sum(i["amount"] - i["paid"] for i in state.invoices.values() if i["quarry"] == quarry_id), 2)


async def monitoring_points(state: State, token: str, quarry_id: str) -> list[list[Any]] | str:
    """A quarry's vibration monitoring points, at the properties nearest its faces.

    Parameters
    ----------
    token : str
        The session token.
    quarry_id : str
        The quarry.

    Returns
    -------
    list of list
        Rows of [point code, location, distance from the faces in metres], nearest first.
    """
    _, error = _who(state, token)
    if error:
        return error
    if not isinstance(quarry_id, str) or quarry_id not in state.quarries:
        return f"Error: no quarry {quarry_id}"
    return sorted(([pid, p["location"], p["distance"]] for pid, p in state.points.items()
                   if p["quarry"] == quarry_id), key=lambda row: (row[2], row[0]))


# --------------------------------------------------------------------------- blasts and their design


async def plan_blast(state: State, token: str, quarry_id: str, bench: str, blast_date: str, holes: int,
                     hole_depth_m: float, burden_m: float, spacing_m: float) -> Blast | str:
    """Plan a blast on a quarry's bench (the blast engineer's call).

    Parameters
    ----------
    token : str
        The session token.
    quarry_id : str
        The quarry.
    bench : str
        The bench and face, such as "Bench 4 west".
    blast_date : str
        The day it is to be fired, YYYY-MM-DD.
    holes : int
        How many holes.
    hole_depth_m : float
        Each hole's depth, in metres.
    burden_m : float
        The burden, in metres.
    spacing_m : float
        The spacing, in metres.

    Returns
    -------
    Blast
        The blast, planned.
    """
    _, error = _who(state, token, ENGINEER)
    if error:
        return error
    if not isinstance(quarry_id, str) or quarry_id not in state.quarries:
        return f"Error: no quarry {quarry_id}"
    day = _iso(blast_date)
    if day is None:
        return "Error: blast_date is a date, YYYY-MM-DD"
    if _blank(bench):
        return "Error: bench is required"
    if not _whole(holes) or not HOLES[0] <= holes <= HOLES[1]:
        return f"Error: a blast has {HOLES[0]} to {HOLES[1]} holes"
    if not _number(hole_depth_m) or not DEPTH[0] <= hole_depth_m <= DEPTH[1]:
        return f"Error: holes are {DEPTH[0]:g} to {DEPTH[1]:g} m deep"
    if not _number(burden_m) or not _number(spacing_m) or not 2 <= burden_m <= spacing_m <= 6:
        return "Error: burden and spacing are 2 to 6 m, the spacing no less than the burden"
    if not 1 <= _days(TODAY, day) <= NOTICE_DAYS:
        return f"Error: a blast is planned from tomorrow to {NOTICE_DAYS} days ahead"
    if _on_stop(state, quarry_id):
        return f"Error: {quarry_id} is on stop with an overdue invoice; no blasts are planned until it is paid"
    bid = f"BL-{_next(state, 'blast')}"
    state.blasts[bid] = _blast(quarry_id, bench.strip(), day, holes, float(hole_depth_m), "planned",
                               burden=float(burden_m), spacing=float(spacing_m))
    return _blast_reply(state, bid)


async def blasts(state: State, token: str, status: BlastStatus | None = None,
                 quarry_id: str | None = None) -> list[Blast] | str:
    """List blasts.

    Parameters
    ----------
    token : str
        The session token.
    status : BlastStatus, optional
        Only blasts in this status (planned, approved, drilled, loaded, fired, signed_off).
    quarry_id : str, optional
        Only this quarry's blasts.

    Returns
    -------
    list of Blast
        The blasts, by blast id.
    """
    _, error = _who(state, token)
    if error:
        return error
    if status is not None and status not in ("planned", "approved", "drilled", "loaded", "fired", "signed_off"):
        return "Error: status is planned, approved, drilled, loaded, fired or signed_off"
    if quarry_id is not None and (not isinstance(quarry_id, str) or quarry_id not in state.quarries):
        return f"Error: no quarry {quarry_id}"
    return [_blast_reply(state, bid) for bid, b in sorted(state.blasts.items())
            if (status is None or b["status"] == status) and (quarry_id is None or b["quarry"] == quarry_id)]


async def blast_detail(state: State, token: str, blast_id: str) -> BlastDetail | str:
    """A blast in full.

    Parameters
    ----------
    token : str
        The session token.
    blast_id : str
        The blast, such as BL-5040.

    Returns
    -------
    BlastDetail
        The blast with its shotfirer, holes drilled, exclusion zone and notice, its documents as [document id, kind,
        reference], requisitions as [requisition id, status], explosives issues as [issue id, issued at, returned at],
        monitors as [monitor id, point code, reading id] and misfires as [misfire id, holes, status].
    """
    _, error = _who(state, token)
    if error:
        return error
    b, error = _blast_or_error(state, blast_id)
    if error:
        return error
    return BlastDetail(
        **_blast_reply(state, blast_id), shotfirer_id=b["shotfirer"], holes_drilled=b["drilled"],
        exclusion_radius_m=b["radius"], notified=b["notified"],
        documents=[[did, d["kind"], d["reference"]] for did, d in sorted(state.documents.items())
                   if d["blast"] == blast_id],
        requisitions=[[rid, r["status"]] for rid, r in sorted(state.requisitions.items()) if r["blast"] == blast_id],
        issues=[[sid, s["issued"], s["returned"]] for sid, s in sorted(state.issues.items()) if s["blast"] == blast_id],
        monitors=[[mid, m["point"], m["reading"]] for mid, m in sorted(state.monitors.items())
                  if m["blast"] == blast_id],
        misfires=[[fid, f["holes"], f["status"]] for fid, f in sorted(state.misfires.items())
                  if f["blast"] == blast_id])


async def set_charge_design(state: State, token: str, blast_id: str, product_code: str, kg_per_hole: float,
                            delay_series: str) -> Blast | str:
    """Set a planned blast's charge design: its main charge, the charge in each hole and its detonators' delay series,
    one hole a delay (the blast engineer's call).

    Parameters
    ----------
    token : str
        The session token.
    blast_id : str
        The blast.
    product_code : str
        The main charge, by its code in the explosive products.
    kg_per_hole : float
        Kilograms of explosive in each hole.
    delay_series : str
        The delay series, by its code in the delay series.

    Returns
    -------
    Blast
        The blast, with the vibration it is predicted to cause at the nearest property.
    """
    _, error = _who(state, token, ENGINEER)
    if error:
        return error
    b, error = _blast_or_error(state, blast_id)
    if error:
        return error
    if not isinstance(product_code, str) or product_code not in PRODUCT:
        return f"Error: no product {product_code}"
    if product_code not in MAIN_CHARGES:
        return f"Error: {product_code} is not a main charge"
    if not isinstance(delay_series, str) or delay_series not in DELAY:
        return f"Error: no delay series {delay_series}"
    if not _number(kg_per_hole) or kg_per_hole <= 0:
        return "Error: kg_per_hole is a positive number"
    if b["status"] != "planned":
        return f"Error: {blast_id} is {b['status']}; its design is fixed once approved"
    if kg_per_hole > CHARGE_PER_METRE * (b["depth"] - 2.5):
        return (f"Error: a {b['depth']:g} m hole takes at most {CHARGE_PER_METRE * (b['depth'] - 2.5):g} kg below "
                "its stemming")
    if (b["product"], b["kg"], b["delay"]) == (product_code, float(kg_per_hole), delay_series):
        return f"Error: {blast_id}'s design is that already"
    b.update(product=product_code, kg=float(kg_per_hole), delay=delay_series)
    return _blast_reply(state, blast_id)


async def file_document(state: State, token: str, blast_id: str, kind: DocKind, reference: str,
                        dated: str) -> Document | str:
    """File a blast's document: the laser survey of the face, the drill log or the blast specification (the blast
    engineer's or the driller's call).

    Parameters
    ----------
    token : str
        The session token.
    blast_id : str
        The blast.
    kind : DocKind
        face_profile, drill_log or blast_specification.
    reference : str
        The document's reference.
    dated : str
        Its date, YYYY-MM-DD.

    Returns
    -------
    Document
        The document.
    """
    _, error = _who(state, token, ENGINEER, DRILLER)
    if error:
        return error
    b, error = _blast_or_error(state, blast_id)
    if error:
        return error
    value = kind.value if isinstance(kind, DocKind) else kind
    if value not in [k.value for k in DocKind]:
        return "Error: kind is face_profile, drill_log or blast_specification"
    day = _iso(dated)
    if day is None or day > TODAY:
        return "Error: dated is a date, YYYY-MM-DD, not in the future"
    if _blank(reference):
        return "Error: reference is required"
    if b["status"] in ("fired", "signed_off"):
        return f"Error: {blast_id} is {b['status']}"
    for did, d in state.documents.items():
        if d["blast"] == blast_id and d["reference"] == reference.strip():
            return f"Error: that document is on file already ({did})"
    did = f"DOC-{_next(state, 'document')}"
    state.documents[did] = {"blast": blast_id, "kind": value, "reference": reference.strip(), "dated": day}
    return Document(document_id=did, blast_id=blast_id, kind=value, reference=reference.strip(), dated=day)


async def approve_design(state: State, token: str, blast_id: str) -> Blast | str:
    """Approve a blast's design (the explosives manager's call).

    Parameters
    ----------
    token : str
        The session token.
    blast_id : str
        The blast.

    Returns
    -------
    Blast
        The blast, approved.
    """
    _, error = _who(state, token, MANAGER)
    if error:
        return error
    b, error = _blast_or_error(state, blast_id)
    if error:
        return error
    if b["status"] != "planned":
        return f"Error: {blast_id} is {b['status']} already"
    if b["kg"] is None:
        return f"Error: {blast_id} has no charge design"
    if not any(d["blast"] == blast_id and d["kind"] == "face_profile" for d in state.documents.values()):
        return f"Error: {blast_id} has no survey of its face on file"
    ppv = _predicted(state, b)
    limit = state.quarries[b["quarry"]]["limit"]
    if ppv is not None and ppv > limit:
        return f"Error: {blast_id} is predicted at {ppv} mm/s, over {b['quarry']}'s limit of {limit:g} mm/s"
    b["status"] = "approved"
    return _blast_reply(state, blast_id)


async def record_drilling(state: State, token: str, blast_id: str, holes_drilled: int) -> Blast | str:
    """Record the holes drilled for an approved blast (the driller's call).

    Parameters
    ----------
    token : str
        The session token.
    blast_id : str
        The blast.
    holes_drilled : int
        How many holes were drilled to depth.

    Returns
    -------
    Blast
        The blast, drilled.
    """
    _, error = _who(state, token, DRILLER)
    if error:
        return error
    b, error = _blast_or_error(state, blast_id)
    if error:
        return error
    if not _whole(holes_drilled) or holes_drilled < 1:
        return "Error: holes_drilled is a whole number, 1 or more"
    if b["status"] == "drilled":
        return f"Error: {blast_id} is drilled already ({b['drilled']} holes)"
    if b["status"] != "approved":
        return f"Error: {blast_id} is {b['status']}; holes are drilled to an approved design"
    if holes_drilled > b["holes"]:
        return f"Error: {blast_id} is designed for {b['holes']} holes"
    b.update(status="drilled", drilled=holes_drilled)
    return _blast_reply(state, blast_id)


# --------------------------------------------------------------------------- shotfirers and explosives


async def shotfirers(state: State, token: str) -> list[list[Any]] | str:
    """The shotfirers the contractor employs.

    Parameters
    ----------
    token : str
        The session token.

    Returns
    -------
    list of list
        Rows of [shotfirer id, name, certificate number, certificate expires, last verified].
    """
    _, error = _who(state, token)
    if error:
        return error
    return [[sid, s["name"], s["certificate"], s["expires"], s["verified"]]
            for sid, s in sorted(state.shotfirers.items())]


async def verify_shotfirer(state: State, token: str, shotfirer_id: str, certificate_number: str) -> str:
    """Record that a shotfirer's certificate was checked against the issuing body's register (the explosives manager's
    call).

    Parameters
    ----------
    token : str
        The session token.
    shotfirer_id : str
        The shotfirer.
    certificate_number : str
        The certificate's number as the register shows it.

    Returns
    -------
    str
        A sentence with the shotfirer and the certificate.
    """
    _, error = _who(state, token, MANAGER)
    if error:
        return error
    s = state.shotfirers.get(shotfirer_id) if isinstance(shotfirer_id, str) else None
    if s is None:
        return f"Error: no shotfirer {shotfirer_id}"
    if certificate_number != s["certificate"]:
        return f"Error: {shotfirer_id}'s certificate on record is not {certificate_number}"
    if s["expires"] < TODAY:
        return f"Error: {shotfirer_id}'s certificate expired on {s['expires']}"
    if s["verified"] == TODAY:
        return f"Error: {shotfirer_id} is verified today already"
    s["verified"] = TODAY
    return f"{s['name']} ({shotfirer_id}) holds certificate {s['certificate']}, verified on {TODAY}."


async def appoint_shotfirer(state: State, token: str, blast_id: str, shotfirer_id: str) -> str:
    """Appoint the shotfirer in charge of a blast (the explosives manager's call).

    Parameters
    ----------
    token : str
        The session token.
    blast_id : str
        The blast.
    shotfirer_id : str
        The shotfirer.

    Returns
    -------
    str
        A sentence with the blast and its shotfirer.
    """
    _, error = _who(state, token, MANAGER)
    if error:
        return error
    b, error = _blast_or_error(state, blast_id)
    if error:
        return error
    s = state.shotfirers.get(shotfirer_id) if isinstance(shotfirer_id, str) else None
    if s is None:
        return f"Error: no shotfirer {shotfirer_id}"
    if b["shotfirer"] == shotfirer_id:
        return f"Error: {shotfirer_id} is {blast_id}'s shotfirer already"
    if b["status"] in ("loaded", "fired", "signed_off"):
        return f"Error: {blast_id} is {b['status']}"
    if s["expires"] < TODAY:
        return f"Error: {shotfirer_id}'s certificate expired on {s['expires']}"
    if not s["verified"] or _days(s["verified"], TODAY) > VERIFY_DAYS:
        return f"Error: {shotfirer_id}'s certificate has not been verified in the last {VERIFY_DAYS} days"
    b["shotfirer"] = shotfirer_id
    return f"{s['name']} ({shotfirer_id}) is the shotfirer for {blast_id} ({b['bench']}, {b['date']})."


async def request_explosives(state: State, token: str, blast_id: str) -> Requisition | str:
    """Requisition the explosives for a drilled blast from the magazine, by its design and the holes drilled (the
    shotfirer's call).

    Parameters
    ----------
    token : str
        The session token.
    blast_id : str
        The blast.

    Returns
    -------
    Requisition
        The requisition, awaiting the explosives manager's authority.
    """
    _, error = _who(state, token, SHOTFIRER)
    if error:
        return error
    b, error = _blast_or_error(state, blast_id)
    if error:
        return error
    for rid, r in state.requisitions.items():
        if r["blast"] == blast_id:
            return f"Error: {blast_id} has requisition {rid} already"
    if b["status"] != "drilled":
        return f"Error: {blast_id} is {b['status']}; explosives are requisitioned once its holes are drilled"
    unit = PRODUCT[b["product"]][4]
    quantity = math.ceil(b["kg"] * b["drilled"] / unit)
    rid = f"RQ-{_next(state, 'requisition')}"
    items = [[b["product"], quantity, PRODUCT[b["product"]][3]], ["BOOST-400", b["drilled"], "each"],
             ["DET-NE", b["drilled"], "each"]]
    state.requisitions[rid] = {"blast": blast_id, "items": items, "status": "requested"}
    return Requisition(requisition_id=rid, blast_id=blast_id, items=[list(i) for i in items],
                       requisition_status="requested")


async def requisitions(state: State, token: str, status: RequisitionStatus | None = None) -> list[Requisition] | str:
    """List explosives requisitions.

    Parameters
    ----------
    token : str
        The session token.
    status : RequisitionStatus, optional
        Only requisitions in this status (requested, authorised, issued).

    Returns
    -------
    list of Requisition
        The requisitions, by requisition id.
    """
    _, error = _who(state, token)
    if error:
        return error
    if status is not None and status not in ("requested", "authorised", "issued"):
        return "Error: status is requested, authorised or issued"
    return [Requisition(requisition_id=rid, blast_id=r["blast"], items=[list(i) for i in r["items"]],
                        requisition_status=r["status"])
            for rid, r in sorted(state.requisitions.items()) if status is None or r["status"] == status]


async def authorise_requisition(state: State, token: str, requisition_id: str) -> Requisition | str:
    """Authorise an explosives requisition (the explosives manager's call).

    Parameters
    ----------
    token : str
        The session token.
    requisition_id : str
        The requisition.

    Returns
    -------
    Requisition
        The requisition, authorised.
    """
    _, error = _who(state, token, MANAGER)
    if error:
        return error
    r = state.requisitions.get(requisition_id) if isinstance(requisition_id, str) else None
    if r is None:
        return f"Error: no requisition {requisition_id}"
    if r["status"] != "requested":
        return f"Error: {requisition_id} is {r['status']} already"
    r["status"] = "authorised"
    return Requisition(requisition_id=requisition_id, blast_id=r["blast"], items=[list(i) for i in r["items"]],
                       requisition_status="authorised")


async def magazine_stock(state: State, token: str) -> list[list[Any]] | str:
    """The explosives in the magazine.

    Parameters
    ----------
    token : str
        The session token.

    Returns
    -------
    list of list
        Rows of [product code, quantity on hand, unit].
    """
    _, error = _who(state, token)
    if error:
        return error
    return [[code, state.stock[code], PRODUCT[code][3]] for code in sorted(state.stock)]


async def issue_explosives(state: State, token: str, requisition_id: str) -> ExplosivesIssue | str:
    """Issue an authorised requisition's explosives from the magazine (the magazine keeper's call).

    Parameters
    ----------
    token : str
        The session token.
    requisition_id : str
        The requisition.

    Returns
    -------
    ExplosivesIssue
        The explosives issued.
    """
    _, error = _who(state, token, MAGAZINE)
    if error:
        return error
    r = state.requisitions.get(requisition_id) if isinstance(requisition_id, str) else None
    if r is None:
        return f"Error: no requisition {requisition_id}"
    if r["status"] == "issued":
        return f"Error: {requisition_id} is issued already"
    if r["status"] != "authorised":
        return f"Error: {requisition_id} is not authorised by the explosives manager"
    for code, quantity, _ in r["items"]:
        if state.stock[code] < quantity:
            return f"Error: the magazine holds {state.stock[code]:g} of {code}"
    for code, quantity, _ in r["items"]:
        state.stock[code] -= quantity
    sid = f"EX-{_next(state, 'issue'):04d}"
    r["status"] = "issued"
    state.issues[sid] = {"requisition": requisition_id, "blast": r["blast"], "issued": f"{TODAY} {NOW}",
                         "returned": None, "unused": None}
    return ExplosivesIssue(issue_id=sid, requisition_id=requisition_id, blast_id=r["blast"],
                           items=[list(i) for i in r["items"]], issued_at=f"{TODAY} {NOW}")


async def return_explosives(state: State, token: str, issue_id: str, unused_kg: float,
                            unused_detonators: int) -> str:
    """Take back what was not fired of an issue of explosives and reconcile it (the magazine keeper's call).

    Parameters
    ----------
    token : str
        The session token.
    issue_id : str
        The issue.
    unused_kg : float
        Kilograms of the main charge brought back.
    unused_detonators : int
        Detonators brought back.

    Returns
    -------
    str
        A sentence with the reconciliation.
    """
    _, error = _who(state, token, MAGAZINE)
    if error:
        return error
    s = state.issues.get(issue_id) if isinstance(issue_id, str) else None
    if s is None:
        return f"Error: no explosives issue {issue_id}"
    if not _number(unused_kg) or unused_kg < 0 or not _whole(unused_detonators) or unused_detonators < 0:
        return "Error: unused_kg and unused_detonators are 0 or more"
    if s["returned"]:
        return f"Error: {issue_id} is reconciled already ({s['returned']})"
    items = state.requisitions[s["requisition"]]["items"]
    main, dets = items[0], items[2]
    issued_kg = main[1] * PRODUCT[main[0]][4]
    if unused_kg > issued_kg or unused_detonators > dets[1]:
        return f"Error: {issue_id} issued {issued_kg:g} kg and {dets[1]} detonators"
    state.stock[main[0]] += unused_kg / PRODUCT[main[0]][4]
    state.stock["DET-NE"] += unused_detonators
    s["returned"] = f"{TODAY} {NOW}"
    s["unused"] = [float(unused_kg), unused_detonators]
    return (f"{issue_id} ({s['blast']}) is reconciled: {issued_kg - unused_kg:g} kg and {dets[1] - unused_detonators}"
            f" detonators used, {unused_kg:g} kg and {unused_detonators} detonators back in the magazine.")


# --------------------------------------------------------------------------- the day of the blast


async def record_loading(state: State, token: str, blast_id: str, holes_loaded: int) -> Blast | str:
    """Record a drilled blast's holes loaded and stemmed (the shotfirer's call).

    Parameters
    ----------
    token : str
        The session token.
    blast_id : str
        The blast.
    holes_loaded : int
        How many holes were loaded.

    Returns
    -------
    Blast
        The blast, loaded.
    """
    _, error = _who(state, token, SHOTFIRER)
    if error:
        return error
    b, error = _blast_or_error(state, blast_id)
    if error:
        return error
    if not _whole(holes_loaded) or holes_loaded < 1:
        return "Error: holes_loaded is a whole number, 1 or more"
    if b["status"] == "loaded":
        return f"Error: {blast_id} is loaded already"
    if b["status"] != "drilled":
        return f"Error: {blast_id} is {b['status']}, not drilled"
    if not b["shotfirer"]:
        return f"Error: {blast_id} has no shotfirer appointed"
    if not _issued(state, blast_id):
        return f"Error: {blast_id} has no explosives issued"
    if holes_loaded != b["drilled"]:
        return f"Error: every hole drilled is loaded; {blast_id} has {b['drilled']}"
    b.update(status="loaded", loaded=holes_loaded)
    return _blast_reply(state, blast_id)


async def set_exclusion_zone(state: State, token: str, blast_id: str, radius_m: int,
                             sentries: list[str]) -> Blast | str:
    """Set a blast's exclusion zone and the sentries who close its approaches (the shotfirer's call).

    Parameters
    ----------
    token : str
        The session token.
    blast_id : str
        The blast.
    radius_m : int
        The zone's radius, in metres.
    sentries : list of str
        The sentries' names.

    Returns
    -------
    Blast
        The blast.
    """
    _, error = _who(state, token, SHOTFIRER)
    if error:
        return error
    b, error = _blast_or_error(state, blast_id)
    if error:
        return error
    if not _whole(radius_m) or not EXCLUSION[0] <= radius_m <= EXCLUSION[1]:
        return f"Error: an exclusion zone is {EXCLUSION[0]} to {EXCLUSION[1]} m"
    if not isinstance(sentries, list) or not all(isinstance(s, str) and s.strip() for s in sentries):
        return "Error: sentries is a list of names"
    if len({s.strip() for s in sentries}) < SENTRIES:
        return f"Error: a blast needs at least {SENTRIES} sentries, one on each approach"
    if b["status"] in ("fired", "signed_off"):
        return f"Error: {blast_id} is {b['status']}"
    names = sorted({s.strip() for s in sentries})
    if b["radius"] == radius_m and sorted(b["sentries"]) == names:
        return f"Error: {blast_id}'s exclusion zone is that already"
    b.update(radius=radius_m, sentries=names)
    return _blast_reply(state, blast_id)


async def notify_neighbours(state: State, token: str, blast_id: str, method: NoticeMethod) -> Notice | str:
    """Give the properties at a blast's quarry's monitoring points notice of the blast (the environmental officer's
    call).

    Parameters
    ----------
    token : str
        The session token.
    blast_id : str
        The blast.
    method : NoticeMethod
        letter, text or door (a call at the door).

    Returns
    -------
    Notice
        The notice.
    """
    _, error = _who(state, token, ENVIRONMENT)
    if error:
        return error
    b, error = _blast_or_error(state, blast_id)
    if error:
        return error
    if method not in ("letter", "text", "door"):
        return "Error: method is letter, text or door"
    if b["notified"]:
        return f"Error: {blast_id}'s neighbours were notified on {b['notified']}"
    if b["status"] in ("fired", "signed_off"):
        return f"Error: {blast_id} is {b['status']}"
    properties = sum(p["quarry"] == b["quarry"] for p in state.points.values())
    b["notified"] = TODAY
    return Notice(blast_id=blast_id, method=method, properties=properties, given_on=TODAY)


async def place_monitor(state: State, token: str, blast_id: str, point_code: str, serial: str) -> Monitor | str:
    """Place a vibration monitor at one of the blast's quarry's monitoring points (the environmental officer's call).

    Parameters
    ----------
    token : str
        The session token.
    blast_id : str
        The blast.
    point_code : str
        The monitoring point, by its code.
    serial : str
        The monitor's serial number.

    Returns
    -------
    Monitor
        The monitor.
    """
    _, error = _who(state, token, ENVIRONMENT)
    if error:
        return error
    b, error = _blast_or_error(state, blast_id)
    if error:
        return error
    p = state.points.get(point_code) if isinstance(point_code, str) else None
    if p is None:
        return f"Error: no monitoring point {point_code}"
    if _blank(serial):
        return "Error: serial is required"
    if p["quarry"] != b["quarry"]:
        return f"Error: {point_code} is not one of {b['quarry']}'s monitoring points"
    if b["status"] in ("fired", "signed_off"):
        return f"Error: {blast_id} is {b['status']}"
    for mid, m in state.monitors.items():
        if m["blast"] == blast_id and m["point"] == point_code:
            return f"Error: {point_code} has monitor {mid} for {blast_id} already"
    mid = f"MON-{_next(state, 'monitor'):04d}"
    state.monitors[mid] = {"blast": blast_id, "point": point_code, "serial": serial.strip(), "reading": None}
    return Monitor(monitor_id=mid, blast_id=blast_id, point_code=point_code, location=p["location"],
                   distance_m=p["distance"], serial=serial.strip())


async def fire_blast(state: State, token: str, blast_id: str) -> Blast | str:
    """Fire a loaded blast (the shotfirer's call).

    Parameters
    ----------
    token : str
        The session token.
    blast_id : str
        The blast.

    Returns
    -------
    Blast
        The blast, fired.
    """
    _, error = _who(state, token, SHOTFIRER)
    if error:
        return error
    b, error = _blast_or_error(state, blast_id)
    if error:
        return error
    if b["status"] == "fired":
        return f"Error: {blast_id} was fired at {b['fired']}"
    if b["status"] != "loaded":
        return f"Error: {blast_id} is {b['status']}, not loaded"
    if b["date"] != TODAY:
        return f"Error: {blast_id} is to be fired on {b['date']}"
    if not b["radius"]:
        return f"Error: {blast_id} has no exclusion zone set"
    if not b["notified"]:
        return f"Error: {blast_id}'s neighbours have not been notified"
    if not any(m["blast"] == blast_id for m in state.monitors.values()):
        return f"Error: {blast_id} has no vibration monitor in place"
    b.update(status="fired", fired=f"{TODAY} {NOW}")
    return _blast_reply(state, blast_id)


async def record_misfire(state: State, token: str, blast_id: str, holes: int, description: str) -> Misfire | str:
    """Record holes of a fired blast that did not fire (the shotfirer's call).

    Parameters
    ----------
    token : str
        The session token.
    blast_id : str
        The blast.
    holes : int
        How many holes misfired.
    description : str
        What was found.

    Returns
    -------
    Misfire
        The misfire, open.
    """
    _, error = _who(state, token, SHOTFIRER)
    if error:
        return error
    b, error = _blast_or_error(state, blast_id)
    if error:
        return error
    if not _whole(holes) or holes < 1 or _blank(description):
        return "Error: holes is a whole number, 1 or more, and description is required"
    if b["status"] != "fired":
        return f"Error: {blast_id} is {b['status']}; misfires are recorded after firing"
    if holes > (b["loaded"] or 0):
        return f"Error: {blast_id} had {b['loaded']} holes loaded"
    for fid, f in state.misfires.items():
        if f["blast"] == blast_id and f["description"] == description.strip():
            return f"Error: that misfire is recorded already ({fid})"
    fid = f"MF-{_next(state, 'misfire'):04d}"
    state.misfires[fid] = {"blast": blast_id, "holes": holes, "description": description.strip(), "status": "open",
                           "cleared": None}
    return Misfire(misfire_id=fid, blast_id=blast_id, holes=holes, description=description.strip(),
                   misfire_status="open")


async def clear_misfire(state: State, token: str, misfire_id: str, method: Clearance) -> str:
    """Record a misfire made safe (the shotfirer's call).

    Parameters
    ----------
    token : str
        The session token.
    misfire_id : str
        The misfire.
    method : Clearance
        re-fired, washed out or recovered.

    Returns
    -------
    str
        A sentence with the misfire and how it was cleared.
    """
    _, error = _who(state, token, SHOTFIRER)
    if error:
        return error
    f = state.misfires.get(misfire_id) if isinstance(misfire_id, str) else None
    if f is None:
        return f"Error: no misfire {misfire_id}"
    if method not in ("re-fired", "washed out", "recovered"):
        return "Error: method is re-fired, washed out or recovered"
    if f["status"] == "cleared":
        return f"Error: {misfire_id} is cleared already"
    f.update(status="cleared", cleared=method)
    return f"Misfire {misfire_id} ({f['blast']}, {f['holes']} holes) is cleared: {method}, {TODAY} {NOW}."


async def record_vibration(state: State, token: str, monitor_id: str, ppv_mm_s: float,
                           air_overpressure_db: float) -> Reading | str:
    """Record a monitor's reading of a fired blast (the environmental officer's call).

    Parameters
    ----------
    token : str
        The session token.
    monitor_id : str
        The monitor.
    ppv_mm_s : float
        The peak particle velocity, mm/s.
    air_overpressure_db : float
        The air overpressure, dB(L).

    Returns
    -------
    Reading
        The reading, with whether it kept within the quarry's limit.
    """
    _, error = _who(state, token, ENVIRONMENT)
    if error:
        return error
    m = state.monitors.get(monitor_id) if isinstance(monitor_id, str) else None
    if m is None:
        return f"Error: no monitor {monitor_id}"
    if not _number(ppv_mm_s) or ppv_mm_s < 0 or not _number(air_overpressure_db) or air_overpressure_db < 0:
        return "Error: ppv_mm_s and air_overpressure_db are numbers, 0 or more"
    if m["reading"]:
        return f"Error: {monitor_id} has reading {m['reading']} already"
    b = state.blasts[m["blast"]]
    if b["status"] not in ("fired", "signed_off"):
        return f"Error: {m['blast']} is {b['status']}; readings follow the firing"
    rid = f"VR-{_next(state, 'reading')}"
    state.readings[rid] = {"monitor": monitor_id, "ppv": float(ppv_mm_s), "aop": float(air_overpressure_db)}
    m["reading"] = rid
    return Reading(reading_id=rid, monitor_id=monitor_id, ppv_mm_s=float(ppv_mm_s),
                   air_overpressure_db=float(air_overpressure_db),
                   within_limit=ppv_mm_s <= state.quarries[b["quarry"]]["limit"])


async def sign_off_blast(state: State, token: str, blast_id: str) -> Blast | str:
    """Sign a fired blast off once its misfires are cleared, its monitors read and its explosives reconciled (the
    explosives manager's call).

    Parameters
    ----------
    token : str
        The session token.
    blast_id : str
        The blast.

    Returns
    -------
    Blast
        The blast, signed off.
    """
    _, error = _who(state, token, MANAGER)
    if error:
        return error
    b, error = _blast_or_error(state, blast_id)
    if error:
        return error
    if b["status"] == "signed_off":
        return f"Error: {blast_id} is signed off already"
    if b["status"] != "fired":
        return f"Error: {blast_id} is {b['status']}, not fired"
    for fid, f in state.misfires.items():
        if f["blast"] == blast_id and f["status"] != "cleared":
            return f"Error: misfire {fid} is not cleared"
    for mid, m in state.monitors.items():
        if m["blast"] == blast_id and not m["reading"]:
            return f"Error: monitor {mid} has no reading"
    for sid, s in state.issues.items():
        if s["blast"] == blast_id and not s["returned"]:
            return f"Error: explosives issue {sid} is not reconciled"
    b.update(status="signed_off", signed_off=TODAY)
    return _blast_reply(state, blast_id)


# --------------------------------------------------------------------------- accounts


async def invoice_blast(state: State, token: str, blast_id: str) -> Invoice | str:
    """Invoice a signed-off blast: the metres drilled and the explosive fired (accounts' call).

    Parameters
    ----------
    token : str
        The session token.
    blast_id : str
        The blast.

    Returns
    -------
    Invoice
        The invoice.
    """
    _, error = _who(state, token, ACCOUNTS)
    if error:
        return error
    b, error = _blast_or_error(state, blast_id)
    if error:
        return error
    if b["invoice"]:
        return f"Error: {blast_id} is invoiced already ({b['invoice']})"
    if b["status"] != "signed_off":
        return f"Error: {blast_id} is {b['status']}; a blast is invoiced once signed off"
    fired_kg = 0.0
    for s in state.issues.values():
        if s["blast"] == blast_id:
            main = state.requisitions[s["requisition"]]["items"][0]
            fired_kg += main[1] * PRODUCT[main[0]][4] - (s["unused"] or [0.0])[0]
    amount = round(b["drilled"] * b["depth"] * DRILLING_RATE + fired_kg * EXPLOSIVE_RATE, 2)
    iid = f"INV-{_next(state, 'invoice')}"
    due = (datetime.date.fromisoformat(TODAY) + datetime.timedelta(days=INVOICE_DAYS)).isoformat()
    state.invoices[iid] = {"quarry": b["quarry"], "description": f"{blast_id}, {b['bench']}", "amount": amount,
                           "paid": 0.0, "due": due}
    b["invoice"] = iid
    return _invoice_reply(state, iid)


async def invoices(state: State, token: str, quarry_id: str | None = None,
                   status: InvoiceStatus | None = None) -> list[Invoice] | str:
    """List invoices.

    Parameters
    ----------
    token : str
        The session token.
    quarry_id : str, optional
        Only this quarry's invoices.
    status : InvoiceStatus, optional
        Only invoices in this status (unpaid, overdue, paid).

    Returns
    -------
    list of Invoice
        The invoices, by invoice id.
    """
    _, error = _who(state, token)
    if error:
        return error
    if quarry_id is not None and (not isinstance(quarry_id, str) or quarry_id not in state.quarries):
        return f"Error: no quarry {quarry_id}"
    if status is not None and status not in ("unpaid", "overdue", "paid"):
        return "Error: status is unpaid, overdue or paid"
    return [_invoice_reply(state, iid) for iid, i in sorted(state.invoices.items())
            if (quarry_id is None or i["quarry"] == quarry_id) and (status is None or _invoice_status(i) == status)]


async def record_payment(state: State, token: str, invoice_id: str, amount: float,
                         method: PayMethod) -> Receipt | str:
    """Record a payment against an invoice (accounts' call); a quarry whose overdue invoices are paid comes off stop.

    Parameters
    ----------
    token : str
        The session token.
    invoice_id : str
        The invoice.
    amount : float
        Pounds paid, up to what is owed.
    method : PayMethod
        bacs, cheque or card.

    Returns
    -------
    Receipt
        The receipt, with what is left to pay and whether the quarry is still on stop.
    """
    _, error = _who(state, token, ACCOUNTS)
    if error:
        return error
    i = state.invoices.get(invoice_id) if isinstance(invoice_id, str) else None
    if i is None:
        return f"Error: no invoice {invoice_id}"
    if method not in ("bacs", "cheque", "card"):
        return "Error: method is bacs, cheque or card"
    if not _number(amount) or amount <= 0:
        return "Error: amount is a positive number of pounds"
    owed = round(i["amount"] - i["paid"], 2)
    if owed <= 0:
        return f"Error: {invoice_id} is paid already"
    if amount > owed + 0.005:
        return f"Error: {invoice_id} has {owed:.2f} left to pay"
    i["paid"] = round(i["paid"] + amount, 2)
    return Receipt(invoice_id=invoice_id, paid_now=float(amount), left_to_pay=round(i["amount"] - i["paid"], 2),
                   quarry_on_stop=_on_stop(state, i["quarry"]))


TOOLS = [
    sign_in, sign_out, explosive_products, delay_series, find_quarry, add_quarry, quarry_detail, account_balance,
    monitoring_points, plan_blast, blasts, blast_detail, set_charge_design, file_document, approve_design,
    record_drilling, shotfirers, verify_shotfirer, appoint_shotfirer, request_explosives, requisitions,
    authorise_requisition, magazine_stock, issue_explosives, return_explosives, record_loading, set_exclusion_zone,
    notify_neighbours, place_monitor, fire_blast, record_misfire, clear_misfire, record_vibration, sign_off_blast,
    invoice_blast, invoices, record_payment,
]

FIXTURES = {
    "contractor": "Ravensdyke Drilling & Blasting, Kilnbeck Yard, Ravensdyke",
    "today": "Monday 18 September 2056, 07:30",
    "staff": [
        {"name": "Dilwen Larkworthy", "role": "blast engineer", "username": "dilwen.l",
         "password": "Burden-Spacing-31"},
        {"name": "Giffard Vause-Durant", "role": "explosives manager", "username": "giffard.v",
         "password": "Magazine-Key-64"},
        {"name": "Padarn Rawsthorne", "role": "driller", "username": "padarn.r", "password": "Drill-Rig-52"},
        {"name": "Islwyn Eckersley", "role": "shotfirer", "username": "islwyn.e", "password": "Detonator-Line-27"},
        {"name": "Basilia Midgley", "role": "magazine keeper", "username": "basilia.m", "password": "Stock-Ledger-45"},
        {"name": "Nimue Stapleton", "role": "environmental officer", "username": "nimue.s",
         "password": "Geophone-Trace-19"},
        {"name": "Serlo Dunstan", "role": "accounts", "username": "serlo.d", "password": "Invoice-Quarry-73"},
        {"name": "Amicia Blackett", "role": "director", "username": "amicia.b", "password": "Bench-Face-90"},
    ],
    "sentries": ["Brychan Brierley", "Ffraid Ibbetson"],
    "new_quarry": {
        "name": "Tarnbeck Quarry", "operator": "Tarnbeck Roadstone Ltd", "grid reference": "NY 6120 1245",
        "vibration limit": "8 mm/s peak particle velocity at any property",
        "nearest property": "Tarnbeck Mill Cottages, 450 m from the faces",
        "first blast": "Bench 1 east on Monday 25 September 2056: 18 holes 12 m deep, burden 3 m, spacing 3.5 m, "
                       "70 kg of bulk ANFO a hole on the 67 ms series; face survey FP-TAR-B1-0918 taken today",
    },
    "notes": [
        "Yarrowby's Bench 4 west blast (Saturday): bulk ANFO, 95 kg a hole, 42 ms series; face survey "
        "FP-YRB-B4-0917 of yesterday; 20 holes are drilled this morning, then its explosives are requisitioned, "
        "authorised and issued",
        "Yarrowby's Bench 3 west blast fires today: 24 holes loaded, a 400 m exclusion zone, a monitor (serial "
        "GEO-4488) at the nearest property; it reads 2.6 mm/s and 111 dB; nothing comes back to the magazine; one "
        "hole (12) misfires and is re-fired",
        "Thrupp Moor's Bench 4 east blast fires today with Helewise Calderbank as its shotfirer, once her certificate "
        "is verified: its requisition is authorised and issued, 18 holes loaded, a 350 m zone, the neighbours "
        "called on at the door, a monitor (serial GEO-4493) at the road",
        "Hobgill's Friday blast: the misfire is re-fired, nothing comes back to the magazine, the blast is signed "
        "off, invoiced and paid by BACS",
        "Hobgill Minerals pay their overdue invoice in full by BACS; a Bench 2 north blast is then planned for "
        "Wednesday 27 September: 22 holes 14 m deep, burden 3.5 m, spacing 4 m",
        "Thrupp Moor's blast of last Thursday, signed off on Friday, is to be invoiced",
    ],
}

# --------------------------------------------------------------------------- the designed prerequisites

_TOKEN = "auth: session token (token of sign_in)"
PUBLIC = ("sign_in", "explosive_products", "delay_series")
TOKEN_CONSUMERS = [t.__name__ for t in TOOLS if t.__name__ not in PUBLIC]
QUARRY_CONSUMERS = ["quarry_detail", "plan_blast", "monitoring_points", "account_balance"]
NEW_BLAST_CONSUMERS = ["set_charge_design", "file_document", "approve_design", "notify_neighbours",
                       "appoint_shotfirer", "set_exclusion_zone", "blast_detail"]
BLAST_CONSUMERS = ["record_drilling", "request_explosives", "record_loading", "place_monitor", "fire_blast",
                   "record_misfire", "sign_off_blast", "invoice_blast"]
_QUARRY = "id lookup/create: quarry (quarry_id of a find_quarry entry, or of add_quarry's quarry)"
_NEW_BLAST = "id lookup/create: blast (blast_id of plan_blast's blast, or of a blasts entry)"
_BLAST = "id lookup: blast (blast_id of a blasts entry)"
_REQUISITION = "id lookup/create: requisition (requisition_id of request_explosives, or of a requisitions entry)"
_SHOTFIRER = "id lookup: shotfirer (the first column of a shotfirers row)"

GROUND_TRUTH = (
    [("sign_in", c, _TOKEN) for c in TOKEN_CONSUMERS]
    + [("find_quarry|add_quarry", c, _QUARRY) for c in QUARRY_CONSUMERS]
    + [("plan_blast|blasts", c, _NEW_BLAST) for c in NEW_BLAST_CONSUMERS]
    + [("blasts", c, _BLAST) for c in BLAST_CONSUMERS]
    + [("request_explosives|requisitions", c, _REQUISITION) for c in ("authorise_requisition", "issue_explosives")]
    + [("shotfirers", c, _SHOTFIRER) for c in ("verify_shotfirer", "appoint_shotfirer")]
    + [
        ("issue_explosives", "return_explosives", "id create: explosives issue (issue_id of issue_explosives)"),
        ("record_misfire", "clear_misfire", "id create: misfire (misfire_id of record_misfire)"),
        ("place_monitor", "record_vibration", "id create: monitor (monitor_id of place_monitor)"),
        ("invoice_blast|invoices", "record_payment", "id lookup/create: invoice (invoice_id of invoice_blast, or of "
         "an invoices entry, with its amount from the same reply)"),
        ("explosive_products", "set_charge_design", "vocabulary: the product codes (the first column of an "
         "explosive_products row)"),
        ("delay_series", "set_charge_design", "vocabulary: the delay series codes (the first column of a "
         "delay_series row)"),
        ("monitoring_points", "place_monitor", "vocabulary: the monitoring point codes (the first column of a "
         "monitoring_points row)"),
        ("set_charge_design", "approve_design", "state: the blast's charge design set"),
        ("file_document", "approve_design", "document: the survey of the face on file"),
        ("approve_design", "record_drilling", "approval: the design approved by the explosives manager"),
        ("record_drilling", "request_explosives", "state: the blast's holes drilled"),
        ("authorise_requisition", "issue_explosives", "approval: the requisition authorised"),
        ("verify_shotfirer", "appoint_shotfirer", "vetting: the shotfirer's certificate verified in the last year"),
        ("issue_explosives", "record_loading", "state: the blast's explosives issued"),
        ("appoint_shotfirer", "record_loading", "state: a shotfirer appointed to the blast"),
        ("record_loading", "fire_blast", "state: the blast loaded"),
        ("set_exclusion_zone", "fire_blast", "setting: the exclusion zone and its sentries"),
        ("notify_neighbours", "fire_blast", "state: the neighbours notified"),
        ("place_monitor", "fire_blast", "state: a vibration monitor in place"),
        ("fire_blast", "record_misfire", "state: the blast fired"),
        ("fire_blast", "record_vibration", "state: the blast fired"),
        ("clear_misfire", "sign_off_blast", "state: the blast's misfires cleared"),
        ("record_vibration", "sign_off_blast", "state: every monitor read"),
        ("return_explosives", "sign_off_blast", "state: the explosives reconciled"),
        ("sign_off_blast", "invoice_blast", "state: the blast signed off"),
        ("record_payment", "plan_blast", "payment: the quarry's overdue invoice paid (off stop)"),
    ]
)

_DESIGNED = {(p, c) for ps, c, _ in GROUND_TRUTH for p in ps.split("|")}

# Real, direct prerequisites that are not designed (see README.md). (1) A reply that shows an id or a code to
# someone who did not give it, paired with the calls that take that kind of id or code and can accept one it shows:
# quarry ids (quarries found or added, a blast's quarry, an invoice's quarry), blast ids (the blasts list, a quarry's
# blasts, a requisition's blast, a new blast for the calls it can reach today), requisitions, explosives issues,
# monitors, misfires and a shotfirer on a blast's detail, monitoring points on a quarry's detail or a blast's
# monitors, invoices on a quarry's detail, product and delay codes on a blast and in the magazine. (2) A call whose
# effect a later call checks itself: holes drilled before loading, a blast fired before it is signed off.
_BLAST_TAKERS = tuple(NEW_BLAST_CONSUMERS + BLAST_CONSUMERS)
PLAUSIBLE = (
    {(r, c) for r in ("find_quarry", "add_quarry", "blasts", "blast_detail", "invoices")
     for c in QUARRY_CONSUMERS + ["blasts", "invoices"] if r != c}
    | {("quarry_detail", c) for c in _BLAST_TAKERS + ("blasts", "invoices", "place_monitor", "record_payment")}
    | {("plan_blast", c) for c in ("record_drilling", "request_explosives", "record_loading", "place_monitor")}
    | {("requisitions", c) for c in ("blast_detail", "file_document", "notify_neighbours", "appoint_shotfirer",
                                     "set_exclusion_zone", "record_loading", "place_monitor", "fire_blast",
                                     "record_misfire", "sign_off_blast", "invoice_blast")}
    | {("blast_detail", c) for c in ("authorise_requisition", "issue_explosives", "return_explosives",
                                     "record_vibration", "clear_misfire", "appoint_shotfirer", "place_monitor",
                                     "set_charge_design")}
    | {(r, "set_charge_design") for r in ("blasts", "magazine_stock")}
    | {("record_drilling", "record_loading"), ("fire_blast", "sign_off_blast")}
) - _DESIGNED
