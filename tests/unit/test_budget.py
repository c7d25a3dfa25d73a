"""--budget SECONDS|RUNS: parsing, and a capped build that still writes a valid library and says what it cut."""

import json
import sys

import pytest
from hypothesis import given, strategies as st

from llama_index_libra.induction import InductionConfig, induce
from llama_index_libra.induction.budget import Budget, is_refused, parse_budget, refusal
from llama_index_libra.library import ToolLibrary
from tests.support import paths

sys.path.insert(0, str(paths.EXAMPLES))
import smart_home  # noqa: E402


@pytest.mark.parametrize("text, seconds, runs", [
    ("60", 60.0, None), ("60s", 60.0, None), ("2.5 s", 2.5, None), ("2m", 120.0, None), ("5000runs", None, 5000),
    ("1 run", None, 1), (45, 45.0, None),
])
def test_parse_budget(text, seconds, runs):
    assert parse_budget(text) == Budget(seconds=seconds, runs=runs)


@pytest.mark.parametrize("text", ["", "fast", "-5", "0", "0runs", "1.5runs", "10 hours", "s"])
def test_bad_budget_is_a_specific_error(text):
    with pytest.raises(ValueError, match="budget"):
        parse_budget(text)


@given(st.text(max_size=12))
def test_parse_budget_total(text):
    """Any text is a positive budget or a ValueError, never anything else."""
    try:
        budget = parse_budget(text)
    except ValueError:
        return
    assert budget.limited and (budget.seconds or 0) >= 0 and (budget.runs or 1) >= 1


def test_refused_runs_prove_nothing():
    record = refusal("t", {"a": 1})
    assert is_refused(record) and record.status == "error"


def _build(config):
    return induce(smart_home.build_runtime(), field_encoder="lexical", executor="serial", config=config)


def test_run_budget_caps_the_build_and_reports_the_cut(tmp_path):
    full_lib, full = _build(InductionConfig())
    lib, report = _build(InductionConfig(budget_runs=full.runs // 4))
    assert report.runs < full.runs // 2  # the cap holds (a share per state, at least one run each)
    assert report.budget == f"{full.runs // 4} runs"
    assert report.budget_cut  # states, state tests or ablations it did not do
    assert "budget" in report.summary() and "not done" in report.summary()
    # a valid library of what was found, every relation also found by the full build's tests
    lib.save(tmp_path / "lib.json")
    again = ToolLibrary.load(tmp_path / "lib.json")
    assert {r.key for r in again.relations} <= {r.key for r in full_lib.relations} | {r.key for r in lib.relations}
    assert len(lib.relations) <= len(full_lib.relations)
    json.dumps(report.to_json())
    # a tool cut before it ever ran says so
    for info in report.never_succeeded.values():
        assert info["cause"] in {"budget", "not_run"} or info["runs"] > 0


def test_time_budget_spent_at_once_still_writes_a_library(tmp_path):
    lib, report = _build(InductionConfig(budget_s=1e-9))
    assert report.runs == 0 and report.budget_cut == {"states": 1}
    assert lib.relations == []
    lib.save(tmp_path / "lib.json")
    assert ToolLibrary.load(tmp_path / "lib.json").catalog.names == lib.catalog.names
    assert set(report.causes) == {"budget"} and "not done: states 1" in report.summary()


def test_no_budget_is_no_cut():
    _, report = _build(InductionConfig())
    assert report.budget == "none" and not report.budget_cut and report.runs_cut_budget == 0


def test_past_the_time_budget_a_worker_stops_binding(monkeypatch):
    """Once the deadline passes, the rest of a state's templates are not bound at all (every run would
    be refused; on a large value pool that binding alone had kept a spent build going for minutes).
    The clock is scripted: the deadline passes at the explorer's second look."""
    from llama_index_libra.induction import explorer
    from llama_index_libra.induction.bindings import Binder

    looks = {"n": 0}

    def spent(deadline):
        looks["n"] += 1
        return deadline is not None and looks["n"] > 1

    bound: list[str] = []
    exploring = {"now": False}
    original, explore_node = Binder.bindings, explorer.Explorer.explore_node

    def counting(self, spec, *args, **kwargs):
        if exploring["now"]:
            bound.append(spec.name)
        return original(self, spec, *args, **kwargs)

    def exploring_node(self, *args, **kwargs):
        # (the bindings of a state's own templates; a transition's state tests bind on their own)
        exploring["now"] = True
        try:
            return explore_node(self, *args, **kwargs)
        finally:
            exploring["now"] = False

    monkeypatch.setattr(explorer, "spent", spent)
    monkeypatch.setattr(Binder, "bindings", counting)
    monkeypatch.setattr(explorer.Explorer, "explore_node", exploring_node)
    _build(InductionConfig(budget_s=3600))
    assert len(set(bound)) == 1, bound  # the first tool of the fresh state, then nothing
