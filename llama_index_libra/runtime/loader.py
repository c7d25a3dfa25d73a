"""Build a user's :class:`Runtime` from a ``module:factory`` or ``path/to/file.py:factory`` reference.

This is what ``libra induce --runtime`` and ``libra catalog --runtime`` call. The reference names a
callable that takes no arguments and returns a Runtime (a ``PythonRuntime`` over the user's tools,
or their own subclass), or a Runtime instance itself. A file is imported by its module name with its
folder put first on ``sys.path``, so the process pool's spawned workers (which receive the parent's
``sys.path``) import the same module and the tools pickle by reference.
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
from pathlib import Path
from typing import Any

__all__ = ["RuntimeLoadError", "load_runtime", "parse_runtime_ref"]


class RuntimeLoadError(ValueError):
    """The ``--runtime`` reference cannot be imported or does not give a Runtime."""


def parse_runtime_ref(ref: str) -> tuple[str, str]:
    """``("module.or/path.py", "factory")`` from ``"module:factory"``; the attribute is required."""
    if not isinstance(ref, str) or ":" not in ref:
        raise RuntimeLoadError(
            f"--runtime {ref!r}: expected MODULE:FACTORY or path/to/file.py:FACTORY "
            "(a callable that returns a Runtime, e.g. my_tools:make_runtime)"
        )
    target, _, attribute = ref.rpartition(":")
    if not target or not attribute or not attribute.replace(".", "").replace("_", "").isalnum():
        raise RuntimeLoadError(f"--runtime {ref!r}: expected MODULE:FACTORY with a Python name after the colon")
    return target, attribute


def _import_file(path: Path) -> Any:
    """Import ``path`` as the module named by its stem, its folder first on ``sys.path``."""
    folder = str(path.parent.resolve())
    if folder not in sys.path:
        sys.path.insert(0, folder)
    name = path.stem
    existing = sys.modules.get(name)
    if existing is not None:
        if Path(getattr(existing, "__file__", "") or "").resolve() == path.resolve():
            return existing
        raise RuntimeLoadError(
            f"--runtime {path}: a different module named {name!r} is already imported "
            f"({getattr(existing, '__file__', 'built in')}); rename the file"
        )
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        raise RuntimeLoadError(f"--runtime {path}: not an importable Python file")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
    except BaseException:
        sys.modules.pop(name, None)
        raise
    return module


def _import_target(target: str) -> Any:
    path = Path(target)
    if target.endswith(".py") or path.suffix == ".py" or "/" in target or "\\" in target:
        if not path.is_file():
            raise RuntimeLoadError(f"--runtime: file {target} does not exist")
        loader = _import_file
        arg: Any = path
    else:
        cwd = str(Path.cwd())
        if cwd not in sys.path and "" not in sys.path:
            sys.path.insert(0, cwd)  # `python -m` / console scripts: modules beside the user resolve
        loader = importlib.import_module
        arg = target
    try:
        return loader(arg)
    except RuntimeLoadError:
        raise
    except ModuleNotFoundError as exc:
        raise RuntimeLoadError(f"--runtime: cannot import {target}: {exc}") from None
    except SystemExit as exc:  # sys.exit() at import: no build would run, and the exit status would say nothing
        raise RuntimeLoadError(f"--runtime: importing {target} called sys.exit({exc.code!r}); "
                               "a runtime module must not exit (guard its script part with if __name__ == '__main__':)") from None
    except Exception as exc:  # noqa: BLE001 - the user's module failed while importing
        raise RuntimeLoadError(f"--runtime: importing {target} failed: {type(exc).__name__}: {exc}") from None


def load_runtime(ref: str) -> Any:
    """The Runtime that ``ref`` (``module:factory`` or ``file.py:factory``) builds.

    The factory is called with no arguments; an attribute that already is a Runtime is used as it
    is. Every failure is a :class:`RuntimeLoadError` with one line saying what to fix.
    """
    from llama_index_libra.runtime.base import Runtime

    target, attribute = parse_runtime_ref(ref)
    module = _import_target(target)
    obj: Any = module
    for part in attribute.split("."):
        if not hasattr(obj, part):
            names = sorted(n for n in vars(module) if not n.startswith("_") and callable(getattr(module, n)))
            raise RuntimeLoadError(
                f"--runtime {ref!r}: {target} has no attribute {attribute!r}"
                + (f" (callables there: {', '.join(names[:10])})" if names else "")
            )
        obj = getattr(obj, part)
    if isinstance(obj, Runtime):
        return _checked(obj, ref)
    if not callable(obj):
        raise RuntimeLoadError(f"--runtime {ref!r}: {attribute} is a {type(obj).__name__}, not a Runtime or a factory")
    try:
        runtime = obj()
    except SystemExit as exc:  # the factory exited: say so instead of ending with its status and no library
        raise RuntimeLoadError(f"--runtime {ref!r}: {attribute}() called sys.exit({exc.code!r}) instead of "
                               "returning a Runtime") from None
    except Exception as exc:  # noqa: BLE001 - the user's factory failed
        raise RuntimeLoadError(f"--runtime {ref!r}: {attribute}() raised {type(exc).__name__}: {exc}") from None
    if not isinstance(runtime, Runtime):
        raise RuntimeLoadError(
            f"--runtime {ref!r}: {attribute}() returned a {type(runtime).__name__}, not a Runtime "
            "(return e.g. PythonRuntime(TOOLS, StateFactory, fixtures=...))"
        )
    return _checked(runtime, ref)


def _checked(runtime: Any, ref: str) -> Any:
    """The runtime, once its ``catalog`` is a ToolCatalog (a runtime built by hand may hold None or a list)."""
    from llama_index_libra.catalog import ToolCatalog

    catalog = getattr(runtime, "catalog", None)
    if not isinstance(catalog, ToolCatalog):
        raise RuntimeLoadError(f"--runtime {ref!r}: the runtime's catalog is a {type(catalog).__name__}, not a ToolCatalog "
                               "(set self.catalog, e.g. ToolCatalog.from_function_docs([...]))")
    return runtime
