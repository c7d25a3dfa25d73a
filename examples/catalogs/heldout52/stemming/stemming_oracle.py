"""Scripted proofs that Stemming's designed prerequisites are real (checked by the checkout's
examples/catalogs/oracle.py through the package's runtime).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer fails once every
call of the provider is dropped (its outputs replaced by control values). Staff sign in by first name (``("sign_in",
{...}, "islwyn")``) and pass ``"$islwyn.token"``; replies are read by field (``"$add_quarry.quarry_id"``,
``"$plan_blast.blast_id"``, ``"$request_explosives.requisition_id"``, ``"$issue_explosives.issue_id"``,
``"$place_monitor.monitor_id"``, ``"$record_misfire.misfire_id"``, ``"$invoice_blast.invoice_id"`` with
``"$invoice_blast.amount"``, ``"$blast_detail.issues.0.0"``, ``"$blast_detail.misfires.0.0"``), list entries by
position and field (``"$blasts.1.blast_id"`` with ``"$blasts.1.quarry_id"``, ``"$find_quarry.0.quarry_id"``,
``"$requisitions.0.requisition_id"``, ``"$invoices.0.invoice_id"`` with ``"$invoices.0.amount"``), rows by row and
column (``"$explosive_products.0.0"``, ``"$delay_series.1.0"``, ``"$monitoring_points.0.0"``, ``"$shotfirers.1.0"``
with ``"$shotfirers.1.2"`` from the same row). The positions follow the fresh state's order (records by id, each list
filtered as the call asks; monitoring points nearest first). Every id and code of the contractor's is read from a
reply; none is written literally (names, dates, holes, depths, charges, readings, serial numbers and references are
written as the staff are told them).

The day: a new client, Tarnbeck Quarry, is taken on and its first blast planned, designed, surveyed and approved;
Yarrowby's Saturday blast is designed, surveyed, approved, drilled and its explosives requisitioned, authorised and
issued; Yarrowby's blast for today is loaded, zoned, monitored, fired, read, reconciled and signed off, with a
misfire re-fired; Thrupp Moor's blast for today has its requisition authorised and issued, its shotfirer verified and
appointed, and is loaded, zoned, notified, monitored and fired; Hobgill's Friday blast has its misfire cleared, is
reconciled, signed off, invoiced and paid; Hobgill pays its overdue invoice and comes off stop, and a new blast is
planned there; last week's Thrupp Moor blast is invoiced.
"""

import stemming_tools as tools

WHO = {"dilwen": ("dilwen.l", "Burden-Spacing-31"), "giffard": ("giffard.v", "Magazine-Key-64"),
       "padarn": ("padarn.r", "Drill-Rig-52"), "islwyn": ("islwyn.e", "Detonator-Line-27"),
       "basilia": ("basilia.m", "Stock-Ledger-45"), "nimue": ("nimue.s", "Geophone-Trace-19"),
       "serlo": ("serlo.d", "Invoice-Quarry-73"), "amicia": ("amicia.b", "Bench-Face-90")}
WT, CT, RT, GT = "$dilwen.token", "$giffard.token", "$padarn.token", "$islwyn.token"
ET, NT, PT, HT = "$basilia.token", "$nimue.token", "$serlo.token", "$amicia.token"
B0, B1 = "$blasts.0.blast_id", "$blasts.1.blast_id"
NEW = "$plan_blast.blast_id"
SENTRIES = ["Brychan Brierley", "Ffraid Ibbetson"]


def login(who: str) -> tuple:
    user, password = WHO[who]
    return ("sign_in", {"username": user, "password": password}, who)


def cut(steps: list, upto: str) -> list:
    """The steps up to the first call of ``upto`` (a tool), or up to the step saved as ``upto``."""
    end = next(i for i, s in enumerate(steps) if (s[2] if len(s) > 2 else None) == upto or s[0] == upto)
    return steps[:end + 1]


# ---- a new client quarry and its first blast

