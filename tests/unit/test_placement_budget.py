"""Where prerequisites go (paper, after-consumer, bundle) under a count or a token budget, and the budget itself."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from llama_index.core.llms import CustomLLM
from llama_index.core.llms.llm import LLM

from llama_index_libra.adapters.retriever import LibraRetriever
from llama_index_libra.catalog import ToolCatalog, ToolSpec
from llama_index_libra.library import Relation, ToolLibrary
from llama_index_libra.retrieval.budget import (approximate_tokens, check_budget, schema_token_costs, token_counter,
                                                tool_schema_text)
from llama_index_libra.retrieval.prerequisites import PrerequisiteIndex, in_score_order, prefix_within
from llama_index_libra.retrieval.ranker import ToolRanker
from tests.support.fakes import CREATE_NOTE


def old_after_consumer(groups, ranked, scores, k):
    """The after-consumer rule as the previous release wrote it (count of slots only)."""
    out = [int(i) for i in ranked[:k]]
    present, pinned, inserted = set(out), set(), {}
    pos = 0
    while pos < len(out):
        t = out[pos]
        pinned.add(t)
        at = pos + 1
        for label, providers, _tiers in groups.get(t, ()):
            have = [p for p in providers.tolist() if p in present]
            if have:
                pinned.update(have)
                continue
            best = int(providers[np.lexsort((providers, -scores[providers]))[0]])
            evict = next((j for j in range(len(out) - 1, at - 1, -1) if out[j] not in pinned), None)
            if len(out) >= k:
                if evict is None:
                    return out, inserted
                present.discard(out.pop(evict))
            out.insert(at, best)
            present.add(best)
            pinned.add(best)
            inserted[best] = (t, label)
            at += 1
        pos += 1
    return out, inserted


graphs = st.integers(4, 14).flatmap(lambda n: st.tuples(
    st.just(n),
    st.lists(st.tuples(st.integers(0, n - 1), st.integers(0, n - 1), st.sampled_from(["state", "provenance"]),
                       st.sampled_from(["a", "b"])), max_size=3 * n),
    st.lists(st.floats(0, 1, allow_nan=False), min_size=n, max_size=n),
    st.lists(st.integers(1, 9), min_size=n, max_size=n),
    st.integers(1, n),
))


def build(n, edges, depth=0):
    names = [f"t{i}" for i in range(n)]
    relations = [Relation(names[p], names[c], kind, **({"provider_field": "x", "consumer_field": f} if kind == "provenance" else {}))
                 for p, c, kind, f in edges if p != c]
    return PrerequisiteIndex(names, relations, depth=depth)


def met(index, cut, tool):
    return all(any(p in cut for p in providers.tolist()) for _label, providers, _tiers in index.groups.get(tool, ()))


@settings(max_examples=150, deadline=None)
@given(graphs)
def test_after_consumer_with_unit_costs_is_the_previous_rule(data):
    n, edges, scores, _costs, k = data
    index = build(n, edges)
    scores = np.asarray(scores)
    ranked = np.argsort(-scores, kind="stable")
    assert index.apply(ranked, scores, k) == old_after_consumer(index.groups, ranked, scores, k)


@settings(max_examples=150, deadline=None)
@given(graphs)
def test_every_rule_stays_within_the_budget_and_bundle_never_strands_a_consumer(data):
    n, edges, scores, costs, k = data
    index = build(n, edges)
    scores, costs = np.asarray(scores), np.asarray(costs, dtype=np.float64)
    ranked = np.argsort(-scores, kind="stable")
    capacity = float(3 * k)
    for rule in (index.apply, index.bundles):
        cut, inserted = rule(ranked, scores, costs=costs, capacity=capacity)
        assert len(set(cut)) == len(cut)
        assert costs[cut].sum() <= capacity
        assert set(inserted) <= set(cut)
    cut, _ = index.bundles(ranked, scores, costs=costs, capacity=capacity)
    assert all(met(index, set(cut), t) for t in cut)  # every offered tool comes with its prerequisites
    cut_k, _ = index.bundles(ranked, scores, k)
    assert len(cut_k) <= k and all(met(index, set(cut_k), t) for t in cut_k)
    # bundles of at most two hops: every tool the ranking offered (not brought in) has its own
    # prerequisites, and so has every provider one hop below it
    shallow = build(n, edges, depth=2)
    cut_2, brought = shallow.bundles(ranked, scores, k)
    assert len(cut_2) <= k
    assert all(met(shallow, set(cut_2), t) for t in cut_2 if t not in brought or brought[t][0] not in brought)
    assert prefix_within(ranked, costs, capacity) == [int(i) for i in ranked[:len(prefix_within(ranked, costs, capacity))]]


@settings(max_examples=100, deadline=None)
@given(graphs)
def test_score_order_moves_the_cut_never_changes_it(data):
    """``cut_order="score"``: the same tools as the rule placed, by descending final score (ties in
    placement order), so recall and completeness are those of the placement."""
    n, edges, scores, _costs, k = data
    index = build(n, edges)
    scores = np.asarray(scores)
    ranked = np.argsort(-scores, kind="stable")
    for rule in (index.apply, index.bundles):
        cut, _ = rule(ranked, scores, k)
        ordered = in_score_order(cut, scores)
        assert sorted(ordered) == sorted(cut)
        assert all(scores[a] >= scores[b] for a, b in zip(ordered, ordered[1:]))
        tied = [t for t in cut if scores[t] == scores[ordered[0]]]
        assert [t for t in ordered if scores[t] == scores[ordered[0]]] == tied


def test_bundle_skips_a_consumer_whose_prerequisites_do_not_fit():
    names = ["goal", "other", "login", "lookup"]
    index = PrerequisiteIndex(names, [Relation("login", "goal", "state"),
                                      Relation("lookup", "goal", "provenance", provider_field="id", consumer_field="id")])
    scores = np.asarray([0.9, 0.8, 0.1, 0.2])
    ranked = [0, 1, 3, 2]
    assert index.bundles(ranked, scores, 2)[0] == [1, 3]  # goal needs 3 slots: other and the next fit instead
    cut, inserted = index.bundles(ranked, scores, 3)
    assert cut == [0, 3, 2] and inserted == {2: (0, "state"), 3: (0, "provenance:id")}  # groups in label order
    assert index.apply(ranked, scores, 2)[0] == [0, 3]  # after-consumer keeps goal with one of its two


# --------------------------------------------------------------------------- tokenizers


class Encoding:
    def encode(self, text):
        return text.split()


class TokenizedLLM(CustomLLM):
    """A stand-in LLM that knows its tokenizer, as OpenAI/OpenAILike do through ``_tokenizer``."""

    @property
    def metadata(self):
        from llama_index.core.llms import LLMMetadata

        return LLMMetadata()

    @property
    def _tokenizer(self):
        return Encoding()

    def complete(self, prompt, formatted=False, **kwargs):  # pragma: no cover - never called
        raise NotImplementedError

    def stream_complete(self, prompt, formatted=False, **kwargs):  # pragma: no cover - never called
        raise NotImplementedError


class TokenizerlessLLM(TokenizedLLM):
    @property
    def _tokenizer(self):
        raise KeyError("unknown model")


def test_token_counter_takes_the_llms_tokenizer_then_falls_back():
    assert isinstance(TokenizedLLM(), LLM)
    count, name = token_counter(TokenizedLLM())
    assert count("a b c") == 3 and name == "Encoding"
    assert token_counter(Encoding())[0]("a b") == 2
    assert token_counter(lambda text: list(text))[0]("abcd") == 4
    count, name = token_counter(TokenizerlessLLM())
    assert name == "llama-index global tokenizer" and count("hello world") == 2
    count, name = token_counter(None)
    assert name == "llama-index global tokenizer"
    with pytest.raises(TypeError, match="tokenizer must be"):
        token_counter(42)


def test_approximation_and_budget_checks():
    assert approximate_tokens('{"name":"a_b","x":1}') == 15  # 3 words, 12 marks
    for bad in (0, -3, 2.5, True, "10"):
        with pytest.raises(ValueError, match="token_budget"):
            check_budget(bad)


def test_schema_text_is_the_function_schema_an_llm_sees():
    spec = ToolSpec("get", "Get it.", {"type": "object", "properties": {"id": {"type": "string"}}, "required": ["id"]})
    assert tool_schema_text(spec) == ('{"type":"function","function":{"name":"get","description":"Get it.",'
                                      '"parameters":{"type":"object","properties":{"id":{"type":"string"}},"required":["id"]}}}')
    costs = schema_token_costs(ToolCatalog([spec]), lambda text: len(text))
    assert costs.tolist() == [float(len(tool_schema_text(spec)))]


# --------------------------------------------------------------------------- the retriever under a budget


@pytest.mark.parametrize("rule", ["paper", "after-consumer", "bundle"])
def test_a_budget_counts_the_promoted_prerequisites(synthetic_tools, synthetic_library, hash_embed, rule):
    words = Encoding()
    retriever = LibraRetriever.from_tools(synthetic_tools, embed_model=hash_embed, library=synthetic_library,
                                          token_budget=120, tokenizer=words, prerequisite_rule=rule, cache_dir=False)
    costs = retriever.ranker.token_costs
    hits = retriever.rank(CREATE_NOTE)
    assert hits and sum(costs[retriever.catalog.index_of(h.name)] for h in hits) <= 120
    names = [h.name for h in hits]
    if rule != "paper":  # every offered notes tool comes with the login it needs, inside the budget
        assert "notes_login" in names and names.index("notes_login") > names.index("notes_create_note")
    unlimited = LibraRetriever.from_tools(synthetic_tools, embed_model=hash_embed, library=synthetic_library, top_k=50,
                                          prerequisite_rule=rule, cache_dir=False)
    if rule == "paper":  # the budget cuts the same ranking: a prefix of it
        assert names == [h.name for h in unlimited.rank(CREATE_NOTE)][: len(names)]
    capped = LibraRetriever.from_tools(synthetic_tools, embed_model=hash_embed, library=synthetic_library, token_budget=120,
                                       tokenizer=words, top_k=2, prerequisite_rule=rule, cache_dir=False)
    assert len(capped.rank(CREATE_NOTE)) <= 2


def test_a_budget_reserves_exact_and_always_included_tools(synthetic_tools, synthetic_library, hash_embed):
    words = Encoding()
    retriever = LibraRetriever.from_tools(synthetic_tools, embed_model=hash_embed, library=synthetic_library, token_budget=60,
                                          tokenizer=words, always_include=["calendar_login"], cache_dir=False)
    costs = retriever.ranker.token_costs
    hits = retriever.rank("notes_create_note")
    assert hits[0].name == "notes_create_note" and hits[-1].name == "calendar_login"
    assert sum(costs[retriever.catalog.index_of(h.name)] for h in hits) <= 60 + costs[retriever.catalog.index_of("notes_create_note")]


def test_budget_is_persisted(tmp_path, synthetic_tools, synthetic_library, hash_embed):
    retriever = LibraRetriever.from_tools(synthetic_tools, embed_model=hash_embed, library=synthetic_library, token_budget=300,
                                          cache_dir=False)
    retriever.persist(tmp_path)
    again = LibraRetriever.from_persist_dir(tmp_path, tools=synthetic_tools, embed_model=hash_embed)
    assert again.token_budget == 300
    assert [h.name for h in again.rank(CREATE_NOTE)] == [h.name for h in retriever.rank(CREATE_NOTE)]


def test_evaluation_under_a_budget_scores_the_cut(synthetic_tools, synthetic_library, hash_embed):
    from llama_index_libra.benchmarks.base import Benchmark, Task
    from llama_index_libra.evaluation.runner import evaluate, format_table

    catalog = synthetic_library.catalog
    bench = Benchmark("synthetic", catalog, [Task("1", CREATE_NOTE, ("notes_login", "notes_create_note"))], k=5)
    report = evaluate(bench, ["hybrid", "libra"], library=synthetic_library, embed_model=hash_embed, show_progress=False,
                      cache_dir=False, token_budget=150, tokenizer=Encoding(), settings=None)
    ranker = ToolRanker(catalog, method="libra", embed_model=hash_embed, library=synthetic_library, tokenizer=Encoding())
    for r in report.results:
        t = r.per_task[0]
        assert t["tokens"] == sum(ranker.token_costs[catalog.index_of(n)] for n in t["ranked"]) <= 150
        assert r.complete == float({"notes_login", "notes_create_note"} <= set(t["ranked"]))
    assert "C@150t" in format_table(report) and "tokens" in format_table(report)


def test_a_transitive_provider_is_a_hard_prerequisite_by_default_as_one_group() -> None:
    """``lockDoors -> startEngine`` (through the brake) enters the cut with its consumer; two transitive
    providers of one consumer are alternatives, like its state providers, and compatibility never is."""
    names = ["startEngine", "lockDoors", "pressBrakePedal", "displayCarStatus", "fillFuelTank"]
    rels = [Relation("lockDoors", "startEngine", "transitive"), Relation("pressBrakePedal", "startEngine", "transitive"),
            Relation("displayCarStatus", "startEngine", "compatibility", "status", "status", 0.9)]
    scores = np.array([0.9, 0.1, 0.2, 0.5, 0.4])
    index = PrerequisiteIndex(names, rels)
    out, inserted = index.bundles([0, 3, 4, 1, 2], scores, 2)
    assert out == [0, 2] and inserted == {2: (0, "transitive:")}
    assert PrerequisiteIndex(names, rels, hard_kinds=("state", "provenance")).bundles([0, 3, 4, 1, 2], scores, 2)[0] == [0, 3]


def _value(provider: str, consumer: str, *, created: bool) -> Relation:
    """A provenance relation of ``consumer``'s ``member_id`` whose value ``provider`` created or looked up."""
    return Relation(provider, consumer, "provenance", "member_id", "member_id", 1.0,
                    evidence={"provider_value": {"path": "$.output.member_id", **({"created": True} if created else {})}})


