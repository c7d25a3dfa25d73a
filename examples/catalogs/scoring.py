#!/usr/bin/env python3
"""Score an induced library against a development catalog's designed prerequisites.

    python examples/catalogs/scoring.py CATALOG LIBRARY.json [--json OUT]

CATALOG is a catalog folder name under examples/catalogs (pocketphone, shopdesk, labflow), ``gitforge``
(read from ../shared/benchmarks/gitforge beside the checkout), or a path to a catalog folder or its
``*_tools.py`` module. A catalog module has ``TOOLS``, a fresh-state class (``State``, else the one
``*State`` class it defines), ``FIXTURES``, ``GROUND_TRUTH`` and optionally ``PLAUSIBLE``,
``FRESH_STATES`` and ``GROUND_TRUTH_VARIANTS``; a ``PLAUSIBLE`` set in a ``score_library.py`` beside
the module (GitForge's layout) is read too.

The metrics are GitForge's: recall counts a prerequisite ``(providers, consumer, what)`` as found
when any of its providers ("a|b") has a relation of any kind to the consumer; precision is over the
library's distinct (provider, consumer) pairs, a pair being correct when it is a ground-truth or a
PLAUSIBLE pair; the breakdown by kind uses the text of ``what`` before its first ':'. Prerequisites
that only hold from another fresh state are scored on their own line and are not in the recall.
Reads the library JSON directly, so it needs no package.
"""

from __future__ import annotations

import argparse
import importlib.util
import inspect
import json
import os
import sys
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any, Callable

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
GITFORGE_DIR = REPO.parent / "shared" / "benchmarks" / "gitforge"


@dataclass
class Catalog:
    """A development catalog: its module and what the scorer and the bench need from it."""

    name: str
    module: ModuleType
    tools: list
    state: Callable[[], Any]
    fixtures: dict
    ground_truth: list
    plausible: set = field(default_factory=set)
    fresh_states: dict = field(default_factory=dict)
    variants: list = field(default_factory=list)
    folder: Path = HERE
    # the catalog's own refusal predicate (``FAILURE``, a reply -> bool), for ``PythonRuntime(failure=...)``
    failure: Callable[[Any], Any] | None = None

    def runtime_kwargs(self) -> dict[str, Any]:
        """The keywords of ``PythonRuntime(tools, state, **kwargs)`` a new user would pass for this
        catalog: its fixtures, its name and, where it declares one, its own refusal convention."""
        kwargs: dict[str, Any] = {"fixtures": self.fixtures, "name": self.name}
        if self.failure is not None:
            kwargs["failure"] = self.failure
        return kwargs


def _catalog_file(spec: str) -> Path:
    path = Path(spec)
    if not path.exists():
        path = GITFORGE_DIR if spec == "gitforge" else HERE / spec
    if path.is_dir():
        found = sorted(path.glob("*_tools.py"))
        if len(found) != 1:
            raise SystemExit(f"scoring: error: {path} must hold exactly one *_tools.py module, found {len(found)}")
        path = found[0]
    if not path.is_file() or path.suffix != ".py":
        raise SystemExit(f"scoring: error: no catalog {spec!r} (a folder name under {HERE}, 'gitforge', or a path)")
    return path


