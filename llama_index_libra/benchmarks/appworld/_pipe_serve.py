"""Worker side of the ``libra-pipe-1`` channel (standard library only; loaded by file path).

A worker runs in another interpreter (another virtualenv), so it imports nothing of this package:
its script loads this file with ``importlib.util.spec_from_file_location`` and calls :func:`serve`.

The channel is a pair of dedicated pipes whose descriptors arrive in ``$LIBRA_PIPE_FDS`` (``"r,w"``),
never the process's stdout: file descriptor 1 is pointed at stderr before any handler runs, so prints
of the served code (Python's or a C library's) cannot reach the reply stream. One JSON object per line,
ASCII: requests ``{"id": n, "op": "...", ...}``, replies ``{"id": n, "ok": true, "result": ...}`` or
``{"id": n, "ok": false, "error": "Type: message"}``; the first line the worker writes is the hello
``{"id": 0, "ok": true, "result": {"protocol": "libra-pipe-1", "pid": ...}}``.
"""

from __future__ import annotations

import json
import os
import sys
from typing import Any, Callable

PROTOCOL = "libra-pipe-1"
FDS_ENV = "LIBRA_PIPE_FDS"
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
    return os.fdopen(read_fd, "rb", buffering=0), os.fdopen(write_fd, "wb", buffering=0)


def _isolate_stdout() -> None:
    """Point fd 1 (and ``sys.stdout``) at stderr, and stdin at /dev/null."""
    sys.stdout.flush()
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    null = os.open(os.devnull, os.O_RDONLY)
    os.dup2(null, 0)
    os.close(null)
    sys.stdin = open(os.devnull)  # noqa: SIM115 - lives as long as the process


def _encode(reply: dict) -> bytes:
    try:
        text = json.dumps(reply, ensure_ascii=True, allow_nan=False, default=_fallback)
    except (TypeError, ValueError) as exc:
        text = json.dumps({"id": reply.get("id"), "ok": False, "error": f"unencodable reply: {format_exception(exc)}"})
    return text.encode("ascii") + b"\n"


def _fallback(value: Any) -> Any:
    if isinstance(value, (set, frozenset, tuple)):
        return list(value)
    if hasattr(value, "isoformat"):
        return value.isoformat()
    raise TypeError(f"{type(value).__name__} is not JSON")


def _write_all(stream: Any, data: bytes) -> None:
    view = memoryview(data)
    while view:
        written = stream.write(view)
        view = view[written or 0:]


def serve(handlers: dict[str, Callable[[dict], Any]], hello: dict | None = None) -> None:
    """Answer requests with ``handlers[op](request)`` until the request pipe closes, then exit."""
    requests, replies = _open_channel()
    _isolate_stdout()
    _write_all(replies, _encode({"id": 0, "ok": True, "result": {"protocol": PROTOCOL, "pid": os.getpid(), **(hello or {})}}))
    buffer = b""
    while True:
        chunk = requests.read(65536)
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
            sys.stderr.flush()
            _write_all(replies, _encode(reply))
    os._exit(0)
