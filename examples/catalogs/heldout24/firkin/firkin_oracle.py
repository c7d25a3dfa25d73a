"""Scripted proofs that Firkin's designed prerequisites are real (checked by the checkout's
examples/catalogs/oracle.py, through the package's runtime, which awaits the async tools, converts the
dataclass replies and records the returned ``{"success": false, ...}`` dicts as rejected).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer
fails once every call of the provider is dropped (its outputs replaced by control values). Staff sign
in by first name (``("sign_in", {...}, "nina")``) and pass ``"$nina.token"``; replies are read by
field (``"$open_account.account_id"``, ``"$new_order.order_id"``, ``"$plan_round.run_id"``,
``"$report_ullage.claim_id"``), lists by position and field (``"$find_account.0.account_id"``,
``"$beer_list.3.code"``, ``"$orders_for_day.0.order_id"``, ``"$cask_register.0.cask"``) and nested
lists by field and position (``"$round_calendar.1.next_dates.0"``, ``"$dray_board.drivers.1.driver_id"``,
``"$dray_board.runs.0.run_id"``, ``"$run_sheet.drops.0.order_id"``,
``"$account_statement.casks_out.1.cask"``, ``"$account_statement.invoices.0.balance"``). Every id is
read from a reply; none is written literally.

The day: the Drovers Arms at Hatchley opened, its delivery notes added, its licence checked, credit
terms set, a first order for Wednesday's North villages round (a porter pin put on and taken off
again), confirmed, allocated, planned on a run, a welcome e-mail, the run called off and the order
cancelled; the Fleece's Wednesday order changed to Summer Haze, confirmed, dirty firkins washed,
Summer Haze racked and allocated (or the order cancelled); today's Ludwell run sent out, the Plough's
delivery recorded with two empties back, invoiced and paid, the sour cask claimed, credited and
poured away, the cask out since February charged as lost; the Kings Head's kilderkin allocated, a
second run planned with the van, out and delivered, invoiced and paid in cash; the Bell & Anchor's
April invoice paid and the stop released; the Fleece put on stop and released; the Fleece's cloudy
cask collected and claimed; the Railway Tavern's e-mail address and a message; the Plough's renewed
licence and a higher limit; the Kings Head's Friday order started; today's first run cancelled; the
April duty return drawn up and submitted.
"""

import firkin_tools as tools

WHO = {"nina": ("nina.c", "Cask-Ale-Desk"), "linda": ("linda.o", "Duty-Paid-31"), "tom": ("tom.r", "Shive-And-Spile"),
       "jo": ("jo.t", "Dray-Lane-4"), "mark": ("mark.p", "Est-1874-Brew")}
NINA, LINDA, TOM, JO = "$nina.token", "$linda.token", "$tom.token", "$jo.token"
TODAY, TOMORROW = tools.TODAY, "2031-05-14"


def sign_in(who: str) -> tuple:
    user, password = WHO[who]
    return ("sign_in", {"username": user, "password": password}, who)


def sign_ins(*who: str) -> list:
    return [sign_in(w) for w in who]


def cut(steps: list, upto: str) -> list:
    """The steps up to the first call of ``upto`` (a tool), or up to the step saved as ``upto``."""
    end = next(i for i, s in enumerate(steps) if (s[2] if len(s) > 2 else None) == upto or s[0] == upto)
    return steps[:end + 1]


DA = "$open_account.account_id"
DA_SO = "$new_order.order_id"
NORTH_DAY = "$round_calendar.1.next_dates.0"


