"""Spokeshare: the depot console of Tyne Spokes, Newcastle's e-bike share (36 calls).

Plain functions over an in-memory ``State`` of the scheme on Thursday 3 May 2029 at 07:50. The control
room watches the docking stations and sets their mode, plans moves of bikes between stations and
gives them to the rebalancing vans; van drivers start a shift, collect bikes from one station and
drop them into free docks at another; anyone can look a bike up by the frame number painted on it,
see where it is and report a fault; the control room can lock a bike out of service; mechanics take
bikes into the workshop on a job card, fit parts against the faults, swap batteries, run the safety
check and put bikes back in service; customer support finds members, their rides and open rides,
ends a ride whose dock did not register, refunds, charges fees, suspends and reinstates members and
writes to them. The station list is the scheme's public feed and needs no session.

Replies are plain dicts (a station with its docks nested, a bike with its faults nested, a GPS fix,
a van shift, a move, a job card with its faults and parts nested, a safety check, a member with
recent rides nested, a ride), rows as lists of lists (stations, bikes, faults, vans, parts,
batteries, rides, open rides, the daily summary with counts nested), bare values (the session
token, a station's previous mode, ``True``, the removed battery's serial, the kilometres driven, a
message id) and sentences with a new fault, move, refund or fee number inside. Every refusal is
*raised* as a ``DepotError`` (subclasses ``NotSignedOn``, ``NoSuchThing``, ``NotPermitted``,
``WrongState``, ``BadValue``). Bikes, faults and job cards have look-alike numbers (bike
``EB-1219``, fault ``F-1219-1``, job card ``JC-8801``, frame ``WTU7G1219``); fault codes, fee codes and
the battery charge needed to swap or to return a bike to service are stated only in refusals, and
which faults take a bike off hire only in the reply to a fault report.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as
provider means either tool satisfies it, and the text of ``what`` before its first ``:`` is the
kind.
"""

from __future__ import annotations

import copy
from enum import Enum
from typing import Literal

TODAY = "2029-05-03"
NOW = "2029-05-03T07:50"

Zone = Literal["city", "quayside", "jesmond"]
Need = Literal["bikes", "docks"]
StationMode = Literal["open", "returns_only", "closed"]


class BikeStatus(str, Enum):
    AVAILABLE = "available"
    ON_HIRE = "on_hire"
    FAULTY = "faulty"
    LOCKED_OUT = "locked_out"
    IN_WORKSHOP = "in_workshop"
    IN_VAN = "in_van"


_FAULT_CODES = ("brakes", "chain", "puncture", "lights", "lock", "display", "motor", "frame", "saddle")
_OFF_HIRE = ("brakes", "lock", "motor", "frame")
_FEES = {"LATE_RETURN": 10.0, "OUT_OF_ZONE": 20.0, "DAMAGE": 50.0, "LEFT_UNLOCKED": 15.0}
_SWAP_MIN = 80
_SERVICE_MIN = 50
_UNLOCK, _PER_MIN = 1.0, 0.15


# --------------------------------------------------------------------------- refusals


class DepotError(Exception):
    """A refusal from the depot console."""

    code = "refused"


class NotSignedOn(DepotError):
    code = "not_signed_on"


class NoSuchThing(DepotError):
    code = "not_found"


class NotPermitted(DepotError):
    code = "not_permitted"


class WrongState(DepotError):
    code = "wrong_state"


class BadValue(DepotError):
    code = "bad_value"


# --------------------------------------------------------------------------- state


def _dock_row(n, bike=None, status="ok"):
    return [n, bike, status]


