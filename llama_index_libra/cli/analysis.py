"""``libra analyze`` (Table 3 recovery breakdown) and ``libra graph`` (draw a library's relations)."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from llama_index_libra.cli.common import add_benchmark_options, benchmark_kwargs, load_benchmark, offline_env, positive_int

__all__ = ["register", "cmd_analyze", "cmd_graph"]


def cmd_analyze(args: argparse.Namespace) -> int:
    from llama_index_libra.evaluation.analysis import recovery_breakdown
    from llama_index_libra.evaluation.table6 import parse_propagation
    from llama_index_libra.library import ToolLibrary
    from llama_index_libra.retrieval.propagation import PropagationConfig
    from llama_index_libra.retrieval.ranker import ToolRanker

    offline_env()
    bench = load_benchmark(args.benchmark, **benchmark_kwargs(args, args.benchmark, "load"))
    if args.library:
        library = ToolLibrary.load(args.library, catalog=bench.catalog)
    else:
        from llama_index_libra.benchmarks.libraries import default_library

        library = default_library(args.benchmark, catalog=bench.catalog, show_progress=not args.quiet)
    config = parse_propagation(args.propagation) if args.propagation and args.propagation != "default" else PropagationConfig()
    qts = ToolRanker(bench.catalog, method="qts", embed_model=args.embed_model, cache_dir=args.cache_dir, show_progress=not args.quiet)
    # Table 3 asks what propagation does to QTS's misses: LIBRA over the same dense base (the paper's)
    libra = ToolRanker(bench.catalog, method="libra", library=library, config=config, dense=qts.dense, recipe="paper")
    report = recovery_breakdown(bench, qts, libra, k=args.k, show_progress=not args.quiet)
    print(f"{bench.name}: gold tools outside QTS's top {report.k} over {report.n_tasks} tasks "
          f"(K_s={config.seeds}, selection={config.provider_selection}, hops={config.hops})")
    print(report.format_table())
    if args.examples:
        for outcome in ("no_graph_edge", "consumer_not_seeded", "provider_not_selected", "below_cutoff", "recovered"):
            for occ in report.by_outcome(outcome)[: args.examples]:
                print(f"  [{outcome}] {occ.task_id}: {occ.tool} QTS rank {occ.qts_rank} -> LIBRA rank {occ.libra_rank}; "
                      f"consumers {len(occ.consumers)}, expanded {', '.join(occ.expanded_consumers) or '-'}, "
                      f"selected for {', '.join(occ.selected_for) or '-'}")
    if args.json:
        report.write_json(args.json)
        print(f"wrote {args.json}")
    return 0


def cmd_graph(args: argparse.Namespace) -> int:
    from llama_index_libra.graph import draw_library_graph
    from llama_index_libra.library import ToolLibrary

    library = ToolLibrary.load(args.library)
    kinds = [k.strip() for k in args.kinds.replace("+", ",").split(",") if k.strip()] if args.kinds else None
    if Path(args.out).suffix.lower() != ".png":  # GraphML, DOT or Mermaid through networkx
        from llama_index_libra.graph import export_library_graph

        out = export_library_graph(library, args.out, namespace=args.namespace, tool=args.tool, kinds=kinds,
                                   max_nodes=args.max_nodes)
        print(f"wrote {out}")
        return 0
    out = draw_library_graph(library, args.out, namespace=args.namespace, tool=args.tool, kinds=kinds, max_nodes=args.max_nodes or _PNG_MAX_NODES)
    print(f"wrote {out}")
    return 0


_PNG_MAX_NODES = 60  # tools drawn in a PNG by default: more would not be readable


def register(sub: Any) -> None:
    """Add ``analyze`` and ``graph`` to the ``libra`` subcommands."""
    p = sub.add_parser("analyze", help="Table 3: why gold tools missed by dense retrieval are (not) recovered by LIBRA")
    p.add_argument("--benchmark", required=True, help="benchmark name (bfcl)")
    p.add_argument("--library", default=None, help="a tool library JSON file (default: build/load the benchmark's)")
    p.add_argument("--k", type=positive_int, default=None, help="cutoff K (default: the benchmark's, 15 for BFCL)")
    add_benchmark_options(p, "load")
    p.add_argument("--propagation", "--variant", dest="propagation", default=None,
                   help="propagation setting, e.g. 'seeds=10,selection=field-best,hops=2' (--variant: its deprecated name)")
    p.add_argument("--embed-model", default=None, help="encoder: minilm (offline default), qwen3, or a model name/path")
    p.add_argument("--cache-dir", default=None, help="embedding cache folder (default ~/.cache/llama-index-libra)")
    p.add_argument("--examples", type=int, default=0, help="print this many example occurrences per outcome")
    p.add_argument("--json", default=None, help="write counts, shares and every occurrence here")
    p.add_argument("--quiet", action="store_true", help="no progress bars")
    p.set_defaults(func=cmd_analyze)

    p = sub.add_parser("graph", help="draw a library's relations as a PNG, or export them as GraphML, Graphviz DOT or "
                                      "Mermaid (all, one namespace, or one tool's neighborhood)")
    p.add_argument("library", help="a tool library JSON file")
    p.add_argument("--out", required=True, help="the file to write; its suffix picks the format: .png (needs the [plots] extra), "
                                                ".graphml, .dot or .mmd (Mermaid; these need the [graph] extra)")
    group = p.add_mutually_exclusive_group()
    group.add_argument("--namespace", default=None, help="draw the relations touching this class/app (e.g. VehicleControlAPI)")
    group.add_argument("--tool", default=None, help="draw this tool's providers and consumers (e.g. TravelAPI.book_flight)")
    p.add_argument("--kinds", default=None,
                   help="relation kinds to draw, comma- or '+'-separated (provenance,compatibility,state,transitive; default all)")
    p.add_argument("--max-nodes", type=positive_int, default=None,
                   help="at most this many tools, best connected first (default: 60 in a PNG, all in an export)")
    p.set_defaults(func=cmd_graph)
