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


def load_benchmark(name: str) -> Any:
    """A registered benchmark by name (``bfcl``, ``scitooleval``, ...)."""
    from llama_index_libra.benchmarks import load_benchmark as load

    return load(name)


def embed_models(values: Sequence[str] | None) -> Any:
    """One ``--embed-model`` passes through; several are fused (a list of encoders)."""
    if not values:
        return None
    return values[0] if len(values) == 1 else list(values)
