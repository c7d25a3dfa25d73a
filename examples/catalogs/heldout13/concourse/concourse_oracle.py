"""Scripted proofs that Concourse's designed prerequisites are real (checked by the checkout's
examples/catalogs/oracle.py: a raised exception is a failure; the dataclass replies are read as the
runtime's JSON).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer
fails once every call of the provider is dropped (its outputs replaced by control values). A user
is found by e-mail or by name and postcode, saved as ``uid`` and passed whole (``"$uid"``); objects
are referenced through their fields (``"$get_user_details.reservations.1"``,
``"$get_user_details.payment_methods.0.payment_method_id"``, ``"$get_user_details.railcards.0.railcard_id"``,
``"$get_reservation_details.legs.0.service_id"``, ``"$get_service_status.delay_minutes"``,
``"$book_reservation.reservation_id"``, ``"$add_railcard.railcard_id"``), lists of them by position
(``"$search_trains.1.service_id"``, ``"$search_stations.0.code"``, ``"$search_found_items.0.item_id"``,
``"$list_disruptions.0.service_id"``). Concourse writes no id only inside a sentence, so nothing is
written literally.
"""

WHO = {
    "sara": {"email": "sara.lopez@example.com", "first": "Sara", "last": "Lopez", "dob": "1991-03-08",
             "postcode": "M14 5RL"},
    "daniel": {"email": "d.okoro@example.co.uk", "first": "Daniel", "last": "Okoro", "dob": "1984-11-22",
               "postcode": "B15 2TT"},
    "margaret": {"email": "m.hughes@example.org", "first": "Margaret", "last": "Hughes", "dob": "1949-07-30",
                 "postcode": "la1 4xq"},
    "priya": {"email": "priya.raman@example.net", "first": "Priya", "last": "Raman", "dob": "1996-01-14",
              "postcode": "CV4 7AL"},
}
UID = "$uid"
DETAILS = ("get_user_details", {"user_id": UID})
CARD = "$get_user_details.payment_methods.0.payment_method_id"
RES0 = "$get_user_details.reservations.0"
RES1 = "$get_user_details.reservations.1"
LEG0 = "$get_reservation_details.legs.0.service_id"


def who(name: str, how: str = "email") -> list:
    w = WHO[name]
    if how == "email":
        return [("find_user_id_by_email", {"email": w["email"]}, "uid")]
    return [("find_user_id_by_name_postcode", {"first_name": w["first"], "last_name": w["last"],
                                               "postcode": w["postcode"]}, "uid")]


def verify(name: str) -> tuple:
    w = WHO[name]
    return ("verify_caller", {"user_id": UID, "date_of_birth": w["dob"], "postcode": w["postcode"]})


def sara_books(how: str = "email", fare: str = "off_peak", pay: str = CARD, extra: list = (),
               railcard: bool = True) -> list:
    """Sara books Manchester to Euston next Wednesday on the 09:55 (with her railcard)."""
    return who("sara", how) + [verify("sara"), DETAILS] + list(extra) + [
        ("search_trains", {"origin": "MAN", "destination": "EUS", "travel_date": "2028-06-21"}),
        ("book_reservation", {"user_id": UID, "origin": "MAN", "destination": "EUS",
                              "outbound_service_id": "$search_trains.1.service_id", "cabin": "standard",
                              "fare_type": fare, "passengers": ["Sara Lopez"], "payment_method_id": pay,
                              **({"railcard_id": "$get_user_details.railcards.0.railcard_id"} if railcard else {})})]


def after_sara_books(consumer: str) -> list:
    new = "$book_reservation.reservation_id"
    args = {
        "cancel_reservation": {"reservation_id": new, "reason": "change_of_plans"},
        "upgrade_cabin": {"reservation_id": new, "payment_method_id": CARD},
        "reserve_seats": {"reservation_id": new, "service_id": "$search_trains.1.service_id", "preference": "window"},
        "add_bicycle_space": {"reservation_id": new, "service_id": "$search_trains.1.service_id"},
        "resend_tickets": {"reservation_id": new},
        "book_assistance": {"reservation_id": new, "assistance": ["luggage"],
                            "notes": "Two heavy suitcases; needs help onto the train at Piccadilly"},
    }[consumer]
    return sara_books() + [(consumer, args)]


