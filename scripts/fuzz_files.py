"""Fuzz the file formats through the loaders and the CLI: catalog files, library files, run logs.

    python scripts/fuzz_files.py --examples 10000            # all three entry points
    python scripts/fuzz_files.py --examples 500 --only library

Each example must load or fail with one line of the package's own error type (CatalogError,
LibraryError; run logs skip and count bad lines), and ``cli.main`` must exit 0 or 2 with one
``libra: error:`` line. Prints, per entry point, the examples run and how they ended; exits 1 with
hypothesis' shrunk counterexample on the first traceback.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from hypothesis import HealthCheck, given, seed, settings  # noqa: E402

from tests.support import fuzzing  # noqa: E402

TARGETS = {
    "catalog": (fuzzing.catalog_files, lambda case: fuzzing.check_catalog(*case)),
    "library": (fuzzing.library_files, fuzzing.check_library),
    "runlog": (fuzzing.runlog_files, fuzzing.check_runlog),
}


def _property(check, count):
    def prop(case):
        count["n"] += 1
        check(case)

    return prop


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--examples", type=int, default=10_000, help="examples per entry point")
    parser.add_argument("--only", choices=sorted(TARGETS), action="append", help="run only these entry points")
    parser.add_argument("--seed", type=int, default=0, help="hypothesis seed (the same seed replays the same inputs)")
    args = parser.parse_args()
    failed = False
    for name in args.only or list(TARGETS):
        strategy, check = TARGETS[name]
        count = {"n": 0}
        runner = _property(check, count)
        runner = settings(max_examples=args.examples, deadline=None, database=None,
                          suppress_health_check=list(HealthCheck))(given(strategy())(runner))
        runner = seed(args.seed)(runner)
        fuzzing.OUTCOMES.clear()
        t0 = time.perf_counter()
        try:
            runner()
        except Exception as exc:  # noqa: BLE001 - the report is the point
            failed = True
            print(f"{name}: FAILED after {count['n']} examples: {type(exc).__name__}: {exc}")
            continue
        outcome = ", ".join(f"{k} {v}" for k, v in sorted(fuzzing.OUTCOMES.items()))
        print(f"{name}: {count['n']} examples, 0 tracebacks, {time.perf_counter() - t0:.0f} s ({outcome})")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
