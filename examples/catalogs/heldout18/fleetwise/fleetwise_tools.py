"""Fleetwise: the telematics console of Northgate Haulage & Couriers, Leeds and Hull (39 calls).

Async handlers over an in-memory ``State`` of the fleet on Tuesday 14 March 2028 at 10:20. The
console speaks to the trackers in six vehicles (two Transit vans, two 7.5-tonne DAFs, two Volvo
tractor units) and to the depots' dispatch desk: operators sign in, find vehicles by registration,
see where they are, assign drivers (after a licence check), raise and dispatch delivery jobs, take
proof of delivery and close trips; they acknowledge alerts, draw geofences, set road-speed limits,
message the cab, log defects, take vehicles off the road, book workshops and put vehicles back on
the road; the fleet manager can immobilise a vehicle and block its fuel card. The map search
(``geocode``) needs no session.

Replies are plain dicts (a postcode's position, a vehicle with its driver and tracker nested, a
position, a licence check, a job, a proof of delivery, a trip summary, an immobiliser command, a
workshop booking), rows as
lists of lists with lists nested (vehicles, drivers, alerts, geofences with their units, jobs,
defects, workshops with their free days, fuel cards, transactions, mileage), bare values (a session
key, a previous speed limit, ``True``, a message id, an ETA, ``"EXECUTED"``) and sentences with a new
driver, geofence, trip or defect number inside.

Refusals come back the way the old tracker gateway returns them: ``{"rc": <code>, "msg": ...}``
with a non-zero ``rc`` (3 no session, 4 unknown record, 6 not allowed for the role, 9 wrong state,
12 bad value). No common convention reads that shape, so the module declares ``FAILURE``
(``gateway_refused``). Vehicles, drivers and defects have look-alike numbers (unit ``U-40118``,
driver ``D0412``, defect ``D40118/1``, trip ``TP-8840``). Defect categories, immobiliser reason
codes, pallet capacities, speed-limit ranges and the 90-day licence-check rule are stated only in
refusals.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as
provider means either tool satisfies it, and the text of ``what`` before its first ``:`` is the
kind.
"""

from __future__ import annotations

import functools
from datetime import date
from enum import Enum
from typing import Literal

TODAY = "2028-03-14"
NOW = "2028-03-14T10:20"

Depot = Literal["LDS", "HUL"]
AlertKind = Literal["speeding", "harsh_braking", "geofence", "tamper", "low_battery"]
FenceKind = Literal["depot", "customer", "no_go"]
FenceTrigger = Literal["enter", "exit", "both"]
Severity = Literal["advisory", "minor", "dangerous"]


class VehicleStatus(str, Enum):
    ACTIVE = "active"
    OFF_ROAD = "off_road"
    IMMOBILISED = "immobilised"


class JobStatus(str, Enum):
    OPEN = "open"
    DISPATCHED = "dispatched"
    DELIVERED = "delivered"
    CANCELLED = "cancelled"


_CATEGORIES = ("B", "C1", "C", "C+E", "D1")
_CLASS_NEEDS = {"B": {"B", "C1", "C", "C+E"}, "C1": {"C1", "C", "C+E"}, "C+E": {"C+E"}}
_PALLETS = {"B": 3, "C1": 8, "C+E": 26}
_SPEED_RANGE = {"B": (50, 113), "C1": (50, 90), "C+E": (50, 85)}
_DEFECT_CATEGORIES = ("brakes", "tyres", "lights", "steering", "bodywork", "tail_lift", "engine", "tachograph")
_IMMOBILISE_REASONS = ("THEFT", "NON_RETURN", "POLICE_REQUEST")


class _Reject(Exception):
    def __init__(self, rc: int, msg: str) -> None:
        super().__init__(msg)
        self.rc, self.msg = rc, msg


def gateway(fn):
    """Turn a handler's ``_Reject`` into the gateway's ``{"rc", "msg"}`` reply."""

    @functools.wraps(fn)
    async def call(*args, **kwargs):
        try:
            return await fn(*args, **kwargs)
        except _Reject as r:
            return {"rc": r.rc, "msg": r.msg}

    return call


def gateway_refused(reply) -> bool:
    """True for a gateway refusal: a dict with a non-zero ``rc``."""
    return isinstance(reply, dict) and reply.get("rc", 0) not in (0, None)


FAILURE = gateway_refused


