"""``libra induce``, ``libra show`` and ``libra query``: build and inspect tool libraries."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

__all__ = ["register"]


def cmd_induce(args: argparse.Namespace) -> int:
    from llama_index_libra.induction.defaults import benchmark_runtime
    from llama_index_libra.induction.engine import InductionConfig, induce
    from llama_index_libra.library import load_overrides

    out, report_path = _check_outputs(args)
    runtime = benchmark_runtime(args.benchmark, **_runtime_options(args))
    config = InductionConfig(max_depth=args.max_depth, max_states=args.max_states, tau=args.tau, timeout_s=args.timeout)
    proposer = _llm_proposer(args, runtime)
    executor: Any = args.executor
    if args.executor == "ray" and args.ray_address:
        from llama_index_libra.induction.executors import RayExecutor

        executor = RayExecutor(address=args.ray_address, workers=args.workers)
    library, report = induce(runtime, proposer=proposer, config=config, field_encoder=args.field_encoder,
                             executor=executor, workers=args.workers, log_dir=args.log_dir,
                             show_progress=not args.quiet, isolation=args.isolation)
    if args.overrides:
        library = library.apply_overrides(load_overrides(args.overrides))
    library.save(out)
    report.write(report_path)
    print(report.summary())
    if proposer is not None:
        stats = proposer.stats()
        print(f"contracts by {stats['proposer']}: {stats['llm_calls']} LLM calls ({stats.get('llm_seconds', 0):.1f} s), "
              f"{stats['cache_hits']} cache hits, {stats.get('valid_replies', 0)} valid / {stats.get('invalid_replies', 0)} invalid "
              f"replies ({stats.get('truncated_replies', 0)} cut at the token limit), {stats['contracts_revised']} revised, "
              f"{len(stats['fallbacks'])} schema-derived fallbacks ({len(stats.get('request_failures') or {})} failed requests)")
        tokens = stats.get("prompt_tokens") or {}
        if tokens.get("total"):
            print(f"prompt tokens sent: {tokens['total']:,} ({tokens['counter']}); shared prefix "
                  f"{100 * (tokens['shared_prefix_share'] or 0):.1f}% ({tokens['order']} order)")
        for tool, why in (stats.get("request_failures") or {}).items():
            print(f"  LLM request failed for {tool}: {why}")
    print(f"wrote {out} and {report_path}")
    return 0


def _check_outputs(args: argparse.Namespace) -> tuple[Path, Path]:
    """The library and report paths, checked writable before the build starts; temporary files
    left beside them by a killed earlier run are removed."""
    from llama_index_libra._io import check_writable, temp_files_beside
    from llama_index_libra.cli import CLIError

    out = Path(args.out)
    report_path = Path(args.report) if args.report else out.with_name(out.name.replace(".json", "") + ".report.json")
    for path in (out, report_path):
        check_writable(path, error=lambda reason: CLIError(f"--out/--report: {reason}"))
        for stale in temp_files_beside(path):
            stale.unlink(missing_ok=True)
    return out, report_path


def _llm_proposer(args: argparse.Namespace, runtime: Any) -> Any:
    """The LLM contract proposer of ``--llm`` (None: the schema-derived proposer)."""
    if args.llm is None:
        return None
    from llama_index_libra.cli import CLIError
    from llama_index_libra.contracts.llm import LLMContractProposer
    from llama_index_libra.llms import make_llm
    from llama_index_libra.retrieval.dense import default_cache_dir

    if not args.model:
        raise CLIError(f"--llm {args.llm} needs --model NAME")
    try:
        llm = make_llm(args.llm, model=args.model, api_base=args.api_base, context_window=args.context_window,
                       max_tokens=args.max_tokens, timeout_s=args.request_timeout)
    except ImportError as exc:
        raise CLIError(str(exc)) from exc
    cache = Path(args.llm_cache) if args.llm_cache else default_cache_dir() / "llm-contracts"
    return LLMContractProposer(llm, registry="bfcl" if args.benchmark == "bfcl" else "callable-signature",
                               cache_dir=cache, fixtures=getattr(runtime, "fixtures", None),
                               max_attempts=args.llm_attempts)


def _runtime_options(args: argparse.Namespace) -> dict[str, Any]:
    """Keyword arguments for the benchmark's runtime from its own flags (SciToolEval's checkout)."""
    from llama_index_libra.cli import CLIError

    given = {"checkout": args.scitoolagent, "python": args.scitoolagent_python, "no_network": args.no_network or None}
    options = {k: v for k, v in given.items() if v is not None}
    if options and not args.benchmark.startswith("scitooleval"):
        raise CLIError("--scitoolagent, --scitoolagent-python and --no-network apply to --benchmark scitooleval")
    return options


def _format_relation(r: Any, *, evidence: bool) -> str:
    fields = "" if r.provider_field is None and r.consumer_field is None else f" [{r.provider_field} -> {r.consumer_field}]"
    line = f"  {r.provider} -> {r.consumer} ({r.kind}){fields}"
    if evidence and r.evidence:
        line += "\n      evidence: " + json.dumps(r.evidence, ensure_ascii=False)[:600]
    return line


def cmd_show(args: argparse.Namespace) -> int:
    from llama_index_libra.library import ToolLibrary

    library = ToolLibrary.load(args.library)
    counts = library.counts()
    print(f"library {args.library}: {len(library.catalog)} tools, {len(library)} relations "
          f"({', '.join(f'{k} {v}' for k, v in counts.items())}), {len(library.candidates)} schema-only candidates")
    if library.overrides:
        print(f"overrides applied: {len(library.overrides.get('pin', []))} pinned, {len(library.overrides.get('veto', []))} vetoed")
    if args.tool:
        library.catalog.get(args.tool)  # clear error for unknown names
        print(f"\nprerequisites of {args.tool} (providers):")
        for r in library.relations_of(args.tool, role="consumer"):
            print(_format_relation(r, evidence=args.evidence))
        print(f"\ntools that need {args.tool} (consumers):")
        for r in library.relations_of(args.tool, role="provider"):
            print(_format_relation(r, evidence=args.evidence))
    else:
        per_ns: dict[str, int] = {}
        for r in library.relations:
            ns = r.consumer.split(".")[0] if "." in r.consumer else "-"
            per_ns[ns] = per_ns.get(ns, 0) + 1
        for ns, n in sorted(per_ns.items()):
            print(f"  {ns}: {n} relations")
    return 0


def cmd_query(args: argparse.Namespace) -> int:
    from llama_index_libra.library import ToolLibrary
    from llama_index_libra.retrieval.propagation import PropagationConfig
    from llama_index_libra.retrieval.ranker import ToolRanker

    library = ToolLibrary.load(args.library)
    ranker = ToolRanker(library.catalog, method=args.method, library=library, embed_model=args.embed_model,
                        config=PropagationConfig(seeds=args.seeds))
    for rank, tool in enumerate(ranker.rank(args.query, args.k), 1):
        mark = "  (promoted)" if tool.promoted else ""
        print(f"{rank:>3}. {tool.name}  score {tool.score:.4f}  dense {tool.base_score:.4f}{mark}")
        for p in tool.promotions:
            print(f"       why: {p.describe()}")
    return 0


def cmd_catalog(args: argparse.Namespace) -> int:
    from llama_index_libra.catalog import ToolCatalog

    catalog = ToolCatalog.from_file(args.path)
    lifted = sum(
        1
        for spec in catalog
        for schema in ((spec.parameters or {}).get("properties") or {}).values()
        if isinstance(schema, dict) and any(k in schema for k in ("enum", "minimum", "maximum", "format", "pattern"))
    )
    namespaces = sorted({t.namespace for t in catalog if t.namespace})
    print(f"catalog {args.path}: {len(catalog)} tools" + (f" in {len(namespaces)} namespaces" if namespaces else "")
          + f", {lifted} inputs with constraints (declared or lifted from prose); fingerprint {catalog.fingerprint()}")
    return 0


def _positive_float(text: str) -> float:
    """argparse type: a finite number of seconds above zero."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a positive number of seconds, got {text!r}") from None
    if not 0 < value < float("inf"):
        raise argparse.ArgumentTypeError(f"expected a positive number of seconds, got {text!r}")
    return value


