"""History-aware tool retrieval for multi-turn chats: the previous turns and the tools they used count.

A LlamaIndex agent asks its ``tool_retriever`` with the current user message only, so in "Book Biscuit
a check-up with dr_lee" followed by "and move it to Friday", the second turn alone names no visit and no
pet. :class:`HistoryAwareToolRetriever` (an ``ObjectRetriever[BaseTool]`` for ``FunctionAgent`` /
``ReActAgent(tool_retriever=...)``) remembers the conversation it is asked about:

* the query is the last ``turns`` user messages, one per line (the default base score keeps each
  line's best dense score, so the current request is not diluted by the earlier ones), and
* the tools the agent called in earlier turns (an agent asks its retriever with a tool's exact name when
  it executes a call) stay offered after the ranked ones, at most ``keep_called`` of them, latest first.

Use one instance per conversation (:meth:`reset` starts another).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from llama_index.core.objects import ObjectRetriever
from llama_index.core.schema import QueryBundle, QueryType

from llama_index_libra.adapters.retriever import LibraRetriever

if TYPE_CHECKING:  # pragma: no cover
    from llama_index.core.tools import BaseTool

__all__ = ["HistoryAwareToolRetriever"]


class HistoryAwareToolRetriever(ObjectRetriever):
    """Retrieves with the last ``turns`` user messages and keeps offering the tools earlier turns called."""

    def __init__(self, retriever: LibraRetriever, *, turns: int = 3, keep_called: int = 3, top_k: int | None = None) -> None:
        inner = retriever.as_object_retriever()  # checks that the retriever has tool objects
        for name, value in (("turns", turns), ("keep_called", keep_called)):
            if isinstance(value, bool) or not isinstance(value, int) or value < (1 if name == "turns" else 0):
                raise ValueError(f"{name} must be an integer >= {1 if name == 'turns' else 0}, got {value!r}")
        super().__init__(retriever=retriever, object_node_mapping=inner.object_node_mapping)
        self._libra = retriever
        self.turns_kept = turns
        self.keep_called = keep_called
        self.top_k = top_k
        self.turns: list[str] = []  # the user messages seen, in order
        self.called: list[list[str]] = []  # per turn, the tools the agent called in it

    def reset(self) -> None:
        """Forget the conversation (the start of a new one)."""
        self.turns.clear()
        self.called.clear()

    def query(self, message: str) -> str:
        """What is ranked for ``message``: it and the turns before it, one per line."""
        turns = [*self.turns[:-1], message] if self.turns and self.turns[-1] == message else [*self.turns, message]
        return "\n".join(t.strip() for t in turns[-self.turns_kept:] if t.strip())

    def _names(self, text: str) -> list[str]:
        if not text.strip():  # no message: nothing to remember (only the always-included tools)
            return [hit.name for hit in self._libra.rank(text, self.top_k)]
        exact = self._libra.exact_name(text)
        if exact is not None:  # the agent executes a call: remember it for the turns that follow
            if self.called and exact not in self.called[-1]:
                self.called[-1].append(exact)
            return [hit.name for hit in self._libra.rank(text, self.top_k)]
        if not self.turns or self.turns[-1] != text:
            self.turns.append(text)
            self.called.append([])
        names = [hit.name for hit in self._libra.rank(self.query(text), self.top_k)]
        earlier = [n for turn in reversed(self.called[:-1]) for n in reversed(turn)]
        kept = [n for n in dict.fromkeys(earlier) if n not in names][: self.keep_called]
        return names + kept

    def _tools(self, text: str) -> list["BaseTool"]:
        tools = {t.metadata.name: t for t in self._libra.tools or []}
        return [tools[n] for n in self._names(text)]

    def retrieve(self, str_or_query_bundle: QueryType) -> list[Any]:
        """The tools for the current message in the light of the conversation so far."""
        text = str_or_query_bundle.query_str if isinstance(str_or_query_bundle, QueryBundle) else str(str_or_query_bundle)
        return self._tools(text)

    async def aretrieve(self, str_or_query_bundle: QueryType) -> list[Any]:
        """Async twin of :meth:`retrieve` (the ranking runs in the calling thread)."""
        return self.retrieve(str_or_query_bundle)


def as_history_retriever(retriever: LibraRetriever, *, turns: int = 3, keep_called: int = 3,
                         top_k: int | None = None) -> HistoryAwareToolRetriever:
    """History-aware retrieval for a multi-turn agent; the same as ``HistoryAwareToolRetriever(retriever, ...)``."""
    return HistoryAwareToolRetriever(retriever, turns=turns, keep_called=keep_called, top_k=top_k)


# The shortcut ``LibraRetriever.as_history_retriever``, attached here as ``as_agentic_retriever`` is in
# agentic.py, so that the retriever module does not depend on its wrappers.
LibraRetriever.as_history_retriever = as_history_retriever  # type: ignore[attr-defined]
