"""ShopDesk: the back end a customer-service agent of an online shop works with (44 tools).

Plain Python functions over an in-memory ``ShopState``: customers found by email, phone or name and
postcode; orders whose lines are nested (``items[*].item_id``); payment methods nested in
``methods[*].id``; products whose variants are items; shipments, returns, refunds, exchanges,
loyalty points, gift cards and support tickets. Write endpoints need the agent's token; read
endpoints do not. As in a real service, the customer and product endpoints refuse with
``{"error": ...}`` dicts, while the order, return and ticket endpoints raise ``ApiError`` (with an
HTTP status); ``get_user_details`` and ``get_order_details`` reply in JSON text, and some
docstrings do not describe the reply at all.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as
provider means either tool satisfies it, and the text of ``what`` before its first ``:`` is the
kind. ``FRESH_STATES`` adds a fresh state in which the shop has just opened (no orders yet).
"""

from __future__ import annotations

import copy
import hashlib
import json
import re
from dataclasses import dataclass, field
from typing import Optional


class ApiError(Exception):
    """A refusal of the order, return and ticket endpoints, with its HTTP status."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(f"{status}: {message}")
        self.status = status


def _seed_users() -> dict:
    return {
        "usr_maya_chen_4102": {
            "first_name": "Maya", "last_name": "Chen", "email": "maya.chen@example.com", "phone": "+14155550134",
            "address": {"address1": "18 Alder Street", "city": "London", "postcode": "N1 7GU", "country": "GB"},
            "payment_methods": {
                "pm_card_7781": {"kind": "credit_card", "brand": "visa", "last4": "4411"},
                "pm_paypal_1205": {"kind": "paypal", "email": "maya.chen@example.com"},
            },
            "loyalty": {"number": "LY-550-182", "points": 1250},
        },
        "usr_omar_haddad_7731": {
            "first_name": "Omar", "last_name": "Haddad", "email": "o.haddad@example.org", "phone": "+442071838750",
            "address": {"address1": "4 Quay Road", "city": "Bristol", "postcode": "BS1 4DJ", "country": "GB"},
            "payment_methods": {"pm_card_3310": {"kind": "credit_card", "brand": "mastercard", "last4": "0042"}},
            "loyalty": {"number": "LY-550-907", "points": 300},
        },
    }


def _seed_products() -> dict:
    return {
        "prod_tshirt": {"name": "Organic T-Shirt", "items": {
            "itm_ts_m_blue": {"options": {"size": "M", "color": "blue"}, "price": 24.0, "available": True},
            "itm_ts_l_blue": {"options": {"size": "L", "color": "blue"}, "price": 24.0, "available": True},
            "itm_ts_m_red": {"options": {"size": "M", "color": "red"}, "price": 24.0, "available": False}}},
        "prod_kettle": {"name": "Electric Kettle 1.7 l", "items": {
            "itm_kt_steel": {"options": {"finish": "steel"}, "price": 49.5, "available": True},
            "itm_kt_black": {"options": {"finish": "black"}, "price": 52.0, "available": True}}},
        "prod_headphones": {"name": "Wireless Headphones", "items": {
            "itm_hp_white": {"options": {"color": "white"}, "price": 129.0, "available": True}}},
    }


def _seed_orders() -> dict:
    return {
        "#W101": {"user_id": "usr_maya_chen_4102", "status": "delivered", "payment_method_id": "pm_card_7781",
                  "items": [{"item_id": "itm_ts_m_blue", "product_id": "prod_tshirt", "price": 24.0},
                            {"item_id": "itm_kt_steel", "product_id": "prod_kettle", "price": 49.5}],
                  "shipment": {"tracking_number": "1Z999AA10123456784", "carrier": "UPS", "status": "delivered"},
                  "address": None},
        "#W102": {"user_id": "usr_maya_chen_4102", "status": "pending", "payment_method_id": "pm_paypal_1205",
                  "items": [{"item_id": "itm_hp_white", "product_id": "prod_headphones", "price": 129.0},
                            {"item_id": "itm_ts_m_blue", "product_id": "prod_tshirt", "price": 24.0}],
                  "shipment": None, "address": None},
        "#W103": {"user_id": "usr_omar_haddad_7731", "status": "shipped", "payment_method_id": "pm_card_3310",
                  "items": [{"item_id": "itm_kt_black", "product_id": "prod_kettle", "price": 52.0}],
                  "shipment": {"tracking_number": "9400111899223817", "carrier": "USPS", "status": "in_transit"},
                  "address": None},
    }


@dataclass
class ShopState:
    agents: dict = field(default_factory=lambda: {"agent.rivera": {"password": "Desk#2025", "agent_id": "AG-31", "team": "tier1"},
                                                  "agent.okafor": {"password": "Okafor!9", "agent_id": "AG-44", "team": "billing"}})
    tokens: dict = field(default_factory=dict)
    users: dict = field(default_factory=_seed_users)
    products: dict = field(default_factory=_seed_products)
    orders: dict = field(default_factory=_seed_orders)
    returns: dict = field(default_factory=dict)
    refunds: dict = field(default_factory=dict)
    tickets: dict = field(default_factory=lambda: {"T-77": {"user_id": "usr_omar_haddad_7731", "subject": "Where is my kettle?",
                                                            "status": "open", "notes": [], "assignee": None, "team": "tier1"}})
    gift_cards: dict = field(default_factory=lambda: {"GIFT-8M2K-Q7XP": 40.0})
    counter: int = 200


State = ShopState


def opening_day_state() -> ShopState:
    """The shop on its first day: customers and products, but no orders and no tickets yet."""
    s = ShopState()
    s.orders, s.tickets = {}, {}
    return s


FRESH_STATES = {"default": ShopState, "opening_day": opening_day_state}


def _next(state: ShopState, prefix: str) -> str:
    state.counter += 1
    return f"{prefix}{state.counter}"


def _agent(state: ShopState, agent_token: str) -> str:
    agent = state.tokens.get(agent_token)
    if agent is None:
        raise ApiError(401, "missing or invalid agent token")
    return agent


def _agent_or_error(state: ShopState, agent_token: str) -> Optional[dict]:
    return None if agent_token in state.tokens else {"error": "unauthorized: invalid agent token"}


def _order(state: ShopState, order_id: str) -> dict:
    o = state.orders.get(order_id)
    if o is None:
        raise ApiError(404, f"order {order_id} not found")
    return o


def _user_or_error(state: ShopState, user_id: str):
    u = state.users.get(user_id)
    return (u, None) if u is not None else (None, {"error": f"user {user_id} not found"})


_POSTCODE = re.compile(r"[A-Z]{1,2}\d[A-Z\d]? \d[A-Z]{2}")


# ----------------------------------------------------------------------------- agent

def authenticate_agent(username: str, password: str, state: ShopState) -> dict:
    """Sign in to the support console. The token it returns authorizes every write endpoint."""
    a = state.agents.get(username)
    if a is None or a["password"] != password:
        return {"error": "invalid username or password"}
    token = "agt_" + hashlib.sha256(f"{username}{state.counter}".encode()).hexdigest()[:20]
    state.counter += 1
    state.tokens[token] = username
    return {"token": token, "expires_in": 3600}


def get_agent_profile(agent_token: str, state: ShopState) -> dict:
    """The signed-in agent's id, name and team."""
    if err := _agent_or_error(state, agent_token):
        return err
    name = state.tokens[agent_token]
    return {"agent_id": state.agents[name]["agent_id"], "username": name, "team": state.agents[name]["team"]}


