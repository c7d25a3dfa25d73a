"""The ranking halves of the paper's baselines, pure numpy/scipy over frozen tool embeddings.

Every function here takes plain arrays, index lists and strings (no artifact, file or LLM), and
scores exactly like the package's QTS: s_q(t) = (1 + cos(h(q), h(t))) / 2 over float64 copies of the
float32 unit rows, ties broken by catalog order (``retrieval.topk.rank_indices``, as every method
ranks). So a baseline whose extra structure is empty ranks exactly like QTS:

- **ToolREX** (Lu et al., 2026): a tool's row is the embedding of its original document with the
  LLM profile added (``combine="document"``: the profile as a ``tool_profile`` field of the
  document, as Figure 11 words it) or the mean of the original and profile vectors (``"mean"``);
  tools without a profile keep their original row.
- **TGR-Adapt** (Gao et al., 2025): X' = D^-1/2 (A + I) D^-1/2 X on the frozen rows, A the 0/1
  dependency adjacency, D the row sums of A + I; rows with no edge are unchanged, changed rows are
  re-normalized (TGR retrieves by cosine). ``direction`` says which end of an edge takes the other's
  embedding (see :data:`TGR_DIRECTIONS`).
- **Ego-Trip** (Bansal et al., 2025): dense search picks ``entry_tools`` entry tools; the tools of
  their one-hop ego graphs follow them; the rest of the dense ranking fills the list.
"""

from __future__ import annotations

import json
import re
import unicodedata
from typing import Iterable, Mapping, Sequence

from typing import TYPE_CHECKING

import numpy as np

from llama_index_libra.retrieval.topk import rank_indices

if TYPE_CHECKING:  # pragma: no cover
    import scipy.sparse as sp  # imported where a graph is built: the `libra` parser reads this module's constants

__all__ = [
    "TGR_DIRECTIONS",
    "DEFAULT_TGR_DIRECTION",
    "PROFILE_COMBINES",
    "NEIGHBOUR_ORDERS",
    "DEFAULT_ENTRY_TOOLS",
    "canonical_entity",
    "unit_rows",
    "dense_scores",
    "dense_scores_one",
    "profile_document",
    "toolrex_matrix",
    "tgr_adjacency",
    "tgr_propagate",
    "egotrip_tool_graph",
    "egotrip_order",
]

# Which end of a dependency edge (consumer depends on provider) takes the other's embedding:
# "provider-to-consumer": A[consumer, provider] = 1, a consumer's row mixes in its providers (the
#   reading of TGR's wording: a tool's representation integrates the tools it depends on, and
#   Figure 13's "X depends on Y" edge points from X to Y);
# "consumer-to-provider": A[provider, consumer] = 1, a provider's row mixes in its consumers (so a
#   query that matches a consumer also lifts its prerequisite);
# "undirected": both.
TGR_DIRECTIONS = ("provider-to-consumer", "consumer-to-provider", "undirected")
DEFAULT_TGR_DIRECTION = "provider-to-consumer"
PROFILE_COMBINES = ("document", "mean")
# Order of the tools Ego-Trip adds after its entry tools: by their own dense score ("dense"), or ego
# graph by ego graph in entry order, each by dense score ("entry").
NEIGHBOUR_ORDERS = ("dense", "entry")
# Entry tools: the paper does not say. 10 keeps every cutoff up to 10 equal to QTS, which is what the
# paper's SciToolEval@10 row shows (Ego-Trip equals QTS there), while BFCL@15 and AppWorld@15 differ.
DEFAULT_ENTRY_TOOLS = 10

_SEPARATORS = re.compile(r"[\s_\-./]+")
_EDGE_PUNCT = "\"'`()[]{}<>:;,!?*"


def canonical_entity(text: str) -> str:
    """The node name of a knowledge-graph entity: NFKC, lower case, ``_-./`` and spaces as one space."""
    text = unicodedata.normalize("NFKC", str(text)).lower()
    return _SEPARATORS.sub(" ", text).strip().strip(_EDGE_PUNCT).strip()


def unit_rows(matrix: np.ndarray) -> np.ndarray:
    """Rows scaled to unit length, float32 (as the dense index stores them); a zero row is an error."""
    matrix = np.asarray(matrix, dtype=np.float64)
    norms = np.linalg.norm(matrix, axis=1, keepdims=True)
    if np.any(norms == 0) or not np.all(np.isfinite(matrix)):
        raise ValueError("a zero or non-finite embedding row")
    return (matrix / norms).astype(np.float32)


