"""Scripted proofs that Spiral's designed prerequisites are real (checked by the checkout's examples/catalogs/oracle.py,
through the package's runtime, which records the ``VendError`` the tools raise as errors; the tools are coroutines
behind a decorator, which the runtime awaits, so the plain oracle has nothing to run them on).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer fails once every
call of the provider is dropped (its outputs replaced by control values). Staff sign in by first name
(``("sign_in", {...}, "kath")``) and pass ``"$kath.token"``; replies are read by field (``"$add_site.site_id"``,
``"$install_machine.machine_id"``, ``"$build_pick.pick_id"``, ``"$restock.visit_id"``, ``"$collect_cash.bag_id"``,
``"$log_fault.callout_id"``, ``"$commission_statement.statement_id"``, ``"$gav.engineer_id"``) and list entries by
position and field (``"$find_site.0.site_id"``, ``"$spare_machines.0.asset_id"``, ``"$machines.3.machine_id"``,
``"$routes.0.route_id"``, ``"$product_range.4.code"``, ``"$warehouse_stock.4.code"``, ``"$cash_bags.0.bag_id"``,
``"$callouts.0.callout_id"``, ``"$engineers.1.engineer_id"``, ``"$restock.filled.0.1"``). The positions follow the
fresh state's order of records by id (filtered as each call asks) and of ``PRODUCTS``. Every id and code is read
from a reply; none is written literally (selections as labelled on the machines, prices, fill levels, seal numbers,
cash counted, dates, faults, fixes, parts and reasons are written as the office, the warehouse, the drivers and the
engineer are told them). A step saved under a name of its own is a second call of a tool on one path.

The day: Hexley Fire Station is added as a site; a spare snack machine is installed in its mess room, given crisps,
chocolate and cereal bars, published and put on the Tuesday Hexley Central route; Wes builds and loads the route's
pick and Donna fills the new machine and throws away a crushed bar (on other paths the new site's details change,
its file is read, it is written to or its rate raised, and the new machine is read, suspended and resumed, given
a fault, repriced, taken off the route, cleared or taken straight out again). Donna empties the hospital's snack
machine; Kath counts and banks the bag and draws up the hospital's statement, which Sue pays. Wes builds Hexley
Central's pick and loads it, and Donna fills the hospital's snack machine and throws away two out-of-date bags of
crisps. The gym's counted bag is banked and its statement drawn up; its card-reader call-out goes to Lorna; its
second machine is installed. Marlowe's bag is counted; Gavin closes Marlowe's coin-mech call-out and Kath resumes
the machine, which moves to the Tuesday route. The college gets dark chocolate, which Wes books in before the pick.
A chiller fault on the hospital's drink machine goes to Gavin, who closes it. Amir empties Riverside's machine and
Kath takes it out.
"""

import spiral_tools as tools

WHO = {"kath": ("kath.b", "Coil-Pitch-42"), "wes": ("wes.o", "Pallet-Jack-7"), "donna": ("donna.r", "Cash-Box-19"),
       "amir": ("amir.h", "Tailift-2031"), "gav": ("gav.p", "Coin-Mech-MDB"), "sue": ("sue.t", "Tollgate-1994")}
K, W, D, A, G, S = "$kath.token", "$wes.token", "$donna.token", "$amir.token", "$gav.token", "$sue.token"


def sign_in(who: str) -> tuple:
    user, password = WHO[who]
    return ("sign_in", {"username": user, "password": password}, who)


def cut(steps: list, upto: str) -> list:
    """The steps up to the first call of ``upto`` (a tool), or up to the step saved as ``upto``."""
    end = next(i for i, s in enumerate(steps) if (s[2] if len(s) > 2 else None) == upto or s[0] == upto)
    return steps[:end + 1]


def product(code: str) -> str:
    return f"$product_range.{list(tools.PRODUCTS).index(code)}.code"


def site(text: str, who: str = "kath") -> list:
    return [sign_in(who), ("find_site", {"token": f"${who}.token", "text": text})]


