"""BuildingHub: the cloud API of a smart-building hub for small offices (40 tools).

An account holds sites; a site has Zigbee gateways, devices (thermostats, lights, plugs, sensors),
zones with heating modes and setpoints, weekly schedules, scenes, firmware updates, doors with an
intruder alarm and staff badges, alerts, and webhooks whose endpoint must prove it holds the
signing secret. Plain Python functions over an in-memory ``HubState``.

Conventions, as a device-cloud SDK has them: everything raises on refusal, nothing returns an error
value: ``HubAuthError`` for a bad key, ``DeviceError`` for device and gateway faults, builtin
``KeyError``/``LookupError`` for unknown ids, ``ValueError`` for bad input and for setters asked to
do nothing ("pairing already enabled"), ``PermissionError`` for what the alarm or a state forbids.
Replies are bare strings (keys, ids, hashes), floats, lists of rows and plain dicts. Device kinds,
HVAC modes, weekday names, metric names, units and webhook event names are only spelled out by the
error messages.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as
provider means either tool satisfies it; the text of ``what`` before its first ``:`` is the kind.
"""

from __future__ import annotations

import hashlib
import hmac
import re
from dataclasses import dataclass, field
from typing import Optional

_KINDS = ("thermostat", "light", "plug", "sensor")
_MODES = ("heat", "cool", "auto", "off", "eco")
_DAYS = ("mon", "tue", "wed", "thu", "fri", "sat", "sun")
_METRICS = {"thermostat": ("temperature", "humidity"), "sensor": ("temperature", "humidity", "co2"),
            "plug": ("power_w",), "light": ("power_w",)}
_EVENTS = ("alert.opened", "alert.resolved", "device.offline", "door.unlocked", "schedule.fired")
_FIRMWARE = {"TH-200": ("2.3.0", "fwb-th200-2.3.0"), "LT-10": ("1.4.2", "fwb-lt10-1.4.2"),
             "SN-CO2": ("3.0.1", "fwb-snco2-3.0.1")}


class HubAuthError(Exception):
    """The API key is missing, wrong or revoked."""


class DeviceError(Exception):
    """A device or gateway could not do what was asked."""


def _seed_devices() -> dict:
    return {
        "dev-1001": {"site": "site-hp01", "gateway": "gw-a1f0", "kind": "thermostat", "model": "TH-200",
                     "name": "Open office thermostat", "zone": "zn-01", "fw": "2.1.0", "on": True, "reading": 20.5},
        "dev-1002": {"site": "site-hp01", "gateway": "gw-a1f0", "kind": "light", "model": "LT-10",
                     "name": "Open office lights", "zone": "zn-01", "fw": "1.4.2", "on": True, "reading": 38.0},
        "dev-1003": {"site": "site-hp01", "gateway": "gw-a1f0", "kind": "plug", "model": "PL-1",
                     "name": "Meeting room coffee machine", "zone": "zn-02", "fw": "1.0.0", "on": False, "reading": 0.0},
        "dev-1004": {"site": "site-hp01", "gateway": "gw-a1f0", "kind": "sensor", "model": "SN-CO2",
                     "name": "Meeting room air quality", "zone": "zn-02", "fw": "2.9.0", "on": True, "reading": 1460.0},
    }


