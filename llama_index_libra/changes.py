"""What differs between two versions of a catalog, and how a library says so: the change sets
(:func:`catalog_changes`) and the messages of :meth:`ToolLibrary.fit` and its mismatch error."""

from __future__ import annotations

from typing import Any, Mapping

__all__ = ["catalog_changes", "mismatch_message", "fit_message", "caller_stacklevel", "NAMES_SHOWN"]


def catalog_changes(old: Any, new: Any) -> dict[str, list[str]]:
    """What differs between two catalogs (``ToolCatalog``s), by tool name: ``changed`` (same name, other public
    metadata: an edited docstring or schema), ``added``, ``removed``, and ``reordered`` (order is
    the ranking tie-breaker, so it is part of the fingerprint)."""
    changed = [t.name for t in new if t.name in old and old.get(t.name).text() != t.text()]
    added = [n for n in new.names if n not in old]
    removed = [n for n in old.names if n not in new]
    common_old = [n for n in old.names if n in new]
    common_new = [n for n in new.names if n in old]
    return {
        "changed": changed,
        "added": added,
        "removed": removed,
        "reordered": [] if common_old == common_new else [n for n, m in zip(common_new, common_old) if n != m],
    }



def mismatch_message(changes: Mapping[str, list[str]]) -> str:
    """The error of a library used with a catalog it was not built for, naming what differs."""
    parts = [f"{len(v)} {k} ({_names(v)})" for k, v in changes.items() if v and k != "reordered"]
    if changes.get("reordered"):
        parts.append("the tool order differs")
    what = "; ".join(parts) or "the public metadata differs"
    return (f"the library was built for a different catalog: tools {what}. Rebuild only those: rerun `libra induce` "
            "(or induce()) with the --log-dir/log_dir of the first build; runs that do not involve them are "
            "served from the run log")


NAMES_SHOWN = 8  # tool names listed in a catalog-mismatch message


def _names(items: list[str]) -> str:
    return ", ".join(items[:NAMES_SHOWN]) + (f" and {len(items) - NAMES_SHOWN} more" if len(items) > NAMES_SHOWN else "")


def caller_stacklevel() -> int:
    """The ``warnings.warn`` stack level of the first frame outside this package (the user's call)."""
    import sys

    frame, level = sys._getframe(1), 1
    while frame is not None and frame.f_globals.get("__name__", "").startswith("llama_index_libra"):
        frame, level = frame.f_back, level + 1
    return level


def fit_message(source: str, changes: Mapping[str, list[str]], dropped: int) -> str:
    """The one warning :meth:`ToolLibrary.fit` gives, or "" when only the tool order differs."""
    parts = []
    if changes.get("added"):
        parts.append(f"{len(changes['added'])} new ({_names(changes['added'])}) ranked without relations")
    if changes.get("changed"):
        parts.append(f"{len(changes['changed'])} changed ({_names(changes['changed'])}) keep the relations whose inputs still exist")
    if changes.get("removed"):
        parts.append(f"{len(changes['removed'])} removed ({_names(changes['removed'])})")
    if not parts:
        return ""
    dropped_text = f"; {dropped} relations dropped" if dropped else ""
    return (f"{source} was built for another version of these tools: {'; '.join(parts)}{dropped_text}. Rebuild to cover "
            "them (rerun `libra induce` or induce() with the first build's --log-dir/log_dir: only runs that involve "
            "these tools re-execute); strict=True refuses a library that does not fit")
