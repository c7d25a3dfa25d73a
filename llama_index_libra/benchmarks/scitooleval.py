"""SciToolEval (Ding et al., 2025): 485 scientific tools, level-1 and level-2 questions, K = 10.

The data ship inside this package (``benchmarks/data/scitooleval``, MIT, from the SciToolAgent
repository HICAI-ZJU/SciToolAgent at commit fe04612; ``LICENSE.SciToolAgent`` beside them) and are
read with :mod:`importlib.resources`, so users need nothing else. No SciToolAgent code is here.

**Catalog.** The SciToolKG graph store (a LlamaIndex ``SimpleGraphStore`` dump) holds 485 tool nodes:
the nodes with an ``is a`` (category) relation. Each tool's published facts are its category, its
``has the functionality that`` description, its ``inputs`` and ``outputs`` type labels, ``is sourced
from`` and whether it ``needs`` a "Security Check"; ``GetStructureByMaterialId`` is listed twice with
two sources and is merged into one tool. Those facts, as one JSON object, are the public metadata that
every retrieval method indexes (:meth:`ToolSpec.text`). Every SciToolAgent tool takes one string, so
the normalized view (:func:`tool_spec`) is a JSON Schema with one required string input, named after
the input type (``smiles``, ``protein_sequence``; ``input`` when the string packs several inputs), and
a response object with one string field named after the output type (``result`` when there are
several outputs or the label is long): the record that
:class:`~llama_index_libra.runtime.scitoolagent.SciToolAgentRuntime` produces.

**Tasks.** ``level1_question.jsonl`` (152 rows, one tool each) and ``level2_question.jsonl`` (379 rows,
ordered ``tool_path`` of 2-11 calls, repeats allowed). Query = the question; gold = the distinct tools
of ``tool_path`` in first-use order (repeats collapse, as Appendix D says). Task ids are
``level1-0000`` ... (split and 0-based row), so every task traces back to its released record.

**Repairs and reconciliation.** A global "action" -> "tool_path" replace in the released files turned
"fraction" into "frtool_path" in 10 places of ``level2_question.jsonl`` (6 lower-case, 4 capitalized,
e.g. gold tool ``GetFrtool_pathCSP3`` and "diffrtool_path"): both are repaired. Gold names are then
reconciled with the catalog by exact name, else by a unique case- and punctuation-insensitive match
(``Length_SELFIES`` -> ``LengthSELFIES``), else by a unique permutation of the name's camel-case
tokens (``ORFFind`` -> ``FindORF``); with the shipped files no gold name needs it, and
:func:`scitooleval_report` lists any that did. Two gold tools are absent from the graph
(``AnalyzeProteinSeqFromPDB``, ``CalculateForceFromSequence``, one level-1 task each): no method can
retrieve them, so those 2 tasks are reported and left out of every task set. The graph itself keeps
two spellings of one implementation (``InChIKeyToMOL`` and ``InChIKeyToMol``) as separate published
tools; the runtime resolves both to the checkout's one entry.

**Counts, and why they differ from the paper.** Shipped: 485 tools, 152 + 379 = 531 questions, 529 with
every gold tool in the catalog. The paper counts 477 tools and 530 tasks (150 + 380). 477 is the
number of distinct tool names registered in the SciToolAgent code (``ToolsFuns/tools_dict.py`` lists
489 entries, 477 distinct), not the graph's 485 nodes: the two sets share 444 names exactly, the graph
has 41 names the code does not register under that spelling (5 of them are the same tool spelled
differently: ``LengthSELFIES``, ``SplitSELFIES``, ``InChIKeyToMol``, ``GetFracAChargeByBatteryId``,
``FindORF``), and the code registers 33 names the graph lacks. 150 level-1 tasks is the row count of
``level1_correct_answer.jsonl`` (two level-1 questions, rows 135 and 139, have no reference answer);
no revision of the repository (18a67e2, a6a01a8, fe04612) holds 380 level-2 rows, all hold 379.

**Protocol (Appendix D).** K = 10, the same frozen subset for every method, results on all tasks
beside it (benchmarks ``scitooleval`` and ``scitooleval-all``). The frozen subset
(``frozen_subset.json``) was written once by ``scripts/freeze_scitooleval_subset.py`` from a static
executability scan over the published tool facts, before any method was run; it records, per kept task,
its split, row, the SHA-256 of the released question and the released ``tool_path``, and the loader
checks each against the packaged files. The scan (:func:`offline_executable`) keeps a task when every
gold tool is in the catalog and runs offline in a local Python environment:

1. its published source is a local Python package (RDKit, selfies, pymatgen, moffragmentor,
   MDAnalysis, Biopython, Bio.PDB); tools sourced from a Web API, an API client (mp-api,
   rxn4chemistry, chemcrow, langchain's search wrappers, paperqa, molbloom's downloaded filter), an AI
   model (model weights: AI Model, chroma, chatmof) or a "Custom Tool" (an LLM code interpreter, a lab
   robot, model training on uploaded files) are not executable offline;
2. the InChI/InChIKey converters (``InChI...To...``, ``InChIKeyTo...``, ``IsValidInChIKey``) call the
   legacy ChemSpider InChI web service, whatever their published source says (``InChIKeyToMol`` is
   published as a selfies tool), and ``PerformBlastQuery`` submits to NCBI's BLAST server;
3. ``SMILESToInChI`` is published as a Web API but computes the InChI locally with RDKit: it is
   executable.

The scan keeps 241 tasks (123 level-1 + 118 level-2) of 531. The paper kept 270 of 530 with a rule it
describes only by its main exclusion (the ChemSpider wrappers) and ran a service-based runtime with
network access; excluding only those wrappers would keep about 425 tasks here, and an offline runtime
cannot run the 150 tasks that start with ``NameToSMILES`` (PubChem) either. The subset is therefore
this package's own, stated rule, not a reconstruction of the paper's 270.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from typing import TYPE_CHECKING, Any, Iterable, Sequence

from llama_index_libra.benchmarks.base import Benchmark, BenchmarkError, Task
from llama_index_libra.catalog import ToolCatalog, ToolSpec

if TYPE_CHECKING:  # pragma: no cover
    from importlib.abc import Traversable

__all__ = [
    "SCITOOLEVAL_K",
    "SPLITS",
    "KGTool",
    "SciToolEvalRecord",
    "SciToolEvalReport",
    "scitooleval_data",
    "load_kg_tools",
    "tool_spec",
    "kg_tool_spec",
    "input_field",
    "output_field",
    "load_scitooleval_catalog",
    "load_scitooleval_records",
    "offline_executable",
    "executability_scan",
    "load_frozen_subset",
    "load_scitooleval_tasks",
    "load_scitooleval",
    "load_scitooleval_all",
    "scitooleval_report",
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

# --------------------------------------------------------------------------- the executability rule
# Published sources (``is sourced from``, spaces and case ignored) of tools that compute locally.
LOCAL_SOURCES = frozenset(
    {
        "pythonpackage(rdkit)",
        "pythonpackage(selfies)",
        "pythonpackage(pymatgen)",
        "pythonpackage(moffragmentor)",
        "pythonpackage(mdanalysis)",
        "pythonpackage(biopython)",
        "pythonpackage(bio.pdb)",
    }
)
# Why the other published sources cannot run offline.
SOURCE_REASONS = {
    "webapi": "calls a web service",
    "pythonpackage(mp-api)": "queries the Materials Project web API (API key)",
    "pythonpackage(rxn4chemistry)": "calls the IBM RXN web service (API key)",
    "pythonpackage(rxn5chemistry)": "calls the IBM RXN web service (API key)",
    "pythonpackage(chemcrow)": "looks chemicals up in web services",
    "pythonpackage(langchain)": "calls a web search or Wolfram Alpha (API key)",
    "pythonpackage(paperqa)": "asks an LLM over a paper database",
    "pythonpackage(molbloom)": "downloads its patent filter on first use",
    "aimodel": "needs model weights",
    "pythonpackage(chroma)": "needs the Chroma model weights (API key)",
    "pythonpackage(chatmof)": "drives an LLM",
    "customtool": "custom code (LLM code interpreter, lab robot, training on uploaded files)",
}
# InChI/InChIKey converters wrap the legacy ChemSpider InChI web service (Appendix D, DESIGN.md).
CHEMSPIDER_CONVERTER = re.compile(r"^(?:InChI(?:Key)?To\w+|IsValidInChIKey)$")
# Facts from reading the released implementation that the published source gets wrong.
SOURCE_OVERRIDES: dict[str, tuple[bool, str]] = {
    "SMILESToInChI": (True, "published as a Web API, but computes the InChI locally with RDKit"),
    "PerformBlastQuery": (False, "submits the sequence to NCBI's BLAST web server"),
}

# Paper figures (Appendix C/D) reported beside the shipped counts.
PAPER_COUNTS = {"tools": 477, "tasks": 530, "level1": 150, "level2": 380, "kept": 270}


# --------------------------------------------------------------------------- data access


def scitooleval_data() -> "Traversable":
    """The packaged data folder (graph store, question files, license, frozen subset)."""
    return resources.files("llama_index_libra.benchmarks").joinpath("data", "scitooleval")


def _read_text(name: str) -> str:
    node = scitooleval_data().joinpath(name)
    try:
        return node.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise BenchmarkError(f"SciToolEval data file {name} is missing from the installed package") from None


def _sha256(text: str) -> str:
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
    graph = json.loads(_read_text(GRAPH_FILE)).get("graph_dict")
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


# --------------------------------------------------------------------------- tasks


@dataclass(frozen=True)
class SciToolEvalRecord:
    """One released question, repaired, with what was repaired and how gold names were reconciled."""

    split: str
    row: int
    question: str
    tool_path: tuple[str, ...]
    parameter: str | None
    released_question: str
    released_tool_path: tuple[str, ...]
    repairs: int
    reconciled: tuple[tuple[str, str, str], ...]  # (released name, catalog name, how)
    missing: tuple[str, ...]

    @property
    def id(self) -> str:
        return f"{self.split}-{self.row:04d}"

    @property
    def question_sha256(self) -> str:
        """SHA-256 of the released (unrepaired) question text."""
        return _sha256(self.released_question)

    @property
    def gold(self) -> tuple[str, ...]:
        """Distinct tools of the repaired, reconciled path, in first-use order."""
        out: list[str] = []
        for t in self.tool_path:
            if t not in out:
                out.append(t)
        return tuple(out)


@lru_cache(maxsize=1)
def load_scitooleval_records() -> tuple[SciToolEvalRecord, ...]:
    """All 531 released questions (level-1 then level-2, file order), repaired and reconciled."""
    names = load_scitooleval_catalog().names
    records = []
    for split in SPLITS:
        text = _read_text(SPLIT_FILES[split])
        for row, line in enumerate(l for l in text.splitlines() if l.strip()):
            try:
                raw = json.loads(line)
            except json.JSONDecodeError as exc:
                raise BenchmarkError(f"{SPLIT_FILES[split]} row {row}: {exc}") from None
            if not isinstance(raw.get("question"), str) or not isinstance(raw.get("tool_path"), list):
                raise BenchmarkError(f"{SPLIT_FILES[split]} row {row} lacks question or tool_path")
            question, n_q = repair_text(raw["question"])
            parameter = raw.get("Parameter")
            n_p = 0
            if isinstance(parameter, str):
                parameter, n_p = repair_text(parameter)
            path: list[str] = []
            reconciled: list[tuple[str, str, str]] = []
            missing: list[str] = []
            n_t = 0
            for released in raw["tool_path"]:
                repaired, n = repair_text(str(released))
                n_t += n
                match, how = reconcile_name(repaired, names)
                if match is None:
                    missing.append(repaired)
                    path.append(repaired)
                    continue
                if how != "exact":
                    reconciled.append((repaired, match, how))
                path.append(match)
            records.append(
                SciToolEvalRecord(
                    split=split,
                    row=row,
                    question=question,
                    tool_path=tuple(path),
                    parameter=parameter if isinstance(parameter, str) else None,
                    released_question=raw["question"],
                    released_tool_path=tuple(str(t) for t in raw["tool_path"]),
                    repairs=n_q + n_p + n_t,
                    reconciled=tuple(reconciled),
                    missing=tuple(dict.fromkeys(missing)),
                )
            )
    return tuple(records)


def offline_executable(tool: KGTool) -> tuple[bool, str]:
    """Whether ``tool`` runs offline in a local Python environment, and why (the frozen-subset rule)."""
    if tool.name in SOURCE_OVERRIDES:
        return SOURCE_OVERRIDES[tool.name]
    if CHEMSPIDER_CONVERTER.match(tool.name):
        return False, "InChI/InChIKey converter: calls the legacy ChemSpider InChI web service"
    keys = [re.sub(r"\s+", "", s.lower()) for s in tool.sources]
    if not keys:
        return False, "no published source"
    for key in keys:
        if key not in LOCAL_SOURCES:
            return False, f"sourced from {tool.sources[keys.index(key)]}: " + SOURCE_REASONS.get(key, "not a local package")
    return True, "local Python package: " + ", ".join(tool.sources)


def executability_scan() -> dict[str, Any]:
    """The static scan: which released tasks keep every gold tool offline-executable.

    Reads only the packaged files and the published tool facts (never a method's output). Returns the
    JSON object ``scripts/freeze_scitooleval_subset.py`` writes as ``frozen_subset.json``.
    """
    tools = {t.name: t for t in load_kg_tools()}
    verdicts = {name: offline_executable(t) for name, t in tools.items()}
    kept: list[dict[str, Any]] = []
    excluded: list[dict[str, Any]] = []
    counts: dict[str, dict[str, int]] = {s: {"released": 0, "kept": 0} for s in SPLITS}
    for rec in load_scitooleval_records():
        counts[rec.split]["released"] += 1
        reasons = []
        for name in rec.gold:
            if name not in tools:
                reasons.append(f"{name}: not in the SciToolKG catalog")
            elif not verdicts[name][0]:
                reasons.append(f"{name}: {verdicts[name][1]}")
        entry = {
            "split": rec.split,
            "row": rec.row,
            "question_sha256": rec.question_sha256,
            "tool_path": list(rec.released_tool_path),
        }
        if reasons:
            excluded.append({"split": rec.split, "row": rec.row, "reasons": reasons})
        else:
            counts[rec.split]["kept"] += 1
            kept.append(entry)
    return {
        "name": FROZEN_SUBSET_NAME,
        "written_by": "scripts/freeze_scitooleval_subset.py",
        "rule": (
            "Keep a task when every distinct gold tool is in the SciToolKG catalog and runs offline: its "
            "published source is a local Python package (RDKit, selfies, pymatgen, moffragmentor, MDAnalysis, "
            "Biopython, Bio.PDB), it is not an InChI/InChIKey converter (legacy ChemSpider web service) and "
            "not PerformBlastQuery (NCBI BLAST server); SMILESToInChI computes locally with RDKit despite its "
            "Web API label. Decided from the published tool facts alone, before any method was run."
        ),
        "data_sha256": {name: _sha256(_read_text(name)) for name in DATA_FILES},
        "executable_tools": sorted(n for n, v in verdicts.items() if v[0]),
        "counts": {**counts, "kept": len(kept), "released": len(kept) + len(excluded)},
        "tasks": kept,
        "excluded": excluded,
    }


@lru_cache(maxsize=1)
def _frozen_subset_cached() -> str:
    return _read_text(FROZEN_SUBSET_FILE)


def load_frozen_subset() -> dict[str, Any]:
    """The frozen subset, checked against the packaged question files (hash and gold path per task)."""
    data = json.loads(_frozen_subset_cached())
    records = {(r.split, r.row): r for r in load_scitooleval_records()}
    for entry in data.get("tasks", []):
        rec = records.get((entry["split"], entry["row"]))
        if rec is None:
            raise BenchmarkError(f"frozen SciToolEval task {entry['split']} row {entry['row']} is not in the data")
        if rec.question_sha256 != entry["question_sha256"] or list(rec.released_tool_path) != entry["tool_path"]:
            raise BenchmarkError(
                f"frozen SciToolEval task {rec.id} no longer matches its released record (question or tool_path changed)"
            )
    return data


def _task(rec: SciToolEvalRecord, executable: bool) -> Task:
    meta: dict[str, Any] = {
        "split": rec.split,
        "row": rec.row,
        "tool_path": list(rec.tool_path),
        "question_sha256": rec.question_sha256,
        "offline_executable": executable,
    }
    if rec.parameter is not None:
        meta["parameter"] = rec.parameter
    if rec.repairs:
        meta["repairs"] = rec.repairs
    return Task(id=rec.id, query=rec.question, gold=rec.gold, meta=meta)


def load_scitooleval_tasks(subset: str = "frozen") -> list[Task]:
    """Tasks of the frozen subset (``"frozen"``, 241) or of every evaluable question (``"all"``, 529).

    "All" leaves out the 2 questions whose gold tools are absent from the catalog (see the module
    docstring); :func:`scitooleval_report` names them.
    """
    if subset not in ("frozen", "all"):
        raise BenchmarkError(f"unknown SciToolEval subset {subset!r}; choose 'frozen' or 'all'")
    frozen = {(e["split"], e["row"]) for e in load_frozen_subset()["tasks"]}
    out = []
    for rec in load_scitooleval_records():
        if rec.missing:
            continue
        keep = (rec.split, rec.row) in frozen
        if subset == "all" or keep:
            out.append(_task(rec, keep))
    return out


def load_scitooleval(subset: str = "frozen") -> Benchmark:
    """SciToolEval on the frozen offline-executable subset (Appendix D protocol, K = 10)."""
    name = "scitooleval" if subset == "frozen" else f"scitooleval-{subset}"
    return Benchmark(
        name=name,
        catalog=load_scitooleval_catalog(),
        tasks=load_scitooleval_tasks(subset),
        k=SCITOOLEVAL_K,
        notes=scitooleval_report().lines(),
    )


def load_scitooleval_all() -> Benchmark:
    """SciToolEval on every question whose gold tools are in the catalog (529 of 531), K = 10."""
    return load_scitooleval("all")


# --------------------------------------------------------------------------- report


@dataclass
class SciToolEvalReport:
    """What the loader found and did: counts, repairs, reconciliations, missing gold tools."""

    tools: int
    tool_nodes_merged: list[str]
    spelling_variants_in_catalog: list[tuple[str, str]]
    released: dict[str, int]
    with_reference_answer: int
    repaired_occurrences: int
    repaired_tasks: list[str]
    reconciled: list[tuple[str, str, str, str]]  # (task id, released, catalog, how)
    missing_gold: dict[str, list[str]]  # tool -> task ids
    evaluable: int
    frozen: dict[str, int]
    paper: dict[str, int] = field(default_factory=lambda: dict(PAPER_COUNTS))

    def lines(self) -> list[str]:
        """The report as readable lines (also the ``notes`` of the loaded benchmarks)."""
        total = sum(self.released.values())
        out = [
            f"catalog: {self.tools} tools (SciToolKG graph store; the paper counts {self.paper['tools']}, the "
            "distinct names registered in the SciToolAgent code)",
            f"tasks: level-1 {self.released['level1']} + level-2 {self.released['level2']} = {total} released "
            f"(the paper: {self.paper['level1']} + {self.paper['level2']} = {self.paper['tasks']}; "
            f"{self.with_reference_answer} level-1 rows have a reference answer)",
            f"repaired 'frtool_path' -> 'fraction' in {self.repaired_occurrences} places of "
            f"{len(self.repaired_tasks)} tasks: {', '.join(self.repaired_tasks)}",
        ]
        if self.reconciled:
            out.append("reconciled gold names: " + ", ".join(f"{t}: {a} -> {b} ({how})" for t, a, b, how in self.reconciled))
        else:
            out.append("reconciled gold names: none needed (every repaired gold name is spelled as in the graph)")
        if self.spelling_variants_in_catalog:
            out.append(
                "spelling variants kept as published tools: "
                + ", ".join(f"{a} / {b}" for a, b in self.spelling_variants_in_catalog)
            )
        if self.tool_nodes_merged:
            out.append("tool nodes listed twice and merged: " + ", ".join(self.tool_nodes_merged))
        out.append(
            "gold tools missing from the catalog: "
            + "; ".join(f"{tool} ({', '.join(ids)})" for tool, ids in self.missing_gold.items())
            + f" -> {total - self.evaluable} tasks left out, {self.evaluable} evaluable"
        )
        out.append(
            f"frozen offline-executable subset: {self.frozen['kept']} tasks (level-1 {self.frozen['level1']}, "
            f"level-2 {self.frozen['level2']}); the paper kept {self.paper['kept']} of {self.paper['tasks']} "
            "under its own, service-based runtime"
        )
        return out


@lru_cache(maxsize=1)
def scitooleval_report() -> SciToolEvalReport:
    """Counts, repairs, reconciliations and missing gold tools of the packaged data."""
    graph = json.loads(_read_text(GRAPH_FILE))["graph_dict"]
    merged = sorted(n for n, rels in graph.items() if sum(1 for r in rels if r[0] == "is a") > 1)
    tools = load_kg_tools()
    by_key: dict[str, list[str]] = {}
    for t in tools:
        by_key.setdefault(tool_key(t.name), []).append(t.name)
    variants = [tuple(v) for v in by_key.values() if len(v) > 1]
    records = load_scitooleval_records()
    released = {s: sum(1 for r in records if r.split == s) for s in SPLITS}
    answers = sum(1 for line in _read_text(REFERENCE_ANSWER_FILE).splitlines() if line.strip())
    missing: dict[str, list[str]] = {}
    for r in records:
        for tool in r.missing:
            missing.setdefault(tool, []).append(r.id)
    frozen = load_frozen_subset()
    return SciToolEvalReport(
        tools=len(tools),
        tool_nodes_merged=merged,
        spelling_variants_in_catalog=[(v[0], v[1]) for v in variants],
        released=released,
        with_reference_answer=answers,
        repaired_occurrences=sum(r.repairs for r in records),
        repaired_tasks=[r.id for r in records if r.repairs],
        reconciled=[(r.id, a, b, how) for r in records for a, b, how in r.reconciled],
        missing_gold=missing,
        evaluable=sum(1 for r in records if not r.missing),
        frozen={"kept": frozen["counts"]["kept"], **{s: frozen["counts"][s]["kept"] for s in SPLITS}},
    )
