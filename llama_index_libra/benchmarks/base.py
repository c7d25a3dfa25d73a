"""Typed records for retrieval benchmarks and the registry of benchmark loaders."""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Any, Callable

from llama_index_libra.catalog import ToolCatalog

__all__ = ["Task", "Benchmark", "BenchmarkOption", "BENCHMARKS", "RUNTIMES", "BUILDERS", "OPTIONS", "COMMANDS",
           "load_benchmark", "benchmark_runtime", "benchmark_builder", "benchmark_options", "option_values",
           "BenchmarkError"]


class BenchmarkError(ValueError):
    """A benchmark that is unknown or whose data cannot be loaded."""


@dataclass(frozen=True)
class Task:
    """One retrieval task: the query text and its gold tools (distinct, in first-use order)."""

    id: str
    query: str
    gold: tuple[str, ...]
    meta: dict[str, Any] = field(default_factory=dict, compare=False)


@dataclass
class Benchmark:
    """A catalog plus tasks; ``k`` is the paper's evaluation depth for this benchmark."""

    name: str
    catalog: ToolCatalog
    tasks: list[Task]
    k: int = 15
    notes: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        missing = sorted({g for t in self.tasks for g in t.gold if g not in self.catalog})
        if missing:
            raise BenchmarkError(f"benchmark {self.name!r}: gold tools missing from the catalog: {', '.join(missing[:10])}")


# name -> "module:function" returning a Benchmark; lazy so the CLI imports nothing heavy.
BENCHMARKS: dict[str, str] = {
    "bfcl": "llama_index_libra.benchmarks.bfcl:load_bfcl",
    "scitooleval": "llama_index_libra.benchmarks.scitooleval:load_scitooleval",
    "scitooleval-all": "llama_index_libra.benchmarks.scitooleval:load_scitooleval_all",
    # the user's own AppWorld data: --appworld-root DIR, else $APPWORLD_ROOT
    "appworld": "llama_index_libra.benchmarks.appworld.tasks:load_appworld",
}
# name -> "module:function" returning the sandbox Runtime induction explores for that benchmark.
RUNTIMES: dict[str, str] = {
    "bfcl": "llama_index_libra.benchmarks.bfcl:sandbox_runtime",
    # the user's own SciToolAgent checkout: --scitoolagent PATH, else $LIBRA_SCITOOLAGENT
    "scitooleval": "llama_index_libra.benchmarks.scitooleval:scitoolagent_runtime",
    "scitooleval-all": "llama_index_libra.benchmarks.scitooleval:scitoolagent_runtime",
    "appworld": "llama_index_libra.benchmarks.appworld.runtime:AppWorldRuntime",
}
# name -> "module:function" for benchmarks whose library is built in parts rather than by one induce()
# over one runtime. Called as ``build(out_dir, *, catalog, config, executor, workers, show_progress,
# induce_options, **options)`` -> ``(library, report)``: parts and their run logs go to ``out_dir``, so
# an interrupted build resumes; ``report`` has ``summary()`` and ``write(path)`` like a BuildReport.
BUILDERS: dict[str, str] = {
    "appworld": "llama_index_libra.benchmarks.appworld.build:build_library",
}
# name -> "module:function" adding a benchmark's own ``libra <name> ...`` sub-commands (``register(subparsers)``).
COMMANDS: dict[str, str] = {
    "appworld": "llama_index_libra.benchmarks.appworld.cli:register",
}


@dataclass(frozen=True)
class BenchmarkOption:
    """A command-line option of some benchmarks. ``libra`` adds its flag once and passes the value as
    ``keyword=`` to the benchmark's loader (``use="load"``: eval, analyze) or to its runtime or builder
    (``use="build"``: induce), and only for a benchmark that declares it."""

    flag: str
    keyword: str
    help: str
    uses: tuple[str, ...] = ("build",)
    kind: str = "text"  # text, list (comma-separated), switch (on/off)
    metavar: str | None = None
    choices: tuple[str, ...] | None = None

    def parse(self, value: Any) -> Any:
        """The keyword's value from the flag's (None: not given)."""
        if self.kind == "switch":
            return True if value else None
        if self.kind == "list" and value is not None:
            items = [item.strip() for item in str(value).split(",") if item.strip()]
            return items or None
        return value


