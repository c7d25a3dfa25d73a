"""agent_eval: the ToolReAGt harness end to end with scripted LLMs at the LlamaIndex LLM boundary.

The scripted LLMs write realistic ReAct text (Thought / Action / Action Input, a final Answer) and the
malformed steps real models produce (no Action Input, broken JSON, an unknown tool name), plus LLM
errors and a hung call. Everything else is the real thing: LlamaIndex's ReActAgent loop and output
parser, the package's tool_retriever over BFCL, the runner's files, the report and the plots. The
server path runs against a local fake OpenAI-compatible endpoint, the local-engine path against a
fake ``vllm`` module.
"""

from __future__ import annotations

import asyncio
import importlib.machinery
import importlib.util
import json
import math
import re
import sys
import threading
import time
import types
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, ClassVar, Iterator, Sequence

import pytest
from llama_index.core.base.llms.types import ChatMessage, ChatResponse, MessageRole
from llama_index.core.llms.callbacks import llm_chat_callback
from pydantic import Field, PrivateAttr

from agent_eval.agent import BudgetedRetrieverTool, budget_error, call_lists, make_retriever_tool, run_agent_task
from agent_eval.config import ConfigError, LLMPreset, RunSettings, load_presets
from agent_eval.llms import LLMBackendError, build_llm, clean_reply, prepare_messages
from agent_eval.prompts import (
    react_header,
    render_user_message,
    retriever_description,
    system_prompt_template,
    user_prompt_template,
)
from agent_eval.report import build_report, load_run, method_gains, summarize
from agent_eval.runner import (
    CALLS_FILE,
    CELL_FILE,
    TASKS_FILE,
    Cell,
    candidates_by_budget,
    interleave,
    iteration_scores,
    load_cell_records,
    make_retriever_factory,
    run_grid_sync,
)
from llama_index_libra.adapters.retriever import LibraRetriever
from llama_index_libra.adapters.tool import EMPTY_QUERY_ERROR
from llama_index_libra.benchmarks import load_benchmark
from llama_index_libra.evaluation.metrics import recall_at_k
from tests.support.llms import ScriptedChatLLM
from tests.support.paths import REPO, SHARED

SHARED_PROMPTS = SHARED / "paper" / "prompts"  # ../shared beside the checkout
PACKAGE_PROMPTS = REPO / "agent_eval" / "prompts"
DESCRIPTIONS_FOLDER = REPO / "llama_index_libra" / "prompts"

TASK_RE = re.compile(r'Given the following complex task: "(.*)" and the list of tools in the context', re.DOTALL)
THOUGHT = "Thought: The current language of the user is: English. I need to use a tool to help me answer the question."
ANSWER = "Thought: I can answer without using any more tools. I'll use the user's language to answer\nAnswer: The tools above cover the task."
MISSING_INPUT = "Thought: I need to search for a tool.\nAction: tool_retriever"
BAD_JSON = 'Thought: I need to search for a tool.\nAction: tool_retriever\nAction Input: {"input": "grep a file}'
UNKNOWN_TOOL = 'Thought: I need to search for a tool.\nAction: search_tools\nAction Input: {"input": "grep"}'
RAISE, SLEEP = "<raise>", "<sleep>"
TOOL_ARGS = (
    '{"properties": {"input": {"description": "A focused natural-language description of the tool you need.", '
    '"title": "Input", "type": "string"}}, "required": ["input"], "type": "object"}'
)


def action(query: str) -> str:
    return f"{THOUGHT}\nAction: tool_retriever\nAction Input: {json.dumps({'input': query})}"


def task_of(messages: Sequence[ChatMessage]) -> str:
    for m in messages:
        found = TASK_RE.search(m.content or "")
        if found:
            return found.group(1)
    raise AssertionError("no task in the conversation")


class ScriptedReActLLM(ScriptedChatLLM):
    """Replies from a per-task script, one reply per LLM call; ``ledger`` is shared across instances.

    One instance serves every method of a seed (as a real client would), so the script position is
    kept per (task, system prompt): the system prompt carries the method's tool description.
    """

    model_name: str = "scripted-react"
    chat_only: ClassVar[bool] = True  # the harness runs agents with streaming=False and never completes
    scripts: dict[str, list[str]] = Field(default_factory=dict)
    default: list[str] = Field(default_factory=lambda: [action("list the files"), ANSWER])
    seed: int = 0
    ledger: Any = Field(default_factory=list)  # Any: pydantic keeps the shared list itself
    seen: list = Field(default_factory=list)
    _counts: dict = PrivateAttr(default_factory=dict)

    def _reply(self, messages: Sequence[ChatMessage]) -> str:
        task = task_of(messages)
        key = (task, messages[0].content)
        n = self._counts.get(key, 0)
        self._counts[key] = n + 1
        self.ledger.append((self.seed, task[:30]))
        self.seen.append([(m.role.value, m.content) for m in messages])
        script = self.scripts.get(task, self.default)
        return script[min(n, len(script) - 1)]

    @llm_chat_callback()
    async def achat(self, messages: Sequence[ChatMessage], **kwargs: Any) -> ChatResponse:
        text = self._reply(messages)
        if text == RAISE:
            raise ConnectionError("503 Service Unavailable from the LLM server")
        if text == SLEEP:
            await asyncio.Event().wait()  # hangs until the harness's task timeout cancels it
        return ChatResponse(message=ChatMessage(role=MessageRole.ASSISTANT, content=text))


@pytest.fixture(scope="module")
def bfcl():
    return load_benchmark("bfcl")


