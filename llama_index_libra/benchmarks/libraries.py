"""Default libraries of the packaged benchmarks, built once and cached on disk.

The cache key covers the catalog content, the runtime, the induction settings and the engine
version, so a change to any of them rebuilds instead of reusing a stale library.
"""

from __future__ import annotations

import hashlib
import logging
import shutil
from pathlib import Path
from typing import Any

from llama_index_libra._io import canonical_json
from llama_index_libra.benchmarks.base import benchmark_builder, benchmark_runtime
from llama_index_libra.induction.engine import InductionConfig, induce
from llama_index_libra.library import LibraryError, ToolLibrary
from llama_index_libra.retrieval.dense import default_cache_dir

__all__ = ["ENGINE_VERSION", "benchmark_runtime", "default_library", "library_cache_path"]

log = logging.getLogger(__name__)

# Bump when the engine's behaviour changes, so cached libraries are rebuilt.
ENGINE_VERSION = "59"


def library_cache_path(benchmark: str, catalog: Any, config: Any, field_encoder: str, cache_dir: Any = None) -> Path:
    """Where the default library of ``benchmark`` for these settings is cached."""
    key = canonical_json(
        {"benchmark": benchmark, "catalog": catalog.fingerprint(), "config": config.to_json(), "field_encoder": field_encoder, "engine": ENGINE_VERSION}
    )
    digest = hashlib.sha256(key.encode()).hexdigest()[:16]
    root = Path(cache_dir) if cache_dir else default_cache_dir()
    return root / "libraries" / f"{benchmark}-{digest}.library.json"


def default_library(benchmark: str, *, catalog: Any = None, config: Any = None, field_encoder: str = "minilm",
                    cache_dir: Any = None, show_progress: bool = False, rebuild: bool = False) -> Any:
    """Load the benchmark's default library from the cache, or induce and cache it.

    A benchmark with a parts builder (``benchmarks.base.BUILDERS``) is built part by part into a
    folder beside the cached library, so an interrupted first build resumes where it stopped.
    Processes asking for the same library at once (two ``libra eval`` runs, parallel test workers)
    build it once: the others wait on a lock file beside it and load what the first one wrote."""
    from filelock import FileLock

    builder = benchmark_builder(benchmark)
    runtime = benchmark_runtime(benchmark) if builder is None else None
    catalog = catalog or runtime.catalog
    config = config or InductionConfig()
    path = library_cache_path(benchmark, catalog, config, field_encoder, cache_dir)
    path.parent.mkdir(parents=True, exist_ok=True)
    with FileLock(str(path.with_suffix(".lock"))):
        return _load_or_build(benchmark, path, builder, runtime, catalog, config, field_encoder, show_progress, rebuild)


def _load_or_build(benchmark: str, path: Path, builder: Any, runtime: Any, catalog: Any, config: Any, field_encoder: str,
                   show_progress: bool, rebuild: bool) -> Any:
    if path.exists() and not rebuild:
        try:
            return ToolLibrary.load(path, catalog=catalog)
        except LibraryError as exc:
            log.warning("rebuilding unusable cached library %s: %s", path, exc)
    if builder is not None:
        parts = path.with_suffix("").with_suffix(".parts")
        if rebuild and parts.exists():
            shutil.rmtree(parts)
        if show_progress:
            print(f"building the default {benchmark} library part by part in {parts} (resumable)")
        library, report = builder(parts, catalog=catalog, config=config, show_progress=show_progress,
                                  induce_options={"field_encoder": field_encoder})
    else:
        library, report = induce(runtime, catalog=catalog, config=config, field_encoder=field_encoder, show_progress=show_progress)
    library.save(path)
    report.write(path.with_suffix("").with_suffix(".report.json"))
    if show_progress:
        from llama_index_libra.induction.reporting import framed_summary

        print(framed_summary(report, f"Built the {benchmark} library (once; cached as {path.name}), induction report"))
    return library
