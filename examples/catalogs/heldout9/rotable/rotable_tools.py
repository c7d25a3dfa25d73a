"""Rotable: the maintenance system of an aircraft maintenance organisation (MRO), as its Python API is (40 calls).

Plain functions over an in-memory ``State`` of Severn Aero Technics, a Part-145 line and base
maintenance organisation at Bristol (BRS) and Exeter (EXT) looking after Westcountry Airways'
A320s and ATR 72-600s, early shift on Thursday 14 January 2027: the fleet and its technical log
(defects, MEL deferrals), work orders and task cards, labour and tooling, stores (stock,
reservations, issues, transfers, requisitions), component changes, unserviceable tags and repair
orders, airworthiness directives and the certificate of release to service (CRS).

Engineers sign in with their staff number and password (``data.attributes.token`` in the reply).
Certifying work (deferring a defect, signing a task card, recording AD compliance, issuing a CRS,
returning an aircraft to service) also needs the engineer's certification authorisation unlocked
for the session with their personal stamp PIN (``unlock_certification``). Reference data (fleet,
MEL, maintenance programme, ADs, stores, parts catalogue, stock, vendors, tooling, installed
components) is readable without signing in.

Replies are JSON:API-style envelopes (``{"data": ..., "meta": ...}``; a record is ``{"type",
"id", "attributes"}``, lists of them or rows as lists of lists in ``data``) or bare values (a
defect number, a task card id, a reservation, tag, requisition or CRS number, hours booked).
Refusals are raised: ``PermissionError`` (not signed in, not authorised), ``LookupError`` (no such
record), ``ValueError`` (a bad argument) and ``MaintenanceStateError`` (the record is not in a
state that allows it). Docstrings are Google style.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as
provider means either tool satisfies it, and the text of ``what`` before its first ``:`` is the
kind.
"""

import copy
from typing import Literal, Optional

NOW = "2027-01-14T06:40:00Z"
TODAY = "2027-01-14"

CheckType = Literal["daily", "weekly", "a_check", "c_check", "unscheduled"]
LicenceCategory = Literal["B1", "B2", "A", "mechanic"]
Priority = Literal["AOG", "critical", "routine"]
ComplianceMethod = Literal["inspection", "modification", "terminating_action"]
DefectStatus = Literal["open", "deferred", "closed"]
WorkOrderStatus = Literal["open", "closed"]

_FOUND_DURING = ("preflight", "transit", "daily_check", "weekly_check", "base_check", "pilot_report", "cabin_report")
_WORKSCOPES = ("test_and_inspect", "repair", "overhaul", "modification")
_PAGE_SIZE = 3


class MaintenanceStateError(Exception):
    """The record is not in a state that allows the request."""


def _add_days(day: str, n: int) -> str:
    y, m, d = (int(x) for x in day.split("-"))
    months = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
    d += n
    while d > months[m - 1]:
        d -= months[m - 1]
        m += 1
        if m > 12:
            m, y = 1, y + 1
    return f"{y:04d}-{m:02d}-{d:02d}"


_MEL = {
    "MEL-A320-R41": {
        "21-26-01": {"title": "Avionics equipment ventilation - extract fan", "category": "C", "days": 10,
                     "placard": True},
        "25-22-01": {"title": "Passenger seat recline mechanism", "category": "D", "days": 120, "placard": True},
        "33-42-01": {"title": "Passenger reading lights", "category": "C", "days": 10, "placard": True},
        "33-44-01": {"title": "Logo lights", "category": "D", "days": 120, "placard": False},
        "38-11-02": {"title": "Potable water tank level indication", "category": "C", "days": 10, "placard": True},
    },
    "MEL-AT76-R12": {
        "21-25-01": {"title": "Recirculation fan", "category": "C", "days": 10, "placard": True},
        "33-41-01": {"title": "Logo lights", "category": "D", "days": 120, "placard": False},
        "25-21-03": {"title": "Cabin attendant seat belt (one of two)", "category": "B", "days": 3, "placard": True},
    },
}

_AMP = {
    "AMP-A320-R18": {
        "050000-01": "Daily check",
        "120000-02": "Servicing - replenish engine oil",
        "324101-01": "Main landing gear wheels and tyres - detailed inspection",
        "324201-03": "Main landing gear wheel tie bolts - detailed inspection",
        "332100-01": "Cabin lighting - operational check",
    },
    "AMP-AT76-R09": {
        "050000-01": "Daily check",
        "212500-01": "Recirculation fan - functional check",
        "534100-02": "Radome and forward fuselage - general visual inspection after bird strike",
        "571100-04": "Wing leading edge - detailed inspection",
    },
}

_ADS = {
    "2026-0241": {"title": "Main landing gear wheels - tie bolt inspection", "types": ["A320"],
                  "applies_to": "Wheel assemblies P/N C20195000", "method": "inspection",
                  "repeat_fh": 1500, "authority": "EASA"},
    "2026-0187": {"title": "Recirculation fan electrical connector - inspection and modification",
                  "types": ["ATR 72"], "applies_to": "Fans P/N 1152-0074", "method": "modification",
                  "repeat_fh": None, "authority": "EASA"},
    "2025-0312": {"title": "Passenger oxygen generators - replacement", "types": ["A320"],
                  "applies_to": "Generators P/N 117003-15", "method": "terminating_action", "repeat_fh": None,
                  "authority": "EASA"},
}

_PARTS = {
    "C20195000": {"description": "Main wheel assembly, A320 (wheel and tyre)", "serialised": True,
                  "unit": "EA", "types": ["A320"]},
    "2LA456-1001": {"description": "Passenger reading light lamp, LED", "serialised": False, "unit": "EA",
                    "types": ["A320"]},
    "1152-0074": {"description": "Recirculation fan assembly, ATR 72", "serialised": True, "unit": "EA",
                  "types": ["ATR 72"]},
    "M83248-1-228": {"description": "O-ring, packing preformed", "serialised": False, "unit": "EA",
                     "types": ["A320", "ATR 72"]},
    "APR04600": {"description": "Main wheel tyre 46x17.0R20 (tyre only)", "serialised": False, "unit": "EA",
                 "types": ["A320"]},
}

_VENDORS = {
    "C20195000": [("SAFRAN-VLZ", "Safran Landing Systems Services, Velizy", "FR.145.0040", 12),
                  ("WHEELTEC-GLO", "Wheeltec Aviation, Gloucester", "UK.145.01288", 6)],
    "1152-0074": [("LIEBHERR-TLS", "Liebherr Aerospace Toulouse", "FR.145.0119", 21)],
}


def _staff(name, licence, password, auth=None, pin=None, types=(), base="BRS"):
    return {"name": name, "licence": licence, "password": password, "authorisation": auth, "pin": pin,
            "types": list(types), "base": base}


def _card(title, defect=None, amp=None, status="open"):
    return {"title": title, "defect": defect, "amp": amp, "status": status, "labour": [], "tools": [],
            "signed_by": None, "work_performed": None}


