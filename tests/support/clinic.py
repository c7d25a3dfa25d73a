"""A newcomer's own catalog in a domain nothing else here covers: a veterinary clinic's owner portal.

Written the way a new user writes tools (plain functions over a state object, refusals as
``{"error": ...}``), with a login prerequisite that no request ever mentions: every owner tool needs
``sign_in`` first, and most need an id another tool returns. ``REQUESTS`` are requests an owner types,
each with its goal tools and the prerequisites an agent must be offered to finish it.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class ClinicState:
    accounts: dict = field(default_factory=lambda: {"maya": "catnip42"})
    session: str | None = None
    pets: dict = field(default_factory=lambda: {"P1": {"name": "Biscuit", "species": "dog", "owner": "maya"}})
    visits: dict = field(default_factory=dict)
    orders: dict = field(default_factory=dict)
    invoices: dict = field(default_factory=lambda: {"INV7": {"amount": 40.0, "paid": False}})
    vets: list = field(default_factory=lambda: ["dr_lee", "dr_okafor"])
    email: str = "maya@example.org"
    counter: int = 1


def _signed_out(state: ClinicState) -> dict | None:
    return None if state.session else {"error": "please sign in first"}


def sign_in(username: str, password: str, state: ClinicState) -> dict:
    """Sign in to the clinic portal with your owner account."""
    if state.accounts.get(username) != password:
        return {"error": "wrong username or password"}
    state.session = username
    return {"signed_in": username}


def sign_out(state: ClinicState) -> dict:
    """Sign out of the clinic portal."""
    if not state.session:
        return {"error": "not signed in"}
    state.session = None
    return {"signed_in": None}


def list_my_pets(state: ClinicState) -> dict:
    """List the pets registered to the signed-in owner, with their pet ids."""
    if (refused := _signed_out(state)) is not None:
        return refused
    return {"pets": [{"pet_id": k, **v} for k, v in state.pets.items() if v["owner"] == state.session]}


def register_pet(name: str, species: str, state: ClinicState) -> dict:
    """Register a new pet. Species must be one of: dog, cat, rabbit. Returns the new pet_id."""
    if (refused := _signed_out(state)) is not None:
        return refused
    if species not in ("dog", "cat", "rabbit"):
        return {"error": f"unknown species {species}"}
    pet_id = f"P{len(state.pets) + 1}"
    state.pets[pet_id] = {"name": name, "species": species, "owner": state.session}
    return {"pet_id": pet_id}


def list_vets(state: ClinicState) -> dict:
    """List the veterinarians working at the clinic."""
    return {"vets": list(state.vets)}


def book_visit(pet_id: str, vet: str, date: str, state: ClinicState) -> dict:
    """Book a visit for a pet with a veterinarian on a date (YYYY-MM-DD). Returns a visit_id."""
    if (refused := _signed_out(state)) is not None:
        return refused
    if pet_id not in state.pets:
        return {"error": f"no pet {pet_id}"}
    if vet not in state.vets:
        return {"error": f"no vet {vet}"}
    visit_id = f"V{state.counter}"
    state.counter += 1
    state.visits[visit_id] = {"pet_id": pet_id, "vet": vet, "date": date}
    return {"visit_id": visit_id, "date": date}


def reschedule_visit(visit_id: str, date: str, state: ClinicState) -> dict:
    """Move a booked visit to another date (YYYY-MM-DD)."""
    if (refused := _signed_out(state)) is not None:
        return refused
    if visit_id not in state.visits:
        return {"error": f"no visit {visit_id}"}
    state.visits[visit_id]["date"] = date
    return {"visit_id": visit_id, "date": date}


def cancel_visit(visit_id: str, state: ClinicState) -> dict:
    """Cancel a booked visit."""
    if (refused := _signed_out(state)) is not None:
        return refused
    if state.visits.pop(visit_id, None) is None:
        return {"error": f"no visit {visit_id}"}
    return {"cancelled": visit_id}


def vaccination_record(pet_id: str, state: ClinicState) -> dict:
    """Show the vaccinations a pet has had."""
    if (refused := _signed_out(state)) is not None:
        return refused
    if pet_id not in state.pets:
        return {"error": f"no pet {pet_id}"}
    return {"pet_id": pet_id, "vaccinations": ["rabies 2025-03-01"]}


def order_medication(pet_id: str, medication: str, state: ClinicState) -> dict:
    """Order a medication refill for a pet. Returns an order_id."""
    if (refused := _signed_out(state)) is not None:
        return refused
    if pet_id not in state.pets:
        return {"error": f"no pet {pet_id}"}
    order_id = f"O{state.counter}"
    state.counter += 1
    state.orders[order_id] = {"pet_id": pet_id, "medication": medication, "status": "preparing"}
    return {"order_id": order_id}


def track_order(order_id: str, state: ClinicState) -> dict:
    """Track the delivery status of a medication order."""
    if (refused := _signed_out(state)) is not None:
        return refused
    if order_id not in state.orders:
        return {"error": f"no order {order_id}"}
    return {"order_id": order_id, "status": state.orders[order_id]["status"]}


def list_invoices(state: ClinicState) -> dict:
    """List the owner's invoices with their invoice ids and whether they are paid."""
    if (refused := _signed_out(state)) is not None:
        return refused
    return {"invoices": [{"invoice_id": k, **v} for k, v in state.invoices.items()]}


