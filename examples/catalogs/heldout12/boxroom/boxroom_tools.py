"""Boxroom: the customer-service tools of Keepwell Self Storage (23 calls).

Plain functions over an in-memory ``State`` of Keepwell's three Yorkshire stores on Tuesday
14 March 2028 at 10:15, in the style of the customer-service back ends of public agent
benchmarks. Customers are found by e-mail or phone number; a customer record holds their rentals,
reservations, saved cards and whether their identity has been checked. A rental is one unit at one
store, with a monthly rate, a balance, its charges, an insurance plan, autopay, the people allowed
through the gate and a status (``current``, ``overlocked`` when the site has put its own lock on
for arrears, ``moving_out`` once a move-out date is booked).

Replies are plain dicts or lists of dicts. A refusal is *returned*, not raised, the way the store's
REST API answers: ``{"errors": [{"status": "422", "code": "...", "detail": "..."}]}``. The module
declares ``FAILURE`` for that shape.

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as
provider means either tool satisfies it, and the text of ``what`` before its first ``:`` is the
kind.
"""

import copy
import re
from enum import Enum
from typing import List, Optional

TODAY = "2028-03-14"
NOTICE_DAYS = 7
ADMIN_FEE = 20.00


class SizeClass(str, Enum):
    LOCKER = "locker"
    SMALL = "small"
    MEDIUM = "medium"
    LARGE = "large"
    EXTRA_LARGE = "extra_large"


class InsurancePlan(str, Enum):
    OWN_POLICY = "own_policy"
    COVER_2K = "cover_2k"
    COVER_5K = "cover_5k"
    COVER_10K = "cover_10k"


class IdDocument(str, Enum):
    PASSPORT = "passport"
    DRIVING_LICENCE = "driving_licence"


class IssueCategory(str, Enum):
    ACCESS = "access"
    DAMP_OR_LEAK = "damp_or_leak"
    PESTS = "pests"
    DAMAGE = "damage"
    LIGHTING = "lighting"
    BILLING = "billing"


_INSURANCE_PRICE = {"own_policy": 0.0, "cover_2k": 4.50, "cover_5k": 8.00, "cover_10k": 13.50}
_MOVE_OUT_REASONS = ("moving_home", "no_longer_needed", "too_expensive", "unit_too_small", "unit_too_big",
                     "found_elsewhere", "other")


def _err(status: str, code: str, detail: str) -> dict:
    return {"errors": [{"status": status, "code": code, "detail": detail}]}


def FAILURE(reply) -> bool:
    """True for the API's error envelope ``{"errors": [...]}``."""
    return isinstance(reply, dict) and bool(reply.get("errors"))


def _digits(text: str) -> str:
    return re.sub(r"\D", "", text or "")


def _unit(unit_id, facility, size, sqft, rate, climate=False, floor="ground", status="available"):
    return {"unit_id": unit_id, "facility_id": facility, "size": size, "sq_ft": sqft, "monthly_rate": rate,
            "climate_controlled": climate, "floor": floor, "status": status}


