"""Score a frozen held-out catalog set once, as the held-out protocol says (docs/heldout-brief.md).

Each catalog of ``examples/catalogs/heldoutN`` is built three times, interleaved (every catalog once,
then again), each build a fresh process through ``scripts/bench_catalogs.py``, then once more with
``--budget 55``; then the set's retrieval suite runs with a fresh library cache. Run it on a quiet
machine, after the set's commit and before any engine change it is meant to test, and only once: the
figures it prints are the held-out estimate, and the set is development evidence afterwards.

    python scripts/score_heldout.py 49 --out heldout49-scores [--repeats 3] [--budget 55] [--no-eval]
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


def catalogs_of(set_dir: Path) -> list[Path]:
    """The catalog folders of a held-out set (each holds one ``*_tools.py``), by name."""
    return sorted(p for p in set_dir.iterdir() if p.is_dir() and len(list(p.glob("*_tools.py"))) == 1)


def summary(builds: dict[str, list[dict]], capped: dict[str, dict]) -> str:
    """A markdown table from ``bench_catalogs.py --json`` rows: per catalog its first build's scores (builds
    are deterministic), the median build time with every build's, and the capped build; then the pooled row."""
    lines = ["| catalog | recall | pair precision | runs | build s, median (each) | capped build |",
             "| --- | ---: | ---: | ---: | --- | --- |"]
    found = total = correct = pairs = 0
    for name, rows in builds.items():
        r = rows[0]
        times = [x["induce_s"] for x in rows]
        same = len({(x["found"], x["correct_pairs"], x["pairs"], x["runs"]) for x in rows}) == 1
        c = capped.get(name)
        cap = (f"{c['found']}/{c['prerequisites']}, {c['correct_pairs']}/{c['pairs']}, {c['runs']:,} runs, "
               f"{c['induce_s']:.1f} s") if c else "-"
        lines.append(f"| {name} | {r['found']}/{r['prerequisites']} = {r['found'] / r['prerequisites']:.2f} "
                     f"| {r['correct_pairs']}/{r['pairs']} = {r['correct_pairs'] / max(1, r['pairs']):.2f} | {r['runs']:,} "
                     f"| {statistics.median(times):.1f} ({', '.join(f'{t:.1f}' for t in times)}){'' if same else ' DIFFER'} | {cap} |")
        found, total, correct, pairs = found + r["found"], total + r["prerequisites"], correct + r["correct_pairs"], pairs + r["pairs"]
    if total:
        lines.append(f"| pooled | {found}/{total} = {found / total:.2f} | {correct}/{pairs} = {correct / max(1, pairs):.2f} | | | |")
    return "\n".join(lines)


def _bench(catalog: Path, out: Path, extra: list[str]) -> dict:
    cmd = [sys.executable, str(REPO / "scripts" / "bench_catalogs.py"), "--catalogs", str(catalog), "--repeats", "1",
           "--json", str(out), "--keep-libraries", str(out.parent / out.stem), *extra]
    subprocess.run(cmd, check=True, cwd=REPO, stdout=subprocess.DEVNULL)
    return json.loads(out.read_text())["catalogs"][0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("set", type=int, help="N of examples/catalogs/heldoutN")
    parser.add_argument("--out", required=True, help="folder for the builds' JSON, libraries and the eval")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--budget", default="55", help="the capped build's --budget (default 55 seconds)")
    parser.add_argument("--no-eval", action="store_true", help="skip the retrieval suite")
    args = parser.parse_args()
    set_dir = REPO / "examples" / "catalogs" / f"heldout{args.set}"
    cats = catalogs_of(set_dir) if set_dir.is_dir() else []
    if not cats:
        parser.error(f"no catalogs under {set_dir}")
    if args.repeats < 1:
        parser.error("--repeats must be >= 1")
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    builds: dict[str, list[dict]] = {c.name: [] for c in cats}
    for i in range(args.repeats):
        for c in cats:
            builds[c.name].append(_bench(c, out / f"build{i + 1}_{c.name}.json", []))
            print(f"{c.name} build {i + 1}: {builds[c.name][-1]['induce_s']:.1f} s", file=sys.stderr, flush=True)
    capped = {c.name: _bench(c, out / f"capped_{c.name}.json", ["--budget", args.budget]) for c in cats}
    print(summary(builds, capped))
    suite = REPO / "examples" / "tasksets" / f"heldout{args.set}" / "suite.toml"
    if not args.no_eval and suite.is_file():
        with tempfile.TemporaryDirectory() as cache:
            subprocess.run([sys.executable, "-m", "llama_index_libra", "eval", "--suite", str(suite), "--cache-dir", cache,
                            "--json", str(out / "eval.json")], check=True, cwd=REPO)


if __name__ == "__main__":
    main()