@dataclass
class HubState:
    clients: dict = field(default_factory=lambda: {"hp-facilities": "s3cr3t-HP-7781"})
    installer_codes: dict = field(default_factory=lambda: {"INST-4417-KQ": "hp-facilities"})
    keys: dict = field(default_factory=dict)
    sites: dict = field(default_factory=lambda: {"site-hp01": ["Harbour Point offices", "12 Quay Street, Leith"],
                                                 "site-hp02": ["Harbour Point warehouse", "3 Dock Road, Leith"]})
    gateways: dict = field(default_factory=lambda: {
        "gw-a1f0": {"site": "site-hp01", "label": "Lobby hub", "online": True, "pairing": False},
        "gw-b7c2": {"site": "site-hp01", "label": "Basement hub", "online": False, "pairing": False},
        "gw-c310": {"site": "site-hp02", "label": "Warehouse hub", "online": True, "pairing": False}})
    nearby: dict = field(default_factory=lambda: {
        "gw-a1f0": {"00124B0019A2C3D4": ("TH-200", "thermostat", "83FED5114A0C17E2")},
        "gw-b7c2": {"00124B001F00AB12": ("SN-CO2", "sensor", "1C9A44E0B2D35F71")}})
    discovered: dict = field(default_factory=dict)
    devices: dict = field(default_factory=_seed_devices)
    zones: dict = field(default_factory=lambda: {
        "zn-01": {"site": "site-hp01", "name": "Open office", "floor": 2, "mode": "heat", "setpoint": 21.0},
        "zn-02": {"site": "site-hp01", "name": "Meeting rooms", "floor": 3, "mode": "off", "setpoint": None}})
    schedules: dict = field(default_factory=lambda: {"sch-40": {"zone": "zn-01", "days": ["mon", "tue", "wed", "thu", "fri"],
                                                                "start": "07:30", "end": "18:00", "celsius": 21.0,
                                                                "enabled": False}})
    jobs: dict = field(default_factory=dict)
    scenes: dict = field(default_factory=dict)
    doors: dict = field(default_factory=lambda: {"dr-11": ["site-hp01", "Main entrance", 0, "locked"],
                                                 "dr-12": ["site-hp01", "Server room", -1, "locked"]})
    alarms: dict = field(default_factory=lambda: {"site-hp01": {"state": "armed_away", "code": "2580"},
                                                  "site-hp02": {"state": "disarmed", "code": "9153"}})
    badges: dict = field(default_factory=lambda: {"bd-301": {"holder": "Jo Park", "email": "jo.park@harbourpoint.example",
                                                             "doors": ["dr-11"], "until": "2025-12-31"}})
    alerts: dict = field(default_factory=lambda: {
        "al-71": ["dev-1004", "warning", "CO2 above 1400 ppm in Meeting rooms", "open", None],
        "al-72": ["gw-b7c2", "critical", "Gateway Basement hub offline", "open", None]})
    webhooks: dict = field(default_factory=dict)
    counter: int = 200


State = HubState


def empty_site_state() -> HubState:
    """A freshly installed site: gateways online, no zones, schedules or badges yet."""
    s = HubState()
    s.zones, s.schedules, s.badges = {}, {}, {}
    for d in s.devices.values():
        d["zone"] = None
    return s


FRESH_STATES = {"default": HubState, "empty_site": empty_site_state}


def _next(state: HubState) -> int:
    state.counter += 1
    return state.counter


def _h(text: str, n: int = 8) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:n]


def _auth(state: HubState, api_key: str) -> str:
    client = state.keys.get(api_key)
    if client is None:
        raise HubAuthError("invalid API key")
    return client


def _site(state: HubState, site_id: str) -> list:
    if site_id not in state.sites:
        raise KeyError(f"site {site_id!r} not found")
    return state.sites[site_id]


def _gateway(state: HubState, gateway_id: str) -> dict:
    if gateway_id not in state.gateways:
        raise KeyError(f"gateway {gateway_id!r} not found")
    return state.gateways[gateway_id]


def _device(state: HubState, device_id: str) -> dict:
    if device_id not in state.devices:
        raise KeyError(f"device {device_id!r} not found")
    return state.devices[device_id]


def _zone(state: HubState, zone_id: str) -> dict:
    if zone_id not in state.zones:
        raise KeyError(f"zone {zone_id!r} not found")
    return state.zones[zone_id]


def _hhmm(text: str) -> str:
    if not re.fullmatch(r"([01]\d|2[0-3]):[0-5]\d", text):
        raise ValueError(f"bad time {text!r}")
    return text


# ----------------------------------------------------------------------------- keys

def get_api_key(client_id: str, client_secret: str, state: HubState) -> str:
    """Exchange API client credentials for an API key."""
    if state.clients.get(client_id) != client_secret:
        raise HubAuthError("client credentials rejected")
    key = "hk_live_" + _h(client_id + str(_next(state)), 24)
    state.keys[key] = client_id
    return key


def exchange_installer_code(installer_code: str, state: HubState) -> str:
    """Installers: trade a one-time installer code printed on the work order for an API key."""
    client = state.installer_codes.get(installer_code.strip().upper())
    if client is None:
        raise HubAuthError("installer code unknown or used")
    key = "hk_inst_" + _h(installer_code + str(_next(state)), 24)
    state.keys[key] = client
    return key


# ----------------------------------------------------------------------------- sites and gateways

def list_sites(api_key: str, state: HubState) -> list:
    """Sites of the account: [site_id, name, address] rows."""
    _auth(state, api_key)
    return [[sid, *v] for sid, v in state.sites.items()]


