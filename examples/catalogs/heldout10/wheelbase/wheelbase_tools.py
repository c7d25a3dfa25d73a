"""Wheelbase: the customer-service tools of a car rental company's contact centre (24 calls).

Plain functions over an in-memory ``State`` of Wheelbase Car Hire (UK) on Monday 14 June 2027, in
the style of public agent-benchmark back ends: customers are found by e-mail or by name and
postcode; a customer record holds the payment methods, the driving licence on file, the loyalty
club flag and the reservation ids; a reservation holds the vehicle, the extras (each with an item
id), the drivers, the charges and the payments, and a status (``confirmed``, ``active`` while the
car is out, ``completed`` or ``cancelled``). Changes to dates, vehicle, extras, drivers and vouchers
need a ``confirmed`` reservation; extending a rental or reporting damage needs an ``active`` one;
disputing a charge needs a ``completed`` one and the id of a charge on that same reservation.

Replies are JSON text (``json.dumps`` of the record) or a bare string (a user id, a confirmation).
Every refusal is returned as JSON text ``{"error": "..."}`` (``FAILURE``), never raised.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as
provider means either tool satisfies it, and the text of ``what`` before its first ``:`` is the
kind.
"""

import datetime as _dt
import json
from typing import List, Literal, Optional

TODAY = "2027-06-14"

VehicleClass = Literal["economy", "compact", "midsize", "suv", "van", "premium"]

_CANCEL_REASONS = ("change_of_plans", "found_cheaper", "travel_cancelled", "booked_in_error")
_VOUCHERS = {"SUMMER25": 0.10, "CLUBWEEKEND": 0.15}


def _err(message: str) -> str:
    return json.dumps({"error": message})


def FAILURE(reply) -> bool:  # noqa: N802 - the name the oracle looks for
    """A Wheelbase refusal: JSON text holding an ``error``."""
    if not isinstance(reply, str) or not reply.startswith("{"):
        return False
    try:
        body = json.loads(reply)
    except ValueError:
        return False
    return isinstance(body, dict) and "error" in body


def _res(rid, user, status, branch, pick, ret, vehicle, extras=(), charges=(), payments=(), ret_branch=None):
    return {"reservation_id": rid, "user_id": user, "status": status,
            "pickup": {"branch": branch, "date": pick}, "return": {"branch": ret_branch or branch, "date": ret},
            "vehicle_id": vehicle, "extras": [dict(e) for e in extras], "drivers": [], "voucher": None,
            "charges": [dict(c) for c in charges], "payments": [dict(p) for p in payments]}


