"""``--runtime`` references that misbehave: a factory or module that calls ``sys.exit``, and a runtime
whose ``catalog`` is not a ToolCatalog, each one RuntimeLoadError line (before: ``libra induce`` exited 0
with no library and no message, or ended in a TypeError traceback)."""

from __future__ import annotations

from pathlib import Path

import pytest

from llama_index_libra.runtime.loader import RuntimeLoadError, load_runtime

MODULE = '''
import sys
from llama_index_libra.runtime.python import PythonRuntime


def ping() -> str:
    """Answer."""
    return "pong"


def exits():
    sys.exit(0)


def fails_quietly():
    raise SystemExit(1)


def no_catalog():
    runtime = PythonRuntime([ping], dict)
    runtime.catalog = None
    return runtime


def list_catalog():
    runtime = PythonRuntime([ping], dict)
    runtime.catalog = [1, 2]
    return runtime


def good():
    return PythonRuntime([ping], dict)
'''


@pytest.fixture(scope="module")
def module(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("loader") / "loader_runtime.py"  # one file: a module name is imported once
    path.write_text(MODULE)
    return path


@pytest.mark.parametrize("factory, message", [("exits", r"called sys\.exit\(0\)"), ("fails_quietly", r"called sys\.exit\(1\)"),
                                              ("no_catalog", "catalog is a NoneType"), ("list_catalog", "catalog is a list")])
def test_a_misbehaving_factory_is_one_clear_error(module: Path, factory: str, message: str) -> None:
    with pytest.raises(RuntimeLoadError, match=message) as info:
        load_runtime(f"{module}:{factory}")
    assert "\n" not in str(info.value)


def test_a_module_that_exits_at_import_is_one_clear_error(tmp_path: Path) -> None:
    path = tmp_path / "exiting_runtime.py"
    path.write_text("import sys\nsys.exit(0)\n")
    with pytest.raises(RuntimeLoadError, match="called sys.exit"):
        load_runtime(f"{path}:make")


def test_a_good_factory_loads(module: Path) -> None:
    assert load_runtime(f"{module}:good").catalog.names == ["ping"]
