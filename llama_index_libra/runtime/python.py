"""PythonRuntime: a user's own Python tools, executed on a sandbox state object they provide.

Each tool is a LlamaIndex ``FunctionTool`` or a plain (sync or async) callable that takes the
sandbox state as the keyword argument ``state_arg`` (default ``"state"``). The runtime passes the
state explicitly at every call, and the parameter never appears in the tool's public metadata: the
catalog's JSON Schemas and descriptions are built without it, as a LlamaIndex agent would see the
tool once bound to a state (:meth:`PythonRuntime.as_llama_tools`). A tool that does not declare
``state_arg`` (a pure function such as a unit converter) is called without it.

``state_factory()`` makes a fresh state; a snapshot is the state's pickle and a restore loads it
(several times faster than ``copy.deepcopy`` on large states), falling back on ``copy.deepcopy`` for
a state that does not pickle or whose type defines ``__deepcopy__``. The state must be copyable and
picklable (no open files, sockets, locks, clients or lambdas): executors and call isolation ship
snapshots between processes, and a call that leaves such a state is an error. The default ``view`` is the state
itself when it is JSON (``to_jsonable``: dicts, lists, dataclasses, pydantic models), else
``to_jsonable(vars(state))``, with unconvertible leaves shown by type name; pass ``view=`` for a
better one. ``fixtures`` are the public facts of the fresh state that a tester would be handed.

Failure conventions: an exception (or a timeout, a crash of the call's process, or an output that
is not JSON) is ``error``; a returned refusal is ``rejected``: what ``failure=`` (a predicate on the
JSON reply) calls one, else a refusal by a common convention (a dict with an ``error`` key,
``success``/``ok`` false or an error ``status``, a string starting with ``Error:``; see
:mod:`llama_index_libra.runtime.failures`); anything else is ``success``.

The sandbox is the state object and nothing else. A tool that reaches outside its state object
(files, network, environment variables, module globals, other processes) is outside the sandbox's
reach: such effects are neither isolated, nor undone by a restore, nor seen in ``state_changes``,
and the induction engine will run the tool many times. Give such tools a state-held fake (an
in-memory file system, a stub client) before inducing a library over them.
"""

from __future__ import annotations

import asyncio
import copy
import hashlib
import inspect
import pickle
import threading
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Iterable, Mapping

from llama_index_libra._compat import renamed_keywords
from llama_index_libra.catalog import ToolCatalog
from llama_index_libra.records import to_jsonable
from llama_index_libra.runtime.base import Runtime, jsonable_view, mutable_defaults
from llama_index_libra.runtime.failures import FailurePredicate, predicate_refusal
from llama_index_libra.runtime.identity import callable_identity, state_identity, value_token

if TYPE_CHECKING:  # pragma: no cover
    from llama_index.core.tools import FunctionTool

__all__ = ["PythonRuntime"]


@dataclass(frozen=True)
class PickledState:
    """A snapshot held as the state's pickle: each restore loads a private copy, and shipping it to
    another process costs the bytes alone."""

    data: bytes


def _default_pickling(cls: type) -> bool:
    """Whether instances of ``cls`` pickle their whole ``__dict__`` (or are builtin containers)."""
    default_getstate = getattr(object, "__getstate__", None)  # Python 3.11+; absent before
    return (cls.__reduce_ex__ is object.__reduce_ex__ and cls.__reduce__ is object.__reduce__
            and getattr(cls, "__getstate__", default_getstate) is default_getstate) or cls in (dict, list)


@dataclass(frozen=True)
class _BoundTool:
    """One tool: its public (state-free) FunctionTool and how to call the underlying function."""

    name: str
    fn: Callable[..., Any]
    takes_state: bool
    base_kwargs: dict[str, Any]
    fresh_defaults: dict[str, Any]
    public: "FunctionTool"
    coroutine_fn: Callable[..., Any] | None = None  # the async function itself, awaited by the runtime


_LOOPS = threading.local()
# per thread: (runtime, snapshot, state) where the last call left a state restored from that snapshot
# pickle-equal to it, so the next call from the same snapshot can take it (PythonRuntime.restore)
_LIVE = threading.local()