def drovers(upto: str) -> list:
    """The Drovers Arms opens an account and places its first order for Wednesday's North villages round."""
    return cut([
        *sign_ins("nina", "linda", "tom", "jo"),
        ("beer_list", {}),
        ("round_calendar", {}),
        ("open_account", {"token": NINA, "pub": "The Drovers Arms", "licensee": "Mr Sam Whitcombe",
                          "address": "Church Lane, Hatchley", "postcode": "LW8 2RT", "phone": "07700 900731",
                          "email": "drovers.hatchley@mail.example", "premises_licence": "LDC/PL/0417", "tied": False}),
        ("update_account", {"token": NINA, "account_id": DA,
                            "delivery_notes": "Cellar hatch in the side yard; ring the bell by the car park door"}),
        ("account_statement", {"token": NINA, "account_id": DA}),
        ("verify_licence", {"token": NINA, "account_id": DA, "licence_number": "LDC/PL/0417", "expires": "2032-01-31"}),
        ("set_credit_terms", {"token": LINDA, "account_id": DA, "terms": "14_days", "credit_limit": 600}),
        ("new_order", {"token": NINA, "account_id": DA, "delivery_day": NORTH_DAY}),
        ("add_order_line", {"token": NINA, "order_id": DA_SO, "beer_code": "$beer_list.0.code", "size": "firkin",
                            "quantity": 2}),
        ("add_order_line", {"token": NINA, "order_id": DA_SO, "beer_code": "$beer_list.2.code", "size": "pin",
                            "quantity": 1}, "porter"),
        ("remove_order_line", {"token": NINA, "order_id": DA_SO, "beer_code": "$porter.lines.1.beer_code",
                               "size": "pin"}),
        ("add_order_line", {"token": NINA, "order_id": DA_SO, "beer_code": "$beer_list.1.code", "size": "firkin",
                            "quantity": 1}, "gold"),
        ("confirm_order", {"token": NINA, "order_id": DA_SO}),
        ("allocate_casks", {"token": TOM, "order_id": DA_SO}),
        ("dray_board", {"token": JO, "day": NORTH_DAY}),
        ("plan_round", {"token": JO, "day": NORTH_DAY, "area": "north", "driver_id": "$dray_board.drivers.0.driver_id",
                        "vehicle": "$dray_board.vehicles.0.vehicle"}),
        ("run_sheet", {"token": JO, "run_id": "$plan_round.run_id"}),
        ("notify_account", {"token": NINA, "account_id": DA, "channel": "email",
                            "message": "Welcome to Hobson & Pyke, Sam. Your first casks come on Wednesday's North "
                                       "villages round; the dray will use the side-yard hatch."}),
        ("cancel_run", {"token": JO, "run_id": "$plan_round.run_id",
                        "reason": "The dray is in for its MOT on Wednesday; North villages move to Thursday"}),
        ("cancel_order", {"token": NINA, "order_id": DA_SO,
                          "reason": "Mr Whitcombe is putting the opening back a week; he will reorder"}),
    ], upto)


FL_SO = "$orders_for_day.0.order_id"


def summer(upto: str) -> list:
    """The Fleece changes Wednesday's order to Summer Haze; the cellar washes firkins and racks it."""
    return cut([
        *sign_ins("nina", "tom"),
        ("beer_list", {}),
        ("orders_for_day", {"token": NINA, "day": TOMORROW}),
        ("add_order_line", {"token": NINA, "order_id": FL_SO, "beer_code": "$beer_list.3.code", "size": "firkin",
                            "quantity": 2}),
        ("remove_order_line", {"token": NINA, "order_id": FL_SO, "beer_code": "$add_order_line.lines.0.beer_code",
                               "size": "firkin"}),
        ("confirm_order", {"token": NINA, "order_id": FL_SO}),
        ("cask_register", {"token": TOM, "cask_state": "dirty", "size": "firkin"}),
        ("wash_casks", {"token": TOM, "casks": ["$cask_register.0.cask", "$cask_register.1.cask"]}),
        ("rack_beer", {"token": TOM, "beer_code": "$beer_list.3.code", "size": "firkin",
                       "casks": ["$cask_register.0.cask", "$cask_register.1.cask"], "gyle": "G-0513"}),
        ("stock_summary", {"token": TOM}),
        ("allocate_casks", {"token": TOM, "order_id": FL_SO}),
    ], upto)


FLEECE_CANCEL = [*sign_ins("nina"), ("orders_for_day", {"token": NINA, "day": TOMORROW}),
                 ("cancel_order", {"token": NINA, "order_id": FL_SO,
                                   "reason": "The Fleece is closed on Wednesday for a family funeral"})]

PL = "$find_account.0.account_id"