class State:
    """Wheelbase Car Hire customer service, Monday 14 June 2027."""

    def __init__(self) -> None:
        self.branches = {
            "MAN": {"name": "Manchester Airport, Terminal 2 car rental village", "city": "Manchester"},
            "MPC": {"name": "Manchester Piccadilly station", "city": "Manchester"},
            "EDW": {"name": "Edinburgh Waverley station", "city": "Edinburgh"},
            "BRS": {"name": "Bristol Temple Meads", "city": "Bristol"},
            "LHR": {"name": "Heathrow Terminal 5", "city": "London"},
        }
        self.extras = {
            "CHILD_SEAT": ["Child seat (9-18 kg)", 9.5, None], "BOOSTER": ["Booster seat", 6.0, None],
            "SAT_NAV": ["Sat nav", 8.0, None], "ADD_DRIVER": ["Additional driver", 12.0, None],
            "FULL_COVER": ["Full damage cover (no excess)", 19.0, None], "SNOW_CHAINS": ["Snow chains", 7.5, "EDW"],
        }
        self.vehicles = {
            "5520148831": {"branch": "MAN", "class": "compact", "model": "Volkswagen Polo", "rate": 38.0, "seats": 5},
            "5520148907": {"branch": "MAN", "class": "compact", "model": "Peugeot 208", "rate": 36.0, "seats": 5},
            "5520149012": {"branch": "MAN", "class": "midsize", "model": "Skoda Octavia Estate", "rate": 52.0,
                           "seats": 5},
            "5520149140": {"branch": "MAN", "class": "suv", "model": "Kia Sportage", "rate": 64.0, "seats": 5},
            "6630210045": {"branch": "EDW", "class": "suv", "model": "Nissan Qashqai", "rate": 61.0, "seats": 5},
            "6630210112": {"branch": "EDW", "class": "economy", "model": "Toyota Aygo X", "rate": 29.0, "seats": 4},
            "7740330019": {"branch": "BRS", "class": "compact", "model": "Ford Puma", "rate": 41.0, "seats": 5},
            "7740330144": {"branch": "BRS", "class": "van", "model": "Ford Transit Custom", "rate": 79.0, "seats": 3},
        }
        self.users = {
            "amara_okafor_2231": {
                "name": {"first_name": "Amara", "last_name": "Okafor"}, "email": "amara.okafor@example.com",
                "address": {"address1": "41 Wilmslow Road", "address2": "Flat 2", "city": "Manchester",
                            "postcode": "M14 5RJ", "country": "UK"},
                "licence": {"number": "OKAFO857219AM9TR", "expiry": "2031-08-30"}, "loyalty_club": True,
                "payment_methods": [{"id": "credit_card_4410", "kind": "credit_card", "brand": "visa",
                                     "last_four": "4410"},
                                    {"id": "gift_card_7781", "kind": "gift_card", "balance": 60.0}],
                "reservations": ["R3KX9A", "R8PL2Q"]},
            "tomas_lindqvist_8840": {
                "name": {"first_name": "Tomas", "last_name": "Lindqvist"}, "email": "tomas.l@example.se",
                "address": {"address1": "12 Dundas Street", "address2": "", "city": "Edinburgh",
                            "postcode": "EH3 9DQ", "country": "UK"},
                "licence": {"number": "SE-9902114-LT", "expiry": "2029-02-11"}, "loyalty_club": False,
                "payment_methods": [{"id": "paypal_2290", "kind": "paypal", "account": "tomas.l@example.se"},
                                    {"id": "credit_card_1174", "kind": "credit_card", "brand": "mastercard",
                                     "last_four": "1174"}],
                "reservations": ["RQ7T4M", "RZ5C1B", "RD3W8E"]},
            "sara_benali_5127": {
                "name": {"first_name": "Sara", "last_name": "Benali"}, "email": "sara.benali@example.fr",
                "address": {"address1": "7 Queen Square", "address2": "", "city": "Bristol", "postcode": "BS1 4ST",
                            "country": "UK"},
                "licence": {"number": "BENAL905127SA9XY", "expiry": "2027-05-30"}, "loyalty_club": False,
                "payment_methods": [{"id": "credit_card_9036", "kind": "credit_card", "brand": "amex",
                                     "last_four": "9036"}],
                "reservations": ["RB6N3H"]},
        }
        self.reservations = {
            "R3KX9A": _res("R3KX9A", "amara_okafor_2231", "confirmed", "MAN", "2027-07-02", "2027-07-06",
                           "5520148831",
                           extras=[{"item_id": "R3KX9A-X1", "extra_code": "CHILD_SEAT", "price_per_day": 9.5},
                                   {"item_id": "R3KX9A-X2", "extra_code": "SAT_NAV", "price_per_day": 8.0}],
                           payments=[{"payment_method_id": "credit_card_4410", "amount": 222.0}]),
            "R8PL2Q": _res("R8PL2Q", "amara_okafor_2231", "completed", "MPC", "2027-05-21", "2027-05-24",
                           "5520148907",
                           charges=[{"charge_id": "R8PL2Q-C1", "description": "Rental, 3 days", "amount": 108.0},
                                    {"charge_id": "R8PL2Q-C2", "description": "Fuel top-up", "amount": 68.4},
                                    {"charge_id": "R8PL2Q-C3", "description": "Late return fee", "amount": 45.0}],
                           payments=[{"payment_method_id": "credit_card_4410", "amount": 221.4}]),
            "RQ7T4M": _res("RQ7T4M", "tomas_lindqvist_8840", "active", "EDW", "2027-06-12", "2027-06-16",
                           "6630210045", payments=[{"payment_method_id": "paypal_2290", "amount": 244.0}]),
            "RZ5C1B": _res("RZ5C1B", "tomas_lindqvist_8840", "cancelled", "EDW", "2027-04-02", "2027-04-05",
                           "6630210112"),
            "RD3W8E": _res("RD3W8E", "tomas_lindqvist_8840", "confirmed", "EDW", "2027-08-10", "2027-08-14",
                           "6630210112", payments=[{"payment_method_id": "credit_card_1174", "amount": 116.0}]),
            "RB6N3H": _res("RB6N3H", "sara_benali_5127", "completed", "BRS", "2027-03-05", "2027-03-07",
                           "7740330019",
                           charges=[{"charge_id": "RB6N3H-C1", "description": "Rental, 2 days", "amount": 82.0},
                                    {"charge_id": "RB6N3H-C2", "description": "Cleaning fee", "amount": 60.0}],
                           payments=[{"payment_method_id": "credit_card_9036", "amount": 142.0}]),
        }
        self.gift_cards = {"6045221088415530": 300.0, "6045221088419902": 0.0}
        self.claims = []
        self.disputes = []
        self.transfers = []
        self.counter = 1


