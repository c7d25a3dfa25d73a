"""The scalar leaves of a reply: their JSONPaths and key chains, and rows read by position.

A reply without a schema is read leaf by leaf (:func:`observed_leaves` for the paths a contract exports,
:func:`leaf_values` for the concrete values of JSON text). Rows (lists read by position, the cells of
which are scalars, rows, or lists of rows) take their column names from the tool's documentation
(:func:`row_columns`: ``[class_code, label, [student_count, teacher]]``).
"""

from __future__ import annotations

import json
import re
from typing import Any, Iterable, Iterator

__all__ = ["SCALAR_TYPES", "MAX_LEAVES", "Columns", "row_columns", "observed_leaves", "leaf_values"]

SCALAR_TYPES = {bool: "boolean", int: "integer", float: "number", str: "string"}
_MAX_LEAF_DEPTH = 6  # how deep feedback exports walk an undocumented output
MAX_LEAVES = 64  # leaf paths exported per undocumented output

Columns = tuple  # column names of a row; a cell that is itself a row (or a list of rows) is a nested Columns


# words a column's head phrase ends before: a preposition or a clause (``rating in the tournament's
# category`` -> ``rating``, ``contexts it is later than`` -> ``contexts``)
_PHRASE_ENDS = frozenset({"in", "of", "for", "on", "by", "from", "per", "with", "at", "to", "until", "as", "it", "its",
                          "that", "which", "who", "whose", "when", "where", "if", "or", "the", "a", "an"})
_LEADING = frozenset({"the", "a", "an", "its", "their", "his", "her", "each", "every", "one"})


def _head_phrase(item: str) -> str:
    """The head of a column described in words: articles, possessives and asides dropped, cut before
    the first preposition or clause (``the entry's status (entered, ...)`` -> ``entry status``)."""
    text = re.sub(r"\([^()]*\)", " ", item).replace("`", " ")
    words = [w.removesuffix("'s").removesuffix("\u2019s") for w in text.split()]
    while words and words[0].lower() in _LEADING:
        words = words[1:]
    for i, w in enumerate(words[1:], 1):
        if w.lower() in _PHRASE_ENDS:
            words = words[:i]
            break
    return " ".join(words)


def _column_name(item: str, *, trim: bool = False) -> str | None:
    """A column's name from its description: the item itself when it is a short name (up to four
    words), else (``trim``, or an item too long) its head phrase (:func:`_head_phrase`)."""
    if item.strip()[:1] in ("'", '"', "`") and not trim:
        return None  # a quoted item is a value (a ``Literal['placed', 'delivered']`` in a signature), not a name
    if trim or len(item.split()) > 4:
        item = _head_phrase(item)
    name = re.sub(r"[^a-z0-9]+", "_", item.lower()).strip("_")
    return name if name and len(item.split()) <= 4 and not name[0].isdigit() else None


def _parse_bracket(text: str, start: int) -> tuple[Any, int]:
    """The bracketed list at ``text[start] == "["``: a tuple of column names and nested tuples
    (``None`` where an item is no short name), and the index past its closing bracket."""
    items: list[Any] = []
    buf = ""
    i = start + 1
    while i < len(text):
        c = text[i]
        if c == "[":
            sub, i = _parse_bracket(text, i)
            items.append(sub)
            buf = "\x00"  # the item was the nested list
            continue
        if c in ",]":
            if buf != "\x00":
                word = buf.strip()
                items.append(None if word in ("...", "…") else (_column_name(word) if word else None) or False)
            buf = ""
            if c == "]":
                return tuple(x for x in items if x is not None), i + 1
        elif buf != "\x00":
            buf += c
        i += 1
    return (False,), len(text)  # unclosed: no columns


def _valid_columns(cols: Any) -> bool:
    if not isinstance(cols, tuple) or not cols or False in cols:
        return False
    return all(isinstance(c, str) or _valid_columns(c) for c in cols)


