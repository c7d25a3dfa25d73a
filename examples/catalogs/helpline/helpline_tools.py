"""Helpline: a retail customer-service back end over a dict-of-dicts database (16 tools).

Written in the manner of a simulated retail support desk: every tool is a plain function over one
database (``state.db`` with ``users``, ``orders``, ``products`` and the carrier's ``shipments``);
replies are JSON text (``json.dumps``) or plain strings, and a refusal is a *returned* string that
starts with ``"Error: "``, never an exception. The agent finds the customer by email or by name and
zip code, reads the customer's orders (ids only in the user details), and may change an order only
in the status the action needs: pending orders are cancelled or modified, delivered ones returned
or exchanged. ``FAILURE`` tells a checker how refusals look.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as
provider means either tool satisfies it, and the text of ``what`` before its first ``:`` is the kind.
"""

from __future__ import annotations

import ast
import copy
import json
import operator
from dataclasses import dataclass, field
from typing import Any


def _payment(pid: str, source: str, **extra: Any) -> dict:
    return {"source": source, "id": pid, **extra}


def _seed_users() -> dict:
    return {
        "sofia_ramirez_3381": {
            "user_id": "sofia_ramirez_3381", "name": {"first_name": "Sofia", "last_name": "Ramirez"},
            "address": {"address1": "412 Birch Lane", "address2": "Apt 3", "city": "Columbus", "country": "USA",
                        "state": "OH", "zip": "43215"},
            "email": "sofia.ramirez@example.com",
            "payment_methods": {
                "credit_card_5521": _payment("credit_card_5521", "credit_card", brand="visa", last_four="5521"),
                "gift_card_7740": _payment("gift_card_7740", "gift_card", balance=85.0),
                "paypal_2210": _payment("paypal_2210", "paypal"),
            },
            "orders": ["#H4410021", "#H4410022", "#H4410023", "#H4410024"],
        },
        "sofia_ramirez_7720": {
            "user_id": "sofia_ramirez_7720", "name": {"first_name": "Sofia", "last_name": "Ramirez"},
            "address": {"address1": "90 Congress Ave", "address2": "", "city": "Austin", "country": "USA",
                        "state": "TX", "zip": "78701"},
            "email": "s.ramirez.atx@example.org",
            "payment_methods": {"credit_card_1029": _payment("credit_card_1029", "credit_card", brand="amex",
                                                             last_four="1029")},
            "orders": [],
        },
        "kenji_watanabe_9012": {
            "user_id": "kenji_watanabe_9012", "name": {"first_name": "Kenji", "last_name": "Watanabe"},
            "address": {"address1": "1500 Pine St", "address2": "Unit 12", "city": "Seattle", "country": "USA",
                        "state": "WA", "zip": "98101"},
            "email": "kenji.w@example.net",
            "payment_methods": {
                "credit_card_8830": _payment("credit_card_8830", "credit_card", brand="mastercard", last_four="8830"),
                "gift_card_1190": _payment("gift_card_1190", "gift_card", balance=12.0),
            },
            "orders": ["#H4410031"],
        },
    }


def _variant(item_id: str, price: float, available: bool, **options: str) -> dict:
    return {"item_id": item_id, "options": options, "available": available, "price": price}


def _seed_products() -> dict:
    products = {
        "6086499569": ("Water Bottle", [
            _variant("4579334072", 49.6, True, capacity="500ml", material="stainless steel", color="black"),
            _variant("7661609223", 46.51, True, capacity="1000ml", material="stainless steel", color="red"),
            _variant("3453331371", 19.99, False, capacity="500ml", material="plastic", color="blue")]),
        "8310926033": ("Desk Lamp", [
            _variant("1270145486", 144.07, True, color="white", brightness="low", power_source="USB"),
            _variant("5320792178", 135.24, True, color="black", brightness="high", power_source="AC adapter"),
            _variant("6805564527", 158.41, False, color="silver", brightness="medium", power_source="battery")]),
        "1656367028": ("Running Shoes", [
            _variant("9791469541", 147.05, True, size="9", color="black", material="mesh"),
            _variant("4107812777", 155.33, True, size="10", color="black", material="mesh"),
            _variant("2185126308", 176.12, False, size="9", color="white", material="leather")]),
        "2524789262": ("Wireless Earbuds", [
            _variant("3694871183", 256.67, True, color="white", battery_life="8 hours", water_resistance="IPX4"),
            _variant("6077640618", 242.92, True, color="black", battery_life="6 hours", water_resistance="none")]),
        "4768869376": ("Backpack", [
            _variant("5917587651", 212.79, True, color="green", size="large", material="nylon"),
            _variant("8054888773", 206.03, True, color="grey", size="small", material="polyester")]),
    }
    return {pid: {"name": name, "product_id": pid, "variants": {v["item_id"]: v for v in variants}}
            for pid, (name, variants) in products.items()}


