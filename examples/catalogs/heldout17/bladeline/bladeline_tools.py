"""Bladeline: the operations and maintenance console of the Skerry Bank offshore wind farm (37 calls).

Plain functions over an in-memory ``State`` of a twenty-turbine farm off Orkney on Tuesday 9 May
2028. The control room signs on with a badge number and PIN, watches turbines and alarms,
acknowledges and resets faults, stops, starts and curtails turbines, raises and approves work
orders and issues permits to work; technicians add tasks, reserve spares, put their personal locks
on a permit, log on and off a turbine, complete tasks and record readings; the marine coordinator
plans crew transfers on the farm's vessels inside a weather window, puts the crew aboard and sends
the boat out. Spares, vessels, weather windows and live output are public.

Replies are dataclasses (a turbine with its alarms, a work order with its tasks, a permit), rows as
lists of lists with records nested, bare values (a token, an output in MW, a task number, a lock
count, persons on board) and sentences with a work-order, transfer or reservation number inside.
Every refusal is *returned* as ``{"ok": False, "reason": ...}``. Work orders and their permits
share digits (``W30398`` and ``W30398/1``). Which alarm codes may be reset remotely, the isolation
points a permit needs for each kind of work, the vessels' wave limits, the sea-survival
certificate rule and the reading ranges are named only in refusals.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as
provider means either tool satisfies it, and the text of ``what`` before its first ``:`` is the
kind.
"""

from dataclasses import dataclass, field
from enum import Enum
from typing import Dict, List, Literal, Optional

TODAY = "2028-05-09"

Priority = Literal["P1", "P2", "P3", "P4"]
TaskType = Literal["inspect", "replace", "repair", "torque", "clean"]
ReadingKind = Literal["bolt_torque", "oil_level", "vibration", "gearbox_temp"]
FarmString = Literal["A", "B", "C", "D"]


class Category(Enum):
    MECHANICAL = "mechanical"
    ELECTRICAL = "electrical"
    BLADE = "blade"
    CONTROL = "control"


class WOStatus(str, Enum):
    OPEN = "open"
    APPROVED = "approved"
    IN_PROGRESS = "in_progress"
    CLOSED = "closed"


_REMOTE_RESET = ("PITCH-203", "GRID-110", "YAW-015", "COMM-004")
_ISOLATION = {"mechanical": ("MV-CB", "ROTOR-LOCK", "YAW-BRAKE"), "electrical": ("MV-CB", "LV-MAIN", "UPS-OFF"),
              "blade": ("MV-CB", "ROTOR-LOCK", "PITCH-LOCK"), "control": ("LV-MAIN",)}
_HS_LIMIT = {"CTV": 1.5, "SOV": 2.5}
_RANGES = {"bolt_torque": (1800.0, 2600.0), "oil_level": (0.0, 100.0), "vibration": (0.0, 25.0),
           "gearbox_temp": (-10.0, 120.0)}
_VESSELS = [["SSW", "Skerry Swift", "CTV", 12], ["HOY", "Hoy Wind", "CTV", 12], ["SSP", "Skerry Spirit", "SOV", 40]]
_DRY_DOCK = {"HOY": "2028-05-20"}
_WINDOWS = {
    "2028-05-09": [["0509-AM", "06:30", "12:00", 1.1, 9.0], ["0509-PM", "13:00", "18:30", 1.9, 13.5]],
    "2028-05-10": [["0510-AM", "06:30", "12:00", 0.8, 7.0], ["0510-PM", "13:00", "18:30", 1.3, 10.0]],
    "2028-05-11": [["0511-AM", "06:30", "12:00", 2.8, 17.0]],
}


@dataclass
class Alarm:
    alarm_id: str
    turbine_id: str
    code: str
    text: str
    raised_at: str
    acknowledged: bool


@dataclass
class Turbine:
    turbine_id: str
    string: str
    state: str
    output_mw: float
    curtailed_to: Optional[float]
    alarms: List[Alarm] = field(default_factory=list)


@dataclass
class Task:
    task_no: int
    description: str
    task_type: str
    done: bool
    findings: Optional[str] = None


@dataclass
class WorkOrder:
    wo_no: str
    turbine_id: str
    title: str
    category: str
    priority: str
    stage: WOStatus
    tasks: List[Task] = field(default_factory=list)
    technicians: List[list] = field(default_factory=list)
    permit_no: Optional[str] = None
    summary: Optional[str] = None


@dataclass
class Permit:
    permit_no: str
    wo_no: str
    turbine_id: str
    isolation_points: List[str]
    locks: List[list]
    on_turbine: List[int]
    stage: str


def _no(reason: str) -> Dict[str, object]:
    return {"ok": False, "reason": reason}


# --------------------------------------------------------------------------- state


