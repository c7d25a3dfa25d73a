"""A small catalog induced the way the integration tests need it: serial, in-process calls, no progress bar."""

from __future__ import annotations

from typing import Any, Callable

from llama_index_libra.induction import InductionConfig, induce
from llama_index_libra.runtime.python import PythonRuntime


def induce_serially(tools: list[Callable[..., Any]], state: Callable[[], Any], fixtures: dict[str, Any], **config: Any):
    """``(library, report)`` of a default build (``config`` overrides InductionConfig fields)."""
    runtime = PythonRuntime(tools, state, fixtures=fixtures)
    runtime.isolation = "none"
    return induce(runtime, executor="serial", show_progress=False, config=InductionConfig(**config))