class State:
    """The Northgate fleet on 14 March 2028, 10:20."""

    def __init__(self) -> None:
        self.operators = {
            "priya.shah": {"name": "Priya Shah", "password": "Harrier-77", "role": "dispatcher"},
            "dan.moss": {"name": "Dan Moss", "password": "Falcon-12", "role": "fleet_manager"},
            "kev.ward": {"name": "Kev Ward", "password": "Merlin-40", "role": "workshop"},
        }
        self.sessions = {}
        self.vehicles = {
            "U-40117": {"reg": "NG27 KVR", "model": "Ford Transit 350 L3", "class": "B", "depot": "LDS",
                        "status": "active", "driver": "D0412", "limit": 113, "odometer": 48210,
                        "tracker": {"serial": "TRK-7731-0117", "firmware": "4.2.1", "last_seen": "2028-03-14T10:19"},
                        "pos": {"lat": 53.9071, "lon": -1.3854, "speed_kph": 62, "ignition": True, "heading": "E",
                                "near": "A64 eastbound near Bramham"}},
            "U-40118": {"reg": "NG27 KVS", "model": "Ford Transit 350 L3", "class": "B", "depot": "LDS",
                        "status": "active", "driver": None, "limit": 113, "odometer": 51877,
                        "tracker": {"serial": "TRK-7731-0118", "firmware": "4.2.1", "last_seen": "2028-03-14T10:17"},
                        "pos": {"lat": 53.7744, "lon": -1.5211, "speed_kph": 0, "ignition": False, "heading": "N",
                                "near": "Leeds depot, Pontefract Lane"}},
            "U-40231": {"reg": "YX26 HBD", "model": "DAF LF 180 7.5t", "class": "C1", "depot": "LDS",
                        "status": "active", "driver": None, "limit": 90, "odometer": 90412,
                        "tracker": {"serial": "TRK-7731-0231", "firmware": "4.1.9", "last_seen": "2028-03-14T10:15"},
                        "pos": {"lat": 53.7746, "lon": -1.5209, "speed_kph": 0, "ignition": False, "heading": "S",
                                "near": "Leeds depot, Pontefract Lane"}},
            "U-40232": {"reg": "YX26 HBE", "model": "DAF LF 180 7.5t", "class": "C1", "depot": "HUL",
                        "status": "off_road", "driver": None, "limit": 90, "odometer": 88150,
                        "tracker": {"serial": "TRK-7731-0232", "firmware": "4.1.9", "last_seen": "2028-03-14T09:58"},
                        "pos": {"lat": 53.7436, "lon": -0.2740, "speed_kph": 0, "ignition": False, "heading": "W",
                                "near": "Hull depot, Hedon Road"}},
            "U-40350": {"reg": "PN25 OTA", "model": "Volvo FH 460 4x2 tractor", "class": "C+E", "depot": "HUL",
                        "status": "active", "driver": "D0398", "limit": 85, "odometer": 212904,
                        "tracker": {"serial": "TRK-9020-0350", "firmware": "5.0.3", "last_seen": "2028-03-14T10:20"},
                        "pos": {"lat": 53.7012, "lon": -0.8650, "speed_kph": 80, "ignition": True, "heading": "W",
                                "near": "M62 westbound, junction 36"}},
            "U-40351": {"reg": "PN25 OTB", "model": "Volvo FH 460 4x2 tractor", "class": "C+E", "depot": "HUL",
                        "status": "active", "driver": None, "limit": 85, "odometer": 198377,
                        "tracker": {"serial": "TRK-9020-0351", "firmware": "5.0.3", "last_seen": "2028-03-14T10:11"},
                        "pos": {"lat": 53.7305, "lon": -0.6571, "speed_kph": 0, "ignition": False, "heading": "E",
                                "near": "lay-by, A63 near Brough"}},
        }
        self.history = {
            ("U-40117", "2028-03-14"): [
                ["07:02", "ignition_on", 0, [53.7744, -1.5211]], ["07:05", "geofence_exit", 18, [53.7760, -1.5190]],
                ["08:41", "stop", 0, [53.8321, -1.4467]], ["10:02", "speeding", 82, [53.8950, -1.4010]],
            ],
            ("U-40351", "2028-03-13"): [
                ["17:30", "ignition_on", 0, [53.7436, -0.2740]], ["23:31", "stop", 0, [53.7280, -0.6412]],
                ["23:58", "ignition_off", 0, [53.7305, -0.6571]],
            ],
        }
        self.drivers = {
            "D0398": {"name": "Craig Hollis", "depot": "HUL", "categories": ["B", "C1", "C", "C+E"],
                      "licence": "HOLLI807224C99XK", "checked_on": "2028-02-20", "points": 3, "phone": "07700 900318"},
            "D0412": {"name": "Amy Brannigan", "depot": "LDS", "categories": ["B"],
                      "licence": "BRANN952118A99LM", "checked_on": "2028-01-09", "points": 0, "phone": "07700 900412"},
            "D0420": {"name": "Tomasz Nowak", "depot": "LDS", "categories": ["B", "C1"],
                      "licence": "NOWAK811305T99PQ", "checked_on": "2027-10-02", "points": 0, "phone": "07700 900420"},
            "D0425": {"name": "Joel Farrar", "depot": "LDS", "categories": ["B", "C1", "C", "C+E"],
                      "licence": "FARRA789012J99RS", "checked_on": "2028-03-01", "points": 6, "phone": "07700 900425"},
        }
        self.alerts = {
            "A-77118": {"kind": "low_battery", "unit": "U-40351", "at": "2028-03-14T06:40",
                        "detail": "tracker backup battery 11%", "ack": None},
            "A-77120": {"kind": "speeding", "unit": "U-40117", "at": "2028-03-14T10:02",
                        "detail": "82 km/h in a 64 km/h zone, A58 Wetherby Road", "ack": None},
            "A-77121": {"kind": "harsh_braking", "unit": "U-40350", "at": "2028-03-14T10:09",
                        "detail": "0.52 g deceleration, M62 junction 37", "ack": None},
        }
        self.geofences = {
            "GF-21": {"name": "Leeds depot", "kind": "depot", "lat": 53.7744, "lon": -1.5211, "radius_m": 250,
                      "units": ["U-40117", "U-40118", "U-40231"], "alert_on": "both"},
            "GF-22": {"name": "Hull depot", "kind": "depot", "lat": 53.7436, "lon": -0.2740, "radius_m": 300,
                      "units": ["U-40232", "U-40350", "U-40351"], "alert_on": "both"},
        }
        self.jobs = {
            "J-0314-02": {"customer": "Ackroyd Print", "collect_from": "Leeds depot",
                          "deliver_to": "Ackroyd Print, York YO26 6RW", "due_by": "12:30", "pallets": 2,
                          "status": "dispatched", "unit": "U-40117", "trip": "TP-8836", "pod": None},
            "J-0314-05": {"customer": "Brewer & Sons", "collect_from": "Leeds depot",
                          "deliver_to": "Brewer & Sons, Wetherby LS22 7DN", "due_by": "15:00", "pallets": 2,
                          "status": "open", "unit": None, "trip": None, "pod": None},
            "J-0314-06": {"customer": "Calder Tiles Ltd", "collect_from": "Hull depot",
                          "deliver_to": "Calder Tiles, Goole DN14 6XL", "due_by": "17:00", "pallets": 8,
                          "status": "open", "unit": None, "trip": None, "pod": None},
        }
        self.trips = {
            "TP-8836": {"unit": "U-40117", "driver": "D0412", "start_odometer": 48120, "jobs": ["J-0314-02"],
                        "opened": "2028-03-14T07:02", "closed": None},
        }
        self.defects = {
            "D40117/1": {"unit": "U-40117", "category": "bodywork", "severity": "advisory",
                         "description": "Scuff on nearside sliding door", "reported_on": "2028-03-02", "status": "open"},
            "D40232/1": {"unit": "U-40232", "category": "brakes", "severity": "dangerous",
                         "description": "Offside front brake binding, smell of burning", "reported_on": "2028-03-10",
                         "status": "open"},
        }
        self.workshops = {
            "LDS-BAY": {"name": "Leeds depot workshop bay", "depot": "LDS", "free": ["2028-03-15", "2028-03-16", "2028-03-17"]},
            "HUL-BAY": {"name": "Hull depot workshop bay", "depot": "HUL", "free": ["2028-03-16", "2028-03-20"]},
            "TFX-HULL": {"name": "Truckfix Hull (agent, HGV only)", "depot": "HUL", "free": ["2028-03-14", "2028-03-15"]},
        }
        self.bookings = {}
        self.commands = {}
        self.messages = []
        self.fuel_cards = {
            "FC-88104": {"unit": "U-40117", "status": "active", "daily_limit": 150.0},
            "FC-88105": {"unit": "U-40118", "status": "active", "daily_limit": 150.0},
            "FC-88231": {"unit": "U-40231", "status": "active", "daily_limit": 250.0},
            "FC-88351": {"unit": "U-40351", "status": "active", "daily_limit": 600.0},
        }
        self.fuel = [
            ["FC-88104", "2028-03-13T16:12", "BP Garforth", 61.2, 98.53],
            ["FC-88231", "2028-03-12T08:40", "Esso Seacroft", 118.0, 185.26],
            ["FC-88351", "2028-03-11T12:05", "Northgate Hull bunker", 402.0, 538.68],
            ["FC-88351", "2028-03-13T23:40", "Shell Brough", 410.5, 701.96],
        ]
        self.mileage = {
            "2028-02": {"U-40117": [3912, 402.0], "U-40118": [3544, 371.5], "U-40231": [2870, 498.1],
                        "U-40232": [2410, 431.0], "U-40350": [11240, 3260.4], "U-40351": [10875, 3199.0]},
        }
        self.counters = {"session": 7301, "driver": 431, "geofence": 23, "job": 7, "trip": 8840, "message": 5120,
                         "command": 5501, "booking": 1207}