# ----------------------------------------------------------------------------- customers

def find_user_by_email(email: str, state: ShopState) -> dict:
    """Find a customer's user id by their email address."""
    for uid, u in state.users.items():
        if u["email"].lower() == email.strip().lower():
            return {"user_id": uid}
    return {"error": "no customer with this email"}


def find_user_by_phone(phone: str, state: ShopState) -> dict:
    """Find a customer by phone number (any formatting, with or without the country code)."""
    digits = re.sub(r"\D", "", phone).lstrip("0")  # a leading 0 is the national trunk prefix
    for uid, u in state.users.items():
        own = re.sub(r"\D", "", u["phone"])
        if len(digits) >= 7 and (own.endswith(digits) or digits.endswith(own)):
            return {"user_id": uid, "name": f"{u['first_name']} {u['last_name']}"}
    return {"error": "no customer with this phone number"}


def find_user_by_name_and_postcode(first_name: str, last_name: str, postcode: str, state: ShopState) -> dict:
    """Find a customer by first and last name and the postcode of their address (normalized form, e.g. 'N1 7GU')."""
    if not _POSTCODE.fullmatch(postcode):
        return {"error": "postcode must be in normalized form such as 'SW1A 1AA'"}
    for uid, u in state.users.items():
        if (u["first_name"].lower(), u["last_name"].lower(), u["address"]["postcode"]) == (
                first_name.strip().lower(), last_name.strip().lower(), postcode):
            return {"user_id": uid}
    return {"error": "no customer matches"}


