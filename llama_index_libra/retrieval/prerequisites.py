"""Where hard prerequisites go in the cut: the paper's score lift, ``after-consumer``, or ``bundle``.

With the paper's g_q(u) a provider needed by many seeded consumers sinks to their mean and can miss
the cut while its consumers stay in (rule ``paper``: propagation alone decides). The rules below work
on the final ranking and a capacity: ``k`` slots, or a budget of schema tokens where every tool costs
its own size. A tool's hard requirements are its state prerequisites as one group, its transitive ones
as one group and, per input field, its provenance providers as one group (members of a group are
alternatives); a requirement is met when one member is in the cut, and otherwise its strongest provider
(highest final score, ties by catalog order) is the one brought in. Under ``requirement_providers="lookups"``
(the default) an input whose kept providers all created the value also takes the library's alternatives
that looked it up, and those are brought in first (:class:`PrerequisiteIndex`).

``after-consumer`` walks the cut in rank order and inserts every missing provider right after its
consumer; an insertion evicts the lowest ranked tools that nothing depends on yet (neither a
processed tool, nor an inserted provider, nor a provider that satisfied a processed tool) until it
fits; when nothing can be evicted the walk stops. ``bundle`` (budget-aware) fills the cut in rank
order with bundles: a tool together with the providers of its missing requirements (theirs too, up
to ``depth`` hops), placed right after it; a bundle that does not fit in what is left is skipped whole,
so a consumer is never offered without its prerequisites, and the walk goes on with smaller ones.
Relation kinds outside ``hard_kinds`` (compatibility, or a kind this version does not know) are not
requirements.

The rules choose which tools are in the cut; ``cut_order`` (:data:`CUT_ORDERS`) says in which order
they are returned: as placed (the default: right after its consumer) or by final score (a brought-in
prerequisite at its own score). Recall and completeness are the same either way.
"""

from __future__ import annotations

from typing import Iterable, Sequence

import numpy as np

from llama_index_libra.library import Relation

__all__ = ["PREREQUISITE_RULES", "DEFAULT_RULE", "HARD_KINDS", "BUNDLE_DEPTH", "CUT_ORDERS", "DEFAULT_CUT_ORDER",
           "REQUIREMENT_PROVIDERS", "DEFAULT_REQUIREMENT_PROVIDERS", "PrerequisiteIndex", "prefix_within", "in_score_order"]

PREREQUISITE_RULES = ("paper", "after-consumer", "bundle")
# the rule of recipe "default" (recipe "paper" keeps "paper"); chosen on the suite, see docs/results.md
DEFAULT_RULE = "bundle"  # chosen on the suite by scripts/choose_defaults.py (docs/results.md)
# a transitive relation is hard too (without its provider the consumer failed, through a chain: ``lockDoors
# -> startEngine`` through the brake); its providers are one group, as the state ones are. On 46 development
# sets: mean R@K +0.1, complete@K +0.4 (7 sets up, 3 down); BFCL@15 R 89.9 -> 90.2 (docs/results.md)
HARD_KINDS = ("state", "provenance", "transitive")
# the order of the tools inside the cut: ``placement`` (as the rule places them: right after their
# consumer) or ``score`` (final score, a brought-in prerequisite at its own). The rule decides which tools
# are in the cut, so the order moves only NDCG: score order gains 3.0 on BFCL@15 (81.9 vs 78.9), where gold
# leaves out some prerequisites, and loses 3.4 on the mean of 70 development sets (55 down, 14 up), where
# gold counts them; by the suite's rule the default is placement (docs/results.md)
# which proven providers meet a hard requirement: ``kept`` (the library's relations) or ``lookups`` (also,
# where every kept provider of an input created the value, the alternatives that looked it up, first)
REQUIREMENT_PROVIDERS = ("kept", "lookups")
DEFAULT_REQUIREMENT_PROVIDERS = "lookups"
CUT_ORDERS = ("placement", "score")
DEFAULT_CUT_ORDER = "placement"
# hops of prerequisites one bundle carries (0: every hop). Each hop multiplies a library's errors: on the
# development suite two hops beat the whole closure (mean R@K +2.0, complete +1.0) and one hop (docs/results.md)
BUNDLE_DEPTH = 2


