"""Whose KeyboardInterrupt is it: the user's Ctrl-C (or SIGTERM), or a tool that raised one?

A tool may raise ``KeyboardInterrupt`` itself (a library that maps a signal to it, a bare ``raise``).
Recorded as that call's error it costs the call; re-raised it would stop the build, and every resume
would stop at the same call. :func:`tool_raised` tells the two apart without guessing: where SIGINT
is ignored (pool workers, supervised call processes) no Ctrl-C can arrive, and while a build watches
its signals (:func:`watch`, entered by the induction executors) a real SIGINT or SIGTERM is noted
before it is raised. Outside both, a KeyboardInterrupt is always the user's.
"""

from __future__ import annotations

import contextlib
import signal
import threading
from typing import Any, Iterator

__all__ = ["watch", "note_signal", "tool_raised"]

_STATE = {"watching": 0, "signals": 0}


def note_signal() -> None:
    """Record that a real interrupt (SIGINT, SIGTERM) arrived; called by signal handlers before they raise."""
    _STATE["signals"] += 1


def tool_raised() -> bool:
    """Whether a KeyboardInterrupt caught around a tool call came from the tool, not from a signal."""
    if threading.current_thread() is threading.main_thread() and signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
        return True  # no Ctrl-C reaches this process
    return bool(_STATE["watching"]) and not _STATE["signals"]


@contextlib.contextmanager
def watch() -> Iterator[None]:
    """While a build runs: SIGINT (when Python's default handler has it) is noted before it raises
    ``KeyboardInterrupt``, so :func:`tool_raised` can tell a tool's own apart."""
    installed = False
    if threading.current_thread() is threading.main_thread() and signal.getsignal(signal.SIGINT) is signal.default_int_handler:

        def _handler(signum: int, frame: Any) -> None:
            note_signal()
            raise KeyboardInterrupt

        signal.signal(signal.SIGINT, _handler)
        installed = True
    _STATE["watching"] += 1
    if _STATE["watching"] == 1:
        _STATE["signals"] = 0
    try:
        yield
    finally:
        _STATE["watching"] -= 1
        if installed:
            signal.signal(signal.SIGINT, signal.default_int_handler)
