"""FlightDesk: an airline reservation back end over a dict-of-dicts database (14 tools).

Written in the manner of a simulated airline support desk: plain functions over one database
(``state.db`` with ``users``, ``flights``, ``reservations`` and ``airports``); replies are JSON text
or plain strings, and a refusal is a *returned* string starting with ``"Error: "``. Users pay with
credit cards, gift cards and travel certificates, each a payment method id in the user's details;
flights are searched direct or with one stop between airport codes on a date ``'YYYY-MM-DD'``;
reservation ids appear only in the user's details (or in a booking's reply). ``FAILURE`` tells a
checker how refusals look. The clock is fixed at 2026-05-15 15:00 (EST).

``GROUND_TRUTH`` lists the designed prerequisites ``(provider, consumer, what)``; ``"a|b"`` as
provider means either tool satisfies it, and the text of ``what`` before its first ``:`` is the kind.
"""

from __future__ import annotations

import ast
import hashlib
import json
import operator
import re
from dataclasses import dataclass, field
import datetime as dt
from typing import Any

TODAY = "2026-05-15"
NOW = "2026-05-15T15:00:00"
CABINS = ("basic_economy", "economy", "business")
FREE_BAGS = {"basic_economy": 0, "economy": 1, "business": 2}
MEMBER_BAGS = {"regular": 0, "silver": 1, "gold": 2}
BAG_FEE, INSURANCE_FEE = 50, 30
_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")

# flight number -> origin, destination, departure, arrival (EST, '+1' = next day), base economy fare
_ROUTES = {
    "FD101": ("BOS", "ORD", "06:00:00", "08:00:00", 142), "FD102": ("ORD", "BOS", "17:00:00", "20:00:00", 138),
    "FD110": ("BOS", "DEN", "07:30:00", "10:30:00", 186), "FD111": ("DEN", "BOS", "12:00:00", "17:30:00", 179),
    "FD112": ("BOS", "DEN", "15:00:00", "18:00:00", 171), "FD113": ("DEN", "BOS", "19:00:00", "00:30:00+1", 165),
    "FD120": ("ORD", "SEA", "10:00:00", "12:30:00", 158), "FD121": ("SEA", "ORD", "08:00:00", "14:00:00", 161),
    "FD122": ("ORD", "SEA", "16:00:00", "18:30:00", 149), "FD124": ("ORD", "DEN", "10:00:00", "11:45:00", 97),
    "FD130": ("DEN", "SEA", "13:00:00", "14:45:00", 119), "FD131": ("SEA", "DEN", "09:00:00", "12:30:00", 124),
    "FD140": ("SFO", "MIA", "08:00:00", "16:30:00", 211), "FD141": ("MIA", "SFO", "18:00:00", "21:30:00", 205),
    "FD150": ("MIA", "ATL", "09:00:00", "11:00:00", 88), "FD151": ("ATL", "MIA", "12:00:00", "14:00:00", 91),
    "FD160": ("ATL", "SFO", "13:00:00", "15:30:00", 232), "FD170": ("LAX", "SEA", "07:00:00", "09:45:00", 133),
    "FD171": ("SEA", "LAX", "17:00:00", "19:45:00", 129), "FD180": ("BOS", "SEA", "09:00:00", "12:30:00", 276),
    "FD181": ("SEA", "BOS", "13:30:00", "22:00:00", 268),
}
_CANCELLED = {("FD112", "2026-05-20"), ("FD141", "2026-05-23")}


