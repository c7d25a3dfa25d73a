"""Runs of the agentic grid: (benchmark, method, LLM, seed) cells x tasks, resumable and concurrent.

Layout of a run directory::

    RUN_DIR/<benchmark>/<method>/<llm>/seed-<seed>/
        cell.json     what the cell is and the settings it must keep (checked on resume)
        calls.jsonl   every tool_retriever call as it happens (task, attempt, query, ranking, error)
        tasks.jsonl   one record per finished task attempt (status, calls, steps, LLM accounting)

A task is skipped on a later run when its latest record has a final status (``answered`` or
``max_iterations``); ``timeout``/``error`` tasks are run again unless ``retry_failed=False``. All
cells' tasks share one semaphore, so the server stays busy across cell boundaries. Many consecutive
errors (a dead server) stop the run early instead of burning through every task.

Scoring (:func:`candidates_by_budget`): after i calls the candidate list is the i result lists
interleaved by rank (rank 1 of each call in call order, then rank 2, ...), de-duplicated and cut at
K; a task that stopped after n < i calls keeps its list after n calls.
"""

from __future__ import annotations

import asyncio
import json
import logging
import time
import uuid
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, Callable, Iterable, Mapping, Sequence

from .agent import FINAL_STATUSES, CallRecord, TaskOutcome, call_lists, run_agent_task
from .config import ConfigError, RunSettings
from .prompts import prompt_fingerprint
from llama_index_libra.evaluation.metrics import check_k, ndcg_at_k, precision_at_k, recall_at_k

if TYPE_CHECKING:  # pragma: no cover
    from llama_index.core.llms import LLM

    from llama_index_libra.adapters.retriever import LibraRetriever
    from llama_index_libra.benchmarks.base import Benchmark, Task
    from llama_index_libra.retrieval.settings import RetrievalSettings

__all__ = [
    "CELL_FILE",
    "CALLS_FILE",
    "TASKS_FILE",
    "Cell",
    "RunSummary",
    "interleave",
    "candidates_by_budget",
    "iteration_scores",
    "load_cell_records",
    "run_grid",
    "run_grid_sync",
    "make_retriever_factory",
]

log = logging.getLogger(__name__)

CELL_FILE = "cell.json"
CALLS_FILE = "calls.jsonl"
TASKS_FILE = "tasks.jsonl"
CELL_FORMAT = "agent_eval/cell"
CELL_VERSION = 1


# --------------------------------------------------------------------------- scoring


def interleave(result_lists: Sequence[Sequence[str]], k: int) -> list[str]:
    """Rank 1 of each list in order, then rank 2, ...; first occurrence kept; at most ``k`` names."""
    check_k(k)
    out: list[str] = []
    seen: set[str] = set()
    depth = max((len(r) for r in result_lists), default=0)
    for rank in range(depth):
        for names in result_lists:
            if rank < len(names) and names[rank] not in seen:
                seen.add(names[rank])
                out.append(names[rank])
                if len(out) == k:
                    return out
    return out


def candidates_by_budget(result_lists: Sequence[Sequence[str]], budget: int, k: int) -> list[list[str]]:
    """The candidate list after i = 1..budget calls (a task with fewer calls keeps its last list)."""
    return [interleave(result_lists[: min(i, len(result_lists))], k) for i in range(1, budget + 1)]


def iteration_scores(record: Mapping[str, Any], k: int, budget: int) -> list[dict[str, float]]:
    """Precision/Recall/NDCG at K after i = 1..budget calls for one task record (gold from the record)."""
    gold = list(dict.fromkeys(record.get("gold") or []))
    lists = call_lists(record.get("calls") or [])
    out = []
    for ranked in candidates_by_budget(lists, budget, k):
        out.append(
            {"precision": precision_at_k(ranked, gold, k), "recall": recall_at_k(ranked, gold, k), "ndcg": ndcg_at_k(ranked, gold, k)}
        )
    return out


# --------------------------------------------------------------------------- cells and files


@dataclass(frozen=True, order=True)
class Cell:
    """One (benchmark, method, LLM, seed) combination."""

    benchmark: str
    method: str
    llm: str
    seed: int

    def path(self, run_dir: str | Path) -> Path:
        """The cell's folder; names from the config become safe file-name components inside ``run_dir``."""
        from llama_index_libra._io import safe_component

        parts = (safe_component(self.benchmark), safe_component(self.method), safe_component(self.llm))
        return Path(run_dir).joinpath(*parts, f"seed-{int(self.seed)}")

    def label(self) -> str:
        return f"{self.benchmark}/{self.method}/{self.llm}/seed-{self.seed}"


