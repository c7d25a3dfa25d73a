"""Headunit: the settings and connectivity services of a car's infotainment head unit (49 calls).

Plain functions over an in-memory ``State`` of the Brennan family's Aurora Lumen EV, parked in the
drive at home in Cork on Saturday 17 June 2028 at 09:40, as the car's voice assistant and the
companion app call them: driver profiles, seat memory and valet mode; Bluetooth, pairing, paired
phones and what each may share with the car (contacts, messages, calls, media); the phone's
contacts and messages once synced; Wi-Fi, mobile data and the hotspot; software updates; location
services, places, chargers, routes and saved places; climate and seat heaters, drive mode, audio
source, charge limit, the USB drive, dashcam and sentry mode.

A setting gates what depends on it, as in the car: nothing Bluetooth works with Bluetooth off,
searches and routes need location services, the hotspot needs mobile data, updates download over
Wi-Fi only, seat heaters run with the climate on, sentry mode needs the dashcam and the dashcam a
USB drive formatted for it. Setting a toggle to the value it already has is refused ("Bluetooth is
already on"), as the car's settings service refuses it.

Replies are bare values (the new value of a toggle, a pairing passkey, a version string, a
password, a count), sentences with a new id inside (``... saved as profile 3.``, ``... (device
3).``), rows as lists of lists (profiles, paired devices, contacts with their numbers nested), or
dicts and lists of dicts (scans, places, messages, the vehicle status). Every refusal is raised:
the module's ``HeadUnitError`` subclasses (``FeatureOff``, ``AlreadySet``, ``NotFound`` which is
also a ``LookupError``, ``NotAllowed`` which is also a ``PermissionError``) and builtin
``ValueError`` for malformed input. Drive modes and phone permissions are named only in refusals.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as
provider means either tool satisfies it, and the text of ``what`` before its first ``:`` is the
kind.
"""

import copy
import re
from enum import Enum, IntEnum
from typing import List, Literal, Optional

NOW = "2028-06-17 09:40"

SaveLabel = Literal["home", "work"]
InstallWhen = Literal["now", "tonight"]

_DRIVE_MODES = ("chill", "standard", "sport", "snow")
_PERMISSIONS = ("calls", "call_history", "contacts", "media", "messages")


class AudioSource(str, Enum):
    FM = "fm"
    DAB = "dab"
    BLUETOOTH = "bluetooth"
    USB = "usb"
    STREAMING = "streaming"


class Seat(str, Enum):
    DRIVER = "driver"
    PASSENGER = "passenger"
    REAR_LEFT = "rear_left"
    REAR_RIGHT = "rear_right"


class HeatLevel(IntEnum):
    OFF = 0
    LOW = 1
    MEDIUM = 2
    HIGH = 3


class HeadUnitError(Exception):
    """A request the head unit refuses."""


class FeatureOff(HeadUnitError):
    """A setting this request depends on is off."""


class AlreadySet(HeadUnitError):
    """The request would change nothing."""


class NotFound(HeadUnitError, LookupError):
    """No such profile, device, network, place, contact or message."""


class NotAllowed(HeadUnitError, PermissionError):
    """Refused by a PIN, a permission or the car's state."""


def _contact(cid, name, *numbers):
    return {"contact_id": cid, "name": name, "numbers": [list(n) for n in numbers]}


def _place(pid, name, address, km, category, power_kw=None, free_bays=None):
    p = {"place_id": pid, "name": name, "address": address, "distance_km": km, "category": category}
    if power_kw is not None:
        p["power_kw"] = power_kw
        p["free_bays"] = free_bays
    return p


