"""SciToolAgentRuntime against the fixture checkout in tests/fixtures (no SciToolAgent code).

The current interpreter plays the checkout's interpreter, so nothing extra is needed. RDKit tests run
only when ``$LIBRA_TEST_RDKIT_PYTHON`` names an interpreter with RDKit (or this one has it).
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
import tempfile
import time

import pytest

from llama_index_libra.benchmarks.scitooleval import load_scitooleval_catalog, tool_spec
from llama_index_libra.catalog import ToolCatalog
from llama_index_libra.induction.engine import InductionConfig, induce
from llama_index_libra.benchmarks.scitooleval.runtime import (
    CHECKOUT_ENV,
    PYTHON_ENV,
    WORKDIR_PLACEHOLDER,
    CheckoutRegistry,
    SciToolAgentRuntime,
    extract_result,
    normalize_reply,
    scitoolagent_runtime,
)
from tests.support import paths

CHECKOUT = paths.FIXTURES / "scitoolagent_checkout"
FAULTY = ["SleepForever", "ExitAbruptly", "Segfault", "PrintGarbage", "ChattyTool", "ReturnNone", "RaiseError",
          "ReturnBytes", "WriteScratchFile", "EchoText"]
CHEMICAL = ["SELFIEStoSMILES", "SMILEStoSELFIES", "LengthSELFIES", "GetHeavyAtomsNum", "GetMolFormula"]


def _rdkit_python() -> str | None:
    given = os.environ.get("LIBRA_TEST_RDKIT_PYTHON")
    if given:
        return given
    return sys.executable if importlib.util.find_spec("rdkit") is not None else None


@pytest.fixture(scope="module")
def chem():
    """The packaged SciToolEval catalog over the fixture checkout."""
    return SciToolAgentRuntime(CHECKOUT, python=sys.executable, timeout_s=10)


@pytest.fixture(scope="module")
def faulty():
    catalog = ToolCatalog([tool_spec(n, f"Fixture tool {n}.", ["text"], ["answer"]) for n in FAULTY], name="faulty")
    return SciToolAgentRuntime(CHECKOUT, python=sys.executable, timeout_s=0.5, import_grace_s=0.5, catalog=catalog)


def _call(runtime, tool, value):
    spec = runtime.catalog.get(tool)
    return runtime.call(runtime.fresh(), tool, {spec.input_names[0]: value})


# --------------------------------------------------------------------------- finding tools


def test_registry_follows_the_dictionaries_statically():
    registry = CheckoutRegistry.scan(CHECKOUT)
    assert registry.tools_root == (CHECKOUT / "ToolsAgent").resolve() and registry.problems == []
    assert len(registry) == 19  # SMILEStoSELFIES is listed twice
    entry = registry.tools["GetHeavyAtomsNum"]
    assert (entry.module, entry.attribute) == ("ToolsFuns.Chemical.descriptorTools", "count_heavy_atoms")
    assert registry.tools["GetNPR2"].module == "ToolsFuns.Chemical.rdkitTools"
    lam = registry.tools["EchoText"]  # a lambda in the dictionary: the dictionary is imported
    assert lam.module is None and lam.dict_module == "ToolsFuns.General.tool_name_dict"
    assert CheckoutRegistry.scan(CHECKOUT / "ToolsAgent").tools_root == registry.tools_root


def _count_workers(monkeypatch, runtime) -> list[str]:
    """Names of the tools for which ``runtime`` starts a worker process from now on."""
    started: list[str] = []
    real = type(runtime).run_worker

    def counting(self, entry, text, limit_s):
        started.append(entry.name)
        return real(self, entry, text, limit_s)

    monkeypatch.setattr(type(runtime), "run_worker", counting)
    return started


def test_catalog_names_reconciled_with_the_checkout(chem, monkeypatch):
    assert chem.reconciled == {"LengthSELFIES": ("Length_SELFIES", "spelling")}
    assert chem.resolved["SELFIEStoSMILES"] == "SELFIEStoSMILES" and len(chem.resolved) == 8
    assert "WolframAlpha" in chem.unavailable and len(chem.unavailable) == 477
    started = _count_workers(monkeypatch, chem)
    record = chem.call(chem.fresh(), "WolframAlpha", {"question": "2+2"})
    assert record.status == "error" and "not registered" in record.message and started == []  # no process


def test_not_a_checkout_and_no_interpreter(tmp_path):
    with pytest.raises(ValueError, match="not a SciToolAgent checkout"):
        SciToolAgentRuntime(tmp_path, python=sys.executable)
    with pytest.raises(ValueError, match="no virtual environment found"):
        SciToolAgentRuntime(CHECKOUT)


def test_runtime_from_environment(monkeypatch):
    monkeypatch.delenv(CHECKOUT_ENV, raising=False)
    with pytest.raises(ValueError, match="--scitoolagent"):
        scitoolagent_runtime()
    monkeypatch.setenv(CHECKOUT_ENV, str(CHECKOUT))
    monkeypatch.setenv(PYTHON_ENV, sys.executable)
    assert scitoolagent_runtime().python == sys.executable


# --------------------------------------------------------------------------- replies


def test_markdown_replies_normalized(chem):
    heading = _call(chem, "SELFIEStoSMILES", "[C][=C][O]")  # **Result** heading, value below
    assert heading.status == "success" and heading.output["smiles"] == "C=CO" and "**Result**" in heading.output["markdown"]
    inline = _call(chem, "SMILEStoSELFIES", "CCO")  # **Result:** value
    assert inline.output["selfies"] == "[C][C][O]"
    typo = _call(chem, "LengthSELFIES", "[C][C][O]")  # **Reuslt** heading over "length: 3"
    assert typo.output["length"] == "3"
    labelled = _call(chem, "GetHeavyAtomsNum", "CC(=O)O")  # **Input SMILES:** ... **Heavy atoms:** 4
    assert labelled.output["number_of_heavy_atoms"] == "4"
    bullet = _call(chem, "GetMolFormula", "CC(=O)O")  # - **Formula**: `C2O2`
    assert bullet.output["molecule_formula"] == "C2O2"
    assert all(r.state_changes == [] for r in (heading, inline, typo, labelled, bullet))


def test_none_and_error_text_are_rejected(chem, faulty):
    none = _call(chem, "SELFIEStoSMILES", "[C][Ring1]")
    assert none.status == "rejected" and none.output is None and "None" in none.message
    assert _call(faulty, "ReturnNone", "x").status == "rejected"
    error_text = _call(chem, "GetHeavyAtomsNum", "not smiles!")
    assert error_text.status == "rejected" and error_text.message == "An error occurred: Invalid SMILES string."
    assert _call(chem, "SMILEStoSELFIES", "c1ccccc1").status == "rejected"


def test_extract_result_and_normalize_reply():
    assert extract_result("**Result:** CCO") == "CCO"
    assert extract_result("**SMILES to InChI**\nSMILES=CCO\n**Result:**\nInChI=1S/C2H6O/c1-2-3/h3H,2H2,1H3\n") == (
        "InChI=1S/C2H6O/c1-2-3/h3H,2H2,1H3"
    )
    assert extract_result("**Random SELFIES**\n**Reuslt**\nSELFIES: [C]\nSMILES: C\n", ["SMILES"]) == "C"
    assert extract_result("##NPR2\n**Input SMILES:** CCO\n**NPR2:** 0.91\n") == "0.91"
    assert extract_result("### Molecule\n- **SMILES**: `CCO`\n", ["SMILES"]) == "CCO"
    assert extract_result("plain answer") == "plain answer"
    assert normalize_reply("text", "Invalid SMILES string.", "smiles")[0] == "rejected"
    assert normalize_reply("text", "**Result:** None", "smiles")[0] == "rejected"
    assert normalize_reply("text", "Traceback (most recent call last):\n  ...", "x")[0] == "rejected"
    assert normalize_reply("json", {"error": "bad"}, "x")[:2] == ("rejected", {"error": "bad"})
    assert normalize_reply("json", 3.5, "x")[:2] == ("success", {"x": 3.5})
    assert normalize_reply("none", None, "x")[0] == "rejected"


# --------------------------------------------------------------------------- misbehaving tools


def test_a_hanging_tool_is_an_error(faulty):
    record = _call(faulty, "SleepForever", "x")
    assert record.status == "error" and record.message.startswith("timeout:") and "killed" in record.message


def test_a_tool_that_ends_its_process_is_an_error(faulty):
    record = _call(faulty, "ExitAbruptly", "x")
    assert record.status == "error" and "crash" in record.message and "exited with code 3" in record.message


def test_a_segfault_is_an_error(faulty):
    record = _call(faulty, "Segfault", "x")
    assert record.status == "error" and "SIGSEGV" in record.message


def test_a_tool_that_prints_garbage_on_fd_1_still_replies(faulty):
    # the reply travels on its own pipe: bytes written straight to fd 1 go to the worker's log
    record = _call(faulty, "PrintGarbage", "x")
    assert record.status == "success" and record.output["answer"] == "ok", record.message
    chatty = _call(faulty, "ChattyTool", "x")  # print() goes to stderr and is harmless
    assert chatty.status == "success" and chatty.output["answer"] == "42"


def test_exceptions_and_non_text_replies_are_errors(faulty):
    raised = _call(faulty, "RaiseError", "x")
    assert raised.status == "error" and "ValueError: cannot handle 'x'" in raised.message
    raw = _call(faulty, "ReturnBytes", "x")
    assert raw.status == "error" and "unserializable reply: builtins.bytes" in raw.message
    assert _call(faulty, "EchoText", " hi ").output["answer"] == "hi"


def test_each_call_has_its_own_temporary_directory(faulty, tmp_path, monkeypatch):
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    first, second = (_call(faulty, "WriteScratchFile", "x") for _ in range(2))
    # the second call would find the first call's file in a shared folder; the random name is masked
    assert first.output["answer"] == second.output["answer"] == f"fresh {WORKDIR_PLACEHOLDER}"
    assert list(tmp_path.iterdir()) == []  # removed after each call


def test_only_the_needed_module_is_imported_and_broken_imports_fail_fast(chem, monkeypatch):
    # Chemical/tool_name_dict.py star-imports llmTools, whose import fails; other tools still run
    assert _call(chem, "SELFIEStoSMILES", "[C][C][O]").status == "success"
    first = _call(chem, "GenerateMoleculeDescription", "[C]")
    assert first.status == "error" and "fixture_llm_sdk_that_is_not_installed" in first.message
    started = _count_workers(monkeypatch, chem)
    again = _call(chem, "GenerateMoleculeDescription", "[C]")  # no new process, the same record
    assert again.status == "error" and again.message == first.message and started == []


def test_no_network_fails_network_tools_fast():
    runtime = SciToolAgentRuntime(CHECKOUT, python=sys.executable, timeout_s=10, no_network=True)
    assert "socket-guard" in runtime.network_isolation and "proxy-env" in runtime.network_isolation
    record = _call(runtime, "NameToSMILES", "aspirin")  # refused at once: rejected, not a timeout
    assert record.status == "rejected" and "Network error" in record.message


def test_arguments_and_state(chem):
    state = chem.fresh()
    assert state == {} and chem.snapshot(state) == {} and chem.restore({}) == {} and chem.view(state) == {}
    assert chem.digest(chem.fresh()) == chem.digest(state) and chem.partition_of("GetNPR2") == ""
    missing = chem.call(state, "GetHeavyAtomsNum", {})
    assert missing.status == "error" and "missing the input 'smiles'" in missing.message
    extra = chem.call(state, "GetHeavyAtomsNum", {"smiles": "C", "mode": "x"})
    assert extra.status == "error" and "unexpected argument" in extra.message
    with pytest.raises(KeyError):
        chem.call(state, "NoSuchTool", {})
    with pytest.raises(TypeError):
        chem.call(state, "GetHeavyAtomsNum", ["C"])


# --------------------------------------------------------------------------- induction


def test_induction_finds_a_format_conversion_relation():
    catalog = load_scitooleval_catalog().subset(CHEMICAL)
    runtime = SciToolAgentRuntime(
        CHECKOUT, python=sys.executable, timeout_s=10, catalog=catalog, fixtures={"selfies": "[C][C][O]", "smiles": "CCN"}
    )
    library, report = induce(runtime, config=InductionConfig(timeout_s=10), field_encoder="lexical", executor="serial")
    found = [r for r in library.relations if (r.provider, r.consumer) == ("SELFIEStoSMILES", "GetHeavyAtomsNum")]
    assert found and found[0].kind in ("provenance", "compatibility")
    assert (found[0].provider_field, found[0].consumer_field) == ("smiles", "smiles")
    evidence = found[0].evidence["provider_value"]
    assert evidence["path"] == "$.output.smiles" and evidence["value"] == "CCO"
    assert report.timeouts == 0


@pytest.mark.skipif(_rdkit_python() is None, reason="no interpreter with RDKit (set LIBRA_TEST_RDKIT_PYTHON)")
def test_rdkit_tools_and_the_selfies_to_npr2_relation():
    python = _rdkit_python()
    catalog = load_scitooleval_catalog().subset(["SELFIEStoSMILES", "GetNPR2"])
    runtime = SciToolAgentRuntime(
        CHECKOUT, python=python, timeout_s=30, catalog=catalog, fixtures={"selfies": "[C][C][O]", "smiles": "CCN"}
    )
    record = _call(runtime, "GetNPR2", "CCO")
    assert record.status == "success" and 0.0 < float(record.output["npr2_value"]) <= 1.0
    library, _ = induce(runtime, config=InductionConfig(timeout_s=30), field_encoder="lexical", executor="serial")
    assert any((r.provider, r.consumer) == ("SELFIEStoSMILES", "GetNPR2") for r in library.relations)


@pytest.mark.skipif(shutil.which("unshare") is None, reason="no unshare on this machine")
def test_unshare_is_used_when_the_kernel_allows_it():
    if subprocess.run(["unshare", "-rn", "true"], capture_output=True).returncode != 0:
        pytest.skip("unprivileged user namespaces are not allowed here")
    runtime = SciToolAgentRuntime(CHECKOUT, python=sys.executable, no_network=True)
    assert runtime.network_isolation[0] == "unshare"
    assert _call(runtime, "SELFIEStoSMILES", "[C][C][O]").output["smiles"] == "CCO"
