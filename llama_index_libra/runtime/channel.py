"""Parent side of the ``libra-pipe-1`` channel: one worker process behind a pair of dedicated pipes.

Every runtime that drives its tools in a worker process speaks through this channel
(``SubprocessRuntime``, ``SciToolAgentRuntime``, a user's own; see docs/runtime-guide.md). The
worker script calls ``serve`` of ``_pipe_serve.py`` (standard library only, loaded by its path:
:data:`SERVE_SCRIPT`, also in the worker's ``$LIBRA_PIPE_SERVE``). What makes the channel robust:

* **dedicated pipes**: requests and replies travel on two pipes whose descriptors the worker inherits
  (``$LIBRA_PIPE_FDS``), never its stdout; the worker's stdout and stderr go to a log file (cut back
  when it passes ``log_limit_bytes``), so a print (from Python, a C library or a child process, even
  one that outlives its call) can neither desynchronise nor block the channel;
* **request ids**: every request carries a new id and only the reply with that id is accepted;
* **exit watching**: the wait selects on the reply pipe *and* the process (a pidfd where Linux has
  one, else a poll every 50 ms), so a dead worker is noticed at once even when a grandchild it started
  still holds the reply pipe open;
* **one owner**: a channel answers only in the process that opened it. A forked copy (a supervised
  call process, say) sees it as closed (:meth:`PipeChannel.alive` is False, :meth:`request` raises)
  and never reads a reply meant for its parent; its owner opens a new one;
* **restart**: a timeout (or ``cpu_s`` of CPU time, read from ``/proc`` on Linux) kills the worker's
  whole process group, and any failure leaves the channel closed, as does a wait interrupted by an
  exception (the in-process timeout alarm of :meth:`Runtime.call`, Ctrl-C); :meth:`PipeChannel.request` raises
  :class:`ChannelTimeout` or :class:`WorkerDied` and the owner starts a new channel (the worker's
  state is gone with it). Workers opened from the main thread die with their owner on Linux.
"""

from __future__ import annotations

import json
import os
import select
import shutil
import signal
import subprocess
import tempfile
import threading
import time
from pathlib import Path
from typing import Any, Mapping, Sequence

__all__ = ["PipeChannel", "ChannelError", "ChannelTimeout", "CPULimitExceeded", "WorkerDied", "RemoteError", "PROTOCOL", "SERVE_SCRIPT",
           "process_cpu_s"]

PROTOCOL = "libra-pipe-1"
FDS_ENV = "LIBRA_PIPE_FDS"
SERVE_ENV = "LIBRA_PIPE_SERVE"
PARENT_ENV = "LIBRA_PIPE_PARENT"
SERVE_SCRIPT = Path(__file__).with_name("_pipe_serve.py")
_LOG_TAIL = 1500
_POLL_S = 0.05
_CPU_POLL_S = 0.2
_READ = 1 << 20


class ChannelError(RuntimeError):
    """The worker could not answer: it died, timed out, or broke the protocol (the channel is closed)."""


class ChannelTimeout(ChannelError):
    """No reply within the limit (or past the CPU limit); the worker's process group was killed."""


class CPULimitExceeded(ChannelError):
    """The worker used more CPU time than the request allowed (``cpu_s``); its process group was killed."""


class WorkerDied(ChannelError):
    """The worker exited (or was killed) before replying; ``reason`` says how, without its output."""

    def __init__(self, text: str, reason: str | None = None) -> None:
        super().__init__(text)
        self.reason = reason or text


class RemoteError(RuntimeError):
    """The worker replied that the request failed (``"Type: message"``); the channel stays usable."""


def _kill_group(proc: subprocess.Popen) -> None:
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError, OSError):
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


def _stat(pid: int | str) -> list[bytes] | None:
    try:
        with open(f"/proc/{pid}/stat", "rb") as fh:
            return fh.read().rsplit(b")", 1)[1].split()
    except (OSError, IndexError):
        return None


def process_cpu_s(pid: int, *, tree: bool = False) -> float | None:
    """CPU seconds (user + system) process ``pid`` has used, from ``/proc`` (None where unreadable).

    ``tree``: its children's too, the live ones (found by their parent ids) and those it waited for,
    so a tool whose child process burns the CPU (and ignores SIGXCPU, which it inherits only as a soft
    limit) is counted against the call's ``cpu_s``."""
    fields = _stat(pid)
    if fields is None:
        return None
    try:
        ticks = int(fields[11]) + int(fields[12]) + (int(fields[13]) + int(fields[14]) if tree else 0)
        if tree:
            parents: dict[int, int] = {}
            stats: dict[int, list[bytes]] = {}
            for entry in os.listdir("/proc"):
                if entry.isdigit() and (child := _stat(entry)) is not None:
                    parents[int(entry)] = int(child[1])
                    stats[int(entry)] = child
            frontier, seen = [pid], {pid}
            while frontier:
                parent = frontier.pop()
                for child_pid, ppid in parents.items():
                    if ppid == parent and child_pid not in seen:
                        seen.add(child_pid)
                        frontier.append(child_pid)
                        child = stats[child_pid]
                        ticks += int(child[11]) + int(child[12])
        return ticks / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return None


