"""Time two engines' builds of one catalog side by side, so both meet the same machine.

On a shared or throttled machine the speed of single builds drifts by 10-25% from one minute to the
next, more than most engine changes move it. Here each round starts one build of this checkout and
one of ``--other`` (another checkout) at the same moment, each with one pool worker (so two builds
fill two cores), and waits for both; the ratio of the two is what the rounds' medians report.
Each build is a fresh process, as a user would start it; the libraries are compared too.

    python scripts/bench_paired.py --other ../old-checkout --catalog examples/catalogs/heldout17/pawstay [--rounds 3]
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent

CHILD = r"""
import json, resource, sys, time
sys.path.insert(0, sys.argv[1])
from scoring import load_catalog
from llama_index_libra.induction import induce
from llama_index_libra.runtime.python import PythonRuntime
if __name__ == "__main__":
    cat = load_catalog(sys.argv[2])
    runtime = PythonRuntime(cat.tools, cat.state, **cat.runtime_kwargs())
    t0 = time.perf_counter()
    library, report = induce(runtime, workers=1)
    wall = time.perf_counter() - t0
    s, c = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    library.save(sys.argv[3])
    print(json.dumps({"wall_s": wall, "cpu_s": s.ru_utime + s.ru_stime + c.ru_utime + c.ru_stime, "runs": report.runs}))
"""


def _start(checkout: Path, catalog: str, out: Path) -> subprocess.Popen:
    """A build in a fresh interpreter whose ``sys.path`` starts at ``checkout`` (its engine)."""
    return subprocess.Popen([sys.executable, "-c", CHILD, str(REPO / "examples" / "catalogs"), catalog, str(out)],
                            cwd=checkout, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)


def _result(proc: subprocess.Popen, name: str) -> dict:
    out, _ = proc.communicate()
    if proc.returncode != 0:
        raise SystemExit(f"the {name} build failed (exit {proc.returncode})")
    return json.loads(out.strip().splitlines()[-1])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--other", required=True, type=Path, help="the checkout to compare with (its repository root)")
    parser.add_argument("--catalog", required=True, help="a catalog folder")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--json", type=Path, help="write every round's figures here")
    args = parser.parse_args(argv)
    catalog = str(Path(args.catalog).resolve())
    rounds = []
    with tempfile.TemporaryDirectory(prefix="libra-paired-") as tmp:
        for i in range(args.rounds):
            outs = {name: Path(tmp) / f"{name}.{i}.json" for name in ("this", "other")}
            procs = {"this": _start(REPO, catalog, outs["this"]), "other": _start(args.other.resolve(), catalog, outs["other"])}
            row = {name: _result(proc, name) for name, proc in procs.items()}
            row["same_library"] = outs["this"].read_bytes() == outs["other"].read_bytes()
            rounds.append(row)
            print(f"round {i + 1}: this {row['this']['wall_s']:.1f} s, other {row['other']['wall_s']:.1f} s, "
                  f"ratio {row['this']['wall_s'] / row['other']['wall_s']:.3f}, same library: {row['same_library']}", flush=True)
    ratios = [r["this"]["wall_s"] / r["other"]["wall_s"] for r in rounds]
    summary = {"catalog": catalog, "rounds": rounds, "median_ratio": statistics.median(ratios),
               "median_this_s": statistics.median(r["this"]["wall_s"] for r in rounds),
               "median_other_s": statistics.median(r["other"]["wall_s"] for r in rounds)}
    print(f"median: this {summary['median_this_s']:.1f} s, other {summary['median_other_s']:.1f} s, "
          f"ratio {summary['median_ratio']:.3f} (below 1: this checkout is faster)")
    if args.json:
        args.json.write_text(json.dumps(summary, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
