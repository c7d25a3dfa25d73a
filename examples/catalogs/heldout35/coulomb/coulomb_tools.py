"""Coulomb: the network operations console of Amberline Charging, an electric vehicle charging network (38 calls).

Sync resolvers of the console's GraphQL API over an in-memory ``State`` of the network on Wednesday 14 June 2034 at
09:00. Amberline runs public charge points at host sites around Wexcombe: leisure centres, retail parks, a pub and the
station car park. Customer support looks after the drivers who charge on a pay-as-you-go account: finds and registers
them, changes their details, writes to them, records their payment card, issues, activates, blocks and unblocks their
RFID charge cards, reserves connectors, starts and stops sessions remotely, reads a live session's meter and unlocks a
connector a cable is stuck in. The network operations centre (NOC) installs charge points at sites, sets connectors
operative or inoperative, resets charge points, schedules firmware, logs faults and dispatches them to the field
engineer covering the site's region. Field engineers commission new charge points and resolve faults. Billing sets the
tariffs on charge points (as the NOC may) and refunds sessions. The manager may do everything and alone adds sites and
decommissions charge points. The public tariff list needs no sign-in.

Every tool is a plain ``def`` wrapped by ``resolver(field, *roles)`` (``functools.wraps``), which checks the session
token and the role before the resolver runs and shapes what it answers as a GraphQL response does: ``{"data":
{"startSession": {...}}}`` on success, and on a refusal ``{"data": null, "errors": [{"message": "connector 2 of CP-3103
is inoperative", "path": ["startSession"], "extensions": {"code": "CONNECTOR_UNAVAILABLE"}}]}`` (the resolvers raise the
module's ``GraphQLError``, which the decorator turns into the errors list, as a GraphQL server's executor does). None of
the runtime's common conventions reads such a document as a refusal (it has no ``error``, ``success``, ``ok`` or error
``status``), so the module declares ``FAILURE`` (``graphql_errors``: a response whose ``errors`` list is not empty; it
answers the first error's code and message). Replies are plain dicts under ``data``, with rows nested as lists of lists
(a charge point's connectors and open faults, a driver's cards and sessions, a model's firmware releases); bare values
answer a live meter reading (kWh so far) and an unlock (the charge point's status word); sentences with an id in them
answer a message, a reset, a decommissioning, a reservation cancelled and a sign-out. ``from __future__ import
annotations`` with PEP 604 (``str | None``, ``list[str]``), a plain ``Enum`` input (``OcppError``, the OCPP 1.6 error
codes a charge point reports), two ``str`` ``Enum`` filters (``PointStatus``, ``FaultStatus``), ``Literal`` inputs
(region, card brand, reset kind, the engineer's fix) and ``Literal`` filters (session status, region). Google
docstrings. Ids look alike: driver ``DR-5110``, card ``CD-7010``, site ``ST-210``, charge point ``CP-3110``, fault
``FT-610``, session ``SE-9010``, reservation ``RS-410``, refund ``RN-810``, message ``MS-4410``, engineer ``EN-4``. The
words a card may be blocked for, which blocked cards may be unblocked, that an engineer is sent only to sites in their
region, that an AC tariff goes only on an AC charger and that firmware is never downgraded are stated only in errors.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as provider means either
tool satisfies it, and the text of ``what`` before its first ``:`` is the kind.
"""

from __future__ import annotations

import functools
import inspect
from enum import Enum
from typing import Any, Literal

TODAY = "2034-06-14"  # a Wednesday
NOW = "09:00"


class OcppError(Enum):
    CONNECTOR_LOCK_FAILURE = "ConnectorLockFailure"
    EV_COMMUNICATION_ERROR = "EVCommunicationError"
    GROUND_FAILURE = "GroundFailure"
    HIGH_TEMPERATURE = "HighTemperature"
    INTERNAL_ERROR = "InternalError"
    OVER_CURRENT_FAILURE = "OverCurrentFailure"
    POWER_METER_FAILURE = "PowerMeterFailure"
    READER_FAILURE = "ReaderFailure"
    UNDER_VOLTAGE = "UnderVoltage"
    OTHER_ERROR = "OtherError"


class PointStatus(str, Enum):
    INSTALLED = "installed"
    COMMISSIONED = "commissioned"
    LIVE = "live"
    DECOMMISSIONED = "decommissioned"


class FaultStatus(str, Enum):
    OPEN = "open"
    ASSIGNED = "assigned"
    RESOLVED = "resolved"


Region = Literal["north", "south"]
Brand = Literal["visa", "mastercard", "amex"]
ResetKind = Literal["soft", "hard"]
Fix = Literal["part_replaced", "cable_replaced", "reset", "firmware", "no_fault_found"]
SessionStatus = Literal["charging", "completed"]

TARIFFS = {  # code -> name, current, price per kWh, connection fee, idle fee per minute after 15 minutes
    "AC-STD": ("Standard AC", "AC", 0.55, 0.0, 0.0),
    "DC-RAPID": ("Rapid DC", "DC", 0.72, 0.0, 0.50),
    "DC-ULTRA": ("Ultra-rapid DC", "DC", 0.79, 0.0, 0.50),
    "HOST-AC": ("Host staff AC", "AC", 0.35, 0.0, 0.0),
}
MODELS = {  # model -> current, connectors as (standard, kW), firmware releases as (version, released, status, notes)
    "Alto AC22": ("AC", [("Type 2", 22), ("Type 2", 22)],
                  [("4.1.8", "2033-09-02", "stable", "RFID reader timeout fix"),
                   ("4.2.1", "2034-01-20", "stable", "OCPP 1.6 security profile 2"),
                   ("4.3.0", "2034-05-30", "stable", "Load balancing between sockets")]),
    "Pulsar DC50": ("DC", [("CCS2", 50), ("CHAdeMO", 50)],
                    [("2.8.4", "2033-06-11", "stable", "Cable temperature derating"),
                     ("2.9.0", "2034-02-14", "stable", "Payment terminal driver update")]),
    "Pulsar DC150": ("DC", [("CCS2", 150), ("CHAdeMO", 50)],
                     [("3.0.1", "2033-11-05", "stable", "Power module sharing"),
                      ("3.1.0", "2034-04-22", "stable", "Faster plug-and-charge handshake")]),
}
BLOCK_REASONS = ("lost", "stolen", "damaged", "fraud", "arrears")
UNBLOCKABLE = ("lost", "arrears")
ROLE_NAMES = {"support": "customer support", "noc": "the network operations centre", "engineer": "field engineers",
              "billing": "billing", "manager": "the manager"}
SESSION_MINUTES = 40  # a session stopped from the console has run 40 minutes in this sandbox


# --------------------------------------------------------------------------- refusals


class GraphQLError(Exception):
    """A resolver's refusal; ``resolver`` turns it into the response's ``errors`` list."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def graphql_errors(reply: Any) -> bool | str:
    """A reply is a refusal when it is a GraphQL response with errors: the first error's code and message."""
    if isinstance(reply, dict) and isinstance(reply.get("errors"), list) and reply["errors"]:
        first = reply["errors"][0] if isinstance(reply["errors"][0], dict) else {}
        code = (first.get("extensions") or {}).get("code", "ERROR")
        return f"{code}: {first.get('message')}"
    return False


FAILURE = graphql_errors


# --------------------------------------------------------------------------- state


