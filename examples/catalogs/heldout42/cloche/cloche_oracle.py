"""Scripted proofs that Cloche's designed prerequisites are real (checked by the checkout's
examples/catalogs/oracle.py through the package's runtime; a refusal is a returned ``"Error: ..."`` string, which the
runtime records as rejected; the replies are pydantic models, so the plain oracle, which reads no such string, has
nothing it can run them under).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer fails once every
call of the provider is dropped (its outputs replaced by control values). Staff sign in by first name (``("sign_in",
{...}, "clover")``) and pass ``"$clover.token"``; replies are read by field (``"$register_customer.customer_id"``,
``"$create_order.order_id"``, ``"$delivery_check.zone"``, ``"$raise_purchase_order.po_id"``,
``"$sell_gift_card.card_number"``, ``"$plant_doctor_report.report_id"``, ``"$guarantee_claim.claim_id"``) and list
entries by position and field (``"$find_customer.0.customer_id"``, ``"$bed.0.sku"``, ``"$orders.2.order_id"``,
``"$delivery_slots.0.slot_id"``, ``"$delivery_rounds.1.round_id"``, ``"$suppliers.1.supplier_id"``,
``"$purchase_orders.0.po_id"``, ``"$workshop_programme.0.code"``, ``"$claims.0.claim_id"``), a stock row by
position (``"$stock_check.1.0"``). The positions follow the fresh state's order (records by id, the plant finder by
SKU, rounds by departure, slots by date and time, workshops by date, each list filtered as the call asks). Every id,
SKU, code and card number is read from a reply; none is written literally (names, e-mail addresses, phone numbers,
addresses, postcodes, quantities, fulfilment, amounts, methods, pickers, drivers, reasons, diagnoses, notes,
remedies, percentages, recipients, subjects and bodies are written as the staff are told them). A step saved under a
name of its own is a second call of a tool on one path.

The day: Ms Lowenthal registers, joins the club at Plus, orders a raised bed and compost for the Wednesday van and
books the container workshop. Mrs Tilbrook's bark goes on this afternoon's van, which Dai loads and takes out; Ms
Rackstraw's raised bed goes on it too. Ms Rackstraw pays for her lavender, in cash or on a gift card, and takes it;
Mr Ostrander collects his perennials and his raised beds are booked on the Friday van; Mrs Eastlake's olive is
cancelled and Dr Vandeleur orders it. Greenmoor's bark is booked in and Mr Ostrander orders twenty bags; Brackley's
apple trees are ordered and come. Mr Quennington joins the club and claims for his roses; Mrs Tilbrook's acer claim
is settled. The leggy lavender is marked down; gift cards are sold.
"""

import cloche_tools as tools

WHO = {"clover": ("clover.a", "Potting-Shed-4"), "anatole": ("anatole.t", "Root-Ball-27"),
       "dai": ("dai.p", "Tail-Lift-90"), "sigrun": ("sigrun.h", "Bare-Root-61"),
       "rosamund": ("rosamund.c", "Head-Gardener-3")}
CL, AN, DA, SI, RO = "$clover.token", "$anatole.token", "$dai.token", "$sigrun.token", "$rosamund.token"


def sign_in(who: str) -> tuple:
    user, password = WHO[who]
    return ("sign_in", {"username": user, "password": password}, who)


def cut(steps: list, upto: str) -> list:
    """The steps up to the first call of ``upto`` (a tool), or up to the step saved as ``upto``."""
    end = next(i for i, s in enumerate(steps) if (s[2] if len(s) > 2 else None) == upto or s[0] == upto)
    return steps[:end + 1]


BEA_ID = "$register_customer.customer_id"
FOUND = "$find_customer.0.customer_id"

# Ms Lowenthal, new: the club, a raised bed and compost for the Wednesday van, the container workshop
BEA = [sign_in("clover"),
       ("register_customer", {"token": CL, "name": "Ms Beatrix Lowenthal", "email": "beatrix.lowenthal@example.com",
                              "phone": "07700 900688", "address": "5 Sandpiper Close, Hoxley", "postcode": "HX1 6SC",
                              "marketing": True})]
