"""Executable call contracts (``tool_call_contract_v2``): data model, validation, outcome and exports.

A contract describes one tool: candidate call templates whose arguments are ``literal`` values,
``observation``s of runtime values or ``omit``ted, named JSONPath exports over the normalized
:class:`~llama_index_libra.records.InvocationRecord`, and success/failure outcome schemas (JSON Schema
draft 2020-12) over that record. The JSON form is validated with ``jsonschema`` against the shipped
``tool_call_contract_v2.schema.json`` and, given the tool's :class:`~llama_index_libra.catalog.ToolSpec`,
against its public parameters. Every problem is reported as one readable line (path + what is wrong),
because the message is fed back to an LLM when it writes the contract.

``Contract.classify`` and ``Contract.extract`` run once per executed call during induction, so their
validators and compiled JSONPath expressions are built once per contract and cached.
"""

from __future__ import annotations

import copy
import difflib
import functools
import json
import re
from dataclasses import dataclass, field, replace
from importlib import resources
from typing import Any, Iterable, Literal, Mapping, Sequence

from jsonschema import Draft202012Validator
from jsonpath_ng import JSONPath, parse as _jsonpath_parse
from jsonpath_ng.jsonpath import Child, Fields, Index, Root, Slice, Wildcard

from llama_index_libra.catalog import ToolSpec
from llama_index_libra.schemas.normalize import strip_annotations
from llama_index_libra.schemas.validate import (
    FORMAT_CHECKER,
    error_key,
    outside_references,
    pattern_problems,
    safe_validator,
    schema_problems,
)
from llama_index_libra.records import InvocationRecord

__all__ = [
    "CONTRACT_VERSION",
    "CONTRACT_SCHEMA",
    "DEFAULT_SUCCESS_SCHEMA",
    "DEFAULT_FAILURE_SCHEMA",
    "ArgumentKind",
    "Outcome",
    "ContractValidationError",
    "ExportPathError",
    "ArgumentSpec",
    "CallTemplate",
    "Export",
    "ExportedValue",
    "Contract",
    "mechanical_exports",
    "validate_contract_json",
    "export_propagates",
    "name_tokens",
    "strip_annotations",
]

CONTRACT_VERSION = "tool_call_contract_v2"
ArgumentKind = Literal["literal", "observation", "omit"]
Outcome = Literal["success", "failure"]
ExportOrigin = Literal["declared", "argument", "response"]

CONTRACT_SCHEMA: dict[str, Any] = json.loads(
    resources.files(__package__).joinpath("tool_call_contract_v2.schema.json").read_text(encoding="utf-8")
)
Draft202012Validator.check_schema(CONTRACT_SCHEMA)
_CONTRACT_VALIDATOR = Draft202012Validator(CONTRACT_SCHEMA)

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

_EXPORT_ROOTS = ("arguments", "output", "state_changes")
_EXPORT_ROOT_RE = re.compile(r"^\$\.(arguments|output|state_changes)(?:[.\[].*)?$", re.DOTALL)
_IDENTIFIER_RE = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
_SCALAR_TYPES = ("string", "number", "integer", "boolean")


class ContractValidationError(ValueError):
    """A contract that violates the contract schema or the tool's public interface.

    ``problems`` holds one readable line per problem; ``str(error)`` lists them all.
    """

    def __init__(self, problems: Sequence[str], *, tool: str | None = None) -> None:
        self.problems: list[str] = list(problems)
        self.tool = tool
        head = f"invalid {CONTRACT_VERSION}" + (f" for {tool}" if tool else "")
        super().__init__(head + f" ({len(self.problems)} problem(s)):\n" + "\n".join(f"- {p}" for p in self.problems))


# --------------------------------------------------------------------------- helpers


def name_tokens(name: str) -> list[str]:
    """Lowercase word tokens of an identifier: ``remainingUnlockedDoors`` -> remaining, unlocked, doors."""
    spaced = re.sub(r"([a-z0-9])([A-Z])", r"\1 \2", name)
    spaced = re.sub(r"([A-Z]+)([A-Z][a-z])", r"\1 \2", spaced)
    return [t for t in re.split(r"[^A-Za-z0-9]+", spaced.lower()) if t]


