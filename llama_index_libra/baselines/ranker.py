"""BaselineRanker: the query-time half of a baseline artifact, shaped like ``ToolRanker``.

It holds the same dense index QTS uses (same encoder, same cached tool embeddings, same query
embedding) and offers what the evaluation runner and ``LibraRetriever`` call of a ranker
(``base_scores_many``, ``rank_from_base``, ``rank``, ``arank``, ``settings``, ``retrieval_settings``).
The numbers come from :mod:`llama_index_libra.baselines.ranking`. It imports nothing above
``retrieval`` and no LLM code.
"""

from __future__ import annotations

import hashlib
import io
import logging
from pathlib import Path
from typing import TYPE_CHECKING, Any, Mapping, Sequence

import numpy as np

from llama_index_libra._io import atomic_write_bytes, safe_component
from llama_index_libra.baselines import ranking
from llama_index_libra.baselines.artifact import BASELINE_METHODS, BaselineArtifact
from llama_index_libra.baselines.toolfields import structural_entities
from llama_index_libra.retrieval.base_scores import BaseScoreConfig
from llama_index_libra.retrieval.propagation import PropagationConfig
from llama_index_libra.retrieval.ranker import RankedTool
from llama_index_libra.retrieval.settings import RetrievalSettings
from llama_index_libra.retrieval.topk import check_k, rank_indices

if TYPE_CHECKING:  # pragma: no cover
    from llama_index_libra.catalog import ToolCatalog
    from llama_index_libra.retrieval.dense import DenseIndex

__all__ = ["BaselineRanker", "baseline_ranker", "BASELINE_OPTIONS", "check_baseline_options", "parse_baseline_option"]

log = logging.getLogger(__name__)

# Query-time options per method, with their defaults (documented in docs/baselines.md).
BASELINE_OPTIONS: dict[str, dict[str, Any]] = {
    "toolrex": {"combine": "document"},
    "tgr": {"direction": ranking.DEFAULT_TGR_DIRECTION, "renormalize": True},
    "ego-trip": {"entry_tools": ranking.DEFAULT_ENTRY_TOOLS, "neighbour_order": "dense", "fill": True, "structural": True},
}
_CHOICES = {"combine": ranking.PROFILE_COMBINES, "direction": ranking.TGR_DIRECTIONS, "neighbour_order": ranking.NEIGHBOUR_ORDERS}


def check_baseline_options(method: str, options: Mapping[str, Any]) -> dict[str, Any]:
    """``options`` over the method's defaults, every value checked; ValueError names a bad one."""
    if method not in BASELINE_OPTIONS:
        raise ValueError(f"unknown baseline method {method!r}; choose from {', '.join(BASELINE_OPTIONS)}")
    defaults = BASELINE_OPTIONS[method]
    unknown = sorted(set(options) - set(defaults))
    if unknown:
        raise ValueError(f"unknown {method} option(s) {', '.join(unknown)}; choose from {', '.join(defaults)}")
    out = {**defaults, **options}
    for name, value in out.items():
        if name in _CHOICES and value not in _CHOICES[name]:
            raise ValueError(f"{method} option {name} must be one of {', '.join(_CHOICES[name])}, got {value!r}")
        if isinstance(defaults[name], bool) and not isinstance(value, bool):
            raise ValueError(f"{method} option {name} must be true or false, got {value!r}")
        if name == "entry_tools" and (isinstance(value, bool) or not isinstance(value, int) or value < 1):
            raise ValueError(f"entry_tools must be a positive integer, got {value!r}")
    return out


