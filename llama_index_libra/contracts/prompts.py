"""Rendering of the contract-generation prompt (LIBRA Appendix A, Figures 4-9) from versioned data files.

The prompt text lives in ``llama_index_libra/prompts/contracts/<version>/`` as package data (system
text, the Figure 4 user JSON template, the 40 shared rules of Figure 5, the registry insertions and
replacements of Figures 6, 7 and 9, and the feedback notes of Figure 8); this module only selects and
fills them. The rule list depends on the catalog kind:

- ``appworld``: the 40 shared rules unchanged;
- ``one-json-object`` / ``callable-signature``: Figure 6 (seven rules inserted after rule 1, the second
  filled with the Figure 9 calling convention; rules 14, 15, 20 and 21 replaced; two rules appended; a
  system-message suffix);
- ``bfcl``: as ``callable-signature``, plus Figure 7 (the seventh inserted rule and rule 37 replaced,
  three rules appended).

The user message is the Figure 4 JSON object with the figure's fields and values; ``previous_contract``,
``instruction``, ``same_tool_invocation_feedback`` and ``feedback_note`` appear only in revisions. By
default its keys are ordered shared-first (:data:`SHARED_FIRST_KEYS`: the fields every tool of a build
shares, about 2.5k tokens, then the tool's own), so a server with prefix caching (vLLM's
``--enable-prefix-caching``) reuses the shared part across tools; ``order="figure"`` keeps the figure's order.
"""

from __future__ import annotations

import copy
import functools
import json
import re
from dataclasses import dataclass
from importlib import resources
from typing import Any, Literal, Mapping

from llama_index_libra.catalog import ToolSpec
from llama_index_libra.contracts.model import CONTRACT_SCHEMA
from llama_index_libra.records import INVOCATION_RECORD_SCHEMA

__all__ = [
    "DEFAULT_PROMPT_VERSION",
    "REGISTRY_KINDS",
    "FeedbackKind",
    "ContractPromptSet",
    "PROMPT_ORDERS",
    "SHARED_FIRST_KEYS",
    "RenderedPrompt",
    "load_prompt_set",
    "public_tool_metadata",
    "render_contract_prompt",
]

DEFAULT_PROMPT_VERSION = "v1"
REGISTRY_KINDS = ("appworld", "one-json-object", "callable-signature", "bfcl")
FeedbackKind = Literal["runtime", "validation"]
# Figure 4 fields identical for every tool of one build (same prompt version and catalog kind), in the
# figure's relative order; the tool's own fields (revision, metadata, feedback) follow them.
SHARED_FIRST_KEYS = ("contract_version", "feedback_policy", "invocation_record_schema", "required_output_schema", "rules")
PROMPT_ORDERS = ("shared-first", "figure")
_PLACEHOLDER_RE = re.compile(r"^\{([A-Za-z_][A-Za-z0-9_]*)\}$")


@dataclass(frozen=True)
class ContractPromptSet:
    """One version of the prompt data files, loaded and checked."""

    version: str
    directory: str
    system: str
    user_template: dict[str, Any]
    revision_only: tuple[str, ...]
    feedback_policy: str
    shared_rules: tuple[str, ...]
    registry: dict[str, Any]
    feedback: dict[str, Any]

    def rules(self, kind: str) -> list[str]:
        """The contract_rules list for a catalog kind (see the module docstring)."""
        spec = self._kind(kind)
        rules = list(self.shared_rules)
        if not spec["registry"]:
            return rules
        reg = self.registry["registry"]
        convention = self.registry["calling_conventions"][spec["calling_convention"]]
        inserted = [convention if r == "{calling_convention_rule}" else r for r in reg["inserted"]]
        replaced = {int(k): v for k, v in reg["replaced"].items()}
        appended = list(reg["appended"])
        if spec["stateful"]:
            stateful = self.registry["stateful"]
            for k, v in stateful["replaced_inserted"].items():
                inserted[int(k) - 1] = v
            replaced.update({int(k): v for k, v in stateful["replaced"].items()})
            appended += list(stateful["appended"])
        shared = [replaced.get(i + 1, rule) for i, rule in enumerate(rules)]
        at = int(reg["inserted_after_rule"])
        return shared[:at] + inserted + shared[at:] + appended

    def system_message(self, kind: str) -> str:
        """The system message; registry kinds get Figure 6's system-message suffix."""
        spec = self._kind(kind)
        if spec["registry"]:
            return f"{self.system} {self.registry['registry']['system_suffix']}"
        return self.system

    def _kind(self, kind: str) -> Mapping[str, Any]:
        kinds = self.registry["kinds"]
        if kind not in kinds:
            raise ValueError(f"unknown catalog kind {kind!r}; choose one of {', '.join(kinds)}")
        return kinds[kind]


def _read(version: str, name: str) -> str:
    return resources.files("llama_index_libra").joinpath(f"prompts/contracts/{version}/{name}").read_text(encoding="utf-8")