def _seed_flights() -> dict:
    first = dt.date(2026, 5, 10)
    flights = {}
    for number, (origin, dest, dep, arr, fare) in _ROUTES.items():
        dates = {}
        for offset in range(20):
            day = (first + dt.timedelta(days=offset)).isoformat()
            wiggle = (int(number[2:]) * 7 + offset * 13) % 41
            economy = fare + wiggle
            if day < TODAY:
                status = "landed"
            elif day == TODAY:
                status = "landed" if dep < "15:00:00" else "on time"
            else:
                status = "cancelled" if (number, day) in _CANCELLED else "available"
            entry = {"status": status}
            if status == "available":
                entry["available_seats"] = {"basic_economy": (offset * 3 + int(number[2:])) % 9 + 1,
                                            "economy": (offset * 5 + int(number[2:])) % 14 + 2,
                                            "business": (offset + int(number[2:])) % 4 + 1}
                entry["prices"] = {"basic_economy": round(economy * 0.62), "economy": economy, "business": economy * 3 + 40}
            dates[day] = entry
        flights[number] = {"flight_number": number, "origin": origin, "destination": dest,
                           "scheduled_departure_time_est": dep, "scheduled_arrival_time_est": arr, "dates": dates}
    return flights


def _seed_users() -> dict:
    def card(pid: str, brand: str, last4: str) -> dict:
        return {"source": "credit_card", "brand": brand, "last_four": last4, "id": pid}
    return {
        "lena_okafor_5120": {
            "user_id": "lena_okafor_5120", "name": {"first_name": "Lena", "last_name": "Okafor"},
            "email": "lena.okafor@example.com", "dob": "1988-03-14", "membership": "silver",
            "address": {"address1": "25 Commonwealth Ave", "address2": "", "city": "Boston", "country": "USA",
                        "state": "MA", "zip": "02116"},
            "payment_methods": {"credit_card_4402": card("credit_card_4402", "mastercard", "4402"),
                                "gift_card_9310": {"source": "gift_card", "amount": 120.0, "id": "gift_card_9310"},
                                "certificate_7731": {"source": "certificate", "amount": 150.0, "id": "certificate_7731"}},
            "saved_passengers": [{"first_name": "Tomas", "last_name": "Okafor", "dob": "1986-11-02"}],
            "reservations": ["QX4R2T", "M8B3LK", "ZP7W1N"],
        },
        "arjun_mehta_2291": {
            "user_id": "arjun_mehta_2291", "name": {"first_name": "Arjun", "last_name": "Mehta"},
            "email": "arjun.mehta@example.org", "dob": "1979-07-30", "membership": "gold",
            "address": {"address1": "800 Pike St", "address2": "Apt 1204", "city": "Seattle", "country": "USA",
                        "state": "WA", "zip": "98101"},
            "payment_methods": {"credit_card_6617": card("credit_card_6617", "visa", "6617")},
            "saved_passengers": [], "reservations": ["HT5N8D"],
        },
    }


def _segment(flights: dict, number: str, day: str, cabin: str) -> dict:
    f = flights[number]
    return {"flight_number": number, "origin": f["origin"], "destination": f["destination"], "date": day,
            "price": f["dates"][day]["prices"][cabin]}


def _seed_reservations(flights: dict) -> dict:
    lena = {"first_name": "Lena", "last_name": "Okafor", "dob": "1988-03-14"}
    tomas = {"first_name": "Tomas", "last_name": "Okafor", "dob": "1986-11-02"}
    arjun = {"first_name": "Arjun", "last_name": "Mehta", "dob": "1979-07-30"}

    def booking(rid: str, uid: str, origin: str, dest: str, kind: str, cabin: str, legs: list, passengers: list,
                method: str, created: str, bags: tuple = (0, 0)) -> dict:
        segments = [_segment(flights, n, d, cabin) for n, d in legs]
        total = sum(s["price"] for s in segments) * len(passengers) + BAG_FEE * bags[1]
        return {"reservation_id": rid, "user_id": uid, "origin": origin, "destination": dest, "flight_type": kind,
                "cabin": cabin, "flights": segments, "passengers": passengers,
                "payment_history": [{"payment_id": method, "amount": total}], "created_at": created,
                "total_baggages": bags[0], "nonfree_baggages": bags[1], "insurance": "no", "status": "booked"}

    return {
        "QX4R2T": booking("QX4R2T", "lena_okafor_5120", "BOS", "DEN", "round_trip", "economy",
                          [("FD110", "2026-05-20"), ("FD111", "2026-05-24")], [lena], "credit_card_4402",
                          "2026-05-02T10:14:00", (1, 0)),
        "M8B3LK": booking("M8B3LK", "lena_okafor_5120", "ORD", "SEA", "one_way", "basic_economy",
                          [("FD120", "2026-05-18")], [lena, tomas], "credit_card_4402", "2026-05-10T08:40:00"),
        "ZP7W1N": booking("ZP7W1N", "lena_okafor_5120", "SFO", "MIA", "one_way", "business",
                          [("FD140", "2026-05-22")], [lena], "credit_card_4402", "2026-05-01T19:05:00", (2, 0)),
        "HT5N8D": booking("HT5N8D", "arjun_mehta_2291", "SEA", "LAX", "one_way", "economy",
                          [("FD171", "2026-05-19")], [arjun], "credit_card_6617", "2026-05-11T12:00:00", (1, 0)),
    }


