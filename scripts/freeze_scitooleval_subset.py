"""Write the frozen SciToolEval subset: the static executability scan of Appendix D, run once.

The rule (:func:`llama_index_libra.benchmarks.scitooleval.offline_executable`, stated in that
module's docstring) reads only the packaged question files and the published SciToolKG tool facts:
a task is kept when every distinct gold tool is in the catalog and runs offline in a local Python
environment. It was fixed, and this file written, before any retrieval method was run; the same subset
serves every method. Each kept task records its split, row, the SHA-256 of the released question and
the released ``tool_path``, which the loader checks against the data on every load.

    python scripts/freeze_scitooleval_subset.py            # (re)write the packaged frozen_subset.json
    python scripts/freeze_scitooleval_subset.py --check    # exit 1 if the file differs from the scan
    python scripts/freeze_scitooleval_subset.py --out PATH # write elsewhere
"""

from __future__ import annotations

import argparse
import collections
import json
import sys
from pathlib import Path

from llama_index_libra.benchmarks.scitooleval.catalog import FROZEN_SUBSET_FILE
from llama_index_libra.benchmarks.scitooleval.tasks import executability_scan

PACKAGED = Path(__file__).resolve().parents[1] / "llama_index_libra" / "benchmarks" / "data" / "scitooleval" / FROZEN_SUBSET_FILE


def render(scan: dict) -> str:
    """Deterministic JSON text: one task per line, so a diff shows exactly which tasks changed."""
    head = {k: v for k, v in scan.items() if k not in ("tasks", "excluded")}
    lines = ["{"]
    for key, value in head.items():
        lines.append(f"  {json.dumps(key)}: {json.dumps(value, ensure_ascii=False)},")
    for key in ("tasks", "excluded"):
        lines.append(f"  {json.dumps(key)}: [")
        items = [json.dumps(item, ensure_ascii=False) for item in scan[key]]
        lines += [f"    {item}," for item in items[:-1]] + ([f"    {items[-1]}"] if items else [])
        lines.append("  ]," if key == "tasks" else "  ]")
    lines.append("}")
    return "\n".join(lines) + "\n"


def summary(scan: dict) -> str:
    counts = scan["counts"]
    reasons = collections.Counter(r.split(": ", 1)[1] for e in scan["excluded"] for r in e["reasons"])
    out = [
        f"kept {counts['kept']} of {counts['released']} tasks "
        f"(level-1 {counts['level1']['kept']}/{counts['level1']['released']}, "
        f"level-2 {counts['level2']['kept']}/{counts['level2']['released']}); "
        f"{len(scan['executable_tools'])} offline-executable tools",
        "gold-tool occurrences behind the exclusions:",
    ]
    out += [f"  {n:4d}  {reason}" for reason, n in reasons.most_common()]
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=PACKAGED, help="where to write (default: the packaged file)")
    parser.add_argument("--check", action="store_true", help="compare with the existing file instead of writing")
    args = parser.parse_args(argv)
    text = render(executability_scan())
    json.loads(text)  # the rendering is valid JSON
    print(summary(json.loads(text)))
    if args.check:
        current = args.out.read_text(encoding="utf-8") if args.out.exists() else ""
        if current != text:
            print(f"{args.out} differs from the scan", file=sys.stderr)
            return 1
        print(f"{args.out} matches the scan")
        return 0
    args.out.write_text(text, encoding="utf-8")
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
