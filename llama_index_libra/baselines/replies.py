"""Checks of the baselines' LLM replies (Figures 10-14): a usable value, or a one-line reason.

Every parser takes any string and either returns a clean value or raises
:class:`BaselineReplyError` saying what is wrong (no other exception escapes). JSON is extracted
with the package's contract-reply parser (reasoning blocks, code fences and prose around the object
are tolerated). Strings are whitespace-normalized and clipped; items of the wrong shape inside an
otherwise usable reply are dropped and counted.
"""

from __future__ import annotations

import re
from typing import Any, Mapping

from llama_index_libra.baselines.ranking import canonical_entity
from llama_index_libra.contracts.replies import MAX_REPLY_CHARS, parse_json_reply

__all__ = [
    "BaselineReplyError",
    "PROFILE_KEYS",
    "REFINED_PROFILE_KEYS",
    "PAIR_LABELS",
    "parse_profile",
    "parse_refined_profile",
    "parse_judgement",
    "parse_pair_label",
    "parse_triples",
]

PROFILE_KEYS = ("function_description", "when_to_use", "limitations", "tags")  # Figure 10
REFINED_PROFILE_KEYS = ("function", "tags", "when_to_use", "example_usage", "limitation")  # Figure 11
PAIR_LABELS = ("a_depends_on_b", "b_depends_on_a", "no_dependency")  # Figure 13
MAX_TEXT_CHARS = 2000
MAX_TAGS = 32
MAX_TAG_CHARS = 100
MAX_EXAMPLES = 2  # Figure 11: "Maximum of 2"
MAX_TRIPLES = 400
MAX_ENTITY_CHARS = 200
_THINK = re.compile(r"<think>.*?</think>", re.DOTALL | re.IGNORECASE)
_WORD = re.compile(r"[a-z_]+")


class BaselineReplyError(ValueError):
    """An LLM reply a baseline cannot use; the message says why (recorded, never raised past a build)."""


def _json_object(text: Any) -> dict[str, Any]:
    if not isinstance(text, str):
        raise BaselineReplyError(f"the reply is a {type(text).__name__}, not text")
    try:
        return parse_json_reply(text)
    except ValueError as exc:  # ReplyParseError and any ValueError of the JSON layer
        raise BaselineReplyError(str(exc).split(";")[0]) from None


def _text(value: Any, limit: int = MAX_TEXT_CHARS) -> str | None:
    """A whitespace-normalized, clipped string; None for a non-string or an empty one."""
    if not isinstance(value, str):
        return None
    text = " ".join(value.split())
    return text[:limit] or None


def _strings(value: Any) -> list[str]:
    """A list of distinct short strings from a list (non-strings dropped) or a comma-separated string."""
    items = value.split(",") if isinstance(value, str) else value if isinstance(value, list) else []
    out: list[str] = []
    for item in items:
        text = _text(item, MAX_TAG_CHARS)
        if text and text not in out:
            out.append(text)
    return out[:MAX_TAGS]


def _unwrap(obj: dict[str, Any], keys: tuple[str, ...]) -> dict[str, Any]:
    """``obj``, or the object inside a one-key wrapper (``{"tool_profile": {...}}``) holding profile keys."""
    if not any(k in obj for k in keys) and len(obj) == 1:
        inner = next(iter(obj.values()))
        if isinstance(inner, dict):
            return inner
    return obj


def parse_profile(text: Any) -> dict[str, Any]:
    """A Figure 10 profile: ``function_description``, ``when_to_use``, ``limitations`` (strings), ``tags``."""
    obj = _unwrap(_json_object(text), PROFILE_KEYS)
    out: dict[str, Any] = {}
    for key in ("function_description", "when_to_use"):
        value = _text(obj.get(key))
        if value:
            out[key] = value
    limits = obj.get("limitations")
    limits = "; ".join(_strings(limits)) if isinstance(limits, list) else _text(limits)
    if limits:
        out["limitations"] = limits
    tags = _strings(obj.get("tags"))
    if tags:
        out["tags"] = tags
    if "function_description" not in out and "tags" not in out:
        raise BaselineReplyError("the profile has neither a function_description string nor tags")
    return {k: out[k] for k in PROFILE_KEYS if k in out}


