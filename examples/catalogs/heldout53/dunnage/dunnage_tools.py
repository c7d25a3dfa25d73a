"""Dunnage: the warehouse system of Dalbrack Bonded Warehouses, an excise warehouse that keeps whisky casks in bond
for their owners: owners and their due diligence, arrivals and casks received, racking, regauges, samples, losses,
ownership certificates, storage rates and invoices, delivery orders that transfer casks between owners, and releases
from bond with their authority, duty and papers (37 calls).

Coroutines; every call but the three public ones (sign_in, storage_rates, warehouses) sits behind a
``scoped(*roles)`` decorator (an async wrapper made with ``functools.wraps``) that checks the session token and the
role before the call runs and awaits the tool; the general manager passes every role check. The state is an in-memory
``State`` of the warehouse on Wednesday 14 November 2057 at 08:00. The office registers owners, sets their sampling
consent and storage rate, books arrivals, issues and accepts delivery orders, requests releases and attaches their
papers; the compliance officer files and checks owners' identity papers and approves them; the warehouse keeper
receives casks, completes arrivals, racks casks, issues ownership certificates and dispatches releases; the gauger
regauges casks, draws samples and records losses; accounts invoice storage and record payments and duty; the bond
manager authorises releases. The storage rates and the warehouses are public.

Refusals are *returned* as ``"Error: ..."`` strings, a code in the manner of a web API's error codes and a detail
text, as in ``"Error: restricted_action: CK-50104's owner OW-1103 has invoice INV-4401 overdue (the warehouse's
lien)"`` (``invalid_auth`` for a missing or ended session or a wrong password, ``missing_scope`` for a role that may
not make the call, ``<thing>_not_found`` for an unknown id or code, ``invalid_arguments`` for a malformed input,
``restricted_action`` for a rule of the warehouse's or the excise rules', or a record in the wrong state, and
``already_done`` for a change made already); the tools raise a private ``_Refused`` inside, which the decorator (and
sign_in) turn into the string.

Annotations are written under ``from __future__ import annotations`` (strings, resolved by the runtime in this module),
spelled with PEP 604 unions and builtin generics (``str | None``, ``list[list[Any]]``, ``dict[str, Any]``), with
``Literal`` aliases and ``Enum``s. Docstrings are Google style (``Args:``, ``Returns:``). Replies are plain dicts with
the record nested under a key (``owner``, ``document``, ``arrival``, ``cask``, ``gauge``, ``sample``, ``certificate``,
``invoice``, ``receipt``, ``delivery_order``, ``release``) and lists of records under a plural key (``owners``,
``arrivals``, ``casks``, ``invoices``, ``delivery_orders``, ``releases``), an owner's account and a cask's detail with
rows inside, and a duty calculation; the storage rates, the warehouses and a warehouse's stock check as bare rows; a
bare value (what an owner owes); sentences with ids in them (a sampling consent, a storage rate, a loss, a dispatch, a
sign-out). Typed inputs: plain ``Enum`` inputs (``KycDoc``, ``Tender``), ``str`` ``Enum`` inputs (``CaskType``,
``ReleaseDoc``), ``Literal`` inputs (an owner's kind, a release's destination, a loss's cause) and ``Literal`` filters
(arrivals, casks, invoices, delivery orders, releases), ``bool`` settings, ``int`` bays, tiers, counts and millilitres,
``float`` litres, strengths and amounts, ``str | None`` filters and an approval number. Ids look alike: owner
``OW-1101``, identity paper ``KYC-2210``, arrival ``AR-3303``, cask ``CK-50120``, gauge ``GA-6640``, sample ``SM-0881``,
loss ``LS-0131``, certificate ``OC-4420``, invoice ``INV-4410``, receipt ``RC-7730``, delivery order ``DO-7702``,
release ``RL-9905``, duty receipt ``DR-3370``. The papers an owner's approval needs, the cask number's form, each cask
type's capacity, the strengths a cask may hold, the casks the palletised warehouse takes, the sample's size, the
regauge's age for a release, the trade rate's terms, the lien for overdue storage, the consignee's approval number's
form and the papers each destination needs are stated only in refusals.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as provider means either
tool satisfies it, and the text of ``what`` before its first ``:`` is the kind.
"""

from __future__ import annotations

import datetime
import functools
import re
from enum import Enum
from typing import Any, Awaitable, Callable, Literal

TODAY = "2057-11-14"  # a Wednesday
NOW = "08:00"
OFFICE = "office"
COMPLIANCE = "compliance_officer"
KEEPER = "warehouse_keeper"
GAUGER = "gauger"
ACCOUNTS = "accounts"
BOND_MANAGER = "bond_manager"
GENERAL_MANAGER = "general_manager"

OwnerKind = Literal["private", "trade", "distillery"]
Destination = Literal["duty_paid", "export", "another_bond"]
LossCause = Literal["leak", "evaporation", "damage"]
ArrivalStatus = Literal["expected", "completed"]
CaskStatus = Literal["in_bond", "unracked", "released"]
InvoiceStatus = Literal["unpaid", "paid"]
OrderStatus = Literal["pending", "accepted"]
ReleaseStatus = Literal["requested", "authorised", "dispatched"]


class KycDoc(Enum):
    PASSPORT = "passport"
    DRIVING_LICENCE = "driving_licence"
    UTILITY_BILL = "utility_bill"
    BANK_STATEMENT = "bank_statement"
    COMPANY_CERTIFICATE = "company_certificate"


class Tender(Enum):
    BACS = "bacs"
    CHAPS = "chaps"
    CARD = "card"


class CaskType(str, Enum):
    QUARTER = "quarter"
    BARREL = "barrel"
    HOGSHEAD = "hogshead"
    BUTT = "butt"
    PUNCHEON = "puncheon"


class ReleaseDoc(str, Enum):
    EXPORT_DECLARATION = "export_declaration"
    E_AD = "e_ad"
    COMMERCIAL_INVOICE = "commercial_invoice"


RATES = [  # code, storage, pounds a cask a year
    ["STD", "Standard storage", 28.0],
    ["INS", "Storage with insurance at declared value", 36.0],
    ["TRD", "Trade storage", 22.0],
]
RATE = {row[0]: row[2] for row in RATES}
WAREHOUSES = [  # code, name, kind, tiers, bays
    ["W1", "Warehouse 1, Kilnside", "dunnage", 3, 40],
    ["W2", "Warehouse 2, Burnfoot", "racked", 9, 60],
    ["W4", "Warehouse 4, Longcroft", "palletised", 6, 80],
]
WAREHOUSE = {row[0]: row for row in WAREHOUSES}
PALLETISED_TYPES = ("barrel", "hogshead")
CAPACITY = {"quarter": 125.0, "barrel": 200.0, "hogshead": 250.0, "butt": 500.0, "puncheon": 500.0}
STRENGTH = (40.0, 75.0)
CASK_NUMBER = re.compile(r"[A-Z]{3}/\d{4}/\d{4}")
APPROVAL_NUMBER = re.compile(r"GBWK\d{9}")
SAMPLE_MAX = 500
GAUGE_DAYS = 30
DUTY_RATE = 33.45  # pounds a litre of pure alcohol
PAYMENT_DAYS = 30
IDENTITY = ("passport", "driving_licence")
ADDRESS = ("utility_bill", "bank_statement")
RELEASE_PAPER = {"export": "export_declaration", "another_bond": "e_ad"}


# --------------------------------------------------------------------------- refusals


class _Refused(Exception):
    """A refusal inside a call: a code (invalid_auth, missing_scope, <thing>_not_found, invalid_arguments,
    restricted_action, already_done) and a detail, answered as ``"Error: <code>: <detail>"``."""

    def __init__(self, code: str, detail: str) -> None:
        super().__init__(f"{code}: {detail}")
        self.code = code
        self.detail = detail

    def reply(self) -> str:
        return f"Error: {self.code}: {self.detail}"


def _missing(what: str, key: Any) -> _Refused:
    return _Refused(f"{what.replace(' ', '_')}_not_found", f"no {what} {key}")


def _bad(detail: str) -> _Refused:
    return _Refused("invalid_arguments", detail)


def _rule(detail: str) -> _Refused:
    return _Refused("restricted_action", detail)


def _again(detail: str) -> _Refused:
    return _Refused("already_done", detail)


def scoped(*roles: str) -> Callable[[Callable[..., Awaitable[Any]]], Callable[..., Awaitable[Any]]]:
    """The call needs a session token and, with roles, one of them (the general manager may make every call);
    refusals come back as ``"Error: ..."`` strings."""

    def wrap(fn: Callable[..., Awaitable[Any]]) -> Callable[..., Awaitable[Any]]:
        @functools.wraps(fn)
        async def call(state: State, token: str, **kwargs: Any) -> Any:
            session = state.sessions.get(token) if isinstance(token, str) else None
            if session is None:
                return _Refused("invalid_auth", "not signed in, or the session has ended; sign in").reply()
            if roles and session["role"] not in roles and session["role"] != GENERAL_MANAGER:
                who = session["role"].replace("_", " ")
                return _Refused("missing_scope", f"a {who} may not make this call").reply()
            try:
                return await fn(state, token, **kwargs)
            except _Refused as refused:
                return refused.reply()

        return call

    return wrap