def sara_delay(upto: str, how: str = "email") -> list:
    """Sara claims Delay Repay for last Saturday's late 17:40 from Euston."""
    steps = who("sara", how) + [verify("sara"), DETAILS,
                                ("get_reservation_details", {"reservation_id": RES1}),
                                ("get_service_status", {"service_id": LEG0})]
    if upto == "get_service_status":
        return steps
    steps.append(("submit_delay_repay", {"reservation_id": RES1, "service_id": LEG0,
                                         "delay_minutes": "$get_service_status.delay_minutes"}))
    if upto == "submit_delay_repay":
        return steps
    return steps + [("get_claim_status", {"claim_id": "$submit_delay_repay.claim_id"})]


def sara_change(how: str = "email") -> list:
    """Sara moves Friday's Advance booking from the 07:55 to the 09:55, paying the change fee."""
    return who("sara", how) + [verify("sara"), DETAILS,
                               ("search_trains", {"origin": "MAN", "destination": "EUS", "travel_date": "2028-06-16"}),
                               ("calculate", {"expression": "10 + 0"}),
                               ("change_service", {"reservation_id": RES0, "leg": "outbound",
                                                   "new_service_id": "$search_trains.1.service_id",
                                                   "payment_method_id": CARD})]


def daniel(consumer: str, how: str = "email") -> list:
    """Changes to Daniel's Glasgow return (reservation 0) or his cancelled London trip (reservation 1)."""
    steps = who("daniel", how)
    if consumer in ("cancel_reservation", "upgrade_cabin", "update_passengers", "update_user_contact"):
        steps.append(verify("daniel"))
    if consumer == "update_user_contact":
        return steps + [("update_user_contact", {"user_id": UID, "phone": "07700 900734"})]
    steps.append(DETAILS)
    if consumer in ("reserve_seats", "add_bicycle_space", "get_reservation_details"):
        steps.append(("get_reservation_details", {"reservation_id": RES0}))
    args = {
        "get_user_details": None,
        "get_reservation_details": None,
        "cancel_reservation": {"reservation_id": RES1, "reason": "service_cancelled"},
        "upgrade_cabin": {"reservation_id": RES0, "payment_method_id": CARD},
        "update_passengers": {"reservation_id": RES0, "passengers": ["Daniel Okoro", "Funmi Okoro"]},
        "reserve_seats": {"reservation_id": RES0, "service_id": LEG0, "preference": "table"},
        "add_bicycle_space": {"reservation_id": RES0, "service_id": LEG0},
        "resend_tickets": {"reservation_id": RES0, "email": "grace.okoro@example.co.uk"},
    }[consumer]
    return steps if args is None else steps + [(consumer, args)]


def daniel_voucher(upto: str, how: str = "email") -> list:
    steps = who("daniel", how) + [verify("daniel"), (
        "file_complaint", {"user_id": UID, "category": "cancellation",
                           "description": "My 08:10 to Euston tomorrow was cancelled with a day's notice and I "
                                          "will miss a client meeting"})]
    if upto == "file_complaint":
        return steps
    steps.append(("issue_travel_voucher", {"complaint_id": "$file_complaint.complaint_id", "amount": 40.0}))
    if upto == "issue_travel_voucher":
        return steps
    return steps + [("search_trains", {"origin": "BHM", "destination": "COV", "travel_date": "2028-06-16"}),
                    ("book_reservation", {"user_id": UID, "origin": "BHM", "destination": "COV",
                                         "outbound_service_id": "$search_trains.1.service_id", "cabin": "standard",
                                         "fare_type": "off_peak", "passengers": ["Daniel Okoro"],
                                         "payment_method_id": "$issue_travel_voucher.payment_method_id"})]