def _days(start: str, end: str) -> int:
    return (_dt.date.fromisoformat(end) - _dt.date.fromisoformat(start)).days


def _valid_dates(pick: str, ret: str) -> Optional[str]:
    try:
        days = _days(pick, ret)
    except ValueError:
        return "Dates must be YYYY-MM-DD."
    if pick < TODAY:
        return "The pickup date is in the past."
    if days < 1 or days > 28:
        return "A rental is 1 to 28 days."
    return None


def _free(state: State, vehicle_id: str, pick: str, ret: str, ignore: str = "") -> bool:
    for r in state.reservations.values():
        if r["vehicle_id"] == vehicle_id and r["reservation_id"] != ignore and r["status"] in ("confirmed", "active"):
            if not (ret <= r["pickup"]["date"] or pick >= r["return"]["date"]):
                return False
    return True


def _charge(state: State, user: dict, payment_method_id: str, amount: float) -> Optional[str]:
    pm = next((p for p in user["payment_methods"] if p["id"] == payment_method_id), None)
    if pm is None:
        return "Payment method not found on the customer's account."
    if pm["kind"] == "gift_card":
        if pm["balance"] < amount:
            return f"Gift card balance {pm['balance']:.2f} is not enough for {amount:.2f}."
        pm["balance"] = round(pm["balance"] - amount, 2)
    return None


def _total(state: State, r: dict) -> float:
    days = _days(r["pickup"]["date"], r["return"]["date"])
    base = days * state.vehicles[r["vehicle_id"]]["rate"] + days * sum(e["price_per_day"] for e in r["extras"])
    if r["voucher"]:
        base *= 1 - _VOUCHERS[r["voucher"]]
    return round(base, 2)


def _out(state: State, r: dict) -> str:
    v = state.vehicles[r["vehicle_id"]]
    body = dict(r, vehicle={"vehicle_id": r["vehicle_id"], "class": v["class"], "model": v["model"],
                            "daily_rate": v["rate"]},
                extras=[dict(e, name=state.extras[e["extra_code"]][0]) for e in r["extras"]],
                total=_total(state, r))
    del body["vehicle_id"]
    return json.dumps(body)


def _reservation(state: State, reservation_id: str):
    return state.reservations.get(str(reservation_id).strip().upper().lstrip("#"))


# ----------------------------------------------------------------------------- customers

def find_user_id_by_email(email: str, state: State) -> str:
    """Find a customer's user id by their e-mail address.

    Args:
        email: The e-mail address on the account.
    """
    for uid, u in state.users.items():
        if u["email"] == email.strip().lower():
            return uid
    return _err("User not found.")


def find_user_id_by_name_postcode(first_name: str, last_name: str, postcode: str, state: State) -> str:
    """Find a customer's user id by first name, last name and postcode."""
    pc = postcode.replace(" ", "").upper()
    for uid, u in state.users.items():
        if (u["name"]["first_name"].lower() == first_name.strip().lower()
                and u["name"]["last_name"].lower() == last_name.strip().lower()
                and u["address"]["postcode"].replace(" ", "") == pc):
            return uid
    return _err("User not found.")


def get_user_details(user_id: str, state: State) -> str:
    """A customer's details: name, e-mail, address, licence on file, loyalty club, payment methods and
    reservation ids."""
    u = state.users.get(user_id.strip())
    if u is None:
        return _err("User not found.")
    return json.dumps(dict(u, user_id=user_id.strip()))


