"""The common ways a back end refuses a call without raising, read from its JSON reply.

A tool that raises is a failure everywhere. Many back ends instead *return* their refusal, and
induction must see it as one, or a refused call passes for a success and every test built on it
lies. :func:`refusal` recognises the conventions seen in public tool suites and service code:

* a dict with an ``error`` key (``{"error": "no such order"}``); a null, false or empty ``error``
  is no refusal (``{"error": null, "result": ...}``);
* a dict that says it failed: ``success`` or ``ok`` false (``{"success": false, "message": ...}``),
  or ``status`` ``"error"``/``"failed"``/``"failure"``/``"fail"`` (any case);
* JSend's ``{"status": "fail", "data": {"hive_id": "no colony UI-5986"}}`` reads as ``fail: hive_id:
  no colony UI-5986``: the texts ``data`` gives, each after the input it refuses;
* a refusal whose ``error`` is only a code (``{"ok": false, "error": "waiver_current", "detail": "Mr
  Wylde already has waiver WV-3311"}``, OAuth's ``error`` and ``error_description``) reads as the code
  and the text a sibling key gives (``waiver_current: Mr Wylde already ...``): the text names the
  values and the rule that the code alone hides;
* a string that starts with ``Error:`` (any case; also ``Failed:``, ``Failure:``, ``Exception:``);
* JSON text holding such a dict, and a list whose only item is a refusal (``["Error: ..."]``).

Anything else is an answer: ``False``, ``[]``, ``"not found"`` as data, ``{"canDrive": false}``.
A runtime whose tools refuse some other way passes its own predicate (``PythonRuntime(failure=...)``),
checked before these conventions.
"""

from __future__ import annotations

import json
import re
from typing import Any, Callable

from llama_index_libra._io import canonical_json

__all__ = ["refusal", "predicate_refusal", "FailurePredicate"]

# A predicate on a tool's JSON reply: true (or a message) when the reply is a refusal.
FailurePredicate = Callable[[Any], Any]

_ERROR_PREFIX = re.compile(r"\s*(?:error|failed|failure|exception)\s*:", re.IGNORECASE)
_FAILED_STATUS = frozenset({"error", "failed", "failure", "fail"})
_MESSAGE_KEYS = ("error", "message", "detail", "reason", "msg", "status")
# the keys beside a code-like ``error`` that hold what a person reads (Slack-style ``detail``, OAuth's
# ``error_description``), and what a code looks like: one token, no spaces
_DETAIL_KEYS = ("message", "detail", "details", "error_description", "description", "reason", "msg")
_CODE = re.compile(r"[A-Za-z][\w.:/-]{0,63}")


def _text(value: Any) -> str:
    return value if isinstance(value, str) else canonical_json(value)


def _detailed(code: str, output: dict) -> str:
    """A code-like error (``waiver_current``) with the first human text a sibling key gives, else as it is."""
    if not _CODE.fullmatch(code):
        return code
    for key in _DETAIL_KEYS:
        value = output.get(key)
        if isinstance(value, str) and value.strip() and value.strip() != code:
            return f"{code}: {value.strip()}"
    # JSend's ``fail`` says why in ``data``, a text or one text per input it refuses
    data = output.get("data")
    if isinstance(data, str) and data.strip():
        return f"{code}: {data.strip()}"
    if isinstance(data, dict):
        said = [f"{key}: {value.strip()}" for key, value in data.items() if isinstance(value, str) and value.strip()]
        if said:
            return f"{code}: {'; '.join(said)}"
    return code


def _dict_refusal(output: dict) -> str | None:
    if "error" in output and output["error"] not in (None, False, "", [], {}):
        error = output["error"]
        return _detailed(error, output) if isinstance(error, str) else _text(error)
    status = output.get("status")
    failed = (output.get("success") is False or output.get("ok") is False
              or (isinstance(status, str) and status.strip().lower() in _FAILED_STATUS))
    if not failed:
        return None
    for key in _MESSAGE_KEYS:
        value = output.get(key)
        if value not in (None, False, "", [], {}):
            return _detailed(value, output) if key == "status" and isinstance(value, str) else _text(value)
    return "failed"


def refusal(output: Any, depth: int = 0) -> str | None:
    """The refusal message when ``output`` (a tool's JSON reply) is a refusal by a common
    convention (see the module docstring), else None."""
    if isinstance(output, dict):
        return _dict_refusal(output)
    if isinstance(output, str):
        if _ERROR_PREFIX.match(output):
            return output.strip()
        if depth == 0 and output[:1] == "{" and len(output) < 100_000:
            try:
                parsed = json.loads(output)
            except ValueError:
                return None
            return _dict_refusal(parsed) if isinstance(parsed, dict) else None
        return None
    if isinstance(output, list) and len(output) == 1 and depth == 0:
        return refusal(output[0], depth + 1)
    return None


def predicate_refusal(predicate: FailurePredicate | None, output: Any) -> str | None:
    """What a user's failure predicate says of ``output``: its message (a string it returned, else
    the reply's text), or None when it does not call the reply a refusal."""
    if predicate is None:
        return None
    verdict = predicate(output)
    if not verdict:
        return None
    if isinstance(verdict, str):
        return verdict
    return output if isinstance(output, str) else _text(output)
