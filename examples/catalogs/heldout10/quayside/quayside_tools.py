"""Quayside: the terminal operating system of a container terminal, as its Python bindings expose it (39 calls).

Plain functions over an in-memory ``State`` of Quay 2 at the Port of Tarrow on Monday 14 June 2027:
vessel visits, berths and quay cranes; containers in the yard, yard blocks and moves; holds (customs,
shipping line, terminal, port health) and inspections; storage charges; shipping line releases and
their release PINs; hauliers, their trucks and their access to the booking portal; gate slots,
pickup and delivery appointments, the in-gate, the truck's load or unload, and the out-gate; export
bookings, verified gross mass (VGM), dangerous goods declarations, load planning and loading
confirmation; reefer plugs and temperature readings.

Sign-in has two steps. ``request_sign_in`` checks username and password and pages a one-time code to
the user's pager (``read_pager`` shows what a pager has received); ``verify_sign_in`` exchanges the
challenge and the code for a bare token string, passed as ``token``.

Replies are what the bindings hand back: bare values (a challenge id, a token, a hold id, a release
PIN, an amount, a lane number, a yard position), rows as lists of lists (some holding lists), one
dict (``get_container``), or a sentence with the new reference in it. Every refusal is *raised*:
the module's ``TerminalError`` subclasses (some also builtin ``LookupError``/``PermissionError``)
or a builtin ``ValueError``. Docstrings are reST.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as
provider means either tool satisfies it, and the text of ``what`` before its first ``:`` is the
kind.
"""

from __future__ import annotations

from typing import Literal, Optional

TODAY = "2027-06-14"
NOW = "09:05"

Direction = Literal["import_pickup", "export_delivery"]
VgmMethod = Literal["method_1", "method_2"]
Agency = Literal["customs", "port_health", "border_force"]
InspectionResult = Literal["cleared", "further_examination", "seized"]
VisitStatus = Literal["expected", "berthed", "departed"]

_HOLD_TYPES = ("customs", "line", "terminal", "port_health", "dg_check")
_AGENCY_HOLD = {"customs": "customs", "border_force": "customs", "port_health": "port_health"}
_DAILY_STORAGE = {"20": 28.0, "40": 45.0}


class TerminalError(Exception):
    """A refusal by the terminal operating system."""


class NotAuthorised(TerminalError, PermissionError):
    """No valid token, or the user may not do this."""


class NotFound(TerminalError, LookupError):
    """No such record."""


class StateConflict(TerminalError):
    """The record is not in a state that allows this."""


def _ctr(number, iso, line, category, status, position, gross=None, vgm=None, booking=None, visit=None,
         reefer=None, bl=None, free_until=None, dg=None):
    return {"number": number, "iso": iso, "line": line, "category": category, "status": status,
            "position": position, "gross_kg": gross, "vgm": vgm, "booking": booking, "visit": visit, "reefer": reefer,
            "bill_of_lading": bl, "free_until": free_until, "storage_paid_to": None, "line_released": False,
            "pin": None, "dg": dg, "plugged": False, "readings": []}


class State:
    """Port of Tarrow, Quay 2 terminal, Monday 14 June 2027, 09:05."""

    def __init__(self) -> None:
        self.users = {
            "mkowalczyk": {"name": "Marta Kowalczyk", "role": "vessel_planner", "password": "Gantry#Blue-19",
                           "pager": "0417 552"},
            "jbarros": {"name": "Joao Barros", "role": "gate_clerk", "password": "Lane7-Northgate", "pager": "0417 580"},
        }
        self.pagers = {"0417 552": [["07:58", "TOS", "shift notice", "Berth B3 clear from 12:00"]],
                       "0417 580": []}
        self.challenges = {}
        self.tokens = {}
        self.berths = {"B1": [300, 14.5, None], "B2": [350, 16.0, "V-2711"], "B3": [350, 16.0, None],
                       "B4": [180, 9.5, None]}
        self.cranes = {"QC-01": ["B1", None], "QC-02": ["B1", None], "QC-03": ["B2", "V-2711"],
                       "QC-04": ["B2", "V-2711"], "QC-05": ["B3", None], "QC-06": ["B3", None]}
        self.visits = {
            "V-2711": {"vessel": "MSC Aurelia", "voyage": "711W", "line": "MSC", "eta": "2027-06-13T05:30",
                       "berth": "B2", "status": "berthed", "draft": 13.8, "plan": {"MSKU 7719034": "120482"},
                       "loaded": []},
            "V-2714": {"vessel": "Maersk Kinloss", "voyage": "224E", "line": "MAEU", "eta": "2027-06-14T13:00",
                       "berth": None, "status": "expected", "draft": 12.1, "plan": {}, "loaded": []},
            "V-2716": {"vessel": "CMA CGM Tage", "voyage": "0FT3RW", "line": "CMDU", "eta": "2027-06-15T22:00",
                       "berth": None, "status": "expected", "draft": 15.2, "plan": {}, "loaded": []},
        }
        self.containers = {
            "MSCU 4471203": _ctr("MSCU 4471203", "45G1", "MSC", "import", "in_yard", "A3-12-02", gross=24310,
                                 visit="V-2711", bl="MEDUSN482210", free_until="2027-06-11"),
            "TGHU 8830157": _ctr("TGHU 8830157", "22G1", "MSC", "import", "in_yard", "A1-04-01", gross=17880,
                                 visit="V-2711", bl="MEDUSN482377", free_until="2027-06-17"),
            "CAIU 5521984": _ctr("CAIU 5521984", "45R1", "MSC", "import", "in_yard", "R1-02-01", gross=27640,
                                 visit="V-2711", reefer=-18.0, bl="MEDUSN482391", free_until="2027-06-16"),
            "SEGU 6610042": _ctr("SEGU 6610042", "45G1", "MAEU", "export", "in_yard", "E2-07-03", gross=21950,
                                 booking="MAEU-255190771", visit="V-2714"),
            "HLXU 2207751": _ctr("HLXU 2207751", "22G1", "MAEU", "export", "in_yard", "D1-01-02", gross=19020,
                                 vgm=19020, booking="MAEU-255190771", visit="V-2714", dg="pending"),
            "MNBU 3309187": _ctr("MNBU 3309187", "45R1", "MAEU", "export", "in_yard", "E1-03-01", gross=26480,
                                 vgm=26480, booking="MAEU-255190774", visit="V-2714", reefer=2.0),
            "MSKU 7719034": _ctr("MSKU 7719034", "45G1", "MSC", "export", "planned", "E3-01-01", gross=22110,
                                 vgm=22110, booking="MSC-EB-880412", visit="V-2711"),
        }
        self.containers["CAIU 5521984"]["plugged"] = True
        self.holds = {"H-1180": ["MSCU 4471203", "customs", "HMRC CHIEF route 6 selection", "active"],
                      "H-1174": ["TGHU 8830157", "line", "freight unpaid", "released"]}
        self.blocks = {"A1": ["import", 40], "A3": ["import", 12], "D1": ["dangerous_goods", 6],
                       "E1": ["export", 30], "E2": ["export", 22], "E3": ["export", 9], "R1": ["reefer", 8],
                       "R2": ["reefer", 14], "X1": ["inspection", 4]}
        self.bookings = {
            "MAEU-255190771": {"line": "MAEU", "visit": "V-2714", "iso": "22G1", "count": 4,
                               "received": ["HLXU 2207751"]},
            "MAEU-255190774": {"line": "MAEU", "visit": "V-2714", "iso": "45R1", "count": 2,
                               "received": ["MNBU 3309187"]},
            "MSC-EB-880412": {"line": "MSC", "visit": "V-2711", "iso": "45G1", "count": 1, "received": ["MSKU 7719034"]},
        }
        self.hauliers = {
            "HL-031": {"name": "Dunmore Haulage", "portal": True, "trucks": [["TRK-5102", "DN21 KXR"]]},
            "HL-044": {"name": "Pellow & Sons Transport", "portal": False, "trucks": [["TRK-5110", "PJ19 WOE"]]},
            "HL-052": {"name": "Tarrow Container Services", "portal": True, "trucks": [["TRK-5121", "TC70 RRY"],
                                                                                         ["TRK-5122", "TC70 RRZ"]]},
        }
        self.appointments = {
            "APT-60418": {"kind": "export_delivery", "truck": "TRK-5121", "slot": "GS-0614-0800-E",
                          "booking": "MAEU-255190771", "container": "TEMU 3380122", "status": "booked"},
        }
        self.slot_use = {"GS-0614-0800-E": 1, "GS-0614-1000-I": 6}
        self.inspections = {}
        self.receipts = []
        self.counters = {"challenge": 7730, "token": 0, "hold": 1188, "appointment": 60420, "truck": 5122,
                         "inspection": 310, "receipt": 4400, "dg": 90, "lane": 0, "eir": 2200}


