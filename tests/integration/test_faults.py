"""Tool faults cost one call, never the build: the record boundary, call isolation, and the fault suite.

Fast tests drive ``Runtime.call``/``Runtime.execute`` with one fault each; the slow fault suite
injects every kind of ``tests/fault_tools.py`` at random into whole builds, serial and process.
"""

from __future__ import annotations

import json
import threading
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from llama_index_libra._io import canonical_json
from llama_index_libra.induction import InductionConfig, induce
from llama_index_libra.records import InvocationRecord, UnstorableValue, storable_json
from llama_index_libra.records import format_exception
from llama_index_libra.runtime.python import PythonRuntime
from tests.support import fault_tools
from tests.support.fault_tools import FAULTS, PROCESS_ONLY, Shelf, add_book, read_book

IN_PROCESS = tuple(k for k in FAULTS if k not in PROCESS_ONLY)


def _runtime(kind: str, *, isolation: str, timeout_s: float = 0.3) -> PythonRuntime:
    """A shelf whose probe faults whenever the shelf holds one book (before reading it)."""
    probe = fault_tools._make_probe(kind, 99, books_when=1, before=True)
    runtime = PythonRuntime([add_book, probe], Shelf, name="shelf", timeout_s=timeout_s)
    runtime.isolation = isolation
    return runtime


def _one_book_snapshot(runtime: PythonRuntime):
    state = runtime.fresh()
    runtime.call(state, "add_book", {"title": "Dune"})
    return runtime.snapshot(state)


# ------------------------------------------------------------------ the record boundary


def test_storable_json_repairs_lone_surrogates_and_refuses_huge_ints():
    assert storable_json({"a": "ok", "b": [1, 2.5, None]}) == {"a": "ok", "b": [1, 2.5, None]}
    repaired = storable_json({"k\ud800": ["x\udce9y", "\ud83d\ude00"]})
    assert repaired == {"k\ufffd": ["x\ufffdy", "\U0001F600"]}  # a pair becomes its character
    canonical_json(repaired).encode("utf-8")
    with pytest.raises(UnstorableValue, match="4300 digits"):
        storable_json({"n": 10**5000})


@settings(max_examples=300, deadline=None)
@given(st.recursive(st.none() | st.booleans() | st.integers() | st.text(alphabet=st.characters(exclude_categories=())),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=4), inner, max_size=4),
                    max_leaves=20))
def test_storable_json_output_always_writes_as_utf8(value):
    canonical_json(storable_json(value)).encode("utf-8")


def test_format_exception_survives_a_str_that_raises():
    class Bad(Exception):
        def __str__(self):
            raise RuntimeError("no")

    assert format_exception(Bad()) == "Bad: <message unavailable: its __str__ raised>"
    assert format_exception(ValueError("x" * 5000)).endswith("...[truncated]")


@pytest.mark.parametrize("kind", [k for k in IN_PROCESS if k != "hang"])
def test_in_process_faults_become_records(kind):
    runtime = _runtime(kind, isolation="none")
    record, child = runtime.execute(_one_book_snapshot(runtime), f"probe_{kind}", {"book_id": "B1"})
    expected = FAULTS[kind][1]
    text = canonical_json(record.to_evidence())
    text.encode("utf-8")  # every record can be written
    assert expected in text
    if kind == "surrogate":
        assert record.status == "success" and child is not None
    else:
        assert record.status == "error" and child is None


def test_surrogate_output_saves_and_resumes(tmp_path: Path):
    """Lone surrogates used to fail at save, after the whole build, and again on every resume."""
    runtime = fault_tools.fault_runtime(1, ("surrogate",))
    config = InductionConfig(max_depth=2, timeout_s=None)
    first, _ = induce(runtime, field_encoder="lexical", executor="serial", log_dir=tmp_path / "log", config=config)
    first.save(tmp_path / "a.json")
    again, report = induce(runtime, field_encoder="lexical", executor="serial", log_dir=tmp_path / "log", config=config)
    again.save(tmp_path / "b.json")
    assert report.log_hits > 0
    assert (tmp_path / "a.json").read_bytes() == (tmp_path / "b.json").read_bytes()
    logged = "".join(p.read_text(encoding="utf-8") for p in (tmp_path / "log").glob("runs-*.jsonl"))
    assert "\ufffd" in json.loads(json.dumps(logged))


