"""A shelf whose tools kill the process-pool worker running them, once per marker, for restart tests.

``killer_runtime()`` is a PythonRuntime over ``add_book`` -> ``read_book`` / ``lend_book``. With
``$LIBRA_TEST_KILL_DIR`` and ``$LIBRA_TEST_MASTER_PID`` set (the build's own process), a call of
``read_book`` or ``lend_book`` in a pool worker of that master SIGKILLs the worker, once per tool:
a marker file in the folder says the kill happened. In a serial build (no pool worker between the
call and the master) nothing is killed. Importable by pool workers (module-level functions).
"""

from __future__ import annotations

import os
import signal
import time

from llama_index_libra.runtime.python import PythonRuntime

KILL_DIR_ENV = "LIBRA_TEST_KILL_DIR"
MASTER_ENV = "LIBRA_TEST_MASTER_PID"


def _parent(pid: int) -> int:
    with open(f"/proc/{pid}/stat", "rb") as fh:
        return int(fh.read().rsplit(b")", 1)[1].split()[1])


def pool_worker_of(master: int) -> int | None:
    """The spawned pool worker of ``master`` this call runs in (itself, or its call process's parent)."""
    pid = os.getpid()
    while pid > 1:
        parent = _parent(pid)
        if parent == master:
            with open(f"/proc/{pid}/cmdline", "rb") as fh:
                return pid if b"spawn_main" in fh.read() else None  # not a call process of a serial build
        pid = parent
    return None


def _maybe_kill_worker(tag: str) -> None:
    folder, master = os.environ.get(KILL_DIR_ENV), os.environ.get(MASTER_ENV)
    if not folder or not master:
        return
    worker = pool_worker_of(int(master))
    if worker is None:
        return  # a serial build: the master runs the calls itself
    try:
        fd = os.open(os.path.join(folder, tag), os.O_CREAT | os.O_EXCL | os.O_WRONLY)
    except FileExistsError:
        return
    os.close(fd)
    os.kill(worker, signal.SIGKILL)
    time.sleep(60)  # a call process dies with its worker; this line is never passed


class Shelf:
    def __init__(self) -> None:
        self.books: dict[str, str] = {}
        self.lent: list[str] = []


def add_book(title: str, state: Shelf) -> dict:
    """Put a new book with a title on the shelf. Returns its book_id."""
    book_id = f"B{len(state.books) + 1}"
    state.books[book_id] = title
    return {"book_id": book_id}


def read_book(book_id: str, state: Shelf) -> dict:
    """Read the title of a book on the shelf by its book_id."""
    if state.books:
        _maybe_kill_worker("read_book")
    if book_id not in state.books:
        return {"error": "no such book"}
    return {"title": state.books[book_id]}


def lend_book(book_id: str, state: Shelf) -> dict:
    """Lend a book on the shelf by its book_id."""
    if len(state.books) > 1:
        _maybe_kill_worker("lend_book")
    if book_id not in state.books or book_id in state.lent:
        return {"error": "not available"}
    state.lent.append(book_id)
    return {"lent": book_id}


def return_book(book_id: str, state: Shelf) -> dict:
    """Return a lent book to the shelf by its book_id."""
    if book_id not in state.lent:
        return {"error": "not lent"}
    state.lent.remove(book_id)
    return {"returned": book_id}


def killer_runtime() -> PythonRuntime:
    """The shelf (see the module docstring)."""
    return PythonRuntime([add_book, read_book, lend_book, return_book], Shelf, name="killer-shelf",
                         fixtures={"title": "Dune"}, timeout_s=5.0)
