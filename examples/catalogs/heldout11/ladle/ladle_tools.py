"""Ladle: the customer-support tools of a food delivery app (26 calls).

Plain functions over an in-memory ``State`` of Ladle's San Francisco market on Friday
12 November 2027 at 19:40, in the style of the customer-service back ends of public agent
benchmarks: customers are found by e-mail or phone number; a customer record holds saved addresses,
payment methods, Ladle credit and the Ladle Plus flag; orders are listed newest first, a page at a
time (``next_cursor``); an order holds its lines (each with a line id), the restaurant, the delivery
address, the payment, the courier and a status (``placed`` until the restaurant accepts it,
``preparing``, ``out_for_delivery``, ``delivered`` or ``cancelled``).

Items can be added or removed, the address changed and the order cancelled only while it is
``placed``; promo codes go on a ``placed`` or ``preparing`` order; the courier can be tracked and
messaged while the order is ``out_for_delivery``; problems are reported on a ``delivered`` order
(within seven days), and a refund needs the issue reported on that same order.

Replies are dicts, a bare string (a user id) or a sentence (a saved address, a redeemed gift card, a
goodwill credit, the courier's whereabouts). Every refusal is raised as ``ValueError``, as the
environments of such benchmarks do; nothing is returned as an error value.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as
provider means either tool satisfies it, and the text of ``what`` before its first ``:`` is the
kind.
"""

import copy
from typing import List, Literal, Optional

NOW = "2027-11-12 19:40"
TODAY = "2027-11-12"

OrderStatus = Literal["placed", "preparing", "out_for_delivery", "delivered", "cancelled"]
IssueType = Literal["missing_items", "wrong_items", "damaged", "late", "never_arrived"]
RefundDestination = Literal["original_payment", "ladle_credit"]

DELIVERY_FEE = 2.99
SERVICE_FEE = 1.50
PLUS_PRICE = 9.99
PAGE_SIZE = 3

_CANCEL_REASONS = ("ordered_by_mistake", "changed_mind", "taking_too_long", "wrong_address", "duplicate_order")
_PROMOS = {"PLUSFIVE": ("plus", 5.00, 20.00), "LADLE15": ("first_order", 0.15, 0.0)}
_REPORT_WINDOW_DAYS = 7


def _item(name, price, available=True):
    return {"name": name, "price": price, "available": available}


def _line(order_id, n, item_id, name, price, qty=1):
    return {"line_id": f"{order_id}-{n}", "item_id": item_id, "name": name, "unit_price": price, "quantity": qty}


def _order(oid, user, rst, status, placed_at, lines, address_id, pm, tip, delivered_at=None, promised_by=None,
           courier=None, promo=None, discount=0.0):
    return {"order_id": oid, "user_id": user, "restaurant_id": rst, "status": status, "placed_at": placed_at,
            "promised_by": promised_by, "delivered_at": delivered_at, "lines": lines, "address_id": address_id,
            "payment_method_id": pm, "tip": tip, "promo_code": promo, "discount": discount, "courier": courier,
            "refunds": []}


