"""The AppWorld worker: runs inside AppWorld's own environment (standard library + appworld only).

Started by :class:`~llama_index_libra.benchmarks.appworld.runtime.AppWorldRuntime` and driven over the
``libra-pipe-1`` channel (``_pipe_serve.py`` beside this file, loaded by path). It imports nothing of
llama-index-libra. The apps' databases live here, in memory; what crosses the pipe is small:

* a **state** is named by a recipe, ``{"root": <fresh-state spec>, "path": [[tool, arguments], ...]}``:
  the worker keeps the database images of recent states (an LRU of SQLite in-memory copies; an app
  whose database a call did not touch shares its image with the parent state) and rebuilds an
  evicted or foreign state by replaying its path from the root, which is deterministic: time is
  frozen at the world's date, and the random generators are reseeded before each call from the
  state's key and the call;
* a **call** restores the state into the live databases, sends the request through AppWorld's own
  ``Requester`` (its FastAPI apps in process), and replies with the HTTP status, the JSON body, the
  rows the call changed (before and after), and the new state's key and digest.

Fresh states: ``synthetic`` (AppWorld's own model factories, seeded) or ``base`` (the user's
downloaded ``data/base_dbs``), chosen per app.
"""

from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import random
import sqlite3
import sys
from collections import OrderedDict
from datetime import datetime

_HERE = os.path.dirname(os.path.abspath(__file__))
# the package's one channel (runtime/_pipe_serve.py): its path comes in $LIBRA_PIPE_SERVE, else found from here
_SERVE = os.environ.get("LIBRA_PIPE_SERVE") or os.path.join(_HERE, os.pardir, os.pardir, os.pardir, "runtime", "_pipe_serve.py")
_spec = importlib.util.spec_from_file_location("_libra_pipe_serve", _SERVE)
serve = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(serve)

LIVE = ":memory:libra_live"
SKIP_APPS = ("admin",)  # private: no public API
SUPPORT_APPS = ("admin", "supervisor", "gmail", "phone", "file_system")
WRITE_VERBS = ("INSERT", "UPDATE", "DELETE", "REPLACE")


def canonical(value) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=True, default=str)