BEA_CLUB = BEA + [("join_club", {"token": CL, "customer_id": BEA_ID, "tier": "plus", "method": "card"})]
BEA_ORDER = BEA + [
    ("plant_finder", {"text": "raised bed"}, "bed"), ("plant_finder", {"text": "compost"}, "compost"),
    ("create_order", {"token": CL, "customer_id": BEA_ID, "skus": ["$bed.0.sku", "$compost.0.sku"],
                      "quantities": [1, 6], "fulfilment": "delivery"}),
    ("delivery_check", {"postcode": "HX1 6SC"}),
    ("delivery_slots", {"token": CL, "zone": "$delivery_check.zone"}),
    ("book_delivery", {"token": CL, "order_id": "$create_order.order_id", "slot_id": "$delivery_slots.0.slot_id"}),
    ("take_payment", {"token": CL, "order_id": "$create_order.order_id", "amount": 132.43, "method": "card"})]
BEA_PICKED = BEA_ORDER + [sign_in("dai"), ("pick_order", {"token": DA, "order_id": "$create_order.order_id",
                                                          "picker": "Dai Penberthy"})]
BEA_RECORD = cut(BEA_ORDER, "create_order") + [("order_detail", {"token": CL,
                                                                 "order_id": "$create_order.order_id"})]
BEA_OFF = cut(BEA_ORDER, "create_order") + [("cancel_order", {"token": CL, "order_id": "$create_order.order_id",
                                                              "reason": "She found a raised bed second-hand"})]
BEA_WORKSHOP = BEA + [("workshop_programme", {}),
                      ("book_workshop", {"token": CL, "workshop_code": "$workshop_programme.0.code",
                                         "customer_id": BEA_ID, "places": 2, "method": "card"})]
BEA_PHONE = BEA + [("update_customer", {"token": CL, "customer_id": BEA_ID, "phone": "07700 900689"})]
BEA_ACCOUNT = BEA + [("customer_account", {"token": CL, "customer_id": BEA_ID})]
BEA_EMAIL = BEA + [("email_customer", {"token": CL, "customer_id": BEA_ID, "subject": "Welcome to Foxglove Lane",
                                       "body": "Your raised bed and compost come on the Wednesday van."})]

# Mrs Tilbrook's bark on this afternoon's van (RND-302, the second round today), loaded and sent out by Dai
TILBROOK = [sign_in("clover"), ("find_customer", {"token": CL, "text": "Tilbrook"}),
            ("plant_finder", {"text": "bark"}),
            ("create_order", {"token": CL, "customer_id": FOUND, "skus": ["$plant_finder.0.sku"], "quantities": [4],
                              "fulfilment": "delivery"}),
            ("delivery_check", {"postcode": "AM2 4OW"}),
            ("delivery_slots", {"token": CL, "zone": "$delivery_check.zone", "date": "2038-04-10"}),
            ("book_delivery", {"token": CL, "order_id": "$create_order.order_id",
                               "slot_id": "$delivery_slots.0.slot_id"}),
            ("take_payment", {"token": CL, "order_id": "$create_order.order_id", "amount": 32.96, "method": "card"}),
            sign_in("dai"),
            ("pick_order", {"token": DA, "order_id": "$create_order.order_id", "picker": "Dai Penberthy"}),
            ("delivery_rounds", {"token": DA}),
            ("load_round", {"token": DA, "round_id": "$delivery_rounds.1.round_id",
                            "order_id": "$create_order.order_id"}),
            ("depart_round", {"token": DA, "round_id": "$delivery_rounds.1.round_id", "driver": "Dai Penberthy",
                              "van_checked": True}),
            ("complete_delivery", {"token": DA, "order_id": "$create_order.order_id",
                                   "signed_for_by": "Mrs Honoria Tilbrook"})]
