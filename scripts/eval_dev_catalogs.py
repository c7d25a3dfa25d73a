"""One-shot retrieval on development catalogs (plain Python tools + a tasks.jsonl), through the public API.

For each catalog: build the runtime the user would (``PythonRuntime(TOOLS, State, fixtures=FIXTURES)``),
induce a library with the default settings (cached beside ``--out``), load the tasks
(``{"query": ..., "gold": [...]}`` per line) and evaluate bm25, qts, hybrid, libra [paper], libra and
libra with the ``after-consumer`` prerequisite rule at ``--k`` (default 10, SciToolEval's depth,
fixed before looking at these catalogs).

Besides P/R/NDCG it prints, per row, complete@k (tasks whose every gold tool is in the top k: what
an agent that needs all of them is offered in one retrieval) and prerequisite coverage (of the
(top-k tool, hard requirement group) pairs of the library, the share with a provider in the top k).

    python scripts/eval_dev_catalogs.py --catalog TOOLS.py:TASKS.jsonl [--catalog ...] [--benchmark bfcl] [--k 10] [--out DIR]
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
from llama_index_libra.retrieval.settings import RetrievalSettings  # noqa: E402


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


def extra_metrics(report: Any, library: ToolLibrary) -> list[str]:
    """complete@k and prerequisite coverage of every row of ``report``."""
    from llama_index_libra.retrieval.prerequisites import PrerequisiteIndex

    names = library.catalog.names
    index = {n: i for i, n in enumerate(names)}
    groups = PrerequisiteIndex(names, library.relations).groups
    lines = [f"{'row':<28} {'complete@' + str(report.k):>11} {'prereq coverage':>16}"]
    for r in report.results:
        complete = sum(1 for t in r.per_task if set(t["gold"]) <= set(t["ranked"])) / max(1, len(r.per_task))
        met = total = 0
        for t in r.per_task:
            top = {index[n] for n in t["ranked"]}
            for tool in top:
                for _label, providers in groups.get(tool, ()):
                    total += 1
                    met += bool(top & set(providers.tolist()))
        lines.append(f"{r.label:<28} {100 * complete:>10.1f}% {100 * met / max(1, total):>15.1f}%")
    return lines


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--catalog", action="append", default=[], help="TOOLS.py:TASKS.jsonl")
    parser.add_argument("--benchmark", action="append", default=[], help="a packaged benchmark with a default library (bfcl)")
    parser.add_argument("--k", type=int, default=10)
    parser.add_argument("--out", default=".dev-catalogs", help="library cache folder")
    parser.add_argument("--json", default=None)
    args = parser.parse_args(argv)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    results = {}
    items: list[Any] = [("catalog", c) for c in args.catalog] + [("benchmark", b) for b in args.benchmark]
    for what, item in items:
        if what == "catalog":
            tools, _, tasks = item.partition(":")
            bench, library = load_catalog(Path(tools), Path(tasks), out)
        else:
            from llama_index_libra.benchmarks import load_benchmark
            from llama_index_libra.benchmarks.libraries import default_library

            bench = load_benchmark(item)
            bench.notes.insert(0, "packaged")
            library = default_library(item, catalog=bench.catalog)
        print(f"\n{bench.name}: {len(bench.catalog)} tools, {len(bench.tasks)} tasks ({bench.notes[0]}), {len(library.relations)} relations")
        report = evaluate(bench, ["bm25", "qts", "hybrid", "libra"], k=args.k, library=library, paper_row=True, show_progress=False)
        rule = evaluate(bench, ["libra"], k=args.k, library=library, show_progress=False,
                        settings=RetrievalSettings(prerequisite_rule="after-consumer"))
        rule.results[0].setting = "after-consumer"
        report.results.append(rule.results[0])
        print(format_table(report))
        rows = compare_to_baseline(report, "libra [paper]") + [
            r for r in compare_to_baseline(report, "libra") if r["method"] == "libra [after-consumer]"
        ]
        print(format_comparisons([r for r in rows if r["method"] != "qts" and r["method"] != "bm25"], args.k))
        print("\n".join(extra_metrics(report, library)))
        results[bench.name] = report.to_json()
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
