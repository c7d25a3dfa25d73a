"""``libra``: a thin command line over the library functions.

Heavy imports (torch, LlamaIndex, bfcl) happen inside the commands, so ``libra --help`` is fast.
Every user error ends in one line on stderr starting with ``libra: error:`` and exit code 2.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Any, Callable, Sequence

__all__ = ["main", "build_parser"]


class CLIError(Exception):
    """A user-facing error: printed as one line, exit code 2."""


def _methods(text: str) -> list[str]:
    from llama_index_libra.retrieval.ranker import METHODS

    methods = [m.strip() for m in text.split(",") if m.strip()]
    if not methods:
        raise argparse.ArgumentTypeError("give at least one method")
    unknown = [m for m in methods if m not in METHODS]
    if unknown:
        raise argparse.ArgumentTypeError(f"unknown method {', '.join(unknown)}; choose from {', '.join(METHODS)}")
    return methods


DEFAULT_EVAL_METHODS = ("bm25", "qts", "hybrid", "libra")


def _positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a positive integer, got {text!r}") from None
    if value <= 0:
        raise argparse.ArgumentTypeError(f"K must be a positive integer, got {value}")
    return value


def _offline_env() -> None:
    # Model hubs are optional: the default encoder ships inside a package.
    os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")


def _load_benchmark(name: str):
    from llama_index_libra.benchmarks import load_benchmark

    return load_benchmark(name)


# --------------------------------------------------------------------------- eval
def cmd_eval(args: argparse.Namespace) -> int:
    _offline_env()
    from llama_index_libra.evaluation.runner import compare_to_baseline, evaluate, format_comparisons, format_table

    bench = _load_benchmark(args.benchmark)
    library = None
    factory = None
    defaulted = args.methods is None
    if defaulted:
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
    variant = "paper" if args.variant == "paper" else "default"
    configs = _variant_configs(None if variant == "paper" else args.variant)
    options = retrieval_options(args)
    configs = {label: _with_aggregate(c, args.aggregate) for label, c in configs.items()}
    report = evaluate(
        bench,
        args.methods,
        k=args.k,
        embed_model=_embed_models(args.embed_model),
        library=library,
        library_factory=factory,
        configs=configs,
        cache_dir=args.cache_dir,
        show_progress=not args.quiet,
        variant=variant,
        options=options,
        paper_row=not args.no_paper_row,
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


def _embed_models(values: Sequence[str] | None) -> Any:
    """One ``--embed-model`` passes through; several are fused (a list of encoders)."""
    if not values:
        return None
    return values[0] if len(values) == 1 else list(values)


def _with_aggregate(config: Any, aggregate: str | None) -> Any:
    from dataclasses import replace

    return config if aggregate is None else replace(config, aggregate=aggregate)


def add_retrieval_arguments(p: argparse.ArgumentParser, *, embed_model: bool = True) -> None:
    """The base-score and prerequisite options shared by ``libra eval`` and ``libra query`` (the API's keywords)."""
    from llama_index_libra.retrieval.base_scores import BASES, QUERY_MODES
    from llama_index_libra.retrieval.fusion import FUSIONS
    from llama_index_libra.retrieval.prerequisites import PREREQUISITE_RULES
    from llama_index_libra.retrieval.propagation import AGGREGATES

    p.add_argument("--base", choices=BASES, default=None,
                   help="base score of hybrid/libra/schema-only (default hybrid: dense fused with BM25; 'paper' variant: dense)")
    p.add_argument("--fusion", choices=FUSIONS, default=None, help="how a hybrid base fuses its sources (default combsum)")
    p.add_argument("--query-mode", choices=QUERY_MODES, default=None,
                   help="segments: score every line of the query and max-pool per tool (default for hybrid/libra); joined: the whole text")
    p.add_argument("--rrf-k", type=int, default=None, help="RRF constant (default 60)")
    p.add_argument("--prerequisites", choices=PREREQUISITE_RULES, default=None,
                   help="after-consumer: a top-k tool's missing hard prerequisites are inserted right after it (default: paper)")
    p.add_argument("--hard-kinds", default=None, help="relation kinds that are hard prerequisites, '+'-separated (default state+provenance)")
    p.add_argument("--aggregate", choices=AGGREGATES, default=None, help="g_q(u): the paper's mean over seeded consumers, or their max")
    if embed_model:
        p.add_argument("--embed-model", action="append", default=None,
                       help="encoder: minilm (offline default), qwen3, a model name or a sentence-transformers folder; repeat to fuse several")


def retrieval_options(args: argparse.Namespace) -> dict[str, Any]:
    """ToolRanker keywords from the shared arguments (only those given)."""
    options: dict[str, Any] = {}
    for key in ("base", "fusion", "query_mode", "rrf_k", "prerequisites"):
        value = getattr(args, key, None)
        if value is not None:
            options[key] = value
    if getattr(args, "hard_kinds", None):
        options["hard_kinds"] = tuple(v for v in args.hard_kinds.split("+") if v)
    return options


def _variant_configs(variant: str | None):
    from llama_index_libra.retrieval.propagation import PropagationConfig

    if not variant or variant == "default":
        return {"default": PropagationConfig()}
    if variant == "table6":
        from llama_index_libra.evaluation.variants import TABLE6_VARIANTS

        return dict(TABLE6_VARIANTS)
    from llama_index_libra.evaluation.variants import parse_variant

    return {variant: parse_variant(variant)}


def _default_library_factory(benchmark: str, bench: Any, *, quiet: bool) -> Callable[[], Any]:
    def factory():
        try:
            from llama_index_libra.induction.defaults import default_library
        except ImportError as exc:  # pragma: no cover
            raise CLIError(f"no default library builder for {benchmark}: {exc}") from exc
        return default_library(benchmark, catalog=bench.catalog, show_progress=not quiet)

    return factory


# --------------------------------------------------------------------------- parser
def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="libra",
        description="LIBRA tool retrieval: induce runtime-validated tool libraries and evaluate retrieval.",
    )
    sub = parser.add_subparsers(dest="command", required=True)

    p = sub.add_parser("eval", help="one-shot retrieval evaluation on a benchmark (Table 2 style)")
    p.add_argument("--benchmark", required=True, help="benchmark name (bfcl)")
    p.add_argument("--methods", type=_methods, default=None,
                   help="comma-separated: bm25,qts,hybrid,schema-only,libra (default bm25,qts,hybrid,libra)")
    p.add_argument("--k", type=_positive_int, default=None, help="cutoff K (default: the benchmark's, 15 for BFCL)")
    p.add_argument("--library", default=None, help="a tool library JSON file (default: build/load the benchmark's)")
    p.add_argument("--variant", default=None,
                   help="'paper' (the paper's exact settings), a propagation setting such as 'seeds=10,selection=field-best,hops=2', or 'table6' for the grid")
    p.add_argument("--no-paper-row", action="store_true", help="do not add the paper-exact 'libra [paper]' row beside libra")
    add_retrieval_arguments(p)
    p.add_argument("--cache-dir", default=None, help="embedding cache folder (default ~/.cache/llama-index-libra)")
    p.add_argument("--json", default=None, help="write per-method and per-task results here")
    p.add_argument("--plot", default=None, help="write a Recall vs NDCG PNG here")
    p.add_argument("--quiet", action="store_true", help="no progress bars")
    p.set_defaults(func=cmd_eval)

    _register_more(sub)
    return parser


def _register_more(sub: Any) -> None:
    """Subcommands that live in their own modules (induction, library inspection)."""
    try:
        from llama_index_libra import cli_library
    except ImportError:  # pragma: no cover - partial installs
        return
    cli_library.register(sub)
    from llama_index_libra import cli_analysis

    cli_analysis.register(sub)


def _silence_stdout() -> None:
    """Point stdout at /dev/null so the interpreter's final flush cannot raise a second BrokenPipeError."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.func(args) or 0)
    except KeyboardInterrupt:
        print("libra: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # `libra show LIB | head`: the reader left; stop quietly
        _silence_stdout()
        return 0
    except CLIError as exc:
        print(f"libra: error: {exc}", file=sys.stderr)
        return 2
    except (ValueError, KeyError, OSError, RuntimeError) as exc:
        message = exc.args[0] if isinstance(exc, KeyError) and exc.args else str(exc)
        print(f"libra: error: {message}".splitlines()[0], file=sys.stderr)
        return 2


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
