"""Scripted proofs that Rotable's designed prerequisites are real (checked by the checkout's
examples/catalogs/oracle.py: a raised exception is a failure).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer
fails once every call of the provider is dropped (its outputs replaced by control values). Dev
Malhotra (B1) signs in and his session is saved as ``dev`` (``"$dev.data.attributes.token"``);
envelope fields are referenced through ``data`` (``"$get_aircraft.data.id"``,
``"$get_work_order.included.0.id"``), rows by position (``"$list_fleet.data.1.0"``,
``"$list_stores.0.2.1.0"``), and bare replies whole (``"$reserve_part"``, ``"$issue_crs"``). No id
is written literally. A consumer's path is built once per choice of provider
(``path(consumer, **choice)``).
"""

DEV = ("sign_in", {"staff_number": "SK1042", "password": "Avon-Gorge-77"}, "dev")
T = "$dev.data.attributes.token"
UNLOCK = ("unlock_certification", {"token": T, "authorisation_number": "SAT-B1-118", "stamp_pin": "5521"})
FLEET_ROW = {"G-WCAA": 0, "G-WCAB": 1, "G-WCAT": 2, "G-WCAU": 3, "G-OBRX": 4}
STORES = ("list_stores", {})
WHEEL = ("search_parts", {"query": "main wheel assembly"})
PN = "$search_parts.data.0.id"


def aircraft(reg: str, how: str = "get") -> tuple[list, str]:
    """Steps that find an aircraft by registration (or in the fleet list) and the reference to its id."""
    if how == "fleet":
        return [("list_fleet", {"operator": "Westcountry"})], f"$list_fleet.data.{FLEET_ROW[reg]}.0"
    return [("get_aircraft", {"registration": reg})], "$get_aircraft.data.id"


def work_order(ac: str, how: str, reg: str = "G-WCAB") -> tuple[list, str]:
    """The open work order on the aircraft (found, or opened now) and the reference to its id."""
    if how == "open":
        return [STORES, ("open_work_order", {"token": T, "aircraft_id": ac, "check_type": "unscheduled",
                                             "title": f"{reg} unscheduled rectification, day shift",
                                             "station": "$list_stores.0.0"})], "$open_work_order.data.id"
    return [("find_work_orders", {"token": T, "aircraft_id": ac, "status": "open"})], "$find_work_orders.data.0.id"


def task_card(wo: str, how: str, defect: str = None) -> tuple[list, str]:
    """A task card on the work order: the one already on it (``get``) or a new one (``add``)."""
    if how == "add":
        args = {"token": T, "work_order_id": wo, "title": "Replace No.2 main wheel assembly and inspect tie bolts"}
        if defect:
            args["defect_number"] = defect
        return [("add_task_card", args)], "$add_task_card"
    return [("get_work_order", {"token": T, "work_order_id": wo})], "$get_work_order.included.0.id"


def open_defects(ac: str) -> tuple:
    return ("list_defects", {"token": T, "aircraft_id": ac, "status": "open"})


def wheel_card(ac_how: str = "get", wo_how: str = "find", tc_how: str = "get",
               unlock: bool = False) -> tuple[list, str, str, str]:
    """G-WCAB's AOG wheel change: sign in, find the aircraft, its work order and a task card."""
    steps, ac = aircraft("G-WCAB", ac_how)
    wsteps, wo = work_order(ac, wo_how)
    defect = None
    extra = []
    if wo_how == "open":  # a new work order's card carries the defect, so that the CRS can follow
        extra, defect = [open_defects(ac)], "$list_defects.data.0.0"
    csteps, tc = task_card(wo, tc_how, defect)
    return [DEV] + ([UNLOCK] if unlock else []) + steps + wsteps + extra + csteps, ac, tc, wo


def wheel_issue(tc: str) -> list:
    return [WHEEL, ("get_stock", {"part_number": PN, "station": "BRS"}),
            ("reserve_part", {"token": T, "task_card_id": tc, "part_number": PN, "quantity": 1,
                              "store": "$get_stock.data.0.0"}),
            ("issue_part", {"token": T, "reservation_number": "$reserve_part", "serial_number": "$get_stock.data.0.2.0"})]


def wheel_install(ac: str, tc: str) -> list:
    return wheel_issue(tc) + [
        ("get_installed_components", {"aircraft_id": ac, "ata_chapter": 32}),
        ("install_part", {"token": T, "task_card_id": tc, "serial_number_on": "$issue_part.data.attributes.serial_number",
                          "serial_number_off": "$get_installed_components.data.1.2",
                          "position": "$get_installed_components.data.1.0"})]