def _await(coroutine: Any) -> Any:
    """Run an async tool's coroutine to its end on this thread's own event loop (one per thread,
    reused), so that what the tool raises is what the call records. LlamaIndex's sync shim
    (``asyncio_run``) catches a ``RuntimeError`` the tool raises ("order X is open") and raises
    "Detected nested async" in its place. Called from inside a running loop, it runs on a thread."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        loop = getattr(_LOOPS, "loop", None)
        if loop is None or loop.is_closed():
            loop = _LOOPS.loop = asyncio.new_event_loop()
        return loop.run_until_complete(coroutine)
    out: dict[str, Any] = {}

    def run() -> None:
        try:
            out["value"] = asyncio.run(coroutine)  # a loop of its own, closed when the call ends
        except BaseException as exc:  # noqa: BLE001 - re-raised on the caller's thread
            out["error"] = exc
    worker = threading.Thread(target=run)
    worker.start()
    worker.join()
    if "error" in out:
        raise out["error"]
    return out["value"]


def _portable(tool: Any) -> Any:
    """A picklable stand-in for a tool: a FunctionTool becomes its function plus its public name and
    description (rebuilt on unpickling); plain callables pickle as they are."""
    if hasattr(tool, "metadata") and callable(getattr(tool, "fn", None)):
        from functools import partial

        from llama_index.core.tools import FunctionTool

        return partial(FunctionTool.from_defaults, fn=tool.fn, name=tool.metadata.name, description=tool.metadata.description)
    return tool


def _strip_state_from_schema(schema: Any, state_arg: str) -> Any:
    """A copy of a pydantic ``fn_schema`` without the ``state_arg`` field."""
    from pydantic import create_model

    fields = {k: (f.annotation, f) for k, f in schema.model_fields.items() if k != state_arg}
    return create_model(schema.__name__, **fields)  # type: ignore[call-overload]


def _signature_without(fn: Callable[..., Any], drop: str) -> inspect.Signature | None:
    try:
        sig = inspect.signature(fn)
    except (TypeError, ValueError):
        return None
    return sig.replace(parameters=[p for n, p in sig.parameters.items() if n != drop])


def _bind_tool(tool: Any, state_arg: str) -> _BoundTool:
    """Build the public FunctionTool (schema and description without ``state_arg``) for ``tool``."""
    from llama_index.core.tools import FunctionTool, ToolMetadata

    if isinstance(tool, FunctionTool):
        real_fn = tool.real_fn
        fn = tool.fn
        md = tool.metadata
        takes_state = _declares(real_fn, state_arg)
        schema = md.fn_schema
        description = md.description
        if schema is not None and state_arg in getattr(schema, "model_fields", {}):
            schema = _strip_state_from_schema(schema, state_arg)
        full_sig = _signature_without(real_fn, "self")
        public_sig = _signature_without(real_fn, state_arg)
        if full_sig is not None and public_sig is not None and takes_state:
            auto_prefix = f"{md.name}{full_sig}"
            if description.startswith(auto_prefix):  # LlamaIndex's generated signature line
                description = f"{md.name}{public_sig}" + description[len(auto_prefix):]
        public_md = ToolMetadata(
            name=md.name, description=description, fn_schema=schema, return_direct=md.return_direct
        )
        public = FunctionTool(fn=fn, metadata=public_md)
        base_kwargs = {**getattr(tool, "_field_defaults", {}), **tool.partial_params}
        base_kwargs.pop(state_arg, None)
        return _BoundTool(md.name, fn, takes_state, base_kwargs, mutable_defaults(real_fn), public,
                          real_fn if inspect.iscoroutinefunction(real_fn) else None)

    if not callable(tool):
        raise TypeError(f"PythonRuntime tools must be FunctionTools or callables, got {type(tool).__name__}")
    takes_state = _declares(tool, state_arg)
    partial = {state_arg: None} if takes_state else None
    metadata = FunctionTool.from_defaults(fn=_resolved_signature_proxy(tool, state_arg), partial_params=partial).metadata
    public = FunctionTool.from_defaults(fn=tool, tool_metadata=metadata, partial_params=partial)
    return _BoundTool(public.metadata.name, public.fn, takes_state, {}, mutable_defaults(tool), public,
                      tool if inspect.iscoroutinefunction(tool) else None)


def _resolved_signature_proxy(fn: Callable[..., Any], skip: str) -> Callable[..., Any]:
    """``fn`` itself, or a stand-in carrying its signature with string annotations evaluated.

    Under ``from __future__ import annotations`` every annotation is a string, which LlamaIndex's
    schema builder hands to pydantic unresolved (``Literal``/``Enum`` types of the tool's module then
    fail as "not fully defined"). The public parameters' strings (not ``skip``, the hidden state) are
    evaluated in the function's own globals; one that cannot be (a name imported only under
    ``TYPE_CHECKING``, a class local to a function) is an error naming the tool and the fix.
    """
    try:
        sig = inspect.signature(fn)
    except (TypeError, ValueError):
        return fn
    if not any(isinstance(p.annotation, str) and n != skip for n, p in sig.parameters.items()):
        return fn
    namespace = dict(getattr(fn, "__globals__", None) or {})
    params = []
    for name, param in sig.parameters.items():
        if isinstance(param.annotation, str) and name != skip:
            try:
                param = param.replace(annotation=eval(param.annotation, namespace))  # noqa: S307 - the tool's own annotation text, in its own module
            except Exception as exc:  # noqa: BLE001 - NameError, SyntaxError, anything an annotation raises
                tool = getattr(fn, "__qualname__", getattr(fn, "__name__", repr(fn)))
                raise TypeError(
                    f"tool {tool!r}: the annotation of {name!r} ({param.annotation!r}) cannot be evaluated in its "
                    f"module ({type(exc).__name__}: {exc}); import the names it uses at module level (not under "
                    "TYPE_CHECKING, not inside a function), or pass a FunctionTool with an explicit fn_schema"
                ) from None
        params.append(param)
    resolved = sig.replace(parameters=params)

    def proxy(*args: Any, **kwargs: Any) -> Any:  # never called: it only carries the signature
        return fn(*args, **kwargs)

    proxy.__signature__ = resolved  # type: ignore[attr-defined]
    proxy.__name__ = getattr(fn, "__name__", "tool")
    proxy.__qualname__ = getattr(fn, "__qualname__", proxy.__name__)
    proxy.__doc__ = fn.__doc__
    proxy.__module__ = getattr(fn, "__module__", None)  # type: ignore[assignment]
    return proxy


def _default_name(tools: list[Any]) -> str:
    """The module all ``tools`` are defined in (its last dotted part), else ``"python"``: a catalog
    named after the user's code reads better in ``libra show`` and graph titles than a fixed word."""
    modules = set()
    for tool in tools:
        fn = getattr(tool, "real_fn", None) or getattr(tool, "fn", None) or tool
        modules.add(getattr(fn, "__module__", None))
    if len(modules) == 1:
        module = next(iter(modules))
        if isinstance(module, str) and module and module != "__main__":
            return module.rsplit(".", 1)[-1]
    return "python"


