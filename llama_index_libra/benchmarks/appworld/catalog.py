"""The AppWorld catalog, generated from AppWorld's own API docs in the side environment.

Nothing of AppWorld's docs ships with this package: :func:`load_appworld_catalog` asks a worker in the
user's AppWorld environment for the docs (``appworld.api_docs.prepare_api_docs``) and caches the result
as JSON under the cache folder, keyed by the AppWorld version and the apps. One :class:`ToolSpec` per
public API, named ``app.api``; parameters are JSON Schema, the response the 200 response's schema, and
the published doc (what retrieval embeds) is AppWorld's standard API doc.

AppWorld 0.1.3.post1 has 457 public APIs: api_docs 4, supervisor 6, amazon 66, phone 30, file_system
26, spotify 91, venmo 54, gmail 42, splitwise 65, simple_note 17, todoist 56 (admin's 5 are private).
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path
from typing import Iterable, Sequence

from llama_index_libra.benchmarks.appworld.environment import cache_dir, require_environment
from llama_index_libra.catalog import ToolCatalog, ToolSpec

__all__ = ["load_appworld_catalog", "catalog_from_records", "catalog_cache_path", "worker_command", "WORKER"]

WORKER = Path(__file__).with_name("side") / "worker.py"
CACHE_FORMAT = "libra-appworld-catalog"
CACHE_VERSION = 1


def worker_command(python: str | Path, worker: str | Path | None = None) -> list[str]:
    """How a worker is started in the side environment (``worker``: another script, for tests)."""
    return [str(python), str(worker or WORKER)]


def worker_env(extra: dict[str, str] | None = None) -> dict[str, str]:
    """The worker's environment: this one without PYTHONPATH (never shadow AppWorld's imports)."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV")}
    env.update(extra or {})
    return env


def _version(python: Path) -> str:
    import subprocess

    out = subprocess.run([str(python), "-c", "from importlib.metadata import version; print(version('appworld'))"],
                         capture_output=True, text=True, timeout=120, env=worker_env())
    return out.stdout.strip() or "unknown"


def catalog_cache_path(version: str, apps: Sequence[str] | None) -> Path:
    """The cache file of the catalog of ``apps`` (None: all) for an AppWorld version."""
    tag = "all" if not apps else hashlib.sha256(",".join(apps).encode()).hexdigest()[:12]
    return cache_dir() / "catalogs" / f"appworld-{version}-{tag}.json"


def catalog_from_records(records: Iterable[dict], *, name: str = "appworld") -> ToolCatalog:
    """A catalog from the worker's API records (``name``, ``description``, ``parameters``, ``response``, ``source``)."""
    specs = [ToolSpec.from_dict({"name": r["name"], "description": r["description"], "parameters": r["parameters"],
                                 "response": r.get("response"), "source": r.get("source")}) for r in records]
    return ToolCatalog(specs, name=name)


def load_appworld_catalog(
    apps: Sequence[str] | None = None,
    *,
    python: str | Path | None = None,
    env_dir: str | Path | None = None,
    refresh: bool = False,
    timeout_s: float = 600.0,
    worker: str | Path | None = None,
) -> ToolCatalog:
    """The catalog of ``apps`` (default: every app) from the AppWorld environment, cached as JSON.

    ``python`` is the side environment's interpreter (default: the one :func:`require_environment`
    finds, which raises with the set-up command when there is none)."""
    from llama_index_libra._io import atomic_write_text
    from llama_index_libra.runtime.channel import PipeChannel

    interpreter = Path(python) if python is not None else require_environment(env_dir)
    apps = list(apps) if apps else None
    version = _version(interpreter)
    path = catalog_cache_path(version, apps)
    if path.exists() and not refresh:
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            if data.get("format") == CACHE_FORMAT and data.get("version") == CACHE_VERSION:
                return catalog_from_records(data["tools"])
        except (OSError, ValueError, KeyError, TypeError):
            pass  # a damaged cache is rebuilt
    with PipeChannel(worker_command(interpreter, worker), env=worker_env(), startup_timeout_s=120) as channel:
        records = channel.request("api_docs", {"apps": apps}, timeout_s=timeout_s)
    catalog = catalog_from_records(records)
    path.parent.mkdir(parents=True, exist_ok=True)
    atomic_write_text(path, json.dumps({"format": CACHE_FORMAT, "version": CACHE_VERSION, "appworld": version,
                                        "apps": apps, "tools": records}, ensure_ascii=False) + "\n")  # key order kept: it is embedded
    return catalog
