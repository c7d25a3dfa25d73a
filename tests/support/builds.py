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


def relation_triples(library: Any) -> set[tuple[str, str, str]]:
    """(provider, consumer, kind) of every relation and alternative a library holds."""
    return {(r.provider, r.consumer, r.kind) for r in list(library.relations) + list(library.alternatives)}


def with_and_without(build: Callable[[], Any], *patches: tuple[Any, str, Any]) -> tuple[Any, Any]:
    """``(build(), build() with each (module, name, replacement) of ``patches`` set)``: a gate's build
    beside the same build with the gate's predicate turned off."""
    import pytest

    gated = build()
    with pytest.MonkeyPatch.context() as mp:
        for module, name, replacement in patches:
            mp.setattr(module, name, replacement)
        ungated = build()
    return gated, ungated
