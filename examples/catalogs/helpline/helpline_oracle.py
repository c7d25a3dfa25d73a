"""Scripted proofs that Helpline's designed prerequisites are real (checked by examples/catalogs/oracle.py).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer
fails once every call of the provider is dropped (its outputs replaced by control values). A reply
that starts with ``"Error: "`` is a failure (the catalog's ``FAILURE``).
"""

from __future__ import annotations

USER = {  # provider -> (the call that finds Sofia Ramirez of Columbus, the reference to her user id)
    "find_user_id_by_email": (("find_user_id_by_email", {"email": "sofia.ramirez@example.com"}), "$find_user_id_by_email"),
    "find_user_id_by_name_zip": (("find_user_id_by_name_zip", {"first_name": "Sofia", "last_name": "Ramirez",
                                                               "zip": "43215"}), "$find_user_id_by_name_zip"),
}
EMAIL, UID = USER["find_user_id_by_email"]
DETAILS = "get_user_details"
# Sofia's orders, in the order get_user_details lists them
DELIVERED, PENDING, SHIPPED = f"${DETAILS}.orders.0", f"${DETAILS}.orders.1", f"${DETAILS}.orders.2"
CARD = f"${DETAILS}.payment_methods.credit_card_5521.id"
GIFT = f"${DETAILS}.payment_methods.gift_card_7740.id"
PAYPAL = f"${DETAILS}.payment_methods.paypal_2210.id"
ADDRESS = {"address1": "77 Harbor Rd", "address2": "", "city": "Columbus", "region": "OH", "country": "USA", "zip": "43204"}


def details(uid: str) -> tuple:
    return (DETAILS, {"user_id": uid})


def order_consumer(consumer: str) -> list:
    """The calls after get_user_details that end with ``consumer`` (on the order in the status it needs)."""
    order = {"get_order_details": DELIVERED, "cancel_pending_order": PENDING, "modify_pending_order_address": PENDING,
             "modify_pending_order_payment": PENDING, "modify_pending_order_items": PENDING,
             "return_delivered_order_items": DELIVERED, "exchange_delivered_order_items": DELIVERED}[consumer]
    read = ("get_order_details", {"order_id": order})
    if consumer == "get_order_details":
        return [read]
    if consumer == "cancel_pending_order":
        return [(consumer, {"order_id": order, "reason": "no longer needed"})]
    if consumer == "modify_pending_order_address":
        return [(consumer, {"order_id": order, **ADDRESS})]
    if consumer == "modify_pending_order_payment":
        return [(consumer, {"order_id": order, "payment_method_id": PAYPAL})]
    if consumer == "return_delivered_order_items":
        return [read, (consumer, {"order_id": order, "item_ids": ["$get_order_details.items.0.item_id"],
                                  "payment_method_id": GIFT})]
    # a swap: the item of the order, then its product's other variant
    product = ("get_product_details", {"product_id": "$get_order_details.items.0.product_id"})
    new = "$get_product_details.variants.4107812777.item_id" if order == PENDING else \
        "$get_product_details.variants.7661609223.item_id"
    return [read, product, (consumer, {"order_id": order, "item_ids": ["$get_order_details.items.0.item_id"],
                                       "new_item_ids": [new], "payment_method_id": CARD})]


_ORDER_USERS = ["get_order_details", "cancel_pending_order", "modify_pending_order_address",
                "modify_pending_order_payment", "modify_pending_order_items", "return_delivered_order_items",
                "exchange_delivered_order_items"]

PROOFS: list = []
for _p, (_find, _ref) in USER.items():
    PROOFS += [
        (_p, "get_user_details", [_find, details(_ref)]),
        (_p, "modify_user_address", [_find, ("modify_user_address", {"user_id": _ref, **ADDRESS})]),
    ]
    PROOFS += [(_p, c, [_find, details(_ref), *order_consumer(c)]) for c in _ORDER_USERS]
PROOFS += [(DETAILS, c, [EMAIL, details(UID), *order_consumer(c)]) for c in _ORDER_USERS]

# the backpack order #H4410023 has reached the customer, but the store only knows once it syncs
SYNC = [EMAIL, details(UID), ("get_order_details", {"order_id": SHIPPED}),
        ("sync_tracking_status", {"tracking_id": "$get_order_details.fulfillments.0.tracking_id.0"})]
BACKPACK = ("get_product_details", {"product_id": "$get_order_details.items.0.product_id"})
PROOFS += [
    ("list_all_product_types", "get_product_details", [
        ("list_all_product_types", {}), ("get_product_details", {"product_id": "$list_all_product_types.Desk Lamp"})]),
    ("get_order_details", "get_product_details", [EMAIL, details(UID), *order_consumer("get_order_details"), BACKPACK]),
    ("get_order_details", "return_delivered_order_items", [EMAIL, details(UID), *order_consumer("return_delivered_order_items")]),
    ("get_order_details", "sync_tracking_status", SYNC),
    ("get_order_details", "modify_pending_order_items", [EMAIL, details(UID), *order_consumer("modify_pending_order_items")]),
    ("get_product_details", "modify_pending_order_items", [EMAIL, details(UID), *order_consumer("modify_pending_order_items")]),
    ("get_order_details", "exchange_delivered_order_items", [EMAIL, details(UID), *order_consumer("exchange_delivered_order_items")]),
    ("get_product_details", "exchange_delivered_order_items", [EMAIL, details(UID), *order_consumer("exchange_delivered_order_items")]),
    ("sync_tracking_status", "return_delivered_order_items", SYNC + [
        ("return_delivered_order_items", {"order_id": SHIPPED, "item_ids": ["$get_order_details.items.0.item_id"],
                                          "payment_method_id": PAYPAL})]),
    ("sync_tracking_status", "exchange_delivered_order_items", SYNC + [BACKPACK, (
        "exchange_delivered_order_items", {"order_id": SHIPPED, "item_ids": ["$get_order_details.items.0.item_id"],
                                           "new_item_ids": ["$get_product_details.variants.8054888773.item_id"],
                                           "payment_method_id": GIFT})]),
]
