"""``libra baseline build|eval|show`` and ``libra eval --baseline`` through the ``libra`` entry point,
against a scripted OpenAI-compatible server (the real HTTP client path): the LLM is
``make_llm("openai-like")`` talking to tests/support/fake_openai_server.py, whose replies come from the
scripted world of tests/support/baselines.py.
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest

from llama_index_libra.baselines import BaselineArtifact
from llama_index_libra.catalog import ToolCatalog
from llama_index_libra.cli.baseline import default_artifact_path
from llama_index_libra.cli.main import main
from tests.support.baselines import WorldReplies, alarm_catalog
from tests.support.fake_openai_server import FakeOpenAIServer, FakeReply
from tests.support.fakes import HashEmbedding


def run(argv: list[str]) -> int:
    return main(argv)


def world_server(world: WorldReplies, **reply: Any):
    def respond(body: dict[str, Any]) -> FakeReply:
        messages = body["messages"]
        return FakeReply(world(messages[0]["content"], messages[-1]["content"]), **reply)

    return FakeOpenAIServer(respond)


def test_build_over_a_catalog_file_resumes_and_shows(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    catalog_file = alarm_catalog().to_file(tmp_path / "alarms.catalog.json")
    out = tmp_path / "alarms.tgr.json"
    argv = ["baseline", "build", "--method", "tgr", "--catalog", str(catalog_file), "--llm", "openai-like",
            "--model", "fake-model", "--out", str(out), "--llm-cache", str(tmp_path / "cache"), "--quiet"]
    with world_server(WorldReplies()) as server:
        assert run(argv + ["--api-base", server.api_base, "--workers", "3"]) == 0
        assert len(server.requests) == 15
        first = server.requests[0]
        assert first["model"] == "fake-model" and first["temperature"] == 0.0 and first["max_tokens"] == 1024
        assert [m["role"] for m in first["messages"]] == ["system", "user"]
        assert first["messages"][0]["content"].startswith("You classify the data-flow dependency between two tools.")
    text = capsys.readouterr().out
    assert "15 items, 0 from the log, 15 asked; 15 LLM calls" in text and "dependent 5" in text
    artifact = BaselineArtifact.load(out, catalog=ToolCatalog.from_file(catalog_file))
    assert artifact.model == "fake-model" and len(artifact.edges) == 5
    report = json.loads((tmp_path / "alarms.tgr.report.json").read_text())
    assert report["complete"] and report["llm"]["llm_calls"] == 15 and report["workers"] == 3
    assert len((tmp_path / "alarms.tgr.log.jsonl").read_text().splitlines()) == 15
    with world_server(WorldReplies()) as server:  # a rerun asks nothing: everything is in the log
        assert run(argv + ["--api-base", server.api_base]) == 0
        assert server.requests == []
    assert "15 from the log, 0 asked" in capsys.readouterr().out
    assert run(["baseline", "show", str(out)]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert shown["method"] == "tgr" and shown["summary"] == {"pairs": 15, "dependent": 5, "failed": 0}


def test_truncated_and_slow_replies_through_the_http_client(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """finish_reason=length from the server is a recorded failure; a reply slower than the request
    timeout is a request failure, reported, and asked again on the rerun."""
    catalog_file = alarm_catalog().to_file(tmp_path / "alarms.catalog.json")

    def respond(body: dict[str, Any]) -> FakeReply:
        user = body["messages"][-1]["content"]
        text = WorldReplies()(body["messages"][0]["content"], user)
        if "The exact tool title is Timer.start." in user:
            return FakeReply(text[:20], finish_reason="length")
        if "The exact tool title is Weather.forecast." in user:
            return FakeReply(text, delay_s=math.inf)  # never replies
        return FakeReply(text)

    out = tmp_path / "ego.json"
    with FakeOpenAIServer(respond) as server:
        assert run(["baseline", "build", "--method", "ego-trip", "--catalog", str(catalog_file), "--llm", "openai-like",
                    "--model", "fake-model", "--api-base", server.api_base, "--out", str(out), "--quiet",
                    "--llm-cache", str(tmp_path / "cache"), "--request-timeout", "5"]) == 0
    captured = capsys.readouterr()
    assert "1 item(s) got no reply" in captured.err
    items = BaselineArtifact.load(out).items
    assert items["Timer.start"]["status"] == "failed" and "finish_reason=length" in items["Timer.start"]["detail"]
    assert items["Weather.forecast"]["status"] == "request-failed" and items["Weather.forecast"]["detail"].startswith("timeout")
    with world_server(WorldReplies()) as server:
        assert run(["baseline", "build", "--method", "ego-trip", "--catalog", str(catalog_file), "--llm", "openai-like",
                    "--model", "fake-model", "--api-base", server.api_base, "--out", str(out), "--quiet",
                    "--llm-cache", str(tmp_path / "cache")]) == 0
        assert len(server.requests) == 1  # only the timed-out tool; the truncated one is a logged answer
    assert BaselineArtifact.load(out).items["Weather.forecast"]["status"] == "ok"


def test_toolrex_with_a_separate_judge_endpoint(tmp_path: Path) -> None:
    catalog_file = alarm_catalog().to_file(tmp_path / "alarms.catalog.json")
    generator, judge = WorldReplies(), WorldReplies()
    with world_server(generator) as gen_server, world_server(judge) as judge_server:
        assert run(["baseline", "build", "--method", "toolrex", "--catalog", str(catalog_file), "--llm", "openai-like",
                    "--model", "gen-model", "--api-base", gen_server.api_base, "--judge-model", "judge-model",
                    "--judge-api-base", judge_server.api_base, "--quiet", "--out", str(tmp_path / "rex.json"),
                    "--llm-cache", str(tmp_path / "cache")]) == 0
        assert {r["model"] for r in gen_server.requests} == {"gen-model"} and len(gen_server.requests) == 6
        assert {r["model"] for r in judge_server.requests} == {"judge-model"} and len(judge_server.requests) == 7
    artifact = BaselineArtifact.load(tmp_path / "rex.json")
    assert (artifact.model, artifact.judge_model) == ("gen-model", "judge-model")
    # Figures 11 and 12 have no system part: an empty system message
    assert judge_server.requests[0]["messages"][0] == {"role": "system", "content": ""}


def test_user_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    catalog_file = alarm_catalog().to_file(tmp_path / "c.json")
    cases = [
        (["baseline", "build", "--method", "tgr", "--llm", "openai-like", "--model", "m", "--api-base", "http://x/v1"],
         "exactly one of --benchmark NAME or --catalog FILE"),
        (["baseline", "build", "--method", "tgr", "--catalog", str(catalog_file), "--llm", "openai-like", "--model", "m"],
         "needs the server URL"),
        (["baseline", "build", "--method", "tgr", "--catalog", str(catalog_file), "--llm", "openai-like", "--model", "m",
          "--api-base", "http://127.0.0.1:9/v1", "--judge-model", "j"], "for --method toolrex"),
        (["baseline", "show", str(tmp_path / "missing.json")], "does not exist"),
        (["baseline", "show", str(catalog_file)], "not a baseline artifact"),
    ]
    for argv, message in cases:
        assert run(argv) == 2, argv
        err = capsys.readouterr().err
        assert err.startswith("libra: error: ") and message in err and len(err.strip().splitlines()) == 1, err
    with pytest.raises(SystemExit):
        run(["baseline", "build", "--method", "bm25"])
    with pytest.raises(SystemExit):
        run(["eval", "--benchmark", "alarms", "--baseline-option", "tgr.sideways=1"])
    assert "expected METHOD.NAME=VALUE" in capsys.readouterr().err
    assert default_artifact_path("bfcl", "tgr", "Qwen/Qwen3-8B") == Path("bfcl.tgr.Qwen_Qwen3-8B.json")


@pytest.fixture()
def alarms_benchmark(monkeypatch: pytest.MonkeyPatch) -> None:
    """``--benchmark alarms`` is the scripted catalog's three tasks; the encoder is the hash embedding."""
    from llama_index_libra.benchmarks import base
    from llama_index_libra.cli import baseline, eval as eval_command

    monkeypatch.setitem(base.BENCHMARKS, "alarms", "tests.support.baselines:alarm_benchmark")
    for module in (baseline, eval_command):
        monkeypatch.setattr(module, "embed_models", lambda values: HashEmbedding())


