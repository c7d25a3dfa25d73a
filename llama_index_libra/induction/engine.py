"""Algorithm 1: execute candidate compositions in a sandbox and keep counterfactually supported relations.

Exploration is breadth first over sandbox states, starting from the runtime's fresh state:

1. In each explored state, every success template of every tool runs; literal-only templates
   first, then templates whose observation inputs are bound to values observed earlier (exports
   of successful calls in this state or on the path to it). Bindings are ranked by the
   similarity of the provider's field name to the input name and capped per input.
2. Input provenance: a bound call that succeeds is re-run from the same saved state with the
   input replaced by a control (an optional input is omitted instead). Control fails ->
   ``provenance``; control succeeds and the field names align (cos > tau) -> ``compatibility``.
3. State dependency: a successful call that changes the state is a transition sigma -> sigma'.
   Every template of the tools in the same state partition runs with identical arguments in
   sigma and in sigma'; fail before and succeed after -> ``state``.
4. New states are explored up to ``max_depth`` calls from the fresh state (de-duplicated by the
   state digest), so multi-hop and conjunctive prerequisites are found: in a state where the
   doors are locked, pressing the brake is what lets the engine start.

Exploration runs level by level (all states one call deeper than the last level): the states of
a level are explored independently (by the serial, process-pool or Ray executor of
``executors.py``) against the contracts as of the level's start, and the master merges their
results in state order; contract revisions (feedback exports, LLM revisions) apply from the next
level; state tests run once every state is explored. So every executor gives the same library
bytes. Runs are memoized per worker by (state digest, tool, arguments) and, with ``log_dir``,
logged by content hash (``runlog.py``) so interrupted builds resume and edited catalogs rebuild
incrementally. Where each part lives: ``scheduling.py`` (the master: levels and depth),
``explorer.py`` (a worker's parts: ``calls.py``, ``values.py``, ``bindings.py`` and
``counterfactual.py``), ``state_schedule.py`` and ``fallbacks.py`` (one state's schedule),
``selection.py`` (which relations the library keeps), ``report.py``.

Bounds: ``max_depth`` (state chain length), ``max_states`` (distinct states explored),
``max_runs`` (tool executions per worker batch) and ``bindings_per_input``; the report says what
they cut. Known limitation: below the fresh state, only tools of the partitions changed on the
path are re-explored (tools of untouched partitions behave exactly as in the parent state), so a
value first produced in one partition's child state is not offered to other partitions' tools.
"""

from __future__ import annotations

import hashlib
import json
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, Mapping

from llama_index_libra._io import canonical_json
from llama_index_libra.catalog import ToolCatalog
from llama_index_libra.induction import explorer as _explorer
from llama_index_libra.induction.bindings import schema_type
from llama_index_libra.induction.explorer import Context
from llama_index_libra.induction.worker_caches import release_worker_caches
from llama_index_libra.induction.field_encoders import described_sims, resolve_field_encoder
from llama_index_libra.induction.report import BuildReport
from llama_index_libra.induction.reply_values import whole_reply_texts
from llama_index_libra.induction.scheduling import Master
from llama_index_libra.induction.selection import select_providers, split_providers
from llama_index_libra.induction.handed import fixture_values
from llama_index_libra.induction.values import FIXTURE_PROVIDER
from llama_index_libra.library import Relation, ToolLibrary

__all__ = ["InductionConfig", "BuildReport", "induce", "candidate_compositions", "schema_type", "select_providers",
           "fixture_values", "FIXTURE_PROVIDER"]

# What the pool's workers import as they start: the module of the functions they run (the chunk entry points).
_WORKER_MODULE = _explorer.__name__