def list_gateways(api_key: str, site_id: str, state: HubState) -> list:
    _auth(state, api_key)
    _site(state, site_id)
    return [{"gateway_id": g, "label": v["label"], "online": v["online"], "pairing": v["pairing"]}
            for g, v in state.gateways.items() if v["site"] == site_id]


def reboot_gateway(api_key: str, gateway_id: str, state: HubState) -> str:
    """Power-cycle a gateway remotely (brings an unresponsive one back)."""
    _auth(state, api_key)
    g = _gateway(state, gateway_id)
    g["online"], g["pairing"] = True, False
    return f"Gateway {gateway_id} ({g['label']}) restarted and is online."


def set_pairing_mode(api_key: str, gateway_id: str, enabled: bool, state: HubState) -> dict:
    """Open or close a gateway for new devices to join."""
    _auth(state, api_key)
    g = _gateway(state, gateway_id)
    if not g["online"]:
        raise DeviceError(f"gateway {gateway_id} is offline")
    if g["pairing"] == bool(enabled):
        raise ValueError(f"pairing already {'enabled' if enabled else 'disabled'}")
    g["pairing"] = bool(enabled)
    return {"gateway_id": gateway_id, "pairing": g["pairing"]}


def scan_for_devices(api_key: str, gateway_id: str, state: HubState) -> list:
    """Listen for joining devices; returns the EUI-64 addresses heard."""
    _auth(state, api_key)
    g = _gateway(state, gateway_id)
    if not g["online"]:
        raise DeviceError(f"gateway {gateway_id} is offline")
    if not g["pairing"]:
        raise DeviceError("gateway is not accepting new devices")
    heard = sorted(state.nearby.get(gateway_id, {}))
    state.discovered.setdefault(gateway_id, [])
    state.discovered[gateway_id] = sorted(set(state.discovered[gateway_id]) | set(heard))
    return heard


def parse_device_qr(qr_payload: str) -> dict:
    """Read the QR code on a device's box (Zigbee 3.0 'Z:<eui>$I:<install code>$M:<model>')."""
    fields = dict(part.split(":", 1) for part in qr_payload.strip().split("$") if ":" in part)
    eui, code = fields.get("Z", ""), fields.get("I", "").replace("-", "").upper()
    if not re.fullmatch(r"[0-9A-Fa-f]{16}", eui) or not re.fullmatch(r"[0-9A-F]{16}", code):
        raise ValueError("not a device QR payload")
    return {"eui64": eui.upper(), "install_code": code, "model": fields.get("M")}


def pair_device(api_key: str, gateway_id: str, eui64: str, install_code: str, name: str, state: HubState) -> str:
    """Join a device heard by a scan, using its install code. Returns the new device id."""
    _auth(state, api_key)
    g = _gateway(state, gateway_id)
    if not g["pairing"]:
        raise DeviceError("gateway is not accepting new devices")
    if eui64 not in state.discovered.get(gateway_id, []):
        raise DeviceError(f"{eui64} has not been heard by {gateway_id}")
    model, kind, code = state.nearby[gateway_id][eui64]
    if install_code != code:
        raise PermissionError("install code does not match the device (16 hex digits, no dashes)")
    did = f"dev-{_next(state) + 1000}"
    state.devices[did] = {"site": g["site"], "gateway": gateway_id, "kind": kind, "model": model,
                          "name": name.strip() or model, "zone": None, "fw": "2.1.0", "on": True, "reading": 19.0}
    del state.nearby[gateway_id][eui64]
    return did


# ----------------------------------------------------------------------------- devices

def list_devices(api_key: str, site_id: str, kind: Optional[str] = None, zone_id: Optional[str] = None,
                 state: HubState = None) -> dict:
    """Devices of a site, optionally of one kind or in one zone."""
    _auth(state, api_key)
    _site(state, site_id)
    if kind is not None and kind not in _KINDS:
        raise ValueError(f"unknown kind {kind!r}; kinds: {', '.join(_KINDS)}")
    return {"devices": [{"device_id": d, "name": v["name"], "kind": v["kind"], "zone_id": v["zone"]}
                        for d, v in state.devices.items() if v["site"] == site_id
                        and (kind is None or v["kind"] == kind) and (zone_id is None or v["zone"] == zone_id)]}


def get_device(api_key: str, device_id: str, state: HubState) -> dict:
    _auth(state, api_key)
    d = _device(state, device_id)
    return {"device_id": device_id, **{k: v for k, v in d.items() if k != "reading"}}


