"""Resumable, concurrent LLM work over many items (tools or tool pairs), with a progress bar.

Each item has a content key (a hash of the model, the prompt version and the item's public text).
A finished item's result is appended to an :class:`ItemLog` (JSON lines) as soon as it is known, so a
build stopped by Ctrl-C, a killed process or an unreachable server resumes without asking again, and
a rebuild after a catalog edit asks only about the items whose text changed. A request that failed
(timeout, HTTP error) is not logged: the next run retries it. Workers are threads, each with its own
client (:meth:`BaselineLLM.fork`); the log is written by the calling thread only.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import re
import threading
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping, Sequence

from llama_index_libra._io import canonical_json
from llama_index_libra.baselines.llm import LLMRequestError, LLMUnavailableError

__all__ = ["WorkItem", "ItemLog", "content_key", "run_items", "REQUEST_FAILED"]

log = logging.getLogger(__name__)

REQUEST_FAILED = "request-failed"
_KEY = re.compile(r"^[0-9a-f]{64}$")
_MAX_LINE_BYTES = 1 << 20  # a log line longer than this is not a result this package wrote


def content_key(payload: Mapping[str, Any]) -> str:
    """The SHA-256 of ``payload`` as canonical JSON: the identity of one item's question."""
    return hashlib.sha256(canonical_json(dict(payload)).encode("utf-8", "surrogatepass")).hexdigest()


@dataclass(frozen=True)
class WorkItem:
    """One question: its content ``key``, a ``name`` for logs and the cache, and what the worker needs."""

    key: str
    name: str
    payload: Any


class ItemLog:
    """An append-only JSON-lines log of finished items: ``{"key", "item", "result"}`` per line.

    Reading tolerates what a crash can leave (a cut last line) and what is not this package's (lines
    that are not such objects): they are skipped and counted in ``skipped``. A later line for the same
    key wins.
    """

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self.skipped = 0
        self._fh: Any = None

    def read(self) -> dict[str, dict[str, Any]]:
        """Results by key of every well-formed line."""
        out: dict[str, dict[str, Any]] = {}
        self.skipped = 0
        if not self.path.exists():
            return out
        with self.path.open("rb") as fh:
            for raw in fh:
                if len(raw) > _MAX_LINE_BYTES:
                    self.skipped += 1
                    continue
                try:
                    entry = json.loads(raw.decode("utf-8"))
                except (UnicodeDecodeError, ValueError, RecursionError):
                    self.skipped += 1
                    continue
                if (not isinstance(entry, dict) or not isinstance(entry.get("key"), str) or not _KEY.match(entry["key"])
                        or not isinstance(entry.get("result"), dict)):
                    self.skipped += 1
                    continue
                out[entry["key"]] = entry["result"]
        if self.skipped:
            log.warning("%s: skipped %d unreadable line(s) (a cut last line after a crash is one)", self.path, self.skipped)
        return out

    def append(self, key: str, name: str, result: Mapping[str, Any]) -> None:
        """Append one result and flush it to the OS (fsync'd on :meth:`close`)."""
        if self._fh is None:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            needs_newline = self.path.exists() and self.path.stat().st_size > 0 and not self._ends_with_newline()
            self._fh = self.path.open("a", encoding="utf-8")
            if needs_newline:  # a crash cut the last line: start on a fresh one
                self._fh.write("\n")
        self._fh.write(json.dumps({"key": key, "item": name, "result": dict(result)}, ensure_ascii=True, sort_keys=True) + "\n")
        self._fh.flush()

    def _ends_with_newline(self) -> bool:
        with self.path.open("rb") as fh:
            fh.seek(-1, os.SEEK_END)
            return fh.read(1) == b"\n"

    def close(self) -> None:
        if self._fh is not None:
            self._fh.flush()
            os.fsync(self._fh.fileno())
            self._fh.close()
            self._fh = None


Worker = Callable[[Any, WorkItem], dict]


