"""Scripted proofs that Headunit's designed prerequisites are real (checked by the checkout's
examples/catalogs/oracle.py: a raised exception is a failure).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer
fails once every call of the provider is dropped (its outputs replaced by control values). Rows are
referenced by position (``"$list_profiles.1.0"`` Tom's profile number, ``"$list_paired_devices.0.0"``
Amira's iPhone, ``"$search_contacts.0.0"`` a contact id, ``"$search_contacts.0.2.0.1"`` the contact's
first number), dicts by field (``"$scan_for_devices.1.address"``, ``"$search_places.0.place_id"``,
``"$list_saved_places.work.place_id"``, ``"$read_messages.0.message_id"``) and bare values whole
(``"$request_pairing"`` the passkey, ``"$check_for_updates"`` the version). Numbers Headunit only
writes inside a sentence (the new driver profile 3, Leah's newly paired phone, device 3) are written
literally: each comes from its own counter, so it is the same in every fresh state, and neither
exists without its call.
"""

NEW_PROFILE = 3
NEW_DEVICE = 3
WIFI_PASSWORD = "Okapi-Lantern-42"
VALET_PIN = "4821"

BT_ON = ("set_bluetooth", {"enabled": True})
WIFI_ON = ("set_wifi", {"enabled": True})
DATA_ON = ("set_mobile_data", {"enabled": True})
LOC_ON = ("set_location_services", {"enabled": True})
PAIRED = ("list_paired_devices", {})
AMIRA = "$list_paired_devices.0.0"
TOM = "$list_paired_devices.1.0"
SCAN_WIFI = ("scan_wifi_networks", {})
JOIN_HOME = ("join_wifi", {"ssid": "Brennan Home", "password": WIFI_PASSWORD})


def perms(device, *granted) -> tuple:
    return ("set_device_permissions", {"device_id": device, "permissions": list(granted)})


def pair_leah() -> list:
    """Bluetooth on, scan, and pair Leah's Galaxy (the second device in range); it becomes device 3."""
    return [BT_ON, ("scan_for_devices", {}),
            ("request_pairing", {"address": "$scan_for_devices.1.address"}),
            ("confirm_pairing", {"address": "$scan_for_devices.1.address", "passkey": "$request_pairing"})]


def phone(device: str, *granted, sync: bool = False) -> list:
    """Bluetooth on, one of the paired phones connected (its permissions set first when given)."""
    steps = [BT_ON, PAIRED]
    if granted:
        steps.append(perms(device, *granted))
    steps.append(("connect_device", {"device_id": device}))
    if sync:
        steps.append(("sync_contacts", {"device_id": device}))
    return steps


def online_wifi() -> list:
    return [WIFI_ON, SCAN_WIFI, JOIN_HOME]


def update(upto: str, how: str = "wifi") -> list:
    steps = (online_wifi() if how == "wifi" else [DATA_ON]) + [("check_for_updates", {})]
    if upto == "check_for_updates":
        return steps
    if how != "wifi":
        steps += online_wifi()
    steps.append(("download_update", {"version": "$check_for_updates"}))
    if upto == "download_update":
        return steps
    when = "tonight" if upto == "cancel_scheduled_install" else "now"
    steps.append(("install_update", {"version": "$check_for_updates", "when": when}))
    if upto == "install_update":
        return steps
    return steps + [("cancel_scheduled_install", {})]


PROOFS = []


def prove(provider: str, steps: list) -> None:
    PROOFS.append((provider, steps[-1][0], steps))


# profiles and valet mode
prove("create_driver_profile", [("create_driver_profile", {"name": "Leah"}),
                                ("switch_profile", {"profile_id": NEW_PROFILE})])
prove("list_profiles", [("list_profiles", {}), ("switch_profile", {"profile_id": "$list_profiles.1.0"})])
prove("create_driver_profile", [("create_driver_profile", {"name": "Leah"}),
                                ("switch_profile", {"profile_id": NEW_PROFILE}),
                                ("save_seat_memory", {"profile_id": NEW_PROFILE})])
_TOM_SEAT = [("list_profiles", {}), ("switch_profile", {"profile_id": "$list_profiles.1.0"}),
             ("save_seat_memory", {"profile_id": "$list_profiles.1.0"})]
