"""DeviceKit: a phone's settings, contacts, messages, reminders, clock and online lookups (32 tools).

Written in the manner of an on-device assistant sandbox: every tool is a typed function whose whole
state lives on the ``DeviceState`` it is handed (nothing at module level changes); refusals are
exceptions (``ValueError`` for bad or redundant input, ``PermissionError`` for a service the
settings forbid, ``ConnectionError`` without a network, ``KeyError`` for unknown ids). Setting a
setting to the value it already has raises, as a strict settings service would. Search tools take
optional filters and raise when none is given. The fresh phone is in low battery mode, with Wi-Fi,
cellular service and location service off; its clock is fixed at 2025-10-06 09:30 (UTC-7).

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as
provider means either tool satisfies it, and the text of ``what`` before its first ``:`` is the kind.
"""

from __future__ import annotations

import datetime as dt
import enum
import math
import re
import uuid
from dataclasses import dataclass, field
from typing import Literal, Optional

UTC_OFFSET_HOURS = -7
NOW = dt.datetime(2025, 10, 6, 9, 30, tzinfo=dt.timezone(dt.timedelta(hours=UTC_OFFSET_HOURS))).timestamp()
_IDS = uuid.UUID("6f1d3c2e-4b7a-4e21-9a0c-2d5e8f7b1c33")


class RingerMode(enum.Enum):
    """How the phone announces calls and messages."""

    RING = "ring"
    VIBRATE = "vibrate"
    SILENT = "silent"


def _seed_contacts() -> dict:
    rows = [("c1f0a3d2-0001-4d5e-8a11-3b2c1d0e9f01", "Alex Rivera", "+15035550100", None, True),
            ("c1f0a3d2-0002-4d5e-8a11-3b2c1d0e9f02", "Carmen Rivera", "+15035550142", "mother", False),
            ("c1f0a3d2-0003-4d5e-8a11-3b2c1d0e9f03", "Jordan Lee", "+15035550123", "friend", False),
            ("c1f0a3d2-0004-4d5e-8a11-3b2c1d0e9f04", "Priya Nair", "+15035550188", "coworker", False)]
    return {pid: {"person_id": pid, "name": name, "phone_number": phone, "relationship": rel, "is_self": me}
            for pid, name, phone, rel, me in rows}


def _seed_messages() -> dict:
    rows = [("m-7d21", "+15035550142", "+15035550100", "Don't forget dinner on Sunday! Bring the salad bowl.", NOW - 7200),
            ("m-7d22", "+15035550177", "+15035550100", "Your package is waiting at the front desk.", NOW - 5400),
            ("m-7d23", "+15035550100", "+15035550123", "Running 10 min late, order without me", NOW - 86400)]
    return {mid: {"message_id": mid, "sender_phone_number": sender, "recipient_phone_number": recipient,
                  "content": content, "creation_timestamp": ts} for mid, sender, recipient, content, ts in rows}


def _seed_reminders() -> dict:
    return {"r-31a0": {"reminder_id": "r-31a0", "content": "Renew passport", "creation_timestamp": NOW - 3 * 86400,
                       "reminder_timestamp": NOW + 10 * 86400, "latitude": None, "longitude": None}}


def _seed_places() -> list:
    rows = [("Blue Door Coffee", "cafe", "1120 SW 5th Ave, Portland, OR", 45.5152, -122.6784),
            ("Harbor Pharmacy", "pharmacy", "404 SW Morrison St, Portland, OR", 45.5195, -122.6762),
            ("Fernhill Market", "grocery", "2210 NE Alberta St, Portland, OR", 45.5590, -122.6420),
            ("Lan Su Garden", "park", "239 NW Everett St, Portland, OR", 45.5253, -122.6731),
            ("Ramen Kiyo", "restaurant", "835 NW 23rd Ave, Portland, OR", 45.5286, -122.6984),
            ("Seaside Chowder House", "restaurant", "20 N Promenade, Seaside, OR", 45.9932, -123.9226)]
    return [{"name": n, "category": c, "address": a, "latitude": lat, "longitude": lon} for n, c, a, lat, lon in rows]


