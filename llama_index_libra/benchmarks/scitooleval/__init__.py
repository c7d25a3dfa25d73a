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
:class:`~llama_index_libra.benchmarks.scitooleval.runtime.SciToolAgentRuntime` produces.

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

from llama_index_libra.benchmarks.scitooleval.benchmark import load_scitooleval, load_scitooleval_all
from llama_index_libra.benchmarks.scitooleval.catalog import (
    SCITOOLEVAL_K,
    SPLITS,
    KGTool,
    input_field,
    kg_tool_spec,
    load_kg_tools,
    load_scitooleval_catalog,
    output_field,
    reconcile_name,
    repair_text,
    scitooleval_data,
    tool_key,
    tool_spec,
    tool_token_key,
)
from llama_index_libra.benchmarks.scitooleval.report import SciToolEvalReport, scitooleval_report
from llama_index_libra.benchmarks.scitooleval.runtime import SAMPLE_INPUTS, SciToolAgentRuntime, scitoolagent_runtime
from llama_index_libra.benchmarks.scitooleval.tasks import (
    SciToolEvalRecord,
    executability_scan,
    load_frozen_subset,
    load_scitooleval_records,
    load_scitooleval_tasks,
    offline_executable,
)

__all__ = [
    "SCITOOLEVAL_K",
    "SPLITS",
    "KGTool",
    "SciToolEvalRecord",
    "SciToolEvalReport",
    "SciToolAgentRuntime",
    "SAMPLE_INPUTS",
    "scitoolagent_runtime",
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