class State:
    """Keepwell Self Storage, Tuesday 14 March 2028, 10:15."""

    def __init__(self) -> None:
        self.facilities = {
            "fac_lds_kirkstall": {"name": "Keepwell Leeds Kirkstall", "address": "Kirkstall Rd, Leeds LS4 2AZ",
                                  "gate_hours": "06:00-22:00"},
            "fac_lds_hunslet": {"name": "Keepwell Leeds Hunslet", "address": "Balm Rd, Leeds LS10 2JR",
                                "gate_hours": "06:00-22:00"},
            "fac_yrk_clifton": {"name": "Keepwell York Clifton Moor", "address": "Kettlestring Ln, York YO30 4XF",
                                "gate_hours": "07:00-21:00"},
        }
        u = [
            _unit("KRK-A014", "fac_lds_kirkstall", "locker", 15, 32.00, floor="ground"),
            _unit("KRK-A031", "fac_lds_kirkstall", "small", 25, 54.00),
            _unit("KRK-B204", "fac_lds_kirkstall", "medium", 50, 89.00, climate=True, floor="first",
                  status="rented"),
            _unit("KRK-B211", "fac_lds_kirkstall", "medium", 50, 84.00, floor="first"),
            _unit("KRK-B220", "fac_lds_kirkstall", "medium", 50, 92.00, climate=True, floor="first"),
            _unit("KRK-C102", "fac_lds_kirkstall", "large", 100, 139.00),
            _unit("KRK-C118", "fac_lds_kirkstall", "large", 100, 131.00, status="rented"),
            _unit("HUN-C015", "fac_lds_hunslet", "large", 100, 119.00, status="rented"),
            _unit("HUN-C022", "fac_lds_hunslet", "large", 100, 124.00),
            _unit("HUN-D004", "fac_lds_hunslet", "extra_large", 150, 172.00),
            _unit("HUN-A007", "fac_lds_hunslet", "small", 25, 49.00),
            _unit("YRK-A009", "fac_yrk_clifton", "small", 25, 51.00, status="reserved"),
            _unit("YRK-A012", "fac_yrk_clifton", "small", 25, 51.00),
            _unit("YRK-B030", "fac_yrk_clifton", "medium", 50, 82.00, climate=True),
        ]
        self.units = {x["unit_id"]: x for x in u}
        self.customers = {
            "cus_14402": {"name": "Priya Natarajan", "email": "priya.natarajan@example.co.uk",
                          "phone": "07700900412", "id_verified": True,
                          "payment_methods": [{"payment_method_id": "pm_4417", "brand": "visa", "last4": "4417",
                                               "expiry": "09/29"}],
                          "rentals": ["rnt_30117"], "reservations": []},
            "cus_13958": {"name": "Gareth Lloyd", "email": "gareth.lloyd@example.com", "phone": "07700900855",
                          "id_verified": True,
                          "payment_methods": [{"payment_method_id": "pm_7720", "brand": "mastercard",
                                               "last4": "7720", "expiry": "02/30"}],
                          "rentals": ["rnt_29840"], "reservations": []},
            "cus_15011": {"name": "Megan Shaw", "email": "megan.shaw@example.org", "phone": "07700900193",
                          "id_verified": False, "payment_methods": [], "rentals": [],
                          "reservations": ["res_5531"]},
            "cus_12276": {"name": "Tomasz Wojcik", "email": "t.wojcik@example.net", "phone": "07700900671",
                          "id_verified": True,
                          "payment_methods": [{"payment_method_id": "pm_0385", "brand": "visa", "last4": "0385",
                                               "expiry": "11/28"}],
                          "rentals": ["rnt_27712"], "reservations": []},
        }
        self.rentals = {
            "rnt_30117": {"rental_id": "rnt_30117", "customer_id": "cus_14402", "unit_id": "KRK-B204",
                          "status": "current", "started": "2027-06-02", "monthly_rate": 89.00, "balance": 0.0,
                          "insurance": "cover_2k", "autopay_payment_method_id": "pm_4417",
                          "authorized_users": [], "move_out_date": None, "gate_code": "4471#",
                          "charges": [{"charge_id": "chg_88120", "kind": "rent", "amount": 93.50,
                                       "date": "2028-03-02", "paid": True}]},
            "rnt_29840": {"rental_id": "rnt_29840", "customer_id": "cus_13958", "unit_id": "HUN-C015",
                          "status": "overlocked", "started": "2026-11-20", "monthly_rate": 119.00, "balance": 142.00,
                          "insurance": "own_policy", "autopay_payment_method_id": None, "authorized_users": [],
                          "move_out_date": None, "gate_code": "9120#",
                          "charges": [{"charge_id": "chg_87904", "kind": "rent", "amount": 119.00,
                                       "date": "2028-02-20", "paid": False},
                                      {"charge_id": "chg_88211", "kind": "late_fee", "amount": 15.00,
                                       "date": "2028-03-01", "paid": False},
                                      {"charge_id": "chg_88302", "kind": "overlock_fee", "amount": 8.00,
                                       "date": "2028-03-06", "paid": False}]},
            "rnt_27712": {"rental_id": "rnt_27712", "customer_id": "cus_12276", "unit_id": "KRK-C118",
                          "status": "current", "started": "2025-09-14", "monthly_rate": 131.00, "balance": 0.0,
                          "insurance": "cover_5k", "autopay_payment_method_id": "pm_0385",
                          "authorized_users": [{"name": "Ewa Wojcik", "phone": "07700900672"}],
                          "move_out_date": None, "gate_code": "2208#",
                          "charges": [{"charge_id": "chg_88007", "kind": "rent", "amount": 139.00,
                                       "date": "2028-02-14", "paid": True}]},
        }
        self.reservations = {
            "res_5531": {"reservation_id": "res_5531", "customer_id": "cus_15011", "unit_id": "YRK-A009",
                         "move_in_date": "2028-03-16", "status": "held"},
        }
        self.waived = {}
        self.tickets = []
        self.transfers = []
        self.next_customer_pm = 9001
        self.next_reservation = 5600
        self.next_rental = 30200
        self.next_charge = 88400
        self.next_ticket = 7100
        self.next_gate = 5311


