"""State tests a few per context of the write (induction/write_contexts.py), end to end: on the
contact-centre desk (tests/support/caller_desk.py: four handed people sign in by e-mail and mailed
code, only the last may approve a refund) and the clinic, the cut keeps every relation an untruncated
build finds and runs fewer tools."""

from __future__ import annotations

import pytest

import llama_index_libra.induction.scheduling as scheduling
from tests.support import caller_desk, clinic
from tests.support.builds import induce_serially


@pytest.mark.parametrize("module,state", [(caller_desk, caller_desk.DeskState), (clinic, clinic.ClinicState)],
                         ids=["caller_desk", "clinic"])
def test_the_context_cut_keeps_every_relation(module, state, monkeypatch) -> None:
    cut_lib, cut_report = induce_serially(module.TOOLS, state, module.FIXTURES)
    monkeypatch.setattr(scheduling, "STATE_TESTS_PER_CONTEXT", 10**9)
    full_lib, full_report = induce_serially(module.TOOLS, state, module.FIXTURES)
    key = lambda lib: sorted((r.provider, r.consumer, r.kind, r.consumer_field or "") for r in lib.relations)
    assert key(cut_lib) == key(full_lib)
    assert cut_report.state_tests_cut > full_report.state_tests_cut
    assert cut_report.runs < full_report.runs
