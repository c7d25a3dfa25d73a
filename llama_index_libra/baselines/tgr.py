"""TGR-Adapt build (Gao et al., 2025, as the LIBRA paper ran it: Appendix D, Figure 13).

TGR's trained dependency discriminator is not public; the paper has an LLM label every unordered
tool pair instead: ``a_depends_on_b``, ``b_depends_on_a`` or ``no_dependency`` (n(n-1)/2 prompts:
8,128 for BFCL's 128 tools, 117,370 for SciToolEval's 485). Figure 13 classifies one pair per prompt
and asks for exactly one JSON object, so pairs are not batched into one prompt (that would change the
prompt the paper ran); throughput comes from concurrent requests instead (``workers``; a vLLM server
batches them, and its prefix cache reuses the shared system message and worked example).

Tool A is the pair's earlier tool in catalog order. Every label is logged as it arrives (resumable,
keyed by the model, the prompt version and both tools' texts); a pair with no usable label counts as
no dependency and is listed in the artifact. The ranking half is TGR's parameter-free graph
convolution over the frozen tool embeddings (:func:`~llama_index_libra.baselines.ranking.tgr_propagate`).
"""

from __future__ import annotations

from typing import Any, Callable

from llama_index_libra.baselines.artifact import BaselineArtifact, clip_detail
from llama_index_libra.baselines.llm import BaselineLLM
from llama_index_libra.baselines.prompts import DEFAULT_BASELINE_PROMPT_VERSION, load_baseline_prompts, tool_docstring, tool_signature
from llama_index_libra.baselines.replies import parse_pair_label
from llama_index_libra.baselines.toolrex import DEFAULT_MAX_TRIES, ask_parsed
from llama_index_libra.baselines.work import WorkItem, content_key
from llama_index_libra.catalog import ToolCatalog

__all__ = ["tgr_items", "tgr_worker", "tgr_artifact", "pair_count"]


def pair_count(n_tools: int) -> int:
    """Unordered pairs of ``n_tools`` tools: the number of TGR prompts."""
    return n_tools * (n_tools - 1) // 2


def tgr_items(catalog: ToolCatalog, *, model: str, prompt_version: str = DEFAULT_BASELINE_PROMPT_VERSION,
              max_tries: int = DEFAULT_MAX_TRIES) -> list[WorkItem]:
    """One item per unordered pair (a before b in catalog order), keyed by model, prompts and both texts."""
    specs = list(catalog)
    texts = [s.text() for s in specs]
    items = []
    for i in range(len(specs)):
        for j in range(i + 1, len(specs)):
            key = content_key({"method": "tgr", "model": model, "prompts": prompt_version, "max_tries": max_tries,
                               "a": texts[i], "b": texts[j]})
            items.append(WorkItem(key, f"{specs[i].name} | {specs[j].name}", (specs[i], specs[j])))
    return items


def tgr_worker(*, prompt_version: str = DEFAULT_BASELINE_PROMPT_VERSION, max_tries: int = DEFAULT_MAX_TRIES
               ) -> Callable[[BaselineLLM, WorkItem], dict[str, Any]]:
    """The per-pair work: one Figure 13 prompt (asked again for an unusable reply)."""
    prompts = load_baseline_prompts(prompt_version)

    def work(client: BaselineLLM, item: WorkItem) -> dict[str, Any]:
        a, b = item.payload
        fields = {"tool_a_id": a.name, "tool_a_signature": tool_signature(a), "tool_a_docstring": tool_docstring(a),
                  "tool_b_id": b.name, "tool_b_signature": tool_signature(b), "tool_b_docstring": tool_docstring(b)}
        label, reason = ask_parsed(client, a.name, lambda r: prompts.render("tgr_pair", fields, revision=r), parse_pair_label, max_tries)
        return {"label": label} if label is not None else {"label": None, "detail": clip_detail(reason)}

    return work


def tgr_artifact(catalog: ToolCatalog, results: dict[str, dict[str, Any]], items: list[WorkItem], *, model: str,
                 prompt_version: str, settings: dict[str, Any]) -> BaselineArtifact:
    """The artifact: dependent pairs as (consumer, provider) edges, pairs without a label listed."""
    edges: list[tuple[str, str]] = []
    failed: list[tuple[str, str, str]] = []
    for item in items:
        a, b = (spec.name for spec in item.payload)
        result = results[item.key]
        label = result.get("label")
        if label == "a_depends_on_b":
            edges.append((a, b))
        elif label == "b_depends_on_a":
            edges.append((b, a))
        elif label != "no_dependency":
            failed.append((a, b, str(result.get("detail") or result.get("status") or "no label")))
    return BaselineArtifact.for_catalog("tgr", catalog, model=model, prompt_version=prompt_version, settings=settings,
                                        edges=tuple(sorted(edges)), pairs_total=len(items), failed_pairs=tuple(sorted(failed)))