class State:
    """Severn Aero Technics at 06:40 on Thursday 14 January 2027."""

    def __init__(self) -> None:
        self.staff = {
            "SK1042": _staff("Dev Malhotra", "B1", "Avon-Gorge-77", "SAT-B1-118", "5521", ["A320", "ATR 72"]),
            "SK1077": _staff("Rhian Price", "B2", "Severn#Bore4", "SAT-B2-041", "0934", ["A320"]),
            "SK1130": _staff("Tom Ashby", "mechanic", "Clifton-Suspension1"),
            "SK1164": _staff("Nadia Okoro", "B1", "Exe-Estuary-2", "SAT-B1-152", "7710", ["ATR 72"], base="EXT"),
            "SK1201": _staff("Gareth Lewis", "stores", "Brunel#Bridge8"),
        }
        self.aircraft = {
            "ac_3107": {"registration": "G-WCAA", "type": "A320", "model": "A320-214", "msn": "6211",
                        "operator": "Westcountry Airways", "status": "serviceable", "location": "BRS",
                        "mel": "MEL-A320-R41", "amp": "AMP-A320-R18", "hours": 41233.4, "cycles": 22871},
            "ac_3108": {"registration": "G-WCAB", "type": "A320", "model": "A320-214", "msn": "6340",
                        "operator": "Westcountry Airways", "status": "unserviceable", "location": "BRS",
                        "mel": "MEL-A320-R41", "amp": "AMP-A320-R18", "hours": 38810.9, "cycles": 21102},
            "ac_4410": {"registration": "G-WCAT", "type": "ATR 72", "model": "ATR 72-212A (600)", "msn": "1288",
                        "operator": "Westcountry Airways", "status": "serviceable", "location": "BRS",
                        "mel": "MEL-AT76-R12", "amp": "AMP-AT76-R09", "hours": 17420.2, "cycles": 19655},
            "ac_4411": {"registration": "G-WCAU", "type": "ATR 72", "model": "ATR 72-212A (600)", "msn": "1302",
                        "operator": "Westcountry Airways", "status": "in_check", "location": "EXT",
                        "mel": "MEL-AT76-R12", "amp": "AMP-AT76-R09", "hours": 16988.0, "cycles": 19120},
            "ac_5520": {"registration": "G-OBRX", "type": "A320", "model": "A320-232", "msn": "4410",
                        "operator": "Brecon Air Charter", "status": "serviceable", "location": "BRS",
                        "mel": "MEL-A320-R41", "amp": "AMP-A320-R18", "hours": 52110.7, "cycles": 30118},
        }
        self.defects = {
            "D-40088": {"aircraft": "ac_4410", "ata": 21, "description": "Recirculation fan 1 noisy in cruise",
                        "found_during": "pilot_report", "status": "deferred", "raised": "2027-01-10",
                        "deferral": {"mel_item": "21-25-01", "category": "C", "expires": "2027-01-20"}},
            "D-40102": {"aircraft": "ac_3107", "ata": 33, "description": "Row 14 ABC reading light inoperative",
                        "found_during": "cabin_report", "status": "open", "raised": "2027-01-13", "deferral": None},
            "D-40105": {"aircraft": "ac_3108", "ata": 32,
                        "description": "No.2 main wheel tyre cut beyond limits, cord visible on shoulder",
                        "found_during": "daily_check", "status": "open", "raised": "2027-01-13", "deferral": None},
            "D-40096": {"aircraft": "ac_3107", "ata": 25, "description": "Seat 7C recline inoperative",
                        "found_during": "cabin_report", "status": "closed", "raised": "2027-01-11", "deferral": None},
        }
        self.work_orders = {
            "WO-27-0098": {"aircraft": "ac_3107", "check_type": "weekly", "title": "Weekly check", "station": "BRS",
                           "status": "closed", "opened": "2027-01-11", "crs": "CRS-BRS-27-0040", "notes": [],
                           "cards": {"TC-27-0098-01": _card("Weekly check", amp="050000-01", status="signed")}},
            "WO-27-0101": {"aircraft": "ac_4411", "check_type": "c_check", "title": "C2 check", "station": "EXT",
                           "status": "open", "opened": "2027-01-04", "crs": None, "notes": [],
                           "cards": {"TC-27-0101-01": _card("Wing leading edge - detailed inspection",
                                                            amp="571100-04"),
                                     "TC-27-0101-02": _card("Recirculation fan - functional check",
                                                            amp="212500-01")}},
            "WO-27-0104": {"aircraft": "ac_5520", "check_type": "daily", "title": "Daily check", "station": "BRS",
                           "status": "closed", "opened": "2027-01-13", "crs": "CRS-BRS-27-0042", "notes": [],
                           "cards": {"TC-27-0104-01": _card("Daily check", amp="050000-01", status="signed")}},
            "WO-27-0107": {"aircraft": "ac_3108", "check_type": "unscheduled", "title": "AOG - No.2 main wheel change",
                           "station": "BRS", "status": "open", "opened": "2027-01-13", "crs": None,
                           "notes": [{"by": "SK1130", "text": "Aircraft on jacks, wheel not yet removed."}],
                           "cards": {"TC-27-0107-01": _card("Replace No.2 main wheel assembly", defect="D-40105")}},
        }
        self.stores = {
            "BRS": {"name": "Bristol", "stores": {"BRS-MAIN": "Main stores", "BRS-LINE": "Line kit",
                                                  "BRS-QUAR": "Quarantine (unserviceable)"}},
            "EXT": {"name": "Exeter", "stores": {"EXT-MAIN": "Main stores", "EXT-QUAR": "Quarantine (unserviceable)"}},
        }
        self.stock = {
            "C20195000@BRS-MAIN": {"qty": 2, "serials": ["MW-88213", "MW-90112"]},
            "C20195000@EXT-MAIN": {"qty": 1, "serials": ["MW-77301"]},
            "2LA456-1001@BRS-MAIN": {"qty": 40, "serials": []},
            "2LA456-1001@BRS-LINE": {"qty": 3, "serials": []},
            "1152-0074@EXT-MAIN": {"qty": 1, "serials": ["RF-20931"]},
            "M83248-1-228@BRS-MAIN": {"qty": 250, "serials": []},
            "M83248-1-228@EXT-MAIN": {"qty": 60, "serials": []},
        }
        self.installed = {
            "ac_3107": [["WHL-1", "C20195000", "MW-70018", 611.5], ["WHL-2", "C20195000", "MW-70544", 611.5],
                        ["WHL-3", "C20195000", "MW-81190", 203.0], ["WHL-4", "C20195000", "MW-66402", 1022.8]],
            "ac_3108": [["WHL-1", "C20195000", "MW-61377", 930.1], ["WHL-2", "C20195000", "MW-61420", 930.1],
                        ["WHL-3", "C20195000", "MW-79925", 455.6], ["WHL-4", "C20195000", "MW-79931", 455.6]],
            "ac_4410": [["RECIRC-1", "1152-0074", "RF-18807", 4410.0], ["RECIRC-2", "1152-0074", "RF-19012", 3980.5]],
            "ac_4411": [["RECIRC-1", "1152-0074", "RF-18744", 5120.2], ["RECIRC-2", "1152-0074", "RF-19350", 2210.0]],
            "ac_5520": [["WHL-1", "C20195000", "MW-58001", 88.0], ["WHL-2", "C20195000", "MW-58002", 88.0],
                        ["WHL-3", "C20195000", "MW-64410", 1280.3], ["WHL-4", "C20195000", "MW-64411", 1280.3]],
        }
        self.removed = {"MW-55120": {"part": "C20195000", "from": "ac_5520", "tag": "US-27-0029",
                                     "removed": "2027-01-12"}}
        self.tags = {"US-27-0029": {"serial": "MW-55120", "part": "C20195000", "reason": "Tyre worn to limits",
                                    "repair_order": None}}
        self.repair_orders = {}
        self.reservations = {}
        self.issues = []
        self.requisitions = {"REQ-27-00409": {"part": "APR04600", "qty": 4, "priority": "routine",
                                              "deliver_to": "BRS", "status": "ordered", "eta": "2027-01-19",
                                              "by": "SK1201"}}
        self.transfers = []
        self.tooling = {
            "T-BRS-0412": {"station": "BRS", "description": "Torque wrench 20-100 Nm", "cal_due": "2027-03-02",
                           "out_to": None},
            "T-BRS-0419": {"station": "BRS", "description": "Torque wrench 60-340 Nm", "cal_due": "2027-01-10",
                           "out_to": None},
            "T-BRS-0120": {"station": "BRS", "description": "Tyre inflation kit with nitrogen regulator",
                           "cal_due": "2027-06-30", "out_to": None},
            "T-BRS-0077": {"station": "BRS", "description": "Axle nut socket, A320 main wheel",
                           "cal_due": None, "out_to": "TC-27-0104-01"},
            "T-EXT-0031": {"station": "EXT", "description": "Torque wrench 20-100 Nm", "cal_due": "2027-05-18",
                           "out_to": None},
        }
        self.due = {
            "ac_3107": [["AD", "2026-0241", "2027-01-29"], ["AMP", "120000-02", "2027-01-16"]],
            "ac_3108": [["AD", "2026-0241", "2027-01-22"], ["AMP", "324101-01", "2027-01-30"]],
            "ac_4410": [["AD", "2026-0187", "2027-02-05"], ["AMP", "212500-01", "2027-01-20"]],
            "ac_4411": [["AD", "2026-0187", "2027-01-28"]],
            "ac_5520": [["AD", "2025-0312", "2027-04-30"]],
        }
        self.compliance = []
        self.crs = {"CRS-BRS-27-0040": "WO-27-0098", "CRS-BRS-27-0042": "WO-27-0104"}
        self.sessions = {}
        self.counters = {"session": 0, "defect": 40105, "work_order": 107, "reservation": 5230, "tag": 29,
                         "requisition": 409, "crs": 42, "deferral": 7, "repair_order": 311, "issue": 8801,
                         "transfer": 120}


