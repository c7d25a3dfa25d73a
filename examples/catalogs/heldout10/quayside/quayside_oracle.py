"""Scripted proofs that Quayside's designed prerequisites are real (checked by the checkout's
examples/catalogs/oracle.py: a raised exception is a failure).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer
fails once every call of the provider is dropped (its outputs replaced by control values). Marta
Kowalczyk signs in with ``request_sign_in`` (a bare challenge id, ``"$request_sign_in"``), reads the
code off her pager (``"$read_pager.1.3"``: the pager already holds the morning's shift notice) and
exchanges both for the bare token (``"$verify_sign_in"``). Appointment numbers the TOS only writes
inside a sentence (the day's next appointment, ``APT-60421``) are written literally: they come from a
counter, so they are the same in every fresh state, and none exists without the booking.
"""

TODAY = "2027-06-14"
SIGN = [("request_sign_in", {"username": "mkowalczyk", "password": "Gantry#Blue-19"}),
        ("read_pager", {"pager_number": "0417 552"}),
        ("verify_sign_in", {"challenge_id": "$request_sign_in", "code": "$read_pager.1.3"})]
T = "$verify_sign_in"
APT = "APT-60421"


def visits(status: str) -> tuple:
    return ("list_vessel_visits", {"status": status})


def berthed_kinloss(cranes: bool = False) -> list:
    """The Maersk Kinloss (next expected visit) berthed at B3, and given two cranes if asked."""
    steps = SIGN + [visits("expected"), ("list_berths", {"token": T}),
                    ("berth_vessel", {"token": T, "visit_id": "$list_vessel_visits.0.0", "berth": "$list_berths.2.0"})]
    if cranes:
        steps += [("list_cranes", {"token": T}),
                  ("assign_crane", {"token": T, "visit_id": "$list_vessel_visits.0.0",
                                    "crane_ids": ["$list_cranes.4.0", "$list_cranes.5.0"]})]
    return steps


def vgm(number: str = "SEGU 6610042", kg: int = 22040) -> tuple:
    return ("submit_vgm", {"token": T, "container_number": number, "verified_gross_kg": kg, "method": "method_2",
                           "signatory": "Adaeze Okonjo, Brackley Exports"})


def plan(number: str = "SEGU 6610042") -> tuple:
    return ("plan_load", {"token": T, "visit_id": "$list_vessel_visits.0.0", "container_numbers": [number]})


def loaded_kinloss() -> list:
    return berthed_kinloss(cranes=True) + [vgm(), plan(), (
        "confirm_loaded", {"token": T, "visit_id": "$list_vessel_visits.0.0", "container_number": "SEGU 6610042"})]


def aurelia_departs() -> list:
    return SIGN + [visits("berthed"),
                   ("confirm_loaded", {"token": T, "visit_id": "$list_vessel_visits.0.0",
                                       "container_number": "MSKU 7719034"}),
                   ("record_departure", {"token": T, "visit_id": "$list_vessel_visits.0.0"})]


def slots(direction: str) -> tuple:
    return ("list_gate_slots", {"token": T, "date": TODAY, "direction": direction})


