"""Scripted proofs that Bladeline's designed prerequisites are real (checked by the checkout's
examples/catalogs/oracle.py, through the package's runtime, which reads the console's returned
``{"ok": false, "reason": ...}`` refusals by its common conventions).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer
fails once every call of the provider is dropped (its outputs replaced by control values). Staff
sign on by first name (``("sign_on", {...}, "morag")``) and pass the bare token whole
(``"$morag"``); rows are read by position (``"$list_work_orders.0.0"``, ``"$list_permits.0.0"``,
``"$list_technicians.1.0"`` Ross Baird's badge), dataclasses by field (``"$issue_permit.permit_no"``,
``"$get_turbine.alarms.0.alarm_id"``) and bare values whole (``"$add_task"``, a task number).
Numbers the console only writes inside a sentence are written literally: the first new work order
``W30420`` and the first transfer of the day ``T0509-1`` of a fresh state; each comes from its own
counter, so it is the same in every fresh state, and neither exists without its call.

Two jobs run from raising to close-out: SB-12's gearbox oil temperature (a new work order, the
turbine stopped from fault) and SB-19's yaw noise (work order W30405 found in the list, the turbine
already stopped). SB-04's gearbox oil change (permit W30398/1 with Ailsa's padlock 117 on it) gives
the short paths through the permit and the boat.
"""

import bladeline_tools as tools

NEW_WO, TRANSFER = "W30420", "T0509-1"
WHO = {"morag": (4102, "Tern-4102"), "ewan": (5230, "Skua-5230"), "ailsa": (2207, "Puffin-2207")}
MORAG, EWAN, AILSA = "$morag", "$ewan", "$ailsa"
MECH = ["MV-CB", "ROTOR-LOCK", "YAW-BRAKE"]


def on(who: str) -> tuple:
    badge, pin = WHO[who]
    return ("sign_on", {"badge": badge, "pin": pin}, who)


def boat(turbine: str) -> list:
    """Ewan plans the morning boat to ``turbine`` with Ailsa aboard and sends it out."""
    return [on("ewan"), ("list_vessels", {}), ("list_weather_windows", {"date": tools.TODAY}),
            ("plan_transfer", {"token": EWAN, "vessel_code": "$list_vessels.0.0", "window_id": "$list_weather_windows.0.0",
                               "turbine_ids": [turbine]}),
            ("add_crew", {"token": EWAN, "transfer_id": TRANSFER, "badges": [2207]}),
            ("depart_transfer", {"token": EWAN, "transfer_id": TRANSFER})]


def job(upto: str, via: str = "create", permit_via: str = "issue", extra: list = (), cut_after: str = None) -> list:
    """A job from raising to close-out: ``via`` "create" is SB-12's new work order (the turbine stopped
    from fault), "list" SB-19's W30405 found in the list (already stopped). ``permit_via`` "list" reads
    the permit from list_permits instead of issue_permit. The steps end with the first ``upto`` call."""
    if via == "create":
        tid = "SB-12"
        head = [on("morag"), ("create_work_order", {"token": MORAG, "turbine_id": tid, "title": "Gearbox oil temperature high",
                                                    "category": "mechanical", "priority": "P2"}), on("ailsa")]
        wo = NEW_WO
        stop = [("stop_turbine", {"token": MORAG, "turbine_id": tid, "reason": "Gearbox oil temperature trip, site visit"})]
    else:
        tid = "SB-19"
        head = [on("morag"), ("list_work_orders", {"token": MORAG, "turbine_id": tid}), on("ailsa")]
        wo = "$list_work_orders.0.0"
        stop = []
    permit = "$issue_permit.permit_no" if permit_via == "issue" else "$list_permits.0.0"
    steps = head + [
        ("add_task", {"token": AILSA, "wo_no": wo, "description": "Inspect gearbox oil cooler and fan" if via == "create"
                      else "Inspect yaw drive gearboxes and brake pads", "task_type": "inspect"}),
        ("approve_work_order", {"token": MORAG, "wo_no": wo}),
    ] + list(extra) + stop + [
        ("issue_permit", {"token": MORAG, "wo_no": wo, "isolation_points": MECH}),
    ] + ([("list_permits", {"token": AILSA, "turbine_id": tid})] if permit_via == "list" else []) + [
        ("apply_lock", {"token": AILSA, "permit_no": permit, "lock_no": 121}),
    ] + boat(tid) + [
        ("log_access", {"token": AILSA, "permit_no": permit, "transfer_id": TRANSFER}),
        ("complete_task", {"token": AILSA, "wo_no": wo, "task_no": "$add_task", "findings": "Cooler fins blocked, cleaned"}),
        ("record_reading", {"token": AILSA, "turbine_id": tid, "kind": "gearbox_temp", "value": 71.5}),
        ("log_egress", {"token": AILSA, "permit_no": permit}),
        ("remove_lock", {"token": AILSA, "permit_no": permit, "lock_no": 121}),
        ("close_permit", {"token": MORAG, "permit_no": permit}),
        ("close_work_order", {"token": MORAG, "wo_no": wo, "summary": "Inspected and cleaned, back in service"}),
    ]
    end = next(i for i, s in enumerate(steps) if s[0] == upto)
    return steps[:end + 1]


