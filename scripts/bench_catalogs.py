"""Induce and score the development catalogs (GitForge and examples/catalogs/*) with default settings.

Each build runs in a fresh subprocess, exactly as a new user would run it through the public API
(``PythonRuntime(TOOLS, State, fixtures=FIXTURES)``, ``induce(runtime)``), ``--repeats`` times; the
table reports the median build time and the score of the first build (builds are deterministic, and
the script checks that every repeat wrote the same relations). With ``--fresh-states`` the runtime
also offers a catalog's ``FRESH_STATES`` (through a ``fresh_states`` keyword of PythonRuntime where
it has one, else by overriding ``Runtime.fresh_states()``); prerequisites found only from those
states are scored on their own line. The child imports the engine of the checkout this script sits in
(it starts in the repository root, which comes first on its ``sys.path``, before ``PYTHONPATH``): to
measure another engine, run the script of that engine's checkout.

    python scripts/bench_catalogs.py [--catalogs gitforge,pocketphone,shopdesk,labflow] [--repeats 3]
                                     [--json out.json] [--keep-libraries DIR] [--fresh-states] [--verbose]
                                     [--budget 55]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "examples" / "catalogs"))
from scoring import format_score, load_catalog, score  # noqa: E402

DEFAULT_CATALOGS = "gitforge,pocketphone,shopdesk,labflow"

CHILD = r"""
import inspect, json, resource, sys, time
t0 = time.perf_counter()
def cpu():
    s, c = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return s.ru_utime + s.ru_stime + c.ru_utime + c.ru_stime
sys.path.insert(0, sys.argv[1])
from scoring import load_catalog
from llama_index_libra.induction import induce
from llama_index_libra.runtime.python import PythonRuntime
use_variants = sys.argv[4] == "1"
budget = sys.argv[5] if len(sys.argv) > 5 else ""
if __name__ == "__main__":
    cat = load_catalog(sys.argv[2])
    kwargs = cat.runtime_kwargs()  # fixtures, name and the catalog's own refusal convention
    cls, mode = PythonRuntime, "default"
    if use_variants and len(cat.fresh_states) > 1:
        factories = [cat.state] + [f for f in cat.fresh_states.values() if f is not cat.state]
        if "fresh_states" in inspect.signature(PythonRuntime).parameters:
            kwargs["fresh_states"], mode = factories, "keyword"
        elif hasattr(PythonRuntime, "fresh_states"):
            from variant_runtime import VariantRuntime
            kwargs["fresh_factories"], cls, mode = factories, VariantRuntime, "override"
        else:
            sys.exit("this version of the package offers no way to explore from several fresh states")
    runtime = cls(cat.tools, cat.state, **kwargs)
    t1, c1 = time.perf_counter(), cpu()
    if budget:  # --budget: the build shares it between exploration and the state tests
        from llama_index_libra.induction import InductionConfig
        from llama_index_libra.induction.budget import parse_budget
        cap = parse_budget(budget)
        library, report = induce(runtime, config=InductionConfig(budget_s=cap.seconds, budget_runs=cap.runs))
    else:
        library, report = induce(runtime)
    t2, c2 = time.perf_counter(), cpu()
    library.save(sys.argv[3])
    if hasattr(report, "write"):
        report.write(sys.argv[3].removesuffix(".library.json") + ".report.json")
    print(json.dumps({"induce_s": t2 - t1, "report_wall_s": getattr(report, "wall_s", None),
                      "end_to_end_s": time.perf_counter() - t0, "runs": getattr(report, "runs", None),
                      "candidates": getattr(report, "candidates", None), "fresh_states": mode,
                      "tools_succeeded": getattr(report, "tools_succeeded", None), "induce_cpu_s": c2 - c1}))
