"""A pool worker that dies mid-build costs its unfinished chunks, never the build (issue #23, item 2).

Tools of ``tests/support/pool_killer.py`` SIGKILL the pool worker running them (once each, at two
points of the build); the pool is restarted, the chunks run again, and the library is byte-identical
to the serial build's (a run log kept, so the dead workers' last lines are read back too).
``scripts/kill_pool_workers.py`` kills workers at random points of a BFCL build instead.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from llama_index_libra.induction import InductionConfig, induce
from tests.support import pool_killer

CONFIG = InductionConfig(max_depth=2)


@pytest.fixture(scope="module")
def serial_bytes(tmp_path_factory) -> bytes:
    folder = tmp_path_factory.mktemp("serial")
    library, _ = induce(pool_killer.killer_runtime(), field_encoder="lexical", executor="serial", config=CONFIG)
    return library.save(folder / "serial.json").read_bytes()


def test_killed_pool_workers_cost_their_chunks_and_the_bytes_stay(tmp_path: Path, monkeypatch, serial_bytes):
    kills = tmp_path / "kills"
    kills.mkdir()
    monkeypatch.setenv(pool_killer.KILL_DIR_ENV, str(kills))
    monkeypatch.setenv(pool_killer.MASTER_ENV, str(os.getpid()))
    library, report = induce(pool_killer.killer_runtime(), field_encoder="lexical", executor="process", workers=2,
                             config=CONFIG, log_dir=tmp_path / "runs")  # the dead workers' log lines are read back
    assert sorted(p.name for p in kills.iterdir()) == ["lend_book", "read_book"]  # two workers were killed
    assert report.pool_restarts >= 1 and "pool restarted" in report.summary()
    assert library.save(tmp_path / "pool.json").read_bytes() == serial_bytes
    assert library.counts()["provenance"] > 0


def _nap(seconds: float) -> float:
    import time

    time.sleep(seconds)
    return seconds


def test_a_killed_pool_leaves_no_manager_thread_for_the_exit_hook_to_wake() -> None:
    """Stopping a pool with its work in flight (an interrupted build) waits for the pool's manager thread:
    concurrent.futures' exit hook would otherwise write to the wake-up pipe that thread is closing."""
    import time
    from concurrent.futures import ProcessPoolExecutor

    from llama_index_libra.induction.executors import _stop_pool

    pool = ProcessPoolExecutor(max_workers=2)
    futures = [pool.submit(_nap, 30) for _ in range(4)]
    while not any(f.running() for f in futures):  # (the workers take the first calls)
        time.sleep(0.01)
    manager = pool._executor_manager_thread
    assert manager is not None and manager.is_alive()
    _stop_pool(pool, kill=True)
    assert not manager.is_alive()
    assert not any(p.is_alive() for p in (pool._processes or {}).values())
