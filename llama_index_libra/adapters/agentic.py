"""Agentic tool retrieval: the agent searches with ``tool_retriever`` and can then call what it found.

:class:`AgenticToolRetriever` is an ``ObjectRetriever[BaseTool]`` for ``FunctionAgent`` /
``ReActAgent(tool_retriever=...)``. Instead of ranking the catalog with the user message, it offers
the agent the ``tool_retriever`` tool (a :class:`LibraToolRetrieverTool`) plus every tool that the
agent's own ``tool_retriever`` calls have returned so far, in the order they were found (the
behaviour of langgraph-bigtool). So the agent searches, sees ``login`` in the result, and can call
``login`` on its next step; the library's promotions decide which prerequisites a search shows.

``AgenticToolRetriever(retriever)`` is the entry; ``retriever.as_agentic_retriever(...)`` is its
alias, defined here (this module extends :class:`LibraRetriever`; the retriever never imports it).

The found set is the retriever tool's :attr:`~LibraToolRetrieverTool.history`: it lasts until
:meth:`AgenticToolRetriever.reset`. Use one instance per concurrent run (:meth:`session` makes a
fresh one over the same retriever, sharing the loaded encoder and library).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

from llama_index.core.objects import ObjectRetriever, SimpleToolNodeMapping
from llama_index.core.schema import QueryType

from llama_index_libra.adapters.retriever import LibraRetriever
from llama_index_libra.adapters.tool import TOOL_NAME, LibraToolRetrieverTool

if TYPE_CHECKING:  # pragma: no cover
    from llama_index.core.tools import BaseTool

__all__ = ["AgenticToolRetriever", "FOUND_TOOLS_NOTE", "as_agentic_retriever"]

FOUND_TOOLS_NOTE = "You can now call any of these tools directly by its name."
DEFAULT_AGENTIC_TOP_K = 5  # tools per search: each search adds at most this many callable tools


class AgenticToolRetriever(ObjectRetriever):
    """Offers ``tool_retriever`` plus the tools its calls found so far (see the module docstring).

    Args:
        retriever: a :class:`LibraRetriever` built with tool objects (``from_tools``).
        top_k: tools returned per ``tool_retriever`` call.
        always_include: tool names callable from the first step on (e.g. ``help``).
        max_found: keep at most this many found tools, the most recently found (None: all).
        retriever_tool: an existing :class:`LibraToolRetrieverTool` to use (its history is the
            found set), e.g. one wrapped by an evaluation harness.
    """

    def __init__(
        self,
        retriever: LibraRetriever,
        *,
        top_k: int = DEFAULT_AGENTIC_TOP_K,
        always_include: Sequence[str] = (),
        max_found: int | None = None,
        retriever_tool: LibraToolRetrieverTool | None = None,
    ) -> None:
        tools = retriever.tools
        if tools is None:
            raise ValueError(
                "agentic mode needs the tool objects: build the retriever with LibraRetriever.from_tools(tools, ...)"
            )
        if max_found is not None and (isinstance(max_found, bool) or not isinstance(max_found, int) or max_found <= 0):
            raise ValueError(f"max_found must be a positive integer or None, got {max_found!r}")
        unknown = [n for n in always_include if n not in retriever.catalog]
        if unknown:
            raise ValueError(f"always_include names tools missing from the catalog: {', '.join(unknown)}")
        if TOOL_NAME in retriever.catalog:
            raise ValueError(f"the catalog already has a tool named {TOOL_NAME!r}; agentic mode needs that name")
        super().__init__(retriever=retriever, object_node_mapping=SimpleToolNodeMapping(list(tools)))
        self._libra = retriever
        self.retriever_tool = retriever_tool or LibraToolRetrieverTool(retriever, top_k=top_k)
        self.retriever_tool.result_note = FOUND_TOOLS_NOTE
        self.always_include = tuple(dict.fromkeys(always_include))
        self.max_found = max_found
        self._top_k = top_k

    @property
    def found(self) -> list[str]:
        """Names of the tools the ``tool_retriever`` calls returned so far, in the order first found."""
        seen: dict[str, None] = {}
        for call in self.retriever_tool.history:
            for name in call.names:
                seen.setdefault(name, None)
        names = [n for n in seen if n not in self.always_include]
        if self.max_found is not None:
            names = names[-self.max_found:]
        return names

    def available_tools(self) -> list["BaseTool"]:
        """What the agent may call now: ``tool_retriever``, the always-included tools, the found ones."""
        names = [*self.always_include, *self.found]
        by_name = {t.metadata.name: t for t in self._libra.tools or []}  # read now: tools inserted later count
        return [self.retriever_tool, *(by_name[n] for n in names)]

    def reset(self) -> None:
        """Forget the found tools (start of a new run)."""
        self.retriever_tool.reset_history()

    def session(self) -> "AgenticToolRetriever":
        """A fresh agentic retriever over the same :class:`LibraRetriever` (for another concurrent run)."""
        return AgenticToolRetriever(self._libra, top_k=self._top_k, always_include=self.always_include,
                                    max_found=self.max_found)

    # the agent asks with the user message every step and with a tool's name when it executes a
    # call; either way the answer is the tools callable now (an unfound tool stays "not found")
    def retrieve(self, str_or_query_bundle: QueryType) -> list[Any]:
        """The tools the agent may call now (the query does not change them)."""
        return self.available_tools()

    async def aretrieve(self, str_or_query_bundle: QueryType) -> list[Any]:
        """Async twin of :meth:`retrieve`."""
        return self.available_tools()


def as_agentic_retriever(retriever: LibraRetriever, *, top_k: int = DEFAULT_AGENTIC_TOP_K, always_include: Sequence[str] = (),
                         max_found: int | None = None) -> AgenticToolRetriever:
    """Agentic mode: an ``ObjectRetriever`` offering the ``tool_retriever`` tool plus every tool its
    calls have found so far; the same as ``AgenticToolRetriever(retriever, ...)``."""
    return AgenticToolRetriever(retriever, top_k=top_k, always_include=always_include, max_found=max_found)


# The documented shortcut ``LibraRetriever.as_agentic_retriever``: attached here, where the agentic
# wrapper lives, so that the retriever module does not depend on its own wrapper. Importing any
# module of ``llama_index_libra.adapters`` runs the package's __init__, which imports this one.
LibraRetriever.as_agentic_retriever = as_agentic_retriever  # type: ignore[attr-defined]
