"""Dependency recovery breakdown (section 5.2, Table 3).

For every task and every gold tool that dense query-tool similarity (QTS) ranks outside the top K
(one *occurrence*), the occurrence gets exactly one of five outcomes, checked in this order:

- ``recovered``: LIBRA ranks it inside the top K;
- ``no_graph_edge``: it has no outgoing edge (it provides nothing) in the retrieval graph;
- ``consumer_not_seeded``: none of the consumers it is linked to was expanded by propagation
  (a seed among the top K_s, or, with hops > 1, a provider promoted at an earlier hop);
- ``provider_not_selected``: an expanded consumer links to it, but per-input provider selection
  (field-best / dense-best) picked other providers, so it got no propagated score;
- ``below_cutoff``: it was selected and its propagated score s' still ranks below the top K.

The retrieval graph is the one the LIBRA ranker propagates over (its relation kinds filter
applied). Both rankings use the same s_q, so differences come from propagation alone.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Sequence

import numpy as np

from llama_index_libra._io import atomic_write_json
from llama_index_libra.retrieval.topk import check_k, rank_indices

if TYPE_CHECKING:  # pragma: no cover
    from llama_index_libra.benchmarks.base import Benchmark, Task
    from llama_index_libra.retrieval.ranker import ToolRanker

__all__ = [
    "OUTCOMES",
    "FAILURE_CAUSES",
    "RecoveryOccurrence",
    "RecoveryReport",
    "classify_occurrences",
    "recovery_breakdown",
    "format_recovery_table",
]

FAILURE_CAUSES = ("no_graph_edge", "consumer_not_seeded", "provider_not_selected", "below_cutoff")
OUTCOMES = ("recovered", *FAILURE_CAUSES)
_HEADERS = {
    "no_graph_edge": "No graph edge",
    "consumer_not_seeded": "Consumer not seeded",
    "provider_not_selected": "Provider not selected",
    "below_cutoff": "Below cutoff",
    "recovered": "Recovered",
}


@dataclass(frozen=True)
class RecoveryOccurrence:
    """One gold tool of one task that QTS ranked outside the top K, with its outcome and evidence.

    Ranks are 1-based over the whole catalog. ``consumers`` are the tools it provides for in the
    retrieval graph, ``expanded_consumers`` those of them propagation expanded, ``selected_for``
    those whose selection picked it, ``gold_consumers`` the consumers that are gold in the task.
    ``cutoff_score`` is LIBRA's K-th best final score.
    """

    task_id: str
    tool: str
    outcome: str
    qts_rank: int
    libra_rank: int
    base_score: float
    libra_score: float
    cutoff_score: float
    consumers: tuple[str, ...] = ()
    expanded_consumers: tuple[str, ...] = ()
    selected_for: tuple[str, ...] = ()
    gold_consumers: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {
            "task_id": self.task_id,
            "tool": self.tool,
            "outcome": self.outcome,
            "qts_rank": self.qts_rank,
            "libra_rank": self.libra_rank,
            "base_score": self.base_score,
            "libra_score": self.libra_score,
            "cutoff_score": self.cutoff_score,
            "consumers": list(self.consumers),
            "expanded_consumers": list(self.expanded_consumers),
            "selected_for": list(self.selected_for),
            "gold_consumers": list(self.gold_consumers),
        }


@dataclass
class RecoveryReport:
    """Table 3 for one benchmark: outcome counts and shares over the QTS misses."""

    benchmark: str
    k: int
    n_tasks: int
    occurrences: list[RecoveryOccurrence]
    settings: dict[str, Any] = field(default_factory=dict)

    @property
    def n(self) -> int:
        """Number of gold-tool occurrences outside QTS's top K (the paper's ``Dense misses (n)``)."""
        return len(self.occurrences)

    @property
    def counts(self) -> dict[str, int]:
        out = {o: 0 for o in OUTCOMES}
        for occ in self.occurrences:
            out[occ.outcome] += 1
        return out

    @property
    def shares(self) -> dict[str, float]:
        """Fraction of the misses per outcome (sums to 1 when there is at least one miss)."""
        n = self.n
        return {o: (c / n if n else 0.0) for o, c in self.counts.items()}

    def by_outcome(self, outcome: str) -> list[RecoveryOccurrence]:
        if outcome not in OUTCOMES:
            raise ValueError(f"unknown outcome {outcome!r}; choose from {', '.join(OUTCOMES)}")
        return [o for o in self.occurrences if o.outcome == outcome]

    def to_json(self) -> dict[str, Any]:
        return {
            "benchmark": self.benchmark,
            "k": self.k,
            "n_tasks": self.n_tasks,
            "n": self.n,
            "counts": self.counts,
            "shares": self.shares,
            "settings": self.settings,
            "occurrences": [o.to_json() for o in self.occurrences],
        }

    def write_json(self, path: str | Path) -> Path:
        return atomic_write_json(path, self.to_json(), indent=1)

    def format_table(self) -> str:
        return format_recovery_table([self])


def format_recovery_table(reports: Sequence[RecoveryReport]) -> str:
    """Table 3 layout: misses n, then each outcome as count and percent of n, one row per benchmark."""
    cols = [*FAILURE_CAUSES, "recovered"]
    first = max([16] + [len(f"{r.benchmark}@{r.k}") + 2 for r in reports])
    widths = [max(len(_HEADERS[c]), 12) for c in cols]
    header = f"{'Benchmark':<{first}} {'n':>5}  " + "  ".join(f"{_HEADERS[c]:>{w}}" for c, w in zip(cols, widths))
    lines = [header, "-" * len(header)]
    for r in reports:
        counts, shares = r.counts, r.shares
        cells = "  ".join(f"{f'{counts[c]} ({100 * shares[c]:.1f}%)':>{w}}" for c, w in zip(cols, widths))
        lines.append(f"{f'{r.benchmark}@{r.k}':<{first}} {r.n:>5}  {cells}")
    return "\n".join(lines)


# --------------------------------------------------------------------------- classification


def _out_edges(graph: Any, n: int) -> list[set[int]]:
    """Per provider index, the consumer indices it has relations to in the retrieval graph."""
    out: list[set[int]] = [set() for _ in range(n)]
    if graph is None:
        return out
    index = {name: i for i, name in enumerate(graph.names)}
    for r in graph.relations:
        out[index[r.provider]].add(index[r.consumer])
    return out


def _expanded(base: np.ndarray, links: dict[int, list[tuple[int, int, int, int]]], seeds: int, hops: int) -> set[int]:
    """Consumers whose relations propagation followed: the seeds, plus earlier-hop promoted providers.

    Mirrors :meth:`PropagationGraph.propagate`: the frontier of hop h+1 is every provider linked at
    hop h that was not already expanded.
    """
    expanded = set(rank_indices(base, seeds).tolist())
    for provider, items in links.items():
        if any(hop < hops for _c, _r, _s, hop in items):
            expanded.add(provider)
    return expanded


def classify_occurrences(
    task: "Task",
    base: np.ndarray,
    ranker_libra: "ToolRanker",
    *,
    k: int,
    qts_scores: np.ndarray | None = None,
    out_edges: list[set[int]] | None = None,
) -> list[RecoveryOccurrence]:
    """Outcomes of one task's gold tools outside QTS's top K, given s_q (``base``) for the task.

    ``qts_scores`` is the QTS ranking's score vector when it differs from ``base`` (another
    encoder); by default QTS ranks by ``base``.
    """
    check_k(k)
    names = ranker_libra.catalog.names
    index = {n: i for i, n in enumerate(names)}
    base = np.asarray(base, dtype=np.float64)
    qts = base if qts_scores is None else np.asarray(qts_scores, dtype=np.float64)
    qts_order = rank_indices(qts)
    qts_rank = np.empty(len(names), dtype=np.int64)
    qts_rank[qts_order] = np.arange(1, len(names) + 1)
    final, links = ranker_libra.scores_from_base(base)
    final = np.asarray(final, dtype=np.float64)
    libra_order = rank_indices(final)
    libra_rank = np.empty(len(names), dtype=np.int64)
    libra_rank[libra_order] = np.arange(1, len(names) + 1)
    cutoff = float(final[libra_order[min(k, len(names)) - 1]])
    graph = ranker_libra.graph
    edges = out_edges if out_edges is not None else _out_edges(graph, len(names))
    config = ranker_libra.config
    expanded = _expanded(base, links, config.seeds, config.hops) if graph is not None else set()
    gold_idx = {index[g] for g in task.gold}
    out: list[RecoveryOccurrence] = []
    for tool in dict.fromkeys(task.gold):
        u = index[tool]
        if qts_rank[u] <= k:
            continue
        consumers = sorted(edges[u])
        seeded = [c for c in consumers if c in expanded]
        selected = sorted({c for c, _r, _s, _h in links.get(u, [])})
        if libra_rank[u] <= k:
            outcome = "recovered"
        elif not consumers:
            outcome = "no_graph_edge"
        elif not seeded:
            outcome = "consumer_not_seeded"
        elif not selected:
            outcome = "provider_not_selected"
        else:
            outcome = "below_cutoff"
        out.append(
            RecoveryOccurrence(
                task_id=task.id,
                tool=tool,
                outcome=outcome,
                qts_rank=int(qts_rank[u]),
                libra_rank=int(libra_rank[u]),
                base_score=float(base[u]),
                libra_score=float(final[u]),
                cutoff_score=cutoff,
                consumers=tuple(names[c] for c in consumers),
                expanded_consumers=tuple(names[c] for c in seeded),
                selected_for=tuple(names[c] for c in selected),
                gold_consumers=tuple(names[c] for c in consumers if c in gold_idx),
            )
        )
    return out


def recovery_breakdown(
    benchmark: "Benchmark",
    ranker_qts: "ToolRanker",
    ranker_libra: "ToolRanker",
    *,
    k: int | None = None,
    show_progress: bool = False,
) -> RecoveryReport:
    """Table 3 for one benchmark: classify every gold tool QTS ranks outside the top ``k``.

    ``k`` defaults to the benchmark's cutoff. LIBRA propagates over the same s_q as QTS when both
    rankers share an encoder (the normal case); otherwise each ranks with its own scores.
    """
    k = check_k(k if k is not None else benchmark.k)
    if ranker_qts.dense is None or ranker_libra.dense is None:
        raise ValueError("recovery breakdown compares dense rankers: give QTS and LIBRA rankers (not BM25)")
    queries = [t.query for t in benchmark.tasks]
    qts_base = ranker_qts.base_scores_many(queries, show_progress=show_progress)
    same = (ranker_libra.dense is ranker_qts.dense or ranker_libra.dense.encoder == ranker_qts.dense.encoder) and (
        getattr(ranker_libra, "base_config", None) == getattr(ranker_qts, "base_config", None)
    )  # same encoder and same base-score settings (a hybrid LIBRA base is scored on its own)
    libra_base = qts_base if same else ranker_libra.base_scores_many(queries, show_progress=show_progress)
    edges = _out_edges(ranker_libra.graph, len(ranker_libra.catalog))
    occurrences: list[RecoveryOccurrence] = []
    for i, task in enumerate(benchmark.tasks):
        occurrences.extend(
            classify_occurrences(
                task, libra_base[i], ranker_libra, k=k, qts_scores=None if same else qts_base[i], out_edges=edges
            )
        )
    config = ranker_libra.config
    settings: dict[str, Any] = {
        "seeds": config.seeds,
        "provider_selection": config.provider_selection,
        "hops": config.hops,
        "kinds": list(config.kinds),
        "encoder": ranker_libra.dense.encoder,
        "graph_edges": ranker_libra.graph.n_edges if ranker_libra.graph is not None else 0,
    }
    return RecoveryReport(benchmark=benchmark.name, k=k, n_tasks=len(benchmark.tasks), occurrences=occurrences, settings=settings)