def _read_jsonl(path: Path) -> list[dict[str, Any]]:
    """JSON lines of ``path``; a torn last line (an interrupted write) is skipped."""
    if not path.exists():
        return []
    rows = []
    with path.open(encoding="utf-8") as fh:
        for n, line in enumerate(fh, 1):
            line = line.strip()
            if not line:
                continue
            try:
                rows.append(json.loads(line))
            except json.JSONDecodeError:
                log.warning("%s:%d is not valid JSON (an interrupted write?); skipped", path, n)
    return rows


def load_cell_records(cell_dir: str | Path) -> dict[str, dict[str, Any]]:
    """The latest record per task id of one cell directory."""
    latest: dict[str, dict[str, Any]] = {}
    for row in _read_jsonl(Path(cell_dir) / TASKS_FILE):
        if "task_id" in row:
            latest[str(row["task_id"])] = row
    return latest


# Retrieval methods that rank without a dense encoder: their cell.json records none.
ENCODER_FREE_METHODS = ("bm25",)
# Methods that read a tool library (relations): only their cell.json records the libraries.
LIBRARY_METHODS = ("libra", "schema-only")


def _cell_header(cell: Cell, settings: RunSettings, k: int, llm_info: Mapping[str, Any], extra: Mapping[str, Any]) -> dict[str, Any]:
    extra = dict(extra)
    if cell.method in ENCODER_FREE_METHODS:
        extra.pop("encoder", None)
    if cell.method not in LIBRARY_METHODS:
        extra.pop("libraries", None)
    return {
        "format": CELL_FORMAT,
        "version": CELL_VERSION,
        "benchmark": cell.benchmark,
        "method": cell.method,
        "llm": cell.llm,
        "seed": cell.seed,
        "k": k,
        "settings": settings.identity(),
        "prompts": prompt_fingerprint(),
        "llm_info": dict(llm_info),
        **dict(extra),
    }


_CHECKED_KEYS = ("benchmark", "method", "llm", "seed", "settings", "prompts")


def _prepare_cell(cell_dir: Path, header: dict[str, Any]) -> None:
    """Write ``cell.json`` for a new cell, or check that a resumed cell keeps its settings."""
    path = cell_dir / CELL_FILE
    if path.exists():
        try:
            old = json.loads(path.read_text(encoding="utf-8"))
        except json.JSONDecodeError as exc:
            raise ConfigError(f"{path} is corrupt: {exc.msg}") from None
        diffs = []
        for key in _CHECKED_KEYS:
            a, b = old.get(key), header.get(key)
            if isinstance(a, dict) and isinstance(b, dict):
                diffs += [f"{key}.{sub}" for sub in sorted(set(a) | set(b)) if a.get(sub) != b.get(sub)]
            elif a != b:
                diffs.append(key)
        old_model = (old.get("llm_info") or {}).get("model")
        new_model = (header.get("llm_info") or {}).get("model")
        if old_model and new_model and old_model != new_model:
            diffs.append("llm_info.model")
        if diffs:
            raise ConfigError(
                f"{cell_dir} was started with other settings ({', '.join(diffs)} differ); "
                "use a new run directory or the original settings"
            )
        return
    cell_dir.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".json.tmp")
    tmp.write_text(json.dumps({**header, "created": _now()}, indent=1, sort_keys=True), encoding="utf-8")
    tmp.replace(path)


def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


class _Appender:
    """Append-only JSONL files, flushed per line (a crash loses at most the line being written)."""

    def __init__(self) -> None:
        self._files: dict[Path, IO[str]] = {}

    def write(self, path: Path, row: Mapping[str, Any]) -> None:
        fh = self._files.get(path)
        if fh is None:
            fh = self._files[path] = path.open("a", encoding="utf-8")
        fh.write(json.dumps(row, ensure_ascii=False) + "\n")
        fh.flush()

    def close(self) -> None:
        for fh in self._files.values():
            fh.close()
        self._files.clear()


# --------------------------------------------------------------------------- the grid