def parse_baseline_option(text: str) -> tuple[str, str, Any]:
    """``METHOD.NAME=VALUE`` (``tgr.direction=undirected``, ``ego-trip.entry_tools=5``) as
    (method, name, typed value); ValueError says what is wrong."""
    head, eq, raw = text.partition("=")
    method, dot, name = head.strip().partition(".")
    name = name.strip().replace("-", "_")
    if not eq or not dot or method not in BASELINE_OPTIONS or name not in BASELINE_OPTIONS[method]:
        known = ", ".join(f"{m}.{n}" for m, names in BASELINE_OPTIONS.items() for n in names)
        raise ValueError(f"baseline option {text!r}: expected METHOD.NAME=VALUE with one of {known}")
    default = BASELINE_OPTIONS[method][name]
    raw = raw.strip()
    value: Any = raw
    if isinstance(default, bool):
        if raw.lower() not in ("true", "false", "1", "0", "yes", "no"):
            raise ValueError(f"baseline option {text!r}: {name} is true or false")
        value = raw.lower() in ("true", "1", "yes")
    elif isinstance(default, int):
        try:
            value = int(raw)
        except ValueError:
            raise ValueError(f"baseline option {text!r}: {name} is an integer") from None
    check_baseline_options(method, {name: value})
    return method, name, value


