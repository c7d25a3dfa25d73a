"""JSON Schema validators that never leave the schema document and never backtrack without limit.

Schemas reach the package from catalogs, LLM replies and cached or planted files. ``jsonschema``'s
default validator resolves an unknown ``$ref`` by fetching it (``http://``, ``file://``: a
``file:///dev/zero`` reference reads until memory runs out) and matches ``pattern`` with ``re``.
:func:`safe_validator` builds a draft 2020-12 validator whose reference registry refuses every
retrieval (a reference outside the document is a validation error, never a fetch), whose
``pattern``/``patternProperties``/``additionalProperties`` matching runs under
:data:`~llama_index_libra.schemas.patterns.MATCH_TIMEOUT_S`, and whose reference cycles end in
an error instead of a ``RecursionError``.

Also here: the draft 2020-12 metaschema check (:func:`metaschema_problem` for one catalog schema,
:func:`schema_problems` for every problem of an embedded one), the one shared ``FormatChecker``,
and static checks of a schema document's references and patterns (:func:`outside_references`,
:func:`pattern_problems`).
"""

from __future__ import annotations

import functools
import json
from typing import Any, Iterator, Mapping

from jsonschema import Draft202012Validator, FormatChecker
from jsonschema import validators as _validators
from jsonschema.exceptions import ValidationError, _RefResolutionError
from referencing import Registry
from referencing.exceptions import NoSuchResource, Unresolvable

from llama_index_libra._io import canonical_json
from llama_index_libra.schemas import patterns

__all__ = [
    "safe_validator",
    "shared_validator",
    "LOCAL_ONLY_REGISTRY",
    "FORMAT_CHECKER",
    "outside_references",
    "pattern_problems",
    "metaschema_problem",
    "schema_problems",
    "error_key",
]

# One format checker for every validator that checks ``format`` (it holds no state between checks).
FORMAT_CHECKER = FormatChecker()


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


# validators by schema (canonical JSON) for the whole process: the engine validates values against the same
# few schemas in every state, and building a validator costs more than most of its checks; cleared when full
VALIDATORS_KEPT = 4096
_VALIDATORS: dict[str, Any] = {}


def shared_validator(schema: Any) -> Any:
    """:func:`safe_validator` of ``schema`` (no format checker), built once per process and schema: a
    validator holds no state between checks."""
    key = canonical_json(schema)
    validator = _VALIDATORS.get(key)
    if validator is None:
        if len(_VALIDATORS) >= VALIDATORS_KEPT:
            _VALIDATORS.clear()
        validator = _VALIDATORS[key] = safe_validator(schema)
    return validator


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


# --------------------------------------------------------------------------- the metaschema


@functools.lru_cache(maxsize=1)
def _meta_validator() -> Draft202012Validator:
    return Draft202012Validator(Draft202012Validator.META_SCHEMA)


@functools.lru_cache(maxsize=8192)
def metaschema_problem(schema_json: str) -> str | None:
    """The first reason the schema (as JSON text) is not valid JSON Schema draft 2020-12, or None.

    Cached by text: checking costs about a millisecond per tool, and catalogs are loaded repeatedly.
    """
    error = next(iter(_meta_validator().iter_errors(json.loads(schema_json))), None)
    if error is None:
        return None
    return f"{error.json_path[1:] or ''}: {error.message[:160]}"


def error_key(error: ValidationError) -> tuple[str, str]:
    """Sort key that lists validation errors in document order, then by message."""
    return (error.json_path, error.message)


def schema_problems(schema: Any, where: str) -> list[str]:
    """Lines describing why ``schema`` is not a valid draft 2020-12 JSON Schema (``where`` prefixes each)."""
    if isinstance(schema, bool):
        return []
    meta = Draft202012Validator(Draft202012Validator.META_SCHEMA)
    return [
        f"{where}{_suffix(e)}: not a valid JSON Schema draft 2020-12: {e.message}"
        for e in sorted(meta.iter_errors(schema), key=error_key)
    ]


def _suffix(error: ValidationError) -> str:
    return error.json_path[1:] if error.json_path != "$" else ""


def schema_type(schema: Any) -> str | None:
    """The JSON type a schema declares (or its enum values imply), else None."""
    if isinstance(schema, Mapping):
        t = schema.get("type")
        if isinstance(t, str):
            return t
        if isinstance(schema.get("enum"), list) and schema["enum"]:
            v = schema["enum"][0]
            return {bool: "boolean", int: "integer", float: "number", str: "string"}.get(type(v))
    return None
