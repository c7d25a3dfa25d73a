"""Scripted proofs that Boxroom's designed prerequisites are real (checked by the checkout's
examples/catalogs/oracle.py with the module's ``FAILURE``: a returned ``{"errors": [...]}`` is a
failure).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer
fails once every call of the provider is dropped (its outputs replaced by control values).
Customers are found by e-mail or phone (``"$find_customer_by_email.customer_id"``); dicts are
referenced through their fields (``"$get_customer.rentals.0.rental_id"``,
``"$get_customer.reservations.0.reservation_id"``, ``"$get_rental.charges.1.charge_id"``,
``"$get_rental.balance"``, ``"$move_in.rental_id"``), lists of dicts by position
(``"$list_facilities.0.facility_id"``, ``"$search_available_units.0.unit_id"``). Boxroom writes no id
only inside a sentence, so nothing is written literally.
"""

EMAIL = {"priya": "priya.natarajan@example.co.uk", "gareth": "gareth.lloyd@example.com",
         "megan": "megan.shaw@example.org", "tomasz": "t.wojcik@example.net"}
PHONE = {"priya": "07700 900412", "gareth": "+44 7700 900855", "megan": "07700 900193", "tomasz": "07700 900671"}


def find(who: str, how: str = "email") -> list:
    if how == "email":
        return [("find_customer_by_email", {"email": EMAIL[who]}, "cust")]
    return [("find_customer_by_phone", {"phone": PHONE[who]}, "cust")]


CID = "$cust.customer_id"
RENTAL = "$get_customer.rentals.0.rental_id"
CARD = "$get_customer.payment_methods.0.payment_method_id"
DETAILS = ("get_customer", {"customer_id": CID})


def kirkstall(size: str) -> list:
    return [("list_facilities", {}),
            ("search_available_units", {"facility_id": "$list_facilities.0.facility_id", "size": size})]


def gareth(upto: str, how: str = "email") -> list:
    """Gareth pays off his overlocked Hunslet unit, the lock comes off, then ``upto``."""
    steps = find("gareth", how) + [DETAILS, ("get_rental", {"rental_id": RENTAL})]
    if upto == "waive_fee":
        return steps + [("waive_fee", {"rental_id": RENTAL, "charge_id": "$get_rental.charges.1.charge_id",
                                       "reason": "First late payment in over a year; customer was in hospital"})]
    steps.append(("make_payment", {"rental_id": RENTAL, "payment_method_id": CARD, "amount": "$get_rental.balance"}))
    if upto == "make_payment":
        return steps
    steps.append(("remove_overlock", {"rental_id": RENTAL}))
    if upto == "remove_overlock":
        return steps
    if upto == "reset_gate_code":
        return steps + [("reset_gate_code", {"rental_id": RENTAL})]
    if upto == "schedule_move_out":
        return steps + [("schedule_move_out", {"rental_id": RENTAL, "move_out_date": "2028-03-31",
                                               "reason": "no_longer_needed"})]
    if upto == "set_autopay":
        return steps + [("set_autopay", {"rental_id": RENTAL, "payment_method_id": CARD})]
    raise KeyError(upto)


def megan(upto: str, how: str = "email") -> list:
    """Megan's ID is checked, her card saved, and she moves into the unit she reserved."""
    steps = find("megan", how) + [("verify_identity", {"customer_id": CID, "document": "passport",
                                                       "last_four": "4K7Q"})]
    if upto == "verify_identity":
        return steps
    steps += [DETAILS, ("add_payment_method", {"customer_id": CID, "card_number": "4929 1234 5678 4821",
                                               "expiry": "07/30", "cardholder_name": "M SHAW"})]
    if upto == "add_payment_method":
        return steps
    steps.append(("move_in", {"reservation_id": "$get_customer.reservations.0.reservation_id",
                              "payment_method_id": "$add_payment_method.payment_method_id",
                              "insurance_plan": "own_policy"}))
    new = "$move_in.rental_id"
    tail = {
        "move_in": [],
        "set_autopay": [("set_autopay", {"rental_id": new, "payment_method_id": "$add_payment_method.payment_method_id"})],
        "change_insurance": [("change_insurance", {"rental_id": new, "plan": "cover_2k"})],
        "add_authorized_user": [("add_authorized_user", {"rental_id": new, "name": "Daniel Shaw",
                                                          "phone": "07700 900194"})],
    }
    return steps + tail[upto]


def priya_new_unit(upto: str, how: str = "email") -> list:
    """Priya reserves a small unit at Kirkstall for next Monday and moves in with her saved card."""
    steps = find("priya", how) + kirkstall("small") + [
        ("create_reservation", {"customer_id": CID, "unit_id": "$search_available_units.0.unit_id",
                                "move_in_date": "2028-03-20"})]
    if upto == "create_reservation":
        return steps
    if upto == "cancel_reservation":
        return steps + [("cancel_reservation", {"reservation_id": "$create_reservation.reservation_id"})]
    return steps + [DETAILS, ("move_in", {"reservation_id": "$create_reservation.reservation_id",
                                          "payment_method_id": CARD, "insurance_plan": "cover_2k"})]


