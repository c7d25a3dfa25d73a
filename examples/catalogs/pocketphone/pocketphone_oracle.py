"""Scripted proofs that PocketPhone's designed prerequisites are real (checked by examples/catalogs/oracle.py).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer
fails once every call of the provider is dropped (its outputs replaced by control values).
"""

from __future__ import annotations

U = ("unlock_device", {"passcode": "4827"})
FIND = ("find_contact_by_phone", {"phone_number": "+1 (415) 555-0134"})
SEARCH = ("search_contacts", {"query": "omar"})
ADD = ("add_contact", {"name": "Lee Park", "phone_number": "+14155550177"})
CONTACT = {  # provider -> (steps that yield a contact_id, the reference to it)
    "find_contact_by_phone": ([FIND], "$find_contact_by_phone.contact_id"),
    "search_contacts": ([SEARCH], "$search_contacts.contacts.0.contact_id"),
    "add_contact": ([ADD], "$add_contact.contact_id"),
}
NOW_TS = ("get_current_time", {})
CONNECT = ("connect_wifi", {"ssid": "HomeNet-5G", "password": "correct-horse-42"})
DEVICE = ("get_device_info", {})
SIGN_IN = ("sign_in_cloud", {"email": "maya.k@example.net", "password": "Blue-Otter-77",
                             "device_serial": "$get_device_info.serial_number"})
TOKEN = "$sign_in_cloud.session_token"
BT_ON = ("set_bluetooth", {"on": True})
BT_SCAN = ("scan_bluetooth_devices", {})
BT_PAIR = ("pair_bluetooth_device", {"address": "$scan_bluetooth_devices.devices.0.address"})
UPDATE = [("set_battery_saver", {"enabled": False}), CONNECT, ("check_for_update", {}),
          ("download_system_update", {"update_id": "$check_for_update.updates.0.update_id"})]


def _with_contact(consumer: str, ref: str) -> list:
    """The calls that use a contact_id ``ref`` and end with ``consumer``."""
    if consumer == "unblock_contact":
        return [("block_contact", {"contact_id": ref}), ("unblock_contact", {"contact_id": ref})]
    if consumer == "schedule_message":
        return [NOW_TS, ("schedule_message", {"contact_id": ref, "text": "Running late",
                                              "send_at": "$get_current_time.timestamp"})]
    args = {"update_contact": {"email": "new@example.com"}, "send_message": {"text": "See you at 7"},
            "forward_message": {"message_id": "msg_9001"}}.get(consumer, {})
    return [(consumer, {"contact_id": ref, **args})]


_CONTACT_USERS = ["update_contact", "delete_contact", "block_contact", "unblock_contact", "send_message",
                  "forward_message", "schedule_message", "place_call"]

RECIPES = {  # consumer -> a successful path (unlocked first) for the auth proofs
    "find_contact_by_phone": [U, FIND],
    "search_contacts": [U, SEARCH],
    "add_contact": [U, ADD],
    **{c: [U, FIND] + _with_contact(c, "$find_contact_by_phone.contact_id") for c in _CONTACT_USERS},
    "merge_contacts": [U, FIND, ADD, ("merge_contacts", {"primary_contact_id": "$find_contact_by_phone.contact_id",
                                                          "duplicate_contact_id": "$add_contact.contact_id"})],
    "list_threads": [U, ("list_threads", {})],
    "get_thread": [U, ("list_threads", {}), ("get_thread", {"thread_id": "$list_threads.threads.0.thread_id"})],
    "react_to_message": [U, ("list_threads", {}), ("get_thread", {"thread_id": "$list_threads.threads.0.thread_id"}),
                         ("react_to_message", {"message_id": "$get_thread.messages.0.message_id", "emoji": "👍"})],
    "create_group_chat": [U, FIND, ADD, ("create_group_chat", {"name": "Trip", "contact_ids": [
        "$find_contact_by_phone.contact_id", "$add_contact.contact_id"]})],
    "cancel_scheduled_message": [U, FIND] + _with_contact("schedule_message", "$find_contact_by_phone.contact_id")
    + [("cancel_scheduled_message", {"scheduled_id": "$schedule_message.scheduled_id"})],
    "sign_in_cloud": [U, DEVICE, SIGN_IN],
}

PROOFS: list = [("unlock_device", c, steps) for c, steps in RECIPES.items()]
for _p, (_steps, _ref) in CONTACT.items():
    PROOFS += [(_p, c, [U] + _steps + _with_contact(c, _ref)) for c in _CONTACT_USERS]
    if _p != "add_contact":  # a second, distinct contact comes from add_contact
        PROOFS.append((_p, "merge_contacts", [U] + _steps + [ADD, ("merge_contacts", {
            "primary_contact_id": _ref, "duplicate_contact_id": "$add_contact.contact_id"})]))
        PROOFS.append((_p, "create_group_chat", [U] + _steps + [ADD, ("create_group_chat", {
            "name": "Trip", "contact_ids": [_ref, "$add_contact.contact_id"]})]))