class State:
    """The Brennans' Aurora Lumen EV, Saturday 17 June 2028, 09:40, parked at home."""

    def __init__(self) -> None:
        self.vehicle = {"model": "Aurora Lumen EV", "gear": "P", "battery_percent": 64, "range_km": 268,
                        "charge_limit": 80, "software": "2028.14.2"}
        self.settings = {"bluetooth": False, "wifi": False, "mobile_data": False, "hotspot": False,
                         "location_services": False, "climate": False, "dashcam": False, "sentry_mode": False,
                         "valet_mode": False, "drive_mode": "standard", "audio_source": "fm"}
        self.seat_heaters = {"driver": 0, "passenger": 0, "rear_left": 0, "rear_right": 0}
        self.valet_pin = None
        self.profiles = {1: {"name": "Amira", "seat_memory": True}, 2: {"name": "Tom", "seat_memory": True}}
        self.active_profile = 1
        self.next_profile = 3
        # Bluetooth: phones in range, the last scan, pairing requests, paired devices
        self.in_range = [
            {"address": "A4:83:E7:2C:19:05", "name": "Tom's Pixel 10", "kind": "phone"},
            {"address": "4C:11:AE:73:0B:52", "name": "Leah's Galaxy S27", "kind": "phone"},
            {"address": "F8:DF:15:60:9A:31", "name": "JBL Flip 7", "kind": "speaker"},
            {"address": "D0:03:4B:88:E2:7C", "name": "Fitbit Charge 8", "kind": "wearable"},
        ]
        self.bt_scan = []
        self.pending_pairing = {}
        self.phonebooks = {
            "3C:22:FB:91:4D:E0": {
                "contacts": [
                    _contact("ct-a01", "Mum", ("mobile", "+353 87 555 0142"), ("home", "+353 21 555 0190")),
                    _contact("ct-a02", "Tom", ("mobile", "+353 86 555 0177")),
                    _contact("ct-a03", "Dr Aoife Walsh", ("work", "+353 21 555 0311")),
                    _contact("ct-a04", "Leah", ("mobile", "+353 83 555 0128")),
                    _contact("ct-a05", "Kinsale Sailing Club", ("work", "+353 21 555 0466")),
                ],
                "messages": [
                    {"message_id": "msg-7731", "from": "Tom", "body": "Can you grab Leah from hockey at 5? I'm stuck "
                     "in Limerick till 6.", "received": "08:52", "unread": True},
                    {"message_id": "msg-7729", "from": "Mum", "body": "Lunch Sunday still on? I'll do the roast.",
                     "received": "07:15", "unread": True},
                    {"message_id": "msg-7702", "from": "Dr Aoife Walsh", "body": "Reminder: appointment Tuesday "
                     "20 June at 11:30.", "received": "Thu", "unread": False},
                ],
            },
            "A4:83:E7:2C:19:05": {
                "contacts": [
                    _contact("ct-t01", "Amira", ("mobile", "+353 87 555 0163")),
                    _contact("ct-t02", "Coach Declan", ("mobile", "+353 85 555 0109")),
                    _contact("ct-t03", "Mam", ("mobile", "+353 87 555 0142")),
                    _contact("ct-t04", "Garage - Ballincollig Motors", ("work", "+353 21 555 0872")),
                ],
                "messages": [
                    {"message_id": "msg-4410", "from": "Coach Declan", "body": "Training moved to 6pm Tuesday.",
                     "received": "09:05", "unread": True},
                ],
            },
            "4C:11:AE:73:0B:52": {
                "contacts": [
                    _contact("ct-l01", "Dad", ("mobile", "+353 86 555 0177")),
                    _contact("ct-l02", "Mam", ("mobile", "+353 87 555 0163")),
                    _contact("ct-l03", "Saoirse", ("mobile", "+353 83 555 0251")),
                ],
                "messages": [
                    {"message_id": "msg-9120", "from": "Saoirse", "body": "Are you driving to the match? Can I get a "
                     "lift?", "received": "09:31", "unread": True},
                ],
            },
        }
        self.devices = {
            1: {"name": "Amira's iPhone 17", "address": "3C:22:FB:91:4D:E0", "kind": "phone",
                "permissions": ["calls", "media"]},
            2: {"name": "Tom's Pixel 10", "address": "A4:83:E7:2C:19:05", "kind": "phone",
                "permissions": ["calls", "contacts", "media"]},
        }
        self.connected_device = None
        self.next_device = 3
        self.car_contacts = []
        self.calls = []
        self.sent_messages = []
        # Wi-Fi, mobile data, hotspot
        self.networks = [
            {"ssid": "Brennan Home", "security": "WPA2", "signal_dbm": -52, "password": "Okapi-Lantern-42"},
            {"ssid": "Brennan Garage", "security": "WPA2", "signal_dbm": -41, "password": "Okapi-Lantern-42"},
            {"ssid": "eir Guest", "security": "open", "signal_dbm": -77, "password": None},
        ]
        self.wifi_scan = []
        self.wifi_joined = None
        self.hotspot_password = "kite-lumen-7Q2"
        # software
        self.update = {"available": "2028.22.1", "size_gb": 1.8, "downloaded": None, "scheduled": None}
        # navigation
        places = [
            _place("plc_F0TA9", "Fota Wildlife Park", "Fota Island, Carrigtwohill, Co. Cork", 14.2, "attraction"),
            _place("plc_KNS4H", "Kinsale Harbour Car Park", "Pier Road, Kinsale, Co. Cork", 27.5, "parking"),
            _place("plc_MRK2E", "The English Market", "Princes Street, Cork", 4.1, "market"),
            _place("plc_CUH7W", "Cork University Hospital", "Wilton, Cork", 6.3, "hospital"),
            _place("plc_MHN3P", "Mahon Point Shopping Centre", "Mahon, Cork", 5.8, "shopping"),
            _place("plc_BLH8K", "Ballincollig Hockey Club", "Innishmore, Ballincollig, Co. Cork", 9.9, "sport"),
            _place("plc_ORC5T", "Orchard Road Business Park", "Orchard Road, Ballincollig, Co. Cork", 10.4, "office"),
            _place("plc_AIR1C", "Cork Airport", "Kinsale Road, Cork", 8.6, "airport"),
        ]
        chargers = [
            _place("chg_ION2F", "IONITY Fermoy", "M8 Services, Fermoy, Co. Cork", 36.0, "charger", 350, 4),
            _place("chg_ESB6M", "ESB Hub Mahon Point", "Mahon Point, Cork", 5.9, "charger", 150, 2),
            _place("chg_ESB9B", "ESB Ballincollig Town Centre", "Main Street, Ballincollig, Co. Cork", 10.1,
                   "charger", 50, 1),
            _place("chg_KNS3Q", "Kinsale Community Charger", "Long Quay, Kinsale, Co. Cork", 27.8, "charger", 22, 0),
        ]
        self.places = {p["place_id"]: p for p in places + chargers}
        self.saved_places = {"home": {"place_id": "plc_HOME1", "name": "Home", "address": "14 Rosebank, Douglas, Cork",
                                      "distance_km": 0.0, "category": "home"}}
        self.saved_places["work"] = copy.deepcopy(self.places["plc_CUH7W"])
        self.places["plc_HOME1"] = copy.deepcopy(self.saved_places["home"])
        self.route = None
        # USB drive, dashcam
        self.usb = {"present": True, "label": "SANDISK 64GB", "dashcam_folder": False, "music_files": 212}


# --------------------------------------------------------------------------- helpers


def _need(state, setting, message):
    if not state.settings[setting]:
        raise FeatureOff(message)


def _toggle(state, setting, enabled, label):
    if not isinstance(enabled, bool):
        raise ValueError(f"enabled must be true or false, not {enabled!r}")
    if state.settings[setting] == enabled:
        raise AlreadySet(f"{label} is already {'on' if enabled else 'off'}")
    state.settings[setting] = enabled
    return enabled


def _device(state, device_id):
    dev = state.devices.get(device_id)
    if dev is None:
        raise NotFound(f"No paired device {device_id}")
    return dev


