"""LibraRetriever: a LlamaIndex ``BaseRetriever`` over a :class:`ToolRanker`, one node per tool.

The retriever is what agents and query pipelines see: ``retrieve(query)`` gives one ``TextNode`` per
ranked tool (readable signature text, stable id, metadata saying why each tool is there), and
:meth:`LibraRetriever.as_object_retriever` turns it into the ``ObjectRetriever[BaseTool]`` that
``FunctionAgent``/``ReActAgent`` accept as ``tool_retriever``. Agents also query the retriever with
a tool's exact name when they execute a call, so an exact name always comes back first.
"""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Sequence

import llama_index.core.instrumentation as instrument
from llama_index.core.base.base_retriever import BaseRetriever
from llama_index.core.callbacks import CallbackManager
from llama_index.core.schema import NodeWithScore, QueryBundle, TextNode

from llama_index_libra._io import atomic_write_json
from llama_index_libra.catalog import ToolCatalog, ToolSpec
from llama_index_libra.library import LibraryError, ToolLibrary
from llama_index_libra.retrieval.propagation import PropagationConfig, Promotion
from llama_index_libra.retrieval.ranker import RankedTool, ToolRanker, check_method

if TYPE_CHECKING:  # pragma: no cover
    from llama_index.core.base.embeddings.base import BaseEmbedding
    from llama_index.core.objects import ObjectRetriever
    from llama_index.core.tools import BaseTool

__all__ = [
    "LibraRetriever",
    "RetrievedTool",
    "format_signature",
    "format_tool",
    "tool_node_id",
    "RETRIEVER_FORMAT",
    "RETRIEVER_CONFIG_FILE",
    "LIBRARY_FILE",
]

log = logging.getLogger(__name__)
dispatcher = instrument.get_dispatcher(__name__)

RETRIEVER_FORMAT = "llama-index-libra/retriever"
RETRIEVER_VERSION = 1
RETRIEVER_CONFIG_FILE = "libra_retriever.json"
LIBRARY_FILE = "libra_library.json"
NODE_ID_PREFIX = "libra-tool:"
_EXPLAIN_REASONS = 3  # reasons shown per tool by explain(); node metadata keeps them all

# Where a retrieved tool came from.
SOURCE_RANKED = "ranked"
SOURCE_EXACT = "exact-name"
SOURCE_ALWAYS = "always-include"


# --------------------------------------------------------------------------- text helpers


def _schema_type(schema: Any) -> str:
    """A short type label for one JSON Schema node (``string``, ``array[integer]``, ``string|null``)."""
    if not isinstance(schema, dict):
        return "any"
    kind = schema.get("type")
    if isinstance(kind, list):
        return "|".join(str(k) for k in kind)
    if kind == "array":
        items = schema.get("items")
        inner = _schema_type(items) if isinstance(items, dict) and items else ""
        return f"array[{inner}]" if inner and inner != "any" else "array"
    if isinstance(kind, str):
        return kind
    for key in ("anyOf", "oneOf"):
        options = schema.get(key)
        if isinstance(options, list) and options:
            return "|".join(_schema_type(s) for s in options)
    if "enum" in schema:
        return "enum"
    return "any"


def format_signature(spec: ToolSpec) -> str:
    """``name(a: string, b: integer = 10, c?: string)``: required first-class, optional marked."""
    params = spec.parameters or {}
    required = set(params.get("required", []) or [])
    parts = []
    for pname, pschema in (params.get("properties") or {}).items():
        label = _schema_type(pschema)
        if pname in required:
            parts.append(f"{pname}: {label}")
        elif isinstance(pschema, dict) and "default" in pschema:
            parts.append(f"{pname}: {label} = {json.dumps(pschema['default'], ensure_ascii=False)}")
        else:
            parts.append(f"{pname}?: {label}")
    return f"{spec.name}({', '.join(parts)})"


def format_tool(spec: ToolSpec) -> str:
    """One line an LLM can read: the signature, then the description on the same line."""
    description = " ".join(spec.description.split())
    return f"{format_signature(spec)} - {description}"


def tool_node_id(name: str) -> str:
    """The node id of a tool: the same in every process and every run."""
    return NODE_ID_PREFIX + name


# --------------------------------------------------------------------------- results


