"""Scripted proofs that Wardrobe's designed prerequisites are real (checked by the checkout's
examples/catalogs/oracle.py, through the package's runtime, which awaits the async handlers, converts
the dataclass replies and reads a returned ``"Error: ..."`` string as a rejection by its common
conventions).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer
fails once every call of the provider is dropped (its outputs replaced by control values). Staff sign
in by first name (``("desk_login", {...}, "maggie")``) and pass the token field
(``"$maggie.token"``); dataclasses are read by field (``"$register_hirer.hirer_id"``,
``"$create_hire_order.order_no"``, ``"$quote_order.deposit"``, ``"$get_order.items.2.item_id"``,
``"$get_order.fittings.0.fitting_id"``, ``"$get_hirer.productions.1.production_id"``), lists of them
by position and field (``"$search_stock.0.item_id"``, ``"$list_orders.0.order_no"``,
``"$hire_rates.0.code"``, ``"$list_alterations.0.alteration_id"``) and the bare list of free fitting
times by index (``"$list_fitting_slots.0"``). Every id is read from a reply; none is written literally.

Three orders run their course: the Knaresborough Players, registered now, hire two Victorian gowns for
Lady Windermere's Fan, from the quote to the paid invoice (a fitting, an alteration, a damage
report and a write-off on the way); the Ripon society's accepted order for The Pirates of Penzance,
picked from the list, from its deposit through the booked fitting, an alteration, packing, dispatch
and return to payment; and St Peter's School's draft order for Oliver!, picked from the list, gets
its workhouse boys, a quote and a fitting. Moorside Films gives an order for a second production
found through the hirer, and the return of the film's 1940s costumes.
"""

import wardrobe_tools as tools

WHO = {"maggie": ("maggie@castlegate.example", "Velvet-3301"), "devika": ("devika@castlegate.example", "Taffeta-8812"),
       "owen": ("owen@castlegate.example", "Ledger-4470")}
M, D, O = "$maggie.token", "$devika.token", "$owen.token"


def login(who: str) -> tuple:
    email, password = WHO[who]
    return ("desk_login", {"email": email, "password": password}, who)


def cut(steps: list, upto: str) -> list:
    end = next(i for i, s in enumerate(steps) if s[0] == upto)
    return steps[:end + 1]


def _with(steps: list, before: str, extra: list) -> list:
    i = next(i for i, s in enumerate(steps) if s[0] == before)
    return steps[:i] + extra + steps[i:]


