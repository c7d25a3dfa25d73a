#!/usr/bin/env python3
"""Check the fifth set of held-out catalogs (adapted from the fourth set's check.py): well formed,
every designed prerequisite proved by its scripted oracle, the oracle able to reject
non-prerequisites, fixtures free of returned ids, tasks naming real tools, the ground truth scoring 1/1,
and each module loading
as ``PythonRuntime(TOOLS, State, fixtures=FIXTURES)`` (the runtime is built and its catalog listed;
no induction is run).

    PYTHONPATH=<checkout> <venv>/bin/python check.py [CATALOG ...]

The checkout is found from the ``llama_index_libra`` package on PYTHONPATH; its
``examples/catalogs/oracle.py``, ``scoring.py`` and ``heldout/heldout_oracle.py`` are imported, not copied.
"""

from __future__ import annotations

import copy
import importlib
import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
import llama_index_libra  # noqa: E402  (the checkout on PYTHONPATH)

CHECKOUT = Path(llama_index_libra.__file__).resolve().parents[1]
for _p in (CHECKOUT / "examples" / "catalogs" / "heldout", CHECKOUT / "examples" / "catalogs"):
    sys.path.insert(0, str(_p))

import heldout_oracle as ho  # noqa: E402
import oracle  # noqa: E402
from scoring import load_catalog, score  # noqa: E402

CATALOGS = sorted(p.parent.name for p in HERE.glob("*/*_tools.py"))
KINDS_NEEDED = 6