def test_unpicklable_fresh_state_fails_before_the_build():
    from llama_index_libra.induction.executors import RuntimePortabilityError

    class Locked(Shelf):
        def __init__(self):
            super().__init__()
            self.extra["lock"] = threading.RLock()

    runtime = PythonRuntime([add_book], Locked, name="locked")
    with pytest.raises(RuntimePortabilityError, match="fresh state .* cannot be snapshotted and pickled"):
        induce(runtime, field_encoder="lexical", executor="serial")


# ------------------------------------------------------------------ call isolation


@pytest.mark.parametrize("kind", PROCESS_ONLY + ("hang",))
def test_isolated_call_that_crashes_or_hangs_costs_that_call_only(kind):
    runtime = _runtime(kind, isolation="process")
    try:
        snap = _one_book_snapshot(runtime)
        record, child = runtime.execute(snap, f"probe_{kind}", {"book_id": "B1"})
        assert record.status == "error" and child is None
        assert record.fault == ("timeout" if FAULTS[kind][1] == "timeout:" else "crashed")
        assert FAULTS[kind][1] in record.message
        # the next call gets a new process and works; the snapshot it needs travels again
        record, child = runtime.execute(snap, "add_book", {"title": "Emma"})
        assert record.status == "success" and record.output == {"book_id": "B2"} and child is not None
    finally:
        from llama_index_libra.runtime.isolation import close_supervisors

        close_supervisors()


def test_isolated_and_in_process_records_are_identical():
    from llama_index_libra.runtime.isolation import close_supervisors

    inside, outside = _runtime("hang", isolation="none"), _runtime("hang", isolation="process")
    try:
        for runtime in (inside, outside):
            snap = _one_book_snapshot(runtime)
            runtime.records = [runtime.execute(snap, "probe_hang", {"book_id": "B1"})[0].to_evidence(),
                               runtime.execute(snap, "add_book", {"title": "Emma"})[0].to_evidence()]
        assert inside.records == outside.records
        assert inside.records[0]["fault"] == "timeout"
    finally:
        close_supervisors()


def test_a_tool_raising_keyboard_interrupt_is_that_calls_error():
    """A KeyboardInterrupt the tool raises itself is its call's error (issue #23: it aborted every build
    and every resume); a real SIGINT/SIGTERM still stops the build (tests/integration/test_interrupts.py)."""
    from llama_index_libra.runtime.isolation import close_supervisors

    def stop(book_id: str, state: Shelf) -> dict:
        raise KeyboardInterrupt

    runtime = PythonRuntime([add_book, stop], Shelf, name="shelf")
    try:
        record, _ = runtime.execute(runtime.snapshot(runtime.fresh()), "stop", {"book_id": "B1"})
    finally:
        close_supervisors()
    assert record.status == "error" and "KeyboardInterrupt" in record.message


# ------------------------------------------------------------------ the fault suite


BUILD_DEADLINE_S = 600  # a fault-suite build that runs longer has hung: the test process exits with its traceback


@pytest.fixture
def no_hang():
    """Turn a hung build into a failed run (all threads' tracebacks, exit) instead of a stuck CI job."""
    import faulthandler

    faulthandler.dump_traceback_later(BUILD_DEADLINE_S, exit=True)
    yield
    faulthandler.cancel_dump_traceback_later()


def _logged(folder: Path) -> list[dict]:
    return [json.loads(line)["r"] for p in sorted(folder.glob("runs-*.jsonl")) for line in p.read_text("utf-8").splitlines()]


def _check_every_fault_recorded(records: list[dict], kinds: tuple[str, ...]) -> None:
    for kind in kinds:
        mine = [canonical_json(r) for r in records if r["tool"] == f"probe_{kind}"]
        assert any(FAULTS[kind][1] in text for text in mine), (kind, mine[:3])


@pytest.mark.slow
@pytest.mark.parametrize("seed", [0, 1])
def test_fault_suite_every_kind_at_random_serial_and_process(tmp_path: Path, seed: int, no_hang):
    """Every fault kind injected at random: no build aborts or hangs, every fault is in the run log,
    and the serial and process builds write the same library bytes."""
    config = InductionConfig(max_depth=2, timeout_s=0.3)
    saved = {}
    for executor in ("serial", "process"):
        log = tmp_path / f"log-{executor}"
        library, report = induce(fault_tools.fault_runtime(seed), field_encoder="lexical", executor=executor,
                                 workers=2, log_dir=log, config=config)
        saved[executor] = library.save(tmp_path / f"{executor}.json").read_bytes()
        _check_every_fault_recorded(_logged(log), tuple(FAULTS))
        assert report.timeouts > 0 and report.errors > report.timeouts
        assert library.counts()["provenance"] > 0  # the healthy tools still give their relations
    assert saved["serial"] == saved["process"]