class State:
    """Ladle, San Francisco market, Friday 12 November 2027, 19:40."""

    def __init__(self) -> None:
        self.restaurants = {
            "rst_31877": {"name": "Golden Wok", "cuisine": "chinese", "zip": "94110",
                          "delivers_to": ["94110", "94103", "94107"], "open": True, "menu": {
                              "itm_10231": _item("Kung Pao Chicken", 15.50), "itm_10232": _item("Mapo Tofu", 13.75),
                              "itm_10240": _item("Vegetable Spring Rolls", 6.95),
                              "itm_10244": _item("Egg Fried Rice", 9.00),
                              "itm_10251": _item("Hot and Sour Soup", 7.25, available=False),
                              "itm_10255": _item("Dan Dan Noodles", 14.25)}},
            "rst_40215": {"name": "Taqueria Luz", "cuisine": "mexican", "zip": "94110",
                          "delivers_to": ["94110", "94114", "94103"], "open": True, "menu": {
                              "itm_20411": _item("Carne Asada Burrito", 13.50),
                              "itm_20414": _item("Al Pastor Tacos (3)", 11.75),
                              "itm_20418": _item("Chips and Guacamole", 6.25), "itm_20425": _item("Horchata", 4.00),
                              "itm_20429": _item("Veggie Quesadilla", 10.50)}},
            "rst_28804": {"name": "Bella Forno", "cuisine": "pizza", "zip": "94103",
                          "delivers_to": ["94103", "94107", "94110"], "open": True, "menu": {
                              "itm_30102": _item("Margherita Pizza 12in", 17.00),
                              "itm_30107": _item("Diavola Pizza 12in", 19.50),
                              "itm_30115": _item("Garlic Knots (6)", 6.50), "itm_30121": _item("Tiramisu", 8.00)}},
            "rst_51190": {"name": "Green Bowl", "cuisine": "salads", "zip": "94107",
                          "delivers_to": ["94107", "94103"], "open": False, "menu": {
                              "itm_40301": _item("Kale Caesar", 12.95), "itm_40304": _item("Harvest Grain Bowl", 14.50),
                              "itm_40309": _item("Lemonade", 4.25)}},
            "rst_62731": {"name": "Saffron House", "cuisine": "indian", "zip": "94114",
                          "delivers_to": ["94114", "94110", "94103"], "open": True, "menu": {
                              "itm_50120": _item("Chicken Tikka Masala", 16.95),
                              "itm_50124": _item("Saag Paneer", 14.50), "itm_50130": _item("Garlic Naan", 3.95),
                              "itm_50137": _item("Mango Lassi", 4.95)}},
        }
        self.users = {
            "mia_chen_4821": {
                "name": "Mia Chen", "email": "mia.chen@example.com", "phone": "4155550148",
                "addresses": [{"address_id": "addr_5520", "label": "Home", "line1": "2150 Folsom St Apt 4",
                               "city": "San Francisco", "zip": "94110", "instructions": "Buzzer 4"}],
                "payment_methods": [{"payment_method_id": "card_2291", "kind": "card", "brand": "visa",
                                     "last4": "2291"}],
                "ladle_credit": 0.0, "plus": False, "order_count": 4},
            "dario_reyes_1093": {
                "name": "Dario Reyes", "email": "dario.reyes@example.net", "phone": "5105550172",
                "addresses": [{"address_id": "addr_6012", "label": "Home", "line1": "3870 18th St",
                               "city": "San Francisco", "zip": "94114", "instructions": ""},
                              {"address_id": "addr_6013", "label": "Work", "line1": "600 Townsend St, 3rd floor",
                               "city": "San Francisco", "zip": "94103", "instructions": "Leave at reception"}],
                "payment_methods": [{"payment_method_id": "card_8804", "kind": "card", "brand": "mastercard",
                                     "last4": "8804"},
                                    {"payment_method_id": "paypal_3317", "kind": "paypal",
                                     "account": "dario.reyes@example.net"}],
                "ladle_credit": 0.0, "plus": True, "order_count": 3},
            "hannah_okoro_7750": {
                "name": "Hannah Okoro", "email": "hannah.okoro@example.org", "phone": "4155550193",
                "addresses": [{"address_id": "addr_7021", "label": "Home", "line1": "77 Dolores St",
                               "city": "San Francisco", "zip": "94103", "instructions": "Side gate"}],
                "payment_methods": [{"payment_method_id": "card_0457", "kind": "card", "brand": "amex",
                                     "last4": "0457"}],
                "ladle_credit": 4.50, "plus": False, "order_count": 2},
        }
        o = {}
        o["LD-1048254"] = _order("LD-1048254", "mia_chen_4821", "rst_40215", "placed", "2027-11-12 19:31", [
            _line("LD-1048254", 1, "itm_20411", "Carne Asada Burrito", 13.50),
            _line("LD-1048254", 2, "itm_20418", "Chips and Guacamole", 6.25),
            _line("LD-1048254", 3, "itm_20425", "Horchata", 4.00)], "addr_5520", "card_2291", 3.00,
            promised_by="2027-11-12 20:15")
        o["LD-1048217"] = _order("LD-1048217", "mia_chen_4821", "rst_31877", "delivered", "2027-11-11 19:22", [
            _line("LD-1048217", 1, "itm_10231", "Kung Pao Chicken", 15.50),
            _line("LD-1048217", 2, "itm_10240", "Vegetable Spring Rolls", 6.95, qty=2),
            _line("LD-1048217", 3, "itm_10244", "Egg Fried Rice", 9.00)], "addr_5520", "card_2291", 4.00,
            delivered_at="2027-11-11 20:02", promised_by="2027-11-11 20:05")
        o["LD-1047380"] = _order("LD-1047380", "mia_chen_4821", "rst_28804", "delivered", "2027-11-05 18:50", [
            _line("LD-1047380", 1, "itm_30102", "Margherita Pizza 12in", 17.00),
            _line("LD-1047380", 2, "itm_30115", "Garlic Knots (6)", 6.50)], "addr_5520", "card_2291", 3.00,
            delivered_at="2027-11-05 19:28", promised_by="2027-11-05 19:35")
        o["LD-1046122"] = _order("LD-1046122", "mia_chen_4821", "rst_31877", "delivered", "2027-10-28 20:10", [
            _line("LD-1046122", 1, "itm_10232", "Mapo Tofu", 13.75),
            _line("LD-1046122", 2, "itm_10251", "Hot and Sour Soup", 7.25)], "addr_5520", "card_2291", 2.00,
            delivered_at="2027-10-28 20:51", promised_by="2027-10-28 20:55")
        o["LD-1048240"] = _order("LD-1048240", "dario_reyes_1093", "rst_28804", "out_for_delivery",
                                 "2027-11-12 19:05", [
                                     _line("LD-1048240", 1, "itm_30107", "Diavola Pizza 12in", 19.50),
                                     _line("LD-1048240", 2, "itm_30121", "Tiramisu", 8.00)], "addr_6013",
                                 "paypal_3317", 4.00, promised_by="2027-11-12 19:50",
                                 courier={"name": "Sam", "vehicle": "e-bike", "minutes_away": 6, "miles_away": 1.2})
        o["LD-1047902"] = _order("LD-1047902", "dario_reyes_1093", "rst_62731", "delivered", "2027-11-06 18:40", [
            _line("LD-1047902", 1, "itm_50120", "Chicken Tikka Masala", 16.95),
            _line("LD-1047902", 2, "itm_50130", "Garlic Naan", 3.95, qty=2)], "addr_6012", "card_8804", 3.00,
            delivered_at="2027-11-06 20:41", promised_by="2027-11-06 19:30")
        o["LD-1046611"] = _order("LD-1046611", "dario_reyes_1093", "rst_31877", "cancelled", "2027-10-30 12:15", [
            _line("LD-1046611", 1, "itm_10255", "Dan Dan Noodles", 14.25)], "addr_6013", "card_8804", 0.0)
        o["LD-1048230"] = _order("LD-1048230", "hannah_okoro_7750", "rst_31877", "preparing", "2027-11-12 19:20", [
            _line("LD-1048230", 1, "itm_10255", "Dan Dan Noodles", 14.25),
            _line("LD-1048230", 2, "itm_10244", "Egg Fried Rice", 9.00),
            _line("LD-1048230", 3, "itm_10240", "Vegetable Spring Rolls", 6.95)], "addr_7021", "card_0457", 3.50,
            promised_by="2027-11-12 20:05")
        o["LD-1047555"] = _order("LD-1047555", "hannah_okoro_7750", "rst_51190", "delivered", "2027-11-09 12:30", [
            _line("LD-1047555", 1, "itm_40301", "Kale Caesar", 12.95),
            _line("LD-1047555", 2, "itm_40309", "Lemonade", 4.25)], "addr_7021", "card_0457", 2.00,
            delivered_at="2027-11-09 13:02", promised_by="2027-11-09 13:10")
        self.orders = o
        self.gift_cards = {"LADL7Q2M99XK": 25.00, "LADL3HHT01PZ": 0.00}
        self.issues = {}
        self.courier_messages = []
        self.credits = []
        self.transfers = []
        self.counters = {"order": 1048261, "address": 8001, "issue": 33120, "refund": 9050}


