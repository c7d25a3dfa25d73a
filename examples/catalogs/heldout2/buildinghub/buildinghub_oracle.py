"""Scripted proofs that BuildingHub's designed prerequisites are real (checked with oracle.py's machinery).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer
fails once every call of the provider is dropped (references to its outputs replaced by control
values). The badge id that only appears inside a sentence is written literally (deterministic).
"""

import buildinghub_tools as _bt

AUTH = {"get_api_key": (("get_api_key", {"client_id": "hp-facilities", "client_secret": "s3cr3t-HP-7781"}), "$get_api_key"),
        "exchange_installer_code": (("exchange_installer_code", {"installer_code": "inst-4417-kq"}),
                                    "$exchange_installer_code")}
K0 = "$get_api_key"
KEY = [AUTH["get_api_key"][0]]
NEW_BADGE = "bd-302"   # issue_badge right after get_api_key
QR = "Z:00124b0019a2c3d4$I:83FE-D511-4A0C-17E2$M:TH-200"
SITE = "$list_sites.0.0"
LOBBY, BASEMENT = "$list_gateways.0.gateway_id", "$list_gateways.1.gateway_id"


def ls(k: str) -> tuple:
    return ("list_sites", {"api_key": k})


def lg(k: str) -> tuple:
    return ("list_gateways", {"api_key": k, "site_id": SITE})


def pairing(k: str) -> list:
    """Steps that pair the thermostat from the box in the lobby, ending with pair_device."""
    return [ls(k), lg(k), ("set_pairing_mode", {"api_key": k, "gateway_id": LOBBY, "enabled": True}),
            ("scan_for_devices", {"api_key": k, "gateway_id": LOBBY}),
            ("parse_device_qr", {"qr_payload": QR}),
            ("pair_device", {"api_key": k, "gateway_id": LOBBY, "eui64": "$scan_for_devices.0",
                             "install_code": "$parse_device_qr.install_code", "name": "Reception thermostat"})]


def devices(provider: str, k: str, kind: str = "thermostat") -> tuple[list, str]:
    if provider == "list_devices":
        return [ls(k), ("list_devices", {"api_key": k, "site_id": SITE, "kind": kind})], "$list_devices.devices.0.device_id"
    return pairing(k), "$pair_device"


def zones(provider: str, k: str) -> tuple[list, str]:
    if provider == "list_zones":
        return [ls(k), ("list_zones", {"api_key": k, "site_id": SITE})], "$list_zones.0.0"
    return [ls(k), ("create_zone", {"api_key": k, "site_id": SITE, "name": "Reception", "floor": 0})], "$create_zone"


def for_device(c: str, k: str, d: str) -> list:
    return {
        "get_device": [("get_device", {"api_key": k, "device_id": d})],
        "rename_device": [("rename_device", {"api_key": k, "device_id": d, "name": "Front desk thermostat"})],
        "get_device_reading": [("get_device_reading", {"api_key": k, "device_id": d, "metric": "temperature"})],
        "check_firmware": [("check_firmware", {"api_key": k, "device_id": d})],
        "assign_devices_to_zone": [("list_zones", {"api_key": k, "site_id": SITE}, "lz"),
                                   ("assign_devices_to_zone", {"api_key": k, "zone_id": "$lz.1.0", "device_ids": [d]})],
        "set_device_power": [("set_device_power", {"api_key": k, "device_id": d, "on": True})],
        "create_scene": [("create_scene", {"api_key": k, "name": "Meeting room ready", "device_ids": [d], "turn_on": True})],
    }[c]


def for_zone(c: str, k: str, z: str, created: bool) -> list:
    thermostat = [("list_devices", {"api_key": k, "site_id": SITE, "kind": "thermostat"}, "therm"),
                  ("assign_devices_to_zone", {"api_key": k, "zone_id": z, "device_ids": ["$therm.devices.0.device_id"]})]
    conv = ("convert_temperature", {"value": 70.0, "from_unit": "F", "to_unit": "C"})
    return {
        "assign_devices_to_zone": thermostat,
        "set_zone_setpoint": (thermostat if created else []) + [
            conv, ("set_zone_setpoint", {"api_key": k, "zone_id": z, "celsius": "$convert_temperature"})],
        "set_hvac_mode": [("set_hvac_mode", {"api_key": k, "zone_id": z, "mode": "auto"})],
        "create_schedule": [conv, ("create_schedule", {"api_key": k, "zone_id": z, "days": ["mon", "tue", "wed", "thu", "fri"],
                                                       "start": "07:00", "end": "17:30", "celsius": "$convert_temperature"})],
    }[c]


