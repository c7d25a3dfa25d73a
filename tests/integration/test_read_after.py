"""A customer lookup by surname, in a service whose every reply carries the same success envelope.

Every call answers ``{"status": {"code": "OK", "text": "Done."}, ...}``. A search that matched nobody
still carries the envelope, and so once showed "something" (the envelope's text), which stopped the
fallbacks that try the words of the handed notes ("Mr Pask wants ..."). And a consumer earlier in
the catalog (``set_limit``) succeeded on a customer id taken from a list of bookings before the
lookup ran in that state, so the lookup that a user would reach the customer by was never credited.
"""

from __future__ import annotations

from llama_index_libra.induction import induce
from llama_index_libra.induction.read_after import credit_later, note_need
from llama_index_libra._io import canonical_json
from llama_index_libra.induction.values import Value, ValuePool, showed_anything, value_json
from llama_index_libra.records import InvocationRecord
from llama_index_libra.runtime.python import PythonRuntime


class Shop:
    def __init__(self) -> None:
        self.sessions: set[str] = set()
        self.customers = {"CU-401": {"name": "Mr Tobias Pask", "postcode": "HV1 2AB", "limit": None},
                          "CU-402": {"name": "Ms Yvaine Thackeray", "postcode": "HV5 9BR", "limit": None}}
        self.bookings = [{"booking": "BK-7", "customer": "CU-401", "what": "a table for two"}]


def _ok(**body) -> dict:
    return {"status": {"code": "OK", "text": "Done."}, **body}


def _session(state: Shop, token: str) -> None:
    if token not in state.sessions:
        raise PermissionError("no session for this token; sign in first")


def sign_in(username: str, password: str, state: Shop) -> dict:
    """Sign in to the till."""
    if (username, password) != ("roisin", "Each-Way-4"):
        raise PermissionError("wrong user name or password")
    state.sessions.add("tok-1")
    return _ok(token="tok-1")


def bookings(token: str, state: Shop) -> dict:
    """Today's bookings, with the customer each is for."""
    _session(state, token)
    return _ok(bookings=[dict(b) for b in state.bookings])


def set_limit(token: str, customer_id: str, amount: int, state: Shop) -> dict:
    """Set a customer's weekly spending limit, in pounds."""
    _session(state, token)
    if customer_id not in state.customers:
        raise LookupError(f"no customer {customer_id!r}")
    state.customers[customer_id]["limit"] = amount
    return _ok(customer_id=customer_id, limit=amount)


def find_customer(token: str, text: str, state: Shop) -> dict:
    """Find customers by part of the name or the postcode."""
    _session(state, token)
    needle = text.strip().lower()
    found = [{"customer_id": k, "name": c["name"], "postcode": c["postcode"]} for k, c in state.customers.items()
             if needle and (needle in c["name"].lower() or needle == c["postcode"].lower())]
    return _ok(customers=found)


FIXTURES = {
    "staff": {"username": "roisin", "password": "Each-Way-4"},
    "notes": ["Mr Pask wants his weekly limit lowered to 50 pounds after a talk with the safer gambling team"],
}


def _pairs(library) -> set[tuple[str, str]]:
    return {(r.provider, r.consumer) for r in list(library.relations) + list(library.alternatives)}


def test_a_search_that_found_nobody_tries_the_words_of_the_notes_and_is_credited_after_its_consumer():
    runtime = PythonRuntime([sign_in, bookings, set_limit, find_customer], Shop, fixtures=FIXTURES)
    library, report = induce(runtime, field_encoder="lexical", executor="serial")
    assert "set_limit" not in report.never_succeeded
    # set_limit took Mr Pask's id from the bookings; the lookup by his surname ran after it in the
    # signed-in state and gave the same customer: it is credited with set_limit's own test
    found = [r for r in list(library.relations) + list(library.alternatives)
             if (r.provider, r.consumer) == ("find_customer", "set_limit")]
    assert found and all(r.kind == "provenance" and r.consumer_field == "customer_id" for r in found)
    late = [r for r in found if r.evidence.get("read_after")]
    assert any(r.evidence["call"]["arguments"]["customer_id"] == "CU-401" for r in late)
    # the credit's evidence is the test's own, in the order the test writes it, with the lookup's value
    assert all(list(r.evidence)[:2] == ["state", "provider_value"] for r in late)
    assert all(r.evidence["provider_value"]["tool"] == "find_customer" for r in late)