# Ms Rackstraw's raised bed and compost (ORD-7720, picked, the second picked order) on the same van
RACKSTRAW_VAN = [sign_in("dai"), ("orders", {"token": DA, "status": "picked"}), ("delivery_rounds", {"token": DA}),
                 ("load_round", {"token": DA, "round_id": "$delivery_rounds.1.round_id",
                                 "order_id": "$orders.1.order_id"}),
                 ("depart_round", {"token": DA, "round_id": "$delivery_rounds.1.round_id", "driver": "Dai Penberthy",
                                   "van_checked": True})]
VANDELEUR_COMPOST = [sign_in("dai"), ("orders", {"token": DA, "status": "out_for_delivery"}),
                      ("complete_delivery", {"token": DA, "order_id": "$orders.0.order_id",
                                             "signed_for_by": "Dr Solomon Vandeleur"})]
VANDELEUR_RECORD = [sign_in("clover"), ("orders", {"token": CL, "status": "out_for_delivery"}),
                     ("order_detail", {"token": CL, "order_id": "$orders.0.order_id"})]
# open orders: ORD-7717 (Ostrander's raised beds, no slot yet), ORD-7721 (Eastlake's olive), ORD-7722 (Rackstraw)
OSTRANDER_VAN = [sign_in("clover"), ("orders", {"token": CL, "status": "open"}),
                 ("delivery_check", {"postcode": "LW4 9KC"}),
                 ("delivery_slots", {"token": CL, "zone": "$delivery_check.zone"}),
                 ("book_delivery", {"token": CL, "order_id": "$orders.0.order_id",
                                    "slot_id": "$delivery_slots.0.slot_id"})]
RACKSTRAW_LAVENDER = [sign_in("clover"), ("orders", {"token": CL, "status": "open"}),
                      ("take_payment", {"token": CL, "order_id": "$orders.2.order_id", "amount": 38.94,
                                        "method": "cash"}),
                      sign_in("anatole"),
                      ("pick_order", {"token": AN, "order_id": "$orders.2.order_id", "picker": "Anatole Trelease"}),
                      ("collect_order", {"token": CL, "order_id": "$orders.2.order_id",
                                         "collected_by": "Ms Imelda Rackstraw"})]
RACKSTRAW_GIFT = [sign_in("clover"),
                  ("sell_gift_card", {"token": CL, "amount": 50.0, "recipient": "Ms Imelda Rackstraw",
                                      "method": "cash"}),
                  ("orders", {"token": CL, "status": "open"}),
                  ("take_payment", {"token": CL, "order_id": "$orders.2.order_id", "amount": 38.94,
                                    "method": "gift_card", "gift_card_number": "$sell_gift_card.card_number"})]
OSTRANDER_COLLECTS = [sign_in("clover"), ("orders", {"token": CL, "status": "picked"}),
                      ("collect_order", {"token": CL, "order_id": "$orders.0.order_id",
                                         "collected_by": "Mr Percival Ostrander"})]
EASTLAKE_OFF = [sign_in("clover"), ("orders", {"token": CL, "status": "open"}),
                ("cancel_order", {"token": CL, "order_id": "$orders.1.order_id",
                                  "reason": "She has decided against an olive this year"})]
VANDELEUR_OLIVE = EASTLAKE_OFF + [("find_customer", {"token": CL, "text": "Vandeleur"}),
                                   ("plant_finder", {"text": "olive"}),
                                   ("create_order", {"token": CL, "customer_id": FOUND,
                                                     "skus": ["$plant_finder.0.sku"], "quantities": [1],
                                                     "fulfilment": "collect"})]