# --------------------------------------------------------------------------- state


def _owner(name: str, kind: str, email: str, status: str, rate: str | None, sampling: bool,
           invoiced: str | None) -> dict[str, Any]:
    return {"name": name, "kind": kind, "email": email, "status": status, "rate": rate, "sampling": sampling,
            "invoiced": invoiced}


def _cask(owner: str, number: str, kind: str, distillery: str, filled: str, where: list[Any] | None,
          gauges: list[list[Any]], arrival: str | None = None, status: str = "in_bond") -> dict[str, Any]:
    return {"owner": owner, "number": number, "type": kind, "distillery": distillery, "filled": filled,
            "where": where, "gauges": gauges, "arrival": arrival, "status": status}


def _inv(owner: str, item: str, amount: float, issued: str, paid: str | None = None) -> dict[str, Any]:
    due = (datetime.date.fromisoformat(issued) + datetime.timedelta(days=PAYMENT_DAYS)).isoformat()
    return {"owner": owner, "item": item, "amount": amount, "issued": issued, "due": due, "paid": paid}


def _release(cask: str, destination: str, consignee: str, status: str, approval: str | None = None,
             **more: Any) -> dict[str, Any]:
    release = {"cask": cask, "destination": destination, "consignee": consignee, "approval": approval,
               "status": status, "requested": "2057-11-12", "docs": {}, "duty": None, "duty_paid": None,
               "dispatched": None}
    release.update(more)
    return release


class State:
    """Dalbrack Bonded Warehouses on Wednesday 14 November 2057 at 08:00."""

    def __init__(self) -> None:
        self.staff = {
            "beathag.i": {"name": "Beathag Garbet", "password": "Delivery-Order-31", "role": OFFICE},
            "somhairle.d": {"name": "Somhairle Drummond", "password": "Due-Diligence-64", "role": COMPLIANCE},
            "fionnlagh.b": {"name": "Fionnlagh Tarland", "password": "Dunnage-Floor-18", "role": KEEPER},
            "ealasaid.g": {"name": "Ealasaid Gow", "password": "Dip-Rod-47", "role": GAUGER},
            "crisdean.m": {"name": "Crisdean Moffat", "password": "Bond-Ledger-52", "role": ACCOUNTS},
            "seonag.r": {"name": "Seonag Rintoul", "password": "Excise-Seal-76", "role": BOND_MANAGER},
            "tormod.a": {"name": "Tormod Achnacree", "password": "Warehouse-Keys-90", "role": GENERAL_MANAGER},
        }
        self.sessions: dict[str, dict[str, Any]] = {}
        self.owners: dict[str, dict[str, Any]] = {
            "OW-1101": _owner("Strathlorne Distillers Ltd", "distillery", "casks@strathlorne.example", "approved",
                              "TRD", True, "2057-02-01"),
            "OW-1102": _owner("Aldwyn Pettycur", "private", "aldwyn.pettycur@example.org", "approved", "STD", False,
                              "2056-11-10"),
            "OW-1103": _owner("Caskmere Investments Ltd", "trade", "bond@caskmere.example", "approved", "STD", True,
                              "2057-01-10"),
            "OW-1104": _owner("Ebrel Brodribb", "private", "ebrel.brodribb@example.net", "pending", None, False,
                              None),
            "OW-1105": _owner("Torloisk Spirits Co", "trade", "stock@torloisk.example", "approved", "STD", True,
                              "2057-11-01"),
            "OW-1106": _owner("Grizel Auchterlonie", "private", "grizel.a@example.com", "approved", None, False,
                              None),
        }
        self.kyc: dict[str, dict[str, Any]] = {
            kid: {"owner": oid, "kind": kind, "reference": ref, "on": on}
            for kid, oid, kind, ref, on in [
                ("KYC-2191", "OW-1101", "company_certificate", "SC412877", "2051-05-03"),
                ("KYC-2192", "OW-1101", "bank_statement", "RBS-2051-04", "2051-05-03"),
                ("KYC-2195", "OW-1102", "passport", "P-552184930", "2054-08-19"),
                ("KYC-2196", "OW-1102", "utility_bill", "SSE-0854-2210", "2054-08-19"),
                ("KYC-2201", "OW-1103", "company_certificate", "SC598023", "2055-01-14"),
                ("KYC-2202", "OW-1103", "bank_statement", "CLY-2054-12", "2055-01-14"),
                ("KYC-2204", "OW-1104", "passport", "P-571302284", "2057-11-11"),
                ("KYC-2206", "OW-1105", "company_certificate", "SC377104", "2053-03-22"),
                ("KYC-2207", "OW-1105", "bank_statement", "BOS-2053-02", "2053-03-22"),
                ("KYC-2208", "OW-1106", "driving_licence", "AUCHT755231G", "2056-06-30"),
                ("KYC-2209", "OW-1106", "bank_statement", "TSB-2056-05", "2056-06-30"),
            ]
        }
        self.arrivals: dict[str, dict[str, Any]] = {
            "AR-3301": {"owner": "OW-1105", "haulier": "Kintail Haulage", "vehicle": "SV07 KHL", "expected": 1,
                        "warehouse": "W2", "status": "completed", "on": "2057-11-12"},
            "AR-3302": {"owner": "OW-1101", "haulier": "Strathlorne Distillers (own transport)",
                        "vehicle": "SN56 STL", "expected": 2, "warehouse": "W1", "status": "expected",
                        "on": TODAY},
        }
        self.casks: dict[str, dict[str, Any]] = {
            "CK-50101": _cask("OW-1101", "STL/2049/0412", "hogshead", "Strathlorne", "2049-03-02", ["W1", 4, 1],
                              [["2049-03-02", 250.0, 63.5], ["2057-10-30", 231.5, 58.4]]),
            "CK-50102": _cask("OW-1101", "STL/2049/0413", "hogshead", "Strathlorne", "2049-03-02", ["W1", 4, 2],
                              [["2049-03-02", 250.0, 63.5], ["2056-11-02", 236.0, 59.1]]),
            "CK-50103": _cask("OW-1102", "BRQ/2045/0088", "butt", "Brackenquoy", "2045-06-14", ["W2", 12, 3],
                              [["2045-06-14", 495.0, 63.8], ["2057-05-10", 472.0, 55.2]]),
            "CK-50104": _cask("OW-1103", "STL/2051/0907", "barrel", "Strathlorne", "2051-09-20", ["W2", 7, 1],
                              [["2051-09-20", 198.0, 63.5], ["2057-11-01", 181.0, 60.2]]),
            "CK-50105": _cask("OW-1105", "TRK/2053/0231", "barrel", "Torloisk", "2053-04-11", None,
                              [["2057-11-12", 190.5, 62.0]], arrival="AR-3301"),
            "CK-50106": _cask("OW-1105", "TRK/2050/0117", "hogshead", "Torloisk", "2050-02-08", ["W1", 6, 1],
                              [["2050-02-08", 248.0, 64.0], ["2056-09-15", 228.0, 57.7]]),
            "CK-50107": _cask("OW-1106", "BRQ/2048/0301", "barrel", "Brackenquoy", "2048-10-05", ["W2", 3, 2],
                              [["2048-10-05", 196.0, 63.9], ["2057-08-20", 176.0, 56.9]]),
            "CK-50108": _cask("OW-1101", "STL/2047/0055", "hogshead", "Strathlorne", "2047-01-15", None,
                              [["2057-08-25", 219.0, 55.8]], status="released"),
            "CK-50109": _cask("OW-1102", "GLN/2046/1120", "hogshead", "Glenmirrie", "2046-07-01", ["W1", 9, 1],
                              [["2046-07-01", 249.0, 63.6], ["2057-11-02", 214.5, 54.9]]),
            "CK-50110": _cask("OW-1105", "TRK/2049/0042", "hogshead", "Torloisk", "2049-05-17", ["W1", 6, 2],
                              [["2049-05-17", 250.0, 64.1], ["2057-11-05", 229.0, 58.8]]),
            "CK-50111": _cask("OW-1101", "STL/2050/0610", "hogshead", "Strathlorne", "2050-06-21", ["W1", 5, 1],
                              [["2050-06-21", 250.0, 63.5], ["2057-11-08", 233.0, 59.6]]),
            "CK-50112": _cask("OW-1101", "STL/2050/0611", "hogshead", "Strathlorne", "2050-06-21", ["W1", 5, 2],
                              [["2050-06-21", 250.0, 63.5], ["2057-11-08", 232.0, 59.5]]),
        }
        self.samples: dict[str, dict[str, Any]] = {
            "SM-0874": {"cask": "CK-50101", "ml": 200, "purpose": "quality check for the owner", "on": "2057-10-30"},
        }
        self.losses: dict[str, dict[str, Any]] = {}
        self.certificates: dict[str, dict[str, Any]] = {
            "OC-4411": {"cask": "CK-50104", "owner": "OW-1103", "on": "2057-11-02"},
        }
        self.invoices: dict[str, dict[str, Any]] = {
            "INV-4390": _inv("OW-1102", "Storage 2056-57, 2 casks at STD", 56.0, "2056-11-10", "2056-11-28"),
            "INV-4401": _inv("OW-1103", "Storage 2057-58, 1 cask at STD", 28.0, "2057-01-10"),
            "INV-4402": _inv("OW-1101", "Storage 2057-58, 6 casks at TRD", 132.0, "2057-02-01", "2057-02-20"),
            "INV-4403": _inv("OW-1105", "Storage 2057-58, 3 casks at STD", 84.0, "2057-11-01"),
        }
        self.receipts: dict[str, dict[str, Any]] = {}
        self.orders: dict[str, dict[str, Any]] = {
            "DO-7701": {"cask": "CK-50107", "seller": "OW-1106", "buyer": "OW-1105", "status": "pending",
                        "issued": "2057-11-13"},
        }
        self.releases: dict[str, dict[str, Any]] = {
            "RL-9901": _release("CK-50111", "duty_paid", "Strathlorne bottling hall, Kilbrannan", "requested"),
            "RL-9902": _release("CK-50109", "export", "Kaminoura Trading KK, Hakodate", "authorised",
                                authorised="Seonag Rintoul"),
            "RL-9903": _release("CK-50110", "another_bond", "Glenmirrie Bond, Inverlussa", "requested",
                                approval="GBWK004417268", docs={"e_ad": ["RD-1203", "26GB00441726800042"]}),
            "RL-9904": _release("CK-50112", "duty_paid", "Strathlorne bottling hall, Kilbrannan", "authorised",
                                authorised="Seonag Rintoul", duty=4617.44, duty_paid="DR-3369"),
        }
        self.counters = {"session": 1, "owner": 1107, "kyc": 2210, "arrival": 3303, "cask": 50120, "gauge": 6640,
                         "sample": 881, "loss": 131, "certificate": 4420, "invoice": 4410, "receipt": 7730,
                         "order": 7702, "release": 9905, "document": 1210, "duty": 3370}


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