def _connected(state, permission=None):
    _need(state, "bluetooth", "Bluetooth is off")
    if state.connected_device is None:
        raise FeatureOff("No phone is connected")
    dev = state.devices[state.connected_device]
    if permission and permission not in dev["permissions"]:
        raise NotAllowed(f"{dev['name']} does not share {permission.replace('_', ' ')} with the car")
    return dev


def _online(state):
    return state.settings["mobile_data"] or state.wifi_joined is not None


def _place_of(state, place_id):
    p = state.places.get(place_id)
    if p is None:
        raise NotFound(f"Unknown place {place_id}")
    return p


# --------------------------------------------------------------------------- profiles and valet mode


def list_profiles(state: State) -> list:
    """List the driver profiles.

    :returns: one row per profile: ``[profile_id, name, active]``.
    """
    return [[pid, p["name"], pid == state.active_profile] for pid, p in sorted(state.profiles.items())]


def create_driver_profile(name: str, state: State) -> str:
    """Create a driver profile for a new driver (at most six).

    :param name: the driver's name as it should appear on the screen.
    :returns: a sentence naming the new profile's number.
    :raises NotAllowed: in valet mode, or with six profiles already.
    """
    if state.settings["valet_mode"]:
        raise NotAllowed("Profiles cannot be changed in valet mode")
    name = name.strip()
    if not name:
        raise ValueError("A profile needs a name")
    if any(p["name"].lower() == name.lower() for p in state.profiles.values()):
        raise AlreadySet(f"There is already a profile called {name}")
    if len(state.profiles) >= 6:
        raise NotAllowed("The car holds at most six driver profiles")
    pid = state.next_profile
    state.next_profile += 1
    state.profiles[pid] = {"name": name, "seat_memory": False}
    return f"Driver profile '{name}' saved as profile {pid}."


def switch_profile(profile_id: int, state: State) -> str:
    """Make a driver profile the active one (seat, mirrors and preferences follow).

    :param profile_id: the profile number.
    :raises AlreadySet: when it is already active.
    """
    if state.settings["valet_mode"]:
        raise NotAllowed("Profiles cannot be changed in valet mode")
    if profile_id not in state.profiles:
        raise NotFound(f"No driver profile {profile_id}")
    if state.active_profile == profile_id:
        raise AlreadySet(f"{state.profiles[profile_id]['name']} is already the active profile")
    state.active_profile = profile_id
    p = state.profiles[profile_id]
    tail = " Seat and mirrors moving to your position." if p["seat_memory"] else " No seat position saved yet."
    return f"Welcome, {p['name']}.{tail}"


def save_seat_memory(profile_id: int, state: State) -> str:
    """Store the current seat, mirror and steering wheel position in a profile. Only the active
    profile can be saved to.

    :param profile_id: the profile number.
    """
    if profile_id not in state.profiles:
        raise NotFound(f"No driver profile {profile_id}")
    if state.active_profile != profile_id:
        raise NotAllowed(f"Profile {profile_id} is not the active profile; positions are saved to the active one")
    state.profiles[profile_id]["seat_memory"] = True
    return f"Seat, mirrors and steering wheel saved for {state.profiles[profile_id]['name']}."


def delete_driver_profile(profile_id: int, state: State) -> str:
    """Delete a driver profile. The active profile cannot be deleted.

    :param profile_id: the profile number.
    """
    if state.settings["valet_mode"]:
        raise NotAllowed("Profiles cannot be changed in valet mode")
    if profile_id not in state.profiles:
        raise NotFound(f"No driver profile {profile_id}")
    if profile_id == state.active_profile:
        raise NotAllowed("The active profile cannot be deleted; switch to another profile first")
    name = state.profiles.pop(profile_id)["name"]
    return f"Deleted profile '{name}'."


def set_valet_pin(pin: str, state: State) -> bool:
    """Set the four-digit PIN that turns valet mode on and off.

    :param pin: four digits.
    :returns: true.
    """
    if not re.fullmatch(r"\d{4}", pin or ""):
        raise ValueError("The valet PIN is four digits")
    if state.settings["valet_mode"]:
        raise NotAllowed("The PIN cannot be changed while valet mode is on")
    if state.valet_pin == pin:
        raise AlreadySet("That is already the valet PIN")
    state.valet_pin = pin
    return True


def enable_valet_mode(pin: str, state: State) -> str:
    """Turn valet mode on: limits speed, locks the glovebox and hides profiles and addresses.

    :param pin: the valet PIN.
    """
    if state.valet_pin is None:
        raise NotAllowed("No valet PIN has been set")
    if pin != state.valet_pin:
        raise NotAllowed("Incorrect PIN")
    if state.settings["valet_mode"]:
        raise AlreadySet("Valet mode is already on")
    state.settings["valet_mode"] = True
    return "Valet mode on: top speed 110 km/h, glovebox locked, profiles and saved places hidden."


def disable_valet_mode(pin: str, state: State) -> str:
    """Turn valet mode off.

    :param pin: the valet PIN.
    """
    if not state.settings["valet_mode"]:
        raise AlreadySet("Valet mode is not on")
    if pin != state.valet_pin:
        raise NotAllowed("Incorrect PIN")
    state.settings["valet_mode"] = False
    return "Valet mode off."


# --------------------------------------------------------------------------- Bluetooth and phones


def set_bluetooth(enabled: bool, state: State) -> bool:
    """Turn Bluetooth on or off.

    :param enabled: true for on.
    :returns: the new setting.
    :raises AlreadySet: when it is already so.
    """
    _toggle(state, "bluetooth", enabled, "Bluetooth")
    if not enabled:
        state.connected_device = None
        state.bt_scan = []
        state.pending_pairing = {}
    return enabled


