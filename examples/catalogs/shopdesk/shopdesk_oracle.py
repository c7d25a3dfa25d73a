"""Scripted proofs that ShopDesk's designed prerequisites are real (checked by examples/catalogs/oracle.py).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer
fails once every call of the provider is dropped (its outputs replaced by control values).
"""

from __future__ import annotations

A = ("authenticate_agent", {"username": "agent.rivera", "password": "Desk#2025"})
T = "$authenticate_agent.token"
NORM = ("normalize_postcode", {"raw_postcode": "n17gu"})
PC = "$normalize_postcode.postcode"
USER = {  # provider -> (steps that find Maya Chen's user_id, the reference to it)
    "find_user_by_email": ([("find_user_by_email", {"email": "maya.chen@example.com"})], "$find_user_by_email.user_id"),
    "find_user_by_phone": ([("find_user_by_phone", {"phone": "+1 415 555 0134"})], "$find_user_by_phone.user_id"),
    "find_user_by_name_and_postcode": ([NORM, ("find_user_by_name_and_postcode", {
        "first_name": "Maya", "last_name": "Chen", "postcode": PC})], "$find_user_by_name_and_postcode.user_id"),
}
EMAIL, UID = USER["find_user_by_email"]
ORDERS = {  # provider -> (steps given Maya's user id, reference to her delivered order, to her pending order)
    "list_user_orders": (lambda u: [("list_user_orders", {"user_id": u})],
                         "$list_user_orders.orders.0.order_id", "$list_user_orders.orders.1.order_id"),
    "get_user_details": (lambda u: [("get_user_details", {"user_id": u})], "$get_user_details.orders.0", "$get_user_details.orders.1"),
}
METHODS = {
    "list_payment_methods": (lambda u: [("list_payment_methods", {"user_id": u})], "$list_payment_methods.methods.0.id"),
    "get_user_details": (lambda u: [("get_user_details", {"user_id": u})], "$get_user_details.payment_methods.0.id"),
}
LPM = ("list_payment_methods", {"user_id": UID})
M = "$list_payment_methods.methods.0.id"
TOKENIZE = ("tokenize_card", {"card_number": "4242 4242 4242 4242", "expiry": "12/28", "cvc": "123"})
KETTLE = [("search_products", {"query": "kettle"}), ("get_product_details", {"product_id": "$search_products.products.0.product_id"})]
PLACE = ("place_order", {"agent_token": T, "user_id": UID, "item_ids": ["$get_product_details.items.0.item_id"], "payment_method_id": M})


def user_consumer(c: str, u: str) -> list:
    """Calls that use user id ``u`` and end with ``c`` (token first where the endpoint needs it)."""
    return {
        "get_user_details": [("get_user_details", {"user_id": u})],
        "update_user_address": [A, ("normalize_postcode", {"raw_postcode": "bs14dj"}),
                                ("update_user_address", {"agent_token": T, "user_id": u, "address1": "4 Quay Road",
                                                         "city": "Bristol", "postcode": PC})],
        "list_payment_methods": [("list_payment_methods", {"user_id": u})],
        "add_payment_method": [A, TOKENIZE, ("add_payment_method", {"agent_token": T, "user_id": u,
                                                                    "card_token": "$tokenize_card.card_token"})],
        "remove_payment_method": [A, ("list_payment_methods", {"user_id": u}), ("remove_payment_method", {
            "agent_token": T, "user_id": u, "payment_method_id": M})],
        "apply_gift_card": [A, ("apply_gift_card", {"agent_token": T, "user_id": u, "gift_card_code": "GIFT-8M2K-Q7XP"})],
        "list_user_orders": [("list_user_orders", {"user_id": u})],
        "place_order": [A, *KETTLE, ("list_payment_methods", {"user_id": u}), ("place_order", {
            "agent_token": T, "user_id": u, "item_ids": ["$get_product_details.items.0.item_id"], "payment_method_id": M})],
        "get_loyalty_account": [("get_loyalty_account", {"user_id": u})],
        "open_ticket": [A, ("open_ticket", {"agent_token": T, "user_id": u, "subject": "Refund question"})],
    }[c]


def order_consumer(c: str, o: str) -> list:
    """Calls that use an order id ``o`` (delivered for returns, pending for changes) and end with ``c``."""
    item = "$get_order_details.items.0.item_id"
    return {
        "get_order_details": [("get_order_details", {"order_id": o})],
        "track_shipment": [("track_shipment", {"order_id": o})],
        "create_return": [A, ("get_order_details", {"order_id": o}),
                          ("create_return", {"agent_token": T, "order_id": o, "item_id": item, "reason": "too small"})],
        "create_exchange": [A, ("get_order_details", {"order_id": o}),
                            ("get_product_details", {"product_id": "$get_order_details.items.0.product_id"}),
                            ("create_exchange", {"agent_token": T, "order_id": o, "item_id": item,
                                                 "new_item_id": "$get_product_details.items.1.item_id"})],
        "cancel_order": [A, ("cancel_order", {"agent_token": T, "order_id": o, "reason": "ordered by mistake"})],
        "modify_order_address": [A, NORM, ("modify_order_address", {"agent_token": T, "order_id": o, "address1": "9 Elm Row",
                                                                    "city": "London", "postcode": PC})],
        "modify_pending_order_items": [A, LPM, ("get_order_details", {"order_id": o}),
                                       ("get_product_details", {"product_id": "$get_order_details.items.-1.product_id"}),
                                       ("modify_pending_order_items", {
                                           "agent_token": T, "order_id": o, "item_id": "$get_order_details.items.-1.item_id",
                                           "new_item_id": "$get_product_details.items.1.item_id", "payment_method_id": M})],
    }[c]


