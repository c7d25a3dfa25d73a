"""Perigee: the network operations system of Tessellate Ground Networks, a commercial satellite ground-station
network's customers, satellites, spectrum, passes, contacts and deliveries (36 calls).

Sync functions behind the ``desk(*roles)`` decorator, which checks the session token and the role before the call
runs, over an in-memory ``State`` of the network on Tuesday 30 November 2055 at 14:00 UTC. Sales open customer
accounts for satellite operators, register their satellites, add prepaid contact credit (an invoice billing records
payment of) and set up data delivery endpoints; security files a customer's end-user statement, screens the account
under export controls and installs a satellite's command uplink key; the spectrum officer files and approves
frequency authorisations against the regulator's licence on file; flight dynamics uploads two-line element sets and
predicts passes over the stations; the scheduler books contacts on predicted passes and cancels them; station
operators calibrate stations and take them in and out of maintenance, confirm and run contacts, uplink commands,
deliver the downlinked data and report on contacts; billing records payments and puts accounts on and off hold. The
director may make every call. The station list and the frequency bands are public.

Refusals are raised as built-in exceptions: ``PermissionError`` for no session or the wrong role, ``LookupError`` for
an unknown id, code or tag, ``ValueError`` for a bad input or a rule of the network's, ``RuntimeError`` for a record in
the wrong state or a change made already.

``from __future__ import annotations`` is in force, so every annotation is a string the runtime resolves in the
module: PEP 604 unions and builtin generics (``str | None``, ``float | None``, ``list[str]``, ``list[list[Any]]``),
``Literal`` aliases and ``Enum``s. Docstrings are numpy style (``Parameters``, ``Returns``). Replies are pydantic
models and lists of them (a session, accounts, an account's detail with satellites, endpoints and invoices as rows, a
document, a screening, an invoice, satellites, a satellite's detail with authorisations, documents and contacts as
rows, an orbit, an authorisation, an uplink key, contacts, a contact report, an endpoint, a delivery, a station, a
calibration); the stations, the frequency bands, the predicted passes, an account's endpoints and a station's schedule
as bare rows; a bare value (the account's credit after a payment); sentences with ids in them (commands uplinked, a
contact cancelled, a sign-out). Typed inputs: a plain ``Enum`` input (``DocKind``), ``str`` ``Enum`` inputs (``Plan``,
``PayMethod``), ``Literal`` inputs (a contact's purpose, a station's status, an endpoint's protocol) and ``Literal``
filters (invoices, authorisations, contacts), ``int`` NORAD catalogue numbers, ``float`` amounts, masses, downlinked
megabytes and calibration figures, ``bool`` settings, two-line element sets as text, ``str | None`` filters. Ids look
alike: account ``ACC-3104``, document ``DOC-6617``, invoice ``INV-9905``, satellite ``SAT-7703``, authorisation
``FA-1209``, key ``KEY-0091``, pass ``PS-40233``, contact ``CT-50418``, endpoint ``EP-214``, delivery ``DL-8830``,
calibration ``CAL-0452``; stations ``PGV``; bands ``S``; countries ``CL``. The embargoed countries, the credit's
bounds, the contact rates and shortest charge, which bands carry an uplink, the element sets' checksum and layout, how
fresh an orbit must be, how far ahead passes are predicted, a key fingerprint's form and a calibration's limits are
stated only in refusals.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as provider means either
tool satisfies it, and the text of ``what`` before its first ``:`` is the kind.
"""

from __future__ import annotations

import datetime
import functools
import re
from enum import Enum
from typing import Any, Callable, Literal

from pydantic import BaseModel

TODAY = "2055-11-30"  # a Tuesday
NOW = "14:00"
SALES = "sales"
SECURITY = "security"
SPECTRUM = "spectrum"
FLIGHT_DYNAMICS = "flight_dynamics"
SCHEDULER = "scheduler"
OPERATOR = "operator"
BILLING = "billing"
DIRECTOR = "director"

Purpose = Literal["telemetry", "payload_download", "command"]
StationStatus = Literal["operational", "maintenance"]
Protocol = Literal["sftp", "s3", "https"]
InvoiceStatus = Literal["unpaid", "overdue", "paid"]
AuthorisationStatus = Literal["pending", "approved"]
ContactStatus = Literal["scheduled", "confirmed", "executed", "cancelled"]


class Plan(str, Enum):
    PAY_AS_YOU_GO = "pay_as_you_go"
    COMMITTED = "committed"


class PayMethod(str, Enum):
    BANK_TRANSFER = "bank_transfer"
    CARD = "card"


class DocKind(Enum):
    END_USER_STATEMENT = "end_user_statement"
    SPECTRUM_LICENCE = "spectrum_licence"
    INSURANCE_CERTIFICATE = "insurance_certificate"


STATIONS = [  # code, name, country, bands, antenna (m)
    ["SKV", "Skarsvik Station", "IS", ["S", "X"], 7.3],
    ["PGV", "Punta Gaviota Station", "CL", ["S", "X", "UHF"], 5.4],
    ["TWH", "Tewharau Station", "NZ", ["S", "UHF"], 3.7],
    ["KRB", "Karoobult Station", "ZA", ["X"], 9.1],
    ["MNT", "Minto Flats Station", "CA", ["S", "X"], 7.3],
]
STATION = {row[0]: row for row in STATIONS}
BANDS = [  # band, downlink (MHz), uplink (MHz)
    ["UHF", "400.15-403.00", "435.00-438.00"],
    ["S", "2200-2290", "2025-2110"],
    ["X", "8025-8400", None],
    ["Ka", "25500-27000", None],
]
BAND = {row[0]: row for row in BANDS}
RATES = {"UHF": 2.0, "S": 4.5, "X": 6.0, "Ka": 9.0}  # per minute
SHORTEST_CHARGE = 5
EMBARGOED = ("KP", "IR", "SY", "CU")
CREDIT_BOUNDS = (100.0, 50000.0)
ORBIT_DAYS = 7
PREDICT_DAYS = 7
FINGERPRINT = re.compile(r"SHA256:[A-Za-z0-9+/]{43}")
GT_LIMITS = (8.0, 40.0)  # G/T, dB/K
EIRP_LIMITS = (30.0, 70.0)  # dBW


# --------------------------------------------------------------------------- replies


class Session(BaseModel):
    token: str
    name: str
    role: str
    signed_in: str


class Account(BaseModel):
    account_id: str
    company: str
    country: str
    plan: str
    screening: str
    credit: float
    on_hold: bool


class AccountDetail(Account):
    email: str
    satellites: list[list[Any]]
    endpoints: list[list[Any]]
    invoices: list[list[Any]]


class DocumentRecord(BaseModel):
    document_id: str
    account_id: str
    satellite_id: str | None
    kind: str
    reference: str
    issued_on: str


class Screening(BaseModel):
    account_id: str
    company: str
    country: str
    outcome: str
    screened_on: str


class Invoice(BaseModel):
    invoice_id: str
    account_id: str
    description: str
    amount: float
    paid: float
    due: str
    invoice_status: str


class Satellite(BaseModel):
    satellite_id: str
    name: str
    norad_id: int
    account_id: str
    orbit_epoch: str | None
    uplink_key: str | None


class SatelliteDetail(Satellite):
    mass_kg: float
    authorisations: list[list[Any]]
    documents: list[list[Any]]
    contacts: list[list[Any]]


class Orbit(BaseModel):
    satellite_id: str
    norad_id: int
    epoch: str
    inclination_deg: float
    mean_motion: float


class Authorisation(BaseModel):
    authorisation_id: str
    satellite_id: str
    band: str
    country: str
    filing_reference: str
    licence_number: str | None
    authorisation_status: str


class UplinkKey(BaseModel):
    key_id: str
    satellite_id: str
    fingerprint: str
    installed: str


class Contact(BaseModel):
    contact_id: str
    satellite_id: str
    station_code: str
    day: str
    aos: str
    los: str
    band: str
    purpose: str
    cost: float
    contact_status: str


class ContactReport(BaseModel):
    contact_id: str
    station_code: str
    satellite_id: str
    downlinked_mb: float
    max_elevation_deg: int
    remarks: str | None


class Endpoint(BaseModel):
    endpoint_id: str
    account_id: str
    url: str
    protocol: str
    challenge: str
    verified: bool


class Delivery(BaseModel):
    delivery_id: str
    contact_id: str
    endpoint_id: str
    url: str
    megabytes: float
    delivered: str


class Station(BaseModel):
    station_code: str
    name: str
    station_status: str
    note: str | None
    last_calibration: str | None


class Calibration(BaseModel):
    calibration_id: str
    station_code: str
    g_over_t_db: float
    eirp_dbw: float
    recorded: str


# --------------------------------------------------------------------------- the network on the day


def _sat(name: str, norad: int, account: str, mass: float, epoch: str | None, key: str | None) -> dict[str, Any]:
    return {"name": name, "norad": norad, "account": account, "mass": mass, "epoch": epoch, "key": key,
            "inclination": None, "mean_motion": None}