def _next(state: State, what: str) -> int:
    state.counters[what] += 1
    return state.counters[what]


def _auth(state: State, token: str) -> dict:
    user = state.tokens.get(token)
    if user is None:
        raise NotAuthorised("401 token missing or expired; sign in again")
    return state.users[user]


def _container(state: State, number: str) -> dict:
    raw = str(number).upper().replace(" ", "")
    ctr = state.containers.get(f"{raw[:4]} {raw[4:]}")
    if ctr is None:
        raise NotFound(f"404 container {number!r} is not at the terminal")
    return ctr


def _visit(state: State, visit_id: str) -> dict:
    v = state.visits.get(str(visit_id).strip().upper())
    if v is None:
        raise NotFound(f"404 no vessel visit {visit_id!r}")
    return v


def _truck(state: State, truck_id: str) -> tuple:
    for code, h in state.hauliers.items():
        for tid, plate in h["trucks"]:
            if tid == str(truck_id).strip().upper():
                return code, h, plate
    raise NotFound(f"404 no truck {truck_id!r}")


def _slot(state: State, slot_id: str, direction: str) -> str:
    parts = str(slot_id).strip().upper().split("-")
    if len(parts) != 4 or parts[0] != "GS" or parts[3] not in ("I", "E") or parts[2] not in \
            ("0800", "1000", "1200", "1400", "1600"):
        raise NotFound(f"404 no gate slot {slot_id!r}")
    if (parts[3] == "I") != (direction == "import_pickup"):
        raise StateConflict(f"409 {slot_id} is not an {direction.replace('_', ' ')} slot")
    if state.slot_use.get(str(slot_id).strip().upper(), 0) >= 6:
        raise StateConflict(f"409 gate slot {slot_id} is full")
    return str(slot_id).strip().upper()


def _active_holds(state: State, number: str) -> list:
    return [[h, v[1]] for h, v in state.holds.items() if v[0] == number and v[3] == "active"]


def _storage_due(ctr: dict) -> float:
    if ctr["category"] != "import" or not ctr["free_until"]:
        return 0.0
    start = max(ctr["free_until"], ctr["storage_paid_to"] or "")
    days = max(0, int(TODAY[-2:]) - int(start[-2:])) if start[:7] == TODAY[:7] else 0
    return days * _DAILY_STORAGE[ctr["iso"][0] + "0"]


# ----------------------------------------------------------------------------- sign-in

def request_sign_in(username: str, password: str, state: State) -> str:
    """Start signing in: checks the password and pages a one-time code to the user's pager.

    :param username: TOS username.
    :param password: Password.
    :returns: The challenge id (to pass to ``verify_sign_in`` with the paged code).
    :raises NotAuthorised: username or password not recognised.
    """
    name = username.strip().lower()
    user = state.users.get(name)
    if user is None or user["password"] != password:
        raise NotAuthorised("401 username or password not recognised")
    n = _next(state, "challenge")
    challenge = f"CH-{n}"
    code = f"{(n * 7919) % 1000000:06d}"
    state.challenges[challenge] = [name, code, False]
    state.pagers[user["pager"]].append([NOW, "TOS", "sign-in code", code])
    return challenge


def read_pager(pager_number: str, state: State) -> list:
    """Messages a pager has received today, oldest first.

    :param pager_number: The number printed on the pager.
    :returns: ``[[time, sender, subject, text]]``.
    """
    rows = state.pagers.get(pager_number.strip())
    if rows is None:
        raise NotFound(f"404 no pager {pager_number!r}")
    return [list(r) for r in rows]


