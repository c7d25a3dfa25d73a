"""Query latency of LIBRA ranking (dense scores + propagation + top-k) against dense-only ranking.

(a) BFCL with the default library and the packaged MiniLM encoder, query embedding excluded and
    included; (b) synthetic catalogs (1,000 and 10,000 tools, random unit embeddings of dim 384,
    about 5 relations per tool mixing state and value relations), each also with the default hybrid
    base (queries of 3 lines: every line's dense score max-pooled, BM25 over the text, CombSUM) beside
    the paper's dense joined-query base. Times are per query, median and
    p95 over ``--queries`` queries after warmup; "added" is the median of the paired per-query
    differences (LIBRA minus dense-only). Target: propagation adds < 1 ms per query at 10,000 tools.

    python scripts/bench_latency.py [--sizes 1000,10000] [--queries 200] [--no-bfcl] [--profile]
        [--graph-module path/to/propagation_variant.py] [--json out.json]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, Callable, Sequence

import numpy as np

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")

from llama_index_libra.catalog import ToolCatalog, ToolSpec  # noqa: E402
from llama_index_libra.retrieval.topk import rank_indices  # noqa: E402
from llama_index_libra.library import Relation, ToolLibrary  # noqa: E402
from llama_index_libra.retrieval.dense import DenseIndex  # noqa: E402
from llama_index_libra.retrieval.propagation import PropagationConfig  # noqa: E402
from llama_index_libra.retrieval.ranker import ToolRanker  # noqa: E402


@dataclass
class Row:
    """One benchmark setting: per-query latency in milliseconds."""

    setting: str
    tools: int
    edges: int
    dense_median_ms: float
    dense_p95_ms: float
    libra_median_ms: float
    libra_p95_ms: float
    added_median_ms: float


def machine_info() -> str:
    """One line: CPU model, core count, Python and NumPy versions."""
    model = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    usable = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return f"machine: {model}; {os.cpu_count()} cores ({usable} usable); Python {platform.python_version()}; NumPy {np.__version__}"


def _time(fn: Callable[[int], Any], n: int, warmup: int) -> np.ndarray:
    for i in range(warmup):
        fn(i % n)
    out = np.empty(n)
    for i in range(n):
        t0 = time.perf_counter()
        fn(i)
        out[i] = time.perf_counter() - t0
    return out * 1e3


def _paired(
    scores_fn: Callable[[int], np.ndarray],
    dense_rank: Callable[[np.ndarray], Any],
    libra_rank: Callable[[np.ndarray], Any],
    n: int,
    warmup: int,
) -> tuple[np.ndarray, np.ndarray]:
    """Per query: time s_q once, then dense top-k and LIBRA ranking from that same s_q.

    Dense-only = scores + top-k; LIBRA = scores + propagation + top-k. Sharing the scoring step
    keeps its noise (query embedding, a large matrix product) out of the paired difference.
    """
    for i in range(warmup):
        base = scores_fn(i % n)
        dense_rank(base)
        libra_rank(base)
    d, lib = np.empty(n), np.empty(n)
    for i in range(n):
        t0 = time.perf_counter()
        base = scores_fn(i)
        t1 = time.perf_counter()
        dense_rank(base)
        t2 = time.perf_counter()
        libra_rank(base)
        t3 = time.perf_counter()
        d[i], lib[i] = (t1 - t0) + (t2 - t1), (t1 - t0) + (t3 - t2)
    return d * 1e3, lib * 1e3


def _row(setting: str, tools: int, edges: int, dense_ms: np.ndarray, libra_ms: np.ndarray) -> Row:
    return Row(
        setting=setting,
        tools=tools,
        edges=edges,
        dense_median_ms=float(np.median(dense_ms)),
        dense_p95_ms=float(np.percentile(dense_ms, 95)),
        libra_median_ms=float(np.median(libra_ms)),
        libra_p95_ms=float(np.percentile(libra_ms, 95)),
        added_median_ms=float(np.median(libra_ms - dense_ms)),
    )


def _dense_only(names: Sequence[str], k: int) -> Callable[[np.ndarray], list[str]]:
    def rank(base: np.ndarray) -> list[str]:
        return [names[i] for i in rank_indices(base, k).tolist()]

    return rank


def _libra(ranker: ToolRanker, k: int) -> Callable[[np.ndarray], list[str]]:
    def rank(base: np.ndarray) -> list[str]:
        return [t.name for t in ranker.rank_from_base(base, k)]

    return rank


def _swap_graph(ranker: ToolRanker, library: ToolLibrary, module_path: str | None) -> None:
    """Replace the ranker's PropagationGraph by the one of another module file (a candidate patch)."""
    if not module_path:
        return
    import importlib.util

    spec = importlib.util.spec_from_file_location("libra_propagation_candidate", module_path)
    if spec is None or spec.loader is None:
        raise SystemExit(f"cannot load {module_path}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    ranker.graph = module.PropagationGraph(library.catalog.names, library.relations, kinds=ranker.config.kinds)


# --------------------------------------------------------------------------- BFCL


def bench_bfcl(n_queries: int, warmup: int, k: int, graph_module: str | None = None) -> list[Row]:
    """BFCL: the real default library and the packaged MiniLM encoder."""
    from llama_index_libra.benchmarks import load_benchmark
    from llama_index_libra.benchmarks.libraries import default_library

    bench = load_benchmark("bfcl")
    library = default_library("bfcl", catalog=bench.catalog)
    libra = ToolRanker(bench.catalog, method="libra", library=library, recipe="paper")
    _swap_graph(libra, library, graph_module)
    assert libra.dense is not None and libra.graph is not None
    dense = libra.dense
    names = bench.catalog.names
    queries = [t.query for t in bench.tasks]
    queries = [queries[i % len(queries)] for i in range(n_queries)]
    vectors = dense.embed_queries(queries)
    dense_rank, libra_rank = _dense_only(names, k), _libra(libra, k)
    d, lib = _paired(lambda i: dense.scores_from_vector(vectors[i]), dense_rank, libra_rank, n_queries, warmup)
    rows = [_row("BFCL, query embedding excluded", len(names), libra.graph.n_edges, d, lib)]
    d, lib = _paired(lambda i: dense.scores_from_vector(dense.embed_query(queries[i])), dense_rank, libra_rank, n_queries, min(warmup, 10))
    rows.append(_row("BFCL, query embedding included", len(names), libra.graph.n_edges, d, lib))
    # the default: hybrid base over the query's lines (one batched encoder call) + BM25 + CombSUM
    hybrid = ToolRanker(bench.catalog, method="libra", library=library, dense=dense)
    _swap_graph(hybrid, library, graph_module)
    d, lib = _paired(lambda i: hybrid.base_scores(queries[i]), dense_rank, _libra(hybrid, k), n_queries, min(warmup, 10))
    rows.append(_row("BFCL, default hybrid base, query embedding included", len(names), libra.graph.n_edges, d, lib))
    return rows


# --------------------------------------------------------------------------- synthetic


def synthetic_library(n_tools: int, *, relations_per_tool: float = 5.0, state_share: float = 0.3, seed: int = 0) -> ToolLibrary:
    """A random catalog of ``n_tools`` tools in namespaces of 20 and ~``relations_per_tool`` relations each.

    Each tool has 1-3 inputs and 1-3 exports; value relations (provenance 70%, compatibility 30%)
    carry a field similarity in [0.3, 1); state relations have no fields.
    """
    rng = np.random.default_rng(seed)
    n_inputs = rng.integers(1, 4, size=n_tools)
    n_exports = rng.integers(1, 4, size=n_tools)
    specs = [
        ToolSpec(
            name=f"ns{i // 20}.tool{i}",
            description=f"synthetic tool {i}",
            parameters={"type": "object", "properties": {f"in{j}": {"type": "string"} for j in range(n_inputs[i])}},
        )
        for i in range(n_tools)
    ]
    catalog = ToolCatalog(specs, name=f"synthetic-{n_tools}")
    names = catalog.names
    n_rel = int(round(relations_per_tool * n_tools))
    consumers = rng.integers(0, n_tools, size=n_rel)
    offsets = rng.integers(1, n_tools, size=n_rel)
    providers = (consumers + offsets) % n_tools
    is_state = rng.random(n_rel) < state_share
    is_prov = rng.random(n_rel) < 0.7
    sims = rng.uniform(0.3, 1.0, size=n_rel)
    relations = []
    for c, p, st, pv, sim in zip(consumers.tolist(), providers.tolist(), is_state.tolist(), is_prov.tolist(), sims.tolist()):
        if st:
            relations.append(Relation(provider=names[p], consumer=names[c], kind="state"))
        else:
            relations.append(
                Relation(
                    provider=names[p],
                    consumer=names[c],
                    kind="provenance" if pv else "compatibility",
                    provider_field=f"out{int(rng.integers(0, n_exports[p]))}",
                    consumer_field=f"in{int(rng.integers(0, n_inputs[c]))}",
                    field_similarity=sim,
                )
            )
    return ToolLibrary(catalog=catalog, relations=relations)


def _random_dense(catalog: ToolCatalog, dim: int, rng: np.random.Generator) -> DenseIndex:
    """A DenseIndex over random unit vectors (no encoder): the real scoring code path."""
    matrix = rng.standard_normal((len(catalog), dim))
    matrix /= np.linalg.norm(matrix, axis=1, keepdims=True)
    dense = DenseIndex.__new__(DenseIndex)
    dense.catalog = catalog
    dense.embed_model = None
    dense.encoder = f"random-unit-{dim}"
    dense.cache_path = None
    dense.matrix = matrix.astype(np.float32)
    return dense


def _with_words(library: ToolLibrary, seed: int, *, vocab: int = 2000, words: int = 8) -> tuple[ToolLibrary, list[list[str]]]:
    """The same library over a catalog whose descriptions are random words (BM25 needs text)."""
    rng = np.random.default_rng(seed)
    bags = [[f"w{j}" for j in rng.integers(0, vocab, size=words)] for _ in range(len(library.catalog))]
    specs = [ToolSpec(name=t.name, description=" ".join(b), parameters=t.parameters) for t, b in zip(library.catalog, bags)]
    catalog = ToolCatalog(specs, name=library.catalog.name + "-words")
    return ToolLibrary(catalog=catalog, relations=library.relations), bags


def bench_synthetic_hybrid(n_tools: int, n_queries: int, warmup: int, k: int, dim: int = 384, seed: int = 0,
                           segments: int = 3, graph_module: str | None = None) -> Row:
    """The default base on a synthetic catalog: ``segments`` query vectors max-pooled, BM25, CombSUM."""
    rng = np.random.default_rng(seed + n_tools)
    library, bags = _with_words(synthetic_library(n_tools, seed=seed), seed + 1)
    dense = _random_dense(library.catalog, dim, rng)
    libra = ToolRanker(library.catalog, method="libra", library=library, dense=dense)
    _swap_graph(libra, library, graph_module)
    assert libra.graph is not None and libra.bm25 is not None
    anchors = rng.integers(0, n_tools, size=(n_queries, segments))
    vectors = dense.matrix[anchors].astype(np.float64) + 0.8 * rng.standard_normal((n_queries, segments, dim)) / np.sqrt(dim)
    vectors /= np.linalg.norm(vectors, axis=2, keepdims=True)
    texts = ["\n".join(" ".join(bags[a][:6]) for a in row) for row in anchors.tolist()]
    scorer = libra.scorer
    dense_rank, libra_rank = _dense_only(library.catalog.names, k), _libra(libra, k)
    d, lib = _paired(lambda i: scorer.score_from_vectors(texts[i], [vectors[i]]), dense_rank, libra_rank, n_queries, warmup)
    return _row(f"synthetic {n_tools:,} tools, default hybrid base", n_tools, libra.graph.n_edges, d, lib)


def bench_synthetic(n_tools: int, n_queries: int, warmup: int, k: int, dim: int = 384, seed: int = 0, graph_module: str | None = None) -> Row:
    rng = np.random.default_rng(seed + n_tools)
    library = synthetic_library(n_tools, seed=seed)
    dense = _random_dense(library.catalog, dim, rng)
    libra = ToolRanker(library.catalog, method="libra", library=library, dense=dense, config=PropagationConfig(), recipe="paper")
    _swap_graph(libra, library, graph_module)
    assert libra.graph is not None
    # queries near random tools, so seeds have a real score gap over the rest
    anchors = dense.matrix[rng.integers(0, n_tools, size=n_queries)].astype(np.float64)
    vectors = anchors + 0.8 * rng.standard_normal((n_queries, dim)) / np.sqrt(dim)
    vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
    dense_rank, libra_rank = _dense_only(library.catalog.names, k), _libra(libra, k)
    d, lib = _paired(lambda i: dense.scores_from_vector(vectors[i]), dense_rank, libra_rank, n_queries, warmup)
    return _row(f"synthetic {n_tools:,} tools", n_tools, libra.graph.n_edges, d, lib)


def profile_synthetic(n_tools: int, n_queries: int, k: int, dim: int = 384, seed: int = 0, graph_module: str | None = None) -> dict[str, float]:
    """Median ms per query of each stage of LIBRA ranking on a synthetic catalog."""
    rng = np.random.default_rng(seed + n_tools)
    library = synthetic_library(n_tools, seed=seed)
    dense = _random_dense(library.catalog, dim, rng)
    ranker = ToolRanker(library.catalog, method="libra", library=library, dense=dense, recipe="paper")
    _swap_graph(ranker, library, graph_module)
    graph, config = ranker.graph, ranker.config
    assert graph is not None
    vectors = rng.standard_normal((n_queries, dim))
    vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
    bases = [dense.scores_from_vector(v) for v in vectors]
    finals = [graph.propagate(b, config) for b in bases]
    stages: dict[str, Callable[[int], Any]] = {
        "scores_from_vector": lambda i: dense.scores_from_vector(vectors[i]),
        "argsort (seeds, full)": lambda i: np.argsort(-bases[i], kind="stable"),
        "propagate": lambda i: graph.propagate(bases[i], config),
        "rank_indices (top-k)": lambda i: rank_indices(finals[i][0], k),
        "catalog.names": lambda i: library.catalog.names,
        "rank_from_base (total)": lambda i: ranker.rank_from_base(bases[i], k),
    }
    return {name: float(np.median(_time(fn, n_queries, 20))) for name, fn in stages.items()}


def markdown(rows: Sequence[Row]) -> str:
    head = "| setting | tools | edges | dense-only median / p95 (ms) | LIBRA median / p95 (ms) | added by propagation, median (ms) |"
    lines = [head, "|---|---:|---:|---:|---:|---:|"]
    for r in rows:
        lines.append(
            f"| {r.setting} | {r.tools:,} | {r.edges:,} | {r.dense_median_ms:.3f} / {r.dense_p95_ms:.3f} | "
            f"{r.libra_median_ms:.3f} / {r.libra_p95_ms:.3f} | {r.added_median_ms:.3f} |"
        )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="1000,10000", help="synthetic catalog sizes (comma-separated)")
    parser.add_argument("--queries", type=int, default=200, help="timed queries per setting")
    parser.add_argument("--warmup", type=int, default=30, help="untimed queries first")
    parser.add_argument("--k", type=int, default=15, help="top-k cut")
    parser.add_argument("--no-bfcl", action="store_true", help="skip the BFCL part (needs bfcl-eval and the encoder)")
    parser.add_argument("--profile", action="store_true", help="also print per-stage medians for the largest synthetic size")
    parser.add_argument("--graph-module", default=None, help="time the PropagationGraph of this module file instead (a candidate patch)")
    parser.add_argument("--json", default=None, help="write the rows (and the profile) here")
    args = parser.parse_args(argv)
    sizes = [int(s) for s in args.sizes.split(",") if s.strip()]
    print(machine_info())
    rows: list[Row] = []
    if not args.no_bfcl:
        rows.extend(bench_bfcl(args.queries, args.warmup, args.k, args.graph_module))
    for n in sizes:
        rows.append(bench_synthetic(n, args.queries, args.warmup, args.k, graph_module=args.graph_module))
        rows.append(bench_synthetic_hybrid(n, args.queries, args.warmup, args.k, graph_module=args.graph_module))
    print(markdown(rows))
    result: dict[str, Any] = {
        "machine": machine_info(), "k": args.k, "queries": args.queries, "graph_module": args.graph_module, "rows": [asdict(r) for r in rows]
    }
    if args.profile and sizes:
        profile = profile_synthetic(max(sizes), args.queries, args.k, graph_module=args.graph_module)
        print(f"\nper-stage median (ms) at {max(sizes):,} tools:")
        for name, ms in profile.items():
            print(f"  {name:<24} {ms:.3f}")
        result["profile"] = profile
    big = [r for r in rows if r.tools >= 10000 and r.setting.startswith("synthetic") and "hybrid" not in r.setting]
    if big:
        verdict = "meets" if big[-1].added_median_ms < 1.0 else "misses"
        print(f"\npropagation adds {big[-1].added_median_ms:.3f} ms per query (median) at {big[-1].tools:,} tools: {verdict} the < 1 ms target")
    if args.json:
        Path(args.json).write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
        print(f"wrote {args.json}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
