"""The suite manifest: which task sets ``libra eval --suite`` runs, over which catalogs, at which K.

A small declarative file, TOML or JSON (by its suffix)::

    [catalogs.pocketphone]                       # a catalog built the way a user builds theirs:
    tools = "../catalogs/pocketphone/pocketphone_tools.py"   # PythonRuntime(TOOLS, State, fixtures=FIXTURES)
    # state = "State"  fixtures = "FIXTURES"  failure = "FAILURE" (attribute names; a module without
    # FIXTURES or FAILURE goes without), or runtime = "file.py:factory",
    # library = "file.library.json" (default: induced with default settings, cached by catalog fingerprint)

    [[sets]]
    name = "bfcl"
    benchmark = "bfcl"                           # a packaged benchmark: catalog, tasks, default library
    style = "multi-turn"

    [[sets]]
    name = "pocketphone"
    catalog = "pocketphone"                      # or a list: each task line names its "catalog"
    tasks = "../catalogs/pocketphone/tasks.jsonl"  # {"query": ..., "gold": [...]} per line
    k = 10
    style = "one-line requests"
    held_out = false                             # true: reported, never used to choose defaults

Relative paths are relative to the manifest's folder. Every problem is a :class:`ManifestError`
naming the file, the entry and the fix.
"""

from __future__ import annotations

import json
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping

__all__ = ["ManifestError", "CatalogSource", "TaskSet", "SuiteManifest", "load_manifest", "parse_manifest"]

_CATALOG_KEYS = {"tools", "state", "fixtures", "failure", "runtime", "library"}
_SET_KEYS = {"name", "benchmark", "catalog", "tasks", "k", "style", "held_out", "notes"}
_TOP_KEYS = {"suite", "catalogs", "sets"}


class ManifestError(ValueError):
    """A suite manifest that cannot be read or says something impossible."""


@dataclass(frozen=True)
class CatalogSource:
    """Where a catalog comes from: a tools module (``tools``) or a runtime factory (``runtime``)."""

    name: str
    tools: Path | None = None
    state: str = "State"
    fixtures: str = "FIXTURES"
    failure: str = "FAILURE"  # the module's refusal predicate (``PythonRuntime(failure=...)``), if it has one
    runtime: str | None = None  # "path/to/file.py:factory"
    library: Path | None = None


@dataclass(frozen=True)
class TaskSet:
    """One task set of the suite."""

    name: str
    benchmark: str | None = None
    catalogs: tuple[str, ...] = ()
    tasks: Path | None = None
    k: int | None = None
    style: str = ""
    held_out: bool = False
    notes: str = ""


@dataclass(frozen=True)
class SuiteManifest:
    """A parsed manifest: its catalogs by name and its task sets in file order."""

    path: Path
    name: str
    catalogs: dict[str, CatalogSource] = field(default_factory=dict)
    sets: tuple[TaskSet, ...] = ()

    def select(self, names: list[str] | None) -> "SuiteManifest":
        """The manifest with only the sets called ``names`` (in manifest order); unknown names raise."""
        if not names:
            return self
        unknown = sorted(set(names) - {s.name for s in self.sets})
        if unknown:
            raise ManifestError(f"{self.path}: no task set {', '.join(unknown)}; sets: {', '.join(s.name for s in self.sets)}")
        return SuiteManifest(self.path, self.name, self.catalogs, tuple(s for s in self.sets if s.name in names))


def _text(where: str, key: str, value: Any) -> str:
    if not isinstance(value, str) or not value.strip():
        raise ManifestError(f"{where}: {key} must be a non-empty string, got {value!r}")
    return value


def _path(base: Path, where: str, key: str, value: Any) -> Path:
    return (base / _text(where, key, value)).resolve()


def _catalog(base: Path, where: str, name: str, data: Any) -> CatalogSource:
    where = f"{where} catalogs.{name}"
    if not isinstance(data, Mapping):
        raise ManifestError(f"{where}: expected a table of tools/runtime/state/fixtures/failure/library, got {type(data).__name__}")
    unknown = sorted(set(data) - _CATALOG_KEYS)
    if unknown:
        raise ManifestError(f"{where}: unknown key(s) {', '.join(unknown)}; use {', '.join(sorted(_CATALOG_KEYS))}")
    if ("tools" in data) == ("runtime" in data):
        raise ManifestError(f"{where}: give exactly one of tools = \"file.py\" or runtime = \"file.py:factory\"")
    runtime = None
    if "runtime" in data:
        target, sep, factory = _text(where, "runtime", data["runtime"]).rpartition(":")
        if not sep or not target or not factory.isidentifier():
            raise ManifestError(f"{where}: runtime must be \"path/to/file.py:factory\", got {data['runtime']!r}")
        runtime = f"{(base / target).resolve()}:{factory}"
    return CatalogSource(
        name=name,
        tools=_path(base, where, "tools", data["tools"]) if "tools" in data else None,
        state=_text(where, "state", data.get("state", "State")),
        fixtures=_text(where, "fixtures", data.get("fixtures", "FIXTURES")),
        failure=_text(where, "failure", data.get("failure", "FAILURE")),
        runtime=runtime,
        library=_path(base, where, "library", data["library"]) if "library" in data else None,
    )


