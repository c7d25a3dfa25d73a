"""Recall/NDCG plots and dependency-graph drawings: PNGs are written; bad selections fail clearly."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from llama_index_libra.catalog import ToolCatalog, ToolSpec
from llama_index_libra.evaluation.plots import plot_recall_ndcg, plot_recall_ndcg_panels
from llama_index_libra.evaluation.runner import EvalReport, MethodResult
from llama_index_libra.graph import draw_library_graph, layered_layout, select_relations
from llama_index_libra.library import Relation, ToolLibrary

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def _is_png(path: Path) -> bool:
    data = path.read_bytes()
    return len(data) > 1000 and data.startswith(PNG_MAGIC)


def _library() -> ToolLibrary:
    names = ["Car.lockDoors", "Car.pressBrakePedal", "Car.startEngine", "Car.displayLog",
             "Travel.login", "Travel.book_flight", "Travel.get_cost", "Travel.cancel_booking"]
    catalog = ToolCatalog([ToolSpec(name=n, description=f"tool {n}") for n in names], name="tiny")
    relations = [
        Relation("Car.lockDoors", "Car.startEngine", "state"),
        Relation("Car.pressBrakePedal", "Car.startEngine", "state"),
        Relation("Travel.login", "Travel.book_flight", "state"),
        Relation("Travel.login", "Travel.cancel_booking", "state"),
        Relation("Travel.book_flight", "Travel.cancel_booking", "provenance", "booking_id", "booking_id", 1.0),
        Relation("Travel.get_cost", "Travel.book_flight", "compatibility", "cost", "travel_cost", 0.8),
        Relation("Travel.cancel_booking", "Travel.book_flight", "state"),  # a cycle
        Relation("Car.displayLog", "Travel.login", "compatibility", "log", "username", 0.6),  # cross-namespace
    ]
    return ToolLibrary(catalog=catalog, relations=relations)


def _report() -> EvalReport:
    results = [
        MethodResult("bm25", 15, 0.26, 0.758, 0.696),
        MethodResult("qts", 15, 0.28, 0.80, 0.72),
        MethodResult("libra", 15, 0.30, 0.864, 0.784),
        MethodResult("libra", 15, 0.30, 0.853, 0.780, setting="selection=all"),
    ]
    return EvalReport(benchmark="bfcl", k=15, n_tasks=200, results=results)


def test_plot_recall_ndcg_writes_png(tmp_path: Path) -> None:
    out = plot_recall_ndcg(_report(), tmp_path / "sub" / "rn.png")
    assert out == tmp_path / "sub" / "rn.png" and _is_png(out)


def test_plot_recall_ndcg_rejects_empty_report(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="no method results"):
        plot_recall_ndcg(EvalReport(benchmark="b", k=5, n_tasks=0, results=[]), tmp_path / "x.png")


def test_plot_panels_with_error_bars(tmp_path: Path) -> None:
    points = [
        {"panel": panel, "method": m, "recall": r + d, "ndcg": n + d, "recall_se": 0.01, "ndcg_se": 0.012}
        for d, panel in ((0.0, "AppWorld@15 / Qwen"), (0.05, "BFCL@15 / Qwen"), (0.02, "BFCL@15 / Gemma"), (0.03, "SciToolEval@10"))
        for m, r, n in (("ToolReAGt", 0.60, 0.55), ("ToolReAGt + LIBRA", 0.66, 0.60))
    ]
    points.append({"panel": "BFCL@15 / Qwen", "method": "Dense", "recall": 0.7, "ndcg": 0.65})  # no error bars
    out = plot_recall_ndcg_panels(points, tmp_path / "panels.png", title="agentic retrieval")
    assert _is_png(out)
    one = plot_recall_ndcg_panels([{"panel": "p", "method": "m", "recall": 75.0, "ndcg": 70.0}], tmp_path / "one.png")
    assert _is_png(one)


def test_plot_panels_validates_points(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="no points"):
        plot_recall_ndcg_panels([], tmp_path / "x.png")
    with pytest.raises(ValueError, match="point 0 lacks ndcg"):
        plot_recall_ndcg_panels([{"panel": "p", "method": "m", "recall": 0.5}], tmp_path / "x.png")


def test_draw_namespace_tool_and_kinds(tmp_path: Path) -> None:
    lib = _library()
    assert _is_png(draw_library_graph(lib, tmp_path / "ns.png", namespace="Travel"))
    assert _is_png(draw_library_graph(lib, tmp_path / "tool.png", tool="Travel.book_flight"))
    assert _is_png(draw_library_graph(lib, tmp_path / "state.png", namespace="Car", kinds=["state"]))
    assert _is_png(draw_library_graph(lib, tmp_path / "all.png"))
    # a tool without relations of the wanted kind still draws (one node, "no relations")
    assert _is_png(draw_library_graph(lib, tmp_path / "lonely.png", tool="Car.displayLog", kinds="state"))


def test_selection_contents() -> None:
    lib = _library()
    sel = select_relations(lib, tool="Travel.book_flight")
    assert set(sel.nodes) == {"Travel.login", "Travel.book_flight", "Travel.get_cost", "Travel.cancel_booking"}
    assert len(sel.relations) == 4
    sel = select_relations(lib, namespace="Travel", kinds=["state"])
    assert {r.kind for r in sel.relations} == {"state"} and "Car.displayLog" not in sel.nodes
    sel = select_relations(lib, namespace="Travel")
    assert "Car.displayLog" in sel.nodes  # edges touching the namespace are drawn
    trimmed = select_relations(lib, max_nodes=3)
    assert len(trimmed.nodes) == 3 and trimmed.total_nodes == 8
    assert all(r.provider in trimmed.nodes and r.consumer in trimmed.nodes for r in trimmed.relations)
    focus = select_relations(lib, tool="Travel.login", max_nodes=2)
    assert "Travel.login" in focus.nodes  # the focused tool is always kept


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"tool": "Travel.book_flite"}, r"unknown tool 'Travel\.book_flite'.*did you mean Travel\.book_flight"),
        ({"namespace": "Trave"}, r"unknown namespace 'Trave'.*did you mean Travel"),
        ({"namespace": "Zzz"}, r"unknown namespace 'Zzz'.*namespaces: Car, Travel"),
        ({"namespace": "Car", "tool": "Car.startEngine"}, "either a namespace or a tool"),
        ({"kinds": ["state", "causal"]}, "unknown relation kind causal"),
        ({"max_nodes": 1}, "max_nodes"),
    ],
)
def test_bad_selections_raise_one_line_value_errors(tmp_path: Path, kwargs: dict, message: str) -> None:
    with pytest.raises(ValueError, match=message) as info:
        draw_library_graph(_library(), tmp_path / "x.png", **kwargs)
    assert "\n" not in str(info.value)
    assert not (tmp_path / "x.png").exists()


def test_layered_layout_is_deterministic_and_puts_providers_first() -> None:
    nodes = ["a", "b", "c", "d", "e"]
    edges = [("a", "b"), ("b", "c"), ("a", "c"), ("d", "c")]
    first = layered_layout(nodes, edges)
    assert first == layered_layout(nodes, list(reversed(edges)))
    assert first["a"][0] < first["b"][0] < first["c"][0] and first["d"][0] < first["c"][0]
    assert len({first[n] for n in nodes}) == len(nodes)  # no two nodes share a position
    cyclic = layered_layout(["x", "y", "hub"], [("x", "y"), ("y", "x"), ("hub", "x"), ("hub", "y")])
    assert cyclic["hub"][0] == 0.0  # the cycle breaks after the hub that provides for both


def test_graph_cli(tmp_path: Path) -> None:
    from llama_index_libra.cli.analysis import register

    lib_path = _library().save(tmp_path / "lib.json")
    parser = argparse.ArgumentParser(prog="libra")
    register(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(["graph", str(lib_path), "--out", str(tmp_path / "g.png"), "--namespace", "Travel", "--kinds", "state,provenance"])
    assert args.func(args) == 0 and _is_png(tmp_path / "g.png")
    args = parser.parse_args(["graph", str(lib_path), "--out", str(tmp_path / "h.png"), "--tool", "Nope.tool"])
    with pytest.raises(ValueError, match="unknown tool 'Nope.tool'"):
        args.func(args)


@pytest.mark.parametrize("suffix", [".graphml", ".dot", ".mmd"])
def test_graph_exports_through_networkx(tmp_path, suffix, capsys):
    import networkx as nx

    from llama_index_libra.catalog import ToolCatalog
    from llama_index_libra.cli import main
    from llama_index_libra.graph import export_library_graph, library_graph
    from llama_index_libra.library import Relation, ToolLibrary

    docs = [{"name": n, "description": f"Tool {n} with \"quotes\" [x].", "parameters": {"type": "object", "properties": {"token": {"type": "string"}}}}
            for n in ("login", "create", "delete")]
    library = ToolLibrary(catalog=ToolCatalog.from_function_docs(docs, name="app"), relations=[
        Relation("login", "create", "state"),
        Relation("login", "create", "provenance", provider_field="token", consumer_field="token", field_similarity=1.0),
        Relation("create", "delete", "provenance", provider_field="id", consumer_field="token")])
    graph = library_graph(library)
    assert graph.number_of_edges() == 3 and graph.number_of_nodes() == 3
    path = export_library_graph(library, tmp_path / f"g{suffix}")
    text = path.read_text()
    if suffix == ".graphml":
        back = nx.read_graphml(path, force_multigraph=True)
        assert sorted((a, b, d["kind"]) for a, b, d in back.edges(data=True)) == [
            ("create", "delete", "provenance"), ("login", "create", "provenance"), ("login", "create", "state")]
    elif suffix == ".dot":
        assert text.startswith('digraph "relations of app"') and '"login" -> "create" [label="state"' in text
    else:
        assert text.startswith("flowchart LR") and '-->|"provenance: id -> token"|' in text
    assert main(["graph", str(tmp_path / "lib.json"), "--out", str(tmp_path / f"cli{suffix}")]) == 2  # no such library
    library.save(tmp_path / "lib.json")
    assert main(["graph", str(tmp_path / "lib.json"), "--out", str(tmp_path / f"cli{suffix}"), "--tool", "create"]) == 0
    assert (tmp_path / f"cli{suffix}").exists()
    with pytest.raises(ValueError, match="unknown graph format"):
        export_library_graph(library, tmp_path / "g.svg")


def test_graph_export_without_networkx_names_the_extra(tmp_path, monkeypatch):
    """networkx is the [graph] extra: without it, export says what to install (PNG drawing needs none)."""
    import sys

    from llama_index_libra.graph import export_library_graph

    monkeypatch.setitem(sys.modules, "networkx", None)  # as if not installed
    with pytest.raises(ImportError, match=r"pip install 'llama-index-libra\[graph\]'"):
        export_library_graph(_library(), tmp_path / "g.graphml")
