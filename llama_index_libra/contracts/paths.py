"""Export paths: the small JSONPath subset contracts may use, parsed once and rendered back concretely."""

from __future__ import annotations

import functools
import json
import re
from typing import Any

from jsonpath_ng import JSONPath, parse as _jsonpath_parse
from jsonpath_ng.jsonpath import Child, Fields, Index, Root, Slice, Wildcard

__all__ = [
    "MAX_PATH_CHARS",
    "MAX_PATH_WILDCARDS",
    "MAX_EXPORT_MATCHES",
    "ExportPathError",
    "compile_path",
    "path_problem",
    "render_key",
    "concrete_path",
]

_EXPORT_ROOT_RE = re.compile(r"^\$\.(arguments|output|state_changes)(?:[.\[].*)?$", re.DOTALL)
_IDENTIFIER_RE = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")

# Export paths select fields: one name or index per step, ``*`` / slices for elements. Unions,
# filters, ``this`` and multi-name steps are refused (each multiplies the matches: a 296-character
# ``(`this`|`this`)`` chain yields 262,145), and so are over-long paths and too many wildcards.
MAX_PATH_CHARS = 256
MAX_PATH_WILDCARDS = 4
# Most values one export takes from one record (further matches are dropped).
MAX_EXPORT_MATCHES = 256


class ExportPathError(ValueError):
    """An export path outside the accepted JSONPath subset (see :data:`MAX_PATH_CHARS`)."""


def _path_steps(node: Any) -> list[Any]:
    """The steps of a parsed path, or raise ExportPathError for a construct outside the subset."""
    steps: list[Any] = []
    stack = [node]
    while stack:
        current = stack.pop()
        if isinstance(current, Child):
            stack.append(current.right)
            stack.append(current.left)
        elif isinstance(current, Root):
            continue
        elif isinstance(current, Fields):
            if len(current.fields) != 1:
                raise ExportPathError("select one field per step (no multi-name steps)")
            steps.append(current)
        elif isinstance(current, Index):
            if len(getattr(current, "indices", None) or (current.index,)) != 1:
                raise ExportPathError("select one index per step (no multi-index steps)")
            steps.append(current)
        elif isinstance(current, (Wildcard, Slice)):
            steps.append(current)
        else:
            raise ExportPathError(f"{type(current).__name__.lstrip('_')} steps are not allowed; use plain .field, [n] and [*] steps")
    return steps


@functools.lru_cache(maxsize=4096)
def compile_path(path: str) -> JSONPath:
    """Parse a JSONPath once per process (parsing costs far more than evaluating); raises
    ExportPathError for a path outside the accepted subset."""
    if len(path) > MAX_PATH_CHARS:
        raise ExportPathError(f"is {len(path)} characters long; keep export paths under {MAX_PATH_CHARS}")
    try:
        parsed = _jsonpath_parse(path)
    except RecursionError:
        raise ExportPathError("nests too deeply") from None
    steps = _path_steps(parsed)
    wild = sum(isinstance(s, (Wildcard, Slice)) or (isinstance(s, Fields) and s.fields[0] == "*") for s in steps)
    if wild > MAX_PATH_WILDCARDS:
        raise ExportPathError(f"has {wild} wildcard steps; at most {MAX_PATH_WILDCARDS} are allowed")
    return parsed


def path_problem(path: str) -> str | None:
    """Why ``path`` is not an acceptable export path, or None."""
    if ".." in path:
        return "recursive descent '..' is not allowed (rule 31: no catch-all exports); select one explicit field"
    if not _EXPORT_ROOT_RE.match(path):
        return "must start with $.arguments, $.output or $.state_changes"
    try:
        compile_path(path)
    except ExportPathError as exc:
        return str(exc)
    except Exception as exc:  # jsonpath-ng raises bare Exception/JsonPathLexerError on bad syntax
        return f"is not a parseable JSONPath ({str(exc).splitlines()[0] if str(exc) else type(exc).__name__})"
    return None


_RESERVED_FIELDS = frozenset({"where", "wherenot"})  # jsonpath-ng keywords: quote them


def render_key(key: str) -> str:
    """One JSONPath step for a field: ``.key``, or ``['key']`` when it is no plain identifier."""
    if _IDENTIFIER_RE.match(key) and key not in _RESERVED_FIELDS:
        return f".{key}"
    return f"['{key}']" if "'" not in key else "[" + json.dumps(key) + "]"


def concrete_path(full_path: Any) -> str:
    """Render a jsonpath-ng match's ``full_path`` as a concrete JSONPath (``$.output.items[2].id``)."""
    parts: list[str] = []

    def walk(node: Any) -> None:
        if isinstance(node, Child):
            walk(node.left)
            walk(node.right)
        elif isinstance(node, Root):
            return
        elif isinstance(node, Fields):
            for f in node.fields:
                parts.append(render_key(str(f)))
        elif isinstance(node, Index):
            indices = getattr(node, "indices", None) or (node.index,)
            parts.append("".join(f"[{i}]" for i in indices))
        else:
            parts.append(f".{node}")

    walk(full_path)
    return "$" + "".join(parts)
