"""Watched pool workers (runtime/isolation.py, ``PoolWatch``): with ``isolation="process"`` a pool
worker runs calls in place and its master kills it when a call outlives its deadline; a dead worker's
chunks run again with every call in a call process, so the library is the serial build's bytes.
``isolation="call"`` keeps every call in a call process."""

from __future__ import annotations

import math
import multiprocessing as mp
import os
from pathlib import Path

import pytest

from llama_index_libra.induction import InductionConfig, induce
from llama_index_libra.runtime import isolation
from llama_index_libra.runtime.isolation import KILL_GRACE_S, PoolWatch, WatchMemory
from tests.support import fault_tools, where_tools

CONFIG = InductionConfig(max_depth=1)


class _Runtime:
    """Stands in for a runtime at PoolWatch's boundary: notes the posted deadline mid-call."""

    default_timeout_s = 2.0

    def __init__(self, memory: WatchMemory) -> None:
        self.memory, self.seen = memory, []

    def execute_here(self, snap, tool, arguments, timeout_s):
        self.seen.append(self.memory.array[4])
        if tool == "boom":
            raise RuntimeError("boom")
        return ("record", None)


def test_pool_watch_posts_each_calls_deadline_and_clears_it():
    memory = WatchMemory(mp.get_context("spawn"), 2)
    beats = memory.array
    watch, runtime = PoolWatch(memory, 1), _Runtime(memory)
    before = isolation.time.monotonic()
    assert watch.execute(runtime, None, "read", {}, None) == ("record", None)
    assert before + 2.0 + KILL_GRACE_S <= runtime.seen[0] <= isolation.time.monotonic() + 2.0 + KILL_GRACE_S
    assert beats[4] == 0.0
    watch.execute(runtime, None, "read", {}, math.inf)  # no time limit: never overdue
    assert runtime.seen[1] == math.inf and beats[4] == 0.0
    with pytest.raises(RuntimeError):
        watch.execute(runtime, None, "boom", {}, 0.5)
    assert beats[4] == 0.0 and beats[1] == 0.0  # cleared after a raise; the other slot untouched


def test_watch_memory_hands_out_slots_and_names_overdue_workers_and_groups():
    memory = WatchMemory(mp.get_context("spawn"), 2)
    assert [memory.claim(), memory.claim(), memory.claim()] == [0, 1, None]  # two workers, two slots
    memory.join(0, 101, grouped=True)
    memory.join(1, 102, grouped=False)
    memory.post(0, 10.0)
    memory.post(1, math.inf)
    assert memory.overdue(5.0) == [] and memory.overdue(11.0) == [101]
    assert memory.array[1] == 0.0 and memory.overdue(1e9) == []  # cleared: killed once; no limit: never
    assert memory.groups() == [101]


def test_unknown_isolation_mode_is_refused_by_name():
    with pytest.raises(ValueError, match="unknown isolation 'fork'; use process or call or none"):
        isolation.with_isolation(where_tools.where_runtime(), "fork")


def _where(tmp_path: Path, monkeypatch, executor: str, mode: str | None) -> dict[int, int]:
    """pid -> parent pid of every process that ran a call of the build."""
    folder = tmp_path / f"{executor}-{mode}"
    folder.mkdir()
    monkeypatch.setenv(where_tools.WHERE_DIR_ENV, str(folder))
    induce(where_tools.where_runtime(), field_encoder="lexical", executor=executor, workers=2, isolation=mode,
           config=CONFIG)
    return {int(p.name): int(p.read_text()) for p in folder.iterdir()}


def test_pool_workers_run_calls_in_place_and_call_mode_in_a_child(tmp_path: Path, monkeypatch):
    master = os.getpid()
    workers = _where(tmp_path, monkeypatch, "process", None)  # the runtime's default, "process"
    assert workers and set(workers.values()) == {master}  # the pool workers themselves
    called = _where(tmp_path, monkeypatch, "process", "call")  # call processes of the pool workers
    assert called and master not in called.values() and not (set(called.values()) & {master, *called})
    serial = _where(tmp_path, monkeypatch, "serial", None)  # the master's own call process
    assert set(serial.values()) == {master} and master not in serial


@pytest.mark.slow
def test_a_hang_no_alarm_stops_costs_a_rerun_and_the_bytes_stay(tmp_path: Path):
    """A C loop holds the GIL past the alarm: the master kills its worker at the deadline, the
    chunks run again in call processes, and the library is the serial build's."""
    config = InductionConfig(max_depth=2, timeout_s=0.3)
    out = {}
    for executor in ("serial", "process"):
        library, report = induce(fault_tools.fault_runtime(1, ("c_loop",)), field_encoder="lexical", executor=executor,
                                 workers=2, config=config)
        out[executor] = library.save(tmp_path / f"{executor}.json").read_bytes()
        assert report.failures.get("probe_c_loop", "").startswith("timeout:")
        if executor == "process":
            assert report.pool_restarts == 1  # one death: the rest of the build isolates every call
    assert out["serial"] == out["process"]
