"""Cost of call isolation on a PythonRuntime catalog: serial builds with isolation "process" vs "none".

Each build runs in a fresh subprocess, ``--repeats`` times; prints the medians of induce wall time.

    python scripts/bench_isolation.py --tools ../shared/benchmarks/gitforge/forge_tools.py --repeats 3
    python scripts/bench_isolation.py --calls 5000   # per-call cost of Runtime.execute, both modes
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys

CHILD = r"""
import importlib.util, json, sys
from llama_index_libra.induction import induce
from llama_index_libra.runtime.python import PythonRuntime
spec = importlib.util.spec_from_file_location("bench_tools", sys.argv[1])
mod = importlib.util.module_from_spec(spec); sys.modules["bench_tools"] = mod; spec.loader.exec_module(mod)
if __name__ == "__main__":
    runtime = PythonRuntime(mod.TOOLS, getattr(mod, sys.argv[3]), fixtures=getattr(mod, "FIXTURES", None))
    library, report = induce(runtime, field_encoder="lexical", executor=sys.argv[4], isolation=sys.argv[2])
    print(json.dumps({"induce_s": report.wall_s, "tests_s": report.tests_s, "runs": report.runs,
                      "relations": sum(library.counts().values())}))
"""


def per_call(calls: int, repeats: int) -> None:
    """Median microseconds per Runtime.execute of a trivial state-reading tool, in-process vs isolated."""
    import time

    from llama_index_libra.runtime.isolation import close_supervisors
    from llama_index_libra.runtime.python import PythonRuntime

    def count(state: dict) -> dict:
        """How many items the state holds."""
        return {"n": len(state)}

    for mode in ("none", "process"):
        runtime = PythonRuntime([count], lambda: {"a": 1, "b": [1, 2, 3]}, timeout_s=5.0)
        runtime.isolation = mode
        snap = runtime.snapshot(runtime.fresh())
        runtime.execute(snap, "count", {})  # start the call process
        times = []
        for _ in range(repeats):
            t0 = time.perf_counter()
            for _ in range(calls):
                runtime.execute(snap, "count", {})
            times.append((time.perf_counter() - t0) / calls * 1e6)
        close_supervisors()
        print(f"isolation {mode}: {statistics.median(times):.1f} us per call (median of {repeats} x {calls} calls)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tools", default=None, help="a Python file defining TOOLS, a state class and FIXTURES")
    parser.add_argument("--calls", type=int, default=0, help="instead: time this many single calls per mode")
    parser.add_argument("--state", default="ForgeState", help="name of the state factory in that file")
    parser.add_argument("--executor", default="serial")
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    if args.calls:
        per_call(args.calls, args.repeats)
        return
    if not args.tools:
        parser.error("--tools FILE or --calls N")
    for mode in ("process", "none"):
        runs = []
        for _ in range(args.repeats):
            out = subprocess.run([sys.executable, "-c", CHILD, args.tools, mode, args.state, args.executor],
                                 capture_output=True, text=True, check=True)
            runs.append(json.loads(out.stdout.strip().splitlines()[-1]))
        med = statistics.median(r["induce_s"] for r in runs)
        print(f"isolation {mode}: induce {med:.2f} s (median of {args.repeats}; runs {runs[0]['runs']}, "
              f"relations {runs[0]['relations']}; all: {[round(r['induce_s'], 2) for r in runs]})", flush=True)


if __name__ == "__main__":
    main()
