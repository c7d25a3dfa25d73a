"""A scripted OpenAI-compatible chat server on 127.0.0.1, for tests and for trying the LLM paths.

``FakeOpenAIServer(respond)`` serves ``POST /v1/chat/completions`` in a background thread; ``respond``
maps each request body to a :class:`FakeReply` (text, finish reason, HTTP status, delay). It records
every request. ``contract_or_react`` is a ready behaviour: contract prompts get the schema-derived
contract of the tool in the prompt, ReAct prompts get a scripted agent that sends malformed Action
Inputs before a valid one. Knobs make it slow, truncate replies at a token limit, or answer 400 for
prompts over a length, like vLLM does.

Run it standalone (``python tests/support/fake_openai_server.py --port 8011 --max-prompt-chars 60000``) to
point ``scripts/llm_paths_smoke.py`` at it.
"""

from __future__ import annotations

import argparse
import json
import math
import threading
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Callable

CHARS_PER_TOKEN = 4  # how this fake server counts tokens (characters / 4)


@dataclass
class FakeReply:
    """What the server sends for one request."""

    text: str = ""
    finish_reason: str = "stop"
    status: int = 200
    error: str = ""
    delay_s: float = 0.0  # math.inf: never reply (hold the request until the server closes)


class FakeOpenAIServer:
    """``with FakeOpenAIServer(respond) as server: ... server.api_base ...``; requests in ``server.requests``."""

    def __init__(self, respond: Callable[[dict[str, Any]], FakeReply], *, port: int = 0) -> None:
        self.respond = respond
        self.requests: list[dict[str, Any]] = []
        self.closing = threading.Event()
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802 (http.server API)
                body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                outer.requests.append(body)
                reply = outer.respond(body)
                if reply.delay_s:
                    # held on an event, not a sleep, so "never replies" needs no race against the client's timeout
                    outer.closing.wait(None if math.isinf(reply.delay_s) else reply.delay_s)
                if reply.status != 200:
                    data = json.dumps({"object": "error", "message": reply.error, "type": "BadRequestError",
                                       "code": reply.status}).encode()
                else:
                    prompt_chars = sum(len(m.get("content") or "") for m in body.get("messages", []))
                    data = json.dumps({
                        "id": "chatcmpl-fake", "object": "chat.completion", "created": 0, "model": body.get("model"),
                        "choices": [{"index": 0, "finish_reason": reply.finish_reason,
                                     "message": {"role": "assistant", "content": reply.text}}],
                        "usage": {"prompt_tokens": prompt_chars // CHARS_PER_TOKEN,
                                  "completion_tokens": max(1, len(reply.text) // CHARS_PER_TOKEN),
                                  "total_tokens": prompt_chars // CHARS_PER_TOKEN + len(reply.text) // CHARS_PER_TOKEN},
                    }).encode()
                try:
                    self.send_response(reply.status)
                    self.send_header("Content-Type", "application/json")
                    self.send_header("Content-Length", str(len(data)))
                    self.end_headers()
                    self.wfile.write(data)
                except (BrokenPipeError, ConnectionResetError):  # the client gave up (its timeout)
                    pass

            def log_message(self, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", port), Handler)
        self.server.daemon_threads = True
        self.server.block_on_close = False
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    @property
    def api_base(self) -> str:
        return f"http://127.0.0.1:{self.server.server_port}/v1"

    def __enter__(self) -> "FakeOpenAIServer":
        self.thread.start()
        return self

    def __exit__(self, *exc: Any) -> None:
        self.closing.set()
        self.server.shutdown()
        self.server.server_close()


# --------------------------------------------------------------------------- ready behaviours


def contract_prompt(body: dict[str, Any]) -> dict[str, Any] | None:
    """The Figure 4 user JSON of a contract request, or None for another request."""
    messages = body.get("messages") or []
    if len(messages) < 2:
        return None
    try:
        user = json.loads(messages[-1].get("content") or "")
    except (json.JSONDecodeError, TypeError):
        return None
    return user if isinstance(user, dict) and "public_tool_metadata" in user else None


def schema_contract(metadata: dict[str, Any]) -> dict[str, Any]:
    """The schema-derived contract of the tool described by a prompt's ``public_tool_metadata``."""
    from llama_index_libra.catalog import ToolSpec
    from llama_index_libra.contracts import SchemaContractProposer

    params = metadata.get("parameters") or []
    spec = ToolSpec(
        name=metadata["name"],
        description=metadata.get("description") or "",
        parameters={"type": "object", "properties": {p["name"]: p.get("schema") or {} for p in params},
                    "required": [p["name"] for p in params if p.get("required")]},
        response=metadata.get("response"),
    )
    return SchemaContractProposer().propose(spec).to_json()


# The scripted ReAct agent: malformed Action Inputs first, then a real query, then an answer.
REACT_SCRIPT = (
    "Thought: I need a tool.\nAction: tool_retriever\nAction Input: {input: find a tool, unquoted}",
    'Thought: I need a tool.\nAction: tool_retriever\nAction Input: {"type": "object"}',
    'Thought: I need a tool.\nAction: tool_retriever\nAction Input: {"input": {"description": "get the weather forecast for a city"}}',
    'Thought: I need a tool.\nAction: tool_retriever\nAction Input: {"input": "send a message to a user"}',
    "Thought: I can answer without using any more tools.\nAnswer: the tools above.",
)


def react_turn(body: dict[str, Any]) -> int:
    """Which scripted ReAct turn a request is: the number of observations already in it (the system
    prompt's own format description does not count)."""
    return sum(str(m.get("content") or "").count("Observation:") for m in body.get("messages") or [] if m.get("role") != "system")


def contract_or_react(*, delay_s: float = 0.0, slow_tools: str = "", truncate_tools: str = "", max_tokens_reply: int = 0,
                      max_prompt_chars: int = 0) -> Callable[[dict[str, Any]], FakeReply]:
    """A behaviour for both LLM paths.

    ``slow_tools``: a substring of tool names whose contract replies wait ``delay_s``; ``truncate_tools``:
    a substring whose replies are cut at ``max_tokens_reply`` tokens (``finish_reason`` "length");
    ``max_prompt_chars``: longer prompts get vLLM's 400 "maximum context length" error.
    """

    def respond(body: dict[str, Any]) -> FakeReply:
        chars = sum(len(m.get("content") or "") for m in body.get("messages") or [])
        if max_prompt_chars and chars > max_prompt_chars:
            return FakeReply(status=400, error=(
                f"This model's maximum context length is {max_prompt_chars // CHARS_PER_TOKEN} tokens. However, you "
                f"requested {chars // CHARS_PER_TOKEN} tokens in the messages. Please reduce the length of the messages."))
        prompt = contract_prompt(body)
        if prompt is None:
            turn = min(react_turn(body), len(REACT_SCRIPT) - 1)
            return FakeReply(REACT_SCRIPT[turn])
        name = prompt["public_tool_metadata"]["name"]
        text = "```json\n" + json.dumps(schema_contract(prompt["public_tool_metadata"]), indent=1) + "\n```"
        if truncate_tools and truncate_tools in name:
            limit = max_tokens_reply or int(body.get("max_tokens") or 256)
            if len(text) > limit * CHARS_PER_TOKEN:
                return FakeReply(text[: limit * CHARS_PER_TOKEN], finish_reason="length")
        return FakeReply(text, delay_s=delay_s if slow_tools and slow_tools in name else 0.0)

    return respond


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=8011)
    parser.add_argument("--delay", type=float, default=0.0, help="seconds a slow tool's reply waits")
    parser.add_argument("--slow-tools", default="", help="substring of tool names that reply slowly")
    parser.add_argument("--truncate-tools", default="", help="substring of tool names whose replies are cut")
    parser.add_argument("--reply-tokens", type=int, default=0, help="token limit of cut replies (default: request max_tokens)")
    parser.add_argument("--max-prompt-chars", type=int, default=0, help="400 for longer prompts (0: no limit)")
    args = parser.parse_args()
    behaviour = contract_or_react(delay_s=args.delay, slow_tools=args.slow_tools, truncate_tools=args.truncate_tools,
                                  max_tokens_reply=args.reply_tokens, max_prompt_chars=args.max_prompt_chars)
    with FakeOpenAIServer(behaviour, port=args.port) as server:
        print(f"fake OpenAI-compatible server at {server.api_base}", flush=True)
        try:
            server.thread.join()
        except KeyboardInterrupt:
            pass


if __name__ == "__main__":
    main()
