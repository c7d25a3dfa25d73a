"""PocketPhone: a phone's settings, contacts, messaging, calls, clock and cloud backup (50 tools).

Plain Python functions over an in-memory ``PhoneState``, as an on-device assistant API would expose
them. Every tool that touches the state takes it as ``state``. Refusals come back as
``{"error": ...}`` dicts (most tools) or as exceptions (``PermissionError`` for a wrong passcode,
``ValueError`` for out-of-range settings, ``LookupError`` for unknown ids), as real device
services do. A few replies are JSON text, and a few docstrings do not describe the reply.

The fresh device is locked (passcode in the FIXTURES), on Wi-Fi but joined to no network, with
Bluetooth off, battery saver and auto-brightness on, the media volume muted, one alarm and one
message thread. ``FRESH_STATES`` holds other realistic starting points (airplane mode on, a clean
install) for a runtime that can explore from several fresh states.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)`` that hold from the
default fresh state; ``"a|b"`` as provider means either tool satisfies it, and the text before the
first ``:`` of ``what`` is the kind. ``GROUND_TRUTH_VARIANTS`` adds ``(provider, consumer, what,
fresh_state)`` prerequisites that only appear from another fresh state.
"""

from __future__ import annotations

import copy
import hashlib
import json
import re
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Optional

NOW = 1764583200  # the device clock: 2025-12-01 10:00 UTC; fixed so that runs are reproducible


def _seed_contacts() -> dict:
    return {
        "ct_1001": {"name": "Maya Chen", "phones": ["+14155550134"], "email": "maya.chen@example.com",
                    "favorite": False, "blocked": False},
        "ct_1002": {"name": "Omar Haddad", "phones": ["+442071838750", "+447700900461"], "email": None,
                    "favorite": True, "blocked": False},
        "ct_1003": {"name": "Dentist (Dr. Ruiz)", "phones": ["+14155550199"], "email": None,
                    "favorite": False, "blocked": False},
    }


def _seed_threads() -> dict:
    return {
        "th_501": {"contact_ids": ["ct_1002"], "name": None, "unread": 1,
                   "messages": [{"message_id": "msg_9001", "from": "ct_1002", "text": "Landing at 6, dinner?",
                                 "sent_at": NOW - 3600, "reactions": []}]},
    }


@dataclass
class PhoneState:
    locked: bool = True
    passcode: str = "4827"
    failed_unlocks: int = 0
    now: int = NOW
    settings: dict = field(default_factory=lambda: {
        "wifi": True, "bluetooth": False, "airplane_mode": False, "mobile_data": True,
        "battery_saver": True, "do_not_disturb": False, "auto_brightness": True, "brightness": 0.45,
        "media_volume": 0, "ringer_volume": 70, "location_services": True,
    })
    battery_percent: int = 18
    wifi_networks: list = field(default_factory=lambda: [
        {"ssid": "HomeNet-5G", "security": "wpa2", "signal_dbm": -48, "password": "correct-horse-42"},
        {"ssid": "Cafe Lumen Guest", "security": "open", "signal_dbm": -71, "password": None},
    ])
    wifi_connected: Optional[str] = None
    wifi_saved: list = field(default_factory=list)
    bt_nearby: list = field(default_factory=lambda: [
        {"address": "AC:12:F0:3B:9E:01", "name": "Pulse Buds Pro", "kind": "headphones"},
        {"address": "5C:E8:83:10:44:7A", "name": "Car Audio", "kind": "car"},
    ])
    bt_paired: dict = field(default_factory=dict)  # device_id -> address
    contacts: dict = field(default_factory=_seed_contacts)
    threads: dict = field(default_factory=_seed_threads)
    scheduled: dict = field(default_factory=dict)
    calls: dict = field(default_factory=dict)
    alarms: dict = field(default_factory=lambda: {"alm_1": {"time": "07:00", "label": "Work", "days": ["mon", "tue", "wed", "thu", "fri"], "enabled": True}})
    timers: dict = field(default_factory=dict)
    cloud_accounts: dict = field(default_factory=lambda: {"maya.k@example.net": "Blue-Otter-77"})
    cloud_sessions: dict = field(default_factory=dict)
    backups: dict = field(default_factory=dict)
    updates: dict = field(default_factory=lambda: {"upd_26_1_2": {"version": "26.1.2", "size_mb": 812, "status": "available"}})
    os_version: str = "26.1.1"
    serial_number: str = "F2LZK0Q9HG7M"
    counter: int = 100


State = PhoneState


