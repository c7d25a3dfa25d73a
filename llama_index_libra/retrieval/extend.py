"""A ranker over a catalog grown by new tools, without re-embedding the tools it already had.

``ObjectIndex.insert_object`` adds a tool to a vector index; :func:`extend_ranker` is the same for a
:class:`ToolRanker`: the dense indexes embed only the new tools, BM25 (cheap) is rebuilt over all of
them, and the library keeps its relations (the new tools have none until a rebuild covers them).
"""

from __future__ import annotations

import warnings
from typing import TYPE_CHECKING

from llama_index_libra.retrieval.ranker import ToolRanker

if TYPE_CHECKING:  # pragma: no cover
    from llama_index_libra.catalog import ToolCatalog

__all__ = ["extend_ranker"]


def extend_ranker(ranker: ToolRanker, catalog: "ToolCatalog", *, show_progress: bool = False) -> ToolRanker:
    """``ranker``'s method and settings over ``catalog``, a catalog that starts with ``ranker``'s tools."""
    denses = [d.extended(catalog, show_progress=show_progress) for d in ranker.denses]
    library = ranker.library
    if library is not None:
        from llama_index_libra.library import CatalogMismatchWarning

        with warnings.catch_warnings():  # tools added on purpose: nothing to warn about
            warnings.simplefilter("ignore", CatalogMismatchWarning)
            library = library.fit(catalog)
    return ToolRanker(catalog, method=ranker.method, library=library, settings=ranker.retrieval_settings,
                      dense=denses or None, embed_model=denses[0].embed_model if denses else None)
