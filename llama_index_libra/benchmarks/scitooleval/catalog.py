"""SciToolEval's catalog: the packaged data, tool-name reconciliation, and one ToolSpec per SciToolKG tool
(the package's docstring says what the data are and why the counts differ from the paper's)."""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import TYPE_CHECKING, Any, Iterable, Sequence

from llama_index_libra.benchmarks.base import BenchmarkError
from llama_index_libra.catalog import ToolCatalog, ToolSpec

if TYPE_CHECKING:  # pragma: no cover
    from importlib.abc import Traversable

__all__ = [
    "SCITOOLEVAL_K",
    "SPLITS",
    "KGTool",
    "scitooleval_data",
    "read_data_text",
    "data_sha256",
    "load_kg_tools",
    "tool_spec",
    "kg_tool_spec",
    "input_field",
    "output_field",
    "load_scitooleval_catalog",
    "tool_key",
    "tool_token_key",
    "reconcile_name",
    "repair_text",
]

SCITOOLEVAL_K = 10
SPLITS = ("level1", "level2")
GRAPH_FILE = "SciToolKG_graph_store.json"
SPLIT_FILES = {"level1": "level1_question.jsonl", "level2": "level2_question.jsonl"}
REFERENCE_ANSWER_FILE = "level1_correct_answer.jsonl"
FROZEN_SUBSET_FILE = "frozen_subset.json"
LICENSE_FILE = "LICENSE.SciToolAgent"
DATA_FILES = (GRAPH_FILE, SPLIT_FILES["level1"], SPLIT_FILES["level2"], REFERENCE_ANSWER_FILE)
FROZEN_SUBSET_NAME = "scitooleval-offline-v1"

# The global "action" -> "tool_path" replace in the released files (DESIGN.md, data README).
CORRUPTIONS: tuple[tuple[str, str], ...] = (("frtool_path", "fraction"), ("Frtool_path", "Fraction"))


# --------------------------------------------------------------------------- data access


def scitooleval_data() -> "Traversable":
    """The packaged data folder (graph store, question files, license, frozen subset)."""
    return resources.files("llama_index_libra.benchmarks").joinpath("data", "scitooleval")


def read_data_text(name: str) -> str:
    node = scitooleval_data().joinpath(name)
    try:
        return node.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise BenchmarkError(f"SciToolEval data file {name} is missing from the installed package") from None


