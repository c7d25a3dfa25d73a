"""``libra appworld setup|catalog|induce``: AppWorld's own sub-commands.

``register(subparsers)`` is listed in the benchmark registry (``benchmarks.base.COMMANDS``), which the
main parser reads; ``libra eval``/``libra induce --benchmark appworld`` take AppWorld's flags from the
registry's ``OPTIONS`` and build through its ``BUILDERS`` entry (:func:`~.build.build_library`).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

__all__ = ["register", "cmd_setup", "cmd_catalog", "cmd_induce", "parse_apps"]


def parse_apps(text: str | None) -> list[str] | None:
    """``"phone,spotify"`` -> ``["phone", "spotify"]``; empty or None -> None (every app)."""
    apps = [a.strip() for a in (text or "").split(",") if a.strip()]
    return apps or None


def cmd_setup(args: argparse.Namespace) -> int:
    """``libra appworld setup [--python PY] [--target DIR] [--force]``."""
    from llama_index_libra.benchmarks.appworld.environment import AppWorldEnvironmentError, setup_environment

    try:
        python = setup_environment(python=args.python, target=args.target, version=args.version, force=args.force)
    except AppWorldEnvironmentError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    print(python)
    return 0


def cmd_catalog(args: argparse.Namespace) -> int:
    """``libra appworld catalog [--apps A,B] [--out FILE]``: the catalog from AppWorld's own API docs."""
    from llama_index_libra.benchmarks.appworld.catalog import load_appworld_catalog

    catalog = load_appworld_catalog(parse_apps(args.apps), refresh=args.refresh)
    if args.out:
        catalog.to_file(args.out)
    counts: dict[str, int] = {}
    for spec in catalog:
        counts[spec.namespace or ""] = counts.get(spec.namespace or "", 0) + 1
    print(f"{len(catalog)} APIs: " + ", ".join(f"{app} {n}" for app, n in counts.items()))
    return 0


def cmd_induce(args: argparse.Namespace) -> int:
    """``libra appworld induce --apps phone,venmo --out DIR``: per-app libraries merged into DIR/library.json."""
    from llama_index_libra.benchmarks.appworld.build import default_apps, induce_apps
    from llama_index_libra.benchmarks.appworld.catalog import load_appworld_catalog

    catalog = load_appworld_catalog()
    apps = parse_apps(args.apps) or default_apps(catalog)
    options: dict[str, Any] = {"states": args.states, "seed": args.seed, "size": args.size}
    if args.appworld_root:
        options["appworld_root"] = args.appworld_root
    library, reports = induce_apps(apps, out_dir=args.out, catalog=catalog, executor=args.executor,
                                   workers=args.workers, runtime_options=options, show_progress=not args.quiet)
    path = library.save(Path(args.out) / "library.json")
    print(f"{path}: {len(library.relations)} relations over {len(catalog)} APIs ({', '.join(apps)} induced)")
    return 0


def register(subparsers: Any) -> None:
    """Add ``libra appworld setup|catalog|induce`` to the main parser's sub-commands."""
    top = subparsers.add_parser("appworld", help="AppWorld: its side environment, catalog and per-app induction")
    sub = top.add_subparsers(dest="appworld_command", required=True)
    p = sub.add_parser("setup", help="make the AppWorld side environment (venv, pip install appworld, appworld install)")
    p.add_argument("--python", default=None, help="a Python >= 3.11 for the environment (default: this one or one on PATH)")
    p.add_argument("--target", default=None, help="where (default: $LIBRA_APPWORLD_ENV or the cache folder)")
    p.add_argument("--version", default=None, help="an appworld version (default: the newest)")
    p.add_argument("--force", action="store_true", help="redo every step")
    p.set_defaults(func=cmd_setup)
    p = sub.add_parser("catalog", help="the catalog of AppWorld's public APIs, from its own API docs")
    p.add_argument("--apps", default=None, help="comma-separated apps (default: all)")
    p.add_argument("--out", default=None, help="also write the catalog to this file")
    p.add_argument("--refresh", action="store_true", help="regenerate instead of reading the cache")
    p.set_defaults(func=cmd_catalog)
    p = sub.add_parser("induce", help="induce per app on synthetic (or base) worlds and merge the parts")
    p.add_argument("--apps", default=None, help="comma-separated apps (default: every app)")
    p.add_argument("--out", required=True, help="folder for the per-app parts, run logs and library.json")
    p.add_argument("--states", default="synthetic", choices=["synthetic", "base"], help="fresh state of every app")
    p.add_argument("--appworld-root", default=None, help="the AppWorld root with data/ (base states)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--size", type=int, default=3, help="synthetic records per table")
    p.add_argument("--executor", default="process", choices=["serial", "process", "ray"])
    p.add_argument("--workers", type=int, default=None)
    p.add_argument("--quiet", action="store_true")
    p.set_defaults(func=cmd_induce)