def dense_scores(matrix: np.ndarray, query_vectors: np.ndarray) -> np.ndarray:
    """(n_queries, n_tools) s_q = (1 + Q M^T) / 2, computed as the package's batched QTS computes it."""
    return (1.0 + np.asarray(query_vectors, dtype=np.float64) @ np.asarray(matrix).astype(np.float64).T) / 2.0


def dense_scores_one(matrix: np.ndarray, query_vector: np.ndarray) -> np.ndarray:
    """s_q of every tool for one unit query vector, as the dense index computes it for one query."""
    return (1.0 + np.asarray(matrix).astype(np.float64) @ np.asarray(query_vector, dtype=np.float64)) / 2.0


# ------------------------------------------------------------------------------ ToolREX

def profile_document(doc: Mapping[str, object], profile: Mapping[str, object] | None) -> str:
    """The original document with ``tool_profile`` added, serialized like the catalog's text;
    without a profile, exactly the original text. The profile's keys are sorted (as the artifact file
    stores them), so a freshly built artifact and the same one read back embed the same text."""
    if not profile:
        return json.dumps(dict(doc), ensure_ascii=False)
    canonical = json.loads(json.dumps(dict(profile), sort_keys=True))
    return json.dumps({**dict(doc), "tool_profile": canonical}, ensure_ascii=False)


def toolrex_matrix(base: np.ndarray, rows: Sequence[int], vectors: np.ndarray, *, combine: str = "document") -> np.ndarray:
    """The tool matrix with ``rows`` replaced: by ``vectors`` (the embedded profiled documents,
    ``document``) or by the normalized mean of the original row and ``vectors`` (profile texts, ``mean``)."""
    if combine not in PROFILE_COMBINES:
        raise ValueError(f"combine must be one of {', '.join(PROFILE_COMBINES)}, got {combine!r}")
    out = np.array(base, dtype=np.float32, copy=True)
    rows = list(rows)
    if not rows:
        return out
    new = unit_rows(vectors)
    if len(new) != len(rows):
        raise ValueError(f"{len(rows)} rows to replace but {len(new)} vectors")
    if combine == "mean":
        new = unit_rows(out[rows].astype(np.float64) + new.astype(np.float64))
    out[rows] = new
    return out


# ------------------------------------------------------------------------------ TGR

def tgr_adjacency(n: int, edges: Iterable[tuple[int, int]], *, direction: str = DEFAULT_TGR_DIRECTION) -> sp.csr_matrix:
    """The 0/1 adjacency of (consumer, provider) index pairs under ``direction``; self-loops dropped."""
    import scipy.sparse as sp

    if direction not in TGR_DIRECTIONS:
        raise ValueError(f"direction must be one of {', '.join(TGR_DIRECTIONS)}, got {direction!r}")
    rows: list[int] = []
    cols: list[int] = []
    for consumer, provider in edges:
        if consumer == provider:
            continue
        if direction in ("provider-to-consumer", "undirected"):
            rows.append(consumer)
            cols.append(provider)
        if direction in ("consumer-to-provider", "undirected"):
            rows.append(provider)
            cols.append(consumer)
    data = np.ones(len(rows), dtype=np.float64)
    adjacency = sp.csr_matrix((data, (rows, cols)), shape=(n, n))
    adjacency.data[:] = 1.0  # duplicate pairs were summed: keep 0/1
    return adjacency


def tgr_propagate(matrix: np.ndarray, adjacency: sp.spmatrix, *, renormalize: bool = True) -> np.ndarray:
    """X' = D^-1/2 (A + I) D^-1/2 X with D = diag(row sums of A + I), float32 rows.

    A row without edges is returned unchanged, bit for bit (its D entry is 1); with ``renormalize``
    the changed rows are scaled back to unit length, so scoring stays the cosine TGR retrieves by.
    """
    import scipy.sparse as sp

    x = np.asarray(matrix, dtype=np.float64)
    n = x.shape[0]
    if adjacency.shape != (n, n):
        raise ValueError(f"adjacency {adjacency.shape} does not fit {n} tools")
    a_hat = (sp.csr_matrix(adjacency, dtype=np.float64) + sp.identity(n, dtype=np.float64, format="csr")).tocsr()
    degree = np.asarray(a_hat.sum(axis=1)).ravel()
    scale = 1.0 / np.sqrt(degree)
    mixed = scale[:, None] * (a_hat @ (scale[:, None] * x))
    out = np.array(matrix, dtype=np.float32, copy=True)
    changed = np.flatnonzero(np.diff(sp.csr_matrix(adjacency).indptr) > 0)
    if len(changed):
        rows = mixed[changed]
        out[changed] = unit_rows(rows) if renormalize else rows.astype(np.float32)
    return out


# ------------------------------------------------------------------------------ Ego-Trip

