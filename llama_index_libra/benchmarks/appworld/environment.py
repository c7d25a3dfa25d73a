"""The side environment AppWorld runs in: a virtualenv with ``appworld`` and its unpacked apps.

AppWorld pins ``pydantic<2``, ``fastapi 0.110``, ``sqlmodel 0.0.10`` and ``SQLAlchemy 1.4`` while
llama-index-core needs ``pydantic>=2.8``, so AppWorld can never share this package's interpreter:
it lives in its own virtualenv and is driven as a separate process. :func:`setup_environment` makes
that virtualenv in three resumable steps (``python -m venv``, ``pip install appworld``, ``appworld
install``, which unpacks the apps' code offline); a marker file records the finished steps, so a
second run returns at once and an interrupted one starts from the step it had not finished.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Callable, Sequence

__all__ = [
    "ENV_VAR",
    "ROOT_ENV_VAR",
    "AppWorldEnvironmentError",
    "PackageRegistryUnreachable",
    "package_registry_reachable",
    "default_env_dir",
    "cache_dir",
    "env_python",
    "find_python",
    "environment_status",
    "require_environment",
    "setup_environment",
]

ENV_VAR = "LIBRA_APPWORLD_ENV"  # the side environment's folder
ROOT_ENV_VAR = "APPWORLD_ROOT"  # AppWorld's own variable: the folder holding its downloaded data/
MARKER = ".libra-appworld.json"
STEPS = ("venv", "pip", "install")
PACKAGE = "appworld"
MIN_PYTHON = (3, 11)  # what appworld itself requires


class AppWorldEnvironmentError(RuntimeError):
    """The AppWorld side environment is missing, broken, or cannot be made."""


class PackageRegistryUnreachable(AppWorldEnvironmentError):
    """``pip install appworld`` failed because pip's package registry did not answer."""


def package_registry_reachable(python: str | Path, package: str = PACKAGE, timeout_s: float = 120.0) -> bool:
    """Whether pip of ``python``, with its own configuration, gets an answer about ``package`` from its registry."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    try:
        out = subprocess.run([str(python), "-m", "pip", "index", "versions", package, "--retries", "1", "--timeout", "20",
                              "--disable-pip-version-check"], capture_output=True, text=True, timeout=timeout_s, env=env)
    except (OSError, subprocess.TimeoutExpired):
        return False
    return out.returncode == 0


def cache_dir() -> Path:
    """This package's AppWorld cache folder (``$XDG_CACHE_HOME`` or ``~/.cache``)."""
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "llama-index-libra" / "appworld"


def default_env_dir() -> Path:
    """Where the side environment lives: ``$LIBRA_APPWORLD_ENV``, else ``<cache>/venv``."""
    configured = os.environ.get(ENV_VAR)
    return Path(configured).expanduser() if configured else cache_dir() / "venv"


def env_python(target: str | Path | None = None) -> Path:
    """The interpreter of a side environment (not checked)."""
    root = Path(target).expanduser() if target is not None else default_env_dir()
    return root / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def _version_of(python: str) -> tuple[int, int] | None:
    try:
        out = subprocess.run([python, "-c", "import sys; print('%d %d' % sys.version_info[:2])"],
                             capture_output=True, text=True, timeout=60)
    except (OSError, subprocess.TimeoutExpired):
        return None
    if out.returncode != 0:
        return None
    major, minor = out.stdout.split()
    return int(major), int(minor)


def find_python() -> str | None:
    """An interpreter new enough for AppWorld (>= 3.11): this one if it is, else python3.1x on PATH."""
    if sys.version_info[:2] >= MIN_PYTHON:
        return sys.executable
    for name in ("python3.11", "python3.12", "python3.13", "python3"):
        found = shutil.which(name)
        if found and (_version_of(found) or (0, 0)) >= MIN_PYTHON:
            return found
    return None


