"""``libra eval``: one-shot retrieval evaluation of methods on a benchmark (Table 2 style), or on a
suite of task sets from a manifest (``--suite [MANIFEST]``: one table, every set)."""

from __future__ import annotations

import argparse
import sys
from typing import Any, Callable

from llama_index_libra.cli.baseline import add_baseline_arguments, baselines_from_arguments
from llama_index_libra.cli.common import (
    CLIError,
    add_benchmark_options,
    benchmark_kwargs,
    embed_models,
    load_benchmark,
    offline_env,
    positive_int,
)

__all__ = ["register", "cmd_eval", "DEFAULT_EVAL_METHODS"]

DEFAULT_EVAL_METHODS = ("bm25", "qts", "hybrid", "libra")


def _methods(text: str) -> list[str]:
    from llama_index_libra.baselines.artifact import BASELINE_METHODS
    from llama_index_libra.retrieval.ranker import METHODS

    known = (*METHODS, *BASELINE_METHODS)  # the baselines rank with their --baseline artifacts
    methods = [m.strip() for m in text.split(",") if m.strip()]
    if not methods:
        raise argparse.ArgumentTypeError("give at least one method")
    unknown = [m for m in methods if m not in known]
    if unknown:
        raise argparse.ArgumentTypeError(f"unknown method {', '.join(unknown)}; choose from {', '.join(known)}")
    return methods


def _recipe_and_propagation(args: argparse.Namespace) -> tuple[str, str | None]:
    """``--recipe`` and ``--propagation``, with the deprecated ``--variant`` (which meant either) mapped onto them."""
    recipe, propagation = args.recipe, args.propagation
    if args.variant is not None:
        print("note: --variant is deprecated: use --recipe paper, or --propagation SETTING|table6", file=sys.stderr)
        if args.variant == "paper":
            recipe = recipe or "paper"
        elif args.variant != "default":
            propagation = propagation or args.variant
    return recipe or "default", propagation


def _tokenizer(name: str | None) -> Any:
    """``--tokenizer``: a Hugging Face tokenizer (a local folder or a model name); None: LlamaIndex's global one."""
    if name is None:
        return None
    try:
        from transformers import AutoTokenizer

        return AutoTokenizer.from_pretrained(name)
    except (ImportError, OSError, ValueError) as exc:
        raise CLIError(f"--tokenizer {name}: cannot load a Hugging Face tokenizer: {str(exc).splitlines()[0]}") from None


def cmd_suite(args: argparse.Namespace) -> int:
    """``--suite``: the standard rows (with the retrieval flags on hybrid and libra) on every set of a manifest."""
    from dataclasses import replace

    from llama_index_libra.evaluation.manifest import ManifestError, load_manifest
    from llama_index_libra.evaluation.runner import Row
    from llama_index_libra.evaluation.suite import (STANDARD_ROWS, TaskFileError, default_manifest_path, format_suite_table,
                                                    run_suite)
    from llama_index_libra.retrieval.settings import RetrievalSettings

    recipe, _ = _recipe_and_propagation(args)
    settings = replace(RetrievalSettings.from_arguments(args), recipe=recipe)
    own = {key: v for key, v in settings.base_overrides().items() if key in ("query_mode", "segmentation")}
    rows = []
    for row in STANDARD_ROWS:
        if row.setting == "paper":
            rows.append(row)
        elif row.method in ("bm25", "qts"):
            rows.append(Row(row.method, settings=RetrievalSettings(**own)))
        else:
            rows.append(Row(row.method, settings=settings))
    if args.methods is not None:
        rows = [r for r in rows if r.method in args.methods]
    try:
        manifest = load_manifest(args.suite if args.suite != "default" else default_manifest_path())
        manifest = manifest.select([s for s in (args.sets or "").split(",") if s])
        report = run_suite(manifest, rows, embed_model=embed_models(args.embed_model), cache_dir=args.cache_dir,
                           show_progress=not args.quiet, token_budget=args.token_budget, tokenizer=_tokenizer(args.tokenizer))
    except (ManifestError, TaskFileError) as exc:
        raise CLIError(str(exc)) from None
    print(format_suite_table(report))
    if args.json:
        from llama_index_libra._io import atomic_write_json

        atomic_write_json(args.json, report.to_json(), indent=1)
        print(f"wrote per-set, per-row and per-task results to {args.json}")
    return 0