@dataclass
class RunSummary:
    """What one invocation did: cells, tasks run and skipped, statuses, wall clock."""

    cells: list[Cell]
    ran: int = 0
    skipped: int = 0
    statuses: dict[str, int] = field(default_factory=dict)
    seconds: float = 0.0
    aborted: str | None = None

    def describe(self) -> str:
        parts = ", ".join(f"{n} {s}" for s, n in sorted(self.statuses.items()))
        text = f"{len(self.cells)} cells: ran {self.ran} tasks ({parts or 'none'}), skipped {self.skipped} finished, {self.seconds:.1f} s"
        if self.aborted:
            text += f"\nABORTED: {self.aborted}"
        return text


RetrieverFactory = Callable[["Benchmark", str], "LibraRetriever"]
LLMFactory = Callable[[str, int], "LLM"]


def _select_tasks(bench: "Benchmark", task_ids: Iterable[str] | None, limit: int | None) -> list["Task"]:
    tasks = list(bench.tasks)
    if task_ids is not None:
        wanted = list(dict.fromkeys(task_ids))
        by_id = {t.id: t for t in tasks}
        missing = [t for t in wanted if t not in by_id]
        if missing:
            raise ConfigError(f"benchmark {bench.name!r} has no tasks {', '.join(missing[:5])}")
        tasks = [by_id[t] for t in wanted]
    if limit is not None:
        tasks = tasks[:limit]
    return tasks


async def run_grid(
    run_dir: str | Path,
    *,
    benchmarks: Mapping[str, "Benchmark"],
    methods: Sequence[str],
    llms: Sequence[str],
    seeds: Sequence[int],
    llm_factory: LLMFactory,
    retriever_factory: RetrieverFactory,
    settings: RunSettings | None = None,
    llm_info: Mapping[str, Mapping[str, Any]] | None = None,
    cell_extra: Mapping[str, Any] | None = None,
    task_ids: Mapping[str, Sequence[str]] | None = None,
    limit: int | None = None,
    retry_failed: bool = True,
    max_consecutive_errors: int | None = 50,
    progress: bool = False,
) -> RunSummary:
    """Run every unfinished (cell, task) of the grid and append the records to ``run_dir``.

    ``llm_factory(llm_name, seed)`` gives the agent LLM of a cell (called once per pair);
    ``retriever_factory(benchmark, method)`` the shared retriever (once per pair). ``llm_info``
    (per LLM name, e.g. the preset) and ``cell_extra`` (e.g. the encoder) are written to each
    ``cell.json``; a resumed cell must match its settings, prompts and model.
    """
    settings = settings or RunSettings()
    run_dir = Path(run_dir)
    run_dir.mkdir(parents=True, exist_ok=True)
    cells = [Cell(b, m, llm, int(s)) for b in benchmarks for m in methods for llm in llms for s in seeds]
    summary = RunSummary(cells=cells)
    start = time.perf_counter()

    # Plan: which tasks of each cell still need a run.
    jobs: list[tuple[Cell, "Task"]] = []
    for cell in cells:
        bench = benchmarks[cell.benchmark]
        header = _cell_header(cell, settings, bench.k, (llm_info or {}).get(cell.llm, {}), cell_extra or {})
        cell_dir = cell.path(run_dir)
        _prepare_cell(cell_dir, header)
        done = load_cell_records(cell_dir)
        for task in _select_tasks(bench, (task_ids or {}).get(cell.benchmark), limit):
            record = done.get(task.id)
            if record is not None and (record.get("status") in FINAL_STATUSES or not retry_failed):
                summary.skipped += 1
            else:
                jobs.append((cell, task))
    if not jobs:
        summary.seconds = time.perf_counter() - start
        return summary

    # Shared objects, built before any task starts.
    retrievers = {(c.benchmark, c.method): None for c, _ in jobs}
    for b, m in list(retrievers):
        retrievers[(b, m)] = retriever_factory(benchmarks[b], m)
    agents_llms = {(c.llm, c.seed): None for c, _ in jobs}
    for name, seed in list(agents_llms):
        agents_llms[(name, seed)] = llm_factory(name, seed)

    appender = _Appender()
    semaphore = asyncio.Semaphore(settings.concurrency)
    consecutive_errors = 0
    abort_reason: list[str] = []
    bar = None
    if progress:
        from tqdm.auto import tqdm

        bar = tqdm(total=len(jobs), desc="agent tasks", unit="task")

    async def job(cell: Cell, task: "Task") -> None:
        nonlocal consecutive_errors
        async with semaphore:
            if abort_reason:
                return
            cell_dir = cell.path(run_dir)
            attempt = uuid.uuid4().hex[:12]

            def log_call(record: CallRecord) -> None:
                appender.write(cell_dir / CALLS_FILE, {"task_id": task.id, "attempt": attempt, **record.to_json()})

            outcome: TaskOutcome = await run_agent_task(
                task,
                llm=agents_llms[(cell.llm, cell.seed)],  # type: ignore[arg-type]
                retriever=retrievers[(cell.benchmark, cell.method)],  # type: ignore[arg-type]
                method=cell.method,
                settings=settings,
                on_call=log_call,
            )
            row = {"attempt": attempt, **outcome.to_json(), "gold": list(task.gold), "finished": _now()}
            appender.write(cell_dir / TASKS_FILE, row)
            summary.ran += 1
            summary.statuses[outcome.status] = summary.statuses.get(outcome.status, 0) + 1
            if outcome.status == "error":
                consecutive_errors += 1
                if max_consecutive_errors and consecutive_errors >= max_consecutive_errors and not abort_reason:
                    abort_reason.append(
                        f"{consecutive_errors} tasks in a row failed (last: {outcome.error}); "
                        "fix the LLM server and rerun the same command: finished tasks are kept"
                    )
            else:
                consecutive_errors = 0
            if bar is not None:
                bar.update(1)

    try:
        await asyncio.gather(*(job(c, t) for c, t in jobs))
    finally:
        appender.close()
        if bar is not None:
            bar.close()
    summary.seconds = time.perf_counter() - start
    if abort_reason:
        summary.aborted = abort_reason[0]
    return summary


