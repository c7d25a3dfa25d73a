"""A build script pasted without ``if __name__ == "__main__":`` (issue: the process pool's spawned
workers re-run the script's top level, which crashed the build with three tracebacks blaming the
tools). ``induce`` now notices, says so in one line and builds serially with the same library."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from llama_index_libra.induction.mainguard import guarded_lines, unguarded_main_call
from tests.support.paths import REPO

TOOLS_MODULE = '''
from dataclasses import dataclass, field


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


TOOLS = [login, add_note]
FIXTURES = {"username": "ann", "password": "pw"}
'''

SCRIPT = '''
from llama_index_libra.induction import induce
from llama_index_libra.runtime.python import PythonRuntime
from notes_tools import FIXTURES, TOOLS, Box

runtime = PythonRuntime(TOOLS, Box, fixtures=FIXTURES)
library, report = induce(runtime, field_encoder="lexical")
library.save("notes.library.json")
print("relations", len(library.relations), report.executor)
'''


def _run(folder: Path, script: str) -> subprocess.CompletedProcess:
    (folder / "notes_tools.py").write_text(TOOLS_MODULE)
    (folder / "build.py").write_text(script)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(REPO), os.environ.get("PYTHONPATH", "")])}
    return subprocess.run([sys.executable, "build.py"], cwd=folder, env=env, capture_output=True, text=True, timeout=600)


def test_unguarded_script_builds_serially_with_one_line(tmp_path: Path) -> None:
    done = _run(tmp_path, SCRIPT)
    assert done.returncode == 0, done.stderr[-3000:]
    assert "Traceback" not in done.stderr
    lines = [line for line in done.stderr.splitlines() if "__main__" in line]
    assert len(lines) == 1, done.stderr
    assert "build.py" in lines[0] and "line 7" in lines[0] and 'if __name__ == "__main__":' in lines[0]
    assert "relations" in done.stdout and "serial" in done.stdout
    assert (tmp_path / "notes.library.json").is_file()


def test_guarded_script_keeps_the_process_pool(tmp_path: Path) -> None:
    guarded = 'if __name__ == "__main__":\n' + textwrap.indent(SCRIPT.strip(), "    ") + "\n"
    done = _run(tmp_path, guarded)
    assert done.returncode == 0, done.stderr[-3000:]
    assert "__main__" not in done.stderr and "process" in done.stdout


@pytest.mark.parametrize("source, line, guarded", [
    ('import x\nif __name__ == "__main__":\n    x.run()\n', 3, True),
    ("import x\nif '__main__' == __name__:\n    x.run()\n", 3, True),
    ("import x\nx.run()\n", 2, False),
    ('import x\nif __name__ == "__main__":\n    pass\nx.run()\n', 4, False),
    ('import x\ntry:\n    if __name__ == "__main__":\n        x.run(\n            1)\nexcept KeyError:\n    pass\n', 5, True),
    ('import x\nif __name__ != "__main__":\n    pass\nelse:\n    x.run()\n', 5, False),
])
def test_guarded_lines(source: str, line: int, guarded: bool) -> None:
    assert (line in guarded_lines(source)) is guarded


def test_a_package_run_with_dash_m_keeps_the_process_pool(tmp_path: Path) -> None:
    """`python -m pkg` runs pkg/__main__.py, which spawned workers never run again: no warning."""
    package = tmp_path / "buildpkg"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "__main__.py").write_text(SCRIPT)
    (tmp_path / "notes_tools.py").write_text(TOOLS_MODULE)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(REPO), os.environ.get("PYTHONPATH", "")])}
    done = subprocess.run([sys.executable, "-m", "buildpkg"], cwd=tmp_path, env=env, capture_output=True, text=True,
                          timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    assert "__main__" not in done.stderr and "process" in done.stdout


def test_no_script_no_warning() -> None:
    """Under pytest (``__main__`` is pytest's entry point, and this call is not at its top level)."""
    assert unguarded_main_call() is None
