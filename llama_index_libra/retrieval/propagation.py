"""Algorithm 2: graph propagation that promotes the providers of seeded consumers.

Seeds S_q = top K_s by s_q. For each seeded consumer t: its state providers, plus, per input
field with value relations, at most two providers: the one whose output field is most similar to
the input field (field-best, query independent) and the one with the highest s_q (dense-best).
A provider u linked to the distinct seeded consumers C_q(u) gets
g_q(u) = (s_q(u) + sum_{t in C_q(u)} s_q(t)) / (1 + |C_q(u)|) and s'_q(u) = max(s_q(u), g_q(u)).

The graph is compiled once into flat numpy arrays indexed by consumer (CSR), so a query touches
only the edges of the seeded consumers: the seeds come from a partial sort and the scores update
sparsely. Apart from one copy of the score vector, nothing is O(catalog) or O(edges) per query.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Sequence

import numpy as np

from llama_index_libra.library import FIELDLESS_KINDS, RELATION_KINDS, Relation

__all__ = ["PropagationConfig", "PropagationGraph", "Promotion", "PROVIDER_SELECTIONS", "AGGREGATES"]

PROVIDER_SELECTIONS = ("both", "field-best", "dense-best", "all")
# "mean": the paper's g_q(u); "max": g_q(u) = max(s_q(u), max_t s_q(t)), so a provider of many
# consumers does not sink to their mean (ties with its best consumer keep catalog order).
AGGREGATES = ("mean", "max")


@dataclass(frozen=True)
class PropagationConfig:
    """Retrieval-time settings of Table 6 (defaults are the paper's)."""

    seeds: int = 15
    provider_selection: str = "both"
    hops: int = 1
    kinds: tuple[str, ...] = RELATION_KINDS
    aggregate: str = "mean"

    def __post_init__(self) -> None:
        if self.aggregate not in AGGREGATES:
            raise ValueError(f"aggregate must be one of {', '.join(AGGREGATES)}, got {self.aggregate!r}")
        if self.provider_selection not in PROVIDER_SELECTIONS:
            raise ValueError(f"provider_selection must be one of {', '.join(PROVIDER_SELECTIONS)}, got {self.provider_selection!r}")
        for name in ("seeds", "hops"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
                raise ValueError(f"{name} must be an integer, got {value!r}")
        if self.seeds <= 0:
            raise ValueError(f"seeds (K_s) must be positive, got {self.seeds}")
        if self.hops < 1:
            raise ValueError(f"hops must be at least 1, got {self.hops}")
        unknown = set(self.kinds) - set(RELATION_KINDS)
        if unknown:
            raise ValueError(f"unknown relation kinds {sorted(unknown)}; use {', '.join(RELATION_KINDS)}")


@dataclass(frozen=True)
class Promotion:
    """Why a provider was promoted: the seeded consumer and the relation that linked them."""

    consumer: str
    kind: str
    provider_field: str | None
    consumer_field: str | None
    selected_by: str  # "state" | "field-best" | "dense-best" | "all" | "after-consumer" (prerequisite rule)
    hop: int = 1

    def describe(self) -> str:
        if self.selected_by == "after-consumer":  # the prerequisite rule, not propagation
            what = self.kind if self.kind in FIELDLESS_KINDS else f"{self.kind} of {self.consumer_field}"
            return f"hard prerequisite ({what}) of {self.consumer}, placed right after it"
        if self.kind in FIELDLESS_KINDS:
            return f"{self.kind} prerequisite of {self.consumer}"
        return f"{self.kind}: provides {self.consumer}.{self.consumer_field} from {self.provider_field} ({self.selected_by})"


@dataclass
class _Edges:
    provider: np.ndarray  # int64 per edge
    consumer: np.ndarray
    relation: np.ndarray  # index into PropagationGraph.relations


class PropagationGraph:
    """A compiled relation graph over a catalog's tool indices."""

    def __init__(self, names: Sequence[str], relations: Iterable[Relation], *, kinds: Iterable[str] = RELATION_KINDS,
                 alternatives: Iterable[Relation] = ()) -> None:
        """``alternatives``: other proven providers of inputs the relations already serve
        (:attr:`ToolLibrary.alternatives`); they join their input's group for the dense-best (and
        ``all``) choice, never as field-best, and an input no relation serves ignores them."""
        self.names = list(names)
        index = {n: i for i, n in enumerate(self.names)}
        kinds = set(kinds)
        self.relations = [r for r in relations if r.kind in kinds and r.provider != r.consumer]
        primary = len(self.relations)
        self.relations += [r for r in alternatives if r.kind in kinds and r.provider != r.consumer and r.kind not in FIELDLESS_KINDS]
        n = len(self.names)
        # state edges, de-duplicated per (provider, consumer)
        # state edges (and transitive ones, also fieldless), de-duplicated per (provider, consumer)
        state = sorted({(index[r.provider], index[r.consumer], i) for i, r in enumerate(self.relations) if r.kind in FIELDLESS_KINDS})
        seen: set[tuple[int, int]] = set()
        st = [(p, c, i) for p, c, i in state if not ((p, c) in seen or seen.add((p, c)))]
        self._state = _Edges(*(np.asarray(col, dtype=np.int64) for col in zip(*st))) if st else _Edges(
            np.zeros(0, np.int64), np.zeros(0, np.int64), np.zeros(0, np.int64)
        )
        # value edges grouped by (consumer, input field); members sorted by provider index
        groups: dict[tuple[int, str], list[tuple[int, float, int]]] = {}
        for i, r in enumerate(self.relations):
            if r.kind in FIELDLESS_KINDS:
                continue
            sim = float(r.field_similarity) if r.field_similarity is not None else 0.0
            groups.setdefault((index[r.consumer], r.consumer_field or ""), []).append((index[r.provider], sim, i))
        g_consumer, g_offsets, m_provider, m_sim, m_rel, field_best, field_best_rel = [], [0], [], [], [], [], []
        m_alt: list[bool] = []
        for (consumer, _field), members in sorted(groups.items()):
            if all(i >= primary for _, _, i in members):
                continue  # alternatives of an input no relation serves
            # one member per provider: keep its most similar output field (a relation before an alternative)
            best: dict[int, tuple[float, int]] = {}
            for p, sim, i in members:
                if p not in best or (i < primary, sim) > (best[p][1] < primary, best[p][0]):
                    best[p] = (sim, i)
            ordered = sorted(best.items())
            g_consumer.append(consumer)
            for p, (sim, i) in ordered:
                m_provider.append(p)
                m_sim.append(sim)
                m_rel.append(i)
            m_alt.extend(i >= primary for _, (_, i) in ordered)
            g_offsets.append(len(m_provider))
            # field-best: the relations' most similar provider, then catalog order (never an alternative)
            top = max((x for x in ordered if x[1][1] < primary), key=lambda x: (x[1][0], -x[0]))
            field_best.append(top[0])
            field_best_rel.append(top[1][1])
        self.group_consumer = np.asarray(g_consumer, dtype=np.int64)
        self.group_offsets = np.asarray(g_offsets, dtype=np.int64)
        self.member_provider = np.asarray(m_provider, dtype=np.int64)
        self.member_relation = np.asarray(m_rel, dtype=np.int64)
        self.member_alternative = np.asarray(m_alt, dtype=bool)
        self.member_group = np.repeat(np.arange(len(g_consumer), dtype=np.int64), np.diff(self.group_offsets)) if g_consumer else np.zeros(0, np.int64)
        self.group_field_best = np.asarray(field_best, dtype=np.int64)
        self.group_field_best_relation = np.asarray(field_best_rel, dtype=np.int64)
        self.n = n
        # CSR by consumer: groups are sorted by consumer already; state edges get a consumer order
        self.consumer_group_ptr = np.searchsorted(self.group_consumer, np.arange(n + 1, dtype=np.int64)).astype(np.int64)
        state_order = np.lexsort((np.arange(len(self._state.consumer)), self._state.consumer)) if len(self._state.consumer) else np.zeros(0, np.int64)
        self.state_by_consumer = state_order.astype(np.int64)
        self.consumer_state_ptr = np.searchsorted(self._state.consumer[state_order], np.arange(n + 1, dtype=np.int64)).astype(np.int64)

    @property
    def n_edges(self) -> int:
        return int(len(self._state.provider) + len(self.member_provider))

    # ------------------------------------------------------------------ query time
    @staticmethod
    def _ranges(starts: np.ndarray, ends: np.ndarray) -> np.ndarray:
        """Concatenation of arange(starts[i], ends[i]) for every i, vectorized."""
        lengths = ends - starts
        total = int(lengths.sum())
        if total == 0:
            return np.zeros(0, np.int64)
        shift = np.repeat(starts - np.concatenate(([0], np.cumsum(lengths)[:-1])), lengths)
        return shift + np.arange(total, dtype=np.int64)

    def _selected_pairs(self, scores: np.ndarray, consumers: np.ndarray, selection: str) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """(provider, consumer, relation index, selection code) for the given consumer indices.

        Same pairs, in the same order, as a pass over every edge with a consumer mask: state edges
        in (provider, consumer, relation) order, then groups in ascending order.
        """
        consumers = np.sort(np.asarray(consumers, dtype=np.int64))
        parts_p, parts_c, parts_r, parts_s = [], [], [], []
        if len(self._state.provider):
            edges = np.sort(self.state_by_consumer[self._ranges(self.consumer_state_ptr[consumers], self.consumer_state_ptr[consumers + 1])])
            parts_p.append(self._state.provider[edges])
            parts_c.append(self._state.consumer[edges])
            parts_r.append(self._state.relation[edges])
            parts_s.append(np.zeros(len(edges), np.int8))
        if len(self.group_consumer):
            groups = self._ranges(self.consumer_group_ptr[consumers], self.consumer_group_ptr[consumers + 1])
            if len(groups):
                starts, ends = self.group_offsets[groups], self.group_offsets[groups + 1]
                members = self._ranges(starts, ends)
                if selection == "all":
                    parts_p.append(self.member_provider[members])
                    parts_c.append(self.group_consumer[self.member_group[members]])
                    parts_r.append(self.member_relation[members])
                    parts_s.append(np.full(len(members), 3, np.int8))
                else:
                    if selection in ("both", "field-best"):
                        parts_p.append(self.group_field_best[groups])
                        parts_c.append(self.group_consumer[groups])
                        parts_r.append(self.group_field_best_relation[groups])
                        parts_s.append(np.ones(len(groups), np.int8))
                    if selection in ("both", "dense-best"):
                        local = np.concatenate(([0], np.cumsum(ends - starts)[:-1]))
                        member_scores = scores[self.member_provider[members]]
                        group_max = np.maximum.reduceat(member_scores, local)
                        owner = np.repeat(np.arange(len(groups)), ends - starts)
                        # first maximal member per group = lowest catalog index (members sorted by provider)
                        pos = np.where(member_scores >= group_max[owner], np.arange(len(members)), len(members))
                        first = members[np.minimum.reduceat(pos, local)]
                        parts_p.append(self.member_provider[first])
                        parts_c.append(self.group_consumer[groups])
                        parts_r.append(self.member_relation[first])
                        parts_s.append(np.full(len(first), 2, np.int8))
                        alt = self.member_alternative[members]
                        if selection == "both" and alt.any():
                            # where the request favours the field-best provider too, the best-scoring
                            # alternative is the second choice (a lookup beside the kept creation)
                            alt_scores = np.where(alt, member_scores, -np.inf)
                            alt_max = np.maximum.reduceat(alt_scores, local)
                            same = (self.member_provider[first] == self.group_field_best[groups]) & np.isfinite(alt_max)
                            if same.any():
                                pos = np.where(alt & (alt_scores >= alt_max[owner]), np.arange(len(members)), len(members))
                                second = members[np.minimum.reduceat(pos, local)[same]]
                                parts_p.append(self.member_provider[second])
                                parts_c.append(self.group_consumer[groups][same])
                                parts_r.append(self.member_relation[second])
                                parts_s.append(np.full(len(second), 2, np.int8))
        if not parts_p:
            empty = np.zeros(0, np.int64)
            return empty, empty, empty, np.zeros(0, np.int8)
        return np.concatenate(parts_p), np.concatenate(parts_c), np.concatenate(parts_r), np.concatenate(parts_s)

    @staticmethod
    def top_seeds(scores: np.ndarray, k: int) -> np.ndarray:
        """The first ``k`` indices of a stable descending sort (ties by index), via a partial sort."""
        n = len(scores)
        if k >= n:
            return np.arange(n, dtype=np.int64)
        threshold = -np.partition(-scores, k - 1)[k - 1]
        above = np.flatnonzero(scores > threshold)
        ties = np.flatnonzero(scores == threshold)[: k - len(above)]
        return np.concatenate((above, ties)).astype(np.int64)

    def propagate(self, scores: np.ndarray, config: PropagationConfig = PropagationConfig()) -> tuple[np.ndarray, dict[int, list[tuple[int, int, int, int]]]]:
        """Return s'_q and, per promoted provider index, its (consumer, relation, selection, hop) links."""
        base = np.asarray(scores, dtype=np.float64)
        out = base.copy()
        links: dict[int, list[tuple[int, int, int, int]]] = {}
        if self.n_edges == 0:
            return out, links
        frontier = self.top_seeds(base, config.seeds)
        processed = np.zeros(self.n, dtype=bool)
        processed[frontier] = True
        for hop in range(1, config.hops + 1):
            p, c, r, s = self._selected_pairs(out, frontier, config.provider_selection)
            if len(p) == 0:
                break
            # distinct (provider, consumer) pairs define C_q(u)
            pair_key = p * self.n + c
            _, first = np.unique(pair_key, return_index=True)
            up, uc = p[first], c[first]
            providers, inverse = np.unique(up, return_inverse=True)
            if config.aggregate == "max":
                g = out[providers].copy()
                np.maximum.at(g, inverse, out[uc])
            else:
                consumer_sum = np.bincount(inverse, weights=out[uc], minlength=len(providers))
                consumer_cnt = np.bincount(inverse, minlength=len(providers))
                g = (out[providers] + consumer_sum) / (1.0 + consumer_cnt)
            for pi, ci, ri, si in zip(p.tolist(), c.tolist(), r.tolist(), s.tolist()):
                links.setdefault(pi, []).append((ci, ri, si, hop))
            out[providers] = np.maximum(out[providers], g)
            frontier = providers[~processed[providers]]
            processed[frontier] = True
            if not len(frontier):
                break
        return out, links

    def explain(self, links: list[tuple[int, int, int, int]]) -> list[Promotion]:
        """Human-readable promotions of one provider (de-duplicated, deterministic order)."""
        names = {0: "state", 1: "field-best", 2: "dense-best", 3: "all"}
        seen, out = set(), []
        for ci, ri, si, hop in sorted(links):
            rel = self.relations[ri]
            key = (ci, rel.kind, rel.provider_field, rel.consumer_field)
            if key in seen:
                continue
            seen.add(key)
            out.append(Promotion(self.names[ci], rel.kind, rel.provider_field, rel.consumer_field, names[si], hop))
        return out
