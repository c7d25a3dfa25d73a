"""Catalog sources users already have: LlamaIndex tool specs, MCP servers, OpenAPI documents.

* :func:`tools_from_tool_specs`: the tools of LlamaIndex ``BaseToolSpec`` s (``spec.to_tool_list()``),
  ready for ``LibraRetriever.from_tools``; :func:`catalog_from_tool_specs` gives their catalog.
* :func:`mcp_tools` / :func:`amcp_tools`: the tools an MCP server lists, through the
  ``llama-index-tools-mcp`` client (``pip install 'llama-index-libra[mcp]'``), as LlamaIndex
  ``FunctionTool`` s that call the server; :func:`catalog_from_mcp` gives their catalog (retrieval
  and ``explain`` work on it; induction needs a Runtime you provide, since calling a live server's
  tools is not a sandbox).
* :func:`catalog_from_openapi`: one ToolSpec per operation of an OpenAPI 3 (or Swagger 2) document:
  path, query, header and body parameters become a JSON Schema object, the first 2xx JSON response
  the response schema. ``$ref`` s are resolved inside the document only (never a file or a URL).
"""

from __future__ import annotations

import asyncio
import copy
import json
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any, Mapping, Sequence

from llama_index_libra.catalog import CatalogError, ToolCatalog, ToolSpec

if TYPE_CHECKING:  # pragma: no cover
    from llama_index.core.tools import BaseTool, FunctionTool

__all__ = [
    "tools_from_tool_specs",
    "catalog_from_tool_specs",
    "mcp_tools",
    "amcp_tools",
    "catalog_from_mcp",
    "acatalog_from_mcp",
    "catalog_from_openapi",
    "openapi_tool_specs",
    "HTTP_METHODS",
]

HTTP_METHODS = ("get", "put", "post", "delete", "patch", "head", "options", "trace")
_MAX_REF_DEPTH = 32  # nested $ref resolutions followed in one schema (cycles stop earlier)
_NAME_CHARS = re.compile(r"[^A-Za-z0-9_]+")


# --------------------------------------------------------------------------- LlamaIndex tool specs


def tools_from_tool_specs(specs: Any) -> list["BaseTool"]:
    """The tools of one or several LlamaIndex ``BaseToolSpec`` s, in order (``to_tool_list()``)."""
    specs = [specs] if hasattr(specs, "to_tool_list") else list(specs)
    tools: list[BaseTool] = []
    for spec in specs:
        if not hasattr(spec, "to_tool_list"):
            raise CatalogError(f"expected a LlamaIndex BaseToolSpec, got {type(spec).__name__}")
        tools.extend(spec.to_tool_list())
    return tools


def catalog_from_tool_specs(specs: Any, *, name: str = "catalog") -> ToolCatalog:
    """The catalog of the tools of one or several ``BaseToolSpec`` s."""
    return ToolCatalog.from_tools(tools_from_tool_specs(specs), name=name)


# --------------------------------------------------------------------------- MCP


def _mcp_client(command_or_url: Any, args: Sequence[str] | None, env: Mapping[str, str] | None, timeout: int) -> Any:
    if not isinstance(command_or_url, str):
        return command_or_url  # an existing BasicMCPClient (or any client with list_tools/call_tool)
    try:
        from llama_index.tools.mcp import BasicMCPClient
    except ImportError as exc:  # pragma: no cover - depends on the environment
        raise ImportError("MCP servers need the llama-index-tools-mcp client: pip install 'llama-index-libra[mcp]'") from exc
    return BasicMCPClient(command_or_url, args=list(args or []), env=dict(env) if env is not None else None, timeout=timeout)


async def amcp_tools(
    command_or_url: Any,
    *,
    args: Sequence[str] | None = None,
    env: Mapping[str, str] | None = None,
    allowed_tools: Sequence[str] | None = None,
    timeout: int = 30,
) -> list["FunctionTool"]:
    """The tools an MCP server lists, as ``FunctionTool`` s that call it (``llama-index-tools-mcp``).

    ``command_or_url`` is a server command (stdio, with ``args`` and ``env``), an ``http(s)://`` URL
    (streamable HTTP or SSE), or an existing ``BasicMCPClient``.
    """
    from llama_index.tools.mcp import McpToolSpec

    client = _mcp_client(command_or_url, args, env, timeout)
    spec = McpToolSpec(client, allowed_tools=list(allowed_tools) if allowed_tools is not None else None)
    try:
        return await spec.to_tool_list_async()
    except Exception as exc:  # noqa: BLE001 - a server that cannot be reached is one clear line
        raise CatalogError(f"cannot list the tools of MCP server {command_or_url!r}: {type(exc).__name__}: {exc}") from exc