# Mrs Eastlake (a Plus member) takes two 'Iceberg' roses home
EASTLAKE_ROSES = [sign_in("clover"), ("find_customer", {"token": CL, "text": "Eastlake"}),
                  ("plant_finder", {"text": "Iceberg"}),
                  ("create_order", {"token": CL, "customer_id": FOUND, "skus": ["$plant_finder.0.sku"],
                                    "quantities": [2], "fulfilment": "collect"}),
                  ("take_payment", {"token": CL, "order_id": "$create_order.order_id", "amount": 26.98,
                                    "method": "card"}),
                  sign_in("anatole"),
                  ("pick_order", {"token": AN, "order_id": "$create_order.order_id", "picker": "Anatole Trelease"}),
                  ("collect_order", {"token": CL, "order_id": "$create_order.order_id",
                                     "collected_by": "Mrs Winifred Eastlake"})]
EASTLAKE_MAIL = [sign_in("clover"), ("find_customer", {"token": CL, "text": "Eastlake"}),
                 ("update_customer", {"token": CL, "customer_id": FOUND, "marketing": False})]
OSTRANDER_ACCOUNT = [sign_in("clover"), ("find_customer", {"token": CL, "text": "Ostrander"}),
                     ("customer_account", {"token": CL, "customer_id": FOUND})]
OSTRANDER_EMAIL = [sign_in("clover"), ("find_customer", {"token": CL, "text": "Ostrander"}),
                   ("email_customer", {"token": CL, "customer_id": FOUND, "subject": "Your raised beds",
                                       "body": "They will come on the Friday van to Little Wethering."})]
VANDELEUR_POND = [sign_in("clover"), ("find_customer", {"token": CL, "text": "Vandeleur"}),
                   ("workshop_programme", {}),
                   ("book_workshop", {"token": CL, "workshop_code": "$workshop_programme.2.code",
                                      "customer_id": FOUND, "places": 2, "method": "card"})]

# buying: Greenmoor's bark (PO-4410) booked in, then Mr Ostrander's twenty bags; Brackley's apple trees
BARK_IN = [sign_in("sigrun"), ("purchase_orders", {"token": SI}),
           ("receive_goods", {"token": SI, "po_id": "$purchase_orders.0.po_id", "quantity_received": 40}),
           sign_in("clover"), ("find_customer", {"token": CL, "text": "Ostrander"}), ("plant_finder", {"text": "bark"}),
           ("create_order", {"token": CL, "customer_id": FOUND, "skus": ["$plant_finder.0.sku"], "quantities": [20],
                             "fulfilment": "delivery"})]
APPLES = [sign_in("sigrun"), ("suppliers", {"token": SI}), ("plant_finder", {"text": "Cox"}),
          ("raise_purchase_order", {"token": SI, "supplier_id": "$suppliers.1.supplier_id",
                                    "sku": "$plant_finder.0.sku", "quantity": 10}),
          ("receive_goods", {"token": SI, "po_id": "$raise_purchase_order.po_id", "quantity_received": 10})]

# the plant area: the leggy lavender in P5 (the second bay); the guarantee
LAVENDER = [sign_in("anatole"), ("plant_finder", {"text": "Hidcote"}),
            ("stock_check", {"token": AN, "sku": "$plant_finder.0.sku"}),
            ("markdown", {"token": AN, "sku": "$plant_finder.0.sku", "bay": "$stock_check.1.0", "percent": 25,
                          "reason": "Leggy and past their best"})]
QUENNINGTON = [sign_in("clover"), ("find_customer", {"token": CL, "text": "Quennington"}),
               ("join_club", {"token": CL, "customer_id": FOUND, "tier": "standard"}),
               ("orders", {"token": CL, "customer_id": FOUND, "status": "collected"}),
               sign_in("anatole"), ("plant_finder", {"text": "Gertrude Jekyll"}),
               ("plant_doctor_report", {"token": AN, "customer_id": FOUND, "sku": "$plant_finder.0.sku",
                                        "diagnosis": "disease", "notes": "Black spot and canker right through"}),
               ("guarantee_claim", {"token": CL, "order_id": "$orders.0.order_id",
                                    "report_id": "$plant_doctor_report.report_id",
                                    "reason": "Both roses died over the winter"}),
               ("settle_claim", {"token": AN, "claim_id": "$guarantee_claim.claim_id", "remedy": "refund"})]
