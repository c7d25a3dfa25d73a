"""Touchmark: the hallmarking system of the Ashgate Assay Office (39 calls).

Coroutines over an in-memory ``State`` of an assay office on Wednesday 11 June 2053 at 09:00. Sponsors (the
manufacturers, retailers, importers and designer-makers whose work the office hallmarks) are registered at the
counter, have their identity checked by registrations, register a sponsor's mark, which the deputy warden approves,
and have laser artwork filed or hand punches cut for it; their registration is renewed each year. The counter takes
in parcels of articles under an approved mark and enters each lot of like articles with its declared standard of
fineness. Assayers draw a sample from each lot and record the result of its assay; a lot that reaches its standard
is marked in the marking room (by laser, by hand punch or on the press, with the Common Control Mark where the
parcel is for export), and a lot that falls short is reassayed once, broken, returned or reported to trading
standards. Certificates of analysis are issued for assayed lots. Accounts invoice each parcel once every lot in it
is dealt with, take payments and open credit accounts; the counter releases a parcel once its invoice is paid or
its sponsor trades on account. The deputy warden may do everything. The standards of fineness and the charges are
public.

Every tool is an ``async def`` without a decorator; each checks its own session and role through ``_staff(state,
token, *roles)``. Refusals are raised as ``AssayOfficeError``, the office's own exception class, whose ``code`` is
one of ``AO401`` (not signed in), ``AO403`` (the role may not make the call), ``AO404`` (an unknown id or code),
``AO422`` (a bad input), ``AO412`` (a rule of the office's) and ``AO409`` (a record in the wrong state, or a change
made already), written at the head of the message as ``AO409: ...``.

Annotations are evaluated at definition and spelled with ``typing`` (``Optional[str]``, ``List[str]``,
``List[float]``, ``List[List[Any]]``), with ``Literal`` aliases and ``Enum``s. Docstrings are numpy style
(``Parameters``, ``Returns``). Replies are pydantic models and lists of them (a session, sponsors, a sponsor's file
with its marks, parcels and invoices as rows, a registration, marks, artwork, parcels, a parcel's detail with its
lots as rows, lots, samples, a certificate, invoices, a credit account); the standards, the charges and the assay
queue as bare rows; a bare value (what is left to pay on an invoice); sentences with an id in them (punches ordered,
a mark suspended, a lot broken, returned or reported, a parcel withdrawn or released, a sign-out). Typed inputs:
plain ``Enum`` inputs (``IdDocument``, ``AssayMethod``), ``str`` ``Enum`` inputs (``SponsorKind``, ``Service``,
``PayMethod``), ``Literal`` inputs (a marking method, a certificate's purpose, a dispatch) and ``Literal`` filters
(parcels, invoices), ``List[str]`` charge codes, ``List[float]`` heights, ``bool`` settings, answers and a filter,
``int`` pieces and years, ``float`` weights, results, limits and amounts, ``Optional[str]`` details and filters. Ids
look alike: sponsor ``SP-1101``, mark ``SM-2201``, artwork ``AW-301``, parcel ``PCL-5301``, lot ``LOT-8801``,
sample ``S-44010``, certificate ``CA-0601``, invoice ``INV-9051``; standards ``AU750``; charge codes ``HM-AU``. The
shields a mark may take, the initials it may carry, the assay method each metal needs, the standards that take the
Common Control Mark, the lots the press takes, the artwork's file and heights, the credit limits, and the charges a
parcel must be invoiced for are stated only in refusals.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as provider means either
tool satisfies it, and the text of ``what`` before its first ``:`` is the kind.
"""

import datetime
import re
from enum import Enum
from typing import Any, Dict, List, Literal, Optional, Tuple

from pydantic import BaseModel

TODAY = "2053-06-11"  # a Wednesday
NOW = "2053-06-11 09:00"
COUNTER = "counter"
ASSAYER = "assayer"
MARKER = "marker"
REGISTRATIONS = "registrations"
ACCOUNTS = "accounts"
WARDEN = "deputy_warden"
MarkMethod = Literal["laser", "hand", "press"]
Purpose = Literal["export", "valuation", "sponsor_records"]
Dispatch = Literal["collect", "courier"]
ParcelStatus = Literal["received", "invoiced", "dispatched", "withdrawn"]
InvoiceStatus = Literal["unpaid", "paid"]


class SponsorKind(str, Enum):
    MANUFACTURER = "manufacturer"
    RETAILER = "retailer"
    IMPORTER = "importer"
    DESIGNER_MAKER = "designer_maker"


class IdDocument(Enum):
    PASSPORT = "passport"
    DRIVING_LICENCE = "driving_licence"
    NATIONAL_ID = "national_id"


class Service(str, Enum):
    STANDARD = "standard"
    EXPRESS = "express"
    SAME_DAY = "same_day"


class AssayMethod(Enum):
    XRF = "xrf"
    CUPELLATION = "cupellation"
    TITRATION = "titration"
    ICP_OES = "icp_oes"


class PayMethod(str, Enum):
    CARD = "card"
    BACS = "bacs"
    CHEQUE = "cheque"