def _seed_db() -> dict:
    flights = _seed_flights()
    airports = [{"iata": code, "city": city} for code, city in sorted({
        "ATL": "Atlanta", "BOS": "Boston", "DEN": "Denver", "LAX": "Los Angeles", "MIA": "Miami", "ORD": "Chicago",
        "SEA": "Seattle", "SFO": "San Francisco"}.items())]
    return {"users": _seed_users(), "flights": flights, "reservations": _seed_reservations(flights),
            "airports": airports, "next_id": 1000}


@dataclass
class FlightDeskState:
    db: dict = field(default_factory=_seed_db)


State = FlightDeskState


def FAILURE(output: Any) -> bool:  # noqa: N802 - the name the oracle looks for
    """A reply is a refusal when it is a string starting with 'Error: ' (the catalog's convention)."""
    return isinstance(output, str) and output.startswith("Error: ")


def _known_airport(db: dict, code: str) -> bool:
    return any(a["iata"] == code for a in db["airports"])


def _bookable(db: dict, number: Any, day: Any, cabin: str, seats: int) -> dict | str:
    """The flight's entry for ``day`` if it can be sold in ``cabin`` for ``seats`` passengers, else an error."""
    flight = db["flights"].get(number) if isinstance(number, str) else None
    if flight is None:
        return f"Error: flight {number} not found"
    if not isinstance(day, str) or not _DATE.fullmatch(day):
        return "Error: date must be in the format 'YYYY-MM-DD'"
    entry = flight["dates"].get(day)
    if entry is None:
        return f"Error: flight {number} does not operate on {day}"
    if entry["status"] != "available":
        return f"Error: flight {number} on {day} is not available for booking"
    if entry["available_seats"][cabin] < seats:
        return f"Error: not enough seats on flight {number}"
    return entry


def _itinerary(db: dict, origin: str, destination: str, flight_type: str, legs: list) -> str | None:
    """An error when ``legs`` (flight dicts) do not take the traveller from origin to destination (and back)."""
    if not legs:
        return "Error: no flights"
    chain = [db["flights"][leg["flight_number"]] for leg in legs]
    if any(a["destination"] != b["origin"] for a, b in zip(chain, chain[1:])):
        return "Error: flights do not connect"
    if chain[0]["origin"] != origin:
        return "Error: the first flight does not leave from the origin"
    if flight_type == "one_way" and chain[-1]["destination"] != destination:
        return "Error: the last flight does not arrive at the destination"
    if flight_type == "round_trip" and (chain[-1]["destination"] != origin
                                        or destination not in [f["destination"] for f in chain[:-1]]):
        return "Error: a round trip must reach the destination and come back to the origin"
    return None