def verify_sign_in(challenge_id: str, code: str, state: State) -> str:
    """Finish signing in with the one-time code from the pager.

    :returns: The session token.
    :raises NotAuthorised: wrong code, or the challenge was already used.
    """
    ch = state.challenges.get(str(challenge_id).strip().upper())
    if ch is None:
        raise NotFound(f"404 no sign-in challenge {challenge_id!r}")
    if ch[2]:
        raise NotAuthorised("401 this challenge has already been used")
    if str(code).replace(" ", "") != ch[1]:
        raise NotAuthorised("401 one-time code not accepted")
    ch[2] = True
    token = f"tos.{ch[0][:4]}.{_next(state, 'token') * 6151 % 100000:05d}"
    state.tokens[token] = ch[0]
    return token


# ----------------------------------------------------------------------------- vessels, berths, cranes

def list_vessel_visits(status: Optional[VisitStatus] = None, state: State = None) -> list:
    """Vessel visits on the berth schedule (the schedule is published; no token needed).

    :param status: ``expected``, ``berthed`` or ``departed``; all when omitted.
    :returns: ``[[visit_id, vessel, voyage, line, eta, berth, status]]``.
    """
    return [[vid, v["vessel"], v["voyage"], v["line"], v["eta"], v["berth"], v["status"]]
            for vid, v in state.visits.items() if status is None or v["status"] == status]


def list_berths(token: str, state: State) -> list:
    """Berths at Quay 2.

    :returns: ``[[berth, length_m, max_draft_m, occupied_by_visit]]``.
    """
    _auth(state, token)
    return [[b] + list(v) for b, v in state.berths.items()]


def berth_vessel(token: str, visit_id: str, berth: str, state: State) -> str:
    """Record an expected vessel as all fast alongside a free berth.

    :returns: A sentence confirming the berthing.
    """
    _auth(state, token)
    v = _visit(state, visit_id)
    code = berth.strip().upper()
    if code not in state.berths:
        raise NotFound(f"404 no berth {berth!r}")
    if v["status"] != "expected":
        raise StateConflict(f"409 {visit_id} is already {v['status']}")
    if state.berths[code][2]:
        raise StateConflict(f"409 berth {code} is occupied by {state.berths[code][2]}")
    if v["draft"] > state.berths[code][1]:
        raise ValueError(f"422 {v['vessel']} draws {v['draft']} m; berth {code} takes {state.berths[code][1]} m")
    state.berths[code][2] = visit_id.strip().upper()
    v["berth"], v["status"] = code, "berthed"
    return f"{v['vessel']} (visit {visit_id.strip().upper()}) all fast at {code} at {NOW}."


def list_cranes(token: str, state: State) -> list:
    """Quay cranes, the berth they stand at and the visit they work.

    :returns: ``[[crane_id, berth, visit_id or None]]``.
    """
    _auth(state, token)
    return [[c] + list(v) for c, v in state.cranes.items()]


def assign_crane(token: str, visit_id: str, crane_ids: list[str], state: State) -> int:
    """Put quay cranes on a berthed vessel (they travel along the quay to its berth).

    :param crane_ids: Cranes to assign; each must be free.
    :returns: The number of cranes now working the visit.
    """
    _auth(state, token)
    v = _visit(state, visit_id)
    vid = visit_id.strip().upper()
    if v["status"] != "berthed":
        raise StateConflict(f"409 {vid} is not alongside")
    if not crane_ids:
        raise ValueError("422 name at least one crane")
    for c in crane_ids:
        crane = state.cranes.get(str(c).strip().upper())
        if crane is None:
            raise NotFound(f"404 no crane {c!r}")
        if crane[1] == vid:
            raise StateConflict(f"409 {c} already works {vid}")
        if crane[1]:
            raise StateConflict(f"409 {c} is working {crane[1]}")
    for c in crane_ids:
        state.cranes[str(c).strip().upper()] = [v["berth"], vid]
    return sum(1 for c in state.cranes.values() if c[1] == vid)


def record_departure(token: str, visit_id: str, state: State) -> str:
    """Record a berthed vessel's departure; every container planned to load must be on board.

    :returns: A sentence with the departure time and the berth freed.
    """
    _auth(state, token)
    v = _visit(state, visit_id)
    vid = visit_id.strip().upper()
    if v["status"] != "berthed":
        raise StateConflict(f"409 {vid} is {v['status']}, not alongside")
    left = [c for c in v["plan"] if c not in v["loaded"]]
    if left:
        raise StateConflict(f"409 {len(left)} planned container(s) not yet loaded: {', '.join(left)}")
    state.berths[v["berth"]][2] = None
    for c in state.cranes.values():
        if c[1] == vid:
            c[1] = None
    v["status"] = "departed"
    return f"{v['vessel']} departed {v['berth']} at {NOW}; {len(v['loaded'])} loaded this call."


# ----------------------------------------------------------------------------- containers, yard, holds

def search_containers(token: str, visit_id: Optional[str] = None, line: Optional[str] = None,
                      status: Optional[str] = None, state: State = None) -> list:
    """Containers at the terminal, filtered by vessel visit, shipping line or status.

    :returns: ``[[container_number, iso_type, line, category, status, position, [active hold types]]]``.
    """
    _auth(state, token)
    rows = []
    for n, c in state.containers.items():
        if visit_id is not None and c["visit"] != visit_id.strip().upper():
            continue
        if line is not None and c["line"] != line.strip().upper():
            continue
        if status is not None and c["status"] != status:
            continue
        rows.append([n, c["iso"], c["line"], c["category"], c["status"], c["position"],
                     [t for _, t in _active_holds(state, n)]])
    return rows


def get_container(token: str, container_number: str, state: State) -> dict:
    """Everything the terminal holds on one container.

    :param container_number: Owner code and serial, e.g. ``MSCU 4471203``.
    :returns: ``{"container", "iso_type", "line", "category", "status", "position", "visit", "booking",
        "gross_kg", "vgm_kg", "reefer_setpoint_c", "plugged_in", "holds": [[hold_id, type, reason, status]],
        "free_time_until", "line_released"}``.
    """
    _auth(state, token)
    c = _container(state, container_number)
    return {"container": c["number"], "iso_type": c["iso"], "line": c["line"], "category": c["category"],
            "status": c["status"], "position": c["position"], "visit": c["visit"], "booking": c["booking"],
            "gross_kg": c["gross_kg"], "vgm_kg": c["vgm"], "reefer_setpoint_c": c["reefer"],
            "plugged_in": c["plugged"],
            "holds": [[h, v[1], v[2], v[3]] for h, v in state.holds.items() if v[0] == c["number"]],
            "free_time_until": c["free_until"], "line_released": c["line_released"]}