def rename_device(api_key: str, device_id: str, name: str, state: HubState) -> dict:
    _auth(state, api_key)
    d = _device(state, device_id)
    if not name.strip():
        raise ValueError("name is empty")
    if d["name"] == name.strip():
        raise ValueError("device already has that name")
    d["name"] = name.strip()
    return {"device_id": device_id, "name": d["name"]}


def set_device_power(api_key: str, device_id: str, on: bool, state: HubState) -> dict:
    """Switch a light or plug on or off."""
    _auth(state, api_key)
    d = _device(state, device_id)
    if d["kind"] not in ("light", "plug"):
        raise DeviceError(f"a {d['kind']} cannot be switched")
    if d["on"] == bool(on):
        raise ValueError(f"device is already {'on' if on else 'off'}")
    d["on"] = bool(on)
    return {"device_id": device_id, "on": d["on"]}


def get_device_reading(api_key: str, device_id: str, metric: str, state: HubState) -> float:
    """The latest reading of one metric of a device."""
    _auth(state, api_key)
    d = _device(state, device_id)
    allowed = _METRICS.get(d["kind"], ())
    if metric not in allowed:
        raise ValueError(f"{d['kind']} does not report {metric!r}")
    if metric == "humidity":
        return 41.0
    return float(d["reading"])


# ----------------------------------------------------------------------------- zones and climate

def list_zones(api_key: str, site_id: str, state: HubState) -> list:
    """Zones of a site: [zone_id, name, floor, [device ids]] rows."""
    _auth(state, api_key)
    _site(state, site_id)
    return [[z, v["name"], v["floor"], [d for d, dv in state.devices.items() if dv["zone"] == z]]
            for z, v in state.zones.items() if v["site"] == site_id]


def create_zone(api_key: str, site_id: str, name: str, floor: int, state: HubState) -> str:
    """Create a zone; returns its id."""
    _auth(state, api_key)
    _site(state, site_id)
    if any(z["site"] == site_id and z["name"].lower() == name.strip().lower() for z in state.zones.values()):
        raise ValueError(f"zone {name!r} exists")
    zid = f"zn-{_next(state)}"
    state.zones[zid] = {"site": site_id, "name": name.strip(), "floor": floor, "mode": "off", "setpoint": None}
    return zid


def assign_devices_to_zone(api_key: str, zone_id: str, device_ids: list[str], state: HubState) -> dict:
    """Move devices into a zone."""
    _auth(state, api_key)
    z = _zone(state, zone_id)
    if not device_ids:
        raise ValueError("no devices given")
    for d in device_ids:
        if _device(state, d)["site"] != z["site"]:
            raise ValueError(f"{d} is at another site")
    for d in device_ids:
        state.devices[d]["zone"] = zone_id
    return {"zone_id": zone_id, "devices": sorted(d for d, v in state.devices.items() if v["zone"] == zone_id)}


def convert_temperature(value: float, from_unit: str, to_unit: str) -> float:
    """Convert a temperature between units."""
    to_c = {"C": lambda v: v, "F": lambda v: (v - 32) * 5 / 9, "K": lambda v: v - 273.15}
    from_c = {"C": lambda v: v, "F": lambda v: v * 9 / 5 + 32, "K": lambda v: v + 273.15}
    f, t = from_unit.strip().upper().lstrip("°"), to_unit.strip().upper().lstrip("°")
    if f not in to_c or t not in from_c:
        raise ValueError(f"unknown unit {from_unit if f not in to_c else to_unit!r}")
    return round(from_c[t](to_c[f](float(value))), 1)


def set_zone_setpoint(api_key: str, zone_id: str, celsius: float, state: HubState) -> dict:
    """Set a zone's target temperature in degrees Celsius."""
    _auth(state, api_key)
    z = _zone(state, zone_id)
    if not any(d["zone"] == zone_id and d["kind"] == "thermostat" for d in state.devices.values()):
        raise DeviceError(f"zone {zone_id} has no thermostat")
    if not 5.0 <= celsius <= 30.0:
        raise ValueError("setpoint out of range")
    z["setpoint"] = round(celsius, 1)
    return {"zone_id": zone_id, "setpoint_c": z["setpoint"]}