def _docstring(tool: Any) -> str | None:
    """The docstring of the function behind a tool (a FunctionTool's own function, or the callable)."""
    if hasattr(tool, "metadata"):
        fn = getattr(tool, "real_fn", None) or getattr(tool, "fn", None)
    else:
        fn = tool
    return inspect.getdoc(fn) if fn is not None else None


def _with_param_docs(catalog: ToolCatalog, docstrings: list[str | None]) -> ToolCatalog:
    """The catalog with each parameter that has no description given the one its function's
    docstring writes (``Args:`` and the like): examples, allowed values and layouts stated there
    belong to the tool's public metadata, as a reader of the code sees them."""
    from llama_index_libra.catalog import ToolSpec
    from llama_index_libra.schemas.docstrings import parameter_sections

    specs, changed = [], False
    for spec, doc in zip(catalog, docstrings):
        docs = parameter_sections(doc) if doc else {}
        props = (spec.parameters or {}).get("properties") or {}
        missing = {n: d for n, d in docs.items() if isinstance(props.get(n), dict) and not props[n].get("description")}
        if not missing:
            specs.append(spec)
            continue
        changed = True
        parameters = {**spec.parameters, "properties": {n: ({**p, "description": missing[n]} if n in missing else p)
                                                         for n, p in props.items()}}
        specs.append(ToolSpec.from_function_doc({"name": spec.name, "description": spec.description, "parameters": parameters}))
    return ToolCatalog(specs, name=catalog.name) if changed else catalog


def _declares(fn: Callable[..., Any], param: str) -> bool:
    try:
        return param in inspect.signature(fn).parameters
    except (TypeError, ValueError):
        return False