def _passengers(passengers: Any) -> str | None:
    if not isinstance(passengers, list) or not 1 <= len(passengers) <= 5:
        return "Error: between 1 and 5 passengers"
    for p in passengers:
        if not isinstance(p, dict) or not all(isinstance(p.get(k), str) and p[k] for k in ("first_name", "last_name", "dob")):
            return "Error: each passenger needs first_name, last_name and dob"
        if not _DATE.fullmatch(p["dob"]):
            return "Error: dob must be in the format 'YYYY-MM-DD'"
    return None


def _charge(user: dict, payment_id: Any, amount: float) -> str | None:
    """Charge ``amount`` to a card or gift card of ``user`` (refund when negative); an error or None."""
    method = user["payment_methods"].get(payment_id) if isinstance(payment_id, str) else None
    if method is None:
        return "Error: payment method not found"
    if method["source"] == "certificate":
        return "Error: certificate cannot be used to update a reservation"
    if method["source"] == "gift_card":
        if method["amount"] < amount:
            return "Error: gift card balance is not enough"
        method["amount"] = round(method["amount"] - amount, 2)
    return None


# ----------------------------------------------------------------------------- reading

def get_user_details(user_id: str, state: FlightDeskState) -> str:
    """Get the details of an user, including their reservations.

    Args:
        user_id: The user id, such as 'sara_doe_496'.
    """
    user = state.db["users"].get(user_id)
    if user is None:
        return "Error: user not found"
    return json.dumps(user)


def get_reservation_details(reservation_id: str, state: FlightDeskState) -> str:
    """Get the details of a reservation.

    Args:
        reservation_id: The reservation id, such as '8JX2WO'.
    """
    reservation = state.db["reservations"].get(reservation_id)
    if reservation is None:
        return "Error: reservation not found"
    return json.dumps(reservation)


def list_all_airports(state: FlightDeskState) -> str:
    """List all airports and their cities."""
    return json.dumps(state.db["airports"])


def _public(flight: dict, day: str) -> dict:
    entry = flight["dates"][day]
    return {k: v for k, v in flight.items() if k != "dates"} | {"date": day, "status": entry["status"],
                                                                "available_seats": entry["available_seats"],
                                                                "prices": entry["prices"]}


def _check_search(db: dict, origin: str, destination: str, day: str) -> str | None:
    if not _known_airport(db, origin) or not _known_airport(db, destination):
        return "Error: unknown airport code"
    if not _DATE.fullmatch(day):
        return "Error: date must be in the format 'YYYY-MM-DD'"
    return None


def search_direct_flight(origin: str, destination: str, date: str, state: FlightDeskState) -> str:
    """Search direct flights between two cities on a specific date.

    Args:
        origin: The origin city airport in three letters, such as 'JFK'.
        destination: The destination city airport in three letters, such as 'LAX'.
        date: The date of the flight in the format 'YYYY-MM-DD', such as '2024-01-01'.
    """
    if err := _check_search(state.db, origin, destination, date):
        return err
    return json.dumps([_public(f, date) for f in state.db["flights"].values()
                       if f["origin"] == origin and f["destination"] == destination
                       and f["dates"].get(date, {}).get("status") == "available"])


def search_onestop_flight(origin: str, destination: str, date: str, state: FlightDeskState) -> str:
    """Search one-stop flights between two cities on a specific date: pairs of connecting flights.

    Args:
        origin: The origin city airport in three letters, such as 'JFK'.
        destination: The destination city airport in three letters, such as 'LAX'.
        date: The date of the flight in the format 'YYYY-MM-DD', such as '2024-05-01'.
    """
    if err := _check_search(state.db, origin, destination, date):
        return err
    flights = state.db["flights"].values()
    pairs = []
    for first in flights:
        if first["origin"] != origin or first["dates"].get(date, {}).get("status") != "available":
            continue
        arrival = first["scheduled_arrival_time_est"]
        day2 = (dt.date.fromisoformat(date) + dt.timedelta(days=1)).isoformat() if arrival.endswith("+1") else date
        for second in flights:
            if (second["origin"] == first["destination"] and second["destination"] == destination
                    and second["dates"].get(day2, {}).get("status") == "available"
                    and second["scheduled_departure_time_est"] > arrival[:8]):
                pairs.append([_public(first, date), _public(second, day2)])
    return json.dumps(pairs)


