"""Scripted proofs that Wheelbase's designed prerequisites are real (checked by the checkout's
examples/catalogs/oracle.py with the module's ``FAILURE``: a returned ``{"error": ...}`` JSON text is
a failure).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer
fails once every call of the provider is dropped (its outputs replaced by control values). Customers
are found by e-mail or by name and postcode (the bare user id, ``"$find_user_id_by_email"``); JSON
text replies are referenced through their fields (``"$get_user_details.reservations.0"``,
``"$get_user_details.payment_methods.0.id"``, ``"$create_reservation.reservation_id"``,
``"$get_reservation_details.extras.0.item_id"``). No id is written literally.
"""

AMARA_EMAIL = ("find_user_id_by_email", {"email": "amara.okafor@example.com"})
AMARA_NAME = ("find_user_id_by_name_postcode", {"first_name": "Amara", "last_name": "Okafor", "postcode": "M14 5RJ"})
TOMAS = ("find_user_id_by_name_postcode", {"first_name": "Tomas", "last_name": "Lindqvist", "postcode": "EH3 9DQ"})
SARA = ("find_user_id_by_email", {"email": "sara.benali@example.fr"})
UID = {"find_user_id_by_email": "$find_user_id_by_email",
       "find_user_id_by_name_postcode": "$find_user_id_by_name_postcode"}


def amara(how: str = "find_user_id_by_email") -> tuple[list, str]:
    return [AMARA_EMAIL if how == "find_user_id_by_email" else AMARA_NAME], UID[how]


def details(uid: str) -> tuple:
    return ("get_user_details", {"user_id": uid})


def new_booking(how: str = "find_user_id_by_email", pay: str = "get_user_details") -> list:
    """A compact from Manchester Airport, 20 to 24 July, returned to Piccadilly, for Amara Okafor."""
    steps, uid = amara(how)
    steps += [("list_branches", {}),
              ("search_available_vehicles", {"branch_code": "$list_branches.0.code", "pickup_date": "2027-07-20",
                                             "return_date": "2027-07-24", "vehicle_class": "compact"})]
    if pay == "get_user_details":
        steps.append(details(uid))
        pm = "$get_user_details.payment_methods.0.id"
    else:
        steps.append(("add_gift_card", {"user_id": uid, "gift_card_number": "6045 2210 8841 5530"}))
        pm = "$add_gift_card.payment_method_id"
    return steps + [("create_reservation", {"user_id": uid, "vehicle_id": "$search_available_vehicles.0.vehicle_id",
                                            "pickup_date": "2027-07-20", "return_date": "2027-07-24",
                                            "return_branch": "$list_branches.1.code", "payment_method_id": pm})]


def reservation(how: str) -> tuple[list, str, str]:
    """Amara's confirmed July booking from her record (R3KX9A), or a new one: steps, reservation, payment."""
    if how == "create_reservation":
        return new_booking(), "$create_reservation.reservation_id", "$get_user_details.payment_methods.0.id"
    steps, uid = amara()
    return steps + [details(uid)], "$get_user_details.reservations.0", "$get_user_details.payment_methods.0.id"


