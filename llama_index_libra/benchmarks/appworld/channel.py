"""Parent side of the ``libra-pipe-1`` channel: one worker process behind a pair of dedicated pipes.

Independent of any benchmark (it is meant to serve every out-of-process runtime). The worker script
calls ``serve`` of ``_pipe_serve.py`` (standard library only). What makes the channel robust:

* **dedicated pipes**: requests and replies travel on two pipes whose descriptors the worker inherits
  (``$LIBRA_PIPE_FDS``), not on its stdout; the worker's stdout and stderr go to a log file, so a print
  (from Python or from C) can neither desynchronise nor block the channel;
* **request ids**: every request carries a new id and a reply is accepted only with that id;
* **exit detection**: the wait selects on the reply pipe *and* the process (a pidfd where Linux has
  one, else a poll every 50 ms), so a dead worker is noticed even when a grandchild it started still
  holds the reply pipe open;
* **restart**: a timeout kills the worker's whole process group, and any failure leaves the channel
  closed; :meth:`PipeChannel.request` raises :class:`ChannelTimeout` or :class:`WorkerDied` and the
  owner starts a new channel (the worker's state is gone with it).
"""

from __future__ import annotations

import json
import os
import select
import signal
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any, Mapping, Sequence

__all__ = ["PipeChannel", "ChannelError", "ChannelTimeout", "WorkerDied", "RemoteError", "PROTOCOL", "SERVE_SCRIPT"]

PROTOCOL = "libra-pipe-1"
FDS_ENV = "LIBRA_PIPE_FDS"
SERVE_SCRIPT = Path(__file__).with_name("_pipe_serve.py")
_LOG_TAIL = 1500
_POLL_S = 0.05


class ChannelError(RuntimeError):
    """The worker could not answer: it died, timed out, or broke the protocol (the channel is closed)."""


class ChannelTimeout(ChannelError):
    """No reply within the limit; the worker's process group was killed."""


class WorkerDied(ChannelError):
    """The worker exited (or was killed) before replying."""


class RemoteError(RuntimeError):
    """The worker replied that the request failed (``"Type: message"``); the channel stays usable."""


def _kill_group(proc: subprocess.Popen) -> None:
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass
    try:
        proc.kill()
    except OSError:
        pass


def _describe_exit(code: int | None) -> str:
    if code is None:
        return "stopped answering"
    if code < 0:
        try:
            return f"was killed by {signal.Signals(-code).name}"
        except ValueError:
            return f"was killed by signal {-code}"
    return f"exited with code {code}"