def airplane_state() -> PhoneState:
    """A phone in airplane mode (radios off): calls and messages need airplane mode turned off."""
    s = PhoneState()
    s.settings.update(airplane_mode=True, wifi=False, bluetooth=False, mobile_data=False)
    return s


def fresh_install_state() -> PhoneState:
    """A just-restored phone: no passcode lock yet, no contacts, no threads, battery saver off."""
    s = PhoneState()
    s.locked = False
    s.contacts, s.threads, s.alarms = {}, {}, {}
    s.settings.update(battery_saver=False, auto_brightness=False, media_volume=50)
    s.battery_percent = 100
    return s


FRESH_STATES = {"default": PhoneState, "airplane": airplane_state, "fresh_install": fresh_install_state}


def _next(state: PhoneState, prefix: str) -> str:
    state.counter += 1
    return f"{prefix}_{state.counter}"


def _digits(phone: str) -> str:
    return re.sub(r"\D", "", phone)


def _unlocked(state: PhoneState) -> Optional[dict]:
    return {"error": "device is locked: unlock it first"} if state.locked else None


def _contact(state: PhoneState, contact_id: str) -> dict:
    c = state.contacts.get(contact_id)
    if c is None:
        raise LookupError(f"no contact with id {contact_id!r}")
    return c


def _online(state: PhoneState) -> Optional[dict]:
    s = state.settings
    if s["airplane_mode"]:
        return {"error": "airplane mode is on"}
    if not (s["mobile_data"] or state.wifi_connected):
        return {"error": "no network connection"}
    return None


# ----------------------------------------------------------------------------- device, clock

def unlock_device(passcode: str, state: PhoneState) -> dict:
    """Unlock the phone with its passcode. Most apps (contacts, messages, calls, cloud) need an unlocked phone."""
    if state.failed_unlocks >= 5:
        raise PermissionError("too many attempts: phone disabled for 1 minute")
    if passcode != state.passcode:
        state.failed_unlocks += 1
        raise PermissionError("wrong passcode")
    state.locked, state.failed_unlocks = False, 0
    return {"locked": False}


def get_device_info(state: PhoneState) -> str:
    """Device model, OS version, serial number and battery level, as a JSON document."""
    return json.dumps({"model": "Pocket 14", "os_version": state.os_version, "serial_number": state.serial_number,
                       "battery_percent": state.battery_percent, "storage_free_gb": 41.2})


