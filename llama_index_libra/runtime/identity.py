"""Code identity of a tool for the run log: a hash of what the tool can reach, equal across processes.

Covered: the function's bytecode, constants, defaults and closure; every global name its code (and
the code nested in it) reads: a function or class of the user's code (any module outside the
standard library and installed packages), followed 6 calls deep, a module constant (any plain
value or container), and ``module.attr`` reads of a user module; the state classes' methods (the
classes ``state_factory`` and the fresh-state factories are or build). Not covered, so a rebuild
after such an edit should use a new log folder: code in installed packages, values a tool reads at
run time (files, the environment), attributes reached only through an object (``obj.helper()``
where ``obj`` is not a global), and code resolved dynamically (``getattr``, ``importlib``).
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import sys
import sysconfig
import types
from functools import lru_cache, partial
from typing import Any, Iterable

__all__ = ["callable_identity", "state_identity", "value_token"]

_IDENTITY_DEPTH = 6  # helper functions followed from a tool (through globals and closures)
_VALUE_DEPTH = 32  # container nesting followed in defaults, constants and closure values
_PLAIN = (str, int, float, bool, bytes, type(None))
_CONTAINERS = (tuple, list, frozenset, set, dict)


@lru_cache(maxsize=1)
def _library_roots() -> tuple[str, ...]:
    paths = sysconfig.get_paths()
    roots = {os.path.realpath(paths[k]) for k in ("stdlib", "platstdlib", "purelib", "platlib") if paths.get(k)}
    roots.add(os.path.realpath(sys.base_prefix))
    return tuple(sorted(roots))


@lru_cache(maxsize=4096)
def _is_user_module(name: str | None) -> bool:
    """Whether module ``name`` is the user's code: loaded from a file outside Python and its packages."""
    if not name or name == "builtins":
        return False
    module = sys.modules.get(name)
    file = getattr(module, "__file__", None)
    if not file:
        return name == "__main__"
    path = os.path.realpath(file)
    return not any(path.startswith(root + os.sep) for root in _library_roots())


def _names(code: types.CodeType) -> list[str]:
    """Global and attribute names read by ``code`` and the code objects nested in it."""
    names = list(code.co_names)
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            names.extend(_names(const))
    return names


def _code_token(code: types.CodeType, seen: set[int], depth: int) -> list[Any]:
    """What a code object computes: bytecode, names and constants (not file names or line numbers)."""
    return [code.co_code.hex(), list(code.co_names), list(code.co_varnames), list(code.co_freevars),
            code.co_argcount, code.co_kwonlyargcount, [value_token(c, seen, depth) for c in code.co_consts]]


def value_token(value: Any, seen: set[int], depth: int) -> Any:
    """A process-independent token for a constant, default or closure value."""
    if depth > _VALUE_DEPTH:  # self-containing or very deep containers
        return ["deep", type(value).__qualname__]
    if isinstance(value, _PLAIN):
        return [type(value).__name__, value.hex() if isinstance(value, bytes) else value]
    if isinstance(value, types.CodeType):
        return _code_token(value, seen, depth)
    if isinstance(value, _CONTAINERS):
        if id(value) in seen:  # shared or self-containing: counted once
            return ["seen", type(value).__name__]
        seen.add(id(value))
    if isinstance(value, (tuple, list, frozenset, set)):
        items = [value_token(v, seen, depth + 1) for v in value]
        return [type(value).__name__, sorted(items, key=repr) if isinstance(value, (set, frozenset)) else items]
    if isinstance(value, dict):
        return ["dict", sorted(([repr(k), value_token(v, seen, depth + 1)] for k, v in value.items()), key=repr)]
    if isinstance(value, type):
        return _class_token(value, seen, depth + 1)
    if callable(value) and depth < _IDENTITY_DEPTH:
        return _callable_token(value, seen, depth + 1)
    return ["object", type(value).__module__, type(value).__qualname__]


def _class_token(cls: type, seen: set[int], depth: int) -> Any:
    """A class of the user's code: its methods (and user base classes); any other class by name."""
    name = ["type", cls.__module__, cls.__qualname__]
    if not _is_user_module(cls.__module__) or depth >= _IDENTITY_DEPTH or id(cls) in seen:
        return name
    seen.add(id(cls))
    members = []
    for key, member in sorted(vars(cls).items()):
        if isinstance(member, (staticmethod, classmethod)):
            member = member.__func__
        if isinstance(member, property):
            member = [member.fget, member.fset, member.fdel]
        if key.startswith("__") and key.endswith("__") and not isinstance(member, types.FunctionType):
            continue  # __dict__, __module__, __weakref__ ...
        members.append([key, value_token(member, seen, depth)])
    bases = [_class_token(b, seen, depth) for b in cls.__bases__ if b is not object]
    return [*name, members, bases]