@dataclass
class DeviceState:
    now: float = NOW
    wifi: bool = False
    cellular: bool = False
    location_service: bool = False
    low_battery_mode: bool = True
    battery_level: int = 9
    ringer_mode: str = "ring"
    location: dict = field(default_factory=lambda: {"latitude": 45.5231, "longitude": -122.6765})
    contacts: dict = field(default_factory=_seed_contacts)
    messages: dict = field(default_factory=_seed_messages)
    reminders: dict = field(default_factory=_seed_reminders)
    places: list = field(default_factory=_seed_places)
    exchange_rates: dict = field(default_factory=lambda: {"USD": 1.0, "EUR": 0.853, "GBP": 0.744, "JPY": 147.9,
                                                          "CAD": 1.394, "MXN": 18.43})
    counter: int = 0


State = DeviceState


def _new_id(state: DeviceState, kind: str) -> str:
    state.counter += 1
    return str(uuid.uuid5(_IDS, f"{kind}-{state.counter}"))


def _tz() -> dt.timezone:
    return dt.timezone(dt.timedelta(hours=UTC_OFFSET_HOURS))


def _phone(phone_number: str) -> str:
    """The number in E.164-like form ('+15035550142'); ValueError when it is not a phone number."""
    digits = re.sub(r"[\s().-]", "", phone_number)
    if not re.fullmatch(r"\+?\d{7,15}", digits):
        raise ValueError(f"Invalid phone number: {phone_number!r}")
    return digits if digits.startswith("+") else "+1" + digits[-10:] if len(digits) >= 10 else digits


def _setting(state: DeviceState, attr: str, label: str, on: bool) -> None:
    if getattr(state, attr) == on:
        raise ValueError(f"{label} is already {'on' if on else 'off'}")
    setattr(state, attr, on)


def _need_wifi(state: DeviceState) -> None:
    if not state.wifi:
        raise ConnectionError("Wifi is not enabled")


def _here(state: DeviceState, latitude: Optional[float], longitude: Optional[float]) -> tuple[float, float]:
    if (latitude is None) != (longitude is None):
        raise ValueError("latitude and longitude must be given together")
    if latitude is None:
        here = get_current_location(state)
        return here["latitude"], here["longitude"]
    if not (-90 <= latitude <= 90 and -180 <= longitude <= 180):
        raise ValueError("latitude must be within [-90, 90] and longitude within [-180, 180]")
    return latitude, longitude


def _km(a: tuple[float, float], b: tuple[float, float]) -> float:
    lat1, lon1, lat2, lon2 = map(math.radians, (*a, *b))
    h = math.sin((lat2 - lat1) / 2) ** 2 + math.cos(lat1) * math.cos(lat2) * math.sin((lon2 - lon1) / 2) ** 2
    return 2 * 6371 * math.asin(math.sqrt(h))


def _future(state: DeviceState, timestamp: float) -> float:
    if timestamp <= state.now:
        raise ValueError("Reminder timestamp must be in the future")
    return float(timestamp)


# ----------------------------------------------------------------------------- settings

def get_wifi_status(state: DeviceState) -> bool:
    """Whether Wi-Fi is on."""
    return state.wifi


def set_wifi_status(on: bool, state: DeviceState) -> None:
    """Turn Wi-Fi on or off."""
    if on and state.low_battery_mode and not state.wifi:
        raise PermissionError("Cannot turn on wifi in low battery mode")
    _setting(state, "wifi", "Wifi", on)


def get_cellular_service_status(state: DeviceState) -> bool:
    """Whether cellular service is on."""
    return state.cellular


def set_cellular_service_status(on: bool, state: DeviceState) -> None:
    """Turn cellular service on or off."""
    _setting(state, "cellular", "Cellular service", on)


def get_location_service_status(state: DeviceState) -> bool:
    """Whether location service is on."""
    return state.location_service


def set_location_service_status(on: bool, state: DeviceState) -> None:
    """Turn location service on or off."""
    if on and state.low_battery_mode and not state.location_service:
        raise PermissionError("Cannot turn on location service in low battery mode")
    _setting(state, "location_service", "Location service", on)


def get_low_battery_mode_status(state: DeviceState) -> bool:
    """Whether low battery mode is on."""
    return state.low_battery_mode


