"""Reports over a run directory: Recall/NDCG at K per method x LLM, gains over QTS, Figure 2/17 plots.

For an iteration budget i, every task's candidate list after i retriever calls is scored against its
gold set (:func:`agent_eval.runner.iteration_scores`), averaged over the cell's tasks, and the cell
means of one (benchmark, method, LLM) are summarised over seeds by their mean and standard error
(sample standard deviation / sqrt(seeds); 0 with one seed). The gain of LIBRA over QTS is the
difference of those means, averaged over every (benchmark, LLM) setting that has both methods.
"""

from __future__ import annotations

import json
import math
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Sequence

from agent_eval.runner import CELL_FILE, Cell, iteration_scores, load_cell_records
from llama_index_libra.evaluation.metrics import check_k

__all__ = [
    "METHOD_LABELS",
    "BENCHMARK_LABELS",
    "CellResult",
    "ReportRow",
    "Gain",
    "load_run",
    "summarize",
    "method_gains",
    "format_report",
    "plot_report",
    "build_report",
    "parse_iterations",
]

METHOD_LABELS = {"bm25": "BM25", "qts": "QTS", "schema-only": "Schema-Only", "libra": "LIBRA"}
BENCHMARK_LABELS = {"bfcl": "BFCL", "appworld": "AppWorld", "scitooleval": "SciToolEval"}
_METHOD_ORDER = ("bm25", "qts", "schema-only", "libra")


def _method_key(method: str) -> tuple[int, str]:
    return (_METHOD_ORDER.index(method) if method in _METHOD_ORDER else len(_METHOD_ORDER), method)


# --------------------------------------------------------------------------- loading