def get_user_details(user_id: str, state: ShopState) -> str | dict:
    """Get the details of a customer."""
    u, err = _user_or_error(state, user_id)
    if err:
        return err
    orders = [oid for oid, o in state.orders.items() if o["user_id"] == user_id]
    return json.dumps({
        "user_id": user_id, "name": {"first": u["first_name"], "last": u["last_name"]}, "email": u["email"],
        "address": u["address"], "orders": orders,
        "payment_methods": [{"id": pid, **pm} for pid, pm in u["payment_methods"].items()],
    })


def normalize_postcode(raw_postcode: str) -> dict:
    """Normalize a UK postcode typed in any form ('sw1a1aa', 'SW1A-1AA') to its standard form 'SW1A 1AA'."""
    compact = re.sub(r"[^A-Za-z0-9]", "", raw_postcode).upper()
    if not 5 <= len(compact) <= 7:
        return {"error": "not a UK postcode"}
    normalized = f"{compact[:-3]} {compact[-3:]}"
    if not _POSTCODE.fullmatch(normalized):
        return {"error": "not a UK postcode"}
    return {"postcode": normalized}


def lookup_postcode(postcode: str) -> dict:
    """City and region of a normalized UK postcode."""
    if not _POSTCODE.fullmatch(postcode):
        return {"error": "postcode must be normalized, e.g. 'SW1A 1AA'"}
    area = re.match(r"[A-Z]+", postcode).group()
    cities = {"N": "London", "SW": "London", "E": "London", "W": "London", "BS": "Bristol", "M": "Manchester",
              "EH": "Edinburgh", "CB": "Cambridge", "OX": "Oxford"}
    return {"postcode": postcode, "city": cities.get(area, "United Kingdom"), "deliverable": area in cities}


def update_user_address(agent_token: str, user_id: str, address1: str, city: str, postcode: str,
                        state: ShopState) -> dict:
    """Change a customer's default shipping address. postcode must be in normalized form."""
    if err := _agent_or_error(state, agent_token):
        return err
    u, err = _user_or_error(state, user_id)
    if err:
        return err
    if not _POSTCODE.fullmatch(postcode):
        return {"error": "postcode must be in normalized form such as 'SW1A 1AA'"}
    u["address"] = {"address1": address1, "city": city, "postcode": postcode, "country": "GB"}
    return {"user_id": user_id, "address": u["address"]}


# ----------------------------------------------------------------------------- payment methods

def list_payment_methods(user_id: str, state: ShopState) -> dict:
    """A customer's saved payment methods."""
    u, err = _user_or_error(state, user_id)
    if err:
        return err
    return {"user_id": user_id, "methods": [{"id": pid, **copy.deepcopy(pm)} for pid, pm in u["payment_methods"].items()]}


def tokenize_card(card_number: str, expiry: str, cvc: str) -> dict:
    """Exchange raw card details (number, expiry 'MM/YY', CVC) for a single-use card_token; raw numbers are never stored."""
    digits = re.sub(r"\D", "", card_number)
    if not 13 <= len(digits) <= 19 or sum(
            (int(d) * 2 - 9 if int(d) * 2 > 9 else int(d) * 2) if i % 2 else int(d)
            for i, d in enumerate(reversed(digits))) % 10:
        return {"error": "invalid card number"}
    if not re.fullmatch(r"(0[1-9]|1[0-2])/\d{2}", expiry) or not re.fullmatch(r"\d{3,4}", cvc):
        return {"error": "invalid expiry or cvc"}
    return {"card_token": "ctok_" + hashlib.sha1(digits.encode()).hexdigest()[:16], "last4": digits[-4:]}


def add_payment_method(agent_token: str, user_id: str, card_token: str, state: ShopState) -> dict:
    """Save a tokenized card (card_token from the card vault) as a payment method of a customer."""
    if err := _agent_or_error(state, agent_token):
        return err
    u, err = _user_or_error(state, user_id)
    if err:
        return err
    if not re.fullmatch(r"ctok_[0-9a-f]{16}", card_token):
        return {"error": "card_token is not a vault token"}
    pid = _next(state, "pm_card_")
    u["payment_methods"][pid] = {"kind": "credit_card", "brand": "visa", "last4": "????"}
    return {"payment_method_id": pid}


def remove_payment_method(agent_token: str, user_id: str, payment_method_id: str, state: ShopState) -> dict:
    """Delete a saved payment method of a customer."""
    if err := _agent_or_error(state, agent_token):
        return err
    u, err = _user_or_error(state, user_id)
    if err:
        return err
    if u["payment_methods"].pop(payment_method_id, None) is None:
        return {"error": f"no payment method {payment_method_id}"}
    return {"removed": payment_method_id}