def _run(coro: Any, what: str) -> Any:
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return asyncio.run(coro)
    coro.close()
    raise RuntimeError(f"{what} cannot run inside a running event loop (a notebook, an agent): await a{what} instead")


def mcp_tools(command_or_url: Any, **kwargs: Any) -> list["FunctionTool"]:
    """Sync twin of :func:`amcp_tools` (not inside a running event loop)."""
    return _run(amcp_tools(command_or_url, **kwargs), "mcp_tools")


async def acatalog_from_mcp(command_or_url: Any, *, name: str = "mcp", **kwargs: Any) -> ToolCatalog:
    """The catalog of an MCP server's tools (the same one ``LibraRetriever.from_tools`` builds from
    :func:`amcp_tools`, so a library induced on it loads with those tools)."""
    return ToolCatalog.from_tools(await amcp_tools(command_or_url, **kwargs), name=name)


def catalog_from_mcp(command_or_url: Any, *, name: str = "mcp", **kwargs: Any) -> ToolCatalog:
    """Sync twin of :func:`acatalog_from_mcp`."""
    return _run(acatalog_from_mcp(command_or_url, name=name, **kwargs), "catalog_from_mcp")


# --------------------------------------------------------------------------- OpenAPI


def _load_document(document: Mapping[str, Any] | str | Path) -> dict[str, Any]:
    if isinstance(document, Mapping):
        return dict(document)
    path = Path(document)
    if not path.is_file():
        raise CatalogError(f"OpenAPI document {path} does not exist")
    text = path.read_text(encoding="utf-8")
    try:
        data = json.loads(text)
    except json.JSONDecodeError:
        try:
            import yaml  # PyYAML, when installed: OpenAPI documents are often YAML
        except ImportError:
            raise CatalogError(f"{path} is not JSON (install PyYAML to read YAML OpenAPI documents)") from None
        try:
            data = yaml.safe_load(text)
        except yaml.YAMLError as exc:
            raise CatalogError(f"malformed OpenAPI document {path}: {exc}".splitlines()[0]) from None
    if not isinstance(data, dict):
        raise CatalogError(f"OpenAPI document {path} is not a JSON object")
    return data


def _resolver(document: Mapping[str, Any]) -> Any:
    """``resolve(node)``: a copy of ``node`` with local ``#/...`` references replaced by their targets."""

    def target(ref: str) -> Any:
        if not ref.startswith("#/"):
            raise CatalogError(f"$ref {ref!r} points outside the document; only local '#/...' references are read")
        node: Any = document
        for part in ref[2:].split("/"):
            part = part.replace("~1", "/").replace("~0", "~")
            if not isinstance(node, Mapping) or part not in node:
                raise CatalogError(f"$ref {ref!r} does not exist in the document")
            node = node[part]
        return node

    def resolve(node: Any, seen: tuple[str, ...] = ()) -> Any:
        if isinstance(node, list):
            return [resolve(v, seen) for v in node]
        if not isinstance(node, Mapping):
            return copy.deepcopy(node)
        ref = node.get("$ref")
        if isinstance(ref, str):
            if ref in seen or len(seen) >= _MAX_REF_DEPTH:
                return {"type": "object", "description": f"recursive reference {ref}"}
            resolved = resolve(target(ref), (*seen, ref))
            siblings = {k: resolve(v, seen) for k, v in node.items() if k != "$ref"}
            return {**resolved, **siblings} if isinstance(resolved, dict) else resolved
        return {k: resolve(v, seen) for k, v in node.items()}

    return resolve


def _operation_name(method: str, path: str, operation: Mapping[str, Any]) -> str:
    op_id = operation.get("operationId")
    if isinstance(op_id, str) and op_id.strip():
        return op_id.strip()
    return f"{method}_" + _NAME_CHARS.sub("_", path).strip("_")


def _json_schema_of(content: Any) -> Any:
    """The schema of the JSON media type of a requestBody/response ``content`` map (None if none)."""
    if not isinstance(content, Mapping):
        return None
    for media, body in content.items():
        if ("json" in media or media == "*/*") and isinstance(body, Mapping) and isinstance(body.get("schema"), Mapping):
            return body["schema"]
    return None