def _nested(cols: Columns) -> list[Columns]:
    """The row layouts nested in ``cols`` (each inner bracket of two or more names), outer first."""
    out = []
    for c in cols:
        if isinstance(c, tuple):
            if len(c) >= 2:
                out.append(c)
            out.extend(_nested(c))
    return out


def row_columns(text: str) -> list[Columns]:
    """Column names a tool's documentation gives its rows: each bracketed, comma-separated list of
    short names (``"as rows [employee_id, full name, title]"`` -> ``("employee_id", "full_name",
    "title")``), in the order written; a cell that is a list is a nested tuple
    (``[code, label, [count, teacher]]``, and ``[[rate, nightly], ...]`` for a list of rows), and
    every nested layout is listed after its outer one (a bare list of rows is read by it). Then the
    layouts written in words (:func:`prose_columns`)."""
    text = text or ""
    return _bracket_columns(text) + prose_columns(text)


# a sentence that says what a row holds, then lists it after a colon: ``Returns one row per entry in
# entry id order: entry id, member id, name, rating in the tournament's category and the entry's status``
_ROW_SENTENCE = re.compile(r"\b(?:rows?|columns?)\b[^.:;]*:\s*([^:;]+?)(?:\.(?:\s|$)|;|$)", re.I)


def prose_columns(text: str) -> list[Columns]:
    """Row layouts a documentation writes in words rather than brackets: after a sentence's mention
    of rows (or columns) and a colon, the comma-separated list up to the sentence's end, ``and`` or
    ``or`` before its last item, each item named by its head phrase (:func:`_head_phrase`). Only lists
    of two or more names are kept; a reply's rows take one only where the lengths agree
    (:func:`observed_leaves`), so a list that is no layout is never read as one."""
    out: list[Columns] = []
    for m in _ROW_SENTENCE.finditer(text or ""):
        body = re.sub(r"\([^()]*\)", " ", m.group(1))
        if "[" in body:
            continue  # written in brackets: read as such
        items = [x for x in re.split(r",\s*|\s+(?:and|or)\s+", body) if x.strip()]
        names = tuple(_column_name(x, trim=True) for x in items)
        if len(names) >= 2 and all(names) and len(set(names)) == len(names):
            out.append(names)
    return out


def _bracket_columns(text: str) -> list[Columns]:
    """The bracketed layouts of :func:`row_columns`."""
    out = []
    i = 0
    while True:
        i = text.find("[", i)
        if i < 0:
            return out
        cols, end = _parse_bracket(text, i)
        if _valid_columns(cols) and (len(cols) >= 2 or isinstance(cols[0], tuple)) and \
                (len(cols) >= 2 or len(cols[0]) >= 2):
            if len(cols) >= 2:
                out.append(cols)
            out.extend(_nested(cols))  # ``[[a, b, c], ...]`` documents rows [a, b, c] (a list of them)
            i = end
        else:
            i += 1  # a list of values (``[1, 2]``), or a name alone: the brackets inside may still be columns


def _scalar(x: Any) -> bool:
    return x is None or type(x) in SCALAR_TYPES


def _is_row(item: Any) -> bool:
    """A list read by position: scalar cells, and cells that are themselves rows or lists of rows."""
    return isinstance(item, list) and any(type(x) in SCALAR_TYPES for x in item) and \
        all(_scalar(x) or (isinstance(x, list) and all(_scalar(y) or isinstance(y, list) for y in x)) for x in item)


def _first_paths(leaves: Iterable[tuple[str, tuple[str, ...], str]], seen: set[str]) -> Iterator[tuple[str, tuple[str, ...], str]]:
    """``leaves`` whose path is not in ``seen`` yet (adding it): the rows of a list share their paths."""
    for leaf in leaves:
        if leaf[0] not in seen:
            seen.add(leaf[0])
            yield leaf


