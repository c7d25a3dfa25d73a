"""Crownworks: the case desk of Crownworks Dental Laboratory, Bristol (36 calls).

Plain functions over an in-memory ``State`` of the lab on Monday 12 March 2029 at 08:40. Reception
registers the dental practices the lab works for and their dentists, opens a case (a lab ticket)
for each prescription, books in the physical impressions that arrive by courier or attaches the
intraoral scans that arrive in the scan inbox, and adds the items to make (crowns, bridge units,
guards, dentures) with the tooth numbers and the shade; the lab manager gives a case to a
technician; technicians pour models from impressions, design the work, send the design to the
dentist, record the dentist's decision, make the work from a released material lot and finish it;
the lab manager inspects it and issues the statement of manufacture for a custom-made device; then
reception books the courier, and accounts invoice the practice and take payment. Cases can be put on
hold, re-dated, cancelled before manufacture, and sent back for a remake. The price list is public
and needs no session.

Replies are dataclasses (a session, price-list items, a practice with its dentists nested, a dentist,
a case with its items, scans and designs nested, case summaries, scan uploads, an impression, a
technician, a design, material lots, a production job, a QC record, a declaration, a dispatch note,
an invoice with its lines nested as rows, a receipt, a statement with invoices nested as rows) and
lists of them; a bare list of courier times, a bare message id, ``True`` for a sign-out and one
sentence (a cancelled case). Every refusal is *raised* as a built-in exception: ``PermissionError``
(no session, wrong role), ``LookupError`` (no such record), ``ValueError`` (a bad value or a case in
the wrong stage). Cases, items, declarations and invoices have look-alike numbers (case
``CW-24117``, item ``CW-24117-1``, declaration ``DOC-24117``, invoice ``INV-24117``, dispatch
``DK-24117``); VITA shades, tooth numbers, QC checks, remake reasons and GDC number lengths are
stated only in refusals.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as
provider means either tool satisfies it, and the text of ``what`` before its first ``:`` is the
kind.
"""

from dataclasses import dataclass, field
from enum import Enum
from typing import Literal

TODAY = "2029-03-12"

Material = Literal["zirconia", "lithium_disilicate", "cobalt_chrome", "pmma", "acrylic"]
Skill = Literal["cad", "ceramics", "dentures", "implants", "milling"]
Arch = Literal["upper", "lower", "both"]
Method = Literal["mill", "print", "press", "cast", "process"]
PayMethod = Literal["bacs", "card", "cheque"]


class CaseStage(Enum):
    RECEIVED = "received"
    DESIGN = "design"
    MANUFACTURE = "manufacture"
    QC = "qc"
    READY = "ready"
    DISPATCHED = "dispatched"
    CANCELLED = "cancelled"


_SHADES = ("A1", "A2", "A3", "A3.5", "A4", "B1", "B2", "B3", "B4", "C1", "C2", "C3", "C4", "D2", "D3", "D4")
_QC_CHECKS = ("margins", "contacts", "occlusion", "shade", "finish")
_REMAKE_REASONS = ("fit", "shade", "fracture", "contacts", "occlusion", "lab_error")
_TEETH = {f"{q}{n}" for q in "1234" for n in "12345678"}
_SHADED = ("ZR-CROWN", "EMAX-CROWN", "PFM-CROWN", "ZR-BRIDGE", "IMPLANT-CROWN", "TEMP-CROWN")
_METHODS = {"zirconia": "mill", "lithium_disilicate": "press", "cobalt_chrome": "cast", "pmma": "mill",
            "acrylic": "process"}


# --------------------------------------------------------------------------- replies


@dataclass
class Session:
    token: str
    name: str
    role: str
    expires: str


@dataclass
class PriceItem:
    code: str
    description: str
    material: str
    price: float
    working_days: int


@dataclass
class Dentist:
    dentist_id: str
    name: str
    gdc_number: str
    practice_id: str


@dataclass
class Practice:
    practice_id: str
    name: str
    address: str
    phone: str
    email: str
    dentists: list[Dentist] = field(default_factory=list)


@dataclass
class CaseItem:
    item_id: str
    product_code: str
    teeth: list[str]
    shade: str | None
    price: float


@dataclass
class Case:
    case_id: str
    practice_id: str
    dentist_id: str
    patient_ref: str
    stage: str
    due_date: str
    on_hold: bool
    technician_id: str | None
    models_ready: bool
    items: list[CaseItem] = field(default_factory=list)
    scans: list[str] = field(default_factory=list)
    designs: list[dict] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


@dataclass
class CaseSummary:
    case_id: str
    practice: str
    patient_ref: str
    stage: str
    due_date: str
    on_hold: bool


@dataclass
class ScanUpload:
    scan_id: str
    practice_id: str
    sent_by: str
    received: str
    arches: str
    files: list[str]
    attached_to: str | None


@dataclass
class Impression:
    case_id: str
    arch: str
    bite_registration: bool
    booked_in: str


@dataclass
class Technician:
    technician_id: str
    name: str
    skills: list[str]
    open_cases: int


@dataclass
class Design:
    design_id: str
    case_id: str
    designer: str
    status: str
    preview: str
    comments: list[str] = field(default_factory=list)


@dataclass
class MaterialLot:
    lot: str
    material: str
    supplier: str
    expires: str
    status: str


@dataclass
class ProductionJob:
    job_id: str
    case_id: str
    method: str
    lot: str
    started: str


@dataclass
class QCRecord:
    case_id: str
    inspector: str
    passed: list[str]
    result: str
    notes: str


@dataclass
class Declaration:
    declaration_id: str
    case_id: str
    device: str
    prescriber: str
    patient_ref: str
    signed_by: str


@dataclass
class DispatchNote:
    docket: str
    case_id: str
    day: str
    slot: str
    to: str


@dataclass
class Invoice:
    invoice_id: str
    case_id: str
    practice_id: str
    lines: list[list] = field(default_factory=list)
    total: float = 0.0
    status: str = "sent"
    paid: float = 0.0


@dataclass
class Receipt:
    receipt_id: str
    invoice_id: str
    amount: float
    method: str
    balance: float


@dataclass
class Statement:
    practice_id: str
    month: str
    invoices: list[list] = field(default_factory=list)
    outstanding: float = 0.0


# --------------------------------------------------------------------------- state