class BaselineRanker:
    """Scores every tool of a catalog for a query with one baseline artifact.

    ``dense`` reuses a :class:`DenseIndex` already built for this catalog (evaluation shares QTS's);
    otherwise one is built from ``embed_model`` and ``cache_dir`` exactly as QTS builds it.
    ``options`` are the method's query-time options (:data:`BASELINE_OPTIONS`; unknown ones raise
    ValueError). ``settings`` is kept for the retriever and its persisted config: a baseline scores
    with QTS's dense joined-query base, so settings that change the base are refused.
    ``query_memo`` (a dict shared by rankers over the same dense index) encodes a list of queries once.
    """

    # what the evaluation runner and LibraRetriever read of a ToolRanker, for a baseline
    library = None
    graph = None
    bm25 = None
    prerequisite_index = None

    def __init__(
        self,
        artifact: BaselineArtifact,
        catalog: "ToolCatalog",
        *,
        embed_model: Any = None,
        dense: "DenseIndex | None" = None,
        cache_dir: Any = None,
        show_progress: bool = False,
        settings: RetrievalSettings | None = None,
        query_memo: dict | None = None,
        **options: Any,
    ) -> None:
        if not isinstance(artifact, BaselineArtifact):
            raise TypeError(f"artifact must be a BaselineArtifact, got {type(artifact).__name__}")
        artifact.check_catalog(catalog)
        self.artifact = artifact
        self.catalog = catalog
        self.method = artifact.method
        self.options = check_baseline_options(self.method, options)
        settings = settings if settings is not None else RetrievalSettings()
        changed = sorted(k for k in settings.base_overrides() if k != "segmenter")
        if changed:
            raise ValueError(f"baseline {self.method} scores with the dense joined-query base QTS uses; "
                             f"the retrieval setting(s) {', '.join(changed)} do not apply to it")
        self.retrieval_settings = settings
        self.recipe = settings.recipe
        self.prerequisite_rule = settings.prerequisite_rule
        if isinstance(embed_model, (list, tuple)) and dense is None:
            if len(embed_model) != 1:
                raise ValueError(f"baseline {self.method} ranks with one encoder (QTS's); got {len(embed_model)}")
            embed_model = embed_model[0]
        if dense is None:
            from llama_index_libra.retrieval.dense import DenseIndex

            dense = DenseIndex(catalog, embed_model, cache_dir=cache_dir, show_progress=show_progress)
        self.dense = dense
        self.denses = [dense]
        self.config = PropagationConfig()
        self.base_config = BaseScoreConfig(base="dense", query_mode="joined")
        # base scores differ from QTS's under the same base config: what a score cache must key on too
        self.score_key = (self.method, artifact.catalog_fingerprint, artifact.model, tuple(sorted(self.options.items())))
        self._names = catalog.names
        self._profile_texts: list[str] = []
        self._profile_vectors: np.ndarray | None = None
        self._query_memo = query_memo
        self.adjacency = None
        index = {n: i for i, n in enumerate(self._names)}
        if self.method == "toolrex":
            self.matrix = self._toolrex_matrix(cache_dir, show_progress)
        elif self.method == "tgr":
            edges = [(index[c], index[p]) for c, p in artifact.edges]
            self.adjacency = ranking.tgr_adjacency(len(catalog), edges, direction=self.options["direction"])
            self.matrix = ranking.tgr_propagate(dense.matrix, self.adjacency, renormalize=self.options["renormalize"])
        else:
            triples = {index[t]: [tuple(x) for x in item.get("triples") or []] for t, item in artifact.items.items()}
            entities = structural_entities(catalog) if self.options["structural"] else None
            self.adjacency = ranking.egotrip_tool_graph(self._names, triples, entities)
            self.matrix = dense.matrix

    # ------------------------------------------------------------------ ToolREX embeddings
    def _toolrex_matrix(self, cache_dir: Any, show_progress: bool) -> np.ndarray:
        combine = self.options["combine"]
        rows: list[int] = []
        texts: list[str] = []
        for i, spec in enumerate(self.catalog):
            profile = (self.artifact.items.get(spec.name) or {}).get("profile")
            if not profile:
                continue  # no profile: the original row, exactly as QTS has it
            rows.append(i)
            if combine == "document":
                texts.append(ranking.profile_document(spec.public_doc(), profile))
            else:
                texts.append(ranking.profile_document({}, profile))
        if not rows:
            return np.array(self.dense.matrix, copy=True)
        vectors = self._embed_cached(texts, cache_dir, show_progress)
        return ranking.toolrex_matrix(self.dense.matrix, rows, vectors, combine=combine)

    def _embed_cached(self, texts: list[str], cache_dir: Any, show_progress: bool) -> np.ndarray:
        """Unit vectors of ``texts`` under the QTS encoder, cached as .npy keyed by encoder and texts."""
        self._profile_texts = list(texts)
        path = None
        if cache_dir is not False:
            from llama_index_libra.retrieval.dense import default_cache_dir

            path = self._profile_cache_path(default_cache_dir() if cache_dir in (None, True) else Path(cache_dir))
            if path.exists():
                try:
                    cached = np.load(path, allow_pickle=False)
                    if cached.ndim == 2 and cached.shape[0] == len(texts) and cached.shape[1] == self.dense.matrix.shape[1]:
                        self._profile_vectors = cached
                        return cached
                except (ValueError, OSError) as exc:
                    log.warning("ignoring unreadable embedding cache %s: %s", path, exc)
        vectors = ranking.unit_rows(np.asarray(self.dense.embed_texts(texts, show_progress), dtype=np.float64))
        self._profile_vectors = vectors
        if path is not None:
            _save_npy(path, vectors)
        return vectors

    def _profile_cache_path(self, root: Path) -> Path:
        digest = hashlib.sha256(self.dense.encoder.encode())
        for text in self._profile_texts:
            digest.update(b"\x00" + text.encode("utf-8", "surrogatepass"))
        name = f"{safe_component(self.catalog.name, fallback='catalog')}-toolrex-{digest.hexdigest()[:20]}.npy"
        return Path(root) / "embeddings" / name

    def save_embeddings(self, root: str | Path) -> Path | None:
        """Write the embedded profile texts (ToolREX) into ``root`` in the embedding cache's layout,
        so a ranker built with ``cache_dir=root`` reads them instead of embedding again; None when
        there are none (TGR and Ego-Trip rank with the dense index's own embeddings)."""
        if self._profile_vectors is None:
            return None
        path = self._profile_cache_path(Path(root))
        _save_npy(path, self._profile_vectors)
        return path

    # ------------------------------------------------------------------ scoring
    def base_scores(self, query: str) -> np.ndarray:
        """The method's own scores (Ego-Trip: QTS's) of every tool, catalog order."""
        return ranking.dense_scores_one(self.matrix, self.dense.embed_query(query))

    def base_scores_many(self, queries: Sequence[str], show_progress: bool = False) -> np.ndarray:
        """Scores for many queries at once, one batched query encoding (as QTS's evaluation does)."""
        key = (self.dense.encoder, tuple(queries))
        vectors = self._query_memo.get(key) if self._query_memo is not None else None
        if vectors is None:
            vectors = self.dense.embed_queries(list(queries), show_progress=show_progress)
            if self._query_memo is not None:
                self._query_memo[key] = vectors
        return self.scores_from_vectors(vectors)

    def scores_from_vectors(self, query_vectors: np.ndarray) -> np.ndarray:
        """Scores from unit query vectors of the dense index's encoder, shape (n_queries, n_tools)."""
        return ranking.dense_scores(self.matrix, query_vectors)

    def order_from_base(self, base: np.ndarray, k: int) -> np.ndarray:
        """Indices of the first ``k`` tools for one query's scores."""
        if self.method == "ego-trip":
            o = self.options
            return ranking.egotrip_order(base, self.adjacency, k, entry_tools=o["entry_tools"],
                                         neighbour_order=o["neighbour_order"], fill=o["fill"])
        return rank_indices(base, k)

    def rank_from_base(self, base: np.ndarray, k: int) -> list[RankedTool]:
        """The first ``k`` tools for one query's scores (Ego-Trip with ``fill=False``: possibly fewer)."""
        k = check_k(k)
        names = self._names
        return [RankedTool(names[i], int(i), float(base[i]), float(base[i])) for i in self.order_from_base(base, k)]

    def rank(self, query: str, k: int = 20) -> list[RankedTool]:
        """The top ``k`` tools for ``query``."""
        return self.rank_from_base(self.base_scores(query), k)

    async def arank(self, query: str, k: int = 20) -> list[RankedTool]:
        vector = await self.dense.aembed_query(query)
        return self.rank_from_base(ranking.dense_scores_one(self.matrix, vector), k)

    def settings(self) -> dict[str, Any]:
        """The method, its query-time options and the artifact it ranks with (JSON-ready)."""
        return {"method": self.method, "options": dict(self.options), "encoders": [self.dense.encoder],
                "artifact": {"model": self.artifact.model, "judge_model": self.artifact.judge_model,
                             "prompt_version": self.artifact.prompt_version, "summary": self.artifact.summary()}}