def set_hvac_mode(api_key: str, zone_id: str, mode: str, state: HubState) -> dict:
    _auth(state, api_key)
    z = _zone(state, zone_id)
    if mode not in _MODES:
        raise ValueError(f"unsupported mode {mode!r}")
    if z["mode"] == mode:
        raise ValueError(f"zone is already in {mode} mode")
    z["mode"] = mode
    return {"zone_id": zone_id, "mode": mode}


def create_schedule(api_key: str, zone_id: str, days: list[str], start: str, end: str, celsius: float,
                    state: HubState) -> dict:
    """Create a weekly heating schedule for a zone (created disabled)."""
    _auth(state, api_key)
    _zone(state, zone_id)
    bad = [d for d in days if d not in _DAYS]
    if not days or bad:
        raise ValueError(f"bad day(s) {bad or days}")
    if _hhmm(start) >= _hhmm(end):
        raise ValueError("start must be before end")
    if not 5.0 <= celsius <= 30.0:
        raise ValueError("setpoint out of range")
    sid = f"sch-{_next(state)}"
    state.schedules[sid] = {"zone": zone_id, "days": list(days), "start": start, "end": end, "celsius": celsius,
                            "enabled": False}
    return {"schedule": {"id": sid, "enabled": False}}


def list_schedules(api_key: str, zone_id: Optional[str] = None, state: HubState = None) -> list:
    _auth(state, api_key)
    return [{"schedule_id": s, "zone_id": v["zone"], "days": list(v["days"]), "start": v["start"], "end": v["end"],
             "enabled": v["enabled"]} for s, v in state.schedules.items() if zone_id is None or v["zone"] == zone_id]


def enable_schedule(api_key: str, schedule_id: str, state: HubState) -> dict:
    """Turn a schedule on; its zone must run in automatic mode."""
    _auth(state, api_key)
    s = state.schedules.get(schedule_id)
    if s is None:
        raise KeyError(f"schedule {schedule_id!r} not found")
    if s["enabled"]:
        raise ValueError("schedule already enabled")
    if state.zones[s["zone"]]["mode"] != "auto":
        raise PermissionError("schedules only run in zones in auto mode")
    s["enabled"] = True
    return {"schedule_id": schedule_id, "enabled": True}


# ----------------------------------------------------------------------------- firmware and scenes

def check_firmware(api_key: str, device_id: str, state: HubState) -> dict:
    _auth(state, api_key)
    d = _device(state, device_id)
    latest = _FIRMWARE.get(d["model"])
    if latest is None or latest[0] == d["fw"]:
        return {"device_id": device_id, "current": d["fw"], "update": None}
    return {"device_id": device_id, "current": d["fw"], "update": {"version": latest[0], "bundle": latest[1]}}


def install_firmware(api_key: str, device_id: str, bundle_id: str, state: HubState) -> str:
    """Install a firmware bundle on a device."""
    _auth(state, api_key)
    d = _device(state, device_id)
    latest = _FIRMWARE.get(d["model"])
    if latest is None or latest[1] != bundle_id:
        raise DeviceError(f"bundle {bundle_id!r} is not for a {d['model']}")
    if d["fw"] == latest[0]:
        raise ValueError("firmware already up to date")
    if not state.gateways[d["gateway"]]["online"]:
        raise DeviceError("device unreachable")
    d["fw"] = latest[0]
    return f"Firmware {latest[0]} installed on {device_id}."


def create_scene(api_key: str, name: str, device_ids: list[str], turn_on: bool, state: HubState) -> str:
    """Save a scene that switches the given lights and plugs on or off together; returns its id."""
    _auth(state, api_key)
    if not device_ids:
        raise ValueError("a scene needs devices")
    for d in device_ids:
        if _device(state, d)["kind"] not in ("light", "plug"):
            raise DeviceError(f"{d} cannot be switched")
    sid = f"scn-{_next(state)}"
    state.scenes[sid] = {"name": name.strip(), "devices": list(device_ids), "on": bool(turn_on)}
    return sid


def run_scene(api_key: str, scene_id: str, state: HubState) -> dict:
    _auth(state, api_key)
    s = state.scenes.get(scene_id)
    if s is None:
        raise KeyError(f"scene {scene_id!r} not found")
    for d in s["devices"]:
        state.devices[d]["on"] = s["on"]
    return {"scene_id": scene_id, "switched": len(s["devices"])}


# ----------------------------------------------------------------------------- access control

def list_doors(api_key: str, site_id: str, state: HubState) -> list:
    """Doors of a site: [door_id, name, floor, lock state] rows."""
    _auth(state, api_key)
    _site(state, site_id)
    return [[d, v[1], v[2], v[3]] for d, v in state.doors.items() if v[0] == site_id]


