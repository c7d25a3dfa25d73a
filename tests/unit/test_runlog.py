"""Run-log integrity: damaged lines cost only themselves; keys know the timeout and the tool's code."""

from __future__ import annotations

import json
import time

from llama_index_libra.induction import InductionConfig, induce
from llama_index_libra.induction.runlog import RunLog
from llama_index_libra.records import InvocationRecord
from llama_index_libra.runtime.python import PythonRuntime, callable_identity


def _line(key: str) -> bytes:
    record = {"tool": "t", "status": "success", "arguments": {"a": 1}, "output": {"v": "é"}}
    return (json.dumps({"k": key, "r": record, "c": False}, ensure_ascii=False) + "\n").encode("utf-8")


def test_damaged_lines_are_skipped_and_counted_never_the_rest(tmp_path):
    good_a, good_b = _line("a"), _line("b")
    cut_in_char = good_a[: good_a.index("é".encode()) + 1] + b"\n"  # first byte of a 2-byte character
    bad_byte = b'{"k": "x\xff", "r": {}}\n'
    no_r = b'{"k": "c", "c": false}\n'
    wrong_types = b'{"k": "d", "r": {"tool": 5, "status": "success", "arguments": []}}\n'
    deep = b"[" * 100_000 + b"\n"
    (tmp_path / "runs-1-1.jsonl").write_bytes(good_a + cut_in_char + bad_byte + no_r + wrong_types + deep + good_b)
    (tmp_path / "runs-2-1.jsonl").write_bytes(b"\xc3")  # a file cut inside a character, no newline
    log = RunLog(tmp_path)
    assert sorted(log.entries) == ["a", "b"]
    assert log.skipped_lines == 6
    record, changed = log.get("b")
    assert record.output == {"v": "é"} and not changed
    log.append("e", InvocationRecord(tool="t", status="success", arguments={}), False)
    log.close()
    assert sorted(RunLog(tmp_path).entries) == ["a", "b", "e"]


class _Box:
    def __init__(self) -> None:
        self.token: str | None = None


def _slow_issue(state: _Box) -> dict:
    """Issue a new access token for this session."""
    time.sleep(0.3)
    state.token = "T1"
    return {"token": "T1"}


def _use(token: str, state: _Box) -> dict:
    """Use an access token to read the protected note."""
    if token != state.token:
        return {"error": "bad token"}
    return {"note": "hello"}


def _runtime(use=_use) -> PythonRuntime:
    return PythonRuntime([_slow_issue, use], _Box, name="tokens", timeout_s=10)


def test_a_larger_timeout_reruns_calls_that_timed_out(tmp_path):
    log = tmp_path / "log"
    short, _ = induce(_runtime(), field_encoder="lexical", executor="serial", log_dir=log, config=InductionConfig(timeout_s=0.1))
    assert len(short) == 0
    long, report = induce(_runtime(), field_encoder="lexical", executor="serial", log_dir=log, config=InductionConfig(timeout_s=5))
    assert len(long) > 0, "old timeouts were replayed from the log"
    assert report.runs > 0


def test_editing_a_tool_invalidates_its_logged_runs(tmp_path):
    def _use(token: str, state: _Box) -> dict:  # same name, docstring and signature; always fails now
        """Use an access token to read the protected note."""
        return {"error": "service retired"}

    log = tmp_path / "log"
    before, _ = induce(_runtime(), field_encoder="lexical", executor="serial", log_dir=log, config=InductionConfig(timeout_s=5))
    assert len(before) > 0
    after, report = induce(_runtime(_use), field_encoder="lexical", executor="serial", log_dir=log, config=InductionConfig(timeout_s=5))
    assert len(after) == 0, "stale relations survived an edit that makes the tool always fail"
    assert report.log_hits > 0  # the unchanged tool's runs still come from the log


def _make(default: int, body: str = "x + y"):
    scope: dict = {}
    exec(f"def f(x, y={default}):\n    return {body}\n", scope)  # same name and qualname every time
    return scope["f"]


def test_callable_identity_follows_code_and_defaults_not_the_process():
    assert callable_identity(_make(1)) == callable_identity(_make(1))
    assert callable_identity(_make(1)) != callable_identity(_make(2))
    assert callable_identity(_make(1)) != callable_identity(_make(1, "x - y"))


def test_callable_identity_survives_self_containing_defaults():
    loop: list = []
    loop.append(loop)

    def f(x, y=loop):
        return x

    assert callable_identity(f) == callable_identity(f)


def test_callable_identity_of_wide_self_references_is_quick():
    wide: dict = {}
    for i in range(10):
        wide[i] = wide

    def f(x, y=wide):
        return x

    assert callable_identity(f) == callable_identity(f)