# ----------------------------------------------------------------------------- helpers

def _user(state: State, user_id: str) -> dict:
    u = state.users.get(str(user_id).strip())
    if u is None:
        raise ValueError("User not found")
    return u


def _get_order(state: State, order_id: str) -> dict:
    oid = str(order_id).strip().upper().lstrip("#")
    if not oid.startswith("LD-"):
        raise ValueError(f"'{order_id}' is not an order id (order ids look like LD-1234567)")
    o = state.orders.get(oid)
    if o is None:
        raise ValueError("Order not found")
    return o


def _subtotal(o: dict) -> float:
    return round(sum(ln["unit_price"] * ln["quantity"] for ln in o["lines"]), 2)


def _fees(state: State, o: dict) -> float:
    return round((0.0 if state.users[o["user_id"]]["plus"] else DELIVERY_FEE) + SERVICE_FEE, 2)


def _total(state: State, o: dict) -> float:
    return round(_subtotal(o) + _fees(state, o) + o["tip"] - o["discount"], 2)


def _order_view(state: State, o: dict) -> dict:
    out = copy.deepcopy(o)
    out["restaurant"] = {"restaurant_id": o["restaurant_id"], "name": state.restaurants[o["restaurant_id"]]["name"]}
    del out["restaurant_id"]
    out["subtotal"] = _subtotal(o)
    out["fees"] = _fees(state, o)
    out["total"] = _total(state, o)
    if o["status"] != "out_for_delivery":
        out["courier"] = None if o["courier"] is None else {"name": o["courier"]["name"]}
    return out


def _address(u: dict, address_id: str) -> dict:
    a = next((a for a in u["addresses"] if a["address_id"] == str(address_id).strip()), None)
    if a is None:
        raise ValueError("Address not found on the customer's account")
    return a


def _charge(u: dict, payment_method_id: str, amount: float) -> None:
    pm_id = str(payment_method_id).strip()
    if pm_id == "ladle_credit":
        if u["ladle_credit"] < amount:
            raise ValueError(f"Ladle credit balance ${u['ladle_credit']:.2f} does not cover ${amount:.2f}")
        u["ladle_credit"] = round(u["ladle_credit"] - amount, 2)
        return
    if not any(p["payment_method_id"] == pm_id for p in u["payment_methods"]):
        raise ValueError("Payment method not found on the customer's account")