def sb04(upto: str) -> list:
    """SB-04's oil change: the active permit found in the list, Ailsa out on the boat and back."""
    steps = [on("ailsa"), ("list_permits", {"token": AILSA, "turbine_id": "SB-04"})] + boat("SB-04") + [
        ("log_access", {"token": AILSA, "permit_no": "$list_permits.0.0", "transfer_id": TRANSFER}),
        ("record_reading", {"token": AILSA, "turbine_id": "SB-04", "kind": "oil_level", "value": 88.0}),
        ("log_egress", {"token": AILSA, "permit_no": "$list_permits.0.0"}),
        ("remove_lock", {"token": AILSA, "permit_no": "$list_permits.0.0", "lock_no": 117}),
    ]
    end = next(i for i, s in enumerate(steps) if s[0] == upto)
    return steps[:end + 1]


SB04_CLOSE = [on("ailsa"), ("list_permits", {"token": AILSA, "turbine_id": "SB-04"}),
              ("remove_lock", {"token": AILSA, "permit_no": "$list_permits.0.0", "lock_no": 117}), on("morag"),
              ("close_permit", {"token": MORAG, "permit_no": "$list_permits.0.0"})]
TRANSFER_ONLY = boat("SB-19")[:4]
ALARMS = [on("morag"), ("list_alarms", {"token": MORAG, "turbine_id": "SB-07"}),
          ("acknowledge_alarm", {"token": MORAG, "alarm_id": "$list_alarms.0.0", "note": "Pitch axis 2 error, remote reset"})]
TECHS = [on("morag"), ("list_technicians", {"token": MORAG, "skill": "mechanical"})]
APPROVED = job("approve_work_order")

