"""The pieces a ``tool_call_contract_v2`` is made of: argument specs, call templates, exports, the
values an export extracts, the default outcome schemas, and the small helpers every contract module uses."""

from __future__ import annotations

import copy
import re
from dataclasses import dataclass, field
from typing import Any, Literal, Mapping

from jsonschema import Draft202012Validator

from llama_index_libra.schemas.validate import FORMAT_CHECKER, safe_validator

__all__ = [
    "CONTRACT_VERSION",
    "DEFAULT_SUCCESS_SCHEMA",
    "DEFAULT_FAILURE_SCHEMA",
    "ArgumentKind",
    "Outcome",
    "ExportOrigin",
    "ArgumentSpec",
    "CallTemplate",
    "Export",
    "ExportedValue",
    "compile_schema",
    "json_type",
    "name_tokens",
    "SCALAR_TYPES",
]

CONTRACT_VERSION = "tool_call_contract_v2"
ArgumentKind = Literal["literal", "observation", "omit"]
Outcome = Literal["success", "failure"]
ExportOrigin = Literal["declared", "argument", "response"]

DEFAULT_SUCCESS_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {"status": {"const": "success"}},
    "required": ["status"],
}
DEFAULT_FAILURE_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {"status": {"enum": ["rejected", "error"]}},
    "required": ["status"],
}

SCALAR_TYPES = ("string", "number", "integer", "boolean")


def name_tokens(name: str) -> list[str]:
    """Lowercase word tokens of an identifier: ``remainingUnlockedDoors`` -> remaining, unlocked, doors."""
    spaced = re.sub(r"([a-z0-9])([A-Z])", r"\1 \2", name)
    spaced = re.sub(r"([A-Z]+)([A-Z][a-z])", r"\1 \2", spaced)
    return [t for t in re.split(r"[^A-Za-z0-9]+", spaced.lower()) if t]


def json_type(schema: Any) -> str | None:
    """The JSON type a schema node declares (a nullable type unwrapped), or None."""
    if isinstance(schema, Mapping):
        t = schema.get("type")
        if isinstance(t, str):
            return t
        if isinstance(t, list):
            non_null = [x for x in t if x != "null"]
            return non_null[0] if len(non_null) == 1 else None
    return None


def compile_schema(schema: Any) -> Draft202012Validator:
    """A validator that resolves only same-document references and bounds every pattern match."""
    return safe_validator(schema, format_checker=FORMAT_CHECKER)


@dataclass(frozen=True)
class ArgumentSpec:
    """How a template fills one parameter: a frozen ``literal``, an ``observation`` or ``omit``."""

    kind: ArgumentKind
    value: Any = None
    schema: dict[str, Any] | bool | None = None

    @classmethod
    def lit(cls, value: Any) -> "ArgumentSpec":
        return cls("literal", value=value)

    @classmethod
    def obs(cls, schema: dict[str, Any] | bool | None = None) -> "ArgumentSpec":
        return cls("observation", schema=schema)

    @classmethod
    def omitted(cls) -> "ArgumentSpec":
        return cls("omit")

    def to_json(self) -> dict[str, Any]:
        if self.kind == "literal":
            return {"kind": "literal", "value": copy.deepcopy(self.value)}
        if self.kind == "observation":
            out: dict[str, Any] = {"kind": "observation"}
            if self.schema is not None:
                out["schema"] = copy.deepcopy(self.schema)
            return out
        return {"kind": "omit"}

    @classmethod
    def from_json(cls, obj: Mapping[str, Any]) -> "ArgumentSpec":
        return cls(obj["kind"], value=copy.deepcopy(obj.get("value")), schema=copy.deepcopy(obj.get("schema")))


@dataclass(frozen=True)
class CallTemplate:
    """One candidate call: argument specs keyed by public parameter name, and the expected outcome."""

    id: str
    expected: Outcome
    arguments: dict[str, ArgumentSpec]

    def names(self, kind: ArgumentKind) -> list[str]:
        """Parameter names filled with ``kind``, in template order."""
        return [name for name, arg in self.arguments.items() if arg.kind == kind]

    @property
    def observations(self) -> list[str]:
        return self.names("observation")

    @property
    def literals(self) -> dict[str, Any]:
        return {name: arg.value for name, arg in self.arguments.items() if arg.kind == "literal"}

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "expected": self.expected,
            "arguments": {name: arg.to_json() for name, arg in self.arguments.items()},
        }

    @classmethod
    def from_json(cls, obj: Mapping[str, Any]) -> "CallTemplate":
        args = {str(k): ArgumentSpec.from_json(v) for k, v in (obj.get("arguments") or {}).items()}
        return cls(id=obj["id"], expected=obj["expected"], arguments=args)


@dataclass(frozen=True)
class Export:
    """A named JSONPath selection over the invocation record whose values later calls may reuse.

    ``origin`` says who declared it: the proposer/LLM (``declared``) or the mechanical pass over the
    public arguments (``argument``) or response (``response``).
    """

    name: str
    path: str
    schema: dict[str, Any] | bool = field(default_factory=dict)
    propagate: bool = True
    origin: ExportOrigin = "declared"

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "path": self.path,
            "schema": copy.deepcopy(self.schema),
            "propagate": self.propagate,
            "origin": self.origin,
        }

    @classmethod
    def from_json(cls, obj: Mapping[str, Any]) -> "Export":
        return cls(
            name=obj["name"],
            path=obj["path"],
            schema=copy.deepcopy(obj["schema"]),
            propagate=bool(obj["propagate"]),
            origin=obj.get("origin", "declared"),
        )


@dataclass(frozen=True)
class ExportedValue:
    """One concrete value extracted by an export, with its concrete path (``$.output.items[2].id``)."""

    export_name: str
    path: str
    value: Any
    schema: dict[str, Any] | bool
    propagate: bool

    def to_json(self) -> dict[str, Any]:
        return {
            "export_name": self.export_name,
            "path": self.path,
            "value": copy.deepcopy(self.value),
            "schema": copy.deepcopy(self.schema),
            "propagate": self.propagate,
        }
