"""Library, catalog and retriever files: malformed content is one line of the package's error type,
file names from data stay confined, outputs get normal permissions, --out is checked first."""

from __future__ import annotations

import json
import os
import stat
import sys
from pathlib import Path

import pytest
from tests.support import paths

from llama_index_libra import cli
from llama_index_libra._io import atomic_write_json, safe_component
from llama_index_libra.catalog import CatalogError, ToolCatalog, ToolSpec
from llama_index_libra.library import LibraryError, ToolLibrary

sys.path.insert(0, str(paths.EXAMPLES))
import smart_home  # noqa: E402


@pytest.fixture(scope="module")
def library_json() -> dict:
    from llama_index_libra.induction import induce

    library, _ = induce(smart_home.build_runtime(), field_encoder="lexical", executor="serial")
    assert library.relations and library.candidates
    return library.to_json()


def _load(tmp_path: Path, data: object, name: str = "x.library.json") -> ToolLibrary:
    path = tmp_path / name
    path.write_text(json.dumps(data))
    return ToolLibrary.load(path)


def _one_line_error(exc: pytest.ExceptionInfo) -> str:
    text = str(exc.value)
    assert "\n" not in text and text
    return text


def test_library_loader_rejects_bad_indices_versions_and_field_types(tmp_path, library_json):
    cases = []
    neg = json.loads(json.dumps(library_json))
    neg["candidates"]["provider"][0] = -1  # names[-1] silently picked the last tool
    cases.append((neg, "indices must be integers"))
    boolean = json.loads(json.dumps(library_json))
    boolean["candidates"]["consumer"][0] = True
    cases.append((boolean, "indices must be integers"))
    version = dict(library_json, version=True)  # True == 1
    cases.append((version, "version True is not supported"))
    for field, value in (("provider_field", 5), ("consumer_field", ["x"]), ("field_similarity", "high"), ("evidence", [1]), ("provider", None)):
        bad = json.loads(json.dumps(library_json))
        bad["relations"][0][field] = value
        cases.append((bad, "relation"))
    tools = json.loads(json.dumps(library_json))
    tools["catalog"]["tools"][0]["parameters"] = {"type": "object", "properties": ["a"]}
    cases.append((tools, "parameters.properties"))
    tools2 = json.loads(json.dumps(library_json))
    tools2["catalog"]["tools"][0]["parameters"]["properties"] = {"a": 5}
    cases.append((tools2, "parameters.properties.a"))
    tools4 = json.loads(json.dumps(library_json))
    tools4["catalog"]["tools"][0]["parameters"]["properties"] = {"a": {"minLength": "x"}}
    cases.append((tools4, "not a valid JSON Schema"))
    tools3 = json.loads(json.dumps(library_json))
    tools3["catalog"]["tools"][0]["parameters"]["required"] = "a"
    cases.append((tools3, "parameters.required"))
    cases.append((dict(library_json, catalog={"tools": 5}), "'tools' list"))
    cases.append((dict(library_json, relations={"a": 1}), "'relations' must be a JSON array"))
    for data, message in cases:
        with pytest.raises(LibraryError) as exc:
            _load(tmp_path, data)
        assert message in _one_line_error(exc), (message, str(exc.value))


def test_library_loader_turns_decoding_failures_into_library_errors(tmp_path):
    for name, raw in (("deep", b"[" * 200_000), ("bytes", b'{"format": "\xff"}'), ("cut", b'{"format": "llama-index'),
                      ("bigint", b'{"version": ' + b"9" * 5000 + b"}"), ("nan", b'{"version": NaN}')):
        path = tmp_path / f"{name}.json"
        path.write_bytes(raw)
        with pytest.raises(LibraryError) as exc:
            ToolLibrary.load(path)
        assert "corrupt" in _one_line_error(exc)


def test_catalog_loader_and_cli_give_one_line_errors(tmp_path, capsys):
    cases = {
        "props.json": ([{"name": "a", "description": "d", "parameters": {"type": "object", "properties": 5}}], "parameters.properties"),
        "tools5.json": ({"tools": 5}, "'tools' must be a list"),
        "required.json": ([{"name": "a", "description": "d", "parameters": {"type": "object", "properties": {}, "required": [1]}}], "parameters.required"),
        "param.json": ([{"name": "a", "description": "d", "parameters": {"type": "object", "properties": {"x": "str"}}}], "parameters.properties.x"),
        # found by the fuzzer: a schema-derived contract copied the invalid sub-schema and stopped the build
        "subschema.json": ([{"name": "a", "description": "d", "parameters": {"type": "object", "properties": {"x": {"type": "rtring"}}}}], "not a valid JSON Schema"),
    }
    for name, (data, message) in cases.items():
        path = tmp_path / name
        path.write_text(json.dumps(data))
        with pytest.raises(CatalogError) as exc:
            ToolCatalog.from_file(path)
        assert message in _one_line_error(exc)
        assert cli.main(["catalog", str(path)]) == 2
        err = capsys.readouterr().err
        assert len(err.strip().splitlines()) == 1 and message in err and "Traceback" not in err
    for name, raw in (("deep.json", b"[" * 200_000), ("bytes.jsonl", b'{"name": "\xff"}\n'), ("surrogate.json", b'[{"name": "a\\ud800", "description": "d"}]')):
        path = tmp_path / name
        path.write_bytes(raw)
        with pytest.raises(CatalogError) as exc:
            ToolCatalog.from_file(path)
        _one_line_error(exc)