def knaresborough() -> list:
    """The new hirer's order, every id from its own provider, to the paid invoice."""
    order, g0, g1 = "$create_hire_order.order_no", "$search_stock.0.item_id", "$search_stock.1.item_id"
    return [
        ("hire_rates", {}),
        login("maggie"),
        ("register_hirer", {"token": M, "name": "Knaresborough Players", "kind": "amateur_society",
                            "contact_name": "Gwen Ashby", "email": "gwen.ashby@example.com", "phone": "01423 555 0187"}),
        ("create_production", {"token": M, "hirer_id": "$register_hirer.hirer_id", "title": "Lady Windermere's Fan",
                               "venue": "Frazer Theatre, Knaresborough", "opening_night": "2029-11-27",
                               "closing_night": "2029-11-30"}),
        ("get_hirer", {"token": M, "hirer_id": "$register_hirer.hirer_id"}),
        ("create_hire_order", {"token": M, "production_id": "$create_production.production_id",
                               "collect_on": "2029-11-22", "return_by": "2029-12-03"}),
        ("search_stock", {"token": M, "category": "$hire_rates.0.code", "period": "victorian", "available_only": True}),
        ("add_items_to_order", {"token": M, "order_no": order, "item_ids": [g0, g1]}),
        ("get_item", {"token": M, "item_id": g0}),
        ("add_order_note", {"token": M, "order_no": order, "text": "Gwen to bring the cast list to the fitting"}),
        ("quote_order", {"token": M, "order_no": order}),
        ("accept_quote", {"token": M, "quote_id": "$quote_order.quote_id", "damage_waiver": True,
                          "accepted_by": "Gwen Ashby"}),
        login("owen"),
        ("take_deposit", {"token": O, "order_no": order, "amount": "$quote_order.deposit", "method": "card"}),
        ("list_fitting_slots", {"token": M, "day": "2029-10-18"}),
        ("book_fitting", {"token": M, "order_no": order, "day": "2029-10-18", "time": "$list_fitting_slots.0",
                          "performers": ["Gwen Ashby", "Clare Dunn"]}),
        login("devika"),
        ("record_fitting", {"token": D, "fitting_id": "$book_fitting.fitting_id", "attended_by": ["Gwen Ashby", "Clare Dunn"],
                            "notes": "Burgundy gown fits Gwen; ivory gown loose on Clare at the waist"}),
        ("request_alteration", {"token": D, "order_no": order, "item_id": g1, "performer": "Clare Dunn",
                                "work": "Take in the bodice 2 cm at the waist seams", "minutes": 90}),
        ("complete_alteration", {"token": D, "alteration_id": "$request_alteration.alteration_id", "done_by": "Devika Rao"}),
        ("pack_order", {"token": D, "order_no": order}),
        ("get_order", {"token": M, "order_no": order}),
        ("dispatch_order", {"token": M, "order_no": order, "method": "collection", "handed_to": "Gwen Ashby"}),
        ("send_return_reminder", {"token": M, "order_no": order}),
        ("extend_hire", {"token": M, "order_no": order, "new_return_by": "2029-12-05",
                         "reason": "Extra matinee on 1 December"}),
        ("check_in_return", {"token": D, "order_no": order, "item_ids": [g0, g1]}),
        ("record_damage", {"token": D, "order_no": order, "item_id": g1,
                           "description": "Silk split along the back seam, beyond repair", "charge": 120.0}),
        ("write_off_item", {"token": D, "damage_report_no": "$record_damage.report_no",
                            "reason": "Silk perished; the split cannot be mended"}),
        ("send_to_laundry", {"token": D, "item_ids": [g0], "service": "dry_clean"}),
        ("laundry_done", {"token": D, "batch_no": "$send_to_laundry.batch_no"}),
        ("issue_final_invoice", {"token": O, "order_no": order}),
        ("record_payment", {"token": O, "invoice_no": "$issue_final_invoice.invoice_no",
                            "amount": "$issue_final_invoice.balance", "method": "bacs"}),
    ]


def ripon() -> list:
    """The Pirates of Penzance order picked from the accepted orders; its deposit, fitting and costumes
    read from the order."""
    order = "$list_orders.0.order_no"
    items = [f"$get_order.items.{i}.item_id" for i in range(4)]
    return [
        login("maggie"),
        ("list_orders", {"token": M, "status": "accepted"}),
        ("get_order", {"token": M, "order_no": order}),
        login("owen"),
        ("take_deposit", {"token": O, "order_no": order, "amount": "$get_order.deposit_due", "method": "cheque"}),
        login("devika"),
        ("record_fitting", {"token": D, "fitting_id": "$get_order.fittings.0.fitting_id",
                            "attended_by": ["Jim Ferris", "Alan Booth"],
                            "notes": "Major-General's jacket tight across the chest"}),
        ("request_alteration", {"token": D, "order_no": order, "item_id": items[2], "performer": "Jim Ferris",
                                "work": "Let out the jacket 3 cm at the side seams", "minutes": 120}),
        ("list_alterations", {"token": D, "order_no": order}),
        ("complete_alteration", {"token": D, "alteration_id": "$list_alterations.0.alteration_id",
                                 "done_by": "Devika Rao"}),
        ("pack_order", {"token": D, "order_no": order}),
        ("dispatch_order", {"token": M, "order_no": order, "method": "courier", "handed_to": "DPD 15501234"}),
        ("send_return_reminder", {"token": M, "order_no": order}),
        ("extend_hire", {"token": M, "order_no": order, "new_return_by": "2029-12-01",
                         "reason": "Society's photo call on 30 November"}),
        ("check_in_return", {"token": D, "order_no": order, "item_ids": items}),
        ("record_damage", {"token": D, "order_no": order, "item_id": items[1],
                           "description": "Helmet badge missing", "charge": 25.0}),
        ("send_to_laundry", {"token": D, "item_ids": [items[0], items[2], items[3]], "service": "wash"}),
        ("issue_final_invoice", {"token": O, "order_no": order}),
        ("record_payment", {"token": O, "invoice_no": "$issue_final_invoice.invoice_no", "amount": 100.0,
                            "method": "card"}),
    ]


