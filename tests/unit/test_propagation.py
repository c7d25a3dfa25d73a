"""Algorithm 2: hand-computed cases and a check against a naive transcription of the pseudocode."""

import numpy as np
import pytest

from llama_index_libra.library import Relation
from llama_index_libra.retrieval.propagation import PropagationConfig, PropagationGraph


def naive(names, relations, s, cfg):
    """Algorithm 2 line by line (one hop), with ties broken by catalog order."""
    idx = {n: i for i, n in enumerate(names)}
    seeds = [int(i) for i in np.argsort(-s, kind="stable")[: cfg.seeds]]
    chosen = {}
    for t in seeds:
        p = {idx[r.provider] for r in relations if r.kind == "state" and idx[r.consumer] == t}
        fields = {}
        for r in relations:
            if r.kind != "state" and idx[r.consumer] == t:
                fields.setdefault(r.consumer_field, []).append((idx[r.provider], r.field_similarity or 0.0))
        for f, members in fields.items():
            if cfg.provider_selection == "all":
                p |= {u for u, _ in members}
                continue
            if cfg.provider_selection in ("both", "field-best"):
                best = {}
                for u, sim in members:
                    best[u] = max(best.get(u, -1), sim)
                p.add(min(best, key=lambda u: (-best[u], u)))
            if cfg.provider_selection in ("both", "dense-best"):
                p.add(min({u for u, _ in members}, key=lambda u: (-s[u], u)))
        p.discard(t)
        chosen[t] = p
    out = s.copy()
    for u in range(len(names)):
        consumers = [t for t in seeds if u in chosen[t]]
        if consumers:
            g = (s[u] + sum(s[t] for t in consumers)) / (1 + len(consumers))
            out[u] = max(s[u], g)
    return out


def test_hand_computed_state_promotion():
    names = ["login", "update_alarm", "weather"]
    g = PropagationGraph(names, [Relation("login", "update_alarm", "state")])
    s = np.array([0.2, 0.9, 0.5])
    out, links = g.propagate(s, PropagationConfig(seeds=1))
    assert out[0] == pytest.approx((0.2 + 0.9) / 2) and out[2] == 0.5
    assert g.explain(links[0])[0].describe() == "state prerequisite of update_alarm"


def test_provider_selection_keeps_at_most_two_per_field():
    names = ["a", "b", "c", "consumer"]
    rels = [
        Relation("a", "consumer", "provenance", "x", "in", 0.9),  # field-best
        Relation("b", "consumer", "provenance", "y", "in", 0.1),  # dense-best (highest s_q)
        Relation("c", "consumer", "compatibility", "z", "in", 0.2),
    ]
    s = np.array([0.1, 0.5, 0.3, 0.95])
    g = PropagationGraph(names, rels)
    out, _ = g.propagate(s, PropagationConfig(seeds=1))
    assert out[0] > s[0] and out[1] > s[1] and out[2] == s[2]
    out_all, _ = g.propagate(s, PropagationConfig(seeds=1, provider_selection="all"))
    assert out_all[2] > s[2]
    out_field, _ = g.propagate(s, PropagationConfig(seeds=1, provider_selection="field-best"))
    assert out_field[0] > s[0] and out_field[1] == s[1]


def test_average_over_distinct_seeded_consumers():
    names = ["p", "c1", "c2"]
    rels = [Relation("p", "c1", "state"), Relation("p", "c2", "state"), Relation("p", "c1", "provenance", "o", "i", 0.5)]
    s = np.array([0.1, 0.8, 0.6])
    out, _ = PropagationGraph(names, rels).propagate(s, PropagationConfig(seeds=3))
    assert out[0] == pytest.approx((0.1 + 0.8 + 0.6) / 3)


def test_kinds_filter_and_empty_graph_is_identity():
    s = np.array([0.1, 0.9])
    g = PropagationGraph(["a", "b"], [Relation("a", "b", "state")], kinds=("provenance",))
    assert np.array_equal(g.propagate(s)[0], s)


def test_two_hops_reach_the_provider_of_a_provider():
    names = ["login", "create", "update"]
    rels = [Relation("create", "update", "provenance", "id", "id", 1.0), Relation("login", "create", "state")]
    s = np.array([0.1, 0.3, 0.9])
    one, _ = PropagationGraph(names, rels).propagate(s, PropagationConfig(seeds=1, hops=1))
    two, _ = PropagationGraph(names, rels).propagate(s, PropagationConfig(seeds=1, hops=2))
    assert one[0] == s[0] and two[0] > s[0]