def _is_date(value: Any) -> bool:
    if not isinstance(value, str):
        return False
    try:
        datetime.date.fromisoformat(value)
    except ValueError:
        return False
    return True


def _age(day: str) -> int:
    return (datetime.date.fromisoformat(TODAY) - datetime.date.fromisoformat(day)).days


def _get(table: dict[str, dict[str, Any]], key: Any, what: str) -> dict[str, Any]:
    if not isinstance(key, str) or key not in table:
        raise _missing(what, key)
    return table[key]


def _owner_out(oid: str, o: dict[str, Any]) -> dict[str, Any]:
    return {"owner_id": oid, "name": o["name"], "kind": o["kind"], "email": o["email"], "due_diligence": o["status"],
            "storage_rate": o["rate"], "sampling_allowed": o["sampling"]}


def _cask_out(cid: str, c: dict[str, Any]) -> dict[str, Any]:
    last = c["gauges"][-1]
    return {"cask_id": cid, "owner_id": c["owner"], "cask_number": c["number"], "cask_type": c["type"],
            "distillery": c["distillery"], "filled_on": c["filled"],
            "location": list(c["where"]) if c["where"] else None, "bulk_litres": last[1], "abv": last[2],
            "last_gauged": last[0], "status": _cask_status(c)}


def _cask_status(c: dict[str, Any]) -> str:
    if c["status"] == "released":
        return "released"
    return "in_bond" if c["where"] else "unracked"


def _invoice_out(iid: str, inv: dict[str, Any]) -> dict[str, Any]:
    return {"invoice_id": iid, "owner_id": inv["owner"], "item": inv["item"], "amount": inv["amount"],
            "issued_on": inv["issued"], "due_on": inv["due"], "status": "paid" if inv["paid"] else "unpaid"}


def _order_out(did: str, d: dict[str, Any]) -> dict[str, Any]:
    return {"delivery_order_id": did, "cask_id": d["cask"], "seller_id": d["seller"], "buyer_id": d["buyer"],
            "status": d["status"], "issued_on": d["issued"]}


def _release_out(rid: str, r: dict[str, Any]) -> dict[str, Any]:
    return {"release_id": rid, "cask_id": r["cask"], "destination": r["destination"], "consignee": r["consignee"],
            "consignee_approval": r["approval"], "status": r["status"], "requested_on": r["requested"],
            "papers": {kind: d[1] for kind, d in r["docs"].items()}, "duty": r["duty"],
            "duty_paid": r["duty_paid"] is not None}


def _lien(state: State, owner: str) -> str | None:
    for iid, inv in sorted(state.invoices.items()):
        if inv["owner"] == owner and not inv["paid"] and inv["due"] < TODAY:
            return iid
    return None


def _open_release(state: State, cid: str) -> str | None:
    return next((rid for rid, r in sorted(state.releases.items()) if r["cask"] == cid and r["status"] != "dispatched"),
                None)


def _in_bond(cid: str, c: dict[str, Any]) -> None:
    if c["status"] == "released":
        raise _rule(f"{cid} has left bond")


# --------------------------------------------------------------------------- sign-in and the public lists


async def sign_in(state: State, username: str, password: str) -> dict[str, Any] | str:
    """Signs a member of the warehouse's staff in.

    Args:
        username: The user name, such as beathag.i.
        password: The password.

    Returns:
        ``{"token", "user": {"name", "role"}}``; every call but sign_in, storage_rates and warehouses needs
        the token.
    """
    user = state.staff.get(username) if isinstance(username, str) else None
    if user is None or user["password"] != password:
        return _Refused("invalid_auth", "unknown user name or wrong password").reply()
    token = f"dbw-{username.split('.')[0]}-{_next(state, 'session')}"
    state.sessions[token] = {"username": username, **user}
    return {"token": token, "user": {"name": user["name"], "role": user["role"]}}


@scoped()
async def sign_out(state: State, token: str) -> str:
    """Ends a session.

    Args:
        token: The session token.

    Returns:
        A sentence saying who signed out.
    """
    session = state.sessions.pop(token)
    return f"{session['name']} is signed out; token {token} has ended."


async def storage_rates() -> list[list[Any]]:
    """The warehouse's published storage rates.

    Returns:
        Rows of ``[rate code, storage, pounds a cask a year]``.
    """
    return [list(row) for row in RATES]


async def warehouses() -> list[list[Any]]:
    """The bonded warehouses on the site.

    Returns:
        Rows of ``[warehouse code, name, kind, tiers, bays]``.
    """
    return [list(row) for row in WAREHOUSES]


# --------------------------------------------------------------------------- owners


@scoped()
async def find_owner(state: State, token: str, name: str | None = None) -> dict[str, Any] | str:
    """Finds cask owners by name.

    Args:
        token: The session token.
        name: Part of the owner's name; every owner when left out.

    Returns:
        ``{"owners": [...]}``, each with its due diligence (pending or approved), storage rate and
        sampling consent.
    """
    if name is not None and not isinstance(name, str):
        raise _bad("name is text")
    return {"owners": [_owner_out(oid, o) for oid, o in sorted(state.owners.items())
                                   if name is None or name.strip().lower() in o["name"].lower()]}


@scoped(OFFICE)
async def register_owner(state: State, token: str, name: str, email: str, kind: OwnerKind) -> dict[str, Any] | str:
    """Registers a new cask owner (the office's call); their due diligence starts pending.

    Args:
        token: The session token.
        name: The owner's name, a person's or a company's.
        email: The owner's e-mail address.
        kind: private, trade or distillery.

    Returns:
        ``{"owner": {...}}``.
    """
    if _blank(name):
        raise _bad("name is required")
    if not isinstance(email, str) or not re.fullmatch(r"[^@\s]+@[^@\s]+\.[^@\s]+", email):
        raise _bad(f"{email} is not an e-mail address")
    if kind not in ("private", "trade", "distillery"):
        raise _bad("kind is private, trade or distillery")
    for oid, o in state.owners.items():
        if o["name"].lower() == name.strip().lower():
            raise _again(f"{name} is owner {oid} already")
    oid = f"OW-{_next(state, 'owner')}"
    state.owners[oid] = _owner(name.strip(), kind, email, "pending", None, False, None)
    return {"owner": _owner_out(oid, state.owners[oid])}


@scoped(COMPLIANCE)
async def upload_kyc(state: State, token: str, owner_id: str, document: KycDoc, reference: str) -> dict[str, Any] | str:
    """Files one of an owner's due diligence papers (the compliance officer's call).

    Args:
        token: The session token.
        owner_id: The owner.
        document: passport, driving_licence, utility_bill, bank_statement or company_certificate.
        reference: The paper's number or reference.

    Returns:
        ``{"document": {...}}``.
    """
    o = _get(state.owners, owner_id, "owner")
    try:
        document = KycDoc(document)
    except ValueError:
        raise _bad(f"no kind of paper {document}") from None
    if _blank(reference):
        raise _bad("reference is required")
    for kid, k in state.kyc.items():
        if k["owner"] == owner_id and k["kind"] == document.value and k["reference"] == reference.strip():
            raise _again(f"{reference} is on file for {owner_id} already ({kid})")
    kid = f"KYC-{_next(state, 'kyc')}"
    state.kyc[kid] = {"owner": owner_id, "kind": document.value, "reference": reference.strip(), "on": TODAY}
    return {"document": {"document_id": kid, "owner_id": owner_id, "kind": document.value,
                                     "reference": reference.strip(), "filed_on": TODAY, "owner": o["name"]}}


