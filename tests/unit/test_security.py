"""Hostile contract and catalog content: outside $ref, ReDoS patterns, JSONPath explosion.

Each test is a reproducer of an audited failure (issue 14, Security 1-3): it fails without the
bounded validators, pattern helpers and export-path subset.
"""

from __future__ import annotations

import http.server
import json
import sys
import threading
import time

import pytest
from tests.support import paths

from llama_index_libra.catalog import ToolSpec
from llama_index_libra.contracts.model import (
    MAX_EXPORT_MATCHES,
    CallTemplate,
    ArgumentSpec,
    Contract,
    Export,
    validate_contract_json,
)
from llama_index_libra.schemas.patterns import MAX_SAMPLE_CHARS, pattern_problem, sample_pattern
from llama_index_libra.contracts.proposer import SchemaContractProposer
from llama_index_libra.schemas.validate import safe_validator
from llama_index_libra.induction import InductionConfig, induce
from llama_index_libra.records import InvocationRecord

sys.path.insert(0, str(paths.EXAMPLES))
import smart_home  # noqa: E402


class _CountingServer:
    """An HTTP server on 127.0.0.1 that counts every request (answers a valid schema)."""

    def __init__(self) -> None:
        self.requests = 0
        outer = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_GET(self) -> None:  # noqa: N802
                outer.requests += 1
                body = b'{"type": "object"}'
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

            def log_message(self, *args: object) -> None:
                pass

        self.httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/schema.json"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    def __enter__(self) -> "_CountingServer":
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


def _reply(success: dict, export_schema: dict | None = None) -> dict:
    return {
        "contract_version": "tool_call_contract_v2",
        "tool": "t",
        "templates": [{"id": "ok", "expected": "success", "arguments": {"x": {"kind": "literal", "value": "a"}}}],
        "exports": [{"name": "v", "path": "$.output.v", "schema": export_schema or {"type": "string"}, "propagate": True}],
        "success": success,
        "failure": {"type": "object", "properties": {"status": {"enum": ["rejected", "error"]}}, "required": ["status"]},
    }


_SPEC = ToolSpec(name="t", description="a tool", parameters={"type": "object", "properties": {"x": {"type": "string"}}, "required": ["x"]})
_SUCCESS = {"type": "object", "properties": {"status": {"const": "success"}}, "required": ["status"]}


# --------------------------------------------------------------------------- Security 1: $ref


def test_outside_refs_are_invalid_feedback_and_never_fetched(tmp_path):
    target = tmp_path / "planted.json"
    target.write_text('{"type": "integer"}')
    with _CountingServer() as server:
        for ref in (server.url, target.as_uri(), "file:///dev/zero"):
            reply = _reply({**_SUCCESS, "$ref": ref}, export_schema={"$ref": ref})
            problems = validate_contract_json(reply, spec=_SPEC)
            outside = [p for p in problems if "points outside the contract" in p]
            assert len(outside) == 2, problems  # success and the export schema, one line each
            assert all("\n" not in p for p in problems)
        assert server.requests == 0


def test_planted_contracts_with_outside_refs_do_not_fetch_during_a_build(tmp_path):
    """Contracts given directly (a planted file) skip reply validation: the validator itself must refuse."""
    runtime = smart_home.build_runtime()
    with _CountingServer() as server:
        hostile = {}
        for spec in runtime.catalog:
            hostile[spec.name] = Contract(
                tool=spec.name,
                templates=(CallTemplate("ok", "success", {n: ArgumentSpec.obs({"$ref": server.url}) for n in spec.input_names}),),
                exports=(Export("out", "$.output", {"$ref": server.url}),),
                success={**_SUCCESS, "$ref": server.url},
            )
        library, report = induce(runtime, contracts=hostile, field_encoder="lexical", executor="serial")
        assert server.requests == 0
    assert report.runs > 0


def test_file_refs_are_not_read_and_local_refs_still_work(tmp_path):
    target = tmp_path / "int.json"
    target.write_text('{"type": "integer"}')
    v = safe_validator({"$ref": target.as_uri()})
    assert not v.is_valid(5)  # resolving the file would accept 5
    assert "never fetched" in next(iter(v.iter_errors(5))).message
    local = safe_validator({"$defs": {"s": {"type": "string"}}, "$ref": "#/$defs/s"})
    assert local.is_valid("x") and not local.is_valid(1)
    assert not safe_validator({"$ref": "#"}).is_valid(1)  # a reference cycle is an error, not RecursionError
    assert not safe_validator({"$ref": "#/$defs/missing"}).is_valid(1)


# --------------------------------------------------------------------------- Security 2: ReDoS


def test_nested_quantifier_patterns_in_outcome_and_export_schemas_are_refused():
    evil = "^(a+)+$"
    reply = _reply({**_SUCCESS, "properties": {**_SUCCESS["properties"], "output": {"pattern": evil}}},
                   export_schema={"type": "string", "pattern": "(x*)*y"})
    problems = validate_contract_json(reply, spec=_SPEC)
    assert sum("nests quantifiers" in p for p in problems) == 2, problems
    assert pattern_problem("^[A-Z]{3}-\\d{4}$") is None
    assert "characters long" in pattern_problem("a" * 1000)