class State:
    """Tessellate Ground Networks' operations on Tuesday 30 November 2055 at 14:00 UTC."""

    def __init__(self) -> None:
        self.staff = {
            "ravenna.s": {"name": "Ravenna Sobczak", "password": "Quota-Pipeline-46", "role": SALES},
            "lysandra.k": {"name": "Lysandra Knatchbull", "password": "Embargo-Check-29", "role": SECURITY},
            "taliesin.a": {"name": "Taliesin Rautenbach-Nye", "password": "Filing-Band-63", "role": SPECTRUM},
            "struan.m": {"name": "Struan Mbatha", "password": "Kepler-Epoch-71", "role": FLIGHT_DYNAMICS},
            "casimira.d": {"name": "Casimira Dunleavy", "password": "Slot-Horizon-38", "role": SCHEDULER},
            "torvald.h": {"name": "Torvald Heathcote", "password": "Dish-Slew-52", "role": OPERATOR},
            "bettany.r": {"name": "Bettany Ramsbottom-Ash", "password": "Ledger-Credit-17", "role": BILLING},
            "zsofia.v": {"name": "Zsofia Valcourt", "password": "Network-Chief-90", "role": DIRECTOR},
        }
        self.sessions: dict[str, dict[str, Any]] = {}
        self.stations: dict[str, dict[str, Any]] = {
            "SKV": {"status": "operational", "note": None, "calibrated": "2055-11-02", "maintenance_since": None},
            "PGV": {"status": "operational", "note": None, "calibrated": "2055-10-19", "maintenance_since": None},
            "TWH": {"status": "maintenance", "note": "Feed horn replaced; awaiting calibration",
                    "calibrated": "2055-09-14", "maintenance_since": "2055-11-27"},
            "KRB": {"status": "operational", "note": None, "calibrated": "2055-11-21", "maintenance_since": None},
            "MNT": {"status": "operational", "note": None, "calibrated": "2055-11-09", "maintenance_since": None},
        }
        self.accounts: dict[str, dict[str, Any]] = {
            "ACC-3101": {"company": "Borealis Imaging Ltd", "country": "GB", "email": "ops@borealis-imaging.example",
                         "plan": "committed", "screening": "cleared", "credit": 1240.0, "hold": False},
            "ACC-3104": {"company": "Kuikkasat Oy", "country": "FI", "email": "mission@kuikkasat.example",
                         "plan": "pay_as_you_go", "screening": "cleared", "credit": 310.0, "hold": True},
            "ACC-3106": {"company": "Tindrum Aerospace Inc", "country": "US", "email": "ops@tindrum.example",
                         "plan": "pay_as_you_go", "screening": "not screened", "credit": 0.0, "hold": False},
            "ACC-3108": {"company": "Marlinspike Orbital Pty Ltd", "country": "AU",
                         "email": "flightops@marlinspike.example", "plan": "pay_as_you_go", "screening": "cleared",
                         "credit": 20.0, "hold": False},
        }
        self.satellites: dict[str, dict[str, Any]] = {
            "SAT-7701": _sat("BOREALIS-3", 61204, "ACC-3101", 142.0, "2055-11-29", "KEY-0088"),
            "SAT-7702": _sat("BOREALIS-4", 61205, "ACC-3101", 144.5, "2055-11-28", None),
            "SAT-7703": _sat("KUIKKA-1", 61877, "ACC-3104", 61.2, "2055-11-12", None),
            "SAT-7705": _sat("MARLIN-2", 62013, "ACC-3108", 98.0, "2055-11-27", None),
        }
        self.keys: dict[str, dict[str, Any]] = {
            "KEY-0088": {"satellite": "SAT-7701", "fingerprint": "SHA256:q3Vd9XkR2mWn7PzL0bT5yHcJ8eFa4GuS1oKiN6rEtYw",
                         "installed": "2055-06-14"},
        }
        self.documents: dict[str, dict[str, Any]] = {
            "DOC-6601": {"account": "ACC-3101", "satellite": None, "kind": "end_user_statement",
                         "reference": "EUS-BI-2055", "issued_on": "2055-01-10"},
            "DOC-6603": {"account": "ACC-3101", "satellite": "SAT-7701", "kind": "spectrum_licence",
                         "reference": "IS-PTA 2054/092", "issued_on": "2054-09-30"},
            "DOC-6604": {"account": "ACC-3101", "satellite": "SAT-7702", "kind": "spectrum_licence",
                         "reference": "NZ-RSM 2055/0331", "issued_on": "2055-03-08"},
            "DOC-6608": {"account": "ACC-3104", "satellite": None, "kind": "end_user_statement",
                         "reference": "EUS-KS-0419", "issued_on": "2055-04-19"},
            "DOC-6610": {"account": "ACC-3104", "satellite": "SAT-7703", "kind": "spectrum_licence",
                         "reference": "CL-SUBTEL 2055/1180", "issued_on": "2055-05-02"},
            "DOC-6614": {"account": "ACC-3108", "satellite": None, "kind": "end_user_statement",
                         "reference": "EUS-MO-0827", "issued_on": "2055-08-27"},
        }
        self.authorisations: dict[str, dict[str, Any]] = {
            "FA-1201": {"satellite": "SAT-7701", "band": "S", "country": "IS", "filing": "IS-PTA 2054/092",
                        "licence": "IS-PTA 2054/092", "status": "approved"},
            "FA-1202": {"satellite": "SAT-7701", "band": "X", "country": "IS", "filing": "IS-PTA 2054/093",
                        "licence": "IS-PTA 2054/092", "status": "approved"},
            "FA-1204": {"satellite": "SAT-7702", "band": "S", "country": "IS", "filing": "IS-PTA 2055/014",
                        "licence": "IS-PTA 2054/092", "status": "approved"},
            "FA-1205": {"satellite": "SAT-7702", "band": "S", "country": "NZ", "filing": "NZ-RSM 2055/0331",
                        "licence": "NZ-RSM 2055/0331", "status": "approved"},
            "FA-1207": {"satellite": "SAT-7703", "band": "S", "country": "CL", "filing": "CL-SUBTEL 2055/1180",
                        "licence": "CL-SUBTEL 2055/1180", "status": "approved"},
            "FA-1209": {"satellite": "SAT-7705", "band": "X", "country": "ZA", "filing": "ZA-ICASA 2055/0771",
                        "licence": None, "status": "pending"},
        }
        self.invoices: dict[str, dict[str, Any]] = {
            "INV-9897": {"account": "ACC-3104", "description": "Contacts, October 2055", "amount": 186.0,
                         "paid": 0.0, "due": "2055-11-15", "credit": False},
            "INV-9899": {"account": "ACC-3101", "description": "Prepaid contact credit", "amount": 1500.0,
                         "paid": 1500.0, "due": "2055-11-20", "credit": True},
            "INV-9902": {"account": "ACC-3108", "description": "Prepaid contact credit", "amount": 200.0,
                         "paid": 0.0, "due": "2055-12-14", "credit": True},
        }
        self.endpoints: dict[str, dict[str, Any]] = {
            "EP-210": {"account": "ACC-3101", "url": "sftp://downlink.borealis-imaging.example/incoming",
                       "protocol": "sftp", "challenge": "tgn-verify-7c41e09b", "verified": True},
            "EP-214": {"account": "ACC-3101", "url": "s3://borealis-archive-eu/raw", "protocol": "s3",
                       "challenge": "tgn-verify-2f9a6d13", "verified": False},
        }
        self.passes: dict[str, dict[str, Any]] = {}
        self.predicted: dict[str, list[str]] = {}
        self.contacts: dict[str, dict[str, Any]] = {
            "CT-50410": {"pass": None, "satellite": "SAT-7701", "station": "SKV", "day": TODAY, "aos": "09:42",
                         "los": "09:53", "band": "X", "purpose": "payload_download", "cost": 66.0,
                         "status": "executed", "elevation": 71, "downlinked": 2310.5, "remarks": None,
                         "delivered": None},
            "CT-50412": {"pass": None, "satellite": "SAT-7701", "station": "SKV", "day": TODAY, "aos": "15:10",
                         "los": "15:21", "band": "S", "purpose": "telemetry", "cost": 49.5, "status": "confirmed",
                         "elevation": 38, "downlinked": None, "remarks": None, "delivered": None},
            "CT-50413": {"pass": None, "satellite": "SAT-7702", "station": "TWH", "day": TODAY, "aos": "18:05",
                         "los": "18:13", "band": "S", "purpose": "telemetry", "cost": 36.0, "status": "scheduled",
                         "elevation": 24, "downlinked": None, "remarks": None, "delivered": None},
            "CT-50416": {"pass": None, "satellite": "SAT-7701", "station": "SKV", "day": TODAY, "aos": "18:20",
                         "los": "18:31", "band": "S", "purpose": "command", "cost": 49.5, "status": "confirmed",
                         "elevation": 48, "downlinked": None, "remarks": None, "delivered": None},
            "CT-50415": {"pass": None, "satellite": "SAT-7702", "station": "SKV", "day": "2055-12-01",
                         "aos": "06:31", "los": "06:40", "band": "S", "purpose": "telemetry", "cost": 40.5,
                         "status": "scheduled", "elevation": 33, "downlinked": None, "remarks": None,
                         "delivered": None},
        }
        self.deliveries: dict[str, dict[str, Any]] = {}
        self.calibrations: dict[str, dict[str, Any]] = {}
        self.uplinks: list[list[Any]] = []
        self.counters = {"session": 1, "account": 3109, "document": 6617, "invoice": 9905, "satellite": 7706,
                         "authorisation": 1210, "key": 91, "pass": 40233, "contact": 50418, "endpoint": 215,
                         "delivery": 8830, "calibration": 452}


# --------------------------------------------------------------------------- the desk decorator and helpers


def _session(state: Any, token: Any, roles: tuple[str, ...] = ()) -> dict[str, Any]:
    session = state.sessions.get(token) if isinstance(token, str) and state is not None else None
    if session is None:
        raise PermissionError("not signed in, or the session has ended; sign in first")
    if roles and session["role"] != DIRECTOR and session["role"] not in roles:
        raise PermissionError(f"{session['name']} ({session['role'].replace('_', ' ')}) may not make this call")
    return session