# Export paths select fields: one name or index per step, ``*`` / slices for elements. Unions,
# filters, ``this`` and multi-name steps are refused (each multiplies the matches: a 296-character
# ``(`this`|`this`)`` chain yields 262,145), and so are over-long paths and too many wildcards.
MAX_PATH_CHARS = 256
MAX_PATH_WILDCARDS = 4
# Most values one export takes from one record (further matches are dropped).
MAX_EXPORT_MATCHES = 256


class ExportPathError(ValueError):
    """An export path outside the accepted JSONPath subset (see :data:`MAX_PATH_CHARS`)."""


def _path_steps(node: Any) -> list[Any]:
    """The steps of a parsed path, or raise ExportPathError for a construct outside the subset."""
    steps: list[Any] = []
    stack = [node]
    while stack:
        current = stack.pop()
        if isinstance(current, Child):
            stack.append(current.right)
            stack.append(current.left)
        elif isinstance(current, Root):
            continue
        elif isinstance(current, Fields):
            if len(current.fields) != 1:
                raise ExportPathError("select one field per step (no multi-name steps)")
            steps.append(current)
        elif isinstance(current, Index):
            if len(getattr(current, "indices", None) or (current.index,)) != 1:
                raise ExportPathError("select one index per step (no multi-index steps)")
            steps.append(current)
        elif isinstance(current, (Wildcard, Slice)):
            steps.append(current)
        else:
            raise ExportPathError(f"{type(current).__name__.lstrip('_')} steps are not allowed; use plain .field, [n] and [*] steps")
    return steps


@functools.lru_cache(maxsize=4096)
def _compiled_path(path: str) -> JSONPath:
    """Parse a JSONPath once per process (parsing costs far more than evaluating); raises
    ExportPathError for a path outside the accepted subset."""
    if len(path) > MAX_PATH_CHARS:
        raise ExportPathError(f"is {len(path)} characters long; keep export paths under {MAX_PATH_CHARS}")
    try:
        parsed = _jsonpath_parse(path)
    except RecursionError:
        raise ExportPathError("nests too deeply") from None
    steps = _path_steps(parsed)
    wild = sum(isinstance(s, (Wildcard, Slice)) or (isinstance(s, Fields) and s.fields[0] == "*") for s in steps)
    if wild > MAX_PATH_WILDCARDS:
        raise ExportPathError(f"has {wild} wildcard steps; at most {MAX_PATH_WILDCARDS} are allowed")
    return parsed


def _path_problem(path: str) -> str | None:
    """Why ``path`` is not an acceptable export path, or None."""
    if ".." in path:
        return "recursive descent '..' is not allowed (rule 31: no catch-all exports); select one explicit field"
    if not _EXPORT_ROOT_RE.match(path):
        return "must start with $.arguments, $.output or $.state_changes"
    try:
        _compiled_path(path)
    except ExportPathError as exc:
        return str(exc)
    except Exception as exc:  # jsonpath-ng raises bare Exception/JsonPathLexerError on bad syntax
        return f"is not a parseable JSONPath ({str(exc).splitlines()[0] if str(exc) else type(exc).__name__})"
    return None


_RESERVED_FIELDS = frozenset({"where", "wherenot"})  # jsonpath-ng keywords: quote them


def _render_key(key: str) -> str:
    """One JSONPath step for a field: ``.key``, or ``['key']`` when it is no plain identifier."""
    if _IDENTIFIER_RE.match(key) and key not in _RESERVED_FIELDS:
        return f".{key}"
    return f"['{key}']" if "'" not in key else "[" + json.dumps(key) + "]"


