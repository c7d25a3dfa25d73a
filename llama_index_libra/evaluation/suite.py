"""The retrieval suite: many task sets, each over its own catalog and library, one table.

:func:`load_set` turns a manifest entry (:mod:`~llama_index_libra.evaluation.manifest`) into one
benchmark per catalog (a set whose lines name their catalog has several) with its library: the
packaged benchmark's default library, a library file the manifest names, or one induced with the
default settings through the public API (``PythonRuntime(TOOLS, State, fixtures=FIXTURES)``, then
``induce``), cached by catalog fingerprint, induction settings and engine version, so a missing one
is built once (with a progress bar) and reused after. :func:`run_suite` evaluates the same rows on
every set; :func:`format_suite_table` prints them as one table with complete@K beside P/R/NDCG.
"""

from __future__ import annotations

import importlib.util
import json
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Sequence

import numpy as np

from llama_index_libra.evaluation.manifest import CatalogSource, ManifestError, SuiteManifest, TaskSet
from llama_index_libra.evaluation.runner import EvalReport, MethodResult, Row, evaluate_rows
from llama_index_libra.retrieval.settings import RetrievalSettings

if TYPE_CHECKING:  # pragma: no cover
    from llama_index_libra.benchmarks.base import Benchmark
    from llama_index_libra.library import ToolLibrary

__all__ = ["STANDARD_ROWS", "SetResult", "SuiteReport", "TaskFileError", "load_set", "read_tasks", "run_suite",
           "format_suite_table", "default_manifest_path", "BASE_LABELS"]

# the rows every suite table shows: the single bases, the paper's LIBRA and the default one
STANDARD_ROWS = (
    Row("bm25"),
    Row("qts"),
    Row("hybrid"),
    Row("libra", "paper", RetrievalSettings(recipe="paper")),
    Row("libra"),
)
BASE_LABELS = ("bm25", "qts", "hybrid")  # "best single base": dense, BM25 and the default hybrid base
DEFAULT_MANIFEST = Path("examples") / "tasksets" / "suite.toml"


class TaskFileError(ValueError):
    """A tasks file line that cannot be a retrieval task of its catalog."""


def default_manifest_path(start: Path | None = None) -> Path:
    """``examples/tasksets/suite.toml`` of the checkout: looked up from ``start`` (the working folder)
    upwards, then beside this package's source tree; a ManifestError says where it looked."""
    start = (start or Path.cwd()).resolve()
    here = Path(__file__).resolve().parents[2]
    for folder in (start, *start.parents, here):
        candidate = folder / DEFAULT_MANIFEST
        if candidate.is_file():
            return candidate
    raise ManifestError(f"no default suite manifest ({DEFAULT_MANIFEST}) in {start} or above; give its path")


# --------------------------------------------------------------------------- loading


def _import_tools(path: Path) -> Any:
    """Import a tools file by its module name, its folder first on ``sys.path`` (so worker processes import it too)."""
    if not path.is_file():
        raise ManifestError(f"tools file {path} does not exist")
    folder = str(path.parent)
    if folder not in sys.path:
        sys.path.insert(0, folder)
    existing = sys.modules.get(path.stem)
    if existing is not None and Path(getattr(existing, "__file__", "") or "").resolve() == path:
        return existing
    if existing is not None:
        raise ManifestError(f"tools file {path}: a different module named {path.stem!r} is already imported; rename the file")
    spec = importlib.util.spec_from_file_location(path.stem, path)
    if spec is None or spec.loader is None:
        raise ManifestError(f"tools file {path} is not an importable Python file")
    module = importlib.util.module_from_spec(spec)
    sys.modules[path.stem] = module
    try:
        spec.loader.exec_module(module)
    except Exception as exc:  # noqa: BLE001 - the user's module failed while importing
        sys.modules.pop(path.stem, None)
        raise ManifestError(f"importing tools file {path} failed: {type(exc).__name__}: {exc}") from None
    return module