def check_gift_card_balance(gift_card_code: str, state: ShopState) -> dict:
    """Balance of a gift card."""
    if gift_card_code not in state.gift_cards:
        return {"error": "unknown gift card"}
    return {"balance": state.gift_cards[gift_card_code], "currency": "GBP"}


def apply_gift_card(agent_token: str, user_id: str, gift_card_code: str, state: ShopState) -> dict:
    """Attach a gift card to a customer's account as a payment method."""
    if err := _agent_or_error(state, agent_token):
        return err
    u, err = _user_or_error(state, user_id)
    if err:
        return err
    balance = state.gift_cards.pop(gift_card_code, None)
    if balance is None:
        return {"error": "unknown or already used gift card"}
    pid = _next(state, "pm_gift_")
    u["payment_methods"][pid] = {"kind": "gift_card", "balance": balance}
    return {"payment_method_id": pid, "balance": balance}


# ----------------------------------------------------------------------------- products

def search_products(query: str, state: ShopState) -> dict:
    """Search the catalogue by product name."""
    q = query.strip().lower()
    return {"products": [{"product_id": pid, "name": p["name"]} for pid, p in state.products.items()
                         if q and any(w in p["name"].lower() for w in q.split())]}


def get_product_details(product_id: str, state: ShopState) -> dict:
    """A product and its variants ('items'), with options, price and availability."""
    p = state.products.get(product_id)
    if p is None:
        return {"error": f"no product {product_id}"}
    return {"product_id": product_id, "name": p["name"],
            "items": [{"item_id": iid, **copy.deepcopy(v)} for iid, v in p["items"].items()]}


def _product_of(state: ShopState, item_id: str) -> Optional[str]:
    return next((pid for pid, p in state.products.items() if item_id in p["items"]), None)


# ----------------------------------------------------------------------------- orders

def list_user_orders(user_id: str, state: ShopState) -> dict:
    """A customer's orders with their status."""
    if user_id not in state.users:
        raise ApiError(404, f"user {user_id} not found")
    return {"orders": [{"order_id": oid, "status": o["status"]} for oid, o in state.orders.items() if o["user_id"] == user_id]}


def get_order_details(order_id: str, state: ShopState) -> str:
    """Status, lines, payment method and shipment of an order, as a JSON document."""
    o = _order(state, order_id)
    return json.dumps({"order_id": order_id, **copy.deepcopy(o)})


def place_order(agent_token: str, user_id: str, item_ids: list[str], payment_method_id: str, state: ShopState) -> dict:
    """Place an order on behalf of a customer for one or more available items, paid with a saved method."""
    _agent(state, agent_token)
    u = state.users.get(user_id)
    if u is None:
        raise ApiError(404, f"user {user_id} not found")
    if payment_method_id not in u["payment_methods"]:
        raise ApiError(422, "payment method does not belong to this customer")
    if not item_ids:
        raise ApiError(422, "no items")
    lines = []
    for iid in item_ids:
        pid = _product_of(state, iid)
        if pid is None or not state.products[pid]["items"][iid]["available"]:
            raise ApiError(422, f"item {iid} is not available")
        lines.append({"item_id": iid, "product_id": pid, "price": state.products[pid]["items"][iid]["price"]})
    oid = f"#W{_next(state, '')}"
    state.orders[oid] = {"user_id": user_id, "status": "pending", "payment_method_id": payment_method_id,
                         "items": lines, "shipment": None, "address": None}
    return {"order_id": oid, "status": "pending", "total": sum(x["price"] for x in lines)}


def cancel_order(agent_token: str, order_id: str, reason: str, state: ShopState) -> dict:
    """Cancel a pending order. reason is 'no longer needed' or 'ordered by mistake'."""
    _agent(state, agent_token)
    o = _order(state, order_id)
    if reason not in ("no longer needed", "ordered by mistake"):
        raise ApiError(422, "reason must be 'no longer needed' or 'ordered by mistake'")
    if o["status"] != "pending":
        raise ApiError(409, f"only pending orders can be cancelled (this one is {o['status']})")
    o["status"] = "cancelled"
    return {"order_id": order_id, "status": "cancelled"}


def modify_order_address(agent_token: str, order_id: str, address1: str, city: str, postcode: str,
                         state: ShopState) -> dict:
    """Change the delivery address of a pending order (normalized postcode)."""
    _agent(state, agent_token)
    o = _order(state, order_id)
    if o["status"] != "pending":
        raise ApiError(409, "the order has left the warehouse")
    if not _POSTCODE.fullmatch(postcode):
        raise ApiError(422, "postcode must be in normalized form such as 'SW1A 1AA'")
    o["address"] = {"address1": address1, "city": city, "postcode": postcode}
    return {"order_id": order_id, "address": o["address"]}


