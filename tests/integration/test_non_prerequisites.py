"""Pairs no designer calls prerequisites: an undo that only lets a call run again, a field that refers
to another entity's record chosen over a listing of that entity's own ids, and compatibility on an
optional filter or on text anyone could type."""

from __future__ import annotations

import pytest

from llama_index_libra.induction import InductionConfig, induce
from llama_index_libra.induction.counterfactual import free_text
from llama_index_libra.induction.gates import asks_for, undoes_own_call
from llama_index_libra.induction.selection import _entity, foreign_key, select_providers
from llama_index_libra.library import Relation
from llama_index_libra.runtime.python import PythonRuntime


def pairs(library, kind=None):
    return {(r.provider, r.consumer) for r in library.relations if kind is None or r.kind == kind}


# ------------------------------------------------------------------ undo of the consumer's own effect
class Storage:
    refusal = "Unit {unit} is reserved"

    def __init__(self):
        self.units = {"A1": None, "A2": None}
        self.reservations: dict[str, str] = {}
        self.counter = 100


def list_units(state: Storage) -> list:
    """Units with the reservation holding each (None when free)."""
    return [{"unit_id": u, "reservation_id": r} for u, r in sorted(state.units.items())]


def create_reservation(unit_id: str, state: Storage) -> dict:
    """Reserve a unit."""
    if unit_id not in state.units:
        raise KeyError(f"No unit {unit_id}")
    if state.units[unit_id] is not None:
        raise ValueError(state.refusal.format(unit=unit_id))
    state.counter += 1
    rid = f"res_{state.counter}"
    state.units[unit_id] = rid
    state.reservations[rid] = unit_id
    return {"reservation_id": rid, "unit_id": unit_id}


def cancel_reservation(reservation_id: str, state: Storage) -> dict:
    """Cancel a reservation and free its unit."""
    unit = state.reservations.pop(reservation_id, None)
    if unit is None:
        raise KeyError(f"No reservation {reservation_id}")
    state.units[unit] = None
    return {"cancelled": reservation_id}


class AskingStorage(Storage):
    refusal = "Unit {unit} is reserved: cancel the reservation first"


def _build(config=None, factory=Storage):
    runtime = PythonRuntime([list_units, create_reservation, cancel_reservation], factory)
    return induce(runtime, field_encoder="lexical", executor="serial", config=config or InductionConfig())


def test_an_undo_that_only_lets_a_call_run_again_is_no_prerequisite():
    library, _ = _build()
    got = pairs(library)
    assert ("cancel_reservation", "create_reservation") not in got
    # what the cancellation needs is still found: a reservation to cancel
    assert ("create_reservation", "cancel_reservation") in got


def test_an_undo_the_refusal_asks_for_stays_a_prerequisite():
    library, _ = _build(factory=AskingStorage)
    assert ("cancel_reservation", "create_reservation") in pairs(library, "state")


def test_asks_for_reads_the_providers_verb_in_the_refusal():
    assert asks_for("account already has an active Direct Debit; cancel it first", "cancel_direct_debit")
    assert asks_for("a cancellation is needed", "api.cancel_order")
    assert not asks_for("CL-1 already has an open claim", "close_claim")
    assert not asks_for(None, "cancel_order") and not asks_for("cancel it", "")


def test_undoes_own_call_needs_the_same_tool_with_the_same_arguments():
    path = ({"tool": "create_reservation", "arguments": {"unit_id": "A1"}},)
    assert undoes_own_call(path, "create_reservation", {"unit_id": "A1"})
    assert not undoes_own_call(path, "create_reservation", {"unit_id": "A2"})
    assert not undoes_own_call(path, "cancel_reservation", {"unit_id": "A1"})
    assert not undoes_own_call((), "create_reservation", {"unit_id": "A1"})


# ------------------------------------------------------------------ a record's own id before a reference
ENTITIES = {_entity(x) for x in ("customers", "charges", "subscription", "claimant", "claim", "payment_method")}


@pytest.mark.parametrize("path, owner, foreign", [
    ("$.output.data[0].customer", "charges", True),         # a charge's customer
    ("$.output.claimant", "claim", True),                   # a claim's claimant
    ("$.output.subscriptions[0]", "customer", True),        # a customer's subscriptions
    ("$.output.invoice_settings.default_payment_method", "customer", True),
    ("$.output.data[0].id", "customers", False),            # the listed customers' own ids
    ("$.output.customer_id", "customer", False),            # a customer's own id
    ("$.output.token", "login", False),                     # no entity of the catalog
    ("$.output[0][1]", "queue", False),                     # a cell of top-level rows: no name to read
    ("$.output[0].customer", None, False),                 # rows of a one-word tool (``timetable``): kind unknown
    ("$.output.claims[0].customer", None, True),             # rows under a key that names their kind
    ("$.output", "customer", False),                        # a bare reply
    ("$.arguments.customer", "charges", False),             # an echo is judged elsewhere
])
def test_foreign_key_reads_what_a_field_refers_to(path, owner, foreign):
    assert foreign_key(path, owner, ENTITIES) is foreign


def test_selection_prefers_a_listing_of_own_ids_over_a_reference_with_a_closer_name():
    class Spec:
        def __init__(self, name, inputs):
            self.name, self.input_names, self.description = name, inputs, ""

    catalog = [Spec("list_customers", []), Spec("list_charges", []), Spec("update_customer", ["customer"])]

    def rel(provider, sim, path):
        return Relation(provider, "update_customer", "provenance", "x", "customer", sim, {"provider_value": {"path": path}})

    rels = [rel("list_charges", 1.0, "$.output.data[0].customer"), rel("list_customers", 0.8, "$.output.data[0].id")]
    kept = select_providers(rels, 1, catalog)  # type: ignore[arg-type]
    assert {r.provider for r in kept} == {"list_customers"}
    # without a catalog nothing is known of entities: the closer name wins as before
    assert {r.provider for r in select_providers(rels, 1)} == {"list_charges"}


# ------------------------------------------------------------------ compatibility only where it can matter
class Depot:
    def __init__(self):
        self.orders = [{"order_id": "O-1", "site_code": "RTM1"}, {"order_id": "O-2", "site_code": "AMS2"}]
        self.contacts: list[str] = []


def list_sites(state: Depot) -> list:
    """The depot's sites with their codes and contact addresses."""
    return [{"site_code": "RTM1", "email": "rtm1@depot.example"}, {"site_code": "AMS2", "email": "ams2@depot.example"}]


def search_orders(state: Depot, site_code: str | None = None) -> list:
    """Orders, optionally only those of one site."""
    return [o for o in state.orders if site_code is None or o["site_code"] == site_code]


def add_contact(email: str, state: Depot) -> str:
    """Add a contact address to the newsletter."""
    if "@" not in email:
        raise ValueError("not an e-mail address")
    state.contacts.append(email)
    return f"added {email}"


def test_no_compatibility_on_an_optional_filter_or_an_address():
    runtime = PythonRuntime([list_sites, search_orders, add_contact], Depot)
    library, _ = induce(runtime, field_encoder="lexical", executor="serial")
    assert not {("list_sites", "search_orders"), ("list_sites", "add_contact")} & pairs(library)


@pytest.mark.parametrize("value, expected", [
    ("alex.morgan@example.com", True), ("Owen Pryce", True), ("Kestrel", True), ("USD", False),
    ("cus_Ph3VqN1dJa", False), ("2028-03-16", False), (["a b", "c d"], True), ("user@host", False),
])
def test_free_text(value, expected):
    assert free_text(value) is expected