def _import(path: Path) -> ModuleType:
    """Import ``path`` under its own file name with its folder on sys.path, so that worker processes
    can unpickle its functions by reference."""
    folder = str(path.parent)
    if folder not in sys.path:
        sys.path.insert(0, folder)
    if path.stem in sys.modules and getattr(sys.modules[path.stem], "__file__", None) == str(path):
        return sys.modules[path.stem]
    spec = importlib.util.spec_from_file_location(path.stem, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[path.stem] = module
    spec.loader.exec_module(module)
    return module


def _state_class(module: ModuleType) -> Callable[[], Any]:
    if callable(getattr(module, "State", None)):
        return module.State
    own = [obj for name, obj in vars(module).items()
           if inspect.isclass(obj) and name.endswith("State") and obj.__module__ == module.__name__]
    if len(own) != 1:
        raise SystemExit(f"scoring: error: {module.__file__} has no State class (found {len(own)} *State classes)")
    return own[0]


def load_catalog(spec: str) -> Catalog:
    """Load a catalog by folder name, 'gitforge', or path (see the module docstring)."""
    path = _catalog_file(spec)
    module = _import(path)
    plausible = set(getattr(module, "PLAUSIBLE", set()))
    scorer = path.parent / "score_library.py"
    if not hasattr(module, "PLAUSIBLE") and scorer.is_file():
        plausible |= set(getattr(_import(scorer), "PLAUSIBLE", set()))
    name = path.parent.name if path.stem.endswith("_tools") else path.stem
    return Catalog(
        name=name, module=module, tools=list(module.TOOLS), state=_state_class(module),
        fixtures=dict(getattr(module, "FIXTURES", {})), ground_truth=list(module.GROUND_TRUTH),
        plausible=plausible, fresh_states=dict(getattr(module, "FRESH_STATES", {})),
        variants=list(getattr(module, "GROUND_TRUTH_VARIANTS", [])), folder=path.parent,
        failure=getattr(module, "FAILURE", None),
    )


def short(name: str) -> str:
    """A tool name without a class or catalog prefix."""
    return name.rsplit(".", 1)[-1]


def library_pairs(library: dict) -> set[tuple[str, str]]:
    """Distinct (provider, consumer) pairs of a library JSON document (TypeError if it is not one)."""
    relations = library["relations"]
    if not isinstance(relations, list) or not all(
            isinstance(r, dict) and isinstance(r.get("provider"), str) and isinstance(r.get("consumer"), str)
            for r in relations):
        raise TypeError("relations must be a list of objects with string 'provider' and 'consumer'")
    return {(short(r["provider"]), short(r["consumer"])) for r in relations}


def _found(entry: tuple, pairs: set) -> bool:
    return any((p, entry[1]) in pairs for p in entry[0].split("|"))


def score(catalog: Catalog, library: dict) -> dict[str, Any]:
    """Recall, precision, breakdown by kind, misses and false pairs of ``library`` on ``catalog``."""
    pairs = library_pairs(library)
    gt = catalog.ground_truth
    gt_pairs = {(p, c) for ps, c, *_ in gt + catalog.variants for p in ps.split("|")}
    found = [e for e in gt if _found(e, pairs)]
    missed = [e for e in gt if not _found(e, pairs)]
    wrong = sorted(pairs - gt_pairs - set(catalog.plausible))
    kinds: dict[str, list[int]] = {}
    for e in gt:
        k = e[2].split(":")[0]
        kinds.setdefault(k, [0, 0])[1] += 1
        kinds[k][0] += _found(e, pairs)
    variants_found = [e for e in catalog.variants if _found(e, pairs)]
    return {
        "catalog": catalog.name, "tools": len(catalog.tools), "prerequisites": len(gt),
        "found": len(found), "recall": len(found) / max(len(gt), 1),
        "pairs": len(pairs), "correct_pairs": len(pairs) - len(wrong),
        "precision": (len(pairs) - len(wrong)) / max(len(pairs), 1),
        "by_kind": {k: {"found": a, "total": b} for k, (a, b) in sorted(kinds.items())},
        "missed": [list(e[:3]) for e in missed], "false_pairs": [list(w) for w in wrong],
        "variants": {"found": len(variants_found), "total": len(catalog.variants)},
        "relations": len(library["relations"]),
    }


def format_score(result: dict[str, Any]) -> str:
    """The score as GitForge's score_library.py prints it (plus a line for fresh-state variants)."""
    lines = [
        f"recall {result['found']}/{result['prerequisites']} = {result['recall']:.2f}",
        f"precision {result['correct_pairs']}/{result['pairs']} = {result['precision']:.2f} (distinct pairs)",
        "false pairs: " + (", ".join(f"{a}->{b}" for a, b in result["false_pairs"]) or "none"),
        "by kind: " + "; ".join(f"{k} {v['found']}/{v['total']}" for k, v in result["by_kind"].items()),
        "missed: " + ("; ".join(f"{ps}->{c} ({what})" for ps, c, what in result["missed"]) or "none"),
    ]
    if result["variants"]["total"]:
        lines.append(f"other fresh states: {result['variants']['found']}/{result['variants']['total']} "
                     "(not in the recall)")
    return "\n".join(lines)


def _write_json(path: str, data: Any) -> None:
    tmp = f"{path}.tmp"
    Path(tmp).write_text(json.dumps(data, indent=2) + "\n")
    os.replace(tmp, path)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("catalog")
    parser.add_argument("library")
    parser.add_argument("--json", default=None, help="also write the score as JSON here")
    args = parser.parse_args(argv)
    catalog = load_catalog(args.catalog)
    try:
        library = json.loads(Path(args.library).read_text())
        library_pairs(library)
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as exc:
        raise SystemExit(f"scoring: error: {args.library} is not a library JSON file "
                         f"({type(exc).__name__}: {exc})") from None
    result = score(catalog, library)
    print(format_score(result))
    if args.json:
        _write_json(args.json, result)
    return 0


if __name__ == "__main__":
    sys.exit(main())
