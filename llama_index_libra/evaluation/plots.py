"""Recall vs NDCG scatter plots (PNG, matplotlib Agg): one-shot evaluation reports and agent panels."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, Mapping, Sequence

if TYPE_CHECKING:  # pragma: no cover
    from llama_index_libra.evaluation.runner import EvalReport

__all__ = ["plot_recall_ndcg", "plot_recall_ndcg_panels"]

_REQUIRED = ("panel", "method", "recall", "ndcg")


def _pyplot() -> Any:
    try:
        import matplotlib
    except ImportError:
        raise RuntimeError("plots need matplotlib: pip install 'llama-index-libra[plots]'") from None

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def _padded_limits(values: Sequence[float], errors: Sequence[float] | None = None) -> tuple[float, float]:
    errors = errors or [0.0] * len(values)
    lo = min(v - e for v, e in zip(values, errors))
    hi = max(v + e for v, e in zip(values, errors))
    pad = max((hi - lo) * 0.12, 0.5)
    return lo - pad, hi + pad


def _save(fig: Any, path: str | Path, dpi: int) -> Path:
    out = Path(path)
    out.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(out, dpi=dpi, bbox_inches="tight")
    return out


def plot_recall_ndcg(report: "EvalReport", path: str | Path, *, dpi: int = 150) -> Path:
    """Recall@K (x) vs NDCG@K (y), in percent, one labeled point per method/variant."""
    if not report.results:
        raise ValueError("the evaluation report holds no method results to plot")
    plt = _pyplot()
    xs = [100.0 * r.recall for r in report.results]
    ys = [100.0 * r.ndcg for r in report.results]
    fig, ax = plt.subplots(figsize=(6.4, 4.8))
    try:
        colors = plt.rcParams["axes.prop_cycle"].by_key()["color"]
        methods = list(dict.fromkeys(r.method for r in report.results))
        for r, x, y in zip(report.results, xs, ys):
            color = colors[methods.index(r.method) % len(colors)]
            marker = "o" if r.setting == "default" else "s"
            ax.scatter([x], [y], color=color, marker=marker, s=36, zorder=3)
            ax.annotate(r.label, (x, y), textcoords="offset points", xytext=(5, 4), fontsize=8)
        ax.set_xlim(*_padded_limits(xs))
        ax.set_ylim(*_padded_limits(ys))
        ax.set_xlabel(f"Recall@{report.k} (%)")
        ax.set_ylabel(f"NDCG@{report.k} (%)")
        ax.set_title(f"{report.benchmark} @ K={report.k} ({report.n_tasks} tasks)")
        ax.grid(True, alpha=0.3)
        return _save(fig, path, dpi)
    finally:
        plt.close(fig)


def plot_recall_ndcg_panels(
    points: Sequence[Mapping[str, Any]],
    path: str | Path,
    *,
    title: str | None = None,
    xlabel: str = "Recall",
    ylabel: str = "NDCG",
    dpi: int = 150,
) -> Path:
    """One panel per ``panel`` key (first-seen order): Recall vs NDCG per method with standard-error bars.

    Each point is ``{panel, method, recall, ndcg, recall_se?, ndcg_se?}``; values are plotted as
    given (fractions or percent). A method keeps one color across panels; the legend is shared.
    """
    if not points:
        raise ValueError("no points to plot")
    for i, p in enumerate(points):
        missing = [key for key in _REQUIRED if key not in p]
        if missing:
            raise ValueError(f"point {i} lacks {', '.join(missing)}")
    plt = _pyplot()
    panels = list(dict.fromkeys(str(p["panel"]) for p in points))
    methods = list(dict.fromkeys(str(p["method"]) for p in points))
    colors = plt.rcParams["axes.prop_cycle"].by_key()["color"]
    ncols = min(len(panels), 3)
    nrows = -(-len(panels) // ncols)
    fig, axes = plt.subplots(nrows, ncols, figsize=(4.6 * ncols, 3.9 * nrows), squeeze=False)
    try:
        handles: dict[str, Any] = {}
        for ax, panel in zip(axes.flat, panels):
            mine = [p for p in points if str(p["panel"]) == panel]
            xs = [float(p["recall"]) for p in mine]
            ys = [float(p["ndcg"]) for p in mine]
            xe = [float(p.get("recall_se") or 0.0) for p in mine]
            ye = [float(p.get("ndcg_se") or 0.0) for p in mine]
            for p, x, y, ex, ey in zip(mine, xs, ys, xe, ye):
                method = str(p["method"])
                color = colors[methods.index(method) % len(colors)]
                h = ax.errorbar([x], [y], xerr=[ex], yerr=[ey], fmt="o", color=color, ecolor=color, elinewidth=1, capsize=3, ms=5, zorder=3)
                handles.setdefault(method, h)
            scale = max([abs(v) for v in xs + ys] + [1.0])
            pad_floor = 0.005 if scale <= 1.0 else 0.5
            for setter, values, errors in ((ax.set_xlim, xs, xe), (ax.set_ylim, ys, ye)):
                lo, hi = min(v - e for v, e in zip(values, errors)), max(v + e for v, e in zip(values, errors))
                pad = max((hi - lo) * 0.12, pad_floor)
                setter(lo - pad, hi + pad)
            ax.set_title(panel, fontsize=10)
            ax.set_xlabel(xlabel)
            ax.set_ylabel(ylabel)
            ax.grid(True, alpha=0.3)
        for ax in list(axes.flat)[len(panels):]:
            ax.set_axis_off()
        fig.legend(
            [handles[m] for m in methods], methods, loc="lower center", ncol=min(len(methods), 5), fontsize=8,
            frameon=False, bbox_to_anchor=(0.5, -0.02),
        )
        if title:
            fig.suptitle(title)
        fig.tight_layout(rect=(0, 0.06, 1, 1))
        return _save(fig, path, dpi)
    finally:
        plt.close(fig)