def confirmed_path(consumer: str, how: str) -> list:
    steps, rid, pm = reservation(how)
    branch = [("list_branches", {})] if how != "create_reservation" else []
    if consumer == "get_reservation_details":
        return steps + [("get_reservation_details", {"reservation_id": rid})]
    if consumer == "modify_reservation_dates":
        dates = ("2027-07-03", "2027-07-07") if how != "create_reservation" else ("2027-07-21", "2027-07-26")
        return steps + [("modify_reservation_dates", {"reservation_id": rid, "pickup_date": dates[0],
                                                      "return_date": dates[1], "payment_method_id": pm})]
    if consumer == "change_vehicle":
        dates = ("2027-07-02", "2027-07-06") if how != "create_reservation" else ("2027-07-20", "2027-07-24")
        return steps + branch + [("search_available_vehicles", {"branch_code": "$list_branches.0.code",
                                                               "pickup_date": dates[0], "return_date": dates[1],
                                                               "vehicle_class": "midsize"}, "midsize"),
                                 ("change_vehicle", {"reservation_id": rid,
                                                     "new_vehicle_id": "$midsize.0.vehicle_id",
                                                     "payment_method_id": pm})]
    if consumer in ("add_extras", "add_additional_driver"):
        steps = steps + branch + [("list_extras", {"branch_code": "$list_branches.0.code"}),
                                  ("add_extras", {"reservation_id": rid, "extra_codes": ["$list_extras.3.extra_code"],
                                                  "payment_method_id": pm})]
        if consumer == "add_extras":
            return steps
        return steps + [("add_additional_driver", {"reservation_id": rid, "full_name": "Kwabena Okafor",
                                                   "licence_number": "OKAFO812048KW9TZ",
                                                   "date_of_birth": "1981-04-12"})]
    if consumer == "cancel_reservation":
        return steps + [("cancel_reservation", {"reservation_id": rid, "reason": "change of plans"})]
    if consumer == "remove_extra":
        if how == "create_reservation":
            return confirmed_path("add_extras", how) + [
                ("remove_extra", {"reservation_id": rid, "item_id": "$add_extras.extras.0.item_id"})]
        return steps + [("get_reservation_details", {"reservation_id": rid}),
                        ("remove_extra", {"reservation_id": rid, "item_id": "$get_reservation_details.extras.1.item_id"})]
    if consumer == "apply_voucher":
        return steps + [("apply_voucher", {"reservation_id": rid, "voucher_code": "SUMMER25"})]
    raise KeyError(consumer)


def user_path(consumer: str, how: str) -> list:
    if consumer == "create_reservation":
        return new_booking(how)
    steps, uid = amara(how)
    if consumer == "get_user_details":
        return steps + [details(uid)]
    if consumer == "update_user_address":
        return steps + [("update_user_address", {"user_id": uid, "address1": "3 Ladybarn Lane", "address2": "",
                                                 "city": "Manchester", "postcode": "M14 6NQ", "country": "UK"})]
    if consumer == "update_driving_licence":
        return steps + [("update_driving_licence", {"user_id": uid, "licence_number": "OKAFO857219AM9TR",
                                                    "expiry_date": "2037-08-30"})]
    if consumer == "add_gift_card":
        return steps + [("add_gift_card", {"user_id": uid, "gift_card_number": "6045 2210 8841 5530"})]
    if consumer == "join_loyalty_club":
        return [TOMAS if how == "find_user_id_by_name_postcode" else
                ("find_user_id_by_email", {"email": "tomas.l@example.se"}),
                ("join_loyalty_club", {"user_id": UID[how]})]
    raise KeyError(consumer)


def tomas(consumer: str) -> list:
    uid = "$find_user_id_by_name_postcode"
    steps = [TOMAS, details(uid)]
    if consumer == "extend_rental":
        return steps + [("extend_rental", {"reservation_id": "$get_user_details.reservations.0",
                                           "new_return_date": "2027-06-18",
                                           "payment_method_id": "$get_user_details.payment_methods.0.id"})]
    if consumer == "report_damage":
        return steps + [("transfer_to_human_agents", {"summary": "Tomas Lindqvist (RQ7T4M) asks whether the "
                                                                 "windscreen chip affects his deposit"}),
                        ("report_damage", {"reservation_id": "$get_user_details.reservations.0",
                                           "description": "Stone chip in the windscreen, passenger side, about 1 cm",
                                           "vehicle_drivable": True})]
    return steps + [("join_loyalty_club", {"user_id": uid}),
                    ("apply_voucher", {"reservation_id": "$get_user_details.reservations.2", "voucher_code": "SUMMER25"})]


def dispute() -> list:
    steps, uid = amara()
    return steps + [details(uid), ("get_reservation_details", {"reservation_id": "$get_user_details.reservations.1"}),
                    ("calculate", {"expression": "108 + 68.4 + 45"}),
                    ("dispute_charge", {"reservation_id": "$get_user_details.reservations.1",
                                        "charge_id": "$get_reservation_details.charges.1.charge_id",
                                        "amount": "$get_reservation_details.charges.1.amount",
                                        "reason": "Returned the car with a full tank; fuel receipt from the "
                                                  "Shell at Ringway, 24 May, 08:12"})]


