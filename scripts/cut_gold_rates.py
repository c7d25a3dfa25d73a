"""How often a prerequisite the cut brought in is a gold tool, per task set, and what that means for the order
of the cut.

The prerequisite rule (``bundle``) decides which tools are in the cut; ``cut_order`` decides their order, so
it moves NDCG only. Placing a brought-in provider right after its consumer pays when it is usually gold, and
costs when it is not. This script measures, per set of a suite manifest: the share of brought-in providers
that are gold (overall, and when their consumer is gold), the share of the other tools of the cut, and
NDCG@K of the default cut in ``placement`` order, in ``score`` order and in the best order of the same tools
(every gold tool first: the ceiling of any reordering).

    python scripts/cut_gold_rates.py [--manifest M] [--sets a,b] [--library-dir DIR] [--json F]

``--library-dir`` reuses libraries built elsewhere (``DIR/<catalog>.library.json``, as
``scripts/bench_catalogs.py --keep-libraries`` writes them; a catalog without one there is skipped); otherwise each
catalog's cached default induction (built where missing).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")


def measure_set(benchmark, library, k: int) -> dict:
    """Gold rates and NDCG of the orders for one benchmark with one library (default settings)."""
    from llama_index_libra.evaluation.metrics import ndcg_at_k as ndcg
    from llama_index_libra.retrieval.ranker import ToolRanker
    from llama_index_libra.retrieval.settings import RetrievalSettings

    ranker = ToolRanker(benchmark.catalog, method="libra", library=library, settings=RetrievalSettings(), show_progress=False)
    scored = ToolRanker(benchmark.catalog, method="libra", library=library, show_progress=False,
                        settings=RetrievalSettings(cut_order="score"))
    base = ranker.base_scores_many([t.query for t in benchmark.tasks], show_progress=False)
    counts = {"brought": 0, "brought_gold": 0, "consumer_gold": 0, "consumer_gold_brought_gold": 0, "other": 0, "other_gold": 0}
    orders = {"placement": 0.0, "score": 0.0, "best": 0.0}
    for i, task in enumerate(benchmark.tasks):
        gold = set(task.gold)
        cut = ranker.rank_from_base(base[i], k)
        names = [r.name for r in cut]
        for r in cut:
            consumer = next((p.consumer for p in r.promotions if p.selected_by == "after-consumer"), None)
            hit = r.name in gold
            if consumer is None:
                counts["other"] += 1
                counts["other_gold"] += hit
                continue
            counts["brought"] += 1
            counts["brought_gold"] += hit
            if consumer in gold:
                counts["consumer_gold"] += 1
                counts["consumer_gold_brought_gold"] += hit
        orders["placement"] += ndcg(names, gold, k)
        orders["score"] += ndcg([r.name for r in scored.rank_from_base(base[i], k)], gold, k)
        orders["best"] += ndcg(sorted(names, key=lambda n: n not in gold), gold, k)
    n = max(1, len(benchmark.tasks))
    return {"tasks": len(benchmark.tasks), **counts, **{f"ndcg_{o}": 100 * v / n for o, v in orders.items()}}


def _merge(parts: list[dict]) -> dict:
    out = {key: sum(p[key] for p in parts) for key in parts[0] if not key.startswith("ndcg_")}
    for key in (k for k in parts[0] if k.startswith("ndcg_")):
        out[key] = sum(p[key] * p["tasks"] for p in parts) / max(1, out["tasks"])
    return out


def _share(a: int, b: int) -> str:
    return f"{a}/{b} = {a / b:.2f}" if b else "-"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--manifest", default=None, help="suite manifest (default examples/tasksets/suite.toml)")
    parser.add_argument("--sets", default=None, help="only these sets (comma-separated names)")
    parser.add_argument("--library-dir", default=None, help="DIR/<catalog>.library.json instead of the cached builds")
    parser.add_argument("--json", default=None, help="write the per-set figures here")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from llama_index_libra._io import atomic_write_text
    from llama_index_libra.evaluation.manifest import load_manifest
    from llama_index_libra.evaluation.suite import default_manifest_path, load_set
    from llama_index_libra.library import ToolLibrary

    manifest = load_manifest(args.manifest or default_manifest_path())
    if args.sets:
        manifest = manifest.select([s.strip() for s in args.sets.split(",") if s.strip()])
    rows = {}
    for task_set in manifest.sets:
        parts = []
        for part in load_set(manifest, task_set):
            catalog = part.benchmark.name.split(":")[-1]
            if args.library_dir:  # only the catalogs whose library is there
                mine = Path(args.library_dir) / f"{catalog}.library.json"
                if not mine.is_file():
                    print(f"{task_set.name}: no {mine.name} in {args.library_dir}, skipped", file=sys.stderr)
                    continue
                library = ToolLibrary.load(mine, catalog=part.benchmark.catalog)
            else:
                library = part.library()
            if library is None:
                continue
            parts.append(measure_set(part.benchmark, library, task_set.k or part.benchmark.k))
        if parts:
            rows[task_set.name] = _merge(parts)
    print(f"{'set':34} {'brought-in gold':>20} {'... consumer gold':>20} {'other gold':>20}  NDCG placement / score / best")
    for name, r in rows.items():
        print(f"{name:34} {_share(r['brought_gold'], r['brought']):>20} "
              f"{_share(r['consumer_gold_brought_gold'], r['consumer_gold']):>20} {_share(r['other_gold'], r['other']):>20}  "
              f"{r['ndcg_placement']:.1f} / {r['ndcg_score']:.1f} / {r['ndcg_best']:.1f}")
    if args.json:
        atomic_write_text(args.json, json.dumps(rows, indent=1) + "\n")  # (never a half-written file)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