def _line(products: dict, product_id: str, item_id: str) -> dict:
    v = products[product_id]["variants"][item_id]
    return {"name": products[product_id]["name"], "product_id": product_id, "item_id": item_id,
            "price": v["price"], "options": dict(v["options"])}


def _seed_orders(users: dict, products: dict) -> dict:
    def order(oid: str, uid: str, status: str, lines: list, method: str, tracking: str | None) -> dict:
        total = round(sum(x["price"] for x in lines), 2)
        return {"order_id": oid, "user_id": uid, "address": copy.deepcopy(users[uid]["address"]), "items": lines,
                "fulfillments": [{"tracking_id": [tracking], "item_ids": [x["item_id"] for x in lines]}] if tracking else [],
                "status": status,
                "payment_history": [{"transaction_type": "payment", "amount": total, "payment_method_id": method}]}

    return {
        "#H4410021": order("#H4410021", "sofia_ramirez_3381", "delivered",
                           [_line(products, "6086499569", "4579334072"), _line(products, "8310926033", "1270145486")],
                           "credit_card_5521", "TRK-58820431"),
        "#H4410022": order("#H4410022", "sofia_ramirez_3381", "pending",
                           [_line(products, "1656367028", "9791469541"), _line(products, "2524789262", "3694871183")],
                           "credit_card_5521", None),
        "#H4410023": order("#H4410023", "sofia_ramirez_3381", "shipped",
                           [_line(products, "4768869376", "5917587651")], "paypal_2210", "TRK-58820977"),
        "#H4410024": order("#H4410024", "sofia_ramirez_3381", "processed",
                           [_line(products, "8310926033", "5320792178")], "credit_card_5521", None),
        "#H4410031": order("#H4410031", "kenji_watanabe_9012", "pending",
                           [_line(products, "4768869376", "8054888773")], "credit_card_8830", None),
    }


def _seed_db() -> dict:
    users, products = _seed_users(), _seed_products()
    return {
        "users": users, "products": products, "orders": _seed_orders(users, products),
        # what the carrier knows: #H4410023 was dropped off today, but the store has not synced yet
        "shipments": {"TRK-58820431": {"carrier": "UPS", "order_id": "#H4410021", "status": "delivered"},
                      "TRK-58820977": {"carrier": "FedEx", "order_id": "#H4410023", "status": "delivered"}},
    }


@dataclass
class HelplineState:
    db: dict = field(default_factory=_seed_db)


State = HelplineState

CANCEL_REASONS = ("no longer needed", "ordered by mistake")


def FAILURE(output: Any) -> bool:  # noqa: N802 - the name the oracle looks for
    """A reply is a refusal when it is a string starting with 'Error: ' (the catalog's convention)."""
    return isinstance(output, str) and output.startswith("Error: ")


def _pending(db: dict, order_id: str) -> dict | str:
    order = db["orders"].get(order_id)
    if order is None:
        return "Error: order not found"
    if order["status"] != "pending":
        return "Error: non-pending order cannot be modified"
    return order


def _delivered(db: dict, order_id: str) -> dict | str:
    order = db["orders"].get(order_id)
    if order is None:
        return "Error: order not found"
    if order["status"] != "delivered":
        return "Error: non-delivered order cannot be returned or exchanged"
    return order


def _swap_items(db: dict, order: dict, item_ids: list[str], new_item_ids: list[str]) -> float | str:
    """Check a swap of ``item_ids`` (lines of ``order``) for ``new_item_ids``; the price difference."""
    if not item_ids or len(item_ids) != len(new_item_ids):
        return "Error: the number of items to be exchanged should match"
    lines = [x["item_id"] for x in order["items"]]
    for iid in item_ids:
        if item_ids.count(iid) > lines.count(iid):
            return f"Error: {iid} not found in the order"
    diff = 0.0
    for iid, new in zip(item_ids, new_item_ids):
        line = next(x for x in order["items"] if x["item_id"] == iid)
        variant = db["products"][line["product_id"]]["variants"].get(new)
        if variant is None or not variant["available"]:
            return f"Error: new item {new} not found or available"
        if new == iid:
            return "Error: the new item must differ from the old one"
        diff += variant["price"] - line["price"]
    return round(diff, 2)