def set_low_battery_mode_status(on: bool, state: DeviceState) -> None:
    """Turn low battery mode on or off. Turning it on also turns off Wi-Fi and location service."""
    _setting(state, "low_battery_mode", "Low battery mode", on)
    if on:
        state.wifi = state.location_service = False


def get_battery_level(state: DeviceState) -> int:
    """Battery charge in percent."""
    return state.battery_level


def get_ringer_mode(state: DeviceState) -> str:
    """The ringer mode: 'ring', 'vibrate' or 'silent'."""
    return state.ringer_mode


def set_ringer_mode(mode: RingerMode, state: DeviceState) -> None:
    """Set the ringer mode."""
    value = RingerMode(mode.value if isinstance(mode, RingerMode) else mode).value
    if value == state.ringer_mode:
        raise ValueError(f"Ringer mode is already {value}")
    state.ringer_mode = value


# ----------------------------------------------------------------------------- contacts

def add_contact(name: str, phone_number: str, relationship: Optional[str] = None, is_self: bool = False,
                state: DeviceState = None) -> str:
    """Add a contact and return its person_id."""
    if not name.strip():
        raise ValueError("name must not be empty")
    phone = _phone(phone_number)
    if any(c["phone_number"] == phone for c in state.contacts.values()):
        raise ValueError(f"A contact with phone number {phone} already exists")
    if is_self and any(c["is_self"] for c in state.contacts.values()):
        raise ValueError("There is already a contact for the owner of this phone")
    pid = _new_id(state, "contact")
    state.contacts[pid] = {"person_id": pid, "name": name.strip(), "phone_number": phone,
                           "relationship": relationship, "is_self": is_self}
    return pid


def search_contacts(person_id: Optional[str] = None, name: Optional[str] = None, phone_number: Optional[str] = None,
                    relationship: Optional[str] = None, is_self: Optional[bool] = None,
                    state: DeviceState = None) -> list[dict]:
    """Search contacts; every given filter must match (name and relationship: case-insensitive substring)."""
    if all(v is None for v in (person_id, name, phone_number, relationship, is_self)):
        raise ValueError("No search criteria provided")
    phone = _phone(phone_number) if phone_number is not None else None
    found = []
    for c in state.contacts.values():
        if ((person_id is None or c["person_id"] == person_id)
                and (name is None or name.strip().lower() in c["name"].lower())
                and (phone is None or c["phone_number"] == phone)
                and (relationship is None or relationship.strip().lower() in (c["relationship"] or "").lower())
                and (is_self is None or c["is_self"] == is_self)):
            found.append(dict(c))
    return found


def modify_contact(person_id: str, name: Optional[str] = None, phone_number: Optional[str] = None,
                   relationship: Optional[str] = None, is_self: Optional[bool] = None,
                   state: DeviceState = None) -> None:
    """Change the given fields of a contact."""
    contact = state.contacts.get(person_id)
    if contact is None:
        raise KeyError(f"No contact with person_id {person_id}")
    if all(v is None for v in (name, phone_number, relationship, is_self)):
        raise ValueError("Nothing to modify")
    if phone_number is not None:
        contact["phone_number"] = _phone(phone_number)
    for key, value in (("name", name), ("relationship", relationship), ("is_self", is_self)):
        if value is not None:
            contact[key] = value


def remove_contact(person_id: str, state: DeviceState) -> None:
    """Delete a contact."""
    if state.contacts.pop(person_id, None) is None:
        raise KeyError(f"No contact with person_id {person_id}")


# ----------------------------------------------------------------------------- messages

def send_message_with_phone_number(phone_number: str, content: str, state: DeviceState) -> str:
    """Send a text message to a phone number and return its message_id."""
    if not state.cellular:
        raise ConnectionError("Cellular service is off")
    phone = _phone(phone_number)
    if not content.strip():
        raise ValueError("content must not be empty")
    me = next((c["phone_number"] for c in state.contacts.values() if c["is_self"]), None)
    mid = _new_id(state, "message")
    state.messages[mid] = {"message_id": mid, "sender_phone_number": me, "recipient_phone_number": phone,
                           "content": content, "creation_timestamp": state.now}
    return mid


