"""Scripted proofs that Fleetwise's designed prerequisites are real (checked by the checkout's
examples/catalogs/oracle.py, through the package's runtime, which awaits the async handlers and, given
the module's ``FAILURE``, records a ``{"rc": n, "msg": ...}`` reply as a rejection).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer
fails once every call of the provider is dropped (its outputs replaced by control values). Operators
sign in by first name (``("sign_in", {...}, "priya")``) and pass the bare key whole (``"$priya"``);
dicts are read by key (``"$find_vehicle.unit_id"``, ``"$create_job.job_id"``,
``"$request_immobilise.confirm_code"``, ``"$book_workshop.booking_id"``) and rows by position
(``"$list_vehicles.1.0"``, ``"$list_drivers.2.0"``, ``"$list_jobs.0.0"``, ``"$list_workshops.0.3.0"``).
Numbers the console only writes inside a sentence are written literally: the first new driver
``D0431``, geofence ``GF-23`` and trip ``TP-8840`` of a fresh state, and a defect's number
(``D40118/1``: the unit's digits and its defect count); each follows from its own counter, so it is
the same in every fresh state, and none exists without its call.

Two delivery days run from the driver to the closed trip: Shauna Kerr, added and licence-checked now,
put in the 7.5-tonne YX26 HBD (found by registration) for the Harlow Garden Centre job raised now;
and Joel Farrar, picked from the Leeds drivers, put in the van NG27 KVS (picked from the Leeds
vehicles) for the open Brewer & Sons job picked from the list. The rest are short paths: the
not-returned tractor unit PN25 OTB immobilised and released, a cut tyre on NG27 KVS and the open brake
defect of YX26 HBE taken through the workshop back to the road, alerts, geofences and fuel cards.
"""

import fleetwise_tools as tools

NEW_DRIVER, GEOFENCE, TRIP = "D0431", "GF-23", "TP-8840"
WHO = {"priya": ("priya.shah", "Harrier-77"), "dan": ("dan.moss", "Falcon-12"), "kev": ("kev.ward", "Merlin-40")}
P, D, K = "$priya", "$dan", "$kev"
KERR = {"full_name": "Shauna Kerr", "licence_number": "KERR9803157SJ9AB", "categories": ["B", "C1"], "depot": "LDS",
        "phone": "07700 900477"}
HARLOW = {"customer": "Harlow Garden Centre", "collect_from": "Leeds depot",
          "deliver_to": "Harlow Garden Centre, Otley LS21 3AB", "due_by": "16:00", "pallets": 4}
PLACES = {"NG27 KVR": ("LDS", 0), "NG27 KVS": ("LDS", 1), "YX26 HBD": ("LDS", 2),
          "YX26 HBE": ("HUL", 0), "PN25 OTA": ("HUL", 1), "PN25 OTB": ("HUL", 2)}


def login(who: str) -> tuple:
    user, password = WHO[who]
    return ("sign_in", {"username": user, "password": password}, who)


def cut(steps: list, upto: str) -> list:
    end = next(i for i, s in enumerate(steps) if s[0] == upto)
    return steps[:end + 1]


def unit(reg: str, how: str, session: str) -> tuple:
    """Steps that find a vehicle's unit id, and the reference to it: by registration ("find") or as a
    row of its depot's vehicles ("list")."""
    if how == "find":
        return [("find_vehicle", {"session": session, "registration": reg})], "$find_vehicle.unit_id"
    depot, row = PLACES[reg]
    return [("list_vehicles", {"session": session, "depot": depot})], f"$list_vehicles.{row}.0"


def new_driver_day() -> list:
    """Shauna Kerr added, checked and put in YX26 HBD (found) for the Harlow job raised now, to the
    closed trip."""
    found, u = unit("YX26 HBD", "find", P)
    return [login("dan"), ("add_driver", {"session": D, **KERR}),
            ("check_licence", {"session": D, "driver_id": NEW_DRIVER}),
            login("priya")] + found + [
        ("assign_driver", {"session": P, "unit_id": u, "driver_id": NEW_DRIVER}),
        ("create_job", {"session": P, **HARLOW}),
        ("dispatch_job", {"session": P, "job_id": "$create_job.job_id", "unit_id": u}),
        ("job_eta", {"session": P, "job_id": "$create_job.job_id"}),
        ("message_driver", {"session": P, "unit_id": u, "text": "Harlow want the pallets at goods-in round the back"}),
        ("record_pod", {"session": P, "job_id": "$create_job.job_id", "signed_by": "Lena Harlow",
                        "photo_refs": ["IMG_2231", "IMG_2232"]}),
        ("close_trip", {"session": P, "trip_id": TRIP, "odometer_km": 90467}),
    ]