def modify_pending_order_items(agent_token: str, order_id: str, item_id: str, new_item_id: str,
                               payment_method_id: str, state: ShopState) -> dict:
    """Swap one line of a pending order for another variant of the same product; any price difference
    is charged to or refunded on payment_method_id."""
    _agent(state, agent_token)
    o = _order(state, order_id)
    if o["status"] != "pending":
        raise ApiError(409, "only pending orders can be modified")
    line = next((x for x in o["items"] if x["item_id"] == item_id), None)
    if line is None:
        raise ApiError(404, f"item {item_id} is not in order {order_id}")
    if new_item_id == item_id or _product_of(state, new_item_id) != line["product_id"]:
        raise ApiError(422, "new_item_id must be a different variant of the same product")
    if not state.products[line["product_id"]]["items"][new_item_id]["available"]:
        raise ApiError(422, "that variant is out of stock")
    if payment_method_id not in state.users[o["user_id"]]["payment_methods"]:
        raise ApiError(422, "payment method does not belong to this customer")
    line["item_id"] = new_item_id
    return {"order_id": order_id, "items": [x["item_id"] for x in o["items"]]}


# ----------------------------------------------------------------------------- shipping

def track_shipment(order_id: str, state: ShopState) -> dict:
    """Carrier and tracking number of a shipped order."""
    o = _order(state, order_id)
    if o["shipment"] is None:
        raise ApiError(409, "the order has not shipped yet")
    return dict(o["shipment"])


def confirm_delivery(agent_token: str, tracking_number: str, state: ShopState) -> dict:
    """Record a carrier's proof of delivery for a tracking number (marks the order delivered)."""
    _agent(state, agent_token)
    for oid, o in state.orders.items():
        if o["shipment"] and o["shipment"]["tracking_number"] == tracking_number:
            o["shipment"]["status"] = "delivered"
            o["status"] = "delivered"
            return {"order_id": oid, "status": "delivered"}
    raise ApiError(404, f"no shipment {tracking_number}")


def get_shipping_quote(postcode: str, weight_kg: float) -> dict:
    """Price of standard delivery to a normalized UK postcode for a parcel of 0.1 to 30 kg."""
    if not _POSTCODE.fullmatch(postcode):
        return {"error": "postcode must be normalized, e.g. 'SW1A 1AA'"}
    if not 0.1 <= weight_kg <= 30:
        return {"error": "weight_kg must be between 0.1 and 30"}
    return {"postcode": postcode, "price_gbp": round(3.95 + 0.6 * weight_kg, 2), "days": 2}


# ----------------------------------------------------------------------------- returns, refunds, exchanges

def _delivered_line(state: ShopState, order_id: str, item_id: str) -> dict:
    o = _order(state, order_id)
    if o["status"] != "delivered":
        raise ApiError(409, f"only delivered orders can be returned or exchanged (this one is {o['status']})")
    line = next((x for x in o["items"] if x["item_id"] == item_id), None)
    if line is None:
        raise ApiError(404, f"item {item_id} is not in order {order_id}")
    return line


def create_return(agent_token: str, order_id: str, item_id: str, reason: str, state: ShopState) -> dict:
    """Open a return (RMA) for one line of a delivered order."""
    _agent(state, agent_token)
    line = _delivered_line(state, order_id, item_id)
    rid = _next(state, "RMA-")
    state.returns[rid] = {"order_id": order_id, "item_id": item_id, "amount": line["price"], "reason": reason,
                          "status": "awaiting_parcel"}
    return {"return_id": rid, "status": "awaiting_parcel", "label_url": f"https://returns.example/{rid}.pdf"}


def get_return_status(return_id: str, state: ShopState) -> dict:
    r = state.returns.get(return_id)
    if r is None:
        raise ApiError(404, f"no return {return_id}")
    return {"return_id": return_id, "status": r["status"], "amount": r["amount"]}


def mark_return_received(agent_token: str, return_id: str, state: ShopState) -> dict:
    """Record that the returned parcel arrived at the warehouse."""
    _agent(state, agent_token)
    r = state.returns.get(return_id)
    if r is None:
        raise ApiError(404, f"no return {return_id}")
    r["status"] = "received"
    return {"return_id": return_id, "status": "received"}


def issue_refund(agent_token: str, return_id: str, payment_method_id: str, state: ShopState) -> dict:
    """Refund a received return to one of the customer's payment methods."""
    _agent(state, agent_token)
    r = state.returns.get(return_id)
    if r is None:
        raise ApiError(404, f"no return {return_id}")
    if r["status"] != "received":
        raise ApiError(409, "the returned item has not been received yet")
    user = state.orders[r["order_id"]]["user_id"]
    if payment_method_id not in state.users[user]["payment_methods"]:
        raise ApiError(422, "payment method does not belong to this customer")
    fid = _next(state, "RF-")
    state.refunds[fid] = {"return_id": return_id, "amount": r["amount"], "payment_method_id": payment_method_id}
    r["status"] = "refunded"
    return {"refund_id": fid, "amount": r["amount"]}


