"""Scripted proofs that FlightDesk's designed prerequisites are real (checked by examples/catalogs/oracle.py).

Each proof is ``(provider, consumer, steps)``: the steps succeed in a fresh state, and the consumer
fails once every call of the provider is dropped (its outputs replaced by control values). A reply
that starts with ``"Error: "`` is a failure (the catalog's ``FAILURE``).
"""

from __future__ import annotations

LENA = "lena_okafor_5120"
ME = {"first_name": "Lena", "last_name": "Okafor", "dob": "1988-03-14"}
INES = {"first_name": "Ines", "last_name": "Okafor", "dob": "1991-06-25"}
DAY, LATER = "2026-05-20", "2026-05-21"
USER = ("get_user_details", {"user_id": LENA})
CARD = "$get_user_details.payment_methods.credit_card_4402.id"
ROUND_TRIP, TWO_PASSENGERS, BUSINESS = ("$get_user_details.reservations.0", "$get_user_details.reservations.1",
                                        "$get_user_details.reservations.2")
AIRPORTS = ("list_all_airports", {})
BOS, DEN = "$list_all_airports.1.iata", "$list_all_airports.2.iata"  # the list is sorted by code
DIRECT = ("search_direct_flight", {"origin": "BOS", "destination": "DEN", "date": DAY})
ONESTOP = ("search_onestop_flight", {"origin": "BOS", "destination": "DEN", "date": DAY})
DETAILS = ("get_reservation_details", {"reservation_id": ROUND_TRIP})
KEPT = {"flight_number": "$get_reservation_details.flights.1.flight_number", "date": "$get_reservation_details.flights.1.date"}


def book(flights: list, payments: list, origin: str = "BOS", destination: str = "DEN", **extra) -> tuple:
    """A one-way economy booking for Lena alone, no bags, no insurance."""
    return ("book_reservation", {"user_id": LENA, "origin": origin, "destination": destination, "flight_type": "one_way",
                                 "cabin": "economy", "flights": flights, "passengers": [ME], "payment_methods": payments,
                                 "total_baggages": 0, "nonfree_baggages": 0, "insurance": "no", **extra})


BOOK_DIRECT = [USER, DIRECT, book([{"flight_number": "$search_direct_flight.0.flight_number", "date": DAY}],
                                  [{"payment_id": CARD, "amount": "$search_direct_flight.0.prices.economy"}])]
BOOK_ONESTOP = [USER, ONESTOP, book(
    [{"flight_number": "$search_onestop_flight.0.0.flight_number", "date": "$search_onestop_flight.0.0.date"},
     {"flight_number": "$search_onestop_flight.0.1.flight_number", "date": "$search_onestop_flight.0.1.date"}],
    [{"payment_id": CARD, "amount": "$search_onestop_flight.0.0.prices.economy"},
     {"payment_id": CARD, "amount": "$search_onestop_flight.0.1.prices.economy"}])]
NEW = "$book_reservation.reservation_id"
LATER_DIRECT = ("search_direct_flight", {"origin": "BOS", "destination": "DEN", "date": LATER})
LATER_ONESTOP = ("search_onestop_flight", {"origin": "BOS", "destination": "DEN", "date": LATER})


def reservation_consumer(consumer: str, rid: str, *, new: bool = False) -> list:
    """The calls that use reservation ``rid`` and end with ``consumer`` (Lena's details already read)."""
    if consumer == "get_reservation_details":
        return [("get_reservation_details", {"reservation_id": rid})]
    if consumer == "cancel_reservation":
        return [("cancel_reservation", {"reservation_id": rid})]
    if consumer == "update_reservation_baggages":
        return [("update_reservation_baggages", {"reservation_id": rid, "total_baggages": 3, "nonfree_baggages": 1,
                                                 "payment_id": CARD})]
    if consumer == "update_reservation_passengers":
        return [("update_reservation_passengers", {"reservation_id": rid, "passengers": [INES] if new else [ME, INES]})]
    # flights: a later outbound; a round trip keeps its return segment
    flights = [{"flight_number": "$search_direct_flight.1.flight_number", "date": LATER}]
    return [LATER_DIRECT, *([] if new else [("get_reservation_details", {"reservation_id": rid})]),
            ("update_reservation_flights", {"reservation_id": rid, "cabin": "economy",
                                            "flights": flights + ([] if new else [KEPT]), "payment_id": CARD})]


_RESERVATION_USERS = ["get_reservation_details", "cancel_reservation", "update_reservation_flights",
                      "update_reservation_baggages", "update_reservation_passengers"]
_WHICH = {"get_reservation_details": ROUND_TRIP, "cancel_reservation": BUSINESS, "update_reservation_flights": ROUND_TRIP,
          "update_reservation_baggages": ROUND_TRIP, "update_reservation_passengers": TWO_PASSENGERS}