def scan_for_devices(state: State) -> list:
    """Scan for Bluetooth devices in range that can pair.

    :returns: a list of ``{"address", "name", "kind"}``.
    """
    _need(state, "bluetooth", "Bluetooth is off")
    state.bt_scan = [d["address"] for d in state.in_range]
    return copy.deepcopy(state.in_range)


def request_pairing(address: str, state: State) -> int:
    """Start pairing with a device found by a scan. The car and the device show the same six-digit
    passkey, which the user confirms.

    :param address: the device's Bluetooth address.
    :returns: the passkey.
    """
    _need(state, "bluetooth", "Bluetooth is off")
    if address not in state.bt_scan:
        raise NotFound(f"No device {address} in the last scan")
    for did, dev in state.devices.items():
        if dev["address"] == address:
            raise AlreadySet(f"{dev['name']} is already paired as device {did}")
    passkey = 100000 + int(address.replace(":", ""), 16) % 900000
    state.pending_pairing[address] = passkey
    return passkey


def confirm_pairing(address: str, passkey: int, state: State) -> str:
    """Confirm a pairing request with the passkey both screens show. The new device is connected
    (and any other phone disconnected). It shares calls and media until its permissions are changed.

    :param address: the device's Bluetooth address.
    :param passkey: the six-digit passkey.
    :returns: a sentence naming the new device's number.
    """
    _need(state, "bluetooth", "Bluetooth is off")
    if address not in state.pending_pairing:
        raise NotFound(f"No pairing request for {address}")
    if passkey != state.pending_pairing[address]:
        raise NotAllowed("Passkey does not match; pairing cancelled")
    del state.pending_pairing[address]
    info = next(d for d in state.in_range if d["address"] == address)
    did = state.next_device
    state.next_device += 1
    state.devices[did] = {"name": info["name"], "address": address, "kind": info["kind"],
                          "permissions": ["calls", "media"]}
    state.connected_device = did
    return f"Paired and connected: {info['name']} (device {did})."


def list_paired_devices(state: State) -> list:
    """List paired devices.

    :returns: rows ``[device_id, name, connected, permissions]``.
    """
    return [[did, d["name"], did == state.connected_device, sorted(d["permissions"])]
            for did, d in sorted(state.devices.items())]


def connect_device(device_id: int, state: State) -> str:
    """Connect a paired device (another connected phone is disconnected).

    :param device_id: the paired device's number.
    """
    _need(state, "bluetooth", "Bluetooth is off")
    dev = _device(state, device_id)
    if state.connected_device == device_id:
        raise AlreadySet(f"{dev['name']} is already connected")
    state.connected_device = device_id
    state.car_contacts = []
    return f"Connected to {dev['name']}."


def forget_device(device_id: int, state: State) -> str:
    """Unpair a device and remove what the car synced from it.

    :param device_id: the paired device's number.
    """
    dev = _device(state, device_id)
    if state.connected_device == device_id:
        state.connected_device = None
        state.car_contacts = []
    del state.devices[device_id]
    return f"Forgot {dev['name']}."


def set_device_permissions(device_id: int, permissions: List[str], state: State) -> list:
    """Choose what a paired phone shares with the car (replaces the current choice).

    :param device_id: the paired device's number.
    :param permissions: what it may share, e.g. ``["calls", "media"]``.
    :returns: the permissions now granted.
    """
    dev = _device(state, device_id)
    wanted = sorted(set(permissions))
    bad = [p for p in wanted if p not in _PERMISSIONS]
    if bad:
        raise ValueError(f"Unknown permission {bad[0]!r}; choose from {', '.join(_PERMISSIONS)}")
    if wanted == sorted(dev["permissions"]):
        raise AlreadySet(f"{dev['name']} already shares exactly those")
    dev["permissions"] = wanted
    if "contacts" not in wanted and state.connected_device == device_id:
        state.car_contacts = []
    return wanted


def sync_contacts(device_id: int, state: State) -> int:
    """Copy the contacts of the connected phone into the car.

    :param device_id: the connected phone's number.
    :returns: how many contacts were synced.
    """
    dev = _device(state, device_id)
    _need(state, "bluetooth", "Bluetooth is off")
    if state.connected_device != device_id:
        raise FeatureOff(f"{dev['name']} is not connected")
    if "contacts" not in dev["permissions"]:
        raise NotAllowed(f"{dev['name']} does not share contacts with the car")
    state.car_contacts = copy.deepcopy(state.phonebooks[dev["address"]]["contacts"])
    return len(state.car_contacts)


def search_contacts(query: str, state: State) -> list:
    """Search the contacts synced into the car by name.

    :param query: part of a name.
    :returns: rows ``[contact_id, name, [[label, number], ...]]``.
    """
    if not state.car_contacts:
        raise FeatureOff("No contacts in the car; sync a phone's contacts first")
    q = query.strip().lower()
    return [[c["contact_id"], c["name"], copy.deepcopy(c["numbers"])] for c in state.car_contacts
            if q in c["name"].lower()]


def place_call(number: str, state: State) -> str:
    """Call a number through the connected phone.

    :param number: the number to dial.
    """
    dev = _connected(state, "calls")
    digits = re.sub(r"[^\d+]", "", number or "")
    if not re.fullmatch(r"\+?\d{7,15}", digits):
        raise ValueError(f"{number!r} is not a phone number")
    name = next((c["name"] for c in state.car_contacts for _, n in c["numbers"] if re.sub(r"[^\d+]", "", n) == digits),
                number)
    state.calls.append({"number": digits, "via": dev["name"]})
    return f"Calling {name} on {dev['name']}..."


def read_messages(unread_only: Optional[bool] = None, state: State = None) -> list:
    """Read the connected phone's recent text messages aloud and on screen; they are then marked read.

    :param unread_only: only unread messages.
    :returns: a list of ``{"message_id", "from", "body", "received", "unread"}``.
    """
    dev = _connected(state, "messages")
    msgs = state.phonebooks[dev["address"]]["messages"]
    out = [copy.deepcopy(m) for m in msgs if not unread_only or m["unread"]]
    for m in msgs:
        if not unread_only or m["unread"]:
            m["unread"] = False
    return out


