"""Run one ToolReAGt agent end to end against a running ``vllm serve`` endpoint.

The agent is LlamaIndex's ``ReActAgent`` with the paper's Figure 15 prompt and one tool,
``tool_retriever``, backed by a retrieval method (bm25, qts, schema-only or libra). It searches the
benchmark's tool catalog for one task; the script prints every step, every retriever call and the
candidate list's Recall/NDCG after each call (the paper's iterations).

    vllm serve Qwen/Qwen3.5-9B --max-model-len 32768 --enable-prefix-caching
    python examples/vllm_agent.py --api-base http://localhost:8000/v1 --model Qwen/Qwen3.5-9B \\
        --method libra --task-index 0

Chat settings (sampling, thinking off, stop sequence) come from the preset whose hub id equals
``--model`` (``python -m agent_eval presets``), or ``--preset NAME``; another model gets neutral
settings with ``enable_thinking=false`` and the ``Observation:`` stop sequence.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
from typing import Sequence

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")

from agent_eval.agent import CallRecord, call_lists, run_agent_task  # noqa: E402
from agent_eval.config import LLMPreset, RunSettings, load_presets  # noqa: E402
from agent_eval.llms import build_llm  # noqa: E402
from agent_eval.runner import candidates_by_budget, make_retriever_factory  # noqa: E402
from llama_index_libra.benchmarks import load_benchmark  # noqa: E402
from llama_index_libra.evaluation.metrics import ndcg_at_k, recall_at_k  # noqa: E402


def pick_preset(model: str, name: str | None, presets_file: str | None) -> LLMPreset:
    """The preset named ``name``, else the one serving ``model``, else neutral settings for ``model``."""
    presets = load_presets(presets_file)
    if name is not None:
        if name not in presets:
            raise SystemExit(f"unknown preset {name!r}; presets: {', '.join(presets)}")
        return presets[name]
    for preset in presets.values():
        if preset.model == model:
            return preset
    return LLMPreset(name="custom", model=model, label=model, chat_template_kwargs={"enable_thinking": False})


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--api-base", required=True, help="the vllm serve URL, e.g. http://localhost:8000/v1")
    parser.add_argument("--model", required=True, help="the served model name (the hub id unless --served-model-name was used)")
    parser.add_argument("--method", default="libra", choices=("bm25", "qts", "schema-only", "libra"))
    parser.add_argument("--task-index", type=int, default=0, help="which task of the benchmark (0-based)")
    parser.add_argument("--benchmark", default="bfcl")
    parser.add_argument("--preset", default=None, help="a preset name for the chat settings")
    parser.add_argument("--presets", default=None, help="a presets TOML file")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--budget", type=int, default=10, help="retrieval calls (default 10)")
    parser.add_argument("--top-k", type=int, default=20, help="tools per call (default 20)")
    parser.add_argument("--embed-model", default=None, help="minilm (offline default) or qwen3 (the paper's)")
    parser.add_argument("--library", default=None, help="a tool library JSON (default: the benchmark's cached one)")
    args = parser.parse_args(argv)

    bench = load_benchmark(args.benchmark)
    if not 0 <= args.task_index < len(bench.tasks):
        raise SystemExit(f"--task-index must be in 0..{len(bench.tasks) - 1}")
    task = bench.tasks[args.task_index]
    preset = pick_preset(args.model, args.preset, args.presets)
    llm = build_llm(preset, backend="server", seed=args.seed, api_base=args.api_base, served_model_name=args.model)
    libraries = {bench.name: args.library} if args.library else None
    retriever = make_retriever_factory(embed_model=args.embed_model, libraries=libraries, top_k=args.top_k)(bench, args.method)
    settings = RunSettings(budget=args.budget, top_k=args.top_k, concurrency=1)

    print(f"task {task.id} ({bench.name}), method {args.method}, model {args.model}, seed {args.seed}")
    print(f"query: {task.query}\n")

    def show_call(call: CallRecord) -> None:
        head = ", ".join(call.names[:5]) + (" ..." if len(call.names) > 5 else "")
        status = call.error or f"{len(call.names)} tools: {head}"
        print(f"  tool_retriever call {call.call}: {call.query!r} -> {status}")

    outcome = asyncio.run(run_agent_task(task, llm=llm, retriever=retriever, method=args.method, settings=settings, on_call=show_call))
    print("\nagent steps:")
    for step in outcome.steps:
        if step["type"] == "llm":
            print(f"  [{step['kind']}] " + step["text"].replace("\n", "\n    "))
        else:
            print(f"  [observation{' error' if step['is_error'] else ''}] {step['observation'][:120]}")
    print(f"\nstatus: {outcome.status}" + (f" ({outcome.error})" if outcome.error else ""))
    print(f"LLM calls: {outcome.llm.calls}, {outcome.llm.seconds:.1f} s; total {outcome.seconds:.1f} s")

    k = bench.k
    print(f"\ncandidates after i calls (gold: {', '.join(task.gold)})")
    print(f"{'i':>3} {'Recall@' + str(k):>10} {'NDCG@' + str(k):>8}")
    for i, ranked in enumerate(candidates_by_budget(call_lists(outcome.calls), args.budget, k), 1):
        print(f"{i:>3} {100 * recall_at_k(ranked, task.gold, k):>10.1f} {100 * ndcg_at_k(ranked, task.gold, k):>8.1f}")
    return 0 if outcome.status in ("answered", "max_iterations") else 1


if __name__ == "__main__":
    sys.exit(main())