def sign(tc: str) -> list:
    return [("book_labour", {"token": T, "task_card_id": tc, "hours": 2.5, "licence_category": "B1"}),
            ("sign_task_card", {"token": T, "task_card_id": tc,
                                "work_performed": "No.2 main wheel replaced IAW AMM 32-41-11, tie bolts torqued, "
                                                  "tyre pressure checked"})]


def closed(wo_how: str = "find", tc_how: str = "get") -> tuple[list, str]:
    steps, ac, tc, wo = wheel_card(wo_how=wo_how, tc_how=tc_how, unlock=True)
    return steps + sign(tc) + [("close_work_order", {"token": T, "work_order_id": wo})], wo


def deferred_crs() -> list:
    """G-WCAA: defer the reading light under the MEL, then a daily check and its CRS."""
    return [DEV, UNLOCK, ("get_aircraft", {"registration": "G-WCAA"}), open_defects("$get_aircraft.data.id"),
            ("search_mel", {"mel_document": "$get_aircraft.data.attributes.mel", "text": "reading light"}),
            ("defer_defect", {"token": T, "defect_number": "$list_defects.data.0.0", "mel_item": "$search_mel.data.0.id",
                              "placard_fitted": True}),
            STORES, ("open_work_order", {"token": T, "aircraft_id": "$get_aircraft.data.id", "check_type": "daily",
                                         "title": "Daily check", "station": "$list_stores.0.0"}),
            ("add_task_card", {"token": T, "work_order_id": "$open_work_order.data.id", "title": "Daily check"}),
            ("book_labour", {"token": T, "task_card_id": "$add_task_card", "hours": 1.0, "licence_category": "B1"}),
            ("sign_task_card", {"token": T, "task_card_id": "$add_task_card",
                                "work_performed": "Daily check carried out, reading light placarded INOP"}),
            ("close_work_order", {"token": T, "work_order_id": "$open_work_order.data.id"}),
            ("issue_crs", {"token": T, "work_order_id": "$open_work_order.data.id"})]


