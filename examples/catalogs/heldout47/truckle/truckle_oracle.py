"""Scripted proofs that Truckle's designed prerequisites are real (checked by the checkout's examples/catalogs/oracle.py
through the package's runtime, which reads a reply beginning ``Error:`` as a refusal; the tools are coroutines, so the
proofs run through the runtime alone).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer fails once every
call of the provider is dropped (its outputs replaced by control values). Staff sign in by first name (``("sign_in",
{...}, "barnabas")``) and pass ``"$barnabas.token"``; replies are read by field (``"$record_collection.collection_id"``,
``"$start_make.batch_id"``, ``"$open_account.customer_id"``, ``"$place_order.order_id"``,
``"$invoice_order.invoice_id"``), list entries by position and field (``"$farms.3.farm_id"``,
``"$collections.2.collection_id"``, ``"$batches.0.batch_id"``, ``"$find_customer.0.customer_id"``,
``"$orders.1.order_id"``, ``"$invoices.0.invoice_id"``), rows by row and column (``"$vats.0.0"``,
``"$recipes.0.0"``, ``"$store_map.5.0"``, ``"$price_list.rows.4.0"``). The positions follow the fresh state's order
(records by id, shelves in the store's order, each list filtered as the call asks). Every id and code is read from a
reply; none is written literally (names, addresses, e-mail addresses, litres, temperatures, tankers, culture lots,
millilitres, pH readings, cheeses, laboratory references, grades, notes, dates, quantities, amounts, reasons and
messages are written as the staff are told them).

The day: Fieldfare's milk is taken in and tested, Pennycress's second load tested; a mature cheddar is made in V1 from
start to shelf; V2's cheddar gets its starter and rennet; V3's crumbly is milled, moulded and stored; yesterday's red
goes on its shelf; the blue is turned and graded, the January crumbly cleared by the laboratory, the vintage cheddar
cleared and released, another batch held and released; Woodruff's Pantry and a trade customer open accounts, Capstan
is given credit; orders are opened, given lines, allocated, paid, booked, despatched, cancelled and invoiced, and an
invoice is paid.
"""

import truckle_tools as tools

WHO = {"marigold": ("marigold.p", "Bulk-Tank-38"), "barnabas": ("barnabas.c", "Curd-Knife-52"),
       "jennet": ("jennet.o", "Cheese-Iron-17"), "leofric": ("leofric.h", "Deli-Round-86"),
       "letitia": ("letitia.g", "Day-Book-44"), "hesketh": ("hesketh.m", "Press-House-29")}
MT, BT, TT, LT, VT = "$marigold.token", "$barnabas.token", "$jennet.token", "$leofric.token", "$letitia.token"
TODAY, SATURDAY, TUESDAY = "2051-03-16", "2051-03-18", "2051-03-21"


def sign_in(who: str) -> tuple:
    user, password = WHO[who]
    return ("sign_in", {"username": user, "password": password}, who)


def cut(steps: list, upto: str) -> list:
    """The steps up to the first call of ``upto`` (a tool), or up to the step saved as ``upto``."""
    end = next(i for i, s in enumerate(steps) if (s[2] if len(s) > 2 else None) == upto or s[0] == upto)
    return steps[:end + 1]


# ---- milk intake and the make room

FIELDFARE = [sign_in("marigold"), ("farms", {"token": MT}),
             ("record_collection", {"token": MT, "farm_id": "$farms.3.farm_id", "litres": 2300, "temperature_c": 3.4,
                                    "tanker": "Tanker 2"}),
             ("test_milk", {"token": MT, "collection_id": "$record_collection.collection_id", "result": "clear"}),
             sign_in("barnabas"), ("vats", {"token": BT}), ("recipes", {"token": BT}),
             ("start_make", {"token": BT, "vat": "$vats.0.0", "recipe": "$recipes.2.0",
                             "collection_ids": ["$record_collection.collection_id"]})]
PENNYCRESS = [sign_in("marigold"), ("collections", {"token": MT, "untested_only": True}),
              ("test_milk", {"token": MT, "collection_id": "$collections.0.collection_id", "result": "clear"}),
              sign_in("barnabas"), ("vats", {"token": BT}), ("recipes", {"token": BT}),
              ("start_make", {"token": BT, "vat": "$vats.0.0", "recipe": "$recipes.4.0",
                              "collection_ids": ["$collections.0.collection_id"]})]
