"""The query model: segmenters, the fused whole+segment mode and BM25's share of the hybrid fusion."""

from __future__ import annotations

import re

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from llama_index_libra.catalog import ToolCatalog, ToolSpec
from llama_index_libra.retrieval.base_scores import BaseScoreConfig, BaseScorer
from llama_index_libra.retrieval.bm25 import BM25Index
from llama_index_libra.retrieval.dense import DenseIndex
from llama_index_libra.retrieval.fusion import combsum, confidence, fuse, minmax, rrf, top_zscore
from llama_index_libra.retrieval.ranker import ToolRanker
from llama_index_libra.retrieval.segments import (MIN_SEGMENT_WORDS, WINDOW_WORDS, segmenter_for, split_auto, split_clauses,
                                                  split_lines, split_sentences, split_windows)
from llama_index_libra.retrieval.settings import RetrievalSettings

WORD = re.compile(r"[A-Za-z0-9_]+")
PROSE = ("Hi there, this is Maya Chen, my email is maya.chen@example.com. Could you cancel my pending order? "
         "While you're at it, how many loyalty points do I have now? Thanks!")


def words(text: str) -> list[str]:
    return WORD.findall(text)


# --------------------------------------------------------------------------- segmenters


def test_sentences_split_prose_and_keep_emails_and_ids_whole():
    parts = split_sentences(PROSE)
    assert parts == [
        "Hi there, this is Maya Chen, my email is maya.chen@example.com.",
        "Could you cancel my pending order?",
        "While you're at it, how many loyalty points do I have now? Thanks!",  # "Thanks!" joins its neighbour
    ]


def test_clauses_split_coordinated_requests():
    assert split_clauses("Cancel order #W101 and then refund my card; also close ticket T-77.") == [
        "Cancel order #W101", "refund my card", "close ticket T-77."]


def test_auto_keeps_turns_and_cuts_a_single_line_into_sentences():
    turns = "Go into the runs folder. Show me plate_01.csv.\nNow do the same for the second plate."
    assert split_auto(turns) == split_lines(turns)
    assert split_auto(PROSE) == split_sentences(PROSE)


def test_windows_cut_each_segment_into_half_overlapping_word_windows():
    text = "This is Hannah on the desk at Bath, signing in as hpatel with password K#88. Close the file now."
    assert split_windows(text, width=6) == [
        "This is Hannah on the desk", "on the desk at Bath, signing", "at Bath, signing in as hpatel",
        "in as hpatel with password K#88.",  # the request, free of who is asking and where
        "Close the file now.",  # a segment no longer than a window is one window
    ]
    assert split_windows("a short line") == ["a short line"] and WINDOW_WORDS >= MIN_SEGMENT_WORDS
    assert segmenter_for("windows")("one two three") == ["one two three"]
    with pytest.raises(ValueError, match="window width"):
        split_windows(text, width=0)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.text(alphabet="abc019 .\n", max_size=40), max_size=8).map(" ".join), st.integers(1, 12))
def test_windows_cover_every_word_of_every_segment_in_order(text, width):
    """Per segment, windows of ``width`` words (one window if shorter), in order, each starting no later than
    where the previous ended, the last ending at the segment's end: no word is lost or reordered."""
    parts = [p.split() for p in split_windows(text, width)]

    def covered(words_in: list[str], k: int, position: int, end: int) -> int | None:
        """Where the segment's windows end in ``parts`` when ``parts[k:]`` can continue a cover of
        ``words_in`` whose last window started at ``position`` and ended at ``end`` (a repeated word
        fits several starts, so each is tried), else None."""
        if end == len(words_in):
            return k
        if k == len(parts) or len(parts[k]) != width:
            return None
        for i in range(position + 1, min(end, len(words_in) - width) + 1):
            if words_in[i:i + width] == parts[k]:
                found = covered(words_in, k + 1, i, i + width)
                if found is not None:
                    return found
        return None

    k = 0
    for segment in split_auto(text):
        words_in = segment.split()
        if len(words_in) <= width:
            assert parts[k] == words_in
            k += 1
            continue
        after = covered(words_in, k, -1, 0)
        assert after is not None, (words_in, parts[k:])
        k = after
    assert k == len(parts)


