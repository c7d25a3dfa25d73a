"""Whether a runtime can travel to worker processes: checked before a parallel build starts.

A process pool, Ray and call isolation all ship the runtime or its snapshots between processes. A
runtime that does not pickle (a lock, an open client), that references functions of an interactive
``__main__``, or whose fresh state cannot be snapshotted and pickled fails here, in well under a
second and with the reason, instead of inside a worker after the models loaded.
"""

from __future__ import annotations

import os
import sys
from typing import Any

__all__ = ["RuntimePortabilityError", "portability_problem", "check_snapshots"]


class RuntimePortabilityError(ValueError):
    """The runtime or its snapshots cannot travel between processes, and the build needs them to."""


def _main_refs(obj: Any) -> tuple[bytes, list[str]]:
    """Pickle ``obj``; also name the functions and classes it references in ``__main__``."""
    import io
    import pickle
    import types

    refs: list[str] = []

    class _Probe(pickle.Pickler):
        def reducer_override(self, value: Any) -> Any:
            if isinstance(value, (type, types.FunctionType)) and getattr(value, "__module__", None) == "__main__":
                refs.append(getattr(value, "__qualname__", "?"))
            return NotImplemented

    buf = io.BytesIO()
    _Probe(buf, protocol=pickle.HIGHEST_PROTOCOL).dump(obj)
    return buf.getvalue(), refs


def portability_problem(runtime: Any) -> str | None:
    """Why ``runtime`` cannot be sent to spawned worker processes, or None when it can.

    Two cases, checked in well under a second before any model loads: it does not pickle (a lock,
    an open client), or it references functions of a ``__main__`` that workers cannot import (a
    notebook, a REPL, ``python - < script.py``)."""
    from llama_index_libra.records import format_exception

    try:
        _, refs = _main_refs(runtime)
    except Exception as exc:  # noqa: BLE001 - any pickling failure is the answer
        return f"it cannot be pickled ({format_exception(exc)})"
    main_file = getattr(sys.modules.get("__main__"), "__file__", None)
    if refs and not (isinstance(main_file, str) and os.path.isfile(main_file)):
        names = ", ".join(sorted(set(refs))[:3])
        return f"it uses {names} from __main__ of an interactive session or a stdin script, which worker processes cannot import"
    return None


def check_snapshots(runtime: Any) -> None:
    """Raise :class:`RuntimePortabilityError` when the fresh state's snapshot cannot be pickled:
    every executor (and call isolation) ships snapshots between processes."""
    import pickle

    from llama_index_libra.records import format_exception

    try:
        pickle.dumps(runtime.snapshot(runtime.fresh()), protocol=pickle.HIGHEST_PROTOCOL)
    except Exception as exc:  # noqa: BLE001
        raise RuntimePortabilityError(
            f"the fresh state of {getattr(runtime, 'name', 'the runtime')!r} cannot be snapshotted and pickled "
            f"({format_exception(exc)}); keep only picklable data in the sandbox state (clients, locks and "
            "open files belong outside it)"
        ) from None
