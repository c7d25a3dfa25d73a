"""Scripted proofs that Spokeshare's designed prerequisites are real (checked by the checkout's
examples/catalogs/oracle.py, through the package's runtime, which records a raised ``DepotError`` as an
error).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer
fails once every call of the provider is dropped (its outputs replaced by control values). Staff sign
on by first name (``("sign_on", {...}, "amira")``) and pass the bare token whole (``"$amira"``); dicts
are read by key (``"$find_bike.bike_id"``, ``"$take_into_workshop.job_card"``,
``"$start_van_shift.shift_id"``, ``"$find_member.member_id"``, ``"$dest.free_docks.0"``,
``"$origin.docks.0.1"``, ``"$find_member.recent_rides.0.0"``) and rows by position
(``"$list_stations.1.0"``, ``"$list_bikes.0.0"``, ``"$list_vans.0.0"``, ``"$list_open_rides.0.2"``).
Numbers the console only writes inside a sentence are written literally: the first move of a fresh
state, ``MV-3308``, and a new fault's number (``F-1219-1``: the bike's digits and its fault count);
each follows from its own counter, so it is the same in every fresh state, and none exists without
its call.

The morning's work: three bikes moved from Haymarket to the Quayside in the van NK24 WHL (taken from
the station's docks or from its bike list); the brake fault on frame WTU7G1219 reported and repaired;
the faulty EB-1251 picked from the list, repaired, given a fresh battery and sent out; the loose stem
on frame WTU7G1207 locked out and checked; Laura Bell's ride that Central Station dock 7 never
registered ended and part-refunded; Karim Nasser's long ride refunded; Dean Ruddick charged for the
bike left outside the zone, suspended and reinstated.
"""

import spokeshare_tools as tools

MOVE, FAULT = "MV-3308", "F-1219-1"
WHO = {"amira": ("N0417", "5821"), "callum": ("N0388", "3307"), "jo": ("N0452", "9164"), "sam": ("N0461", "2750")}
A, C, J, S = "$amira", "$callum", "$jo", "$sam"
EMAIL = {"laura": "laura.bell@example.com", "karim": "karim.nasser@example.com", "dean": "dean.ruddick@example.com"}


def login(who: str) -> tuple:
    staff, pin = WHO[who]
    return ("sign_on", {"staff_id": staff, "pin": pin}, who)


def cut(steps: list, upto: str) -> list:
    end = next(i for i, s in enumerate(steps) if s[0] == upto)
    return steps[:end + 1]


def _with(steps: list, before: str, extra: list) -> list:
    i = next(i for i, s in enumerate(steps) if s[0] == before)
    return steps[:i] + extra + steps[i:]


def rebalance(how: str = "detail") -> list:
    """Three bikes from Haymarket (row 0) to the Quayside (row 1) in the first van; the bikes read from
    Haymarket's docks ("detail") or from its list of available bikes ("list")."""
    if how == "detail":
        pick = [("station_detail", {"token": C, "station_id": "$list_stations.0.0"}, "origin")]
        bikes = ["$origin.docks.0.1", "$origin.docks.1.1", "$origin.docks.2.1"]
    else:
        pick = [("list_bikes", {"token": C, "station_id": "$list_stations.0.0", "status": "available"})]
        bikes = ["$list_bikes.0.0", "$list_bikes.1.0", "$list_bikes.2.0"]
    return [
        ("list_stations", {}),
        login("amira"),
        ("create_move", {"token": A, "from_station": "$list_stations.0.0", "to_station": "$list_stations.1.0",
                         "bikes": 3}),
        login("callum"),
        ("list_vans", {"token": C}),
        ("start_van_shift", {"token": C, "van_id": "$list_vans.0.0", "odometer_km": 41210, "checks_ok": True}),
        ("assign_move", {"token": A, "move_id": MOVE, "van_id": "$list_vans.0.0"}),
    ] + pick + [
        ("collect_bikes", {"token": C, "move_id": MOVE, "bike_ids": bikes}),
        ("station_detail", {"token": C, "station_id": "$list_stations.1.0"}, "dest"),
        ("drop_bikes", {"token": C, "move_id": MOVE,
                        "dock_nos": ["$dest.free_docks.0", "$dest.free_docks.1", "$dest.free_docks.2"]}),
        ("end_van_shift", {"token": C, "shift_id": "$start_van_shift.shift_id", "odometer_km": 41236}),
    ]