@functools.lru_cache(maxsize=8)
def load_prompt_set(version: str = DEFAULT_PROMPT_VERSION) -> ContractPromptSet:
    """Load the prompt files of ``version`` (a folder under ``prompts/contracts``)."""
    try:
        manifest = json.loads(_read(version, "manifest.json"))
    except FileNotFoundError:
        raise ValueError(f"no contract prompt version {version!r} in llama_index_libra/prompts/contracts") from None
    files = manifest["files"]
    user = json.loads(_read(version, files["user_template"]))
    shared = json.loads(_read(version, files["shared_rules"]))["rules"]
    if len(shared) != 40:
        raise ValueError(f"prompt {version}: expected the 40 shared rules of Figure 5, found {len(shared)}")
    registry = json.loads(_read(version, files["registry_rules"]))
    for kind in REGISTRY_KINDS:
        if kind not in registry["kinds"]:
            raise ValueError(f"prompt {version}: registry_rules lacks catalog kind {kind!r}")
    return ContractPromptSet(
        version=str(manifest["version"]),
        directory=version,
        system=_read(version, files["system"]).strip(),
        user_template=user["template"],
        revision_only=tuple(user["revision_only"]),
        feedback_policy=str(user["feedback_policy"]),
        shared_rules=tuple(shared),
        registry=registry,
        feedback=json.loads(_read(version, files["feedback"])),
    )


def public_tool_metadata(spec: ToolSpec) -> dict[str, Any]:
    """The tool's public metadata as the prompt shows it.

    ``parameters`` is a list of ``{name, required, schema}`` in declaration order (the rules refer to
    ``public_tool_metadata.parameters[*].name``); each schema is the normalized JSON Schema that
    literals are validated against. ``response`` appears when the tool documents one.
    """
    props: Mapping[str, Any] = (spec.parameters or {}).get("properties") or {}
    required = set(spec.required_inputs)
    out: dict[str, Any] = {
        "name": spec.name,
        "description": spec.description,
        "parameters": [
            {"name": name, "required": name in required, "schema": copy.deepcopy(schema)} for name, schema in props.items()
        ],
    }
    if spec.response is not None:
        out["response"] = copy.deepcopy(spec.response)
    return out


@dataclass(frozen=True)
class RenderedPrompt:
    """The two chat messages of one contract-generation call."""

    system: str
    user: str
    version: str
    kind: str
    revision: int

    @property
    def chars(self) -> int:
        return len(self.system) + len(self.user)


def render_contract_prompt(
    spec: ToolSpec,
    *,
    kind: str = "callable-signature",
    revision: int = 0,
    previous_contract: Any = None,
    feedback: Mapping[str, Any] | None = None,
    feedback_kind: FeedbackKind = "runtime",
    version: str = DEFAULT_PROMPT_VERSION,
    order: str = "shared-first",
) -> RenderedPrompt:
    """Render the Figure 4 prompt for ``spec``.

    ``order="shared-first"`` (default) puts :data:`SHARED_FIRST_KEYS` first so that every tool's prompt
    starts with the same text (prefix caching); ``"figure"`` keeps Figure 4's key order. Both carry the
    same fields and values.

    ``revision`` counts earlier calls for this tool (0 = initial generation). With ``feedback`` the
    revision-only fields are added: ``previous_contract`` (the contract or the rejected reply),
    the Figure 4 instruction, ``feedback`` as ``same_tool_invocation_feedback`` and the note of
    ``feedback_kind`` (Figure 8 for runtime feedback).
    """
    prompts = load_prompt_set(version)
    if order not in PROMPT_ORDERS:
        raise ValueError(f"unknown prompt order {order!r}; choose one of {', '.join(PROMPT_ORDERS)}")
    if revision < 0:
        raise ValueError("revision must be >= 0")
    values: dict[str, Any] = {
        "revision": revision,
        "feedback_policy": prompts.feedback_policy,
        "public_tool_metadata": public_tool_metadata(spec),
        "invocation_record_schema": INVOCATION_RECORD_SCHEMA,
        "tool_call_contract_schema": CONTRACT_SCHEMA,
        "contract_rules": prompts.rules(kind),
        "previous_contract": previous_contract,
        "same_tool_feedback": dict(feedback) if feedback is not None else None,
        "feedback_note": prompts.feedback[f"{feedback_kind}_note"]["text"],
    }
    revising = feedback is not None
    user: dict[str, Any] = {}
    for key, template in prompts.user_template.items():
        if key in prompts.revision_only and not revising:
            continue
        match = _PLACEHOLDER_RE.match(template) if isinstance(template, str) else None
        user[key] = values[match.group(1)] if match else template
    if order == "shared-first":
        user = {**{k: user[k] for k in SHARED_FIRST_KEYS if k in user}, **{k: v for k, v in user.items() if k not in SHARED_FIRST_KEYS}}
    return RenderedPrompt(
        system=prompts.system_message(kind),
        user=json.dumps(user, ensure_ascii=False),
        version=prompts.version,
        kind=kind,
        revision=revision,
    )