@dataclass(frozen=True)
class RetrievedTool:
    """One retrieved tool and why it is in the result.

    ``source`` is ``"ranked"`` (the method's ranking), ``"exact-name"`` (the query named it) or
    ``"always-include"`` (configured to be always present).
    """

    name: str
    score: float
    base_score: float
    promotions: tuple[Promotion, ...] = ()
    source: str = SOURCE_RANKED

    @property
    def promoted(self) -> bool:
        return self.score > self.base_score

    @classmethod
    def from_ranked(cls, ranked: RankedTool, source: str = SOURCE_RANKED) -> "RetrievedTool":
        return cls(ranked.name, float(ranked.score), float(ranked.base_score), tuple(ranked.promotions), source)

    def reasons(self) -> list[str]:
        """Human-readable reasons, most specific first."""
        out = []
        if self.source == SOURCE_EXACT:
            out.append("the query is this tool's name")
        elif self.source == SOURCE_ALWAYS:
            out.append("always included")
        out.extend(p.describe() for p in self.promotions)
        return out


def _promotion_record(p: Promotion) -> dict[str, Any]:
    return {
        "consumer": p.consumer,
        "kind": p.kind,
        "provider_field": p.provider_field,
        "consumer_field": p.consumer_field,
        "selected_by": p.selected_by,
        "hop": p.hop,
        "reason": p.describe(),
    }


# --------------------------------------------------------------------------- the retriever


