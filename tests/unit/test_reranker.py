"""The reranker hook: a LlamaIndex node postprocessor after the base ranking, before propagation."""

from __future__ import annotations

import asyncio
from typing import List, Optional

import numpy as np
import pytest
from llama_index.core.postprocessor.types import BaseNodePostprocessor
from llama_index.core.schema import NodeWithScore, QueryBundle

from llama_index_libra.adapters.rerank import NodePostprocessorReranker
from llama_index_libra.adapters.retriever import LibraRetriever
from llama_index_libra.adapters.text import tool_node_id
from llama_index_libra.retrieval.ranker import ToolRanker

QUERY = "share the slides with my team"


class ScriptedRerank(BaseNodePostprocessor):
    """Puts the tools named in ``first`` first (a cross-encoder's verdict, scripted), keeps ``top_n``."""

    first: List[str]
    top_n: Optional[int] = None
    seen: List[List[str]] = []
    queries: List[str] = []

    @classmethod
    def class_name(cls) -> str:
        return "ScriptedRerank"

    def _postprocess_nodes(self, nodes: List[NodeWithScore], query_bundle: Optional[QueryBundle] = None) -> List[NodeWithScore]:
        self.seen.append([n.node.metadata["tool_name"] for n in nodes])
        self.queries.append(query_bundle.query_str if query_bundle else "")
        rank = {name: i for i, name in enumerate(self.first)}
        ordered = sorted(nodes, key=lambda n: rank.get(n.node.metadata["tool_name"], len(rank)))
        return ordered[: self.top_n] if self.top_n else ordered


class Liar(BaseNodePostprocessor):
    @classmethod
    def class_name(cls) -> str:
        return "Liar"

    def _postprocess_nodes(self, nodes, query_bundle=None):
        from llama_index.core.schema import TextNode

        return [NodeWithScore(node=TextNode(id_="not-a-tool", text="x"), score=1.0)]


def test_the_reranker_orders_what_propagation_seeds_from(synthetic_tools, synthetic_library, hash_embed):
    plain = LibraRetriever.from_tools(synthetic_tools, embed_model=hash_embed, library=synthetic_library, top_k=6,
                                      prerequisite_rule="after-consumer", cache_dir=False)
    from llama_index_libra.retrieval.topk import rank_indices

    base_top = [plain.catalog.names[i] for i in rank_indices(plain.ranker.base_scores(QUERY), 20)]
    # a tool the base ranks below the offer that needs its app's login
    goal = next(n for n in base_top[8:] if "access_token" in plain.catalog.get(n).input_names)
    rerank = ScriptedRerank(first=[goal], seen=[], queries=[])
    retriever = LibraRetriever.from_tools(synthetic_tools, embed_model=hash_embed, library=synthetic_library, top_k=6,
                                          prerequisite_rule="after-consumer", reranker=rerank, cache_dir=False)
    hits = retriever.rank(QUERY)
    names = [h.name for h in hits]
    assert rerank.queries == [QUERY] and len(rerank.seen[0]) == 20  # the top 20 of the base ranking, as nodes
    assert rerank.seen[0] == base_top
    assert names[0] == goal  # the reranker's first is first
    login = goal.split("_", 1)[0] + "_login"
    assert login in names  # and its prerequisite was promoted from the reranked order
    assert goal not in [r.name for r in plain.rank(QUERY)]


def test_dropped_candidates_follow_in_base_order_and_scores_keep_their_slots(synthetic_tools, hash_embed):
    from llama_index_libra.catalog import ToolCatalog

    catalog = ToolCatalog.from_tools(synthetic_tools)
    plain = ToolRanker(catalog, method="hybrid", embed_model=hash_embed, cache_dir=False)
    base = plain.base_scores(QUERY)
    top = [r.name for r in plain.rank(QUERY, 20)]
    rerank = NodePostprocessorReranker(ScriptedRerank(first=[top[7], top[3]], top_n=2, seen=[], queries=[]), catalog)
    ranker = ToolRanker(catalog, method="hybrid", embed_model=hash_embed, cache_dir=False, dense=plain.dense, reranker=rerank)
    reranked = ranker.rerank_base(QUERY, base)
    order = [catalog.names[i] for i in np.argsort(-reranked, kind="stable")[:20]]
    assert order[:2] == [top[7], top[3]]
    assert order[2:] == [n for n in top if n not in (top[7], top[3])]
    np.testing.assert_allclose(np.sort(reranked)[::-1][:20], np.sort(base)[::-1][:20], rtol=1e-12)  # the slot scores
    outside = np.argsort(-base, kind="stable")[20:]
    np.testing.assert_allclose(reranked[outside], base[outside], rtol=1e-12)


def test_async_retrieval_uses_the_postprocessors_async_api(synthetic_tools, synthetic_library, hash_embed):
    rerank = ScriptedRerank(first=["calendar_login"], seen=[], queries=[])
    retriever = LibraRetriever.from_tools(synthetic_tools, embed_model=hash_embed, library=synthetic_library, top_k=4,
                                          reranker=[rerank], cache_dir=False)
    sync_names = [h.name for h in retriever.rank(QUERY)]
    async_names = [h.name for h in asyncio.run(retriever.arank(QUERY))]
    assert sync_names == async_names and len(rerank.seen) == 2


def test_bad_rerankers_are_refused(synthetic_tools, hash_embed):
    from llama_index_libra.catalog import ToolCatalog

    catalog = ToolCatalog.from_tools(synthetic_tools)
    with pytest.raises(TypeError, match="node postprocessor"):
        LibraRetriever.from_tools(synthetic_tools, embed_model=hash_embed, reranker="cross-encoder", cache_dir=False)
    with pytest.raises(TypeError, match="node postprocessors"):
        NodePostprocessorReranker([object()], catalog)
    liar = LibraRetriever.from_tools(synthetic_tools, embed_model=hash_embed, reranker=Liar(), cache_dir=False)
    with pytest.raises(ValueError, match="not one of the candidate tools"):
        liar.rank(QUERY)
    dup = ToolRanker(catalog, method="hybrid", embed_model=hash_embed, cache_dir=False, reranker=lambda q, c, s: [c[0], c[0]])
    with pytest.raises(ValueError, match="each once"):
        dup.rank(QUERY, 5)
    assert tool_node_id("x").startswith("libra-tool:")
