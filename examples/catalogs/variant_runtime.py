"""A PythonRuntime that offers several fresh states (a catalog's FRESH_STATES) to explore from.

For packages whose ``Runtime`` has a ``fresh_states()`` method but whose ``PythonRuntime`` takes no
keyword for it. It lives in an importable module (not a script's ``__main__``) so that process-pool
workers can unpickle it.
"""

from __future__ import annotations

from typing import Any, Callable, Iterable

from llama_index_libra.runtime.python import PythonRuntime


class VariantRuntime(PythonRuntime):
    """``PythonRuntime`` whose ``fresh_states()`` are ``[f() for f in fresh_factories]``."""

    def __init__(self, tools: Iterable[Any], state_factory: Callable[[], Any], *,
                 fresh_factories: Iterable[Callable[[], Any]], **kwargs: Any) -> None:
        super().__init__(tools, state_factory, **kwargs)
        self._fresh_factories = list(fresh_factories)

    def fresh_states(self) -> list[Any]:
        """One fresh state per factory, ``state_factory`` first."""
        return [f() for f in self._fresh_factories]