def test_unknown_segmentation_is_refused():
    with pytest.raises(ValueError, match="segmentation must be one of"):
        segmenter_for("paragraphs")
    with pytest.raises(ValueError, match="segmentation"):
        RetrievalSettings(segmentation="paragraphs")


text_strategy = st.lists(
    st.one_of(st.sampled_from(["order", "W101.", "refund!", "and then", "also", "Hi", ";", ",", "a.b@c.com", "?", "\n", " "]),
              st.text(alphabet="abcXYZ019 .,!?;:\n", max_size=12)),
    max_size=30,
).map("".join)


@settings(max_examples=200, deadline=None)
@given(text_strategy)
def test_sentence_and_line_segmenters_lose_no_word_and_keep_order(text):
    for split in (split_lines, split_sentences, split_auto):
        parts = split(text)
        assert all(p.strip() == p and p for p in parts)
        assert words(" ".join(parts)) == words(text)
    sentences = split_sentences(text)
    if len(sentences) > 1:  # merged fragments: only a lone remainder may stay short
        assert all(len(words(p)) >= MIN_SEGMENT_WORDS for p in sentences[:-1])


@settings(max_examples=200, deadline=None)
@given(text_strategy)
def test_clauses_drop_only_connectives(text):
    kept = words(" ".join(split_clauses(text)))
    it = iter(words(text))
    assert all(any(w == x for x in it) for w in kept)  # a subsequence: only "and then", "also", ... go
    dropped = list(words(text))
    for w in kept:
        dropped.remove(w)
    assert {d.lower() for d in dropped} <= {"and", "then", "also", "plus", "but", "so"}


# --------------------------------------------------------------------------- weighted fusion


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 4).flatmap(lambda m: st.tuples(
    st.lists(st.lists(st.floats(-5, 5, allow_nan=False, width=16), min_size=6, max_size=6), min_size=m, max_size=m),
    st.lists(st.floats(0.01, 3), min_size=m, max_size=m))))
def test_weighted_combsum_and_rrf_match_their_formulas(data):
    sources, weights = data
    arrays = [np.asarray(s) for s in sources]
    w = np.asarray(weights) / np.sum(weights)
    np.testing.assert_allclose(combsum(arrays, weights), sum(wi * minmax(a) for wi, a in zip(w, arrays)), atol=1e-12)
    np.testing.assert_allclose(combsum(arrays, [1.0] * len(arrays)), combsum(arrays), atol=1e-12)
    np.testing.assert_allclose(rrf(arrays, weights=[1.0] * len(arrays)), rrf(arrays), atol=1e-12)


def test_confidence_weighs_each_source_by_how_far_its_best_tool_stands_out():
    flat = np.asarray([1.0, 0.9, 0.95, 0.92, 0.91])
    peaked = np.asarray([0.1, 0.1, 0.1, 0.1, 5.0])
    z = np.asarray([top_zscore(flat), top_zscore(peaked)])
    assert z[1] > z[0] > 0 and top_zscore(np.ones(4)) == 0.0
    np.testing.assert_allclose(confidence([flat, peaked]), combsum([flat, peaked], list(z)), atol=1e-12)
    np.testing.assert_allclose(confidence([np.ones(3), np.ones(3)]), combsum([np.ones(3), np.ones(3)]))
    np.testing.assert_allclose(fuse([flat, peaked], "confidence", weights=[3, 1]), combsum([flat, peaked], list(z * [3, 1])))


def test_fusion_weights_are_checked():
    with pytest.raises(ValueError, match="fusion weights"):
        fuse([np.zeros(3), np.ones(3)], weights=[1.0])
    with pytest.raises(ValueError, match="fusion weights"):
        fuse([np.zeros(3), np.ones(3)], weights=[-1.0, 2.0])
    with pytest.raises(ValueError, match="bm25_share"):
        BaseScoreConfig(bm25_share=1.5)
    with pytest.raises(ValueError, match="bm25_share"):
        RetrievalSettings(bm25_share=-0.1)


# --------------------------------------------------------------------------- the scorer