class State:
    """Tyne Spokes on 3 May 2029, 07:50."""

    def __init__(self) -> None:
        self.staff = {
            "N0417": {"name": "Amira Haddad", "pin": "5821", "role": "control"},
            "N0388": {"name": "Callum Reid", "pin": "3307", "role": "driver"},
            "N0452": {"name": "Jo Ferris", "pin": "9164", "role": "mechanic"},
            "N0461": {"name": "Sam Olsen", "pin": "2750", "role": "support"},
        }
        self.sessions = {}
        self.stations = {
            "ST-114": {"name": "Haymarket", "zone": "city", "mode": "open",
                       "docks": [_dock_row(1, "EB-1207"), _dock_row(2, "EB-1219"), _dock_row(3, "EB-1233"),
                                 _dock_row(4, "EB-1240"), _dock_row(5, "EB-1251"), _dock_row(6, "EB-1262"),
                                 _dock_row(7, "EB-1270"), _dock_row(8), _dock_row(9, None, "out_of_order"),
                                 _dock_row(10, "EB-1288")]},
            "ST-120": {"name": "Quayside, Millennium Bridge", "zone": "quayside", "mode": "open",
                       "docks": [_dock_row(1, "EB-1301"), _dock_row(2), _dock_row(3), _dock_row(4),
                                 _dock_row(5, None, "out_of_order"), _dock_row(6), _dock_row(7), _dock_row(8)]},
            "ST-131": {"name": "Jesmond, Osborne Road", "zone": "jesmond", "mode": "open",
                       "docks": [_dock_row(1, "EB-1312"), _dock_row(2, "EB-1320"), _dock_row(3), _dock_row(4),
                                 _dock_row(5), _dock_row(6)]},
            "ST-142": {"name": "Central Station", "zone": "city", "mode": "open",
                       "docks": [_dock_row(1, "EB-1333"), _dock_row(2, "EB-1347"), _dock_row(3, "EB-1355"),
                                 _dock_row(4, "EB-1368"), _dock_row(5), _dock_row(6), _dock_row(7), _dock_row(8),
                                 _dock_row(9), _dock_row(10)]},
        }
        self.bikes = {}
        for sid, s in self.stations.items():
            for n, bike, _ in s["docks"]:
                if bike:
                    self.bikes[bike] = {"frame": "WTU7G" + bike[3:], "model": "Tyne E2", "status": "available",
                                        "station": sid, "dock": n, "battery": 84, "van": None,
                                        "gps": [54.9783, -1.6178]}
        for bike, pct in {"EB-1219": 91, "EB-1233": 67, "EB-1240": 40, "EB-1251": 12, "EB-1262": 76, "EB-1301": 22,
                          "EB-1355": 58}.items():
            self.bikes[bike]["battery"] = pct
        self.bikes["EB-1251"]["status"] = "faulty"
        self.bikes["EB-1390"] = {"frame": "WTU7G1390", "model": "Tyne E2", "status": "on_hire", "station": None,
                                 "dock": None, "battery": 55, "van": None, "gps": [54.9739, -1.6132]}
        self.bikes["EB-1402"] = {"frame": "WTU7G1402", "model": "Tyne E2", "status": "locked_out", "station": None,
                                 "dock": None, "battery": 8, "van": None, "gps": [54.9661, -1.5872]}
        self.faults = {
            "F-1251-1": {"bike": "EB-1251", "code": "brakes", "note": "Rear brake not biting (rider report)",
                         "reported": "2029-05-02T18:40", "status": "open"},
            "F-1402-1": {"bike": "EB-1402", "code": "lights", "note": "Front light dead",
                         "reported": "2029-05-01T09:15", "status": "open"},
        }
        self.vans = {
            "VN-02": {"reg": "NK24 WHL", "capacity": 20, "load": [], "shift": None},
            "VN-03": {"reg": "NK24 WHM", "capacity": 20, "load": [], "shift": None},
            "VN-05": {"reg": "ND73 PLX", "capacity": 12, "load": [], "shift": "SH-0502-04"},
        }
        self.shifts = {"SH-0502-04": {"van": "VN-05", "driver": "Gav Reed", "start_km": 88120, "open": True}}
        self.moves = {}
        self.job_cards = {}
        self.parts = [
            ["BRK-PAD-E2", "Disc brake pads (pair)", "Tyne E2", 14],
            ["BRK-CBL-E2", "Brake cable and outer", "Tyne E2", 9],
            ["LGT-FRT-E2", "Front light unit", "Tyne E2", 5],
            ["TYR-700-35", "Tyre 700x35 puncture-resistant", "Tyne E2", 22],
            ["CHN-9SP", "Chain, 9 speed", "Tyne E2", 11],
            ["LCK-CTRL-E2", "Smart lock controller", "Tyne E2", 0],
        ]
        self.batteries = {
            "BT-60231": {"charge": 100, "cycles": 212, "location": "depot rack A"},
            "BT-60244": {"charge": 96, "cycles": 388, "location": "depot rack A"},
            "BT-60257": {"charge": 71, "cycles": 140, "location": "depot rack B"},
            "BT-60262": {"charge": 35, "cycles": 605, "location": "depot rack B"},
        }
        self.fitted = {b: f"BT-5{b[3:]}0" for b in self.bikes}
        self.members = {
            "M-55012": {"name": "Laura Bell", "email": "laura.bell@example.com", "plan": "pay_as_you_go",
                        "status": "active", "balance": 0.0},
            "M-55107": {"name": "Karim Nasser", "email": "karim.nasser@example.com", "plan": "pay_as_you_go",
                        "status": "active", "balance": 0.0},
            "M-54990": {"name": "Dean Ruddick", "email": "dean.ruddick@example.com", "plan": "annual",
                        "status": "active", "balance": 0.0},
        }
        self.rides = {
            "R-9904410": {"member": "M-55012", "bike": "EB-1390", "from": "ST-131", "to": None,
                          "start": "2029-05-02T22:10", "minutes": None, "fare": None, "status": "open", "refund": 0.0},
            "R-9903877": {"member": "M-55012", "bike": "EB-1240", "from": "ST-114", "to": "ST-120",
                          "start": "2029-04-29T08:05", "minutes": 18, "fare": 3.7, "status": "completed", "refund": 0.0},
            "R-9904388": {"member": "M-55107", "bike": "EB-1347", "from": "ST-142", "to": "ST-131",
                          "start": "2029-05-02T17:20", "minutes": 95, "fare": 15.25, "status": "completed",
                          "refund": 0.0},
            "R-9904121": {"member": "M-55107", "bike": "EB-1312", "from": "ST-131", "to": "ST-142",
                          "start": "2029-04-30T08:40", "minutes": 14, "fare": 3.1, "status": "completed", "refund": 0.0},
            "R-9904402": {"member": "M-54990", "bike": "EB-1301", "from": "ST-114", "to": "ST-120",
                          "start": "2029-05-02T20:55", "minutes": 61, "fare": 2.4, "status": "completed",
                          "refund": 0.0, "note": "bike recovered from Gateshead, outside the zone"},
        }
        self.fees = {}
        self.refunds = {}
        self.messages = []
        self.counters = {"session": 7100, "move": 3308, "shift": 1, "card": 8801, "refund": 2201, "fee": 640,
                         "message": 51880}


# --------------------------------------------------------------------------- helpers


def _next(state, key):
    n = state.counters[key]
    state.counters[key] += 1
    return n


def _staff(state, token, *roles):
    sid = state.sessions.get(str(token))
    if sid is None:
        raise NotSignedOn("Token not recognised; sign on again.")
    s = state.staff[sid]
    if roles and s["role"] not in roles:
        raise NotPermitted(f"{s['role']} staff cannot do that.")
    return s


def _find(table, key, what):
    k = str(key).strip().upper()
    if k not in table:
        raise NoSuchThing(f"No {what} {key}.")
    return k, table[k]


def _bike_dict(state, bid):
    b = state.bikes[bid]
    faults = [[fid, f["code"], f["note"], f["status"]] for fid, f in state.faults.items() if f["bike"] == bid]
    return {"bike_id": bid, "frame_no": b["frame"], "model": b["model"], "status": b["status"],
            "station_id": b["station"], "dock": b["dock"], "battery_pct": b["battery"], "faults": faults}


def _free_docks(s):
    return [n for n, bike, st in s["docks"] if bike is None and st == "ok"]


def _undock(state, bid):
    b = state.bikes[bid]
    if b["station"]:
        for row in state.stations[b["station"]]["docks"]:
            if row[1] == bid:
                row[1] = None
    b["station"], b["dock"] = None, None


def _fare(minutes, plan):
    if plan == "annual":
        return round(max(0, minutes - 45) * _PER_MIN, 2)
    return round(_UNLOCK + minutes * _PER_MIN, 2)


def _card_dict(state, jc):
    c = state.job_cards[jc]
    faults = [[fid, f["code"], f["note"], f["status"]] for fid, f in state.faults.items() if f["bike"] == c["bike"]
              and (f["status"] == "open" or fid in c["fixed"])]
    return {"job_card": jc, "bike_id": c["bike"], "status": c["status"], "faults": faults,
            "parts": [list(p) for p in c["parts"]], "labour_min": c["labour"], "battery_pct": state.bikes[c["bike"]]["battery"],
            "safety": c["safety"]}


