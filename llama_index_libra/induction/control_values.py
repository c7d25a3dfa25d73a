"""Counterfactual controls for input-provenance tests.

The control is a valid value for the input that differs from the provider's value: the
contract's own literal for that input when it has one that differs, else a format-preserving
change of the observed value (same type, length and character classes), else None (untestable).
A control that breaks the input's format would invent provenance; one equal to the provider's
value would hide it.
"""

from __future__ import annotations

from typing import Any, Iterable

from llama_index_libra.schemas.validate import safe_validator

__all__ = ["format_preserving_change", "make_control", "make_controls", "NO_CONTROL"]

NO_CONTROL = object()


def _rotate_char(ch: str, shift: int = 1) -> str:
    if ch.isdigit():
        return str((int(ch) + 5 * shift - (shift > 1)) % 10)
    if "a" <= ch <= "z":
        return chr((ord(ch) - 97 + 13 * shift - (shift > 1)) % 26 + 97)
    if "A" <= ch <= "Z":
        return chr((ord(ch) - 65 + 13 * shift - (shift > 1)) % 26 + 65)
    return ch


def format_preserving_change(value: Any, shift: int = 1) -> Any:
    """Same type, length and character classes, different content; NO_CONTROL when impossible.

    ``shift`` picks another change of the same kind (a second, independent control)."""
    _rotate = lambda c: _rotate_char(c, shift)  # noqa: E731
    if isinstance(value, bool):
        return not value if shift == 1 else NO_CONTROL
    if isinstance(value, int):
        digits = "".join(_rotate(c) for c in str(abs(value)))
        if len(digits) > 1 and digits[0] == "0":
            digits = "9" + digits[1:]
        changed = int(digits) * (-1 if value < 0 else 1)
        return changed if changed != value else NO_CONTROL
    if isinstance(value, float):
        text = repr(abs(value))
        if "e" in text or "inf" in text or "nan" in text:
            return NO_CONTROL
        changed = float("".join(_rotate(c) for c in text)) * (-1 if value < 0 else 1)
        return changed if changed != value else NO_CONTROL
    if isinstance(value, str):
        changed = "".join(_rotate(c) for c in value)
        return changed if changed != value else NO_CONTROL
    if isinstance(value, list) and value:
        items = [format_preserving_change(v, shift) for v in value]
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


def make_controls(value: Any, schema: Any, literals: Iterable[Any] = (), known: Iterable[str] = (), *, limit: int = 2) -> list[Any]:
    """Up to ``limit`` distinct controls for ``value``, none equal to a value known in the state.

    ``known`` holds the canonical JSON of every value observed in the state: a control equal to
    one of them (a name an earlier write took) would fail for that reason, not for lacking the
    provider's value. Order: the contract's literals, two format-preserving changes, enum options.
    """
    from llama_index_libra._io import canonical_json

    validator = safe_validator(schema if isinstance(schema, (dict, bool)) else {})
    taken = set(known) | {canonical_json(value)}
    out: list[Any] = []
    options = list(literals) + [format_preserving_change(value, 1), format_preserving_change(value, 2)]
    if isinstance(schema, dict) and isinstance(schema.get("enum"), list):
        options += list(schema["enum"])
    for option in options:
        if option is NO_CONTROL or option == value:
            continue
        key = canonical_json(option)
        if key in taken or not validator.is_valid(option):
            continue
        taken.add(key)
        out.append(option)
        if len(out) >= limit:
            break
    return out
