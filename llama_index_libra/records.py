"""InvocationRecord: the normalized result of one tool call, shared by runtimes and contracts.

Every runtime maps its own failure conventions (exceptions, ``{"error": ...}`` dicts, ``False``
status flags, markdown replies) onto one ``status``; contract outcome schemas are written over
:meth:`InvocationRecord.to_json`, never over a raw response.
"""

from __future__ import annotations

import datetime as dt
import decimal
import enum
import json
import math
import pathlib
import uuid
from dataclasses import dataclass, field
from typing import Any, Literal

__all__ = ["Status", "Fault", "InvocationRecord", "INVOCATION_RECORD_SCHEMA", "to_jsonable", "storable_json",
           "UnstorableValue", "exception_message", "format_exception", "timeout_record", "crashed_record", "MESSAGE_CHARS"]

Status = Literal["success", "rejected", "error"]
STATUSES = ("success", "rejected", "error")
# Why an ``error`` record's call never returned normally: ``timeout`` (it ran past its limit and was
# interrupted or its process killed) or ``crashed`` (its process died: os._exit, a signal, a segfault).
Fault = Literal["timeout", "crashed"]
FAULTS = ("timeout", "crashed")

# The JSON Schema of the record that contract outcome schemas validate (Figure 4's
# ``invocation_record_schema``).
INVOCATION_RECORD_SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "InvocationRecord",
    "type": "object",
    "required": ["status", "arguments", "output", "state_changes"],
    "properties": {
        "status": {
            "enum": list(STATUSES),
            "description": "success: the call did what was asked; rejected: the tool refused the call "
            "(a reported error, a False status flag); error: the call raised, timed out or crashed.",
        },
        "arguments": {"type": "object", "description": "The keyword arguments the call received."},
        "output": {"description": "The tool's return value, as JSON."},
        "state_changes": {
            "type": "array",
            "description": "Leaves of the sandbox state the call changed: {path, before, after}.",
            "items": {
                "type": "object",
                "required": ["path"],
                "properties": {"path": {"type": "string"}, "before": {}, "after": {}},
            },
        },
    },
}