def create_exchange(agent_token: str, order_id: str, item_id: str, new_item_id: str, state: ShopState) -> dict:
    """Exchange one line of a delivered order for another available variant of the same product."""
    _agent(state, agent_token)
    line = _delivered_line(state, order_id, item_id)
    pid = _product_of(state, new_item_id)
    if new_item_id == item_id or pid != line["product_id"]:
        raise ApiError(422, "new_item_id must be a different variant of the same product")
    if not state.products[pid]["items"][new_item_id]["available"]:
        raise ApiError(422, "that variant is out of stock")
    xid = _next(state, "EX-")
    return {"exchange_id": xid, "ships": new_item_id}


# ----------------------------------------------------------------------------- loyalty

def get_loyalty_account(user_id: str, state: ShopState) -> dict:
    """A customer's loyalty card number and points balance."""
    u, err = _user_or_error(state, user_id)
    if err:
        return err
    return {"loyalty_number": u["loyalty"]["number"], "points": u["loyalty"]["points"]}


def redeem_points(agent_token: str, loyalty_number: str, points: int, state: ShopState) -> dict:
    """Convert loyalty points into store credit (in steps of 100 points, up to the balance)."""
    if err := _agent_or_error(state, agent_token):
        return err
    u = next((u for u in state.users.values() if u["loyalty"]["number"] == loyalty_number), None)
    if u is None:
        return {"error": f"no loyalty account {loyalty_number}"}
    if points <= 0 or points % 100 or points > u["loyalty"]["points"]:
        return {"error": "points must be a positive multiple of 100 within the balance"}
    u["loyalty"]["points"] -= points
    return {"credit_gbp": points / 100, "points_left": u["loyalty"]["points"]}


# ----------------------------------------------------------------------------- tickets

def _ticket(state: ShopState, ticket_id: str) -> dict:
    t = state.tickets.get(ticket_id)
    if t is None or t["status"] == "closed":
        raise ApiError(404, f"no open ticket {ticket_id}")
    return t


def list_open_tickets(agent_token: str, state: ShopState) -> dict:
    """The open support tickets of the queue."""
    _agent(state, agent_token)
    return {"tickets": [{"ticket_id": tid, "subject": t["subject"], "assignee": t["assignee"]}
                        for tid, t in state.tickets.items() if t["status"] == "open"]}


def open_ticket(agent_token: str, user_id: str, subject: str, state: ShopState) -> dict:
    """Open a support ticket about a customer."""
    _agent(state, agent_token)
    if user_id not in state.users:
        raise ApiError(404, f"user {user_id} not found")
    tid = _next(state, "T-")
    state.tickets[tid] = {"user_id": user_id, "subject": subject, "status": "open", "notes": [], "assignee": None,
                          "team": "tier1"}
    return {"ticket_id": tid}


def add_ticket_note(agent_token: str, ticket_id: str, note: str, state: ShopState) -> dict:
    """Add an internal note to a ticket."""
    _agent(state, agent_token)
    t = _ticket(state, ticket_id)
    if not note.strip():
        raise ApiError(422, "empty note")
    t["notes"].append(note)
    return {"ticket_id": ticket_id, "notes": len(t["notes"])}


def assign_ticket(agent_token: str, ticket_id: str, agent_id: str, state: ShopState) -> dict:
    """Assign a ticket to an agent (by agent_id, e.g. 'AG-12')."""
    _agent(state, agent_token)
    t = _ticket(state, ticket_id)
    if not any(a["agent_id"] == agent_id for a in state.agents.values()):
        raise ApiError(404, f"no agent {agent_id}")
    t["assignee"] = agent_id
    return {"ticket_id": ticket_id, "assignee": agent_id}


def escalate_ticket(agent_token: str, ticket_id: str, team: str, state: ShopState) -> dict:
    """Escalate a ticket to another team: 'billing', 'logistics' or 'tier2'."""
    _agent(state, agent_token)
    t = _ticket(state, ticket_id)
    if team not in ("billing", "logistics", "tier2"):
        raise ApiError(422, "team must be billing, logistics or tier2")
    t["team"] = team
    return {"ticket_id": ticket_id, "team": team}


