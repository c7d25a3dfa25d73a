"""Worker side of the ``libra-pipe-1`` channel (standard library only; loaded by file path).

A worker runs in another interpreter (another virtualenv, Python 3.8 or newer), so it imports nothing
of this package: its script loads this file by the path in ``$LIBRA_PIPE_SERVE`` (or beside itself)
with ``importlib.util.spec_from_file_location`` and calls :func:`serve`.

The channel is a pair of dedicated pipes whose descriptors arrive in ``$LIBRA_PIPE_FDS`` (``"r,w"``),
never the process's stdout: file descriptor 1 is pointed at stderr (the parent's log file) before any
handler runs, so prints of the served code (Python's, a C library's, a child process's) cannot reach
the reply stream. One JSON object per line, ASCII: requests ``{"id": n, "op": "...", ...}``, replies
``{"id": n, "ok": true, "result": ...}`` or ``{"id": n, "ok": false, "error": "Type: message"}``; the
first line the worker writes is the hello ``{"id": 0, "ok": true, "result": {"protocol":
"libra-pipe-1", "pid": ...}}``. With ``$LIBRA_PIPE_PARENT`` set, the worker asks Linux to kill it
when that parent dies.
"""

from __future__ import annotations

import json
import os
import sys
from typing import Any, Callable

PROTOCOL = "libra-pipe-1"
FDS_ENV = "LIBRA_PIPE_FDS"
PARENT_ENV = "LIBRA_PIPE_PARENT"
MESSAGE_CHARS = 2000


def format_exception(exc: BaseException) -> str:
    """``"Type: message"`` (cut at 2,000 characters); never raises, even for a hostile ``__str__``."""
    try:
        text = str(exc)
    except BaseException:  # noqa: BLE001
        text = "<message unavailable: its __str__ raised>"
    if len(text) > MESSAGE_CHARS:
        text = text[:MESSAGE_CHARS] + "...[truncated]"
    name = type(exc).__name__
    return f"{name}: {text}" if text else name


def _open_channel() -> tuple[Any, Any]:
    spec = os.environ.get(FDS_ENV, "")
    try:
        read_fd, write_fd = (int(part) for part in spec.split(","))
    except ValueError:
        sys.stderr.write(f"{FDS_ENV} must be 'READ_FD,WRITE_FD', got {spec!r}\n")
        raise SystemExit(2) from None
    for key in (FDS_ENV, PARENT_ENV, "LIBRA_PIPE_SERVE"):
        os.environ.pop(key, None)  # the served code's child processes have no business with the channel
    return os.fdopen(read_fd, "rb", buffering=0), os.fdopen(write_fd, "wb", buffering=0)


def _die_with_parent() -> None:
    """Linux: SIGKILL this worker when the process that opened the channel dies (best effort)."""
    parent = os.environ.get(PARENT_ENV)
    if not parent:
        return
    try:
        import ctypes
        import signal

        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError, ImportError):  # pragma: no cover - not Linux
        return
    if str(os.getppid()) != parent:  # it died before the request was armed
        os._exit(0)


def _isolate_stdout() -> None:
    """Point fd 1 (and ``sys.stdout``) at stderr, and stdin at /dev/null."""
    sys.stdout.flush()
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    null = os.open(os.devnull, os.O_RDONLY)
    os.dup2(null, 0)
    os.close(null)
    sys.stdin = open(os.devnull)  # noqa: SIM115 - lives as long as the process


def _fallback(value: Any) -> Any:
    if isinstance(value, (set, frozenset, tuple)):
        return list(value)
    if hasattr(value, "isoformat"):
        return value.isoformat()
    raise TypeError(f"{type(value).__name__} is not JSON")


def _encode(reply: dict, lenient: bool) -> bytes:
    try:
        text = json.dumps(reply, ensure_ascii=True, allow_nan=False, default=_fallback if lenient else None)
    except (TypeError, ValueError, RecursionError) as exc:
        text = json.dumps({"id": reply.get("id"), "ok": False, "error": f"the reply is not JSON: {format_exception(exc)}"})
    return text.encode("ascii") + b"\n"


def _write_all(stream: Any, data: bytes) -> None:
    view = memoryview(data)
    while view:
        written = stream.write(view)
        view = view[written or 0:]


def serve(handlers: dict[str, Callable[[dict], Any]], hello: dict | None = None, *, lenient_json: bool = True) -> None:
    """Answer requests with ``handlers[op](request)`` until the request pipe closes, then exit.

    A handler's exception (``SystemExit`` and ``KeyboardInterrupt`` included) is an ``ok: false``
    reply. ``lenient_json`` writes sets and tuples as lists and dates as ISO text; without it a result
    that is not plain JSON is an ``ok: false`` reply.
    """
    requests, replies = _open_channel()
    _isolate_stdout()
    _die_with_parent()
    _write_all(replies, _encode({"id": 0, "ok": True, "result": {"protocol": PROTOCOL, "pid": os.getpid(), **(hello or {})}},
                                lenient_json))
    buffer = b""
    while True:
        try:
            chunk = requests.read(65536)
        except KeyboardInterrupt:  # a stray SIGINT between requests
            continue
        if not chunk:
            break
        buffer += chunk
        while b"\n" in buffer:
            line, _, buffer = buffer.partition(b"\n")
            request_id = None
            try:
                request = json.loads(line)
                request_id = request.get("id")
                handler = handlers.get(request.get("op"))
                if handler is None:
                    reply = {"id": request_id, "ok": False, "error": f"unknown op {request.get('op')!r}"}
                else:
                    reply = {"id": request_id, "ok": True, "result": handler(request)}
            except BaseException as exc:  # noqa: BLE001 - SystemExit from served code is a reply too
                reply = {"id": request_id, "ok": False, "error": format_exception(exc)}
            try:
                sys.stderr.flush()
            except (OSError, ValueError):  # served code closed fd 2
                pass
            _write_all(replies, _encode(reply, lenient_json))
    os._exit(0)