# --------------------------------------------------------------------------- helpers


def _next(state, key):
    n = state.counters[key]
    state.counters[key] += 1
    return n


def _op(state, session, *roles):
    user = state.sessions.get(session)
    if user is None:
        raise _Reject(3, "no such session; sign in again")
    op = state.operators[user]
    if roles and op["role"] not in roles:
        raise _Reject(6, f"role {op['role']} may not do this")
    return op


def _unit(state, unit_id):
    v = state.vehicles.get(str(unit_id).strip().upper())
    if v is None:
        raise _Reject(4, f"unit {unit_id} not found")
    return v


def _driver(state, driver_id):
    d = state.drivers.get(str(driver_id).strip().upper())
    if d is None:
        raise _Reject(4, f"driver {driver_id} not found")
    return d


def _job(state, job_id):
    j = state.jobs.get(str(job_id).strip().upper())
    if j is None:
        raise _Reject(4, f"job {job_id} not found")
    return j


def _driver_of(state, driver_id):
    """The unit a driver is in, or None."""
    return next((k for k, v in state.vehicles.items() if v["driver"] == driver_id), None)


_GAZETTEER = {
    "LS9 0PS": (53.7744, -1.5211, "Northgate Leeds depot, Pontefract Lane"),
    "HU9 5NX": (53.7436, -0.2740, "Northgate Hull depot, Hedon Road"),
    "DN14 6XL": (53.6990, -0.8710, "Calder Tiles, Goole"),
    "LS21 3AB": (53.9052, -1.6921, "Harlow Garden Centre, Otley"),
    "LS22 7DN": (53.9290, -1.3860, "Brewer & Sons, Wetherby"),
    "YO26 6RW": (53.9650, -1.1250, "Ackroyd Print, York"),
}


# --------------------------------------------------------------------------- public


async def geocode(postcode: str) -> dict:
    """Latitude and longitude of a UK postcode (the console's map search; no session needed).

    :param postcode: A full postcode, e.g. ``DN14 6XL``.
    :returns: ``postcode``, ``lat``, ``lon``, ``match``; ``{"rc": 4, ...}`` when the postcode is unknown.
    """
    key = " ".join(postcode.upper().split())
    hit = _GAZETTEER.get(key)
    if hit is None:
        return {"rc": 4, "msg": f"postcode {postcode} not found"}
    return {"postcode": key, "lat": hit[0], "lon": hit[1], "match": hit[2]}


# --------------------------------------------------------------------------- session


@gateway
async def sign_in(username: str, password: str, state: State = None) -> str:
    """Sign in to the Fleetwise console.

    :param username: Operator user name, e.g. ``priya.shah``.
    :param password: The operator's password.
    :returns: The session key (a bare string) that every other call takes.
    """
    op = state.operators.get(username.strip().lower())
    if op is None or op["password"] != password:
        raise _Reject(3, "user name or password not recognised")
    key = f"FWS-{_next(state, 'session'):05d}"
    state.sessions[key] = username.strip().lower()
    return key


@gateway
async def sign_out(session: str, state: State = None) -> str:
    """End a console session.

    :param session: Session key.
    :returns: A confirmation line.
    """
    _op(state, session)
    user = state.sessions.pop(session)
    return f"Signed out {user}."


# --------------------------------------------------------------------------- vehicles


@gateway
async def list_vehicles(session: str, depot: Depot | None = None, status: VehicleStatus | None = None,
                        state: State = None) -> list[list]:
    """The fleet, optionally for one depot or in one status.

    :param session: Session key.
    :param depot: ``LDS`` (Leeds) or ``HUL`` (Hull).
    :param status: ``active``, ``off_road`` or ``immobilised``.
    :returns: Rows ``[unit_id, registration, model, depot, status, driver_id or null]`` by unit.
    """
    _op(state, session)
    if status is not None:
        try:
            status = VehicleStatus(status).value
        except ValueError:
            raise _Reject(12, f"unknown status {status}") from None
    return [[u, v["reg"], v["model"], v["depot"], v["status"], v["driver"]] for u, v in sorted(state.vehicles.items())
            if (depot is None or v["depot"] == depot) and (status is None or v["status"] == status)]


@gateway
async def find_vehicle(session: str, registration: str, state: State = None) -> dict:
    """Look a vehicle up by its registration plate.

    :param session: Session key.
    :param registration: Registration, with or without the space (``NG27 KVS``).
    :returns: The vehicle: unit id, registration, model, licence class, depot, status, speed limit,
        odometer, its driver (id and name) and its tracker (serial, firmware, last seen).
    """
    _op(state, session)
    plate = registration.replace(" ", "").upper()
    for u, v in state.vehicles.items():
        if v["reg"].replace(" ", "") == plate:
            d = state.drivers.get(v["driver"]) if v["driver"] else None
            return {"unit_id": u, "registration": v["reg"], "model": v["model"], "class": v["class"],
                    "depot": v["depot"], "status": v["status"], "speed_limit_kph": v["limit"],
                    "odometer_km": v["odometer"],
                    "driver": None if d is None else {"driver_id": v["driver"], "name": d["name"]},
                    "tracker": dict(v["tracker"])}
    raise _Reject(4, f"no vehicle with registration {registration}")


@gateway
async def live_position(session: str, unit_id: str, state: State = None) -> dict:
    """Where a vehicle is now.

    :param session: Session key.
    :param unit_id: Unit id.
    :returns: ``unit_id``, ``at``, ``lat``, ``lon``, ``speed_kph``, ``ignition``, ``heading``, ``near``.
    """
    _op(state, session)
    v = _unit(state, unit_id)
    return {"unit_id": unit_id.strip().upper(), "at": v["tracker"]["last_seen"], **v["pos"]}


@gateway
async def trip_history(session: str, unit_id: str, day: str, state: State = None) -> list[list]:
    """A vehicle's tracker events for one day.

    :param session: Session key.
    :param unit_id: Unit id.
    :param day: ``YYYY-MM-DD``.
    :returns: Rows ``[time, event, speed_kph, [lat, lon]]``; empty when the tracker sent nothing.
    """
    _op(state, session)
    _unit(state, unit_id)
    return [list(r) for r in state.history.get((unit_id.strip().upper(), day), [])]


# --------------------------------------------------------------------------- drivers


@gateway
async def list_drivers(session: str, depot: Depot | None = None, state: State = None) -> list[list]:
    """Drivers on the books.

    :param session: Session key.
    :param depot: Only this depot's drivers.
    :returns: Rows ``[driver_id, name, depot, [licence categories], licence_checked_on, unit_id or null]``.
    """
    _op(state, session)
    return [[k, d["name"], d["depot"], list(d["categories"]), d["checked_on"], _driver_of(state, k)]
            for k, d in sorted(state.drivers.items()) if depot is None or d["depot"] == depot]


