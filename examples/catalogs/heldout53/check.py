#!/usr/bin/env python3
"""Check the fifty-third set of held-out catalogs (the fifty-second set's check.py with its
docstring adjusted): well formed, every designed prerequisite proved by
its scripted oracle with the calls run through the package's own ``PythonRuntime`` (replies
converted to JSON and refusals read as the runtime reads them), the oracle able to reject
non-prerequisites, fixtures free of returned ids, tasks naming real tools, the ground truth scoring
1/1, and each module loading as ``PythonRuntime(TOOLS, State, fixtures=FIXTURES)`` (plus
``failure=FAILURE`` where the module declares one; the runtime is built, its catalog listed and the
proofs' calls run through it; no induction is run).

    PYTHONPATH=<checkout> <venv>/bin/python check.py [CATALOG ...]

The checkout is found from the ``llama_index_libra`` package on PYTHONPATH; its
``examples/catalogs/oracle.py``, ``scoring.py`` and ``heldout/heldout_oracle.py`` are imported, not copied.

Bounds: 16-50 tools, 20-90 prerequisites of at least 6 kinds, at least 5 designed
non-prerequisites, 18-25 tasks per set. A module that declares ``FAILURE`` has it passed to the
runtime as ``PythonRuntime(..., failure=FAILURE)``, the runtime's own keyword for a back end that
refuses in a way its common conventions do not read (in this set leadline declares one, for the
Twilio-style REST error its harbour authority answers a refusal with, a dict with a numeric
``code``, a ``more_info`` link and an HTTP ``status``, ``{"code": 82002, "message": ...,
"more_info": ..., "status": 422}``, which no common convention reads; lagging raises Python's own
exceptions (``PermissionError``, ``LookupError``, ``ValueError``, ``RuntimeError``), which the
runtime records as errors, and dunnage returns ``"Error: ..."`` strings, which the runtime reads as
refusals); where the runtime has no such keyword the check says
so and fails. Every proof is run through ``PythonRuntime.call`` (a call whose record is not
``success`` is a failure), and the plain ``oracle.check_proof`` over the raw functions (with the
module's ``FAILURE`` where it declares one) is run as well wherever every raw reply along the proofs
is already JSON.
"""

from __future__ import annotations

import copy
import functools
import importlib
import json
import sys
from pathlib import Path
from types import SimpleNamespace

HERE = Path(__file__).resolve().parent
import llama_index_libra  # noqa: E402  (the checkout on PYTHONPATH)

CHECKOUT = Path(llama_index_libra.__file__).resolve().parents[1]
for _p in (CHECKOUT / "examples" / "catalogs" / "heldout", CHECKOUT / "examples" / "catalogs"):
    sys.path.insert(0, str(_p))

import heldout_oracle as ho  # noqa: E402
import oracle  # noqa: E402
from scoring import load_catalog, score  # noqa: E402

from llama_index_libra.runtime.python import PythonRuntime  # noqa: E402

CATALOGS = sorted(p.parent.name for p in HERE.glob("*/*_tools.py"))
KINDS_NEEDED = 6


class Refused(Exception):
    """A call the runtime recorded as ``rejected`` or ``error``."""


def _through_runtime(runtime: PythonRuntime, fn):
    """``fn``'s signature (the oracle reads its annotations), called through ``runtime.call``: the
    reply is the record's JSON output, and a record that is not a success raises."""

    @functools.wraps(fn)
    def call(**kwargs):
        state = kwargs.pop("state", None)  # a tool without a state parameter is called without it
        record = runtime.call(state, fn.__name__, kwargs, timeout_s=0)
        if record.status != "success":
            raise Refused(f"{record.status}: {record.message}")
        return record.output

    return call