def source_runtime(source: CatalogSource) -> Any:
    """The sandbox runtime of a catalog source: ``PythonRuntime(TOOLS, State, fixtures=FIXTURES,
    failure=FAILURE)`` (each attribute if the module has it) or the factory's."""
    if source.runtime is not None:
        from llama_index_libra.runtime.loader import load_runtime

        return load_runtime(source.runtime)
    from llama_index_libra.runtime.python import PythonRuntime

    assert source.tools is not None
    module = _import_tools(source.tools)
    for attribute in ("TOOLS", source.state):
        if not hasattr(module, attribute):
            raise ManifestError(f"catalog {source.name!r}: {source.tools} defines no {attribute} (set state = \"...\" for another name)")
    failure = getattr(module, source.failure, None)
    if failure is not None and not callable(failure):
        raise ManifestError(f"catalog {source.name!r}: {source.tools}'s {source.failure} is not a predicate on a reply (a callable)")
    return PythonRuntime(module.TOOLS, getattr(module, source.state), fixtures=getattr(module, source.fixtures, None),
                         failure=failure)


def catalog_library(source: CatalogSource, runtime: Any, *, cache_dir: Any = None, show_progress: bool = False,
                    rebuild: bool = False) -> "ToolLibrary":
    """The library of a catalog: the manifest's file, else the cached default induction, else a new one (cached)."""
    from llama_index_libra.library import LibraryError, ToolLibrary

    catalog = runtime.catalog
    if source.library is not None:
        return ToolLibrary.load(source.library, catalog=catalog)
    from llama_index_libra.benchmarks.libraries import library_cache_path
    from llama_index_libra.induction.engine import InductionConfig, induce

    config = InductionConfig()
    path = library_cache_path(f"catalog-{catalog.name}", catalog, config, "minilm", cache_dir)
    if path.exists() and not rebuild:
        try:
            return ToolLibrary.load(path, catalog=catalog)
        except LibraryError:
            pass  # rebuilt below
    if show_progress:
        print(f"inducing the default library of {catalog.name} ({len(catalog)} tools; cached in {path.parent})", file=sys.stderr)
    library, report = induce(runtime, config=config, show_progress=show_progress)
    library.save(path)
    report.write(path.with_suffix("").with_suffix(".report.json"))
    return library


def read_tasks(path: Path, catalogs: dict[str, Any], *, set_name: str) -> dict[str, list[Any]]:
    """Tasks per catalog name from a JSON-lines file (``query``, ``gold``, and ``catalog`` when several)."""
    from llama_index_libra.benchmarks.base import Task

    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        raise TaskFileError(f"set {set_name!r}: cannot read tasks file {path}: {exc}") from None
    by_short = {name: {spec.short_name: spec.name for spec in cat} for name, cat in catalogs.items()}
    out: dict[str, list[Any]] = {name: [] for name in catalogs}
    for n, line in enumerate(lines, 1):
        if not line.strip():
            continue
        where = f"{path}:{n}"
        try:
            row = json.loads(line)
        except json.JSONDecodeError as exc:
            raise TaskFileError(f"{where}: not a JSON object: {exc}") from None
        if not isinstance(row, dict):
            raise TaskFileError(f"{where}: expected an object with query and gold")
        query, gold = row.get("query"), row.get("gold")
        if not isinstance(query, str) or not query.strip():
            raise TaskFileError(f"{where}: query must be a non-empty string")
        if not isinstance(gold, list) or not gold or not all(isinstance(g, str) and g for g in gold):
            raise TaskFileError(f"{where}: gold must be a non-empty list of tool names")
        name = row.get("catalog", next(iter(catalogs)) if len(catalogs) == 1 else None)
        if name not in catalogs:
            raise TaskFileError(f"{where}: catalog must be one of {', '.join(catalogs)} (this set has several), got {name!r}")
        catalog = catalogs[name]
        resolved = tuple(dict.fromkeys(g if g in catalog else by_short[name].get(g, g) for g in gold))
        unknown = [g for g in resolved if g not in catalog]
        if unknown:
            raise TaskFileError(f"{where}: gold names tools that {name} does not have: {', '.join(unknown)}")
        out[name].append(Task(id=str(row.get("id", n)), query=query, gold=resolved))
    if not any(out.values()):
        raise TaskFileError(f"set {set_name!r}: {path} holds no task")
    return out