def recipe(c: str, k: str) -> list:
    """A successful path (after getting key ``k``) that ends with ``c``."""
    if c in _bt._DEVICE_USERS:
        steps, d = devices("list_devices", k)
        return steps + for_device(c, k, d)
    if c in _bt._SWITCH_USERS:
        steps, d = devices("list_devices", k, "plug")
        return steps + for_device(c, k, d)
    if c in _bt._ZONE_USERS:
        steps, z = zones("list_zones", k)
        return steps + for_zone(c, k, z, False)
    webhook = [("create_webhook", {"api_key": k, "url": "https://ops.harbourpoint.example/hooks/building",
                                   "events": ["alert.opened", "device.offline"]}),
               ("sign_payload", {"signing_secret": "$create_webhook.signing_secret", "payload": "$create_webhook.challenge"}),
               ("verify_webhook", {"api_key": k, "webhook_id": "$create_webhook.webhook_id", "signature": "$sign_payload"})]
    doors = [ls(k), ("list_doors", {"api_key": k, "site_id": SITE})]
    return {
        "list_sites": [ls(k)],
        "list_gateways": [ls(k), lg(k)],
        "reboot_gateway": [ls(k), lg(k), ("reboot_gateway", {"api_key": k, "gateway_id": BASEMENT})],
        "set_pairing_mode": pairing(k)[:3],
        "scan_for_devices": pairing(k)[:4],
        "pair_device": pairing(k),
        "list_devices": devices("list_devices", k)[0],
        "list_zones": zones("list_zones", k)[0],
        "create_zone": zones("create_zone", k)[0],
        "list_schedules": [("list_schedules", {"api_key": k})],
        "enable_schedule": zones("list_zones", k)[0] + [
            ("set_hvac_mode", {"api_key": k, "zone_id": "$list_zones.0.0", "mode": "auto"}),
            ("list_schedules", {"api_key": k, "zone_id": "$list_zones.0.0"}),
            ("enable_schedule", {"api_key": k, "schedule_id": "$list_schedules.0.schedule_id"})],
        "install_firmware": devices("list_devices", k)[0] + [
            ("check_firmware", {"api_key": k, "device_id": "$list_devices.devices.0.device_id"}),
            ("install_firmware", {"api_key": k, "device_id": "$list_devices.devices.0.device_id",
                                  "bundle_id": "$check_firmware.update.bundle"})],
        "run_scene": [ls(k), ("list_devices", {"api_key": k, "site_id": SITE, "kind": "light"}),
                      ("create_scene", {"api_key": k, "name": "All lights off", "device_ids": ["$list_devices.devices.0.device_id"],
                                        "turn_on": False}),
                      ("run_scene", {"api_key": k, "scene_id": "$create_scene"})],
        "list_doors": doors,
        "issue_badge": [("issue_badge", {"api_key": k, "holder_name": "Sam Whitlock",
                                         "email": "sam.whitlock@harbourpoint.example"})],
        "list_badges": [("list_badges", {"api_key": k})],
        "grant_door_access": doors + [("list_badges", {"api_key": k, "holder": "Jo Park"}),
                                      ("grant_door_access", {"api_key": k, "badge_id": "$list_badges.0.badge_id",
                                                             "door_ids": ["$list_doors.0.0", "$list_doors.1.0"],
                                                             "valid_until": "2026-03-31"})],
        "disarm_alarm": [ls(k), ("disarm_alarm", {"api_key": k, "site_id": SITE, "user_code": "2580"})],
        "unlock_door": doors + [("disarm_alarm", {"api_key": k, "site_id": SITE, "user_code": "2580"}),
                                ("unlock_door", {"api_key": k, "door_id": "$list_doors.0.0", "seconds": 30})],
        "list_alerts": [("list_alerts", {"api_key": k})],
        "acknowledge_alert": [("list_alerts", {"api_key": k}),
                              ("acknowledge_alert", {"api_key": k, "alert_id": "$list_alerts.0.0",
                                                     "note": "Opened the windows; facilities checking ventilation"})],
        "resolve_alert": [("list_alerts", {"api_key": k}),
                          ("acknowledge_alert", {"api_key": k, "alert_id": "$list_alerts.0.0", "note": "On it"}),
                          ("resolve_alert", {"api_key": k, "alert_id": "$list_alerts.0.0"})],
        "create_webhook": webhook[:1],
        "verify_webhook": webhook,
        "send_test_event": webhook + [("send_test_event", {"api_key": k, "webhook_id": "$create_webhook.webhook_id"})],
    }[c]


PROOFS: list = []
for _c in _bt._KEY_USERS:
    for _p, (_step, _k) in AUTH.items():
        PROOFS.append((_p, _c, [_step] + recipe(_c, _k)))
for _c in _bt._SITE_USERS + _bt._GATEWAY_USERS:
    PROOFS.append(("list_sites" if _c in _bt._SITE_USERS else "list_gateways", _c, KEY + recipe(_c, K0)))
for _p in ("list_devices", "pair_device"):
    _steps, _d = devices(_p, K0)
    PROOFS += [(_p, _c, KEY + _steps + for_device(_c, K0, _d)) for _c in _bt._DEVICE_USERS]
PROOFS += [("list_devices", _c, KEY + recipe(_c, K0)) for _c in _bt._SWITCH_USERS]
for _p in ("list_zones", "create_zone"):
    _steps, _z = zones(_p, K0)
    PROOFS += [(_p, _c, KEY + _steps + for_zone(_c, K0, _z, _p == "create_zone")) for _c in _bt._ZONE_USERS]