@pytest.mark.parametrize("selection", ["both", "field-best", "dense-best", "all"])
@pytest.mark.parametrize("seed", range(5))
def test_vectorized_equals_naive_reference(selection, seed):
    rng = np.random.default_rng(seed)
    n = 60
    names = [f"t{i}" for i in range(n)]
    rels = []
    for _ in range(250):
        p, c = rng.choice(n, 2, replace=False)
        kind = ["state", "provenance", "compatibility"][rng.integers(3)]
        if kind == "state":
            rels.append(Relation(names[p], names[c], kind))
        else:
            rels.append(Relation(names[p], names[c], kind, f"o{rng.integers(3)}", f"in{rng.integers(3)}", float(rng.random())))
    s = rng.random(n)
    s[rng.integers(n)] = s[rng.integers(n)]  # a tie
    cfg = PropagationConfig(seeds=15, provider_selection=selection)
    out, _ = PropagationGraph(names, rels).propagate(s, cfg)
    np.testing.assert_allclose(out, naive(names, rels, s, cfg))


def test_config_validation():
    with pytest.raises(ValueError, match="provider_selection"):
        PropagationConfig(provider_selection="best")
    with pytest.raises(ValueError, match="seeds"):
        PropagationConfig(seeds=0)
    with pytest.raises(ValueError, match="unknown relation kinds"):
        PropagationConfig(kinds=("friendship",))


def test_an_alternative_is_never_field_best_and_is_the_second_choice_when_the_request_favours_it():
    """A pet's id from register_pet (kept) or list_my_pets (an alternative the library stores apart):
    field-best stays the kept provider; dense-best is whichever the request favours, and when that is
    the kept provider too, the best alternative is promoted beside it."""
    names = ["register_pet", "list_my_pets", "book_visit", "weather"]
    kept = [Relation("register_pet", "book_visit", "provenance", "pet_id", "pet_id", 0.9)]
    alt = [Relation("list_my_pets", "book_visit", "provenance", "pet_id", "pet_id", 1.0)]
    g = PropagationGraph(names, kept, alternatives=alt)
    s = np.array([0.5, 0.3, 0.9, 0.4])
    out, _ = g.propagate(s, PropagationConfig(seeds=1))
    assert out[0] == pytest.approx((0.5 + 0.9) / 2) and out[1] == pytest.approx((0.3 + 0.9) / 2) and out[3] == 0.4
    field_only, _ = g.propagate(s, PropagationConfig(seeds=1, provider_selection="field-best"))
    assert field_only[1] == 0.3  # an alternative is never the field-best provider
    without, _ = PropagationGraph(names, kept).propagate(s, PropagationConfig(seeds=1))
    assert without[1] == 0.3


def test_alternatives_of_an_input_no_relation_serves_are_ignored():
    names = ["a", "b", "c"]
    g = PropagationGraph(names, [Relation("a", "c", "state")],
                         alternatives=[Relation("b", "c", "provenance", "x", "x", 1.0)])
    out, _ = g.propagate(np.array([0.1, 0.2, 0.9]), PropagationConfig(seeds=1))
    assert out[1] == 0.2 and out[0] == pytest.approx(0.5)


@pytest.mark.parametrize("seed", range(6))
def test_alternatives_promote_at_most_one_more_provider_per_input(seed):
    rng = np.random.default_rng(seed)
    names = [f"t{i}" for i in range(12)]
    rels, alts = [], []
    for _ in range(20):
        p, c = rng.choice(12, 2, replace=False)
        field = f"f{rng.integers(3)}"
        (alts if rng.random() < 0.4 else rels).append(Relation(names[p], names[c], "provenance", field, field, float(rng.random())))
    s = rng.random(12)
    base, _ = PropagationGraph(names, rels).propagate(s, PropagationConfig(seeds=4))
    out, _ = PropagationGraph(names, rels, alternatives=alts).propagate(s, PropagationConfig(seeds=4))
    assert np.all(out >= s - 1e-12)
    promoted_only_by_alternatives = (out > base + 1e-12)
    assert all(names[i] in {a.provider for a in alts} for i in np.flatnonzero(promoted_only_by_alternatives))