# a mature cheddar in V1 from Lower Dunnock's clear load, from the vat to the shelf
V1 = "$start_make.batch_id"
CHEDDAR = [sign_in("barnabas"), ("collections", {"token": BT}), ("vats", {"token": BT}), ("recipes", {"token": BT}),
           ("start_make", {"token": BT, "vat": "$vats.0.0", "recipe": "$recipes.0.0",
                           "collection_ids": ["$collections.2.collection_id"]}),
           ("batch_record", {"token": BT, "batch_id": V1}),
           ("add_starter", {"token": BT, "batch_id": V1, "culture_lot": "RA-21, lot 5522"}),
           ("add_rennet", {"token": BT, "batch_id": V1, "millilitres": 560}),
           ("record_ph", {"token": BT, "batch_id": V1, "ph": 5.38}),
           ("mould_batch", {"token": BT, "batch_id": V1, "cheeses": 130, "mould": "2"}),
           ("store_map", {"token": BT}),
           ("into_store", {"token": BT, "batch_id": V1, "shelf": "$store_map.5.0"})]
# V2's cheddar (filled at half past six): its starter and rennet
V2 = [sign_in("barnabas"), ("batches", {"token": BT, "status": "in_vat"}),
      ("batch_record", {"token": BT, "batch_id": "$batches.0.batch_id"}),
      ("add_starter", {"token": BT, "batch_id": "$batches.0.batch_id", "culture_lot": "RA-21, lot 5521"}),
      ("add_rennet", {"token": BT, "batch_id": "$batches.0.batch_id", "millilitres": 520})]
# V3's crumbly: milled, moulded and stored
V3 = [sign_in("barnabas"), ("batches", {"token": BT, "status": "in_vat"}),
      ("record_ph", {"token": BT, "batch_id": "$batches.1.batch_id", "ph": 5.42}),
      ("mould_batch", {"token": BT, "batch_id": "$batches.1.batch_id", "cheeses": 100, "mould": "2"}),
      ("store_map", {"token": BT}), ("into_store", {"token": BT, "batch_id": "$batches.1.batch_id",
                                                   "shelf": "$store_map.5.0"})]
# yesterday's Ruddock Red out of the press and onto B1
RED = [sign_in("jennet"), ("batches", {"token": TT, "status": "moulded"}), ("store_map", {"token": TT}),
       ("into_store", {"token": TT, "batch_id": "$batches.0.batch_id", "shelf": "$store_map.3.0"})]

# ---- the maturing store

TURNED = [sign_in("jennet"), ("batches", {"token": TT, "status": "maturing"}),
          ("turn_batch", {"token": TT, "batch_id": "$batches.0.batch_id"})]
GRADED = [sign_in("jennet"), ("batches", {"token": TT, "status": "maturing"}),
          ("grade_batch", {"token": TT, "batch_id": "$batches.0.batch_id", "grade": "first",
                           "notes": "Blue veining even, creamy"})]
CRUMBLY_CLEARED = [sign_in("jennet"), ("batches", {"token": TT, "status": "graded"}),
                   ("record_lab_result", {"token": TT, "batch_id": "$batches.3.batch_id", "test": "listeria",
                                          "result": "not_detected", "lab_reference": "WDL-45120"})]
VINTAGE = [sign_in("jennet"), ("batches", {"token": TT, "status": "on_hold"}),
           ("record_lab_result", {"token": TT, "batch_id": "$batches.0.batch_id", "test": "listeria",
                                  "result": "not_detected", "lab_reference": "WDL-45133"}),
           ("release_batch", {"token": TT, "batch_id": "$batches.0.batch_id"})]
RED_HELD = [sign_in("jennet"), ("batches", {"token": TT, "status": "graded"}),
            ("hold_batch", {"token": TT, "batch_id": "$batches.2.batch_id",
                            "reason": "A cheese on the shelf edge has a split rind; swabbed"}),
            ("record_lab_result", {"token": TT, "batch_id": "$batches.2.batch_id", "test": "listeria",
                                   "result": "not_detected", "lab_reference": "WDL-45140"}),
            ("release_batch", {"token": TT, "batch_id": "$batches.2.batch_id"})]

# ---- customers and orders

PELLOW = [sign_in("leofric"), ("find_customer", {"token": LT, "text": "Pellow"})]
PELLOW_EMAIL = PELLOW + [("update_customer", {"token": LT, "customer_id": "$find_customer.0.customer_id",
                                              "email": "morwenna@pellowdaughters.example"})]
WAYSIDE_MESSAGE = [sign_in("leofric"), ("find_customer", {"token": LT, "text": "Wayside"}),
                   ("send_message", {"token": LT, "customer_id": "$find_customer.0.customer_id",
                                     "subject": "Your cheese this afternoon",
                                     "body": "The courier collects your three truckles at two o'clock."})]