def _member_dict(state, mid):
    m = state.members[mid]
    rides = sorted(((rid, r) for rid, r in state.rides.items() if r["member"] == mid), key=lambda x: x[1]["start"],
                   reverse=True)
    return {"member_id": mid, "name": m["name"], "email": m["email"], "plan": m["plan"], "status": m["status"],
            "balance": m["balance"],
            "recent_rides": [[rid, r["bike"], r["from"], r["to"], r["start"], r["minutes"], r["fare"], r["status"]]
                             for rid, r in rides[:5]]}


# --------------------------------------------------------------------------- public feed and session


def list_stations(zone: Zone | None = None, needs: Need | None = None, state: State = None) -> list[list]:
    """Docking stations from the public feed (no session needed).

    Args:
        zone: Only stations in ``city``, ``quayside`` or ``jesmond``.
        needs: ``bikes`` for stations with two bikes or fewer, ``docks`` for stations with two free
            docks or fewer.

    Returns:
        Rows ``[station_id, name, zone, bikes, free_docks, mode]`` in station order.
    """
    rows = []
    for sid in sorted(state.stations):
        s = state.stations[sid]
        bikes = sum(1 for _, b, _ in s["docks"] if b)
        free = len(_free_docks(s))
        if zone and s["zone"] != zone:
            continue
        if needs == "bikes" and bikes > 2 or needs == "docks" and free > 2:
            continue
        rows.append([sid, s["name"], s["zone"], bikes, free, s["mode"]])
    return rows


def sign_on(staff_id: str, pin: str, state: State = None) -> str:
    """Sign on to the depot console.

    Args:
        staff_id: Staff number on the badge, e.g. ``N0417``.
        pin: Four-digit PIN.

    Returns:
        The session token (a bare string) every other call takes.
    """
    sid = staff_id.strip().upper()
    s = state.staff.get(sid)
    if s is None or s["pin"] != str(pin).strip():
        raise NotSignedOn("Staff number or PIN not recognised.")
    token = f"tk{_next(state, 'session')}{sid[-2:]}"
    state.sessions[token] = sid
    return token


def sign_off(token: str, state: State = None) -> str:
    s = _staff(state, token)
    state.sessions.pop(str(token))
    return f"{s['name']} signed off at 07:50."


# --------------------------------------------------------------------------- stations


def station_detail(token: str, station_id: str, state: State = None) -> dict:
    """A station's docks, bikes and free docks.

    Args:
        token: Session token.
        station_id: Station id, e.g. ``ST-114``.

    Returns:
        ``station_id``, ``name``, ``mode``, ``docks`` as rows ``[dock_no, bike_id or None,
        status]`` and ``free_docks`` (working, empty dock numbers).
    """
    _staff(state, token)
    sid, s = _find(state.stations, station_id, "station")
    return {"station_id": sid, "name": s["name"], "zone": s["zone"], "mode": s["mode"],
            "docks": [list(r) for r in s["docks"]], "free_docks": _free_docks(s)}


def set_station_mode(token: str, station_id: str, mode: StationMode, reason: str, state: State = None) -> str:
    """Open a station, take it to returns only, or close it (control room).

    Args:
        token: Session token.
        station_id: Station id.
        mode: ``open``, ``returns_only`` or ``closed``.
        reason: Why, for the public feed.

    Returns:
        The station's previous mode.
    """
    _staff(state, token, "control")
    sid, s = _find(state.stations, station_id, "station")
    if s["mode"] == mode:
        raise WrongState(f"{sid} is already {mode}.")
    if not reason.strip():
        raise BadValue("A reason is required.")
    before, s["mode"] = s["mode"], mode
    return before


def daily_summary(token: str, day: str, state: State = None) -> list[list]:
    """Hires and returns per station for a day.

    Args:
        token: Session token.
        day: ``YYYY-MM-DD``.

    Returns:
        Rows ``[station_id, name, [hires, returns], [minutes_empty, minutes_full]]``.
    """
    _staff(state, token, "control", "support")
    rows = []
    for sid in sorted(state.stations):
        hires = sum(1 for r in state.rides.values() if r["from"] == sid and r["start"].startswith(day))
        rets = sum(1 for r in state.rides.values() if r["to"] == sid and r["start"].startswith(day))
        rows.append([sid, state.stations[sid]["name"], [hires, rets], [0, 35 if sid == "ST-114" else 0]])
    return rows


# --------------------------------------------------------------------------- bikes and faults


def find_bike(token: str, frame_no: str, state: State = None) -> dict:
    """Look a bike up by the frame number painted on its top tube.

    Args:
        token: Session token.
        frame_no: Frame number, e.g. ``WTU7G1219``.

    Returns:
        ``bike_id``, frame number, model, status, station and dock, battery and faults
        (rows ``[fault_id, code, note, status]``).
    """
    _staff(state, token)
    frame = frame_no.strip().upper()
    bid = next((k for k, b in state.bikes.items() if b["frame"] == frame), None)
    if bid is None:
        raise NoSuchThing(f"No bike with frame {frame_no}.")
    return _bike_dict(state, bid)


def list_bikes(token: str, status: BikeStatus | None = None, station_id: str | None = None,
               state: State = None) -> list[list]:
    """Bikes by status or station.

    Args:
        token: Session token.
        status: One of the bike statuses.
        station_id: Only bikes docked at this station.

    Returns:
        Rows ``[bike_id, frame_no, status, station_id, dock, battery_pct]`` in bike order.
    """
    _staff(state, token)
    want = BikeStatus(status).value if status is not None else None
    st = str(station_id).strip().upper() if station_id else None
    return [[bid, b["frame"], b["status"], b["station"], b["dock"], b["battery"]] for bid, b in sorted(state.bikes.items())
            if (want is None or b["status"] == want) and (st is None or b["station"] == st)]


def locate_bike(token: str, bike_id: str, state: State = None) -> dict:
    """The last GPS fix of a bike.

    Args:
        token: Session token.
        bike_id: Bike id, e.g. ``EB-1390``.

    Returns:
        ``bike_id``, ``lat``, ``lon``, ``fix_at``, ``moving``, ``battery_pct``.
    """
    _staff(state, token)
    bid, b = _find(state.bikes, bike_id, "bike")
    return {"bike_id": bid, "lat": b["gps"][0], "lon": b["gps"][1], "fix_at": "2029-05-03T07:48",
            "moving": b["status"] == "on_hire", "battery_pct": b["battery"]}


