"""AppWorldRuntime against a fake AppWorld worker (no AppWorld installed): protocol, states by recipe,
snapshots as handles, status mapping, timeouts, killed workers and apps that print."""

from __future__ import annotations

import json
import os
import pickle
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from llama_index_libra.benchmarks.appworld import environment as env_mod
from llama_index_libra.benchmarks.appworld.catalog import catalog_from_records
from llama_index_libra.runtime.channel import PipeChannel
from llama_index_libra.benchmarks.appworld.runtime import AppWorldRuntime, AppWorldSnapshot, status_of
from tests.support import paths

FAKE = paths.SUPPORT / "appworld_fake_worker.py"


def _catalog():
    with PipeChannel([sys.executable, str(FAKE)], startup_timeout_s=30) as ch:
        return catalog_from_records(ch.request("api_docs", {"apps": None}))


@pytest.fixture(scope="module")
def catalog():
    return _catalog()


def _runtime(catalog, **kw) -> AppWorldRuntime:
    return AppWorldRuntime(python=sys.executable, worker=FAKE, catalog=catalog, startup_timeout_s=30, **kw)


@pytest.fixture()
def rt(catalog):
    runtime = _runtime(catalog, timeout_s=5)
    yield runtime
    runtime.close()


def _login(rt: AppWorldRuntime, state) -> str:
    record = rt.call(state, "clock.login", {"username": rt.facts["clock"]["username"],
                                            "password": rt.facts["clock"]["password"]})
    assert record.status == "success"
    return record.output["access_token"]


def test_catalog_and_fixtures(rt: AppWorldRuntime) -> None:
    assert len(rt.catalog) == 9 and rt.catalog.get("clock.update_alarm").required_inputs == ["alarm_id", "access_token"]
    assert rt.fixtures == {"clock": {"username": "5550001111"}} and rt.facts["clock"]["password"] == "hunter22"
    assert rt.skipped == ["clock.Nothing"]
    assert rt.partition_of("clock.login") == "clock" and rt.isolation == "none"


def test_statuses_and_messages(rt: AppWorldRuntime) -> None:
    state = rt.fresh()
    bad = rt.call(state, "clock.login", {"username": "x", "password": "y"})
    assert bad.status == "rejected" and bad.message == "Invalid credentials"
    unauthorized = rt.call(state, "clock.show_alarms", {"access_token": "forged"})
    assert unauthorized.status == "rejected" and "not authorized" in unauthorized.message
    token = _login(rt, state)
    missing = rt.call(state, "clock.delete_alarm", {"access_token": token, "alarm_id": 77})
    assert missing.status == "rejected" and missing.message == "The alarm with id 77 does not exist."
    raised = rt.call(state, "clock.broken", {})
    assert raised.status == "error" and "ValueError: the app raised" in raised.message
    with pytest.raises(KeyError):
        rt.call(state, "clock.nope", {})
    assert state.snap.path == ()  # nothing changed the state


def test_state_moves_forward_and_snapshots_are_handles(rt: AppWorldRuntime) -> None:
    state = rt.fresh()
    token = _login(rt, state)
    fresh_snap = rt.snapshot(state)
    created = rt.call(state, "clock.create_alarm", {"access_token": token, "time": "09:30"})
    assert created.status == "success" and created.output["alarm_id"] == 4
    assert created.state_changes == [{"path": "$.clock.alarms['4']", "after": {"id": 4, "time": "09:30"}}]
    assert len(state.snap.path) == 1 and state.snap.digest != fresh_snap.digest
    after_create = rt.snapshot(state)
    blob = pickle.dumps(after_create)
    assert len(blob) < 1000  # a recipe, never a database
    assert pickle.loads(blob) == after_create
    # the older snapshot still names the older state
    old = rt.restore(fresh_snap)
    assert rt.call(old, "clock.update_alarm", {"access_token": token, "alarm_id": 4}).status == "rejected"
    record, child = rt.execute(after_create, "clock.update_alarm", {"access_token": token, "alarm_id": 4, "time": "10:00"})
    assert record.status == "success" and child is not None
    digest, snap = child
    assert snap.digest == digest and len(snap.path) == 2
    assert rt.view(rt.restore(snap))["clock"]["alarms"]["4"]["time"] == "10:00"
    assert rt.digest(rt.restore(after_create)) == after_create.digest