def sha(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _jsonable(value):
    if isinstance(value, (bytes, bytearray)):
        return value.hex()
    return value


def child_key(parent_key: str, tool: str, arguments: dict) -> str:
    return sha(canonical({"parent": parent_key, "call": [tool, arguments]}))


class Image:
    """One immutable state: an in-memory SQLite copy per app, logout blacklists, table digests."""

    __slots__ = ("dbs", "blacklists", "tables", "digest")

    def __init__(self, dbs: dict, blacklists: dict, tables: dict) -> None:
        self.dbs = dbs
        self.blacklists = blacklists
        self.tables = tables
        self.digest = sha(canonical({"tables": tables, "blacklists": blacklists}))


class World:
    """The live AppWorld apps of this process and the images of the states explored so far."""

    def __init__(self, request: dict) -> None:
        root = request.get("appworld_root")
        if root:
            os.environ["APPWORLD_ROOT"] = root
        import appworld  # noqa: F401 - fails fast with a clear message when missing
        from appworld.apps import get_all_apps
        from appworld.collections.apis import ApiCollection
        from appworld.common.utils import import_apis_module, import_models_module

        known = [a for a in get_all_apps() if a not in SKIP_APPS]
        apps = request.get("apps") or known
        unknown = [a for a in apps if a not in known]
        if unknown:
            raise ValueError(f"unknown AppWorld apps: {', '.join(unknown)}; known: {', '.join(known)}")
        self.apps = list(apps)
        # the requester always loads admin and supervisor, and the apps notify people through gmail,
        # phone and file_system accounts (as AppWorld's own app tests load them): their databases are
        # part of every world, their APIs only when asked for
        self.db_apps = sorted(set(self.apps) | set(SUPPORT_APPS))
        self.date = datetime.fromisoformat(request.get("date") or "2023-05-18T12:00:00")
        self.import_models_module = import_models_module
        self.import_apis_module = import_apis_module
        _, self.requester = ApiCollection.load(
            to_db_home_path=LIVE, from_db_home_path=LIVE, date_and_time=self.date, random_seed=0,
            show_api_response_schemas=False, load_apps=self.db_apps, raise_on_failure=False,
            max_num_requests=None, create_db=True)
        self.models = {app: import_models_module(app) for app in self.db_apps}
        self.touched: set = set()
        from sqlalchemy import event

        for app, models in self.models.items():
            event.listen(models.SQLModel.db.engine, "after_cursor_execute", self._listener(app))
        self.images: "OrderedDict[str, Image]" = OrderedDict()
        self.pinned: dict = {}
        self.capacity = int(request.get("max_images") or 256)
        self.live_key: str | None = None  # the image the live databases equal (None: unknown)
        self.live_source: dict = {}  # app -> the image database the live one was copied from
        self.tables = {app: sorted(t for t in models.SQLModel.metadata.tables) for app, models in self.models.items()}
        self.empty = self.capture(None, self.db_apps)  # every table created, no rows

    # ---- database plumbing

    def _listener(self, app: str):
        def listener(conn, cursor, statement, parameters, context, executemany):
            head = statement.lstrip()[:12].upper()
            if head.startswith(WRITE_VERBS):
                self.touched.add(app)

        return listener

    def live(self, app: str) -> sqlite3.Connection:
        return self.models[app].SQLModel.db.connection

    def blacklist(self, app: str):
        try:
            return self.import_apis_module(app).logging_manager
        except Exception:  # noqa: BLE001 - apps without login
            return None

    def capture(self, parent: Image | None, apps) -> Image:
        dbs = dict(parent.dbs) if parent else {}
        tables = dict(parent.tables) if parent else {}
        for app in apps:
            copy = sqlite3.connect(":memory:", check_same_thread=False)
            self.live(app).backup(copy)
            dbs[app] = copy
            for table in self.tables[app]:
                tables[f"{app}.{table}"] = self.table_digest(copy, table)
        blacklists = {}
        for app in self.db_apps:
            manager = self.blacklist(app)
            if manager is not None and getattr(manager, "blacklisted_tokens", None):
                blacklists[app] = sorted(manager.blacklisted_tokens)
        return Image(dbs, blacklists, tables)

    @staticmethod
    def table_digest(conn: sqlite3.Connection, table: str) -> str:
        h = hashlib.sha256()
        for row in conn.execute(f'SELECT * FROM "{table}" ORDER BY 1'):
            h.update(canonical([_jsonable(v) for v in row]).encode())
        return h.hexdigest()

    def restore(self, key: str, image: Image) -> None:
        """Make the live databases equal ``image``: copy only the apps whose live content differs
        (another image's database, or one a call wrote to since it was copied)."""
        if self.live_key == key and not self.touched:
            return
        for app in self.db_apps:
            source = image.dbs[app]
            if self.live_source.get(app) is source and app not in self.touched:
                continue
            source.backup(self.live(app))
            self.live_source[app] = source
        for app in self.db_apps:
            manager = self.blacklist(app)
            if manager is not None and hasattr(manager, "blacklisted_tokens"):
                manager.blacklisted_tokens = set(image.blacklists.get(app, []))
        self.live_key = key
        self.touched = set()

    def rows(self, conn: sqlite3.Connection, table: str) -> dict:
        cursor = conn.execute(f'SELECT * FROM "{table}"')
        names = [d[0] for d in cursor.description]
        out = {}
        for row in cursor:
            record = {n: _jsonable(v) for n, v in zip(names, row)}
            out[str(record.get("id", canonical(record)))] = record
        return out

    # ---- fresh states

    def fresh(self, spec: dict) -> Image:
        kinds = spec.get("kinds") or {}
        default = spec.get("default", "synthetic")
        seed = int(spec.get("seed", 0))
        self.restore("empty", self.empty)
        self.live_key = None
        base_apps = [a for a in self.db_apps if kinds.get(a, default) == "base"]
        if base_apps:
            self._load_base(base_apps)
        synthetic = [a for a in self.db_apps if a != "admin" and kinds.get(a, default) == "synthetic"]
        facts = {}
        if synthetic:
            from libra_aw_synthetic import build  # beside this file

            facts = build(self, synthetic, seed, int(spec.get("size", 3)), full=set(self.apps))
        image = self.capture(None, self.db_apps)
        self.live_key = None
        self.live_source = dict(image.dbs)
        self.touched = set()
        return image, facts

    def _load_base(self, apps) -> None:
        from appworld.common.path_store import path_store

        folder = os.path.join(path_store.data, "base_dbs")
        for app in apps:
            path = os.path.join(folder, f"{app}.db")
            if not os.path.exists(path):
                raise FileNotFoundError(f"no AppWorld base database {path}: download the data with "
                                        "`appworld download data` in the AppWorld root, or use synthetic states")
            source = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
            try:
                source.backup(self.live(app))
            finally:
                source.close()

    # ---- states by recipe

    @staticmethod
    def key_of(state: dict) -> str:
        """The state's name: the root's, then one step per call of its path."""
        key = sha(canonical({"root": state["root"]}))
        for tool, arguments in state.get("path") or []:
            key = child_key(key, tool, arguments)
        return key

    def image_of(self, state: dict) -> tuple[str, Image]:
        key = self.key_of(state)
        if key in self.pinned:
            return key, self.pinned[key]
        if key in self.images:
            self.images.move_to_end(key)
            return key, self.images[key]
        path = state.get("path") or []
        if not path:
            image, facts = self.fresh(state["root"])
            self.pinned[key] = image
            self.facts = facts
            return key, image
        parent_state = {"root": state["root"], "path": path[:-1]}
        parent_key, parent = self.image_of(parent_state)
        tool, arguments = path[-1]
        result = self.run(parent_key, parent, tool, arguments)
        if result.get("new") is None or result["new"]["key"] != key:
            raise RuntimeError(f"replaying the path of a state did not reproduce it (step {tool}): the call "
                               "did not change the state as it did when the state was made")
        return key, self.images[key]

    def remember(self, key: str, image: Image) -> None:
        self.images[key] = image
        self.images.move_to_end(key)
        while len(self.images) > self.capacity:
            self.images.popitem(last=False)

    # ---- calls

    def run(self, parent_key: str, parent: Image, tool: str, arguments: dict) -> dict:
        app, _, api = tool.partition(".")
        if app not in self.apps:
            raise ValueError(f"the app {app!r} is not loaded in this world (apps: {', '.join(self.apps)})")
        self.restore(parent_key, parent)
        seed = int(sha(canonical([parent_key, tool, arguments]))[:12], 16)
        random.seed(seed)
        self.touched = set()
        before_black = {a: sorted(getattr(self.blacklist(a), "blacklisted_tokens", None) or []) for a in self.db_apps}
        response = self.requester._request(_app_name=app, _api_name=api, raise_on_failure=False, track=False,
                                           **dict(arguments))
        status = int(response.status_code)
        try:
            body = response.json()
        except Exception:  # noqa: BLE001 - a body that is not JSON
            body = {"message": getattr(response, "text", "")}
        after_black = {a: sorted(getattr(self.blacklist(a), "blacklisted_tokens", None) or []) for a in self.db_apps}
        changed = sorted(a for a in self.db_apps if a in self.touched)
        changes = {"before": {}, "after": {}}
        for a in changed:
            for table in self.tables[a]:
                old, new = self.rows(parent.dbs[a], table), self.rows(self.live(a), table)
                if old == new:
                    continue
                ids = sorted(set(old) | set(new))
                changes["before"].setdefault(a, {})[table] = {i: old[i] for i in ids if i in old and old.get(i) != new.get(i)}
                changes["after"].setdefault(a, {})[table] = {i: new[i] for i in ids if i in new and old.get(i) != new.get(i)}
        for a in self.db_apps:
            if before_black[a] != after_black[a]:
                changes["before"].setdefault(a, {})["_logged_out_tokens"] = {str(i): t for i, t in enumerate(before_black[a])}
                changes["after"].setdefault(a, {})["_logged_out_tokens"] = {str(i): t for i, t in enumerate(after_black[a])}
        new = None
        touched = set(self.touched)
        self.touched = set()
        for a in touched:  # the live database may now differ from every image (sqlite_sequence too)
            self.live_source[a] = None
        self.live_key = None if touched else parent_key
        if changes["after"] or changes["before"]:
            rows_changed = [a for a in self.db_apps if a in changes["before"] or a in changes["after"]]
            image = self.capture(parent, [a for a in rows_changed if a in touched])
            for a in rows_changed:
                if a in touched:
                    self.live_source[a] = image.dbs[a]  # captured from the live database just now
            key = child_key(parent_key, tool, arguments)
            self.remember(key, image)
            if all(self.live_source.get(a) is image.dbs[a] for a in self.db_apps):
                self.live_key = key
            new = {"key": key, "digest": image.digest}
        return {"status": status, "body": body, "changes": changes, "new": new}


WORLD: World | None = None


def _world() -> World:
    if WORLD is None:
        raise RuntimeError("the world is not loaded: send op 'load' first")
    return WORLD


def op_load(request: dict) -> dict:
    global WORLD
    WORLD = World(request)
    import appworld

    return {"apps": WORLD.apps, "db_apps": WORLD.db_apps, "appworld": getattr(appworld, "__version__", "?"),
            "date": WORLD.date.isoformat()}


def op_fresh(request: dict) -> dict:
    world = _world()
    state = {"root": request["root"], "path": []}
    key = world.key_of(state)
    world.pinned.pop(key, None)
    key, image = world.image_of(state)
    return {"key": key, "digest": image.digest, "facts": getattr(world, "facts", {})}


def op_call(request: dict) -> dict:
    world = _world()
    parent_key, parent = world.image_of(request["state"])
    return world.run(parent_key, parent, request["tool"], request.get("arguments") or {})


def op_view(request: dict) -> dict:
    world = _world()
    _, image = world.image_of(request["state"])
    apps = [request["partition"]] if request.get("partition") else world.db_apps
    return {app: {table: world.rows(image.dbs[app], table) for table in world.tables[app]} for app in apps}


def op_digest(request: dict) -> dict:
    world = _world()
    key, image = world.image_of(request["state"])
    return {"key": key, "digest": image.digest}


def op_api_docs(request: dict) -> list:
    from libra_aw_docs import export  # beside this file

    return export(request.get("apps"))


if __name__ == "__main__":
    # this folder holds only libra_aw_* modules, so it shadows nothing of AppWorld's
    sys.path[:] = [_HERE] + [p for p in sys.path if p and os.path.abspath(p) != _HERE]
    serve.serve({"load": op_load, "fresh": op_fresh, "call": op_call, "view": op_view, "digest": op_digest,
                 "api_docs": op_api_docs}, hello={"worker": "appworld"})