@dataclass(frozen=True)
class InductionConfig:
    """Induction settings. ``tau`` is the field-alignment threshold of compatibility relations.

    tau = 0.5 is fixed a priori (never fitted to benchmark labels): under the packaged MiniLM
    encoder, humanized field names that denote the same thing ("user id"/"receiver id",
    "access token"/"token") score above it, unrelated ones ("balance"/"file name") well below.

    Exploration bounds: every state up to ``max_depth`` calls from a fresh state is explored in
    full; past it, a state is explored in full (and may be deepened further, up to
    ``goal_depth``) only when its parent was *productive* (some template succeeded there for the
    first time, or it produced a value under an export name never seen before), at most
    ``goal_children_per_tool`` such states per transition tool, plus ``chain_children_per_tool``
    whose call uses a value the parent's own transition produced (create a branch, commit to it,
    open a pull request: a chain of creations); other states past the bound get
    value-only tests (``max_value_states`` of them). ``max_states`` bounds the fully explored ones.

    ``gather_states`` bounds the gathered states (``gathering.py``): after a productive state is
    explored in full, its state-changing successes (creations first, then first successes) are
    applied together to one copy of it, which is explored in full too, so a consumer that needs
    several things at once (a session, a reservation with a room, a guaranteed card) can run. 0: off.

    ``providers_per_input`` keeps, per consumer input, the value relations of that many providers
    (0: all): provenance before compatibility, then the best field alignment, then the most direct
    export (a top-level field before a field inside a list of records), then the earliest found.
    Retrieval promotes the best providers of an input anyway; the others are alternative routes.
    A provider that itself takes the field it provides (a fork taking a repository id) ranks after
    the sources of that field.

    ``budget_s`` / ``budget_runs`` cap the build's wall clock (from the start of :func:`induce`)
    and its tool runs (``--budget``, :mod:`.budget`): exploration may spend a share of them and
    the state tests most of the rest (an anytime build), past them no tool runs, the library keeps
    what was found and the report says what was cut. None: no cap.

    ``revise_unsuccessful`` re-explores once with the free-text literals of never-successful tools
    turned into observations; off by default, since every template already retries its free
    literals with observed values of a fitting type when all its bindings fail.
    """

    tau: float = 0.5
    max_depth: int = 2
    goal_depth: int = 8
    goal_children_per_tool: int = 1
    chain_children_per_tool: int = 3
    max_states: int = 400
    max_value_states: int = 100
    gather_states: int = 24
    providers_per_input: int = 1
    revise_unsuccessful: bool = False
    max_runs: int = 1_000_000
    bindings_per_input: int = 4
    joint_bindings: int = 32
    successes_per_template: int = 4
    max_revisions: int = 2
    enum_variants: int = 3
    timeout_s: float | None = 5.0
    evidence_chars: int = 400
    budget_s: float | None = None
    budget_runs: int | None = None

    def to_json(self) -> dict[str, Any]:
        return asdict(self)



# ------------------------------------------------------------------------------- static candidates
_NUMERIC = {"integer", "number"}


def _compatible(out_schema: Any, in_schema: Any) -> bool:
    a, b = schema_type(out_schema), schema_type(in_schema)
    if a is None or b is None:
        return True
    if a == b:
        if a == "array":
            return _compatible((out_schema or {}).get("items"), (in_schema or {}).get("items"))
        return True
    return a == "integer" and b == "number"


def candidate_compositions(catalog: ToolCatalog, contracts: Mapping[str, Any]) -> list[tuple[str, str, str, str]]:
    """(provider, export name, consumer, input) quadruples whose export schema type-fits the input."""
    inputs = [
        (spec.name, name, schema)
        for spec in catalog
        for name, schema in ((spec.parameters or {}).get("properties") or {}).items()
    ]
    out = []
    for spec in catalog:
        contract = contracts[spec.name]
        exports = {}
        for e in contract.exports:
            if e.propagate and e.name not in exports:
                exports[e.name] = e.schema
        for export_name, export_schema in exports.items():
            for consumer, input_name, input_schema in inputs:
                if consumer != spec.name and _compatible(export_schema, input_schema):
                    out.append((spec.name, export_name, consumer, input_name))
    return out



def _default_proposer(runtime: Any) -> Any:
    from llama_index_libra.contracts.proposer import SchemaContractProposer

    return SchemaContractProposer(fixtures=getattr(runtime, "fixtures", None) or {})