def run_grid_sync(run_dir: str | Path, **kwargs: Any) -> RunSummary:
    """:func:`run_grid` from synchronous code (starts its own event loop)."""
    return asyncio.run(run_grid(run_dir, **kwargs))


# --------------------------------------------------------------------------- retrievers


def make_retriever_factory(
    *,
    embed_model: Any = None,
    libraries: Mapping[str, Any] | None = None,
    top_k: int = 20,
    cache_dir: Any = None,
    show_progress: bool = False,
    settings: "RetrievalSettings | None" = None,
    retrieval_options: Mapping[str, Any] | None = None,
) -> RetrieverFactory:
    """``retriever_factory`` for :func:`run_grid`: one ``LibraRetriever`` per (benchmark, method).

    ``embed_model`` (an instance or a name for ``resolve_embed_model``) is loaded once and shared by
    the dense methods. ``libraries`` maps a benchmark name to a ``ToolLibrary`` or the path of a saved
    one; a graph method (``libra``, ``schema-only``) on a benchmark without one uses the package's
    cached default library (``default_library``), built on first use. ``settings`` (a
    ``RetrievalSettings``) and ``retrieval_options`` (single fields of it by keyword: ``recipe="paper"``,
    ``base``, ``query_mode``, ``prerequisite_rule``, ...) configure every retriever.
    """
    from llama_index_libra.adapters.retriever import LibraRetriever
    from llama_index_libra.retrieval.settings import RetrievalSettings

    retrieval = RetrievalSettings.of(settings, retrieval_options, where="retrieval option")

    state: dict[str, Any] = {}
    loaded: dict[str, Any] = {}

    def encoder() -> Any:
        if "embed" not in state:
            from llama_index_libra.retrieval.dense import resolve_embed_model

            state["embed"] = resolve_embed_model(embed_model)
        return state["embed"]

    def library_for(bench: "Benchmark") -> Any:
        if bench.name not in loaded:
            given = (libraries or {}).get(bench.name)
            if given is None:
                from llama_index_libra.benchmarks.libraries import default_library

                loaded[bench.name] = default_library(bench.name, catalog=bench.catalog, show_progress=show_progress)
            elif isinstance(given, (str, Path)):
                from llama_index_libra.library import ToolLibrary

                loaded[bench.name] = ToolLibrary.load(given, catalog=bench.catalog)
            else:
                loaded[bench.name] = given
        return loaded[bench.name]

    def factory(bench: "Benchmark", method: str) -> "LibraRetriever":
        library = library_for(bench) if method in LIBRARY_METHODS else None
        embed = None if method in ENCODER_FREE_METHODS else encoder()
        return LibraRetriever.from_catalog(
            bench.catalog, embed_model=embed, library=library, method=method, top_k=top_k, cache_dir=cache_dir, settings=retrieval
        )

    return factory