def egotrip_tool_graph(
    tool_names: Sequence[str],
    triples: Mapping[int, Iterable[tuple[str, str, str]]],
    entities: Mapping[int, Iterable[str]] | None = None,
) -> sp.csr_matrix:
    """Tool-tool adjacency (symmetric, 0/1, no diagonal) of the knowledge graph.

    The graph's nodes are tools and canonical entities. Each triple links its two ends; an end is the
    tool whose full name (or unique short name) it names after :func:`canonical_entity`, else an
    entity. ``entities[i]`` are entity names linked to tool ``i`` without an LLM (its parameters and
    category). Two tools are one hop apart in the tool graph when they are linked directly or share a
    neighbouring node, i.e. their one-hop ego graphs in the knowledge graph meet.
    """
    import scipy.sparse as sp

    n = len(tool_names)
    titles: dict[str, int] = {}
    shorts: dict[str, list[int]] = {}
    for i, name in enumerate(tool_names):
        titles.setdefault(canonical_entity(name), i)
        shorts.setdefault(canonical_entity(name.rsplit(".", 1)[-1]), []).append(i)
    for short, owners in shorts.items():
        if len(owners) == 1:
            titles.setdefault(short, owners[0])
    entity_ids: dict[str, int] = {}
    tool_rows: list[int] = []
    entity_cols: list[int] = []
    direct: list[tuple[int, int]] = []

    def attach(tool: int, entity: str) -> None:
        if entity:
            tool_rows.append(tool)
            entity_cols.append(entity_ids.setdefault(entity, len(entity_ids)))

    for items in triples.values():
        for head, _, tail in items:  # an entity-entity triple links no tool: it cannot change the tool graph
            h, t = canonical_entity(head), canonical_entity(tail)
            hi, ti = titles.get(h), titles.get(t)
            if hi is not None and ti is not None:
                if hi != ti:
                    direct.append((hi, ti))
            elif hi is not None:
                attach(hi, t)
            elif ti is not None:
                attach(ti, h)
    for tool, names in (entities or {}).items():
        for name in names:
            attach(int(tool), canonical_entity(name))
    incidence = sp.csr_matrix((np.ones(len(tool_rows)), (tool_rows, entity_cols)), shape=(n, max(1, len(entity_ids))))
    incidence.data[:] = 1.0
    shared = (incidence @ incidence.T).tocsr()
    if direct:
        rows, cols = zip(*direct)
        link = sp.csr_matrix((np.ones(len(direct)), (rows, cols)), shape=(n, n))
        shared = shared + link + link.T
    shared.setdiag(0)
    shared.eliminate_zeros()
    shared.data[:] = 1.0
    return shared.tocsr()


def egotrip_order(
    scores: np.ndarray,
    adjacency: sp.csr_matrix,
    k: int,
    *,
    entry_tools: int = DEFAULT_ENTRY_TOOLS,
    neighbour_order: str = "dense",
    fill: bool = True,
) -> np.ndarray:
    """The first ``k`` tools: the top ``entry_tools`` by dense score, then the tools of their one-hop
    ego graphs (``neighbour_order``), then (``fill``) the rest of the dense ranking.

    With no edges this is exactly the dense ranking; every cutoff up to ``entry_tools`` is too.
    """
    if neighbour_order not in NEIGHBOUR_ORDERS:
        raise ValueError(f"neighbour_order must be one of {', '.join(NEIGHBOUR_ORDERS)}, got {neighbour_order!r}")
    if entry_tools < 1:
        raise ValueError(f"entry_tools must be at least 1, got {entry_tools}")
    order = rank_indices(scores)
    entries = order[:entry_tools]
    taken = np.zeros(len(order), dtype=bool)
    taken[entries] = True
    picked = [int(i) for i in entries]
    if neighbour_order == "dense":
        found = np.zeros(len(order), dtype=bool)
        for e in entries:
            found[adjacency.indices[adjacency.indptr[e]:adjacency.indptr[e + 1]]] = True
        found &= ~taken
        added = [int(i) for i in order if found[i]]  # dense order, ties by index
        picked += added
        taken[added] = True
    else:
        rank = np.empty(len(order), dtype=np.int64)
        rank[order] = np.arange(len(order))
        for e in entries:
            ego = adjacency.indices[adjacency.indptr[e]:adjacency.indptr[e + 1]]
            ego = [int(i) for i in ego[np.argsort(rank[ego], kind="stable")] if not taken[i]]
            picked += ego
            taken[ego] = True
    if fill and len(picked) < k:
        picked += [int(i) for i in order if not taken[i]][: k - len(picked)]
    return np.asarray(picked[:k], dtype=np.int64)
