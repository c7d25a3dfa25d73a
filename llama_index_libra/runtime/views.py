"""JSON views of sandbox state: JSONPaths of keys, leaf diffs between two views, lenient views.

A runtime's :meth:`~llama_index_libra.runtime.base.Runtime.view` gives JSON; the record of a call
holds the leaf diffs (:func:`diff_views`) of the views before and after it, each with a JSONPath
(:func:`json_path_child`) that ``jsonpath-ng`` parses. :func:`jsonable_view` turns an arbitrary
Python object into a deterministic view for runtimes whose state is not JSON.
"""

from __future__ import annotations

import math
from typing import Any

from llama_index_libra._io import canonical_json
from llama_index_libra.records import to_jsonable

__all__ = ["json_path_child", "diff_views", "jsonable_view"]


_IDENT_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_")
# Keys jsonpath-ng cannot parse after a dot (its ``where`` operators); they use the bracket form.
_JSONPATH_KEYWORDS = frozenset({"where", "wherenot"})


def json_path_child(path: str, key: Any) -> str:
    """The JSONPath of ``key`` under ``path``: ``$.a.b`` for identifiers, ``$.a['file 1.txt']`` else.

    Integers (list indices) give ``$.a[0]``. Every path parses with ``jsonpath-ng``.
    """
    if isinstance(key, int) and not isinstance(key, bool):
        return f"{path}[{key}]"
    key = str(key)
    if key and not key[0].isdigit() and all(c in _IDENT_CHARS for c in key) and key not in _JSONPATH_KEYWORDS:
        return f"{path}.{key}"
    escaped = key.replace("\\", "\\\\").replace("'", "\\'")
    return f"{path}['{escaped}']"


def _diff(a: Any, b: Any, path: str, out: list[dict[str, Any]]) -> None:
    # (an equal subtree, compared in C, is never walked: a call changes a few leaves of a large view)
    if isinstance(a, dict) and isinstance(b, dict):
        for key in sorted(set(a) | set(b), key=str):
            if key not in b:
                out.append({"path": json_path_child(path, str(key)), "before": a[key]})
            elif key not in a:
                out.append({"path": json_path_child(path, str(key)), "after": b[key]})
            elif a[key] != b[key]:
                _diff(a[key], b[key], json_path_child(path, str(key)), out)
        return
    if isinstance(a, list) and isinstance(b, list):
        common = min(len(a), len(b))
        for i in range(common):
            if a[i] != b[i]:
                _diff(a[i], b[i], f"{path}[{i}]", out)
        for i in range(common, len(a)):
            out.append({"path": f"{path}[{i}]", "before": a[i]})
        for i in range(common, len(b)):
            out.append({"path": f"{path}[{i}]", "after": b[i]})
        return
    if a != b:
        out.append({"path": path, "before": a, "after": b})


def diff_views(before: Any, after: Any, *, root: str = "$") -> list[dict[str, Any]]:
    """Leaf differences between two JSON views, as ``{"path", "before", "after"}`` records.

    Dict keys are visited in sorted order and list items by index, so the result is deterministic.
    A key or list item that appears has only ``after``; one that disappears has only ``before``; both
    carry the whole (sub)value. A value whose JSON type changes is one record with both sides.

    Leaves compare by value, as Python does: a tool that re-stores ``25.0`` as ``25`` changed nothing
    (the canonical JSON, hence :meth:`Runtime.digest`, does tell them apart). The whole-view equality
    check runs in C, so a call that changed nothing costs almost nothing here.
    """
    out: list[dict[str, Any]] = []
    if before == after:
        return out
    _diff(before, after, root, out)
    return out


# --------------------------------------------------------------------------- lenient JSON views


def jsonable_view(obj: Any, *, max_depth: int = 48) -> Any:
    """A deterministic JSON view of an arbitrary Python object, for diffs and digests.

    Tries :func:`to_jsonable` first; objects it cannot convert become the JSON view of their
    attributes (``vars``), and anything else becomes ``"<module.Type>"`` (never a ``repr`` with a
    memory address, which would make digests differ between identical states). Cycles become
    ``"<cycle>"``.
    """
    try:
        return to_jsonable(obj)
    except (TypeError, ValueError, RecursionError):
        return _lenient(obj, set(), 0, max_depth)


def _lenient(obj: Any, stack: set[int], depth: int, max_depth: int) -> Any:
    if obj is None or isinstance(obj, (bool, int, str)):
        return obj
    if isinstance(obj, float):
        return obj if math.isfinite(obj) else repr(obj)
    if depth >= max_depth:
        return f"<{type(obj).__module__}.{type(obj).__qualname__}>"
    if id(obj) in stack:
        return "<cycle>"
    stack.add(id(obj))
    try:
        if isinstance(obj, dict):
            return {str(k): _lenient(v, stack, depth + 1, max_depth) for k, v in obj.items()}
        if isinstance(obj, (list, tuple)):
            return [_lenient(v, stack, depth + 1, max_depth) for v in obj]
        if isinstance(obj, (set, frozenset)):
            items = [_lenient(v, stack, depth + 1, max_depth) for v in obj]
            return sorted(items, key=canonical_json)
        try:
            return to_jsonable(obj)
        except (TypeError, ValueError, RecursionError):
            pass
        attrs = getattr(obj, "__dict__", None)
        if isinstance(attrs, dict):
            return {str(k): _lenient(v, stack, depth + 1, max_depth) for k, v in attrs.items() if not callable(v)}
        return f"<{type(obj).__module__}.{type(obj).__qualname__}>"
    finally:
        stack.discard(id(obj))