PROOFS: list = []
PROOFS += [("get_user_details", c, [USER, *reservation_consumer(c, _WHICH[c])]) for c in _RESERVATION_USERS]
PROOFS += [("book_reservation", c, BOOK_DIRECT + reservation_consumer(c, NEW, new=True)) for c in _RESERVATION_USERS]
PROOFS += [
    ("get_user_details", "book_reservation", BOOK_DIRECT),
    # the payment id alone: the reservation id as the customer read it out
    ("get_user_details", "update_reservation_flights", [USER, *reservation_consumer("update_reservation_flights", "QX4R2T")]),
    ("get_user_details", "update_reservation_baggages", [USER, *reservation_consumer("update_reservation_baggages", "QX4R2T")]),
    ("list_all_airports", "search_direct_flight", [AIRPORTS, ("search_direct_flight", {"origin": BOS, "destination": DEN, "date": DAY})]),
    ("list_all_airports", "search_onestop_flight", [AIRPORTS, ("search_onestop_flight", {"origin": BOS, "destination": DEN, "date": DAY})]),
    ("list_all_airports", "book_reservation", [AIRPORTS, *BOOK_DIRECT[:2], (BOOK_DIRECT[2][0], {**BOOK_DIRECT[2][1], "origin": BOS,
                                                                                               "destination": DEN})]),
    ("send_certificate", "book_reservation", [
        ("send_certificate", {"user_id": LENA, "amount": 300}), USER, DIRECT,
        book([{"flight_number": "$search_direct_flight.0.flight_number", "date": DAY}],
             [{"payment_id": "$get_user_details.payment_methods.certificate_1001.id",
               "amount": "$search_direct_flight.0.prices.economy"}])]),
    ("search_direct_flight", "book_reservation", BOOK_DIRECT),
    ("search_onestop_flight", "book_reservation", BOOK_ONESTOP),
    ("search_direct_flight", "update_reservation_flights", [USER, *reservation_consumer("update_reservation_flights", ROUND_TRIP)]),
    ("search_onestop_flight", "update_reservation_flights", [USER, LATER_ONESTOP, DETAILS, (
        "update_reservation_flights", {"reservation_id": ROUND_TRIP, "cabin": "economy", "payment_id": CARD, "flights": [
            {"flight_number": "$search_onestop_flight.0.0.flight_number", "date": LATER},
            {"flight_number": "$search_onestop_flight.0.1.flight_number", "date": LATER}, KEPT]})]),
    ("get_reservation_details", "update_reservation_flights", [USER, *reservation_consumer("update_reservation_flights", ROUND_TRIP)]),
    ("search_direct_flight", "get_flight_status", [DIRECT, ("get_flight_status", {
        "flight_number": "$search_direct_flight.0.flight_number", "date": DAY})]),
    ("search_onestop_flight", "get_flight_status", [ONESTOP, ("get_flight_status", {
        "flight_number": "$search_onestop_flight.0.1.flight_number", "date": "$search_onestop_flight.0.1.date"})]),
    ("get_reservation_details", "get_flight_status", [USER, DETAILS, ("get_flight_status", {
        "flight_number": "$get_reservation_details.flights.0.flight_number", "date": "$get_reservation_details.flights.0.date"})]),
    ("get_reservation_details", "update_reservation_passengers", [USER, ("get_reservation_details", {"reservation_id": TWO_PASSENGERS}), (
        "update_reservation_passengers", {"reservation_id": TWO_PASSENGERS,
                                          "passengers": ["$get_reservation_details.passengers.0", INES]})]),
    # an upgrade to business (same flights) raises the free allowance: 3 bags, none paid
    ("update_reservation_flights", "update_reservation_baggages", [USER, DETAILS, (
        "update_reservation_flights", {"reservation_id": ROUND_TRIP, "cabin": "business", "payment_id": CARD, "flights": [
            {"flight_number": "$get_reservation_details.flights.0.flight_number", "date": "$get_reservation_details.flights.0.date"},
            KEPT]}), ("update_reservation_baggages", {"reservation_id": ROUND_TRIP, "total_baggages": 3, "nonfree_baggages": 0,
                                                      "payment_id": CARD})]),
    ("list_all_airports", "update_reservation_flights", [USER, AIRPORTS, (
        "search_direct_flight", {"origin": BOS, "destination": DEN, "date": LATER}), DETAILS, (
        "update_reservation_flights", {"reservation_id": ROUND_TRIP, "cabin": "economy", "payment_id": CARD, "flights": [
            {"flight_number": "$search_direct_flight.1.flight_number", "date": LATER}, KEPT]})]),
    ("get_user_details", "get_flight_status", [USER, DETAILS, ("get_flight_status", {
        "flight_number": "$get_reservation_details.flights.0.flight_number", "date": "$get_reservation_details.flights.0.date"})]),
]