def plough(upto: str) -> list:
    """Today's Ludwell run: the Plough delivered with empties back, invoiced and paid, a sour cask, a lost cask."""
    return cut([
        *sign_ins("jo", "linda", "tom"),
        ("find_account", {"token": JO, "text": "Plough"}),
        ("account_statement", {"token": JO, "account_id": PL}),
        ("dray_board", {"token": JO, "day": TODAY}),
        ("run_sheet", {"token": JO, "run_id": "$dray_board.runs.0.run_id"}),
        ("dispatch_run", {"token": JO, "run_id": "$dray_board.runs.0.run_id"}),
        ("record_delivery", {"token": JO, "order_id": "$run_sheet.drops.0.order_id", "received_by": "Jean Hollis",
                             "empties": ["$account_statement.casks_out.1.cask", "$account_statement.casks_out.2.cask"]}),
        ("invoice_order", {"token": LINDA, "order_id": "$run_sheet.drops.0.order_id"}),
        ("take_payment", {"token": LINDA, "invoice_id": "$invoice_order.invoice_id", "amount": "$invoice_order.total",
                          "method": "bacs"}),
        ("report_ullage", {"token": TOM, "account_id": PL, "cask": "$account_statement.casks_out.1.cask", "litres": 22.0,
                           "reason": "sour"}),
        ("decide_ullage", {"token": LINDA, "claim_id": "$report_ullage.claim_id", "accept": True,
                           "note": "Tom tasted it: acetic, a cellar fault at the pub is unlikely; credit the beer"}),
        ("destroy_beer", {"token": TOM, "claim_id": "$report_ullage.claim_id", "witness": "Mark Pyke, managing director"}),
        ("charge_lost_cask", {"token": LINDA, "account_id": PL, "cask": "$account_statement.casks_out.0.cask",
                              "note": "Tanners Gold firkin delivered 20 February and never returned"}),
        ("cask_history", {"token": LINDA, "cask": "$account_statement.casks_out.0.cask"}),
    ], upto)


KH_OUT, KH_DONE = "$out.0.order_id", "$delivered.0.order_id"


def kings(upto: str) -> list:
    """The Kings Head's kilderkin: allocated, a second Ludwell run on the van, out, delivered, invoiced, paid."""
    return cut([
        *sign_ins("tom", "jo", "linda"),
        ("orders_for_day", {"token": TOM, "day": TODAY, "status": "confirmed"}),
        ("allocate_casks", {"token": TOM, "order_id": "$orders_for_day.0.order_id"}),
        ("dray_board", {"token": JO, "day": TODAY}),
        ("plan_round", {"token": JO, "day": TODAY, "area": "ludwell", "driver_id": "$dray_board.drivers.1.driver_id",
                        "vehicle": "$dray_board.vehicles.1.vehicle"}),
        ("run_sheet", {"token": JO, "run_id": "$plan_round.run_id"}),
        ("dispatch_run", {"token": JO, "run_id": "$plan_round.run_id"}),
        ("orders_for_day", {"token": JO, "day": TODAY, "status": "out_for_delivery"}, "out"),
        ("record_delivery", {"token": JO, "order_id": KH_OUT, "received_by": "Neville Orme"}),
        ("orders_for_day", {"token": LINDA, "day": TODAY, "status": "delivered"}, "delivered"),
        ("invoice_order", {"token": LINDA, "order_id": KH_DONE}),
        ("take_payment", {"token": LINDA, "invoice_id": "$invoice_order.invoice_id", "amount": "$invoice_order.total",
                          "method": "cash"}),
    ], upto)


BELL = [*sign_ins("linda"), ("find_account", {"token": LINDA, "text": "Bell"}),
        ("account_statement", {"token": LINDA, "account_id": PL}),
        ("take_payment", {"token": LINDA, "invoice_id": "$account_statement.invoices.0.invoice_id",
                          "amount": "$account_statement.invoices.0.balance", "method": "card"}),
        ("release_stop", {"token": LINDA, "account_id": PL, "note": "April invoice paid by card; off stop"})]