@gateway
async def add_driver(session: str, full_name: str, licence_number: str, categories: list[str], depot: Depot,
                     phone: str, state: State = None) -> str:
    """Put a new driver on the books (fleet manager).

    :param session: Session key.
    :param full_name: The driver's name.
    :param licence_number: The 16-character driving licence number.
    :param categories: Licence categories held, e.g. ``["B", "C1"]``.
    :param depot: Home depot.
    :param phone: Mobile number.
    :returns: A line with the new driver number.
    """
    _op(state, session, "fleet_manager")
    lic = licence_number.replace(" ", "").upper()
    if len(lic) != 16:
        raise _Reject(12, "a driving licence number has 16 characters")
    if any(d["licence"] == lic for d in state.drivers.values()):
        raise _Reject(9, f"licence {lic} is already on the books")
    bad = [c for c in categories if c not in _CATEGORIES]
    if bad or not categories:
        raise _Reject(12, f"licence categories must be from {', '.join(_CATEGORIES)}")
    did = f"D{_next(state, 'driver'):04d}"
    state.drivers[did] = {"name": full_name.strip(), "depot": depot, "categories": list(categories), "licence": lic,
                          "checked_on": None, "points": None, "phone": phone.strip()}
    return f"Driver {did} added: {full_name.strip()} ({', '.join(categories)}), {depot}; licence not yet checked."


@gateway
async def check_licence(session: str, driver_id: str, state: State = None) -> dict:
    """Run the DVLA licence check for a driver (fleet manager).

    :param session: Session key.
    :param driver_id: Driver number.
    :returns: ``driver_id``, ``name``, ``licence_number``, ``valid``, ``categories``, ``penalty_points``,
        ``checked_on``.
    """
    _op(state, session, "fleet_manager")
    d = _driver(state, driver_id)
    d["checked_on"] = TODAY
    if d["points"] is None:
        d["points"] = 0
    return {"driver_id": driver_id.strip().upper(), "name": d["name"], "licence_number": d["licence"], "valid": True,
            "categories": list(d["categories"]), "penalty_points": d["points"], "checked_on": TODAY}


@gateway
async def assign_driver(session: str, unit_id: str, driver_id: str, state: State = None) -> str:
    """Put a driver in a vehicle.

    :param session: Session key.
    :param unit_id: The vehicle's unit id.
    :param driver_id: Driver number.
    :returns: A confirmation line.
    """
    _op(state, session, "dispatcher", "fleet_manager")
    v = _unit(state, unit_id)
    d = _driver(state, driver_id)
    uid, did = unit_id.strip().upper(), driver_id.strip().upper()
    if v["status"] != "active":
        raise _Reject(9, f"{uid} is {v['status']}")
    if v["driver"] == did:
        raise _Reject(9, f"{d['name']} is already driving {uid}")
    if v["driver"]:
        raise _Reject(9, f"{uid} already has driver {v['driver']}; unassign first")
    if _driver_of(state, did):
        raise _Reject(9, f"{d['name']} is driving {_driver_of(state, did)}")
    if d["checked_on"] is None or (date.fromisoformat(TODAY) - date.fromisoformat(d["checked_on"])).days > 90:
        raise _Reject(9, f"licence of {did} must be checked within the last 90 days "
                         f"(last check: {d['checked_on'] or 'never'})")
    if not _CLASS_NEEDS[v["class"]] & set(d["categories"]):
        raise _Reject(9, f"{uid} needs a category {v['class']} licence or above")
    v["driver"] = did
    return f"{d['name']} ({did}) is now driving {uid} ({v['reg']})."


@gateway
async def unassign_driver(session: str, unit_id: str, state: State = None) -> str:
    """Take the driver out of a vehicle.

    :param session: Session key.
    :param unit_id: The vehicle's unit id.
    :returns: A confirmation line.
    """
    _op(state, session, "dispatcher", "fleet_manager")
    v = _unit(state, unit_id)
    uid = unit_id.strip().upper()
    if not v["driver"]:
        raise _Reject(9, f"{uid} has no driver")
    trip = next((t for t, x in state.trips.items() if x["unit"] == uid and x["closed"] is None), None)
    if trip:
        raise _Reject(9, f"{uid} is on open trip {trip}; close it first")
    name = state.drivers[v["driver"]]["name"]
    v["driver"] = None
    return f"{name} is no longer driving {uid}."


# --------------------------------------------------------------------------- alerts and geofences


@gateway
async def list_alerts(session: str, kind: AlertKind | None = None, include_acknowledged: bool = False,
                      state: State = None) -> list[list]:
    """Tracker alerts, newest first.

    :param session: Session key.
    :param kind: Only this kind of alert.
    :param include_acknowledged: Also show alerts already acknowledged.
    :returns: Rows ``[alert_id, kind, unit_id, at, detail]``.
    """
    _op(state, session)
    return [[a, x["kind"], x["unit"], x["at"], x["detail"]] for a, x in sorted(state.alerts.items(), reverse=True)
            if (kind is None or x["kind"] == kind) and (include_acknowledged or x["ack"] is None)]


@gateway
async def acknowledge_alert(session: str, alert_id: str, note: str, state: State = None) -> bool:
    """Acknowledge an alert with a note of what was done.

    :param session: Session key.
    :param alert_id: Alert id.
    :param note: What was done about it.
    :returns: ``True``.
    """
    op = _op(state, session)
    a = state.alerts.get(alert_id.strip().upper())
    if a is None:
        raise _Reject(4, f"alert {alert_id} not found")
    if a["ack"] is not None:
        raise _Reject(9, f"alert {alert_id} already acknowledged by {a['ack']['by']}")
    a["ack"] = {"by": op["name"], "note": note.strip(), "at": NOW}
    return True


@gateway
async def create_geofence(session: str, name: str, lat: float, lon: float, radius_m: int, kind: FenceKind,
                          state: State = None) -> str:
    """Draw a circular geofence.

    :param session: Session key.
    :param name: A name for the place.
    :param lat: Centre latitude.
    :param lon: Centre longitude.
    :param radius_m: Radius in metres.
    :param kind: ``depot``, ``customer`` or ``no_go``.
    :returns: A line with the new geofence id.
    """
    _op(state, session, "dispatcher", "fleet_manager")
    if not 50 <= radius_m <= 5000:
        raise _Reject(12, "radius must be 50 to 5000 metres")
    if any(g["name"].lower() == name.strip().lower() for g in state.geofences.values()):
        raise _Reject(9, f"a geofence called {name.strip()} already exists")
    gid = f"GF-{_next(state, 'geofence')}"
    state.geofences[gid] = {"name": name.strip(), "kind": kind, "lat": lat, "lon": lon, "radius_m": radius_m,
                            "units": [], "alert_on": None}
    return f"Geofence {gid} '{name.strip()}' created ({kind}, {radius_m} m); no vehicles attached yet."