CAPSTAN = [sign_in("letitia"), ("find_customer", {"token": VT, "text": "Capstan"}),
               ("approve_credit", {"token": VT, "customer_id": "$find_customer.0.customer_id", "limit": 1500.0}),
               sign_in("leofric"),
               ("place_order", {"token": LT, "customer_id": "$find_customer.0.customer_id", "deliver_on": TUESDAY,
                                "reference": "HFS-210"})]
WOODRUFF = [sign_in("leofric"),
         ("open_account", {"token": LT, "name": "Woodruff's Pantry", "contact": "Perpetua Blackaller",
                           "address": "4 Bellcote Row, Wendlestow SD7 2JN", "email": "perpetua@woodruffspantry.example",
                           "account_type": "cash"})]
WOODRUFF_ID = "$open_account.customer_id"
WOODRUFF_ORDER = WOODRUFF + [("place_order", {"token": LT, "customer_id": WOODRUFF_ID, "deliver_on": SATURDAY}),
                       ("price_list", {}),
                       ("add_line", {"token": LT, "order_id": "$place_order.order_id",
                                     "product_code": "$price_list.rows.0.0", "quantity": 4}),
                       ("add_line", {"token": LT, "order_id": "$place_order.order_id",
                                     "product_code": "$price_list.rows.3.0", "quantity": 2}, "red"),
                       ("allocate_order", {"token": LT, "order_id": "$place_order.order_id"}), sign_in("letitia"),
                       ("take_payment", {"token": VT, "order_id": "$place_order.order_id", "amount": 200.0,
                                         "method": "card"})]
WOODRUFF_MESSAGE = WOODRUFF + [("send_message", {"token": LT, "customer_id": WOODRUFF_ID, "subject": "Welcome",
                                           "body": "Your account is open; we take payment by card before despatch."})]
WOODRUFF_CONTACT = WOODRUFF + [("update_customer", {"token": LT, "customer_id": WOODRUFF_ID,
                                                     "contact": "Perpetua and Hamnet Blackaller"})]
WHARFINGER = [sign_in("leofric"),
            ("open_account", {"token": LT, "name": "The Wharfinger's Cheese Counter", "contact": "Ossian Pengelly",
                              "address": "Ropery Arcade, Polkerran PK1 2EE", "email": "buying@wharfingercheese.example",
                              "account_type": "trade"}),
            sign_in("letitia"), ("approve_credit", {"token": VT, "customer_id": "$open_account.customer_id",
                                                   "limit": 1000.0})]


def pellow_order(product_row: int, quantity: int, then: list) -> list:
    """A new order for Pellow & Daughters with one line, then ``then`` before it is allocated."""
    return PELLOW + [("place_order", {"token": LT, "customer_id": "$find_customer.0.customer_id",
                                      "deliver_on": TUESDAY, "reference": "PD-0321"}),
                     ("price_list", {}),
                     ("add_line", {"token": LT, "order_id": "$place_order.order_id",
                                   "product_code": f"$price_list.rows.{product_row}.0", "quantity": quantity}),
                     *then, ("allocate_order", {"token": LT, "order_id": "$place_order.order_id"})]


BLUE = pellow_order(4, 6, [sign_in("jennet"), *GRADED[1:]])
CRUMBLY = pellow_order(5, 4, [sign_in("jennet"), *CRUMBLY_CLEARED[1:]])
VINTAGE_SOLD = pellow_order(2, 5, [sign_in("jennet"), *VINTAGE[1:]])
# Pellow's order for Saturday (SO-3301): allocated, booked for today, despatched, invoiced, paid
SO_3301 = [sign_in("leofric"), ("orders", {"token": LT, "status": "open"}),
           ("order_detail", {"token": LT, "order_id": "$orders.0.order_id"}),
           ("allocate_order", {"token": LT, "order_id": "$orders.0.order_id"}),
           ("book_courier", {"token": LT, "order_id": "$orders.0.order_id", "service": "chilled_next_day",
                             "collection_date": TODAY}),
           ("despatch_order", {"token": LT, "order_id": "$orders.0.order_id"})]
SO_3301_LINE = [sign_in("leofric"), ("orders", {"token": LT, "status": "open"}), ("price_list", {}),
                ("add_line", {"token": LT, "order_id": "$orders.0.order_id", "product_code": "$price_list.rows.1.0",
                              "quantity": 1})]
SO_3301_CANCELLED = [sign_in("leofric"), ("orders", {"token": LT, "status": "open"}),
                     ("cancel_order", {"token": LT, "order_id": "$orders.0.order_id",
                                       "reason": "Pellow's shop is closed for a refit"})]