def update_user_address(user_id: str, address1: str, address2: str, city: str, postcode: str, country: str,
                        state: State) -> str:
    """Change a customer's home address."""
    u = state.users.get(user_id.strip())
    if u is None:
        return _err("User not found.")
    u["address"] = {"address1": address1, "address2": address2, "city": city, "postcode": postcode.upper(),
                    "country": country}
    return json.dumps(dict(u, user_id=user_id.strip()))


def update_driving_licence(user_id: str, licence_number: str, expiry_date: str, state: State) -> str:
    """Record a customer's new driving licence (number and expiry date, YYYY-MM-DD)."""
    u = state.users.get(user_id.strip())
    if u is None:
        return _err("User not found.")
    if expiry_date <= TODAY:
        return _err("That licence has expired.")
    if len(licence_number.replace(" ", "")) < 8:
        return _err("Licence number not valid.")
    u["licence"] = {"number": licence_number.replace(" ", "").upper(), "expiry": expiry_date}
    return json.dumps({"user_id": user_id.strip(), "licence": u["licence"]})


def add_gift_card(user_id: str, gift_card_number: str, state: State) -> str:
    """Add a Wheelbase gift card to a customer's payment methods.

    Args:
        gift_card_number: The 16 digits on the back of the card.
    """
    u = state.users.get(user_id.strip())
    if u is None:
        return _err("User not found.")
    digits = gift_card_number.replace(" ", "")
    balance = state.gift_cards.get(digits)
    if balance is None:
        return _err("Gift card not recognised.")
    if balance <= 0:
        return _err("This gift card has no balance left.")
    pm_id = f"gift_card_{digits[-4:]}"
    if any(p["id"] == pm_id for p in u["payment_methods"]):
        return _err("This gift card is already on the account.")
    u["payment_methods"].append({"id": pm_id, "kind": "gift_card", "balance": balance})
    state.gift_cards[digits] = 0.0
    return json.dumps({"payment_method_id": pm_id, "balance": balance})


def join_loyalty_club(user_id: str, state: State) -> str:
    """Enrol a customer in the Wheelbase Club (members can use Club vouchers)."""
    u = state.users.get(user_id.strip())
    if u is None:
        return _err("User not found.")
    if u["loyalty_club"]:
        return _err("The customer is already a Club member.")
    u["loyalty_club"] = True
    return "Welcome to the Wheelbase Club."


# ----------------------------------------------------------------------------- branches, vehicles, extras

def list_branches(state: State) -> str:
    """All rental branches with their codes."""
    return json.dumps([{"code": c, "name": b["name"], "city": b["city"]} for c, b in state.branches.items()])


def search_available_vehicles(branch_code: str, pickup_date: str, return_date: str,
                              vehicle_class: Optional[VehicleClass] = None, state: State = None) -> str:
    """Vehicles free at a branch for the whole of a rental period.

    Args:
        branch_code: The branch code.
        pickup_date: YYYY-MM-DD.
        return_date: YYYY-MM-DD.
        vehicle_class: Only this class, if given.
    """
    code = branch_code.strip().upper()
    if code not in state.branches:
        return _err(f"Unknown branch '{branch_code}'.")
    bad = _valid_dates(pickup_date, return_date)
    if bad:
        return _err(bad)
    return json.dumps([{"vehicle_id": vid, "class": v["class"], "model": v["model"], "daily_rate": v["rate"],
                        "seats": v["seats"]} for vid, v in state.vehicles.items()
                       if v["branch"] == code and (vehicle_class is None or v["class"] == vehicle_class)
                       and _free(state, vid, pickup_date, return_date)])


def list_extras(branch_code: str, state: State) -> str:
    """Extras a branch can add to a rental, with their codes and daily prices."""
    code = branch_code.strip().upper()
    if code not in state.branches:
        return _err(f"Unknown branch '{branch_code}'.")
    return json.dumps([{"extra_code": k, "name": v[0], "price_per_day": v[1]} for k, v in state.extras.items()
                       if v[2] in (None, code)])


# ----------------------------------------------------------------------------- reservations

def get_reservation_details(reservation_id: str, state: State) -> str:
    """A reservation: status, pickup and return, vehicle, extras (with item ids), drivers, voucher, charges
    (with charge ids), payments and total."""
    r = _reservation(state, reservation_id)
    if r is None:
        return _err("Reservation not found.")
    return _out(state, r)