MEMBERS = ["approve_member", "register_member", "find_member", "list_members", "sign_in"]


def test_lookups_bring_in_a_proven_lookup_where_the_kept_provider_only_created_the_value() -> None:
    """Kept ``register_member`` created every id it gave; the alternative ``find_member`` looked one up.
    Under ``lookups`` the lookup meets the requirement and is brought in first, even below the creation."""
    kept = [_value("register_member", "approve_member", created=True)]
    alternatives = [_value("find_member", "approve_member", created=False)]
    scores = np.array([0.9, 0.5, 0.1, 0.3, 0.2])
    plain = PrerequisiteIndex(MEMBERS, kept, alternatives=())
    assert plain.bundles([0, 1, 3, 4, 2], scores, 3)[0] == [0, 1, 3]
    index = PrerequisiteIndex(MEMBERS, kept, alternatives=alternatives)
    out, inserted = index.bundles([0, 1, 3, 4, 2], scores, 3)
    assert out == [0, 2, 1] and inserted == {2: (0, "provenance:member_id")}
    # the lookup in the cut already meets the requirement: nothing is brought in
    assert index.bundles([2, 0, 3, 4, 1], scores, 3) == ([2, 0, 3], {})
    assert index.apply([0, 3, 4, 1, 2], scores, 3)[0] == [0, 2, 3]