class State:
    """Amberline Charging's network on Wednesday 14 June 2034 at 09:00."""

    def __init__(self) -> None:
        self.staff = {
            "amira.h": {"name": "Amira Haddad", "password": "Type2-Socket-8", "role": "support", "engineer": None},
            "joel.p": {"name": "Joel Pearce", "password": "Plug-And-Go-51", "role": "support", "engineer": None},
            "priya.n": {"name": "Priya Nair", "password": "Heartbeat-300s", "role": "noc", "engineer": None},
            "kit.m": {"name": "Kit Morgan", "password": "Contactor-K2", "role": "engineer", "engineer": "EN-4"},
            "owen.d": {"name": "Owen Davies", "password": "Earth-Rod-16", "role": "engineer", "engineer": "EN-6"},
            "sara.l": {"name": "Sara Lindgren", "password": "Kilowatt-Hour-72", "role": "billing", "engineer": None},
            "dominic.f": {"name": "Dominic Fry", "password": "Amberline-2029", "role": "manager", "engineer": None},
        }
        self.tokens: dict[str, dict] = {}
        self.sites = {
            "ST-201": {"name": "Wexcombe Leisure Centre car park", "address": "Park Road", "town": "Wexcombe",
                       "postcode": "WX1 4PR", "region": "north", "host": "Wexcombe Leisure Trust, Ms Jo Brandt",
                       "host_phone": "01632 940201"},
            "ST-202": {"name": "Mill Road Retail Park", "address": "Mill Road", "town": "Wexcombe",
                       "postcode": "WX3 8MR", "region": "south", "host": "Mill Road Estates, Mr Ian Cole",
                       "host_phone": "01632 940202"},
            "ST-203": {"name": "The Drovers Arms", "address": "High Street, Ashby Parva", "town": "Ashby Parva",
                       "postcode": "WX9 2HS", "region": "north", "host": "Mrs Nell Drover, licensee",
                       "host_phone": "01632 940203"},
            "ST-204": {"name": "Wexcombe Station car park", "address": "Station Approach", "town": "Wexcombe",
                       "postcode": "WX2 1SA", "region": "south", "host": "Wexcombe Rail Parking, duty manager",
                       "host_phone": "01632 940204"},
        }

        def point(site, model, serial, status, tariff, firmware, connectors):
            return {"site": site, "model": model, "serial": serial, "status": status, "tariff": tariff,
                    "firmware": firmware, "connectors": connectors}

        self.points = {
            "CP-3101": point("ST-201", "Alto AC22", "ALT-22-08813", "live", "AC-STD", "4.2.1",
                             {1: "Available", 2: "Faulted"}),
            "CP-3102": point("ST-202", "Pulsar DC150", "PLS-150-0427", "live", "DC-ULTRA", "3.0.1",
                             {1: "Charging", 2: "Faulted"}),
            "CP-3103": point("ST-202", "Pulsar DC50", "PLS-50-1190", "live", "DC-RAPID", "2.8.4",
                             {1: "Available", 2: "Unavailable"}),
            "CP-3104": point("ST-203", "Alto AC22", "ALT-22-09120", "installed", None, "4.1.8",
                             {1: "Unavailable", 2: "Unavailable"}),
            "CP-3105": point("ST-204", "Alto AC22", "ALT-22-08977", "live", "AC-STD", "4.3.0",
                             {1: "Available", 2: "Available"}),
        }
        self.engineers = {
            "EN-4": {"name": "Kit Morgan", "region": "north", "mobile": "07700 900404"},
            "EN-6": {"name": "Owen Davies", "region": "south", "mobile": "07700 900406"},
            "EN-9": {"name": "Lucy Pryce", "region": "north", "mobile": "07700 900409"},
        }
        self.drivers = {
            "DR-5101": {"name": "Mr Tom Varga", "email": "tom.varga@example.net", "phone": "07700 955101",
                        "payment": {"brand": "visa", "last4": "4417", "expiry": "09/36"}},
            "DR-5102": {"name": "Ms Helen Ashby", "email": "helen.ashby@example.org", "phone": "07700 955102",
                        "payment": None},
            "DR-5103": {"name": "Mr Sam Okafor", "email": "sam.okafor@example.com", "phone": "07700 955103",
                        "payment": {"brand": "mastercard", "last4": "0051", "expiry": "02/35"}},
            "DR-5104": {"name": "Mrs Grace Lindqvist", "email": "grace.l@example.net", "phone": "07700 955104",
                        "payment": {"brand": "amex", "last4": "1009", "expiry": "11/35"}},
        }
        self.cards = {
            "CD-7001": {"driver": "DR-5101", "status": "active", "issued": "2033-04-02", "reason": None},
            "CD-7002": {"driver": "DR-5102", "status": "issued", "issued": "2034-06-09", "reason": None},
            "CD-7003": {"driver": "DR-5103", "status": "blocked", "issued": "2032-11-20", "reason": "lost"},
            "CD-7004": {"driver": "DR-5104", "status": "active", "issued": "2033-08-15", "reason": None},
        }
        self.sessions = {
            "SE-8995": {"point": "CP-3103", "connector": 1, "card": "CD-7001", "started": "2034-06-12 17:42",
                        "status": "completed", "kwh": 31.4, "cost": 22.61, "refunded": 0.0},
            "SE-9001": {"point": "CP-3102", "connector": 1, "card": "CD-7001", "started": "2034-06-14 08:41",
                        "status": "charging", "kwh": None, "cost": None, "refunded": 0.0},
        }
        self.faults = {
            "FT-601": {"point": "CP-3102", "connector": 2, "code": "GroundFailure",
                       "description": "CHAdeMO trips on plug-in; RCD reported", "status": "open", "engineer": None,
                       "logged": "2034-06-13 19:05", "fix": None},
            "FT-602": {"point": "CP-3101", "connector": 2, "code": "ConnectorLockFailure",
                       "description": "Socket shutter will not lock a cable", "status": "assigned",
                       "engineer": "EN-4", "logged": "2034-06-12 11:30", "fix": None},
        }
        self.reservations: dict[str, dict] = {}
        self.refunds: dict[str, dict] = {}
        self.firmware_jobs: list[list] = []
        self.messages: list[list] = []
        self.counters = {"token": 1, "driver": 5110, "card": 7010, "site": 210, "point": 3110, "fault": 610,
                         "session": 9010, "reservation": 410, "refund": 810, "message": 4410}


# --------------------------------------------------------------------------- helpers


def _session(state: State, token: Any, roles: tuple[str, ...]) -> dict:
    who = state.tokens.get(token) if isinstance(token, str) else None
    if who is None:
        raise GraphQLError("UNAUTHENTICATED", "not signed in, or the session has expired; sign in first")
    if roles and who["role"] not in roles and who["role"] != "manager":
        raise GraphQLError("FORBIDDEN", f"{who['name']} ({who['role']}) may not do this; it is for "
                                        f"{' or '.join(ROLE_NAMES[r] for r in roles)}")
    return who


def resolver(field: str, *roles: str, public: bool = False):
    """Wrap a resolver as the console's GraphQL layer runs it: check the session token (and, where roles are given,
    the role; the manager may do everything) unless the call is public, then answer ``{"data": {field: value}}``, or,
    when the resolver refuses (``GraphQLError``), ``{"data": None, "errors": [{"message", "path", "extensions":
    {"code"}}]}``."""

    def wrap(fn):
        sig = inspect.signature(fn)

        @functools.wraps(fn)
        def call(*args, **kwargs):
            try:
                if not public:
                    bound = sig.bind_partial(*args, **kwargs).arguments
                    _session(bound.get("state"), bound.get("token"), roles)
                return {"data": {field: fn(*args, **kwargs)}}
            except GraphQLError as exc:
                return {"data": None, "errors": [{"message": exc.message, "path": [field],
                                                  "extensions": {"code": exc.code}}]}

        return call

    return wrap


def _who(state: State, token: str) -> dict:
    return state.tokens[token]


def _next(state: State, kind: str) -> int:
    n = state.counters[kind]
    state.counters[kind] = n + 1
    return n


def _get(table: dict, key: Any, what: str) -> dict:
    row = table.get(key) if isinstance(key, str) else None
    if row is None:
        raise GraphQLError("NOT_FOUND", f"no {what} {key}")
    return row