def list_yard_blocks(token: str, state: State) -> list:
    """Yard blocks with what they take and their free ground slots.

    :returns: ``[[block, kind, free_slots]]``.
    """
    _auth(state, token)
    return [[b] + list(v) for b, v in state.blocks.items()]


def move_container(token: str, container_number: str, to_block: str, state: State) -> str:
    """Move a container to another yard block (a straddle carrier job).

    :returns: The new yard position (block-row-tier).
    """
    _auth(state, token)
    c = _container(state, container_number)
    block = to_block.strip().upper()
    if block not in state.blocks:
        raise NotFound(f"404 no yard block {to_block!r}")
    if c["status"] not in ("in_yard", "planned"):
        raise StateConflict(f"409 {c['number']} is {c['status']}")
    if c["position"].startswith(block):
        raise StateConflict(f"409 {c['number']} is already in {block}")
    kind = state.blocks[block][0]
    if kind == "reefer" and c["reefer"] is None:
        raise ValueError(f"422 {block} is a reefer block; {c['number']} is not a reefer")
    if state.blocks[block][1] <= 0:
        raise StateConflict(f"409 {block} is full")
    state.blocks[block][1] -= 1
    c["plugged"] = False
    c["position"] = f"{block}-{30 - state.blocks[block][1]:02d}-01"
    return c["position"]


def place_hold(token: str, container_number: str, hold_type: str, reason: str, state: State) -> str:
    """Put a hold on a container (it cannot leave or load while a hold is active).

    :returns: The hold id.
    """
    _auth(state, token)
    c = _container(state, container_number)
    kind = hold_type.strip().lower().replace(" ", "_")
    if kind not in _HOLD_TYPES:
        raise ValueError(f"422 unknown hold type {hold_type!r}; use one of {', '.join(_HOLD_TYPES)}")
    if any(t == kind for _, t in _active_holds(state, c["number"])):
        raise StateConflict(f"409 {c['number']} already has an active {kind} hold")
    if not reason.strip():
        raise ValueError("422 give the reason for the hold")
    hid = f"H-{_next(state, 'hold')}"
    state.holds[hid] = [c["number"], kind, reason.strip(), "active"]
    return hid


def release_hold(token: str, hold_id: str, authority_reference: str, state: State) -> str:
    """Release an active hold, quoting the releasing authority's reference.

    :returns: A sentence confirming the release.
    """
    _auth(state, token)
    hold = state.holds.get(str(hold_id).strip().upper())
    if hold is None:
        raise NotFound(f"404 no hold {hold_id!r}")
    if hold[3] != "active":
        raise StateConflict(f"409 {hold_id} is already released")
    if any(i["hold"] == hold_id.strip().upper() and i["result"] is None for i in state.inspections.values()):
        raise StateConflict(f"409 an inspection under {hold_id} is still open")
    if len(authority_reference.strip()) < 4:
        raise ValueError("422 quote the releasing authority's reference")
    hold[3] = "released"
    return f"{hold[1].replace('_', ' ').capitalize()} hold {hold_id.strip().upper()} on {hold[0]} released ({authority_reference.strip()})."


def get_storage_charges(token: str, container_number: str, state: State) -> float:
    """Storage due on an import container up to today, after its free time.

    :returns: The amount due in GBP.
    """
    _auth(state, token)
    return _storage_due(_container(state, container_number))


def pay_storage(token: str, container_number: str, amount: float, payer_account: str, state: State) -> str:
    """Pay the storage due on an import container.

    :param amount: Exactly the amount due today.
    :param payer_account: The terminal credit account or card authorisation.
    :returns: A sentence with the receipt number.
    """
    _auth(state, token)
    c = _container(state, container_number)
    due = _storage_due(c)
    if due == 0:
        raise StateConflict(f"409 nothing is due on {c['number']}")
    if round(float(amount), 2) != due:
        raise ValueError(f"422 amount must be the {due:.2f} due")
    c["storage_paid_to"] = TODAY
    rc = f"SR-{_next(state, 'receipt')}"
    state.receipts.append([rc, c["number"], due, payer_account.strip()])
    return f"Storage on {c['number']} paid to {TODAY}: GBP {due:.2f}, receipt {rc}."


def record_line_release(token: str, container_number: str, bill_of_lading: str, state: State) -> str:
    """Record the shipping line's release of an import container against its bill of lading.

    :returns: The release PIN the haulier must quote when booking the pickup.
    """
    _auth(state, token)
    c = _container(state, container_number)
    if c["category"] != "import":
        raise StateConflict(f"409 {c['number']} is not an import")
    if bill_of_lading.strip().upper() != c["bill_of_lading"]:
        raise ValueError(f"422 bill of lading {bill_of_lading!r} does not cover {c['number']}")
    if c["line_released"]:
        raise StateConflict(f"409 {c['number']} is already released by the line")
    c["line_released"] = True
    c["pin"] = f"{c['number'][:2]}{int(c['number'][-6:]) % 9973:04d}"
    return c["pin"]


# ----------------------------------------------------------------------------- hauliers, gate

def find_haulier(token: str, name: str, state: State) -> list:
    """Hauliers registered with the terminal.

    :returns: ``[[haulier_code, name, portal_active, [[truck_id, plate]]]]``.
    """
    _auth(state, token)
    q = name.strip().lower()
    return [[code, h["name"], h["portal"], [list(t) for t in h["trucks"]]] for code, h in state.hauliers.items()
            if q and q in h["name"].lower()]


def set_haulier_portal(token: str, haulier_code: str, active: bool, state: State) -> str:
    """Switch a haulier's access to the appointment booking portal on or off.

    :returns: A sentence confirming the change.
    """
    _auth(state, token)
    h = state.hauliers.get(str(haulier_code).strip().upper())
    if h is None:
        raise NotFound(f"404 no haulier {haulier_code!r}")
    if h["portal"] == bool(active):
        raise StateConflict(f"409 portal access for {h['name']} is already {'on' if active else 'off'}")
    h["portal"] = bool(active)
    return f"Portal access for {h['name']} is now {'on' if active else 'off'}."