# --------------------------------------------------------------------------- helpers


def _customer(state, customer_id):
    return state.customers.get(customer_id)


def _rental(state, rental_id):
    return state.rentals.get(rental_id)


def _rental_view(state, r):
    unit = state.units[r["unit_id"]]
    out = copy.deepcopy(r)
    out.pop("gate_code")
    out["facility_id"] = unit["facility_id"]
    out["size"] = unit["size"]
    return out


def _add_charge(state, r, kind, amount, paid=False):
    cid = f"chg_{state.next_charge}"
    state.next_charge += 1
    r["charges"].append({"charge_id": cid, "kind": kind, "amount": round(amount, 2), "date": TODAY, "paid": paid})
    if not paid:
        r["balance"] = round(r["balance"] + amount, 2)
    return cid


def _pm_of(customer, payment_method_id):
    return next((p for p in customer["payment_methods"] if p["payment_method_id"] == payment_method_id), None)


# --------------------------------------------------------------------------- customers


def find_customer_by_email(email: str, state: State) -> dict:
    """Look up a customer by e-mail address."""
    for cid, c in state.customers.items():
        if c["email"].lower() == email.strip().lower():
            return {"customer_id": cid, "name": c["name"]}
    return _err("404", "not_found", f"No customer with e-mail {email}")


def find_customer_by_phone(phone: str, state: State) -> dict:
    """Look up a customer by phone number (any spacing; +44 accepted)."""
    d = _digits(phone)
    if d.startswith("44"):
        d = "0" + d[2:]
    for cid, c in state.customers.items():
        if c["phone"] == d:
            return {"customer_id": cid, "name": c["name"]}
    return _err("404", "not_found", f"No customer with phone number {phone}")


def get_customer(customer_id: str, state: State) -> dict:
    """A customer's record: contact details, whether ID has been checked, saved cards, rentals and
    reservations (each rental with its unit, status and balance)."""
    c = _customer(state, customer_id)
    if c is None:
        return _err("404", "not_found", f"Customer {customer_id} not found")
    rentals = []
    for rid in c["rentals"]:
        r = state.rentals[rid]
        rentals.append({"rental_id": rid, "unit_id": r["unit_id"], "facility_id": state.units[r["unit_id"]]["facility_id"],
                        "status": r["status"], "balance": r["balance"]})
    reservations = [copy.deepcopy(state.reservations[x]) for x in c["reservations"]]
    return {"customer_id": customer_id, "name": c["name"], "email": c["email"], "phone": c["phone"],
            "id_verified": c["id_verified"], "payment_methods": copy.deepcopy(c["payment_methods"]),
            "rentals": rentals, "reservations": reservations}


def verify_identity(customer_id: str, document: IdDocument, last_four: str, state: State) -> dict:
    """Record that the customer's photo ID was checked, by document type and its last four characters.
    Needed once before a first move-in."""
    c = _customer(state, customer_id)
    if c is None:
        return _err("404", "not_found", f"Customer {customer_id} not found")
    try:
        document = IdDocument(document)
    except ValueError:
        return _err("422", "invalid_document", f"Unknown document {document}")
    if c["id_verified"]:
        return _err("409", "already_verified", "Identity is already verified for this customer")
    if len(last_four.strip()) != 4:
        return _err("422", "invalid_reference", "Give the last four characters of the document number")
    c["id_verified"] = True
    return {"customer_id": customer_id, "id_verified": True, "document": document.value}