def _concrete_path(full_path: Any) -> str:
    """Render a jsonpath-ng match's ``full_path`` as a concrete JSONPath (``$.output.items[2].id``)."""
    parts: list[str] = []

    def walk(node: Any) -> None:
        if isinstance(node, Child):
            walk(node.left)
            walk(node.right)
        elif isinstance(node, Root):
            return
        elif isinstance(node, Fields):
            for f in node.fields:
                parts.append(_render_key(str(f)))
        elif isinstance(node, Index):
            indices = getattr(node, "indices", None) or (node.index,)
            parts.append("".join(f"[{i}]" for i in indices))
        else:
            parts.append(f".{node}")

    walk(full_path)
    return "$" + "".join(parts)


def _schema_type(schema: Any) -> str | None:
    if isinstance(schema, Mapping):
        t = schema.get("type")
        if isinstance(t, str):
            return t
        if isinstance(t, list):
            non_null = [x for x in t if x != "null"]
            return non_null[0] if len(non_null) == 1 else None
    return None


def _compile(schema: Any) -> Draft202012Validator:
    """A validator that resolves only same-document references and bounds every pattern match."""
    return safe_validator(schema, format_checker=FORMAT_CHECKER)


def _short(value: Any, limit: int = 80) -> str:
    text = json.dumps(value, ensure_ascii=False, default=str)
    return text if len(text) <= limit else text[: limit - 3] + "..."


# --------------------------------------------------------------------------- data model


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