def list_faults(token: str, bike_id: str | None = None, open_only: bool = True, state: State = None) -> list[list]:
    """Reported faults.

    Args:
        token: Session token.
        bike_id: Only this bike's faults.
        open_only: Leave out fixed faults.

    Returns:
        Rows ``[fault_id, bike_id, code, note, reported, status]``.
    """
    _staff(state, token)
    bid = str(bike_id).strip().upper() if bike_id else None
    return [[fid, f["bike"], f["code"], f["note"], f["reported"], f["status"]] for fid, f in sorted(state.faults.items())
            if (bid is None or f["bike"] == bid) and (not open_only or f["status"] == "open")]


def report_fault(token: str, bike_id: str, fault_code: str, note: str, state: State = None) -> str:
    """Report a fault on a bike; some faults take it off hire at once.

    Args:
        token: Session token.
        bike_id: Bike id.
        fault_code: Fault code.
        note: What is wrong, in words.

    Returns:
        A line with the new fault number.
    """
    _staff(state, token)
    bid, b = _find(state.bikes, bike_id, "bike")
    code = fault_code.strip().lower()
    if code not in _FAULT_CODES:
        raise BadValue(f"Unknown fault code {fault_code}; codes are {', '.join(_FAULT_CODES)}.")
    if any(f["bike"] == bid and f["code"] == code and f["status"] == "open" for f in state.faults.values()):
        raise WrongState(f"{bid} already has an open {code} fault.")
    n = sum(1 for f in state.faults.values() if f["bike"] == bid) + 1
    fid = f"F-{bid[3:]}-{n}"
    state.faults[fid] = {"bike": bid, "code": code, "note": note.strip(), "reported": NOW, "status": "open"}
    off = code in _OFF_HIRE and b["status"] == "available"
    if off:
        b["status"] = "faulty"
    return f"Fault {fid} logged on {bid} ({code})" + ("; the bike is off hire." if off else ".")


def lock_out_bike(token: str, bike_id: str, reason: str, state: State = None) -> bool:
    """Lock a docked or depot bike out of service (control room).

    Args:
        token: Session token.
        bike_id: Bike id.
        reason: Why.

    Returns:
        True.
    """
    _staff(state, token, "control")
    bid, b = _find(state.bikes, bike_id, "bike")
    if b["status"] == "locked_out":
        raise WrongState(f"{bid} is already locked out.")
    if b["status"] in ("on_hire", "in_van"):
        raise WrongState(f"{bid} is {b['status']}.")
    if not reason.strip():
        raise BadValue("A reason is required.")
    b["status"] = "locked_out"
    return True


# --------------------------------------------------------------------------- vans and moves


def list_vans(token: str, state: State = None) -> list[list]:
    # rows [van_id, reg, capacity, bikes_on_board, shift_id or None]
    _staff(state, token)
    return [[vid, v["reg"], v["capacity"], len(v["load"]), v["shift"]] for vid, v in sorted(state.vans.items())]


def start_van_shift(token: str, van_id: str, odometer_km: int, checks_ok: bool, state: State = None) -> dict:
    """Start a driver's shift in a rebalancing van after the walk-round check.

    Args:
        token: Session token (driver).
        van_id: Van id, e.g. ``VN-02``.
        odometer_km: Odometer reading.
        checks_ok: Whether the walk-round check passed.

    Returns:
        The shift: ``shift_id``, van, registration, driver, start time and odometer.
    """
    s = _staff(state, token, "driver")
    vid, v = _find(state.vans, van_id, "van")
    if v["shift"]:
        raise WrongState(f"{vid} is already on shift {v['shift']}.")
    if not checks_ok:
        raise WrongState("A van that fails its walk-round check stays in the yard.")
    if any(sh["open"] and sh["driver"] == s["name"] for sh in state.shifts.values()):
        raise WrongState(f"{s['name']} is already on shift.")
    shid = f"SH-0503-{_next(state, 'shift'):02d}"
    state.shifts[shid] = {"van": vid, "driver": s["name"], "start_km": odometer_km, "open": True}
    v["shift"] = shid
    return {"shift_id": shid, "van_id": vid, "reg": v["reg"], "driver": s["name"], "started_at": NOW,
            "odometer_km": odometer_km}


def end_van_shift(token: str, shift_id: str, odometer_km: int, state: State = None) -> int:
    """End a van shift with the van empty.

    Args:
        token: Session token (driver).
        shift_id: Shift id.
        odometer_km: Odometer reading now.

    Returns:
        Kilometres driven on the shift.
    """
    _staff(state, token, "driver")
    shid, sh = _find(state.shifts, shift_id, "shift")
    if not sh["open"]:
        raise WrongState(f"{shid} is already ended.")
    v = state.vans[sh["van"]]
    if v["load"]:
        raise WrongState(f"{sh['van']} still has {len(v['load'])} bikes on board.")
    if odometer_km < sh["start_km"]:
        raise BadValue("The odometer cannot go backwards.")
    sh["open"], v["shift"] = False, None
    return odometer_km - sh["start_km"]


def create_move(token: str, from_station: str, to_station: str, bikes: int, state: State = None) -> str:
    """Plan a move of bikes from a full station to an empty one (control room).

    Args:
        token: Session token.
        from_station: Station id to collect from.
        to_station: Station id to drop at.
        bikes: How many bikes.

    Returns:
        A line with the new move number.
    """
    _staff(state, token, "control")
    a, _ = _find(state.stations, from_station, "station")
    b, _ = _find(state.stations, to_station, "station")
    if a == b or not 1 <= bikes <= 20:
        raise BadValue("A move is 1 to 20 bikes between two different stations.")
    mid = f"MV-{_next(state, 'move')}"
    state.moves[mid] = {"from": a, "to": b, "bikes": bikes, "van": None, "status": "open", "collected": []}
    return f"Move {mid} created: {bikes} bikes from {a} to {b}."


def assign_move(token: str, move_id: str, van_id: str, state: State = None) -> dict:
    """Give a move to a van that is on shift (control room).

    Args:
        token: Session token.
        move_id: Move number.
        van_id: Van id.

    Returns:
        The move.
    """
    _staff(state, token, "control")
    mid, m = _find(state.moves, move_id, "move")
    vid, v = _find(state.vans, van_id, "van")
    if m["van"] == vid:
        raise WrongState(f"{mid} is already with {vid}.")
    if m["status"] != "open":
        raise WrongState(f"{mid} is {m['status']}.")
    if not v["shift"]:
        raise WrongState(f"{vid} has nobody on shift.")
    m["van"], m["status"] = vid, "assigned"
    return {"move_id": mid, **{k: m[k] for k in ("from", "to", "bikes", "van", "status")}}


