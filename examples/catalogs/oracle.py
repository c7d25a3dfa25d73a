"""Scripted oracle that checks a catalog's designed prerequisites are real (used by the tests).

A *proof* of a prerequisite ``provider -> consumer`` is a call sequence that ends with the consumer.
It holds when (1) every call of the sequence succeeds in a fresh state, and (2) with every call of
the provider dropped, the consumer fails; references to a dropped (or failed) call's output are then
replaced by a control value of the consumer parameter's annotated type, so the consumer gets a
wrong value instead of the provider's. That is the path-ablation test of a real dependency, run
directly on the Python functions (no package involved).

A step is ``(tool, args)`` or ``(tool, args, name)``; its output is saved under ``name`` (default:
the tool name). An argument string ``"$name.a.0.b"`` is a reference to a field of a saved output
(JSON text replies are parsed first); references may sit inside lists.

A call fails when it raises or replies with a dict holding an ``error`` key. A catalog whose tools
refuse by *returning* some other value (tau-bench's ``"Error: ..."`` strings) declares ``FAILURE``,
a predicate on a reply that is true for a refusal; the oracle then counts such replies as failures
too. A catalog without ``FAILURE`` is checked exactly as before.
"""

from __future__ import annotations

import inspect
import json
from dataclasses import dataclass
from types import ModuleType
from typing import Any, Callable, Sequence

Step = tuple  # (tool, args) or (tool, args, name)
Failure = Callable[[Any], bool]  # a catalog's FAILURE: true for a reply that is a refusal

# Control values for a reference whose provider was dropped, by the annotated type of the parameter.
CONTROL_STR = "zz-unknown-0"
CONTROL_INT = 987654321
CONTROL_FLOAT = -1.0


class _Missing(Exception):
    """A reference to an output that does not exist (provider dropped or failed)."""


@dataclass
class CallResult:
    tool: str
    ok: bool
    output: Any


def failure_of(module: ModuleType) -> Failure | None:
    """The catalog's own refusal predicate (its ``FAILURE``), or None when it declares none."""
    failure = getattr(module, "FAILURE", None)
    if failure is not None and not callable(failure):
        raise TypeError(f"{module.__name__}.FAILURE must be a predicate on a reply, not {type(failure).__name__}")
    return failure


def call_tool(fn: Callable[..., Any], args: dict[str, Any], state: Any, failure: Failure | None = None) -> CallResult:
    """Call one tool as PythonRuntime does: exception -> error; dict with an ``error`` key -> rejected;
    a reply for which ``failure`` (the catalog's ``FAILURE``) is true -> rejected."""
    kwargs = dict(args)
    if "state" in inspect.signature(fn).parameters:
        kwargs["state"] = state
    try:
        out = fn(**kwargs)
    except Exception as exc:  # noqa: BLE001 - a refusal by exception is a failure like any other
        return CallResult(fn.__name__, False, f"{type(exc).__name__}: {exc}")
    ok = not (isinstance(out, dict) and "error" in out)
    if ok and failure is not None and failure(out):
        ok = False
    return CallResult(fn.__name__, ok, out)


def _lookup(saved: dict[str, CallResult], ref: str) -> Any:
    name, *path = ref[1:].split(".")
    res = saved.get(name)
    if res is None or not res.ok:
        raise _Missing(ref)
    value = res.output
    for key in path:
        if isinstance(value, str):
            try:
                value = json.loads(value)
            except ValueError:
                raise _Missing(ref) from None
        try:
            value = value[int(key)] if isinstance(value, list) else value[key]
        except (KeyError, IndexError, ValueError, TypeError):
            raise _Missing(ref) from None
    return value


def _control(annotation: Any) -> Any:
    text = annotation if isinstance(annotation, str) else getattr(annotation, "__name__", str(annotation))
    text = text.replace("Optional[", "").strip()
    if text.startswith("int"):
        return CONTROL_INT
    if text.startswith("float"):
        return CONTROL_FLOAT
    return CONTROL_STR


def _resolve(value: Any, saved: dict[str, CallResult], annotation: Any) -> Any:
    if isinstance(value, str) and value.startswith("$"):
        try:
            return _lookup(saved, value)
        except _Missing:
            return _control(annotation)
    if isinstance(value, list):
        return [_resolve(v, saved, str) for v in value]
    if isinstance(value, dict):
        return {k: _resolve(v, saved, str) for k, v in value.items()}
    return value


def run_steps(tools: dict[str, Callable[..., Any]], state: Any, steps: Sequence[Step], *,
              drop: frozenset[str] = frozenset(), failure: Failure | None = None) -> list[CallResult]:
    """Run ``steps`` on ``state`` (mutated), skipping every call of a tool in ``drop``; ``failure`` is
    the catalog's ``FAILURE`` (see the module docstring)."""
    saved: dict[str, CallResult] = {}
    results = []
    for step in steps:
        tool, args = step[0], step[1]
        name = step[2] if len(step) > 2 else tool
        if tool in drop:
            continue
        fn = tools[tool]
        params = inspect.signature(fn).parameters
        resolved = {k: _resolve(v, saved, params[k].annotation if k in params else str) for k, v in args.items()}
        res = call_tool(fn, resolved, state, failure)
        saved[name] = res
        results.append(res)
    return results


def check_proof(module: ModuleType, provider: str, steps: Sequence[Step],
                state_factory: Callable[[], Any] | None = None) -> str | None:
    """None when the proof holds, else why not (one line)."""
    tools = {fn.__name__: fn for fn in module.TOOLS}
    factory = state_factory or module.State
    consumer = steps[-1][0]
    failure = failure_of(module)
    if not any(s[0] == provider for s in steps[:-1]):
        return f"{provider} is not called before {consumer}"
    full = run_steps(tools, factory(), steps, failure=failure)
    bad = [r for r in full if not r.ok]
    if bad:
        return f"with {provider}: {bad[0].tool} failed: {bad[0].output}"
    ablated = run_steps(tools, factory(), steps, drop=frozenset({provider}), failure=failure)
    last = ablated[-1]
    if last.tool != consumer:
        return f"{consumer} was dropped with {provider}"
    if last.ok:
        return f"without {provider}: {consumer} still succeeds ({str(last.output)[:120]})"
    return None


def proofs_for(entry: tuple[str, str, str], proofs: Sequence[tuple[str, str, Sequence[Step]]]) -> list[tuple[str, Sequence[Step]]]:
    """The proofs (provider, steps) that cover a ground-truth entry ``(providers, consumer, what)``."""
    providers, consumer = set(entry[0].split("|")), entry[1]
    return [(p, steps) for p, c, steps in proofs if c == consumer and p in providers]