def register_truck(token: str, haulier_code: str, plate: str, driver_name: str, state: State) -> str:
    """Register a truck (and its usual driver) for a haulier.

    :returns: The new truck id.
    """
    _auth(state, token)
    h = state.hauliers.get(str(haulier_code).strip().upper())
    if h is None:
        raise NotFound(f"404 no haulier {haulier_code!r}")
    reg = plate.strip().upper()
    if len(reg.replace(" ", "")) < 5:
        raise ValueError(f"422 {plate!r} is not a registration plate")
    if any(p == reg for hh in state.hauliers.values() for _, p in hh["trucks"]):
        raise StateConflict(f"409 {reg} is already registered")
    tid = f"TRK-{_next(state, 'truck')}"
    h["trucks"].append([tid, reg])
    return tid


def list_gate_slots(token: str, date: str, direction: Direction, state: State) -> list:
    """Gate appointment slots for a day.

    :param direction: ``import_pickup`` or ``export_delivery``.
    :returns: ``[[slot_id, window, places_left]]``.
    """
    _auth(state, token)
    parts = date.strip().split("-")
    if len(parts) != 3 or date.strip() < TODAY:
        raise ValueError(f"422 give a date from {TODAY} on, YYYY-MM-DD")
    d = "I" if direction == "import_pickup" else "E"
    rows = []
    for hh in ("0800", "1000", "1200", "1400", "1600"):
        sid = f"GS-{parts[1]}{parts[2]}-{hh}-{d}"
        if date.strip() == TODAY and hh < NOW.replace(":", ""):
            continue
        rows.append([sid, f"{hh[:2]}:00-{int(hh[:2]) + 2:02d}:00", 6 - state.slot_use.get(sid, 0)])
    return rows


def _book(state: State, truck_id: str, slot: str, kind: str, **what) -> str:
    code, h, plate = _truck(state, truck_id)
    if not h["portal"]:
        raise NotAuthorised(f"403 {h['name']} has no access to the booking portal")
    aid = f"APT-{_next(state, 'appointment')}"
    state.slot_use[slot] = state.slot_use.get(slot, 0) + 1
    state.appointments[aid] = dict(kind=kind, truck=truck_id.strip().upper(), slot=slot, status="booked", **what)
    return aid


def book_pickup(token: str, truck_id: str, slot_id: str, container_number: str, release_pin: str,
                state: State) -> str:
    """Book a truck to collect an import container.

    The container needs no active hold, its storage paid, and the line's release PIN.

    :returns: A sentence with the appointment number.
    """
    _auth(state, token)
    c = _container(state, container_number)
    slot = _slot(state, slot_id, "import_pickup")
    if c["category"] != "import" or c["status"] != "in_yard":
        raise StateConflict(f"409 {c['number']} is not an import waiting in the yard")
    holds = _active_holds(state, c["number"])
    if holds:
        raise StateConflict(f"409 {c['number']} has active holds: {', '.join(t for _, t in holds)}")
    if _storage_due(c) > 0:
        raise StateConflict(f"409 storage of GBP {_storage_due(c):.2f} is unpaid on {c['number']}")
    if not c["line_released"] or str(release_pin).strip().upper() != c["pin"]:
        raise NotAuthorised("403 release PIN not valid for this container")
    if any(a.get("container") == c["number"] and a["status"] == "booked" for a in state.appointments.values()):
        raise StateConflict(f"409 {c['number']} already has a pickup booked")
    aid = _book(state, truck_id, slot, "import_pickup", container=c["number"])
    return f"Pickup {aid} booked: {c['number']}, truck {truck_id.strip().upper()}, slot {slot}."


def book_delivery(token: str, truck_id: str, slot_id: str, booking_number: str, container_number: str,
                  state: State) -> str:
    """Book a truck to deliver an export container against a shipping line booking.

    :returns: A sentence with the appointment number.
    """
    _auth(state, token)
    slot = _slot(state, slot_id, "export_delivery")
    b = state.bookings.get(str(booking_number).strip().upper())
    if b is None:
        raise NotFound(f"404 no export booking {booking_number!r}")
    if len(b["received"]) >= b["count"]:
        raise StateConflict(f"409 booking {booking_number} is fully received")
    number = container_number.strip().upper()
    if number in state.containers:
        raise StateConflict(f"409 {number} is already at the terminal")
    aid = _book(state, truck_id, slot, "export_delivery", booking=booking_number.strip().upper(), container=number)
    return f"Delivery {aid} booked: {number} on {booking_number.strip().upper()}, slot {slot}."


def list_appointments(token: str, date: str, truck_id: Optional[str] = None, state: State = None) -> list:
    """Gate appointments on a day.

    :returns: ``[[appointment_id, kind, truck_id, slot_id, container_number, status]]``.
    """
    _auth(state, token)
    md = date.strip()[5:7] + date.strip()[8:10]
    return [[a, v["kind"], v["truck"], v["slot"], v["container"], v["status"]] for a, v in state.appointments.items()
            if v["slot"][3:7] == md and (truck_id is None or v["truck"] == truck_id.strip().upper())]


def _appointment(state: State, appointment_id: str) -> dict:
    a = state.appointments.get(str(appointment_id).strip().upper())
    if a is None:
        raise NotFound(f"404 no appointment {appointment_id!r}")
    return a


def cancel_appointment(token: str, appointment_id: str, reason: str, state: State) -> str:
    """Cancel a booked appointment.

    :returns: A sentence confirming the cancellation.
    """
    _auth(state, token)
    a = _appointment(state, appointment_id)
    if a["status"] != "booked":
        raise StateConflict(f"409 {appointment_id} is {a['status']}")
    a["status"] = "cancelled"
    state.slot_use[a["slot"]] -= 1
    return f"{appointment_id.strip().upper()} cancelled: {reason.strip()}."