@scoped(COMPLIANCE)
async def approve_owner(state: State, token: str, owner_id: str) -> dict[str, Any] | str:
    """Approves an owner's due diligence once their papers are on file (the compliance officer's call).

    Args:
        token: The session token.
        owner_id: The owner.

    Returns:
        ``{"owner": {...}}`` with the due diligence approved.
    """
    o = _get(state.owners, owner_id, "owner")
    if o["status"] == "approved":
        raise _again(f"{owner_id} is approved already")
    held = {k["kind"] for k in state.kyc.values() if k["owner"] == owner_id}
    if o["kind"] == "private":
        if not held & set(IDENTITY):
            raise _rule(f"{owner_id} has no proof of identity on file (a passport or a driving licence)")
        if not held & set(ADDRESS):
            raise _rule(f"{owner_id} has no proof of address on file (a utility bill or a bank statement)")
    else:
        if "company_certificate" not in held or "bank_statement" not in held:
            raise _rule(f"{owner_id} needs its company certificate and a bank statement on file")
    o["status"] = "approved"
    return {"owner": _owner_out(owner_id, o)}


@scoped()
async def owner_account(state: State, token: str, owner_id: str) -> dict[str, Any] | str:
    """An owner's account.

    Args:
        token: The session token.
        owner_id: The owner.

    Returns:
        ``{"owner": {...}, "casks": [[cask id, cask number, location, status], ...], "invoices":
        [[invoice id, item, amount, status], ...]}``.
    """
    o = _get(state.owners, owner_id, "owner")
    return {"owner": _owner_out(owner_id, o),
            "casks": [[cid, c["number"], list(c["where"]) if c["where"] else None, _cask_status(c)]
                      for cid, c in sorted(state.casks.items()) if c["owner"] == owner_id],
            "invoices": [[iid, inv["item"], inv["amount"], "paid" if inv["paid"] else "unpaid"]
                         for iid, inv in sorted(state.invoices.items()) if inv["owner"] == owner_id]}


@scoped(OFFICE)
async def set_sampling_consent(state: State, token: str, owner_id: str, allowed: bool) -> str:
    """Records whether an owner lets the gauger draw samples from their casks (the office's call).

    Args:
        token: The session token.
        owner_id: The owner.
        allowed: True to allow samples.

    Returns:
        A sentence with the consent.
    """
    o = _get(state.owners, owner_id, "owner")
    if not isinstance(allowed, bool):
        raise _bad("allowed is true or false")
    if o["sampling"] == allowed:
        raise _again(f"{owner_id}'s sampling consent is {'given' if allowed else 'withheld'} already")
    o["sampling"] = allowed
    return f"{o['name']} ({owner_id}) {'allows' if allowed else 'does not allow'} samples from their casks."


@scoped(OFFICE)
async def set_storage_rate(state: State, token: str, owner_id: str, rate_code: str) -> str:
    """Sets the storage rate an owner is charged (the office's call).

    Args:
        token: The session token.
        owner_id: The owner.
        rate_code: The rate, by its code in storage_rates.

    Returns:
        A sentence with the rate.
    """
    o = _get(state.owners, owner_id, "owner")
    if not isinstance(rate_code, str) or rate_code not in RATE:
        raise _missing("storage rate", rate_code)
    if rate_code == "TRD" and o["kind"] == "private":
        raise _rule("the trade rate is for trade and distillery accounts")
    if o["rate"] == rate_code:
        raise _again(f"{owner_id} is on {rate_code} already")
    o["rate"] = rate_code
    return f"{o['name']} ({owner_id}) is charged storage at {rate_code}, {RATE[rate_code]:.2f} a cask a year."


# --------------------------------------------------------------------------- arrivals and casks


@scoped(OFFICE)
async def book_arrival(state: State, token: str, owner_id: str, haulier: str, vehicle_reg: str,
                       expected_casks: int, warehouse_code: str) -> dict[str, Any] | str:
    """Books a consignment of casks in for an owner (the office's call).

    Args:
        token: The session token.
        owner_id: The owner of the casks.
        haulier: The haulier bringing them.
        vehicle_reg: The vehicle's registration.
        expected_casks: How many casks are coming.
        warehouse_code: The warehouse they go to, by its code.

    Returns:
        ``{"arrival": {...}}``, expected today.
    """
    o = _get(state.owners, owner_id, "owner")
    if not isinstance(warehouse_code, str) or warehouse_code not in WAREHOUSE:
        raise _missing("warehouse", warehouse_code)
    if _blank(haulier) or _blank(vehicle_reg):
        raise _bad("haulier and vehicle_reg are required")
    if not _whole(expected_casks) or expected_casks <= 0:
        raise _bad("expected_casks is a whole number")
    if o["status"] != "approved":
        raise _rule(f"{owner_id}'s due diligence is not approved; the warehouse takes no casks for them")
    aid = f"AR-{_next(state, 'arrival')}"
    state.arrivals[aid] = {"owner": owner_id, "haulier": haulier.strip(), "vehicle": vehicle_reg.strip(),
                           "expected": expected_casks, "warehouse": warehouse_code, "status": "expected", "on": TODAY}
    return {"arrival": _arrival_out(state, aid)}


def _arrival_out(state: State, aid: str) -> dict[str, Any]:
    a = state.arrivals[aid]
    received = sum(1 for c in state.casks.values() if c["arrival"] == aid)
    return {"arrival_id": aid, "owner_id": a["owner"], "haulier": a["haulier"], "vehicle_reg": a["vehicle"],
            "expected_casks": a["expected"], "received_casks": received, "warehouse": a["warehouse"],
            "status": a["status"], "date": a["on"]}


@scoped()
async def arrivals(state: State, token: str, status: ArrivalStatus | None = None) -> dict[str, Any] | str:
    """Lists arrivals.

    Args:
        token: The session token.
        status: Only arrivals expected or completed.

    Returns:
        ``{"arrivals": [...]}``, oldest first.
    """
    if status is not None and status not in ("expected", "completed"):
        raise _bad("status is expected or completed")
    return {"arrivals": [_arrival_out(state, aid) for aid, a in sorted(state.arrivals.items())
                                     if status is None or a["status"] == status]}


@scoped(KEEPER)
async def receive_cask(state: State, token: str, arrival_id: str, cask_number: str, cask_type: CaskType,
                       distillery: str, filled_on: str, bulk_litres: float, abv: float) -> dict[str, Any] | str:
    """Receives one cask of an expected arrival into bond (the warehouse keeper's call), gauged at receipt.

    Args:
        token: The session token.
        arrival_id: The arrival.
        cask_number: The number on the cask's head.
        cask_type: quarter, barrel, hogshead, butt or puncheon.
        distillery: The distillery that filled it.
        filled_on: The day it was filled, YYYY-MM-DD.
        bulk_litres: The litres of spirit in it.
        abv: The spirit's strength, percent alcohol by volume.

    Returns:
        ``{"cask": {...}}``, unracked until its arrival is completed and it is racked.
    """
    a = _get(state.arrivals, arrival_id, "arrival")
    try:
        cask_type = CaskType(cask_type)
    except ValueError:
        raise _bad(f"no cask type {cask_type}") from None
    if not isinstance(cask_number, str) or not CASK_NUMBER.fullmatch(cask_number.strip()):
        raise _bad(f"{cask_number} is not a cask number (the distillery's three letters, the year filled and four "
                   "digits, as STL/2057/0101)")
    if _blank(distillery) or not _is_date(filled_on):
        raise _bad("distillery and filled_on (YYYY-MM-DD) are required")
    if not _number(bulk_litres) or not _number(abv):
        raise _bad("bulk_litres and abv are numbers")
    if a["status"] != "expected":
        raise _rule(f"{arrival_id} is completed")
    if sum(1 for c in state.casks.values() if c["arrival"] == arrival_id) >= a["expected"]:
        raise _rule(f"{arrival_id} expected {a['expected']} casks, all received")
    if not 0 < bulk_litres <= CAPACITY[cask_type.value]:
        raise _rule(f"a {cask_type.value} holds {CAPACITY[cask_type.value]:.0f} litres at most")
    if not STRENGTH[0] <= abv <= STRENGTH[1]:
        raise _rule(f"cask strength is between {STRENGTH[0]:.0f}% and {STRENGTH[1]:.0f}%")
    for cid, c in state.casks.items():
        if c["number"] == cask_number.strip():
            raise _again(f"cask {cask_number} is {cid} already")
    cid = f"CK-{_next(state, 'cask')}"
    state.casks[cid] = _cask(a["owner"], cask_number.strip(), cask_type.value, distillery.strip(), filled_on, None,
                             [[TODAY, float(bulk_litres), float(abv)]], arrival=arrival_id)
    return {"cask": _cask_out(cid, state.casks[cid])}