def listed_day() -> list:
    """Joel Farrar (third Leeds driver) put in NG27 KVS (second Leeds vehicle) for the first open job,
    Brewer & Sons, to the closed trip."""
    listed, u = unit("NG27 KVS", "list", P)
    return [login("priya")] + listed + [
        ("list_drivers", {"session": P, "depot": "LDS"}),
        ("assign_driver", {"session": P, "unit_id": u, "driver_id": "$list_drivers.2.0"}),
        ("list_jobs", {"session": P, "status": "open"}),
        ("dispatch_job", {"session": P, "job_id": "$list_jobs.0.0", "unit_id": u}),
        ("job_eta", {"session": P, "job_id": "$list_jobs.0.0"}),
        ("message_driver", {"session": P, "unit_id": u, "text": "Brewers close at 15:00, ring ahead"}),
        ("record_pod", {"session": P, "job_id": "$list_jobs.0.0", "signed_by": "M. Brewer", "photo_refs": ["IMG_5510"]}),
        ("close_trip", {"session": P, "trip_id": TRIP, "odometer_km": 51920}),
    ]


def on_the_road() -> list:
    """Jobs already out: the dispatched Ackroyd job picked from the list."""
    return [login("priya"), ("list_jobs", {"session": P, "status": "dispatched"}),
            ("job_eta", {"session": P, "job_id": "$list_jobs.0.0"}),
            ("record_pod", {"session": P, "job_id": "$list_jobs.0.0", "signed_by": "R. Ackroyd",
                            "photo_refs": ["IMG_0913"]})]


def immobilise(how: str = "find") -> list:
    got, u = unit("PN25 OTB", how, D)
    return [login("dan")] + got + [
        ("request_immobilise", {"session": D, "unit_id": u, "reason_code": "NON_RETURN"}),
        ("confirm_immobilise", {"session": D, "command_id": "$request_immobilise.command_id",
                                "confirm_code": "$request_immobilise.confirm_code"}),
        ("release_immobiliser", {"session": D, "unit_id": u, "authorised_by": "PC Adeyemi, Humberside Police"}),
    ]


def cut_tyre(how: str = "find") -> list:
    """NG27 KVS's cut tyre logged as dangerous, booked into the Leeds bay, repaired and back on the road."""
    got, u = unit("NG27 KVS", how, K)
    return [login("kev")] + got + [
        ("report_defect", {"session": K, "unit_id": u, "category": "tyres", "severity": "dangerous",
                           "description": "Nearside rear tyre cut to the cords"}),
        ("list_workshops", {"session": K}),
        ("book_workshop", {"session": K, "unit_id": u, "workshop_code": "$list_workshops.0.0",
                           "day": "$list_workshops.0.3.0", "defect_ids": ["D40118/1"]}),
        ("complete_workshop", {"session": K, "booking_id": "$book_workshop.booking_id",
                               "work_done": "Replaced nearside rear tyre", "parts": ["TYR-235-65R16C"]}),
        ("return_to_road", {"session": K, "unit_id": u, "inspected_by": "Kev Ward"}),
    ]


def brakes() -> list:
    """YX26 HBE's open brake defect (listed) booked into the Hull bay, repaired and back on the road."""
    return [login("kev"), ("find_vehicle", {"session": K, "registration": "YX26 HBE"}),
            ("list_defects", {"session": K, "unit_id": "$find_vehicle.unit_id"}),
            ("list_workshops", {"session": K}),
            ("book_workshop", {"session": K, "unit_id": "$find_vehicle.unit_id", "workshop_code": "$list_workshops.1.0",
                               "day": "$list_workshops.1.3.0", "defect_ids": ["$list_defects.0.0"]}),
            ("complete_workshop", {"session": K, "booking_id": "$book_workshop.booking_id",
                                   "work_done": "Freed and serviced offside front caliper", "parts": ["BRK-CAL-0442"]}),
            ("return_to_road", {"session": K, "unit_id": "$find_vehicle.unit_id", "inspected_by": "Kev Ward"})]


def off_road(how: str = "find") -> list:
    got, u = unit("YX26 HBD", how, D)
    return [login("dan")] + got + [
        ("mark_off_road", {"session": D, "unit_id": u, "reason": "Tail lift inspection due (LOLER)"}),
        ("return_to_road", {"session": D, "unit_id": u, "inspected_by": "Dan Moss"})]


