"""SciToolEval loader: counts, the repaired corruption, reconciliation, the frozen subset, packaging."""

from __future__ import annotations

import hashlib
import json
import runpy

import pytest

from llama_index_libra.benchmarks import scitooleval as ste
from llama_index_libra.benchmarks.scitooleval import catalog as ste_catalog, tasks as ste_tasks
from llama_index_libra.benchmarks.base import BenchmarkError
from llama_index_libra.evaluation.runner import evaluate
from tests.support import paths

REPO = paths.REPO
# sha256 of the frozen task ids joined with "\n": changes only if the subset changes
FROZEN_IDS_SHA256 = "9f6e4f12c5baf963fe782344c22fa7e49a4ff1f1c4dfb25e106a6e77df64ba8c"


@pytest.fixture(scope="module")
def frozen():
    return ste.load_scitooleval()


@pytest.fixture(scope="module")
def everything():
    return ste.load_scitooleval_all()


def test_shipped_counts():
    catalog = ste.load_scitooleval_catalog()
    records = ste.load_scitooleval_records()
    assert len(catalog) == 485 and len(set(catalog.names)) == 485
    assert sum(r.split == "level1" for r in records) == 152
    assert sum(r.split == "level2" for r in records) == 379
    report = ste.scitooleval_report()
    assert report.with_reference_answer == 150 and report.evaluable == 529
    assert report.missing_gold == {"AnalyzeProteinSeqFromPDB": ["level1-0006"], "CalculateForceFromSequence": ["level1-0008"]}
    text = "\n".join(report.lines())
    assert "485 tools" in text and "the paper counts 477" in text and "152 + level-2 379 = 531" in text


def test_corruption_repaired():
    records = ste.load_scitooleval_records()
    for rec in records:
        blob = json.dumps([rec.question, rec.tool_path, rec.parameter])
        assert "tool_path" not in blob.replace('"tool_path"', "")
        assert "frtool_path" not in blob.lower()
    repaired = [r for r in records if r.repairs]
    assert sum(r.repairs for r in repaired) == 10
    assert sum("GetFractionCSP3" in r.gold for r in repaired) == 4
    assert any("GetFrtool_pathCSP3" in r.released_tool_path for r in repaired)
    assert any("diffraction" in r.question for r in repaired)
    assert "GetFractionCSP3" in ste.load_scitooleval_catalog()


def test_catalog_is_one_string_in_one_field_out():
    catalog = ste.load_scitooleval_catalog()
    for spec in catalog:
        props = spec.parameters["properties"]
        assert list(spec.parameters["required"]) == list(props) and len(props) == 1
        assert next(iter(props.values()))["type"] == "string"
        assert len(spec.response["properties"]) == 1
    spec = catalog.get("SELFIEStoSMILES")
    assert spec.input_names == ["selfies"] and list(spec.response["properties"]) == ["smiles"]
    assert json.loads(spec.text()) == {
        "name": "SELFIEStoSMILES",
        "category": "Chemical Tool",
        "description": "Translates a SELFIES string into its corresponding SMILES string.",
        "inputs": ["SELFIES"],
        "outputs": ["SMILES"],
        "source": "Python Package(selfies)",
        "security_check": False,
    }
    merged = json.loads(catalog.get("GetStructureByMaterialId").text())
    assert merged["source"] == ["Python Package(mp-api)", "Web API"]
    assert "InChIKeyToMOL" in catalog and "InChIKeyToMol" in catalog
    assert catalog.get("OverlapPeptideLibraryDesign").input_names == ["input"]


def test_reconcile_name():
    names = ["LengthSELFIES", "FindORF", "InChIKeyToMOL", "GetNPR2"]
    assert ste.reconcile_name("GetNPR2", names) == ("GetNPR2", "exact")
    assert ste.reconcile_name("Length_SELFIES", names) == ("LengthSELFIES", "spelling")
    assert ste.reconcile_name("InChIKeyToMol", names) == ("InChIKeyToMOL", "spelling")
    assert ste.reconcile_name("ORFFind", names) == ("FindORF", "token order")
    assert ste.reconcile_name("GetNPR1", names) == (None, "missing")
    # ambiguous spellings are not guessed
    assert ste.reconcile_name("inchikeytomol", ["InChIKeyToMOL", "InChIKeyToMol"]) == (None, "missing")