def issue_badge(api_key: str, holder_name: str, email: str, state: HubState) -> str:
    """Issue an access badge to a person."""
    _auth(state, api_key)
    if not holder_name.strip() or "@" not in email:
        raise ValueError("holder name and email are required")
    bid = f"bd-{_next(state) + 100}"
    state.badges[bid] = {"holder": holder_name.strip(), "email": email.strip().lower(), "doors": [], "until": None}
    return f"Badge {bid} issued to {holder_name.strip()}."


def list_badges(api_key: str, holder: Optional[str] = None, state: HubState = None) -> list:
    _auth(state, api_key)
    return [{"badge_id": b, "holder": v["holder"], "doors": list(v["doors"]), "valid_until": v["until"]}
            for b, v in state.badges.items() if holder is None or holder.strip().lower() in v["holder"].lower()]


def grant_door_access(api_key: str, badge_id: str, door_ids: list[str], valid_until: str, state: HubState) -> dict:
    """Let a badge open the given doors until a date (YYYY-MM-DD)."""
    _auth(state, api_key)
    b = state.badges.get(badge_id)
    if b is None:
        raise KeyError(f"badge {badge_id!r} not found")
    unknown = [d for d in door_ids if d not in state.doors]
    if not door_ids or unknown:
        raise KeyError(f"unknown door(s) {unknown or door_ids}")
    if not re.fullmatch(r"20\d\d-[01]\d-[0-3]\d", valid_until):
        raise ValueError(f"bad date {valid_until!r}")
    b["doors"] = sorted(set(b["doors"]) | set(door_ids))
    b["until"] = valid_until
    return {"badge_id": badge_id, "doors": list(b["doors"]), "valid_until": valid_until}


def disarm_alarm(api_key: str, site_id: str, user_code: str, state: HubState) -> str:
    """Disarm a site's intruder alarm with a user code."""
    _auth(state, api_key)
    _site(state, site_id)
    a = state.alarms[site_id]
    if a["code"] != user_code:
        raise PermissionError("wrong alarm code")
    if a["state"] == "disarmed":
        raise ValueError("alarm already disarmed")
    a["state"] = "disarmed"
    return "disarmed"


def unlock_door(api_key: str, door_id: str, seconds: int, state: HubState) -> dict:
    """Unlock a door remotely for a number of seconds (the site's alarm must be off)."""
    _auth(state, api_key)
    d = state.doors.get(door_id)
    if d is None:
        raise KeyError(f"door {door_id!r} not found")
    if state.alarms[d[0]]["state"] != "disarmed":
        raise PermissionError("site alarm is armed")
    if not 1 <= seconds <= 600:
        raise ValueError("1 to 600 seconds")
    return {"door_id": door_id, "unlocked_for": seconds}


# ----------------------------------------------------------------------------- alerts and webhooks

def list_alerts(api_key: str, severity: Optional[str] = None, state: HubState = None) -> list:
    """Alerts as rows [alert_id, source, severity, message, status]."""
    _auth(state, api_key)
    if severity is not None and severity not in ("info", "warning", "critical"):
        raise ValueError(f"unknown severity {severity!r}")
    return [[a, *v[:4]] for a, v in state.alerts.items() if severity is None or v[1] == severity]


def acknowledge_alert(api_key: str, alert_id: str, note: str, state: HubState) -> dict:
    _auth(state, api_key)
    a = state.alerts.get(alert_id)
    if a is None:
        raise KeyError(f"alert {alert_id!r} not found")
    if a[3] != "open":
        raise ValueError(f"alert is {a[3]}")
    a[3], a[4] = "acknowledged", note
    return {"alert_id": alert_id, "status": "acknowledged"}


def resolve_alert(api_key: str, alert_id: str, state: HubState) -> dict:
    """Close an alert that someone has acknowledged."""
    _auth(state, api_key)
    a = state.alerts.get(alert_id)
    if a is None:
        raise KeyError(f"alert {alert_id!r} not found")
    if a[3] != "acknowledged":
        raise PermissionError("acknowledge the alert before resolving it")
    a[3] = "resolved"
    return {"alert_id": alert_id, "status": "resolved"}


