"""The development catalogs of examples/catalogs: well-formed, their designed prerequisites are real
(checked by each catalog's scripted oracle), their retrieval tasks name real tools, and the shared
scorer computes GitForge's metrics."""

from __future__ import annotations

import copy
import importlib
import json
import subprocess
import sys
from pathlib import Path

import pytest
from tests.support import paths
from hypothesis import given, settings
from hypothesis import strategies as st

REPO = paths.REPO
CATALOGS = REPO / "examples" / "catalogs"
sys.path.insert(0, str(CATALOGS))

import oracle  # noqa: E402
from scoring import GITFORGE_DIR, format_score, load_catalog, score  # noqa: E402

OWN = sorted(p.parent.name for p in CATALOGS.glob("*/*_tools.py"))
HAS_GITFORGE = (GITFORGE_DIR / "forge_tools.py").is_file()
ALL = OWN + (["gitforge"] if HAS_GITFORGE else [])
KINDS_NEEDED = 5  # each own catalog mixes at least this many prerequisite kinds
MIN_TOOLS, MAX_TOOLS = 12, 60  # small service back ends (a dozen tools) up to large suites


def _oracle(name: str):
    return importlib.import_module(f"{name}_oracle")


def test_there_are_three_own_catalogs():
    assert len(OWN) >= 3, OWN


@pytest.mark.parametrize("name", ALL)
def test_catalog_is_well_formed(name):
    cat = load_catalog(name)
    names = [f.__name__ for f in cat.tools]
    assert len(names) == len(set(names))
    assert MIN_TOOLS <= len(names) <= MAX_TOOLS
    state = cat.state()
    assert vars(copy.deepcopy(state)) == vars(state) == vars(cat.state())
    for factory in cat.fresh_states.values():
        copy.deepcopy(factory())
    json.dumps(cat.fixtures)
    for providers, consumer, what, *rest in cat.ground_truth + cat.variants:
        assert consumer in names, consumer
        assert all(p in names for p in providers.split("|")), providers
        assert ":" in what
        if rest:
            assert rest[0] in cat.fresh_states
    assert all(a in names and b in names for a, b in cat.plausible)


@pytest.mark.parametrize("name", OWN)
def test_a_deep_copy_is_independent_of_its_original(name):
    """What the runtime relies on: calls on a snapshot leave the original as it was, and fresh states
    share no mutable data (a call on one fresh state never shows in the next)."""
    cat = load_catalog(name)
    pristine = copy.deepcopy(vars(cat.state()))
    original = cat.state()
    tools = {f.__name__: f for f in cat.tools}
    for _, _, steps in _oracle(name).PROOFS:
        oracle.run_steps(tools, copy.deepcopy(original), steps)
        oracle.run_steps(tools, cat.state(), steps)
    assert vars(original) == pristine and vars(cat.state()) == pristine


@pytest.mark.parametrize("name", OWN)
def test_own_catalog_mixes_kinds_and_has_distinct_pairs(name):
    cat = load_catalog(name)
    kinds = {what.split(":")[0] for _, _, what in cat.ground_truth}
    assert len(kinds) >= KINDS_NEEDED, kinds
    pairs = [(ps, c) for ps, c, _ in cat.ground_truth]
    assert len(pairs) == len(set(pairs))
    assert not {(p, c) for ps, c, _ in cat.ground_truth for p in ps.split("|")} & set(cat.plausible)


@pytest.mark.parametrize("name", OWN)
def test_every_designed_prerequisite_is_proved_by_the_oracle(name):
    """Each (provider, consumer) holds: the path succeeds, and the consumer fails without the provider."""
    cat = load_catalog(name)
    proofs = _oracle(name).PROOFS
    failures = [f"{p}->{steps[-1][0]}: {why}" for p, _, steps in proofs
                if (why := oracle.check_proof(cat.module, p, steps, cat.state))]
    assert not failures, "\n".join(failures)
    for entry in cat.ground_truth:
        covered = {p for p, _ in oracle.proofs_for(entry, proofs)}
        assert covered == set(entry[0].split("|")), f"{entry}: proofs only for {covered}"


@pytest.mark.parametrize("name", OWN)
def test_fresh_state_variant_prerequisites_are_proved(name):
    cat = load_catalog(name)
    proofs = getattr(_oracle(name), "VARIANT_PROOFS", [])
    for p, c, steps, variant in proofs:
        assert oracle.check_proof(cat.module, p, steps, cat.fresh_states[variant]) is None, (p, c, variant)
    for providers, consumer, _, variant in cat.variants:
        assert any(c == consumer and p in providers.split("|") and v == variant for p, c, _, v in proofs)