@dataclass
class SetPart:
    """One catalog's share of a task set: its benchmark and how to get its library."""

    benchmark: "Benchmark"
    library: Callable[[], "ToolLibrary | None"]


def load_set(manifest: SuiteManifest, task_set: TaskSet, *, cache_dir: Any = None, show_progress: bool = False) -> list[SetPart]:
    """The parts of ``task_set``: one benchmark per catalog, each with a library getter (None: no library)."""
    from llama_index_libra.benchmarks.base import Benchmark

    if task_set.benchmark is not None:
        from llama_index_libra.benchmarks import load_benchmark

        bench = load_benchmark(task_set.benchmark)

        def packaged() -> "ToolLibrary | None":
            from llama_index_libra.benchmarks.libraries import default_library

            try:
                return default_library(task_set.benchmark, catalog=bench.catalog, show_progress=show_progress)  # type: ignore[arg-type]
            except (ValueError, OSError, RuntimeError, ImportError) as exc:
                bench.notes.insert(0, f"no library: {str(exc).splitlines()[0]}")
                return None

        return [SetPart(bench, _once(packaged))]
    runtimes = {name: source_runtime(manifest.catalogs[name]) for name in task_set.catalogs}
    assert task_set.tasks is not None
    tasks = read_tasks(task_set.tasks, {name: rt.catalog for name, rt in runtimes.items()}, set_name=task_set.name)
    parts = []
    for name, runtime in runtimes.items():
        if not tasks[name]:
            continue
        bench = Benchmark(name=f"{task_set.name}:{name}", catalog=runtime.catalog, tasks=tasks[name], k=task_set.k or 10)
        source = manifest.catalogs[name]
        parts.append(SetPart(bench, _once(lambda s=source, r=runtime: catalog_library(s, r, cache_dir=cache_dir,
                                                                                       show_progress=show_progress))))
    return parts


def _once(getter: Callable[[], Any]) -> Callable[[], Any]:
    box: list[Any] = []

    def get() -> Any:
        if not box:
            box.append(getter())
        return box[0]

    return get


# --------------------------------------------------------------------------- running


@dataclass
class SetResult:
    """One task set's evaluation (its parts merged) and what was true of its libraries."""

    task_set: TaskSet
    report: EvalReport
    relations: int | None  # relations of its libraries (None: a part has no library)
    notes: list[str] = field(default_factory=list)


@dataclass
class SuiteReport:
    manifest: SuiteManifest
    sets: list[SetResult]

    def to_json(self) -> dict[str, Any]:
        return {
            "suite": self.manifest.name,
            "manifest": self.manifest.path.name,
            "sets": [
                {"name": r.task_set.name, "style": r.task_set.style, "held_out": r.task_set.held_out, "k": r.report.k,
                 "relations": r.relations, "notes": r.notes, "report": r.report.to_json()}
                for r in self.sets
            ],
        }


def _merge(name: str, reports: list[EvalReport]) -> EvalReport:
    """One report from the reports of a set's parts (per-task records concatenated, means over all tasks)."""
    if len(reports) == 1:
        reports[0].benchmark = name
        return reports[0]
    merged = []
    for i, first in enumerate(reports[0].results):
        per_task = [t for rep in reports for t in rep.results[i].per_task]
        mean = {m: float(np.mean([t[m] for t in per_task])) for m in ("precision", "recall", "ndcg", "complete")}
        merged.append(MethodResult(first.method, first.k, mean["precision"], mean["recall"], mean["ndcg"], per_task,
                                   first.setting, first.settings, mean["complete"]))
    return EvalReport(name, reports[0].k, sum(r.n_tasks for r in reports), merged, reports[0].settings)