class State:
    """Crownworks Dental Laboratory on Monday 12 March 2029, 08:40."""

    def __init__(self) -> None:
        self.staff = {
            "kate.morrow": {"name": "Kate Morrow", "password": "Porcelain-41", "role": "reception"},
            "dan.osei": {"name": "Dan Osei", "password": "Zirconia-77", "role": "technician"},
            "priya.shah": {"name": "Priya Shah", "password": "Margin-2290", "role": "manager"},
            "li.wen": {"name": "Li Wen", "password": "Ledger-5813", "role": "accounts"},
        }
        self.sessions = {}
        self.products = {
            "ZR-CROWN": ("Monolithic zirconia crown", "zirconia", 95.0, 5),
            "EMAX-CROWN": ("Lithium disilicate (e.max) crown", "lithium_disilicate", 120.0, 6),
            "PFM-CROWN": ("Porcelain fused to cobalt-chrome crown", "cobalt_chrome", 85.0, 7),
            "ZR-BRIDGE": ("Zirconia bridge unit", "zirconia", 90.0, 7),
            "IMPLANT-CROWN": ("Screw-retained zirconia implant crown", "zirconia", 210.0, 8),
            "TEMP-CROWN": ("Milled PMMA temporary crown", "pmma", 30.0, 2),
            "NIGHT-GUARD": ("Hard acrylic occlusal splint", "pmma", 65.0, 4),
            "FULL-DENTURE": ("Complete acrylic denture, one arch", "acrylic", 240.0, 10),
        }
        self.practices = {
            "PR-0412": {"name": "Harbour Dental", "address": "3 Wapping Road, Bristol BS1 4RW",
                        "phone": "0117 496 0412", "email": "lab@harbourdental.example"},
            "PR-0388": {"name": "Castle Street Dental", "address": "41 Castle Street, Bristol BS1 3XD",
                        "phone": "0117 496 0388", "email": "reception@castlestreet.example"},
            "PR-0455": {"name": "Redland Smiles", "address": "9 Chandos Road, Bristol BS6 6PG",
                        "phone": "0117 496 0455", "email": "hello@redlandsmiles.example"},
        }
        self.dentists = {
            "DN-0412-1": {"name": "Dr Ama Okafor", "gdc": "112874", "practice": "PR-0412"},
            "DN-0412-2": {"name": "Dr Tom Reyes", "gdc": "208311", "practice": "PR-0412"},
            "DN-0388-1": {"name": "Dr Kofi Mensah", "gdc": "164920", "practice": "PR-0388"},
            "DN-0455-1": {"name": "Dr Helen Price", "gdc": "97342", "practice": "PR-0455"},
        }
        self.technicians = {
            "T-07": {"name": "Dan Osei", "skills": ["cad", "ceramics", "milling"]},
            "T-11": {"name": "Marta Lewandowska", "skills": ["cad", "dentures"]},
            "T-15": {"name": "Ravi Patel", "skills": ["milling", "implants", "cad"]},
        }
        self.scans = {
            "SC-88120": {"practice": "PR-0388", "sent_by": "Dr Kofi Mensah", "received": "2029-03-12T08:12",
                         "arches": "upper, lower and bite", "files": ["upper.stl", "lower.stl", "bite.stl"],
                         "case": None},
            "SC-88123": {"practice": "PR-0412", "sent_by": "Dr Ama Okafor", "received": "2029-03-12T08:31",
                         "arches": "lower quadrant and bite", "files": ["lower_q3.stl", "bite.stl"], "case": None},
        }
        self.lots = {
            "LOT-Z2291": {"material": "zirconia", "supplier": "Dentsply", "expires": "2030-06-30", "status": "released"},
            "LOT-Z2304": {"material": "zirconia", "supplier": "Dentsply", "expires": "2030-09-30",
                          "status": "quarantined"},
            "LOT-E0771": {"material": "lithium_disilicate", "supplier": "Ivoclar", "expires": "2030-01-31",
                          "status": "released"},
            "LOT-C0652": {"material": "cobalt_chrome", "supplier": "Bego", "expires": "2031-12-31",
                          "status": "released"},
            "LOT-P1180": {"material": "pmma", "supplier": "Kulzer", "expires": "2029-11-30", "status": "released"},
            "LOT-A0419": {"material": "acrylic", "supplier": "Kulzer", "expires": "2029-08-31", "status": "released"},
        }

        def case(practice, dentist, patient, stage, due, tech=None, models=False, items=(), **extra):
            return {"practice": practice, "dentist": dentist, "patient": patient, "stage": stage, "due": due,
                    "hold": False, "tech": tech, "models": models, "items": [dict(i) for i in items],
                    "scans": [], "designs": [], "notes": [], "impression": None, "job": None, "qc": None,
                    "declaration": None, "docket": None, "invoice": None, **extra}

        self.cases = {
            "CW-24088": case("PR-0412", "DN-0412-1", "HD-31907", "received", "2029-03-19",
                             items=[{"item_id": "CW-24088-1", "code": "ZR-CROWN", "teeth": ["36"], "shade": "A2",
                                     "price": 95.0}]),
            "CW-24061": case("PR-0388", "DN-0388-1", "CS-5520", "qc", "2029-03-13", tech="T-07", models=True,
                             items=[{"item_id": "CW-24061-1", "code": "EMAX-CROWN", "teeth": ["11"], "shade": "A1",
                                     "price": 120.0}], job="MJ-3301"),
            "CW-24032": case("PR-0455", "DN-0455-1", "RS-0712", "dispatched", "2029-03-09", tech="T-11",
                             models=True, items=[{"item_id": "CW-24032-1", "code": "NIGHT-GUARD", "teeth": [],
                                                  "shade": None, "price": 65.0}], job="MJ-3288", qc="passed",
                             declaration="DOC-24032", docket="DK-24032"),
            "CW-24015": case("PR-0412", "DN-0412-2", "HD-30115", "dispatched", "2029-03-02", tech="T-07",
                             models=True, items=[{"item_id": "CW-24015-1", "code": "PFM-CROWN", "teeth": ["46"],
                                                  "shade": "A3", "price": 85.0}], job="MJ-3270", qc="passed",
                             declaration="DOC-24015", docket="DK-24015", invoice="INV-24015"),
        }
        self.designs = {}
        self.invoices = {
            "INV-24015": {"case": "CW-24015", "practice": "PR-0412", "lines": [["CW-24015-1", "PFM-CROWN", 85.0]],
                          "total": 85.0, "status": "sent", "paid": 0.0, "month": "2029-03"},
        }
        self.receipts = []
        self.messages = []
        self.counters = {"case": 24117, "practice": 461, "design": 5521, "job": 3312, "message": 907}


# --------------------------------------------------------------------------- helpers


