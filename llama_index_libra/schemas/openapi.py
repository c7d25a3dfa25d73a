"""OpenAPI 3 / Swagger 2 documents -> function docs, one per operation (no catalog involved).

Path, query, header and body parameters become one JSON Schema object (a JSON body's properties are
flattened into it, as an agent would pass them), the first 2xx JSON response the response schema.
``$ref`` s are resolved inside the document only: a reference to a file or a URL is an
:class:`OpenAPIError`, never a read or a fetch. The catalog turns the docs into tools
(``ToolCatalog.from_openapi``); ``llama_index_libra.sources`` offers the same as functions.
"""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path
from typing import Any, Mapping

__all__ = ["HTTP_METHODS", "OpenAPIError", "load_openapi_document", "openapi_function_docs", "openapi_title",
           "is_openapi_document"]

HTTP_METHODS = ("get", "put", "post", "delete", "patch", "head", "options", "trace")
_MAX_REF_DEPTH = 32  # nested $ref resolutions followed in one schema (cycles stop earlier)
_NAME_CHARS = re.compile(r"[^A-Za-z0-9_]+")


class OpenAPIError(ValueError):
    """A document that is no usable OpenAPI description (the catalog reports it as a CatalogError)."""


def is_openapi_document(data: Any) -> bool:
    """Whether parsed JSON is an OpenAPI/Swagger document (a version field and ``paths``)."""
    return isinstance(data, Mapping) and ("openapi" in data or "swagger" in data) and "paths" in data


def load_openapi_document(document: Mapping[str, Any] | str | Path) -> dict[str, Any]:
    """The document as a dict: a mapping as given, else a JSON (or, with PyYAML, YAML) file."""
    if isinstance(document, Mapping):
        return dict(document)
    path = Path(document)
    if not path.is_file():
        raise OpenAPIError(f"OpenAPI document {path} does not exist")
    text = path.read_text(encoding="utf-8")
    try:
        data = json.loads(text)
    except json.JSONDecodeError:
        try:
            import yaml  # PyYAML, when installed: OpenAPI documents are often YAML
        except ImportError:
            raise OpenAPIError(f"{path} is not JSON (install PyYAML to read YAML OpenAPI documents)") from None
        try:
            data = yaml.safe_load(text)
        except yaml.YAMLError as exc:
            raise OpenAPIError(f"malformed OpenAPI document {path}: {exc}".splitlines()[0]) from None
    if not isinstance(data, dict):
        raise OpenAPIError(f"OpenAPI document {path} is not a JSON object")
    return data


def openapi_title(data: Mapping[str, Any]) -> str | None:
    """The document's ``info.title``, or None."""
    title = (data.get("info") or {}).get("title") if isinstance(data.get("info"), Mapping) else None
    return str(title) if title else None


def _resolver(document: Mapping[str, Any]) -> Any:
    """``resolve(node)``: a copy of ``node`` with local ``#/...`` references replaced by their targets."""

    def target(ref: str) -> Any:
        if not ref.startswith("#/"):
            raise OpenAPIError(f"$ref {ref!r} points outside the document; only local '#/...' references are read")
        node: Any = document
        for part in ref[2:].split("/"):
            part = part.replace("~1", "/").replace("~0", "~")
            if not isinstance(node, Mapping) or part not in node:
                raise OpenAPIError(f"$ref {ref!r} does not exist in the document")
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


def _operation_doc(method: str, path: str, operation: Mapping[str, Any], shared: list[Any], resolve: Any) -> dict[str, Any]:
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
    return doc


def openapi_function_docs(document: Mapping[str, Any] | str | Path) -> list[dict[str, Any]]:
    """One function doc (``name``, ``description``, ``parameters``, ``response``) per operation, in
    document order; raises :class:`OpenAPIError` for a document without operations."""
    data = load_openapi_document(document)
    if not any(k in data for k in ("openapi", "swagger")):
        raise OpenAPIError("not an OpenAPI document: no 'openapi' (or 'swagger') version field")
    paths = data.get("paths")
    if not isinstance(paths, Mapping) or not paths:
        raise OpenAPIError("the OpenAPI document has no 'paths'")
    resolve = _resolver(data)
    docs = []
    for path, item in paths.items():
        item = resolve(item)
        if not isinstance(item, Mapping):
            continue
        shared = list(item.get("parameters") or [])
        for method in HTTP_METHODS:
            operation = item.get(method)
            if isinstance(operation, Mapping):
                docs.append(_operation_doc(method, str(path), operation, shared, resolve))
    if not docs:
        raise OpenAPIError("the OpenAPI document has no operations")
    return docs