def test_lookups_leave_an_input_alone_when_a_kept_provider_looked_it_up() -> None:
    """Where a kept provider is a lookup (or an alternative is a creation), the groups are the kept relations'."""
    scores = np.array([0.9, 0.5, 0.1, 0.3, 0.2])
    looked = PrerequisiteIndex(MEMBERS, [_value("list_members", "approve_member", created=False)],
                               alternatives=[_value("find_member", "approve_member", created=False)])
    assert [p.tolist() for _l, p, _t in looked.groups[0]] == [[3]]
    mixed = PrerequisiteIndex(MEMBERS, [_value("register_member", "approve_member", created=True),
                                        _value("list_members", "approve_member", created=False)],
                              alternatives=[_value("find_member", "approve_member", created=False)])
    assert [p.tolist() for _l, p, _t in mixed.groups[0]] == [[1, 3]]
    created_alt = PrerequisiteIndex(MEMBERS, [_value("register_member", "approve_member", created=True)],
                                    alternatives=[_value("sign_in", "approve_member", created=True)])
    assert [p.tolist() for _l, p, _t in created_alt.groups[0]] == [[1]]
    # a lookup that needs a provider the creation does not (a listing of what was made) stands in for nothing
    needy = PrerequisiteIndex(MEMBERS, [_value("register_member", "approve_member", created=True),
                                        Relation("register_member", "find_member", "state")],
                              alternatives=[_value("find_member", "approve_member", created=False)])
    assert [p.tolist() for _l, p, _t in needy.groups[0]] == [[1]]
    shared = PrerequisiteIndex(MEMBERS, [_value("register_member", "approve_member", created=True),
                                         Relation("sign_in", "register_member", "state"), Relation("sign_in", "find_member", "state")],
                               alternatives=[_value("find_member", "approve_member", created=False)])
    assert [p.tolist() for _l, p, _t in shared.groups[0]] == [[1, 2]]
    # an alternative of an input no kept relation serves is ignored
    assert PrerequisiteIndex(MEMBERS, [], alternatives=[_value("find_member", "approve_member", created=False)]).groups == {}