class PipeChannel:
    """A worker process started with ``command`` and spoken to over dedicated pipes (module docstring).

    Args:
        command: the worker's command line (its script calls ``_pipe_serve.serve``).
        env: the worker's whole environment (``LIBRA_PIPE_FDS``, ``LIBRA_PIPE_SERVE`` are added).
        cwd: its working folder (default: a new temporary folder, removed on close: :attr:`workdir`).
        startup_timeout_s: how long to wait for the worker's hello line.
        preexec_fn: run in the child before ``exec`` (resource limits).
        log_limit_bytes: the worker's output log is emptied when it grows past this (checked per request).
    """

    def __init__(self, command: Sequence[str], *, env: Mapping[str, str] | None = None, cwd: str | Path | None = None,
                 startup_timeout_s: float | None = 120.0, preexec_fn: Any = None, log_limit_bytes: int = 1 << 20) -> None:
        self.owner_pid = os.getpid()
        self._closed = True  # until started: close() is safe from any point of __init__
        self._lock = threading.Lock()
        # a plain folder, not a TemporaryDirectory: a forked copy collected by its garbage collector
        # must not remove the owner's folder
        # named by the owner's pid: a build's start-up removes the folders of owners that are gone (a pool
        # worker leaves through os._exit, where no close() runs)
        self._tmp = tempfile.mkdtemp(prefix=f"libra-pipe-{os.getpid()}-")
        self.log_path = Path(self._tmp) / ".libra-worker.log"
        self.workdir = str(cwd) if cwd is not None else self._tmp
        self.log_limit_bytes = int(log_limit_bytes)
        req_r, req_w = os.pipe()
        rep_r, rep_w = os.pipe()
        environment = dict(os.environ if env is None else env)
        environment[FDS_ENV] = f"{req_r},{rep_w}"
        environment[SERVE_ENV] = str(SERVE_SCRIPT)
        if threading.current_thread() is threading.main_thread():
            environment[PARENT_ENV] = str(os.getpid())  # the worker asks the kernel to kill it with us
        else:
            environment.pop(PARENT_ENV, None)  # a thread's exit would count as its parent's death
        self._next_id = 1
        self._buffer = b""
        self._pidfd: int | None = None
        try:
            with open(self.log_path, "ab") as log:  # O_APPEND: the parent may cut the file back
                self.proc = subprocess.Popen(
                    list(command), stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT,
                    env=environment, cwd=self.workdir, pass_fds=(req_r, rep_w), start_new_session=True,
                    preexec_fn=preexec_fn)
        except BaseException:
            for fd in (req_r, req_w, rep_r, rep_w):
                os.close(fd)
            shutil.rmtree(self._tmp, ignore_errors=True)
            raise
        os.close(req_r)
        os.close(rep_w)
        self._req, self._rep = req_w, rep_r
        self._closed = False
        try:
            self._pidfd = os.pidfd_open(self.proc.pid)  # type: ignore[attr-defined]
        except (AttributeError, OSError):
            self._pidfd = None
        hello = self._read_reply(0, startup_timeout_s, "while starting", None)
        result = hello.get("result") if hello.get("ok") else None
        if not isinstance(result, dict) or result.get("protocol") != PROTOCOL:
            self.close()
            raise ChannelError(f"the worker did not greet with protocol {PROTOCOL}: {hello!r:.200}")
        self.hello = result

    # ---- requests

    def request(self, op: str, payload: Mapping[str, Any] | None = None, *, timeout_s: float | None = None,
                cpu_s: float | None = None) -> Any:
        """Send ``{"op": op, **payload}`` and return the reply's result.

        Raises :class:`RemoteError` when the worker answered with an error (the channel stays open),
        :class:`ChannelTimeout` (past ``timeout_s`` of wall time, or ``cpu_s`` of the worker's CPU
        time) / :class:`WorkerDied` / :class:`ChannelError` when it could not answer (the channel is
        closed: start a new one).
        """
        if os.getpid() != self.owner_pid:
            raise WorkerDied(f"this channel belongs to process {self.owner_pid}; a forked process opens its own")
        with self._lock:
            if self._closed:
                raise WorkerDied("the channel is closed")
            self._trim_log()
            request_id = self._next_id
            self._next_id += 1
            data = json.dumps({**(payload or {}), "op": op, "id": request_id}, ensure_ascii=True,
                              allow_nan=False).encode("ascii") + b"\n"
            try:
                try:
                    view = memoryview(data)
                    while view:
                        view = view[os.write(self._req, view):]
                except OSError:
                    raise self._died("before the request was sent") from None
                reply = self._read_reply(request_id, timeout_s, "before replying", cpu_s)
            except ChannelError:
                raise
            except BaseException:
                # interrupted mid-request (a call's timeout alarm, Ctrl-C): the worker is still busy
                # with a request nobody waits for, so it goes; the next request starts a new one
                self.close()
                raise
        if not reply.get("ok"):
            raise RemoteError(str(reply.get("error") or "error"))
        return reply.get("result")

    def _read_reply(self, request_id: int, timeout_s: float | None, when: str, cpu_s: float | None) -> dict[str, Any]:
        deadline = None if timeout_s is None else time.monotonic() + timeout_s
        cpu_limit = None
        if cpu_s is not None and cpu_s > 0:
            used = process_cpu_s(self.proc.pid, tree=True)
            cpu_limit = None if used is None else used + float(cpu_s) + 0.5  # past the worker's own RLIMIT_CPU
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
                # the reply to an earlier request whose wait was interrupted: not this one's
            left = None if deadline is None else deadline - time.monotonic()
            if left is not None and left <= 0:
                self.close()
                raise ChannelTimeout(f"timeout: the worker did not reply within {timeout_s:g} s; it was killed")
            if cpu_limit is not None:
                used = process_cpu_s(self.proc.pid, tree=True)
                if used is not None and used > cpu_limit:
                    self.close()
                    raise CPULimitExceeded(f"the worker used more than {cpu_s:g} s of CPU time; it was killed")
            watch = [self._rep] + ([self._pidfd] if self._pidfd is not None else [])
            wait = left
            if self._pidfd is None:
                wait = _POLL_S if wait is None else min(wait, _POLL_S)
            if cpu_limit is not None:
                wait = _CPU_POLL_S if wait is None else min(wait, _CPU_POLL_S)
            ready, _, _ = select.select(watch, [], [], wait)
            if self._rep in ready:
                chunk = os.read(self._rep, _READ)
                if not chunk:
                    raise self._died(when)
                self._buffer += chunk
                continue
            if (self._pidfd is not None and self._pidfd in ready) or self.proc.poll() is not None:
                # drain what it wrote before exiting (a reply may precede the exit)
                ready, _, _ = select.select([self._rep], [], [], 0)
                if ready:
                    chunk = os.read(self._rep, _READ)
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
        reason = f"crash: the worker process {_describe_exit(code)} {when}"
        return WorkerDied(reason + (f"; its last output: ...{tail[-400:]}" if tail else ""), reason)

    def _trim_log(self) -> None:
        try:
            if os.path.getsize(self.log_path) > self.log_limit_bytes:
                keep = self.log_tail()
                os.truncate(self.log_path, 0)  # the worker writes with O_APPEND: at the new end
                with open(self.log_path, "ab") as fh:
                    fh.write(keep.encode("utf-8", "replace"))
        except OSError:
            pass

    # ---- lifecycle

    def alive(self) -> bool:
        """Whether this process may use the channel: it opened it, it is open and its worker runs."""
        return os.getpid() == self.owner_pid and not self._closed and self.proc.poll() is None

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
        """Kill the worker's process group, close the pipes and remove the temporary folder.

        In a process that did not open the channel (a forked copy) only this copy's descriptors are
        closed: the worker belongs to the owner."""
        if self._closed:
            return
        self._closed = True
        owner = os.getpid() == self.owner_pid
        if owner:
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
        if owner:
            shutil.rmtree(self._tmp, ignore_errors=True)

    def __getstate__(self) -> dict[str, Any]:
        raise TypeError("a PipeChannel cannot be pickled: its worker belongs to the process that opened it; "
                        "pickle the settings and open a new channel where they arrive")

    def __enter__(self) -> "PipeChannel":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def __del__(self) -> None:  # pragma: no cover - interpreter shutdown order varies
        try:
            if os.getpid() == getattr(self, "owner_pid", None):
                self.close()
        except Exception:  # noqa: BLE001
            pass