def on_rental(who: str, consumer: str, how: str = "email") -> list:
    """A change to a customer's existing rental, found on their record."""
    steps = find(who, how) + [DETAILS]
    args = {
        "get_customer": None,
        "get_rental": {"rental_id": RENTAL},
        "reset_gate_code": {"rental_id": RENTAL},
        "report_issue": {"rental_id": RENTAL, "category": "damp_or_leak",
                         "description": "Water coming under the back wall of the unit after Sunday's rain; two "
                                        "boxes are wet"},
        "schedule_move_out": {"rental_id": RENTAL, "move_out_date": "2028-04-28", "reason": "moving_home"},
        "change_insurance": {"rental_id": RENTAL, "plan": "cover_5k"},
        "add_authorized_user": {"rental_id": RENTAL, "name": "Arjun Natarajan", "phone": "07700 900418"},
        "set_autopay": {"rental_id": RENTAL, "payment_method_id": CARD},
    }[consumer]
    if consumer == "get_customer":
        return steps
    return steps + [(consumer, args)]


def priya_transfer() -> list:
    return find("priya") + [DETAILS] + kirkstall("medium") + [
        ("transfer_unit", {"rental_id": RENTAL, "new_unit_id": "$search_available_units.0.unit_id"})]


def priya_new_card_autopay() -> list:
    return find("priya") + [DETAILS, ("add_payment_method", {
        "customer_id": CID, "card_number": "4000 0566 5566 5556", "expiry": "05/31",
        "cardholder_name": "Priya Natarajan"}),
        ("set_autopay", {"rental_id": RENTAL, "payment_method_id": "$add_payment_method.payment_method_id"})]


PROOFS = []


def prove(provider: str, steps: list) -> None:
    PROOFS.append((provider, steps[-1][0], steps))


# customers by e-mail or phone
prove("find_customer_by_email", on_rental("priya", "get_customer"))
prove("find_customer_by_phone", on_rental("tomasz", "get_customer", "phone"))
prove("find_customer_by_email", megan("verify_identity"))
prove("find_customer_by_phone", megan("verify_identity", "phone"))
prove("find_customer_by_email", megan("add_payment_method"))
prove("find_customer_by_phone", megan("add_payment_method", "phone"))
prove("find_customer_by_email", priya_new_unit("create_reservation"))
prove("find_customer_by_phone", priya_new_unit("create_reservation", "phone"))
# rentals on the customer record
prove("get_customer", on_rental("priya", "get_rental"))
prove("get_customer", gareth("make_payment", "phone"))
prove("get_customer", on_rental("tomasz", "reset_gate_code"))
prove("get_customer", gareth("remove_overlock"))
prove("get_customer", gareth("waive_fee"))
prove("get_customer", priya_transfer()[:-1] + [("calculate", {"expression": "84 - 89"})] + priya_transfer()[-1:])
prove("get_customer", [("transfer_to_human_agents", {"summary": "Customer wants to know the van hire rates"})]
      + on_rental("tomasz", "schedule_move_out"))
prove("get_customer", on_rental("priya", "report_issue"))
prove("get_customer", gareth("set_autopay"))
prove("move_in", megan("set_autopay"))
prove("get_customer", on_rental("priya", "change_insurance"))
prove("move_in", megan("change_insurance"))
prove("get_customer", on_rental("priya", "add_authorized_user"))
prove("move_in", megan("add_authorized_user"))
# reservations, cards and move-in
prove("get_customer", priya_new_unit("move_in"))
prove("add_payment_method", megan("move_in"))
prove("add_payment_method", priya_new_card_autopay())
prove("create_reservation", priya_new_unit("move_in"))
prove("get_customer", find("megan") + [DETAILS, ("cancel_reservation", {
    "reservation_id": "$get_customer.reservations.0.reservation_id"})])
prove("create_reservation", priya_new_unit("cancel_reservation"))
prove("verify_identity", megan("move_in"))
# stores and units
prove("list_facilities", priya_new_unit("create_reservation")[:3])
prove("search_available_units", priya_new_unit("create_reservation"))
prove("search_available_units", priya_transfer())
# charges, balances and the overlock
prove("get_rental", gareth("waive_fee"))
prove("get_rental", gareth("make_payment"))
prove("make_payment", gareth("remove_overlock"))
prove("make_payment", gareth("schedule_move_out"))
prove("remove_overlock", gareth("reset_gate_code"))

_G = find("gareth") + [DETAILS, ("get_rental", {"rental_id": RENTAL}, "before")]
NON_PREREQUISITES = [
    ("list_facilities", [("list_facilities", {})] + on_rental("priya", "report_issue")),
    ("calculate", [("calculate", {"expression": "119 + 15 + 8"})] + gareth("make_payment")),
    ("get_rental", find("tomasz") + [DETAILS, ("get_rental", {"rental_id": RENTAL}),
                                     ("reset_gate_code", {"rental_id": RENTAL})]),
    ("search_available_units", kirkstall("large") + on_rental("priya", "change_insurance")),
    ("transfer_to_human_agents", [("transfer_to_human_agents", {"summary": "Customer asking about van hire"})]
     + on_rental("priya", "get_customer")),
    ("get_rental", find("priya") + [DETAILS, ("get_rental", {"rental_id": RENTAL}),
                                    ("add_authorized_user", {"rental_id": RENTAL, "name": "Arjun Natarajan",
                                                             "phone": "07700 900418"})]),
    ("waive_fee", _G + [("waive_fee", {"rental_id": RENTAL, "charge_id": "$before.charges.1.charge_id",
                                       "reason": "Goodwill"}),
                        ("get_rental", {"rental_id": RENTAL}, "after"),
                        ("make_payment", {"rental_id": RENTAL, "payment_method_id": CARD,
                                          "amount": "$after.balance"})]),
]