def cancel_move(token: str, move_id: str, reason: str, state: State = None) -> dict:
    """Cancel a move before any bike is collected.

    Args:
        token: Session token (control).
        move_id: Move number.
        reason: Why.

    Returns:
        The cancelled move.
    """
    _staff(state, token, "control")
    mid, m = _find(state.moves, move_id, "move")
    if m["status"] in ("cancelled", "done"):
        raise WrongState(f"{mid} is already {m['status']}.")
    if m["collected"]:
        raise WrongState(f"{mid} has bikes on board; drop them first.")
    m["status"], m["reason"] = "cancelled", reason.strip()
    return {"move_id": mid, **{k: m[k] for k in ("from", "to", "bikes", "van", "status")}}


def collect_bikes(token: str, move_id: str, bike_ids: list[str], state: State = None) -> dict:
    """Take bikes from the move's origin station into the driver's van.

    Args:
        token: Session token (driver).
        move_id: Move number.
        bike_ids: The bikes taken from their docks.

    Returns:
        The move with the bikes collected and the van's load.
    """
    s = _staff(state, token, "driver")
    mid, m = _find(state.moves, move_id, "move")
    if m["status"] != "assigned":
        raise WrongState(f"{mid} is {m['status']}; it must be assigned to a van.")
    v = state.vans[m["van"]]
    if not v["shift"] or state.shifts[v["shift"]]["driver"] != s["name"]:
        raise WrongState(f"You are not on shift in {m['van']}.")
    ids = [str(b).strip().upper() for b in bike_ids]
    if not ids or len(ids) + len(m["collected"]) > m["bikes"]:
        raise BadValue(f"{mid} is for {m['bikes']} bikes.")
    for bid in ids:
        b = state.bikes.get(bid)
        if b is None or b["station"] != m["from"] or b["status"] != "available":
            raise WrongState(f"{bid} is not an available bike at {m['from']}.")
    for bid in ids:
        _undock(state, bid)
        state.bikes[bid].update(status="in_van", van=m["van"])
        v["load"].append(bid)
    m["collected"] += ids
    return {"move_id": mid, "collected": list(m["collected"]), "van_id": m["van"], "van_load": len(v["load"])}


def drop_bikes(token: str, move_id: str, dock_nos: list[int], state: State = None) -> dict:
    """Dock the move's collected bikes at its destination, one per free dock.

    Args:
        token: Session token (driver).
        move_id: Move number.
        dock_nos: Free dock numbers at the destination, one per bike collected.

    Returns:
        The move, done, with the docks used.
    """
    _staff(state, token, "driver")
    mid, m = _find(state.moves, move_id, "move")
    if not m["collected"]:
        raise WrongState(f"No bikes collected on {mid}.")
    st = state.stations[m["to"]]
    if st["mode"] == "closed":
        raise WrongState(f"{m['to']} is closed.")
    if len(dock_nos) != len(m["collected"]):
        raise BadValue(f"{len(m['collected'])} bikes need {len(m['collected'])} docks.")
    free = _free_docks(st)
    bad = [d for d in dock_nos if d not in free]
    if bad or len(set(dock_nos)) != len(dock_nos):
        raise BadValue(f"Dock(s) {bad or dock_nos} at {m['to']} cannot take a bike.")
    v = state.vans[m["van"]]
    for bid, n in zip(m["collected"], dock_nos):
        st["docks"][n - 1][1] = bid
        state.bikes[bid].update(status="available", van=None, station=m["to"], dock=n)
        v["load"].remove(bid)
    m["status"] = "done"
    return {"move_id": mid, "to": m["to"], "docked": [[b, n] for b, n in zip(m["collected"], dock_nos)],
            "status": "done"}


# --------------------------------------------------------------------------- workshop


def take_into_workshop(token: str, bike_id: str, state: State = None) -> dict:
    """Open a job card for a bike that is off hire (faulty or locked out).

    Args:
        token: Session token (mechanic).
        bike_id: Bike id.

    Returns:
        The job card: ``job_card``, bike, open faults (rows ``[fault_id, code, note, status]``),
        parts, battery and safety result.
    """
    _staff(state, token, "mechanic")
    bid, b = _find(state.bikes, bike_id, "bike")
    if b["status"] == "in_workshop":
        raise WrongState(f"{bid} is already in the workshop.")
    if b["status"] not in ("faulty", "locked_out"):
        raise WrongState(f"{bid} is {b['status']}; lock it out or report a fault first.")
    _undock(state, bid)
    b["status"] = "in_workshop"
    jc = f"JC-{_next(state, 'card')}"
    state.job_cards[jc] = {"bike": bid, "status": "open", "parts": [], "labour": 0, "fixed": [], "safety": None}
    return _card_dict(state, jc)


def list_parts(token: str, fits: str | None = None, state: State = None) -> list[list]:
    """The workshop's parts.

    Args:
        token: Session token.
        fits: Only parts for this model, e.g. ``Tyne E2``.

    Returns:
        Rows ``[part_no, name, fits, in_stock]``.
    """
    _staff(state, token)
    return [list(p) for p in state.parts if fits is None or p[2].lower() == fits.strip().lower()]


def fit_parts(token: str, job_card: str, part_nos: list[str], fixes_fault_ids: list[str], labour_min: int,
              state: State = None) -> dict:
    """Fit parts on a job card and mark the faults they fix.

    Args:
        token: Session token (mechanic).
        job_card: Job card number.
        part_nos: Parts fitted.
        fixes_fault_ids: The bike's faults this work fixes.
        labour_min: Minutes of labour.

    Returns:
        The job card.
    """
    _staff(state, token, "mechanic")
    jc, c = _find(state.job_cards, job_card, "job card")
    if c["status"] != "open":
        raise WrongState(f"{jc} is closed.")
    stock = {p[0]: p for p in state.parts}
    for pn in part_nos:
        p = stock.get(str(pn).strip().upper())
        if p is None:
            raise BadValue(f"Unknown part {pn}.")
        if p[3] < 1:
            raise WrongState(f"{p[0]} is out of stock.")
    for fid in fixes_fault_ids:
        f = state.faults.get(str(fid).strip().upper())
        if f is None or f["bike"] != c["bike"] or f["status"] != "open":
            raise BadValue(f"{fid} is not an open fault on {c['bike']}.")
    if not part_nos or labour_min <= 0:
        raise BadValue("Give the parts and the labour minutes.")
    for pn in part_nos:
        p = stock[str(pn).strip().upper()]
        p[3] -= 1
        c["parts"].append([p[0], p[1]])
    for fid in fixes_fault_ids:
        k = str(fid).strip().upper()
        state.faults[k]["status"] = "fixed"
        c["fixed"].append(k)
    c["labour"] += labour_min
    return _card_dict(state, jc)