def _created(relation: Relation) -> bool:
    """Whether the relation's provider created the value it gave (a call that changed the state)."""
    return bool(((relation.evidence or {}).get("provider_value") or {}).get("created"))


def in_score_order(cut: Sequence[int], scores: np.ndarray) -> list[int]:
    """The tools of a cut by descending final score (ties: their order in the cut)."""
    pos = {int(t): j for j, t in enumerate(cut)}
    return sorted((int(t) for t in cut), key=lambda t: (-float(scores[t]), pos[t]))


def prefix_within(ranked: Sequence[int], costs: np.ndarray | None, capacity: float) -> list[int]:
    """The longest prefix of ``ranked`` whose total cost is at most ``capacity`` (unit costs: the first ``capacity``)."""
    if costs is None:
        return [int(i) for i in ranked[: int(capacity)]]
    out: list[int] = []
    used = 0.0
    for i in ranked:
        c = float(costs[int(i)])
        if used + c > capacity:
            break
        out.append(int(i))
        used += c
    return out


class PrerequisiteIndex:
    """Per consumer index: its hard requirement groups (label, provider indices, their tiers: 0 is brought in first)."""

    def __init__(self, names: Sequence[str], relations: Iterable[Relation], *, hard_kinds: Iterable[str] = HARD_KINDS,
                 depth: int = BUNDLE_DEPTH, alternatives: Iterable[Relation] = ()) -> None:
        """``alternatives``: other proven providers of inputs the relations serve (:attr:`ToolLibrary.alternatives`).
        Where every kept provider of an input created the value (``register_member`` for ``member_id``),
        the alternatives that only looked it up (``find_member``) join the input's group and are
        brought in first: a request names a record that exists more often than one it creates, and
        a request that creates one ranks its creation on its own words."""
        self.depth = depth  # hops a bundle carries (0: every hop)
        index = {n: i for i, n in enumerate(names)}
        kinds = set(hard_kinds)
        groups: dict[int, dict[str, set[int]]] = {}
        creations: dict[tuple[int, str], bool] = {}  # (consumer, label) -> every kept provider created the value

        def usable(r: Relation) -> bool:
            return r.kind in kinds and r.provider != r.consumer and r.provider in index and r.consumer in index

        def label_of(r: Relation) -> str:
            return "state" if r.kind == "state" else f"{r.kind}:{r.consumer_field or ''}"

        for r in relations:
            if not usable(r):
                continue
            c, label = index[r.consumer], label_of(r)
            groups.setdefault(c, {}).setdefault(label, set()).add(index[r.provider])
            if r.consumer_field is not None:
                creations[(c, label)] = creations.get((c, label), True) and _created(r)

        def needs(tool: int) -> set[int]:  # every provider of the tool's hard requirements
            return {q for members in groups.get(tool, {}).values() for q in members}

        lookups: dict[tuple[int, str], set[int]] = {}
        for r in alternatives:
            if usable(r) and r.consumer_field is not None and not _created(r):
                c, label = index[r.consumer], label_of(r)
                p = index[r.provider]
                # a lookup stands in for the creation when it needs nothing the creation does not (its
                # bundle is no larger): a listing of the folders made needs the folder made first
                if creations.get((c, label)) and needs(p) <= set().union(*(needs(q) for q in groups[c][label])):
                    lookups.setdefault((c, label), set()).add(p)
        for (c, label), extra in lookups.items():
            groups[c][label] |= extra

        def group(c: int, label: str, members: set[int]) -> tuple[str, np.ndarray, np.ndarray]:
            """A group's members (catalog order) and each one's tier (0: a lookup brought in first)."""
            ordered = sorted(members)
            first = lookups.get((c, label), set())
            return label, np.asarray(ordered, dtype=np.int64), np.asarray([0 if m in first else 1 for m in ordered], dtype=np.int64)

        self.groups: dict[int, tuple[tuple[str, np.ndarray, np.ndarray], ...]] = {
            c: tuple(group(c, label, members) for label, members in sorted(g.items())) for c, g in groups.items()
        }

    def __len__(self) -> int:
        return len(self.groups)

    @staticmethod
    def _strongest(providers: np.ndarray, scores: np.ndarray, tiers: np.ndarray) -> int:
        """The provider brought in: the first tier, then the highest final score, then catalog order."""
        return int(providers[np.lexsort((providers, -scores[providers], tiers))[0]])

    def apply(self, ranked: Sequence[int], scores: np.ndarray, k: int | None = None, *,
              costs: np.ndarray | None = None, capacity: float | None = None) -> tuple[list[int], dict[int, tuple[int, str]]]:
        """``after-consumer``: the cut of ``ranked`` (``k`` slots, or ``capacity`` under per-tool ``costs``)
        with missing hard prerequisites inserted after their consumers.

        Returns the new list and, per inserted provider, ``(consumer index, requirement label)``.
        """
        cap = float(capacity if capacity is not None else k)  # type: ignore[arg-type]
        cost = (lambda i: 1.0) if costs is None else (lambda i: float(costs[i]))
        out = prefix_within(ranked, costs, cap)
        used = sum(cost(i) for i in out)
        present = set(out)
        pinned: set[int] = set()
        inserted: dict[int, tuple[int, str]] = {}
        pos = 0
        while pos < len(out):
            t = out[pos]
            pinned.add(t)
            at = pos + 1
            for label, providers, tiers in self.groups.get(t, ()):
                have = [p for p in providers.tolist() if p in present]
                if have:
                    pinned.update(have)
                    continue
                best = self._strongest(providers, scores, tiers)
                while used + cost(best) > cap:
                    evict = next((j for j in range(len(out) - 1, at - 1, -1) if out[j] not in pinned), None)
                    if evict is None:  # every tool below is needed already: the budget is spent
                        return out, inserted
                    gone = out.pop(evict)
                    present.discard(gone)
                    used -= cost(gone)
                out.insert(at, best)
                present.add(best)
                pinned.add(best)
                used += cost(best)
                inserted[best] = (t, label)
                at += 1
            pos += 1
        return out, inserted

    def bundles(self, ranked: Sequence[int], scores: np.ndarray, k: int | None = None, *,
                costs: np.ndarray | None = None, capacity: float | None = None) -> tuple[list[int], dict[int, tuple[int, str]]]:
        """``bundle``: fill the cut in rank order with each tool and its missing prerequisites together,
        skipping a bundle that does not fit (same return value as :meth:`apply`)."""
        cap = float(capacity if capacity is not None else k)  # type: ignore[arg-type]
        cost = (lambda i: 1.0) if costs is None else (lambda i: float(costs[i]))
        smallest = 1.0 if costs is None else float(np.min(costs)) if len(costs) else 1.0
        out: list[int] = []
        present: set[int] = set()
        inserted: dict[int, tuple[int, str]] = {}
        used = 0.0
        for t in ranked:
            t = int(t)
            if t in present:
                continue
            if cap - used < smallest:
                break
            bundle, reasons = self._closure(t, present, scores)
            total = sum(cost(i) for i in bundle)
            if used + total > cap:
                continue
            out.extend(bundle)
            present.update(bundle)
            inserted.update(reasons)
            used += total
        return out, inserted

    def _closure(self, tool: int, present: set[int], scores: np.ndarray) -> tuple[list[int], dict[int, tuple[int, str]]]:
        """``tool`` followed by the providers of its unmet requirements, breadth first (each once), up
        to :attr:`depth` hops from ``tool``."""
        bundle = [tool]
        reasons: dict[int, tuple[int, str]] = {}
        have = set(present) | {tool}
        hops = {tool: 0}
        stack = [tool]
        while stack:
            consumer = stack.pop(0)
            if self.depth and hops[consumer] >= self.depth:
                continue
            for label, providers, tiers in self.groups.get(consumer, ()):
                if any(p in have for p in providers.tolist()):
                    continue
                best = self._strongest(providers, scores, tiers)
                at = bundle.index(consumer) + 1 + sum(1 for b in bundle if reasons.get(b, (None,))[0] == consumer)
                bundle.insert(at, best)
                have.add(best)
                reasons[best] = (consumer, label)
                hops[best] = hops[consumer] + 1
                stack.append(best)
        return bundle, reasons