def add_payment_method(customer_id: str, card_number: str, expiry: str, cardholder_name: str, state: State) -> dict:
    """Save a card to the customer's account. Expiry as MM/YY."""
    c = _customer(state, customer_id)
    if c is None:
        return _err("404", "not_found", f"Customer {customer_id} not found")
    digits = _digits(card_number)
    if len(digits) not in (15, 16):
        return _err("422", "invalid_card", "Card number must have 15 or 16 digits")
    m = re.fullmatch(r"(\d{2})/(\d{2})", expiry.strip())
    if not m or not 1 <= int(m.group(1)) <= 12 or (2000 + int(m.group(2)), int(m.group(1))) < (2028, 3):
        return _err("422", "card_expired", "Expiry must be MM/YY and not in the past")
    if any(p["last4"] == digits[-4:] and p["expiry"] == expiry.strip() for p in c["payment_methods"]):
        return _err("409", "duplicate_card", "That card is already saved")
    pm = {"payment_method_id": f"pm_{state.next_customer_pm}", "brand": "visa" if digits[0] == "4" else "mastercard",
          "last4": digits[-4:], "expiry": expiry.strip(), "cardholder_name": cardholder_name}
    state.next_customer_pm += 1
    c["payment_methods"].append(pm)
    return pm


# --------------------------------------------------------------------------- stores and units


def list_facilities(state: State) -> list:
    """All Keepwell stores with their addresses and gate hours."""
    return [{"facility_id": k, **v} for k, v in state.facilities.items()]


def search_available_units(facility_id: str, size: SizeClass, climate_controlled: Optional[bool] = None,
                           state: State = None) -> list:
    """Units free to rent at a store in one size class, cheapest first. Leave climate_controlled unset
    for both kinds."""
    if facility_id not in state.facilities:
        return _err("404", "not_found", f"Facility {facility_id} not found")
    try:
        size = SizeClass(size)
    except ValueError:
        return _err("422", "invalid_size", f"Unknown size class {size}")
    rows = [copy.deepcopy(u) for u in state.units.values() if u["facility_id"] == facility_id
            and u["size"] == size.value and u["status"] == "available"
            and (climate_controlled is None or u["climate_controlled"] == climate_controlled)]
    return sorted(rows, key=lambda u: (u["monthly_rate"], u["unit_id"]))


# --------------------------------------------------------------------------- reservations and move-in


def create_reservation(customer_id: str, unit_id: str, move_in_date: str, state: State) -> dict:
    """Hold an available unit for a customer until the move-in date (within 30 days, YYYY-MM-DD)."""
    c = _customer(state, customer_id)
    if c is None:
        return _err("404", "not_found", f"Customer {customer_id} not found")
    unit = state.units.get(unit_id)
    if unit is None:
        return _err("404", "not_found", f"Unit {unit_id} not found")
    if unit["status"] != "available":
        return _err("409", "unit_unavailable", f"Unit {unit_id} is {unit['status']}")
    if not re.fullmatch(r"2028-(0[3-4])-\d{2}", move_in_date) or move_in_date < TODAY or move_in_date > "2028-04-13":
        return _err("422", "invalid_date", "Move-in date must be between today and 30 days ahead")
    rid = f"res_{state.next_reservation}"
    state.next_reservation += 1
    res = {"reservation_id": rid, "customer_id": customer_id, "unit_id": unit_id, "move_in_date": move_in_date,
           "status": "held"}
    state.reservations[rid] = res
    c["reservations"].append(rid)
    unit["status"] = "reserved"
    return copy.deepcopy(res)


def cancel_reservation(reservation_id: str, state: State) -> dict:
    """Release a held reservation."""
    res = state.reservations.get(reservation_id)
    if res is None:
        return _err("404", "not_found", f"Reservation {reservation_id} not found")
    if res["status"] != "held":
        return _err("409", "invalid_status", f"Reservation is {res['status']}")
    res["status"] = "cancelled"
    state.units[res["unit_id"]]["status"] = "available"
    return copy.deepcopy(res)