def _global_token(fn: types.FunctionType, name: str, names: set[str], seen: set[int], depth: int) -> Any:
    """The token of global ``name`` that ``fn`` reads, or None when it is nothing worth hashing."""
    if name not in fn.__globals__:
        return None
    value = fn.__globals__[name]
    if isinstance(value, types.ModuleType):  # `helpers.compute(...)`: the attributes it reads
        if not _is_user_module(value.__name__):
            return None
        attrs = vars(value)
        return ["module", value.__name__, [[a, _global_value(attrs[a], seen, depth)] for a in sorted(names) if a in attrs]]
    return _global_value(value, seen, depth)


def _global_value(value: Any, seen: set[int], depth: int) -> Any:
    if isinstance(value, types.FunctionType):
        return _callable_token(value, seen, depth + 1) if _is_user_module(value.__module__) else None
    if isinstance(value, type):
        return _class_token(value, seen, depth + 1)
    if isinstance(value, types.ModuleType):
        return None
    if isinstance(value, _PLAIN + _CONTAINERS):  # module constants
        return value_token(value, seen, depth)
    if isinstance(value, partial):  # a partial of the user's function, with its bound arguments
        return _callable_token(value, seen, depth + 1)
    wrapped = getattr(value, "__wrapped__", None)
    if callable(value) and isinstance(wrapped, types.FunctionType) and _is_user_module(wrapped.__module__):
        return ["wrapped", type(value).__qualname__, _callable_token(wrapped, seen, depth + 1)]  # lru_cache & co
    if isinstance(value, re.Pattern):  # a compiled pattern: its text and flags
        return ["pattern", value.pattern, int(value.flags)]
    if _is_user_module(type(value).__module__) and isinstance(getattr(value, "__dict__", None), dict):
        # an instance of the user's class (a module-level dataclass of settings): its class and fields
        return ["instance", _class_token(type(value), seen, depth + 1), value_token(vars(value), seen, depth + 1)]
    return None


def _callable_token(fn: Any, seen: set[int], depth: int) -> Any:
    """Code identity of a callable: its code, defaults, closure, and the user code and constants it reads."""
    if id(fn) in seen:
        return ["seen", getattr(fn, "__qualname__", type(fn).__qualname__)]
    seen.add(id(fn))
    if isinstance(fn, partial):
        return ["partial", _callable_token(fn.func, seen, depth), value_token(fn.args, seen, depth),
                value_token(fn.keywords, seen, depth)]
    if isinstance(fn, types.MethodType):
        return ["method", _callable_token(fn.__func__, seen, depth)]
    if not isinstance(fn, types.FunctionType):
        call = getattr(type(fn), "__call__", None)
        if isinstance(call, types.FunctionType):
            return ["object", type(fn).__qualname__, _callable_token(call, seen, depth)]
        return ["builtin", getattr(fn, "__module__", None) or "", getattr(fn, "__qualname__", type(fn).__qualname__)]
    code = fn.__code__
    reached = []
    if depth < _IDENTITY_DEPTH:
        names = _names(code)
        for name in sorted(set(names)):
            token = _global_token(fn, name, set(names), seen, depth)
            if token is not None:
                reached.append([name, token])
    cells = []
    for cell in fn.__closure__ or ():
        try:
            cells.append(value_token(cell.cell_contents, seen, depth))
        except ValueError:  # an empty cell
            cells.append(None)
    return ["function", fn.__qualname__, _code_token(code, seen, depth), value_token(fn.__defaults__, seen, depth),
            value_token(fn.__kwdefaults__, seen, depth), cells, reached,
            _callable_token(fn.__wrapped__, seen, depth) if callable(getattr(fn, "__wrapped__", None)) else None]


def _digest(token: Any) -> str:
    return hashlib.sha256(json.dumps(token, default=repr, sort_keys=True).encode("utf-8")).hexdigest()[:16]


def callable_identity(fn: Any) -> str:
    """A hash of what ``fn`` computes (see the module docstring for what it reaches), equal across
    processes and runs; an edit to the function or what it reaches changes it, moving it does not."""
    return _digest(_callable_token(fn, set(), 0))


def state_identity(factories: Iterable[Any]) -> str:
    """A hash of the state factories' code: a class's methods, or a function and the classes it builds."""
    seen: set[int] = set()
    return _digest([_class_token(f, seen, 0) if isinstance(f, type) else _callable_token(f, seen, 0) for f in factories])