SID = "$find_site.0.site_id"
NEW_MID = "$install_machine.machine_id"

# Hexley Fire Station: a new site with a new snack machine on Hexley Central
FIRE_SITE = [sign_in("kath"),
             ("add_site", {"token": K, "name": "Hexley Fire Station", "address": "Station Road, Hexley",
                           "postcode": "HX4 2SR", "contact": "Watch Manager Dev Patel", "phone": "01632 960477",
                           "commission_pct": 10, "email": "dev.patel@hexleyfire.example"})]
FIRE = FIRE_SITE + [
    ("spare_machines", {"token": K, "kind": "snack"}),
    ("install_machine", {"token": K, "asset_id": "$spare_machines.0.asset_id", "site_id": "$add_site.site_id",
                         "location": "Appliance bay mess room"}),
    ("product_range", {}),
    ("set_selection", {"token": K, "machine_id": NEW_MID, "selection": "A1", "product_code": product("CR-SALT"),
                       "price": 0.90, "par": 12}),
    ("set_selection", {"token": K, "machine_id": NEW_MID, "selection": "B1", "product_code": product("CH-MILK"),
                       "price": 1.10, "par": 10}, "b1"),
    ("set_selection", {"token": K, "machine_id": NEW_MID, "selection": "C1", "product_code": product("SN-OATB"),
                       "price": 1.20, "par": 8}, "c1"),
    ("publish_planogram", {"token": K, "machine_id": NEW_MID}),
    ("routes", {"token": K, "day": "tue"}),
    ("add_to_route", {"token": K, "route_id": "$routes.0.route_id", "machine_id": NEW_MID}),
    sign_in("wes"), ("build_pick", {"token": W, "route_id": "$routes.0.route_id"}),
    ("load_van", {"token": W, "pick_id": "$build_pick.pick_id"}),
    sign_in("donna"), ("restock", {"token": D, "machine_id": NEW_MID}),
    ("record_wastage", {"token": D, "visit_id": "$restock.visit_id", "items": ["$restock.filled.1.1"],
                        "reason": "damaged"})]
INSTALLED = cut(FIRE, "install_machine")
FIRE_UPDATE = FIRE_SITE + [("update_site", {"token": K, "site_id": "$add_site.site_id", "phone": "01632 960478"})]
FIRE_FILE = FIRE_SITE + [("site_file", {"token": K, "site_id": "$add_site.site_id"})]
FIRE_MESSAGE = FIRE_SITE + [("message_site", {"token": K, "site_id": "$add_site.site_id", "channel": "email",
                                              "text": "Your snack machine goes in this morning."})]
FIRE_RATE = FIRE_SITE + [sign_in("sue"), ("set_commission", {"token": S, "site_id": "$add_site.site_id",
                                                             "commission_pct": 12.5})]
FIRE_TELEMETRY = INSTALLED + [("telemetry", {"token": K, "machine_id": NEW_MID})]
FIRE_SUSPEND = INSTALLED + [("suspend_machine", {"token": K, "machine_id": NEW_MID,
                                                 "reason": "The mess room is being redecorated this week"})]
FIRE_RESUME = FIRE_SUSPEND + [("resume_machine", {"token": K, "machine_id": NEW_MID})]
FIRE_PLANOGRAM = INSTALLED + [("planogram", {"token": K, "machine_id": NEW_MID})]
FIRE_CLEAR = cut(FIRE, "c1") + [("clear_selection", {"token": K, "machine_id": NEW_MID, "selection": "C1"})]
FIRE_REPRICE = cut(FIRE, "publish_planogram") + [("reprice", {"token": K, "machine_id": NEW_MID, "selection": "A1",
                                                              "price": 0.95})]
FIRE_OFF_ROUTE = cut(FIRE, "add_to_route") + [("drop_from_route", {"token": K, "route_id": "$routes.0.route_id",
                                                                   "machine_id": NEW_MID})]