# ----------------------------------------------------------------------------- users

def find_user_id_by_email(email: str, state: HelplineState) -> str:
    """Find user id by email. If the user is not found, the function will return an error message.

    Args:
        email: The email of the user, such as 'something@example.com'.
    """
    for uid, user in state.db["users"].items():
        if user["email"].lower() == email.strip().lower():
            return uid
    return "Error: user not found"


def find_user_id_by_name_zip(first_name: str, last_name: str, zip: str, state: HelplineState) -> str:
    """Find user id by first name, last name, and zip code. If the user is not found, the function
    will return an error message. By default, find user id by email, and only call this function if
    the user is not found by email or cannot remember email.

    Args:
        first_name: The first name of the customer, such as 'John'.
        last_name: The last name of the customer, such as 'Doe'.
        zip: The zip code of the customer, such as '12345'.
    """
    for uid, user in state.db["users"].items():
        if (user["name"]["first_name"].lower() == first_name.strip().lower()
                and user["name"]["last_name"].lower() == last_name.strip().lower()
                and user["address"]["zip"] == zip.strip()):
            return uid
    return "Error: user not found"


def get_user_details(user_id: str, state: HelplineState) -> str:
    """Get the details of a user, including their orders.

    Args:
        user_id: The user id, such as 'sara_doe_496'.
    """
    user = state.db["users"].get(user_id)
    if user is None:
        return "Error: user not found"
    return json.dumps(user)


def modify_user_address(user_id: str, address1: str, address2: str, city: str, region: str, country: str,
                        zip: str, state: HelplineState) -> str:
    """Modify the default address of a user. The agent needs to explain the modification detail and
    ask for explicit user confirmation (yes) to proceed.

    Args:
        user_id: The user id, such as 'sara_doe_496'.
        address1: The first line of the address, such as '123 Main St'.
        address2: The second line of the address, such as 'Apt 1' or ''.
        city: The city, such as 'San Francisco'.
        region: The state or province, such as 'CA'.
        country: The country, such as 'USA'.
        zip: The zip code, such as '12345'.
    """
    user = state.db["users"].get(user_id)
    if user is None:
        return "Error: user not found"
    user["address"] = {"address1": address1, "address2": address2, "city": city, "country": country,
                       "state": region, "zip": zip}
    return json.dumps(user)


# ----------------------------------------------------------------------------- catalogue

def list_all_product_types(state: HelplineState) -> str:
    """List the name and product id of all product types. Each product type has a variety of
    different items with unique item ids and options. There are only a few product types, so all
    product types will be returned."""
    return json.dumps({p["name"]: pid for pid, p in sorted(state.db["products"].items(), key=lambda kv: kv[1]["name"])})


def get_product_details(product_id: str, state: HelplineState) -> str:
    """Get the inventory details of a product.

    Args:
        product_id: The product id, such as '6086499569'. Be careful the product id is different from the item id.
    """
    product = state.db["products"].get(product_id)
    if product is None:
        return "Error: product not found"
    return json.dumps(product)


# ----------------------------------------------------------------------------- orders

def get_order_details(order_id: str, state: HelplineState) -> str:
    """Get the status and details of an order.

    Args:
        order_id: The order id, such as '#W0000000'. Be careful there is a '#' symbol at the beginning of the order id.
    """
    order = state.db["orders"].get(order_id)
    if order is None:
        return "Error: order not found"
    return json.dumps(order)


def cancel_pending_order(order_id: str, reason: str, state: HelplineState) -> str:
    """Cancel a pending order. If the order is already processed or delivered, it cannot be
    cancelled. The refund goes to the original payment method: immediately for a gift card, in 5 to
    7 business days otherwise. The agent needs explicit user confirmation (yes) to proceed.

    Args:
        order_id: The order id, such as '#W0000000'.
        reason: The reason for cancellation, which should be either 'no longer needed' or 'ordered by mistake'.
    """
    order = state.db["orders"].get(order_id)
    if order is None:
        return "Error: order not found"
    if order["status"] != "pending":
        return "Error: non-pending order cannot be cancelled"
    if reason not in CANCEL_REASONS:
        return "Error: invalid reason"
    refunds = []
    for payment in order["payment_history"]:
        if payment["transaction_type"] != "payment":
            continue
        refunds.append({"transaction_type": "refund", "amount": payment["amount"],
                        "payment_method_id": payment["payment_method_id"]})
        method = state.db["users"][order["user_id"]]["payment_methods"].get(payment["payment_method_id"], {})
        if method.get("source") == "gift_card":
            method["balance"] = round(method["balance"] + payment["amount"], 2)
    order["status"] = "cancelled"
    order["cancel_reason"] = reason
    order["payment_history"].extend(refunds)
    return json.dumps(order)