TARNBECK = [
    login("giffard"),
    ("add_quarry", {"token": CT, "name": "Tarnbeck Quarry", "operator": "Tarnbeck Roadstone Ltd",
                    "grid_reference": "NY 6120 1245", "ppv_limit_mm_s": 8.0,
                    "nearest_property": "Tarnbeck Mill Cottages", "distance_m": 450}),
    login("dilwen"),
    ("plan_blast", {"token": WT, "quarry_id": "$add_quarry.quarry_id", "bench": "Bench 1 east",
                    "blast_date": "2056-09-25", "holes": 18, "hole_depth_m": 12.0, "burden_m": 3.0,
                    "spacing_m": 3.5}),
    ("explosive_products", {}),
    ("delay_series", {}),
    ("set_charge_design", {"token": WT, "blast_id": NEW, "product_code": "$explosive_products.0.0",
                           "kg_per_hole": 70.0, "delay_series": "$delay_series.2.0"}),
    ("file_document", {"token": WT, "blast_id": NEW, "kind": "face_profile", "reference": "FP-TAR-B1-0918",
                       "dated": "2056-09-18"}),
    ("approve_design", {"token": CT, "blast_id": NEW}),
]
TARNBECK_PLANNED = cut(TARNBECK, "plan_blast")
TARNBECK_NOTICE = TARNBECK_PLANNED + [login("nimue"),
                                      ("notify_neighbours", {"token": NT, "blast_id": NEW, "method": "letter"})]
TARNBECK_SHOTFIRER = TARNBECK_PLANNED + [("shotfirers", {"token": CT}),
                                         ("appoint_shotfirer", {"token": CT, "blast_id": NEW,
                                                                "shotfirer_id": "$shotfirers.0.0"})]
TARNBECK_ZONE = TARNBECK_PLANNED + [login("islwyn"),
                                    ("set_exclusion_zone", {"token": GT, "blast_id": NEW, "radius_m": 400,
                                                            "sentries": SENTRIES})]
TARNBECK_DETAIL = TARNBECK_PLANNED + [("blast_detail", {"token": WT, "blast_id": NEW})]


def new_quarry_then(call: str) -> list:
    return cut(TARNBECK, "add_quarry") + [(call, {"token": CT, "quarry_id": "$add_quarry.quarry_id"})]


# ---- Yarrowby's Saturday blast: designed, surveyed, approved, drilled, requisitioned, authorised and issued

SATURDAY = [
    login("dilwen"),
    ("blasts", {"token": WT, "status": "planned"}),
    ("explosive_products", {}),
    ("delay_series", {}),
    ("set_charge_design", {"token": WT, "blast_id": B0, "product_code": "$explosive_products.0.0",
                           "kg_per_hole": 95.0, "delay_series": "$delay_series.1.0"}),
    ("file_document", {"token": WT, "blast_id": B0, "kind": "face_profile", "reference": "FP-YRB-B4-0917",
                       "dated": "2056-09-17"}),
    login("giffard"),
    ("approve_design", {"token": CT, "blast_id": B0}),
    login("padarn"),
    ("record_drilling", {"token": RT, "blast_id": B0, "holes_drilled": 20}),
    login("islwyn"),
    ("request_explosives", {"token": GT, "blast_id": B0}),
    ("authorise_requisition", {"token": CT, "requisition_id": "$request_explosives.requisition_id"}),
    login("basilia"),
    ("issue_explosives", {"token": ET, "requisition_id": "$request_explosives.requisition_id"}),
]
SATURDAY_RETURN = SATURDAY + [("return_explosives", {"token": ET, "issue_id": "$issue_explosives.issue_id",
                                                     "unused_kg": 1900.0, "unused_detonators": 20})]
SATURDAY_NOTICE = [login("nimue"), ("blasts", {"token": NT, "status": "planned"}),
                   ("notify_neighbours", {"token": NT, "blast_id": B0, "method": "letter"})]
SATURDAY_SHOTFIRER = [login("giffard"), ("blasts", {"token": CT, "status": "planned"}), ("shotfirers", {"token": CT}),
                      ("appoint_shotfirer", {"token": CT, "blast_id": B0, "shotfirer_id": "$shotfirers.0.0"})]
SATURDAY_ZONE = [login("islwyn"), ("blasts", {"token": GT, "status": "planned"}),
                 ("set_exclusion_zone", {"token": GT, "blast_id": B0, "radius_m": 400, "sentries": SENTRIES})]
SATURDAY_DETAIL = [login("amicia"), ("blasts", {"token": HT, "status": "planned"}),
                   ("blast_detail", {"token": HT, "blast_id": B0})]

# ---- Yarrowby's blast today: loaded, zoned, monitored, fired, read, reconciled and signed off