def create_webhook(api_key: str, url: str, events: list[str], state: HubState) -> dict:
    """Register an HTTPS endpoint for events. It stays unverified until it answers the challenge."""
    _auth(state, api_key)
    if not url.startswith("https://"):
        raise ValueError("webhook URL must use https")
    bad = [e for e in events if e not in _EVENTS]
    if not events or bad:
        raise ValueError(f"unknown event(s) {bad or events}")
    n = _next(state)
    wid = f"wh-{n}"
    secret = "whsec_" + _h(f"{url}{n}", 32)
    state.webhooks[wid] = {"url": url, "events": list(events), "secret": secret, "challenge": f"chl-{_h(wid, 10)}",
                           "verified": False}
    return {"webhook_id": wid, "signing_secret": secret, "challenge": state.webhooks[wid]["challenge"]}


def sign_payload(signing_secret: str, payload: str) -> str:
    """HMAC-SHA256 signature of a payload with a webhook signing secret (what the endpoint computes)."""
    if not re.fullmatch(r"whsec_[0-9a-f]{32}", signing_secret):
        raise ValueError("not a webhook signing secret")
    return hmac.new(signing_secret.encode(), payload.encode(), hashlib.sha256).hexdigest()


def verify_webhook(api_key: str, webhook_id: str, signature: str, state: HubState) -> dict:
    """Complete verification with the signature of the webhook's challenge."""
    _auth(state, api_key)
    w = state.webhooks.get(webhook_id)
    if w is None:
        raise KeyError(f"webhook {webhook_id!r} not found")
    if w["verified"]:
        raise ValueError("webhook already verified")
    if not hmac.compare_digest(signature, sign_payload(w["secret"], w["challenge"])):
        raise PermissionError("signature does not match the challenge")
    w["verified"] = True
    return {"webhook_id": webhook_id, "verified": True}


def send_test_event(api_key: str, webhook_id: str, state: HubState) -> dict:
    _auth(state, api_key)
    w = state.webhooks.get(webhook_id)
    if w is None:
        raise KeyError(f"webhook {webhook_id!r} not found")
    if not w["verified"]:
        raise PermissionError("webhook not verified")
    return {"webhook_id": webhook_id, "delivered": True, "event": w["events"][0]}


TOOLS = [
    get_api_key, exchange_installer_code, list_sites, list_gateways, reboot_gateway, set_pairing_mode,
    scan_for_devices, parse_device_qr, pair_device, list_devices, get_device, rename_device, set_device_power,
    get_device_reading, list_zones, create_zone, assign_devices_to_zone, convert_temperature, set_zone_setpoint,
    set_hvac_mode, create_schedule, list_schedules, enable_schedule, check_firmware, install_firmware, create_scene,
    run_scene, list_doors, issue_badge, list_badges, grant_door_access, disarm_alarm, unlock_door, list_alerts,
    acknowledge_alert, resolve_alert, create_webhook, sign_payload, verify_webhook, send_test_event,
]

# What a tester is handed: the account's API client, an installer's work order, a device box, the alarm code.
FIXTURES = {
    "client_id": "hp-facilities",
    "client_secret": "s3cr3t-HP-7781",
    "installer_code": "inst-4417-kq",
    "site_name": "Harbour Point offices",
    "device_box_qr": "Z:00124b0019a2c3d4$I:83FE-D511-4A0C-17E2$M:TH-200",
    "alarm_code": "2580",
    "comfort_temperature": "70 F",
    "new_staff_name": "Sam Whitlock",
    "new_staff_email": "sam.whitlock@harbourpoint.example",
    "webhook_url": "https://ops.harbourpoint.example/hooks/building",
}

_KEY_USERS = [t.__name__ for t in TOOLS
              if t.__name__ not in ("get_api_key", "exchange_installer_code", "parse_device_qr",
                                    "convert_temperature", "sign_payload")]
_SITE_USERS = ["list_gateways", "list_devices", "list_zones", "create_zone", "list_doors", "disarm_alarm"]
_GATEWAY_USERS = ["reboot_gateway", "set_pairing_mode", "scan_for_devices", "pair_device"]
_DEVICE_USERS = ["get_device", "rename_device", "get_device_reading", "check_firmware", "assign_devices_to_zone"]
_SWITCH_USERS = ["set_device_power", "create_scene"]
_ZONE_USERS = ["assign_devices_to_zone", "set_zone_setpoint", "set_hvac_mode", "create_schedule"]