def school() -> list:
    """St Peter's draft order for Oliver! picked from the list: workhouse boys, a quote and a fitting."""
    order = "$list_orders.0.order_no"
    return [
        ("hire_rates", {}),
        login("maggie"),
        ("list_orders", {"token": M, "status": "draft"}),
        ("search_stock", {"token": M, "category": "$hire_rates.3.code", "period": "victorian", "available_only": True}),
        ("add_items_to_order", {"token": M, "order_no": order,
                                "item_ids": ["$search_stock.0.item_id", "$search_stock.1.item_id"]}),
        ("add_order_note", {"token": M, "order_no": order, "text": "Two boys for now; eight more if stock allows"}),
        ("quote_order", {"token": M, "order_no": order}),
        ("accept_quote", {"token": M, "quote_id": "$quote_order.quote_id", "damage_waiver": False,
                          "accepted_by": "Tom Halloran"}),
        ("list_fitting_slots", {"token": M, "day": "2029-10-19"}),
        ("book_fitting", {"token": M, "order_no": order, "day": "2029-10-19", "time": "$list_fitting_slots.1",
                          "performers": ["Sam Okoro", "Leo Barnes"]}),
    ]


def moorside_new() -> list:
    """Moorside Films found by name; an order for its second production, read from the hirer."""
    return [login("maggie"), ("find_hirer", {"token": M, "name": "Moorside"}),
            ("get_hirer", {"token": M, "hirer_id": "$find_hirer.0.hirer_id"}),
            ("create_hire_order", {"token": M, "production_id": "$get_hirer.productions.1.production_id",
                                   "collect_on": "2029-11-09", "return_by": "2029-11-19"})]


def moorside_back() -> list:
    """The film's 1940s costumes, on hire and a day late, checked in from the order."""
    order = "$list_orders.0.order_no"
    return [login("devika"), ("list_orders", {"token": D, "status": "on_hire"}),
            ("get_order", {"token": D, "order_no": order}),
            ("check_in_return", {"token": D, "order_no": order,
                                 "item_ids": [f"$get_order.items.{i}.item_id" for i in range(3)]}),
            ("record_damage", {"token": D, "order_no": order, "item_id": "$get_order.items.2.item_id",
                               "description": "Hem torn along 20 cm", "charge": 30.0})]


def cancel(how: str) -> list:
    if how == "create":
        return cut(knaresborough(), "create_hire_order") + [
            ("cancel_order", {"token": M, "order_no": "$create_hire_order.order_no",
                              "reason": "The Players have found costumes locally"})]
    return [login("maggie"), ("list_orders", {"token": M, "status": "draft"}),
            ("cancel_order", {"token": M, "order_no": "$list_orders.0.order_no",
                              "reason": "The school has postponed Oliver! to the spring"})]


def remove(how: str) -> list:
    if how == "create":
        return cut(knaresborough(), "add_items_to_order") + [
            ("remove_item_from_order", {"token": M, "order_no": "$create_hire_order.order_no",
                                        "item_id": "$search_stock.1.item_id"})]
    return [login("maggie"), ("list_orders", {"token": M, "status": "accepted"}),
            ("get_order", {"token": M, "order_no": "$list_orders.0.order_no"}),
            ("remove_item_from_order", {"token": M, "order_no": "$list_orders.0.order_no",
                                        "item_id": "$get_order.items.3.item_id"})]


LISTED = {"get_order": ripon, "add_items_to_order": school, "add_order_note": school, "quote_order": school,
          "take_deposit": ripon, "book_fitting": school, "request_alteration": ripon, "pack_order": ripon,
          "dispatch_order": ripon, "send_return_reminder": ripon, "extend_hire": ripon, "check_in_return": ripon,
          "issue_final_invoice": ripon}

_BODY = []


def _add(provider: str, consumer: str, steps: list) -> None:
    _BODY.append((provider, consumer, steps))


for _c in tools.ORDER_CONSUMERS:
    if _c == "cancel_order":
        _add("create_hire_order", _c, cancel("create"))
        _add("list_orders", _c, cancel("list"))
    elif _c == "remove_item_from_order":
        _add("create_hire_order", _c, remove("create"))
        _add("list_orders", _c, remove("list"))
    else:
        _add("create_hire_order", _c, cut(knaresborough(), _c))
        _add("list_orders", _c, cut(LISTED[_c](), _c))
for _c in tools.ON_ORDER_CONSUMERS:
    if _c == "remove_item_from_order":
        _add("search_stock", _c, remove("create"))
        _add("get_order", _c, remove("list"))
    else:
        _add("search_stock", _c, cut(knaresborough(), _c))
        _add("get_order", _c, cut(ripon(), _c))