def margaret(upto: str, how: str = "email", card: str = "$add_railcard.railcard_id") -> list:
    """Margaret adds her renewed Senior Railcard and applies it to Monday's trip; books a ramp."""
    steps = who("margaret", how)
    if upto in ("get_user_details", "get_reservation_details", "book_assistance", "cancel_assistance"):
        steps.append(DETAILS)
        if upto == "get_reservation_details":
            steps.append(("get_reservation_details", {"reservation_id": RES0}))
        if upto in ("book_assistance", "cancel_assistance"):
            steps.append(("book_assistance", {"reservation_id": RES0, "assistance": ["ramp", "wheelchair"],
                                              "notes": "Travels in her own wheelchair; needs the ramp at "
                                                       "Lancaster and at Edinburgh"}))
        if upto == "cancel_assistance":
            steps.append(("cancel_assistance", {"assistance_id": "$book_assistance.assistance_id"}))
        return steps
    steps += [verify("margaret"), ("add_railcard", {"user_id": UID, "railcard_type": "senior",
                                                    "railcard_number": "7720 1934 88", "expiry_date": "2029-06-13"})]
    if upto == "add_railcard":
        return steps
    return steps + [DETAILS, ("apply_railcard", {"reservation_id": RES0, "railcard_id": card})]


def priya_lost(upto: str, how: str = "email") -> list:
    """Priya reports the laptop bag she left on yesterday's 10:10 from Birmingham and claims it."""
    steps = who("priya", how) + [
        ("search_trains", {"origin": "COV", "destination": "EUS", "travel_date": "2028-06-13"}),
        ("report_lost_property", {"user_id": UID, "service_id": "$search_trains.1.service_id",
                                  "description": "Black laptop bag with a Dell laptop, charger and a blue notebook",
                                  "contact_phone": "07700 900518"})]
    if upto == "report_lost_property":
        return steps
    steps.append(("search_found_items", {"service_id": "$search_trains.1.service_id", "keyword": "laptop"}))
    if upto == "search_found_items":
        return steps
    return steps + [verify("priya"), ("claim_found_item", {"item_id": "$search_found_items.0.item_id",
                                                           "report_id": "$report_lost_property.report_id"})]


def sara_lost(consumer: str) -> list:
    """Sara left something on last Saturday's train: the service comes from her booking."""
    steps = who("sara") + [DETAILS, ("get_reservation_details", {"reservation_id": RES1})]
    if consumer == "report_lost_property":
        return steps + [("report_lost_property", {"user_id": UID, "service_id": LEG0,
                                                  "description": "Grey teddy bear with a red scarf, my son's",
                                                  "contact_phone": "07700 900261"})]
    return steps + [("search_found_items", {"service_id": LEG0, "keyword": "teddy"})]


def priya_season(upto: str, how: str = "email") -> list:
    """Priya buys a monthly season ticket Coventry to Euston from 1 July (and cancels it)."""
    steps = who("priya", how) + [
        ("search_stations", {"query": "Coventry"}, "cov"), ("search_stations", {"query": "Euston"}, "eus"),
        ("quote_season_ticket", {"origin": "$cov.0.code", "destination": "$eus.0.code", "duration": "monthly",
                                 "start_date": "2028-07-01"})]
    if upto == "quote_season_ticket":
        return steps
    steps += [verify("priya"), DETAILS,
              ("buy_season_ticket", {"user_id": UID, "quote_id": "$quote_season_ticket.quote_id",
                                     "payment_method_id": CARD, "photocard_number": "PC48213097"})]
    if upto == "buy_season_ticket":
        return steps
    return steps + [("cancel_season_ticket", {"season_ticket_id": "$buy_season_ticket.season_ticket_id"})]


PROOFS = []


def prove(provider: str, steps: list) -> None:
    PROOFS.append((provider, steps[-1][0], steps))


def both(consumer_steps) -> None:
    """A find-user prerequisite, proved once by e-mail and once by name and postcode."""
    prove("find_user_id_by_email", consumer_steps("email"))
    prove("find_user_id_by_name_postcode", consumer_steps("name"))


