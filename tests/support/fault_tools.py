"""A sandbox whose tools fail in every way a hostile or buggy tool can, for the fault suite.

``fault_runtime(seed)`` builds a PythonRuntime over a small shelf (``add_book`` -> ``read_book``
/ ``lend_book``), plus one ``probe_<kind>`` tool per fault kind of ``FAULTS``. A seeded RNG picks,
for each probe, in which states it faults (by how many books the shelf holds) and whether it
faults before or after touching the state; elsewhere it behaves as an ordinary reader. Faults are a
function of (state, arguments) only, so every executor must record the same calls the same way.

Importable by pool workers and call processes (module-level functions pickle by reference).
"""

from __future__ import annotations

import ctypes
import itertools
import os
import random
import signal
import threading
import time
from typing import Any


class Shelf:
    def __init__(self) -> None:
        self.books: dict[str, str] = {}
        self.lent: list[str] = []
        self.extra: dict[str, Any] = {}


def add_book(title: str, state: Shelf) -> dict:
    """Put a new book with a title on the shelf. Returns its book_id."""
    book_id = f"B{len(state.books) + 1}"
    state.books[book_id] = title
    return {"book_id": book_id}


def read_book(book_id: str, state: Shelf) -> dict:
    """Read the title of a book on the shelf by its book_id."""
    if book_id not in state.books:
        return {"error": "no such book"}
    return {"title": state.books[book_id]}


def lend_book(book_id: str, state: Shelf) -> dict:
    """Lend a book on the shelf by its book_id."""
    if book_id not in state.books or book_id in state.lent:
        return {"error": "not available"}
    state.lent.append(book_id)
    return {"lent": book_id}


# ------------------------------------------------------------------ the faults


class _BadStr(Exception):
    def __str__(self) -> str:
        raise RuntimeError("__str__ refuses")


class _BadToDict:
    def to_dict(self) -> dict:
        raise RuntimeError("to_dict refuses")


class _BadModelDump:
    def model_dump(self) -> dict:
        raise ValueError("model_dump refuses")


class _BadGetattr:
    def __getattr__(self, name: str) -> Any:
        raise RuntimeError(f"no attribute {name} for you")


def _raise(exc: BaseException) -> None:
    raise exc


def _hang_swallowing_alarm() -> None:
    while True:  # a bare except: swallows the timeout alarm every time
        try:
            time.sleep(0.05)
        except:  # noqa: E722 - the fault under test
            pass


def _c_loop() -> None:
    sum(itertools.repeat(1, 10**13))  # one C call holding the GIL: no alarm is delivered inside it


# kind -> (what the probe does when it faults, what its record must say)
FAULTS: dict[str, tuple[Any, str]] = {
    "raise": (lambda state: 1 / 0, "ZeroDivisionError"),
    "str_raises": (lambda state: _raise(_BadStr()), "_BadStr: <message unavailable"),
    "to_dict_raises": (lambda state: _BadToDict(), "unserializable output: to_dict refuses"),
    "model_dump_raises": (lambda state: _BadModelDump(), "unserializable output: model_dump refuses"),
    "getattr_raises": (lambda state: _BadGetattr(), "unserializable output: no attribute"),
    "huge_int": (lambda state: {"n": 10**5000}, "unserializable output: Exceeds the limit"),
    "surrogate": (lambda state: state.extra.update(note="caf\udce9") or {"name": "b\ud800d"}, "\ufffd"),
    "uncopyable_state": (lambda state: state.extra.update(lock=threading.Lock()) or {"ok": 1},
                         "cannot be snapshotted and pickled"),
    "lambda_state": (lambda state: state.extra.update(hook=lambda: 0) or {"ok": 1}, "cannot be snapshotted and pickled"),
    "hang": (lambda state: time.sleep(60), "timeout:"),
    "swallow_alarm": (lambda state: _hang_swallowing_alarm(), "timeout:"),
    "c_loop": (lambda state: _c_loop(), "timeout:"),
    "exit": (lambda state: os._exit(3), "crashed: the call ended its process (exit code 3)"),
    "sigkill": (lambda state: os.kill(os.getpid(), signal.SIGKILL), "killed by SIGKILL"),
    "segfault": (lambda state: ctypes.string_at(0), "killed by SIGSEGV"),
}
# faults that cannot be contained in the calling process (they end it or never return)
PROCESS_ONLY = ("swallow_alarm", "c_loop", "exit", "sigkill", "segfault")


def _make_probe(kind: str, seed: int, books_when: int, before: bool) -> Any:
    from llama_index.core.tools import FunctionTool

    fault = FAULTS[kind][0]

    def probe(book_id: str, state: Shelf) -> Any:
        if before and len(state.books) == books_when:
            return fault(state)
        if book_id not in state.books:
            return {"error": "no such book"}
        if len(state.books) == books_when:
            return fault(state)
        return {"seen": book_id}

    probe.__name__ = probe.__qualname__ = f"probe_{kind}_s{seed}"
    globals()[probe.__name__] = probe  # module-level name: pickles by reference
    return FunctionTool.from_defaults(
        fn=probe, name=f"probe_{kind}",
        description=f"Inspect a book on the shelf by its book_id ({kind.replace('_', ' ')} check).")


def fault_tools(seed: int, kinds: tuple[str, ...] | None = None) -> list[Any]:
    """The shelf's tools plus one probe per fault kind, faulting where the seeded RNG says."""
    rng = random.Random(seed)
    probes = []
    for kind in kinds or tuple(FAULTS):
        probes.append(_make_probe(kind, seed, books_when=rng.choice((1, 1, 2)), before=rng.random() < 0.5))
    return [add_book, read_book, lend_book, *probes]


def fault_runtime(seed: int = 0, kinds: tuple[str, ...] | None = None, timeout_s: float = 0.5):
    from llama_index_libra.runtime.python import PythonRuntime

    return PythonRuntime(fault_tools(seed, kinds), Shelf, name="shelf", timeout_s=timeout_s)


# pool workers and call processes rebuild the probes on import, by the same seeds the tests use
for _seed in range(4):
    fault_tools(_seed)
