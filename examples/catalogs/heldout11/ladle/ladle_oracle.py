"""Scripted proofs that Ladle's designed prerequisites are real (checked by the checkout's
examples/catalogs/oracle.py: a raised exception is a failure).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer
fails once every call of the provider is dropped (its outputs replaced by control values). Customers
are found by e-mail or phone (the bare user id, ``"$find_user_id_by_email"``); dicts are referenced
through their fields (``"$list_user_orders.orders.0.0"``, ``"$get_user_details.addresses.0.address_id"``,
``"$get_order_details.lines.1.line_id"``, ``"$report_order_issue.issue_id"``); the address id Ladle only
writes inside a sentence (``addr_8001``, the day's first new address) is written literally: it comes
from a counter, so it is the same in every fresh state, and does not exist without ``add_address``.
"""

EMAIL = {"mia": "mia.chen@example.com", "dario": "dario.reyes@example.net", "hannah": "hannah.okoro@example.org"}
PHONE = {"mia": "(415) 555-0148", "dario": "510-555-0172", "hannah": "+1 415 555 0193"}
NEW_ADDR = "addr_8001"


def find(who: str = "mia", how: str = "find_user_id_by_email") -> tuple[list, str]:
    arg = {"email": EMAIL[who]} if how == "find_user_id_by_email" else {"phone": PHONE[who]}
    return [(how, arg)], f"${how}"


def details(uid: str) -> tuple:
    return ("get_user_details", {"user_id": uid})


def orders(uid: str, status: str | None = None) -> tuple:
    args = {"user_id": uid}
    if status:
        args["status"] = status
    return ("list_user_orders", args)


PM = "$get_user_details.payment_methods.0.payment_method_id"
ORDER = "$list_user_orders.orders.0.0"


def sister_address(uid: str) -> tuple:
    return ("add_address", {"user_id": uid, "label": "Sister's", "line1": "1180 Valencia St", "city": "San Francisco",
                            "zip_code": "94110", "instructions": "Ring twice"})


def menu(name: str = "Taqueria") -> list:
    return [("search_restaurants", {"name": name}), ("get_menu", {"restaurant_id": "$search_restaurants.0.restaurant_id"})]


def new_order(how: str = "find_user_id_by_email", addr: str = "get_user_details", pay: str = "card",
              who: str = "mia", items=(0, 3)) -> list:
    """A Taqueria Luz order placed now (burrito and horchata unless told), to the saved home address, the new
    address or (Dario) his office, paid by card, PayPal or Ladle credit."""
    steps, uid = find(who, how)
    steps += menu()
    steps.append(details(uid))
    address = "$get_user_details.addresses.0.address_id"
    payment = PM
    if who == "dario":
        address, payment = "$get_user_details.addresses.1.address_id", "$get_user_details.payment_methods.1.payment_method_id"
    if addr == "add_address":
        steps.append(sister_address(uid))
        address = NEW_ADDR
    if pay == "credit":
        steps.append(("redeem_gift_card", {"user_id": uid, "gift_code": "LADL-7Q2M-99XK"}))
        payment = "ladle_credit"
    steps.append(("place_order", {"user_id": uid, "restaurant_id": "$search_restaurants.0.restaurant_id",
                                  "item_ids": [f"$get_menu.items.{i}.item_id" for i in items], "address_id": address,
                                  "payment_method_id": payment, "tip": 2.5}))
    return steps


def on_new(consumer: str) -> list:
    """A change to an order just placed (``$place_order.order_id``)."""
    o = "$place_order.order_id"
    if consumer == "change_delivery_address":
        return new_order(who="dario") + [("change_delivery_address", {
            "order_id": o, "address_id": "$get_user_details.addresses.0.address_id"})]
    if consumer == "apply_promo_code":
        return new_order(who="dario", items=(0, 1)) + [("apply_promo_code", {"order_id": o, "promo_code": "PLUSFIVE"})]
    tail = {
        "get_order_details": ("get_order_details", {"order_id": o}),
        "cancel_order": ("cancel_order", {"order_id": o, "reason": "ordered by mistake"}),
        "add_order_items": ("add_order_items", {"order_id": o, "item_ids": ["$get_menu.items.2.item_id"]}),
        "remove_order_item": ("remove_order_item", {"order_id": o, "line_id": "$place_order.lines.1.line_id"}),
        "update_tip": ("update_tip", {"order_id": o, "tip": 4.0}),
    }[consumer]
    return new_order() + [tail]


