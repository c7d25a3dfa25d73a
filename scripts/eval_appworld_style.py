"""Retrieval on the 20 AppWorld-style tasks (examples/appworld_tasks.jsonl, NOT the paper's tasks) over
the AppWorld catalog, with a library induced per app on synthetic worlds and merged.

    python scripts/eval_appworld_style.py --parts DIR [--apps phone,venmo,...]

DIR holds the per-app parts written by ``libra appworld induce --out DIR`` (missing parts are induced).
"""

from __future__ import annotations

import argparse
from pathlib import Path

from llama_index_libra.benchmarks.appworld.build import induce_apps
from llama_index_libra.benchmarks.appworld.catalog import load_appworld_catalog
from llama_index_libra.benchmarks.appworld.tasks import load_task_file
from llama_index_libra.evaluation.runner import evaluate, format_table
from llama_index_libra.induction.engine import InductionConfig

TASKS = Path(__file__).resolve().parent.parent / "examples" / "appworld_tasks.jsonl"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--parts", required=True)
    parser.add_argument("--apps", default="phone,venmo,simple_note,todoist,gmail,splitwise,file_system,spotify,amazon")
    parser.add_argument("--max-states", type=int, default=4)
    parser.add_argument("--max-value-states", type=int, default=8)
    args = parser.parse_args()
    catalog = load_appworld_catalog()
    library, _ = induce_apps(args.apps.split(","), out_dir=args.parts, catalog=catalog, executor="serial",
                             config=InductionConfig(max_states=args.max_states, max_value_states=args.max_value_states),
                             runtime_options={"size": 1})
    bench = load_task_file(TASKS, catalog)
    print(f"{len(bench.tasks)} AppWorld-style tasks written for this package (not the paper's); "
          f"{len(catalog)} APIs; library: {len(library.relations)} relations over apps {args.apps}")
    report = evaluate(bench, ["bm25", "qts", "hybrid", "libra"], library=library, show_progress=False, paper_row=True)
    print(format_table(report))


if __name__ == "__main__":
    main()
