"""Append-only run log: resumable and incremental induction.

Every tool execution is appended as one JSON line keyed by a content hash of what determines its
result: the runtime's identity, the state digest, the tool's public metadata, and the arguments.
A later build with the same log folder serves those runs from the log instead of executing them,
so an interrupted build (Ctrl-C, a killed worker, a lost Ray node) resumes without redoing
finished work, and a rebuild after a catalog edit re-executes only runs whose key changed (runs
of edited tools, and runs in states that edited tools produced).

Each process appends to its own file (``runs-<pid>-<n>.jsonl``) and flushes every line, so
concurrent workers never interleave writes; a line cut short by a kill is skipped on load. Runs
that changed the state are logged too, but still re-executed on a hit, because the child state
itself (a runtime snapshot) is not stored: the log holds plain JSON only.
"""

from __future__ import annotations

import hashlib
import json
import os
import threading
from pathlib import Path
from typing import Any

from llama_index_libra._io import canonical_json
from llama_index_libra.records import InvocationRecord

__all__ = ["RunLog", "run_key"]

_counter = 0
_lock = threading.Lock()


def run_key(runtime_key: str, digest: str, tool_fingerprint: str, args: dict[str, Any]) -> str:
    """Content hash of one run's inputs."""
    text = "\x00".join((runtime_key, digest, tool_fingerprint, canonical_json(args)))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:32]


class RunLog:
    """A folder of JSONL files mapping run keys to invocation records."""

    def __init__(self, folder: str | Path) -> None:
        self.folder = Path(folder)
        self.folder.mkdir(parents=True, exist_ok=True)
        self.entries: dict[str, dict[str, Any]] = {}
        self.skipped_lines = 0
        for path in sorted(self.folder.glob("runs-*.jsonl")):
            with path.open(encoding="utf-8") as fh:
                for line in fh:
                    try:
                        entry = json.loads(line)
                        self.entries.setdefault(entry["k"], entry)
                    except (json.JSONDecodeError, KeyError, TypeError):
                        self.skipped_lines += 1  # a line cut short by a kill
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