@scoped(KEEPER)
async def complete_arrival(state: State, token: str, arrival_id: str) -> dict[str, Any] | str:
    """Completes an arrival once every cask expected is received, checked against the haulier's manifest (the
    warehouse keeper's call).

    Args:
        token: The session token.
        arrival_id: The arrival.

    Returns:
        ``{"arrival": {...}}``, completed; its casks may then be racked.
    """
    a = _get(state.arrivals, arrival_id, "arrival")
    if a["status"] == "completed":
        raise _again(f"{arrival_id} is completed already")
    received = sum(1 for c in state.casks.values() if c["arrival"] == arrival_id)
    if received < a["expected"]:
        raise _rule(f"{arrival_id} has {received} of its {a['expected']} casks received")
    a["status"] = "completed"
    return {"arrival": _arrival_out(state, arrival_id)}


@scoped()
async def casks(state: State, token: str, owner_id: str | None = None, warehouse_code: str | None = None,
                status: CaskStatus | None = None) -> dict[str, Any] | str:
    """Lists casks.

    Args:
        token: The session token.
        owner_id: Only this owner's casks.
        warehouse_code: Only the casks racked in this warehouse.
        status: Only casks in_bond (racked), unracked or released.

    Returns:
        ``{"casks": [...]}``, by id.
    """
    if owner_id is not None:
        _get(state.owners, owner_id, "owner")
    if warehouse_code is not None and (not isinstance(warehouse_code, str) or warehouse_code not in WAREHOUSE):
        raise _missing("warehouse", warehouse_code)
    if status is not None and status not in ("in_bond", "unracked", "released"):
        raise _bad("status is in_bond, unracked or released")
    return {"casks": [
        _cask_out(cid, c) for cid, c in sorted(state.casks.items())
        if (owner_id is None or c["owner"] == owner_id)
        and (warehouse_code is None or (c["where"] is not None and c["where"][0] == warehouse_code))
        and (status is None or _cask_status(c) == status)]}


@scoped()
async def cask_detail(state: State, token: str, cask_id: str) -> dict[str, Any] | str:
    """One cask in full.

    Args:
        token: The session token.
        cask_id: The cask.

    Returns:
        ``{"cask": {...}, "gauges": [[date, bulk litres, abv], ...], "samples": [[sample id, ml, date],
        ...], "releases": [[release id, destination, status], ...]}``.
    """
    c = _get(state.casks, cask_id, "cask")
    return {"cask": _cask_out(cask_id, c), "gauges": [list(g) for g in c["gauges"]],
            "samples": [[sid, s["ml"], s["on"]] for sid, s in sorted(state.samples.items()) if s["cask"] == cask_id],
            "releases": [[rid, r["destination"], r["status"]] for rid, r in sorted(state.releases.items())
                         if r["cask"] == cask_id]}


@scoped(KEEPER)
async def rack_cask(state: State, token: str, cask_id: str, warehouse_code: str, bay: int,
                    tier: int) -> dict[str, Any] | str:
    """Racks a cask, or moves it, to a place in a warehouse (the warehouse keeper's call).

    Args:
        token: The session token.
        cask_id: The cask.
        warehouse_code: The warehouse, by its code.
        bay: The bay.
        tier: The tier, 1 on the floor.

    Returns:
        ``{"cask": {...}}`` with its location.
    """
    c = _get(state.casks, cask_id, "cask")
    if not isinstance(warehouse_code, str) or warehouse_code not in WAREHOUSE:
        raise _missing("warehouse", warehouse_code)
    if not _whole(bay) or not _whole(tier):
        raise _bad("bay and tier are whole numbers")
    _in_bond(cask_id, c)
    w = WAREHOUSE[warehouse_code]
    if not 1 <= bay <= w[4] or not 1 <= tier <= w[3]:
        raise _rule(f"{w[1]} has bays 1-{w[4]} and tiers 1-{w[3]}")
    if w[2] == "palletised" and c["type"] not in PALLETISED_TYPES:
        raise _rule(f"{w[1]} takes barrels and hogsheads on pallets only")
    if c["where"] is None and c["arrival"] and state.arrivals[c["arrival"]]["status"] != "completed":
        raise _rule(f"{cask_id}'s arrival {c['arrival']} is not completed")
    if c["where"] == [warehouse_code, bay, tier]:
        raise _again(f"{cask_id} is in {warehouse_code} bay {bay} tier {tier} already")
    for other, o in state.casks.items():
        if o["where"] == [warehouse_code, bay, tier] and o["status"] != "released":
            raise _rule(f"{warehouse_code} bay {bay} tier {tier} holds {other}")
    c["where"] = [warehouse_code, bay, tier]
    return {"cask": _cask_out(cask_id, c)}


@scoped()
async def stock_check(state: State, token: str, warehouse_code: str) -> list[list[Any]] | str:
    """The casks racked in one warehouse, for a stock check.

    Args:
        token: The session token.
        warehouse_code: The warehouse, by its code.

    Returns:
        Rows of ``[cask id, cask number, bay, tier, owner id]``, by bay and tier.
    """
    if not isinstance(warehouse_code, str) or warehouse_code not in WAREHOUSE:
        raise _missing("warehouse", warehouse_code)
    rows = [[cid, c["number"], c["where"][1], c["where"][2], c["owner"]] for cid, c in state.casks.items()
            if c["where"] is not None and c["where"][0] == warehouse_code and c["status"] != "released"]
    return sorted(rows, key=lambda r: (r[2], r[3]))


@scoped(GAUGER)
async def regauge(state: State, token: str, cask_id: str, bulk_litres: float, abv: float) -> dict[str, Any] | str:
    """Records a regauge of a cask in bond (the gauger's call).

    Args:
        token: The session token.
        cask_id: The cask.
        bulk_litres: The litres of spirit measured.
        abv: The strength measured, percent alcohol by volume.

    Returns:
        ``{"gauge": {...}}`` with the litres of pure alcohol.
    """
    c = _get(state.casks, cask_id, "cask")
    if not _number(bulk_litres) or not _number(abv):
        raise _bad("bulk_litres and abv are numbers")
    _in_bond(cask_id, c)
    if not 0 < bulk_litres <= CAPACITY[c["type"]]:
        raise _rule(f"a {c['type']} holds {CAPACITY[c['type']]:.0f} litres at most")
    if not STRENGTH[0] <= abv <= STRENGTH[1]:
        raise _rule(f"cask strength is between {STRENGTH[0]:.0f}% and {STRENGTH[1]:.0f}%")
    if c["gauges"][-1][0] == TODAY and c["gauges"][-1][1:] == [float(bulk_litres), float(abv)]:
        raise _again(f"{cask_id} is gauged at those figures today already")
    c["gauges"].append([TODAY, float(bulk_litres), float(abv)])
    gid = f"GA-{_next(state, 'gauge')}"
    return {"gauge": {"gauge_id": gid, "cask_id": cask_id, "bulk_litres": float(bulk_litres),
                                  "abv": float(abv), "litres_pure_alcohol": round(bulk_litres * abv / 100, 2),
                                  "gauged_on": TODAY}}


@scoped(GAUGER)
async def draw_sample(state: State, token: str, cask_id: str, millilitres: int, purpose: str) -> dict[str, Any] | str:
    """Draws a sample from a racked cask whose owner allows it (the gauger's call).

    Args:
        token: The session token.
        cask_id: The cask.
        millilitres: How much is drawn.
        purpose: What the sample is for.

    Returns:
        ``{"sample": {...}}``.
    """
    c = _get(state.casks, cask_id, "cask")
    if not _whole(millilitres) or millilitres <= 0:
        raise _bad("millilitres is a whole number")
    if _blank(purpose):
        raise _bad("purpose is required")
    _in_bond(cask_id, c)
    if millilitres > SAMPLE_MAX:
        raise _rule(f"a sample is {SAMPLE_MAX} ml at most")
    if not state.owners[c["owner"]]["sampling"]:
        raise _rule(f"{c['owner']} does not allow samples from their casks")
    if c["where"] is None:
        raise _rule(f"{cask_id} is not racked; samples are drawn in the warehouse")
    sid = f"SM-{_next(state, 'sample'):04d}"
    state.samples[sid] = {"cask": cask_id, "ml": millilitres, "purpose": purpose.strip(), "on": TODAY}
    return {"sample": {"sample_id": sid, "cask_id": cask_id, "millilitres": millilitres,
                                   "purpose": purpose.strip(), "drawn_on": TODAY}}


