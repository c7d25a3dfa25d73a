"""Parameter descriptions written in a function's docstring, for schemas that lack them.

Plain Python tools document their parameters in the docstring (Google ``Args:`` blocks, NumPy
``Parameters`` sections, Sphinx ``:param x:`` fields), and a schema built from the signature alone
loses what they say: the example of an id's shape ("such as '#W0000000'"), the allowed values
("either 'no longer needed' or 'ordered by mistake'"), a date's layout. :func:`param_docs` reads
them back so a runtime can put them into each parameter's ``description``.
"""

from __future__ import annotations

import re

__all__ = ["param_docs"]

_GOOGLE_HEADER = re.compile(r"^(\s*)(?:Args|Arguments|Parameters|Params|Keyword Args|Keyword Arguments)\s*:\s*$")
_NUMPY_HEADER = re.compile(r"^(\s*)Parameters\s*$")
_SECTION = re.compile(r"^\s*(?:Returns?|Raises|Yields?|Examples?|Notes?|See Also|Attributes|References)\s*:?\s*$")
_GOOGLE_ENTRY = re.compile(r"^(\s*)\*{0,2}(\w+)\s*(?:\([^)]*\))?\s*:\s*(.*)$")
_NUMPY_ENTRY = re.compile(r"^(\s*)(\w+)\s*(?::\s*[^\n]*)?$")
_SPHINX = re.compile(r":param\s+(?:[\w\[\], ]+\s+)?(\w+)\s*:\s*(.+?)(?=\n\s*:|\Z)", re.DOTALL)


def _indent(line: str) -> int:
    return len(line) - len(line.lstrip())


def _clean(parts: list[str]) -> str:
    return " ".join(" ".join(p.split()) for p in parts if p.strip()).strip()


def param_docs(docstring: str | None) -> dict[str, str]:
    """``{parameter: description}`` from a docstring's Google, NumPy or Sphinx parameter section;
    continuation lines are joined with single spaces."""
    if not docstring:
        return {}
    lines = docstring.expandtabs().splitlines()
    out: dict[str, str] = {}
    i = 0
    while i < len(lines):
        header = _GOOGLE_HEADER.match(lines[i])
        numpy = _NUMPY_HEADER.match(lines[i]) if header is None else None
        if numpy is not None and not (i + 1 < len(lines) and set(lines[i + 1].strip()) == {"-"}):
            numpy = None
        if header is None and numpy is None:
            i += 1
            continue
        base = _indent(lines[i])
        i += 2 if numpy is not None else 1
        name, parts, entry_indent = None, [], None
        while i < len(lines):
            line = lines[i]
            if line.strip() and (_indent(line) < base or (_indent(line) == base and numpy is None)
                                 or _SECTION.match(line)):
                break
            if numpy is not None and line.strip() and set(line.strip()) == {"-"}:
                break  # the underline of the next NumPy section: its title was read as an entry
            match = (_GOOGLE_ENTRY if numpy is None else _NUMPY_ENTRY).match(line) if line.strip() else None
            if match and (entry_indent is None or _indent(line) <= entry_indent):
                if name is not None:
                    out.setdefault(name, _clean(parts))
                entry_indent = _indent(line)
                name = match.group(2)
                parts = [match.group(3)] if numpy is None else []
            elif name is not None:
                parts.append(line)
            i += 1
        if name is not None:
            out.setdefault(name, _clean(parts))
    for match in _SPHINX.finditer(docstring):
        out.setdefault(match.group(1), _clean([match.group(2)]))
    return {k: v for k, v in out.items() if v}
