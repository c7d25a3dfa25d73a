"""Every LLM-reply path of the baselines, and the artifact file format, under arbitrary input.

Parsers: any string gives a clean value or BaselineReplyError, nothing else. Builds: whatever the
LLM says (malformed JSON, truncated, wrong shapes, prose), the build finishes, records the failure
per item and writes an artifact that loads back. Artifact files: any bytes load or fail with one
BaselineError line; an interrupted save leaves the previous file.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

import pytest
from tests.support.baselines import ScriptedBaselineLLM, WorldReplies, alarm_catalog
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from llama_index_libra.baselines import BaselineArtifact, BaselineError, build_baseline
from llama_index_libra.baselines.replies import (
    PAIR_LABELS,
    BaselineReplyError,
    parse_judgement,
    parse_pair_label,
    parse_profile,
    parse_refined_profile,
    parse_triples,
)

PARSERS = [parse_profile, parse_refined_profile, parse_judgement, parse_pair_label, parse_triples]

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda children: st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=12), children, max_size=4),
    max_leaves=12,
)
shaped = st.fixed_dictionaries({}, optional={
    "function_description": json_values, "when_to_use": json_values, "limitations": json_values, "tags": json_values,
    "tool_profile": json_values, "function": json_values, "example_usage": json_values, "limitation": json_values,
    "label": st.sampled_from(PAIR_LABELS) | json_values, "relationships": json_values | st.lists(st.fixed_dictionaries(
        {}, optional={"head": json_values, "relationship": json_values, "tail": json_values}), max_size=4),
})


def decorate(obj: object, how: int) -> str:
    text = json.dumps(obj)
    return [text, f"```json\n{text}\n```", f"<think>hm</think>{text}", f"Sure: {text} done", text[: len(text) // 2]][how]


replies = st.one_of(
    st.text(max_size=300),
    st.builds(decorate, shaped, st.integers(0, 4)),
    st.builds(decorate, json_values, st.integers(0, 4)),
    st.sampled_from(["true", "FALSE.", "True, but false", "", "   ", "{", "[]", "null", "no_dependency", "`b_depends_on_a`",
                     '{"label": "A depends on B"}', '{"relationships": []}', "[" * 5000 + "]" * 5000]),
)


@settings(max_examples=300, deadline=None)
@given(replies)
def test_parsers_return_a_value_or_a_reply_error(text: str) -> None:
    for parse in PARSERS:
        try:
            value = parse(text)
        except BaselineReplyError as exc:
            assert str(exc) and "\n" not in str(exc)
            continue
        if parse is parse_judgement:
            assert isinstance(value, bool)
        elif parse is parse_pair_label:
            assert value in PAIR_LABELS
        elif parse is parse_triples:
            triples, dropped = value
            assert dropped >= 0 and all(len(t) == 3 and all(isinstance(p, str) and p for p in t) for t in triples)
        else:
            assert isinstance(value, dict) and all(isinstance(v, (str, list)) for v in value.values())
            json.dumps(value)


def test_parsers_on_realistic_replies() -> None:
    assert parse_profile('```json\n{"function_description": " Books  a flight. ", "tags": "travel, flight, travel"}\n```') == {
        "function_description": "Books a flight.", "tags": ["travel", "flight"]}
    assert parse_profile('{"tool_profile": {"tags": ["x"], "limitations": ["a", "b"]}}') == {"limitations": "a; b", "tags": ["x"]}
    with pytest.raises(BaselineReplyError, match="neither"):
        parse_profile('{"when_to_use": "always"}')
    refined = parse_refined_profile('{ "tool_profile": { "function": "f", "tags": ["a"], "example_usage": '
                                    '[{"query": "q", "api_call": "c(1)"}, {"x": 1}, {"query": "q2"}, {"query": "q3"}]}}')
    assert refined == {"function": "f", "tags": ["a"], "example_usage": [{"query": "q", "api_call": "c(1)"}, {"query": "q2"}]}
    with pytest.raises(BaselineReplyError, match="'function'"):
        parse_refined_profile('{"tool_profile": {"tags": ["a"]}}')
    assert parse_judgement("<think>is it true or false?</think>\nfalse") is False
    assert parse_judgement('"true"') is True and parse_judgement("False. A true profile would ...") is False
    with pytest.raises(BaselineReplyError, match="both"):
        parse_judgement("It is true that it is false")
    assert parse_pair_label('{"label":" no_dependency"}') == "no_dependency"  # the figure's own spacing
    assert parse_pair_label("Answer: {\"label\": \"B_DEPENDS_ON_A\"}") == "b_depends_on_a"
    assert parse_pair_label("a_depends_on_b") == "a_depends_on_b"
    triples, dropped = parse_triples(json.dumps({"relationships": [
        {"head": "T", "relationship": "has_parameter", "tail": "city"},
        {"head": "T", "relationship": "has_parameter", "tail": "City"},  # duplicate after canonicalization
        {"head": "T", "relationship": "related_to", "tail": "t"},  # self-relation
        {"head": "T", "relationship": 3, "tail": "x"}, "oops"]}))
    assert triples == [("T", "has_parameter", "city")] and dropped == 4
    assert parse_triples('{"relationships": []}') == ([], 0)


# ------------------------------------------------------------------------------------------ builds

@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(["toolrex", "tgr", "ego-trip"]), st.lists(replies, min_size=1, max_size=8), st.booleans())
def test_builds_survive_any_replies(method: str, script: list[str], cut: bool) -> None:
    """Replies cycle through the script (some marked cut at the output limit): the build never
    crashes, and the artifact it writes loads back."""
    calls = {"n": 0}

    def respond(system: str, user: str):
        text = script[calls["n"] % len(script)]
        calls["n"] += 1
        return (text, "length") if cut and calls["n"] % 3 == 0 else text

    with tempfile.TemporaryDirectory() as tmp:
        artifact, report = build_baseline(method, alarm_catalog(), ScriptedBaselineLLM(respond=respond), show_progress=False,
                                          log_path=Path(tmp) / "log.jsonl", cache_dir=Path(tmp) / "cache")
        assert report["complete"]
        path = artifact.save(Path(tmp) / "a.json")
        assert BaselineArtifact.load(path, catalog=alarm_catalog()) == artifact
        if method == "tgr":
            assert len(artifact.edges) + len(artifact.failed_pairs) <= 15
        else:
            assert set(artifact.items) == set(alarm_catalog().names)


# ------------------------------------------------------------------------------------------ files

def _valid_json(tmp: Path) -> dict:
    artifact, _ = build_baseline("ego-trip", alarm_catalog(), ScriptedBaselineLLM(respond=WorldReplies()), show_progress=False)
    return artifact.to_json()


VALID = None


def valid() -> dict:
    global VALID
    if VALID is None:
        VALID = _valid_json(Path("."))
    return json.loads(json.dumps(VALID))


mutations = st.one_of(
    st.tuples(st.sampled_from(["format", "version", "method", "catalog", "items", "model", "prompt_version", "judge_model"]), json_values),
    st.tuples(st.just("item"), json_values),
    st.tuples(st.just("triple"), json_values),
    st.tuples(st.just("tool"), json_values),
)


@settings(max_examples=150, deadline=None)
@given(mutations)
def test_mutated_artifacts_load_or_fail_with_one_line(mutation: tuple[str, object]) -> None:
    data = valid()
    where, value = mutation
    if where == "item":
        data["items"]["Clock.login"] = value
    elif where == "triple":
        data["items"]["Clock.login"]["triples"] = [value]
    elif where == "tool":
        data["catalog"]["tools"][0] = value
    else:
        data[where] = value
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "a.json"
        path.write_text(json.dumps(data))
        try:
            loaded = BaselineArtifact.load(path)
        except BaselineError as exc:
            assert str(path) in str(exc) and "\n" not in str(exc)
        else:  # what loads is a usable artifact: it saves and loads back the same
            assert BaselineArtifact.load(loaded.save(Path(tmp) / "b.json")) == loaded


@settings(max_examples=100, deadline=None)
@given(st.binary(max_size=400))
def test_any_bytes_load_or_fail_with_one_line(data: bytes) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "a.json"
        path.write_bytes(data)
        with pytest.raises(BaselineError):
            BaselineArtifact.load(path)


def test_specific_file_errors(tmp_path: Path) -> None:
    with pytest.raises(BaselineError, match="does not exist"):
        BaselineArtifact.load(tmp_path / "none.json")
    path = tmp_path / "a.json"
    data = valid()
    path.write_text(json.dumps({**data, "version": 99}))
    with pytest.raises(BaselineError, match="version 99 is not supported"):
        BaselineArtifact.load(path)
    path.write_text(json.dumps({**data, "format": "llama-index-libra/tool-library"}))
    with pytest.raises(BaselineError, match="not a baseline artifact"):
        BaselineArtifact.load(path)
    data["items"]["Clock.login"]["status"] = "great"
    path.write_text(json.dumps(data))
    with pytest.raises(BaselineError, match="Clock.login: status must be one of ok, failed, request-failed"):
        BaselineArtifact.load(path)
    path.write_text(json.dumps(valid())[:-20])
    with pytest.raises(BaselineError, match="is corrupt"):
        BaselineArtifact.load(path)


def test_an_interrupted_save_keeps_the_previous_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    artifact = BaselineArtifact.from_json(valid())
    path = artifact.save(tmp_path / "a.json")
    before = path.read_bytes()

    def boom(src: str, dst: str) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(os, "replace", boom)
    with pytest.raises(KeyboardInterrupt):
        BaselineArtifact.for_catalog("tgr", alarm_catalog(), model="other", prompt_version="p").save(path)
    monkeypatch.undo()
    assert path.read_bytes() == before and [p.name for p in tmp_path.iterdir()] == ["a.json"]


# ------------------------------------------------------------------------------------------ item log

@settings(max_examples=150, deadline=None)
@given(st.lists(st.one_of(st.binary(max_size=80), st.builds(lambda v: json.dumps(v).encode(), json_values),
                          st.just(b'{"key": "' + b"a" * 64 + b'", "result": {"label": "no_dependency"}}')), max_size=8),
       st.booleans())
def test_item_log_reads_what_it_can_and_appends_on_a_fresh_line(chunks: list[bytes], newline: bool) -> None:
    from llama_index_libra.baselines.work import ItemLog

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "log.jsonl"
        path.write_bytes(b"\n".join(chunks) + (b"\n" if newline else b""))
        log = ItemLog(path)
        before = log.read()
        assert all(len(k) == 64 and isinstance(v, dict) for k, v in before.items())
        log.append("b" * 64, "x | y", {"label": "a_depends_on_b"})
        log.close()
        after = ItemLog(path).read()
        assert after["b" * 64] == {"label": "a_depends_on_b"}
        assert {k: v for k, v in after.items() if k != "b" * 64} == {k: v for k, v in before.items() if k != "b" * 64}
