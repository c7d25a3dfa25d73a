"""AppWorld: its apps as a runtime (driven in their own environment), its API docs as a catalog, and its tasks.

Nothing of AppWorld is shipped: the apps run inside a side environment made by
:func:`~.environment.setup_environment`, the catalog is generated from that environment's own API docs at
run time, and tasks come from the user's downloaded AppWorld data.
"""

from __future__ import annotations

from llama_index_libra.benchmarks.appworld.environment import (
    AppWorldEnvironmentError,
    default_env_dir,
    environment_status,
    require_environment,
    setup_environment,
)

__all__ = ["AppWorldEnvironmentError", "default_env_dir", "environment_status", "require_environment", "setup_environment"]