@gateway
async def list_geofences(session: str, state: State = None) -> list[list]:
    """All geofences.

    :param session: Session key.
    :returns: Rows ``[geofence_id, name, kind, radius_m, [unit_ids]]``.
    """
    _op(state, session)
    return [[g, x["name"], x["kind"], x["radius_m"], list(x["units"])] for g, x in sorted(state.geofences.items())]


@gateway
async def attach_geofence(session: str, geofence_id: str, unit_ids: list[str], alert_on: FenceTrigger,
                          state: State = None) -> dict:
    """Watch vehicles against a geofence.

    :param session: Session key.
    :param geofence_id: Geofence id.
    :param unit_ids: Units to watch.
    :param alert_on: Alert when a vehicle enters, leaves, or both.
    :returns: ``geofence_id``, ``name``, ``units``, ``alert_on``.
    """
    _op(state, session, "dispatcher", "fleet_manager")
    g = state.geofences.get(geofence_id.strip().upper())
    if g is None:
        raise _Reject(4, f"geofence {geofence_id} not found")
    units = []
    for u in unit_ids:
        _unit(state, u)
        units.append(u.strip().upper())
    new = [u for u in units if u not in g["units"]]
    if not new and g["alert_on"] == alert_on:
        raise _Reject(9, "those units are already watched that way")
    g["units"] += new
    g["alert_on"] = alert_on
    return {"geofence_id": geofence_id.strip().upper(), "name": g["name"], "units": list(g["units"]), "alert_on": alert_on}


@gateway
async def set_speed_limit(session: str, unit_id: str, limit_kph: int, state: State = None) -> int:
    """Set a vehicle's road-speed limiter.

    :param session: Session key.
    :param unit_id: Unit id.
    :param limit_kph: New limit in km/h.
    :returns: The previous limit (a bare number).
    """
    _op(state, session, "fleet_manager", "workshop")
    v = _unit(state, unit_id)
    lo, hi = _SPEED_RANGE[v["class"]]
    if not lo <= limit_kph <= hi:
        raise _Reject(12, f"a class {v['class']} vehicle's limit must be {lo} to {hi} km/h")
    if v["limit"] == limit_kph:
        raise _Reject(9, f"limit is already {limit_kph} km/h")
    old, v["limit"] = v["limit"], limit_kph
    return old


@gateway
async def message_driver(session: str, unit_id: str, text: str, state: State = None) -> str:
    """Send a message to the in-cab display.

    :param session: Session key.
    :param unit_id: The vehicle whose driver gets it.
    :param text: Up to 160 characters.
    :returns: The message id (a bare string).
    """
    op = _op(state, session, "dispatcher", "fleet_manager")
    v = _unit(state, unit_id)
    if not v["driver"]:
        raise _Reject(9, f"{unit_id.strip().upper()} has no driver signed in to receive messages")
    if not text.strip() or len(text) > 160:
        raise _Reject(12, "a cab message has 1 to 160 characters")
    mid = f"MSG-{_next(state, 'message')}"
    state.messages.append({"id": mid, "unit": unit_id.strip().upper(), "driver": v["driver"], "from": op["name"],
                           "text": text.strip()})
    return mid


# --------------------------------------------------------------------------- jobs and trips


@gateway
async def create_job(session: str, customer: str, collect_from: str, deliver_to: str, due_by: str, pallets: int,
                     state: State = None) -> dict:
    """Raise a delivery job.

    :param session: Session key.
    :param customer: Customer name.
    :param collect_from: Collection point.
    :param deliver_to: Delivery address.
    :param due_by: Latest delivery time today, ``HH:MM``.
    :param pallets: Number of pallets.
    :returns: ``job_id``, ``status`` and the job's details.
    """
    _op(state, session, "dispatcher", "fleet_manager")
    if not 1 <= pallets <= 26:
        raise _Reject(12, "a job is 1 to 26 pallets")
    jid = f"J-0314-{_next(state, 'job'):02d}"
    state.jobs[jid] = {"customer": customer.strip(), "collect_from": collect_from.strip(), "deliver_to": deliver_to.strip(),
                       "due_by": due_by, "pallets": pallets, "status": "open", "unit": None, "trip": None, "pod": None}
    return {"job_id": jid, "status": "open", "customer": customer.strip(), "deliver_to": deliver_to.strip(),
            "due_by": due_by, "pallets": pallets}


@gateway
async def list_jobs(session: str, status: JobStatus | None = None, state: State = None) -> list[list]:
    """Today's jobs.

    :param session: Session key.
    :param status: ``open``, ``dispatched``, ``delivered`` or ``cancelled``.
    :returns: Rows ``[job_id, customer, deliver_to, due_by, pallets, status, unit_id or null, trip or null]``.
    """
    _op(state, session)
    if status is not None:
        try:
            status = JobStatus(status).value
        except ValueError:
            raise _Reject(12, f"unknown job status {status}") from None
    return [[j, x["customer"], x["deliver_to"], x["due_by"], x["pallets"], x["status"], x["unit"], x["trip"]]
            for j, x in sorted(state.jobs.items()) if status is None or x["status"] == status]


@gateway
async def dispatch_job(session: str, job_id: str, unit_id: str, state: State = None) -> str:
    """Send a job to a vehicle; opens a trip for the vehicle if it has none open.

    :param session: Session key.
    :param job_id: Job id.
    :param unit_id: The vehicle's unit id.
    :returns: A line with the trip number.
    """
    _op(state, session, "dispatcher", "fleet_manager")
    j = _job(state, job_id)
    v = _unit(state, unit_id)
    jid, uid = job_id.strip().upper(), unit_id.strip().upper()
    if j["status"] != "open":
        raise _Reject(9, f"job {jid} is {j['status']}")
    if v["status"] != "active":
        raise _Reject(9, f"{uid} is {v['status']}")
    if not v["driver"]:
        raise _Reject(9, f"{uid} has no driver assigned")
    if j["pallets"] > _PALLETS[v["class"]]:
        raise _Reject(12, f"{uid} (class {v['class']}) carries at most {_PALLETS[v['class']]} pallets")
    trip = next((t for t, x in state.trips.items() if x["unit"] == uid and x["closed"] is None), None)
    if trip is None:
        trip = f"TP-{_next(state, 'trip')}"
        state.trips[trip] = {"unit": uid, "driver": v["driver"], "start_odometer": v["odometer"], "jobs": [],
                             "opened": NOW, "closed": None}
    state.trips[trip]["jobs"].append(jid)
    j.update(status="dispatched", unit=uid, trip=trip)
    return (f"Job {jid} dispatched to {uid} ({v['reg']}, driver {state.drivers[v['driver']]['name']}) "
            f"on trip {trip}.")


@gateway
async def job_eta(session: str, job_id: str, state: State = None) -> str:
    """Estimated arrival time of a dispatched job.

    :param session: Session key.
    :param job_id: Job id.
    :returns: ``HH:MM`` (a bare string).
    """
    _op(state, session)
    j = _job(state, job_id)
    if j["status"] != "dispatched":
        raise _Reject(9, f"job {job_id.strip().upper()} is {j['status']}, not on the road")
    v = state.vehicles[j["unit"]]
    return "11:05" if v["pos"]["ignition"] else "12:40"


