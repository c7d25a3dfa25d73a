"""The wheel: py.typed, LlamaHub metadata, and the agent_eval harness shipped namespaced.

A PyPI distribution named ``agent-eval`` exists (it installs ``agenteval``) and other tools may install a
top-level ``agent_eval``; the wheel must not add a top-level ``agent_eval`` to a user's environment.
"""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from tests.support import paths

REPO = paths.REPO


def test_pyproject_declares_llamahub_metadata_and_extras() -> None:
    try:
        import tomllib
    except ImportError:  # pragma: no cover - Python 3.10
        import tomli as tomllib
    data = tomllib.loads((REPO / "pyproject.toml").read_text())
    hub = data["tool"]["llamahub"]
    assert hub["import_path"] == "llama_index.retrievers.libra"
    import importlib

    module = importlib.import_module(hub["import_path"])
    assert all(hasattr(module, cls) for cls in hub["class_authors"])
    extras = data["project"]["optional-dependencies"]
    assert {"plots", "ray", "benchmarks", "mcp", "offline", "llm", "graph"} <= set(extras)
    required = data["project"]["dependencies"]
    for optional in ("matplotlib", "networkx", "llama-index-llms-vllm", "llama-index-llms-openai-like"):
        assert not any(d.startswith(optional) for d in required), optional
    dev_extras = extras["dev"][0]  # "llama-index-libra[offline,...]": make test installs every extra
    assert all(extra in dev_extras for extra in ("llm", "graph", "benchmarks", "mcp", "offline"))
    assert (REPO / "llama_index_libra" / "py.typed").exists()


def test_agent_eval_imports_are_relative() -> None:
    """So the same files work as the checkout's `agent_eval` and the wheel's `llama_index_libra.agent_eval`."""
    for path in (REPO / "agent_eval").glob("*.py"):
        text = path.read_text()
        assert "from agent_eval" not in text and "import agent_eval" not in text, path.name


@pytest.mark.slow
def test_wheel_ships_the_harness_namespaced(tmp_path: Path) -> None:
    build = subprocess.run([sys.executable, "-m", "pip", "wheel", str(REPO), "--no-deps", "-q", "-w", str(tmp_path / "dist")],
                           capture_output=True, text=True, timeout=600)
    if build.returncode != 0 and "hatchling" in build.stderr and "No matching distribution" in build.stderr:
        pytest.skip("the build backend (hatchling) cannot be installed here")
    assert build.returncode == 0, build.stderr[-1500:]
    wheel = next((tmp_path / "dist").glob("llama_index_libra-*.whl"))
    names = zipfile.ZipFile(wheel).namelist()
    assert "llama_index_libra/py.typed" in names and "llama_index_libra/agent_eval/presets.toml" in names
    assert not any(n.startswith("agent_eval/") for n in names)  # no top-level agent_eval in site-packages
    target = tmp_path / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--target", str(target), str(wheel)],
                   check=True, capture_output=True, timeout=300)
    env = {**os.environ, "PYTHONPATH": str(target)}
    result = subprocess.run([sys.executable, "-m", "llama_index_libra.agent_eval", "presets"], cwd=tmp_path, env=env,
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 0 and f"{target}" in result.stdout, result.stderr[-800:]