_CS = KEY + zones("list_zones", K0)[0] + [
    ("convert_temperature", {"value": 70.0, "from_unit": "F", "to_unit": "C"}),
    ("create_schedule", {"api_key": K0, "zone_id": "$list_zones.0.0", "days": ["sat", "sun"], "start": "09:00",
                         "end": "13:00", "celsius": "$convert_temperature"}),
    ("set_hvac_mode", {"api_key": K0, "zone_id": "$list_zones.0.0", "mode": "auto"}),
    ("enable_schedule", {"api_key": K0, "schedule_id": "$create_schedule.schedule.id"})]
_BASEMENT = KEY + [ls(K0), lg(K0), ("reboot_gateway", {"api_key": K0, "gateway_id": BASEMENT}),
                   ("set_pairing_mode", {"api_key": K0, "gateway_id": BASEMENT, "enabled": True})]
_NEW_BADGE = KEY + [("issue_badge", {"api_key": K0, "holder_name": "Sam Whitlock", "email": "sam.whitlock@harbourpoint.example"}),
                    ls(K0), ("list_doors", {"api_key": K0, "site_id": SITE}),
                    ("grant_door_access", {"api_key": K0, "badge_id": NEW_BADGE, "door_ids": ["$list_doors.0.0"],
                                           "valid_until": "2025-12-31"})]
PROOFS += [
    ("list_schedules", "enable_schedule", KEY + recipe("enable_schedule", K0)),
    ("create_schedule", "enable_schedule", _CS),
    ("set_hvac_mode", "enable_schedule", _CS),
    ("create_scene", "run_scene", KEY + recipe("run_scene", K0)),
    ("list_doors", "grant_door_access", KEY + recipe("grant_door_access", K0)),
    ("list_doors", "unlock_door", KEY + recipe("unlock_door", K0)),
    ("list_badges", "grant_door_access", KEY + recipe("grant_door_access", K0)),
    ("issue_badge", "grant_door_access", _NEW_BADGE),
    ("list_alerts", "acknowledge_alert", KEY + recipe("acknowledge_alert", K0)),
    ("list_alerts", "resolve_alert", KEY + recipe("resolve_alert", K0)),
    ("create_webhook", "verify_webhook", KEY + recipe("verify_webhook", K0)),
    ("create_webhook", "sign_payload", KEY + recipe("verify_webhook", K0)[:2]),
    ("sign_payload", "verify_webhook", KEY + recipe("verify_webhook", K0)),
    ("create_webhook", "send_test_event", KEY + recipe("send_test_event", K0)),
    ("verify_webhook", "send_test_event", KEY + recipe("send_test_event", K0)),
    ("parse_device_qr", "pair_device", KEY + pairing(K0)),
    ("convert_temperature", "set_zone_setpoint", KEY + recipe("set_zone_setpoint", K0)),
    ("convert_temperature", "create_schedule", KEY + recipe("create_schedule", K0)),
    ("check_firmware", "install_firmware", KEY + recipe("install_firmware", K0)),
    ("reboot_gateway", "set_pairing_mode", _BASEMENT),
    ("set_pairing_mode", "scan_for_devices", KEY + recipe("scan_for_devices", K0)),
    ("scan_for_devices", "pair_device", KEY + pairing(K0)),
    ("assign_devices_to_zone", "set_zone_setpoint", KEY + zones("create_zone", K0)[0]
     + for_zone("set_zone_setpoint", K0, "$create_zone", True)),
    ("disarm_alarm", "unlock_door", KEY + recipe("unlock_door", K0)),
    ("acknowledge_alert", "resolve_alert", KEY + recipe("resolve_alert", K0)),
]

VARIANT_PROOFS = [
    ("create_zone", "set_hvac_mode", KEY + zones("create_zone", K0)[0] + for_zone("set_hvac_mode", K0, "$create_zone", True),
     "empty_site"),
    ("issue_badge", "grant_door_access", _NEW_BADGE, "empty_site"),
]

NON_PREREQUISITES = [
    ("get_device", KEY + devices("list_devices", K0)[0] + [
        ("get_device", {"api_key": K0, "device_id": "$list_devices.devices.0.device_id"}),
        ("check_firmware", {"api_key": K0, "device_id": "$list_devices.devices.0.device_id"})]),
    ("list_gateways", KEY + [ls(K0), lg(K0), ("list_devices", {"api_key": K0, "site_id": SITE})]),
    ("get_device_reading", KEY + devices("list_devices", K0)[0] + [
        ("get_device_reading", {"api_key": K0, "device_id": "$list_devices.devices.0.device_id", "metric": "temperature"}),
        ("list_zones", {"api_key": K0, "site_id": SITE}),
        ("convert_temperature", {"value": 70.0, "from_unit": "F", "to_unit": "C"}),
        ("set_zone_setpoint", {"api_key": K0, "zone_id": "$list_zones.0.0", "celsius": "$convert_temperature"})]),
    ("list_badges", KEY + [("list_badges", {"api_key": K0})] + recipe("unlock_door", K0)),
]