FIRE_FAULT = INSTALLED + [("log_fault", {"token": K, "machine_id": NEW_MID, "fault": "power",
                                         "notes": "No lights since it was installed; the socket may be switched off"})]
FIRE_REMOVE = INSTALLED + [("remove_machine", {"token": K, "machine_id": NEW_MID,
                                               "reason": "Installed in the wrong room; the crew want it upstairs"})]

# machines already out at sites (machines in id order: 0 VM-3101 hospital snack, 1 VM-3102 hospital drink,
# 2 VM-3115 gym combo, 3 VM-3120 college snack, 4 VM-3121 college drink, 5 VM-3130 Marlowe snack, 6 VM-3140 Riverside)
ALL = [sign_in("kath"), ("machines", {"token": K})]


def mid(n: int) -> str:
    return f"$machines.{n}.machine_id"


TELEMETRY = ALL + [("telemetry", {"token": K, "machine_id": mid(4)})]
PLANOGRAM = ALL + [("planogram", {"token": K, "machine_id": mid(0)})]
SUSPEND = ALL + [("suspend_machine", {"token": K, "machine_id": mid(3),
                                      "reason": "The library is closed for the exams and the college wants it off"})]
RESUME = SUSPEND + [("resume_machine", {"token": K, "machine_id": mid(3)})]
CLEAR = ALL + [("clear_selection", {"token": K, "machine_id": mid(0), "selection": "C1"}),
               ("publish_planogram", {"token": K, "machine_id": mid(0)})]
REPRICE = ALL + [("reprice", {"token": K, "machine_id": mid(1), "selection": "A1", "price": 1.40})]
MOVE = ALL + [("routes", {"token": K}),
              ("drop_from_route", {"token": K, "route_id": "$routes.0.route_id", "machine_id": mid(5)}),
              ("add_to_route", {"token": K, "route_id": "$routes.2.route_id", "machine_id": mid(5)})]
CHILLER = ALL + [
    ("log_fault", {"token": K, "machine_id": mid(1), "fault": "refrigeration",
                   "notes": "Cans coming out warm; the display shows 14 degrees"}),
    ("engineers", {"token": K}),
    ("assign_callout", {"token": K, "callout_id": "$log_fault.callout_id", "engineer_id": "$engineers.1.engineer_id"}),
    sign_in("gav"),
    ("close_callout", {"token": G, "callout_id": "$log_fault.callout_id", "fix": "repaired",
                       "notes": "Condenser blocked with dust; cleaned it and the chiller is back to 4 degrees"})]
COLLEGE_DARK = ALL + [
    ("product_range", {}),
    ("set_selection", {"token": K, "machine_id": mid(3), "selection": "B2", "product_code": product("CH-DARK"),
                       "price": 1.20, "par": 8}),
    ("publish_planogram", {"token": K, "machine_id": mid(3)}),
    sign_in("wes"),
    ("goods_in", {"token": W, "product_code": product("CH-DARK"), "cases": 4, "best_before": "2032-11-30"}),
    ("routes", {"token": W, "day": "tue"}),
    ("build_pick", {"token": W, "route_id": "$routes.0.route_id"})]
DARK_IN = [sign_in("wes"), ("warehouse_stock", {"token": W}),
           ("goods_in", {"token": W, "product_code": "$warehouse_stock.4.code", "cases": 4,
                         "best_before": "2032-11-30"})]

# Hexley Central (Donna's route: 0 VM-3101, 1 VM-3102, 2 VM-3120, 3 VM-3121)
HOSPITAL_CASH = [
    sign_in("donna"), ("routes", {"token": D, "day": "tue"}),
    ("machines", {"token": D, "route_id": "$routes.0.route_id"}),
    ("collect_cash", {"token": D, "machine_id": "$machines.0.machine_id", "seal": "448812"}),
    sign_in("kath"), ("count_bag", {"token": K, "bag_id": "$collect_cash.bag_id", "counted": 86.40}),
    ("bank_bags", {"token": K, "bag_ids": ["$collect_cash.bag_id"]}),
    ("find_site", {"token": K, "text": "Hospital"}),
    ("commission_statement", {"token": K, "site_id": SID}),
    sign_in("sue"), ("pay_commission", {"token": S, "statement_id": "$commission_statement.statement_id",
                                        "method": "bacs"})]