def search_messages(message_id: Optional[str] = None, sender_phone_number: Optional[str] = None,
                    recipient_phone_number: Optional[str] = None, content: Optional[str] = None,
                    creation_timestamp_lowerbound: Optional[float] = None,
                    creation_timestamp_upperbound: Optional[float] = None, state: DeviceState = None) -> list[dict]:
    """Search sent and received messages; every given filter must match (content: case-insensitive substring)."""
    filters = (message_id, sender_phone_number, recipient_phone_number, content, creation_timestamp_lowerbound,
               creation_timestamp_upperbound)
    if all(v is None for v in filters):
        raise ValueError("No search criteria provided")
    sender = _phone(sender_phone_number) if sender_phone_number is not None else None
    recipient = _phone(recipient_phone_number) if recipient_phone_number is not None else None
    return [dict(m) for m in sorted(state.messages.values(), key=lambda m: -m["creation_timestamp"])
            if (message_id is None or m["message_id"] == message_id)
            and (sender is None or m["sender_phone_number"] == sender)
            and (recipient is None or m["recipient_phone_number"] == recipient)
            and (content is None or content.lower() in m["content"].lower())
            and (creation_timestamp_lowerbound is None or m["creation_timestamp"] >= creation_timestamp_lowerbound)
            and (creation_timestamp_upperbound is None or m["creation_timestamp"] < creation_timestamp_upperbound)]


# ----------------------------------------------------------------------------- reminders

def add_reminder(content: str, reminder_timestamp: float, latitude: Optional[float] = None,
                 longitude: Optional[float] = None, state: DeviceState = None) -> str:
    """Add a reminder at a future POSIX timestamp, optionally tied to a place; return its reminder_id."""
    if not content.strip():
        raise ValueError("content must not be empty")
    when = _future(state, reminder_timestamp)
    if latitude is not None or longitude is not None:
        latitude, longitude = _here(state, latitude, longitude)
    rid = _new_id(state, "reminder")
    state.reminders[rid] = {"reminder_id": rid, "content": content, "creation_timestamp": state.now,
                            "reminder_timestamp": when, "latitude": latitude, "longitude": longitude}
    return rid


def search_reminder(reminder_id: Optional[str] = None, content: Optional[str] = None,
                    reminder_timestamp_lowerbound: Optional[float] = None,
                    reminder_timestamp_upperbound: Optional[float] = None, state: DeviceState = None) -> list[dict]:
    """Search reminders; every given filter must match (content: case-insensitive substring)."""
    if all(v is None for v in (reminder_id, content, reminder_timestamp_lowerbound, reminder_timestamp_upperbound)):
        raise ValueError("No search criteria provided")
    return [dict(r) for r in state.reminders.values()
            if (reminder_id is None or r["reminder_id"] == reminder_id)
            and (content is None or content.lower() in r["content"].lower())
            and (reminder_timestamp_lowerbound is None or r["reminder_timestamp"] >= reminder_timestamp_lowerbound)
            and (reminder_timestamp_upperbound is None or r["reminder_timestamp"] < reminder_timestamp_upperbound)]


def modify_reminder(reminder_id: str, content: Optional[str] = None, reminder_timestamp: Optional[float] = None,
                    latitude: Optional[float] = None, longitude: Optional[float] = None,
                    state: DeviceState = None) -> None:
    """Change the given fields of a reminder (a new time must be in the future)."""
    reminder = state.reminders.get(reminder_id)
    if reminder is None:
        raise KeyError(f"No reminder with reminder_id {reminder_id}")
    if all(v is None for v in (content, reminder_timestamp, latitude, longitude)):
        raise ValueError("Nothing to modify")
    if reminder_timestamp is not None:
        reminder["reminder_timestamp"] = _future(state, reminder_timestamp)
    if latitude is not None or longitude is not None:
        reminder["latitude"], reminder["longitude"] = _here(state, latitude, longitude)
    if content is not None:
        reminder["content"] = content


def remove_reminder(reminder_id: str, state: DeviceState) -> None:
    """Delete a reminder."""
    if state.reminders.pop(reminder_id, None) is None:
        raise KeyError(f"No reminder with reminder_id {reminder_id}")


# ----------------------------------------------------------------------------- clock

def get_current_timestamp(state: DeviceState) -> float:
    """The current POSIX timestamp."""
    return state.now