def _read_marker(target: Path) -> dict:
    try:
        data = json.loads((target / MARKER).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {"done": []}
    return data if isinstance(data, dict) and isinstance(data.get("done"), list) else {"done": []}


def _write_marker(target: Path, data: dict) -> None:
    tmp = target / (MARKER + ".tmp")
    tmp.write_text(json.dumps(data, indent=1, sort_keys=True), encoding="utf-8")
    os.replace(tmp, target / MARKER)


def environment_status(target: str | Path | None = None) -> dict:
    """What is there: the folder, its interpreter, the finished steps, and whether it is ready."""
    root = Path(target).expanduser() if target is not None else default_env_dir()
    python = env_python(root)
    marker = _read_marker(root) if root.is_dir() else {"done": []}
    return {"target": str(root), "python": str(python), "exists": python.is_file(), "done": marker["done"],
            "version": marker.get("version"), "ready": python.is_file() and all(s in marker["done"] for s in STEPS)}


def require_environment(target: str | Path | None = None) -> Path:
    """The side environment's interpreter, or :class:`AppWorldEnvironmentError` saying how to make it."""
    status = environment_status(target)
    if not status["ready"]:
        missing = [s for s in STEPS if s not in status["done"]]
        raise AppWorldEnvironmentError(
            f"no AppWorld environment at {status['target']} (steps not done: {', '.join(missing)}). AppWorld needs its "
            "own Python environment (it pins pydantic<2); make it once with `libra appworld setup` (or "
            "llama_index_libra.benchmarks.appworld.setup_environment()), or point $" + ENV_VAR + " at an existing one"
        )
    return Path(status["python"])


def _run(command: Sequence[str], what: str, log: Callable[[str], None], env: dict | None = None) -> None:
    log(f"[appworld setup] {what}: {' '.join(command)}")
    try:
        proc = subprocess.Popen(list(command), stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env)
    except OSError as exc:
        raise AppWorldEnvironmentError(f"{what} could not start: {exc}") from None
    tail: list[str] = []
    assert proc.stdout is not None
    for line in proc.stdout:
        line = line.rstrip()
        tail = (tail + [line])[-30:]
        log(f"  {line}")
    if proc.wait() != 0:
        joined = "\n".join(tail[-12:])
        hint = (" (is the package registry reachable? pip's last lines above)" if what.startswith("pip") else "")
        raise AppWorldEnvironmentError(f"{what} failed with exit code {proc.returncode}{hint}:\n{joined}")


def setup_environment(
    python: str | Path | None = None,
    target: str | Path | None = None,
    *,
    version: str | None = None,
    force: bool = False,
    log: Callable[[str], None] | None = None,
) -> Path:
    """Make (or finish making) the AppWorld side environment; returns its interpreter.

    Steps: ``python -m venv TARGET``, ``pip install appworld[==version]``, ``appworld install``.
    Finished steps are recorded in ``TARGET/.libra-appworld.json`` and skipped next time; ``force``
    redoes them all. ``python`` must be >= 3.11 (default: this interpreter or one on PATH).
    """
    log = log or (lambda text: print(text, file=sys.stderr, flush=True))
    root = Path(target).expanduser().resolve() if target is not None else default_env_dir().resolve()
    if root.exists() and not root.is_dir():
        raise AppWorldEnvironmentError(f"{root} exists and is not a folder")
    marker = {"done": []} if force else _read_marker(root)
    venv_python = env_python(root)
    if marker["done"] and not venv_python.is_file():
        marker = {"done": []}  # the folder was emptied behind our back: start over
    if version is not None and marker.get("version") not in (None, version):
        marker = {"done": [s for s in marker["done"] if s == "venv"]}  # another appworld version requested
    if all(s in marker["done"] for s in STEPS):
        log(f"[appworld setup] ready: {venv_python} (appworld {marker.get('version')})")
        return venv_python

    if "venv" not in marker["done"]:
        base = str(python) if python is not None else find_python()
        if base is None:
            raise AppWorldEnvironmentError("AppWorld needs Python >= 3.11 and none was found: pass --python PATH")
        found = _version_of(base)
        if found is None:
            raise AppWorldEnvironmentError(f"{base} is not a working Python interpreter")
        if found < MIN_PYTHON:
            raise AppWorldEnvironmentError(f"{base} is Python {found[0]}.{found[1]}; AppWorld needs >= 3.11")
        root.mkdir(parents=True, exist_ok=True)
        _run([base, "-m", "venv", "--clear", str(root)], "venv", log)
        marker = {"done": ["venv"], "python": base}
        _write_marker(root, marker)
    elif python is not None:
        log(f"[appworld setup] {root} already has a virtualenv; --python is ignored (use --force to remake it)")

    env = dict(os.environ)
    env.pop("PYTHONPATH", None)  # never let this package's checkout shadow the side environment's imports
    if "pip" not in marker["done"]:
        requirement = PACKAGE if version is None else f"{PACKAGE}=={version}"
        try:
            _run([str(venv_python), "-m", "pip", "install", "--upgrade", requirement], "pip install", log, env)
        except AppWorldEnvironmentError as exc:
            if not package_registry_reachable(venv_python):
                raise PackageRegistryUnreachable(f"pip's package registry did not answer about {PACKAGE}: {exc}") from None
            raise
        probe = subprocess.run([str(venv_python), "-c", "from importlib.metadata import version; print(version('appworld'))"],
                               capture_output=True, text=True, env=env, timeout=120)
        marker = {**marker, "done": [*marker["done"], "pip"], "version": probe.stdout.strip() or version}
        _write_marker(root, marker)

    if "install" not in marker["done"]:
        cli = venv_python.parent / ("appworld.exe" if os.name == "nt" else "appworld")
        command = [str(cli), "install"] if cli.is_file() else [str(venv_python), "-m", "appworld.cli", "install"]
        _run(command, "appworld install", log, env)
        probe = subprocess.run([str(venv_python), "-c", "import appworld.apps.phone"], capture_output=True, text=True,
                               env=env, timeout=300)
        if probe.returncode != 0:
            raise AppWorldEnvironmentError("`appworld install` finished but the apps do not import: "
                                           + (probe.stderr.strip().splitlines() or ["?"])[-1])
        marker = {**marker, "done": [*marker["done"], "install"]}
        _write_marker(root, marker)
    log(f"[appworld setup] ready: {venv_python} (appworld {marker.get('version')})")
    return venv_python
