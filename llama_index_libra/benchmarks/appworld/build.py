"""Per-app AppWorld induction and the merge of its parts into one library over the whole catalog.

The whole catalog is hours of work (the paper: 260 min on 96 workers), so a user starts small:
:func:`induce_apps` induces each app with the supervisor app beside it (the supervisor's stored app
passwords are what an app's login takes), one run log per app so an interrupted build resumes, and
:func:`merge_parts` unites the parts over the full catalog. ``ToolLibrary.merge`` cannot be used
here: every part holds the supervisor's APIs, and merge rightly refuses catalogs that share tools.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, Sequence

from llama_index_libra._io import atomic_write_text

from llama_index_libra.catalog import ToolCatalog
from llama_index_libra.library import ToolLibrary

__all__ = ["SHARED_APPS", "PartsReport", "default_apps", "merge_parts", "induce_apps", "build_library"]

SHARED_APPS = ("supervisor",)  # loaded beside every app: it stores the supervisor's app passwords
DOC_APPS = ("api_docs",)  # its APIs describe the others; nothing to induce there


def default_apps(catalog: ToolCatalog) -> list[str]:
    """The apps a whole-catalog build induces: every app but the shared and the documentation ones."""
    return sorted({s.namespace for s in catalog if s.namespace} - set(SHARED_APPS) - set(DOC_APPS))


@dataclass
class PartsReport:
    """The reports of a per-app build: a BuildReport for each part built now, the stored JSON of each
    part an earlier run had finished (``resumed``)."""

    library: str = ""
    parts: dict[str, Any] = field(default_factory=dict)
    resumed: list[str] = field(default_factory=list)
    relations: int = 0

    def to_json(self) -> dict[str, Any]:
        """JSON of the whole build: every part's report and which were resumed."""
        return {"format": "llama-index-libra/parts-report", "library": self.library, "relations": self.relations,
                "resumed": self.resumed,
                "parts": {app: (r.to_json() if hasattr(r, "to_json") else r) for app, r in self.parts.items()}}

    def write(self, path: str | Path) -> Path:
        """Write :meth:`to_json` atomically."""
        atomic_write_text(Path(path), json.dumps(self.to_json(), indent=1, sort_keys=True) + "\n")
        return Path(path)

    def summary(self, *, details: int = 20) -> str:
        """One line per part, then the merged library's size."""
        lines = []
        for app, report in self.parts.items():
            if app in self.resumed:
                runs = report.get("runs") if isinstance(report, dict) else None
                lines.append(f"{app}: finished by an earlier run ({runs if runs is not None else '?'} runs), reused")
            else:
                lines.append(f"{app}: {report.summary(details=details).splitlines()[0]}")
        lines.append(f"merged: {self.relations} relations over {self.library}")
        return "\n".join(lines)


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
    induce_options: dict[str, Any] | None = None,
    show_progress: bool = False,
) -> tuple[ToolLibrary, list[Any]]:
    """Induce each app of ``apps`` (with the supervisor app) into ``out_dir/<app>.json`` (skipped when
    there; a run log per app makes an interrupted part resume), then merge; the library and the
    reports of the parts built now. ``induce_options`` go to every :func:`induce` (field_encoder,
    proposer, contracts, isolation)."""
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
                                     log_dir=str(out / f"{app}.runlog"), show_progress=show_progress,
                                     **(induce_options or {}))
        finally:
            runtime.close()
        library.save(path)
        report.write(out / f"{app}.report.json")
        parts.append(library)
        reports.append(report)
    return merge_parts(parts, full), reports


def build_library(
    out_dir: str | Path,
    *,
    apps: Sequence[str] | None = None,
    appworld_root: str | Path | None = None,
    states: str | None = None,
    catalog: ToolCatalog | None = None,
    config: Any = None,
    executor: Any = "process",
    workers: int | None = None,
    show_progress: bool = False,
    induce_options: dict[str, Any] | None = None,
    **runtime_options: Any,
) -> tuple[ToolLibrary, PartsReport]:
    """The AppWorld library over the whole catalog, inducing ``apps`` (default: every app) part by part
    into ``out_dir`` (what ``libra induce --benchmark appworld`` and the default library of ``libra eval``
    call). States are ``base`` when ``appworld_root`` is given, else ``synthetic``, unless ``states`` says."""
    from llama_index_libra.benchmarks.appworld.catalog import load_appworld_catalog

    options = dict(runtime_options)
    if appworld_root is not None:
        options["appworld_root"] = appworld_root
    options["states"] = states or ("base" if appworld_root is not None else "synthetic")
    full = catalog if catalog is not None else load_appworld_catalog(python=options.get("python"))
    chosen = list(apps) if apps else default_apps(full)
    out = Path(out_dir)
    finished = {app for app in chosen if (out / f"{app}.json").exists()}
    library, reports = induce_apps(chosen, out_dir=out, catalog=full, config=config, executor=executor, workers=workers,
                                   runtime_options=options, induce_options=induce_options, show_progress=show_progress)
    built = iter(reports)
    report = PartsReport(library=f"{len(full)} APIs ({', '.join(chosen)} induced)", relations=len(library.relations))
    for app in chosen:
        if app in finished:
            report.resumed.append(app)
            try:
                report.parts[app] = json.loads((out / f"{app}.report.json").read_text(encoding="utf-8"))
            except (OSError, ValueError):
                report.parts[app] = {}
        else:
            report.parts[app] = next(built)
    return library, report
