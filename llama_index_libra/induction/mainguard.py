"""Is this call running at the top level of a ``__main__`` script, outside ``if __name__ == "__main__":``?

A process pool's spawned workers import the main script again (as ``__mp_main__``); statements at its
top level run once more in every worker, and a build started there makes each worker start a pool of
its own during start-up, which Python refuses. The build detects this before any worker starts.
"""

from __future__ import annotations

import ast
import os
import sys

__all__ = ["unguarded_main_call", "guarded_lines"]


def _is_main_test(test: ast.expr) -> bool:
    """``__name__ == "__main__"`` in either order."""
    if not (isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.ops[0], ast.Eq)):
        return False
    sides = [test.left, test.comparators[0]]
    names = [s.id for s in sides if isinstance(s, ast.Name)]
    texts = [s.value for s in sides if isinstance(s, ast.Constant)]
    return names == ["__name__"] and texts == ["__main__"]


def guarded_lines(source: str) -> set[int]:
    """Line numbers of a module's source that lie inside the body of an ``if __name__ == "__main__":``."""
    lines: set[int] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.If) and _is_main_test(node.test) and node.body:
            lines.update(range(node.body[0].lineno, (node.body[-1].end_lineno or node.body[-1].lineno) + 1))
    return lines


def unguarded_main_call() -> str | None:
    """``"script.py, line N"`` when this call was reached from a top-level statement of the main
    script that is not under its ``__main__`` guard (workers would run it again); None otherwise
    (an interactive session, a guarded script, a command such as ``libra``)."""
    main = sys.modules.get("__main__")
    name = getattr(getattr(main, "__spec__", None), "name", None)
    if name is not None and (name == "__main__" or name.endswith(".__main__")):
        return None  # `python -m package`: spawned workers do not run a package's __main__ again (multiprocessing.spawn)
    path = getattr(main, "__file__", None)
    if not isinstance(path, str) or not os.path.isfile(path):
        return None
    frame = sys._getframe(1)
    while frame is not None:
        if frame.f_code.co_name == "<module>" and frame.f_globals.get("__name__") == "__main__":
            break
        frame = frame.f_back
    if frame is None:
        return None
    try:
        if not os.path.samefile(frame.f_code.co_filename, path):
            return None
        with open(path, encoding="utf-8") as fh:
            source = fh.read()
        guarded = guarded_lines(source)
    except (OSError, SyntaxError, ValueError, UnicodeDecodeError):
        return None
    line = frame.f_lineno
    return None if line in guarded else f"{os.path.basename(path)}, line {line}"