PROOFS += [
    ("add_contact", "merge_contacts", RECIPES["merge_contacts"]),
    ("add_contact", "create_group_chat", RECIPES["create_group_chat"]),
    ("block_contact", "unblock_contact", RECIPES["unblock_contact"]),
    ("send_message", "get_thread", [U, FIND, ("send_message", {"contact_id": "$find_contact_by_phone.contact_id", "text": "hi"}),
                                    ("get_thread", {"thread_id": "$send_message.thread_id"})]),
    ("list_threads", "get_thread", RECIPES["get_thread"]),
    ("send_message", "react_to_message", [U, FIND, ("send_message", {"contact_id": "$find_contact_by_phone.contact_id", "text": "hi"}),
                                          ("react_to_message", {"message_id": "$send_message.message_id", "emoji": "❤️"})]),
    ("get_thread", "react_to_message", RECIPES["react_to_message"]),
    ("send_message", "forward_message", [U, FIND, ("send_message", {"contact_id": "$find_contact_by_phone.contact_id", "text": "hi"}),
                                         ("forward_message", {"message_id": "$send_message.message_id",
                                                              "contact_id": "$find_contact_by_phone.contact_id"})]),
    ("get_thread", "forward_message", RECIPES["react_to_message"][:-1] + [FIND, (
        "forward_message", {"message_id": "$get_thread.messages.0.message_id", "contact_id": "$find_contact_by_phone.contact_id"})]),
    ("get_current_time", "schedule_message", RECIPES["schedule_message"]),
    ("local_time_to_timestamp", "schedule_message", [U, FIND, ("local_time_to_timestamp", {"date": "2025-12-05", "time": "09:30"}),
                                                     ("schedule_message", {"contact_id": "$find_contact_by_phone.contact_id", "text": "Dentist",
                                                                           "send_at": "$local_time_to_timestamp.timestamp"})]),
    ("schedule_message", "cancel_scheduled_message", RECIPES["cancel_scheduled_message"]),
    ("place_call", "end_call", [U, FIND, ("place_call", {"contact_id": "$find_contact_by_phone.contact_id"}),
                                ("end_call", {"call_id": "$place_call.call_id"})]),
    ("set_bluetooth", "scan_bluetooth_devices", [BT_ON, BT_SCAN]),
    ("set_bluetooth", "pair_bluetooth_device", [BT_ON, BT_SCAN, BT_PAIR]),
    ("scan_bluetooth_devices", "pair_bluetooth_device", [BT_ON, BT_SCAN, BT_PAIR]),
    *[(p, "unpair_bluetooth_device", [BT_ON, BT_SCAN, BT_PAIR, ("unpair_bluetooth_device", {"device_id": "$pair_bluetooth_device.device_id"})])
      for p in ("pair_bluetooth_device", "set_bluetooth", "scan_bluetooth_devices")],
    ("scan_wifi_networks", "connect_wifi", [("scan_wifi_networks", {}), (
        "connect_wifi", {"ssid": "$scan_wifi_networks.networks.0.ssid", "password": "correct-horse-42"})]),
    ("connect_wifi", "forget_wifi_network", [CONNECT, ("forget_wifi_network", {"ssid": "HomeNet-5G"})]),
    *[(p, "backup_now", [U, DEVICE, SIGN_IN, CONNECT, ("backup_now", {"session_token": TOKEN})])
      for p in ("connect_wifi", "sign_in_cloud")],
    *[(p, "download_system_update", UPDATE) for p in ("connect_wifi", "set_battery_saver", "check_for_update")],
    *[(p, "install_update", UPDATE + [("install_update", {"update_id": "$check_for_update.updates.0.update_id"})])
      for p in ("check_for_update", "download_system_update", "set_battery_saver", "connect_wifi")],
    ("set_auto_brightness", "set_brightness", [("set_auto_brightness", {"enabled": False}), ("set_brightness", {"level": 0.8})]),
    ("set_volume", "play_ringtone_preview", [("set_volume", {"level": 40}), ("play_ringtone_preview", {})]),
    ("get_device_info", "sign_in_cloud", RECIPES["sign_in_cloud"]),
    ("sign_in_cloud", "list_backups", [U, DEVICE, SIGN_IN, ("list_backups", {"session_token": TOKEN})]),
    *[(p, "restore_backup", [U, DEVICE, SIGN_IN, CONNECT, ("backup_now", {"session_token": TOKEN}),
                             ("restore_backup", {"session_token": TOKEN, "backup_id": "$backup_now.backup_id"})])
      for p in ("sign_in_cloud", "backup_now")],
    *[(p, c, [(p, {"time": "06:30"} if p == "create_alarm" else {}),
              (c, {"alarm_id": f"${p}.alarm_id" if p == "create_alarm" else "$list_alarms.alarms.0.alarm_id",
                   **({"time": "06:45"} if c == "update_alarm" else {})})])
      for p in ("create_alarm", "list_alarms") for c in ("update_alarm", "delete_alarm")],
    ("start_timer", "pause_timer", [("start_timer", {"duration_seconds": 300}), ("pause_timer", {"timer_id": "$start_timer.timer_id"})]),
    *[(p, "resume_timer", [("start_timer", {"duration_seconds": 300}), ("pause_timer", {"timer_id": "$start_timer.timer_id"}),
                           ("resume_timer", {"timer_id": "$start_timer.timer_id"})]) for p in ("start_timer", "pause_timer")],
]

# (provider, consumer, steps, fresh state name) for GROUND_TRUTH_VARIANTS.
VARIANT_PROOFS = [
    *[("set_airplane_mode", c, [U, FIND, ("set_airplane_mode", {"enabled": False})] + _with_contact(c, "$find_contact_by_phone.contact_id"),
       "airplane") for c in ("send_message", "place_call", "forward_message")],
    ("set_wifi", "scan_wifi_networks", [("set_wifi", {"on": True}), ("scan_wifi_networks", {})], "airplane"),
    ("set_wifi", "connect_wifi", [("set_wifi", {"on": True}), CONNECT], "airplane"),
    ("add_contact", "send_message", [ADD, ("send_message", {"contact_id": "$add_contact.contact_id", "text": "hi"})], "fresh_install"),
]