def brake_fault() -> list:
    """Frame WTU7G1219: front brake reported, taken in, pads fitted, checked and back in service."""
    jc = "$take_into_workshop.job_card"
    return [
        login("jo"),
        ("find_bike", {"token": J, "frame_no": "WTU7G1219"}),
        ("report_fault", {"token": J, "bike_id": "$find_bike.bike_id", "fault_code": "brakes",
                          "note": "Front brake lever pulls to the bar"}),
        ("take_into_workshop", {"token": J, "bike_id": "$find_bike.bike_id"}),
        ("list_parts", {"token": J, "fits": "Tyne E2"}),
        ("fit_parts", {"token": J, "job_card": jc, "part_nos": ["$list_parts.0.0"], "fixes_fault_ids": [FAULT],
                       "labour_min": 25}),
        ("safety_check", {"token": J, "job_card": jc, "brakes_ok": True, "lights_ok": True, "tyres_ok": True,
                          "notes": "New pads bedded in; lever travel correct"}),
        ("return_to_service", {"token": J, "job_card": jc}),
    ]


def faulty_listed() -> list:
    """The faulty bike picked from the list (EB-1251): its listed brake fault fixed, a charged battery
    from the rack fitted, checked and back in service."""
    bike, jc = "$list_bikes.0.0", "$take_into_workshop.job_card"
    return [
        login("jo"),
        ("list_bikes", {"token": J, "status": "faulty"}),
        ("take_into_workshop", {"token": J, "bike_id": bike}),
        ("list_faults", {"token": J, "bike_id": bike}),
        ("list_parts", {"token": J}),
        ("fit_parts", {"token": J, "job_card": jc, "part_nos": ["$list_parts.0.0", "$list_parts.1.0"],
                       "fixes_fault_ids": ["$list_faults.0.0"], "labour_min": 40}),
        ("list_batteries", {"token": J, "charged_only": True}),
        ("swap_battery", {"token": J, "bike_id": bike, "battery_serial": "$list_batteries.0.0"}),
        ("safety_check", {"token": J, "job_card": jc, "brakes_ok": True, "lights_ok": True, "tyres_ok": True,
                          "notes": "Rear pads and cable replaced"}),
        ("return_to_service", {"token": J, "job_card": jc}),
    ]


def locked_out(how: str = "find") -> list:
    """Frame WTU7G1207's loose stem: locked out by control, taken in, checked and back in service."""
    if how == "find":
        got, bike = [("find_bike", {"token": A, "frame_no": "WTU7G1207"})], "$find_bike.bike_id"
    else:
        got, bike = [("list_bikes", {"token": A, "status": "available"})], "$list_bikes.0.0"
    return [login("amira")] + got + [
        ("lock_out_bike", {"token": A, "bike_id": bike, "reason": "Loose handlebar stem reported in the app"}),
        login("jo"),
        ("take_into_workshop", {"token": J, "bike_id": bike}),
        ("safety_check", {"token": J, "job_card": "$take_into_workshop.job_card", "brakes_ok": True,
                          "lights_ok": True, "tyres_ok": True, "notes": "Stem bolts torqued to 8 Nm"}),
        ("return_to_service", {"token": J, "job_card": "$take_into_workshop.job_card"}),
    ]


def laura(how: str = "open") -> list:
    """Laura Bell's ride, docked at Central Station (row 3) dock 7 at 22:31 but never registered: ended
    and part-refunded."""
    if how == "open":
        got, ride = [("list_open_rides", {"token": S})], "$list_open_rides.0.0"
    else:
        got, ride = [("find_member", {"token": S, "email": EMAIL["laura"]})], "$find_member.recent_rides.0.0"
    return [("list_stations", {}), login("sam")] + got + [
        ("end_ride_manually", {"token": S, "ride_id": ride, "station_id": "$list_stations.3.0", "dock_no": 7,
                               "ended_at": "2029-05-02T22:31"}),
        ("refund_ride", {"token": S, "ride_id": ride, "amount": 1.0,
                         "reason": "Goodwill for the ride the dock failed to end"}),
    ]


def member(who: str, *calls: tuple) -> list:
    return [login("sam"), ("find_member", {"token": S, "email": EMAIL[who]})] + list(calls)


M = "$find_member.member_id"
KARIM_REFUND = {"amount": 12.0, "reason": "Jesmond was full; overtime refunded"}
DEAN_FEE = {"fee_code": "OUT_OF_ZONE", "note": "Bike left in Gateshead, recovered by the van"}
SUSPEND = ("suspend_member", {"token": S, "member_id": M, "reason": "Second bike left outside the zone this month"})

_BODY = []


def _add(provider: str, consumer: str, steps: list) -> None:
    _BODY.append((provider, consumer, steps))


