"""Value shapes: the character classes a value is written in, to match values against documented examples.

``#H4410021`` has the shape ``#A9``; a value ranks first for an input whose documentation shows an
example of its shape (``such as '#W0000000'``), whatever the value's own field is called.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any, Iterable

__all__ = ["value_shape", "folded_shape", "shapes_match", "layout_matches"]


def value_shape(value: Any) -> str | None:
    """A value's shape: each run of digits, upper-case letters or lower-case letters as one
    class (``9``, ``A``, ``a``), other characters kept (``#H4410021`` -> ``#A9``); None for
    anything but strings and numbers."""
    if isinstance(value, bool) or not isinstance(value, (str, int, float)):
        return None
    return _shape(value if isinstance(value, str) else repr(value))


@lru_cache(maxsize=65536)
def _shape(text: str) -> str:
    # every binder of a build asks for the shapes of the same few thousand values again and again
    out: list[str] = []
    for ch in text:
        c = "9" if ch.isdigit() else "A" if ch.isupper() else "a" if ch.isalpha() else ch
        if not out or out[-1] != c or c not in "9Aa":
            out.append(c)
    return "".join(out)


@lru_cache(maxsize=65536)
def folded_shape(shape: str) -> str:
    """A shape with letter case and runs of white space folded (``a9 9a`` and ``A9  9A`` -> ``L9 9L``):
    what people type (``nv3 7qp``) has the shape of the system's form (``NV3 7QP``) but its case."""
    return re.sub(r"\s+", " ", re.sub(r"[Aa]+", "L", shape))


def shapes_match(value: Any, examples: Iterable[Any]) -> bool:
    """Whether ``value`` has the shape of one of ``examples`` (of the same type), the same length
    and character classes (random codes: ``8JX2WO`` and ``ZFA04Y``), or, for text, the same shape
    once case and white space are folded (``nv3 7qp`` for an example ``'NV3  7QP'``)."""
    shape = value_shape(value)
    if shape is None:
        return False
    for ex in examples:
        if type(ex) is not type(value) and not (isinstance(ex, (int, float)) and isinstance(value, (int, float))):
            continue
        ex_shape = value_shape(ex) or ""
        if ex_shape == shape:
            return True
        if isinstance(ex, str) and isinstance(value, str) and (
                (len(ex) == len(value) and set(ex_shape) == set(shape)) or folded_shape(ex_shape) == folded_shape(shape)):
            return True
    return False


def layout_matches(example: str, texts: Iterable[str], limit: int = 8) -> list[str]:
    """Pieces of ``texts`` written in ``example``'s layout: its runs of digits and of letters at their
    lengths, its other characters as they are, any spacing between groups (``JZ 50 41 88 D`` in a
    handed note, for a refusal's ``QQ 12 34 56 C``), distinct, in text order. Only for an example of
    letters and digits together, five characters or more: a shorter one matches too much."""
    if len(example) < 5 or not re.search(r"\d", example) or not re.search(r"[A-Za-z]", example):
        return []
    parts: list[str] = []
    for run in re.finditer(r"\d+|[A-Za-z]+|\s+|.", example):
        text = run.group(0)
        if text[0].isdigit():
            parts.append(rf"\d{{{len(text)}}}")
        elif text[0].isalpha():
            parts.append(rf"[A-Za-z]{{{len(text)}}}")
        elif text[0].isspace():
            parts.append(r"\s?")
        else:
            parts.append(re.escape(text))
    pattern = re.compile(r"(?<![A-Za-z0-9])" + "".join(parts) + r"(?![A-Za-z0-9])")
    out: list[str] = []
    for text in texts:
        for m in pattern.finditer(text):
            if m.group(0) != example and m.group(0) not in out:
                out.append(m.group(0))
                if len(out) >= limit:
                    return out
    return out