def modify_pending_order_address(order_id: str, address1: str, address2: str, city: str, region: str,
                                 country: str, zip: str, state: HelplineState) -> str:
    """Modify the shipping address of a pending order. The agent needs explicit user confirmation (yes) to proceed.

    Args:
        order_id: The order id, such as '#W0000000'.
        address1: The first line of the address, such as '123 Main St'.
        address2: The second line of the address, such as 'Apt 1' or ''.
        city: The city, such as 'San Francisco'.
        region: The state or province, such as 'CA'.
        country: The country, such as 'USA'.
        zip: The zip code, such as '12345'.
    """
    order = _pending(state.db, order_id)
    if isinstance(order, str):
        return order
    order["address"] = {"address1": address1, "address2": address2, "city": city, "country": country,
                        "state": region, "zip": zip}
    return json.dumps(order)


def modify_pending_order_payment(order_id: str, payment_method_id: str, state: HelplineState) -> str:
    """Modify the payment method of a pending order. The agent needs explicit user confirmation (yes) to proceed.

    Args:
        order_id: The order id, such as '#W0000000'.
        payment_method_id: The payment method id to pay or receive refund for the item price difference,
            such as 'gift_card_0000000' or 'credit_card_0000000'. These can be looked up from the user or order details.
    """
    order = _pending(state.db, order_id)
    if isinstance(order, str):
        return order
    method = state.db["users"][order["user_id"]]["payment_methods"].get(payment_method_id)
    if method is None:
        return "Error: payment method not found"
    paid = [p for p in order["payment_history"] if p["transaction_type"] == "payment"]
    if len(paid) != 1:
        return "Error: there should be exactly one payment for a pending order"
    if paid[0]["payment_method_id"] == payment_method_id:
        return "Error: the new payment method should be different from the current one"
    amount = paid[0]["amount"]
    if method["source"] == "gift_card" and method["balance"] < amount:
        return "Error: insufficient gift card balance to pay for the order"
    order["payment_history"] += [
        {"transaction_type": "payment", "amount": amount, "payment_method_id": payment_method_id},
        {"transaction_type": "refund", "amount": amount, "payment_method_id": paid[0]["payment_method_id"]}]
    if method["source"] == "gift_card":
        method["balance"] = round(method["balance"] - amount, 2)
    return json.dumps(order)


def modify_pending_order_items(order_id: str, item_ids: list[str], new_item_ids: list[str], payment_method_id: str,
                               state: HelplineState) -> str:
    """Modify items in a pending order to new items of the same product type. For a pending order,
    this function can only be called once. The agent needs explicit user confirmation (yes) to proceed.

    Args:
        order_id: The order id, such as '#W0000000'.
        item_ids: The item ids to be modified, each such as '1008292230'. There could be duplicate items in the list.
        new_item_ids: The item ids to be modified for, each such as '1008292230'. There could be duplicate items
            in the list. Each new item id should match the item id in the same position and be of the same product.
        payment_method_id: The payment method id to pay or receive refund for the item price difference.
    """
    order = _pending(state.db, order_id)
    if isinstance(order, str):
        return order
    diff = _swap_items(state.db, order, item_ids, new_item_ids)
    if isinstance(diff, str):
        return diff
    method = state.db["users"][order["user_id"]]["payment_methods"].get(payment_method_id)
    if method is None:
        return "Error: payment method not found"
    if method["source"] == "gift_card" and method["balance"] < diff:
        return "Error: insufficient gift card balance to pay for the new item"
    if diff:
        order["payment_history"].append({"transaction_type": "payment" if diff > 0 else "refund",
                                         "amount": abs(diff), "payment_method_id": payment_method_id})
        if method["source"] == "gift_card":
            method["balance"] = round(method["balance"] - diff, 2)
    for iid, new in zip(item_ids, new_item_ids):
        line = next(x for x in order["items"] if x["item_id"] == iid)
        line.update(_line(state.db["products"], line["product_id"], new))
    order["status"] = "pending (item modified)"
    return json.dumps(order)