def reply_to_message(message_id: str, body: str, state: State) -> str:
    """Reply to a text message on the connected phone.

    :param message_id: the message replied to.
    :param body: the reply.
    """
    dev = _connected(state, "messages")
    msg = next((m for m in state.phonebooks[dev["address"]]["messages"] if m["message_id"] == message_id), None)
    if msg is None:
        raise NotFound(f"No message {message_id} on {dev['name']}")
    if not body.strip():
        raise ValueError("The reply is empty")
    state.sent_messages.append({"to": msg["from"], "body": body, "in_reply_to": message_id})
    return f"Reply sent to {msg['from']}."


def send_message(contact_id: str, body: str, state: State) -> str:
    """Send a text message to a synced contact through the connected phone.

    :param contact_id: the contact.
    :param body: the message.
    """
    dev = _connected(state, "messages")
    c = next((c for c in state.car_contacts if c["contact_id"] == contact_id), None)
    if c is None:
        raise NotFound(f"No contact {contact_id} in the car")
    if not body.strip():
        raise ValueError("The message is empty")
    state.sent_messages.append({"to": c["name"], "body": body, "via": dev["name"]})
    return f"Message sent to {c['name']}."


# --------------------------------------------------------------------------- Wi-Fi, data, hotspot, updates


def set_wifi(enabled: bool, state: State) -> bool:
    """Turn the car's Wi-Fi on or off.

    :param enabled: true for on.
    :returns: the new setting.
    """
    _toggle(state, "wifi", enabled, "Wi-Fi")
    if not enabled:
        state.wifi_joined = None
        state.wifi_scan = []
    return enabled


def scan_wifi_networks(state: State) -> list:
    """Scan for Wi-Fi networks in range.

    :returns: a list of ``{"ssid", "security", "signal_dbm"}``, strongest first.
    """
    _need(state, "wifi", "Wi-Fi is off")
    state.wifi_scan = [n["ssid"] for n in state.networks]
    rows = [{"ssid": n["ssid"], "security": n["security"], "signal_dbm": n["signal_dbm"]} for n in state.networks]
    return sorted(rows, key=lambda r: -r["signal_dbm"])


def join_wifi(ssid: str, password: Optional[str] = None, state: State = None) -> str:
    """Join a Wi-Fi network found by the last scan.

    :param ssid: the network name.
    :param password: its password, for a secured network.
    """
    _need(state, "wifi", "Wi-Fi is off")
    if ssid not in state.wifi_scan:
        raise NotFound(f"Network '{ssid}' not found; scan for networks first")
    net = next(n for n in state.networks if n["ssid"] == ssid)
    if state.wifi_joined == ssid:
        raise AlreadySet(f"Already connected to '{ssid}'")
    if net["password"] is not None and password != net["password"]:
        raise NotAllowed(f"Wrong password for '{ssid}'")
    state.wifi_joined = ssid
    return f"Connected to '{ssid}'."


def set_mobile_data(enabled: bool, state: State) -> bool:
    """Turn the car's mobile data on or off (off also stops the hotspot).

    :param enabled: true for on.
    :returns: the new setting.
    """
    _toggle(state, "mobile_data", enabled, "Mobile data")
    if not enabled:
        state.settings["hotspot"] = False
    return enabled


def set_hotspot(enabled: bool, state: State) -> bool:
    """Share the car's mobile data over its own Wi-Fi hotspot.

    :param enabled: true for on.
    :returns: the new setting.
    """
    if enabled:
        _need(state, "mobile_data", "The hotspot needs mobile data, which is off")
    return _toggle(state, "hotspot", enabled, "The hotspot")


def get_hotspot_password(state: State) -> str:
    """The password of the car's hotspot, to read out to passengers.

    :returns: the password.
    """
    _need(state, "hotspot", "The hotspot is off")
    return state.hotspot_password


def check_for_updates(state: State) -> str:
    """Ask for a newer software version (needs an internet connection).

    :returns: the available version, or a sentence saying the software is up to date.
    """
    if not _online(state):
        raise FeatureOff("No internet connection: join Wi-Fi or turn on mobile data")
    if state.update["available"] is None:
        return f"Software {state.vehicle['software']} is up to date."
    return state.update["available"]


def download_update(version: str, state: State) -> str:
    """Download an available software version. Updates download over Wi-Fi only.

    :param version: the version to download.
    """
    if state.wifi_joined is None:
        raise FeatureOff("Software updates download over Wi-Fi only; join a Wi-Fi network")
    if version != state.update["available"]:
        raise NotFound(f"No update {version} is available")
    if state.update["downloaded"] == version:
        raise AlreadySet(f"{version} is already downloaded")
    state.update["downloaded"] = version
    return f"Downloaded {version} ({state.update['size_gb']} GB) over '{state.wifi_joined}'; ready to install."


def install_update(version: str, when: InstallWhen = "now", state: State = None) -> str:
    """Install a downloaded update now (the car must be in Park, battery at least 20%), or schedule it
    for tonight at 02:00.

    :param version: the downloaded version.
    :param when: ``now`` or ``tonight``.
    """
    if when not in ("now", "tonight"):
        raise ValueError("when is 'now' or 'tonight'")
    if state.update["downloaded"] != version:
        raise NotAllowed(f"{version} has not been downloaded")
    if when == "tonight":
        if state.update["scheduled"] == version:
            raise AlreadySet(f"{version} is already scheduled for tonight")
        state.update["scheduled"] = version
        return f"Installation of {version} scheduled for 02:00 tonight."
    if state.vehicle["gear"] != "P" or state.vehicle["battery_percent"] < 20:
        raise NotAllowed("Install needs the car in Park with at least 20% battery")
    state.vehicle["software"] = version
    state.update = {"available": None, "size_gb": None, "downloaded": None, "scheduled": None}
    return f"Installed {version}; the screen will restart in 25 minutes."


