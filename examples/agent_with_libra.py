"""A LlamaIndex ReActAgent whose tools come from a LibraRetriever over a 120-tool catalog.

The request names only its goal ("create a note"); the library's login -> create relations make
the retriever also offer the login tool the goal needs. Offline by default: the packaged
all-MiniLM-L6-v2 encoder and a scripted LLM that follows a fixed plan.

    python examples/agent_with_libra.py
    python examples/agent_with_libra.py --api-base http://localhost:8000/v1 --model Qwen/Qwen3-8B \\
        --query "Create a note titled Groceries ..."

The relations here are pinned by hand (``ToolLibrary.apply_overrides``) to keep the example
self-contained; pass ``--library PATH`` to use a library induced by ``libra induce`` instead.
"""

from __future__ import annotations

import argparse
import asyncio
import inspect
import json
import os
import re
import sys
from typing import Annotated, Any, Callable, Sequence

os.environ.setdefault("HF_HUB_OFFLINE", "1")

from llama_index.core.agent.workflow import ReActAgent, ToolCall, ToolCallResult  # noqa: E402
from llama_index.core.base.llms.types import (  # noqa: E402
    ChatMessage,
    ChatResponse,
    ChatResponseGen,
    CompletionResponse,
    CompletionResponseGen,
    LLMMetadata,
    MessageRole,
)
from llama_index.core.llms import CustomLLM  # noqa: E402
from llama_index.core.llms.callbacks import llm_chat_callback, llm_completion_callback  # noqa: E402
from llama_index.core.tools import FunctionTool  # noqa: E402
from pydantic import PrivateAttr  # noqa: E402

from llama_index_libra.adapters import LibraRetriever  # noqa: E402
from llama_index_libra.catalog import ToolCatalog  # noqa: E402
from llama_index_libra.library import ToolLibrary  # noqa: E402

DEMO_QUERY = "Create a new note in the notes app titled Groceries with body milk and eggs."
DEMO_PLAN: list[tuple[str, dict[str, Any]]] = [
    ("notes_login", {"username": "alice", "password": "pw1"}),
    ("notes_create_note", {"access_token": "tok-notes-alice", "title": "Groceries", "body": "milk and eggs"}),
]

# ----------------------------------------------------------------------------- a 120-tool catalog

APPS = [
    ("calendar", "event", "a meeting or appointment", ["title", "date"]),
    ("mail", "email", "an electronic mail message", ["recipient", "subject"]),
    ("contacts", "contact", "a person in the address book", ["full_name", "phone"]),
    ("notes", "note", "a short text note", ["title", "body"]),
    ("tasks", "task", "a to-do item with a due date", ["title", "due_date"]),
    ("bank", "transfer", "a money transfer between accounts", ["amount", "recipient_account"]),
    ("shop", "order", "a purchase order of a product", ["product_id", "quantity"]),
    ("music", "playlist", "a list of songs", ["name", "genre"]),
    ("drive", "file", "a document stored in the cloud drive", ["filename", "folder"]),
    ("fitness", "workout", "a recorded exercise session", ["activity", "minutes"]),
    ("travel", "booking", "a flight or hotel reservation", ["destination", "date"]),
]
VERBS = {
    "create": "Create a new {obj} in the {app} app: {what}.",
    "get": "Show the details of one {obj} in the {app} app by its id.",
    "list": "List the {obj}s stored in the {app} app, newest first.",
    "update": "Change the fields of an existing {obj} in the {app} app.",
    "delete": "Delete a {obj} from the {app} app permanently.",
    "search": "Search the {obj}s of the {app} app whose text matches a keyword.",
    "share": "Share a {obj} from the {app} app with another person by email address.",
    "export": "Export all {obj}s of the {app} app to a CSV file.",
    "count": "Count how many {obj}s the {app} app stores.",
}
SINGLE = {
    "weather_get_forecast": ("Get the weather forecast for a city on a given day.", ["city", "day"], "Forecast for {city} {day}: sunny, 21 C."),
    "weather_get_alerts": ("List active severe weather alerts for a region.", ["region"], "No alerts for {region}."),
    "maps_get_directions": ("Get directions between two places.", ["origin", "destination"], "{origin} -> {destination}: 12 km."),
    "currency_convert": ("Convert money between currencies.", ["amount", "from_currency", "to_currency"], "{amount} {from_currency} in {to_currency}: 1.08x."),
    "alarm_set": ("Set a new alarm clock at a time of day.", ["time"], "Alarm set for {time}."),
    "alarm_update": ("Change the time of an existing alarm clock.", ["alarm_id", "time"], "Alarm {alarm_id} moved to {time}."),
    "timer_start": ("Start a countdown timer for some minutes.", ["minutes"], "Timer started for {minutes} minutes."),
    "translate_text": ("Translate text into another language.", ["text", "target_language"], "'{text}' in {target_language}: [translated]."),
    "calculator_evaluate": ("Evaluate an arithmetic expression.", ["expression"], "Evaluated {expression}."),
    "news_top_headlines": ("Get today's top news headlines for a topic.", ["topic"], "Top {topic} headlines: three stories."),
}


