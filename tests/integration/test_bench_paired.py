"""scripts/bench_paired.py builds one catalog with two checkouts at the same moment and compares them."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]

TOOLS = '''
from dataclasses import dataclass, field


@dataclass
class State:
    sessions: dict = field(default_factory=dict)
    notes: list = field(default_factory=list)


def sign_in(state: State, user: str) -> dict:
    """Sign in and get a session token."""
    token = f"tok-{len(state.sessions) + 1}"
    state.sessions[token] = user
    return {"token": token}


def add_note(state: State, token: str, text: str) -> dict:
    """Add a note (needs a session token from sign_in)."""
    if token not in state.sessions:
        raise PermissionError("no session for that token")
    state.notes.append(text)
    return {"note_id": len(state.notes)}


def list_notes(state: State) -> list:
    """All notes."""
    return list(state.notes)


TOOLS = [sign_in, add_note, list_notes]
FIXTURES = {"user": "ana"}
GROUND_TRUTH = [("sign_in", "add_note", "auth")]
'''


@pytest.mark.slow
def test_two_builds_of_one_checkout_run_side_by_side_and_agree(tmp_path):
    folder = tmp_path / "memo"
    folder.mkdir()
    (folder / "memo_tools.py").write_text(textwrap.dedent(TOOLS))
    out = tmp_path / "paired.json"
    done = subprocess.run([sys.executable, str(REPO / "scripts" / "bench_paired.py"), "--other", str(REPO), "--catalog",
                           str(folder), "--rounds", "1", "--json", str(out)], capture_output=True, text=True, cwd=REPO,
                          timeout=1800)
    assert done.returncode == 0, done.stderr[-2000:]
    summary = json.loads(out.read_text())
    (row,) = summary["rounds"]
    assert row["same_library"] is True  # one engine twice: the same bytes
    assert row["this"]["runs"] == row["other"]["runs"] > 0
    assert summary["median_ratio"] > 0 and "ratio" in done.stdout