def data_sha256(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def repair_text(text: str) -> tuple[str, int]:
    """``text`` with the "frtool_path" corruption undone, and the number of occurrences repaired."""
    count = 0
    for bad, good in CORRUPTIONS:
        count += text.count(bad)
        text = text.replace(bad, good)
    return text, count


# --------------------------------------------------------------------------- names


def _camel_tokens(name: str) -> list[str]:
    """``GetNPR2`` -> ``["get", "npr2"]``, ``ORFFind`` -> ``["orf", "find"]``."""
    out = []
    for part in re.split(r"[^A-Za-z0-9]+", name):
        out += [t.lower() for t in re.findall(r"[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+\d*|[A-Z]+\d*|\d+", part)]
    return out


def tool_key(name: str) -> str:
    """Case- and punctuation-insensitive key: ``Length_SELFIES`` and ``LengthSELFIES`` share one."""
    return re.sub(r"[^a-z0-9]", "", name.lower())


def tool_token_key(name: str) -> tuple[str, ...]:
    """Order-insensitive token key: ``ORFFind`` and ``FindORF`` share one."""
    return tuple(sorted(_camel_tokens(name)))


def reconcile_name(name: str, known: Iterable[str]) -> tuple[str | None, str]:
    """The name in ``known`` that ``name`` denotes, and how it matched.

    Exact first, then a unique :func:`tool_key` match, then a unique :func:`tool_token_key` match;
    ``(None, "missing")`` when none (or several) match.
    """
    known = list(known)
    if name in known:
        return name, "exact"
    by_key = [k for k in known if tool_key(k) == tool_key(name)]
    if len(by_key) == 1:
        return by_key[0], "spelling"
    if not by_key:
        tokens = tool_token_key(name)
        by_tokens = [k for k in known if tool_token_key(k) == tokens]
        if len(by_tokens) == 1:
            return by_tokens[0], "token order"
    return None, "missing"


def _snake(label: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", label.lower()).strip("_")


def input_field(inputs: Sequence[str]) -> str:
    """The name of a tool's one string input: the snake-cased input type, ``input`` for several."""
    if len(inputs) == 1:
        name = _snake(inputs[0])[:40].strip("_")
        if name and not name[0].isdigit():
            return name
    return "input"


def output_field(outputs: Sequence[str]) -> str:
    """The response field name: the snake-cased output type (at most 4 words), else ``result``."""
    if len(outputs) == 1:
        name = _snake(outputs[0])
        if name and not name[0].isdigit() and len(name.split("_")) <= 4 and len(name) <= 32:
            return name
    return "result"


# --------------------------------------------------------------------------- catalog


@dataclass(frozen=True)
class KGTool:
    """One tool node of the SciToolKG graph with its published facts."""

    name: str
    category: str
    description: str
    inputs: tuple[str, ...]
    outputs: tuple[str, ...]
    sources: tuple[str, ...]
    security_check: bool

    def public_doc(self) -> dict[str, Any]:
        """The published facts as one JSON object: the text retrieval methods index."""
        return {
            "name": self.name,
            "category": self.category,
            "description": self.description,
            "inputs": list(self.inputs),
            "outputs": list(self.outputs),
            "source": self.sources[0] if len(self.sources) == 1 else list(self.sources),
            "security_check": self.security_check,
        }


def _unique(values: Iterable[str]) -> tuple[str, ...]:
    out: list[str] = []
    for v in values:
        v = v.strip()
        if v and v not in out:
            out.append(v)
    return tuple(out)


@lru_cache(maxsize=1)
def load_kg_tools() -> tuple[KGTool, ...]:
    """The 485 tool nodes of the graph store, in graph order (repeated relations merged)."""
    graph = json.loads(read_data_text(GRAPH_FILE)).get("graph_dict")
    if not isinstance(graph, dict):
        raise BenchmarkError(f"{GRAPH_FILE} has no graph_dict")
    tools = []
    for name, relations in graph.items():
        facts: dict[str, list[str]] = {}
        for rel, obj in relations:
            facts.setdefault(rel, []).append(obj)
        if "is a" not in facts:
            continue  # a type node (an input or output label), not a tool
        descriptions = _unique(facts.get("has the functionality that", []))
        if not descriptions:
            raise BenchmarkError(f"SciToolKG tool {name!r} has no description")
        tools.append(
            KGTool(
                name=name,
                category=_unique(facts["is a"])[0],
                description=descriptions[0],
                inputs=_unique(facts.get("inputs", [])),
                outputs=_unique(facts.get("outputs", [])),
                sources=_unique(facts.get("is sourced from", [])),
                security_check="Security Check" in facts.get("needs", []),
            )
        )
    return tuple(tools)


def tool_spec(
    name: str,
    description: str,
    inputs: Sequence[str],
    outputs: Sequence[str],
    *,
    category: str = "Tool",
    sources: Sequence[str] = (),
    security_check: bool = False,
) -> ToolSpec:
    """A SciToolAgent-style :class:`ToolSpec`: one string input, one string response field.

    ``source`` (what retrieval indexes) is the published facts; ``parameters``/``response`` are the
    normalized view that contracts and the runtime use. Also builds catalogs for other checkouts.
    """
    tool = KGTool(name, category, description, tuple(inputs), tuple(outputs), tuple(sources), security_check)
    return kg_tool_spec(tool)


def kg_tool_spec(tool: KGTool) -> ToolSpec:
    """The :class:`ToolSpec` of one graph tool (see :func:`tool_spec`)."""
    in_name = input_field(tool.inputs)
    out_name = output_field(tool.outputs)
    if len(tool.inputs) > 1:
        in_desc = "One string holding: " + ", ".join(tool.inputs) + "."
    else:
        in_desc = (tool.inputs[0] if tool.inputs else "The input") + "."
    parameters = {
        "type": "object",
        "properties": {in_name: {"type": "string", "description": in_desc}},
        "required": [in_name],
    }
    out_desc = ", ".join(tool.outputs) if tool.outputs else "The tool's result"
    response = {
        "type": "object",
        "description": "The tool's markdown reply, normalized: the value after its Result label.",
        "properties": {out_name: {"type": "string", "description": out_desc}},
        "required": [out_name],
    }
    return ToolSpec(
        name=tool.name,
        description=tool.description,
        parameters=parameters,
        response=response,
        source=tool.public_doc(),
    )


@lru_cache(maxsize=1)
def load_scitooleval_catalog() -> ToolCatalog:
    """The 485-tool SciToolKG catalog, in graph order."""
    return ToolCatalog([kg_tool_spec(t) for t in load_kg_tools()], name="scitooleval")
