"""The pre-registered decision rule of scripts/choose_defaults.py, on hand-made per-set results."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "choose_defaults.py"


@pytest.fixture(scope="module")
def script():
    spec = importlib.util.spec_from_file_location("choose_defaults", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)  # type: ignore[union-attr]
    return module


def _label(row) -> str:
    return row.method if row.setting == "default" else f"{row.method} [{row.setting}]"


def _results(script, overrides: dict[str, dict[str, float]], *, relations: int = 5) -> dict:
    """Two sets where every row scores R 0.5 / complete 0.2, bases 0.4 / 0.1, except ``overrides`` (both sets)."""
    rows = {}
    for row in script.rows():
        label = _label(row)
        base = row.method in ("bm25", "qts", "hybrid")
        rows[label] = {"recall": 0.4 if base else 0.5, "complete": 0.1 if base else 0.2, "ndcg": 0.3, "precision": 0.1}
    for label, values in overrides.items():
        rows[label] = {**rows[label], **values}
    return {name: {"k": 10, "tasks": 3, "relations": relations, "notes": [], "rows": {k: dict(v) for k, v in rows.items()}}
            for name in ("a", "b")}


def test_the_highest_mean_recall_among_admissible_candidates_wins(script):
    results = _results(script, {"libra [auto/confidence/bundle]": {"recall": 0.7}})
    ranked, winner = script.decide(results)
    assert winner["row"] == "libra [auto/confidence/bundle]" and winner["failed"] == []
    assert ranked[1]["recall"] == pytest.approx(0.5)


def test_a_candidate_below_the_best_single_base_loses_to_an_admissible_one(script):
    # the best mean recall, but below BM25's complete@K on both sets: not admissible
    results = _results(script, {"libra [fair-auto/combsum/paper]": {"recall": 0.9, "complete": 0.05}})
    ranked, winner = script.decide(results)
    assert winner["row"] != "libra [fair-auto/combsum/paper]"
    loser = next(c for c in ranked if c["row"] == "libra [fair-auto/combsum/paper]")
    assert any("complete" in f and "best base" in f for f in loser["failed"])


def test_without_an_admissible_candidate_the_best_mean_of_recall_and_complete_wins(script):
    # BM25 beats every candidate on both sets, so none is admissible; one candidate fails only recall
    # (2 checks) by a lot; another fails both metrics (4 checks) by a hair and is the best on average
    results = _results(script, {"bm25": {"recall": 0.95, "complete": 0.9},
                                "libra [lines/combsum/after-consumer]": {"recall": 0.45, "complete": 0.95},
                                "libra [fair-auto/confidence/bundle]": {"recall": 0.94, "complete": 0.89}})
    ranked, winner = script.decide(results)
    assert winner["row"] == "libra [fair-auto/confidence/bundle]" and len(winner["failed"]) == 4
    fewer = next(c for c in ranked if c["row"] == "libra [lines/combsum/after-consumer]")
    assert len(fewer["failed"]) == 2 and ranked.index(fewer) == 1


def test_an_admissible_candidate_beats_a_better_average_that_fails_a_check(script):
    results = _results(script, {"libra [auto/confidence/bundle]": {"recall": 0.6},
                                "libra [auto/combsum/bundle]": {"recall": 0.99, "complete": 0.99}})
    results["a"]["rows"]["libra [auto/combsum/bundle]"]["complete"] = 0.05  # below BM25 on one set
    _ranked, winner = script.decide(results)
    assert winner["row"] == "libra [auto/confidence/bundle]" and winner["failed"] == []


def test_libra_must_beat_its_own_base_where_the_library_holds_relations(script):
    equal = {"hybrid [auto/confidence]": {"recall": 0.5}}
    assert any("not above its base" in f for f in script.checks(_results(script, equal),
                                                                   "libra [auto/confidence/bundle]", "hybrid [auto/confidence]"))
    # a set whose library holds no relations: LIBRA is its base, and that is not a failure
    assert script.checks(_results(script, equal, relations=0), "libra [auto/confidence/bundle]", "hybrid [auto/confidence]") == []


def test_the_packaged_default_is_a_candidate_of_the_grid(script):
    assert script.current_default_label() == "libra [windows/confidence/bundle]"