HOSPITAL_FILL = [
    sign_in("wes"), ("routes", {"token": W, "day": "tue"}),
    ("build_pick", {"token": W, "route_id": "$routes.0.route_id"}),
    ("load_van", {"token": W, "pick_id": "$build_pick.pick_id"}),
    sign_in("donna"), ("machines", {"token": D, "route_id": "$routes.0.route_id"}),
    ("restock", {"token": D, "machine_id": "$machines.0.machine_id", "missed": ["C2"]}),
    ("record_wastage", {"token": D, "visit_id": "$restock.visit_id",
                        "items": ["$restock.filled.0.1", "$restock.filled.0.1"], "reason": "out_of_date"})]

# Canal and Riverside (Amir's Tuesday route: 0 VM-3115, 1 VM-3140)
RIVERSIDE = [
    sign_in("amir"), ("routes", {"token": A, "day": "tue"}),
    ("machines", {"token": A, "route_id": "$routes.1.route_id"}),
    ("collect_cash", {"token": A, "machine_id": "$machines.1.machine_id", "seal": "448820"}),
    sign_in("kath"),
    ("remove_machine", {"token": K, "machine_id": "$machines.1.machine_id",
                        "reason": "Riverside Business Centre is closing for refurbishment"})]
GYM_BANK = [sign_in("kath"), ("cash_bags", {"token": K, "status": "counted"}),
            ("bank_bags", {"token": K, "bag_ids": ["$cash_bags.0.bag_id"]}),
            ("find_site", {"token": K, "text": "Gym"}),
            ("commission_statement", {"token": K, "site_id": SID})]
GYM_CALLOUT = [sign_in("kath"), ("callouts", {"token": K, "status": "open"}), ("engineers", {"token": K}),
               ("assign_callout", {"token": K, "callout_id": "$callouts.0.callout_id",
                                   "engineer_id": "$engineers.0.engineer_id"})]
GYM_SECOND = site("Gym") + [("spare_machines", {"token": K, "kind": "drink"}),
                            ("install_machine", {"token": K, "asset_id": "$spare_machines.0.asset_id",
                                                 "site_id": SID, "location": "Upstairs studio landing"})]
MARLOWE_COUNT = [sign_in("kath"), ("cash_bags", {"token": K, "status": "collected"}),
                 ("count_bag", {"token": K, "bag_id": "$cash_bags.0.bag_id", "counted": 61.20})]
MARLOWE_FIX = [
    sign_in("gav"), ("callouts", {"token": G, "engineer_id": "$gav.engineer_id"}),
    ("close_callout", {"token": G, "callout_id": "$callouts.0.callout_id", "fix": "part_replaced",
                       "notes": "Coin validator worn out; fitted a new one and tested every coin",
                       "parts": ["coin_mech"]}),
    sign_in("kath"), ("machines", {"token": K, "status": "suspended"}),
    ("resume_machine", {"token": K, "machine_id": "$machines.0.machine_id"})]
HOSPITAL_PHONE = site("Hospital") + [("update_site", {"token": K, "site_id": SID, "contact": "Mr Ian Frost"})]
HOSPITAL_FILE = site("Hospital") + [("site_file", {"token": K, "site_id": SID})]
COLLEGE_TEXT = site("College") + [("message_site", {"token": K, "site_id": SID, "channel": "sms",
                                                    "text": "Tollgate: dark chocolate is in your library machine "
                                                            "from today."})]
GYM_RATE = site("Gym", "sue") + [("set_commission", {"token": S, "site_id": SID, "commission_pct": 12.0})]

