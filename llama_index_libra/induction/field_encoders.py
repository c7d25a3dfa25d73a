"""Field-name encoders h_f: similarity of a provider's output field and a consumer's input field.

Names are humanized first (``receiver_id`` -> "receiver id", ``accessToken`` -> "access token").
The dense encoder embeds them with any LlamaIndex embedding (default: the packaged MiniLM); the
lexical encoder (token-set cosine) needs no model and serves tests and quick builds.
"""

from __future__ import annotations

import math
import re
from typing import Any, Protocol

import numpy as np

__all__ = ["FieldEncoder", "DenseFieldEncoder", "LexicalFieldEncoder", "humanize", "resolve_field_encoder"]

_CAMEL = re.compile(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])")


def humanize(name: str) -> str:
    """``$.output.user_id`` -> "user id"; ``accessToken`` -> "access token"; indices dropped."""
    leaf = re.sub(r"\[[^\]]*\]", "", name).split(".")[-1]
    words = _CAMEL.sub(" ", leaf).replace("_", " ").replace("-", " ")
    return " ".join(words.lower().split()) or name.lower()


class FieldEncoder(Protocol):
    name: str

    def similarity(self, a: str, b: str) -> float: ...


class LexicalFieldEncoder:
    """Cosine of the humanized names' token sets: no model, deterministic."""

    name = "lexical"

    def similarity(self, a: str, b: str) -> float:
        ta, tb = set(humanize(a).split()), set(humanize(b).split())
        if not ta or not tb:
            return 0.0
        return len(ta & tb) / math.sqrt(len(ta) * len(tb))


class DenseFieldEncoder:
    """Cosine of embedded humanized names under a LlamaIndex embedding model (cached per name)."""

    def __init__(self, embed_model: Any = None) -> None:
        from llama_index_libra.encoders import encoder_id, resolve_embed_model

        self.model = resolve_embed_model(embed_model, quiet=True)
        self.name = "dense:" + encoder_id(self.model)
        self._cache: dict[str, np.ndarray] = {}

    def warm(self, names: list[str]) -> None:
        """Embed many names in one batch."""
        todo = sorted({humanize(n) for n in names} - set(self._cache))
        if todo:
            vectors = np.asarray(self.model.get_text_embedding_batch(todo), dtype=np.float64)
            vectors /= np.linalg.norm(vectors, axis=1, keepdims=True)
            self._cache.update(zip(todo, vectors))

    def similarity(self, a: str, b: str) -> float:
        ha, hb = humanize(a), humanize(b)
        if ha == hb:
            return 1.0
        self.warm([a, b])
        return float(np.clip(self._cache[ha] @ self._cache[hb], -1.0, 1.0))

    def text_matrix(self, texts: list[str]) -> np.ndarray:
        """Unit vectors of free texts (an input's name with its description), one row each."""
        vectors = np.asarray(self.model.get_text_embedding_batch(list(texts)), dtype=np.float64)
        return vectors / np.linalg.norm(vectors, axis=1, keepdims=True)

    def name_matrix(self, names: list[str]) -> np.ndarray:
        self.warm(names)
        return np.vstack([self._cache[humanize(n)] for n in names])


def resolve_field_encoder(spec: Any = "minilm") -> FieldEncoder:
    """``"lexical"``, an embedding name (``"minilm"``, ``"qwen3"``, a path), or an encoder instance."""
    if spec is None or spec == "lexical":
        return LexicalFieldEncoder()
    if isinstance(spec, str) or not hasattr(spec, "similarity"):
        return DenseFieldEncoder(spec)
    return spec
