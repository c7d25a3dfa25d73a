"""LlamaIndex node postprocessors as LIBRA's reranker: after the base ranking, before propagation.

A reranker (a cross-encoder such as ``SentenceTransformerRerank``, an LLM reranker, or any
``BaseNodePostprocessor``) sees the top ``rerank_depth`` tools of the base ranking as nodes (the same
text and node ids the retriever returns) and reorders them; propagation then seeds from the reranked
order, so the prerequisites it promotes are those of the tools the reranker put first. Nodes a
postprocessor drops follow in base order, so no tool is lost from the catalog. Postprocessors given to
``as_object_retriever`` run later, on the final list: use that place for filters, this one for order.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

from llama_index.core.schema import NodeWithScore, QueryBundle, TextNode

from llama_index_libra.adapters.text import format_tool, tool_node_id

if TYPE_CHECKING:  # pragma: no cover
    from llama_index.core.postprocessor.types import BaseNodePostprocessor

    from llama_index_libra.catalog import ToolCatalog

__all__ = ["NodePostprocessorReranker", "as_reranker"]


class NodePostprocessorReranker:
    """The ranker's reranker hook over one or more LlamaIndex node postprocessors, applied in order."""

    def __init__(self, postprocessors: "BaseNodePostprocessor | Sequence[BaseNodePostprocessor]", catalog: "ToolCatalog") -> None:
        from llama_index.core.postprocessor.types import BaseNodePostprocessor

        items = list(postprocessors) if isinstance(postprocessors, (list, tuple)) else [postprocessors]
        bad = [type(p).__name__ for p in items if not isinstance(p, BaseNodePostprocessor)]
        if not items or bad:
            raise TypeError(f"reranker: expected LlamaIndex node postprocessors, got {', '.join(bad) or 'none'}")
        self.postprocessors = items
        self.catalog = catalog
        self._names = catalog.names
        self._by_id = {tool_node_id(name): i for i, name in enumerate(self._names)}

    def _nodes(self, candidates: Sequence[int], scores: Sequence[float]) -> list[NodeWithScore]:
        out = []
        for i, score in zip(candidates, scores):
            name = self._names[i]
            node = TextNode(id_=tool_node_id(name), text=format_tool(self.catalog.get(name)),
                            metadata={"name": name, "tool_name": name}, excluded_embed_metadata_keys=["name", "tool_name"],
                            excluded_llm_metadata_keys=["name", "tool_name"])
            out.append(NodeWithScore(node=node, score=float(score)))
        return out

    def _order(self, nodes: Sequence[NodeWithScore]) -> list[int]:
        order = []
        for n in nodes:
            index = self._by_id.get(n.node.node_id)
            if index is None:
                raise ValueError(f"reranker returned a node that is not one of the candidate tools: {n.node.node_id!r}")
            order.append(index)
        return order

    def __call__(self, query: str, candidates: Sequence[int], scores: Sequence[float]) -> list[int]:
        nodes = self._nodes(candidates, scores)
        bundle = QueryBundle(query)
        for p in self.postprocessors:
            nodes = p.postprocess_nodes(nodes, query_bundle=bundle)
        return self._order(nodes)

    async def arerank(self, query: str, candidates: Sequence[int], scores: Sequence[float]) -> list[int]:
        """Async twin of :meth:`__call__` (each postprocessor's ``apostprocess_nodes``)."""
        nodes = self._nodes(candidates, scores)
        bundle = QueryBundle(query)
        for p in self.postprocessors:
            nodes = await p.apostprocess_nodes(nodes, query_bundle=bundle)
        return self._order(nodes)


def as_reranker(reranker: Any, catalog: "ToolCatalog") -> Any:
    """A ranker's reranker from node postprocessor(s), or a plain reranker callable passed through (None: none)."""
    if reranker is None:
        return None
    from llama_index.core.postprocessor.types import BaseNodePostprocessor

    if isinstance(reranker, BaseNodePostprocessor) or isinstance(reranker, (list, tuple)):
        return NodePostprocessorReranker(reranker, catalog)
    if callable(reranker):
        return reranker
    raise TypeError(f"reranker must be a LlamaIndex node postprocessor (or a list of them), got {type(reranker).__name__}")