def fence(how: str = "create") -> list:
    start = [("geocode", {"postcode": "DN14 6XL"}), login("priya")]
    if how == "create":
        start += [("create_geofence", {"session": P, "name": "Calder Tiles yard", "lat": 53.699, "lon": -0.871,
                                       "radius_m": 300, "kind": "customer"})]
        gid = GEOFENCE
    else:
        start += [("list_geofences", {"session": P})]
        gid = "$list_geofences.0.0"
    return start, gid


def geofence(how: str = "create", unit_how: str = "find") -> list:
    start, gid = fence(how)
    got, u = unit("PN25 OTA", unit_how, P)
    return start + got + [("attach_geofence", {"session": P, "geofence_id": gid, "unit_ids": [u], "alert_on": "both"})]


def single(reg: str, how: str, who: str, call: tuple) -> list:
    """One call on a vehicle found by ``how``; ``call`` is (tool, extra args)."""
    s = "$" + who
    got, u = unit(reg, how, s)
    return [login(who)] + got + [(call[0], {"session": s, "unit_id": u, **call[1]})]


FUEL = [login("dan"), ("list_fuel_cards", {"session": D}),
        ("fuel_transactions", {"session": D, "card_no": "$list_fuel_cards.3.0", "since": "2028-03-01"}),
        ("block_fuel_card", {"session": D, "card_no": "$list_fuel_cards.3.0",
                             "reason": "Vehicle not returned; 410 litres bought at Shell Brough at 23:40"})]
ALERT = [login("priya"), ("list_alerts", {"session": P, "kind": "speeding"}),
         ("acknowledge_alert", {"session": P, "alert_id": "$list_alerts.0.0",
                                "note": "Spoke to Amy Brannigan; reminded her of the 40 mph limit on the A58"})]


def unit_path(consumer: str, how: str) -> list:
    """A short path to ``consumer`` with the vehicle found by ``how``."""
    simple = {
        "live_position": ("NG27 KVR", "priya", {}),
        "trip_history": ("PN25 OTB", "dan", {"day": "2028-03-13"}),
        "unassign_driver": ("PN25 OTA", "priya", {}),
        "set_speed_limit": ("NG27 KVS", "dan", {"limit_kph": 100}),
        "message_driver": ("NG27 KVR", "priya", {"text": "Call the office when parked"}),
        "request_immobilise": ("PN25 OTB", "dan", {"reason_code": "NON_RETURN"}),
        "report_defect": ("NG27 KVS", "kev", {"category": "tyres", "severity": "dangerous",
                                              "description": "Nearside rear tyre cut to the cords"}),
        "mark_off_road": ("YX26 HBD", "dan", {"reason": "Tail lift inspection due (LOLER)"}),
    }
    if consumer in simple:
        reg, who, extra = simple[consumer]
        return single(reg, how, who, (consumer, extra))
    if consumer == "mileage_report":
        got, u = unit("PN25 OTA", how, D)
        return [login("dan")] + got + [("mileage_report", {"session": D, "unit_ids": [u], "month": "2028-02"})]
    if consumer == "attach_geofence":
        return geofence("create", how)
    if consumer == "assign_driver":
        return cut(new_driver_day() if how == "find" else listed_day(), "assign_driver")
    if consumer == "dispatch_job":
        return cut(new_driver_day() if how == "find" else listed_day(), "dispatch_job")
    if consumer == "release_immobiliser":
        return immobilise(how)
    if consumer == "book_workshop":
        return cut(cut_tyre(how), "book_workshop")
    if consumer == "return_to_road":
        return off_road(how)
    raise KeyError(consumer)