for _c in tools.MOVE_CONSUMERS:
    _add("create_move", _c, [("list_stations", {}), login("amira"),
                             ("create_move", {"token": A, "from_station": "$list_stations.0.0",
                                              "to_station": "$list_stations.1.0", "bikes": 3}),
                             ("cancel_move", {"token": A, "move_id": MOVE, "reason": "Van needed at Central Station"})]
         if _c == "cancel_move" else cut(rebalance(), _c))
for _c in tools.STATION_CONSUMERS:
    if _c == "set_station_mode":
        _add("list_stations", _c, [("list_stations", {"zone": "quayside"}), login("amira"),
                                   ("set_station_mode", {"token": A, "station_id": "$list_stations.0.0",
                                                         "mode": "returns_only",
                                                         "reason": "Quayside festival: returns only until 18:00"})])
    else:
        _add("list_stations", _c, cut(laura(), _c) if _c == "end_ride_manually" else cut(rebalance(), _c))
_add("find_bike", "report_fault", cut(brake_fault(), "report_fault"))
_add("list_bikes", "report_fault", [login("callum"), ("list_bikes", {"token": C, "status": "available"}),
                                    ("report_fault", {"token": C, "bike_id": "$list_bikes.0.0", "fault_code": "puncture",
                                                      "note": "Rear tyre flat at Haymarket"})])
_add("find_bike", "lock_out_bike", cut(locked_out("find"), "lock_out_bike"))
_add("list_bikes", "lock_out_bike", cut(locked_out("list"), "lock_out_bike"))
_add("find_bike", "swap_battery", [login("callum"), ("find_bike", {"token": C, "frame_no": "WTU7G1301"}),
                                   ("list_batteries", {"token": C}),
                                   ("swap_battery", {"token": C, "bike_id": "$find_bike.bike_id",
                                                     "battery_serial": "$list_batteries.0.0"})])
_add("list_bikes", "swap_battery", cut(faulty_listed(), "swap_battery"))
_add("find_bike", "take_into_workshop", cut(brake_fault(), "take_into_workshop"))
_add("list_bikes", "take_into_workshop", cut(faulty_listed(), "take_into_workshop"))
_add("find_bike", "locate_bike", [login("amira"), ("find_bike", {"token": A, "frame_no": "WTU7G1390"}),
                                  ("locate_bike", {"token": A, "bike_id": "$find_bike.bike_id"})])
_add("list_bikes", "locate_bike", [login("amira"), ("list_bikes", {"token": A, "status": "on_hire"}),
                                   ("locate_bike", {"token": A, "bike_id": "$list_bikes.0.0"})])
_add("list_open_rides", "locate_bike", [login("sam"), ("list_open_rides", {"token": S, "over_minutes": 120}),
                                        ("locate_bike", {"token": S, "bike_id": "$list_open_rides.0.2"})])
for _c in tools.CARD_CONSUMERS:
    _add("take_into_workshop", _c, cut(brake_fault(), _c))
_add("find_member", "ride_history", member("karim", ("ride_history", {"token": S, "member_id": M, "month": "2029-05"})))
_add("find_member", "suspend_member", member("dean", SUSPEND))
_add("find_member", "reinstate_member", member("dean", SUSPEND, ("reinstate_member", {
    "token": S, "member_id": M, "note": "Member paid the recovery fee and apologised"})))
_add("find_member", "send_member_message", member("dean", ("send_member_message", {
    "token": S, "member_id": M, "subject": "Your ride on 2 May",
    "body": "The bike was left in Gateshead, outside the scheme's zone, so a fee applies."})))
_add("list_bikes", "collect_bikes", cut(rebalance("list"), "collect_bikes"))
_add("station_detail", "collect_bikes", cut(rebalance("detail"), "collect_bikes"))
_add("list_vans", "start_van_shift", cut(rebalance(), "start_van_shift"))
_add("list_vans", "assign_move", cut(rebalance(), "assign_move"))
_add("start_van_shift", "end_van_shift", rebalance("list"))
_add("list_vans", "end_van_shift", [login("callum"), ("list_vans", {"token": C}),
                                    ("end_van_shift", {"token": C, "shift_id": "$list_vans.2.4", "odometer_km": 88190})])
_add("report_fault", "fit_parts", cut(brake_fault(), "fit_parts"))
_add("list_faults", "fit_parts", cut(faulty_listed(), "fit_parts"))
_add("list_batteries", "swap_battery", cut(faulty_listed(), "swap_battery"))
_add("find_member", "refund_ride", member("karim", ("refund_ride", {"token": S, "ride_id": "$find_member.recent_rides.0.0",
                                                                   **KARIM_REFUND})))
