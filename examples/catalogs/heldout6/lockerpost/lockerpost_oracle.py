"""Scripted proofs that LockerPost's designed prerequisites are real (checked by the checkout's
examples/catalogs/oracle.py: a reply that is a dict with an ``error`` key is a failure, as is
every LockerPost refusal, ``{"ok": false, "error": ...}``).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer
fails once every call of the provider is dropped (its outputs replaced by control values). The two
clients' tokens are saved under their own names (``"$merchant.auth.access.token"``,
``"$ops.auth.access.token"``). What a call only says inside a sentence is written literally: the
verification reference ``VR-2201`` and the reissued pickup code ``935 366``; each comes from its
own sequence, so it is the same in every fresh state, and neither works without the call. No
tracking number is typed in: the support caller is found by name (``find_shipments``).
"""

M_AUTH = ("auth_token", {"client_id": "hg_live_7731", "client_secret": "sk_9f2c4e1b77a0",
                         "scopes": ["shipments", "billing", "webhooks"]}, "merchant")
O_AUTH = ("auth_token", {"client_id": "ops-console", "client_secret": "oc_51de0a9b3c",
                         "scopes": ["shipments", "courier", "support", "ops"]}, "ops")
MT, OT = "$merchant.auth.access.token", "$ops.auth.access.token"
VERIFIED, NEW_CODE = "VR-2201", "935 366"

FL = ("find_lockers", {"postcode": "BS1 6QF"})           # LK-BRS-014 first
L0 = "$find_lockers.lockers.0.locker_id"
FPH = ("format_phone", {"number": "07700 900 881"})
QS = ("quote_shipment", {"size": "S", "service": "next day", "weight_kg": 1.2})
LS = ("list_senders", {"token": MT})
AS = ("add_sender", {"token": MT, "name": "Harbour Goods pop-up, Wapping Wharf",
                     "address_lines": ["Unit 12, Cargo 2", "Wapping Wharf", "Bristol"], "postcode": "BS1 4RW",
                     "phone": "0117 946 0199"})


def cs(sender: str = "$list_senders.senders.0.sender_id") -> tuple:
    return ("create_shipment", {"token": MT, "sender_id": sender, "quote_id": "$quote_shipment.quote.quote_id",
                                "locker_id": L0, "reference": "Order HG-20931",
                                "recipient": {"name": "Priya Shah", "phone": "$format_phone",
                                              "email": "priya.shah@example.com"}})


NEWT = "$create_shipment.shipment.tracking"
CREATED = [M_AUTH, FL, FPH, QS, LS, cs()]
PL = ("print_label", {"token": MT, "tracking": NEWT, "format": "zpl"})
SR = ("start_route", {"token": OT, "badge": "C-4471", "vehicle_reg": "WX24 KPL"})
R = "$start_route.route.route_id"
RES = ("reserve_compartment", {"token": OT, "locker_id": L0, "size": "S"})
DEP = ("deposit_parcel", {"token": OT, "route_id": R, "tracking": NEWT,
                          "reservation_id": "$reserve_compartment.reservation.id"})
END = ("end_route", {"token": OT, "route_id": R})


def load(tracking: str) -> tuple:
    return ("load_parcel", {"token": OT, "route_id": R, "tracking": tracking})


LOADED = CREATED + [PL, O_AUTH, SR, load(NEWT)]
DEPOSITED = LOADED + [RES, DEP]


def fs(token: str, **filters) -> tuple:
    return ("find_shipments", {"token": token, **filters})


FOUND = "$find_shipments.results.0.0"
FS_COSTA = fs(OT, recipient="Costa")     # LP100000001GB, in LK-BRS-014 (Temple Meads)


def verify(tracking: str, name: str = "Ana Costa", last4: str = "0417") -> tuple:
    return ("verify_recipient", {"token": OT, "tracking": tracking, "name": name, "phone_last4": last4})


def reissue(tracking: str) -> tuple:
    return ("reissue_pickup_code", {"token": OT, "tracking": tracking, "verification": VERIFIED})


def extend(token: str, tracking: str) -> tuple:
    return ("extend_hold", {"token": token, "tracking": tracking, "days": 2})


def resend(tracking: str, channel: str = "sms") -> tuple:
    return ("resend_pickup_code", {"token": OT, "tracking": tracking, "channel": channel})


def cancel(token: str, tracking: str) -> tuple:
    return ("cancel_shipment", {"token": token, "tracking": tracking, "reason": "Customer cancelled the order"})