def _text(value: Any, what: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise GraphQLError("BAD_USER_INPUT", f"{what} is required")
    return value.strip()


def _value(value: Any) -> Any:
    return value.value if isinstance(value, Enum) else value


def _connector(point: dict, cp_id: str, connector: Any) -> int:
    if isinstance(connector, bool) or not isinstance(connector, int) or connector not in point["connectors"]:
        raise GraphQLError("BAD_USER_INPUT", f"{cp_id} has connectors {', '.join(map(str, point['connectors']))}, "
                                             f"not {connector!r}")
    return connector


def _point_view(state: State, cp_id: str) -> dict:
    p = state.points[cp_id]
    standards = MODELS[p["model"]][1]
    return {"cpId": cp_id, "siteId": p["site"], "site": state.sites[p["site"]]["name"], "model": p["model"],
            "serial": p["serial"], "status": p["status"], "tariff": p["tariff"], "firmware": p["firmware"],
            "connectors": [[n, standards[n - 1][0], standards[n - 1][1], s]
                           for n, s in sorted(p["connectors"].items())],
            "openFaults": [[fid, f["connector"], f["code"], f["status"]] for fid, f in sorted(state.faults.items())
                           if f["point"] == cp_id and f["status"] != "resolved"]}


def _driver_view(state: State, did: str) -> dict:
    d = state.drivers[did]
    return {"driverId": did, "name": d["name"], "email": d["email"], "phone": d["phone"],
            "paymentMethod": None if d["payment"] is None else
            f"{d['payment']['brand']} ending {d['payment']['last4']}, expires {d['payment']['expiry']}"}


def _card_view(state: State, cid: str) -> dict:
    c = state.cards[cid]
    return {"cardId": cid, "driverId": c["driver"], "status": c["status"], "issued": c["issued"],
            "blockedFor": c["reason"]}


def _session_view(state: State, sid: str) -> dict:
    s = state.sessions[sid]
    return {"sessionId": sid, "cpId": s["point"], "connector": s["connector"], "cardId": s["card"],
            "driverId": state.cards[s["card"]]["driver"], "started": s["started"], "status": s["status"],
            "kWh": s["kwh"], "cost": s["cost"], "refunded": s["refunded"]}


def _fault_view(state: State, fid: str) -> dict:
    f = state.faults[fid]
    return {"faultId": fid, "cpId": f["point"], "site": state.sites[state.points[f["point"]]["site"]]["name"],
            "connector": f["connector"], "code": f["code"], "description": f["description"], "status": f["status"],
            "engineerId": f["engineer"], "logged": f["logged"], "fix": f["fix"]}


def _charging_on(state: State, cp_id: str, connector: int | None = None) -> str | None:
    return next((sid for sid, s in sorted(state.sessions.items()) if s["point"] == cp_id and s["status"] == "charging"
                 and (connector is None or s["connector"] == connector)), None)


# --------------------------------------------------------------------------- sign-in and the public tariffs


@resolver("signIn", public=True)
def sign_in(state: State, username: str, password: str) -> dict:
    """Sign in to the network operations console.

    Args:
        username: The staff user name, e.g. ``amira.h``.
        password: The password.

    Returns:
        ``data.signIn``: the session's ``token`` (pass it to every call but the public tariff list), the person's
        ``name``, their ``role`` (support, noc, engineer, billing or manager) and, for a field engineer, their
        ``engineerId``.
    """
    s = state.staff.get(username.strip().lower()) if isinstance(username, str) else None
    if s is None or s["password"] != password:
        raise GraphQLError("UNAUTHENTICATED", "user name or password not recognised")
    token = f"amb-{username.split('.')[0]}-{_next(state, 'token'):04d}"
    state.tokens[token] = {"user": username.strip().lower(), "name": s["name"], "role": s["role"],
                           "engineer": s["engineer"]}
    return {"token": token, "name": s["name"], "role": s["role"], "engineerId": s["engineer"]}


@resolver("signOut")
def sign_out(state: State, token: str) -> str:
    """End a console session.

    Args:
        token: The session token.

    Returns:
        ``data.signOut``: a sentence naming who was signed out.
    """
    who = state.tokens.pop(token)
    return f"Signed out {who['name']} (session {token})."


@resolver("tariffs", public=True)
def tariffs() -> list[dict]:
    """The public tariffs, as drivers see them in the app.

    Returns:
        ``data.tariffs``: one entry per tariff with its ``code``, ``name``, ``current`` (AC or DC), ``pricePerKWh``,
        ``connectionFee`` and ``idleFeePerMinute`` (charged from the sixteenth minute after a session ends).
    """
    return [{"code": code, "name": t[0], "current": t[1], "pricePerKWh": t[2], "connectionFee": t[3],
             "idleFeePerMinute": t[4]} for code, t in TARIFFS.items()]


# --------------------------------------------------------------------------- drivers and payment


@resolver("findDriver", "support", "billing")
def find_driver(state: State, token: str, text: str) -> list[dict]:
    """Find drivers by part of their name, e-mail address or phone number.

    Args:
        token: The session token.
        text: What to look for.

    Returns:
        ``data.findDriver``: one entry per driver found, with ``driverId``, ``name``, ``email``, ``phone`` and
        ``paymentMethod`` (a short description, or null).
    """
    needle = _text(text, "text").lower()
    return [_driver_view(state, did) for did, d in sorted(state.drivers.items())
            if any(needle in d[k].lower() for k in ("name", "email", "phone"))]


@resolver("registerDriver", "support")
def register_driver(state: State, token: str, name: str, email: str, phone: str) -> dict:
    """Open a pay-as-you-go account for a driver.

    Args:
        token: The session token.
        name: The driver's name as they give it.
        email: Their e-mail address (receipts go there).
        phone: Their mobile number.

    Returns:
        ``data.registerDriver``: the driver with their new ``driverId`` and no payment method yet.
    """
    name, email, phone = _text(name, "name"), _text(email, "email").lower(), _text(phone, "phone")
    if "@" not in email:
        raise GraphQLError("BAD_USER_INPUT", f"{email!r} is not an e-mail address")
    for did, d in state.drivers.items():
        if d["email"] == email:
            raise GraphQLError("CONFLICT", f"{email} already has an account ({did}, {d['name']})")
    did = f"DR-{_next(state, 'driver')}"
    state.drivers[did] = {"name": name, "email": email, "phone": phone, "payment": None}
    return _driver_view(state, did)


@resolver("updateDriver", "support")
def update_driver(state: State, token: str, driver_id: str, email: str | None = None,
                  phone: str | None = None) -> dict:
    """Change a driver's e-mail address or phone number; what is left out stays as it is.

    Args:
        token: The session token.
        driver_id: The driver.
        email: The new e-mail address.
        phone: The new mobile number.

    Returns:
        ``data.updateDriver``: the driver as changed.
    """
    d = _get(state.drivers, driver_id, "driver")
    new = {k: v.strip() for k, v in (("email", email), ("phone", phone)) if isinstance(v, str) and v.strip()}
    if "email" in new:
        new["email"] = new["email"].lower()
        if "@" not in new["email"]:
            raise GraphQLError("BAD_USER_INPUT", f"{new['email']!r} is not an e-mail address")
    changed = {k: v for k, v in new.items() if d[k] != v}
    if not changed:
        raise GraphQLError("NOTHING_TO_CHANGE", f"nothing to change for {d['name']}; those are the details on file")
    d.update(changed)
    return _driver_view(state, driver_id)


@resolver("driverAccount", "support", "billing")
def driver_account(state: State, token: str, driver_id: str) -> dict:
    """A driver's whole account: details, payment method, charge cards and sessions.

    Args:
        token: The session token.
        driver_id: The driver.

    Returns:
        ``data.driverAccount``: the driver's details with ``cards`` as rows of ``[cardId, status, issued,
        blockedFor]`` and ``sessions`` as rows of ``[sessionId, cpId, connector, started, status, kWh, cost]``.
    """
    _get(state.drivers, driver_id, "driver")
    out = _driver_view(state, driver_id)
    cards = [cid for cid, c in sorted(state.cards.items()) if c["driver"] == driver_id]
    out["cards"] = [[cid, state.cards[cid]["status"], state.cards[cid]["issued"], state.cards[cid]["reason"]]
                    for cid in cards]
    out["sessions"] = [[sid, s["point"], s["connector"], s["started"], s["status"], s["kwh"], s["cost"]]
                       for sid, s in sorted(state.sessions.items()) if s["card"] in cards]
    return out


@resolver("messageDriver", "support", "billing")
def message_driver(state: State, token: str, driver_id: str, subject: str, body: str) -> str:
    """E-mail a driver from the console.

    Args:
        token: The session token.
        driver_id: The driver.
        subject: The subject line.
        body: The message.

    Returns:
        ``data.messageDriver``: a sentence with the message's id.
    """
    d = _get(state.drivers, driver_id, "driver")
    subject, body = _text(subject, "subject"), _text(body, "body")
    mid = f"MS-{_next(state, 'message')}"
    state.messages.append([mid, driver_id, subject, body, _who(state, token)["name"]])
    return f"Message {mid} sent to {d['name']} at {d['email']}."


@resolver("addPaymentMethod", "support")
def add_payment_method(state: State, token: str, driver_id: str, brand: Brand, last4: str, expiry: str) -> dict:
    """Record the payment card a driver's sessions are charged to (the card itself is held by the payment provider;
    the console keeps its brand, last four digits and expiry).

    Args:
        token: The session token.
        driver_id: The driver.
        brand: ``visa``, ``mastercard`` or ``amex``.
        last4: The card's last four digits.
        expiry: The expiry date as ``MM/YY``.

    Returns:
        ``data.addPaymentMethod``: the driver with their payment method.
    """
    d = _get(state.drivers, driver_id, "driver")
    if brand not in ("visa", "mastercard", "amex"):
        raise GraphQLError("BAD_USER_INPUT", f"card brand {brand!r} is not taken")
    if not isinstance(last4, str) or len(last4) != 4 or not last4.isdigit():
        raise GraphQLError("BAD_USER_INPUT", f"{last4!r} is not the last four digits of a card")
    try:
        month, year = (int(x) for x in expiry.split("/"))
    except (AttributeError, ValueError):
        raise GraphQLError("BAD_USER_INPUT", f"expiry {expiry!r} is not MM/YY") from None
    if not 1 <= month <= 12 or (2000 + year, month) < (2034, 6):
        raise GraphQLError("CARD_EXPIRED", f"a card expiring {expiry} cannot be taken")
    new = {"brand": brand, "last4": last4, "expiry": expiry}
    if d["payment"] == new:
        raise GraphQLError("NOTHING_TO_CHANGE", f"{d['name']}'s {brand} ending {last4} is on file already")
    d["payment"] = new
    return _driver_view(state, driver_id)


# --------------------------------------------------------------------------- charge cards


@resolver("issueCard", "support")
def issue_card(state: State, token: str, driver_id: str) -> dict:
    """Issue an RFID charge card to a driver; it is posted to them and works once activated.

    Args:
        token: The session token.
        driver_id: The driver.

    Returns:
        ``data.issueCard``: the card with its new ``cardId`` and status ``issued``.
    """
    d = _get(state.drivers, driver_id, "driver")
    for cid, c in sorted(state.cards.items()):
        if c["driver"] == driver_id and c["status"] in ("issued", "active"):
            raise GraphQLError("CARD_IN_USE", f"{d['name']} has card {cid} {c['status']} already; a driver holds one "
                                              "card at a time")
    cid = f"CD-{_next(state, 'card')}"
    state.cards[cid] = {"driver": driver_id, "status": "issued", "issued": TODAY, "reason": None}
    return _card_view(state, cid)


@resolver("activateCard", "support")
def activate_card(state: State, token: str, card_id: str) -> dict:
    """Activate a charge card the driver has received.

    Args:
        token: The session token.
        card_id: The card.

    Returns:
        ``data.activateCard``: the card, now ``active``.
    """
    c = _get(state.cards, card_id, "card")
    if c["status"] == "active":
        raise GraphQLError("ALREADY_ACTIVE", f"{card_id} is active already")
    if c["status"] != "issued":
        raise GraphQLError("CARD_BLOCKED", f"{card_id} is blocked ({c['reason']})")
    d = state.drivers[c["driver"]]
    if d["payment"] is None:
        raise GraphQLError("NO_PAYMENT_METHOD", f"{d['name']} has no payment method on file; a card is activated once "
                                                "sessions can be charged")
    c["status"] = "active"
    return _card_view(state, card_id)


@resolver("blockCard", "support")
def block_card(state: State, token: str, card_id: str, reason: str) -> dict:
    """Block a charge card so that it starts no more sessions.

    Args:
        token: The session token.
        card_id: The card.
        reason: Why the card is blocked.

    Returns:
        ``data.blockCard``: the card, now ``blocked``.
    """
    c = _get(state.cards, card_id, "card")
    if c["status"] == "blocked":
        raise GraphQLError("ALREADY_BLOCKED", f"{card_id} is blocked already ({c['reason']})")
    word = reason.strip().lower() if isinstance(reason, str) else ""
    if word not in BLOCK_REASONS:
        raise GraphQLError("BAD_USER_INPUT", f"a card is blocked as {', '.join(BLOCK_REASONS[:-1])} or "
                                             f"{BLOCK_REASONS[-1]}, not {reason!r}")
    c.update({"status": "blocked", "reason": word, "before": c["status"]})
    return _card_view(state, card_id)


@resolver("unblockCard", "support")
def unblock_card(state: State, token: str, card_id: str) -> dict:
    """Unblock a charge card, e.g. one reported lost and found again.

    Args:
        token: The session token.
        card_id: The card.

    Returns:
        ``data.unblockCard``: the card as it was before it was blocked.
    """
    c = _get(state.cards, card_id, "card")
    if c["status"] != "blocked":
        raise GraphQLError("NOT_BLOCKED", f"{card_id} is not blocked")
    if c["reason"] not in UNBLOCKABLE:
        raise GraphQLError("CANNOT_UNBLOCK", f"{card_id} was blocked as {c['reason']}; only a card blocked as lost or "
                                             "for arrears is unblocked, any other is replaced")
    for cid, other in state.cards.items():
        if cid != card_id and other["driver"] == c["driver"] and other["status"] in ("issued", "active"):
            raise GraphQLError("CARD_IN_USE", f"the driver has card {cid} {other['status']}; a driver holds one card "
                                              "at a time")
    c.update({"status": c.pop("before", "active"), "reason": None})
    return _card_view(state, card_id)


# --------------------------------------------------------------------------- sites and charge points


@resolver("sites")
def sites(state: State, token: str, town: str | None = None) -> list[dict]:
    """The host sites, optionally in one town.

    Args:
        token: The session token.
        town: Only sites in this town.

    Returns:
        ``data.sites``: one entry per site with ``siteId``, ``name``, ``town``, ``postcode``, ``region`` and
        ``host``.
    """
    want = town.strip().lower() if isinstance(town, str) and town.strip() else None
    return [{"siteId": sid, "name": s["name"], "town": s["town"], "postcode": s["postcode"], "region": s["region"],
             "host": s["host"]} for sid, s in sorted(state.sites.items())
            if want is None or s["town"].lower() == want]


@resolver("addSite", "manager")
def add_site(state: State, token: str, name: str, address: str, town: str, postcode: str, region: Region,
             host: str, host_phone: str) -> dict:
    """Add a host site that has signed with Amberline.

    Args:
        token: The session token.
        name: The site's name.
        address: Its street address.
        town: Its town.
        postcode: Its postcode.
        region: ``north`` or ``south`` (the field engineers' patches).
        host: The host business and its contact.
        host_phone: The host contact's phone number.

    Returns:
        ``data.addSite``: the site with its new ``siteId``.
    """
    values = {k: _text(v, k) for k, v in (("name", name), ("address", address), ("town", town),
                                          ("postcode", postcode), ("host", host), ("host_phone", host_phone))}
    if region not in ("north", "south"):
        raise GraphQLError("BAD_USER_INPUT", f"region {region!r} is not a patch")
    for sid, s in state.sites.items():
        if s["name"].lower() == values["name"].lower():
            raise GraphQLError("CONFLICT", f"{s['name']} is a site already ({sid})")
    sid = f"ST-{_next(state, 'site')}"
    state.sites[sid] = {"name": values["name"], "address": values["address"], "town": values["town"],
                        "postcode": values["postcode"].upper(), "region": region, "host": values["host"],
                        "host_phone": values["host_phone"]}
    s = state.sites[sid]
    return {"siteId": sid, "name": s["name"], "town": s["town"], "postcode": s["postcode"], "region": region,
            "host": s["host"]}


@resolver("chargePoints")
def charge_points(state: State, token: str, site_id: str | None = None,
                  status: PointStatus | None = None) -> list[dict]:
    """The charge points, optionally at one site or in one status.

    Args:
        token: The session token.
        site_id: Only this site's charge points.
        status: Only charge points ``installed``, ``commissioned``, ``live`` or ``decommissioned``.

    Returns:
        ``data.chargePoints``: one entry per charge point with ``cpId``, ``siteId``, ``site``, ``model``,
        ``status``, ``tariff`` and ``firmware``.
    """
    want = _value(status)
    return [{"cpId": cid, "siteId": p["site"], "site": state.sites[p["site"]]["name"], "model": p["model"],
             "status": p["status"], "tariff": p["tariff"], "firmware": p["firmware"]}
            for cid, p in sorted(state.points.items())
            if (site_id is None or p["site"] == site_id) and (want is None or p["status"] == want)]


@resolver("chargePoint")
def charge_point(state: State, token: str, cp_id: str) -> dict:
    """One charge point in full.

    Args:
        token: The session token.
        cp_id: The charge point.

    Returns:
        ``data.chargePoint``: the charge point with ``connectors`` as rows of ``[connector, standard, kW, status]``
        (status as OCPP reports it: Available, Charging, Reserved, Unavailable or Faulted) and ``openFaults`` as rows
        of ``[faultId, connector, code, status]``.
    """
    _get(state.points, cp_id, "charge point")
    return _point_view(state, cp_id)


@resolver("installChargePoint", "noc")
def install_charge_point(state: State, token: str, site_id: str, model: str, serial: str) -> dict:
    """Record a charge point installed at a site by the installer; it goes online when an engineer commissions it.

    Args:
        token: The session token.
        site_id: The site.
        model: The model on the rating plate.
        serial: The serial number on the rating plate.

    Returns:
        ``data.installChargePoint``: the charge point with its new ``cpId``, status ``installed``, its connectors
        unavailable.
    """
    _get(state.sites, site_id, "site")
    model, serial = _text(model, "model"), _text(serial, "serial").upper()
    if model not in MODELS:
        raise GraphQLError("BAD_USER_INPUT", f"no model {model!r}; Amberline installs {', '.join(MODELS)}")
    for cid, p in state.points.items():
        if p["serial"] == serial:
            raise GraphQLError("CONFLICT", f"serial {serial} is {cid} already")
    cid = f"CP-{_next(state, 'point')}"
    releases = MODELS[model][2]
    state.points[cid] = {"site": site_id, "model": model, "serial": serial, "status": "installed", "tariff": None,
                         "firmware": releases[0][0], "connectors": {1: "Unavailable", 2: "Unavailable"}}
    return _point_view(state, cid)


@resolver("commissionChargePoint", "engineer")
def commission_charge_point(state: State, token: str, cp_id: str, notes: str) -> dict:
    """Commission an installed charge point on site: earth and RCD tests passed, the charger connected to the
    console. It goes live when a tariff is set on it.

    Args:
        token: The session token.
        cp_id: The charge point.
        notes: The engineer's test results and notes.

    Returns:
        ``data.commissionChargePoint``: the charge point, now ``commissioned``.
    """
    p = _get(state.points, cp_id, "charge point")
    notes = _text(notes, "notes")
    if p["status"] != "installed":
        raise GraphQLError("ALREADY_COMMISSIONED", f"{cp_id} is {p['status']}, not waiting to be commissioned")
    p.update({"status": "commissioned", "notes": notes})
    return _point_view(state, cp_id)


@resolver("assignTariff", "billing", "noc")
def assign_tariff(state: State, token: str, cp_id: str, tariff_code: str) -> dict:
    """Set the tariff a charge point charges drivers; a commissioned charge point goes live with it, its connectors
    available.

    Args:
        token: The session token.
        cp_id: The charge point.
        tariff_code: The tariff.

    Returns:
        ``data.assignTariff``: the charge point with its tariff.
    """
    p = _get(state.points, cp_id, "charge point")
    t = TARIFFS.get(tariff_code) if isinstance(tariff_code, str) else None
    if t is None:
        raise GraphQLError("NOT_FOUND", f"no tariff {tariff_code}")
    if p["status"] not in ("commissioned", "live"):
        raise GraphQLError("NOT_ONLINE", f"{cp_id} is {p['status']}; a tariff is set on a commissioned charge point")
    if t[1] != MODELS[p["model"]][0]:
        raise GraphQLError("WRONG_CURRENT", f"{tariff_code} is an {t[1]} tariff and {cp_id} a {MODELS[p['model']][0]} "
                                            "charger")
    if p["tariff"] == tariff_code:
        raise GraphQLError("NOTHING_TO_CHANGE", f"{cp_id} is on {tariff_code} already")
    p["tariff"] = tariff_code
    if p["status"] == "commissioned":
        p["status"] = "live"
        p["connectors"] = {n: "Available" for n in p["connectors"]}
    return _point_view(state, cp_id)


@resolver("setAvailability", "noc", "engineer")
def set_availability(state: State, token: str, cp_id: str, connector: int, operative: bool) -> dict:
    """Set one connector of a live charge point operative or inoperative (OCPP ChangeAvailability).

    Args:
        token: The session token.
        cp_id: The charge point.
        connector: The connector number.
        operative: True to bring it into use, False to take it out of use.

    Returns:
        ``data.setAvailability``: the charge point with its connectors.
    """
    p = _get(state.points, cp_id, "charge point")
    n = _connector(p, cp_id, connector)
    if p["status"] != "live":
        raise GraphQLError("NOT_LIVE", f"{cp_id} is {p['status']}, not live")
    status = p["connectors"][n]
    if operative:
        if status != "Unavailable":
            raise GraphQLError("ALREADY_OPERATIVE", f"connector {n} of {cp_id} is operative already ({status})")
        p["connectors"][n] = "Available"
    else:
        if status == "Unavailable":
            raise GraphQLError("ALREADY_INOPERATIVE", f"connector {n} of {cp_id} is inoperative already")
        if status in ("Charging", "Reserved"):
            raise GraphQLError("CONNECTOR_BUSY", f"connector {n} of {cp_id} is {status.lower()}")
        p["connectors"][n] = "Unavailable"
    return _point_view(state, cp_id)


@resolver("resetChargePoint", "noc", "engineer")
def reset_charge_point(state: State, token: str, cp_id: str, kind: ResetKind) -> str:
    """Send a charge point a reset (OCPP Reset): soft restarts its software, hard reboots it.

    Args:
        token: The session token.
        cp_id: The charge point.
        kind: ``soft`` or ``hard``.

    Returns:
        ``data.resetChargePoint``: a sentence saying the reset was accepted.
    """
    p = _get(state.points, cp_id, "charge point")
    if kind not in ("soft", "hard"):
        raise GraphQLError("BAD_USER_INPUT", f"reset kind {kind!r} is not soft or hard")
    if p["status"] not in ("commissioned", "live"):
        raise GraphQLError("NOT_ONLINE", f"{cp_id} is {p['status']} and not connected")
    sid = _charging_on(state, cp_id)
    if sid is not None:
        raise GraphQLError("SESSION_IN_PROGRESS", f"{cp_id} is charging session {sid}; a charge point is reset with "
                                                  "no session in progress")
    return f"{kind.capitalize()} reset of {cp_id} accepted at {NOW}."


@resolver("unlockConnector", "support", "noc")
def unlock_connector(state: State, token: str, cp_id: str, connector: int) -> str:
    """Release a cable stuck in a connector (OCPP UnlockConnector).

    Args:
        token: The session token.
        cp_id: The charge point.
        connector: The connector number.

    Returns:
        ``data.unlockConnector``: the charge point's answer, ``Unlocked``.
    """
    p = _get(state.points, cp_id, "charge point")
    n = _connector(p, cp_id, connector)
    if p["status"] not in ("commissioned", "live"):
        raise GraphQLError("NOT_ONLINE", f"{cp_id} is {p['status']} and not connected")
    sid = _charging_on(state, cp_id, n)
    if sid is not None:
        raise GraphQLError("SESSION_IN_PROGRESS", f"connector {n} of {cp_id} is charging session {sid}; stop the "
                                                  "session before the cable is released")
    return "Unlocked"


@resolver("decommissionChargePoint", "manager")
def decommission_charge_point(state: State, token: str, cp_id: str, reason: str) -> str:
    """Take a charge point off the network for good (removed, or never put into service).

    Args:
        token: The session token.
        cp_id: The charge point.
        reason: Why.

    Returns:
        ``data.decommissionChargePoint``: a sentence saying it is decommissioned.
    """
    p = _get(state.points, cp_id, "charge point")
    reason = _text(reason, "reason")
    if p["status"] == "decommissioned":
        raise GraphQLError("ALREADY_DECOMMISSIONED", f"{cp_id} is decommissioned already")
    busy = [str(n) for n, s in sorted(p["connectors"].items()) if s != "Unavailable"]
    if busy:
        raise GraphQLError("CONNECTORS_OPERATIVE", f"connector {' and '.join(busy)} of {cp_id} "
                                                   f"{'is' if len(busy) == 1 else 'are'} still operative; set every "
                                                   "connector inoperative first")
    p.update({"status": "decommissioned", "reason": reason})
    return f"{cp_id} at {state.sites[p['site']]['name']} decommissioned ({reason})."


@resolver("firmwareReleases")
def firmware_releases(state: State, token: str, model: str) -> dict:
    """The firmware released for a model of charger.

    Args:
        token: The session token.
        model: The model, e.g. ``Alto AC22``.

    Returns:
        ``data.firmwareReleases``: the ``model`` and its ``releases`` as rows of ``[version, released, status,
        notes]``, oldest first.
    """
    m = MODELS.get(model) if isinstance(model, str) else None
    if m is None:
        raise GraphQLError("NOT_FOUND", f"no model {model!r}")
    return {"model": model, "releases": [list(r) for r in m[2]]}


@resolver("updateFirmware", "noc")
def update_firmware(state: State, token: str, cp_id: str, version: str) -> dict:
    """Send a firmware version to a charge point (OCPP UpdateFirmware); it installs overnight.

    Args:
        token: The session token.
        cp_id: The charge point.
        version: The version to install.

    Returns:
        ``data.updateFirmware``: ``cpId``, ``from`` and ``to`` versions and ``scheduledFor``.
    """
    p = _get(state.points, cp_id, "charge point")
    if p["status"] not in ("commissioned", "live"):
        raise GraphQLError("NOT_ONLINE", f"{cp_id} is {p['status']}; firmware goes to a charge point that is "
                                         "connected")
    versions = [r[0] for r in MODELS[p["model"]][2]]
    if version not in versions:
        raise GraphQLError("NOT_FOUND", f"no {p['model']} firmware {version!r}")
    if version == p["firmware"]:
        raise GraphQLError("NOTHING_TO_CHANGE", f"{cp_id} runs {version} already")
    if versions.index(version) < versions.index(p["firmware"]):
        raise GraphQLError("DOWNGRADE", f"{cp_id} runs {p['firmware']}; firmware is never taken back to {version}")
    old = p["firmware"]
    p["firmware"] = version
    state.firmware_jobs.append([cp_id, old, version])
    return {"cpId": cp_id, "from": old, "to": version, "scheduledFor": "2034-06-15 02:00"}


# --------------------------------------------------------------------------- faults and engineers


@resolver("engineers")
def engineers(state: State, token: str, region: Region | None = None) -> list[dict]:
    """The field engineers, optionally in one region.

    Args:
        token: The session token.
        region: ``north`` or ``south``.

    Returns:
        ``data.engineers``: one entry per engineer with ``engineerId``, ``name``, ``region`` and ``mobile``.
    """
    return [{"engineerId": eid, "name": e["name"], "region": e["region"], "mobile": e["mobile"]}
            for eid, e in sorted(state.engineers.items()) if region is None or e["region"] == region]


@resolver("logFault", "support", "noc", "engineer")
def log_fault(state: State, token: str, cp_id: str, connector: int, error_code: OcppError, description: str) -> dict:
    """Log a fault on a connector; the connector is marked Faulted until the fault is resolved.

    Args:
        token: The session token.
        cp_id: The charge point.
        connector: The connector number.
        error_code: The OCPP error code the charger reported (``OtherError`` for a driver's report).
        description: What was seen or reported.

    Returns:
        ``data.logFault``: the fault with its new ``faultId``, status ``open``.
    """
    p = _get(state.points, cp_id, "charge point")
    n = _connector(p, cp_id, connector)
    try:
        code = OcppError(_value(error_code)).value
    except ValueError:
        raise GraphQLError("BAD_USER_INPUT", f"{error_code!r} is not an OCPP error code") from None
    description = _text(description, "description")
    if p["status"] not in ("commissioned", "live"):
        raise GraphQLError("NOT_ONLINE", f"{cp_id} is {p['status']}")
    for fid, f in sorted(state.faults.items()):
        if f["point"] == cp_id and f["connector"] == n and f["status"] != "resolved":
            raise GraphQLError("FAULT_OPEN", f"connector {n} of {cp_id} has fault {fid} open already")
    sid = _charging_on(state, cp_id, n)
    if sid is not None:
        raise GraphQLError("SESSION_IN_PROGRESS", f"connector {n} of {cp_id} is charging session {sid}; stop it first")
    fid = f"FT-{_next(state, 'fault')}"
    state.faults[fid] = {"point": cp_id, "connector": n, "code": code, "description": description, "status": "open",
                         "engineer": None, "logged": f"{TODAY} {NOW}", "fix": None}
    p["connectors"][n] = "Faulted"
    return _fault_view(state, fid)


@resolver("faults")
def faults(state: State, token: str, status: FaultStatus | None = None, cp_id: str | None = None) -> list[dict]:
    """The faults, optionally in one status or on one charge point.

    Args:
        token: The session token.
        status: ``open``, ``assigned`` or ``resolved``.
        cp_id: Only this charge point's faults.

    Returns:
        ``data.faults``: one entry per fault with ``faultId``, ``cpId``, ``site``, ``connector``, ``code``,
        ``description``, ``status``, ``engineerId``, ``logged`` and ``fix``.
    """
    want = _value(status)
    return [_fault_view(state, fid) for fid, f in sorted(state.faults.items())
            if (want is None or f["status"] == want) and (cp_id is None or f["point"] == cp_id)]


@resolver("dispatchEngineer", "noc")
def dispatch_engineer(state: State, token: str, fault_id: str, engineer_id: str) -> dict:
    """Send a field engineer to a fault.

    Args:
        token: The session token.
        fault_id: The fault.
        engineer_id: The engineer.

    Returns:
        ``data.dispatchEngineer``: the fault, now ``assigned`` to the engineer.
    """
    f = _get(state.faults, fault_id, "fault")
    e = _get(state.engineers, engineer_id, "engineer")
    if f["status"] == "resolved":
        raise GraphQLError("FAULT_RESOLVED", f"{fault_id} is resolved")
    if f["engineer"] == engineer_id:
        raise GraphQLError("NOTHING_TO_CHANGE", f"{fault_id} is with {e['name']} already")
    site = state.sites[state.points[f["point"]]["site"]]
    if e["region"] != site["region"]:
        raise GraphQLError("OUTSIDE_REGION", f"{e['name']} covers the {e['region']}; {site['name']} is in the "
                                             f"{site['region']}")
    f.update({"status": "assigned", "engineer": engineer_id})
    return _fault_view(state, fault_id)


@resolver("resolveFault", "engineer")
def resolve_fault(state: State, token: str, fault_id: str, fix: Fix, parts: list[str], notes: str) -> dict:
    """Resolve a fault the engineer was sent to; the connector is available again on a live charge point.

    Args:
        token: The session token.
        fault_id: The fault.
        fix: ``part_replaced``, ``cable_replaced``, ``reset``, ``firmware`` or ``no_fault_found``.
        parts: The parts fitted (empty when none).
        notes: What the engineer found and did.

    Returns:
        ``data.resolveFault``: the fault, now ``resolved``.
    """
    f = _get(state.faults, fault_id, "fault")
    who = _who(state, token)
    if fix not in ("part_replaced", "cable_replaced", "reset", "firmware", "no_fault_found"):
        raise GraphQLError("BAD_USER_INPUT", f"fix {fix!r} is not one the console records")
    parts = [_text(x, "part") for x in parts] if isinstance(parts, list) else []
    notes = _text(notes, "notes")
    if f["status"] == "resolved":
        raise GraphQLError("FAULT_RESOLVED", f"{fault_id} is resolved already")
    if f["status"] != "assigned" or (who["role"] == "engineer" and f["engineer"] != who["engineer"]):
        raise GraphQLError("NOT_ASSIGNED", f"{fault_id} is not assigned to {who['name']}")
    if fix in ("part_replaced", "cable_replaced") and not parts:
        raise GraphQLError("BAD_USER_INPUT", f"a fix of {fix} lists the parts fitted")
    f.update({"status": "resolved", "fix": fix, "parts": parts, "notes": notes})
    p = state.points[f["point"]]
    p["connectors"][f["connector"]] = "Available" if p["status"] == "live" else "Unavailable"
    return _fault_view(state, fault_id)


# --------------------------------------------------------------------------- reservations and sessions


def _usable_card(state: State, card_id: str) -> dict:
    c = _get(state.cards, card_id, "card")
    if c["status"] != "active":
        raise GraphQLError("CARD_NOT_ACTIVE", f"{card_id} is {c['status']}, not active")
    return c


@resolver("reserveConnector", "support")
def reserve_connector(state: State, token: str, cp_id: str, connector: int, card_id: str, minutes: int) -> dict:
    """Hold an available connector for a driver's card for up to an hour.

    Args:
        token: The session token.
        cp_id: The charge point.
        connector: The connector number.
        card_id: The driver's card.
        minutes: How long to hold it, 10 to 60.

    Returns:
        ``data.reserveConnector``: ``reservationId``, ``cpId``, ``connector``, ``cardId`` and ``expires``.
    """
    p = _get(state.points, cp_id, "charge point")
    n = _connector(p, cp_id, connector)
    _usable_card(state, card_id)
    if isinstance(minutes, bool) or not isinstance(minutes, int) or not 10 <= minutes <= 60:
        raise GraphQLError("BAD_USER_INPUT", f"a connector is held for 10 to 60 minutes, not {minutes!r}")
    if p["status"] != "live":
        raise GraphQLError("NOT_LIVE", f"{cp_id} is {p['status']}, not live")
    if p["connectors"][n] != "Available":
        raise GraphQLError("CONNECTOR_UNAVAILABLE", f"connector {n} of {cp_id} is {p['connectors'][n].lower()}")
    for rid, r in state.reservations.items():
        if r["card"] == card_id and r["status"] == "held":
            raise GraphQLError("CONFLICT", f"{card_id} holds reservation {rid} already")
    rid = f"RS-{_next(state, 'reservation')}"
    expires = f"{int(NOW[:2]) + (minutes // 60):02d}:{minutes % 60:02d}"
    state.reservations[rid] = {"point": cp_id, "connector": n, "card": card_id, "status": "held", "expires": expires}
    p["connectors"][n] = "Reserved"
    return {"reservationId": rid, "cpId": cp_id, "connector": n, "cardId": card_id, "expires": expires}


@resolver("cancelReservation", "support")
def cancel_reservation(state: State, token: str, reservation_id: str) -> str:
    """Cancel a reservation; the connector is available again.

    Args:
        token: The session token.
        reservation_id: The reservation.

    Returns:
        ``data.cancelReservation``: a sentence saying which connector was freed.
    """
    r = _get(state.reservations, reservation_id, "reservation")
    if r["status"] != "held":
        raise GraphQLError("NOT_HELD", f"{reservation_id} is {r['status']}")
    r["status"] = "cancelled"
    state.points[r["point"]]["connectors"][r["connector"]] = "Available"
    return f"Reservation {reservation_id} cancelled; connector {r['connector']} of {r['point']} is available again."


@resolver("startSession", "support", "noc")
def start_session(state: State, token: str, cp_id: str, connector: int, card_id: str) -> dict:
    """Start a charging session remotely for a driver who is plugged in (OCPP RemoteStartTransaction).

    Args:
        token: The session token.
        cp_id: The charge point.
        connector: The connector number the driver is plugged into.
        card_id: The driver's card the session is charged to.

    Returns:
        ``data.startSession``: the session with its new ``sessionId``, status ``charging``.
    """
    p = _get(state.points, cp_id, "charge point")
    n = _connector(p, cp_id, connector)
    _usable_card(state, card_id)
    if p["status"] != "live":
        raise GraphQLError("NOT_LIVE", f"{cp_id} is {p['status']}; it has no tariff to charge drivers on"
                           if p["status"] == "commissioned" else f"{cp_id} is {p['status']}, not live")
    for sid, s in sorted(state.sessions.items()):
        if s["card"] == card_id and s["status"] == "charging":
            raise GraphQLError("CARD_IN_USE", f"{card_id} is charging session {sid} already")
    status = p["connectors"][n]
    held = next((rid for rid, r in state.reservations.items() if r["status"] == "held" and r["point"] == cp_id
                 and r["connector"] == n), None)
    if status == "Reserved" and held is not None and state.reservations[held]["card"] == card_id:
        state.reservations[held]["status"] = "used"
    elif status != "Available":
        raise GraphQLError("CONNECTOR_UNAVAILABLE", f"connector {n} of {cp_id} is "
                                                    f"{'inoperative' if status == 'Unavailable' else status.lower()}")
    sid = f"SE-{_next(state, 'session')}"
    state.sessions[sid] = {"point": cp_id, "connector": n, "card": card_id, "started": f"{TODAY} {NOW}",
                           "status": "charging", "kwh": None, "cost": None, "refunded": 0.0}
    p["connectors"][n] = "Charging"
    return _session_view(state, sid)


@resolver("stopSession", "support", "noc")
def stop_session(state: State, token: str, session_id: str) -> dict:
    """Stop a charging session remotely (OCPP RemoteStopTransaction); the driver is charged for the energy.

    Args:
        token: The session token.
        session_id: The session.

    Returns:
        ``data.stopSession``: the session, now ``completed``, with ``kWh`` and ``cost``.
    """
    s = _get(state.sessions, session_id, "session")
    if s["status"] != "charging":
        raise GraphQLError("NOT_CHARGING", f"{session_id} is {s['status']} already")
    p = state.points[s["point"]]
    kw = MODELS[p["model"]][1][s["connector"] - 1][1]
    kwh = round(min(kw, 60) * SESSION_MINUTES / 60 * 0.9, 1)
    t = TARIFFS[p["tariff"]]
    s.update({"status": "completed", "kwh": kwh, "cost": round(kwh * t[2] + t[3], 2)})
    p["connectors"][s["connector"]] = "Available"
    return _session_view(state, session_id)


@resolver("sessions", "support", "noc", "billing")
def sessions(state: State, token: str, status: SessionStatus | None = None, cp_id: str | None = None,
             driver_id: str | None = None) -> list[dict]:
    """Charging sessions, optionally in one status, on one charge point or of one driver.

    Args:
        token: The session token.
        status: ``charging`` or ``completed``.
        cp_id: Only sessions on this charge point.
        driver_id: Only this driver's sessions.

    Returns:
        ``data.sessions``: one entry per session with ``sessionId``, ``cpId``, ``connector``, ``cardId``,
        ``driverId``, ``started``, ``status``, ``kWh``, ``cost`` and ``refunded``.
    """
    return [_session_view(state, sid) for sid, s in sorted(state.sessions.items())
            if (status is None or s["status"] == status) and (cp_id is None or s["point"] == cp_id)
            and (driver_id is None or state.cards[s["card"]]["driver"] == driver_id)]


@resolver("liveReading", "support", "noc")
def live_reading(state: State, token: str, session_id: str) -> float:
    """The energy a session in progress has delivered so far, from the charger's last meter value.

    Args:
        token: The session token.
        session_id: The session.

    Returns:
        ``data.liveReading``: kWh delivered so far.
    """
    s = _get(state.sessions, session_id, "session")
    if s["status"] != "charging":
        raise GraphQLError("NOT_CHARGING", f"{session_id} is {s['status']}; its energy is on the session")
    started = int(s["started"][11:13]) * 60 + int(s["started"][14:16])
    minutes = max(1, int(NOW[:2]) * 60 + int(NOW[3:]) - started)
    kw = MODELS[state.points[s["point"]]["model"]][1][s["connector"] - 1][1]
    return round(min(kw, 60) * minutes / 60 * 0.9, 1)


@resolver("refundSession", "billing")
def refund_session(state: State, token: str, session_id: str, amount: float, reason: str) -> dict:
    """Refund some or all of a completed session's cost to the driver's payment card.

    Args:
        token: The session token.
        session_id: The session.
        amount: The amount in pounds.
        reason: Why.

    Returns:
        ``data.refundSession``: ``refundId``, ``sessionId``, ``amount`` and ``status`` (``issued``).
    """
    s = _get(state.sessions, session_id, "session")
    reason = _text(reason, "reason")
    if s["status"] != "completed":
        raise GraphQLError("NOT_COMPLETED", f"{session_id} is still charging; a session is refunded once it has ended")
    if s["refunded"]:
        raise GraphQLError("ALREADY_REFUNDED", f"{session_id} was refunded £{s['refunded']:.2f} already")
    if isinstance(amount, bool) or not isinstance(amount, (int, float)) or not 0 < amount <= s["cost"]:
        raise GraphQLError("BAD_USER_INPUT", f"a refund of {session_id} is more than £0 and at most its cost, "
                                             f"£{s['cost']:.2f}")
    rid = f"RN-{_next(state, 'refund')}"
    s["refunded"] = round(float(amount), 2)
    state.refunds[rid] = {"session": session_id, "amount": s["refunded"], "reason": reason}
    return {"refundId": rid, "sessionId": session_id, "amount": s["refunded"], "status": "issued"}


TOOLS = [
    sign_in, sign_out, tariffs, find_driver, register_driver, update_driver, driver_account, message_driver,
    add_payment_method, issue_card, activate_card, block_card, unblock_card, sites, add_site, charge_points,
    charge_point, install_charge_point, commission_charge_point, assign_tariff, set_availability, reset_charge_point,
    unlock_connector, decommission_charge_point, firmware_releases, update_firmware, engineers, log_fault, faults,
    dispatch_engineer, resolve_fault, reserve_connector, cancel_reservation, start_session, stop_session, sessions,
    live_reading, refund_session,
]

FIXTURES = {
    "operator": {"name": "Amberline Charging Ltd, 2 Canal Wharf, Wexcombe",
                 "today": "Wednesday 14 June 2034, nine in the morning"},
    "staff": [
        {"name": "Amira Haddad", "role": "customer support", "username": "amira.h", "password": "Type2-Socket-8"},
        {"name": "Joel Pearce", "role": "customer support", "username": "joel.p", "password": "Plug-And-Go-51"},
        {"name": "Priya Nair", "role": "network operations centre", "username": "priya.n",
         "password": "Heartbeat-300s"},
        {"name": "Kit Morgan", "role": "field engineer (north)", "username": "kit.m", "password": "Contactor-K2"},
        {"name": "Owen Davies", "role": "field engineer (south)", "username": "owen.d", "password": "Earth-Rod-16"},
        {"name": "Sara Lindgren", "role": "billing", "username": "sara.l", "password": "Kilowatt-Hour-72"},
        {"name": "Dominic Fry", "role": "manager", "username": "dominic.f", "password": "Amberline-2029"},
    ],
    "new_driver": {"name": "Ms Rosa Quintero", "email": "rosa.quintero@example.org", "phone": "07700 955230",
                   "payment_card": {"brand": "visa", "last4": "8826", "expiry": "04/37"}},
    "new_site": {"name": "Ashby Parva Village Hall", "address": "Church Lane, Ashby Parva", "town": "Ashby Parva",
                 "postcode": "WX9 2CL", "region": "north", "host": "Ashby Parva Village Hall Committee, Mr Len Hardy",
                 "host_phone": "01632 940288", "charger": {"model": "Alto AC22", "serial": "ALT-22-09301"}},
    "notes": [
        "Kit is commissioning the charger at the Drovers Arms this morning",
        "Ms Ashby has received her card and wants to start charging today",
        "Mr Okafor found his lost card in his glovebox",
        "The CHAdeMO at Mill Road Retail Park trips on plug-in; Owen covers the south",
        "The DC50 at Mill Road was taken out of use for a cable check, which is done",
        "Mr Varga was overcharged on Monday's session, he says",
    ],
}

# --------------------------------------------------------------------------- the designed prerequisites

_TOKEN = "auth: session token (token of sign_in's reply)"
PUBLIC = ("sign_in", "tariffs")
TOKEN_CONSUMERS = [t.__name__ for t in TOOLS if t.__name__ not in PUBLIC]
DRIVER_CONSUMERS = ["update_driver", "driver_account", "message_driver", "add_payment_method", "issue_card"]
CARD_CONSUMERS = ["activate_card", "block_card", "unblock_card", "reserve_connector", "start_session"]
POINT_CONSUMERS = ["charge_point", "commission_charge_point", "assign_tariff", "set_availability",
                   "reset_charge_point", "unlock_connector", "decommission_charge_point", "update_firmware",
                   "log_fault", "reserve_connector", "start_session"]
_DRIVER = "id lookup/create: driver (driverId of register_driver, or of a find_driver entry)"
_CARD = "id lookup/create: charge card (cardId of issue_card, or of a driver_account card row)"
_POINT = "id lookup/create: charge point (cpId of install_charge_point, or of a charge_points entry)"
_FAULT = "id lookup/create: fault (faultId of log_fault, or of a faults entry)"
_SESSION = "id lookup/create: session (sessionId of start_session, or of a sessions entry)"

GROUND_TRUTH = (
    [("sign_in", c, _TOKEN) for c in TOKEN_CONSUMERS]
    + [("register_driver|find_driver", c, _DRIVER) for c in DRIVER_CONSUMERS]
    + [("issue_card|driver_account", c, _CARD) for c in CARD_CONSUMERS]
    + [("install_charge_point|charge_points", c, _POINT) for c in POINT_CONSUMERS]
    + [("log_fault|faults", c, _FAULT) for c in ("dispatch_engineer", "resolve_fault")]
    + [("start_session|sessions", c, _SESSION) for c in ("stop_session", "live_reading", "refund_session")]
    + [
        ("add_site|sites", "install_charge_point", "id lookup/create: site (siteId of add_site, or of a sites entry)"),
        ("engineers", "dispatch_engineer", "id lookup: engineer (engineerId of an engineers entry)"),
        ("reserve_connector", "cancel_reservation", "id create: reservation (reservationId of reserve_connector)"),
        ("tariffs", "assign_tariff", "vocabulary: tariff codes (code of a tariffs entry)"),
        ("firmware_releases", "update_firmware", "vocabulary: firmware versions (a firmware_releases release row)"),
        ("commission_charge_point", "assign_tariff", "state: the charge point commissioned (online)"),
        ("commission_charge_point", "update_firmware", "state: the charge point commissioned (online)"),
        ("assign_tariff", "start_session", "state: the charge point live (a tariff set)"),
        ("assign_tariff", "reserve_connector", "state: the charge point live (a tariff set)"),
        ("assign_tariff", "set_availability", "state: the charge point live (a tariff set)"),
        ("commission_charge_point", "reset_charge_point", "state: the charge point commissioned (online)"),
        ("commission_charge_point", "unlock_connector", "state: the charge point commissioned (online)"),
        ("commission_charge_point", "log_fault", "state: the charge point commissioned (online)"),
        ("add_payment_method", "activate_card", "state: a payment method on the driver's account"),
        ("activate_card", "start_session", "state: the card active"),
        ("activate_card", "reserve_connector", "state: the card active"),
        ("block_card", "unblock_card", "state: the card blocked"),
        ("block_card", "issue_card", "state: no other card issued or active for the driver"),
        ("stop_session", "refund_session", "state: the session completed"),
        ("stop_session", "unlock_connector", "state: no session charging on the connector"),
        ("stop_session", "reset_charge_point", "state: no session charging on the charge point"),
        ("dispatch_engineer", "resolve_fault", "state: the fault assigned to the engineer"),
        ("resolve_fault", "start_session", "state: the connector's fault resolved"),
        ("set_availability", "start_session", "state: the connector operative"),
        ("set_availability", "decommission_charge_point", "state: every connector inoperative"),
    ]
)

_DESIGNED = {(p, c) for ps, c, _ in GROUND_TRUTH for p in ps.split("|")}
SESSION_CONSUMERS = ["stop_session", "live_reading", "refund_session"]
PLAUSIBLE = (
    # ids shown in other lists and records: charge points on sessions, faults and reservations; cards and drivers on
    # sessions and reservations; sites on charge points; faults on a charge point's record; sessions on a driver's
    # account; drivers on cards
    {(p, c) for p in ("sessions", "start_session", "faults", "log_fault", "reserve_connector") for c in POINT_CONSUMERS
     if p != c}
    | {(p, c) for p in ("sessions", "start_session", "reserve_connector") for c in CARD_CONSUMERS if p != c}
    | {(p, c) for p in ("sessions", "start_session", "issue_card", "block_card", "activate_card") for c in
       DRIVER_CONSUMERS if p != c}
    | {("charge_points", "install_charge_point"), ("charge_point", "dispatch_engineer"),
       ("charge_point", "resolve_fault"), ("faults", "dispatch_engineer")}
    | {("driver_account", c) for c in SESSION_CONSUMERS}
    # one step further along the designed chains (two designed pairs in a row, and real in the proofs: the later
    # call fails when the earlier one is dropped)
    | {
        ("activate_card", "cancel_reservation"), ("activate_card", "live_reading"), ("activate_card", "refund_session"),
        ("activate_card", "stop_session"), ("add_payment_method", "reserve_connector"),
        ("add_payment_method", "start_session"), ("add_site", "assign_tariff"), ("add_site", "charge_point"),
        ("add_site", "commission_charge_point"), ("add_site", "decommission_charge_point"), ("add_site", "log_fault"),
        ("add_site", "reserve_connector"), ("add_site", "reset_charge_point"), ("add_site", "set_availability"),
        ("add_site", "start_session"), ("add_site", "unlock_connector"), ("add_site", "update_firmware"),
        ("charge_points", "cancel_reservation"), ("charge_points", "live_reading"), ("charge_points", "refund_session"),
        ("charge_points", "stop_session"), ("commission_charge_point", "dispatch_engineer"),
        ("commission_charge_point", "reserve_connector"), ("commission_charge_point", "resolve_fault"),
        ("commission_charge_point", "set_availability"), ("commission_charge_point", "start_session"),
        ("dispatch_engineer", "start_session"), ("driver_account", "issue_card"), ("engineers", "resolve_fault"),
        ("faults", "start_session"), ("find_driver", "activate_card"), ("find_driver", "block_card"),
        ("find_driver", "reserve_connector"), ("find_driver", "start_session"), ("find_driver", "unblock_card"),
        ("install_charge_point", "dispatch_engineer"), ("install_charge_point", "resolve_fault"),
        ("issue_card", "cancel_reservation"), ("issue_card", "live_reading"), ("issue_card", "refund_session"),
        ("issue_card", "stop_session"), ("register_driver", "activate_card"), ("register_driver", "block_card"),
        ("register_driver", "reserve_connector"), ("register_driver", "start_session"),
        ("register_driver", "unblock_card"), ("sessions", "reset_charge_point"), ("sessions", "unlock_connector"),
        ("tariffs", "reserve_connector"), ("tariffs", "set_availability"), ("tariffs", "start_session"),
    }
    # a record created or changed, then seen in the lists and records that show it
    | {
        ("register_driver", "find_driver"), ("update_driver", "find_driver"), ("update_driver", "driver_account"),
        ("add_payment_method", "find_driver"), ("add_payment_method", "driver_account"),
        ("issue_card", "driver_account"), ("activate_card", "driver_account"), ("block_card", "driver_account"),
        ("unblock_card", "driver_account"), ("add_site", "sites"), ("install_charge_point", "charge_points"),
        ("commission_charge_point", "charge_points"), ("commission_charge_point", "charge_point"),
        ("assign_tariff", "charge_points"), ("assign_tariff", "charge_point"), ("set_availability", "charge_point"),
        ("update_firmware", "charge_points"), ("update_firmware", "charge_point"),
        ("decommission_charge_point", "charge_points"), ("decommission_charge_point", "charge_point"),
        ("log_fault", "faults"), ("log_fault", "charge_point"), ("dispatch_engineer", "faults"),
        ("resolve_fault", "faults"), ("resolve_fault", "charge_point"), ("reserve_connector", "charge_point"),
        ("cancel_reservation", "charge_point"), ("start_session", "sessions"), ("start_session", "charge_point"),
        ("start_session", "driver_account"), ("stop_session", "sessions"), ("stop_session", "charge_point"),
        ("stop_session", "driver_account"), ("refund_session", "sessions"),
    }
) - _DESIGNED - {(t.__name__, t.__name__) for t in TOOLS}  # not the designed pairs, nor a tool with itself