prove("list_profiles", _TOM_SEAT)
prove("switch_profile", _TOM_SEAT)
prove("list_profiles", [("list_profiles", {}), ("delete_driver_profile", {"profile_id": "$list_profiles.1.0"})])
prove("set_valet_pin", [("set_valet_pin", {"pin": VALET_PIN}), ("enable_valet_mode", {"pin": VALET_PIN})])
prove("enable_valet_mode", [("set_valet_pin", {"pin": VALET_PIN}), ("enable_valet_mode", {"pin": VALET_PIN}),
                            ("disable_valet_mode", {"pin": VALET_PIN})])

# Bluetooth, pairing and the phone
prove("set_bluetooth", [BT_ON, ("scan_for_devices", {})])
prove("set_bluetooth", pair_leah()[:3])
prove("set_bluetooth", phone(AMIRA))
prove("scan_for_devices", pair_leah()[:3])
prove("request_pairing", pair_leah())
prove("list_paired_devices", phone(AMIRA))
prove("confirm_pairing", pair_leah() + [perms(NEW_DEVICE, "calls", "contacts", "media")])
prove("list_paired_devices", [PAIRED, perms(AMIRA, "calls", "contacts", "media", "messages")])
prove("confirm_pairing", pair_leah() + [perms(NEW_DEVICE, "calls", "contacts", "media"),
                                        ("sync_contacts", {"device_id": NEW_DEVICE})])
prove("list_paired_devices", phone(TOM, sync=True))
prove("confirm_pairing", pair_leah() + [("forget_device", {"device_id": NEW_DEVICE})])
prove("list_paired_devices", [PAIRED, ("forget_device", {"device_id": TOM})])
prove("connect_device", phone(TOM, sync=True))
prove("set_device_permissions", phone(AMIRA, "calls", "contacts", "media", sync=True))
_TOM_TEXT = phone(TOM, sync=True) + [
    ("search_contacts", {"query": "Coach"}), perms(TOM, "calls", "contacts", "media", "messages"),
    ("send_message", {"contact_id": "$search_contacts.0.0", "body": "Leah can't make Tuesday, sorry - Tom"})]
prove("set_device_permissions", _TOM_TEXT)
_AMIRA_READ = phone(AMIRA, "calls", "media", "messages") + [("read_messages", {"unread_only": True})]
prove("set_device_permissions", _AMIRA_READ)
prove("connect_device", _AMIRA_READ)
prove("confirm_pairing", pair_leah() + [perms(NEW_DEVICE, "calls", "media", "messages"), ("read_messages", {})])
_TOM_CALL = phone(TOM, sync=True) + [("search_contacts", {"query": "Mam"}),
                                     ("place_call", {"number": "$search_contacts.0.2.0.1"})]
prove("connect_device", _TOM_CALL)
prove("confirm_pairing", pair_leah() + [perms(NEW_DEVICE, "calls", "contacts", "media"),
                                        ("sync_contacts", {"device_id": NEW_DEVICE}),
                                        ("search_contacts", {"query": "Saoirse"}),
                                        ("place_call", {"number": "$search_contacts.0.2.0.1"})])
prove("connect_device", phone(AMIRA) + [("select_audio_source", {"source": "bluetooth"})])
prove("confirm_pairing", pair_leah() + [("select_audio_source", {"source": "bluetooth"})])
prove("sync_contacts", phone(TOM, sync=True) + [("search_contacts", {"query": "Declan"})])
prove("search_contacts", _TOM_CALL)
prove("search_contacts", phone(AMIRA, "calls", "contacts", "media", "messages", sync=True) + [
    ("search_contacts", {"query": "Mum"}),
    ("send_message", {"contact_id": "$search_contacts.0.0", "body": "Yes, Sunday lunch is on. We'll bring dessert."})])
prove("read_messages", _AMIRA_READ + [("reply_to_message", {"message_id": "$read_messages.0.message_id",
                                                            "body": "Yes, I'll pick her up at 5."})])

# Wi-Fi, data, hotspot and updates
prove("set_wifi", [WIFI_ON, SCAN_WIFI])
prove("set_wifi", online_wifi())
prove("scan_wifi_networks", online_wifi())
prove("join_wifi", update("check_for_updates"))
prove("set_mobile_data", update("check_for_updates", "data"))
prove("join_wifi", online_wifi() + [("select_audio_source", {"source": "streaming"})])
prove("set_mobile_data", [DATA_ON, ("select_audio_source", {"source": "streaming"})])
prove("join_wifi", update("download_update"))
prove("check_for_updates", update("download_update", "data"))
prove("download_update", update("install_update"))
prove("install_update", update("cancel_scheduled_install"))
prove("set_mobile_data", [DATA_ON, ("set_hotspot", {"enabled": True})])
prove("set_hotspot", [DATA_ON, ("set_hotspot", {"enabled": True}), ("get_hotspot_password", {})])