def path(c: str, ac: str = "get", defect: str = "list", wo: str = "find", tc: str = "get", card: str = "defect",
         defer: bool = False) -> list:
    """The call path that ends with consumer ``c`` for one choice of providers."""
    if c == "unlock_certification":
        return [DEV, UNLOCK]
    if c in ("raise_defect", "list_defects"):
        steps, a = aircraft("G-WCAA", ac)
        if c == "list_defects":
            return [DEV] + steps + [open_defects(a)]
        return [DEV] + steps + [(c, {"token": T, "aircraft_id": a, "ata_chapter": 33,
                                     "description": "Row 22 DEF reading light inoperative",
                                     "found_during": "cabin_report"})]
    if c == "ground_aircraft":
        steps, a = aircraft("G-WCAT", ac)
        return [DEV] + steps + [(c, {"token": T, "aircraft_id": a,
                                     "reason": "Bird strike on the radome reported by the crew on arrival"})]
    if c == "open_work_order":
        steps, a = aircraft("G-WCAT", ac)
        return [DEV] + steps + work_order(a, "open", "G-WCAT")[0]
    if c in ("list_due_items", "get_installed_components", "get_ad"):
        steps, a = aircraft("G-WCAB", ac)
        if c == "get_installed_components":
            return steps + [(c, {"aircraft_id": a, "ata_chapter": 32})]
        steps += [("list_due_items", {"aircraft_id": a, "within_days": 30})]
        return steps + ([("get_ad", {"ad_number": "$list_due_items.data.0.1"})] if c == "get_ad" else [])
    if c in ("search_mel", "search_amp_tasks"):
        if c == "search_mel":
            return [("get_aircraft", {"registration": "G-WCAA"}),
                    (c, {"mel_document": "$get_aircraft.data.attributes.mel", "text": "reading light"})]
        return [("get_aircraft", {"registration": "G-WCAB"}),
                (c, {"programme": "$get_aircraft.data.attributes.amp", "text": "tie bolts"})]
    if c == "defer_defect":
        steps = [DEV, UNLOCK, ("get_aircraft", {"registration": "G-WCAA"})]
        if defect == "raise":
            steps += [("raise_defect", {"token": T, "aircraft_id": "$get_aircraft.data.id", "ata_chapter": 33,
                                        "description": "Row 22 DEF reading light inoperative",
                                        "found_during": "cabin_report"})]
            ref = "$raise_defect"
        else:
            steps += [open_defects("$get_aircraft.data.id")]
            ref = "$list_defects.data.0.0"
        return steps + [("search_mel", {"mel_document": "$get_aircraft.data.attributes.mel", "text": "reading light"}),
                        (c, {"token": T, "defect_number": ref, "mel_item": "$search_mel.data.0.id",
                             "placard_fitted": True})]
    if c == "return_to_service":
        steps, a = aircraft("G-WCAT", ac)
        wsteps, w = work_order(a, "open", "G-WCAT")
        return [DEV, UNLOCK] + steps + [
            ("ground_aircraft", {"token": T, "aircraft_id": a, "reason": "Bird strike on the radome"})] + wsteps + [
            ("add_task_card", {"token": T, "work_order_id": w, "title": "Bird strike inspection, radome and nose"}),
            ("book_labour", {"token": T, "task_card_id": "$add_task_card", "hours": 1.5, "licence_category": "B1"}),
            ("sign_task_card", {"token": T, "task_card_id": "$add_task_card",
                                "work_performed": "Radome and forward fuselage inspected IAW AMM 05-51-14, no damage"}),
            ("close_work_order", {"token": T, "work_order_id": w}),
            ("issue_crs", {"token": T, "work_order_id": w}),
            (c, {"token": T, "aircraft_id": a, "crs_number": "$issue_crs"})]
    if c == "add_task_card":
        steps, a = aircraft("G-WCAB", ac)
        wsteps, w = work_order(a, wo)
        steps = [DEV] + steps + wsteps
        args = {"token": T, "work_order_id": w, "title": "No.2 main wheel change"}
        if card == "amp":
            if ac != "get":
                steps += [("get_aircraft", {"registration": "G-WCAB"})]
            steps += [("search_amp_tasks", {"programme": "$get_aircraft.data.attributes.amp", "text": "tie bolts"})]
            args.update(title="Wheel tie bolt inspection", amp_task="$search_amp_tasks.data.0.0")
        elif defect == "raise":
            steps += [("raise_defect", {"token": T, "aircraft_id": a, "ata_chapter": 32,
                                        "description": "No.2 main wheel brake wear pin at limit",
                                        "found_during": "daily_check"})]
            args["defect_number"] = "$raise_defect"
        else:
            steps += [open_defects(a)]
            args["defect_number"] = "$list_defects.data.0.0"
        return steps + [(c, args)]
    if c == "find_work_orders":
        steps, a = aircraft("G-WCAU", ac)
        return [DEV] + steps + [(c, {"token": T, "aircraft_id": a, "status": "open"})]
    if c in ("get_work_order", "post_handover_note"):
        steps, a = aircraft("G-WCAB", ac)
        wsteps, w = work_order(a, wo)
        if c == "get_work_order":
            return [DEV] + steps + wsteps + [(c, {"token": T, "work_order_id": w})]
        return [DEV] + steps + wsteps + [(c, {"token": T, "work_order_id": w,
                                              "note": "Wheel change half done: old wheel off, new wheel on axle, "
                                                      "axle nut not yet torqued.", "notify": ["SK1130", "SK1077"]})]
    if c in ("close_work_order", "issue_crs"):
        if c == "issue_crs" and defer:
            return deferred_crs()
        steps, w = closed(wo, "add" if wo == "open" else tc)
        return steps + ([(c, {"token": T, "work_order_id": w})] if c == "issue_crs" else [])
    if c == "record_ad_compliance":
        steps, a = aircraft("G-WCAB", ac)
        wsteps, w = work_order(a, "find")
        csteps, t = task_card(w, tc)
        return [DEV, UNLOCK] + steps + [("list_due_items", {"aircraft_id": a})] + wsteps + csteps + sign(t) + [
            (c, {"token": T, "aircraft_id": a, "ad_number": "$list_due_items.data.0.1", "task_card_id": t,
                 "method": "inspection"})]
    if c in ("get_task_card", "book_labour", "book_out_tool", "reserve_part", "issue_part", "return_part_to_store",
             "install_part", "sign_task_card", "create_unserviceable_tag", "create_repair_order"):
        steps, a, t, _ = wheel_card(tc_how=tc, unlock=c == "sign_task_card")
        if c == "get_task_card":
            return steps + [(c, {"token": T, "task_card_id": t})]
        if c == "book_labour":
            return steps + sign(t)[:1]
        if c == "book_out_tool":
            return steps + [("list_tools", {"station": "BRS", "query": "torque wrench"}),
                            (c, {"token": T, "tool_id": "$list_tools.data.0.0", "task_card_id": t})]
        if c in ("reserve_part", "issue_part", "return_part_to_store"):
            issue = wheel_issue(t)
            if c == "reserve_part":
                return steps + issue[:3]
            if c == "issue_part":
                return steps + issue
            return steps + issue[:3] + [(c, {"token": T, "reservation_number": "$reserve_part",
                                             "reason": "Wheel change moved to the night shift"})]
        if c == "sign_task_card":
            return steps + wheel_install(a, t) + sign(t)
        steps = steps + wheel_install(a, t)
        if c == "install_part":
            return steps
        steps += [("create_unserviceable_tag", {"token": T, "serial_number": "$get_installed_components.data.1.2",
                                                "reason": "Tyre cut beyond limits, cord visible on shoulder"})]
        if c == "create_unserviceable_tag":
            return steps
        return steps + [("list_repair_vendors", {"part_number": PN}),
                        (c, {"token": T, "tag_number": "$create_unserviceable_tag",
                             "vendor_code": "$list_repair_vendors.data.1.id", "workscope": "repair",
                             "defects_reported": ["Tyre cut on the shoulder, cord visible",
                                                  "Removed at 930.1 hours since installation"]})]
    if c in ("get_stock", "list_repair_vendors"):
        args = {"part_number": PN, "station": "BRS"} if c == "get_stock" else {"part_number": PN}
        return [WHEEL, (c, args)]
    if c in ("raise_requisition", "get_requisition"):
        steps = [DEV, ("search_parts", {"query": "46x17 tyre"}),
                 ("raise_requisition", {"token": T, "part_number": PN, "quantity": 4, "priority": "AOG"})]
        return steps + ([(c, {"token": T, "requisition_number": "$raise_requisition"})] if c == "get_requisition" else [])
    if c == "transfer_stock":
        return [DEV, STORES, ("search_parts", {"query": "reading light lamp"}),
                (c, {"token": T, "part_number": PN, "quantity": 5, "from_store": "$list_stores.0.2.0.0",
                     "to_store": "$list_stores.0.2.1.0"})]
    raise KeyError(c)