def run_items(
    items: Sequence[WorkItem],
    work: Worker,
    clients: Callable[[], Any],
    *,
    log_path: str | Path | None = None,
    workers: int = 1,
    show_progress: bool = True,
    desc: str = "items",
    max_consecutive_failures: int | None = 5,
    on_clients: Callable[[Any], None] | None = None,
) -> tuple[dict[str, dict[str, Any]], dict[str, int]]:
    """Run ``work(clients, item)`` for every item not yet in the log; returns (results by key, counts).

    ``clients()`` makes one worker's clients (called once per thread; ``on_clients`` sees each set,
    to collect statistics). A result is logged when it arrives; ``LLMRequestError`` gives the item a
    ``request-failed`` result that is not logged. ``max_consecutive_failures`` request failures in a
    row (in completion order) raise LLMUnavailableError, as does an unreachable server; everything
    finished before stays in the log.
    """
    if workers < 1:
        raise ValueError(f"workers must be at least 1, got {workers}")
    item_log = ItemLog(log_path) if log_path is not None else None
    done = item_log.read() if item_log is not None else {}
    results: dict[str, dict[str, Any]] = {it.key: done[it.key] for it in items if it.key in done}
    todo = [it for it in items if it.key not in results]
    counts = {"items": len(items), "from_log": len(results), "asked": 0, REQUEST_FAILED: 0}
    bar = None
    if show_progress:
        from tqdm.auto import tqdm

        bar = tqdm(total=len(items), initial=len(results), desc=desc, unit="item")
    failures_in_a_row = 0
    local = threading.local()

    def run_one(item: WorkItem) -> dict[str, Any]:
        if not hasattr(local, "clients"):
            local.clients = clients()
            if on_clients is not None:
                on_clients(local.clients)
        try:
            return work(local.clients, item)
        except LLMRequestError as exc:
            return {"status": REQUEST_FAILED, "detail": f"{exc.kind}: {exc}"[:300], "_request_failed": True}

    def finish(item: WorkItem, result: dict[str, Any]) -> None:
        nonlocal failures_in_a_row
        failed = bool(result.pop("_request_failed", False))
        results[item.key] = result
        counts["asked"] += 1
        if failed:
            counts[REQUEST_FAILED] += 1
            failures_in_a_row += 1
            if max_consecutive_failures is not None and failures_in_a_row >= max_consecutive_failures:
                raise LLMUnavailableError(
                    f"requests for {failures_in_a_row} items in a row failed; last: {result['detail']}. Finished items "
                    "are kept in the log and the reply cache: fix the server or the settings and rerun the same command to resume")
        else:
            failures_in_a_row = 0
            if item_log is not None:
                item_log.append(item.key, item.name, result)
        if bar is not None:
            bar.update(1)

    try:
        if workers == 1:
            for item in todo:
                finish(item, run_one(item))
        else:
            _run_threads(todo, run_one, finish, workers)
    finally:
        if item_log is not None:
            item_log.close()
        if bar is not None:
            bar.close()
    return results, counts


def _run_threads(todo: Iterable[WorkItem], run_one: Callable[[WorkItem], dict], finish: Callable[[WorkItem, dict], None],
                 workers: int) -> None:
    """At most ``2 * workers`` items in flight; the first exception stops submitting and is re-raised."""
    pending: dict[Future, WorkItem] = {}
    queue = iter(todo)
    with ThreadPoolExecutor(max_workers=workers, thread_name_prefix="libra-baseline") as pool:
        try:
            for item in queue:
                pending[pool.submit(run_one, item)] = item
                if len(pending) >= 2 * workers:
                    break
            while pending:
                finished, _ = wait(pending, return_when=FIRST_COMPLETED)
                for future in finished:
                    item = pending.pop(future)
                    finish(item, future.result())
                    nxt = next(queue, None)
                    if nxt is not None:
                        pending[pool.submit(run_one, nxt)] = nxt
        except BaseException:
            for future in pending:
                future.cancel()
            raise
