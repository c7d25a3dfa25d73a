"""``libra baseline``: build and evaluate the paper's baselines from the command line.

``libra baseline build --method toolrex|tgr|ego-trip --benchmark bfcl --llm openai-like --model M
--api-base URL`` writes the artifact (and a ``.report.json`` beside it, and a ``.log.jsonl`` item log
that a rerun resumes from); ``libra baseline eval --benchmark bfcl --artifact A.json ...`` prints
their rows beside QTS. ``register(subparsers)`` adds the command to the ``libra`` parser. User errors
are ValueError lines (the ``libra`` entry point prints them as ``libra: error: ...``).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path
from typing import Any

__all__ = ["register", "cmd_baseline_build", "cmd_baseline_eval", "default_artifact_path"]


class BaselineCLIError(ValueError):
    """A user-facing error of ``libra baseline``."""


def _positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a positive integer, got {text!r}") from None
    if value <= 0:
        raise argparse.ArgumentTypeError(f"expected a positive integer, got {value}")
    return value


def _positive_float(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a positive number, got {text!r}") from None
    if not value > 0:
        raise argparse.ArgumentTypeError(f"expected a positive number, got {value}")
    return value


def default_artifact_path(catalog_name: str, method: str, model: str) -> Path:
    """``<catalog>.<method>.<model>.json`` in the current folder (the model name made file-safe)."""
    from llama_index_libra._io import safe_component

    safe_model = re.sub(r"_+", "_", safe_component(model.replace("/", "_"), fallback="model"))
    return Path(f"{safe_component(catalog_name, fallback='catalog')}.{method}.{safe_model}.json")


def _catalog(args: argparse.Namespace) -> tuple[Any, Any]:
    """(catalog, benchmark or None) from --benchmark or --catalog."""
    if bool(args.benchmark) == bool(getattr(args, "catalog", None)):
        raise BaselineCLIError("give exactly one of --benchmark NAME or --catalog FILE")
    if args.benchmark:
        from llama_index_libra.benchmarks import load_benchmark

        bench = load_benchmark(args.benchmark)
        return bench.catalog, bench
    from llama_index_libra.catalog import ToolCatalog

    return ToolCatalog.from_file(args.catalog), None


def _llm(kind: str, model: str | None, api_base: str | None, args: argparse.Namespace) -> Any:
    from llama_index_libra.llms import make_llm

    if not model:
        raise BaselineCLIError(f"--llm {kind} needs --model NAME")
    try:
        return make_llm(kind, model=model, api_base=api_base, context_window=args.context_window,
                        max_tokens=args.max_tokens, timeout_s=args.request_timeout)
    except ImportError as exc:
        raise BaselineCLIError(str(exc)) from exc


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
        raise BaselineCLIError("--judge-model/--judge-api-base are for --method toolrex (its consistency judge)")
    out = Path(args.out) if args.out else default_artifact_path(catalog.name, args.method, args.model)
    report_path = out.with_name(out.name.removesuffix(".json") + ".report.json")
    log_path = Path(args.log) if args.log else out.with_name(out.name.removesuffix(".json") + ".log.jsonl")
    for path in (out, report_path):
        check_writable(path, error=lambda reason: BaselineCLIError(f"--out: {reason}"))
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
    """Rows of baseline artifacts beside the package's QTS row (P/R/NDCG@K)."""
    from llama_index_libra.baselines.artifact import BaselineArtifact
    from llama_index_libra.baselines.evaluate import evaluate_baselines
    from llama_index_libra.evaluation.runner import format_table

    if not args.benchmark:
        raise BaselineCLIError("libra baseline eval needs --benchmark NAME")
    from llama_index_libra.benchmarks import load_benchmark

    bench = load_benchmark(args.benchmark)
    artifacts = [BaselineArtifact.load(p, catalog=bench.catalog) for p in args.artifact]
    options: dict[str, dict[str, Any]] = {"toolrex": {}, "tgr": {}, "ego-trip": {}}
    if args.combine:
        options["toolrex"]["combine"] = args.combine
    if args.direction:
        options["tgr"]["direction"] = args.direction
    if args.entry_tools:
        options["ego-trip"]["entry_tools"] = args.entry_tools
    if args.neighbour_order:
        options["ego-trip"]["neighbour_order"] = args.neighbour_order
    if args.no_structural:
        options["ego-trip"]["structural"] = False
    embed = args.embed_model[0] if args.embed_model else None
    report = evaluate_baselines(bench, artifacts, k=args.k, embed_model=embed, cache_dir=args.cache_dir,
                                options=options, qts=not args.no_qts, show_progress=not args.quiet)
    print(format_table(report))
    if args.json:
        report.write_json(args.json)
        print(f"wrote per-method and per-task results to {args.json}")
    return 0


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
    p.add_argument("--benchmark", default=None, help="a packaged benchmark's catalog (bfcl, scitooleval)")
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
    p.add_argument("--workers", type=_positive_int, default=1,
                   help="requests in flight at once (a server batches them; keep 1 for --llm vllm)")
    p.add_argument("--max-tries", type=_positive_int, default=2, help="tries per step for an unusable reply (default 2)")
    p.add_argument("--context-window", type=_positive_int, default=32768, help="the model's context window (tokens)")
    p.add_argument("--max-tokens", type=_positive_int, default=1024, help="most tokens per reply (default 1024)")
    p.add_argument("--request-timeout", type=_positive_float, default=300.0, help="seconds to wait for one reply")
    p.add_argument("--llm-attempts", type=_positive_int, default=3, help="tries per request against an unreachable server or a 429/5xx")
    p.add_argument("--quiet", action="store_true", help="no progress bar")
    p.set_defaults(func=cmd_baseline_build)

    p = verbs.add_parser("eval", help="P/R/NDCG@K of baseline artifacts beside QTS on a benchmark")
    p.add_argument("--benchmark", required=True, help="benchmark name (bfcl, scitooleval)")
    p.add_argument("--artifact", action="append", required=True, help="a baseline artifact (repeat for several)")
    p.add_argument("--k", type=_positive_int, default=None, help="cutoff K (default: the benchmark's)")
    p.add_argument("--embed-model", action="append", default=None, help="encoder (default: the packaged MiniLM), as for QTS")
    p.add_argument("--cache-dir", default=None, help="embedding cache folder")
    p.add_argument("--combine", choices=PROFILE_COMBINES, default=None, help="toolrex: profile as a document field (default) or mean of vectors")
    p.add_argument("--direction", choices=TGR_DIRECTIONS, default=None, help="tgr: one direction (default: a row for each of the two directed ones)")
    p.add_argument("--entry-tools", type=_positive_int, default=None, help="ego-trip: entry tools picked by dense search (default 10)")
    p.add_argument("--neighbour-order", choices=NEIGHBOUR_ORDERS, default=None, help="ego-trip: order of added tools (default dense)")
    p.add_argument("--no-structural", action="store_true", help="ego-trip: leave out the parameter/category part of the graph")
    p.add_argument("--no-qts", action="store_true", help="no QTS row")
    p.add_argument("--json", default=None, help="write per-method and per-task results here")
    p.add_argument("--quiet", action="store_true")
    p.set_defaults(func=cmd_baseline_eval)

    p = verbs.add_parser("show", help="what a baseline artifact holds")
    p.add_argument("artifact")
    p.set_defaults(func=cmd_baseline_show)