def move_in(reservation_id: str, payment_method_id: str, insurance_plan: InsurancePlan, state: State) -> dict:
    """Turn a held reservation into a rental: takes the first month's rent, the insurance and the
    one-off admin fee from the card, and issues a gate code. The customer's ID must have been checked;
    own_policy needs the customer's own contents insurance."""
    res = state.reservations.get(reservation_id)
    if res is None:
        return _err("404", "not_found", f"Reservation {reservation_id} not found")
    if res["status"] != "held":
        return _err("409", "invalid_status", f"Reservation is {res['status']}")
    c = state.customers[res["customer_id"]]
    if not c["id_verified"]:
        return _err("403", "identity_not_verified", "Photo ID must be verified before move-in")
    if _pm_of(c, payment_method_id) is None:
        return _err("422", "invalid_payment_method", f"{payment_method_id} is not a card on this account")
    try:
        plan = InsurancePlan(insurance_plan)
    except ValueError:
        return _err("422", "invalid_plan", f"Unknown insurance plan {insurance_plan}")
    unit = state.units[res["unit_id"]]
    rid = f"rnt_{state.next_rental}"
    state.next_rental += 1
    gate = f"{state.next_gate}#"
    state.next_gate += 7
    rental = {"rental_id": rid, "customer_id": res["customer_id"], "unit_id": unit["unit_id"], "status": "current",
              "started": res["move_in_date"], "monthly_rate": unit["monthly_rate"], "balance": 0.0,
              "insurance": plan.value, "autopay_payment_method_id": None, "authorized_users": [],
              "move_out_date": None, "gate_code": gate, "charges": []}
    state.rentals[rid] = rental
    _add_charge(state, rental, "rent", unit["monthly_rate"] + _INSURANCE_PRICE[plan.value], paid=True)
    _add_charge(state, rental, "admin_fee", ADMIN_FEE, paid=True)
    res["status"] = "moved_in"
    unit["status"] = "rented"
    c["rentals"].append(rid)
    out = _rental_view(state, rental)
    out["gate_code"] = gate
    return out


# --------------------------------------------------------------------------- rentals


def get_rental(rental_id: str, state: State) -> dict:
    """A rental with its unit, status, balance, charges (each with a charge id), insurance, autopay
    card and authorised users."""
    r = _rental(state, rental_id)
    if r is None:
        return _err("404", "not_found", f"Rental {rental_id} not found")
    return _rental_view(state, r)


def make_payment(rental_id: str, payment_method_id: str, amount: float, state: State) -> dict:
    """Take a payment towards a rental's balance from one of the customer's saved cards. Unpaid
    charges are settled oldest first."""
    r = _rental(state, rental_id)
    if r is None:
        return _err("404", "not_found", f"Rental {rental_id} not found")
    c = state.customers[r["customer_id"]]
    if _pm_of(c, payment_method_id) is None:
        return _err("422", "invalid_payment_method", f"{payment_method_id} is not a card on this account")
    if r["balance"] <= 0:
        return _err("409", "nothing_owed", "This rental has no balance to pay")
    if amount <= 0 or round(amount, 2) > r["balance"]:
        return _err("422", "invalid_amount", f"Amount must be more than 0 and at most the balance of {r['balance']:.2f}")
    left = round(amount, 2)
    for ch in r["charges"]:
        if not ch["paid"] and left >= ch["amount"]:
            ch["paid"] = True
            left = round(left - ch["amount"], 2)
    r["balance"] = round(r["balance"] - amount, 2)
    return {"rental_id": rental_id, "paid": round(amount, 2), "balance": r["balance"], "status": r["status"]}


def set_autopay(rental_id: str, payment_method_id: Optional[str] = None, state: State = None) -> dict:
    """Charge the monthly rent to a saved card automatically, or switch autopay off (no card)."""
    r = _rental(state, rental_id)
    if r is None:
        return _err("404", "not_found", f"Rental {rental_id} not found")
    if payment_method_id is not None and _pm_of(state.customers[r["customer_id"]], payment_method_id) is None:
        return _err("422", "invalid_payment_method", f"{payment_method_id} is not a card on this account")
    if r["autopay_payment_method_id"] == payment_method_id:
        return _err("409", "no_change", "Autopay is already set that way")
    r["autopay_payment_method_id"] = payment_method_id
    return {"rental_id": rental_id, "autopay_payment_method_id": payment_method_id}


