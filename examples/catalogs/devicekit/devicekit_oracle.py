"""Scripted proofs that DeviceKit's designed prerequisites are real (checked by examples/catalogs/oracle.py).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer
fails once every call of the provider is dropped (its outputs replaced by control values).
"""

from __future__ import annotations

LOW_BATTERY_OFF = ("set_low_battery_mode_status", {"on": False})
WIFI_ON = ("set_wifi_status", {"on": True})
LOCATION_ON = ("set_location_service_status", {"on": True})
CELLULAR_ON = ("set_cellular_service_status", {"on": True})
HERE = {"latitude": 45.52, "longitude": -122.68}  # coordinates the owner typed in
WIFI_USERS = {  # consumer -> a call that needs Wi-Fi only
    "search_location_around_lat_lon": ("search_location_around_lat_lon", {"location": "coffee", **HERE}),
    "get_weather_forecast": ("get_weather_forecast", {"days": 3, **HERE}),
    "search_holiday": ("search_holiday", {"holiday_name": "Halloween"}),
    "convert_currency": ("convert_currency", {"amount": 20.0, "from_currency_code": "USD", "to_currency_code": "EUR"}),
}
AROUND_ME = {  # consumer -> a call that uses the current location (no coordinates given)
    "get_current_location": ("get_current_location", {}),
    "search_location_around_lat_lon": ("search_location_around_lat_lon", {"location": "pharmacy"}),
    "get_weather_forecast": ("get_weather_forecast", {"days": 2, "unit": "fahrenheit"}),
}
TIME = {  # provider -> (steps that yield a future timestamp, the reference to it)
    "datetime_info_to_timestamp": ([("datetime_info_to_timestamp", {"year": 2025, "month": 10, "day": 20, "hour": 18,
                                                                    "minute": 0, "second": 0})], "$datetime_info_to_timestamp"),
    "shift_timestamp": ([("get_current_timestamp", {}), ("shift_timestamp", {"timestamp": "$get_current_timestamp", "days": 1})],
                        "$shift_timestamp"),
    "search_holiday": ([LOW_BATTERY_OFF, WIFI_ON, ("search_holiday", {"holiday_name": "Halloween"})], "$search_holiday"),
}
PASSPORT = ("search_reminder", {"content": "passport"})


def timed(consumer: str, when: str) -> list:
    """The calls that set a reminder to ``when`` and end with ``consumer``."""
    if consumer == "add_reminder":
        return [("add_reminder", {"content": "Buy costume fabric", "reminder_timestamp": when})]
    return [PASSPORT, ("modify_reminder", {"reminder_id": "$search_reminder.0.reminder_id", "reminder_timestamp": when})]


CONTACT = {  # provider -> (steps that yield a person_id, the reference to it)
    "search_contacts": ([("search_contacts", {"relationship": "mother"})], "$search_contacts.0.person_id"),
    "add_contact": ([("add_contact", {"name": "Sam Okoye", "phone_number": "+1 (503) 555-0166"})], "$add_contact"),
}
REMINDER = {
    "search_reminder": ([PASSPORT], "$search_reminder.0.reminder_id"),
    "add_reminder": ([*TIME["datetime_info_to_timestamp"][0], ("add_reminder", {
        "content": "Buy costume fabric", "reminder_timestamp": "$datetime_info_to_timestamp"})], "$add_reminder"),
}

PROOFS: list = [
    ("set_low_battery_mode_status", "set_wifi_status", [LOW_BATTERY_OFF, WIFI_ON]),
    ("set_low_battery_mode_status", "set_location_service_status", [LOW_BATTERY_OFF, LOCATION_ON]),
    ("set_low_battery_mode_status", "get_current_location", [LOW_BATTERY_OFF, LOCATION_ON, AROUND_ME["get_current_location"]]),
]
for _c, _call in WIFI_USERS.items():
    PROOFS += [("set_wifi_status", _c, [LOW_BATTERY_OFF, WIFI_ON, _call]),
               ("set_low_battery_mode_status", _c, [LOW_BATTERY_OFF, WIFI_ON, _call])]
PROOFS.append(("set_location_service_status", "get_current_location", [LOW_BATTERY_OFF, LOCATION_ON, AROUND_ME["get_current_location"]]))
for _c in ("search_location_around_lat_lon", "get_weather_forecast"):
    PROOFS.append(("set_location_service_status", _c, [LOW_BATTERY_OFF, WIFI_ON, LOCATION_ON, AROUND_ME[_c]]))
for _p, (_steps, _ref) in TIME.items():
    PROOFS += [(_p, c, _steps + timed(c, _ref)) for c in ("add_reminder", "modify_reminder")]
PROOFS += [("get_current_timestamp", c, TIME["shift_timestamp"][0] + timed(c, "$shift_timestamp"))
           for c in ("add_reminder", "modify_reminder")]

JORDAN = ("search_contacts", {"name": "Jordan"})
TEXT = {"content": "Can you pick up bread on the way?"}
PROOFS += [
    ("set_cellular_service_status", "send_message_with_phone_number", [CELLULAR_ON, JORDAN, (
        "send_message_with_phone_number", {"phone_number": "$search_contacts.0.phone_number", **TEXT})]),
    ("search_contacts", "send_message_with_phone_number", [CELLULAR_ON, JORDAN, (
        "send_message_with_phone_number", {"phone_number": "$search_contacts.0.phone_number", **TEXT})]),
    ("search_messages", "send_message_with_phone_number", [CELLULAR_ON, ("search_messages", {"content": "dinner"}), (
        "send_message_with_phone_number", {"phone_number": "$search_messages.0.sender_phone_number",
                                           "content": "Sunday works, I'll bring the bowl"})]),
]
PROOFS += [
    ("search_contacts", "search_messages", [("search_contacts", {"relationship": "mother"}), (
        "search_messages", {"sender_phone_number": "$search_contacts.0.phone_number"})]),
    ("search_messages", "add_contact", [("search_messages", {"content": "package"}), (
        "add_contact", {"name": "Front Desk", "phone_number": "$search_messages.0.sender_phone_number"})]),
]
for _p, (_steps, _ref) in CONTACT.items():
    PROOFS += [(_p, "modify_contact", _steps + [("modify_contact", {"person_id": _ref, "phone_number": "+15035550149"})]),
               (_p, "remove_contact", _steps + [("remove_contact", {"person_id": _ref})])]
for _p, (_steps, _ref) in REMINDER.items():
    PROOFS += [(_p, "modify_reminder", _steps + [("modify_reminder", {"reminder_id": _ref, "content": "Pick up the passport"})]),
               (_p, "remove_reminder", _steps + [("remove_reminder", {"reminder_id": _ref})])]
