"""The packaged all-MiniLM-L6-v2 as a numpy forward pass, for induction's short texts.

Induction embeds field names and input descriptions once per build. Loading the model through
sentence-transformers imports torch, transformers and scikit-learn: about 4.5 s of a one-minute
build on 2 cores, before any tool runs. This module reads the same weights (``safetensors``) and
vocabulary (``tokenizers``) and computes what sentence-transformers computes for this model, with
numpy: BERT's embeddings and six encoder layers, the mean of the token vectors under the attention
mask, then L2 normalization. It loads in a few hundredths of a second. Retrieval keeps the
LlamaIndex embedding (``encoders.py``); ``tests/unit/test_minilm.py`` checks the two agree.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Sequence

import numpy as np

__all__ = ["NumpyMiniLM", "numpy_minilm"]

MAX_TOKENS = 256  # sentence-transformers' max_seq_length for this model
_LOADED: dict[str, "NumpyMiniLM"] = {}


def _layer_norm(x: np.ndarray, weight: np.ndarray, bias: np.ndarray, eps: float) -> np.ndarray:
    mean = x.mean(-1, keepdims=True)
    var = np.square(x - mean).mean(-1, keepdims=True)
    return (x - mean) / np.sqrt(var + eps) * weight + bias


class NumpyMiniLM:
    """A BERT encoder (``config.json``, ``model.safetensors``, ``tokenizer.json`` of ``folder``)
    with mean pooling and normalization, in numpy."""

    def __init__(self, folder: str | Path) -> None:
        import json

        from safetensors.numpy import load_file
        from scipy.special import erf
        from tokenizers import Tokenizer

        folder = Path(folder)
        self.model_name, self.max_length, self.normalize = str(folder), MAX_TOKENS, True  # its identity (encoders.encoder_id)
        config = json.loads((folder / "config.json").read_text("utf-8"))
        if config.get("model_type") != "bert" or config.get("hidden_act") != "gelu":
            raise ValueError(f"{folder} is not a BERT model with GELU activations")
        self.heads = int(config["num_attention_heads"])
        self.layers = int(config["num_hidden_layers"])
        self.eps = float(config.get("layer_norm_eps", 1e-12))
        self.weights = load_file(str(folder / "model.safetensors"))
        self.tokenizer = Tokenizer.from_file(str(folder / "tokenizer.json"))
        self.tokenizer.no_padding()
        self.tokenizer.enable_truncation(MAX_TOKENS)
        self._erf = erf

    def _w(self, name: str) -> np.ndarray:
        return self.weights[name]

    def _dense(self, x: np.ndarray, name: str) -> np.ndarray:
        flat = x.reshape(-1, x.shape[-1])  # one 2-D product (BLAS), not one per leading index
        return (flat @ self._w(name + ".weight").T + self._w(name + ".bias")).reshape(*x.shape[:-1], -1)

    def _encode_same_length(self, ids: np.ndarray) -> np.ndarray:
        """Unit vectors of a batch of token sequences of one length (no padding, so no mask)."""
        b, n = ids.shape
        h = self._w("embeddings.word_embeddings.weight")[ids] + self._w("embeddings.position_embeddings.weight")[:n] \
            + self._w("embeddings.token_type_embeddings.weight")[0]
        h = _layer_norm(h, self._w("embeddings.LayerNorm.weight"), self._w("embeddings.LayerNorm.bias"), self.eps)
        width = h.shape[-1] // self.heads
        for i in range(self.layers):
            p = f"encoder.layer.{i}."
            q, k, v = (self._dense(h, p + f"attention.self.{part}").reshape(b, n, self.heads, width).transpose(0, 2, 1, 3)
                       for part in ("query", "key", "value"))
            scores = q @ k.transpose(0, 1, 3, 2) / np.sqrt(np.float32(width))
            scores = np.exp(scores - scores.max(-1, keepdims=True))
            context = (scores / scores.sum(-1, keepdims=True)) @ v
            attended = self._dense(context.transpose(0, 2, 1, 3).reshape(b, n, -1), p + "attention.output.dense")
            h = _layer_norm(attended + h, self._w(p + "attention.output.LayerNorm.weight"),
                            self._w(p + "attention.output.LayerNorm.bias"), self.eps)
            inner = self._dense(h, p + "intermediate.dense")
            inner = 0.5 * inner * (1.0 + self._erf(inner / np.sqrt(np.float32(2.0))))
            h = _layer_norm(self._dense(inner, p + "output.dense") + h, self._w(p + "output.LayerNorm.weight"),
                            self._w(p + "output.LayerNorm.bias"), self.eps)
        pooled = h.mean(1).astype(np.float64)
        return pooled / np.maximum(np.linalg.norm(pooled, axis=1, keepdims=True), 1e-12)

    def get_text_embedding_batch(self, texts: Sequence[str], **_: Any) -> list[list[float]]:
        """Unit vectors of ``texts`` (LlamaIndex's batch-embedding signature); texts of one token
        length go through the layers together."""
        encoded = [enc.ids for enc in self.tokenizer.encode_batch(list(texts))]
        out: list[Any] = [None] * len(encoded)
        by_length: dict[int, list[int]] = {}
        for i, ids in enumerate(encoded):
            by_length.setdefault(len(ids), []).append(i)
        for rows in by_length.values():
            vectors = self._encode_same_length(np.asarray([encoded[i] for i in rows], dtype=np.int64))
            for i, vector in zip(rows, vectors):
                out[i] = vector.tolist()
        return out


def numpy_minilm() -> NumpyMiniLM | None:
    """The packaged all-MiniLM-L6-v2 as :class:`NumpyMiniLM` (loaded once per process), or None
    where its package, a needed library or a weight file is missing (callers then load it through
    LlamaIndex)."""
    try:
        from llama_index_libra.encoders import _packaged_minilm_path

        folder = _packaged_minilm_path()
        model = _LOADED.get(folder)
        if model is None:
            model = _LOADED[folder] = NumpyMiniLM(folder)
        return model
    except Exception:  # noqa: BLE001 - any missing piece means: use the LlamaIndex embedding
        return None
