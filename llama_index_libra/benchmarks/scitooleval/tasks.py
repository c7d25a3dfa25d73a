"""SciToolEval's tasks: the released questions repaired and reconciled, the offline-executability rule,
and the frozen subset every method is evaluated on (Appendix D protocol, K = 10)."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from llama_index_libra.benchmarks.base import BenchmarkError, Task
from llama_index_libra.benchmarks.scitooleval.catalog import (
    DATA_FILES,
    FROZEN_SUBSET_FILE,
    FROZEN_SUBSET_NAME,
    SPLIT_FILES,
    SPLITS,
    KGTool,
    data_sha256,
    load_kg_tools,
    load_scitooleval_catalog,
    read_data_text,
    reconcile_name,
    repair_text,
)

__all__ = [
    "SciToolEvalRecord",
    "load_scitooleval_records",
    "offline_executable",
    "executability_scan",
    "load_frozen_subset",
    "load_scitooleval_tasks",
    "LOCAL_SOURCES",
    "SOURCE_REASONS",
    "SOURCE_OVERRIDES",
]

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
        return data_sha256(self.released_question)

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
        text = read_data_text(SPLIT_FILES[split])
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
        "data_sha256": {name: data_sha256(read_data_text(name)) for name in DATA_FILES},
        "executable_tools": sorted(n for n, v in verdicts.items() if v[0]),
        "counts": {**counts, "kept": len(kept), "released": len(kept) + len(excluded)},
        "tasks": kept,
        "excluded": excluded,
    }


@lru_cache(maxsize=1)
def _frozen_subset_cached() -> str:
    return read_data_text(FROZEN_SUBSET_FILE)


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