def _next(state: State, what: str) -> int:
    state.counters[what] += 1
    return state.counters[what]


def _one(kind: str, rid: str, attributes: dict, **meta) -> dict:
    out = {"data": {"type": kind, "id": rid, "attributes": attributes}}
    if meta:
        out["meta"] = meta
    return out


def _session(state: State, token: str) -> dict:
    s = state.sessions.get(token)
    if s is None:
        raise PermissionError("401 invalid or expired token; sign in again")
    return s


def _certifying(state: State, token: str) -> dict:
    s = _session(state, token)
    if not s["certification"]:
        raise PermissionError("403 certification is locked for this session; unlock it with your stamp PIN")
    return s


def _ac(state: State, aircraft_id: str) -> dict:
    a = state.aircraft.get(str(aircraft_id).strip())
    if a is None:
        raise LookupError(f"404 no aircraft {aircraft_id!r} (aircraft ids look like ac_1234)")
    return a


def _wo(state: State, work_order_id: str) -> dict:
    w = state.work_orders.get(str(work_order_id).strip().upper())
    if w is None:
        raise LookupError(f"404 no work order {work_order_id!r}")
    return w


def _find_card(state: State, task_card_id: str) -> tuple:
    tid = str(task_card_id).strip().upper()
    for wid, w in state.work_orders.items():
        if tid in w["cards"]:
            return wid, w, w["cards"][tid]
    raise LookupError(f"404 no task card {task_card_id!r}")


def _open_card(state: State, task_card_id: str) -> tuple:
    wid, w, card = _find_card(state, task_card_id)
    if w["status"] != "open":
        raise MaintenanceStateError(f"409 work order {wid} is {w['status']}")
    if card["status"] != "open":
        raise MaintenanceStateError(f"409 task card {task_card_id} is {card['status']}")
    return wid, w, card


def _part(part_number: str) -> dict:
    p = _PARTS.get(str(part_number).strip().upper())
    if p is None:
        raise LookupError(f"404 no part number {part_number!r} in the catalogue")
    return p


def _store_codes(state: State) -> dict:
    return {code: st for st, s in state.stores.items() for code in s["stores"]}


# ----------------------------------------------------------------------------- sign-in

def sign_in(staff_number: str, password: str, state: State) -> dict:
    """Sign in to the maintenance system.

    Args:
        staff_number: The engineer's staff number, as on their ID card (e.g. ``SK1000``).
        password: Their password.

    Returns:
        ``{"data": {"type": "session", "id", "attributes": {"token", "name", "licence", "base",
        "expires_at"}}}``; pass ``attributes.token`` to the calls that need a signed-in engineer.

    Raises:
        PermissionError: unknown staff number or wrong password.
    """
    sn = staff_number.strip().upper()
    person = state.staff.get(sn)
    if person is None or person["password"] != password:
        raise PermissionError("401 staff number or password not recognised")
    n = _next(state, "session")
    token = f"rtk.{sn.lower()}.{(n * 48271) % 99991:05d}"
    state.sessions[token] = {"staff": sn, "certification": False}
    return _one("session", f"ses-{n:04d}", {"token": token, "name": person["name"], "licence": person["licence"],
                                             "base": person["base"], "expires_at": "2027-01-14T18:40:00Z"})


def unlock_certification(token: str, authorisation_number: str, stamp_pin: str, state: State) -> dict:
    """Unlock the signed-in engineer's certification authorisation for this session.

    Args:
        token: Session token from ``sign_in``.
        authorisation_number: The company certification authorisation, as on the engineer's stamp
            card (e.g. ``SAT-B1-100``).
        stamp_pin: The four-digit stamp PIN.

    Returns:
        ``{"data": {"type": "certification", "id", "attributes": {"holder", "category", "types",
        "valid_until"}}}``.
    """
    s = _session(state, token)
    person = state.staff[s["staff"]]
    if person["authorisation"] is None:
        raise PermissionError(f"403 {person['name']} holds no certification authorisation")
    if authorisation_number.strip().upper() != person["authorisation"] or str(stamp_pin).strip() != person["pin"]:
        raise PermissionError("403 authorisation number or stamp PIN not recognised")
    if s["certification"]:
        raise MaintenanceStateError("409 certification is already unlocked for this session")
    s["certification"] = True
    return _one("certification", person["authorisation"], {"holder": person["name"], "category": person["licence"],
                                                            "types": person["types"], "valid_until": "2027-09-30"})


# ----------------------------------------------------------------------------- fleet

def list_fleet(operator: Optional[str] = None, state: State = None) -> dict:
    """List the aircraft maintained here.

    Args:
        operator: Only this operator's aircraft (part of the name is enough).

    Returns:
        ``{"data": [[aircraft_id, registration, type, status, location], ...], "meta": {"count"}}``.
    """
    rows = [[k, a["registration"], a["type"], a["status"], a["location"]] for k, a in state.aircraft.items()
            if not operator or operator.strip().lower() in a["operator"].lower()]
    return {"data": rows, "meta": {"count": len(rows)}}


def get_aircraft(registration: str, state: State) -> dict:
    """Look up an aircraft by its registration.

    Args:
        registration: As painted on the aircraft, e.g. ``G-ABCD`` (the dash is optional).

    Returns:
        ``{"data": {"type": "aircraft", "id", "attributes": {"registration", "type", "model", "msn",
        "operator", "status", "location", "mel", "amp", "hours", "cycles"}}}``; ``mel`` and ``amp``
        name the aircraft's minimum equipment list and maintenance programme documents.
    """
    reg = registration.strip().upper().replace(" ", "")
    if "-" not in reg and len(reg) == 5:
        reg = f"{reg[0]}-{reg[1:]}"
    for k, a in state.aircraft.items():
        if a["registration"] == reg:
            return _one("aircraft", k, dict(a))
    raise LookupError(f"404 no aircraft registered {registration!r} in the fleet")


def get_installed_components(aircraft_id: str, ata_chapter: Optional[int] = None, state: State = None) -> dict:
    """Serialised components fitted to an aircraft.

    Args:
        aircraft_id: The aircraft's id (``ac_...``).
        ata_chapter: Only components of this ATA chapter (32 landing gear, 21 air conditioning).

    Returns:
        ``{"data": [[position, part_number, serial_number, hours_since_installed], ...]}``.
    """
    _ac(state, aircraft_id)
    rows = state.installed.get(aircraft_id, [])
    if ata_chapter is not None:
        chapter = {"C20195000": 32, "1152-0074": 21}
        rows = [r for r in rows if chapter.get(r[1]) == int(ata_chapter)]
    return {"data": copy.deepcopy(sorted(rows)), "meta": {"aircraft_id": aircraft_id}}


def list_due_items(aircraft_id: str, within_days: int = 30, state: State = None) -> dict:
    """Airworthiness directives and maintenance programme tasks coming due on an aircraft.

    Args:
        aircraft_id: The aircraft's id.
        within_days: Look-ahead window in days.

    Returns:
        ``{"data": [[kind, reference, title, due_date], ...]}`` where kind is ``AD`` or ``AMP``.
    """
    a = _ac(state, aircraft_id)
    limit = _add_days(TODAY, int(within_days))
    rows = []
    for kind, ref, due in state.due.get(aircraft_id, []):
        if due > limit:
            continue
        title = _ADS[ref]["title"] if kind == "AD" else _AMP[a["amp"]][ref]
        rows.append([kind, ref, title, due])
    return {"data": sorted(rows, key=lambda r: r[3]), "meta": {"registration": a["registration"],
                                                                 "window_ends": limit}}


def get_ad(ad_number: str, state: State) -> dict:
    """An airworthiness directive's title, applicability, required action and repeat interval."""
    ad = _ADS.get(ad_number.strip())
    if ad is None:
        raise LookupError(f"404 no airworthiness directive {ad_number!r}")
    return _one("airworthiness_directive", ad_number.strip(), dict(ad))