def pickup(truck_how: str = "find_haulier", container: str = "TGHU 8830157", upto: str = "book_pickup") -> list:
    """A pickup of an import container booked, then taken through the gate as far as ``upto``.

    ``truck_how``: Dunmore Haulage's truck found (``find_haulier``), Pellow & Sons' truck after switching
    their portal access on (``portal``), or Tarrow Container Services' new truck registered
    (``register_truck``). MSCU 4471203 first has its customs hold released and its storage paid."""
    steps = list(SIGN)
    plate = "DN21 KXR"
    if container == "MSCU 4471203":
        steps += [("get_container", {"token": T, "container_number": container}),
                  ("release_hold", {"token": T, "hold_id": "$get_container.holds.0.0",
                                    "authority_reference": "HMRC release CUS-REL-552081"}),
                  ("get_storage_charges", {"token": T, "container_number": container}),
                  ("pay_storage", {"token": T, "container_number": container, "amount": "$get_storage_charges",
                                   "payer_account": "TARROW-ACC-0311"})]
    bl = {"TGHU 8830157": "MEDUSN482377", "MSCU 4471203": "MEDUSN482210"}[container]
    steps.append(("record_line_release", {"token": T, "container_number": container, "bill_of_lading": bl}))
    if truck_how == "find_haulier":
        steps.append(("find_haulier", {"token": T, "name": "Dunmore"}))
        truck = "$find_haulier.0.3.0.0"
    elif truck_how == "portal":
        steps += [("find_haulier", {"token": T, "name": "Pellow"}),
                  ("set_haulier_portal", {"token": T, "haulier_code": "$find_haulier.0.0", "active": True})]
        truck, plate = "$find_haulier.0.3.0.0", "PJ19 WOE"
    else:
        steps += [("find_haulier", {"token": T, "name": "Tarrow Container"}),
                  ("register_truck", {"token": T, "haulier_code": "$find_haulier.0.0", "plate": "YK23 HBN",
                                      "driver_name": "Leon Castell"})]
        truck, plate = "$register_truck", "YK23 HBN"
    steps += [slots("import_pickup"),
              ("book_pickup", {"token": T, "truck_id": truck, "slot_id": "$list_gate_slots.1.0",
                               "container_number": container, "release_pin": "$record_line_release"})]
    chain = [("gate_in", {"token": T, "appointment_id": APT, "plate": plate}),
             ("deliver_to_truck", {"token": T, "appointment_id": APT}),
             ("gate_out", {"token": T, "appointment_id": APT})]
    names = [c[0] for c in chain]
    return steps + (chain[:names.index(upto) + 1] if upto in names else [])


def delivery(truck_how: str = "find_haulier", upto: str = "book_delivery") -> list:
    """Tarrow Container Services deliver MRKU 4410278 for the Kinloss's 20ft booking, as far as ``upto``."""
    steps = list(SIGN)
    plate = "TC70 RRY"
    if truck_how == "find_haulier":
        steps.append(("find_haulier", {"token": T, "name": "Tarrow Container"}))
        truck = "$find_haulier.0.3.0.0"
    elif truck_how == "portal":
        steps += [("find_haulier", {"token": T, "name": "Pellow"}),
                  ("set_haulier_portal", {"token": T, "haulier_code": "$find_haulier.0.0", "active": True})]
        truck, plate = "$find_haulier.0.3.0.0", "PJ19 WOE"
    else:
        steps += [("find_haulier", {"token": T, "name": "Tarrow Container"}),
                  ("register_truck", {"token": T, "haulier_code": "$find_haulier.0.0", "plate": "YK23 HBN",
                                      "driver_name": "Leon Castell"})]
        truck, plate = "$register_truck", "YK23 HBN"
    steps += [("list_export_bookings", {"token": T, "visit_id": "V-2714"}), slots("export_delivery"),
              ("book_delivery", {"token": T, "truck_id": truck, "slot_id": "$list_gate_slots.0.0",
                                 "booking_number": "$list_export_bookings.0.0", "container_number": "MRKU 4410278"})]
    chain = [("gate_in", {"token": T, "appointment_id": APT, "plate": plate}),
             ("receive_export", {"token": T, "appointment_id": APT, "seal_number": "ML-7730415", "gross_kg": 18420}),
             ("gate_out", {"token": T, "appointment_id": APT}),
             vgm("MRKU 4410278", 18390)]
    names = [c[0] for c in chain]
    return steps + (chain[:names.index(upto) + 1] if upto in names else [])


def listed(upto: str) -> list:
    """This morning's booked delivery APT-60418 (Tarrow Container Services, TC70 RRY) from the day's list."""
    a = "$list_appointments.0.0"
    chain = [("gate_in", {"token": T, "appointment_id": a, "plate": "TC70 RRY"}),
             ("receive_export", {"token": T, "appointment_id": a, "seal_number": "ML-7729960", "gross_kg": 15760}),
             ("gate_out", {"token": T, "appointment_id": a})]
    if upto == "cancel_appointment":
        chain = [("cancel_appointment", {"token": T, "appointment_id": a, "reason": "Haulier rang: box not ready"})]
    names = [c[0] for c in chain]
    return SIGN + [("list_appointments", {"token": T, "date": TODAY})] + chain[:names.index(upto) + 1]


def cancel(how: str) -> list:
    booked = pickup() if how == "book_pickup" else delivery()
    return booked + [("cancel_appointment", {"token": T, "appointment_id": APT,
                                             "reason": "Driver off sick; rebooking tomorrow"})]


