"""Tilth: the certification system of Gorsemoor Organic Certification, an organic control body (41 calls).

Async functions without a decorator, each checking its own session and role, over an in-memory ``State`` of an
organic certification body on Wednesday 2 July 2053 at 08:30. Certification officers register farms, processors and
importers as operators, put the scopes of their licence on (crops, livestock, processing, import), register the
farms' land parcels with their conversion dates, deal with requests for derogations, put products on a
certificate's schedule and approve their labels, and request certificates of inspection for imported
consignments. Inspectors are booked for visits; on the day the inspector opens the visit, records findings
(non-conformities against the standard's clauses), takes samples for residue testing and submits the report; the
laboratory's results are entered when they come. Technical reviewers, who must not have inspected the visit
themselves, review each report, close findings once the operator's corrective action is in, grant certificates,
suspend and reinstate them, and check imported consignments before a certificate of inspection is endorsed.
Accounts raise invoices from the fee scale and record payments. The head of certification may do everything. The
scopes, the fee scale and the public register of certified operators are public.

A refusal is raised as ``CertificationError``, the body's own exception class (its ``code`` one of
``NOT_SIGNED_IN``, ``FORBIDDEN``, ``NOT_FOUND``, ``INVALID``, ``RULE``, ``STATE`` and ``DUPLICATE``), as in
``CertificationError: [STATE] IV-5510 is scheduled, not in progress: the inspector opens the visit first``.

Annotations are postponed (``from __future__ import annotations``): PEP 604 unions such as ``str | None`` and
``float | None``, builtin ``list[str]``, ``list[list[Any]]`` and ``dict[str, Any]``, ``Enum``s and ``Literal``
aliases, resolved by the runtime in this module. Google docstrings (``Args:``, ``Returns:``). Replies are plain dicts
and lists of them (a session, operators, an operator's file with its scopes, parcels, visits, findings, invoices and
certificate as rows, inspectors, visits, findings, samples, derogations, parcels, certificates, products, labels,
certificates of inspection, invoices, a TRACES setting); the scopes and the fee scale as bare rows; a bare value
(an invoice's balance after a payment); sentences with an id in them (a sign-out, a notice, an endorsement, a
suspension, a reinstatement). Typed inputs: plain ``Enum`` inputs (``OperatorKind``, ``Severity``,
``DerogationKind``), ``str`` ``Enum`` inputs (``VisitKind``, ``PayMethod``, ``SuspendReason``), ``Literal`` inputs (a
decision, a laboratory result, a review's outcome, a product's claim, a label's logo) and ``Literal`` filters
(parcels, derogations, findings, invoices), ``list[str]`` parcels, evidence and seals, ``bool`` settings and
answers, ``float`` hectares, tonnes, quantities and amounts, ``str | None`` details and filters. Ids look alike:
operator ``OP-2231``, inspector ``INS-14``, visit ``IV-5510``, finding ``NC-0771``, sample ``SM-0911``, parcel
``PC-3104``, derogation ``DG-0301``, certificate ``GOC-1187``, product ``PR-6602``, label ``LB-0418``, certificate of
inspection ``COI-2053-0042``, invoice ``INV-9901``, notice ``MSG-5120``. The scope codes are shown only by the scopes
and the fee codes only by the fee scale; the conversion periods, the claims a parcel allows, the rotation of
inspectors, the reviewer's independence, the grounds a certificate is refused or reinstated on and what an imported
consignment needs are stated only in refusals.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as provider means either
tool satisfies it, and the text of ``what`` before its first ``:`` is the kind.
"""

from __future__ import annotations

import datetime
from enum import Enum
from typing import Any, Literal

TODAY = "2053-07-02"  # a Wednesday
NOW = "2053-07-02 08:30"
OFFICER = ("officer",)
INSPECTOR = ("inspector",)
REVIEWER = ("reviewer",)
ACCOUNTS = ("accounts",)
Decision = Literal["approve", "refuse"]
LabResult = Literal["not_detected", "detected"]
ReviewOutcome = Literal["satisfactory", "unsatisfactory"]
Claim = Literal["organic", "in_conversion"]
Logo = Literal["uk_organic", "eu_leaf", "none"]
ParcelStatus = Literal["organic", "in_conversion"]
DerogationStatus = Literal["pending", "approved", "refused"]
FindingStatus = Literal["open", "responded", "closed"]
InvoiceStatus = Literal["unpaid", "paid"]


class OperatorKind(Enum):
    FARM = "farm"
    PROCESSOR = "processor"
    IMPORTER = "importer"
    WHOLESALER = "wholesaler"


class Severity(Enum):
    MINOR = "minor"
    MAJOR = "major"
    CRITICAL = "critical"


class DerogationKind(Enum):
    NON_ORGANIC_SEED = "non_organic_seed"
    NON_ORGANIC_LIVESTOCK = "non_organic_livestock"
    PARALLEL_PRODUCTION = "parallel_production"
    SHORTENED_CONVERSION = "shortened_conversion"


class VisitKind(str, Enum):
    ANNUAL = "annual"
    UNANNOUNCED = "unannounced"
    FOLLOW_UP = "follow_up"


class PayMethod(str, Enum):
    BANK_TRANSFER = "bank_transfer"
    CARD = "card"
    DIRECT_DEBIT = "direct_debit"


class SuspendReason(str, Enum):
    UNPAID_FEES = "unpaid_fees"
    MAJOR_FINDING = "major_finding"
    RESIDUE = "residue"
    OPERATOR_REQUEST = "operator_request"


