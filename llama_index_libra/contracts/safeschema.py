"""JSON Schema validators that never leave the schema document and never backtrack without limit.

Schemas reach the package from catalogs, LLM replies and cached or planted files. ``jsonschema``'s
default validator resolves an unknown ``$ref`` by fetching it (``http://``, ``file://``: a
``file:///dev/zero`` reference reads until memory runs out) and matches ``pattern`` with ``re``.
:func:`safe_validator` builds a draft 2020-12 validator whose reference registry refuses every
retrieval (a reference outside the document is a validation error, never a fetch), whose
``pattern``/``patternProperties``/``additionalProperties`` matching runs under
:data:`~llama_index_libra.contracts.patterns.MATCH_TIMEOUT_S`, and whose reference cycles end in
an error instead of a ``RecursionError``.
"""

from __future__ import annotations

from typing import Any, Iterator, Mapping

from jsonschema import Draft202012Validator, FormatChecker
from jsonschema import validators as _validators
from jsonschema.exceptions import ValidationError, _RefResolutionError
from referencing import Registry
from referencing.exceptions import NoSuchResource, Unresolvable

from llama_index_libra.contracts import patterns

__all__ = ["safe_validator", "LOCAL_ONLY_REGISTRY", "outside_references", "pattern_problems"]


def _refuse(uri: str) -> Any:
    """Registry retrieval hook: nothing outside the schema document is ever fetched or read."""
    raise NoSuchResource(ref=uri)


LOCAL_ONLY_REGISTRY: Registry = Registry(retrieve=_refuse)  # type: ignore[call-arg]
_REF_KEYS = ("$ref", "$dynamicRef")


def _bounded_ref(validator: Any, ref: str, instance: Any, schema: Any) -> Iterator[ValidationError]:
    try:
        errors = list(validator._validate_reference(ref=ref, instance=instance))
    except (Unresolvable, _RefResolutionError):
        yield ValidationError(
            f"reference {ref!r} does not resolve inside this schema document (outside references are never fetched)"
        )
        return
    except RecursionError:
        yield ValidationError(f"reference {ref!r} recurses without consuming the instance")
        return
    yield from errors


def _pattern(validator: Any, pattern: Any, instance: Any, schema: Any) -> Iterator[ValidationError]:
    if not validator.is_type(instance, "string") or not isinstance(pattern, str):
        return
    try:
        matched = patterns.search(pattern, instance)
    except patterns.PatternError as exc:
        yield ValidationError(f"{exc}; the value counts as not matching")
        return
    if not matched:
        yield ValidationError(f"{instance!r} does not match {pattern!r}")


def _key_matches(pattern: str, key: str) -> bool:
    try:
        return patterns.search(pattern, key)
    except patterns.PatternError:
        return False


def _pattern_properties(validator: Any, pattern_props: Any, instance: Any, schema: Any) -> Iterator[ValidationError]:
    if not validator.is_type(instance, "object") or not isinstance(pattern_props, Mapping):
        return
    for pattern, subschema in pattern_props.items():
        for key, value in instance.items():
            if _key_matches(pattern, key):
                yield from validator.descend(value, subschema, path=key, schema_path=pattern)


def _additional_properties(validator: Any, ap: Any, instance: Any, schema: Any) -> Iterator[ValidationError]:
    if not validator.is_type(instance, "object"):
        return
    props = schema.get("properties") or {}
    pattern_props = schema.get("patternProperties") or {}
    extras = [
        k for k in instance
        if k not in props and not any(_key_matches(p, k) for p in pattern_props)
    ]
    if validator.is_type(ap, "object"):
        for extra in extras:
            yield from validator.descend(instance[extra], ap, path=extra)
    elif ap is False and extras:
        shown = ", ".join(repr(e) for e in sorted(extras, key=str))
        yield ValidationError(f"Additional properties are not allowed ({shown} unexpected)")


_SafeDraft202012 = _validators.extend(
    Draft202012Validator,
    validators={
        "$ref": _bounded_ref,
        "$dynamicRef": _bounded_ref,
        "pattern": _pattern,
        "patternProperties": _pattern_properties,
        "additionalProperties": _additional_properties,
    },
)


def safe_validator(schema: Any, *, format_checker: FormatChecker | None = None) -> Any:
    """A draft 2020-12 validator for ``schema``: local references only, time-bounded patterns."""
    return _SafeDraft202012(schema, registry=LOCAL_ONLY_REGISTRY, format_checker=format_checker)


def _walk(node: Any, where: str, depth: int = 0) -> Iterator[tuple[str, Any, Any]]:
    """(json path, key, value) of every object member under ``node`` (iteratively bounded)."""
    stack = [(node, where)]
    while stack:
        current, path = stack.pop()
        if isinstance(current, Mapping):
            for key, value in current.items():
                sub = f"{path}.{key}"
                yield sub, key, value
                stack.append((value, sub))
        elif isinstance(current, list):
            for i, value in enumerate(current):
                stack.append((value, f"{path}[{i}]"))


def outside_references(schema: Any, where: str, *, scope: str = "the contract") -> list[str]:
    """Problems for every ``$ref``/``$dynamicRef`` that is not a same-document reference (``#...``)."""
    return [
        f"{path}: reference {value!r} points outside {scope}; only same-document references ('#/$defs/...') are allowed and nothing is fetched"
        for path, key, value in _walk(schema, where)
        if key in _REF_KEYS and isinstance(value, str) and not value.startswith("#")
    ]


def pattern_problems(schema: Any, where: str) -> list[str]:
    """Problems for every ``pattern`` / ``patternProperties`` key that :func:`patterns.pattern_problem` refuses."""
    out: list[str] = []
    for path, key, value in _walk(schema, where):
        if key == "pattern" and isinstance(value, str):
            reason = patterns.pattern_problem(value)
            if reason:
                out.append(f"{path}: {reason}")
        elif key == "patternProperties" and isinstance(value, Mapping):
            for pattern in value:
                reason = patterns.pattern_problem(pattern)
                if reason:
                    out.append(f"{path}: {reason}")
    return sorted(set(out))