def create_reservation(user_id: str, vehicle_id: str, pickup_date: str, return_date: str, return_branch: str,
                       payment_method_id: str, state: State) -> str:
    """Book a vehicle for a customer, paid in full now.

    Args:
        vehicle_id: A vehicle free at its branch for the whole period (it is picked up there).
        return_branch: The branch code where the car will be returned (one-way rentals allowed).
        payment_method_id: A payment method on the customer's account.
    """
    u = state.users.get(user_id.strip())
    if u is None:
        return _err("User not found.")
    v = state.vehicles.get(vehicle_id.strip())
    if v is None:
        return _err("Vehicle not found.")
    if return_branch.strip().upper() not in state.branches:
        return _err(f"Unknown branch '{return_branch}'.")
    bad = _valid_dates(pickup_date, return_date)
    if bad:
        return _err(bad)
    if u["licence"]["expiry"] <= return_date:
        return _err("The driving licence on file expires before the end of the rental.")
    if not _free(state, vehicle_id.strip(), pickup_date, return_date):
        return _err("Vehicle not available for these dates.")
    rid = f"RW{state.counter:03d}K"
    state.counter += 1
    r = _res(rid, user_id.strip(), "confirmed", v["branch"], pickup_date, return_date, vehicle_id.strip(),
             ret_branch=return_branch.strip().upper())
    total = _total(state, r)
    bad = _charge(state, u, payment_method_id, total)
    if bad:
        return _err(bad)
    r["payments"].append({"payment_method_id": payment_method_id, "amount": total})
    state.reservations[rid] = r
    u["reservations"].append(rid)
    return _out(state, r)


def _confirmed(state: State, reservation_id: str):
    r = _reservation(state, reservation_id)
    if r is None:
        return None, _err("Reservation not found.")
    if r["status"] != "confirmed":
        return None, _err(f"Reservation is {r['status']}; only a confirmed reservation can be changed.")
    return r, None


def _reprice(state: State, r: dict, before: float, payment_method_id: str) -> Optional[str]:
    diff = round(_total(state, r) - before, 2)
    if diff > 0:
        bad = _charge(state, state.users[r["user_id"]], payment_method_id, diff)
        if bad:
            return bad
    r["payments"].append({"payment_method_id": payment_method_id if diff > 0 else r["payments"][0]["payment_method_id"],
                          "amount": diff})
    return None


def modify_reservation_dates(reservation_id: str, pickup_date: str, return_date: str, payment_method_id: str,
                             state: State) -> str:
    """Move a confirmed reservation to new dates (same vehicle); the difference is charged or refunded."""
    r, bad = _confirmed(state, reservation_id)
    if bad:
        return bad
    if (pickup_date, return_date) == (r["pickup"]["date"], r["return"]["date"]):
        return _err("The reservation already has these dates.")
    bad = _valid_dates(pickup_date, return_date)
    if bad:
        return _err(bad)
    if not _free(state, r["vehicle_id"], pickup_date, return_date, ignore=r["reservation_id"]):
        return _err("Vehicle not available for these dates.")
    before = _total(state, r)
    old = (r["pickup"]["date"], r["return"]["date"])
    r["pickup"]["date"], r["return"]["date"] = pickup_date, return_date
    bad = _reprice(state, r, before, payment_method_id)
    if bad:
        r["pickup"]["date"], r["return"]["date"] = old
        return _err(bad)
    return _out(state, r)


def change_vehicle(reservation_id: str, new_vehicle_id: str, payment_method_id: str, state: State) -> str:
    """Exchange the vehicle on a confirmed reservation for another free at the same pickup branch."""
    r, bad = _confirmed(state, reservation_id)
    if bad:
        return bad
    v = state.vehicles.get(new_vehicle_id.strip())
    if v is None:
        return _err("Vehicle not found.")
    if new_vehicle_id.strip() == r["vehicle_id"]:
        return _err("That is already the vehicle on the reservation.")
    if v["branch"] != r["pickup"]["branch"]:
        return _err("The new vehicle must be at the pickup branch.")
    if not _free(state, new_vehicle_id.strip(), r["pickup"]["date"], r["return"]["date"]):
        return _err("Vehicle not available for these dates.")
    before = _total(state, r)
    old = r["vehicle_id"]
    r["vehicle_id"] = new_vehicle_id.strip()
    bad = _reprice(state, r, before, payment_method_id)
    if bad:
        r["vehicle_id"] = old
        return _err(bad)
    return _out(state, r)


