"""Choose the retrieval defaults on the whole suite, never on one set: a re-runnable decision.

Runs a fixed grid of candidates (query model x fusion x prerequisite placement) on every development
set of a suite manifest (held-out sets are never read), beside the single bases, and applies the rule
below, fixed before the first run:

1. A candidate is admissible when, on every set, its LIBRA row is at least the best single base
   (BM25, dense QTS, the previous default hybrid base, and its own hybrid base) in R@K and in
   complete@K, and, on every set whose library holds relations, strictly above its own base in R@K.
2. Admissible candidates come first; among them (or among all, when none is admissible) the one with
   the highest mean of R@K and complete@K over the sets wins (each set and each of the two metrics
   weighs the same, as in the checks); ties go to mean NDCG@K, then grid order (simplest first).

Revised once, after the 35-set run of ``examples/tasksets/wide.toml`` and before any look at held-out
set 7: the first rule ranked inadmissible candidates by the number of failed checks, then mean R@K.
With no admissible candidate among 30 that tier counted a 0.1-point miss like a 25-point one and
picked a candidate 5.6 points of mean R@K and 8.9 of complete@K below the packaged default (docs/results.md).

It prints one table per set, the decision, each dimension's evidence (the winner against each
alternative of one dimension, the others fixed: which sets drove it), and with ``--check`` exits 1
when the package's current defaults are not the winner. Libraries come from the suite (cached
default induction), so after an induction change re-running this script re-checks the decision.

    python scripts/choose_defaults.py [--manifest M] [--sets a,b] [--out .choose-defaults] [--resume] [--check] [--json F]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import sys
from pathlib import Path
from typing import Any, Sequence

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")

import numpy as np  # noqa: E402

from llama_index_libra.evaluation.manifest import load_manifest  # noqa: E402
from llama_index_libra.evaluation.runner import Row  # noqa: E402
from llama_index_libra.evaluation.suite import default_manifest_path, run_suite  # noqa: E402
from llama_index_libra.retrieval.settings import RetrievalSettings  # noqa: E402

# the grid, simplest first: (label, base-score options)
QUERY_MODELS = {
    "lines": dict(query_mode="segments", segmentation="lines", pooling="max"),  # the previous default
    "auto": dict(query_mode="fused", segmentation="auto", pooling="max"),
    "fair-lines": dict(query_mode="fused", segmentation="lines", pooling="fair"),
    "fair-auto": dict(query_mode="fused", segmentation="auto", pooling="fair"),
    "fair-sentences": dict(query_mode="fused", segmentation="sentences", pooling="fair"),
    "windows": dict(query_mode="fused", segmentation="windows", pooling="max"),  # added in the twenty-first round
}
FUSIONS = ("combsum", "confidence")
PLACEMENTS = ("paper", "after-consumer", "bundle")
PREVIOUS_BASE = "hybrid [lines/combsum]"
SINGLE_BASES = ("bm25", "qts", PREVIOUS_BASE)


def candidates() -> list[tuple[str, str, str, RetrievalSettings]]:
    """(label, query model, fusion, settings without placement) of every base in grid order."""
    out = []
    for q, options in QUERY_MODELS.items():
        for f in FUSIONS:
            out.append((f"{q}/{f}", q, f, RetrievalSettings(fusion=f, **options)))
    return out


def rows() -> list[Row]:
    from dataclasses import replace

    out = [Row("bm25"), Row("qts"), Row("libra", "paper", RetrievalSettings(recipe="paper"))]
    for label, _q, _f, settings in candidates():
        out.append(Row("hybrid", label, settings))
        for rule in PLACEMENTS:
            out.append(Row("libra", f"{label}/{rule}", replace(settings, prerequisite_rule=rule)))
    return out


def evaluate_sets(manifest: Any, out: Path, resume: bool) -> dict[str, dict[str, Any]]:
    """Per set: its K, relations and rows (label -> R, C, NDCG, P); one JSON file per set in ``out``."""
    out.mkdir(parents=True, exist_ok=True)
    grid = hashlib.sha256(json.dumps([[r.method, r.setting] for r in rows()]).encode()).hexdigest()[:12]
    results: dict[str, dict[str, Any]] = {}
    for task_set in manifest.sets:
        if task_set.held_out:
            continue
        path = out / f"{task_set.name}-{grid}.json"
        if resume and path.exists():
            results[task_set.name] = json.loads(path.read_text(encoding="utf-8"))
            continue
        report = run_suite(manifest.select([task_set.name]), rows(), show_progress=False)
        s = report.sets[0]
        data = {"k": s.report.k, "tasks": s.report.n_tasks, "relations": s.relations, "notes": s.notes,
                "rows": {r.label: {"recall": r.recall, "complete": r.complete, "ndcg": r.ndcg, "precision": r.precision}
                         for r in s.report.results}}
        path.write_text(json.dumps(data, indent=1), encoding="utf-8")
        results[task_set.name] = data
        print(f"evaluated {task_set.name}", file=sys.stderr, flush=True)
    return results


def checks(results: dict[str, dict[str, Any]], label: str, base: str) -> list[str]:
    """The failed admissibility checks of LIBRA row ``label`` whose own base is row ``base``."""
    failed = []
    for name, data in results.items():
        rows_ = data["rows"]
        me = rows_[label]
        for metric in ("recall", "complete"):
            best = max(rows_[b][metric] for b in (*SINGLE_BASES, base))
            if me[metric] < best - 1e-12:
                failed.append(f"{name}: {metric} {100 * me[metric]:.1f} < best base {100 * best:.1f}")
        if data["relations"] and me["recall"] <= rows_[base]["recall"] + 1e-12:
            failed.append(f"{name}: recall {100 * me['recall']:.1f} not above its base {100 * rows_[base]['recall']:.1f}")
    return failed


def decide(results: dict[str, dict[str, Any]]) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    table = []
    for i, (label, q, f, _s) in enumerate(candidates()):
        for j, rule in enumerate(PLACEMENTS):
            row = f"libra [{label}/{rule}]"
            failed = checks(results, row, f"hybrid [{label}]")
            mean = {m: float(np.mean([d["rows"][row][m] for d in results.values()])) for m in ("recall", "complete", "ndcg")}
            table.append({"row": row, "query_model": q, "fusion": f, "placement": rule, "failed": failed, **mean,
                          "order": (i, j)})
    def key(c: dict[str, Any]) -> tuple:
        return (len(c["failed"]) > 0, -(c["recall"] + c["complete"]) / 2, -c["ndcg"], c["order"])

    ranked = sorted(table, key=key)
    return ranked, ranked[0]


def per_set_table(results: dict[str, dict[str, Any]], labels: Sequence[str]) -> str:
    names = list(results)
    lines = [f"{'R@K / complete@K':<38}" + "".join(f"{n[:15]:>17}" for n in names)]
    lines.append(f"{'(K, tasks, relations)':<38}" + "".join(
        f"{'(' + str(d['k']) + ', ' + str(d['tasks']) + ', ' + str(d['relations'] if d['relations'] is not None else '-') + ')':>17}"
        for d in results.values()))
    for label in labels:
        cells = "".join(f"{100 * d['rows'][label]['recall']:>9.1f} /{100 * d['rows'][label]['complete']:>5.1f}" for d in results.values())
        lines.append(f"{label:<38}{cells}")
    return "\n".join(lines)


def evidence(results: dict[str, dict[str, Any]], winner: dict[str, Any]) -> list[str]:
    """Per dimension: the winner against each alternative (others fixed), mean and per-set R@K deltas."""
    out = []
    q, f, rule = winner["query_model"], winner["fusion"], winner["placement"]
    alternatives = [("query model", f"libra [{other}/{f}/{rule}]") for other in QUERY_MODELS if other != q]
    alternatives += [("fusion", f"libra [{q}/{other}/{rule}]") for other in FUSIONS if other != f]
    alternatives += [("placement", f"libra [{q}/{f}/{other}]") for other in PLACEMENTS if other != rule]
    for dimension, other in alternatives:
        deltas = {n: 100 * (d["rows"][winner["row"]]["recall"] - d["rows"][other]["recall"]) for n, d in results.items()}
        cdeltas = {n: 100 * (d["rows"][winner["row"]]["complete"] - d["rows"][other]["complete"]) for n, d in results.items()}
        drove = [n for n, v in deltas.items() if v >= 1.0]
        against = [n for n, v in deltas.items() if v <= -1.0]
        out.append(f"{dimension}: vs {other}: mean R {np.mean(list(deltas.values())):+.1f}, complete "
                   f"{np.mean(list(cdeltas.values())):+.1f}; for it (R >= +1): {', '.join(drove) or '-'}; "
                   f"against (R <= -1): {', '.join(f'{n} {deltas[n]:+.1f}' for n in against) or '-'}")
    return out


def current_default_label() -> str:
    """The grid label of the package's current defaults (recipe "default")."""
    from llama_index_libra.retrieval.base_scores import DEFAULT_BASE
    from llama_index_libra.retrieval.prerequisites import DEFAULT_RULE

    for label, _q, _f, s in candidates():
        if (s.query_mode, s.segmentation, s.pooling, s.fusion) == (DEFAULT_BASE.query_mode, DEFAULT_BASE.segmentation,
                                                                  DEFAULT_BASE.pooling, DEFAULT_BASE.fusion):
            if DEFAULT_BASE.bm25_share is None and DEFAULT_BASE.base == "hybrid":
                return f"libra [{label}/{DEFAULT_RULE}]"
    return "(not in the grid)"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--manifest", default=None, help="suite manifest (default: examples/tasksets/suite.toml)")
    parser.add_argument("--sets", default=None, help="only these sets (comma-separated; the decision then rests on them)")
    parser.add_argument("--out", default=".choose-defaults", help="folder of the per-set results")
    parser.add_argument("--resume", action="store_true", help="reuse per-set results already in --out")
    parser.add_argument("--check", action="store_true", help="exit 1 when the package's defaults are not the winner")
    parser.add_argument("--json", default=None, help="write the per-set results and the ranking here")
    args = parser.parse_args(argv)
    manifest = load_manifest(args.manifest or default_manifest_path())
    manifest = manifest.select([s for s in (args.sets or "").split(",") if s])
    results = evaluate_sets(manifest, Path(args.out), args.resume)
    ranked, winner = decide(results)
    labels = ["bm25", "qts", "libra [paper]", PREVIOUS_BASE, "libra [lines/combsum/paper]"]
    labels += [f"hybrid [{winner['query_model']}/{winner['fusion']}]"]
    labels += [c["row"] for c in ranked[:8] if c["row"] not in labels]
    print(per_set_table(results, list(dict.fromkeys(labels))))
    print("\ncandidates (best first): mean R / complete / NDCG over the sets, failed checks")
    for c in ranked:
        print(f"  {c['row']:<44} {100 * c['recall']:5.1f} {100 * c['complete']:5.1f} {100 * c['ndcg']:5.1f}  {len(c['failed'])}")
    print(f"\ndecision: {winner['row']} (query model {winner['query_model']}, fusion {winner['fusion']}, "
          f"placement {winner['placement']})")
    for line in winner["failed"]:
        print(f"  fails: {line}")
    print("\n".join(evidence(results, winner)))
    current = current_default_label()
    print(f"\nthe package's current default: {current}" + (" (the winner)" if current == winner["row"] else " (NOT the winner)"))
    if args.json:
        Path(args.json).write_text(json.dumps({"results": results, "ranking": ranked, "decision": winner["row"]}, indent=1) + "\n",
                                   encoding="utf-8")
    return 1 if args.check and current != winner["row"] else 0


if __name__ == "__main__":
    sys.exit(main())