def get_current_time(state: PhoneState) -> dict:
    """The phone's current date and time: a Unix timestamp (seconds, UTC) and the ISO form."""
    iso = datetime.fromtimestamp(state.now, tz=timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
    return {"timestamp": state.now, "iso": iso, "timezone": "UTC"}


def local_time_to_timestamp(date: str, time: str) -> dict:
    """Convert a calendar date 'YYYY-MM-DD' and a time 'HH:MM' (UTC) into a Unix timestamp in seconds."""
    try:
        dt = datetime.strptime(f"{date} {time}", "%Y-%m-%d %H:%M").replace(tzinfo=timezone.utc)
    except ValueError:
        return {"error": "expected date YYYY-MM-DD and time HH:MM"}
    return {"timestamp": int(dt.timestamp())}


# ----------------------------------------------------------------------------- settings

def set_wifi(on: bool, state: PhoneState) -> dict:
    """Turn Wi-Fi on or off. Turning it off disconnects from the current network."""
    if on and state.settings["airplane_mode"]:
        pass  # Wi-Fi may be re-enabled in airplane mode, as on real phones
    state.settings["wifi"] = bool(on)
    if not on:
        state.wifi_connected = None
    return {"wifi": state.settings["wifi"]}


def set_bluetooth(on: bool, state: PhoneState) -> dict:
    """Turn Bluetooth on or off."""
    state.settings["bluetooth"] = bool(on)
    return {"bluetooth": state.settings["bluetooth"]}


def set_airplane_mode(enabled: bool, state: PhoneState) -> dict:
    """Turn airplane mode on (all radios off) or off (mobile data back on)."""
    s = state.settings
    s["airplane_mode"] = bool(enabled)
    if enabled:
        s.update(wifi=False, bluetooth=False, mobile_data=False)
        state.wifi_connected = None
    else:
        s["mobile_data"] = True
    return {"airplane_mode": s["airplane_mode"]}


def set_battery_saver(enabled: bool, state: PhoneState) -> dict:
    """Turn battery saver on or off. While it is on, background downloads are paused."""
    state.settings["battery_saver"] = bool(enabled)
    return {"battery_saver": state.settings["battery_saver"]}


def set_volume(level: int, stream: str = "media", state: PhoneState = None) -> dict:
    """Set a volume from 0 (muted) to 100. stream is 'media' or 'ringer'."""
    if stream not in ("media", "ringer"):
        raise ValueError("stream must be 'media' or 'ringer'")
    if not 0 <= level <= 100:
        raise ValueError("level must be between 0 and 100")
    state.settings[f"{stream}_volume"] = int(level)
    return {"stream": stream, "level": int(level)}


def set_auto_brightness(enabled: bool, state: PhoneState) -> dict:
    """Let the light sensor control screen brightness (on), or allow manual brightness (off)."""
    state.settings["auto_brightness"] = bool(enabled)
    return {"auto_brightness": state.settings["auto_brightness"]}


def set_brightness(level: float, state: PhoneState) -> dict:
    """Set the screen brightness manually, from 0.0 (dimmest) to 1.0 (brightest)."""
    if not 0.0 <= level <= 1.0:
        raise ValueError("brightness must be between 0.0 and 1.0")
    if state.settings["auto_brightness"]:
        return {"error": "auto-brightness is on: brightness is controlled by the light sensor"}
    state.settings["brightness"] = round(float(level), 2)
    return {"brightness": state.settings["brightness"]}


def play_ringtone_preview(ringtone: str = "Chimes", state: PhoneState = None) -> dict:
    """Play a short preview of a ringtone through the speaker on the media volume."""
    if state.settings["media_volume"] == 0:
        return {"error": "media volume is muted"}
    return {"playing": ringtone, "volume": state.settings["media_volume"]}


# ----------------------------------------------------------------------------- wi-fi, bluetooth

def scan_wifi_networks(state: PhoneState) -> dict:
    """List the Wi-Fi networks in range with their security and signal strength."""
    if not state.settings["wifi"]:
        return {"error": "wi-fi is off"}
    return {"networks": [{"ssid": n["ssid"], "security": n["security"], "signal_dbm": n["signal_dbm"]}
                         for n in state.wifi_networks]}


def connect_wifi(ssid: str, password: Optional[str] = None, state: PhoneState = None) -> dict:
    """Join a Wi-Fi network in range (password needed for secured networks) and remember it."""
    if not state.settings["wifi"]:
        return {"error": "wi-fi is off"}
    net = next((n for n in state.wifi_networks if n["ssid"] == ssid), None)
    if net is None:
        return {"error": f"network {ssid!r} not in range"}
    if net["security"] != "open" and password != net["password"]:
        return {"error": "incorrect password"}
    state.wifi_connected = ssid
    if ssid not in state.wifi_saved:
        state.wifi_saved.append(ssid)
    return {"connected": ssid}


def forget_wifi_network(ssid: str, state: PhoneState) -> dict:
    """Forget a saved Wi-Fi network (and disconnect if it is the current one)."""
    if ssid not in state.wifi_saved:
        return {"error": f"{ssid!r} is not a saved network"}
    state.wifi_saved.remove(ssid)
    if state.wifi_connected == ssid:
        state.wifi_connected = None
    return {"forgotten": ssid}


def scan_bluetooth_devices(state: PhoneState) -> dict:
    """Discover nearby Bluetooth devices that can be paired."""
    if not state.settings["bluetooth"]:
        return {"error": "bluetooth is off"}
    return {"devices": [dict(d) for d in state.bt_nearby]}


def pair_bluetooth_device(address: str, state: PhoneState) -> dict:
    """Pair with a discovered Bluetooth device given its hardware address (AA:BB:CC:DD:EE:FF)."""
    if not state.settings["bluetooth"]:
        return {"error": "bluetooth is off"}
    if not any(d["address"] == address for d in state.bt_nearby):
        return {"error": f"no device {address} nearby"}
    device_id = _next(state, "bt")
    state.bt_paired[device_id] = address
    return {"device_id": device_id, "paired": True}


def unpair_bluetooth_device(device_id: str, state: PhoneState) -> dict:
    """Remove a paired Bluetooth device."""
    if state.bt_paired.pop(device_id, None) is None:
        return {"error": f"no paired device {device_id}"}
    return {"unpaired": device_id}


# ----------------------------------------------------------------------------- contacts

def find_contact_by_phone(phone_number: str, state: PhoneState) -> dict:
    """Look up a saved contact by one of their phone numbers (any formatting)."""
    if err := _unlocked(state):
        return err
    digits = _digits(phone_number)
    for cid, c in state.contacts.items():
        if digits and any(_digits(p).endswith(digits) or digits.endswith(_digits(p)) for p in c["phones"]):
            return {"contact_id": cid, "name": c["name"]}
    return {"error": f"no contact with number {phone_number}"}


def search_contacts(query: str, state: PhoneState) -> str:
    """Search contacts by name or email; the reply is JSON text {"contacts": [{"contact_id", "name", "phones"}]}."""
    if state.locked:
        raise PermissionError("device is locked")
    q = query.strip().lower()
    hits = [{"contact_id": cid, "name": c["name"], "phones": list(c["phones"])}
            for cid, c in state.contacts.items()
            if q and (q in c["name"].lower() or q in (c["email"] or "").lower())]
    return json.dumps({"contacts": hits})


def add_contact(name: str, phone_number: str, email: Optional[str] = None, state: PhoneState = None) -> dict:
    """Save a new contact with a name and a phone number (E.164, e.g. +14155550134). Returns contact_id."""
    if err := _unlocked(state):
        return err
    if not name.strip():
        return {"error": "name is required"}
    if not re.fullmatch(r"\+[1-9]\d{7,14}", phone_number.replace(" ", "")):
        return {"error": "phone_number must be in E.164 form, e.g. +14155550134"}
    cid = _next(state, "ct")
    state.contacts[cid] = {"name": name.strip(), "phones": [phone_number.replace(" ", "")], "email": email,
                           "favorite": False, "blocked": False}
    return {"contact_id": cid, "name": name.strip()}


def update_contact(contact_id: str, name: Optional[str] = None, email: Optional[str] = None,
                   state: PhoneState = None) -> dict:
    """Change a contact's name or email."""
    if err := _unlocked(state):
        return err
    c = _contact(state, contact_id)
    if name is not None:
        c["name"] = name
    if email is not None:
        if "@" not in email:
            return {"error": "invalid email"}
        c["email"] = email
    return {"contact_id": contact_id, "name": c["name"], "email": c["email"]}


def delete_contact(contact_id: str, state: PhoneState) -> dict:
    """Delete a contact."""
    if err := _unlocked(state):
        return err
    _contact(state, contact_id)
    del state.contacts[contact_id]
    return {"deleted": contact_id}


def merge_contacts(primary_contact_id: str, duplicate_contact_id: str, state: PhoneState) -> dict:
    """Merge a duplicate contact into a primary one (phone numbers are combined; the duplicate is removed)."""
    if err := _unlocked(state):
        return err
    if primary_contact_id == duplicate_contact_id:
        return {"error": "cannot merge a contact with itself"}
    p, d = _contact(state, primary_contact_id), _contact(state, duplicate_contact_id)
    p["phones"] = p["phones"] + [x for x in d["phones"] if x not in p["phones"]]
    p["email"] = p["email"] or d["email"]
    del state.contacts[duplicate_contact_id]
    return {"contact_id": primary_contact_id, "phones": list(p["phones"])}


def block_contact(contact_id: str, state: PhoneState) -> dict:
    """Block calls and messages from a contact."""
    if err := _unlocked(state):
        return err
    c = _contact(state, contact_id)
    if c["blocked"]:
        return {"error": "contact is already blocked"}
    c["blocked"] = True
    return {"contact_id": contact_id, "blocked": True}


def unblock_contact(contact_id: str, state: PhoneState) -> dict:
    """Unblock a previously blocked contact."""
    if err := _unlocked(state):
        return err
    c = _contact(state, contact_id)
    if not c["blocked"]:
        return {"error": "contact is not blocked"}
    c["blocked"] = False
    return {"contact_id": contact_id, "blocked": False}


# ----------------------------------------------------------------------------- messaging

def _thread_with(state: PhoneState, contact_ids: list) -> str:
    for tid, t in state.threads.items():
        if t["contact_ids"] == contact_ids and t["name"] is None:
            return tid
    tid = _next(state, "th")
    state.threads[tid] = {"contact_ids": list(contact_ids), "name": None, "unread": 0, "messages": []}
    return tid


def _post(state: PhoneState, tid: str, text: str) -> str:
    mid = _next(state, "msg")
    state.threads[tid]["messages"].append({"message_id": mid, "from": "me", "text": text, "sent_at": state.now,
                                           "reactions": []})
    return mid


def send_message(contact_id: str, text: str, state: PhoneState) -> dict:
    """Send a text message to a contact. Returns the message_id and the thread_id of the conversation."""
    if err := _unlocked(state):
        return err
    if err := _online(state):
        return err
    c = _contact(state, contact_id)
    if c["blocked"]:
        return {"error": "contact is blocked"}
    if not text.strip():
        return {"error": "message is empty"}
    tid = _thread_with(state, [contact_id])
    return {"message_id": _post(state, tid, text), "thread_id": tid, "status": "sent"}


def list_threads(state: PhoneState) -> dict:
    """List message conversations, newest first, with their unread counts."""
    if err := _unlocked(state):
        return err
    return {"threads": [{"thread_id": tid, "contact_ids": t["contact_ids"], "name": t["name"], "unread": t["unread"]}
                        for tid, t in reversed(list(state.threads.items()))]}


def get_thread(thread_id: str, state: PhoneState) -> dict:
    """Read the messages of one conversation (marks it read)."""
    if err := _unlocked(state):
        return err
    t = state.threads.get(thread_id)
    if t is None:
        return {"error": f"no thread {thread_id}"}
    t["unread"] = 0
    return {"thread_id": thread_id, "messages": copy.deepcopy(t["messages"])}


def _message(state: PhoneState, message_id: str):
    for tid, t in state.threads.items():
        for m in t["messages"]:
            if m["message_id"] == message_id:
                return tid, m
    return None, None


def react_to_message(message_id: str, emoji: str, state: PhoneState) -> dict:
    """React to a message with an emoji (one of 👍 ❤️ 😂 😮 😢)."""
    if err := _unlocked(state):
        return err
    if emoji not in ("👍", "❤️", "😂", "😮", "😢"):
        return {"error": "unsupported reaction"}
    tid, m = _message(state, message_id)
    if m is None:
        return {"error": f"no message {message_id}"}
    m["reactions"].append(emoji)
    return {"message_id": message_id, "reactions": list(m["reactions"])}


def forward_message(message_id: str, contact_id: str, state: PhoneState) -> dict:
    """Forward an existing message to another contact."""
    if err := _unlocked(state):
        return err
    if err := _online(state):
        return err
    tid, m = _message(state, message_id)
    if m is None:
        return {"error": f"no message {message_id}"}
    c = _contact(state, contact_id)
    if c["blocked"]:
        return {"error": "contact is blocked"}
    new_tid = _thread_with(state, [contact_id])
    return {"message_id": _post(state, new_tid, m["text"]), "thread_id": new_tid}


def create_group_chat(name: str, contact_ids: list[str], state: PhoneState) -> dict:
    """Start a named group conversation with two or more contacts (by contact_id)."""
    if err := _unlocked(state):
        return err
    ids = list(dict.fromkeys(contact_ids))
    if len(ids) < 2:
        return {"error": "a group needs at least two different contacts"}
    for cid in ids:
        _contact(state, cid)
    tid = _next(state, "th")
    state.threads[tid] = {"contact_ids": ids, "name": name, "unread": 0, "messages": []}
    return {"thread_id": tid, "members": ids}


def schedule_message(contact_id: str, text: str, send_at: int, state: PhoneState) -> dict:
    """Schedule a text to a contact for later. send_at is a Unix timestamp (seconds) within the next 30 days."""
    if err := _unlocked(state):
        return err
    _contact(state, contact_id)
    if not state.now <= send_at <= state.now + 30 * 86400:
        return {"error": "send_at must be between now and 30 days from now"}
    sid = _next(state, "sch")
    state.scheduled[sid] = {"contact_id": contact_id, "text": text, "send_at": send_at}
    return {"scheduled_id": sid, "send_at": send_at}


def cancel_scheduled_message(scheduled_id: str, state: PhoneState) -> dict:
    """Cancel a scheduled message before it is sent."""
    if err := _unlocked(state):
        return err
    if state.scheduled.pop(scheduled_id, None) is None:
        return {"error": f"no scheduled message {scheduled_id}"}
    return {"cancelled": scheduled_id}


# ----------------------------------------------------------------------------- calls

def place_call(contact_id: str, use_speaker: bool = False, state: PhoneState = None) -> dict:
    """Call a contact on their first phone number."""
    if err := _unlocked(state):
        return err
    if state.settings["airplane_mode"]:
        return {"error": "airplane mode is on"}
    c = _contact(state, contact_id)
    if c["blocked"]:
        return {"error": "contact is blocked"}
    call_id = _next(state, "call")
    state.calls[call_id] = {"contact_id": contact_id, "number": c["phones"][0], "active": True, "speaker": use_speaker}
    return {"call_id": call_id, "dialing": c["phones"][0]}


def end_call(call_id: str, state: PhoneState) -> dict:
    """Hang up an active call."""
    call = state.calls.get(call_id)
    if call is None or not call["active"]:
        return {"error": "no such active call"}
    call["active"] = False
    return {"call_id": call_id, "ended": True}


# ----------------------------------------------------------------------------- clock app

def list_alarms(state: PhoneState) -> dict:
    """List alarms with their times and repeat days."""
    return {"alarms": [{"alarm_id": a, **copy.deepcopy(v)} for a, v in state.alarms.items()]}


def create_alarm(time: str, label: str = "Alarm", days: Optional[list[str]] = None, state: PhoneState = None) -> dict:
    """Create an alarm at 'HH:MM' (24 h), optionally repeating on days such as ['mon', 'fri']."""
    if not re.fullmatch(r"([01]\d|2[0-3]):[0-5]\d", time):
        return {"error": "time must be HH:MM (24 h)"}
    days = days or []
    if any(d not in ("mon", "tue", "wed", "thu", "fri", "sat", "sun") for d in days):
        return {"error": "days must be mon..sun"}
    aid = _next(state, "alm")
    state.alarms[aid] = {"time": time, "label": label, "days": list(days), "enabled": True}
    return {"alarm_id": aid, "time": time}


def update_alarm(alarm_id: str, time: str, state: PhoneState) -> dict:
    """Move an alarm to a new time 'HH:MM'."""
    a = state.alarms.get(alarm_id)
    if a is None:
        raise LookupError(f"no alarm {alarm_id}")
    if not re.fullmatch(r"([01]\d|2[0-3]):[0-5]\d", time):
        return {"error": "time must be HH:MM (24 h)"}
    a["time"] = time
    return {"alarm_id": alarm_id, "time": time}


def delete_alarm(alarm_id: str, state: PhoneState) -> dict:
    """Delete an alarm."""
    if state.alarms.pop(alarm_id, None) is None:
        raise LookupError(f"no alarm {alarm_id}")
    return {"deleted": alarm_id}


def start_timer(duration_seconds: int, label: str = "Timer", state: PhoneState = None) -> dict:
    """Start a countdown timer of 1 second to 24 hours."""
    if not 1 <= duration_seconds <= 86400:
        return {"error": "duration_seconds must be between 1 and 86400"}
    tid = _next(state, "tmr")
    state.timers[tid] = {"label": label, "ends_at": state.now + duration_seconds, "paused_left": None}
    return {"timer_id": tid, "ends_at": state.now + duration_seconds}


def pause_timer(timer_id: str, state: PhoneState) -> dict:
    """Pause a running timer."""
    t = state.timers.get(timer_id)
    if t is None:
        return {"error": f"no timer {timer_id}"}
    if t["paused_left"] is not None:
        return {"error": "timer is already paused"}
    t["paused_left"] = max(t["ends_at"] - state.now, 0)
    return {"timer_id": timer_id, "remaining_seconds": t["paused_left"]}


def resume_timer(timer_id: str, state: PhoneState) -> dict:
    """Resume a paused timer."""
    t = state.timers.get(timer_id)
    if t is None:
        return {"error": f"no timer {timer_id}"}
    if t["paused_left"] is None:
        return {"error": "timer is not paused"}
    t["ends_at"], t["paused_left"] = state.now + t["paused_left"], None
    return {"timer_id": timer_id, "ends_at": t["ends_at"]}


# ----------------------------------------------------------------------------- cloud, updates

def sign_in_cloud(email: str, password: str, device_serial: str, state: PhoneState) -> dict:
    """Sign this phone in to its cloud account. device_serial is the phone's serial number."""
    if err := _unlocked(state):
        return err
    if state.cloud_accounts.get(email) != password:
        return {"error": "incorrect email or password"}
    if device_serial != state.serial_number:
        return {"error": "device_serial does not match this device"}
    token = "cs_" + hashlib.sha1(f"{email}{state.counter}".encode()).hexdigest()[:16]
    state.counter += 1
    state.cloud_sessions[token] = email
    return {"session_token": token, "account": email}


def backup_now(session_token: str, state: PhoneState) -> dict:
    """Back up the phone to the cloud now. Needs a Wi-Fi connection."""
    if session_token not in state.cloud_sessions:
        return {"error": "not signed in to the cloud"}
    if not state.wifi_connected:
        return {"error": "backups need a wi-fi connection"}
    bid = _next(state, "bk")
    state.backups[bid] = {"account": state.cloud_sessions[session_token], "at": state.now,
                          "contacts": copy.deepcopy(state.contacts)}
    return {"backup_id": bid, "created_at": state.now}


def list_backups(session_token: str, state: PhoneState) -> dict:
    """List the cloud backups of the signed-in account."""
    if session_token not in state.cloud_sessions:
        return {"error": "not signed in to the cloud"}
    acct = state.cloud_sessions[session_token]
    return {"backups": [{"backup_id": b, "created_at": v["at"]} for b, v in state.backups.items() if v["account"] == acct]}


def restore_backup(session_token: str, backup_id: str, state: PhoneState) -> dict:
    """Restore contacts from a cloud backup."""
    if session_token not in state.cloud_sessions:
        return {"error": "not signed in to the cloud"}
    b = state.backups.get(backup_id)
    if b is None or b["account"] != state.cloud_sessions[session_token]:
        return {"error": f"no backup {backup_id}"}
    state.contacts = copy.deepcopy(b["contacts"])
    return {"restored": backup_id}


def check_for_update(state: PhoneState) -> dict:
    """Check for a system software update."""
    avail = [{"update_id": u, "version": v["version"], "size_mb": v["size_mb"]} for u, v in state.updates.items()
             if v["status"] != "installed"]
    return {"current_version": state.os_version, "updates": avail}


def download_system_update(update_id: str, state: PhoneState) -> dict:
    """Download a system update. Needs Wi-Fi, and is paused while battery saver is on."""
    u = state.updates.get(update_id)
    if u is None:
        return {"error": f"unknown update {update_id}"}
    if state.settings["battery_saver"]:
        return {"error": "download paused: battery saver is on"}
    if not state.wifi_connected:
        return {"error": "updates download over wi-fi only"}
    u["status"] = "downloaded"
    return {"update_id": update_id, "status": "downloaded"}


def install_update(update_id: str, state: PhoneState) -> dict:
    """Install a downloaded system update (the phone restarts)."""
    u = state.updates.get(update_id)
    if u is None:
        return {"error": f"unknown update {update_id}"}
    if u["status"] != "downloaded":
        return {"error": "update is not downloaded yet"}
    u["status"] = "installed"
    state.os_version = u["version"]
    state.locked = True
    return {"installed": u["version"]}


TOOLS = [
    unlock_device, get_device_info, get_current_time, local_time_to_timestamp,
    set_wifi, set_bluetooth, set_airplane_mode, set_battery_saver, set_volume,
    set_auto_brightness, set_brightness, play_ringtone_preview,
    scan_wifi_networks, connect_wifi, forget_wifi_network, scan_bluetooth_devices, pair_bluetooth_device,
    unpair_bluetooth_device,
    find_contact_by_phone, search_contacts, add_contact, update_contact, delete_contact, merge_contacts,
    block_contact, unblock_contact,
    send_message, list_threads, get_thread, react_to_message, forward_message, create_group_chat, schedule_message,
    cancel_scheduled_message,
    place_call, end_call,
    list_alarms, create_alarm, update_alarm, delete_alarm, start_timer, pause_timer, resume_timer,
    sign_in_cloud, backup_now, list_backups, restore_backup, check_for_update, download_system_update, install_update,
]

# What a tester is handed: the passcode, the home Wi-Fi password, the cloud account, and a friend's number.
FIXTURES = {
    "passcode": "4827",
    "wifi_password": "correct-horse-42",
    "cloud_email": "maya.k@example.net",
    "cloud_password": "Blue-Otter-77",
    "friend_phone_number": "+1 (415) 555-0134",
}

_UNLOCK_USERS = ["find_contact_by_phone", "search_contacts", "add_contact", "update_contact",
                 "delete_contact", "merge_contacts", "block_contact", "unblock_contact", "send_message",
                 "list_threads", "get_thread", "react_to_message", "forward_message", "create_group_chat",
                 "schedule_message", "cancel_scheduled_message", "place_call", "sign_in_cloud"]
_CONTACT_ID_USERS = ["update_contact", "delete_contact", "block_contact", "unblock_contact",
                     "send_message", "forward_message", "schedule_message", "place_call"]
_CONTACT_PROVIDERS = "find_contact_by_phone|search_contacts|add_contact"

# (provider, consumer, what): the real prerequisites designed into the catalog (default fresh state).
GROUND_TRUTH = (
    [("unlock_device", c, "auth: device must be unlocked (passcode)") for c in _UNLOCK_USERS]
    + [(_CONTACT_PROVIDERS, c, "id lookup/create: contact_id") for c in _CONTACT_ID_USERS]
    + [
        (_CONTACT_PROVIDERS, "merge_contacts", "two values: two distinct contact_ids"),
        (_CONTACT_PROVIDERS, "create_group_chat", "two values: contact_ids list of two distinct contacts"),
        ("block_contact", "unblock_contact", "state: contact must be blocked first"),
        ("send_message|list_threads", "get_thread", "id lookup/create: thread_id"),
        ("send_message|get_thread", "react_to_message", "id lookup/create: message_id (get_thread: messages[*].message_id)"),
        ("send_message|get_thread", "forward_message", "id lookup/create: message_id"),
        ("get_current_time|local_time_to_timestamp", "schedule_message", "format: send_at Unix timestamp within 30 days"),
        ("schedule_message", "cancel_scheduled_message", "provenance: scheduled_id"),
        ("place_call", "end_call", "provenance: call_id"),
        ("set_bluetooth", "scan_bluetooth_devices", "state: bluetooth on (off in the fresh state)"),
        ("set_bluetooth", "pair_bluetooth_device", "state: bluetooth on"),
        ("scan_bluetooth_devices", "pair_bluetooth_device", "id lookup: devices[*].address (nested)"),
        ("pair_bluetooth_device", "unpair_bluetooth_device", "provenance: device_id"),
        ("scan_wifi_networks", "connect_wifi", "id lookup: networks[*].ssid (nested)"),
        ("connect_wifi", "forget_wifi_network", "state: network must be saved"),
        ("connect_wifi", "backup_now", "state: wi-fi connection"),
        ("connect_wifi", "download_system_update", "state: wi-fi connection"),
        ("set_battery_saver", "download_system_update", "state: battery saver off (only set False changes it)"),
        ("check_for_update", "download_system_update", "id lookup: updates[*].update_id (nested)"),
        ("check_for_update", "install_update", "id lookup: updates[*].update_id"),
        ("download_system_update", "install_update", "state: update downloaded"),
        ("set_auto_brightness", "set_brightness", "state: auto-brightness off (only set False changes it)"),
        ("set_volume", "play_ringtone_preview", "state: media volume above 0 (muted in the fresh state)"),
        ("get_device_info", "sign_in_cloud", "id lookup: serial_number (JSON text reply)"),
        ("sign_in_cloud", "backup_now", "auth: session_token"),
        ("sign_in_cloud", "list_backups", "auth: session_token"),
        ("sign_in_cloud", "restore_backup", "auth: session_token"),
        ("backup_now", "restore_backup", "create-before-use: backup_id (list_backups is empty until then)"),
        ("create_alarm|list_alarms", "update_alarm", "id lookup/create: alarm_id"),
        ("create_alarm|list_alarms", "delete_alarm", "id lookup/create: alarm_id"),
        ("start_timer", "pause_timer", "provenance: timer_id"),
        ("start_timer", "resume_timer", "provenance: timer_id"),
        ("pause_timer", "resume_timer", "state: timer must be paused"),
        ("set_bluetooth", "unpair_bluetooth_device", "transitive: device_id comes from pairing, which needs bluetooth on"),
        ("scan_bluetooth_devices", "unpair_bluetooth_device", "transitive: pairing needs a scanned address"),
        ("set_battery_saver", "install_update", "transitive: the download needs battery saver off"),
        ("connect_wifi", "install_update", "transitive: the download needs wi-fi"),
    ]
)

# Prerequisites that only appear when exploring from another fresh state (FRESH_STATES).
GROUND_TRUTH_VARIANTS = [
    ("set_airplane_mode", "send_message", "state: airplane mode off", "airplane"),
    ("set_airplane_mode", "place_call", "state: airplane mode off", "airplane"),
    ("set_airplane_mode", "forward_message", "state: airplane mode off", "airplane"),
    ("set_wifi", "scan_wifi_networks", "state: wi-fi on", "airplane"),
    ("set_wifi", "connect_wifi", "state: wi-fi on", "airplane"),
    ("add_contact", "send_message", "create-before-use: no contacts on a fresh install", "fresh_install"),
]

# Real dependencies the ground truth does not list (reading a thing before changing it, and the like).
PLAUSIBLE = {
    ("add_contact", "find_contact_by_phone"), ("add_contact", "search_contacts"),
    ("find_contact_by_phone", "search_contacts"),
    ("set_wifi", "connect_wifi"), ("set_wifi", "scan_wifi_networks"),
    ("send_message", "list_threads"), ("create_alarm", "list_alarms"), ("backup_now", "list_backups"),
    ("scan_wifi_networks", "forget_wifi_network"),
    ("set_airplane_mode", "send_message"), ("set_airplane_mode", "place_call"),
    ("forward_message", "react_to_message"), ("forward_message", "get_thread"), ("create_group_chat", "get_thread"),
    ("list_backups", "restore_backup"), ("search_contacts", "find_contact_by_phone"), ("place_call", "find_contact_by_phone"),
}