def on_listed(consumer: str, how: str = "find_user_id_by_email") -> list:
    """A change to Mia's Taqueria Luz order placed ten minutes ago, found in her orders."""
    steps, uid = find("mia", how)
    if consumer == "apply_promo_code":
        return steps + [details(uid), ("join_plus", {"user_id": uid, "payment_method_id": PM}), orders(uid, "placed"),
                        ("apply_promo_code", {"order_id": ORDER, "promo_code": "PLUSFIVE"})]
    steps.append(orders(uid, "placed"))
    if consumer == "get_order_details":
        return steps + [("get_order_details", {"order_id": ORDER})]
    if consumer == "cancel_order":
        return steps + [("cancel_order", {"order_id": ORDER, "reason": "changed mind"})]
    if consumer == "add_order_items":
        return steps + menu() + [("add_order_items", {"order_id": ORDER, "item_ids": ["$get_menu.items.1.item_id"]})]
    if consumer == "remove_order_item":
        return steps + [("get_order_details", {"order_id": ORDER}),
                        ("remove_order_item", {"order_id": ORDER, "line_id": "$get_order_details.lines.2.line_id"})]
    if consumer == "change_delivery_address":
        return steps + [sister_address(uid), ("change_delivery_address", {"order_id": ORDER, "address_id": NEW_ADDR})]
    if consumer == "update_tip":
        return steps + [("update_tip", {"order_id": ORDER, "tip": 5.0})]
    raise KeyError(consumer)


def courier(consumer: str) -> list:
    steps, uid = find("dario", "find_user_id_by_phone")
    steps.append(orders(uid, "out_for_delivery"))
    if consumer == "get_courier_status":
        return steps + [("get_courier_status", {"order_id": ORDER})]
    return steps + [("message_courier", {"order_id": ORDER, "message": "Please use the Townsend St entrance and "
                                                                        "leave it with reception on the 3rd floor."})]


def missing_rolls(upto: str) -> list:
    """Mia's Golden Wok order last night (her newest delivered one) came without the spring rolls."""
    steps, uid = find("mia")
    steps += [orders(uid, "delivered"), ("get_order_details", {"order_id": ORDER}),
              ("report_order_issue", {"order_id": ORDER, "issue": "missing_items",
                                      "line_ids": ["$get_order_details.lines.1.line_id"],
                                      "details": "Both portions of spring rolls were missing from the bag."})]
    if upto == "issue_refund":
        steps += [("calculate", {"expression": "6.95 * 2"}),
                  ("issue_refund", {"order_id": ORDER, "issue_id": "$report_order_issue.issue_id",
                                    "amount": "$report_order_issue.eligible_refund",
                                    "destination": "original_payment"})]
    return steps


def reorder_pizza(addr: str = "get_user_details") -> list:
    """Mia reorders her Bella Forno order of 5 November (her second delivered order)."""
    steps, uid = find("mia", "find_user_id_by_phone")
    steps += [orders(uid, "delivered"), details(uid)]
    address = "$get_user_details.addresses.0.address_id"
    if addr == "add_address":
        steps.append(sister_address(uid))
        address = NEW_ADDR
    return steps + [("reorder", {"order_id": "$list_user_orders.orders.1.0", "address_id": address,
                                 "payment_method_id": PM})]