def _set(base: Path, where: str, i: int, data: Any, catalogs: Mapping[str, CatalogSource]) -> TaskSet:
    if not isinstance(data, Mapping):
        raise ManifestError(f"{where} sets[{i}]: expected a table, got {type(data).__name__}")
    name = _text(f"{where} sets[{i}]", "name", data.get("name"))
    where = f"{where} set {name!r}"
    unknown = sorted(set(data) - _SET_KEYS)
    if unknown:
        raise ManifestError(f"{where}: unknown key(s) {', '.join(unknown)}; use {', '.join(sorted(_SET_KEYS))}")
    k = data.get("k")
    if k is not None and (isinstance(k, bool) or not isinstance(k, int) or k <= 0):
        raise ManifestError(f"{where}: k must be a positive integer, got {k!r}")
    held_out = data.get("held_out", False)
    if not isinstance(held_out, bool):
        raise ManifestError(f"{where}: held_out must be true or false, got {held_out!r}")
    for key in ("style", "notes"):
        if not isinstance(data.get(key, ""), str):
            raise ManifestError(f"{where}: {key} must be a string")
    if "benchmark" in data:
        if "catalog" in data or "tasks" in data:
            raise ManifestError(f"{where}: a packaged benchmark brings its own catalog and tasks; drop catalog/tasks")
        return TaskSet(name, benchmark=_text(where, "benchmark", data["benchmark"]), k=k, style=data.get("style", ""),
                       held_out=held_out, notes=data.get("notes", ""))
    if "catalog" not in data or "tasks" not in data:
        raise ManifestError(f"{where}: give benchmark = \"NAME\", or catalog and tasks")
    names = data["catalog"]
    names = [names] if isinstance(names, str) else names
    if not isinstance(names, list) or not names or not all(isinstance(n, str) for n in names):
        raise ManifestError(f"{where}: catalog must be a catalog name or a non-empty list of them, got {data['catalog']!r}")
    missing = [n for n in names if n not in catalogs]
    if missing:
        raise ManifestError(f"{where}: catalog {', '.join(missing)} is not defined under [catalogs]"
                            + (f" (defined: {', '.join(catalogs)})" if catalogs else ""))
    if len(set(names)) != len(names):
        raise ManifestError(f"{where}: catalog names repeat: {names}")
    return TaskSet(name, catalogs=tuple(names), tasks=_path(base, where, "tasks", data["tasks"]), k=k,
                   style=data.get("style", ""), held_out=held_out, notes=data.get("notes", ""))


def parse_manifest(data: Any, path: Path) -> SuiteManifest:
    """A manifest from its parsed TOML/JSON ``data`` (``path`` anchors relative paths and errors)."""
    where = str(path)
    if not isinstance(data, Mapping):
        raise ManifestError(f"{where}: expected a table/object at the top, got {type(data).__name__}")
    unknown = sorted(set(data) - _TOP_KEYS)
    if unknown:
        raise ManifestError(f"{where}: unknown top-level key(s) {', '.join(unknown)}; use suite, catalogs, sets")
    base = path.parent
    suite = data.get("suite", {})
    if not isinstance(suite, Mapping) or set(suite) - {"name"}:
        raise ManifestError(f"{where}: [suite] holds only name")
    name = _text(where, "suite.name", suite.get("name", path.stem))
    raw_catalogs = data.get("catalogs", {})
    if not isinstance(raw_catalogs, Mapping):
        raise ManifestError(f"{where}: catalogs must be a table of named catalogs")
    catalogs = {str(n): _catalog(base, where, str(n), c) for n, c in raw_catalogs.items()}
    raw_sets = data.get("sets")
    if not isinstance(raw_sets, list) or not raw_sets:
        raise ManifestError(f"{where}: give at least one [[sets]] entry")
    sets = tuple(_set(base, where, i, s, catalogs) for i, s in enumerate(raw_sets))
    seen: set[str] = set()
    for s in sets:
        if s.name in seen:
            raise ManifestError(f"{where}: two task sets are called {s.name!r}")
        seen.add(s.name)
    return SuiteManifest(path=path, name=name, catalogs=catalogs, sets=sets)


def load_manifest(path: str | Path) -> SuiteManifest:
    """Read a ``.toml`` or ``.json`` manifest."""
    path = Path(path)
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise ManifestError(f"cannot read suite manifest {path}: {exc.strerror or exc}") from None
    try:
        text = raw.decode("utf-8")
        data = json.loads(text) if path.suffix.lower() == ".json" else tomllib.loads(text)
    except (UnicodeDecodeError, json.JSONDecodeError, tomllib.TOMLDecodeError, RecursionError) as exc:
        raise ManifestError(f"{path}: not a valid {'JSON' if path.suffix.lower() == '.json' else 'TOML'} manifest: {exc}") from None
    return parse_manifest(data, path.resolve())
