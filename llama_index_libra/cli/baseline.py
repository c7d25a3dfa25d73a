"""``libra baseline``: build, evaluate and show the paper's baselines (ToolREX, TGR-Adapt, Ego-Trip).

``libra baseline build --method toolrex|tgr|ego-trip --benchmark bfcl --llm openai-like --model M
--api-base URL`` writes the artifact (and a ``.report.json`` beside it, and a ``.log.jsonl`` item log
that a rerun resumes from); ``libra baseline eval --benchmark bfcl --artifact A.json ...`` prints
their rows beside QTS (the evaluation runner's rows); ``libra baseline show A.json`` says what an
artifact holds. ``libra eval --methods qts,tgr,libra --baseline A.json`` puts them beside any method.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path
from typing import Any, Sequence

from llama_index_libra.cli.common import (
    CLIError,
    add_benchmark_options,
    benchmark_kwargs,
    embed_models,
    load_benchmark,
    offline_env,
    positive_float,
)

__all__ = ["register", "cmd_baseline_build", "cmd_baseline_eval", "cmd_baseline_show", "default_artifact_path",
           "add_baseline_arguments", "baselines_from_arguments"]


def _count(text: str) -> int:
    """argparse type: a positive integer (workers, tries, tokens)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a positive integer, got {text!r}") from None
    if value <= 0:
        raise argparse.ArgumentTypeError(f"expected a positive integer, got {value}")
    return value


