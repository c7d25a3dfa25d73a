"""Notebook-style use with every default: tools defined in ``__main__`` (``python - < script.py``, a
REPL, a notebook cell) and a runtime that cannot be pickled, through the API and ``libra induce
--runtime``. The default process pool cannot ship such tools to spawned workers; the build must still
complete (falling back to serial with one warning line, or failing at once with what to do) and leave
no worker process or temp file behind. Each run gets its own TMPDIR so leftovers are counted exactly.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from tests.support import paths

REPO = paths.REPO

TOOLS = textwrap.dedent(
    '''
    from dataclasses import dataclass, field


    @dataclass
    class Notes:
        users: dict = field(default_factory=lambda: {"alice": "pw"})
        tokens: list = field(default_factory=list)
        notes: dict = field(default_factory=dict)


    def login(username: str, password: str, state: Notes) -> dict:
        """Sign in with a username and password; returns an access_token."""
        if state.users.get(username) != password:
            return {"error": "bad credentials"}
        token = f"tok{len(state.tokens) + 1}"
        state.tokens.append(token)
        return {"access_token": token}


    def add_note(access_token: str, text: str, state: Notes) -> dict:
        """Add a note to your account; needs an access_token from login."""
        if access_token not in state.tokens:
            return {"error": "not signed in"}
        state.notes[str(len(state.notes) + 1)] = text
        return {"note_id": str(len(state.notes))}
    '''
)
SCRIPT = TOOLS + textwrap.dedent(
    '''
    from llama_index_libra import PythonRuntime, induce

    runtime = PythonRuntime([login, add_note], Notes, fixtures={"username": "alice", "password": "pw"})
    library, report = induce(runtime)
    print("RELATIONS", sorted((r.provider, r.consumer, r.kind) for r in library))
    '''
)
UNPICKLABLE_FACTORY = TOOLS + textwrap.dedent(
    '''
    import threading

    from llama_index_libra import PythonRuntime


    class LockedRuntime(PythonRuntime):
        """A runtime holding a lock (a client, a connection pool): it cannot be pickled."""

        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            self.lock = threading.Lock()


    def make_runtime():
        return LockedRuntime([login, add_note], Notes, fixtures={"username": "alice", "password": "pw"})
    '''
)


def _env(tmp: Path) -> dict[str, str]:
    tmp.mkdir(exist_ok=True)
    return {**os.environ, "PYTHONPATH": str(REPO), "HF_HUB_OFFLINE": "1", "TRANSFORMERS_OFFLINE": "1",
            "TOKENIZERS_PARALLELISM": "false", "TMPDIR": str(tmp)}


def _check(result: subprocess.CompletedProcess, tmp: Path) -> None:
    assert result.returncode == 0, result.stderr[-2000:]
    assert "Traceback" not in result.stderr and "BrokenProcessPool" not in result.stderr
    assert not list(tmp.glob("libra-*")), "temp files left behind"


@pytest.mark.slow
def test_stdin_script_with_tools_in_main_completes_with_defaults(tmp_path: Path) -> None:
    tmp = tmp_path / "tmp"
    result = subprocess.run([sys.executable, "-"], input=SCRIPT, cwd=tmp_path, env=_env(tmp), capture_output=True,
                            text=True, timeout=600)
    _check(result, tmp)
    assert "('login', 'add_note', 'provenance')" in result.stdout and "('login', 'add_note', 'state')" in result.stdout


@pytest.mark.slow
def test_cli_runtime_that_cannot_be_pickled_completes_with_defaults(tmp_path: Path) -> None:
    (tmp_path / "locked_notes.py").write_text(UNPICKLABLE_FACTORY)
    tmp = tmp_path / "tmp"
    result = subprocess.run([sys.executable, "-m", "llama_index_libra", "induce", "--runtime",
                             "locked_notes.py:make_runtime", "--out", "notes.library.json", "--quiet"],
                            cwd=tmp_path, env=_env(tmp), capture_output=True, text=True, timeout=600)
    _check(result, tmp)
    assert "provenance 1" in result.stdout and (tmp_path / "notes.library.json").exists()