def desk(*roles: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """The call needs a session token; with roles, one of them (the director may make every call)."""

    def wrap(fn: Callable[..., Any]) -> Callable[..., Any]:
        @functools.wraps(fn)
        def call(state: State, token: str, **kwargs: Any) -> Any:
            _session(state, token, roles)
            return fn(state, token, **kwargs)

        return call

    return wrap


def _next(state: State, kind: str) -> int:
    n = state.counters[kind]
    state.counters[kind] = n + 1
    return n


def _blank(value: Any) -> bool:
    return not isinstance(value, str) or not value.strip()


def _number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _get(table: dict[str, Any], key: Any, what: str) -> dict[str, Any]:
    if not isinstance(key, str) or key not in table:
        raise LookupError(f"no {what} {key}")
    return table[key]


def _enum(kind: Any, value: Any, what: str) -> str:
    if isinstance(value, kind):
        return value.value
    allowed = [m.value for m in kind]
    if value not in allowed:
        raise ValueError(f"{what} is one of {', '.join(allowed)}")
    return value


def _date(value: Any, what: str) -> str:
    try:
        return datetime.date.fromisoformat(value).isoformat()
    except (TypeError, ValueError):
        raise ValueError(f"{what} is a date, YYYY-MM-DD") from None


def _days(a: str, b: str) -> int:
    return (datetime.date.fromisoformat(b) - datetime.date.fromisoformat(a)).days


def _account(state: State, aid: str) -> Account:
    a = state.accounts[aid]
    return Account(account_id=aid, company=a["company"], country=a["country"], plan=a["plan"],
                   screening=a["screening"], credit=round(a["credit"], 2), on_hold=a["hold"])


def _status(i: dict[str, Any]) -> str:
    if i["paid"] >= i["amount"]:
        return "paid"
    return "overdue" if i["due"] < TODAY else "unpaid"


def _invoice(state: State, iid: str) -> Invoice:
    i = state.invoices[iid]
    return Invoice(invoice_id=iid, account_id=i["account"], description=i["description"], amount=i["amount"],
                   paid=i["paid"], due=i["due"], invoice_status=_status(i))


def _satellite(state: State, sid: str) -> Satellite:
    s = state.satellites[sid]
    return Satellite(satellite_id=sid, name=s["name"], norad_id=s["norad"], account_id=s["account"],
                     orbit_epoch=s["epoch"], uplink_key=s["key"])


def _authorisation(state: State, fid: str) -> Authorisation:
    f = state.authorisations[fid]
    return Authorisation(authorisation_id=fid, satellite_id=f["satellite"], band=f["band"], country=f["country"],
                         filing_reference=f["filing"], licence_number=f["licence"], authorisation_status=f["status"])


def _contact(state: State, cid: str) -> Contact:
    c = state.contacts[cid]
    return Contact(contact_id=cid, satellite_id=c["satellite"], station_code=c["station"], day=c["day"], aos=c["aos"],
                   los=c["los"], band=c["band"], purpose=c["purpose"], cost=c["cost"], contact_status=c["status"])


def _station(state: State, code: str) -> Station:
    s = state.stations[code]
    return Station(station_code=code, name=STATION[code][1], station_status=s["status"], note=s["note"],
                   last_calibration=s["calibrated"])


def _tle_checksum(line: str) -> int:
    return sum(int(c) if c.isdigit() else 1 if c == "-" else 0 for c in line[:68]) % 10


def _passes(norad: int, station: str, day: str) -> list[list[Any]]:
    """The passes of a satellite over a station on a day: [aos, los, max elevation, minutes]."""
    k = [row[0] for row in STATIONS].index(station)
    d = datetime.date.fromisoformat(day).toordinal()
    out = []
    for j in range(3):
        hour = (j * 8 + (norad + 3 * k + d) % 8) % 24
        minute = (norad * 11 + k * 7 + j * 17 + d) % 60
        minutes = 6 + (norad + j + k) % 7
        start = datetime.datetime(2000, 1, 1, hour, minute)
        end = start + datetime.timedelta(minutes=minutes)
        elevation = 12 + (norad * 3 + j * 29 + k * 13 + d) % 74
        out.append([start.strftime("%H:%M"), end.strftime("%H:%M"), elevation, minutes])
    return sorted(out)


# --------------------------------------------------------------------------- sign-in and the public lists


def sign_in(state: State, username: str, password: str) -> Session:
    """Signs a member of staff in to network operations.

    Parameters
    ----------
    username : str
        The user name, such as casimira.d.
    password : str
        The password.

    Returns
    -------
    Session
        token (every call but sign_in, stations and frequency_bands needs it), name and role.
    """
    user = state.staff.get(username) if isinstance(username, str) else None
    if user is None or user["password"] != password:
        raise PermissionError("unknown user name or wrong password")
    token = f"tgn-{username.split('.')[0]}-{_next(state, 'session')}"
    state.sessions[token] = {"username": username, **user}
    return Session(token=token, name=user["name"], role=user["role"], signed_in=f"{TODAY} {NOW}")


@desk()
def sign_out(state: State, token: str) -> str:
    """Ends a session.

    Parameters
    ----------
    token : str
        The session token.

    Returns
    -------
    str
        A sentence saying who signed out.
    """
    who = state.sessions.pop(token)["name"]
    return f"{who} signed out of {token} at {NOW} UTC."


def stations() -> list[list[Any]]:
    """The network's ground stations (public).

    Returns
    -------
    list of rows
        [station code, name, country code, bands, antenna diameter in metres].
    """
    return [[code, name, country, list(bands), size] for code, name, country, bands, size in STATIONS]


def frequency_bands() -> list[list[Any]]:
    """The frequency bands the network works in (public).

    Returns
    -------
    list of rows
        [band, downlink range in MHz, uplink range in MHz or null].
    """
    return [list(row) for row in BANDS]


# --------------------------------------------------------------------------- accounts, documents and screening


@desk()
def find_account(state: State, token: str, text: str) -> list[Account]:
    """Finds customer accounts by any part of the company's name or the account id.

    Parameters
    ----------
    token : str
        The session token.
    text : str
        At least three letters of the company's name, or an account id.

    Returns
    -------
    list of Account
        In account id order.
    """
    if _blank(text) or len(text.strip()) < 3:
        raise ValueError("give at least three letters of a company's name, or an account id")
    needle = text.strip().lower()
    return [_account(state, aid) for aid, a in sorted(state.accounts.items())
            if needle in a["company"].lower() or needle == aid.lower()]


@desk(SALES)
def open_account(state: State, token: str, company: str, country: str, contact_email: str, plan: Plan) -> Account:
    """Opens a customer account for a satellite operator (sales).

    Parameters
    ----------
    token : str
        The session token (sales).
    company : str
        The operator's registered name.
    country : str
        Its country, a two-letter code.
    contact_email : str
        The mission operations e-mail address.
    plan : Plan
        pay_as_you_go or committed.

    Returns
    -------
    Account
        Not yet screened, with no credit.
    """
    plan_value = _enum(Plan, plan, "plan")
    if _blank(company) or _blank(contact_email) or "@" not in contact_email:
        raise ValueError("company and a contact_email are required")
    if not isinstance(country, str) or not re.fullmatch(r"[A-Z]{2}", country):
        raise ValueError("country is a two-letter country code, such as DE")
    name = " ".join(company.split())
    for aid, a in state.accounts.items():
        if a["company"].lower() == name.lower():
            raise RuntimeError(f"{name} has account {aid} already")
    aid = f"ACC-{_next(state, 'account')}"
    state.accounts[aid] = {"company": name, "country": country, "email": contact_email.strip(), "plan": plan_value,
                           "screening": "not screened", "credit": 0.0, "hold": False}
    return _account(state, aid)


@desk()
def account_detail(state: State, token: str, account_id: str) -> AccountDetail:
    """An account in full.

    Parameters
    ----------
    token : str
        The session token.
    account_id : str
        The account.

    Returns
    -------
    AccountDetail
        The account with its satellites as rows [satellite id, name, NORAD id], its delivery endpoints as rows
        [endpoint id, url, verified] and its invoices as rows [invoice id, amount, status].
    """
    a = _get(state.accounts, account_id, "account")
    return AccountDetail(
        **_account(state, account_id).model_dump(), email=a["email"],
        satellites=[[sid, s["name"], s["norad"]] for sid, s in sorted(state.satellites.items())
                    if s["account"] == account_id],
        endpoints=[[eid, e["url"], e["verified"]] for eid, e in sorted(state.endpoints.items())
                   if e["account"] == account_id],
        invoices=[[iid, i["amount"], _status(i)] for iid, i in sorted(state.invoices.items())
                  if i["account"] == account_id])


@desk(SECURITY, SPECTRUM)
def upload_document(state: State, token: str, account_id: str, kind: DocKind, reference: str, issued_on: str,
                    satellite_id: str | None = None) -> DocumentRecord:
    """Files a document on an account (security or the spectrum officer): an end-user statement, a spectrum licence
    for one of its satellites, or an insurance certificate.

    Parameters
    ----------
    token : str
        The session token (security or spectrum).
    account_id : str
        The account.
    kind : DocKind
        end_user_statement, spectrum_licence or insurance_certificate.
    reference : str
        The document's reference or licence number.
    issued_on : str
        The date it was issued, YYYY-MM-DD.
    satellite_id : str, optional
        The satellite a spectrum licence covers.

    Returns
    -------
    DocumentRecord
        The document on file.
    """
    _get(state.accounts, account_id, "account")
    kind_value = _enum(DocKind, kind, "kind")
    if _blank(reference):
        raise ValueError("reference is required")
    issued = _date(issued_on, "issued_on")
    if issued > TODAY:
        raise ValueError("a document is not issued in the future")
    if kind_value == "spectrum_licence":
        if satellite_id is None:
            raise ValueError("a spectrum licence names the satellite it covers")
        s = _get(state.satellites, satellite_id, "satellite")
        if s["account"] != account_id:
            raise ValueError(f"{satellite_id} is not {account_id}'s")
    elif satellite_id is not None:
        _get(state.satellites, satellite_id, "satellite")
    for did, d in state.documents.items():
        if d["account"] == account_id and d["kind"] == kind_value and d["reference"] == reference.strip():
            raise RuntimeError(f"that document is on file already as {did}")
    did = f"DOC-{_next(state, 'document')}"
    state.documents[did] = {"account": account_id, "satellite": satellite_id, "kind": kind_value,
                            "reference": reference.strip(), "issued_on": issued}
    return DocumentRecord(document_id=did, account_id=account_id, satellite_id=satellite_id, kind=kind_value,
                          reference=reference.strip(), issued_on=issued)


@desk(SECURITY)
def screen_account(state: State, token: str, account_id: str) -> Screening:
    """Screens an account under export controls (security), against its end-user statement on file.

    Parameters
    ----------
    token : str
        The session token (security).
    account_id : str
        The account.

    Returns
    -------
    Screening
        The outcome: cleared.
    """
    a = _get(state.accounts, account_id, "account")
    if a["screening"] == "cleared":
        raise RuntimeError(f"{account_id} is cleared already")
    if not any(d["account"] == account_id and d["kind"] == "end_user_statement" for d in state.documents.values()):
        raise ValueError(f"{account_id} has no end-user statement on file")
    if a["country"] in EMBARGOED:
        raise ValueError(f"the network does not serve operators in {', '.join(EMBARGOED)}")
    a["screening"] = "cleared"
    return Screening(account_id=account_id, company=a["company"], country=a["country"], outcome="cleared",
                     screened_on=TODAY)


@desk(BILLING)
def set_account_hold(state: State, token: str, account_id: str, on_hold: bool, reason: str) -> Account:
    """Puts an account on hold or takes it off (billing); an account on hold books no contacts, and comes off hold
    only once no invoice of its is overdue.

    Parameters
    ----------
    token : str
        The session token (billing).
    account_id : str
        The account.
    on_hold : bool
        Whether the account is on hold.
    reason : str
        Why.

    Returns
    -------
    Account
        The account.
    """
    a = _get(state.accounts, account_id, "account")
    if not isinstance(on_hold, bool) or _blank(reason):
        raise ValueError("on_hold (true or false) and reason are required")
    if a["hold"] is on_hold:
        raise RuntimeError(f"{account_id} is {'on hold' if on_hold else 'off hold'} already")
    if not on_hold:
        overdue = [iid for iid, i in sorted(state.invoices.items())
                   if i["account"] == account_id and _status(i) == "overdue"]
        if overdue:
            raise ValueError(f"{overdue[0]} is overdue; the account stays on hold until it is paid")
    a["hold"] = on_hold
    return _account(state, account_id)


# --------------------------------------------------------------------------- credit, invoices and payments


@desk()
def invoices(state: State, token: str, account_id: str | None = None,
             status: InvoiceStatus | None = None) -> list[Invoice]:
    """The invoices, optionally one account's and in one status.

    Parameters
    ----------
    token : str
        The session token.
    account_id : str, optional
        Only this account's.
    status : {'unpaid', 'overdue', 'paid'}, optional
        Only these.

    Returns
    -------
    list of Invoice
        In invoice id order.
    """
    if account_id is not None:
        _get(state.accounts, account_id, "account")
    if status not in (None, "unpaid", "overdue", "paid"):
        raise ValueError("status is unpaid, overdue or paid")
    return [_invoice(state, iid) for iid, i in sorted(state.invoices.items())
            if (account_id is None or i["account"] == account_id) and (status is None or _status(i) == status)]


@desk(SALES, BILLING)
def add_credit(state: State, token: str, account_id: str, amount: float) -> Invoice:
    """Invoices an account for prepaid contact credit (sales or billing); the credit is the account's once the
    invoice is paid.

    Parameters
    ----------
    token : str
        The session token (sales or billing).
    account_id : str
        The account.
    amount : float
        The credit, in euros.

    Returns
    -------
    Invoice
        Due in fourteen days.
    """
    a = _get(state.accounts, account_id, "account")
    if not _number(amount):
        raise ValueError("amount is a number of euros")
    low, high = CREDIT_BOUNDS
    if not low <= amount <= high:
        raise ValueError(f"credit is bought in amounts of {low:,.2f} to {high:,.2f} euros")
    if a["screening"] != "cleared":
        raise ValueError(f"{account_id} is not cleared by security")
    iid = f"INV-{_next(state, 'invoice')}"
    due = (datetime.date.fromisoformat(TODAY) + datetime.timedelta(days=14)).isoformat()
    state.invoices[iid] = {"account": account_id, "description": "Prepaid contact credit", "amount": float(amount),
                           "paid": 0.0, "due": due, "credit": True}
    return _invoice(state, iid)


@desk(BILLING)
def record_payment(state: State, token: str, invoice_id: str, amount: float, method: PayMethod) -> float:
    """Records a payment against an invoice (billing); a credit invoice paid in full adds its credit to the account.

    Parameters
    ----------
    token : str
        The session token (billing).
    invoice_id : str
        The invoice.
    amount : float
        The amount paid, in euros.
    method : PayMethod
        bank_transfer or card.

    Returns
    -------
    float
        The account's contact credit after the payment, in euros.
    """
    i = _get(state.invoices, invoice_id, "invoice")
    _enum(PayMethod, method, "method")
    if not _number(amount) or amount <= 0:
        raise ValueError("amount is a number of euros over 0")
    left = round(i["amount"] - i["paid"], 2)
    if left <= 0:
        raise RuntimeError(f"{invoice_id} is paid already")
    if amount > left + 1e-9:
        raise ValueError(f"{invoice_id} has {left:,.2f} euros left to pay")
    i["paid"] = round(i["paid"] + amount, 2)
    a = state.accounts[i["account"]]
    if i["credit"] and i["paid"] >= i["amount"]:
        a["credit"] = round(a["credit"] + i["amount"], 2)
    return round(a["credit"], 2)


# --------------------------------------------------------------------------- satellites, orbits, spectrum and keys


@desk(SALES)
def register_satellite(state: State, token: str, account_id: str, name: str, norad_id: int,
                       mass_kg: float) -> Satellite:
    """Registers a customer's satellite on the network (sales); the account must be cleared by security.

    Parameters
    ----------
    token : str
        The session token (sales).
    account_id : str
        The customer's account.
    name : str
        The satellite's name.
    norad_id : int
        Its NORAD catalogue number.
    mass_kg : float
        Its mass in kilograms.

    Returns
    -------
    Satellite
        With no orbit on file yet.
    """
    a = _get(state.accounts, account_id, "account")
    if _blank(name) or isinstance(norad_id, bool) or not isinstance(norad_id, int) or not _number(mass_kg):
        raise ValueError("name, a whole norad_id and mass_kg are required")
    if not 1 <= norad_id <= 99999 or mass_kg <= 0:
        raise ValueError("norad_id is 1 to 99999 and mass_kg over 0")
    if a["screening"] != "cleared":
        raise ValueError(f"{account_id} is not cleared by security")
    for sid, s in state.satellites.items():
        if s["norad"] == norad_id:
            raise RuntimeError(f"NORAD {norad_id} is registered already as {sid}")
    sid = f"SAT-{_next(state, 'satellite')}"
    state.satellites[sid] = _sat(name.strip().upper(), norad_id, account_id, float(mass_kg), None, None)
    return _satellite(state, sid)


@desk()
def satellites(state: State, token: str, account_id: str | None = None) -> list[Satellite]:
    """The satellites on the network, optionally one account's.

    Parameters
    ----------
    token : str
        The session token.
    account_id : str, optional
        Only this account's.

    Returns
    -------
    list of Satellite
        In satellite id order.
    """
    if account_id is not None:
        _get(state.accounts, account_id, "account")
    return [_satellite(state, sid) for sid, s in sorted(state.satellites.items())
            if account_id is None or s["account"] == account_id]


@desk()
def satellite_detail(state: State, token: str, satellite_id: str) -> SatelliteDetail:
    """A satellite in full.

    Parameters
    ----------
    token : str
        The session token.
    satellite_id : str
        The satellite.

    Returns
    -------
    SatelliteDetail
        The satellite with its authorisations as rows [authorisation id, band, country, status], its documents as rows
        [document id, kind, reference] and its contacts as rows [contact id, station, day, aos, status].
    """
    s = _get(state.satellites, satellite_id, "satellite")
    return SatelliteDetail(
        **_satellite(state, satellite_id).model_dump(), mass_kg=s["mass"],
        authorisations=[[fid, f["band"], f["country"], f["status"]] for fid, f in sorted(state.authorisations.items())
                        if f["satellite"] == satellite_id],
        documents=[[did, d["kind"], d["reference"]] for did, d in sorted(state.documents.items())
                   if d["satellite"] == satellite_id],
        contacts=[[cid, c["station"], c["day"], c["aos"], c["status"]] for cid, c in sorted(state.contacts.items())
                  if c["satellite"] == satellite_id])


@desk(FLIGHT_DYNAMICS)
def upload_tle(state: State, token: str, satellite_id: str, line1: str, line2: str) -> Orbit:
    """Uploads a satellite's latest two-line element set (flight dynamics), which pass predictions are made from.

    Parameters
    ----------
    token : str
        The session token (flight dynamics).
    satellite_id : str
        The satellite.
    line1 : str
        The element set's first line.
    line2 : str
        Its second line.

    Returns
    -------
    Orbit
        The orbit on file: its epoch, inclination and mean motion.
    """
    s = _get(state.satellites, satellite_id, "satellite")
    if not isinstance(line1, str) or not isinstance(line2, str):
        raise ValueError("line1 and line2 are the element set's two lines")
    if len(line1) != 69 or len(line2) != 69 or line1[:2] != "1 " or line2[:2] != "2 ":
        raise ValueError("a two-line element set has two lines of 69 characters, starting '1 ' and '2 '")
    for line in (line1, line2):
        if not line[68].isdigit() or _tle_checksum(line) != int(line[68]):
            raise ValueError("an element set line ends with its checksum: its digits' sum, each minus sign counting "
                             "1, modulo 10")
    try:
        norad1, norad2 = int(line1[2:7]), int(line2[2:7])
        year, day = int(line1[18:20]), float(line1[20:32])
        inclination, mean_motion = float(line2[8:16]), float(line2[52:63])
    except ValueError:
        raise ValueError("the element set's fields are not where they belong") from None
    if norad1 != s["norad"] or norad2 != s["norad"]:
        raise ValueError(f"that element set is for NORAD {norad1}, not {satellite_id}'s {s['norad']}")
    epoch = (datetime.date(2000 + year, 1, 1) + datetime.timedelta(days=int(day) - 1)).isoformat()
    if epoch > TODAY:
        raise ValueError(f"the element set's epoch {epoch} is in the future")
    if s["epoch"] is not None and epoch <= s["epoch"]:
        raise RuntimeError(f"{satellite_id} has an orbit of epoch {s['epoch']} on file already")
    s.update(epoch=epoch, inclination=inclination, mean_motion=mean_motion)
    return Orbit(satellite_id=satellite_id, norad_id=s["norad"], epoch=epoch, inclination_deg=inclination,
                 mean_motion=mean_motion)


@desk(SPECTRUM)
def file_authorisation(state: State, token: str, satellite_id: str, band: str, country: str,
                       filing_reference: str) -> Authorisation:
    """Files a frequency authorisation for a satellite to be worked in a band from the stations of a country (the
    spectrum officer).

    Parameters
    ----------
    token : str
        The session token (spectrum).
    satellite_id : str
        The satellite.
    band : str
        The band.
    country : str
        A country the network has a station in.
    filing_reference : str
        The regulator's filing reference.

    Returns
    -------
    Authorisation
        Pending until the licence is on file and it is approved.
    """
    _get(state.satellites, satellite_id, "satellite")
    if not isinstance(band, str) or band not in BAND:
        raise LookupError(f"no band {band}")
    if not isinstance(country, str) or country not in {row[2] for row in STATIONS}:
        raise LookupError(f"the network has no station in {country}")
    if _blank(filing_reference):
        raise ValueError("filing_reference is required")
    if band not in {b for row in STATIONS if row[2] == country for b in row[3]}:
        raise ValueError(f"no station in {country} works {band} band")
    for fid, f in state.authorisations.items():
        if f["satellite"] == satellite_id and f["band"] == band and f["country"] == country:
            raise RuntimeError(f"{fid} covers that already ({f['status']})")
    fid = f"FA-{_next(state, 'authorisation')}"
    state.authorisations[fid] = {"satellite": satellite_id, "band": band, "country": country,
                                 "filing": filing_reference.strip(), "licence": None, "status": "pending"}
    return _authorisation(state, fid)


@desk()
def authorisations(state: State, token: str, status: AuthorisationStatus | None = None,
                   satellite_id: str | None = None) -> list[Authorisation]:
    """The frequency authorisations, optionally in one status and one satellite's.

    Parameters
    ----------
    token : str
        The session token.
    status : {'pending', 'approved'}, optional
        Only these.
    satellite_id : str, optional
        Only this satellite's.

    Returns
    -------
    list of Authorisation
        In authorisation id order.
    """
    if status not in (None, "pending", "approved"):
        raise ValueError("status is pending or approved")
    if satellite_id is not None:
        _get(state.satellites, satellite_id, "satellite")
    return [_authorisation(state, fid) for fid, f in sorted(state.authorisations.items())
            if (status is None or f["status"] == status) and (satellite_id is None or f["satellite"] == satellite_id)]


@desk(SPECTRUM)
def approve_authorisation(state: State, token: str, authorisation_id: str, licence_number: str) -> Authorisation:
    """Approves a pending frequency authorisation (the spectrum officer) once the regulator's licence for the
    satellite is on file under that number.

    Parameters
    ----------
    token : str
        The session token (spectrum).
    authorisation_id : str
        The authorisation.
    licence_number : str
        The licence's number, as filed.

    Returns
    -------
    Authorisation
        Approved.
    """
    f = _get(state.authorisations, authorisation_id, "authorisation")
    if _blank(licence_number):
        raise ValueError("licence_number is required")
    if f["status"] != "pending":
        raise RuntimeError(f"{authorisation_id} is {f['status']} already")
    if not any(d["satellite"] == f["satellite"] and d["kind"] == "spectrum_licence"
               and d["reference"] == licence_number.strip() for d in state.documents.values()):
        raise ValueError(f"no spectrum licence {licence_number.strip()} is on file for {f['satellite']}")
    f["licence"] = licence_number.strip()
    f["status"] = "approved"
    return _authorisation(state, authorisation_id)


@desk(SECURITY)
def install_uplink_key(state: State, token: str, satellite_id: str, fingerprint: str) -> UplinkKey:
    """Installs a satellite's command uplink key on the network's encryptors (security); command contacts need it.

    Parameters
    ----------
    token : str
        The session token (security).
    satellite_id : str
        The satellite.
    fingerprint : str
        The key's fingerprint, as the operator sent it.

    Returns
    -------
    UplinkKey
        The key installed.
    """
    s = _get(state.satellites, satellite_id, "satellite")
    if not isinstance(fingerprint, str) or not FINGERPRINT.fullmatch(fingerprint.strip()):
        raise ValueError("a key fingerprint is written SHA256: and 43 base64 characters")
    if s["key"] and state.keys[s["key"]]["fingerprint"] == fingerprint.strip():
        raise RuntimeError(f"that key is installed already as {s['key']}")
    kid = f"KEY-{_next(state, 'key'):04d}"
    state.keys[kid] = {"satellite": satellite_id, "fingerprint": fingerprint.strip(), "installed": TODAY}
    s["key"] = kid
    return UplinkKey(key_id=kid, satellite_id=satellite_id, fingerprint=fingerprint.strip(), installed=TODAY)


# --------------------------------------------------------------------------- passes and contacts


@desk(FLIGHT_DYNAMICS, SCHEDULER)
def predict_passes(state: State, token: str, satellite_id: str, station_code: str, day: str) -> list[list[Any]]:
    """Predicts a satellite's passes over a station on a day (flight dynamics or the scheduler), from its orbit on
    file.

    Parameters
    ----------
    token : str
        The session token (flight dynamics or scheduler).
    satellite_id : str
        The satellite.
    station_code : str
        The station.
    day : str
        The day, YYYY-MM-DD.

    Returns
    -------
    list of rows
        [pass id, acquisition of signal, loss of signal, maximum elevation in degrees, minutes], in time order.
    """
    s = _get(state.satellites, satellite_id, "satellite")
    if not isinstance(station_code, str) or station_code not in STATION:
        raise LookupError(f"no station {station_code}")
    when = _date(day, "day")
    if not 0 <= _days(TODAY, when) <= PREDICT_DAYS:
        raise ValueError(f"passes are predicted from today to {PREDICT_DAYS} days ahead")
    if s["epoch"] is None:
        raise ValueError(f"{satellite_id} has no orbit on file")
    if _days(s["epoch"], when) > ORBIT_DAYS:
        raise ValueError(f"{satellite_id}'s orbit (epoch {s['epoch']}) is over {ORBIT_DAYS} days older than {when}")
    key = f"{satellite_id}/{station_code}/{when}"
    if key not in state.predicted:
        ids = []
        for aos, los, elevation, minutes in _passes(s["norad"], station_code, when):
            if when == TODAY and aos <= NOW:
                continue
            pid = f"PS-{_next(state, 'pass')}"
            state.passes[pid] = {"satellite": satellite_id, "station": station_code, "day": when, "aos": aos,
                                 "los": los, "elevation": elevation, "minutes": minutes, "contact": None}
            ids.append(pid)
        state.predicted[key] = ids
    return [[pid, state.passes[pid]["aos"], state.passes[pid]["los"], state.passes[pid]["elevation"],
             state.passes[pid]["minutes"]] for pid in state.predicted[key]]


@desk(SCHEDULER)
def book_contact(state: State, token: str, pass_id: str, purpose: Purpose, band: str) -> Contact:
    """Books a contact on a predicted pass (the scheduler): the station must be operational, the satellite
    authorised in the band in the station's country, the account off hold with credit for the contact, and a command
    contact needs the satellite's uplink key installed.

    Parameters
    ----------
    token : str
        The session token (scheduler).
    pass_id : str
        The pass.
    purpose : {'telemetry', 'payload_download', 'command'}
        What the contact is for.
    band : str
        The band it is worked in.

    Returns
    -------
    Contact
        Scheduled, its cost taken from the account's credit.
    """
    p = _get(state.passes, pass_id, "pass")
    if purpose not in ("telemetry", "payload_download", "command"):
        raise ValueError("purpose is telemetry, payload_download or command")
    if not isinstance(band, str) or band not in BAND:
        raise LookupError(f"no band {band}")
    if p["contact"] is not None:
        raise RuntimeError(f"{pass_id} is booked already as {p['contact']}")
    station = STATION[p["station"]]
    if band not in station[3]:
        raise ValueError(f"{p['station']} works {', '.join(station[3])} band, not {band}")
    if state.stations[p["station"]]["status"] != "operational":
        raise ValueError(f"{p['station']} is in maintenance")
    s = state.satellites[p["satellite"]]
    if not any(f["satellite"] == p["satellite"] and f["band"] == band and f["country"] == station[2]
               and f["status"] == "approved" for f in state.authorisations.values()):
        raise ValueError(f"{p['satellite']} has no approved {band} band authorisation in {station[2]}")
    if purpose == "command":
        if BAND[band][2] is None:
            raise ValueError(f"{band} band carries no uplink; command in S or UHF band")
        if not s["key"]:
            raise ValueError(f"{p['satellite']} has no uplink key installed")
    a = state.accounts[s["account"]]
    if a["hold"]:
        raise ValueError(f"{s['account']} is on hold")
    cost = round(RATES[band] * max(p["minutes"], SHORTEST_CHARGE), 2)
    if a["credit"] < cost:
        raise ValueError(f"the contact costs {cost:,.2f} euros and {s['account']} has {a['credit']:,.2f} of credit")
    a["credit"] = round(a["credit"] - cost, 2)
    cid = f"CT-{_next(state, 'contact')}"
    state.contacts[cid] = {"pass": pass_id, "satellite": p["satellite"], "station": p["station"], "day": p["day"],
                           "aos": p["aos"], "los": p["los"], "band": band, "purpose": purpose, "cost": cost,
                           "status": "scheduled", "elevation": p["elevation"], "downlinked": None, "remarks": None,
                           "delivered": None}
    p["contact"] = cid
    return _contact(state, cid)


@desk()
def contacts(state: State, token: str, status: ContactStatus | None = None, station_code: str | None = None,
             satellite_id: str | None = None) -> list[Contact]:
    """The contacts, optionally in one status, at one station and of one satellite.

    Parameters
    ----------
    token : str
        The session token.
    status : {'scheduled', 'confirmed', 'executed', 'cancelled'}, optional
        Only these.
    station_code : str, optional
        Only this station's.
    satellite_id : str, optional
        Only this satellite's.

    Returns
    -------
    list of Contact
        In contact id order.
    """
    if status not in (None, "scheduled", "confirmed", "executed", "cancelled"):
        raise ValueError("status is scheduled, confirmed, executed or cancelled")
    if station_code is not None and (not isinstance(station_code, str) or station_code not in STATION):
        raise LookupError(f"no station {station_code}")
    if satellite_id is not None:
        _get(state.satellites, satellite_id, "satellite")
    return [_contact(state, cid) for cid, c in sorted(state.contacts.items())
            if (status is None or c["status"] == status) and (station_code is None or c["station"] == station_code)
            and (satellite_id is None or c["satellite"] == satellite_id)]


@desk(OPERATOR)
def confirm_contact(state: State, token: str, contact_id: str) -> Contact:
    """Confirms a scheduled contact at its station (a station operator); the station must be operational.

    Parameters
    ----------
    token : str
        The session token (operator).
    contact_id : str
        The contact.

    Returns
    -------
    Contact
        Confirmed.
    """
    c = _get(state.contacts, contact_id, "contact")
    if c["status"] != "scheduled":
        raise RuntimeError(f"{contact_id} is {c['status']}, not scheduled")
    if state.stations[c["station"]]["status"] != "operational":
        raise ValueError(f"{c['station']} is in maintenance")
    c["status"] = "confirmed"
    return _contact(state, contact_id)


@desk(OPERATOR)
def run_contact(state: State, token: str, contact_id: str, downlinked_mb: float, remarks: str | None = None) -> Contact:
    """Records a confirmed contact as run (a station operator), with what was downlinked.

    Parameters
    ----------
    token : str
        The session token (operator).
    contact_id : str
        The contact.
    downlinked_mb : float
        Megabytes downlinked.
    remarks : str, optional
        Anything of note.

    Returns
    -------
    Contact
        Executed.
    """
    c = _get(state.contacts, contact_id, "contact")
    if not _number(downlinked_mb) or downlinked_mb < 0:
        raise ValueError("downlinked_mb is a number of megabytes")
    if c["status"] != "confirmed":
        raise RuntimeError(f"{contact_id} is {c['status']}, not confirmed")
    c.update(status="executed", downlinked=float(downlinked_mb), remarks=remarks.strip() if remarks else None)
    return _contact(state, contact_id)


@desk(OPERATOR)
def uplink_commands(state: State, token: str, contact_id: str, key_id: str, command_file: str) -> str:
    """Uplinks a command file during a confirmed command contact (a station operator), encrypted under the
    satellite's installed key.

    Parameters
    ----------
    token : str
        The session token (operator).
    contact_id : str
        The contact, a command contact.
    key_id : str
        The satellite's uplink key.
    command_file : str
        The command file's name.

    Returns
    -------
    str
        A sentence saying what was uplinked.
    """
    c = _get(state.contacts, contact_id, "contact")
    key = _get(state.keys, key_id, "uplink key")
    if _blank(command_file):
        raise ValueError("command_file is required")
    if c["purpose"] != "command":
        raise ValueError(f"{contact_id} is a {c['purpose'].replace('_', ' ')} contact, not a command contact")
    if c["status"] != "confirmed":
        raise RuntimeError(f"{contact_id} is {c['status']}, not confirmed")
    s = state.satellites[c["satellite"]]
    if key["satellite"] != c["satellite"] or s["key"] != key_id:
        raise ValueError(f"{key_id} is not {c['satellite']}'s installed key")
    state.uplinks.append([contact_id, key_id, command_file.strip()])
    return f"{command_file.strip()} uplinked to {s['name']} ({c['satellite']}) on {contact_id} under {key_id}."


@desk(SCHEDULER)
def cancel_contact(state: State, token: str, contact_id: str, reason: str) -> str:
    """Cancels a scheduled or confirmed contact (the scheduler) and refunds its cost to the account's credit.

    Parameters
    ----------
    token : str
        The session token (scheduler).
    contact_id : str
        The contact.
    reason : str
        Why.

    Returns
    -------
    str
        A sentence saying so.
    """
    c = _get(state.contacts, contact_id, "contact")
    if _blank(reason):
        raise ValueError("reason is required")
    if c["status"] not in ("scheduled", "confirmed"):
        raise RuntimeError(f"{contact_id} is {c['status']}")
    c["status"] = "cancelled"
    account = state.satellites[c["satellite"]]["account"]
    state.accounts[account]["credit"] = round(state.accounts[account]["credit"] + c["cost"], 2)
    if c["pass"]:
        state.passes[c["pass"]]["contact"] = None
    return f"{contact_id} cancelled ({reason.strip()}); {c['cost']:,.2f} euros back to {account}'s credit."


@desk()
def contact_report(state: State, token: str, contact_id: str) -> ContactReport:
    """The report of a contact that has been run.

    Parameters
    ----------
    token : str
        The session token.
    contact_id : str
        The contact.

    Returns
    -------
    ContactReport
        What was downlinked, the pass's maximum elevation and the operator's remarks.
    """
    c = _get(state.contacts, contact_id, "contact")
    if c["status"] != "executed":
        raise RuntimeError(f"{contact_id} is {c['status']}; it has no report until it is run")
    return ContactReport(contact_id=contact_id, station_code=c["station"], satellite_id=c["satellite"],
                         downlinked_mb=c["downlinked"], max_elevation_deg=c["elevation"], remarks=c["remarks"])


# --------------------------------------------------------------------------- delivery


@desk(SALES)
def add_delivery_endpoint(state: State, token: str, account_id: str, url: str, protocol: Protocol) -> Endpoint:
    """Adds a data delivery endpoint to a cleared account (sales); it takes data once verified with the challenge
    this reply gives, which the customer places at the endpoint.

    Parameters
    ----------
    token : str
        The session token (sales).
    account_id : str
        The account.
    url : str
        Where the data goes.
    protocol : {'sftp', 's3', 'https'}
        How.

    Returns
    -------
    Endpoint
        Unverified, with its challenge.
    """
    a = _get(state.accounts, account_id, "account")
    if protocol not in ("sftp", "s3", "https") or _blank(url) or not url.strip().startswith(f"{protocol}://"):
        raise ValueError("protocol is sftp, s3 or https, and url starts with it (sftp://...)")
    if a["screening"] != "cleared":
        raise ValueError(f"{account_id} is not cleared by security")
    for eid, e in state.endpoints.items():
        if e["url"] == url.strip():
            raise RuntimeError(f"{url.strip()} is endpoint {eid} already")
    eid = f"EP-{_next(state, 'endpoint')}"
    challenge = f"tgn-verify-{abs(_hash_text(eid + url.strip())):08x}"[:19]
    state.endpoints[eid] = {"account": account_id, "url": url.strip(), "protocol": protocol, "challenge": challenge,
                            "verified": False}
    return Endpoint(endpoint_id=eid, account_id=account_id, url=url.strip(), protocol=protocol, challenge=challenge,
                    verified=False)


def _hash_text(text: str) -> int:
    """A stable 32-bit hash of a text (Python's own ``hash`` changes between runs)."""
    n = 2166136261
    for ch in text.encode():
        n = ((n ^ ch) * 16777619) % 2 ** 32
    return n


@desk()
def endpoints(state: State, token: str, account_id: str) -> list[list[Any]]:
    """An account's data delivery endpoints.

    Parameters
    ----------
    token : str
        The session token.
    account_id : str
        The account.

    Returns
    -------
    list of rows
        [endpoint id, url, protocol, verified, challenge].
    """
    _get(state.accounts, account_id, "account")
    return [[eid, e["url"], e["protocol"], e["verified"], e["challenge"]] for eid, e in sorted(state.endpoints.items())
            if e["account"] == account_id]


@desk(SALES, OPERATOR)
def verify_endpoint(state: State, token: str, endpoint_id: str, challenge: str) -> Endpoint:
    """Verifies a delivery endpoint (sales or an operator): the network reads the challenge back from it.

    Parameters
    ----------
    token : str
        The session token (sales or operator).
    endpoint_id : str
        The endpoint.
    challenge : str
        The challenge found at the endpoint.

    Returns
    -------
    Endpoint
        Verified.
    """
    e = _get(state.endpoints, endpoint_id, "endpoint")
    if e["verified"]:
        raise RuntimeError(f"{endpoint_id} is verified already")
    if challenge != e["challenge"]:
        raise ValueError(f"the challenge read from {endpoint_id} does not match")
    e["verified"] = True
    return Endpoint(endpoint_id=endpoint_id, account_id=e["account"], url=e["url"], protocol=e["protocol"],
                    challenge=e["challenge"], verified=True)


@desk(OPERATOR)
def deliver_data(state: State, token: str, contact_id: str, endpoint_id: str) -> Delivery:
    """Delivers a run contact's downlinked data to a verified endpoint of the satellite's account (a station
    operator).

    Parameters
    ----------
    token : str
        The session token (operator).
    contact_id : str
        The contact.
    endpoint_id : str
        The endpoint.

    Returns
    -------
    Delivery
        What went where.
    """
    c = _get(state.contacts, contact_id, "contact")
    e = _get(state.endpoints, endpoint_id, "endpoint")
    if c["status"] != "executed":
        raise RuntimeError(f"{contact_id} is {c['status']}; data is delivered once it is run")
    if c["delivered"]:
        raise RuntimeError(f"{contact_id}'s data is delivered already ({c['delivered']})")
    account = state.satellites[c["satellite"]]["account"]
    if e["account"] != account:
        raise ValueError(f"{endpoint_id} is not {account}'s")
    if not e["verified"]:
        raise ValueError(f"{endpoint_id} is not verified")
    did = f"DL-{_next(state, 'delivery')}"
    state.deliveries[did] = {"contact": contact_id, "endpoint": endpoint_id}
    c["delivered"] = did
    return Delivery(delivery_id=did, contact_id=contact_id, endpoint_id=endpoint_id, url=e["url"],
                    megabytes=c["downlinked"], delivered=f"{TODAY} {NOW}")


# --------------------------------------------------------------------------- stations


@desk(OPERATOR)
def record_calibration(state: State, token: str, station_code: str, g_over_t_db: float,
                       eirp_dbw: float) -> Calibration:
    """Records a station's calibration (a station operator): its figure of merit and its radiated power.

    Parameters
    ----------
    token : str
        The session token (operator).
    station_code : str
        The station.
    g_over_t_db : float
        G/T, dB/K.
    eirp_dbw : float
        EIRP, dBW.

    Returns
    -------
    Calibration
        The calibration on record.
    """
    if not isinstance(station_code, str) or station_code not in STATION:
        raise LookupError(f"no station {station_code}")
    if not _number(g_over_t_db) or not _number(eirp_dbw):
        raise ValueError("g_over_t_db and eirp_dbw are numbers")
    if not GT_LIMITS[0] <= g_over_t_db <= GT_LIMITS[1] or not EIRP_LIMITS[0] <= eirp_dbw <= EIRP_LIMITS[1]:
        raise ValueError(f"a station passes calibration with G/T of {GT_LIMITS[0]} to {GT_LIMITS[1]} dB/K and EIRP "
                         f"of {EIRP_LIMITS[0]} to {EIRP_LIMITS[1]} dBW")
    cid = f"CAL-{_next(state, 'calibration'):04d}"
    state.calibrations[cid] = {"station": station_code, "gt": float(g_over_t_db), "eirp": float(eirp_dbw)}
    state.stations[station_code]["calibrated"] = TODAY
    state.stations[station_code]["calibrated_now"] = True
    return Calibration(calibration_id=cid, station_code=station_code, g_over_t_db=float(g_over_t_db),
                       eirp_dbw=float(eirp_dbw), recorded=f"{TODAY} {NOW}")


@desk(OPERATOR)
def set_station_status(state: State, token: str, station_code: str, status: StationStatus, note: str) -> Station:
    """Takes a station into maintenance or back into operation (a station operator); a station returns to operation
    only with a calibration recorded since its maintenance began.

    Parameters
    ----------
    token : str
        The session token (operator).
    station_code : str
        The station.
    status : {'operational', 'maintenance'}
        The new status.
    note : str
        Why, or what was done.

    Returns
    -------
    Station
        The station.
    """
    if not isinstance(station_code, str) or station_code not in STATION:
        raise LookupError(f"no station {station_code}")
    if status not in ("operational", "maintenance") or _blank(note):
        raise ValueError("status is operational or maintenance, and a note is required")
    s = state.stations[station_code]
    if s["status"] == status:
        raise RuntimeError(f"{station_code} is {status} already")
    if status == "operational" and not s.get("calibrated_now"):
        raise ValueError(f"{station_code} has no calibration recorded since its maintenance began on "
                         f"{s['maintenance_since']}")
    s["status"] = status
    s["note"] = note.strip()
    if status == "maintenance":
        s["maintenance_since"] = TODAY
        s["calibrated_now"] = False
    return _station(state, station_code)


@desk()
def station_schedule(state: State, token: str, station_code: str, day: str) -> list[list[Any]]:
    """A station's contacts on a day.

    Parameters
    ----------
    token : str
        The session token.
    station_code : str
        The station.
    day : str
        The day, YYYY-MM-DD.

    Returns
    -------
    list of rows
        [contact id, satellite id, satellite, aos, los, purpose, status], in time order.
    """
    if not isinstance(station_code, str) or station_code not in STATION:
        raise LookupError(f"no station {station_code}")
    when = _date(day, "day")
    rows = [[cid, c["satellite"], state.satellites[c["satellite"]]["name"], c["aos"], c["los"], c["purpose"],
             c["status"]] for cid, c in state.contacts.items() if c["station"] == station_code and c["day"] == when]
    return sorted(rows, key=lambda r: (r[3], r[0]))


TOOLS = [
    sign_in, sign_out, stations, frequency_bands, find_account, open_account, account_detail, upload_document,
    screen_account, set_account_hold, invoices, add_credit, record_payment, register_satellite, satellites,
    satellite_detail, upload_tle, file_authorisation, authorisations, approve_authorisation, install_uplink_key,
    predict_passes, book_contact, contacts, confirm_contact, run_contact, uplink_commands, cancel_contact,
    contact_report, add_delivery_endpoint, endpoints, verify_endpoint, deliver_data, record_calibration,
    set_station_status, station_schedule,
]

FIXTURES = {
    "network": "Tessellate Ground Networks Ltd, network operations centre, Harbour Quay, Tromlow",
    "today": "Tuesday 30 November 2055, 14:00 UTC",
    "staff": [
        {"name": "Ravenna Sobczak", "role": "sales", "username": "ravenna.s", "password": "Quota-Pipeline-46"},
        {"name": "Lysandra Knatchbull", "role": "security", "username": "lysandra.k",
         "password": "Embargo-Check-29"},
        {"name": "Taliesin Rautenbach-Nye", "role": "spectrum officer", "username": "taliesin.a",
         "password": "Filing-Band-63"},
        {"name": "Struan Mbatha", "role": "flight dynamics", "username": "struan.m", "password": "Kepler-Epoch-71"},
        {"name": "Casimira Dunleavy", "role": "scheduler", "username": "casimira.d", "password": "Slot-Horizon-38"},
        {"name": "Torvald Heathcote", "role": "station operator", "username": "torvald.h",
         "password": "Dish-Slew-52"},
        {"name": "Bettany Ramsbottom-Ash", "role": "billing", "username": "bettany.r", "password": "Ledger-Credit-17"},
        {"name": "Zsofia Valcourt", "role": "director", "username": "zsofia.v", "password": "Network-Chief-90"},
    ],
    "new_customer": {
        "company": "Thistleby Earth Observation GmbH", "country": "DE", "email": "missionops@thistleby-eo.example",
        "plan": "committed", "end-user statement": "EUS-TEO-1107 of 7 November 2055",
        "satellite": "THISTLEBY-1, NORAD 62440, 128.5 kg",
        "elements": ["1 62440U 55047C   55333.81770833  .00001425  00000-0  71204-4 0  9993",
                     "2 62440  97.6012  38.9174 0001302  88.1275 272.0039 15.11884092 11736"],
        "licence": "IS-PTA 2055/201 of 18 November 2055, S band from Iceland",
        "credit": "800 euros, paid by bank transfer", "first contact": "telemetry on its first pass over Skarsvik "
        "tomorrow", "delivery": "sftp://ingest.thistleby-eo.example/tgn",
    },
    "notes": [
        "Kuikkasat has paid October's overdue invoice by bank transfer: take the account off hold; KUIKKA-1's new "
        "elements are 1 61877U 54031A   55334.39201427  .00001425  00000-0  71204-4 0  9990 / 2 61877  97.4821  "
        "41.2210 0001187  93.4410 266.8112 15.19021433 44126; book a payload download on its second pass over Punta "
        "Gaviota tomorrow, S band",
        "Marlinspike Orbital's licence ZA-ICASA 2055/0771-L of 25 November 2055 has come for MARLIN-2's X band "
        "filing in South Africa; its 200 euro credit invoice is paid by card; book a payload download on its first "
        "pass over Karoobult tomorrow",
        "Tindrum Aerospace's end-user statement EUS-TA-1121 of 21 November 2055: file it and screen the account; "
        "then register TINDRUM-PATHFINDER, NORAD 62518, 22.4 kg",
        "BOREALIS-4's uplink key: SHA256:4fTq8LmZ2xWc9RvB7nKp1YdH6sGj3UeA0oNi5QtXbVw; book a command contact on its "
        "last pass over Skarsvik tomorrow, S band, and uplink B4-SAFEMODE-EXIT-0455.cmd",
        "BOREALIS-3's key is rotated to SHA256:Ru2Wk7Hc9Pz3Lm5Qx8Vb1Nd4Tg6Js0Ye2Ao7Fi9Ek3C; tonight's command "
        "contact uplinks B3-ORBIT-TRIM-0456.cmd",
        "Tewharau's feed horn is replaced: calibration G/T 14.2 dB/K, EIRP 47.5 dBW; back into operation and confirm "
        "its contact this evening",
        "Skarsvik's telemetry pass this afternoon downlinked 412.7 MB, a clean pass; send BOREALIS-3's morning "
        "download to Borealis's sftp endpoint; the s3 archive endpoint's challenge is in place",
        "Borealis wants tomorrow morning's BOREALIS-4 telemetry contact cancelled: the satellite is in safe mode",
        "KUIKKA-1 is also to be filed for S band from Canada: ISED 2055-SR-0412",
    ],
}

# --------------------------------------------------------------------------- the designed prerequisites

_TOKEN = "auth: session token (token of sign_in)"
PUBLIC = ("sign_in", "stations", "frequency_bands")
TOKEN_CONSUMERS = [t.__name__ for t in TOOLS if t.__name__ not in PUBLIC]
ACCOUNT_CONSUMERS = ["account_detail", "upload_document", "screen_account", "add_credit", "register_satellite",
                     "add_delivery_endpoint"]
FOUND_ACCOUNT_CONSUMERS = ["endpoints", "invoices", "set_account_hold"]
SATELLITE_CONSUMERS = ["satellite_detail", "upload_tle", "file_authorisation", "install_uplink_key", "predict_passes"]
NEW_CONTACT_CONSUMERS = ["confirm_contact", "cancel_contact"]
CONTACT_CONSUMERS = ["run_contact", "deliver_data", "contact_report", "uplink_commands"]
STATION_CONSUMERS = ["predict_passes", "set_station_status", "record_calibration", "station_schedule",
                     "file_authorisation"]
_ACCOUNT = "id lookup/create: account (account_id of a find_account entry, or of open_account's account)"
_FOUND_ACCOUNT = "id lookup: account (account_id of a find_account entry)"
_SATELLITE = ("id lookup/create: satellite (satellite_id of a satellites entry, or of register_satellite's "
              "satellite)")
_NEW_CONTACT = "id lookup/create: contact (contact_id of book_contact's contact, or of a contacts entry)"
_CONTACT = "id lookup: contact (contact_id of a contacts entry)"
_STATION = "vocabulary: the station codes (the first column of a stations row; its country, the third)"

GROUND_TRUTH = (
    [("sign_in", c, _TOKEN) for c in TOKEN_CONSUMERS]
    + [("find_account|open_account", c, _ACCOUNT) for c in ACCOUNT_CONSUMERS]
    + [("find_account", c, _FOUND_ACCOUNT) for c in FOUND_ACCOUNT_CONSUMERS]
    + [("satellites|register_satellite", c, _SATELLITE) for c in SATELLITE_CONSUMERS]
    + [("book_contact|contacts", c, _NEW_CONTACT) for c in NEW_CONTACT_CONSUMERS]
    + [("contacts", c, _CONTACT) for c in CONTACT_CONSUMERS]
    + [("stations", c, _STATION) for c in STATION_CONSUMERS]
    + [
        ("predict_passes", "book_contact", "id create: pass (the first column of a predict_passes row)"),
        ("file_authorisation|authorisations", "approve_authorisation", "id lookup/create: authorisation "
         "(authorisation_id of file_authorisation's authorisation, or of an authorisations entry)"),
        ("add_credit|invoices", "record_payment", "id lookup/create: invoice (invoice_id of add_credit's invoice, "
         "or of an invoices entry)"),
        ("add_delivery_endpoint|endpoints", "verify_endpoint", "id lookup/create: endpoint and its challenge "
         "(endpoint_id and challenge of add_delivery_endpoint's endpoint, or the first and fifth columns of one "
         "endpoints row)"),
        ("add_delivery_endpoint|endpoints", "deliver_data", "id lookup/create: endpoint (endpoint_id of "
         "add_delivery_endpoint's endpoint, or the first column of an endpoints row)"),
        ("install_uplink_key", "uplink_commands", "id create: uplink key (key_id of install_uplink_key)"),
        ("frequency_bands", "file_authorisation", "vocabulary: the band codes (the first column of a "
         "frequency_bands row)"),
        ("frequency_bands", "book_contact", "vocabulary: the band codes (the first column of a frequency_bands "
         "row)"),
        ("upload_document", "screen_account", "document: the account's end-user statement on file"),
        ("upload_document", "approve_authorisation", "document: the satellite's spectrum licence on file"),
        ("screen_account", "register_satellite", "vetting: the account cleared under export controls"),
        ("screen_account", "add_credit", "vetting: the account cleared under export controls"),
        ("screen_account", "add_delivery_endpoint", "vetting: the account cleared under export controls"),
        ("verify_endpoint", "deliver_data", "vetting: the endpoint verified"),
        ("approve_authorisation", "book_contact", "approval: the satellite authorised in the band in the "
         "station's country"),
        ("record_payment", "book_contact", "payment: the account's credit paid for"),
        ("record_payment", "set_account_hold", "payment: the account's overdue invoice paid"),
        ("install_uplink_key", "book_contact", "setting: a command contact's uplink key installed"),
        ("set_station_status", "book_contact", "setting: the station operational"),
        ("set_station_status", "confirm_contact", "setting: the station operational"),
        ("set_account_hold", "book_contact", "setting: the account off hold"),
        ("upload_tle", "predict_passes", "state: an orbit on file, fresh enough for the day"),
        ("confirm_contact", "run_contact", "state: the contact confirmed"),
        ("confirm_contact", "uplink_commands", "state: the command contact confirmed"),
        ("run_contact", "deliver_data", "state: the contact run"),
        ("run_contact", "contact_report", "state: the contact run"),
        ("record_calibration", "set_station_status", "state: a calibration since the station's maintenance began"),
    ]
)

_DESIGNED = {(p, c) for ps, c, _ in GROUND_TRUTH for p in ps.split("|")}

# Real, direct prerequisites that are not designed (see README.md): a reply that shows an id, a code or a key to
# someone who did not give it, paired with each call that takes it and can accept one it shows: the accounts of
# invoices and satellites (cleared accounts, so not for screening), a new account's own reader calls, the satellites
# of authorisations, contacts, a station's schedule and an account's record, the stations and bands of contacts,
# authorisations and the station list, the contacts of a satellite's record and a station's schedule, a new contact's
# own calls, the authorisations, invoices and endpoints a record lists, and the uplink key a satellite shows.
_ACCOUNT_TAKERS = ACCOUNT_CONSUMERS + FOUND_ACCOUNT_CONSUMERS + ["satellites"]
_SATELLITE_TAKERS = SATELLITE_CONSUMERS + ["upload_document", "authorisations", "contacts"]
_STATION_TAKERS = STATION_CONSUMERS + ["contacts"]
_CONTACT_TAKERS = NEW_CONTACT_CONSUMERS + CONTACT_CONSUMERS
PLAUSIBLE = (
    {(r, c) for r in ("invoices", "satellites", "satellite_detail") for c in _ACCOUNT_TAKERS
     if r != c and c != "screen_account"}
    | {("find_account", "satellites")} | {("open_account", c) for c in _ACCOUNT_TAKERS}
    | {(r, c) for r in ("satellites", "register_satellite", "authorisations", "contacts", "station_schedule",
                        "account_detail") for c in _SATELLITE_TAKERS if r != c}
    | {(r, c) for r in ("stations", "contacts", "satellite_detail") for c in _STATION_TAKERS if r != c}
    | {(r, c) for r in ("stations", "authorisations", "contacts") for c in ("file_authorisation", "book_contact")}
    | {(r, c) for r in ("book_contact", "station_schedule", "satellite_detail") for c in _CONTACT_TAKERS}
    | {("satellite_detail", "approve_authorisation"), ("account_detail", "record_payment"),
       ("account_detail", "deliver_data"), ("satellites", "uplink_commands"), ("satellite_detail", "uplink_commands")}
) - _DESIGNED