def _propose_contracts(catalog: ToolCatalog, runtime: Any, proposer: Any, contracts: Mapping[str, Any] | None,
                       progress: bool = False) -> dict[str, Any]:
    from llama_index_libra.contracts.model import Contract

    out: dict[str, Any] = {}
    given = dict(contracts or {})
    specs = list(catalog)
    if progress and proposer is not None and not isinstance(proposer, type(_default_proposer(runtime))):
        from tqdm.auto import tqdm

        specs = tqdm(specs, desc="contracts", unit="tool")
    for spec in specs:
        contract = given.get(spec.name)
        if contract is None:
            contract = proposer.propose(spec)
        elif not isinstance(contract, Contract):
            contract = Contract.from_json(contract, spec=spec)
        out[spec.name] = contract.with_mechanical_exports(spec)
    return out


def _runtime_key(runtime: Any) -> str:
    """Identity of a sandbox for the run log: name, class, fixtures, the fresh state's digest, and
    the runtime's own ``identity`` when it has one (e.g. which checkout and interpreter run tools)."""
    state = runtime.fresh()
    text = canonical_json({"name": getattr(runtime, "name", ""), "class": type(runtime).__name__,
                           "fixtures": getattr(runtime, "fixtures", None) or {}, "fresh": runtime.digest(state),
                           "identity": str(getattr(runtime, "identity", ""))})
    return hashlib.sha256(text.encode()).hexdigest()[:24]


def _similarity_table(encoder: Any, contracts: Mapping[str, Any], catalog: ToolCatalog) -> dict[tuple[str, str], float]:
    """cos(h_f(export), h_f(input)) for every export name x input name, computed once (rounded)."""
    exports = sorted({e.name for c in contracts.values() for e in c.exports})
    inputs = sorted({n for s in catalog for n in s.input_names})
    if hasattr(encoder, "warm"):
        encoder.warm(exports + inputs)
    return {(a, b): round(float(encoder.similarity(a, b)), 6) for a in exports for b in inputs}


def _binding_table(encoder: Any, contracts: Mapping[str, Any], catalog: ToolCatalog) -> dict[tuple[str, str, str], float]:
    """Described alignments (:func:`.field_encoders.described_sims`) of the contracts' exports."""
    return described_sims(encoder, sorted({e.name for c in contracts.values() for e in c.exports}), catalog,
                          export_texts=whole_reply_texts(contracts, catalog))