def seed_query(task, j: int, seed: int) -> str:
    short = task.gold[j % len(task.gold)].split(".", 1)[1].replace("_", " ")
    return f"{short} tool" if seed == 0 else f"how do I {short}"


def grid_scripts(tasks, seed: int) -> dict[str, list[str]]:
    """Task 0: malformed steps; 1: eleven calls (budget 10); 2: no call; 3: server error; 4: hangs."""
    t0, t1, t2, t3, t4 = tasks
    return {
        t0.query: [action(seed_query(t0, 0, seed)), MISSING_INPUT, BAD_JSON, UNKNOWN_TOOL, action(seed_query(t0, 1, seed)), ANSWER],
        t1.query: [action(seed_query(t1, j, seed)) for j in range(11)] + [ANSWER],
        t2.query: [ANSWER],
        t3.query: [action(seed_query(t3, 0, seed)), RAISE],
        t4.query: [action(seed_query(t4, 0, seed)), SLEEP],
    }


# --------------------------------------------------------------------------- prompts


def test_packaged_prompts_are_the_canonical_transcriptions() -> None:
    for name in ("toolreagt_system.txt", "toolreagt_user.txt", "retriever_descriptions.json"):
        folder = PACKAGE_PROMPTS if name.startswith("toolreagt") else DESCRIPTIONS_FOLDER  # Figure 16: the package's one copy
        packaged = (folder / name).read_bytes()
        if SHARED_PROMPTS.exists():
            assert packaged == (SHARED_PROMPTS / name).read_bytes(), name
    assert "{tool_desc}" in system_prompt_template() and "{tool_names}" in system_prompt_template()
    assert user_prompt_template().count("{task}") == 1
    assert retriever_description("libra").startswith("Search an execution-validated dependency library")
    assert retriever_description("bm25") == retriever_description("qts") == retriever_description("schema-only")
    # The escaped header keeps only the two placeholders as format fields.
    assert react_header().format(tool_desc="D", tool_names="N") == system_prompt_template().replace("{tool_desc}", "D").replace(
        "{tool_names}", "N"
    )


@pytest.mark.parametrize("method", ["qts", "libra"])
def test_rendered_prompt_equals_the_transcription(bfcl, hash_embed, method: str) -> None:
    """The LLM receives Figure 15 verbatim, placeholders filled with the Figure 16 tool description."""
    transcription_dir = SHARED_PROMPTS if SHARED_PROMPTS.exists() else PACKAGE_PROMPTS
    system_text = (transcription_dir / "toolreagt_system.txt").read_text(encoding="utf-8").removesuffix("\n")
    user_text = (transcription_dir / "toolreagt_user.txt").read_text(encoding="utf-8").removesuffix("\n")
    descriptions_dir = SHARED_PROMPTS if SHARED_PROMPTS.exists() else DESCRIPTIONS_FOLDER
    description = json.loads((descriptions_dir / "retriever_descriptions.json").read_text(encoding="utf-8"))[method]
    task = bfcl.tasks[5]
    llm = ScriptedReActLLM(scripts={task.query: [action("post a tweet"), ANSWER]})
    retriever = LibraRetriever.from_catalog(bfcl.catalog, embed_model=hash_embed, method=method, top_k=20)
    outcome = asyncio.run(run_agent_task(task, llm=llm, retriever=retriever, method=method, settings=RunSettings()))
    assert outcome.status == "answered"

    tool_desc = f"> Tool Name: tool_retriever\nTool Description: {description}\nTool Args: {TOOL_ARGS}\n"
    expected_system = system_text.replace("{tool_desc}", tool_desc).replace("{tool_names}", "tool_retriever")
    expected_user = user_text.replace("{task}", task.query)
    first = llm.seen[0]
    assert first == [("system", expected_system), ("user", expected_user)]
    assert "{{" not in first[0][1] and '(e.g. {"input": "hello world", "num_beams": 5})' in first[0][1]
    assert "Do NOT do this {'input': 'hello world', 'num_beams': 5}." in first[0][1]
    # Later turns append the step and its observation to the same conversation.
    second = llm.seen[1]
    assert second[:2] == first
    # past steps are JSON, not LlamaIndex's Python repr (which the model would copy)
    assert second[2] == ("assistant", f'{THOUGHT}\nAction: tool_retriever\nAction Input: {{"input": "post a tweet"}}')
    assert second[3][0] == "user" and second[3][1].startswith("Observation: 1. ")
    assert render_user_message("a {brace} task") == user_text.replace("{task}", "a {brace} task")


# --------------------------------------------------------------------------- scoring


def test_interleave_dedup_cut() -> None:
    lists = [["a", "b", "c"], ["d", "a", "e"], ["f"]]
    assert interleave(lists, 10) == ["a", "d", "f", "b", "c", "e"]
    assert interleave(lists, 4) == ["a", "d", "f", "b"]
    assert interleave([], 5) == [] and interleave([[], []], 5) == []
    assert candidates_by_budget([["a", "b"], ["c"]], 4, 3) == [["a", "b"], ["a", "c", "b"], ["a", "c", "b"], ["a", "c", "b"]]
    assert candidates_by_budget([], 2, 3) == [[], []]