def gate_in(token: str, appointment_id: str, plate: str, state: State) -> int:
    """Admit a truck at the in-gate for today's appointment.

    :param plate: The registration read at the gate.
    :returns: The yard lane the driver is sent to.
    """
    _auth(state, token)
    a = _appointment(state, appointment_id)
    if a["status"] != "booked":
        raise StateConflict(f"409 {appointment_id} is {a['status']}")
    if a["slot"][3:7] != TODAY[5:7] + TODAY[8:10]:
        raise StateConflict(f"409 {appointment_id} is not for today")
    _, _, registered = _truck(state, a["truck"])
    if plate.strip().upper() != registered:
        raise NotAuthorised(f"403 plate {plate!r} does not match the truck booked")
    a["status"] = "in_terminal"
    return 10 + _next(state, "lane") % 8


def deliver_to_truck(token: str, appointment_id: str, state: State) -> str:
    """Load the import container of a pickup appointment onto the waiting truck.

    :returns: A sentence confirming the container is on the truck.
    """
    _auth(state, token)
    a = _appointment(state, appointment_id)
    if a["kind"] != "import_pickup":
        raise StateConflict(f"409 {appointment_id} is not a pickup")
    if a["status"] != "in_terminal":
        raise StateConflict(f"409 the truck for {appointment_id} is not in the terminal ({a['status']})")
    c = state.containers[a["container"]]
    c["status"], c["position"] = "on_truck", a["truck"]
    a["status"] = "loaded"
    return f"{c['number']} loaded onto {a['truck']}."


def receive_export(token: str, appointment_id: str, seal_number: str, gross_kg: int, state: State) -> str:
    """Take an export container off a delivering truck into the export yard.

    :returns: The yard position it was grounded at.
    """
    _auth(state, token)
    a = _appointment(state, appointment_id)
    if a["kind"] != "export_delivery":
        raise StateConflict(f"409 {appointment_id} is not a delivery")
    if a["status"] != "in_terminal":
        raise StateConflict(f"409 the truck for {appointment_id} is not in the terminal ({a['status']})")
    if gross_kg <= 2000 or gross_kg > 34000:
        raise ValueError("422 gross mass must be between 2,000 and 34,000 kg")
    b = state.bookings[a["booking"]]
    block = "E1" if b["iso"].startswith("4") else "E2"
    state.blocks[block][1] -= 1
    position = f"{block}-{30 - state.blocks[block][1]:02d}-02"
    state.containers[a["container"]] = _ctr(a["container"], b["iso"], b["line"], "export", "in_yard", position,
                                            gross=gross_kg, booking=a["booking"], visit=b["visit"],
                                            reefer=5.0 if "R" in b["iso"] else None)
    state.containers[a["container"]]["seal"] = seal_number.strip().upper()
    b["received"].append(a["container"])
    a["status"] = "unloaded"
    return position


def gate_out(token: str, appointment_id: str, state: State) -> str:
    """Let a truck out once its pickup is on board or its delivery unloaded.

    :returns: A sentence with the equipment interchange receipt (EIR) number.
    """
    _auth(state, token)
    a = _appointment(state, appointment_id)
    if a["status"] not in ("loaded", "unloaded"):
        raise StateConflict(f"409 {appointment_id} is {a['status']}; nothing has been loaded or unloaded")
    if a["kind"] == "import_pickup":
        state.containers[a["container"]]["status"] = "gated_out"
    a["status"] = "complete"
    return f"EIR-{_next(state, 'eir')} issued; {a['truck']} out at {NOW} ({a['container']})."


# ----------------------------------------------------------------------------- exports, loading

def list_export_bookings(token: str, visit_id: Optional[str] = None, state: State = None) -> list:
    """Shipping line export bookings open at the terminal.

    :returns: ``[[booking_number, line, visit_id, iso_type, booked, [containers received]]]``.
    """
    _auth(state, token)
    return [[b, v["line"], v["visit"], v["iso"], v["count"], list(v["received"])] for b, v in state.bookings.items()
            if visit_id is None or v["visit"] == visit_id.strip().upper()]


def submit_vgm(token: str, container_number: str, verified_gross_kg: int, method: VgmMethod, signatory: str,
               state: State) -> str:
    """Record the shipper's verified gross mass for an export container in the yard (SOLAS).

    :param method: ``method_1`` (weighed packed) or ``method_2`` (contents plus tare).
    :param signatory: The shipper's signatory, by name.
    :returns: A sentence confirming the VGM.
    """
    _auth(state, token)
    c = _container(state, container_number)
    if c["category"] != "export" or c["status"] not in ("in_yard", "planned"):
        raise StateConflict(f"409 {c['number']} is not an export container in the yard")
    if c["vgm"] == verified_gross_kg:
        raise StateConflict(f"409 the VGM of {c['number']} is already {verified_gross_kg} kg")
    if abs(verified_gross_kg - c["gross_kg"]) > 0.05 * c["gross_kg"]:
        raise ValueError(f"422 VGM differs by more than 5% from the weighbridge ({c['gross_kg']} kg)")
    c["vgm"] = int(verified_gross_kg)
    return f"VGM {verified_gross_kg} kg for {c['number']} ({method}, signed {signatory.strip()})."


def declare_dangerous_goods(token: str, container_number: str, un_number: str, imo_class: str,
                            proper_shipping_name: str, state: State) -> str:
    """Lodge the dangerous goods declaration for an export container held for a DG check.

    :returns: The DG declaration reference.
    """
    _auth(state, token)
    c = _container(state, container_number)
    if c["dg"] != "pending":
        raise StateConflict(f"409 {c['number']} has no dangerous goods declaration outstanding")
    un = un_number.strip().upper().replace("UN", "").strip()
    if len(un) != 4 or not un.isdigit():
        raise ValueError(f"422 {un_number!r} is not a UN number")
    c["dg"] = f"DG-{_next(state, 'dg')}"
    return c["dg"]