@dataclass(frozen=True)
class Contract:
    """An executable ``tool_call_contract_v2`` for one tool.

    Build it with :meth:`from_json` (validated) or directly from the dataclasses; sequences are stored
    as tuples. Validators and JSONPaths are compiled lazily and cached per instance.
    """

    tool: str
    templates: tuple[CallTemplate, ...]
    exports: tuple[Export, ...] = ()
    success: dict[str, Any] | bool = field(default_factory=lambda: copy.deepcopy(DEFAULT_SUCCESS_SCHEMA))
    failure: dict[str, Any] | bool = field(default_factory=lambda: copy.deepcopy(DEFAULT_FAILURE_SCHEMA))
    contract_version: str = CONTRACT_VERSION
    _cache: dict[str, Any] = field(default_factory=dict, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "templates", tuple(self.templates))
        object.__setattr__(self, "exports", tuple(self.exports))

    def __getstate__(self) -> dict[str, Any]:
        """Pickle without the compiled caches (process pools rebuild them lazily)."""
        return {k: getattr(self, k) for k in ("tool", "templates", "exports", "success", "failure", "contract_version")}

    def __setstate__(self, state: Mapping[str, Any]) -> None:
        for key, value in state.items():
            object.__setattr__(self, key, value)
        object.__setattr__(self, "_cache", {})

    # ---- JSON

    def to_json(self) -> dict[str, Any]:
        """The contract as plain JSON, keys in a fixed order (``canonical_json`` gives stable bytes)."""
        return {
            "contract_version": self.contract_version,
            "tool": self.tool,
            "templates": [t.to_json() for t in self.templates],
            "exports": [e.to_json() for e in self.exports],
            "success": copy.deepcopy(self.success),
            "failure": copy.deepcopy(self.failure),
        }

    @classmethod
    def from_json(cls, obj: Any, *, spec: ToolSpec | None = None) -> "Contract":
        """Validate ``obj`` (schema, structure and, given ``spec``, the tool's interface) and build it.

        Raises :class:`ContractValidationError` listing every problem.
        """
        problems = validate_contract_json(obj, spec=spec)
        if problems:
            tool = spec.name if spec is not None else (obj.get("tool") if isinstance(obj, Mapping) else None)
            raise ContractValidationError(problems, tool=tool if isinstance(tool, str) else None)
        return cls(
            tool=obj["tool"],
            templates=tuple(CallTemplate.from_json(t) for t in obj["templates"]),
            exports=tuple(Export.from_json(e) for e in obj["exports"]),
            success=copy.deepcopy(obj["success"]),
            failure=copy.deepcopy(obj["failure"]),
            contract_version=obj["contract_version"],
        )

    def validate(self, spec: ToolSpec | None = None) -> None:
        """Raise :class:`ContractValidationError` when this contract is invalid (for ``spec``)."""
        problems = validate_contract_json(self.to_json(), spec=spec)
        if problems:
            raise ContractValidationError(problems, tool=self.tool)

    # ---- lookups

    def template(self, template_id: str) -> CallTemplate:
        for t in self.templates:
            if t.id == template_id:
                return t
        raise KeyError(f"contract for {self.tool} has no template {template_id!r}; ids: {[t.id for t in self.templates]}")

    def export(self, name: str) -> Export:
        for e in self.exports:
            if e.name == name:
                return e
        raise KeyError(f"contract for {self.tool} has no export {name!r}")

    @property
    def success_templates(self) -> list[CallTemplate]:
        return [t for t in self.templates if t.expected == "success"]

    # ---- outcome and exports

    def _validators(self) -> tuple[Draft202012Validator, Draft202012Validator]:
        cached = self._cache.get("outcome")
        if cached is None:
            cached = (_compile(self.success), _compile(self.failure))
            self._cache["outcome"] = cached
        return cached

    def _compiled_exports(self) -> list[tuple[Export, JSONPath, Draft202012Validator]]:
        cached = self._cache.get("exports")
        if cached is None:
            cached = []
            for e in self.exports:
                try:  # a contract built in code skips validation: a refused path exports nothing
                    cached.append((e, _compiled_path(e.path), _compile(e.schema)))
                except Exception:  # noqa: BLE001 - ExportPathError or jsonpath-ng's bare syntax errors
                    continue
            self._cache["exports"] = cached
        return cached

    def classify(self, record: InvocationRecord | Mapping[str, Any]) -> Outcome | None:
        """``success`` or ``failure`` when the record matches exactly one outcome schema, else None.

        None (neither or both) means the contract did not anticipate this outcome: a revision trigger.
        """
        data = record.to_json() if isinstance(record, InvocationRecord) else record
        ok_validator, fail_validator = self._validators()
        ok = ok_validator.is_valid(data)
        fail = fail_validator.is_valid(data)
        if ok and not fail:
            return "success"
        if fail and not ok:
            return "failure"
        return None

    def extract(
        self, record: InvocationRecord | Mapping[str, Any], *, propagating_only: bool = False
    ) -> list[ExportedValue]:
        """Every exported value in the record, in export order then document order.

        Null values and values that do not validate against the export's schema are skipped; a
        ``[*]`` path yields one value per element, each with its concrete path.
        """
        data = record.to_json() if isinstance(record, InvocationRecord) else record
        out: list[ExportedValue] = []
        for export, path, validator in self._compiled_exports():
            if propagating_only and not export.propagate:
                continue
            for match in path.find(data)[:MAX_EXPORT_MATCHES]:
                value = match.value
                if value is None or not validator.is_valid(value):
                    continue
                out.append(
                    ExportedValue(
                        export_name=export.name,
                        path=_concrete_path(match.full_path),
                        value=value,
                        schema=export.schema,
                        propagate=export.propagate,
                    )
                )
        return out

    def with_mechanical_exports(self, spec: ToolSpec) -> "Contract":
        """A copy with the mechanical argument/response exports of ``spec`` added.

        Declared exports win: a mechanical export is dropped when its name or path is already used.
        """
        names = {e.name for e in self.exports}
        paths = {e.path for e in self.exports}
        extra = [e for e in mechanical_exports(spec) if e.name not in names and e.path not in paths]
        return replace(self, exports=self.exports + tuple(extra))


# --------------------------------------------------------------------------- validation


