"""AppWorldRuntime: AppWorld's own apps as a sandbox, driven in their own environment.

The apps (FastAPI services over SQLite) run in a worker process of the AppWorld side environment
(``side/worker.py``, standard library + appworld), spoken to over the ``libra-pipe-1`` channel.
The databases never cross the pipe: a state is a small recipe (the fresh-state spec and the calls
that changed it, :class:`AppWorldSnapshot`), the worker keeps the database images of recent states
and rebuilds any other by replaying its calls (deterministic: frozen time, reseeded generators).
So snapshots are cheap, picklable, and valid in every process of a process pool or Ray cluster.

**Fresh states**: ``"synthetic"`` (AppWorld's own model factories, seeded: one supervisor with an
account in each app, a few other people, ``size`` records per table) or ``"base"`` (the user's
downloaded ``data/base_dbs`` under the AppWorld root), for all apps or per app
(``states={"spotify": "base", "*": "synthetic"}``). The supervisor's accounts of a synthetic world are
the runtime's :attr:`fixtures` (``{"phone": {"username", "phone_number"}, ...}``), as a tester would be
handed them; not their passwords (``fixture_passwords=False``): the supervisor app stores those.

**Records**: HTTP 2xx -> ``success`` (output: the JSON body); 401 (bad token), 409 (missing record),
422 (validation) and every other 4xx -> ``rejected`` with the app's message; 5xx and exceptions ->
``error``; a call past its limit kills the worker (fault ``timeout``), a worker that dies is
``crashed``, and the next call starts a new worker. ``state_changes`` are the rows the call changed,
as leaf diffs of ``{app: {table: {id: row}}}``.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Mapping, Sequence

from llama_index_libra._io import canonical_json
from llama_index_libra.benchmarks.appworld.catalog import load_appworld_catalog, worker_command, worker_env
from llama_index_libra.runtime.channel import ChannelError, ChannelTimeout, PipeChannel, RemoteError, WorkerDied
from llama_index_libra.benchmarks.appworld.environment import require_environment
from llama_index_libra.catalog import ToolCatalog
from llama_index_libra.records import InvocationRecord, Status, storable_json
from llama_index_libra.runtime.base import Runtime, diff_views, timeout_record

__all__ = ["AppWorldRuntime", "AppWorldState", "AppWorldSnapshot", "STATE_KINDS", "status_of"]

STATE_KINDS = ("synthetic", "base")


@dataclass(frozen=True)
class AppWorldSnapshot:
    """An immutable state: the fresh-state spec (canonical JSON) and the calls that changed it."""

    root: str
    path: tuple[tuple[str, str], ...] = ()  # (tool, canonical JSON arguments)
    digest: str | None = None

    def recipe(self) -> dict[str, Any]:
        """What the worker names the state by."""
        return {"root": json.loads(self.root), "path": [[t, json.loads(a)] for t, a in self.path]}


@dataclass
class AppWorldState:
    """A live sandbox state: a snapshot that calls move forward."""

    snap: AppWorldSnapshot
    history: list[str] = field(default_factory=list)


def status_of(code: int) -> Status:
    """The record status of an HTTP status code: 2xx success, 4xx rejected, else error."""
    if 200 <= code < 300:
        return "success"
    if 400 <= code < 500:
        return "rejected"
    return "error"


def _message(body: Any) -> str:
    if isinstance(body, Mapping):
        for key in ("message", "detail"):
            if key in body:
                value = body[key]
                return value if isinstance(value, str) else canonical_json(value)
    return canonical_json(body)


def _aligned(before: dict, after: dict) -> tuple[dict, dict]:
    """Both sides with the same ``{app: {table: ...}}`` skeleton, so a created row diffs as
    ``$.app.table['id']`` rather than as a new app."""
    b = {app: dict(tables) for app, tables in before.items()}
    a = {app: dict(tables) for app, tables in after.items()}
    for app in set(b) | set(a):
        for table in set(b.get(app, {})) | set(a.get(app, {})):
            b.setdefault(app, {}).setdefault(table, {})
            a.setdefault(app, {}).setdefault(table, {})
    return b, a


def _normalize_kinds(states: str | Mapping[str, str]) -> tuple[str, dict[str, str]]:
    if isinstance(states, str):
        states = {"*": states}
    kinds = {str(k): str(v) for k, v in states.items()}
    bad = sorted({v for v in kinds.values() if v not in STATE_KINDS})
    if bad:
        raise ValueError(f"unknown AppWorld fresh state kind(s) {', '.join(bad)}; use {' or '.join(STATE_KINDS)}")
    default = kinds.pop("*", "synthetic")
    return default, dict(sorted(kinds.items()))


class AppWorldRuntime(Runtime):
    """AppWorld's apps in a side-environment worker (see the module docstring).

    Args:
        apps: the apps to load (default: every app with public APIs).
        states: ``"synthetic"``, ``"base"``, or per app ``{"phone": "synthetic", "*": "base"}``.
        seed, size: the synthetic world's seed and records per table.
        appworld_root: the folder whose ``data/`` holds the downloaded AppWorld data (base states).
        python: the side environment's interpreter (default: :func:`require_environment`).
        date: the world's frozen date and time (ISO 8601).
        catalog: the tools to expose (default: the AppWorld catalog of ``apps``).
        timeout_s: per-call limit (the worker is killed and restarted past it).
        max_images: database images the worker keeps before replaying evicted states.
        worker: the worker script (default: ``side/worker.py``; tests use a fake one).
        fixture_passwords: hand the app passwords over as fixtures too. Off by default: in AppWorld
            the supervisor's passwords are found through ``supervisor.show_account_passwords``, and
            a password handed over as a literal would hide that provider.
    """

    name = "appworld"
    timeout_mode = "thread"  # unused: call() enforces its own limit on the pipe
    # every call already runs in the worker process, whose death or hang costs that call only
    isolation = "none"

    def __init__(
        self,
        apps: Sequence[str] | None = None,
        *,
        states: str | Mapping[str, str] = "synthetic",
        seed: int = 0,
        size: int = 3,
        appworld_root: str | Path | None = None,
        python: str | Path | None = None,
        env_dir: str | Path | None = None,
        date: str = "2023-05-18T12:00:00",
        catalog: ToolCatalog | None = None,
        timeout_s: float | None = 30.0,
        startup_timeout_s: float = 600.0,
        max_images: int = 256,
        worker: str | Path | None = None,
        fixture_passwords: bool = False,
    ) -> None:
        self.python = str(python) if python is not None else str(require_environment(env_dir))
        self.worker = worker_command(self.python, worker)[1]  # resolved here: a pickled runtime starts the same script
        self.apps = sorted(apps) if apps else None
        default, kinds = _normalize_kinds(states)
        self.appworld_root = str(Path(appworld_root).expanduser().resolve()) if appworld_root else None
        if (default == "base" or "base" in kinds.values()) and self.appworld_root is None:
            raise ValueError("base states need the AppWorld root (the folder with data/base_dbs): pass appworld_root=")
        self.root_spec = {"default": default, "kinds": kinds, "seed": int(seed), "size": int(size)}
        self.date = date
        self.default_timeout_s = timeout_s
        self.startup_timeout_s = float(startup_timeout_s)
        self.max_images = int(max_images)
        self._channel: PipeChannel | None = None
        self.catalog = catalog if catalog is not None else load_appworld_catalog(self.apps, python=self.python)
        loaded = set(self.apps) if self.apps else None
        outside = [s.name for s in self.catalog if loaded is not None and s.namespace not in loaded]
        if outside:
            raise ValueError(f"the catalog has tools of apps this runtime does not load: {', '.join(outside[:5])}")
        self._root = canonical_json(self.root_spec)
        facts = self._start()
        self.fixtures: dict[str, Any] = {
            k: {f: x for f, x in v.items() if fixture_passwords or f != "password"} if isinstance(v, dict) else v
            for k, v in facts.items() if not k.startswith("_")}
        self.facts = facts  # everything the world was made with, passwords included
        self.skipped: list[str] = list(facts.get("_skipped") or [])
        self.identity = f"appworld|{self.python}|{self.apps}|{self._root}|{self.date}|{self.appworld_root}"

    # ---- the worker

    def _start(self) -> dict[str, Any]:
        """Start a worker, load the apps and make the fresh state; its public facts."""
        self.close()
        extra = {"APPWORLD_ROOT": self.appworld_root} if self.appworld_root else {}
        channel = PipeChannel(worker_command(self.python, self.worker), env=worker_env(extra), startup_timeout_s=self.startup_timeout_s)
        try:
            channel.request("load", {"apps": self.apps, "appworld_root": self.appworld_root, "date": self.date,
                                     "max_images": self.max_images}, timeout_s=self.startup_timeout_s)
            fresh = channel.request("fresh", {"root": self.root_spec}, timeout_s=self.startup_timeout_s)
        except (ChannelError, RemoteError) as exc:
            tail = channel.log_tail(600).strip()
            channel.close()
            raise RuntimeError(f"the AppWorld worker ({self.python}) could not make its world: {exc}"
                               + (f" | its output: ...{tail[-300:]}" if tail else "")) from None
        self._channel = channel
        self._fresh_digest = fresh["digest"]
        return fresh.get("facts") or {}

    def _request(self, op: str, payload: dict[str, Any], timeout_s: float | None) -> Any:
        if self._channel is None or not self._channel.alive():
            self._start()
        assert self._channel is not None
        try:
            return self._channel.request(op, payload, timeout_s=timeout_s)
        except ChannelError:
            self._channel = None
            raise

    def close(self) -> None:
        """Stop the worker (a later call starts a new one)."""
        channel, self._channel = getattr(self, "_channel", None), None
        if channel is not None:
            channel.close()

    def __del__(self) -> None:  # pragma: no cover - interpreter shutdown order varies
        try:
            self.close()
        except Exception:  # noqa: BLE001
            pass

    def __getstate__(self) -> dict[str, Any]:
        """Pickle the settings, not the worker: each process starts its own (states replay there)."""
        state = dict(self.__dict__)
        state["_channel"] = None
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)

    # ---- state

    def fresh(self) -> AppWorldState:
        """The fresh world (synthetic or base, as configured)."""
        return AppWorldState(AppWorldSnapshot(self._root, (), self._fresh_digest))

    def snapshot(self, state: Any) -> AppWorldSnapshot:
        """The state's recipe (immutable, a few hundred bytes)."""
        return state.snap

    def restore(self, snap: Any) -> AppWorldState:
        """A new live state at ``snap``."""
        return AppWorldState(snap)

    def digest(self, state: Any, partition: str | None = None) -> str:
        """The worker's content digest of the state's rows (and logged-out tokens)."""
        if partition is None and state.snap.digest is not None:
            return state.snap.digest
        if partition is not None:
            return super().digest(state, partition)
        reply = self._request("digest", {"state": state.snap.recipe()}, self.startup_timeout_s)
        return reply["digest"]

    def view(self, state: Any, partition: str | None = None) -> dict[str, Any]:
        """Every row of every table (of one app), as ``{app: {table: {id: row}}}``."""
        return self._request("view", {"state": state.snap.recipe(), "partition": partition}, self.startup_timeout_s)

    def partition_of(self, tool: str) -> str:
        """The tool's app: each app has its own database."""
        self._check_tool(tool)
        return tool.split(".", 1)[0]

    # ---- calls

    def call(self, state: Any, tool: str, arguments: Mapping[str, Any], *, timeout_s: float | None = None) -> InvocationRecord:
        """Call ``tool`` in ``state`` (moved forward when the call changed it); never raises for the
        tool's own failures."""
        recorded = self._recorded_arguments(tool, arguments, storable=True)
        limit = self.default_timeout_s if timeout_s is None else timeout_s
        limit = float(limit) if limit is not None and 0 < limit < float("inf") else None
        t0 = time.perf_counter()

        def record(status: Status, output: Any = None, message: str | None = None, changes: list | None = None,
                   fault: str | None = None) -> InvocationRecord:
            return InvocationRecord(tool=tool, status=status, arguments=recorded, output=output,
                                    state_changes=changes or [], message=message,
                                    duration_s=time.perf_counter() - t0, fault=fault)

        payload = {"state": state.snap.recipe(), "tool": tool, "arguments": recorded}
        try:
            reply = self._request("call", payload, limit)
        except ChannelTimeout:
            return timeout_record(tool, recorded, limit or 0.0, time.perf_counter() - t0)
        except WorkerDied as exc:
            return record("error", message=str(exc), fault="crashed")
        except ChannelError as exc:
            return record("error", message=str(exc), fault="crashed")
        except RemoteError as exc:
            return record("error", message=str(exc))
        except Exception as exc:  # noqa: BLE001 - e.g. the worker could not be restarted
            return record("error", message=f"the AppWorld worker is unavailable: {exc}", fault="crashed")
        body = storable_json(reply.get("body"))
        status = status_of(int(reply.get("status", 500)))
        before, after = _aligned(reply["changes"].get("before") or {}, reply["changes"].get("after") or {})
        changes = storable_json(diff_views(before, after))
        new = reply.get("new")
        if new is not None:
            step = (tool, canonical_json(recorded))
            state.snap = AppWorldSnapshot(state.snap.root, state.snap.path + (step,), new["digest"])
        message = None if status == "success" else storable_json(_message(body))
        return record(status, body, message, changes)

    def _invoke(self, state: Any, tool: str, arguments: dict[str, Any]) -> Any:
        """The raw output of one call (``call`` does the work; this serves the protocol's contract)."""
        result = self.call(state, tool, arguments)
        if result.status == "error":
            raise RuntimeError(result.message or "error")
        return result.output

    def __repr__(self) -> str:
        return f"AppWorldRuntime(apps={self.apps}, states={self.root_spec}, tools={len(self.catalog)})"