def reefer(upto: str) -> list:
    steps = SIGN + [("list_yard_blocks", {"token": T}),
                    ("move_container", {"token": T, "container_number": "MNBU 3309187", "to_block": "$list_yard_blocks.6.0"}),
                    ("plug_in_reefer", {"token": T, "container_number": "MNBU 3309187", "setpoint_c": 1.5}),
                    ("record_reefer_reading", {"token": T, "container_number": "MNBU 3309187", "temperature_c": 2.1})]
    return steps[:[s[0] for s in steps].index(upto) + 1]


def inspection(upto: str) -> list:
    steps = SIGN + [("place_hold", {"token": T, "container_number": "TGHU 8830157", "hold_type": "customs",
                                    "reason": "Selected for documentary and physical check"}),
                    ("request_inspection", {"token": T, "container_number": "TGHU 8830157", "agency": "customs"}),
                    ("record_inspection_result", {"token": T, "inspection_id": "$request_inspection",
                                                  "result": "cleared", "notes": "Contents match the manifest "
                                                                                "(ceramic tiles)."})]
    return steps[:[s[0] for s in steps].index(upto) + 1]


PATHS = {}
PROOFS = []


def prove(provider: str, steps: list) -> None:
    consumer = steps[-1][0]
    PATHS.setdefault(consumer, steps)
    PROOFS.append((provider, consumer, steps))


prove("request_sign_in", list(SIGN))
prove("read_pager", list(SIGN))
# vessels
prove("list_vessel_visits", berthed_kinloss())
prove("list_berths", berthed_kinloss())
prove("list_vessel_visits", berthed_kinloss(cranes=True))
prove("list_cranes", berthed_kinloss(cranes=True))
prove("berth_vessel", berthed_kinloss(cranes=True))
prove("list_vessel_visits", aurelia_departs())
prove("confirm_loaded", aurelia_departs())
prove("berth_vessel", berthed_kinloss() + [("record_departure", {"token": T, "visit_id": "$list_vessel_visits.0.0"})])
prove("list_vessel_visits", berthed_kinloss() + [vgm(), plan()])
prove("berth_vessel", berthed_kinloss() + [vgm(), plan()])
prove("submit_vgm", berthed_kinloss() + [vgm(), plan()])
prove("declare_dangerous_goods", berthed_kinloss() + [
    ("declare_dangerous_goods", {"token": T, "container_number": "HLXU 2207751", "un_number": "UN 1263",
                                 "imo_class": "3", "proper_shipping_name": "PAINT"}), plan("HLXU 2207751")])
prove("list_vessel_visits", loaded_kinloss())
prove("assign_crane", loaded_kinloss())
prove("plan_load", loaded_kinloss())
# holds, storage, release, pickups
prove("get_container", pickup(container="MSCU 4471203")[:5])
prove("place_hold", SIGN + [("place_hold", {"token": T, "container_number": "TGHU 8830157", "hold_type": "terminal",
                                            "reason": "Door seal damaged; awaiting survey"}),
                            ("release_hold", {"token": T, "hold_id": "$place_hold",
                                              "authority_reference": "Survey SV-1406 passed"})])
prove("get_storage_charges", pickup(container="MSCU 4471203")[:7])
prove("release_hold", pickup(container="MSCU 4471203"))
prove("pay_storage", pickup(container="MSCU 4471203"))
prove("record_line_release", pickup())
prove("find_haulier", pickup())
prove("register_truck", pickup("register_truck"))
prove("list_gate_slots", pickup())
prove("set_haulier_portal", pickup("portal"))
prove("find_haulier", pickup("portal")[:6])
prove("find_haulier", pickup("register_truck")[:6])
prove("find_haulier", delivery())
prove("register_truck", delivery("register_truck"))
prove("list_gate_slots", delivery())
prove("list_export_bookings", delivery())
prove("set_haulier_portal", delivery("portal"))
# appointments and the gate
for _how, _path in (("book_pickup", pickup(upto="gate_in")), ("book_delivery", delivery(upto="gate_in")),
                    ("list_appointments", listed("gate_in"))):
    prove(_how, _path)
for _how in ("book_pickup", "book_delivery"):
    prove(_how, cancel(_how))
prove("list_appointments", listed("cancel_appointment"))
for _how, _path in (("book_pickup", pickup(upto="gate_out")), ("book_delivery", delivery(upto="gate_out")),
                    ("list_appointments", listed("gate_out"))):
    prove(_how, _path)
