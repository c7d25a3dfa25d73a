"""Every problem of a contract's JSON form, as readable lines (they are fed back to an LLM).

The shipped ``tool_call_contract_v2.schema.json`` first, then what a schema cannot say: unique ids and
names, export paths inside the accepted subset, embedded schemas valid and self-contained, a success
schema that requires status success, and, given the tool, its public interface.
"""

from __future__ import annotations

import difflib
import json
import re
from importlib import resources
from typing import Any, Mapping, Sequence

from jsonschema import Draft202012Validator

from llama_index_libra.catalog import ToolSpec
from llama_index_libra.contracts.parts import CONTRACT_VERSION, compile_schema
from llama_index_libra.contracts.paths import path_problem
from llama_index_libra.schemas.normalize import strip_annotations
from llama_index_libra.schemas.validate import error_key, outside_references, pattern_problems, schema_problems

__all__ = ["CONTRACT_SCHEMA", "ContractValidationError", "validate_contract_json"]

CONTRACT_SCHEMA: dict[str, Any] = json.loads(
    resources.files("llama_index_libra.contracts").joinpath("tool_call_contract_v2.schema.json").read_text(encoding="utf-8")
)
Draft202012Validator.check_schema(CONTRACT_SCHEMA)
_CONTRACT_VALIDATOR = Draft202012Validator(CONTRACT_SCHEMA)


class ContractValidationError(ValueError):
    """A contract that violates the contract schema or the tool's public interface.

    ``problems`` holds one readable line per problem; ``str(error)`` lists them all.
    """

    def __init__(self, problems: Sequence[str], *, tool: str | None = None) -> None:
        self.problems: list[str] = list(problems)
        self.tool = tool
        head = f"invalid {CONTRACT_VERSION}" + (f" for {tool}" if tool else "")
        super().__init__(head + f" ({len(self.problems)} problem(s)):\n" + "\n".join(f"- {p}" for p in self.problems))


def _short(value: Any, limit: int = 80) -> str:
    text = json.dumps(value, ensure_ascii=False, default=str)
    return text if len(text) <= limit else text[: limit - 3] + "..."


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
            reason = path_problem(path)
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
        validator = compile_schema(success)
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
                errors = sorted(compile_schema(schema).iter_errors(arg["value"]), key=error_key)
                if errors:
                    detail = "; ".join(f"{e.message}" + (f" (at {e.json_path})" if e.json_path != "$" else "") for e in errors[:3])
                    problems.append(
                        f"{where}.arguments.{name}.value: literal {_short(arg['value'])} is not valid for parameter {name!r} "
                        f"(schema {_short(strip_annotations(schema), 120)}): {detail}"
                    )
    return problems