@pytest.fixture()
def small(hash_embed):
    catalog = ToolCatalog([
        ToolSpec("cancel_order", "Cancel a pending order by its order id."),
        ToolSpec("get_loyalty_account", "Loyalty points balance of a customer."),
        ToolSpec("find_user_by_email", "Find a customer by email address."),
        ToolSpec("track_shipment", "Track the shipment of an order."),
        ToolSpec("issue_refund", "Refund a payment to the customer's card."),
    ], name="shop")
    return catalog, DenseIndex(catalog, hash_embed, cache_dir=False), BM25Index(catalog.texts())


def test_fused_mode_fuses_the_whole_query_and_the_pooled_segments(small):
    catalog, dense, bm25 = small
    scorer = BaseScorer(config=BaseScoreConfig(query_mode="fused", segmentation="sentences"), dense=[dense], bm25=bm25)
    segments = split_sentences(PROSE)
    pooled = np.max([dense.score(s) for s in segments], axis=0)
    expected = combsum([dense.score(PROSE), pooled, bm25.score(PROSE)])
    np.testing.assert_allclose(scorer.score(PROSE), expected, atol=1e-6)
    np.testing.assert_allclose(scorer.score_many([PROSE, "cancel my order"])[0], expected, atol=1e-6)


def test_bm25_share_weighs_bm25_against_the_dense_sources(small):
    catalog, dense, bm25 = small
    config = BaseScoreConfig(query_mode="fused", segmentation="sentences", bm25_share=0.2)
    scorer = BaseScorer(config=config, dense=[dense], bm25=bm25)
    pooled = np.max([dense.score(s) for s in split_sentences(PROSE)], axis=0)
    expected = 0.4 * minmax(dense.score(PROSE)) + 0.4 * minmax(pooled) + 0.2 * minmax(bm25.score(PROSE))
    np.testing.assert_allclose(scorer.score(PROSE), expected, atol=1e-6)
    np.testing.assert_allclose(scorer.score_many([PROSE])[0], expected, atol=1e-6)


def test_fair_pooling_ranks_each_segment_on_its_own(small):
    catalog, dense, bm25 = small
    segments = split_sentences(PROSE)
    per_segment = [minmax(combsum([dense.score(s), bm25.score(s)])) for s in segments]
    pooled = np.max(per_segment, axis=0)
    scorer = BaseScorer(config=BaseScoreConfig(query_mode="segments", segmentation="sentences", pooling="fair"), dense=[dense], bm25=bm25)
    np.testing.assert_allclose(scorer.score(PROSE), pooled, atol=1e-6)
    fused = BaseScorer(config=BaseScoreConfig(query_mode="fused", segmentation="sentences", pooling="fair"), dense=[dense], bm25=bm25)
    np.testing.assert_allclose(fused.score(PROSE), combsum([combsum([dense.score(PROSE), bm25.score(PROSE)]), pooled]), atol=1e-6)
    # every segment's best tool gets the top score, however weakly its segment matched
    for seg_scores in per_segment:
        assert scorer.score(PROSE)[int(np.argmax(seg_scores))] == pytest.approx(1.0)
    with pytest.raises(ValueError, match="pooling"):
        BaseScoreConfig(pooling="mean")


@pytest.mark.parametrize("mode", ["joined", "segments", "fused"])
@pytest.mark.parametrize("segmentation", ["lines", "sentences", "clauses", "auto", "windows"])
@pytest.mark.parametrize("pooling", ["max", "fair"])
@pytest.mark.parametrize("fusion", ["combsum", "confidence"])
def test_one_query_and_the_batch_agree_in_every_mode(small, mode, segmentation, pooling, fusion):
    catalog, dense, bm25 = small
    config = BaseScoreConfig(query_mode=mode, segmentation=segmentation, pooling=pooling, fusion=fusion)
    scorer = BaseScorer(config=config, dense=[dense], bm25=bm25)
    queries = [PROSE, "cancel my order", "Track it.\nThen refund my card and also check my points."]
    batch = scorer.score_many(queries)
    for i, q in enumerate(queries):
        np.testing.assert_allclose(scorer.score(q), batch[i], atol=1e-6)


def test_the_paper_recipe_ignores_the_query_model(small, hash_embed):
    catalog, dense, _ = small
    ranker = ToolRanker(catalog, method="libra", embed_model=hash_embed, dense=dense, recipe="paper")
    assert ranker.base_config == BaseScoreConfig(base="dense", query_mode="joined")
    np.testing.assert_array_equal(ranker.base_scores(PROSE), dense.score(PROSE))