def redirect(tracking: str, locker: str) -> tuple:
    return ("redirect_parcel", {"token": MT, "tracking": tracking, "locker_id": locker})


def collect(locker: str, code: str) -> tuple:
    return ("collect_parcel", {"locker_id": locker, "code": code})


def create_return(token: str, tracking: str) -> tuple:
    return ("create_return", {"token": token, "tracking": tracking, "reason": "damaged",
                              "items": ["Linen shirt, blue, size M"]})


FL_CABOT = ("find_lockers", {"postcode": "BS1 3BX"})     # LK-BRS-022 first, no returns waiting
RETURNED = [M_AUTH, fs(MT, status="collected"), create_return(MT, FOUND), FL_CABOT,
            ("drop_off_return", {"locker_id": L0, "drop_code": "$create_return.return.drop_code", "size": "S"})]
PICKED = RETURNED + [O_AUTH, SR, ("collect_returns", {"token": OT, "route_id": R, "locker_id": L0})]
CLOSE = ("close_return", {"token": MT, "rma": "$create_return.return.rma", "outcome": "refund",
                          "note": "Seam torn on arrival; refunded in full"})
LST = ("locker_status", {"token": OT, "locker_id": L0})
A2, A3 = "$locker_status.locker.bank.0.1.compartment_id", "$locker_status.locker.bank.0.2.compartment_id"


def block(cell: str) -> tuple:
    return ("block_compartment", {"token": OT, "locker_id": L0, "compartment_id": cell, "fault": "door_jammed"})


def unblock(cell: str) -> tuple:
    return ("unblock_compartment", {"token": OT, "locker_id": L0, "compartment_id": cell})


OF = ("open_fault", {"token": OT, "locker_id": L0, "summary": "Door A3 does not latch", "severity": 2,
                     "doors": ["A3"]})
LT = ("list_technicians", {"token": OT, "region": "BRS"})
ASSIGN = ("assign_technician", {"token": OT, "fault_id": "$open_fault.fault.id",
                                "technician_id": "$list_technicians.technicians.0.id"})
RESOLVE = ("resolve_faults", {"token": OT, "fault_ids": ["$open_fault.fault.id"],
                              "resolution": "Latch spring replaced; door tested ten times"})
RW = ("register_webhook", {"token": MT, "url": "https://hooks.harbourgoods.example/lockerpost",
                           "events": ["parcel.deposited", "parcel.collected"]})
LI = ("list_invoices", {"token": MT, "month": "2025-05"})
IL = ("invoice_lines", {"token": MT, "invoice_no": "$list_invoices.invoices.0.invoice_no"})
DC = ("dispute_charge", {"token": MT, "invoice_no": "$list_invoices.invoices.0.invoice_no",
                         "line_nos": ["$invoice_lines.lines.2.0"],
                         "reason": "Redelivery surcharge: the locker was full, not a failed attempt of ours"})
TRACK = ("track", {"tracking": FOUND})
REISSUED = [O_AUTH, FS_COSTA, verify(FOUND), reissue(FOUND)]

PATHS = {
    "register_webhook": [M_AUTH, RW],
    "test_webhook": [M_AUTH, RW, ("test_webhook", {"token": MT, "webhook_id": "$register_webhook.webhook.id"})],
    "delete_webhook": [M_AUTH, RW, ("delete_webhook", {"token": MT, "webhook_id": "$register_webhook.webhook.id"})],
    "locker_status": [O_AUTH, FL, LST],
    "list_senders": [M_AUTH, LS],
    "add_sender": [M_AUTH, AS],
    "create_shipment": CREATED,
    "print_label": CREATED + [PL],
    "find_shipments": [M_AUTH, fs(MT, recipient="Costa")],
    "cancel_shipment": CREATED + [cancel(MT, NEWT)],
    "redirect_parcel": [M_AUTH, fs(MT, status="label_printed"), FL, redirect(FOUND, L0)],
    "extend_hold": [M_AUTH, fs(MT, recipient="Costa"), extend(MT, FOUND)],
    "start_route": [O_AUTH, SR],
    "load_parcel": LOADED,
    "route_manifest": [O_AUTH, SR, ("route_manifest", {"token": OT, "route_id": R})],
    "reserve_compartment": [O_AUTH, FL, RES],
    "deposit_parcel": DEPOSITED,
    "end_route": [O_AUTH, SR, END],
    "verify_recipient": [O_AUTH, FS_COSTA, verify(FOUND)],
    "reissue_pickup_code": REISSUED,
    "resend_pickup_code": [O_AUTH, FS_COSTA, resend(FOUND, "email")],
    "collect_parcel": DEPOSITED + [collect(L0, "$deposit_parcel.deposit.notify.pickup_code")],
    "create_return": [M_AUTH, fs(MT, status="collected"), create_return(MT, FOUND)],
    "drop_off_return": RETURNED,
    "collect_returns": PICKED,
    "close_return": PICKED + [CLOSE],
    "block_compartment": [O_AUTH, FL, LST, block(A3)],
    "unblock_compartment": [O_AUTH, FL, LST, unblock(A2)],
    "set_locker_mode": [O_AUTH, FL, ("set_locker_mode", {"token": OT, "locker_id": L0, "mode": "maintenance"})],
    "open_fault": [O_AUTH, FL, OF],
    "list_technicians": [O_AUTH, LT],
    "assign_technician": [O_AUTH, FL, OF, LT, ASSIGN],
    "resolve_faults": [O_AUTH, FL, OF, LT, ASSIGN, RESOLVE],
    "list_invoices": [M_AUTH, LI],
    "invoice_lines": [M_AUTH, LI, IL],
    "dispute_charge": [M_AUTH, LI, IL, DC],
}