def close_ticket(agent_token: str, ticket_id: str, resolution: str, state: ShopState) -> dict:
    """Close a ticket with a resolution. Policy: a ticket needs at least one internal note before it is closed."""
    _agent(state, agent_token)
    t = _ticket(state, ticket_id)
    if not t["notes"]:
        raise ApiError(409, "add an internal note before closing the ticket")
    t["status"] = "closed"
    return {"ticket_id": ticket_id, "status": "closed", "resolution": resolution}


# ----------------------------------------------------------------------------- misc

def transfer_to_human(summary: str) -> dict:
    """Hand the conversation to a human supervisor with a one-line summary."""
    return {"transferred": True, "queue_position": 3}


def get_store_policy(topic: str) -> dict:
    """The shop's policy text on 'returns', 'exchanges', 'shipping' or 'loyalty'."""
    text = {"returns": "Delivered items can be returned within 30 days; refunds are issued once the parcel is received.",
            "exchanges": "Delivered items can be exchanged for another variant of the same product.",
            "shipping": "Standard delivery in 2 working days within the UK.",
            "loyalty": "100 points are worth 1 GBP of store credit."}.get(topic.strip().lower())
    if text is None:
        return {"error": "topics: returns, exchanges, shipping, loyalty"}
    return {"topic": topic, "policy": text}


def convert_currency(amount: float, from_currency: str, to_currency: str) -> dict:
    """Convert an amount between GBP, EUR and USD at today's reference rates."""
    rates = {"GBP": 1.0, "EUR": 1.17, "USD": 1.27}
    f, t = from_currency.upper(), to_currency.upper()
    if f not in rates or t not in rates:
        return {"error": "currencies: GBP, EUR, USD"}
    return {"amount": round(amount / rates[f] * rates[t], 2), "currency": t}


TOOLS = [
    authenticate_agent, get_agent_profile,
    find_user_by_email, find_user_by_phone, find_user_by_name_and_postcode, get_user_details, normalize_postcode,
    lookup_postcode, update_user_address,
    list_payment_methods, tokenize_card, add_payment_method, remove_payment_method, check_gift_card_balance,
    apply_gift_card,
    search_products, get_product_details,
    list_user_orders, get_order_details, place_order, cancel_order, modify_order_address, modify_pending_order_items,
    track_shipment, confirm_delivery, get_shipping_quote,
    create_return, get_return_status, mark_return_received, issue_refund, create_exchange,
    get_loyalty_account, redeem_points,
    list_open_tickets, open_ticket, add_ticket_note, assign_ticket, escalate_ticket, close_ticket,
    transfer_to_human, get_store_policy, convert_currency,
]

# What a tester is handed: the agent's console account and what two customers told the agent.
FIXTURES = {
    "username": "agent.rivera",
    "password": "Desk#2025",
    "customer_email": "maya.chen@example.com",
    "customer_phone": "020 7183 8750",
    "customer_first_name": "Maya",
    "customer_last_name": "Chen",
    "customer_postcode": "n17gu",
    "card_number": "4242 4242 4242 4242",
    "card_expiry": "12/28",
    "card_cvc": "123",
    "gift_card_code": "GIFT-8M2K-Q7XP",
}

_TOKEN_USERS = ["get_agent_profile", "update_user_address", "add_payment_method", "remove_payment_method",
                "apply_gift_card", "place_order", "cancel_order", "modify_order_address", "modify_pending_order_items",
                "confirm_delivery", "create_return", "mark_return_received", "issue_refund", "create_exchange",
                "redeem_points", "list_open_tickets", "open_ticket", "add_ticket_note", "assign_ticket",
                "escalate_ticket", "close_ticket"]
_USER_ID_USERS = ["get_user_details", "update_user_address", "list_payment_methods", "add_payment_method",
                  "remove_payment_method", "apply_gift_card", "list_user_orders", "place_order", "get_loyalty_account",
                  "open_ticket"]
_USER_LOOKUP = "find_user_by_email|find_user_by_phone|find_user_by_name_and_postcode"
_ORDER_ID_USERS = ["get_order_details", "track_shipment", "create_return", "create_exchange"]
_PENDING_ORDER_USERS = ["cancel_order", "modify_order_address", "modify_pending_order_items"]
_METHOD_USERS = ["remove_payment_method", "place_order", "modify_pending_order_items", "issue_refund"]
_TICKET_USERS = ["add_ticket_note", "assign_ticket", "escalate_ticket", "close_ticket"]

