"""The ToolReAGt prompts of the paper (Figure 15 ``plain_fulltask``, Figure 16), as package data.

The Figure 15 texts live in ``agent_eval/prompts/`` as copies of the canonical transcriptions; Figure 16
(the ``tool_retriever`` description per method) is the package's one copy,
:func:`llama_index_libra.adapters.text.retriever_descriptions`. Nothing here rewrites a word of them.
This module only

- reads them (a file's final newline is a file convention, not prompt text, so it is dropped),
- escapes the system prompt for LlamaIndex's ReAct formatter, which fills ``{tool_desc}`` and
  ``{tool_names}`` with ``str.format`` (every other brace of the prompt is literal and is doubled),
- fills the user message's ``{task}`` by plain replacement (a task text may itself hold braces).
"""

from __future__ import annotations

import hashlib
import json
from functools import lru_cache
from importlib import resources

from llama_index_libra.adapters.text import retriever_description, retriever_descriptions

__all__ = [
    "SYSTEM_PROMPT_FILE",
    "USER_PROMPT_FILE",
    "SYSTEM_PLACEHOLDERS",
    "system_prompt_template",
    "user_prompt_template",
    "retriever_descriptions",
    "retriever_description",
    "react_header",
    "render_system_prompt",
    "render_user_message",
    "prompt_fingerprint",
]

SYSTEM_PROMPT_FILE = "toolreagt_system.txt"
USER_PROMPT_FILE = "toolreagt_user.txt"
SYSTEM_PLACEHOLDERS = ("tool_desc", "tool_names")
TASK_PLACEHOLDER = "{task}"


def _read(name: str) -> str:
    text = resources.files("agent_eval").joinpath("prompts").joinpath(name).read_text(encoding="utf-8")
    return text[:-1] if text.endswith("\n") else text


@lru_cache(maxsize=1)
def system_prompt_template() -> str:
    """Figure 15, system part, verbatim: ``{tool_desc}``/``{tool_names}`` placeholders, literal braces."""
    return _read(SYSTEM_PROMPT_FILE)


@lru_cache(maxsize=1)
def user_prompt_template() -> str:
    """Figure 15, user part (``plain_fulltask``), verbatim, with its ``{task}`` placeholder."""
    return _read(USER_PROMPT_FILE)


def react_header() -> str:
    """The system prompt escaped for ``ReActChatFormatter`` (``str.format`` with the two placeholders).

    Literal braces are doubled; ``{tool_desc}`` and ``{tool_names}`` stay single. Passing the result
    through LlamaIndex's ``PromptTemplate.format()`` (what ``agent.update_prompts`` does) leaves it
    unchanged, because that formatter keeps unknown ``{...}`` groups as they are.
    """
    escaped = system_prompt_template().replace("{", "{{").replace("}", "}}")
    for name in SYSTEM_PLACEHOLDERS:
        escaped = escaped.replace("{{" + name + "}}", "{" + name + "}")
    return escaped


def render_system_prompt(tool_desc: str, tool_names: str) -> str:
    """The system prompt with its placeholders filled: what the agent LLM must receive."""
    text = system_prompt_template()
    # Replace both at once so a description that contains "{tool_names}" is not filled twice.
    marker = "\x00tool_names\x00"
    text = text.replace("{tool_names}", marker).replace("{tool_desc}", tool_desc)
    return text.replace(marker, tool_names)


def render_user_message(task: str) -> str:
    """The ``plain_fulltask`` user message for one benchmark query."""
    return user_prompt_template().replace(TASK_PLACEHOLDER, task)


def prompt_fingerprint() -> str:
    """A short hash of the three prompt texts: a run records it, so a resumed run cannot mix prompts."""
    h = hashlib.sha256()
    for part in (system_prompt_template(), user_prompt_template(), json.dumps(retriever_descriptions(), sort_keys=True)):
        h.update(part.encode("utf-8"))
        h.update(b"\x00")
    return h.hexdigest()[:16]