# navigation
prove("set_location_services", [LOC_ON, ("search_places", {"query": "hockey"})])
prove("set_location_services", [LOC_ON, ("find_chargers", {"min_power_kw": 100})])
prove("set_location_services", [("list_saved_places", {}), LOC_ON,
                                ("start_navigation", {"place_id": "$list_saved_places.work.place_id"})])
prove("search_places", [LOC_ON, ("search_places", {"query": "hockey"}),
                        ("start_navigation", {"place_id": "$search_places.0.place_id"})])
prove("find_chargers", [LOC_ON, ("find_chargers", {"min_power_kw": 150}),
                        ("start_navigation", {"place_id": "$find_chargers.0.place_id"})])
_WORK = [LOC_ON, ("search_places", {"query": "Orchard Road"}),
         ("save_place", {"place_id": "$search_places.0.place_id", "label": "work"})]
prove("list_saved_places", [LOC_ON, ("list_saved_places", {}),
                             ("start_navigation", {"place_id": "$list_saved_places.work.place_id"})])
_STOP_MARKET = [LOC_ON, ("find_chargers", {}), ("start_navigation", {"place_id": "$find_chargers.0.place_id"}),
                ("search_places", {"query": "market"}), ("add_stop", {"place_id": "$search_places.0.place_id"})]
prove("search_places", _STOP_MARKET)
prove("start_navigation", _STOP_MARKET)
prove("find_chargers", [LOC_ON, ("search_places", {"query": "Kinsale"}),
                        ("start_navigation", {"place_id": "$search_places.0.place_id"}),
                        ("find_chargers", {"min_power_kw": 100}),
                        ("add_stop", {"place_id": "$find_chargers.0.place_id"})])
prove("start_navigation", [LOC_ON, ("search_places", {"query": "airport"}),
                           ("start_navigation", {"place_id": "$search_places.0.place_id"}), ("end_navigation", {})])
prove("search_places", _WORK)

# vehicle
prove("set_climate", [("get_vehicle_status", {}), ("set_climate", {"on": True}),
                      ("set_seat_heater", {"seat": "driver", "level": 2})])
prove("format_usb_drive", [("set_charge_limit", {"percent": 90}), ("format_usb_drive", {"confirm": True}),
                           ("set_dashcam", {"enabled": True})])
prove("set_dashcam", [("set_drive_mode", {"mode": "chill"}), ("format_usb_drive", {"confirm": True}),
                      ("set_dashcam", {"enabled": True}), ("set_sentry_mode", {"enabled": True})])

# Designed non-prerequisites: each path succeeds, and still succeeds without the first tool.
NON_PREREQUISITES = [
    ("get_vehicle_status", [("get_vehicle_status", {}), ("set_climate", {"on": True}),
                            ("set_seat_heater", {"seat": "passenger", "level": 1})]),
    ("set_wifi", [WIFI_ON, DATA_ON, ("check_for_updates", {})]),
    ("scan_for_devices", [BT_ON, ("scan_for_devices", {})] + phone(AMIRA)[1:]),
    ("list_saved_places", [("list_saved_places", {}), LOC_ON, ("search_places", {"query": "Fota"}),
                           ("start_navigation", {"place_id": "$search_places.0.place_id"})]),
    ("set_mobile_data", [DATA_ON] + update("download_update")),
    ("set_climate", [("set_climate", {"on": True}), ("format_usb_drive", {"confirm": True}),
                     ("set_dashcam", {"enabled": True})]),
    ("read_messages", phone(AMIRA, "calls", "contacts", "media", "messages") + [
        ("read_messages", {}), ("sync_contacts", {"device_id": AMIRA}), ("search_contacts", {"query": "Dr"}),
        ("send_message", {"contact_id": "$search_contacts.0.0", "body": "Running 10 minutes late for 11:30."})]),
    ("search_contacts", phone(TOM, sync=True) + [("search_contacts", {"query": "Garage"}),
                                                 ("place_call", {"number": "+353 21 555 0999"})]),
]