def _menu_item(rst: dict, item_id: str) -> dict:
    it = rst["menu"].get(str(item_id).strip())
    if it is None:
        raise ValueError(f"Item {item_id} is not on {rst['name']}'s menu")
    if not it["available"]:
        raise ValueError(f"{it['name']} is not available right now")
    return it


def _status(o: dict, *allowed: str, doing: str) -> None:
    if o["status"] not in allowed:
        raise ValueError(f"Order {o['order_id']} is {o['status']}; {doing} only while it is {' or '.join(allowed)}")


def _days_between(a: str, b: str) -> int:
    import datetime as dt
    return (dt.date.fromisoformat(b[:10]) - dt.date.fromisoformat(a[:10])).days


# ----------------------------------------------------------------------------- customers

def find_user_id_by_email(email: str, state: State) -> str:
    """Find a customer's user id by the e-mail address on their account."""
    for uid, u in state.users.items():
        if u["email"] == email.strip().lower():
            return uid
    raise ValueError("User not found")


def find_user_id_by_phone(phone: str, state: State) -> str:
    """Find a customer's user id by their phone number (any format; US numbers)."""
    digits = "".join(ch for ch in phone if ch.isdigit())
    if len(digits) == 11 and digits.startswith("1"):
        digits = digits[1:]
    for uid, u in state.users.items():
        if u["phone"] == digits:
            return uid
    raise ValueError("User not found")


def get_user_details(user_id: str, state: State) -> dict:
    """A customer's profile: name, contact details, saved addresses, payment methods, Ladle credit and
    Ladle Plus membership."""
    u = _user(state, user_id)
    out = copy.deepcopy(u)
    out["user_id"] = str(user_id).strip()
    del out["order_count"]
    return out


def list_user_orders(user_id: str, status: Optional[OrderStatus] = None, cursor: Optional[str] = None,
                     state: State = None) -> dict:
    """A customer's orders, newest first, three to a page.

    :param user_id: The customer's user id.
    :param status: Only orders with this status.
    :param cursor: The ``next_cursor`` of the previous page, for the next page.
    :returns: ``{"orders": [[order_id, restaurant, placed_at, status, total], ...], "next_cursor": str | None}``.
    """
    _user(state, user_id)
    rows = sorted((o for o in state.orders.values() if o["user_id"] == str(user_id).strip()
                   and (status is None or o["status"] == status)), key=lambda o: o["placed_at"], reverse=True)
    start = 0
    if cursor:
        try:
            start = int(str(cursor).split(":")[1])
        except (IndexError, ValueError):
            raise ValueError("Invalid cursor") from None
    page = rows[start:start + PAGE_SIZE]
    nxt = f"c:{start + PAGE_SIZE}" if start + PAGE_SIZE < len(rows) else None
    return {"orders": [[o["order_id"], state.restaurants[o["restaurant_id"]]["name"], o["placed_at"], o["status"],
                        _total(state, o)] for o in page], "next_cursor": nxt}


def add_address(user_id: str, label: str, line1: str, city: str, zip_code: str, instructions: str = "",
                state: State = None) -> str:
    """Save a new delivery address on a customer's account.

    :param label: What the customer calls it ("Home", "Mum's", "Office").
    :param line1: Street address with any apartment or floor.
    :param zip_code: Five-digit ZIP code.
    :param instructions: Notes for the courier.
    """
    u = _user(state, user_id)
    z = zip_code.strip()
    if len(z) != 5 or not z.isdigit():
        raise ValueError("ZIP code must be five digits")
    if any(a["line1"].lower() == line1.strip().lower() and a["zip"] == z for a in u["addresses"]):
        raise ValueError("This address is already saved")
    aid = f"addr_{state.counters['address']}"
    state.counters["address"] += 1
    u["addresses"].append({"address_id": aid, "label": label.strip(), "line1": line1.strip(), "city": city.strip(),
                           "zip": z, "instructions": instructions.strip()})
    return f"Address {aid} ({label.strip()}: {line1.strip()}, {city.strip()} {z}) saved for {u['name']}."


def redeem_gift_card(user_id: str, gift_code: str, state: State) -> str:
    """Redeem a Ladle gift card into the customer's Ladle credit (pay with it as ``ladle_credit``)."""
    u = _user(state, user_id)
    code = "".join(ch for ch in gift_code.upper() if ch.isalnum())
    if code not in state.gift_cards:
        raise ValueError("Gift card code not recognised")
    if state.gift_cards[code] <= 0:
        raise ValueError("This gift card has already been redeemed")
    amount = state.gift_cards[code]
    state.gift_cards[code] = 0.0
    u["ladle_credit"] = round(u["ladle_credit"] + amount, 2)
    return f"Gift card redeemed: ${amount:.2f} added. Ladle credit balance is now ${u['ladle_credit']:.2f}."


def join_plus(user_id: str, payment_method_id: str, state: State) -> dict:
    """Start a Ladle Plus membership ($9.99 a month, charged now): free delivery and members' promo codes."""
    u = _user(state, user_id)
    if u["plus"]:
        raise ValueError("The customer is already a Ladle Plus member")
    _charge(u, payment_method_id, PLUS_PRICE)
    u["plus"] = True
    return {"user_id": str(user_id).strip(), "plus": True, "charged": PLUS_PRICE,
            "payment_method_id": str(payment_method_id).strip(), "renews_on": "2027-12-12"}