def _check(name: str) -> list[str]:
    errors: list[str] = []
    cat = load_catalog(str(HERE / name))
    sys.path.insert(0, str(HERE / name))
    orc = importlib.import_module(f"{name}_oracle")
    names = [f.__name__ for f in cat.tools]

    def err(msg: str) -> None:
        errors.append(f"{name}: {msg}")

    # loads in the package's runtime (catalog listed; no induction)
    failure = oracle.failure_of(cat.module)
    if failure is None:
        runtime = PythonRuntime(cat.tools, cat.state, fixtures=cat.fixtures)
    else:
        try:
            runtime = PythonRuntime(cat.tools, cat.state, fixtures=cat.fixtures, failure=failure)
        except TypeError:
            err("the runtime takes no failure= predicate, and this module declares FAILURE")
            runtime = PythonRuntime(cat.tools, cat.state, fixtures=cat.fixtures)
    listed = list(runtime.catalog.names)
    if sorted(listed) != sorted(names):
        err(f"runtime lists {len(listed)} tools, module has {len(names)}")
    rt_tools = {f.__name__: _through_runtime(runtime, f) for f in cat.tools}
    rt_module = SimpleNamespace(TOOLS=list(rt_tools.values()), State=cat.state)

    def run(state, steps, drop=frozenset()):
        return oracle.run_steps(rt_tools, state, steps, drop=drop)

    # well-formed
    if len(names) != len(set(names)):
        err("duplicate tool names")
    if not 16 <= len(names) <= 50:
        err(f"{len(names)} tools (want 16-50)")
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
    if not 20 <= len(cat.ground_truth) <= 90:
        err(f"{len(cat.ground_truth)} prerequisites (want 20-90)")
    kinds = {what.split(":")[0] for _, _, what in cat.ground_truth}
    if len(kinds) < KINDS_NEEDED:
        err(f"only {len(kinds)} kinds: {kinds}")
    pairs = [(ps, c) for ps, c, _ in cat.ground_truth]
    if len(pairs) != len(set(pairs)):
        err("duplicate ground-truth entries")
    flat = [(p, c) for ps, c, _ in cat.ground_truth for p in ps.split("|")]
    if len(flat) != len(set(flat)):
        err("a (provider, consumer) pair appears in two ground-truth entries")
    overlap = set(flat) & set(cat.plausible)
    if overlap:
        err(f"PLAUSIBLE overlaps the ground truth: {sorted(overlap)}")
    if any(p == c for p, c in flat):
        err("a ground-truth entry pairs a tool with itself")

    # every designed prerequisite is proved, for every alternative provider, through the runtime
    for p, c, steps in orc.PROOFS:
        if steps[-1][0] != c:
            err(f"proof {p}->{c} ends with {steps[-1][0]}")
        why = oracle.check_proof(rt_module, p, steps, cat.state)
        if why:
            err(f"proof {p}->{c}: {why}")
    raw_json = True
    for _, _, steps in orc.PROOFS:
        for res in oracle.run_steps({f.__name__: f for f in cat.tools}, cat.state(), steps,
                                    failure=oracle.failure_of(cat.module)):
            try:
                json.dumps(res.output)
            except (TypeError, ValueError):
                raw_json = False
    plain = "n/a (replies are models the runtime converts)"
    if raw_json:  # the raw functions too, under the plain oracle and the module's own FAILURE
        plain = "passed"
        for p, c, steps in orc.PROOFS:
            why = oracle.check_proof(cat.module, p, steps, cat.state)
            if why:
                plain = "failed"
                err(f"proof {p}->{c} under the plain oracle: {why}")
    for entry in cat.ground_truth:
        covered = {p for p, _ in ho.proofs_for(entry, orc.PROOFS)}
        if covered != set(entry[0].split("|")):
            err(f"{entry[:2]}: proofs only for {sorted(covered)}")
    proved = {(p, c) for p, c, _ in orc.PROOFS}
    if proved - set(flat):
        err(f"proofs for pairs outside the ground truth: {sorted(proved - set(flat))}")
    variant_proofs = getattr(orc, "VARIANT_PROOFS", [])
    for p, c, steps, variant in variant_proofs:
        why = oracle.check_proof(rt_module, p, steps, cat.fresh_states[variant])
        if why:
            err(f"variant proof {p}->{c} ({variant}): {why}")
    for providers, consumer, _, variant in cat.variants:
        if not any(c == consumer and p in providers.split("|") and v == variant for p, c, _, v in variant_proofs):
            err(f"variant {providers}->{consumer} has no proof")

    # every tool succeeds in some proof (as the runtime records it)
    exercised = {res.tool for _, _, steps in orc.PROOFS for res in run(cat.state(), steps) if res.ok}
    idle = set(names) - exercised
    if idle:
        err(f"tools no proof calls successfully: {sorted(idle)}")

    # FIXTURES hold what a tester is handed, never an id a tool returns: a fixture value with a digit in
    # it may appear in a reply along the proofs only where some proof also types it in as an argument
    # (a phone number or an address echoed back), not where the proofs only ever read it from a reply
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

    replied = {leaf for _, _, steps in orc.PROOFS for res in run(cat.state(), steps)
               if res.ok for leaf in leaves(res.output)}
    typed = {leaf for _, _, steps in orc.PROOFS for step in steps for leaf in leaves(step[1])}
    handed = [v for v in leaves(cat.fixtures) if any(ch.isdigit() for ch in v)]
    returned = sorted(v for v in handed if v in replied and v not in typed)
    if returned:
        err(f"FIXTURES hold values a tool returns: {returned}")
    if len(orc.NON_PREREQUISITES) < 5:
        err(f"only {len(orc.NON_PREREQUISITES)} designed NON_PREREQUISITES (want at least 5)")
    if any(a == b for a, b in cat.plausible):
        err("PLAUSIBLE holds a pair of a tool with itself")

    # fresh states share nothing: running every proof on copies leaves the original as it was
    pristine = copy.deepcopy(vars(cat.state()))
    original = cat.state()
    for _, _, steps in orc.PROOFS:
        run(copy.deepcopy(original), steps)
        run(cat.state(), steps)
    if not (vars(original) == pristine and vars(cat.state()) == pristine):
        err("a call on one state changed another")

    # the oracle can fail: calls the path does not need are not prerequisites
    _, _, steps = orc.PROOFS[0]
    used = {s[0] for s in steps}
    harmless = next(first for _, _, other in orc.PROOFS for first in other
                    if first[0] not in used and not any(str(v).startswith("$") for v in first[1].values())
                    and run(cat.state(), [first])[0].ok)
    rejected = [(harmless[0], [harmless] + list(steps))] + list(orc.NON_PREREQUISITES)
    for p, path in rejected:
        why = oracle.check_proof(rt_module, p, path, cat.state)
        if why is None or "still succeeds" not in why:
            err(f"oracle did not reject non-prerequisite {p}->{path[-1][0]}: {why}")

    # tasks
    lines = [json.loads(line) for line in (HERE / name / "tasks.jsonl").read_text().splitlines() if line.strip()]
    if not 18 <= len(lines) <= 25:
        err(f"{len(lines)} tasks (want 18-25)")
    for task in lines:
        if set(task) != {"query", "gold"} or not task["query"].strip() or not task["gold"]:
            err(f"bad task {task}")
        elif not set(task["gold"]) <= set(names):
            err(f"task names unknown tools {set(task['gold']) - set(names)}")
        elif len(set(task["gold"])) != len(task["gold"]):
            err(f"task repeats a gold tool: {task['query'][:60]}")
    if len({t["query"] for t in lines}) != len(lines):
        err("duplicate task queries")

    # scorer sanity: the ground truth as a library scores 1/1
    perfect = {"relations": [{"provider": ps.split("|")[0], "consumer": c} for ps, c, _ in cat.ground_truth]}
    s = score(cat, perfect)
    if s["recall"] != 1.0 or s["precision"] != 1.0:
        err("ground truth does not score 1/1")

    print(f"{name}: {len(names)} tools, {len(cat.ground_truth)} prerequisites ({len(kinds)} kinds), "
          f"{len(orc.PROOFS)} proofs through the runtime (plain oracle: {plain}), {len(variant_proofs)} variant "
          f"proofs, {len(rejected)} rejections, {len(lines)} tasks, runtime catalog {runtime.catalog.name!r} "
          f"with {len(listed)} tools" + ("" if not errors else f" -- {len(errors)} problems"))
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