def search_mel(mel_document: str, text: str, state: State) -> dict:
    """Search a minimum equipment list for items by words of their title.

    Args:
        mel_document: The MEL document id (each aircraft's ``mel``).
        text: Words of the item title, e.g. ``reading light``.

    Returns:
        ``{"data": [{"type": "mel_item", "id": item, "attributes": {"title", "category",
        "rectification_days", "placard"}}]}``.
    """
    mel = _MEL.get(mel_document.strip().upper())
    if mel is None:
        raise LookupError(f"404 no MEL document {mel_document!r}")
    words = [w.rstrip("s") for w in text.lower().split()]
    hits = [{"type": "mel_item", "id": item, "attributes": {"title": m["title"], "category": m["category"],
                                                             "rectification_days": m["days"],
                                                             "placard": m["placard"]}}
            for item, m in mel.items() if all(w in m["title"].lower() for w in words)]
    return {"data": hits, "meta": {"document": mel_document.strip().upper(), "count": len(hits)}}


def search_amp_tasks(programme: str, text: str, state: State) -> dict:
    """Search an aircraft maintenance programme for task references by words of their title.

    Args:
        programme: The maintenance programme document id (each aircraft's ``amp``).
        text: Words of the task title.

    Returns:
        ``{"data": [[task_reference, title], ...]}``.
    """
    amp = _AMP.get(programme.strip().upper())
    if amp is None:
        raise LookupError(f"404 no maintenance programme {programme!r}")
    words = text.lower().split()
    return {"data": [[ref, t] for ref, t in amp.items() if all(w in t.lower() for w in words)]}


# ----------------------------------------------------------------------------- technical log

def raise_defect(token: str, aircraft_id: str, ata_chapter: int, description: str, found_during: str,
                 state: State) -> str:
    """Enter a defect in an aircraft's technical log.

    Args:
        token: Session token.
        aircraft_id: The aircraft's id.
        ata_chapter: ATA 100 chapter of the system (e.g. 32 landing gear, 33 lights).
        description: What was found, in words.
        found_during: When it was found (preflight, transit, a check, a pilot or cabin report).

    Returns:
        The new defect number (e.g. ``D-40000``).
    """
    s = _session(state, token)
    _ac(state, aircraft_id)
    if found_during not in _FOUND_DURING:
        raise ValueError(f"422 found_during must be one of {', '.join(_FOUND_DURING)}")
    if not 5 <= int(ata_chapter) <= 80:
        raise ValueError("422 ata_chapter must be an ATA 100 chapter between 5 and 80")
    if len(description.strip()) < 10:
        raise ValueError("422 describe the defect in at least 10 characters")
    number = f"D-{_next(state, 'defect')}"
    state.defects[number] = {"aircraft": aircraft_id, "ata": int(ata_chapter), "description": description.strip(),
                             "found_during": found_during, "status": "open", "raised": TODAY, "deferral": None,
                             "raised_by": s["staff"]}
    return number


def list_defects(token: str, aircraft_id: str, status: Optional[DefectStatus] = None, state: State = None) -> dict:
    """An aircraft's technical log defects, newest first.

    Returns:
        ``{"data": [[defect_number, ata_chapter, description, status, deferral], ...]}`` where
        deferral is ``[mel_item, expires]`` or null.
    """
    _session(state, token)
    a = _ac(state, aircraft_id)
    rows = [[n, d["ata"], d["description"], d["status"],
             [d["deferral"]["mel_item"], d["deferral"]["expires"]] if d["deferral"] else None]
            for n, d in sorted(state.defects.items(), reverse=True)
            if d["aircraft"] == aircraft_id and (status is None or d["status"] == status)]
    return {"data": rows, "meta": {"registration": a["registration"], "count": len(rows)}}


def defer_defect(token: str, defect_number: str, mel_item: str, placard_fitted: bool, state: State) -> dict:
    """Defer an open defect under an item of the aircraft's MEL (certifying staff, unlocked).

    Args:
        token: Session token with certification unlocked.
        defect_number: The defect to defer.
        mel_item: The MEL item number (``21-25-01`` style) covering the failed equipment.
        placard_fitted: Whether the INOP placard is fitted (required where the item says so).

    Returns:
        ``{"data": {"type": "deferral", "id", "attributes": {"defect", "mel_item", "category", "expires"}}}``.
    """
    _certifying(state, token)
    d = state.defects.get(defect_number.strip().upper())
    if d is None:
        raise LookupError(f"404 no defect {defect_number!r}")
    if d["status"] == "deferred":
        raise MaintenanceStateError(f"409 {defect_number} is already deferred under {d['deferral']['mel_item']}")
    if d["status"] != "open":
        raise MaintenanceStateError(f"409 {defect_number} is {d['status']}")
    a = state.aircraft[d["aircraft"]]
    item = _MEL[a["mel"]].get(mel_item.strip())
    if item is None:
        raise LookupError(f"404 no item {mel_item!r} in {a['mel']}")
    if int(mel_item.strip()[:2]) != d["ata"]:
        raise ValueError(f"422 MEL item {mel_item} is ATA {mel_item[:2]}, the defect is ATA {d['ata']}")
    if item["placard"] and not placard_fitted:
        raise ValueError("422 this MEL item requires the INOP placard to be fitted")
    expires = _add_days(TODAY, item["days"])
    d.update(status="deferred", deferral={"mel_item": mel_item.strip(), "category": item["category"],
                                          "expires": expires})
    return _one("deferral", f"DD-27-{_next(state, 'deferral'):04d}",
                {"defect": defect_number.strip().upper(), "mel_item": mel_item.strip(),
                 "category": item["category"], "expires": expires})


def ground_aircraft(token: str, aircraft_id: str, reason: str, state: State) -> dict:
    """Declare an aircraft unserviceable (it may not fly until returned to service)."""
    s = _session(state, token)
    a = _ac(state, aircraft_id)
    if a["status"] != "serviceable":
        raise MaintenanceStateError(f"409 {a['registration']} is already {a['status']}")
    a.update(status="unserviceable", grounded_reason=reason, grounded_by=s["staff"])
    return _one("aircraft", aircraft_id, {"registration": a["registration"], "status": "unserviceable",
                                          "reason": reason})


# ----------------------------------------------------------------------------- work orders and task cards

def open_work_order(token: str, aircraft_id: str, check_type: CheckType, title: str, station: str,
                    state: State) -> dict:
    """Open a work order on an aircraft at a maintenance station.

    Args:
        token: Session token.
        aircraft_id: The aircraft's id.
        check_type: ``daily``, ``weekly``, ``a_check``, ``c_check`` or ``unscheduled``.
        title: What the work order is for.
        station: The station code where the aircraft is (``list_stores``).

    Returns:
        ``{"data": {"type": "work_order", "id", "attributes": {...}}}``.
    """
    s = _session(state, token)
    a = _ac(state, aircraft_id)
    st = station.strip().upper()
    if st not in state.stores:
        raise ValueError(f"422 unknown station {station!r}")
    if a["location"] != st:
        raise MaintenanceStateError(f"409 {a['registration']} is at {a['location']}, not {st}")
    if check_type not in ("daily", "weekly", "a_check", "c_check", "unscheduled"):
        raise ValueError("422 unknown check_type")
    wid = f"WO-27-{_next(state, 'work_order'):04d}"
    state.work_orders[wid] = {"aircraft": aircraft_id, "check_type": check_type, "title": title.strip(),
                              "station": st, "status": "open", "opened": TODAY, "crs": None, "notes": [],
                              "cards": {}, "opened_by": s["staff"]}
    return _one("work_order", wid, {"aircraft_id": aircraft_id, "registration": a["registration"],
                                    "check_type": check_type, "title": title.strip(), "station": st,
                                    "status": "open", "task_cards": 0})


