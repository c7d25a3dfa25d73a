"""The worker of :class:`llama_index_libra.runtime.outofprocess.SubprocessRuntime` (standard library only).

It runs in the interpreter that has the tools' own dependencies (another virtual environment, another
Python), so it imports nothing of this package: only the standard library, the user's tools module, and
``_pipe_serve.py`` and ``_worker_helpers.py`` beside it (loaded by file path, also standard library only).

It serves the ``libra-pipe-1`` channel (``runtime/channel.py``: dedicated pipes, request ids; the
tools' prints, a C library's or a child process's output go to a log, never into the replies) with
three operations:

* ``{"op": "load", "module": "my_tools", "path": [...], "tools": "TOOLS", "state_factory": "fresh_state",
  "state_arg": "state", "to_json": null, "from_json": null, "block_network": false}`` ->
  ``{"tools": [{"name", "description", "parameters"}], "state": <fresh state as JSON>}``
* ``{"op": "fresh"}`` -> ``{"state": ...}``
* ``{"op": "call", "tool": "login", "arguments": {...}, "state": <JSON>, "cpu_s": 5}`` ->
  ``{"ok": true, "reply": {"kind": "json"|"none"|"text"|"opaque", ...}, "state": <JSON after the call>}``
  or ``{"ok": false, "error": "ValueError: ...", "state": ...}``.

The state crosses the pipe as JSON at every call (the parent keeps it, so snapshots are plain JSON
copies); ``to_json``/``from_json`` name module functions that convert a richer state object. ``cpu_s``
sets RLIMIT_CPU's soft limit for the call (the process is killed by SIGXCPU past it; the parent also
kills it past the limit when a tool ignores SIGXCPU, and starts a new worker).
"""

from __future__ import annotations

import importlib
import importlib.util
import inspect
import json
import math
import os
import sys
import typing

_JSON_TYPES = {str: "string", int: "integer", float: "number", bool: "boolean", list: "array", dict: "object",
               tuple: "array", type(None): "null"}
_NAMED_TYPES = {"str": "string", "int": "integer", "float": "number", "bool": "boolean", "list": "array",
                "dict": "object", "tuple": "array", "None": "null"}


def _beside(filename: str, name: str):
    """A standard-library-only module of this package's runtime folder, loaded by its path."""
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), filename)
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


HELPERS = _beside("_worker_helpers.py", "_libra_worker_helpers")
SERVE = _beside("_pipe_serve.py", "_libra_pipe_serve")


def _schema(annotation) -> dict:
    """A JSON Schema for a parameter annotation (builtins, typing generics, Optional; else no type)."""
    if annotation is inspect.Parameter.empty:
        return {}
    if isinstance(annotation, str):
        base = annotation.split("[", 1)[0].strip()
        return {"type": _NAMED_TYPES[base]} if base in _NAMED_TYPES else {}
    origin = typing.get_origin(annotation)
    if origin is typing.Union:
        options = [a for a in typing.get_args(annotation) if a is not type(None)]
        return _schema(options[0]) if len(options) == 1 else {}
    if origin in (list, tuple, set):
        args = typing.get_args(annotation)
        inner = _schema(args[0]) if args else {}
        return {"type": "array", **({"items": inner} if inner else {})}
    if origin is dict:
        return {"type": "object"}
    kind = _JSON_TYPES.get(annotation)
    return {"type": kind} if kind else {}


def _describe(fn, state_arg: str) -> dict:
    try:
        hints = typing.get_type_hints(fn)
    except Exception:  # noqa: BLE001 - unresolved string annotations: fall back to their names
        hints = {}
    properties, required = {}, []
    for name, param in inspect.signature(fn).parameters.items():
        if name == state_arg or param.kind in (param.VAR_POSITIONAL, param.VAR_KEYWORD):
            continue
        schema = _schema(hints.get(name, param.annotation))
        if param.default is param.empty:
            required.append(name)
        else:
            try:
                json.dumps(param.default)
                schema["default"] = param.default
            except (TypeError, ValueError):
                pass
        properties[name] = schema
    description = inspect.getdoc(fn) or ""
    return {"name": fn.__name__, "description": description,
            "parameters": {"type": "object", "properties": properties, "required": required}}


class Worker:
    """The loaded tools module and how to make, convert and pass the state."""

    def __init__(self) -> None:
        self.tools: dict = {}
        self.takes_state: dict = {}
        self.factory = None
        self.to_json = None
        self.from_json = None
        self.state_arg = "state"

    def load(self, request: dict) -> dict:
        if request.get("block_network"):
            HELPERS.block_network()
        for entry in reversed(request.get("path") or []):
            sys.path.insert(0, entry)
        module = importlib.import_module(request["module"])
        tools = getattr(module, request.get("tools") or "TOOLS")
        tools = list(tools.values()) if isinstance(tools, dict) else list(tools)
        self.state_arg = request.get("state_arg") or "state"
        for fn in tools:
            self.tools[fn.__name__] = fn
            self.takes_state[fn.__name__] = self.state_arg in inspect.signature(fn).parameters
        self.factory = getattr(module, request["state_factory"]) if request.get("state_factory") else None
        self.to_json = getattr(module, request["to_json"]) if request.get("to_json") else None
        self.from_json = getattr(module, request["from_json"]) if request.get("from_json") else None
        return {"tools": [_describe(fn, self.state_arg) for fn in tools], "state": self.fresh_state()}

    def fresh_state(self):
        if self.factory is None:
            return {}
        return self._dump(self.factory())

    def _dump(self, state):
        return self.to_json(state) if self.to_json is not None else state

    def call(self, request: dict) -> dict:
        fn = self.tools[request["tool"]]
        state = request.get("state")
        live = self.from_json(state) if self.from_json is not None else state
        kwargs = dict(request.get("arguments") or {})
        if self.takes_state[request["tool"]]:
            kwargs[self.state_arg] = live
        if request.get("cpu_s"):
            import resource

            usage = resource.getrusage(resource.RUSAGE_SELF)
            soft = math.ceil(usage.ru_utime + usage.ru_stime + float(request["cpu_s"]))
            _, hard = resource.getrlimit(resource.RLIMIT_CPU)
            resource.setrlimit(resource.RLIMIT_CPU, (soft if hard == resource.RLIM_INFINITY else min(soft, hard), hard))
        try:
            value = fn(**kwargs)
        except BaseException as exc:  # noqa: BLE001 - SystemExit and KeyboardInterrupt included: a record
            return {"ok": False, "error": HELPERS.format_exception(exc), "state": self._dump(live)}
        return {"ok": True, "reply": HELPERS.encode_reply(value), "state": self._dump(live)}


def main() -> None:
    here = os.path.dirname(os.path.abspath(__file__))
    sys.path[:] = [p for p in sys.path if p and os.path.abspath(p) != here]  # never shadow the tools' imports
    worker = Worker()
    SERVE.serve({"load": worker.load, "fresh": lambda request: {"state": worker.fresh_state()}, "call": worker.call},
                lenient_json=False)


if __name__ == "__main__":
    main()