def timestamp_to_datetime_info(timestamp: float) -> dict:
    """The local date and time (year, month, day, hour, minute, second, isoweekday) of a POSIX timestamp."""
    t = dt.datetime.fromtimestamp(timestamp, _tz())
    return {"year": t.year, "month": t.month, "day": t.day, "hour": t.hour, "minute": t.minute, "second": t.second,
            "isoweekday": t.isoweekday()}


def datetime_info_to_timestamp(year: int, month: int, day: int, hour: int, minute: int, second: int) -> float:
    """The POSIX timestamp of a local date and time."""
    return dt.datetime(year, month, day, hour, minute, second, tzinfo=_tz()).timestamp()


def shift_timestamp(timestamp: float, weeks: int = 0, days: int = 0, hours: int = 0, minutes: int = 0,
                    seconds: int = 0) -> float:
    """A timestamp moved by the given amounts (negative values move it back)."""
    return timestamp + dt.timedelta(weeks=weeks, days=days, hours=hours, minutes=minutes, seconds=seconds).total_seconds()


def timestamp_diff(timestamp_0: float, timestamp_1: float) -> dict:
    """timestamp_1 - timestamp_0 in whole days and remaining seconds."""
    delta = dt.timedelta(seconds=timestamp_1 - timestamp_0)
    return {"days": delta.days, "seconds": delta.seconds}


# ----------------------------------------------------------------------------- location and online lookups

def get_current_location(state: DeviceState) -> dict:
    """The phone's latitude and longitude."""
    if not state.location_service:
        raise PermissionError("Location service is not enabled")
    return dict(state.location)


def search_location_around_lat_lon(location: str, latitude: Optional[float] = None, longitude: Optional[float] = None,
                                   category: Optional[Literal["cafe", "pharmacy", "grocery", "park", "restaurant"]] = None,
                                   state: DeviceState = None) -> list[dict]:
    """Places matching ``location`` (a name or a kind of place) within 25 km of a point, nearest first.
    Without coordinates, searches around the current location."""
    _need_wifi(state)
    if category is not None and category not in ("cafe", "pharmacy", "grocery", "park", "restaurant"):
        raise ValueError(f"Unknown category {category!r}")
    here = _here(state, latitude, longitude)
    words = [w for w in re.findall(r"\w+", location.lower()) if len(w) > 2]
    if not words and category is None:
        raise ValueError("location must name a place or a kind of place")
    hits = []
    for p in state.places:
        text = f"{p['name']} {p['category']}".lower()
        distance = _km(here, (p["latitude"], p["longitude"]))
        if distance <= 25 and (category is None or p["category"] == category) and (not words or any(w in text for w in words)):
            hits.append({**p, "distance_km": round(distance, 2)})
    return sorted(hits, key=lambda p: p["distance_km"])


def get_weather_forecast(days: int = 1, latitude: Optional[float] = None, longitude: Optional[float] = None,
                         unit: Literal["celsius", "fahrenheit"] = "celsius", state: DeviceState = None) -> list[dict]:
    """Daily forecast for 1 to 7 days at a point (the current location when no coordinates are given)."""
    _need_wifi(state)
    if unit not in ("celsius", "fahrenheit"):
        raise ValueError("unit must be 'celsius' or 'fahrenheit'")
    if not 1 <= days <= 7:
        raise ValueError("days must be between 1 and 7")
    lat, lon = _here(state, latitude, longitude)
    out = []
    for i in range(days):
        high = 24 - abs(lat) / 4 + 3 * math.sin(i + lon / 10)
        low = high - 8 - (i % 3)
        if unit == "fahrenheit":
            high, low = high * 9 / 5 + 32, low * 9 / 5 + 32
        day = dt.datetime.fromtimestamp(state.now, _tz()).date() + dt.timedelta(days=i)
        out.append({"date": day.isoformat(), "high": round(high, 1), "low": round(low, 1), "unit": unit,
                    "condition": ("sunny", "cloudy", "rain", "showers")[(i + int(abs(lon))) % 4]})
    return out