_SCITOOLAGENT = (
    BenchmarkOption("--scitoolagent", "checkout", "your SciToolAgent checkout (default: $LIBRA_SCITOOLAGENT)", metavar="PATH"),
    BenchmarkOption("--scitoolagent-python", "python",
                    "the checkout's interpreter (default: its .venv/venv, or $LIBRA_SCITOOLAGENT_PYTHON)", metavar="PYTHON"),
    BenchmarkOption("--no-network", "no_network",
                    "cut network access for every tool call (unshare -n where allowed, socket guard)", kind="switch"),
)
# name -> the options that benchmark takes on the command line.
OPTIONS: dict[str, tuple[BenchmarkOption, ...]] = {
    "scitooleval": _SCITOOLAGENT,
    "scitooleval-all": _SCITOOLAGENT,
    "appworld": (
        BenchmarkOption("--appworld-root", "appworld_root",
                        "the AppWorld root holding the data/ that `appworld download data` wrote (eval: default "
                        "$APPWORLD_ROOT); with induce it makes base states the default", uses=("load", "build"), metavar="DIR"),
        BenchmarkOption("--apps", "apps", "comma-separated AppWorld apps to induce, each with the supervisor app (default: all)",
                        kind="list", metavar="A,B"),
        BenchmarkOption("--appworld-states", "states",
                        "fresh state of every app: synthetic (AppWorld's model factories, seeded) or base (the downloaded "
                        "data; the default with --appworld-root)", choices=("synthetic", "base")),
    ),
}


def _resolve(target: str) -> Callable[..., Any]:
    module, func = target.split(":")
    return getattr(importlib.import_module(module), func)


def load_benchmark(name: str, **kwargs: Any) -> Benchmark:
    """Load a registered benchmark by name (``bfcl``, ...)."""
    try:
        target = BENCHMARKS[name]
    except KeyError:
        raise BenchmarkError(f"unknown benchmark {name!r}; choose from {', '.join(sorted(BENCHMARKS))}") from None
    return _resolve(target)(**kwargs)


def benchmark_options(use: str) -> list[BenchmarkOption]:
    """Every benchmark option of one use (``load``, ``build``), each flag once, in registry order."""
    seen: dict[str, BenchmarkOption] = {}
    for options in OPTIONS.values():
        for option in options:
            if use in option.uses:
                seen.setdefault(option.flag, option)
    return list(seen.values())


def option_values(name: str | None, use: str, given: dict[str, Any]) -> dict[str, Any]:
    """The keywords of benchmark ``name`` from ``given`` (flag -> parsed value, None: not given);
    a given flag that ``name`` does not take is a BenchmarkError naming the benchmarks that do."""
    mine = {o.flag: o for o in OPTIONS.get(name or "", ()) if use in o.uses}
    out: dict[str, Any] = {}
    for flag, value in given.items():
        if value is None:
            continue
        if flag not in mine:
            takers = sorted(n for n, options in OPTIONS.items() if any(o.flag == flag for o in options))
            raise BenchmarkError(f"{flag} applies to --benchmark {' / '.join(takers)}, not {name or 'your own runtime'}")
        out[mine[flag].keyword] = value
    return out


def benchmark_builder(name: str | None) -> Callable[..., Any] | None:
    """The parts builder of a benchmark whose library is built in parts (None: one induce() over its runtime)."""
    target = BUILDERS.get(name or "")
    return _resolve(target) if target else None


def benchmark_runtime(name: str, **kwargs: Any) -> Any:
    """The sandbox runtime of a registered benchmark (ValueError for one without a packaged runtime)."""
    target = RUNTIMES.get(name)
    if target is None:
        raise ValueError(f"benchmark {name!r} has no packaged runtime; induce with your own runtime")
    return _resolve(target)(**kwargs)
