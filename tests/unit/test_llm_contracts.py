"""LLMContractProposer: Figure 4 prompts, reply parsing, the three-call budget, the cache, failing servers.

A scripted LLM at the LlamaIndex ``LLM`` boundary replays realistic replies per (tool, revision) and
records every prompt, so the whole induction path runs offline.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any, Sequence

import pytest
from llama_index.core.base.llms.types import ChatMessage, ChatResponse
from llama_index.core.llms.callbacks import llm_chat_callback

from llama_index_libra.catalog import ToolSpec
from llama_index_libra.contracts import CONTRACT_SCHEMA, Contract
from llama_index_libra.contracts.llm import (
    LLMContractProposer,
    LLMUnavailableError,
    ReplyParseError,
    parse_json_reply,
)
from llama_index_libra.contracts.prompts import load_prompt_set, render_contract_prompt
from llama_index_libra.induction import induce
from llama_index_libra.records import INVOCATION_RECORD_SCHEMA, InvocationRecord
from tests.support.llms import ScriptedContractLLM as ScriptedLLM, contract
from tests.support import paths

EXAMPLES = paths.EXAMPLES
FIGURE4_FIELDS = [
    "contract_version", "revision", "feedback_policy", "public_tool_metadata", "invocation_record_schema",
    "required_output_schema", "rules", "previous_contract", "instruction", "same_tool_invocation_feedback",
    "feedback_note",
]
SHARED_FIRST = [
    "contract_version", "feedback_policy", "invocation_record_schema", "required_output_schema", "rules", "revision",
    "public_tool_metadata", "previous_contract", "instruction", "same_tool_invocation_feedback", "feedback_note",
]
FIGURE8 = (
    "Feedback is restricted to this tool. invocation_result is the complete return record for the call that "
    "triggered JIT repair; other feedback scalars remain structural. Use runtime values only to understand field "
    "structure and never copy a concrete feedback value into any persisted contract literal. Named state columns "
    "or keys are structural evidence: enumerate every scalar field whose semantic name and exact path the record supports."
)


# ----------------------------------------------------------------------------- scripted LLM


class DownLLM(ScriptedLLM):
    """A server that refuses every connection; counts the attempts."""

    attempts: int = 0

    @llm_chat_callback()
    def chat(self, messages: Sequence[ChatMessage], **kwargs: Any) -> ChatResponse:
        self.attempts += 1
        raise ConnectionError("connection refused")


# ----------------------------------------------------------------------------- scripted replies

OBS = {"kind": "observation", "schema": {"type": "string"}}


def lit(value: Any) -> dict[str, Any]:
    return {"kind": "literal", "value": value}


def export(name: str, path: str, type_: str, propagate: bool = True) -> dict[str, Any]:
    return {"name": name, "path": path, "schema": {"type": type_}, "propagate": propagate}


# create_alarm r1: a success schema that requires an output field the tool never returns
WRONG_SUCCESS = {
    "type": "object",
    "properties": {"status": {"const": "success"}, "output": {"type": "object", "required": ["reminder_id"]}},
    "required": ["status", "output"],
}
RIGHT_SUCCESS = {
    "type": "object",
    "properties": {"status": {"const": "success"}, "output": {"type": "object", "required": ["alarm_id"]}},
    "required": ["status", "output"],
}

SCRIPT: dict[tuple[str, int], str] = {
    # a non-JSON reply, then a valid contract (rule 12: both credentials observed)
    ("login", 0): "To sign in, the username and the password must both be observations of an existing account.",
    ("login", 1): contract(
        "login", {"username": OBS, "password": OBS},
        exports=[export("user", "$.output.user", "string"), export("logged_in", "$.output.logged_in", "boolean", False)],
    ),
    ("logout", 0): "Here is the contract:\n```json\n" + contract("logout", {}) + "\n```\nIt takes no arguments.",
    # an invented argument key (schema-invalid), then a success schema that fails at runtime, then the fix
    ("create_alarm", 0): contract("create_alarm", {"alarm_time": lit("07:00"), "label": lit("wake up")}),
    ("create_alarm", 1): contract(
        "create_alarm", {"time": lit("07:00"), "label": lit("wake up")},
        success=WRONG_SUCCESS, exports=[export("reminder_id", "$.output.reminder_id", "string")],
    ),
    ("create_alarm", 2): contract(
        "create_alarm", {"time": lit("07:00"), "label": lit("wake up")},
        success=RIGHT_SUCCESS, exports=[export("alarm_id", "$.output.alarm_id", "string"), export("time", "$.output.time", "string")],
    ),
    ("update_alarm", 0): "<think>The alarm must exist, so alarm_id is an observation; the new time is chosen.</think>\n"
    + "```json\n" + contract("update_alarm", {"alarm_id": OBS, "time": lit("08:00")}) + "\n```",
    ("delete_alarm", 0): contract("delete_alarm", {"alarm_id": OBS}),
    ("set_light", 0): contract("set_light", {"room": lit("kitchen"), "on": lit(True)}),
    # three unusable replies: the schema-derived contract takes over
    ("convert_temperature", 0): "I cannot help with that.",
    ("convert_temperature", 1): json.dumps({"contract_version": "tool_call_contract_v2", "tool": "convert_temperature", "templates": "t0"}),
    ("convert_temperature", 2): "[1, 2, 3]",
}
CALLS_PER_TOOL = {"login": 2, "logout": 1, "create_alarm": 3, "update_alarm": 1, "delete_alarm": 1, "set_light": 1,
                  "convert_temperature": 3}


@pytest.fixture(scope="module")
def smart_home():
    sys.path.insert(0, str(EXAMPLES))
    try:
        import smart_home as module
    finally:
        sys.path.remove(str(EXAMPLES))
    return module


def build(smart_home: Any, llm: ScriptedLLM, cache_dir: Path | None, **kwargs: Any):
    runtime = smart_home.build_runtime()
    proposer = LLMContractProposer(llm, cache_dir=cache_dir, fixtures=runtime.fixtures, backoff_s=0, **kwargs)
    library, report = induce(runtime, proposer=proposer, field_encoder="lexical", executor="serial")
    return library, report, proposer


def relation_set(library: Any) -> set[tuple]:
    return {(r.provider, r.consumer, r.kind, r.provider_field, r.consumer_field) for r in library.relations}


# ----------------------------------------------------------------------------- prompts


def bfcl_like_spec() -> ToolSpec:
    return ToolSpec.from_function_doc({
        "name": "authenticate_twitter",
        "description": "Authenticate a user with username and password.",
        "parameters": {"type": "dict", "properties": {
            "username": {"type": "string", "description": "Username of the user."},
            "password": {"type": "string", "description": "Password of the user."},
        }, "required": ["username", "password"]},
        "response": {"type": "dict", "properties": {"authentication_status": {"type": "boolean", "description": "True if authenticated."}}},
    }, namespace="TwitterAPI")


def test_prompt_has_figure4_fields_and_the_40_rules() -> None:
    spec = bfcl_like_spec()
    prompts = load_prompt_set()
    assert len(prompts.shared_rules) == 40 and prompts.version == "libra-contract-prompt-v1"
    rendered = render_contract_prompt(spec, kind="appworld")
    user = json.loads(rendered.user)
    # shared-first: the five fields every tool shares, then the tool's own; the same fields and values
    assert list(user) == SHARED_FIRST[:5] + ["revision", "public_tool_metadata"]  # no revision-only fields
    figure = json.loads(render_contract_prompt(spec, kind="appworld", order="figure").user)
    assert list(figure) == FIGURE4_FIELDS[:7] and figure == user
    assert user["contract_version"] == "tool_call_contract_v2" and user["revision"] == 0
    assert user["feedback_policy"] == "complete-same-tool"
    assert user["invocation_record_schema"] == INVOCATION_RECORD_SCHEMA
    assert user["required_output_schema"] == CONTRACT_SCHEMA
    assert user["rules"] == list(prompts.shared_rules)  # AppWorld: the shared prompt unchanged
    assert user["rules"][0] == "Describe exactly one supplied tool and return only the complete JSON contract."
    assert user["rules"][39] == "Do not infer another tool, graph, task, benchmark, fixture, or application rule."
    meta = user["public_tool_metadata"]
    assert meta["name"] == "TwitterAPI.authenticate_twitter"
    assert [p["name"] for p in meta["parameters"]] == ["username", "password"]
    assert meta["parameters"][0]["required"] is True and meta["parameters"][0]["schema"]["type"] == "string"
    assert meta["response"]["properties"]["authentication_status"]["type"] == "boolean"
    assert rendered.system == "Write an executable call contract for one tool from its public metadata and supplied same-tool feedback only."


def test_registry_rules_by_catalog_kind() -> None:
    prompts = load_prompt_set()
    shared = list(prompts.shared_rules)
    signature = prompts.rules("callable-signature")
    json_object = prompts.rules("one-json-object")
    bfcl = prompts.rules("bfcl")
    assert len(signature) == len(json_object) == 40 + 7 + 2 and len(bfcl) == 40 + 7 + 2 + 3
    # Figure 6: seven rules after rule 1, the second one is Figure 9's calling convention
    assert signature[0] == shared[0]
    assert signature[1].startswith("Return only fields defined by required_output_schema")
    assert signature[2] == "This runtime uses the declared callable signature: template.arguments are exactly its public parameter names."
    assert json_object[2].startswith("This runtime receives one JSON object")
    assert signature[7].startswith("Use the shortest literal that can plausibly succeed")
    assert signature[8] == shared[1]
    # rules 14, 15, 20, 21 replaced; 37 kept outside BFCL
    for n in (14, 15, 20, 21):
        assert shared[n - 1] not in signature
    assert "Use omit when a parameter is intentionally absent from this template; omit is a call choice, not a model-filled value." in signature
    assert shared[36] in signature
    assert signature[-1].startswith("Before returning, check every template key")
    # Figure 7 (BFCL): the seventh inserted rule and rule 37 replaced, three rules appended
    assert bfcl[7].startswith("For a state-changing action, put first a success template")
    assert not any(r.startswith("Use the shortest literal") for r in bfcl)
    assert shared[36] not in bfcl
    assert any(r.startswith("A failure outcome schema normally matches top-level status rejected or error.") for r in bfcl)
    assert bfcl[-3].startswith("A transport-success response can still report a business-level failure.")
    assert bfcl[-2].startswith("For a read, query, or status operation, a returned boolean is successful result data")
    assert bfcl[-1].startswith("For an action, authentication, or mutation whose public metadata explicitly defines")
    rendered = render_contract_prompt(bfcl_like_spec(), kind="bfcl")
    assert json.loads(rendered.user)["rules"] == bfcl
    assert rendered.system.endswith("Return compact JSON. Never write or repeat a long payload literal; represent that input as observation.")
    with pytest.raises(ValueError, match="unknown catalog kind"):
        prompts.rules("scitooleval")


def test_revision_prompt_carries_previous_contract_and_feedback() -> None:
    previous = {"tool": "TwitterAPI.authenticate_twitter", "templates": []}
    feedback = {"trigger": "x", "invocation_result": {"status": "success", "arguments": {}, "output": {}, "state_changes": []}}
    user = json.loads(render_contract_prompt(bfcl_like_spec(), kind="bfcl", revision=1, previous_contract=previous,
                                             feedback=feedback).user)
    assert list(user) == SHARED_FIRST
    assert user["revision"] == 1 and user["previous_contract"] == previous
    assert user["instruction"] == "Return one complete replacement contract."
    assert user["same_tool_invocation_feedback"] == feedback
    assert user["feedback_note"] == FIGURE8
    validation = json.loads(render_contract_prompt(bfcl_like_spec(), revision=2, previous_contract="oops",
                                                   feedback={"validation_errors": ["e"]}, feedback_kind="validation").user)
    assert validation["feedback_note"].startswith("Feedback is restricted to this tool. validation_errors lists")


# ----------------------------------------------------------------------------- reply parsing


CONTRACT_TEXT = contract("x", {})


@pytest.mark.parametrize("reply", [
    CONTRACT_TEXT,
    f"```json\n{CONTRACT_TEXT}\n```",
    f"Sure, here is the contract for {{tool}}:\n\n{CONTRACT_TEXT}\n\nLet me know if you need more.",
    f"<think>Maybe {{\"a\": 1}} is enough? No.</think>\n```\n{CONTRACT_TEXT}\n```",
    f"reasoning without an opening tag</think>{CONTRACT_TEXT}",
    f"Note {{\"hint\": true}} first.\n{CONTRACT_TEXT}",
])
def test_parse_json_reply_tolerates_wrapping(reply: str) -> None:
    assert parse_json_reply(reply) == json.loads(CONTRACT_TEXT)


@pytest.mark.parametrize("reply, message", [
    ("", "empty"),
    ("<think>only thoughts</think>", "only a <think> block"),
    ("no json here", "no JSON object"),
    ("[1, 2]", "JSON array, not one JSON object"),
    ('{"templates": [1, 2,, 3]}', "not valid JSON: Expecting value at line 1 column"),
    ('Here: {"templates": [{"id": "t0",}]} done', "not valid JSON"),
])
def test_parse_json_reply_errors_are_specific(reply: str, message: str) -> None:
    with pytest.raises(ReplyParseError, match=message):
        parse_json_reply(reply)


# ----------------------------------------------------------------------------- the whole induction path


def test_induction_with_scripted_llm_takes_every_revision_path(smart_home: Any, tmp_path: Path) -> None:
    llm = ScriptedLLM(script=SCRIPT)
    library, report, proposer = build(smart_home, llm, tmp_path / "cache")

    per_tool = llm.per_tool()
    assert dict(per_tool) == CALLS_PER_TOOL
    assert max(per_tool.values()) <= 3 and max(proposer.calls_by_tool.values()) <= 3
    assert report.llm_calls == proposer.llm_calls == len(llm.calls) == 12 and report.cache_hits == 0
    assert proposer.revised_tools == {"login", "create_alarm"}
    assert set(proposer.fallbacks) == {"convert_temperature"}
    assert library.settings["proposer"] == "llm:scripted-model:libra-contract-prompt-v1:callable-signature"

    calls = {(c["tool"], c["revision"]): c for c in llm.calls}
    # non-JSON reply -> its text is the previous contract, the parse error the feedback
    login1 = calls[("login", 1)]["user"]
    assert login1["previous_contract"] == SCRIPT[("login", 0)]
    assert "no JSON object" in login1["same_tool_invocation_feedback"]["validation_errors"][0]
    # schema-invalid contract -> the validation errors name the invented key
    create1 = calls[("create_alarm", 1)]["user"]
    errors = "\n".join(create1["same_tool_invocation_feedback"]["validation_errors"])
    assert "unknown parameter 'alarm_time'" in errors and "required parameter 'time' is missing" in errors
    # runtime failure -> the complete record under the Figure 8 note
    create2 = calls[("create_alarm", 2)]["user"]
    feedback = create2["same_tool_invocation_feedback"]
    assert create2["feedback_note"] == FIGURE8
    assert create2["previous_contract"]["success"] == WRONG_SUCCESS
    assert feedback["outcome_check"] == {"success_schema_matches": False, "failure_schema_matches": False}
    record = feedback["invocation_result"]
    assert record["status"] == "success" and record["arguments"] == {"time": "07:00", "label": "wake up"}
    assert set(record["output"]) == {"alarm_id", "time"}

    kept = Contract.from_json(library.contracts["create_alarm"])
    assert kept.success == RIGHT_SUCCESS
    login = Contract.from_json(library.contracts["login"])
    assert [t.id for t in login.templates] == ["t0", "t0_fixtures"]  # the seeded account as literals
    assert login.template("t0_fixtures").literals == {"username": "alice", "password": "wonderland"}

    relations = relation_set(library)
    assert ("login", "create_alarm", "state", None, None) in relations
    assert ("create_alarm", "update_alarm", "provenance", "alarm_id", "alarm_id") in relations
    assert ("create_alarm", "delete_alarm", "provenance", "alarm_id", "alarm_id") in relations
    assert not any(r[0] == "convert_temperature" or r[1] == "convert_temperature" for r in relations)


def test_budget_of_three_calls_is_never_exceeded(smart_home: Any) -> None:
    spec = smart_home.build_runtime().catalog.get("create_alarm")
    llm = ScriptedLLM(script=SCRIPT)
    proposer = LLMContractProposer(llm, backoff_s=0)
    contract_ = proposer.propose(spec)  # r0 invalid, r1 valid
    assert proposer.calls_by_tool["create_alarm"] == 2
    record = InvocationRecord("create_alarm", "success", {"time": "07:00", "label": "wake up"}, {"alarm_id": "ALM001", "time": "07:00"})
    revised = proposer.revise(spec, contract_, record)  # r2
    assert revised is not None and revised.success == RIGHT_SUCCESS
    assert proposer.revise(spec, revised, record) is None  # budget spent: no fourth call
    assert len(llm.calls) == 3
    # a tool that fell back keeps its schema-derived contract and is never revised
    temp = smart_home.build_runtime().catalog.get("convert_temperature")
    fallback = proposer.propose(temp)
    assert fallback.templates[0].literals and "convert_temperature" in proposer.fallbacks
    assert proposer.revise(temp, fallback, InvocationRecord("convert_temperature", "error", {"celsius": 10})) is None
    assert llm.per_tool()["convert_temperature"] == 3


def test_cache_makes_a_rebuild_free_and_identical(smart_home: Any, tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    first, _, p1 = build(smart_home, ScriptedLLM(script=SCRIPT), cache)
    assert p1.llm_calls == 12
    replay = ScriptedLLM(script={})  # any call would fail the test
    second, report, p2 = build(smart_home, replay, cache)
    assert replay.calls == [] and p2.llm_calls == 0 and report.llm_calls == 0
    assert report.cache_hits == p2.cache_hits == 12
    assert p2.revised_tools == p1.revised_tools and p2.fallbacks == p1.fallbacks
    first.save(tmp_path / "a.json")
    second.save(tmp_path / "b.json")
    assert (tmp_path / "a.json").read_bytes() == (tmp_path / "b.json").read_bytes()
    entry = json.loads(next((cache / "create_alarm").glob("r2-*.json")).read_text())
    assert entry["model"] == "scripted-model" and entry["revision"] == 2 and entry["feedback"] == "runtime"
    assert entry["reply"] == SCRIPT[("create_alarm", 2)]


def test_a_crashed_build_resumes_without_repeating_calls(smart_home: Any, tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    dying = ScriptedLLM(script=SCRIPT, fail_after=5)
    with pytest.raises(LLMUnavailableError):
        build(smart_home, dying, cache)
    assert len(dying.calls) == 5
    resumed = ScriptedLLM(script=SCRIPT)
    library, report, _ = build(smart_home, resumed, cache)
    assert len(resumed.calls) == 12 - 5 and report.cache_hits == 5
    first_five = {(c["tool"], c["revision"]) for c in dying.calls}
    assert not first_five & {(c["tool"], c["revision"]) for c in resumed.calls}
    assert ("login", "create_alarm", "state", None, None) in relation_set(library)


def test_failing_server_raises_after_bounded_retries(smart_home: Any, tmp_path: Path) -> None:
    catalog = smart_home.build_runtime().catalog
    cache = tmp_path / "cache"
    good = LLMContractProposer(ScriptedLLM(script=SCRIPT), cache_dir=cache, backoff_s=0)
    good.propose(catalog.get("set_light"))
    cached = sorted(cache.rglob("*.json"))
    assert len(cached) == 1

    delays: list[float] = []
    down = DownLLM()  # the same model, its server now down
    proposer = LLMContractProposer(down, cache_dir=cache, max_attempts=3, backoff_s=0.5, sleep=delays.append)
    # the cached tool still comes back without touching the server
    assert proposer.propose(catalog.get("set_light")).tool == "set_light" and proposer.cache_hits == 1
    assert down.attempts == 0
    with pytest.raises(LLMUnavailableError, match=r"LLM 'scripted-model' at DownLLM \(in process\) failed 3 times") as info:
        proposer.propose(catalog.get("login"))
    assert down.attempts == 3 and delays == [0.5, 1.0]
    assert "ConnectionError" in str(info.value) and str(cache) in str(info.value) and "resume" in str(info.value)
    assert isinstance(info.value.__cause__, ConnectionError)
    assert sorted(cache.rglob("*.json")) == cached


def test_unreachable_openai_like_server_names_model_and_endpoint() -> None:
    from llama_index_libra.llms import make_llm

    llm = make_llm("openai-like", model="Qwen/Qwen3-8B", api_base="http://127.0.0.1:9/v1", timeout_s=5)
    proposer = LLMContractProposer(llm, max_attempts=2, backoff_s=0)
    with pytest.raises(LLMUnavailableError, match=r"LLM 'Qwen/Qwen3-8B' at http://127.0.0.1:9/v1 failed 2 times"):
        proposer.propose(bfcl_like_spec())


def test_constructor_checks() -> None:
    with pytest.raises(ValueError, match="unknown registry"):
        LLMContractProposer(ScriptedLLM(), registry="toolbench")
    with pytest.raises(ValueError, match="max_calls"):
        LLMContractProposer(ScriptedLLM(), max_calls=4)
    assert LLMContractProposer(ScriptedLLM(), registry="bfcl").name.endswith(":bfcl")


def test_openai_compatible_server_end_to_end(smart_home: Any, tmp_path: Path) -> None:
    """The real OpenAILike client against a local OpenAI-compatible server (as `vllm serve` exposes)."""
    import threading
    from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

    from llama_index_libra.contracts import SchemaContractProposer
    from llama_index_libra.llms import make_llm

    runtime = smart_home.build_runtime()
    reference = SchemaContractProposer(fixtures=runtime.fixtures)
    requests: list[dict[str, Any]] = []

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:  # noqa: N802 (http.server API)
            body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
            requests.append({"path": self.path, **body})
            tool = json.loads(body["messages"][1]["content"])["public_tool_metadata"]["name"]
            reply = "```json\n" + json.dumps(reference.propose(runtime.catalog.get(tool)).to_json()) + "\n```"
            data = json.dumps({
                "id": "chatcmpl-1", "object": "chat.completion", "created": 0, "model": body["model"],
                "choices": [{"index": 0, "finish_reason": "stop", "message": {"role": "assistant", "content": reply}}],
                "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2},
            }).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def log_message(self, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        llm = make_llm("openai-like", model="served-model", api_base=f"http://127.0.0.1:{server.server_port}/v1", timeout_s=10)
        proposer = LLMContractProposer(llm, cache_dir=tmp_path / "cache", fixtures=runtime.fixtures, backoff_s=0)
        library, report = induce(runtime, proposer=proposer, field_encoder="lexical", executor="serial")
    finally:
        server.shutdown()
        server.server_close()
    assert report.llm_calls == len(requests) == len(runtime.catalog) and not proposer.fallbacks
    first = requests[0]
    assert first["path"] == "/v1/chat/completions" and first["model"] == "served-model" and first["temperature"] == 0
    assert [m["role"] for m in first["messages"]] == ["system", "user"]
    assert ("create_alarm", "update_alarm", "provenance", "alarm_id", "alarm_id") in relation_set(library)


def test_fixture_variants_use_scoped_runtime_facts_only_for_observations() -> None:
    """Fixtures never enter the prompt; observed inputs they supply get a literal variant template."""
    fixtures = {
        "TwitterAPI": {"username": "john", "password": "john123"},
        "MessageAPI": {"users": {"Alice": "USR001"}, "user_ids": ["USR001", "USR002"]},
    }
    twitter = bfcl_like_spec()
    send = ToolSpec.from_function_doc({
        "name": "send_message", "description": "Send a message to a user.",
        "parameters": {"type": "dict", "properties": {
            "receiver_id": {"type": "string", "description": "User ID of the receiver."},
            "user": {"type": "string", "description": "Sender."},
            "message": {"type": "string", "description": "Message text."},
        }, "required": ["receiver_id", "user", "message"]},
    }, namespace="MessageAPI")
    script = {
        (twitter.name, 0): contract(twitter.name, {"username": OBS, "password": OBS}),
        (send.name, 0): contract(send.name, {"receiver_id": OBS, "user": OBS, "message": lit("hi")}),
    }
    llm = ScriptedLLM(script=script)
    proposer = LLMContractProposer(llm, registry="bfcl", fixtures=fixtures)
    auth = proposer.propose(twitter)
    assert auth.template("t0_fixtures").literals == {"username": "john", "password": "john123"}
    assert auth.template("t0").observations == ["username", "password"]
    message = proposer.propose(send)
    # receiver_id has no fixture of its name; user_ids is the plural of user_id, not of user; users is a table
    assert [t.id for t in message.templates] == ["t0"]
    assert "john" not in json.dumps(llm.calls[0]["user"])  # the prompt never shows fixtures
