"""AppWorld: its apps as a runtime (driven in their own environment), its API docs as a catalog, and its tasks.

Nothing of AppWorld is shipped: the apps run inside a side environment made by
:func:`~.environment.setup_environment`, the catalog is generated from that environment's own API docs at
run time, and tasks come from the user's downloaded AppWorld data.
"""

from __future__ import annotations

from llama_index_libra.benchmarks.appworld.environment import (
    AppWorldEnvironmentError,
    PackageRegistryUnreachable,
    default_env_dir,
    environment_status,
    require_environment,
    setup_environment,
)

__all__ = ["AppWorldEnvironmentError", "PackageRegistryUnreachable", "default_env_dir", "environment_status", "require_environment", "setup_environment",
           "AppWorldRuntime", "load_appworld_catalog", "load_appworld", "induce_apps", "merge_parts"]

_LAZY = {
    "AppWorldRuntime": "llama_index_libra.benchmarks.appworld.runtime",
    "load_appworld_catalog": "llama_index_libra.benchmarks.appworld.catalog",
    "load_appworld": "llama_index_libra.benchmarks.appworld.tasks",
    "induce_apps": "llama_index_libra.benchmarks.appworld.build",
    "merge_parts": "llama_index_libra.benchmarks.appworld.build",
}


def __getattr__(name: str):
    """The heavier parts, imported on first use (``libra --help`` stays fast)."""
    if name in _LAZY:
        import importlib

        return getattr(importlib.import_module(_LAZY[name]), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