class AssayOfficeError(Exception):
    """A refusal of the assay office's: ``code`` is AO401, AO403, AO404, AO422, AO412 or AO409."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code


def _fail(code: str, message: str) -> AssayOfficeError:
    return AssayOfficeError(code, message)


# --------------------------------------------------------------------------- replies


class Session(BaseModel):
    token: str
    name: str
    role: str
    signed_in: str


class Sponsor(BaseModel):
    sponsor_id: str
    company: str
    kind: str
    address: str
    postcode: str
    phone: Optional[str]
    email: Optional[str]
    identity_checked: bool
    registered_until: str
    credit_limit: Optional[float]


class SponsorFile(Sponsor):
    marks: List[List[Any]]
    parcels: List[List[Any]]
    invoices: List[List[Any]]


class Registration(BaseModel):
    sponsor_id: str
    company: str
    registered_until: str
    fee_paid: float
    method: str


class Mark(BaseModel):
    mark_id: str
    sponsor_id: str
    sponsor: str
    initials: str
    shield: str
    mark_status: str
    laser_artwork: Optional[str]
    punches: bool


class Artwork(BaseModel):
    artwork_id: str
    mark_id: str
    file_name: str
    heights_mm: List[float]
    filed_on: str


class Parcel(BaseModel):
    parcel_id: str
    sponsor_id: str
    sponsor: str
    mark_id: str
    service: str
    received_on: str
    parcel_status: str
    convention_marking: bool
    lot_count: int


class ParcelDetail(Parcel):
    lots: List[List[Any]]


class Lot(BaseModel):
    lot_id: str
    parcel_id: str
    description: str
    standard: str
    pieces: int
    weight_g: float
    lot_status: str
    assay_result: Optional[float]
    marks_struck: List[str]


class Sample(BaseModel):
    sample_id: str
    lot_id: str
    standard: str
    method: str
    drawn_on: str
    result_ppt: Optional[float]
    verdict: Optional[str]


class Certificate(BaseModel):
    certificate_id: str
    lot_id: str
    sample_id: str
    standard: str
    result_ppt: float
    purpose: str
    issued_on: str


class Invoice(BaseModel):
    invoice_id: str
    parcel_id: str
    sponsor_id: str
    lines: List[List[Any]]
    amount: float
    paid: float
    balance: float
    invoice_status: str


class CreditAccount(BaseModel):
    sponsor_id: str
    company: str
    credit_limit: float
    approved_by: str
    opened_on: str


# --------------------------------------------------------------------------- the office's public lists

STANDARDS = [  # code, metal, fineness (parts per thousand), name
    ["AU375", "gold", 375, "9 carat gold"], ["AU585", "gold", 585, "14 carat gold"],
    ["AU750", "gold", 750, "18 carat gold"], ["AU916", "gold", 916, "22 carat gold"],
    ["AU990", "gold", 990, "gold 990"], ["AU999", "gold", 999, "fine gold"],
    ["AG800", "silver", 800, "silver 800"], ["AG925", "silver", 925, "sterling silver"],
    ["AG958", "silver", 958, "Britannia silver"], ["AG999", "silver", 999, "fine silver"],
    ["PT850", "platinum", 850, "platinum 850"], ["PT900", "platinum", 900, "platinum 900"],
    ["PT950", "platinum", 950, "platinum 950"], ["PT999", "platinum", 999, "fine platinum"],
    ["PD500", "palladium", 500, "palladium 500"], ["PD950", "palladium", 950, "palladium 950"],
    ["PD999", "palladium", 999, "fine palladium"],
]
STANDARD = {code: (metal, fineness) for code, metal, fineness, _ in STANDARDS}
CCM_STANDARDS = ("AU375", "AU585", "AU750", "AU916", "AG800", "AG925", "PT850", "PT900", "PT950", "PD500", "PD950")
METHODS = {"gold": ("cupellation", "icp_oes"), "silver": ("titration", "icp_oes"), "platinum": ("icp_oes",),
           "palladium": ("icp_oes",)}
CHARGES = [  # code, description, price in pounds, per
    ["HM-AU", "Hallmarking, gold", 0.95, "article"], ["HM-AG", "Hallmarking, silver", 0.45, "article"],
    ["HM-PT", "Hallmarking, platinum", 1.4, "article"], ["HM-PD", "Hallmarking, palladium", 1.2, "article"],
    ["LSR", "Laser marking supplement", 0.35, "article"], ["CCM", "Common Control Mark", 0.6, "article"],
    ["EXP", "Express service", 25.0, "parcel"], ["SDY", "Same-day service", 60.0, "parcel"],
    ["CERT", "Certificate of analysis", 38.0, "certificate"],
]
PRICE = {code: price for code, _, price, _ in CHARGES}
METAL_CHARGE = {"gold": "HM-AU", "silver": "HM-AG", "platinum": "HM-PT", "palladium": "HM-PD"}
REGISTRATION_FEE = 95.0
SHIELDS = ("oval", "rectangle", "cut_corners", "cartouche")
DATE_LETTER = "k"  # the office's date letter for 2053
OFFICE_MARK = "wheatsheaf"


def _lot(parcel: str, description: str, standard: str, pieces: int, weight: float, status: str,
         **more: Any) -> Dict[str, Any]:
    row = {"parcel": parcel, "description": description, "standard": standard, "pieces": pieces, "weight": weight,
           "status": status, "result": None, "marks": [], "method": None, "reassayed": False, "reported": False}
    row.update(more)
    return row


class State:
    """The Ashgate Assay Office on Wednesday 11 June 2053 at 09:00."""

    def __init__(self) -> None:
        self.staff = {
            "eulalie.w": {"name": "Eulalie Winstanley", "password": "Parcel-Docket-38", "role": COUNTER},
            "quintus.t": {"name": "Quintus Tregarth", "password": "Cupel-Button-51", "role": ASSAYER},
            "isaura.b": {"name": "Isaura Beddoe", "password": "Date-Letter-74", "role": MARKER},
            "mederic.l": {"name": "Mederic Loosemore", "password": "Shield-Punch-26", "role": REGISTRATIONS},
            "corisande.e": {"name": "Corisande Etheridge", "password": "Ledger-Balance-63", "role": ACCOUNTS},
            "augustina.h": {"name": "Augustina Heald", "password": "Touchstone-Warden-90", "role": WARDEN},
        }
        self.sessions: Dict[str, Dict[str, Any]] = {}
        self.sponsors: Dict[str, Dict[str, Any]] = {
            "SP-1101": {"company": "Rookwood & Quell Ltd", "kind": "manufacturer",
                        "address": "Unit 4, Gullet Works, Burnisher Lane, Ashgate", "postcode": "AS3 7FL",
                        "phone": "0161 496 0231", "email": "office@rookwoodquell.example", "identity": True,
                        "until": "2054-03-31", "credit": [5000.0, "Augustina Heald", "2051-09-01"]},
            "SP-1102": {"company": "Teodora Vask Jewellery", "kind": "designer_maker",
                        "address": "2 Quench Yard, Ashgate", "postcode": "AS1 2CY", "phone": "07700 900142",
                        "email": None, "identity": True, "until": "2054-01-31", "credit": None},
            "SP-1103": {"company": "Gilt Reliquary Imports", "kind": "importer",
                        "address": "Bonded Shed 9, Bascule Road, Ashgate", "postcode": "AS9 4TR",
                        "phone": "0161 496 0587", "email": "customs@giltreliquary.example", "identity": True,
                        "until": "2053-05-31", "credit": None},
            "SP-1104": {"company": "Ondine Larkworth", "kind": "designer_maker",
                        "address": "The Old Pinfold, Pellam Street, Ashgate", "postcode": "AS2 6PS",
                        "phone": "07700 900263", "email": "ondine@larkworthsilver.example", "identity": False,
                        "until": "2054-05-31", "credit": None},
        }
        self.marks: Dict[str, Dict[str, Any]] = {
            "SM-2201": {"sponsor": "SP-1101", "initials": "R&Q", "shield": "oval", "status": "approved",
                        "artwork": "AW-301", "punches": True, "by": "mederic.l"},
            "SM-2205": {"sponsor": "SP-1102", "initials": "TV", "shield": "rectangle", "status": "approved",
                        "artwork": None, "punches": True, "by": "mederic.l"},
            "SM-2208": {"sponsor": "SP-1103", "initials": "GRI", "shield": "cut_corners", "status": "approved",
                        "artwork": "AW-305", "punches": False, "by": "mederic.l"},
            "SM-2209": {"sponsor": "SP-1101", "initials": "RQ", "shield": "cartouche", "status": "pending",
                        "artwork": None, "punches": False, "by": "mederic.l"},
        }
        self.artwork: Dict[str, List[Any]] = {  # id: [mark, file, heights, filed]
            "AW-301": ["SM-2201", "rookwood-quell-oval.dxf", [0.6, 1.0, 1.5], "2051-09-03"],
            "AW-305": ["SM-2208", "gri-cutcorner.svg", [0.8, 1.2], "2052-02-14"],
        }
        self.parcels: Dict[str, Dict[str, Any]] = {
            "PCL-5298": {"sponsor": "SP-1102", "mark": "SM-2205", "service": "standard", "received": "2053-06-02",
                         "status": "dispatched", "ccm": False},
            "PCL-5299": {"sponsor": "SP-1101", "mark": "SM-2201", "service": "standard", "received": "2053-06-05",
                         "status": "invoiced", "ccm": False},
            "PCL-5300": {"sponsor": "SP-1102", "mark": "SM-2205", "service": "express", "received": "2053-06-06",
                         "status": "invoiced", "ccm": False},
            "PCL-5301": {"sponsor": "SP-1101", "mark": "SM-2201", "service": "standard", "received": "2053-06-09",
                         "status": "received", "ccm": False},
            "PCL-5302": {"sponsor": "SP-1102", "mark": "SM-2205", "service": "express", "received": "2053-06-10",
                         "status": "received", "ccm": False},
            "PCL-5303": {"sponsor": "SP-1103", "mark": "SM-2208", "service": "standard", "received": "2053-06-04",
                         "status": "received", "ccm": False},
        }
        self.lots: Dict[str, Dict[str, Any]] = {
            "LOT-8790": _lot("PCL-5298", "Sterling silver napkin rings", "AG925", 8, 212.0, "marked", result=925.8,
                             marks=["TV", "925", OFFICE_MARK, "k"], method="hand"),
            "LOT-8794": _lot("PCL-5299", "18 carat signet rings", "AU750", 50, 310.5, "marked", result=750.9,
                             marks=["R&Q", "750", OFFICE_MARK, "k"], method="press"),
            "LOT-8796": _lot("PCL-5300", "Sterling silver cufflinks", "AG925", 20, 164.0, "marked", result=927.0,
                             marks=["TV", "925", OFFICE_MARK, "k"], method="hand"),
            "LOT-8801": _lot("PCL-5301", "18 carat wedding bands", "AU750", 24, 98.4, "assay_passed", result=751.2),
            "LOT-8802": _lot("PCL-5301", "9 carat pendants", "AU375", 40, 61.0, "awaiting_assay"),
            "LOT-8804": _lot("PCL-5302", "Sterling silver bangles", "AG925", 12, 288.0, "awaiting_assay"),
            "LOT-8806": _lot("PCL-5303", "14 carat curb chains", "AU585", 30, 141.0, "assay_failed", result=578.0),
            "LOT-8807": _lot("PCL-5303", "Sterling silver hoop earrings", "AG925", 60, 96.0, "marked", result=926.1,
                             marks=["GRI", "925", OFFICE_MARK, "k"], method="laser"),
        }
        self.samples: Dict[str, Dict[str, Any]] = {
            "S-44002": {"lot": "LOT-8806", "method": "cupellation", "drawn": "2053-06-05", "result": 578.0},
            "S-44003": {"lot": "LOT-8807", "method": "titration", "drawn": "2053-06-05", "result": 926.1},
            "S-44005": {"lot": "LOT-8801", "method": "cupellation", "drawn": "2053-06-10", "result": 751.2},
            "S-44010": {"lot": "LOT-8804", "method": "titration", "drawn": "2053-06-10", "result": None},
        }
        self.certificates: Dict[str, Dict[str, Any]] = {}
        self.invoices: Dict[str, Dict[str, Any]] = {
            "INV-9050": {"parcel": "PCL-5298", "lines": [["HM-AG", 8, 3.6]], "paid": 3.6},
            "INV-9051": {"parcel": "PCL-5299", "lines": [["HM-AU", 50, 47.5]], "paid": 0.0},
            "INV-9052": {"parcel": "PCL-5300", "lines": [["HM-AG", 20, 9.0], ["EXP", 1, 25.0]], "paid": 0.0},
        }
        self.counters = {"sponsor": 1105, "mark": 2210, "artwork": 306, "parcel": 5304, "lot": 8808,
                         "sample": 44011, "certificate": 601, "invoice": 9053, "punches": 71, "dispatch": 3301,
                         "referral": 18}


# --------------------------------------------------------------------------- helpers


def _staff(state: Any, token: Any, *roles: str) -> Dict[str, Any]:
    session = state.sessions.get(token) if isinstance(token, str) else None
    if session is None:
        raise _fail("AO401", "not signed in, or the session has ended; sign in first")
    if roles and session["role"] != WARDEN and session["role"] not in roles:
        raise _fail("AO403", f"{session['name']} ({session['role']}) may not do this")
    return session


def _next(state: State, kind: str) -> int:
    n = state.counters[kind]
    state.counters[kind] = n + 1
    return n


def _blank(value: Any) -> bool:
    return not isinstance(value, str) or not value.strip()


def _get(table: Dict[str, Any], key: Any, what: str) -> Any:
    row = table.get(key) if isinstance(key, str) else None
    if row is None:
        raise _fail("AO404", f"no {what} {key!r}")
    return row


def _enum(kind: type, value: Any, name: str) -> Any:
    try:
        return value if isinstance(value, kind) else kind(value)
    except ValueError:
        raise _fail("AO422", f"{name} is one of {', '.join(m.value for m in kind)}, not {value!r}") from None


def _choice(value: Any, allowed: Tuple[str, ...], name: str) -> str:
    if value not in allowed:
        raise _fail("AO422", f"{name} is one of {', '.join(allowed)}, not {value!r}")
    return value


def _number(value: Any) -> bool:
    return not isinstance(value, bool) and isinstance(value, (int, float))


def _whole(value: Any) -> bool:
    return not isinstance(value, bool) and isinstance(value, int)


def _text(value: str) -> str:
    return " ".join(value.split())


def _sponsor(state: State, sid: str) -> Sponsor:
    s = state.sponsors[sid]
    return Sponsor(sponsor_id=sid, company=s["company"], kind=s["kind"], address=s["address"],
                   postcode=s["postcode"], phone=s["phone"], email=s["email"], identity_checked=s["identity"],
                   registered_until=s["until"], credit_limit=s["credit"][0] if s["credit"] else None)


def _mark(state: State, mid: str) -> Mark:
    m = state.marks[mid]
    return Mark(mark_id=mid, sponsor_id=m["sponsor"], sponsor=state.sponsors[m["sponsor"]]["company"],
                initials=m["initials"], shield=m["shield"], mark_status=m["status"], laser_artwork=m["artwork"],
                punches=m["punches"])


def _parcel_lots(state: State, pid: str) -> List[str]:
    return sorted(lid for lid, lot in state.lots.items() if lot["parcel"] == pid)


def _parcel(state: State, pid: str) -> Parcel:
    p = state.parcels[pid]
    return Parcel(parcel_id=pid, sponsor_id=p["sponsor"], sponsor=state.sponsors[p["sponsor"]]["company"],
                  mark_id=p["mark"], service=p["service"], received_on=p["received"], parcel_status=p["status"],
                  convention_marking=p["ccm"], lot_count=len(_parcel_lots(state, pid)))


def _lot_reply(state: State, lid: str) -> Lot:
    lot = state.lots[lid]
    return Lot(lot_id=lid, parcel_id=lot["parcel"], description=lot["description"], standard=lot["standard"],
               pieces=lot["pieces"], weight_g=lot["weight"], lot_status=lot["status"], assay_result=lot["result"],
               marks_struck=list(lot["marks"]))


def _sample(state: State, sid: str) -> Sample:
    s = state.samples[sid]
    standard = state.lots[s["lot"]]["standard"]
    verdict = None
    if s["result"] is not None:
        verdict = "pass" if s["result"] >= STANDARD[standard][1] else "fail"
    return Sample(sample_id=sid, lot_id=s["lot"], standard=standard, method=s["method"], drawn_on=s["drawn"],
                  result_ppt=s["result"], verdict=verdict)


def _invoice(state: State, iid: str) -> Invoice:
    inv = state.invoices[iid]
    amount = round(sum(line[2] for line in inv["lines"]), 2)
    balance = round(amount - inv["paid"], 2)
    return Invoice(invoice_id=iid, parcel_id=inv["parcel"], sponsor_id=state.parcels[inv["parcel"]]["sponsor"],
                   lines=[list(line) for line in inv["lines"]], amount=amount, paid=round(inv["paid"], 2),
                   balance=balance, invoice_status="paid" if balance <= 0 else "unpaid")


def _heights(value: Any) -> List[float]:
    if not isinstance(value, list) or not value or not all(_number(h) for h in value):
        raise _fail("AO422", "heights_mm is a list of heights in millimetres")
    if any(h < 0.5 or h > 3.0 for h in value):
        raise _fail("AO412", "a mark is struck from 0.5 mm to 3.0 mm high")
    return sorted(float(h) for h in value)


# --------------------------------------------------------------------------- sessions and public lists


async def sign_in(state: State, username: str, password: str) -> Session:
    """Sign in to the assay office's system.

    Parameters
    ----------
    username : str
        The member of staff's user name, such as ``eulalie.w``.
    password : str
        Their password.

    Returns
    -------
    Session
        The session: ``token`` (every call but ``sign_in``, ``fineness_standards`` and ``charges`` needs it),
        ``name``, ``role`` and ``signed_in``.
    """
    user = state.staff.get(username) if isinstance(username, str) else None
    if user is None or user["password"] != password:
        raise _fail("AO401", "unknown user name or wrong password")
    token = f"aao-{username}-{len(state.sessions) + 1}"
    state.sessions[token] = {"username": username, **user}
    return Session(token=token, name=user["name"], role=user["role"], signed_in=NOW)


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
    _staff(state, token)
    who = state.sessions.pop(token)["name"]
    return f"{who} signed out at {NOW[11:]}."


async def fineness_standards() -> List[List[Any]]:
    """The standards of fineness the office hallmarks, public and needing no session.

    Returns
    -------
    list of list
        Rows of ``[standard code, metal, fineness in parts per thousand, name]``; a lot is entered under one of
        these codes.
    """
    return [list(s) for s in STANDARDS]


async def charges() -> List[List[Any]]:
    """The office's charges, public and needing no session.

    Returns
    -------
    list of list
        Rows of ``[charge code, description, price in pounds, charged per]``; an invoice names its lines by these
        codes.
    """
    return [list(c) for c in CHARGES]


# --------------------------------------------------------------------------- sponsors


async def find_sponsor(state: State, token: str, name: str) -> List[Sponsor]:
    """Find sponsors by company or trading name (any part of it, any case).

    Parameters
    ----------
    token : str
        The session token.
    name : str
        Part of the sponsor's name.

    Returns
    -------
    list of Sponsor
        The matching sponsors by id, with whether their identity is checked, the date their registration runs to
        and their credit limit, if they trade on account.
    """
    _staff(state, token)
    if _blank(name):
        raise _fail("AO422", "name is required")
    text = name.strip().lower()
    return [_sponsor(state, sid) for sid, s in sorted(state.sponsors.items()) if text in s["company"].lower()]


async def register_sponsor(state: State, token: str, company: str, kind: SponsorKind, address: str, postcode: str,
                           phone: str, email: Optional[str] = None) -> Sponsor:
    """Register a new sponsor with the office, for a year from today.

    Parameters
    ----------
    token : str
        The session token (the counter).
    company : str
        The company or trading name.
    kind : SponsorKind
        ``manufacturer``, ``retailer``, ``importer`` or ``designer_maker``.
    address : str
        The sponsor's address.
    postcode : str
        Its postcode.
    phone : str
        A phone number.
    email : str, optional
        An e-mail address.

    Returns
    -------
    Sponsor
        The sponsor, whose identity is still to be checked.
    """
    _staff(state, token, COUNTER)
    what = _enum(SponsorKind, kind, "kind").value
    if any(_blank(v) for v in (company, address, postcode, phone)):
        raise _fail("AO422", "company, address, postcode and phone are required")
    if any(s["company"].lower() == _text(company).lower() for s in state.sponsors.values()):
        raise _fail("AO409", f"{_text(company)} is registered already")
    sid = f"SP-{_next(state, 'sponsor')}"
    year = datetime.date.fromisoformat(TODAY)
    state.sponsors[sid] = {"company": _text(company), "kind": what, "address": address.strip(),
                           "postcode": postcode.strip().upper(), "phone": phone.strip(),
                           "email": email.strip() if isinstance(email, str) and email.strip() else None,
                           "identity": False, "until": year.replace(year=year.year + 1).isoformat(), "credit": None}
    return _sponsor(state, sid)


async def sponsor_file(state: State, token: str, sponsor_id: str) -> SponsorFile:
    """A sponsor's whole file.

    Parameters
    ----------
    token : str
        The session token.
    sponsor_id : str
        The sponsor, such as ``SP-1101``.

    Returns
    -------
    SponsorFile
        The sponsor with its marks as rows of ``[mark id, initials, shield, status]``, its parcels as rows of
        ``[parcel id, received, status]`` and its invoices as rows of ``[invoice id, parcel id, amount, balance]``.
    """
    _staff(state, token)
    _get(state.sponsors, sponsor_id, "sponsor")
    marks = [[mid, m["initials"], m["shield"], m["status"]] for mid, m in sorted(state.marks.items())
             if m["sponsor"] == sponsor_id]
    parcels = [[pid, p["received"], p["status"]] for pid, p in sorted(state.parcels.items())
               if p["sponsor"] == sponsor_id]
    invs = [_invoice(state, iid) for iid in sorted(state.invoices)]
    rows = [[i.invoice_id, i.parcel_id, i.amount, i.balance] for i in invs if i.sponsor_id == sponsor_id]
    return SponsorFile(**_sponsor(state, sponsor_id).model_dump(), marks=marks, parcels=parcels, invoices=rows)


async def update_sponsor_contact(state: State, token: str, sponsor_id: str, phone: str,
                                 email: Optional[str] = None) -> Sponsor:
    """Change a sponsor's phone number and e-mail address.

    Parameters
    ----------
    token : str
        The session token (the counter or registrations).
    sponsor_id : str
        The sponsor.
    phone : str
        The new phone number.
    email : str, optional
        The new e-mail address (none clears it).

    Returns
    -------
    Sponsor
        The sponsor.
    """
    _staff(state, token, COUNTER, REGISTRATIONS)
    s = _get(state.sponsors, sponsor_id, "sponsor")
    if _blank(phone):
        raise _fail("AO422", "phone is required")
    mail = email.strip() if isinstance(email, str) and email.strip() else None
    if s["phone"] == phone.strip() and s["email"] == mail:
        raise _fail("AO409", f"{s['company']} has those contact details already")
    s["phone"], s["email"] = phone.strip(), mail
    return _sponsor(state, sponsor_id)


async def check_identity(state: State, token: str, sponsor_id: str, director: str, document: IdDocument,
                         document_number: str) -> Sponsor:
    """Record that a sponsor's identity was checked against a director's or the proprietor's document.

    Parameters
    ----------
    token : str
        The session token (registrations).
    sponsor_id : str
        The sponsor.
    director : str
        The director or proprietor whose document was seen.
    document : IdDocument
        ``passport``, ``driving_licence`` or ``national_id``.
    document_number : str
        The document's number.

    Returns
    -------
    Sponsor
        The sponsor, its identity checked.
    """
    _staff(state, token, REGISTRATIONS)
    s = _get(state.sponsors, sponsor_id, "sponsor")
    _enum(IdDocument, document, "document")
    if _blank(director) or _blank(document_number):
        raise _fail("AO422", "director and document_number are required")
    if s["identity"]:
        raise _fail("AO409", f"{s['company']}'s identity is checked already")
    s["identity"] = True
    return _sponsor(state, sponsor_id)


async def renew_registration(state: State, token: str, sponsor_id: str, years: int, method: PayMethod) -> Registration:
    """Renew a sponsor's registration, taking the fee of 95 pounds a year.

    Parameters
    ----------
    token : str
        The session token (the counter or accounts).
    sponsor_id : str
        The sponsor.
    years : int
        How many years, from 1 to 3.
    method : PayMethod
        ``card``, ``bacs`` or ``cheque``.

    Returns
    -------
    Registration
        The sponsor, the date its registration now runs to, the fee paid and how.
    """
    _staff(state, token, COUNTER, ACCOUNTS)
    s = _get(state.sponsors, sponsor_id, "sponsor")
    how = _enum(PayMethod, method, "method").value
    if not _whole(years) or not 1 <= years <= 3:
        raise _fail("AO422", "years is 1, 2 or 3")
    start = datetime.date.fromisoformat(max(s["until"], TODAY))
    if s["until"] > TODAY and (datetime.date.fromisoformat(s["until"]) - datetime.date.fromisoformat(TODAY)).days > 92:
        raise _fail("AO409", f"{s['company']} is registered to {s['until']} already; renew in its last three months")
    s["until"] = start.replace(year=start.year + years).isoformat()
    return Registration(sponsor_id=sponsor_id, company=s["company"], registered_until=s["until"],
                        fee_paid=REGISTRATION_FEE * years, method=how)


async def open_credit_account(state: State, token: str, sponsor_id: str, credit_limit: float,
                              approved_by: str) -> CreditAccount:
    """Let a sponsor trade on account: its parcels are released before their invoices are paid, up to a limit.

    Parameters
    ----------
    token : str
        The session token (accounts).
    sponsor_id : str
        The sponsor.
    credit_limit : float
        The most it may owe, in pounds.
    approved_by : str
        Who approved the account.

    Returns
    -------
    CreditAccount
        The account.
    """
    _staff(state, token, ACCOUNTS)
    s = _get(state.sponsors, sponsor_id, "sponsor")
    if not _number(credit_limit) or _blank(approved_by):
        raise _fail("AO422", "credit_limit is an amount in pounds and approved_by is required")
    if s["credit"] is not None:
        raise _fail("AO409", f"{s['company']} trades on account already")
    if not s["identity"]:
        raise _fail("AO412", f"{s['company']}'s identity has not been checked")
    if not 500 <= credit_limit <= 20000:
        raise _fail("AO412", "a credit limit is from 500 to 20,000 pounds")
    s["credit"] = [float(credit_limit), _text(approved_by), TODAY]
    return CreditAccount(sponsor_id=sponsor_id, company=s["company"], credit_limit=float(credit_limit),
                         approved_by=_text(approved_by), opened_on=TODAY)


# --------------------------------------------------------------------------- sponsors' marks


async def register_mark(state: State, token: str, sponsor_id: str, initials: str, shield: str) -> Mark:
    """Register a sponsor's mark: its initials in a shield, to be approved by the deputy warden.

    Parameters
    ----------
    token : str
        The session token (registrations).
    sponsor_id : str
        The sponsor.
    initials : str
        The initials the mark carries.
    shield : str
        The shape of the shield around them.

    Returns
    -------
    Mark
        The mark, pending approval.
    """
    me = _staff(state, token, REGISTRATIONS)
    s = _get(state.sponsors, sponsor_id, "sponsor")
    if _blank(initials) or _blank(shield):
        raise _fail("AO422", "initials and shield are required")
    letters = initials.strip().upper()
    if not re.fullmatch(r"[A-Z][A-Z&]{0,4}", letters):
        raise _fail("AO422", "initials are one to five capital letters, with & between them if wanted")
    shape = shield.strip().lower()
    if shape not in SHIELDS:
        raise _fail("AO422", f"a shield is one of {', '.join(SHIELDS)}")
    if not s["identity"]:
        raise _fail("AO412", f"{s['company']}'s identity has not been checked")
    if any(m["initials"] == letters and m["shield"] == shape and m["status"] != "suspended"
           for m in state.marks.values()):
        raise _fail("AO409", f"{letters} in a {shape} shield is registered already")
    mid = f"SM-{_next(state, 'mark')}"
    state.marks[mid] = {"sponsor": sponsor_id, "initials": letters, "shield": shape, "status": "pending",
                        "artwork": None, "punches": False, "by": me["username"]}
    return _mark(state, mid)


async def find_mark(state: State, token: str, initials: str) -> List[Mark]:
    """Find sponsors' marks by their initials.

    Parameters
    ----------
    token : str
        The session token.
    initials : str
        The initials, such as ``R&Q``.

    Returns
    -------
    list of Mark
        The marks with those initials, with their sponsor, shield, status, laser artwork and punches.
    """
    _staff(state, token)
    if _blank(initials):
        raise _fail("AO422", "initials are required")
    letters = initials.strip().upper()
    return [_mark(state, mid) for mid, m in sorted(state.marks.items()) if m["initials"] == letters]


async def approve_mark(state: State, token: str, mark_id: str) -> Mark:
    """Approve a pending sponsor's mark.

    Parameters
    ----------
    token : str
        The session token (the deputy warden).
    mark_id : str
        The mark.

    Returns
    -------
    Mark
        The mark, approved.
    """
    me = _staff(state, token, WARDEN)
    m = _get(state.marks, mark_id, "mark")
    if m["status"] != "pending":
        raise _fail("AO409", f"{mark_id} is {m['status']} already")
    if m["by"] == me["username"]:
        raise _fail("AO412", "a mark is approved by someone other than the one who registered it")
    m["status"] = "approved"
    return _mark(state, mark_id)


async def upload_laser_artwork(state: State, token: str, mark_id: str, file_name: str,
                               heights_mm: List[float]) -> Artwork:
    """File the artwork the laser strikes an approved mark from.

    Parameters
    ----------
    token : str
        The session token (registrations).
    mark_id : str
        The mark.
    file_name : str
        The artwork file's name.
    heights_mm : list of float
        The heights the mark is struck at, in millimetres.

    Returns
    -------
    Artwork
        The artwork filed.
    """
    _staff(state, token, REGISTRATIONS)
    m = _get(state.marks, mark_id, "mark")
    if _blank(file_name):
        raise _fail("AO422", "file_name is required")
    name = file_name.strip()
    heights = _heights(heights_mm)
    if not name.lower().endswith((".dxf", ".svg")):
        raise _fail("AO412", "the laser takes artwork as a .dxf or .svg file")
    if m["status"] != "approved":
        raise _fail("AO409", f"{mark_id} is {m['status']}; artwork is filed for an approved mark")
    if m["artwork"] and state.artwork[m["artwork"]][1] == name:
        raise _fail("AO409", f"{name} is on file for {mark_id} already")
    aid = f"AW-{_next(state, 'artwork')}"
    state.artwork[aid] = [mark_id, name, heights, TODAY]
    m["artwork"] = aid
    return Artwork(artwork_id=aid, mark_id=mark_id, file_name=name, heights_mm=heights, filed_on=TODAY)


async def order_punches(state: State, token: str, mark_id: str, heights_mm: List[float]) -> str:
    """Have the engraver cut hand punches for an approved mark.

    Parameters
    ----------
    token : str
        The session token (registrations).
    mark_id : str
        The mark.
    heights_mm : list of float
        The heights of the punches, in millimetres.

    Returns
    -------
    str
        A sentence with the punch order's number.
    """
    _staff(state, token, REGISTRATIONS)
    m = _get(state.marks, mark_id, "mark")
    heights = _heights(heights_mm)
    if m["status"] != "approved":
        raise _fail("AO409", f"{mark_id} is {m['status']}; punches are cut for an approved mark")
    if m["punches"]:
        raise _fail("AO409", f"{mark_id} has punches already")
    m["punches"] = True
    sizes = " and ".join(f"{h:g} mm" for h in heights)
    return f"Punches for {m['initials']} ({mark_id}) cut in {sizes}: order PO-{_next(state, 'punches'):04d}."


async def suspend_mark(state: State, token: str, mark_id: str, reason: str) -> str:
    """Suspend a sponsor's mark; no parcel is taken in or marked under it while suspended.

    Parameters
    ----------
    token : str
        The session token (the deputy warden).
    mark_id : str
        The mark.
    reason : str
        Why.

    Returns
    -------
    str
        A sentence saying so.
    """
    _staff(state, token, WARDEN)
    m = _get(state.marks, mark_id, "mark")
    if _blank(reason):
        raise _fail("AO422", "reason is required")
    if m["status"] == "suspended":
        raise _fail("AO409", f"{mark_id} is suspended already")
    m["status"] = "suspended"
    return f"Suspended {m['initials']} ({mark_id}) of {state.sponsors[m['sponsor']]['company']}: {reason.strip()}"


# --------------------------------------------------------------------------- parcels and lots


async def receive_parcel(state: State, token: str, sponsor_id: str, mark_id: str, service: Service,
                         handed_in_by: str) -> Parcel:
    """Take in a sponsor's parcel of articles to be hallmarked under one of its approved marks.

    Parameters
    ----------
    token : str
        The session token (the counter).
    sponsor_id : str
        The sponsor.
    mark_id : str
        The sponsor's mark the articles are to be struck with.
    service : Service
        ``standard``, ``express`` or ``same_day``.
    handed_in_by : str
        Who brought it.

    Returns
    -------
    Parcel
        The parcel, received, with no lots yet.
    """
    _staff(state, token, COUNTER)
    s = _get(state.sponsors, sponsor_id, "sponsor")
    m = _get(state.marks, mark_id, "mark")
    how = _enum(Service, service, "service").value
    if _blank(handed_in_by):
        raise _fail("AO422", "handed_in_by is required")
    if m["sponsor"] != sponsor_id:
        raise _fail("AO412", f"{mark_id} is not {s['company']}'s mark")
    if m["status"] != "approved":
        raise _fail("AO409", f"{mark_id} is {m['status']}; parcels are taken in under an approved mark")
    if s["until"] < TODAY:
        raise _fail("AO412", f"{s['company']}'s registration lapsed on {s['until']}; renew it first")
    pid = f"PCL-{_next(state, 'parcel')}"
    state.parcels[pid] = {"sponsor": sponsor_id, "mark": mark_id, "service": how, "received": TODAY,
                          "status": "received", "ccm": False}
    return _parcel(state, pid)


async def parcels(state: State, token: str, status: Optional[ParcelStatus] = None,
                  sponsor_id: Optional[str] = None) -> List[Parcel]:
    """List parcels, oldest first.

    Parameters
    ----------
    token : str
        The session token.
    status : {'received', 'invoiced', 'dispatched', 'withdrawn'}, optional
        Only parcels in this state.
    sponsor_id : str, optional
        Only this sponsor's parcels.

    Returns
    -------
    list of Parcel
        The parcels.
    """
    _staff(state, token)
    if status is not None:
        _choice(status, ("received", "invoiced", "dispatched", "withdrawn"), "status")
    return [_parcel(state, pid) for pid, p in sorted(state.parcels.items())
            if (status is None or p["status"] == status) and (sponsor_id is None or p["sponsor"] == sponsor_id)]


async def parcel_detail(state: State, token: str, parcel_id: str) -> ParcelDetail:
    """A parcel and its lots.

    Parameters
    ----------
    token : str
        The session token.
    parcel_id : str
        The parcel, such as ``PCL-5301``.

    Returns
    -------
    ParcelDetail
        The parcel with its lots as rows of ``[lot id, description, standard, pieces, status]``.
    """
    _staff(state, token)
    _get(state.parcels, parcel_id, "parcel")
    rows = [[lid, state.lots[lid]["description"], state.lots[lid]["standard"], state.lots[lid]["pieces"],
             state.lots[lid]["status"]] for lid in _parcel_lots(state, parcel_id)]
    return ParcelDetail(**_parcel(state, parcel_id).model_dump(), lots=rows)


async def set_convention_marking(state: State, token: str, parcel_id: str, enabled: bool) -> Parcel:
    """Turn the Common Control Mark on or off for a parcel, for articles going abroad.

    Parameters
    ----------
    token : str
        The session token (the counter).
    parcel_id : str
        The parcel.
    enabled : bool
        True to strike the Common Control Mark beside the hallmark, false not to.

    Returns
    -------
    Parcel
        The parcel.
    """
    _staff(state, token, COUNTER)
    p = _get(state.parcels, parcel_id, "parcel")
    if not isinstance(enabled, bool):
        raise _fail("AO422", "enabled is true or false")
    if p["status"] != "received":
        raise _fail("AO409", f"{parcel_id} is {p['status']}")
    if p["ccm"] == enabled:
        raise _fail("AO409", f"the Common Control Mark is already {'on' if enabled else 'off'} for {parcel_id}")
    p["ccm"] = enabled
    return _parcel(state, parcel_id)


async def withdraw_parcel(state: State, token: str, parcel_id: str, reason: str) -> str:
    """Hand a parcel back to its sponsor before any lot in it has been assayed.

    Parameters
    ----------
    token : str
        The session token (the counter).
    parcel_id : str
        The parcel.
    reason : str
        Why.

    Returns
    -------
    str
        A sentence saying so.
    """
    _staff(state, token, COUNTER)
    p = _get(state.parcels, parcel_id, "parcel")
    if _blank(reason):
        raise _fail("AO422", "reason is required")
    if p["status"] != "received":
        raise _fail("AO409", f"{parcel_id} is {p['status']}")
    lots = _parcel_lots(state, parcel_id)
    if any(state.lots[lid]["status"] != "awaiting_assay" for lid in lots) or any(
            s["lot"] in lots for s in state.samples.values()):
        raise _fail("AO409", f"assay has begun on {parcel_id}")
    p["status"] = "withdrawn"
    for lid in lots:
        state.lots[lid]["status"] = "returned"
    return f"Withdrew {parcel_id} for {state.sponsors[p['sponsor']]['company']}: {reason.strip()}"


async def add_lot(state: State, token: str, parcel_id: str, description: str, standard: str, pieces: int,
                  weight_g: float) -> Lot:
    """Enter a lot of like articles in a parcel, with the standard of fineness the sponsor declares.

    Parameters
    ----------
    token : str
        The session token (the counter).
    parcel_id : str
        The parcel.
    description : str
        What the articles are.
    standard : str
        The declared standard's code.
    pieces : int
        How many articles.
    weight_g : float
        Their total weight in grams.

    Returns
    -------
    Lot
        The lot, awaiting assay.
    """
    _staff(state, token, COUNTER)
    p = _get(state.parcels, parcel_id, "parcel")
    if _blank(description):
        raise _fail("AO422", "description is required")
    if not _whole(pieces) or pieces < 1 or not _number(weight_g) or weight_g <= 0:
        raise _fail("AO422", "pieces is a whole number of articles and weight_g a weight in grams")
    code = standard.strip().upper() if isinstance(standard, str) else ""
    if code not in STANDARD:
        raise _fail("AO404", f"no standard of fineness {standard!r}")
    if p["status"] != "received":
        raise _fail("AO409", f"{parcel_id} is {p['status']}; lots go into a parcel still being worked")
    lid = f"LOT-{_next(state, 'lot')}"
    state.lots[lid] = _lot(parcel_id, _text(description), code, pieces, float(weight_g), "awaiting_assay")
    return _lot_reply(state, lid)


async def lot_detail(state: State, token: str, lot_id: str) -> Lot:
    """One lot.

    Parameters
    ----------
    token : str
        The session token.
    lot_id : str
        The lot, such as ``LOT-8801``.

    Returns
    -------
    Lot
        The lot with its status, assay result and the marks struck on it.
    """
    _staff(state, token)
    _get(state.lots, lot_id, "lot")
    return _lot_reply(state, lot_id)


async def correct_lot(state: State, token: str, lot_id: str, pieces: int, weight_g: float) -> Lot:
    """Correct the count and weight of a lot not yet sampled.

    Parameters
    ----------
    token : str
        The session token (the counter).
    lot_id : str
        The lot.
    pieces : int
        How many articles there really are.
    weight_g : float
        Their total weight in grams.

    Returns
    -------
    Lot
        The lot.
    """
    _staff(state, token, COUNTER)
    lot = _get(state.lots, lot_id, "lot")
    if not _whole(pieces) or pieces < 1 or not _number(weight_g) or weight_g <= 0:
        raise _fail("AO422", "pieces is a whole number of articles and weight_g a weight in grams")
    if lot["status"] != "awaiting_assay" or any(s["lot"] == lot_id for s in state.samples.values()):
        raise _fail("AO409", f"{lot_id} has been sampled; it can no longer be changed")
    if lot["pieces"] == pieces and lot["weight"] == float(weight_g):
        raise _fail("AO409", f"{lot_id} is {pieces} pieces, {weight_g:g} g already")
    lot["pieces"], lot["weight"] = pieces, float(weight_g)
    return _lot_reply(state, lot_id)


# --------------------------------------------------------------------------- assay


async def assay_queue(state: State, token: str) -> List[List[Any]]:
    """The lots waiting for a sample to be drawn, same-day parcels first, then express, then standard.

    Parameters
    ----------
    token : str
        The session token.

    Returns
    -------
    list of list
        Rows of ``[lot id, parcel id, sponsor, standard, pieces, service]``.
    """
    _staff(state, token)
    order = {"same_day": 0, "express": 1, "standard": 2}
    pending = {s["lot"] for s in state.samples.values() if s["result"] is None}
    rows = []
    for lid, lot in sorted(state.lots.items()):
        p = state.parcels[lot["parcel"]]
        if lot["status"] == "awaiting_assay" and lid not in pending and p["status"] == "received":
            rows.append([lid, lot["parcel"], state.sponsors[p["sponsor"]]["company"], lot["standard"],
                         lot["pieces"], p["service"]])
    return sorted(rows, key=lambda r: (order[r[5]], r[0]))


async def draw_sample(state: State, token: str, lot_id: str, method: AssayMethod) -> Sample:
    """Draw a sample from a lot awaiting assay, for the method it will be assayed by.

    Parameters
    ----------
    token : str
        The session token (an assayer).
    lot_id : str
        The lot.
    method : AssayMethod
        ``xrf``, ``cupellation``, ``titration`` or ``icp_oes``.

    Returns
    -------
    Sample
        The sample, with no result yet.
    """
    _staff(state, token, ASSAYER)
    lot = _get(state.lots, lot_id, "lot")
    how = _enum(AssayMethod, method, "method").value
    if lot["status"] != "awaiting_assay":
        raise _fail("AO409", f"{lot_id} is {lot['status']}")
    if any(s["lot"] == lot_id and s["result"] is None for s in state.samples.values()):
        raise _fail("AO409", f"a sample from {lot_id} is waiting for its result already")
    metal = STANDARD[lot["standard"]][0]
    if how == "xrf":
        raise _fail("AO412", "an XRF reading is a screen only; a hallmark needs a sample for a full assay")
    if how not in METHODS[metal]:
        raise _fail("AO412", f"{metal} is assayed by {' or '.join(METHODS[metal])}")
    sid = f"S-{_next(state, 'sample')}"
    state.samples[sid] = {"lot": lot_id, "method": how, "drawn": TODAY, "result": None}
    return _sample(state, sid)


async def samples(state: State, token: str, lot_id: Optional[str] = None, pending_only: bool = False) -> List[Sample]:
    """List samples, oldest first.

    Parameters
    ----------
    token : str
        The session token.
    lot_id : str, optional
        Only samples from this lot.
    pending_only : bool, optional
        Only samples still waiting for a result.

    Returns
    -------
    list of Sample
        The samples, with their lot, standard, method, result and verdict.
    """
    _staff(state, token)
    if not isinstance(pending_only, bool):
        raise _fail("AO422", "pending_only is true or false")
    return [_sample(state, sid) for sid, s in sorted(state.samples.items())
            if (lot_id is None or s["lot"] == lot_id) and (not pending_only or s["result"] is None)]


async def record_assay(state: State, token: str, sample_id: str, result_ppt: float, instrument: str) -> Sample:
    """Record the result of a sample's assay; its lot passes when the result reaches the declared standard.

    Parameters
    ----------
    token : str
        The session token (an assayer).
    sample_id : str
        The sample.
    result_ppt : float
        The fineness found, in parts per thousand.
    instrument : str
        The furnace, titrator or spectrometer used.

    Returns
    -------
    Sample
        The sample with its result and verdict.
    """
    _staff(state, token, ASSAYER)
    s = _get(state.samples, sample_id, "sample")
    if not _number(result_ppt) or not 0 < result_ppt <= 1000 or _blank(instrument):
        raise _fail("AO422", "result_ppt is from 0 to 1000 parts per thousand and instrument is required")
    if s["result"] is not None:
        raise _fail("AO409", f"{sample_id} has its result already ({s['result']:g})")
    lot = state.lots[s["lot"]]
    s["result"] = float(result_ppt)
    lot["result"] = float(result_ppt)
    lot["status"] = "assay_passed" if result_ppt >= STANDARD[lot["standard"]][1] else "assay_failed"
    return _sample(state, sample_id)


async def request_reassay(state: State, token: str, lot_id: str, reason: str) -> Lot:
    """Put a lot that failed its assay back for one referee assay.

    Parameters
    ----------
    token : str
        The session token (an assayer).
    lot_id : str
        The lot.
    reason : str
        Why a reassay is warranted.

    Returns
    -------
    Lot
        The lot, awaiting assay again.
    """
    _staff(state, token, ASSAYER)
    lot = _get(state.lots, lot_id, "lot")
    if _blank(reason):
        raise _fail("AO422", "reason is required")
    if lot["status"] != "assay_failed":
        raise _fail("AO409", f"{lot_id} is {lot['status']}; only a failed lot is reassayed")
    if lot["reassayed"]:
        raise _fail("AO409", f"{lot_id} has been reassayed already")
    lot["reassayed"] = True
    lot["status"] = "awaiting_assay"
    return _lot_reply(state, lot_id)


async def report_to_trading_standards(state: State, token: str, lot_id: str, officer: str, grounds: str) -> str:
    """Report a lot that failed its assay to trading standards.

    Parameters
    ----------
    token : str
        The session token (the deputy warden).
    lot_id : str
        The lot.
    officer : str
        The trading standards officer told.
    grounds : str
        Why it is reported.

    Returns
    -------
    str
        A sentence with the referral's number.
    """
    _staff(state, token, WARDEN)
    lot = _get(state.lots, lot_id, "lot")
    if _blank(officer) or _blank(grounds):
        raise _fail("AO422", "officer and grounds are required")
    if lot["status"] != "assay_failed":
        raise _fail("AO409", f"{lot_id} is {lot['status']}; a lot is reported once it has failed its assay")
    if lot["reported"]:
        raise _fail("AO409", f"{lot_id} has been reported already")
    lot["reported"] = True
    ref = f"TS-2053-{_next(state, 'referral'):04d}"
    return f"Reported {lot_id} ({lot['description']}) to {officer.strip()} of trading standards: referral {ref}."


async def break_lot(state: State, token: str, lot_id: str, reason: str) -> str:
    """Break up a lot that failed its assay, so that it cannot be sold as that standard.

    Parameters
    ----------
    token : str
        The session token (the marking room).
    lot_id : str
        The lot.
    reason : str
        Why.

    Returns
    -------
    str
        A sentence saying so.
    """
    _staff(state, token, MARKER)
    lot = _get(state.lots, lot_id, "lot")
    if _blank(reason):
        raise _fail("AO422", "reason is required")
    if lot["status"] != "assay_failed":
        raise _fail("AO409", f"{lot_id} is {lot['status']}; only a lot that failed its assay is broken")
    lot["status"] = "broken"
    return f"Broke {lot_id} ({lot['pieces']} x {lot['description']}): {reason.strip()}"


async def return_lot_unmarked(state: State, token: str, lot_id: str, reason: str) -> str:
    """Return a lot to its sponsor unmarked, before or after a failed assay.

    Parameters
    ----------
    token : str
        The session token (the counter).
    lot_id : str
        The lot.
    reason : str
        Why.

    Returns
    -------
    str
        A sentence saying so.
    """
    _staff(state, token, COUNTER)
    lot = _get(state.lots, lot_id, "lot")
    if _blank(reason):
        raise _fail("AO422", "reason is required")
    if lot["status"] not in ("awaiting_assay", "assay_failed"):
        raise _fail("AO409", f"{lot_id} is {lot['status']}")
    if any(s["lot"] == lot_id and s["result"] is None for s in state.samples.values()):
        raise _fail("AO409", f"a sample from {lot_id} is waiting for its result")
    lot["status"] = "returned"
    return f"Returned {lot_id} ({lot['description']}) unmarked: {reason.strip()}"


# --------------------------------------------------------------------------- marking and certificates


async def mark_lot(state: State, token: str, lot_id: str, method: MarkMethod, operator: str,
                   convention_mark: bool = False) -> Lot:
    """Strike the hallmark on every article of a lot that passed its assay.

    Parameters
    ----------
    token : str
        The session token (the marking room).
    lot_id : str
        The lot.
    method : {'laser', 'hand', 'press'}
        How the marks are struck.
    operator : str
        Who struck them.
    convention_mark : bool, optional
        Also strike the Common Control Mark.

    Returns
    -------
    Lot
        The lot, marked, with the marks struck: the sponsor's mark, the fineness, the office's mark and the date
        letter (and the Common Control Mark where struck).
    """
    _staff(state, token, MARKER)
    lot = _get(state.lots, lot_id, "lot")
    how = _choice(method, ("laser", "hand", "press"), "method")
    if _blank(operator) or not isinstance(convention_mark, bool):
        raise _fail("AO422", "operator is required and convention_mark is true or false")
    if lot["status"] != "assay_passed":
        raise _fail("AO409", f"{lot_id} is {lot['status']}; only a lot that passed its assay is marked")
    p = state.parcels[lot["parcel"]]
    m = state.marks[p["mark"]]
    if m["status"] != "approved":
        raise _fail("AO409", f"{p['mark']} is {m['status']}")
    if how == "laser" and not m["artwork"]:
        raise _fail("AO409", f"there is no laser artwork on file for {p['mark']}")
    if how == "hand" and not m["punches"]:
        raise _fail("AO409", f"there are no punches for {p['mark']}")
    if how == "press" and lot["pieces"] < 20:
        raise _fail("AO412", "the press is set up only for lots of 20 pieces or more")
    fineness = str(STANDARD[lot["standard"]][1])
    marks = [m["initials"], fineness, OFFICE_MARK, DATE_LETTER]
    if convention_mark:
        if not p["ccm"]:
            raise _fail("AO409", f"the Common Control Mark is not on for {lot['parcel']}")
        if lot["standard"] not in CCM_STANDARDS:
            raise _fail("AO412", f"{lot['standard']} does not take the Common Control Mark")
        marks.append(f"CCM {fineness}")
    lot["status"], lot["marks"], lot["method"] = "marked", marks, how
    return _lot_reply(state, lot_id)


async def issue_certificate(state: State, token: str, lot_id: str, sample_id: str, purpose: Purpose) -> Certificate:
    """Issue a certificate of analysis for a lot, citing the sample it was assayed from.

    Parameters
    ----------
    token : str
        The session token (an assayer).
    lot_id : str
        The lot.
    sample_id : str
        The sample of that lot whose result the certificate gives.
    purpose : {'export', 'valuation', 'sponsor_records'}
        What it is for.

    Returns
    -------
    Certificate
        The certificate.
    """
    _staff(state, token, ASSAYER)
    lot = _get(state.lots, lot_id, "lot")
    s = _get(state.samples, sample_id, "sample")
    why = _choice(purpose, ("export", "valuation", "sponsor_records"), "purpose")
    if s["lot"] != lot_id:
        raise _fail("AO412", f"{sample_id} was not drawn from {lot_id}")
    if s["result"] is None:
        raise _fail("AO409", f"{sample_id} has no result yet")
    if lot["status"] not in ("assay_passed", "marked"):
        raise _fail("AO409", f"{lot_id} is {lot['status']}; certificates are for lots that passed")
    if any(c["lot"] == lot_id and c["purpose"] == why for c in state.certificates.values()):
        raise _fail("AO409", f"{lot_id} has a certificate for {why} already")
    cid = f"CA-{_next(state, 'certificate'):04d}"
    state.certificates[cid] = {"lot": lot_id, "sample": sample_id, "purpose": why, "issued": TODAY}
    return Certificate(certificate_id=cid, lot_id=lot_id, sample_id=sample_id, standard=lot["standard"],
                       result_ppt=s["result"], purpose=why, issued_on=TODAY)


# --------------------------------------------------------------------------- invoices, payment and release


def _quantities(state: State, pid: str) -> Dict[str, int]:
    lots = [state.lots[lid] for lid in _parcel_lots(state, pid)]
    marked = [lot for lot in lots if lot["status"] == "marked"]
    q: Dict[str, int] = {}
    for lot in marked:
        code = METAL_CHARGE[STANDARD[lot["standard"]][0]]
        q[code] = q.get(code, 0) + lot["pieces"]
        if lot["method"] == "laser":
            q["LSR"] = q.get("LSR", 0) + lot["pieces"]
        if any(x.startswith("CCM") for x in lot["marks"]):
            q["CCM"] = q.get("CCM", 0) + lot["pieces"]
    service = state.parcels[pid]["service"]
    if service == "express":
        q["EXP"] = 1
    if service == "same_day":
        q["SDY"] = 1
    certs = sum(1 for c in state.certificates.values() if state.lots[c["lot"]]["parcel"] == pid)
    if certs:
        q["CERT"] = certs
    return q


async def raise_invoice(state: State, token: str, parcel_id: str, charge_codes: List[str]) -> Invoice:
    """Invoice a parcel once every lot in it is marked, broken or returned; the office counts each charge.

    Parameters
    ----------
    token : str
        The session token (accounts).
    parcel_id : str
        The parcel.
    charge_codes : list of str
        The charges that apply to it.

    Returns
    -------
    Invoice
        The invoice with its lines as rows of ``[charge code, quantity, amount]``.
    """
    _staff(state, token, ACCOUNTS)
    p = _get(state.parcels, parcel_id, "parcel")
    if not isinstance(charge_codes, list) or not charge_codes or not all(isinstance(c, str) for c in charge_codes):
        raise _fail("AO422", "charge_codes is a list of charge codes")
    codes = [c.strip().upper() for c in charge_codes]
    unknown = [c for c in codes if c not in PRICE]
    if unknown:
        raise _fail("AO404", f"no charge {unknown[0]!r}")
    if p["status"] != "received":
        raise _fail("AO409", f"{parcel_id} is {p['status']}")
    lots = _parcel_lots(state, parcel_id)
    open_lots = [lid for lid in lots if state.lots[lid]["status"] not in ("marked", "broken", "returned")]
    if not lots or open_lots:
        raise _fail("AO409", f"{open_lots[0] if open_lots else parcel_id} is not yet marked, broken or returned")
    q = _quantities(state, parcel_id)
    extra = [c for c in codes if c not in q]
    if extra:
        raise _fail("AO412", f"nothing in {parcel_id} is charged {extra[0]}")
    missing = [c for c in q if c not in codes]
    if missing:
        raise _fail("AO412", f"{parcel_id} must be charged {missing[0]} as well")
    iid = f"INV-{_next(state, 'invoice')}"
    state.invoices[iid] = {"parcel": parcel_id, "lines": [[c, q[c], round(PRICE[c] * q[c], 2)] for c in codes],
                           "paid": 0.0}
    p["status"] = "invoiced"
    return _invoice(state, iid)


async def invoices(state: State, token: str, status: Optional[InvoiceStatus] = None,
                   sponsor_id: Optional[str] = None) -> List[Invoice]:
    """List invoices, oldest first.

    Parameters
    ----------
    token : str
        The session token.
    status : {'unpaid', 'paid'}, optional
        Only unpaid or only paid invoices.
    sponsor_id : str, optional
        Only this sponsor's invoices.

    Returns
    -------
    list of Invoice
        The invoices.
    """
    _staff(state, token)
    if status is not None:
        _choice(status, ("unpaid", "paid"), "status")
    out = [_invoice(state, iid) for iid in sorted(state.invoices)]
    return [i for i in out if (status is None or i.invoice_status == status)
            and (sponsor_id is None or i.sponsor_id == sponsor_id)]


async def take_payment(state: State, token: str, invoice_id: str, amount: float, method: PayMethod) -> float:
    """Take a payment against an invoice.

    Parameters
    ----------
    token : str
        The session token (accounts or the counter).
    invoice_id : str
        The invoice.
    amount : float
        The amount paid, in pounds.
    method : PayMethod
        ``card``, ``bacs`` or ``cheque``.

    Returns
    -------
    float
        What is left to pay on the invoice, in pounds.
    """
    _staff(state, token, ACCOUNTS, COUNTER)
    inv = _get(state.invoices, invoice_id, "invoice")
    _enum(PayMethod, method, "method")
    if not _number(amount) or amount <= 0:
        raise _fail("AO422", "amount is a positive amount in pounds")
    balance = _invoice(state, invoice_id).balance
    if balance <= 0:
        raise _fail("AO409", f"{invoice_id} is paid already")
    if amount > balance + 0.005:
        raise _fail("AO412", f"that is more than the {balance:.2f} owed")
    inv["paid"] = round(inv["paid"] + amount, 2)
    return _invoice(state, invoice_id).balance


async def dispatch_parcel(state: State, token: str, parcel_id: str, method: Dispatch, handed_to: str) -> str:
    """Release an invoiced parcel to its sponsor, collected or by courier.

    Parameters
    ----------
    token : str
        The session token (the counter).
    parcel_id : str
        The parcel.
    method : {'collect', 'courier'}
        Collected at the counter or sent by courier.
    handed_to : str
        Who collected it, or the courier.

    Returns
    -------
    str
        A sentence with the dispatch note's number.
    """
    _staff(state, token, COUNTER)
    p = _get(state.parcels, parcel_id, "parcel")
    how = _choice(method, ("collect", "courier"), "method")
    if _blank(handed_to):
        raise _fail("AO422", "handed_to is required")
    if p["status"] != "invoiced":
        raise _fail("AO409", f"{parcel_id} is {p['status']}; a parcel is released once it is invoiced")
    inv = next(iid for iid, i in state.invoices.items() if i["parcel"] == parcel_id)
    s = state.sponsors[p["sponsor"]]
    owed = sum(_invoice(state, iid).balance for iid, i in state.invoices.items()
               if state.parcels[i["parcel"]]["sponsor"] == p["sponsor"])
    if _invoice(state, inv).balance > 0:
        if s["credit"] is None:
            raise _fail("AO412", f"{inv} is unpaid and {s['company']} does not trade on account")
        if owed > s["credit"][0]:
            raise _fail("AO412", f"{s['company']} owes {owed:.2f}, over its credit limit")
    p["status"] = "dispatched"
    note = f"DN-{_next(state, 'dispatch')}"
    verb = "collected by" if how == "collect" else "sent by"
    return f"{parcel_id} for {s['company']} {verb} {handed_to.strip()}: dispatch note {note}."


TOOLS = [
    sign_in, sign_out, fineness_standards, charges, find_sponsor, register_sponsor, sponsor_file,
    update_sponsor_contact, check_identity, renew_registration, open_credit_account, register_mark, find_mark,
    approve_mark, upload_laser_artwork, order_punches, suspend_mark, receive_parcel, parcels, parcel_detail,
    set_convention_marking, withdraw_parcel, add_lot, lot_detail, correct_lot, assay_queue, draw_sample, samples,
    record_assay, request_reassay, report_to_trading_standards, break_lot, return_lot_unmarked, mark_lot,
    issue_certificate, raise_invoice, invoices, take_payment, dispatch_parcel,
]

FIXTURES = {
    "office": "The Ashgate Assay Office, Goldsmiths' Row, Ashgate; its mark is a wheatsheaf and its date letter for "
              "2053 is k",
    "today": "Wednesday 11 June 2053, 09:00",
    "staff": [
        {"name": "Eulalie Winstanley", "role": "counter", "username": "eulalie.w", "password": "Parcel-Docket-38"},
        {"name": "Quintus Tregarth", "role": "assayer", "username": "quintus.t", "password": "Cupel-Button-51"},
        {"name": "Isaura Beddoe", "role": "marking room", "username": "isaura.b", "password": "Date-Letter-74"},
        {"name": "Mederic Loosemore", "role": "registrations", "username": "mederic.l", "password": "Shield-Punch-26"},
        {"name": "Corisande Etheridge", "role": "accounts", "username": "corisande.e", "password": "Ledger-Balance-63"},
        {"name": "Augustina Heald", "role": "deputy warden", "username": "augustina.h",
         "password": "Touchstone-Warden-90"},
    ],
    "new_sponsor": {
        "company": "Quarrier & Dace", "kind": "a manufacturer", "address": "3 Bellows Court, Ashgate",
        "postcode": "AS4 8BC", "phone": "0161 496 0744", "email": "studio@quarrierdace.example",
        "director": "Seraphine Dace, passport 548120937", "mark": "Q&D in an oval shield",
    },
    "notes": [
        "Rookwood & Quell want the Common Control Mark on their 18 carat wedding bands, which are for export, and "
        "their 9 carat pendants struck on the press; the bands go by laser",
        "Teodora Vask's express bangles are on the titrator; she will collect them and pay by card",
        "Gilt Reliquary Imports' registration lapsed on 31 May; they have brought ten platinum wedding bands, 52 g, "
        "declared as platinum 950, for express service",
        "Ondine Larkworth has brought her passport (533218764) to have her identity checked, and wants OM in an oval "
        "shield, struck by laser at 0.6 mm and 1.0 mm from ondine-larkworth-oval.svg",
        "Ondine Larkworth's first parcel, same day: six Britannia silver rings, 34.5 g",
        "Teodora Vask has asked to trade on account; the deputy warden has agreed a limit of 2,000 pounds",
    ],
}

# --------------------------------------------------------------------------- the designed prerequisites

_TOKEN = "auth: session token (token of sign_in)"
PUBLIC = ("sign_in", "fineness_standards", "charges")
TOKEN_CONSUMERS = [t.__name__ for t in TOOLS if t.__name__ not in PUBLIC]
SPONSOR_CONSUMERS = ["sponsor_file", "update_sponsor_contact", "check_identity", "register_mark", "receive_parcel",
                     "open_credit_account"]
MARK_CONSUMERS = ["approve_mark", "upload_laser_artwork", "order_punches", "suspend_mark", "receive_parcel"]
PARCEL_CONSUMERS = ["parcel_detail", "set_convention_marking", "withdraw_parcel", "add_lot", "raise_invoice",
                    "dispatch_parcel"]
LOT_CONSUMERS = ["lot_detail", "correct_lot", "request_reassay", "report_to_trading_standards", "break_lot",
                 "return_lot_unmarked", "mark_lot", "issue_certificate"]
_SPONSOR = ("id lookup/create: sponsor (sponsor_id of register_sponsor's sponsor, or of a find_sponsor entry)")
_MARK = "id lookup/create: sponsor's mark (mark_id of register_mark's mark, or of a find_mark entry)"
_PARCEL = "id lookup/create: parcel (parcel_id of receive_parcel's parcel, or of a parcels entry)"
_LOT = "id lookup/create: lot (lot_id of add_lot's lot, or the first column of a parcel_detail lots row)"

GROUND_TRUTH = (
    [("sign_in", c, _TOKEN) for c in TOKEN_CONSUMERS]
    + [("find_sponsor|register_sponsor", c, _SPONSOR) for c in SPONSOR_CONSUMERS]
    + [("register_mark|find_mark", c, _MARK) for c in MARK_CONSUMERS]
    + [("receive_parcel|parcels", c, _PARCEL) for c in PARCEL_CONSUMERS]
    + [("add_lot|parcel_detail", c, _LOT) for c in LOT_CONSUMERS]
    + [
        ("find_sponsor", "renew_registration", "id lookup: sponsor (sponsor_id of a find_sponsor entry)"),
        ("add_lot|assay_queue", "draw_sample",
         "id lookup/create: lot (lot_id of add_lot's lot, or the first column of an assay_queue row)"),
        ("draw_sample|samples", "record_assay",
         "id lookup/create: sample (sample_id of draw_sample's sample, or of a samples entry)"),
        ("draw_sample|samples", "issue_certificate",
         "id lookup/create: sample (sample_id of draw_sample's sample, or of a samples entry; drawn from the lot "
         "certified)"),
        ("raise_invoice|invoices", "take_payment",
         "id lookup/create: invoice (invoice_id of raise_invoice's invoice, or of an invoices entry)"),
        ("fineness_standards", "add_lot", "vocabulary: the standard codes (the first column of a standards row)"),
        ("charges", "raise_invoice", "vocabulary: the charge codes (the first column of a charges row)"),
        ("check_identity", "register_mark", "vetting: the sponsor's identity checked"),
        ("approve_mark", "receive_parcel", "approval: the sponsor's mark approved by the deputy warden"),
        ("take_payment|open_credit_account", "dispatch_parcel",
         "payment: the parcel's invoice paid, or the sponsor trading on a credit account"),
        ("renew_registration", "receive_parcel", "payment: the sponsor's registration fee paid for the year"),
        ("upload_laser_artwork", "mark_lot", "document: the mark's laser artwork on file"),
        ("set_convention_marking", "mark_lot", "setting: the Common Control Mark on for the parcel"),
        ("record_assay", "mark_lot", "state: the lot's assay passed"),
        ("record_assay", "issue_certificate", "state: the sample's result recorded and the lot passed"),
        ("record_assay", "break_lot", "state: the lot's assay failed"),
        ("record_assay", "request_reassay", "state: the lot's assay failed"),
        ("record_assay", "report_to_trading_standards", "state: the lot's assay failed"),
        ("order_punches", "mark_lot", "state: hand punches cut for the mark"),
        ("approve_mark", "upload_laser_artwork", "state: the mark approved"),
        ("approve_mark", "order_punches", "state: the mark approved"),
        ("mark_lot", "raise_invoice", "state: every lot in the parcel marked (or broken or returned)"),
        ("raise_invoice", "dispatch_parcel", "state: the parcel invoiced"),
    ]
)

_DESIGNED = {(p, c) for ps, c, _ in GROUND_TRUTH for p in ps.split("|")}

# Real, direct prerequisites that are not designed (see README.md): a reader whose reply shows an id or a code to
# someone who did not give it, paired with each call that takes that id or code and can accept one it shows; and a
# call whose effect the later call checks itself, one step away.
PLAUSIBLE = (
    {(p, c) for p in ("find_mark", "parcels", "parcel_detail", "invoices")
     for c in SPONSOR_CONSUMERS + ["renew_registration"]}
    | {(p, c) for p in ("sponsor_file", "parcels", "parcel_detail") for c in MARK_CONSUMERS}
    | {(p, c) for p in ("sponsor_file", "lot_detail") for c in PARCEL_CONSUMERS}
    | {("invoices", "parcel_detail"), ("invoices", "dispatch_parcel")}
    | {("assay_queue", c) for c in ("parcel_detail", "set_convention_marking", "withdraw_parcel", "add_lot")}
    | {("assay_queue", c) for c in ("lot_detail", "correct_lot", "return_lot_unmarked")}
    | {("samples", c) for c in ("lot_detail", "request_reassay", "report_to_trading_standards", "break_lot",
                                "return_lot_unmarked", "mark_lot")}
    | {("parcel_detail", "draw_sample"), ("sponsor_file", "take_payment"), ("invoices", "raise_invoice")}
    | {(p, "add_lot") for p in ("parcel_detail", "lot_detail", "samples")}
    | {("check_identity", "open_credit_account"), ("break_lot", "raise_invoice"),
       ("return_lot_unmarked", "raise_invoice"), ("request_reassay", "draw_sample")}
) - _DESIGNED
