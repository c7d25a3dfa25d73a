"""The run log's code hash covers what a tool reaches: module constants, helpers in other modules
(imported by name or read as ``module.attr``), the state class's methods; and stays equal when nothing
changed (issue #23: a rebuild on the same log replayed stale runs of such edits)."""

from __future__ import annotations

import importlib
import sys
import textwrap
from pathlib import Path

import pytest

from llama_index_libra.runtime.python import PythonRuntime

FILES = {
    "idt_helpers": """
        OFFSET = 1

        def bonus(v):
            return v + OFFSET

        def label(k):
            return k.upper()
    """,
    "idt_state": """
        FACTOR = 2

        class Store:
            def __init__(self):
                self.items = {}

            def put(self, k, v):
                self.items[k] = v * FACTOR
    """,
    "idt_tools": """
        import functools
        import re
        from dataclasses import dataclass

        import idt_helpers as h
        from idt_helpers import bonus
        from idt_state import Store

        LIMIT = 3
        KEY = re.compile(r"[a-z]+")

        @dataclass
        class Settings:
            cap: int = 9

        SETTINGS = Settings()

        @functools.lru_cache(maxsize=None)
        def cached_scale(v):
            return v * 1

        def shift(v, by):
            return v + by

        SHIFT = functools.partial(shift, by=0)

        def add(k: str, v: int, state: Store) -> dict:
            \"\"\"Add an item.\"\"\"
            if len(state.items) >= LIMIT or v > SETTINGS.cap or not KEY.fullmatch(k):
                return {"error": "full"}
            state.put(h.label(k), bonus(SHIFT(cached_scale(v))))
            return {"ok": True}
    """,
}

EDITS = {
    "a module constant": ("idt_tools", "LIMIT = 3", "LIMIT = 4"),
    "a helper imported by name, in another module": ("idt_helpers", "return v + OFFSET", "return v - OFFSET"),
    "a constant of that helper's module": ("idt_helpers", "OFFSET = 1", "OFFSET = 7"),
    "a helper read as module.attr": ("idt_helpers", "return k.upper()", "return k.lower()"),
    "a state-class method": ("idt_state", "v * FACTOR", "v + FACTOR"),
    "a constant the state class reads": ("idt_state", "FACTOR = 2", "FACTOR = 5"),
    "an lru_cache helper": ("idt_tools", "return v * 1", "return v * 3"),
    "a functools.partial global": ("idt_tools", "by=0", "by=2"),
    "a module-level dataclass instance": ("idt_tools", "cap: int = 9", "cap: int = 7"),
    "a compiled pattern": ("idt_tools", 'r"[a-z]+"', 'r"[a-z0-9]+"'),
}


def _identity(folder: Path, edit: tuple[str, str, str] | None = None) -> str:
    for name, text in FILES.items():
        text = textwrap.dedent(text)
        if edit and edit[0] == name:
            assert edit[1] in text
            text = text.replace(edit[1], edit[2])
        (folder / f"{name}.py").write_text(text)
    for name in FILES:
        sys.modules.pop(name, None)
    importlib.invalidate_caches()
    tools = importlib.import_module("idt_tools")
    return PythonRuntime([tools.add], tools.Store).tool_identity("add")


@pytest.fixture()
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(sys, "dont_write_bytecode", True)  # an edit of equal size must not load a stale .pyc
    yield tmp_path
    for name in FILES:
        sys.modules.pop(name, None)


def test_identity_is_stable_when_nothing_changed(folder: Path) -> None:
    assert _identity(folder) == _identity(folder)


@pytest.mark.parametrize("what", sorted(EDITS))
def test_an_edit_to_what_the_tool_reaches_changes_its_identity(folder: Path, what: str) -> None:
    before = _identity(folder)
    assert _identity(folder, EDITS[what]) != before, f"an edit to {what} left the run key unchanged"