@scoped(GAUGER)
async def record_loss(state: State, token: str, cask_id: str, cause: LossCause, notes: str) -> str:
    """Records the spirit a cask has lost since its last gauge but one, from today's regauge (the gauger's call).

    Args:
        token: The session token.
        cask_id: The cask.
        cause: leak, evaporation or damage.
        notes: What was found.

    Returns:
        A sentence with the loss.
    """
    c = _get(state.casks, cask_id, "cask")
    if cause not in ("leak", "evaporation", "damage"):
        raise _bad("cause is leak, evaporation or damage")
    if _blank(notes):
        raise _bad("notes are required")
    _in_bond(cask_id, c)
    if c["gauges"][-1][0] != TODAY or len(c["gauges"]) < 2:
        raise _rule(f"{cask_id} is not regauged today; a loss is measured against today's regauge")
    before, after = c["gauges"][-2], c["gauges"][-1]
    lost = round(before[1] * before[2] / 100 - after[1] * after[2] / 100, 2)
    if lost <= 0:
        raise _rule(f"{cask_id} has lost no spirit since {before[0]}")
    if any(x["cask"] == cask_id and x["on"] == TODAY for x in state.losses.values()):
        raise _again(f"{cask_id}'s loss is recorded today already")
    lid = f"LS-{_next(state, 'loss'):04d}"
    state.losses[lid] = {"cask": cask_id, "cause": cause, "lpa": lost, "notes": notes.strip(), "on": TODAY}
    return f"Loss {lid}: {cask_id} lost {lost} litres of pure alcohol since {before[0]} ({cause})."


@scoped(KEEPER)
async def issue_certificate(state: State, token: str, cask_id: str) -> dict[str, Any] | str:
    """Issues a certificate of ownership for a racked cask to its present owner (the warehouse keeper's call).

    Args:
        token: The session token.
        cask_id: The cask.

    Returns:
        ``{"certificate": {...}}``.
    """
    c = _get(state.casks, cask_id, "cask")
    _in_bond(cask_id, c)
    if c["where"] is None:
        raise _rule(f"{cask_id} is not racked; a certificate gives the cask's place in bond")
    for oid, x in state.certificates.items():
        if x["cask"] == cask_id and x["owner"] == c["owner"]:
            raise _again(f"{c['owner']} holds certificate {oid} for {cask_id} already")
    oid = f"OC-{_next(state, 'certificate')}"
    state.certificates[oid] = {"cask": cask_id, "owner": c["owner"], "on": TODAY}
    return {"certificate": {"certificate_id": oid, "cask_id": cask_id, "owner_id": c["owner"],
                                        "owner": state.owners[c["owner"]]["name"], "cask_number": c["number"],
                                        "location": list(c["where"]), "issued_on": TODAY}}


# --------------------------------------------------------------------------- storage invoices


@scoped(ACCOUNTS)
async def storage_invoice(state: State, token: str, owner_id: str) -> dict[str, Any] | str:
    """Invoices an owner a year's storage for their casks in bond at their storage rate (accounts' call).

    Args:
        token: The session token.
        owner_id: The owner.

    Returns:
        ``{"invoice": {...}}``.
    """
    o = _get(state.owners, owner_id, "owner")
    if o["rate"] is None:
        raise _rule(f"{owner_id} has no storage rate set")
    if o["invoiced"] and _age(o["invoiced"]) < 365:
        raise _again(f"{owner_id}'s storage was invoiced on {o['invoiced']} for the year")
    n = sum(1 for c in state.casks.values() if c["owner"] == owner_id and c["status"] != "released")
    if n == 0:
        raise _rule(f"{owner_id} has no casks in bond")
    iid = f"INV-{_next(state, 'invoice')}"
    state.invoices[iid] = _inv(owner_id, f"Storage {TODAY[:4]}-{int(TODAY[2:4]) + 1:02d}, {n} cask"
                               f"{'s' if n != 1 else ''} at {o['rate']}", round(n * RATE[o["rate"]], 2), TODAY)
    o["invoiced"] = TODAY
    return {"invoice": _invoice_out(iid, state.invoices[iid])}


@scoped()
async def invoices(state: State, token: str, owner_id: str | None = None,
                   status: InvoiceStatus | None = None) -> dict[str, Any] | str:
    """Lists invoices.

    Args:
        token: The session token.
        owner_id: Only this owner's invoices.
        status: Only unpaid or paid invoices.

    Returns:
        ``{"invoices": [...]}``, oldest first.
    """
    if owner_id is not None:
        _get(state.owners, owner_id, "owner")
    if status is not None and status not in ("unpaid", "paid"):
        raise _bad("status is unpaid or paid")
    return {"invoices": [
        _invoice_out(iid, inv) for iid, inv in sorted(state.invoices.items())
        if (owner_id is None or inv["owner"] == owner_id)
        and (status is None or (inv["paid"] is not None) == (status == "paid"))]}


@scoped(ACCOUNTS)
async def record_payment(state: State, token: str, invoice_id: str, amount: float,
                         tender: Tender) -> dict[str, Any] | str:
    """Records an owner's payment of an invoice in full (accounts' call).

    Args:
        token: The session token.
        invoice_id: The invoice.
        amount: The amount paid, in pounds.
        tender: bacs, chaps or card.

    Returns:
        ``{"receipt": {...}}``.
    """
    inv = _get(state.invoices, invoice_id, "invoice")
    try:
        tender = Tender(tender)
    except ValueError:
        raise _bad(f"no tender {tender}") from None
    if not _number(amount):
        raise _bad("amount is a number of pounds")
    if inv["paid"]:
        raise _again(f"{invoice_id} was paid on {inv['paid']}")
    if round(float(amount), 2) != inv["amount"]:
        raise _rule(f"{invoice_id} is paid in full: {inv['amount']:.2f}")
    rid = f"RC-{_next(state, 'receipt')}"
    inv["paid"] = TODAY
    state.receipts[rid] = {"invoice": invoice_id, "amount": inv["amount"], "tender": tender.value}
    return {"receipt": {"receipt_id": rid, "invoice_id": invoice_id, "amount": inv["amount"],
                                    "tender": tender.value, "paid_on": TODAY}}


@scoped()
async def outstanding(state: State, token: str, owner_id: str) -> float | str:
    """What an owner owes on their unpaid invoices.

    Args:
        token: The session token.
        owner_id: The owner.

    Returns:
        The amount in pounds.
    """
    _get(state.owners, owner_id, "owner")
    return round(sum(inv["amount"] for inv in state.invoices.values()
                     if inv["owner"] == owner_id and not inv["paid"]), 2)


# --------------------------------------------------------------------------- delivery orders


@scoped(OFFICE)
async def issue_delivery_order(state: State, token: str, cask_id: str, buyer_owner_id: str) -> dict[str, Any] | str:
    """Issues a delivery order on the seller's instruction, transferring a cask in bond to a buyer once accepted
    (the office's call).

    Args:
        token: The session token.
        cask_id: The cask sold.
        buyer_owner_id: The buyer, an owner registered with the warehouse.

    Returns:
        ``{"delivery_order": {...}}``, pending.
    """
    c = _get(state.casks, cask_id, "cask")
    b = _get(state.owners, buyer_owner_id, "owner")
    _in_bond(cask_id, c)
    if buyer_owner_id == c["owner"]:
        raise _rule(f"{buyer_owner_id} owns {cask_id} already")
    if b["status"] != "approved":
        raise _rule(f"the buyer {buyer_owner_id}'s due diligence is not approved")
    lien = _lien(state, c["owner"])
    if lien:
        raise _rule(f"{cask_id}'s owner {c['owner']} has invoice {lien} overdue (the warehouse's lien)")
    for did, d in state.orders.items():
        if d["cask"] == cask_id and d["status"] == "pending":
            raise _again(f"{cask_id} has delivery order {did} pending")
    if _open_release(state, cask_id):
        raise _rule(f"{cask_id} has release {_open_release(state, cask_id)} open")
    did = f"DO-{_next(state, 'order')}"
    state.orders[did] = {"cask": cask_id, "seller": c["owner"], "buyer": buyer_owner_id, "status": "pending",
                         "issued": TODAY}
    return {"delivery_order": _order_out(did, state.orders[did])}


@scoped()
async def delivery_orders(state: State, token: str, status: OrderStatus | None = None) -> dict[str, Any] | str:
    """Lists delivery orders.

    Args:
        token: The session token.
        status: Only pending or accepted orders.

    Returns:
        ``{"delivery_orders": [...]}``, oldest first.
    """
    if status is not None and status not in ("pending", "accepted"):
        raise _bad("status is pending or accepted")
    return {"delivery_orders": [_order_out(did, d) for did, d in sorted(state.orders.items())
                                            if status is None or d["status"] == status]}


@scoped(OFFICE)
async def accept_delivery_order(state: State, token: str, delivery_order_id: str) -> dict[str, Any] | str:
    """Accepts a pending delivery order, transferring the cask to the buyer (the office's call).

    Args:
        token: The session token.
        delivery_order_id: The delivery order.

    Returns:
        ``{"delivery_order": {...}}``, accepted, the cask now the buyer's.
    """
    d = _get(state.orders, delivery_order_id, "delivery order")
    if d["status"] == "accepted":
        raise _again(f"{delivery_order_id} is accepted already")
    c = state.casks[d["cask"]]
    _in_bond(d["cask"], c)
    if state.owners[d["buyer"]]["status"] != "approved":
        raise _rule(f"the buyer {d['buyer']}'s due diligence is not approved")
    c["owner"] = d["buyer"]
    d["status"] = "accepted"
    return {"delivery_order": _order_out(delivery_order_id, d)}


# --------------------------------------------------------------------------- releases from bond