def validate_contract_json(obj: Any, *, spec: ToolSpec | None = None) -> list[str]:
    """Every problem of a contract JSON object as readable lines; empty when it is valid.

    Checks the shipped JSON Schema, unique template ids and export names, at least one success
    template, export paths (rooted, parseable, no ``..``), every embedded schema against draft
    2020-12, that the success schema requires status success, and, given ``spec``, the tool's
    interface: the tool name, exact public parameter names, required parameters in every template,
    ``omit`` only for optional ones, and every literal valid under its parameter's schema.
    """
    if not isinstance(obj, Mapping):
        return [f"$: a contract must be a JSON object, got {type(obj).__name__}"]
    problems: list[str] = []
    for error in sorted(_CONTRACT_VALIDATOR.iter_errors(obj), key=error_key):
        if error.validator == "pattern" and re.fullmatch(r"\$\.exports\[\d+\]\.path", error.json_path):
            continue  # reported below with the precise reason
        problems.append(f"{error.json_path}: {error.message}")

    templates = obj.get("templates") if isinstance(obj.get("templates"), list) else []
    exports = obj.get("exports") if isinstance(obj.get("exports"), list) else []

    seen_ids: dict[str, int] = {}
    for i, t in enumerate(templates):
        if isinstance(t, Mapping) and isinstance(t.get("id"), str):
            if t["id"] in seen_ids:
                problems.append(f"$.templates[{i}].id: duplicate template id {t['id']!r} (also templates[{seen_ids[t['id']]}])")
            else:
                seen_ids[t["id"]] = i
    if templates and not any(isinstance(t, Mapping) and t.get("expected") == "success" for t in templates):
        problems.append("$.templates: include at least one template with expected 'success'")
    for i, t in enumerate(templates):
        args = t.get("arguments") if isinstance(t, Mapping) else None
        if not isinstance(args, Mapping):
            continue
        for name, arg in args.items():
            if isinstance(arg, Mapping) and arg.get("kind") == "observation" and isinstance(arg.get("schema"), Mapping):
                problems += schema_problems(arg["schema"], f"$.templates[{i}].arguments.{name}.schema")
                problems += outside_references(arg["schema"], f"$.templates[{i}].arguments.{name}.schema")

    seen_names: dict[str, int] = {}
    for i, e in enumerate(exports):
        if not isinstance(e, Mapping):
            continue
        name = e.get("name")
        if isinstance(name, str):
            if name in seen_names:
                problems.append(f"$.exports[{i}].name: duplicate export name {name!r} (also exports[{seen_names[name]}])")
            else:
                seen_names[name] = i
        path = e.get("path")
        if isinstance(path, str):
            reason = _path_problem(path)
            if reason:
                problems.append(f"$.exports[{i}].path: {path!r} {reason}")
        if isinstance(e.get("schema"), Mapping):
            problems += schema_problems(e["schema"], f"$.exports[{i}].schema")
            problems += outside_references(e["schema"], f"$.exports[{i}].schema")
            if e.get("origin", "declared") == "declared":  # mechanical ones copy the catalog's schemas
                problems += pattern_problems(e["schema"], f"$.exports[{i}].schema")

    for key in ("success", "failure"):
        if isinstance(obj.get(key), Mapping):
            problems += schema_problems(obj[key], f"$.{key}")
            problems += outside_references(obj[key], f"$.{key}")
            problems += pattern_problems(obj[key], f"$.{key}")
    success = obj.get("success")
    if isinstance(success, (Mapping, bool)) and not schema_problems(success, "$.success"):
        validator = _compile(success)
        probes = (
            {"status": status, "arguments": {}, "output": output, "state_changes": []}
            for status in ("rejected", "error")
            for output in (None, {}, [], "", 0, False)
        )
        accepted = next((p for p in probes if validator.is_valid(p)), None)
        if accepted is not None:
            problems.append(
                "$.success: must require top-level status 'success' (rule 36); it accepts a record with "
                f"status {accepted['status']!r} and output {_short(accepted['output'])}"
            )

    if spec is not None:
        problems += _spec_problems(obj, templates, spec)
    return problems


