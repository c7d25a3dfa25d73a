"""A shelf with a tool that raises KeyboardInterrupt and one that leaves a process behind.

``hygiene_runtime()`` is a PythonRuntime over ``add_book`` -> ``read_book``, plus ``panic`` (raises
``KeyboardInterrupt`` once the shelf holds a book, as a library that maps a signal to it would) and
``start_helper`` (starts a background process that would run for ten minutes; its pid goes into a file
of the folder ``$LIBRA_TEST_PID_DIR``). Importable by pool workers (module-level functions).
"""

from __future__ import annotations

import os
import subprocess
import sys

from llama_index_libra.runtime.python import PythonRuntime

PID_DIR_ENV = "LIBRA_TEST_PID_DIR"


class Shelf:
    def __init__(self) -> None:
        self.books: dict[str, str] = {}


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


def panic(book_id: str, state: Shelf) -> dict:
    """Check a book on the shelf by its book_id."""
    if book_id in state.books:
        raise KeyboardInterrupt
    return {"error": "no such book"}


def start_helper(title: str) -> dict:
    """Start a helper process for a title."""
    proc = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)"])
    folder = os.environ.get(PID_DIR_ENV)
    if folder:
        with open(os.path.join(folder, str(proc.pid)), "w"):
            pass
    return {"started": title}


def hygiene_runtime(*, helpers: bool = False) -> PythonRuntime:
    """The shelf (see the module docstring) with ``panic``, or (``helpers``) with ``start_helper`` instead."""
    tools = [add_book, read_book] + ([start_helper] if helpers else [panic])
    return PythonRuntime(tools, Shelf, name="hygiene-shelf", fixtures={"title": "Dune"}, timeout_s=5.0)
