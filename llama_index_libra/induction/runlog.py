"""Append-only run log: resumable and incremental induction.

Every tool execution is appended as one JSON line keyed by a content hash of what determines its
result: the runtime's identity, the state digest, the tool's public metadata, and the arguments.
A later build with the same log folder serves those runs from the log instead of executing them,
so an interrupted build (Ctrl-C, a killed worker, a lost Ray node) resumes without redoing
finished work, and a rebuild after a catalog edit re-executes only runs whose key changed (runs
of edited tools, and runs in states that edited tools produced).

The tool part of the key (:func:`tool_fingerprint`) holds its public metadata, the effective
per-call timeout (a rebuild with a larger limit re-runs calls that timed out) and, when the runtime
offers ``tool_identity(name)`` (PythonRuntime: a hash of what the tool reaches, see ``runtime/identity.py``),
the tool's code, so an edited tool's runs are executed again.

Each process appends to its own file (``runs-<pid>-<n>.jsonl``) and flushes every line, so
concurrent workers never interleave writes. On load, a line that is cut short (even inside a UTF-8
character), holds a non-UTF-8 byte, is not JSON or is not a complete entry is skipped and counted
in ``skipped_lines``; every other line is kept. Runs
that changed the state are logged too, but still re-executed on a hit, because the child state
itself (a runtime snapshot) is not stored: the log holds plain JSON only.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import threading
from pathlib import Path
from typing import Any, Mapping

from llama_index_libra._io import canonical_json
from llama_index_libra.records import STATUSES, InvocationRecord

__all__ = ["RunLog", "run_key", "tool_fingerprint"]

_counter = 0
_lock = threading.Lock()


def run_key(runtime_key: str, digest: str, tool_fingerprint: str, args: dict[str, Any]) -> str:
    """Content hash of one run's inputs."""
    text = "\x00".join((runtime_key, digest, tool_fingerprint, canonical_json(args)))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:32]


def _timeout_token(timeout_s: Any) -> str:
    if timeout_s is None or not isinstance(timeout_s, (int, float)) or not 0 < timeout_s < math.inf:
        return "none"
    return repr(float(timeout_s))


def tool_fingerprint(spec: Any, runtime: Any, *, timeout_s: float | None) -> str:
    """The tool's part of a run key: public metadata, effective timeout, timeout mode and code identity.

    ``timeout_s`` is the build's per-call limit (None: the runtime's ``default_timeout_s``).
    """
    effective = timeout_s if timeout_s is not None else getattr(runtime, "default_timeout_s", None)
    identity = getattr(runtime, "tool_identity", None)
    code = str(identity(spec.name)) if callable(identity) else ""
    text = canonical_json({"doc": spec.text(), "timeout": _timeout_token(effective),
                           "timeout_mode": str(getattr(runtime, "timeout_mode", "")), "code": code})
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


_RECORD_FIELDS = {"tool": str, "status": str, "arguments": dict}


def _entry(raw: bytes) -> dict[str, Any] | None:
    """One decoded log entry, or None for a line that is not a complete, well-typed entry."""
    try:
        entry = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        return None
    if not isinstance(entry, dict) or not isinstance(entry.get("k"), str):
        return None
    r = entry.get("r")
    if not isinstance(r, Mapping) or any(not isinstance(r.get(k), t) for k, t in _RECORD_FIELDS.items()):
        return None
    if r["status"] not in STATUSES or not isinstance(r.get("state_changes") or [], list):
        return None
    if not isinstance(r.get("message"), (str, type(None))):
        return None
    return entry


class RunLog:
    """A folder of JSONL files mapping run keys to invocation records."""

    def __init__(self, folder: str | Path) -> None:
        self.folder = Path(folder)
        self.folder.mkdir(parents=True, exist_ok=True)
        self.entries: dict[str, dict[str, Any]] = {}
        self.skipped_lines = 0
        for path in sorted(self.folder.glob("runs-*.jsonl")):
            with path.open("rb") as fh:  # bytes: one bad byte must cost its line only
                for line in fh:
                    if not line.strip():
                        continue
                    entry = _entry(line)
                    if entry is None:
                        self.skipped_lines += 1  # cut short by a kill, or damaged
                    else:
                        self.entries.setdefault(entry["k"], entry)
        self._fh = None
        self.hits = 0
        self.appended = 0

    def __len__(self) -> int:
        return len(self.entries)

    def get(self, key: str) -> tuple[InvocationRecord, bool] | None:
        """The logged record and whether that run changed the state, or None."""
        entry = self.entries.get(key)
        if entry is None:
            return None
        self.hits += 1
        r = entry["r"]
        record = InvocationRecord(
            tool=r["tool"], status=r["status"], arguments=r["arguments"], output=r.get("output"),
            state_changes=r.get("state_changes") or [], message=r.get("message"), fault=r.get("fault"),
        )
        return record, bool(entry.get("c"))

    def append(self, key: str, record: InvocationRecord, changed: bool) -> None:
        global _counter
        if key in self.entries:
            return
        entry = {"k": key, "r": record.to_evidence(), "c": changed}
        self.entries[key] = entry
        if self._fh is None:
            with _lock:
                _counter += 1
                name = f"runs-{os.getpid()}-{_counter}.jsonl"
            self._fh = (self.folder / name).open("a", encoding="utf-8")
        self._fh.write(canonical_json(entry) + "\n")
        self._fh.flush()
        self.appended += 1

    def close(self) -> None:
        if self._fh is not None:
            self._fh.close()
            self._fh = None