def _save_npy(path: Path, array: np.ndarray) -> None:
    buffer = io.BytesIO()
    np.save(buffer, array, allow_pickle=False)
    atomic_write_bytes(path, buffer.getvalue())


def baseline_ranker(catalog: Any, method: str, baseline: BaselineArtifact | str | Path | None,
                     options: Mapping[str, Any] | None, *, library: Any, settings: Any, embed_model: Any,
                     cache_dir: Any, show_progress: bool) -> Any:
    """The BaselineRanker of ``method`` over ``catalog``; ValueError for a missing or mismatched artifact."""
    if method not in BASELINE_METHODS:
        raise ValueError(f"baseline= and baseline_options= are for the methods {', '.join(BASELINE_METHODS)}, not {method!r}")
    if baseline is None:
        raise ValueError(f"method {method!r} ranks with its baseline artifact: pass baseline=PATH "
                         f"(written by `libra baseline build --method {method}`)")
    if library is not None:
        raise ValueError(f"method {method!r} ranks with its baseline artifact, not a tool library: drop library=")
    artifact = baseline if isinstance(baseline, BaselineArtifact) else BaselineArtifact.load(baseline, catalog=catalog)
    if artifact.method != method:
        raise ValueError(f"the baseline artifact is a {artifact.method} build; pass method={artifact.method!r}")
    return BaselineRanker(artifact, catalog, embed_model=embed_model, cache_dir=cache_dir, show_progress=show_progress,
                          settings=settings, **dict(options or {}))
