"""Benchmark BFCL induction per executor: wall clock, composition-test phase, candidates per second.

Each configuration runs in a fresh subprocess (so imports and model loading are measured apart
and peak memory is per build), ``--repeats`` times; the table reports medians.

    python scripts/bench_induction.py --repeats 3 --executors serial,process,ray [--json out.json]
    python scripts/bench_induction.py --executors serial,process --isolation process,call,none  # cost of call isolation
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time

CHILD = r"""
import json, resource, sys, time
t0 = time.perf_counter()
from llama_index_libra.benchmarks.libraries import benchmark_runtime
from llama_index_libra.induction.engine import InductionConfig, induce
from llama_index_libra.induction.field_encoders import resolve_field_encoder
encoder = resolve_field_encoder(sys.argv[2])
encoder.similarity("warm up", "the model") if hasattr(encoder, "warm") else None
t_ready = time.perf_counter()
executor, workers, depth = sys.argv[1], int(sys.argv[3]), int(sys.argv[4])
isolation = None if sys.argv[5] == "default" else sys.argv[5]
if __name__ == "__main__":
    library, report = induce(benchmark_runtime("bfcl"), field_encoder=encoder, executor=executor,
                             workers=workers, config=InductionConfig(max_depth=depth), isolation=isolation)
    t_end = time.perf_counter()
    print(json.dumps({
        "setup_s": t_ready - t0, "induce_s": report.wall_s, "tests_s": report.tests_s, "end_to_end_s": t_end - t0,
        "candidates": report.candidates, "runs": report.runs, "relations": report.relations,
        "peak_rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
        "children_peak_rss_mb": resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024,
    }))
"""


def run_once(executor: str, encoder: str, workers: int, depth: int, isolation: str = "default") -> dict:
    env = {**os.environ, "HF_HUB_OFFLINE": "1", "TOKENIZERS_PARALLELISM": "false"}
    out = subprocess.run([sys.executable, "-c", CHILD, executor, encoder, str(workers), str(depth), isolation],
                         capture_output=True, text=True, env=env, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--executors", default="serial,process")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--encoder", default="minilm", help="field encoder: minilm (default) or lexical")
    parser.add_argument("--max-depth", type=int, default=2)
    parser.add_argument("--isolation", default="default",
                        help="comma list of call isolation modes to compare: process, call, none (default: the runtime's)")
    parser.add_argument("--json", default=None)
    args = parser.parse_args()

    rows = {}
    modes = args.isolation.split(",")
    configs = [(e, m) for e in args.executors.split(",") for m in modes]
    # repeats interleave the configurations, so a shared machine's load drifts over all of them alike
    all_runs: dict[tuple[str, str], list[dict]] = {c: [] for c in configs}
    for _ in range(args.repeats):
        for executor, mode in configs:
            all_runs[(executor, mode)].append(run_once(executor, args.encoder, args.workers, args.max_depth, mode))
    for executor, mode in configs:
        runs = all_runs[(executor, mode)]
        med = {k: statistics.median(r[k] for r in runs) for k in ("setup_s", "induce_s", "tests_s", "end_to_end_s", "peak_rss_mb", "children_peak_rss_mb")}
        med["candidates"] = runs[0]["candidates"]
        med["runs"] = runs[0]["runs"]
        med["relations"] = runs[0]["relations"]
        med["s_per_1000_candidates"] = 1000 * med["induce_s"] / med["candidates"]
        med["candidates_per_s"] = med["candidates"] / med["induce_s"]
        name = executor if modes == ["default"] else f"{executor}, isolation {mode}"
        rows[name] = med
        print(f"{name}: {json.dumps(med)}", file=sys.stderr, flush=True)

    cpu = os.cpu_count()
    print(f"\nBFCL induction, {cpu} cores, {args.workers} workers, median of {args.repeats} runs, depth {args.max_depth}, field encoder {args.encoder}")
    first = next(iter(rows.values()))
    print(f"candidate compositions: {first['candidates']:,} (the paper's BFCL count: 12,762); relations: {first['relations']}")
    print("| executor | induce wall (s) | test phase (s) | end to end (s) | s per 1,000 candidates | candidates/s | peak RSS (MB) |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    for name, m in rows.items():
        rss = max(m["peak_rss_mb"], m["children_peak_rss_mb"])
        print(f"| {name} | {m['induce_s']:.2f} | {m['tests_s']:.2f} | {m['end_to_end_s']:.2f} | {m['s_per_1000_candidates']:.3f} | {m['candidates_per_s']:.0f} | {rss:.0f} |")
    if "serial" in rows:
        for name, m in rows.items():
            if name != "serial":
                print(f"test-phase speedup of {name} over serial: {rows['serial']['tests_s'] / m['tests_s']:.2f}x")
    if args.json:
        with open(args.json, "w") as fh:
            json.dump({"machine_cores": cpu, "rows": rows, "time": time.time()}, fh, indent=1)


if __name__ == "__main__":
    main()
