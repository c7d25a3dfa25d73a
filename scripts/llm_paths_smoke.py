"""Run both LLM paths against any OpenAI-compatible endpoint on a handful of tools and tasks.

1. Contract induction: ``LLMContractProposer`` + ``induce`` on the first ``--tools`` tools of the
   benchmark catalog in its sandbox runtime; prints one line per LLM call (tool, revision, seconds,
   prompt tokens counted / reported by the server / cached, finish reason, outcome), then the valid /
   invalid / truncated replies, revisions, fallbacks, failed requests, the shared-prefix share and
   the build report.
2. The ToolReAGt harness: ``run_grid`` with one method on the first ``--tasks`` tasks; prints per
   task the status, LLM calls and seconds, retriever calls and malformed steps, then the harness
   report.

    python scripts/llm_paths_smoke.py --api-base http://127.0.0.1:8000/v1 --model MODEL

Works against ``vllm serve MODEL``, llama.cpp's or llama-cpp-python's server, or the fake server
of the tests (``python tests/support/fake_openai_server.py --port 8011``). Nothing is cached between runs
unless ``--cache`` is given.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def contract_path(args: argparse.Namespace, work: Path) -> dict:
    from llama_index_libra.contracts.llm import LLMContractProposer, LLMUnavailableError
    from llama_index_libra.benchmarks.libraries import benchmark_runtime
    from llama_index_libra.induction.engine import InductionConfig, induce
    from llama_index_libra.llms import make_llm

    runtime = benchmark_runtime(args.benchmark)
    names = [spec.name for spec in runtime.catalog][: args.tools]
    catalog = runtime.catalog.subset(names)
    llm = make_llm("openai-like", model=args.model, api_base=args.api_base, context_window=args.context_window,
                   max_tokens=args.max_tokens, timeout_s=args.request_timeout)
    proposer = LLMContractProposer(llm, registry="bfcl" if args.benchmark == "bfcl" else "callable-signature",
                                   cache_dir=args.cache or work / "llm-cache", fixtures=getattr(runtime, "fixtures", None),
                                   backoff_s=1.0)
    print(f"== contract induction: {len(catalog)} tools of {args.benchmark} via {args.api_base} ({args.model})")
    start = time.perf_counter()
    aborted = None
    try:
        library, report = induce(runtime, catalog=catalog, proposer=proposer, field_encoder=args.field_encoder,
                                 executor="serial", config=InductionConfig(max_depth=1))
    except LLMUnavailableError as exc:
        aborted, library, report = str(exc), None, None
    wall = time.perf_counter() - start
    print(f"{'tool':<40}{'rev':>4}{'source':>7}{'s':>8}{'tok':>7}{'srv':>7}{'cached':>7}  finish  outcome")
    for c in proposer.call_log:
        def num(key: str) -> str:
            return "-" if c.get(key) is None else str(c[key])
        print(f"{c['tool'][:39]:<40}{num('revision'):>4}{c.get('source', '-'):>7}{num('seconds'):>8}{num('prompt_tokens'):>7}"
              f"{num('server_prompt_tokens'):>7}{num('server_cached_tokens'):>7}  {str(c.get('finish_reason') or '-'):<6}  "
              f"{c.get('outcome', '-')}{': ' + c['detail'][:90] if c.get('detail') else ''}")
    stats = proposer.stats()
    tokens = stats["prompt_tokens"]
    print(f"replies: {stats['valid_replies']} valid, {stats['invalid_replies']} invalid ({stats['truncated_replies']} cut at the "
          f"token limit); LLM calls {stats['llm_calls']} in {stats['llm_seconds']:.1f} s; cache hits {stats['cache_hits']}")
    print(f"revised tools {stats['contracts_revised']}: {', '.join(stats['revised_tools']) or '-'}")
    print(f"schema-derived fallbacks {len(stats['fallbacks'])}; failed requests: {json.dumps(stats['request_failures'])}")
    if tokens["total"]:
        print(f"prompt tokens {tokens['total']:,} ({tokens['counter']}), server-reported {tokens['server_prompt_tokens']}, "
              f"shared prefix {100 * tokens['shared_prefix_share']:.1f}% ({tokens['order']} order)")
    if aborted:
        print(f"ABORTED: {aborted}")
    else:
        print(report.summary())
        print(f"relations: {library.counts()}")
    print(f"contract path wall clock {wall:.1f} s")
    return {"stats": stats, "aborted": aborted, "wall_s": wall, "report": report.to_json() if report else None}


def agent_path(args: argparse.Namespace, work: Path) -> dict:
    from agent_eval.config import LLMPreset, RunSettings
    from agent_eval.llms import server_llm
    from agent_eval.report import build_report
    from agent_eval.runner import Cell, load_cell_records, make_retriever_factory, run_grid_sync
    from llama_index_libra.benchmarks import load_benchmark
    from llama_index_libra.benchmarks.base import Benchmark

    bench = load_benchmark(args.benchmark)
    bench = Benchmark(name=bench.name, catalog=bench.catalog, tasks=bench.tasks[: args.tasks], k=bench.k)
    preset = LLMPreset(name="endpoint", model=args.model, label=args.model, context_window=args.context_window,
                       max_tokens=args.agent_max_tokens, temperature=0.0)
    settings = RunSettings(budget=args.budget, task_timeout=args.task_timeout, concurrency=1)
    run_dir = work / "agent-run"
    print(f"\n== ToolReAGt harness: {len(bench.tasks)} tasks of {bench.name}, method {args.method}, budget {args.budget}")
    start = time.perf_counter()
    summary = run_grid_sync(
        run_dir, benchmarks={bench.name: bench}, methods=[args.method], llms=["endpoint"], seeds=[0],
        llm_factory=lambda name, seed: server_llm(preset, api_base=args.api_base, seed=seed, request_timeout=args.request_timeout),
        retriever_factory=make_retriever_factory(embed_model=args.embed_model, top_k=settings.top_k, cache_dir=False),
        settings=settings, llm_info={"endpoint": {"label": args.model, "model": args.model}},
        cell_extra={"encoder": args.embed_model or "minilm"},
    )
    wall = time.perf_counter() - start
    records = load_cell_records(Cell(bench.name, args.method, "endpoint", 0).path(run_dir))
    print(f"{'task':<24}{'status':<16}{'llm':>4}{'llm s':>8}{'s/call':>8}{'calls':>6}{'malformed':>10}  error")
    per_call = []
    for task in bench.tasks:
        r = records.get(task.id)
        if r is None:
            continue
        s_call = r["llm_seconds"] / r["llm_calls"] if r["llm_calls"] else 0.0
        per_call.append(s_call)
        print(f"{task.id[:23]:<24}{r['status']:<16}{r['llm_calls']:>4}{r['llm_seconds']:>8.1f}{s_call:>8.2f}{r['n_calls']:>6}"
              f"{r['n_malformed']:>10}  {(r.get('error') or '')[:60]}")
    print(summary.describe())
    text, _ = build_report(run_dir, iterations=(1, args.budget))
    print(text)
    print(f"agent path wall clock {wall:.1f} s; median LLM seconds per call {statistics.median(per_call) if per_call else 0:.2f}")
    return {"wall_s": wall, "records": list(records.values())}


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--api-base", required=True, help="OpenAI-compatible endpoint, e.g. http://127.0.0.1:8000/v1")
    p.add_argument("--model", required=True, help="model name the server serves")
    p.add_argument("--benchmark", default="bfcl")
    p.add_argument("--tools", type=int, default=4, help="tools for contract induction (the catalog's first)")
    p.add_argument("--tasks", type=int, default=2, help="benchmark tasks for the harness (the first)")
    p.add_argument("--method", default="qts", help="retrieval method of the harness (qts, bm25, libra, ...)")
    p.add_argument("--budget", type=int, default=3, help="tool_retriever calls per task")
    p.add_argument("--request-timeout", type=float, default=300.0, help="seconds per LLM request")
    p.add_argument("--task-timeout", type=float, default=600.0, help="seconds per agent task")
    p.add_argument("--context-window", type=int, default=8192)
    p.add_argument("--max-tokens", type=int, default=1024, help="reply tokens per contract call")
    p.add_argument("--agent-max-tokens", type=int, default=256, help="reply tokens per agent step")
    p.add_argument("--field-encoder", default="lexical", help="induction field encoder (lexical: no model load)")
    p.add_argument("--embed-model", default=None, help="harness encoder (default: the packaged MiniLM)")
    p.add_argument("--cache", type=Path, default=None, help="keep the contract reply cache here (default: a temp folder)")
    p.add_argument("--skip", choices=["contracts", "agent"], default=None)
    p.add_argument("--json", type=Path, default=None, help="write what was measured as JSON")
    args = p.parse_args()
    out: dict = {"api_base": args.api_base, "model": args.model}
    with tempfile.TemporaryDirectory(prefix="libra-llm-smoke-") as tmp:
        work = Path(tmp)
        if args.skip != "contracts":
            out["contracts"] = contract_path(args, work)
        if args.skip != "agent":
            out["agent"] = agent_path(args, work)
    if args.json:
        args.json.write_text(json.dumps(out, indent=1, default=str), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
