"""Ego-Trip build (Bansal et al., 2025, as the LIBRA paper ran it: Appendix D, Figure 14).

Per tool, an LLM extracts head-relation-tail triples from its public metadata with the Figure 14
prompt (the paper adapts the prompt's fields to each catalog and does not print the adaptation; this
package fills them from the public metadata alone: title = the qualified tool name, line of business
= the published ``category`` or else the namespace, function = the short name and signature,
description, and the input parameter names). The part of the graph that needs no LLM (each tool's
parameters and category) is added at ranking time from the catalog
(:func:`~llama_index_libra.baselines.toolfields.structural_entities`), so an artifact holds only what the LLM wrote.
"""

from __future__ import annotations

from typing import Any, Callable

from llama_index_libra.baselines.artifact import BaselineArtifact, clip_detail
from llama_index_libra.baselines.llm import BaselineLLM
from llama_index_libra.baselines.prompts import DEFAULT_BASELINE_PROMPT_VERSION, load_baseline_prompts
from llama_index_libra.baselines.replies import parse_triples
from llama_index_libra.baselines.toolfields import tool_category, tool_signature
from llama_index_libra.baselines.toolrex import DEFAULT_MAX_TRIES, ask_parsed
from llama_index_libra.baselines.work import WorkItem, content_key
from llama_index_libra.catalog import ToolCatalog, ToolSpec

__all__ = ["egotrip_items", "egotrip_worker", "egotrip_artifact", "egotrip_fields"]


def egotrip_fields(spec: ToolSpec) -> dict[str, str]:
    """The Figure 14 fields of one tool, from its public metadata."""
    return {
        "tool_name": spec.name,
        "category": tool_category(spec) or "none",
        "function": spec.short_name + tool_signature(spec),
        "description": " ".join(spec.description.split()),
        "parameter_names": ", ".join(spec.input_names) or "none",
    }


def egotrip_items(catalog: ToolCatalog, *, model: str, prompt_version: str = DEFAULT_BASELINE_PROMPT_VERSION,
                  max_tries: int = DEFAULT_MAX_TRIES) -> list[WorkItem]:
    """One item per tool, keyed by model, prompt version, tries and the tool's text."""
    return [WorkItem(content_key({"method": "ego-trip", "model": model, "prompts": prompt_version, "max_tries": max_tries,
                                  "tool": spec.text()}), spec.name, spec) for spec in catalog]


def egotrip_worker(*, prompt_version: str = DEFAULT_BASELINE_PROMPT_VERSION, max_tries: int = DEFAULT_MAX_TRIES
                   ) -> Callable[[BaselineLLM, WorkItem], dict[str, Any]]:
    """The per-tool work: one Figure 14 prompt (asked again for an unusable reply)."""
    prompts = load_baseline_prompts(prompt_version)

    def work(client: BaselineLLM, item: WorkItem) -> dict[str, Any]:
        spec: ToolSpec = item.payload
        fields = egotrip_fields(spec)
        parsed, reason = ask_parsed(client, spec.name, lambda r: prompts.render("egotrip_triples", fields, revision=r),
                                    parse_triples, max_tries)
        if parsed is None:
            return {"status": "failed", "triples": [], "detail": clip_detail(reason)}
        triples, dropped = parsed
        out: dict[str, Any] = {"status": "ok", "triples": [list(t) for t in triples]}
        if dropped:
            out["dropped"] = dropped
        return out

    return work


def egotrip_artifact(catalog: ToolCatalog, results: dict[str, dict[str, Any]], items: list[WorkItem], *, model: str,
                     prompt_version: str, settings: dict[str, Any]) -> BaselineArtifact:
    """The artifact from the per-tool results (a tool whose request failed has no triples)."""
    by_tool = {}
    for item in items:
        result = dict(results[item.key])
        result.setdefault("triples", [])
        by_tool[item.name] = result
    return BaselineArtifact.for_catalog("ego-trip", catalog, model=model, prompt_version=prompt_version, settings=settings,
                                        items=by_tool)