def _write_cell(run_dir: Path, cell: Cell, k: int, budget: int, records: list[dict], label: str = "Scripted") -> None:
    d = cell.path(run_dir)
    d.mkdir(parents=True)
    header = {
        "benchmark": cell.benchmark,
        "method": cell.method,
        "llm": cell.llm,
        "seed": cell.seed,
        "k": k,
        "settings": {"budget": budget, "top_k": 20, "max_iterations": budget + 2},
        "llm_info": {"label": label},
    }
    (d / CELL_FILE).write_text(json.dumps(header))
    with (d / TASKS_FILE).open("w") as fh:
        for r in records:
            fh.write(json.dumps(r) + "\n")


def _call(i: int, names: list[str], error: str | None = None, over: bool = False) -> dict:
    return {"call": i, "query": f"q{i}", "names": names, "scores": [], "error": error, "over_budget": over}


LOG2_3 = math.log2(3)


def test_per_iteration_metrics_from_a_constructed_log(tmp_path: Path) -> None:
    """Interleaving, de-duplication, cut at K, carry-forward, errors and over-budget calls, by hand."""
    gold = ["A", "B", "C", "D"]
    idcg3 = 1 + 1 / LOG2_3 + 0.5
    # seed 0, task t1: call 1 [A X B]; call 2 [Y A C]; call 3 errored; call 4 past the budget (ignored).
    t1 = {"task_id": "t1", "status": "answered", "gold": gold, "calls": [
        _call(1, ["A", "X", "B"]), _call(2, ["Y", "A", "C"]), _call(3, [], EMPTY_QUERY_ERROR), _call(4, ["B", "C", "D"], "budget", True)]}
    # seed 0, task t2: one call [D C Z], then the agent answered.
    t2 = {"task_id": "t2", "status": "answered", "gold": ["C", "D"], "calls": [_call(1, ["D", "C", "Z"])]}
    # seed 1, task t1: call 1 [B C D]; task t2: no call at all (error status: scored with what it made).
    t1b = {"task_id": "t1", "status": "answered", "gold": gold, "calls": [_call(1, ["B", "C", "D"])]}
    t2b = {"task_id": "t2", "status": "error", "gold": ["C", "D"], "calls": []}
    budget, k = 4, 3
    run = tmp_path / "run"
    _write_cell(run, Cell("bfcl", "libra", "m", 0), k, budget, [t1, t2])
    _write_cell(run, Cell("bfcl", "libra", "m", 1), k, budget, [t1b, t2b])
    _write_cell(run, Cell("bfcl", "qts", "m", 0), k, budget, [t1b, t2b])

    # Task-level values, by hand (K = 3).
    it = iteration_scores(t1, k, budget)
    assert it[0]["recall"] == pytest.approx(2 / 4)  # [A X B]
    assert it[0]["ndcg"] == pytest.approx((1 + 0.5) / idcg3)
    assert it[1]["recall"] == pytest.approx(1 / 4)  # [A Y X] from A Y | X (A) | B C
    assert it[1]["ndcg"] == pytest.approx(1 / idcg3)
    assert it[2] == it[1] and it[3] == it[1]  # the errored call adds nothing; the agent then stopped
    assert iteration_scores(t2, k, budget)[3]["ndcg"] == pytest.approx(1.0)  # [D C Z] vs {C, D}
    assert iteration_scores(t1b, k, budget)[0]["recall"] == pytest.approx(3 / 4)
    assert iteration_scores(t1b, k, budget)[0]["ndcg"] == pytest.approx((1 + 1 / LOG2_3 + 0.5) / idcg3)
    assert iteration_scores(t2b, k, budget)[0] == {"precision": 0.0, "recall": 0.0, "ndcg": 0.0}
    # K = 5 after two calls: [A Y X B C]: hits at 1, 4, 5; IDCG over min(5, 4) = 4 positions.
    it5 = iteration_scores(t1, 5, budget)[1]
    assert it5["recall"] == pytest.approx(3 / 4)
    assert it5["ndcg"] == pytest.approx((1 + 1 / math.log2(5) + 1 / math.log2(6)) / (1 + 1 / LOG2_3 + 0.5 + 1 / math.log2(5)))

    # Cell means over tasks, then mean and standard error over the two seeds.
    rows = {(r.method, r.iteration): r for r in summarize(load_run(run), [1, 2, 4])}
    libra1, libra2 = rows[("libra", 1)], rows[("libra", 2)]
    s0_r1, s1_r1 = (2 / 4 + 2 / 2) / 2, (3 / 4 + 0) / 2
    assert libra1.recall == pytest.approx((s0_r1 + s1_r1) / 2)
    assert libra1.recall_se == pytest.approx(abs(s0_r1 - s1_r1) / 2)  # two seeds: s.e. = |a - b| / 2
    s0_n2, s1_n2 = (1 / idcg3 + 1.0) / 2, ((1 + 1 / LOG2_3 + 0.5) / idcg3 + 0) / 2
    assert libra2.ndcg == pytest.approx((s0_n2 + s1_n2) / 2)
    assert libra2.ndcg_se == pytest.approx(abs(s0_n2 - s1_n2) / 2)
    assert rows[("libra", 4)].recall == libra2.recall  # carried forward
    assert rows[("qts", 1)].recall_se == 0.0 and rows[("qts", 1)].seeds == [0]
    assert libra1.statuses == {"answered": 3, "error": 1} and libra1.tasks == [2, 2]

    gains = {g.iteration: g for g in method_gains(list(rows.values()))}
    assert gains[1].recall == pytest.approx(libra1.recall - rows[("qts", 1)].recall)
    assert gains[2].ndcg == pytest.approx(libra2.ndcg - rows[("qts", 2)].ndcg)
    assert gains[1].settings == 1 and set(gains[1].per_benchmark) == {"bfcl"}

    text, written = build_report(run, iterations="all", plot=tmp_path / "fig.png", json_path=tmp_path / "r.json")
    assert f"{100 * libra1.recall:5.1f} ± {100 * libra1.recall_se:.1f}" in text
    assert "LIBRA - QTS after 1 iteration: Recall " in text
    assert [p.name for p in written] == [f"fig-iter{i}.png" for i in range(1, 5)] + ["r.json"]
    assert all(p.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" for p in written[:4])
    with pytest.raises(ValueError, match="outside"):
        build_report(run, iterations=[5])


# --------------------------------------------------------------------------- the tool


def test_budget_is_enforced_inside_the_tool(bfcl) -> None:
    retriever = LibraRetriever.from_catalog(bfcl.catalog, method="bm25", top_k=20)
    seen = []
    tool = make_retriever_tool(retriever, "bm25", RunSettings(budget=2), on_call=seen.append)
    assert isinstance(tool, BudgetedRetrieverTool) and tool.metadata.name == "tool_retriever"
    assert not tool.call(input="list files").is_error
    empty = asyncio.run(tool.acall(input=""))  # malformed: a correction, no search, not budgeted
    assert empty.is_error and "No search was run" in empty.content and '{"input": "' in empty.content
    assert not tool.call(input="post a tweet").is_error
    third = tool.call(input="post a tweet")
    assert third.is_error and third.content == budget_error(2)
    assert [(c.call, c.over_budget, c.malformed) for c in seen] == [(1, False, False), (2, False, True), (3, False, False), (4, True, False)]
    assert len(seen[0].names) == 20 and seen[0].names[0].startswith("GorillaFileSystem.")
    assert seen[1].names == () and seen[1].error == "the input holds no text"
    assert seen[3].names == () and seen[3].query == "post a tweet" and tool.used == 2
    assert call_lists(seen) == [list(seen[0].names), list(seen[2].names)]


@pytest.mark.parametrize("kwargs, query, reason", [
    ({"input": {"description": "get the weather for a city"}}, "get the weather for a city", None),
    ({"query": "send a message"}, "send a message", None),  # a renamed argument
    ({"input": ["list files", "in a folder"]}, "list files in a folder", None),
    ({}, None, "the Action Input is empty or is not valid JSON"),
    ({"type": "object"}, None, "the input repeats the argument's JSON schema instead of describing a tool"),
    ({"input": {"type": "string", "description": "A focused natural-language description of the tool you need."}}, None,
     "the input repeats the argument's JSON schema instead of describing a tool"),
    ({"input": "A focused natural-language description of the tool you need."}, None,
     "the input repeats the argument's placeholder or description instead of describing a tool"),
    ({"input": "object"}, None, "the input repeats the argument's placeholder or description instead of describing a tool"),
    ({"input": 5}, None, "the input is a JSON int, not text"),
    ({"input": {"a": {"b": 1}}}, None, "the input holds no text"),
])
def test_retriever_inputs_are_normalised_or_rejected(bfcl, kwargs, query, reason) -> None:
    retriever = LibraRetriever.from_catalog(bfcl.catalog, method="bm25", top_k=5)
    seen = []
    tool = make_retriever_tool(retriever, "bm25", RunSettings(budget=3), on_call=seen.append)
    output = tool.call(**kwargs)
    assert seen[0].malformed is (query is None) and seen[0].error == (reason if query is None else None)
    if query is None:
        assert output.is_error and reason in output.content and tool.used == 0 and tool.inner.history == []
    else:
        assert not output.is_error and seen[0].query == query and tool.used == 1 and tool.inner.history[0].query == query


# --------------------------------------------------------------------------- the whole harness


def _tiny_library(bfcl):
    from llama_index_libra.library import Relation, ToolLibrary

    relations = [
        Relation("TwitterAPI.authenticate_twitter", "TwitterAPI.post_tweet", "state"),
        Relation("TwitterAPI.authenticate_twitter", "TwitterAPI.comment", "state"),
        Relation("GorillaFileSystem.cd", "GorillaFileSystem.mv", "state"),
    ]
    return ToolLibrary(catalog=bfcl.catalog, relations=relations)


def test_run_resume_report_plot(bfcl, hash_embed, tmp_path: Path) -> None:
    tasks = bfcl.tasks[:5]
    ledger: list = []
    made: dict[tuple[str, int], ScriptedReActLLM] = {}

    def llm_factory(name: str, seed: int) -> ScriptedReActLLM:
        made[(name, seed)] = ScriptedReActLLM(scripts=grid_scripts(tasks, seed), seed=seed, ledger=ledger)
        return made[(name, seed)]

    factory = make_retriever_factory(embed_model=hash_embed, libraries={"bfcl": _tiny_library(bfcl)}, top_k=20, cache_dir=False)
    # task 4 hangs until the task timeout; the others must finish well inside it on a loaded machine
    settings = RunSettings(task_timeout=20.0, concurrency=8)
    kwargs = dict(
        benchmarks={"bfcl": bfcl},
        methods=["bm25", "libra"],
        llms=["scripted"],
        seeds=[0, 1],
        llm_factory=llm_factory,
        retriever_factory=factory,
        settings=settings,
        llm_info={"scripted": {"label": "Scripted-LLM", "model": "scripted"}},
        limit=5,
    )
    run = tmp_path / "run"
    summary = run_grid_sync(run, **kwargs)
    assert summary.statuses.get("timeout") == 4, (
        f"time limit: tasks that should finish were cut by the {settings.task_timeout:g} s task_timeout "
        f"(statuses {summary.statuses}); the machine is too loaded for this test")
    # per cell: 6 + 12 + 1 + 2 + 2 LLM calls; 4 cells
    assert len(ledger) == 4 * 23
    assert summary.ran == 20 and summary.skipped == 0 and summary.aborted is None
    assert summary.statuses == {"answered": 8, "max_iterations": 4, "error": 4, "timeout": 4}

    cell = Cell("bfcl", "libra", "scripted", 1)
    records = load_cell_records(cell.path(run))
    r0, r1, r2, r3, r4 = (records[t.id] for t in tasks)
    # malformed steps: a retry, an empty-input call (a correction, no search, not budgeted), an unknown tool
    assert r0["status"] == "answered" and r0["answer"] == "The tools above cover the task."
    assert [c["query"] for c in r0["calls"]] == [seed_query(tasks[0], 0, 1), "", seed_query(tasks[0], 1, 1)]
    assert r0["calls"][1]["error"] == "the Action Input is empty or is not valid JSON" and r0["calls"][1]["arguments"] == {}
    assert r0["calls"][1]["malformed"] and r0["calls"][1]["names"] == [] and r0["n_calls"] == 2
    assert [s.get("kind") for s in r0["steps"] if s["type"] == "llm"] == ["action", "malformed", "action", "action", "action", "answer"]
    assert any(s["type"] == "tool" and s["tool"] == "search_tools" and s["is_error"] for s in r0["steps"])
    assert r0["n_malformed"] == 2 and r0["n_malformed_inputs"] == 1 and r0["llm_calls"] == 6
    corrective = next(s for s in r0["steps"] if s["type"] == "tool" and s["arguments"] == {})
    assert corrective["is_error"] and corrective["observation"].startswith("Error: that Action Input is not a tool_retriever query")
    # the budget: ten counted calls, the eleventh gets the error text; the step limit ends the task
    assert r1["status"] == "max_iterations" and r1["n_calls"] == 10 and len(r1["calls"]) == 11
    assert r1["calls"][-1]["over_budget"] and r1["calls"][-1]["error"] == budget_error(10)
    assert len(r1["calls"][0]["names"]) == 20 and r1["llm_calls"] == 12
    assert r2["status"] == "answered" and r2["calls"] == []
    assert r3["status"] == "error" and "503 Service Unavailable" in r3["error"] and r3["n_calls"] == 1
    assert r4["status"] == "timeout" and r4["n_calls"] == 1
    assert all(r["gold"] == list(t.gold) for r, t in zip((r0, r1, r2, r3, r4), tasks))
    # every retriever call is in the JSONL call log with its ranking
    logged = [json.loads(line) for line in (cell.path(run) / CALLS_FILE).read_text().splitlines()]
    assert len(logged) == sum(len(r["calls"]) for r in records.values())
    first = next(c for c in logged if c["task_id"] == tasks[1].id and c["call"] == 1)
    assert first["names"] == r1["calls"][0]["names"] and len(first["scores"]) == 20 and first["attempt"] == r1["attempt"]
    header = json.loads((cell.path(run) / CELL_FILE).read_text())
    assert header["settings"] == {"budget": 10, "top_k": 20, "max_iterations": 12} and header["llm_info"]["label"] == "Scripted-LLM"

    # resume without retrying failures: nothing runs
    ledger.clear()
    again = run_grid_sync(run, retry_failed=False, **kwargs)
    assert ledger == [] and again.ran == 0 and again.skipped == 20
    # resume with retries: only the error and timeout tasks run again (2 LLM calls each)
    again = run_grid_sync(run, **kwargs)
    assert len(ledger) == 4 * (2 + 2) and again.ran == 8 and again.skipped == 12
    assert {t for _, t in ledger} == {tasks[3].query[:30], tasks[4].query[:30]}
    # a longer run picks up where the short one stopped; a changed setting is refused
    ledger.clear()
    longer = run_grid_sync(run, retry_failed=False, **{**kwargs, "limit": None, "benchmarks": {"bfcl": _first(bfcl, 6)}})
    assert longer.ran == 4 and longer.skipped == 20
    with pytest.raises(ConfigError, match="budget"):
        run_grid_sync(run, **{**kwargs, "settings": RunSettings(budget=5)})

    # report: the numbers are the per-task scores of the recorded calls, averaged as documented
    rows = summarize(load_run(run), [1, 10])
    libra10 = next(r for r in rows if r.method == "libra" and r.iteration == 10)
    per_seed = []
    for seed in (0, 1):
        recs = load_cell_records(Cell("bfcl", "libra", "scripted", seed).path(run))
        values = []
        for rec in recs.values():
            lists = [c["names"] for c in rec["calls"] if not c["over_budget"] and not c.get("malformed")]
            ranked = interleave(lists, 15)
            values.append(recall_at_k(ranked, rec["gold"], 15))
        per_seed.append(sum(values) / len(values))
    assert libra10.recall == pytest.approx(sum(per_seed) / 2)
    assert libra10.recall_se == pytest.approx(abs(per_seed[0] - per_seed[1]) / 2)
    assert libra10.k == 15 and libra10.tasks == [6, 6] and libra10.llm_label == "Scripted-LLM"
    text, written = build_report(run, iterations=[1, 10], plot=tmp_path / "agentic.png")
    assert "BFCL@15 after 10 iterations" in text and "LIBRA" in text and "BM25" in text
    assert "Scripted-LLM" in text and "malformed" in text
    assert [p.name for p in written] == ["agentic-iter1.png", "agentic-iter10.png"]
    assert all(p.stat().st_size > 5000 for p in written)


def _first(bench, n: int):
    from llama_index_libra.benchmarks.base import Benchmark

    return Benchmark(name=bench.name, catalog=bench.catalog, tasks=bench.tasks[:n], k=bench.k)


def test_consecutive_errors_stop_the_run(bfcl, tmp_path: Path) -> None:
    tasks = bfcl.tasks[:6]

    def llm_factory(name: str, seed: int) -> ScriptedReActLLM:
        return ScriptedReActLLM(scripts={t.query: [RAISE] for t in tasks}, seed=seed)

    summary = run_grid_sync(
        tmp_path / "run",
        benchmarks={"bfcl": bfcl},
        methods=["bm25"],
        llms=["down"],
        seeds=[0],
        llm_factory=llm_factory,
        retriever_factory=make_retriever_factory(top_k=20),
        settings=RunSettings(concurrency=1),
        limit=6,
        max_consecutive_errors=3,
    )
    assert summary.ran == 3 and summary.aborted and "3 tasks in a row failed" in summary.aborted


# --------------------------------------------------------------------------- vllm serve (fake endpoint)


class _FakeOpenAIHandler(BaseHTTPRequestHandler):
    """/v1/chat/completions with scripted ReAct replies; every request body is kept."""

    def log_message(self, *args: Any) -> None:  # quiet
        pass

    def do_POST(self) -> None:  # noqa: N802 - http.server API
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        self.server.requests.append(body)  # type: ignore[attr-defined]
        messages = body["messages"]
        observations = sum(1 for m in messages if str(m.get("content", "")).startswith("Observation:"))
        task = TASK_RE.search(next(m["content"] for m in messages if m["role"] == "user")).group(1)
        if observations == 0:
            text = action(task.split("\n")[0][:80])
        elif observations == 1:  # thinking leftovers and an invented observation, as a server ignoring `stop` would send
            text = "<think>\n\n</think>\n\n" + action("authenticate twitter account") + "\nObservation: I made this up"
        else:
            text = ANSWER
        reply = {
            "id": "chatcmpl-1",
            "object": "chat.completion",
            "created": 0,
            "model": body["model"],
            "choices": [{"index": 0, "message": {"role": "assistant", "content": text}, "finish_reason": "stop"}],
            "usage": {"prompt_tokens": 100 + observations, "completion_tokens": 20, "total_tokens": 120 + observations},
        }
        data = json.dumps(reply).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)


