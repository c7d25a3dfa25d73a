"""Sondage: the project system of Fellmoor Archaeology, a commercial archaeology unit's projects, fieldwork, finds,
human remains, samples, archives and sign-off (39 calls).

Async functions without a decorator, each checking its own session and role, over an in-memory ``State`` of the unit
on Thursday 21 May 2054 at 08:00. Project managers open projects for developers whose planning permission carries an
archaeological condition, file the written scheme of investigation (WSI), the risk assessment and the report, submit
the WSI to the county archaeologist, start fieldwork, apply for and record the Ministry of Justice licence to remove
human remains, and finish fieldwork. Site supervisors record the cable-avoidance scan of the day, open trenches,
record and relate contexts, take environmental samples and close trenches. The finds officer registers finds, sends
samples to specialists and asks for conservation of small finds; the osteologist records skeletons lifted under a
licence. The archivist requests a museum accession number, agrees the finds retention policy, prepares and deposits
the archive. Finance raises a project's stage invoices and records payments. The county archaeologist's office (the
curator) approves WSIs, records monitoring visits and signs off a project once its report is in and its archive
deposited. The head of the unit may make every call. The find types and the archaeological periods are public.

Refusals are raised as the module's own exception class, ``FieldworkError``, whose message starts with a code in
brackets (``FW-AUTH``, ``FW-ROLE``, ``FW-UNKNOWN``, ``FW-INPUT``, ``FW-STATE``, ``FW-RULE``), as in
``FieldworkError: [FW-STATE] FMA-2314 is wsi_submitted; fieldwork starts once its WSI is approved and its mobilisation
invoice paid``.

Annotations are evaluated at definition and spelled with PEP 604 unions and builtin generics (``str | None``,
``list[str]``, ``list[int]``, ``list[list[Any]]``), with ``Literal`` aliases and ``Enum``s. Docstrings are reST
(``:param name:``, ``:returns:``). Replies are ``TypedDict``s and lists of them (a session, projects, a project's
detail with documents, trenches, invoices, licences and monitoring visits as rows, a document, an invoice, a service
scan, a trench, a context with its relations, a find, a conservation request, a licence application, a skeleton, a
monitoring visit, a sample, a dispatch, an accession, an archive); the find types, the periods, a project's trenches,
a trench's contexts, the specialists and the museums as bare rows; a bare value (what is left to pay on an invoice);
sentences with ids in them (a trench closed, a project signed off, a sign-out). Typed inputs: a plain ``Enum`` input
(``DocKind``), ``str`` ``Enum`` inputs (``Stage``, ``RetentionPolicy``), ``Literal`` inputs (a project's kind, a
context's type, a sex, a sample's type, a visit's outcome, a way to pay) and ``Literal`` filters (projects,
invoices), ``list[str]`` services found and samples, ``list[int]`` earlier contexts, ``bool`` answers, ``int`` counts,
context numbers, revisions, boxes and files, ``float`` trench sizes, weights, litres and amounts, ``str | None``
filters. Ids look alike: project ``FMA-2314``, document ``DOC-5120``, invoice ``INV-3318``, scan ``CAT-0641``, trench
``TR-0907``, context ``204``, find ``F-10455``, small find ``SF 4``, conservation request ``CR-0088``, licence
application ``MOJ-0215``, skeleton ``SK-0062``, visit ``MV-0174``, sample ``S-0731``, dispatch ``DSP-0219``; find
types ``POT``; periods ``RB``; specialists ``BIR``; museums ``HELM``. The forms of a grid reference, a planning
reference and a Ministry licence number, a trench's largest size, the scan's one-day life, which specialist takes
which sample, a museum's collecting area and its deposition fee a box, and which finds a licence covers are stated
only in refusals.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as provider means either
tool satisfies it, and the text of ``what`` before its first ``:`` is the kind.
"""

import datetime
import re
from enum import Enum
from typing import Any, Literal, TypedDict

TODAY = "2054-05-21"  # a Thursday
NOW = "08:00"
MANAGER = "project_manager"
SUPERVISOR = "site_supervisor"
FINDS = "finds_officer"
OSTEOLOGIST = "osteologist"
ARCHIVIST = "archivist"
FINANCE = "finance"
CURATOR = "curator"
HEAD = "head_of_unit"

ProjectKind = Literal["evaluation", "excavation", "watching_brief"]
ProjectStatus = Literal["set_up", "wsi_submitted", "wsi_approved", "fieldwork", "post_excavation", "reported",
                        "signed_off"]
ContextType = Literal["cut", "fill", "layer", "structure", "skeleton"]
Sex = Literal["female", "male", "unknown"]
SampleType = Literal["bulk", "charcoal", "pollen"]
Outcome = Literal["satisfactory", "concerns"]
PayMethod = Literal["bacs", "card", "cheque"]
InvoiceStatus = Literal["unpaid", "paid"]


class DocKind(Enum):
    WSI = "wsi"
    RISK_ASSESSMENT = "risk_assessment"
    REPORT = "report"
    PHOTO_REGISTER = "photo_register"


class Stage(str, Enum):
    MOBILISATION = "mobilisation"
    FIELDWORK = "fieldwork"
    POST_EXCAVATION = "post_excavation"
    DEPOSITION = "deposition"


class RetentionPolicy(str, Enum):
    RETAIN_ALL = "retain_all"
    SELECTIVE = "selective"
    DISCARD_BULK = "discard_bulk"


FIND_TYPES = [  # code, material, what it covers
    ["POT", "ceramic", "pottery"],
    ["CBM", "ceramic", "ceramic building material: brick and tile"],
    ["ABO", "bone", "animal bone"],
    ["HUM", "bone", "disarticulated human bone"],
    ["MTL", "metal", "metalwork"],
    ["FLT", "stone", "worked flint"],
    ["GLS", "glass", "vessel and window glass"],
    ["SLG", "slag", "metalworking slag"],
]
FIND_TYPE = {row[0] for row in FIND_TYPES}
PERIODS = [  # code, name, from, to (years, AD positive)
    ["NEO", "Neolithic", -4000, -2200],
    ["BA", "Bronze Age", -2200, -800],
    ["IA", "Iron Age", -800, 43],
    ["RB", "Romano-British", 43, 410],
    ["EMED", "Early medieval", 410, 1066],
    ["MED", "Medieval", 1066, 1540],
    ["PMED", "Post-medieval", 1540, 1900],
    ["MOD", "Modern", 1900, 2100],
    ["UND", "Undated", None, None],
]
PERIOD = {row[0] for row in PERIODS}
SPECIALISTS = {  # code: name, discipline, sample types taken
    "BIR": ["Birkrigg Environmental", "charred plant remains", ["bulk"]],
    "ULP": ["Ulpha Dating Laboratory", "radiocarbon dating", ["charcoal"]],
    "MAL": ["Mallowdale Palynology", "pollen analysis", ["pollen"]],
}
MUSEUMS = {  # code: name, collecting area (parishes), deposition fee a box
    "HELM": ["Helmsby Museum", ["Helmsby", "Skelwith"], 95.0],
    "BMS": ["Brackenshire Museums Service", ["Thornleigh", "Garrowby", "Skelwith"], 110.0],
    "CAW": ["Cawdor Heritage Centre", ["Cawdor"], 80.0],
}
GRID = re.compile(r"[A-Z]{2} \d{4} \d{4}")
PLANNING = re.compile(r"\d{2}/\d{4}/[A-Z]{3}")
LICENCE = re.compile(r"\d{2}-\d{4}")
TRENCH_MAX = (50.0, 4.0)  # length, width in metres
REMAINS_TYPES = ("HUM",)


