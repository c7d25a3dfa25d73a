"""A listing's rows read by position give their key cell to an input named for what the tool lists.

``list_vans`` documents its rows as ``[registration, capacity in bags, state]``; ``start_route`` takes
a ``van``. No field says ``van``, but the tool lists vans and a row's first cell is the van it lists:
the registration is bound to ``van`` and the listing credited as the provider."""

from __future__ import annotations

import copy

from types import SimpleNamespace

from llama_index_libra._io import canonical_json
from llama_index_libra.induction import bindings
from llama_index_libra.induction.field_encoders import LexicalFieldEncoder
from llama_index_libra.induction.values import Value
from llama_index_libra.runtime.python import PythonRuntime
from tests.support.builds import induce_serially


class Depot:
    def __init__(self) -> None:
        self.vans = {"WK29 TLS": {"bags": 120, "state": "available"}, "WK27 TLN": {"bags": 90, "state": "available"}}
        self.routes = {"R-TUE-1": {"state": "planned", "van": None}}

    def snapshot(self):
        return copy.deepcopy(self.__dict__)


def list_vans(state: Depot = None) -> list:
    """The fleet, as rows of [registration, capacity in bags, state]."""
    return [[reg, v["bags"], v["state"]] for reg, v in state.vans.items()]


def list_routes(state: Depot = None) -> list:
    """Today's routes, as rows of [route_id, state]."""
    return [[rid, r["state"]] for rid, r in state.routes.items()]


def start_route(route_id: str, van: str, state: Depot = None) -> dict:
    """Send one of today's routes out with a van."""
    r = state.routes.get(route_id)
    if r is None:
        raise LookupError(f"Not found: no route {route_id}")
    v = state.vans.get(van.strip().upper())
    if v is None:
        raise LookupError(f"Not found: no van {van}")
    if v["state"] != "available" or r["state"] != "planned":
        raise ValueError(f"Wrong state: {van} is {v['state']}, {route_id} is {r['state']}")
    r.update(state="out", van=van)
    v["state"] = "out"
    return {"route_id": route_id, "state": "out", "van": van}


TOOLS = [list_vans, list_routes, start_route]
# what the transport clerk was handed: text enough that trying every unaligned value is not an option
FIXTURES = {
    "depot": {"name": "Tamar Linen Services, Estover", "address": "Estover Close, Plymouth", "today": "Tuesday"},
    "drivers": [{"name": "Ray Trelawny", "phone": "07700 900123"}, {"name": "Kit Penrose", "phone": "07700 900456"}],
    "notes": ["Hotel wants an early drop", "Care home gate code changed", "Spa closed for refurbishment",
              "Two roll cages short at the plant", "Ring the night porter at the Creek"],
}


def test_the_listed_vans_registration_is_a_van() -> None:
    library, report = induce_serially(TOOLS, Depot, FIXTURES)
    assert "start_route" not in report.never_succeeded, report.summary()
    assert ("list_vans", "start_route") in {(r.provider, r.consumer) for r in library.relations}


def _value(provider: str, export: str, path: str, value: str) -> Value:
    return Value(provider, export, path, value, f"{provider}\x00{export}\x00{canonical_json(value)}")


def test_only_the_key_cell_of_a_listing_of_the_inputs_kind_aligns() -> None:
    runtime = PythonRuntime(TOOLS, Depot)
    ctx = SimpleNamespace(config=SimpleNamespace(tau=0.5, bindings_per_input=4), binding_sims={}, catalog=runtime.catalog)
    binder = bindings.Binder(ctx, LexicalFieldEncoder().similarity)
    key = _value("list_vans", "registration", "$.output[*][0]", "WK29 TLS")
    state = _value("list_vans", "state", "$.output[*][2]", "available")  # a cell past the key
    route = _value("list_routes", "route_id", "$.output[*][0]", "R-TUE-1")  # the key of another kind
    spec = runtime.catalog.get("start_route")
    assert binder.candidates_for(spec, "van", [state, route, key], aligned_only=True) == [key]
    monkey = bindings.Binder(ctx, LexicalFieldEncoder().similarity)
    monkey._listed["list_vans"] = None  # the listing names nothing: no cell aligns with ``van``
    assert monkey.candidates_for(spec, "van", [state, route, key], aligned_only=True) == []
