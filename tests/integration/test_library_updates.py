"""`libra catalog --runtime ... --library` after editing a tool: a code-only edit is named (issue #24, item 2).

The catalog holds public metadata only, so an edit to a tool's body leaves it unchanged; the library
records each tool's code identity at build time (runtimes that offer ``tool_identity``, as
``PythonRuntime`` does), and the check compares them with the runtime's tools now.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tests.support.paths import REPO

TOOLS = '''
from dataclasses import dataclass, field

from llama_index_libra.runtime.python import PythonRuntime


@dataclass
class Box:
    session: str | None = None
    notes: dict = field(default_factory=dict)


def login(username: str, password: str, state: Box) -> dict:
    """Sign in."""
    if (username, password) != ("ann", "pw"):
        return {"error": "bad credentials"}
    state.session = username
    return {"user": username}


def add_note(text: str, state: Box) -> dict:
    """Add a note; needs a signed-in user. Returns note_id."""
    if state.session is None:
        return {"error": "login required"}
    note_id = f"N{len(state.notes) + 1}"
    state.notes[note_id] = text
    return {"note_id": note_id}


def make_runtime():
    return PythonRuntime([login, add_note], Box, fixtures={"username": "ann", "password": "pw"})
'''


def _libra(folder: Path, *args: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(REPO), os.environ.get("PYTHONPATH", "")])}
    return subprocess.run([sys.executable, "-m", "llama_index_libra", *args], cwd=folder, env=env, capture_output=True,
                          text=True, timeout=600)


def test_a_code_only_edit_is_named_by_libra_catalog(tmp_path: Path) -> None:
    (tmp_path / "notes_tools.py").write_text(TOOLS)
    built = _libra(tmp_path, "induce", "--runtime", "notes_tools.py:make_runtime", "--out", "notes.library.json",
                   "--executor", "serial", "--field-encoder", "lexical")
    assert built.returncode == 0, built.stderr[-2000:]
    same = _libra(tmp_path, "catalog", "--runtime", "notes_tools.py:make_runtime", "--library", "notes.library.json")
    assert same.returncode == 0 and "checked: public metadata and code" in same.stdout, same.stdout + same.stderr

    (tmp_path / "notes_tools.py").write_text(TOOLS.replace('f"N{len(state.notes) + 1}"', 'f"NOTE-{len(state.notes) + 1}"'))
    edited = _libra(tmp_path, "catalog", "--runtime", "notes_tools.py:make_runtime", "--library", "notes.library.json")
    assert edited.returncode == 2, edited.stdout + edited.stderr
    assert "the code of add_note changed since the build" in edited.stderr
    assert "--log-dir" in edited.stderr