def return_delivered_order_items(order_id: str, item_ids: list[str], payment_method_id: str,
                                 state: HelplineState) -> str:
    """Return some items of a delivered order. The order status will be changed to 'return requested'.
    The agent needs explicit user confirmation (yes) to proceed. The user will receive follow-up email
    for how and where to return the item.

    Args:
        order_id: The order id, such as '#W0000000'.
        item_ids: The item ids to be returned, each such as '1008292230'. There could be duplicate items in the list.
        payment_method_id: The payment method id to pay or receive refund for the item price difference.
            It should be either the original payment method of the order or a gift card of the user.
    """
    order = _delivered(state.db, order_id)
    if isinstance(order, str):
        return order
    method = state.db["users"][order["user_id"]]["payment_methods"].get(payment_method_id)
    if method is None:
        return "Error: payment method not found"
    original = order["payment_history"][0]["payment_method_id"]
    if method["source"] != "gift_card" and payment_method_id != original:
        return "Error: payment method should be either the original payment method or a gift card"
    lines = [x["item_id"] for x in order["items"]]
    if not item_ids:
        return "Error: no items to return"
    for iid in item_ids:
        if item_ids.count(iid) > lines.count(iid):
            return "Error: some item not found"
    order["status"] = "return requested"
    order["return_items"] = sorted(item_ids)
    order["return_payment_method_id"] = payment_method_id
    return json.dumps(order)


def exchange_delivered_order_items(order_id: str, item_ids: list[str], new_item_ids: list[str],
                                   payment_method_id: str, state: HelplineState) -> str:
    """Exchange items in a delivered order to new items of the same product type. For a delivered
    order, return or exchange can be only done once by the agent. The agent needs explicit user
    confirmation (yes) to proceed.

    Args:
        order_id: The order id, such as '#W0000000'.
        item_ids: The item ids to be exchanged, each such as '1008292230'. There could be duplicate items in the list.
        new_item_ids: The item ids to be exchanged for, each such as '1008292230'. Each new item id should match
            the item id in the same position and be of the same product.
        payment_method_id: The payment method id to pay or receive refund for the item price difference.
    """
    order = _delivered(state.db, order_id)
    if isinstance(order, str):
        return order
    diff = _swap_items(state.db, order, item_ids, new_item_ids)
    if isinstance(diff, str):
        return diff
    method = state.db["users"][order["user_id"]]["payment_methods"].get(payment_method_id)
    if method is None:
        return "Error: payment method not found"
    if method["source"] == "gift_card" and method["balance"] < diff:
        return "Error: insufficient gift card balance to pay for the price difference"
    order["status"] = "exchange requested"
    order["exchange_items"] = sorted(item_ids)
    order["exchange_new_items"] = sorted(new_item_ids)
    order["exchange_payment_method_id"] = payment_method_id
    order["exchange_price_difference"] = diff
    return json.dumps(order)


def sync_tracking_status(tracking_id: str, state: HelplineState) -> str:
    """Ask the carrier for the latest status of a shipment and record it on its order (an order the
    carrier reports as delivered becomes 'delivered').

    Args:
        tracking_id: The tracking id of a fulfillment, such as '172873946121'.
    """
    shipment = state.db["shipments"].get(tracking_id)
    if shipment is None:
        return "Error: tracking id not found"
    order = state.db["orders"][shipment["order_id"]]
    if shipment["status"] == "delivered" and order["status"] == "shipped":
        order["status"] = "delivered"
    return json.dumps({"tracking_id": tracking_id, "carrier": shipment["carrier"], "carrier_status": shipment["status"],
                       "order_id": shipment["order_id"], "order_status": order["status"]})


# ----------------------------------------------------------------------------- misc

_OPS = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul, ast.Div: operator.truediv,
        ast.USub: operator.neg, ast.UAdd: operator.pos}


def _evaluate(node: ast.AST) -> float:
    if isinstance(node, ast.Expression):
        return _evaluate(node.body)
    if isinstance(node, ast.Constant) and isinstance(node.value, (int, float)) and not isinstance(node.value, bool):
        return node.value
    if isinstance(node, ast.BinOp) and type(node.op) in _OPS:
        return _OPS[type(node.op)](_evaluate(node.left), _evaluate(node.right))
    if isinstance(node, ast.UnaryOp) and type(node.op) in _OPS:
        return _OPS[type(node.op)](_evaluate(node.operand))
    raise ValueError("unsupported expression")