def plan_load(token: str, visit_id: str, container_numbers: list[str], state: State) -> list:
    """Put export containers on a berthed vessel's load plan.

    Each must be an export in the yard booked on that visit, with its VGM and, where held for one, a
    dangerous goods declaration.

    :returns: ``[[container_number, bay_row_tier]]``.
    """
    _auth(state, token)
    v = _visit(state, visit_id)
    vid = visit_id.strip().upper()
    if v["status"] != "berthed":
        raise StateConflict(f"409 {vid} is not alongside")
    out = []
    for n in container_numbers:
        c = _container(state, n)
        if c["visit"] != vid or c["category"] != "export" or c["status"] != "in_yard":
            raise StateConflict(f"409 {c['number']} is not an export waiting for {vid}")
        if not c["vgm"]:
            raise StateConflict(f"409 no VGM for {c['number']}")
        if c["dg"] == "pending":
            raise StateConflict(f"409 {c['number']} is held for its dangerous goods declaration")
        if _active_holds(state, c["number"]):
            raise StateConflict(f"409 {c['number']} has an active hold")
        slot = f"{14 + 2 * len(v['plan']):02d}{len(v['plan']) % 10:02d}82"
        v["plan"][c["number"]] = slot
        c["status"] = "planned"
        out.append([c["number"], slot])
    return out


def confirm_loaded(token: str, visit_id: str, container_number: str, state: State) -> str:
    """Confirm a planned container has been loaded by one of the cranes working the vessel.

    :returns: A sentence with the stowage position.
    """
    _auth(state, token)
    v = _visit(state, visit_id)
    vid = visit_id.strip().upper()
    c = _container(state, container_number)
    if c["number"] not in v["plan"]:
        raise StateConflict(f"409 {c['number']} is not on the load plan of {vid}")
    if c["number"] in v["loaded"]:
        raise StateConflict(f"409 {c['number']} is already loaded")
    if not any(cr[1] == vid for cr in state.cranes.values()):
        raise StateConflict(f"409 no crane is working {vid}")
    v["loaded"].append(c["number"])
    c["status"], c["position"] = "loaded", f"{vid}/{v['plan'][c['number']]}"
    return f"{c['number']} loaded on {v['vessel']} at {v['plan'][c['number']]}."


# ----------------------------------------------------------------------------- reefers, inspections

def plug_in_reefer(token: str, container_number: str, setpoint_c: float, state: State) -> str:
    """Plug a reefer into a power point in a reefer block and set its temperature.

    :returns: A sentence confirming the plug and setpoint.
    """
    _auth(state, token)
    c = _container(state, container_number)
    if c["reefer"] is None:
        raise ValueError(f"422 {c['number']} is not a reefer")
    if state.blocks.get(c["position"][:2], ["?"])[0] != "reefer":
        raise StateConflict(f"409 {c['number']} is at {c['position']}; reefer points are in reefer blocks only")
    if c["plugged"]:
        raise StateConflict(f"409 {c['number']} is already plugged in")
    if not -35 <= setpoint_c <= 25:
        raise ValueError("422 setpoint out of range (-35 to 25 C)")
    c["plugged"], c["reefer"] = True, float(setpoint_c)
    return f"{c['number']} plugged in at {c['position']}, setpoint {setpoint_c:+.1f} C."


def record_reefer_reading(token: str, container_number: str, temperature_c: float, state: State) -> float:
    """Log a temperature reading on a plugged-in reefer.

    :returns: The deviation from its setpoint, in degrees C.
    """
    _auth(state, token)
    c = _container(state, container_number)
    if not c["plugged"]:
        raise StateConflict(f"409 {c['number']} is not plugged in")
    c["readings"].append([NOW, float(temperature_c)])
    return round(float(temperature_c) - c["reefer"], 1)


def request_inspection(token: str, container_number: str, agency: Agency, state: State) -> str:
    """Book an examination of a container under an active hold by the agency that placed it.

    :param agency: ``customs``, ``port_health`` or ``border_force``.
    :returns: The inspection id.
    """
    _auth(state, token)
    c = _container(state, container_number)
    kind = _AGENCY_HOLD[agency]
    hold = next((h for h, t in _active_holds(state, c["number"]) if t == kind), None)
    if hold is None:
        raise StateConflict(f"409 {c['number']} has no active {kind} hold")
    if any(i["hold"] == hold and i["result"] is None for i in state.inspections.values()):
        raise StateConflict(f"409 an inspection of {c['number']} is already booked")
    iid = f"INS-{_next(state, 'inspection')}"
    state.inspections[iid] = {"hold": hold, "container": c["number"], "agency": agency, "result": None}
    return iid


def record_inspection_result(token: str, inspection_id: str, result: InspectionResult, notes: str,
                             state: State) -> str:
    """Record an examination's result.

    :returns: A sentence confirming the result.
    """
    _auth(state, token)
    i = state.inspections.get(str(inspection_id).strip().upper())
    if i is None:
        raise NotFound(f"404 no inspection {inspection_id!r}")
    if i["result"] is not None:
        raise StateConflict(f"409 {inspection_id} already has a result ({i['result']})")
    i["result"], i["notes"] = result, notes.strip()
    return f"{inspection_id.strip().upper()} on {i['container']}: {result.replace('_', ' ')}."


TOOLS = [
    request_sign_in, read_pager, verify_sign_in, list_vessel_visits,
    list_berths, berth_vessel, list_cranes, assign_crane, record_departure,
    search_containers, get_container, list_yard_blocks, move_container, place_hold, release_hold,
    get_storage_charges, pay_storage, record_line_release,
    find_haulier, set_haulier_portal, register_truck, list_gate_slots, book_pickup, book_delivery,
    list_appointments, cancel_appointment, gate_in, deliver_to_truck, receive_export, gate_out,
    list_export_bookings, submit_vgm, declare_dangerous_goods, plan_load, confirm_loaded,
    plug_in_reefer, record_reefer_reading, request_inspection, record_inspection_result,
]

FIXTURES = {
    "terminal": {"name": "Port of Tarrow, Quay 2", "today": "Monday 14 June 2027, 09:05"},
    "vessel_planner": {"name": "Marta Kowalczyk", "username": "mkowalczyk", "password": "Gantry#Blue-19",
                       "pager": "0417 552"},
    "gate_clerk": {"name": "Joao Barros", "username": "jbarros", "password": "Lane7-Northgate", "pager": "0417 580"},
    "vessels_as_people_name_them": ["the MSC Aurelia (alongside)", "the Maersk Kinloss, due this afternoon",
                                    "the CMA CGM Tage, tomorrow night"],
    "import_containers": {"MSCU 4471203": "40ft dry, customs stop, bill of lading MEDUSN482210",
                          "TGHU 8830157": "20ft dry, bill of lading MEDUSN482377",
                          "CAIU 5521984": "40ft reefer, frozen fish"},
    "export_containers": {"SEGU 6610042": "40ft dry for the Kinloss, shipper weighed it at 22,040 kg",
                          "HLXU 2207751": "20ft with UN 1263 paint, class 3, held for its DG declaration",
                          "MNBU 3309187": "40ft reefer of apples for the Kinloss, grounded in E1 this morning",
                          "MSKU 7719034": "the last box on the Aurelia's load plan"},
    "hauliers": {"Dunmore Haulage": "truck DN21 KXR", "Pellow & Sons Transport": "truck PJ19 WOE, not on the portal",
                 "Tarrow Container Services": "new truck YK23 HBN, driver Leon Castell"},
    "delivery_arriving": {"haulier": "Tarrow Container Services", "truck": "TC70 RRY", "container": "MRKU 4410278",
                          "for": "the Kinloss 20ft booking", "seal": "ML-7730415", "gross_kg": 18420},
}