def test_executability_rule():
    tools = {t.name: t for t in ste.load_kg_tools()}
    verdict = {name: ste.offline_executable(tools[name])[0] for name in tools}
    assert verdict["SMILESToInChI"] and verdict["SELFIEStoSMILES"] and verdict["GetNPR2"] and verdict["LengthSELFIES"]
    for name in ("InChIKeyToSMILES", "InChIKeyToInChI", "InChIKeyToMOL", "InChIKeyToMol", "IsValidInChIKey",
                 "InChIToSMILES", "NameToSMILES", "PerformBlastQuery", "SequenceToPdb", "GetBandGapByMaterialId"):
        assert not verdict[name], name
    assert sum(verdict.values()) == 186


def test_frozen_subset_is_stable(frozen):
    data = ste.load_frozen_subset()
    scan = ste.executability_scan()
    assert data["tasks"] == scan["tasks"] and data["excluded"] == scan["excluded"]
    assert data["data_sha256"] == scan["data_sha256"] and data["name"] == ste_catalog.FROZEN_SUBSET_NAME
    ids = [t.id for t in frozen.tasks]
    assert len(ids) == 241 and data["counts"]["level1"]["kept"] == 123 and data["counts"]["level2"]["kept"] == 118
    assert ids == [f"{e['split']}-{e['row']:04d}" for e in data["tasks"]]
    assert hashlib.sha256("\n".join(ids).encode()).hexdigest() == FROZEN_IDS_SHA256
    # the packaged file is exactly what the freezing script writes
    script = runpy.run_path(str(REPO / "scripts" / "freeze_scitooleval_subset.py"))
    assert script["main"](["--check"]) == 0


def test_frozen_subset_checks_the_released_records(monkeypatch):
    data = json.loads(ste_tasks._frozen_subset_cached())
    data["tasks"][0]["question_sha256"] = "0" * 64
    monkeypatch.setattr(ste_tasks, "_frozen_subset_cached", lambda: json.dumps(data))
    with pytest.raises(BenchmarkError, match="no longer matches its released record"):
        ste.load_frozen_subset()


def test_benchmarks(frozen, everything):
    assert frozen.name == "scitooleval" and frozen.k == 10 and everything.name == "scitooleval-all" and everything.k == 10
    assert len(everything.tasks) == 529 and {t.id for t in frozen.tasks} <= {t.id for t in everything.tasks}
    tools = {t.name: t for t in ste.load_kg_tools()}
    for task in frozen.tasks:
        assert task.meta["offline_executable"] and all(ste.offline_executable(tools[g])[0] for g in task.gold)
    assert sum(t.meta["offline_executable"] for t in everything.tasks) == 241
    repeated = next(t for t in everything.tasks if len(t.meta["tool_path"]) > len(t.gold))
    assert list(dict.fromkeys(repeated.meta["tool_path"])) == list(repeated.gold)
    task = everything.tasks[0]
    assert task.id == "level1-0000" and task.meta["split"] == "level1" and task.meta["row"] == 0
    assert any("frozen offline-executable subset: 241" in line for line in frozen.notes)


def test_data_are_packaged_with_the_license():
    data = ste.scitooleval_data()
    assert "MIT License" in data.joinpath("LICENSE.SciToolAgent").read_text(encoding="utf-8")
    for name in (*ste_catalog.DATA_FILES, ste_catalog.FROZEN_SUBSET_FILE):
        assert data.joinpath(name).is_file(), name


def test_bm25_on_the_frozen_subset(frozen):
    r = evaluate(frozen, ["bm25"], show_progress=False).get("bm25")
    assert (round(100 * r.precision, 1), round(100 * r.recall, 1), round(100 * r.ndcg, 1)) == (13.7, 92.7, 80.0)