def _spec_problems(obj: Mapping[str, Any], templates: list[Any], spec: ToolSpec) -> list[str]:
    """Problems of the templates against the tool's public parameters."""
    problems: list[str] = []
    if isinstance(obj.get("tool"), str) and obj["tool"] != spec.name:
        problems.append(f"$.tool: {obj['tool']!r} is not the described tool {spec.name!r}")
    props: Mapping[str, Any] = (spec.parameters or {}).get("properties") or {}
    public = list(props)
    required = set(spec.required_inputs)
    listing = ", ".join(public) if public else "(none: every arguments object must be empty)"
    for i, t in enumerate(templates):
        if not isinstance(t, Mapping) or not isinstance(t.get("arguments"), Mapping):
            continue
        tid = t.get("id")
        where = f"$.templates[{i}]" + (f" ({tid})" if isinstance(tid, str) else "")
        args: Mapping[str, Any] = t["arguments"]
        for name in args:
            if name not in props:
                close = difflib.get_close_matches(str(name), public, n=1)
                hint = f"; did you mean {close[0]!r}?" if close else ""
                problems.append(
                    f"{where}.arguments.{name}: unknown parameter {name!r}; copy keys exactly from the public parameters: {listing}{hint}"
                )
        for name in public:
            if name in required and name not in args:
                problems.append(f"{where}.arguments: required parameter {name!r} is missing")
        for name, arg in args.items():
            if name not in props or not isinstance(arg, Mapping):
                continue
            kind = arg.get("kind")
            if kind == "omit" and name in required:
                problems.append(f"{where}.arguments.{name}: kind 'omit' is only for optional parameters; {name!r} is required")
            elif kind == "literal" and "value" in arg:
                schema = props[name]
                if not isinstance(schema, (Mapping, bool)) or schema_problems(schema, ""):
                    continue
                errors = sorted(_compile(schema).iter_errors(arg["value"]), key=error_key)
                if errors:
                    detail = "; ".join(f"{e.message}" + (f" (at {e.json_path})" if e.json_path != "$" else "") for e in errors[:3])
                    problems.append(
                        f"{where}.arguments.{name}.value: literal {_short(arg['value'])} is not valid for parameter {name!r} "
                        f"(schema {_short(strip_annotations(schema), 120)}): {detail}"
                    )
    return problems


# --------------------------------------------------------------------------- mechanical exports

# Rules 22-25: what a response field carries decides whether later calls may reuse it.
IDENTITY_FIELD_TOKENS = frozenset(
    {
        "id", "ids", "uuid", "guid", "key", "token", "code", "handle", "ref", "reference", "path", "url",
        "uri", "link", "name", "username", "email", "address", "phone", "date", "time", "timestamp",
        "symbol", "zipcode", "zip", "number", "location", "file", "folder", "directory", "dir",
    }
)
STATUS_FIELD_TOKENS = frozenset(
    {"status", "message", "msg", "error", "errors", "warning", "warnings", "notification", "ack",
     "acknowledgement", "acknowledged", "success", "ok", "succeeded", "failed", "failure"}
)
AGGREGATE_FIELD_TOKENS = frozenset({"count", "counts", "num", "rank", "ranking", "rating", "ratings", "score", "scores"})
# Pagination/control integers (a number-typed "total" or "limit" is an amount and propagates).
CONTROL_FIELD_TOKENS = frozenset({"total", "page", "pages", "offset", "limit", "cursor", "per"})
# Response text fields with these names are acknowledgements when they hold strings.
ACK_TEXT_TOKENS = frozenset({"result", "response", "reply", "outcome"})
_COUNT_DESC_RE = re.compile(r"\b(number of|count of|how many)\b", re.IGNORECASE)
_SCALAR_RESPONSE_PREFIXES = ("get", "compute", "calculate", "fetch", "retrieve", "find", "read", "lookup", "query")


def export_propagates(label: str, schema: Any, *, description: str = "") -> bool:
    """Rules 22-25 for one response leaf: identifiers, content, dates, amounts propagate;
    boolean flags, status/error text and aggregate counts do not."""
    tokens = set(name_tokens(label))
    json_type = _schema_type(schema)
    if tokens & IDENTITY_FIELD_TOKENS and json_type != "boolean":
        return True
    if json_type == "boolean":
        return False
    if tokens & STATUS_FIELD_TOKENS:
        return False
    if json_type == "string" and tokens & ACK_TEXT_TOKENS and re.search(
        r"\b(status|error|result of|message|success|fail)", description, re.IGNORECASE
    ):
        return False
    if json_type in ("integer", "number") and tokens & AGGREGATE_FIELD_TOKENS:
        return False
    if json_type == "integer" and (tokens & CONTROL_FIELD_TOKENS or _COUNT_DESC_RE.search(description)):
        return False
    return True