@pytest.mark.slow
def test_fault_suite_in_process_mode_writes_the_same_bytes(tmp_path: Path, no_hang):
    """isolation="none" contains every fault that leaves its process alive, with the same records."""
    config = InductionConfig(max_depth=2, timeout_s=0.3)
    out = {}
    for mode in ("none", "process"):
        library, _ = induce(fault_tools.fault_runtime(2, IN_PROCESS), field_encoder="lexical", executor="serial",
                            isolation=mode, config=config, log_dir=tmp_path / mode)
        out[mode] = library.save(tmp_path / f"{mode}.json").read_bytes()
        _check_every_fault_recorded(_logged(tmp_path / mode), IN_PROCESS)
    assert out["none"] == out["process"]


def test_invocation_record_fault_round_trips_through_the_run_log(tmp_path: Path):
    from llama_index_libra.induction.runlog import RunLog

    log = RunLog(tmp_path)
    record = InvocationRecord(tool="t", status="error", arguments={}, message="crashed: x", fault="crashed")
    log.append("k", record, False)
    log.close()
    again, _ = RunLog(tmp_path).get("k")
    assert again.fault == "crashed" and again.to_evidence() == record.to_evidence()


class _Hostile:
    """A return value whose conversion misbehaves in one of several ways."""

    def __init__(self, how: str) -> None:
        self.how = how

    def __getattr__(self, name: str):
        if self.how == "getattr":
            raise RuntimeError("no attributes here")
        raise AttributeError(name)

    def to_dict(self):
        if self.how == "to_dict":
            raise KeyError("to_dict")
        return {"how": self.how, "text": "\udcff"}


class _Huge:
    """Stands for an integer over 4,300 digits until the tool returns it (hypothesis cannot print one)."""

    def __init__(self, digits: int) -> None:
        self.digits = digits

    def __repr__(self) -> str:
        return f"_Huge({self.digits})"


def _materialize(value):
    if isinstance(value, _Huge):
        return 10**value.digits
    if isinstance(value, dict):
        return {k: _materialize(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return type(value)(_materialize(v) for v in value)
    return value


_hostile_values = st.recursive(
    st.none() | st.booleans() | st.integers(min_value=-10**20, max_value=10**20)
    | st.sampled_from([4301, 4400]).map(_Huge) | st.text(alphabet=st.characters(exclude_categories=()), max_size=8)
    | st.sampled_from(["getattr", "to_dict", "ok"]).map(_Hostile),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=3), inner, max_size=3)
    | st.tuples(inner, inner),
    max_leaves=8)


@settings(max_examples=200, deadline=None)
@given(value=_hostile_values, in_state=st.booleans())
def test_any_hostile_value_becomes_a_writable_record(value, in_state):
    """Whatever a tool returns or leaves in its state, the call gives a record that every file can hold."""
    def tool(state: dict) -> object:
        if in_state:
            state["left"] = _materialize(value)
            return {"ok": True}
        return _materialize(value)

    runtime = PythonRuntime([tool], dict, name="hostile", timeout_s=None)
    runtime.isolation = "none"
    record, _ = runtime.execute(runtime.snapshot(runtime.fresh()), "tool", {})
    canonical_json(record.to_evidence()).encode("utf-8")
    assert record.status in ("success", "rejected", "error")


def test_pool_without_isolation_reports_a_dead_worker_in_one_line():
    from llama_index_libra.induction import InductionConfig

    runtime = fault_tools.fault_runtime(3, ("exit",))
    with pytest.raises(RuntimeError, match="a worker process died mid-build"):
        induce(runtime, field_encoder="lexical", executor="process", workers=2, isolation="none",
               config=InductionConfig(max_depth=2, timeout_s=None))


def test_library_with_a_lone_surrogate_anywhere_still_saves(tmp_path: Path):
    """A library holding text UTF-8 cannot encode (here: a contract note) is repaired at save."""
    from llama_index_libra.library import ToolLibrary

    runtime = PythonRuntime([add_book, read_book], Shelf, name="shelf")
    library, _ = induce(runtime, field_encoder="lexical", executor="serial", isolation="none")
    library.contracts["read_book"] = {**library.contracts["read_book"], "x-note": "caf\udce9"}
    path = library.save(tmp_path / "odd.json")
    assert "caf\ufffd" in path.read_text(encoding="utf-8")
    assert ToolLibrary.load(path).counts() == library.counts()
