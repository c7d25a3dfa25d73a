"""What a SciToolAgent tool's reply means: markdown (or None) normalized into a record's status and output.

**Replies** are markdown (or None) and are normalized into :class:`InvocationRecord` s:

* ``None`` (how these tools report most failures) -> ``rejected``;
* text whose first line is an error report ("An error occurred: ...", "Error: ...", "Invalid SMILES
  string.", "Failed to ...", "... not found", "Network error ...") or that contains a Python
  traceback -> ``rejected``, with the first line as the message;
* any other text -> ``success``, output ``{<response field>: <result>, "markdown": <the reply>}``,
  the response field being the catalog's (``smiles`` for SELFIEStoSMILES) and the result the value
  after the reply's result label (``**Result:** CCO``, a ``**Result**`` heading and the lines below
  it, the typo ``**Reuslt**``, a label naming the output type such as ``**NPR2:** 0.41``, else the
  last labelled value that is not an input echo, else the whole text), see :func:`extract_result`;
  a result that is empty or the word None -> ``rejected``;
* another JSON value -> ``success`` (a dict with an ``error`` key -> ``rejected``); anything else
  (bytes, objects) -> ``error``.
"""

from __future__ import annotations

import re
from typing import Any, Iterable

from llama_index_libra.records import Status

__all__ = ["extract_result", "normalize_reply", "MAX_TEXT"]

MAX_TEXT = 100_000  # reply characters kept in a record


_RESULT_LABEL = re.compile(r"^(?:\w+\s+)?(?:resul\w*|reuslt\w*)$", re.IGNORECASE)
_BOLD_LINE = re.compile(r"^\s*(?:[-*+]\s+)?\*\*(?P<label>[^*\n]{1,80}?)\s*:?\s*\*\*\s*:?\s*(?P<value>.*?)\s*$")
_PLAIN_PAIR = re.compile(r"^\s*(?:[-*+]\s+)?(?P<label>[A-Za-z][\w ()/\-]{0,40}?)\s*:\s*(?P<value>\S.*?)\s*$")
_HEADING = re.compile(r"^\s*#{1,6}\s*")
_REJECTION = re.compile(
    r"^(?:an? )?(?:error|erro\b|exception|invalid|failed|failure|fail to|could ?n[o']t|cannot|can't|unable|"
    r"not found|no such|no \w+ found|tool function execution error|parameter or request error|network error|"
    r"your \w+ is not found|\w+ not found|调用服务失败)",
    re.IGNORECASE,
)
_TRACEBACK = re.compile(r"Traceback \(most recent call last\)|\bAn error occurred\b", re.IGNORECASE)


def _clean_value(value: str) -> str:
    value = value.strip()
    if len(value) >= 2 and value[0] == value[-1] and value[0] in "`'\"":
        value = value[1:-1].strip()
    return value.strip("`").strip()


def _norm_label(label: str) -> str:
    return re.sub(r"[^a-z0-9]", "", label.lower())


def extract_result(text: str, output_labels: Iterable[str] = ()) -> str:
    """The result value of a SciToolAgent markdown reply (see the module docstring for the order)."""
    lines = text.strip().splitlines()
    wanted = {_norm_label(label) for label in output_labels if _norm_label(label)}
    labelled: list[tuple[str, str, int]] = []  # (label, inline value, line index)
    for i, line in enumerate(lines):
        m = _BOLD_LINE.match(line)
        if m:
            labelled.append((m.group("label").strip(), m.group("value"), i))

    def block_after(i: int) -> str:
        out: list[str] = []
        for line in lines[i + 1:]:
            if _BOLD_LINE.match(line) or _HEADING.match(line):
                break
            if not line.strip():
                if out:
                    break
                continue
            out.append(line.strip())
        return "\n".join(out)

    def from_block(block: str) -> str:
        pairs = [m for m in (_PLAIN_PAIR.match(line) for line in block.splitlines()) if m]
        if pairs and len(pairs) == len(block.splitlines()):
            for m in pairs:
                if _norm_label(m.group("label")) in wanted:
                    return _clean_value(m.group("value"))
            if len(pairs) == 1:
                return _clean_value(pairs[0].group("value"))
        return _clean_value(block)

    for label, value, i in labelled:
        if _RESULT_LABEL.match(label):
            return _clean_value(value) if value else from_block(block_after(i))
    for label, value, i in labelled:
        if _norm_label(label) in wanted or any(w and w in _norm_label(label) for w in wanted):
            return _clean_value(value) if value else from_block(block_after(i))
    for label, value, _line in reversed(labelled):
        if value and not _norm_label(label).startswith("input"):
            return _clean_value(value)
    return _clean_value(text)


def normalize_reply(kind: str, value: Any, output_field: str, output_labels: Iterable[str] = ()) -> tuple[Status, Any, str | None]:
    """``(status, output, message)`` for a worker reply of ``kind`` (none, text, json, opaque)."""
    if kind == "none":
        return "rejected", None, "the tool returned None (SciToolAgent tools report most failures that way)"
    if kind == "text":
        text = str(value).encode("utf-8", "replace").decode("utf-8")
        truncated = len(text) > MAX_TEXT
        text = text[:MAX_TEXT]
        stripped = text.strip()
        if not stripped:
            return "rejected", {output_field: "", "markdown": text}, "the tool replied with empty text"
        first = _HEADING.sub("", stripped.splitlines()[0]).strip().strip("*").strip()
        if _REJECTION.match(first) or _TRACEBACK.search(stripped):
            return "rejected", {output_field: None, "markdown": text}, first[:300]
        result = extract_result(text, [output_field.replace("_", " "), *output_labels])
        output = {output_field: result, "markdown": text}
        if not result or result.lower() in ("none", "null", "nan"):
            return "rejected", output, f"the reply's result is empty: {first[:200]}"
        return "success", output, ("reply truncated to 100,000 characters" if truncated else None)
    if kind == "json":
        if isinstance(value, dict) and "error" in value:
            return "rejected", value, str(value["error"])[:300] or "error"
        return "success", {output_field: value}, None
    return "error", None, f"unserializable reply: {value}"
