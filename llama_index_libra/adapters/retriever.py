"""LibraRetriever: a LlamaIndex ``BaseRetriever`` over a :class:`ToolRanker`, one node per tool.

The retriever is what agents and query pipelines see: ``retrieve(query)`` gives one ``TextNode`` per
ranked tool (readable signature text, stable id, metadata saying why each tool is there), and
:meth:`LibraRetriever.as_object_retriever` turns it into the ``ObjectRetriever[BaseTool]`` that
``FunctionAgent``/``ReActAgent`` accept as ``tool_retriever``. Agents also query the retriever with
a tool's exact name when they execute a call, so an exact name always comes back first.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import TYPE_CHECKING, Any, Mapping, Sequence

import llama_index.core.instrumentation as instrument
from llama_index.core.base.base_retriever import BaseRetriever
from llama_index.core.callbacks import CallbackManager
from llama_index.core.schema import NodeWithScore, QueryBundle, TextNode

from llama_index_libra.adapters import persist as _persist
from llama_index_libra.adapters.persist import LIBRARY_FILE, RETRIEVER_CONFIG_FILE, RETRIEVER_FORMAT
from llama_index_libra.adapters.results import SOURCE_ALWAYS, SOURCE_EXACT, RetrievedTool, _promotion_record
from llama_index_libra.adapters.text import format_signature, format_tool, tool_node_id
from llama_index_libra.adapters.tools import check_top_k, live_tool_mapping, tools_by_name
from llama_index_libra.baselines.artifact import BASELINE_METHODS, BaselineArtifact
from llama_index_libra.catalog import ToolCatalog, ToolSpec
from llama_index_libra.library import ToolLibrary
from llama_index_libra.retrieval.ranker import RankedTool, ToolRanker, check_method
from llama_index_libra.retrieval.settings import RetrievalSettings
from llama_index_libra.retrieval.topk import DEFAULT_TOP_K

if TYPE_CHECKING:  # pragma: no cover
    from llama_index.core.objects import ObjectRetriever
    from llama_index.core.tools import BaseTool

__all__ = [
    "LibraRetriever",
    "RetrievedTool",
    "RetrievalSettings",
    "format_signature",
    "format_tool",
    "tool_node_id",
    "RETRIEVER_FORMAT",
    "RETRIEVER_CONFIG_FILE",
    "LIBRARY_FILE",
    "RETRIEVAL_OPTIONS",
]

log = logging.getLogger(__name__)
dispatcher = instrument.get_dispatcher(__name__)

# Keyword-only options every constructor accepts besides ``settings``: the fields of RetrievalSettings
# (and their deprecated names ``variant`` and ``prerequisites``).
RETRIEVAL_OPTIONS = tuple(f for f in RetrievalSettings.__dataclass_fields__)
_EXPLAIN_REASONS = 3  # reasons shown per tool by explain(); node metadata keeps them all

# --------------------------------------------------------------------------- the retriever


class LibraRetriever(BaseRetriever):
    """Ranks a tool catalog with a :class:`ToolRanker` and returns one node per tool.

    Build it with :meth:`from_tools` (LlamaIndex tools, usable as an agent's ``tool_retriever``),
    :meth:`from_catalog` (catalog only, retrieval without tool objects) or :meth:`from_library`.
    The result holds ``top_k`` ranked tools, or with ``token_budget`` the ranked tools whose schemas
    fit that many tokens (promoted prerequisites included; at most ``top_k`` when it is given too);
    a query equal to a tool's name puts that tool first, and ``always_include`` tools are appended
    when the ranking left them out (under a budget both are counted first). An empty query has
    no ranking signal: it returns only the ``always_include`` tools.
    """

    def __init__(
        self,
        ranker: ToolRanker,
        *,
        tools: Sequence["BaseTool"] | None = None,
        top_k: int | None = None,
        always_include: Sequence[str] = (),
        callback_manager: CallbackManager | None = None,
        verbose: bool = False,
        token_budget: int | None = None,
    ) -> None:
        from llama_index_libra.retrieval.budget import check_budget

        self._ranker = ranker
        self._token_budget = None if token_budget is None else check_budget(token_budget)
        # top_k: DEFAULT_TOP_K by default; under a token budget, no count limit unless one is given
        self._top_k = check_top_k(top_k) if top_k is not None else (DEFAULT_TOP_K if token_budget is None else len(ranker.catalog))
        catalog = ranker.catalog
        unknown = [n for n in always_include if n not in catalog]
        if unknown:
            raise ValueError(f"always_include names tools missing from the catalog: {', '.join(unknown)}")
        self._always_include = tuple(dict.fromkeys(always_include))
        self._tools: dict[str, BaseTool] | None = None
        if tools is not None:
            self._tools = tools_by_name(tools, catalog)
        self._index_short_names()
        # how to rebuild this retriever with tool objects, for the error an agent adapter raises
        self._missing_tools_hint = "LibraRetriever.from_tools(tools, ...)"
        super().__init__(callback_manager=callback_manager, verbose=verbose)

    def _index_short_names(self) -> None:
        catalog = self.catalog
        shorts: dict[str, list[str]] = {}
        for name in catalog.names:
            shorts.setdefault(catalog.get(name).short_name, []).append(name)
        self._short_names = {s: names[0] for s, names in shorts.items() if len(names) == 1 and s not in catalog}

    # ------------------------------------------------------------------ construction
    @classmethod
    def from_tools(cls, tools: Sequence["BaseTool"], *, show_progress: bool = True, **kwargs: Any) -> "LibraRetriever":
        """A retriever over LlamaIndex tools (``FunctionTool``, ``QueryEngineTool``, ...).

        ``library`` is a :class:`ToolLibrary` or the path of a saved one; one built for other versions of
        the tools serves the tools it knows, and new tools are ranked without relations (a
        :class:`CatalogMismatchWarning` names them; ``strict=True`` raises :class:`CatalogMismatchError`).
        Without a library, ``libra`` ranks like ``hybrid``. A list of libraries (each induced over a part
        of ``tools`` with its own runtime) is merged (:meth:`ToolLibrary.merge`) under the same rules.
        The first call for a catalog embeds every tool (a progress bar shows it unless
        ``show_progress=False``); later calls read the cached embeddings. Every other keyword is
        one of :meth:`_build`'s (``embed_model``, ``method``, ``top_k``, ``always_include``,
        ``cache_dir``, ``callback_manager``, ``settings``, or a field of :class:`RetrievalSettings`).
        """
        tools = list(tools)
        return cls._build(ToolCatalog.from_tools(tools), tools=tools, show_progress=show_progress, **kwargs)

    @classmethod
    def from_defaults(cls, tools: Sequence["BaseTool"], **kwargs: Any) -> "LibraRetriever":
        """LlamaIndex-style alias of :meth:`from_tools`."""
        return cls.from_tools(tools, **kwargs)

    @classmethod
    def from_openapi(cls, document: Any, **kwargs: Any) -> "LibraRetriever":
        """A retriever over an OpenAPI 3 / Swagger 2 document's operations, with no build step (one tool per
        operation, ranked by the base score: ``LibraRetriever.from_openapi("api.json").explain("add a pet")``).
        It ranks and explains; an agent needs callable tools (``from_tools``) and prerequisites need a
        library induced in a sandbox. Keywords: those of :meth:`from_catalog`."""
        return cls.from_catalog(ToolCatalog.from_openapi(document), **kwargs)

    @classmethod
    def from_catalog(cls, catalog: ToolCatalog, **kwargs: Any) -> "LibraRetriever":
        """A retriever over a bare catalog: it retrieves nodes, but has no tools to give an agent
        (keywords: those of :meth:`_build`)."""
        return cls._build(catalog, tools=None, **kwargs)

    @classmethod
    def from_library(cls, path: str | Path, *, tools: Sequence["BaseTool"] | None = None, **kwargs: Any) -> "LibraRetriever":
        """A retriever over a saved library's catalog (keywords: those of :meth:`_build`).

        With ``tools``, the retriever ranks their catalog and can serve agents; a library built for
        other versions of them is fitted as :meth:`from_tools` says (``strict=True``: an error instead).
        """
        tools = list(tools) if tools is not None else None
        lib = ToolLibrary.load(path)
        catalog = ToolCatalog.from_tools(tools, name=lib.catalog.name) if tools is not None else lib.catalog
        return cls._build(catalog, tools=tools, library=lib.fit(catalog, strict=kwargs.pop("strict", False), source=str(path)),
                          missing_tools_hint=f"LibraRetriever.from_library({str(path)!r}, tools=tools)", **kwargs)

    @classmethod
    def _build(
        cls,
        catalog: ToolCatalog,
        *,
        tools: Sequence["BaseTool"] | None,
        library: ToolLibrary | str | Path | Sequence[ToolLibrary | str | Path] | None = None,
        embed_model: Any = None,
        method: str = "libra",
        top_k: int | None = None,
        always_include: Sequence[str] = (),
        cache_dir: str | Path | bool | None = None,
        callback_manager: CallbackManager | None = None,
        show_progress: bool = False,
        settings: RetrievalSettings | None = None,
        missing_tools_hint: str | None = None,
        token_budget: int | None = None,
        tokenizer: Any = None,
        reranker: Any = None,
        strict: bool = False,
        baseline: BaselineArtifact | str | Path | None = None,
        baseline_options: Mapping[str, Any] | None = None,
        **options: Any,
    ) -> "LibraRetriever":
        """The one constructor the others call.

        ``embed_model``: a LlamaIndex ``BaseEmbedding``, a model name or folder, or a list of them
        (default: the packaged MiniLM); ``method``: ``libra`` (default), ``hybrid``, ``qts``, ``bm25``
        or ``schema-only``; ``top_k``: tools per query; ``always_include``: tools added to every result;
        ``cache_dir``: the embedding cache (False: none). ``library``: a :class:`ToolLibrary`, a saved
        one's path, or a list of them (merged); one built for other tools still serves the tools it knows
        (:meth:`ToolLibrary.fit`: new tools are ranked without relations, with a warning naming them;
        ``strict=True`` raises :class:`CatalogMismatchError` instead). ``settings`` (a :class:`RetrievalSettings`)
        holds the retrieval options; ``options`` set single fields of it by keyword (``seeds``,
        ``provider_selection``, ``hops``, ``recipe``, ``base``, ``fusion``, ``query_mode``, ``segmenter``,
        ``rrf_k``, ``prerequisite_rule``, ``hard_kinds``, ``aggregate``, ``kinds``). ``token_budget``: cut
        by schema tokens instead (measured by ``tokenizer``: your LLM, its tokenizer, or by default
        LlamaIndex's global one, see :mod:`llama_index_libra.retrieval.budget`); ``reranker``: LlamaIndex
        node postprocessor(s) that reorder the base ranking before propagation
        (:mod:`llama_index_libra.adapters.rerank`). ``segmenter``, ``tokenizer`` and ``reranker`` are not
        persisted: pass them again to :meth:`from_persist_dir`.

        The paper's baselines are methods too: ``method="toolrex"``, ``"tgr"`` or ``"ego-trip"`` with
        ``baseline`` (a :class:`BaselineArtifact` or the path of one, from ``libra baseline build``)
        and ``baseline_options`` (its query-time options, e.g. ``{"direction": "undirected"}``);
        they rank with the QTS encoder and no library (a count cut only: no ``token_budget``,
        ``tokenizer`` or ``reranker``).
        """
        from llama_index_libra.adapters.rerank import as_reranker

        if top_k is not None:
            check_top_k(top_k)
        settings = RetrievalSettings.of(settings, options, where="retrieval option")
        if method in BASELINE_METHODS or baseline is not None or baseline_options:
            extras = [n for n, v in (("token_budget", token_budget), ("tokenizer", tokenizer), ("reranker", reranker)) if v is not None]
            if extras and method in BASELINE_METHODS:
                raise ValueError(f"{', '.join(extras)}= apply to the libra, dense and bm25 methods, not to baseline {method!r}")
            from llama_index_libra.baselines.ranker import baseline_ranker

            ranker = baseline_ranker(catalog, method, baseline, baseline_options, library=library, settings=settings,
                                      embed_model=embed_model, cache_dir=cache_dir, show_progress=show_progress)
            return cls._finish(ranker, tools=tools, top_k=top_k, always_include=always_include,
                               callback_manager=callback_manager, missing_tools_hint=missing_tools_hint)
        check_method(method)
        if isinstance(library, (list, tuple)):
            # several libraries, each over its own part of the tools (its own catalog and runtime)
            library = ToolLibrary.merge(library, name=catalog.name).fit(catalog, strict=strict, source="the merged libraries")
        elif library is not None and not isinstance(library, ToolLibrary):
            library = ToolLibrary.load(library).fit(catalog, strict=strict, source=str(library))
        elif library is not None:
            library = library.fit(catalog, strict=strict)
        ranker = ToolRanker(catalog, method=method, embed_model=embed_model, library=library, settings=settings,
                            cache_dir=cache_dir, show_progress=show_progress, reranker=as_reranker(reranker, catalog),
                            tokenizer=tokenizer)
        return cls._finish(ranker, tools=tools, top_k=top_k, always_include=always_include,
                           callback_manager=callback_manager, missing_tools_hint=missing_tools_hint, token_budget=token_budget)

    @classmethod
    def _finish(cls, ranker: Any, *, tools: Sequence["BaseTool"] | None, top_k: int | None, always_include: Sequence[str],
                callback_manager: CallbackManager | None, missing_tools_hint: str | None,
                token_budget: int | None = None) -> "LibraRetriever":
        retriever = cls(ranker, tools=tools, top_k=top_k, always_include=always_include, callback_manager=callback_manager,
                        token_budget=token_budget)
        if missing_tools_hint is not None:
            retriever._missing_tools_hint = missing_tools_hint
        return retriever

    # ------------------------------------------------------------------ properties
    @property
    def ranker(self) -> ToolRanker:
        """The :class:`ToolRanker` that scores the catalog."""
        return self._ranker

    @property
    def catalog(self) -> ToolCatalog:
        """The catalog this retriever ranks."""
        return self._ranker.catalog

    @property
    def library(self) -> ToolLibrary | None:
        """The tool library whose relations promote prerequisites (None: dense retrieval only)."""
        return self._ranker.library

    @property
    def settings(self) -> RetrievalSettings:
        """The retrieval settings the ranker scores with."""
        return self._ranker.retrieval_settings

    @property
    def method(self) -> str:
        """The retrieval method (``libra``, ``hybrid``, ``qts``, ``bm25``, ``schema-only``, or a baseline:
        ``toolrex``, ``tgr``, ``ego-trip``)."""
        return self._ranker.method

    @property
    def top_k(self) -> int:
        """Tools returned per query by default."""
        return self._top_k

    @property
    def token_budget(self) -> int | None:
        """Schema tokens per result (None: ``top_k`` alone cuts it)."""
        return self._token_budget

    @property
    def always_include(self) -> tuple[str, ...]:
        """Tool names added to every result the ranking left them out of."""
        return self._always_include

    @property
    def tools(self) -> list["BaseTool"] | None:
        """The LlamaIndex tools in catalog order, or None for a catalog-only retriever."""
        if self._tools is None:
            return None
        return [self._tools[n] for n in self.catalog.names]

    # ------------------------------------------------------------------ growing
    def insert_tool(self, tool: "BaseTool | ToolSpec", *, show_progress: bool = False) -> None:
        """Add one tool without a rebuild (as ``ObjectIndex.insert_object``); see :meth:`insert_tools`."""
        self.insert_tools([tool], show_progress=show_progress)

    def insert_tools(self, tools: Sequence["BaseTool | ToolSpec"], *, show_progress: bool = False) -> None:
        """Add tools without a rebuild: only they are embedded, and they are ranked from the next query on,
        by the base score (the library has no relations for them until a build covers them). A retriever
        with tool objects (``from_tools``) takes LlamaIndex tools, which its object retrievers then return
        too; a catalog-only one also takes :class:`ToolSpec` s. Names must be new."""
        from llama_index_libra.catalog import ToolSpec
        from llama_index_libra.retrieval.extend import extend_ranker

        tools = list(tools)
        specs = [t if isinstance(t, ToolSpec) else ToolCatalog.from_tools([t])[0] for t in tools]
        if self._tools is not None and any(isinstance(t, ToolSpec) for t in tools):
            raise ValueError("this retriever serves tool objects to agents: insert LlamaIndex tools, not ToolSpecs")
        taken = [s.name for s in specs if s.name in self.catalog]
        if taken or len({s.name for s in specs}) < len(specs):
            raise ValueError(f"insert_tools needs new, distinct names: {', '.join(taken) or 'duplicates in the list'}")
        catalog = ToolCatalog([*self.catalog, *specs], name=self.catalog.name)
        self._ranker = extend_ranker(self._ranker, catalog, show_progress=show_progress)
        if self._tools is not None:
            self._tools.update({s.name: t for s, t in zip(specs, tools)})
        self._index_short_names()

    # ------------------------------------------------------------------ ranking
    def exact_name(self, query: str) -> str | None:
        """The catalog tool that ``query`` names exactly (full name, or an unambiguous short name)."""
        q = query.strip()
        if q in self.catalog:
            return q
        return self._short_names.get(q)

    def _plan(self, query: str, top_k: int | None) -> tuple[int, str | None, int]:
        k = self._top_k if top_k is None else check_top_k(top_k)
        exact = self.exact_name(query)
        n = len(self.catalog)
        depth = n if (exact is not None or self._always_include) else min(k, n)
        return k, exact, depth

    def _budget(self, exact: str | None) -> int | None:
        """The budget left for ranked tools once the exact-name and always-included tools are counted (at least 1)."""
        if self._token_budget is None:
            return None
        costs = self._ranker.token_costs
        reserved = {self.catalog.index_of(n) for n in (*self._always_include, *([exact] if exact else []))}
        return max(1, self._token_budget - int(sum(costs[i] for i in reserved)))

    def _budget_kw(self, exact: str | None) -> dict[str, Any]:
        """``budget=`` for the ranker when a token budget is set (a baseline ranker, which has none, gets nothing)."""
        return {} if self._token_budget is None else {"budget": self._budget(exact)}

    def _select(self, ranked: list[RankedTool], k: int, exact: str | None) -> list[RetrievedTool]:
        # A ranker may return fewer tools than asked (Ego-Trip with fill=False), or a token budget may cut
        # before it: a named or always-included tool left out still comes back, with no score.
        by_name = {r.name: r for r in ranked}

        def outside(name: str, source: str) -> RetrievedTool:
            hit = by_name.get(name)
            return RetrievedTool.from_ranked(hit, source) if hit is not None else RetrievedTool(name, 0.0, 0.0, (), source)

        out: list[RetrievedTool] = []
        if exact is not None:
            out.append(outside(exact, SOURCE_EXACT))
        for r in ranked:
            if len(out) >= k:
                break
            if r.name != exact:
                out.append(RetrievedTool.from_ranked(r))
        present = {t.name for t in out}
        for name in self._always_include:
            if name not in present:
                out.append(outside(name, SOURCE_ALWAYS))
        return out

    def _always_only(self) -> list[RetrievedTool]:
        return [RetrievedTool(name, 0.0, 0.0, (), SOURCE_ALWAYS) for name in self._always_include]

    def rank(self, query: str, top_k: int | None = None) -> list[RetrievedTool]:
        """The retrieved tools for ``query`` with scores and reasons (``top_k`` overrides the default)."""
        k, exact, depth = self._plan(query, top_k)
        if not query.strip():
            return self._always_only()
        return self._select(self._ranker.rank(query, depth, **self._budget_kw(exact)), k, exact)

    async def arank(self, query: str, top_k: int | None = None) -> list[RetrievedTool]:
        """Async twin of :meth:`rank` (embeds the query with the encoder's async API)."""
        k, exact, depth = self._plan(query, top_k)
        if not query.strip():
            return self._always_only()
        return self._select(await self._ranker.arank(query, depth, **self._budget_kw(exact)), k, exact)

    # ------------------------------------------------------------------ BaseRetriever
    def _node(self, hit: RetrievedTool) -> NodeWithScore:
        spec = self.catalog.get(hit.name)
        metadata = {
            "name": hit.name,
            "tool_name": hit.name,
            "method": self.method,
            "source": hit.source,
            "base_score": hit.base_score,
            "promoted": hit.promoted,
            "promotions": [_promotion_record(p) for p in hit.promotions],
        }
        node = TextNode(
            id_=tool_node_id(hit.name),
            text=format_tool(spec),
            metadata=metadata,
            excluded_embed_metadata_keys=list(metadata),
            excluded_llm_metadata_keys=list(metadata),
        )
        return NodeWithScore(node=node, score=hit.score)

    def _retrieve(self, query_bundle: QueryBundle) -> list[NodeWithScore]:
        return [self._node(hit) for hit in self.rank(query_bundle.query_str)]

    @dispatcher.span
    async def _aretrieve(self, query_bundle: QueryBundle) -> list[NodeWithScore]:
        return [self._node(hit) for hit in await self.arank(query_bundle.query_str)]

    # ------------------------------------------------------------------ agents
    def as_object_retriever(self, node_postprocessors: Sequence[Any] | None = None) -> "ObjectRetriever[BaseTool]":
        """An ``ObjectRetriever[BaseTool]`` for ``FunctionAgent``/``ReActAgent(tool_retriever=...)``."""
        from llama_index.core.objects import ObjectRetriever

        if self._tools is None:
            raise ValueError(
                "this LibraRetriever was built without tool objects; "
                f"build it with {self._missing_tools_hint} to give it to an agent"
            )
        return ObjectRetriever(
            retriever=self,
            object_node_mapping=live_tool_mapping(self._tools),
            node_postprocessors=list(node_postprocessors or []),
        )

    def explain(self, query: str, top_k: int | None = None) -> str:
        """The ranked tools for ``query``, one per line, with final/base scores and reasons (a reason
        names only tools of this result; promotions by tools below the cut are counted)."""
        hits = self.rank(query, top_k)
        cfg = self._ranker.config
        settings = f" (base: {self._ranker.base_config.describe()}"
        if self._ranker.graph is not None:
            settings += f"; seeds={cfg.seeds}, provider_selection={cfg.provider_selection}, hops={cfg.hops}"
            settings += f", aggregate={cfg.aggregate}, prerequisites={self._ranker.prerequisite_rule}"
        settings += ")"
        lines = [f"query: {query!r}", f"method: {self.method}{settings}, {len(hits)} of {len(self.catalog)} tools"]
        width = len(str(len(hits))) if hits else 1
        shown = {hit.name for hit in hits}
        for i, hit in enumerate(hits, 1):
            line = f"{i:>{width}}. {hit.name}  score={hit.score:.4f}"
            if hit.promoted:
                line += f" (base {hit.base_score:.4f}, promoted)"
            reasons = hit.reasons(shown)  # reasons that name tools of this result; the rest counted
            if len(reasons) > _EXPLAIN_REASONS:
                reasons = reasons[:_EXPLAIN_REASONS] + [f"+{len(reasons) - _EXPLAIN_REASONS} more"]
            if reasons:
                line += "  <- " + "; ".join(reasons)
            lines.append(line)
        return "\n".join(lines)

    # ------------------------------------------------------------------ persistence
    def persist(self, persist_dir: str | Path) -> Path:
        """Write the library and a small JSON config into ``persist_dir`` (atomic, no pickle).

        The embedding model is not saved: pass the same one to :meth:`from_persist_dir` (its
        identity is recorded, and a different one is reported with a warning). The tool embeddings
        are saved beside the config (``.npy``), so a reload with the same encoder does not re-embed.
        """
        return _persist.persist_retriever(self, persist_dir)

    @classmethod
    def from_persist_dir(cls, persist_dir: str | Path, **kwargs: Any) -> "LibraRetriever":
        """Load a retriever written by :meth:`persist` (give ``tools`` to serve agents).

        Keywords: ``tools``, ``embed_model``, ``cache_dir``, ``callback_manager``, ``library`` (the
        config's ``library`` entry must name a file inside ``persist_dir``; pass ``library=`` to use a
        library kept elsewhere), and ``settings`` or single settings fields to override the stored ones. A
        baseline retriever reloads its saved artifact; ``baseline_options`` override its stored options.
        """
        return _persist.load_retriever(cls, persist_dir, **kwargs)