_TOKEN = [f.__name__ for f in TOOLS[4:]]

GROUND_TRUTH = (
    [("verify_sign_in", c, "auth: session token (the bare string verify_sign_in returns)") for c in _TOKEN]
    + [
        ("request_sign_in", "verify_sign_in", "id create: sign-in challenge id (bare)"),
        ("read_pager", "verify_sign_in", "value: the one-time code paged to the user (pager row cell)"),
    ]
    + [("list_vessel_visits", c, "id lookup: visit id (visits row cell)")
       for c in ("berth_vessel", "assign_crane", "record_departure", "plan_load", "confirm_loaded")]
    + [
        ("list_berths", "berth_vessel", "vocabulary: berth code (berths row cell)"),
        ("list_cranes", "assign_crane", "id lookup: free crane ids (cranes row cells)"),
        ("list_yard_blocks", "move_container", "vocabulary: yard block code (blocks row cell)"),
        ("get_container|place_hold", "release_hold", "id lookup/create: hold id (holds row cell, or the bare id)"),
        ("get_storage_charges", "pay_storage", "value: the storage amount due (bare)"),
        ("record_line_release", "book_pickup", "id create: release PIN (bare)"),
        ("find_haulier", "set_haulier_portal", "id lookup: haulier code (hauliers row cell)"),
        ("find_haulier", "register_truck", "id lookup: haulier code (hauliers row cell)"),
        ("find_haulier|register_truck", "book_pickup", "id lookup/create: truck id (trucks cell, or the bare id)"),
        ("find_haulier|register_truck", "book_delivery", "id lookup/create: truck id (trucks cell, or the bare id)"),
        ("list_gate_slots", "book_pickup", "id lookup: gate slot id with places left (slots row cell)"),
        ("list_gate_slots", "book_delivery", "id lookup: gate slot id with places left (slots row cell)"),
        ("list_export_bookings", "book_delivery", "id lookup: export booking number (bookings row cell)"),
        ("book_pickup|book_delivery|list_appointments", "gate_in", "id lookup/create: appointment id (APT-nnnnn "
                                                                   "in the sentence, or appointments row cell)"),
        ("book_pickup|book_delivery|list_appointments", "cancel_appointment", "id lookup/create: appointment id"),
        ("book_pickup|book_delivery|list_appointments", "gate_out", "id lookup/create: appointment id"),
        ("book_pickup", "deliver_to_truck", "id create: pickup appointment id (APT-nnnnn in the sentence)"),
        ("book_delivery|list_appointments", "receive_export", "id lookup/create: delivery appointment id"),
        ("request_inspection", "record_inspection_result", "id create: inspection id (bare)"),
        ("berth_vessel", "assign_crane", "state: cranes work a vessel alongside"),
        ("berth_vessel", "plan_load", "state: load plans are for a vessel alongside"),
        ("berth_vessel", "record_departure", "state: only a vessel alongside departs"),
        ("assign_crane", "confirm_loaded", "state: a crane must be working the vessel"),
        ("plan_load", "confirm_loaded", "state: only a planned container is loaded"),
        ("confirm_loaded", "record_departure", "state: every planned container on board before departure"),
        ("submit_vgm", "plan_load", "state: no VGM, no load plan (SOLAS)"),
        ("declare_dangerous_goods", "plan_load", "state: a container held for its DG declaration is not planned"),
        ("receive_export", "submit_vgm", "state: the VGM is recorded for an export container in the yard"),
        ("release_hold", "book_pickup", "state: no active hold on the container"),
        ("pay_storage", "book_pickup", "state: storage paid up to today"),
        ("set_haulier_portal", "book_pickup", "setting: the haulier's portal access switched on"),
        ("set_haulier_portal", "book_delivery", "setting: the haulier's portal access switched on"),
        ("gate_in", "deliver_to_truck", "state: the truck is in the terminal"),
        ("gate_in", "receive_export", "state: the truck is in the terminal"),
        ("deliver_to_truck|receive_export", "gate_out", "state: the truck loaded or unloaded before it leaves"),
        ("move_container", "plug_in_reefer", "state: reefer points are in reefer blocks"),
        ("plug_in_reefer", "record_reefer_reading", "state: readings are of a plugged-in reefer"),
        ("place_hold", "request_inspection", "state: an inspection needs the agency's hold on the container"),
    ]
)

PLAUSIBLE = {
    ("request_sign_in", "read_pager"), ("get_container", "book_pickup"), ("get_container", "pay_storage"),
    ("get_storage_charges", "book_pickup"), ("search_containers", "plan_load"), ("search_containers", "confirm_loaded"),
    ("list_export_bookings", "receive_export"), ("book_delivery", "submit_vgm"), ("gate_in", "gate_out"),
    ("list_vessel_visits", "list_export_bookings"), ("list_vessel_visits", "search_containers"),
    ("get_container", "request_inspection"), ("list_yard_blocks", "plug_in_reefer"), ("move_container", "plan_load"),
    ("record_inspection_result", "release_hold"), ("plan_load", "record_departure"), ("assign_crane", "record_departure"),
    ("get_container", "submit_vgm"), ("get_container", "move_container"), ("find_haulier", "list_appointments"),
    ("list_berths", "record_departure"), ("list_cranes", "confirm_loaded"), ("search_containers", "release_hold"),
    ("list_gate_slots", "gate_in"), ("berth_vessel", "confirm_loaded"),
}
