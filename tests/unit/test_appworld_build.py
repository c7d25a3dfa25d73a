"""Merging per-app AppWorld libraries over the full catalog, the parts report, and how ``libra`` reaches
AppWorld through the benchmark registries (its sub-commands, its flags, its parts builder)."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from llama_index_libra.benchmarks.appworld.build import PartsReport, default_apps, merge_parts
from llama_index_libra.benchmarks.appworld.cli import parse_apps, register
from llama_index_libra.benchmarks.appworld.tasks import load_task_file
from llama_index_libra.benchmarks.base import BENCHMARKS, BUILDERS, COMMANDS, OPTIONS, RUNTIMES, BenchmarkError, _resolve
from llama_index_libra.cli.common import CLIError, benchmark_kwargs
from llama_index_libra.cli.main import build_parser, main
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


def test_every_registry_entry_resolves_without_appworld_installed() -> None:
    for registry in (BENCHMARKS, RUNTIMES, BUILDERS, COMMANDS):
        for target in registry.values():
            assert callable(_resolve(target)), target
    assert set(BUILDERS) | set(COMMANDS) | set(OPTIONS) <= set(BENCHMARKS)


def test_libra_reaches_appworld_through_the_registries() -> None:
    parser = build_parser()
    args = parser.parse_args(["appworld", "catalog", "--apps", "phone"])
    assert args.func.__name__ == "cmd_catalog"
    args = parser.parse_args(["eval", "--benchmark", "appworld", "--appworld-root", "/data/aw", "--k", "15"])
    assert benchmark_kwargs(args, "appworld", "load") == {"appworld_root": "/data/aw"} and args.k == 15
    args = parser.parse_args(["analyze", "--benchmark", "appworld", "--appworld-root", "/data/aw"])
    assert benchmark_kwargs(args, "appworld", "load") == {"appworld_root": "/data/aw"}
    args = parser.parse_args(["induce", "--benchmark", "appworld", "--apps", "phone, spotify", "--appworld-root", "/aw",
                              "--appworld-states", "synthetic", "--out", "lib.json"])
    assert benchmark_kwargs(args, "appworld", "build") == {"apps": ["phone", "spotify"], "appworld_root": "/aw",
                                                           "states": "synthetic"}
    args = parser.parse_args(["induce", "--benchmark", "scitooleval", "--scitoolagent", "/sta", "--no-network", "--out", "x"])
    assert benchmark_kwargs(args, "scitooleval", "build") == {"checkout": "/sta", "no_network": True}
    assert benchmark_kwargs(parser.parse_args(["induce", "--benchmark", "bfcl", "--out", "x"]), "bfcl", "build") == {}


@pytest.mark.parametrize("argv, message", [
    (["eval", "--benchmark", "bfcl", "--appworld-root", "/aw"], "--appworld-root applies to --benchmark appworld, not bfcl"),
    (["induce", "--benchmark", "bfcl", "--apps", "phone", "--out", "x"], "--apps applies to --benchmark appworld"),
    (["induce", "--benchmark", "appworld", "--scitoolagent", "/s", "--out", "x"], "scitooleval / scitooleval-all, not appworld"),
    (["induce", "--runtime", "m:f", "--apps", "phone", "--out", "x"], "not your own runtime"),
])
def test_a_flag_of_another_benchmark_is_a_one_line_error(argv, message, tmp_path: Path, capsys) -> None:
    argv = [a if a != "x" else str(tmp_path / "lib.json") for a in argv]
    args = build_parser().parse_args(argv)
    with pytest.raises(CLIError, match=message):
        benchmark_kwargs(args, args.benchmark, "load" if argv[0] == "eval" else "build")
    assert main(argv) == 2 and message.split(",")[0] in capsys.readouterr().err


def test_parts_report_lists_built_and_reused_parts(tmp_path: Path) -> None:
    class Built:
        def to_json(self) -> dict:
            return {"runs": 12}

        def summary(self, *, details: int = 20) -> str:
            return "36 tools, 12 runs\nmore"

    report = PartsReport(library="7 APIs (phone, venmo induced)", parts={"phone": Built(), "venmo": {"runs": 5}},
                         resumed=["venmo"], relations=3)
    assert report.summary().splitlines() == ["phone: 36 tools, 12 runs", "venmo: finished by an earlier run (5 runs), reused",
                                             "merged: 3 relations over 7 APIs (phone, venmo induced)"]
    written = json.loads(report.write(tmp_path / "r.json").read_text())
    assert written["parts"] == {"phone": {"runs": 12}, "venmo": {"runs": 5}} and written["resumed"] == ["venmo"]
    assert default_apps(FULL) == ["gmail", "phone", "venmo"]


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


_JSONISH = st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=8),
                        lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3),
                        max_leaves=8)


@settings(max_examples=60, deadline=None)
@given(text=st.text(max_size=40))
def test_a_list_flag_parses_any_text(text: str) -> None:
    from llama_index_libra.benchmarks.base import BenchmarkOption

    parsed = BenchmarkOption("--apps", "apps", "", kind="list").parse(text)
    assert parsed is None or (parsed and all(item == item.strip() and item and "," not in item for item in parsed))
    assert parsed == parse_apps(text)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(parts=st.dictionaries(st.text(min_size=1, max_size=8), st.dictionaries(st.text(max_size=6), _JSONISH, max_size=4),
                             max_size=4))
def test_parts_report_json_round_trips(parts: dict, tmp_path: Path) -> None:
    report = PartsReport(library="x", parts=parts, resumed=sorted(parts), relations=len(parts))
    written = json.loads(report.write(tmp_path / "r.json").read_text(encoding="utf-8"))
    assert written["parts"] == parts and written["resumed"] == sorted(parts)
    assert len(report.summary().split("\n")) == len(parts) + 1 or any("\n" in app for app in parts)