def run_suite(manifest: SuiteManifest, rows: Sequence[Row] = STANDARD_ROWS, *, embed_model: Any = None,
              cache_dir: Any = None, show_progress: bool = True, token_budget: int | None = None,
              tokenizer: Any = None) -> SuiteReport:
    """Evaluate ``rows`` on every set of ``manifest`` (libraries built where missing, then cached)."""
    from tqdm.auto import tqdm

    results = []
    for task_set in tqdm(manifest.sets, desc="suite", disable=not show_progress):
        parts = load_set(manifest, task_set, cache_dir=cache_dir, show_progress=show_progress)
        reports, relations, notes = [], 0, []
        for part in parts:
            library = part.library() if any(r.method in ("libra", "schema-only") for r in rows) else None
            if library is None:
                from llama_index_libra.library import ToolLibrary

                relations = None
                notes.append(f"{part.benchmark.name}: no library, libra ranks like its base")
                library = ToolLibrary(catalog=part.benchmark.catalog)
            elif relations is not None:
                relations += len(library.relations)
            notes.extend(n for n in part.benchmark.notes[:1] if n.startswith("no library"))
            reports.append(evaluate_rows(part.benchmark, rows, k=task_set.k or part.benchmark.k, embed_model=embed_model,
                                         library=library, cache_dir=cache_dir, show_progress=False,
                                         token_budget=token_budget, tokenizer=tokenizer))
        results.append(SetResult(task_set, _merge(task_set.name, reports), relations, list(dict.fromkeys(notes))))
    return SuiteReport(manifest, results)


# --------------------------------------------------------------------------- the table


def format_suite_table(report: SuiteReport) -> str:
    """One table: every set x every row, P/R/NDCG/complete at the set's K (percent), held-out sets marked."""
    labels = [r.label for r in report.sets[0].report.results] if report.sets else []
    width = max([12] + [len(lb) for lb in labels])
    set_width = max([10] + [len(s.task_set.name) + (2 if s.task_set.held_out else 0) for s in report.sets])
    header = f"{'set':<{set_width}} {'K':>3} {'tasks':>5} {'rel':>5}  {'row':<{width}} {'P':>6} {'R':>6} {'NDCG':>6} {'compl':>6}"
    lines = [f"suite {report.manifest.name}: P/R/NDCG/complete @K in percent (complete: every gold tool in the top K)",
             header, "-" * len(header)]
    for s in report.sets:
        name = s.task_set.name + (" *" if s.task_set.held_out else "")
        rel = "-" if s.relations is None else str(s.relations)
        for i, r in enumerate(s.report.results):
            lead = f"{name:<{set_width}} {s.report.k:>3} {s.report.n_tasks:>5} {rel:>5}" if i == 0 else " " * (set_width + 16)
            lines.append(f"{lead}  {r.label:<{width}} {100 * r.precision:>6.1f} {100 * r.recall:>6.1f} "
                         f"{100 * r.ndcg:>6.1f} {100 * r.complete:>6.1f}")
    dev = [s for s in report.sets if not s.task_set.held_out]
    if dev and labels:
        lines.append("-" * len(header))
        for i, label in enumerate(labels):
            mean = {m: np.mean([getattr(s.report.results[i], m) for s in dev]) for m in ("precision", "recall", "ndcg", "complete")}
            lead = f"{'mean of ' + str(len(dev)) + ' sets':<{set_width + 16}}" if i == 0 else " " * (set_width + 16)
            lines.append(f"{lead}  {label:<{width}} {100 * mean['precision']:>6.1f} {100 * mean['recall']:>6.1f} "
                         f"{100 * mean['ndcg']:>6.1f} {100 * mean['complete']:>6.1f}")
    if any(s.task_set.held_out for s in report.sets):
        lines.append("* held out: reported, never used to choose defaults (not in the mean)")
    for s in report.sets:
        for note in s.notes:
            lines.append(f"note ({s.task_set.name}): {note}")
    return "\n".join(lines)