def _staff(state: State, token: str, *roles: str) -> dict:
    who = state.sessions.get(token)
    if who is None:
        raise PermissionError("not signed in: sign in to the case desk first")
    if roles and who["role"] not in roles and who["role"] != "manager":
        raise PermissionError(f"{who['role']} staff cannot do this (needs {' or '.join(roles)})")
    return who


def _next(state: State, kind: str) -> int:
    n = state.counters[kind]
    state.counters[kind] = n + 1
    return n


def _case(state: State, case_id: str) -> dict:
    c = state.cases.get(case_id)
    if c is None:
        raise LookupError(f"no case {case_id}")
    return c


def _open_case(state: State, case_id: str, *stages: str) -> dict:
    c = _case(state, case_id)
    if c["hold"]:
        raise ValueError(f"case {case_id} is on hold")
    if stages and c["stage"] not in stages:
        raise ValueError(f"case {case_id} is at stage '{c['stage']}', not {' or '.join(stages)}")
    return c


def _practice(state: State, pid: str) -> Practice:
    p = state.practices.get(pid)
    if p is None:
        raise LookupError(f"no practice {pid}")
    dentists = [Dentist(d, v["name"], v["gdc"], pid) for d, v in state.dentists.items() if v["practice"] == pid]
    return Practice(pid, p["name"], p["address"], p["phone"], p["email"], dentists)


def _case_reply(state: State, case_id: str) -> Case:
    c = state.cases[case_id]
    items = [CaseItem(i["item_id"], i["code"], list(i["teeth"]), i["shade"], i["price"]) for i in c["items"]]
    designs = [{"design_id": d, "status": state.designs[d]["status"]} for d in c["designs"]]
    return Case(case_id, c["practice"], c["dentist"], c["patient"], c["stage"], c["due"], c["hold"], c["tech"],
                c["models"], items, list(c["scans"]), designs, list(c["notes"]))


def _design_reply(state: State, design_id: str) -> Design:
    d = state.designs[design_id]
    return Design(design_id, d["case"], d["designer"], d["status"], d["preview"], list(d["comments"]))


def _invoice_reply(state: State, invoice_id: str) -> Invoice:
    v = state.invoices[invoice_id]
    return Invoice(invoice_id, v["case"], v["practice"], [list(r) for r in v["lines"]], v["total"], v["status"],
                   v["paid"])


# --------------------------------------------------------------------------- session and reference


def sign_in(state: State, username: str, password: str) -> Session:
    """Sign in to the case desk.

    Parameters
    ----------
    username : str
        Staff user name, e.g. ``kate.morrow``.
    password : str
        The member of staff's password.

    Returns
    -------
    Session
        The session, with the ``token`` every other call (but the price list) needs.
    """
    who = state.staff.get(username)
    if who is None or who["password"] != password:
        raise PermissionError("user name or password not recognised")
    token = f"cw-{username.split('.')[0]}-{len(state.sessions) + 1:03d}"
    state.sessions[token] = {"user": username, "name": who["name"], "role": who["role"]}
    return Session(token, who["name"], who["role"], f"{TODAY}T18:00")


def sign_out(state: State, token: str) -> bool:
    """End a session.

    Parameters
    ----------
    token : str
        The session token from ``sign_in``.

    Returns
    -------
    bool
        True once the session is closed.
    """
    _staff(state, token)
    del state.sessions[token]
    return True


def price_list(state: State, material: Material | None = None) -> list[PriceItem]:
    """The lab's public price list.

    Parameters
    ----------
    material : str, optional
        Only items made from this material.

    Returns
    -------
    list of PriceItem
        Product code, description, material, price per unit and working days.
    """
    return [PriceItem(code, d, m, p, days) for code, (d, m, p, days) in state.products.items()
            if material is None or m == material]


# --------------------------------------------------------------------------- practices


def find_practice(state: State, token: str, name: str) -> list[Practice]:
    """Find client practices by name, town or e-mail.

    Parameters
    ----------
    token : str
        Session token.
    name : str
        Part of the practice's name or e-mail address.

    Returns
    -------
    list of Practice
        Matching practices, each with its registered dentists.
    """
    _staff(state, token)
    needle = name.strip().lower()
    if not needle:
        raise ValueError("give part of a practice name")
    return [_practice(state, pid) for pid, p in state.practices.items()
            if needle in p["name"].lower() or needle in p["email"].lower()]


def register_practice(state: State, token: str, name: str, address: str, phone: str, email: str) -> Practice:
    """Open an account for a new client practice.

    Parameters
    ----------
    token : str
        Session token (reception).
    name : str
        The practice's trading name.
    address : str
        Postal address for deliveries.
    phone : str
        Practice telephone.
    email : str
        E-mail for designs, statements and notices.

    Returns
    -------
    Practice
        The new practice, with no dentists yet.
    """
    _staff(state, token, "reception")
    if any(p["name"].lower() == name.strip().lower() for p in state.practices.values()):
        raise ValueError(f"a practice called {name} is already registered")
    if "@" not in email:
        raise ValueError("email must be an e-mail address")
    pid = f"PR-{_next(state, 'practice'):04d}"
    state.practices[pid] = {"name": name.strip(), "address": address, "phone": phone, "email": email}
    return _practice(state, pid)


def add_dentist(state: State, token: str, practice_id: str, name: str, gdc_number: str) -> Dentist:
    """Register a prescribing dentist at a practice.

    Parameters
    ----------
    token : str
        Session token (reception).
    practice_id : str
        The practice, e.g. ``PR-0412``.
    name : str
        The dentist's name as it appears on prescriptions.
    gdc_number : str
        General Dental Council registration number.

    Returns
    -------
    Dentist
        The dentist, with the id cases are opened under.
    """
    _staff(state, token, "reception")
    _practice(state, practice_id)
    if not gdc_number.isdigit() or not 5 <= len(gdc_number) <= 6:
        raise ValueError("a GDC number is 5 or 6 digits")
    if any(d["gdc"] == gdc_number for d in state.dentists.values()):
        raise ValueError(f"GDC {gdc_number} is already registered")
    n = 1 + sum(1 for d in state.dentists.values() if d["practice"] == practice_id)
    did = f"DN-{practice_id[3:]}-{n}"
    state.dentists[did] = {"name": name, "gdc": gdc_number, "practice": practice_id}
    return Dentist(did, name, gdc_number, practice_id)


# --------------------------------------------------------------------------- cases