# (provider, consumer, what): the real prerequisites designed into the catalog.
GROUND_TRUTH = (
    [("authenticate_agent", c, "auth: agent token") for c in _TOKEN_USERS]
    + [(_USER_LOOKUP, c, "id lookup: user_id") for c in _USER_ID_USERS]
    + [("list_user_orders|get_user_details", c, "id lookup: order_id") for c in _ORDER_ID_USERS]
    + [("list_user_orders|get_user_details|place_order", c, "id lookup/create: order_id of a pending order")
       for c in _PENDING_ORDER_USERS]
    + [("list_payment_methods|get_user_details", c, "id lookup: methods[*].id / payment_methods[*].id (nested)")
       for c in _METHOD_USERS]
    + [("open_ticket|list_open_tickets", c, "id lookup/create: ticket_id") for c in _TICKET_USERS]
    + [
        ("normalize_postcode", "find_user_by_name_and_postcode", "format: normalized postcode"),
        ("normalize_postcode", "update_user_address", "format: normalized postcode"),
        ("normalize_postcode", "modify_order_address", "format: normalized postcode"),
        ("normalize_postcode", "lookup_postcode", "format: normalized postcode"),
        ("normalize_postcode", "get_shipping_quote", "format: normalized postcode"),
        ("tokenize_card", "add_payment_method", "format: card_token"),
        ("search_products", "get_product_details", "id lookup: product_id"),
        ("get_product_details", "place_order", "id lookup: items[*].item_id (nested)"),
        ("get_order_details", "create_return", "id lookup: items[*].item_id of the order (JSON text reply)"),
        ("get_order_details", "create_exchange", "two values: item_id of the order and new_item_id of the same product"),
        ("get_product_details", "create_exchange", "two values: new_item_id, a variant of the same product"),
        ("get_order_details", "modify_pending_order_items", "two values: item_id of the order and new_item_id"),
        ("get_product_details", "modify_pending_order_items", "two values: new_item_id of the same product"),
        ("track_shipment", "confirm_delivery", "id lookup: tracking_number"),
        ("confirm_delivery", "create_return", "state: order must be delivered (#W103 is still in transit)"),
        ("confirm_delivery", "create_exchange", "state: order must be delivered"),
        ("create_return", "get_return_status", "provenance: return_id"),
        ("create_return", "mark_return_received", "provenance: return_id"),
        ("create_return", "issue_refund", "create-before-use: a refund needs a return"),
        ("mark_return_received", "issue_refund", "state: return must be received"),
        ("add_ticket_note", "close_ticket", "state: a note is required before closing"),
        ("get_agent_profile", "assign_ticket", "id lookup: agent_id"),
        ("get_loyalty_account", "redeem_points", "id lookup: loyalty_number"),
        (_USER_LOOKUP, "get_order_details", "transitive: order ids come from the customer's order list"),
        (_USER_LOOKUP, "issue_refund", "transitive: the payment method comes from the customer's methods"),
        (_USER_LOOKUP, "redeem_points", "transitive: the loyalty number comes from the customer's account"),
    ]
)

# Prerequisites that only appear when exploring from another fresh state (FRESH_STATES).
GROUND_TRUTH_VARIANTS = [
    ("place_order", "cancel_order", "create-before-use: no orders on opening day", "opening_day"),
    ("place_order", "get_order_details", "create-before-use: no orders on opening day", "opening_day"),
    ("open_ticket", "add_ticket_note", "create-before-use: no tickets on opening day", "opening_day"),
]

# Real dependencies the ground truth does not list.
PLAUSIBLE = {
    ("find_user_by_email", "find_user_by_phone"), ("get_user_details", "list_user_orders"),
    ("list_user_orders", "get_user_details"), ("get_user_details", "list_payment_methods"),
    ("place_order", "list_user_orders"), ("place_order", "track_shipment"), ("add_payment_method", "list_payment_methods"),
    ("apply_gift_card", "list_payment_methods"), ("apply_gift_card", "place_order"), ("add_payment_method", "place_order"),
    ("get_order_details", "get_product_details"), ("normalize_postcode", "get_user_details"),
    ("get_user_details", "update_user_address"), ("search_products", "place_order"),
    ("confirm_delivery", "get_order_details"), ("confirm_delivery", "track_shipment"),
    ("open_ticket", "list_open_tickets"), ("check_gift_card_balance", "apply_gift_card"),
    ("get_user_details", "get_loyalty_account"), ("get_user_details", "find_user_by_name_and_postcode"),
    ("get_user_details", "lookup_postcode"), ("get_user_details", "get_shipping_quote"),
    # an order's payment_method_id, and methods added by a gift card or a card, pay or receive money
    ("get_order_details", "issue_refund"), ("get_order_details", "place_order"),
    ("get_order_details", "remove_payment_method"),
    *[(p, c) for p in ("apply_gift_card", "add_payment_method")
      for c in ("remove_payment_method", "modify_pending_order_items", "issue_refund")],
}