def _nth_weekday(year: int, month: int, weekday: int, n: int) -> dt.date:
    first = dt.date(year, month, 1)
    if n > 0:
        return first + dt.timedelta(days=(weekday - first.weekday()) % 7 + 7 * (n - 1))
    last = (dt.date(year + month // 12, month % 12 + 1, 1) - dt.timedelta(days=1))
    return last - dt.timedelta(days=(last.weekday() - weekday) % 7)


_HOLIDAYS = {
    "new year's day": lambda y: dt.date(y, 1, 1), "valentine's day": lambda y: dt.date(y, 2, 14),
    "memorial day": lambda y: _nth_weekday(y, 5, 0, -1), "independence day": lambda y: dt.date(y, 7, 4),
    "labor day": lambda y: _nth_weekday(y, 9, 0, 1), "halloween": lambda y: dt.date(y, 10, 31),
    "thanksgiving": lambda y: _nth_weekday(y, 11, 3, 4), "christmas": lambda y: dt.date(y, 12, 25),
}


def search_holiday(holiday_name: str, year: Optional[int] = None, state: DeviceState = None) -> float:
    """The POSIX timestamp of local midnight on a US holiday (this year unless ``year`` is given)."""
    _need_wifi(state)
    rule = _HOLIDAYS.get(holiday_name.strip().lower().replace("’", "'"))
    if rule is None:
        raise ValueError(f"Unknown holiday {holiday_name!r}")
    year = year if year is not None else dt.datetime.fromtimestamp(state.now, _tz()).year
    day = rule(year)
    return dt.datetime(day.year, day.month, day.day, tzinfo=_tz()).timestamp()


def convert_currency(amount: float, from_currency_code: str, to_currency_code: str, state: DeviceState) -> float:
    """Convert an amount between currencies (ISO 4217 codes) at today's rates."""
    _need_wifi(state)
    rates = state.exchange_rates
    src, dst = from_currency_code.strip().upper(), to_currency_code.strip().upper()
    for code in (src, dst):
        if code not in rates:
            raise ValueError(f"Unsupported currency code {code!r}")
    return round(amount / rates[src] * rates[dst], 2)


_UNITS = {  # unit -> (dimension, factor to the base unit)
    "m": ("length", 1.0), "km": ("length", 1000.0), "cm": ("length", 0.01), "mi": ("length", 1609.344),
    "ft": ("length", 0.3048), "in": ("length", 0.0254), "kg": ("mass", 1.0), "g": ("mass", 0.001),
    "lb": ("mass", 0.45359237), "oz": ("mass", 0.028349523125), "l": ("volume", 1.0), "ml": ("volume", 0.001),
    "gal": ("volume", 3.785411784), "cup": ("volume", 0.2365882365),
}


def unit_conversion(amount: float, from_unit: str, to_unit: str) -> float:
    """Convert an amount between units of length, mass, volume or temperature ('c', 'f', 'k')."""
    src, dst = from_unit.strip().lower(), to_unit.strip().lower()
    temps = {"c": (1.0, 0.0), "f": (5 / 9, -32.0), "k": (1.0, -273.15)}
    if src in temps and dst in temps:
        celsius = (amount + temps[src][1]) * temps[src][0]
        return round(celsius / temps[dst][0] - temps[dst][1], 4)
    if src not in _UNITS or dst not in _UNITS:
        raise ValueError(f"Unknown unit {src if src not in _UNITS else dst!r}")
    if _UNITS[src][0] != _UNITS[dst][0]:
        raise ValueError(f"Cannot convert {_UNITS[src][0]} to {_UNITS[dst][0]}")
    return round(amount * _UNITS[src][1] / _UNITS[dst][1], 4)


TOOLS = [
    get_wifi_status, set_wifi_status, get_cellular_service_status, set_cellular_service_status,
    get_location_service_status, set_location_service_status, get_low_battery_mode_status,
    set_low_battery_mode_status, get_battery_level, get_ringer_mode, set_ringer_mode,
    add_contact, search_contacts, modify_contact, remove_contact,
    send_message_with_phone_number, search_messages,
    add_reminder, search_reminder, modify_reminder, remove_reminder,
    get_current_timestamp, timestamp_to_datetime_info, datetime_info_to_timestamp, shift_timestamp, timestamp_diff,
    get_current_location, search_location_around_lat_lon, get_weather_forecast, search_holiday, convert_currency,
    unit_conversion,
]

# What a tester is handed: what the phone's owner said (names, not phone numbers or ids).
FIXTURES = {
    "contact_name": "Jordan Lee",
    "relationship": "mother",
    "new_contact": {"name": "Sam Okoye", "phone_number": "+1 (503) 555-0166"},
    "message": "Can you pick up bread on the way?",
    "reminder_text": "Buy costume fabric",
    "reminder_date": {"year": 2025, "month": 10, "day": 20, "hour": 18, "minute": 0, "second": 0},
    "holiday": "Halloween",
    "place": "coffee",
}

_WIFI_USERS = ["search_location_around_lat_lon", "get_weather_forecast", "search_holiday", "convert_currency"]
_TIME = "datetime_info_to_timestamp|shift_timestamp|search_holiday"

# (provider, consumer, what): the real prerequisites designed into the catalog.
GROUND_TRUTH = (
    [("set_low_battery_mode_status", c, "state: cannot turn on in low battery mode")
     for c in ("set_wifi_status", "set_location_service_status")]
    + [("set_wifi_status", c, "state: needs Wi-Fi") for c in _WIFI_USERS]
    + [("set_location_service_status", c, "state: needs location service (without coordinates: the current location)")
       for c in ("get_current_location", "search_location_around_lat_lon", "get_weather_forecast")]
    + [("set_low_battery_mode_status", c, "transitive: low battery mode off -> Wi-Fi or location service on")
       for c in ("get_current_location", *_WIFI_USERS)]
    + [(_TIME, c, "format: a future POSIX timestamp") for c in ("add_reminder", "modify_reminder")]
    + [("get_current_timestamp", c, "transitive: now, shifted into the future") for c in ("add_reminder", "modify_reminder")]
    + [
        ("set_cellular_service_status", "send_message_with_phone_number", "state: cellular service is off"),
        ("search_contacts|search_messages", "send_message_with_phone_number", "id lookup: a phone number of a contact or a message"),
        ("search_contacts", "search_messages", "id lookup: the contact's phone number as a filter"),
        ("search_messages", "add_contact", "id lookup: a phone number seen in a message"),
        ("search_contacts|add_contact", "modify_contact", "id lookup/create: person_id"),
        ("search_contacts|add_contact", "remove_contact", "id lookup/create: person_id"),
        ("search_reminder|add_reminder", "modify_reminder", "id lookup/create: reminder_id"),
        ("search_reminder|add_reminder", "remove_reminder", "id lookup/create: reminder_id"),
    ]
)

# Real dependencies the ground truth does not list.
PLAUSIBLE = {
    ("search_messages", "modify_contact"), ("search_messages", "search_contacts"), ("get_current_location", "search_location_around_lat_lon"),
    ("get_current_location", "get_weather_forecast"), ("get_current_location", "add_reminder"),
    ("search_location_around_lat_lon", "add_reminder"), ("search_location_around_lat_lon", "get_weather_forecast"),
    ("search_location_around_lat_lon", "modify_reminder"), ("get_current_timestamp", "timestamp_to_datetime_info"),
    ("timestamp_to_datetime_info", "datetime_info_to_timestamp"), ("get_current_timestamp", "timestamp_diff"),
    ("search_holiday", "timestamp_diff"), ("search_holiday", "timestamp_to_datetime_info"),
    ("get_current_timestamp", "search_messages"), ("get_current_timestamp", "search_reminder"),
    ("get_current_timestamp", "shift_timestamp"), ("search_holiday", "shift_timestamp"),
    ("datetime_info_to_timestamp", "shift_timestamp"), ("set_wifi_status", "add_reminder"),
    ("set_wifi_status", "modify_reminder"), ("set_low_battery_mode_status", "add_reminder"),
    ("set_cellular_service_status", "search_messages"), ("send_message_with_phone_number", "search_messages"),
    ("add_contact", "search_contacts"), ("add_reminder", "search_reminder"), ("get_battery_level", "set_low_battery_mode_status"),
    ("get_low_battery_mode_status", "set_low_battery_mode_status"), ("get_wifi_status", "set_wifi_status"),
    ("get_cellular_service_status", "set_cellular_service_status"),
    ("get_location_service_status", "set_location_service_status"), ("get_ringer_mode", "set_ringer_mode"),
}
