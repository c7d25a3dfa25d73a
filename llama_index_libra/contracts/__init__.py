"""Executable call contracts (``tool_call_contract_v2``) and the schema-derived contract proposer.

A contract per tool says how to call it (templates of literal / observation / omitted arguments),
which values it exports for later calls (JSONPath over the normalized invocation record), and how
to tell success from failure (JSON Schemas over that record). See :mod:`.model` and :mod:`.proposer`.
"""

from llama_index_libra.contracts.model import (
    CONTRACT_SCHEMA,
    CONTRACT_VERSION,
    DEFAULT_FAILURE_SCHEMA,
    DEFAULT_SUCCESS_SCHEMA,
    ArgumentSpec,
    CallTemplate,
    Contract,
    ContractValidationError,
    Export,
    ExportedValue,
    export_propagates,
    mechanical_exports,
    validate_contract_json,
)
from llama_index_libra.contracts.proposer import SchemaContractProposer

__all__ = [
    "CONTRACT_SCHEMA",
    "CONTRACT_VERSION",
    "DEFAULT_FAILURE_SCHEMA",
    "DEFAULT_SUCCESS_SCHEMA",
    "ArgumentSpec",
    "CallTemplate",
    "Contract",
    "ContractValidationError",
    "Export",
    "ExportedValue",
    "export_propagates",
    "mechanical_exports",
    "validate_contract_json",
    "SchemaContractProposer",
]