def add_extras(reservation_id: str, extra_codes: List[str], payment_method_id: str, state: State) -> str:
    """Add extras to a confirmed reservation, paid now."""
    r, bad = _confirmed(state, reservation_id)
    if bad:
        return bad
    if not extra_codes:
        return _err("No extras given.")
    have = {e["extra_code"] for e in r["extras"]}
    before = _total(state, r)
    added = []
    for code in extra_codes:
        code = str(code).strip().upper()
        ex = state.extras.get(code)
        if ex is None or ex[2] not in (None, r["pickup"]["branch"]):
            return _err(f"Extra '{code}' is not available at this branch.")
        if code in have:
            return _err(f"{ex[0]} is already on the reservation.")
        have.add(code)
        added.append({"item_id": f"{r['reservation_id']}-X{len(r['extras']) + len(added) + 1}",
                      "extra_code": code, "price_per_day": ex[1]})
    r["extras"] += added
    bad = _reprice(state, r, before, payment_method_id)
    if bad:
        del r["extras"][-len(added):]
        return _err(bad)
    return _out(state, r)


def remove_extra(reservation_id: str, item_id: str, state: State) -> str:
    """Remove one extra (by its item id) from a confirmed reservation; refunded to the original payment."""
    r, bad = _confirmed(state, reservation_id)
    if bad:
        return bad
    item = next((e for e in r["extras"] if e["item_id"] == item_id.strip().upper()), None)
    if item is None:
        return _err("Item not found on this reservation.")
    before = _total(state, r)
    r["extras"].remove(item)
    r["drivers"] = [] if item["extra_code"] == "ADD_DRIVER" else r["drivers"]
    _reprice(state, r, before, r["payments"][0]["payment_method_id"] if r["payments"] else "")
    return _out(state, r)


def apply_voucher(reservation_id: str, voucher_code: str, state: State) -> str:
    """Apply a Club voucher to a confirmed reservation; the saving is refunded to the original payment."""
    r, bad = _confirmed(state, reservation_id)
    if bad:
        return bad
    code = voucher_code.strip().upper()
    if code not in _VOUCHERS:
        return _err("Voucher code not valid.")
    if not state.users[r["user_id"]]["loyalty_club"]:
        return _err("Vouchers can only be used by Wheelbase Club members.")
    if r["voucher"] == code:
        return _err("This voucher is already applied.")
    if r["voucher"]:
        return _err("Only one voucher per reservation.")
    before = _total(state, r)
    r["voucher"] = code
    _reprice(state, r, before, r["payments"][0]["payment_method_id"] if r["payments"] else "")
    return _out(state, r)


def add_additional_driver(reservation_id: str, full_name: str, licence_number: str, date_of_birth: str,
                          state: State) -> str:
    """Name an additional driver on a confirmed reservation that has the additional driver extra."""
    r, bad = _confirmed(state, reservation_id)
    if bad:
        return bad
    if not any(e["extra_code"] == "ADD_DRIVER" for e in r["extras"]):
        return _err("Add the additional driver extra to the reservation first.")
    try:
        age = _days(date_of_birth, TODAY) // 365
    except ValueError:
        return _err("Date of birth must be YYYY-MM-DD.")
    if age < 23:
        return _err("Additional drivers must be 23 or over.")
    if any(d["licence_number"] == licence_number.replace(" ", "").upper() for d in r["drivers"]):
        return _err("This driver is already on the reservation.")
    r["drivers"].append({"full_name": full_name.strip(), "licence_number": licence_number.replace(" ", "").upper()})
    return _out(state, r)


