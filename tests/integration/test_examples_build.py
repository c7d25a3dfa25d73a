"""Every tool of the shipped example catalog succeeds in a build (issue #24, item 3).

``examples/smart_home.py``'s ``set_light`` states its rooms only in its docstring ("Options are:
kitchen, bedroom."); the catalog lifts them into the parameter's schema, so the schema-derived
contracts call it with a room that exists.
"""

from __future__ import annotations

import importlib

import pytest

from llama_index_libra.induction import induce
from tests.support.paths import EXAMPLES


def test_every_smart_home_tool_succeeds_in_a_build(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.syspath_prepend(str(EXAMPLES))
    runtime = importlib.import_module("smart_home").build_runtime()
    assert runtime.catalog.get("set_light").parameters["properties"]["room"]["enum"] == ["kitchen", "bedroom"]
    library, report = induce(runtime, executor="serial", field_encoder="lexical")
    assert report.never_succeeded == {}, report.summary()
    assert report.tools_succeeded == len(runtime.catalog) == 7
    pairs = {(r.provider, r.consumer, r.kind) for r in library.relations}
    assert {("login", "create_alarm", "state"), ("create_alarm", "update_alarm", "provenance")} <= pairs
