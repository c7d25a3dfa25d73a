"""GitForge (../shared beside the checkout) as a user's project: their tools, the runtime factory the
README tells them to write, and the README's default ``libra induce`` build, made once per test
session (``gitforge_default_build`` in tests/conftest.py) for every test that needs it."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import textwrap
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from tests.support.paths import REPO, SHARED

GITFORGE = SHARED / "benchmarks" / "gitforge"
BUILD_LIMIT_S = 3600  # a generous time limit for one CLI command; passing it fails saying so

# what the README tells a user to write beside their tools
FORGE_RUNTIME = textwrap.dedent(
    """
    from forge_tools import FIXTURES, TOOLS, ForgeState
    from llama_index_libra import PythonRuntime


    def make_runtime():
        return PythonRuntime(TOOLS, ForgeState, fixtures=FIXTURES)
    """
)


def available() -> bool:
    return (GITFORGE / "forge_tools.py").is_file()


def libra(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    """``libra ARGS`` run from ``cwd`` with this checkout's package, offline."""
    env = {**os.environ, "PYTHONPATH": str(REPO), "HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1"}
    try:
        return subprocess.run([sys.executable, "-m", "llama_index_libra", *args], cwd=cwd, env=env, capture_output=True,
                              text=True, timeout=BUILD_LIMIT_S)
    except subprocess.TimeoutExpired:
        pytest.fail(f"time limit: `libra {' '.join(args[:1])}` did not finish within {BUILD_LIMIT_S} s")


def make_project(folder: Path) -> Path:
    """``folder`` holding GitForge's tools and the README's runtime factory."""
    shutil.copy(GITFORGE / "forge_tools.py", folder / "forge_tools.py")
    (folder / "forge_runtime.py").write_text(FORGE_RUNTIME)
    return folder


@dataclass(frozen=True)
class DefaultBuild:
    """The README's ``libra induce`` with every default (process pool, MiniLM field encoder, depth 2)."""

    library: Path
    report: dict[str, Any]
    stdout: str


def default_build(folder: Path) -> DefaultBuild:
    """The build in ``folder``, made by the first caller; later callers (other xdist workers of the
    session) wait on the folder's lock and read it. A failed build is not kept: each caller fails."""
    from filelock import FileLock

    with FileLock(str(folder / ".build.lock")):
        stdout = folder / "default.stdout.txt"
        if not stdout.exists():
            make_project(folder)
            result = libra("induce", "--runtime", "forge_runtime.py:make_runtime", "--out", "default.library.json",
                           "--report", "default.report.json", "--quiet", cwd=folder)
            assert result.returncode == 0, result.stderr
            stdout.write_text(result.stdout)
    return DefaultBuild(folder / "default.library.json", json.loads((folder / "default.report.json").read_text()),
                        stdout.read_text())
