"""What users of the peers expect (issue #24, item 7): add a tool without a rebuild, history-aware retrieval
for multi-turn chats, and a one-line search over an OpenAPI file with no build step."""

from __future__ import annotations

import asyncio
import json
import warnings
from pathlib import Path

import pytest
from llama_index.core.tools import FunctionTool

from llama_index_libra.adapters.history import HistoryAwareToolRetriever
from llama_index_libra.adapters.retriever import LibraRetriever
from llama_index_libra.catalog import ToolSpec
from llama_index_libra.cli.main import main
from tests.support.fakes import HashEmbedding

CREATE_NOTE = "Create a new note in the notes app titled Groceries"


class CountingEmbedding(HashEmbedding):
    """Counts the tool texts it embeds."""

    texts: int = 0

    def _get_text_embeddings(self, texts):
        self.texts += len(texts)
        return super()._get_text_embeddings(texts)


def _water() -> FunctionTool:
    def water_plants(zone: str) -> str:
        """Water the plants of a garden zone with the irrigation system."""
        return f"watered {zone}"

    return FunctionTool.from_defaults(fn=water_plants)


def test_insert_tool_embeds_only_it_and_every_view_serves_it(tmp_path, synthetic_tools, synthetic_library) -> None:
    embed = CountingEmbedding()
    retriever = LibraRetriever.from_tools(synthetic_tools, library=synthetic_library, embed_model=embed, top_k=5, cache_dir=tmp_path)
    object_retriever = retriever.as_object_retriever()  # made before the insert
    agentic = retriever.as_agentic_retriever(top_k=3)
    before = embed.texts
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # an explicit insert warns about nothing
        retriever.insert_tool(_water())
    assert embed.texts - before == 1 and len(retriever.catalog) == len(synthetic_tools) + 1
    assert retriever.rank("water the garden plants")[0].name == "water_plants"
    assert [t.metadata.name for t in object_retriever.retrieve("water_plants")][0] == "water_plants"
    assert object_retriever.retrieve("water_plants")[0].call(zone="roses").content == "watered roses"
    assert "notes_login" in {h.name for h in retriever.rank(CREATE_NOTE, 10) if h.promoted}  # relations kept
    asyncio.run(agentic.retriever_tool.acall(input="water the garden plants"))
    assert "water_plants" in [t.metadata.name for t in agentic.retrieve("next step")]
    retriever.persist(tmp_path / "grown")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        again = LibraRetriever.from_persist_dir(tmp_path / "grown", tools=[*synthetic_tools, _water()], embed_model=embed)
    assert again.rank("water the garden plants")[0].name == "water_plants"
    with pytest.raises(ValueError, match="new, distinct names: water_plants"):
        retriever.insert_tool(_water())
    with pytest.raises(ValueError, match="not ToolSpecs"):
        retriever.insert_tool(ToolSpec("x", "A tool."))


def test_a_catalog_only_retriever_takes_tool_specs(synthetic_library, hash_embed) -> None:
    retriever = LibraRetriever.from_catalog(synthetic_library.catalog, embed_model=hash_embed, top_k=3)
    retriever.insert_tools([ToolSpec("garden_mow", "Mow the lawn of the garden.")])
    assert retriever.rank("mow the lawn")[0].name == "garden_mow"


def test_history_aware_retrieval_remembers_turns_and_called_tools(synthetic_tools, synthetic_library, hash_embed) -> None:
    # the paper's placement, so that notes_login falls out of the ranked four and only the history keeps it
    retriever = LibraRetriever.from_tools(synthetic_tools, library=synthetic_library, embed_model=hash_embed, top_k=4,
                                          prerequisite_rule="paper")
    history = retriever.as_history_retriever(turns=2, keep_called=2)
    assert isinstance(history, HistoryAwareToolRetriever)
    names = lambda tools: [t.metadata.name for t in tools]  # noqa: E731
    first = names(history.retrieve(CREATE_NOTE))
    assert "notes_create_note" in first
    for called in ("notes_login", "notes_create_note"):  # the agent looks each tool up by name as it calls it
        assert names(history.retrieve(called))[0] == called
    follow_up = "now delete the old one"
    plain = names(retriever.as_object_retriever().retrieve(follow_up))
    second = names(history.retrieve(follow_up))
    assert history.query(follow_up) == f"{CREATE_NOTE}\n{follow_up}"
    assert "notes_delete_note" in second[:4] and "notes_delete_note" not in plain
    assert second[4:] == ["notes_login"]  # called in turn 1 and not ranked now: kept (notes_create_note is ranked)
    history.reset()
    assert names(history.retrieve(follow_up)) == plain


def test_history_aware_retrieval_in_a_two_turn_function_agent(synthetic_tools, synthetic_library, hash_embed) -> None:
    from llama_index.core.agent.workflow import FunctionAgent
    from llama_index.core.base.llms.types import ChatMessage, MessageRole, ToolCallBlock
    from llama_index.core.llms.mock import MockFunctionCallingLLM
    from llama_index.core.workflow import Context

    plans = {CREATE_NOTE: [("notes_login", {"username": "ann", "password": "pw"}), ("notes_create_note", {"title": "Groceries"})],
             "now delete the old one": [("notes_delete_note", {"note_id": "N1"})]}
    offered: list[list[str]] = []

    def respond(messages, **kwargs):
        names = [t.metadata.name for t in kwargs.get("tools") or []]
        offered.append(names)
        last_user = max(i for i, m in enumerate(messages) if m.role == MessageRole.USER)
        done = sum(1 for m in messages[last_user:] if m.role == MessageRole.TOOL)
        plan = plans[messages[last_user].content]
        if done < len(plan):
            tool, args = plan[done]
            if tool not in names:
                return ChatMessage(role=MessageRole.ASSISTANT, content=f"{tool} was not offered")
            return ChatMessage(role=MessageRole.ASSISTANT, blocks=[ToolCallBlock(tool_call_id=f"c{len(offered)}", tool_name=tool,
                                                                                 tool_kwargs=args)])
        return ChatMessage(role=MessageRole.ASSISTANT, content="done")

    retriever = LibraRetriever.from_tools(synthetic_tools, library=synthetic_library, embed_model=hash_embed, top_k=8)
    agent = FunctionAgent(tool_retriever=retriever.as_history_retriever(turns=2),
                          llm=MockFunctionCallingLLM(response_generator=respond, is_chat_model=True))
    ctx = Context(agent)

    async def chat():
        return [str(await agent.run(user_msg=msg, ctx=ctx)) for msg in plans]

    answers = asyncio.run(chat())
    assert answers == ["done", "done"], answers
    assert "notes_delete_note" in offered[-2]


def test_search_an_openapi_document_without_a_build(tmp_path: Path, hash_embed, capsys) -> None:
    from tests.integration.test_sources import OPENAPI

    path = tmp_path / "forge.openapi.json"
    path.write_text(json.dumps(OPENAPI))
    retriever = LibraRetriever.from_openapi(path, embed_model=hash_embed, top_k=2)
    assert retriever.rank("delete a repository")[0].name == "delete_repo"
    assert retriever.library is None and "delete_repo" in retriever.explain("delete a repository")
    assert main(["query", str(path), "delete a repository", "--method", "bm25", "--k", "2"]) == 0
    out, err = capsys.readouterr()
    assert out.splitlines()[0].split()[1] == "delete_repo" and "without a library" in err