def parse_refined_profile(text: Any) -> dict[str, Any]:
    """A Figure 11 ``tool_profile``: ``function`` (required), ``tags``, and the optional fields."""
    obj = _json_object(text)
    inner = obj.get("tool_profile")
    obj = inner if isinstance(inner, dict) else _unwrap(obj, REFINED_PROFILE_KEYS)
    function = _text(obj.get("function"))
    if not function:
        raise BaselineReplyError("the refined tool_profile has no 'function' string")
    out: dict[str, Any] = {"function": function, "tags": _strings(obj.get("tags"))}
    when = _text(obj.get("when_to_use"))
    if when:
        out["when_to_use"] = when
    examples = []
    usage = obj.get("example_usage")
    for item in usage if isinstance(usage, list) else []:
        if isinstance(item, Mapping):
            example = {k: v for k in ("query", "api_call") if (v := _text(item.get(k)))}
            if example:
                examples.append(example)
    if examples:
        out["example_usage"] = examples[:MAX_EXAMPLES]
    limitation = _text(obj.get("limitation"))
    if limitation:
        out["limitation"] = limitation
    return out


def _strip(text: str) -> str:
    text = _THINK.sub("", text)
    closing = text.lower().rfind("</think>")
    return text[closing + len("</think>"):] if closing >= 0 else text


def parse_judgement(text: Any) -> bool:
    """Figure 12's one word: ``true`` (consistent) or ``false``; a reply holding both or neither is unusable."""
    if not isinstance(text, str) or not text.strip():
        raise BaselineReplyError("the judgement is empty; expected one word, true or false")
    if len(text) > MAX_REPLY_CHARS:
        raise BaselineReplyError("the judgement is over the reply-length limit")
    words = _WORD.findall(_strip(text).lower())
    found = {w for w in words if w in ("true", "false")}
    if len(found) == 1:
        return found.pop() == "true"
    if found and words[0] in found:  # "false. A 'true' profile would need ..." : the first word decides
        return words[0] == "true"
    raise BaselineReplyError("the judgement is neither 'true' nor 'false'" if not found else "the judgement says both true and false")


def parse_pair_label(text: Any) -> str:
    """Figure 13's label: ``a_depends_on_b``, ``b_depends_on_a`` or ``no_dependency``."""
    try:
        label = _json_object(text).get("label")
    except BaselineReplyError:
        bare = _strip(text).strip().strip("`'\".").strip().lower() if isinstance(text, str) else ""
        if bare in PAIR_LABELS:  # the bare label without its JSON object
            return bare
        raise
    if not isinstance(label, str):
        raise BaselineReplyError("the reply has no string 'label'")
    label = "_".join(label.strip().lower().split())
    if label not in PAIR_LABELS:
        raise BaselineReplyError(f"unknown label {label[:40]!r}; expected one of {', '.join(PAIR_LABELS)}")
    return label


def parse_triples(text: Any) -> tuple[list[tuple[str, str, str]], int]:
    """Figure 14's ``relationships``: (distinct head-relation-tail triples, items dropped).

    Items that are not objects of three non-empty strings, self-relations and duplicates (compared
    after :func:`canonical_entity`) are dropped and counted. An empty array is a valid answer (no
    triples); a reply without the array, or whose items are all unusable, is not.
    """
    obj = _json_object(text)
    items = obj.get("relationships")
    if not isinstance(items, list):
        raise BaselineReplyError("the reply has no 'relationships' array")
    triples: list[tuple[str, str, str]] = []
    seen: set[tuple[str, str, str]] = set()
    dropped = 0
    for item in items:
        if not isinstance(item, Mapping):
            dropped += 1
            continue
        parts = [_text(item.get(k), MAX_ENTITY_CHARS) for k in ("head", "relationship", "tail")]
        head, relation, tail = parts
        if not (head and relation and tail) or canonical_entity(head) == canonical_entity(tail) or not canonical_entity(head):
            dropped += 1
            continue
        key = (canonical_entity(head), canonical_entity(relation), canonical_entity(tail))
        if key in seen:
            dropped += 1
            continue
        seen.add(key)
        triples.append((head, relation, tail))
    if items and not triples:
        raise BaselineReplyError(f"none of the {len(items)} relationships is an object of head, relationship and tail strings")
    return triples[:MAX_TRIPLES], dropped + max(0, len(triples) - MAX_TRIPLES)