FLEECE_STOP = [*sign_ins("linda"), ("find_account", {"token": LINDA, "text": "Fleece"}),
               ("put_on_stop", {"token": LINDA, "account_id": PL, "reason": "Two cheques returned unpaid in April"}),
               ("release_stop", {"token": LINDA, "account_id": PL,
                                 "note": "Bank transfer received and the cheques made good"})]

FLEECE_EMPTIES = [*sign_ins("jo", "tom"), ("find_account", {"token": JO, "text": "Fleece"}),
                  ("account_statement", {"token": JO, "account_id": PL}),
                  ("collect_empties", {"token": JO, "account_id": PL, "casks": ["$account_statement.casks_out.0.cask"]}),
                  ("report_ullage", {"token": TOM, "account_id": PL, "cask": "$account_statement.casks_out.0.cask",
                                     "litres": 9.0, "reason": "cloudy"})]

RAILWAY = [*sign_ins("nina"), ("find_account", {"token": NINA, "text": "Railway"}),
           ("update_account", {"token": NINA, "account_id": PL, "email": "railway.chatham@mail.example"}),
           ("notify_account", {"token": NINA, "account_id": PL, "channel": "email",
                               "message": "Carol, Thursday's City round brings your two firkins of Tanners Gold; "
                                          "please have K-1083 ready to go back."})]

PLOUGH_ADMIN = [*sign_ins("nina", "linda"), ("find_account", {"token": NINA, "text": "Plough"}),
                ("verify_licence", {"token": NINA, "account_id": PL, "licence_number": "LDC/PL/0112",
                                    "expires": "2032-05-31"}),
                ("set_credit_terms", {"token": LINDA, "account_id": PL, "terms": "30_days", "credit_limit": 2000})]

KINGS_FRIDAY = [*sign_ins("nina"), ("round_calendar", {}), ("find_account", {"token": NINA, "text": "Kings Head"}),
                ("new_order", {"token": NINA, "account_id": PL, "delivery_day": "$round_calendar.0.next_dates.0"})]

CANCEL_RUN = [*sign_ins("jo"), ("dray_board", {"token": JO, "day": TODAY}),
              ("cancel_run", {"token": JO, "run_id": "$dray_board.runs.0.run_id",
                              "reason": "The dray's tail lift has failed; the Plough goes on the Friday round"})]

DUTY = [*sign_ins("linda"), ("duty_return", {"token": LINDA, "period": "2031-04"}),
        ("submit_duty_return", {"token": LINDA, "return_id": "$duty_return.return_id",
                                "declared_by": "Linda Osei, finance manager"})]

_BODY = []


def _add(provider: str, consumer: str, steps: list) -> None:
    _BODY.append((provider, consumer, steps))


# accounts
_FOUND = {"update_account": cut(RAILWAY, "update_account"), "account_statement": plough("account_statement"),
          "verify_licence": cut(PLOUGH_ADMIN, "verify_licence"), "set_credit_terms": PLOUGH_ADMIN,
          "new_order": KINGS_FRIDAY, "notify_account": RAILWAY}
for _c in tools.ACCOUNT_CONSUMERS:
    _add("open_account", _c, drovers(_c))
    _add("find_account", _c, _FOUND[_c])
_FOUND_ONLY = {"put_on_stop": cut(FLEECE_STOP, "put_on_stop"), "release_stop": BELL,
               "collect_empties": cut(FLEECE_EMPTIES, "collect_empties"), "report_ullage": plough("report_ullage"),
               "charge_lost_cask": plough("charge_lost_cask")}
for _c in tools.FOUND_ACCOUNT_CONSUMERS:
    _add("find_account", _c, _FOUND_ONLY[_c])

# orders and runs
_LISTED = {"add_order_line": summer("add_order_line"), "remove_order_line": summer("remove_order_line"),
           "confirm_order": summer("confirm_order"), "cancel_order": FLEECE_CANCEL,
           "allocate_casks": kings("allocate_casks")}
for _c in tools.ORDER_CONSUMERS:
    _add("new_order", _c, drovers(_c))
    _add("orders_for_day", _c, _LISTED[_c])
