"""``libra``: a thin command line over the library functions (``main`` is the console script).

:mod:`.main` builds the parser and turns errors into one line; :mod:`.common` holds what several
commands share (the error type, argument types, benchmark loading); :mod:`.eval`, :mod:`.library`
and :mod:`.analysis` each register their commands. Heavy imports (torch, LlamaIndex, bfcl) happen
inside the commands, so ``libra --help`` is fast.
"""

from llama_index_libra.cli.main import build_parser, main

__all__ = ["main", "build_parser"]