def register(sub: Any) -> None:
    from llama_index_libra.cli import _positive_int

    p = sub.add_parser("catalog", help="check a tool catalog file (JSON, {\"tools\": [...]} or JSONL of function docs)")
    p.add_argument("path")
    p.set_defaults(func=cmd_catalog)

    p = sub.add_parser("induce", help="build a tool library by executing compositions in a sandbox runtime")
    p.add_argument("--benchmark", required=True, help="benchmark whose runtime and catalog to use (bfcl, scitooleval)")
    p.add_argument("--scitoolagent", default=None, metavar="PATH",
                   help="scitooleval: your SciToolAgent checkout (default: $LIBRA_SCITOOLAGENT)")
    p.add_argument("--scitoolagent-python", default=None, metavar="PYTHON",
                   help="scitooleval: the checkout's interpreter (default: its .venv/venv, or $LIBRA_SCITOOLAGENT_PYTHON)")
    p.add_argument("--no-network", action="store_true",
                   help="scitooleval: cut network access for every tool call (unshare -n where allowed, socket guard)")
    p.add_argument("--out", required=True, help="library JSON to write")
    p.add_argument("--report", default=None, help="build report JSON (default: beside --out)")
    p.add_argument("--max-depth", type=int, default=2, help="state chain length explored (default 2)")
    p.add_argument("--max-states", type=int, default=5000, help="distinct states explored at most")
    p.add_argument("--tau", type=float, default=0.5, help="field-name alignment threshold for compatibility")
    p.add_argument("--timeout", type=float, default=5.0, help="per-call timeout in seconds")
    p.add_argument("--field-encoder", default="minilm", help="minilm (default), lexical, or an embedding model")
    p.add_argument("--overrides", default=None, help="JSON file of relations to pin or veto")
    p.add_argument("--executor", choices=["serial", "process", "ray"], default="process",
                   help="where composition tests run: this process, a local process pool (default), or Ray")
    p.add_argument("--workers", type=int, default=None, help="worker processes (default: all cores)")
    p.add_argument("--isolation", choices=["process", "none"], default=None,
                   help="process: every call in a supervised child, so a tool that crashes or hangs costs one call "
                   "(the runtime's default); none: calls in the worker itself (faster, a crash stops the build)")
    p.add_argument("--ray-address", default=None, help="an existing Ray cluster (default: a local ray.init())")
    p.add_argument("--log-dir", default=None,
                   help="append-only run log: an interrupted build resumes from it, a rebuild after a catalog edit reruns only what changed")
    p.add_argument("--llm", choices=["openai-like", "vllm"], default=None,
                   help="write contracts with an LLM: a `vllm serve` endpoint (openai-like) or an in-process vLLM "
                   "engine (vllm); default: the schema-derived proposer, no LLM")
    p.add_argument("--model", default=None, help="model name served at --api-base, or loaded by --llm vllm")
    p.add_argument("--api-base", default=None, help="OpenAI-compatible endpoint, e.g. http://localhost:8000/v1")
    p.add_argument("--llm-cache", default=None,
                   help="reply cache folder (default: ~/.cache/llama-index-libra/llm-contracts); reruns resume from it")
    p.add_argument("--context-window", type=int, default=32768, help="the model's context window (tokens)")
    p.add_argument("--max-tokens", type=int, default=4096, help="most tokens per contract reply")
    p.add_argument("--request-timeout", type=_positive_float, default=300.0,
                   help="seconds to wait for one LLM reply (default 300); a tool whose request times out gets the "
                   "schema-derived contract, recorded in the report")
    p.add_argument("--llm-attempts", type=_positive_int, default=3,
                   help="tries per LLM request against an unreachable server or a 429/5xx (default 3)")
    p.add_argument("--quiet", action="store_true")
    p.set_defaults(func=cmd_induce)

    p = sub.add_parser("show", help="statistics of a library, or the relations of one tool with evidence")
    p.add_argument("library")
    p.add_argument("--tool", default=None, help="show this tool's providers and consumers")
    p.add_argument("--evidence", action="store_true", help="print the calls that admitted each relation")
    p.set_defaults(func=cmd_show)

    p = sub.add_parser("query", help="rank a library's tools for a query, with the reasons for promotions")
    p.add_argument("library")
    p.add_argument("query")
    p.add_argument("--k", type=_positive_int, default=15)
    p.add_argument("--seeds", type=_positive_int, default=15)
    p.add_argument("--method", default="libra")
    p.add_argument("--embed-model", default=None)
    p.set_defaults(func=cmd_query)
