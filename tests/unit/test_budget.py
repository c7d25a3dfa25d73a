"""--budget SECONDS|RUNS: parsing, and a capped build that still writes a valid library and says what it cut."""

import json
import sys

import pytest
from hypothesis import given, strategies as st

from llama_index_libra.induction import InductionConfig, induce
from llama_index_libra.induction.budget import EXPLORE_SHARE, Budget, Phase, is_refused, parse_budget, phase, refusal, rounds
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
    from llama_index_libra.induction import explorer, state_schedule
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

    monkeypatch.setattr(state_schedule, "spent", spent)
    monkeypatch.setattr(Binder, "bindings", counting)
    monkeypatch.setattr(explorer.Explorer, "explore_node", exploring_node)
    _build(InductionConfig(budget_s=3600))
    assert len(set(bound)) == 1, bound  # the first tool of the fresh state, then nothing


@given(st.one_of(st.none(), st.floats(0, 1e4)), st.one_of(st.none(), st.integers(0, 10**6)), st.integers(0, 10**6),
       st.floats(0.01, 1.0), st.floats(0, 1e4))
def test_a_phase_takes_its_share_of_what_is_left(deadline, runs_limit, runs_done, share, now):
    got = phase(deadline, runs_limit, runs_done, share, now=now)
    if deadline is None:
        assert got.deadline is None
    else:
        assert min(now, deadline) <= got.deadline <= max(now, deadline)  # never past the build's own
        if share == 1.0:
            assert got.deadline == max(now, deadline) or deadline <= now
    if runs_limit is None:
        assert got.runs_until is None
    else:
        left = max(0, runs_limit - runs_done)
        assert runs_done <= got.runs_until <= runs_done + left
    assert phase(None, None, runs_done, share, now=now) == Phase()


@pytest.mark.parametrize("share", [0.0, -0.5, 1.5])
def test_a_phase_share_out_of_range_is_an_error(share):
    with pytest.raises(ValueError, match="share"):
        phase(10.0, None, 0, share, now=0.0)


@given(st.lists(st.lists(st.integers(), max_size=40), max_size=8))
def test_rounds_begin_every_job_and_keep_each_in_order(jobs):
    out = rounds(jobs)
    assert all(part and all(piece for piece in part) for part in out)  # no empty round, no empty slice
    if any(jobs):
        assert [p[0] for p in out[0]] == [j[0] for j in jobs if j]  # the first round begins every job
    # each job is its slices, in order (every job's items are tagged so the slices can be told apart)
    tagged = [[(i, x) for x in j] for i, j in enumerate(jobs)]
    again: dict[int, list] = {}
    for part in rounds(tagged):
        for piece in part:
            again.setdefault(piece[0][0], []).extend(piece)
    assert [again.get(i, []) for i in range(len(jobs))] == tagged
    assert len(out) <= 2 + max((len(j) for j in jobs), default=0).bit_length()


def test_a_capped_build_leaves_the_state_tests_their_share():
    """Exploration may spend only its share of a run budget, so the state tests still run and
    relate; before the phases, exploration spent the budget and the state tests got a tenth of it."""
    _, full = _build(InductionConfig())
    budget = full.runs // 2
    lib, report = _build(InductionConfig(budget_runs=budget))
    explored = sum(n for purpose, n in report.runs_by_purpose.items() if purpose not in {"state", "replay"})
    assert explored <= int(EXPLORE_SHARE * budget) + report.states_explored  # an even share per state, at least one
    assert report.runs_by_purpose.get("state", 0) >= budget // 4
    assert any(r.kind == "state" for r in lib.relations)
    assert report.runs <= budget


def test_a_budget_never_reached_finds_what_the_uncapped_build_finds():
    """A capped build runs its state tests in rounds (every provider's first transition first); with
    a budget it never reaches, the rounds find the same relations with the same runs."""
    full_lib, full = _build(InductionConfig())
    lib, report = _build(InductionConfig(budget_runs=full.runs * 10))
    assert not report.budget_cut and report.runs_cut_budget == 0
    assert sorted(r.key for r in lib.relations) == sorted(r.key for r in full_lib.relations)
    assert report.runs == full.runs


def test_a_run_budget_gives_the_same_library_in_a_process_pool(tmp_path):
    """A run budget is shared out per chunk; which chunk lands on which worker varies from build to
    build, so nothing a worker kept from an earlier chunk (its runs) may change what a chunk runs."""
    _, full = _build(InductionConfig())
    config = InductionConfig(budget_runs=full.runs // 2)
    builds = [induce(smart_home.build_runtime(), field_encoder="lexical", executor="process", workers=2, config=config)
              for _ in range(3)]
    assert all(report.runs_by_purpose.get("state", 0) > 0 for _, report in builds)
    for i, (lib, _) in enumerate(builds):
        lib.save(tmp_path / f"{i}.json")
    first = (tmp_path / "0.json").read_bytes()
    assert all((tmp_path / f"{i}.json").read_bytes() == first for i in (1, 2))
    assert len({report.runs for _, report in builds}) == 1