def user_path(consumer: str, how: str) -> list:
    if consumer == "place_order":
        return new_order(how)
    who = "dario" if consumer in ("cancel_plus", "issue_goodwill_credit") else "mia"
    steps, uid = find(who, how)
    if consumer == "get_user_details":
        return steps + [details(uid)]
    if consumer == "list_user_orders":
        return steps + [orders(uid)]
    if consumer == "add_address":
        return steps + [sister_address(uid)]
    if consumer == "redeem_gift_card":
        return steps + [("redeem_gift_card", {"user_id": uid, "gift_code": "LADL-7Q2M-99XK"})]
    if consumer == "join_plus":
        return steps + [details(uid), ("join_plus", {"user_id": uid, "payment_method_id": PM})]
    if consumer == "cancel_plus":
        return steps + [("cancel_plus", {"user_id": uid})]
    if consumer == "issue_goodwill_credit":
        return steps + [("transfer_to_human_agents", {"summary": "Customer asks about a late order; supervisor "
                                                                 "approved goodwill credit"}),
                        ("issue_goodwill_credit", {"user_id": uid, "amount": 5.0,
                                                   "reason": "Saffron House order on 6 November arrived 71 minutes "
                                                             "late"})]
    raise KeyError(consumer)


PROOFS = []


def prove(provider: str, steps: list) -> None:
    PROOFS.append((provider, steps[-1][0], steps))


for _c in ("get_user_details", "list_user_orders", "add_address", "redeem_gift_card", "join_plus", "cancel_plus",
           "issue_goodwill_credit", "place_order"):
    for _how in ("find_user_id_by_email", "find_user_id_by_phone"):
        prove(_how, user_path(_c, _how))
for _c in ("get_order_details", "cancel_order", "add_order_items", "remove_order_item", "change_delivery_address",
           "apply_promo_code", "update_tip"):
    prove("list_user_orders", on_listed(_c))
    prove("place_order", on_new(_c))
prove("list_user_orders", courier("get_courier_status"))
prove("list_user_orders", courier("message_courier"))
prove("list_user_orders", missing_rolls("report_order_issue"))
prove("list_user_orders", missing_rolls("issue_refund"))
prove("list_user_orders", reorder_pizza())
# addresses and payment methods
prove("get_user_details", new_order())
prove("add_address", new_order(addr="add_address"))
prove("get_user_details", on_new("change_delivery_address"))
prove("add_address", on_listed("change_delivery_address"))
prove("get_user_details", reorder_pizza())
prove("add_address", reorder_pizza("add_address"))
prove("get_user_details", user_path("join_plus", "find_user_id_by_email"))
# lines, issues, refunds
prove("get_order_details", on_listed("remove_order_item"))
prove("get_order_details", missing_rolls("report_order_issue"))
prove("report_order_issue", missing_rolls("issue_refund"))
# restaurants and menus
prove("search_restaurants", menu())
prove("search_restaurants", new_order())
prove("get_menu", new_order())
prove("get_menu", on_listed("add_order_items"))
# credit and membership
prove("redeem_gift_card", new_order(pay="credit"))
prove("join_plus", on_listed("apply_promo_code"))

_MIA, _UID = find("mia")
_DARIO, _DUID = find("dario")
NON_PREREQUISITES = [
    ("search_restaurants", [("search_restaurants", {"cuisine": "pizza"})] + _MIA + [orders(_UID)]),
    ("get_menu", menu("Bella") + _DARIO + [orders(_DUID, "out_for_delivery"),
                                            ("get_courier_status", {"order_id": ORDER})]),
    ("calculate", [("calculate", {"expression": "13.50 + 6.25"})] + _MIA + [details(_UID)]),
    ("get_user_details", _MIA + [details(_UID), orders(_UID, "placed"),
                                 ("cancel_order", {"order_id": ORDER, "reason": "taking too long"})]),
    ("get_order_details", _DARIO + [orders(_DUID, "out_for_delivery"), ("get_order_details", {"order_id": ORDER}),
                                    ("message_courier", {"order_id": ORDER, "message": "I'm at the front desk."})]),
    ("transfer_to_human_agents", [("transfer_to_human_agents", {"summary": "Customer wants to talk to a person"})]
     + _MIA + [orders(_UID)]),
]