def test_pattern_matching_against_records_is_time_bounded():
    # (\w|\w)* is exponential in re and in every backtracking engine without memoisation
    schema = {"type": "object", "properties": {"output": {"type": "string", "pattern": "^(\\w|\\w)*$"}}}
    contract = Contract(tool="t", templates=(CallTemplate("ok", "success", {}),), success={**schema, **_SUCCESS, "properties": {**_SUCCESS["properties"], **schema["properties"]}})
    record = InvocationRecord(tool="t", status="success", arguments={}, output="a" * 40 + "!")
    t0 = time.perf_counter()
    contract.classify(record)
    assert time.perf_counter() - t0 < 30  # unbounded re: ~2**40 steps (hours)


def test_pattern_sampler_is_bounded():
    nested = "^(((a{64}){64}){64})$"  # 24 characters; the old sampler built 262,144 characters
    assert sample_pattern(nested) is None
    s = sample_pattern("^[A-Z]{3}-\\d{4}$")
    assert s == "AAA-1111"
    spec = ToolSpec(name="t", description="t", parameters={"type": "object", "properties": {"code": {"type": "string", "pattern": "((((a{64}){64}){64}){64})"}}, "required": ["code"]})
    contract = SchemaContractProposer().propose(spec)
    for t in contract.templates:
        for arg in t.arguments.values():
            assert arg.kind != "literal" or len(json.dumps(arg.value)) <= MAX_SAMPLE_CHARS + 2


# --------------------------------------------------------------------------- Security 3: JSONPath


def test_jsonpath_unions_and_multi_steps_are_refused():
    explosive = "$.output" + ".(`this`|`this`)" * 18  # 296 characters, 262,145 matches before
    for path in (explosive, "$.output['a','b']", "$.output[0,0]", "$.output[*][*][*][*][*]", "$.output." + "a." * 200 + "b"):
        reply = _reply(_SUCCESS)
        reply["exports"][0]["path"] = path
        problems = validate_contract_json(reply, spec=_SPEC)
        assert any(p.startswith("$.exports[0].path") for p in problems), (path, problems)
    ok = _reply(_SUCCESS)
    ok["exports"][0]["path"] = "$.output.items[*].id"
    assert validate_contract_json(ok, spec=_SPEC) == []


def test_planted_explosive_path_is_refused_at_extraction_and_match_count_is_capped():
    planted = Contract(tool="t", templates=(CallTemplate("ok", "success", {}),),
                       exports=(Export("v", "$.output" + ".(`this`|`this`)" * 18, {}),))
    record = InvocationRecord(tool="t", status="success", arguments={}, output={"a": 1})
    t0 = time.perf_counter()
    assert planted.extract(record) == []  # the refused export yields nothing instead of 262,145 matches
    assert time.perf_counter() - t0 < 5
    wide = Contract(tool="t", templates=(CallTemplate("ok", "success", {}),), exports=(Export("v", "$.output[*]", {}),))
    many = InvocationRecord(tool="t", status="success", arguments={}, output=list(range(10 * MAX_EXPORT_MATCHES)))
    assert len(wide.extract(many)) == MAX_EXPORT_MATCHES


def test_llm_reply_needing_an_outside_ref_is_feedback_never_a_fetch():
    """A scripted LLM answers with remote/file references and a ReDoS pattern, then a clean contract."""
    from tests.support.llms import ScriptedContractLLM as ScriptedLLM, contract

    from llama_index_libra.contracts.llm import LLMContractProposer

    runtime = smart_home.build_runtime()
    with _CountingServer() as server:
        script = {}
        for spec in runtime.catalog:
            args = {n: {"kind": "observation", "schema": {"$ref": server.url}} for n in spec.required_inputs}
            script[(spec.name, 0)] = contract(spec.name, args, success={**_SUCCESS, "$ref": server.url})
            script[(spec.name, 1)] = contract(spec.name, {n: {"kind": "observation"} for n in spec.required_inputs},
                                              success={**_SUCCESS, "properties": {**_SUCCESS["properties"], "message": {"pattern": "(a+)+$"}}})
            script[(spec.name, 2)] = contract(spec.name, {n: {"kind": "observation"} for n in spec.required_inputs})
        llm = ScriptedLLM(script=script)
        proposer = LLMContractProposer(llm, cache_dir=None, fixtures=runtime.fixtures, backoff_s=0)
        induce(runtime, proposer=proposer, field_encoder="lexical", executor="serial")
        assert server.requests == 0
    feedback = [json.dumps(c["user"]) for c in llm.calls if c["revision"] == 1]
    assert feedback and all("points outside the contract" in f for f in feedback)
    feedback = [json.dumps(c["user"]) for c in llm.calls if c["revision"] == 2]
    assert feedback and all("nests quantifiers" in f for f in feedback)


def test_catalogs_with_outside_refs_are_refused_at_load(tmp_path):
    from llama_index_libra.catalog import CatalogError, ToolCatalog

    path = tmp_path / "c.json"
    path.write_text(json.dumps([{"name": "a", "description": "d", "parameters": {
        "type": "object", "properties": {"x": {"$ref": "http://127.0.0.1:9/x.json"}}}}]))
    with pytest.raises(CatalogError, match="points outside"):
        ToolCatalog.from_file(path)
    local = [{"name": "a", "description": "d", "parameters": {"type": "object", "$defs": {"S": {"type": "string"}},
                                                                "properties": {"x": {"$ref": "#/$defs/S"}}}}]
    path.write_text(json.dumps(local))
    assert ToolCatalog.from_file(path).names == ["a"]