def _safe_name(label: str) -> str:
    name = re.sub(r"[^A-Za-z0-9_]", "_", label)
    if not name or name[0].isdigit():
        name = "_" + name
    return name


def _leaf_schema(schema: Mapping[str, Any]) -> dict[str, Any]:
    """A tolerant export schema for a documented response leaf: its JSON type only."""
    t = schema.get("type")
    return {"type": copy.deepcopy(t)} if t is not None else {}


def _response_leaves(schema: Any, path: str, keys: tuple[str, ...], depth: int = 0) -> Iterable[tuple[str, tuple[str, ...], Mapping[str, Any]]]:
    """(path, key chain, schema) of every documented scalar leaf under ``schema``."""
    if not isinstance(schema, Mapping) or depth > 8:
        return
    for key in ("anyOf", "oneOf", "allOf"):
        for branch in schema.get(key) or []:
            yield from _response_leaves(branch, path, keys, depth + 1)
    t = _schema_type(schema)
    props = schema.get("properties")
    if isinstance(props, Mapping) and props and t in (None, "object"):
        for k, sub in props.items():
            yield from _response_leaves(sub, path + _render_key(str(k)), keys + (str(k),), depth + 1)
    elif t == "array" and isinstance(schema.get("items"), Mapping):
        yield from _response_leaves(schema["items"], path + "[*]", keys, depth + 1)
    elif t in _SCALAR_TYPES or (t is None and "enum" in schema and not props):
        yield path, keys, schema


def _scalar_response_name(spec: ToolSpec) -> str:
    tokens = name_tokens(spec.short_name)
    if len(tokens) > 1 and tokens[0] in _SCALAR_RESPONSE_PREFIXES:
        return "_".join(tokens[1:])
    return "response_value"


def mechanical_exports(spec: ToolSpec) -> list[Export]:
    """The exports Figure 6 adds mechanically from the public interface.

    One ``$.arguments.<param>`` export per public parameter (propagate unless boolean), then one export
    per documented scalar leaf of a structured response (``[*]`` for array elements), named by its
    field label (qualified by its parent labels on a name clash); a scalar response gets one ``$.output``
    export. Propagation follows :func:`export_propagates`.
    """
    out: list[Export] = []
    used: set[str] = set()
    props: Mapping[str, Any] = (spec.parameters or {}).get("properties") or {}
    for param, schema in props.items():
        name = _safe_name(param)
        if name in used:
            continue
        used.add(name)
        out.append(
            Export(
                name=name,
                path="$.arguments" + _render_key(param),
                schema=strip_annotations(schema) if isinstance(schema, (Mapping, bool)) else {},
                propagate=_schema_type(schema) != "boolean",
                origin="argument",
            )
        )
    response = spec.response
    if not isinstance(response, Mapping):
        return out
    seen_paths: set[str] = set()
    if _schema_type(response) in _SCALAR_TYPES:
        leaves = [("$.output", (_scalar_response_name(spec),), response)]
    else:
        leaves = list(_response_leaves(response, "$.output", ()))
    for path, keys, schema in leaves:
        if path in seen_paths or _schema_type(schema) == "null":
            continue
        seen_paths.add(path)
        label = keys[-1] if keys else _scalar_response_name(spec)
        candidates = [_safe_name(label)]
        if len(keys) > 1:
            candidates.append(_safe_name(f"{keys[-2]}_{label}"))
            candidates.append(_safe_name("_".join(keys)))
        candidates.append(_safe_name("output_" + "_".join(keys or (label,))))
        name = next((c for c in candidates if c not in used), None)
        if name is None:
            base, n = candidates[-1], 2
            while f"{base}_{n}" in used:
                n += 1
            name = f"{base}_{n}"
        used.add(name)
        description = schema.get("description", "") if isinstance(schema, Mapping) else ""
        out.append(
            Export(
                name=name,
                path=path,
                schema=_leaf_schema(schema),
                propagate=export_propagates(label, schema, description=description if isinstance(description, str) else ""),
                origin="response",
            )
        )
    return out
