"""Failure-convention extension of examples/catalogs/oracle.py for the held-out catalogs.

``oracle.py`` counts a call as failed when it raises or returns a dict with an ``error`` key (the
PythonRuntime convention). Two held-out catalogs refuse differently, as real back ends do: ClinicDesk
answers ``"Error: ..."`` strings, OfficeSuite answers ``{"success": false, "message": ...}``. Here each
tool is wrapped so that such a reply raises, and ``oracle.run_steps`` (unchanged) runs the wrapped
tools; ``check_proof`` is ``oracle.check_proof`` over the wrapped tools.
"""

from __future__ import annotations

import functools
import sys
from pathlib import Path
from types import ModuleType
from typing import Any, Callable, Sequence

MAIN_CATALOGS = Path(__file__).resolve().parents[2] / "main" / "examples" / "catalogs"
if str(MAIN_CATALOGS) not in sys.path:
    sys.path.insert(0, str(MAIN_CATALOGS))

import oracle  # noqa: E402  (examples/catalogs/oracle.py, read-only)


class Refused(Exception):
    """A reply that refuses by the catalog's own convention (not an exception, not an error dict)."""


def refusal(output: Any) -> str | None:
    """Why ``output`` is a refusal under the held-out conventions, else None."""
    if isinstance(output, str) and output.startswith("Error: "):
        return output
    if isinstance(output, dict) and output.get("success") is False:
        return f"success=false: {output.get('message')}"
    return None


def wrap(fn: Callable[..., Any]) -> Callable[..., Any]:
    """``fn`` with the same name and signature, raising ``Refused`` on a convention refusal."""

    @functools.wraps(fn)
    def wrapped(*args: Any, **kwargs: Any) -> Any:
        out = fn(*args, **kwargs)
        why = refusal(out)
        if why is not None:
            raise Refused(why)
        return out

    return wrapped


def tools_of(module: ModuleType) -> dict[str, Callable[..., Any]]:
    """Name -> wrapped tool, for ``oracle.run_steps``."""
    return {fn.__name__: wrap(fn) for fn in module.TOOLS}


class _Wrapped:
    """A stand-in module whose TOOLS are the wrapped tools (what ``oracle.check_proof`` reads)."""

    def __init__(self, module: ModuleType) -> None:
        self.TOOLS = list(tools_of(module).values())
        self.State = module.State


def check_proof(module: ModuleType, provider: str, steps: Sequence[tuple],
                state_factory: Callable[[], Any] | None = None) -> str | None:
    """``oracle.check_proof`` with the held-out refusal conventions counted as failures."""
    return oracle.check_proof(_Wrapped(module), provider, steps, state_factory or module.State)


def run_steps(module: ModuleType, state: Any, steps: Sequence[tuple], drop: frozenset = frozenset()):
    return oracle.run_steps(tools_of(module), state, steps, drop=drop)


proofs_for = oracle.proofs_for
