"""``libra induce``, ``libra show`` and ``libra query``: build and inspect tool libraries."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from llama_index_libra.cli.common import (
    CLIError,
    add_benchmark_options,
    benchmark_kwargs,
    embed_models,
    optional_float,
    positive_float,
    positive_int,
)

__all__ = ["register", "cmd_catalog", "cmd_induce", "cmd_show", "cmd_query"]

_SHOW_TOP = 5  # consumers listed by `libra show` without --tool


def cmd_induce(args: argparse.Namespace) -> int:
    """``libra induce``: build a library over a benchmark's or the user's runtime and write it with its report."""
    from llama_index_libra.benchmarks.base import benchmark_builder
    from llama_index_libra.benchmarks.libraries import benchmark_runtime
    from llama_index_libra.induction.engine import InductionConfig, induce
    from llama_index_libra.library import load_overrides

    out, report_path = _check_outputs(args)
    builder = benchmark_builder(args.benchmark) if args.benchmark and not args.runtime else None
    runtime = None if builder is not None else _induce_runtime(args, benchmark_runtime)
    config = _induction_config(args, InductionConfig)
    proposer = _llm_proposer(args, runtime)
    executor: Any = args.executor
    if args.executor == "ray" and args.ray_address:
        from llama_index_libra.induction.executors import RayExecutor

        executor = RayExecutor(address=args.ray_address, workers=args.workers)
    contracts = _load_contracts(args.contracts) if args.contracts else None
    if builder is not None:  # built in parts (one per app, ...), each with its own run log under the parts folder
        parts = Path(args.log_dir) if args.log_dir else out.with_name(out.name.removesuffix(".json") + ".parts")
        print(f"parts and their run logs: {parts} (an interrupted build resumes from there)")
        induce_options = {"proposer": proposer, "contracts": contracts, "field_encoder": args.field_encoder,
                          "isolation": args.isolation}
        library, report = builder(parts, config=config, executor=executor, workers=args.workers,
                                  show_progress=not args.quiet, induce_options=induce_options,
                                  **benchmark_kwargs(args, args.benchmark, "build"))
    else:
        library, report = induce(runtime, proposer=proposer, contracts=contracts, config=config, field_encoder=args.field_encoder,
                                 executor=executor, workers=args.workers, log_dir=args.log_dir,
                                 show_progress=not args.quiet, isolation=args.isolation)
    if args.overrides:
        library = library.apply_overrides(load_overrides(args.overrides))
    library.save(out)
    report.write(report_path)
    from llama_index_libra.induction.reporting import framed_summary

    print(framed_summary(report, f"induction report (also in {report_path})"))
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


def _induce_runtime(args: argparse.Namespace, benchmark_runtime: Any) -> Any:
    """The runtime of ``--runtime MODULE:FACTORY`` (the user's own), else of ``--benchmark``."""
    if bool(args.runtime) == bool(args.benchmark):
        raise CLIError("give exactly one of --runtime MODULE:FACTORY (your own tools) or --benchmark NAME")
    if args.runtime:
        from llama_index_libra.runtime.loader import load_runtime

        benchmark_kwargs(args, None, "build")  # rejects the benchmark-only flags
        return load_runtime(args.runtime)
    return benchmark_runtime(args.benchmark, **benchmark_kwargs(args, args.benchmark, "build"))


# InductionConfig fields that have hand-named flags above; every other field gets --field-name.
_CONFIG_FLAGS = {"tau": "tau", "max_depth": "max_depth", "max_states": "max_states", "timeout_s": "timeout",
                 "budget_s": "budget", "budget_runs": "budget"}


def _budget_arg(text: str) -> Any:
    """``--budget SECONDS|RUNS`` (60, 60s, 2m, 5000runs) as a :class:`~.induction.budget.Budget`."""
    from llama_index_libra.induction.budget import parse_budget

    try:
        return parse_budget(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def _config_fields() -> list[Any]:
    import dataclasses

    from llama_index_libra.induction.engine import InductionConfig

    return [f for f in dataclasses.fields(InductionConfig) if f.init]


def _add_config_flags(p: argparse.ArgumentParser) -> None:
    """One ``--flag`` per InductionConfig field without a hand-named flag (so the CLI offers every
    option of ``induce()``); the defaults are the dataclass's own."""
    for f in _config_fields():
        if f.name in _CONFIG_FLAGS or f"--{f.name.replace('_', '-')}" in p._option_string_actions:
            continue
        default = f.default
        kind: Any = type(default) if isinstance(default, (int, float, str)) and not isinstance(default, bool) else None
        if isinstance(default, bool):
            p.add_argument(f"--{f.name.replace('_', '-')}", dest=f"config_{f.name}", default=argparse.SUPPRESS,
                           action=argparse.BooleanOptionalAction, help=f"InductionConfig.{f.name} (default {default})")
            continue
        if kind is None and default is not None:
            continue  # a structured field: set it from Python
        p.add_argument(f"--{f.name.replace('_', '-')}", dest=f"config_{f.name}", type=kind or optional_float,
                       metavar=f.name.upper(), default=argparse.SUPPRESS, help=f"InductionConfig.{f.name} (default {default})")


def _induction_config(args: argparse.Namespace, config_cls: Any) -> Any:
    """The InductionConfig of the hand-named and the generated flags."""
    values: dict[str, Any] = {}
    for f in _config_fields():
        dest = _CONFIG_FLAGS.get(f.name, f"config_{f.name}")
        if dest == "budget":  # one flag for both caps
            if getattr(args, "budget", None) is not None:
                values[f.name] = args.budget.seconds if f.name == "budget_s" else args.budget.runs
        elif hasattr(args, dest):  # flags left out keep the dataclass default (absent, not None)
            values[f.name] = getattr(args, dest)
    return config_cls(**values)


def _load_contracts(path: str) -> dict[str, Any]:
    """``--contracts FILE``: a JSON object tool name -> contract (e.g. a library's ``contracts``)."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise CLIError(f"cannot read contracts file {path}: {exc}") from None
    if isinstance(data, dict) and data.get("format") == "llama-index-libra/tool-library":
        data = data.get("contracts", {})  # reuse the contracts of a saved library
    if not isinstance(data, dict):
        raise CLIError(f"contracts file {path} must be a JSON object of tool name -> contract")
    return data


def _format_relation(r: Any, *, evidence: bool) -> str:
    fields = "" if r.provider_field is None and r.consumer_field is None else f" [{r.provider_field} -> {r.consumer_field}]"
    line = f"  {r.provider} -> {r.consumer} ({r.kind}){fields}"
    if evidence and r.evidence:
        from llama_index_libra.cli.evidence import evidence_lines

        line += "".join(f"\n      {text}" for text in evidence_lines(r.evidence))
    return line


def cmd_show(args: argparse.Namespace) -> int:
    """``libra show``: a library's statistics, or one tool's providers and consumers."""
    from llama_index_libra.library import ToolLibrary

    library = ToolLibrary.load(args.library)
    counts = library.counts()
    print(f"library {args.library}: {len(library.catalog)} tools, {len(library)} relations "
          f"({', '.join(f'{k} {v}' for k, v in counts.items())}), {len(library.candidates)} schema-only candidates")
    if library.overrides:
        print(f"overrides applied: {len(library.overrides.get('pin', []))} pinned, {len(library.overrides.get('veto', []))} vetoed")
    if args.tool and args.json:  # every relation of the tool with its whole evidence, for a program or a pager
        library.catalog.get(args.tool)
        print(json.dumps({"consumer_of": [r.to_json() for r in library.relations_of(args.tool, role="consumer")],
                          "provider_of": [r.to_json() for r in library.relations_of(args.tool, role="provider")]},
                         ensure_ascii=False, indent=1, sort_keys=True))
        return 0
    if args.tool:
        library.catalog.get(args.tool)  # clear error for unknown names
        print(f"\nprerequisites of {args.tool} (providers):")
        for r in library.relations_of(args.tool, role="consumer"):
            print(_format_relation(r, evidence=args.evidence))
        print(f"\ntools that need {args.tool} (consumers):")
        for r in library.relations_of(args.tool, role="provider"):
            print(_format_relation(r, evidence=args.evidence))
    else:
        # per namespace (the consumer's class or app); tools without one count under the catalog's name
        per_ns: dict[str, int] = {}
        for r in library.relations:
            ns = library.catalog.get(r.consumer).namespace or library.catalog.name
            per_ns[ns] = per_ns.get(ns, 0) + 1
        for ns, n in sorted(per_ns.items()):
            print(f"  {ns}: {n} relations")
        per_consumer: dict[str, int] = {}
        for r in library.relations:
            per_consumer[r.consumer] = per_consumer.get(r.consumer, 0) + 1
        if per_consumer:
            top = sorted(per_consumer.items(), key=lambda kv: (-kv[1], kv[0]))[:_SHOW_TOP]
            print("  most prerequisites: " + ", ".join(f"{name} ({n})" for name, n in top)
                  + f"; `libra show {args.library} --tool NAME` lists them")
    return 0


def _library_or_catalog(path: str) -> tuple[Any, Any]:
    """(library, None) for a library file, (None, catalog) for a catalog file or an OpenAPI document."""
    from llama_index_libra.catalog import CatalogError, ToolCatalog
    from llama_index_libra.library import LibraryError, ToolLibrary

    if Path(path).suffix.lower() in (".yaml", ".yml"):  # only an OpenAPI document is YAML here
        return None, ToolCatalog.from_openapi(path)
    try:
        return ToolLibrary.load(path), None
    except LibraryError as exc:
        if "not a llama-index-libra tool library" not in str(exc) and "is corrupt" not in str(exc):
            raise
        try:
            return None, ToolCatalog.from_file(path)
        except CatalogError as not_catalog:
            raise CLIError(f"{exc}; nor is it a catalog file or an OpenAPI document ({not_catalog})") from None


def cmd_query(args: argparse.Namespace) -> int:
    """Rank a library's tools through :class:`LibraRetriever`, so the CLI answers exactly like the API; a
    catalog file or an OpenAPI document is searched as it is (no build step, so no prerequisites)."""
    import sys

    from llama_index_libra.adapters.retriever import LibraRetriever
    from llama_index_libra.retrieval.settings import RetrievalSettings

    library, catalog = _library_or_catalog(args.library)
    options = dict(embed_model=embed_models(args.embed_model), method=args.method, top_k=args.k,
                   always_include=[n for n in (args.always_include or "").split(",") if n], cache_dir=args.cache_dir,
                   settings=RetrievalSettings.from_arguments(args))
    if library is not None:
        retriever = LibraRetriever.from_catalog(library.catalog, library=library, **options)
    else:
        retriever = LibraRetriever.from_catalog(catalog, **options)
        print(f"{args.library}: {len(catalog)} tools searched without a library (no prerequisites promoted; "
              "`libra induce` over a sandbox runtime builds one)", file=sys.stderr)
    hits = retriever.rank(args.query)
    if not args.query.strip():
        print("empty query: no ranking signal" + (", only the always-included tools" if hits else ", no tools"), file=sys.stderr)
    for rank, tool in enumerate(hits, 1):
        mark = "  (promoted)" if tool.promoted else ""
        source = f"  [{tool.source}]" if tool.source != "ranked" else ""
        print(f"{rank:>3}. {tool.name}  score {tool.score:.4f}  base {tool.base_score:.4f}{mark}{source}")
        for reason in tool.reasons({hit.name for hit in hits}):
            print(f"       why: {reason}")
    return 0


def cmd_catalog(args: argparse.Namespace) -> int:
    """``libra catalog``: check a catalog (file, runtime or MCP server), optionally write it and check a library."""
    from llama_index_libra.catalog import ToolCatalog

    runtime = None
    if sum(bool(x) for x in (args.path, args.runtime, args.mcp)) != 1:
        raise CLIError("give one catalog source: a catalog file, --runtime MODULE:FACTORY, or --mcp 'SERVER COMMAND'")
    if args.mcp:
        import shlex

        from llama_index_libra.sources import catalog_from_mcp

        command = shlex.split(args.mcp)
        if not command:
            raise CLIError("--mcp needs the server's command, e.g. --mcp 'python server.py'")
        catalog = catalog_from_mcp(command[0], args=command[1:], name=Path(command[-1]).stem or "mcp")
        source = args.mcp
    elif args.runtime:
        from llama_index_libra.runtime.loader import load_runtime

        runtime = load_runtime(args.runtime)
        catalog = runtime.catalog
        source = args.runtime
    else:
        catalog = ToolCatalog.from_file(args.path)
        source = args.path
    if args.out:
        catalog.to_file(args.out)
    lifted = sum(
        1
        for spec in catalog
        for schema in ((spec.parameters or {}).get("properties") or {}).values()
        if isinstance(schema, dict) and any(k in schema for k in ("enum", "minimum", "maximum", "format", "pattern"))
    )
    namespaces = sorted({t.namespace for t in catalog if t.namespace})
    print(f"catalog {source}: {len(catalog)} tools" + (f" in {len(namespaces)} namespaces" if namespaces else "")
          + f", {lifted} inputs with constraints (declared or lifted from prose); fingerprint {catalog.fingerprint()}")
    if args.out:
        print(f"wrote {args.out}")
    if args.library:
        from llama_index_libra.library import ToolLibrary

        library = ToolLibrary.load(args.library).fit(catalog, strict=True, source=args.library)  # names changed tools
        edited = library.code_changes(runtime) if runtime is not None else []
        if edited:
            raise CLIError(f"{args.library}: the code of {', '.join(edited[:8])}{' and more' if len(edited) > 8 else ''} changed since the build; "
                           "rerun `libra induce` with the first build's --log-dir: only the runs that involve them re-execute")
        checked = "public metadata and code" if runtime is not None and "tool_code" in library.runtime else "public metadata"
        print(f"library {args.library} fits this catalog: {len(library)} relations (checked: {checked})")
        if runtime is None:
            print("  a catalog file holds no code: give --runtime MODULE:FACTORY to see code-only edits too")
    return 0


def register(sub: Any) -> None:
    """Add ``catalog``, ``induce``, ``show`` and ``query`` to the ``libra`` subcommands."""
    from llama_index_libra.benchmarks.base import RUNTIMES
    from llama_index_libra.retrieval.settings import RetrievalSettings
    from llama_index_libra.retrieval.topk import DEFAULT_TOP_K

    p = sub.add_parser("catalog", help="check a tool catalog file (JSON, {\"tools\": [...]} or JSONL of function docs)")
    p.add_argument("path", nargs="?", default=None, help="a catalog file (or give --runtime)")
    p.add_argument("--runtime", default=None, metavar="MODULE:FACTORY", help="the catalog of your runtime instead of a file")
    p.add_argument("--mcp", default=None, metavar="COMMAND",
                   help="the tools an MCP server lists (stdio command, or an http(s) URL); needs the [mcp] extra")
    p.add_argument("--out", default=None, help="write the catalog here (JSON that `libra catalog` reads back with the same fingerprint)")
    p.add_argument("--library", default=None, help="check that this library was built for these tools: names tools whose public metadata changed "
                        "(and, with --runtime, whose code changed)")
    p.set_defaults(func=cmd_catalog)

    p = sub.add_parser("induce", help="build a tool library by executing compositions in a sandbox runtime")
    p.add_argument("--benchmark", default=None,
                   help=f"benchmark whose runtime and catalog to use ({', '.join(n for n in RUNTIMES)})")
    p.add_argument("--runtime", default=None, metavar="MODULE:FACTORY",
                   help="your own runtime: MODULE:FACTORY or path/to/file.py:FACTORY, a callable returning a Runtime "
                   "(e.g. a PythonRuntime over your tools)")
    add_benchmark_options(p, "build")
    p.add_argument("--out", required=True, help="library JSON to write")
    p.add_argument("--report", default=None, help="build report JSON (default: beside --out)")
    p.add_argument("--max-depth", type=int, default=argparse.SUPPRESS, help="state chain length explored (default 2)")
    p.add_argument("--max-states", type=int, default=argparse.SUPPRESS, help="distinct states explored at most (default 5000)")
    p.add_argument("--tau", type=float, default=argparse.SUPPRESS, help="field-name alignment threshold for compatibility (default 0.5)")
    p.add_argument("--budget", type=_budget_arg, default=None, metavar="SECONDS|RUNS",
                   help="cap the build: wall-clock seconds (60, 60s, 2m) or tool runs (5000runs), shared between exploration "
                   "and the state tests; the library keeps what was found and the report says what was cut (default: no cap)")
    p.add_argument("--contracts", default=None, metavar="FILE",
                   help="JSON of tool name -> contract (or a saved library, to reuse its contracts) instead of proposing them")
    p.add_argument("--timeout", type=optional_float, default=argparse.SUPPRESS, help="per-call timeout in seconds (default 5; 'none': no limit)")
    p.add_argument("--field-encoder", default="minilm", help="minilm (default), lexical, or an embedding model")
    p.add_argument("--overrides", default=None, help="JSON file of relations to pin or veto")
    p.add_argument("--executor", choices=["serial", "process", "ray"], default="process",
                   help="where composition tests run: this process, a local process pool (default), or Ray")
    p.add_argument("--workers", type=int, default=None, help="worker processes (default: all cores)")
    p.add_argument("--isolation", choices=["process", "call", "none"], default=None,
                   help="process: a tool that crashes or hangs never stops the build or changes a record (pool workers run "
                   "calls themselves, watched, and rerun a dead worker's chunks with each call in a supervised child; "
                   "the runtime's default); call: every call in a supervised child; none: calls in the worker itself "
                   "(a crash stops the build)")
    p.add_argument("--ray-address", default=None, help="an existing Ray cluster (default: a local ray.init())")
    p.add_argument("--log-dir", default=None,
                   help="append-only run log: an interrupted build resumes from it, a rebuild after a catalog edit reruns only "
                   "what changed (a benchmark built in parts keeps its parts and their logs here; default OUT.parts/)")
    p.add_argument("--llm", choices=["openai-like", "vllm"], default=None,
                   help="write contracts with an LLM: a `vllm serve` endpoint (openai-like) or an in-process vLLM "
                   "engine (vllm); default: the schema-derived proposer, no LLM")
    p.add_argument("--model", default=None, help="model name served at --api-base, or loaded by --llm vllm")
    p.add_argument("--api-base", default=None, help="OpenAI-compatible endpoint, e.g. http://localhost:8000/v1")
    p.add_argument("--llm-cache", default=None,
                   help="reply cache folder (default: ~/.cache/llama-index-libra/llm-contracts); reruns resume from it")
    p.add_argument("--context-window", type=int, default=32768, help="the model's context window (tokens)")
    p.add_argument("--max-tokens", type=int, default=4096, help="most tokens per contract reply")
    p.add_argument("--request-timeout", type=positive_float, default=300.0,
                   help="seconds to wait for one LLM reply (default 300); a tool whose request times out gets the "
                   "schema-derived contract, recorded in the report")
    p.add_argument("--llm-attempts", type=positive_int, default=3,
                   help="tries per LLM request against an unreachable server or a 429/5xx (default 3)")
    p.add_argument("--quiet", action="store_true")
    _add_config_flags(p)  # last: a field that already has a hand-written flag keeps it
    p.set_defaults(func=cmd_induce)

    p = sub.add_parser("show", help="statistics of a library, or the relations of one tool with evidence")
    p.add_argument("library")
    p.add_argument("--tool", default=None, help="show this tool's providers and consumers")
    p.add_argument("--evidence", action="store_true", help="print the calls that admitted each relation, one line each")
    p.add_argument("--json", action="store_true", help="with --tool: the tool's relations and their whole evidence as JSON")
    p.set_defaults(func=cmd_show)

    p = sub.add_parser("query", help="rank a library's tools for a query, with the reasons for promotions; "
                                      "or search a catalog file or an OpenAPI document directly (no build step)")
    p.add_argument("library", help="a library file, a catalog file, or an OpenAPI document (JSON or YAML)")
    p.add_argument("query")
    p.add_argument("--k", type=positive_int, default=DEFAULT_TOP_K,
                   help=f"tools returned, LibraRetriever's top_k (default {DEFAULT_TOP_K}, as in the API)")
    p.add_argument("--method", default="libra", help="bm25, qts, hybrid, schema-only or libra (default)")
    p.add_argument("--always-include", default=None, help="comma-separated tools always in the result")
    p.add_argument("--cache-dir", default=None, help="embedding cache folder")
    RetrievalSettings.add_arguments(p, propagation=True)
    p.set_defaults(func=cmd_query)
