"""Baseline builds end to end with scripted LLM replies: build, persist, reload, evaluate.

The scripted LLM sits at the LlamaIndex ``LLM`` boundary and answers the Figure 10-14 prompts from a
hand-written world (tests/support/baselines.py); the evaluation is the package's own runner
(``evaluate(..., baselines=...)``: the QTS row and the baseline rows from the same loop and metrics).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from tests.support.baselines import DEPENDS, ScriptedBaselineLLM, WorldReplies, alarm_benchmark, alarm_catalog, prompt_kind
from tests.support.fakes import HashEmbedding

from llama_index_libra.baselines import BaselineArtifact, BaselineError, BaselineRanker, build_baseline
from llama_index_libra.baselines.llm import BaselineLLM, LLMUnavailableError
from llama_index_libra.evaluation.runner import evaluate
from llama_index_libra.catalog import ToolCatalog, ToolSpec

def build(method: str, tmp_path: Path, world: WorldReplies | None = None, **kwargs):
    llm = ScriptedBaselineLLM(respond=world or WorldReplies())
    kwargs.setdefault("cache_dir", tmp_path / "cache")
    kwargs.setdefault("log_path", tmp_path / f"{method}.log.jsonl")
    artifact, report = build_baseline(method, alarm_catalog(), llm, show_progress=False, **kwargs)
    return artifact, report, llm


@pytest.mark.parametrize("method", ["toolrex", "tgr", "ego-trip"])
def test_build_persist_reload_evaluate(method: str, tmp_path: Path) -> None:
    artifact, report, llm = build(method, tmp_path)
    path = artifact.save(tmp_path / f"{method}.json")
    again = BaselineArtifact.load(path, catalog=alarm_catalog())
    assert again == artifact and path.read_bytes() == again.save(tmp_path / "copy.json").read_bytes()
    assert report["complete"] and report["items"]["asked"] == report["items"]["items"]
    rep = evaluate(alarm_benchmark(), ["qts", method], baselines=[path], embed_model=HashEmbedding(), show_progress=False,
                   baseline_options={"tgr": {"direction": "consumer-to-provider"}})
    labels = [r.label for r in rep.results]
    assert labels[0] == "qts" and rep.results[1].method == method and len(rep.results) == 2
    for row in rep.results:
        assert len(row.per_task) == 3 and all(len(t["ranked"]) == 3 for t in row.per_task)
        assert 0.0 <= row.recall <= 1.0
    assert rep.to_json()["methods"][1]["settings"]["artifact"]["model"] == "scripted-model"


def test_toolrex_statuses_and_calls(tmp_path: Path) -> None:
    """Five profiles accepted; the rejected one refined (Figure 11) by the judge LLM, never judged again."""
    judge_world = WorldReplies()
    judge = ScriptedBaselineLLM(respond=judge_world, model_name="judge-model")
    artifact, report = build_baseline("toolrex", alarm_catalog(), ScriptedBaselineLLM(respond=WorldReplies()), judge_llm=judge,
                                      show_progress=False)
    statuses = {t: item["status"] for t, item in artifact.items.items()}
    assert statuses.pop("Clock.delete_alarm") == "refined" and set(statuses.values()) == {"accepted"}
    assert artifact.items["Clock.delete_alarm"]["profile"] == {"function": "Removes an alarm (delete_alarm).", "tags": ["alarm", "remove"]}
    assert artifact.items["Clock.login"]["profile"]["tags"] == ["login", "clock"]
    assert judge_world.kinds.count("toolrex_judge") == 6 and judge_world.kinds.count("toolrex_refine") == 1
    assert artifact.judge_model == "judge-model" and report["judge_model"] == "judge-model"
    assert report["llm"]["llm_calls"] == 6 + 6 + 1


def test_toolrex_profile_changes_only_profiled_rows(tmp_path: Path) -> None:
    artifact, _, _ = build("toolrex", tmp_path)
    catalog = alarm_catalog()
    qts = BaselineRanker(BaselineArtifact.for_catalog("toolrex", catalog, model="m", prompt_version="p"), catalog,
                         embed_model=HashEmbedding(), cache_dir=tmp_path / "emb")
    ranker = BaselineRanker(artifact, catalog, embed_model=HashEmbedding(), cache_dir=tmp_path / "emb")
    assert (ranker.matrix != qts.matrix).any(axis=1).all()  # every tool has a profile here
    cached = BaselineRanker(artifact, catalog, embed_model=HashEmbedding(), cache_dir=tmp_path / "emb")
    assert (cached.matrix == ranker.matrix).all()
    assert len(list((tmp_path / "emb" / "embeddings").glob("alarms-toolrex-*.npy"))) == 1


def test_tgr_edges_follow_the_labels_and_directions_differ(tmp_path: Path) -> None:
    artifact, report, llm = build("tgr", tmp_path)
    assert len(llm.calls) == 15 and report["items"]["items"] == 15
    assert set(artifact.edges) == {(c, p) for c, ps in DEPENDS.items() for p in ps}
    # Tool A is always the earlier tool of the pair in catalog order
    names = alarm_catalog().names
    for _, user in llm.calls:
        a, b = WorldReplies.tool_of("tgr_pair", user).split("|")
        assert names.index(a) < names.index(b)
    rep = evaluate(alarm_benchmark(), ["qts", "tgr"], baselines={"tgr": artifact}, embed_model=HashEmbedding(), show_progress=False)
    assert [r.label for r in rep.results] == ["qts", "tgr [provider-to-consumer]", "tgr [consumer-to-provider]"]


def test_egotrip_triples_and_structural_graph(tmp_path: Path) -> None:
    artifact, _, _ = build("ego-trip", tmp_path)
    assert artifact.items["Clock.login"]["triples"] == [["Clock.login", "has_entity", "login"], ["Clock.login", "has_entity", "alarm"]]
    catalog = alarm_catalog()
    llm_only = BaselineRanker(artifact, catalog, embed_model=HashEmbedding(), structural=False)
    login = catalog.names.index("Clock.login")
    assert sorted(catalog.names[i] for i in llm_only.adjacency[login].indices) == [
        "Clock.create_alarm", "Clock.delete_alarm", "Clock.update_alarm"]  # through the shared "alarm" node
    empty = BaselineArtifact.for_catalog("ego-trip", catalog, model="m", prompt_version="p")
    structural = BaselineRanker(empty, catalog, embed_model=HashEmbedding())  # no LLM: access_token and category "Clock"
    assert structural.adjacency.nnz == 12 and structural.adjacency[catalog.names.index("Weather.forecast")].nnz == 0
    assert BaselineRanker(empty, catalog, embed_model=HashEmbedding(), structural=False).adjacency.nnz == 0
    both = BaselineRanker(artifact, catalog, embed_model=HashEmbedding())
    ranked = [r.name for r in both.rank("move my 7am alarm to 8am", 6)]
    assert sorted(ranked) == sorted(catalog.names)


def test_resume_after_a_dying_server(tmp_path: Path) -> None:
    """The server dies after 5 calls: the build stops with LLMUnavailableError, writes no artifact,
    and keeps the finished pairs; the rerun asks only about the rest and gives the same artifact."""
    reference, _, _ = build("tgr", tmp_path / "ref")
    dying = ScriptedBaselineLLM(respond=WorldReplies(), fail_after=5)
    log = tmp_path / "tgr.log.jsonl"
    with pytest.raises(LLMUnavailableError, match="rerun"):
        build_baseline("tgr", alarm_catalog(), BaselineLLM(dying, max_attempts=1, backoff_s=0), log_path=log, show_progress=False)
    assert len(log.read_text().splitlines()) == 5
    alive = ScriptedBaselineLLM(respond=WorldReplies())
    artifact, report = build_baseline("tgr", alarm_catalog(), alive, log_path=log, show_progress=False)
    assert report["items"]["from_log"] == 5 and len(alive.calls) == 10
    assert artifact.to_json() == reference.to_json()


def test_cut_log_line_and_foreign_lines_are_skipped(tmp_path: Path) -> None:
    log = tmp_path / "tgr.log.jsonl"
    build("tgr", tmp_path, log_path=log)
    lines = log.read_text().splitlines()
    log.write_text("\n".join(lines[:4]) + "\nnot json\n[1, 2]\n" + lines[4][: len(lines[4]) // 2])  # a crash mid-line
    llm = ScriptedBaselineLLM(respond=WorldReplies())
    artifact, report = build_baseline("tgr", alarm_catalog(), llm, log_path=log, show_progress=False)
    assert report["items"]["from_log"] == 4 and len(llm.calls) == 11 and len(artifact.edges) == 5
    assert all(json.loads(x) for x in log.read_text().splitlines()[-11:])  # appended on fresh lines


def test_reply_cache_replays_without_the_llm(tmp_path: Path) -> None:
    first, _, _ = build("ego-trip", tmp_path, log_path=None)
    silent = ScriptedBaselineLLM(respond=WorldReplies(), fail_after=0)  # any call would fail
    again, report = build_baseline("ego-trip", alarm_catalog(), silent, cache_dir=tmp_path / "cache", show_progress=False)
    assert again.to_json() == first.to_json() and report["llm"]["cache_hits"] == 6 and report["llm"]["llm_calls"] == 0


def test_workers_give_the_same_artifact(tmp_path: Path) -> None:
    one, _, _ = build("tgr", tmp_path / "one", log_path=None, cache_dir=None)
    many, report, llm = build("tgr", tmp_path / "many", log_path=None, cache_dir=None, workers=4)
    assert many.to_json() == one.to_json() and len(llm.calls) == 15 and report["workers"] == 4


def test_catalog_edit_asks_only_about_changed_pairs(tmp_path: Path) -> None:
    log = tmp_path / "tgr.log.jsonl"
    first, _, _ = build("tgr", tmp_path, log_path=log)
    specs = list(alarm_catalog())
    specs[5] = ToolSpec(specs[5].name, "Start a countdown timer; edited.", specs[5].parameters, specs[5].response)
    edited = ToolCatalog(specs, name="alarms")
    with pytest.raises(BaselineError, match=r"1 changed \(Timer.start\)"):
        first.check_catalog(edited)
    llm = ScriptedBaselineLLM(respond=WorldReplies())
    artifact, report = build_baseline("tgr", edited, llm, log_path=log, show_progress=False)
    assert len(llm.calls) == 5 and report["items"]["from_log"] == 10  # the 5 pairs with Timer.start
    BaselineArtifact.load(artifact.save(tmp_path / "edited.json"), catalog=edited)


def test_unusable_replies_are_recorded_never_fatal(tmp_path: Path) -> None:
    """Malformed, wrong-shaped and truncated replies: retried once, then recorded per item."""
    def override(kind: str, tool: str):
        if kind == "tgr_pair" and tool.startswith("Clock.login|"):
            return '{"label": "maybe"}'
        if kind == "tgr_pair" and tool == "Clock.create_alarm|Clock.update_alarm":
            return ('{"label": "b_depends', "length")  # cut at the output limit: not retried
        if kind == "egotrip_triples" and tool == "Timer.start":
            return '{"relationships": "none"}'
        if kind == "toolrex_profile" and tool == "Weather.forecast":
            return "I think this tool forecasts weather."
        if kind == "toolrex_judge" and tool == "Timer.start":
            return "consistent"
        return None

    world = WorldReplies(override)
    tgr, _, _ = build("tgr", tmp_path / "t", world)
    failed = {(a, b): why for a, b, why in tgr.failed_pairs}
    assert len(failed) == 6 and "unknown label 'maybe'" in failed[("Clock.login", "Clock.create_alarm")]
    assert "finish_reason=length" in failed[("Clock.create_alarm", "Clock.update_alarm")]
    assert ("Clock.create_alarm", "Clock.login") not in tgr.edges
    ego, _, _ = build("ego-trip", tmp_path / "e", world)
    assert ego.items["Timer.start"] == {"status": "failed", "triples": [], "detail": "the reply has no 'relationships' array"}
    rex, _, _ = build("toolrex", tmp_path / "r", world)
    assert rex.items["Weather.forecast"]["status"] == "failed" and rex.items["Weather.forecast"]["profile"] is None
    assert rex.items["Timer.start"]["status"] == "refined" and rex.items["Timer.start"]["judge"] is None
    for artifact in (tgr, ego, rex):
        BaselineArtifact.load(artifact.save(tmp_path / f"{artifact.method}.json"))
    assert world.kinds.count("tgr_pair") == 15 + 5 * 1  # 5 unknown-label pairs asked twice, the cut one once


def test_request_failures_are_retried_on_the_next_run(tmp_path: Path) -> None:
    """A request that fails (HTTP 400: prompt too long) is recorded, not logged, and asked again next time."""
    class TooLong(Exception):
        status_code = 400

    def respond(system: str, user: str):
        if "Weather.forecast" in user and prompt_kind(system, user) == "egotrip_triples":
            raise TooLong("maximum context length exceeded")
        return WorldReplies()(system, user)

    log = tmp_path / "log.jsonl"
    artifact, report = build_baseline("ego-trip", alarm_catalog(), ScriptedBaselineLLM(respond=respond), log_path=log, show_progress=False)
    assert artifact.items["Weather.forecast"]["status"] == "request-failed" and not report["complete"]
    assert "prompt-too-long" in artifact.items["Weather.forecast"]["detail"]
    llm = ScriptedBaselineLLM(respond=WorldReplies())
    again, report = build_baseline("ego-trip", alarm_catalog(), llm, log_path=log, show_progress=False)
    assert len(llm.calls) == 1 and again.items["Weather.forecast"]["status"] == "ok" and report["complete"]


def test_consecutive_request_failures_stop_the_build(tmp_path: Path) -> None:
    class ServerError(Exception):
        status_code = 400

    def respond(system: str, user: str):
        raise ServerError("bad request")

    with pytest.raises(LLMUnavailableError, match="3 items in a row"):
        build_baseline("ego-trip", alarm_catalog(), ScriptedBaselineLLM(respond=respond), max_consecutive_failures=3, show_progress=False)


def test_bad_arguments() -> None:
    llm = ScriptedBaselineLLM(respond=WorldReplies())
    with pytest.raises(ValueError, match="unknown baseline method"):
        build_baseline("bm25", alarm_catalog(), llm)
    with pytest.raises(ValueError, match="max_tries"):
        build_baseline("tgr", alarm_catalog(), llm, max_tries=0)
    with pytest.raises(ValueError, match="workers"):
        build_baseline("tgr", alarm_catalog(), llm, workers=0, show_progress=False)
    artifact = BaselineArtifact.for_catalog("ego-trip", alarm_catalog(), model="m", prompt_version="p")
    with pytest.raises(ValueError, match="unknown ego-trip option"):
        BaselineRanker(artifact, alarm_catalog(), embed_model=HashEmbedding(), direction="undirected")
    with pytest.raises(ValueError, match="entry_tools"):
        BaselineRanker(artifact, alarm_catalog(), embed_model=HashEmbedding(), entry_tools=0)


def test_progress_bar_counts_every_item_and_starts_at_the_log(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "tgr.log.jsonl"
    with pytest.raises(LLMUnavailableError):
        build_baseline("tgr", alarm_catalog(), BaselineLLM(ScriptedBaselineLLM(respond=WorldReplies(), fail_after=5), max_attempts=1),
                       log_path=log, show_progress=False)
    build_baseline("tgr", alarm_catalog(), ScriptedBaselineLLM(respond=WorldReplies()), log_path=log, show_progress=True)
    err = capsys.readouterr().err
    assert "tgr (scripted-model)" in err and " 5/15 " in err and " 15/15 " in err