class FieldworkError(Exception):
    """A refusal by the unit's project system: a bracketed code, then what is wrong."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"[{code}] {message}")
        self.code = code


# --------------------------------------------------------------------------- replies


class Session(TypedDict):
    token: str
    name: str
    role: str
    signed_in: str


class Project(TypedDict):
    project_id: str
    site: str
    parish: str
    client: str
    kind: str
    site_code: str
    grid_reference: str
    planning_reference: str
    project_status: str


class ProjectDetail(Project):
    documents: list[list[Any]]
    trenches: list[list[Any]]
    invoices: list[list[Any]]
    licences: list[list[Any]]
    visits: list[list[Any]]
    retention_policy: str | None
    accession_number: str | None
    archive: str | None


class Document(TypedDict):
    document_id: str
    project_id: str
    kind: str
    reference: str
    revision: int
    filed: str


class Invoice(TypedDict):
    invoice_id: str
    project_id: str
    stage: str
    amount: float
    paid: float
    invoice_status: str


class Scan(TypedDict):
    scan_id: str
    project_id: str
    surveyor: str
    services_found: list[str]
    scanned_on: str


class Trench(TypedDict):
    trench_id: str
    project_id: str
    label: str
    number: int
    length_m: float
    width_m: float
    trench_status: str


class Context(TypedDict):
    context_no: int
    trench_id: str
    context_type: str
    description: str
    period: str
    later_than: list[int]


class Find(TypedDict):
    find_id: str
    project_id: str
    trench_id: str
    context_no: int
    find_type: str
    count: int
    weight_g: float
    small_find_no: int | None


class Conservation(TypedDict):
    request_id: str
    find_id: str
    small_find_no: int
    treatment: str
    requested: str


class LicenceApplication(TypedDict):
    application_id: str
    project_id: str
    reason: str
    licence_number: str | None
    expires: str | None
    licence_status: str


class Skeleton(TypedDict):
    skeleton_id: str
    trench_id: str
    context_no: int
    age_range: str
    sex: str
    completeness_pct: int


class Visit(TypedDict):
    visit_id: str
    project_id: str
    outcome: str
    notes: str
    visited: str


class Sample(TypedDict):
    sample_id: str
    trench_id: str
    context_no: int
    sample_type: str
    litres: float


class Dispatch(TypedDict):
    dispatch_id: str
    specialist: str
    samples: list[str]
    sent: str


class Accession(TypedDict):
    project_id: str
    museum_code: str
    museum: str
    accession_number: str


class Archive(TypedDict):
    project_id: str
    boxes: int
    digital_files: int
    retention_policy: str
    archive_status: str


# --------------------------------------------------------------------------- the unit on the day


def _project(site: str, parish: str, client: str, kind: str, code: str, grid: str, planning: str,
             status: str) -> dict[str, Any]:
    return {"site": site, "parish": parish, "client": client, "kind": kind, "code": code, "grid": grid,
            "planning": planning, "status": status, "retention": None, "accession": None, "archive": None}


class State:
    """Fellmoor Archaeology on Thursday 21 May 2054 at 08:00."""

    def __init__(self) -> None:
        self.staff = {
            "hildegard.e": {"name": "Hildegard Eddowes", "password": "Scheme-Trial-35", "role": MANAGER},
            "brynjar.w": {"name": "Brynjar Wetherell", "password": "Section-Plan-62", "role": SUPERVISOR},
            "linnea.m": {"name": "Linnea Mulholland", "password": "Sherd-Bag-47", "role": FINDS},
            "eberhard.k": {"name": "Eberhard Kozlowski", "password": "Femur-Scale-18", "role": OSTEOLOGIST},
            "philippina.i": {"name": "Philippina Illingworth", "password": "Acid-Free-Box-24", "role": ARCHIVIST},
            "gawain.t": {"name": "Gawain Tattersall", "password": "Stage-Invoice-71", "role": FINANCE},
            "hyacintha.o": {"name": "Hyacintha Ogunleye", "password": "Condition-Met-56", "role": CURATOR},
            "reginald.w": {"name": "Reginald Whitworth", "password": "Unit-Head-93", "role": HEAD},
        }
        self.sessions: dict[str, dict[str, Any]] = {}
        self.projects: dict[str, dict[str, Any]] = {
            "FMA-2305": _project("Former gasworks, Garrowby", "Garrowby", "Jephcott Homes Ltd", "watching_brief",
                                 "GGW53", "NY 5128 2246", "53/0217/FUL", "post_excavation"),
            "FMA-2310": _project("Land off Eskrigg Lane, Helmsby", "Helmsby", "Crossgill Developments Ltd",
                                 "excavation", "HEL54", "NY 4471 3092", "53/0884/OUT", "fieldwork"),
            "FMA-2314": _project("The old tannery, Brigg Street, Thornleigh", "Thornleigh", "Tannery Yard LLP",
                                 "evaluation", "TBS54", "NY 4902 1877", "54/0102/FUL", "wsi_submitted"),
        }
        self.documents: dict[str, dict[str, Any]] = {
            "DOC-5101": {"project": "FMA-2305", "kind": "wsi", "reference": "WSI-GGW-01", "revision": 2,
                         "filed": "2053-10-02"},
            "DOC-5102": {"project": "FMA-2305", "kind": "risk_assessment", "reference": "RA-GGW-01", "revision": 1,
                         "filed": "2053-10-02"},
            "DOC-5107": {"project": "FMA-2310", "kind": "wsi", "reference": "WSI-HEL-01", "revision": 3,
                         "filed": "2054-02-11"},
            "DOC-5108": {"project": "FMA-2310", "kind": "risk_assessment", "reference": "RA-HEL-01", "revision": 2,
                         "filed": "2054-03-30"},
            "DOC-5115": {"project": "FMA-2314", "kind": "wsi", "reference": "WSI-TBS-01", "revision": 1,
                         "filed": "2054-05-06"},
        }
        self.invoices: dict[str, dict[str, Any]] = {
            "INV-3301": {"project": "FMA-2305", "stage": "mobilisation", "amount": 900.0, "paid": 900.0},
            "INV-3302": {"project": "FMA-2305", "stage": "fieldwork", "amount": 2400.0, "paid": 2400.0},
            "INV-3309": {"project": "FMA-2310", "stage": "mobilisation", "amount": 3200.0, "paid": 3200.0},
            "INV-3315": {"project": "FMA-2314", "stage": "mobilisation", "amount": 1450.0, "paid": 0.0},
        }
        self.scans: dict[str, dict[str, Any]] = {
            "CAT-0637": {"project": "FMA-2310", "surveyor": "Brynjar Wetherell", "services": [],
                         "day": "2054-04-22"},
        }
        self.trenches: dict[str, dict[str, Any]] = {
            "TR-0901": {"project": "FMA-2310", "label": "Trench 1", "number": 1, "length": 30.0, "width": 2.0,
                        "status": "closed"},
            "TR-0902": {"project": "FMA-2310", "label": "Trench 2", "number": 2, "length": 40.0, "width": 2.0,
                        "status": "open"},
            "TR-0904": {"project": "FMA-2310", "label": "Trench 3", "number": 3, "length": 20.0, "width": 2.0,
                        "status": "open"},
        }
        self.contexts: dict[str, dict[str, Any]] = {}
        for trench, no, kind, description, period, later in [
            ("TR-0901", 101, "layer", "Topsoil, dark greyish brown silty loam", "MOD", []),
            ("TR-0901", 102, "layer", "Subsoil, mid orange brown sandy clay", "UND", [101]),
            ("TR-0902", 201, "layer", "Topsoil", "MOD", []),
            ("TR-0902", 202, "cut", "Grave cut, rectangular, aligned west-east", "RB", []),
            ("TR-0902", 203, "fill", "Grave fill, mid brown silty clay with charcoal flecks", "RB", [202]),
            ("TR-0902", 204, "cut", "Ditch, north-south, V-shaped profile", "RB", []),
            ("TR-0902", 205, "skeleton", "Supine extended inhumation in grave 202", "RB", [202]),
            ("TR-0902", 206, "fill", "Ditch fill, dark grey clay silt with pottery", "RB", [204]),
            ("TR-0904", 301, "layer", "Topsoil", "MOD", []),
            ("TR-0904", 302, "layer", "Buried soil with worked flint", "NEO", []),
        ]:
            self.contexts[f"{trench}/{no}"] = {"trench": trench, "no": no, "type": kind, "description": description,
                                               "period": period, "later": list(later)}
        self.finds: dict[str, dict[str, Any]] = {
            "F-10440": {"trench": "TR-0902", "context": 206, "type": "POT", "count": 14, "weight": 212.5,
                        "small_find": None},
            "F-10441": {"trench": "TR-0902", "context": 203, "type": "MTL", "count": 1, "weight": 9.8,
                        "small_find": 3},
            "F-10446": {"trench": "TR-0904", "context": 302, "type": "FLT", "count": 6, "weight": 41.0,
                        "small_find": None},
        }
        self.conservation: dict[str, dict[str, Any]] = {}
        self.licences: dict[str, dict[str, Any]] = {}
        self.skeletons: dict[str, dict[str, Any]] = {}
        self.visits: dict[str, dict[str, Any]] = {
            "MV-0171": {"project": "FMA-2310", "outcome": "concerns", "notes": "Grave 202 to be left covered until a "
                        "licence is held", "visited": "2054-05-12"},
        }
        self.samples: dict[str, dict[str, Any]] = {
            "S-0728": {"trench": "TR-0902", "context": 203, "type": "bulk", "litres": 30.0, "sent": None},
        }
        self.dispatches: dict[str, dict[str, Any]] = {}
        self.counters = {"session": 1, "project": 2316, "document": 5120, "invoice": 3318, "scan": 641,
                         "trench": 907, "find": 10455, "small_find": 4, "conservation": 88, "licence": 215,
                         "skeleton": 62, "visit": 174, "sample": 731, "dispatch": 219, "accession": 17}


# --------------------------------------------------------------------------- helpers


def _refuse(code: str, message: str) -> FieldworkError:
    return FieldworkError(code, message)


def _session(state: Any, token: Any, roles: tuple[str, ...] = ()) -> dict[str, Any]:
    session = state.sessions.get(token) if isinstance(token, str) and state is not None else None
    if session is None:
        raise _refuse("FW-AUTH", "not signed in, or the session has ended; sign in first")
    if roles and session["role"] != HEAD and session["role"] not in roles:
        raise _refuse("FW-ROLE", f"{session['name']} ({session['role'].replace('_', ' ')}) may not do this")
    return session


def _next(state: State, kind: str) -> int:
    n = state.counters[kind]
    state.counters[kind] = n + 1
    return n


def _blank(value: Any) -> bool:
    return not isinstance(value, str) or not value.strip()


def _number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _get(table: dict[str, Any], key: Any, what: str) -> dict[str, Any]:
    if not isinstance(key, str) or key not in table:
        raise _refuse("FW-UNKNOWN", f"no {what} {key}")
    return table[key]


def _enum(kind: Any, value: Any, what: str) -> str:
    if isinstance(value, kind):
        return value.value
    allowed = [m.value for m in kind]
    if value not in allowed:
        raise _refuse("FW-INPUT", f"{what} is one of {', '.join(allowed)}")
    return value


def _project_reply(state: State, pid: str) -> Project:
    p = state.projects[pid]
    return Project(project_id=pid, site=p["site"], parish=p["parish"], client=p["client"], kind=p["kind"],
                   site_code=p["code"], grid_reference=p["grid"], planning_reference=p["planning"],
                   project_status=p["status"])


def _invoice(state: State, iid: str) -> Invoice:
    i = state.invoices[iid]
    return Invoice(invoice_id=iid, project_id=i["project"], stage=i["stage"], amount=i["amount"], paid=i["paid"],
                   invoice_status="paid" if i["paid"] >= i["amount"] else "unpaid")


def _trench_reply(state: State, tid: str) -> Trench:
    t = state.trenches[tid]
    return Trench(trench_id=tid, project_id=t["project"], label=t["label"], number=t["number"], length_m=t["length"],
                  width_m=t["width"], trench_status=t["status"])


def _context(state: State, trench_id: str, no: Any) -> dict[str, Any]:
    if not _int(no):
        raise _refuse("FW-INPUT", "context_no is a whole number")
    c = state.contexts.get(f"{trench_id}/{no}")
    if c is None:
        raise _refuse("FW-UNKNOWN", f"{trench_id} has no context {no}")
    return c


def _context_reply(c: dict[str, Any]) -> Context:
    return Context(context_no=c["no"], trench_id=c["trench"], context_type=c["type"], description=c["description"],
                   period=c["period"], later_than=list(c["later"]))


def _find_reply(state: State, fid: str) -> Find:
    f = state.finds[fid]
    return Find(find_id=fid, project_id=state.trenches[f["trench"]]["project"], trench_id=f["trench"],
                context_no=f["context"], find_type=f["type"], count=f["count"], weight_g=f["weight"],
                small_find_no=f["small_find"])


def _paid(state: State, pid: str, stage: str) -> bool:
    return any(i["project"] == pid and i["stage"] == stage and i["paid"] >= i["amount"]
               for i in state.invoices.values())


def _licensed(state: State, pid: str) -> bool:
    return any(a["project"] == pid and a["status"] == "granted" and a["expires"] >= TODAY
               for a in state.licences.values())


def _status(state: State, pid: str, allowed: tuple[str, ...], what: str) -> dict[str, Any]:
    p = _get(state.projects, pid, "project")
    if p["status"] not in allowed:
        raise _refuse("FW-STATE", f"{pid} is {p['status']}; {what}")
    return p


def _open_trench(state: State, trench_id: Any) -> dict[str, Any]:
    t = _get(state.trenches, trench_id, "trench")
    if t["status"] != "open":
        raise _refuse("FW-STATE", f"{trench_id} is {t['status']}")
    return t


# --------------------------------------------------------------------------- sign-in and the public lists


async def sign_in(state: State, username: str, password: str) -> Session:
    """Signs a member of staff, or the curator, in to the project system.

    :param username: The user name, such as hildegard.e.
    :param password: The password.
    :returns: The session: its token (every call but sign_in, find_types and periods needs it), name and role.
    :raises FieldworkError: for an unknown user name or a wrong password.
    """
    user = state.staff.get(username) if isinstance(username, str) else None
    if user is None or user["password"] != password:
        raise _refuse("FW-AUTH", "unknown user name or wrong password")
    token = f"fma-{username.split('.')[0]}-{_next(state, 'session')}"
    state.sessions[token] = {"username": username, **user}
    return Session(token=token, name=user["name"], role=user["role"], signed_in=f"{TODAY} {NOW}")


async def sign_out(state: State, token: str) -> str:
    """Ends a session.

    :param token: The session token.
    :returns: A sentence saying who signed out.
    """
    session = _session(state, token)
    del state.sessions[token]
    return f"{session['name']} signed out of {token} at {NOW}."


async def find_types() -> list[list[str]]:
    """The unit's find types, which anyone may read.

    :returns: One row per type: [code, material, what it covers].
    """
    return [list(row) for row in FIND_TYPES]


async def periods() -> list[list[Any]]:
    """The archaeological periods contexts are dated to, which anyone may read.

    :returns: One row per period: [code, name, from year, to year] (years before Christ negative).
    """
    return [list(row) for row in PERIODS]


# --------------------------------------------------------------------------- projects, documents and the WSI


async def projects(state: State, token: str, status: ProjectStatus | None = None) -> list[Project]:
    """The unit's projects, optionally only those in one status (anyone signed in).

    :param token: The session token.
    :param status: set_up, wsi_submitted, wsi_approved, fieldwork, post_excavation, reported or signed_off.
    :returns: The projects, in project id order.
    """
    _session(state, token)
    if status not in (None, "set_up", "wsi_submitted", "wsi_approved", "fieldwork", "post_excavation", "reported",
                      "signed_off"):
        raise _refuse("FW-INPUT", "status is set_up, wsi_submitted, wsi_approved, fieldwork, post_excavation, "
                                  "reported or signed_off")
    return [_project_reply(state, pid) for pid, p in sorted(state.projects.items())
            if status is None or p["status"] == status]


async def open_project(state: State, token: str, client: str, site: str, parish: str, grid_reference: str,
                       planning_reference: str, kind: ProjectKind) -> Project:
    """Opens a project for a developer's site whose planning permission carries an archaeological condition (a
    project manager).

    :param token: The session token (project manager).
    :param client: The developer.
    :param site: The site's name and address.
    :param parish: The parish it lies in.
    :param grid_reference: Its national grid reference.
    :param planning_reference: The planning application's reference.
    :param kind: evaluation, excavation or watching_brief.
    :returns: The project, set up, with its site code.
    """
    _session(state, token, (MANAGER,))
    if _blank(client) or _blank(site) or _blank(parish):
        raise _refuse("FW-INPUT", "client, site and parish are required")
    if kind not in ("evaluation", "excavation", "watching_brief"):
        raise _refuse("FW-INPUT", "kind is evaluation, excavation or watching_brief")
    if not isinstance(grid_reference, str) or not GRID.fullmatch(grid_reference.strip()):
        raise _refuse("FW-INPUT", "a grid reference is written as two letters, four figures and four figures, such "
                                  "as NY 4471 3092")
    if not isinstance(planning_reference, str) or not PLANNING.fullmatch(planning_reference.strip()):
        raise _refuse("FW-INPUT", "a planning reference is written year/number/type, such as 53/0884/OUT")
    for pid, p in state.projects.items():
        if p["planning"] == planning_reference.strip() and p["kind"] == kind:
            raise _refuse("FW-STATE", f"{pid} is open for that already")
    pid = f"FMA-{_next(state, 'project')}"
    code = "".join(w[0] for w in site.split()[:3]).upper().ljust(3, "X")[:3] + TODAY[2:4]
    state.projects[pid] = _project(" ".join(site.split()), parish.strip(), client.strip(), kind, code,
                                   grid_reference.strip(), planning_reference.strip(), "set_up")
    return _project_reply(state, pid)


async def project_detail(state: State, token: str, project_id: str) -> ProjectDetail:
    """A project in full (anyone signed in).

    :param token: The session token.
    :param project_id: The project.
    :returns: The project, with its documents as rows [document id, kind, reference, revision], its trenches as rows
        [trench id, label, status], its invoices as rows [invoice id, stage, amount, status], its licence
        applications as rows [application id, licence number, status], its monitoring visits as rows [visit id,
        outcome, date], its retention policy, accession number and archive.
    """
    _session(state, token)
    p = _get(state.projects, project_id, "project")
    return ProjectDetail(
        **_project_reply(state, project_id),
        documents=[[did, d["kind"], d["reference"], d["revision"]] for did, d in sorted(state.documents.items())
                   if d["project"] == project_id],
        trenches=[[tid, t["label"], t["status"]] for tid, t in sorted(state.trenches.items())
                  if t["project"] == project_id],
        invoices=[[iid, i["stage"], i["amount"], _invoice(state, iid)["invoice_status"]]
                  for iid, i in sorted(state.invoices.items()) if i["project"] == project_id],
        licences=[[aid, a["number"], a["status"]] for aid, a in sorted(state.licences.items())
                  if a["project"] == project_id],
        visits=[[vid, v["outcome"], v["visited"]] for vid, v in sorted(state.visits.items())
                if v["project"] == project_id],
        retention_policy=p["retention"], accession_number=p["accession"], archive=p["archive"]["status"]
        if p["archive"] else None)


async def upload_document(state: State, token: str, project_id: str, kind: DocKind, reference: str,
                          revision: int) -> Document:
    """Files a document on a project (a project manager or a site supervisor): a WSI, a risk assessment, a report or
    a photograph register.

    :param token: The session token (project manager or site supervisor).
    :param project_id: The project.
    :param kind: wsi, risk_assessment, report or photo_register.
    :param reference: The document's reference.
    :param revision: Its revision number.
    :returns: The document on file.
    """
    _session(state, token, (MANAGER, SUPERVISOR))
    _get(state.projects, project_id, "project")
    kind_value = _enum(DocKind, kind, "kind")
    if _blank(reference) or not _int(revision) or revision < 0:
        raise _refuse("FW-INPUT", "reference and a revision number are required")
    for did, d in state.documents.items():
        if d["project"] == project_id and d["reference"] == reference.strip() and d["revision"] == revision:
            raise _refuse("FW-STATE", f"that document is on file already as {did}")
    did = f"DOC-{_next(state, 'document')}"
    state.documents[did] = {"project": project_id, "kind": kind_value, "reference": reference.strip(),
                            "revision": revision, "filed": TODAY}
    return Document(document_id=did, project_id=project_id, kind=kind_value, reference=reference.strip(),
                    revision=revision, filed=TODAY)


async def submit_wsi(state: State, token: str, project_id: str, document_id: str) -> Project:
    """Submits a project's written scheme of investigation to the county archaeologist (a project manager).

    :param token: The session token (project manager).
    :param project_id: The project, set up.
    :param document_id: The WSI on file for it.
    :returns: The project, its WSI submitted.
    """
    _session(state, token, (MANAGER,))
    p = _get(state.projects, project_id, "project")
    d = _get(state.documents, document_id, "document")
    if d["project"] != project_id or d["kind"] != "wsi":
        raise _refuse("FW-RULE", f"{document_id} is not a WSI of {project_id}'s")
    if p["status"] != "set_up":
        raise _refuse("FW-STATE", f"{project_id} is {p['status']}; a WSI is submitted once")
    p["status"] = "wsi_submitted"
    p["wsi"] = document_id
    return _project_reply(state, project_id)


async def approve_wsi(state: State, token: str, project_id: str, conditions: str) -> Project:
    """Approves a submitted WSI (the curator), with any conditions.

    :param token: The session token (curator).
    :param project_id: The project.
    :param conditions: The curator's conditions, or "none".
    :returns: The project, its WSI approved.
    """
    _session(state, token, (CURATOR,))
    if _blank(conditions):
        raise _refuse("FW-INPUT", "conditions are required (write none if there are none)")
    p = _status(state, project_id, ("wsi_submitted",), "a WSI is approved once it is submitted")
    p["status"] = "wsi_approved"
    p["conditions"] = conditions.strip()
    return _project_reply(state, project_id)


async def start_fieldwork(state: State, token: str, project_id: str) -> Project:
    """Starts a project's fieldwork (a project manager): its WSI approved, its risk assessment on file and its
    mobilisation invoice paid.

    :param token: The session token (project manager).
    :param project_id: The project.
    :returns: The project, in fieldwork.
    """
    _session(state, token, (MANAGER,))
    p = _status(state, project_id, ("wsi_approved",), "fieldwork starts once its WSI is approved and its "
                                                      "mobilisation invoice paid")
    if not any(d["project"] == project_id and d["kind"] == "risk_assessment" for d in state.documents.values()):
        raise _refuse("FW-RULE", f"{project_id} has no risk assessment on file")
    if not _paid(state, project_id, "mobilisation"):
        raise _refuse("FW-RULE", f"{project_id}'s mobilisation invoice is unpaid")
    p["status"] = "fieldwork"
    p["started"] = TODAY
    return _project_reply(state, project_id)


# --------------------------------------------------------------------------- invoices and payments


async def raise_invoice(state: State, token: str, project_id: str, stage: Stage, amount: float) -> Invoice:
    """Raises a project's stage invoice to the client (finance); one invoice a stage.

    :param token: The session token (finance).
    :param project_id: The project.
    :param stage: mobilisation, fieldwork, post_excavation or deposition.
    :param amount: The amount in pounds.
    :returns: The invoice, unpaid.
    """
    _session(state, token, (FINANCE,))
    _get(state.projects, project_id, "project")
    stage_value = _enum(Stage, stage, "stage")
    if not _number(amount) or amount <= 0:
        raise _refuse("FW-INPUT", "amount is a number of pounds over 0")
    for iid, i in state.invoices.items():
        if i["project"] == project_id and i["stage"] == stage_value:
            raise _refuse("FW-STATE", f"{project_id}'s {stage_value.replace('_', ' ')} invoice is {iid} already")
    iid = f"INV-{_next(state, 'invoice')}"
    state.invoices[iid] = {"project": project_id, "stage": stage_value, "amount": float(amount), "paid": 0.0}
    return _invoice(state, iid)


async def invoices(state: State, token: str, project_id: str | None = None,
                   status: InvoiceStatus | None = None) -> list[Invoice]:
    """The invoices, optionally one project's and only the unpaid or paid ones (anyone signed in).

    :param token: The session token.
    :param project_id: Only this project's.
    :param status: unpaid or paid.
    :returns: The invoices, in invoice id order.
    """
    _session(state, token)
    if project_id is not None:
        _get(state.projects, project_id, "project")
    if status not in (None, "unpaid", "paid"):
        raise _refuse("FW-INPUT", "status is unpaid or paid")
    out = [_invoice(state, iid) for iid in sorted(state.invoices)]
    return [i for i in out if (project_id is None or i["project_id"] == project_id)
            and (status is None or i["invoice_status"] == status)]


async def record_payment(state: State, token: str, invoice_id: str, amount: float, method: PayMethod) -> float:
    """Records a client's payment against an invoice (finance).

    :param token: The session token (finance).
    :param invoice_id: The invoice.
    :param amount: The amount paid, in pounds.
    :param method: bacs, card or cheque.
    :returns: What is left to pay on the invoice, in pounds.
    """
    _session(state, token, (FINANCE,))
    i = _get(state.invoices, invoice_id, "invoice")
    if not _number(amount) or amount <= 0 or method not in ("bacs", "card", "cheque"):
        raise _refuse("FW-INPUT", "amount is a number of pounds over 0 and method bacs, card or cheque")
    left = round(i["amount"] - i["paid"], 2)
    if left <= 0:
        raise _refuse("FW-STATE", f"{invoice_id} is paid already")
    if amount > left + 1e-9:
        raise _refuse("FW-RULE", f"{invoice_id} has {left:,.2f} pounds left to pay")
    i["paid"] = round(i["paid"] + amount, 2)
    return round(i["amount"] - i["paid"], 2)


# --------------------------------------------------------------------------- scans, trenches and contexts


async def record_service_scan(state: State, token: str, project_id: str, surveyor: str,
                              services_found: list[str]) -> Scan:
    """Records the day's cable-avoidance scan of a project's site before any digging (a site supervisor).

    :param token: The session token (site supervisor).
    :param project_id: The project, in fieldwork.
    :param surveyor: Who scanned.
    :param services_found: The buried services found and marked, if any.
    :returns: The scan.
    """
    _session(state, token, (SUPERVISOR,))
    _status(state, project_id, ("fieldwork",), "the site is scanned once fieldwork has started")
    if _blank(surveyor) or not isinstance(services_found, list) or not all(isinstance(s, str)
                                                                          for s in services_found):
        raise _refuse("FW-INPUT", "surveyor and a list of services_found (empty if none) are required")
    sid = f"CAT-{_next(state, 'scan'):04d}"
    state.scans[sid] = {"project": project_id, "surveyor": surveyor.strip(),
                        "services": [s.strip() for s in services_found], "day": TODAY}
    return Scan(scan_id=sid, project_id=project_id, surveyor=surveyor.strip(),
                services_found=[s.strip() for s in services_found], scanned_on=TODAY)


async def open_trench(state: State, token: str, project_id: str, label: str, length_m: float, width_m: float,
                      scan_id: str) -> Trench:
    """Opens a trench on a project in fieldwork (a site supervisor), under the day's service scan.

    :param token: The session token (site supervisor).
    :param project_id: The project.
    :param label: The trench's label on the site plan, such as Trench 4.
    :param length_m: Its length in metres.
    :param width_m: Its width in metres.
    :param scan_id: Today's service scan of the site.
    :returns: The trench, open.
    """
    _session(state, token, (SUPERVISOR,))
    _status(state, project_id, ("fieldwork",), "trenches are opened in fieldwork")
    scan = _get(state.scans, scan_id, "scan")
    if _blank(label) or not _number(length_m) or not _number(width_m) or length_m <= 0 or width_m <= 0:
        raise _refuse("FW-INPUT", "label, length_m and width_m are required")
    if scan["project"] != project_id:
        raise _refuse("FW-RULE", f"{scan_id} is a scan of {scan['project']}, not {project_id}")
    if scan["day"] != TODAY:
        raise _refuse("FW-RULE", f"{scan_id} was made on {scan['day']}; a scan counts on the day it is made")
    if length_m > TRENCH_MAX[0] or width_m > TRENCH_MAX[1]:
        raise _refuse("FW-RULE", f"a trench is at most {TRENCH_MAX[0]:.0f} m long and {TRENCH_MAX[1]:.0f} m wide")
    for tid, t in state.trenches.items():
        if t["project"] == project_id and t["label"].lower() == label.strip().lower():
            raise _refuse("FW-STATE", f"{label.strip()} is {tid} already")
    number = 1 + max([t["number"] for t in state.trenches.values() if t["project"] == project_id], default=0)
    tid = f"TR-{_next(state, 'trench'):04d}"
    state.trenches[tid] = {"project": project_id, "label": label.strip(), "number": number,
                           "length": float(length_m), "width": float(width_m), "status": "open"}
    return _trench_reply(state, tid)


async def trenches(state: State, token: str, project_id: str) -> list[list[Any]]:
    """A project's trenches (anyone signed in).

    :param token: The session token.
    :param project_id: The project.
    :returns: One row per trench: [trench id, label, length, width, status, contexts recorded].
    """
    _session(state, token)
    _get(state.projects, project_id, "project")
    return [[tid, t["label"], t["length"], t["width"], t["status"],
             sum(1 for c in state.contexts.values() if c["trench"] == tid)]
            for tid, t in sorted(state.trenches.items()) if t["project"] == project_id]


async def record_context(state: State, token: str, trench_id: str, context_type: ContextType, description: str,
                         period: str) -> Context:
    """Records a context in an open trench (a site supervisor); contexts are numbered from the trench's number
    times one hundred.

    :param token: The session token (site supervisor).
    :param trench_id: The trench.
    :param context_type: cut, fill, layer, structure or skeleton.
    :param description: The context as recorded on its sheet.
    :param period: The period's code it dates to.
    :returns: The context, with its number.
    """
    _session(state, token, (SUPERVISOR,))
    t = _open_trench(state, trench_id)
    if context_type not in ("cut", "fill", "layer", "structure", "skeleton") or _blank(description):
        raise _refuse("FW-INPUT", "context_type is cut, fill, layer, structure or skeleton, and a description is "
                                  "required")
    if not isinstance(period, str) or period not in PERIOD:
        raise _refuse("FW-UNKNOWN", f"no period {period}")
    numbers = [c["no"] for c in state.contexts.values() if c["trench"] == trench_id]
    no = max(numbers, default=t["number"] * 100) + 1
    c = {"trench": trench_id, "no": no, "type": context_type, "description": description.strip(), "period": period,
         "later": []}
    state.contexts[f"{trench_id}/{no}"] = c
    return _context_reply(c)


async def contexts(state: State, token: str, trench_id: str) -> list[list[Any]]:
    """A trench's contexts (anyone signed in).

    :param token: The session token.
    :param trench_id: The trench.
    :returns: One row per context: [context number, type, description, period, contexts it is later than].
    """
    _session(state, token)
    _get(state.trenches, trench_id, "trench")
    rows = [[c["no"], c["type"], c["description"], c["period"], list(c["later"])]
            for c in state.contexts.values() if c["trench"] == trench_id]
    return sorted(rows)


async def relate_contexts(state: State, token: str, trench_id: str, context_no: int, later_than: list[int]) -> Context:
    """Records that a context is later than others in the same trench, cutting or overlying them (a site supervisor).

    :param token: The session token (site supervisor).
    :param trench_id: The trench.
    :param context_no: The later context.
    :param later_than: The context numbers it cuts or overlies.
    :returns: The context with its relations.
    """
    _session(state, token, (SUPERVISOR,))
    _open_trench(state, trench_id)
    c = _context(state, trench_id, context_no)
    if not isinstance(later_than, list) or not later_than or not all(_int(n) for n in later_than):
        raise _refuse("FW-INPUT", "later_than is a list of context numbers")
    for n in later_than:
        _context(state, trench_id, n)
        if n == context_no:
            raise _refuse("FW-RULE", "a context is not later than itself")
    new = [n for n in later_than if n not in c["later"]]
    if not new:
        raise _refuse("FW-STATE", f"{context_no} is recorded as later than those already")
    c["later"] = sorted(set(c["later"]) | set(new))
    return _context_reply(c)


async def close_trench(state: State, token: str, trench_id: str, backfilled: bool, notes: str) -> str:
    """Closes a trench once it is recorded (a site supervisor): it has contexts, and every skeleton in it has been
    recorded by the osteologist.

    :param token: The session token (site supervisor).
    :param trench_id: The trench.
    :param backfilled: Whether it has been backfilled.
    :param notes: The closing notes.
    :returns: A sentence saying so.
    """
    _session(state, token, (SUPERVISOR,))
    t = _open_trench(state, trench_id)
    if not isinstance(backfilled, bool) or _blank(notes):
        raise _refuse("FW-INPUT", "backfilled (true or false) and notes are required")
    mine = [c for c in state.contexts.values() if c["trench"] == trench_id]
    if not mine:
        raise _refuse("FW-RULE", f"{trench_id} has no contexts recorded")
    for c in sorted(mine, key=lambda c: c["no"]):
        if c["type"] == "skeleton" and not any(s["trench"] == trench_id and s["context"] == c["no"]
                                               for s in state.skeletons.values()):
            raise _refuse("FW-RULE", f"skeleton {c['no']} in {trench_id} is still to be recorded and lifted")
    t["status"] = "closed"
    t["notes"] = notes.strip()
    return (f"{trench_id} ({t['label']}, {t['project']}) closed on {TODAY}"
            f"{', backfilled' if backfilled else ', left open for the client'}: {notes.strip()}")


# --------------------------------------------------------------------------- finds, samples and specialists


async def register_find(state: State, token: str, trench_id: str, context_no: int, find_type: str, count: int,
                        weight_g: float, small_find: bool = False) -> Find:
    """Registers a bag of finds from a context (the finds officer); a small find gets its own number, and human bone
    is registered only under a Ministry of Justice licence.

    :param token: The session token (finds officer).
    :param trench_id: The trench.
    :param context_no: The context they came from.
    :param find_type: The find type's code.
    :param count: How many pieces.
    :param weight_g: Their weight in grams.
    :param small_find: Whether it is a small find, recorded in three dimensions.
    :returns: The find.
    """
    _session(state, token, (FINDS,))
    t = _get(state.trenches, trench_id, "trench")
    _context(state, trench_id, context_no)
    if not isinstance(find_type, str) or find_type not in FIND_TYPE:
        raise _refuse("FW-UNKNOWN", f"no find type {find_type}")
    if not _int(count) or count < 1 or not _number(weight_g) or weight_g <= 0 or not isinstance(small_find, bool):
        raise _refuse("FW-INPUT", "count is a whole number over 0, weight_g a number over 0, small_find true or false")
    if small_find and count != 1:
        raise _refuse("FW-RULE", "a small find is a single object")
    if find_type in REMAINS_TYPES and not _licensed(state, t["project"]):
        raise _refuse("FW-RULE", f"human bone from {t['project']} is taken only under a Ministry of Justice licence")
    fid = f"F-{_next(state, 'find')}"
    state.finds[fid] = {"trench": trench_id, "context": context_no, "type": find_type, "count": count,
                        "weight": float(weight_g), "small_find": _next(state, "small_find") if small_find else None}
    return _find_reply(state, fid)


async def finds(state: State, token: str, project_id: str, find_type: str | None = None) -> list[Find]:
    """A project's finds, optionally of one type (anyone signed in).

    :param token: The session token.
    :param project_id: The project.
    :param find_type: Only this type's.
    :returns: The finds, in find id order.
    """
    _session(state, token)
    _get(state.projects, project_id, "project")
    if find_type is not None and (not isinstance(find_type, str) or find_type not in FIND_TYPE):
        raise _refuse("FW-UNKNOWN", f"no find type {find_type}")
    return [_find_reply(state, fid) for fid, f in sorted(state.finds.items())
            if state.trenches[f["trench"]]["project"] == project_id and (find_type is None or f["type"] == find_type)]


async def request_conservation(state: State, token: str, find_id: str, treatment: str) -> Conservation:
    """Asks the conservator to treat a small find (the finds officer).

    :param token: The session token (finds officer).
    :param find_id: The find, a small find.
    :param treatment: What it needs.
    :returns: The conservation request.
    """
    _session(state, token, (FINDS,))
    f = _get(state.finds, find_id, "find")
    if _blank(treatment):
        raise _refuse("FW-INPUT", "treatment is required")
    if f["small_find"] is None:
        raise _refuse("FW-RULE", f"{find_id} is a bulk find; conservation is asked for small finds")
    for rid, r in state.conservation.items():
        if r["find"] == find_id:
            raise _refuse("FW-STATE", f"{find_id} is with the conservator already ({rid})")
    rid = f"CR-{_next(state, 'conservation'):04d}"
    state.conservation[rid] = {"find": find_id, "treatment": treatment.strip()}
    return Conservation(request_id=rid, find_id=find_id, small_find_no=f["small_find"], treatment=treatment.strip(),
                        requested=TODAY)


async def take_sample(state: State, token: str, trench_id: str, context_no: int, sample_type: SampleType,
                      litres: float) -> Sample:
    """Takes an environmental sample from a context in an open trench (a site supervisor).

    :param token: The session token (site supervisor).
    :param trench_id: The trench.
    :param context_no: The context.
    :param sample_type: bulk, charcoal or pollen.
    :param litres: The sample's volume in litres.
    :returns: The sample.
    """
    _session(state, token, (SUPERVISOR,))
    _open_trench(state, trench_id)
    _context(state, trench_id, context_no)
    if sample_type not in ("bulk", "charcoal", "pollen") or not _number(litres) or litres <= 0:
        raise _refuse("FW-INPUT", "sample_type is bulk, charcoal or pollen, and litres a number over 0")
    sid = f"S-{_next(state, 'sample'):04d}"
    state.samples[sid] = {"trench": trench_id, "context": context_no, "type": sample_type, "litres": float(litres),
                          "sent": None}
    return Sample(sample_id=sid, trench_id=trench_id, context_no=context_no, sample_type=sample_type,
                  litres=float(litres))


async def specialists(state: State, token: str) -> list[list[Any]]:
    """The specialists the unit sends samples to (anyone signed in).

    :param token: The session token.
    :returns: One row per specialist: [code, name, discipline].
    """
    _session(state, token)
    return [[code, s[0], s[1]] for code, s in sorted(SPECIALISTS.items())]


async def send_samples(state: State, token: str, sample_ids: list[str], specialist_code: str) -> Dispatch:
    """Sends samples of one project to a specialist (the finds officer).

    :param token: The session token (finds officer).
    :param sample_ids: The samples.
    :param specialist_code: The specialist's code.
    :returns: The dispatch.
    """
    _session(state, token, (FINDS,))
    if not isinstance(sample_ids, list) or not sample_ids or not all(isinstance(s, str) for s in sample_ids):
        raise _refuse("FW-INPUT", "sample_ids is a list of sample ids")
    if not isinstance(specialist_code, str) or specialist_code not in SPECIALISTS:
        raise _refuse("FW-UNKNOWN", f"no specialist {specialist_code}")
    name, _, takes = SPECIALISTS[specialist_code]
    projects_of = set()
    for sid in sample_ids:
        s = _get(state.samples, sid, "sample")
        if s["sent"]:
            raise _refuse("FW-STATE", f"{sid} went in {s['sent']} already")
        if s["type"] not in takes:
            raise _refuse("FW-RULE", f"{name} takes {', '.join(takes)} samples, and {sid} is {s['type']}")
        projects_of.add(state.trenches[s["trench"]]["project"])
    if len(projects_of) > 1:
        raise _refuse("FW-RULE", "a dispatch holds one project's samples")
    did = f"DSP-{_next(state, 'dispatch'):04d}"
    state.dispatches[did] = {"specialist": specialist_code, "samples": list(sample_ids)}
    for sid in sample_ids:
        state.samples[sid]["sent"] = did
    return Dispatch(dispatch_id=did, specialist=name, samples=list(sample_ids), sent=TODAY)


# --------------------------------------------------------------------------- human remains


async def apply_remains_licence(state: State, token: str, project_id: str, reason: str) -> LicenceApplication:
    """Applies to the Ministry of Justice for a licence to remove human remains from a project's site (a project
    manager).

    :param token: The session token (project manager).
    :param project_id: The project, in fieldwork.
    :param reason: What was found and why it must be removed.
    :returns: The application, pending.
    """
    _session(state, token, (MANAGER,))
    _status(state, project_id, ("fieldwork",), "a licence is sought during fieldwork")
    if _blank(reason):
        raise _refuse("FW-INPUT", "reason is required")
    for aid, a in state.licences.items():
        if a["project"] == project_id and a["status"] in ("pending", "granted"):
            raise _refuse("FW-STATE", f"{project_id} has licence application {aid} {a['status']} already")
    aid = f"MOJ-{_next(state, 'licence'):04d}"
    state.licences[aid] = {"project": project_id, "reason": reason.strip(), "number": None, "expires": None,
                           "status": "pending"}
    return LicenceApplication(application_id=aid, project_id=project_id, reason=reason.strip(), licence_number=None,
                              expires=None, licence_status="pending")


async def record_licence(state: State, token: str, application_id: str, licence_number: str,
                         expires: str) -> LicenceApplication:
    """Records the licence the Ministry of Justice has granted on an application (a project manager).

    :param token: The session token (project manager).
    :param application_id: The application.
    :param licence_number: The licence's number.
    :param expires: Its expiry date, YYYY-MM-DD.
    :returns: The application, granted.
    """
    _session(state, token, (MANAGER,))
    a = _get(state.licences, application_id, "licence application")
    if not isinstance(licence_number, str) or not LICENCE.fullmatch(licence_number.strip()):
        raise _refuse("FW-INPUT", "a Ministry of Justice licence number is written as two figures, a hyphen and four "
                                  "figures, such as 24-0117")
    try:
        until = datetime.date.fromisoformat(expires).isoformat()
    except (TypeError, ValueError):
        raise _refuse("FW-INPUT", "expires is a date, YYYY-MM-DD") from None
    if a["status"] != "pending":
        raise _refuse("FW-STATE", f"{application_id} is {a['status']} already")
    if until <= TODAY:
        raise _refuse("FW-RULE", "that licence has expired")
    a.update(number=licence_number.strip(), expires=until, status="granted")
    return LicenceApplication(application_id=application_id, project_id=a["project"], reason=a["reason"],
                              licence_number=a["number"], expires=until, licence_status="granted")


async def record_skeleton(state: State, token: str, trench_id: str, context_no: int, age_range: str, sex: Sex,
                          completeness_pct: int) -> Skeleton:
    """Records a skeleton as it is lifted (the osteologist), under the project's Ministry of Justice licence.

    :param token: The session token (osteologist).
    :param trench_id: The trench.
    :param context_no: The skeleton's context.
    :param age_range: The age at death, such as 36-45.
    :param sex: female, male or unknown.
    :param completeness_pct: How much of it survives, in per cent.
    :returns: The skeleton.
    """
    _session(state, token, (OSTEOLOGIST,))
    t = _open_trench(state, trench_id)
    c = _context(state, trench_id, context_no)
    if _blank(age_range) or sex not in ("female", "male", "unknown") or not _int(completeness_pct) \
            or not 0 < completeness_pct <= 100:
        raise _refuse("FW-INPUT", "age_range, sex (female, male or unknown) and completeness_pct (1 to 100) are "
                                  "required")
    if c["type"] != "skeleton":
        raise _refuse("FW-RULE", f"context {context_no} is a {c['type']}, not a skeleton")
    if not _licensed(state, t["project"]):
        raise _refuse("FW-RULE", f"{t['project']} holds no Ministry of Justice licence to remove human remains")
    for kid, k in state.skeletons.items():
        if k["trench"] == trench_id and k["context"] == context_no:
            raise _refuse("FW-STATE", f"skeleton {context_no} is recorded already as {kid}")
    kid = f"SK-{_next(state, 'skeleton'):04d}"
    state.skeletons[kid] = {"trench": trench_id, "context": context_no, "age": age_range.strip(), "sex": sex,
                            "completeness": completeness_pct}
    return Skeleton(skeleton_id=kid, trench_id=trench_id, context_no=context_no, age_range=age_range.strip(), sex=sex,
                    completeness_pct=completeness_pct)


# --------------------------------------------------------------------------- monitoring, the end of fieldwork, archive


async def record_monitoring_visit(state: State, token: str, project_id: str, outcome: Outcome, notes: str) -> Visit:
    """Records the curator's monitoring visit to a project in fieldwork (the curator).

    :param token: The session token (curator).
    :param project_id: The project.
    :param outcome: satisfactory or concerns.
    :param notes: What the curator saw.
    :returns: The visit.
    """
    _session(state, token, (CURATOR,))
    _status(state, project_id, ("fieldwork",), "monitoring visits are made during fieldwork")
    if outcome not in ("satisfactory", "concerns") or _blank(notes):
        raise _refuse("FW-INPUT", "outcome is satisfactory or concerns, and notes are required")
    vid = f"MV-{_next(state, 'visit'):04d}"
    state.visits[vid] = {"project": project_id, "outcome": outcome, "notes": notes.strip(), "visited": TODAY}
    return Visit(visit_id=vid, project_id=project_id, outcome=outcome, notes=notes.strip(), visited=TODAY)


async def finish_fieldwork(state: State, token: str, project_id: str) -> Project:
    """Ends a project's fieldwork (a project manager): every trench closed, and the curator's latest monitoring visit
    satisfactory.

    :param token: The session token (project manager).
    :param project_id: The project.
    :returns: The project, in post-excavation.
    """
    _session(state, token, (MANAGER,))
    p = _status(state, project_id, ("fieldwork",), "fieldwork is finished once it has started")
    for tid, t in sorted(state.trenches.items()):
        if t["project"] == project_id and t["status"] != "closed":
            raise _refuse("FW-RULE", f"{tid} ({t['label']}) is still open")
    visits = [v for _, v in sorted(state.visits.items()) if v["project"] == project_id]
    if not visits or visits[-1]["outcome"] != "satisfactory":
        raise _refuse("FW-RULE", f"the curator has not recorded a satisfactory monitoring visit to {project_id}")
    p["status"] = "post_excavation"
    return _project_reply(state, project_id)


async def museums(state: State, token: str) -> list[list[Any]]:
    """The museums that take archaeological archives (anyone signed in).

    :param token: The session token.
    :returns: One row per museum: [code, name].
    """
    _session(state, token)
    return [[code, m[0]] for code, m in sorted(MUSEUMS.items())]


async def request_accession(state: State, token: str, project_id: str, museum_code: str) -> Accession:
    """Asks a museum for the accession number a project's archive will be deposited under (the archivist), once
    fieldwork is over; the museum takes archives from its own collecting area.

    :param token: The session token (archivist).
    :param project_id: The project.
    :param museum_code: The museum's code.
    :returns: The accession number.
    """
    _session(state, token, (ARCHIVIST,))
    p = _status(state, project_id, ("post_excavation", "reported"), "an accession number is asked for after "
                                                                   "fieldwork")
    if not isinstance(museum_code, str) or museum_code not in MUSEUMS:
        raise _refuse("FW-UNKNOWN", f"no museum {museum_code}")
    name, area, _ = MUSEUMS[museum_code]
    if p["parish"] not in area:
        raise _refuse("FW-RULE", f"{name} collects from {', '.join(area)}, not {p['parish']}")
    if p["accession"]:
        raise _refuse("FW-STATE", f"{project_id} has accession number {p['accession']} already")
    p["accession"] = f"{museum_code}:{TODAY[:4]}.{_next(state, 'accession')}"
    p["museum"] = museum_code
    return Accession(project_id=project_id, museum_code=museum_code, museum=name, accession_number=p["accession"])


async def set_retention_policy(state: State, token: str, project_id: str, policy: RetentionPolicy,
                               notes: str) -> ProjectDetail:
    """Records the finds retention policy agreed with the museum for a project's archive (the archivist).

    :param token: The session token (archivist).
    :param project_id: The project.
    :param policy: retain_all, selective or discard_bulk.
    :param notes: What was agreed.
    :returns: The project's detail.
    """
    _session(state, token, (ARCHIVIST,))
    p = _get(state.projects, project_id, "project")
    value = _enum(RetentionPolicy, policy, "policy")
    if _blank(notes):
        raise _refuse("FW-INPUT", "notes are required")
    if p["retention"] == value:
        raise _refuse("FW-STATE", f"{project_id}'s retention policy is {value} already")
    if p["archive"] and p["archive"]["status"] == "deposited":
        raise _refuse("FW-STATE", f"{project_id}'s archive is deposited")
    p["retention"] = value
    return await project_detail(state, token, project_id)


async def prepare_archive(state: State, token: str, project_id: str, boxes: int, digital_files: int) -> Archive:
    """Prepares a project's archive for deposition after fieldwork (the archivist), under its agreed retention policy.

    :param token: The session token (archivist).
    :param project_id: The project.
    :param boxes: How many boxes of finds and paper.
    :param digital_files: How many digital files.
    :returns: The archive, ready.
    """
    _session(state, token, (ARCHIVIST,))
    p = _status(state, project_id, ("post_excavation", "reported"), "the archive is prepared after fieldwork")
    if not _int(boxes) or boxes < 1 or not _int(digital_files) or digital_files < 0:
        raise _refuse("FW-INPUT", "boxes is a whole number over 0 and digital_files a whole number")
    if p["retention"] is None:
        raise _refuse("FW-RULE", f"{project_id} has no retention policy agreed with the museum")
    if p["archive"] and p["archive"]["status"] == "deposited":
        raise _refuse("FW-STATE", f"{project_id}'s archive is deposited already")
    p["archive"] = {"boxes": boxes, "files": digital_files, "status": "ready"}
    return Archive(project_id=project_id, boxes=boxes, digital_files=digital_files, retention_policy=p["retention"],
                   archive_status="ready")


async def deposit_archive(state: State, token: str, project_id: str, accession_number: str) -> Archive:
    """Deposits a project's prepared archive with the museum under its accession number (the archivist), once the
    deposition fee is paid.

    :param token: The session token (archivist).
    :param project_id: The project.
    :param accession_number: The museum's accession number.
    :returns: The archive, deposited.
    """
    _session(state, token, (ARCHIVIST,))
    p = _get(state.projects, project_id, "project")
    if not p["archive"] or p["archive"]["status"] != "ready":
        raise _refuse("FW-STATE", f"{project_id}'s archive is not prepared")
    if not p["accession"] or accession_number != p["accession"]:
        raise _refuse("FW-RULE", f"{accession_number} is not {project_id}'s accession number")
    fee = MUSEUMS[p["museum"]][2] * p["archive"]["boxes"]
    paid = sum(i["paid"] for i in state.invoices.values() if i["project"] == project_id and i["stage"] == "deposition")
    if paid < fee:
        raise _refuse("FW-RULE", f"{MUSEUMS[p['museum']][0]} charges {MUSEUMS[p['museum']][2]:,.2f} pounds a box: "
                                 f"{fee:,.2f} for {p['archive']['boxes']} boxes, and {paid:,.2f} is paid")
    p["archive"]["status"] = "deposited"
    return Archive(project_id=project_id, boxes=p["archive"]["boxes"], digital_files=p["archive"]["files"],
                   retention_policy=p["retention"], archive_status="deposited")


async def submit_report(state: State, token: str, project_id: str, document_id: str) -> Project:
    """Submits a project's report to the curator after fieldwork (a project manager).

    :param token: The session token (project manager).
    :param project_id: The project.
    :param document_id: The report on file for it.
    :returns: The project, reported.
    """
    _session(state, token, (MANAGER,))
    p = _status(state, project_id, ("post_excavation",), "a report is submitted after fieldwork")
    d = _get(state.documents, document_id, "document")
    if d["project"] != project_id or d["kind"] != "report":
        raise _refuse("FW-RULE", f"{document_id} is not a report of {project_id}'s")
    p["status"] = "reported"
    p["report"] = document_id
    return _project_reply(state, project_id)


async def sign_off(state: State, token: str, project_id: str, remarks: str) -> str:
    """Signs off a project (the curator), discharging its planning condition, once its report is in and its archive
    deposited.

    :param token: The session token (curator).
    :param project_id: The project.
    :param remarks: The curator's remarks.
    :returns: A sentence saying so.
    """
    _session(state, token, (CURATOR,))
    p = _status(state, project_id, ("reported",), "a project is signed off once its report is submitted")
    if _blank(remarks):
        raise _refuse("FW-INPUT", "remarks are required")
    if not p["archive"] or p["archive"]["status"] != "deposited":
        raise _refuse("FW-RULE", f"{project_id}'s archive is not deposited")
    p["status"] = "signed_off"
    return (f"{project_id} ({p['site']}) signed off on {TODAY}; the archaeological condition on {p['planning']} may "
            f"be discharged. {remarks.strip()}")


TOOLS = [
    sign_in, sign_out, find_types, periods, projects, open_project, project_detail, upload_document, submit_wsi,
    approve_wsi, start_fieldwork, raise_invoice, invoices, record_payment, record_service_scan, open_trench, trenches,
    record_context, contexts, relate_contexts, close_trench, register_find, finds, request_conservation, take_sample,
    specialists, send_samples, apply_remains_licence, record_licence, record_skeleton, record_monitoring_visit,
    finish_fieldwork, museums, request_accession, set_retention_policy, prepare_archive, deposit_archive,
    submit_report, sign_off,
]

FIXTURES = {
    "unit": "Fellmoor Archaeology, The Old Forge, Helmsby",
    "today": "Thursday 21 May 2054, 08:00",
    "staff": [
        {"name": "Hildegard Eddowes", "role": "project manager", "username": "hildegard.e",
         "password": "Scheme-Trial-35"},
        {"name": "Brynjar Wetherell", "role": "site supervisor", "username": "brynjar.w",
         "password": "Section-Plan-62"},
        {"name": "Linnea Mulholland", "role": "finds officer", "username": "linnea.m", "password": "Sherd-Bag-47"},
        {"name": "Eberhard Kozlowski", "role": "osteologist", "username": "eberhard.k", "password": "Femur-Scale-18"},
        {"name": "Philippina Illingworth", "role": "archivist", "username": "philippina.i",
         "password": "Acid-Free-Box-24"},
        {"name": "Gawain Tattersall", "role": "finance", "username": "gawain.t", "password": "Stage-Invoice-71"},
        {"name": "Hyacintha Ogunleye", "role": "curator (the county archaeologist's office)",
         "username": "hyacintha.o", "password": "Condition-Met-56"},
        {"name": "Reginald Whitworth", "role": "head of unit", "username": "reginald.w", "password": "Unit-Head-93"},
    ],
    "new_project": {
        "client": "Skelwith Solar Ltd", "site": "Greenacre Farm solar park, Skelwith", "parish": "Skelwith",
        "grid reference": "NY 3655 0412", "planning reference": "54/0311/FUL", "kind": "an evaluation",
        "WSI": "WSI-GFS-01, revision 1", "risk assessment": "RA-GFS-01, revision 1",
        "mobilisation invoice": "1,850 pounds, paid by BACS",
    },
    "notes": [
        "The curator approves the Greenacre WSI on condition of trial trenching over 4% of the site, and the tannery "
        "WSI with no conditions; the tannery's mobilisation invoice is paid by BACS and its risk assessment, RA-TBS-01 "
        "revision 1, is filed before fieldwork starts",
        "Greenacre: the scan found an 11 kV cable along the north hedge; Trench 1 is 30 m by 1.8 m; a Romano-British "
        "ditch running north-east to south-west, its fill grey silt with pottery (nine sherds, 74.5 g); a 40 litre "
        "bulk sample of the fill goes to the charred plant remains specialist",
        "Helmsby: skeleton 205 in Trench 2 is to be lifted; the Ministry of Justice licence 24-0117, to 20 May 2056, "
        "came this morning; the osteologist puts her at 36-45, female, 85% complete; Trench 2 and Trench 3 are then "
        "backfilled; the curator's visit is satisfactory and fieldwork ends",
        "Helmsby: a copper-alloy brooch, small find 3, needs stabilising and an x-ray; a second small find, a bronze "
        "pin (6.1 g) from the buried soil in Trench 3",
        "Garrowby: the archive goes to the Brackenshire Museums Service, keeping the pottery and clay pipe and "
        "discarding the brick after recording; four boxes and 180 digital files; the deposition invoice is 440 "
        "pounds, paid by BACS; report FMA-2305-R01 revision 1; the curator signs it off",
        "Helmsby's archive is to go to Helmsby Museum once fieldwork ends",
    ],
}

# --------------------------------------------------------------------------- the designed prerequisites

_TOKEN = "auth: session token (token of sign_in)"
PUBLIC = ("sign_in", "find_types", "periods")
TOKEN_CONSUMERS = [t.__name__ for t in TOOLS if t.__name__ not in PUBLIC]
NEW_PROJECT_CONSUMERS = ["project_detail", "upload_document", "submit_wsi", "raise_invoice", "start_fieldwork",
                         "record_service_scan"]
PROJECT_CONSUMERS = ["approve_wsi", "apply_remains_licence", "record_monitoring_visit", "finish_fieldwork",
                     "request_accession", "set_retention_policy", "prepare_archive", "submit_report", "sign_off",
                     "trenches"]
NEW_TRENCH_CONSUMERS = ["record_context", "contexts", "take_sample", "close_trench"]
TRENCH_CONSUMERS = ["register_find", "record_skeleton"]
CONTEXT_CONSUMERS = ["register_find", "record_skeleton", "take_sample"]
_NEW_PROJECT = "id lookup/create: project (project_id of a projects entry, or of open_project's project)"
_PROJECT = "id lookup: project (project_id of a projects entry)"
_NEW_TRENCH = "id lookup/create: trench (trench_id of open_trench's trench, or the first column of a trenches row)"
_TRENCH = "id lookup: trench (the first column of a trenches row)"
_CONTEXT = ("id lookup/create: context number (context_no of record_context's context, or the first column of a "
            "contexts row)")

GROUND_TRUTH = (
    [("sign_in", c, _TOKEN) for c in TOKEN_CONSUMERS]
    + [("projects|open_project", c, _NEW_PROJECT) for c in NEW_PROJECT_CONSUMERS]
    + [("projects", c, _PROJECT) for c in PROJECT_CONSUMERS]
    + [("open_trench|trenches", c, _NEW_TRENCH) for c in NEW_TRENCH_CONSUMERS]
    + [("trenches", c, _TRENCH) for c in TRENCH_CONSUMERS]
    + [("record_context|contexts", c, _CONTEXT) for c in CONTEXT_CONSUMERS]
    + [
        ("raise_invoice|invoices", "record_payment", "id lookup/create: invoice (invoice_id of raise_invoice's "
         "invoice, or of an invoices entry)"),
        ("register_find|finds", "request_conservation", "id lookup/create: small find (find_id of register_find's "
         "find, or of a finds entry)"),
        ("record_context", "relate_contexts", "id create: context numbers (context_no of each record_context)"),
        ("take_sample", "send_samples", "id create: samples (sample_id of each take_sample)"),
        ("apply_remains_licence", "record_licence", "id create: licence application (application_id of "
         "apply_remains_licence)"),
        ("request_accession", "deposit_archive", "id create: accession number (accession_number of "
         "request_accession)"),
        ("upload_document", "submit_wsi", "id create: the WSI (document_id of upload_document's WSI)"),
        ("upload_document", "submit_report", "id create: the report (document_id of upload_document's report)"),
        ("find_types", "register_find", "vocabulary: the find type codes (the first column of a find_types row)"),
        ("periods", "record_context", "vocabulary: the period codes (the first column of a periods row)"),
        ("specialists", "send_samples", "vocabulary: the specialist codes (the first column of a specialists row)"),
        ("museums", "request_accession", "vocabulary: the museum codes (the first column of a museums row)"),
        ("upload_document", "start_fieldwork", "document: a risk assessment on file"),
        ("record_service_scan", "open_trench", "vetting: the day's cable-avoidance scan (scan_id of "
         "record_service_scan)"),
        ("record_licence", "record_skeleton", "vetting: the Ministry of Justice licence granted"),
        ("approve_wsi", "start_fieldwork", "approval: the WSI approved"),
        ("record_monitoring_visit", "finish_fieldwork", "approval: a satisfactory monitoring visit"),
        ("record_payment", "start_fieldwork", "payment: the mobilisation invoice paid"),
        ("record_payment", "deposit_archive", "payment: the museum's deposition fee paid"),
        ("set_retention_policy", "prepare_archive", "setting: the finds retention policy agreed"),
        ("submit_wsi", "approve_wsi", "state: the WSI submitted"),
        ("record_skeleton", "close_trench", "state: every skeleton in the trench recorded and lifted"),
        ("close_trench", "finish_fieldwork", "state: every trench closed"),
        ("finish_fieldwork", "request_accession", "state: fieldwork over"),
        ("finish_fieldwork", "prepare_archive", "state: fieldwork over"),
        ("prepare_archive", "deposit_archive", "state: the archive prepared"),
        ("submit_report", "sign_off", "state: the report submitted"),
        ("deposit_archive", "sign_off", "state: the archive deposited"),
    ]
)

_DESIGNED = {(p, c) for ps, c, _ in GROUND_TRUTH for p in ps.split("|")}

# Real, direct prerequisites that are not designed (see README.md). (1) A reply that shows an id, a number or a code to
# someone who did not give it, paired with each call that takes it and can accept one it shows: the projects of the
# project list, the invoices and a new project's own calls; the trenches of a new trench, a project's detail, the
# trench list and the finds; the contexts of a trench's contexts and the finds; a project's documents, invoices,
# licence applications and accession number in its detail; the periods and find types a context or a find shows.
# (2) A call whose effect the later call checks itself: fieldwork started before a scan, a trench, a licence
# application, a monitoring visit or the end of fieldwork; fieldwork finished before the report; a licence held before
# human bone is registered.
_PROJECT_TAKERS = NEW_PROJECT_CONSUMERS + PROJECT_CONSUMERS + ["invoices", "open_trench", "finds", "deposit_archive"]
_TRENCH_TAKERS = NEW_TRENCH_CONSUMERS + TRENCH_CONSUMERS + ["relate_contexts"]
PLAUSIBLE = (
    {(r, c) for r in ("projects", "open_project", "invoices") for c in _PROJECT_TAKERS if r != c}
    | {(r, c) for r in ("open_trench", "trenches", "project_detail", "finds") for c in _TRENCH_TAKERS}
    | {(r, c) for r in ("contexts", "finds") for c in CONTEXT_CONSUMERS + ["relate_contexts"]}
    | {("project_detail", c) for c in ("submit_wsi", "submit_report", "record_payment", "record_licence",
                                       "deposit_archive")}
    | {("contexts", "record_context"), ("finds", "register_find")}
    | {("start_fieldwork", c) for c in ("record_service_scan", "open_trench", "apply_remains_licence",
                                        "record_monitoring_visit", "finish_fieldwork")}
    | {("finish_fieldwork", "submit_report"), ("record_licence", "register_find")}
) - _DESIGNED