def find_work_orders(token: str, aircraft_id: Optional[str] = None, status: Optional[WorkOrderStatus] = None,
                     page: int = 1, state: State = None) -> dict:
    """Find work orders, newest first, three to a page.

    Returns:
        ``{"data": [{"type": "work_order", "id", "attributes"}], "meta": {"page", "pages", "total"}}``.
    """
    _session(state, token)
    if aircraft_id is not None:
        _ac(state, aircraft_id)
    found = [(wid, w) for wid, w in sorted(state.work_orders.items(), reverse=True)
             if (aircraft_id is None or w["aircraft"] == aircraft_id) and (status is None or w["status"] == status)]
    pages = max(1, -(-len(found) // _PAGE_SIZE))
    if not 1 <= int(page) <= pages:
        raise ValueError(f"422 page must be between 1 and {pages}")
    chunk = found[(int(page) - 1) * _PAGE_SIZE:int(page) * _PAGE_SIZE]
    return {"data": [{"type": "work_order", "id": wid,
                      "attributes": {"registration": state.aircraft[w["aircraft"]]["registration"],
                                     "title": w["title"], "check_type": w["check_type"], "station": w["station"],
                                     "status": w["status"], "opened": w["opened"]}} for wid, w in chunk],
            "meta": {"page": int(page), "pages": pages, "total": len(found)}}


def get_work_order(token: str, work_order_id: str, state: State) -> dict:
    """A work order with its task cards.

    Returns:
        ``{"data": {"type": "work_order", "id", "attributes"}, "included": [{"type": "task_card",
        "id", "attributes": {"title", "status", "defect", "amp_task", "hours"}}]}``.
    """
    _session(state, token)
    w = _wo(state, work_order_id)
    wid = work_order_id.strip().upper()
    out = _one("work_order", wid, {"registration": state.aircraft[w["aircraft"]]["registration"],
                                   "aircraft_id": w["aircraft"], "title": w["title"], "check_type": w["check_type"],
                                   "station": w["station"], "status": w["status"], "crs": w["crs"],
                                   "handover_notes": [n["text"] for n in w["notes"]]})
    out["included"] = [{"type": "task_card", "id": tid,
                        "attributes": {"title": c["title"], "status": c["status"], "defect": c["defect"],
                                       "amp_task": c["amp"], "hours": sum(h for _, h, _ in c["labour"])}}
                       for tid, c in w["cards"].items()]
    return out


def add_task_card(token: str, work_order_id: str, title: str, defect_number: Optional[str] = None,
                  amp_task: Optional[str] = None, state: State = None) -> str:
    """Add a task card to an open work order, for a defect or a maintenance programme task.

    Args:
        token: Session token.
        work_order_id: The work order (``WO-...``).
        title: What the card is for.
        defect_number: The defect the card rectifies (signing the card closes it).
        amp_task: The maintenance programme task reference the card carries out.

    Returns:
        The new task card id.
    """
    _session(state, token)
    w = _wo(state, work_order_id)
    wid = work_order_id.strip().upper()
    if w["status"] != "open":
        raise MaintenanceStateError(f"409 work order {wid} is {w['status']}")
    if defect_number and amp_task:
        raise ValueError("422 a task card is for a defect or a programme task, not both")
    if defect_number:
        d = state.defects.get(defect_number.strip().upper())
        if d is None:
            raise LookupError(f"404 no defect {defect_number!r}")
        if d["aircraft"] != w["aircraft"]:
            raise ValueError(f"422 {defect_number} is on another aircraft")
        if d["status"] == "closed":
            raise MaintenanceStateError(f"409 {defect_number} is closed")
    if amp_task:
        amp = _AMP[state.aircraft[w["aircraft"]]["amp"]]
        if amp_task.strip() not in amp:
            raise LookupError(f"404 no task {amp_task!r} in {state.aircraft[w['aircraft']]['amp']}")
    tid = f"TC-{wid[3:]}-{len(w['cards']) + 1:02d}"
    w["cards"][tid] = _card(title.strip(), defect=defect_number.strip().upper() if defect_number else None,
                            amp=amp_task.strip() if amp_task else None)
    return tid


def get_task_card(token: str, task_card_id: str, state: State) -> dict:
    """A task card: what it is for, labour booked, tools out, parts reserved and its sign-off."""
    _session(state, token)
    wid, w, c = _find_card(state, task_card_id)
    tid = task_card_id.strip().upper()
    parts = [[r, v["part"], v["qty"], v["status"]] for r, v in state.reservations.items() if v["card"] == tid]
    return _one("task_card", tid, {"work_order": wid, "title": c["title"], "status": c["status"],
                                   "defect": c["defect"], "amp_task": c["amp"],
                                   "labour": [[who, h, cat] for who, h, cat in c["labour"]],
                                   "tools": list(c["tools"]), "parts": parts, "signed_by": c["signed_by"]})


def book_labour(token: str, task_card_id: str, hours: float, licence_category: LicenceCategory,
                state: State) -> float:
    """Book the signed-in engineer's hours against an open task card.

    Args:
        licence_category: The capacity the hours were worked in; it must be one the engineer holds.

    Returns:
        Total hours now booked on the card.
    """
    s = _session(state, token)
    _, _, card = _open_card(state, task_card_id)
    if not 0 < float(hours) <= 14:
        raise ValueError("422 hours must be between 0 and 14 per booking")
    held = state.staff[s["staff"]]["licence"]
    allowed = {"B1": {"B1", "A", "mechanic"}, "B2": {"B2", "A", "mechanic"}}.get(held, {"mechanic"})
    if licence_category not in allowed:
        raise PermissionError(f"403 {state.staff[s['staff']]['name']} cannot book hours as {licence_category}")
    card["labour"].append([s["staff"], round(float(hours), 2), licence_category])
    return round(sum(h for _, h, _ in card["labour"]), 2)


def book_out_tool(token: str, tool_id: str, task_card_id: str, state: State) -> dict:
    """Book a tool out of the tool store against an open task card (it must be in calibration)."""
    _session(state, token)
    t = state.tooling.get(tool_id.strip().upper())
    if t is None:
        raise LookupError(f"404 no tool {tool_id!r}")
    wid, w, card = _open_card(state, task_card_id)
    if t["out_to"] == task_card_id.strip().upper():
        raise MaintenanceStateError(f"409 {tool_id} is already booked out to {t['out_to']}")
    if t["out_to"]:
        raise MaintenanceStateError(f"409 {tool_id} is out to {t['out_to']}")
    if t["station"] != w["station"]:
        raise ValueError(f"422 {tool_id} is kept at {t['station']}, the work order is at {w['station']}")
    if t["cal_due"] and t["cal_due"] < TODAY:
        raise MaintenanceStateError(f"409 {tool_id} is out of calibration since {t['cal_due']}")
    t["out_to"] = task_card_id.strip().upper()
    card["tools"].append(tool_id.strip().upper())
    return _one("tool_booking", f"{tool_id.strip().upper()}/{task_card_id.strip().upper()}",
                {"tool": t["description"], "task_card": task_card_id.strip().upper(), "due_back": "end of shift"})


def sign_task_card(token: str, task_card_id: str, work_performed: str, state: State) -> dict:
    """Certify a task card as complete (certifying staff, unlocked); a linked defect is closed.

    Needs labour booked on the card and every part reserved for it issued or returned.
    """
    s = _certifying(state, token)
    wid, w, card = _open_card(state, task_card_id)
    tid = task_card_id.strip().upper()
    a = state.aircraft[w["aircraft"]]
    person = state.staff[s["staff"]]
    if a["type"] not in person["types"]:
        raise PermissionError(f"403 {person['name']} is not authorised on the {a['type']}")
    if not card["labour"]:
        raise MaintenanceStateError(f"409 no labour booked on {tid}")
    pending = [r for r, v in state.reservations.items() if v["card"] == tid and v["status"] == "reserved"]
    if pending:
        raise MaintenanceStateError(f"409 parts reserved but not issued: {', '.join(pending)}")
    if len(work_performed.strip()) < 10:
        raise ValueError("422 describe the work performed")
    card.update(status="signed", signed_by=person["authorisation"], work_performed=work_performed.strip())
    closed = None
    if card["defect"]:
        state.defects[card["defect"]]["status"] = "closed"
        closed = card["defect"]
    return _one("task_card", tid, {"status": "signed", "signed_by": person["authorisation"],
                                   "defect_closed": closed, "work_order": wid})


def close_work_order(token: str, work_order_id: str, state: State) -> dict:
    """Close a work order once every task card on it is signed."""
    _session(state, token)
    w = _wo(state, work_order_id)
    wid = work_order_id.strip().upper()
    if w["status"] == "closed":
        raise MaintenanceStateError(f"409 {wid} is already closed")
    if not w["cards"]:
        raise MaintenanceStateError(f"409 {wid} has no task cards")
    unsigned = [t for t, c in w["cards"].items() if c["status"] != "signed"]
    if unsigned:
        raise MaintenanceStateError(f"409 task cards not signed: {', '.join(unsigned)}")
    w["status"] = "closed"
    return _one("work_order", wid, {"status": "closed", "task_cards": len(w["cards"])})


def issue_crs(token: str, work_order_id: str, state: State) -> str:
    """Issue the certificate of release to service for a closed work order (certifying staff, unlocked).

    The aircraft may have no open defects that are neither rectified nor deferred.

    Returns:
        The CRS number.
    """
    _certifying(state, token)
    w = _wo(state, work_order_id)
    wid = work_order_id.strip().upper()
    if w["status"] != "closed":
        raise MaintenanceStateError(f"409 {wid} is {w['status']}; close it first")
    if w["crs"]:
        raise MaintenanceStateError(f"409 {wid} already has {w['crs']}")
    open_defects = [n for n, d in state.defects.items() if d["aircraft"] == w["aircraft"] and d["status"] == "open"]
    if open_defects:
        raise MaintenanceStateError(f"409 open defects must be rectified or deferred first: {', '.join(open_defects)}")
    number = f"CRS-{w['station']}-27-{_next(state, 'crs'):04d}"
    w["crs"] = number
    state.crs[number] = wid
    return number


def return_to_service(token: str, aircraft_id: str, crs_number: str, state: State) -> dict:
    """Return an unserviceable aircraft to service against a CRS issued for it (certifying staff, unlocked)."""
    _certifying(state, token)
    a = _ac(state, aircraft_id)
    wid = state.crs.get(crs_number.strip().upper())
    if wid is None:
        raise LookupError(f"404 no CRS {crs_number!r}")
    if state.work_orders[wid]["aircraft"] != aircraft_id:
        raise ValueError(f"422 {crs_number} was issued for another aircraft")
    if a["status"] == "serviceable":
        raise MaintenanceStateError(f"409 {a['registration']} is already serviceable")
    a["status"] = "serviceable"
    return _one("aircraft", aircraft_id, {"registration": a["registration"], "status": "serviceable",
                                          "crs": crs_number.strip().upper()})


def post_handover_note(token: str, work_order_id: str, note: str, notify: list[str], state: State) -> dict:
    """Add a shift handover note to a work order and notify colleagues by staff number."""
    s = _session(state, token)
    w = _wo(state, work_order_id)
    unknown = [n for n in notify if n.strip().upper() not in state.staff]
    if unknown:
        raise ValueError(f"422 unknown staff numbers: {', '.join(unknown)}")
    if not note.strip():
        raise ValueError("422 the note is empty")
    w["notes"].append({"by": s["staff"], "text": note.strip(), "notify": [n.strip().upper() for n in notify]})
    return {"data": {"type": "handover_note", "id": f"{work_order_id.strip().upper()}/N{len(w['notes'])}",
                     "attributes": {"by": state.staff[s["staff"]]["name"], "notified": len(notify)}}}


# ----------------------------------------------------------------------------- stores and parts

def list_stores(state: State) -> list:
    """Stations and their stores: ``[[station_code, station_name, [[store_code, store_name], ...]], ...]``."""
    return [[code, s["name"], [[sc, name] for sc, name in s["stores"].items()]] for code, s in state.stores.items()]


def search_parts(query: str, state: State) -> dict:
    """Search the parts catalogue by words of the description or a part number.

    Returns:
        ``{"data": [{"type": "part", "id": part_number, "attributes": {"description", "serialised",
        "unit", "effectivity"}}]}``.
    """
    words = query.lower().split()
    hits = [{"type": "part", "id": pn, "attributes": {"description": p["description"], "serialised": p["serialised"],
                                                      "unit": p["unit"], "effectivity": p["types"]}}
            for pn, p in _PARTS.items() if all(w in (pn + " " + p["description"]).lower() for w in words)]
    return {"data": hits, "meta": {"count": len(hits)}}


def get_stock(part_number: str, station: Optional[str] = None, state: State = None) -> dict:
    """Serviceable stock of a part number, by store.

    Returns:
        ``{"data": [[store_code, quantity, [serial_numbers]], ...], "meta": {"part_number", "unit"}}``.
    """
    pn = part_number.strip().upper()
    p = _part(pn)
    where = _store_codes(state)
    rows = []
    for key, v in sorted(state.stock.items()):
        part, store = key.split("@")
        if part == pn and v["qty"] > 0 and (station is None or where[store] == station.strip().upper()):
            rows.append([store, v["qty"], list(v["serials"])])
    return {"data": rows, "meta": {"part_number": pn, "unit": p["unit"]}}


def reserve_part(token: str, task_card_id: str, part_number: str, quantity: int, store: str, state: State) -> str:
    """Reserve stock from a store for an open task card.

    Returns:
        The reservation number.
    """
    _session(state, token)
    wid, w, card = _open_card(state, task_card_id)
    pn = part_number.strip().upper()
    p = _part(pn)
    a = state.aircraft[w["aircraft"]]
    if a["type"] not in p["types"]:
        raise ValueError(f"422 {pn} is not effective on the {a['type']}")
    sc = store.strip().upper()
    if sc not in _store_codes(state):
        raise LookupError(f"404 no store {store!r}")
    held = state.stock.get(f"{pn}@{sc}", {"qty": 0})["qty"]
    if int(quantity) < 1 or int(quantity) > held:
        raise MaintenanceStateError(f"409 {sc} holds {held} of {pn}")
    number = f"RS-{_next(state, 'reservation')}"
    state.stock[f"{pn}@{sc}"]["qty"] -= int(quantity)
    state.reservations[number] = {"card": task_card_id.strip().upper(), "part": pn, "qty": int(quantity),
                                  "store": sc, "status": "reserved", "serial": None}
    return number


def issue_part(token: str, reservation_number: str, serial_number: Optional[str] = None, state: State = None) -> dict:
    """Issue reserved stock to the engineer; serialised parts need the serial number picked from the store.

    Returns:
        ``{"data": {"type": "issue", "id", "attributes": {"part_number", "quantity", "serial_number",
        "task_card"}}}``.
    """
    s = _session(state, token)
    r = state.reservations.get(reservation_number.strip().upper())
    if r is None:
        raise LookupError(f"404 no reservation {reservation_number!r}")
    if r["status"] != "reserved":
        raise MaintenanceStateError(f"409 reservation {reservation_number} is {r['status']}")
    serial = None
    if _PARTS[r["part"]]["serialised"]:
        held = state.stock[f'{r["part"]}@{r["store"]}']["serials"]
        if not serial_number:
            raise ValueError(f"422 {r['part']} is serialised; give the serial number being issued")
        serial = serial_number.strip().upper()
        if serial not in held:
            raise LookupError(f"404 serial {serial_number!r} is not in {r['store']}")
        held.remove(serial)
    r.update(status="issued", serial=serial)
    n = f"IS-{_next(state, 'issue')}"
    state.issues.append({"id": n, "reservation": reservation_number.strip().upper(), "to": s["staff"]})
    return _one("issue", n, {"part_number": r["part"], "quantity": r["qty"], "serial_number": serial,
                             "task_card": r["card"]})


def return_part_to_store(token: str, reservation_number: str, reason: str, state: State) -> dict:
    """Cancel a reservation, or return an issued part unused, back to its store."""
    _session(state, token)
    r = state.reservations.get(reservation_number.strip().upper())
    if r is None:
        raise LookupError(f"404 no reservation {reservation_number!r}")
    if r["status"] == "returned":
        raise MaintenanceStateError(f"409 {reservation_number} was already returned")
    if r["status"] == "fitted":
        raise MaintenanceStateError(f"409 the part from {reservation_number} is fitted; remove it instead")
    st = state.stock[f'{r["part"]}@{r["store"]}']
    st["qty"] += r["qty"]
    if r["serial"]:
        st["serials"].append(r["serial"])
    r.update(status="returned", return_reason=reason)
    return _one("reservation", reservation_number.strip().upper(), {"status": "returned", "store": r["store"],
                                                                     "quantity": r["qty"]})


def install_part(token: str, task_card_id: str, serial_number_on: str, serial_number_off: str, position: str,
                 state: State) -> dict:
    """Record a component change on a task card: the issued unit goes on, the fitted unit comes off.

    Args:
        serial_number_on: The serial issued from stores for this task card.
        serial_number_off: The serial of the unit removed.
        position: The fitted position of the removed unit (as ``get_installed_components`` shows it).
    """
    _session(state, token)
    wid, w, card = _open_card(state, task_card_id)
    tid = task_card_id.strip().upper()
    on = serial_number_on.strip().upper()
    res = next((r for r in state.reservations.values() if r["card"] == tid and r["serial"] == on
                and r["status"] == "issued"), None)
    if res is None:
        raise MaintenanceStateError(f"409 serial {serial_number_on!r} has not been issued to {tid}")
    rows = state.installed[w["aircraft"]]
    row = next((r for r in rows if r[0] == position.strip().upper()), None)
    if row is None:
        raise LookupError(f"404 no position {position!r} on this aircraft")
    if row[2] != serial_number_off.strip().upper():
        raise ValueError(f"422 {position} holds {row[2]}, not {serial_number_off}")
    if row[1] != res["part"]:
        raise ValueError("422 the issued part number differs from the fitted one")
    off = row[2]
    row[2], row[3] = on, 0.0
    res["status"] = "fitted"
    state.removed[off] = {"part": res["part"], "from": w["aircraft"], "tag": None, "removed": TODAY}
    return _one("component_change", f"{tid}/{position.strip().upper()}",
                {"position": position.strip().upper(), "on": on, "off": off, "removed_unit_status": "awaiting_tag"})


def create_unserviceable_tag(token: str, serial_number: str, reason: str, state: State) -> str:
    """Tag a removed unit unserviceable and send it to quarantine.

    Returns:
        The tag number.
    """
    _session(state, token)
    sn = serial_number.strip().upper()
    unit = state.removed.get(sn)
    if unit is None:
        raise MaintenanceStateError(f"409 {serial_number!r} is not a removed unit")
    if unit["tag"]:
        raise MaintenanceStateError(f"409 {sn} is already tagged {unit['tag']}")
    tag = f"US-27-{_next(state, 'tag'):04d}"
    unit["tag"] = tag
    state.tags[tag] = {"serial": sn, "part": unit["part"], "reason": reason, "repair_order": None}
    return tag


def list_repair_vendors(part_number: str, state: State) -> dict:
    """Approved repair stations for a part number.

    Returns:
        ``{"data": [{"type": "vendor", "id": vendor_code, "attributes": {"name", "approval",
        "turnaround_days"}}]}``.
    """
    pn = part_number.strip().upper()
    _part(pn)
    return {"data": [{"type": "vendor", "id": v, "attributes": {"name": n, "approval": a, "turnaround_days": d}}
                     for v, n, a, d in _VENDORS.get(pn, [])]}


def create_repair_order(token: str, tag_number: str, vendor_code: str, workscope: str,
                        defects_reported: list[str], state: State) -> dict:
    """Send a tagged unserviceable unit to an approved repair station.

    Args:
        tag_number: The unserviceable tag.
        vendor_code: An approved repair station for the part.
        workscope: The work the vendor is asked to do.
        defects_reported: Findings to pass to the vendor, one per line.
    """
    _session(state, token)
    tag = state.tags.get(tag_number.strip().upper())
    if tag is None:
        raise LookupError(f"404 no unserviceable tag {tag_number!r}")
    if tag["repair_order"]:
        raise MaintenanceStateError(f"409 {tag_number} is already on repair order {tag['repair_order']}")
    vendors = {v for v, *_ in _VENDORS.get(tag["part"], [])}
    if vendor_code.strip().upper() not in vendors:
        raise ValueError(f"422 {vendor_code!r} is not an approved repair station for {tag['part']}")
    if workscope not in _WORKSCOPES:
        raise ValueError(f"422 workscope must be one of {', '.join(_WORKSCOPES)}")
    if not defects_reported:
        raise ValueError("422 report at least one finding")
    ro = f"RO-{_next(state, 'repair_order')}"
    tag["repair_order"] = ro
    state.repair_orders[ro] = {"tag": tag_number.strip().upper(), "vendor": vendor_code.strip().upper(),
                               "workscope": workscope, "findings": list(defects_reported)}
    return _one("repair_order", ro, {"serial_number": tag["serial"], "vendor": vendor_code.strip().upper(),
                                     "workscope": workscope, "status": "awaiting_collection"})


def raise_requisition(token: str, part_number: str, quantity: int, priority: Priority,
                      deliver_to: Optional[str] = None, state: State = None) -> str:
    """Ask purchasing for parts not in stock.

    Args:
        priority: ``AOG`` (aircraft on ground), ``critical`` or ``routine``.
        deliver_to: Station code; the engineer's base when not given.

    Returns:
        The requisition number.
    """
    s = _session(state, token)
    pn = part_number.strip().upper()
    _part(pn)
    to = (deliver_to or state.staff[s["staff"]]["base"]).strip().upper()
    if to not in state.stores:
        raise ValueError(f"422 unknown station {deliver_to!r}")
    if int(quantity) < 1:
        raise ValueError("422 quantity must be at least 1")
    number = f"REQ-27-{_next(state, 'requisition'):05d}"
    state.requisitions[number] = {"part": pn, "qty": int(quantity), "priority": priority, "deliver_to": to,
                                  "status": "sourcing", "eta": None, "by": s["staff"]}
    return number


def get_requisition(token: str, requisition_number: str, state: State) -> dict:
    """A requisition's status and expected delivery."""
    _session(state, token)
    r = state.requisitions.get(requisition_number.strip().upper())
    if r is None:
        raise LookupError(f"404 no requisition {requisition_number!r}")
    return _one("requisition", requisition_number.strip().upper(),
                {"part_number": r["part"], "quantity": r["qty"], "priority": r["priority"],
                 "deliver_to": r["deliver_to"], "status": r["status"], "eta": r["eta"]})


def transfer_stock(token: str, part_number: str, quantity: int, from_store: str, to_store: str,
                   state: State) -> dict:
    """Move unserialised stock between two stores."""
    _session(state, token)
    pn = part_number.strip().upper()
    p = _part(pn)
    codes = _store_codes(state)
    src, dst = from_store.strip().upper(), to_store.strip().upper()
    if src not in codes or dst not in codes:
        raise LookupError(f"404 unknown store {src if src not in codes else dst!r}")
    if src == dst:
        raise ValueError("422 from_store and to_store are the same")
    if p["serialised"]:
        raise ValueError("422 serialised parts move by reservation, not transfer")
    held = state.stock.get(f"{pn}@{src}", {"qty": 0})["qty"]
    if not 1 <= int(quantity) <= held:
        raise MaintenanceStateError(f"409 {src} holds {held} of {pn}")
    state.stock[f"{pn}@{src}"]["qty"] -= int(quantity)
    state.stock.setdefault(f"{pn}@{dst}", {"qty": 0, "serials": []})["qty"] += int(quantity)
    n = f"TR-{_next(state, 'transfer')}"
    state.transfers.append({"id": n, "part": pn, "qty": int(quantity), "from": src, "to": dst})
    return _one("transfer", n, {"part_number": pn, "quantity": int(quantity), "from": src, "to": dst})


# ----------------------------------------------------------------------------- compliance

def record_ad_compliance(token: str, aircraft_id: str, ad_number: str, task_card_id: str,
                         method: ComplianceMethod, state: State) -> dict:
    """Record that a signed task card complied with an airworthiness directive due on the aircraft
    (certifying staff, unlocked)."""
    _certifying(state, token)
    a = _ac(state, aircraft_id)
    due = [r for r in state.due.get(aircraft_id, []) if r[0] == "AD" and r[1] == ad_number.strip()]
    if not due:
        raise LookupError(f"404 AD {ad_number!r} is not open on {a['registration']}")
    wid, w, card = _find_card(state, task_card_id)
    if w["aircraft"] != aircraft_id:
        raise ValueError(f"422 {task_card_id} is on another aircraft")
    if card["status"] != "signed":
        raise MaintenanceStateError(f"409 {task_card_id} is not signed yet")
    state.due[aircraft_id].remove(due[0])
    state.compliance.append({"aircraft": aircraft_id, "ad": ad_number.strip(), "card": task_card_id.strip().upper(),
                             "method": method})
    nxt = _ADS[ad_number.strip()]["repeat_fh"]
    return _one("ad_compliance", f"{ad_number.strip()}/{a['registration']}",
                {"task_card": task_card_id.strip().upper(), "method": method,
                 "next_due_hours": round(a["hours"] + nxt, 1) if nxt else None})


def list_tools(station: str, query: Optional[str] = None, state: State = None) -> dict:
    """Tools held at a station's tool store.

    Returns:
        ``{"data": [[tool_id, description, calibration_due, booked_out_to], ...]}``.
    """
    st = station.strip().upper()
    if st not in state.stores:
        raise ValueError(f"422 unknown station {station!r}")
    words = (query or "").lower().split()
    return {"data": [[tid, t["description"], t["cal_due"], t["out_to"]] for tid, t in sorted(state.tooling.items())
                     if t["station"] == st and all(w in t["description"].lower() for w in words)]}


TOOLS = [
    sign_in, unlock_certification,
    list_fleet, get_aircraft, get_installed_components, list_due_items, get_ad, search_mel, search_amp_tasks,
    raise_defect, list_defects, defer_defect, ground_aircraft,
    open_work_order, find_work_orders, get_work_order, add_task_card, get_task_card, book_labour, book_out_tool,
    sign_task_card, close_work_order, issue_crs, return_to_service, post_handover_note,
    list_stores, search_parts, get_stock, reserve_part, issue_part, return_part_to_store, install_part,
    create_unserviceable_tag, list_repair_vendors, create_repair_order, raise_requisition, get_requisition,
    transfer_stock, record_ad_compliance, list_tools,
]

FIXTURES = {
    "organisation": {"name": "Severn Aero Technics", "stations": "Bristol and Exeter",
                     "customer": "Westcountry Airways"},
    "b1_engineer": {"name": "Dev Malhotra", "staff_number": "SK1042", "password": "Avon-Gorge-77",
                    "authorisation": "SAT-B1-118", "stamp_pin": "5521"},
    "b2_engineer": {"name": "Rhian Price", "staff_number": "SK1077", "password": "Severn#Bore4",
                    "authorisation": "SAT-B2-041", "stamp_pin": "0934"},
    "mechanic": {"name": "Tom Ashby", "staff_number": "SK1130", "password": "Clifton-Suspension1"},
    "storeman": {"name": "Gareth Lewis", "staff_number": "SK1201", "password": "Brunel#Bridge8"},
    "exeter_engineer": {"name": "Nadia Okoro", "staff_number": "SK1164"},
    "aog_aircraft": {"registration": "G-WCAB", "problem": "No.2 main wheel tyre cut, aircraft on jacks"},
    "cabin_defect_aircraft": {"registration": "G-WCAA", "problem": "a reading light out in row 14"},
    "bird_strike_aircraft": {"registration": "G-WCAT", "problem": "bird strike on the radome reported by the crew"},
    "in_check_aircraft": {"registration": "G-WCAU", "where": "Exeter, in its C-check"},
}

_TOKEN = ["unlock_certification", "raise_defect", "list_defects", "defer_defect", "ground_aircraft",
          "open_work_order", "find_work_orders", "get_work_order", "add_task_card", "get_task_card", "book_labour",
          "book_out_tool", "sign_task_card", "close_work_order", "issue_crs", "return_to_service",
          "post_handover_note", "reserve_part", "issue_part", "return_part_to_store", "install_part",
          "create_unserviceable_tag", "create_repair_order", "raise_requisition", "get_requisition",
          "transfer_stock", "record_ad_compliance"]
_CERTIFYING = ["defer_defect", "sign_task_card", "issue_crs", "return_to_service", "record_ad_compliance"]
_AIRCRAFT = ["raise_defect", "list_defects", "ground_aircraft", "open_work_order", "return_to_service",
             "record_ad_compliance", "list_due_items", "get_installed_components"]

GROUND_TRUTH = (
    [("sign_in", c, "auth: session token (data.attributes.token)") for c in _TOKEN]
    + [("unlock_certification", c, "auth: certification unlocked with the stamp PIN") for c in _CERTIFYING]
    + [("get_aircraft|list_fleet", c, "id lookup: aircraft id (data.id, or a fleet row cell)") for c in _AIRCRAFT]
    + [("raise_defect|list_defects", c, "id lookup/create: defect number (bare, or a defect row cell)")
       for c in ("defer_defect", "add_task_card")]
    + [("open_work_order|find_work_orders", c, "id lookup/create: work order id (data.id, or data[].id)")
       for c in ("get_work_order", "add_task_card", "close_work_order", "issue_crs", "post_handover_note")]
    + [("add_task_card|get_work_order", c, "id lookup/create: task card id (bare, or included[].id)")
       for c in ("get_task_card", "book_labour", "book_out_tool", "reserve_part", "install_part", "sign_task_card",
                 "record_ad_compliance")]
    + [("reserve_part", c, "id create: reservation number (bare)") for c in ("issue_part", "return_part_to_store")]
    + [("search_parts", c, "id lookup: part number (data[].id)")
       for c in ("get_stock", "reserve_part", "raise_requisition", "list_repair_vendors", "transfer_stock")]
    + [
        ("issue_part", "install_part", "id create: serial issued to the card (data.attributes.serial_number)"),
        ("get_installed_components", "install_part", "id lookup: serial and position of the fitted unit (row cells)"),
        ("get_stock", "reserve_part", "vocabulary: a store code holding the part (row cell)"),
        ("get_stock", "issue_part", "id lookup: serial number on the shelf (row cell)"),
        ("list_stores", "open_work_order", "vocabulary: station code (row cell)"),
        ("list_stores", "transfer_stock", "vocabulary: store codes (nested row cells)"),
        ("get_aircraft", "search_mel", "value: the aircraft's MEL document (data.attributes.mel)"),
        ("get_aircraft", "search_amp_tasks", "value: the aircraft's maintenance programme (data.attributes.amp)"),
        ("search_mel", "defer_defect", "vocabulary: MEL item number (data[].id)"),
        ("search_amp_tasks", "add_task_card", "vocabulary: maintenance programme task reference (row cell)"),
        ("list_repair_vendors", "create_repair_order", "vocabulary: approved vendor code (data[].id)"),
        ("create_unserviceable_tag", "create_repair_order", "id create: unserviceable tag number (bare)"),
        ("issue_crs", "return_to_service", "id create: CRS number (bare)"),
        ("list_due_items", "get_ad", "id lookup: AD number (row cell)"),
        ("list_due_items", "record_ad_compliance", "id lookup: AD number due on the aircraft (row cell)"),
        ("list_tools", "book_out_tool", "id lookup: tool id (row cell)"),
        ("raise_requisition", "get_requisition", "id create: requisition number (bare)"),
        ("book_labour", "sign_task_card", "state: labour must be booked before sign-off"),
        ("issue_part", "sign_task_card", "state: reserved parts must be issued before sign-off"),
        ("sign_task_card", "close_work_order", "state: every task card signed before closing"),
        ("sign_task_card", "record_ad_compliance", "state: compliance is recorded against a signed card"),
        ("close_work_order", "issue_crs", "state: a CRS is issued for a closed work order"),
        ("defer_defect", "issue_crs", "state: open defects deferred before a CRS"),
        ("install_part", "create_unserviceable_tag", "state: only a removed unit is tagged"),
        ("ground_aircraft", "return_to_service", "state: only an unserviceable aircraft returns to service"),
    ]
)

PLAUSIBLE = {
    ("get_aircraft", "find_work_orders"), ("list_fleet", "find_work_orders"), ("get_aircraft", "defer_defect"),
    ("get_aircraft", "list_tools"), ("list_stores", "list_tools"), ("list_stores", "get_stock"),
    ("list_stores", "raise_requisition"), ("list_defects", "issue_crs"), ("get_work_order", "close_work_order"),
    ("get_work_order", "issue_crs"), ("get_task_card", "sign_task_card"),
    ("get_installed_components", "create_unserviceable_tag"), ("install_part", "create_repair_order"),
    ("get_stock", "transfer_stock"), ("get_stock", "raise_requisition"), ("get_ad", "record_ad_compliance"),
    ("close_work_order", "return_to_service"), ("sign_task_card", "issue_crs"), ("reserve_part", "sign_task_card"),
    ("reserve_part", "install_part"), ("search_parts", "issue_part"), ("list_due_items", "add_task_card"),
    ("sign_task_card", "return_to_service"), ("get_aircraft", "get_stock"), ("get_aircraft", "search_parts"),
    ("find_work_orders", "get_task_card"), ("open_work_order", "book_labour"),
}