def list_batteries(token: str, charged_only: bool = True, state: State = None) -> list[list]:
    """Spare batteries on the depot racks, fullest first.

    Args:
        token: Session token.
        charged_only: Only batteries at 80 % or more.

    Returns:
        Rows ``[serial, charge_pct, cycles, location]``.
    """
    _staff(state, token)
    rows = [[k, b["charge"], b["cycles"], b["location"]] for k, b in state.batteries.items()
            if not charged_only or b["charge"] >= _SWAP_MIN]
    return sorted(rows, key=lambda r: (-r[1], r[0]))


def swap_battery(token: str, bike_id: str, battery_serial: str, state: State = None) -> str:
    """Swap a bike's battery for a spare from the rack.

    Args:
        token: Session token (mechanic or driver).
        bike_id: Bike id.
        battery_serial: The spare's serial.

    Returns:
        The serial of the battery taken out.
    """
    _staff(state, token, "mechanic", "driver")
    bid, b = _find(state.bikes, bike_id, "bike")
    ser, bat = _find(state.batteries, battery_serial, "battery")
    if b["status"] == "on_hire":
        raise WrongState(f"{bid} is on hire.")
    if bat["charge"] < _SWAP_MIN:
        raise WrongState(f"{ser} is at {bat['charge']} %; fit only batteries at {_SWAP_MIN} % or more.")
    old = state.fitted[bid]
    state.batteries[old] = {"charge": b["battery"], "cycles": 300, "location": "depot charging wall"}
    del state.batteries[ser]
    state.fitted[bid], b["battery"] = ser, bat["charge"]
    return old


def safety_check(token: str, job_card: str, brakes_ok: bool, lights_ok: bool, tyres_ok: bool, notes: str,
                 state: State = None) -> dict:
    """Record the safety check before a bike goes back out.

    Args:
        token: Session token (mechanic).
        job_card: Job card number.
        brakes_ok: Brakes pass.
        lights_ok: Lights pass.
        tyres_ok: Tyres pass.
        notes: Mechanic's notes.

    Returns:
        ``job_card``, ``bike_id``, ``result`` (``pass`` or ``fail``) and the checks.
    """
    _staff(state, token, "mechanic")
    jc, c = _find(state.job_cards, job_card, "job card")
    if c["status"] != "open":
        raise WrongState(f"{jc} is closed.")
    still = [fid for fid, f in state.faults.items() if f["bike"] == c["bike"] and f["status"] == "open"]
    if still:
        raise WrongState(f"Open fault(s) {', '.join(still)} on {c['bike']}; fix them before the check.")
    result = "pass" if brakes_ok and lights_ok and tyres_ok else "fail"
    c["safety"] = result
    return {"job_card": jc, "bike_id": c["bike"], "result": result,
            "checks": [["brakes", brakes_ok], ["lights", lights_ok], ["tyres", tyres_ok]], "notes": notes.strip()}


def return_to_service(token: str, job_card: str, state: State = None) -> str:
    """Close a job card and put the bike back in service at the depot, ready for a van.

    Args:
        token: Session token (mechanic).
        job_card: Job card number.

    Returns:
        A confirmation line.
    """
    _staff(state, token, "mechanic")
    jc, c = _find(state.job_cards, job_card, "job card")
    if c["status"] != "open":
        raise WrongState(f"{jc} is already closed.")
    if c["safety"] != "pass":
        raise WrongState(f"{jc} has no passed safety check.")
    b = state.bikes[c["bike"]]
    if b["battery"] < _SERVICE_MIN:
        raise WrongState(f"{c['bike']} is at {b['battery']} %; a bike goes out at {_SERVICE_MIN} % or more.")
    c["status"], b["status"] = "closed", "available"
    return f"{c['bike']} is back in service; job card {jc} closed."


# --------------------------------------------------------------------------- members and rides


def find_member(token: str, email: str, state: State = None) -> dict:
    """A member by e-mail, with their five latest rides.

    Args:
        token: Session token.
        email: The member's e-mail address.

    Returns:
        ``member_id``, name, e-mail, plan, status, balance and ``recent_rides`` as rows
        ``[ride_id, bike_id, from, to, started, minutes, fare, status]``, newest first.
    """
    _staff(state, token, "support", "control")
    mid = next((k for k, m in state.members.items() if m["email"] == email.strip().lower()), None)
    if mid is None:
        raise NoSuchThing(f"No member with e-mail {email}.")
    return _member_dict(state, mid)


def ride_history(token: str, member_id: str, month: str, state: State = None) -> list[list]:
    """A member's rides in a month, newest first.

    Args:
        token: Session token.
        member_id: Member id, e.g. ``M-55107``.
        month: ``YYYY-MM``.

    Returns:
        Rows ``[ride_id, bike_id, from, to, started, minutes, fare, refunded]``.
    """
    _staff(state, token, "support")
    mid, _ = _find(state.members, member_id, "member")
    rides = sorted(((k, r) for k, r in state.rides.items() if r["member"] == mid and r["start"].startswith(month)),
                   key=lambda x: x[1]["start"], reverse=True)
    return [[k, r["bike"], r["from"], r["to"], r["start"], r["minutes"], r["fare"], r["refund"]] for k, r in rides]


def list_open_rides(token: str, over_minutes: int = 0, state: State = None) -> list[list]:
    """Rides not yet ended.

    Args:
        token: Session token.
        over_minutes: Only rides longer than this.

    Returns:
        Rows ``[ride_id, member_id, bike_id, from, started, minutes_so_far]``.
    """
    _staff(state, token, "support", "control")
    rows = []
    for k, r in sorted(state.rides.items()):
        if r["status"] != "open":
            continue
        h, m = int(r["start"][11:13]), int(r["start"][14:16])
        so_far = (24 * 60 + 7 * 60 + 50) - (h * 60 + m) if r["start"][:10] < TODAY else (7 * 60 + 50) - (h * 60 + m)
        if so_far > over_minutes:
            rows.append([k, r["member"], r["bike"], r["from"], r["start"], so_far])
    return rows