_add("register_hirer", "get_hirer", cut(knaresborough(), "get_hirer"))
_add("find_hirer", "get_hirer", cut(moorside_new(), "get_hirer"))
_add("register_hirer", "create_production", cut(knaresborough(), "create_production"))
_add("find_hirer", "create_production", [login("maggie"), ("find_hirer", {"token": M, "name": "Ripon"}),
                                         ("create_production", {"token": M, "hirer_id": "$find_hirer.0.hirer_id",
                                                                "title": "The Gondoliers", "venue": "Ripon Arts Hub",
                                                                "opening_night": "2030-04-22",
                                                                "closing_night": "2030-04-26"})])
for _c in tools.OUT_CONSUMERS:
    _add("dispatch_order", _c, cut(knaresborough(), _c))
for _c in tools.BACK_CONSUMERS:
    _add("check_in_return", _c, cut(knaresborough(), _c))
_add("search_stock", "get_item", cut(knaresborough(), "get_item"))
_add("search_stock", "add_items_to_order", cut(school(), "add_items_to_order"))
_add("create_production", "create_hire_order", cut(knaresborough(), "create_hire_order"))
_add("get_hirer", "create_hire_order", moorside_new())
_add("quote_order", "accept_quote", cut(school(), "accept_quote"))
_add("quote_order", "take_deposit", cut(knaresborough(), "take_deposit"))
_add("get_order", "take_deposit", cut(ripon(), "take_deposit"))
_add("book_fitting", "record_fitting", cut(knaresborough(), "record_fitting"))
_add("get_order", "record_fitting", cut(ripon(), "record_fitting"))
_add("list_fitting_slots", "book_fitting", cut(school(), "book_fitting"))
_add("hire_rates", "search_stock", cut(knaresborough(), "search_stock"))
_add("request_alteration", "complete_alteration", cut(knaresborough(), "complete_alteration"))
_add("list_alterations", "complete_alteration", cut(ripon(), "complete_alteration"))
_add("send_to_laundry", "laundry_done", cut(knaresborough(), "laundry_done"))
_add("issue_final_invoice", "record_payment", ripon())
_add("record_damage", "write_off_item", cut(knaresborough(), "write_off_item"))
_add("add_items_to_order", "quote_order", cut(knaresborough(), "quote_order"))
_add("accept_quote", "take_deposit", cut(knaresborough(), "take_deposit"))
_add("accept_quote", "book_fitting", cut(school(), "book_fitting"))
_add("record_fitting", "request_alteration", cut(knaresborough(), "request_alteration"))
_add("take_deposit", "pack_order", cut(ripon(), "pack_order"))
_add("complete_alteration", "pack_order", cut(knaresborough(), "pack_order"))
_add("pack_order", "dispatch_order", cut(ripon(), "dispatch_order"))

_OWN = {"desk_logout": [login("owen"), ("desk_logout", {"token": O})],
        "find_hirer": cut(moorside_new(), "find_hirer"),
        "list_orders": [login("devika"), ("list_orders", {"token": D, "status": "on_hire"})],
        "get_order": cut(moorside_back(), "get_order")}


def _auth_proofs() -> list:
    """A sign-in proof for every call that needs a token: its own short path, else the first path above
    that reaches it, cut there."""
    out = []
    for providers, consumer, _ in tools.GROUND_TRUTH:
        if providers == "desk_login":
            steps = _OWN.get(consumer) or next(cut(s, consumer) for _, _, s in _BODY if any(x[0] == consumer for x in s))
            out.append(("desk_login", consumer, steps))
    return out


PROOFS = _auth_proofs() + _BODY

NON_PREREQUISITES = [
    ("get_item", _with(cut(knaresborough(), "add_items_to_order"), "add_items_to_order",
                       [("get_item", {"token": M, "item_id": "$search_stock.0.item_id"})])),
    ("add_order_note", cut(school(), "quote_order")),
    ("send_return_reminder", cut(knaresborough(), "check_in_return")),
    ("list_alterations", _with(cut(knaresborough(), "pack_order"), "pack_order",
                               [("list_alterations", {"token": D, "order_no": "$create_hire_order.order_no",
                                                      "open_only": False})])),
    ("get_hirer", cut(knaresborough(), "create_hire_order")),
    ("record_damage", cut(knaresborough(), "issue_final_invoice")),
    ("laundry_done", cut(knaresborough(), "issue_final_invoice")),
]