def cancel_plus(user_id: str, state: State) -> dict:
    """End a customer's Ladle Plus membership at once."""
    u = _user(state, user_id)
    if not u["plus"]:
        raise ValueError("The customer is not a Ladle Plus member")
    u["plus"] = False
    return {"user_id": str(user_id).strip(), "plus": False}


def issue_goodwill_credit(user_id: str, amount: float, reason: str, state: State) -> str:
    """Add goodwill Ladle credit to a customer's account (at most $15.00 a day per customer)."""
    u = _user(state, user_id)
    if amount <= 0:
        raise ValueError("Amount must be positive")
    given = sum(c["amount"] for c in state.credits if c["user_id"] == str(user_id).strip())
    if given + amount > 15.00:
        raise ValueError(f"Goodwill credit is limited to $15.00 a day; ${given:.2f} already given today")
    if not reason.strip():
        raise ValueError("Give a reason")
    state.credits.append({"user_id": str(user_id).strip(), "amount": round(amount, 2), "reason": reason.strip()})
    u["ladle_credit"] = round(u["ladle_credit"] + amount, 2)
    return f"Added ${amount:.2f} Ladle credit for {u['name']}. New balance ${u['ladle_credit']:.2f}."


# ----------------------------------------------------------------------------- restaurants

def search_restaurants(name: Optional[str] = None, cuisine: Optional[str] = None, zip_code: Optional[str] = None,
                       state: State = None) -> List[dict]:
    """Restaurants on Ladle by name, cuisine or the ZIP code they deliver to (at least one)."""
    if name is None and cuisine is None and zip_code is None:
        raise ValueError("No search criteria given")
    out = []
    for rid, r in state.restaurants.items():
        if name is not None and name.strip().lower() not in r["name"].lower():
            continue
        if cuisine is not None and cuisine.strip().lower() != r["cuisine"]:
            continue
        if zip_code is not None and zip_code.strip() not in r["delivers_to"]:
            continue
        out.append({"restaurant_id": rid, "name": r["name"], "cuisine": r["cuisine"], "open_now": r["open"]})
    return out


def get_menu(restaurant_id: str, state: State) -> dict:
    """A restaurant's menu with item ids, prices and what is available now."""
    rid = str(restaurant_id).strip()
    if not rid.startswith("rst_"):
        raise ValueError(f"'{restaurant_id}' is not a restaurant id")
    r = state.restaurants.get(rid)
    if r is None:
        raise ValueError("Restaurant not found")
    return {"restaurant_id": rid, "name": r["name"], "open_now": r["open"],
            "items": [{"item_id": k, "name": v["name"], "price": v["price"], "available": v["available"]}
                      for k, v in r["menu"].items()]}


# ----------------------------------------------------------------------------- orders

def get_order_details(order_id: str, state: State) -> dict:
    """An order: status, restaurant, lines (with line ids), delivery address, payment, tip, promo,
    totals, refunds and courier."""
    return _order_view(state, _get_order(state, order_id))


def place_order(user_id: str, restaurant_id: str, item_ids: List[str], address_id: str, payment_method_id: str,
                tip: float = 0.0, state: State = None) -> dict:
    """Place an order for a customer, charged now.

    :param item_ids: Item ids from the restaurant's menu; repeat an id for more than one.
    :param address_id: A saved address of the customer inside the restaurant's delivery area.
    :param payment_method_id: A payment method on the account, or ``ladle_credit``.
    :param tip: Courier tip in dollars.
    """
    u = _user(state, user_id)
    r = state.restaurants.get(str(restaurant_id).strip())
    if r is None:
        raise ValueError("Restaurant not found")
    if not r["open"]:
        raise ValueError(f"{r['name']} is closed right now")
    if not item_ids:
        raise ValueError("No items given")
    a = _address(u, address_id)
    if a["zip"] not in r["delivers_to"]:
        raise ValueError(f"{r['name']} does not deliver to {a['zip']}")
    if tip < 0:
        raise ValueError("Tip cannot be negative")
    oid = f"LD-{state.counters['order']}"
    counts = {}
    for iid in item_ids:
        _menu_item(r, iid)
        counts[str(iid).strip()] = counts.get(str(iid).strip(), 0) + 1
    lines = [_line(oid, n, iid, r["menu"][iid]["name"], r["menu"][iid]["price"], qty)
             for n, (iid, qty) in enumerate(counts.items(), start=1)]
    o = _order(oid, str(user_id).strip(), str(restaurant_id).strip(), "placed", NOW, lines, a["address_id"],
               str(payment_method_id).strip(), round(tip, 2), promised_by="2027-11-12 20:25")
    _charge(u, payment_method_id, _total(state, o))
    state.counters["order"] += 1
    state.orders[oid] = o
    u["order_count"] += 1
    return _order_view(state, o)