def _value(provider: str, path: str, value, credit: bool = True) -> Value:
    export = path.rsplit(".", 1)[-1]
    return Value(provider, export, path, value, f"{provider}\x00{export}\x00{canonical_json(value)}", credit,
                 record=f"call-{provider}|$.output")


def test_an_envelope_constant_that_another_tool_showed_at_the_same_place_shows_nothing():
    done = _value("sign_in", "$.output.status.text", "Done.")
    pool = ValuePool([done])
    record = InvocationRecord(tool="find_customer", status="success", arguments={}, output={}, state_changes=[])
    same_place = _value("find_customer", "$.output.status.text", "Done.")
    assert not showed_anything(record, [same_place], pool)
    assert showed_anything(record, [same_place])  # without the state's pool, as before
    # the same text elsewhere in the reply, or from the same tool before, is news
    assert showed_anything(record, [_value("find_customer", "$.output.customers[0].note", "Done.")], pool)
    again = ValuePool([_value("find_customer", "$.output.status.text", "Done.")])
    assert showed_anything(record, [same_place], again)
    # a state change always shows something
    changed = InvocationRecord(tool="x", status="success", arguments={}, output={}, state_changes=[{"path": "$.a"}])
    assert showed_anything(changed, [same_place], pool)


class _Binder:
    @staticmethod
    def sim(a: str, b: str) -> float:
        return 1.0 if a == b else 0.5


class _Tests:
    def __init__(self, proven=()):
        self.binder = _Binder()
        self.knowledge = {"proven": set(proven)}
        self.admitted = []

    def admit(self, relation) -> None:
        self.admitted.append(relation)


class _Node:
    def __init__(self, path=(), pool=()):
        self.path = list(path)
        self.pool = list(pool)


def test_a_later_producer_of_a_needed_value_is_credited_with_the_tests_evidence():
    listed = _value("bookings", "$.output.bookings[0].customer", "CU-401")
    pool = ValuePool([listed])

    def evidence(pv):  # as the test writes it (CounterfactualTests._evidence): the provider's value second
        return {"state": [], "provider_value": pv, "call": {"tool": "set_limit"}, "record": {},
                "control": {"value": "CU-999"}}

    note_need(pool, listed, "set_limit", "customer_id", evidence)
    note_need(pool, listed, "set_limit", "customer_id", evidence)  # once per consumer and input
    assert len(pool.needs[value_json(listed)]) == 1
    tests = _Tests()
    found = _value("find_customer", "$.output.customers[0].customer_id", "CU-401")
    other = _value("find_customer", "$.output.customers[1].customer_id", "CU-402")
    echo = _value("find_customer", "$.arguments.text", "CU-401", credit=False)
    credit_later(tests, _Node(), pool, [found, other, echo])
    assert [(r.provider, r.consumer, r.kind, r.provider_field, r.consumer_field) for r in tests.admitted] == [
        ("find_customer", "set_limit", "provenance", "customer_id", "customer_id")]
    ev = tests.admitted[0].evidence
    assert list(ev)[:2] == ["state", "provider_value"] and ev["read_after"] is True
    assert ev["provider_value"]["tool"] == "find_customer" and ev["control"] == {"value": "CU-999"}


def test_a_later_producer_is_not_credited_for_a_relay_its_own_need_or_a_proven_relation():
    listed = _value("bookings", "$.output.bookings[0].customer", "CU-401")
    pool = ValuePool([listed])
    note_need(pool, listed, "set_limit", "customer_id", lambda pv: {"state": [], "provider_value": pv})
    found = _value("find_customer", "$.output.customers[0].customer_id", "CU-401")
    # a call of the path took the value: the lookup only repeats it
    relay = _Tests()
    credit_later(relay, _Node(path=[{"tool": "set_limit", "arguments": {"customer_id": "CU-401"}}], pool=[listed]),
                 pool, [found])
    assert relay.admitted == []
    # proven at an earlier level already
    proven = _Tests(proven={("set_limit", "find_customer", "customer_id", "customer_id")})
    credit_later(proven, _Node(), pool, [found])
    assert proven.admitted == []
    # the consumer itself, and a value the pool holds already (the same key), credit nothing
    own = _Tests()
    credit_later(own, _Node(), pool, [_value("set_limit", "$.output.customer_id", "CU-401"), listed])
    assert own.admitted == []
    # nothing proven needed: nothing to credit
    empty = _Tests()
    credit_later(empty, _Node(), ValuePool([listed]), [found])
    assert empty.admitted == []