_BODY = [
    ("list_alarms", "acknowledge_alarm", ALARMS),
    ("get_turbine", "acknowledge_alarm", [on("morag"), ("get_turbine", {"token": MORAG, "turbine_id": "SB-07"}),
                                          ("acknowledge_alarm", {"token": MORAG, "alarm_id": "$get_turbine.alarms.0.alarm_id",
                                                                 "note": "Seen, resetting"})]),
    ("acknowledge_alarm", "reset_turbine", ALARMS + [("reset_turbine", {"token": MORAG, "turbine_id": "SB-07"})]),
    ("stop_turbine", "start_turbine", [on("morag"), ("stop_turbine", {"token": MORAG, "turbine_id": "SB-02",
                                                                      "reason": "Blade inspection by drone"}),
                                       ("start_turbine", {"token": MORAG, "turbine_id": "SB-02"})]),
    ("close_permit", "start_turbine", SB04_CLOSE + [("start_turbine", {"token": MORAG, "turbine_id": "SB-04"})]),
    ("curtail_turbine", "release_curtailment", [("get_power_output", {"turbine_id": "SB-02"}), on("morag"),
                                                ("curtail_turbine", {"token": MORAG, "turbine_id": "SB-02",
                                                                                  "limit_mw": 4.0}),
                                                ("release_curtailment", {"token": MORAG, "turbine_id": "SB-02"})]),
    ("create_work_order", "get_work_order", job("add_task")[:2] + [("get_work_order", {"token": MORAG, "wo_no": NEW_WO})]),
    ("list_work_orders", "get_work_order", [on("morag"), ("list_work_orders", {"token": MORAG, "stage": "in_progress"}),
                                            ("get_work_order", {"token": MORAG, "wo_no": "$list_work_orders.0.0"})]),
    ("add_task", "approve_work_order", job("approve_work_order")),
    ("approve_work_order", "assign_technician",
     job("approve_work_order") + [("list_technicians", {"token": MORAG, "skill": "mechanical"}),
                                  ("assign_technician", {"token": MORAG, "wo_no": NEW_WO, "badge": "$list_technicians.1.0"})]),
    ("list_technicians", "assign_technician",
     job("approve_work_order") + [("list_technicians", {"token": MORAG, "skill": "mechanical"}),
                                  ("assign_technician", {"token": MORAG, "wo_no": NEW_WO, "badge": "$list_technicians.1.0"})]),
    ("approve_work_order", "reserve_parts",
     job("approve_work_order") + [("list_parts", {"query": "oil filter"}),
                                  ("reserve_parts", {"token": AILSA, "wo_no": NEW_WO, "part_nos": ["$list_parts.0.0"],
                                                     "quantities": [1]})]),
    ("list_parts", "reserve_parts",
     job("approve_work_order") + [("list_parts", {"query": "oil filter"}),
                                  ("reserve_parts", {"token": AILSA, "wo_no": NEW_WO, "part_nos": ["$list_parts.0.0"],
                                                     "quantities": [1]})]),
    ("approve_work_order", "issue_permit", job("issue_permit")),
    ("stop_turbine", "issue_permit", job("issue_permit")),
    ("add_task", "complete_task", job("complete_task")),
    ("log_access", "complete_task", job("complete_task")),
    ("apply_lock", "log_access", job("log_access")),
    ("depart_transfer", "log_access", sb04("log_access")),
    ("log_access", "record_reading", sb04("record_reading")),
    ("log_access", "log_egress", sb04("log_egress")),
    ("log_egress", "remove_lock", sb04("remove_lock")),
    ("remove_lock", "close_permit", SB04_CLOSE),
    ("complete_task", "close_work_order", job("close_work_order")),
    ("close_permit", "close_work_order", job("close_work_order")),
    ("add_crew", "depart_transfer", boat("SB-19")),
    ("list_vessels", "plan_transfer", TRANSFER_ONLY),
    ("list_weather_windows", "plan_transfer", TRANSFER_ONLY),
    ("list_technicians", "add_crew", [on("ewan"), ("list_technicians", {"token": EWAN})] + TRANSFER_ONLY[1:] + [
        ("add_crew", {"token": EWAN, "transfer_id": TRANSFER, "badges": ["$list_technicians.1.0"]})]),
    ("plan_transfer", "add_crew", boat("SB-19")[:5]),
    ("plan_transfer", "depart_transfer", boat("SB-19")),
    ("plan_transfer", "cancel_transfer", TRANSFER_ONLY + [("cancel_transfer", {"token": EWAN, "transfer_id": TRANSFER,
                                                                               "reason": "Fog at Stromness"})]),
    ("plan_transfer", "log_access", sb04("log_access")),
]

# work-order numbers: the new order (create_work_order) or W30405 from the list
for consumer in tools.WO_CONSUMERS:
    if consumer == "get_work_order":
        continue
    if consumer == "assign_technician":
        for via, prov in (("create", "create_work_order"), ("list", "list_work_orders")):
            wo = NEW_WO if via == "create" else "$list_work_orders.0.0"
            _BODY.append((prov, consumer, job("approve_work_order", via=via) + [
                ("list_technicians", {"token": MORAG}),
                ("assign_technician", {"token": MORAG, "wo_no": wo, "badge": "$list_technicians.1.0"})]))
    elif consumer == "reserve_parts":
        for via, prov in (("create", "create_work_order"), ("list", "list_work_orders")):
            wo = NEW_WO if via == "create" else "$list_work_orders.0.0"
            _BODY.append((prov, consumer, job("approve_work_order", via=via) + [
                ("list_parts", {"query": "brake"}),
                ("reserve_parts", {"token": AILSA, "wo_no": wo, "part_nos": ["$list_parts.0.0"], "quantities": [2]})]))
    else:
        _BODY.append(("create_work_order", consumer, job(consumer, via="create")))
        _BODY.append(("list_work_orders", consumer, job(consumer, via="list")))

