"""Drawing a library's dependency graph (one namespace, or one tool's 1-hop neighborhood) as a PNG,
and exporting it as GraphML, Graphviz DOT or Mermaid through networkx.

Matplotlib only: a deterministic layered layout puts providers left of their consumers (a
topological order, with cycles broken at the node with the fewest pending prerequisites), orders
each layer by the mean height of its providers to reduce crossings, and colors edges by kind.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterable, Sequence

from llama_index_libra.library import RELATION_KINDS, Relation

if TYPE_CHECKING:  # pragma: no cover
    from llama_index_libra.library import ToolLibrary

__all__ = [
    "EDGE_COLORS",
    "EXPORT_FORMATS",
    "GraphSelection",
    "select_relations",
    "layered_layout",
    "draw_library_graph",
    "library_graph",
    "export_library_graph",
]

EDGE_COLORS: dict[str, str] = {"provenance": "#d62728", "compatibility": "#2ca02c", "state": "#1f77b4", "transitive": "#9467bd"}
_PARALLEL_CURVES = (0.0, 0.15, -0.15)  # arc offsets when one pair has relations of several kinds


@dataclass(frozen=True)
class GraphSelection:
    """The relations and nodes to draw, and how many tools the selection held before trimming."""

    nodes: tuple[str, ...]
    relations: tuple[Relation, ...]
    total_nodes: int
    title: str


def _check_kinds(kinds: Iterable[str] | None) -> tuple[str, ...]:
    if kinds is None:
        return RELATION_KINDS
    if isinstance(kinds, str):
        kinds = kinds.split(",")
    kinds = tuple(k.strip() for k in kinds if k.strip())
    unknown = [k for k in kinds if k not in RELATION_KINDS]
    if unknown or not kinds:
        raise ValueError(f"unknown relation kind {', '.join(unknown) or '(none given)'}; choose from {', '.join(RELATION_KINDS)}")
    return kinds


def _namespace(name: str) -> str:
    return name.rsplit(".", 1)[0] if "." in name else ""


def select_relations(
    library: "ToolLibrary",
    *,
    namespace: str | None = None,
    tool: str | None = None,
    kinds: Iterable[str] | None = None,
    max_nodes: int = 60,
) -> GraphSelection:
    """Pick the relations of one namespace (edges touching it), one tool (1 hop), or the whole library.

    Unknown tools or namespaces raise ValueError naming close matches. Above ``max_nodes`` tools,
    the best connected ones are kept (ties by name) and the others' edges are dropped.
    """
    if namespace is not None and tool is not None:
        raise ValueError("give either a namespace or a tool, not both")
    if max_nodes < 2:
        raise ValueError(f"max_nodes must be at least 2, got {max_nodes}")
    wanted = _check_kinds(kinds)
    names = library.catalog.names
    relations = [r for r in library.relations if r.kind in wanted and r.provider != r.consumer]
    focus: set[str] = set()
    if tool is not None:
        if tool not in library.catalog:
            close = difflib.get_close_matches(tool, names, n=3)
            hint = f"; did you mean {', '.join(close)}?" if close else ""
            raise ValueError(f"unknown tool {tool!r} in the library's catalog{hint}")
        relations = [r for r in relations if tool in (r.provider, r.consumer)]
        focus = {tool}
        title = f"providers and consumers of {tool}"
    elif namespace is not None:
        spaces = sorted({_namespace(n) for n in names if _namespace(n)})
        if namespace not in spaces:
            close = difflib.get_close_matches(namespace, spaces, n=3)
            hint = f"did you mean {', '.join(close)}?" if close else f"namespaces: {', '.join(spaces[:12]) or '(none: tool names have no dots)'}"
            raise ValueError(f"unknown namespace {namespace!r} in the library's catalog; {hint}")
        relations = [r for r in relations if namespace in (_namespace(r.provider), _namespace(r.consumer))]
        focus = {n for n in names if _namespace(n) == namespace}
        title = f"relations of {namespace}"
    else:
        title = f"relations of {library.catalog.name}"
    degree: dict[str, int] = {}
    for r in relations:
        degree[r.provider] = degree.get(r.provider, 0) + 1
        degree[r.consumer] = degree.get(r.consumer, 0) + 1
    if tool is not None:
        degree.setdefault(tool, 0)
    total = len(degree)
    keep = sorted(degree, key=lambda n: (n not in focus if tool is not None else False, -degree[n], n))[:max_nodes]
    kept = set(keep)
    relations = [r for r in relations if r.provider in kept and r.consumer in kept]
    order = {n: i for i, n in enumerate(names)}
    nodes = tuple(sorted(kept, key=lambda n: order[n]))
    return GraphSelection(nodes=nodes, relations=tuple(relations), total_nodes=total, title=title)


def layered_layout(nodes: Sequence[str], edges: Iterable[tuple[str, str]]) -> dict[str, tuple[float, float]]:
    """Deterministic (x, y) per node: x = layer (longest provider chain), y = slot within the layer."""
    nodes = list(nodes)
    pairs = sorted({(a, b) for a, b in edges if a != b and a in nodes and b in nodes})
    preds: dict[str, set[str]] = {n: set() for n in nodes}
    succs: dict[str, set[str]] = {n: set() for n in nodes}
    for a, b in pairs:
        preds[b].add(a)
        succs[a].add(b)
    position = {n: i for i, n in enumerate(nodes)}
    remaining = set(nodes)
    pending = {n: len(preds[n]) for n in nodes}
    order: list[str] = []
    while remaining:
        ready = [n for n in remaining if pending[n] == 0]
        # a cycle: break it at the node with the fewest unplaced prerequisites, preferring the one
        # that provides for the most unplaced tools (Eades' greedy feedback-arc heuristic)
        pick = min(ready or remaining, key=lambda n: (pending[n], -sum(s in remaining for s in succs[n]), position[n]))
        order.append(pick)
        remaining.discard(pick)
        for s in succs[pick]:
            if s in remaining:
                pending[s] -= 1
    placed = {n: i for i, n in enumerate(order)}
    layer: dict[str, int] = {}
    for n in order:
        earlier = [layer[p] for p in preds[n] if placed[p] < placed[n]]
        layer[n] = 1 + max(earlier) if earlier else 0
    columns: dict[int, list[str]] = {}
    for n in order:
        columns.setdefault(layer[n], []).append(n)
    coords: dict[str, tuple[float, float]] = {}
    for x in sorted(columns):
        column = columns[x]

        def key(n: str) -> tuple[float, int]:
            ys = [coords[p][1] for p in preds[n] if p in coords]
            return (sum(ys) / len(ys) if ys else float("inf"), position[n])

        column.sort(key=key)
        height = len(column)
        for slot, n in enumerate(column):
            coords[n] = (float(x), (height - 1) / 2.0 - slot)
    return coords


def _label(name: str, namespace: str | None) -> str:
    if namespace is not None and _namespace(name) != namespace:
        return name
    return name.rsplit(".", 1)[-1]


def draw_library_graph(
    library: "ToolLibrary",
    path: str | Path,
    *,
    namespace: str | None = None,
    tool: str | None = None,
    kinds: Iterable[str] | None = None,
    max_nodes: int = 60,
    dpi: int = 150,
) -> Path:
    """Draw the relations of a namespace, or of one tool's 1-hop neighborhood, as a directed PNG.

    Edges point provider -> consumer and are colored by kind (legend); nodes are labeled by short
    name (fully qualified when outside the drawn namespace). Returns the written path.
    """
    try:
        import matplotlib
    except ImportError:
        raise RuntimeError("PNG figures need matplotlib: pip install 'llama-index-libra[plots]' "
                           "(or export the graph as .graphml, .dot or .mmd)") from None

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    from matplotlib.lines import Line2D
    from matplotlib.patches import FancyArrowPatch

    selection = select_relations(library, namespace=namespace, tool=tool, kinds=kinds, max_nodes=max_nodes)
    label_ns = namespace if namespace is not None else (_namespace(tool) if tool is not None else None)
    edges = sorted({(r.provider, r.consumer, r.kind) for r in selection.relations})
    coords = layered_layout(selection.nodes, [(a, b) for a, b, _ in edges])
    layers = max((x for x, _ in coords.values()), default=0.0) + 1
    tallest = max((sum(1 for x2, _ in coords.values() if x2 == x) for x, _ in coords.values()), default=1)
    width = min(2.5 + 2.8 * layers, 40.0)
    height = min(max(4.0, 1.5 + 0.7 * tallest), 40.0)
    fig, ax = plt.subplots(figsize=(width, height))
    try:
        ax.set_axis_off()
        ax.set_xlim(-0.7, layers - 0.3)
        ax.set_ylim(-(tallest / 2.0) - 0.3, tallest / 2.0 + 0.3)
        texts = {}
        for name in selection.nodes:
            x, y = coords[name]
            focused = tool is not None and name == tool
            texts[name] = ax.text(
                x, y, _label(name, label_ns), ha="center", va="center", fontsize=8, zorder=3,
                fontweight="bold" if focused else "normal",
                bbox={"boxstyle": "round,pad=0.3", "fc": "#fff3c4" if focused else "white", "ec": "#555555", "lw": 0.8},
            )
        fig.canvas.draw()
        renderer = fig.canvas.get_renderer()
        to_points = 72.0 / fig.dpi
        extents = {n: t.get_bbox_patch().get_window_extent(renderer) for n, t in texts.items()}
        kinds_of: dict[tuple[str, str], list[str]] = {}
        for provider, consumer, kind in edges:
            kinds_of.setdefault((provider, consumer), []).append(kind)
        for provider, consumer, kind in edges:
            (x0, y0), (x1, y1) = coords[provider], coords[consumer]
            d0, d1 = ax.transData.transform((x0, y0)), ax.transData.transform((x1, y1))
            dx, dy = d1[0] - d0[0], d1[1] - d0[1]

            def shrink(name: str) -> float:
                box = extents[name]
                hw, hh = box.width / 2.0, box.height / 2.0
                tx = hw / abs(dx) if dx else float("inf")
                ty = hh / abs(dy) if dy else float("inf")
                return (min(tx, ty) * (dx * dx + dy * dy) ** 0.5 + 2.0) * to_points

            parallel = kinds_of[(provider, consumer)]
            rad = _PARALLEL_CURVES[parallel.index(kind)] if len(parallel) > 1 else 0.0
            if x1 <= x0 or (consumer, provider) in kinds_of:  # back, same-layer or mutual edge: bend it
                rad += 0.3
            elif x1 - x0 > 1:  # skips a layer: bend around the tools in between
                rad += 0.2
            ax.add_patch(
                FancyArrowPatch(
                    (x0, y0), (x1, y1), arrowstyle="-|>", mutation_scale=10, color=EDGE_COLORS[kind], lw=1.1,
                    alpha=0.85, connectionstyle=f"arc3,rad={rad}", shrinkA=shrink(provider), shrinkB=shrink(consumer), zorder=2,
                    clip_on=False,
                )
            )
        present = [k for k in RELATION_KINDS if any(e[2] == k for e in edges)]
        if present:
            ax.legend(
                handles=[Line2D([0], [0], color=EDGE_COLORS[k], lw=2, label=k) for k in present],
                loc="upper left", bbox_to_anchor=(0.0, 1.0), fontsize=8, frameon=False, title="provider \u2192 consumer", title_fontsize=8,
            )
        shown = f" (showing {len(selection.nodes)} of {selection.total_nodes} tools)" if len(selection.nodes) < selection.total_nodes else ""
        empty = "" if edges else " (no relations)"
        ax.set_title(f"{selection.title}: {len(edges)} edges{shown}{empty}", fontsize=10)
        out = Path(path)
        out.parent.mkdir(parents=True, exist_ok=True)
        fig.savefig(out, dpi=dpi, bbox_inches="tight")
    finally:
        plt.close(fig)
    return out


# --------------------------------------------------------------------------- exports (networkx)


def _networkx() -> Any:
    """networkx (the ``[graph]`` extra), with the install command when it is missing."""
    try:
        import networkx
    except ImportError as exc:
        raise ImportError("graph export needs networkx: pip install 'llama-index-libra[graph]'") from exc
    return networkx

# file suffix -> export format
EXPORT_FORMATS: dict[str, str] = {".graphml": "graphml", ".dot": "dot", ".gv": "dot", ".mmd": "mermaid", ".mermaid": "mermaid"}


def library_graph(
    library: "ToolLibrary",
    *,
    namespace: str | None = None,
    tool: str | None = None,
    kinds: Iterable[str] | None = None,
    max_nodes: int | None = None,
) -> "Any":
    """The selected relations as a ``networkx.MultiDiGraph`` (provider -> consumer, one edge per
    relation with ``kind``, ``provider_field``, ``consumer_field``, ``field_similarity``); nodes carry
    the tool's ``namespace`` and ``description``. The whole library by default."""
    nx = _networkx()

    limit = max_nodes if max_nodes is not None else max(2, len(library.catalog))
    selection = select_relations(library, namespace=namespace, tool=tool, kinds=kinds, max_nodes=limit)
    graph = nx.MultiDiGraph(name=selection.title)
    for name in selection.nodes:
        spec = library.catalog.get(name)
        graph.add_node(name, namespace=spec.namespace or library.catalog.name, description=" ".join(spec.description.split()))
    for r in selection.relations:
        attrs = {"kind": r.kind, "provider_field": r.provider_field or "", "consumer_field": r.consumer_field or "",
                 "field_similarity": float(r.field_similarity) if r.field_similarity is not None else -1.0,
                 "source": r.source}
        graph.add_edge(r.provider, r.consumer, key=f"{r.kind}:{r.provider_field or ''}:{r.consumer_field or ''}", **attrs)
    return graph