_BOARD = {"run_sheet": plough("run_sheet"), "dispatch_run": plough("dispatch_run"), "cancel_run": CANCEL_RUN}
_PLANNED = {"run_sheet": kings("run_sheet"), "dispatch_run": kings("dispatch_run"), "cancel_run": drovers("cancel_run")}
for _c in tools.RUN_CONSUMERS:
    _add("plan_round", _c, _PLANNED[_c])
    _add("dray_board", _c, _BOARD[_c])
_add("run_sheet", "record_delivery", plough("record_delivery"))
_add("orders_for_day", "record_delivery", kings("record_delivery"))
_add("run_sheet", "invoice_order", plough("invoice_order"))
_add("orders_for_day", "invoice_order", kings("invoice_order"))

# casks, claims, money, duty
_CASK_OUT = {"record_delivery": plough("record_delivery"), "collect_empties": cut(FLEECE_EMPTIES, "collect_empties"),
             "report_ullage": plough("report_ullage"), "charge_lost_cask": plough("charge_lost_cask")}
for _c in tools.CASK_OUT_CONSUMERS:
    _add("account_statement", _c, _CASK_OUT[_c])
_add("cask_register", "wash_casks", summer("wash_casks"))
_add("cask_register", "rack_beer", summer("rack_beer"))
_add("report_ullage", "decide_ullage", plough("decide_ullage"))
_add("report_ullage", "destroy_beer", plough("destroy_beer"))
_add("invoice_order", "take_payment", plough("take_payment"))
_add("account_statement", "take_payment", cut(BELL, "take_payment"))
_add("duty_return", "submit_duty_return", DUTY)

# vocabularies
_add("beer_list", "add_order_line", drovers("add_order_line"))
_add("beer_list", "rack_beer", summer("rack_beer"))
_add("round_calendar", "new_order", drovers("new_order"))
_add("dray_board", "plan_round", kings("plan_round"))

# states
_add("verify_licence", "new_order", drovers("new_order"))
_add("verify_licence", "set_credit_terms", drovers("set_credit_terms"))
_add("set_credit_terms", "confirm_order", drovers("confirm_order"))
_add("add_order_line", "remove_order_line", drovers("remove_order_line"))
_add("add_order_line", "confirm_order", drovers("confirm_order"))
_add("confirm_order", "allocate_casks", drovers("allocate_casks"))
_add("wash_casks", "rack_beer", summer("rack_beer"))
_add("rack_beer", "allocate_casks", summer("allocate_casks"))
_add("allocate_casks", "plan_round", kings("plan_round"))
_add("dispatch_run", "record_delivery", plough("record_delivery"))
_add("record_delivery", "invoice_order", plough("invoice_order"))
_add("record_delivery", "report_ullage", plough("report_ullage"))
_add("collect_empties", "report_ullage", FLEECE_EMPTIES)
_add("decide_ullage", "destroy_beer", plough("destroy_beer"))
_add("take_payment", "release_stop", BELL)
_add("put_on_stop", "release_stop", FLEECE_STOP)
_add("update_account", "notify_account", RAILWAY)

_OWN = {"sign_out": [sign_in("mark"), ("sign_out", {"token": "$mark.token"})],
        "cask_history": plough("cask_history")}


def _auth_proofs() -> list:
    """A sign-in proof for every call that needs a token: its own short path, else the shortest path above
    that reaches it, cut there."""
    out = []
    for providers, consumer, _ in tools.GROUND_TRUTH:
        if providers == "sign_in":
            steps = _OWN.get(consumer) or min((cut(s, consumer) for _, _, s in _BODY if any(x[0] == consumer for x in s)),
                                              key=len)
            out.append(("sign_in", consumer, steps))
    return out


PROOFS = _auth_proofs() + _BODY

NON_PREREQUISITES = [
    ("beer_list", drovers("verify_licence")),
    ("account_statement", drovers("verify_licence")),
    ("update_account", drovers("set_credit_terms")),
    ("stock_summary", summer("allocate_casks")),
    ("run_sheet", plough("dispatch_run")),
    ("account_statement", plough("dispatch_run")),
    ("round_calendar", drovers("open_account")),
]