# the choice of providers each provider's proofs are built with (the default path holds the others)
CHOICE = {
    "list_fleet": {"ac": "fleet"}, "raise_defect": {"defect": "raise"}, "open_work_order": {"wo": "open", "tc": "add"},
    "add_task_card": {"tc": "add"}, "search_amp_tasks": {"card": "amp"}, "defer_defect": {"defer": True},
}


def _proofs() -> list:
    import rotable_tools as m  # the catalog beside this file

    return [(p, c, path(c, **CHOICE.get(p, {}))) for ps, c, _ in m.GROUND_TRUTH for p in ps.split("|")]


PROOFS = _proofs()

_CARD, _AC, _TC, _WO = wheel_card()

# (provider, path): calls that look related but that the path's last call does not need.
NON_PREREQUISITES = [
    ("get_task_card", _CARD + [("get_task_card", {"token": T, "task_card_id": _TC}),
                               ("book_labour", {"token": T, "task_card_id": _TC, "hours": 1.0,
                                                "licence_category": "B1"})]),
    ("unlock_certification", [DEV, UNLOCK] + _CARD[1:] + [("book_labour", {"token": T, "task_card_id": _TC,
                                                                           "hours": 1.0, "licence_category": "B1"})]),
    ("list_stores", [STORES] + _CARD + wheel_issue(_TC)[:3]),
    ("list_fleet", [("list_fleet", {}), ("get_aircraft", {"registration": "G-WCAA"}),
                    ("search_mel", {"mel_document": "$get_aircraft.data.attributes.mel", "text": "reading light"})]),
    ("post_handover_note", _CARD[:3] + [("post_handover_note", {"token": T, "work_order_id": _WO,
                                                                "note": "Jacks in place.", "notify": ["SK1130"]}),
                                        ("get_work_order", {"token": T, "work_order_id": _WO})]),
    ("list_tools", _CARD + [("list_tools", {"station": "BRS"}),
                            ("book_labour", {"token": T, "task_card_id": _TC, "hours": 0.5,
                                             "licence_category": "mechanic"})]),
    ("search_mel", [("get_aircraft", {"registration": "G-WCAA"}),
                    ("search_mel", {"mel_document": "$get_aircraft.data.attributes.mel", "text": "reading light"}),
                    DEV, open_defects("$get_aircraft.data.id")]),
]
