"""Executable call contracts (``tool_call_contract_v2``): the :class:`Contract` and its outcome and exports.

A contract describes one tool: candidate call templates whose arguments are ``literal`` values,
``observation``s of runtime values or ``omit``ted, named JSONPath exports over the normalized
:class:`~llama_index_libra.records.InvocationRecord`, and success/failure outcome schemas (JSON Schema
draft 2020-12) over that record. The JSON form is validated with ``jsonschema`` against the shipped
``tool_call_contract_v2.schema.json`` and, given the tool's :class:`~llama_index_libra.catalog.ToolSpec`,
against its public parameters. Every problem is reported as one readable line (path + what is wrong),
because the message is fed back to an LLM when it writes the contract.

The pieces live in :mod:`.parts`, export paths in :mod:`.paths`, the checks in :mod:`.validation` and
the mechanical exports in :mod:`.exports`; this module re-exports their public names.
``Contract.classify`` and ``Contract.extract`` run once per executed call during induction, so their
validators and compiled JSONPath expressions are built once per contract and cached.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field, replace
from typing import Any, Mapping

from jsonpath_ng import JSONPath
from jsonschema import Draft202012Validator

from llama_index_libra.catalog import ToolSpec
from llama_index_libra.contracts.exports import export_propagates, mechanical_exports
from llama_index_libra.contracts.parts import (
    CONTRACT_VERSION,
    DEFAULT_FAILURE_SCHEMA,
    DEFAULT_SUCCESS_SCHEMA,
    ArgumentKind,
    ArgumentSpec,
    CallTemplate,
    Export,
    ExportedValue,
    Outcome,
    compile_schema,
    name_tokens,
)
from llama_index_libra.contracts.paths import MAX_EXPORT_MATCHES, ExportPathError, compile_path, concrete_path
from llama_index_libra.contracts.validation import CONTRACT_SCHEMA, ContractValidationError, validate_contract_json
from llama_index_libra.records import InvocationRecord
from llama_index_libra.schemas.normalize import strip_annotations

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
            cached = (compile_schema(self.success), compile_schema(self.failure))
            self._cache["outcome"] = cached
        return cached

    def _compiled_exports(self) -> list[tuple[Export, JSONPath, Draft202012Validator]]:
        cached = self._cache.get("exports")
        if cached is None:
            cached = []
            for e in self.exports:
                try:  # a contract built in code skips validation: a refused path exports nothing
                    cached.append((e, compile_path(e.path), compile_schema(e.schema)))
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
                        path=concrete_path(match.full_path),
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