_BODY = [
    # sites
    ("add_site", "update_site", FIRE_UPDATE),
    ("find_site", "update_site", HOSPITAL_PHONE),
    ("add_site", "site_file", FIRE_FILE),
    ("find_site", "site_file", HOSPITAL_FILE),
    ("add_site", "message_site", FIRE_MESSAGE),
    ("find_site", "message_site", COLLEGE_TEXT),
    ("add_site", "set_commission", FIRE_RATE),
    ("find_site", "set_commission", GYM_RATE),
    ("add_site", "install_machine", INSTALLED),
    ("find_site", "install_machine", GYM_SECOND),
    ("spare_machines", "install_machine", GYM_SECOND),
    ("find_site", "commission_statement", GYM_BANK),
    # machines
    ("install_machine", "telemetry", FIRE_TELEMETRY),
    ("machines", "telemetry", TELEMETRY),
    ("install_machine", "remove_machine", FIRE_REMOVE),
    ("machines", "remove_machine", RIVERSIDE),
    ("install_machine", "suspend_machine", FIRE_SUSPEND),
    ("machines", "suspend_machine", SUSPEND),
    ("install_machine", "resume_machine", FIRE_RESUME),
    ("machines", "resume_machine", MARLOWE_FIX),
    ("install_machine", "planogram", FIRE_PLANOGRAM),
    ("machines", "planogram", PLANOGRAM),
    ("install_machine", "set_selection", cut(FIRE, "set_selection")),
    ("machines", "set_selection", cut(COLLEGE_DARK, "set_selection")),
    ("install_machine", "clear_selection", FIRE_CLEAR),
    ("machines", "clear_selection", cut(CLEAR, "clear_selection")),
    ("install_machine", "publish_planogram", cut(FIRE, "publish_planogram")),
    ("machines", "publish_planogram", CLEAR),
    ("install_machine", "reprice", FIRE_REPRICE),
    ("machines", "reprice", REPRICE),
    ("install_machine", "add_to_route", cut(FIRE, "add_to_route")),
    ("machines", "add_to_route", MOVE),
    ("install_machine", "drop_from_route", FIRE_OFF_ROUTE),
    ("machines", "drop_from_route", cut(MOVE, "drop_from_route")),
    ("install_machine", "restock", cut(FIRE, "restock")),
    ("machines", "restock", cut(HOSPITAL_FILL, "restock")),
    ("install_machine", "log_fault", FIRE_FAULT),
    ("machines", "log_fault", cut(CHILLER, "log_fault")),
    ("machines", "collect_cash", cut(HOSPITAL_CASH, "collect_cash")),
    # planograms
    ("product_range", "set_selection", cut(FIRE, "set_selection")),
    ("set_selection", "publish_planogram", cut(COLLEGE_DARK, "publish_planogram")),
    ("clear_selection", "publish_planogram", CLEAR),
    ("publish_planogram", "add_to_route", cut(FIRE, "add_to_route")),
    ("drop_from_route", "add_to_route", MOVE),
    ("add_to_route", "drop_from_route", FIRE_OFF_ROUTE),
    ("add_to_route", "restock", cut(FIRE, "restock")),
    ("set_selection", "clear_selection", FIRE_CLEAR),
    ("publish_planogram", "reprice", FIRE_REPRICE),
    # routes, the warehouse and the van
    ("routes", "add_to_route", cut(FIRE, "add_to_route")),
    ("routes", "drop_from_route", cut(MOVE, "drop_from_route")),
    ("routes", "build_pick", cut(HOSPITAL_FILL, "build_pick")),
    ("product_range", "goods_in", cut(COLLEGE_DARK, "goods_in")),
    ("warehouse_stock", "goods_in", DARK_IN),
    ("goods_in", "build_pick", COLLEGE_DARK),
    ("build_pick", "load_van", cut(HOSPITAL_FILL, "load_van")),
    ("load_van", "restock", cut(HOSPITAL_FILL, "restock")),
    ("restock", "record_wastage", HOSPITAL_FILL),
    # cash and commission
    ("collect_cash", "count_bag", cut(HOSPITAL_CASH, "count_bag")),
    ("cash_bags", "count_bag", MARLOWE_COUNT),
    ("collect_cash", "bank_bags", cut(HOSPITAL_CASH, "bank_bags")),
    ("cash_bags", "bank_bags", cut(GYM_BANK, "bank_bags")),
    ("count_bag", "bank_bags", cut(HOSPITAL_CASH, "bank_bags")),
    ("bank_bags", "commission_statement", GYM_BANK),
    ("commission_statement", "pay_commission", HOSPITAL_CASH),
    ("collect_cash", "remove_machine", RIVERSIDE),
    # faults
    ("log_fault", "assign_callout", cut(CHILLER, "assign_callout")),
    ("callouts", "assign_callout", GYM_CALLOUT),
    ("engineers", "assign_callout", GYM_CALLOUT),
    ("log_fault", "close_callout", CHILLER),
    ("callouts", "close_callout", cut(MARLOWE_FIX, "close_callout")),
    ("assign_callout", "close_callout", CHILLER),
    ("suspend_machine", "resume_machine", RESUME),
    ("close_callout", "resume_machine", MARLOWE_FIX),
]