def test_embedding_cache_path_stays_inside_the_cache(tmp_path):
    from llama_index.core.embeddings import MockEmbedding

    from llama_index_libra.retrieval.dense import DenseIndex

    evil = ToolCatalog([ToolSpec(name="t", description="a tool")], name="../../../escaped/evil")
    cache = tmp_path / "cache"
    index = DenseIndex(evil, MockEmbedding(embed_dim=8), cache_dir=cache)
    assert index.cache_path.resolve().is_relative_to((cache / "embeddings").resolve())
    assert index.cache_path.exists() and not (tmp_path / "escaped").exists()
    assert safe_component("..") == "unnamed" and "/" not in safe_component("a/b")


def test_persisted_retriever_library_entry_must_stay_in_the_persist_dir(tmp_path, library_json):
    from llama_index.core.embeddings import MockEmbedding

    from llama_index_libra.adapters.retriever import RETRIEVER_CONFIG_FILE, LibraRetriever

    outside = tmp_path / "elsewhere.library.json"
    outside.write_text(json.dumps(library_json))
    retriever = LibraRetriever.from_library(outside, embed_model=MockEmbedding(embed_dim=8), cache_dir=False)
    persist = tmp_path / "persist"
    retriever.persist(persist)
    config_path = persist / RETRIEVER_CONFIG_FILE
    config = json.loads(config_path.read_text())
    for entry in ("../elsewhere.library.json", str(outside), "/etc/passwd"):
        config["library"] = entry
        config_path.write_text(json.dumps(config))
        with pytest.raises(LibraryError, match="points outside"):
            LibraRetriever.from_persist_dir(persist, embed_model=MockEmbedding(embed_dim=8), cache_dir=False)
    loaded = LibraRetriever.from_persist_dir(persist, embed_model=MockEmbedding(embed_dim=8), cache_dir=False, library=outside)
    assert len(loaded.library) == len(library_json["relations"])


def test_outputs_respect_the_umask(tmp_path):
    old = os.umask(0o022)
    try:
        path = atomic_write_json(tmp_path / "out.json", {"a": 1})
        assert stat.S_IMODE(path.stat().st_mode) == 0o644
        os.chmod(path, 0o640)
        atomic_write_json(path, {"a": 2})  # replacing keeps the file's mode
        assert stat.S_IMODE(path.stat().st_mode) == 0o640
    finally:
        os.umask(old)


def test_unwritable_out_is_found_before_the_build_and_stale_temp_files_go(tmp_path, capsys, monkeypatch):
    import llama_index_libra.benchmarks.libraries as defaults

    def no_build(*args, **kwargs):  # the check must come first: building would be wasted work
        raise AssertionError("the runtime was built before --out was checked")

    monkeypatch.setattr(defaults, "benchmark_runtime", no_build)
    blocker = tmp_path / "file"
    blocker.write_text("x")
    assert cli.main(["induce", "--benchmark", "bfcl", "--out", str(blocker / "lib.json"), "--quiet"]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "cannot write" in err
    assert cli.main(["induce", "--benchmark", "bfcl", "--out", str(tmp_path), "--quiet"]) == 2
    assert "is a directory" in capsys.readouterr().err

    out = tmp_path / "good" / "lib.json"
    out.parent.mkdir()
    stale = out.parent / ".lib.json.abc123.tmp"
    stale.write_text("left by a killed build")
    with pytest.raises(AssertionError, match="before --out"):
        cli.main(["induce", "--benchmark", "bfcl", "--out", str(out), "--quiet"])
    assert not stale.exists()


def test_agent_eval_cell_folders_stay_inside_the_run_dir(tmp_path):
    from agent_eval.runner import Cell

    cell = Cell(benchmark="../../bfcl", method="libra", llm="/etc", seed=0)
    assert cell.path(tmp_path).resolve().is_relative_to(tmp_path.resolve())
    assert Cell("bfcl", "libra", "qwen3-8b", 1).path(tmp_path) == tmp_path / "bfcl" / "libra" / "qwen3-8b" / "seed-1"