SCARTHWAITE = [
    login("islwyn"),
    ("blasts", {"token": GT, "status": "drilled"}),
    ("record_loading", {"token": GT, "blast_id": B0, "holes_loaded": 24}),
    ("set_exclusion_zone", {"token": GT, "blast_id": B0, "radius_m": 400, "sentries": SENTRIES}),
    login("nimue"),
    ("monitoring_points", {"token": NT, "quarry_id": "$blasts.0.quarry_id"}),
    ("place_monitor", {"token": NT, "blast_id": B0, "point_code": "$monitoring_points.0.0", "serial": "GEO-4488"}),
    ("fire_blast", {"token": GT, "blast_id": B0}),
    ("record_vibration", {"token": NT, "monitor_id": "$place_monitor.monitor_id", "ppv_mm_s": 2.6,
                          "air_overpressure_db": 111.0}),
    login("basilia"),
    ("blast_detail", {"token": ET, "blast_id": B0}),
    ("return_explosives", {"token": ET, "issue_id": "$blast_detail.issues.0.0", "unused_kg": 0.0,
                           "unused_detonators": 0}),
    login("giffard"),
    ("sign_off_blast", {"token": CT, "blast_id": B0}),
]
SCARTHWAITE_MISFIRE = cut(SCARTHWAITE, "fire_blast") + [
    ("record_misfire", {"token": GT, "blast_id": B0, "holes": 1,
                        "description": "Hole 12 did not fire; its detonator lead was found intact"}),
    ("clear_misfire", {"token": GT, "misfire_id": "$record_misfire.misfire_id", "method": "re-fired"}),
]

# ---- Thrupp Moor's blast today: requisition, shotfirer, loading, notice, monitor, firing

PENNOCK = [
    login("giffard"),
    ("requisitions", {"token": CT, "status": "requested"}),
    ("authorise_requisition", {"token": CT, "requisition_id": "$requisitions.0.requisition_id"}),
    ("shotfirers", {"token": CT}),
    ("verify_shotfirer", {"token": CT, "shotfirer_id": "$shotfirers.1.0", "certificate_number": "$shotfirers.1.2"}),
    ("blasts", {"token": CT, "status": "drilled"}),
    ("appoint_shotfirer", {"token": CT, "blast_id": B1, "shotfirer_id": "$shotfirers.1.0"}),
    login("basilia"),
    ("issue_explosives", {"token": ET, "requisition_id": "$requisitions.0.requisition_id"}),
    login("islwyn"),
    ("record_loading", {"token": GT, "blast_id": B1, "holes_loaded": 18}),
    ("set_exclusion_zone", {"token": GT, "blast_id": B1, "radius_m": 350, "sentries": SENTRIES}),
    login("nimue"),
    ("notify_neighbours", {"token": NT, "blast_id": B1, "method": "door"}),
    ("monitoring_points", {"token": NT, "quarry_id": "$blasts.1.quarry_id"}),
    ("place_monitor", {"token": NT, "blast_id": B1, "point_code": "$monitoring_points.0.0", "serial": "GEO-4493"}),
    ("fire_blast", {"token": GT, "blast_id": B1}),
]

# ---- Hobgill: Friday's blast closed out; the overdue invoice paid and a new blast planned; Thrupp invoiced

HOBGILL = [
    login("islwyn"),
    ("blasts", {"token": GT, "status": "fired"}),
    ("blast_detail", {"token": GT, "blast_id": B0}),
    ("clear_misfire", {"token": GT, "misfire_id": "$blast_detail.misfires.0.0", "method": "re-fired"}),
    login("basilia"),
    ("return_explosives", {"token": ET, "issue_id": "$blast_detail.issues.0.0", "unused_kg": 0.0,
                           "unused_detonators": 0}),
    login("giffard"),
    ("sign_off_blast", {"token": CT, "blast_id": B0}),
    login("serlo"),
    ("invoice_blast", {"token": PT, "blast_id": B0}),
    ("record_payment", {"token": PT, "invoice_id": "$invoice_blast.invoice_id", "amount": "$invoice_blast.amount",
                        "method": "bacs"}),
]
HOBGILL_PAYS = [
    login("serlo"),
    ("invoices", {"token": PT, "status": "overdue"}),
    ("record_payment", {"token": PT, "invoice_id": "$invoices.0.invoice_id", "amount": "$invoices.0.amount",
                        "method": "bacs"}),
    login("dilwen"),
    ("find_quarry", {"token": WT, "text": "Hobgill"}),
    ("plan_blast", {"token": WT, "quarry_id": "$find_quarry.0.quarry_id", "bench": "Bench 2 north",
                    "blast_date": "2056-09-27", "holes": 22, "hole_depth_m": 14.0, "burden_m": 3.5,
                    "spacing_m": 4.0}),
]
PENNOCK_INVOICE = [login("serlo"), ("blasts", {"token": PT, "status": "signed_off"}),
                   ("invoice_blast", {"token": PT, "blast_id": B0})]
