"""A shelf whose reading tool notes which process ran it, for tests of where calls run.

``where_runtime()`` is a PythonRuntime over ``add_book`` -> ``read_book``. With ``$LIBRA_TEST_WHERE_DIR``
set, every call of ``read_book`` writes a file named by the pid of the process running it, holding
that process's parent pid (what the tool returns never depends on it, so records stay the same
wherever calls run). Importable by pool workers (module-level functions).
"""

from __future__ import annotations

import os

from llama_index_libra.runtime.python import PythonRuntime
from tests.support.hygiene_tools import Shelf, add_book  # the same shelf; only the reader notes its process

WHERE_DIR_ENV = "LIBRA_TEST_WHERE_DIR"


def read_book(book_id: str, state: Shelf) -> dict:
    """Read the title of a book on the shelf by its book_id."""
    folder = os.environ.get(WHERE_DIR_ENV)
    if folder:
        with open(os.path.join(folder, str(os.getpid())), "w") as fh:
            fh.write(str(os.getppid()))
    if book_id not in state.books:
        return {"error": "no such book"}
    return {"title": state.books[book_id]}


def where_runtime() -> PythonRuntime:
    return PythonRuntime([add_book, read_book], Shelf, name="where-shelf", fixtures={"title": "Dune"}, timeout_s=5.0)