def induce(
    runtime: Any,
    *,
    catalog: ToolCatalog | None = None,
    proposer: Any = None,
    contracts: Mapping[str, Any] | None = None,
    config: InductionConfig | None = None,
    field_encoder: Any = "minilm",
    executor: Any = "process",
    workers: int | None = None,
    log_dir: str | Path | None = None,
    show_progress: bool = False,
    isolation: str | None = None,
) -> tuple[ToolLibrary, BuildReport]:
    """Build a :class:`ToolLibrary` by executing candidate compositions in ``runtime``.

    ``runtime`` is the sandbox the user explicitly provides; no tool is ever called outside it.
    ``contracts`` (tool -> Contract or its JSON) override the ``proposer`` (default: the
    schema-derived proposer, no LLM). ``executor`` is ``"serial"``, ``"process"`` (all cores, or
    ``workers``), ``"ray"`` or an Executor; every executor yields the same library bytes.
    ``log_dir`` keeps an append-only log of runs: a build interrupted by Ctrl-C or a killed worker
    resumes from it, and a rebuild after a catalog edit re-executes only runs whose inputs changed.
    ``isolation`` (``"process"``, ``"call"``, ``"none"``; default: the runtime's ``isolation``) says
    where calls run: where a call that crashes or hangs changes no record and stops no build (in a
    supervised child process; in a process pool, the watched worker itself, whose chunks run again
    isolated if it dies), always in a supervised child, or in the worker itself. SIGTERM stops a build as Ctrl-C does: workers stopped, run log kept.
    Returns the deterministic library and the run's report.
    """
    from llama_index_libra.induction.executors import resolve_executor, stop_on_sigterm
    from llama_index_libra.runtime.isolation import with_isolation

    from llama_index_libra.induction.budget import Budget

    config = config or InductionConfig()
    budget = Budget(config.budget_s, config.budget_runs)  # validates both
    deadline = budget.deadline(time.time())
    runtime = with_isolation(runtime, isolation)
    catalog = catalog or runtime.catalog
    t0 = time.perf_counter()
    report = BuildReport(tools=len(catalog), budget=budget.describe())
    pool = resolve_executor(executor, workers, runtime=runtime)
    stop = stop_on_sigterm()
    stop.__enter__()
    progress = None
    try:
        pool.prestart(warm=(_WORKER_MODULE,))
        proposer = proposer if proposer is not None else _default_proposer(runtime)
        contract_map = _propose_contracts(catalog, runtime, proposer, contracts, show_progress)
        encoder = resolve_field_encoder(field_encoder)

        quads = candidate_compositions(catalog, contract_map)
        report.candidates = len(quads)
        sims = _similarity_table(encoder, contract_map, catalog)
        ctx = Context(runtime=runtime, catalog=catalog, config=config, sims=sims, runtime_key=_runtime_key(runtime),
                      partition={spec.name: runtime.partition_of(spec.name) for spec in catalog},
                      binding_sims=_binding_table(encoder, contract_map, catalog),
                      log_dir=str(log_dir) if log_dir is not None else None, collect_feedback=hasattr(proposer, "revise"),
                      deadline=deadline)
        report.executor, report.workers = pool.name, pool.workers

        if show_progress:
            from tqdm.auto import tqdm

            progress = tqdm(desc=f"inducing {catalog.name}", unit="state", total=0)
        master = Master(runtime, catalog, contract_map, config, ctx, pool, report, progress, encoder)
        master.proposer = proposer if hasattr(proposer, "revise") else None
        pool.start(ctx)
        t_tests = time.perf_counter()
        master.explore_pass()
        if config.revise_unsuccessful and master.revise_unsuccessful():
            master.explore_pass()
        master.coverage()
        report.tests_s = time.perf_counter() - t_tests
    finally:
        pool.close()
        release_worker_caches()  # what a serial build's binders and runs kept in this process go with the build
        report.pool_restarts = int(getattr(pool, "restarts", 0) or 0)
        if progress is not None:
            progress.close()
        stop.__exit__(None, None, None)

    candidates = [Relation(p, c, "compatibility", e, i, round(master.sim(e, i), 4), {}, source="schema") for p, e, c, i in quads]
    kept, alternatives = split_providers(list(master.relations.values()), config.providers_per_input, catalog)
    report.relations_pruned = len(master.relations) - len(kept)
    library = ToolLibrary(
        catalog=catalog,
        relations=kept,
        contracts={name: c.to_json() for name, c in master.contracts.items()},
        candidates=candidates,
        alternatives=alternatives,
        runtime=_runtime_info(runtime),
        settings={"induction": config.to_json(), "field_encoder": getattr(encoder, "name", type(encoder).__name__),
                  "proposer": getattr(proposer, "name", type(proposer).__name__)},
    )
    report.relations = library.counts()
    for attr in ("llm_calls", "cache_hits"):
        setattr(report, attr, int(getattr(proposer, attr, 0) or 0))
    report.llm_s = float(getattr(proposer, "llm_seconds", 0.0) or 0.0)
    report.wall_s = time.perf_counter() - t0
    return library, report


def _runtime_info(runtime: Any) -> dict[str, Any]:
    info: dict[str, Any] = {"name": getattr(runtime, "name", type(runtime).__name__), "class": type(runtime).__name__}
    fixtures = getattr(runtime, "fixtures", None)
    if fixtures:
        info["fixtures"] = json.loads(canonical_json(fixtures))
    identity = getattr(runtime, "tool_identity", None)
    if callable(identity):  # code identities: `libra catalog --runtime ... --library` names code-only edits
        info["tool_code"] = {name: identity(name) for name in runtime.catalog.names}
    return info