PENNOCK_BALANCE = [login("serlo"), ("find_quarry", {"token": PT, "text": "Thrupp"}),
                   ("account_balance", {"token": PT, "quarry_id": "$find_quarry.0.quarry_id"})]
SCARTHWAITE_DETAIL = [login("amicia"), ("find_quarry", {"token": HT, "text": "Yarrowby"}),
                      ("quarry_detail", {"token": HT, "quarry_id": "$find_quarry.0.quarry_id"})]
SCARTHWAITE_POINTS = [login("nimue"), ("find_quarry", {"token": NT, "text": "Yarrowby"}),
                      ("monitoring_points", {"token": NT, "quarry_id": "$find_quarry.0.quarry_id"})]

_BODY = [
    # quarries: found or added
    ("find_quarry", "quarry_detail", SCARTHWAITE_DETAIL),
    ("add_quarry", "quarry_detail", new_quarry_then("quarry_detail")),
    ("find_quarry", "plan_blast", HOBGILL_PAYS),
    ("add_quarry", "plan_blast", TARNBECK_PLANNED),
    ("find_quarry", "monitoring_points", SCARTHWAITE_POINTS),
    ("add_quarry", "monitoring_points", new_quarry_then("monitoring_points")),
    ("find_quarry", "account_balance", PENNOCK_BALANCE),
    ("add_quarry", "account_balance", new_quarry_then("account_balance")),
    # blasts: planned today or listed
    ("plan_blast", "set_charge_design", cut(TARNBECK, "set_charge_design")),
    ("blasts", "set_charge_design", cut(SATURDAY, "set_charge_design")),
    ("plan_blast", "file_document", cut(TARNBECK, "file_document")),
    ("blasts", "file_document", cut(SATURDAY, "file_document")),
    ("plan_blast", "approve_design", TARNBECK),
    ("blasts", "approve_design", cut(SATURDAY, "approve_design")),
    ("plan_blast", "notify_neighbours", TARNBECK_NOTICE),
    ("blasts", "notify_neighbours", SATURDAY_NOTICE),
    ("plan_blast", "appoint_shotfirer", TARNBECK_SHOTFIRER),
    ("blasts", "appoint_shotfirer", SATURDAY_SHOTFIRER),
    ("plan_blast", "set_exclusion_zone", TARNBECK_ZONE),
    ("blasts", "set_exclusion_zone", SATURDAY_ZONE),
    ("plan_blast", "blast_detail", TARNBECK_DETAIL),
    ("blasts", "blast_detail", SATURDAY_DETAIL),
    ("blasts", "record_drilling", cut(SATURDAY, "record_drilling")),
    ("blasts", "request_explosives", cut(SATURDAY, "request_explosives")),
    ("blasts", "record_loading", cut(SCARTHWAITE, "record_loading")),
    ("blasts", "place_monitor", cut(SCARTHWAITE, "place_monitor")),
    ("blasts", "fire_blast", cut(SCARTHWAITE, "fire_blast")),
    ("blasts", "record_misfire", cut(SCARTHWAITE_MISFIRE, "record_misfire")),
    ("blasts", "sign_off_blast", SCARTHWAITE),
    ("blasts", "invoice_blast", PENNOCK_INVOICE),
    # requisitions, shotfirers, issues, misfires, monitors, invoices and vocabularies
    ("request_explosives", "authorise_requisition", cut(SATURDAY, "authorise_requisition")),
    ("requisitions", "authorise_requisition", cut(PENNOCK, "authorise_requisition")),
    ("request_explosives", "issue_explosives", SATURDAY),
    ("requisitions", "issue_explosives", cut(PENNOCK, "issue_explosives")),
    ("shotfirers", "verify_shotfirer", cut(PENNOCK, "verify_shotfirer")),
    ("shotfirers", "appoint_shotfirer", cut(PENNOCK, "appoint_shotfirer")),
    ("issue_explosives", "return_explosives", SATURDAY_RETURN),
    ("record_misfire", "clear_misfire", SCARTHWAITE_MISFIRE),
    ("place_monitor", "record_vibration", cut(SCARTHWAITE, "record_vibration")),
    ("invoice_blast", "record_payment", HOBGILL),
    ("invoices", "record_payment", cut(HOBGILL_PAYS, "record_payment")),
    ("explosive_products", "set_charge_design", cut(SATURDAY, "set_charge_design")),
    ("delay_series", "set_charge_design", cut(SATURDAY, "set_charge_design")),
    ("monitoring_points", "place_monitor", cut(SCARTHWAITE, "place_monitor")),
    # state, document, approval, vetting, setting and payment
    ("set_charge_design", "approve_design", cut(SATURDAY, "approve_design")),
    ("file_document", "approve_design", cut(SATURDAY, "approve_design")),
    ("approve_design", "record_drilling", cut(SATURDAY, "record_drilling")),
    ("record_drilling", "request_explosives", cut(SATURDAY, "request_explosives")),
    ("authorise_requisition", "issue_explosives", SATURDAY),
    ("verify_shotfirer", "appoint_shotfirer", cut(PENNOCK, "appoint_shotfirer")),
    ("issue_explosives", "record_loading", cut(PENNOCK, "record_loading")),
    ("appoint_shotfirer", "record_loading", cut(PENNOCK, "record_loading")),
    ("record_loading", "fire_blast", cut(SCARTHWAITE, "fire_blast")),
    ("set_exclusion_zone", "fire_blast", cut(SCARTHWAITE, "fire_blast")),
    ("notify_neighbours", "fire_blast", PENNOCK),
    ("place_monitor", "fire_blast", cut(SCARTHWAITE, "fire_blast")),
    ("fire_blast", "record_misfire", cut(SCARTHWAITE_MISFIRE, "record_misfire")),
    ("fire_blast", "record_vibration", cut(SCARTHWAITE, "record_vibration")),
    ("clear_misfire", "sign_off_blast", cut(HOBGILL, "sign_off_blast")),
    ("record_vibration", "sign_off_blast", SCARTHWAITE),
    ("return_explosives", "sign_off_blast", SCARTHWAITE),
    ("sign_off_blast", "invoice_blast", cut(HOBGILL, "invoice_blast")),
    ("record_payment", "plan_blast", HOBGILL_PAYS),
]