def open_case(state: State, token: str, practice_id: str, dentist_id: str, patient_ref: str, due_date: str,
              notes: str | None = None) -> Case:
    """Open a case (lab ticket) for a prescription.

    Parameters
    ----------
    token : str
        Session token (reception).
    practice_id : str
        The prescribing practice.
    dentist_id : str
        The prescribing dentist, registered at that practice.
    patient_ref : str
        The practice's own patient reference (no names).
    due_date : str
        Date the work is due back at the practice, ``YYYY-MM-DD``.
    notes : str, optional
        Instructions from the prescription.

    Returns
    -------
    Case
        The new case at stage ``received``, with no items yet.
    """
    _staff(state, token, "reception")
    _practice(state, practice_id)
    d = state.dentists.get(dentist_id)
    if d is None or d["practice"] != practice_id:
        raise LookupError(f"no dentist {dentist_id} at {practice_id}")
    if due_date <= TODAY:
        raise ValueError("the due date must be after today")
    cid = f"CW-{_next(state, 'case')}"
    state.cases[cid] = {"practice": practice_id, "dentist": dentist_id, "patient": patient_ref,
                        "stage": "received", "due": due_date, "hold": False, "tech": None, "models": False,
                        "items": [], "scans": [], "designs": [], "notes": [notes] if notes else [],
                        "impression": None, "job": None, "qc": None, "declaration": None, "docket": None,
                        "invoice": None}
    return _case_reply(state, cid)


def list_cases(state: State, token: str, stage: CaseStage | None = None, practice_id: str | None = None,
               due_before: str | None = None) -> list[CaseSummary]:
    """List cases, optionally filtered.

    Parameters
    ----------
    token : str
        Session token.
    stage : CaseStage, optional
        Only cases at this stage.
    practice_id : str, optional
        Only this practice's cases.
    due_before : str, optional
        Only cases due on or before this date.

    Returns
    -------
    list of CaseSummary
        Oldest first.
    """
    _staff(state, token)
    want = CaseStage(stage).value if stage is not None else None
    out = []
    for cid in sorted(state.cases):
        c = state.cases[cid]
        if (want and c["stage"] != want) or (practice_id and c["practice"] != practice_id) or (
                due_before and c["due"] > due_before):
            continue
        out.append(CaseSummary(cid, state.practices[c["practice"]]["name"], c["patient"], c["stage"], c["due"],
                               c["hold"]))
    return out


def get_case(state: State, token: str, case_id: str) -> Case:
    """One case in full.

    Parameters
    ----------
    token : str
        Session token.
    case_id : str
        The case, e.g. ``CW-24088``.

    Returns
    -------
    Case
        With its items, attached scans and designs.
    """
    _staff(state, token)
    _case(state, case_id)
    return _case_reply(state, case_id)


def list_scan_inbox(state: State, token: str, practice_id: str | None = None) -> list[ScanUpload]:
    """Intraoral scans received from practices' scanners and not yet attached to a case.

    Parameters
    ----------
    token : str
        Session token.
    practice_id : str, optional
        Only scans from this practice.

    Returns
    -------
    list of ScanUpload
        Newest last.
    """
    _staff(state, token)
    return [ScanUpload(sid, s["practice"], s["sent_by"], s["received"], s["arches"], list(s["files"]), s["case"])
            for sid, s in state.scans.items() if s["case"] is None and (practice_id is None or
                                                                         s["practice"] == practice_id)]


def attach_scan(state: State, token: str, case_id: str, scan_id: str) -> Case:
    """Attach a received intraoral scan to a case; the digital models are then ready.

    Parameters
    ----------
    token : str
        Session token (reception).
    case_id : str
        The case.
    scan_id : str
        A scan from the inbox, from the same practice.

    Returns
    -------
    Case
        The case with the scan attached.
    """
    _staff(state, token, "reception", "technician")
    c = _open_case(state, case_id, "received", "design")
    s = state.scans.get(scan_id)
    if s is None:
        raise LookupError(f"no scan {scan_id} in the inbox")
    if s["case"] is not None:
        raise ValueError(f"scan {scan_id} is already attached to {s['case']}")
    if s["practice"] != c["practice"]:
        raise ValueError(f"scan {scan_id} came from another practice")
    s["case"] = case_id
    c["scans"].append(scan_id)
    c["models"] = True
    return _case_reply(state, case_id)


def book_in_impression(state: State, token: str, case_id: str, arch: Arch, disinfected: bool,
                       bite_registration: bool = False) -> Impression:
    """Book in a physical impression that arrived for a case.

    Parameters
    ----------
    token : str
        Session token (reception).
    case_id : str
        The case.
    arch : {"upper", "lower", "both"}
        Which arch the impression is of.
    disinfected : bool
        Whether it went through the disinfection bath on arrival.
    bite_registration : bool, default False
        Whether a bite registration came with it.

    Returns
    -------
    Impression
        The booked-in impression.
    """
    _staff(state, token, "reception")
    c = _open_case(state, case_id, "received")
    if not disinfected:
        raise ValueError("impressions must be disinfected before they are booked in")
    if c["impression"] is not None:
        raise ValueError(f"an impression is already booked in for {case_id}")
    c["impression"] = {"arch": arch, "bite": bite_registration}
    return Impression(case_id, arch, bite_registration, f"{TODAY}T08:45")


def pour_models(state: State, token: str, case_id: str, stone: Literal["type3", "type4"] = "type4") -> Case:
    """Pour stone models from a case's impression; the models are then ready.

    Parameters
    ----------
    token : str
        Session token (technician).
    case_id : str
        The case.
    stone : {"type3", "type4"}, default "type4"
        Die stone class.

    Returns
    -------
    Case
        The case with its models ready.
    """
    _staff(state, token, "technician")
    c = _open_case(state, case_id, "received", "design")
    if c["impression"] is None:
        raise ValueError(f"no impression booked in for {case_id}")
    if c["models"]:
        raise ValueError(f"the models for {case_id} are already made")
    c["models"] = True
    c["notes"].append(f"models poured in {stone} stone")
    return _case_reply(state, case_id)


