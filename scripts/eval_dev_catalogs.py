"""One-shot retrieval on development catalogs (plain Python tools + a tasks.jsonl), through the public API.

For each catalog: build the runtime the user would (``PythonRuntime(TOOLS, State, fixtures=FIXTURES)``),
induce a library with the default settings (cached beside ``--out``), load the tasks
(``{"query": ..., "gold": [...]}`` per line) and evaluate bm25, qts, hybrid, libra [paper], libra and
libra with the ``after-consumer`` prerequisite rule at ``--k`` (default 10, SciToolEval's depth,
fixed before looking at these catalogs).

    python scripts/eval_dev_catalogs.py --catalog TOOLS.py:TASKS.jsonl [--catalog ...] [--k 10] [--out DIR]
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import sys
from pathlib import Path
from typing import Any, Sequence

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")

from llama_index_libra.benchmarks.base import Benchmark, Task  # noqa: E402
from llama_index_libra.evaluation.runner import compare_to_baseline, evaluate, format_comparisons, format_table  # noqa: E402
from llama_index_libra.library import ToolLibrary  # noqa: E402


def _module(path: Path) -> Any:
    """Import a tools file by name from its folder (so worker processes can import it too)."""
    sys.path.insert(0, str(path.resolve().parent))
    return importlib.import_module(path.stem)


def _state_factory(module: Any) -> Any:
    for name in ("State", "ForgeState"):
        if hasattr(module, name):
            return getattr(module, name)
    classes = [v for k, v in vars(module).items() if k.endswith("State") and isinstance(v, type)]
    if not classes:
        raise SystemExit(f"{module.__name__}: no State class")
    return classes[0]


def load_catalog(tools_path: Path, tasks_path: Path, out: Path) -> tuple[Benchmark, ToolLibrary]:
    """The catalog's benchmark (tasks whose gold tools all exist) and its default library (cached)."""
    from llama_index_libra.induction import induce
    from llama_index_libra.runtime.python import PythonRuntime

    module = _module(tools_path)
    runtime = PythonRuntime(module.TOOLS, _state_factory(module), fixtures=getattr(module, "FIXTURES", None))
    catalog = runtime.catalog
    cache = out / f"{tools_path.stem}-{catalog.fingerprint()[:12]}.library.json"
    if cache.exists():
        library = ToolLibrary.load(cache, catalog=catalog)
    else:
        library, _ = induce(runtime, executor="serial", show_progress=True)
        library.save(cache)
    by_short = {catalog.get(n).short_name: n for n in catalog.names}
    tasks, skipped = [], 0
    for i, line in enumerate(tasks_path.read_text(encoding="utf-8").splitlines()):
        if not line.strip():
            continue
        row = json.loads(line)
        gold = tuple(dict.fromkeys(n if n in catalog else by_short.get(n, n) for n in row["gold"]))
        if any(g not in catalog for g in gold):
            skipped += 1
            continue
        tasks.append(Task(id=str(i), query=row["query"], gold=gold))
    bench = Benchmark(name=tools_path.stem, catalog=catalog, tasks=tasks, notes=[f"{skipped} tasks name unknown tools"])
    return bench, library


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--catalog", action="append", required=True, help="TOOLS.py:TASKS.jsonl")
    parser.add_argument("--k", type=int, default=10)
    parser.add_argument("--out", default=".dev-catalogs", help="library cache folder")
    parser.add_argument("--json", default=None)
    args = parser.parse_args(argv)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    results = {}
    for item in args.catalog:
        tools, _, tasks = item.partition(":")
        bench, library = load_catalog(Path(tools), Path(tasks), out)
        print(f"\n{bench.name}: {len(bench.catalog)} tools, {len(bench.tasks)} tasks ({bench.notes[0]}), {len(library.relations)} relations")
        report = evaluate(bench, ["bm25", "qts", "hybrid", "libra"], k=args.k, library=library, paper_row=True, show_progress=False)
        rule = evaluate(bench, ["libra"], k=args.k, library=library, show_progress=False, options={"prerequisites": "after-consumer"})
        rule.results[0].variant = "after-consumer"
        report.results.append(rule.results[0])
        print(format_table(report))
        rows = compare_to_baseline(report, "libra [paper]") + [
            r for r in compare_to_baseline(report, "libra") if r["method"] == "libra [after-consumer]"
        ]
        print(format_comparisons([r for r in rows if r["method"] != "qts" and r["method"] != "bm25"], args.k))
        results[bench.name] = report.to_json()
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