def cancel_scheduled_install(state: State) -> str:
    """Cancel tonight's scheduled installation (the download is kept)."""
    if state.update["scheduled"] is None:
        raise NotFound("No installation is scheduled")
    version = state.update["scheduled"]
    state.update["scheduled"] = None
    return f"Cancelled the scheduled installation of {version}."


# --------------------------------------------------------------------------- navigation


def set_location_services(enabled: bool, state: State) -> bool:
    """Turn location services (GPS positioning for maps, search and routes) on or off.

    :param enabled: true for on.
    :returns: the new setting.
    """
    _toggle(state, "location_services", enabled, "Location services")
    if not enabled:
        state.route = None
    return enabled


def search_places(query: str, state: State) -> list:
    """Search for places near the car by name or category.

    :param query: a name or category, e.g. ``market``.
    :returns: up to five ``{"place_id", "name", "address", "distance_km", "category"}``, nearest first.
    """
    _need(state, "location_services", "Location services are off; turn them on to search nearby")
    q = query.strip().lower()
    hits = [copy.deepcopy(p) for p in state.places.values() if p["category"] not in ("charger", "home")
            and (q in p["name"].lower() or q == p["category"] or q in p["address"].lower())]
    return sorted(hits, key=lambda p: p["distance_km"])[:5]


def find_chargers(min_power_kw: Optional[int] = None, state: State = None) -> list:
    """Public chargers near the car, nearest first.

    :param min_power_kw: only chargers at least this fast.
    :returns: places with ``power_kw`` and ``free_bays``.
    """
    _need(state, "location_services", "Location services are off; turn them on to find chargers")
    hits = [copy.deepcopy(p) for p in state.places.values() if p["category"] == "charger"
            and (min_power_kw is None or p["power_kw"] >= min_power_kw)]
    return sorted(hits, key=lambda p: p["distance_km"])


def start_navigation(place_id: str, state: State) -> str:
    """Start route guidance to a place (replaces any current route).

    :param place_id: the destination.
    """
    _need(state, "location_services", "Location services are off; routes need your position")
    p = _place_of(state, place_id)
    if state.route and state.route["destination"] == place_id:
        raise AlreadySet(f"Already navigating to {p['name']}")
    state.route = {"destination": place_id, "stops": []}
    minutes = int(p["distance_km"] * 1.6) + 4
    h, m = divmod(9 * 60 + 40 + minutes, 60)
    return f"Route to {p['name']}: {p['distance_km']} km, arriving {h:02d}:{m:02d}."


def add_stop(place_id: str, state: State) -> list:
    """Add a stop on the way to the current destination.

    :param place_id: the stop.
    :returns: the route's names in order, the destination last.
    """
    if state.route is None:
        raise FeatureOff("No route is active")
    p = _place_of(state, place_id)
    if place_id == state.route["destination"] or place_id in state.route["stops"]:
        raise AlreadySet(f"{p['name']} is already on the route")
    state.route["stops"].append(place_id)
    return [state.places[x]["name"] for x in state.route["stops"] + [state.route["destination"]]]


def end_navigation(state: State) -> str:
    """End route guidance."""
    if state.route is None:
        raise FeatureOff("No route is active")
    name = state.places[state.route["destination"]]["name"]
    state.route = None
    return f"Navigation to {name} ended."


def save_place(place_id: str, label: SaveLabel, state: State) -> str:
    """Save a place as home or work.

    :param place_id: the place.
    :param label: ``home`` or ``work``.
    """
    if label not in ("home", "work"):
        raise ValueError("label is 'home' or 'work'")
    if state.settings["valet_mode"]:
        raise NotAllowed("Saved places are hidden in valet mode")
    p = _place_of(state, place_id)
    if state.saved_places.get(label, {}).get("place_id") == place_id:
        raise AlreadySet(f"{p['name']} is already saved as {label}")
    state.saved_places[label] = copy.deepcopy(p)
    return f"Saved {p['name']} as {label}."


def list_saved_places(state: State) -> dict:
    """The saved home and work places.

    :returns: ``{"home": place, "work": place}`` for those saved.
    """
    if state.settings["valet_mode"]:
        raise NotAllowed("Saved places are hidden in valet mode")
    return copy.deepcopy(state.saved_places)


# --------------------------------------------------------------------------- vehicle


def set_charge_limit(percent: int, state: State) -> int:
    """Set the charge limit (50-100%).

    :param percent: the new limit.
    :returns: the new limit.
    """
    if not isinstance(percent, int) or not 50 <= percent <= 100:
        raise ValueError("The charge limit is a whole number from 50 to 100")
    if state.vehicle["charge_limit"] == percent:
        raise AlreadySet(f"The charge limit is already {percent}%")
    state.vehicle["charge_limit"] = percent
    return percent


def set_climate(on: bool, state: State) -> bool:
    """Turn the climate system on or off (heating and cooling while parked use the battery).

    :param on: true for on.
    :returns: the new setting.
    """
    _toggle(state, "climate", on, "Climate")
    if not on:
        state.seat_heaters = {k: 0 for k in state.seat_heaters}
    return on


def set_seat_heater(seat: Seat, level: HeatLevel, state: State) -> str:
    """Set a seat heater's level. Seat heaters run only while the climate is on.

    :param seat: which seat.
    :param level: 0 (off) to 3.
    """
    seat = Seat(seat)
    level = HeatLevel(level)
    _need(state, "climate", "Climate is off; seat heaters run only with the climate on")
    if state.seat_heaters[seat.value] == int(level):
        raise AlreadySet(f"The {seat.value.replace('_', ' ')} seat heater is already at {int(level)}")
    state.seat_heaters[seat.value] = int(level)
    return f"{seat.value.replace('_', ' ').capitalize()} seat heater at {int(level)}."