def add_item(state: State, token: str, case_id: str, product_code: str, teeth: list[str],
             shade: str | None = None) -> CaseItem:
    """Add an item to make on a case.

    Parameters
    ----------
    token : str
        Session token.
    case_id : str
        The case.
    product_code : str
        A code from the price list.
    teeth : list of str
        Tooth numbers the item is for.
    shade : str, optional
        The shade prescribed.

    Returns
    -------
    CaseItem
        The item with its id and price.
    """
    _staff(state, token, "reception", "technician")
    c = _open_case(state, case_id, "received", "design")
    if product_code not in state.products:
        raise ValueError(f"unknown product code {product_code}")
    bad = [t for t in teeth if t not in _TEETH]
    if bad:
        raise ValueError(f"teeth are FDI two-digit numbers 11-18, 21-28, 31-38, 41-48 (not {', '.join(bad)})")
    if product_code in _SHADED:
        if not teeth:
            raise ValueError(f"{product_code} needs the tooth numbers")
        if shade not in _SHADES:
            raise ValueError("shade must be a VITA classical shade: " + ", ".join(_SHADES))
    for i in c["items"]:
        if i["code"] == product_code and i["teeth"] == list(teeth):
            raise ValueError(f"{product_code} for {', '.join(teeth)} is already on {case_id}")
    n = 1 + max([int(i["item_id"].rsplit("-", 1)[1]) for i in c["items"]] or [0])
    price = state.products[product_code][2] * max(1, len(teeth))
    item = {"item_id": f"{case_id}-{n}", "code": product_code, "teeth": list(teeth), "shade": shade, "price": price}
    c["items"].append(item)
    return CaseItem(item["item_id"], product_code, list(teeth), shade, price)


def remove_item(state: State, token: str, item_id: str) -> Case:
    """Take an item off its case (before manufacture).

    Parameters
    ----------
    token : str
        Session token.
    item_id : str
        The item, e.g. ``CW-24088-1``.

    Returns
    -------
    Case
        The case without the item.
    """
    _staff(state, token, "reception", "technician")
    case_id = item_id.rsplit("-", 1)[0]
    c = state.cases.get(case_id)
    if c is None or not any(i["item_id"] == item_id for i in c["items"]):
        raise LookupError(f"no item {item_id}")
    _open_case(state, case_id, "received", "design")
    c["items"] = [i for i in c["items"] if i["item_id"] != item_id]
    return _case_reply(state, case_id)


# --------------------------------------------------------------------------- technicians and design


def list_technicians(state: State, token: str, skill: Skill | None = None) -> list[Technician]:
    """The lab's technicians and how many open cases each holds.

    Parameters
    ----------
    token : str
        Session token.
    skill : str, optional
        Only technicians with this skill.

    Returns
    -------
    list of Technician
    """
    _staff(state, token)
    load = {}
    for c in state.cases.values():
        if c["tech"] and c["stage"] not in ("dispatched", "cancelled"):
            load[c["tech"]] = load.get(c["tech"], 0) + 1
    return [Technician(t, v["name"], list(v["skills"]), load.get(t, 0)) for t, v in state.technicians.items()
            if skill is None or skill in v["skills"]]


def assign_technician(state: State, token: str, case_id: str, technician_id: str) -> Case:
    """Give a case to a technician.

    Parameters
    ----------
    token : str
        Session token (lab manager).
    case_id : str
        The case.
    technician_id : str
        The technician, e.g. ``T-07``.

    Returns
    -------
    Case
        The case with its technician.
    """
    _staff(state, token, "manager")
    c = _open_case(state, case_id, "received", "design", "manufacture")
    if technician_id not in state.technicians:
        raise LookupError(f"no technician {technician_id}")
    if c["tech"] == technician_id:
        raise ValueError(f"{case_id} is already with {technician_id}")
    c["tech"] = technician_id
    return _case_reply(state, case_id)


def create_design(state: State, token: str, case_id: str, notes: str | None = None) -> Design:
    """Design a case's work in CAD.

    Parameters
    ----------
    token : str
        Session token (technician).
    case_id : str
        The case; it needs its items, its models and a technician.
    notes : str, optional
        Design notes for the dentist.

    Returns
    -------
    Design
        A draft design with a preview link.
    """
    who = _staff(state, token, "technician")
    c = _open_case(state, case_id, "received", "design")
    if not c["items"]:
        raise ValueError(f"{case_id} has no items to design")
    if not c["models"]:
        raise ValueError(f"{case_id} has no models: attach a scan or pour the impression")
    if c["tech"] is None:
        raise ValueError(f"{case_id} has no technician")
    if any(state.designs[d]["status"] in ("draft", "sent", "approved") for d in c["designs"]):
        raise ValueError(f"{case_id} already has a live design")
    did = f"DS-{_next(state, 'design')}"
    state.designs[did] = {"case": case_id, "designer": who["name"], "status": "draft",
                          "preview": f"https://designs.crownworks.example/{did}",
                          "comments": [notes] if notes else []}
    c["designs"].append(did)
    c["stage"] = "design"
    return _design_reply(state, did)


def send_design_for_approval(state: State, token: str, design_id: str, message: str) -> Design:
    """Send a draft design to the prescribing dentist for approval.

    Parameters
    ----------
    token : str
        Session token.
    design_id : str
        The design, e.g. ``DS-5521``.
    message : str
        Covering note to the dentist.

    Returns
    -------
    Design
        The design, now ``sent``.
    """
    _staff(state, token, "technician", "reception")
    d = state.designs.get(design_id)
    if d is None:
        raise LookupError(f"no design {design_id}")
    if d["status"] != "draft":
        raise ValueError(f"design {design_id} is {d['status']}, not a draft")
    _open_case(state, d["case"])
    d["status"] = "sent"
    d["comments"].append(message)
    return _design_reply(state, design_id)


def record_design_decision(state: State, token: str, design_id: str, approved: bool,
                           dentist_comments: str = "") -> Design:
    """Record the dentist's answer on a design sent for approval.

    Parameters
    ----------
    token : str
        Session token.
    design_id : str
        The design.
    approved : bool
        True if the dentist approved it, False to send it back for changes.
    dentist_comments : str, default ""
        What the dentist said.

    Returns
    -------
    Design
        ``approved`` or ``changes_requested``.
    """
    _staff(state, token)
    d = state.designs.get(design_id)
    if d is None:
        raise LookupError(f"no design {design_id}")
    if d["status"] != "sent":
        raise ValueError(f"design {design_id} has not been sent to the dentist (it is {d['status']})")
    d["status"] = "approved" if approved else "changes_requested"
    if dentist_comments:
        d["comments"].append(dentist_comments)
    return _design_reply(state, design_id)


# --------------------------------------------------------------------------- manufacture and QC


def list_material_lots(state: State, token: str, material: Material) -> list[MaterialLot]:
    """Material lots in stock for a material.

    Parameters
    ----------
    token : str
        Session token.
    material : str
        One of zirconia, lithium_disilicate, cobalt_chrome, pmma, acrylic.

    Returns
    -------
    list of MaterialLot
        With their expiry and release status.
    """
    _staff(state, token)
    return [MaterialLot(lot, v["material"], v["supplier"], v["expires"], v["status"])
            for lot, v in state.lots.items() if v["material"] == material]