def sara_books() -> list:
    uid = "$find_user_id_by_name_postcode"
    return [("find_user_id_by_name_postcode", {"first_name": "Sara", "last_name": "Benali", "postcode": "BS1 4ST"}),
            ("update_driving_licence", {"user_id": uid, "licence_number": "BENAL905127SA9XY",
                                              "expiry_date": "2037-05-29"}),
            details(uid), ("list_branches", {}),
            ("search_available_vehicles", {"branch_code": "$list_branches.3.code", "pickup_date": "2027-06-25",
                                           "return_date": "2027-06-27"}),
            ("create_reservation", {"user_id": uid, "vehicle_id": "$search_available_vehicles.0.vehicle_id",
                                    "pickup_date": "2027-06-25", "return_date": "2027-06-27",
                                    "return_branch": "$list_branches.3.code",
                                    "payment_method_id": "$get_user_details.payment_methods.0.id"})]


PROOFS = []
for _c in ["get_user_details", "create_reservation", "update_user_address", "update_driving_licence",
           "add_gift_card", "join_loyalty_club"]:
    for _how in ("find_user_id_by_email", "find_user_id_by_name_postcode"):
        PROOFS.append((_how, _c, user_path(_c, _how)))
for _c in ["get_reservation_details", "modify_reservation_dates", "change_vehicle", "add_extras",
           "cancel_reservation", "add_additional_driver", "remove_extra", "apply_voucher"]:
    for _how in ("get_user_details", "create_reservation"):
        PROOFS.append((_how, _c, confirmed_path(_c, _how)))
for _c in ("extend_rental", "report_damage"):
    PROOFS.append(("get_user_details", _c, tomas(_c)))
PROOFS += [
    ("get_user_details", "dispute_charge", dispute()),
    ("get_reservation_details", "dispute_charge", dispute()),
    ("get_user_details", "create_reservation", new_booking()),
    ("add_gift_card", "create_reservation", new_booking(pay="add_gift_card")),
    ("get_reservation_details", "remove_extra", confirmed_path("remove_extra", "get_user_details")),
    ("add_extras", "remove_extra", confirmed_path("remove_extra", "create_reservation")),
    ("list_branches", "search_available_vehicles", new_booking()[:3]),
    ("list_branches", "list_extras", confirmed_path("add_extras", "get_user_details")[:4]),
    ("list_branches", "create_reservation", new_booking()),
    ("search_available_vehicles", "create_reservation", new_booking()),
    ("search_available_vehicles", "change_vehicle", confirmed_path("change_vehicle", "get_user_details")),
    ("list_extras", "add_extras", confirmed_path("add_extras", "get_user_details")),
    ("update_driving_licence", "create_reservation", sara_books()),
    ("add_extras", "add_additional_driver", confirmed_path("add_additional_driver", "get_user_details")),
    ("join_loyalty_club", "apply_voucher", tomas("apply_voucher")),
]

NON_PREREQUISITES = [
    ("calculate", [("calculate", {"expression": "(38 + 9.5 + 8) * 4"}), AMARA_EMAIL,
                   details("$find_user_id_by_email")]),
    ("list_extras", [("list_extras", {"branch_code": "MAN"}), AMARA_EMAIL, details("$find_user_id_by_email"),
                     ("cancel_reservation", {"reservation_id": "$get_user_details.reservations.0",
                                             "reason": "travel_cancelled"})]),
    ("get_reservation_details", [AMARA_EMAIL, details("$find_user_id_by_email"),
                                 ("get_reservation_details", {"reservation_id": "$get_user_details.reservations.0"}),
                                 ("cancel_reservation", {"reservation_id": "$get_user_details.reservations.0",
                                                         "reason": "found cheaper"})]),
    ("list_branches", [("list_branches", {}), AMARA_EMAIL, details("$find_user_id_by_email"),
                       ("apply_voucher", {"reservation_id": "$get_user_details.reservations.0",
                                          "voucher_code": "SUMMER25"})]),
    ("transfer_to_human_agents", [("transfer_to_human_agents", {"summary": "Customer asks about a refund"}),
                                  TOMAS, details("$find_user_id_by_name_postcode")]),
    ("update_user_address", [SARA, ("update_user_address", {"user_id": "$find_user_id_by_email",
                                                            "address1": "18 Redland Grove", "address2": "",
                                                            "city": "Bristol", "postcode": "BS6 6PR",
                                                            "country": "UK"}),
                             details("$find_user_id_by_email")]),
]