@pytest.fixture()
def fake_server() -> Iterator[tuple[str, list]]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), _FakeOpenAIHandler)
    server.requests = []  # type: ignore[attr-defined]
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/v1", server.requests  # type: ignore[attr-defined]
    finally:
        server.shutdown()
        server.server_close()


PRESETS_TOML = """
[tiny]
label = "Tiny-LM"
model = "org/tiny-chat"
context_window = 8192
max_tokens = 256
temperature = 0.6
top_p = 0.9
top_k = 40
chat_template_kwargs = { enable_thinking = false }
system_suffix = "/no_think"
merge_consecutive_roles = true
"""


def test_cli_run_and_report_against_a_vllm_serve_endpoint(fake_server, tmp_path: Path, capsys) -> None:
    from agent_eval.__main__ import main

    url, requests = fake_server
    presets = tmp_path / "presets.toml"
    presets.write_text(PRESETS_TOML)
    run = tmp_path / "run"
    argv = ["run", "--run-dir", str(run), "--benchmarks", "bfcl", "--methods", "bm25", "--llms", "tiny", "--presets", str(presets),
            "--api-base", url, "--seeds", "7", "--limit", "2", "--quiet"]
    assert main(argv) == 0
    assert len(requests) == 2 * 3
    body = requests[0]
    # the per-run seed, the stop sequence, sampling and thinking-off settings reach the server
    assert body["seed"] == 7 and body["stop"] == ["Observation:"] and body["model"] == "org/tiny-chat"
    assert body["temperature"] == 0.6 and body["top_p"] == 0.9 and body["max_tokens"] == 256
    assert body["top_k"] == 40 and body["chat_template_kwargs"] == {"enable_thinking": False}
    assert body.get("stream") in (None, False)
    system, user = body["messages"][0], body["messages"][1]
    assert system["role"] == "system" and system["content"].endswith("\n\n## Current Conversation\n\nBelow is the current "
                                                                       "conversation consisting of interleaving human and assistant messages.\n/no_think")
    assert user["role"] == "user" and user["content"] in {render_user_message(t.query) for t in load_benchmark("bfcl").tasks[:2]}
    records = load_cell_records(Cell("bfcl", "bm25", "tiny", 7).path(run))
    rec = next(iter(records.values()))
    assert rec["status"] == "answered" and rec["n_calls"] == 2
    assert rec["calls"][1]["query"] == "authenticate twitter account"
    # the invented observation and the think block were cut from the reply the agent parsed
    step2 = [s for s in rec["steps"] if s["type"] == "llm"][1]
    assert step2["text"] == action("authenticate twitter account")
    assert rec["llm_calls"] == 3 and rec["prompt_tokens"] == 100 + 101 + 102 and rec["completion_tokens"] == 60
    # resume: nothing left to do, no request sent
    assert main(argv) == 0 and len(requests) == 6
    assert "skipped 2 finished" in capsys.readouterr().out
    png = tmp_path / "fig.png"
    assert main(["report", str(run), "--iterations", "1,2", "--plot", str(png), "--json", str(tmp_path / "r.json")]) == 0
    out = capsys.readouterr().out
    assert "BFCL@15 after 2 iterations" in out and "Tiny-LM" in out
    assert (tmp_path / "fig-iter1.png").exists() and (tmp_path / "fig-iter2.png").exists()
    assert json.loads((tmp_path / "r.json").read_text())["rows"][0]["method"] == "bm25"
    assert main(["run", "--run-dir", str(run), "--llms", "nope", "--presets", str(presets)]) == 2
    assert "unknown LLM preset nope" in capsys.readouterr().err
    assert main(["presets", "--presets", str(presets), "--serve", "tiny"]) == 0
    assert capsys.readouterr().out == "vllm serve org/tiny-chat\n"