_OWN = {"sign_out": [sign_in("sue"), ("sign_out", {"token": S})]}


def _auth_proofs() -> list:
    """A sign-in proof for every call that needs a token: its own short path, else the shortest path above
    that reaches it, cut there."""
    out = []
    for providers, consumer, _ in tools.GROUND_TRUTH:
        if providers == "sign_in":
            reaching = [cut(s, consumer) for _, _, s in _BODY if any(x[0] == consumer for x in s)]
            steps = _OWN.get(consumer) or min(reaching, key=len)
            out.append(("sign_in", consumer, steps))
    return out


PROOFS = _auth_proofs() + _BODY

NON_PREREQUISITES = [
    # the product range is read before the hospital's contact changes
    ("product_range", site("Hospital") + [("product_range", {}),
                                          ("update_site", {"token": K, "site_id": SID, "contact": "Mr Ian Frost"})]),
    # the engineers are read before Marlowe's bag is counted
    ("engineers", [sign_in("kath"), ("cash_bags", {"token": K, "status": "collected"}), ("engineers", {"token": K}),
                   ("count_bag", {"token": K, "bag_id": "$cash_bags.0.bag_id", "counted": 61.40})]),
    # the warehouse's stock is read before a fault is logged on the college's drink machine
    ("warehouse_stock", ALL + [("warehouse_stock", {"token": K}),
                               ("log_fault", {"token": K, "machine_id": mid(4), "fault": "vend_failure",
                                              "notes": "A1 turns but nothing drops"})]),
    # the routes are read before the hospital's cola is repriced
    ("routes", ALL + [("routes", {"token": K}),
                      ("reprice", {"token": K, "machine_id": mid(1), "selection": "A1", "price": 1.40})]),
    # Wes books the dark chocolate in before Kath suspends the college's snack machine
    ("goods_in", ALL + [sign_in("wes"), ("product_range", {}),
                        ("goods_in", {"token": W, "product_code": product("CH-DARK"), "cases": 4,
                                      "best_before": "2032-11-30"}),
                        ("suspend_machine", {"token": K, "machine_id": mid(3), "reason": "Exams"})]),
    # the spare machines are read before the gym is texted
    ("spare_machines", site("Gym") + [("spare_machines", {"token": K}),
                                      ("message_site", {"token": K, "site_id": SID, "channel": "sms",
                                                        "text": "Your card reader is being looked at today."})]),
    # the hospital's file is read before Sue changes its rate
    ("site_file", site("Hospital", "sue") + [("site_file", {"token": S, "site_id": SID}),
                                             ("set_commission", {"token": S, "site_id": SID,
                                                                 "commission_pct": 14.0})]),
]