def _artifacts(tmp_path: Path) -> dict[str, Path]:
    """A TGR and an Ego-Trip artifact over the alarms benchmark, built through the CLI and the scripted server."""
    out = {}
    with world_server(WorldReplies()) as server:
        for method in ("tgr", "ego-trip"):
            out[method] = tmp_path / f"alarms.{method}.json"
            assert run(["baseline", "build", "--method", method, "--benchmark", "alarms", "--llm", "openai-like",
                        "--model", "fake-model", "--api-base", server.api_base, "--out", str(out[method]), "--quiet",
                        "--llm-cache", str(tmp_path / "cache")]) == 0
    return out


def test_eval_with_baseline_artifacts(tmp_path: Path, capsys: pytest.CaptureFixture[str], alarms_benchmark: None) -> None:
    """``libra eval --methods qts,tgr,ego-trip --baseline A --baseline B``: the runner's rows, a TGR row per
    direction; ``libra baseline eval`` gives the same rows; mismatches are one-line errors."""
    arts = _artifacts(tmp_path)
    capsys.readouterr()
    rows_json = tmp_path / "rows.json"
    assert run(["eval", "--benchmark", "alarms", "--methods", "qts,tgr,ego-trip", "--baseline", str(arts["tgr"]),
                "--baseline", str(arts["ego-trip"]), "--baseline-option", "ego-trip.entry_tools=1", "--quiet",
                "--json", str(rows_json)]) == 0
    table = capsys.readouterr().out
    for label in ("qts", "tgr [provider-to-consumer]", "tgr [consumer-to-provider]", "ego-trip"):
        assert f"\n{label} " in table, table
    rows = json.loads(rows_json.read_text())
    assert [(r["method"], r["setting"]) for r in rows["methods"]] == [
        ("qts", "default"), ("tgr", "provider-to-consumer"), ("tgr", "consumer-to-provider"), ("ego-trip", "default")]
    ego = rows["methods"][3]
    assert ego["settings"]["options"]["entry_tools"] == 1 and ego["settings"]["artifact"]["model"] == "fake-model"
    assert set(rows["settings"]["baselines"]) == {"tgr (fake-model)", "ego-trip (fake-model)"}
    # the same rows from `libra baseline eval`
    again = tmp_path / "again.json"
    assert run(["baseline", "eval", "--benchmark", "alarms", "--artifact", str(arts["tgr"]), "--artifact", str(arts["ego-trip"]),
                "--entry-tools", "1", "--quiet", "--json", str(again)]) == 0
    assert [r["per_task"] for r in json.loads(again.read_text())["methods"]] == [r["per_task"] for r in rows["methods"]]
    # one direction chosen: one TGR row
    assert run(["eval", "--benchmark", "alarms", "--methods", "tgr", "--baseline", str(arts["tgr"]),
                "--baseline-option", "tgr.direction=undirected", "--quiet", "--json", str(rows_json)]) == 0
    assert [r["setting"] for r in json.loads(rows_json.read_text())["methods"]] == ["undirected"]
    capsys.readouterr()
    for argv, message in [
        (["eval", "--benchmark", "alarms", "--methods", "qts,toolrex", "--baseline", str(arts["tgr"])],
         "method toolrex needs its artifact"),
        (["eval", "--benchmark", "alarms", "--methods", "qts", "--baseline", str(arts["tgr"])],
         "a tgr artifact was given but tgr is not among the methods"),
        (["eval", "--benchmark", "alarms", "--methods", "qts", "--baseline-option", "tgr.direction=undirected"],
         "--baseline-option needs --baseline"),
    ]:
        assert run(argv) == 2, argv
        err = capsys.readouterr().err
        assert message in err and len(err.strip().splitlines()) == 1, err


def test_eval_of_an_artifact_built_for_another_catalog_names_the_tools(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                                        alarms_benchmark: None) -> None:
    catalog = alarm_catalog()
    other = ToolCatalog([*list(catalog)[:-1]], name="alarms")
    path = BaselineArtifact.for_catalog("tgr", other, model="m", prompt_version="p").save(tmp_path / "old.tgr.json")
    assert run(["eval", "--benchmark", "alarms", "--methods", "tgr", "--baseline", str(path), "--quiet"]) == 2
    err = capsys.readouterr().err
    assert "built for another version of catalog 'alarms'" in err and "1 added (Timer.start)" in err