class LibraRetriever(BaseRetriever):
    """Ranks a tool catalog with a :class:`ToolRanker` and returns one node per tool.

    Build it with :meth:`from_tools` (LlamaIndex tools, usable as an agent's ``tool_retriever``),
    :meth:`from_catalog` (catalog only, retrieval without tool objects) or :meth:`from_library`.
    The result holds ``top_k`` ranked tools; a query equal to a tool's name puts that tool first,
    and ``always_include`` tools are appended when the ranking left them out. An empty query has
    no ranking signal: it returns only the ``always_include`` tools.
    """

    def __init__(
        self,
        ranker: ToolRanker,
        *,
        tools: Sequence["BaseTool"] | None = None,
        top_k: int = 20,
        always_include: Sequence[str] = (),
        callback_manager: CallbackManager | None = None,
        verbose: bool = False,
    ) -> None:
        self._ranker = ranker
        self._top_k = _check_top_k(top_k)
        catalog = ranker.catalog
        unknown = [n for n in always_include if n not in catalog]
        if unknown:
            raise ValueError(f"always_include names tools missing from the catalog: {', '.join(unknown)}")
        self._always_include = tuple(dict.fromkeys(always_include))
        self._tools: dict[str, BaseTool] | None = None
        if tools is not None:
            self._tools = _tools_by_name(tools, catalog)
        shorts: dict[str, list[str]] = {}
        for name in catalog.names:
            shorts.setdefault(catalog.get(name).short_name, []).append(name)
        self._short_names = {s: names[0] for s, names in shorts.items() if len(names) == 1 and s not in catalog}
        super().__init__(callback_manager=callback_manager, verbose=verbose)

    # ------------------------------------------------------------------ construction
    @classmethod
    def from_tools(
        cls,
        tools: Sequence["BaseTool"],
        *,
        embed_model: "BaseEmbedding | str | None" = None,
        library: ToolLibrary | str | Path | None = None,
        method: str = "libra",
        top_k: int = 20,
        seeds: int = 15,
        provider_selection: str = "both",
        hops: int = 1,
        always_include: Sequence[str] = (),
        cache_dir: str | Path | bool | None = None,
        callback_manager: CallbackManager | None = None,
    ) -> "LibraRetriever":
        """A retriever over LlamaIndex tools (``FunctionTool``, ``QueryEngineTool``, ...).

        ``library`` is a :class:`ToolLibrary` or the path of a saved one; a saved library built for
        other tools raises :class:`LibraryError`. Without a library, ``libra`` ranks like ``qts``.
        """
        tools = list(tools)
        catalog = ToolCatalog.from_tools(tools)
        return cls._build(
            catalog,
            tools=tools,
            embed_model=embed_model,
            library=library,
            method=method,
            top_k=top_k,
            seeds=seeds,
            provider_selection=provider_selection,
            hops=hops,
            always_include=always_include,
            cache_dir=cache_dir,
            callback_manager=callback_manager,
        )

    @classmethod
    def from_defaults(cls, tools: Sequence["BaseTool"], **kwargs: Any) -> "LibraRetriever":
        """LlamaIndex-style alias of :meth:`from_tools`."""
        return cls.from_tools(tools, **kwargs)

    @classmethod
    def from_catalog(
        cls,
        catalog: ToolCatalog,
        *,
        embed_model: "BaseEmbedding | str | None" = None,
        library: ToolLibrary | str | Path | None = None,
        method: str = "libra",
        top_k: int = 20,
        seeds: int = 15,
        provider_selection: str = "both",
        hops: int = 1,
        always_include: Sequence[str] = (),
        cache_dir: str | Path | bool | None = None,
        callback_manager: CallbackManager | None = None,
    ) -> "LibraRetriever":
        """A retriever over a bare catalog: it retrieves nodes, but has no tools to give an agent."""
        return cls._build(
            catalog,
            tools=None,
            embed_model=embed_model,
            library=library,
            method=method,
            top_k=top_k,
            seeds=seeds,
            provider_selection=provider_selection,
            hops=hops,
            always_include=always_include,
            cache_dir=cache_dir,
            callback_manager=callback_manager,
        )

    @classmethod
    def from_library(
        cls,
        path: str | Path,
        *,
        tools: Sequence["BaseTool"] | None = None,
        embed_model: "BaseEmbedding | str | None" = None,
        method: str = "libra",
        top_k: int = 20,
        seeds: int = 15,
        provider_selection: str = "both",
        hops: int = 1,
        always_include: Sequence[str] = (),
        cache_dir: str | Path | bool | None = None,
        callback_manager: CallbackManager | None = None,
    ) -> "LibraRetriever":
        """A retriever over a saved library's catalog.

        With ``tools``, their catalog must be the one the library was built for (else
        :class:`LibraryError`), and the retriever can serve agents.
        """
        tools = list(tools) if tools is not None else None
        catalog = ToolCatalog.from_tools(tools) if tools is not None else None
        lib = ToolLibrary.load(path, catalog=catalog)
        return cls._build(
            lib.catalog,
            tools=tools,
            embed_model=embed_model,
            library=lib,
            method=method,
            top_k=top_k,
            seeds=seeds,
            provider_selection=provider_selection,
            hops=hops,
            always_include=always_include,
            cache_dir=cache_dir,
            callback_manager=callback_manager,
        )

    @classmethod
    def _build(
        cls,
        catalog: ToolCatalog,
        *,
        tools: Sequence["BaseTool"] | None,
        embed_model: Any,
        library: ToolLibrary | str | Path | None,
        method: str,
        top_k: int,
        seeds: int,
        provider_selection: str,
        hops: int,
        always_include: Sequence[str],
        cache_dir: Any,
        callback_manager: CallbackManager | None,
        kinds: Sequence[str] | None = None,
    ) -> "LibraRetriever":
        check_method(method)
        _check_top_k(top_k)
        if library is not None and not isinstance(library, ToolLibrary):
            library = ToolLibrary.load(library, catalog=catalog)
        config_kwargs: dict[str, Any] = {"seeds": seeds, "provider_selection": provider_selection, "hops": hops}
        if kinds is not None:
            config_kwargs["kinds"] = tuple(kinds)
        ranker = ToolRanker(
            catalog,
            method=method,
            embed_model=embed_model,
            library=library,
            config=PropagationConfig(**config_kwargs),
            cache_dir=cache_dir,
        )
        return cls(ranker, tools=tools, top_k=top_k, always_include=always_include, callback_manager=callback_manager)

    # ------------------------------------------------------------------ properties
    @property
    def ranker(self) -> ToolRanker:
        return self._ranker

    @property
    def catalog(self) -> ToolCatalog:
        return self._ranker.catalog

    @property
    def library(self) -> ToolLibrary | None:
        return self._ranker.library

    @property
    def method(self) -> str:
        return self._ranker.method

    @property
    def top_k(self) -> int:
        return self._top_k

    @property
    def always_include(self) -> tuple[str, ...]:
        return self._always_include

    @property
    def tools(self) -> list["BaseTool"] | None:
        """The LlamaIndex tools in catalog order, or None for a catalog-only retriever."""
        if self._tools is None:
            return None
        return [self._tools[n] for n in self.catalog.names]

    # ------------------------------------------------------------------ ranking
    def exact_name(self, query: str) -> str | None:
        """The catalog tool that ``query`` names exactly (full name, or an unambiguous short name)."""
        q = query.strip()
        if q in self.catalog:
            return q
        return self._short_names.get(q)

    def _plan(self, query: str, top_k: int | None) -> tuple[int, str | None, int]:
        k = self._top_k if top_k is None else _check_top_k(top_k)
        exact = self.exact_name(query)
        n = len(self.catalog)
        depth = n if (exact is not None or self._always_include) else min(k, n)
        return k, exact, depth

    def _select(self, ranked: list[RankedTool], k: int, exact: str | None) -> list[RetrievedTool]:
        by_name = {r.name: r for r in ranked}
        out: list[RetrievedTool] = []
        if exact is not None:
            out.append(RetrievedTool.from_ranked(by_name[exact], SOURCE_EXACT))
        for r in ranked:
            if len(out) >= k:
                break
            if r.name != exact:
                out.append(RetrievedTool.from_ranked(r))
        present = {t.name for t in out}
        for name in self._always_include:
            if name not in present:
                out.append(RetrievedTool.from_ranked(by_name[name], SOURCE_ALWAYS))
        return out

    def _always_only(self) -> list[RetrievedTool]:
        return [RetrievedTool(name, 0.0, 0.0, (), SOURCE_ALWAYS) for name in self._always_include]

    def rank(self, query: str, top_k: int | None = None) -> list[RetrievedTool]:
        """The retrieved tools for ``query`` with scores and reasons (``top_k`` overrides the default)."""
        k, exact, depth = self._plan(query, top_k)
        if not query.strip():
            return self._always_only()
        return self._select(self._ranker.rank(query, depth), k, exact)

    async def arank(self, query: str, top_k: int | None = None) -> list[RetrievedTool]:
        """Async twin of :meth:`rank` (embeds the query with the encoder's async API)."""
        k, exact, depth = self._plan(query, top_k)
        if not query.strip():
            return self._always_only()
        return self._select(await self._ranker.arank(query, depth), k, exact)

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
        from llama_index.core.objects import ObjectRetriever, SimpleToolNodeMapping

        tools = self.tools
        if tools is None:
            raise ValueError(
                "this LibraRetriever was built from a catalog without tool objects; "
                "build it with LibraRetriever.from_tools(tools, ...) to give it to an agent"
            )
        return ObjectRetriever(
            retriever=self,
            object_node_mapping=SimpleToolNodeMapping(tools),
            node_postprocessors=list(node_postprocessors or []),
        )

    def explain(self, query: str, top_k: int | None = None) -> str:
        """The ranked tools for ``query``, one per line, with final/base scores and reasons."""
        hits = self.rank(query, top_k)
        cfg = self._ranker.config
        settings = ""
        if self._ranker.graph is not None:
            settings = f" (seeds={cfg.seeds}, provider_selection={cfg.provider_selection}, hops={cfg.hops})"
        lines = [f"query: {query!r}", f"method: {self.method}{settings}, {len(hits)} of {len(self.catalog)} tools"]
        width = len(str(len(hits))) if hits else 1
        for i, hit in enumerate(hits, 1):
            line = f"{i:>{width}}. {hit.name}  score={hit.score:.4f}"
            if hit.promoted:
                line += f" (base {hit.base_score:.4f}, promoted)"
            reasons = hit.reasons()
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
        identity is recorded, and a different one is reported with a warning).
        """
        persist_dir = Path(persist_dir)
        library = self.library if self.library is not None else ToolLibrary(catalog=self.catalog)
        library.save(persist_dir / LIBRARY_FILE)
        cfg = self._ranker.config
        dense = self._ranker.dense
        config = {
            "format": RETRIEVER_FORMAT,
            "version": RETRIEVER_VERSION,
            "library": LIBRARY_FILE,
            "catalog_fingerprint": self.catalog.fingerprint(),
            "method": self.method,
            "top_k": self._top_k,
            "seeds": cfg.seeds,
            "provider_selection": cfg.provider_selection,
            "hops": cfg.hops,
            "kinds": list(cfg.kinds),
            "always_include": list(self._always_include),
            "encoder": dense.encoder if dense is not None else None,
        }
        atomic_write_json(persist_dir / RETRIEVER_CONFIG_FILE, config, indent=1)
        return persist_dir

    @classmethod
    def from_persist_dir(
        cls,
        persist_dir: str | Path,
        *,
        tools: Sequence["BaseTool"] | None = None,
        embed_model: "BaseEmbedding | str | None" = None,
        cache_dir: str | Path | bool | None = None,
        callback_manager: CallbackManager | None = None,
        library: ToolLibrary | str | Path | None = None,
    ) -> "LibraRetriever":
        """Load a retriever written by :meth:`persist` (give ``tools`` to serve agents).

        The config's ``library`` entry must name a file inside ``persist_dir``; pass ``library=``
        to use a library kept elsewhere.
        """
        from llama_index_libra._io import confined_path, parse_json

        persist_dir = Path(persist_dir)
        config_path = persist_dir / RETRIEVER_CONFIG_FILE
        if not config_path.exists():
            raise LibraryError(f"{persist_dir} holds no {RETRIEVER_CONFIG_FILE}: not a persisted LibraRetriever")
        try:
            raw = config_path.read_bytes()
        except OSError as exc:
            raise LibraryError(f"cannot read {config_path}: {exc.strerror or exc}") from None
        config = parse_json(raw, error=lambda r: LibraryError(f"{config_path} is corrupt: {r}"))
        if not isinstance(config, dict) or config.get("format") != RETRIEVER_FORMAT:
            raise LibraryError(f"{config_path} is not a LibraRetriever config (missing or wrong 'format')")
        if config.get("version") != RETRIEVER_VERSION:
            raise LibraryError(
                f"{config_path}: config version {config.get('version')!r} is not supported (expects {RETRIEVER_VERSION})"
            )
        tools = list(tools) if tools is not None else None
        catalog = ToolCatalog.from_tools(tools) if tools is not None else None
        if isinstance(library, ToolLibrary):
            pass
        elif library is not None:
            library = ToolLibrary.load(library, catalog=catalog)
        else:
            entry = confined_path(persist_dir, config.get("library", LIBRARY_FILE),
                                  error=lambda r: LibraryError(f"{config_path}: 'library' {r}; pass library= to load one from elsewhere"))
            library = ToolLibrary.load(entry, catalog=catalog)
        retriever = cls._build(
            library.catalog,
            tools=tools,
            embed_model=embed_model,
            library=library,
            method=config["method"],
            top_k=config["top_k"],
            seeds=config["seeds"],
            provider_selection=config["provider_selection"],
            hops=config["hops"],
            kinds=config.get("kinds"),
            always_include=config.get("always_include", []),
            cache_dir=cache_dir,
            callback_manager=callback_manager,
        )
        dense = retriever.ranker.dense
        stored = config.get("encoder")
        if dense is not None and stored is not None and dense.encoder != stored:
            log.warning("%s was persisted with encoder %s but is loaded with %s: scores will differ", persist_dir, stored, dense.encoder)
        return retriever


def _check_top_k(top_k: int) -> int:
    if isinstance(top_k, bool) or not isinstance(top_k, int) or top_k <= 0:
        raise ValueError(f"top_k must be a positive integer, got {top_k!r}")
    return top_k


def _tools_by_name(tools: Sequence["BaseTool"], catalog: ToolCatalog) -> dict[str, "BaseTool"]:
    """Map tool names to tools; every catalog tool needs exactly one tool object and vice versa."""
    by_name: dict[str, BaseTool] = {}
    for tool in tools:
        name = getattr(getattr(tool, "metadata", None), "name", None)
        if not name:
            raise ValueError(f"tool {tool!r} has no metadata name")
        if name in by_name:
            raise ValueError(f"duplicate tool name {name!r}")
        by_name[name] = tool
    extra = [n for n in by_name if n not in catalog]
    missing = [n for n in catalog.names if n not in by_name]
    if extra or missing:
        parts = []
        if missing:
            parts.append(f"no tool object for {', '.join(missing[:8])}")
        if extra:
            parts.append(f"tools not in the catalog: {', '.join(extra[:8])}")
        raise ValueError("tools do not match the catalog: " + "; ".join(parts))
    return by_name