@gateway
async def record_pod(session: str, job_id: str, signed_by: str, photo_refs: list[str], state: State = None) -> dict:
    """Record proof of delivery for a job.

    :param session: Session key.
    :param job_id: Job id.
    :param signed_by: Who signed for the goods.
    :param photo_refs: References of the delivery photos from the driver's handset.
    :returns: ``job_id``, ``status``, ``signed_by``, ``photos``, ``at``.
    """
    _op(state, session, "dispatcher", "fleet_manager")
    j = _job(state, job_id)
    jid = job_id.strip().upper()
    if j["status"] != "dispatched":
        raise _Reject(9, f"job {jid} is {j['status']}")
    if not photo_refs:
        raise _Reject(12, "proof of delivery needs at least one photo")
    j["status"] = "delivered"
    j["pod"] = {"signed_by": signed_by.strip(), "photos": list(photo_refs), "at": NOW}
    return {"job_id": jid, "status": "delivered", "signed_by": signed_by.strip(), "photos": len(photo_refs), "at": NOW}


@gateway
async def close_trip(session: str, trip_id: str, odometer_km: int, state: State = None) -> dict:
    """Close a vehicle's trip when every job on it is delivered.

    :param session: Session key.
    :param trip_id: Trip number.
    :param odometer_km: Odometer reading at the end.
    :returns: ``trip_id``, ``unit_id``, ``driver_id``, ``jobs``, ``distance_km``, ``closed_at``.
    """
    _op(state, session, "dispatcher", "fleet_manager")
    t = state.trips.get(trip_id.strip().upper())
    if t is None:
        raise _Reject(4, f"trip {trip_id} not found")
    if t["closed"]:
        raise _Reject(9, f"trip {trip_id} is already closed")
    waiting = [j for j in t["jobs"] if state.jobs[j]["status"] != "delivered"]
    if waiting:
        raise _Reject(9, f"jobs not yet delivered: {', '.join(waiting)}")
    if odometer_km < t["start_odometer"]:
        raise _Reject(12, f"odometer below the trip's start reading {t['start_odometer']}")
    t["closed"] = NOW
    state.vehicles[t["unit"]]["odometer"] = odometer_km
    return {"trip_id": trip_id.strip().upper(), "unit_id": t["unit"], "driver_id": t["driver"], "jobs": list(t["jobs"]),
            "distance_km": odometer_km - t["start_odometer"], "closed_at": NOW}


# --------------------------------------------------------------------------- immobiliser


@gateway
async def request_immobilise(session: str, unit_id: str, reason_code: str, state: State = None) -> dict:
    """Ask to immobilise a vehicle (fleet manager); the reply carries a one-time confirmation code.

    :param session: Session key.
    :param unit_id: Unit id.
    :param reason_code: Why.
    :returns: ``command_id``, ``unit_id``, ``confirm_code``, ``expires``.
    """
    _op(state, session, "fleet_manager")
    v = _unit(state, unit_id)
    if reason_code.strip().upper() not in _IMMOBILISE_REASONS:
        raise _Reject(12, f"reason code must be one of {', '.join(_IMMOBILISE_REASONS)}")
    if v["status"] == "immobilised":
        raise _Reject(9, f"{unit_id.strip().upper()} is already immobilised")
    n = _next(state, "command")
    cid, code = f"CMD-{n}", str(100000 + (n * 7919) % 900000)
    state.commands[cid] = {"unit": unit_id.strip().upper(), "code": code, "reason": reason_code.strip().upper(),
                           "status": "pending"}
    return {"command_id": cid, "unit_id": unit_id.strip().upper(), "confirm_code": code, "expires": "2028-03-14T10:35"}


@gateway
async def confirm_immobilise(session: str, command_id: str, confirm_code: str, state: State = None) -> str:
    """Send a requested immobilise command to the vehicle (fleet manager).

    :param session: Session key.
    :param command_id: Command id.
    :param confirm_code: The one-time code from the request.
    :returns: ``EXECUTED``.
    """
    _op(state, session, "fleet_manager")
    c = state.commands.get(command_id.strip().upper())
    if c is None or c["status"] != "pending":
        raise _Reject(4, f"no pending command {command_id}")
    if confirm_code.strip() != c["code"]:
        raise _Reject(6, "confirmation code does not match")
    v = state.vehicles[c["unit"]]
    if v["pos"]["ignition"]:
        raise _Reject(9, f"{c['unit']} is moving at {v['pos']['speed_kph']} km/h; the immobiliser engages only "
                         "with the ignition off")
    c["status"] = "executed"
    v["status"] = "immobilised"
    return "EXECUTED"


@gateway
async def release_immobiliser(session: str, unit_id: str, authorised_by: str, state: State = None) -> str:
    """Release an immobilised vehicle (fleet manager).

    :param session: Session key.
    :param unit_id: Unit id.
    :param authorised_by: Who authorised the release (police officer, manager).
    :returns: A confirmation line.
    """
    _op(state, session, "fleet_manager")
    v = _unit(state, unit_id)
    if v["status"] != "immobilised":
        raise _Reject(9, f"{unit_id.strip().upper()} is not immobilised")
    v["status"] = "active"
    return f"{unit_id.strip().upper()} ({v['reg']}) released, authorised by {authorised_by.strip()}."


# --------------------------------------------------------------------------- defects and workshop


@gateway
async def report_defect(session: str, unit_id: str, category: str, description: str, severity: Severity,
                        state: State = None) -> str:
    """Log a defect on a vehicle; a dangerous defect takes the vehicle off the road.

    :param session: Session key.
    :param unit_id: Unit id.
    :param category: What part of the vehicle.
    :param description: What is wrong.
    :param severity: ``advisory``, ``minor`` or ``dangerous``.
    :returns: A line with the defect number.
    """
    _op(state, session)
    v = _unit(state, unit_id)
    uid = unit_id.strip().upper()
    if category not in _DEFECT_CATEGORIES:
        raise _Reject(12, f"defect category must be one of {', '.join(_DEFECT_CATEGORIES)}")
    n = 1 + sum(1 for d in state.defects.values() if d["unit"] == uid)
    did = f"D{uid[2:]}/{n}"
    state.defects[did] = {"unit": uid, "category": category, "severity": severity, "description": description.strip(),
                          "reported_on": TODAY, "status": "open"}
    tail = ""
    if severity == "dangerous":
        v["status"] = "off_road"
        tail = "; vehicle is now off the road"
    return f"Defect {did} logged on {uid} ({category}, {severity}){tail}."


@gateway
async def list_defects(session: str, unit_id: str | None = None, open_only: bool = True,
                       state: State = None) -> list[list]:
    """Defects on the fleet.

    :param session: Session key.
    :param unit_id: Only this vehicle's defects.
    :param open_only: Leave out repaired defects.
    :returns: Rows ``[defect_id, unit_id, category, severity, reported_on, status]``.
    """
    _op(state, session)
    uid = None if unit_id is None else unit_id.strip().upper()
    return [[k, d["unit"], d["category"], d["severity"], d["reported_on"], d["status"]]
            for k, d in sorted(state.defects.items())
            if (uid is None or d["unit"] == uid) and (not open_only or d["status"] == "open")]