def get_flight_status(flight_number: str, date: str, state: FlightDeskState) -> str:
    """Get the status of a flight.

    Args:
        flight_number: The flight number.
        date: The date of the flight.
    """
    flight = state.db["flights"].get(flight_number)
    if flight is None:
        return "Error: flight not found"
    entry = flight["dates"].get(date)
    if entry is None:
        return f"Error: flight {flight_number} does not operate on {date}"
    return entry["status"]


# ----------------------------------------------------------------------------- booking and changes

def book_reservation(user_id: str, origin: str, destination: str, flight_type: str, cabin: str,
                     flights: list[dict], passengers: list[dict], payment_methods: list[dict],
                     total_baggages: int, nonfree_baggages: int, insurance: str, state: FlightDeskState) -> str:
    """Book a reservation.

    Args:
        user_id: The ID of the user to book the reservation, such as 'sara_doe_496'.
        origin: The IATA code for the origin city, such as 'SFO'.
        destination: The IATA code for the destination city, such as 'JFK'.
        flight_type: The type of flight, such as 'one_way' or 'round_trip'.
        cabin: The cabin class, such as 'basic_economy', 'economy', or 'business'.
        flights: An array of objects containing details about each piece of flight, each with
            'flight_number' (such as 'HAT001') and 'date' (in the format 'YYYY-MM-DD').
        passengers: An array of objects containing details about each passenger, each with
            'first_name', 'last_name' and 'dob' (in the format 'YYYY-MM-DD').
        payment_methods: An array of objects containing details about each payment method, each with
            'payment_id' (such as 'credit_card_7815826') and 'amount'.
        total_baggages: The total number of baggage items included in the reservation.
        nonfree_baggages: The number of non-free baggage items included in the reservation.
        insurance: Whether to include insurance, 'yes' or 'no'.
    """
    db = state.db
    user = db["users"].get(user_id)
    if user is None:
        return "Error: user not found"
    if not _known_airport(db, origin) or not _known_airport(db, destination):
        return "Error: unknown airport code"
    if flight_type not in ("one_way", "round_trip") or cabin not in CABINS or insurance not in ("yes", "no"):
        return "Error: invalid flight_type, cabin or insurance"
    if err := _passengers(passengers):
        return err
    if not isinstance(flights, list) or not all(isinstance(f, dict) for f in flights):
        return "Error: flights must be a list of objects"
    entries = []
    for leg in flights:
        entry = _bookable(db, leg.get("flight_number"), leg.get("date"), cabin, len(passengers))
        if isinstance(entry, str):
            return entry
        entries.append(entry)
    if err := _itinerary(db, origin, destination, flight_type, flights):
        return err
    allowance = (FREE_BAGS[cabin] + MEMBER_BAGS[user["membership"]]) * len(passengers)
    if nonfree_baggages != max(0, total_baggages - allowance):
        return f"Error: nonfree_baggages should be {max(0, total_baggages - allowance)}"
    total = sum(e["prices"][cabin] for e in entries) * len(passengers) + BAG_FEE * nonfree_baggages
    total += INSURANCE_FEE * len(passengers) if insurance == "yes" else 0
    paid, certificates = 0.0, 0
    for pay in payment_methods:
        method = user["payment_methods"].get(pay.get("payment_id")) if isinstance(pay, dict) else None
        if method is None:
            return f"Error: payment method {pay.get('payment_id') if isinstance(pay, dict) else pay} not found"
        amount = pay.get("amount")
        if not isinstance(amount, (int, float)) or amount <= 0:
            return "Error: each payment amount must be a positive number"
        if method["source"] in ("gift_card", "certificate") and method["amount"] < amount:
            return f"Error: not enough balance in payment method {method['id']}"
        certificates += method["source"] == "certificate"
        paid += amount
    if certificates > 1:
        return "Error: at most one certificate can be used"
    if abs(paid - total) > 0.01:
        return f"Error: payment amount does not add up, total price is {total}, but paid {round(paid, 2)}"
    for pay in payment_methods:
        method = user["payment_methods"][pay["payment_id"]]
        if method["source"] == "gift_card":
            method["amount"] = round(method["amount"] - pay["amount"], 2)
        elif method["source"] == "certificate":
            del user["payment_methods"][pay["payment_id"]]
    for entry in entries:
        entry["available_seats"][cabin] -= len(passengers)
    db["next_id"] += 1
    rid = hashlib.sha1(f"reservation-{db['next_id']}".encode()).hexdigest()[:6].upper()
    reservation = {"reservation_id": rid, "user_id": user_id, "origin": origin, "destination": destination,
                   "flight_type": flight_type, "cabin": cabin,
                   "flights": [_segment(db["flights"], leg["flight_number"], leg["date"], cabin) for leg in flights],
                   "passengers": [dict(p) for p in passengers],
                   "payment_history": [{"payment_id": p["payment_id"], "amount": p["amount"]} for p in payment_methods],
                   "created_at": NOW, "total_baggages": total_baggages, "nonfree_baggages": nonfree_baggages,
                   "insurance": insurance, "status": "booked"}
    db["reservations"][rid] = reservation
    user["reservations"].append(rid)
    return json.dumps(reservation)