def _dot_id(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _edge_label(data: dict) -> str:
    """``provenance: token -> access_token``; a kind without fields (state, transitive) is its name alone."""
    if not data.get("provider_field") and not data.get("consumer_field"):
        return data["kind"]
    return f"{data['kind']}: {data['provider_field'] or '?'} -> {data['consumer_field'] or '?'}"


def _to_dot(graph: "Any") -> str:
    lines = [f"digraph {_dot_id(graph.graph.get('name', 'libra'))} {{", "  rankdir=LR;", "  node [shape=box];"]
    for node in graph.nodes:
        lines.append(f"  {_dot_id(node)};")
    for a, b, data in graph.edges(data=True):
        lines.append(f"  {_dot_id(a)} -> {_dot_id(b)} [label={_dot_id(_edge_label(data))}, color={_dot_id(EDGE_COLORS[data['kind']])}];")
    lines.append("}")
    return "\n".join(lines) + "\n"


def _to_mermaid(graph: "Any") -> str:
    ids = {node: f"t{i}" for i, node in enumerate(graph.nodes)}

    def text(value: str) -> str:  # Mermaid labels: quotes and brackets would end the label
        return value.replace('"', "'").replace("[", "(").replace("]", ")").replace("|", "/")

    lines = ["flowchart LR"]
    lines += [f'  {ids[node]}["{text(node)}"]' for node in graph.nodes]
    lines += [f'  {ids[a]} -->|"{text(_edge_label(data))}"| {ids[b]}' for a, b, data in graph.edges(data=True)]
    return "\n".join(lines) + "\n"


def export_library_graph(
    library: "ToolLibrary",
    path: str | Path,
    *,
    format: str | None = None,
    namespace: str | None = None,
    tool: str | None = None,
    kinds: Iterable[str] | None = None,
    max_nodes: int | None = None,
) -> Path:
    """Write the relations as GraphML (``networkx.write_graphml``), Graphviz DOT or a Mermaid
    flowchart; ``format`` defaults from the suffix (see :data:`EXPORT_FORMATS`). Atomic write."""
    import io

    nx = _networkx()

    from llama_index_libra._io import atomic_write_bytes, atomic_write_text

    path = Path(path)
    fmt = format or EXPORT_FORMATS.get(path.suffix.lower())
    if fmt not in set(EXPORT_FORMATS.values()):
        raise ValueError(f"unknown graph format for {path.name!r}; use a suffix {', '.join(EXPORT_FORMATS)} or .png")
    graph = library_graph(library, namespace=namespace, tool=tool, kinds=kinds, max_nodes=max_nodes)
    if fmt == "graphml":
        buffer = io.BytesIO()
        nx.write_graphml(graph, buffer)
        return atomic_write_bytes(path, buffer.getvalue())
    return atomic_write_text(path, _to_dot(graph) if fmt == "dot" else _to_mermaid(graph))