# the user id, by e-mail or by name and postcode
both(lambda how: who("sara", how) + [DETAILS])
both(lambda how: who("margaret", how) + [verify("margaret")])
both(lambda how: daniel("update_user_contact", how))
both(lambda how: margaret("add_railcard", how))
both(lambda how: who("sara", how) + [verify("sara"), ("add_gift_card", {"user_id": UID, "code": "MRGC-7F4K-22QP"})])
both(lambda how: sara_books(how))
both(lambda how: daniel_voucher("file_complaint", how))
both(lambda how: priya_lost("report_lost_property", how))
both(lambda how: priya_season("buy_season_ticket", how))

# the caller verified before account and booking changes
prove("verify_caller", daniel("update_user_contact"))
prove("verify_caller", margaret("add_railcard"))
prove("verify_caller", who("sara") + [verify("sara"), ("add_gift_card", {"user_id": UID, "code": "MRGC-7F4K-22QP"})])
prove("verify_caller", sara_books())
prove("verify_caller", daniel("cancel_reservation"))
prove("verify_caller", sara_change())
prove("verify_caller", daniel("upgrade_cabin"))
prove("verify_caller", daniel("update_passengers"))
prove("verify_caller", margaret("apply_railcard"))
prove("verify_caller", sara_delay("submit_delay_repay"))
prove("verify_caller", daniel_voucher("issue_travel_voucher"))
prove("verify_caller", priya_lost("claim_found_item"))
prove("verify_caller", priya_season("buy_season_ticket"))
prove("verify_caller", who("daniel", "name") + [verify("daniel"), DETAILS, (
    "cancel_season_ticket", {"season_ticket_id": "$get_user_details.season_tickets.0"})])

# reservations, railcards, cards and season tickets on the account (or just created)
prove("get_user_details", margaret("get_reservation_details"))
prove("get_user_details", daniel("cancel_reservation"))
prove("book_reservation", after_sara_books("cancel_reservation"))
prove("get_user_details", sara_change())
prove("get_user_details", daniel("upgrade_cabin"))
prove("book_reservation", after_sara_books("upgrade_cabin"))
prove("get_user_details", daniel("update_passengers"))
prove("get_user_details", margaret("apply_railcard", card="$get_user_details.railcards.1.railcard_id"))
prove("add_railcard", margaret("apply_railcard"))
prove("add_railcard", who("margaret") + [verify("margaret"), (
    "add_railcard", {"user_id": UID, "railcard_type": "senior", "railcard_number": "7720 1934 88",
                     "expiry_date": "2029-06-13"}), DETAILS,
    ("search_trains", {"origin": "LAN", "destination": "EDB", "travel_date": "2028-06-26"}),
    ("book_reservation", {"user_id": UID, "origin": "LAN", "destination": "EDB",
                          "outbound_service_id": "$search_trains.0.service_id", "cabin": "standard",
                          "fare_type": "off_peak", "passengers": ["Margaret Hughes"], "payment_method_id": CARD,
                          "railcard_id": "$add_railcard.railcard_id"})])
prove("get_user_details", daniel("reserve_seats"))
prove("book_reservation", after_sara_books("reserve_seats"))
prove("get_user_details", daniel("add_bicycle_space"))
prove("book_reservation", after_sara_books("add_bicycle_space"))
prove("get_user_details", daniel("resend_tickets"))
prove("book_reservation", after_sara_books("resend_tickets"))
prove("get_user_details", margaret("book_assistance"))
prove("book_reservation", after_sara_books("book_assistance"))
prove("get_user_details", sara_delay("submit_delay_repay"))
prove("get_user_details", sara_books(railcard=False))
prove("add_gift_card", sara_books(fare="advance", pay="$add_gift_card.payment_method_id", extra=[
    ("add_gift_card", {"user_id": UID, "code": "MRGC-7F4K-22QP"})]))
prove("issue_travel_voucher", daniel_voucher("book_reservation"))
prove("get_user_details", priya_season("buy_season_ticket"))
prove("get_user_details", who("daniel") + [verify("daniel"), DETAILS, (
    "cancel_season_ticket", {"season_ticket_id": "$get_user_details.season_tickets.0"})])