@dataclass
class CellResult:
    """One cell's header (``cell.json``) and its latest record per task."""

    cell: Cell
    k: int
    budget: int
    llm_label: str
    records: dict[str, dict[str, Any]]

    def means(self, iteration: int, k: int) -> dict[str, float]:
        """Mean P/R/NDCG at ``k`` after ``iteration`` calls over this cell's tasks."""
        if not 1 <= iteration <= self.budget:
            raise ValueError(f"{self.cell.label()}: iteration {iteration} is outside its budget 1..{self.budget}")
        rows = [iteration_scores(r, k, self.budget)[iteration - 1] for r in self.records.values()]
        if not rows:
            return {"precision": math.nan, "recall": math.nan, "ndcg": math.nan}
        return {m: sum(r[m] for r in rows) / len(rows) for m in ("precision", "recall", "ndcg")}

    def statuses(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for r in self.records.values():
            out[r.get("status", "?")] = out.get(r.get("status", "?"), 0) + 1
        return out


def load_run(run_dir: str | Path) -> list[CellResult]:
    """Every cell under ``run_dir`` that has a ``cell.json``, in a stable order."""
    root = Path(run_dir)
    if not root.is_dir():
        raise FileNotFoundError(f"run directory {root} does not exist")
    cells = []
    for header_path in sorted(root.glob(f"*/*/*/seed-*/{CELL_FILE}")):
        header = json.loads(header_path.read_text(encoding="utf-8"))
        cell = Cell(str(header["benchmark"]), str(header["method"]), str(header["llm"]), int(header["seed"]))
        info = header.get("llm_info") or {}
        cells.append(
            CellResult(
                cell=cell,
                k=int(header["k"]),
                budget=int(header["settings"]["budget"]),
                llm_label=str(info.get("label") or cell.llm),
                records=load_cell_records(header_path.parent),
            )
        )
    if not cells:
        raise FileNotFoundError(f"{root} holds no agent_eval cells (*/*/*/seed-*/{CELL_FILE})")
    return cells


# --------------------------------------------------------------------------- summaries


@dataclass
class ReportRow:
    """One (benchmark, method, LLM) at one iteration budget: means over seeds and standard errors (fractions)."""

    benchmark: str
    method: str
    llm: str
    llm_label: str
    k: int
    iteration: int
    recall: float
    recall_se: float
    ndcg: float
    ndcg_se: float
    precision: float
    seeds: list[int]
    tasks: list[int]
    statuses: dict[str, int] = field(default_factory=dict)
    llm_calls: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    mean_calls: float = 0.0
    malformed_steps: int = 0


def _mean_se(values: Sequence[float]) -> tuple[float, float]:
    n = len(values)
    if n == 0:
        return math.nan, math.nan
    mean = sum(values) / n
    if n == 1:
        return mean, 0.0
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, math.sqrt(var / n)


def summarize(cells: Sequence[CellResult], iterations: Sequence[int], k: int | None = None) -> list[ReportRow]:
    """Rows per (benchmark, method, LLM, iteration); ``k`` overrides each benchmark's own cutoff."""
    if k is not None:
        check_k(k)
    groups: dict[tuple[str, str, str], list[CellResult]] = {}
    for c in cells:
        groups.setdefault((c.cell.benchmark, c.cell.method, c.cell.llm), []).append(c)
    rows = []
    for (bench, method, llm), members in sorted(groups.items(), key=lambda kv: (kv[0][0], kv[0][2], _method_key(kv[0][1]))):
        members = sorted(members, key=lambda c: c.cell.seed)
        members = [c for c in members if c.records]
        if not members:
            continue
        cutoff = k if k is not None else members[0].k
        statuses: dict[str, int] = {}
        for c in members:
            for s, n in c.statuses().items():
                statuses[s] = statuses.get(s, 0) + n
        records = [r for c in members for r in c.records.values()]
        for it in iterations:
            per_seed = [c.means(it, cutoff) for c in members]
            recall, recall_se = _mean_se([m["recall"] for m in per_seed])
            ndcg, ndcg_se = _mean_se([m["ndcg"] for m in per_seed])
            precision, _ = _mean_se([m["precision"] for m in per_seed])
            rows.append(
                ReportRow(
                    benchmark=bench,
                    method=method,
                    llm=llm,
                    llm_label=members[0].llm_label,
                    k=cutoff,
                    iteration=it,
                    recall=recall,
                    recall_se=recall_se,
                    ndcg=ndcg,
                    ndcg_se=ndcg_se,
                    precision=precision,
                    seeds=[c.cell.seed for c in members],
                    tasks=[len(c.records) for c in members],
                    statuses=statuses,
                    llm_calls=sum(int(r.get("llm_calls") or 0) for r in records),
                    prompt_tokens=sum(int(r.get("prompt_tokens") or 0) for r in records),
                    completion_tokens=sum(int(r.get("completion_tokens") or 0) for r in records),
                    mean_calls=sum(int(r.get("n_calls") or 0) for r in records) / len(records),
                    malformed_steps=sum(int(r.get("n_malformed") or 0) for r in records),
                )
            )
    return rows


@dataclass
class Gain:
    """``method`` minus ``baseline`` (fractions) at one iteration budget, averaged over settings."""

    iteration: int
    method: str
    baseline: str
    recall: float
    ndcg: float
    settings: int
    per_benchmark: dict[str, dict[str, float]]
    pairs: list[dict[str, Any]]


def method_gains(rows: Sequence[ReportRow], method: str = "libra", baseline: str = "qts") -> list[Gain]:
    """Average gain of ``method`` over ``baseline`` per iteration, over (benchmark, LLM) settings with both."""
    index = {(r.benchmark, r.llm, r.method, r.iteration): r for r in rows}
    out = []
    for it in sorted({r.iteration for r in rows}):
        pairs = []
        for (bench, llm, m, i), row in sorted(index.items()):
            if m != method or i != it:
                continue
            base = index.get((bench, llm, baseline, it))
            if base is None:
                continue
            pairs.append({"benchmark": bench, "llm": llm, "recall": row.recall - base.recall, "ndcg": row.ndcg - base.ndcg})
        if not pairs:
            continue
        per_bench: dict[str, dict[str, float]] = {}
        for bench in sorted({p["benchmark"] for p in pairs}):
            mine = [p for p in pairs if p["benchmark"] == bench]
            per_bench[bench] = {
                "recall": sum(p["recall"] for p in mine) / len(mine),
                "ndcg": sum(p["ndcg"] for p in mine) / len(mine),
                "llms": len(mine),
            }
        out.append(
            Gain(
                iteration=it,
                method=method,
                baseline=baseline,
                recall=sum(p["recall"] for p in pairs) / len(pairs),
                ndcg=sum(p["ndcg"] for p in pairs) / len(pairs),
                settings=len(pairs),
                per_benchmark=per_bench,
                pairs=pairs,
            )
        )
    return out


# --------------------------------------------------------------------------- text


def _pct(value: float, se: float | None = None) -> str:
    if math.isnan(value):
        return "-"
    if se is None:
        return f"{100 * value:.1f}"
    return f"{100 * value:5.1f} ± {100 * se:.1f}"


def _label(method: str) -> str:
    return METHOD_LABELS.get(method, method)


def _bench_label(bench: str) -> str:
    return BENCHMARK_LABELS.get(bench, bench)


_LLM_COLUMN = 16  # width of the LLM column for short labels


def format_report(rows: Sequence[ReportRow], gains: Sequence[Gain]) -> str:
    """Tables per benchmark and iteration, the gains, and a run-health footer."""
    lines: list[str] = []
    for bench in sorted({r.benchmark for r in rows}):
        for it in sorted({r.iteration for r in rows}):
            mine = [r for r in rows if r.benchmark == bench and r.iteration == it]
            if not mine:
                continue
            k = mine[0].k
            plural = "iteration" if it == 1 else "iterations"
            lines.append(f"{_bench_label(bench)}@{k} after {it} {plural} (mean ± s.e. over seeds, %)")
            llm_w = max([_LLM_COLUMN] + [len(r.llm_label) + 2 for r in mine])  # a long label widens the column
            header = f"{'Method':<13}{'LLM':<{llm_w}}{'Recall@' + str(k):>14}{'NDCG@' + str(k):>14}{'P@' + str(k):>8}  seeds  tasks"
            lines.append(header)
            lines.append("-" * len(header))
            for r in mine:
                tasks = str(r.tasks[0]) if len(set(r.tasks)) == 1 else f"{min(r.tasks)}-{max(r.tasks)}"
                lines.append(
                    f"{_label(r.method):<13}{r.llm_label:<{llm_w}}{_pct(r.recall, r.recall_se):>14}{_pct(r.ndcg, r.ndcg_se):>14}"
                    f"{_pct(r.precision):>8}  {len(r.seeds):>5}  {tasks:>5}"
                )
            lines.append("")
    for g in gains:
        plural = "iteration" if g.iteration == 1 else "iterations"
        lines.append(
            f"{_label(g.method)} - {_label(g.baseline)} after {g.iteration} {plural}: Recall {100 * g.recall:+.1f}, "
            f"NDCG {100 * g.ndcg:+.1f} points (average over {g.settings} benchmark x LLM settings)"
        )
        for bench, v in g.per_benchmark.items():
            lines.append(f"  {_bench_label(bench)}: Recall {100 * v['recall']:+.1f}, NDCG {100 * v['ndcg']:+.1f} ({int(v['llms'])} LLMs)")
    if gains:
        lines.append("")
    lines.append("Runs (all seeds): statuses, mean retriever calls per task, malformed steps, LLM calls and tokens")
    seen = set()
    for r in rows:
        key = (r.benchmark, r.method, r.llm)
        if key in seen:
            continue
        seen.add(key)
        statuses = ", ".join(f"{n} {s}" for s, n in sorted(r.statuses.items()))
        tokens = f", {r.prompt_tokens:,} prompt + {r.completion_tokens:,} completion tokens" if r.prompt_tokens else ""
        lines.append(
            f"  {_bench_label(r.benchmark)} {_label(r.method)} {r.llm_label}: {statuses}; {r.mean_calls:.2f} calls/task; "
            f"{r.malformed_steps} malformed; {r.llm_calls:,} LLM calls{tokens}"
        )
        unfinished = sum(n for s, n in r.statuses.items() if s not in ("answered", "max_iterations"))
        if unfinished:
            lines.append(f"    note: {unfinished} task(s) ended in timeout/error and are scored with the calls they made")
    return "\n".join(lines).rstrip() + "\n"


# --------------------------------------------------------------------------- plots


def plot_report(rows: Sequence[ReportRow], path: str | Path, iteration: int) -> Path:
    """Figure 2 / Figure 17 style: one Recall-vs-NDCG panel per benchmark x LLM, error bars = s.e."""
    from llama_index_libra.evaluation.plots import plot_recall_ndcg_panels

    mine = [r for r in rows if r.iteration == iteration]
    if not mine:
        raise ValueError(f"no rows for iteration {iteration}")
    points = [
        {
            "panel": f"{_bench_label(r.benchmark)}@{r.k} · {r.llm_label}",
            "method": _label(r.method),
            "recall": 100 * r.recall,
            "ndcg": 100 * r.ndcg,
            "recall_se": 100 * r.recall_se,
            "ndcg_se": 100 * r.ndcg_se,
        }
        for r in mine
        if not (math.isnan(r.recall) or math.isnan(r.ndcg))
    ]
    plural = "iteration" if iteration == 1 else "iterations"
    return plot_recall_ndcg_panels(
        points, path, title=f"Agentic retrieval after {iteration} {plural}", xlabel="Recall@K (%)", ylabel="NDCG@K (%)"
    )


def _plot_paths(path: str | Path, iterations: Sequence[int]) -> dict[int, Path]:
    p = Path(path)
    if len(iterations) == 1:
        return {iterations[0]: p}
    suffix = p.suffix or ".png"
    return {it: p.with_name(f"{p.stem}-iter{it}{suffix}") for it in iterations}


def build_report(
    run_dir: str | Path,
    *,
    iterations: Sequence[int] | str = (10,),
    k: int | None = None,
    plot: str | Path | None = None,
    json_path: str | Path | None = None,
    method: str = "libra",
    baseline: str = "qts",
) -> tuple[str, list[Path]]:
    """The text report of ``run_dir`` and the files written (plots, JSON).

    ``iterations`` is a list of budgets or a string for :func:`parse_iterations` (``"all"`` is 1..budget).
    """
    cells = load_run(run_dir)
    budget = min(c.budget for c in cells)
    if isinstance(iterations, str):
        iterations = parse_iterations(iterations, budget)
    bad = [i for i in iterations if not 1 <= i <= budget]
    if bad:
        raise ValueError(f"iterations {bad} are outside the run's budget 1..{budget}")
    rows = summarize(cells, iterations, k)
    gains = method_gains(rows, method, baseline)
    text = format_report(rows, gains)
    written: list[Path] = []
    if plot is not None:
        for it, p in _plot_paths(plot, list(iterations)).items():
            written.append(plot_report(rows, p, it))
    if json_path is not None:
        payload = {"rows": [asdict(r) for r in rows], "gains": [asdict(g) for g in gains]}
        out = Path(json_path)
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(json.dumps(payload, indent=1, allow_nan=True), encoding="utf-8")
        written.append(out)
    return text, written


def parse_iterations(text: str, budget: int | None = None) -> list[int]:
    """``"10"``, ``"1,3,5,7,10"`` or ``"all"`` (1..budget) as a sorted list."""
    if text.strip() == "all":
        if budget is None:
            raise ValueError("'all' needs the run's budget")
        return list(range(1, budget + 1))
    try:
        values = sorted({int(v) for v in text.split(",") if v.strip()})
    except ValueError:
        raise ValueError(f"iterations must be integers like 10 or 1,3,5,7,10 or 'all', got {text!r}") from None
    if not values or values[0] < 1:
        raise ValueError(f"iterations must be positive, got {text!r}")
    return values