def function_tool(name: str, description: str, params: Sequence[str], reply: Callable[[dict[str, Any]], str]) -> FunctionTool:
    """A FunctionTool over a real Python function with string keyword parameters."""

    def fn(**kwargs: Any) -> str:
        return reply(kwargs)

    fn.__name__ = name
    fn.__signature__ = inspect.Signature(  # type: ignore[attr-defined]
        [inspect.Parameter(p, inspect.Parameter.KEYWORD_ONLY, annotation=Annotated[str, p.replace("_", " ")]) for p in params],
        return_annotation=str,
    )
    return FunctionTool.from_defaults(fn=fn, name=name, description=description)


def build_tools() -> list[FunctionTool]:
    """11 apps x (login + 9 verbs) + 10 single-purpose tools = 120 tools."""
    tools = []
    for app, obj, what, fields in APPS:
        tools.append(
            function_tool(
                f"{app}_login",
                f"Log in to the {app} app with a username and password and return an access token.",
                ["username", "password"],
                lambda kw, app=app: f"access_token=tok-{app}-{kw.get('username', '')}",
            )
        )
        for verb, template in VERBS.items():
            name = f"{app}_{verb}_{obj}" + ("s" if verb in ("list", "export", "count") else "")
            params = ["access_token"]
            params += fields if verb == "create" else [f"{obj}_id"] if verb in ("get", "update", "delete", "share") else []
            params += {"update": ["changes"], "search": ["keyword"], "share": ["email"]}.get(verb, [])
            reply = lambda kw, name=name: f"{name} done: " + ", ".join(f"{k}={v}" for k, v in sorted(kw.items()))  # noqa: E731
            tools.append(function_tool(name, template.format(app=app, obj=obj, what=what), params, reply))
    for name, (description, params, template) in SINGLE.items():
        tools.append(function_tool(name, description, params, lambda kw, t=template: t.format(**kw)))
    return tools


def pinned_library(tools: Sequence[FunctionTool]) -> ToolLibrary:
    """Each app's login is a state prerequisite and the token provider of its other tools."""
    catalog = ToolCatalog.from_tools(tools, name="example")
    pins = []
    for spec in catalog:
        if "access_token" in spec.input_names:
            login = spec.name.split("_", 1)[0] + "_login"
            pins.append({"provider": login, "consumer": spec.name, "kind": "state"})
            pins.append(
                {"provider": login, "consumer": spec.name, "kind": "provenance", "provider_field": "access_token", "consumer_field": "access_token", "field_similarity": 1.0}
            )
    return ToolLibrary(catalog=catalog).apply_overrides({"pin": pins})


# ----------------------------------------------------------------------------- a scripted LLM