def _reservation(db: dict, reservation_id: str) -> dict | str:
    reservation = db["reservations"].get(reservation_id)
    if reservation is None:
        return "Error: reservation not found"
    if reservation["status"] == "cancelled":
        return "Error: reservation is cancelled"
    return reservation


def cancel_reservation(reservation_id: str, state: FlightDeskState) -> str:
    """Cancel the whole reservation. Allowed within 24 hours of booking, for business cabin, or with
    travel insurance, and only before any of its flights has departed.

    Args:
        reservation_id: The reservation ID, such as 'ZFA04Y'.
    """
    reservation = _reservation(state.db, reservation_id)
    if isinstance(reservation, str):
        return reservation
    if any(f["date"] <= TODAY for f in reservation["flights"]):
        return "Error: some flights of the reservation have already departed"
    recent = reservation["created_at"] >= "2026-05-14T15:00:00"
    if not (recent or reservation["cabin"] == "business" or reservation["insurance"] == "yes"):
        return "Error: the reservation was booked more than 24 hours ago and is neither business nor insured"
    user = state.db["users"][reservation["user_id"]]
    refunds = []
    for pay in reservation["payment_history"]:
        if pay["amount"] <= 0:
            continue
        refunds.append({"payment_id": pay["payment_id"], "amount": -pay["amount"]})
        method = user["payment_methods"].get(pay["payment_id"])
        if method is not None and method["source"] == "gift_card":
            method["amount"] = round(method["amount"] + pay["amount"], 2)
    reservation["payment_history"].extend(refunds)
    reservation["status"] = "cancelled"
    return json.dumps(reservation)