def set_drive_mode(mode: str, state: State) -> str:
    """Change the drive mode.

    :param mode: the drive mode.
    :returns: the new mode.
    """
    if mode not in _DRIVE_MODES:
        raise ValueError(f"Unknown drive mode {mode!r}; choose from {', '.join(_DRIVE_MODES)}")
    if state.settings["valet_mode"]:
        raise NotAllowed("The drive mode is locked to chill in valet mode")
    if state.settings["drive_mode"] == mode:
        raise AlreadySet(f"Drive mode is already {mode}")
    state.settings["drive_mode"] = mode
    return mode


def select_audio_source(source: AudioSource, state: State) -> str:
    """Switch the audio source. Bluetooth audio plays from the connected phone (it must share
    media); streaming needs an internet connection; USB plays music files on the USB drive.

    :param source: the source.
    """
    source = AudioSource(source)
    if state.settings["audio_source"] == source.value:
        raise AlreadySet(f"Already playing from {source.value}")
    label = {"fm": "FM radio", "dab": "DAB radio", "usb": "USB", "streaming": "Aurora Streaming"}.get(source.value)
    if source is AudioSource.BLUETOOTH:
        dev = _connected(state, "media")
        label = f"Bluetooth ({dev['name']})"
    elif source is AudioSource.STREAMING and not _online(state):
        raise FeatureOff("Streaming needs an internet connection: join Wi-Fi or turn on mobile data")
    elif source is AudioSource.USB and not state.usb["music_files"]:
        raise NotFound("No music files on the USB drive")
    state.settings["audio_source"] = source.value
    return f"Now playing from {label}."


def format_usb_drive(confirm: bool, state: State) -> str:
    """Erase the USB drive and prepare it for dashcam and sentry recordings.

    :param confirm: must be true: everything on the drive is erased.
    """
    if confirm is not True:
        raise ValueError("Formatting erases the drive; pass confirm=true")
    if not state.usb["present"]:
        raise NotFound("No USB drive in the glovebox port")
    erased = state.usb["music_files"]
    state.usb.update({"dashcam_folder": True, "music_files": 0})
    return f"USB drive {state.usb['label']} formatted for recordings ({erased} files erased)."


def set_dashcam(enabled: bool, state: State) -> bool:
    """Turn the dashcam on or off. It records to a USB drive formatted for it.

    :param enabled: true for on.
    :returns: the new setting.
    """
    if enabled and not state.usb["dashcam_folder"]:
        raise FeatureOff("The USB drive is not formatted for recordings; format it first")
    if not enabled:
        state.settings["sentry_mode"] = False
    return _toggle(state, "dashcam", enabled, "The dashcam")


def set_sentry_mode(enabled: bool, state: State) -> bool:
    """Turn sentry mode (recording around the parked car) on or off. Needs the dashcam on.

    :param enabled: true for on.
    :returns: the new setting.
    """
    if enabled:
        _need(state, "dashcam", "Sentry mode records through the dashcam, which is off")
    return _toggle(state, "sentry_mode", enabled, "Sentry mode")


def get_vehicle_status(state: State) -> dict:
    """Battery, gear, software version and every setting at a glance."""
    out = copy.deepcopy(state.vehicle)
    out["settings"] = copy.deepcopy(state.settings)
    out["connected_phone"] = state.devices[state.connected_device]["name"] if state.connected_device else None
    out["wifi_network"] = state.wifi_joined
    out["navigating_to"] = state.places[state.route["destination"]]["name"] if state.route else None
    out["seat_heaters"] = dict(state.seat_heaters)
    return out


TOOLS = [
    list_profiles, create_driver_profile, switch_profile, save_seat_memory, delete_driver_profile, set_valet_pin,
    enable_valet_mode, disable_valet_mode,
    set_bluetooth, scan_for_devices, request_pairing, confirm_pairing, list_paired_devices, connect_device,
    forget_device, set_device_permissions, sync_contacts, search_contacts, place_call, read_messages,
    reply_to_message, send_message,
    set_wifi, scan_wifi_networks, join_wifi, set_mobile_data, set_hotspot, get_hotspot_password,
    check_for_updates, download_update, install_update, cancel_scheduled_install,
    set_location_services, search_places, find_chargers, start_navigation, add_stop, end_navigation, save_place,
    list_saved_places,
    set_charge_limit, set_climate, set_seat_heater, set_drive_mode, select_audio_source, format_usb_drive,
    set_dashcam, set_sentry_mode, get_vehicle_status,
]

FIXTURES = {
    "car": {"model": "Aurora Lumen EV", "owners": ["Amira Brennan", "Tom Brennan"], "home": "Douglas, Cork",
            "now": "Saturday 17 June 2028, 09:40, parked in the drive"},
    "household": {
        "drivers": ["Amira (her iPhone 17)", "Tom (his Pixel 10)",
                    "Leah, their daughter, who passed her driving test this week (her Galaxy S27)"],
        "home_wifi": {"name": "Brennan Home", "password": "Okapi-Lantern-42"},
        "valet_pin_wanted": "4821",
        "says": ["Amira wants her contacts and texts in the car", "Tom's mother is 'Mam' in his phone and 'Mum' in "
                 "Amira's", "Tom's new job is at Orchard Road Business Park in Ballincollig",
                 "Leah has hockey at Ballincollig Hockey Club"],
    },
}

_BT_ON = "setting: Bluetooth on"