@gateway
async def mark_off_road(session: str, unit_id: str, reason: str, state: State = None) -> bool:
    """Take a vehicle off the road.

    :param session: Session key.
    :param unit_id: Unit id.
    :param reason: Why.
    :returns: ``True``.
    """
    _op(state, session)
    v = _unit(state, unit_id)
    uid = unit_id.strip().upper()
    if v["status"] == "off_road":
        raise _Reject(9, f"{uid} is already off the road")
    if v["status"] == "immobilised":
        raise _Reject(9, f"{uid} is immobilised")
    trip = next((t for t, x in state.trips.items() if x["unit"] == uid and x["closed"] is None), None)
    if trip:
        raise _Reject(9, f"{uid} is on open trip {trip}")
    v["status"] = "off_road"
    v["off_road_reason"] = reason.strip()
    return True


@gateway
async def list_workshops(session: str, state: State = None) -> list[list]:
    """Workshops the fleet uses and the days they can take a vehicle.

    :param session: Session key.
    :returns: Rows ``[workshop_code, name, depot, [free days]]``.
    """
    _op(state, session)
    return [[k, w["name"], w["depot"], list(w["free"])] for k, w in state.workshops.items()]


@gateway
async def book_workshop(session: str, unit_id: str, workshop_code: str, day: str, defect_ids: list[str],
                        state: State = None) -> dict:
    """Book a vehicle into a workshop to repair defects.

    :param session: Session key.
    :param unit_id: Unit id.
    :param workshop_code: Workshop code.
    :param day: A free day of that workshop.
    :param defect_ids: The open defects to repair.
    :returns: ``booking_id``, ``unit_id``, ``workshop``, ``day``, ``defects``.
    """
    _op(state, session)
    _unit(state, unit_id)
    uid = unit_id.strip().upper()
    w = state.workshops.get(workshop_code.strip().upper())
    if w is None:
        raise _Reject(4, f"workshop {workshop_code} not found")
    if day not in w["free"]:
        raise _Reject(9, f"{workshop_code} cannot take a vehicle on {day}")
    if not defect_ids:
        raise _Reject(12, "name the defects to repair")
    for d in defect_ids:
        x = state.defects.get(str(d).strip().upper())
        if x is None or x["unit"] != uid or x["status"] != "open":
            raise _Reject(4, f"no open defect {d} on {uid}")
    bid = f"WB-{_next(state, 'booking')}"
    w["free"].remove(day)
    state.bookings[bid] = {"unit": uid, "workshop": workshop_code.strip().upper(), "day": day,
                           "defects": [str(d).strip().upper() for d in defect_ids], "status": "booked"}
    return {"booking_id": bid, "unit_id": uid, "workshop": w["name"], "day": day,
            "defects": [str(d).strip().upper() for d in defect_ids]}


@gateway
async def complete_workshop(session: str, booking_id: str, work_done: str, parts: list[str],
                            state: State = None) -> dict:
    """Sign off a workshop booking as repaired (workshop staff); its defects are closed.

    :param session: Session key.
    :param booking_id: Workshop booking id.
    :param work_done: What was done.
    :param parts: Part numbers fitted.
    :returns: ``booking_id``, ``unit_id``, ``defects_closed``, ``work_done``, ``parts``.
    """
    _op(state, session, "workshop")
    b = state.bookings.get(booking_id.strip().upper())
    if b is None:
        raise _Reject(4, f"workshop booking {booking_id} not found")
    if b["status"] != "booked":
        raise _Reject(9, f"{booking_id} is already {b['status']}")
    b["status"] = "completed"
    for d in b["defects"]:
        state.defects[d]["status"] = "repaired"
    return {"booking_id": booking_id.strip().upper(), "unit_id": b["unit"], "defects_closed": list(b["defects"]),
            "work_done": work_done.strip(), "parts": list(parts)}


@gateway
async def return_to_road(session: str, unit_id: str, inspected_by: str, state: State = None) -> str:
    """Put an off-road vehicle back in service after inspection.

    :param session: Session key.
    :param unit_id: Unit id.
    :param inspected_by: Who inspected it.
    :returns: A confirmation line.
    """
    _op(state, session, "workshop", "fleet_manager")
    v = _unit(state, unit_id)
    uid = unit_id.strip().upper()
    if v["status"] != "off_road":
        raise _Reject(9, f"{uid} is not off the road")
    open_bad = [k for k, d in sorted(state.defects.items())
                if d["unit"] == uid and d["status"] == "open" and d["severity"] == "dangerous"]
    if open_bad:
        raise _Reject(9, f"dangerous defect {open_bad[0]} is still open on {uid}")
    v["status"] = "active"
    v.pop("off_road_reason", None)
    return f"{uid} ({v['reg']}) is back on the road, inspected by {inspected_by.strip()}."


# --------------------------------------------------------------------------- fuel and reports


@gateway
async def list_fuel_cards(session: str, unit_id: str | None = None, state: State = None) -> list[list]:
    """Fuel cards and the vehicles they belong to.

    :param session: Session key.
    :param unit_id: Only this vehicle's card.
    :returns: Rows ``[card_no, unit_id, registration, status, daily_limit]``.
    """
    _op(state, session)
    uid = None if unit_id is None else unit_id.strip().upper()
    return [[c, x["unit"], state.vehicles[x["unit"]]["reg"], x["status"], x["daily_limit"]]
            for c, x in sorted(state.fuel_cards.items()) if uid is None or x["unit"] == uid]


@gateway
async def fuel_transactions(session: str, card_no: str, since: str, state: State = None) -> list[list]:
    """Fuel bought on a card.

    :param session: Session key.
    :param card_no: Fuel card number.
    :param since: ``YYYY-MM-DD``.
    :returns: Rows ``[at, site, litres, amount]``.
    """
    _op(state, session)
    card = card_no.strip().upper()
    if card not in state.fuel_cards:
        raise _Reject(4, f"fuel card {card_no} not found")
    return [[at, site, litres, amount] for c, at, site, litres, amount in state.fuel if c == card and at[:10] >= since]


@gateway
async def block_fuel_card(session: str, card_no: str, reason: str, state: State = None) -> str:
    """Block a fuel card (fleet manager).

    :param session: Session key.
    :param card_no: Fuel card number.
    :param reason: Why.
    :returns: A confirmation line.
    """
    _op(state, session, "fleet_manager")
    card = card_no.strip().upper()
    c = state.fuel_cards.get(card)
    if c is None:
        raise _Reject(4, f"fuel card {card_no} not found")
    if c["status"] == "blocked":
        raise _Reject(9, f"{card} is already blocked")
    c["status"] = "blocked"
    c["reason"] = reason.strip()
    return f"Fuel card {card} for {state.vehicles[c['unit']]['reg']} blocked."