def pay_invoice(invoice_id: str, state: ClinicState) -> dict:
    """Pay an outstanding invoice by its id."""
    if (refused := _signed_out(state)) is not None:
        return refused
    invoice = state.invoices.get(invoice_id)
    if invoice is None:
        return {"error": f"no invoice {invoice_id}"}
    invoice["paid"] = True
    return {"invoice_id": invoice_id, "paid": True}


def update_email(email: str, state: ClinicState) -> dict:
    """Change the contact email address on the owner's account."""
    if (refused := _signed_out(state)) is not None:
        return refused
    if "@" not in email:
        return {"error": "not an email address"}
    state.email = email
    return {"email": email}


def clinic_hours(day: str, state: ClinicState) -> dict:
    """Opening hours of the clinic on a weekday (monday ... sunday)."""
    return {"day": day, "hours": "closed" if day.lower() == "sunday" else "08:00-18:00"}


def dose_for_weight(weight_kg: float, mg_per_kg: float) -> dict:
    """Compute a medication dose in milligrams from a pet's weight."""
    return {"dose_mg": round(weight_kg * mg_per_kg, 2)}


TOOLS = [sign_in, sign_out, list_my_pets, register_pet, list_vets, book_visit, reschedule_visit, cancel_visit,
         vaccination_record, order_medication, track_order, list_invoices, pay_invoice, update_email,
         clinic_hours, dose_for_weight]
FIXTURES = {"username": "maya", "password": "catnip42"}

# (request, goal tools, prerequisites an agent must be offered to finish it); no request names sign_in
REQUESTS: list[tuple[str, list[str], list[str]]] = [
    ("Book a check-up for my dog Biscuit with dr_lee on 2026-05-02.", ["book_visit"], ["sign_in", "list_my_pets"]),
    ("Pay my outstanding clinic bill.", ["pay_invoice"], ["sign_in", "list_invoices"]),
    ("Order a refill of carprofen for Biscuit.", ["order_medication"], ["sign_in", "list_my_pets"]),
    ("Where is the medication I ordered? Track it.", ["track_order"], ["sign_in", "order_medication"]),
    ("Register my new cat Miso.", ["register_pet"], ["sign_in"]),
    ("Which vaccinations has Biscuit had?", ["vaccination_record"], ["sign_in", "list_my_pets"]),
    ("Change my contact email to maya@new.example.org.", ["update_email"], ["sign_in"]),
    ("Cancel the visit I booked for Biscuit.", ["cancel_visit"], ["sign_in", "book_visit"]),
    ("Move Biscuit's visit to 2026-06-01.", ["reschedule_visit"], ["sign_in", "book_visit"]),
    ("Register my rabbit Hops and book him a visit with dr_okafor on 2026-05-20.", ["register_pet", "book_visit"],
     ["sign_in", "list_vets"]),
]

SIGN_IN = ("sign_in", {"username": "maya", "password": "catnip42"})
# Agent tasks: (request, plan of calls); a step may read the observations so far
AGENT_TASKS = [
    (REQUESTS[0][0], [SIGN_IN, ("list_my_pets", {}),
                      lambda obs: ("book_visit", {"pet_id": obs[-1]["pets"][0]["pet_id"], "vet": "dr_lee", "date": "2026-05-02"})]),
    (REQUESTS[1][0], [SIGN_IN, ("list_invoices", {}),
                      lambda obs: ("pay_invoice", {"invoice_id": obs[-1]["invoices"][0]["invoice_id"]})]),
]