def calculate(expression: str) -> str:
    """Calculate the result of a mathematical expression.

    Args:
        expression: The mathematical expression to calculate, such as '2 + 2'. The expression can contain
            numbers, operators (+, -, *, /), parentheses, and spaces.
    """
    if len(expression) > 200:
        return "Error: expression too long"
    try:
        return str(round(float(_evaluate(ast.parse(expression, mode="eval"))), 2))
    except (SyntaxError, ValueError, ZeroDivisionError, TypeError) as exc:
        return f"Error: {exc}"


def transfer_to_human_agents(summary: str) -> str:
    """Transfer the user to a human agent, with a summary of the user's issue. Only transfer if the user
    explicitly asks for a human agent, or the issue cannot be resolved within the scope of the tools.

    Args:
        summary: A summary of the user's issue.
    """
    return "Transfer successful"


TOOLS = [
    find_user_id_by_email, find_user_id_by_name_zip, get_user_details, modify_user_address,
    list_all_product_types, get_product_details,
    get_order_details, cancel_pending_order, modify_pending_order_address, modify_pending_order_payment,
    modify_pending_order_items, return_delivered_order_items, exchange_delivered_order_items, sync_tracking_status,
    calculate, transfer_to_human_agents,
]

# What a tester is handed: what two callers told the agent (no user, order or item ids).
FIXTURES = {
    "customer_email": "sofia.ramirez@example.com",
    "customer_first_name": "Kenji",
    "customer_last_name": "Watanabe",
    "customer_zip": "98101",
    "cancel_reason": "no longer needed",
    "new_address": {"address1": "77 Harbor Rd", "address2": "", "city": "Columbus", "region": "OH",
                    "country": "USA", "zip": "43204"},
}

_USER = "find_user_id_by_email|find_user_id_by_name_zip"
_ORDER_USERS = ["get_order_details", "cancel_pending_order", "modify_pending_order_address",
                "modify_pending_order_payment", "modify_pending_order_items", "return_delivered_order_items",
                "exchange_delivered_order_items"]
_METHOD_USERS = ["modify_pending_order_payment", "modify_pending_order_items", "return_delivered_order_items",
                 "exchange_delivered_order_items"]

# (provider, consumer, what): the real prerequisites designed into the catalog.
GROUND_TRUTH = (
    [(_USER, c, "whole reply: the reply string is the user_id") for c in ("get_user_details", "modify_user_address")]
    + [("get_user_details", c, "id lookup: orders[*] of the user (JSON text)")
       for c in _ORDER_USERS if c not in _METHOD_USERS]
    + [("get_user_details", c, "two values: an order of the user and one of the same user's payment_methods.<id>.id")
       for c in _METHOD_USERS]
    + [(_USER, c, "transitive: the order ids come from the user's details") for c in _ORDER_USERS]
    + [
        ("list_all_product_types|get_order_details", "get_product_details", "id lookup: product_id"),
        ("get_order_details", "return_delivered_order_items", "id lookup: items[*].item_id of the order"),
        ("get_order_details", "sync_tracking_status", "id lookup: fulfillments[*].tracking_id[*] (list in a list)"),
        ("get_order_details", "modify_pending_order_items", "two values: item ids of the order"),
        ("get_product_details", "modify_pending_order_items", "two values: new item ids of the same product"),
        ("get_order_details", "exchange_delivered_order_items", "two values: item ids of the order"),
        ("get_product_details", "exchange_delivered_order_items", "two values: new item ids of the same product"),
        ("sync_tracking_status", "return_delivered_order_items", "state: the carrier's delivery must be synced"),
        ("sync_tracking_status", "exchange_delivered_order_items", "state: the carrier's delivery must be synced"),
    ]
)

# Real dependencies the ground truth does not list.
PLAUSIBLE = {
    ("get_user_details", "find_user_id_by_name_zip"), ("get_user_details", "modify_user_address"),
    ("get_order_details", "modify_pending_order_address"), ("get_order_details", "cancel_pending_order"),
    ("get_order_details", "modify_pending_order_payment"), ("get_user_details", "sync_tracking_status"),
    ("find_user_id_by_email", "sync_tracking_status"), ("find_user_id_by_name_zip", "sync_tracking_status"),
    ("find_user_id_by_email", "get_product_details"), ("find_user_id_by_name_zip", "get_product_details"),
    ("get_user_details", "get_product_details"), ("list_all_product_types", "modify_pending_order_items"),
    ("list_all_product_types", "exchange_delivered_order_items"), ("get_order_details", "calculate"),
    ("get_product_details", "calculate"), ("modify_user_address", "modify_pending_order_address"),
}
