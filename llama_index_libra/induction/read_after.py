"""A source read after its consumer: credit for a value a lookup showed later in the same state.

A state's tools run in catalog order, so a consumer may succeed on a value before the lookup that
a user would reach it by has run: ``place_bet`` takes customer ``CU-40211`` from a list of bets
(a record of another kind, the only source yet), and only afterwards ``find_customer`` finds that
customer by postcode. The provenance test already proved that the consumer needs that value (every
control failed); which tool ran first in the state does not change who produced it. So the test
leaves its verdict on the state's pool (:func:`note_need`), and a read-only success of the same
state that produces the value later, on terms the test would have credited (a produced value, not
a relay of the path's, nor a fixture's), is credited with the same evidence (:func:`credit_later`).
It costs no run. Which of the providers the library keeps is :mod:`.selection`'s choice.
"""

from __future__ import annotations

from typing import Any, Callable, Iterable

from llama_index_libra.induction.values import Value, ValuePool, provider_value, relayed, value_json
from llama_index_libra.library import Relation

__all__ = ["note_need", "credit_later"]


def note_need(pool: ValuePool, value: Value, consumer: str, name: str,
              evidence: Callable[[dict[str, Any]], dict[str, Any]]) -> None:
    """Remember that ``consumer``'s input ``name`` was proven to need ``value`` in this state (a
    provenance verdict: every control failed); ``evidence(provider_value)`` makes the test's evidence
    for a source when a credit needs it."""
    needs = pool.needs.setdefault(value_json(value), [])
    if not any(c == consumer and n == name for c, n, _ in needs):
        needs.append((consumer, name, evidence))


def credit_later(tests: Any, node: Any, pool: ValuePool, values: Iterable[Value]) -> None:
    """Credit the producers among ``values`` (a read-only success's, before they join ``pool``) of a
    value a consumer of this state was proven to need before they ran (:func:`note_need`)."""
    if not pool.needs:
        return
    found = [(v, need) for v in values if v.credit and not v.side and v.key not in pool.keys
             for need in pool.needs.get(value_json(v), ()) if v.provider != need[0]]
    if not found:
        return
    initial_keys = {v.key for v in node.pool} if node.path else set()
    proven = tests.knowledge.get("proven") or ()
    for v, (consumer, name, evidence) in found:
        if (consumer, v.provider, name, v.export) in proven or relayed(node.path, v, initial_keys):
            continue
        similarity = round(tests.binder.sim(v.export, name), 6)
        tests.admit(Relation(v.provider, consumer, "provenance", v.export, name, similarity,
                             {**evidence(provider_value(v)), "read_after": True}))