class State:
    """Skerry Bank on Tuesday 9 May 2028, start of the day shift."""

    def __init__(self) -> None:
        self.staff = {
            4102: {"name": "Morag Sinclair", "pin": "Tern-4102", "role": "control"},
            5230: {"name": "Ewan Mackay", "pin": "Skua-5230", "role": "marine"},
            2207: {"name": "Ailsa Munro", "pin": "Puffin-2207", "role": "technician"},
            2214: {"name": "Ross Baird", "pin": "Gannet-2214", "role": "technician"},
            2231: {"name": "Kirsty Flett", "pin": "Fulmar-2231", "role": "technician"},
            2248: {"name": "Duncan Ross", "pin": "Eider-2248", "role": "technician"},
        }
        self.skills = {2207: ["mechanical", "hv"], 2214: ["mechanical", "blade"], 2231: ["electrical", "hv", "control"],
                       2248: ["blade", "mechanical"]}
        self.certs = {2207: [["GWO-BST", "2029-02-14"], ["GWO-SEA", "2029-02-14"]],
                      2214: [["GWO-BST", "2028-11-30"], ["GWO-SEA", "2028-11-30"]],
                      2231: [["GWO-BST", "2029-06-01"], ["GWO-SEA", "2029-06-01"]],
                      2248: [["GWO-BST", "2028-08-19"], ["GWO-SEA", "2028-04-30"]]}
        self.tokens = {}
        self.turbines = {}
        for i in range(1, 21):
            tid = f"SB-{i:02d}"
            self.turbines[tid] = {"string": "ABCD"[(i - 1) // 5], "state": "running", "output": 6.2,
                                  "curtailed_to": None}
        self.turbines["SB-04"].update(state="stopped", output=0.0)
        self.turbines["SB-07"].update(state="fault", output=0.0)
        self.turbines["SB-12"].update(state="fault", output=0.0)
        self.turbines["SB-19"].update(state="stopped", output=0.0)
        self.turbines["SB-09"].update(curtailed_to=5.0, output=5.0)
        self.alarms = {
            "A88402": {"turbine_id": "SB-04", "code": "GBX-OILQ", "text": "Gearbox oil quality sensor: particle count high",
                       "raised_at": "2028-05-06 22:14", "acknowledged": True},
            "A88412": {"turbine_id": "SB-07", "code": "PITCH-203", "text": "Pitch axis 2 following error",
                       "raised_at": "2028-05-09 04:51", "acknowledged": False},
            "A88415": {"turbine_id": "SB-12", "code": "GBX-OILT", "text": "Gearbox oil temperature high (94 C)",
                       "raised_at": "2028-05-09 05:37", "acknowledged": False},
        }
        self.work_orders = {
            "W30377": {"turbine_id": "SB-15", "title": "Annual service", "category": "mechanical", "priority": "P4",
                       "stage": "closed", "tasks": [[1, "Annual service checklist", "inspect", True, "No defects"]],
                       "technicians": [2214], "permit_no": "W30377/1", "summary": "Service complete"},
            "W30398": {"turbine_id": "SB-04", "title": "Gearbox oil change", "category": "mechanical", "priority": "P3",
                       "stage": "in_progress",
                       "tasks": [[1, "Drain and replace gearbox oil", "replace", False, None],
                                 [2, "Replace inline oil filter", "replace", False, None]],
                       "technicians": [2207, 2214], "permit_no": "W30398/1", "summary": None},
            "W30405": {"turbine_id": "SB-19", "title": "Yaw drive noise", "category": "mechanical", "priority": "P2",
                       "stage": "open", "tasks": [], "technicians": [], "permit_no": None, "summary": None},
        }
        self.permits = {
            "W30377/1": {"wo_no": "W30377", "turbine_id": "SB-15", "isolation_points": ["MV-CB", "ROTOR-LOCK", "YAW-BRAKE"],
                         "locks": {}, "on_turbine": [], "stage": "closed"},
            "W30398/1": {"wo_no": "W30398", "turbine_id": "SB-04", "isolation_points": ["MV-CB", "ROTOR-LOCK", "YAW-BRAKE"],
                         "locks": {117: 2207}, "on_turbine": [], "stage": "active"},
        }
        self.parts = {
            "P-71020": ["Gearbox oil filter element", 6, "Stromness store, bay 2"],
            "P-71044": ["Yaw drive motor brake pad set", 4, "Stromness store, bay 4"],
            "P-71101": ["Pitch encoder, axis unit", 3, "SOV Skerry Spirit store"],
            "P-71210": ["Gear oil ISO VG 320, 209 l drum", 5, "Stromness store, yard"],
            "P-71305": ["Slip ring brush set", 8, "SOV Skerry Spirit store"],
        }
        self.reservations = {}
        self.transfers = {}
        self.readings = []
        self.counters = {"token": 60, "wo": 30420, "reservation": 611}


# --------------------------------------------------------------------------- helpers


def _next(state, key):
    n = state.counters[key]
    state.counters[key] += 1
    return n


def _who(state, token, *roles):
    badge = state.tokens.get(token)
    if badge is None:
        return None, _no("not signed on (token unknown or expired)")
    if roles and state.staff[badge]["role"] not in roles:
        return None, _no(f"the {state.staff[badge]['role']} role may not do this")
    return badge, None


def _turbine(state, turbine_id):
    t = state.turbines.get(turbine_id.strip().upper())
    if t is None:
        return None, _no(f"no turbine {turbine_id} (SB-01 to SB-20)")
    return t, None


def _turbine_view(state, tid):
    t = state.turbines[tid]
    alarms = [Alarm(a, x["turbine_id"], x["code"], x["text"], x["raised_at"], x["acknowledged"])
              for a, x in state.alarms.items() if x["turbine_id"] == tid]
    return Turbine(tid, t["string"], t["state"], t["output"], t["curtailed_to"], alarms)


def _wo_view(state, wo_no):
    w = state.work_orders[wo_no]
    return WorkOrder(wo_no, w["turbine_id"], w["title"], w["category"], w["priority"], WOStatus(w["stage"]),
                     [Task(*t) for t in w["tasks"]],
                     [[b, state.staff[b]["name"]] for b in w["technicians"]], w["permit_no"], w["summary"])


def _permit_view(state, permit_no):
    p = state.permits[permit_no]
    return Permit(permit_no, p["wo_no"], p["turbine_id"], list(p["isolation_points"]),
                  [[n, b, state.staff[b]["name"]] for n, b in p["locks"].items()], list(p["on_turbine"]), p["stage"])


def _wo(state, wo_no):
    w = state.work_orders.get(wo_no.strip().upper())
    if w is None:
        return None, _no(f"no work order {wo_no}")
    return w, None


def _active_permit(state, tid):
    return next((n for n, p in state.permits.items() if p["turbine_id"] == tid and p["stage"] == "active"), None)


def _on_turbine(state, badge, tid=None):
    return next((n for n, p in state.permits.items() if badge in p["on_turbine"] and (tid is None or p["turbine_id"] == tid)),
                None)


# --------------------------------------------------------------------------- sign-on


def sign_on(badge: int, pin: str, state: State = None) -> str:
    """Sign on to the console.

    Parameters
    ----------
    badge : int
        Staff badge number.
    pin : str
        Personal PIN.

    Returns
    -------
    str
        Console token for every call that needs one.
    """
    s = state.staff.get(int(badge))
    if s is None or s["pin"] != pin:
        return _no("badge or PIN not recognised")
    token = f"bl{_next(state, 'token')}{s['role'][:3]}"
    state.tokens[token] = int(badge)
    return token


def sign_off(token: str, state: State = None) -> str:
    """Sign off.

    Parameters
    ----------
    token : str
        Console token.

    Returns
    -------
    str
        Confirmation.
    """
    badge, err = _who(state, token)
    if err:
        return err
    del state.tokens[token]
    return f"{state.staff[badge]['name']} signed off."


# --------------------------------------------------------------------------- turbines and alarms


def list_turbines(token: str, string: Optional[FarmString] = None, turbine_state: Optional[str] = None,
                  state: State = None) -> List[list]:
    """Turbines on the farm.

    Parameters
    ----------
    token : str
        Console token.
    string : {"A", "B", "C", "D"}, optional
        Only the turbines on one array cable string.
    turbine_state : str, optional
        ``running``, ``stopped`` or ``fault``.

    Returns
    -------
    list of list
        Rows ``[turbine_id, string, state, output_mw, [active alarm codes]]``.
    """
    badge, err = _who(state, token)
    if err:
        return err
    rows = []
    for tid, t in state.turbines.items():
        if string and t["string"] != string:
            continue
        if turbine_state and t["state"] != turbine_state:
            continue
        codes = [a["code"] for a in state.alarms.values() if a["turbine_id"] == tid and not a["acknowledged"]]
        rows.append([tid, t["string"], t["state"], t["output"], codes])
    return rows


def get_turbine(token: str, turbine_id: str, state: State = None) -> Turbine:
    """One turbine with its alarms.

    Parameters
    ----------
    token : str
        Console token.
    turbine_id : str
        Position on the farm, ``SB-01`` to ``SB-20``.

    Returns
    -------
    Turbine
        State, output, curtailment and alarms.
    """
    badge, err = _who(state, token)
    if err:
        return err
    t, err = _turbine(state, turbine_id)
    if err:
        return err
    return _turbine_view(state, turbine_id.strip().upper())


def get_power_output(turbine_id: str, state: State = None) -> float:
    """Live active power of one turbine in MW (public SCADA feed)."""
    t, err = _turbine(state, turbine_id)
    if err:
        return err
    return t["output"]


def list_alarms(token: str, turbine_id: Optional[str] = None, unacknowledged_only: bool = False,
                state: State = None) -> List[list]:
    """Alarms raised on the farm.

    Parameters
    ----------
    token : str
        Console token.
    turbine_id : str, optional
        Only this turbine.
    unacknowledged_only : bool
        Leave out acknowledged alarms.

    Returns
    -------
    list of list
        Rows ``[alarm_id, turbine_id, code, text, raised_at, acknowledged]``.
    """
    badge, err = _who(state, token)
    if err:
        return err
    return [[a, x["turbine_id"], x["code"], x["text"], x["raised_at"], x["acknowledged"]] for a, x in state.alarms.items()
            if (not turbine_id or x["turbine_id"] == turbine_id.strip().upper())
            and not (unacknowledged_only and x["acknowledged"])]


def acknowledge_alarm(token: str, alarm_id: str, note: str, state: State = None) -> bool:
    """Acknowledge an alarm (control room).

    Parameters
    ----------
    token : str
        Control-room token.
    alarm_id : str
        The alarm.
    note : str
        What the operator saw or did.

    Returns
    -------
    bool
        True once acknowledged.
    """
    badge, err = _who(state, token, "control")
    if err:
        return err
    a = state.alarms.get(alarm_id)
    if a is None:
        return _no(f"no alarm {alarm_id}")
    if a["acknowledged"]:
        return _no(f"alarm {alarm_id} is already acknowledged")
    a["acknowledged"] = True
    a["note"] = note.strip()
    return True


def reset_turbine(token: str, turbine_id: str, state: State = None) -> str:
    """Reset a faulted turbine remotely once its alarms are acknowledged.

    Parameters
    ----------
    token : str
        Control-room token.
    turbine_id : str
        The turbine.

    Returns
    -------
    str
        What happened.
    """
    badge, err = _who(state, token, "control")
    if err:
        return err
    t, err = _turbine(state, turbine_id)
    if err:
        return err
    tid = turbine_id.strip().upper()
    if t["state"] != "fault":
        return _no(f"{tid} is {t['state']}, not in fault")
    alarms = [a for a in state.alarms.values() if a["turbine_id"] == tid]
    if any(not a["acknowledged"] for a in alarms):
        return _no(f"{tid} has unacknowledged alarms")
    blocked = [a["code"] for a in alarms if a["code"] not in _REMOTE_RESET]
    if blocked:
        return _no(f"{', '.join(blocked)} may not be reset remotely; remote reset is allowed for "
                   f"{', '.join(_REMOTE_RESET)} only; raise a work order")
    if _active_permit(state, tid):
        return _no(f"{tid} is under a permit to work")
    t.update(state="running", output=t["curtailed_to"] or 6.2)
    return f"{tid} reset and back in production at {t['output']} MW."


def stop_turbine(token: str, turbine_id: str, reason: str, state: State = None) -> Turbine:
    """Stop a turbine from the control room.

    Parameters
    ----------
    token : str
        Control-room token.
    turbine_id : str
        The turbine.
    reason : str
        Why it is stopped.

    Returns
    -------
    Turbine
        The turbine, stopped.
    """
    badge, err = _who(state, token, "control")
    if err:
        return err
    t, err = _turbine(state, turbine_id)
    if err:
        return err
    if t["state"] == "stopped":
        return _no(f"{turbine_id} is already stopped")
    t.update(state="stopped", output=0.0, stop_reason=reason.strip())
    return _turbine_view(state, turbine_id.strip().upper())


def start_turbine(token: str, turbine_id: str, state: State = None) -> str:
    """Start a stopped turbine.

    Parameters
    ----------
    token : str
        Control-room token.
    turbine_id : str
        The turbine.

    Returns
    -------
    str
        What happened.
    """
    badge, err = _who(state, token, "control")
    if err:
        return err
    t, err = _turbine(state, turbine_id)
    if err:
        return err
    tid = turbine_id.strip().upper()
    if t["state"] != "stopped":
        return _no(f"{tid} is {t['state']}; only a stopped turbine can be started")
    permit = _active_permit(state, tid)
    if permit:
        return _no(f"permit {permit} is still active on {tid}")
    if any(a["turbine_id"] == tid and not a["acknowledged"] for a in state.alarms.values()):
        return _no(f"{tid} has unacknowledged alarms")
    t.update(state="running", output=t["curtailed_to"] or 6.2)
    return f"{tid} started, {t['output']} MW."


def curtail_turbine(token: str, turbine_id: str, limit_mw: float, state: State = None) -> float:
    """Limit a running turbine's output (grid constraint, noise, ice).

    Parameters
    ----------
    token : str
        Control-room token.
    turbine_id : str
        The turbine.
    limit_mw : float
        The new limit, 0.5 to 8.0 MW.

    Returns
    -------
    float
        Output after curtailment, MW.
    """
    badge, err = _who(state, token, "control")
    if err:
        return err
    t, err = _turbine(state, turbine_id)
    if err:
        return err
    if t["state"] != "running":
        return _no(f"{turbine_id} is {t['state']}")
    if not 0.5 <= limit_mw <= 8.0:
        return _no("limit must be 0.5 to 8.0 MW")
    if t["curtailed_to"] == float(limit_mw):
        return _no(f"{turbine_id} is already curtailed to {limit_mw} MW")
    t.update(curtailed_to=float(limit_mw), output=min(6.2, float(limit_mw)))
    return t["output"]


def release_curtailment(token: str, turbine_id: str, state: State = None) -> float:
    """Lift a turbine's curtailment.

    Parameters
    ----------
    token : str
        Control-room token.
    turbine_id : str
        The turbine.

    Returns
    -------
    float
        Output afterwards, MW.
    """
    badge, err = _who(state, token, "control")
    if err:
        return err
    t, err = _turbine(state, turbine_id)
    if err:
        return err
    if t["curtailed_to"] is None:
        return _no(f"{turbine_id} is not curtailed")
    t["curtailed_to"] = None
    if t["state"] == "running":
        t["output"] = 6.2
    return t["output"]


# --------------------------------------------------------------------------- work orders


def create_work_order(token: str, turbine_id: str, title: str, category: Category, priority: Priority,
                      state: State = None) -> str:
    """Raise a work order on a turbine.

    Parameters
    ----------
    token : str
        Control-room or technician token.
    turbine_id : str
        The turbine.
    title : str
        Short description of the job.
    category : Category
        Kind of work.
    priority : {"P1", "P2", "P3", "P4"}
        P1 is the most urgent.

    Returns
    -------
    str
        A line with the new work-order number.
    """
    badge, err = _who(state, token, "control", "technician")
    if err:
        return err
    t, err = _turbine(state, turbine_id)
    if err:
        return err
    try:
        cat = Category(category.value if isinstance(category, Category) else category)
    except ValueError:
        return _no(f"unknown category {category}")
    if priority not in ("P1", "P2", "P3", "P4"):
        return _no("priority must be P1 to P4")
    if not title.strip():
        return _no("a title is required")
    wo = f"W{_next(state, 'wo')}"
    tid = turbine_id.strip().upper()
    state.work_orders[wo] = {"turbine_id": tid, "title": title.strip(), "category": cat.value, "priority": priority,
                             "stage": "open", "tasks": [], "technicians": [], "permit_no": None, "summary": None}
    return f"Work order {wo} raised on {tid}: {title.strip()} ({priority}, {cat.value})."


def list_work_orders(token: str, turbine_id: Optional[str] = None, stage: Optional[WOStatus] = None,
                     state: State = None) -> List[list]:
    """Work orders, newest last.

    Parameters
    ----------
    token : str
        Console token.
    turbine_id : str, optional
        Only this turbine.
    stage : WOStatus, optional
        Only work orders at this stage.

    Returns
    -------
    list of list
        Rows ``[wo_no, turbine_id, title, priority, stage, [[task_no, description, done], ...]]``.
    """
    badge, err = _who(state, token)
    if err:
        return err
    want = WOStatus(stage).value if stage else None
    return [[n, w["turbine_id"], w["title"], w["priority"], w["stage"], [[t[0], t[1], t[3]] for t in w["tasks"]]]
            for n, w in state.work_orders.items()
            if (not turbine_id or w["turbine_id"] == turbine_id.strip().upper()) and (not want or w["stage"] == want)]


def get_work_order(token: str, wo_no: str, state: State = None) -> WorkOrder:
    """One work order with its tasks, technicians and permit.

    Parameters
    ----------
    token : str
        Console token.
    wo_no : str
        The work order.

    Returns
    -------
    WorkOrder
        The work order.
    """
    badge, err = _who(state, token)
    if err:
        return err
    w, err = _wo(state, wo_no)
    if err:
        return err
    return _wo_view(state, wo_no.strip().upper())


def add_task(token: str, wo_no: str, description: str, task_type: TaskType, state: State = None) -> int:
    """Add a task to a work order that is not closed.

    Parameters
    ----------
    token : str
        Control-room or technician token.
    wo_no : str
        The work order.
    description : str
        What is to be done.
    task_type : {"inspect", "replace", "repair", "torque", "clean"}
        Kind of task.

    Returns
    -------
    int
        The new task's number on the work order.
    """
    badge, err = _who(state, token, "control", "technician")
    if err:
        return err
    w, err = _wo(state, wo_no)
    if err:
        return err
    if w["stage"] == "closed":
        return _no(f"{wo_no} is closed")
    if any(t[1].lower() == description.strip().lower() for t in w["tasks"]):
        return _no("that task is already on the work order")
    n = len(w["tasks"]) + 1
    w["tasks"].append([n, description.strip(), task_type, False, None])
    return n


def approve_work_order(token: str, wo_no: str, state: State = None) -> WorkOrder:
    """Approve an open work order for planning (control room).

    Parameters
    ----------
    token : str
        Control-room token.
    wo_no : str
        The work order.

    Returns
    -------
    WorkOrder
        The approved work order.
    """
    badge, err = _who(state, token, "control")
    if err:
        return err
    w, err = _wo(state, wo_no)
    if err:
        return err
    if w["stage"] != "open":
        return _no(f"{wo_no} is already {w['stage']}")
    if not w["tasks"]:
        return _no(f"{wo_no} has no tasks; add at least one before approval")
    w["stage"] = "approved"
    return _wo_view(state, wo_no.strip().upper())


def assign_technician(token: str, wo_no: str, badge: int, state: State = None) -> WorkOrder:
    """Put a technician on an approved work order.

    Parameters
    ----------
    token : str
        Control-room token.
    wo_no : str
        The work order.
    badge : int
        The technician's badge number.

    Returns
    -------
    WorkOrder
        The work order with its technicians.
    """
    me, err = _who(state, token, "control")
    if err:
        return err
    w, err = _wo(state, wo_no)
    if err:
        return err
    if w["stage"] not in ("approved", "in_progress"):
        return _no(f"{wo_no} is {w['stage']}; technicians go on approved work orders")
    b = int(badge)
    if b not in state.skills:
        return _no(f"no technician with badge {badge}")
    if w["category"] not in state.skills[b]:
        return _no(f"{state.staff[b]['name']} is not qualified for {w['category']} work")
    if b in w["technicians"]:
        return _no(f"{state.staff[b]['name']} is already on {wo_no}")
    w["technicians"].append(b)
    return _wo_view(state, wo_no.strip().upper())


def list_technicians(token: str, skill: Optional[str] = None, state: State = None) -> List[list]:
    """Technicians on the roster.

    Parameters
    ----------
    token : str
        Console token.
    skill : str, optional
        ``mechanical``, ``electrical``, ``blade``, ``hv`` or ``control``.

    Returns
    -------
    list of list
        Rows ``[badge, name, [skills], [[certificate, expiry], ...]]``.
    """
    me, err = _who(state, token)
    if err:
        return err
    return [[b, state.staff[b]["name"], list(s), [list(c) for c in state.certs[b]]]
            for b, s in state.skills.items() if not skill or skill in s]


def list_parts(query: Optional[str] = None, state: State = None) -> List[list]:
    """Spares in the stores.

    Parameters
    ----------
    query : str, optional
        Part of a description.

    Returns
    -------
    list of list
        Rows ``[part_no, description, on_hand, location]``.
    """
    q = (query or "").strip().lower()
    return [[n, p[0], p[1], p[2]] for n, p in state.parts.items() if q in p[0].lower()]


def reserve_parts(token: str, wo_no: str, part_nos: List[str], quantities: List[int], state: State = None) -> str:
    """Reserve spares for an approved work order.

    Parameters
    ----------
    token : str
        Technician or control-room token.
    wo_no : str
        The work order.
    part_nos : list of str
        Part numbers.
    quantities : list of int
        How many of each, in the same order.

    Returns
    -------
    str
        A line with the reservation number.
    """
    badge, err = _who(state, token, "control", "technician")
    if err:
        return err
    w, err = _wo(state, wo_no)
    if err:
        return err
    if w["stage"] not in ("approved", "in_progress"):
        return _no(f"{wo_no} is {w['stage']}; spares are reserved for approved work orders")
    if not part_nos or len(part_nos) != len(quantities):
        return _no("give one quantity per part number")
    for p, q in zip(part_nos, quantities):
        if p not in state.parts:
            return _no(f"no part {p}")
        if not 1 <= q <= state.parts[p][1]:
            return _no(f"only {state.parts[p][1]} of {p} on hand")
    for p, q in zip(part_nos, quantities):
        state.parts[p][1] -= q
    rs = f"RS-{_next(state, 'reservation')}"
    state.reservations[rs] = {"wo_no": wo_no, "lines": [[p, q] for p, q in zip(part_nos, quantities)]}
    return f"Reservation {rs} for {wo_no}: {len(part_nos)} line(s) held in the stores."


def close_work_order(token: str, wo_no: str, summary: str, state: State = None) -> WorkOrder:
    """Close a work order whose tasks are done and whose permit is closed.

    Parameters
    ----------
    token : str
        Control-room token.
    wo_no : str
        The work order.
    summary : str
        Close-out summary.

    Returns
    -------
    WorkOrder
        The closed work order.
    """
    badge, err = _who(state, token, "control")
    if err:
        return err
    w, err = _wo(state, wo_no)
    if err:
        return err
    if w["stage"] == "closed":
        return _no(f"{wo_no} is already closed")
    if not w["tasks"] or any(not t[3] for t in w["tasks"]):
        return _no(f"{wo_no} has tasks not completed")
    if w["permit_no"] and state.permits[w["permit_no"]]["stage"] == "active":
        return _no(f"permit {w['permit_no']} is still active")
    w.update(stage="closed", summary=summary.strip())
    return _wo_view(state, wo_no.strip().upper())


# --------------------------------------------------------------------------- permits and locks


def issue_permit(token: str, wo_no: str, isolation_points: List[str], state: State = None) -> Permit:
    """Issue the permit to work for an approved work order on a stopped turbine.

    Parameters
    ----------
    token : str
        Control-room token.
    wo_no : str
        The work order.
    isolation_points : list of str
        The points isolated for the work.

    Returns
    -------
    Permit
        The permit, numbered after its work order.
    """
    badge, err = _who(state, token, "control")
    if err:
        return err
    w, err = _wo(state, wo_no)
    if err:
        return err
    wo = wo_no.strip().upper()
    if w["stage"] != "approved":
        return _no(f"{wo} is {w['stage']}; a permit needs an approved work order")
    t = state.turbines[w["turbine_id"]]
    if t["state"] != "stopped":
        return _no(f"{w['turbine_id']} is {t['state']}; stop it before issuing a permit")
    other = _active_permit(state, w["turbine_id"])
    if other:
        return _no(f"permit {other} is already active on {w['turbine_id']}")
    need = [p for p in _ISOLATION[w["category"]] if p not in isolation_points]
    if need:
        return _no(f"{w['category']} work needs isolation points {', '.join(_ISOLATION[w['category']])}; "
                   f"missing {', '.join(need)}")
    n = 1 + sum(1 for p in state.permits.values() if p["wo_no"] == wo)
    pno = f"{wo}/{n}"
    state.permits[pno] = {"wo_no": wo, "turbine_id": w["turbine_id"], "isolation_points": list(isolation_points),
                          "locks": {}, "on_turbine": [], "stage": "active"}
    w.update(stage="in_progress", permit_no=pno)
    return _permit_view(state, pno)


def list_permits(token: str, turbine_id: Optional[str] = None, active_only: bool = True,
                 state: State = None) -> List[list]:
    """Permits to work.

    Parameters
    ----------
    token : str
        Console token.
    turbine_id : str, optional
        Only this turbine.
    active_only : bool
        Leave out closed permits (default).

    Returns
    -------
    list of list
        Rows ``[permit_no, wo_no, turbine_id, [isolation points], [[lock_no, badge], ...], [badges on the turbine]]``.
    """
    badge, err = _who(state, token)
    if err:
        return err
    return [[n, p["wo_no"], p["turbine_id"], list(p["isolation_points"]), [[k, v] for k, v in p["locks"].items()],
             list(p["on_turbine"])] for n, p in state.permits.items()
            if (not turbine_id or p["turbine_id"] == turbine_id.strip().upper()) and (not active_only or p["stage"] == "active")]


def _permit(state, permit_no):
    p = state.permits.get(permit_no.strip().upper())
    if p is None:
        return None, _no(f"no permit {permit_no}")
    if p["stage"] != "active":
        return None, _no(f"permit {permit_no} is {p['stage']}")
    return p, None


def apply_lock(token: str, permit_no: str, lock_no: int, state: State = None) -> int:
    """Put your personal lock on a permit's lock box.

    Parameters
    ----------
    token : str
        Technician token.
    permit_no : str
        The permit.
    lock_no : int
        Number stamped on your padlock.

    Returns
    -------
    int
        Locks now on the permit.
    """
    badge, err = _who(state, token, "technician")
    if err:
        return err
    p, err = _permit(state, permit_no)
    if err:
        return err
    if int(lock_no) in p["locks"]:
        return _no(f"lock {lock_no} is already on {permit_no}")
    if badge in p["locks"].values():
        return _no(f"{state.staff[badge]['name']} already has a lock on {permit_no}")
    p["locks"][int(lock_no)] = badge
    return len(p["locks"])


def remove_lock(token: str, permit_no: str, lock_no: int, state: State = None) -> int:
    """Take your personal lock off a permit once nobody is on the turbine.

    Parameters
    ----------
    token : str
        Technician token.
    permit_no : str
        The permit.
    lock_no : int
        Your padlock's number.

    Returns
    -------
    int
        Locks left on the permit.
    """
    badge, err = _who(state, token, "technician")
    if err:
        return err
    p, err = _permit(state, permit_no)
    if err:
        return err
    if p["locks"].get(int(lock_no)) is None:
        return _no(f"lock {lock_no} is not on {permit_no}")
    if p["locks"][int(lock_no)] != badge:
        return _no(f"lock {lock_no} belongs to {state.staff[p['locks'][int(lock_no)]]['name']}")
    if p["on_turbine"]:
        return _no(f"{len(p['on_turbine'])} person(s) still logged on {p['turbine_id']}")
    del p["locks"][int(lock_no)]
    return len(p["locks"])


def close_permit(token: str, permit_no: str, state: State = None) -> Permit:
    """Close a permit once every lock is off and nobody is on the turbine.

    Parameters
    ----------
    token : str
        Control-room token.
    permit_no : str
        The permit.

    Returns
    -------
    Permit
        The closed permit.
    """
    badge, err = _who(state, token, "control")
    if err:
        return err
    p, err = _permit(state, permit_no)
    if err:
        return err
    if p["locks"]:
        return _no(f"{len(p['locks'])} personal lock(s) still on {permit_no}")
    if p["on_turbine"]:
        return _no(f"people still logged on {p['turbine_id']}")
    p["stage"] = "closed"
    return _permit_view(state, permit_no.strip().upper())


# --------------------------------------------------------------------------- marine


def list_vessels(state: State = None) -> List[list]:
    """The farm's vessels.

    Returns
    -------
    list of list
        Rows ``[vessel_code, name, type, seats]``.
    """
    return [list(v) for v in _VESSELS]


def list_weather_windows(date: str, state: State = None) -> List[list]:
    """Forecast access windows for a day.

    Parameters
    ----------
    date : str
        ``YYYY-MM-DD``.

    Returns
    -------
    list of list
        Rows ``[window_id, start, end, significant wave height m, wind m/s]``.
    """
    if date not in _WINDOWS:
        return _no(f"no forecast for {date} (forecasts run 2028-05-09 to 2028-05-11)")
    return [list(w) for w in _WINDOWS[date]]


def plan_transfer(token: str, vessel_code: str, window_id: str, turbine_ids: List[str], state: State = None) -> str:
    """Plan a crew transfer to one or more turbines inside a weather window.

    Parameters
    ----------
    token : str
        Marine coordinator's token.
    vessel_code : str
        The vessel.
    window_id : str
        The weather window.
    turbine_ids : list of str
        Turbines to visit.

    Returns
    -------
    str
        A line with the transfer number.
    """
    badge, err = _who(state, token, "marine")
    if err:
        return err
    v = next((x for x in _VESSELS if x[0] == vessel_code), None)
    if v is None:
        return _no(f"no vessel {vessel_code}")
    day, win = next(((d, w) for d, ws in _WINDOWS.items() for w in ws if w[0] == window_id), (None, None))
    if win is None:
        return _no(f"no weather window {window_id}")
    if vessel_code in _DRY_DOCK and day < _DRY_DOCK[vessel_code]:
        return _no(f"{v[1]} is in dry dock until {_DRY_DOCK[vessel_code]}")
    if win[3] > _HS_LIMIT[v[2]]:
        return _no(f"forecast Hs {win[3]} m exceeds the {v[2]} transfer limit of {_HS_LIMIT[v[2]]} m")
    if not turbine_ids or any(t.strip().upper() not in state.turbines for t in turbine_ids):
        return _no("name the turbines to visit, SB-01 to SB-20")
    seq = 1 + sum(1 for t in state.transfers.values() if t["date"] == day)
    tr = f"T{day[5:7]}{day[8:10]}-{seq}"
    state.transfers[tr] = {"vessel": vessel_code, "date": day, "window": window_id,
                           "turbines": [t.strip().upper() for t in turbine_ids], "crew": [], "stage": "planned"}
    return f"Transfer {tr} planned: {v[1]}, window {window_id} ({win[1]}-{win[2]}), to {', '.join(turbine_ids)}."


def _transfer(state, transfer_id):
    t = state.transfers.get(transfer_id.strip().upper())
    if t is None:
        return None, _no(f"no transfer {transfer_id}")
    return t, None


def add_crew(token: str, transfer_id: str, badges: List[int], state: State = None) -> int:
    """Put technicians on a planned transfer.

    Parameters
    ----------
    token : str
        Marine coordinator's token.
    transfer_id : str
        The transfer.
    badges : list of int
        Technicians' badge numbers.

    Returns
    -------
    int
        Persons on board.
    """
    me, err = _who(state, token, "marine")
    if err:
        return err
    t, err = _transfer(state, transfer_id)
    if err:
        return err
    if t["stage"] != "planned":
        return _no(f"transfer {transfer_id} is {t['stage']}")
    for b in badges:
        b = int(b)
        if b not in state.certs:
            return _no(f"no technician with badge {b}")
        if b in t["crew"]:
            return _no(f"{state.staff[b]['name']} is already on {transfer_id}")
        sea = dict(state.certs[b]).get("GWO-SEA", "")
        if sea < t["date"]:
            return _no(f"{state.staff[b]['name']}'s GWO sea survival certificate expired on {sea}; "
                       "no valid GWO-SEA, no transfer")
    t["crew"].extend(int(b) for b in badges)
    return len(t["crew"]) + 2


def depart_transfer(token: str, transfer_id: str, state: State = None) -> str:
    """Send a planned transfer out.

    Parameters
    ----------
    token : str
        Marine coordinator's token.
    transfer_id : str
        The transfer.

    Returns
    -------
    str
        Departure line.
    """
    me, err = _who(state, token, "marine")
    if err:
        return err
    t, err = _transfer(state, transfer_id)
    if err:
        return err
    if t["stage"] != "planned":
        return _no(f"transfer {transfer_id} is {t['stage']}")
    if not t["crew"]:
        return _no(f"transfer {transfer_id} has no technicians aboard")
    t["stage"] = "underway"
    return f"Transfer {transfer_id} underway with {len(t['crew'])} technician(s)."


def cancel_transfer(token: str, transfer_id: str, reason: str, state: State = None) -> str:
    """Cancel a transfer that has not left.

    Parameters
    ----------
    token : str
        Marine coordinator's token.
    transfer_id : str
        The transfer.
    reason : str
        Why.

    Returns
    -------
    str
        Confirmation.
    """
    me, err = _who(state, token, "marine")
    if err:
        return err
    t, err = _transfer(state, transfer_id)
    if err:
        return err
    if t["stage"] != "planned":
        return _no(f"transfer {transfer_id} is {t['stage']} and cannot be cancelled")
    t.update(stage="cancelled", reason=reason.strip())
    return f"Transfer {transfer_id} cancelled."


# --------------------------------------------------------------------------- on the turbine


def log_access(token: str, permit_no: str, transfer_id: str, state: State = None) -> str:
    """Log yourself on a turbine from a transfer, under its permit.

    Parameters
    ----------
    token : str
        Technician token.
    permit_no : str
        The permit for the turbine.
    transfer_id : str
        The transfer that brought you.

    Returns
    -------
    str
        The access line.
    """
    badge, err = _who(state, token, "technician")
    if err:
        return err
    p, err = _permit(state, permit_no)
    if err:
        return err
    t, err = _transfer(state, transfer_id)
    if err:
        return err
    if t["stage"] != "underway":
        return _no(f"transfer {transfer_id} is {t['stage']}, not underway")
    if p["turbine_id"] not in t["turbines"]:
        return _no(f"transfer {transfer_id} does not go to {p['turbine_id']}")
    if badge not in t["crew"]:
        return _no(f"{state.staff[badge]['name']} is not on transfer {transfer_id}")
    if badge not in p["locks"].values():
        return _no(f"no personal lock of {state.staff[badge]['name']} on {permit_no}")
    if _on_turbine(state, badge):
        return _no(f"{state.staff[badge]['name']} is already logged on a turbine")
    p["on_turbine"].append(badge)
    return f"{state.staff[badge]['name']} logged on {p['turbine_id']} under {permit_no.strip().upper()}."


def log_egress(token: str, permit_no: str, state: State = None) -> str:
    """Log yourself off a turbine.

    Parameters
    ----------
    token : str
        Technician token.
    permit_no : str
        The permit you worked under.

    Returns
    -------
    str
        The egress line.
    """
    badge, err = _who(state, token, "technician")
    if err:
        return err
    p, err = _permit(state, permit_no)
    if err:
        return err
    if badge not in p["on_turbine"]:
        return _no(f"{state.staff[badge]['name']} is not logged on {p['turbine_id']}")
    p["on_turbine"].remove(badge)
    return f"{state.staff[badge]['name']} logged off {p['turbine_id']}."


def complete_task(token: str, wo_no: str, task_no: int, findings: str, state: State = None) -> Task:
    """Mark a task done, on the turbine.

    Parameters
    ----------
    token : str
        Technician token; you must be logged on the work order's turbine.
    wo_no : str
        The work order.
    task_no : int
        The task's number.
    findings : str
        What you found and did.

    Returns
    -------
    Task
        The completed task.
    """
    badge, err = _who(state, token, "technician")
    if err:
        return err
    w, err = _wo(state, wo_no)
    if err:
        return err
    task = next((t for t in w["tasks"] if t[0] == int(task_no)), None)
    if task is None:
        return _no(f"{wo_no} has no task {task_no}")
    if task[3]:
        return _no(f"task {task_no} of {wo_no} is already done")
    if not _on_turbine(state, badge, w["turbine_id"]):
        return _no(f"{state.staff[badge]['name']} is not logged on {w['turbine_id']}")
    task[3], task[4] = True, findings.strip()
    return Task(*task)


def record_reading(token: str, turbine_id: str, kind: ReadingKind, value: float, state: State = None) -> float:
    """Record a measurement taken on the turbine.

    Parameters
    ----------
    token : str
        Technician token; you must be logged on the turbine.
    turbine_id : str
        The turbine.
    kind : {"bolt_torque", "oil_level", "vibration", "gearbox_temp"}
        What was measured.
    value : float
        The value (Nm, %, mm/s, degrees C).

    Returns
    -------
    float
        The value recorded.
    """
    badge, err = _who(state, token, "technician")
    if err:
        return err
    t, err = _turbine(state, turbine_id)
    if err:
        return err
    tid = turbine_id.strip().upper()
    if not _on_turbine(state, badge, tid):
        return _no(f"{state.staff[badge]['name']} is not logged on {tid}")
    lo, hi = _RANGES[kind]
    if not lo <= value <= hi:
        return _no(f"{kind} {value} is outside the plausible range {lo} to {hi}; check the instrument")
    state.readings.append([tid, kind, float(value), badge])
    return float(value)


TOOLS = [
    sign_on, sign_off, list_turbines, get_turbine, get_power_output, list_alarms, acknowledge_alarm, reset_turbine,
    stop_turbine, start_turbine, curtail_turbine, release_curtailment, create_work_order, list_work_orders,
    get_work_order, add_task, approve_work_order, assign_technician, list_technicians, list_parts, reserve_parts,
    close_work_order, issue_permit, list_permits, apply_lock, remove_lock, close_permit, list_vessels,
    list_weather_windows, plan_transfer, add_crew, depart_transfer, cancel_transfer, log_access, log_egress,
    complete_task, record_reading,
]

FIXTURES = {
    "farm": {"name": "Skerry Bank offshore wind farm, Orkney", "today": "Tuesday 9 May 2028",
             "turbines": "SB-01 to SB-20 (strings A to D, five each)"},
    "on_shift": [
        {"name": "Morag Sinclair", "role": "control room", "badge": 4102, "pin": "Tern-4102"},
        {"name": "Ewan Mackay", "role": "marine coordinator", "badge": 5230, "pin": "Skua-5230"},
        {"name": "Ailsa Munro", "role": "technician", "badge": 2207, "pin": "Puffin-2207", "padlock": 117,
         "spare_padlock": 121},
    ],
    "other_technicians": ["Ross Baird", "Kirsty Flett", "Duncan Ross"],
    "shift_handover": [
        "SB-07 tripped on a pitch fault before dawn",
        "SB-12 tripped on gearbox oil temperature",
        "SB-19 was stopped overnight for a yaw noise investigation",
        "SB-04 is stopped for its gearbox oil change, Ailsa's lock is on the permit",
        "SB-09 is curtailed for the grid operator",
    ],
}

_TOKEN = "auth: console token (bare string from sign_on)"
_WO = "id lookup/create: work-order number (in the raised line, or row [0] of list_work_orders)"
_PERMIT = "id lookup/create: permit number (permit_no of issue_permit, or row [0] of list_permits)"
_TRANSFER = "id create: transfer number (in the planned-transfer line)"

_SIGNED_ON = [
    "sign_off", "list_turbines", "get_turbine", "list_alarms", "acknowledge_alarm", "reset_turbine", "stop_turbine",
    "start_turbine", "curtail_turbine", "release_curtailment", "create_work_order", "list_work_orders",
    "get_work_order", "add_task", "approve_work_order", "assign_technician", "list_technicians", "reserve_parts",
    "close_work_order", "issue_permit", "list_permits", "apply_lock", "remove_lock", "close_permit", "plan_transfer",
    "add_crew", "depart_transfer", "cancel_transfer", "log_access", "log_egress", "complete_task", "record_reading",
]
WO_CONSUMERS = ["get_work_order", "add_task", "approve_work_order", "assign_technician", "reserve_parts",
                "issue_permit", "close_work_order", "complete_task"]
PERMIT_CONSUMERS = ["apply_lock", "remove_lock", "close_permit", "log_access", "log_egress"]
TRANSFER_CONSUMERS = ["add_crew", "depart_transfer", "cancel_transfer", "log_access"]

GROUND_TRUTH = (
    [("sign_on", c, _TOKEN) for c in _SIGNED_ON]
    + [("create_work_order|list_work_orders", c, _WO) for c in WO_CONSUMERS]
    + [("issue_permit|list_permits", c, _PERMIT) for c in PERMIT_CONSUMERS]
    + [("plan_transfer", c, _TRANSFER) for c in TRANSFER_CONSUMERS]
    + [
        ("list_alarms|get_turbine", "acknowledge_alarm", "id lookup: alarm id (row [0], or alarms[i].alarm_id)"),
        ("add_task", "complete_task", "id create: task number (bare int from add_task)"),
        ("list_vessels", "plan_transfer", "vocabulary: vessel code (row [0])"),
        ("list_weather_windows", "plan_transfer", "vocabulary: weather window id (row [0])"),
        ("list_parts", "reserve_parts", "vocabulary: part number (row [0])"),
        ("list_technicians", "assign_technician", "vocabulary: a technician's badge number (row [0])"),
        ("list_technicians", "add_crew", "vocabulary: technicians' badge numbers (row [0])"),
        ("acknowledge_alarm", "reset_turbine", "state: the turbine's alarms acknowledged"),
        ("add_task", "approve_work_order", "state: at least one task on the work order"),
        ("approve_work_order", "assign_technician", "state: the work order approved"),
        ("approve_work_order", "reserve_parts", "state: the work order approved"),
        ("approve_work_order", "issue_permit", "state: the work order approved"),
        ("stop_turbine", "issue_permit", "state: the turbine stopped"),
        ("stop_turbine", "start_turbine", "state: the turbine stopped"),
        ("close_permit", "start_turbine", "state: no active permit on the turbine"),
        ("apply_lock", "log_access", "state: the technician's personal lock on the permit"),
        ("add_crew", "depart_transfer", "state: technicians aboard the transfer"),
        ("depart_transfer", "log_access", "state: the transfer underway"),
        ("log_access", "complete_task", "state: the technician logged on the turbine"),
        ("log_access", "record_reading", "state: the technician logged on the turbine"),
        ("log_access", "log_egress", "state: the technician logged on the turbine"),
        ("log_egress", "remove_lock", "state: nobody logged on the turbine"),
        ("remove_lock", "close_permit", "state: every personal lock off the permit"),
        ("complete_task", "close_work_order", "state: every task done"),
        ("close_permit", "close_work_order", "state: the permit closed"),
        ("curtail_turbine", "release_curtailment", "state: the turbine curtailed"),
    ]
)

PLAUSIBLE = {
    ("list_turbines", "get_turbine"), ("list_turbines", "stop_turbine"), ("get_turbine", "reset_turbine"),
    ("list_alarms", "reset_turbine"), ("get_work_order", "complete_task"), ("get_work_order", "issue_permit"),
    ("list_work_orders", "create_work_order"), ("assign_technician", "add_crew"), ("reserve_parts", "issue_permit"),
    ("get_power_output", "curtail_turbine"), ("list_weather_windows", "list_vessels"), ("issue_permit", "plan_transfer"),
    ("list_permits", "plan_transfer"), ("log_access", "remove_lock"), ("get_work_order", "close_work_order"),
    ("list_turbines", "create_work_order"), ("list_permits", "start_turbine"), ("reset_turbine", "get_power_output"),
    ("start_turbine", "get_power_output"), ("record_reading", "complete_task"), ("assign_technician", "log_access"),
    ("get_work_order", "add_task"), ("list_technicians", "apply_lock"), ("cancel_transfer", "plan_transfer"),
}
