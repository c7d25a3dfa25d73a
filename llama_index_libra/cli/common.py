"""What several ``libra`` commands share: the user-error type, argument types, benchmark loading."""

from __future__ import annotations

import argparse
import os
from typing import Any, Sequence

__all__ = [
    "CLIError",
    "positive_int",
    "positive_float",
    "optional_float",
    "offline_env",
    "load_benchmark",
    "add_benchmark_options",
    "benchmark_kwargs",
    "embed_models",
]


class CLIError(Exception):
    """A user-facing error: printed as one line, exit code 2."""


def positive_int(text: str) -> int:
    """argparse type: an integer above zero."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a positive integer, got {text!r}") from None
    if value <= 0:
        raise argparse.ArgumentTypeError(f"K must be a positive integer, got {value}")
    return value


def positive_float(text: str) -> float:
    """argparse type: a finite number of seconds above zero."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a positive number of seconds, got {text!r}") from None
    if not 0 < value < float("inf"):
        raise argparse.ArgumentTypeError(f"expected a positive number of seconds, got {text!r}")
    return value


def optional_float(text: str) -> float | None:
    """argparse type: a float, or ``none``/``off`` for no limit."""
    if text.strip().lower() in ("none", "off"):
        return None
    try:
        return float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number or 'none', got {text!r}") from None


def offline_env() -> None:
    """Environment for model loading: model hubs are optional (the default encoder ships inside a package)."""
    os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")


def load_benchmark(name: str, **kwargs: Any) -> Any:
    """A registered benchmark by name (``bfcl``, ``scitooleval``, ...) with its own options."""
    from llama_index_libra.benchmarks import load_benchmark as load

    return load(name, **kwargs)


def _option_dest(flag: str) -> str:
    return "benchmark_option_" + flag.lstrip("-").replace("-", "_")


def add_benchmark_options(parser: argparse.ArgumentParser, use: str) -> None:
    """Add the flags the registered benchmarks take for ``use`` (``load``: their loaders, ``build``:
    their runtimes or builders), each once; which benchmark takes which is the registry's business."""
    from llama_index_libra.benchmarks.base import OPTIONS, benchmark_options

    for option in benchmark_options(use):
        takers = sorted(name for name, options in OPTIONS.items() if option in options)
        text = f"{'/'.join(takers)}: {option.help}"
        if option.kind == "switch":
            parser.add_argument(option.flag, dest=_option_dest(option.flag), action="store_true", default=None, help=text)
        else:
            parser.add_argument(option.flag, dest=_option_dest(option.flag), default=None, metavar=option.metavar,
                                choices=option.choices, help=text)


def benchmark_kwargs(args: argparse.Namespace, name: str | None, use: str) -> dict[str, Any]:
    """The keywords benchmark ``name`` gets from the benchmark flags given (CLIError for a flag it does not take)."""
    from llama_index_libra.benchmarks.base import BenchmarkError, benchmark_options, option_values

    given = {o.flag: o.parse(getattr(args, _option_dest(o.flag), None)) for o in benchmark_options(use)}
    try:
        return option_values(name, use, given)
    except BenchmarkError as exc:
        raise CLIError(str(exc)) from None


def embed_models(values: Sequence[str] | None) -> Any:
    """One ``--embed-model`` passes through; several are fused (a list of encoders)."""
    if not values:
        return None
    return values[0] if len(values) == 1 else list(values)