BEA_REPORT = BEA + [sign_in("anatole"), ("plant_finder", {"text": "Rozanne"}),
                    ("plant_doctor_report", {"token": AN, "customer_id": BEA_ID, "sku": "$plant_finder.0.sku",
                                             "diagnosis": "drought", "notes": "Bought elsewhere; dry through"})]
TILBROOK_ACER = [sign_in("anatole"), ("claims", {"token": AN}),
                 ("settle_claim", {"token": AN, "claim_id": "$claims.0.claim_id", "remedy": "replacement"})]
GIFT = [sign_in("clover"), ("sell_gift_card", {"token": CL, "amount": 40.0, "recipient": "Mrs Honoria Tilbrook",
                                               "method": "card"}),
        ("gift_card_balance", {"token": CL, "card_number": "$sell_gift_card.card_number"})]

_BODY = [
    # customers and the club
    ("register_customer", "update_customer", BEA_PHONE),
    ("find_customer", "update_customer", EASTLAKE_MAIL),
    ("register_customer", "customer_account", BEA_ACCOUNT),
    ("find_customer", "customer_account", OSTRANDER_ACCOUNT),
    ("register_customer", "email_customer", BEA_EMAIL),
    ("find_customer", "email_customer", OSTRANDER_EMAIL),
    ("register_customer", "join_club", BEA_CLUB),
    ("find_customer", "join_club", cut(QUENNINGTON, "join_club")),
    ("register_customer", "create_order", cut(BEA_ORDER, "create_order")),
    ("find_customer", "create_order", cut(TILBROOK, "create_order")),
    ("register_customer", "plant_doctor_report", BEA_REPORT),
    ("find_customer", "plant_doctor_report", cut(QUENNINGTON, "plant_doctor_report")),
    ("register_customer", "book_workshop", BEA_WORKSHOP),
    ("find_customer", "book_workshop", VANDELEUR_POND),
    ("workshop_programme", "book_workshop", BEA_WORKSHOP),
    # plants and stock
    ("plant_finder", "create_order", cut(BEA_ORDER, "create_order")),
    ("plant_finder", "stock_check", cut(LAVENDER, "stock_check")),
    ("plant_finder", "markdown", LAVENDER),
    ("stock_check", "markdown", LAVENDER),
    ("plant_finder", "raise_purchase_order", cut(APPLES, "raise_purchase_order")),
    ("plant_finder", "plant_doctor_report", BEA_REPORT),
    ("receive_goods", "create_order", BARK_IN),
    ("cancel_order", "create_order", VANDELEUR_OLIVE),
    # orders
    ("create_order", "book_delivery", cut(BEA_ORDER, "book_delivery")),
    ("orders", "book_delivery", OSTRANDER_VAN),
    ("delivery_check", "delivery_slots", cut(OSTRANDER_VAN, "delivery_slots")),
    ("delivery_slots", "book_delivery", OSTRANDER_VAN),
    ("create_order", "take_payment", BEA_ORDER),
    ("book_delivery", "take_payment", BEA_ORDER),
    ("orders", "take_payment", cut(RACKSTRAW_LAVENDER, "take_payment")),
    ("sell_gift_card", "take_payment", RACKSTRAW_GIFT),
    ("create_order", "pick_order", BEA_PICKED),
    ("orders", "pick_order", cut(RACKSTRAW_LAVENDER, "pick_order")),
    ("take_payment", "pick_order", cut(RACKSTRAW_LAVENDER, "pick_order")),
    ("create_order", "collect_order", EASTLAKE_ROSES),
    ("orders", "collect_order", OSTRANDER_COLLECTS),
    ("pick_order", "collect_order", RACKSTRAW_LAVENDER),
    ("create_order", "cancel_order", BEA_OFF),
    ("orders", "cancel_order", EASTLAKE_OFF),
    ("create_order", "order_detail", BEA_RECORD),
    ("orders", "order_detail", VANDELEUR_RECORD),
    # the yard
    ("create_order", "load_round", cut(TILBROOK, "load_round")),
    ("orders", "load_round", cut(RACKSTRAW_VAN, "load_round")),
    ("delivery_rounds", "load_round", cut(RACKSTRAW_VAN, "load_round")),
    ("pick_order", "load_round", cut(TILBROOK, "load_round")),
    ("book_delivery", "load_round", cut(TILBROOK, "load_round")),
    ("delivery_rounds", "depart_round", RACKSTRAW_VAN),
    ("load_round", "depart_round", RACKSTRAW_VAN),
    ("create_order", "complete_delivery", TILBROOK),
    ("orders", "complete_delivery", VANDELEUR_COMPOST),
    ("depart_round", "complete_delivery", TILBROOK),
    # buying
    ("suppliers", "raise_purchase_order", cut(APPLES, "raise_purchase_order")),
    ("raise_purchase_order", "receive_goods", APPLES),
    ("purchase_orders", "receive_goods", cut(BARK_IN, "receive_goods")),
    # gift cards and the guarantee
    ("sell_gift_card", "gift_card_balance", GIFT),
    ("orders", "guarantee_claim", cut(QUENNINGTON, "guarantee_claim")),
    ("plant_doctor_report", "guarantee_claim", cut(QUENNINGTON, "guarantee_claim")),
    ("join_club", "guarantee_claim", cut(QUENNINGTON, "guarantee_claim")),
    ("guarantee_claim", "settle_claim", QUENNINGTON),
    ("claims", "settle_claim", TILBROOK_ACER),
]