class ScriptedReActLLM(CustomLLM):
    """Follows a fixed plan in ReAct text, calling a tool only if the agent offered it."""

    _plan: list[tuple[str, dict[str, Any]]] = PrivateAttr(default_factory=list)

    def __init__(self, plan: list[tuple[str, dict[str, Any]]]) -> None:
        super().__init__()
        self._plan = list(plan)

    @property
    def metadata(self) -> LLMMetadata:
        return LLMMetadata(is_chat_model=True, model_name="scripted-react")

    def _reply(self, messages: Sequence[ChatMessage]) -> str:
        offered = re.findall(r"^> Tool Name: (\S+)$", messages[0].content or "", flags=re.MULTILINE)
        observations = [m.content[13:] for m in messages if (m.content or "").startswith("Observation: ")]
        if len(observations) < len(self._plan):
            name, kwargs = self._plan[len(observations)]
            if name not in offered:
                return f"Thought: The tool {name} is not available.\nAnswer: I cannot do this without {name}."
            return f"Thought: I need to use a tool.\nAction: {name}\nAction Input: {json.dumps(kwargs)}"
        return "Thought: I can answer without using any more tools.\nAnswer: Done. " + " ".join(observations)

    @llm_chat_callback()
    def chat(self, messages: Sequence[ChatMessage], **kwargs: Any) -> ChatResponse:
        return ChatResponse(message=ChatMessage(role=MessageRole.ASSISTANT, content=self._reply(messages)))

    @llm_chat_callback()
    def stream_chat(self, messages: Sequence[ChatMessage], **kwargs: Any) -> ChatResponseGen:
        text = self._reply(messages)
        yield ChatResponse(message=ChatMessage(role=MessageRole.ASSISTANT, content=text), delta=text)

    @llm_completion_callback()
    def complete(self, prompt: str, formatted: bool = False, **kwargs: Any) -> CompletionResponse:
        return CompletionResponse(text=self._reply([ChatMessage(role=MessageRole.USER, content=prompt)]))

    @llm_completion_callback()
    def stream_complete(self, prompt: str, formatted: bool = False, **kwargs: Any) -> CompletionResponseGen:
        text = self.complete(prompt).text
        yield CompletionResponse(text=text, delta=text)


# ----------------------------------------------------------------------------- main


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--api-base", help="OpenAI-compatible endpoint of `vllm serve`, e.g. http://localhost:8000/v1")
    parser.add_argument("--model", help="model name served at --api-base")
    parser.add_argument("--context-window", type=int, default=32768)
    parser.add_argument("--query", help="the user request (needs --api-base; the scripted LLM only knows the demo task)")
    parser.add_argument("--library", help="a ToolLibrary JSON induced for these tools (default: hand-pinned relations)")
    parser.add_argument("--method", default="libra", choices=["libra", "qts", "bm25", "schema-only"])
    parser.add_argument("--top-k", type=int, default=5)
    parser.add_argument("--embed-model", default=None, help="embedding model name or path (default: packaged MiniLM)")
    parser.add_argument("--max-iterations", type=int, default=10)
    args = parser.parse_args(argv)
    if bool(args.api_base) != bool(args.model):
        parser.error("--api-base and --model go together")
    if args.query and not args.api_base:
        parser.error("--query needs a real LLM (--api-base and --model)")
    return args


async def run(args: argparse.Namespace) -> str:
    tools = build_tools()
    library: ToolLibrary | str = args.library or pinned_library(tools)
    retriever = LibraRetriever.from_tools(tools, embed_model=args.embed_model, library=library, method=args.method, top_k=args.top_k)
    query = args.query or DEMO_QUERY
    print(f"{len(tools)} tools; retrieval for the request:\n{retriever.explain(query)}\n")

    if args.api_base:
        from llama_index.llms.openai_like import OpenAILike

        llm = OpenAILike(
            model=args.model, api_base=args.api_base, api_key="EMPTY", is_chat_model=True, context_window=args.context_window
        )
    else:
        llm = ScriptedReActLLM(DEMO_PLAN)
    agent = ReActAgent(tool_retriever=retriever.as_object_retriever(), llm=llm)
    handler = agent.run(user_msg=query, max_iterations=args.max_iterations)
    async for event in handler.stream_events():
        if isinstance(event, ToolCall) and not isinstance(event, ToolCallResult):
            print(f"-> {event.tool_name}({json.dumps(event.tool_kwargs)})")
        elif isinstance(event, ToolCallResult):
            print(f"<- {event.tool_output.content}")
    answer = str(await handler)
    print(f"\nAnswer: {answer}")
    return answer


def main(argv: Sequence[str] | None = None) -> int:
    asyncio.run(run(parse_args(argv)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