# permit numbers: issue_permit on the new job, or list_permits (after issuing, or SB-04's W30398/1)
for consumer in tools.PERMIT_CONSUMERS:
    _BODY.append(("issue_permit", consumer, job(consumer)))
    listed = {"log_access": sb04("log_access"), "log_egress": sb04("log_egress"), "remove_lock": sb04("remove_lock"),
              "close_permit": SB04_CLOSE}.get(consumer) or job(consumer, permit_via="list")
    _BODY.append(("list_permits", consumer, listed))

_OWN = {
    "sign_off": [on("morag"), ("sign_off", {"token": MORAG})],
    "list_turbines": [on("morag"), ("list_turbines", {"token": MORAG, "string": "B"})],
    "get_turbine": [on("morag"), ("get_turbine", {"token": MORAG, "turbine_id": "SB-12"})],
    "list_alarms": ALARMS[:2],
    "stop_turbine": [on("morag"), ("stop_turbine", {"token": MORAG, "turbine_id": "SB-02", "reason": "Drone inspection"})],
    "curtail_turbine": [on("morag"), ("curtail_turbine", {"token": MORAG, "turbine_id": "SB-02", "limit_mw": 4.0})],
    "create_work_order": job("create_work_order"),
    "list_work_orders": [on("morag"), ("list_work_orders", {"token": MORAG})],
    "list_technicians": TECHS,
    "list_permits": [on("morag"), ("list_permits", {"token": MORAG})],
    "plan_transfer": TRANSFER_ONLY,
}


def _auth_proofs() -> list:
    """A sign-on proof for every call that needs a token: its own short path, else the first path above
    that ends with it."""
    out = []
    for providers, consumer, _ in tools.GROUND_TRUTH:
        if providers == "sign_on":
            steps = _OWN.get(consumer) or next(s for _, c, s in _BODY if c == consumer)
            out.append(("sign_on", consumer, steps))
    return out


PROOFS = _auth_proofs() + _BODY

NON_PREREQUISITES = [
    ("list_turbines", [on("morag"), ("list_turbines", {"token": MORAG}),
                       ("stop_turbine", {"token": MORAG, "turbine_id": "SB-02", "reason": "Drone inspection"})]),
    ("get_power_output", [("get_power_output", {"turbine_id": "SB-02"}), on("morag"),
                          ("curtail_turbine", {"token": MORAG, "turbine_id": "SB-02", "limit_mw": 4.0})]),
    ("get_work_order", [on("morag"), ("list_work_orders", {"token": MORAG, "turbine_id": "SB-19"}),
                        ("get_work_order", {"token": MORAG, "wo_no": "$list_work_orders.0.0"}), on("ailsa"),
                        ("add_task", {"token": AILSA, "wo_no": "$list_work_orders.0.0",
                                      "description": "Inspect yaw brake", "task_type": "inspect"})]),
    ("assign_technician", job("issue_permit", extra=[
        ("list_technicians", {"token": MORAG}),
        ("assign_technician", {"token": MORAG, "wo_no": NEW_WO, "badge": "$list_technicians.1.0"})])),
    ("reserve_parts", job("issue_permit", extra=[
        ("list_parts", {"query": "oil filter"}),
        ("reserve_parts", {"token": AILSA, "wo_no": NEW_WO, "part_nos": ["$list_parts.0.0"], "quantities": [1]})])),
    ("record_reading", job("close_work_order")),
    ("list_alarms", [on("morag"), ("list_alarms", {"token": MORAG, "turbine_id": "SB-12"}),
                     ("create_work_order", {"token": MORAG, "turbine_id": "SB-12", "title": "Gearbox oil temperature high",
                                            "category": "mechanical", "priority": "P2"})]),
]
