"""Shared test fixtures (the fakes themselves live in ``tests/support``) and the tiers.

Tests are grouped by tier in folders: ``unit/``, ``reference/``, ``integration/`` and ``slow/``; every
test under ``slow/`` is marked ``slow`` here, so ``-m "not slow"`` skips that folder as well.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

os.environ["HF_HUB_OFFLINE"] = "1"
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")

import pytest  # noqa: E402
from hypothesis import HealthCheck, settings  # noqa: E402
from llama_index.core.tools import FunctionTool  # noqa: E402

from tests.support.fakes import HashEmbedding, make_synthetic_library, make_synthetic_tools  # noqa: E402

if TYPE_CHECKING:  # pragma: no cover
    from llama_index_libra.library import ToolLibrary

SLOW_TIER = Path(__file__).resolve().parent / "slow"

# property tests judge outcomes, never speed: no per-example deadline (200 ms by default) and no
# health check on slow data generation, since CI and our checks run on loaded machines
settings.register_profile("libra", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("libra")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Mark every test of the slow tier folder ``slow``."""
    for item in items:
        if SLOW_TIER in Path(str(item.fspath)).resolve().parents:
            item.add_marker(pytest.mark.slow)


def session_dir(tmp_path_factory: pytest.TempPathFactory, name: str) -> Path:
    """A folder of this test session shared by every pytest-xdist worker (``make test`` runs the
    suite in parallel): the workers' temporary roots sit side by side under the session's root."""
    root = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        root = root.parent
    folder = root / name
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@pytest.fixture(scope="session", autouse=True)
def _isolated_cache(tmp_path_factory: pytest.TempPathFactory) -> None:
    """Embedding and library caches go to a temporary directory of this session, never the user's
    home; the xdist workers share it, so a cached benchmark library is built once
    (``benchmarks.libraries.default_library`` locks while it builds)."""
    os.environ["LIBRA_CACHE_DIR"] = str(session_dir(tmp_path_factory, "libra-cache"))


@pytest.fixture(scope="session")
def gitforge_default_build(tmp_path_factory: pytest.TempPathFactory):
    """GitForge built once per session with the README's defaults (tests/support/gitforge.py),
    whichever xdist worker asks first; the others wait for it and read the same files."""
    from tests.support import gitforge

    if not gitforge.available():
        pytest.skip("GitForge (../shared) is not beside the checkout")
    return gitforge.default_build(session_dir(tmp_path_factory, "gitforge-default"))


@pytest.fixture()
def hash_embed() -> HashEmbedding:
    return HashEmbedding()


@pytest.fixture(scope="session")
def synthetic_tools() -> list[FunctionTool]:
    return make_synthetic_tools()


@pytest.fixture(scope="session")
def synthetic_library(synthetic_tools: list[FunctionTool]) -> "ToolLibrary":
    return make_synthetic_library(synthetic_tools)
