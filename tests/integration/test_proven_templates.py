"""Unaligned fields only for a template that has not succeeded (:meth:`.StateSchedule.proven`): once a
template succeeded (at an earlier level, or in the same explore chunk), a state where its bindings are
refused does not offer it the values of every field that does not align with its inputs. Those tries
made no success in the development catalogs (thousands of runs each), ranking the fields cost more than
the runs, and the runs took the slots (``uses_new``) and the successes quota other bindings needed."""

from __future__ import annotations

import pytest
from tests.support.builds import induce_serially, relation_triples, with_and_without
from tests.support.clinic import FIXTURES, TOOLS, ClinicState

from llama_index_libra.induction import fallbacks, state_schedule


def _recording(calls: list[bool]):
    inner, proven = fallbacks.other_fields, state_schedule.StateSchedule.proven

    def other_fields(s, spec, template, *args, **kwargs):
        calls.append(proven(s, spec, template))
        return inner(s, spec, template, *args, **kwargs)

    return other_fields


def test_a_proven_template_takes_no_unaligned_fields_and_the_relations_stay(monkeypatch) -> None:
    calls: list[bool] = []  # per offer of unaligned fields: whether its template had succeeded
    for module in (fallbacks, state_schedule):
        monkeypatch.setattr(module, "other_fields", _recording(calls))

    def build():
        calls.clear()
        library, report = induce_serially(TOOLS, ClinicState, FIXTURES)
        return relation_triples(library), report, list(calls)

    (gated, report, gated_calls), (ungated, ungated_report, ungated_calls) = with_and_without(
        build, (state_schedule.StateSchedule, "proven", lambda self, spec, template: False))
    assert gated_calls and not any(gated_calls)  # offered, and only to templates that had not succeeded
    assert any(ungated_calls)  # (the recorder asks the real predicate: without the gate, proven ones too)
    assert gated == ungated
    assert report.tools_succeeded == ungated_report.tools_succeeded