def start_manufacture(state: State, token: str, case_id: str, method: Method, lot: str) -> ProductionJob:
    """Start making a case's work from an approved design.

    Parameters
    ----------
    token : str
        Session token (technician).
    case_id : str
        The case.
    method : {"mill", "print", "press", "cast", "process"}
        How the work is made.
    lot : str
        The material lot used (traceability).

    Returns
    -------
    ProductionJob
    """
    _staff(state, token, "technician")
    c = _open_case(state, case_id, "design")
    if not any(state.designs[d]["status"] == "approved" for d in c["designs"]):
        raise ValueError(f"{case_id} has no approved design")
    v = state.lots.get(lot)
    if v is None:
        raise LookupError(f"no material lot {lot}")
    if v["status"] != "released":
        raise ValueError(f"lot {lot} is {v['status']}")
    materials = {state.products[i["code"]][1] for i in c["items"]}
    if v["material"] not in materials:
        raise ValueError(f"lot {lot} is {v['material']}; this case needs {', '.join(sorted(materials))}")
    if _METHODS[v["material"]] != method and not (method == "print" and v["material"] == "pmma"):
        raise ValueError(f"{v['material']} is made by {_METHODS[v['material']]}")
    jid = f"MJ-{_next(state, 'job')}"
    c["job"] = jid
    c["stage"] = "manufacture"
    return ProductionJob(jid, case_id, method, lot, f"{TODAY}T09:30")


def finish_case(state: State, token: str, case_id: str, notes: str = "") -> Case:
    """Mark a case's work finished (glazed, polished, fitted to the models) and ready for QC.

    Parameters
    ----------
    token : str
        Session token (technician).
    case_id : str
        The case.
    notes : str, default ""
        Finishing notes.

    Returns
    -------
    Case
        At stage ``qc``.
    """
    _staff(state, token, "technician")
    c = _open_case(state, case_id, "manufacture")
    c["stage"] = "qc"
    if notes:
        c["notes"].append(notes)
    return _case_reply(state, case_id)


def qc_inspect(state: State, token: str, case_id: str, passed: list[str], notes: str = "") -> QCRecord:
    """Record the final inspection of a finished case.

    Parameters
    ----------
    token : str
        Session token (lab manager).
    case_id : str
        The case, at stage ``qc``.
    passed : list of str
        The checks the work passed.
    notes : str, default ""
        Inspector's notes.

    Returns
    -------
    QCRecord
        ``passed`` when every check passed, else ``failed`` (the case goes back to manufacture).
    """
    who = _staff(state, token, "manager")
    c = _open_case(state, case_id, "qc")
    unknown = [p for p in passed if p not in _QC_CHECKS]
    if unknown:
        raise ValueError(f"unknown checks {', '.join(unknown)}; the checks are {', '.join(_QC_CHECKS)}")
    ok = all(p in passed for p in _QC_CHECKS)
    c["qc"] = "passed" if ok else "failed"
    c["stage"] = "ready" if ok else "manufacture"
    return QCRecord(case_id, who["name"], list(passed), c["qc"], notes)


def issue_declaration(state: State, token: str, case_id: str) -> Declaration:
    """Issue the statement of manufacture for a custom-made device that goes out with the work.

    Parameters
    ----------
    token : str
        Session token (lab manager).
    case_id : str
        A case that passed QC.

    Returns
    -------
    Declaration
    """
    who = _staff(state, token, "manager")
    c = _open_case(state, case_id)
    if c["qc"] != "passed":
        raise ValueError(f"{case_id} has not passed QC")
    if c["declaration"]:
        raise ValueError(f"{case_id} already has declaration {c['declaration']}")
    c["declaration"] = "DOC-" + case_id[3:]
    items = ", ".join(f"{i['code']} {'/'.join(i['teeth'])}".strip() for i in c["items"])
    return Declaration(c["declaration"], case_id, items, state.dentists[c["dentist"]]["name"], c["patient"],
                       who["name"])


# --------------------------------------------------------------------------- dispatch and changes


def courier_slots(state: State, token: str, day: str) -> list[str]:
    """Free collection times of the lab's courier on a day.

    Parameters
    ----------
    token : str
        Session token.
    day : str
        ``YYYY-MM-DD``.

    Returns
    -------
    list of str
        Times as ``HH:MM``.
    """
    _staff(state, token)
    if day < TODAY:
        raise ValueError("that day has passed")
    return ["11:30", "15:00", "17:15"] if day == TODAY else ["10:00", "13:30", "16:30"]


def book_courier(state: State, token: str, case_id: str, day: str, slot: str) -> DispatchNote:
    """Book the courier to take a finished case back to its practice.

    Parameters
    ----------
    token : str
        Session token (reception).
    case_id : str
        The case; its declaration must be issued.
    day : str
        ``YYYY-MM-DD``.
    slot : str
        One of the courier's free times that day.

    Returns
    -------
    DispatchNote
    """
    _staff(state, token, "reception")
    c = _open_case(state, case_id, "ready")
    if not c["declaration"]:
        raise ValueError(f"{case_id} cannot leave without its declaration")
    if slot not in courier_slots(state, token, day):
        raise ValueError(f"the courier is not free at {slot} on {day}")
    c["docket"] = "DK-" + case_id[3:]
    c["stage"] = "dispatched"
    return DispatchNote(c["docket"], case_id, day, slot, state.practices[c["practice"]]["address"])


def put_on_hold(state: State, token: str, case_id: str, reason: str) -> Case:
    """Stop work on a case (waiting for the practice, a query on the prescription).

    Parameters
    ----------
    token : str
        Session token.
    case_id : str
        The case.
    reason : str
        Why work has stopped.

    Returns
    -------
    Case
    """
    _staff(state, token)
    c = _case(state, case_id)
    if c["stage"] in ("dispatched", "cancelled"):
        raise ValueError(f"{case_id} is {c['stage']}")
    if c["hold"]:
        raise ValueError(f"{case_id} is already on hold")
    c["hold"] = True
    c["notes"].append(f"on hold: {reason}")
    return _case_reply(state, case_id)


def release_hold(state: State, token: str, case_id: str) -> Case:
    """Restart work on a case that is on hold.

    Parameters
    ----------
    token : str
        Session token.
    case_id : str
        The case.

    Returns
    -------
    Case
    """
    _staff(state, token)
    c = _case(state, case_id)
    if not c["hold"]:
        raise ValueError(f"{case_id} is not on hold")
    c["hold"] = False
    return _case_reply(state, case_id)


