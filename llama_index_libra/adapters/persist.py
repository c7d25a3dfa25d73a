"""A LibraRetriever on disk: its library, a small JSON config and the tool embeddings (no pickle).

:func:`persist_retriever` writes ``libra_library.json``, ``libra_retriever.json`` (method, top_k,
always-included tools, the encoder's identity, the :class:`RetrievalSettings`) and the embedding
matrix (``.npy``, in the embedding cache's layout); :func:`load_retriever` reads them back through
the retriever class's own constructor, so a reload with the same encoder does not re-embed. A baseline
retriever (``tgr``, ``toolrex``, ``ego-trip``) also keeps its artifact (``libra_baseline.json``, plus
ToolREX's embedded profiles) and its query-time options under the config's ``baseline`` entry.
"""

from __future__ import annotations

import io
import logging
from pathlib import Path
from typing import TYPE_CHECKING, Any, Sequence

import numpy as np

from llama_index_libra._io import atomic_write_bytes, atomic_write_json, confined_path, parse_json, read_regular_file
from llama_index_libra.catalog import ToolCatalog
from llama_index_libra.library import LibraryError, ToolLibrary
from llama_index_libra.retrieval.settings import RetrievalSettings

if TYPE_CHECKING:  # pragma: no cover
    from llama_index.core.tools import BaseTool

__all__ = ["RETRIEVER_FORMAT", "RETRIEVER_VERSION", "RETRIEVER_CONFIG_FILE", "LIBRARY_FILE", "BASELINE_FILE", "persist_retriever",
           "load_retriever", "stored_settings"]

log = logging.getLogger(__name__)

RETRIEVER_FORMAT = "llama-index-libra/retriever"
# 2: the retrieval options are the fields of RetrievalSettings (``recipe``, ``prerequisite_rule``);
# version 1 files (``variant``, ``prerequisites``) still load.
RETRIEVER_VERSION = 2
READABLE_VERSIONS = (1, 2)
RETRIEVER_CONFIG_FILE = "libra_retriever.json"
LIBRARY_FILE = "libra_library.json"
BASELINE_FILE = "libra_baseline.json"  # a baseline retriever's artifact
# what a version-1 config's "retrieval" entry may hold
_V1_OPTIONS = ("variant", "base", "fusion", "query_mode", "rrf_k", "prerequisites", "hard_kinds", "aggregate")


def persist_retriever(retriever: Any, persist_dir: str | Path) -> Path:
    """Write ``retriever``'s library, config and tool embeddings into ``persist_dir`` (atomic writes)."""
    persist_dir = Path(persist_dir)
    library = retriever.library if retriever.library is not None else ToolLibrary(catalog=retriever.catalog)
    library.save(persist_dir / LIBRARY_FILE)
    ranker = retriever.ranker
    dense = ranker.dense
    embeddings = None
    if dense is not None:
        target = dense.cache_path_in(persist_dir)  # the cache layout, rooted in the persist folder
        buffer = io.BytesIO()
        np.save(buffer, dense.matrix, allow_pickle=False)
        atomic_write_bytes(target, buffer.getvalue())
        embeddings = target.relative_to(persist_dir).as_posix()
    config = {
        "format": RETRIEVER_FORMAT,
        "version": RETRIEVER_VERSION,
        "library": LIBRARY_FILE,
        "catalog_fingerprint": retriever.catalog.fingerprint(),
        "catalog_name": retriever.catalog.name,
        "method": retriever.method,
        "top_k": retriever.top_k,
        "token_budget": retriever.token_budget,
        "always_include": list(retriever.always_include),
        "encoder": dense.encoder if dense is not None else None,
        "retrieval": ranker.retrieval_settings.to_json(),
        "embeddings": embeddings,
    }
    artifact = getattr(ranker, "artifact", None)
    if artifact is not None:  # a baseline: its artifact and options (ToolREX: its embedded profiles too)
        artifact.save(persist_dir / BASELINE_FILE)
        ranker.save_embeddings(persist_dir)
        config["baseline"] = {"artifact": BASELINE_FILE, "options": dict(ranker.options)}
    atomic_write_json(persist_dir / RETRIEVER_CONFIG_FILE, config, indent=1)
    return persist_dir


