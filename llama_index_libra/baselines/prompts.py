"""The baselines' LLM prompts (LIBRA Appendix A, Figures 10-14) and the tool fields that fill them.

The prompt texts live in ``llama_index_libra/prompts/baselines/<version>/`` as package data (see its
``manifest.json`` for how they were transcribed); this module loads them, checks their placeholders,
and fills them from a :class:`~llama_index_libra.catalog.ToolSpec`'s public metadata only.
Placeholders are substituted in one pass, so a value that itself contains ``{tool_name}`` stays as is.
"""

from __future__ import annotations

import functools
import json
import re
from dataclasses import dataclass
from importlib import resources
from typing import Any, Mapping

from llama_index_libra.catalog import ToolSpec

__all__ = [
    "DEFAULT_BASELINE_PROMPT_VERSION",
    "PROMPT_KINDS",
    "BaselinePrompt",
    "BaselinePromptSet",
    "load_baseline_prompts",
    "tool_signature",
    "tool_docstring",
    "tool_category",
    "api_document",
]

DEFAULT_BASELINE_PROMPT_VERSION = "v1"
PROMPT_KINDS = ("toolrex_profile", "toolrex_refine", "toolrex_judge", "tgr_pair", "egotrip_triples")
_PLACEHOLDER = re.compile(r"\{([a-z_]+)\}")
_MAX_DEFAULT_CHARS = 60  # a default value longer than this is shown as "..." in a signature


@dataclass(frozen=True)
class BaselinePrompt:
    """The two chat messages of one baseline call (the shape the package's LLM client sends)."""

    system: str
    user: str
    version: str
    kind: str
    revision: int = 0

    @property
    def chars(self) -> int:
        return len(self.system) + len(self.user)


@dataclass(frozen=True)
class _Template:
    system: str
    user: str
    placeholders: tuple[str, ...]
    figure: int


class BaselinePromptSet:
    """One version of the Figure 10-14 prompt files, loaded and checked."""

    def __init__(self, version: str, templates: Mapping[str, _Template]) -> None:
        self.version = version
        self._templates = dict(templates)

    def figure(self, kind: str) -> int:
        return self._template(kind).figure

    def render(self, kind: str, values: Mapping[str, str], *, revision: int = 0) -> BaselinePrompt:
        """The prompt ``kind`` with every placeholder filled from ``values`` (all must be given)."""
        template = self._template(kind)
        missing = [p for p in template.placeholders if p not in values]
        if missing:
            raise KeyError(f"prompt {kind!r} needs {', '.join(missing)}")
        names = set(template.placeholders)

        def fill(text: str) -> str:
            return _PLACEHOLDER.sub(lambda m: str(values[m.group(1)]) if m.group(1) in names else m.group(0), text)

        return BaselinePrompt(fill(template.system), fill(template.user), self.version, kind, revision)

    def _template(self, kind: str) -> _Template:
        try:
            return self._templates[kind]
        except KeyError:
            raise KeyError(f"unknown baseline prompt {kind!r}; choose one of {', '.join(PROMPT_KINDS)}") from None


@functools.lru_cache(maxsize=4)
def load_baseline_prompts(version: str = DEFAULT_BASELINE_PROMPT_VERSION) -> BaselinePromptSet:
    """Load and check one prompt version: every declared placeholder occurs, no undeclared one does."""
    if not re.fullmatch(r"[A-Za-z0-9_.-]+", version):
        raise ValueError(f"invalid prompt version {version!r}")
    root = resources.files("llama_index_libra").joinpath("prompts").joinpath("baselines").joinpath(version)
    try:
        manifest = json.loads(root.joinpath("manifest.json").read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ValueError(f"no baseline prompt version {version!r}") from None
    templates: dict[str, _Template] = {}
    for kind in PROMPT_KINDS:
        entry = manifest["prompts"][kind]
        system = root.joinpath(entry["system"]).read_text(encoding="utf-8").strip() if entry.get("system") else ""
        user = root.joinpath(entry["user"]).read_text(encoding="utf-8").strip()
        declared = tuple(entry["placeholders"])
        found = set(_PLACEHOLDER.findall(system)) | set(_PLACEHOLDER.findall(user))
        if found != set(declared):
            raise ValueError(f"prompt {version}/{kind}: placeholders {sorted(found)} differ from the manifest's {sorted(declared)}")
        templates[kind] = _Template(system, user, declared, int(entry["figure"]))
    return BaselinePromptSet(manifest["version"], templates)


# ------------------------------------------------------------------------------ tool fields

_PY_TYPES = {"string": "str", "integer": "int", "number": "float", "boolean": "bool", "array": "list", "object": "dict", "null": "None"}


def _type_name(schema: Any) -> str:
    """A Python-style type label of a JSON Schema node (``str``, ``list[str]``, ``str | None``, ``Any``)."""
    if not isinstance(schema, Mapping):
        return "Any"
    kind = schema.get("type")
    if isinstance(kind, list):
        labels = [_PY_TYPES.get(k, "Any") for k in kind if isinstance(k, str)]
        return " | ".join(dict.fromkeys(labels)) or "Any"
    if kind == "array" and isinstance(schema.get("items"), Mapping) and schema["items"].get("type") in _PY_TYPES:
        return f"list[{_type_name(schema['items'])}]"
    return _PY_TYPES.get(kind, "Any") if isinstance(kind, str) else "Any"


def _default_text(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= _MAX_DEFAULT_CHARS else "..."


def tool_signature(spec: ToolSpec) -> str:
    """``(a: str, b: int = 3, c: list = None)``: required inputs bare, optional ones with their default."""
    props = (spec.parameters or {}).get("properties") or {}
    required = set(spec.required_inputs)
    parts = []
    for name, schema in props.items():
        label = f"{name}: {_type_name(schema)}"
        if name not in required:
            default = schema.get("default") if isinstance(schema, Mapping) else None
            label += f" = {_default_text(default)}"
        parts.append(label)
    return "(" + ", ".join(parts) + ")"


def tool_docstring(spec: ToolSpec) -> str:
    """The description, then ``Args:`` (inputs with descriptions) and ``Returns:`` from the response schema."""
    lines = [spec.description.strip()]
    props = (spec.parameters or {}).get("properties") or {}
    args = [(n, s) for n, s in props.items() if isinstance(s, Mapping) and isinstance(s.get("description"), str) and s["description"].strip()]
    if args:
        lines.append("Args:")
        lines += [f"    {n} ({_type_name(s)}): {' '.join(s['description'].split())}" for n, s in args]
    response = spec.response
    if isinstance(response, Mapping):
        fields = response.get("properties") if isinstance(response.get("properties"), Mapping) else {}
        head = " ".join(str(response.get("description") or "").split())
        described = [(n, s) for n, s in fields.items() if isinstance(s, Mapping)]
        if head or described:
            lines.append(f"Returns: {head}".rstrip())
            for n, s in described:
                desc = " ".join(str(s.get("description") or "").split())
                lines.append(f"    {n} ({_type_name(s)})" + (f": {desc}" if desc else ""))
    return "\n".join(line for line in lines if line)


def tool_category(spec: ToolSpec) -> str | None:
    """The tool's published ``category`` when it has one, else its namespace (class or app), else None."""
    doc = spec.public_doc()
    category = doc.get("category")
    if isinstance(category, str) and category.strip():
        return category.strip()
    return spec.namespace


def api_document(spec: ToolSpec) -> str:
    """The serialized public metadata: the text dense retrieval embeds for every method alike."""
    return spec.text()
