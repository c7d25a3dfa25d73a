"""BM25 against the reference implementation bm25s (Lucene IDF, Robertson tf saturation)."""

import numpy as np
import pytest

from llama_index_libra.retrieval.bm25 import BM25Index, tokenize

DOCS = [
    "Create a new file named file_name in the current directory",
    "Display the last lines of a file; file file file",
    "Authenticate the user with username and password",
    "Post a tweet with content, tags and mentions",
    "Lock or unlock the doors of the vehicle",
]


def test_tokenizer_is_the_papers():
    assert tokenize("Get_User-ID: user42, 'X'") == ["get_user", "id", "user42", "x"]


def test_matches_bm25s_reference():
    bm25s = pytest.importorskip("bm25s")
    tokens = [tokenize(d) for d in DOCS]
    ref = bm25s.BM25(method="lucene", k1=1.5, b=0.75)
    ref.index(tokens, show_progress=False)
    index = BM25Index(DOCS)
    for query in ["file name", "tweet tags", "password user", "doors vehicle lock unlock", "file"]:
        q = [t for t in tokenize(query) if t in index.vocab]
        expected = ref.get_scores(q) * (1.5 + 1.0)  # bm25s omits the constant (k1 + 1) factor
        np.testing.assert_allclose(index.score(query), expected, rtol=1e-5, atol=1e-9)


def test_repeated_query_terms_count_and_unknown_terms_score_zero():
    index = BM25Index(DOCS)
    once, twice = index.score("tweet"), index.score("tweet tweet")
    np.testing.assert_allclose(twice, 2 * once)
    assert not index.score("zzz qqq").any()


def test_idf_formula():
    index = BM25Index(DOCS)
    n, df = len(DOCS), 1
    assert index.idf[index.vocab["tweet"]] == pytest.approx(np.log(1 + (n - df + 0.5) / (df + 0.5)))