def cancel_order(order_id: str, reason: str, state: State) -> dict:
    """Cancel an order the restaurant has not accepted yet; the full amount is refunded."""
    o = _get_order(state, order_id)
    _status(o, "placed", doing="it can be cancelled")
    why = reason.strip().lower().replace(" ", "_")
    if why not in _CANCEL_REASONS:
        raise ValueError(f"Invalid cancellation reason '{reason}'. Valid reasons: {', '.join(_CANCEL_REASONS)}")
    o["status"] = "cancelled"
    o["refunds"].append({"refund_id": f"RF-{state.counters['refund']}", "amount": _total(state, o),
                         "to": "original_payment"})
    state.counters["refund"] += 1
    return _order_view(state, o)


def add_order_items(order_id: str, item_ids: List[str], state: State) -> dict:
    """Add items from the same restaurant to a placed order; the difference is charged to its payment."""
    o = _get_order(state, order_id)
    _status(o, "placed", doing="items can be added")
    if not item_ids:
        raise ValueError("No items given")
    r = state.restaurants[o["restaurant_id"]]
    for iid in item_ids:
        it = _menu_item(r, iid)
        line = next((ln for ln in o["lines"] if ln["item_id"] == str(iid).strip()), None)
        if line:
            line["quantity"] += 1
        else:
            o["lines"].append(_line(o["order_id"], len(o["lines"]) + 1, str(iid).strip(), it["name"], it["price"]))
    return _order_view(state, o)


def remove_order_item(order_id: str, line_id: str, state: State) -> dict:
    """Remove one line (by its line id) from a placed order; it is refunded to the order's payment."""
    o = _get_order(state, order_id)
    _status(o, "placed", doing="items can be removed")
    line = next((ln for ln in o["lines"] if ln["line_id"] == str(line_id).strip().upper()), None)
    if line is None:
        raise ValueError("Line not found on this order")
    if len(o["lines"]) == 1:
        raise ValueError("Cannot remove the last item; cancel the order instead")
    o["lines"].remove(line)
    return _order_view(state, o)


def change_delivery_address(order_id: str, address_id: str, state: State) -> dict:
    """Send a placed order to another saved address of the same customer."""
    o = _get_order(state, order_id)
    _status(o, "placed", doing="the address can be changed")
    u = state.users[o["user_id"]]
    a = _address(u, address_id)
    if a["address_id"] == o["address_id"]:
        raise ValueError("The order is already going to this address")
    if a["zip"] not in state.restaurants[o["restaurant_id"]]["delivers_to"]:
        raise ValueError(f"The restaurant does not deliver to {a['zip']}")
    o["address_id"] = a["address_id"]
    return _order_view(state, o)


def update_tip(order_id: str, tip: float, state: State) -> dict:
    """Change the courier tip on an order that is not cancelled."""
    o = _get_order(state, order_id)
    if o["status"] == "cancelled":
        raise ValueError("The order is cancelled")
    if tip < 0:
        raise ValueError("Tip cannot be negative")
    if round(tip, 2) == o["tip"]:
        raise ValueError(f"The tip is already ${o['tip']:.2f}")
    o["tip"] = round(tip, 2)
    return _order_view(state, o)


def apply_promo_code(order_id: str, promo_code: str, state: State) -> dict:
    """Apply a promo code to an order that is placed or being prepared (one code per order)."""
    o = _get_order(state, order_id)
    _status(o, "placed", "preparing", doing="a promo code can be applied")
    code = promo_code.strip().upper()
    if code not in _PROMOS:
        raise ValueError("Promo code not valid")
    if o["promo_code"] == code:
        raise ValueError("This code is already applied")
    if o["promo_code"]:
        raise ValueError("Only one promo code per order")
    kind, value, minimum = _PROMOS[code]
    u = state.users[o["user_id"]]
    if kind == "plus" and not u["plus"]:
        raise ValueError("This code is for Ladle Plus members")
    if kind == "first_order" and u["order_count"] > 1:
        raise ValueError("This code is for a customer's first order")
    if _subtotal(o) < minimum:
        raise ValueError(f"This code needs a subtotal of ${minimum:.2f}")
    o["promo_code"] = code
    o["discount"] = round(value if value >= 1 else _subtotal(o) * value, 2)
    return _order_view(state, o)


def get_courier_status(order_id: str, state: State) -> str:
    """Where the courier is, for an order out for delivery."""
    o = _get_order(state, order_id)
    _status(o, "out_for_delivery", doing="the courier can be tracked")
    c = o["courier"]
    return (f"{c['name']} ({c['vehicle']}) is {c['minutes_away']} minutes away ({c['miles_away']} mi) with order "
            f"{o['order_id']}; promised by {o['promised_by'][11:]}.")