@scoped(OFFICE)
async def request_release(state: State, token: str, cask_id: str, destination: Destination, consignee: str,
                          consignee_approval: str | None = None) -> dict[str, Any] | str:
    """Requests a cask's release from bond on its owner's instruction (the office's call).

    Args:
        token: The session token.
        cask_id: The cask.
        destination: duty_paid (duty is paid and the spirit leaves bond), export or another_bond.
        consignee: Who receives it.
        consignee_approval: The receiving warehouse's excise approval number, for another_bond.

    Returns:
        ``{"release": {...}}``, requested, for the bond manager to authorise.
    """
    c = _get(state.casks, cask_id, "cask")
    if destination not in ("duty_paid", "export", "another_bond"):
        raise _bad("destination is duty_paid, export or another_bond")
    if _blank(consignee):
        raise _bad("consignee is required")
    if consignee_approval is not None and (not isinstance(consignee_approval, str)
                                           or not APPROVAL_NUMBER.fullmatch(consignee_approval.strip())):
        raise _bad(f"{consignee_approval} is not an excise warehouse approval number (GBWK and nine digits)")
    _in_bond(cask_id, c)
    if destination == "another_bond" and consignee_approval is None:
        raise _rule("a move to another bond needs the receiving warehouse's approval number")
    if c["where"] is None:
        raise _rule(f"{cask_id} is not racked")
    if _open_release(state, cask_id):
        raise _again(f"{cask_id} has release {_open_release(state, cask_id)} open already")
    if _age(c["gauges"][-1][0]) > GAUGE_DAYS:
        raise _rule(f"{cask_id} was last gauged on {c['gauges'][-1][0]}; a cask leaves bond on a regauge of the "
                    f"last {GAUGE_DAYS} days")
    lien = _lien(state, c["owner"])
    if lien:
        raise _rule(f"{cask_id}'s owner {c['owner']} has invoice {lien} overdue (the warehouse's lien)")
    rid = f"RL-{_next(state, 'release')}"
    state.releases[rid] = _release(cask_id, destination, consignee.strip(), "requested",
                                   consignee_approval.strip() if consignee_approval else None, requested=TODAY)
    return {"release": _release_out(rid, state.releases[rid])}


@scoped()
async def releases(state: State, token: str, status: ReleaseStatus | None = None) -> dict[str, Any] | str:
    """Lists releases from bond.

    Args:
        token: The session token.
        status: Only releases requested, authorised or dispatched.

    Returns:
        ``{"releases": [...]}``, oldest first.
    """
    if status is not None and status not in ("requested", "authorised", "dispatched"):
        raise _bad("status is requested, authorised or dispatched")
    return {"releases": [_release_out(rid, r) for rid, r in sorted(state.releases.items())
                                     if status is None or r["status"] == status]}


@scoped(BOND_MANAGER)
async def authorise_release(state: State, token: str, release_id: str) -> dict[str, Any] | str:
    """Authorises a requested release (the bond manager's call).

    Args:
        token: The session token.
        release_id: The release.

    Returns:
        ``{"release": {...}}``, authorised.
    """
    r = _get(state.releases, release_id, "release")
    if r["status"] != "requested":
        raise _again(f"{release_id} is {r['status']} already")
    r["status"] = "authorised"
    r["authorised"] = state.sessions[token]["name"]
    return {"release": _release_out(release_id, r)}


@scoped(ACCOUNTS)
async def calculate_duty(state: State, token: str, release_id: str) -> dict[str, Any] | str:
    """Calculates the excise duty on a duty-paid release from the cask's last gauge (accounts' call).

    Args:
        token: The session token.
        release_id: The release.

    Returns:
        ``{"release_id", "litres_pure_alcohol", "rate_per_lpa", "duty"}``.
    """
    r = _get(state.releases, release_id, "release")
    if r["destination"] != "duty_paid":
        raise _rule(f"{release_id} goes under bond ({r['destination']}); no duty is due")
    if r["status"] == "dispatched":
        raise _rule(f"{release_id} is dispatched")
    if r["duty_paid"]:
        raise _again(f"{release_id}'s duty is paid already ({r['duty_paid']})")
    last = state.casks[r["cask"]]["gauges"][-1]
    lpa = round(last[1] * last[2] / 100, 2)
    r["duty"] = round(lpa * DUTY_RATE, 2)
    return {"release_id": release_id, "litres_pure_alcohol": lpa, "rate_per_lpa": DUTY_RATE,
            "duty": r["duty"]}


@scoped(ACCOUNTS)
async def pay_duty(state: State, token: str, release_id: str, amount: float,
                   payment_reference: str) -> dict[str, Any] | str:
    """Records the excise duty on a release paid (accounts' call), as calculated.

    Args:
        token: The session token.
        release_id: The release.
        amount: The duty paid, in pounds.
        payment_reference: The duty payment's reference.

    Returns:
        ``{"release_id", "duty_receipt", "amount"}``.
    """
    r = _get(state.releases, release_id, "release")
    if not _number(amount):
        raise _bad("amount is a number of pounds")
    if _blank(payment_reference):
        raise _bad("payment_reference is required")
    if r["duty_paid"]:
        raise _again(f"{release_id}'s duty is paid already ({r['duty_paid']})")
    if r["duty"] is None:
        raise _rule(f"{release_id}'s duty is not calculated")
    if round(float(amount), 2) != r["duty"]:
        raise _rule(f"{release_id}'s duty is {r['duty']:.2f}")
    dr = f"DR-{_next(state, 'duty')}"
    r["duty_paid"] = dr
    return {"release_id": release_id, "duty_receipt": dr, "amount": r["duty"],
            "payment_reference": payment_reference.strip()}


@scoped(OFFICE)
async def attach_release_document(state: State, token: str, release_id: str, kind: ReleaseDoc,
                                  reference: str) -> dict[str, Any] | str:
    """Attaches a paper to a release (the office's call): the export declaration, the electronic administrative
    document for a move under bond, or the commercial invoice.

    Args:
        token: The session token.
        release_id: The release.
        kind: export_declaration, e_ad or commercial_invoice.
        reference: The paper's reference.

    Returns:
        ``{"document": {...}}``.
    """
    r = _get(state.releases, release_id, "release")
    try:
        kind = ReleaseDoc(kind)
    except ValueError:
        raise _bad(f"no kind of paper {kind}") from None
    if _blank(reference):
        raise _bad("reference is required")
    if r["status"] == "dispatched":
        raise _rule(f"{release_id} is dispatched")
    held = r["docs"].get(kind.value)
    if held and held[1] == reference.strip():
        raise _again(f"{reference} is attached to {release_id} already")
    did = f"RD-{_next(state, 'document')}"
    r["docs"][kind.value] = [did, reference.strip()]
    return {"document": {"document_id": did, "release_id": release_id, "kind": kind.value,
                                     "reference": reference.strip(), "attached_on": TODAY}}


@scoped(KEEPER)
async def dispatch_release(state: State, token: str, release_id: str, vehicle_reg: str,
                           seal_number: str) -> str:
    """Dispatches an authorised release: the cask leaves bond on a sealed vehicle (the warehouse keeper's call).

    Args:
        token: The session token.
        release_id: The release.
        vehicle_reg: The vehicle's registration.
        seal_number: The number of the seal on its doors.

    Returns:
        A sentence with the dispatch.
    """
    r = _get(state.releases, release_id, "release")
    if _blank(vehicle_reg) or _blank(seal_number):
        raise _bad("vehicle_reg and seal_number are required")
    if r["status"] == "dispatched":
        raise _again(f"{release_id} is dispatched already")
    if r["status"] != "authorised":
        raise _rule(f"{release_id} is not authorised by the bond manager")
    if r["destination"] == "duty_paid" and not r["duty_paid"]:
        raise _rule(f"{release_id}'s duty is unpaid")
    paper = RELEASE_PAPER.get(r["destination"])
    if paper and paper not in r["docs"]:
        raise _rule(f"{release_id} goes {r['destination'].replace('_', ' ')} and has no {paper.replace('_', ' ')}")
    c = state.casks[r["cask"]]
    c["status"] = "released"
    c["where"] = None
    r["status"] = "dispatched"
    r["dispatched"] = TODAY
    return (f"Release {release_id}: cask {r['cask']} left bond on {TODAY} for {r['consignee']}, vehicle "
            f"{vehicle_reg.strip()}, seal {seal_number.strip()}.")


TOOLS = [
    sign_in, sign_out, storage_rates, warehouses, find_owner, register_owner, upload_kyc, approve_owner,
    owner_account, set_sampling_consent, set_storage_rate, book_arrival, arrivals, receive_cask, complete_arrival,
    casks, cask_detail, rack_cask, stock_check, regauge, draw_sample, record_loss, issue_certificate,
    storage_invoice, invoices, record_payment, outstanding, issue_delivery_order, delivery_orders,
    accept_delivery_order, request_release, releases, authorise_release, calculate_duty, pay_duty,
    attach_release_document, dispatch_release,
]

