"""OpenAPI documents as catalogs: one tool per operation (the conversion: :mod:`llama_index_libra.schemas.openapi`)."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Mapping

from llama_index_libra.catalog import CatalogError, ToolCatalog, ToolSpec
from llama_index_libra.schemas.openapi import HTTP_METHODS, OpenAPIError, openapi_function_docs

__all__ = ["catalog_from_openapi", "openapi_tool_specs", "HTTP_METHODS"]


def openapi_tool_specs(document: Mapping[str, Any] | str | Path, *, namespace: str | None = None) -> list[ToolSpec]:
    """One :class:`ToolSpec` per operation of an OpenAPI 3 / Swagger 2 document, in document order."""
    try:
        docs = openapi_function_docs(document)
    except OpenAPIError as exc:
        raise CatalogError(str(exc)) from None
    return [ToolSpec.from_function_doc(doc, namespace=namespace) for doc in docs]


def catalog_from_openapi(
    document: Mapping[str, Any] | str | Path, *, name: str | None = None, namespace: str | None = None
) -> ToolCatalog:
    """The catalog of an OpenAPI document's operations (``ToolCatalog.from_openapi``); its name
    defaults to the document's ``info.title``."""
    return ToolCatalog.from_openapi(document, name=name, namespace=namespace)