_OWN = {
    "sign_out": [login("amicia"), ("sign_out", {"token": HT})],
    "magazine_stock": [login("basilia"), ("magazine_stock", {"token": ET})],
}


def _auth_proofs() -> list:
    """A sign-in proof for every call that needs a token: its own short path, else the shortest path above that
    reaches it, cut there."""
    out = []
    for providers, consumer, _ in tools.GROUND_TRUTH:
        if providers == "sign_in":
            reaching = [cut(s, consumer) for _, _, s in _BODY if any(x[0] == consumer for x in s)]
            steps = _OWN.get(consumer) or min(reaching, key=len)
            out.append(("sign_in", consumer, steps))
    return out


PROOFS = _auth_proofs() + _BODY

NON_PREREQUISITES = [
    # the explosive products read before last week's Thrupp Moor blast is invoiced
    ("explosive_products", [("explosive_products", {})] + PENNOCK_INVOICE),
    # the magazine's stock read before Yarrowby's blast fires
    ("magazine_stock", [login("basilia"), ("magazine_stock", {"token": ET})] + cut(SCARTHWAITE, "fire_blast")),
    # Thrupp Moor's neighbours notified before Hobgill's invoice is paid
    ("notify_neighbours", [login("nimue"), ("blasts", {"token": NT, "status": "drilled"}),
                           ("notify_neighbours", {"token": NT, "blast_id": B1, "method": "door"})] + HOBGILL),
    # Thrupp Moor's balance read before Yarrowby's Saturday explosives are issued
    ("account_balance", PENNOCK_BALANCE + SATURDAY),
    # a shotfirer verified before Yarrowby's blast is signed off
    ("verify_shotfirer", cut(PENNOCK, "verify_shotfirer") + SCARTHWAITE),
    # Yarrowby's reading recorded before Hobgill's invoice is paid
    ("record_vibration", cut(SCARTHWAITE, "record_vibration") + HOBGILL),
    # Saturday's exclusion zone set before last week's Thrupp Moor blast is invoiced
    ("set_exclusion_zone", SATURDAY_ZONE + PENNOCK_INVOICE),
    # a drill log filed before Yarrowby's blast is signed off
    ("file_document", [login("padarn"), ("blasts", {"token": RT, "status": "drilled"}),
                       ("file_document", {"token": RT, "blast_id": B0, "kind": "drill_log",
                                          "reference": "DL-YRB-B3-0915", "dated": "2056-09-15"})] + SCARTHWAITE),
]
