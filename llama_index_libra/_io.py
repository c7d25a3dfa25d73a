"""Atomic file writes: write to a temporary file beside the target, fsync, then rename.

A crash or Ctrl-C mid-write leaves the previous file intact, never a half-written one.
"""

from __future__ import annotations

import glob
import json
import os
import re
import tempfile
import threading
from pathlib import Path
from typing import Any, Callable

__all__ = ["atomic_write_text", "atomic_write_bytes", "atomic_write_json", "canonical_json", "parse_json", "safe_component", "confined_path",
           "check_writable", "temp_files_beside", "pid_alive", "read_regular_file"]


_umask_lock = threading.Lock()


def _file_mode(path: Path) -> int:
    """The mode a plain ``open(path, "w")`` would give: the existing file's, else 0666 minus the umask."""
    try:
        return os.stat(path).st_mode & 0o7777
    except OSError:
        pass
    return 0o666 & ~_umask()


def _umask() -> int:
    """The process umask, read without changing it where the OS tells (Linux), else set and restored."""
    try:
        with open("/proc/self/status", encoding="ascii", errors="replace") as fh:
            for line in fh:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    except (OSError, ValueError, IndexError):
        pass
    with _umask_lock:  # a thread creating a file in between would briefly see umask 0
        mask = os.umask(0)
        os.umask(mask)
    return mask


def _temp_prefix(path: Path) -> str:
    """The name start of this process's temporary files beside ``path``: the writer's pid is in it."""
    return f".{path.name}.{os.getpid()}-"


def pid_alive(pid: int) -> bool:
    """Whether a process with this id exists (one owned by another user counts)."""
    if pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def temp_files_beside(path: str | Path) -> list[Path]:
    """Temporary files :func:`atomic_write_bytes` left beside ``path`` in a process that is gone (killed
    mid-write). A file whose writer still runs (a concurrent build writing the same output) is not
    listed, nor is one of this process."""
    path = Path(path)
    if not path.parent.is_dir():
        return []
    stale = []
    for candidate in sorted(path.parent.glob(f".{glob.escape(path.name)}.*.tmp")):
        owner = candidate.name[len(path.name) + 2:].split("-", 1)[0]
        if owner.isdigit() and (int(owner) == os.getpid() or pid_alive(int(owner))):
            continue
        stale.append(candidate)
    return stale


def check_writable(path: str | Path, *, error: Callable[[str], Exception]) -> Path:
    """Fail early, with ``error(reason)``, when ``path`` cannot be written (checked by creating and
    removing a temporary file beside it), so a long build does not end with nowhere to save."""
    path = Path(path)
    if path.is_dir():
        raise error(f"{path} is a directory")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, probe = tempfile.mkstemp(prefix=_temp_prefix(path), suffix=".tmp", dir=path.parent)
        os.close(fd)
        os.unlink(probe)
    except OSError as exc:
        raise error(f"cannot write {path}: {exc.strerror or exc}") from None
    return path


def atomic_write_bytes(path: str | Path, data: bytes) -> Path:
    """Write ``data`` to ``path`` atomically (same-directory temp file + ``os.replace``)."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=_temp_prefix(path), suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            os.fchmod(fh.fileno(), _file_mode(path))  # mkstemp makes 0600; outputs get the usual mode
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise
    return path


def atomic_write_text(path: str | Path, text: str) -> Path:
    return atomic_write_bytes(path, text.encode("utf-8"))


# the compact encoder canonical_json uses, made once: json.dumps with these options builds a new
# encoder per call, which induction (millions of memo and marker keys per build) paid for every time
_COMPACT = json.JSONEncoder(sort_keys=True, ensure_ascii=False, allow_nan=False, separators=(",", ":"))


def canonical_json(obj: Any, *, indent: int | None = None) -> str:
    """Deterministic JSON: sorted keys, no NaN, UTF-8 kept."""
    if indent is None:
        return _COMPACT.encode(obj)
    return json.dumps(obj, sort_keys=True, ensure_ascii=False, indent=indent, allow_nan=False, separators=None if indent else (",", ":"))


def atomic_write_json(path: str | Path, obj: Any, *, indent: int | None = 1) -> Path:
    return atomic_write_text(path, canonical_json(obj, indent=indent) + "\n")


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def read_regular_file(path: str | Path, *, error: Callable[[str], Exception]) -> bytes:
    """The bytes of ``path``, which must be a regular file (after symbolic links): a device, a FIFO or a
    folder planted in its place (``/dev/zero``, ``/dev/stdin``) is ``error(reason)``, never an endless read."""
    import stat

    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as exc:
        raise error(f"cannot read {path}: {exc.strerror or exc}") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise error(f"{path} is not a regular file")
        with os.fdopen(fd, "rb", closefd=False) as fh:
            return fh.read()
    except OSError as exc:
        raise error(f"cannot read {path}: {exc.strerror or exc}") from None
    finally:
        os.close(fd)


def parse_json(data: str | bytes, *, error: Callable[[str], Exception]) -> Any:
    """``json.loads`` whose every failure raises ``error(reason)`` (one line): not UTF-8, malformed,
    nested too deeply, an integer over Python's digit limit, or NaN/Infinity (not JSON, and not
    writable again by :func:`canonical_json`)."""
    if isinstance(data, (bytes, bytearray)):
        try:
            data = bytes(data).decode("utf-8")
        except UnicodeDecodeError as exc:
            raise error(f"not UTF-8 text (byte {exc.start})") from None
    try:
        return json.loads(data, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        raise error(f"{exc.msg} at line {exc.lineno} column {exc.colno}") from None
    except RecursionError:
        raise error("nested too deeply to read") from None
    except ValueError as exc:  # integer digit limit, NaN/Infinity
        raise error(str(exc).splitlines()[0] if str(exc) else "not valid JSON") from None


_UNSAFE_CHARS = re.compile(r"[^A-Za-z0-9._-]+")
MAX_COMPONENT_CHARS = 80


def safe_component(text: Any, *, fallback: str = "unnamed") -> str:
    """A file-name component from data (a catalog or tool name): no separators, no leading dot, no
    ``..``, at most :data:`MAX_COMPONENT_CHARS` characters, never empty."""
    name = _UNSAFE_CHARS.sub("_", str(text)).lstrip(".")[:MAX_COMPONENT_CHARS]
    return name if name.strip("._-") else fallback


def confined_path(root: str | Path, relative: Any, *, error: Callable[[str], Exception]) -> Path:
    """``root / relative`` when it stays inside ``root`` (after resolving links and ``..``), else
    ``error(reason)``: a path read from a file must not send the reader elsewhere."""
    if not isinstance(relative, str) or not relative or "\x00" in relative:
        raise error(f"{relative!r} is not a relative file name")
    base = Path(root).resolve()
    target = (base / relative).resolve()
    if Path(relative).is_absolute() or not target.is_relative_to(base):
        raise error(f"{relative!r} points outside {root}")
    return target