def _read_config(persist_dir: Path) -> dict[str, Any]:
    config_path = persist_dir / RETRIEVER_CONFIG_FILE
    if not config_path.exists():
        raise LibraryError(f"{persist_dir} holds no {RETRIEVER_CONFIG_FILE}: not a persisted LibraRetriever")
    raw = read_regular_file(config_path, error=lambda r: LibraryError(f"{RETRIEVER_CONFIG_FILE}: {r}"))
    config = parse_json(raw, error=lambda r: LibraryError(f"{config_path} is corrupt: {r}"))
    if not isinstance(config, dict) or config.get("format") != RETRIEVER_FORMAT:
        raise LibraryError(f"{config_path} is not a LibraRetriever config (missing or wrong 'format')")
    if config.get("version") not in READABLE_VERSIONS:
        raise LibraryError(
            f"{config_path}: config version {config.get('version')!r} is not supported (expects {RETRIEVER_VERSION})"
        )
    problem = _config_problem(config)
    if problem is not None:
        raise LibraryError(f"{config_path}: {problem}")
    return config


def _config_problem(config: dict[str, Any]) -> str | None:
    """What is wrong with the shape of a config's fields, or None."""
    from llama_index_libra.baselines.artifact import BASELINE_METHODS
    from llama_index_libra.retrieval.ranker import METHODS

    method, top_k, always = config.get("method"), config.get("top_k"), config.get("always_include", [])
    if method not in METHODS + BASELINE_METHODS:
        return f"'method' must be one of {', '.join(METHODS + BASELINE_METHODS)}, got {method!r}"
    if isinstance(top_k, bool) or not isinstance(top_k, int) or top_k <= 0:
        return f"'top_k' must be a positive integer, got {top_k!r}"
    if not isinstance(always, list) or not all(isinstance(t, str) for t in always):
        return "'always_include' must be a list of tool names"
    for key in ("library", "embeddings", "encoder", "catalog_name"):
        if config.get(key) is not None and not isinstance(config[key], str):
            return f"{key!r} must be a string, got {type(config[key]).__name__}"
    if config.get("retrieval") is not None and not isinstance(config["retrieval"], dict):
        return f"'retrieval' must be an object of settings, got {type(config['retrieval']).__name__}"
    return None


def stored_settings(config: dict[str, Any]) -> RetrievalSettings:
    """The retrieval settings of a persisted config; one written before they existed used the paper's, and
    one written before ``requirement_providers`` keeps the cut it had (``"kept"``)."""
    stored = config.get("retrieval")
    if config.get("version") == 1:
        # version 1 kept the propagation fields beside the retrieval options
        data = {k: stored[k] for k in _V1_OPTIONS if isinstance(stored, dict) and k in stored}
        if not isinstance(stored, dict):
            data = {"variant": "paper"}
        data.update({k: config[k] for k in ("seeds", "provider_selection", "hops", "kinds") if config.get(k) is not None})
        return RetrievalSettings.from_json({"requirement_providers": "kept", **data})
    data = dict(stored) if isinstance(stored, dict) else {}
    if data:  # settings written before requirement_providers existed: their cut took the kept providers only
        data.setdefault("requirement_providers", "kept")
    return RetrievalSettings.from_json(data)