@pytest.mark.parametrize("name", OWN)
def test_oracle_rejects_a_provider_that_is_not_a_prerequisite(name):
    """The oracle can fail: prefixing a tool that the path does not use must not prove anything."""
    cat = load_catalog(name)
    proofs = _oracle(name).PROOFS
    _, _, steps = proofs[0]
    used = {s[0] for s in steps}
    # any call that succeeds on its own in a fresh state (the first call of some proof) and that this
    # path does not use: prefixing it must not make it a "prerequisite"
    failure = oracle.failure_of(cat.module)
    harmless = next(first for _, _, other in proofs for first in other[:1]
                    if first[0] not in used and not any(str(v).startswith("$") for v in first[1].values())
                    and oracle.run_steps({f.__name__: f for f in cat.tools}, cat.state(), [first], failure=failure)[0].ok)
    why = oracle.check_proof(cat.module, harmless[0], [harmless] + list(steps), cat.state)
    assert why is not None and "still succeeds" in why


def test_oracle_counts_a_returned_refusal_as_a_failure_only_where_the_catalog_says_so():
    """A catalog's FAILURE predicate marks returned refusals ("Error: ..." strings) as failures;
    without one, the oracle judges replies exactly as before (exceptions and error dicts only)."""
    def lookup(key: str) -> str:
        return "found" if key == "a" else "Error: not found"

    def refuse(key: str) -> dict:
        return {"error": "no"}

    def is_error(output) -> bool:
        return isinstance(output, str) and output.startswith("Error: ")

    assert oracle.call_tool(lookup, {"key": "b"}, None).ok
    assert not oracle.call_tool(lookup, {"key": "b"}, None, is_error).ok
    assert oracle.call_tool(lookup, {"key": "a"}, None, is_error).ok
    assert not oracle.call_tool(refuse, {"key": "a"}, None).ok and not oracle.call_tool(refuse, {"key": "a"}, None, is_error).ok
    declared = [name for name in OWN if oracle.failure_of(load_catalog(name).module) is not None]
    for name in declared:  # each declaring catalog's predicate tells its own refusals from its answers
        failure = oracle.failure_of(load_catalog(name).module)
        assert failure("Error: order not found") and not failure("Transfer successful") and not failure({"ok": 1})
    assert all(oracle.failure_of(load_catalog(n).module) is None for n in ("pocketphone", "shopdesk", "labflow"))


def _tasks_file(name: str) -> Path:
    return CATALOGS / "gitforge_tasks.jsonl" if name == "gitforge" else CATALOGS / name / "tasks.jsonl"


@pytest.mark.parametrize("name", ALL)
def test_retrieval_tasks_name_real_tools(name):
    cat = load_catalog(name)
    names = {f.__name__ for f in cat.tools}
    lines = [json.loads(line) for line in _tasks_file(name).read_text().splitlines() if line.strip()]
    assert 20 <= len(lines) <= 30
    for task in lines:
        assert set(task) == {"query", "gold"} and task["query"].strip()
        assert task["gold"] and set(task["gold"]) <= names, set(task["gold"]) - names
    assert len({t["query"] for t in lines}) == len(lines)


@pytest.mark.parametrize("name", ALL)
def test_score_of_the_ground_truth_library_is_perfect_and_of_an_empty_one_zero(name):
    cat = load_catalog(name)
    perfect = {"relations": [{"provider": ps.split("|")[0], "consumer": c} for ps, c, _ in cat.ground_truth]}
    assert score(cat, perfect)["recall"] == 1.0 and score(cat, perfect)["precision"] == 1.0
    empty = score(cat, {"relations": []})
    assert empty["found"] == 0 and empty["pairs"] == 0 and empty["missed"]
    names = sorted(f.__name__ for f in cat.tools)
    gt_pairs = {(p, c) for ps, c, *_ in cat.ground_truth + cat.variants for p in ps.split("|")} | set(cat.plausible)
    bogus = next((a, b) for a in names for b in names if a != b and (a, b) not in gt_pairs)
    noisy = score(cat, {"relations": perfect["relations"] + [{"provider": f"X.{bogus[0]}", "consumer": f"X.{bogus[1]}"}]})
    assert noisy["false_pairs"] == [list(bogus)] and noisy["precision"] < 1.0


@pytest.mark.skipif(not HAS_GITFORGE, reason="GitForge is not beside the checkout")
def test_scorer_prints_what_gitforge_score_library_prints(tmp_path):
    cat = load_catalog("gitforge")
    rels = [{"provider": f"F.{ps.split('|')[-1]}", "consumer": f"F.{c}"} for ps, c, _ in cat.ground_truth[::3]]
    rels += [{"provider": "F.get_server_status", "consumer": "F.login"}, {"provider": "F.whoami", "consumer": "F.find_repo"}]
    lib = tmp_path / "lib.json"
    lib.write_text(json.dumps({"relations": rels}))
    theirs = subprocess.run([sys.executable, str(GITFORGE_DIR / "score_library.py"), str(lib)],
                            capture_output=True, text=True, check=True).stdout.strip()
    ours = subprocess.run([sys.executable, str(CATALOGS / "scoring.py"), "gitforge", str(lib), "--json", str(tmp_path / "s.json")],
                          capture_output=True, text=True, check=True).stdout.strip()
    assert ours == theirs
    assert json.loads((tmp_path / "s.json").read_text())["false_pairs"] == [["get_server_status", "login"]]
    assert format_score(score(cat, {"relations": rels})) == theirs