GROUND_TRUTH = [
    # profiles and valet mode
    ("create_driver_profile|list_profiles", "switch_profile",
     "id lookup/create: profile number (list row [0], or the number in the new-profile sentence)"),
    ("create_driver_profile|list_profiles", "save_seat_memory",
     "id lookup/create: profile number (list row [0], or the number in the new-profile sentence)"),
    ("list_profiles", "delete_driver_profile", "id lookup: profile number (list row [0])"),
    ("switch_profile", "save_seat_memory", "state: only the active profile takes a seat position"),
    ("set_valet_pin", "enable_valet_mode", "state: a valet PIN set"),
    ("enable_valet_mode", "disable_valet_mode", "state: valet mode on"),
    # Bluetooth, pairing and the phone
    ("set_bluetooth", "scan_for_devices", _BT_ON),
    ("set_bluetooth", "request_pairing", _BT_ON),
    ("set_bluetooth", "connect_device", _BT_ON),
    ("scan_for_devices", "request_pairing", "vocabulary: the address of a device in range (address)"),
    ("request_pairing", "confirm_pairing", "value: the pairing passkey (bare integer)"),
    ("list_paired_devices", "connect_device", "id lookup: device number (list row [0])"),
    ("confirm_pairing|list_paired_devices", "set_device_permissions",
     "id lookup/create: device number (list row [0], or the number in the pairing sentence)"),
    ("confirm_pairing|list_paired_devices", "sync_contacts",
     "id lookup/create: device number (list row [0], or the number in the pairing sentence)"),
    ("confirm_pairing|list_paired_devices", "forget_device",
     "id lookup/create: device number (list row [0], or the number in the pairing sentence)"),
    ("connect_device", "sync_contacts", "state: the phone connected"),
    ("set_device_permissions", "sync_contacts", "setting: the phone shares contacts"),
    ("set_device_permissions", "send_message", "setting: the phone shares messages"),
    ("set_device_permissions", "read_messages", "setting: the phone shares messages"),
    ("connect_device|confirm_pairing", "read_messages", "state: a phone connected"),
    ("connect_device|confirm_pairing", "place_call", "state: a phone connected"),
    ("connect_device|confirm_pairing", "select_audio_source", "state: a phone connected for Bluetooth audio"),
    ("sync_contacts", "search_contacts", "state: contacts synced into the car"),
    ("search_contacts", "place_call", "value: the contact's number (row [2][i][1])"),
    ("search_contacts", "send_message", "id lookup: contact id (row [0])"),
    ("read_messages", "reply_to_message", "id lookup: message id (message_id)"),
    # Wi-Fi, data, hotspot and updates
    ("set_wifi", "scan_wifi_networks", "setting: Wi-Fi on"),
    ("set_wifi", "join_wifi", "setting: Wi-Fi on"),
    ("scan_wifi_networks", "join_wifi", "state: the network seen by the last scan"),
    ("join_wifi|set_mobile_data", "check_for_updates", "state: an internet connection"),
    ("join_wifi|set_mobile_data", "select_audio_source", "state: an internet connection for streaming"),
    ("join_wifi", "download_update", "state: on Wi-Fi (updates download over Wi-Fi only)"),
    ("check_for_updates", "download_update", "value: the available version (bare string)"),
    ("download_update", "install_update", "state: the update downloaded"),
    ("install_update", "cancel_scheduled_install", "state: an installation scheduled"),
    ("set_mobile_data", "set_hotspot", "setting: mobile data on"),
    ("set_hotspot", "get_hotspot_password", "setting: hotspot on"),
    # navigation
    ("set_location_services", "search_places", "setting: location services on"),
    ("set_location_services", "find_chargers", "setting: location services on"),
    ("set_location_services", "start_navigation", "setting: location services on"),
    ("search_places|find_chargers|list_saved_places", "start_navigation", "id lookup: place id (place_id)"),
    ("search_places|find_chargers", "add_stop", "id lookup: place id (place_id)"),
    ("start_navigation", "add_stop", "state: a route active"),
    ("start_navigation", "end_navigation", "state: a route active"),
    ("search_places", "save_place", "id lookup: place id (place_id)"),
    # vehicle
    ("set_climate", "set_seat_heater", "setting: climate on"),
    ("format_usb_drive", "set_dashcam", "state: USB drive formatted for recordings"),
    ("set_dashcam", "set_sentry_mode", "setting: dashcam on"),
]

PLAUSIBLE = {
    ("scan_for_devices", "confirm_pairing"), ("set_bluetooth", "confirm_pairing"), ("set_bluetooth", "sync_contacts"),
    ("set_bluetooth", "place_call"), ("set_bluetooth", "read_messages"), ("set_bluetooth", "send_message"),
    ("set_bluetooth", "reply_to_message"), ("set_bluetooth", "select_audio_source"),
    ("set_device_permissions", "reply_to_message"), ("connect_device", "reply_to_message"),
    ("connect_device", "send_message"), ("confirm_pairing", "send_message"), ("connect_device", "search_contacts"),
    ("set_device_permissions", "search_contacts"), ("list_paired_devices", "read_messages"),
    ("list_paired_devices", "place_call"), ("list_paired_devices", "select_audio_source"),
    ("set_wifi", "check_for_updates"), ("set_wifi", "download_update"), ("scan_wifi_networks", "check_for_updates"),
    ("scan_wifi_networks", "download_update"), ("set_wifi", "select_audio_source"),
    ("check_for_updates", "install_update"), ("join_wifi", "install_update"), ("download_update", "cancel_scheduled_install"),
    ("set_mobile_data", "get_hotspot_password"), ("set_location_services", "add_stop"),
    ("set_location_services", "end_navigation"), ("search_places", "end_navigation"),
    ("save_place", "list_saved_places"), ("save_place", "start_navigation"), ("set_valet_pin", "disable_valet_mode"),
    ("create_driver_profile", "delete_driver_profile"),
    ("format_usb_drive", "set_sentry_mode"), ("sync_contacts", "place_call"), ("sync_contacts", "send_message"),
}
