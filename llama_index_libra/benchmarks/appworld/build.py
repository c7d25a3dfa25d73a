"""Per-app AppWorld induction and the merge of its parts into one library over the whole catalog.

The whole catalog is hours of work (the paper: 260 min on 96 workers), so a user starts small:
:func:`induce_apps` induces each app with the supervisor app beside it (the supervisor's stored app
passwords are what an app's login takes), one run log per app so an interrupted build resumes, and
:func:`merge_parts` unites the parts over the full catalog. ``ToolLibrary.merge`` cannot be used
here: every part holds the supervisor's APIs, and merge rightly refuses catalogs that share tools.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Iterable, Sequence

from llama_index_libra.catalog import ToolCatalog
from llama_index_libra.library import ToolLibrary

__all__ = ["SHARED_APPS", "merge_parts", "induce_apps"]

SHARED_APPS = ("supervisor",)  # loaded beside every app: it stores the supervisor's app passwords


def merge_parts(parts: Iterable[ToolLibrary], catalog: ToolCatalog, *, name: str = "appworld") -> ToolLibrary:
    """One library over ``catalog`` from per-app parts: relations, candidates and contracts united,
    a relation found by several parts kept once (the first part's evidence)."""
    parts = list(parts)
    seen: set[str] = set()
    relations = []
    for lib in parts:
        lib.check_tools(catalog)
        for relation in lib.relations:
            key = repr((relation.provider, relation.consumer, relation.kind, relation.provider_field, relation.consumer_field))
            if key not in seen:
                seen.add(key)
                relations.append(relation)
    contracts: dict[str, Any] = {}
    candidates, cand_seen = [], set()
    for lib in parts:
        for tool, contract in lib.contracts.items():
            contracts.setdefault(tool, contract)
        for cand in lib.candidates:
            key = repr(cand)
            if key not in cand_seen:
                cand_seen.add(key)
                candidates.append(cand)
    described = [{"catalog": lib.catalog.name, "fingerprint": lib.catalog.fingerprint(), "runtime": lib.runtime,
                  "settings": lib.settings} for lib in parts]
    return ToolLibrary(catalog=ToolCatalog(list(catalog), name=name), relations=relations, contracts=contracts,
                       candidates=candidates, runtime={"parts": [d["runtime"] for d in described]},
                       settings={"parts": described})


def induce_apps(
    apps: Sequence[str],
    *,
    out_dir: str | Path,
    catalog: ToolCatalog | None = None,
    config: Any = None,
    executor: Any = "process",
    workers: int | None = None,
    runtime_options: dict[str, Any] | None = None,
    show_progress: bool = False,
) -> tuple[ToolLibrary, list[Any]]:
    """Induce each app of ``apps`` (with the supervisor app) into ``out_dir/<app>.json`` (skipped when
    there; a run log per app makes an interrupted part resume), then merge; the library and reports."""
    from llama_index_libra.benchmarks.appworld.catalog import load_appworld_catalog
    from llama_index_libra.benchmarks.appworld.runtime import AppWorldRuntime
    from llama_index_libra.induction.engine import induce

    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    full = catalog if catalog is not None else load_appworld_catalog(python=(runtime_options or {}).get("python"))
    unknown = sorted(set(apps) - {s.namespace for s in full})
    if unknown:
        raise ValueError(f"no AppWorld app named {', '.join(unknown)}")
    parts, reports = [], []
    for app in apps:
        path = out / f"{app}.json"
        loaded = sorted({app, *SHARED_APPS})
        sub = full.subset(s.name for s in full if s.namespace in loaded)
        if path.exists():
            parts.append(ToolLibrary.load(path, catalog=sub))
            continue
        runtime = AppWorldRuntime(loaded, catalog=sub, **(runtime_options or {}))
        try:
            library, report = induce(runtime, config=config, executor=executor, workers=workers,
                                     log_dir=str(out / f"{app}.runlog"), show_progress=show_progress)
        finally:
            runtime.close()
        library.save(path)
        report.write(out / f"{app}.report.json")
        parts.append(library)
        reports.append(report)
    return merge_parts(parts, full), reports