def update_reservation_flights(reservation_id: str, cabin: str, flights: list[dict], payment_id: str,
                               state: FlightDeskState) -> str:
    """Update the flight information of a reservation.

    Args:
        reservation_id: The reservation ID, such as 'ZFA04Y'.
        cabin: The cabin class of the reservation: 'basic_economy', 'economy', or 'business'.
        flights: An array of objects containing details about each piece of flight in the ENTIRE new
            reservation, each with 'flight_number' and 'date'. Even if a flight segment is not
            changed, it should still be included in the array.
        payment_id: The payment id stored in user profile, such as 'credit_card_7815826',
            'gift_card_7815826', 'certificate_7815826'.
    """
    db = state.db
    reservation = _reservation(db, reservation_id)
    if isinstance(reservation, str):
        return reservation
    if reservation["cabin"] == "basic_economy":
        return "Error: basic economy flights cannot be modified"
    if cabin not in CABINS:
        return "Error: invalid cabin"
    if not isinstance(flights, list) or not all(isinstance(f, dict) for f in flights):
        return "Error: flights must be a list of objects"
    kept = {(f["flight_number"], f["date"]): f["price"] for f in reservation["flights"]}
    segments = []
    for leg in flights:
        key = (leg.get("flight_number"), leg.get("date"))
        if key in kept and cabin == reservation["cabin"]:
            segments.append(_segment(db["flights"], key[0], key[1], cabin) | {"price": kept[key]})
            continue
        entry = _bookable(db, key[0], key[1], cabin, len(reservation["passengers"]))
        if isinstance(entry, str):
            return entry
        segments.append(_segment(db["flights"], key[0], key[1], cabin))
    if err := _itinerary(db, reservation["origin"], reservation["destination"], reservation["flight_type"], flights):
        return err
    n = len(reservation["passengers"])
    diff = (sum(s["price"] for s in segments) - sum(kept.values())) * n
    if err := _charge(db["users"][reservation["user_id"]], payment_id, diff):
        return err
    reservation["flights"], reservation["cabin"] = segments, cabin
    if diff:
        reservation["payment_history"].append({"payment_id": payment_id, "amount": diff})
    return json.dumps(reservation)


def update_reservation_baggages(reservation_id: str, total_baggages: int, nonfree_baggages: int, payment_id: str,
                                state: FlightDeskState) -> str:
    """Update the baggage information of a reservation.

    Args:
        reservation_id: The reservation ID, such as 'ZFA04Y'.
        total_baggages: The updated total number of baggage items included in the reservation.
        nonfree_baggages: The updated number of non-free baggage items included in the reservation.
        payment_id: The payment id stored in user profile, such as 'credit_card_7815826', 'gift_card_7815826'.
    """
    db = state.db
    reservation = _reservation(db, reservation_id)
    if isinstance(reservation, str):
        return reservation
    if total_baggages < reservation["total_baggages"]:
        return "Error: the number of bags cannot be reduced"
    user = db["users"][reservation["user_id"]]
    allowance = (FREE_BAGS[reservation["cabin"]] + MEMBER_BAGS[user["membership"]]) * len(reservation["passengers"])
    if nonfree_baggages != max(0, total_baggages - allowance):
        return f"Error: nonfree_baggages should be {max(0, total_baggages - allowance)}"
    fee = BAG_FEE * (nonfree_baggages - reservation["nonfree_baggages"])
    if err := _charge(user, payment_id, fee):
        return err
    reservation["total_baggages"], reservation["nonfree_baggages"] = total_baggages, nonfree_baggages
    if fee:
        reservation["payment_history"].append({"payment_id": payment_id, "amount": fee})
    return json.dumps(reservation)


def update_reservation_passengers(reservation_id: str, passengers: list[dict], state: FlightDeskState) -> str:
    """Update the passenger information of a reservation.

    Args:
        reservation_id: The reservation ID, such as 'ZFA04Y'.
        passengers: An array of objects containing details about each passenger ('first_name',
            'last_name', 'dob'); as many passengers as the reservation already has.
    """
    reservation = _reservation(state.db, reservation_id)
    if isinstance(reservation, str):
        return reservation
    if err := _passengers(passengers):
        return err
    if len(passengers) != len(reservation["passengers"]):
        return "Error: number of passengers does not match"
    reservation["passengers"] = [dict(p) for p in passengers]
    return json.dumps(reservation)