@gateway
async def mileage_report(session: str, unit_ids: list[str], month: str, state: State = None) -> list[list]:
    """Distance and fuel for vehicles over a month.

    :param session: Session key.
    :param unit_ids: Units to report on.
    :param month: ``YYYY-MM``.
    :returns: Rows ``[unit_id, registration, km, litres, litres_per_100km]``.
    """
    _op(state, session)
    data = state.mileage.get(month)
    if data is None:
        raise _Reject(4, f"no mileage data for {month}")
    rows = []
    for u in unit_ids:
        v = _unit(state, u)
        km, litres = data[u.strip().upper()]
        rows.append([u.strip().upper(), v["reg"], km, litres, round(100 * litres / km, 1)])
    return rows


TOOLS = [
    geocode, sign_in, sign_out, list_vehicles, find_vehicle, live_position, trip_history, list_drivers, add_driver,
    check_licence, assign_driver, unassign_driver, list_alerts, acknowledge_alert, create_geofence, list_geofences,
    attach_geofence, set_speed_limit, message_driver, create_job, list_jobs, dispatch_job, job_eta, record_pod,
    close_trip, request_immobilise, confirm_immobilise, release_immobiliser, report_defect, list_defects,
    mark_off_road, list_workshops, book_workshop, complete_workshop, return_to_road, list_fuel_cards,
    fuel_transactions, block_fuel_card, mileage_report,
]

FIXTURES = {
    "company": {"name": "Northgate Haulage & Couriers", "depots": {"LDS": "Leeds", "HUL": "Hull"},
                "now": "Tuesday 14 March 2028, 10:20"},
    "operators": [
        {"name": "Priya Shah", "role": "dispatcher", "username": "priya.shah", "password": "Harrier-77"},
        {"name": "Dan Moss", "role": "fleet manager", "username": "dan.moss", "password": "Falcon-12"},
        {"name": "Kev Ward", "role": "workshop", "username": "kev.ward", "password": "Merlin-40"},
    ],
    "registrations": ["NG27 KVR", "NG27 KVS", "YX26 HBD", "YX26 HBE", "PN25 OTA", "PN25 OTB"],
    "new_driver": {"full_name": "Shauna Kerr", "licence_number": "KERR9803157SJ9AB", "categories": ["B", "C1"],
                   "depot": "LDS", "phone": "07700 900477"},
    "new_job": {"customer": "Harlow Garden Centre", "collect_from": "Leeds depot",
                "deliver_to": "Harlow Garden Centre, Otley LS21 3AB", "due_by": "16:00", "pallets": 4},
    "notes": [
        "PN25 OTB was not returned by the agency driver last night; its tracker shows it parked near Brough",
        "Driver of NG27 KVS reported the nearside rear tyre cut to the cords at the morning walk-round",
        "Customer site: Calder Tiles yard, Goole, 53.6990 N 0.8710 W, about 300 m across",
    ],
}

_SESSION = "auth: session key (bare string from sign_in)"
_UNIT = "id lookup: unit id (unit_id of find_vehicle, or row [0] of list_vehicles)"
_DRIVER = "id lookup/create: driver number (row [0] of list_drivers, or the number in the driver-added line)"
_JOB = "id lookup/create: job id (job_id of create_job, or row [0] of list_jobs)"

SESSION_CONSUMERS = [t.__name__ for t in TOOLS if t.__name__ not in ("sign_in", "geocode")]
UNIT_CONSUMERS = [
    "live_position", "trip_history", "assign_driver", "unassign_driver", "attach_geofence", "set_speed_limit",
    "message_driver", "dispatch_job", "request_immobilise", "release_immobiliser", "report_defect", "mark_off_road",
    "book_workshop", "return_to_road", "mileage_report",
]
DRIVER_CONSUMERS = ["check_licence", "assign_driver"]
JOB_CONSUMERS = ["dispatch_job", "job_eta", "record_pod"]

GROUND_TRUTH = (
    [("sign_in", c, _SESSION) for c in SESSION_CONSUMERS]
    + [("find_vehicle|list_vehicles", c, _UNIT) for c in UNIT_CONSUMERS]
    + [("list_drivers|add_driver", c, _DRIVER) for c in DRIVER_CONSUMERS]
    + [("create_job|list_jobs", c, _JOB) for c in JOB_CONSUMERS]
    + [
        ("dispatch_job|list_jobs", "close_trip",
         "id lookup/create: trip number (in the dispatched line, or row [7] of list_jobs)"),
        ("list_alerts", "acknowledge_alert", "id lookup: alert id (row [0])"),
        ("create_geofence|list_geofences", "attach_geofence",
         "id lookup/create: geofence id (in the created line, or row [0] of list_geofences)"),
        ("report_defect|list_defects", "book_workshop",
         "id lookup/create: defect number (in the logged line, or row [0] of list_defects)"),
        ("book_workshop", "complete_workshop", "id create: workshop booking id (booking_id)"),
        ("list_fuel_cards", "fuel_transactions", "id lookup: fuel card number (row [0])"),
        ("list_fuel_cards", "block_fuel_card", "id lookup: fuel card number (row [0])"),
        ("list_workshops", "book_workshop", "vocabulary: workshop code and one of its free days (row [0], [3])"),
        ("request_immobilise", "confirm_immobilise", "one-time code: command id and confirmation code"),
        ("check_licence", "assign_driver", "state: the driver's licence checked within 90 days"),
        ("assign_driver", "dispatch_job", "state: a driver in the vehicle"),
        ("assign_driver", "message_driver", "state: a driver in the vehicle"),
        ("dispatch_job", "job_eta", "state: the job on the road"),
        ("dispatch_job", "record_pod", "state: the job on the road"),
        ("record_pod", "close_trip", "state: every job on the trip delivered"),
        ("confirm_immobilise", "release_immobiliser", "state: the vehicle immobilised"),
        ("mark_off_road|report_defect", "return_to_road", "state: the vehicle off the road"),
        ("complete_workshop", "return_to_road", "state: no dangerous defect left open"),
    ]
)

PLAUSIBLE = {
    ("live_position", "request_immobilise"), ("live_position", "confirm_immobilise"), ("find_vehicle", "list_fuel_cards"),
    ("list_vehicles", "list_fuel_cards"), ("find_vehicle", "list_defects"), ("list_vehicles", "list_defects"),
    ("list_drivers", "dispatch_job"), ("find_vehicle", "close_trip"),
    ("job_eta", "record_pod"), ("list_geofences", "create_geofence"), ("list_jobs", "create_job"),
    ("check_licence", "dispatch_job"), ("list_alerts", "live_position"), ("list_defects", "return_to_road"),
    ("list_defects", "complete_workshop"), ("fuel_transactions", "block_fuel_card"), ("list_vehicles", "find_vehicle"),
    ("trip_history", "request_immobilise"), ("list_drivers", "add_driver"), ("live_position", "job_eta"),
    ("report_defect", "mark_off_road"), ("find_vehicle", "create_job"), ("geocode", "create_geofence"),
}