class PythonRuntime(Runtime):
    """Users' own tools over a deep-copyable state object (see the module docstring).

    Args:
        tools: ``FunctionTool``s or callables, each uniquely named.
        state_factory: makes a fresh sandbox state.
        state_arg: the keyword through which tools receive the state.
        fixtures: public facts of the fresh state (JSON).
        name: runtime and catalog name (default: the module the tools come from, e.g. ``forge_tools``,
            else ``"python"``).
        timeout_s: per-call timeout (``None``/``0``/``inf``: none, calls run inline).
        view: ``view(state) -> dict`` JSON view for diffs and digests (default: see module docstring).
        fresh_state_factories: more state factories (settings on and off, an empty and a seeded store):
            induction explores from ``state_factory()`` and from each of them (``fresh_variants=``:
            the deprecated name).
        failure: ``failure(reply) -> bool | str``: true (or a message) when a tool's JSON reply is a
            refusal the common conventions miss (``{"code": 404}``, ``"Sorry, ..."``); checked
            first. A module-level function, since the runtime travels to worker processes.
    """

    calls_out_of_process = False  # the tools run in this process: isolate them

    def __init__(
        self,
        tools: Iterable[Any],
        state_factory: Callable[[], Any],
        *,
        state_arg: str = "state",
        fixtures: Mapping[str, Any] | None = None,
        name: str | None = None,
        timeout_s: float | None = 10.0,
        view: Callable[[Any], Any] | None = None,
        fresh_state_factories: Iterable[Callable[[], Any]] = (),
        failure: FailurePredicate | None = None,
        **legacy: Any,
    ) -> None:
        renamed_keywords(legacy, {"fresh_variants": "fresh_state_factories"}, where="PythonRuntime")
        if "fresh_state_factories" in legacy:
            fresh_state_factories = legacy.pop("fresh_state_factories")
        if legacy:
            raise TypeError(f"PythonRuntime() got unexpected keyword(s) {', '.join(sorted(legacy))}")
        if not callable(state_factory):
            raise TypeError("state_factory must be a callable that returns a fresh state")
        tools = list(tools)
        self.name = name if name is not None else _default_name(tools)
        self.state_arg = state_arg
        self.default_timeout_s = timeout_s
        self._state_factory = state_factory
        self._fresh_factories = list(fresh_state_factories)
        if not all(callable(f) for f in self._fresh_factories):
            raise TypeError("fresh_state_factories must be callables that return fresh states")
        self._user_view = view
        if failure is not None and not callable(failure):
            raise TypeError("failure must be a predicate on a tool's JSON reply (a callable)")
        self._failure = failure
        if failure is not None:  # the run log keys runs by it: another predicate classifies anew
            self.identity = "failure:" + callable_identity(failure)
        try:
            self.fixtures: dict[str, Any] = to_jsonable(dict(fixtures or {}))
        except TypeError as exc:
            raise TypeError(f"fixtures must be JSON values: {exc}") from None
        self._tool_sources = list(tools)
        self._bind()

    def _bind(self) -> None:
        from functools import partial

        sources = [t() if isinstance(t, partial) else t for t in self._tool_sources]
        self._tool_sources = sources
        bound = [_bind_tool(t, self.state_arg) for t in sources]
        catalog = ToolCatalog.from_tools([b.public for b in bound], name=self.name)
        self.catalog = _with_param_docs(catalog, [_docstring(t) for t in sources])
        self._tools: dict[str, _BoundTool] = {b.name: b for b in bound}

    def __getstate__(self) -> dict[str, Any]:
        """Pickle the user's functions, not the LlamaIndex wrappers (whose async shims are local
        closures), so the runtime can travel to process-pool and Ray workers; module-level
        functions and FunctionTools over them pickle by reference."""
        state = dict(self.__dict__)
        state.pop("_tools", None)
        state.pop("catalog", None)
        state["_tool_sources"] = [_portable(t) for t in self._tool_sources]
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self._bind()

    # ---- state

    def fresh(self) -> Any:
        """``state_factory()``."""
        return self._state_factory()

    def fresh_states(self) -> list[Any]:
        """``state_factory()``, then one state per ``fresh_state_factories`` factory."""
        return [self._state_factory()] + [factory() for factory in self._fresh_factories]

    def snapshot(self, state: Any) -> Any:
        """The state's pickle (:class:`PickledState`), else ``copy.deepcopy(state)``: a state that
        does not pickle, or whose type copies itself its own way (``__deepcopy__``)."""
        if not hasattr(type(state), "__deepcopy__"):
            try:
                return PickledState(pickle.dumps(state, protocol=pickle.HIGHEST_PROTOCOL))
            except Exception:  # noqa: BLE001 - not picklable: a deep copy says why if it fails too
                pass
        return self._deepcopy(state)

    def _unchanged_since(self, snap: Any) -> Callable[[Any], bool] | None:
        """A state whose pickle is the snapshot's bytes is unchanged: a read-only call costs one pickle,
        not a second view. Only for states pickled the default way (a ``__getstate__`` or
        ``__reduce__`` of the state's own could leave out what its view shows)."""
        if not isinstance(snap, PickledState):
            return None

        def unchanged(state: Any) -> bool:
            if not _default_pickling(type(state)):
                return False
            try:
                same = pickle.dumps(state, protocol=pickle.HIGHEST_PROTOCOL) == snap.data
            except Exception:  # noqa: BLE001 - no longer picklable: changed, and the snapshot step says how
                return False
            if same:  # the state is the snapshot's again: the next call from it may start from this copy
                _LIVE.entry = (self, snap, state)
            return same

        return unchanged

    def restore(self, snap: Any) -> Any:
        """A new copy of the snapshot's state (the snapshot stays reusable).

        The copy the last call on this thread left pickle-equal to the same snapshot (a refused or
        read-only call, most calls of a build) is handed out once instead of unpickling again: the
        build already takes pickle-equality for "the call changed nothing" (:meth:`_unchanged_since`)."""
        if isinstance(snap, PickledState):
            live = getattr(_LIVE, "entry", None)
            if live is not None:
                _LIVE.entry = None  # handed out at most once: the call it goes to may change it
                if live[0] is self and live[1] is snap:
                    return live[2]
            return pickle.loads(snap.data)
        return self._deepcopy(snap)

    def view(self, state: Any, partition: str | None = None) -> dict[str, Any]:
        """The user's ``view(state)``, else the state (or its attributes) as JSON.

        There is one partition (``""``); the result is always a JSON object (a non-object view is
        wrapped as ``{"state": ...}``).
        """
        if partition:
            raise KeyError(f"PythonRuntime {self.name!r} has a single partition '', not {partition!r}")
        if self._user_view is not None:
            data = jsonable_view(self._user_view(state))
        elif isinstance(state, (dict, list, tuple, str, int, float, bool)) or state is None:
            data = jsonable_view(state)
        else:
            try:
                data = to_jsonable(state)
            except (TypeError, ValueError, RecursionError):
                attrs = getattr(state, "__dict__", None)
                data = jsonable_view(attrs if isinstance(attrs, dict) else state)
        return data if isinstance(data, dict) else {"state": data}

    # ---- calls

    def _invoke(self, state: Any, tool: str, arguments: dict[str, Any]) -> Any:
        bound = self._tools[tool]
        if self.state_arg in arguments:
            raise TypeError(f"argument {self.state_arg!r} is reserved for the sandbox state")
        kwargs = {**bound.base_kwargs, **arguments}
        for param, default in bound.fresh_defaults.items():
            if param not in kwargs:
                kwargs[param] = copy.deepcopy(default)
        if bound.takes_state:
            kwargs[self.state_arg] = state
        if bound.coroutine_fn is not None:
            return _await(bound.coroutine_fn(**kwargs))
        return bound.fn(**kwargs)

    def _classify(self, tool: str, output: Any) -> tuple[Any, str | None]:
        """The user's ``failure`` predicate first, then the common refusal conventions."""
        message = predicate_refusal(self._failure, output)
        if message is not None:
            return "rejected", message
        return super()._classify(tool, output)

    def tool_identity(self, tool: str) -> str:
        """Code identity of ``tool`` for the run log: an edit to its function re-executes its runs."""
        bound = self._tools[tool]
        if getattr(self, "_state_identity", None) is None:  # the state classes' code, once per runtime
            self._state_identity = state_identity([self._state_factory, *self._fresh_factories])
        return callable_identity(bound.fn) + ":" + hashlib.sha256(
            repr(sorted((k, value_token(v, set(), 0)) for k, v in bound.base_kwargs.items())).encode()
        ).hexdigest()[:8] + ":" + self._state_identity

    # ---- LlamaIndex

    def as_llama_tools(self, state: Any) -> list["FunctionTool"]:
        """The tools as LlamaIndex ``FunctionTool``s bound to ``state`` (for agents on a live state).

        Their metadata is the public, state-free metadata of the catalog; calls go straight to the
        functions (no timeout, no records).
        """
        from llama_index.core.tools import FunctionTool

        out = []
        for bound in self._tools.values():
            partial = {**bound.base_kwargs}
            if bound.takes_state:
                partial[self.state_arg] = state
            out.append(FunctionTool(fn=bound.fn, metadata=bound.public.metadata, partial_params=partial))
        return out

    def _deepcopy(self, value: Any) -> Any:
        try:
            return copy.deepcopy(value)
        except Exception as exc:  # noqa: BLE001 - re-raised with the reason it matters
            raise TypeError(
                f"PythonRuntime {self.name!r} snapshots states with copy.deepcopy, and this "
                f"{type(value).__name__} cannot be copied ({type(exc).__name__}: {exc}); keep only "
                "copyable data in the state"
            ) from exc
