"""ToolREX build (Lu et al., 2026, as the LIBRA paper ran it: Appendix D, Figures 10-12).

Per tool: a generator LLM writes a profile (Figure 10); a judge LLM checks it once against the
tool's public document (Figure 12, one word); a profile the judge rejects, or gives no verdict on,
is replaced by the judge LLM's refinement (Figure 11 regenerates it from the document: the figure
does not pass the rejected profile). The refined profile is not judged again ("one consistency
check"). The ranking half embeds each tool's original document with its profile
(:mod:`llama_index_libra.baselines.ranking`).

A reply that does not parse, or has the wrong shape, is asked again (``max_tries`` per step, keyed by
try so the cache holds each); a reply cut at the output-token limit is not retried. A generation
that never yields a profile leaves the tool with its original text (status ``failed``); a refinement
that never does, too (``dropped``).
"""

from __future__ import annotations

import json
from typing import Any, Callable

from llama_index_libra.baselines.artifact import BaselineArtifact, clip_detail
from llama_index_libra.baselines.llm import BaselineLLM
from llama_index_libra.baselines.prompts import (
    DEFAULT_BASELINE_PROMPT_VERSION,
    api_document,
    load_baseline_prompts,
    tool_category,
    tool_docstring,
    tool_signature,
)
from llama_index_libra.baselines.replies import BaselineReplyError, parse_judgement, parse_profile, parse_refined_profile
from llama_index_libra.baselines.work import WorkItem, content_key
from llama_index_libra.catalog import ToolCatalog, ToolSpec

__all__ = ["DEFAULT_MAX_TRIES", "ask_parsed", "toolrex_items", "toolrex_worker", "toolrex_artifact"]

DEFAULT_MAX_TRIES = 2


def ask_parsed(client: BaselineLLM, item: str, render: Callable[[int], Any], parse: Callable[[str], Any],
               max_tries: int) -> tuple[Any, str]:
    """(parsed value, "") from the first usable reply, or (None, the last reason) after ``max_tries``.

    ``render(try_number)`` gives the prompt of each try; a reply cut at the output-token limit ends
    the tries (the same prompt would be cut again). LLMRequestError propagates.
    """
    reason = ""
    for attempt in range(max_tries):
        reply = client.ask(item, render(attempt))
        if reply.truncated:
            return None, "the reply was cut at the output-token limit (finish_reason=length); raise --max-tokens"
        try:
            return parse(reply.text), ""
        except BaselineReplyError as exc:
            reason = str(exc)
    return None, reason


def toolrex_items(catalog: ToolCatalog, *, model: str, judge_model: str, prompt_version: str = DEFAULT_BASELINE_PROMPT_VERSION,
                  max_tries: int = DEFAULT_MAX_TRIES) -> list[WorkItem]:
    """One item per tool, keyed by both models, the prompt version, the tries and the tool's text."""
    return [WorkItem(content_key({"method": "toolrex", "model": model, "judge": judge_model, "prompts": prompt_version,
                                  "max_tries": max_tries, "tool": spec.text()}), spec.name, spec) for spec in catalog]


def toolrex_worker(*, prompt_version: str = DEFAULT_BASELINE_PROMPT_VERSION, max_tries: int = DEFAULT_MAX_TRIES
                   ) -> Callable[[tuple[BaselineLLM, BaselineLLM], WorkItem], dict[str, Any]]:
    """The per-tool work: generate (Figure 10), judge (Figure 12), refine when not accepted (Figure 11)."""
    prompts = load_baseline_prompts(prompt_version)

    def work(clients: tuple[BaselineLLM, BaselineLLM], item: WorkItem) -> dict[str, Any]:
        generator, judge = clients
        spec: ToolSpec = item.payload
        document = api_document(spec)
        fields = {"tool_name": spec.name, "tool_signature": tool_signature(spec),
                  "tool_category": tool_category(spec) or "none", "tool_docstring": tool_docstring(spec)}
        profile, reason = ask_parsed(generator, spec.name, lambda r: prompts.render("toolrex_profile", fields, revision=r),
                                     parse_profile, max_tries)
        if profile is None:
            return {"status": "failed", "profile": None, "detail": clip_detail(f"profile: {reason}")}
        shown = json.dumps(profile, ensure_ascii=False)
        verdict, why = ask_parsed(judge, spec.name,
                                  lambda r: prompts.render("toolrex_judge", {"api_document": document, "tool_profile": shown}, revision=r),
                                  parse_judgement, max_tries)
        if verdict:
            return {"status": "accepted", "profile": profile, "judge": True}
        refined, reason = ask_parsed(judge, spec.name, lambda r: prompts.render("toolrex_refine", {"api_document": document}, revision=r),
                                     parse_refined_profile, max_tries)
        out: dict[str, Any] = {"judge": verdict}
        if verdict is None:
            out["detail"] = clip_detail(f"judgement: {why}")
        if refined is None:
            return {**out, "status": "dropped", "profile": None, "detail": clip_detail(f"refinement: {reason}")}
        return {**out, "status": "refined", "profile": refined}

    return work


def toolrex_artifact(catalog: ToolCatalog, results: dict[str, dict[str, Any]], items: list[WorkItem], *, model: str,
                     judge_model: str, prompt_version: str, settings: dict[str, Any]) -> BaselineArtifact:
    """The artifact from the per-tool results (a tool whose request failed is ``request-failed``)."""
    by_tool = {}
    for item in items:
        result = dict(results[item.key])
        if result.get("status") == "request-failed":
            result["profile"] = None
        by_tool[item.name] = result
    return BaselineArtifact.for_catalog("toolrex", catalog, model=model, judge_model=judge_model,
                                        prompt_version=prompt_version, settings=settings, items=by_tool)
