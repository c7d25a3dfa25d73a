"""The baselines' LLM prompts (LIBRA Appendix A, Figures 10-14) and the tool fields that fill them.

The prompt texts live in ``llama_index_libra/prompts/baselines/<version>/`` as package data (see its
``manifest.json`` for how they were transcribed); this module loads them, checks their placeholders,
and fills them (the tool fields come from :mod:`.toolfields`: public metadata only).
Placeholders are substituted in one pass, so a value that itself contains ``{tool_name}`` stays as is.
"""

from __future__ import annotations

import functools
import json
import re
from dataclasses import dataclass
from importlib import resources
from typing import Mapping

from llama_index_libra.baselines.toolfields import api_document, tool_category, tool_docstring, tool_signature

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
