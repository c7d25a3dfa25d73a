"""Induce a library over the GitForge development catalog with default settings and score it.

GitForge lives in the shared material beside the checkout (``../shared/benchmarks/gitforge``, or
``--gitforge PATH``). Each build runs ``--repeats`` times; wall times are reported with their median.

    python scripts/bench_gitforge.py --repeats 3 [--out gitforge.library.json] [--executor process]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    here = Path(__file__).resolve().parent.parent
    parser.add_argument("--gitforge", default=str(here.parent / "shared" / "benchmarks" / "gitforge"))
    parser.add_argument("--repeats", type=int, default=1)
    parser.add_argument("--out", default="gitforge.library.json")
    parser.add_argument("--executor", default="process")
    parser.add_argument("--progress", action="store_true")
    args = parser.parse_args()

    sys.path.insert(0, args.gitforge)
    sys.path.insert(0, str(here))  # this checkout's package, not an installed one
    from forge_tools import FIXTURES, TOOLS, ForgeState  # type: ignore[import-not-found]

    from llama_index_libra.induction.engine import induce
    from llama_index_libra.runtime.python import PythonRuntime

    walls = []
    for _ in range(args.repeats):
        runtime = PythonRuntime(TOOLS, ForgeState, fixtures=FIXTURES, name="gitforge")
        t0 = time.perf_counter()
        library, report = induce(runtime, executor=args.executor, show_progress=args.progress)
        walls.append(time.perf_counter() - t0)
        print(f"build {walls[-1]:.1f} s")
    library.save(args.out)
    report.write(str(Path(args.out).with_suffix("")) + ".report.json")
    print(report.summary())
    print(f"median build {statistics.median(walls):.1f} s over {len(walls)} (each: {', '.join(f'{w:.1f}' for w in walls)})")
    subprocess.run([sys.executable, str(Path(args.gitforge) / "score_library.py"), args.out], check=True)


if __name__ == "__main__":
    main()