class CertificationError(Exception):
    """A refusal by the certification system: ``code`` says what kind, the message why."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"[{code}] {message}")
        self.code = code


SCOPES = [  # code, scope
    ["A", "Unprocessed plant products (crops and land)"],
    ["B", "Livestock and unprocessed livestock products"],
    ["D", "Processed agricultural products for food"],
    ["E", "Feed"],
    ["I", "Import of organic products from third countries"],
]
SCOPE_NAMES = {code: name for code, name in SCOPES}
FEES = [  # code, description, amount
    ["APP", "Application and registration", 150.0],
    ["ANN-FARM", "Annual certification, farm", 420.0],
    ["ANN-PROC", "Annual certification, processor", 560.0],
    ["ANN-IMP", "Annual certification, importer", 610.0],
    ["VISIT-FU", "Follow-up visit", 180.0],
    ["COI", "Certificate of inspection, each consignment", 35.0],
]
FEE_AMOUNT = {code: amount for code, _, amount in FEES}
CONVERSION_MONTHS = 24  # land is organic 24 months after its last prohibited input
IN_CONVERSION_CLAIM_MONTHS = 12  # an in-conversion claim from the second year of conversion


def _months(a: str, b: str) -> int:
    x, y = datetime.date.fromisoformat(a), datetime.date.fromisoformat(b)
    return (y.year - x.year) * 12 + y.month - x.month - (y.day < x.day)


class State:
    """Gorsemoor Organic Certification on Wednesday 2 July 2053 at 08:30."""

    def __init__(self) -> None:
        self.staff = {
            "tegen.r": {"name": "Tegen Rescorla", "password": "Scope-Letter-42", "role": "officer"},
            "ruan.p": {"name": "Ruan Polglase", "password": "Field-Walk-17", "role": "inspector",
                       "inspector": "INS-14"},
            "elestren.k": {"name": "Elestren Kitto", "password": "Grain-Sample-63", "role": "inspector",
                           "inspector": "INS-17"},
            "conan.v": {"name": "Conan Teague", "password": "Second-Look-28", "role": "reviewer"},
            "lamorna.h": {"name": "Lamorna Hichens", "password": "Fee-Scale-90", "role": "accounts"},
            "kitto.b": {"name": "Kitto Bolitho", "password": "Control-Body-55", "role": "head"},
        }
        self.logins: dict[str, dict[str, Any]] = {}
        self.inspectors = {  # inspector -> name, region, staff user name or None
            "INS-11": ["Zennor Jenkin", "north", None],
            "INS-14": ["Ruan Polglase", "west", "ruan.p"],
            "INS-17": ["Elestren Kitto", "east", "elestren.k"],
        }
        self.operators: dict[str, dict[str, Any]] = {
            "OP-2231": {"business": "Tolverne Barton", "kind": "farm", "contact": "Senara Rowe",
                        "address": "Tolverne Barton, St Ewe", "postcode": "GM2 6PL", "phone": "01726 491002",
                        "email": "tolverne.barton@example.net", "scopes": ["A", "B"], "traces": False,
                        "since": "2041-03-01"},
            "OP-2232": {"business": "Gwennap Stoneground", "kind": "processor", "contact": "Jago Menhenick",
                        "address": "Gwennap Stoneground, Trewint Lane, Lostmoor", "postcode": "GM5 2WM",
                        "phone": "01208 775310", "email": "office@gwennapstoneground.example", "scopes": ["D"],
                        "traces": False, "since": "2046-09-12"},
            "OP-2233": {"business": "Quillet Wholefoods", "kind": "importer", "contact": "Hedra Quillet",
                        "address": "Unit 7, Ropewalk Park, Penmorrow", "postcode": "GM9 4QB",
                        "phone": "01326 560771", "email": "imports@quillet.example", "scopes": ["D", "I"],
                        "traces": False, "since": "2049-05-20"},
            "OP-2234": {"business": "Hendra Fruit Farm", "kind": "farm", "contact": "Tryphena Hendra",
                        "address": "Hendra, Gweekside, Trelissick Water", "postcode": "GM3 8HO",
                        "phone": "01872 861224", "email": "loveday@hendrafruit.example", "scopes": [],
                        "traces": False, "since": "2053-06-18"},
            "OP-2235": {"business": "Carnmoor Free Range", "kind": "farm", "contact": "Digory Keast",
                        "address": "Carnmoor Farm, Bodinnick Road", "postcode": "GM7 1CF", "phone": "01503 270488",
                        "email": "digory@carnmoor.example", "scopes": ["B"], "traces": False,
                        "since": "2044-02-02"},
        }
        self.parcels: dict[str, dict[str, Any]] = {  # parcel -> operator, field, hectares, last input, crop
            "PC-3101": {"operator": "OP-2231", "field": "Long Close", "hectares": 6.4, "last": "2038-04-01",
                        "crop": "Winter wheat"},
            "PC-3102": {"operator": "OP-2231", "field": "Parc Venton", "hectares": 3.1, "last": "2038-04-01",
                        "crop": "Potatoes"},
            "PC-3103": {"operator": "OP-2231", "field": "Goonvean", "hectares": 8.75, "last": "2052-03-20",
                        "crop": "Spring oats"},
        }
        self.visits: dict[str, dict[str, Any]] = {
            "IV-5479": {"operator": "OP-2231", "inspector": "INS-14", "date": "2052-07-09", "kind": "annual",
                        "status": "reviewed", "summary": "Satisfactory; one minor finding", "review": "satisfactory",
                        "reviewer": "Conan Teague"},
            "IV-5480": {"operator": "OP-2232", "inspector": "INS-17", "date": "2053-06-11", "kind": "annual",
                        "status": "reviewed", "summary": "Cleaning records for the shared line missing",
                        "review": "satisfactory", "reviewer": "Conan Teague"},
            "IV-5510": {"operator": "OP-2231", "inspector": "INS-14", "date": TODAY, "kind": "annual",
                        "status": "scheduled", "summary": None, "review": None, "reviewer": None},
            "IV-5511": {"operator": "OP-2232", "inspector": "INS-17", "date": TODAY, "kind": "follow_up",
                        "status": "scheduled", "summary": None, "review": None, "reviewer": None},
            "IV-5512": {"operator": "OP-2233", "inspector": "INS-11", "date": "2053-07-09", "kind": "annual",
                        "status": "scheduled", "summary": None, "review": None, "reviewer": None},
        }
        self.history = {"OP-2231": ["INS-17", "INS-14"], "OP-2232": ["INS-17"], "OP-2233": ["INS-11"]}
        self.findings: dict[str, dict[str, Any]] = {
            "NC-0770": {"visit": "IV-5479", "clause": "4.3.2", "severity": "minor",
                        "description": "Field records for Goonvean incomplete", "status": "closed",
                        "action": "Records brought up to date", "evidence": ["field record book"]},
            "NC-0771": {"visit": "IV-5480", "clause": "7.2.5", "severity": "major",
                        "description": "No cleaning records kept for the mill line shared with conventional grain",
                        "status": "open", "action": None, "evidence": []},
        }
        self.samples: dict[str, dict[str, Any]] = {
            "SM-0911": {"visit": "IV-5480", "material": "Stoneground wholemeal flour, lot 53/118", "parcel": None,
                        "result": None, "substance": None, "lab": None},
        }
        self.derogations: dict[str, dict[str, Any]] = {
            "DG-0301": {"operator": "OP-2231", "kind": "non_organic_seed",
                        "details": "Seed potatoes, variety Cara Rua: no organic seed on the database",
                        "quantity": 1.8, "status": "pending", "note": None},
        }
        self.certificates: dict[str, dict[str, Any]] = {
            "GOC-1187": {"operator": "OP-2231", "status": "active", "valid_until": "2053-09-30", "reason": None},
            "GOC-1188": {"operator": "OP-2232", "status": "active", "valid_until": "2053-07-31", "reason": None},
            "GOC-1189": {"operator": "OP-2233", "status": "active", "valid_until": "2054-05-31", "reason": None},
            "GOC-1190": {"operator": "OP-2235", "status": "suspended", "valid_until": "2054-01-31",
                         "reason": "unpaid_fees"},
        }
        self.products: dict[str, dict[str, Any]] = {
            "PR-6601": {"certificate": "GOC-1188", "operator": "OP-2232", "name": "Stoneground wholemeal flour",
                        "claim": "organic", "parcels": []},
        }
        self.labels: dict[str, dict[str, Any]] = {}
        self.cois: dict[str, dict[str, Any]] = {}
        self.invoices: dict[str, dict[str, Any]] = {
            "INV-9899": {"operator": "OP-2231", "fee": "ANN-FARM", "amount": 420.0, "paid": 420.0,
                         "raised": "2053-04-01"},
            "INV-9901": {"operator": "OP-2234", "fee": "APP", "amount": 150.0, "paid": 0.0, "raised": "2053-06-18"},
            "INV-9902": {"operator": "OP-2235", "fee": "ANN-FARM", "amount": 420.0, "paid": 0.0,
                         "raised": "2053-02-01"},
        }
        self.notices: list[list[Any]] = []
        self.counters = {"operator": 2236, "parcel": 3104, "visit": 5513, "finding": 772, "sample": 912,
                         "derogation": 302, "certificate": 1191, "product": 6602, "label": 418, "coi": 42,
                         "invoice": 9903, "notice": 5120}


# --------------------------------------------------------------------------- helpers


def _fail(code: str, message: str) -> CertificationError:
    return CertificationError(code, message)


def _session(state: State, token: Any, roles: tuple[str, ...] = ()) -> dict[str, Any]:
    login = state.logins.get(token) if isinstance(token, str) else None
    if login is None:
        raise _fail("NOT_SIGNED_IN", "not signed in, or the session has ended; sign in first")
    if roles and login["role"] != "head" and login["role"] not in roles:
        raise _fail("FORBIDDEN", f"{login['name']} ({login['role']}) may not do this")
    return login


def _next(state: State, kind: str) -> int:
    n = state.counters[kind]
    state.counters[kind] = n + 1
    return n


def _blank(value: Any) -> bool:
    return not isinstance(value, str) or not value.strip()


def _get(table: dict[str, Any], key: Any, what: str) -> Any:
    row = table.get(key) if isinstance(key, str) else None
    if row is None:
        raise _fail("NOT_FOUND", f"no {what} {key!r}")
    return row


def _date(value: Any, name: str) -> str:
    try:
        return datetime.date.fromisoformat(value).isoformat()
    except (TypeError, ValueError):
        raise _fail("INVALID", f"{name} is a date written YYYY-MM-DD, not {value!r}") from None


def _enum(kind: type, value: Any, name: str) -> Any:
    try:
        return value if isinstance(value, kind) else kind(value)
    except ValueError:
        raise _fail("INVALID", f"{name} is one of {', '.join(m.value for m in kind)}, not {value!r}") from None


def _choice(value: Any, allowed: tuple[str, ...], name: str) -> str:
    if value not in allowed:
        raise _fail("INVALID", f"{name} is one of {', '.join(allowed)}, not {value!r}")
    return value


def _number(value: Any) -> bool:
    return not isinstance(value, bool) and isinstance(value, (int, float))


def _texts(value: Any, name: str) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(v, str) and v.strip() for v in value):
        raise _fail("INVALID", f"{name} is a list of texts")
    return [v.strip() for v in value]


def _parcel_status(p: dict[str, Any]) -> tuple[str, str]:
    since = datetime.date.fromisoformat(p["last"])
    organic_from = since.replace(year=since.year + CONVERSION_MONTHS // 12).isoformat()
    return ("organic" if organic_from <= TODAY else "in_conversion"), organic_from


def _operator(state: State, oid: str) -> dict[str, Any]:
    o = state.operators[oid]
    cert = next((cid for cid, c in sorted(state.certificates.items(), reverse=True)
                 if c["operator"] == oid and c["status"] != "superseded"), None)
    return {"operator_id": oid, "business": o["business"], "kind": o["kind"], "contact": o["contact"],
            "address": o["address"], "postcode": o["postcode"], "phone": o["phone"], "email": o["email"],
            "scopes": list(o["scopes"]), "certificate_id": cert,
            "certificate_status": state.certificates[cert]["status"] if cert else None}


def _parcel(state: State, pid: str) -> dict[str, Any]:
    p = state.parcels[pid]
    status, organic_from = _parcel_status(p)
    return {"parcel_id": pid, "operator_id": p["operator"], "field": p["field"], "hectares": p["hectares"],
            "crop": p["crop"], "last_prohibited_input": p["last"], "status": status, "organic_from": organic_from}


def _visit(state: State, vid: str) -> dict[str, Any]:
    v = state.visits[vid]
    return {"visit_id": vid, "operator_id": v["operator"], "business": state.operators[v["operator"]]["business"],
            "inspector_id": v["inspector"], "inspector": state.inspectors[v["inspector"]][0], "date": v["date"],
            "kind": v["kind"], "status": v["status"], "summary": v["summary"], "review": v["review"]}


def _finding(state: State, fid: str) -> dict[str, Any]:
    f = state.findings[fid]
    return {"finding_id": fid, "visit_id": f["visit"], "operator_id": state.visits[f["visit"]]["operator"],
            "clause": f["clause"], "severity": f["severity"], "description": f["description"],
            "status": f["status"], "corrective_action": f["action"], "evidence": list(f["evidence"])}


def _sample(state: State, sid: str) -> dict[str, Any]:
    s = state.samples[sid]
    return {"sample_id": sid, "visit_id": s["visit"], "material": s["material"], "parcel_id": s["parcel"],
            "result": s["result"], "substance": s["substance"], "lab_reference": s["lab"]}


def _derogation(state: State, did: str) -> dict[str, Any]:
    d = state.derogations[did]
    return {"derogation_id": did, "operator_id": d["operator"],
            "business": state.operators[d["operator"]]["business"], "kind": d["kind"], "details": d["details"],
            "quantity": d["quantity"], "status": d["status"], "note": d["note"]}


def _certificate(state: State, cid: str) -> dict[str, Any]:
    c = state.certificates[cid]
    o = state.operators[c["operator"]]
    return {"certificate_id": cid, "operator_id": c["operator"], "business": o["business"],
            "scopes": [[s, SCOPE_NAMES[s]] for s in o["scopes"]], "status": c["status"],
            "valid_until": c["valid_until"], "suspended_for": c["reason"],
            "products": [[pid, p["name"], p["claim"]] for pid, p in sorted(state.products.items())
                         if p["certificate"] == cid]}


def _invoice(state: State, iid: str) -> dict[str, Any]:
    i = state.invoices[iid]
    return {"invoice_id": iid, "operator_id": i["operator"], "business": state.operators[i["operator"]]["business"],
            "fee_code": i["fee"], "amount": i["amount"], "balance": round(i["amount"] - i["paid"], 2),
            "raised": i["raised"], "status": "paid" if i["paid"] >= i["amount"] else "unpaid"}


def _coi(state: State, cid: str) -> dict[str, Any]:
    c = state.cois[cid]
    return {"coi_id": cid, "operator_id": c["operator"], "consignment": c["consignment"], "origin": c["origin"],
            "exporter_certificate": c["exporter"], "tonnes": c["tonnes"], "seals": list(c["seals"]),
            "checked_by": c["checked"], "status": c["status"]}


def _unpaid(state: State, oid: str, older_than_days: int = 0) -> list[str]:
    return [iid for iid, i in sorted(state.invoices.items()) if i["operator"] == oid and i["paid"] < i["amount"]
            and (datetime.date.fromisoformat(TODAY) - datetime.date.fromisoformat(i["raised"])).days >= older_than_days]


def _open_serious(state: State, oid: str) -> list[str]:
    return [fid for fid, f in sorted(state.findings.items()) if state.visits[f["visit"]]["operator"] == oid
            and f["severity"] in ("major", "critical") and f["status"] != "closed"]


# --------------------------------------------------------------------------- sessions and public lists


async def sign_in(state: State, username: str, password: str) -> dict[str, Any]:
    """Sign in to the certification system.

    Args:
        username: The user name, such as ``tegen.r``.
        password: The password.

    Returns:
        The session: the token every call but ``sign_in``, ``scopes``, ``fee_scale`` and ``public_register`` needs,
        with the user's name and role.
    """
    user = state.staff.get(username) if isinstance(username, str) else None
    if user is None or user["password"] != password:
        raise _fail("NOT_SIGNED_IN", "unknown user name or wrong password")
    token = f"goc-{username}-{len(state.logins) + 1}"
    state.logins[token] = {"username": username, **user}
    return {"token": token, "name": user["name"], "role": user["role"], "signed_in": NOW}


async def sign_out(state: State, token: str) -> str:
    """End a session.

    Args:
        token: The session's token.

    Returns:
        A sentence saying who signed out.
    """
    login = _session(state, token)
    del state.logins[token]
    return f"Signed out {login['name']} at {NOW[11:]}."


async def scopes() -> list[list[str]]:
    """The scopes an organic licence may cover (public; no session needed).

    Returns:
        Rows ``[code, scope]``; a licence's scopes are added by their codes.
    """
    return [list(s) for s in SCOPES]


async def fee_scale() -> list[list[Any]]:
    """The certification fees (public; no session needed).

    Returns:
        Rows ``[code, description, amount]`` in pounds; an invoice is raised by its fee's code.
    """
    return [list(f) for f in FEES]


async def public_register(state: State, search: str) -> list[dict[str, Any]]:
    """The public register of certified operators (public; no session needed).

    Args:
        search: A business name, or the start of it, or a certificate number.

    Returns:
        The certificates that match, each with its operator, scopes, status and expiry.
    """
    if _blank(search):
        raise _fail("INVALID", "search is required")
    s = search.strip().lower()
    return [{"certificate_id": cid, "business": state.operators[c["operator"]]["business"],
             "scopes": list(state.operators[c["operator"]]["scopes"]), "status": c["status"],
             "valid_until": c["valid_until"]}
            for cid, c in sorted(state.certificates.items())
            if cid.lower() == s or state.operators[c["operator"]]["business"].lower().startswith(s)]


# --------------------------------------------------------------------------- operators, scopes and land


async def find_operator(state: State, token: str, name: str) -> list[dict[str, Any]]:
    """Find operators by business name or contact's surname.

    Args:
        token: The session's token.
        name: The business name, or the start of it, or the contact's surname.

    Returns:
        The matching operators by id, each with their scopes and certificate.
    """
    _session(state, token)
    if _blank(name):
        raise _fail("INVALID", "name is required")
    s = name.strip().lower()
    return [_operator(state, oid) for oid, o in sorted(state.operators.items())
            if o["business"].lower().startswith(s) or o["contact"].split()[-1].lower() == s]


async def register_operator(state: State, token: str, business: str, kind: OperatorKind, contact: str, address: str,
                            postcode: str, phone: str, email: str | None = None) -> dict[str, Any]:
    """Register a new operator applying for certification.

    Args:
        token: The session's token.
        business: The business's name.
        kind: What the business is: ``farm``, ``processor``, ``importer`` or ``wholesaler``.
        contact: The person responsible.
        address: The address of the holding or premises.
        postcode: Its postcode.
        phone: A phone number.
        email: An e-mail address.

    Returns:
        The operator, with no scopes yet.
    """
    _session(state, token, OFFICER)
    what = _enum(OperatorKind, kind, "kind").value
    if any(_blank(v) for v in (business, contact, address, postcode, phone)):
        raise _fail("INVALID", "business, contact, address, postcode and phone are required")
    if any(o["business"].lower() == business.strip().lower() for o in state.operators.values()):
        raise _fail("DUPLICATE", f"{business.strip()} is registered already")
    oid = f"OP-{_next(state, 'operator')}"
    state.operators[oid] = {"business": " ".join(business.split()), "kind": what, "contact": " ".join(contact.split()),
                            "address": address.strip(), "postcode": postcode.strip().upper(), "phone": phone.strip(),
                            "email": email.strip() if isinstance(email, str) and email.strip() else None,
                            "scopes": [], "traces": False, "since": TODAY}
    return _operator(state, oid)


async def operator_file(state: State, token: str, operator_id: str) -> dict[str, Any]:
    """An operator's whole file.

    Args:
        token: The session's token.
        operator_id: The operator.

    Returns:
        The operator with rows of its parcels ``[parcel_id, field, hectares, status]``, visits
        ``[visit_id, date, kind, status]``, findings ``[finding_id, clause, severity, status]``, invoices
        ``[invoice_id, fee_code, balance]``, derogations ``[derogation_id, kind, status]``, the products on its
        certificate ``[product_id, product, claim]`` and its certificates of inspection ``[coi_id, consignment,
        status]``, and whether its TRACES access is on.
    """
    _session(state, token)
    o = _get(state.operators, operator_id, "operator")
    out = _operator(state, operator_id)
    out["parcels"] = [[pid, p["field"], p["hectares"], _parcel_status(p)[0]]
                      for pid, p in sorted(state.parcels.items()) if p["operator"] == operator_id]
    out["visits"] = [[vid, v["date"], v["kind"], v["status"]] for vid, v in sorted(state.visits.items())
                     if v["operator"] == operator_id]
    out["findings"] = [[fid, f["clause"], f["severity"], f["status"]] for fid, f in sorted(state.findings.items())
                       if state.visits[f["visit"]]["operator"] == operator_id]
    out["invoices"] = [[iid, i["fee"], round(i["amount"] - i["paid"], 2)] for iid, i in sorted(state.invoices.items())
                       if i["operator"] == operator_id]
    out["derogations"] = [[did, d["kind"], d["status"]] for did, d in sorted(state.derogations.items())
                          if d["operator"] == operator_id]
    out["products"] = [[pid, p["name"], p["claim"]] for pid, p in sorted(state.products.items())
                       if p["certificate"] is not None and p["certificate"] == out["certificate_id"]]
    out["imports"] = [[cid, c["consignment"], c["status"]] for cid, c in sorted(state.cois.items())
                      if c["operator"] == operator_id]
    out["traces_access"] = o["traces"]
    return out


async def update_contact(state: State, token: str, operator_id: str, contact: str | None = None,
                         phone: str | None = None, email: str | None = None) -> dict[str, Any]:
    """Change an operator's contact, phone or e-mail.

    Args:
        token: The session's token.
        operator_id: The operator.
        contact: The new person responsible.
        phone: The new phone number.
        email: The new e-mail address.

    Returns:
        The operator as now recorded.
    """
    _session(state, token, OFFICER)
    o = _get(state.operators, operator_id, "operator")
    changes = {k: v.strip() for k, v in (("contact", contact), ("phone", phone), ("email", email))
               if isinstance(v, str) and v.strip()}
    if not changes:
        raise _fail("INVALID", "give a contact, phone or email to change")
    if all(o[k] == v for k, v in changes.items()):
        raise _fail("DUPLICATE", f"{o['business']} has those details already")
    o.update(changes)
    return _operator(state, operator_id)


async def add_scope(state: State, token: str, operator_id: str, scope_code: str) -> dict[str, Any]:
    """Add a scope to an operator's licence.

    Args:
        token: The session's token.
        operator_id: The operator.
        scope_code: The scope's code, from the scopes.

    Returns:
        The operator with its scopes.
    """
    _session(state, token, OFFICER)
    o = _get(state.operators, operator_id, "operator")
    if not isinstance(scope_code, str) or scope_code not in SCOPE_NAMES:
        raise _fail("INVALID", f"no scope {scope_code!r}")
    if scope_code in o["scopes"]:
        raise _fail("DUPLICATE", f"{o['business']} has scope {scope_code} already")
    if scope_code == "I" and o["kind"] not in ("importer", "wholesaler"):
        raise _fail("RULE", f"scope I is for importers and wholesalers; {o['business']} is a {o['kind']}")
    o["scopes"].append(scope_code)
    o["scopes"].sort()
    return _operator(state, operator_id)


async def register_parcel(state: State, token: str, operator_id: str, field_name: str, hectares: float,
                          last_prohibited_input: str, crop: str) -> dict[str, Any]:
    """Register a land parcel farmed by an operator, with the date of the last input the standard prohibits.

    Args:
        token: The session's token.
        operator_id: The operator.
        field_name: The field's name.
        hectares: Its area in hectares.
        last_prohibited_input: When a prohibited input was last applied, written YYYY-MM-DD.
        crop: What is grown on it.

    Returns:
        The parcel, with its status (``organic`` or ``in_conversion``) and the date it is organic from.
    """
    _session(state, token, OFFICER)
    o = _get(state.operators, operator_id, "operator")
    last = _date(last_prohibited_input, "last_prohibited_input")
    if _blank(field_name) or _blank(crop):
        raise _fail("INVALID", "field_name and crop are required")
    if not _number(hectares) or not 0 < hectares <= 500:
        raise _fail("INVALID", "hectares is a number above 0 and at most 500")
    if "A" not in o["scopes"]:
        raise _fail("RULE", f"{o['business']}'s licence has no scope for land (crops); land is registered under "
                            "scope A")
    if last > TODAY:
        raise _fail("INVALID", "last_prohibited_input is in the future")
    if any(p["operator"] == operator_id and p["field"].lower() == field_name.strip().lower()
           for p in state.parcels.values()):
        raise _fail("DUPLICATE", f"{field_name.strip()} is registered for {o['business']} already")
    pid = f"PC-{_next(state, 'parcel')}"
    state.parcels[pid] = {"operator": operator_id, "field": field_name.strip(), "hectares": round(float(hectares), 2),
                          "last": last, "crop": crop.strip()}
    return _parcel(state, pid)


async def parcels(state: State, token: str, operator_id: str,
                  status: ParcelStatus | None = None) -> list[dict[str, Any]]:
    """An operator's land parcels.

    Args:
        token: The session's token.
        operator_id: The operator.
        status: Only parcels that are ``organic`` or ``in_conversion``.

    Returns:
        The parcels by id, with their status and the date each is organic from.
    """
    _session(state, token)
    _get(state.operators, operator_id, "operator")
    if status is not None:
        _choice(status, ("organic", "in_conversion"), "status")
    return [_parcel(state, pid) for pid, p in sorted(state.parcels.items())
            if p["operator"] == operator_id and (status is None or _parcel_status(p)[0] == status)]


async def set_traces_access(state: State, token: str, operator_id: str, enabled: bool) -> dict[str, Any]:
    """Turn an operator's access to TRACES, the import certification system, on or off.

    Args:
        token: The session's token.
        operator_id: The operator.
        enabled: True to turn access on, False to turn it off.

    Returns:
        The setting as now recorded.
    """
    _session(state, token, OFFICER)
    o = _get(state.operators, operator_id, "operator")
    if not isinstance(enabled, bool):
        raise _fail("INVALID", "enabled is true or false")
    if o["traces"] == enabled:
        raise _fail("DUPLICATE", f"TRACES access for {o['business']} is {'on' if enabled else 'off'} already")
    if enabled and "I" not in o["scopes"]:
        raise _fail("RULE", f"{o['business']} has no import scope; TRACES access is for importers")
    o["traces"] = enabled
    return {"operator_id": operator_id, "business": o["business"], "traces_access": enabled, "changed": NOW}


# --------------------------------------------------------------------------- derogations


async def request_derogation(state: State, token: str, operator_id: str, kind: DerogationKind, details: str,
                             quantity: float | None = None) -> dict[str, Any]:
    """Record an operator's request for a derogation from the standard.

    Args:
        token: The session's token.
        operator_id: The operator.
        kind: ``non_organic_seed``, ``non_organic_livestock``, ``parallel_production`` or
            ``shortened_conversion``.
        details: What is asked for, and why.
        quantity: How much (tonnes of seed, head of stock), where it applies.

    Returns:
        The derogation, pending.
    """
    _session(state, token, OFFICER)
    o = _get(state.operators, operator_id, "operator")
    what = _enum(DerogationKind, kind, "kind").value
    if _blank(details):
        raise _fail("INVALID", "details is required")
    if quantity is not None and (not _number(quantity) or quantity <= 0):
        raise _fail("INVALID", "quantity is a number above 0")
    if what in ("non_organic_seed", "shortened_conversion") and "A" not in o["scopes"]:
        raise _fail("RULE", f"a {what.replace('_', ' ')} derogation is for land farmed under scope A")
    if what == "non_organic_livestock" and "B" not in o["scopes"]:
        raise _fail("RULE", "a non organic livestock derogation is for a livestock licence (scope B)")
    did = f"DG-{_next(state, 'derogation'):04d}"
    state.derogations[did] = {"operator": operator_id, "kind": what, "details": details.strip(),
                              "quantity": quantity, "status": "pending", "note": None}
    return _derogation(state, did)


async def derogations(state: State, token: str, status: DerogationStatus | None = None) -> list[dict[str, Any]]:
    """The derogation requests.

    Args:
        token: The session's token.
        status: Only requests that are ``pending``, ``approved`` or ``refused``.

    Returns:
        The requests by id.
    """
    _session(state, token)
    if status is not None:
        _choice(status, ("pending", "approved", "refused"), "status")
    return [_derogation(state, did) for did, d in sorted(state.derogations.items())
            if status is None or d["status"] == status]


async def decide_derogation(state: State, token: str, derogation_id: str, decision: Decision,
                            note: str) -> dict[str, Any]:
    """Approve or refuse a pending derogation.

    Args:
        token: The session's token.
        derogation_id: The derogation.
        decision: ``approve`` or ``refuse``.
        note: The reason, sent to the operator.

    Returns:
        The derogation, decided.
    """
    _session(state, token, REVIEWER)
    d = _get(state.derogations, derogation_id, "derogation")
    how = _choice(decision, ("approve", "refuse"), "decision")
    if _blank(note):
        raise _fail("INVALID", "note is required")
    if d["status"] != "pending":
        raise _fail("DUPLICATE", f"{derogation_id} is {d['status']} already")
    d["status"], d["note"] = ("approved" if how == "approve" else "refused"), note.strip()
    return _derogation(state, derogation_id)


# --------------------------------------------------------------------------- inspections


async def inspectors(state: State, token: str, region: str | None = None) -> list[dict[str, Any]]:
    """The body's inspectors.

    Args:
        token: The session's token.
        region: Only inspectors covering this region (``north``, ``west``, ``east``).

    Returns:
        The inspectors by id, with their region.
    """
    _session(state, token)
    r = region.strip().lower() if isinstance(region, str) and region.strip() else None
    return [{"inspector_id": iid, "name": name, "region": reg}
            for iid, (name, reg, _) in sorted(state.inspectors.items()) if r is None or reg == r]


async def schedule_inspection(state: State, token: str, operator_id: str, inspector_id: str, date: str,
                              kind: VisitKind) -> dict[str, Any]:
    """Book an inspector's visit to an operator.

    Args:
        token: The session's token.
        operator_id: The operator.
        inspector_id: The inspector.
        date: The day of the visit, written YYYY-MM-DD (a weekday, today or later).
        kind: ``annual``, ``unannounced`` or ``follow_up``.

    Returns:
        The visit, scheduled.
    """
    _session(state, token, OFFICER)
    o = _get(state.operators, operator_id, "operator")
    _get(state.inspectors, inspector_id, "inspector")
    day = _date(date, "date")
    what = _enum(VisitKind, kind, "kind").value
    if day < TODAY or datetime.date.fromisoformat(day).weekday() >= 5:
        raise _fail("INVALID", "date is a weekday from today on")
    if not o["scopes"]:
        raise _fail("STATE", f"{o['business']} has no scope on its licence yet; add one before a visit")
    if not any(c["operator"] == operator_id for c in state.certificates.values()) and not any(
            i["operator"] == operator_id and i["fee"] == "APP" and i["paid"] >= i["amount"]
            for i in state.invoices.values()):
        raise _fail("RULE", f"{o['business']} has not paid its application fee; an applicant's first visit is "
                            "booked once it is paid")
    if what == "annual" and state.history.get(operator_id, [])[-2:] == [inspector_id, inspector_id]:
        raise _fail("RULE", f"{inspector_id} made {o['business']}'s last two annual visits; inspectors rotate after "
                            "two years running")
    if any(v["operator"] == operator_id and v["status"] == "scheduled" and v["kind"] == what
           for v in state.visits.values()):
        raise _fail("DUPLICATE", f"{o['business']} has a {what.replace('_', ' ')} visit booked already")
    vid = f"IV-{_next(state, 'visit')}"
    state.visits[vid] = {"operator": operator_id, "inspector": inspector_id, "date": day, "kind": what,
                         "status": "scheduled", "summary": None, "review": None, "reviewer": None}
    return _visit(state, vid)


async def visits(state: State, token: str, date: str | None = None,
                 inspector_id: str | None = None) -> list[dict[str, Any]]:
    """The visits booked, optionally for one day or one inspector.

    Args:
        token: The session's token.
        date: Only visits on this day, written YYYY-MM-DD.
        inspector_id: Only this inspector's visits.

    Returns:
        The visits by id.
    """
    _session(state, token)
    day = _date(date, "date") if date is not None else None
    return [_visit(state, vid) for vid, v in sorted(state.visits.items())
            if (day is None or v["date"] == day) and (inspector_id is None or v["inspector"] == inspector_id)]


def _own_visit(state: State, login: dict[str, Any], vid: Any) -> dict[str, Any]:
    v = _get(state.visits, vid, "visit")
    if login["role"] == "inspector" and login.get("inspector") != v["inspector"]:
        raise _fail("FORBIDDEN", f"{vid} is {state.inspectors[v['inspector']][0]}'s visit")
    return v


def _in_progress(state: State, login: dict[str, Any], vid: Any) -> dict[str, Any]:
    v = _own_visit(state, login, vid)
    if v["status"] != "in_progress":
        raise _fail("STATE", f"{vid} is {v['status'].replace('_', ' ')}, not in progress: the inspector opens the "
                             "visit first")
    return v


async def start_visit(state: State, token: str, visit_id: str) -> dict[str, Any]:
    """Open a visit on the day, when the inspector arrives at the holding.

    Args:
        token: The session's token.
        visit_id: The visit.

    Returns:
        The visit, in progress.
    """
    login = _session(state, token, INSPECTOR)
    v = _own_visit(state, login, visit_id)
    if v["status"] == "in_progress":
        raise _fail("DUPLICATE", f"{visit_id} is in progress already")
    if v["status"] != "scheduled":
        raise _fail("STATE", f"{visit_id} is {v['status']}")
    if v["date"] != TODAY:
        raise _fail("STATE", f"{visit_id} is booked for {v['date']}")
    v["status"] = "in_progress"
    return _visit(state, visit_id)


async def record_finding(state: State, token: str, visit_id: str, clause: str, severity: Severity,
                         description: str) -> dict[str, Any]:
    """Record a non-conformity found on a visit.

    Args:
        token: The session's token.
        visit_id: The visit, in progress.
        clause: The clause of the standard, such as ``4.3.2``.
        severity: ``minor``, ``major`` or ``critical``.
        description: What was found.

    Returns:
        The finding, open.
    """
    login = _session(state, token, INSPECTOR)
    _in_progress(state, login, visit_id)
    how = _enum(Severity, severity, "severity").value
    if _blank(clause) or _blank(description):
        raise _fail("INVALID", "clause and description are required")
    fid = f"NC-{_next(state, 'finding'):04d}"
    state.findings[fid] = {"visit": visit_id, "clause": clause.strip(), "severity": how,
                           "description": description.strip(), "status": "open", "action": None, "evidence": []}
    return _finding(state, fid)


async def take_sample(state: State, token: str, visit_id: str, material: str,
                      parcel_id: str | None = None) -> dict[str, Any]:
    """Record a sample taken on a visit for residue testing.

    Args:
        token: The session's token.
        visit_id: The visit, in progress.
        material: What was sampled.
        parcel_id: The parcel it came from, for a crop.

    Returns:
        The sample, awaiting the laboratory.
    """
    login = _session(state, token, INSPECTOR)
    v = _in_progress(state, login, visit_id)
    if _blank(material):
        raise _fail("INVALID", "material is required")
    if parcel_id is not None and state.parcels.get(parcel_id, {}).get("operator") != v["operator"]:
        raise _fail("NOT_FOUND", f"no parcel {parcel_id!r} for this operator")
    sid = f"SM-{_next(state, 'sample'):04d}"
    state.samples[sid] = {"visit": visit_id, "material": material.strip(), "parcel": parcel_id, "result": None,
                          "substance": None, "lab": None}
    return _sample(state, sid)


async def submit_report(state: State, token: str, visit_id: str, summary: str) -> dict[str, Any]:
    """Submit the inspector's report of a visit.

    Args:
        token: The session's token.
        visit_id: The visit, in progress.
        summary: The inspector's summary.

    Returns:
        The visit, reported.
    """
    login = _session(state, token, INSPECTOR)
    v = _own_visit(state, login, visit_id)
    if v["status"] in ("reported", "reviewed"):
        raise _fail("DUPLICATE", f"{visit_id} is {v['status']} already")
    _in_progress(state, login, visit_id)
    if _blank(summary):
        raise _fail("INVALID", "summary is required")
    v["status"], v["summary"] = "reported", summary.strip()
    if v["kind"] == "annual":
        state.history.setdefault(v["operator"], []).append(v["inspector"])
    return _visit(state, visit_id)


async def record_lab_result(state: State, token: str, sample_id: str, result: LabResult, lab_reference: str,
                            substance: str | None = None) -> dict[str, Any]:
    """Enter the laboratory's result for a sample.

    Args:
        token: The session's token.
        sample_id: The sample.
        result: ``not_detected`` or ``detected``.
        lab_reference: The laboratory's report number.
        substance: What was detected, for a detection.

    Returns:
        The sample with its result.
    """
    _session(state, token, OFFICER)
    s = _get(state.samples, sample_id, "sample")
    what = _choice(result, ("not_detected", "detected"), "result")
    if _blank(lab_reference):
        raise _fail("INVALID", "lab_reference is required")
    if what == "detected" and _blank(substance):
        raise _fail("INVALID", "substance is required for a detection")
    if s["result"] is not None:
        raise _fail("DUPLICATE", f"{sample_id} has its result already ({s['result']})")
    s["result"], s["lab"] = what, lab_reference.strip()
    s["substance"] = substance.strip() if what == "detected" else None
    return _sample(state, sample_id)


async def samples(state: State, token: str, visit_id: str | None = None,
                  awaiting_result: bool = False) -> list[dict[str, Any]]:
    """The samples taken on visits.

    Args:
        token: The session's token.
        visit_id: Only the samples of this visit.
        awaiting_result: Only samples whose laboratory result has not come.

    Returns:
        The samples by id, with their results.
    """
    _session(state, token)
    return [_sample(state, sid) for sid, s in sorted(state.samples.items())
            if (visit_id is None or s["visit"] == visit_id) and (not awaiting_result or s["result"] is None)]


async def findings(state: State, token: str, operator_id: str | None = None,
                   status: FindingStatus | None = None) -> list[dict[str, Any]]:
    """The findings of visits.

    Args:
        token: The session's token.
        operator_id: Only this operator's findings.
        status: Only findings that are ``open``, ``responded`` or ``closed``.

    Returns:
        The findings by id.
    """
    _session(state, token)
    if status is not None:
        _choice(status, ("open", "responded", "closed"), "status")
    return [_finding(state, fid) for fid, f in sorted(state.findings.items())
            if (operator_id is None or state.visits[f["visit"]]["operator"] == operator_id)
            and (status is None or f["status"] == status)]


async def respond_to_finding(state: State, token: str, finding_id: str, corrective_action: str,
                             evidence: list[str]) -> dict[str, Any]:
    """Record the operator's corrective action for an open finding, with the evidence sent.

    Args:
        token: The session's token.
        finding_id: The finding.
        corrective_action: What the operator has done.
        evidence: The documents or photographs sent, one text each.

    Returns:
        The finding, responded.
    """
    _session(state, token, OFFICER)
    f = _get(state.findings, finding_id, "finding")
    items = _texts(evidence, "evidence")
    if _blank(corrective_action) or not items:
        raise _fail("INVALID", "corrective_action and at least one piece of evidence are required")
    if f["status"] != "open":
        raise _fail("DUPLICATE", f"{finding_id} is {f['status']} already")
    f["status"], f["action"], f["evidence"] = "responded", corrective_action.strip(), items
    return _finding(state, finding_id)


async def close_finding(state: State, token: str, finding_id: str) -> dict[str, Any]:
    """Close a finding whose corrective action the reviewer accepts.

    Args:
        token: The session's token.
        finding_id: The finding.

    Returns:
        The finding, closed.
    """
    _session(state, token, REVIEWER)
    f = _get(state.findings, finding_id, "finding")
    if f["status"] == "closed":
        raise _fail("DUPLICATE", f"{finding_id} is closed already")
    if f["status"] != "responded":
        raise _fail("STATE", f"{finding_id} is open: the operator's corrective action is recorded first")
    f["status"] = "closed"
    return _finding(state, finding_id)


# --------------------------------------------------------------------------- review and certificates


async def review_visit(state: State, token: str, visit_id: str, outcome: ReviewOutcome) -> dict[str, Any]:
    """Review a visit's report.

    Args:
        token: The session's token.
        visit_id: The visit, reported.
        outcome: ``satisfactory`` or ``unsatisfactory``.

    Returns:
        The visit, reviewed.
    """
    login = _session(state, token, REVIEWER)
    v = _get(state.visits, visit_id, "visit")
    how = _choice(outcome, ("satisfactory", "unsatisfactory"), "outcome")
    if v["status"] == "reviewed":
        raise _fail("DUPLICATE", f"{visit_id} is reviewed already")
    if v["status"] != "reported":
        raise _fail("STATE", f"{visit_id} is {v['status'].replace('_', ' ')}; a visit is reviewed once reported")
    if state.inspectors[v["inspector"]][2] == login["username"]:
        raise _fail("RULE", "the reviewer must not be the inspector who made the visit")
    v["status"], v["review"], v["reviewer"] = "reviewed", how, login["name"]
    return _visit(state, visit_id)


async def grant_certificate(state: State, token: str, visit_id: str) -> dict[str, Any]:
    """Grant an operator's certificate, or renew it, on a reviewed visit.

    Args:
        token: The session's token.
        visit_id: The reviewed visit it rests on.

    Returns:
        The certificate in force for twelve months, with its scopes and the products on its schedule.
    """
    _session(state, token, REVIEWER)
    v = _get(state.visits, visit_id, "visit")
    oid = v["operator"]
    o = state.operators[oid]
    if v["status"] != "reviewed":
        raise _fail("STATE", f"{visit_id} is {v['status'].replace('_', ' ')}; a certificate rests on a reviewed visit")
    if v["review"] != "satisfactory":
        raise _fail("RULE", f"{visit_id} was reviewed unsatisfactory")
    waiting = [sid for sid, s in sorted(state.samples.items()) if state.visits[s["visit"]]["operator"] == oid
               and s["result"] is None]
    if waiting:
        raise _fail("RULE", f"the laboratory's result is awaited for {', '.join(waiting)}")
    if any(state.visits[s["visit"]]["operator"] == oid and s["result"] == "detected" for s in state.samples.values()):
        raise _fail("RULE", "a sample has a residue detected; the case goes to the head of certification")
    serious = _open_serious(state, oid)
    if serious:
        raise _fail("RULE", f"{', '.join(serious)} must be closed before a certificate is granted")
    if _unpaid(state, oid, 30):
        raise _fail("RULE", f"{o['business']} has fees unpaid for over 30 days")
    current = [cid for cid, c in state.certificates.items() if c["operator"] == oid and c["status"] == "active"]
    if any(state.certificates[c]["valid_until"] > v["date"][:4] + "-12-31" for c in current):
        raise _fail("DUPLICATE", f"{o['business']}'s certificate already runs past this year")
    for cid in current:
        state.certificates[cid]["status"] = "superseded"
    for pid, p in state.products.items():
        if p["certificate"] in current:
            p["certificate"] = None
    cid = f"GOC-{_next(state, 'certificate')}"
    until = datetime.date.fromisoformat(TODAY).replace(year=int(TODAY[:4]) + 1).isoformat()
    state.certificates[cid] = {"operator": oid, "status": "active", "valid_until": until, "reason": None}
    for pid, p in state.products.items():
        if p["certificate"] is None and p.get("operator") == oid:
            p["certificate"] = cid
    return _certificate(state, cid)


async def suspend_certificate(state: State, token: str, certificate_id: str, reason: SuspendReason) -> str:
    """Suspend a certificate in force.

    Args:
        token: The session's token.
        certificate_id: The certificate.
        reason: ``unpaid_fees``, ``major_finding``, ``residue`` or ``operator_request``.

    Returns:
        A sentence saying the certificate is suspended.
    """
    _session(state, token, REVIEWER)
    c = _get(state.certificates, certificate_id, "certificate")
    why = _enum(SuspendReason, reason, "reason").value
    if c["status"] == "suspended":
        raise _fail("DUPLICATE", f"{certificate_id} is suspended already")
    if c["status"] != "active":
        raise _fail("STATE", f"{certificate_id} is {c['status']}")
    c["status"], c["reason"] = "suspended", why
    return (f"Suspended {certificate_id} ({state.operators[c['operator']]['business']}) for "
            f"{why.replace('_', ' ')}; the public register shows it suspended from {TODAY}.")


async def reinstate_certificate(state: State, token: str, certificate_id: str) -> str:
    """Reinstate a suspended certificate once the reason for the suspension is put right.

    Args:
        token: The session's token.
        certificate_id: The certificate.

    Returns:
        A sentence saying the certificate is in force again.
    """
    _session(state, token, REVIEWER)
    c = _get(state.certificates, certificate_id, "certificate")
    if c["status"] == "active":
        raise _fail("DUPLICATE", f"{certificate_id} is in force already")
    if c["status"] != "suspended":
        raise _fail("STATE", f"{certificate_id} is {c['status']}")
    oid = c["operator"]
    if c["reason"] == "unpaid_fees" and _unpaid(state, oid):
        raise _fail("RULE", f"{', '.join(_unpaid(state, oid))} still unpaid")
    if c["reason"] == "major_finding" and _open_serious(state, oid):
        raise _fail("RULE", f"{', '.join(_open_serious(state, oid))} still not closed")
    if c["reason"] == "residue":
        raise _fail("RULE", "a certificate suspended for a residue is reinstated only by the head of certification "
                            "on a clean resample")
    c["status"], c["reason"] = "active", None
    return f"Reinstated {certificate_id} ({state.operators[oid]['business']}); in force until {c['valid_until']}."


async def add_product(state: State, token: str, certificate_id: str, product: str, claim: Claim,
                      parcel_ids: list[str]) -> dict[str, Any]:
    """Put a product on a certificate's schedule.

    Args:
        token: The session's token.
        certificate_id: The certificate in force.
        product: The product's name.
        claim: ``organic`` or ``in_conversion``.
        parcel_ids: The parcels a crop comes from (none for a processed product).

    Returns:
        The product on the schedule.
    """
    _session(state, token, OFFICER)
    c = _get(state.certificates, certificate_id, "certificate")
    how = _choice(claim, ("organic", "in_conversion"), "claim")
    ids = parcel_ids if isinstance(parcel_ids, list) else None
    if ids is None or not all(isinstance(p, str) for p in ids):
        raise _fail("INVALID", "parcel_ids is a list of parcel ids")
    if _blank(product):
        raise _fail("INVALID", "product is required")
    if c["status"] != "active":
        raise _fail("STATE", f"{certificate_id} is {c['status']}")
    oid = c["operator"]
    for pid in ids:
        if state.parcels.get(pid, {}).get("operator") != oid:
            raise _fail("NOT_FOUND", f"no parcel {pid!r} for {state.operators[oid]['business']}")
    if not ids and "D" not in state.operators[oid]["scopes"]:
        raise _fail("RULE", "a crop is put on the schedule with the parcels it comes from")
    for pid in ids:
        status, organic_from = _parcel_status(state.parcels[pid])
        if how == "organic" and status != "organic":
            raise _fail("RULE", f"{pid} is in conversion until {organic_from}; its crop is sold as in conversion")
        if how == "in_conversion" and _months(state.parcels[pid]["last"], TODAY) < IN_CONVERSION_CLAIM_MONTHS:
            raise _fail("RULE", f"{pid} is in its first year of conversion; its crop may not be sold as in "
                                "conversion until twelve months after the last prohibited input")
    if any(p["certificate"] == certificate_id and p["name"].lower() == product.strip().lower()
           for p in state.products.values()):
        raise _fail("DUPLICATE", f"{product.strip()} is on {certificate_id} already")
    pid = f"PR-{_next(state, 'product')}"
    state.products[pid] = {"certificate": certificate_id, "operator": oid, "name": product.strip(), "claim": how,
                           "parcels": list(ids)}
    return {"product_id": pid, "certificate_id": certificate_id, "product": product.strip(), "claim": how,
            "parcels": list(ids)}


async def approve_label(state: State, token: str, product_id: str, label_text: str, logo: Logo) -> dict[str, Any]:
    """Approve the label for a product on a certificate's schedule.

    Args:
        token: The session's token.
        product_id: The product.
        label_text: The wording of the organic claim and the control body's code on the label.
        logo: ``uk_organic``, ``eu_leaf`` or ``none``.

    Returns:
        The label, approved.
    """
    _session(state, token, OFFICER)
    p = _get(state.products, product_id, "product")
    mark = _choice(logo, ("uk_organic", "eu_leaf", "none"), "logo")
    if _blank(label_text):
        raise _fail("INVALID", "label_text is required")
    if p["certificate"] is None or state.certificates[p["certificate"]]["status"] != "active":
        raise _fail("STATE", f"{product_id} is on no certificate in force")
    if "GB-ORG-27" not in label_text:
        raise _fail("RULE", "the label must carry the control body's code, GB-ORG-27")
    if p["claim"] == "in_conversion" and mark != "none":
        raise _fail("RULE", "an in-conversion product may not carry an organic logo")
    if any(lb["product"] == product_id for lb in state.labels.values()):
        raise _fail("DUPLICATE", f"{product_id} has an approved label already")
    lid = f"LB-{_next(state, 'label'):04d}"
    state.labels[lid] = {"product": product_id, "text": label_text.strip(), "logo": mark}
    return {"label_id": lid, "product_id": product_id, "product": p["name"], "label_text": label_text.strip(),
            "logo": mark, "approved": TODAY}


# --------------------------------------------------------------------------- imports


async def request_coi(state: State, token: str, operator_id: str, consignment: str, origin: str,
                      exporter_certificate: str, tonnes: float) -> dict[str, Any]:
    """Request a certificate of inspection for an imported consignment.

    Args:
        token: The session's token.
        operator_id: The importing operator.
        consignment: What is imported (product, lot, container).
        origin: The country of origin.
        exporter_certificate: The exporter's organic certificate number.
        tonnes: The weight in tonnes.

    Returns:
        The certificate of inspection, awaiting the consignment check.
    """
    _session(state, token, OFFICER)
    o = _get(state.operators, operator_id, "operator")
    if any(_blank(v) for v in (consignment, origin, exporter_certificate)):
        raise _fail("INVALID", "consignment, origin and exporter_certificate are required")
    if not _number(tonnes) or tonnes <= 0:
        raise _fail("INVALID", "tonnes is a number above 0")
    if "I" not in o["scopes"]:
        raise _fail("RULE", f"{o['business']} has no import scope")
    if not any(c["operator"] == operator_id and c["status"] == "active" for c in state.certificates.values()):
        raise _fail("RULE", f"{o['business']} has no certificate in force")
    if not o["traces"]:
        raise _fail("STATE", f"{o['business']} has no TRACES access; a certificate of inspection is raised there")
    cid = f"COI-{TODAY[:4]}-{_next(state, 'coi'):04d}"
    state.cois[cid] = {"operator": operator_id, "consignment": consignment.strip(), "origin": origin.strip(),
                       "exporter": exporter_certificate.strip(), "tonnes": float(tonnes), "seals": [],
                       "checked": None, "status": "requested"}
    return _coi(state, cid)


async def check_consignment(state: State, token: str, coi_id: str, seal_numbers: list[str],
                            documents_in_order: bool) -> dict[str, Any]:
    """Record the documentary and identity check of an imported consignment.

    Args:
        token: The session's token.
        coi_id: The certificate of inspection.
        seal_numbers: The container seals checked.
        documents_in_order: Whether the transaction certificate and the bill of lading agree with the consignment.

    Returns:
        The certificate of inspection, checked.
    """
    login = _session(state, token, REVIEWER)
    c = _get(state.cois, coi_id, "certificate of inspection")
    seals = _texts(seal_numbers, "seal_numbers")
    if not isinstance(documents_in_order, bool):
        raise _fail("INVALID", "documents_in_order is true or false")
    if c["checked"] is not None:
        raise _fail("DUPLICATE", f"{coi_id} is checked already")
    if not seals:
        raise _fail("INVALID", "at least one seal number is required")
    if not documents_in_order:
        raise _fail("RULE", "documents not in order: the consignment is held and the importer told")
    c["seals"], c["checked"], c["status"] = seals, login["name"], "checked"
    return _coi(state, coi_id)


async def endorse_coi(state: State, token: str, coi_id: str) -> str:
    """Endorse a checked certificate of inspection, releasing the consignment as organic.

    Args:
        token: The session's token.
        coi_id: The certificate of inspection.

    Returns:
        A sentence saying the certificate is endorsed.
    """
    _session(state, token, REVIEWER)
    c = _get(state.cois, coi_id, "certificate of inspection")
    if c["status"] == "endorsed":
        raise _fail("DUPLICATE", f"{coi_id} is endorsed already")
    if c["status"] != "checked":
        raise _fail("STATE", f"{coi_id} is requested; the consignment is checked before it is endorsed")
    c["status"] = "endorsed"
    return f"Endorsed {coi_id}: {c['consignment']} ({c['tonnes']:g} t from {c['origin']}) released as organic."


# --------------------------------------------------------------------------- fees and notices


async def raise_invoice(state: State, token: str, operator_id: str, fee_code: str) -> dict[str, Any]:
    """Raise an invoice to an operator from the fee scale.

    Args:
        token: The session's token.
        operator_id: The operator.
        fee_code: The fee's code, from the fee scale.

    Returns:
        The invoice, unpaid.
    """
    _session(state, token, ACCOUNTS)
    o = _get(state.operators, operator_id, "operator")
    if not isinstance(fee_code, str) or fee_code not in FEE_AMOUNT:
        raise _fail("INVALID", f"no fee {fee_code!r} on the fee scale")
    if fee_code == "APP" and o["since"] != TODAY and any(i["operator"] == operator_id and i["fee"] == "APP"
                                                       for i in state.invoices.values()):
        raise _fail("DUPLICATE", f"{o['business']} has been invoiced its application fee already")
    if fee_code.startswith("ANN-") and fee_code != {"farm": "ANN-FARM", "processor": "ANN-PROC",
                                                    "importer": "ANN-IMP", "wholesaler": "ANN-PROC"}[o["kind"]]:
        raise _fail("RULE", f"{fee_code} is not the annual fee for a {o['kind']}")
    if any(i["operator"] == operator_id and i["fee"] == fee_code and i["raised"] == TODAY
           for i in state.invoices.values()):
        raise _fail("DUPLICATE", f"{o['business']} was invoiced {fee_code} today already")
    iid = f"INV-{_next(state, 'invoice')}"
    state.invoices[iid] = {"operator": operator_id, "fee": fee_code, "amount": FEE_AMOUNT[fee_code], "paid": 0.0,
                           "raised": TODAY}
    return _invoice(state, iid)


async def invoices(state: State, token: str, operator_id: str | None = None,
                   status: InvoiceStatus | None = None) -> list[dict[str, Any]]:
    """The invoices raised.

    Args:
        token: The session's token.
        operator_id: Only this operator's invoices.
        status: Only invoices that are ``unpaid`` or ``paid``.

    Returns:
        The invoices by number, with what each still owes.
    """
    _session(state, token)
    if status is not None:
        _choice(status, ("unpaid", "paid"), "status")
    return [_invoice(state, iid) for iid, i in sorted(state.invoices.items())
            if (operator_id is None or i["operator"] == operator_id)
            and (status is None or _invoice(state, iid)["status"] == status)]


async def record_payment(state: State, token: str, invoice_id: str, amount: float, method: PayMethod) -> float:
    """Record a payment against an invoice.

    Args:
        token: The session's token.
        invoice_id: The invoice.
        amount: The amount paid, in pounds.
        method: ``bank_transfer``, ``card`` or ``direct_debit``.

    Returns:
        What the invoice still owes after the payment.
    """
    _session(state, token, ACCOUNTS)
    i = _get(state.invoices, invoice_id, "invoice")
    _enum(PayMethod, method, "method")
    balance = round(i["amount"] - i["paid"], 2)
    if balance <= 0:
        raise _fail("DUPLICATE", f"{invoice_id} is paid already")
    if not _number(amount) or amount <= 0:
        raise _fail("INVALID", "amount is a number above 0")
    if round(amount, 2) > balance:
        raise _fail("RULE", f"{invoice_id} owes {balance:.2f}; a payment may not exceed it")
    i["paid"] = round(i["paid"] + amount, 2)
    return round(i["amount"] - i["paid"], 2)


async def send_notice(state: State, token: str, operator_id: str, subject: str, body: str) -> str:
    """Send an operator a notice by e-mail and post.

    Args:
        token: The session's token.
        operator_id: The operator.
        subject: The subject.
        body: The text.

    Returns:
        A sentence with the notice's number.
    """
    login = _session(state, token)
    o = _get(state.operators, operator_id, "operator")
    if _blank(subject) or _blank(body):
        raise _fail("INVALID", "subject and body are required")
    mid = f"MSG-{_next(state, 'notice')}"
    state.notices.append([mid, operator_id, subject.strip(), body.strip(), login["name"], NOW])
    return f"Sent notice {mid} to {o['contact']} of {o['business']}: {subject.strip()}."


TOOLS = [sign_in, sign_out, scopes, fee_scale, public_register, find_operator, register_operator, operator_file,
         update_contact, add_scope, register_parcel, parcels, set_traces_access, request_derogation, derogations,
         decide_derogation, inspectors, schedule_inspection, visits, start_visit, record_finding, take_sample,
         submit_report, record_lab_result, samples, findings, respond_to_finding, close_finding, review_visit,
         grant_certificate, suspend_certificate, reinstate_certificate, add_product, approve_label, request_coi,
         check_consignment, endorse_coi, raise_invoice, invoices, record_payment, send_notice]

FIXTURES = {
    "body": "Gorsemoor Organic Certification, control body GB-ORG-27; its labels carry that code",
    "today": "Wednesday 2 July 2053, 08:30",
    "staff": [
        {"name": "Tegen Rescorla", "role": "certification officer", "username": "tegen.r",
         "password": "Scope-Letter-42"},
        {"name": "Ruan Polglase", "role": "inspector (west)", "username": "ruan.p", "password": "Field-Walk-17"},
        {"name": "Elestren Kitto", "role": "inspector (east)", "username": "elestren.k",
         "password": "Grain-Sample-63"},
        {"name": "Conan Teague", "role": "technical reviewer", "username": "conan.v", "password": "Second-Look-28"},
        {"name": "Lamorna Hichens", "role": "accounts", "username": "lamorna.h", "password": "Fee-Scale-90"},
        {"name": "Kitto Bolitho", "role": "head of certification", "username": "kitto.b",
         "password": "Control-Body-55"},
    ],
    "new_applicant": {
        "business": "Nancekuke Herbs", "kind": "farm", "contact": "Ysella Nance",
        "address": "Nancekuke Lane, Porthallow", "postcode": "GM8 3NH", "phone": "01326 281937",
        "email": "ysella@nancekukeherbs.example",
        "land": "Herb Plat, 0.8 hectares, last sprayed 14 April 2050, culinary herbs",
    },
    "notes": [
        "Ruan inspects Tolverne Barton today (annual visit): he expects to sample the winter wheat on Long Close",
        "Tolverne Barton's request to sow non-organic seed potatoes (Cara Rua) can be approved: the seed database "
        "has no organic Cara Rua",
        "The laboratory's report Cambrelab 53/7702 on Gwennap Stoneground's flour sample: no residues detected",
        "Jago Menhenick has sent Gwennap Stoneground's cleaning logs for May and June and a revised cleaning procedure "
        "for the shared mill line; Elestren checks them on today's follow-up visit",
        "Quillet Wholefoods' consignment of organic white quinoa from Peru (18.5 tonnes, container MSCU 4471203, "
        "exporter certificate PE-BIO-149-0712) lands on Friday; they have asked for TRACES access",
        "Hendra Fruit Farm has paid its 150 pound application fee by card over the phone; Tryphena wants her first "
        "visit on Tuesday 15 July, and Hendra lies in the west",
        "Hendra Fruit Farm's land: Top Plat, 2.4 hectares of apples, last sprayed 10 November 2051; Gweek "
        "Ground, 1.1 hectares of grazing, last fertilised 1 March 2050",
        "Carnmoor Free Range has paid its overdue annual fee of 420 pounds by bank transfer",
        "Gwennap Stoneground's new e-mail address is accounts@gwennapstoneground.example",
    ],
}

# --------------------------------------------------------------------------- the designed prerequisites

_TOKEN = "auth: session token (token of sign_in)"
PUBLIC = ("sign_in", "scopes", "fee_scale", "public_register")
TOKEN_CONSUMERS = [t.__name__ for t in TOOLS if t.__name__ not in PUBLIC]
OPERATOR_CONSUMERS = ["operator_file", "update_contact", "add_scope", "register_parcel", "parcels",
                      "set_traces_access", "request_derogation", "schedule_inspection", "request_coi", "raise_invoice",
                      "send_notice"]
VISIT_CONSUMERS = ["start_visit", "record_finding", "take_sample", "submit_report", "review_visit",
                   "grant_certificate"]
CERTIFICATE_CONSUMERS = ["suspend_certificate", "reinstate_certificate", "add_product"]
_OPERATOR = ("id lookup/create: operator (operator_id of register_operator's operator, or of a find_operator "
             "entry)")
_VISIT = "id lookup/create: visit (visit_id of schedule_inspection's visit, or of a visits entry)"
_CERTIFICATE = ("id lookup/create: certificate (certificate_id of grant_certificate's certificate, or of a "
                "find_operator entry)")

GROUND_TRUTH = (
    [("sign_in", c, _TOKEN) for c in TOKEN_CONSUMERS]
    + [("find_operator|register_operator", c, _OPERATOR) for c in OPERATOR_CONSUMERS]
    + [("schedule_inspection|visits", c, _VISIT) for c in VISIT_CONSUMERS]
    + [("grant_certificate|find_operator", c, _CERTIFICATE) for c in CERTIFICATE_CONSUMERS]
    + [
        ("inspectors", "schedule_inspection", "id lookup: inspector (inspector_id of an inspectors entry)"),
        ("take_sample|samples", "record_lab_result",
         "id lookup/create: sample (sample_id of take_sample's sample, or of a samples entry)"),
        ("record_finding|findings", "respond_to_finding",
         "id lookup/create: finding (finding_id of record_finding's finding, or of a findings entry)"),
        ("record_finding|findings", "close_finding",
         "id lookup/create: finding (finding_id of record_finding's finding, or of a findings entry)"),
        ("request_derogation|derogations", "decide_derogation",
         "id lookup/create: derogation (derogation_id of request_derogation's, or of a derogations entry)"),
        ("register_parcel|parcels", "add_product",
         "id lookup/create: parcel (parcel_id of register_parcel's parcel, or of a parcels entry)"),
        ("add_product", "approve_label", "id create: product (product_id of add_product's product)"),
        ("raise_invoice|invoices", "record_payment",
         "id lookup/create: invoice (invoice_id of raise_invoice's invoice, or of an invoices entry)"),
        ("request_coi", "check_consignment", "id create: certificate of inspection (coi_id of request_coi's)"),
        ("request_coi", "endorse_coi", "id create: certificate of inspection (coi_id of request_coi's)"),
        ("scopes", "add_scope", "vocabulary: the scope codes (the first column of a scopes row)"),
        ("fee_scale", "raise_invoice", "vocabulary: the fee codes (the first column of a fee_scale row)"),
        ("record_lab_result", "grant_certificate", "document: the laboratory's result for every sample taken"),
        ("respond_to_finding", "close_finding", "document: the operator's corrective action and its evidence"),
        ("review_visit", "grant_certificate", "vetting: the visit reviewed, satisfactorily, by someone other than "
                                              "its inspector"),
        ("check_consignment", "endorse_coi", "vetting: the imported consignment's documents and seals checked"),
        ("record_payment", "schedule_inspection", "payment: the applicant's application fee paid"),
        ("record_payment", "reinstate_certificate", "payment: the unpaid fees a suspension was for, paid"),
        ("start_visit", "record_finding", "state: the visit opened by its inspector"),
        ("start_visit", "take_sample", "state: the visit opened by its inspector"),
        ("start_visit", "submit_report", "state: the visit opened by its inspector"),
        ("submit_report", "review_visit", "state: the visit's report submitted"),
        ("close_finding", "grant_certificate", "state: the operator's major findings closed"),
        ("add_scope", "register_parcel", "state: the crop scope (A) on the operator's licence"),
        ("add_scope", "schedule_inspection", "state: a scope on the applicant's licence"),
        ("add_scope", "set_traces_access", "state: the import scope (I) on the operator's licence"),
        ("add_scope", "request_derogation", "state: the scope the derogation is for (A for seed, B for stock) on the "
                                            "licence"),
        ("grant_certificate", "request_coi", "state: the importer's certificate in force"),
        ("suspend_certificate", "reinstate_certificate", "state: the certificate suspended"),
        ("set_traces_access", "request_coi", "setting: the importer's TRACES access on"),
    ]
)

# every pair the proofs make real (the later call fails when the earlier one is dropped) that is not designed: each
# lies two or more designed pairs along a chain (an operator, a visit, a certificate, an invoice), or reads an id that
# another list shows
ALONG_THE_CHAINS = {
    ('add_scope', 'grant_certificate'), ('add_scope', 'record_finding'), ('add_scope', 'record_lab_result'),
    ('add_scope', 'request_coi'), ('add_scope', 'review_visit'), ('add_scope', 'start_visit'),
    ('add_scope', 'submit_report'), ('add_scope', 'take_sample'), ('close_finding', 'add_product'),
    ('close_finding', 'reinstate_certificate'), ('close_finding', 'suspend_certificate'),
    ('fee_scale', 'grant_certificate'), ('fee_scale', 'record_payment'), ('fee_scale', 'request_coi'),
    ('fee_scale', 'review_visit'), ('fee_scale', 'schedule_inspection'), ('fee_scale', 'start_visit'),
    ('fee_scale', 'submit_report'), ('find_operator', 'approve_label'), ('find_operator', 'check_consignment'),
    ('find_operator', 'close_finding'), ('find_operator', 'decide_derogation'), ('find_operator', 'endorse_coi'),
    ('find_operator', 'grant_certificate'), ('find_operator', 'record_finding'),
    ('find_operator', 'record_lab_result'), ('find_operator', 'record_payment'),
    ('find_operator', 'respond_to_finding'), ('find_operator', 'review_visit'), ('find_operator', 'start_visit'),
    ('find_operator', 'submit_report'), ('find_operator', 'take_sample'), ('findings', 'add_product'),
    ('findings', 'grant_certificate'), ('findings', 'reinstate_certificate'), ('findings', 'suspend_certificate'),
    ('inspectors', 'grant_certificate'), ('inspectors', 'record_finding'), ('inspectors', 'record_lab_result'),
    ('inspectors', 'request_coi'), ('inspectors', 'review_visit'), ('inspectors', 'start_visit'),
    ('inspectors', 'submit_report'), ('inspectors', 'take_sample'), ('invoices', 'grant_certificate'),
    ('invoices', 'record_finding'), ('invoices', 'record_lab_result'), ('invoices', 'reinstate_certificate'),
    ('invoices', 'review_visit'), ('invoices', 'schedule_inspection'), ('invoices', 'start_visit'),
    ('invoices', 'submit_report'), ('invoices', 'take_sample'), ('parcels', 'approve_label'),
    ('public_register', 'reinstate_certificate'), ('raise_invoice', 'grant_certificate'),
    ('raise_invoice', 'request_coi'), ('raise_invoice', 'review_visit'), ('raise_invoice', 'schedule_inspection'),
    ('raise_invoice', 'start_visit'), ('raise_invoice', 'submit_report'), ('record_lab_result', 'add_product'),
    ('record_lab_result', 'reinstate_certificate'), ('record_lab_result', 'suspend_certificate'),
    ('record_payment', 'grant_certificate'), ('record_payment', 'record_finding'),
    ('record_payment', 'record_lab_result'), ('record_payment', 'request_coi'), ('record_payment', 'review_visit'),
    ('record_payment', 'start_visit'), ('record_payment', 'submit_report'), ('record_payment', 'take_sample'),
    ('register_operator', 'grant_certificate'), ('register_operator', 'record_payment'),
    ('register_operator', 'review_visit'), ('register_operator', 'start_visit'),
    ('register_operator', 'submit_report'), ('respond_to_finding', 'add_product'),
    ('respond_to_finding', 'grant_certificate'), ('respond_to_finding', 'reinstate_certificate'),
    ('respond_to_finding', 'suspend_certificate'), ('review_visit', 'request_coi'), ('samples', 'add_product'),
    ('samples', 'grant_certificate'), ('samples', 'reinstate_certificate'), ('samples', 'suspend_certificate'),
    ('schedule_inspection', 'record_lab_result'), ('schedule_inspection', 'request_coi'),
    ('scopes', 'grant_certificate'), ('scopes', 'record_finding'), ('scopes', 'record_lab_result'),
    ('scopes', 'register_parcel'), ('scopes', 'request_coi'), ('scopes', 'request_derogation'),
    ('scopes', 'review_visit'), ('scopes', 'schedule_inspection'), ('scopes', 'set_traces_access'),
    ('scopes', 'start_visit'), ('scopes', 'submit_report'), ('scopes', 'take_sample'),
    ('set_traces_access', 'check_consignment'), ('set_traces_access', 'endorse_coi'),
    ('start_visit', 'close_finding'), ('start_visit', 'grant_certificate'), ('start_visit', 'record_lab_result'),
    ('start_visit', 'request_coi'), ('start_visit', 'respond_to_finding'), ('start_visit', 'review_visit'),
    ('submit_report', 'grant_certificate'), ('submit_report', 'request_coi'), ('visits', 'add_product'),
    ('visits', 'close_finding'), ('visits', 'record_lab_result'), ('visits', 'reinstate_certificate'),
    ('visits', 'respond_to_finding'), ('visits', 'suspend_certificate'),
}
_DESIGNED = {(p, c) for ps, c, _ in GROUND_TRUTH for p in ps.split("|")}
_OPERATOR_SHOWN = ("find_operator", "register_operator", "operator_file", "update_contact", "add_scope", "visits",
                   "schedule_inspection", "start_visit", "submit_report", "review_visit", "findings",
                   "record_finding", "respond_to_finding", "close_finding", "derogations", "request_derogation",
                   "decide_derogation", "invoices", "raise_invoice", "parcels", "register_parcel",
                   "set_traces_access", "grant_certificate", "request_coi", "check_consignment")
_VISIT_SHOWN = ("visits", "schedule_inspection", "operator_file", "start_visit", "submit_report", "review_visit",
                "findings", "record_finding", "respond_to_finding", "close_finding", "samples", "take_sample",
                "record_lab_result")
_CERTIFICATE_SHOWN = ("find_operator", "grant_certificate", "public_register", "operator_file", "update_contact",
                      "add_scope", "add_product")
_FINDING_SHOWN = ("record_finding", "findings", "operator_file", "respond_to_finding", "close_finding")
PLAUSIBLE = (
    # ids shown in other lists and records: operators on visits, findings, derogations, invoices, parcels,
    # certificates and certificates of inspection; visits on findings and samples; certificates on operators and
    # the public register; inspectors on visits; findings, derogations, parcels and invoices in an operator's file;
    # products on certificates; scope codes on operators and certificates; fee codes on invoices
    {(p, c) for p in _OPERATOR_SHOWN for c in OPERATOR_CONSUMERS}
    | {(p, c) for p in _VISIT_SHOWN for c in VISIT_CONSUMERS}
    | {(p, c) for p in _CERTIFICATE_SHOWN for c in CERTIFICATE_CONSUMERS}
    | {(p, c) for p in _FINDING_SHOWN for c in ("respond_to_finding", "close_finding")}
    | {(p, "schedule_inspection") for p in ("visits", "start_visit", "submit_report", "review_visit")}
    | {(p, "record_lab_result") for p in ("take_sample", "samples")}
    | {(p, "decide_derogation") for p in ("request_derogation", "derogations", "operator_file")}
    | {(p, "add_product") for p in ("register_parcel", "parcels", "operator_file")}
    | {(p, "approve_label") for p in ("add_product", "grant_certificate", "operator_file")}
    | {(p, "record_payment") for p in ("raise_invoice", "invoices", "operator_file")}
    | {(p, c) for p in ("request_coi", "check_consignment", "operator_file")
       for c in ("check_consignment", "endorse_coi")}
    | {(p, "add_scope") for p in ("find_operator", "operator_file", "grant_certificate", "public_register")}
    | {("invoices", "raise_invoice")}
    | ALONG_THE_CHAINS
    # a record created or changed, then seen in the lists and records that show it
    | {(p, c) for p in ("register_operator", "update_contact", "add_scope", "set_traces_access", "register_parcel",
                        "request_derogation", "schedule_inspection", "record_finding", "raise_invoice",
                        "grant_certificate", "suspend_certificate", "reinstate_certificate")
       for c in ("find_operator", "operator_file")}
    | {(p, "parcels") for p in ("register_parcel",)}
    | {(p, "visits") for p in ("schedule_inspection", "start_visit", "submit_report", "review_visit")}
    | {(p, "samples") for p in ("take_sample", "record_lab_result")}
    | {(p, "findings") for p in ("record_finding", "respond_to_finding", "close_finding")}
    | {(p, "derogations") for p in ("request_derogation", "decide_derogation")}
    | {(p, "invoices") for p in ("raise_invoice", "record_payment")}
    | {(p, "public_register") for p in ("grant_certificate", "suspend_certificate", "reinstate_certificate",
                                        "add_scope")}
) - _DESIGNED - {(t.__name__, t.__name__) for t in TOOLS}  # not the designed pairs, nor a tool with itself