def message_courier(order_id: str, message: str, state: State) -> str:
    """Send a text to the courier carrying an order out for delivery."""
    o = _get_order(state, order_id)
    _status(o, "out_for_delivery", doing="the courier can be messaged")
    if not message.strip():
        raise ValueError("Message is empty")
    state.courier_messages.append({"order_id": o["order_id"], "message": message.strip()})
    return f"Message sent to {o['courier']['name']}."


def report_order_issue(order_id: str, issue: IssueType, line_ids: Optional[List[str]] = None, details: str = "",
                       state: State = None) -> dict:
    """Report a problem with a delivered order (within seven days of delivery).

    :param issue: What went wrong.
    :param line_ids: The affected lines, for missing, wrong or damaged items.
    :param details: What the customer says.
    :returns: The issue with its ``issue_id`` and the refund it makes the customer eligible for.
    """
    o = _get_order(state, order_id)
    _status(o, "delivered", doing="problems can be reported")
    if _days_between(o["delivered_at"], TODAY) > _REPORT_WINDOW_DAYS:
        raise ValueError("Problems must be reported within 7 days of delivery")
    if issue in ("missing_items", "wrong_items", "damaged"):
        if not line_ids:
            raise ValueError("Give the line ids of the affected items")
        lines = []
        for lid in line_ids:
            ln = next((x for x in o["lines"] if x["line_id"] == str(lid).strip().upper()), None)
            if ln is None:
                raise ValueError(f"Line {lid} not found on this order")
            lines.append(ln)
        taken = {lid for i in state.issues.values() if i["order_id"] == o["order_id"] for lid in i["line_ids"]}
        if taken & {ln["line_id"] for ln in lines}:
            raise ValueError("An issue is already open for these items")
        eligible = round(sum(ln["unit_price"] * ln["quantity"] for ln in lines), 2)
        ids = [ln["line_id"] for ln in lines]
    elif issue == "late":
        if o["delivered_at"] <= o["promised_by"]:
            raise ValueError("The order arrived by the promised time")
        if any(i["order_id"] == o["order_id"] and i["issue"] == "late" for i in state.issues.values()):
            raise ValueError("Lateness is already reported for this order")
        eligible, ids = _fees(state, o), []
    else:
        if any(i["order_id"] == o["order_id"] for i in state.issues.values()):
            raise ValueError("An issue is already open on this order")
        eligible, ids = _total(state, o), []
    iid = f"ISS-{state.counters['issue']}"
    state.counters["issue"] += 1
    state.issues[iid] = {"issue_id": iid, "order_id": o["order_id"], "issue": issue, "line_ids": ids,
                         "details": details.strip(), "eligible_refund": eligible, "refunded": 0.0}
    return dict(state.issues[iid])


def issue_refund(order_id: str, issue_id: str, amount: float, destination: RefundDestination,
                 state: State) -> dict:
    """Refund a reported issue on an order, up to the amount the issue is eligible for.

    :param destination: Back to the order's payment method, or as Ladle credit.
    """
    o = _get_order(state, order_id)
    iid = str(issue_id).strip().upper()
    if not iid.startswith("ISS-"):
        raise ValueError(f"'{issue_id}' is not an issue id")
    i = state.issues.get(iid)
    if i is None or i["order_id"] != o["order_id"]:
        raise ValueError("Issue not found on this order")
    left = round(i["eligible_refund"] - i["refunded"], 2)
    if amount <= 0 or amount > left:
        raise ValueError(f"Refund must be between $0.01 and ${left:.2f} for this issue")
    i["refunded"] = round(i["refunded"] + amount, 2)
    rf = {"refund_id": f"RF-{state.counters['refund']}", "issue_id": iid, "amount": round(amount, 2),
          "to": destination}
    state.counters["refund"] += 1
    o["refunds"].append(rf)
    if destination == "ladle_credit":
        u = state.users[o["user_id"]]
        u["ladle_credit"] = round(u["ladle_credit"] + amount, 2)
    return rf


def reorder(order_id: str, address_id: str, payment_method_id: str, state: State) -> dict:
    """Place a past order again (same restaurant and items) for the same customer."""
    old = _get_order(state, order_id)
    _status(old, "delivered", "cancelled", doing="it can be reordered")
    r = state.restaurants[old["restaurant_id"]]
    gone = [ln["name"] for ln in old["lines"] if not r["menu"][ln["item_id"]]["available"]]
    if gone:
        raise ValueError(f"Not available right now: {', '.join(gone)}")
    items = [ln["item_id"] for ln in old["lines"] for _ in range(ln["quantity"])]
    return place_order(old["user_id"], old["restaurant_id"], items, address_id, payment_method_id, old["tip"],
                       state=state)


def calculate(expression: str) -> str:
    """Evaluate an arithmetic expression (numbers, + - * / and brackets)."""
    if not expression.strip() or not all(ch in "0123456789.+-*/() " for ch in expression):
        raise ValueError("Invalid characters in expression")
    return str(round(float(eval(expression, {"__builtins__": {}}, {})), 2))  # noqa: S307 - digits only