def test_scorer_cli_rejects_bad_input(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    run = subprocess.run([sys.executable, str(CATALOGS / "scoring.py"), OWN[0], str(bad)], capture_output=True, text=True)
    assert run.returncode != 0 and "scoring: error:" in run.stderr and len(run.stderr.strip().splitlines()) == 1
    run = subprocess.run([sys.executable, str(CATALOGS / "scoring.py"), "no-such-catalog", str(bad)], capture_output=True, text=True)
    assert run.returncode != 0 and "no catalog" in run.stderr


@pytest.mark.parametrize("content", ['{"relations": [{"provider": 1}]}', '{"relations": 3}', "[]", ""])
def test_scorer_cli_rejects_documents_that_are_not_libraries(tmp_path, content):
    bad = tmp_path / "bad.json"
    bad.write_text(content)
    run = subprocess.run([sys.executable, str(CATALOGS / "scoring.py"), OWN[0], str(bad)], capture_output=True, text=True)
    assert run.returncode != 0 and run.stderr.startswith("scoring: error:") and len(run.stderr.strip().splitlines()) == 1


_NAME = st.text(alphabet="abcdefghijklmnopqrstuvwxyz_.", min_size=1, max_size=20)


@settings(max_examples=60, deadline=None)
@given(rels=st.lists(st.tuples(_NAME, _NAME), max_size=30), real=st.lists(st.integers(0, 200), max_size=20))
def test_score_stays_a_proportion_for_any_library(rels, real):
    """Any mix of real and invented pairs: counts add up and both metrics stay in [0, 1]."""
    cat = load_catalog(OWN[0])
    gt = [(ps.split("|")[0], c) for ps, c, _ in cat.ground_truth]
    pairs = list(rels) + [gt[i % len(gt)] for i in real]
    result = score(cat, {"relations": [{"provider": p, "consumer": c} for p, c in pairs]})
    assert 0.0 <= result["recall"] <= 1.0 and 0.0 <= result["precision"] <= 1.0
    assert result["found"] + len(result["missed"]) == result["prerequisites"]
    assert result["correct_pairs"] + len(result["false_pairs"]) == result["pairs"] == len({(p.rsplit(".", 1)[-1], c.rsplit(".", 1)[-1]) for p, c in pairs})
    assert result["found"] >= len({i % len(gt) for i in real})  # every real pair given finds its entry


def test_variant_runtime_offers_every_fresh_state_and_survives_pickling():
    import pickle

    from variant_runtime import VariantRuntime

    cat = load_catalog("pocketphone")
    factories = [cat.state] + [f for f in cat.fresh_states.values() if f is not cat.state]
    runtime = VariantRuntime(cat.tools, cat.state, fixtures=cat.fixtures, fresh_factories=factories)
    clone = pickle.loads(pickle.dumps(runtime))
    for rt in (runtime, clone):
        states = rt.fresh_states()
        assert len(states) == len(cat.fresh_states) and vars(states[0]) == vars(rt.fresh())
        assert len({json.dumps(rt.view(s), sort_keys=True) for s in states}) == len(states)


@pytest.mark.slow
def test_bench_catalogs_builds_and_scores_with_the_public_api(tmp_path):
    out = tmp_path / "bench.json"
    quickest = "devicekit"  # the quickest default build of the dev catalogs (about 25 s on 2 cores)
    try:
        subprocess.run([sys.executable, str(REPO / "scripts" / "bench_catalogs.py"), "--catalogs", quickest, "--repeats", "1",
                        "--json", str(out)], check=True, capture_output=True, text=True, cwd=REPO, timeout=3600)
    except subprocess.TimeoutExpired:
        pytest.fail(f"time limit: scripts/bench_catalogs.py did not finish one {quickest} build within 3600 s")
    row = json.loads(out.read_text())["catalogs"][0]
    assert row["catalog"] == quickest and row["deterministic"] and row["induce_s"] > 0
    assert 0.0 <= row["recall"] <= 1.0 and row["relations"] >= 0


@pytest.mark.slow
def test_bench_catalogs_passes_a_budget_to_each_build(tmp_path):
    """``--budget 3000runs`` caps each build as ``libra induce --budget`` does (a run budget keeps the
    repeats identical); a malformed budget is refused before any build."""
    out = tmp_path / "bench.json"
    script = [sys.executable, str(REPO / "scripts" / "bench_catalogs.py"), "--catalogs", "devicekit"]
    bad = subprocess.run(script + ["--budget", "lots"], capture_output=True, text=True, cwd=REPO, timeout=600)
    assert bad.returncode == 2 and "expected SECONDS" in bad.stderr
    try:
        subprocess.run(script + ["--repeats", "2", "--budget", "3000runs", "--json", str(out)],
                       check=True, capture_output=True, text=True, cwd=REPO, timeout=3600)
    except subprocess.TimeoutExpired:
        pytest.fail("time limit: two capped devicekit builds did not finish within 3600 s")
    data = json.loads(out.read_text())
    row = data["catalogs"][0]
    assert data["budget"] == "3000runs" and row["deterministic"]
    assert 0 < row["runs"] <= 3000