_BODY = (
    [(p, c, unit_path(c, how)) for c in tools.UNIT_CONSUMERS
     for p, how in (("find_vehicle", "find"), ("list_vehicles", "list"))]
    + [
        ("add_driver", "check_licence", cut(new_driver_day(), "check_licence")),
        ("list_drivers", "check_licence", [login("dan"), ("list_drivers", {"session": D, "depot": "LDS"}),
                                           ("check_licence", {"session": D, "driver_id": "$list_drivers.1.0"})]),
        ("add_driver", "assign_driver", cut(new_driver_day(), "assign_driver")),
        ("list_drivers", "assign_driver", cut(listed_day(), "assign_driver")),
        ("create_job", "dispatch_job", cut(new_driver_day(), "dispatch_job")),
        ("list_jobs", "dispatch_job", cut(listed_day(), "dispatch_job")),
        ("create_job", "job_eta", cut(new_driver_day(), "job_eta")),
        ("list_jobs", "job_eta", cut(on_the_road(), "job_eta")),
        ("create_job", "record_pod", cut(new_driver_day(), "record_pod")),
        ("list_jobs", "record_pod", on_the_road()),
        ("dispatch_job", "close_trip", new_driver_day()),
        ("list_jobs", "close_trip", on_the_road() + [
            ("close_trip", {"session": P, "trip_id": "$list_jobs.0.7", "odometer_km": 48290})]),
        ("list_alerts", "acknowledge_alert", ALERT),
        ("create_geofence", "attach_geofence", geofence("create")),
        ("list_geofences", "attach_geofence", geofence("list")),
        ("report_defect", "book_workshop", cut(cut_tyre(), "book_workshop")),
        ("list_defects", "book_workshop", cut(brakes(), "book_workshop")),
        ("book_workshop", "complete_workshop", cut(brakes(), "complete_workshop")),
        ("list_fuel_cards", "fuel_transactions", cut(FUEL, "fuel_transactions")),
        ("list_fuel_cards", "block_fuel_card", FUEL),
        ("list_workshops", "book_workshop", cut(brakes(), "book_workshop")),
        ("request_immobilise", "confirm_immobilise", cut(immobilise(), "confirm_immobilise")),
        ("check_licence", "assign_driver", cut(new_driver_day(), "assign_driver")),
        ("assign_driver", "dispatch_job", cut(listed_day(), "dispatch_job")),
        ("assign_driver", "message_driver", cut(listed_day(), "message_driver")),
        ("dispatch_job", "job_eta", cut(listed_day(), "job_eta")),
        ("dispatch_job", "record_pod", cut(new_driver_day(), "record_pod")),
        ("record_pod", "close_trip", listed_day()),
        ("confirm_immobilise", "release_immobiliser", immobilise()),
        ("mark_off_road", "return_to_road", off_road()),
        ("report_defect", "return_to_road", cut_tyre()),
        ("complete_workshop", "return_to_road", brakes()),
    ]
)

_OWN = {"sign_out": [login("dan"), ("sign_out", {"session": D})]}


def _auth_proofs() -> list:
    """A sign-in proof for every call that needs a session: its own short path, else the first path
    above that reaches it, cut there."""
    out = []
    for providers, consumer, _ in tools.GROUND_TRUTH:
        if providers == "sign_in":
            steps = _OWN.get(consumer) or next(cut(s, consumer) for _, _, s in _BODY if any(x[0] == consumer for x in s))
            out.append(("sign_in", consumer, steps))
    return out


PROOFS = _auth_proofs() + _BODY

NON_PREREQUISITES = [
    ("live_position", [login("dan"), ("find_vehicle", {"session": D, "registration": "PN25 OTB"}),
                       ("live_position", {"session": D, "unit_id": "$find_vehicle.unit_id"}),
                       ("request_immobilise", {"session": D, "unit_id": "$find_vehicle.unit_id", "reason_code": "NON_RETURN"}),
                       ("confirm_immobilise", {"session": D, "command_id": "$request_immobilise.command_id",
                                               "confirm_code": "$request_immobilise.confirm_code"})]),
    ("job_eta", cut(new_driver_day(), "record_pod")),
    ("list_jobs", [login("priya"), ("list_jobs", {"session": P}), ("create_job", {"session": P, **HARLOW})]),
    ("check_licence", [login("dan"), ("find_vehicle", {"session": D, "registration": "NG27 KVR"}),
                       ("check_licence", {"session": D, "driver_id": "$find_vehicle.driver.driver_id"}),
                       ("list_jobs", {"session": D, "status": "open"}),
                       ("dispatch_job", {"session": D, "job_id": "$list_jobs.0.0", "unit_id": "$find_vehicle.unit_id"})]),
    ("list_defects", [login("dan"), ("find_vehicle", {"session": D, "registration": "YX26 HBD"}),
                      ("mark_off_road", {"session": D, "unit_id": "$find_vehicle.unit_id", "reason": "LOLER inspection"}),
                      ("list_defects", {"session": D, "unit_id": "$find_vehicle.unit_id"}),
                      ("return_to_road", {"session": D, "unit_id": "$find_vehicle.unit_id", "inspected_by": "Dan Moss"})]),
    ("fuel_transactions", FUEL),
    ("message_driver", [login("priya"), ("find_vehicle", {"session": P, "registration": "NG27 KVR"}),
                        ("message_driver", {"session": P, "unit_id": "$find_vehicle.unit_id", "text": "Extra drop coming"}),
                        ("list_jobs", {"session": P, "status": "open"}),
                        ("dispatch_job", {"session": P, "job_id": "$list_jobs.0.0", "unit_id": "$find_vehicle.unit_id"})]),
    ("geocode", [("geocode", {"postcode": "DN14 6XL"})] + cut(geofence("create"), "create_geofence")[1:]),
]