def change_insurance(rental_id: str, plan: InsurancePlan, state: State) -> dict:
    """Change a rental's contents cover from the next monthly charge."""
    r = _rental(state, rental_id)
    if r is None:
        return _err("404", "not_found", f"Rental {rental_id} not found")
    try:
        plan = InsurancePlan(plan)
    except ValueError:
        return _err("422", "invalid_plan", f"Unknown insurance plan {plan}")
    if r["insurance"] == plan.value:
        return _err("409", "no_change", f"The rental is already on {plan.value}")
    if r["status"] == "moving_out":
        return _err("409", "invalid_status", "Insurance cannot change once a move-out is booked")
    r["insurance"] = plan.value
    return {"rental_id": rental_id, "insurance": plan.value, "monthly_premium": _INSURANCE_PRICE[plan.value]}


def reset_gate_code(rental_id: str, state: State) -> dict:
    """Issue a new gate code for a rental (the old one stops working). Not for overlocked rentals."""
    r = _rental(state, rental_id)
    if r is None:
        return _err("404", "not_found", f"Rental {rental_id} not found")
    if r["status"] == "overlocked":
        return _err("403", "access_suspended", "Gate access is suspended while the unit is overlocked")
    r["gate_code"] = f"{state.next_gate}#"
    state.next_gate += 7
    return {"rental_id": rental_id, "gate_code": r["gate_code"]}


def remove_overlock(rental_id: str, state: State) -> dict:
    """Ask the store to take its overlock off a unit once the balance is cleared."""
    r = _rental(state, rental_id)
    if r is None:
        return _err("404", "not_found", f"Rental {rental_id} not found")
    if r["status"] != "overlocked":
        return _err("409", "invalid_status", "The unit is not overlocked")
    if r["balance"] > 0:
        return _err("409", "balance_outstanding", f"Balance of {r['balance']:.2f} must be paid first")
    r["status"] = "current"
    return {"rental_id": rental_id, "status": "current", "gate_code": r["gate_code"]}


def waive_fee(rental_id: str, charge_id: str, reason: str, state: State) -> dict:
    """Waive one unpaid late fee or overlock fee on a rental (one waiver per rental in 12 months)."""
    r = _rental(state, rental_id)
    if r is None:
        return _err("404", "not_found", f"Rental {rental_id} not found")
    ch = next((x for x in r["charges"] if x["charge_id"] == charge_id), None)
    if ch is None:
        return _err("404", "not_found", f"Charge {charge_id} not found on {rental_id}")
    if ch["kind"] not in ("late_fee", "overlock_fee"):
        return _err("422", "not_waivable", "Only late fees and overlock fees can be waived")
    if ch["paid"]:
        return _err("409", "already_paid", "That fee has been paid")
    if rental_id in state.waived:
        return _err("409", "waiver_limit", "A fee on this rental was already waived in the last 12 months")
    if not reason.strip():
        return _err("422", "reason_required", "Give a reason")
    ch["paid"] = True
    ch["kind"] += "_waived"
    r["balance"] = round(r["balance"] - ch["amount"], 2)
    state.waived[rental_id] = (charge_id, reason)
    return {"rental_id": rental_id, "charge_id": charge_id, "waived": ch["amount"], "balance": r["balance"]}


def add_authorized_user(rental_id: str, name: str, phone: str, state: State) -> dict:
    """Let another person through the gate to this unit."""
    r = _rental(state, rental_id)
    if r is None:
        return _err("404", "not_found", f"Rental {rental_id} not found")
    if any(a["name"].lower() == name.strip().lower() for a in r["authorized_users"]):
        return _err("409", "duplicate", f"{name} is already an authorised user")
    if len(r["authorized_users"]) >= 3:
        return _err("422", "limit_reached", "At most three authorised users")
    r["authorized_users"].append({"name": name.strip(), "phone": _digits(phone)})
    return {"rental_id": rental_id, "authorized_users": copy.deepcopy(r["authorized_users"])}


