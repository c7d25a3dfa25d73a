"""Deprecated names kept working: an old function name, an old keyword, an old command-line flag.

Each use warns once per call site with :class:`DeprecationWarning` naming the replacement, so code
written against an earlier release keeps running while it is moved to the new name.
"""

from __future__ import annotations

import functools
import warnings
from typing import Any, Callable, Mapping, MutableMapping, TypeVar

__all__ = ["deprecated_alias", "renamed_keywords", "warn_renamed"]

F = TypeVar("F", bound=Callable[..., Any])


def warn_renamed(old: str, new: str, *, stacklevel: int = 3) -> None:
    """Warn that ``old`` is a deprecated name of ``new``."""
    warnings.warn(f"{old} is deprecated; use {new}", DeprecationWarning, stacklevel=stacklevel)


def deprecated_alias(function: F, old_name: str) -> F:
    """``function`` under its former name ``old_name``: same behaviour, plus a DeprecationWarning."""

    @functools.wraps(function)
    def alias(*args: Any, **kwargs: Any) -> Any:
        warn_renamed(old_name, function.__name__)
        return function(*args, **kwargs)

    alias.__name__ = old_name
    alias.__doc__ = f"Deprecated alias of :func:`{function.__name__}`."
    return alias  # type: ignore[return-value]


def renamed_keywords(kwargs: MutableMapping[str, Any], renames: Mapping[str, str], *, where: str) -> MutableMapping[str, Any]:
    """Move deprecated keywords of ``kwargs`` to their new names in place (warning for each);
    TypeError when both the old and the new name are given."""
    for old, new in renames.items():
        if old in kwargs:
            if new in kwargs:
                raise TypeError(f"{where}: give {new}= only ({old}= is its deprecated name)")
            warn_renamed(f"{where}({old}=...)", f"{new}=...", stacklevel=4)
            kwargs[new] = kwargs.pop(old)
    return kwargs