def test_the_ranker_passes_alternatives_only_under_lookups_the_default(synthetic_tools, hash_embed) -> None:
    catalog = ToolCatalog.from_tools(synthetic_tools)
    a, b, c = catalog.names[:3]
    library = ToolLibrary(catalog=catalog, relations=[_value(b, a, created=True)], alternatives=[_value(c, a, created=False)])
    kept = ToolRanker(catalog, method="libra", library=library, embed_model=hash_embed, cache_dir=False,
                      requirement_providers="kept")
    assert [p.tolist() for _l, p, _t in kept.prerequisite_index.groups[0]] == [[1]]
    lookups = ToolRanker(catalog, method="libra", library=library, embed_model=hash_embed, cache_dir=False)
    assert [p.tolist() for _l, p, _t in lookups.prerequisite_index.groups[0]] == [[1, 2]]
    assert lookups.settings()["requirement_providers"] == "lookups"
    schema_only = ToolRanker(catalog, method="schema-only", library=library, embed_model=hash_embed, cache_dir=False)
    assert schema_only.prerequisite_index is None or 0 not in schema_only.prerequisite_index.groups
    with pytest.raises(ValueError, match="requirement_providers"):
        ToolRanker(catalog, method="libra", library=library, embed_model=hash_embed, cache_dir=False, requirement_providers="all")


def test_settings_persisted_before_requirement_providers_keep_their_cut(tmp_path, synthetic_tools, synthetic_library, hash_embed) -> None:
    from llama_index_libra.adapters.persist import stored_settings

    assert stored_settings({"version": 2, "retrieval": {"recipe": "default"}}).requirement_providers == "kept"
    assert stored_settings({"version": 2, "retrieval": {"requirement_providers": "lookups"}}).requirement_providers == "lookups"
    assert stored_settings({"version": 1}).requirement_providers == "kept"
    retriever = LibraRetriever.from_tools(synthetic_tools, embed_model=hash_embed, library=synthetic_library, cache_dir=False)
    retriever.persist(tmp_path)
    again = LibraRetriever.from_persist_dir(tmp_path, tools=synthetic_tools, embed_model=hash_embed)
    assert again.ranker.retrieval_settings.requirement_providers == "lookups"