def transfer_unit(rental_id: str, new_unit_id: str, state: State) -> dict:
    """Move a rental to another available unit at the same store; the new rate applies from the next
    charge. The balance must be clear."""
    r = _rental(state, rental_id)
    if r is None:
        return _err("404", "not_found", f"Rental {rental_id} not found")
    new = state.units.get(new_unit_id)
    if new is None:
        return _err("404", "not_found", f"Unit {new_unit_id} not found")
    if r["balance"] > 0:
        return _err("409", "balance_outstanding", f"Balance of {r['balance']:.2f} must be paid first")
    if r["status"] != "current":
        return _err("409", "invalid_status", f"Rental is {r['status']}")
    old = state.units[r["unit_id"]]
    if new["facility_id"] != old["facility_id"]:
        return _err("422", "different_facility", "Transfers are only within the same store")
    if new["status"] != "available":
        return _err("409", "unit_unavailable", f"Unit {new_unit_id} is {new['status']}")
    old["status"], new["status"] = "available", "rented"
    r["unit_id"], r["monthly_rate"] = new_unit_id, new["monthly_rate"]
    return _rental_view(state, r)


def schedule_move_out(rental_id: str, move_out_date: str, reason: str, state: State) -> dict:
    """Book the date the customer will empty the unit (at least seven days' notice). The balance
    must be clear. The reason is a code."""
    r = _rental(state, rental_id)
    if r is None:
        return _err("404", "not_found", f"Rental {rental_id} not found")
    if reason not in _MOVE_OUT_REASONS:
        return _err("422", "invalid_reason", "reason must be one of: " + ", ".join(_MOVE_OUT_REASONS))
    if r["status"] != "current":
        return _err("409", "invalid_status", f"Rental is {r['status']}")
    if r["balance"] > 0:
        return _err("409", "balance_outstanding", f"Balance of {r['balance']:.2f} must be paid first")
    if not re.fullmatch(r"\d{4}-\d{2}-\d{2}", move_out_date) or move_out_date < "2028-03-21":
        return _err("422", "insufficient_notice", f"Move-out needs {NOTICE_DAYS} days' notice (2028-03-21 or later)")
    r["status"], r["move_out_date"] = "moving_out", move_out_date
    return {"rental_id": rental_id, "status": "moving_out", "move_out_date": move_out_date, "reason": reason}


def report_issue(rental_id: str, category: IssueCategory, description: str, state: State) -> dict:
    """Log a problem with a unit or the store for the store manager."""
    r = _rental(state, rental_id)
    if r is None:
        return _err("404", "not_found", f"Rental {rental_id} not found")
    try:
        category = IssueCategory(category)
    except ValueError:
        return _err("422", "invalid_category", f"Unknown category {category}")
    if not description.strip():
        return _err("422", "description_required", "Describe the problem")
    tid = f"TKT-{state.next_ticket}"
    state.next_ticket += 1
    state.tickets.append({"ticket_id": tid, "rental_id": rental_id, "category": category.value,
                          "description": description})
    return {"ticket_id": tid, "rental_id": rental_id, "category": category.value, "status": "open"}


def calculate(expression: str) -> str:
    """Evaluate an arithmetic expression such as '89 + 4.5 * 2'."""
    if not re.fullmatch(r"[0-9+\-*/(). ]+", expression):
        return _err("422", "invalid_expression", "Only numbers and + - * / ( ) are allowed")
    try:
        return str(round(eval(expression, {"__builtins__": {}}, {}), 2))  # noqa: S307 - digits and operators only
    except (SyntaxError, ZeroDivisionError):
        return _err("422", "invalid_expression", "Cannot evaluate that expression")


def transfer_to_human_agents(summary: str, state: State) -> dict:
    """Hand the customer to a member of store staff with a summary."""
    state.transfers.append(summary)
    return {"transferred": True}


TOOLS = [
    find_customer_by_email, find_customer_by_phone, get_customer, verify_identity, add_payment_method,
    list_facilities, search_available_units, create_reservation, cancel_reservation, move_in, get_rental,
    make_payment, set_autopay, change_insurance, reset_gate_code, remove_overlock, waive_fee, add_authorized_user,
    transfer_unit, schedule_move_out, report_issue, calculate, transfer_to_human_agents,
]

