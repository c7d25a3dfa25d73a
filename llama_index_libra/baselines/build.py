"""``build_baseline(method, catalog, llm)``: the offline half of ToolREX, TGR-Adapt and Ego-Trip.

One entry for the three methods: it makes the method's work items, runs them through the package's
LLM client (reply cache, retries, timeouts, truncation checks; resumable through an item log; one
thread per worker) and returns the artifact plus a build report of run figures.
"""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import Any

from llama_index_libra.baselines.artifact import BASELINE_METHODS, BaselineArtifact
from llama_index_libra.baselines.egotrip import egotrip_artifact, egotrip_items, egotrip_worker
from llama_index_libra.baselines.llm import BaselineLLM, merge_stats
from llama_index_libra.baselines.prompts import DEFAULT_BASELINE_PROMPT_VERSION, load_baseline_prompts
from llama_index_libra.baselines.tgr import tgr_artifact, tgr_items, tgr_worker
from llama_index_libra.baselines.toolrex import DEFAULT_MAX_TRIES, toolrex_artifact, toolrex_items, toolrex_worker
from llama_index_libra.baselines.work import REQUEST_FAILED, run_items
from llama_index_libra.catalog import ToolCatalog

__all__ = ["build_baseline", "check_baseline_method"]


def check_baseline_method(method: str) -> str:
    if method not in BASELINE_METHODS:
        raise ValueError(f"unknown baseline method {method!r}; choose from {', '.join(BASELINE_METHODS)}")
    return method


def _client(llm: Any, cache_dir: str | Path | None, options: dict[str, Any]) -> BaselineLLM:
    return llm if isinstance(llm, BaselineLLM) else BaselineLLM(llm, cache_dir=cache_dir, **options)


def build_baseline(
    method: str,
    catalog: ToolCatalog,
    llm: Any,
    *,
    judge_llm: Any = None,
    cache_dir: str | Path | None = None,
    log_path: str | Path | None = None,
    workers: int = 1,
    max_tries: int = DEFAULT_MAX_TRIES,
    prompt_version: str = DEFAULT_BASELINE_PROMPT_VERSION,
    max_consecutive_failures: int | None = 5,
    show_progress: bool = True,
    client_options: dict[str, Any] | None = None,
) -> tuple[BaselineArtifact, dict[str, Any]]:
    """Build one baseline's artifact over ``catalog``; returns (artifact, build report).

    ``llm`` (and ``judge_llm``, ToolREX's consistency judge and refiner; default: ``llm``) is a
    LlamaIndex ``LLM`` or a :class:`BaselineLLM`. ``cache_dir`` keeps every reply; ``log_path`` keeps
    every finished item, so a rerun resumes. ``workers`` > 1 sends that many requests at once (for a
    server; keep 1 for an in-process engine). ``client_options`` go to :class:`BaselineLLM`
    (``max_attempts``, ``backoff_s``, ``context_window``, ...). Raises LLMUnavailableError when the
    server cannot be reached or ``max_consecutive_failures`` items in a row failed; finished items
    stay in the log.
    """
    check_baseline_method(method)
    if isinstance(max_tries, bool) or not isinstance(max_tries, int) or max_tries < 1:
        raise ValueError(f"max_tries must be a positive integer, got {max_tries!r}")
    options = dict(client_options or {})
    generator = _client(llm, cache_dir, options)
    judge = _client(judge_llm, cache_dir, options) if judge_llm is not None else generator
    version = load_baseline_prompts(prompt_version).version
    model = generator.model_id
    settings: dict[str, Any] = {"max_tries": max_tries}
    lock = threading.Lock()
    sets: list[tuple[BaselineLLM, ...]] = []

    def make_clients() -> Any:  # the first worker uses the given clients, later ones forks of them
        with lock:
            if not sets:
                pair = (generator, judge)
            else:
                g = generator.fork()
                pair = (g, g if judge is generator else judge.fork())
            sets.append(pair)
        return pair if method == "toolrex" else pair[0]

    if method == "toolrex":
        items = toolrex_items(catalog, model=model, judge_model=judge.model_id, prompt_version=version, max_tries=max_tries)
        work: Any = toolrex_worker(prompt_version=prompt_version, max_tries=max_tries)
    elif method == "tgr":
        settings["tool_a"] = "earlier in catalog order"
        items = tgr_items(catalog, model=model, prompt_version=version, max_tries=max_tries)
        work = tgr_worker(prompt_version=prompt_version, max_tries=max_tries)
    else:
        items = egotrip_items(catalog, model=model, prompt_version=version, max_tries=max_tries)
        work = egotrip_worker(prompt_version=prompt_version, max_tries=max_tries)
    start = time.perf_counter()
    results, counts = run_items(items, work, make_clients, log_path=log_path, workers=workers, show_progress=show_progress,
                                desc=f"{method} ({model})", max_consecutive_failures=max_consecutive_failures)
    if method == "toolrex":
        artifact = toolrex_artifact(catalog, results, items, model=model, judge_model=judge.model_id, prompt_version=version,
                                    settings=settings)
    elif method == "tgr":
        artifact = tgr_artifact(catalog, results, items, model=model, prompt_version=version, settings=settings)
    else:
        artifact = egotrip_artifact(catalog, results, items, model=model, prompt_version=version, settings=settings)
    clients = {id(c): c for pair in [(generator, judge), *sets] for c in pair}
    report = {
        "method": method,
        "catalog": catalog.name,
        "model": model,
        "judge_model": judge.model_id if method == "toolrex" else None,
        "items": counts,
        "summary": artifact.summary(),
        "complete": counts[REQUEST_FAILED] == 0,
        "llm": merge_stats([c.stats() for c in clients.values()]),
        "seconds": round(time.perf_counter() - start, 3),
        "workers": workers,
    }
    return artifact, report
