"""Atomic file writes: write to a temporary file beside the target, fsync, then rename.

A crash or Ctrl-C mid-write leaves the previous file intact, never a half-written one.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

__all__ = ["atomic_write_text", "atomic_write_bytes", "atomic_write_json", "canonical_json"]


def atomic_write_bytes(path: str | Path, data: bytes) -> Path:
    """Write ``data`` to ``path`` atomically (same-directory temp file + ``os.replace``)."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
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


def canonical_json(obj: Any, *, indent: int | None = None) -> str:
    """Deterministic JSON: sorted keys, no NaN, UTF-8 kept."""
    return json.dumps(obj, sort_keys=True, ensure_ascii=False, indent=indent, allow_nan=False, separators=None if indent else (",", ":"))


def atomic_write_json(path: str | Path, obj: Any, *, indent: int | None = 1) -> Path:
    return atomic_write_text(path, canonical_json(obj, indent=indent) + "\n")
