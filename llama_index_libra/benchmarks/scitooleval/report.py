"""What the SciToolEval loader found and did: counts, repairs, reconciliations, missing gold tools."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import lru_cache

from llama_index_libra.benchmarks.scitooleval.catalog import (
    GRAPH_FILE,
    REFERENCE_ANSWER_FILE,
    SPLITS,
    load_kg_tools,
    read_data_text,
    tool_key,
)
from llama_index_libra.benchmarks.scitooleval.tasks import load_frozen_subset, load_scitooleval_records

__all__ = ["SciToolEvalReport", "scitooleval_report", "PAPER_COUNTS"]

# Paper figures (Appendix C/D) reported beside the shipped counts.
PAPER_COUNTS = {"tools": 477, "tasks": 530, "level1": 150, "level2": 380, "kept": 270}


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
    graph = json.loads(read_data_text(GRAPH_FILE))["graph_dict"]
    merged = sorted(n for n, rels in graph.items() if sum(1 for r in rels if r[0] == "is a") > 1)
    tools = load_kg_tools()
    by_key: dict[str, list[str]] = {}
    for t in tools:
        by_key.setdefault(tool_key(t.name), []).append(t.name)
    variants = [tuple(v) for v in by_key.values() if len(v) > 1]
    records = load_scitooleval_records()
    released = {s: sum(1 for r in records if r.split == s) for s in SPLITS}
    answers = sum(1 for line in read_data_text(REFERENCE_ANSWER_FILE).splitlines() if line.strip())
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