REFUND = [A, *EMAIL, ("list_user_orders", {"user_id": UID}), *order_consumer("create_return", "$list_user_orders.orders.0.order_id")[1:],
          ("mark_return_received", {"agent_token": T, "return_id": "$create_return.return_id"}), LPM,
          ("issue_refund", {"agent_token": T, "return_id": "$create_return.return_id", "payment_method_id": M})]
TICKET = {"open_ticket": ([*EMAIL, ("open_ticket", {"agent_token": T, "user_id": UID, "subject": "Late parcel"})], "$open_ticket.ticket_id"),
          "list_open_tickets": ([("list_open_tickets", {"agent_token": T})], "$list_open_tickets.tickets.0.ticket_id")}


def ticket_consumer(c: str, t: str) -> list:
    note = ("add_ticket_note", {"agent_token": T, "ticket_id": t, "note": "Called the customer"})
    return {"add_ticket_note": [note], "assign_ticket": [("assign_ticket", {"agent_token": T, "ticket_id": t, "agent_id": "AG-44"})],
            "escalate_ticket": [("escalate_ticket", {"agent_token": T, "ticket_id": t, "team": "billing"})],
            "close_ticket": [note, ("close_ticket", {"agent_token": T, "ticket_id": t, "resolution": "resolved"})]}[c]


W101, W102 = ORDERS["list_user_orders"][1], ORDERS["list_user_orders"][2]
IN_TRANSIT = [A, ("track_shipment", {"order_id": "#W103"}),
              ("confirm_delivery", {"agent_token": T, "tracking_number": "$track_shipment.tracking_number"})]
LOYALTY = [A, *EMAIL, ("get_loyalty_account", {"user_id": UID}),
           ("redeem_points", {"agent_token": T, "loyalty_number": "$get_loyalty_account.loyalty_number", "points": 500})]

RECIPES = {  # consumer -> a successful path for the auth proofs
    **{c: EMAIL + user_consumer(c, UID) for c in ("update_user_address", "add_payment_method", "remove_payment_method",
                                                  "apply_gift_card", "place_order", "open_ticket")},
    **{c: EMAIL + [("list_user_orders", {"user_id": UID})] + order_consumer(c, W102)
       for c in ("cancel_order", "modify_order_address", "modify_pending_order_items")},
    **{c: EMAIL + [("list_user_orders", {"user_id": UID})] + order_consumer(c, W101) for c in ("create_return", "create_exchange")},
    "get_agent_profile": [A, ("get_agent_profile", {"agent_token": T})],
    "confirm_delivery": IN_TRANSIT,
    "mark_return_received": REFUND[:-2],
    "issue_refund": REFUND,
    "redeem_points": LOYALTY,
    "list_open_tickets": [A, ("list_open_tickets", {"agent_token": T})],
    **{c: [A, *TICKET["list_open_tickets"][0]] + ticket_consumer(c, TICKET["list_open_tickets"][1])
       for c in ("add_ticket_note", "assign_ticket", "escalate_ticket", "close_ticket")},
}

PROOFS: list = [("authenticate_agent", c, steps) for c, steps in RECIPES.items()]
for _p, (_steps, _ref) in USER.items():
    PROOFS += [(_p, c, _steps + user_consumer(c, _ref)) for c in (
        "get_user_details", "update_user_address", "list_payment_methods", "add_payment_method", "remove_payment_method",
        "apply_gift_card", "list_user_orders", "place_order", "get_loyalty_account", "open_ticket")]
    PROOFS.append((_p, "get_order_details", _steps + [("list_user_orders", {"user_id": _ref}),
                                                      ("get_order_details", {"order_id": W101})]))
    PROOFS.append((_p, "issue_refund", [s if s not in EMAIL else _steps for s in REFUND[:1]] + _steps + [
        (t, {k: (_ref if v == UID else v) for k, v in a.items()}) for t, a in REFUND[2:]]))
    PROOFS.append((_p, "redeem_points", [A, *_steps, ("get_loyalty_account", {"user_id": _ref}), LOYALTY[-1]]))
