"""The calls that admitted a relation, as `libra show --evidence` prints them: one readable line per call.

Evidence is stored as JSON in the library (see the relation kinds in ``docs/induction.md``); this renders
the parts a reader checks (the value and where it came from, the call that succeeded with it, the
control that failed, the consumer before and after the provider's state change, the path a transitive
relation dropped a call from) and clips long values, never a line in the middle of its JSON.
"""

from __future__ import annotations

import json
from typing import Any, Mapping

__all__ = ["evidence_lines"]

_VALUE_CHARS = 40  # one argument value or output shown at most this long
_LINE_CHARS = 160


def _clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _json(value: Any, limit: int = _VALUE_CHARS) -> str:
    return _clip(json.dumps(value, ensure_ascii=False, sort_keys=True, default=str), limit)


def _call(call: Any) -> str:
    if not isinstance(call, Mapping):
        return _json(call)
    args = call.get("arguments")
    inner = ", ".join(f"{k}={_json(v)}" for k, v in args.items()) if isinstance(args, Mapping) else ""
    return f"{call.get('tool', '?')}({inner})"


def _outcome(record: Any) -> str:
    """``-> success {output}`` or ``-> rejected: message``."""
    if not isinstance(record, Mapping):
        return ""
    status = str(record.get("status", "?"))
    if status == "success":
        return f" -> success {_json(record.get('output'), 60)}"
    message = record.get("message") or record.get("output")
    return f" -> {status}: {_clip(str(message), 80)}" if message is not None else f" -> {status}"


def _recorded_call(record: Any, call: Any = None) -> str:
    return _call(call if call is not None else record) + _outcome(record)


def evidence_lines(evidence: Mapping[str, Any]) -> list[str]:
    """Readable lines for a relation's evidence (any kind; unknown parts as clipped JSON)."""
    ev = dict(evidence)
    out: list[str] = []
    value = ev.pop("provider_value", None)
    if isinstance(value, Mapping):
        made = " (created by that call)" if value.get("created") else ""
        out.append(f"value {_json(value.get('value'))} from {value.get('tool', '?')} at {value.get('path', '?')}{made}")
    if ev.pop("refused_further", None):
        out.append("refused with it and with a control, but further on with it: it passed the lookup the control failed")
    if "record" in ev or "call" in ev:
        out.append("with it: " + _recorded_call(ev.pop("record", None), ev.pop("call", None)))
    control = ev.pop("control", None)
    failed = ev.pop("controls_failed", None)
    if isinstance(control, Mapping):
        tail = f" ({failed} controls failed)" if failed is not None else ""
        out.append("control: " + _recorded_call(control.get("record"), control.get("call")) + tail)
    provider_call = ev.pop("provider_call", None)
    consumer_call = ev.pop("consumer_call", None)
    if "before" in ev:
        out.append("before: " + _recorded_call(ev.pop("before"), consumer_call))
    if "after" in ev:
        after = f"after {_call(provider_call)}: " if provider_call is not None else "after: "
        out.append(after + _recorded_call(ev.pop("after"), consumer_call))
    elif provider_call is not None:
        out.append(f"provider call: {_call(provider_call)}")
    fresh = ev.pop("fresh_inputs", None)
    if fresh:
        out.append(f"inputs bound to values that exist only after the change: {', '.join(map(str, fresh))}")
    path = ev.pop("state", None)
    if isinstance(path, list):
        dropped = ev.pop("dropped", None)
        steps = [_call(c) + (" [dropped]" if i == dropped else "") for i, c in enumerate(path)]
        out.append(("path: " if dropped is not None else "in the state reached by: ") + (" -> ".join(steps) or "(the fresh state)"))
    if "with" in ev:
        out.append("with the whole path: " + _recorded_call(ev.pop("with"), consumer_call))
    if "without" in ev:
        out.append("without the dropped call: " + _recorded_call(ev.pop("without"), consumer_call))
    elif consumer_call is not None and "before" not in evidence:
        out.append(f"consumer call: {_call(consumer_call)}")
    cascade = ev.pop("cascade", None)
    if isinstance(cascade, Mapping):
        out.append("which first breaks: " + _recorded_call(cascade.get("record"), cascade.get("call")))
    out.extend(f"{key}: {_json(val, 100)}" for key, val in sorted(ev.items()))
    return [_clip(line, _LINE_CHARS) for line in out]