def end_ride_manually(token: str, ride_id: str, station_id: str, dock_no: int, ended_at: str,
                      state: State = None) -> dict:
    """End an open ride whose return the dock did not register, at the time the member docked.

    Args:
        token: Session token (support).
        ride_id: Ride id.
        station_id: Station the bike was returned to.
        dock_no: Dock it is in (must show empty).
        ended_at: ``YYYY-MM-DDTHH:MM`` when it was docked.

    Returns:
        The ride with its minutes and fare.
    """
    _staff(state, token, "support")
    rid, r = _find(state.rides, ride_id, "ride")
    if r["status"] != "open":
        raise WrongState(f"{rid} is already {r['status']}.")
    sid, st = _find(state.stations, station_id, "station")
    if dock_no not in _free_docks(st):
        raise BadValue(f"Dock {dock_no} at {sid} is not a free working dock.")
    if not ended_at.startswith("20") or ended_at <= r["start"]:
        raise BadValue("ended_at must be after the ride started.")
    sh, sm = int(r["start"][11:13]), int(r["start"][14:16])
    eh, em = int(ended_at[11:13]), int(ended_at[14:16])
    minutes = (eh * 60 + em) - (sh * 60 + sm) + (24 * 60 if ended_at[:10] > r["start"][:10] else 0)
    r.update(to=sid, minutes=minutes, fare=_fare(minutes, state.members[r["member"]]["plan"]), status="completed")
    st["docks"][dock_no - 1][1] = r["bike"]
    state.bikes[r["bike"]].update(status="available", station=sid, dock=dock_no)
    return {"ride_id": rid, "member_id": r["member"], "bike_id": r["bike"], "from": r["from"], "to": sid,
            "minutes": minutes, "fare": r["fare"], "status": "completed"}


def refund_ride(token: str, ride_id: str, amount: float, reason: str, state: State = None) -> str:
    """Refund part or all of a completed ride's fare.

    Args:
        token: Session token (support).
        ride_id: Ride id.
        amount: GBP, up to the fare.
        reason: Why, for the member's statement.

    Returns:
        A line with the refund number.
    """
    _staff(state, token, "support")
    rid, r = _find(state.rides, ride_id, "ride")
    if r["status"] != "completed":
        raise WrongState(f"{rid} is still open; end it first.")
    if r["refund"]:
        raise WrongState(f"{rid} was already refunded {r['refund']:.2f}.")
    if not 0 < amount <= r["fare"]:
        raise BadValue(f"Amount must be between 0 and the fare of {r['fare']:.2f}.")
    ref = f"RF-{_next(state, 'refund')}"
    r["refund"] = round(amount, 2)
    state.refunds[ref] = {"ride": rid, "amount": r["refund"], "reason": reason.strip()}
    return f"Refund {ref} of £{amount:.2f} issued for ride {rid}."


def charge_fee(token: str, ride_id: str, fee_code: str, note: str, state: State = None) -> str:
    """Charge a member a fee for how a ride ended.

    Args:
        token: Session token (support).
        ride_id: Ride id.
        fee_code: Fee code.
        note: What happened.

    Returns:
        A line with the fee number.
    """
    _staff(state, token, "support")
    rid, r = _find(state.rides, ride_id, "ride")
    if r["status"] != "completed":
        raise WrongState(f"{rid} is still open.")
    code = fee_code.strip().upper()
    if code not in _FEES:
        raise BadValue(f"Unknown fee {fee_code}; fees are {', '.join(_FEES)}.")
    if any(f["ride"] == rid and f["code"] == code for f in state.fees.values()):
        raise WrongState(f"{code} was already charged on {rid}.")
    fid = f"FE-{_next(state, 'fee')}"
    state.fees[fid] = {"ride": rid, "code": code, "amount": _FEES[code], "note": note.strip()}
    state.members[r["member"]]["balance"] -= _FEES[code]
    return f"Fee {fid} of £{_FEES[code]:.2f} ({code}) charged to {r['member']} for ride {rid}."


def suspend_member(token: str, member_id: str, reason: str, state: State = None) -> dict:
    """Suspend a member's access to the bikes.

    Args:
        token: Session token (support).
        member_id: Member id.
        reason: Why.

    Returns:
        The member.
    """
    _staff(state, token, "support")
    mid, m = _find(state.members, member_id, "member")
    if m["status"] == "suspended":
        raise WrongState(f"{mid} is already suspended.")
    if not reason.strip():
        raise BadValue("A reason is required.")
    m["status"] = "suspended"
    return _member_dict(state, mid)


def reinstate_member(token: str, member_id: str, note: str, state: State = None) -> dict:
    """Lift a suspension.

    Args:
        token: Session token (support).
        member_id: Member id.
        note: Why it is lifted.

    Returns:
        The member.
    """
    _staff(state, token, "support")
    mid, m = _find(state.members, member_id, "member")
    if m["status"] != "suspended":
        raise WrongState(f"{mid} is not suspended.")
    m["status"] = "active"
    return _member_dict(state, mid)


def send_member_message(token: str, member_id: str, subject: str, body: str, state: State = None) -> str:
    _staff(state, token, "support", "control")
    mid, m = _find(state.members, member_id, "member")
    if not subject.strip() or not body.strip():
        raise BadValue("Subject and body are required.")
    msg = f"EM-{_next(state, 'message')}"
    state.messages.append({"id": msg, "to": m["email"], "subject": subject.strip(), "body": body.strip()})
    return msg


TOOLS = [
    list_stations, sign_on, sign_off, station_detail, set_station_mode, daily_summary, find_bike, list_bikes,
    locate_bike, list_faults, report_fault, lock_out_bike, list_vans, start_van_shift, end_van_shift, create_move,
    assign_move, cancel_move, collect_bikes, drop_bikes, take_into_workshop, list_parts, fit_parts, list_batteries,
    swap_battery, safety_check, return_to_service, find_member, ride_history, list_open_rides, end_ride_manually,
    refund_ride, charge_fee, suspend_member, reinstate_member, send_member_message,
]