def _operation_spec(method: str, path: str, operation: Mapping[str, Any], shared: list[Any], resolve: Any,
                    namespace: str | None) -> ToolSpec:
    name = _operation_name(method, path, operation)
    summary = str(operation.get("summary") or "").strip()
    detail = str(operation.get("description") or "").strip()
    description = " ".join(p for p in (summary, detail if detail != summary else "") if p) or f"{method.upper()} {path}"
    properties: dict[str, Any] = {}
    required: list[str] = []
    by_key: dict[tuple[str, str], Any] = {}
    for param in [*shared, *(operation.get("parameters") or [])]:  # operation-level ones override
        param = resolve(param)
        if isinstance(param, Mapping) and isinstance(param.get("name"), str):
            by_key[(param["name"], str(param.get("in", "query")))] = param
    body_schema = None
    for (pname, where), param in by_key.items():
        if where == "body":  # Swagger 2
            body_schema = param.get("schema")
            continue
        schema = dict(param.get("schema") or {k: param[k] for k in ("type", "enum", "format", "items", "default") if k in param})
        if param.get("description") and "description" not in schema:
            schema["description"] = str(param["description"])
        properties[pname] = schema
        if param.get("required") or where == "path":
            required.append(pname)
    request = resolve(operation.get("requestBody")) if operation.get("requestBody") is not None else None
    if isinstance(request, Mapping):
        body_schema = _json_schema_of(request.get("content"))
        body_required = bool(request.get("required"))
    else:
        body_required = body_schema is not None
    if isinstance(body_schema, Mapping):
        body_schema = resolve(body_schema)
        if body_schema.get("type", "object") == "object" and isinstance(body_schema.get("properties"), Mapping) and not (
            set(body_schema["properties"]) & set(properties)
        ):
            properties.update(body_schema["properties"])  # flat arguments, as an agent would pass them
            required.extend(r for r in body_schema.get("required", []) or [] if isinstance(r, str))
        else:
            properties["body"] = body_schema
            if body_required:
                required.append("body")
    response = None
    responses = operation.get("responses") or {}
    for code in sorted((c for c in responses if str(c).startswith("2")), key=str):
        answer = resolve(responses[code])
        if isinstance(answer, Mapping):
            response = _json_schema_of(answer.get("content")) or (answer.get("schema") if isinstance(answer.get("schema"), Mapping) else None)
        if response is not None:
            break
    doc: dict[str, Any] = {
        "name": name,
        "description": description,
        "parameters": {"type": "object", "properties": properties, "required": list(dict.fromkeys(required))},
    }
    if response is not None:
        doc["response"] = response
    return ToolSpec.from_function_doc(doc, namespace=namespace)


def openapi_tool_specs(document: Mapping[str, Any] | str | Path, *, namespace: str | None = None) -> list[ToolSpec]:
    """One :class:`ToolSpec` per operation of an OpenAPI 3 / Swagger 2 document, in document order."""
    data = _load_document(document)
    if not any(k in data for k in ("openapi", "swagger")):
        raise CatalogError("not an OpenAPI document: no 'openapi' (or 'swagger') version field")
    paths = data.get("paths")
    if not isinstance(paths, Mapping) or not paths:
        raise CatalogError("the OpenAPI document has no 'paths'")
    resolve = _resolver(data)
    specs = []
    for path, item in paths.items():
        item = resolve(item)
        if not isinstance(item, Mapping):
            continue
        shared = list(item.get("parameters") or [])
        for method in HTTP_METHODS:
            operation = item.get(method)
            if isinstance(operation, Mapping):
                specs.append(_operation_spec(method, str(path), operation, shared, resolve, namespace))
    if not specs:
        raise CatalogError("the OpenAPI document has no operations")
    return specs


def catalog_from_openapi(
    document: Mapping[str, Any] | str | Path, *, name: str | None = None, namespace: str | None = None
) -> ToolCatalog:
    """The catalog of an OpenAPI document's operations (see :func:`openapi_tool_specs`); its name
    defaults to the document's ``info.title``."""
    data = _load_document(document)
    title = (data.get("info") or {}).get("title") if isinstance(data.get("info"), Mapping) else None
    return ToolCatalog(openapi_tool_specs(data, namespace=namespace), name=name or (str(title) if title else "openapi"))