def change_due_date(state: State, token: str, case_id: str, due_date: str, reason: str) -> Case:
    """Move a case's due date.

    Parameters
    ----------
    token : str
        Session token (reception).
    case_id : str
        The case.
    due_date : str
        The new date, ``YYYY-MM-DD``.
    reason : str
        Why (shown to the practice).

    Returns
    -------
    Case
    """
    _staff(state, token, "reception")
    c = _case(state, case_id)
    if c["stage"] in ("dispatched", "cancelled"):
        raise ValueError(f"{case_id} is {c['stage']}")
    if due_date <= TODAY:
        raise ValueError("the due date must be after today")
    if due_date == c["due"]:
        raise ValueError(f"{case_id} is already due on {due_date}")
    c["due"] = due_date
    c["notes"].append(f"due date moved: {reason}")
    return _case_reply(state, case_id)


def cancel_case(state: State, token: str, case_id: str, reason: str) -> str:
    """Cancel a case before manufacture starts.

    Parameters
    ----------
    token : str
        Session token (reception).
    case_id : str
        The case.
    reason : str
        Why the practice cancelled.

    Returns
    -------
    str
        A confirmation sentence.
    """
    _staff(state, token, "reception")
    c = _case(state, case_id)
    if c["stage"] not in ("received", "design"):
        raise ValueError(f"{case_id} is at stage '{c['stage']}' and can no longer be cancelled")
    c["stage"] = "cancelled"
    c["notes"].append(f"cancelled: {reason}")
    for sid in c["scans"]:
        state.scans[sid]["case"] = None
    return f"Case {case_id} cancelled; {len(c['items'])} item(s) will not be charged."


def request_remake(state: State, token: str, case_id: str, reason_code: str, notes: str) -> Case:
    """Open a remake of dispatched work that the practice sent back.

    Parameters
    ----------
    token : str
        Session token.
    case_id : str
        The original, dispatched case.
    reason_code : str
        Why the work came back.
    notes : str
        The dentist's description.

    Returns
    -------
    Case
        The remake case, at stage ``received``, with the original's items and models.
    """
    _staff(state, token, "reception", "manager")
    c = _case(state, case_id)
    if c["stage"] != "dispatched":
        raise ValueError(f"{case_id} has not been dispatched")
    if reason_code not in _REMAKE_REASONS:
        raise ValueError("reason_code must be one of " + ", ".join(_REMAKE_REASONS))
    rid = f"CW-{_next(state, 'case')}"
    items = [dict(i, item_id=f"{rid}-{n}", price=0.0 if reason_code == "lab_error" else i["price"])
             for n, i in enumerate(c["items"], 1)]
    state.cases[rid] = {"practice": c["practice"], "dentist": c["dentist"], "patient": c["patient"],
                        "stage": "received", "due": c["due"], "hold": False, "tech": c["tech"], "models": c["models"],
                        "items": items, "scans": [], "designs": [],
                        "notes": [f"remake of {case_id} ({reason_code}): {notes}"], "impression": None, "job": None,
                        "qc": None, "declaration": None, "docket": None, "invoice": None}
    return _case_reply(state, rid)


# --------------------------------------------------------------------------- accounts and messages


def raise_invoice(state: State, token: str, case_id: str) -> Invoice:
    """Invoice the practice for a dispatched case.

    Parameters
    ----------
    token : str
        Session token (accounts).
    case_id : str
        The dispatched case.

    Returns
    -------
    Invoice
        With a row ``[item_id, product_code, price]`` per item.
    """
    _staff(state, token, "accounts")
    c = _case(state, case_id)
    if c["stage"] != "dispatched":
        raise ValueError(f"{case_id} has not been dispatched")
    if c["invoice"]:
        raise ValueError(f"{case_id} is already invoiced on {c['invoice']}")
    iid = "INV-" + case_id[3:]
    lines = [[i["item_id"], i["code"], i["price"]] for i in c["items"]]
    state.invoices[iid] = {"case": case_id, "practice": c["practice"], "lines": lines,
                           "total": round(sum(r[2] for r in lines), 2), "status": "sent", "paid": 0.0,
                           "month": TODAY[:7]}
    c["invoice"] = iid
    return _invoice_reply(state, iid)


def record_payment(state: State, token: str, invoice_id: str, amount: float, method: PayMethod) -> Receipt:
    """Record a practice's payment against an invoice.

    Parameters
    ----------
    token : str
        Session token (accounts).
    invoice_id : str
        The invoice, e.g. ``INV-24015``.
    amount : float
        Amount paid in pounds.
    method : {"bacs", "card", "cheque"}

    Returns
    -------
    Receipt
    """
    _staff(state, token, "accounts")
    v = state.invoices.get(invoice_id)
    if v is None:
        raise LookupError(f"no invoice {invoice_id}")
    if v["status"] == "paid":
        raise ValueError(f"{invoice_id} is already paid")
    balance = round(v["total"] - v["paid"], 2)
    if amount <= 0 or amount > balance:
        raise ValueError(f"amount must be between 0 and the balance of {balance:.2f}")
    v["paid"] = round(v["paid"] + amount, 2)
    if v["paid"] >= v["total"]:
        v["status"] = "paid"
    rid = f"RC-{len(state.receipts) + 1:04d}"
    state.receipts.append(rid)
    return Receipt(rid, invoice_id, amount, method, round(v["total"] - v["paid"], 2))


def practice_statement(state: State, token: str, practice_id: str, month: str | None = None) -> Statement:
    """A practice's statement of invoices.

    Parameters
    ----------
    token : str
        Session token.
    practice_id : str
        The practice.
    month : str, optional
        ``YYYY-MM``; every month when left out.

    Returns
    -------
    Statement
        A row ``[invoice_id, case_id, total, paid, status]`` per invoice.
    """
    _staff(state, token, "accounts", "reception")
    _practice(state, practice_id)
    rows = [[iid, v["case"], v["total"], v["paid"], v["status"]] for iid, v in sorted(state.invoices.items())
            if v["practice"] == practice_id and (month is None or v["month"] == month)]
    return Statement(practice_id, month or "all", rows, round(sum(r[2] - r[3] for r in rows), 2))