def to_jsonable(value: Any, *, _depth: int = 0) -> Any:
    """Convert a tool's return value into plain JSON; raises TypeError when it cannot.

    Tuples and sets become lists, non-finite floats become strings, dataclasses and objects with
    ``model_dump``/``to_dict`` are converted, an ``Enum`` member becomes its value, a ``Decimal`` a
    float, and days, times, UUIDs and paths the strings pydantic's JSON mode writes for them (ISO 8601
    for a day); anything else is unserializable.
    """
    if _depth > 64:
        raise TypeError("value nests deeper than 64 levels")
    kind = type(value)  # the plain JSON types first, by exact type (an Enum subclasses str or int)
    if kind is str or kind is int or kind is bool or value is None:
        return value
    if kind is dict:
        return {str(k): to_jsonable(v, _depth=_depth + 1) for k, v in value.items()}
    if kind is list:
        return [to_jsonable(v, _depth=_depth + 1) for v in value]
    if kind is float:
        return value if math.isfinite(value) else repr(value)
    if isinstance(value, enum.Enum):  # first: a str or int Enum is a str or int whose str() is "Kind.NAME"
        return to_jsonable(value.value, _depth=_depth + 1)
    if value is None or isinstance(value, (bool, int, str)):
        return value
    if isinstance(value, float):
        return value if math.isfinite(value) else repr(value)
    if isinstance(value, dict):
        return {str(k): to_jsonable(v, _depth=_depth + 1) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [to_jsonable(v, _depth=_depth + 1) for v in value]
    if isinstance(value, (set, frozenset)):
        items = [to_jsonable(v, _depth=_depth + 1) for v in value]
        return sorted(items, key=lambda x: json.dumps(x, sort_keys=True))
    for attr in ("model_dump", "to_dict"):
        fn = getattr(value, attr, None)
        if callable(fn):
            return to_jsonable(fn(), _depth=_depth + 1)
    if hasattr(value, "__dataclass_fields__") and not isinstance(value, type):
        import dataclasses

        # field by field, as dataclasses.asdict then this would give, without asdict's deep copy of
        # every leaf (a sandbox state is viewed twice per induction call)
        return {f.name: to_jsonable(getattr(value, f.name), _depth=_depth + 2) for f in dataclasses.fields(value)}
    if isinstance(value, (dt.date, dt.time)):  # (a datetime is a date)
        return value.isoformat()
    if isinstance(value, decimal.Decimal):  # a number stays a number (a price, a square root)
        return float(value) if value.is_finite() else str(value)
    if isinstance(value, (uuid.UUID, pathlib.PurePath)):
        return str(value)
    try:  # numpy scalars and arrays
        import numpy as np

        if isinstance(value, np.generic):
            return to_jsonable(value.item(), _depth=_depth + 1)
        if isinstance(value, np.ndarray):
            return to_jsonable(value.tolist(), _depth=_depth + 1)
    except ImportError:  # pragma: no cover
        pass
    raise TypeError(f"unserializable value of type {type(value).__name__}")


class UnstorableValue(ValueError):
    """A JSON value that no library or run-log file can hold (an integer past Python's 4,300-digit
    string limit, nesting too deep to write)."""


def _repair_text(text: str) -> str:
    """``text`` with lone surrogates replaced by U+FFFD (a surrogate pair becomes its character)."""
    return text.encode("utf-16", "surrogatepass").decode("utf-16", "replace")


def _repair(value: Any) -> Any:
    if isinstance(value, str):
        return _repair_text(value)
    if isinstance(value, dict):
        return {_repair_text(k) if isinstance(k, str) else k: _repair(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_repair(v) for v in value]
    return value


def storable_json(value: Any) -> Any:
    """``value`` (plain JSON) as the package's UTF-8 files can store it; raises :class:`UnstorableValue`.

    The one gate every record passes before it reaches evidence, the run log or a library file: a
    lone surrogate (a file name read with ``surrogateescape``, a cut UTF-16 string) would make the
    file unwritable after the whole build, so strings are repaired (U+FFFD); a value that cannot be
    written at all is refused here, where it becomes that call's recorded error. One C-speed dump
    checks the common, clean case.
    """
    try:
        json.dumps(value, ensure_ascii=False, allow_nan=False).encode("utf-8")
        return value
    except UnicodeEncodeError:
        pass
    except RecursionError:
        raise UnstorableValue("value nests too deeply to be written") from None
    except ValueError as exc:  # an int over sys.get_int_max_str_digits(), a non-finite float
        raise UnstorableValue(str(exc).split(";")[0]) from None
    except TypeError as exc:
        raise UnstorableValue(f"not JSON: {exc}") from None
    repaired = _repair(value)
    return storable_json(repaired)


@dataclass
class InvocationRecord:
    """One call's normalized outcome.

    ``message`` explains a rejected or error status in a line (the exception, the tool's error
    text); ``fault`` says why an ``error`` call never returned (``timeout``, ``crashed``), None
    otherwise; ``duration_s`` is run-dependent and never enters a library file.
    """

    tool: str
    status: Status
    arguments: dict[str, Any]
    output: Any = None
    state_changes: list[dict[str, Any]] = field(default_factory=list)
    message: str | None = None
    duration_s: float = 0.0
    fault: Fault | None = None

    @property
    def ok(self) -> bool:
        """Whether the call succeeded (status ``success``)."""
        return self.status == "success"

    @property
    def changed_state(self) -> bool:
        """Whether the call changed the sandbox state (any ``state_changes``)."""
        return bool(self.state_changes)

    def to_json(self) -> dict[str, Any]:
        """The record that contract outcome schemas and exports are evaluated on."""
        return {
            "status": self.status,
            "arguments": self.arguments,
            "output": self.output,
            "state_changes": self.state_changes,
        }

    def to_evidence(self) -> dict[str, Any]:
        """Deterministic evidence form (no timings) for library files."""
        out = {"tool": self.tool, **self.to_json()}
        if self.message:
            out["message"] = self.message
        if self.fault:
            out["fault"] = self.fault
        return out


# --------------------------------------------------------------------------- records of calls that failed


MESSAGE_CHARS = 2000  # a record's message is one explanation, not a dump: longer ones are cut


def exception_message(exc: BaseException) -> str:
    """``str(exc)``, or a placeholder when the tool's own ``__str__`` raises or returns a non-string."""
    try:
        text = str(exc)
    except KeyboardInterrupt:
        raise
    except BaseException:  # noqa: BLE001 - a hostile __str__ must not crash the build
        return "<message unavailable: its __str__ raised>"
    if len(text) > MESSAGE_CHARS:
        text = text[:MESSAGE_CHARS] + "...[truncated]"
    return storable_json(text)


def format_exception(exc: BaseException) -> str:
    """``"ExceptionType: message"`` (just the type when the message is empty).

    Never raises: a ``__str__`` that raises gives a placeholder, lone surrogates are repaired and
    the message is cut at ``MESSAGE_CHARS``."""
    name = type(exc).__name__
    text = exception_message(exc)
    return f"{name}: {text}" if text else name


def timeout_record(tool: str, arguments: dict[str, Any], limit: float, duration_s: float = 0.0) -> InvocationRecord:
    """The record of a call that did not return within ``limit`` seconds, however it was stopped
    (an in-process alarm or the supervisor killing its process): both give the same bytes."""
    return InvocationRecord(
        tool=tool, status="error", arguments=arguments, output=None, state_changes=[],
        message=f"timeout: the call did not return within {limit:g} s; its state was abandoned "
        "mid-call and must be discarded",
        duration_s=duration_s, fault="timeout",
    )


def crashed_record(tool: str, arguments: dict[str, Any], how: str, duration_s: float = 0.0) -> InvocationRecord:
    """The record of a call whose process died before it answered."""
    return InvocationRecord(
        tool=tool, status="error", arguments=arguments, output=None, state_changes=[],
        message=f"crashed: the call ended its process ({how}); its state was discarded",
        duration_s=duration_s, fault="crashed",
    )