prove("buy_season_ticket", priya_season("cancel_season_ticket"))

# stations, trains and service status
prove("search_stations", [("search_stations", {"query": "Manchester"}, "from"),
                          ("search_stations", {"query": "Euston"}, "to"),
                          ("search_trains", {"origin": "$from.0.code", "destination": "$to.0.code",
                                             "travel_date": "2028-06-21", "depart_after": "09:00"})])
prove("search_stations", priya_season("quote_season_ticket"))
prove("search_trains", sara_books())
prove("search_trains", sara_change())
prove("get_reservation_details", daniel("reserve_seats"))
prove("search_trains", who("daniel") + [DETAILS, (
    "search_trains", {"origin": "BHM", "destination": "GLC", "travel_date": "2028-06-20"}), (
    "reserve_seats", {"reservation_id": RES0, "service_id": "$search_trains.0.service_id", "preference": "table"})])
prove("get_reservation_details", daniel("add_bicycle_space"))
prove("search_trains", who("daniel", "name") + [DETAILS, (
    "search_trains", {"origin": "BHM", "destination": "GLC", "travel_date": "2028-06-20"}), (
    "add_bicycle_space", {"reservation_id": RES0, "service_id": "$search_trains.0.service_id"})])
prove("get_reservation_details", sara_delay("get_service_status"))
prove("search_trains", [("search_trains", {"origin": "EUS", "destination": "MAN", "travel_date": "2028-06-10",
                                           "depart_after": "17:00"}),
                        ("get_service_status", {"service_id": "$search_trains.0.service_id"})])
prove("list_disruptions", [("transfer_to_human_agents", {"summary": "Caller asking about parking at Crewe"}),
                           ("list_disruptions", {"travel_date": "2028-06-15"}),
                           ("get_service_status", {"service_id": "$list_disruptions.0.service_id"})])
prove("get_reservation_details", sara_delay("submit_delay_repay"))
prove("get_service_status", sara_delay("submit_delay_repay"))
prove("submit_delay_repay", sara_delay("get_claim_status"))

# assistance, complaints, lost property and season tickets
prove("book_assistance", margaret("cancel_assistance"))
prove("file_complaint", daniel_voucher("issue_travel_voucher"))
prove("search_trains", priya_lost("report_lost_property"))
prove("get_reservation_details", sara_lost("report_lost_property"))
prove("search_trains", priya_lost("search_found_items"))
prove("get_reservation_details", sara_lost("search_found_items"))
prove("report_lost_property", priya_lost("claim_found_item"))
prove("search_found_items", priya_lost("claim_found_item"))
prove("quote_season_ticket", priya_season("buy_season_ticket"))

# Designed non-prerequisites: each path succeeds, and still succeeds without the first tool.
NON_PREREQUISITES = [
    ("calculate", [("calculate", {"expression": "55.41 * 2 / 3"})] + sara_books()),
    ("search_stations", [("search_stations", {"query": "Glasgow"})] + daniel("resend_tickets")),
    ("list_disruptions", who("daniel") + [("list_disruptions", {"travel_date": "2028-06-15"})]
     + daniel("cancel_reservation")[1:]),
    ("get_reservation_details", who("daniel") + [DETAILS, ("get_reservation_details", {"reservation_id": RES0}),
                                                 ("resend_tickets", {"reservation_id": RES0})]),
    ("transfer_to_human_agents", [("transfer_to_human_agents", {"summary": "Wants to know about dogs on trains"})]
     + margaret("get_reservation_details")),
    ("get_service_status", daniel("cancel_reservation")[:-1] + [
        ("get_reservation_details", {"reservation_id": RES1}), ("get_service_status", {"service_id": LEG0}),
        ("cancel_reservation", {"reservation_id": RES1, "reason": "service_cancelled"})]),
    ("verify_caller", who("daniel") + [verify("daniel")] + daniel("reserve_seats")[1:]),
]