# the Wayside Deli's order (SO-3302, cash, booked for today): paid, then despatched
WAYSIDE = [sign_in("letitia"), ("orders", {"token": VT, "status": "booked"}),
           ("take_payment", {"token": VT, "order_id": "$orders.0.order_id", "amount": 102.0, "method": "card"}),
           sign_in("leofric"), ("despatch_order", {"token": LT, "order_id": "$orders.0.order_id"})]
# the Gatehouse Hotel's order (SO-3303, trade, booked for today): despatched and invoiced
GATEHOUSE = [sign_in("leofric"), ("orders", {"token": LT, "status": "booked"}),
             ("despatch_order", {"token": LT, "order_id": "$orders.1.order_id"}), sign_in("letitia"),
             ("invoice_order", {"token": VT, "order_id": "$orders.1.order_id"}),
             ("record_payment", {"token": VT, "invoice_id": "$invoice_order.invoice_id", "amount": 304.0,
                                 "method": "bank_transfer"})]
# Pellow's order of Tuesday (SO-3304), despatched yesterday: invoiced
SO_3304 = [sign_in("letitia"), ("orders", {"token": VT, "status": "despatched"}),
           ("invoice_order", {"token": VT, "order_id": "$orders.0.order_id"})]
GATEHOUSE_FEBRUARY = [sign_in("letitia"), ("invoices", {"token": VT, "status": "unpaid"}),
                      ("record_payment", {"token": VT, "invoice_id": "$invoices.0.invoice_id", "amount": 150.0,
                                          "method": "bank_transfer"})]
# a new order for Pellow from start to invoice
NEW_PELLOW = pellow_order(0, 4, []) + [("book_courier", {"token": LT, "order_id": "$place_order.order_id",
                                                          "service": "dairy_van", "collection_date": TODAY}),
                                       ("despatch_order", {"token": LT, "order_id": "$place_order.order_id"}),
                                       sign_in("letitia"),
                                       ("invoice_order", {"token": VT, "order_id": "$place_order.order_id"})]
NEW_PELLOW_DETAIL = cut(NEW_PELLOW, "place_order") + [("order_detail", {"token": LT,
                                                                        "order_id": "$place_order.order_id"})]
NEW_PELLOW_CANCELLED = cut(NEW_PELLOW, "place_order") + [("cancel_order", {"token": LT,
                                                                           "order_id": "$place_order.order_id",
                                                                           "reason": "Ordered twice by mistake"})]
WOODRUFF_GOES = WOODRUFF_ORDER + [sign_in("leofric"),
                            ("book_courier", {"token": LT, "order_id": "$place_order.order_id",
                                              "service": "chilled_next_day", "collection_date": TODAY}),
                            ("despatch_order", {"token": LT, "order_id": "$place_order.order_id"})]