def cancel_reservation(reservation_id: str, reason: str, state: State) -> str:
    """Cancel a confirmed reservation; payments are refunded to where they came from.

    Args:
        reason: Why the customer is cancelling.
    """
    r, bad = _confirmed(state, reservation_id)
    if bad:
        return bad
    why = reason.strip().lower().replace(" ", "_")
    if why not in _CANCEL_REASONS:
        return _err(f"Invalid reason. Use one of: {', '.join(_CANCEL_REASONS)}.")
    r["status"] = "cancelled"
    r["payments"].append({"payment_method_id": r["payments"][0]["payment_method_id"] if r["payments"] else None,
                          "amount": -round(sum(p["amount"] for p in r["payments"]), 2)})
    return _out(state, r)


def extend_rental(reservation_id: str, new_return_date: str, payment_method_id: str, state: State) -> str:
    """Extend a rental that is under way (the car is out) to a later return date, paid now."""
    r = _reservation(state, reservation_id)
    if r is None:
        return _err("Reservation not found.")
    if r["status"] != "active":
        return _err(f"Reservation is {r['status']}; only a rental under way can be extended.")
    if new_return_date <= r["return"]["date"]:
        return _err("The new return date must be after the current one.")
    if not _free(state, r["vehicle_id"], r["return"]["date"], new_return_date, ignore=r["reservation_id"]):
        return _err("The vehicle is booked after the current return date.")
    before = _total(state, r)
    old = r["return"]["date"]
    r["return"]["date"] = new_return_date
    bad = _reprice(state, r, before, payment_method_id)
    if bad:
        r["return"]["date"] = old
        return _err(bad)
    return _out(state, r)


def report_damage(reservation_id: str, description: str, vehicle_drivable: bool, state: State) -> str:
    """Log damage to a car that is out on a rental; returns the claim reference."""
    r = _reservation(state, reservation_id)
    if r is None:
        return _err("Reservation not found.")
    if r["status"] != "active":
        return _err(f"Reservation is {r['status']}; damage is reported on a rental under way.")
    if not description.strip():
        return _err("Describe the damage.")
    ref = f"DMG-{r['reservation_id']}-{len(state.claims) + 1}"
    state.claims.append({"claim": ref, "reservation": r["reservation_id"], "description": description.strip(),
                         "drivable": bool(vehicle_drivable)})
    return json.dumps({"claim_reference": ref, "recovery_dispatched": not vehicle_drivable})


def dispute_charge(reservation_id: str, charge_id: str, amount: float, reason: str, state: State) -> str:
    """Open a dispute on a charge of a completed rental (up to the charge's amount)."""
    r = _reservation(state, reservation_id)
    if r is None:
        return _err("Reservation not found.")
    if r["status"] != "completed":
        return _err(f"Reservation is {r['status']}; only charges on a completed rental can be disputed.")
    ch = next((c for c in r["charges"] if c["charge_id"] == charge_id.strip().upper()), None)
    if ch is None:
        return _err("Charge not found on this reservation.")
    if amount <= 0 or amount > ch["amount"]:
        return _err(f"The disputed amount must be between 0.01 and {ch['amount']:.2f}.")
    if any(d["charge_id"] == ch["charge_id"] for d in state.disputes):
        return _err("This charge is already disputed.")
    state.disputes.append({"charge_id": ch["charge_id"], "amount": amount, "reason": reason.strip()})
    return json.dumps({"dispute": {"charge_id": ch["charge_id"], "amount": amount, "status": "under_review"}})


def calculate(expression: str) -> str:
    """Evaluate an arithmetic expression (numbers, + - * / and brackets)."""
    if not all(ch in "0123456789.+-*/() " for ch in expression):
        return _err("Invalid characters in expression.")
    try:
        return str(round(float(eval(expression, {"__builtins__": {}}, {})), 2))  # noqa: S307 - digits only
    except Exception as exc:  # noqa: BLE001
        return _err(f"Could not evaluate: {exc}")


def transfer_to_human_agents(summary: str) -> str:
    """Hand the conversation to a human agent, with a summary of the customer's issue."""
    return "Transfer successful"


TOOLS = [
    find_user_id_by_email, find_user_id_by_name_postcode, get_user_details, update_user_address,
    update_driving_licence, add_gift_card, join_loyalty_club, list_branches, search_available_vehicles, list_extras,
    get_reservation_details, create_reservation, modify_reservation_dates, change_vehicle, add_extras, remove_extra,
    apply_voucher, add_additional_driver, cancel_reservation, extend_rental, report_damage, dispute_charge,
    calculate, transfer_to_human_agents,
]