_OWN = {"sign_out": [sign_in("rosamund"), ("sign_out", {"token": RO})]}


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
    # the workshop programme read before Mrs Tilbrook's delivery is booked
    ("workshop_programme", TILBROOK[:6] + [("workshop_programme", {})] + TILBROOK[6:7]),
    # the suppliers read before Ms Rackstraw's lavender is picked
    ("suppliers", RACKSTRAW_LAVENDER[:4] + [("suppliers", {"token": AN})] + RACKSTRAW_LAVENDER[4:5]),
    # the claims read before Mr Quennington joins the club
    ("claims", QUENNINGTON[:2] + [("claims", {"token": CL})] + QUENNINGTON[2:3]),
    # the olive's stock read before Mrs Eastlake's olive is cancelled
    ("stock_check", EASTLAKE_OFF[:2] + [("plant_finder", {"text": "olive"}),
                                       ("stock_check", {"token": CL, "sku": "$plant_finder.0.sku"})]
     + EASTLAKE_OFF[2:]),
    # the lavender's stock read before Ms Rackstraw pays for hers
    ("stock_check", RACKSTRAW_LAVENDER[:2] + [("plant_finder", {"text": "Hidcote"}),
                                             ("stock_check", {"token": CL, "sku": "$plant_finder.0.sku"})]
     + RACKSTRAW_LAVENDER[2:3]),
    # Mr Quennington e-mailed before his claim is logged
    ("email_customer", cut(QUENNINGTON, "plant_doctor_report")
     + [("email_customer", {"token": CL, "customer_id": FOUND, "subject": "Your roses",
                            "body": "We are sorry to hear about them; your claim is going in now."}),
        QUENNINGTON[7]]),
    # the suppliers read before the lavender is marked down
    ("suppliers", LAVENDER[:3] + [("suppliers", {"token": AN})] + LAVENDER[3:]),
    # the workshop programme read before Mr Ostrander collects his order
    ("workshop_programme", OSTRANDER_COLLECTS[:2] + [("workshop_programme", {})] + OSTRANDER_COLLECTS[2:]),
]