_BODY = [
    # milk, vats, recipes
    ("farms", "record_collection", cut(FIELDFARE, "record_collection")),
    ("record_collection", "test_milk", cut(FIELDFARE, "test_milk")),
    ("collections", "test_milk", cut(PENNYCRESS, "test_milk")),
    ("record_collection", "start_make", FIELDFARE),
    ("collections", "start_make", cut(CHEDDAR, "start_make")),
    ("vats", "start_make", cut(CHEDDAR, "start_make")),
    ("recipes", "start_make", cut(CHEDDAR, "start_make")),
    ("test_milk", "start_make", PENNYCRESS),
    # batches in the make room
    ("start_make", "batch_record", cut(CHEDDAR, "batch_record")),
    ("batches", "batch_record", cut(V2, "batch_record")),
    ("start_make", "add_starter", cut(CHEDDAR, "add_starter")),
    ("batches", "add_starter", cut(V2, "add_starter")),
    ("start_make", "add_rennet", cut(CHEDDAR, "add_rennet")),
    ("batches", "add_rennet", V2),
    ("start_make", "record_ph", cut(CHEDDAR, "record_ph")),
    ("batches", "record_ph", cut(V3, "record_ph")),
    ("start_make", "mould_batch", cut(CHEDDAR, "mould_batch")),
    ("batches", "mould_batch", cut(V3, "mould_batch")),
    ("start_make", "into_store", CHEDDAR),
    ("batches", "into_store", RED),
    ("store_map", "into_store", RED),
    # batches in the store
    ("batches", "turn_batch", TURNED),
    ("batches", "record_lab_result", CRUMBLY_CLEARED),
    ("batches", "grade_batch", GRADED),
    ("batches", "hold_batch", cut(RED_HELD, "hold_batch")),
    ("batches", "release_batch", VINTAGE),
    # customers
    ("find_customer", "update_customer", PELLOW_EMAIL),
    ("open_account", "update_customer", WOODRUFF_CONTACT),
    ("find_customer", "approve_credit", cut(CAPSTAN, "approve_credit")),
    ("open_account", "approve_credit", WHARFINGER),
    ("find_customer", "send_message", WAYSIDE_MESSAGE),
    ("open_account", "send_message", WOODRUFF_MESSAGE),
    ("find_customer", "place_order", cut(NEW_PELLOW, "place_order")),
    ("open_account", "place_order", cut(WOODRUFF_ORDER, "place_order")),
    # orders and invoices
    ("place_order", "add_line", cut(NEW_PELLOW, "add_line")),
    ("orders", "add_line", SO_3301_LINE),
    ("place_order", "order_detail", NEW_PELLOW_DETAIL),
    ("orders", "order_detail", cut(SO_3301, "order_detail")),
    ("place_order", "allocate_order", cut(NEW_PELLOW, "allocate_order")),
    ("orders", "allocate_order", cut(SO_3301, "allocate_order")),
    ("place_order", "take_payment", WOODRUFF_ORDER),
    ("orders", "take_payment", cut(WAYSIDE, "take_payment")),
    ("place_order", "book_courier", cut(NEW_PELLOW, "book_courier")),
    ("orders", "book_courier", cut(SO_3301, "book_courier")),
    ("place_order", "despatch_order", cut(NEW_PELLOW, "despatch_order")),
    ("orders", "despatch_order", cut(GATEHOUSE, "despatch_order")),
    ("place_order", "cancel_order", NEW_PELLOW_CANCELLED),
    ("orders", "cancel_order", SO_3301_CANCELLED),
    ("place_order", "invoice_order", NEW_PELLOW),
    ("orders", "invoice_order", SO_3304),
    ("invoice_order", "record_payment", GATEHOUSE),
    ("invoices", "record_payment", GATEHOUSE_FEBRUARY),
    # vocabulary and vetting
    ("price_list", "add_line", cut(NEW_PELLOW, "add_line")),
    ("record_lab_result", "release_batch", VINTAGE),
    ("record_lab_result", "allocate_order", CRUMBLY),
    ("approve_credit", "place_order", CAPSTAN),
    # states
    ("add_starter", "add_rennet", V2),
    ("add_rennet", "mould_batch", cut(CHEDDAR, "mould_batch")),
    ("record_ph", "mould_batch", cut(V3, "mould_batch")),
    ("mould_batch", "into_store", V3),
    ("hold_batch", "release_batch", RED_HELD),
    ("grade_batch", "allocate_order", BLUE),
    ("release_batch", "allocate_order", VINTAGE_SOLD),
    ("add_line", "allocate_order", cut(NEW_PELLOW, "allocate_order")),
    ("allocate_order", "take_payment", WOODRUFF_ORDER),
    ("allocate_order", "book_courier", cut(SO_3301, "book_courier")),
    ("book_courier", "despatch_order", SO_3301),
    ("despatch_order", "invoice_order", cut(GATEHOUSE, "invoice_order")),
    # payment
    ("take_payment", "despatch_order", WOODRUFF_GOES),
]

_OWN = {"sign_out": [sign_in("hesketh"), ("sign_out", {"token": "$hesketh.token"})]}


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
    # the Wayside Deli e-mailed before Pellow's Saturday order is allocated
    ("send_message", WAYSIDE_MESSAGE + cut(SO_3301, "allocate_order")[1:]),
    # the farms listed before the Dene Blue is graded
    ("farms", [sign_in("jennet"), ("farms", {"token": TT})] + GRADED[1:]),
    # Capstan's credit approved before the Dene Blue is turned
    ("approve_credit", cut(CAPSTAN, "approve_credit") + TURNED),
    # the recipes read before the Wayside Deli pays
    ("recipes", cut(WAYSIDE, "orders") + [("recipes", {"token": VT})] + cut(WAYSIDE, "take_payment")[-1:]),
    # the dairy manager signs in and out before Pennycress's second load is tested
    ("sign_out", [sign_in("hesketh"), ("sign_out", {"token": "$hesketh.token"})] + cut(PENNYCRESS, "test_milk")),
    # Pellow's e-mail address changed before the Gatehouse pays its February invoice
    ("update_customer", PELLOW_EMAIL + GATEHOUSE_FEBRUARY),
    # the Dene Blue turned before the Wayside Deli's order goes
    ("turn_batch", TURNED + WAYSIDE),
    # the store map read before Pellow's Saturday order is booked
    ("store_map", cut(SO_3301, "allocate_order") + [("store_map", {"token": LT})] + cut(SO_3301, "book_courier")[-1:]),
]