def test_evicted_states_replay_identically(catalog) -> None:
    rt = _runtime(catalog, max_images=1)
    try:
        state = rt.fresh()
        token = _login(rt, state)
        for time in ("05:00", "05:30", "06:30"):
            assert rt.call(state, "clock.create_alarm", {"access_token": token, "time": time}).status == "success"
        deep = rt.snapshot(state)
        first = rt.snapshot(rt.fresh())
        rt.call(rt.restore(first), "clock.create_alarm", {"access_token": token, "time": "11:11"})  # evicts
        again = rt.call(rt.restore(deep), "clock.show_alarms", {"access_token": token})
        assert [a["time"] for a in again.output][-3:] == ["05:00", "05:30", "06:30"]
        assert rt._request("stats", {}, 10)["replays"] >= 2
    finally:
        rt.close()


def test_timeout_restarts_the_worker_and_the_state_survives(rt: AppWorldRuntime) -> None:
    state = rt.fresh()
    token = _login(rt, state)
    rt.call(state, "clock.create_alarm", {"access_token": token})
    pid = rt._channel.pid
    slow = rt.call(state, "clock.slow", {"seconds": 60}, timeout_s=0.5)
    assert slow.status == "error" and slow.fault == "timeout" and "0.5 s" in slow.message
    again = rt.call(state, "clock.show_alarms", {"access_token": token})  # a new worker replays the path
    assert again.status == "success" and len(again.output) == 4 and rt._channel.pid != pid


def test_crash_and_external_kill(rt: AppWorldRuntime) -> None:
    state = rt.fresh()
    token = _login(rt, state)
    crashed = rt.call(state, "clock.crash", {})
    assert crashed.status == "error" and crashed.fault == "crashed" and "exited with code 9" in crashed.message
    assert rt.call(state, "clock.show_alarms", {"access_token": token}).status == "success"
    channel = rt._channel
    os.kill(channel.pid, 9)  # killed between calls: once it is gone, the next call starts a new worker
    channel.proc.wait(timeout=10)
    assert rt.call(state, "clock.show_alarms", {"access_token": token}).status == "success"


def test_print_happy_app_cannot_desynchronise(rt: AppWorldRuntime) -> None:
    state = rt.fresh()
    for _ in range(3):
        record = rt.call(state, "clock.chatty", {})
        assert record.status == "success" and record.output == {"printed": True}
    assert rt.call(state, "clock.login", {"username": "x", "password": "y"}).status == "rejected"


def test_pickled_runtime_starts_its_own_worker(rt: AppWorldRuntime) -> None:
    state = rt.fresh()
    token = _login(rt, state)
    rt.call(state, "clock.create_alarm", {"access_token": token})
    twin = pickle.loads(pickle.dumps(rt))
    try:
        assert twin._channel is None
        # a snapshot made in one process is valid in another: the twin's worker replays it
        record = twin.call(twin.restore(rt.snapshot(state)), "clock.show_alarms", {"access_token": token})
        assert record.status == "success" and len(record.output) == 4
    finally:
        twin.close()


def test_missing_environment_says_how_to_make_it(tmp_path: Path) -> None:
    with pytest.raises(env_mod.AppWorldEnvironmentError, match="libra appworld setup"):
        AppWorldRuntime(env_dir=tmp_path / "none")
    with pytest.raises(ValueError, match="appworld_root"):
        AppWorldRuntime(python=sys.executable, worker=FAKE, states="base")
    with pytest.raises(ValueError, match="unknown AppWorld fresh state"):
        AppWorldRuntime(python=sys.executable, worker=FAKE, states={"*": "random"})