for _p, (_calls, _delivered, _pending) in ORDERS.items():
    PROOFS += [(_p, c, EMAIL + _calls(UID) + order_consumer(c, _delivered))
               for c in ("get_order_details", "track_shipment", "create_return", "create_exchange")]
    PROOFS += [(_p, c, EMAIL + _calls(UID) + order_consumer(c, _pending))
               for c in ("cancel_order", "modify_order_address", "modify_pending_order_items")]
_PLACED = [A, *EMAIL, *KETTLE, LPM, PLACE]
PROOFS += [("place_order", c, _PLACED + order_consumer(c, "$place_order.order_id")[1:])
           for c in ("cancel_order", "modify_order_address", "modify_pending_order_items")]
for _p, (_calls, _ref) in METHODS.items():
    PROOFS += [
        (_p, "remove_payment_method", [A, *EMAIL, *_calls(UID), ("remove_payment_method", {"agent_token": T, "user_id": UID, "payment_method_id": _ref})]),
        (_p, "place_order", [A, *EMAIL, *KETTLE, *_calls(UID), (PLACE[0], {**PLACE[1], "payment_method_id": _ref})]),
        (_p, "modify_pending_order_items", [A, *EMAIL, *_calls(UID)] + [
            (t, {**a, "payment_method_id": _ref} if t == "modify_pending_order_items" else a)
            for t, a in order_consumer("modify_pending_order_items", "#W102")[2:]]),
        (_p, "issue_refund", REFUND[:-2] + _calls(UID) + [(REFUND[-1][0], {**REFUND[-1][1], "payment_method_id": _ref})]),
    ]
for _p, (_steps, _ref) in TICKET.items():
    PROOFS += [(_p, c, [A, *_steps] + ticket_consumer(c, _ref)) for c in ("add_ticket_note", "assign_ticket", "escalate_ticket", "close_ticket")]
PROOFS += [
    ("normalize_postcode", "find_user_by_name_and_postcode", USER["find_user_by_name_and_postcode"][0]),
    ("normalize_postcode", "update_user_address", EMAIL + user_consumer("update_user_address", UID)),
    ("normalize_postcode", "modify_order_address", RECIPES["modify_order_address"]),
    ("normalize_postcode", "lookup_postcode", [NORM, ("lookup_postcode", {"postcode": PC})]),
    ("normalize_postcode", "get_shipping_quote", [NORM, ("get_shipping_quote", {"postcode": PC, "weight_kg": 2.5})]),
    ("tokenize_card", "add_payment_method", RECIPES["add_payment_method"]),
    ("search_products", "get_product_details", KETTLE),
    ("get_product_details", "place_order", RECIPES["place_order"]),
    ("get_order_details", "create_return", RECIPES["create_return"]),
    ("get_order_details", "create_exchange", RECIPES["create_exchange"]),
    ("get_product_details", "create_exchange", RECIPES["create_exchange"]),
    ("get_order_details", "modify_pending_order_items", RECIPES["modify_pending_order_items"]),
    ("get_product_details", "modify_pending_order_items", RECIPES["modify_pending_order_items"]),
    ("track_shipment", "confirm_delivery", IN_TRANSIT),
    ("confirm_delivery", "create_return", IN_TRANSIT + order_consumer("create_return", "#W103")[1:]),
    ("confirm_delivery", "create_exchange", IN_TRANSIT + [
        ("get_order_details", {"order_id": "#W103"}), ("get_product_details", {"product_id": "$get_order_details.items.0.product_id"}),
        ("create_exchange", {"agent_token": T, "order_id": "#W103", "item_id": "$get_order_details.items.0.item_id",
                             "new_item_id": "$get_product_details.items.0.item_id"})]),
    ("create_return", "get_return_status", REFUND[:-3] + [("get_return_status", {"return_id": "$create_return.return_id"})]),
    ("create_return", "mark_return_received", RECIPES["mark_return_received"]),
    ("create_return", "issue_refund", REFUND),
    ("mark_return_received", "issue_refund", REFUND),
    ("add_ticket_note", "close_ticket", RECIPES["close_ticket"]),
    ("get_agent_profile", "assign_ticket", [A, ("get_agent_profile", {"agent_token": T}), *TICKET["list_open_tickets"][0],
                                            ("assign_ticket", {"agent_token": T, "ticket_id": TICKET["list_open_tickets"][1],
                                                               "agent_id": "$get_agent_profile.agent_id"})]),
    ("get_loyalty_account", "redeem_points", LOYALTY),
]

# (provider, consumer, steps, fresh state name) for GROUND_TRUTH_VARIANTS.
VARIANT_PROOFS = [
    ("place_order", "cancel_order", _PLACED + order_consumer("cancel_order", "$place_order.order_id")[1:], "opening_day"),
    ("place_order", "get_order_details", _PLACED + order_consumer("get_order_details", "$place_order.order_id"), "opening_day"),
    ("open_ticket", "add_ticket_note", [A, *TICKET["open_ticket"][0]] + ticket_consumer("add_ticket_note", TICKET["open_ticket"][1]),
     "opening_day"),
]
