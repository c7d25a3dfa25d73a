"""Counterfactual controls for input-provenance tests.

The control is a valid value for the input that differs from the provider's value: the
contract's own literal for that input when it has one that differs, else a format-preserving
change of the observed value (same type, length and character classes), else None (untestable).
A control that breaks the input's format would invent provenance; one equal to the provider's
value would hide it.
"""

from __future__ import annotations

from typing import Any, Iterable

from llama_index_libra.contracts.safeschema import safe_validator

__all__ = ["format_preserving_change", "make_control", "NO_CONTROL"]

NO_CONTROL = object()


def _rotate_char(ch: str) -> str:
    if ch.isdigit():
        return str((int(ch) + 5) % 10)
    if "a" <= ch <= "z":
        return chr((ord(ch) - 97 + 13) % 26 + 97)
    if "A" <= ch <= "Z":
        return chr((ord(ch) - 65 + 13) % 26 + 65)
    return ch


def format_preserving_change(value: Any) -> Any:
    """Same type, length and character classes, different content; NO_CONTROL when impossible."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        digits = "".join(_rotate_char(c) for c in str(abs(value)))
        if len(digits) > 1 and digits[0] == "0":
            digits = "9" + digits[1:]
        changed = int(digits) * (-1 if value < 0 else 1)
        return changed if changed != value else NO_CONTROL
    if isinstance(value, float):
        text = repr(abs(value))
        if "e" in text or "inf" in text or "nan" in text:
            return NO_CONTROL
        changed = float("".join(_rotate_char(c) for c in text)) * (-1 if value < 0 else 1)
        return changed if changed != value else NO_CONTROL
    if isinstance(value, str):
        changed = "".join(_rotate_char(c) for c in value)
        return changed if changed != value else NO_CONTROL
    if isinstance(value, list) and value:
        items = [format_preserving_change(v) for v in value]
        return NO_CONTROL if any(i is NO_CONTROL for i in items) else items
    return NO_CONTROL


def make_control(value: Any, schema: Any, literals: Iterable[Any] = ()) -> Any:
    """A control value for an input whose provider value is ``value``; NO_CONTROL if none is valid."""
    validator = safe_validator(schema if isinstance(schema, (dict, bool)) else {})
    for literal in literals:
        if literal != value and validator.is_valid(literal):
            return literal
    changed = format_preserving_change(value)
    if changed is not NO_CONTROL and validator.is_valid(changed):
        return changed
    if isinstance(schema, dict) and isinstance(schema.get("enum"), list):
        for option in schema["enum"]:
            if option != value:
                return option
    return NO_CONTROL
