"""``libra baseline build|show`` against a scripted OpenAI-compatible server (the real HTTP client path).

The command is registered on a fresh ``libra``-style parser through ``register(subparsers)`` (the hook
the ``libra`` entry point will call); the LLM is ``make_llm("openai-like")`` talking to
tests/fake_openai_server.py, whose replies come from the scripted world of tests/baseline_fakes.py.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

import pytest
from baseline_fakes import WorldReplies, alarm_catalog

sys.path.insert(0, str(Path(__file__).parent))
from fake_openai_server import FakeOpenAIServer, FakeReply  # noqa: E402

from llama_index_libra.baselines import BaselineArtifact  # noqa: E402
from llama_index_libra.baselines.cli import default_artifact_path, register  # noqa: E402
from llama_index_libra.catalog import ToolCatalog  # noqa: E402


def run(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="libra")
    register(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(argv)
    return args.func(args)


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
            return FakeReply(text, delay_s=3.0)
        return FakeReply(text)

    out = tmp_path / "ego.json"
    with FakeOpenAIServer(respond) as server:
        assert run(["baseline", "build", "--method", "ego-trip", "--catalog", str(catalog_file), "--llm", "openai-like",
                    "--model", "fake-model", "--api-base", server.api_base, "--out", str(out), "--quiet",
                    "--llm-cache", str(tmp_path / "cache"), "--request-timeout", "0.5"]) == 0
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


def test_user_errors(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="exactly one of --benchmark NAME or --catalog FILE"):
        run(["baseline", "build", "--method", "tgr", "--llm", "openai-like", "--model", "m", "--api-base", "http://x/v1"])
    catalog_file = alarm_catalog().to_file(tmp_path / "c.json")
    with pytest.raises(ValueError, match="needs the server URL"):
        run(["baseline", "build", "--method", "tgr", "--catalog", str(catalog_file), "--llm", "openai-like", "--model", "m"])
    with pytest.raises(ValueError, match="for --method toolrex"):
        run(["baseline", "build", "--method", "tgr", "--catalog", str(catalog_file), "--llm", "openai-like", "--model", "m",
             "--api-base", "http://127.0.0.1:9/v1", "--judge-model", "j"])
    with pytest.raises(SystemExit):
        run(["baseline", "build", "--method", "bm25"])
    assert default_artifact_path("bfcl", "tgr", "Qwen/Qwen3-8B") == Path("bfcl.tgr.Qwen_Qwen3-8B.json")