FIXTURES = {
    "scheme": {"name": "Tyne Spokes e-bike share, Newcastle", "depot": "Walker Road depot",
               "now": "Thursday 3 May 2029, 07:50"},
    "staff": [
        {"name": "Amira Haddad", "role": "control room", "staff_id": "N0417", "pin": "5821"},
        {"name": "Callum Reid", "role": "van driver", "staff_id": "N0388", "pin": "3307"},
        {"name": "Jo Ferris", "role": "mechanic", "staff_id": "N0452", "pin": "9164"},
        {"name": "Sam Olsen", "role": "customer support", "staff_id": "N0461", "pin": "2750"},
    ],
    "vans": {"NK24 WHL": "Transit with 20-bike racks", "NK24 WHM": "Transit with 20-bike racks",
             "ND73 PLX": "Sprinter with 12-bike racks"},
    "inbox": [
        "Laura Bell (laura.bell@example.com): docked at Central Station, dock 7, at 22:31 last night but the app "
        "still shows my ride running",
        "Karim Nasser (karim.nasser@example.com): Jesmond was full on Wednesday evening so I rode round for an hour "
        "and paid for it",
        "Dean Ruddick (dean.ruddick@example.com): asks why he was written to about a bike left in Gateshead",
    ],
    "depot_notes": [
        "Frame WTU7G1219: rider says the front brake lever pulls to the bar",
        "Frame WTU7G1207: loose handlebar stem reported in the app",
        "Van NK24 WHL odometer 41210 km at 07:30",
    ],
}

_TOKEN = "auth: session token (bare string from sign_on)"
_STATION = "id lookup: station id (row [0] of list_stations)"
_BIKE = "id lookup: bike id (bike_id of find_bike, or row [0] of list_bikes)"
_MOVE = "id create: move number (in the line create_move returns)"
_CARD = "id create: job card number (job_card of take_into_workshop)"
_MEMBER = "id lookup: member id (member_id of find_member)"

TOKEN_CONSUMERS = [t.__name__ for t in TOOLS if t.__name__ not in ("sign_on", "list_stations")]
STATION_CONSUMERS = ["station_detail", "set_station_mode", "create_move", "end_ride_manually"]
BIKE_CONSUMERS = ["report_fault", "lock_out_bike", "swap_battery", "take_into_workshop"]
MOVE_CONSUMERS = ["assign_move", "cancel_move", "collect_bikes", "drop_bikes"]
CARD_CONSUMERS = ["fit_parts", "safety_check", "return_to_service"]
MEMBER_CONSUMERS = ["ride_history", "suspend_member", "reinstate_member", "send_member_message"]

GROUND_TRUTH = (
    [("sign_on", c, _TOKEN) for c in TOKEN_CONSUMERS]
    + [("list_stations", c, _STATION) for c in STATION_CONSUMERS]
    + [("find_bike|list_bikes", c, _BIKE) for c in BIKE_CONSUMERS]
    + [("create_move", c, _MOVE) for c in MOVE_CONSUMERS]
    + [("take_into_workshop", c, _CARD) for c in CARD_CONSUMERS]
    + [("find_member", c, _MEMBER) for c in MEMBER_CONSUMERS]
    + [
        ("find_bike|list_bikes|list_open_rides", "locate_bike",
         "id lookup: bike id (bike_id of find_bike, row [0] of list_bikes, or row [2] of list_open_rides)"),
        ("list_bikes|station_detail", "collect_bikes",
         "id lookup: bikes docked at the origin (row [0] of list_bikes, or the docks of station_detail)"),
        ("list_vans", "start_van_shift", "id lookup: van id (row [0] of list_vans)"),
        ("list_vans", "assign_move", "id lookup: van id (row [0] of list_vans)"),
        ("start_van_shift|list_vans", "end_van_shift", "id create: shift id (shift_id, or row [4] of list_vans)"),
        ("report_fault|list_faults", "fit_parts",
         "id lookup/create: fault number (in the reported line, or row [0] of list_faults)"),
        ("list_batteries", "swap_battery", "id lookup: spare battery serial (row [0])"),
        ("find_member|ride_history|list_open_rides", "refund_ride",
         "id lookup: ride id (recent_rides of find_member, row [0] of ride_history or of list_open_rides)"),
        ("find_member|ride_history", "charge_fee",
         "id lookup: ride id (recent_rides of find_member, or row [0] of ride_history)"),
        ("list_open_rides|find_member", "end_ride_manually",
         "id lookup: open ride id (row [0] of list_open_rides, or recent_rides of find_member)"),
        ("station_detail", "drop_bikes", "vocabulary: free dock numbers at the destination (free_docks)"),
        ("list_parts", "fit_parts", "vocabulary: part numbers (row [0] of list_parts)"),
        ("report_fault|lock_out_bike", "take_into_workshop", "state: the bike off hire (faulty or locked out)"),
        ("start_van_shift", "assign_move", "state: the van on shift"),
        ("start_van_shift", "collect_bikes", "state: the driver on shift in the move's van"),
        ("assign_move", "collect_bikes", "state: the move assigned to a van"),
        ("collect_bikes", "drop_bikes", "state: bikes collected on the move"),
        ("drop_bikes", "end_van_shift", "state: the van empty"),
        ("fit_parts", "safety_check", "state: no open fault left on the bike"),
        ("safety_check", "return_to_service", "state: a passed safety check"),
        ("swap_battery", "return_to_service", "state: a charged battery fitted"),
        ("suspend_member", "reinstate_member", "state: the member suspended"),
        ("end_ride_manually", "refund_ride", "state: the ride ended"),
    ]
)

PLAUSIBLE = {
    ("find_bike", "collect_bikes"), ("list_bikes", "drop_bikes"), ("list_stations", "drop_bikes"),
    ("list_stations", "collect_bikes"), ("find_bike", "list_faults"), ("list_bikes", "list_faults"),
    ("take_into_workshop", "swap_battery"), ("list_faults", "take_into_workshop"), ("find_bike", "return_to_service"),
    ("list_open_rides", "send_member_message"), ("find_member", "locate_bike"), ("locate_bike", "lock_out_bike"),
    ("station_detail", "set_station_mode"), ("list_vans", "collect_bikes"),
    ("ride_history", "send_member_message"), ("station_detail", "end_ride_manually"), ("daily_summary", "create_move"),
    ("list_bikes", "create_move"), ("station_detail", "create_move"), ("take_into_workshop", "list_faults"),
    ("list_faults", "report_fault"), ("locate_bike", "end_ride_manually"), ("charge_fee", "suspend_member"),
    ("list_open_rides", "find_member"), ("list_batteries", "return_to_service"),
}