def _option(text: str) -> tuple[str, str, Any]:
    from llama_index_libra.baselines.ranker import parse_baseline_option

    try:
        return parse_baseline_option(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def default_artifact_path(catalog_name: str, method: str, model: str) -> Path:
    """``<catalog>.<method>.<model>.json`` in the current folder (the model name made file-safe)."""
    from llama_index_libra._io import safe_component

    safe_model = re.sub(r"_+", "_", safe_component(model.replace("/", "_"), fallback="model"))
    return Path(f"{safe_component(catalog_name, fallback='catalog')}.{method}.{safe_model}.json")


def _catalog(args: argparse.Namespace) -> tuple[Any, Any]:
    """(catalog, benchmark or None) from --benchmark or --catalog."""
    if bool(args.benchmark) == bool(getattr(args, "catalog", None)):
        raise CLIError("give exactly one of --benchmark NAME or --catalog FILE")
    if args.benchmark:
        bench = load_benchmark(args.benchmark, **benchmark_kwargs(args, args.benchmark, "load"))
        return bench.catalog, bench
    from llama_index_libra.catalog import ToolCatalog

    return ToolCatalog.from_file(args.catalog), None


def _llm(kind: str, model: str | None, api_base: str | None, args: argparse.Namespace) -> Any:
    from llama_index_libra.llms import make_llm

    if not model:
        raise CLIError(f"--llm {kind} needs --model NAME")
    try:
        return make_llm(kind, model=model, api_base=api_base, context_window=args.context_window,
                        max_tokens=args.max_tokens, timeout_s=args.request_timeout)
    except ImportError as exc:
        raise CLIError(str(exc)) from exc


def cmd_baseline_build(args: argparse.Namespace) -> int:
    """Build one baseline artifact with an LLM; resumable through the item log and the reply cache."""
    from llama_index_libra._io import atomic_write_json, check_writable
    from llama_index_libra.baselines.build import build_baseline
    from llama_index_libra.retrieval.dense import default_cache_dir

    catalog, _ = _catalog(args)
    llm = _llm(args.llm, args.model, args.api_base, args)
    judge = None
    if args.method == "toolrex" and (args.judge_model or args.judge_api_base):
        judge = _llm(args.judge_llm or args.llm, args.judge_model or args.model, args.judge_api_base or args.api_base, args)
    elif args.judge_model or args.judge_api_base:
        raise CLIError("--judge-model/--judge-api-base are for --method toolrex (its consistency judge)")
    out = Path(args.out) if args.out else default_artifact_path(catalog.name, args.method, args.model)
    report_path = out.with_name(out.name.removesuffix(".json") + ".report.json")
    log_path = Path(args.log) if args.log else out.with_name(out.name.removesuffix(".json") + ".log.jsonl")
    for path in (out, report_path):
        check_writable(path, error=lambda reason: CLIError(f"--out: {reason}"))
    cache = Path(args.llm_cache) if args.llm_cache else default_cache_dir() / "llm-baselines"
    artifact, report = build_baseline(
        args.method, catalog, llm, judge_llm=judge, cache_dir=cache, log_path=log_path, workers=args.workers,
        max_tries=args.max_tries, show_progress=not args.quiet,
        client_options={"max_attempts": args.llm_attempts},
    )
    artifact.save(out)
    atomic_write_json(report_path, {**report, "artifact": str(out), "log": str(log_path), "cache": str(cache)})
    items = report["items"]
    print(f"{args.method} over {catalog.name} ({len(catalog)} tools) with {report['model']}: {items['items']} items, "
          f"{items['from_log']} from the log, {items['asked']} asked; {report['llm']['llm_calls']} LLM calls, "
          f"{report['llm']['cache_hits']} cache hits")
    print("summary: " + ", ".join(f"{k} {v}" for k, v in artifact.summary().items()))
    if not report["complete"]:
        print(f"note: {items['request-failed']} item(s) got no reply (see {report_path}); rerun the same command to ask again",
              file=sys.stderr)
    print(f"wrote {out} (and {report_path.name}, item log {log_path.name})")
    return 0


def cmd_baseline_eval(args: argparse.Namespace) -> int:
    """Rows of baseline artifacts beside the package's QTS row (P/R/NDCG@K), from the evaluation runner."""
    offline_env()
    from llama_index_libra.baselines.artifact import BaselineArtifact
    from llama_index_libra.evaluation.runner import evaluate, format_table

    bench = load_benchmark(args.benchmark, **benchmark_kwargs(args, args.benchmark, "load"))
    artifacts = [BaselineArtifact.load(p, catalog=bench.catalog) for p in args.artifact]
    options = _options(args.baseline_option)
    for method, name, value in (("toolrex", "combine", args.combine), ("tgr", "direction", args.direction),
                                ("ego-trip", "entry_tools", args.entry_tools),
                                ("ego-trip", "neighbour_order", args.neighbour_order),
                                ("ego-trip", "structural", False if args.no_structural else None)):
        if value is not None:
            options.setdefault(method, {})[name] = value
    methods = ([] if args.no_qts else ["qts"]) + list(dict.fromkeys(a.method for a in artifacts))
    report = evaluate(bench, methods, k=args.k, embed_model=embed_models(args.embed_model), cache_dir=args.cache_dir,
                      baselines=artifacts, baseline_options=options, show_progress=not args.quiet)
    print(format_table(report))
    if args.json:
        report.write_json(args.json)
        print(f"wrote per-method and per-task results to {args.json}")
    return 0


def _options(given: Sequence[tuple[str, str, Any]] | None) -> dict[str, dict[str, Any]]:
    """``--baseline-option`` values as ``{method: {name: value}}`` (a repeated TGR direction: a row each)."""
    options: dict[str, dict[str, Any]] = {}
    for method, name, value in given or []:
        own = options.setdefault(method, {})
        if (method, name) == ("tgr", "direction"):
            own[name] = [*own.get(name, []), value]
        else:
            own[name] = value
    return options


def add_baseline_arguments(parser: argparse.ArgumentParser) -> None:
    """``--baseline FILE`` and ``--baseline-option METHOD.NAME=VALUE`` (both repeatable), for ``libra eval``."""
    parser.add_argument("--baseline", action="append", default=None, metavar="ARTIFACT",
                        help="a baseline artifact from `libra baseline build` (repeat for several); "
                        "its method (toolrex, tgr, ego-trip) joins --methods")
    parser.add_argument("--baseline-option", action="append", type=_option, default=None, metavar="METHOD.NAME=VALUE",
                        help="a baseline's query-time option, e.g. tgr.direction=undirected, ego-trip.entry_tools=5 "
                        "(docs/baselines.md; default TGR: a row per directed reading)")


def baselines_from_arguments(args: argparse.Namespace, methods: list[str] | None, defaults: Sequence[str]
                             ) -> tuple[list[str] | None, list[Any], dict[str, Any]]:
    """(methods, artifacts, options) for ``evaluate``: without ``--methods`` (``methods`` None), the
    artifacts' methods follow ``defaults``; with it, each baseline method listed needs its artifact and
    each artifact's method must be listed (the runner checks both)."""
    paths = list(getattr(args, "baseline", None) or [])
    options = _options(getattr(args, "baseline_option", None))
    if not paths:
        if options:
            raise CLIError("--baseline-option needs --baseline ARTIFACT")
        return methods, [], {}
    from llama_index_libra.baselines.artifact import BaselineArtifact

    artifacts = [BaselineArtifact.load(p) for p in paths]
    if methods is not None:
        return methods, artifacts, options
    return [*defaults, *dict.fromkeys(a.method for a in artifacts)], artifacts, options


def cmd_baseline_show(args: argparse.Namespace) -> int:
    """What an artifact holds: method, catalog, model, prompt version and counts."""
    from llama_index_libra.baselines.artifact import BaselineArtifact

    artifact = BaselineArtifact.load(args.artifact)
    data = artifact.to_json()
    shown = {k: data[k] for k in ("method", "model", "judge_model", "prompt_version", "settings", "summary")}
    shown["catalog"] = {"name": artifact.catalog_name, "fingerprint": artifact.catalog_fingerprint, "tools": len(artifact.tool_hashes)}
    print(json.dumps(shown, indent=1, ensure_ascii=False))
    return 0


def register(sub: Any) -> None:
    """Add ``libra baseline {build,eval,show}`` to a ``libra`` sub-parser set."""
    from llama_index_libra.baselines.artifact import BASELINE_METHODS
    from llama_index_libra.baselines.ranking import NEIGHBOUR_ORDERS, PROFILE_COMBINES, TGR_DIRECTIONS

    top = sub.add_parser("baseline", help="build and evaluate the paper's baselines (ToolREX, TGR-Adapt, Ego-Trip) with your LLM")
    verbs = top.add_subparsers(dest="baseline_command", required=True)

    p = verbs.add_parser("build", help="write one baseline artifact with an LLM (Figures 10-14); reruns resume")
    p.add_argument("--method", required=True, choices=BASELINE_METHODS)
    p.add_argument("--benchmark", default=None, help="a registered benchmark's catalog (bfcl, scitooleval, ...)")
    p.add_argument("--catalog", default=None, help="or your own catalog file (JSON, JSONL, OpenAPI)")
    p.add_argument("--llm", required=True, choices=["openai-like", "vllm"],
                   help="a `vllm serve` (or any OpenAI-compatible) endpoint, or an in-process vLLM engine")
    p.add_argument("--model", required=True, help="model name served at --api-base, or loaded by --llm vllm")
    p.add_argument("--api-base", default=None, help="OpenAI-compatible endpoint, e.g. http://localhost:8000/v1")
    p.add_argument("--judge-model", default=None, help="toolrex: the consistency judge and refiner (default: --model)")
    p.add_argument("--judge-api-base", default=None, help="toolrex: the judge's endpoint (default: --api-base)")
    p.add_argument("--judge-llm", default=None, choices=["openai-like", "vllm"], help="toolrex: the judge's kind (default: --llm)")
    p.add_argument("--out", default=None, help="artifact path (default: <catalog>.<method>.<model>.json here)")
    p.add_argument("--log", default=None, help="item log a rerun resumes from (default: beside --out, .log.jsonl)")
    p.add_argument("--llm-cache", default=None, help="reply cache folder (default: ~/.cache/llama-index-libra/llm-baselines)")
    p.add_argument("--workers", type=_count, default=1,
                   help="requests in flight at once (a server batches them; keep 1 for --llm vllm)")
    p.add_argument("--max-tries", type=_count, default=2, help="tries per step for an unusable reply (default 2)")
    p.add_argument("--context-window", type=_count, default=32768, help="the model's context window (tokens)")
    p.add_argument("--max-tokens", type=_count, default=1024, help="most tokens per reply (default 1024)")
    p.add_argument("--request-timeout", type=positive_float, default=300.0, help="seconds to wait for one reply")
    p.add_argument("--llm-attempts", type=_count, default=3, help="tries per request against an unreachable server or a 429/5xx")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    add_benchmark_options(p, "load")
    p.set_defaults(func=cmd_baseline_build)

    p = verbs.add_parser("eval", help="P/R/NDCG@K of baseline artifacts beside QTS on a benchmark")
    p.add_argument("--benchmark", required=True, help="a registered benchmark (bfcl, scitooleval, ...)")
    p.add_argument("--artifact", action="append", required=True, help="a baseline artifact (repeat for several)")
    p.add_argument("--k", type=_count, default=None, help="cutoff K (default: the benchmark's)")
    p.add_argument("--embed-model", action="append", default=None, help="encoder (default: the packaged MiniLM), as for QTS")
    p.add_argument("--cache-dir", default=None, help="embedding cache folder")
    p.add_argument("--combine", choices=PROFILE_COMBINES, default=None, help="toolrex: profile as a document field (default) or mean of vectors")
    p.add_argument("--direction", choices=TGR_DIRECTIONS, action="append", default=None,
                   help="tgr: a mixing direction, repeat for several (default: a row for each of the two directed ones)")
    p.add_argument("--entry-tools", type=_count, default=None, help="ego-trip: entry tools picked by dense search (default 10)")
    p.add_argument("--neighbour-order", choices=NEIGHBOUR_ORDERS, default=None, help="ego-trip: order of added tools (default dense)")
    p.add_argument("--no-structural", action="store_true", help="ego-trip: leave out the parameter/category part of the graph")
    p.add_argument("--baseline-option", action="append", type=_option, default=None, metavar="METHOD.NAME=VALUE",
                   help="any query-time option, e.g. ego-trip.fill=false (docs/baselines.md)")
    p.add_argument("--no-qts", action="store_true", help="no QTS row")
    p.add_argument("--json", default=None, help="write per-method and per-task results here")
    p.add_argument("--quiet", action="store_true")
    add_benchmark_options(p, "load")
    p.set_defaults(func=cmd_baseline_eval)

    p = verbs.add_parser("show", help="what a baseline artifact holds")
    p.add_argument("artifact")
    p.set_defaults(func=cmd_baseline_show)
