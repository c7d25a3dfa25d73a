"""Provenance from refusals: a value a refused call got further with than a control is a provided value.

A consumer may never succeed (it also needs a status, a role, a second record) and still show which
values it takes: refused for the record's state with a tool's value (``TB-5512 is held; tickets go
once it is paid``) and as unknown with a control in its place (``no tour booking TB-5513``). The value
passed the lookup the control failed, so its producer is a provider, as when the call succeeds
(:meth:`.counterfactual.CounterfactualTests.provenance_tests`). Such relations carry
``refused_further`` in their evidence.
"""

from __future__ import annotations

import re
from typing import Any, Mapping

from llama_index_libra.catalog import ToolSpec
from llama_index_libra.induction.causes import cause_of
from llama_index_libra.induction.control_values import make_controls
from llama_index_libra.induction.counterfactual import CounterfactualTests, free_text
from llama_index_libra.induction.gates import says_unknown
from llama_index_libra.induction.hints import refusal_text
from llama_index_libra.induction.repairs import refuses_the_person
from llama_index_libra.induction.values import Value, ValuePool, provider_value
from llama_index_libra.library import Relation
from llama_index_libra.records import InvocationRecord

__all__ = ["further_tests"]


def further_tests(tests: CounterfactualTests, node: Any, spec: ToolSpec, template: Any, args: dict[str, Any],
                  binding: Mapping[str, Value], record: InvocationRecord, pool: ValuePool, done: set) -> None:
    """Provenance from a refused call that got further with a tool's value than with a control.

    A consumer may never succeed (it also needs a status, a role, a second record) and still show
    that it takes a value: refused for the record's state with the value (``TB-5512 is held;
    tickets go once it is paid``) and as unknown with a control in its place (``no tour booking
    TB-5513``). The value passed the check the control failed, so its producer is a provider,
    exactly as when the call succeeds. Once per (consumer, input, provider, export) in this explorer (``done``),
    never for a refusal of who acts, of a layout or of an unknown value, nor for free text; the
    control must be refused as an unknown record, and the call by another rule."""
    message = record.message or ""
    cause = cause_of(message)
    if not message or record.fault or cause not in ("state", None) or refuses_the_person(message):
        return
    calls = tests.calls
    props = tests.binder.props(spec)
    known = set(pool.index)
    proven = (tests.knowledge.get("proven") or frozenset(), tests.knowledge.get("proven_further") or frozenset())
    for name, value in binding.items():
        if isinstance(value.value, (dict, list, bool)) or free_text(value.value) or pool.handed(value):
            continue  # (free text, a name or a message body, is taken as it is: it passes no lookup)
        producers = [p for p in pool.producers(value, spec.name) if not any((spec.name, p.provider, name, p.export) in k for k in proven)
                     and (spec.name, name, p.provider, p.export) not in done]
        if not producers:
            continue
        done.update((spec.name, name, p.provider, p.export) for p in producers)
        literals = [t.arguments[name].value for t in tests.contracts[spec.name].templates
                    if name in t.arguments and t.arguments[name].kind == "literal"]
        controls = make_controls(value.value, props.get(name, {}), literals, known, limit=1)
        if not controls:
            continue
        control_args = {**args, name: controls[0]}
        control_record, _ = calls.run(node, spec.name, control_args, "control")
        said = control_record.message or ""
        if calls.classify(spec.name, control_record) != "failure" or control_record.fault or not said:
            continue
        if not says_unknown(said, controls[0]):
            continue  # the control was not refused as an unknown record
        if _masked(message, value.value) == _masked(said, controls[0]) or says_unknown(message, value.value):
            continue  # the same refusal either way, or the value unknown too: it passed nothing
        for p in producers:
            evidence = {
                "state": list(node.path),
                "provider_value": provider_value(p),
                "call": calls.call_json(spec.name, args),
                "record": calls.trim(record),
                "control": {"value": controls[0], "call": calls.call_json(spec.name, control_args), "record": calls.trim(control_record)},
                "refused_further": True,
            }
            tests.admit(Relation(p.provider, spec.name, "provenance", p.export, name,
                                round(tests.binder.sim(p.export, name), 6), evidence))


def _masked(message: str, value: Any) -> str:
    """A refusal's words with the tested value (and any figures) masked: its rule, not its record."""
    text = refusal_text(message)
    if isinstance(value, (str, int, float)) and len(str(value)) >= 2:
        text = text.replace(str(value), "\x00")
    return re.sub(r"\d+", "#", text).strip().lower()