def transfer_to_human_agents(summary: str, state: State) -> str:
    """Hand the customer to a human agent with a summary of the issue."""
    state.transfers.append(summary)
    return "Transfer successful"


TOOLS = [
    find_user_id_by_email, find_user_id_by_phone, get_user_details, list_user_orders, add_address, redeem_gift_card,
    join_plus, cancel_plus, issue_goodwill_credit, search_restaurants, get_menu, get_order_details, place_order,
    cancel_order, add_order_items, remove_order_item, change_delivery_address, update_tip, apply_promo_code,
    get_courier_status, message_courier, report_order_issue, issue_refund, reorder, calculate,
    transfer_to_human_agents,
]

FIXTURES = {
    "company": {"name": "Ladle", "market": "San Francisco", "now": "Friday 12 November 2027, 7:40 pm"},
    "customers": [
        {"name": "Mia Chen", "email": "mia.chen@example.com", "phone": "(415) 555-0148",
         "says": "a Taqueria Luz order she placed ten minutes ago; last night's Golden Wok order came without the "
                 "spring rolls; a friend gave her a Ladle gift card LADL-7Q2M-99XK; staying at her sister's at "
                 "1180 Valencia St, San Francisco 94110 this weekend"},
        {"name": "Dario Reyes", "email": "dario.reyes@example.net", "phone": "510-555-0172",
         "says": "a Bella Forno pizza on its way to his office; last Saturday's Saffron House dinner arrived more than "
                 "an hour late; a Ladle Plus member; has a code PLUSFIVE"},
        {"name": "Hannah Okoro", "email": "hannah.okoro@example.org", "phone": "+1 415 555 0193",
         "says": "a Golden Wok order being prepared now; the Green Bowl lunch on Tuesday came with the wrong salad"},
    ],
}

_USER = ["get_user_details", "list_user_orders", "add_address", "redeem_gift_card", "join_plus", "cancel_plus",
         "issue_goodwill_credit", "place_order"]
_NEW_OR_LISTED = ["get_order_details", "cancel_order", "add_order_items", "remove_order_item",
                  "change_delivery_address", "apply_promo_code", "update_tip"]
_LISTED = ["get_courier_status", "message_courier", "report_order_issue", "issue_refund", "reorder"]

GROUND_TRUTH = (
    [("find_user_id_by_email|find_user_id_by_phone", c, "id lookup: user id (bare)") for c in _USER]
    + [("list_user_orders|place_order", c, "id lookup/create: order id (orders[][0] row cell, or the new order_id)")
       for c in _NEW_OR_LISTED]
    + [("list_user_orders", c, "id lookup: order id of an existing order (orders[][0] row cell)") for c in _LISTED]
    + [("get_user_details|add_address", c, "id lookup/create: delivery address id (addresses[].address_id, or the "
        "addr_nnnn inside the sentence); payment method ids from the user record")
       for c in ("place_order", "change_delivery_address", "reorder")]
    + [
        ("get_user_details", "join_plus", "id lookup: payment method id (payment_methods[].payment_method_id)"),
        ("get_order_details", "remove_order_item", "id lookup: line id (lines[].line_id)"),
        ("get_order_details", "report_order_issue", "id lookup: line ids of the affected items (lines[].line_id)"),
        ("report_order_issue", "issue_refund", "id create: issue id and the eligible refund (issue_id, "
                                               "eligible_refund)"),
        ("search_restaurants", "get_menu", "id lookup: restaurant id (restaurant_id)"),
        ("search_restaurants", "place_order", "id lookup: restaurant id (restaurant_id)"),
        ("get_menu", "place_order", "vocabulary: item ids on the restaurant's menu (items[].item_id)"),
        ("get_menu", "add_order_items", "vocabulary: item ids on the restaurant's menu (items[].item_id)"),
        ("redeem_gift_card", "place_order", "state: Ladle credit enough to pay with ladle_credit"),
        ("join_plus", "apply_promo_code", "setting: Ladle Plus membership for a members' code"),
    ]
)

PLAUSIBLE = {
    ("get_order_details", "cancel_order"), ("get_order_details", "add_order_items"),
    ("get_order_details", "change_delivery_address"), ("get_order_details", "apply_promo_code"),
    ("get_order_details", "update_tip"), ("get_order_details", "issue_refund"), ("get_order_details", "reorder"),
    ("get_order_details", "get_courier_status"), ("get_order_details", "message_courier"),
    ("get_user_details", "redeem_gift_card"), ("get_user_details", "cancel_plus"),
    ("get_user_details", "apply_promo_code"), ("get_user_details", "issue_goodwill_credit"),
    ("find_user_id_by_email", "get_order_details"), ("find_user_id_by_phone", "get_order_details"),
    ("calculate", "issue_refund"), ("calculate", "issue_goodwill_credit"), ("get_menu", "reorder"),
    ("list_user_orders", "issue_goodwill_credit"), ("search_restaurants", "reorder"),
}
