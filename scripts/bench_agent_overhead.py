"""Harness overhead of agent_eval per task, LLM time excluded, over the 200 BFCL tasks.

A scripted LLM with no model behind it (a few microseconds per reply) makes ``--calls`` tool_retriever
calls per task, with queries taken from the task's own sentences, then answers. Everything else is
the real harness: LlamaIndex's ReActAgent loop and parser, the tool over the real retriever, the
JSONL call and task logs, resume bookkeeping. Per task:

    overhead  = wall seconds of the task - seconds inside the LLM (LlamaIndex's LLM chat events)
    harness   = overhead - seconds inside the retriever (the method's own ranking cost)

The table gives medians (and p90) over tasks, total wall clock and throughput per method and
concurrency, plus the mean prompt size per LLM step (characters; ~4 characters per token), which
is what a real run's prefill cost grows with.

    python scripts/bench_agent_overhead.py                     # bm25, concurrency 1 and 16
    python scripts/bench_agent_overhead.py --methods bm25,qts,libra --concurrency 1,32
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, Sequence

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")

from llama_index.core.base.llms.types import (  # noqa: E402
    ChatMessage,
    ChatResponse,
    ChatResponseGen,
    CompletionResponse,
    CompletionResponseGen,
    LLMMetadata,
    MessageRole,
)
from llama_index.core.llms import CustomLLM  # noqa: E402
from llama_index.core.llms.callbacks import llm_chat_callback, llm_completion_callback  # noqa: E402
from pydantic import Field  # noqa: E402

from agent_eval.config import RunSettings  # noqa: E402
from agent_eval.runner import load_cell_records, make_retriever_factory, run_grid  # noqa: E402
from llama_index_libra.benchmarks import load_benchmark  # noqa: E402

_TASK = re.compile(r'Given the following complex task: "(.*)" and the list of tools in the context', re.DOTALL)
_SENTENCE = re.compile(r"(?<=[.!?])\s+|\n+")


class ZeroTimeReActLLM(CustomLLM):
    """Stateless scripted ReAct LLM: call k (k = observations so far) searches sentence k of the task."""

    calls: int = Field(default=10, description="tool_retriever calls before the answer")
    prompt_chars: list = Field(default_factory=list, description="characters of each prompt received")

    @property
    def metadata(self) -> LLMMetadata:
        return LLMMetadata(is_chat_model=True, model_name="zero-time-react")

    def _reply(self, messages: Sequence[ChatMessage]) -> str:
        self.prompt_chars.append(sum(len(m.content or "") for m in messages))
        task = next(_TASK.search(m.content or "") for m in messages if _TASK.search(m.content or ""))
        sentences = [s.strip() for s in _SENTENCE.split(task.group(1)) if s.strip()] or [task.group(1)]
        step = sum(1 for m in messages if (m.content or "").startswith("Observation:"))
        if step >= self.calls:
            return "Thought: I can answer without using any more tools. I'll use the user's language to answer\nAnswer: done."
        query = sentences[step % len(sentences)][:200]
        return (
            "Thought: The current language of the user is: English. I need to use a tool to help me answer the question.\n"
            f"Action: tool_retriever\nAction Input: {json.dumps({'input': query})}"
        )

    @llm_chat_callback()
    async def achat(self, messages: Sequence[ChatMessage], **kwargs: Any) -> ChatResponse:
        return ChatResponse(message=ChatMessage(role=MessageRole.ASSISTANT, content=self._reply(messages)))

    @llm_chat_callback()
    def chat(self, messages: Sequence[ChatMessage], **kwargs: Any) -> ChatResponse:
        return ChatResponse(message=ChatMessage(role=MessageRole.ASSISTANT, content=self._reply(messages)))

    @llm_chat_callback()
    def stream_chat(self, messages: Sequence[ChatMessage], **kwargs: Any) -> ChatResponseGen:
        raise NotImplementedError("agents run with streaming=False")

    @llm_completion_callback()
    def complete(self, prompt: str, formatted: bool = False, **kwargs: Any) -> CompletionResponse:
        raise NotImplementedError("the ReAct agent only chats")

    @llm_completion_callback()
    def stream_complete(self, prompt: str, formatted: bool = False, **kwargs: Any) -> CompletionResponseGen:
        raise NotImplementedError("the ReAct agent only chats")


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="agent_eval harness overhead per task (LLM time excluded)")
    parser.add_argument("--methods", default="bm25", help="comma-separated (bm25 loads no model; qts/libra load the MiniLM encoder)")
    parser.add_argument("--concurrency", default="1,16", help="comma-separated concurrency levels")
    parser.add_argument("--calls", type=int, default=10, help="tool_retriever calls per task (default 10)")
    parser.add_argument("--limit", type=int, default=None, help="first N tasks (default all 200)")
    parser.add_argument("--run-dir", default=None, help="where the runs go (default a temporary folder)")
    args = parser.parse_args(argv)

    bench = load_benchmark("bfcl")
    if args.limit:
        bench.tasks = bench.tasks[: args.limit]
    methods = [m.strip() for m in args.methods.split(",") if m.strip()]
    levels = [int(c) for c in args.concurrency.split(",") if c.strip()]
    factory = make_retriever_factory(top_k=20)
    retrievers = {m: factory(bench, m) for m in methods}  # model loading is not part of the per-task numbers
    for m, r in retrievers.items():
        r.rank("warm up the encoder and caches")

    root = Path(args.run_dir) if args.run_dir else Path(tempfile.mkdtemp(prefix="agent-overhead-"))
    print(f"BFCL: {len(bench.tasks)} tasks, {args.calls} tool_retriever calls each (+1 answer step); runs under {root}")
    header = (
        f"{'method':<8}{'conc':>5}{'tasks':>6}{'wall s':>8}{'tasks/s':>9}"
        f"{'overhead ms/task':>18}{'p90':>7}{'harness ms/task':>17}{'retrieval ms':>14}{'LLM steps':>10}{'prompt chars/step':>19}"
    )
    print(header)
    print("-" * len(header))
    for method in methods:
        for level in levels:
            llm = ZeroTimeReActLLM(calls=args.calls)
            run_dir = root / f"{method}-c{level}"
            start = time.perf_counter()
            summary = asyncio.run(
                run_grid(
                    run_dir,
                    benchmarks={"bfcl": bench},
                    methods=[method],
                    llms=["zero"],
                    seeds=[0],
                    llm_factory=lambda name, seed: llm,
                    retriever_factory=lambda b, m: retrievers[m],
                    settings=RunSettings(concurrency=level),
                )
            )
            wall = time.perf_counter() - start
            records = list(load_cell_records(run_dir / "bfcl" / method / "zero" / "seed-0").values())
            assert summary.ran == len(records) == len(bench.tasks), summary.describe()
            overhead = [1000 * (r["seconds"] - r["llm_seconds"]) for r in records]
            harness = [1000 * (r["seconds"] - r["llm_seconds"] - r["retrieval_seconds"]) for r in records]
            retrieval = [1000 * r["retrieval_seconds"] for r in records]
            steps = statistics.mean(r["llm_calls"] for r in records)
            chars = statistics.mean(llm.prompt_chars)
            print(
                f"{method:<8}{level:>5}{len(records):>6}{wall:>8.2f}{len(records) / wall:>9.1f}"
                f"{statistics.median(overhead):>18.1f}{_pct(overhead, 0.9):>7.1f}{statistics.median(harness):>17.1f}"
                f"{statistics.median(retrieval):>14.1f}{steps:>10.1f}{chars:>19,.0f}"
            )
    print(
        "\noverhead = task wall - LLM time (median over tasks); harness = overhead - retrieval time.\n"
        "At concurrency > 1 a task's wall clock includes time other tasks held the event loop, so use the\n"
        "concurrency-1 rows for per-task overhead and the others for throughput."
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