def test_example_runs_one_agent_against_the_endpoint(fake_server, capsys) -> None:
    url, requests = fake_server
    spec = importlib.util.spec_from_file_location("vllm_agent_example", REPO / "examples" / "vllm_agent.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)  # type: ignore[union-attr]
    assert module.main(["--api-base", url, "--model", "org/other-model", "--method", "bm25", "--task-index", "5", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "tool_retriever call 2: 'authenticate twitter account' -> 20 tools: TwitterAPI.authenticate_twitter" in out
    assert "status: answered" in out and out.count("\n 10 ") == 1
    assert requests[0]["seed"] == 3 and requests[0]["model"] == "org/other-model"
    assert requests[0]["chat_template_kwargs"] == {"enable_thinking": False} and requests[0]["stop"] == ["Observation:"]


# --------------------------------------------------------------------------- local engine (fake vllm)


class _FakeTokenizer:
    def __init__(self) -> None:
        self.kwargs: list[dict] = []

    def apply_chat_template(self, messages: list[dict], tokenize: bool, add_generation_prompt: bool, **kwargs: Any) -> str:
        assert tokenize is False and add_generation_prompt is True
        self.kwargs.append(kwargs)
        return "".join(f"<|{m['role']}|>{m['content']}<|end|>" for m in messages) + "<|assistant|>"


class _FakeEngine:
    instances: list["_FakeEngine"] = []

    def __init__(self, model: str, **kwargs: Any) -> None:
        self.model, self.kwargs = model, kwargs
        self.tokenizer = _FakeTokenizer()
        self.generated: list[tuple[list[str], list[Any]]] = []
        _FakeEngine.instances.append(self)

    def get_tokenizer(self) -> _FakeTokenizer:
        return self.tokenizer

    def generate(self, prompts: list[str], params: list[Any], use_tqdm: bool = True) -> list[Any]:
        time.sleep(0.05)  # a GPU step: requests arriving meanwhile form the next batch
        self.generated.append((prompts, params))
        out = []
        for prompt in prompts:
            task = TASK_RE.search(prompt).group(1)
            text = ANSWER if "<|user|>Observation:" in prompt else "<think>\n</think>\n" + action(task.split("\n")[0][:60]) + "\nObservation: invented"
            completion = types.SimpleNamespace(text=text, token_ids=[1] * 7)
            out.append(types.SimpleNamespace(outputs=[completion], prompt_token_ids=[0] * len(prompt.split())))
        return out


class _FakeSamplingParams:
    def __init__(self, **kwargs: Any) -> None:
        self.kwargs = kwargs


@pytest.fixture()
def fake_vllm(monkeypatch) -> types.ModuleType:
    module = types.ModuleType("vllm")
    module.__spec__ = importlib.machinery.ModuleSpec("vllm", None)
    module.LLM = _FakeEngine
    module.SamplingParams = _FakeSamplingParams
    monkeypatch.setitem(sys.modules, "vllm", module)
    _FakeEngine.instances.clear()
    return module


def test_local_engine_seed_template_batching(fake_vllm, bfcl) -> None:
    preset = LLMPreset.from_mapping("tiny", {**_toml_table(PRESETS_TOML), "vllm_kwargs": {"max_model_len": 8192, "trust_remote_code": True}})
    engines: dict = {}
    llms = [build_llm(preset, backend="local", seed=s, engines=engines) for s in (0, 1)]
    assert len(_FakeEngine.instances) == 1  # one engine shared by the seeds
    engine = _FakeEngine.instances[0]
    assert engine.model == "org/tiny-chat" and engine.kwargs["max_model_len"] == 8192 and engine.kwargs["trust_remote_code"] is True
    retriever = LibraRetriever.from_catalog(bfcl.catalog, method="bm25", top_k=20)
    settings = RunSettings()

    async def both() -> list:
        jobs = [run_agent_task(t, llm=llms[i % 2], retriever=retriever, method="bm25", settings=settings) for i, t in enumerate(bfcl.tasks[:4])]
        return await asyncio.gather(*jobs)

    outcomes = asyncio.run(both())
    assert [o.status for o in outcomes] == ["answered"] * 4 and all(o.llm.calls == 2 for o in outcomes)
    assert outcomes[0].llm.completion_tokens == 14 and outcomes[0].llm.prompt_tokens > 0
    assert outcomes[0].steps[0]["text"] == action(bfcl.tasks[0].query.split("\n")[0][:60])
    params = [p.kwargs for _, batch in engine.generated for p in batch]
    assert sorted({p["seed"] for p in params}) == [0, 1]
    assert all(p["stop"] == ["Observation:"] and p["top_k"] == 40 and p["max_tokens"] == 256 for p in params)
    assert all(None not in p.values() for p in params)
    assert engine.tokenizer.kwargs[0] == {"enable_thinking": False}
    prompt = engine.generated[0][0][0]
    assert prompt.startswith("<|system|>You are designed to help") and "messages.\n/no_think<|end|><|user|>Given the following" in prompt
    assert max(len(prompts) for prompts, _ in engine.generated) > 1  # concurrent agents were batched


def _toml_table(text: str) -> dict:
    import tomllib

    return tomllib.loads(text)["tiny"]


def test_local_backend_without_vllm_is_a_clear_error(monkeypatch) -> None:
    monkeypatch.setitem(sys.modules, "vllm", None)  # as if vLLM were not installed
    preset = load_presets()["qwen3.5-9b"]
    with pytest.raises(LLMBackendError, match="pip install vllm"):
        build_llm(preset, backend="local", seed=0)


# --------------------------------------------------------------------------- presets and message handling


def test_presets_file() -> None:
    presets = load_presets()
    assert set(presets) == {"gemma-4-12b", "nemotron-9b", "qwen3.5-9b"}
    for p in presets.values():
        assert p.stop == ("Observation:",) and p.chat_template_kwargs.get("enable_thinking") is False
        assert p.context_window >= 16384 and p.serve_command().startswith(f"vllm serve {p.model}")
    assert presets["nemotron-9b"].system_suffix == "/no_think"
    assert [presets[n].display for n in ("gemma-4-12b", "nemotron-9b", "qwen3.5-9b")] == ["Gemma-4-12B", "Nemotron-9B", "Qwen3.5-9B"]
    with pytest.raises(ConfigError, match="unknown keys"):
        LLMPreset.from_mapping("x", {"model": "m", "temprature": 0.1})
    with pytest.raises(ConfigError, match="model"):
        LLMPreset.from_mapping("x", {"label": "no model"})


def test_message_preparation_and_reply_cleaning() -> None:
    msgs = [
        ChatMessage(role="system", content="S"),
        ChatMessage(role="user", content="task"),
        ChatMessage(role="user", content="task again"),
        ChatMessage(role="assistant", content="bad"),
        ChatMessage(role="user", content="fix it"),
    ]
    merged = prepare_messages(msgs, system_suffix="/no_think", merge_consecutive_roles=True)
    assert [(m.role.value, m.content) for m in merged] == [
        ("system", "S\n/no_think"), ("user", "task\n\ntask again"), ("assistant", "bad"), ("user", "fix it")]
    assert len(prepare_messages(msgs)) == 5 and prepare_messages(msgs)[0].content == "S"
    assert clean_reply("<think>plan</think>\nThought: a\nAction: b", stop=["Observation:"]) == "Thought: a\nAction: b"
    assert clean_reply("Thought: a\nAction Input: {}\nObservation: fake\nThought: more", stop=["Observation:"]) == "Thought: a\nAction Input: {}"
    assert clean_reply("reasoning...</think>Answer: x") == "Answer: x" and clean_reply(None) == ""


def test_settings_validation() -> None:
    assert RunSettings().steps_limit == 12 and RunSettings(budget=3).steps_limit == 5
    assert RunSettings(max_iterations=30).steps_limit == 30
    for bad in ({"budget": 0}, {"top_k": -1}, {"concurrency": 0}, {"max_iterations": 1}, {"task_timeout": 0}):
        with pytest.raises(ConfigError):
            RunSettings(**bad)


def test_report_llm_column_fits_long_labels() -> None:
    from agent_eval.report import ReportRow, format_report

    rows = [ReportRow("bfcl", m, llm, label, 15, 1, 0.5, 0.01, 0.4, 0.01, 0.1, [0], [5])
            for m, llm, label in [("qts", "a", "Qwen3-8B"), ("libra", "b", "Qwen2.5-0.5B-Instruct (llama.cpp, Q4_K_M, 2 CPU cores)")]]
    lines = format_report(rows, []).splitlines()
    header = next(line for line in lines if line.startswith("Method"))
    table = [line for line in lines if line.startswith(("QTS", "LIBRA"))]
    recall_end = header.index("Recall@15") + len("Recall@15")
    assert len(table) == 2 and all(len(line) == len(header) for line in table)
    assert all(line[:recall_end].endswith("50.0 ± 1.0") for line in table)  # columns stay aligned


def test_cell_json_of_a_bm25_cell_records_no_encoder(bfcl, hash_embed, tmp_path: Path) -> None:
    def llm_factory(name: str, seed: int) -> ScriptedReActLLM:
        return ScriptedReActLLM(scripts={t.query: [ANSWER] for t in bfcl.tasks[:1]}, seed=seed)

    factory = make_retriever_factory(embed_model=hash_embed, libraries={"bfcl": _tiny_library(bfcl)}, top_k=20, cache_dir=False)
    run_grid_sync(tmp_path, benchmarks={"bfcl": _first(bfcl, 1)}, methods=["bm25", "qts", "libra"], llms=["s"], seeds=[0],
                  llm_factory=llm_factory, retriever_factory=factory, cell_extra={"encoder": "hash", "libraries": {"bfcl": "x"}})
    headers = {m: json.loads((Cell("bfcl", m, "s", 0).path(tmp_path) / CELL_FILE).read_text()) for m in ("bm25", "qts", "libra")}
    assert "encoder" not in headers["bm25"] and "libraries" not in headers["bm25"]
    assert headers["qts"]["encoder"] == "hash" and "libraries" not in headers["qts"]
    assert headers["libra"]["encoder"] == "hash" and headers["libra"]["libraries"] == {"bfcl": "x"}