def load_retriever(
    cls: Any,
    persist_dir: str | Path,
    *,
    tools: Sequence["BaseTool"] | None = None,
    embed_model: Any = None,
    cache_dir: str | Path | bool | None = None,
    callback_manager: Any = None,
    library: ToolLibrary | str | Path | None = None,
    settings: RetrievalSettings | None = None,
    tokenizer: Any = None,
    reranker: Any = None,
    strict: bool = False,
    baseline_options: dict[str, Any] | None = None,
    **options: Any,
) -> Any:
    """A ``cls`` (a LibraRetriever class) from a folder :func:`persist_retriever` wrote.

    The config's ``library`` entry must name a file inside ``persist_dir``; pass ``library=`` for
    one kept elsewhere. ``settings``/``options`` override the stored retrieval settings,
    ``baseline_options`` a baseline's stored query-time options; ``tokenizer`` and ``reranker``
    (never stored) are passed on to the retriever. ``tools`` that differ from the persisted ones are
    served as :meth:`ToolLibrary.fit` says (``strict=True``: :class:`CatalogMismatchError` instead),
    and their embeddings are computed anew.
    """
    persist_dir = Path(persist_dir)
    config = _read_config(persist_dir)
    config_path = persist_dir / RETRIEVER_CONFIG_FILE
    if settings is None:
        try:
            settings = stored_settings(config)
        except (TypeError, ValueError) as exc:
            raise LibraryError(f"{config_path}: 'retrieval' holds invalid settings: {exc}") from None
    tools = list(tools) if tools is not None else None
    name = config.get("catalog_name") or "catalog"
    catalog = ToolCatalog.from_tools(tools, name=name) if tools is not None else None
    source = str(library) if library is not None and not isinstance(library, ToolLibrary) else str(persist_dir)
    if isinstance(library, ToolLibrary):
        pass
    elif library is not None:
        library = ToolLibrary.load(library)
    else:
        entry = confined_path(persist_dir, config.get("library", LIBRARY_FILE),
                              error=lambda r: LibraryError(f"{config_path}: 'library' {r}; pass library= to load one from elsewhere"))
        library = ToolLibrary.load(entry)
    if catalog is not None:  # the tools given now: the library serves those it knows (ToolLibrary.fit)
        library = library.fit(catalog, strict=strict, source=source)
    stored_embeddings = config.get("embeddings")
    same_tools = library.catalog.fingerprint() == config.get("catalog_fingerprint")
    if cache_dir is None and same_tools and config.get("method") != "bm25" and isinstance(stored_embeddings, str):
        try:
            embeddings_path = confined_path(persist_dir, stored_embeddings, error=LibraryError)
        except LibraryError:
            embeddings_path = None  # an entry pointing outside the folder is ignored: re-embed
        if embeddings_path is not None and embeddings_path.is_file():
            from llama_index_libra.retrieval.dense import encoder_id, resolve_embed_model

            embed_model = resolve_embed_model(embed_model, quiet=True)
            if encoder_id(embed_model) == config.get("encoder"):
                cache_dir = persist_dir  # the saved embeddings: no re-embedding
    unknown = [t for t in config.get("always_include", []) if t not in library.catalog]
    if unknown:
        raise LibraryError(f"{config_path}: 'always_include' names tools missing from the catalog: {', '.join(unknown[:8])}")
    baseline: dict[str, Any] = {}
    if config.get("baseline") is not None:
        baseline = _stored_baseline(persist_dir, config, library.catalog, baseline_options)
    elif baseline_options:
        raise ValueError(f"{config_path} holds a {config.get('method')} retriever; baseline_options= is for a baseline's")
    retriever = cls._build(
        library.catalog,
        tools=tools,
        library=None if baseline else library,  # a baseline's saved library only carries the catalog
        settings=RetrievalSettings.of(settings, options, where="retrieval option"),
        missing_tools_hint=f"LibraRetriever.from_persist_dir({str(persist_dir)!r}, tools=tools)",
        embed_model=embed_model,
        method=config["method"],
        top_k=config["top_k"],
        token_budget=_stored_budget(config, config_path),
        tokenizer=tokenizer,
        reranker=reranker,
        always_include=config.get("always_include", []),
        cache_dir=cache_dir,
        callback_manager=callback_manager,
        **baseline,
    )
    dense = retriever.ranker.dense
    stored = config.get("encoder")
    if dense is not None and stored is not None and dense.encoder != stored:
        log.warning("%s was persisted with encoder %s but is loaded with %s: scores will differ", persist_dir, stored, dense.encoder)
    return retriever


def _stored_budget(config: dict[str, Any], config_path: Path) -> int | None:
    """The stored ``token_budget`` (absent in files of earlier releases), validated."""
    from llama_index_libra.retrieval.budget import check_budget

    value = config.get("token_budget")
    if value is None:
        return None
    try:
        return check_budget(value)
    except ValueError as exc:
        raise LibraryError(f"{config_path}: {exc}") from None


def _stored_baseline(persist_dir: Path, config: dict[str, Any], catalog: ToolCatalog,
                     overrides: dict[str, Any] | None) -> dict[str, Any]:
    """``baseline=`` and ``baseline_options=`` for the retriever constructor, from the config's ``baseline`` entry."""
    from llama_index_libra.baselines.artifact import BaselineArtifact

    config_path = persist_dir / RETRIEVER_CONFIG_FILE
    entry = config["baseline"]
    if not isinstance(entry, dict) or not isinstance(entry.get("options", {}), dict):
        raise LibraryError(f"{config_path}: 'baseline' must be an object with 'artifact' and 'options'")
    path = confined_path(persist_dir, entry.get("artifact", BASELINE_FILE),
                         error=lambda r: LibraryError(f"{config_path}: 'baseline.artifact' {r}"))
    artifact = BaselineArtifact.load(path, catalog=catalog)
    return {"baseline": artifact, "baseline_options": {**entry.get("options", {}), **dict(overrides or {})}}