def test_setup_is_idempotent_and_resumable(tmp_path: Path) -> None:
    target = tmp_path / "venv"
    (target / "bin").mkdir(parents=True)
    (target / "bin" / "python").symlink_to(sys.executable)
    (target / env_mod.MARKER).write_text(json.dumps({"done": list(env_mod.STEPS), "version": "9.9"}))
    lines: list[str] = []
    assert env_mod.setup_environment(target=target, log=lines.append) == target.resolve() / "bin" / "python"
    assert lines == [f"[appworld setup] ready: {target.resolve() / 'bin' / 'python'} (appworld 9.9)"]
    assert env_mod.require_environment(target) == target / "bin" / "python"
    # resume at the last step: a fake `appworld install` that succeeds but leaves no apps
    (target / env_mod.MARKER).write_text(json.dumps({"done": ["venv", "pip"], "version": "9.9"}))
    fake_cli = target / "bin" / "appworld"
    fake_cli.write_text("#!/bin/sh\necho unpacked\n")
    fake_cli.chmod(0o755)
    lines.clear()
    with pytest.raises(env_mod.AppWorldEnvironmentError, match="apps do not import"):
        env_mod.setup_environment(target=target, log=lines.append)
    assert any("appworld install" in line for line in lines) and not any("pip install" in line for line in lines)
    assert json.loads((target / env_mod.MARKER).read_text())["done"] == ["venv", "pip"]
    with pytest.raises(env_mod.AppWorldEnvironmentError, match="not a working Python"):
        env_mod.setup_environment(python=tmp_path / "nopython", target=tmp_path / "other", log=lines.append)


@pytest.mark.parametrize("index_rc, error", [(1, env_mod.PackageRegistryUnreachable), (0, env_mod.AppWorldEnvironmentError)])
def test_a_failed_pip_install_says_whether_the_registry_answered(tmp_path: Path, index_rc: int, error: type) -> None:
    target = tmp_path / "venv"
    (target / "bin").mkdir(parents=True)
    fake = target / "bin" / "python"  # pip install always fails; `pip index versions` fails only when told to
    fake.write_text(f'#!/bin/sh\ncase "$*" in *"pip index"*) exit {index_rc};; esac\necho "ERROR: boom"\nexit 1\n')
    fake.chmod(0o755)
    (target / env_mod.MARKER).write_text(json.dumps({"done": ["venv"]}))
    with pytest.raises(error, match="boom") as caught:
        env_mod.setup_environment(target=target, log=lambda line: None)
    assert (type(caught.value) is env_mod.PackageRegistryUnreachable) == (index_rc != 0)
    assert json.loads((target / env_mod.MARKER).read_text())["done"] == ["venv"]  # the pip step is retried next time


@given(code=st.integers(100, 599))
def test_status_mapping(code: int) -> None:
    expected = "success" if code < 300 and code >= 200 else "rejected" if 400 <= code < 500 else "error"
    assert status_of(code) == expected


_ARGS = st.dictionaries(st.text(min_size=1, max_size=6), st.one_of(st.integers(), st.text(max_size=8), st.booleans(),
                                                                 st.none()), max_size=4)


@settings(max_examples=50, deadline=None)
@given(steps=st.lists(st.tuples(st.sampled_from(["clock.a", "clock.b"]), _ARGS), max_size=4))
def test_snapshot_recipes_round_trip(steps) -> None:
    from llama_index_libra._io import canonical_json

    snap = AppWorldSnapshot('{"default":"synthetic"}', tuple((t, canonical_json(a)) for t, a in steps))
    recipe = snap.recipe()
    assert recipe["path"] == [[t, a] for t, a in steps] and pickle.loads(pickle.dumps(snap)) == snap


@settings(max_examples=40, deadline=None)
@given(blob=st.binary(max_size=120))
def test_any_marker_bytes_mean_start_over_or_resume(blob: bytes) -> None:
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        target = Path(folder)
        (target / env_mod.MARKER).write_bytes(blob)
        status = env_mod.environment_status(target)
        assert isinstance(status["done"], list) and status["ready"] is False  # no interpreter there


def test_catalog_cache_is_written_read_and_rebuilt(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from llama_index_libra.benchmarks.appworld.catalog import catalog_cache_path, load_appworld_catalog

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    first = load_appworld_catalog(python=sys.executable, worker=FAKE)
    path = catalog_cache_path("unknown", None)
    assert path.is_file() and len(first) == 9
    assert load_appworld_catalog(python=sys.executable, worker=FAKE).fingerprint() == first.fingerprint()
    for damaged in (b"", b"{", b'{"format": "other"}', json.dumps({"format": "libra-appworld-catalog", "version": 1,
                                                                     "tools": [{"name": 3}]}).encode()):
        path.write_bytes(damaged)
        assert load_appworld_catalog(python=sys.executable, worker=FAKE).fingerprint() == first.fingerprint()
    assert json.loads(path.read_text())["tools"][0]["name"] == "clock.login"
