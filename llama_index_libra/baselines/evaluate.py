"""Baseline rows for the package's one-shot evaluation (P/R/NDCG@K, per-task records).

:func:`evaluate_baselines` ranks a benchmark's tasks with each artifact and scores them with the
evaluation code QTS and LIBRA are scored with (:func:`~llama_index_libra.evaluation.metrics.score_ranking`,
:class:`~llama_index_libra.evaluation.runner.EvalReport`), sharing one dense index: the same encoder,
tool embeddings and query embeddings as the ``qts`` row. TGR is reported once per direction
(``tgr [provider-to-consumer]``, ``tgr [consumer-to-provider]``) unless a direction is given.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Mapping, Sequence

import numpy as np

from llama_index_libra.baselines.artifact import BaselineArtifact
from llama_index_libra.baselines.ranker import BaselineRanker
from llama_index_libra.evaluation.metrics import check_k, score_ranking
from llama_index_libra.evaluation.runner import EvalReport, MethodResult

if TYPE_CHECKING:  # pragma: no cover
    from llama_index_libra.benchmarks.base import Benchmark
    from llama_index_libra.retrieval.dense import DenseIndex

__all__ = ["evaluate_baselines", "baseline_result", "DEFAULT_TGR_DIRECTIONS"]

DEFAULT_TGR_DIRECTIONS = ("provider-to-consumer", "consumer-to-provider")


def baseline_result(benchmark: "Benchmark", ranker: BaselineRanker, *, k: int, depth: int, label: str = "default",
                    scores: np.ndarray | None = None, show_progress: bool = False) -> MethodResult:
    """One method row: ranks every task with ``ranker`` and scores it at ``k`` (``depth`` >= k kept)."""
    k = check_k(k)
    tasks = benchmark.tasks
    base = scores if scores is not None else ranker.base_scores_many([t.query for t in tasks], show_progress=show_progress)
    per_task = []
    for i, task in enumerate(tasks):
        names = [r.name for r in ranker.rank_from_base(base[i], max(k, depth))]
        s = score_ranking(names, task.gold, k)
        per_task.append({"id": task.id, "precision": s.precision, "recall": s.recall, "ndcg": s.ndcg,
                         "ranked": names[:k], "gold": list(task.gold), "promoted": []})
    means = {m: float(np.mean([t[m] for t in per_task])) if per_task else 0.0 for m in ("precision", "recall", "ndcg")}
    return MethodResult(method=ranker.method, k=k, **means, per_task=per_task, variant=label, settings=ranker.settings())


def evaluate_baselines(
    benchmark: "Benchmark",
    artifacts: Sequence[BaselineArtifact] | Mapping[str, BaselineArtifact],
    *,
    k: int | None = None,
    depth: int | None = None,
    embed_model: Any = None,
    dense: "DenseIndex | None" = None,
    cache_dir: Any = None,
    options: Mapping[str, Mapping[str, Any]] | None = None,
    tgr_directions: Sequence[str] | None = None,
    qts: bool = True,
    show_progress: bool = False,
) -> EvalReport:
    """Evaluate baseline artifacts on ``benchmark`` (a ``qts`` row first unless ``qts=False``).

    ``options`` maps a method to its query-time options (see ``BASELINE_OPTIONS``); without a
    ``direction`` there, TGR gets one row per direction in ``tgr_directions``.
    """
    from llama_index_libra.evaluation.runner import evaluate

    k = check_k(k if k is not None else benchmark.k)
    depth = max(k, depth or 0)
    items = list(artifacts.values()) if isinstance(artifacts, Mapping) else list(artifacts)
    options = {m: dict(o) for m, o in (options or {}).items()}
    results: list[MethodResult] = []
    if dense is None:
        from llama_index_libra.retrieval.dense import resolve_embed_model

        embed_model = resolve_embed_model(embed_model)  # loaded once, for the QTS row and the baselines
    else:
        embed_model = dense.embed_model  # the QTS row uses the given index's encoder too
    if qts:  # the package's own QTS row, from the evaluation runner itself
        results += evaluate(benchmark, ["qts"], k=k, depth=depth, embed_model=embed_model, cache_dir=cache_dir,
                            show_progress=show_progress).results
    if dense is None:
        from llama_index_libra.retrieval.dense import DenseIndex

        dense = DenseIndex(benchmark.catalog, embed_model, cache_dir=cache_dir, show_progress=show_progress)
    vectors = None
    for artifact in items:
        own = dict(options.get(artifact.method, {}))
        if artifact.method == "tgr" and "direction" not in own:
            runs = [(d, {**own, "direction": d}) for d in (tgr_directions or DEFAULT_TGR_DIRECTIONS)]
        else:
            runs = [(own.get("direction", "default") if artifact.method == "tgr" else "default", own)]
        for label, opts in runs:
            ranker = BaselineRanker(artifact, benchmark.catalog, dense=dense, cache_dir=cache_dir, show_progress=show_progress, **opts)
            if vectors is None:  # the queries are encoded once, for every baseline row
                vectors = dense.embed_queries([t.query for t in benchmark.tasks], show_progress=show_progress)
            results.append(baseline_result(benchmark, ranker, k=k, depth=depth, label=label,
                                           scores=ranker.scores_from_vectors(vectors)))
    settings = {"encoder": dense.encoder, "baselines": {a.method: {"model": a.model, "judge_model": a.judge_model,
                                                                    "prompt_version": a.prompt_version} for a in items}}
    return EvalReport(benchmark=benchmark.name, k=k, n_tasks=len(benchmark.tasks), results=results, settings=settings)