_add("ride_history", "refund_ride", member("karim", ("ride_history", {"token": S, "member_id": M, "month": "2029-05"}),
                                           ("refund_ride", {"token": S, "ride_id": "$ride_history.0.0", **KARIM_REFUND})))
_add("list_open_rides", "refund_ride", laura("open"))
_add("find_member", "charge_fee", member("dean", ("charge_fee", {"token": S, "ride_id": "$find_member.recent_rides.0.0",
                                                                 **DEAN_FEE})))
_add("ride_history", "charge_fee", member("dean", ("ride_history", {"token": S, "member_id": M, "month": "2029-05"}),
                                          ("charge_fee", {"token": S, "ride_id": "$ride_history.0.0", **DEAN_FEE})))
_add("list_open_rides", "end_ride_manually", cut(laura("open"), "end_ride_manually"))
_add("find_member", "end_ride_manually", cut(laura("member"), "end_ride_manually"))
_add("station_detail", "drop_bikes", cut(rebalance("list"), "drop_bikes"))
_add("list_parts", "fit_parts", cut(faulty_listed(), "fit_parts"))
_add("report_fault", "take_into_workshop", cut(brake_fault(), "take_into_workshop"))
_add("lock_out_bike", "take_into_workshop", cut(locked_out("find"), "take_into_workshop"))
_add("start_van_shift", "assign_move", cut(rebalance(), "assign_move"))
_add("start_van_shift", "collect_bikes", cut(rebalance("list"), "collect_bikes"))
_add("assign_move", "collect_bikes", cut(rebalance(), "collect_bikes"))
_add("collect_bikes", "drop_bikes", cut(rebalance(), "drop_bikes"))
_add("drop_bikes", "end_van_shift", rebalance())
_add("fit_parts", "safety_check", cut(brake_fault(), "safety_check"))
_add("safety_check", "return_to_service", locked_out("list"))
_add("swap_battery", "return_to_service", faulty_listed())
_add("suspend_member", "reinstate_member", member("dean", SUSPEND, ("reinstate_member", {
    "token": S, "member_id": M, "note": "Suspension lifted on appeal"})))
_add("end_ride_manually", "refund_ride", laura("member"))

_OWN = {"sign_off": [login("jo"), ("sign_off", {"token": J})],
        "daily_summary": [login("amira"), ("daily_summary", {"token": A, "day": "2029-05-02"})],
        "list_faults": [login("callum"), ("list_faults", {"token": C, "open_only": False})],
        "list_vans": [login("callum"), ("list_vans", {"token": C})]}


def _auth_proofs() -> list:
    """A sign-on proof for every call that needs a token: its own short path, else the first path above
    that reaches it, cut there."""
    out = []
    for providers, consumer, _ in tools.GROUND_TRUTH:
        if providers == "sign_on":
            steps = _OWN.get(consumer) or next(cut(s, consumer) for _, _, s in _BODY if any(x[0] == consumer for x in s))
            out.append(("sign_on", consumer, steps))
    return out


PROOFS = _auth_proofs() + _BODY

NON_PREREQUISITES = [
    ("locate_bike", _with(cut(locked_out("find"), "lock_out_bike"), "lock_out_bike",
                          [("locate_bike", {"token": A, "bike_id": "$find_bike.bike_id"})])),
    ("list_faults", [login("jo"), ("list_bikes", {"token": J, "status": "faulty"}),
                     ("list_faults", {"token": J, "bike_id": "$list_bikes.0.0"}),
                     ("take_into_workshop", {"token": J, "bike_id": "$list_bikes.0.0"})]),
    ("daily_summary", _with(cut(rebalance(), "create_move"), "create_move",
                            [("daily_summary", {"token": A, "day": "2029-05-02"})])),
    ("send_member_message", member("dean", ("send_member_message", {
        "token": S, "member_id": M, "subject": "Account review", "body": "We are reviewing your account."}), SUSPEND)),
    ("station_detail", [("list_stations", {"zone": "quayside"}), login("amira"),
                        ("station_detail", {"token": A, "station_id": "$list_stations.0.0"}),
                        ("set_station_mode", {"token": A, "station_id": "$list_stations.0.0", "mode": "closed",
                                              "reason": "Dock bank replacement"})]),
    ("ride_history", member("dean", ("ride_history", {"token": S, "member_id": M, "month": "2029-05"}), SUSPEND)),
    ("list_batteries", cut(faulty_listed(), "safety_check")),
]