"""


def build_once(spec: str, out: Path, timeout_s: float | None, variants: bool = False, budget: str | None = None) -> dict:
    """One build of ``spec`` in a fresh interpreter; the library is written to ``out``."""
    env = {**os.environ, "HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1", "TOKENIZERS_PARALLELISM": "false"}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    load = os.getloadavg()[0]
    proc = subprocess.run([sys.executable, "-c", CHILD, str(REPO / "examples" / "catalogs"), spec, str(out),
                           "1" if variants else "0", budget or ""],
                          capture_output=True, text=True, env=env, cwd=REPO, timeout=timeout_s)
    if proc.returncode != 0:
        raise RuntimeError(f"build of {spec} failed:\n{proc.stderr[-2000:]}")
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    out_json = json.loads(proc.stdout.strip().splitlines()[-1])
    # CPU seconds of the build interpreter and every process it waited for (pool workers, isolation children)
    out_json["cpu_s"] = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    out_json["load"] = round((load + os.getloadavg()[0]) / 2, 2)
    return out_json


def bench(spec: str, repeats: int, keep: Path | None, timeout_s: float | None, variants: bool = False,
          budget: str | None = None) -> dict:
    """Median build time over ``repeats`` builds and the score of the library."""
    catalog = load_catalog(spec)
    runs, relations = [], []
    with tempfile.TemporaryDirectory() as tmp:
        for i in range(repeats):
            out = Path(tmp) / f"{catalog.name}.{i}.library.json"
            runs.append(build_once(spec, out, timeout_s, variants, budget))
            lib = json.loads(out.read_text())
            relations.append(lib["relations"])
            print(f"{catalog.name} build {i + 1}/{repeats}: {runs[-1]['induce_s']:.1f} s", file=sys.stderr, flush=True)
        if keep is not None:
            keep.mkdir(parents=True, exist_ok=True)
            (keep / f"{catalog.name}.library.json").write_text(out.read_text())
            report_file = out.with_name(out.name.removesuffix(".library.json") + ".report.json")
            if report_file.is_file():
                (keep / f"{catalog.name}.report.json").write_text(report_file.read_text())
    result = score(catalog, {"relations": relations[0]})
    result.update(
        induce_s=statistics.median(r["induce_s"] for r in runs),
        end_to_end_s=statistics.median(r["end_to_end_s"] for r in runs),
        induce_s_all=[round(r["induce_s"], 2) for r in runs], runs=runs[0]["runs"], candidates=runs[0]["candidates"],
        cpu_s=statistics.median(r["cpu_s"] for r in runs), induce_cpu_s=statistics.median(r["induce_cpu_s"] for r in runs), cpu_s_all=[round(r["cpu_s"], 1) for r in runs],
        load=[r["load"] for r in runs], tools_succeeded=runs[0].get("tools_succeeded"),
        deterministic=all(r == relations[0] for r in relations), fresh_states=runs[0]["fresh_states"],
        repeats=repeats,
    )
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--catalogs", default=DEFAULT_CATALOGS, help="comma-separated catalog names or paths")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--json", default=None, help="write all figures here")
    parser.add_argument("--keep-libraries", default=None, help="save each catalog's library JSON in this folder")
    parser.add_argument("--timeout", type=float, default=None, help="seconds per build (default: none)")
    parser.add_argument("--fresh-states", action="store_true",
                        help="also explore from each catalog's FRESH_STATES (needs a package whose runtimes offer fresh_states)")
    parser.add_argument("--verbose", action="store_true", help="print the full score (misses, false pairs)")
    parser.add_argument("--budget", default=None, metavar="SECONDS|RUNS",
                        help="cap each build as `libra induce --budget` does (a time budget's builds depend on the machine)")
    args = parser.parse_args()
    if args.budget is not None:
        from llama_index_libra.induction.budget import parse_budget
        try:
            parse_budget(args.budget)
        except ValueError as exc:
            parser.error(str(exc))
    if args.repeats < 1:
        parser.error("--repeats must be >= 1")

    keep = Path(args.keep_libraries) if args.keep_libraries else None
    try:
        rows = [bench(spec, args.repeats, keep, args.timeout, args.fresh_states, args.budget)
                for spec in args.catalogs.split(",") if spec]
    except (RuntimeError, subprocess.TimeoutExpired) as exc:
        sys.exit(f"bench_catalogs: error: {exc}")
    settings = "default settings" if args.budget is None else f"default settings, --budget {args.budget}"
    print(f"\nDevelopment catalogs, {settings}, {os.cpu_count()} cores, median of {args.repeats} builds")
    print("| catalog | tools | succeeded | prerequisites | recall | precision (pairs) | relations | runs | CPU induce/all (s) | build (s) | load | by kind |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |")
    for r in rows:
        kinds = "; ".join(f"{k} {v['found']}/{v['total']}" for k, v in r["by_kind"].items())
        print(f"| {r['catalog']} | {r['tools']} | {r['tools_succeeded']} | {r['prerequisites']} | {r['found']}/{r['prerequisites']} = {r['recall']:.2f} "
              f"| {r['correct_pairs']}/{r['pairs']} = {r['precision']:.2f} | {r['relations']} | {r['runs']} | {r['induce_cpu_s']:.1f}/{r['cpu_s']:.1f} "
              f"| {r['induce_s']:.1f} | {max(r['load']):.1f} | {kinds} |")
    for r in rows:
        if not r["deterministic"]:
            why = " (a time budget cuts each build at another point)" if args.budget is not None else ""
            print(f"warning: {r['catalog']}: the repeats wrote different relations{why}", file=sys.stderr)
        if args.verbose:
            print(f"\n## {r['catalog']}\n{format_score(r)}")
    if args.json:
        tmp = f"{args.json}.tmp"
        Path(tmp).write_text(json.dumps({"cores": os.cpu_count(), "repeats": args.repeats, "budget": args.budget,
                                         "catalogs": rows}, indent=2) + "\n")
        os.replace(tmp, args.json)


if __name__ == "__main__":
    main()