OVERRIDES = {
    ("add_sender", "create_shipment"): [M_AUTH, FL, FPH, QS, AS, cs("$add_sender.sender.sender_id")],
    ("find_shipments", "print_label"): [M_AUTH, fs(MT, status="label_created"),
                                        ("print_label", {"token": MT, "tracking": FOUND})],
    ("find_shipments", "cancel_shipment"): [M_AUTH, fs(MT, status="label_created"), cancel(MT, FOUND)],
    ("create_shipment", "redirect_parcel"): CREATED + [("find_lockers", {"postcode": "BS7 8AE"}, "other"),
                                                       redirect(NEWT, "$other.lockers.0.locker_id")],
    ("find_shipments", "load_parcel"): [O_AUTH, fs(OT, status="label_printed"), SR, load(FOUND)],
    ("create_shipment", "extend_hold"): DEPOSITED + [extend(MT, NEWT)],
    ("create_shipment", "verify_recipient"): DEPOSITED + [verify(NEWT, "Priya Shah", "0881")],
    ("create_shipment", "reissue_pickup_code"): DEPOSITED + [verify(NEWT, "Priya Shah", "0881"), reissue(NEWT)],
    ("create_shipment", "resend_pickup_code"): DEPOSITED + [resend(NEWT)],
    ("deposit_parcel", "end_route"): DEPOSITED + [END],
    ("find_shipments", "collect_parcel"): REISSUED + [collect("$find_shipments.results.0.2", NEW_CODE)],
    ("track", "collect_parcel"): REISSUED + [TRACK, collect("$track.locker_id", NEW_CODE)],
    ("reissue_pickup_code", "collect_parcel"): REISSUED + [collect("$find_shipments.results.0.2", NEW_CODE)],
    ("collect_parcel", "create_return"): REISSUED + [collect("$find_shipments.results.0.2", NEW_CODE),
                                                     create_return(OT, "$collect_parcel.tracking")],
    ("block_compartment", "unblock_compartment"): [O_AUTH, FL, LST, block(A3), unblock(A3)],
}


def _proofs() -> list:
    import lockerpost_tools as m  # the catalog beside this file

    return [(p, c, OVERRIDES.get((p, c), PATHS[c])) for ps, c, _ in m.GROUND_TRUTH for p in ps.split("|")]


PROOFS = _proofs()

# (provider, path): calls that look related but that the path's last call does not need.
NON_PREREQUISITES = [
    ("track", [O_AUTH, FS_COSTA, TRACK, verify(FOUND)]),
    ("list_technicians", [O_AUTH, FL, LT, OF]),
    ("route_manifest", [O_AUTH, SR, ("route_manifest", {"token": OT, "route_id": R}), END]),
    ("format_phone", [M_AUTH, FPH, fs(MT, status="label_created"), cancel(MT, FOUND)]),
    ("locker_status", [O_AUTH, FL, LST, ("set_locker_mode", {"token": OT, "locker_id": L0, "mode": "closed"})]),
    ("quote_shipment", [M_AUTH, QS, fs(MT, status="label_printed"), ("print_label", {"token": MT, "tracking": FOUND})]),
    ("list_senders", [M_AUTH, LS, RW]),
]
