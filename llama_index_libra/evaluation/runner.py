"""One-shot retrieval evaluation: methods x tasks -> P/R/NDCG/complete@K tables and per-task records.

:func:`evaluate` takes method names and one :class:`RetrievalSettings` (``libra eval``);
:func:`evaluate_rows` takes explicit rows (a label, a method, settings of its own), which is how the
suite compares candidate defaults. Under a token budget the cut is the tools whose schemas fit it
(:mod:`~llama_index_libra.retrieval.budget`) and the metrics are computed on that cut.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Sequence

import numpy as np

from llama_index_libra._compat import warn_renamed
from llama_index_libra._io import atomic_write_json
from llama_index_libra.evaluation.baselines import BaselinePlan
from llama_index_libra.evaluation.metrics import check_k, score_ranking
from llama_index_libra.retrieval.propagation import PropagationConfig
from llama_index_libra.retrieval.ranker import ToolRanker, check_method
from llama_index_libra.retrieval.settings import RetrievalSettings

if TYPE_CHECKING:  # pragma: no cover
    from llama_index_libra.benchmarks.base import Benchmark
    from llama_index_libra.library import ToolLibrary

__all__ = ["MethodResult", "EvalReport", "Row", "evaluate", "evaluate_rows", "format_table", "paired_test"]


@dataclass
class MethodResult:
    """Mean metrics of one method plus its per-task records."""

    method: str
    k: int
    precision: float
    recall: float
    ndcg: float
    per_task: list[dict[str, Any]] = field(default_factory=list)
    setting: str = "default"  # the row's setting: "default", "paper" (the paper's recipe) or a Table 6 label
    settings: dict[str, Any] = field(default_factory=dict)
    complete: float = 0.0  # share of tasks with every gold tool in the cut

    @property
    def label(self) -> str:
        """The row label: the method, and its setting in brackets unless it is the default."""
        return self.method if self.setting == "default" else f"{self.method} [{self.setting}]"

    @property
    def variant(self) -> str:
        """Deprecated name of :attr:`setting`."""
        return self.setting

    def array(self, metric: str) -> np.ndarray:
        return np.asarray([t[metric] for t in self.per_task], dtype=np.float64)


@dataclass
class EvalReport:
    benchmark: str
    k: int
    n_tasks: int
    results: list[MethodResult]
    settings: dict[str, Any] = field(default_factory=dict)

    def get(self, label: str) -> MethodResult:
        """The result labelled ``label`` exactly, else the first of that method."""
        for r in self.results:
            if r.label == label:
                return r
        for r in self.results:
            if r.method == label:
                return r
        raise KeyError(f"no result for {label!r}")

    def to_json(self) -> dict[str, Any]:
        return {
            "comparisons": compare_to_baseline(self),
            "benchmark": self.benchmark,
            "k": self.k,
            "n_tasks": self.n_tasks,
            "settings": self.settings,
            "methods": [
                {
                    "method": r.method,
                    "setting": r.setting,
                    "precision": r.precision,
                    "recall": r.recall,
                    "ndcg": r.ndcg,
                    "complete": r.complete,
                    "settings": r.settings,
                    "per_task": r.per_task,
                }
                for r in self.results
            ],
        }

    def write_json(self, path: str | Path) -> Path:
        return atomic_write_json(path, self.to_json(), indent=1)


@dataclass(frozen=True)
class Row:
    """One row of an evaluation: its label (``method`` or ``method [setting]``), method and settings."""

    method: str
    setting: str = "default"
    settings: RetrievalSettings = field(default_factory=RetrievalSettings)
    config: PropagationConfig | None = None  # propagation (default: the settings')


def evaluate(
    benchmark: "Benchmark",
    methods: Sequence[str],
    *,
    k: int | None = None,
    embed_model: Any = None,
    library: "ToolLibrary | None" = None,
    library_factory: Callable[[], "ToolLibrary"] | None = None,
    configs: dict[str, PropagationConfig] | None = None,
    cache_dir: Any = None,
    show_progress: bool = True,
    depth: int | None = None,
    settings: RetrievalSettings | None = None,
    paper_row: bool = False,
    token_budget: int | None = None,
    tokenizer: Any = None,
    reranker: Any = None,
    baselines: Any = None,
    baseline_options: dict[str, dict[str, Any]] | None = None,
    **legacy: Any,
) -> EvalReport:
    """Evaluate retrieval methods on a benchmark at cutoff ``k`` (default: the benchmark's).

    ``configs`` maps a setting label to propagation settings (Table 6); each graph method is run
    once per label (default: the propagation of ``settings``). ``library_factory`` builds the
    library lazily when a graph method needs one. ``settings`` (a :class:`RetrievalSettings`) sets
    the recipe (``default`` or ``paper``) and the base-score options of hybrid, schema-only and
    libra (bm25 and qts keep their own base; ``query_mode`` and ``segmenter`` apply to them too);
    ``paper_row`` adds a ``libra [paper]`` row (the paper's exact settings) to compare against.
    Encoders, BM25 and base scores are computed once per distinct setting. ``token_budget``,
    ``tokenizer`` and ``reranker`` are those of :func:`evaluate_rows`. ``variant=`` and ``options=``
    are the deprecated spellings of ``settings``. ``baselines`` (artifacts or their
    paths) rank the methods ``toolrex``, ``tgr`` and ``ego-trip`` with ``baseline_options`` per method
    (:class:`~llama_index_libra.evaluation.baselines.BaselinePlan`; TGR: a row per direction by default).
    """
    if "variant" in legacy:
        warn_renamed("evaluate(variant=...)", "evaluate(settings=RetrievalSettings(recipe=...))")
        settings = RetrievalSettings.of(settings, {"recipe": legacy.pop("variant")})
    if "options" in legacy:
        warn_renamed("evaluate(options=...)", "evaluate(settings=...)")
        settings = RetrievalSettings.of(settings, legacy.pop("options") or {}, where="evaluate option")
    if legacy:
        raise TypeError(f"evaluate() got unexpected keyword(s) {', '.join(sorted(legacy))}")
    settings = settings if settings is not None else RetrievalSettings()
    k = check_k(k if k is not None else benchmark.k)
    plan = BaselinePlan(benchmark.catalog, methods, baselines, baseline_options)
    for m in methods:
        if m not in plan.methods:
            check_method(m)
    if not methods:
        raise ValueError("give at least one method")
    configs = configs or {"default": settings.propagation}
    recipe = settings.recipe
    overrides = settings.base_overrides()
    # (method, row label, ranker settings, propagation config), in table order
    runs: list[tuple[str, str, RetrievalSettings, PropagationConfig]] = []
    for method in methods:
        if method in plan.methods:  # a baseline: its rows rank with its artifact
            runs += [(method, label, RetrievalSettings(), PropagationConfig()) for label in plan.labels(method)]
            continue
        own = method in ("bm25", "qts")
        method_overrides = {key: v for key, v in overrides.items() if not own or key in ("query_mode", "segmentation", "pooling", "segmenter")}
        run_settings = RetrievalSettings(recipe=recipe, **method_overrides)
        if method == "libra" and paper_row and recipe != "paper":
            runs.append((method, "paper", RetrievalSettings(recipe="paper"), PropagationConfig()))
        if method in ("libra", "schema-only"):
            for label, config in configs.items():
                row = "paper" if recipe == "paper" and label == "default" and not method_overrides else label
                runs.append((method, row, run_settings, config))
        else:
            row = "paper" if recipe == "paper" and method == "hybrid" and not method_overrides else "default"
            runs.append((method, row, run_settings, PropagationConfig()))
    rows = [Row(method, label, run_settings, config) for method, label, run_settings, config in runs]
    report = evaluate_rows(benchmark, rows, k=k, embed_model=embed_model, library=library, library_factory=library_factory,
                           cache_dir=cache_dir, show_progress=show_progress, depth=depth, token_budget=token_budget,
                           tokenizer=tokenizer, reranker=reranker, plan=plan)
    report.settings = {
        "configs": {label: c.__dict__ | {"kinds": list(c.kinds)} for label, c in configs.items()},
        "recipe": recipe,
        "options": {key: (list(v) if isinstance(v, tuple) else v) for key, v in overrides.items() if key != "segmenter"},
        **report.settings,
    }
    return report


def evaluate_rows(
    benchmark: "Benchmark",
    rows: Sequence[Row],
    *,
    k: int | None = None,
    embed_model: Any = None,
    library: "ToolLibrary | None" = None,
    library_factory: Callable[[], "ToolLibrary"] | None = None,
    cache_dir: Any = None,
    show_progress: bool = True,
    depth: int | None = None,
    token_budget: int | None = None,
    tokenizer: Any = None,
    reranker: Any = None,
    dense: Sequence[Any] = (),
    bm25: Any = None,
    plan: BaselinePlan | None = None,
) -> EvalReport:
    """Evaluate explicit rows on a benchmark at cutoff ``k`` (default: the benchmark's).

    Encoders, BM25 and base scores are computed once per distinct base setting. ``token_budget``
    cuts every row by schema tokens (measured with ``tokenizer``) instead of by ``k`` (the cut still
    holds at most ``depth`` tools); ``reranker`` (a :data:`~llama_index_libra.retrieval.ranker.Reranker`)
    reorders the base ranking of every row before propagation. ``dense``/``bm25`` reuse indexes
    already built for this catalog; ``plan`` ranks its baseline methods' rows with their artifacts
    (a count cut only: no token budget or reranker for them).
    """
    k = check_k(k if k is not None else benchmark.k)
    if not rows:
        raise ValueError("give at least one row")
    baseline_methods = set(plan.methods) if plan else set()
    for row in rows:
        if row.method not in baseline_methods:
            check_method(row.method)
    if baseline_methods and (token_budget is not None or reranker is not None):
        raise ValueError(f"token_budget= and reranker= apply to libra, dense and bm25 rows, not to the baselines "
                         f"{', '.join(sorted(baseline_methods))}")
    depth = max(k, depth or 0)
    cut = depth if token_budget is None else len(benchmark.catalog)
    tasks = benchmark.tasks
    queries = [t.query for t in tasks]
    results: list[MethodResult] = []
    dense = list(dense)
    base_cache: dict[Any, np.ndarray] = {}
    costs = None
    for row in rows:
        method, label, run_settings = row.method, row.setting, row.settings
        needs_graph = method in ("libra", "schema-only")
        if needs_graph and library is None:
            if library_factory is None:
                raise ValueError(f"method {method!r} needs a tool library: pass --library or build one with `libra induce`")
            library = library_factory()
        baseline = method in baseline_methods
        ranker = plan.ranker(method, label, dense=dense, embed_model=embed_model, cache_dir=cache_dir,  # type: ignore[union-attr]
                             show_progress=show_progress) if baseline else ToolRanker(
            benchmark.catalog,
            method=method,
            embed_model=embed_model,
            library=library if needs_graph else None,
            config=row.config,
            dense=dense or None,
            bm25=bm25,
            cache_dir=cache_dir,
            show_progress=show_progress,
            settings=run_settings,
            reranker=reranker,
            tokenizer=tokenizer,
        )
        if costs is not None:
            ranker._token_costs = costs  # measured once per benchmark
        dense = dense or ranker.denses
        bm25 = bm25 or ranker.bm25
        segmenter = run_settings.segmenter
        key = (ranker.base_config, tuple(d.encoder for d in ranker.denses), id(segmenter) if segmenter is not None else None,
               getattr(ranker, "score_key", None))
        if key not in base_cache:  # one batched encoding per distinct base setting
            base_cache[key] = ranker.base_scores_many(queries, show_progress=show_progress)
        base = base_cache[key]
        per_task = []
        iterator = range(len(tasks))
        if show_progress:
            from tqdm.auto import tqdm

            iterator = tqdm(iterator, desc=f"{method}/{label}", leave=False)
        for i in iterator:
            if baseline:
                ranked = ranker.rank_from_base(base[i], cut)
            else:
                ranked = ranker.rank_from_base(ranker.rerank_base(queries[i], base[i]), cut, budget=token_budget)
            names = [r.name for r in ranked]
            at = k if token_budget is None else max(1, len(names))
            s = score_ranking(names, tasks[i].gold, at)
            record = {
                "id": tasks[i].id,
                "precision": s.precision,
                "recall": s.recall,
                "ndcg": s.ndcg,
                "complete": s.complete,
                "ranked": names[:at],
                "gold": list(tasks[i].gold),
                "promoted": [r.name for r in ranked[:at] if r.promoted or r.promotions],
            }
            if token_budget is not None:
                record["tokens"] = float(sum(ranker.token_costs[r.index] for r in ranked))
            per_task.append(record)
        if token_budget is not None:
            costs = ranker.token_costs
        results.append(
            MethodResult(
                method=method,
                k=k,
                precision=float(np.mean([t["precision"] for t in per_task])),
                recall=float(np.mean([t["recall"] for t in per_task])),
                ndcg=float(np.mean([t["ndcg"] for t in per_task])),
                per_task=per_task,
                setting=label,
                settings=ranker.settings(),
                complete=float(np.mean([t["complete"] for t in per_task])),
            )
        )
    settings: dict[str, Any] = {}
    if token_budget is not None:
        settings["token_budget"] = token_budget
        settings["tokenizer"] = ranker.tokenizer_name
    if plan:
        settings["baselines"] = plan.describe()
    if dense:
        settings["encoder"] = dense[0].encoder
        settings["encoders"] = [d.encoder for d in dense]
    return EvalReport(benchmark=benchmark.name, k=k, n_tasks=len(tasks), results=results, settings=settings)


def paired_test(a: np.ndarray, b: np.ndarray, *, n_boot: int = 10000, seed: int = 0) -> dict[str, float]:
    """Paired comparison of per-task scores b vs a: mean difference, bootstrap CI, Wilcoxon p.

    The one-sided Wilcoxon signed-rank test asks whether b > a; the bootstrap resamples tasks.
    """
    from scipy.stats import wilcoxon

    diff = np.asarray(b, dtype=np.float64) - np.asarray(a, dtype=np.float64)
    rng = np.random.default_rng(seed)
    boots = rng.choice(diff, size=(n_boot, len(diff)), replace=True).mean(axis=1)
    nonzero = diff[diff != 0]
    p = float(wilcoxon(nonzero, alternative="greater").pvalue) if len(nonzero) else 1.0
    return {
        "mean_diff": float(diff.mean()),
        "ci_low": float(np.quantile(boots, 0.025)),
        "ci_high": float(np.quantile(boots, 0.975)),
        "p_bootstrap": float((boots <= 0).mean()),
        "p_wilcoxon": p,
        "wins": int((diff > 0).sum()),
        "losses": int((diff < 0).sum()),
    }


def format_table(report: EvalReport) -> str:
    """A Table-2-style text table: P, R, NDCG and complete at K in percent (at the budget's cut under a budget)."""
    k = str(report.k) if "token_budget" not in report.settings else f"{report.settings['token_budget']}t"
    width = max([28] + [len(r.label) + 2 for r in report.results])
    header = f"{'Method':<{width}} {'P@' + k:>8} {'R@' + k:>8} {'NDCG@' + k:>9} {'C@' + k:>8}"
    if "token_budget" in report.settings:
        header += f" {'tools':>6} {'tokens':>7}"
    lines = [f"{report.benchmark} ({report.n_tasks} tasks)", header, "-" * len(header)]
    for r in report.results:
        line = (f"{r.label:<{width}} {100 * r.precision:>8.1f} {100 * r.recall:>8.1f} {100 * r.ndcg:>9.1f} "
                f"{100 * r.complete:>8.1f}")
        if "token_budget" in report.settings and r.per_task:
            line += f" {np.mean([len(t['ranked']) for t in r.per_task]):>6.1f} {np.mean([t['tokens'] for t in r.per_task]):>7.0f}"
        lines.append(line)
    if "token_budget" in report.settings:
        lines.append(f"(cut: the tools within {report.settings['token_budget']} schema tokens, {report.settings.get('tokenizer')})")
    return "\n".join(lines)


def compare_to_baseline(report: EvalReport, baseline: str = "qts") -> list[dict[str, Any]]:
    """Paired tests of every other method against ``baseline`` on Recall and NDCG (per task)."""
    try:
        base = report.get(baseline)
    except KeyError:
        return []
    out = []
    for r in report.results:
        if r is base:
            continue
        row: dict[str, Any] = {"method": r.label, "baseline": baseline}
        for metric in ("recall", "ndcg"):
            row[metric] = paired_test(base.array(metric), r.array(metric))
        out.append(row)
    return out


def format_comparisons(rows: list[dict[str, Any]], k: int) -> str:
    lines = []
    for row in rows:
        parts = []
        for metric, label in (("recall", f"R@{k}"), ("ndcg", f"NDCG@{k}")):
            t = row[metric]
            parts.append(
                f"{label} {100 * t['mean_diff']:+.1f} [{100 * t['ci_low']:+.1f}, {100 * t['ci_high']:+.1f}] "
                f"p={t['p_wilcoxon']:.2g} ({t['wins']}W/{t['losses']}L)"
            )
        lines.append(f"{row['method']} vs {row['baseline']}: " + "; ".join(parts))
    return "\n".join(lines)