GROUND_TRUTH = (
    [("get_api_key|exchange_installer_code", c, "auth: API key") for c in _KEY_USERS]
    + [("list_sites", c, "id lookup: site_id (rows)") for c in _SITE_USERS]
    + [("list_gateways", c, "id lookup: gateway_id") for c in _GATEWAY_USERS]
    + [("list_devices|pair_device", c, "id lookup/create: device_id") for c in _DEVICE_USERS]
    + [("list_devices", c, "id lookup: device_id of a light or plug") for c in _SWITCH_USERS]
    + [("list_zones|create_zone", c, "id lookup/create: zone_id") for c in _ZONE_USERS]
    + [
        ("list_schedules|create_schedule", "enable_schedule", "id lookup/create: schedule_id"),
        ("create_scene", "run_scene", "create-before-use: scene id (bare string)"),
        ("list_doors", "grant_door_access", "id lookup: door ids (list input)"),
        ("list_doors", "unlock_door", "id lookup: door id"),
        ("list_badges|issue_badge", "grant_door_access", "id lookup/create: badge id (issue's inside a sentence)"),
        ("list_alerts", "acknowledge_alert", "id lookup: alert id (rows)"),
        ("list_alerts", "resolve_alert", "id lookup: alert id (rows)"),
        ("create_webhook", "verify_webhook", "provenance: webhook id and its challenge"),
        ("create_webhook", "sign_payload", "provenance: signing secret"),
        ("sign_payload", "verify_webhook", "provenance: challenge signature"),
        ("create_webhook", "send_test_event", "create-before-use: webhook id"),
        ("verify_webhook", "send_test_event", "state: webhook must be verified"),
        ("parse_device_qr", "pair_device", "format: install code without dashes"),
        ("convert_temperature", "set_zone_setpoint", "format: degrees Celsius"),
        ("convert_temperature", "create_schedule", "format: degrees Celsius"),
        ("check_firmware", "install_firmware", "provenance: firmware bundle id"),
        ("reboot_gateway", "set_pairing_mode", "state: an offline gateway must be restarted"),
        ("set_pairing_mode", "scan_for_devices", "setting: pairing must be on"),
        ("scan_for_devices", "pair_device", "state: the device must have been heard"),
        ("assign_devices_to_zone", "set_zone_setpoint", "state: the zone needs a thermostat"),
        ("set_hvac_mode", "enable_schedule", "state: zone must be in auto mode"),
        ("disarm_alarm", "unlock_door", "state: alarm must be disarmed"),
        ("acknowledge_alert", "resolve_alert", "state: alert must be acknowledged"),
    ]
)

GROUND_TRUTH_VARIANTS = [
    ("create_zone", "set_hvac_mode", "create-before-use: a new site has no zones", "empty_site"),
    ("issue_badge", "grant_door_access", "create-before-use: a new site has no badges", "empty_site"),
]

PLAUSIBLE = (
    {("list_sites", c) for c in _GATEWAY_USERS + _DEVICE_USERS + _SWITCH_USERS + _ZONE_USERS + ["unlock_door", "grant_door_access"]}
    | {("list_gateways", "list_devices"), ("set_pairing_mode", "pair_device"), ("reboot_gateway", "scan_for_devices"),
       ("reboot_gateway", "pair_device"), ("pair_device", "list_devices"), ("list_zones", "list_devices"),
       ("assign_devices_to_zone", "list_zones"), ("assign_devices_to_zone", "list_devices"),
       ("create_zone", "list_zones"), ("list_devices", "install_firmware"), ("pair_device", "install_firmware"),
       ("get_device", "check_firmware"), ("install_firmware", "check_firmware"), ("install_firmware", "get_device"),
       ("list_zones", "list_schedules"), ("create_zone", "list_schedules"), ("create_schedule", "list_schedules"),
       ("set_hvac_mode", "set_zone_setpoint"), ("rename_device", "get_device"),
       ("set_device_power", "get_device"), ("run_scene", "get_device"), ("list_devices", "run_scene"),
       ("issue_badge", "list_badges"), ("grant_door_access", "list_badges"), ("disarm_alarm", "grant_door_access"),
       ("list_alerts", "reboot_gateway"), ("reboot_gateway", "resolve_alert"), ("list_alerts", "get_device"),
       ("list_alerts", "get_device_reading"), ("convert_temperature", "get_device_reading"),
       ("enable_schedule", "list_schedules"), ("verify_webhook", "create_webhook"), ("scan_for_devices", "list_devices"),
       ("pair_device", "set_zone_setpoint")}
)