FIXTURES = {
    "company": {"name": "Keepwell Self Storage", "stores": ["Leeds Kirkstall", "Leeds Hunslet", "York Clifton Moor"],
                "now": "Tuesday 14 March 2028, 10:15"},
    "customers": [
        {"name": "Priya Natarajan", "email": "priya.natarajan@example.co.uk", "phone": "07700 900412",
         "says": "rents a medium unit at Kirkstall; her brother Arjun Natarajan (07700 900418) needs gate access; "
                 "wants a bigger or cheaper unit at the same store"},
        {"name": "Gareth Lloyd", "email": "gareth.lloyd@example.com", "phone": "+44 7700 900855",
         "says": "his Hunslet unit has been locked by the store since he missed February's rent; can pay today "
                 "with his Mastercard ending 7720; asks for the late fee to be waived"},
        {"name": "Megan Shaw", "email": "megan.shaw@example.org", "phone": "07700 900193",
         "says": "reserved a small unit at York Clifton Moor, moving in on Thursday; passport number ending 4K7Q; "
                 "card 4929 1234 5678 4821, expiry 07/30, name on card M SHAW; has her own contents insurance"},
        {"name": "Tomasz Wojcik", "email": "t.wojcik@example.net", "phone": "07700 900671",
         "says": "rents a large unit at Kirkstall; moving back to Poland at the end of April; lost the gate code"},
    ],
}

_CUSTOMER = ["get_customer", "verify_identity", "add_payment_method", "create_reservation"]
_RENTAL = ["get_rental", "make_payment", "reset_gate_code", "remove_overlock", "waive_fee", "transfer_unit",
           "schedule_move_out", "report_issue"]
_RENTAL_OR_NEW = ["set_autopay", "change_insurance", "add_authorized_user"]

GROUND_TRUTH = (
    [("find_customer_by_email|find_customer_by_phone", c, "id lookup: customer id (customer_id)") for c in _CUSTOMER]
    + [("get_customer", c, "id lookup: rental id (rentals[].rental_id)") for c in _RENTAL]
    + [("get_customer|move_in", c, "id lookup/create: rental id (rentals[].rental_id, or the new rental_id)")
       for c in _RENTAL_OR_NEW]
    + [
        ("get_customer|add_payment_method", "move_in",
         "id lookup/create: reservation id and card id (reservations[].reservation_id, payment_methods[]."
         "payment_method_id, or the new payment_method_id)"),
        ("add_payment_method", "set_autopay", "id create: a newly saved card for autopay (payment_method_id)"),
        ("create_reservation", "move_in", "id create: reservation id (reservation_id)"),
        ("get_customer|create_reservation", "cancel_reservation",
         "id lookup/create: reservation id (reservations[].reservation_id, or the new reservation_id)"),
        ("verify_identity", "move_in", "state: photo ID checked before a first move-in"),
        ("list_facilities", "search_available_units", "id lookup: facility id (facility_id)"),
        ("search_available_units", "create_reservation", "vocabulary: an available unit id (unit_id)"),
        ("search_available_units", "transfer_unit", "vocabulary: an available unit at the same store (unit_id)"),
        ("get_rental", "waive_fee", "id lookup: charge id of an unpaid fee (charges[].charge_id)"),
        ("get_rental", "make_payment", "value: the balance owed (balance)"),
        ("make_payment", "remove_overlock", "state: balance cleared before the overlock comes off"),
        ("make_payment", "schedule_move_out", "state: balance cleared before a move-out is booked"),
        ("remove_overlock", "reset_gate_code", "state: gate access restored (rental back to current)"),
    ]
)

PLAUSIBLE = {
    ("remove_overlock", "schedule_move_out"), ("make_payment", "reset_gate_code"), ("get_rental", "transfer_unit"), ("get_rental", "schedule_move_out"),
    ("get_rental", "remove_overlock"), ("get_rental", "change_insurance"), ("get_rental", "set_autopay"),
    ("get_rental", "add_authorized_user"), ("get_rental", "reset_gate_code"), ("calculate", "make_payment"),
    ("waive_fee", "remove_overlock"), ("waive_fee", "schedule_move_out"), ("waive_fee", "transfer_unit"),
    ("make_payment", "transfer_unit"), ("list_facilities", "transfer_unit"),
    ("find_customer_by_email", "get_rental"), ("find_customer_by_phone", "get_rental"),
    ("get_customer", "transfer_to_human_agents"),
}