FIXTURES = {
    "company": {"name": "Wheelbase Car Hire (UK)", "today": "Monday 14 June 2027"},
    "customers": [
        {"name": "Amara Okafor", "email": "amara.okafor@example.com", "postcode": "M14 5RJ",
         "says": "Manchester Airport booking in early July; a rental at Piccadilly in May she was overcharged on; a "
                 "Visa card ending 4410; a Wheelbase gift card 6045 2210 8841 5530",
         "partner": {"name": "Kwabena Okafor", "licence_number": "OKAFO812048KW9TZ", "date_of_birth": "1981-04-12"}},
        {"name": "Tomas Lindqvist", "email": "tomas.l@example.se", "postcode": "EH3 9DQ",
         "says": "has a Qashqai out from Edinburgh Waverley now; an August booking there; PayPal; voucher SUMMER25"},
        {"name": "Sara Benali", "email": "sara.benali@example.fr", "postcode": "BS1 4ST",
         "says": "renewed her licence: BENAL905127SA9XY, valid to 29 May 2037; moving to 18 Redland Grove, "
                 "Bristol BS6 6PR"},
    ],
}

_USER = ["get_user_details", "create_reservation", "update_user_address", "update_driving_licence", "add_gift_card",
         "join_loyalty_club"]
_CONFIRMED = ["get_reservation_details", "modify_reservation_dates", "change_vehicle", "add_extras",
              "cancel_reservation", "add_additional_driver", "remove_extra", "apply_voucher"]

GROUND_TRUTH = (
    [("find_user_id_by_email|find_user_id_by_name_postcode", c, "id lookup: user id (bare)") for c in _USER]
    + [("get_user_details|create_reservation", c, "id lookup/create: reservation id (the user's reservations[], or "
        "the new reservation_id); payment methods from the user record") for c in _CONFIRMED]
    + [("get_user_details", c, "id lookup: reservation id (reservations[]) and payment method id "
        "(payment_methods[].id) from the user record") for c in ("extend_rental", "report_damage", "dispute_charge")]
    + [
        ("get_user_details|add_gift_card", "create_reservation", "id lookup/create: payment method id "
                                                                 "(payment_methods[].id, or payment_method_id)"),
        ("get_reservation_details|add_extras", "remove_extra", "id lookup/create: extra item id on the same "
                                                               "reservation (extras[].item_id)"),
        ("get_reservation_details", "dispute_charge", "value: charge id on the same reservation and its amount "
                                                      "(charges[].charge_id, charges[].amount)"),
        ("list_branches", "search_available_vehicles", "vocabulary: branch code (code)"),
        ("list_branches", "list_extras", "vocabulary: branch code (code)"),
        ("list_branches", "create_reservation", "vocabulary: return branch code (code)"),
        ("search_available_vehicles", "create_reservation", "id lookup: vehicle id free for the dates (vehicle_id)"),
        ("search_available_vehicles", "change_vehicle", "id lookup: vehicle id free for the dates (vehicle_id)"),
        ("list_extras", "add_extras", "vocabulary: extra codes (extra_code)"),
        ("update_driving_licence", "create_reservation", "state: a licence on file valid to the end of the rental"),
        ("add_extras", "add_additional_driver", "state: the additional driver extra on the reservation"),
        ("join_loyalty_club", "apply_voucher", "setting: Club membership switched on for the customer"),
    ]
)

PLAUSIBLE = {
    ("find_user_id_by_email", "get_reservation_details"), ("find_user_id_by_name_postcode", "get_reservation_details"),
    ("get_reservation_details", "modify_reservation_dates"), ("get_reservation_details", "change_vehicle"),
    ("get_reservation_details", "cancel_reservation"), ("get_reservation_details", "add_extras"),
    ("get_reservation_details", "apply_voucher"), ("get_reservation_details", "extend_rental"),
    ("get_reservation_details", "report_damage"), ("get_reservation_details", "add_additional_driver"),
    ("list_branches", "change_vehicle"), ("list_extras", "add_additional_driver"), ("calculate", "dispute_charge"),
    ("get_user_details", "add_gift_card"), ("search_available_vehicles", "modify_reservation_dates"),
    ("list_extras", "remove_extra"), ("get_user_details", "join_loyalty_club"),
}