def _check(name: str) -> list[str]:
    errors: list[str] = []
    cat = load_catalog(str(HERE / name))
    sys.path.insert(0, str(HERE / name))
    orc = importlib.import_module(f"{name}_oracle")
    names = [f.__name__ for f in cat.tools]
    tools = {f.__name__: f for f in cat.tools}

    def err(msg: str) -> None:
        errors.append(f"{name}: {msg}")

    # well-formed
    if len(names) != len(set(names)):
        err("duplicate tool names")
    if not 38 <= len(names) <= 50:
        err(f"{len(names)} tools (want 38-50)")
    state = cat.state()
    if not vars(copy.deepcopy(state)) == vars(state) == vars(cat.state()):
        err("fresh states differ or do not deep-copy")
    for factory in cat.fresh_states.values():
        copy.deepcopy(factory())
    json.dumps(cat.fixtures)
    for providers, consumer, what, *rest in cat.ground_truth + cat.variants:
        if consumer not in names or not all(p in names for p in providers.split("|")) or ":" not in what:
            err(f"bad entry {providers}->{consumer} ({what})")
        if rest and rest[0] not in cat.fresh_states:
            err(f"unknown fresh state {rest[0]}")
    if not all(a in names and b in names for a, b in cat.plausible):
        err("PLAUSIBLE names an unknown tool")
    if not 60 <= len(cat.ground_truth) <= 90:
        err(f"{len(cat.ground_truth)} prerequisites (want 60-90)")
    kinds = {what.split(":")[0] for _, _, what in cat.ground_truth}
    if len(kinds) < KINDS_NEEDED:
        err(f"only {len(kinds)} kinds: {kinds}")
    pairs = [(ps, c) for ps, c, _ in cat.ground_truth]
    if len(pairs) != len(set(pairs)):
        err("duplicate ground-truth entries")
    overlap = {(p, c) for ps, c, _ in cat.ground_truth for p in ps.split("|")} & set(cat.plausible)
    if overlap:
        err(f"PLAUSIBLE overlaps the ground truth: {sorted(overlap)}")

    # every designed prerequisite is proved, for every alternative provider
    for p, c, steps in orc.PROOFS:
        if steps[-1][0] != c:
            err(f"proof {p}->{c} ends with {steps[-1][0]}")
        why = ho.check_proof(cat.module, p, steps, cat.state)
        if why:
            err(f"proof {p}->{c}: {why}")
    if getattr(cat.module, "FAILURE", None) is not None:  # its own refusal predicate proves the same pairs
        for p, c, steps in orc.PROOFS:
            why = oracle.check_proof(cat.module, p, steps, cat.state)
            if why:
                err(f"proof {p}->{c} under the module's FAILURE: {why}")
    for entry in cat.ground_truth:
        covered = {p for p, _ in ho.proofs_for(entry, orc.PROOFS)}
        if covered != set(entry[0].split("|")):
            err(f"{entry[:2]}: proofs only for {sorted(covered)}")
    proved = {(p, c) for p, c, _ in orc.PROOFS}
    gt_pairs = {(p, c) for ps, c, _ in cat.ground_truth for p in ps.split("|")}
    if proved - gt_pairs:
        err(f"proofs for pairs outside the ground truth: {sorted(proved - gt_pairs)}")
    variant_proofs = getattr(orc, "VARIANT_PROOFS", [])
    for p, c, steps, variant in variant_proofs:
        why = ho.check_proof(cat.module, p, steps, cat.fresh_states[variant])
        if why:
            err(f"variant proof {p}->{c} ({variant}): {why}")
    for providers, consumer, _, variant in cat.variants:
        if not any(c == consumer and p in providers.split("|") and v == variant for p, c, _, v in variant_proofs):
            err(f"variant {providers}->{consumer} has no proof")

    # every reply along every proof is JSON (what PythonRuntime needs), and every tool is exercised
    # and the package's runtime reads each success as a success and each returned refusal as a refusal
    from llama_index_libra.runtime.failures import refusal as runtime_refusal

    exercised = set()
    for p, _, steps in orc.PROOFS:
        for res in ho.run_steps(cat.module, cat.state(), steps):
            try:
                json.dumps(res.output)
            except (TypeError, ValueError):
                err(f"{res.tool} replied with a value that is not JSON: {res.output!r:.80}")
            if res.ok:
                exercised.add(res.tool)
                if runtime_refusal(res.output) is not None:
                    err(f"{res.tool}'s success reads as a refusal to the runtime: {str(res.output)[:80]}")
        raw = {f.__name__: f for f in cat.tools}  # unwrapped: a returned refusal stays a reply (ok=True here)
        last = oracle.run_steps(raw, cat.state(), steps, drop=frozenset({p}))[-1]
        if last.ok and runtime_refusal(last.output) is None:
            err(f"without {p}, {last.tool}'s refusal is not one the runtime recognises: {str(last.output)[:80]}")
    # FIXTURES hold what a tester is handed, never an id a tool returns: a fixture value with a digit in
    # it may appear in a reply along the proofs only where some proof also types it in as an argument
    # (a licence number or an address echoed back), not where the proofs only ever read it from a reply
    def leaves(value):
        if isinstance(value, dict):
            return [x for v in value.values() for x in leaves(v)]
        if isinstance(value, (list, tuple)):
            return [x for v in value for x in leaves(v)]
        if isinstance(value, str) and value[:1] in "[{":
            try:
                return leaves(json.loads(value))
            except ValueError:
                pass
        return [str(value)]

    replied = {leaf for _, _, steps in orc.PROOFS for res in ho.run_steps(cat.module, cat.state(), steps)
               if res.ok for leaf in leaves(res.output)}
    typed = {leaf for _, _, steps in orc.PROOFS for step in steps for leaf in leaves(step[1])}
    handed = [v for v in leaves(cat.fixtures) if any(ch.isdigit() for ch in v)]
    returned = sorted(v for v in handed if v in replied and v not in typed)
    if returned:
        err(f"FIXTURES hold values a tool returns: {returned}")
    idle = set(names) - exercised
    if idle:
        err(f"tools no proof calls successfully: {sorted(idle)}")
    if len(orc.NON_PREREQUISITES) < 5:
        err(f"only {len(orc.NON_PREREQUISITES)} designed NON_PREREQUISITES (want at least 5)")
    if any(a == b for a, b in cat.plausible):
        err("PLAUSIBLE holds a pair of a tool with itself")

    # fresh states share nothing: running every proof on copies leaves the original as it was
    pristine = copy.deepcopy(vars(cat.state()))
    original = cat.state()
    for _, _, steps in orc.PROOFS:
        ho.run_steps(cat.module, copy.deepcopy(original), steps)
        ho.run_steps(cat.module, cat.state(), steps)
    if not (vars(original) == pristine and vars(cat.state()) == pristine):
        err("a call on one state changed another")

    # the oracle can fail: calls the path does not need are not prerequisites
    _, _, steps = orc.PROOFS[0]
    used = {s[0] for s in steps}
    harmless = next(first for _, _, other in orc.PROOFS for first in other
                    if first[0] not in used and not any(str(v).startswith("$") for v in first[1].values())
                    and ho.run_steps(cat.module, cat.state(), [first])[0].ok)
    rejected = [(harmless[0], [harmless] + list(steps))] + list(orc.NON_PREREQUISITES)
    for p, path in rejected:
        why = ho.check_proof(cat.module, p, path, cat.state)
        if why is None or "still succeeds" not in why:
            err(f"oracle did not reject non-prerequisite {p}->{path[-1][0]}: {why}")

    # tasks
    lines = [json.loads(line) for line in (HERE / name / "tasks.jsonl").read_text().splitlines() if line.strip()]
    if not 15 <= len(lines) <= 20:
        err(f"{len(lines)} tasks (want 15-20)")
    for task in lines:
        if set(task) != {"query", "gold"} or not task["query"].strip() or not task["gold"]:
            err(f"bad task {task}")
        elif not set(task["gold"]) <= set(names):
            err(f"task names unknown tools {set(task['gold']) - set(names)}")
    if len({t["query"] for t in lines}) != len(lines):
        err("duplicate task queries")

    # scorer sanity: the ground truth as a library scores 1/1
    perfect = {"relations": [{"provider": ps.split("|")[0], "consumer": c} for ps, c, _ in cat.ground_truth]}
    s = score(cat, perfect)
    if s["recall"] != 1.0 or s["precision"] != 1.0:
        err("ground truth does not score 1/1")

    # loads in the package's runtime (catalog listed; no induction)
    from llama_index_libra.runtime.python import PythonRuntime

    runtime = PythonRuntime(cat.tools, cat.state, fixtures=cat.fixtures)
    listed = list(runtime.catalog.names)
    if sorted(listed) != sorted(names):
        err(f"runtime lists {len(listed)} tools, module has {len(names)}")
    print(f"{name}: {len(names)} tools, {len(cat.ground_truth)} prerequisites ({len(kinds)} kinds), "
          f"{len(orc.PROOFS)} proofs, {len(variant_proofs)} variant proofs, {len(rejected)} rejections, "
          f"{len(lines)} tasks, runtime catalog {runtime.catalog.name!r} with {len(listed)} tools"
          + ("" if not errors else f" -- {len(errors)} problems"))
    return errors


def main(argv: list[str]) -> int:
    wanted = argv or CATALOGS
    errors = [e for name in wanted for e in _check(name)]
    for e in errors:
        print("FAIL", e)
    print("check: " + ("passed" if not errors else f"{len(errors)} problems") + f" ({', '.join(wanted)})")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
