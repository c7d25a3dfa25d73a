"""A state test does not run a call after a transition when the refusal before it was for a record or a
credential the transition neither made nor acted on (gates.untouched_refusal, engine 45).

The pool of a state carries ids and tokens that other branches created: in this state they are
unknown (``no household HH-2``) whatever the transition does, unless it made or acted on them. A
value the tester was handed is never such a value: a transition may bring that fact into the
service without naming it (``import_catalogue`` makes the handed item code ``APL-1`` known), and
that state relation must still be found.
"""

from __future__ import annotations

import pytest
from tests.support.builds import induce_serially, relation_triples, with_and_without

from llama_index_libra.catalog import ToolSpec
from llama_index_libra.induction import counterfactual
from llama_index_libra.induction.gates import untouched_refusal
from llama_index_libra.records import InvocationRecord

SPEC = ToolSpec(name="order_item", description="Order an item for a household.", parameters={
    "type": "object",
    "properties": {"token": {"type": "string"}, "household_id": {"type": "string"}, "item_code": {"type": "string"}},
    "required": ["token", "household_id", "item_code"],
})
CALL = {"token": "tok-1", "household_id": "HH-2", "item_code": "APL-1"}


def refused(message: str, fault: str | None = None) -> InvocationRecord:
    return InvocationRecord(tool="order_item", status="error", arguments=CALL, output=None, state_changes=[],
                            message=message, fault=fault)


def test_an_unknown_record_the_transition_did_not_touch_stays_refused() -> None:
    assert untouched_refusal(SPEC, CALL, refused("LookupError: household HH-2 not found"), "add_note", {'"HH-7"'})


def test_a_stale_session_stays_refused() -> None:
    assert untouched_refusal(SPEC, CALL, refused("PermissionError: no session for that token"), "add_note", set())


@pytest.mark.parametrize("message, provider, touched, handed", [
    ("LookupError: household HH-2 not found", "add_note", {'"HH-2"'}, set()),  # the transition acted on HH-2
    ("LookupError: unknown item code 'APL-1'", "import_catalogue", set(), {"item_code"}),  # a handed fact
    ("RuntimeError: HH-2 is closed and cannot order", "reopen", set(), set()),  # a state: any transition may change it
    ("PermissionError: Jo Baines (desk) may not do this", "grant_role", set(), set()),  # who acts
    ("PermissionError: invalid token; call sign_in first", "sign_in", set(), set()),  # it asks for the provider
    ("LookupError: not found", "add_note", set(), set()),  # it blames no input
])
def test_refusals_a_transition_may_lift_are_tested_after_it(message, provider, touched, handed) -> None:
    assert not untouched_refusal(SPEC, CALL, refused(message), provider, touched, handed)


def test_a_fault_is_no_refusal() -> None:
    assert not untouched_refusal(SPEC, CALL, refused("LookupError: household HH-2 not found", fault="crashed"), "add_note", set())


def test_a_list_input_is_touched_by_any_of_its_items() -> None:
    spec = ToolSpec(name="merge", description="Merge households.", parameters={
        "type": "object", "properties": {"households": {"type": "array", "items": {"type": "string"}}}})
    call = {"households": ["HH-2", "HH-3"]}
    record = InvocationRecord(tool="merge", status="error", arguments=call, output=None, state_changes=[],
                              message="LookupError: households HH-2, HH-3 not found")
    assert untouched_refusal(spec, call, record, "add_note", set())
    assert not untouched_refusal(spec, call, record, "add_note", {'"HH-3"'})


# ---------------------------------------------------------------------------- a build


class Pantry:
    def __init__(self) -> None:
        self.sessions: set[str] = set()
        self.households: dict[str, str] = {}
        self.items: set[str] = set()
        self.orders: list[tuple[str, str]] = []
        self.counter = 0


def _session(state: Pantry, token: str) -> None:
    if token not in state.sessions:
        raise PermissionError("no session for that token; sign in")


def sign_in(username: str, password: str, state: Pantry) -> dict:
    """Sign in to the pantry; returns the session token."""
    if (username, password) != ("ana", "Pantry-77"):
        raise PermissionError("wrong user name or password")
    state.counter += 1
    token = f"tok-{state.counter}"
    state.sessions.add(token)
    return {"token": token}


def import_catalogue(token: str, state: Pantry) -> str:
    """Load this week's stock list from the warehouse."""
    _session(state, token)
    state.items |= {"APL-1", "BRD-2", "EGG-3"}
    return "Imported 3 items"


def add_household(token: str, name: str, state: Pantry) -> dict:
    """Register a household; returns its id."""
    _session(state, token)
    state.counter += 1
    household_id = f"HH-{state.counter}"
    state.households[household_id] = name
    return {"household_id": household_id, "name": name}


def order_item(token: str, household_id: str, item_code: str, state: Pantry) -> dict:
    """Order an item of the stock list for a household."""
    _session(state, token)
    if household_id not in state.households:
        raise LookupError(f"household {household_id} not found")
    if item_code not in state.items:
        raise LookupError(f"unknown item code '{item_code}'")
    state.orders.append((household_id, item_code))
    return {"ordered": item_code, "household_id": household_id}


TOOLS = [sign_in, import_catalogue, add_household, order_item]
FIXTURES = {"staff": {"username": "ana", "password": "Pantry-77"}, "request": {"item_code": "APL-1"},
            "households": [{"name": "Ravi Patel"}, {"name": "Mia Stone"}, {"name": "Ola Berg"}]}


UNGATED = (counterfactual, "untouched_refusal", lambda *a, **k: False)


def _build():
    library, report = induce_serially(TOOLS, Pantry, FIXTURES)
    return relation_triples(library), report


@pytest.fixture(scope="module")
def builds():
    return with_and_without(_build, UNGATED)


def test_the_handed_fact_a_transition_brings_in_keeps_its_state_relation(builds) -> None:
    (pairs, _), _ = builds
    assert ("import_catalogue", "order_item", "state") in pairs, sorted(pairs)
    assert {("sign_in", "order_item"), ("add_household", "order_item")} <= {(p, c) for p, c, _ in pairs}, sorted(pairs)


def test_the_gate_drops_no_relation_here(builds) -> None:
    (gated, _), (ungated, ungated_report) = builds
    assert gated == ungated and ungated_report.state_runs_cut_untouched == 0


@pytest.mark.slow
def test_on_labflow_the_gate_cuts_runs_and_keeps_every_relation() -> None:
    """LabFlow's state tests bind ids and tokens other branches made (a run output's id in a ``token``
    input): refused before the transition, refused the same after it."""
    import sys

    from tests.support import paths

    sys.path.insert(0, str(paths.EXAMPLES / "catalogs"))
    from scoring import load_catalog

    cat = load_catalog("labflow")

    def build():
        library, report = induce_serially(cat.tools, cat.state, cat.fixtures)
        return relation_triples(library), report

    (gated, report), (ungated, ungated_report) = with_and_without(build, UNGATED)
    assert gated == ungated
    assert report.state_runs_cut_untouched > 100
    assert report.runs < ungated_report.runs
