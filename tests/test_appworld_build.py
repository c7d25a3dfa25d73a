"""Merging per-app AppWorld libraries over the full catalog, and the ``libra appworld`` sub-commands."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import pytest

from llama_index_libra.benchmarks.appworld.build import merge_parts
from llama_index_libra.benchmarks.appworld.cli import benchmark_kwargs, parse_apps, register
from llama_index_libra.benchmarks.appworld.tasks import load_task_file
from llama_index_libra.benchmarks.base import BenchmarkError
from llama_index_libra.catalog import ToolCatalog, ToolSpec
from llama_index_libra.library import CatalogMismatchError, Relation, ToolLibrary


def _spec(name: str) -> ToolSpec:
    return ToolSpec(name=name, description=f"does {name}")


FULL = ToolCatalog([_spec(n) for n in ["supervisor.show_account_passwords", "supervisor.complete_task", "phone.login", "phone.update_alarm",
                                       "venmo.login", "venmo.send_money", "gmail.login"]], name="full")


def _part(app: str, relations: list[Relation]) -> ToolLibrary:
    names = [s.name for s in FULL if s.namespace in (app, "supervisor")]
    return ToolLibrary(catalog=FULL.subset(names), relations=relations)


def test_merge_unites_parts_that_share_the_supervisor() -> None:
    shared = Relation("supervisor.show_account_passwords", "supervisor.complete_task", "state", None, None, None, {"from": "phone"})
    phone = _part("phone", [shared, Relation("phone.login", "phone.update_alarm", "provenance", "access_token", "access_token", None, {})])
    twice = Relation("supervisor.show_account_passwords", "supervisor.complete_task", "state", None, None, None, {"from": "venmo"})
    venmo = _part("venmo", [twice, Relation("venmo.login", "venmo.send_money", "provenance", "access_token", "access_token", None, {})])
    with pytest.raises(Exception, match="share tool names"):
        ToolLibrary.merge([phone, venmo])
    merged = merge_parts([phone, venmo], FULL)
    assert merged.catalog.names == FULL.names  # gmail has no part: its tools simply have no relations
    keys = [(r.provider, r.consumer) for r in merged.relations]
    assert len(keys) == 3 and len(set(keys)) == 3
    kept = next(r for r in merged.relations if r.consumer == "supervisor.complete_task")
    assert kept.evidence == {"from": "phone"}  # the first part's evidence
    assert json.loads(json.dumps(merged.to_json()))  # saves as JSON
    stranger = ToolLibrary(catalog=ToolCatalog([_spec("phone.login"), _spec("phone.other")], name="x"), relations=[])
    with pytest.raises(CatalogMismatchError):
        merge_parts([stranger], FULL)


def test_cli_registers_and_parses() -> None:
    parser = argparse.ArgumentParser(prog="libra")
    register(parser.add_subparsers(dest="command"))
    args = parser.parse_args(["appworld", "setup", "--python", "/usr/bin/python3.11", "--force"])
    assert args.python == "/usr/bin/python3.11" and args.force and args.func.__name__ == "cmd_setup"
    args = parser.parse_args(["appworld", "induce", "--apps", "phone, spotify", "--out", "lib", "--executor", "serial"])
    assert parse_apps(args.apps) == ["phone", "spotify"] and args.states == "synthetic"
    assert parse_apps("") is None and parse_apps(None) is None
    assert benchmark_kwargs(argparse.Namespace(appworld_root="/data/aw")) == {"appworld_root": "/data/aw"}


def test_task_file_lines(tmp_path: Path) -> None:
    path = tmp_path / "tasks.jsonl"
    path.write_text('{"id": "a", "query": "q", "gold": ["phone.login", "phone.login", "phone.update_alarm"]}\n\n')
    bench = load_task_file(path, FULL)
    assert bench.tasks[0].gold == ("phone.login", "phone.update_alarm") and bench.k == 15
    path.write_text('{"id": "a", "query": "q"}\n')
    with pytest.raises(BenchmarkError, match=":1: not a task line"):
        load_task_file(path, FULL)
    path.write_text('{"id": "a", "query": "q", "gold": ["phone.nope"]}\n')
    with pytest.raises(BenchmarkError, match="missing from the catalog"):
        load_task_file(path, FULL)