def _row_leaves(row: list, path: str, keys: tuple[str, ...], names: Columns | None, owner: str,
                depth: int) -> Iterator[tuple[str, tuple[str, ...], str]]:
    """(JSONPath, key chain, JSON type) of each cell of one row at ``path`` (cells as ``[i]``)."""
    if depth > _MAX_LEAF_DEPTH:
        return
    for i, x in enumerate(row):
        sub = names[i] if names is not None and i < len(names) else None
        name = sub if isinstance(sub, str) else f"{owner}_{i + 1}"
        leaf = f"{path}[{i}]"
        t = SCALAR_TYPES.get(type(x))
        if t is not None:
            yield leaf, keys + (name,), t
        elif isinstance(x, list) and x:
            inner = sub if isinstance(sub, tuple) else None
            if all(_scalar(y) for y in x):  # the cell is a row: [count, teacher]
                yield from _row_leaves(x, leaf, keys, inner if inner is not None and len(inner) == len(x) else None, name, depth + 1)
            else:  # the cell is a list of rows: [[rate, nightly], ...]
                rows_of = inner[0] if inner is not None and len(inner) == 1 and isinstance(inner[0], tuple) else inner
                seen: set[str] = set()
                for y in x[:16]:
                    if isinstance(y, list) and _is_row(y):
                        cols = rows_of if rows_of is not None and len(rows_of) == len(y) else None
                        yield from _first_paths(_row_leaves(y, f"{leaf}[*]", keys, cols, name, depth + 1), seen)


def observed_leaves(out: Any, path: str = "$.output", keys: tuple[str, ...] = (), depth: int = 0,
                    columns: Iterable[Columns] = ()) -> Iterator[tuple[str, tuple[str, ...], str]]:
    """(JSONPath, key chain, JSON type) of every scalar leaf of an observed output, arrays as ``[*]``.

    Arrays of records give one path per record field (``$.output.items[*].id``); a path is listed once.
    Rows (lists read by position, :func:`_is_row`) give one path per column (``$.output.rows[*][0]``),
    named by the first of ``columns`` (:func:`row_columns`) with the row's length, else
    ``<key>_<n>``; a cell that is a row or a list of rows gives its own columns (``[*][4][1]``).
    """
    if depth > _MAX_LEAF_DEPTH:
        return
    t = SCALAR_TYPES.get(type(out))
    if t is not None:
        yield path, keys, t
        return
    columns = tuple(columns)
    if isinstance(out, dict):
        for key in sorted(out, key=str):
            if not str(key).isidentifier():
                continue
            yield from observed_leaves(out[key], f"{path}.{key}", keys + (str(key),), depth + 1, columns)
    elif isinstance(out, list):
        seen: set[str] = set()
        for item in out[:16]:
            if _is_row(item):
                names = next((c for c in columns if len(c) == len(item)), None)
                owner = keys[-1] if keys else "row"
                yield from _first_paths(_row_leaves(item, f"{path}[*]", keys, names, owner, depth + 1), seen)
            else:
                yield from _first_paths(observed_leaves(item, f"{path}[*]", keys, depth + 1, columns), seen)


def leaf_values(out: Any, path: str, keys: tuple[str, ...], depth: int = 0) -> Iterator[tuple[str, tuple[str, ...], Any]]:
    """(concrete JSONPath, key chain, value) of every scalar leaf of a parsed JSON reply; a key that
    is no identifier (``"Water Bottle"``) is written in brackets and stays in the key chain."""
    if depth > _MAX_LEAF_DEPTH:
        return
    if type(out) in SCALAR_TYPES:
        yield path, keys, out
    elif isinstance(out, dict):
        for key in sorted(out, key=str):
            step = f".{key}" if str(key).isidentifier() else f"[{json.dumps(str(key))}]"
            yield from leaf_values(out[key], path + step, keys + (str(key),), depth + 1)
    elif isinstance(out, list):
        for i, item in enumerate(out[:16]):
            yield from leaf_values(item, f"{path}[{i}]", keys, depth + 1)