class PipeChannel:
    """A worker process started with ``command`` and spoken to over dedicated pipes (module docstring).

    Args:
        command: the worker's command line (its script calls ``_pipe_serve.serve``).
        env: the worker's whole environment (``LIBRA_PIPE_FDS`` is added).
        cwd: its working folder (default: a new temporary folder, removed on close).
        startup_timeout_s: how long to wait for the worker's hello line.
    """

    def __init__(self, command: Sequence[str], *, env: Mapping[str, str] | None = None, cwd: str | Path | None = None,
                 startup_timeout_s: float = 120.0, preexec_fn: Any = None) -> None:
        self._tmp = tempfile.TemporaryDirectory(prefix="libra-pipe-", ignore_cleanup_errors=True)
        self.log_path = Path(self._tmp.name) / "worker.log"
        req_r, req_w = os.pipe()
        rep_r, rep_w = os.pipe()
        environment = dict(os.environ if env is None else env)
        environment[FDS_ENV] = f"{req_r},{rep_w}"
        self._next_id = 1
        self._buffer = b""
        self._closed = False
        try:
            with open(self.log_path, "wb") as log:
                self.proc = subprocess.Popen(
                    list(command), stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT,
                    env=environment, cwd=str(cwd) if cwd is not None else self._tmp.name,
                    pass_fds=(req_r, rep_w), start_new_session=True, preexec_fn=preexec_fn)
        except OSError:
            for fd in (req_r, req_w, rep_r, rep_w):
                os.close(fd)
            self._tmp.cleanup()
            raise
        os.close(req_r)
        os.close(rep_w)
        self._req = req_w
        self._rep = rep_r
        try:
            self._pidfd: int | None = os.pidfd_open(self.proc.pid)  # type: ignore[attr-defined]
        except (AttributeError, OSError):
            self._pidfd = None
        hello = self._read_reply(0, startup_timeout_s, "while starting")
        result = hello.get("result") if hello.get("ok") else None
        if not isinstance(result, dict) or result.get("protocol") != PROTOCOL:
            self.close()
            raise ChannelError(f"the worker did not greet with protocol {PROTOCOL}: {hello!r:.200}")
        self.hello = result

    # ---- requests

    def request(self, op: str, payload: Mapping[str, Any] | None = None, *, timeout_s: float | None = None) -> Any:
        """Send ``{"op": op, **payload}`` and return the reply's result.

        Raises :class:`RemoteError` when the worker answered with an error (the channel stays open),
        :class:`ChannelTimeout` / :class:`WorkerDied` / :class:`ChannelError` when it could not answer
        (the channel is closed: start a new one).
        """
        if self._closed:
            raise WorkerDied("the channel is closed")
        request_id = self._next_id
        self._next_id += 1
        data = json.dumps({**(payload or {}), "op": op, "id": request_id}, ensure_ascii=True, allow_nan=False).encode("ascii") + b"\n"
        try:
            view = memoryview(data)
            while view:
                view = view[os.write(self._req, view):]
        except OSError:
            raise self._died("before the request was sent") from None
        reply = self._read_reply(request_id, timeout_s, "before replying")
        if not reply.get("ok"):
            raise RemoteError(str(reply.get("error") or "error"))
        return reply.get("result")

    def _read_reply(self, request_id: int, timeout_s: float | None, when: str) -> dict[str, Any]:
        deadline = None if timeout_s is None else time.monotonic() + timeout_s
        while True:
            while b"\n" in self._buffer:
                line, _, self._buffer = self._buffer.partition(b"\n")
                try:
                    reply = json.loads(line.decode("ascii"))
                except (UnicodeDecodeError, ValueError):
                    self.close()
                    raise ChannelError(f"malformed reply from the worker: {line[:120]!r}") from None
                if not isinstance(reply, dict):
                    self.close()
                    raise ChannelError(f"malformed reply from the worker: {line[:120]!r}")
                if reply.get("id") == request_id:
                    return reply
                # a reply to another request (none can be pending on a live channel): ignore it
            left = None if deadline is None else deadline - time.monotonic()
            if left is not None and left <= 0:
                self.close()
                raise ChannelTimeout(f"timeout: the worker did not reply within {timeout_s:g} s; it was killed")
            watch = [self._rep] + ([self._pidfd] if self._pidfd is not None else [])
            wait = _POLL_S if self._pidfd is None else left
            if wait is not None and left is not None:
                wait = min(wait, left)
            ready, _, _ = select.select(watch, [], [], wait)
            if self._rep in ready:
                chunk = os.read(self._rep, 1 << 20)
                if not chunk:
                    raise self._died(when)
                self._buffer += chunk
                continue
            if (self._pidfd is not None and self._pidfd in ready) or self.proc.poll() is not None:
                # drain what it wrote before exiting (a reply may precede the exit)
                ready, _, _ = select.select([self._rep], [], [], 0)
                if ready:
                    chunk = os.read(self._rep, 1 << 20)
                    if chunk:
                        self._buffer += chunk
                        continue
                raise self._died(when)

    def _died(self, when: str) -> WorkerDied:
        code = self.proc.poll()
        if code is None:
            try:
                code = self.proc.wait(timeout=2)
            except subprocess.TimeoutExpired:
                code = None
        tail = self.log_tail().strip()
        self.close()
        text = f"crash: the worker process {_describe_exit(code)} {when}"
        if tail:
            text += f"; its last output: ...{tail[-400:]}"
        return WorkerDied(text)

    # ---- lifecycle

    def alive(self) -> bool:
        """Whether the channel is open and its process running."""
        return not self._closed and self.proc.poll() is None

    @property
    def pid(self) -> int:
        """The worker's process id."""
        return self.proc.pid

    def log_tail(self, chars: int = _LOG_TAIL) -> str:
        """The last characters the worker printed (stdout and stderr)."""
        try:
            with open(self.log_path, "rb") as fh:
                fh.seek(0, os.SEEK_END)
                fh.seek(max(0, fh.tell() - chars))
                return fh.read().decode("utf-8", "replace")
        except OSError:
            return ""

    def close(self) -> None:
        """Kill the worker's process group, close the pipes and remove the temporary folder."""
        if self._closed:
            return
        self._closed = True
        _kill_group(self.proc)
        try:
            self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:  # pragma: no cover - SIGKILL was sent
            pass
        for fd in (self._req, self._rep, self._pidfd):
            if fd is not None:
                try:
                    os.close(fd)
                except OSError:
                    pass
        self._tmp.cleanup()

    def __enter__(self) -> "PipeChannel":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def __del__(self) -> None:  # pragma: no cover - interpreter shutdown order varies
        try:
            self.close()
        except Exception:  # noqa: BLE001
            pass