def send_certificate(user_id: str, amount: float, state: FlightDeskState) -> str:
    """Send a certificate to a user. Be careful!

    Args:
        user_id: The ID of the user to book the reservation, such as 'sara_doe_496'.
        amount: Certificate amount to send.
    """
    user = state.db["users"].get(user_id)
    if user is None:
        return "Error: user not found"
    if not isinstance(amount, (int, float)) or not 0 < amount <= 1000:
        return "Error: amount must be between 0 and 1000"
    state.db["next_id"] += 1
    pid = f"certificate_{state.db['next_id']}"
    user["payment_methods"][pid] = {"source": "certificate", "amount": float(amount), "id": pid}
    return f"Certificate {pid} added to user {user_id} with amount {amount}."


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
    """Transfer the user to a human agent, with a summary of the user's issue.

    Args:
        summary: A summary of the user's issue.
    """
    return "Transfer successful"


TOOLS = [
    get_user_details, get_reservation_details, list_all_airports, search_direct_flight, search_onestop_flight,
    get_flight_status, book_reservation, cancel_reservation, update_reservation_flights, update_reservation_baggages,
    update_reservation_passengers, send_certificate, calculate, transfer_to_human_agents,
]

# What a tester is handed: who is calling and what they said (cities, not airport codes; no reservation ids).
FIXTURES = {
    "user_id": "lena_okafor_5120",
    "origin_city": "Boston",
    "destination_city": "Denver",
    "travel_date": "2026-05-20",
    "passenger": {"first_name": "Lena", "last_name": "Okafor", "dob": "1988-03-14"},
    "new_passenger": {"first_name": "Ines", "last_name": "Okafor", "dob": "1991-06-25"},
}

_RESERVATION_USERS = ["get_reservation_details", "cancel_reservation", "update_reservation_flights",
                      "update_reservation_baggages", "update_reservation_passengers"]
_SEARCH = "search_direct_flight|search_onestop_flight"

# (provider, consumer, what): the real prerequisites designed into the catalog.
GROUND_TRUTH = (
    [("get_user_details|book_reservation", c, "id lookup/create: reservation_id (in the user's reservations, or a new booking)")
     for c in _RESERVATION_USERS]
    + [("get_user_details", c, "id lookup: payment_methods.<id>.id of the user (JSON text, keyed by id)")
       for c in ("book_reservation", "update_reservation_flights", "update_reservation_baggages")]
    + [("list_all_airports", c, "id lookup: IATA airport codes for the cities")
       for c in ("search_direct_flight", "search_onestop_flight", "book_reservation")]
    + [
        ("send_certificate", "book_reservation", "create-before-use: the certificate's id (in a sentence) must exist"),
        (_SEARCH, "book_reservation", "id lookup: flight numbers (and fares) of bookable flights"),
        (_SEARCH, "update_reservation_flights", "two values: the new segments of the itinerary"),
        ("get_reservation_details", "update_reservation_flights", "two values: the segments kept from the reservation"),
        ("get_reservation_details", "update_reservation_passengers", "two values: the passengers kept from the reservation"),
        ("update_reservation_flights", "update_reservation_baggages", "state: the cabin sets the free bag allowance"),
        (f"{_SEARCH}|get_reservation_details", "get_flight_status", "id lookup: flight_number"),
        ("list_all_airports", "update_reservation_flights", "transitive: airport codes -> search -> new segments"),
        ("get_user_details", "get_flight_status", "transitive: reservation id -> reservation -> its flights"),
    ]
)

# Real dependencies the ground truth does not list.
PLAUSIBLE = {
    ("get_reservation_details", "update_reservation_baggages"),
    ("get_reservation_details", "cancel_reservation"),
    ("search_direct_flight", "calculate"), ("search_onestop_flight", "calculate"),
    ("get_reservation_details", "calculate"),
    ("get_user_details", "send_certificate"), ("book_reservation", "get_flight_status"),
    ("list_all_airports", "get_flight_status"), ("get_reservation_details", "search_direct_flight"),
    ("get_reservation_details", "search_onestop_flight"), ("cancel_reservation", "book_reservation"),
}