prove("book_pickup", pickup(upto="deliver_to_truck"))
prove("book_delivery", delivery(upto="receive_export"))
prove("list_appointments", listed("receive_export"))
prove("gate_in", pickup(upto="deliver_to_truck"))
prove("gate_in", listed("receive_export"))
prove("deliver_to_truck", pickup(upto="gate_out"))
prove("receive_export", listed("gate_out"))
prove("receive_export", delivery(upto="submit_vgm"))
# yard, reefers, inspections
prove("list_yard_blocks", reefer("move_container"))
prove("move_container", reefer("plug_in_reefer"))
prove("plug_in_reefer", reefer("record_reefer_reading"))
prove("place_hold", inspection("request_inspection"))
prove("request_inspection", inspection("record_inspection_result"))

_EXTRA = {
    "list_berths": SIGN + [("list_berths", {"token": T})],
    "search_containers": SIGN + [("search_containers", {"token": T, "visit_id": "V-2714"})],
    "get_container": SIGN + [("get_container", {"token": T, "container_number": "CAIU 5521984"})],
    "list_cranes": SIGN + [("list_cranes", {"token": T})],
    "list_yard_blocks": SIGN + [("list_yard_blocks", {"token": T})],
    "place_hold": inspection("place_hold"),
    "get_storage_charges": SIGN + [("get_storage_charges", {"token": T, "container_number": "MSCU 4471203"})],
    "record_line_release": pickup()[:4],
    "find_haulier": SIGN + [("find_haulier", {"token": T, "name": "Dunmore"})],
    "list_gate_slots": SIGN + [slots("import_pickup")],
    "list_appointments": SIGN + [("list_appointments", {"token": T, "date": TODAY})],
    "list_export_bookings": SIGN + [("list_export_bookings", {"token": T})],
    "request_inspection": inspection("request_inspection"),
    "declare_dangerous_goods": SIGN + [("declare_dangerous_goods", {
        "token": T, "container_number": "HLXU 2207751", "un_number": "UN 1263", "imo_class": "3",
        "proper_shipping_name": "PAINT"})],
}
_TOKEN = ["list_berths", "berth_vessel", "list_cranes", "assign_crane", "record_departure", "search_containers",
          "get_container", "list_yard_blocks", "move_container", "place_hold", "release_hold", "get_storage_charges",
          "pay_storage", "record_line_release", "find_haulier", "set_haulier_portal", "register_truck",
          "list_gate_slots", "book_pickup", "book_delivery", "list_appointments", "cancel_appointment", "gate_in",
          "deliver_to_truck", "receive_export", "gate_out", "list_export_bookings", "submit_vgm",
          "declare_dangerous_goods", "plan_load", "confirm_loaded", "plug_in_reefer", "record_reefer_reading",
          "request_inspection", "record_inspection_result"]
for _c in _TOKEN:
    prove("verify_sign_in", _EXTRA.get(_c) or PATHS[_c])

NON_PREREQUISITES = [
    ("list_berths", SIGN + [("list_berths", {"token": T}), visits("berthed"),
                            ("confirm_loaded", {"token": T, "visit_id": "$list_vessel_visits.0.0",
                                                "container_number": "MSKU 7719034"})]),
    ("get_container", SIGN + [("get_container", {"token": T, "container_number": "TGHU 8830157"}),
                              ("record_line_release", {"token": T, "container_number": "TGHU 8830157",
                                                       "bill_of_lading": "MEDUSN482377"})]),
    ("list_cranes", SIGN + [("list_cranes", {"token": T}), visits("berthed"),
                            ("confirm_loaded", {"token": T, "visit_id": "$list_vessel_visits.0.0",
                                                "container_number": "MSKU 7719034"})]),
    ("search_containers", SIGN + [("search_containers", {"token": T, "visit_id": "V-2714"}), vgm()]),
    ("get_storage_charges", SIGN + [("get_storage_charges", {"token": T, "container_number": "TGHU 8830157"}),
                                    ("record_line_release", {"token": T, "container_number": "TGHU 8830157",
                                                             "bill_of_lading": "MEDUSN482377"})]),
    ("list_export_bookings", SIGN + [("list_export_bookings", {"token": T}),
                                     ("list_appointments", {"token": T, "date": TODAY}),
                                     ("gate_in", {"token": T, "appointment_id": "$list_appointments.0.0",
                                                  "plate": "TC70 RRY"})]),
]
