"""``libra``'s parser and entry point: every user error ends in one line on stderr
(``libra: error: ...``) and exit code 2."""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any, Sequence

from llama_index_libra.cli import analysis, baseline, eval as eval_command, library
from llama_index_libra.cli.common import CLIError

__all__ = ["main", "build_parser"]


def build_parser() -> argparse.ArgumentParser:
    """The ``libra`` parser with every subcommand."""
    parser = argparse.ArgumentParser(
        prog="libra",
        description="LIBRA tool retrieval: induce runtime-validated tool libraries and evaluate retrieval.",
    )
    sub = parser.add_subparsers(dest="command", required=True)
    eval_command.register(sub)
    library.register(sub)
    analysis.register(sub)
    _register_benchmark_commands(sub)
    baseline.register(sub)
    return parser


def _register_benchmark_commands(sub: Any) -> None:
    """``libra <benchmark> ...``: the sub-commands a benchmark registers (``benchmarks.base.COMMANDS``)."""
    import importlib

    from llama_index_libra.benchmarks.base import COMMANDS

    for target in COMMANDS.values():
        module, func = target.split(":")
        getattr(importlib.import_module(module), func)(sub)


def _silence_stdout() -> None:
    """Point stdout at /dev/null so the interpreter's final flush cannot raise a second BrokenPipeError."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass


def main(argv: Sequence[str] | None = None) -> int:
    """Run one ``libra`` command; the exit code (0, 2 for a user error, 130 when interrupted)."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.func(args) or 0)
    except KeyboardInterrupt:
        print("libra: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # `libra show LIB | head`: the reader left; stop quietly
        _silence_stdout()
        return 0
    except CLIError as exc:
        print(f"libra: error: {exc}", file=sys.stderr)
        return 2
    except (ValueError, KeyError, OSError, RuntimeError) as exc:
        message = exc.args[0] if isinstance(exc, KeyError) and exc.args else str(exc)
        print(f"libra: error: {message}".splitlines()[0], file=sys.stderr)
        return 2


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