def message_practice(state: State, token: str, practice_id: str, subject: str, body: str,
                     case_id: str | None = None) -> str:
    """E-mail a practice from the lab.

    Parameters
    ----------
    token : str
        Session token.
    practice_id : str
        The practice.
    subject : str
        Subject line.
    body : str
        Message text.
    case_id : str, optional
        A case the message is about.

    Returns
    -------
    str
        The message id.
    """
    _staff(state, token)
    _practice(state, practice_id)
    if case_id is not None and _case(state, case_id)["practice"] != practice_id:
        raise ValueError(f"{case_id} is not a case of {practice_id}")
    if not body.strip():
        raise ValueError("the message is empty")
    mid = f"MSG-{_next(state, 'message')}"
    state.messages.append({"id": mid, "practice": practice_id, "subject": subject, "body": body, "case": case_id})
    return mid


TOOLS = [
    sign_in, sign_out, price_list, find_practice, register_practice, add_dentist, open_case, list_cases, get_case,
    list_scan_inbox, attach_scan, book_in_impression, pour_models, add_item, remove_item, list_technicians,
    assign_technician, create_design, send_design_for_approval, record_design_decision, list_material_lots,
    start_manufacture, finish_case, qc_inspect, issue_declaration, courier_slots, book_courier, put_on_hold,
    release_hold, change_due_date, cancel_case, request_remake, raise_invoice, record_payment, practice_statement,
    message_practice,
]

FIXTURES = {
    "lab": {"name": "Crownworks Dental Laboratory, Bristol", "today": "Monday 12 March 2029"},
    "staff": [
        {"name": "Kate Morrow", "role": "reception", "username": "kate.morrow", "password": "Porcelain-41"},
        {"name": "Dan Osei", "role": "technician", "username": "dan.osei", "password": "Zirconia-77"},
        {"name": "Priya Shah", "role": "lab manager", "username": "priya.shah", "password": "Margin-2290"},
        {"name": "Li Wen", "role": "accounts", "username": "li.wen", "password": "Ledger-5813"},
    ],
    "new_practice": {"name": "Clifton Village Dental", "address": "12 Princess Victoria Street, Bristol BS8 4BP",
                     "phone": "0117 496 2231", "email": "practice@cliftonvillage.example",
                     "dentist": "Dr Sofia Marsh", "gdc_number": "281907"},
    "post_tray": [
        "Castle Street Dental: Dr Mensah's prescription for an e.max crown on the upper left central, shade A2, "
        "patient CS-6114, due Friday 16 March; scan sent from their scanner this morning",
        "Redland Smiles: lower impression in the bag for a hard night guard, patient RS-0790",
    ],
}


_TOKEN = "auth: session token (token of sign_in)"
TOKEN_CONSUMERS = [t.__name__ for t in TOOLS if t.__name__ not in ("sign_in", "price_list")]
CASE_CONSUMERS = [
    "get_case", "attach_scan", "book_in_impression", "pour_models", "add_item", "assign_technician", "create_design",
    "start_manufacture", "finish_case", "qc_inspect", "issue_declaration", "book_courier", "put_on_hold",
    "release_hold", "change_due_date", "cancel_case", "request_remake", "raise_invoice",
]
PRACTICE_CONSUMERS = ["add_dentist", "open_case", "practice_statement", "message_practice"]
_CASE = "id lookup/create: case id (case_id of open_case, or of a row of list_cases)"
_PRACTICE = "id lookup/create: practice id (practice_id of find_practice's rows, or of register_practice)"

GROUND_TRUTH = (
    [("sign_in", c, _TOKEN) for c in TOKEN_CONSUMERS]
    + [("open_case|list_cases", c, _CASE) for c in CASE_CONSUMERS]
    + [("find_practice|register_practice", c, _PRACTICE) for c in PRACTICE_CONSUMERS]
    + [
        ("add_dentist", "open_case", "id create: dentist id (dentist_id of add_dentist, for a dentist new to the lab)"),
        ("add_item|get_case", "remove_item", "id lookup/create: item id (item_id of add_item, or of get_case's items)"),
        ("list_scan_inbox", "attach_scan", "id lookup: scan id (scan_id of a list_scan_inbox row)"),
        ("list_technicians", "assign_technician", "id lookup: technician id (technician_id)"),
        ("create_design|get_case", "send_design_for_approval",
         "id lookup/create: design id (design_id of create_design, or of get_case's designs)"),
        ("create_design|get_case", "record_design_decision",
         "id lookup/create: design id (design_id of create_design, or of get_case's designs)"),
        ("raise_invoice|practice_statement", "record_payment",
         "id lookup/create: invoice id (invoice_id of raise_invoice, or row [0] of practice_statement)"),
        ("price_list", "add_item", "vocabulary: product code (code of a price_list item)"),
        ("list_material_lots", "start_manufacture", "vocabulary: a released material lot (lot)"),
        ("courier_slots", "book_courier", "vocabulary: a free courier time (bare list)"),
        ("attach_scan|pour_models", "create_design", "state: the case's models ready (a scan or poured models)"),
        ("add_item", "create_design", "state: items on the case"),
        ("assign_technician", "create_design", "state: a technician on the case"),
        ("book_in_impression", "pour_models", "state: an impression booked in"),
        ("send_design_for_approval", "record_design_decision", "state: the design sent to the dentist"),
        ("record_design_decision", "start_manufacture", "state: an approved design"),
        ("start_manufacture", "finish_case", "state: the case in manufacture"),
        ("finish_case", "qc_inspect", "state: the case finished, at stage qc"),
        ("qc_inspect", "issue_declaration", "state: QC passed"),
        ("issue_declaration", "book_courier", "state: the declaration issued (case ready)"),
        ("book_courier", "raise_invoice", "state: the case dispatched"),
        ("book_courier", "request_remake", "state: the case dispatched"),
        ("put_on_hold", "release_hold", "state: the case on hold"),
    ]
)

PLAUSIBLE = {
    ("get_case", "add_item"), ("get_case", "create_design"), ("get_case", "start_manufacture"),
    ("get_case", "qc_inspect"), ("get_case", "change_due_date"), ("get_case", "book_courier"),
    ("list_cases", "message_practice"), ("list_scan_inbox", "open_case"), ("find_practice", "list_cases"),
    ("find_practice", "list_scan_inbox"), ("price_list", "start_manufacture"), ("price_list", "list_material_lots"),
    ("list_technicians", "create_design"), ("create_design", "start_manufacture"), ("book_courier", "message_practice"),
    ("raise_invoice", "practice_statement"), ("practice_statement", "message_practice"),
    ("request_remake", "attach_scan"), ("get_case", "issue_declaration"), ("list_cases", "practice_statement"),
    ("put_on_hold", "message_practice"), ("qc_inspect", "finish_case"),
}
