"""The held-out scoring script's table (``scripts/score_heldout.py``): pooled figures, medians, and a flag
when the repeated builds of a catalog disagree (the builds are deterministic, so that is a finding)."""

from __future__ import annotations

import importlib.util

from tests.support.paths import REPO

SCRIPT = REPO / "scripts" / "score_heldout.py"


def _module():
    spec = importlib.util.spec_from_file_location("score_heldout", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _row(found: int, total: int, correct: int, pairs: int, runs: int, s: float) -> dict:
    return {"found": found, "prerequisites": total, "correct_pairs": correct, "pairs": pairs, "runs": runs, "induce_s": s}


def test_the_table_pools_the_catalogs_and_takes_the_median_build() -> None:
    table = _module().summary(
        {"alpha": [_row(60, 87, 70, 71, 89181, t) for t in (39.6, 43.1, 41.2)],
         "beta": [_row(79, 87, 91, 93, 107468, t) for t in (57.9, 50.1, 55.5)]},
        {"alpha": _row(60, 87, 70, 71, 87338, 47.9)})
    lines = table.splitlines()
    assert "| alpha | 60/87 = 0.69 | 70/71 = 0.99 | 89,181 | 41.2 (39.6, 43.1, 41.2) | 60/87, 70/71, 87,338 runs, 47.9 s |" in lines
    assert "| beta | 79/87 = 0.91 | 91/93 = 0.98 | 107,468 | 55.5 (57.9, 50.1, 55.5) | - |" in lines
    assert lines[-1] == "| pooled | 139/174 = 0.80 | 161/164 = 0.98 | | | |"
    assert "DIFFER" not in table


def test_builds_that_disagree_are_flagged() -> None:
    table = _module().summary({"alpha": [_row(60, 87, 70, 71, 89181, 40.0), _row(61, 87, 70, 71, 89190, 41.0)]}, {})
    assert "DIFFER" in table


def test_the_catalogs_of_a_set_are_its_folders_with_one_tools_module() -> None:
    names = [p.name for p in _module().catalogs_of(REPO / "examples" / "catalogs" / "heldout48")]
    assert names == ["dewclaw", "margent", "tilth"]