def cmd_eval(args: argparse.Namespace) -> int:
    """Evaluate the methods, print the table and the paired tests; ``--json``/``--plot`` write files."""
    offline_env()
    if args.suite is not None:
        if args.benchmark is not None:
            raise CLIError("give --benchmark NAME or --suite [MANIFEST], not both")
        if args.baseline:
            raise CLIError("--baseline artifacts are built for one benchmark's catalog: use them with --benchmark, not --suite")
        return cmd_suite(args)
    if args.benchmark is None:
        raise CLIError("give --benchmark NAME (bfcl, scitooleval, ...) or --suite [MANIFEST]")
    from dataclasses import replace

    from llama_index_libra.evaluation.runner import compare_to_baseline, evaluate, format_comparisons, format_table
    from llama_index_libra.evaluation.table6 import propagation_grid
    from llama_index_libra.retrieval.settings import RetrievalSettings

    bench = load_benchmark(args.benchmark, **benchmark_kwargs(args, args.benchmark, "load"))
    library = None
    factory = None
    defaulted = args.methods is None
    args.methods, baselines, baseline_options = baselines_from_arguments(args, args.methods, DEFAULT_EVAL_METHODS)
    if args.methods is None:
        args.methods = list(DEFAULT_EVAL_METHODS)
    if args.library:
        from llama_index_libra.library import ToolLibrary

        library = ToolLibrary.load(args.library, catalog=bench.catalog)
    elif any(m in ("libra", "schema-only") for m in args.methods):
        factory = _default_library_factory(args.benchmark, bench, quiet=args.quiet)
        if defaulted:  # the default method list must not fail where no library can be built here
            try:
                library = factory()
            except (CLIError, ValueError, OSError, RuntimeError) as exc:
                print(f"note: no library for {args.benchmark} ({str(exc).splitlines()[0]}); "
                      "evaluating the methods that need none", file=sys.stderr)
                args.methods = [m for m in args.methods if m not in ("libra", "schema-only")]
                factory = None
    recipe, propagation = _recipe_and_propagation(args)
    configs = propagation_grid(propagation)
    configs = {label: (c if args.aggregate is None else replace(c, aggregate=args.aggregate)) for label, c in configs.items()}
    settings = replace(RetrievalSettings.from_arguments(args), recipe=recipe)
    report = evaluate(
        bench,
        args.methods,
        k=args.k,
        embed_model=embed_models(args.embed_model),
        library=library,
        library_factory=factory,
        configs=configs,
        cache_dir=args.cache_dir,
        show_progress=not args.quiet,
        settings=settings,
        paper_row=not args.no_paper_row,
        token_budget=args.token_budget,
        tokenizer=_tokenizer(args.tokenizer),
        baselines=baselines,
        baseline_options=baseline_options,
    )
    print(format_table(report))
    comparisons = [c for c in compare_to_baseline(report) if c["method"].split(" ")[0] in ("libra", "schema-only", "hybrid")]
    labels = [r.label for r in report.results]
    if "libra [paper]" in labels:
        comparisons += [c for c in compare_to_baseline(report, "libra [paper]") if c["method"].split(" ")[0] in ("libra", "hybrid")]
    if "hybrid" in labels:  # what the library adds over the base it seeds from
        comparisons += [c for c in compare_to_baseline(report, "hybrid") if c["method"] == "libra"]
    if comparisons:
        print("\npaired over tasks (mean difference in points, 95% bootstrap CI, one-sided Wilcoxon p):")
        print(format_comparisons(comparisons, report.k))
    if args.json:
        report.write_json(args.json)
        print(f"wrote per-method and per-task results to {args.json}")
    if args.plot:
        from llama_index_libra.evaluation.plots import plot_recall_ndcg

        plot_recall_ndcg(report, args.plot)
        print(f"wrote {args.plot}")
    return 0


def _default_library_factory(benchmark: str, bench: Any, *, quiet: bool) -> Callable[[], Any]:
    def factory() -> Any:
        try:
            from llama_index_libra.benchmarks.libraries import default_library
        except ImportError as exc:  # pragma: no cover
            raise CLIError(f"no default library builder for {benchmark}: {exc}") from exc
        return default_library(benchmark, catalog=bench.catalog, show_progress=not quiet)

    return factory


def register(sub: Any) -> None:
    """Add ``eval`` to the ``libra`` subcommands."""
    from llama_index_libra.benchmarks.base import BENCHMARKS
    from llama_index_libra.retrieval.settings import RECIPES, RetrievalSettings

    p = sub.add_parser("eval", help="one-shot retrieval evaluation on a benchmark (Table 2 style) or a suite of task sets")
    p.add_argument("--benchmark", default=None, help=f"benchmark name ({', '.join(BENCHMARKS)})")
    p.add_argument("--suite", nargs="?", const="default", default=None, metavar="MANIFEST",
                   help="run every task set of a suite manifest (TOML or JSON; default: examples/tasksets/suite.toml) "
                   "and print one table")
    p.add_argument("--sets", default=None, help="with --suite: only these sets (comma-separated names)")
    p.add_argument("--token-budget", type=positive_int, default=None,
                   help="cut by schema tokens instead of K (the promoted prerequisites count too)")
    p.add_argument("--tokenizer", default=None,
                   help="with --token-budget: a Hugging Face tokenizer (folder or name) of your LLM "
                   "(default: LlamaIndex's global tokenizer, tiktoken cl100k_base)")
    p.add_argument("--methods", type=_methods, default=None,
                   help="comma-separated: bm25,qts,hybrid,schema-only,libra and the baselines toolrex,tgr,ego-trip "
                   "(each with --baseline ARTIFACT) (default bm25,qts,hybrid,libra, and the --baseline methods)")
    p.add_argument("--k", type=positive_int, default=None, help="cutoff K (default: the benchmark's, 15 for BFCL)")
    p.add_argument("--library", default=None, help="a tool library JSON file (default: build/load the benchmark's)")
    p.add_argument("--recipe", choices=RECIPES, default=None,
                   help="base-score recipe of hybrid/libra/schema-only: default, or paper (the paper's exact settings)")
    p.add_argument("--propagation", default=None, metavar="SETTING",
                   help="a propagation setting such as 'seeds=10,selection=field-best,hops=2', or 'table6' for the grid")
    p.add_argument("--variant", default=None, help=argparse.SUPPRESS)  # deprecated: --recipe paper / --propagation
    p.add_argument("--no-paper-row", action="store_true", help="do not add the paper-exact 'libra [paper]' row beside libra")
    RetrievalSettings.add_arguments(p, recipe=False)
    add_baseline_arguments(p)
    p.add_argument("--cache-dir", default=None, help="embedding cache folder (default ~/.cache/llama-index-libra)")
    p.add_argument("--json", default=None, help="write per-method and per-task results here")
    p.add_argument("--plot", default=None, help="write a Recall vs NDCG PNG here")
    p.add_argument("--quiet", action="store_true", help="no progress bars")
    add_benchmark_options(p, "load")
    p.set_defaults(func=cmd_eval)
