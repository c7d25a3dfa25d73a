"""A small hotel front desk for the gathered-state tests: checking a guest in needs several things
to hold at once (a session, a booking with a room on it, a hold on a stored card), each made by its
own call, so the check-in is reached only six calls from the fresh state. Written in the style of
real back ends: a bare list of room numbers, refusals by exception and by error dict, a listing that
is empty until something is booked."""

from __future__ import annotations

from dataclasses import dataclass, field


class DeskError(Exception):
    """A refused front-desk action."""


@dataclass
class DeskState:
    staff: dict = field(default_factory=lambda: {"a.moreau": "Lobby#12"})
    sessions: list = field(default_factory=list)
    bookings: dict = field(default_factory=dict)
    vault: dict = field(default_factory=dict)
    folios: dict = field(default_factory=dict)
    rooms: dict = field(default_factory=lambda: {"204": "clean", "207": "clean", "311": "dirty"})
    seq: int = 0


def _session(state: DeskState, session: str) -> None:
    if session not in state.sessions:
        raise DeskError("no open session; sign in first")


def sign_in(username: str, password: str, state: DeskState) -> dict:
    """Open a desk session."""
    if state.staff.get(username) != password:
        raise DeskError("wrong username or password")
    state.seq += 1
    sid = f"ds-{state.seq:03d}"
    state.sessions.append(sid)
    return {"session": sid}


def create_booking(session: str, guest_name: str, nights: int, state: DeskState) -> dict:
    """Book a stay arriving today."""
    _session(state, session)
    if not 1 <= nights <= 14:
        return {"error": "nights must be 1-14"}
    state.seq += 1
    bid = f"BK-{state.seq:04d}"
    state.bookings[bid] = {"guest": guest_name, "nights": nights, "room": None, "hold": None, "status": "booked"}
    return {"booking_id": bid, "status": "booked"}


def list_bookings(session: str, state: DeskState) -> list:
    """Today's bookings (empty until one is made)."""
    _session(state, session)
    return [{"booking_id": b, "guest": r["guest"], "status": r["status"]} for b, r in state.bookings.items()]


def store_card(card_number: str, state: DeskState) -> dict:
    """Put a payment card in the vault; the card token stands for it afterwards."""
    digits = card_number.replace(" ", "")
    if not digits.isdigit() or len(digits) != 16:
        raise DeskError("card number rejected")
    state.seq += 1
    token = f"ct_{state.seq:04d}{digits[-4:]}"
    state.vault[token] = digits[-4:]
    return {"card_token": token}


def list_rooms(session: str, state: DeskState) -> list:
    """Room numbers that are clean and free."""
    _session(state, session)
    taken = {r["room"] for r in state.bookings.values()}
    return [n for n, status in state.rooms.items() if status == "clean" and n not in taken]


def assign_room(session: str, booking_id: str, room_number: str, state: DeskState) -> dict:
    """Put a clean, free room on a booking."""
    _session(state, session)
    booking = state.bookings.get(booking_id)
    if booking is None:
        raise DeskError(f"no booking {booking_id}")
    if state.rooms.get(room_number) != "clean":
        raise DeskError(f"room {room_number} is not a clean room")
    if any(r["room"] == room_number for r in state.bookings.values()):
        raise DeskError(f"room {room_number} is taken")
    booking["room"] = room_number
    return {"booking_id": booking_id, "room_number": room_number}


def hold_card(session: str, booking_id: str, card_token: str, state: DeskState) -> dict:
    """Guarantee a booking with a hold on a stored card."""
    _session(state, session)
    booking = state.bookings.get(booking_id)
    if booking is None:
        raise DeskError(f"no booking {booking_id}")
    if card_token not in state.vault:
        raise DeskError("unknown card token; store the card first")
    booking["hold"] = card_token
    return {"booking_id": booking_id, "held": True}


def check_in(session: str, booking_id: str, state: DeskState) -> dict:
    """Check the guest in: the booking needs a room and a card hold."""
    _session(state, session)
    booking = state.bookings.get(booking_id)
    if booking is None:
        raise DeskError(f"no booking {booking_id}")
    if booking["room"] is None:
        raise DeskError("assign a room first")
    if booking["hold"] is None:
        raise DeskError("the booking is not guaranteed; hold a card first")
    if booking["status"] != "booked":
        raise DeskError(f"booking is {booking['status']}")
    booking["status"] = "in_house"
    state.seq += 1
    folio = f"F-{state.seq:04d}"
    state.folios[folio] = {"booking": booking_id, "charges": []}
    return {"folio_id": folio, "room_number": booking["room"]}


def post_charge(session: str, folio_id: str, amount: float, state: DeskState) -> dict:
    """Add a charge to an in-house guest's folio."""
    _session(state, session)
    if folio_id not in state.folios:
        raise DeskError(f"no folio {folio_id}")
    if not 0 < amount <= 500:
        raise DeskError("amount must be between 0 and 500")
    state.folios[folio_id]["charges"].append(amount)
    return {"folio_id": folio_id, "balance": sum(state.folios[folio_id]["charges"])}


TOOLS = [sign_in, create_booking, list_bookings, store_card, list_rooms, assign_room, hold_card, check_in, post_charge]
FIXTURES = {"username": "a.moreau", "password": "Lobby#12", "guest_name": "Ines Duval", "card_number": "4000 0012 3456 7899"}