FIXTURES = {
    "warehouse": "Dalbrack Bonded Warehouses Ltd, an excise warehouse, Kilnside Road, Dalbrack",
    "today": "Wednesday 14 November 2057, 08:00",
    "staff": [
        {"name": "Beathag Garbet", "role": "office", "username": "beathag.i", "password": "Delivery-Order-31"},
        {"name": "Somhairle Drummond", "role": "compliance officer", "username": "somhairle.d",
         "password": "Due-Diligence-64"},
        {"name": "Fionnlagh Tarland", "role": "warehouse keeper", "username": "fionnlagh.b",
         "password": "Dunnage-Floor-18"},
        {"name": "Ealasaid Gow", "role": "gauger", "username": "ealasaid.g", "password": "Dip-Rod-47"},
        {"name": "Crisdean Moffat", "role": "accounts", "username": "crisdean.m", "password": "Bond-Ledger-52"},
        {"name": "Seonag Rintoul", "role": "bond manager", "username": "seonag.r", "password": "Excise-Seal-76"},
        {"name": "Tormod Achnacree", "role": "general manager", "username": "tormod.a",
         "password": "Warehouse-Keys-90"},
    ],
    "new_owner": {
        "owner": "Aldith Pennycook, a private buyer, aldith.pennycook@example.org",
        "papers": "her passport, number P-590217733, and a utility bill, reference SPE-1157-3390",
        "terms": "standard storage; she allows samples",
        "arrival": "one hogshead coming today from Glenmirrie with Corran Haulage, vehicle SV21 CRN, for Warehouse "
                   "1: cask GLN/2051/0733, filled 9 March 2051, 238.5 litres at 61.2%; racked in bay 12, tier 1",
    },
    "notes": [
        "Ebrel Brodribb has sent a bank statement, reference NWB-2057-10, as her proof of address",
        "Aldwyn Pettycur now allows samples from his casks; the gauger draws 150 ml from his Glenmirrie hogshead for "
        "his tasting",
        "Grizel Auchterlonie is to be charged standard storage and invoiced for the year",
        "Strathlorne's lorry, SN56 STL, brings two hogsheads today: STL/2057/0101 and STL/2057/0102, both filled "
        "on 2 October 2057, 248 litres at 63.5%",
        "Torloisk's barrel that came in on Monday goes to Warehouse 2, bay 8, tier 1",
        "Strathlorne's hogshead STL/2049/0413 regauges at 229 litres at 58.8%: a slow leak at the head",
        "Caskmere Investments have paid their overdue storage invoice by BACS; their barrel is sold to Torloisk "
        "Spirits",
        "Strathlorne sell their hogshead STL/2049/0413 to Aldwyn Pettycur",
        "Strathlorne's bottling hall in Kilbrannan takes hogshead STL/2049/0412 duty paid; the duty is paid by "
        "CHAPS, reference CHAPS-DBW-1114; vehicle SN56 STL, seal 004471",
        "Aldwyn Pettycur's Glenmirrie hogshead goes for export to Kaminoura Trading KK, Hakodate: export declaration "
        "EXD-57-0098812",
    ],
}

# --------------------------------------------------------------------------- the designed prerequisites

_TOKEN = "auth: session token (token of sign_in)"
PUBLIC = ("sign_in", "storage_rates", "warehouses")
TOKEN_CONSUMERS = [t.__name__ for t in TOOLS if t.__name__ not in PUBLIC]
NEW_OWNER_CONSUMERS = ["upload_kyc", "approve_owner", "owner_account", "set_sampling_consent", "set_storage_rate",
                       "book_arrival", "issue_delivery_order"]
OWNER_CONSUMERS = ["storage_invoice", "outstanding"]
ARRIVAL_CONSUMERS = ["receive_cask", "complete_arrival"]
NEW_CASK_CONSUMERS = ["rack_cask", "regauge", "cask_detail"]
CASK_CONSUMERS = ["draw_sample", "issue_delivery_order", "request_release", "record_loss", "issue_certificate"]
RELEASE_CONSUMERS = ["authorise_release", "calculate_duty", "pay_duty", "attach_release_document",
                     "dispatch_release"]
_NEW_OWNER = "id lookup/create: owner (owner_id of a find_owner owners entry, or of register_owner's owner)"
_OWNER = "id lookup: owner (owner_id of a find_owner owners entry)"
_ARRIVAL = "id lookup/create: arrival (arrival_id of book_arrival's arrival, or of an arrivals entry)"
_NEW_CASK = "id lookup/create: cask (cask_id of receive_cask's cask, or of a casks entry)"
_CASK = "id lookup: cask (cask_id of a casks entry)"
_RELEASE = "id lookup/create: release (release_id of request_release's release, or of a releases entry)"

GROUND_TRUTH = (
    [("sign_in", c, _TOKEN) for c in TOKEN_CONSUMERS]
    + [("find_owner|register_owner", c, _NEW_OWNER) for c in NEW_OWNER_CONSUMERS]
    + [("find_owner", c, _OWNER) for c in OWNER_CONSUMERS]
    + [("book_arrival|arrivals", c, _ARRIVAL) for c in ARRIVAL_CONSUMERS]
    + [("receive_cask|casks", c, _NEW_CASK) for c in NEW_CASK_CONSUMERS]
    + [("casks", c, _CASK) for c in CASK_CONSUMERS]
    + [("request_release|releases", c, _RELEASE) for c in RELEASE_CONSUMERS]
    + [
        ("issue_delivery_order|delivery_orders", "accept_delivery_order", "id lookup/create: delivery order "
         "(delivery_order_id of issue_delivery_order's order, or of a delivery_orders entry)"),
        ("storage_invoice|invoices", "record_payment", "id lookup/create: invoice (invoice_id of storage_invoice's "
         "invoice or of an invoices entry, with its amount from the same reply)"),
        ("warehouses", "book_arrival", "vocabulary: the warehouse codes (the first column of a warehouses row)"),
        ("warehouses", "rack_cask", "vocabulary: the warehouse codes (the first column of a warehouses row)"),
        ("warehouses", "stock_check", "vocabulary: the warehouse codes (the first column of a warehouses row)"),
        ("storage_rates", "set_storage_rate", "vocabulary: the storage rate codes (the first column of a "
         "storage_rates row)"),
        ("approve_owner", "book_arrival", "vetting: the owner's due diligence approved"),
        ("approve_owner", "issue_delivery_order", "vetting: the buyer's due diligence approved"),
        ("authorise_release", "dispatch_release", "approval: the release authorised by the bond manager"),
        ("upload_kyc", "approve_owner", "document: the owner's proof of identity and of address (a company's "
         "certificate and bank statement) on file"),
        ("attach_release_document", "dispatch_release", "document: the export declaration (or the electronic "
         "administrative document for a move under bond) attached"),
        ("set_sampling_consent", "draw_sample", "setting: the owner's consent to samples"),
        ("set_storage_rate", "storage_invoice", "setting: the owner's storage rate"),
        ("rack_cask", "draw_sample", "state: the cask racked (samples are drawn in the warehouse)"),
        ("rack_cask", "issue_certificate", "state: the cask racked (the certificate gives its place)"),
        ("regauge", "request_release", "state: the cask regauged in the last 30 days"),
        ("regauge", "record_loss", "state: the cask regauged today (the loss is measured against it)"),
        ("calculate_duty", "pay_duty", "state: the duty calculated (its amount paid)"),
        ("receive_cask", "complete_arrival", "state: every cask the arrival expected received"),
        ("complete_arrival", "rack_cask", "state: the new cask's arrival completed"),
        ("pay_duty", "dispatch_release", "payment: the duty on a duty-paid release paid"),
        ("record_payment", "issue_delivery_order", "payment: the seller's overdue storage invoice paid (the lien)"),
        ("record_payment", "request_release", "payment: the owner's overdue storage invoice paid (the lien)"),
    ]
)

_DESIGNED = {(p, c) for ps, c, _ in GROUND_TRUTH for p in ps.split("|")}

# Real, direct prerequisites that are not designed (see README.md): a reply that shows an id or a code to someone who
# did not give it, paired with the calls that take that kind of id or code. A warehouse's code for the casks list's
# filter; a new cask's id (receive_cask) for the calls on a cask found on the list; a cask's id on a stock check or an
# owner's account for every call on a cask, and on a release or a delivery order for the cask's detail; an owner's id
# on a cask, a cask's detail or an invoice for the calls on an owner, and a found or new owner's id for the lists an
# owner filters; an invoice's id on an owner's account (record_payment); a release's id on a cask's detail for the
# calls on a release.
_CASK_TAKERS = tuple(NEW_CASK_CONSUMERS + CASK_CONSUMERS)
_OWNER_TAKERS = tuple(NEW_OWNER_CONSUMERS + OWNER_CONSUMERS)
PLAUSIBLE = (
    {("warehouses", "casks")}
    | {("receive_cask", c) for c in CASK_CONSUMERS}
    | {(r, c) for r in ("stock_check", "owner_account") for c in _CASK_TAKERS}
    | {(r, "cask_detail") for r in ("releases", "delivery_orders")}
    | {(r, c) for r in ("casks", "cask_detail", "invoices") for c in _OWNER_TAKERS}
    | {(r, c) for r in ("find_owner", "register_owner") for c in ("casks", "invoices")}
    | {("owner_account", "record_payment")}
    | {("cask_detail", c) for c in RELEASE_CONSUMERS}
) - _DESIGNED
